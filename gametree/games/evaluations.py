"""The declared evaluations of each game: what an engine and gametree agree a position is worth.

An engine can be compared with gametree exactly only if both score positions the same way. Each
game offers a small set of evaluations, by name; an :class:`Evaluation` gives the value of a
finished game (``terminal``) and, for the ones a depth-limited search can use, of a position at
the horizon (``frontier``). Values are from player 0's point of view, as ``spec.Game``'s are
(a search reports them to the mover: ``spec.worth``).

- ``outcome`` (every two-player game): +1, 0 or -1 for a win, a draw or a loss of player 0 at
  the end, 0 at the horizon (nothing is known there): the Min-Max notes' pay-off.
- The game's own static evaluation, where it has one (``open-lines`` for tic-tac-toe,
  ``open-windows`` for Connect Four, ``bouton`` for Nim, ``store-difference`` for Kalah, the
  CSCE 315 slides' "# player 1's pieces - # player 2's pieces", ``disc-difference`` for
  Othello, ``piece-counts`` for Othello with three players or more, Korf 3.1), with the game's
  utility at the end.
- The solvers' scores, at the end only: ``pons`` for Connect Four (Pons, "Solving Connect 4",
  2019: a win is worth (cells + 2 - pieces) // 2 to the winner, 1 for a win with one's last
  piece, so the sooner the better; a draw 0), ``distance`` for tic-tac-toe (a win is worth 1
  plus the empty squares left), ``margin`` for Kalah (the final margin, which Irving, Donkers
  and Uiterwijk 2000 solve for) and ``final-discs`` for Othello (the disc difference with the
  empty squares given to the winner, as the World Othello Federation scores a game and the FFO
  endgame suite's solvers report it).

:class:`Scored` is the game with an evaluation put in place of its utility and static
evaluation, so that every definition and search on games applies unchanged (``spec.unfold``,
``impl.Engine``, ``games.analysis.solve``).
"""

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from gametree.games.connect4 import ConnectFour
from gametree.games.kalah import Kalah
from gametree.games.nim import Nim
from gametree.games.othello import Othello
from gametree.games.tictactoe import TicTacToe
from gametree.spec import Value

__all__ = ["Evaluation", "Scored", "evaluations"]

Score = Callable[[Any, Any], Value]
"""A value of a state of a game: ``score(game, state)``, from player 0's point of view."""


@attrs.frozen
class Evaluation:
    """A declared evaluation: its name, what it says, the end's value and the horizon's."""

    name: str
    summary: str
    terminal: Score
    frontier: Score | None = None
    """``None``: a solver's score, defined at the end only (asked with ``solve``)."""


def _sign(x: Value) -> int:
    assert not isinstance(x, tuple)
    return (x > 0) - (x < 0)


def _outcome(game: Any, state: Any) -> Value:
    return _sign(game.utility(state))


def _nothing(_game: Any, _state: Any) -> Value:
    return 0


def _utility(game: Any, state: Any) -> Value:
    value: Value = game.utility(state)
    return value


def _static(game: Any, state: Any) -> Value:
    value: Value = game.evaluate(state)
    return value


def _pons(game: ConnectFour, state: Any) -> Value:
    w = game.winner(state)
    if w is None:
        return 0
    score: int = (game.rows * game.columns + 2 - state.pieces) // 2
    return score if w == 0 else -score


def _distance(game: TicTacToe, state: Any) -> Value:
    empty: int = state.cells.count(None)
    return game.utility(state) * (1 + empty)


def _final_discs(game: Othello, state: Any) -> Value:
    diff = game.utility(state)
    assert isinstance(diff, int)
    empty: int = state.cells.count(None)
    return diff + _sign(diff) * empty


OUTCOME = Evaluation(
    "outcome", "+1, 0, -1 for player 0's win, draw, loss at the end; 0 at the horizon",
    _outcome, _nothing,
)  # fmt: skip


