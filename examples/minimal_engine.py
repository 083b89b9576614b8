#!/usr/bin/env python3
"""A minimal engine speaking gametree's JSON-lines protocol: fail-hard alpha-beta.

    gametree conform --target "python3 examples/minimal_engine.py" \
        --semantics alphabeta-fail-hard --strict-order --skip-flag Deep

It reads one request per line and writes one reply per line (docs/conformance.md, "The
protocol"): the value of the tree within the request's window, from player 0's point of view,
and the leaves it read, in order. It is the Alpha-Beta Pruning article's procedure (Knuth and
Moore's F2), exact on integers and fractions. It recurses, so it skips trees 400 or more
high (``Deep``).
"""

import json
import sys
from fractions import Fraction


def exact(x):
    """A number of the protocol (an integer, a decimal, "p/q", or null for no bound)."""
    return Fraction(x) if isinstance(x, str) else x


def alphabeta(node, path, alpha, beta, trace):
    """The value of ``node`` within (alpha, beta); appends each leaf read to ``trace``."""
    if "value" in node:
        trace.append(path)
        return exact(node["value"])
    for i, child in enumerate(node["children"]):
        v = alphabeta(child, [*path, i], alpha, beta, trace)
        if node["to_move"] == 0:
            alpha = v if alpha is None else max(alpha, v)
        else:
            beta = v if beta is None else min(beta, v)
        if alpha is not None and beta is not None and alpha >= beta:
            break
    return alpha if node["to_move"] == 0 else beta


def written(v):
    """A value as the protocol writes it: an integer, or a fraction as "p/q"."""
    return str(v) if isinstance(v, Fraction) and v.denominator != 1 else int(v)


for line in sys.stdin:
    request = json.loads(line, parse_float=Fraction)
    trace = []
    window = exact(request["alpha"]), exact(request["beta"])
    value = alphabeta(request["tree"]["tree"], [], *window, trace)
    reply = {"id": request["id"], "value": written(value), "trace": trace}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
