"""Korf's best case for shallow pruning (3.2.5): exactly F(d) leaves, for all b <= 5, d <= 8."""

from fractions import Fraction

import pytest

from gametree.impl.best_case import BEST_CASE_BOUNDS, best_case_leaves, best_ordered_tree
from gametree.impl.immediate import immediate
from gametree.impl.shallow import shallow
from gametree.spec import Leaf, Node, Tree, check_bounds, iter_leaves
from gametree.spec import maxn as spec_maxn
from gametree.spec.tree import preorder


def test_f_follows_korfs_recurrence_and_initial_conditions() -> None:
    for b in range(1, 8):
        assert best_case_leaves(b, 0) == 1
        assert best_case_leaves(b, 1) == b
        for d in range(2, 12):
            expected = best_case_leaves(b, d - 1) + (b - 1) * best_case_leaves(b, d - 2)
            assert best_case_leaves(b, d) == expected


def test_f_is_fibonacci_for_binary_trees() -> None:
    """ "Note that in a binary tree, F(d) is the familiar Fibonacci sequence." """
    assert [best_case_leaves(2, d) for d in range(10)] == [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]


def test_f_refuses_shapes_that_are_not_trees() -> None:
    with pytest.raises(ValueError, match="branching >= 1"):
        best_case_leaves(0, 3)
    with pytest.raises(ValueError, match="depth >= 0"):
        best_ordered_tree(2, -1)


def is_uniform_by_depth(t: Tree, b: int, d: int, players: int) -> bool:
    for path, x in preorder(t):
        if isinstance(x, Leaf):
            if len(path) != d:
                return False
        elif len(x.children) != b or x.to_move != len(path) % players:
            return False
    return True


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("b", [1, 2, 3, 4, 5])
def test_shallow_pruning_reads_exactly_f_d_leaves_on_best_ordered_trees(
    players: int, b: int
) -> None:
    for d in range(9):
        t = best_ordered_tree(b, d, players=players)
        r = shallow(t, BEST_CASE_BOUNDS)
        assert r.leaves_evaluated == best_case_leaves(b, d), (b, d)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize(("b", "d"), [(2, 6), (3, 5), (4, 4), (5, 3)])
def test_best_ordered_trees_are_what_korf_assumes(players: int, b: int, d: int) -> None:
    """Uniform, players in turn, within the bounds, no component at the sum (no immediate
    pruning), and shallow pruning's answer is maxn's."""
    t = best_ordered_tree(b, d, players=players)
    assert is_uniform_by_depth(t, b, d, players)
    check_bounds(t, BEST_CASE_BOUNDS)
    for _, leaf in iter_leaves(t):
        assert isinstance(leaf.value, tuple)
        assert all(0 < c < 1 for c in leaf.value)
        assert sum(leaf.value) == 1
    assert immediate(t, BEST_CASE_BOUNDS).leaves_evaluated == b**d
    r, s = shallow(t, BEST_CASE_BOUNDS), spec_maxn(t)
    assert (r.value, r.principal_variation) == (s.value, s.principal_variation)
    assert r.leaves_evaluated == best_case_leaves(b, d)


def test_the_pruning_pattern_is_the_one_korf_describes() -> None:
    """ "One child must be evaluated, and then evaluating one grandchild of each remaining child
    will cause the remaining grandchildren to be pruned." Depth 2: the first child's b leaves,
    then the first grandchild of each of the b − 1 others."""
    r = shallow(best_ordered_tree(3, 2, players=3), BEST_CASE_BOUNDS, trace=True)
    assert r.trace == ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0))


def test_depth_zero_and_branching_one() -> None:
    assert best_ordered_tree(4, 0) == Leaf((Fraction(1, 3),) * 3)
    chain = best_ordered_tree(1, 50, players=4)
    assert isinstance(chain, Node)
    assert chain.height == 50
    assert shallow(chain, BEST_CASE_BOUNDS).leaves_evaluated == 1
