"""Searches that hold their numbers in a machine type and break only at that type's edges.

Each function is a conformance target and the whole algorithm, recursive (one frame a level),
written as an engine in C, Rust or JavaScript would compute: in ``int64_t``, ``int32_t`` or
``int16_t`` (two's complement, wrapping as release builds and numpy do) or in IEEE doubles.
Each declares its type (its catalogue entry's ``values``: ``gametree conform --values int64``,
...), is right on every case inside that type but at one of its edges, and refuses a number
outside it with an error. Each passed the gate before ``--values`` existed, when such an
engine could only skip the flags of what it cannot hold (``--skip-flag Int64 --skip-flag
Fraction ...``) and with them its own largest and smallest values; ``--values`` asks them.
The one mistake of each is marked ``# BUG``.

Glossary: n is a node, p the player to move at it, a and b the window from p's point of view
(negamax form), M a type's largest value, γ (``gamma``) the value an MTD(f) test asks about,
``best`` a node's result so far, ``line`` its principal variation, ``trace`` the leaves read,
ε (``EPS``) a tolerance.
"""

import math
from fractions import Fraction
from typing import Any

from gametree.spec import Bounds, Leaf, Node, Scalar, Tree
from gametree.treefile import parse_number
from tests.bugs._common import Number, document, out, reply, window

Line = list[int]


def _integer(x: Scalar, bits: int) -> int:
    """``x`` as an ``int{bits}_t`` holds it, or a clear refusal (a fraction, or out of range)."""
    if isinstance(x, Fraction) or not -(2 ** (bits - 1)) <= x < 2 ** (bits - 1):
        raise OverflowError(f"an int{bits} engine cannot hold {x}")
    return x


def _wrap(x: int, bits: int) -> int:
    """``x`` in ``bits``-bit two's complement: what C's, Rust's (release) and numpy's do."""
    half = 1 << (bits - 1)
    return (x + half) % (2 * half) - half


def _scalar(n: Leaf) -> Scalar:
    assert not isinstance(n.value, tuple)
    return n.value


def _worth(c: Leaf, p: int, bits: int) -> int:
    """A leaf's value from the point of view of p, the player to move above it."""
    v = _integer(_scalar(c), bits)
    return v if p == 0 else _wrap(-v, bits)


def _request_window(request: dict[str, Any], bits: int) -> tuple[int | None, int | None]:
    """The request's window in ``bits``-bit integers (``None``: an open side)."""
    a, b = request.get("alpha"), request.get("beta")
    return tuple(None if x is None else _integer(parse_number(x), bits) for x in (a, b))  # type: ignore[return-value]


# --- int64: "-infinity" is the smallest legal score --------------------------------------------

INT64_MAX = 2**63 - 1


def int64_sentinel(request: dict[str, Any]) -> dict[str, object]:
    """The int64 engine's "-infinity" is -INT64_MAX, the smallest score it must take: a node whose
    children all score exactly that records no move.

    Negamax alpha-beta, fail-soft (Fishburn), on ``int64_t`` with ``INF = INT64_MAX``: the open
    sides of the window are -INF and INF, the best so far starts at -INF, and a child replaces
    it only when strictly better (Korf's tie rule). At a node whose every child is worth
    -(2^63 - 1) to the player to move, the best stays -INF, which is the right value, and the
    move stays unset: the root names no best move, and a principal variation stops there.
    Negation never overflows (-INF is -INT64_MAX, not INT64_MIN). Seen in practice: "-infinity"
    written as the type's minimum plus one so that negamax may negate it
    (``NEGATIVE_INF = std::numeric_limits<int>::min() + 1; // -2147483647`` in dungcatcher's
    dungfish ``search.hpp``), with the move recorded on ``score > best``: right while no score
    reaches it; the C engine of gametree's issue 26, with int64
    scores, passed the gate with ``--skip-flag Int64`` and this mistake.
    """
    inf = INT64_MAX

    def search(n: Node, a: int, b: int, path: Line, trace: list[Line]) -> tuple[int, Line]:
        best, line = -inf, []  # BUG: -INF is a legal score; no move yet must be told apart
        p = n.to_move
        for i, c in enumerate(n.children):
            rest: Line = []
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v = _worth(c, p, 64)
            elif c.to_move == p:
                v, rest = search(c, max(a, best), b, [*path, i], trace)
            else:
                r, rest = search(c, -b, -max(a, best), [*path, i], trace)
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    t = document(request).tree
    if isinstance(t, Leaf):
        return reply(_integer(_scalar(t), 64), [], [[]])
    alpha, beta = _request_window(request, 64)
    trace: list[Line] = []
    value, line = search(t, -inf if alpha is None else alpha, inf if beta is None else beta, [],
                         trace)  # fmt: skip
    return reply(value, line, trace)


