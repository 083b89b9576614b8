"""Searches of trees with chance nodes, each with one mistake seen in real code.

Each function is a conformance target for ``expectimax``, ``star1``, ``star2`` or
``game-expectimax`` (a game graph with chance states, searched with a table): Ballard's
(1983) *-minimax, sum p_i v_i at a chance node, and his Star1 and Star2 as Hauk, Buro and
Schaeffer (2004) write them (fail-hard, max/min form, any exact probabilities), searched
recursively over the tree as ``impl.star`` searches it, so that the correct one reads the same
leaves in the same order. The one mistake each docstring names is marked ``# BUG``.

Glossary: n is a node, p_i the probability of a chance node's child i, L and U the leaf
bounds, a and b the window, ``total`` the sum p_j v_j over the children searched, ``left``
the probability of those not yet searched, ``lo`` and ``hi`` Star2's probes' bounds.
"""

import struct
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import attrs

from gametree.spec import Leaf, Node, Tree
from tests.bugs._common import INF, Number, document, game, out, window

Reply = dict[str, object]


def _float32(x: float) -> float:
    """``x`` rounded to single precision (C's ``float``)."""
    rounded: float = struct.unpack("f", struct.pack("f", x))[0]
    return rounded


def _expectimax(request: dict[str, Any], *, bug: str = "") -> Reply:
    """Expectimax, two players (Max's view) or N (maxn's rule), with ``bug`` the mistake."""
    t = document(request).tree
    trace: list[list[int]] = []

    def weight(p: Fraction) -> Any:
        if bug == "two_decimals":  # BUG: a probability kept to two decimals
            return Fraction(round(p, 2))
        if bug == "float32":  # BUG: a probability held as a C float
            return _float32(float(p))
        return p

    def value(n: Tree, path: list[int]) -> tuple[Any, list[int]]:
        if isinstance(n, Leaf):
            trace.append(path)
            v = n.value
            if bug == "float32":
                return (tuple(float(c) for c in v) if isinstance(v, tuple) else float(v)), []
            return v, []
        if n.probabilities is not None:
            first = bug == "same_outcome"  # BUG: every branch draws the first outcome
            kids = [value(n.children[0 if first else i], [*path, 0 if first else i])
                    for i in range(len(n.children))]  # fmt: skip
            total: Any = None
            for p, (v, _) in zip(n.probabilities, kids, strict=True):
                w = weight(p)
                share = tuple(w * c for c in v) if isinstance(v, tuple) else w * v
                total = share if total is None else _plus(total, share)
                if bug == "float32":
                    total = _float32(total) if isinstance(total, float) else total
            return total, []
        kids = [value(c, [*path, i]) for i, c in enumerate(n.children)]
        best = 0
        for i, (v, _) in enumerate(kids):
            b, q = kids[best][0], n.to_move
            if v[q] > b[q] if isinstance(v, tuple) else (v > b if q == 0 else v < b):
                best = i
        return kids[best][0], [best, *kids[best][1]]

    v, line = value(t, [])
    shown = [out(c) for c in v] if isinstance(v, tuple) else out(v)
    return {"value": shown, "best_move": line[0] if line else None,
            "principal_variation": line, "trace": trace}  # fmt: skip


def _dot(ps: Sequence[Fraction], xs: Sequence[Number]) -> Number:
    """Sum p_j x_j."""
    return sum((p * x for p, x in zip(ps, xs, strict=True)), Fraction(0))


def _plus(x: Any, y: Any) -> Any:
    return tuple(a + b for a, b in zip(x, y, strict=True)) if isinstance(x, tuple) else x + y


@attrs.define
class _Probes:
    """Star2's probing phase at one chance node: the bounds it found, child by child."""

    lo: list[Number]
    hi: list[Number]
    probed: dict[int, Number] = attrs.field(factory=dict)


