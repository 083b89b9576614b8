"""Which leaves a directional search must read: the path lemma and a decision without a solver.

Glossary: t is a tree, l the leaf asked about, a_0 (the root), ..., a_(d-1) its ancestors and
a_d = l, p_j the player to move at a_j, D the vectors within Korf's bounds (every component at
least L, their sum at most S; real or integer as the domain says). "Necessary" is
:func:`gametree.proofs.machinery.decision.decide`'s question (Korf 3.2.4, Theorem 1): with
every leaf before l as in t, do two values of l, and one assignment of the leaves after l, give maxn
different root values?

**Lemma (the chain).** Let l's path go through child i_j of a_j. Call ``B_j`` the maxn choice
among a_j's children left of the path (leftmost strict, as ``spec.maxn``; none if i_j = 0) and
say a_j has a *right* side if it has children right of the path. Then l is necessary if and
only if there are u, w in D and one ``R_j`` in D for each level with a right side such that

    climb(u) != climb(w),  where climb(x) runs x up the levels d-1, ..., 0:
    x := x if B_j is none or x[p_j] > B_j[p_j] else B_j;   then
    x := R_j if a_j has a right side and R_j[p_j] > x[p_j] else x.

*Proof.* (1) *One node.* maxn folds a_j's children left to right, a child replacing the best
so far only if its p_j component is strictly larger. Folding the children left of the path
gives B_j; the path child then replaces it exactly when it beats B_j at p_j (the first line of
climb). The right children r_1, ..., r_m follow; folding them replaces the current best c with
the leftmost r_k whose p_j component is the largest of them, when that component exceeds
c[p_j], and leaves c otherwise: the fold ends at the first element of (c, r_1, ..., r_m) whose
p_j component is their maximum. That is the second line of climb with R_j = that leftmost r_k.
(2) *The left children are constants.* Every leaf of a child left of the path comes before l,
so it is fixed, and so is B_j. (3) *The right children are free vectors.* Every leaf of a child
right of the path comes after l, so it is free. A subtree's maxn value is one of its leaves,
hence in D; and every vector of D is some subtree's value (give all its leaves that vector).
The right children of different ancestors, and of one ancestor, have disjoint leaves, so their
values are independent, and both completions (l = u and l = w) share them. (4) *Any number of
right children acts as one.* By (1) only R_j, the leftmost best of them, matters; conversely
any R_j in D is realised by giving every leaf right of the path at a_j the value R_j (all the
right children are then worth R_j, and a child equal to the best so far never replaces it).
So the completions of the tree and the choices (u, w, R_j) correspond, with the same root
values, and "necessary" is the chain question. The lemma needs every leaf before l fixed
(``decide``'s default); with some earlier leaves free (``known="read"``, ``unknown``) the left
children are no longer constants and ``decide`` keeps the whole-tree encoding. []

The chain has 2 + d free vectors, O(d N) unknowns instead of O(leaves N).

**A decision without a solver** (:func:`decide_chain`). Follow u and w up the chain together.
At each level each of the two values *passes* (stays), is *blocked* (becomes B_j) or is
*overtaken* (becomes R_j); both blocked or both overtaken makes them equal for ever, and one
blocked while the other is overtaken is impossible (R_j[p_j] > B_j[p_j] >= R_j[p_j]). So there
are at most 5 joint moves a level, and each adds constraints of two forms only: a component
against a constant (``x[i] > c``, ``x[i] <= c``) and a component against the same component of
another free vector (``R_j[p] > x[p]``, ``R_j[p] <= x[p]``), besides every free vector's own
bounds. At the root the two values must differ: some component of one is below the other's,
one more constraint of the same forms. Such a system is a system of difference constraints
with upper bounds on each variable and on the sum of each vector's components; every
constraint but those upper bounds is a lower bound ``y >= x + delta`` or ``y >= c + delta``. Its
*least* solution (the longest paths; delta an infinitesimal epsilon for a strict inequality
over the reals, 1 over the integers) is below every solution in every variable, so the system
is feasible exactly when the least solution exists (no cycle with a strict edge) and meets the
upper bounds and the sums. Over the reals "feasible for every small enough epsilon > 0" is
feasibility with strict inequalities (take epsilon below every slack), and the least solution
is linear in epsilon, so it is kept as a pair (constant, multiple of epsilon) compared
lexicographically. The search tries the joint moves depth first and stops at the first
feasible system; it is exact over the reals and the integers alike, and checked against z3
(:func:`gametree.proofs.machinery._smt.decide_chain_smt`) in the tests and against the
whole-tree encoding of :func:`gametree.proofs.machinery.decision.decide`.

**One of the two values may be the least vector.** For fixed R_j, climb is a function of
the leaf's value x alone, and it is not constant on D exactly when some x gives a value other
than climb(lambda), lambda the least vector of D (every component L, or ceil(L) over the
integers). So w = lambda without loss: a constant, which every B_j (a vector of D) blocks; the
search fixes it before it starts, and about half its joint moves fail at once.

The search is exponential in the worst case (at most 5 joint moves a level); three things
keep it small: w fixed, as above. The common case, a value u that passes every level with
every R_j harmless (the region S_0 of vectors beating each B_j at p_j is not empty), is
decided at once (:func:`_survives`): u differs from every B_j, and w ends at one of them.
And once both values are constants (two B's) what remains depends only
on the level and the two constants, so a pair that failed once is not searched again. Past
``limit`` systems the search gives up (``None``): :func:`gametree.proofs.machinery.decision.decide`
then asks z3 on the chain, and :mod:`gametree.impl.optimal` (which needs no solver) searches again
without a limit.
"""

