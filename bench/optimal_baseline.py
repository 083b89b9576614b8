"""The optimal directional search as it was before its kernel: the benchmark's baseline, frozen.

A copy of ``impl.optimal``'s search at commit 3ca50161f53e (``optimal``: the walk of
``optimal_search`` with the verdict ``necessary``) and of the part of ``impl.necessity`` that
verdict runs (``decide_chain`` without a witness: ``_survives``, ``_Numbers``, ``_System``,
``_Search``), so that ``bench/optimality_bench.py`` measures today's search against this one
in the same run, whatever becomes of the package's modules. Only the witness branches, which
the verdict never takes, are left out; the rest is the code as it was, for its speed as well
as its answers. The benchmark imports it, and tests/test_optimal_kernel.py, which checks
that today's search reads the leaves this one reads on every tree it draws.

    git show 3ca50161f53e:gametree/impl/optimal.py
    git show 3ca50161f53e:gametree/impl/necessity.py
"""

import sys
from collections.abc import Callable
from fractions import Fraction
from math import ceil, floor, gcd

from gametree.impl.maxn_stack import require_vectors
from gametree.impl.necessity import Chain, ChainAnswer, Level
from gametree.impl.result import SearchResult
from gametree.spec import Bounds, Domain, Leaf, Node, Path, Scalar, Tree, TreeError, Value, Vector

Placeholder = Callable[[Path], Vector]
Verdict = Callable[[Chain, Bounds, Domain], bool]


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
        assert not witness  # the verdict asks for none (the reference's witnesses are not copied)
        return ChainAnswer(necessary=True)
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
    return ChainAnswer(necessary=True)


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


def necessary(c: Chain, bounds: Bounds, domain: Domain) -> bool:
    """The line question of the chain, exactly: ``decide_chain``, without a limit if need be."""
    answer = decide_chain(c, bounds, domain, line=True, witness=False)
    if answer is None:
        answer = decide_chain(c, bounds, domain, line=True, limit=sys.maxsize, witness=False)
    assert answer is not None
    return answer.necessary


def optimal_search(
    t: Tree,
    bounds: Bounds,
    *,
    domain: Domain = "reals",
    trace: bool = False,
    placeholder: Placeholder | None = None,
    verdict: Verdict = necessary,
) -> SearchResult[Value]:
    """:func:`optimal` with the necessity question as a parameter (the tests seed flaws in it)."""
    players, lowest, evaluate = _reader(t, bounds, domain)
    fill: Placeholder = placeholder if placeholder is not None else (lambda _path: lowest)

    nodes = 0
    read: list[Path] = []
    # One frame per node on the path: its node, player, next child, best so far and its leaf.
    frames: list[tuple[Node, int, int, Vector | None, Path]] = []
    levels: list[Level] = []
    path: list[int] = []
    x: Tree = t
    while True:
        nodes += 1
        here = tuple(path)
        if not verdict(Chain(here, players, tuple(levels)), bounds, domain):
            value, line = fill(here), _leftmost(x, here)
        elif isinstance(x, Node):
            frames.append((x, x.to_move, 0, None, ()))
            levels.append(Level(x.to_move, None, len(x.children) > 1))
            path.append(0)
            x = x.children[0]
            continue
        else:
            value, line = evaluate(x, here), here
            read.append(here)
        # Back the value up through every node whose last child this was.
        while frames:
            node, p, i, best, best_line = frames[-1]
            if best is None or value[p] > best[p]:
                best, best_line = value, line
            path.pop()
            levels.pop()
            if i + 1 < len(node.children):
                frames[-1] = (node, p, i + 1, best, best_line)
                levels.append(Level(p, best, i + 2 < len(node.children)))
                path.append(i + 1)
                x = node.children[i + 1]
                break
            frames.pop()
            value, line = best, best_line
        else:
            return SearchResult(value, line, nodes, len(read), tuple(read) if trace else None)


def _leftmost(x: Tree, here: Path) -> Path:
    """The line a skipped subtree would give if its leaves all tied: its leftmost leaf.

    It reaches the root's line only when D is a single vector (then every leaf is that vector
    and ``spec.maxn`` takes the leftmost path); otherwise a skipped subtree is never on it.
    """
    path = list(here)
    while isinstance(x, Node):
        x = x.children[0]
        path.append(0)
    return tuple(path)


def _reader(
    t: Tree, bounds: Bounds, domain: Domain
) -> tuple[int, Vector, Callable[[Leaf, Path], Vector]]:
    """N, the least vector of the domain, and a leaf reader that checks bounds and domain."""
    if domain not in ("reals", "integers"):
        raise TreeError(f"'domain' must be 'reals' or 'integers' (got {domain!r})", ())
    players = require_vectors(t, "the optimal search")
    low = ceil(bounds.lower) if domain == "integers" else bounds.lower
    if players * low > bounds.total:
        kind = "integer " if domain == "integers" else ""
        raise TreeError(
            f"no {players}-vector of {kind}components fits {bounds}: the lower bounds alone "
            f"sum to {players * low}, above the total",
            (),
        )

    def evaluate(leaf: Leaf, path: Path) -> Vector:
        v = leaf.value
        assert isinstance(v, tuple)
        problem = bounds.problem(v)
        if problem is not None:
            raise TreeError(f"the optimal search relies on {bounds}: {problem}", path)
        if domain == "integers" and any(int(x) != x for x in v):
            raise TreeError(
                f"the optimal search was told the leaves are integers (got {v!r})", path
            )
        return v

    return players, (low,) * players, evaluate


def optimal(
    t: Tree, bounds: Bounds, *, domain: Domain = "reals", trace: bool = False
) -> SearchResult[Value]:
    """``impl.optimal.optimal`` as it was."""
    return optimal_search(t, bounds, domain=domain, trace=trace)
