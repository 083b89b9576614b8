"""impl's maxn searches against spec.maxn: plain maxn, immediate, shallow, last-branch, speculative.

Every exact search must give spec.maxn's value and principal variation on every tree that
keeps to the declared bounds; its statistics must be consistent with its trace; a leaf read
outside the bounds must raise, naming its path; and the shift of the lower bound to 0 must be
exact (searching a translated tree with translated bounds reads the same leaves).
"""

from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from gametree.impl.immediate import immediate
from gametree.impl.last_branch import last_branch
from gametree.impl.maxn import maxn
from gametree.impl.result import SearchResult
from gametree.impl.shallow import shallow
from gametree.spec import Bounds, Leaf, Node, Tree, TreeError, Value, iter_leaves, subtree
from gametree.spec import maxn as spec_maxn
from gametree.spec.examples import korf_figure5
from gametree.spec.strategies import vector_trees
from tests.test_impl_multi_support import (
    BOUNDED,
    DIRECTIONAL,
    BoundedSearch,
    bounded_trees,
    leaf_paths,
)

FIGURE4 = Node.by_depth([(3, 3, 3), [(2, 7, 0), (4, 1, 4)], [(0, 6, 3), (0, 8, 1)]])
"""Korf's Figure 4 as the text tells it (sum 9): a gives (3, 3, 3), f gives 7, h gives 6."""

SAME_PLAYER_TWICE = Node(1, [(1, 8), Node(1, [(1, 8), (0, 9)])])
"""Player 1 moves twice in a row: the paper's Shallow, unchanged, would return (1, 8)."""

REPEATED_PLAYER_ON_PATH = Node(0, [(4, 0, 5), Node(1, [Node(0, [(5, 0, 4), (9, 0, 0)])])])
"""A path (0, 1, 0) whose bounds 4 + 0 + 5 reach the sum 9 but count player 0 twice."""


def plain_maxn(t: Tree, _: Bounds, *, trace: bool = False) -> SearchResult[Value]:
    """Plain maxn in the bounded searches' signature (it relies on no bounds)."""
    return maxn(t, trace=trace)


EXACT = {"maxn": plain_maxn, **BOUNDED}


@given(bounded_trees())
@example((FIGURE4, Bounds(0, 9)))
@example((korf_figure5((3, 0, 6)), Bounds(0, 9)))
@example((korf_figure5((2, 3, 4)), Bounds(0, 9)))
@example((SAME_PLAYER_TWICE, Bounds(0, 9)))
@example((REPEATED_PLAYER_ON_PATH, Bounds(0, 9)))
def test_every_exact_search_gives_spec_maxn_value_and_principal_variation(
    case: tuple[Tree, Bounds],
) -> None:
    t, bounds = case
    expected = spec_maxn(t)
    for name, search in EXACT.items():
        r = search(t, bounds)
        assert (r.value, r.principal_variation) == (
            expected.value,
            expected.principal_variation,
        ), name


@given(bounded_trees())
def test_statistics_agree_with_the_trace(case: tuple[Tree, Bounds]) -> None:
    t, bounds = case
    for name, search in EXACT.items():
        r = search(t, bounds, trace=True)
        assert r.trace is not None
        assert len(r.trace) == r.leaves_evaluated, name
        assert all(isinstance(subtree(t, p), Leaf) for p in r.trace), name
        assert r.leaves_evaluated <= r.nodes_visited, name
        assert isinstance(subtree(t, r.principal_variation), Leaf), name
        untraced = search(t, bounds)
        assert untraced.trace is None
        assert (untraced.leaves_evaluated, untraced.nodes_visited) == (
            r.leaves_evaluated,
            r.nodes_visited,
        )
        if name in (*DIRECTIONAL, "maxn"):
            assert list(r.trace) == sorted(set(r.trace)), f"{name} is not directional"


@pytest.mark.slow
@given(bounded_trees())
def test_plain_maxn_reads_every_leaf_once_and_enters_every_node(case: tuple[Tree, Bounds]) -> None:
    t, _ = case
    r = maxn(t, trace=True)
    assert r.trace == tuple(leaf_paths(t))
    assert (r.leaves_evaluated, r.nodes_visited) == (t.leaf_count, t.size)


@given(bounded_trees())
def test_each_pruning_reads_a_subset_of_the_leaves_of_the_weaker_one(
    case: tuple[Tree, Bounds],
) -> None:
    t, bounds = case
    everything = set(maxn(t, trace=True).trace or ())
    chain = [immediate, shallow, last_branch]
    traces = [set(f(t, bounds, trace=True).trace or ()) for f in chain]
    assert traces[0] <= everything
    assert traces[1] <= traces[0]
    assert traces[2] <= traces[1]


def test_shallow_prunes_figure4_as_korf_narrates() -> None:
    """ "Evaluating node f produces a lower bound of 7 ... Similarly, evaluating node h ..." """
    r = shallow(FIGURE4, Bounds(0, 9), trace=True)
    assert r.trace == ((0,), (1, 0), (2, 0))
    assert (r.value, r.principal_variation) == ((3, 3, 3), (0,))
    assert immediate(FIGURE4, Bounds(0, 9)).leaves_evaluated == 5


