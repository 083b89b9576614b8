"""The tiers of the gate's scope: trees built from a seed at the edges where engines break.

Glossary: a *tier* builds one kind of case from a ``random.Random`` (so a Hypothesis-drawn
seed, or a fixed one for the vectors, gives the same tree every time); :class:`Ask` says what
the semantics takes (scalars or vectors, a window) and what the case may hold (the scope's cap
on nodes, the flags skipped, players moving in turn); a builder returns a :class:`Drawn`.

- ``wide``: a node of many children, 257 (past chess's 256-entry move lists) four draws in
  ten, else a common buffer size (4, 8, 16, 32, 64, 256) or one more, or any width; its best
  child last half the time (what a truncated move list loses), at the root or one level down.
- ``tall``: height 6 up to the scope's limit, mostly binary, within the node cap; for N
  players often summing exactly to the bound, so that immediate and shallow pruning happen
  and deep pruning from every distance up the path has something to get wrong.
- ``many``: 5 to 8 players, the movers by depth or drawn (so that players 4..7 move near the
  root too).
- ``magnitude``: values around one of :data:`EDGES` (both signs, neighbours that a double
  cannot tell apart), or fractions with one of :data:`TINY_DENOMINATORS`; the window near
  the values; N-player bounds around them. For an engine that declares its number type
  (``--values``), the edges of that type instead (:func:`typed`).
- ``repeated``: one or two subtrees repeated at one depth below different siblings, so that
  each copy is searched under another window.
- ``tight``: N-player trees 3 to 5 high under tight bounds (the sum 2, 3, 6 or 9), half of
  the vectors summing to it, some with few distinct vectors or unary nodes: where the optimal
  search skips leaves shallow pruning reads, the more so over the integers (``optimal``
  only, which gives it half the small tier's share).

The small tier is Hypothesis's own strategy (``gametree.conform.draws.cases``): it shrinks
better than a seed. The others are left to the gate's shrinker, which ends at a minimal tree.
"""

import random
from collections.abc import Callable, Sequence
from fractions import Fraction

import attrs

from gametree._json import MAX_NUMBER_LENGTH
from gametree.conform.numbers import (
    NUMBER_TYPES,
    SMALLEST_DOUBLE,
    NumberType,
    ceil_double,
    floor_double,
    is_double,
)
from gametree.conform.scope import Scope, Tier, magnitude_flags
from gametree.spec import Bounds, Leaf, Node, Scalar, Tree, Value, minimax
from gametree.spec.fold import fold

__all__ = [
    "BUFFERS",
    "BUILDERS",
    "EDGES",
    "TIGHT_BOUNDS",
    "TINY_DENOMINATORS",
    "Ask",
    "Drawn",
    "grow",
    "map_leaves",
    "tight_tree",
]

BUFFERS: tuple[int, ...] = (4, 8, 16, 32, 64, 256)
"""Common sizes of a fixed move list: the wide tier and the vectors ask each and one more."""

EDGES: tuple[int, ...] = (
    999, 1000, 9999, 10000, 30000, 32000, 32767, 32768, 65536,
    2**31 - 1, 2**31, 2**32,
    2**53, 2**53 + 1, 2**53 + 3,
    2**63 - 1, 2**63, 2**64,
    10**28 + 7, 2**127, 2**128,
    10**100, 10**999 - 1,
)  # fmt: skip
"""Magnitudes where engines break: the "infinities" people write (999 ... 32000), the limits of
int16, int32 and int64 and one past, the first integers a double cannot hold (2^53 + 1 is read
as 2^53), 28 digits (Python's ``decimal`` default precision), int128's limit, and the largest
integer the reader takes (1,000 characters with its sign). A tree asks a value and its
neighbours below it, down to the value minus 3."""

READER_LIMIT = 10 ** (MAX_NUMBER_LENGTH - 1) - 1
"""The largest magnitude the reader takes: a number is at most 1,000 characters, its sign too."""

TINY_DENOMINATORS: tuple[int, ...] = (2**60, 10**12, 10**30, 10**450)
"""Denominators of the magnitude tier's fractions: below a double's resolution near 1 (2^-52),
and below any tolerance an engine compares with. The last is as fine as the reader allows
near 1: "p/q" is at most 1,000 characters, so 1 + 1/10^450 (903 of them) and its neighbours
a few units away can be written."""


def _number_type(t: NumberType | str) -> NumberType:
    return NUMBER_TYPES[t] if isinstance(t, str) else t


