"""Hypothesis strategies for game trees, for gametree's own tests and for users testing engines.

>>> from hypothesis import given
>>> from gametree.spec.strategies import scalar_trees
>>> @given(scalar_trees(max_depth=3))
... def test_root_value_is_a_leaf_value(t):
...     assert minimax(t).value in leaf_values(t)
>>> test_root_value_is_a_leaf_value()

All strategies take keyword-only bounds and build trees through the spec's constructors, so
every tree they give is well formed. They shrink towards a single leaf whose value is as
small in magnitude as the bounds allow, then towards fewer children, shallower subtrees, and
smaller values.

Shapes are nested lists with ``None`` at the leaves, e.g. ``[[None, None], None]``;
``uniform_shape(b, d)`` is the complete tree of branching b and depth d.

Players move in turn by depth (``by_depth=True``, the default: player d mod N at depth d)
or, with ``by_depth=False``, each node's player is drawn independently, so a player may move
twice in a row. :func:`chance_trees` draws chance nodes among them (Ballard 1983), with
:func:`probabilities` that are exact and rarely powers of two.
"""

import contextlib
import functools
import importlib
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, TypeAlias, TypeVar, cast

from hypothesis import strategies as st

from gametree.spec.bounds import Bounds
from gametree.spec.maxn import maxn  # noqa: F401 - used by the module's doctest
from gametree.spec.minimax import minimax  # noqa: F401 - used by the module's doctest
from gametree.spec.tree import CHANCE, Leaf, Node, Tree, leaf_values  # noqa: F401 - leaf_values: the doctest
from gametree.spec.values import Scalar, Value

__all__ = [
    "Shape",
    "chance_trees",
    "probabilities",
    "scalar_trees",
    "seed_alone",
    "shapes",
    "trees_of_shape",
    "uniform_shape",
    "vector_trees",
    "vectors",
]

Shape: TypeAlias = "list[Shape] | None"
"""A tree shape: ``None`` is a leaf, a list holds the shapes of the children."""


F = TypeVar("F", bound=Callable[..., Any])


def _made_once(builder: F) -> F:
    """``builder``, remembered by its arguments: a strategy is made once for each of them.

    Making one decorates ``st.composite`` functions, and Hypothesis reads and parses their
    source each time; a test or a gate that makes its strategy inside a draw (``flatmap``, a
    composite) would otherwise pay that for every example. Strategies are immutable, so the
    one made first serves every later call with the same arguments, and draws the same trees.
    """
    return cast("F", functools.cache(builder))


_integers = functools.cache(st.integers)
"""``st.integers``, one strategy for each range: a strategy drawn from is checked (validated)
the first time it is drawn, so one made afresh for each draw is checked again each time."""


def uniform_shape(branching: int, depth: int) -> Shape:
    """The complete shape of the given branching factor and depth.

    >>> uniform_shape(2, 2)
    [[None, None], [None, None]]
    """
    if branching < 1 or depth < 0:
        raise ValueError(f"need branching >= 1 and depth >= 0 (got {branching}, {depth})")
    shape: Shape = None
    for _ in range(depth):
        shape = [shape] * branching
    return shape


@_made_once
def shapes(*, max_depth: int = 4, max_branching: int = 3) -> st.SearchStrategy[Shape]:
    """Tree shapes of height at most ``max_depth``, each node with 1..max_branching children.

    Shrinks towards a single leaf.
    """
    _check_shape_bounds(max_depth, max_branching)

    below: list[st.SearchStrategy[Shape]] = []

    @st.composite
    def shape(draw: st.DrawFn, depth_left: int) -> Shape:
        if depth_left == 0 or draw(_integers(0, 3)) == 0:
            return None
        k = draw(_integers(1, max_branching))
        return [draw(below[depth_left - 1]) for _ in range(k)]

    below.extend(shape(d) for d in range(max_depth + 1))
    return below[max_depth]


def _check_shape_bounds(max_depth: int, max_branching: int) -> None:
    if max_depth < 0 or max_branching < 1:
        raise ValueError(
            f"need max_depth >= 0 and max_branching >= 1 (got max_depth={max_depth}, "
            f"max_branching={max_branching})"
        )


def _scalars(min_value: int, max_value: int, grid: int) -> st.SearchStrategy[Scalar]:
    """Multiples of 1/grid in [min_value, max_value]; ints when grid is 1."""
    if min_value > max_value or grid < 1:
        raise ValueError(
            f"need min_value <= max_value and grid >= 1 (got {min_value}, {max_value}, {grid})"
        )
    ints = st.integers(min_value * grid, max_value * grid)
    if grid == 1:
        return ints
    return ints.map(lambda n: _exact(Fraction(n, grid)))


