"""Alpha-beta in negamax form: the correct one, and one classic mistake per function.

Knuth and Moore's F2 written as the Min-Max notes write minimax (``max(a, b) = -min(-a, -b)``): a
node's value is to the player to move there; a leaf is worth its value to the player moving
at its parent (``-v`` for Min); a child where the other player moves is searched with the
window swapped and negated, ``(-b, -a)``, and its value negated; a child where the same player
moves again (a player moving twice) is searched with the same window, not negated. ``correct``
conforms to ``negamax-alphabeta-fail-hard``; the others claim it too unless their docstring
names another semantics. Each mistake is marked ``# BUG``.

Glossary: n is a node, p the player to move at it, a and b the window from p's point of view,
``best`` the node's result so far, ``line`` its principal variation.
"""

from typing import Any

from gametree.spec import Leaf, Node, Tree
from tests.bugs._common import INF, Number, document, reply, window

Result = tuple[Number, list[int]]


def _root(request: dict[str, Any], search: Any) -> dict[str, object]:
    """Search the root (a lone leaf is a root where player 0 moves) and reply."""
    t = document(request).tree
    trace: list[list[int]] = []
    if isinstance(t, Leaf):
        assert not isinstance(t.value, tuple)
        return reply(t.value, [], [[]])
    a, b = window(request)
    value, line = search(t, a, b, [], trace)
    return reply(value, line, trace)


def _leaf(c: Leaf, p: int) -> Number:
    assert not isinstance(c.value, tuple)
    return c.value if p == 0 else -c.value


def correct(request: dict[str, Any]) -> dict[str, object]:
    """Fail-hard negamax alpha-beta: conforms to ``negamax-alphabeta-fail-hard``."""

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best: Number = a
        line: list[int] = []
        rest: list[int]
        v: Number
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = _leaf(c, n.to_move), []
            elif c.to_move == n.to_move:
                v, rest = search(c, best, b, [*path, i], trace)
            else:
                r, rest = search(c, -b, -best, [*path, i], trace)
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    return _root(request, search)


def window_not_swapped(request: dict[str, Any]) -> dict[str, object]:
    """The child's window negated but not swapped: ``(-a, -b)`` for ``(-b, -a)``.

    The child gets an empty window (its alpha above its beta) and cuts off at once. Seen in
    practice: negamax written from the max/min form by negating "everything"; the swapped
    window of ``examples/alphabeta_targets.py``.
    """

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best: Number = a
        line: list[int] = []
        rest: list[int]
        v: Number
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = _leaf(c, n.to_move), []
            elif c.to_move == n.to_move:
                v, rest = search(c, best, b, [*path, i], trace)
            else:
                r, rest = search(c, -best, -b, [*path, i], trace)  # BUG: (-b, -best)
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    return _root(request, search)


def window_not_negated(request: dict[str, Any]) -> dict[str, object]:
    """The child's window passed on as it is, ``(a, b)``, neither swapped nor negated.

    The opponent's search is bounded by the mover's own guarantees. Seen in practice: negamax
    code adapted from a max/min alpha-beta that passed ``alpha, beta`` down unchanged.
    """

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best: Number = a
        line: list[int] = []
        rest: list[int]
        v: Number
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = _leaf(c, n.to_move), []
            elif c.to_move == n.to_move:
                v, rest = search(c, best, b, [*path, i], trace)
            else:
                r, rest = search(c, best, b, [*path, i], trace)  # BUG: (-b, -best)
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    return _root(request, search)


def leaf_sign(request: dict[str, Any]) -> dict[str, object]:
    """The evaluation not negated where Min moves: a leaf below Min is worth ``v``, not ``-v``.

    Max's point of view leaks into Min's nodes (odd depths, when the players alternate). Seen
    in practice: negamax with an evaluation that is not relative to the side to move, the
    most frequent negamax bug on programming forums ("my negamax plays the worst move").
    """

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best: Number = a
        line: list[int] = []
        rest: list[int]
        v: Number
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                trace.append([*path, i])
                assert not isinstance(c.value, tuple)
                v, rest = c.value, []  # BUG: -c.value when Min moves at n
            elif c.to_move == n.to_move:
                v, rest = search(c, best, b, [*path, i], trace)
            else:
                r, rest = search(c, -b, -best, [*path, i], trace)
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    return _root(request, search)


