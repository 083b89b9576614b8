"""The optimal directional search's walk and necessity decision, in a form that mypyc compiles.

:func:`gametree.impl.optimal.optimal` runs :func:`walk`: the walk of
:func:`~gametree.impl.optimal.optimal_search` with its verdict
:func:`~gametree.impl.optimal.necessary`, that is :func:`~gametree.impl.necessity.decide_chain`
(``line=True``, no witness, no limit), fused into one loop. Those two stay the reference:
readable, and what the proofs, the events and the page's engine use. This walk gives every
node the reference's verdict, so it reads the same leaves and returns the same value, line
and counts; it gets there with less work:

- **The levels are kept, not rebuilt.** The walk holds, for each ancestor on the path, its
  player, its best child so far (B_j) and whether it has a right side, as the reference's
  ``levels`` do; with them, the constants the decision compares with, as integers (below),
  computed once when B_j changes instead of once for every node below it (and their
  multiples, :meth:`_Levels.multiple`, once for every node that asks with the same factor).
- **The survival test is a prefix.** :func:`~gametree.impl.necessity._survives` asks whether
  the corner of S_0 (the least vector beating every B_j at p_j) fits under the total. The
  corner over levels 0..j is the corner over 0..j-1 raised at p_j, so the walk keeps one corner
  (and its sum) per depth, updated when B_j changes: the test is O(1) at each node.
- **Verdicts known without a search.** The walk enters only the children of necessary nodes.
  A first child (no B_j at its parent's level) is necessary: with both values passing that
  level and its R_j at the least vector, harmless, what is left is the parent's question,
  whose answer was yes. A node whose chain is its left sibling's (the same B_j object, the
  same right side) gets its sibling's verdict: the question is a function of the chain.
- **Witnesses before the search.** :meth:`_Decision.witnessed` tries a few completions in
  concrete numbers and checks them as ``climb_line`` would; one that gives the root two
  different sources proves the node necessary. Only when none does (and the node does not
  survive) does the search run: the reference's joint moves, systems and least solutions,
  without a limit (the reference's second try), a run that is a constant moving first.
- **Integers.** The reference scales the chain's constants to integers by their common
  denominator S (the least common multiple of the bounds' and every B_j's denominators) for
  each question. Here each level keeps its B_j scaled by the common denominator of the levels
  above it and itself (a prefix too), so the scale of a node's chain is its deepest level's,
  and on a tree of integer leaves (every scale 1) nothing is scaled again. Over the reals a
  bound c + e epsilon is the integer c E + e, as in the reference, with E a power of two
  above 4 N (V + 1) (V the number of variables; at least 2^16) instead of 2^32. That keeps
  comparisons of c E + e comparisons of the pairs (c, e): every cycle of edges has a strict
  one, so in a feasible system (where each propagation starts) a least value gathers at most
  V epsilons along a simple path, one propagation adds at most V more before it finds a
  cycle, and a sum of N values holds at most N (2 V + 1). The numbers then stay within a
  machine word on Korf's model (components up to 2^30).
- **Plain arrays.** The difference constraints keep their edges in one linked list (each
  variable's most recent edge first; edges are removed last in, first out, as the trail
  undoes them), and a variable without an upper bound has the largest value a component of a
  vector of D can take (N - 1 components at L leave total - (N - 1) L): a larger lower bound
  breaks the vector's sum first, so the verdicts are the reference's.

The shortcuts take every B_j in D, as the reference's lemma does (so ``optimal`` checks a
caller's placeholder). ``tests/test_optimal_kernel.py`` checks that this walk, pure Python
and compiled, and the reference read the same leaves and return the same value, line and
counts on every tree the tests draw, over the reals and the integers; that the search alone,
the shortcuts off, does too; and that a shortcut claiming too much is caught.

This file is the reference for its compiled copy: ``python3 dev.py build`` compiles it with
mypyc into ``impl._optimal_kernel_mypyc``, tagged with its SHA-256, and :mod:`impl._compiled`
uses the compiled copy only when that tag matches this file (as for alpha-beta's kernel).

Glossary: t the tree, n (N) the players, k the depth of the node asked about (its levels are
0..k-1, the root first), L and the total Korf's bounds, a *run* one of the two values climbing
the chain: a free vector (0 = u, 1 = w, 2 + j = R_j) or B_j, written -1 - j.
"""