from collections.abc import Sequence
from fractions import Fraction
from math import ceil, floor, gcd

import attrs

from gametree.spec import Bounds, Domain, Leaf, Node, Path, Scalar, Tree, TreeError, Vector

__all__ = [
    "SEARCH_LIMIT",
    "Chain",
    "ChainAnswer",
    "Level",
    "chain",
    "chains",
    "climb",
    "climb_line",
    "completion",
    "decide_chain",
]


@attrs.frozen
class Level:
    """One ancestor a_j of the leaf: its player, ``best`` (B_j, or None), whether it has a right."""

    player: int
    best: Vector | None
    right: bool


@attrs.frozen
class Chain:
    """The path question of a leaf: its levels, root first (``levels[j]`` is a_j)."""

    leaf: Path
    players: int
    levels: tuple[Level, ...]


@attrs.frozen
class ChainAnswer:
    """A decided chain: ``values`` (u, w) and ``rights`` (R_j, None where no right) if necessary."""

    necessary: bool
    values: tuple[Vector, Vector] | None = None
    rights: tuple[Vector | None, ...] | None = None


def climb(c: Chain, x: Vector, rights: Sequence[Vector | None]) -> Vector:
    """The root's value when the leaf is ``x`` and the right side at a_j is worth ``rights[j]``."""
    return climb_line(c, x, rights)[0]


Source = tuple[str, int]
"""Where the root's value comes from: ("leaf", d), ("best", j) for B_j or ("right", j) for R_j."""


def climb_line(c: Chain, x: Vector, rights: Sequence[Vector | None]) -> tuple[Vector, Source]:
    """:func:`climb`, with the source of the root's value (so of its principal variation)."""
    source: Source = ("leaf", len(c.levels))
    for j in range(len(c.levels) - 1, -1, -1):
        level = c.levels[j]
        p = level.player
        if level.best is not None and not x[p] > level.best[p]:
            x, source = level.best, ("best", j)
        r = rights[j]
        if r is not None and r[p] > x[p]:
            x, source = r, ("right", j)
    return x, source


def _vector(x: Leaf) -> Vector:
    v = x.value
    if not isinstance(v, tuple):
        raise TreeError("the optimality question is about N-player vector values (got scalars)", ())
    return v


def _choose(p: int, values: Sequence[Vector]) -> Vector | None:
    best: Vector | None = None
    for v in values:
        if best is None or v[p] > best[p]:
            best = v
    return best


def chains(t: Tree) -> dict[Path, Chain]:
    """The chain of every leaf of ``t``, left to right, in one pass (O(nodes + leaves x depth)).

    Depth first, left to right, as the optimal search walks: when the walk enters child i of
    a node, children 0..i-1 are done and B_j is the best of their values (leftmost strict).
    Iterative, so a tree of any height is taken.
    """
    players = t.players
    out: dict[Path, Chain] = {}
    # One frame per node on the path: the node, the child being walked, the best before it.
    nodes: list[Node] = []
    index: list[int] = []
    bests: list[Vector | None] = []
    levels: list[Level] = []
    path: list[int] = []
    x = t
    while True:
        if isinstance(x, Node):
            nodes.append(x)
            index.append(0)
            bests.append(None)
            levels.append(Level(x.to_move, None, len(x.children) > 1))
            path.append(0)
            x = x.children[0]
            continue
        value = _vector(x)
        here = tuple(path)
        out[here] = Chain(here, players, tuple(levels))
        while nodes:  # back the value up through every node whose last child this was
            node, best = nodes[-1], bests[-1]
            p = node.to_move
            if best is None or value[p] > best[p]:
                best = bests[-1] = value
            i = index[-1] + 1
            levels.pop()
            path.pop()
            if i < len(node.children):
                index[-1] = i
                levels.append(Level(p, best, i + 1 < len(node.children)))
                path.append(i)
                x = node.children[i]
                break
            nodes.pop()
            index.pop()
            bests.pop()
            value = best
        else:
            return out


