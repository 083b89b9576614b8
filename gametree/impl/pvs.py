"""Principal variation search (NegaScout): a full window for the first child, tests for the rest.

Glossary: t is a tree, n a node, c a child, p the player to move, a and b (alpha and beta) the
window, r a result; every value is in the frame of the player to move, as in negamax.

A. Reinefeld, "An improvement of the Scout tree search algorithm", ICCA Journal 6(4), 1983
(NegaScout), and T. A. Marsland, "Relative efficiency of alpha-beta implementations",
IJCAI-83 (principal variation search): at each node the first child is searched with the
node's window (a, b); every later child is first *scouted*, asked only "is it better than a?";
a child that is (and is not already a cutoff) is searched again with the window (a, b)::

    r := -PVS(c_1, -b, -a); best := r; a := max(a, r)
    for i > 1: if a >= b: break
               r := scout(c_i, a)                  # a bound: r > a => value >= r, else <= r
               if a < r < b and c_i is not a leaf: r := -PVS(c_i, -b, -a)
               if r > best: best := r; a := max(a, r)

The scout is Plaat et al.'s MT test (:func:`impl.mtdf.mt`) at γ = a: strict ("above a?") for
Max, non-strict ("at least -a?") on the negated value for Min, so the null window is exact on
rationals; on integers it is Reinefeld's (a, a + 1). A leaf is read, not scouted. The result is
fail-soft, with Knuth and Moore's and Fishburn's properties (see :mod:`impl.alphabeta`).

**The move.** A later child replaces the best only when the scout shows it strictly better, and
is then searched exactly, so with the full window the value, best move and principal variation
are ``spec.negamax``'s: the leftmost best child at every node. Leaves read by scouts and by
re-searches are all counted (a leaf read twice counts twice) and traced.
"""

from typing import Final

import attrs

from gametree.impl._support import HollowError, Line, hollow_node, leaf_result, result
from gametree.impl.alphabeta import Log
from gametree.impl.events import leaf, number
from gametree.impl.mtdf import _mt
from gametree.impl.result import SearchResult
from gametree.impl.window import BOTTOM, TOP, Bound, Internal, check_scalar_tree, window
from gametree.spec import Leaf, Node, Path, Scalar, Tree

__all__ = ["pvs"]

_NEG: Final = float("-inf")


def pvs(
    t: Tree,
    alpha: Bound | float = BOTTOM,
    beta: Bound | float = TOP,
    *,
    trace: bool = False,
    events: bool = False,
) -> SearchResult[Scalar]:
    """Principal variation search (NegaScout) in negamax form over the window (alpha, beta).

    The value and the window are from the point of view of the player to move at the root,
    as in ``spec.negamax`` and :func:`impl.alphabeta.negamax_alphabeta`. On a perfectly
    ordered tree every scout fails low and PVS reads alpha-beta's b^⌈d/2⌉ + b^⌊d/2⌋ - 1 leaves;
    a badly ordered one costs re-searches, which may read more leaves than alpha-beta does.
    A scouted subtree is searched again at most once, so a leaf k levels down is read at most
    2^k times: O((2b)^d) leaves at worst, O(b^d) when no scout calls for a re-search; O(d)
    memory.

    >>> t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = pvs(t)
    >>> r.value, r.principal_variation, r.leaves_evaluated
    (3, (0, 0), 7)
    """
    t = check_scalar_tree(t, "pvs")
    a, b = window(alpha, beta)
    if isinstance(t, Leaf):
        r = leaf_result(t.value, trace=trace)  # type: ignore[arg-type]
        return attrs.evolve(r, events=(leaf((), t.value),)) if events else r
    log = Log(maxmin=False, window=True) if events else None
    try:
        found = _pvs(t, a, b, [] if trace else None, log)
    except HollowError:
        raise hollow_node(t) from None
    return found if log is None else attrs.evolve(found, events=tuple(log.events))


def _pvs(  # noqa: PLR0912, PLR0915 - one loop, read against Reinefeld's NegaScout as a whole
    root: Node, a: Internal, b: Internal, trace: list[Path] | None, log: Log | None
) -> SearchResult[Scalar]:
    """PVS over an explicit stack; frames hold the window and best in their mover's frame.

    ``log``, when given, gets the events (:mod:`impl.events`), in each mover's view.
    """
    leaf_type = Leaf
    leaves = 0
    interior = 1
    stack: list[tuple[tuple[Tree, ...], int, int, int, bool, Internal, Internal, Internal, Line]]
    stack = []
    path: list[int] = []
    kids = root.children
    n = len(kids)
    if not n:
        raise hollow_node(root)
    i = 0
    p = root.to_move
    flip = False
    best: Internal = _NEG
    line: Line = None
    r: Internal
    rl: Line
    scouts = None if log is None else log.events
    if log is not None:
        log.enter(path, p, a, b)
    while True:
        if i < n:
            c = kids[i]
            i += 1
            if type(c) is leaf_type:
                leaves += 1
                if trace is not None:
                    trace.append((*path, i - 1))
                if log is not None:
                    log.events.append(leaf((*path, i - 1), c.value))
                r = -c.value if p else c.value  # type: ignore[assignment, operator]
                rl = None
            else:
                assert isinstance(c, Node)
                if i > 1:
                    # Scout: is c better than a for p? MT in Max's frame, then seen from p.
                    where = (*path, i - 1) if trace is not None or log is not None else ()
                    gamma = -a if p else a
                    if log is not None:
                        log.events.append({"type": "search", "path": list(where),
                                           "kind": "scout", "alpha": number(a),
                                           "beta": number(a), "pass": 1,
                                           "gamma": number(gamma), "strict": not p})  # fmt: skip
                    g, rl, ci, ck, _ = _mt(c, gamma, strict=not p, table=None, trace=trace,
                                           prefix=where, log=scouts)  # fmt: skip
                    interior += ci
                    leaves += ck
                    r = -g if p else g
                    research = a < r < b
                    if research and log is not None:
                        log.events.append({"type": "search", "path": list(where),
                                           "kind": "re-search", "alpha": number(a),
                                           "beta": number(b), "pass": 2})  # fmt: skip
                else:
                    research = True
                if research:
                    if not c.children:
                        raise HollowError
                    stack.append((kids, n, i, p, flip, a, b, best, line))
                    path.append(i - 1)
                    kids = c.children
                    n = len(kids)
                    i = 0
                    flip = c.to_move != p
                    if flip:
                        a, b = -b, -a
                    p = c.to_move
                    best = _NEG
                    line = None
                    interior += 1
                    if log is not None:
                        log.enter(path, p, a, b)
                    continue
        else:
            if log is not None:
                log.leave(path, p, best)
            if not stack:
                return result(best, line, interior + leaves, leaves, trace)
            r = -best if flip else best
            rl = line
            kids, n, i, p, flip, a, b, best, line = stack.pop()
            path.pop()
        if r > best:
            best, line = r, (i - 1 if rl is None else (i - 1, rl))
            if log is not None:
                log.best(path, p, best, i - 1)
            if r > a:
                a = r
                if log is not None:
                    log.narrowed(path, p, a, b)
                if a >= b:
                    if log is not None and i < n:
                        log.cut(path, n, i - 1, p, a, b)
                    i = n
