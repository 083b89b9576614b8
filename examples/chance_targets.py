r"""Searches of trees with chance nodes written the way people write them: three right, two broken.

Each function is a Python conformance target::

    gametree conform --target examples.chance_targets:expectimax --semantics expectimax \
        --strict-order --best-move --principal-variation --skip-flag Deep
    gametree conform --target examples.chance_targets:expectimax_double \
        --semantics expectimax --values double --skip-flag Deep
    gametree conform --target examples.chance_targets:star1 --semantics star1 \
        --strict-order --skip-flag Deep

It takes the request as a dict (its ``"tree"`` is the canonical JSON document: a chance node
is ``{"probabilities": [...], "children": [...]}``, Star1's leaf bounds ``"bounds": {"lower",
"upper"}``) and reads it with nothing from gametree, recursing as most engines do (so every
command line skips ``Deep``, the vectors' chain 1,200 deep).

- ``expectimax``: Ballard's (1983) *-minimax, sum p_i v_i at a chance node, in Python's exact
  ``Fraction``; for N players the vector best for the mover, as maxn has it. It conforms.
- ``expectimax_double``: the same in doubles, as engines in C or JavaScript hold it. A
  probability of 1/3 is not a double, so as ``exact`` it fails; declared ``--values double``
  it is asked only trees whose every probability, product and sum a double holds, and passes.
- ``uniform``: averages a chance node's children, ignoring their probabilities (right only
  where every outcome is equally likely).
- ``star1``: Ballard's Star1 (fail-hard, max/min form), as Hauk, Buro and Schaeffer (2004)
  write it, with any probabilities: child i searched over (max(A_i, L), min(B_i, U)). It
  conforms to ``star1``.
- ``star1_mass_twice``: the same, taking p_i off the mass left twice, so that it counts the
  child being searched as neither searched nor to come: its bounds are too tight, and it
  cuts where the value was still in the window.
"""

import math
from fractions import Fraction
from typing import Any

Number = int | Fraction | float


def number(x: Any, *, double: bool = False) -> Number:
    """A JSON number or a "p/q" string; as a double if ``double``."""
    exact = Fraction(x) if isinstance(x, str) else x
    return float(exact) if double else exact


def out(v: Any) -> Any:
    """A value back as JSON: an int or a double, a fraction as "p/q", a vector as a list."""
    if isinstance(v, tuple | list):
        return [out(c) for c in v]
    if isinstance(v, Fraction):
        return v.numerator if v.denominator == 1 else str(v)
    return v


def _expectimax(request: dict[str, Any], *, double: bool, weigh: bool) -> dict[str, Any]:
    trace: list[list[int]] = []

    def value(n: dict[str, Any], path: list[int]) -> tuple[Any, list[int]]:
        if "value" in n:
            trace.append(path)
            v = n["value"]
            if isinstance(v, list):
                return tuple(number(c, double=double) for c in v), []
            return number(v, double=double), []
        kids = [value(c, [*path, i]) for i, c in enumerate(n["children"])]
        if "probabilities" in n:
            k = len(kids)
            ps = [number(p, double=double) if weigh else Fraction(1, k) for p in n["probabilities"]]
            first = kids[0][0]
            if isinstance(first, tuple):
                total: Any = tuple(sum(p * v[j] for p, (v, _) in zip(ps, kids, strict=True))
                                   for j in range(len(first)))  # fmt: skip
            else:
                total = 0
                for p, (v, _) in zip(ps, kids, strict=True):
                    total = total + p * v
            return total, []
        p = n["to_move"]
        best = 0
        for i, (v, _) in enumerate(kids):
            b = kids[best][0]
            better = v[p] > b[p] if isinstance(v, tuple) else (v > b if p == 0 else v < b)
            if better:
                best = i
        return kids[best][0], [best, *kids[best][1]]

    v, line = value(request["tree"]["tree"], [])
    return {"value": out(v), "best_move": line[0] if line else None,
            "principal_variation": line, "trace": trace}  # fmt: skip


def expectimax(request: dict[str, Any]) -> dict[str, Any]:
    """Expectimax in exact fractions."""
    return _expectimax(request, double=False, weigh=True)


def expectimax_double(request: dict[str, Any]) -> dict[str, Any]:
    """Expectimax in doubles."""
    return _expectimax(request, double=True, weigh=True)


def uniform(request: dict[str, Any]) -> dict[str, Any]:
    """Expectimax that averages a chance node's children (the bug)."""
    return _expectimax(request, double=False, weigh=False)


def _star1(request: dict[str, Any], *, mass_twice: bool) -> dict[str, Any]:
    trace: list[list[int]] = []
    bounds = request["tree"]["bounds"]
    lower, upper = number(bounds["lower"]), number(bounds["upper"])

    def search(  # noqa: PLR0911 - Star1's exits: a leaf, a fail at either side, a value
        n: dict[str, Any], alpha: Number, beta: Number, path: list[int]
    ) -> Number:
        if "value" in n:
            trace.append(path)
            return number(n["value"])
        if "probabilities" in n:
            if upper <= alpha:
                return alpha
            if lower >= beta:
                return beta
            total: Number = 0
            left: Number = Fraction(1)
            for i, (c, q) in enumerate(zip(n["children"], n["probabilities"], strict=True)):
                p = number(q)
                left -= p
                mass = left - p if mass_twice else left
                a = (alpha - total - mass * upper) / p
                b = (beta - total - mass * lower) / p
                v = search(c, max(a, lower), min(b, upper), [*path, i])
                if v <= a:
                    return alpha
                if v >= b:
                    return beta
                total += p * v
            return total
        for i, c in enumerate(n["children"]):  # Knuth and Moore's F2: a fail returns m
            v = search(c, alpha, beta, [*path, i])
            if n["to_move"] == 0 and v > alpha:
                alpha = v
            elif n["to_move"] != 0 and v < beta:
                beta = v
            if alpha >= beta:
                return v
        return alpha if n["to_move"] == 0 else beta

    a, b = request.get("alpha"), request.get("beta")
    alpha = -math.inf if a is None else number(a)
    beta = math.inf if b is None else number(b)
    return {"value": out(search(request["tree"]["tree"], alpha, beta, [])), "trace": trace}


def star1(request: dict[str, Any]) -> dict[str, Any]:
    """Ballard's Star1."""
    return _star1(request, mass_twice=False)


def star1_mass_twice(request: dict[str, Any]) -> dict[str, Any]:
    """Star1 with p_i taken off the mass left twice (the bug)."""
    return _star1(request, mass_twice=True)