def _exact(q: Fraction) -> Scalar:
    return q.numerator if q.denominator == 1 else q


@_made_once
def vectors(
    *, players: int = 3, bounds: Bounds | None = None, exact_total: bool = False, grid: int = 1
) -> st.SearchStrategy[tuple[Scalar, ...]]:
    """N-tuples within Korf's bounds: each component >= bounds.lower, the sum <= bounds.total.

    ``bounds`` defaults to ``Bounds(0, 9)``, the sum of Korf's Figures 4 and 5. With
    ``exact_total`` the components sum to exactly ``bounds.total``, as in those figures.
    Components are multiples of ``1/grid``. Shrinks towards (lower, ..., lower), or with
    ``exact_total`` towards the surplus all in the last component.
    """
    b = bounds if bounds is not None else Bounds(0, 9)
    if players < 2:
        raise ValueError(f"need players >= 2 (got {players})")
    budget = (b.total - players * b.lower) * grid
    if budget < 0 or int(budget) != budget:
        raise ValueError(
            f"no {players}-vector on the grid 1/{grid} fits {b}: the lower bounds alone sum to "
            f"{players * b.lower}"
        )

    @st.composite
    def vector(draw: st.DrawFn) -> tuple[Scalar, ...]:
        left = int(budget)
        units = []
        for _ in range(players - 1):
            x = draw(_integers(0, left))
            units.append(x)
            left -= x
        units.append(left if exact_total else draw(_integers(0, left)))
        return tuple(_exact(b.lower + Fraction(u, grid)) for u in units)

    return vector()


def trees_of_shape(
    shape: Shape,
    leaves: st.SearchStrategy[Value],
    *,
    players: int = 2,
    by_depth: bool = True,
    ties: bool = False,
) -> st.SearchStrategy[Tree]:
    """Trees of exactly ``shape`` with leaf values drawn from ``leaves``.

    ``players`` must match the leaves (2 for scalars, N for N-vectors). With ``ties`` the
    leaves are drawn from a pool of at most three values, so ties are the rule, not the
    exception. Shrinks towards smaller leaf values and (unless ``by_depth``) player 0.
    """
    return _trees(st.just(shape), leaves, players=players, by_depth=by_depth, ties=ties)


@_made_once
def scalar_trees(
    *,
    max_depth: int = 4,
    max_branching: int = 3,
    min_value: int = -10,
    max_value: int = 10,
    grid: int = 1,
    ties: bool = False,
    by_depth: bool = True,
) -> st.SearchStrategy[Tree]:
    """Two-player trees with scalar leaves in [min_value, max_value], on the grid 1/grid.

    Shrinks towards a single leaf of value 0 (or the bound nearest 0).
    """
    return _trees(
        shapes(max_depth=max_depth, max_branching=max_branching),
        _scalars(min_value, max_value, grid),
        players=2,
        by_depth=by_depth,
        ties=ties,
    )


@_made_once
def vector_trees(
    *,
    players: int = 3,
    max_depth: int = 3,
    max_branching: int = 3,
    bounds: Bounds | None = None,
    exact_total: bool = False,
    grid: int = 1,
    ties: bool = False,
    by_depth: bool = True,
) -> st.SearchStrategy[Tree]:
    """N-player trees whose leaves satisfy Korf's bounds (see :func:`vectors`).

    Shrinks towards a single leaf (lower, ..., lower).
    """
    return _trees(
        shapes(max_depth=max_depth, max_branching=max_branching),
        vectors(players=players, bounds=bounds, exact_total=exact_total, grid=grid),
        players=players,
        by_depth=by_depth,
        ties=ties,
    )


@_made_once
def probabilities(n: int, *, max_weight: int = 7) -> st.SearchStrategy[tuple[Fraction, ...]]:
    """``n`` exact probabilities, each above 0, summing to exactly 1.

    Each is a weight in 1..max_weight over the weights' sum, so most are not powers of two
    (thirds, sevenths: what a double cannot hold). Shrinks towards the uniform distribution.
    """
    if n < 1 or max_weight < 1:
        raise ValueError(f"need n >= 1 and max_weight >= 1 (got {n}, {max_weight})")
    weights = st.lists(st.integers(1, max_weight), min_size=n, max_size=n)
    return weights.map(lambda ws: tuple(Fraction(w, sum(ws)) for w in ws))