@attrs.define
class _Star:
    """Star1, or with ``star2`` Star2, over leaf bounds [L, U], with ``bug`` the mistake."""

    lower: Number
    upper: Number
    star2: bool
    bug: str
    trace: list[list[int]] = attrs.field(factory=list)
    table: dict[Tree, Number] = attrs.field(factory=dict)

    def player(self, n: Node, a: Number, b: Number, path: list[int], width: int, *,
               first: Number | None = None) -> Number:  # fmt: skip
        """Knuth and Moore's F2 over the first ``width`` children: a fail returns its bound.

        ``first``: child 0's value, known from Star2's probe, taken without reading it.
        """
        maximiser = n.to_move == 0
        for i in range(width):
            kept = i == 0 and first is not None
            v = first if kept else self.search(n.children[i], a, b, [*path, i])
            assert v is not None
            if maximiser and v > a:
                a = v
            elif not maximiser and v < b:
                b = v
            if a >= b:
                return v
        return a if maximiser else b

    def search(self, n: Tree, a: Number, b: Number, path: list[int], *,
               probe: bool = False, first: Number | None = None) -> Number:  # fmt: skip
        """The value of ``n`` over the window (a, b), or the bound it fails at."""
        if isinstance(n, Leaf):
            self.trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value
        if n.probabilities is None:
            return self.player(n, a, b, path, 1 if probe else len(n.children), first=first)
        if self.bug == "table" and n in self.table:  # BUG: the entry's window is not checked
            return self.table[n]
        v = self.chance(n, a, b, path)
        self.table[n] = v
        return v

    def probing(self, n: Node, a: Number, b: Number, path: list[int],
                bounds: _Probes) -> Number | None:  # fmt: skip
        """Star2's probes of the players' children; the bound the node fails at, if it does."""
        ps = n.probabilities
        assert ps is not None
        for i, p in enumerate(ps):
            c = n.children[i]
            if not isinstance(c, Node) or c.probabilities is not None:
                continue
            if c.to_move == 0:
                edge = (b - _dot(ps, bounds.lo) + p * bounds.lo[i]) / p
                w = self.search(c, self.lower, min(edge, self.upper), [*path, i], probe=True)
                bounds.lo[i] = bounds.probed[i] = w
                if w >= edge:
                    return b
            else:
                edge = (a - _dot(ps, bounds.hi) + p * bounds.hi[i]) / p
                w = self.search(c, max(edge, self.lower), self.upper, [*path, i], probe=True)
                bounds.hi[i] = bounds.probed[i] = w
                if w <= edge:
                    return a
        return None

    def chance(self, n: Node, a: Number, b: Number, path: list[int]) -> Number:
        """A chance node: nothing if the window lies beyond [L, U], the probes, then Star1."""
        ps = n.probabilities
        assert ps is not None
        lower, upper = self.lower, self.upper
        if upper <= a or lower >= b:
            return a if upper <= a else b
        k = len(ps)
        bounds = _Probes([lower] * k, [upper] * k)
        failed = self.probing(n, a, b, path, bounds) if self.star2 else None
        if failed is not None:
            return failed
        lo, hi = bounds.lo, bounds.hi
        total: Number = 0
        for i, p in enumerate(ps):  # Star1's search, the probes bounding the rest
            rest_lo, rest_hi = _dot(ps[i + 1 :], lo[i + 1 :]), _dot(ps[i + 1 :], hi[i + 1 :])
            if self.bug == "uniform_mass":  # BUG: the mass left counted as (k - 1 - i) / k
                mass = Fraction(k - 1 - i, k)
                rest_lo, rest_hi = mass * lower, mass * upper
            low_i, high_i = (a - total - rest_hi) / p, (b - total - rest_lo) / p
            if self.bug == "probe_exact" and i in bounds.probed:  # BUG: the probe as the value
                v = bounds.probed[i]
            else:
                v = self.search(n.children[i], max(low_i, lower), min(high_i, upper), [*path, i],
                                first=bounds.probed.get(i))  # fmt: skip
            if v <= low_i or v >= high_i:
                return a if v <= low_i else b
            total += p * v
        return total


def _star(request: dict[str, Any], *, star2: bool, bug: str = "") -> Reply:
    """Star1, or with ``star2`` Star2, over the request's window, with ``bug`` the mistake."""
    doc = document(request)
    box = doc.interval
    assert box is not None
    star = _Star(box.lower, box.upper, star2, bug)
    a, b = window(request)
    v = star.search(doc.tree, a, b, [])
    return {"value": out(v), "trace": star.trace}


def expectimax(request: dict[str, Any]) -> Reply:
    """Expectimax in exact fractions: conforms to ``expectimax``."""
    return _expectimax(request)


def star1(request: dict[str, Any]) -> Reply:
    """Ballard's Star1: conforms to ``star1``."""
    return _star(request, star2=False)


def star2(request: dict[str, Any]) -> Reply:
    """Ballard's Star2: conforms to ``star2``."""
    return _star(request, star2=True)


def probabilities_two_decimals(request: dict[str, Any]) -> Reply:
    """Each probability kept to two decimals, so that a chance node's do not sum to 1.

    A third is 0.33, three of them 0.99; a seventh 0.14, seven of them 0.98. Seen in
    practice: ImparaAI/monte-carlo-tree-search pull request #15 (a node's child
    probabilities summed to 0.98), and SilverDecisions/SilverDecisions issue #84 (a chance
    node's probabilities not checked to sum to 1).
    """
    return _expectimax(request, bug="two_decimals")


