"""Alpha-beta on explicit trees: fail-hard and fail-soft, in max/min and in negamax form.

Glossary: t is a tree, n a node, c a child, i its index, v a true (minimax) value, r a search's
result, a and b (alpha and beta) the window, p the player to move (0 is Max, 1 is Min), b^d a
uniform tree of branching b and depth d.

**The procedure** is the Alpha-Beta Pruning article's (and the Game Tree Search notes' "Alpha-Beta
Procedure"), line for line::

    alpha_beta(u, alpha, beta, is_max):
        if u is a leaf: return val[u]
        if is_max: for each child d: alpha = max(alpha, alpha_beta(d, ...)); if alpha >= beta: break
                   return alpha
        else:      for each child d: beta = min(beta, alpha_beta(d, ...)); if alpha >= beta: break
                   return beta

which is Knuth and Moore's F2 ("An Analysis of Alpha-Beta Pruning", Artificial Intelligence 6,
1975) in max/min form. :func:`negamax_alphabeta` is the same procedure written the way the Min-Max
notes writes minimax ("max(a, b) = -min(-a, -b)"): F2 itself, ``t := -F2(c, -beta, -m)``.

**Fail-hard and fail-soft.** The procedure above is *fail-hard*: a node's result starts at its
bound (alpha at a Max node), so when every child fails low the answer is the bound itself.
Fishburn's *fail-soft* alpha-beta (J. P. Fishburn, "Another optimization of alpha-beta
search", SIGART Bulletin 84, 1983) starts the best value at BOTTOM instead and returns the best
child's result, a tighter bound; the window passed to a child is the same, so both visit
exactly the same leaves in the same order. ``fail_soft=True`` selects it. For a window
a < b, the true value v and the result r:

- Knuth–Moore (fail-hard): v <= a => r <= a;  a < v < b => r == v;  v >= b => r >= b.
- Fishburn (fail-soft, and fail-hard too): r <= a => v <= r;  a < r < b => r == v;
  r >= b => v >= r. The fail-soft result lies between the fail-hard one and v.

A fail-hard result is not clipped to [a, b]: a leaf that causes a cutoff is reported as it is,
as in the article's code (``alph = max(alph, val)`` with a leaf value above beta).

**Windows** are over the domain of :mod:`impl.window`: exact scalars with ``BOTTOM`` and
``TOP``; ``alpha < beta`` is required (``ValueError`` otherwise). In the max/min form the window
and the value are from Max's (player 0's) point of view, like ``spec.minimax``; in the negamax
form both are from the point of view of the player to move at the root, like
``spec.negamax`` (a lone leaf is a root where player 0 moves).

**Ties and moves.** A child replaces the best so far only if strictly better for the player to
move, so with the full window the value, best move and principal variation are
``spec.minimax``'s (``spec.negamax``'s): the leftmost best child at every node. When the true
value is strictly inside the window this holds too; when the result is only a bound, the
principal variation is the line that produced that bound. (In fail-hard search a node whose
children all fail returns its own bound and has no best child, so that line may stop above the
leaves, or be empty; this happens only when the result is alpha or beta itself.)

**Cost.** O(b^d) leaves at worst; b^⌈d/2⌉ + b^⌊d/2⌋ - 1 on a perfectly ordered uniform
tree (Knuth and Moore's Theorem 1; see :mod:`impl.ordered`). Statistics are exact: every leaf
read counts once, every node entered counts once, and ``trace=True`` records each leaf's path in
the order read.

**One loop.** Both forms, and minimax and negamax without a window (:func:`minimax`,
:func:`negamax`: the same loop with pruning off), run one loop in negamax form, every frame
in its mover's view; the max/min form is that loop seen from Max (a Min node's frame is
negated), which is why it visits the same leaves. With ``events=True`` the loop records the
event trace a learner steps through (:mod:`impl.events`), in the form asked for.

**No recursion limit.** The search is a loop over an explicit stack of frames. A subtree of
height at most :data:`RECURSION_HEIGHT` is handed to the kernel (:mod:`impl._kernel`), the
same procedure written the article's way, recursively, which CPython runs about 1.4 times
faster. A search (this module's, :mod:`impl.pvs`'s or :mod:`impl.mtdf`'s) needs at most
``RECURSION_HEIGHT + 4`` Python frames above its caller's, whatever the tree, so a tree as
deep as memory allows still works. Tracing and events always use the loop (it keeps the
path). Tests check that the two give the same results, counts included.

**Compiled kernel.** ``python3 dev.py build`` (run by ``python3 dev.py test``) compiles the
kernel with mypyc from the same typed source; :mod:`impl._compiled` says which one runs
(``impl._compiled.COMPILED``) and never runs a build of another source. The pure-Python
kernel stays the reference, and the tests check both against the spec.
"""

