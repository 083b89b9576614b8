"""The Nagini kernel of Theorem 5's sound half: equal to impl's deep pruning and spec's maxn.

The stored results (every claim verified, every flaw caught, for the current sources) are
checked for every kernel by ``tests/test_verified_results.py``.
"""

import types

import pytest
from hypothesis import given

from gametree.impl import deep_pruning_unsound
from gametree.proofs.nagini import FLAWS, deep, definitions, seeded_module
from gametree.proofs.nagini.convert import deep_tree
from gametree.spec import Bounds, Leaf, Node, TreeError, as_pairs, leaf_values, maxn
from gametree.spec.strategies import scalar_trees


def deep_value(module: types.ModuleType, t: Node | Leaf) -> tuple[int, ...]:
    """``module``'s deep pruning on the pairs of ``t``, under Korf's bounds (-m, 0), |x| <= m,
    shifted by m as ``impl`` shifts them, and back."""
    m = max(abs(int(x)) for x in leaf_values(t))  # type: ignore[arg-type]
    k = deep_tree(as_pairs(t), lower=-m)
    return tuple(c - m for c in module.deep(k, 2 * m))


@given(
    scalar_trees(by_depth=False) | scalar_trees(ties=True) | scalar_trees(min_value=0, max_value=0)
)
def test_the_deep_kernel_is_impl_deep_pruning_and_spec_maxn_on_pairs(t: Node | Leaf) -> None:
    pt = as_pairs(t)
    m = max(abs(int(x)) for x in leaf_values(t))  # type: ignore[arg-type]
    impl = deep_pruning_unsound(pt, Bounds(-m, 0)).value
    assert deep_value(deep, t) == maxn(pt).value == impl


def test_the_deep_kernel_takes_two_players() -> None:
    with pytest.raises(TreeError, match="two players"):
        deep_tree(Node.by_depth([(1, 2, 3), (0, 1, 2)]), lower=0)


def test_the_deep_kernel_repeats_the_multi_player_trees_word_for_word() -> None:
    mine, theirs = definitions("deep"), definitions("multi_player")
    shared = set(mine) & set(theirs)
    assert shared == {"VTree", "VKids", "vtree", "vkids", "maxn_choice", "maxn", "better"}
    for name in shared:
        assert mine[name] == theirs[name], f"{name} differs between deep.py and multi_player.py"


DEEP_WITNESSES = {
    "deep-bound-from-the-wrong-player": Node(0, [Node(0, [Leaf(0), Leaf(0), Leaf(1)])]),
    "deep-floor-raised-where-the-other-moves": Node(
        1, [Leaf(0), Node(0, [Node(1, [Leaf(0), Leaf(-1)])])]
    ),
    "deep-cuts-too-early": Node(1, [Leaf(0), Node(0, [Node(1, [Leaf(0), Leaf(-1)])])]),
}
"""For each flaw of the deep kernel, a small tree whose pairs the seeded search gets wrong
(found by Hypothesis's ``find``, shrunk, pinned here). Nagini rejects the first two at the
floors' invariant (a floor raised past the other player's bound leaves no window), the third
at deep_kids's postcondition."""


@pytest.mark.parametrize("name", sorted(DEEP_WITNESSES))
def test_each_seeded_deep_flaw_is_a_real_bug(name: str) -> None:
    flaw = next(f for f in FLAWS if f.name == name)
    t = DEEP_WITNESSES[name]
    assert deep_value(seeded_module(flaw), t) != maxn(as_pairs(t)).value
    assert deep_value(deep, t) == maxn(as_pairs(t)).value


def test_every_flaw_of_the_kernel_has_a_witness() -> None:
    assert {f.name for f in FLAWS if f.kernel == "deep"} == set(DEEP_WITNESSES)