from collections.abc import Callable
from fractions import Fraction
from math import floor, gcd
from typing import Final

from gametree.spec import Leaf, Node

__all__ = ["leftmost", "walk"]

Number = int | Fraction
Vec = tuple[Number, ...]
Way = tuple[int, ...]

_MOVES: Final[list[list[tuple[int, int]]]] = [
    [(0, 0)],
    [(0, 0), (0, 1), (1, 0)],
    [(0, 0), (0, 2), (2, 0)],
    [(0, 0), (0, 1), (1, 0), (0, 2), (2, 0)],
]
"""The joint moves by level kind (best? + 2 right?): ``impl.necessity._MOVES``."""


def leftmost(x: object, here: Way) -> Way:
    """The line a skipped subtree would give if its leaves all tied: its leftmost leaf.

    It reaches the root's line only when D is a single vector (then every leaf is that vector
    and ``spec.maxn`` takes the leftmost path); otherwise a skipped subtree is never on it.
    """
    path = list(here)
    while isinstance(x, Node):
        x = x.children[0]
        path.append(0)
    return tuple(path)


def _denominator(v: Vec) -> int:
    """The least common multiple of the components' denominators."""
    d = 1
    for q in v:
        e = q.denominator
        if e != 1:
            d = d * e // gcd(d, e)
    return d