# --- int32: MTD(f)'s null window at the smallest score ---------------------------------------

INT32_MAX, INT32_MIN = 2**31 - 1, -(2**31)


def int32_mtdf_null_window(request: dict[str, Any]) -> dict[str, object]:
    """MTD(f)'s null window (beta - 1, beta) in 32-bit scores, searched by a negamax that
    negates it: at beta = -(2^31 - 1), the smallest score, beta - 1 is INT32_MIN, and -INT32_MIN
    wraps to INT32_MIN.

    Plaat et al.'s driver, ``if g == lowerbound then beta := g + 1 else beta := g; g :=
    AlphaBetaWithMemory(root, beta - 1, beta, d)``, in Max's view, with the bounds starting at
    INT32_MIN and INT32_MAX, over a fail-soft alpha-beta in negamax form without a table (a Min
    root searched as ``-search(root, -beta, -(beta - 1))``). When the value is -(2^31 - 1) the
    driver tests at beta = -(2^31 - 1); a node then passes its children the window (INT32_MAX,
    INT32_MIN), whose beta lies below its alpha, each cuts off after its first child, and the
    bound that comes back is not one: the driver stops at a value above the true one. Right at
    every other value. Seen in practice: MTD(f) as Plaat's pseudo-code (and the chessprogramming
    wiki) writes it, over a negamax search, in ``int`` scores; ``-INT_MIN`` is ``INT_MIN`` again
    in two's complement (numpy's ``int32`` too: cglouch's snakefish ``search.py`` negamax starts
    its best at ``np.int32(0x80000000)`` and negates the children's results).
    """

    def search(n: Node, a: int, b: int) -> int:
        best = INT32_MIN
        p = n.to_move
        for c in n.children:
            if isinstance(c, Leaf):
                v = _worth(c, p, 32)
            elif c.to_move == p:
                v = search(c, max(a, best), b)
            else:  # BUG: -max(a, best) wraps when a is INT32_MIN
                v = _wrap(-search(c, _wrap(-b, 32), _wrap(-max(a, best), 32)), 32)
            best = max(best, v)
            if best >= b:
                break
        return best

    def test(t: Tree, beta: int) -> int:
        """AlphaBetaWithMemory(root, beta - 1, beta), in Max's view."""
        if isinstance(t, Leaf):
            return _integer(_scalar(t), 32)
        below = _wrap(beta - 1, 32)
        if t.to_move == 0:
            return search(t, below, beta)
        return _wrap(-search(t, _wrap(-beta, 32), _wrap(-below, 32)), 32)

    t = document(request).tree
    _request_window(request, 32)
    g = _integer(parse_number(request.get("first_guess", 0)), 32)
    lower, upper = INT32_MIN, INT32_MAX
    tested: set[tuple[int, int]] = set()
    while (g, lower) not in tested:  # a guard Plaat's loop lacks: a wrong bound could cycle
        tested.add((g, lower))
        beta = g + 1 if g == lower else g
        g = test(t, beta)
        if g < beta:
            upper = g
        else:
            lower = g
        if lower >= upper:
            break
    return {"value": out(g)}


# --- int16: PVS's null window at the largest score -------------------------------------------

INT16_MAX = 2**15 - 1


