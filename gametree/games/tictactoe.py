"""Tic-tac-toe as an implicit game tree, the running example of the sources' engine techniques.

The running example of the Game Tree Search notes and of the CSCE 315 slides.

Glossary: b is a board (the state), i a cell index, p a player (0 is X, who moves first; 1 is
O), and a *line* is one of the eight rows, columns and diagonals of three cells.

Cells are numbered row by row::

    0 1 2
    3 4 5
    6 7 8

A move is the index of an empty cell, and ``moves`` lists them in increasing order. The game is
over when a player has a line or the board is full. Its utility is the Min-Max notes' pay-off from
X's (player 0's) point of view: +1 if X has a line, -1 if O has, 0 for a draw. The whole game tree
from the empty board has 549,946 nodes and 255,168 leaves (finished games), and its minimax value is
0: tic-tac-toe is a draw.

**Notation** (for people and for engines, ``gametree conform --game tictactoe``): a position is
its 9 squares row by row, ``X``, ``O`` or ``.`` (``-`` is read as ``.``), the mover following
from the counts ("X.O.X...." is X, empty, O, ...); a move is the square's number 1..9, row by
row. There is no pass and no forced move: the moves are the empty squares until a line or a
full board ends the game.

>>> game = TicTacToe()
>>> b = Board.parse("XX./OO./...")
>>> game.to_move(b), list(game.moves(b))
(0, [2, 5, 6, 7, 8])
>>> game.successor(b, 2)
Board.parse('XXX/OO./...')
>>> game.utility(game.successor(b, 2))
1
"""

import functools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

import attrs

if TYPE_CHECKING:
    from gametree.spec import EvaluatedGame

__all__ = ["LINES", "Board", "Cell", "TicTacToe", "winner"]

Cell: TypeAlias = int | None
"""What a cell holds: the player whose mark is on it (0 for X, 1 for O), or ``None`` if empty."""

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
)
"""The eight lines of three cells: rows, then columns, then the two diagonals."""

_MARKS = {".": None, "X": 0, "O": 1}
_SYMBOLS = {None: ".", 0: "X", 1: "O"}


def winner(cells: Sequence[Cell]) -> int | None:
    """The player with a line on ``cells``, or ``None`` if neither has one.

    On a legal board at most one player has a line (``Board`` checks it).

    >>> winner(Board.parse("XXX/OO./...").cells), winner(Board.parse("X../.../...").cells)
    (0, None)
    """
    for i, j, k in LINES:
        p = cells[i]
        if p is not None and p == cells[j] == cells[k]:
            return p
    return None


_cached_winner = functools.lru_cache(maxsize=8192)(winner)
"""``winner`` on a board's cells, cached as ``_illegality`` is."""


def _cells(xs: Iterable[Cell]) -> tuple[Cell, ...]:
    """``xs`` as a tuple of nine cells, or a clear error naming the first bad one."""
    cells = tuple(xs)
    if len(cells) != 9:
        raise ValueError(f"a board has 9 cells (got {len(cells)}: {cells!r})")
    for i, c in enumerate(cells):
        if c is not None and (type(c) is not int or c not in (0, 1)):
            raise ValueError(
                f"cell {i} must be 0 (X), 1 (O) or None (empty) (got {c!r} of type "
                f"{type(c).__name__})"
            )
    return cells


@functools.lru_cache(maxsize=8192)
def _illegality(cells: tuple[Cell, ...], to_move: int) -> str | None:
    """Why nine well-formed cells and ``to_move`` cannot arise in play, or ``None`` if they can.

    Cached: a game has 5,478 legal boards, and a search builds each one many times.
    """
    xs, os = cells.count(0), cells.count(1)
    if xs not in (os, os + 1):
        return f"X moves first, so X has as many marks as O or one more (got {xs} X and {os} O)"
    expected = 0 if xs == os else 1
    if to_move != expected:
        return (
            f"with {xs} X and {os} O it is {'XO'[expected]}'s turn, player {expected} "
            f"(got to_move={to_move!r})"
        )
    owners = {
        cells[i] for i, j, k in LINES if cells[i] is not None and cells[i] == cells[j] == cells[k]
    }
    if owners == {0, 1}:
        return "X and O cannot both have a line: the game ends at the first one"
    if owners == {0} and xs == os:
        return f"X has a line, so the game ended before O's last move ({os} O)"
    if owners == {1} and xs > os:
        return f"O has a line, so the game ended before X's last move ({xs} X)"
    return None


