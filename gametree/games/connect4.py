"""Connect Four on any board (rows, columns, connect-k), as an implicit game tree.

Glossary: s is a state, c a column (0 is the leftmost), r a row (0 is the bottom), p a player
(0 moves first and plays ``X``; 1 plays ``O``), k the number in a row that wins, and a *window*
is one of the board's lines of k cells (horizontal, vertical or diagonal).

The rules (Allis 1988; the game as sold): players take turns dropping a piece into a column
that is not full; it falls to the lowest empty cell of that column. The first player with k of
their pieces in a row, horizontally, vertically or diagonally, wins; the game is drawn when the
board is full. The standard game is ``ConnectFour(rows=6, columns=7, connect=4)``, a first-
player win (Allen 1988, Allis 1988).

A move is a column index, and ``moves`` lists the columns that are not full in increasing order
(left to right); the notation for a person is the column's number counted from 1. There is no
pass: a full column is not a move, and a won or full board has none.

**Notation** (for engines, ``gametree conform --game connect4``): a position is the sequence of
columns played from the empty board, each a digit 1..9 from the left, as Pascal Pons' solver
reads it ("4453": X in column 4, O in 4, X in 5, O in 3); the empty board is the empty string.
A board is written by the line that reached it, so boards of more than 9 columns have no
notation. Values are
from player 0's point of view: the utility is +1 if X has k in a row, -1 if O has, 0 for a
draw, so small boards can be solved exactly (``gametree.games.analysis.solve``); the static
evaluation counts open windows (see :meth:`ConnectFour.evaluate`).

>>> game = ConnectFour(rows=4, columns=4, connect=3)
>>> s = game.successor(game.successor(game.initial_state(), 1), 1)
>>> print(game.draw(s))
. . . .
. . . .
. O . .
. X . .
1 2 3 4
>>> game.to_move(s), list(game.moves(s)), game.evaluate(s)
(0, [0, 1, 2, 3], Fraction(-1, 24))
"""

import functools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from gametree.spec import EvaluatedGame

__all__ = ["ConnectFour", "ConnectFourState", "windows"]

_SYMBOLS = {0: "X", 1: "O"}


def _columns(xs: object) -> tuple[tuple[int, ...], ...]:
    """``xs`` as a tuple of columns of 0s and 1s, or a clear error naming the first bad cell."""
    if isinstance(xs, str | bytes) or not isinstance(xs, Iterable):
        raise TypeError(
            f"columns must be a sequence of columns (got {xs!r} of type {type(xs).__name__})"
        )
    cols = []
    for i, c in enumerate(xs):
        if isinstance(c, str | bytes) or not isinstance(c, Iterable):
            raise TypeError(f"column {i} must be a sequence of pieces (got {c!r})")
        cols.append(tuple(c))
    for i, col in enumerate(cols):
        for j, p in enumerate(col):
            if type(p) is not int or p not in (0, 1):
                raise ValueError(
                    f"a piece is 0 (X) or 1 (O) (got {p!r} at column {i}, row {j} from the bottom)"
                )
    xs_, os_ = sum(c.count(0) for c in cols), sum(c.count(1) for c in cols)
    if xs_ not in (os_, os_ + 1):
        raise ValueError(
            f"X moves first, so X has as many pieces as O or one more (got {xs_} X and {os_} O)"
        )
    return tuple(cols)


@attrs.frozen
class ConnectFourState:
    """A Connect Four position: each column's pieces from the bottom up (0 is X, 1 is O).

    The player to move follows from the number of pieces (X moves first), so a state is just
    its columns; the board's size is the game's (:class:`ConnectFour` checks a state against
    it with :meth:`ConnectFour.check`).

    >>> ConnectFourState([[0, 1], [0]]).pieces
    3
    >>> ConnectFourState([[1]])
    Traceback (most recent call last):
    ...
    ValueError: X moves first, so X has as many pieces as O or one more (got 0 X and 1 O)
    """

    columns: tuple[tuple[int, ...], ...] = attrs.field(converter=_columns)

    @property
    def pieces(self) -> int:
        """How many pieces are on the board (the number of plies played)."""
        return sum(len(c) for c in self.columns)


