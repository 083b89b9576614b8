#!/usr/bin/env python3
r"""A small engine in its own process, speaking gametree's JSON-lines protocol.

    gametree conform --target "python3 examples/external_engine.py" \
        --semantics alphabeta-fail-soft --strict-order --best-move --principal-variation

It imports nothing from gametree, as an engine in another project would not: it reads one
request per line from standard input and writes one reply per line. It answers the
semantics minimax, alphabeta-fail-hard and alphabeta-fail-soft (max/min form, values from
player 0's point of view) by alpha-beta over an explicit stack (minimax without its
cut-offs, reading every leaf), exact on integers and fractions of any size, and declines
any other semantics with an error reply.
"""

import json
import sys
from fractions import Fraction


def number(x):
    """A JSON number or a "p/q" string, exactly."""
    return Fraction(x) if isinstance(x, str) else Fraction(x) if isinstance(x, float) else x


def text(v):
    """An exact number as JSON: an int, or "p/q"."""
    if isinstance(v, Fraction):
        return v.numerator if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    return v


def search(root, alpha, beta, *, soft, prune):
    """Alpha-beta (max/min form) over an explicit stack: (value, line, leaves read).

    Without ``prune``, minimax: the same walk without cut-offs.
    """
    trace = []
    if "value" in root:
        trace.append([])
        return number(root["value"]), [], trace

    # A frame: [node, path, next child, alpha, beta, best, best line].
    def frame(node, path, a, b):
        best = None if soft else (a if node["to_move"] == 0 else b)
        return [node, path, 0, a, b, best, []]

    stack = [frame(root, [], alpha, beta)]
    result = None
    while True:
        node, path, i, a, b, best, line = top = stack[-1]
        if result is not None:  # a child's value came back
            v, child_line = result
            result = None
            better = best is None or (v > best if node["to_move"] == 0 else v < best)
            if better:
                top[5], top[6] = best, line = v, [i - 1, *child_line]
                if node["to_move"] == 0 and (a is None or v > a):
                    top[3] = a = v
                if node["to_move"] == 1 and (b is None or v < b):
                    top[4] = b = v
        cut = prune and a is not None and b is not None and a >= b
        if cut or i == len(node["children"]):
            stack.pop()
            result = (best, line)
            if not stack:
                return best, line, trace
            continue
        top[2] = i + 1
        child = node["children"][i]
        if "value" in child:
            trace.append([*path, i])
            result = (number(child["value"]), [])
            # handled at the top of the loop, as a child's value
            continue
        stack.append(frame(child, [*path, i], a, b))


def answer(request):
    """The reply to one request (without its id)."""
    semantics = request.get("semantics")
    if semantics not in {"minimax", "alphabeta-fail-hard", "alphabeta-fail-soft"}:
        return {"error": f"this engine does not do {semantics}"}
    a = request.get("alpha")
    b = request.get("beta")
    alpha = None if a is None else number(a)
    beta = None if b is None else number(b)
    value, line, trace = search(
        request["tree"]["tree"],
        alpha,
        beta,
        soft=semantics != "alphabeta-fail-hard",
        prune=semantics != "minimax",
    )
    return {
        "value": text(value),
        "best_move": line[0] if line else None,
        "principal_variation": line,
        "trace": trace,
    }


def main():
    """Answer requests until standard input ends."""
    # Python's json parser recurses: a tree 1,200 deep is 2,400 levels of JSON nesting.
    sys.setrecursionlimit(20_000)
    for line in sys.stdin:
        request = json.loads(line)
        reply = {"id": request.get("id"), **answer(request)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
