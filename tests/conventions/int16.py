"""A 16-bit engine that keeps -32000 and 32000 for its infinities, as small engines do.

    gametree conform --target "python3 tests/conventions/int16.py" \\
        --semantics negamax-alphabeta-fail-hard --strict-order --best-move \\
        --principal-variation --values int16 --infinity 32000

Fail-hard alpha-beta in negamax form (each value from the view of the player to move, the
window too), its scores in ``int16_t`` as an engine for a small board holds them (``#define
INFINITY 32000``): a score of 32000 or more it cannot tell from its infinity, and says so with
``--infinity 32000``. It refuses any other number with an error reply. With ``--bug`` it
cuts off only when alpha > beta, where alpha >= beta belongs. It imports nothing of
gametree's, as an engine in another project would not.
"""

import json
import sys
from typing import Any

INFINITY = 32000
BUG = "--bug" in sys.argv


def int16(x: object) -> int:
    """A request's number as an int16_t, or a refusal."""
    if not isinstance(x, int) or not -(2**15) <= x < 2**15:
        raise ValueError(f"a 16-bit engine cannot hold {x!r}")
    return x


def search(
    node: dict[str, Any], path: list[int], alpha: int, beta: int, trace: list[list[int]]
) -> tuple[int, list[int]]:
    """The value of node to its mover over (alpha, beta), and its line; leaves into trace."""
    p = node["to_move"]
    best, line = alpha, []
    for i, child in enumerate(node["children"]):
        rest: list[int] = []
        if "value" in child:
            trace.append([*path, i])
            v = int16(child["value"]) if p == 0 else -int16(child["value"])
        elif child["to_move"] == p:
            v, rest = search(child, [*path, i], best, beta, trace)
        else:
            r, rest = search(child, [*path, i], -beta, -best, trace)
            v = -r
        if v > best:
            best, line = v, [i, *rest]
        if (best > beta) if BUG else (best >= beta):
            return beta, line
    return best, line


def answer(request: dict[str, Any]) -> dict[str, object]:
    if request["semantics"] != "negamax-alphabeta-fail-hard":
        return {"error": f"this engine does not do {request['semantics']}"}
    root = request["tree"]["tree"]
    if "value" in root:
        return {
            "value": int16(root["value"]),
            "best_move": None,
            "principal_variation": [],
            "trace": [[]],
        }
    a, b = request["alpha"], request["beta"]
    alpha = -INFINITY if a is None else int16(a)
    beta = INFINITY if b is None else int16(b)
    trace: list[list[int]] = []
    value, line = search(root, [], alpha, beta, trace)
    return {
        "value": value,
        "best_move": line[0] if line else None,
        "principal_variation": line,
        "trace": trace,
    }


def main() -> None:
    sys.setrecursionlimit(20_000)  # a request 1,200 plies deep nests 2,400 levels of JSON
    for text in sys.stdin:
        request = json.loads(text)
        try:
            reply = answer(request)
        except ValueError as e:
            reply = {"error": str(e)}
        sys.stdout.write(json.dumps({"id": request["id"], **reply}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
