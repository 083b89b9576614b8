r"""A library that searches positions, picks at random among tied best moves, and its adapter.

    gametree conform --target examples.random_ties:adapter --semantics negamax \
        --any-best-move --principal-variation --strict-order --skip-flag Deep

``negamax`` below is written as small game libraries write it: over *positions* (objects with
``children()``, ``is_over()`` and ``score()``, the score from the point of view of the player
to move), to a fixed depth, choosing at random among the children that tie for best, and
answering with its value and the line of positions it would play. Nothing in it knows
gametree's request. The adapter, ``adapter``, is what each such library needs, written with
``gametree.adapters``: a request's node as a position (``parse_number`` for its value,
``worth`` for the mover's view), the tree's ``height`` as the depth, and ``child_index`` to
turn each position of the line back into a move.

Its move is any best move, not the leftmost, so it is gated with ``--any-best-move`` (the
move must be one of the best, the line a line of best moves); with ``--best-move`` it fails
on the first tie. Its random choices are drawn from a generator seeded by the request, so the
same request gets the same answer and a failure replays. It reads every leaf, left to right
(``--strict-order``), and recurses, one call a ply (``--skip-flag Deep``).
"""

import json
import random
from typing import Any

from gametree.adapters import child_index, height, json_value, parse_number, worth

# --- the library ----------------------------------------------------------------------------


def negamax(position: Any, depth: int, rng: random.Random) -> tuple[Any, list[Any]]:
    """The value of ``position`` to the player to move there, and a best line of positions.

    Among the children that tie for best, one at random.
    """
    if depth == 0 or position.is_over():
        return position.score(), []
    best, lines = None, []
    for child in position.children():
        value, line = negamax(child, depth - 1, rng)
        value = value if child.mover() == position.mover() else -value
        if best is None or value > best:
            best, lines = value, [[child, *line]]
        elif value == best:
            lines.append([child, *line])
    return best, rng.choice(lines)


# --- the adapter ----------------------------------------------------------------------------


class Position:
    """A node of the request's tree as the library's position; its leaves read as they are."""

    def __init__(self, node: dict[str, Any], path: tuple[int, ...], trace: list[list[int]],
                 mover: int) -> None:  # fmt: skip
        self.node, self.path, self.trace, self.to_move = node, path, trace, mover

    def children(self) -> list["Position"]:
        """The positions one move away, in the order of the moves."""
        return [Position(c, (*self.path, i), self.trace, c.get("to_move", self.to_move))
                for i, c in enumerate(self.node["children"])]  # fmt: skip

    def is_over(self) -> bool:
        """Whether the game is over here: a leaf."""
        return "value" in self.node

    def mover(self) -> int:
        """The player to move here (at a leaf, the one who would be)."""
        return self.to_move

    def score(self) -> Any:
        """The leaf's value from the point of view of the player to move."""
        self.trace.append(list(self.path))
        return worth(parse_number(self.node["value"]), self.to_move)


def adapter(request: dict[str, Any]) -> dict[str, object]:
    """The library on the request's tree: semantics ``negamax``, any best move."""
    root = request["tree"]["tree"]
    trace: list[list[int]] = []
    start = Position(root, (), trace, root.get("to_move", 0))
    rng = random.Random(json.dumps(request, sort_keys=True))  # noqa: S311 - ties, not secrets
    value, line = negamax(start, height(root), rng)
    moves, at = [], start
    for position in line:  # each position of the line back to its move
        kids = at.node["children"]
        moves.append(child_index(kids, position.node))
        at = position
    return {"value": json_value(value), "best_move": moves[0] if moves else None,
            "principal_variation": moves, "trace": trace}  # fmt: skip