def chain(t: Tree, leaf: Path) -> Chain:
    """The chain of the leaf at ``leaf`` alone, in one pass over the tree (O(nodes))."""
    levels: list[Level] = []
    node = t
    for depth, step in enumerate(leaf):
        if not isinstance(node, Node) or not 0 <= step < len(node.children):
            break
        p = node.to_move
        levels.append(Level(p, _choose(p, [_value(x) for x in node.children[:step]]),
                            step < len(node.children) - 1))  # fmt: skip
        node = node.children[step]
        if depth == len(leaf) - 1 and isinstance(node, Leaf):
            _vector(node)
            return Chain(tuple(leaf), t.players, tuple(levels))
    if isinstance(node, Leaf) and not leaf:
        _vector(node)
        return Chain((), t.players, ())
    raise TreeError(f"there is no leaf at path {list(leaf)}", ())


def _value(t: Tree) -> Vector:
    """The maxn value of ``t`` (leftmost strict), over an explicit stack."""
    done: list[Vector] = []
    stack: list[tuple[Tree, bool]] = [(t, False)]
    while stack:
        x, ready = stack.pop()
        if isinstance(x, Leaf):
            done.append(_vector(x))
        elif ready:
            kids = done[len(done) - len(x.children) :]
            del done[len(done) - len(x.children) :]
            best = _choose(x.to_move, kids)
            assert best is not None
            done.append(best)
        else:
            stack.append((x, True))
            stack.extend((c, False) for c in reversed(x.children))
    return done[0]


def completion(t: Tree, c: Chain, rights: Sequence[Vector | None]) -> dict[Path, Vector]:
    """The later leaves that realise ``rights``: every leaf right of the path at a_j gets R_j."""
    out: dict[Path, Vector] = {}
    node = t
    for j, step in enumerate(c.leaf):
        assert isinstance(node, Node)
        r = rights[j]
        for i in range(step + 1, len(node.children)):
            assert r is not None
            stack: list[tuple[Path, Tree]] = [((*c.leaf[:j], i), node.children[i])]
            while stack:
                path, x = stack.pop()
                if isinstance(x, Leaf):
                    out[path] = r
                else:
                    assert isinstance(x, Node)
                    stack.extend(((*path, k), y) for k, y in enumerate(x.children))
        node = node.children[step]
    return out


# --- the decision without a solver -----------------------------------------------------------

EPSILON = 1 << 32
"""Over the reals a bound c + e epsilon is kept as the integer c * EPSILON + e (|e| is at most
the number of variables, far below EPSILON), so that comparing two integers compares the pairs
lexicographically; the constants are first scaled to integers by their common denominator."""


class _Numbers:
    """A chain's constants as integers: scaled (reals) or floored (integers) for the variables.

    Over the integers an integer x has x > c iff x > floor(c) and x <= c iff x <= floor(c), so
    a constant is floored where a free component meets it; two constants are compared exactly.
    """

    def __init__(self, c: Chain, bounds: Bounds, domain: Domain) -> None:
        self.integers = domain == "integers"
        bests = [level.best for level in c.levels]
        if self.integers:
            self.scale = 1
            self.lower, self.total = ceil(bounds.lower), floor(bounds.total)
            self.bests = [None if b is None else tuple(floor(q) for q in b) for b in bests]
        else:
            scale = 1
            for q in [bounds.lower, bounds.total, *[x for b in bests if b is not None for x in b]]:
                d = Fraction(q).denominator
                scale = scale * d // gcd(scale, d)
            self.scale = scale
            self.lower = int(bounds.lower * scale) * EPSILON
            self.total = int(bounds.total * scale) * EPSILON
            self.bests = [
                None if b is None else tuple(int(q * scale) * EPSILON for q in b) for b in bests
            ]

    def number(self, v: int, eps: Fraction) -> Scalar:
        """A least bound as an exact number, epsilon taken as ``eps``."""
        if self.integers:
            return v
        c, e = divmod(v, EPSILON)
        q = (c + e * eps) / self.scale
        return q.numerator if q.denominator == 1 else q


