"""Alpha-beta's recursive core: a subtree of bounded height, in a form that mypyc compiles.

:mod:`impl.alphabeta` walks a tree with an explicit stack (no recursion limit) and hands every
subtree at most :data:`impl.alphabeta.RECURSION_HEIGHT` high to :func:`minmax` or
:func:`negamax` here: the Alpha-Beta Pruning article's procedure written the article's way,
recursively, which is where a search spends nearly all its time.

This file is the reference. ``python3 dev.py build`` compiles a copy of it with mypyc into
``impl._kernel_mypyc``, tagged with this file's SHA-256; :mod:`impl._compiled` uses the
compiled copy only when that tag matches this file (and ``GAMETREE_PURE_PYTHON`` is unset),
so an edit here never runs stale machine code. The tests run both against the spec.

Each function searches the interior node ``n`` over the window (a, b), fail-hard when ``hard``
(a node's best starts at its bound) and fail-soft otherwise (at the infinity). It adds to
``tally`` the leaves it reads and the interior nodes it enters *below* ``n`` (the caller
counts ``n``), and leaves in ``tally.line`` the line (:data:`impl._support.Line`) of ``n``'s
best child. Values are ``Any`` here so that compiled code compares them as Python objects
(ints, Fractions and the float infinities of :mod:`impl.window`) without a check per value.
"""

from typing import Any, Final, TypeAlias

from gametree.impl._support import HollowError
from gametree.spec import Leaf, Node

__all__ = ["Line", "Tally", "minmax", "negamax"]

Line: TypeAlias = "tuple[int, object] | int | None"
""":data:`impl._support.Line` unrolled once: mypyc crashes on a recursive alias (mypy 2.4)."""

_NEG: Final = float("-inf")
_POS: Final = float("inf")


class Tally:
    """What the searches below one frame read: leaves, interior nodes, and the last line."""

    def __init__(self) -> None:
        self.leaves: int = 0
        self.interior: int = 0
        self.line: Line = None


def minmax(n: Node, a: Any, b: Any, tally: Tally, hard: bool) -> Any:  # noqa: FBT001, PLR0912, PLR0915 - the article's two loops
    """alpha_beta(u, alph, beta, is_max) of the Alpha-Beta Pruning article; values: Max's view."""
    kids = n.children
    if not kids:
        raise HollowError
    line: Line = None
    k = 0
    i = -1  # counted by hand: enumerate costs a third more (bench/two_player_bench.py)
    r: Any
    if n.to_move == 0:
        best = a if hard else _NEG
        for c in kids:
            i += 1
            if type(c) is Leaf:
                r = c.value
                if r > best:
                    best, line = r, i
                    if r > a:
                        a = r
                        if a >= b:
                            break
            else:
                k += 1
                r = minmax(c, a, b, tally, hard)  # type: ignore[arg-type]
                if r > best:
                    best, line = r, (i, tally.line)
                    if r > a:
                        a = r
                        if a >= b:
                            break
    else:
        best = b if hard else _POS
        for c in kids:
            i += 1
            if type(c) is Leaf:
                r = c.value
                if r < best:
                    best, line = r, i
                    if r < b:
                        b = r
                        if a >= b:
                            break
            else:
                k += 1
                r = minmax(c, a, b, tally, hard)  # type: ignore[arg-type]
                if r < best:
                    best, line = r, (i, tally.line)
                    if r < b:
                        b = r
                        if a >= b:
                            break
    tally.leaves += i + 1 - k
    tally.interior += k
    tally.line = line
    return best


def negamax(n: Node, a: Any, b: Any, tally: Tally, hard: bool) -> Any:  # noqa: FBT001
    """Knuth and Moore's F2(p, alpha, beta) on ``n``, values from the view of its mover.

    A child where the same player moves again is searched in the same frame (not negated).
    """
    kids = n.children
    if not kids:
        raise HollowError
    p = n.to_move
    line: Line = None
    best = a if hard else _NEG
    k = 0
    i = -1
    r: Any
    for c in kids:
        i += 1
        if type(c) is Leaf:
            r = -c.value if p else c.value  # type: ignore[operator]
            if r > best:
                best, line = r, i
                if r > a:
                    a = r
                    if a >= b:
                        break
            continue
        k += 1
        if c.to_move == p:  # type: ignore[union-attr]  # noqa: SIM108
            r = negamax(c, a, b, tally, hard)  # type: ignore[arg-type]
        else:
            r = -negamax(c, -b, -a, tally, hard)  # type: ignore[arg-type]
        if r > best:
            best, line = r, (i, tally.line)
            if r > a:
                a = r
                if a >= b:
                    break
    tally.leaves += i + 1 - k
    tally.interior += k
    tally.line = line
    return best
