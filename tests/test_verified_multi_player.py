"""The Nagini kernel of Theorems 3, 4 and 9: equal to spec and impl, each seeded flaw real.

The stored results (every claim verified, every flaw caught, for the current sources) are
checked for every kernel by ``tests/test_verified_two_player.py``.
"""

import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree.impl import immediate as impl_immediate
from gametree.impl import paranoid as impl_paranoid
from gametree.impl import shallow as impl_shallow
from gametree.proofs.nagini import FLAWS, multi_player, seeded_module
from gametree.proofs.nagini.convert import multi_player_tree
from gametree.spec import Bounds, Leaf, Node, TreeError, as_pairs, maxn, minimax, paranoid
from gametree.spec.strategies import scalar_trees, vector_trees

TREES = (
    vector_trees(players=3, by_depth=False)
    | vector_trees(players=4, ties=True)
    | vector_trees(players=2, by_depth=False, ties=True)
)
"""Integer vectors, 2 to 4 players, in turn or not (a player moving twice), with ties."""


@given(TREES, st.data())
def test_the_kernels_compute_what_spec_defines_and_impl_runs(
    t: Node | Leaf, data: st.DataObject
) -> None:
    """maxn is spec's (the tie rule included: the same vector); paranoid spec's and impl's."""
    k, n = multi_player_tree(t), t.players
    assert tuple(multi_player.maxn(k, n)) == maxn(t).value
    q = data.draw(st.integers(0, n - 1))
    assert multi_player.paranoid(k, q, n) == paranoid(t, q).value == impl_paranoid(t, q).value
    assert multi_player.paranoid(k, q, n) <= maxn(t).value[q]


def test_the_kernels_take_only_vector_trees_of_integers() -> None:
    with pytest.raises(TreeError, match="vector values"):
        multi_player_tree(Node.by_depth([1, 2]))
    with pytest.raises(TreeError, match="integer values"):
        multi_player_tree(Node.by_depth([(1, 2, 3), (0, 1, 2.5)]))


PARANOID_WITNESSES = {
    "paranoid-reads-the-movers-component": (Node(0, [Leaf((1, 0, 0, 0))]), 1),
    "paranoid-player-minimises": (
        Node(0, [Leaf((0, 0, 0, 0)), Leaf((0, 0, 0, 0)), Leaf((0, 1, 0, 0))]),
        1,
    ),
}
"""For each paranoid flaw, the smallest tree and player on which the seeded paranoid value
exceeds the player's maxn component (found by Hypothesis's ``find``, shrunk, pinned here)."""


@pytest.mark.parametrize("name", sorted(PARANOID_WITNESSES))
def test_each_seeded_paranoid_flaw_is_a_real_bug(name: str) -> None:
    flaw = next(f for f in FLAWS if f.name == name)
    t, q = PARANOID_WITNESSES[name]
    k, n = multi_player_tree(t), t.players
    assert seeded_module(flaw).paranoid(k, q, n) > maxn(t).value[q]
    assert multi_player.paranoid(k, q, n) <= maxn(t).value[q]


def test_every_flaw_of_the_kernel_has_a_witness() -> None:
    names = {f.name for f in FLAWS if f.kernel == "multi_player"}
    pairs = {"pairs-max-minimises", "pairs-of-equal-components"}
    assert names == set(PARANOID_WITNESSES) | set(SHALLOW_WITNESSES) | pairs


BOUNDS = {2: Bounds(0, 9), 3: Bounds(0, 9), 4: Bounds(-1, 6)}
"""Korf's bounds of the trees drawn, by number of players (a lower bound below 0 too)."""

BOUNDED = (
    vector_trees(players=3, bounds=BOUNDS[3], by_depth=False, ties=True)
    | vector_trees(players=4, bounds=BOUNDS[4], ties=True)
    | vector_trees(players=2, bounds=BOUNDS[2], by_depth=False, exact_total=True)
)
"""Trees within Korf's bounds: 2 to 4 players, in turn or not, ties, sums at the bound."""