def int16_pvs_null_window(request: dict[str, Any]) -> dict[str, object]:
    """PVS's null window (-alpha - 1, -alpha) in 16-bit scores: once alpha is INT16_MAX, the
    scouted child's own children get (INT16_MAX, -INT16_MIN), which wraps to (INT16_MAX,
    INT16_MIN), and each cuts off after its first child.

    Principal variation search as ``impl.pvs`` runs it (the first child with the window
    (a, b), every later interior child scouted by a null-window negamax alpha-beta, fail-soft,
    and searched again with (a, b) when the scout is above a and below b), in ``i16`` that wraps
    as Rust's release builds do, the open sides of the window kept apart from the scores (an
    ``Option``). When the first child is worth 32767 to the player to move, a later child is
    scouted with (-32768, -32767), and a node below it passes its children the window (32767,
    -(-32768)) = (32767, -32768): they stop after one child where the scout reads them all (a
    later child where the same player moves again is scouted with (32767, 32767 + 1), which
    wraps the same way one level up). The value, the move and the line are still right
    (nothing is above 32767): only the leaves read give it away (``--strict-order``). Seen in
    practice: the null window ``-alpha - 1, -alpha`` of every PVS (the chessprogramming wiki's;
    ConnAALL's rusty-shogi-engine ``pv_search.rs``, on ``i32``), on scores kept in 16 bits to
    keep table entries small (Stockfish's ``TTEntry`` stores its value as an ``int16_t``).
    """
    trace: list[Line] = []

    def scout(n: Node, a: int, b: int, path: Line) -> int:
        return _scout16(n, a, b, path, trace)

    def search(n: Node, a: int | None, b: int | None, path: Line) -> tuple[int, Line]:
        p = n.to_move
        best: int | None = None
        line: Line = []
        for i, c in enumerate(n.children):
            if i and a is not None and b is not None and a >= b:
                break
            rest: Line = []
            if isinstance(c, Leaf):
                trace.append([*path, i])
                r = _worth(c, p, 16)
                research = False
            elif i == 0:
                research = True
            else:
                assert a is not None  # the first child set it
                flip = c.to_move != p
                if flip:  # the null window (a, a + 1), negated: (-a - 1, -a)
                    r = _wrap(-scout(c, _wrap(-a - 1, 16), _wrap(-a, 16), [*path, i]), 16)
                else:  # BUG: a + 1 wraps at INT16_MAX
                    r = scout(c, a, _wrap(a + 1, 16), [*path, i])
                research = a < r and (b is None or r < b)
            if research:
                assert isinstance(c, Node)
                if c.to_move != p:
                    rc, rest = search(c, None if b is None else _wrap(-b, 16),
                                      None if a is None else _wrap(-a, 16), [*path, i])  # fmt: skip
                    r = _wrap(-rc, 16)
                else:
                    r, rest = search(c, a, b, [*path, i])
            if best is None or r > best:
                best, line = r, [i, *rest]
                a = r if a is None else max(a, r)
        assert best is not None
        return best, line

    t = document(request).tree
    if isinstance(t, Leaf):
        return reply(_integer(_scalar(t), 16), [], [[]])
    alpha, beta = _request_window(request, 16)
    value, line = search(t, alpha, beta, [])
    return reply(value, line, trace)


def _scout16(n: Node, a: int, b: int, path: Line, trace: list[Line]) -> int:
    """Fail-soft negamax alpha-beta in ``i16``, in the view of n's player: PVS's null-window
    search."""
    best = None
    p = n.to_move
    for i, c in enumerate(n.children):
        if isinstance(c, Leaf):
            trace.append([*path, i])
            v = _worth(c, p, 16)
        elif c.to_move == p:
            v = _scout16(c, a if best is None else max(a, best), b, [*path, i], trace)
        else:
            lo = a if best is None else max(a, best)
            r = _scout16(c, _wrap(-b, 16), _wrap(-lo, 16), [*path, i], trace)  # BUG: -lo wraps
            v = _wrap(-r, 16)
        best = v if best is None else max(best, v)
        if best >= b:
            break
    assert best is not None
    return best


# --- int64: Korf's shift ------------------------------------------------------------------------


