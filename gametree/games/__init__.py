"""Real games as implicit trees, implementing ``spec.Game``.

- ``TicTacToe`` on ``Board`` states, moves are cell indices (seeds 003 and 004's example).
- ``Nim`` on ``NimState`` states, moves are ``(heap, count)``, with Bouton's perfect evaluation.

>>> from spec import game_minimax
>>> game_minimax(Nim((1, 2)), Nim((1, 2)).initial_state()).value
1
"""

from gametree.games.nim import Nim, NimMove, NimState, nim_sum
from gametree.games.tictactoe import LINES, Board, Cell, TicTacToe, winner

__all__ = [
    "LINES",
    "Board",
    "Cell",
    "Nim",
    "NimMove",
    "NimState",
    "TicTacToe",
    "nim_sum",
    "winner",
]
