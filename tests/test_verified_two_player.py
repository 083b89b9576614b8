"""The Nagini kernels of Theorems 1 and 2: equal to spec and impl, each seeded flaw a real bug.

The verified code is run as Python on random trees and computes what ``spec`` defines and
``impl`` runs; each seeded flaw that breaks a value gives a wrong value on some tree that
Hypothesis finds. (The stored results: ``tests/test_verified_results.py``.)
"""

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree.impl import alphabeta as impl_alphabeta
from gametree.impl import negamax_alphabeta
from gametree.proofs.nagini import FLAWS, Flaw, seeded_module, two_player
from gametree.proofs.nagini.convert import two_player_tree
from gametree.spec import Leaf, Node, TreeError, leaf_values, minimax, negamax
from gametree.spec.strategies import scalar_trees

TREES = scalar_trees(by_depth=False) | scalar_trees(ties=True)
"""Integer trees, players in turn or not (a player moving twice), with ties."""


@given(TREES, st.integers(-12, 12), st.integers(1, 12))
def test_the_kernels_compute_what_spec_defines_and_impl_runs(
    t: Node | Leaf, a: int, w: int
) -> None:
    """minimax and negamax are spec's; the alpha-beta searches impl's, over every window."""
    k, b = two_player_tree(t), a + w
    assert two_player.minimax(k) == minimax(t).value
    assert two_player.negamax(k) == negamax(t).value
    assert two_player.alphabeta(k, a, b) == impl_alphabeta(t, a, b).value
    assert two_player.alphabeta_soft(k, a, b) == impl_alphabeta(t, a, b, fail_soft=True).value
    assert two_player.negamax_alphabeta(k, a, b) == negamax_alphabeta(t, a, b).value
    values = [v for v in leaf_values(t) if isinstance(v, int)]
    assert two_player.within(k, a, b) == (a < min(values) and max(values) < b)


def test_the_kernels_take_only_integer_two_player_trees() -> None:
    with pytest.raises(TreeError, match="integer values"):
        two_player_tree(Node.by_depth([1, Fraction(1, 2)]))
    with pytest.raises(TreeError, match="two-player tree"):
        two_player_tree(Node.by_depth([(1, 2, 3), (0, 1, 2)]))


SEARCHES: dict[str, tuple[str, Callable[[Node | Leaf], object], Node]] = {
    "negamax-no-negation": ("negamax", lambda t: negamax(t).value, Node(0, [Node(1, [Leaf(1)])])),
    "min-raises-beta": ("alphabeta", lambda t: minimax(t).value, Node(1, [Leaf(0)])),
    "alpha-not-passed-on": ("alphabeta", lambda t: minimax(t).value, Node(0, [Leaf(0), Leaf(-1)])),
    "window-not-swapped": (
        "negamax_alphabeta",
        lambda t: negamax(t).value,
        Node(0, [Node(0, [Leaf(0), Node(1, [Leaf(1)])])]),
    ),
    "soft-forgets-first-child": (
        "alphabeta_soft",
        lambda t: minimax(t).value,
        Node(0, [Leaf(0), Leaf(-1)]),
    ),
}
"""For each flaw that breaks a value: the kernel's search, what it must compute (with a window
around every leaf value), and the smallest tree on which the seeded search is wrong (found by
Hypothesis's ``find`` over :data:`TREES`, shrunk, and pinned here)."""


@pytest.mark.parametrize("flaw", [f for f in FLAWS if f.name in SEARCHES], ids=lambda f: f.name)
def test_each_seeded_flaw_is_a_real_bug(flaw: Flaw) -> None:
    """On its pinned tree the seeded kernel is wrong and the verified one right."""
    search, expected, t = SEARCHES[flaw.name]
    k = two_player_tree(t)  # the seeded module's functions read the fields by name
    args = (k,) if search == "negamax" else (k, -100, 100)
    assert getattr(seeded_module(flaw), search)(*args) != expected(t)
    assert getattr(two_player, search)(*args) == expected(t)


def test_every_flaw_is_seeded_and_checked() -> None:
    """A flaw that breaks a value is run here; the others break termination (no value)."""
    for flaw in (f for f in FLAWS if f.kernel == "two_player"):
        assert flaw.name in SEARCHES or flaw.expected == "Function might not terminate"
