"""Real games as implicit trees, implementing ``spec.Game`` (and ``spec.EvaluatedGame``).

- ``TicTacToe`` on ``Board`` states, moves are cell indices (the Game Tree Search notes' and the
  CSCE 315 slides' example).
- ``Nim`` on ``NimState`` states, moves are ``(heap, count)``, with Bouton's perfect evaluation.
- ``ConnectFour`` (connect-k on any board) on ``ConnectFourState``, moves are column indices.
- ``Kalah`` (m pits, n seeds; the CSCE 315 slides' course project) on ``KalahState``, moves are
  pits.
- ``Othello`` for N players with Korf's capture rule, on ``OthelloState``; moves are cells or
  ``PASS``; piece counts within Korf's bounds for N ≥ 3.
- ``ChineseCheckers`` for 2, 3 or 6 players on a small star, on ``ChineseCheckersState``;
  moves are (from, to) or ``PASS``; Korf's shifted distances within his bounds for N ≥ 3.
- ``DiceNim`` on ``DiceNimState``: one heap, take one or two or roll a die; a game with chance
  states (``spec.ChanceGame``), moves are ``"1"``, ``"2"``, ``"roll"`` and the faces.

``gametree.games.analysis`` counts (perft, positions per ply) and solves small games exactly.
The four newer games also draw a state (``draw``) and read and write moves in a notation for
people (``parse_move``, ``format_move``), which ``gametree play`` uses.

>>> from gametree.spec import game_minimax
>>> game_minimax(Nim((1, 2)), Nim((1, 2)).initial_state()).value
1
"""

from gametree.games.chinese_checkers import (
    ChineseCheckers,
    ChineseCheckersMove,
    ChineseCheckersState,
    Star,
)
from gametree.games.connect4 import ConnectFour, ConnectFourState
from gametree.games.dice_nim import DiceNim, DiceNimState
from gametree.games.kalah import Kalah, KalahState
from gametree.games.nim import Nim, NimMove, NimState, nim_sum
from gametree.games.othello import PASS, Othello, OthelloMove, OthelloState
from gametree.games.tictactoe import LINES, Board, Cell, TicTacToe, winner

__all__ = [
    "LINES",
    "PASS",
    "Board",
    "Cell",
    "ChineseCheckers",
    "ChineseCheckersMove",
    "ChineseCheckersState",
    "ConnectFour",
    "ConnectFourState",
    "DiceNim",
    "DiceNimState",
    "Kalah",
    "KalahState",
    "Nim",
    "NimMove",
    "NimState",
    "Othello",
    "OthelloMove",
    "OthelloState",
    "Star",
    "TicTacToe",
    "nim_sum",
    "winner",
]