def evaluations(game: object) -> dict[str, Evaluation]:
    """The evaluations ``game`` offers, by name, the default first (module docstring).

    >>> list(evaluations(Kalah()))
    ['store-difference', 'outcome', 'margin']
    """
    static = "the game's static evaluation at the horizon, its utility at the end"
    if isinstance(game, TicTacToe):
        return _named(
            Evaluation("open-lines", "(open lines for X - for O) / 8; +1, 0, -1 at the end",
                       _utility, _static),
            OUTCOME,
            Evaluation("distance", "a win is 1 + the empty squares left, to the winner",
                       _distance),
        )  # fmt: skip
    if isinstance(game, Nim):
        return _named(
            Evaluation("bouton", "+1 if the mover's nim-sum is not 0, else -1 (exact), "
                       "to player 0; -1 to the player who cannot move", _utility, _static),
            OUTCOME,
        )  # fmt: skip
    if isinstance(game, ConnectFour):
        return _named(
            Evaluation("open-windows", f"open windows weighted by their pieces / (k W): {static}",
                       _utility, _static),
            OUTCOME,
            Evaluation("pons", "Pons' score: a win is (cells + 2 - pieces) // 2 to the winner, "
                       "a draw 0", _pons),
        )  # fmt: skip
    if isinstance(game, Kalah):
        return _named(
            Evaluation("store-difference", "South's store minus North's; the final margin at "
                       "the end", _utility, _static),
            OUTCOME,
            Evaluation("margin", "the final margin, South's seeds minus North's", _utility),
        )  # fmt: skip
    if isinstance(game, Othello) and game.players == 2:
        return _named(
            Evaluation("disc-difference", "X's discs minus O's, at the horizon and the end",
                       _utility, _static),
            OUTCOME,
            Evaluation("final-discs", "the disc difference with the empty squares given to "
                       "the winner", _final_discs),
        )  # fmt: skip
    if isinstance(game, Othello):
        return _named(
            Evaluation("piece-counts", "each player's pieces (Korf 3.1), at the horizon and "
                       "the end", _utility, _static),
        )  # fmt: skip
    raise ValueError(f"no declared evaluations for {type(game).__name__}")


def _named(*offered: Evaluation) -> dict[str, Evaluation]:
    return {e.name: e for e in offered}


@attrs.frozen
class Scored:
    """``game`` valued by ``evaluation``.

    Its utility is the evaluation's ``terminal``, its static evaluation the ``frontier`` (a
    state cut there without one is an error of the caller).
    """

    game: Any
    evaluation: Evaluation

    @property
    def players(self) -> int:
        """The game's players."""
        n: int = self.game.players
        return n

    def initial_state(self) -> Any:
        """The game's start."""
        return self.game.initial_state()

    def to_move(self, state: Any) -> int:
        """The game's mover."""
        p: int = self.game.to_move(state)
        return p

    def moves(self, state: Any) -> Sequence[Any]:
        """The game's moves."""
        ms: Sequence[Any] = self.game.moves(state)
        return ms

    def successor(self, state: Any, move: Any) -> Any:
        """The game's successor."""
        return self.game.successor(state, move)

    def is_terminal(self, state: Any) -> bool:
        """Whether the game is over."""
        return bool(self.game.is_terminal(state))

    def utility(self, state: Any) -> Value:
        """The evaluation's value of the end."""
        return self.evaluation.terminal(self.game, state)

    def evaluate(self, state: Any) -> Value:
        """The evaluation's value at the horizon."""
        if self.evaluation.frontier is None:
            raise ValueError(f"{self.evaluation.name} is a score of the end only: a search "
                             f"cut at a depth needs an evaluation at the horizon")  # fmt: skip
        return self.evaluation.frontier(self.game, state)

    def bounds_below(self, state: Any, depth: int) -> Any:
        """The game's Korf bounds (N-player Othello)."""
        return self.game.bounds_below(state, depth)