def color_by_parity(request: dict[str, Any]) -> dict[str, object]:
    """The evaluation's sign from the depth's parity (``color = 1 if depth is even else -1``).

    Right while the players alternate from player 0 at the root; wrong below a player who
    moves twice or when Min moves first (the ``NotByDepth`` vectors). Seen in practice: the
    ``color`` parameter of Wikipedia-style negamax, flipped on every call, in games with extra
    moves.
    """

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best: Number = a
        line: list[int] = []
        rest: list[int]
        v: Number
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                trace.append([*path, i])
                assert not isinstance(c.value, tuple)
                color = 1 if len(path) % 2 == 0 else -1  # BUG: from n.to_move, not the depth
                v, rest = color * c.value, []
            elif c.to_move == n.to_move:
                v, rest = search(c, best, b, [*path, i], trace)
            else:
                r, rest = search(c, -b, -best, [*path, i], trace)
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    return _root(request, search)


def negate_same_player(request: dict[str, Any]) -> dict[str, object]:
    """Every child negated, also where the same player moves again.

    Negamax assumes the players alternate; after an extra move the mover's own value is taken
    as the opponent's. Seen in practice: Kalah (mancala) and checkers engines, where a move
    can earn another move, written from a chess negamax.
    """

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best: Number = a
        line: list[int] = []
        rest: list[int]
        v: Number
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = _leaf(c, n.to_move), []
            else:  # BUG: a child where n.to_move moves again is not negated
                r, rest = search(c, -b, -best, [*path, i], trace)
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    return _root(request, search)


def pvs_no_research(request: dict[str, Any]) -> dict[str, object]:
    """Principal variation search that keeps a scout's fail-high as the value, without re-search.

    A later child is searched with a null window ``(best, best + 1)``; when it fails high
    inside the real window, its result is only a lower bound and the child must be searched
    again. Gated as ``negamax`` (the value with the full window). Seen in practice: PVS and
    NegaScout implementations that forget the re-search or test the wrong bound for it.
    """

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best: Number = -INF
        line: list[int] = []
        rest: list[int]
        for i, c in enumerate(n.children):
            lo = max(a, best)
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = _leaf(c, n.to_move), []
            elif c.to_move == n.to_move:
                v, rest = search(c, lo, b, [*path, i], trace)
            elif i == 0 or lo == -INF:
                r, rest = search(c, -b, -lo, [*path, i], trace)
                v = -r
            else:
                r, rest = search(c, -lo - 1, -lo, [*path, i], trace)
                v = -r  # BUG: if lo < v < b, search again with (-b, -v)
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    return _root(request, search)


def pvs(request: dict[str, Any]) -> dict[str, object]:
    """Principal variation search with the re-search: conforms to ``negamax``."""

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best: Number = -INF
        line: list[int] = []
        rest: list[int]
        for i, c in enumerate(n.children):
            lo = max(a, best)
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = _leaf(c, n.to_move), []
            elif c.to_move == n.to_move:
                v, rest = search(c, lo, b, [*path, i], trace)
            elif i == 0 or lo == -INF:
                r, rest = search(c, -b, -lo, [*path, i], trace)
                v = -r
            else:
                r, rest = search(c, -lo - 1, -lo, [*path, i], trace)
                v = -r
                if lo < v < b:
                    r, rest = search(c, -b, -v, [*path, i], trace)
                    v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    return _root(request, search)


__all__ = [
    "Tree",
    "color_by_parity",
    "correct",
    "leaf_sign",
    "negate_same_player",
    "pvs",
    "pvs_no_research",
    "window_not_negated",
    "window_not_swapped",
]
