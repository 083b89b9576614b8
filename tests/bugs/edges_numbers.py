"""Two-player searches whose numbers break only at magnitudes and precisions small trees lack.

Each function is a conformance target and the whole algorithm, recursive (one frame a level,
so safe some hundreds of levels deep), correct on the old gate's trees (values in -9..9,
vectors' up to 100, fractions with denominators up to 6) and wrong only past one edge of the
scope (``gametree.conform.scope``'s magnitude flags and ``TinyFraction``): an "infinity"
written as 999, a score packed into 16 bits, a 32-bit or a 64-bit integer, JSON numbers read
as doubles, a float epsilon copied into exact code, a 28-digit decimal. The one mistake of
each is marked ``# BUG``; an engine whose type holds no fraction refuses one with an error
(the worker replies ``{"error": ...}``), and its catalogue entry skips ``Fraction``, as a user
of such an engine would.

Glossary: n is a node, a and b the window, v a child's value, p the player to move, ``best``
the node's result so far, ``line`` its principal variation, ``trace`` the leaves read.
"""

from decimal import Context, Decimal, localcontext
from fractions import Fraction
from typing import Any

from gametree.spec import Leaf, Node, Scalar, Tree
from gametree.treefile import parse_number
from tests.bugs._common import INF, Number, document, reply, window

Result = tuple[Number, list[int]]


def _integer(x: Scalar, what: str) -> int:
    """``x`` as the integer an integer-only engine holds, or a clear refusal."""
    if isinstance(x, Fraction):
        raise TypeError(f"{what} holds integers only (got {x})")
    return x


def _leaf_value(n: Leaf) -> Scalar:
    assert not isinstance(n.value, tuple)
    return n.value


# --- an "infinity" of 999 --------------------------------------------------------------------

INFINITY_999 = 999
"""The "infinity" of the engine below."""