def int64_korf_shift(request: dict[str, Any]) -> dict[str, object]:
    """Korf's lower bound shifted to 0 in the scores' own 64 bits: ``c - lower`` and ``Sum =
    total - N * lower`` wrap once the lower bound is far below 0 (2^63 - 1 - (-(2^63 - 1)) is
    -2).

    Procedure ``Shallow`` (Korf 3.2.2), as ``tests.bugs.multi.shallow`` runs it, on
    ``int64_t``: "any other lower bound can be shifted to zero by subtracting it from every
    component" (3.2), then ``Bound`` and ``Sum - Best[Player]`` in the shifted values. With a
    lower bound of -(2^63 - 1) a component above 0 wraps to a negative one, Korf's Sum wraps
    too, and both the comparisons of maxn and the cut-offs go wrong. Right whenever the shifted
    range fits in 64 bits. Seen in practice: Korf's shift as gametree's own
    ``impl.maxn_stack.korf_bounds`` makes it (in exact integers), done in a fixed-width type,
    where a shifted component reaches 2M and Korf's Sum (N + 1)·M; the same arithmetic as the
    ``(low + high) / 2`` overflow that Bloch found in the JDK's binary search (2006).
    """
    doc = document(request)
    t, bounds = doc.tree, doc.bounds or Bounds(0, 9)
    lower = _integer(bounds.lower, 64)
    total = _wrap(_integer(bounds.total, 64) - t.players * lower, 64)  # BUG: wraps
    trace: list[Line] = []

    def shallow(n: Tree, bound: int, bounder: int | None, path: Line) -> tuple[tuple[int, ...],
                                                                               Line]:  # fmt: skip
        if isinstance(n, Leaf):
            trace.append(path)
            assert isinstance(n.value, tuple)
            return tuple(_wrap(_integer(c, 64) - lower, 64) for c in n.value), []  # BUG: wraps
        p = n.to_move
        if bounder == p:
            bound = total
        best, line = shallow(n.children[0], total, None, [*path, 0])
        line = [0, *line]
        for i in range(1, len(n.children)):
            if best[p] >= bound:
                return best, line
            next_, rest = shallow(n.children[i], _wrap(total - best[p], 64), p, [*path, i])
            if next_[p] > best[p]:
                best, line = next_, [i, *rest]
        return best, line

    v, line = shallow(t, total, None, [])
    value = tuple(_wrap(c + lower, 64) for c in v)
    return {"value": out(value), "best_move": line[0] if line else None,
            "principal_variation": line, "trace": trace}  # fmt: skip


# --- doubles: MTD(f) with a tolerance -----------------------------------------------------------


def _double(q: Scalar) -> float:
    """A number as a double: exactly, or a clear refusal for one that a double does not hold."""
    try:
        f = float(q)
    except OverflowError:
        f = math.inf
    if math.isinf(f) or Fraction(f) != q:
        raise ValueError(f"a double engine cannot hold {q}")
    return f


EPS = 0.001
"""The tolerance of the engine below, easyAI's."""


def double_mtdf_epsilon(request: dict[str, Any]) -> dict[str, object]:
    """MTD(f) over doubles with easyAI's tests: "value >= gamma?" asked as MT(gamma - 0.001), and
    "above g?" as "at least g + 1", so two values less than 0.001 apart are one.

    easyAI's driver (``MTdriver.py``: ``eps = 0.001``; ``best_value = mt(game, bound - eps,
    ...)``; ``if best_value < bound: upperbound = best_value else: lowerbound = best_value``,
    until the bounds meet) with Plaat's next test (``g + 1`` after a lower bound, else ``g``)
    from the request's first guess, and easyAI's ``mt``, a fail-soft negamax that stops once a
    child reaches its gamma. A cut-off at ``gamma - 0.001`` returns a lower bound that the
    driver, comparing with ``gamma``, files as an upper one: with Max's children 1 and
    1 + 2^-52 the search answers 1. Exact while values are integers (as easyAI's are meant to
    be). Seen in practice: easyAI's ``MTdriver.py``, behind its ``SSS`` and ``DUAL``
    (``next = best + 1``), on the float scores easyAI computes.
    """

    def mt(n: Node, gamma: float) -> float:
        best = -math.inf
        p = n.to_move
        for c in n.children:
            if best >= gamma:
                break
            if isinstance(c, Leaf):
                v = _double(_scalar(c))
                v = v if p == 0 else -v
            elif c.to_move == p:
                v = mt(c, gamma)
            else:
                v = -mt(c, -gamma)
            best = max(best, v)
        return best

    def test(t: Tree, gamma: float) -> float:
        """MT(root, gamma) in Max's view: a lower bound when at least gamma, else an upper one."""
        if isinstance(t, Leaf):
            return _double(_scalar(t))
        return mt(t, gamma) if t.to_move == 0 else -mt(t, math.nextafter(-gamma, math.inf))

    t = document(request).tree
    for x in (request.get("alpha"), request.get("beta")):
        if x is not None:
            _double(parse_number(x))
    best = _double(parse_number(request.get("first_guess", 0)))
    lower, upper = -math.inf, math.inf
    tested: set[tuple[float, float]] = set()
    while (best, lower) not in tested:  # a guard easyAI's loop lacks: past 2^53, g + 1 is g
        tested.add((best, lower))
        bound = best + 1 if best == lower else best
        best = test(t, bound - EPS)  # BUG: the test belongs at bound itself
        if best < bound:
            upper = best
        else:
            lower = best
        if lower >= upper:
            break
    return {"value": best}


