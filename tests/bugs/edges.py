"""Searches whose mistakes show only past the shape of a small tree: wide, tall, many players,
repeated subtrees.

Each function is a conformance target and the whole algorithm, recursive (one frame a level,
so safe some hundreds of levels deep), correct on the old gate's trees (depth at most 4,
branching at most 3, 2 to 4 players, N-player trees at most 3 high) and wrong only past one
edge of the scope (``gametree.conform.scope``'s ``Wide``, ``Tall``, ``ManyPlayers`` and
``RepeatedSubtree``): a fixed-size move list, a player index kept in two bits, a bound taken
from N plies up, a per-ply window stack of six entries, a memo keyed by the subtree alone.
The one mistake of each is marked ``# BUG``; ``edges_numbers`` holds the mistakes of
magnitude and precision.

Glossary: n is a node, p the player to move at it, a and b the window from p's point of view
(negamax) or Max's (max/min form), ``best`` the node's result so far, ``line`` its principal
variation, ``trace`` the leaves read; for N players ``best`` and ``next_`` are Korf's ``Best``
and ``Next``, ``bound`` his ``Bound``, ``total`` his ``Sum`` (lower bound shifted to 0).
"""

from typing import Any, Protocol

from gametree.spec import Bounds, Leaf, Node, Scalar, Tree, Vector
from tests.bugs._common import INF, Number, document, out, reply, window

Result = tuple[Number, list[int]]
Found = tuple[Vector, list[int]]


class _Search(Protocol):
    def __call__(
        self, n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]
    ) -> Result: ...


def _negamax_root(request: dict[str, Any], search: _Search) -> dict[str, object]:
    """Search the root in negamax form (a lone leaf is a root where player 0 moves) and reply."""
    t = document(request).tree
    if isinstance(t, Leaf):
        assert not isinstance(t.value, tuple)
        return reply(t.value, [], [[]])
    a, b = window(request)
    trace: list[list[int]] = []
    value, line = search(t, a, b, [], trace)
    return reply(value, line, trace)


def _worth(c: Leaf, p: int) -> Number:
    """A leaf's value to the player moving at its parent."""
    assert not isinstance(c.value, tuple)
    return c.value if p == 0 else -c.value


# --- Wide: a fixed move list -------------------------------------------------------------------

MAX_MOVES = 256
"""The move list of the engine below: chess's customary bound (218 legal moves at most)."""


def move_list_256(request: dict[str, Any]) -> dict[str, object]:
    """A fixed 256-entry move list: the children past the 256th are never generated.

    Chess has at most 218 legal moves, so the list never fills there; a game or a tree with
    257 moves loses the last, here the best. Fail-soft negamax alpha-beta otherwise. Seen in
    practice: ``Move moves[MAX_MOVES]`` with ``MAX_MOVES = 256`` in chess engines
    (``ExtMove moveList[MAX_MOVES]`` in Stockfish's descendants, ``S_MOVE moves[256]`` in
    Alexandria, ``MOVE_LIST[MAX_DEPTH][MAX_MOVES]`` in chessplusplus), whose generators stop
    at the end of the buffer or write past it, reused for games with wider nodes.
    """

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        best: Number = -INF
        line: list[int] = []
        rest: list[int]
        for i, c in enumerate(n.children[:MAX_MOVES]):  # BUG: every child belongs here
            lo = max(a, best)
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = _worth(c, n.to_move), []
            elif c.to_move == n.to_move:
                v, rest = search(c, lo, b, [*path, i], trace)
            else:
                r, rest = search(c, -b, -lo, [*path, i], trace)
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    return _negamax_root(request, search)


# --- Korf's Shallow, with a fixed move list or a deep bound ------------------------------------


def _read(request: dict[str, Any]) -> tuple[Tree, Bounds, Scalar]:
    doc = document(request)
    bounds = doc.bounds or Bounds(0, 9)
    return doc.tree, bounds, bounds.total - doc.tree.players * bounds.lower


def _reply_vector(found: Found, lower: Scalar, trace: list[list[int]]) -> dict[str, object]:
    v, line = found
    value = tuple(c + lower for c in v)
    return {"value": out(value), "best_move": line[0] if line else None,
            "principal_variation": line, "trace": trace}  # fmt: skip