def pruned_value(
    module: types.ModuleType, t: Node | Leaf, search: str = "shallow"
) -> tuple[int, ...]:
    """``module``'s ``search`` (shallow or immediate) on ``t``, the lower bound shifted to 0
    and back (Korf 3.2)."""
    bounds, n = BOUNDS[t.players], t.players
    lower, total = int(bounds.lower), int(bounds.total)
    k = multi_player_tree(t, lower=lower)
    return tuple(c + lower for c in getattr(module, search)(k, total - n * lower, n))


@given(BOUNDED)
def test_the_pruning_kernels_are_spec_maxn_and_impl_shallow_and_immediate(t: Node | Leaf) -> None:
    bounds = BOUNDS[t.players]
    assert pruned_value(multi_player, t) == maxn(t).value == impl_shallow(t, bounds).value
    assert pruned_value(multi_player, t, "immediate") == impl_immediate(t, bounds).value


def test_the_shallow_kernel_needs_a_player_moving_twice_line() -> None:
    """impl.shallow's docstring's tree: without the line, (1, 8) is cut off for (0, 9)."""
    t = Node(1, [Leaf((1, 8)), Node(1, [Leaf((1, 8)), Leaf((0, 9))])])
    assert pruned_value(multi_player, t) == maxn(t).value == (0, 9)


SHALLOW_WITNESSES = {
    "bound-from-the-wrong-player": Node(
        0, [Leaf((0, 9)), Leaf((0, 9)), Node(1, [Node(0, [Leaf((1, 8))]), Leaf((0, 9))])]
    ),
    "no-repeated-mover-line": Node(
        0, [Node(0, [Leaf((1, 8)), Node(0, [Leaf((8, 1)), Leaf((9, 0))])])]
    ),
    "cuts-too-early": Node(1, [Node(0, [Leaf((1, 8))]), Leaf((0, 9))]),
    "immediate-cuts-below-the-sum": Node(1, [Leaf((1, 8)), Leaf((0, 9))]),
}
"""For each flaw of shallow or immediate pruning, the smallest tree within the bounds on which
the seeded search is not maxn (found by Hypothesis's ``find`` over :data:`BOUNDED`, shrunk,
pinned here)."""


@pytest.mark.parametrize("name", sorted(SHALLOW_WITNESSES))
def test_each_seeded_shallow_flaw_is_a_real_bug(name: str) -> None:
    flaw = next(f for f in FLAWS if f.name == name)
    t, search = SHALLOW_WITNESSES[name], "immediate" if "immediate" in name else "shallow"
    assert pruned_value(seeded_module(flaw), t, search) != maxn(t).value
    assert pruned_value(multi_player, t, search) == maxn(t).value


@given(scalar_trees(by_depth=False) | scalar_trees(ties=True))
def test_the_pairs_kernel_is_spec_maxn_and_minimax_on_pairs(t: Node | Leaf) -> None:
    """Theorem 3's objects: maxn of the pairs (x, -x) is (v, -v), v spec's minimax value."""
    pt = as_pairs(t)
    k, v = multi_player_tree(pt), minimax(t).value
    assert k.kids is None or multi_player.pairs(k.kids)
    assert multi_player.minimax_of_pairs(k) == v
    assert tuple(multi_player.maxn(k, 2)) == (v, -v) == maxn(pt).value


def test_each_seeded_pairs_flaw_is_a_real_bug() -> None:
    """Max minimising: the wrong value on a pinned tree; equal components: no tree of pairs
    keeps to the seeded hypothesis (it is about other trees)."""
    t = as_pairs(Node(0, [Leaf(0), Leaf(1)]))
    k = multi_player_tree(t)
    by_name = {f.name: f for f in FLAWS}
    assert seeded_module(by_name["pairs-max-minimises"]).minimax_of_pairs(k) == 0
    assert multi_player.minimax_of_pairs(k) == maxn(t).value[0] == 1
    assert k.kids is not None
    assert not seeded_module(by_name["pairs-of-equal-components"]).pairs(k.kids)