from collections.abc import Sequence
from types import ModuleType
from typing import Final

import attrs

from gametree.impl import _compiled
from gametree.impl._kernel import Tally
from gametree.impl._support import HollowError, Line, hollow_node, leaf_result, result
from gametree.impl.events import Event, cut, leaf, number, text
from gametree.impl.result import SearchResult
from gametree.impl.window import BOTTOM, TOP, Bound, Internal, check_scalar_tree, window
from gametree.spec import Leaf, Node, Path, Scalar, Tree

__all__ = ["RECURSION_HEIGHT", "Log", "alphabeta", "minimax", "negamax", "negamax_alphabeta"]

RECURSION_HEIGHT: Final = 32
"""Subtrees at most this high are searched recursively (one Python frame per level)."""

_NEG: Final = float("-inf")
_POS: Final = float("inf")


def alphabeta(
    t: Tree,
    alpha: Bound | float = BOTTOM,
    beta: Bound | float = TOP,
    *,
    fail_soft: bool = False,
    trace: bool = False,
    events: bool = False,
) -> SearchResult[Scalar]:
    """Alpha-beta in max/min form over the window (alpha, beta), values from Max's view.

    The Alpha-Beta Pruning article's procedure (Knuth and Moore's F2); with ``fail_soft`` Fishburn's
    fail-soft variant. See the module docstring for the properties the result satisfies. O(b^d)
    leaves; b^⌈d/2⌉ + b^⌊d/2⌋ - 1 on a perfectly ordered tree; O(d) memory for a tree of height d.

    >>> t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = alphabeta(t)
    >>> r.value, r.principal_variation, r.leaves_evaluated, r.nodes_visited
    (3, (0, 0), 7, 11)
    >>> alphabeta(t, 4, TOP).value, alphabeta(t, 4, TOP, fail_soft=True).value
    (4, 3)
    """
    t = check_scalar_tree(t, "alphabeta")
    a, b = window(alpha, beta)
    return _run(t, a, b, maxmin=True, hard=not fail_soft, trace=trace, events=events)


def negamax_alphabeta(
    t: Tree,
    alpha: Bound | float = BOTTOM,
    beta: Bound | float = TOP,
    *,
    fail_soft: bool = False,
    trace: bool = False,
    events: bool = False,
) -> SearchResult[Scalar]:
    """Alpha-beta in negamax form: ModMinMax with alpha-beta's cutoffs (Knuth–Moore F2).

    ModMinMax is the Min-Max notes', the cutoffs the Alpha-Beta Pruning article's.

    The value and the window are from the point of view of the player to move at the root.
    A child where the same player moves again is searched in the same frame (not negated), as
    in ``spec.negamax``. Visits exactly the leaves that :func:`alphabeta` visits with the
    window seen from Max, at the same cost: O(b^d) leaves, b^⌈d/2⌉ + b^⌊d/2⌋ - 1 on a
    perfectly ordered tree, O(d) memory.

    >>> t = Node(1, [Node.by_depth([3, 12]), Node.by_depth([2, 4])])
    >>> negamax_alphabeta(t).value, negamax_alphabeta(t).principal_variation
    (-4, (1, 1))
    """
    t = check_scalar_tree(t, "negamax_alphabeta")
    a, b = window(alpha, beta)
    return _run(t, a, b, maxmin=False, hard=not fail_soft, trace=trace, events=events)


def minimax(t: Tree, *, trace: bool = False, events: bool = False) -> SearchResult[Scalar]:
    """The minimax value (Max's view) by the alpha-beta loop with pruning off: every leaf.

    The lecture note Game Tree's MinMax, directional: children left to right, a later child
    replacing the best only if strictly better, so the value and principal variation are
    ``spec.minimax``'s. O(n) time for n nodes, every leaf read once; O(d) memory.

    >>> minimax(Node.by_depth([[3, 12], [2, 4]])).leaves_evaluated
    4
    """
    t = check_scalar_tree(t, "minimax")
    return _run(t, _NEG, _POS, maxmin=True, hard=False, prune=False, trace=trace, events=events)