@attrs.frozen(repr=False)
class Board:
    """A tic-tac-toe position: the nine cells, row by row, and the player to move.

    Only positions that can arise in play are accepted: X has as many marks as O or one more,
    ``to_move`` is the player whose turn that makes it, and at most one player has a line,
    which the last move completed. These rules admit exactly the 5,478 boards reachable from
    the empty one (tests check it exhaustively). ``Board.parse`` builds one from a string.

    >>> Board((None,) * 9, 0) == Board.parse(".../.../...")
    True
    >>> Board((0,) * 9, 1)
    Traceback (most recent call last):
    ...
    ValueError: X moves first, so X has as many marks as O or one more (got 9 X and 0 O)
    """

    cells: tuple[Cell, ...] = attrs.field(converter=_cells)
    to_move: int

    def __attrs_post_init__(self) -> None:
        if type(self.to_move) is not int:
            raise TypeError(
                f"'to_move' must be an int (got {self.to_move!r} of type "
                f"{type(self.to_move).__name__})"
            )
        problem = _illegality(self.cells, self.to_move)
        if problem is not None:
            raise ValueError(problem)

    @classmethod
    def parse(cls, text: str) -> "Board":
        """The board drawn by ``text``: three rows of ``X``, ``O`` or ``.``, separated by ``/``.

        The player to move follows from the number of marks (X moves first).

        >>> Board.parse("X.O/.X./..O").to_move
        0
        >>> Board.parse("X.O/.Z./..O")
        Traceback (most recent call last):
        ...
        ValueError: a cell is 'X', 'O' or '.' (got 'Z' at row 1, column 1 of 'X.O/.Z./..O')
        """
        if not isinstance(text, str):
            raise TypeError(
                f"a board string must be a str (got {text!r} of type {type(text).__name__})"
            )
        rows = text.split("/")
        if len(rows) != 3 or any(len(r) != 3 for r in rows):
            raise ValueError(
                f"a board is three rows of three cells separated by '/', like 'X.O/.X./..O' "
                f"(got {text!r})"
            )
        flat = "".join(rows)
        for i, ch in enumerate(flat):
            if ch not in _MARKS:
                raise ValueError(
                    f"a cell is 'X', 'O' or '.' (got {ch!r} at row {i // 3}, column {i % 3} of "
                    f"{text!r})"
                )
        cells = tuple(_MARKS[ch] for ch in flat)
        xs, os = cells.count(0), cells.count(1)
        try:
            return cls(cells, 0 if xs == os else 1)
        except ValueError as e:
            raise ValueError(f"{e}, in {text!r}") from None

    def __str__(self) -> str:
        s = "".join(_SYMBOLS[c] for c in self.cells)
        return f"{s[0:3]}/{s[3:6]}/{s[6:9]}"

    def __repr__(self) -> str:
        return f"Board.parse({str(self)!r})"