def infinity_999(request: dict[str, Any]) -> dict[str, object]:
    """The infinities written as ±999: the open sides of the window, so fail-hard's first best.

    The CSCE 315 slides start its search at ``INT_MIN``; this one at ``-999``, a "score no position
    reaches". A node whose children are all -999 or less keeps -999 and no move, and one that
    reaches 999 cuts off against a beta of 999 before a child worth 1000. Seen in practice:
    ``#define INFINITY 999`` and ``9999``, the constants of C course listings (Dijkstra's
    algorithm's, copied into searches), and the fixed infinities of hobby engines, each right
    while every score stays below it: ``const int INFINITY = 10000;`` ("should fit into a
    short") in splot's ``negamax.hpp``, ``Infinity = 32767`` in Publius, ``SCORE_INF: i16 =
    30_000``, ``value = -100`` as the first best of juvavum's domineering ``minmax.js``.
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            return _leaf_value(n), []
        line: list[int] = []
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

    alpha, beta = request.get("alpha"), request.get("beta")
    a = -INFINITY_999 if alpha is None else parse_number(alpha)  # BUG: -inf belongs here
    b = INFINITY_999 if beta is None else parse_number(beta)  # BUG: +inf belongs here
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


# --- a score packed with its move into 32 bits -------------------------------------------------


def _pack(score: int, move: int) -> int:
    """``score << 16 | move`` in a C ``int``: the bits above 32 fall off (two's complement)."""
    key = (score << 16) | move
    return (key + 2**31) % 2**32 - 2**31


def _unpack(key: int) -> tuple[int, int]:
    """The score (``key >> 16``, an arithmetic shift) and the move (the low 16 bits)."""
    return key >> 16, key & 0xFFFF


def packed_score_int16(request: dict[str, Any]) -> dict[str, object]:
    """Each node's score returned packed with its move in one 32-bit int, the score shifted 16
    bits up (``score << 16``) over the move's index.

    Unpacked with an arithmetic shift, the score comes back sign-extended from 16 bits, so a
    score outside -32768..32767 wraps (40000 reads as -25536) and a node picks the wrong child.
    Fail-soft alpha-beta otherwise (Fishburn), on integers. Seen in practice: move pickers and
    sorters that keep a score and a move in one integer (robocide's ``scoredMoveMake``, the
    score shifted above ``MoveBit`` bits of move; the connect-four solvers' ``MoveSorter``
    with a few bits of score per entry), where scores were assumed to fit the 16 bits a
    centipawn evaluation needs.
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> tuple[int, list[int]]:
        if isinstance(n, Leaf):
            trace.append(path)
            return _pack(_integer(_leaf_value(n), "a packed score"), 0), []
        line: list[int] = []
        best: int | None = None
        move = 0
        maximising = n.to_move == 0
        for i, c in enumerate(n.children):
            key, rest = search(c, a, b, [*path, i])
            v, _ = _unpack(key)  # BUG: a score past 16 bits does not come back
            if best is None or (v > best if maximising else v < best):
                best, move, line = v, i, [i, *rest]
            if maximising:
                a = max(a, best)
            else:
                b = min(b, best)
            if a >= b:
                break
        assert best is not None
        return _pack(best, move), line

    a, b = window(request)
    for x in (a, b):
        if isinstance(x, Fraction):
            _integer(x, "a packed score")
    key, line = search(document(request).tree, a, b, [])
    return reply(_unpack(key)[0], line, trace)


# --- 32-bit integers -------------------------------------------------------------------------


def _as_int(x: Scalar) -> int:
    """Jackson's ``JsonNode.asInt()`` on a JSON integer: ``(int) longValue``, the low 32 bits."""
    return (_integer(x, "an int score") + 2**31) % 2**32 - 2**31


def int32_as_int(request: dict[str, Any]) -> dict[str, object]:
    """Leaf values read into a 32-bit ``int``: a value past ±2^31 wraps around (2^31 is -2^31).

    Minimax in max/min form, every leaf, exact otherwise. Seen in practice: Java engines reading
    a JSON tree with Jackson's ``node.asInt()`` (``LongNode.intValue()`` is ``return (int)
    _value;``, ``BigIntegerNode``'s the low 32 bits of the number), C engines assigning a
    parser's ``long long`` to an ``int score``, and ``(int)`` casts of 64-bit evaluations.
    """
    trace: list[list[int]] = []

    def search(n: Tree, path: list[int]) -> tuple[int, list[int]]:
        if isinstance(n, Leaf):
            trace.append(path)
            return _as_int(_leaf_value(n)), []  # BUG: the value itself belongs here
        best: int | None = None
        line: list[int] = []
        for i, c in enumerate(n.children):
            v, rest = search(c, [*path, i])
            if best is None or (v > best if n.to_move == 0 else v < best):
                best, line = v, [i, *rest]
        assert best is not None
        return best, line

    value, line = search(document(request).tree, [])
    return reply(value, line, trace)


# --- JSON numbers read as doubles --------------------------------------------------------------


def _javascript(x: Scalar) -> Scalar:
    """What ``JSON.parse`` makes of a number: a JSON integer becomes the nearest double (read
    back exactly, as engine.js's ``parse`` did); a ``"p/q"`` string stays exact."""
    if isinstance(x, Fraction):
        return x
    try:
        return int(float(x))  # BUG: a JSON integer is a double in JavaScript
    except OverflowError:  # JSON.parse gives Infinity; engine.js's parse then never returns
        raise ValueError(f"a number beyond the doubles ({len(str(abs(x)))} digits)") from None


def json_doubles(request: dict[str, Any]) -> dict[str, object]:
    """JSON integers read as IEEE doubles, as JavaScript's ``JSON.parse`` reads every number.

    ``"p/q"`` strings are exact (BigInt fractions); the values written back are the doubles',
    so 2^53 + 1 comes back as 2^53, and two leaves a double cannot tell apart tie. The Alpha-Beta
    Pruning article's fail-hard alpha-beta otherwise, as ``examples/engine.js`` searched while it
    read requests with ``JSON.parse`` (as committed at 4cc2b39, which also never returns on an
    integer past the doubles, where ``JSON.parse`` gives ``Infinity``; this one reports an error
    there). Seen in practice: gametree's own ``examples/engine.js`` as first written; JavaScript
    engines reading their input with ``JSON.parse``, Python's ``json.loads(..., parse_int=float)``,
    jq 1.6 and the JSON libraries that hold every number as a double.
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            return _javascript(_leaf_value(n)), []
        line: list[int] = []
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

    a, b = window(request)
    a = a if isinstance(a, float) else _javascript(a)
    b = b if isinstance(b, float) else _javascript(b)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


# --- 64-bit integers in negamax --------------------------------------------------------------


def _int64(x: Scalar) -> int:
    """``x`` as an ``int64_t``, refused when it does not fit."""
    v = _integer(x, "an int64 score")
    if not -(2**63) <= v < 2**63:
        raise OverflowError(f"a score must fit in 64 bits (got {len(str(abs(v)))} digits)")
    return v


def _neg64(x: Number) -> Number:
    """``-x`` in two's complement 64-bit arithmetic: ``-INT64_MIN`` is ``INT64_MIN`` (an open
    side of the window, an infinity, stays one)."""
    if isinstance(x, float):
        return -x
    assert isinstance(x, int)
    return (-x + 2**63) % 2**64 - 2**63


def int64_negamax(request: dict[str, Any]) -> dict[str, object]:
    """Negamax over ``int64_t``, whose negation wraps: ``-(-2^63)`` is -2^63 again.

    Values outside int64 are refused with an error, and an open side of the window is kept
    open (no score stands for infinity), but a leaf of -2^63 below Min (worth ``-v``), or a
    child's value of -2^63 negated, stays the smallest number where it should be the largest.
    Fail-hard negamax alpha-beta otherwise. Seen in practice: negamax in C, C++, Go and Rust
    (release builds wrap) on 64-bit scores, the trap a comment in splot's ``negamax.hpp``
    warns of for 16 bits ("-SHORT_MIN is still SHORT_MIN! (Thanks, two's complement.)"), and
    the ``-INT_MIN`` of the CSCE 315 slides' ``INT_MIN`` initial value.
    """

    def worth(c: Leaf, p: int) -> Number:
        v = _int64(_leaf_value(c))
        return v if p == 0 else _neg64(v)  # BUG: -v wraps at -2^63

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best = a
        line: list[int] = []
        rest: list[int]
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = worth(c, n.to_move), []
            elif c.to_move == n.to_move:
                v, rest = search(c, best, b, [*path, i], trace)
            else:
                r, rest = search(c, _neg64(b), _neg64(best), [*path, i], trace)
                v = _neg64(r)  # BUG: wraps at -2^63
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    t = document(request).tree
    if isinstance(t, Leaf):
        return reply(_int64(_leaf_value(t)), [], [[]])
    a, b = window(request)
    a, b = (x if isinstance(x, float) else _int64(x) for x in (a, b))
    trace: list[list[int]] = []
    value, line = search(t, a, b, [], trace)
    return reply(value, line, trace)


# --- an epsilon copied from floating-point code ------------------------------------------------

EPS = Fraction(1, 10**9)
"""The tolerance of the engine below."""


def epsilon_compare(request: dict[str, Any]) -> dict[str, object]:
    """Exact values compared with a float's tolerance: a child replaces the best only when it is
    better by more than ``EPS`` = 10^-9 (``v > best + EPS``).

    Values closer than 10^-9 are taken as equal, so the leftmost of them stays the best, though
    it is worse (1/2^60 loses to 0). Fishburn's fail-soft alpha-beta otherwise. Seen in
    practice: evaluations in ``double`` compared with ``if (score > bestScore + EPSILON)`` "to
    avoid float noise", code that keeps the tolerance after its numbers are made exact
    (fractions, rationals in Python or Haskell engines), and ``math.isclose`` in move pickers.
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            return _leaf_value(n), []
        line: list[int] = []
        if n.to_move == 0:
            best: Number = -INF
            for i, c in enumerate(n.children):
                v, rest = search(c, a, b, [*path, i])
                if v > best + EPS:  # BUG: v > best belongs here
                    best, line = v, [i, *rest]
                a = max(a, best)
                if a >= b:
                    break
            return best, line
        best = INF
        for i, c in enumerate(n.children):
            v, rest = search(c, a, b, [*path, i])
            if v < best - EPS:  # BUG: v < best belongs here
                best, line = v, [i, *rest]
            b = min(b, best)
            if a >= b:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