@attrs.frozen
class Ask:
    """What a tier is asked for: the kind of values, a window or not, and what it may hold."""

    vector: bool
    window: bool
    scope: Scope
    skip: frozenset[str] = frozenset()
    by_depth: bool = False
    """Players move in turn by depth from player 0 (``--alternating``)."""
    values: NumberType = attrs.field(default=NUMBER_TYPES["exact"], converter=_number_type)
    """The numbers the engine declares (``--values``, ``--infinity``; a type's name is read as
    that type: :mod:`gametree.conform.numbers`)."""


@attrs.frozen
class Drawn:
    """What a tier built: a tree, Korf's bounds for N players, a window for two."""

    tree: Tree
    bounds: Bounds | None = None
    alpha: Scalar | None = None
    beta: Scalar | None = None
    first_guess: Scalar | None = None
    """Where MTD(f) starts, if the tier says (else the gate takes the first leaf's value)."""


def grow(
    rng: random.Random,
    *,
    height: int,
    children: Callable[[int], int],
    leaf: Callable[[], Value],
    mover: Callable[[int], int],
    max_nodes: int,
    stop: float = 0.0,
) -> Tree:
    """A random tree at most ``height`` high with at most ``max_nodes`` nodes, built left to right.

    A node at depth d is moved by ``mover(d)`` and has ``children(d)`` children (fewer when
    the cap is near); below the root a node other than a first child is a leaf with
    probability ``stop``, and every node at ``height`` is one, so that the leftmost path
    reaches ``height`` unless the cap comes first. Built over an explicit stack, so any height
    works.
    """
    budget = max_nodes - 1
    if height == 0 or budget < 1:
        return Leaf(leaf())
    k = max(1, min(children(0), budget))
    budget -= k
    stack: list[tuple[int, int, int, list[Tree]]] = [(0, k, mover(0), [])]
    while True:
        d, k, p, built = stack[-1]
        if len(built) < k:
            below = d + 1
            if below >= height or budget < 1 or (built and rng.random() < stop):
                built.append(Leaf(leaf()))
                continue
            ck = max(1, min(children(below), budget))
            budget -= ck
            stack.append((below, ck, mover(below), []))
            continue
        stack.pop()
        node = Node(p, built)
        if not stack:
            return node
        stack[-1][3].append(node)


def map_leaves(t: Tree, f: Callable[[Value], Value]) -> Tree:
    """``t`` with every leaf's value v replaced by f(v), built without recursion."""

    def leaf(n: Tree) -> Tree:
        assert isinstance(n, Leaf)
        return Leaf(f(n.value))

    def node(n: Tree, _kids: object, built: list[Tree]) -> Tree:
        assert isinstance(n, Node)
        return n.with_children(built)

    return fold(t, lambda n: n.children if isinstance(n, Node) else None, leaf, node)


def _movers(rng: random.Random, players: int, ask: Ask, *, drawn: float = 0.3) -> Callable[
    [int], int
]:  # fmt: skip
    """Players in turn by depth, or (``drawn`` of the time, unless by depth) drawn per node."""
    if ask.by_depth or "NotByDepth" in ask.skip or rng.random() >= drawn:
        return lambda d: d % players
    return lambda _: rng.randrange(players)


def _vectors(rng: random.Random, players: int, bounds: Bounds, *, exact: bool) -> Callable[
    [], Value
]:  # fmt: skip
    """Vectors within ``bounds`` (summing to the bound exactly when ``exact``)."""
    surplus = int(bounds.total - players * bounds.lower)

    def vector() -> Value:
        left, units = surplus, []
        for _ in range(players - 1):
            x = rng.randint(0, min(left, 9)) if rng.random() < 0.7 else rng.randint(0, left)
            units.append(x)
            left -= x
        units.append(left if exact else rng.randint(0, left))
        rng.shuffle(units)
        return tuple(bounds.lower + u for u in units)

    return vector


def _small_values(rng: random.Random, ask: Ask, players: int, *, total: int = 9) -> tuple[
    Bounds | None, Callable[[], Value]
]:  # fmt: skip
    """Leaves as the small scope draws them: -9..9, or vectors within ``Bounds(0, total)``."""
    if not ask.vector:
        return None, lambda: rng.randint(-9, 9)
    bounds = Bounds(0, total)
    return bounds, _vectors(rng, players, bounds, exact=rng.random() < 0.5)