class _System:
    """Difference constraints with upper bounds, kept at their least solution.

    Variable ``v * n + i`` is component i of free vector v (0 = u, 1 = w, 2 + j = R_j); a
    strict inequality adds 1 (one epsilon over the reals). ``sums[v]`` is vector v's sum.
    Every change is logged in ``trail``, so the search goes back to an earlier system with
    :meth:`undo` instead of copying one for each joint move.
    """

    __slots__ = ("edges", "high", "low", "n", "sums", "total", "trail")

    def __init__(self, n: int, count: int, lower: int, total: int) -> None:
        self.n, self.total = n, total
        self.low = [lower] * (n * count)
        self.high: list[int | None] = [None] * (n * count)
        self.edges: list[list[tuple[int, int]]] = [[] for _ in range(n * count)]
        self.sums = [n * lower] * count
        # (0, var, old low) | (1, var, old high) | (2, var, 0) for an edge out of var
        self.trail: list[tuple[int, int, int | None]] = []

    def undo(self, mark: int) -> None:
        """Back to the system as it was when the trail was ``mark`` long."""
        trail, low, n = self.trail, self.low, self.n
        while len(trail) > mark:
            kind, var, old = trail.pop()
            if kind == 0:
                assert old is not None
                self.sums[var // n] -= low[var] - old
                low[var] = old
            elif kind == 1:
                self.high[var] = old
            else:
                self.edges[var].pop()

    def raise_to(self, var: int, v: int) -> bool:
        """Make ``var >= v`` and propagate; False if the system has become infeasible.

        Every cycle of edges has a strict edge (an edge into R_j is strict), so a cycle means
        infeasible; the propagation finds one as a path longer than there are variables.
        """
        low, high, sums, n, trail = self.low, self.high, self.sums, self.n, self.trail
        limit = len(low)
        work = [(var, v, 0)]
        while work:
            x, value, length = work.pop()
            old = low[x]
            if value <= old:
                continue
            if length > limit:
                return False
            h = high[x]
            if h is not None and value > h:
                return False
            trail.append((0, x, old))
            low[x] = value
            sums[x // n] += value - old
            if sums[x // n] > self.total:
                return False
            for y, step in self.edges[x]:
                work.append((y, value + step, length + 1))
        return True

    def at_most(self, var: int, cap: int) -> bool:
        h = self.high[var]
        if h is None or cap < h:
            self.trail.append((1, var, h))
            self.high[var] = cap
        return self.low[var] <= cap

    def below(self, x: int, y: int, step: int) -> bool:
        """``x + step <= y``: an edge x -> y."""
        self.trail.append((2, x, 0))
        self.edges[x].append((y, step))
        return self.raise_to(y, self.low[x] + step)


# A run's value: a free vector (its index v >= 0: 0 = u, 1 = w, 2 + j = R_j) or B_j, as -1 - j.
_Run = int


class _Search:
    """The depth-first search over the joint moves (see the module docstring)."""

    def __init__(self, c: Chain, numbers: _Numbers, *, line: bool = False) -> None:
        self.line = line
        self.c, self.numbers, self.n = c, numbers, c.players
        self.exact = [level.best for level in c.levels]

    def _less(self, s: _System, a: _Run, i: int, b: _Run, *, strict: bool) -> bool:
        """``a[i] < b[i]`` (strict) or ``a[i] <= b[i]``, for free vectors and constants alike.

        Two constants are compared exactly (over the integers their floors would not do).
        """
        step = 1 if strict else 0
        n = self.n
        if a >= 0:
            if b >= 0:
                return s.below(a * n + i, b * n + i, step)
            bound = self.numbers.bests[-1 - b]
            assert bound is not None
            return s.at_most(a * n + i, bound[i] - step)
        if b >= 0:
            bound = self.numbers.bests[-1 - a]
            assert bound is not None
            return s.raise_to(b * n + i, bound[i] + step)
        x, y = self.exact[-1 - a], self.exact[-1 - b]
        assert x is not None
        assert y is not None
        return x[i] < y[i] if strict else x[i] <= y[i]

    def apply(self, s: _System, j: int, run: _Run, move: int) -> tuple[bool, _Run]:
        """One run's move at level j (0 pass, 1 blocked, 2 overtaken): its constraints, its value.

        A run not overtaken keeps R_j from beating what it holds after B_j (``R_j[p] <=``), so
        that a level where nobody is overtaken has a harmless R_j too.
        """
        level = self.c.levels[j]
        p, r, b = level.player, 2 + j, -1 - j
        has_best = level.best is not None
        if move == 0:
            ok = (not has_best or self._less(s, b, p, run, strict=True)) and (
                not level.right or self._less(s, r, p, run, strict=False)
            )
            return ok, run
        if move == 1:
            ok = self._less(s, run, p, b, strict=False) and (
                not level.right or self._less(s, r, p, b, strict=False)
            )
            return ok, b
        ok = self._less(s, run, p, r, strict=True) and (
            not has_best or self._less(s, b, p, r, strict=True)
        )
        return ok, r

    def search(self, s: _System, limit: int) -> bool | None:
        """Whether joint moves from the leaf to the root give a feasible system (then in ``s``).

        ``None`` when more than ``limit`` systems were tried. Depth first with an explicit
        stack, so a chain of any length is taken; each entry keeps the trail's length at its
        level, to go back to. ``dead`` holds the pairs of constants that failed at a level:
        their future depends on the level and the two constants alone.
        """
        dead: set[tuple[int, _Run, _Run]] = set()
        # (mark, level, run x, run y, next joint move); a move of -1 marks (level, x, y) dead
        stack: list[tuple[int, int, _Run, _Run, int]] = [
            (len(s.trail), len(self.c.levels) - 1, 0, 1, 0)
        ]
        kinds = [_MOVES[_kind(level)] for level in self.c.levels]
        tried = 0
        while stack:
            mark, j, x, y, k = stack.pop()
            if k < 0:
                dead.add((j, x, y))
                continue
            s.undo(mark)
            if j < 0:
                if self.differ(s, x, y):
                    return True
                continue
            tried += 1
            if tried > limit:
                return None
            moves = kinds[j]
            if k + 1 < len(moves):
                stack.append((mark, j, x, y, k + 1))
            mx, my = moves[k]
            ok, x2 = self.apply(s, j, x, mx)
            if not ok:
                continue
            ok, y2 = self.apply(s, j, y, my)
            if not ok or x2 == y2 or (not self.line and self._same_constant(x2, y2)):
                continue
            here = len(s.trail)
            if x2 >= 0 or y2 >= 0:
                stack.append((here, j - 1, x2, y2, 0))
            elif (j - 1, x2, y2) not in dead:
                stack.append((here, j - 1, x2, y2, -1))
                stack.append((here, j - 1, x2, y2, 0))
        return False

    def _same_constant(self, x: _Run, y: _Run) -> bool:
        return x < 0 and y < 0 and self.exact[-1 - x] == self.exact[-1 - y]

    def differ(self, s: _System, x: _Run, y: _Run) -> bool:
        """Whether the two root values can be apart (for the line: their leaves); ``s`` then is.

        Two runs that end at different sources end at different leaves, so their principal
        variations differ: only the leaf's own two values (u and w) need a component apart.
        """
        if (self.line and (x, y) != (0, 1)) or (x < 0 and y < 0):
            return True
        mark = len(s.trail)
        for i in range(self.n):
            for a, b in ((x, y), (y, x)):
                if self._less(s, a, i, b, strict=True):
                    return True
                s.undo(mark)
        return False


def _kind(level: Level) -> int:
    return (level.best is not None) + 2 * level.right


_MOVES: list[list[tuple[int, int]]] = [
    [(0, 0)],
    [(0, 0), (0, 1), (1, 0)],
    [(0, 0), (0, 2), (2, 0)],
    [(0, 0), (0, 1), (1, 0), (0, 2), (2, 0)],
]
"""The joint moves (0 pass, 1 blocked, 2 overtaken) by level kind (best? + 2 right?), both
passing first: both blocked or both overtaken makes the values equal, one blocked and one
overtaken is impossible."""


SEARCH_LIMIT = 200_000
"""The most systems :func:`decide_chain` tries before it gives up."""


def decide_chain(
    c: Chain,
    bounds: Bounds,
    domain: Domain = "reals",
    *,
    line: bool = False,
    limit: int = SEARCH_LIMIT,
    witness: bool = True,
) -> ChainAnswer | None:
    """The chain question decided exactly without a solver (see the module docstring).

    With ``line``, the question is whether the leaf matters to the root's value *or* to its
    principal variation (the leaf the root's value comes from): two values of the leaf that
    give the same root value from different leaves count. ``None`` if the search tried more
    than ``limit`` systems (then ask z3 on the chain). Without ``witness`` a necessary leaf's
    answer carries no values (the verdict alone, as the optimal search needs it, is cheaper).
    """
    if _survives(c, bounds, domain):
        return _surviving_witness(c, bounds, domain) if witness else ChainAnswer(necessary=True)
    numbers = _Numbers(c, bounds, domain)
    n, count = c.players, 2 + len(c.levels)
    if n * numbers.lower > numbers.total:
        return ChainAnswer(necessary=False)
    system = _System(n, count, numbers.lower, numbers.total)
    for i in range(n):
        system.at_most(n + i, numbers.lower)
    found = _Search(c, numbers, line=line).search(system, limit)
    if found is None:
        return None
    if not found:
        return ChainAnswer(necessary=False)
    if not witness:
        return ChainAnswer(necessary=True)
    return _witness(c, bounds, numbers, system, line=line)


def _lowest(c: Chain, bounds: Bounds, domain: Domain) -> tuple[list[Scalar], list[bool], Scalar]:
    """The corner of S_0 (module docstring), which components were raised to it, the total.

    The corner is the least vector beating every B_j at p_j; over the reals a raised component
    must exceed its entry, over the integers it is already one more than the bound.
    """
    integers = domain == "integers"
    low: Scalar = ceil(bounds.lower) if integers else bounds.lower
    lowest = [low] * c.players
    raised = [False] * c.players
    for level in c.levels:
        if level.best is not None:
            p, b = level.player, level.best[level.player]
            if integers and floor(b) + 1 > lowest[p]:
                lowest[p], raised[p] = floor(b) + 1, True
            elif not integers and b >= lowest[p]:
                lowest[p], raised[p] = b, True
    return lowest, raised, floor(bounds.total) if integers else bounds.total


def _survives(c: Chain, bounds: Bounds, domain: Domain) -> bool:
    """Whether some leaf value u passes every level with every R_j harmless (S_0 not empty).

    Then u and w, the least vector, are a witness: u beats every B_j at p_j, so it differs
    from every B_j, and w either ends at one of them or (every B_j below the bounds) passes
    every level too, and u is made to differ from it: one unit more in a component.
    """
    lowest, raised, total = _lowest(c, bounds, domain)
    slack = total - sum(lowest)
    if domain == "reals":
        return slack > 0
    return slack >= 0 if any(raised) else slack >= 1


def _surviving_witness(c: Chain, bounds: Bounds, domain: Domain) -> ChainAnswer:
    """The witness of :func:`_survives`; every R_j the least vector, as w."""
    lowest, raised, total = _lowest(c, bounds, domain)
    integers = domain == "integers"
    if not any(raised):
        lowest[0] += 1 if integers else 0
        raised[0] = not integers
    step = Fraction(total - sum(lowest)) / (2 * c.players)
    u = tuple(_number(Fraction(q) + step if r and not integers else Fraction(q))
              for q, r in zip(lowest, raised, strict=True))  # fmt: skip
    w = tuple(_number(Fraction(ceil(bounds.lower) if domain == "integers" else bounds.lower))
              for _ in range(c.players))  # fmt: skip
    return ChainAnswer(
        necessary=True,
        values=(u, w),
        rights=tuple(w if level.right else None for level in c.levels),
    )


def _number(q: Fraction) -> Scalar:
    return q.numerator if q.denominator == 1 else q


def _witness(c: Chain, bounds: Bounds, numbers: _Numbers, s: _System, *, line: bool) -> ChainAnswer:
    """Concrete u, w and R_j from the least solution (epsilon made small enough), checked."""
    n, d = c.players, len(c.levels)

    def vector(v: int, eps: Fraction) -> Vector:
        return tuple(numbers.number(s.low[v * n + i], eps) for i in range(n))

    eps = Fraction(1)
    for _ in range(200):
        u, w = vector(0, eps), vector(1, eps)
        rights = tuple(vector(2 + j, eps) if c.levels[j].right else None for j in range(d))
        every = [u, w, *[r for r in rights if r is not None]]
        one, other = climb_line(c, u, rights), climb_line(c, w, rights)
        if all(bounds.problem(v) is None for v in every) and (
            one != other if line else one[0] != other[0]
        ):
            return ChainAnswer(necessary=True, values=(u, w), rights=rights)
        if numbers.integers:
            break
        eps /= 2
    raise AssertionError(f"the least solution of a feasible chain system gave no witness: {c}")
