"""Last-branch and speculative pruning (Sturtevant 2003): each condition for exactness, witnessed.

For every condition the modules state, a tree and a leaf l such that (1) two completions of
l give different spec.maxn values, so any search that skipped l would be wrong on one of
them, and (2) a pruning path whose bounds reach the sum would skip l if that one condition
were dropped. The tests check that the search reads l and is exact on both completions.
Then the other way round: a leaf that shallow pruning reads, last-branch pruning skips, and
no completion of it changes the value (Korf's Theorem 1, as printed, says otherwise).
"""

import itertools
from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given, settings

from gametree.impl.last_branch import last_branch
from gametree.impl.shallow import shallow
from gametree.impl.speculative import speculative
from gametree.spec import Bounds, Leaf, Node, Path, Tree, Vector
from gametree.spec import maxn as spec_maxn
from gametree.spec.examples import korf_figure5
from gametree.spec.strategies import Shape
from tests.test_impl_multi_support import bounded_trees, vectors_within, with_leaf

B9 = Bounds(0, 9)


def assert_needs_leaf(t: Tree, leaf: Path, one: tuple[int, ...], other: tuple[int, ...]) -> None:
    """``leaf`` matters: the two completions give different maxn values."""
    a, b = with_leaf(t, leaf, one), with_leaf(t, leaf, other)
    assert spec_maxn(a).value != spec_maxn(b).value


def assert_reads_and_is_exact(search: object, t: Tree, leaf: Path) -> None:
    assert callable(search)
    r = search(t, B9, trace=True)
    s = spec_maxn(t)
    assert (r.value, r.principal_variation) == (s.value, s.principal_variation)
    assert leaf in r.trace


# Korf's Figure 5: a (player 0) has b = (5, 2, 2); c (player 1) has d then g; d (player 2)
# has e = (2, 2, 5) then f. Bounds 5 (a) + 0 (c has no best yet) + 5 (d) reach 9, so a
# pruning path a, c, d exists; but c is not on its last branch (g comes after d).
NOT_LAST_BRANCH = (korf_figure5((2, 3, 4)), (1, 0, 1), (2, 3, 4), (3, 0, 6))

# c's best so far, (6, 1, 2), is better for player 0 than a's 5: bounds 5 + 1 + 5 reach 9
# and c is on its last branch, but c's earlier branch is one a would take.
INTERMEDIATE_BEST = (
    Node.by_depth([(5, 2, 2), [(6, 1, 2), [(2, 2, 5), (2, 3, 4)]]]),
    (1, 1, 1),
    (2, 3, 4),
    (3, 0, 6),
)

# Players 0, 1, 0 down the path: 4 (player 0 at the root) + 0 + 5 (player 0 again) reach 9,
# but they bound the same component twice.
REPEATED_PLAYER = (
    Node(0, [(4, 0, 5), Node(1, [Node(0, [(5, 0, 4), (9, 0, 0)])])]),
    (1, 0, 1),
    (9, 0, 0),
    (0, 0, 0),
)

CONDITIONS = {
    "last branch": NOT_LAST_BRANCH,
    "intermediate best": INTERMEDIATE_BEST,
    "distinct players": REPEATED_PLAYER,
}


@pytest.mark.parametrize("condition", sorted(CONDITIONS))
def test_last_branch_pruning_reads_each_leaf_its_conditions_protect(condition: str) -> None:
    t, leaf, one, other = CONDITIONS[condition]
    assert_needs_leaf(t, leaf, one, other)
    for v in (one, other):
        assert_reads_and_is_exact(last_branch, with_leaf(t, leaf, v), leaf)


def test_speculative_pruning_reads_the_leaf_distinct_players_protect() -> None:
    t, leaf, one, other = REPEATED_PLAYER
    for v in (one, other):
        assert_reads_and_is_exact(speculative, with_leaf(t, leaf, v), leaf)


def test_speculative_pruning_does_not_prune_where_a_re_search_is_certain() -> None:
    """Sturtevant's intermediate-best test: for speculation it saves work, not exactness."""
    t, leaf, one, other = INTERMEDIATE_BEST
    for v in (one, other):
        r = speculative(with_leaf(t, leaf, v), B9, trace=True)
        assert r.trace is not None
        assert len(set(r.trace)) == len(r.trace) == 4
        assert_reads_and_is_exact(speculative, with_leaf(t, leaf, v), leaf)