def _window(rng: random.Random, ask: Ask, near: Sequence[Scalar]) -> tuple[
    Scalar | None, Scalar | None
]:  # fmt: skip
    """A window near the values ``near`` (open a third of the time, one side open sometimes)."""
    if not ask.window or not near or rng.random() < 0.3:
        return None, None
    a, b = (max(-READER_LIMIT, min(READER_LIMIT, rng.choice(near) + rng.choice((-1, 0, 1))))
            for _ in range(2))  # fmt: skip
    if a == b:
        return (a - 1, a) if a > -READER_LIMIT else (a, a + 1)
    if a > b:
        a, b = b, a
    if rng.random() < 0.25:
        return None, b
    if rng.random() < 0.25:
        return a, None
    return a, b


def _leaves(t: Tree) -> list[Value]:
    out: list[Value] = []
    stack = [t]
    while stack:
        n = stack.pop()
        if isinstance(n, Leaf):
            out.append(n.value)
        else:
            stack.extend(reversed(n.children))
    return out


def _players(rng: random.Random, ask: Ask) -> int:
    return rng.choice((3, 3, 2, 4)) if ask.vector else 2


def _drawn(rng: random.Random, ask: Ask, t: Tree, bounds: Bounds | None) -> Drawn:
    near = [v for v in _leaves(t)[:40] if not isinstance(v, tuple)]
    alpha, beta = _window(rng, ask, near)
    return Drawn(t, bounds, alpha, beta)


def wide(rng: random.Random, ask: Ask) -> Drawn:
    """A node with many children, its best child last half the time (see the module)."""
    top = max(2, min(257, ask.scope.max_nodes - 16))
    k = rng.choice((257, 257, 257, 257, *(b + e for b in BUFFERS for e in (0, 1)), 0))
    k = min(top, k or rng.randint(2, top))
    players = _players(rng, ask)
    mover = _movers(rng, players, ask)
    depth = 0 if rng.random() < 0.75 else 1
    p = mover(depth)
    bounds: Bounds | None = None
    small: Callable[[], Value]
    if not ask.vector:
        spread = 2 * k + 9
        largest = ask.values.largest
        if largest is not None and largest < spread:  # inside a declared infinity: ties, then
            m = int(largest)
            pool = [rng.randint(-m, m) for _ in range(k)]
        else:
            pool = rng.sample(range(-spread, spread), k)
        values: list[Value] = sorted(pool, reverse=p == 1)
        small = _small_values(rng, ask, 2)[1]
    else:
        bounds = Bounds(0, k + 9)
        others = _vectors(rng, players - 1, Bounds(0, 9), exact=False)
        values = [_with(p, i, others()) for i in range(k)]
        small = _vectors(rng, players, bounds, exact=rng.random() < 0.5)
    if rng.random() < 0.5:
        rng.shuffle(values)
    t: Tree = Node(p, values)
    if depth == 1:
        siblings = [
            grow(rng, height=2, children=lambda _: rng.randint(1, 3), leaf=small,
                 mover=lambda d: mover(d + 1), max_nodes=13)
            for _ in range(rng.randint(1, 2))
        ]  # fmt: skip
        at = rng.randint(0, len(siblings))
        t = Node(mover(0), [*siblings[:at], t, *siblings[at:]])
    return _drawn(rng, ask, t, bounds)


def _with(p: int, x: Scalar, rest: Value) -> Value:
    """A vector with component p equal to x and the others from ``rest``."""
    assert isinstance(rest, tuple)
    return (*rest[:p], x, *rest[p:])


def tall(rng: random.Random, ask: Ask) -> Drawn:
    """A tree 6 or more high, mostly binary, within the node cap (see the module).

    For N players half of them are a deep-pruning trap (:func:`trap`) at a distance drawn
    from 2 up to the height, so that pruning with the bound of any one ancestor is caught:
    a trap at a distance beyond the grandparent is too rare in a random tree to be drawn.
    """
    height = rng.randint(6, max(6, ask.scope.max_height))
    players = _players(rng, ask)
    bounds, leaf = _small_values(rng, ask, players)
    if players > 2 and rng.random() < 0.5:
        distances = [k for k in range(2, height) if k % players]
        return Drawn(trap(rng, players, rng.choice(distances), height=height), TRAP_BOUNDS)
    if players > 2 and rng.random() < 0.5:  # ties on purpose: few distinct vectors
        pool = [leaf() for _ in range(rng.randint(2, 4))]
        leaf = lambda: rng.choice(pool)  # noqa: E731
    t = grow(rng, height=height, children=lambda _: rng.choice((1, 2, 2, 2, 3)), leaf=leaf,
             mover=_movers(rng, players, ask, drawn=0.15), max_nodes=ask.scope.max_nodes,
             stop=0.08)  # fmt: skip
    return _drawn(rng, ask, t, bounds)