@attrs.frozen
class TicTacToe:
    """Tic-tac-toe on a 3×3 board, as a two-player ``spec.EvaluatedGame[Board, int]``.

    The static evaluation (the Game Tree Search notes, "Static Evaluation"; the tic-tac-toe
    heuristic of the Game Tree Search notes and the CSCE 315 slides) counts *open* lines, those the
    opponent has no mark on::

        evaluate(b) = (open lines for X − open lines for O) / 8

    from X's point of view. On the boards that are not over it lies in [-3/8, 1/2] (found by
    enumerating all of them, and checked by a test), strictly between the utilities of a loss
    and a win, so a won line always outweighs the estimate. Each call is O(1).
    """

    @property
    def players(self) -> int:
        """Two: X (player 0) and O (player 1)."""
        return 2

    def initial_state(self) -> Board:
        """The empty board, X to move."""
        return Board((None,) * 9, 0)

    def to_move(self, state: Board) -> int:
        """The player to move: 0 (X) or 1 (O), also on a finished board."""
        return state.to_move

    def moves(self, state: Board) -> Sequence[int]:
        """The empty cells in increasing order; none when the game is over."""
        if _cached_winner(state.cells) is not None:
            return ()
        return tuple(i for i, c in enumerate(state.cells) if c is None)

    def successor(self, state: Board, move: int) -> Board:
        """The board after the player to move marks cell ``move``."""
        if _cached_winner(state.cells) is not None:
            raise ValueError(f"the game is over on {state}: no move can be played (got {move!r})")
        if isinstance(move, bool) or move not in range(9) or state.cells[move] is not None:
            raise ValueError(f"a move is the index of an empty cell of {state} (got {move!r})")
        p = state.to_move
        cells = (*state.cells[:move], p, *state.cells[move + 1 :])
        return Board(cells, 1 - p)

    def is_terminal(self, state: Board) -> bool:
        """Whether a player has a line or the board is full."""
        return None not in state.cells or _cached_winner(state.cells) is not None

    def utility(self, state: Board) -> int:
        """+1 if X has a line, -1 if O has, 0 for a draw (the Min-Max notes' pay-off, X's view)."""
        w = _cached_winner(state.cells)
        if w is None and None in state.cells:
            raise ValueError(f"utility is defined on finished boards only (got {state})")
        return {None: 0, 0: 1, 1: -1}[w]

    def evaluate(self, state: Board) -> Fraction:
        """(Open lines for X − open lines for O) / 8, in (-1, 1) on a board that is not over."""
        open_x = sum(1 for line in LINES if all(state.cells[i] != 1 for i in line))
        open_o = sum(1 for line in LINES if all(state.cells[i] != 0 for i in line))
        return Fraction(open_x - open_o, 8)

    # Notation (the module docstring): positions and moves as people and engines write them.

    def format_position(self, state: Board) -> str:
        """The 9 squares row by row: ``X``, ``O`` or ``.``.

        >>> TicTacToe().format_position(Board.parse("XX./OO./..."))
        'XX.OO....'
        """
        return "".join(_SYMBOLS[c] for c in state.cells)

    def parse_position(self, text: str) -> Board:
        """The board ``text`` writes (9 squares: ``X``, ``O``, ``.`` or ``-``), or a ValueError.

        >>> TicTacToe().parse_position("X-O-X----").to_move
        1
        """
        word = text.strip().upper().replace("-", ".")
        if len(word) != 9 or set(word) - set(_MARKS):
            raise ValueError(
                f"a tic-tac-toe position is 9 squares row by row, each X, O or '.' (got {text!r})"
            )
        return Board.parse(f"{word[0:3]}/{word[3:6]}/{word[6:9]}")

    def format_move(self, move: int) -> str:
        """A move as people type it: the square's number 1..9, row by row."""
        return str(move + 1)

    def parse_move(self, state: Board, text: str) -> int:
        """The legal move ``text`` names in ``state``, or a ``ValueError`` saying why not."""
        word = text.strip()
        if not word.isdigit() or not 1 <= int(word) <= 9:
            raise ValueError(f"a move is a square number 1..9, row by row (got {text!r})")
        if int(word) - 1 not in self.moves(state):
            raise ValueError(f"square {word} is not free, or the game is over")
        return int(word) - 1

    def move_kinds(self, state: Board, move: int) -> frozenset[str]:
        """What playing ``move`` in ``state`` does beyond marking a square.

        ``win`` (it completes a line: ``win-row``, ``win-column`` or ``win-diagonal`` too) or
        ``draw`` (it fills the board without one).
        """
        after = self.successor(state, move)
        kinds: set[str] = set()
        for n, line in enumerate(LINES):
            if move in line and all(after.cells[i] == state.to_move for i in line):
                kinds |= {"win", ("win-row", "win-column", "win-diagonal")[min(n // 3, 2)]}
        if not kinds and None not in after.cells:
            kinds.add("draw")
        return frozenset(kinds)


if TYPE_CHECKING:
    _conforms: EvaluatedGame[Board, int] = TicTacToe()
