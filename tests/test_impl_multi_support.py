"""Trees, bounds and helpers shared by the tests of impl's multi-player searches.

``bounded_trees`` draws (tree, bounds) pairs: N = 2..6 players, ints and Fractions (grids 1,
2 and 3), lower bounds of 0, negative and fractional (so the shift to 0 is exercised), sums
exactly at or below the total, deliberate ties, and players that move in turn or not.
"""

from collections.abc import Callable
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from gametree.impl.immediate import immediate
from gametree.impl.last_branch import last_branch
from gametree.impl.result import SearchResult
from gametree.impl.shallow import shallow
from gametree.impl.speculative import speculative
from gametree.spec import Bounds, Leaf, Node, Path, Tree, Value, check_bounds, iter_leaves
from gametree.spec.strategies import vector_trees

BoundedSearch = Callable[..., SearchResult[Value]]

BOUNDED: dict[str, BoundedSearch] = {
    "immediate": immediate,
    "shallow": shallow,
    "last_branch": last_branch,
    "speculative": speculative,
}
"""Every exact maxn search that relies on Korf's bounds."""

DIRECTIONAL = ("immediate", "shallow", "last_branch")
"""Those that read leaves left to right, each at most once (Korf 3.2.4)."""

# (bounds, grids that fit them): the grid must divide the budget total − N·lower for every N.
BOUNDS_AND_GRIDS: list[tuple[Bounds, list[int]]] = [
    (Bounds(0, 9), [1, 2, 3]),
    (Bounds(0, 1), [1, 2]),
    (Bounds(-1, 6), [1, 2]),
    (Bounds(Fraction(1, 2), 6), [2]),
    (Bounds(-3, 0), [1, 3]),
]


@st.composite
def bounded_trees(
    draw: st.DrawFn, *, min_players: int = 2, max_players: int = 6, max_depth: int = 4
) -> tuple[Tree, Bounds]:
    """A tree and bounds its leaves keep to. Shrinks towards a lone leaf, N = 2, Bounds(0, 9)."""
    players = draw(st.integers(min_players, max_players))
    bounds, grids = draw(st.sampled_from(BOUNDS_AND_GRIDS))
    t = draw(
        vector_trees(
            players=players,
            max_depth=max_depth,
            max_branching=draw(st.integers(2, 4)),
            bounds=bounds,
            grid=draw(st.sampled_from(grids)),
            exact_total=draw(st.booleans()),
            ties=draw(st.booleans()),
            by_depth=draw(st.booleans()),
        )
    )
    return t, bounds


def leaf_paths(t: Tree) -> list[Path]:
    return [path for path, _ in iter_leaves(t)]


def with_leaf(t: Tree, path: Path, v: Value) -> Tree:
    """``t`` with the leaf at ``path`` replaced by ``v`` (small trees: recursion is fine)."""
    if not path:
        assert isinstance(t, Leaf)
        return Leaf(v)
    assert isinstance(t, Node)
    i, rest = path[0], path[1:]
    kids = list(t.children)
    kids[i] = with_leaf(kids[i], rest, v)
    return Node(t.to_move, kids)


def vectors_within(players: int, total: int) -> list[tuple[int, ...]]:
    """Every integer vector of ``players`` components >= 0 with sum <= ``total``."""
    out: list[tuple[int, ...]] = [()]
    for _ in range(players):
        out = [(*v, c) for v in out for c in range(total - sum(v) + 1)]
    return out


@given(bounded_trees())
def test_bounded_trees_keep_to_their_bounds(case: tuple[Tree, Bounds]) -> None:
    t, bounds = case
    check_bounds(t, bounds)
    assert 2 <= t.players <= 6


def test_with_leaf_and_vectors_within() -> None:
    t = Node.by_depth([(1, 2, 6), [(0, 0, 9), (3, 3, 3)]])
    assert with_leaf(t, (1, 1), (9, 0, 0)) == Node.by_depth([(1, 2, 6), [(0, 0, 9), (9, 0, 0)]])
    assert len(vectors_within(3, 9)) == 220
    assert all(sum(v) <= 9 and min(v) >= 0 for v in vectors_within(3, 9))