TRAP_BOUNDS = Bounds(0, 9)


def trap(rng: random.Random, players: int, distance: int, *, height: int, floor: int = 0) -> Tree:
    """A tree on which pruning with the bound of the root, ``distance`` levels up, is wrong.

    The root A (player 0) reads a leaf (x, 0, ...) first, so its best is x. Its second child
    is a chain down to the node P at depth ``distance`` (player q = distance mod N, not 0).
    On the chain, the first node n_j whose player r is neither 0 nor q has a leaf (x + 1, 0,
    ...) first; the other nodes are unary. P's children are u, with u[q] = Sum - x and u[r] =
    1, then w, with w[q] = Sum - x + 1 and w[r] = 0. Pruning at P with A's bound (u[q] >=
    Sum - Best[0] = Sum - x) returns u, which n_j takes (u[r] = 1 > 0) and A refuses (u[0] = 0
    < x): the value is (x, 0, ...). Without it P returns w, n_j keeps its leaf (a tie, 0 = 0),
    and A takes x + 1. Shallow pruning never cuts here: every component is below Sum. Zero
    vectors, which nobody strictly prefers, are added as later children here and there, and
    u and w sit at the ends of unary chains down to ``height``.

    With ``floor`` c every component is at least c (the other components of u, w and the
    leaves are c, u[r] is c + 1, A's leaves are x + c and x + 1 + c), so that the trap holds
    with no component at the lower bound 0: x is then drawn from 1 + N c to Sum - 1 - N c,
    which needs Sum >= 2 + 2 N c.
    """
    total = TRAP_BOUNDS.total
    assert isinstance(total, int)
    q = distance % players
    assert distance >= 2, distance
    assert q != 0, (players, distance)
    j = next(i for i in range(1, distance) if i % players not in {0, q})
    r = j % players
    x = rng.randint(1 + players * floor, total - 1 - players * floor)
    zero = (floor,) * players

    def vector(**at: int) -> tuple[int, ...]:
        v = [floor] * players
        for key, value in at.items():
            v[int(key[1:])] += value
        return tuple(v)

    def padded(value: tuple[int, ...], depth: int) -> Tree:
        t: Tree = Leaf(value)
        for d in range(height - 1, depth - 1, -1):
            t = Node(d % players, [t])
        return t

    def noise() -> list[Tree]:
        return [Leaf(zero)] * (rng.random() < 0.3)

    u = padded(vector(**{f"p{q}": total - x, f"p{r}": 1}), distance + 1)
    w = padded(vector(**{f"p{q}": total - x + 1}), distance + 1)
    node: Tree = Node(q, [u, w, *noise()])
    for d in range(distance - 1, 0, -1):
        first = [Leaf(vector(p0=x + 1))] if d == j else []
        node = Node(d % players, [*first, node, *noise()])
    return Node(0, [Leaf(vector(p0=x)), node, *noise()])


def many(rng: random.Random, ask: Ask) -> Drawn:
    """5 to 8 players (see the module); only for N-player semantics."""
    players = rng.randint(5, max(5, ask.scope.max_players))
    bounds, leaf = _small_values(rng, ask, players, total=rng.choice((9, 20)))
    mover = _movers(rng, players, ask, drawn=0.5)
    height = rng.randint(2, players + 1)
    t = grow(rng, height=height, children=lambda _: rng.choice((2, 2, 3)), leaf=leaf,
             mover=mover, max_nodes=ask.scope.max_nodes, stop=0.1)  # fmt: skip
    return _drawn(rng, ask, t, bounds)


def _allowed(skip: frozenset[str], magnitude: Scalar) -> bool:
    return not set(magnitude_flags(magnitude)) & skip


