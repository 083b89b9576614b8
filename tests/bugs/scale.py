"""Searches whose mistakes show only at scale: 10^5 nodes, 1,024 states, 128 plies, 1,000 plies.

Each function is a conformance target, correct on every case the gate asked before its scale
cases (at most 20,000 nodes, 15 states, 40 plies below ``Deep``) and wrong only past one limit
of size: a node number held in 16 bits, a node budget polled every 1,024 nodes, a
transposition table of 1,024 entries that refuses new ones once full, a search stack of 128
plies, a recursive N-player search. The one mistake of each is marked ``# BUG``; the scale
cases of :mod:`gametree.conform.scale` (``ManyNodes``) find each without any vector.

Glossary: n is a node, k a node's slot in flat arrays, p the player to move, a and b the
window from p's point of view (negamax) or Max's (max/min form), ``best`` a node's result so
far, ``line`` its principal variation, ``trace`` the leaves read, s a game state, r the
plies left.
"""

from collections import deque
from typing import Any

from gametree.spec import Leaf, Node, Tree
from tests.bugs._common import INF, Number, document, out, reply, window
from tests.bugs.engine import Engine, serve
from tests.bugs.multi import _shallow

Result = tuple[Number, list[int]]

# --- A node number in 16 bits ------------------------------------------------------------------

SLOTS = 1 << 16
"""The slots of the engine below: node numbers are ``uint16_t``."""


