"""What every target of the catalogue shares: reading a request, writing a reply.

Glossary: a *request* is the dict the gate's worker passes (``docs/conformance.md``), a
*reply* the dict returned; t is a tree, a and b the window, with ``None`` for an open side
read as an infinity here, as engines do.
"""

import math
from fractions import Fraction
from typing import Any

from gametree.conform.games import GameGraph, read_game_json
from gametree.spec import Scalar, Value
from gametree.treefile import TreeDocument, json_value, parse_number, read_tree_json

Number = Scalar | float
"""An exact value, or an infinity for an open side of a window."""

INF = math.inf


def document(request: dict[str, Any]) -> TreeDocument:
    """The request's tree document."""
    return read_tree_json(request["tree"])


def game(request: dict[str, Any]) -> GameGraph:
    """The request's game graph."""
    return read_game_json(request["game"])


def window(request: dict[str, Any]) -> tuple[Number, Number]:
    """The request's window, with -inf and +inf for open sides."""
    a, b = request.get("alpha"), request.get("beta")
    return (-INF if a is None else parse_number(a)), (INF if b is None else parse_number(b))


def out(v: Value | float) -> object:
    """A value as JSON (an exact fraction as "p/q"; a float as it is)."""
    if isinstance(v, float):
        return v
    return json_value(v)


def reply(value: Value | float, line: list[int], trace: list[list[int]] | None = None) -> dict[
    str, object
]:  # fmt: skip
    """The reply: value, best move, principal variation and the leaves read."""
    return {
        "value": out(value),
        "best_move": line[0] if line else None,
        "principal_variation": line,
        "trace": trace if trace is not None else [],
    }


__all__ = ["INF", "Fraction", "Number", "document", "game", "out", "reply", "window"]