def magnitude(rng: random.Random, ask: Ask) -> Drawn:
    """Values at one of the edges of machine arithmetic (see the module).

    For an engine that declares its number type, at the edges of that type (:func:`typed`).
    """
    if ask.values.declared:
        return typed(rng, ask)
    centers = [c for c in EDGES if _allowed(ask.skip, c + 1)]
    tiny = not {"Fraction", "TinyFraction"} & ask.skip and rng.random() < 0.25
    if not centers and not tiny:
        centers = [10]
    players = _players(rng, ask)
    mover = _movers(rng, players, ask)
    height = rng.randint(1, 3)
    if tiny:
        denominator = rng.choice(TINY_DENOMINATORS)
        base = rng.choice((0, 1, -1))

        def number() -> Scalar:
            return base + Fraction(rng.randint(-3, 3), denominator)

        scale: Scalar = Fraction(1, denominator)
    else:
        center = rng.choice(centers)
        sign = rng.choice((1, -1))
        mixed = rng.random() < 0.3

        def number() -> Scalar:
            return (rng.choice((1, -1)) if mixed else sign) * (center - rng.randint(0, 3))

        scale = center
    if not ask.vector:
        t = grow(rng, height=height, children=lambda _: rng.randint(1, 3), leaf=number,
                 mover=mover, max_nodes=ask.scope.max_nodes)  # fmt: skip
        return _drawn(rng, ask, t, None)
    bounds, leaf = _big_vectors(rng, players, scale, tiny=tiny)
    t = grow(rng, height=height, children=lambda _: rng.randint(1, 3), leaf=leaf, mover=mover,
             max_nodes=ask.scope.max_nodes)  # fmt: skip
    return Drawn(t, bounds)


def _big_vectors(rng: random.Random, players: int, scale: Scalar, *, tiny: bool) -> tuple[
    Bounds, Callable[[], Value]
]:  # fmt: skip
    """Korf's bounds around ``scale`` and vectors within them whose components are near it.

    Either the sum's bound is ``scale`` and one component takes most of it, or (for integers)
    the lower bound is ``-scale`` and one component sits near it, another near ``+scale``.
    """
    if tiny:
        bounds = Bounds(0, 1)
        step = scale

        def vector() -> Value:
            units = [rng.randint(0, 3) for _ in range(players)]
            return tuple(u * step for u in units)

        return bounds, vector
    assert isinstance(scale, int)
    if rng.random() < 0.5:
        bounds = Bounds(0, scale)

        def lead() -> Value:
            small = [rng.randint(0, 1) for _ in range(players - 1)]
            top = scale - sum(small) - rng.randint(0, 3)
            at = rng.randrange(players)
            return (*small[:at], top, *small[at:])

        return bounds, lead
    bounds = Bounds(-scale, 9)

    def apart() -> Value:
        low, high = -scale + rng.randint(0, 3), scale - rng.randint(0, 3)
        rest = [0] * (players - 2)
        v = [low, high, *rest]
        rng.shuffle(v)
        return tuple(v)

    return bounds, apart