def negamax(t: Tree, *, trace: bool = False, events: bool = False) -> SearchResult[Scalar]:
    """The value to the root's mover by the negamax loop with pruning off: every leaf.

    The lecture note Game Tree's ModMinMax; the value and principal variation are
    ``spec.negamax``'s. O(n) time for n nodes, every leaf read once; O(d) memory.

    >>> negamax(Node(1, [Node.by_depth([3, 12]), Node.by_depth([2, 4])])).value
    -4
    """
    t = check_scalar_tree(t, "negamax")
    return _run(t, _NEG, _POS, maxmin=False, hard=False, prune=False, trace=trace, events=events)


def _run(
    t: Tree, a: Internal, b: Internal, *, maxmin: bool, hard: bool, prune: bool = True,
    trace: bool, events: bool,
) -> SearchResult[Scalar]:  # fmt: skip
    """The search of ``t`` over (a, b) in the form asked for; a lone leaf is read once."""
    if isinstance(t, Leaf):
        r = leaf_result(t.value, trace=trace)  # type: ignore[arg-type]
        return attrs.evolve(r, events=(leaf((), t.value),)) if events else r
    height = -1 if trace or events or not prune else RECURSION_HEIGHT
    log = Log(maxmin=maxmin, window=prune) if events else None
    return _search(t, a, b, maxmin=maxmin, hard=hard, prune=prune,
                   trace=[] if trace else None, log=log, height=height)  # fmt: skip


class Log:
    """The events of one search, in the form asked for.

    A frame's values are its mover's (negamax form), or Max's (max/min form: a Min node's
    frame negated back).
    """

    def __init__(self, *, maxmin: bool, window: bool) -> None:
        self.events: list[Event] = []
        self.maxmin = maxmin
        self.window = window

    def _shown(self, p: int, x: Internal) -> Internal:
        return -x if self.maxmin and p else x

    def _ab(self, p: int, a: Internal, b: Internal) -> tuple[Internal, Internal]:
        return (-b, -a) if self.maxmin and p else (a, b)

    def enter(self, path: Sequence[int], p: int, a: Internal, b: Internal) -> None:
        """A node entered, with its window."""
        e: Event = {"type": "enter", "path": list(path), "player": p}
        if self.window:
            alpha, beta = self._ab(p, a, b)
            e |= {"alpha": number(alpha), "beta": number(beta)}
        self.events.append(e)

    def best(self, path: Sequence[int], p: int, best: Internal, child: int) -> None:
        """The node's best so far, from ``child``."""
        value = number(self._shown(p, best))
        self.events.append({"type": "best", "path": list(path), "value": value, "child": child})

    def narrowed(self, path: Sequence[int], p: int, a: Internal, b: Internal) -> None:
        """The node's window narrowed."""
        alpha, beta = self._ab(p, a, b)
        self.events.append({"type": "window", "path": list(path), "alpha": number(alpha),
                            "beta": number(beta)})  # fmt: skip

    def cut(  # noqa: PLR0917 - the cut's place, then the window
        self, path: Sequence[int], n: int, after: int, p: int, a: Internal, b: Internal
    ) -> None:
        """A cut-off after child ``after`` of ``n``: alpha >= beta."""
        alpha, beta = self._ab(p, a, b)
        if not self.maxmin:
            why = (f"the opponent above already holds player {p} to {text(beta)}, so the "
                   "remaining children cannot matter")  # fmt: skip
        elif p:
            why = f"Max above already has {text(alpha)}, so Min's remaining children cannot matter"
        else:
            why = (f"Min above already holds Max to {text(beta)}, so Max's remaining children "
                   "cannot matter")  # fmt: skip
        self.events.append(cut(path, n, after, "alpha", alpha, ">=", "beta", beta, why))

    def leave(self, path: Sequence[int], p: int, best: Internal) -> None:
        """The value the node returns."""
        self.events.append({"type": "leave", "path": list(path),
                            "value": number(self._shown(p, best))})  # fmt: skip