def node_index_int16(request: dict[str, Any]) -> dict[str, object]:
    """Nodes numbered in 16 bits as the tree is read: from 65,536 nodes on the numbers wrap, and
    each later node overwrites an earlier one, the root first.

    The engine copies the request's tree into flat arrays (each node's player, value, first
    child and number of children; children numbered consecutively, breadth first), indexed
    by the node's number held in 16 bits, then searches the arrays from slot 0. Up to 65,535
    nodes that is the Alpha-Beta Pruning article's fail-hard alpha-beta; past them the root's slot
    holds a node far down and the search answers for a tree stitched from the last nodes written.
    Seen in practice: node numbers and child offsets in 16 bits to halve a node's size, as emlearn's
    decision trees did (``int16_t`` child indices limited a tree to 2^15 nodes until a check was
    added, emlearn PR #81), BehaviorTree.CPP's 8-bit node uid that wrapped past 255 nodes (issue
    #51), and ``int`` counters compiled where ``int`` is 16 bits (avr-gcc, MSP430).
    """
    player = [0] * SLOTS
    value: list[Number] = [0] * SLOTS
    first = [0] * SLOTS
    count = [0] * SLOTS
    queue: deque[Tree] = deque([document(request).tree])
    numbered, allotted = 0, 1  # the nodes read, and the numbers given out
    while queue:
        n = queue.popleft()
        k = numbered % SLOTS  # BUG: a node's number must not wrap
        numbered += 1
        if isinstance(n, Leaf):
            assert not isinstance(n.value, tuple)
            value[k], count[k] = n.value, 0
            continue
        player[k], first[k], count[k] = n.to_move, allotted % SLOTS, len(n.children)
        allotted += len(n.children)
        queue.extend(n.children)
    trace: list[list[int]] = []

    def search(k: int, a: Number, b: Number, path: list[int]) -> Result:
        if count[k] == 0:
            trace.append(path)
            return value[k], []
        line: list[int] = []
        children = [(first[k] + i) % SLOTS for i in range(count[k])]
        if player[k] == 0:
            best = a
            for i, c in enumerate(children):
                v, rest = search(c, max(a, best), b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                if best >= b:
                    break
            return best, line
        best = b
        for i, c in enumerate(children):
            v, rest = search(c, a, min(b, best), [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            if a >= best:
                break
        return best, line

    a, b = window(request)
    found, line = search(0, a, b, [])
    return reply(found, line, trace)


# --- A node budget polled every 2^10 nodes -----------------------------------------------------

NODE_LIMIT = 1 << 16
"""The engine's own limit on the nodes of one search."""
POLL = 1 << 10
"""It looks at the limit every this many nodes."""


def node_budget_polled(request: dict[str, Any]) -> dict[str, object]:
    """A node limit of 2^16 polled every 1,024 nodes, which ends a fixed-depth search early and
    answers with the best found so far.

    The engine guards each search with a limit of its own and looks at it every 1,024 nodes,
    as engines poll the clock; once it has run out, every node returns what it has (0, a
    draw, if it has nothing yet) and the root's best so far stands. Right for an anytime
    search, and below 65,536 nodes; wrong for the fixed-depth search the request asks for,
    whose value, move and leaves past that are those of a search stopped halfway. Fail-soft
    negamax alpha-beta otherwise. Seen in practice: Stockfish's node limit checked inside the
    search, which can end it before the depth completes (PR #3707, for data generation),
    Halogen's time check on a node count that restarted every 4,096 nodes (PR #176), and
    Patricia's node limit that stayed set for the next search of a given depth (PR #50).
    """
    t = document(request).tree
    if isinstance(t, Leaf):
        assert not isinstance(t.value, tuple)
        return reply(t.value, [], [[]])
    trace: list[list[int]] = []
    nodes, stopped = 1, False

    def search(n: Node, a: Number, b: Number, path: list[int]) -> Result:
        nonlocal nodes, stopped
        best: Number = -INF
        line: list[int] = []
        rest: list[int]
        v: Number
        for i, c in enumerate(n.children):
            nodes += 1
            if nodes % POLL == 0 and nodes >= NODE_LIMIT:
                stopped = True  # BUG: a fixed-depth search has no node limit
            if stopped:
                return (0 if best == -INF else best), line
            lo = max(a, best)
            if isinstance(c, Leaf):
                trace.append([*path, i])
                assert not isinstance(c.value, tuple)
                v, rest = (c.value if n.to_move == 0 else -c.value), []
            elif c.to_move == n.to_move:
                v, rest = search(c, lo, b, [*path, i])
            else:
                r, rest = search(c, -b, -lo, [*path, i])
                v = -r
            if v > best:
                best, line = v, [i, *rest]
            if best >= b:
                break
        return best, line

    a, b = window(request)
    found, line = search(t, a, b, [])
    return reply(found, line, trace)


# --- A transposition table that refuses new entries once full ----------------------------------

TABLE_ENTRIES = 1 << 10
"""The entries the engine below keeps: a small engine's fixed array. On the scale cases' games
(6,000 states) it stores about 1,900 entries."""


class FilloTable(Engine):
    """A transposition table of 1,024 entries trimmed last in, first out once full, and the move
    to play read back from the root's entry.

    Each store past the 1,024th entry drops the newest entry (``dict.popitem()``, as
    ``OrderedDict.popitem()``), the one just stored: once full, the table refuses every new
    entry; and the root's entry, stored last of all, is gone when the move is read from it,
    so the engine has no move to play (``None``, UCI's ``bestmove 0000``). Values stay right:
    a refused entry only costs a search again. Below 1,024 entries it is the engine of
    :mod:`tests.bugs.engine`. Seen in practice: sunfish's first versions, which trimmed
    their table with ``tp.popitem()`` "in FILO order" and read the move back with
    ``tp.get(pos)`` (issue #37: once the table was full it stopped being updated), copied
    into many forks.
    """

    def store(self, s: int, r: int, v: Number, a: Number, b: Number, m: str | None) -> None:  # noqa: PLR0917 - the entry's fields
        """Store the entry; once past the capacity, drop the newest one."""
        super().store(s, r, v, a, b, m)
        if len(self.table) > TABLE_ENTRIES:
            self.table.popitem()  # BUG: popitem() drops the newest; the oldest should go

    def answer(self, depth: int, a: Number = -INF, b: Number = INF) -> dict[str, object]:
        """The value, and the move the root's table entry holds."""
        v, _ = self.search(0, depth, 0, a, b)
        entry = self.table.get((0, depth))
        return {"value": out(v), "best_move": None if entry is None else entry[2]}


def tt_refuses_when_full(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`FilloTable`."""
    return serve(request, FilloTable)


# --- A search stack of MAX_PLY plies -----------------------------------------------------------

MAX_PLY = 128
"""The plies the engine below has stack entries for."""


def max_ply_128(request: dict[str, Any]) -> dict[str, object]:
    """A search stack of ``MAX_PLY`` = 128 plies, and a node that deep answers a draw score
    rather than search past the stack.

    Engines size their per-ply stack (killers, static evaluations, the triangular PV) by
    ``MAX_PLY`` and stop there, returning a static value: an explicit tree has none for an
    interior node, so 0, a draw, stands in. Fishburn's fail-soft alpha-beta on every tree
    at most 128 plies high; on a taller one the nodes at ply 128 answer 0 and no leaf below
    them is read. Seen in practice: Stockfish's search, which returns the static evaluation
    once ``ss->ply >= MAX_PLY`` and once wrote its stack past the end at ply 101 (PR #88),
    Weiss's search going past its maximum ply unnoticed (PR #421), Calvin's NNUE accumulator
    stack, sized ``MAX_DEPTH``, overflowing there (PR #324).
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        if len(path) >= MAX_PLY:
            return 0, []  # BUG: the stack must grow with the tree
        line: list[int] = []
        if n.to_move == 0:
            best: Number = -INF
            for i, c in enumerate(n.children):
                v, rest = search(c, a, b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                a = max(a, best)
                if a >= b:
                    break
            return best, line
        best = INF
        for i, c in enumerate(n.children):
            v, rest = search(c, a, b, [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            b = min(b, best)
            if a >= b:
                break
        return best, line

    a, b = window(request)
    found, line = search(document(request).tree, a, b, [])
    return reply(found, line, trace)


# --- A recursive N-player search ---------------------------------------------------------------


def shallow_recursive(request: dict[str, Any]) -> dict[str, object]:
    """Korf's ``Shallow`` recursive, one Python frame a ply: a tree about 1,000 plies high
    overflows the stack.

    Python stops near 1,000 frames (``sys.getrecursionlimit()``); the worker reports the
    ``RecursionError`` as the target's error. Right on every tree the gate drew before (N
    players, at most 40 high); the vectors had no N-player tree taller than 12. Seen in
    practice: the recursive multi-player searches of Python game code and teaching material
    (aima-python's game searches recurse a frame a ply), fine on games a few dozen plies deep.
    """
    return _shallow(request)  # BUG: an explicit stack belongs here, as impl's searches have


__all__ = [
    "max_ply_128",
    "node_budget_polled",
    "node_index_int16",
    "shallow_recursive",
    "tt_refuses_when_full",
]