def typed(rng: random.Random, ask: Ask) -> Drawn:
    """Values at the edges of the number type the engine declares (``ask.values``).

    Drawn from the type's edges (:meth:`gametree.conform.numbers.NumberType.edges`) with their
    neighbours, 0, and the magnitudes of :data:`EDGES` it holds, in one of six mixes: one
    extreme (:meth:`gametree.conform.numbers.NumberType.extremes`: M or -M, for a double also
    ±2^-1074) at every leaf, so that every node's children all score it (a fifth of the
    cases); an extreme with its neighbours (a fifth) or another edge with its neighbours (an
    ulp apart for a double), the edge twice as likely as each; the largest and smallest values,
    their neighbours and 0 together, whose differences and sums leave the type; an extreme at
    half the leaves and anything from the pool at the others; or (a fifth of the cases) a root
    whose first child is a leaf at the largest or smallest value, mostly its player's best, so
    that the window reaches the type's limit there, followed by subtrees searched under it.
    Unless every leaf is one extreme, a node whose children all score one is added a third of
    the time. The window is open a third of the time, else at the type's limits or a null
    window at a leaf's value or an edge's; MTD(f)'s first guess at the largest or the smallest
    value (three times in four) or a leaf's; N-player bounds are at the type's limits
    (:func:`_typed_vectors`), or for a double, a quarter of the time, Korf's bound ``Sum -
    Best`` rounded (:func:`_rounded_bound`). So every step of a search that leaves the type,
    :data:`gametree.conform.numbers.OPERATIONS`, is drawn where the type can leave it. Every
    number drawn is inside the type; trees 1 to 3 high (mostly 2 or 3), of 1 to 3 children a
    node (mostly 2).
    """
    kind = ask.values
    top = kind.largest
    assert top is not None
    edges = kind.edges()
    pool = [*(n for e in edges for n in kind.neighbours(e)), 0,
            *(s * c for c in EDGES if kind.holds(c) for s in (1, -1))]  # fmt: skip
    players = _players(rng, ask)
    mover = _movers(rng, players, ask, drawn=0.5)  # who moves decides each value's sign
    height = rng.choice((1, 2, 2, 3, 3))
    width = lambda _: rng.choice((1, 2, 2, 3))  # noqa: E731
    if ask.vector:
        pairs = rounded_bounds(kind)
        if pairs and rng.random() < 0.25:
            return _rounded_bound(rng, rng.choice(pairs), players, mover)
        bounds, vector = _typed_vectors(rng, kind, players, pool)
        return Drawn(grow(rng, height=height, children=width, leaf=vector, mover=mover,
                          max_nodes=ask.scope.max_nodes), bounds)  # fmt: skip
    x = rng.choice(kind.extremes())
    spread = (*kind.neighbours(top), *kind.neighbours(-top), 0)
    mix = rng.random()
    leaf: Callable[[], Value] = lambda: x  # noqa: E731 - every node's children at the extreme
    if 0.2 <= mix < 0.55:  # an edge, twice as likely as each of its neighbours
        edge = x if mix < 0.4 else rng.choice(edges)
        around = (edge, *kind.neighbours(edge))
        leaf = lambda: rng.choice(around)  # noqa: E731
    elif 0.55 <= mix < 0.65:
        leaf = lambda: rng.choice(spread)  # noqa: E731
    elif 0.65 <= mix < 0.8:  # the extreme at half the leaves, anything at the others
        leaf = lambda: x if rng.random() < 0.5 else rng.choice(pool)  # noqa: E731
    if mix >= 0.8:  # the root's first child at its player's extreme, then searched subtrees
        p = mover(0)
        first = top if (p == 0) == (rng.random() < 0.75) else -top
        rest = [grow(rng, height=2, children=width,
                     leaf=lambda: rng.choice(spread), mover=lambda d: mover(d + 1),
                     max_nodes=15) for _ in range(rng.randint(1, 2))]  # fmt: skip
        t: Tree = Node(p, [first, *rest])
    else:
        t = grow(rng, height=height, children=width, leaf=leaf, mover=mover,
                 max_nodes=ask.scope.max_nodes)  # fmt: skip
    if 0.2 <= mix < 0.8 and isinstance(t, Node) and rng.random() < 1 / 3:
        at_extreme = Node(mover(1), [x] * rng.randint(1, 3))
        kids = list(t.children)
        kids.insert(rng.randint(0, len(kids)), at_extreme)
        t = Node(t.to_move, kids)
    values = [v for v in _leaves(t)[:40] if not isinstance(v, tuple)]
    alpha, beta = _typed_window(rng, ask, kind, values)
    guess = rng.choice((top, -top)) if rng.random() < 0.75 else rng.choice(values)
    return Drawn(t, None, alpha, beta, guess)


def rounded_bounds(kind: NumberType) -> list[tuple[Scalar, Scalar]]:
    """(Sum, Best) pairs of ``kind`` whose difference ``Sum - Best`` it rounds (doubles only).

    Korf's sum bound and a component, both numbers of the type, whose exact difference is not
    one: 1 - 2^-60 (rounded up to 1), 2^54 - 3 (a tie, rounded down to 2^54 - 4, to even),
    2^60 - 1, the largest double less 1; inside a declared infinity only. An integer type
    holds every difference that does not overflow, which its extremes already draw.

    >>> [(s, b) for s, b in rounded_bounds(NUMBER_TYPES["double"]) if s == 2**54 and b >= 1]
    [(18014398509481984, 1), (18014398509481984, 3)]
    """
    if kind.kind != "double":
        return []
    top = kind.largest
    assert top is not None
    sums = (1, 2**53, 2**54, 2**60, top)
    bests = (Fraction(1, 2**60), SMALLEST_DOUBLE, 1, 3)
    return [(total, b) for total in sums for b in bests
            if kind.holds(total) and b <= total and not is_double(total - b)]  # fmt: skip


