r"""easyAI's alpha-beta (``easyAI.Negamax``, easyAI 2.0.12) as a conformance target.

    pip install 'gametree[bench]'      # easyAI==2.0.12, only for this example
    gametree conform --target examples.easyai_negamax:negamax --semantics negamax \
        --alternating --best-move --skip-flag Fraction --skip-flag TinyFraction \
        --skip-flag Float64 --skip-flag Int64 --skip-flag BigInteger
    gametree conform --target examples.easyai_negamax:alphabeta \
        --semantics negamax-alphabeta-fail-soft --alternating --strict-order \
        --skip-flag Fraction --skip-flag TinyFraction --skip-flag Float64 --skip-flag Int64 \
        --skip-flag BigInteger

The tree is played as an easyAI ``TwoPlayerGame``: a move descends to a child, ``unmake_move``
climbs back, and the position is over at a leaf. easyAI always switches player after a move,
so only trees whose players move in turn by depth are asked (``--alternating``). ``scoring``
gives the leaf's value from the point of view of the player to move there, as easyAI's
negamax wants, and records the leaf's path, which is the trace. The value is
``Negamax.alpha``, the root's negamax value, and the best move what ``Negamax`` returns.
Nothing is corrected: the adapter reports what the library computes. ``dual`` runs easyAI's
``DUAL`` (an MTD driver) the same way, as ``negamax``. ``alphabeta`` calls the
module's ``negamax`` function itself (which ``Negamax`` calls with the window (-win_score,
+win_score)) with the request's window, to gate its pruning and its fail-soft bounds.

What it skips, and why. easyAI's scores are floats (and a leaf d levels above the deepest is
worth ``(1 + 0.001 d) v``, which the gate catches), so the adapter reads every number with
``float`` and skips what a double cannot hold:

- ``Fraction``: 1/3 has no double (and ``TinyFraction``, a denominator of 10^9 or more, named
  as well though every such case is also a ``Fraction``);
- ``Float64``: an integer beyond 2^53, where doubles are 2 apart: 2^53 + 1 is read as 2^53;
- ``Int64`` and ``BigInteger``: beyond 2^63 and 2^127, named as well though every such case
  is also a ``Float64`` (past about 1.8 * 10^308 ``float`` raises ``OverflowError``).

``Deep`` is not skipped: easyAI's ``negamax`` recurses, and the gate shows its
``RecursionError`` on the vectors' chain 1,200 deep. Its window starts at (-inf, +inf), no
finite sentinel, and it keeps no transposition table unless given one, so ``Sentinel``,
``Int16``, ``Int32``, ``Wide``, ``Tall`` and ``RepeatedSubtree`` are asked as they come.
"""

from typing import Any

try:
    from easyAI import DUAL, AI_Player, Negamax, TwoPlayerGame
    from easyAI.AI.Negamax import negamax as easyai_negamax
except ImportError as missing:
    raise ImportError(
        f"{missing}: easyAI is not installed (pip install easyAI==2.0.12, or from the checkout "
        "pip install -e '.[bench]')"
    ) from missing

from gametree.adapters import height, parse_number, worth


def _number(x: Any) -> float:
    return float(parse_number(x))


class ExplicitTree(TwoPlayerGame):  # type: ignore[misc]
    """A gametree tree as an easyAI game: a stack of nodes, moves made and unmade in place."""

    def __init__(self, root: dict[str, Any], trace: list[list[int]]) -> None:
        self.players = [AI_Player(None), AI_Player(None)]
        self.current_player = 1  # easyAI numbers its players 1 and 2: 1 is gametree's 0
        self.stack = [root]
        self.path: list[int] = []
        self.trace = trace

    def possible_moves(self) -> list[int]:
        """The game's ``possible_moves``, as easyAI calls it."""
        return list(range(len(self.stack[-1]["children"])))

    def make_move(self, move: int) -> None:
        """The game's ``make_move``, as easyAI calls it."""
        self.stack.append(self.stack[-1]["children"][move])
        self.path.append(move)

    def unmake_move(self, move: int) -> None:  # noqa: ARG002 - easyAI's signature
        """The game's ``unmake_move``, as easyAI calls it."""
        self.stack.pop()
        self.path.pop()

    def is_over(self) -> bool:
        """The game's ``is_over``, as easyAI calls it."""
        return "value" in self.stack[-1]

    def scoring(self) -> float:
        """The game's ``scoring``, as easyAI calls it."""
        self.trace.append(list(self.path))
        return float(worth(_number(self.stack[-1]["value"]), self.current_player - 1))


def negamax(request: dict[str, Any]) -> dict[str, Any]:
    """Run easyAI's Negamax, full depth, on the request's tree: semantics ``negamax``."""
    root = request["tree"]["tree"]
    trace: list[list[int]] = []
    game = ExplicitTree(root, trace)
    ai = Negamax(height(root))
    move = ai(game)
    return {"value": ai.alpha, "best_move": move, "trace": trace}


def alphabeta(request: dict[str, Any]) -> dict[str, Any]:
    """Run easyAI's ``negamax(game, depth, ...)`` over the request's window: fail-soft negamax."""
    root = request["tree"]["tree"]
    trace: list[list[int]] = []
    game = ExplicitTree(root, trace)
    a, b = request.get("alpha"), request.get("beta")
    alpha = -float("inf") if a is None else _number(a)
    beta = float("inf") if b is None else _number(b)
    depth = height(root)
    value = easyai_negamax(game, depth, depth, lambda g: g.scoring(), alpha, beta)
    return {"value": value, "best_move": getattr(game, "ai_move", None), "trace": trace}


def dual(request: dict[str, Any]) -> dict[str, Any]:
    """Run easyAI's ``DUAL`` (MTD from -win_score, stepping up: an MT driver), full depth.

    Its tests start from ``-win_score`` (-100000) and step up from each bound the last one
    returned, until the two bounds meet: on a tree whose value lies below -100000 they never
    meet, and the search does not end (the gate's hang, shrunk to a lone leaf).
    """
    root = request["tree"]["tree"]
    game = ExplicitTree(root, [])
    ai = DUAL(height(root))
    move = ai(game)
    return {"value": ai.alpha, "best_move": move}
