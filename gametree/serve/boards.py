"""What the page draws: each bundled game's board as positioned cells, and its moves as clicks.

Glossary: s is a state, a *cell* one place the page draws (a square of a grid, a pit or a
store of Kalah, a hole of the Chinese Checkers star), numbered in the order :func:`board`
lists them; a move's *clicks* are the cells a person clicks, in order, to play it (one cell
for a placement or a pit, two for a Chinese Checkers move from a hole to another, none for a
pass, which the page offers as a button).

The page knows nothing of the rules: it draws the cells at their (x, y), each with its
owner's colour and its text, and plays the move whose clicks the person completes. Connect
Four's board says ``by_column``: a click anywhere in a column plays it (the cell its piece
would land in is the move's click).

>>> from gametree.games import TicTacToe
>>> game = TicTacToe()
>>> view = board(game, game.initial_state())
>>> view["layout"], len(view["cells"]), view["cells"][4]
('grid', 9, {'x': 1, 'y': 1, 'owner': None, 'text': None, 'name': '5'})
>>> clicks(game, game.initial_state(), 4)
[4]
"""

import math
from typing import Any

from gametree.games import ChineseCheckers, ConnectFour, Kalah, Othello, TicTacToe
from gametree.games.chinese_checkers import ChineseCheckersState
from gametree.games.connect4 import ConnectFourState
from gametree.games.kalah import KalahState
from gametree.games.othello import OthelloState
from gametree.games.tictactoe import Board

__all__ = ["board", "clicks"]

Cell = dict[str, object]


def board(game: Any, s: Any) -> dict[str, object]:
    """The board of ``s`` as the page draws it: a layout, a size and the cells."""
    if isinstance(game, ConnectFour):
        return _connect_four(game, s)
    if isinstance(game, Kalah):
        return _kalah(game, s)
    if isinstance(game, Othello):
        return _othello(game, s)
    if isinstance(game, ChineseCheckers):
        return _chinese_checkers(game, s)
    assert isinstance(game, TicTacToe)
    return _tic_tac_toe(s)


def clicks(game: Any, s: Any, move: Any) -> list[int]:
    """The cells (indices into ``board(game, s)["cells"]``) a person clicks to play ``move``."""
    if move is None:  # a pass (Othello, Chinese Checkers)
        return []
    if isinstance(game, ConnectFour):
        landing = len(s.columns[move])
        return [(game.rows - 1 - landing) * game.columns + move]
    if isinstance(game, Kalah):
        return [move if s.to_move == 0 else game.pits + 1 + move]
    if isinstance(game, ChineseCheckers):
        return [move[0], move[1]]
    return [move]  # a cell index: tic-tac-toe, Othello


def _cell(x: float, y: float, owner: int | None, name: str, text: str | None = None) -> Cell:
    return {"x": x, "y": y, "owner": owner, "text": text, "name": name}


def _grid(width: int, height: int, cells: list[Cell], **extra: object) -> dict[str, object]:
    return {"layout": "grid", "width": width, "height": height, "cells": cells, **extra}


def _tic_tac_toe(s: Board) -> dict[str, object]:
    cells = [_cell(i % 3, i // 3, c, str(i + 1)) for i, c in enumerate(s.cells)]
    return _grid(3, 3, cells)


def _connect_four(game: ConnectFour, s: ConnectFourState) -> dict[str, object]:
    cells = []
    for y in range(game.rows):
        r = game.rows - 1 - y  # rows counted from the bottom
        for x, col in enumerate(s.columns):
            cells.append(_cell(x, y, col[r] if r < len(col) else None, str(x + 1)))
    return _grid(game.columns, game.rows, cells, by_column=True)


def _othello(game: Othello, s: OthelloState) -> dict[str, object]:
    n = game.size
    cells = [_cell(i % n, i // n, c, game.format_move(i)) for i, c in enumerate(s.cells)]
    return _grid(n, n, cells)


def _kalah(game: Kalah, s: KalahState) -> dict[str, object]:
    """South's pits left to right along the bottom, its store on the right; North's opposite."""
    m = game.pits
    cells = []
    for i, seeds in enumerate(s.pits):
        if i < m:
            x, y, owner, name = i + 1, 2, 0, f"South {i + 1}"
        elif i == m:
            x, y, owner, name = m + 1, 1, 0, "South's store"
        elif i < 2 * m + 1:
            j = i - m - 1
            x, y, owner, name = m - j, 0, 1, f"North {j + 1}"
        else:
            x, y, owner, name = 0, 1, 1, "North's store"
        cells.append(_cell(x, y, owner, name, str(seeds)))
    return {"layout": "kalah", "width": m + 2, "height": 3, "cells": cells}


def _chinese_checkers(game: ChineseCheckers, s: ChineseCheckersState) -> dict[str, object]:
    """The star's holes at their hexagonal places (axial (q, r) to x = q + r/2, y = r·√3/2)."""
    star = game.star
    owner = {i: p for p, hs in enumerate(s.pieces) for i in hs}
    k = star.k
    cells = [
        _cell(q + r / 2 + 3 * k / 2, (r + 2 * k) * math.sqrt(3) / 2, owner.get(i), star.name(i))
        for i, (q, r) in enumerate(star.holes)
    ]
    height = 2 * k * math.sqrt(3) + 1
    return {"layout": "hex", "width": 3 * k + 1, "height": height, "cells": cells}