def _rounded_bound(rng: random.Random, pair: tuple[Scalar, Scalar], players: int,
                   mover: Callable[[int], int]) -> Drawn:  # fmt: skip
    """Korf's bound rounded: ``Sum - Best`` for a node of player q below one of player p.

    p's first leaf gives it ``Best``; the leaves of q's node score for q the doubles on either
    side of ``Sum - Best``.

    Shallow pruning cuts q's node off once q has ``Sum - Best`` (3.2.2); a leaf worth just below
    it to q is not enough, exactly, but is to an engine whose bound rounded down to it (or
    whose test ``Best[p] + Next[q] >= Sum`` rounded up), and one just above it always is. The
    leaves are shuffled after the first; one holds both components, whose sum rounds too.
    """
    total, best = pair
    below, above = floor_double(total - best), ceil_double(total - best)
    p = mover(0)
    q = mover(1) if mover(1) != p else (p + 1) % players

    def vector(at: dict[int, Scalar]) -> Leaf:
        return Leaf(tuple(at.get(i, 0) for i in range(players)))

    replies = [vector({q: below}), vector({q: above}), vector({q: below, p: best})]
    rng.shuffle(replies)
    return Drawn(Node(p, [vector({p: best}), Node(q, replies)]), Bounds(0, total))


def _typed_window(rng: random.Random, ask: Ask, kind: NumberType, near: Sequence[Scalar]) -> tuple[
    Scalar | None, Scalar | None
]:  # fmt: skip
    """A window at the limits of ``kind`` or a null window at one of the values ``near``."""
    if not ask.window or rng.random() < 1 / 3:
        return None, None
    top = kind.largest
    assert top is not None
    v = rng.choice([*near, top, -top])
    windows = [
        (kind.below(top), None), (top, None), (None, kind.above(-top)), (None, -top),
        (-top, top), (-top, None), (None, top), (kind.below(top), top), (-top, kind.above(-top)),
        (kind.below(v), v), (v, kind.above(v)),
    ]  # fmt: skip
    alpha, beta = rng.choice(windows)
    if alpha is not None and beta is not None and alpha >= beta:
        return None, None
    return alpha, beta


def _typed_vectors(rng: random.Random, kind: NumberType, players: int,
                   pool: Sequence[Scalar]) -> tuple[Bounds, Callable[[], Value]]:  # fmt: skip
    """Korf's bounds at the limits of ``kind`` and vectors within them near its edges.

    The lower bound is 0, -M or one above -M; the sum's bound M, one below it, 0 or -M (so
    that Korf's Sum, shifted by the lower bound, and ``Sum - Best`` leave the type); or, a
    quarter of the time, a lower bound of 0 and a sum at a positive edge or one of its
    neighbours (an ulp apart for a double). The components are drawn from the extremes, the
    bounds and 0, then lowered to the lower bound one by one, at random, while they sum above
    the bound; a third of the time every leaf is the same vector.
    """
    top = kind.largest
    assert top is not None
    positive = [x for x in pool if x > 0]
    if rng.random() < 0.25:
        lower: Scalar = 0
        total = rng.choice(positive)
        parts = [0, *kind.neighbours(total)]
    else:
        next_up = kind.above(-top)
        assert next_up is not None
        lower = rng.choice((0, -top, -top, next_up))
        total = rng.choice([x for x in (top, kind.below(top), 0, -top)
                            if x is not None and x >= lower])  # fmt: skip
        parts = [lower, 0, top, -top, total, *kind.neighbours(top), *kind.neighbours(-top)]
    parts = [c for c in parts if lower <= c]
    bounds = Bounds(lower, total)

    def vector() -> Value:
        v = [rng.choice(parts) for _ in range(players)]
        while sum(v) > total:
            v[rng.choice([i for i, c in enumerate(v) if c > lower])] = lower
        return tuple(v)

    if rng.random() < 1 / 3:
        same = vector()
        return bounds, lambda: same
    return bounds, vector