def _search(  # noqa: PLR0912, PLR0915 - one loop, read against the procedure as a whole
    root: Node, a: Internal, b: Internal, *, maxmin: bool, hard: bool, prune: bool,
    trace: list[Path] | None, log: Log | None, height: int,
) -> SearchResult[Scalar]:  # fmt: skip
    """Alpha-beta from ``root`` (a Node) over (a, b), every frame in its mover's view.

    Knuth and Moore's F2: a frame holds the window and best value in its own mover's view;
    ``flip`` says whether its result is negated on the way up (the parent's mover is the
    other player). In max/min form (``maxmin``) the window given and the result are Max's:
    the root's frame is negated when Min moves there. ``hard`` selects fail-hard (a node's best
    starts at its alpha) or fail-soft (at the infinity); ``prune`` off, the window never
    narrows (minimax). Subtrees at most ``height`` high go to the kernel (``kernel.minmax`` in
    max/min form, with the window seen from Max, else ``kernel.negamax``); -1: the loop only.
    """
    kernel = _compiled.KERNEL
    tally: Tally = kernel.Tally()
    sign = -1 if maxmin and root.to_move else 1
    if sign < 0:
        a, b = -b, -a
    if root.height <= height:
        try:
            value = _kernel(kernel, maxmin, root, root.to_move, a, b, tally, hard)
        except HollowError:
            raise hollow_node(root) from None
        nodes = 1 + tally.interior + tally.leaves
        return result(sign * value, tally.line, nodes, tally.leaves, trace)  # type: ignore[arg-type]
    leaves = 0
    interior = 1
    leaf_type = Leaf
    # The loop: one frame per interior node on the current path, parents saved on ``stack``.
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
    best: Internal = a if hard else _NEG
    line: Line = None
    r: Internal
    rl: Line
    if log is not None:
        log.enter(path, p, a, b)
    try:
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
                elif c.height <= height:
                    interior += 1
                    q = c.to_move  # type: ignore[union-attr]
                    if q == p:
                        r = _kernel(kernel, maxmin, c, q, a, b, tally, hard)  # type: ignore[arg-type]
                    else:
                        r = -_kernel(kernel, maxmin, c, q, -b, -a, tally, hard)  # type: ignore[arg-type]
                    rl = tally.line  # type: ignore[assignment]
                else:
                    assert isinstance(c, Node)
                    stack.append((kids, n, i, p, flip, a, b, best, line))
                    path.append(i - 1)
                    kids = c.children
                    n = len(kids)
                    if not n:
                        raise HollowError
                    i = 0
                    flip = c.to_move != p
                    if flip:
                        a, b = -b, -a
                    p = c.to_move
                    best = a if hard else _NEG
                    line = None
                    interior += 1
                    if log is not None:
                        log.enter(path, p, a, b)
                    continue
            else:
                if log is not None:
                    log.leave(path, p, best)
                if not stack:
                    leaves += tally.leaves
                    interior += tally.interior
                    r = sign * best
                    answer = result(r, line, interior + leaves, leaves, trace)
                    if log is None:
                        return answer
                    return attrs.evolve(answer, events=tuple(log.events))
                r = -best if flip else best
                rl = line
                kids, n, i, p, flip, a, b, best, line = stack.pop()
                path.pop()
            if r > best:
                best, line = r, (i - 1 if rl is None else (i - 1, rl))
                if log is not None:
                    log.best(path, p, best, i - 1)
                if prune and r > a:
                    a = r
                    if log is not None:
                        log.narrowed(path, p, a, b)
                    if a >= b:
                        if log is not None and i < n:
                            log.cut(path, n, i - 1, p, a, b)
                        i = n
    except HollowError:
        raise hollow_node(root) from None


def _kernel(  # noqa: PLR0917 - a kernel's arguments, in its order
    kernel: ModuleType, maxmin: bool, c: Node, q: int, a: Internal, b: Internal, tally: Tally,  # noqa: FBT001
    hard: bool,  # noqa: FBT001
) -> Internal:  # fmt: skip
    """The kernel's search of the subtree ``c`` (mover ``q``) over (a, b) in q's view.

    In max/min form ``kernel.minmax`` searches it in Max's view: the window and its result
    are negated where Min moves.
    """
    if not maxmin:
        return kernel.negamax(c, a, b, tally, hard)  # type: ignore[no-any-return]
    if q:
        return -kernel.minmax(c, -b, -a, tally, hard)  # type: ignore[no-any-return]
    return kernel.minmax(c, a, b, tally, hard)  # type: ignore[no-any-return]