def test_immediate_pruning_stops_at_a_child_with_the_whole_sum() -> None:
    t = Node.by_depth(
        [[(0, 9, 0), (9, 0, 0)], [(1, 1, 1), (2, 2, 2)], [(9, 0, 0), (0, 0, 0)], [(0, 0, 9)]]
    )
    r = immediate(t, Bounds(0, 9), trace=True)
    assert r.trace == ((0, 0), (1, 0), (1, 1), (2, 0), (2, 1))
    assert (r.value, r.principal_variation) == ((9, 0, 0), (2, 0))


def test_shallow_lets_a_player_move_twice_in_a_row() -> None:
    r = shallow(SAME_PLAYER_TWICE, Bounds(0, 9), trace=True)
    assert (r.value, r.principal_variation) == ((0, 9), (1, 1))
    assert r.trace == ((0,), (1, 0), (1, 1))


@pytest.mark.parametrize("name", sorted(BOUNDED))
@pytest.mark.parametrize(
    ("bad", "message"),
    [((5, 5, 5), "sum to 15, above the bound 9"), ((-1, 5, 5), "below the lower bound 0")],
)
def test_a_leaf_read_outside_the_bounds_raises_naming_its_path(
    name: str, bad: tuple[int, ...], message: str
) -> None:
    t = Node.by_depth([(3, 3, 3), [(2, 7, 0), bad], [bad, (0, 8, 1)]])
    with pytest.raises(TreeError, match=message) as caught:
        BOUNDED[name](t, Bounds(0, 9))
    first_read = (1, 1) if name == "immediate" else (2, 0)
    assert caught.value.path == first_read
    assert "Bounds(lower=0, total=9)" in str(caught.value)


@given(bounded_trees(max_depth=3), st.integers(0, 9))
def test_declared_bounds_are_checked_on_every_leaf_read(
    case: tuple[Tree, Bounds], margin: int
) -> None:
    t, bounds = case
    declared = Bounds(bounds.lower, bounds.total - margin)
    for name, search in BOUNDED.items():
        outcome = result_or_error(search, t, declared)
        if isinstance(outcome, TreeError):
            if declared.total < t.players * declared.lower:
                assert outcome.path == ()
                continue
            assert outcome.path is not None
            leaf = subtree(t, outcome.path)
            assert isinstance(leaf, Leaf)
            assert isinstance(leaf.value, tuple)
            assert declared.problem(leaf.value) is not None, name
            continue
        assert outcome.trace is not None
        for path in outcome.trace:
            leaf = subtree(t, path)
            assert isinstance(leaf, Leaf)
            assert isinstance(leaf.value, tuple)
            assert declared.problem(leaf.value) is None, name


def result_or_error(
    search: BoundedSearch, t: Tree, bounds: Bounds
) -> SearchResult[Value] | TreeError:
    try:
        return search(t, bounds, trace=True)
    except TreeError as e:
        return e


def test_bounds_no_vector_can_keep_are_refused() -> None:
    with pytest.raises(TreeError, match="no 3-vector fits"):
        shallow(FIGURE4, Bounds(4, 9))


@pytest.mark.parametrize("name", sorted(BOUNDED))
def test_scalar_trees_are_refused_with_a_pointer_to_as_pairs(name: str) -> None:
    with pytest.raises(TreeError, match="as_pairs"):
        BOUNDED[name](Node.by_depth([1, 2]), Bounds(-2, 0))
    with pytest.raises(TreeError, match="as_pairs"):
        maxn(Node.by_depth([1, 2]))


def translated(t: Tree, by: Fraction) -> Tree:
    """``t`` with ``by`` added to every component of every leaf (players unchanged)."""
    if isinstance(t, Leaf):
        assert isinstance(t.value, tuple)
        return Leaf(tuple(c + by for c in t.value))
    return Node(t.to_move, [translated(c, by) for c in t.children])


@given(
    st.integers(2, 5).flatmap(lambda n: vector_trees(players=n, ties=True, grid=2)),
    st.fractions(min_value=-5, max_value=5, max_denominator=7),
)
def test_the_shift_of_the_lower_bound_is_exact(t: Tree, by: Fraction) -> None:
    """Korf 3.2: a lower bound is shifted to 0, exactly; so translating changes nothing."""
    moved = translated(t, by)
    for name, search in BOUNDED.items():
        r = search(t, Bounds(0, 9), trace=True)
        s = search(moved, Bounds(by, 9 + t.players * by), trace=True)
        assert (s.trace, s.principal_variation) == (r.trace, r.principal_variation), name
        assert isinstance(r.value, tuple)
        assert s.value == tuple(c + by for c in r.value), name


@pytest.mark.parametrize("name", sorted(BOUNDED))
def test_a_lone_leaf_is_its_own_value(name: str) -> None:
    r = BOUNDED[name](Leaf((1, 2, 3)), Bounds(0, 9), trace=True)
    assert (r.value, r.principal_variation, r.trace) == ((1, 2, 3), (), ((),))
    assert (r.nodes_visited, r.leaves_evaluated) == (1, 1)


def test_leaf_paths_are_left_to_right() -> None:
    assert [p for p, _ in iter_leaves(FIGURE4)] == leaf_paths(FIGURE4)