# --- doubles: "p/q" read by dividing two doubles -------------------------------------------------


def _number_of(x: object) -> float:
    """``Number(x)``, or ``Number(p) / Number(q)`` for a string "p/q", as JavaScript computes
    them: a JSON number is read correctly rounded; a decimal beyond the doubles is Infinity."""
    if isinstance(x, str):
        p, _, q = x.partition("/")
        if q:
            return _number_of(int(p)) / _number_of(int(q))  # BUG: q past 2^1024 is Infinity
        x = int(p)
    assert isinstance(x, int)
    try:
        return float(x)
    except OverflowError:
        return math.inf if x > 0 else -math.inf


def double_fraction_division(request: dict[str, Any]) -> dict[str, object]:
    """Values held as doubles, a fraction "p/q" read as ``Number(p) / Number(q)``: a denominator
    past the largest double is Infinity, and the value reads as 0.

    Every double has a denominator that is a power of two, and the smallest ones need up to
    2^1074 (the subnormals, and the normal doubles below 2^-971 with an odd significand); past
    2^1023 ``Number(q)`` overflows, and p / Infinity is 0, so 2^-1074 and 3·2^-1074 tie with 0
    and with each other. Knuth and Moore's fail-hard alpha-beta (max/min form) otherwise, exact
    on every other double (IEEE division rounds correctly, and p / q is a double). Seen in
    practice: the usual way to read a fraction string in JavaScript, ``const [p, q] =
    s.split("/").map(Number); return p / q`` (lightyen's twobj ``calcFraction``), and
    ``strtod(p) / strtod(q)`` in C.
    """
    trace: list[Line] = []

    def search(n: Tree, a: float, b: float, path: Line) -> tuple[float, Line]:
        if isinstance(n, Leaf):
            trace.append(path)
            _double(_scalar(n))  # a number a double does not hold is refused
            return _number_of(out(_scalar(n))), []
        line: Line = []
        if n.to_move == 0:
            best = a
            for i, c in enumerate(n.children):
                v, rest = search(c, max(a, best), b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                if best >= b:
                    break
            return best, line
        best = b
        for i, c in enumerate(n.children):
            v, rest = search(c, a, min(b, best), [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            if a >= best:
                break
        return best, line

    a, b = request.get("alpha"), request.get("beta")
    for x in (a, b):
        if x is not None:
            _double(parse_number(x))
    value, line = search(document(request).tree, -math.inf if a is None else _number_of(a),
                         math.inf if b is None else _number_of(b), [])  # fmt: skip
    return reply(value, line, trace)


__all__ = [
    "double_fraction_division",
    "double_mtdf_epsilon",
    "int16_pvs_null_window",
    "int32_mtdf_null_window",
    "int64_korf_shift",
    "int64_sentinel",
    "win_score_as_infinity",
]


# --- a win score as the infinities, inside the range it declares -----------------------------

WIN = 100
"""The win score of a board-game library's evaluation: its scores lie in -100..100."""


def win_score_as_infinity(request: dict[str, Any]) -> dict[str, object]:
    """A fail-soft alpha-beta whose infinities are its win score, ±100, inside its declared range.

    The library's scores run from -100 (lost) to 100 (won), and it says so (``--infinity 101``:
    every score strictly inside ±101); but its first best and the open sides of the window are
    ±100 themselves, so a position where every move is lost never records a move (no move
    beats the first best), and a won leaf at an open window's edge cuts its parent off. Seen
    in practice: the game library of gametree's issue 33, which used its win score ±100 as its
    infinities and returned no move from a lost position, and juvavum's domineering `minmax.js`
    (`value = -100` as the first best).
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> tuple[Number, Line]:
        if isinstance(n, Leaf):
            trace.append(path)
            return _scalar(n), []
        line: Line = []
        sign = 1 if n.to_move == 0 else -1
        best: Number = -sign * WIN  # BUG: -sign * (WIN + 1), below every score
        for i, c in enumerate(n.children):
            v, rest = search(c, a, b, [*path, i])
            if sign * v > sign * best:
                best, line = v, [i, *rest]
            if n.to_move == 0:
                a = max(a, best)
            else:
                b = min(b, best)
            if a >= b:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, max(a, -WIN),  # BUG: max(a, -(WIN + 1))
                         min(b, WIN), [])  # fmt: skip
    return reply(value, line, trace)