def _scaled(q: Number, scale: int) -> int:
    """``q * scale``, an integer when ``scale`` is a multiple of ``q``'s denominator."""
    if isinstance(q, int):
        return q * scale
    return q.numerator * (scale // q.denominator)


class _Levels:
    """The ancestors of the node the walk is at, and what the decision needs of them.

    Level j: ``player[j]``, ``best[j]`` (B_j, or None), ``right[j]``; ``key[j]``, B_j times
    ``scale[j]`` (the common denominator of the bounds and of B_0 .. B_j); ``floors[j]``, B_j's
    floors (the integers' bounds). Prefix k (the chain of a node at depth k, levels 0..k-1):
    ``corner[k]``, S_0's corner (scaled by ``scale[k - 1]`` over the reals), its sum
    ``corner_sum[k]``, ``raised[k]`` (some component raised), ``total[k]`` (the total in the
    same units).
    """

    def __init__(self, n: int, lower: Number, total: Number, integers: bool) -> None:  # noqa: FBT001
        self.n = n
        self.integers = integers
        self.lower = lower
        self.total_exact = total
        self.player: list[int] = []
        self.best: list[Vec | None] = []
        self.right: list[bool] = []
        self.key: list[list[int]] = []
        self.floors: list[list[int]] = []
        self.scale: list[int] = []
        base = _denominator((lower, total))
        self.base = base
        if integers:
            low = -floor(-lower)
            self.corner: list[list[int]] = [[low] * n]
            self.total: list[int] = [floor(total)]
        else:
            self.corner = [[_scaled(lower, base)] * n]
            self.total = [_scaled(total, base)]
        self.corner_sum: list[int] = [sum(self.corner[0])]
        self.raised: list[bool] = [False]
        self.verdict: list[int] = []
        self.factors: list[list[int]] = []
        self.multiples: list[list[list[int]]] = []

    def push(self, player: int, right: bool) -> None:  # noqa: FBT001
        """A new deepest level, with no best yet."""
        self.player.append(player)
        self.best.append(None)
        self.right.append(right)
        self.key.append([])
        self.floors.append([])
        self.scale.append(self.scale[-1] if self.scale else self.base)
        self.corner.append(self.corner[-1])
        self.corner_sum.append(self.corner_sum[-1])
        self.raised.append(self.raised[-1])
        self.total.append(self.total[-1])
        self.verdict.append(1)
        self.factors.append([0, 0])
        self.multiples.append([[], []])

    def pop(self) -> None:
        """Drop the deepest level."""
        self.player.pop()
        self.best.pop()
        self.right.pop()
        self.key.pop()
        self.floors.pop()
        self.scale.pop()
        self.corner.pop()
        self.corner_sum.pop()
        self.raised.pop()
        self.total.pop()
        self.verdict.pop()
        self.factors.pop()
        self.multiples.pop()

    def set(self, best: Vec, right: bool) -> None:  # noqa: FBT001
        """The deepest level's B_j and right side change; its prefix follows."""
        j = len(self.player) - 1
        if self.best[j] is best and self.right[j] == right:
            return
        self.verdict[j] = -1
        self.right[j] = right
        if self.best[j] is best:
            return
        self.best[j] = best
        self.factors[j] = [0, 0]
        above = self.scale[j - 1] if j > 0 else self.base
        scale = above
        d = _denominator(best)
        if scale % d != 0:
            scale = scale * d // gcd(scale, d)
        self.scale[j] = scale
        self.key[j] = [_scaled(q, scale) for q in best]
        p = self.player[j]
        corner = list(self.corner[j])
        total = self.total[j]
        raised = self.raised[j]
        if self.integers:
            self.floors[j] = [floor(q) for q in best]
            b = self.floors[j][p] + 1
            if b > corner[p]:
                corner[p] = b
                raised = True
        else:
            if scale != above:
                ratio = scale // above
                corner = [c * ratio for c in corner]
                total *= ratio
            b = self.key[j][p]
            if b >= corner[p]:
                corner[p] = b
                raised = True
        self.corner[j + 1] = corner
        self.corner_sum[j + 1] = sum(corner)
        self.total[j + 1] = total
        self.raised[j + 1] = raised

    def multiple(self, j: int, factor: int, slot: int) -> list[int]:
        """B_j's key times ``factor``, kept for the next chain that asks with the same one.

        Two slots a level: the units of :meth:`_Decision.witnessed` and the bounds of
        :meth:`_Decision.search` (both the same factor at every node of a tree of integers).
        """
        if self.factors[j][slot] != factor:
            self.multiples[j][slot] = [c * factor for c in self.key[j]]
            self.factors[j][slot] = factor
        return self.multiples[j][slot]

    def survives(self) -> bool:
        """``impl.necessity._survives`` for the deepest node's chain."""
        k = len(self.player)
        slack = self.total[k] - self.corner_sum[k]
        if not self.integers:
            return slack > 0
        return slack >= 0 if self.raised[k] else slack >= 1

    def necessary(self) -> bool:
        """``impl.optimal.necessary`` for the chain of the node at the end of the levels."""
        k = len(self.player)
        if k > 0 and self.verdict[k - 1] >= 0:
            return self.verdict[k - 1] == 1
        if self.survives():
            answer = True
        else:
            decision = _Decision(self)
            answer = decision.witnessed() or decision.search()
        if k > 0:
            self.verdict[k - 1] = 1 if answer else 0
        return answer


class _Decision:
    """``impl.necessity._System`` and ``_Search`` (``line=True``) for one chain, unlimited.

    Variable ``v * n + i`` is component i of free vector v. ``low`` is the least solution,
    ``high`` the upper bounds, ``sums`` each vector's sum; ``trail`` logs every change as
    (kind, variable, old value) flattened, kind 0 a lower bound, 1 an upper bound, 2 an edge.
    """

    def __init__(self, levels: _Levels) -> None:
        n = levels.n
        k = len(levels.player)
        self.n = n
        self.k = k
        self.player = levels.player
        self.has_best = [b is not None for b in levels.best[:k]]
        self.right = levels.right
        scale = levels.scale[k - 1] if k > 0 else levels.base
        self.levels = levels
        self.ratios = [scale // levels.scale[j] for j in range(k)]
        keys: list[list[int]] = []
        for j in range(k):
            if self.has_best[j] and self.ratios[j] != 1:
                keys.append([c * self.ratios[j] for c in levels.key[j]])
            else:
                keys.append(levels.key[j])
        self.keys = keys
        self.units_cache: list[list[int]] = []
        self.integers = levels.integers
        if levels.integers:
            self.lower = -floor(-levels.lower)
            self.total = floor(levels.total_exact)
            self.bars = levels.floors
            self.least = self.lower * scale
        else:
            self.lower = _scaled(levels.lower, scale)
            self.total = _scaled(levels.total_exact, scale)
            self.bars = keys
            self.least = self.lower

    def witnessed(self) -> bool:  # noqa: PLR0911, PLR0912 - the docstring's witnesses, in turn
        """Whether one of a few simple witnesses exists: then the chain is necessary.

        Each is a completion of the chain question (``impl.necessity``'s lemma) in concrete
        numbers, checked as ``climb_line`` would: u, w and the R_j, each a vector of D, give
        the root two different sources, so a True is the reference's verdict; a False says
        nothing (the search decides). Every one keeps u passing every level below some level
        j (u at ``bottom``, the least vector beating each B_i at p_i there) and every R_i but
        R_j at the least vector (harmless: no run is below it), so that w climbs as a constant
        c (the least vector, then the B_i it meets); at level j:

        - *u blocked*: B_j blocks u while c beats B_j;
        - *w overtaken*: R_j beats c (after B_j) at p_j, u passes B_j and is not below R_j;
        - *u overtaken*: R_j beats u and B_j at p_j, and c beats B_j and is not below R_j;

        with R_j either the least such vector or the least that also beats every B_i above
        it (``top``, then its run reaches the root); the two runs then climb to the root
        (:meth:`_apart`). Numbers are in *units* (:meth:`_units`): over the reals a component
        one unit above a constant is above it by 1 / (4 N) of the chain's scale, enough for
        a sum below the total to stay below it.
        """
        n = self.n
        k = self.k
        units, low, total = self._units()
        self.units_cache = units
        tops: list[list[int]] = []
        top = [low] * n
        for j in range(k):
            tops.append(top)
            if self.has_best[j]:
                p = self.player[j]
                if units[j][p] + 1 > top[p]:
                    top = list(top)
                    top[p] = units[j][p] + 1
        bottom = [low] * n
        u = [low] * n  # scratch vectors for the witnesses, refilled at each level
        rj = [low] * n
        y = -1  # w's constant: -1 the least vector, else B_y
        for j in range(k - 1, -1, -1):
            s = sum(bottom)
            if s > total:
                return False
            p = self.player[j]
            best = self.has_best[j]
            y_passes = not best or self._key(y, p) > self.keys[j][p]
            c = y if y_passes else j
            c_unit = low if c < 0 else units[c][p]
            if best and y_passes and bottom[p] <= units[j][p] and self._apart(j, u, y, u, j - 1):
                return True  # u blocked
            if self.right[j]:
                top = tops[j]
                rest = sum(top) - top[p]
                # w overtaken: R_j at least c + 1 at p (then above B_j too), u at least R_j
                r = max(top[p], c_unit + 1)
                if rest + r <= total and s - bottom[p] + max(bottom[p], r) <= total:
                    return True
                r = c_unit + 1
                if s - bottom[p] + max(bottom[p], r) <= total and (n - 1) * low + r <= total:
                    for i in range(n):
                        u[i] = bottom[i]
                        rj[i] = low
                    u[p] = max(bottom[p], r)
                    rj[p] = r
                    if self._apart(-2, u, -2, rj, j - 1):
                        return True
                if y_passes:  # u overtaken: R_j above u and B_j at p, at most c
                    r = max(bottom[p] + 1, units[j][p] + 1 if best else low + 1)
                    if r <= c_unit:
                        if rest + max(top[p], r) <= total and max(top[p], r) <= c_unit:
                            return True
                        if (n - 1) * low + r <= total:
                            for i in range(n):
                                rj[i] = low
                            rj[p] = r
                            if self._apart(-2, rj, c, rj, j - 1):
                                return True
            if best and units[j][p] + 1 > bottom[p]:
                bottom[p] = units[j][p] + 1
            y = c
        return False

    def _units(self) -> tuple[list[list[int]], int, int]:
        """The levels' B_j, the least component and the total in units, for concrete vectors.

        Over the integers a unit is one (B_j as its floor); over the reals 1 / (4 N) of the
        chain's scale: a vector's few components one or two units above constants sum to
        less than one whole, so it fits under the total when the constants sum below it.
        """
        if self.integers:
            return self.bars, self.lower, self.total
        d = 4 * self.n
        return self.multiples_of(d, 0), self.lower * d, self.total * d

    def multiples_of(self, m: int, slot: int) -> list[list[int]]:
        """Each B_j's key times ``m`` (at the chain's scale), from the levels' cache."""
        return [
            self.levels.multiple(j, self.ratios[j] * m, slot) if self.has_best[j] else []
            for j in range(self.k)
        ]

    def _key(self, c: int, p: int) -> int:
        """Component p of the constant c (B_c, or the least vector for -1), exactly scaled."""
        return self.least if c < 0 else self.keys[c][p]

    def _apart(self, x: int, xv: list[int], y: int, yv: list[int], j: int) -> bool:
        """Whether two runs climb levels j..0 apart, every R_i harmless.

        A run is a constant (``x`` >= 0 for B_x, -1 for the least vector) or a concrete vector
        in units (``x`` = -2, ``xv``). At each level each passes or is blocked, becoming B_i;
        the two end apart unless both are blocked at one level.
        """
        units = self.units_cache
        for i in range(j, -1, -1):
            if self.has_best[i]:
                p = self.player[i]
                b = self.keys[i][p]
                x_passes = xv[p] > units[i][p] if x == -2 else self._key(x, p) > b
                y_passes = yv[p] > units[i][p] if y == -2 else self._key(y, p) > b
                if not x_passes and not y_passes:
                    return False
                if not x_passes:
                    x = i
                if not y_passes:
                    y = i
        return True

    def search(self) -> bool:
        """``impl.necessity._Search.search``: whether some joint moves give a feasible system."""
        n = self.n
        size = n * (2 + self.k)
        if self.integers:
            lower = self.lower
            total = self.total
            self.bounds = self.bars
        else:
            epsilon = 1 << max(16, (4 * n * (size + 1)).bit_length())
            lower = self.lower * epsilon
            total = self.total * epsilon
            self.bounds = self.multiples_of(epsilon, 1)
        self.total_bound = total
        self.low = [lower] * size
        self.high = [total - (n - 1) * lower] * size
        self.sums = [n * lower] * (2 + self.k)
        self.head = [-1] * size
        self.edge_to: list[int] = []
        self.edge_step: list[int] = []
        self.edge_next: list[int] = []
        self.trail: list[int] = []
        for i in range(n):
            self.at_most(n + i, lower)
        return self._search()

    def undo(self, mark: int) -> None:
        """Back to the system as it was when the trail was ``mark`` long."""
        trail = self.trail
        low = self.low
        n = self.n
        while len(trail) > mark:
            old = trail.pop()
            var = trail.pop()
            kind = trail.pop()
            if kind == 0:
                self.sums[var // n] -= low[var] - old
                low[var] = old
            elif kind == 1:
                self.high[var] = old
            else:
                self.head[var] = self.edge_next.pop()
                self.edge_to.pop()
                self.edge_step.pop()

    def raise_to(self, var: int, v: int) -> bool:
        """Make ``var >= v`` and propagate; False if the system has become infeasible.

        A path longer than there are variables is a cycle, infeasible (every cycle of edges
        has a strict one): ``impl.necessity._System.raise_to``, with the first variable set
        before any list is made, as most have no edge out.
        """
        if v <= self.low[var]:
            return True
        if not self.lift(var, v):
            return False
        if self.head[var] < 0:
            return True
        limit = len(self.low)
        work_var: list[int] = []
        work_value: list[int] = []
        work_length: list[int] = []
        self.push_edges(var, v, 1, work_var, work_value, work_length)
        while work_var:
            x = work_var.pop()
            value = work_value.pop()
            length = work_length.pop()
            if value <= self.low[x]:
                continue
            if length > limit or not self.lift(x, value):
                return False
            self.push_edges(x, value, length + 1, work_var, work_value, work_length)
        return True

    def lift(self, x: int, value: int) -> bool:
        """Set ``x``'s least value to ``value``, above it; False if a bound or its sum breaks."""
        if value > self.high[x]:
            return False
        old = self.low[x]
        self.trail.append(0)
        self.trail.append(x)
        self.trail.append(old)
        self.low[x] = value
        v = x // self.n
        self.sums[v] += value - old
        return self.sums[v] <= self.total_bound

    def push_edges(  # noqa: PLR0917 - the three work lists of raise_to
        self,
        x: int,
        value: int,
        length: int,
        work_var: list[int],
        work_value: list[int],
        work_length: list[int],
    ) -> None:
        """Queue the variables at the ends of ``x``'s edges, raised past ``value``."""
        e = self.head[x]
        while e >= 0:
            work_var.append(self.edge_to[e])
            work_value.append(value + self.edge_step[e])
            work_length.append(length)
            e = self.edge_next[e]

    def at_most(self, var: int, cap: int) -> bool:
        """Make ``var <= cap``; False if its least value is already above."""
        h = self.high[var]
        if cap < h:
            self.trail.append(1)
            self.trail.append(var)
            self.trail.append(h)
            self.high[var] = cap
        return self.low[var] <= cap

    def below(self, x: int, y: int, step: int) -> bool:
        """``x + step <= y``: an edge x -> y."""
        self.trail.append(2)
        self.trail.append(x)
        self.trail.append(0)
        self.edge_next.append(self.head[x])
        self.head[x] = len(self.edge_to)
        self.edge_to.append(y)
        self.edge_step.append(step)
        return self.raise_to(y, self.low[x] + step)

    def less(self, a: int, i: int, b: int, step: int) -> bool:
        """``a[i] < b[i]`` (``step`` 1) or ``a[i] <= b[i]`` (0), for free vectors and B_j alike."""
        n = self.n
        if a >= 0:
            if b >= 0:
                return self.below(a * n + i, b * n + i, step)
            return self.at_most(a * n + i, self.bounds[-1 - b][i] - step)
        if b >= 0:
            return self.raise_to(b * n + i, self.bounds[-1 - a][i] + step)
        x = self.keys[-1 - a][i]
        y = self.keys[-1 - b][i]
        return x < y if step == 1 else x <= y

    def apply(self, j: int, run: int, move: int) -> int:
        """One run's move at level j (0 pass, 1 blocked, 2 overtaken): its value.

        ``NO_RUN`` if the constraints it adds make the system infeasible.
        """
        p = self.player[j]
        r = 2 + j
        b = -1 - j
        has_best = self.has_best[j]
        right = self.right[j]
        if move == 0:
            if (not has_best or self.less(b, p, run, 1)) and (not right or self.less(r, p, run, 0)):
                return run
            return NO_RUN
        if move == 1:
            if self.less(run, p, b, 0) and (not right or self.less(r, p, b, 0)):
                return b
            return NO_RUN
        if self.less(run, p, r, 1) and (not has_best or self.less(b, p, r, 1)):
            return r
        return NO_RUN

    def differ(self, x: int, y: int) -> bool:
        """Whether the two runs can end apart at the root (the line question)."""
        if (x, y) != (0, 1) or (x < 0 and y < 0):
            return True
        mark = len(self.trail)
        for i in range(self.n):
            if self.less(0, i, 1, 1):
                return True
            self.undo(mark)
            if self.less(1, i, 0, 1):
                return True
            self.undo(mark)
        return False

    def _search(self) -> bool:
        moves = [
            _MOVES[(1 if self.has_best[j] else 0) + (2 if self.right[j] else 0)]
            for j in range(self.k)
        ]
        dead: set[tuple[int, int, int]] = set()
        # (mark, level, run x, run y, next joint move); a move of -1 marks (level, x, y) dead
        stack: list[tuple[int, int, int, int, int]] = [(len(self.trail), self.k - 1, 0, 1, 0)]
        while stack:
            mark, j, x, y, m = stack.pop()
            if m < 0:
                dead.add((j, x, y))
                continue
            self.undo(mark)
            if j < 0:
                if self.differ(x, y):
                    return True
                continue
            level = moves[j]
            if m + 1 < len(level):
                stack.append((mark, j, x, y, m + 1))
            mx, my = level[m]
            if x >= 0 and (y < 0 or y == 1):  # the constant first: it fails without the system
                y2 = self.apply(j, y, my)
                if y2 == NO_RUN:
                    continue
                x2 = self.apply(j, x, mx)
            else:
                x2 = self.apply(j, x, mx)
                if x2 == NO_RUN:
                    continue
                y2 = self.apply(j, y, my)
            if NO_RUN in (x2, y2) or x2 == y2:
                continue
            here = len(self.trail)
            if x2 >= 0 or y2 >= 0:
                stack.append((here, j - 1, x2, y2, 0))
            elif (j - 1, x2, y2) not in dead:
                stack.append((here, j - 1, x2, y2, -1))
                stack.append((here, j - 1, x2, y2, 0))
        return False


NO_RUN: Final = -(1 << 40)
"""Not a run: what :meth:`_Decision.apply` returns for a move that makes the system infeasible."""


def walk(  # noqa: PLR0915 - the reference's walk, one loop as there
    t: object,
    n: int,
    lower: Number,
    total: Number,
    *,
    integers: bool,
    fill: Callable[[Way], Vec],
    evaluate: Callable[[Leaf, Way], Vec],
) -> tuple[Vec, Way, int, list[Way]]:
    """The value, line, nodes visited and leaves read of the optimal search of ``t``.

    ``impl.optimal.optimal_search``'s walk with the verdict ``necessary``: ``fill`` is the
    placeholder, ``evaluate`` the leaf reader (it checks bounds and domain).
    """
    levels = _Levels(n, lower, total, integers)
    nodes = 0
    read: list[Way] = []
    # One frame per node on the path: its node, player, next child, best so far and its leaf.
    frame_node: list[Node] = []
    frame_next: list[int] = []
    frame_best: list[Vec | None] = []
    frame_line: list[Way] = []
    path: list[int] = []
    x = t
    value: Vec
    line: Way
    while True:
        nodes += 1
        if not levels.necessary():
            here = tuple(path)
            value, line = fill(here), leftmost(x, here)
        elif isinstance(x, Node):
            frame_node.append(x)
            frame_next.append(0)
            frame_best.append(None)
            frame_line.append(())
            levels.push(x.to_move, len(x.children) > 1)
            path.append(0)
            x = x.children[0]
            continue
        else:
            assert isinstance(x, Leaf)
            line = tuple(path)
            value = evaluate(x, line)
            read.append(line)
        # Back the value up through every node whose last child this was.
        entered = False
        while frame_node and not entered:
            node = frame_node[-1]
            p = levels.player[-1]
            best = frame_best[-1]
            if best is None or value[p] > best[p]:
                best = value
                frame_best[-1] = value
                frame_line[-1] = line
            path.pop()
            i = frame_next[-1] + 1
            kids = node.children
            if i < len(kids):
                frame_next[-1] = i
                levels.set(best, i + 1 < len(kids))
                path.append(i)
                x = kids[i]
                entered = True
                continue
            frame_node.pop()
            frame_next.pop()
            frame_best.pop()
            value, line = best, frame_line.pop()
            levels.pop()
        if not entered:
            return value, line, nodes, read