def test_speculative_pruning_prunes_figure5_and_re_searches_when_it_must() -> None:
    """Korf's Figure 5: f is pruned speculatively; g then makes c a branch a would take."""
    t, f, one, other = NOT_LAST_BRANCH
    assert_needs_leaf(t, f, one, other)
    for v in (one, other):
        r = speculative(with_leaf(t, f, v), B9, trace=True)
        assert r.trace == ((0,), (1, 0, 0), (1, 1), (1, 0, 0), (1, 0, 1))
        assert r.leaves_evaluated == 5
        assert r.value == spec_maxn(with_leaf(t, f, v)).value


def test_speculative_pruning_passes_nil_up_when_no_re_search_is_needed() -> None:
    """As Figure 5, but g = (4, 1, 4): c's best stays one a rejects, so f is never read."""
    t = Node.by_depth([(5, 2, 2), [[(2, 2, 5), (3, 0, 6)], (4, 1, 4)]])
    r = speculative(t, B9, trace=True)
    assert r.trace == ((0,), (1, 0, 0), (1, 1))
    assert (r.value, r.principal_variation) == ((5, 2, 2), (0,))
    for v in vectors_within(3, 9):
        assert spec_maxn(with_leaf(t, (1, 0, 1), v)).value == (5, 2, 2)


# All interior nodes have two children. Root a (player 0) has (1, 0, 8): x = 1. Its last
# child (player 1) has (0, 0, 9) first (y = 0, and 0 <= 1 for player 0), then its last
# child (player 2) gives z = 8 with (0, 1, 8): 1 + 0 + 8 = 9.
THEOREM1 = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])
SKIPPED = (1, 1, 1)


def test_last_branch_skips_a_leaf_shallow_reads_and_no_value_there_matters() -> None:
    """A directional search reading less than shallow pruning, exactly (cf. Korf 3.2.4)."""
    assert SKIPPED in (shallow(THEOREM1, B9, trace=True).trace or ())
    assert SKIPPED not in (last_branch(THEOREM1, B9, trace=True).trace or ())
    completions: list[Vector] = [*vectors_within(3, 9)]
    completions.append((Fraction(1, 3), Fraction(1, 3), Fraction(25, 3)))
    for v in completions:
        assert spec_maxn(with_leaf(THEOREM1, SKIPPED, v)).value == (1, 0, 8)


@settings(max_examples=100)  # trees up to depth 5 and N = 6: about 1 s per 100
@given(bounded_trees(min_players=3, max_depth=5))
def test_last_branch_and_speculative_are_exact_on_deeper_trees(case: tuple[Tree, Bounds]) -> None:
    t, bounds = case
    expected = spec_maxn(t)
    for search in (last_branch, speculative):
        r = search(t, bounds)
        assert (r.value, r.principal_variation) == (expected.value, expected.principal_variation)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("shape", "total"),
    [
        ([None, [[None, None], None]], 3),
        ([None, [None, [None, None]]], 3),
        ([[None, None], [None, [None, None]]], 2),
    ],
    ids=["figure5", "theorem1", "both"],
)
def test_every_tree_of_small_depth_3_shapes(shape: Shape, total: int) -> None:
    """Bounded-exhaustive: every 3-vector with the given sum at every leaf (10^4, 6^5 trees)."""
    vectors = [v for v in vectors_within(3, total) if sum(v) == total]
    bounds = Bounds(0, total)
    for values in itertools.product(vectors, repeat=shape_leaf_count(shape)):
        t = fill(shape, iter(values), 0)
        expected = spec_maxn(t)
        for search in (shallow, last_branch, speculative):
            r = search(t, bounds)
            assert (r.value, r.principal_variation) == (
                expected.value,
                expected.principal_variation,
            ), (search.__name__, t)


def shape_leaf_count(shape: Shape) -> int:
    return 1 if shape is None else sum(shape_leaf_count(c) for c in shape)


def fill(shape: Shape, values: Iterator[Vector], depth: int) -> Tree:
    if shape is None:
        return Leaf(next(values))
    return Node(depth % 3, [fill(c, values, depth + 1) for c in shape])
