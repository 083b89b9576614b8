r"""Alpha-betas written the way people write them, two correct and three deliberately broken.

Each function is a Python conformance target::

    gametree conform --target examples.alphabeta_targets:fail_hard \
        --semantics alphabeta-fail-hard --strict-order --best-move --principal-variation \
        --skip-flag Deep
    gametree conform --target examples.alphabeta_targets:negamax_fail_hard \
        --semantics negamax-alphabeta-fail-hard --strict-order --best-move \
        --principal-variation --skip-flag Deep

It takes the request as a dict (its ``"tree"`` is the canonical JSON document) and returns
``{"value", "best_move", "principal_variation", "trace"}``. They read the tree with nothing
from gametree, as an engine in another project would, and recurse, as most engines do: the
vectors' chain 1,200 deep (flag ``Deep``) is past Python's default recursion limit of 1,000
and ends in a ``RecursionError``, so every command line here skips ``Deep``. Nothing else:
their numbers are Python's ints and ``Fraction`` values, exact at any size (an open side of the
window is ``math.inf``, which compares exactly with an int of any size and never overflows).

- ``fail_hard``: the Alpha-Beta Pruning article's fail-hard alpha-beta, max/min form. It conforms to
  ``alphabeta-fail-hard`` (less ``Deep``).
- ``off_by_one``: cuts off only when ``alpha > beta``, not ``alpha >= beta``. Its values are
  right; it reads leaves it should not, which ``--strict-order`` catches.
- ``soft_as_hard``: starts each node's best at -inf instead of at its bound, so it is
  fail-soft, but is gated as fail-hard: a fail-low root answers below alpha. As
  ``alphabeta-fail-soft`` it conforms (less ``Deep``).
- ``negamax_fail_hard``: fail-hard alpha-beta in negamax form. It conforms to
  ``negamax-alphabeta-fail-hard`` (less ``Deep``).
- ``swapped_window``: the same, passing the child (-alpha, -beta) instead of (-beta, -alpha).
"""

import math
from fractions import Fraction
from typing import Any

Number = int | Fraction | float


def number(x: Any) -> Number:
    """A JSON number or a "p/q" string."""
    return Fraction(x) if isinstance(x, str) else x


def out(v: Number) -> Any:
    """A value back as JSON: an int, or a fraction as "p/q"."""
    if isinstance(v, Fraction):
        return v.numerator if v.denominator == 1 else str(v)
    return v


def window(request: dict[str, Any]) -> tuple[Number, Number]:
    """The request's window, with -inf and +inf for open sides."""
    a, b = request.get("alpha"), request.get("beta")
    return (-math.inf if a is None else number(a)), (math.inf if b is None else number(b))


def minmax(request: dict[str, Any], *, strict_cut: bool, soft: bool) -> dict[str, Any]:
    """Max/min alpha-beta; ``strict_cut`` and ``soft`` are the two bugs."""
    trace: list[list[int]] = []

    def search(
        n: dict[str, Any], alpha: Number, beta: Number, path: list[int]
    ) -> tuple[Number, list[int]]:
        if "value" in n:
            trace.append(path)
            return number(n["value"]), []
        best_line: list[int] = []
        if n["to_move"] == 0:
            best = -math.inf if soft else alpha
            for i, c in enumerate(n["children"]):
                v, line = search(c, max(alpha, best), beta, [*path, i])
                if v > best:
                    best, best_line = v, [i, *line]
                if (best > beta) if strict_cut else (best >= beta):
                    break
            return best, best_line
        best = math.inf if soft else beta
        for i, c in enumerate(n["children"]):
            v, line = search(c, alpha, min(beta, best), [*path, i])
            if v < best:
                best, best_line = v, [i, *line]
            if (alpha > best) if strict_cut else (alpha >= best):
                break
        return best, best_line

    alpha, beta = window(request)
    value, line = search(request["tree"]["tree"], alpha, beta, [])
    return {
        "value": out(value),
        "best_move": line[0] if line else None,
        "principal_variation": line,
        "trace": trace,
    }


def negamax(request: dict[str, Any], *, swapped: bool) -> dict[str, Any]:
    """Fail-hard negamax alpha-beta; ``swapped`` is the bug."""
    trace: list[list[int]] = []

    def search(
        n: dict[str, Any], alpha: Number, beta: Number, path: list[int]
    ) -> tuple[Number, list[int]]:
        if "value" in n:
            trace.append(path)
            v = number(n["value"])
            return v, []
        best, best_line = alpha, []
        for i, c in enumerate(n["children"]):
            same = "to_move" in c and c["to_move"] == n["to_move"]
            if same:
                v, line = search(c, best, beta, [*path, i])
            elif "value" in c:
                trace.append([*path, i])
                v, line = number(c["value"]) * (1 if n["to_move"] == 0 else -1), []
            else:
                child = (-best, -beta) if swapped else (-beta, -best)
                r, line = search(c, *child, [*path, i])
                v = -r
            if v > best:
                best, best_line = v, [i, *line]
            if best >= beta:
                break
        return best, best_line

    alpha, beta = window(request)
    root = request["tree"]["tree"]
    if "value" in root:
        trace.append([])
        return {
            "value": out(number(root["value"])),
            "best_move": None,
            "principal_variation": [],
            "trace": trace,
        }
    value, line = search(root, alpha, beta, [])
    return {
        "value": out(value),
        "best_move": line[0] if line else None,
        "principal_variation": line,
        "trace": trace,
    }


def fail_hard(request: dict[str, Any]) -> dict[str, Any]:
    """The Alpha-Beta Pruning article's fail-hard alpha-beta: conforms to alphabeta-fail-hard."""
    return minmax(request, strict_cut=False, soft=False)


def off_by_one(request: dict[str, Any]) -> dict[str, Any]:
    """Cuts off on ``>`` instead of ``>=``: right values, extra leaves."""
    return minmax(request, strict_cut=True, soft=False)


def soft_as_hard(request: dict[str, Any]) -> dict[str, Any]:
    """Fail-soft, claimed as fail-hard."""
    return minmax(request, strict_cut=False, soft=True)


def negamax_fail_hard(request: dict[str, Any]) -> dict[str, Any]:
    """Fail-hard negamax alpha-beta: conforms to negamax-alphabeta-fail-hard."""
    return negamax(request, swapped=False)


def swapped_window(request: dict[str, Any]) -> dict[str, Any]:
    """Negamax with the child's window swapped."""
    return negamax(request, swapped=True)