def _shallow(request: dict[str, Any], *, moves: int | None = None, deep: bool = False) -> dict[
    str, object
]:  # fmt: skip
    """Korf's ``Shallow`` (3.2.2), with at most ``moves`` children generated, and with ``deep``
    the bound also taken from the node N plies up (for the two functions below)."""
    t, bounds, total = _read(request)
    trace: list[list[int]] = []
    players = t.players
    in_force: list[Scalar] = []  # the bound in force at each ply of the current path

    def shallow(n: Tree, bound: Scalar, bounder: int | None, path: list[int]) -> Found:
        if isinstance(n, Leaf):
            trace.append(path)
            assert isinstance(n.value, tuple)
            return tuple(c - bounds.lower for c in n.value), []
        p = n.to_move
        if bounder == p:
            bound = total
        ply = len(path)
        if deep and ply >= players:  # BUG when deep: the bound belongs to the parent alone
            bound = min(bound, in_force[ply - players])
        del in_force[ply:]
        in_force.append(bound)
        children = n.children[:moves]  # BUG when moves: every child belongs here
        best, line = shallow(children[0], total, None, [*path, 0])
        line = [0, *line]
        for i in range(1, len(children)):
            if best[p] >= bound:
                return best, line
            next_, rest = shallow(children[i], total - best[p], p, [*path, i])
            if next_[p] > best[p]:
                best, line = next_, [i, *rest]
        return best, line

    return _reply_vector(shallow(t, total, None, []), bounds.lower, trace)


SHALLOW_MOVES = 32
"""The move list of the engine below: Othello's customary bound."""


def shallow_move_list_32(request: dict[str, Any]) -> dict[str, object]:
    """A fixed 32-entry move list in shallow pruning: the children past the 32nd are dropped.

    Korf's ``Shallow`` otherwise. Othello rarely has more than 32 legal moves, so the bound
    holds there and fails in the multi-player games the code is carried to (Rolit, four-player
    Othello; Chinese Checkers, whose jumps give far more). Seen in practice: ``#define MAX_MOVE
    32`` ("maximal number of moves") in Edax's ``const.h``, ``MT_MAX_SIZE 32`` move tables in
    checkers programs, and Othello move arrays sized by a count that held for two players.
    """
    return _shallow(request, moves=SHALLOW_MOVES)


def same_player_cutoff(request: dict[str, Any]) -> dict[str, object]:
    """Deep pruning at distance N: a node is also bounded by the bound of the node N plies up,
    where (players moving in turn) its own player last moved.

    Alpha-beta's grandparent generalised to N players: in two-player alpha-beta a node inherits
    its grandparent's window, so this one keeps a stack of the bound in force at each ply and
    cuts off against ``min(Bound, bound[ply - N])``. Korf (3.2.3) shows why bounds from above the
    parent are unsound with three players or more: the intermediate players may choose the
    pruned node's value. Only a node at depth N + 1 or more can inherit a bound below Sum, so
    the mistake needs a tree at least N + 2 high (5 for three players). Seen in practice:
    multi-player engines ported from a two-player alpha-beta with a per-ply stack of windows
    (``ss->alpha`` read from ``ss - 2``), the ply offset changed from 2 to the number of players.
    """
    return _shallow(request, deep=True)


# --- ManyPlayers: a player index in two bits ---------------------------------------------------


def maxn_player_2_bits(request: dict[str, Any]) -> dict[str, object]:
    """Maxn with the player to move kept in two bits: player p maximises component ``p & 3``.

    Right for up to four players; with five to eight, players 4..7 maximise the components of
    players 0..3. Maxn otherwise (Korf 3.1, every leaf, ``Next[Player] > Best[Player]``). Seen
    in practice: card-game and four-player board-game searches written for four seats, such as
    the bridge solvers' ``#define handId(hand, relative) (hand + relative) & 3`` (DDS), and the
    player packed into two bits of a node or move word, reused for more players.
    """
    t = document(request).tree
    trace: list[list[int]] = []

    def search(n: Tree, path: list[int]) -> Found:
        if isinstance(n, Leaf):
            trace.append(path)
            assert isinstance(n.value, tuple)
            return n.value, []
        p = n.to_move & 3  # BUG: n.to_move belongs here
        best, line = search(n.children[0], [*path, 0])
        line = [0, *line]
        for i in range(1, len(n.children)):
            next_, rest = search(n.children[i], [*path, i])
            if next_[p] > best[p]:
                best, line = next_, [i, *rest]
        return best, line

    return _reply_vector(search(t, []), 0, trace)