# --- 28 significant digits ---------------------------------------------------------------------


def _decimal(x: Scalar) -> Decimal:
    """A value as a ``Decimal``: an integer exactly, a fraction rounded to the context's digits."""
    if isinstance(x, Fraction):
        return Decimal(x.numerator) / Decimal(x.denominator)
    return Decimal(x)


def _exact(d: Decimal) -> Scalar:
    q = Fraction(d)
    return q.numerator if q.denominator == 1 else q


def decimal_28(request: dict[str, Any]) -> dict[str, object]:
    """Values held as ``decimal.Decimal`` in the default context: negation rounds to 28 digits.

    ``Decimal(n)`` is exact, but ``-d`` is an operation and rounds to the context's precision,
    so integers past 10^28 that differ in their low digits become one number once negated
    (-(10^28 + 1) and -(10^28 + 2) are both -1.000...E+28) and Min's choice between them is
    the leftmost, not the least. Negamax, every leaf, otherwise; a fraction such as 1/3 has no
    exact decimal either (its catalogue entry skips ``Fraction``). Seen in practice: Python
    engines that switch to ``Decimal`` "for exact scores" (the context's 28 digits are easy to
    miss), C#'s ``decimal`` (28 to 29 digits) and Elixir's ``Decimal`` (precision 28 by
    default).
    """

    def worth(c: Leaf, p: int) -> Decimal:
        d = _decimal(_leaf_value(c))
        return d if p == 0 else -d  # BUG: -d rounds to 28 digits

    def search(n: Node, path: list[int], trace: list[list[int]]) -> tuple[Decimal, list[int]]:
        best: Decimal | None = None
        line: list[int] = []
        rest: list[int]
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = worth(c, n.to_move), []
            elif c.to_move == n.to_move:
                v, rest = search(c, [*path, i], trace)
            else:
                r, rest = search(c, [*path, i], trace)
                v = -r  # BUG: rounds to 28 digits
            if best is None or v > best:
                best, line = v, [i, *rest]
        assert best is not None
        return best, line

    t = document(request).tree
    with localcontext(Context()):  # the default context, whatever the caller's
        if isinstance(t, Leaf):
            return reply(_exact(_decimal(_leaf_value(t))), [], [[]])
        trace: list[list[int]] = []
        value, line = search(t, [], trace)
        return reply(_exact(value), line, trace)


__all__ = [
    "decimal_28",
    "epsilon_compare",
    "infinity_999",
    "int32_as_int",
    "int64_negamax",
    "json_doubles",
    "packed_score_int16",
]
