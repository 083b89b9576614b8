"""Best-reply search in the game mode: ``brs`` asked of positions of a game of 3+ players.

Schadd and Winands 2011, section III: the root player r searches its own moves and, between
two of them, one *opponents' layer* where each opponent in turn order moves out of turn from
the same position and only the strongest reply counts. A tree holds no move out of turn, so
``brs`` is gated on a game whose opponents may be given the move (``spec.OutOfTurnGame``:
N-player Othello), never on trees (``spec.brs`` refuses one).

Glossary: q is a question (:class:`.protocol.Question`), s its position's state, r the root
player (the player to move at s, as in the paper: BRS searches for the side to move), d the
depth in *layers* (r's ply, or an opponents' layer), as the paper counts BRS's depth.

The value a ``brs`` question allows is ``spec.paranoid`` for r of ``spec.brs_tree`` at d
(the tree the paper's BRS searches, valued by the declared evaluation), a scalar: r's
component; its best moves are r's moves that reach it. The line is not compared: a BRS line
holds moves out of turn, which the game's notation cannot say whose they are.
"""

from typing import Any

import attrs

from gametree.algorithms import REGISTRY
from gametree.conform.codec import Case
from gametree.conform.positions.protocol import Question
from gametree.games.evaluations import Scored, evaluations
from gametree.spec import brs_tree
from gametree.spec.best_reply import brs_children

__all__ = ["GAME_ONLY", "OutOfTurn", "brs_case", "brs_leaves", "brs_problem"]

GAME_ONLY = tuple(a.name for a in REGISTRY if a.family == "best-reply" and a.kind == "game")
"""The registry's searches asked only of positions of a game: ``brs``."""


@attrs.frozen
class OutOfTurn(Scored):
    """A game valued by an evaluation, whose player to move may be changed (BRS's need)."""

    def with_mover(self, state: Any, player: int) -> Any:
        """The game's position with ``player`` to move (``spec.OutOfTurnGame``)."""
        return self.game.with_mover(state, player)


def _out_of_turn(q: Question) -> OutOfTurn:
    return OutOfTurn(q.played, evaluations(q.played)[q.evaluation])


def brs_case(q: Question) -> Case:
    """The tree case a ``brs`` value question is asked on: paranoid's, on BRS's tree.

    O(size of the tree BRS searches): about (b + (N-1)·b)^(d/2) states for b moves a player.
    """
    s = q.state
    r = q.played.to_move(s)
    return Case("paranoid", brs_tree(_out_of_turn(q), s, q.depth, r), player=r)


def brs_leaves(q: Question, limit: int) -> int:
    """The leaves of the tree BRS searches for ``q``, counted up to one past ``limit``."""
    game = _out_of_turn(q)
    s = q.state
    r = game.to_move(s)
    stack = [(s, q.depth)]
    leaves = 0
    while stack and leaves <= limit:
        x, d = stack.pop()
        if d == 0 or game.is_terminal(x):
            leaves += 1
            continue
        stack.extend((y, d - 1) for y in brs_children(game, x, r))
    return leaves


def brs_problem(semantics: str, player: int | None, *, principal_variation: bool) -> str | None:
    """Why a ``brs`` run cannot be asked with these options, or ``None``.

    ``brs`` searches for the player to move, so it takes no ``--player`` and compares no line.
    """
    if semantics not in GAME_ONLY:
        return None
    if player is not None:
        return (f"{semantics} searches for the player to move at each position (Schadd and "
                f"Winands 2011, III); --player is paranoid's")  # fmt: skip
    if principal_variation:
        return (f"{semantics}'s line holds moves out of turn, which the game's notation does "
                f"not say whose they are: --principal-variation is not compared")  # fmt: skip
    return None