@_made_once
def chance_trees(
    *,
    players: int = 2,
    max_depth: int = 4,
    max_branching: int = 3,
    min_value: int = -10,
    max_value: int = 10,
    bounds: Bounds | None = None,
    grid: int = 1,
    ties: bool = False,
    by_depth: bool = True,
) -> st.SearchStrategy[Tree]:
    """Trees in which about a third of the interior nodes are chance nodes (Ballard 1983).

    Two players: scalar leaves in [min_value, max_value] (on the grid 1/grid); N players:
    vectors within ``bounds`` (see :func:`vectors`). The players' nodes are drawn as by
    :func:`scalar_trees` (by depth, chance nodes counting as a level), a chance node's
    probabilities by :func:`probabilities`. Shrinks towards a single leaf, and towards
    players' nodes rather than chance nodes.
    """
    leaves = (
        _scalars(min_value, max_value, grid)
        if players == 2
        else vectors(players=players, bounds=bounds, grid=grid)
    )
    return _trees(
        shapes(max_depth=max_depth, max_branching=max_branching),
        leaves,
        players=players,
        by_depth=by_depth,
        ties=ties,
        chance=True,
    )


def _trees(
    shape_strategy: st.SearchStrategy[Shape],
    leaves: st.SearchStrategy[Any],
    *,
    players: int,
    by_depth: bool,
    ties: bool,
    chance: bool = False,
) -> st.SearchStrategy[Tree]:
    pools = st.lists(leaves, min_size=1, max_size=3)
    mover = _integers(0, players - 1)
    kind = _integers(0, 2)

    @st.composite
    def tree(draw: st.DrawFn) -> Tree:
        shape = draw(shape_strategy)
        values = leaves
        if ties:
            values = st.sampled_from(draw(pools))
        movers: Callable[[int], int] = (
            (lambda depth: depth % players) if by_depth else (lambda _: draw(mover))
        )
        if chance:
            player = movers
            movers = lambda depth: CHANCE if draw(kind) == 2 else player(depth)  # noqa: E731
        return _build(shape, lambda: Leaf(draw(values)), movers,
                      lambda n: draw(probabilities(n)))  # fmt: skip

    return tree()


def _build(
    shape: Shape,
    leaf: Callable[[], Leaf],
    mover: Callable[[int], int],
    chances: Callable[[int], tuple[Fraction, ...]] | None = None,
) -> Tree:
    """Build ``shape`` left to right over an explicit stack (leaf values drawn in that order).

    A node whose mover is ``CHANCE`` is a chance node, its probabilities ``chances(n)`` for
    its n children, drawn once they are built.
    """
    if shape is None:
        return leaf()
    stack: list[tuple[list[Shape], list[Tree], int]] = [(shape, [], mover(0))]
    while True:
        kids, built, p = stack[-1]
        if len(built) < len(kids):
            k = kids[len(built)]
            if k is None:
                built.append(leaf())
            else:
                stack.append((k, [], mover(len(stack))))
            continue
        stack.pop()
        if p == CHANCE:
            assert chances is not None
            node = Node.chance(built, chances(len(built)))
        else:
            node = Node(p, built)
        if not stack:
            return node
        stack[-1][1].append(node)


@contextlib.contextmanager
def seed_alone() -> Iterator[None]:
    """Hypothesis drawing from its seed alone, not from the source of the modules loaded.

    Hypothesis now and then draws a number it found in the source of a module of the working
    directory that the process has loaded (its "local constants"), so a derandomized search,
    or one at a given seed, drew other examples in a process that had loaded other modules
    first: the same search passed in one pytest worker and failed in another. Inside this
    context that pool is empty, as it is for an installed wheel, whose modules are not local.
    A Hypothesis without the pool is left as it is.

    >>> from hypothesis import find
    >>> with seed_alone():
    ...     find(st.integers(), lambda x: x > 9)
    10
    """
    providers: Any = importlib.import_module("hypothesis.internal.conjecture.providers")
    if not all(hasattr(providers, n) for n in ("_get_local_constants", "CONSTANTS_CACHE")):
        yield  # pragma: no cover - a Hypothesis that draws no local constants
        return
    saved = providers._get_local_constants, providers.CONSTANTS_CACHE
    empty = importlib.import_module("hypothesis.internal.constants_ast").Constants()
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE = type(saved[1])(saved[1].max_size)
    try:
        yield
    finally:
        providers._get_local_constants, providers.CONSTANTS_CACHE = saved