def repeated(rng: random.Random, ask: Ask) -> Drawn:
    """One or two subtrees repeated at one depth below different siblings (see the module).

    The subtrees are 1 to 3 high (mostly 3) at depth 1 to 3, so that a table that keeps only
    the nodes a few plies from the leaves is reached too; a node above them has one to three
    children, so that one copy is searched under a window its leaf siblings narrowed and
    another under the window its ancestors left open. Seven times in ten the copies are placed
    so on purpose: one behind a leaf just short of its first child's value, which is not its
    own (so that it is cut off after that child and its result is only a bound), one alone
    (so that its exact value is needed).
    """
    players = _players(rng, ask)
    bounds, leaf = _small_values(rng, ask, players)
    mover = _movers(rng, players, ask, drawn=0.0)
    at = rng.randint(1, 3)
    pool = [
        grow(rng, height=rng.choice((1, 2, 3, 3)), children=lambda _: rng.randint(2, 3),
             leaf=leaf, mover=lambda d: mover(d + at), max_nodes=15)
        for _ in range(rng.randint(1, 2))
    ]  # fmt: skip

    def shared() -> Tree:
        return rng.choice(pool) if rng.random() < 0.65 else Leaf(leaf())

    if rng.random() < 0.7:  # a copy behind a leaf sibling, a copy on its own
        s = grow(rng, height=3, children=lambda _: rng.randint(2, 3), leaf=leaf,
                 mover=lambda d: mover(d + 2), max_nodes=15)  # fmt: skip
        first = Leaf(leaf())
        if not ask.vector and isinstance(s, Node):  # the copy is cut off after its first child
            if minimax(s).value == minimax(s.children[0]).value:  # whose value is not the copy's
                s = Node(s.to_move, [*s.children[1:], s.children[0]])
            c = minimax(s.children[0]).value
            first = Leaf(c - rng.randint(0, 2) if mover(1) == 1 else c + rng.randint(0, 2))
        behind = Node(mover(1), [first, s])
        alone = Node(mover(1), [s] if rng.random() < 0.5 else [s, Leaf(leaf())])
        kids: list[Tree] = [behind, alone]
        if rng.random() < 0.5:
            kids.insert(rng.randint(0, 2), Node(mover(1), [rng.choice((s, Leaf(leaf())))
                                                          for _ in range(2)]))  # fmt: skip
        return _drawn(rng, ask, Node(mover(0), kids), bounds)
    width = 3 if at == 1 else 2
    stack: list[tuple[int, int, list[Tree]]] = [(0, rng.randint(2, width), [])]
    while True:
        d, k, built = stack[-1]
        if len(built) < k:
            if d + 1 == at:
                built.append(shared())
            else:
                stack.append((d + 1, rng.randint(1, width), []))
            continue
        stack.pop()
        node = Node(mover(d), built)
        if not stack:
            return _drawn(rng, ask, node, bounds)
        stack[-1][2].append(node)


TIGHT_BOUNDS = (Bounds(0, 9), Bounds(0, 9), Bounds(0, 3), Bounds(0, 2), Bounds(-1, 6))
"""The tight tier's bounds. Over the integers the smaller the sum, the fewer leaves a search
needs; over the reals a sum of 9 leaves more room for a deeper line to be unnecessary."""


def tight(rng: random.Random, ask: Ask) -> Drawn:
    """A tree 3 to 5 high under tight bounds (see the module); for N-player semantics."""
    players = rng.choice((3, 3, 4, 2, 5))
    bounds = rng.choice(TIGHT_BOUNDS)
    t = tight_tree(rng, players=players, height=rng.choice((3, 4, 4, 5)), bounds=bounds,
                   mover=_movers(rng, players, ask), ties=rng.random() < 0.25,
                   unary=rng.random() < 0.25, max_nodes=min(80, ask.scope.max_nodes))  # fmt: skip
    return Drawn(t, bounds)


def tight_tree(
    rng: random.Random,
    *,
    players: int,
    height: int,
    bounds: Bounds,
    mover: Callable[[int], int],
    ties: bool = False,
    unary: bool = False,
    max_nodes: int = 60,
) -> Tree:
    """A tree of integer vectors within ``bounds``, mostly of two or three children.

    ``ties``: the leaves drawn from three vectors; ``unary``: some nodes have one child.
    """
    leaf = _vectors(rng, players, bounds, exact=rng.random() < 0.5)
    if ties:
        pool = [leaf() for _ in range(3)]
        leaf = lambda: rng.choice(pool)  # noqa: E731
    widths = (1, 2, 2, 3) if unary else (2, 2, 3)
    return grow(rng, height=height, children=lambda _d: rng.choice(widths), leaf=leaf,
                mover=mover, max_nodes=max_nodes, stop=0.15)  # fmt: skip


BUILDERS: dict[Tier, Callable[[random.Random, Ask], Drawn]] = {
    "wide": wide,
    "tall": tall,
    "many": many,
    "magnitude": magnitude,
    "repeated": repeated,
    "tight": tight,
}
"""The seeded tiers, by name (the small tier is Hypothesis's, in the gate)."""
