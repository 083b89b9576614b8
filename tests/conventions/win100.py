"""A game library's alpha-beta whose win score, 100, is also its infinity.

    gametree conform --target "python3 tests/conventions/win100.py" \\
        --semantics alphabeta-fail-soft --full-window --strict-order --best-move \\
        --principal-variation --infinity 100

Fail-soft alpha-beta in max/min form (player 0 maximises), as board-game libraries write it
for scores from -100 (lost) to 100 (won): it starts from the window (-100, 100) and takes no
other (``--full-window``), so a leaf worth 100 cuts its parent off as the window's edge would.
Its scores lie strictly inside its infinity, and it says so (``--infinity 100``). Its numbers
are Python's, exact. With ``--bug`` a later move replaces the best on a tie (``>=``), so it
names the rightmost of several best moves. It imports nothing of gametree's.
"""

import json
import sys
from fractions import Fraction
from typing import Any

WIN = 100
BUG = "--bug" in sys.argv


def number(x: Any) -> Fraction | int:
    """A JSON number or a "p/q" string, exactly."""
    return Fraction(x) if isinstance(x, str | float) else x


def text(v: Fraction | int) -> object:
    """An exact number as JSON: an int, or "p/q"."""
    if isinstance(v, int) or v.denominator == 1:
        return int(v)
    return f"{v.numerator}/{v.denominator}"


def search(
    node: dict[str, Any], path: list[int], alpha: Any, beta: Any, trace: list[list[int]]
) -> tuple[Any, list[int]]:
    """The value of node over (alpha, beta), Max's view, and its line; leaves into trace."""
    if "value" in node:
        trace.append(path)
        return number(node["value"]), []
    maximising = node["to_move"] == 0
    best, line = None, []
    for i, child in enumerate(node["children"]):
        v, rest = search(child, [*path, i], alpha, beta, trace)
        if best is None or (v > best if maximising else v < best) or (BUG and v == best):
            best, line = v, [i, *rest]
        if maximising:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, line


def answer(request: dict[str, Any]) -> dict[str, object]:
    if request["semantics"] != "alphabeta-fail-soft":
        return {"error": f"this library does not do {request['semantics']}"}
    trace: list[list[int]] = []
    value, line = search(request["tree"]["tree"], [], -WIN, WIN, trace)
    return {
        "value": text(value),
        "best_move": line[0] if line else None,
        "principal_variation": line,
        "trace": trace,
    }


def main() -> None:
    sys.setrecursionlimit(20_000)  # a request 1,200 plies deep nests 2,400 levels of JSON
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.write(json.dumps({"id": request["id"], **answer(request)}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
