"""The window theorem as a check: a narrower window's leaves, a subsequence of a wider one's.

Glossary: a *window* is a case's (alpha, beta), ``None`` for an open side; the *leaves* of a
reply are its ``trace``, the paths of the leaves it read, in order.

Alpha-beta over a window inside another reads, of the leaves it reads over the wider one, a
subsequence: none the wider search skips, in the same order (not a prefix). Why3 proves it for
every tree, fail-hard and fail-soft, max/min form (the proofs' theorem ``window``, claim
``window-subsequence-rationals``, after Nipkow 2024, "Alpha-Beta Pruning", Archive of Formal
Proofs); the negamax form is the max/min form with the window seen by the root's mover, checked
within a bound and on samples. With ``--window-leaves`` the gate asks each case of those
semantics that has a window again with one side or both opened, and holds the engine's leaves
to the theorem: against itself, not against impl's order, so an engine that orders its moves by
a rule of its own that does not depend on the window (which ``--strict-order`` fails) is still
checked for cut-offs it takes only under the narrower window. With ``--strict-order`` every
reply's leaves must be impl's, which already meet the theorem: the check then adds only the
wider window's leaves to a failing case's report.
"""

from collections.abc import Callable

import attrs

from gametree.algorithms import REGISTRY
from gametree.conform.codec import Case
from gametree.conform.targets import Reply
from gametree.impl.window import is_subsequence
from gametree.spec import Scalar

__all__ = ["CLAIM", "SEMANTICS", "problems", "wider_windows"]

CLAIM = "window-subsequence-rationals"
"""The proved claim the check rests on (``gametree prove window``)."""

SEMANTICS: frozenset[str] = frozenset(
    a.name for a in REGISTRY if a.search in {"impl.alphabeta", "impl.negamax_alphabeta"}
)
"""The gate's semantics the theorem speaks of: fail-hard and fail-soft alpha-beta, both forms."""

Window = tuple[Scalar | None, Scalar | None]


def wider_windows(case: Case) -> list[Window]:
    """The windows ``case``'s contains, each side kept or opened, its own first.

    >>> from gametree.spec import Leaf
    >>> wider_windows(Case("alphabeta-fail-hard", Leaf(0), alpha=1, beta=5))
    [(1, 5), (None, 5), (1, None), (None, None)]
    """
    sides = [(case.alpha, case.beta), (None, case.beta), (case.alpha, None), (None, None)]
    return list(dict.fromkeys(sides))


def _inside(narrow: Window, wide: Window) -> bool:
    (a, b), (c, d) = narrow, wide
    return narrow != wide and (c is None or c == a) and (d is None or d == b)


def _text(w: Window) -> str:
    a, b = w
    return f"({'-inf' if a is None else a}, {'inf' if b is None else b})"


def problems(case: Case, response: object, ask: Callable[[Case], Reply]) -> list[str]:
    """What breaks the theorem among the replies to ``case`` and to its wider windows.

    ``response`` is the reply to ``case``; ``ask`` asks the target ``case`` over another window,
    with its leaves. Empty when ``case`` has no window or is not of :data:`SEMANTICS`.
    """
    if case.semantics not in SEMANTICS or (case.alpha is None and case.beta is None):
        return []
    windows = wider_windows(case)
    leaves: dict[Window, list[object]] = {}
    for w in windows:
        r = response if w == windows[0] else _answer(ask(attrs.evolve(case, alpha=w[0], beta=w[1])))
        got = r.get("trace") if isinstance(r, dict) else None
        if not isinstance(got, list):
            why = "its reply has no list 'trace'" if isinstance(r, dict) else str(r)[:200]
            wider = f"asked over {_text(w)}, {why} (--window-leaves asks for the leaves)"
            return [f"leaves over a wider window: {wider}"]
        leaves[w] = got
    for narrow in windows:
        for wide in windows:
            if _inside(narrow, wide) and not is_subsequence(leaves[narrow], leaves[wide]):
                found = (f"over {_text(narrow)} the target read {leaves[narrow]}, not a "
                         f"subsequence of what it read over {_text(wide)}, {leaves[wide]} "
                         f"(alpha-beta's window theorem, claim {CLAIM})")  # fmt: skip
                return [f"leaves over a narrower window: {found}"]
    return []


def _answer(reply: Reply) -> object:
    """The reply's JSON object, or what went wrong instead."""
    if reply.kind == "answer":
        return reply.response
    return f"the target's reply was {reply.kind}: {reply.detail}"
