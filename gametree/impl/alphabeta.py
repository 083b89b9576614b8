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

**No recursion limit.** The search is a loop over an explicit stack of frames. A subtree of
height at most :data:`RECURSION_HEIGHT` is handed to the kernel (:mod:`impl._kernel`), the
same procedure written the article's way, recursively, which CPython runs about 1.4 times
faster. A search (this module's, :mod:`impl.pvs`'s or :mod:`impl.mtdf`'s) needs at most
``RECURSION_HEIGHT + 4`` Python frames above its caller's, whatever the tree, so a tree as
deep as memory allows still works. Tracing always uses the loop (it keeps the path). Tests
check that the two give the same results, counts included.

**Compiled kernel.** ``python3 dev.py build`` (run by ``python3 dev.py test``) compiles the
kernel with mypyc from the same typed source; :mod:`impl._compiled` says which one runs
(``impl._compiled.COMPILED``) and never runs a build of another source. The pure-Python
kernel stays the reference, and the tests check both against the spec.
"""

from collections.abc import Callable
from typing import Final, TypeAlias

from gametree.impl import _compiled
from gametree.impl._kernel import Tally
from gametree.impl._support import HollowError, Line, hollow_node, leaf_result, result
from gametree.impl.result import SearchResult
from gametree.impl.window import BOTTOM, TOP, Bound, Internal, check_scalar_tree, window
from gametree.spec import Leaf, Node, Path, Scalar, Tree

__all__ = ["RECURSION_HEIGHT", "alphabeta", "negamax_alphabeta"]

RECURSION_HEIGHT: Final = 32
"""Subtrees at most this high are searched recursively (one Python frame per level)."""

Search: TypeAlias = Callable[[Node, Internal, Internal, Tally, bool], Internal]
"""A kernel's search of a subtree: (node, alpha, beta, tally, fail-hard) -> result.

Its ``tally.line`` is a :data:`impl._support.Line`, typed one level deep in the kernel
(mypyc cannot compile the recursive alias), hence the ``type: ignore`` where it is read.
"""

_NEG: Final = float("-inf")
_POS: Final = float("inf")


def alphabeta(
    t: Tree,
    alpha: Bound | float = BOTTOM,
    beta: Bound | float = TOP,
    *,
    fail_soft: bool = False,
    trace: bool = False,
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
    if isinstance(t, Leaf):
        return leaf_result(t.value, trace=trace)  # type: ignore[arg-type]
    return _minmax(
        t, a, b, hard=not fail_soft, trace=[] if trace else None, height=_height(trace=trace)
    )


def negamax_alphabeta(
    t: Tree,
    alpha: Bound | float = BOTTOM,
    beta: Bound | float = TOP,
    *,
    fail_soft: bool = False,
    trace: bool = False,
) -> SearchResult[Scalar]:
    """Alpha-beta in negamax form: ModMinMax with alpha-beta's cutoffs (Knuth–Moore F2).

    ModMinMax is the Min-Max notes', the cutoffs the Alpha-Beta Pruning article's.

    The value and the window are from the point of view of the player to move at the root.
    A child where the same player moves again is searched in the same frame (not negated), as
    in ``spec.negamax``. Visits exactly the leaves that :func:`alphabeta` visits with the
    window seen from Max, at the same cost.

    >>> t = Node(1, [Node.by_depth([3, 12]), Node.by_depth([2, 4])])
    >>> negamax_alphabeta(t).value, negamax_alphabeta(t).principal_variation
    (-4, (1, 1))
    """
    t = check_scalar_tree(t, "negamax_alphabeta")
    a, b = window(alpha, beta)
    if isinstance(t, Leaf):
        return leaf_result(t.value, trace=trace)  # type: ignore[arg-type]
    return _negamax(
        t, a, b, hard=not fail_soft, trace=[] if trace else None, height=_height(trace=trace)
    )


def _height(*, trace: bool) -> int:
    """The greatest height searched recursively: none when tracing (the loop keeps the path)."""
    return -1 if trace else RECURSION_HEIGHT


def _minmax(  # noqa: PLR0912, PLR0915 - one loop, read against the procedure as a whole
    root: Node, a: Internal, b: Internal, *, hard: bool, trace: list[Path] | None, height: int
) -> SearchResult[Scalar]:
    """The max/min search from ``root`` (a Node) over the internal window (a, b).

    ``hard`` selects fail-hard (a node's best starts at its bound) or fail-soft (at the
    infinity). Subtrees at most ``height`` high go to the kernel; pass -1 to use the loop only.
    """
    kernel = _compiled.KERNEL
    search: Search = kernel.minmax
    tally: Tally = kernel.Tally()
    leaves = 0
    interior = 1
    leaf_type = Leaf

    if root.height <= height:
        try:
            value = search(root, a, b, tally, hard)
        except HollowError:
            raise hollow_node(root) from None
        return result(value, tally.line, 1 + tally.interior + tally.leaves, tally.leaves, trace)  # type: ignore[arg-type]
    # The loop: one frame per interior node on the current path, parents saved on ``stack``.
    stack: list[tuple[tuple[Tree, ...], int, int, bool, Internal, Internal, Internal, Line]] = []
    path: list[int] = []
    kids = root.children
    n = len(kids)
    if not n:
        raise hollow_node(root)
    i = 0
    maxing = root.to_move == 0
    best: Internal = (a if maxing else b) if hard else (_NEG if maxing else _POS)
    line: Line = None
    r: Internal
    rl: Line
    try:
        while True:
            if i < n:
                c = kids[i]
                i += 1
                if type(c) is leaf_type:
                    leaves += 1
                    if trace is not None:
                        trace.append((*path, i - 1))
                    r = c.value  # type: ignore[assignment]
                    rl = None
                elif c.height <= height:
                    interior += 1
                    r = search(c, a, b, tally, hard)  # type: ignore[arg-type]
                    rl = tally.line  # type: ignore[assignment]
                else:
                    assert isinstance(c, Node)
                    stack.append((kids, n, i, maxing, a, b, best, line))
                    path.append(i - 1)
                    kids = c.children
                    n = len(kids)
                    if not n:
                        raise HollowError
                    i = 0
                    maxing = c.to_move == 0
                    best = (a if maxing else b) if hard else (_NEG if maxing else _POS)
                    line = None
                    interior += 1
                    continue
            else:
                if not stack:
                    leaves += tally.leaves
                    interior += tally.interior
                    return result(best, line, interior + leaves, leaves, trace)
                r, rl = best, line
                kids, n, i, maxing, a, b, best, line = stack.pop()
                path.pop()
            if maxing:
                if r > best:
                    best, line = r, (i - 1 if rl is None else (i - 1, rl))
                    if r > a:
                        a = r
                        if a >= b:
                            i = n
            elif r < best:
                best, line = r, (i - 1 if rl is None else (i - 1, rl))
                if r < b:
                    b = r
                    if a >= b:
                        i = n
    except HollowError:
        raise hollow_node(root) from None


def _negamax(  # noqa: PLR0912, PLR0915 - one loop, read against the procedure as a whole
    root: Node, a: Internal, b: Internal, *, hard: bool, trace: list[Path] | None, height: int
) -> SearchResult[Scalar]:
    """The negamax search from ``root``: every value in the frame of the player to move.

    A frame holds the window and best value in its own mover's frame; ``flip`` says whether
    its result is negated on the way up (the parent's mover is the other player).
    """
    kernel = _compiled.KERNEL
    search: Search = kernel.negamax
    tally: Tally = kernel.Tally()
    leaves = 0
    interior = 1
    leaf_type = Leaf

    if root.height <= height:
        try:
            value = search(root, a, b, tally, hard)
        except HollowError:
            raise hollow_node(root) from None
        return result(value, tally.line, 1 + tally.interior + tally.leaves, tally.leaves, trace)  # type: ignore[arg-type]
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
    try:
        while True:
            if i < n:
                c = kids[i]
                i += 1
                if type(c) is leaf_type:
                    leaves += 1
                    if trace is not None:
                        trace.append((*path, i - 1))
                    r = -c.value if p else c.value  # type: ignore[assignment, operator]
                    rl = None
                elif c.height <= height:
                    interior += 1
                    if c.to_move == p:  # type: ignore[union-attr]
                        r = search(c, a, b, tally, hard)  # type: ignore[arg-type]
                    else:
                        r = -search(c, -b, -a, tally, hard)  # type: ignore[arg-type]
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
                    continue
            else:
                if not stack:
                    leaves += tally.leaves
                    interior += tally.interior
                    return result(best, line, interior + leaves, leaves, trace)
                r = -best if flip else best
                rl = line
                kids, n, i, p, flip, a, b, best, line = stack.pop()
                path.pop()
            if r > best:
                best, line = r, (i - 1 if rl is None else (i - 1, rl))
                if r > a:
                    a = r
                    if a >= b:
                        i = n
    except HollowError:
        raise hollow_node(root) from None