def every_branch_same_outcome(request: dict[str, Any]) -> Reply:
    """Every branch of a chance node draws the same outcome, the first.

    The node has k probabilities and one outcome, so its value is that outcome's. Seen in
    practice: bcollazo/catanatron pull request #385 (each branch of a development-card buy
    popped the same top card of the deck, copied with the state).
    """
    return _expectimax(request, bug="same_outcome")


def probabilities_float32(request: dict[str, Any]) -> Reply:
    """Probabilities and sums held as C floats (24 bits) by an engine that declares doubles.

    A double engine may round where a double cannot hold a number; this one rounds where a
    double holds it exactly. Seen in practice: nneonneo/2048-ai issue #35 (32-bit scores
    "are not enough and may lose some precision" in an expectimax 2048 player).
    """
    return _expectimax(request, bug="float32")


def star1_uniform_mass(request: dict[str, Any]) -> Reply:
    """Star1's bounds computed with the mass left of equally likely outcomes, (k - 1 - i) / k.

    Right for a die, wrong for two dice (a double 1/36, any other roll 1/18): the bound on
    the children left is too loose or too tight, and the node cuts where its value was still
    in the window. Seen in practice: Hauk, Buro and Schaeffer 2004 write Star1 for N equally
    likely outcomes, A = N(alpha - U) + U, and the backgammon rolls they search are not.
    """
    return _star(request, star2=False, bug="uniform_mass")


def star2_probe_as_exact(request: dict[str, Any]) -> Reply:
    """Star2's probe of a child taken as its value: the probed child is not searched again.

    A probe searches a player's node over its first child only: a lower bound for Max, an
    upper for Min, never the value. Seen in practice: Star2 as Ballard 1983 and Hauk, Buro and
    Schaeffer 2004 give it searches each probed child again, past its first child, the step
    this shortcut drops (no engine is known to us to make it: the papers' procedure is the
    citation).
    """
    return _star(request, star2=True, bug="probe_exact")


def star2_table_ignores_window(request: dict[str, Any]) -> Reply:
    """A table of chance nodes' results, kept by position, read whatever the window.

    A position met again (here: an equal subtree) is searched under another window; a result
    that failed at the first window's edge is a bound, and read as the value under the second
    it is wrong. Seen in practice:
    ryanbhayward/games-puzzles-algorithms pull request #100 (stored values "may not be the
    best value for subsequent calls based on the alpha-beta values and depth"), and
    nneonneo/2048-ai pull request #34 (an expectimax 2048 player's table read at other depths).
    """
    return _star(request, star2=True, bug="table")


def _game_expectimax(request: dict[str, Any], *, bug: str = "") -> Reply:
    """Expectimax on the request's game graph to its depth, each (state, depth) searched once."""
    g = game(request)
    table: dict[tuple[int, int] | int, Fraction] = {}

    def value(s: int, d: int) -> Fraction:
        key = s if bug == "any_depth" else (s, d)  # BUG (any_depth): the depth is not kept
        if key in table:
            return table[key]
        x = g.states[s]
        if x.utility is not None or d == 0:
            v = Fraction(x.utility if x.utility is not None else x.evaluation)
        else:
            kids = [value(t, d - 1) for _, t in x.moves]
            if x.probabilities is not None:
                v = sum((p * k for p, k in zip(x.probabilities, kids, strict=True)), Fraction(0))
            else:
                v = max(kids) if x.to_move == 0 else min(kids)
        table[key] = v
        return v

    depth = request["depth"]
    v = value(0, depth)
    root = g.states[0]
    move = None
    if root.probabilities is None and root.moves and depth > 0:
        move = next(m for m, t in root.moves if value(t, depth - 1) == v)
    return {"value": out(v), "best_move": move}


def game_expectimax(request: dict[str, Any]) -> Reply:
    """Expectimax on a game with chance states, with a table keyed by state and depth."""
    return _game_expectimax(request)


def game_table_any_depth(request: dict[str, Any]) -> Reply:
    """A table of a game's values keyed by the state alone, read at any depth.

    A state met again with other plies left below it is answered with the value of a search
    to another depth. Seen in practice: nneonneo/2048-ai pull request #34 (an expectimax 2048
    player's table read at other depths).
    """
    return _game_expectimax(request, bug="any_depth")


CORRECT: dict[str, Callable[[dict[str, Any]], Reply]] = {
    "expectimax": expectimax, "star1": star1, "star2": star2,
    "game-expectimax": game_expectimax,
}  # fmt: skip
"""The correct searches, by the semantics each conforms to."""

__all__ = ["CORRECT", "INF"]