# --- Tall: a window stack of six entries -------------------------------------------------------

MAX_PLY = 6
"""The plies the engine below keeps windows for."""


def window_ring_6(request: dict[str, Any]) -> dict[str, object]:
    """The windows kept in a per-ply stack of 6 entries indexed ``ply % MAX_PLY``, so a node
    six plies down overwrites the window of the node six plies up.

    Every node, leaves included, stores its window in its ply's entry and reads it back after
    each child, as engines read ``ss->alpha``; up to height 5 the entries are distinct and
    the search is Fishburn's fail-soft alpha-beta, from height 6 an ancestor resumes with a
    descendant's narrower window and fails where it should be exact. Seen in practice: search
    stacks and killer or PV tables sized for the depth an engine was written to search
    (``MAX_PLY``, ``MAX_DEPTH`` of 6 to 10 in student engines), indexed modulo their size or
    masked (``ply & (MAX_PLY - 1)``) to keep a deeper line from writing past the end.
    """
    trace: list[list[int]] = []
    alphas: list[Number] = [-INF] * MAX_PLY
    betas: list[Number] = [INF] * MAX_PLY

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        k = len(path) % MAX_PLY  # BUG: one entry per ply of the path belongs here
        alphas[k], betas[k] = a, b
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        if n.to_move == 0:
            best: Number = -INF
            for i, c in enumerate(n.children):
                v, rest = search(c, alphas[k], betas[k], [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                alphas[k] = max(alphas[k], best)
                if alphas[k] >= betas[k]:
                    break
            return best, line
        best = INF
        for i, c in enumerate(n.children):
            v, rest = search(c, alphas[k], betas[k], [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            betas[k] = min(betas[k], best)
            if alphas[k] >= betas[k]:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


# --- RepeatedSubtree: a memo without the window ------------------------------------------------

MEMO_HEIGHT = 3
"""The engine below memoises the subtrees at least this high (plies left to search)."""


def memo_by_subtree(request: dict[str, Any]) -> dict[str, object]:
    """Alpha-beta that memoises a subtree's result by the subtree alone, without the window it
    was searched with or whether the result is exact or a bound.

    A subtree met again (a transposition) answers what it answered first, under the first
    window; under another window that is a bound where the value is needed, or a value outside
    the window where fail-soft needs the bound's side. Only subtrees at least ``MEMO_HEIGHT``
    = 3 high are memoised, as tables are often kept for the nodes with a few plies left (a
    frontier entry costs more than it saves); a tree at most 4 high can repeat such a subtree
    only among the root's children, whose windows narrow from one side, where the reuse is
    sound, so the mistake needs a tree at least 5 high. Fail-soft negamax alpha-beta otherwise
    (gated without ``--strict-order``: a memo skips leaves by design). Seen in practice:
    ``memo[board] = score`` or ``@lru_cache`` on a minimax that then gained alpha-beta (the
    Stack Overflow question "Can a cache be used for an alpha-beta search algorithm?", a
    tic-tac-toe cache that went wrong with pruning), and transposition tables without a bound
    flag (``tests.bugs.engine.tt_no_flag``, the same mistake on a game graph).
    """
    memo: dict[Node, Result] = {}

    def search(n: Node, a: Number, b: Number, path: list[int], trace: list[list[int]]) -> Result:
        kept = n.height >= MEMO_HEIGHT
        if kept and n in memo:
            return memo[n]  # BUG: an entry holds for the window it was searched with
        best: Number = -INF
        line: list[int] = []
        rest: list[int]
        for i, c in enumerate(n.children):
            lo = max(a, best)
            if isinstance(c, Leaf):
                trace.append([*path, i])
                v, rest = _worth(c, n.to_move), []
            elif c.to_move == n.to_move:
                v, rest = search(c, lo, b, [*path, i], trace)
            else:
                r, rest = search(c, -b, -lo, [*path, i], trace)
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        if kept:
            memo[n] = best, line
        return best, line

    return _negamax_root(request, search)


__all__ = [
    "maxn_player_2_bits",
    "memo_by_subtree",
    "move_list_256",
    "same_player_cutoff",
    "shallow_move_list_32",
    "window_ring_6",
]
