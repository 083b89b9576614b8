"""Knuth and Moore's best case, exactly, and the worst case, on uniform trees b <= 6, d <= 8.

Knuth and Moore (1975, Theorem 1 and §6): on a perfectly ordered uniform tree alpha-beta
reads exactly the *critical* leaves, the paths a_1 ... a_d with a_j = 1 for every even j or
for every odd j (1-based), of which there are b^⌈d/2⌉ + b^⌊d/2⌋ - 1. In the worst order it
reads all b^d.
"""

import itertools
import os

import pytest

from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.ordered import best_ordered, knuth_moore_leaves, worst_ordered
from gametree.impl.pvs import pvs
from gametree.spec import Leaf, Node, Path, Tree, minimax, subtree

SIZES = [(b, d) for b in range(1, 7) for d in range(9)]
"""Every (b, d) with b <= 6 and d <= 8: the issue's range."""


def is_critical(path: Path) -> bool:
    """Knuth and Moore's critical position: a_j = 1 for all even j, or for all odd j (1-based)."""
    return all(i == 0 for i in path[1::2]) or all(i == 0 for i in path[0::2])


def leaf_paths(b: int, d: int) -> list[Path]:
    return [tuple(p) for p in itertools.product(range(b), repeat=d)]


@pytest.mark.parametrize(("b", "d"), SIZES)
def test_fail_hard_alphabeta_reads_exactly_the_critical_leaves_of_a_best_ordered_tree(
    b: int, d: int
) -> None:
    t = best_ordered(b, d)
    r = alphabeta(t, trace=True)
    assert r.leaves_evaluated == knuth_moore_leaves(b, d) == b ** -(-d // 2) + b ** (d // 2) - 1
    assert r.value == 0
    assert r.principal_variation == (0,) * d
    if b**d <= 50_000:  # all b^d paths listed; the larger trees are checked by count
        assert list(r.trace or ()) == [p for p in leaf_paths(b, d) if is_critical(p)]
    else:
        assert all(is_critical(p) for p in r.trace or ())


@pytest.mark.parametrize(("b", "d"), SIZES)
def test_every_form_reads_the_knuth_moore_count_on_a_best_ordered_tree(b: int, d: int) -> None:
    """Fail-soft, negamax form and PVS read the same critical leaves (untraced: fast path)."""
    t = best_ordered(b, d, value=5)
    count = knuth_moore_leaves(b, d)
    for r in (
        alphabeta(t),
        alphabeta(t, fail_soft=True),
        negamax_alphabeta(t),
        negamax_alphabeta(t, fail_soft=True),
        pvs(t),
    ):
        assert (r.value, r.leaves_evaluated) == (5, count)


@pytest.mark.parametrize(("b", "d"), [(b, d) for b, d in SIZES if b**d <= 4096])
def test_best_ordered_trees_are_perfectly_ordered_by_the_spec(b: int, d: int) -> None:
    """At every node the first child is strictly best for the mover, by spec.minimax."""
    t = best_ordered(b, d, value=-3)
    assert t.leaf_count == b**d
    assert t.height == d
    assert minimax(t).value == -3
    for path in itertools.chain.from_iterable(
        itertools.product(range(b), repeat=k) for k in range(d)
    ):
        n = subtree(t, path)
        assert isinstance(n, Node)
        assert n.to_move == len(path) % 2
        values = [minimax(c).value for c in n.children]
        assert values[0] == minimax(n).value
        assert all((v < values[0]) if n.to_move == 0 else (v > values[0]) for v in values[1:])


@pytest.mark.parametrize(("b", "d"), [(b, d) for b, d in SIZES if b**d <= 50_000])
def test_alphabeta_reads_every_leaf_of_a_worst_ordered_tree(b: int, d: int) -> None:
    t = worst_ordered(b, d)
    assert t.leaf_count == b**d
    r = alphabeta(t, trace=True)
    assert r.trace == tuple(leaf_paths(b, d))
    assert (r.value, r.principal_variation) == (minimax(t).value, minimax(t).principal_variation)
    assert negamax_alphabeta(t, fail_soft=True).leaves_evaluated == b**d


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("HYPOTHESIS_PROFILE") == "mutation",
    reason="a scale test, left out of mutation runs (2.5 min a mutant under mutmut's "
    "trampolines); the test above checks the same count on every smaller size",
)
def test_alphabeta_reads_every_leaf_of_the_largest_worst_ordered_trees() -> None:
    """The sizes left out above, up to 6^8 = 1,679,616 leaves (about 15 s to build them)."""
    for b, d in SIZES:
        if b**d > 50_000:
            assert alphabeta(worst_ordered(b, d)).leaves_evaluated == b**d, (b, d)


def test_worst_ordered_values_are_the_paths_read_as_numbers() -> None:
    """Digits i at Max nodes and b-1-i at Min nodes: the docstring's rule, spelled out."""
    t = worst_ordered(3, 3)
    for path in leaf_paths(3, 3):
        digits = [i if k % 2 == 0 else 2 - i for k, i in enumerate(path)]
        assert subtree(t, path) == Leaf(digits[0] * 9 + digits[1] * 3 + digits[2])


def test_best_ordered_shares_subtrees_so_the_largest_builds_at_once() -> None:
    t = best_ordered(6, 8)
    assert t.leaf_count == 6**8
    assert isinstance(t, Node)
    distinct: set[int] = set()
    stack: list[Tree] = [t]
    while stack:
        n = stack.pop()
        if id(n) not in distinct:
            distinct.add(id(n))
            if isinstance(n, Node):
                stack.extend(n.children)
    assert len(distinct) < 6 * 9 * 9 * 8  # O(b d^2) distinct nodes, not 2 million


@pytest.mark.parametrize("make", [best_ordered, worst_ordered, knuth_moore_leaves])
@pytest.mark.parametrize(("b", "d"), [(0, 2), (2, -1)])
def test_sizes_that_allow_no_tree_are_refused(make: object, b: int, d: int) -> None:
    assert callable(make)
    with pytest.raises(ValueError, match="need branching >= 1 and depth >= 0"):
        make(b, d)