@functools.lru_cache(maxsize=64)
def windows(rows: int, columns: int, connect: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every line of ``connect`` cells (column, row) on the board, in a fixed order.

    Horizontal windows first, then vertical, then the two diagonals; each ordered by its first
    cell. The standard board has 69 (24 + 21 + 12 + 12).

    >>> len(windows(6, 7, 4)), len(windows(3, 3, 3))
    (69, 8)
    """
    found: list[tuple[tuple[int, int], ...]] = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(columns):
            for r in range(rows):
                cells = tuple((c + i * dc, r + i * dr) for i in range(connect))
                if all(0 <= cc < columns and 0 <= rr < rows for cc, rr in cells):
                    found.append(cells)
    return tuple(found)


@functools.lru_cache(maxsize=1 << 16)
def _winner(columns: tuple[tuple[int, ...], ...], rows: int, connect: int) -> int | None:
    """The player with ``connect`` in a row, or ``None``; cached, since searches ask often."""
    width = len(columns)
    for line in windows(rows, width, connect):
        c0, r0 = line[0]
        col = columns[c0]
        if r0 >= len(col):
            continue
        p = col[r0]
        if all(r < len(columns[c]) and columns[c][r] == p for c, r in line[1:]):
            return p
    return None


def _positive(_: object, attribute: "attrs.Attribute[int]", x: int) -> None:
    if isinstance(x, bool) or not isinstance(x, int) or x < 1:
        raise ValueError(f"'{attribute.name}' must be a positive int (got {x!r})")


@attrs.frozen
class ConnectFour:
    """Connect-k on a board of ``rows`` × ``columns``, as a ``spec.EvaluatedGame``.

    ``connect`` must fit the board in some direction (k ≤ max(rows, columns)), or nobody could
    win. The static evaluation (the Game Tree Search notes, "Static Evaluation"; the open-lines
    count of the tic-tac-toe of the Game Tree Search notes and the CSCE 315 slides, for k in a row)
    scores each window that holds pieces of one player only by the number of those pieces, positive
    for X and negative for O, and divides the sum by k·W, W the number of windows::

        evaluate(s) = Σ over windows w holding only p's pieces (n ≥ 1 of them) of ±n, / (k·W)

    On a state that is not over no window is full, so the sum is below (k − 1)·W in size and
    the evaluation lies strictly between the utilities of a loss (-1) and a win (+1). It costs
    O(k·W) per call.
    """

    rows: int = attrs.field(default=6, validator=_positive)
    columns: int = attrs.field(default=7, validator=_positive)
    connect: int = attrs.field(default=4, validator=_positive)

    def __attrs_post_init__(self) -> None:
        if self.connect > max(self.rows, self.columns):
            raise ValueError(
                f"'connect' must fit the board: at most max(rows, columns) = "
                f"{max(self.rows, self.columns)} (got {self.connect})"
            )

    @property
    def players(self) -> int:
        """Two: X (player 0) moves first, O (player 1)."""
        return 2

    def initial_state(self) -> ConnectFourState:
        """The empty board, X to move."""
        return ConnectFourState(((),) * self.columns)

    def check(self, state: ConnectFourState) -> None:
        """Raise ``ValueError`` if ``state`` does not fit this board or could not arise in play.

        A state fits when it has this many columns, none taller than ``rows``; it could arise
        when at most one player has k in a row (the game stops at the first).
        """
        if len(state.columns) != self.columns:
            raise ValueError(
                f"the board has {self.columns} columns (got {len(state.columns)} in {state})"
            )
        for c, col in enumerate(state.columns):
            if len(col) > self.rows:
                raise ValueError(
                    f"column {c} holds {len(col)} pieces, above the {self.rows} rows of the board"
                )
        owners = {
            state.columns[line[0][0]][line[0][1]]
            for line in windows(self.rows, self.columns, self.connect)
            if all(r < len(state.columns[c]) for c, r in line)
            and len({state.columns[c][r] for c, r in line}) == 1
        }
        if len(owners) > 1:
            raise ValueError("X and O cannot both have a line: the game ends at the first one")

    def to_move(self, state: ConnectFourState) -> int:
        """The player to move: 0 (X) after an even number of plies, else 1 (O)."""
        return state.pieces % 2

    def winner(self, state: ConnectFourState) -> int | None:
        """The player with k in a row on ``state``, or ``None``."""
        return _winner(state.columns, self.rows, self.connect)

    def moves(self, state: ConnectFourState) -> Sequence[int]:
        """The columns that are not full, left to right; none when the game is over."""
        if self.winner(state) is not None:
            return ()
        return tuple(c for c, col in enumerate(state.columns) if len(col) < self.rows)

    def successor(self, state: ConnectFourState, move: int) -> ConnectFourState:
        """The state after the player to move drops a piece into column ``move``."""
        if self.winner(state) is not None:
            raise ValueError(f"the game is over: no move can be played (got {move!r})")
        if (
            isinstance(move, bool)
            or not isinstance(move, int)
            or not 0 <= move < self.columns
            or len(state.columns[move]) >= self.rows
        ):
            raise ValueError(
                f"a move is the index of a column that is not full, 0..{self.columns - 1} "
                f"(got {move!r})"
            )
        col = (*state.columns[move], self.to_move(state))
        return ConnectFourState((*state.columns[:move], col, *state.columns[move + 1 :]))

    def is_terminal(self, state: ConnectFourState) -> bool:
        """Whether a player has k in a row or the board is full."""
        return self.winner(state) is not None or state.pieces == self.rows * self.columns

    def utility(self, state: ConnectFourState) -> int:
        """+1 if X has k in a row, -1 if O has, 0 for a full board (player 0's view)."""
        w = self.winner(state)
        if w is None and state.pieces < self.rows * self.columns:
            raise ValueError("utility is defined on finished games only")
        return {None: 0, 0: 1, 1: -1}[w]

    def evaluate(self, state: ConnectFourState) -> Fraction:
        """Open windows weighted by their pieces, / (k·W): in (-1, 1) on a state not over."""
        lines = windows(self.rows, self.columns, self.connect)
        cols = state.columns
        total = 0
        for line in lines:
            x = o = 0
            for c, r in line:
                if r < len(cols[c]):
                    if cols[c][r] == 0:
                        x += 1
                    else:
                        o += 1
            if not o:
                total += x
            elif not x:
                total -= o
        return Fraction(total, self.connect * len(lines))

    def move_kinds(self, state: ConnectFourState, move: int) -> frozenset[str]:
        """What ``move`` does beyond dropping a piece.

        ``win`` (with ``win-horizontal``, ``win-vertical`` or ``win-diagonal``, and
        ``win-top-row`` when the winning piece lands in the top row), ``fills-column`` (the
        column is full after it) and ``draw`` (it fills the board without a line).

        >>> game = ConnectFour(rows=2, columns=2, connect=2)
        >>> sorted(game.move_kinds(game.successor(game.successor(game.initial_state(), 0), 1), 0))
        ['fills-column', 'win', 'win-top-row', 'win-vertical']
        """
        after = self.successor(state, move)
        row = len(state.columns[move])
        kinds = {"fills-column"} if row + 1 == self.rows else set()
        p = self.to_move(state)
        for line in windows(self.rows, self.columns, self.connect):
            if (move, row) in line and all(
                r < len(after.columns[c]) and after.columns[c][r] == p for c, r in line
            ):
                dc, dr = (line[1][0] - line[0][0], line[1][1] - line[0][1]) if line[1:] else (1, 0)
                kinds |= {"win", "win-vertical" if dc == 0 else
                          "win-horizontal" if dr == 0 else "win-diagonal"}  # fmt: skip
        if "win" in kinds and row + 1 == self.rows:
            kinds.add("win-top-row")
        if "win" not in kinds and after.pieces == self.rows * self.columns:
            kinds.add("draw")
        return frozenset(kinds)

    # For people and engines: drawing, notation.

    def format_line(self, moves: Sequence[int]) -> str:
        """The notation of a position (the module docstring): the columns played, 1..9.

        >>> ConnectFour().format_line([3, 3, 4, 2])
        '4453'
        """
        if self.columns > 9:
            raise ValueError(f"a board of {self.columns} columns has no notation (at most 9)")
        return "".join(str(c + 1) for c in moves)

    def parse_line(self, text: str) -> list[int]:
        """The moves ``text`` writes, each checked legal where it is played.

        A ``ValueError`` names the first that is not.

        >>> ConnectFour(rows=2, columns=2, connect=2).parse_line("113")
        Traceback (most recent call last):
        ...
        ValueError: move 3 of '113', column 3: there are 2 columns
        """
        word = text.strip()
        s = self.initial_state()
        moves = []
        for k, ch in enumerate(word, 1):
            if not ch.isdigit() or not 1 <= int(ch) <= min(self.columns, 9):
                where = f"move {k} of {word!r}, column {ch}"
                raise ValueError(f"{where}: there are {self.columns} columns")
            c = int(ch) - 1
            if self.winner(s) is not None:
                raise ValueError(f"move {k} of {word!r} is played after the game was won")
            if len(s.columns[c]) >= self.rows:
                raise ValueError(f"move {k} of {word!r}, column {ch}, is played in a full column")
            s = self.successor(s, c)
            moves.append(c)
        return moves

    def parse_position(self, text: str) -> ConnectFourState:
        """The board the line ``text`` reaches (:meth:`parse_line`)."""
        s = self.initial_state()
        for c in self.parse_line(text):
            s = self.successor(s, c)
        return s

    def draw(self, state: ConnectFourState) -> str:
        """The board as text, top row first, with the column numbers below."""
        lines = []
        for r in reversed(range(self.rows)):
            cells = [_SYMBOLS[col[r]] if r < len(col) else "." for col in state.columns]
            lines.append(" ".join(cells))
        lines.append(" ".join(str(c + 1) for c in range(self.columns)))
        return "\n".join(lines)

    def format_move(self, move: int) -> str:
        """A move in the notation people type: the column's number counted from 1."""
        return str(move + 1)

    def parse_move(self, state: ConnectFourState, text: str) -> int:
        """The legal move ``text`` names in ``state``, or a ``ValueError`` saying why not."""
        word = text.strip()
        if self.is_terminal(state):
            raise ValueError("the game is over: no move can be played")
        if not word.isdigit():
            raise ValueError(f"a move is a column number 1..{self.columns} (got {text!r})")
        c = int(word) - 1
        if c not in range(self.columns):
            raise ValueError(f"there is no column {word}: the columns are 1..{self.columns}")
        if c not in self.moves(state):
            raise ValueError(f"column {word} is full")
        return c


if TYPE_CHECKING:
    _conforms: EvaluatedGame[ConnectFourState, int] = ConnectFour()
