"""Othello for N players with Korf's capture rule, as an implicit game tree.

Korf (IJCAI-89, section 3): "Othello can easily be extended to an arbitrary number of players
by having different colored pieces for each player, and modifying the rules such that whenever
a mixed row of opposing pieces is flanked on both sides by two pieces of the same player, then
all the pieces are captured by the flanking player." For two players this is standard Othello
(Reversi).

Glossary: s is a state, i a cell index (row-major: i = row·size + column), p a player (0 moves
first; the symbols are ``X``, ``O``, ``A``, ``B``, ...), N the number of players, size the side
of the square board, and a *ray* the cells from a placed piece outward in one of the 8
directions.

**The rules.**

- A move places one of the mover's pieces on an empty cell. In each of the 8 directions, if the
  ray from that cell holds one or more pieces of *other* players (of any mix of them) followed
  directly by a piece of the mover, all those pieces become the mover's (Korf's rule). A
  placement is legal only if it captures at least one piece.
- A player with no legal placement passes, if some other player has one: a pass is a move, the
  only one then (``PASS``, which is ``None``, "pass" in the notation). The game ends when no
  player can place a piece.
- Players move in turn 0, 1, ..., N-1, 0, ...

**The start** (this module's choice for N > 2; standard Othello for N = 2): an N × N block of
pieces in the middle of the board, its top-left cell at ((size - N) // 2, (size - N) // 2),
cell (r, c) of the block holding player (r + c + 1) mod N: a Latin square, each player with N
pieces, each row and column of the block holding one piece of every player. For N = 2 this is
the standard start (the second player, White, on d4 and e5; the first, Black, on e4 and d5).
The board needs size ≥ N + 2, so that the block has room to be flanked.

**Values** (Korf 3.1: "an evaluation function for multi-player Othello might return the number
of pieces for each player on the board"). For N ≥ 3 the static evaluation and the utility at
the end are the piece counts, an N-tuple. Korf's bounds (3.2): every component is at least 0,
and the sum is the number of pieces on the board. Korf notes that the sum "is the same for all
nodes at the same level in the game tree, since exactly one piece is added at each move"; with
passes it is not (a pass adds none), so :attr:`Othello.bounds` declares the most the sum can
be over the whole game, ``size²``, which holds on every state; :meth:`Othello.bounds_below`
gives the tighter bound for a search of d plies from a state: its pieces plus d. For N = 2
values are scalars from player 0's view: the piece difference, player 0's minus player 1's.

Moves are in increasing cell index (row by row from the top-left), then ``PASS``; the notation
is the column letter and the row number from the top, as in Othello ("d3"; a1 is top-left).
A pass is the only move, and a forced one, exactly when the mover has no placement and some
other player has one; it is written ``pass``.

**Notation** (for engines, ``gametree conform --game othello``): a position is the size² squares
row by row from a1 (``X`` for player 0, Black, who moves first; ``O`` for player 1; ``A``, ``B``,
... for more players; ``-`` or ``.`` for an empty square), a space, and the mover's symbol, as
the FFO endgame suite and Edax write a board: the standard start is 27 ``-``, ``OX``, 6 ``-``,
``XO``, 27 ``-`` and `` X``.

>>> game = Othello()
>>> s = game.initial_state()
>>> [game.format_move(m) for m in game.moves(s)]
['d3', 'c4', 'f5', 'e6']
>>> three = Othello(players=3, size=6)
>>> print(three.draw(three.initial_state()))
  a b c d e f
1 . . . . . .
2 . O A X . .
3 . A X O . .
4 . X O A . .
5 . . . . . .
6 . . . . . .
X (player 0) to move
>>> three.evaluate(three.initial_state()), three.bounds
((3, 3, 3), Bounds(lower=0, total=36))
"""

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

import attrs

from gametree.spec import Bounds, Value

if TYPE_CHECKING:
    from gametree.spec import EvaluatedGame

__all__ = ["PASS", "SYMBOLS", "Othello", "OthelloMove", "OthelloState"]

OthelloMove: TypeAlias = int | None
"""A cell index to place a piece on, or ``PASS`` (``None``)."""

PASS: Final = None
"""The move of a player who has no placement while another player has one."""

SYMBOLS: Final = "XOABCDEFGHIJ"
"""The symbol of each player on the drawn board: X is player 0, O player 1, then A, B, ..."""

_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _cells(xs: Iterable[int | None]) -> tuple[int | None, ...]:
    """``xs`` as a tuple of cells (a player index or ``None``), or an error naming a bad one."""
    if isinstance(xs, str | bytes) or not isinstance(xs, Iterable):
        raise TypeError(f"cells must be a sequence (got {xs!r} of type {type(xs).__name__})")
    cells = tuple(xs)
    for i, c in enumerate(cells):
        if c is not None and (type(c) is not int or c < 0):
            raise ValueError(
                f"cell {i} must be a player index >= 0 or None (got {c!r} of type "
                f"{type(c).__name__})"
            )
    return cells


def _non_negative(_: object, attribute: "attrs.Attribute[int]", x: int) -> None:
    if isinstance(x, bool) or not isinstance(x, int) or x < 0:
        raise ValueError(f"'{attribute.name}' must be a non-negative int (got {x!r})")


@attrs.frozen
class OthelloState:
    """An N-player Othello position: the cells, row by row, and the player to move.

    The board's size and the number of players are the game's (:meth:`Othello.check`).

    >>> OthelloState([None, 0, 1, None], 0).cells
    (None, 0, 1, None)
    >>> OthelloState([None, "X"], 0)
    Traceback (most recent call last):
    ...
    ValueError: cell 1 must be a player index >= 0 or None (got 'X' of type str)
    """

    cells: tuple[int | None, ...] = attrs.field(converter=_cells)
    to_move: int = attrs.field(validator=_non_negative)

    @property
    def pieces(self) -> int:
        """The number of pieces on the board."""
        return len(self.cells) - self.cells.count(None)


@functools.lru_cache(maxsize=64)
def _rays(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell, its rays: the cells outward in each direction, nearest first."""
    rays = []
    for i in range(size * size):
        r0, c0 = divmod(i, size)
        mine = []
        for dr, dc in _DIRECTIONS:
            ray = []
            r, c = r0 + dr, c0 + dc
            while 0 <= r < size and 0 <= c < size:
                ray.append(r * size + c)
                r, c = r + dr, c + dc
            if len(ray) >= 2:
                mine.append(tuple(ray))
        rays.append(tuple(mine))
    return tuple(rays)


def _captures(cells: tuple[int | None, ...], size: int, i: int, p: int) -> tuple[int, ...]:
    """The cells player p captures by placing on empty cell i (Korf's rule), in ray order."""
    taken: list[int] = []
    for ray in _rays(size)[i]:
        for run, j in enumerate(ray):
            q = cells[j]
            if q is None:
                break
            if q == p:
                taken.extend(ray[:run])
                break
    return tuple(taken)


@functools.lru_cache(maxsize=1 << 16)
def _placements(cells: tuple[int | None, ...], size: int, p: int) -> tuple[int, ...]:
    """The empty cells where player p captures something, in increasing order (cached)."""
    return tuple(i for i, c in enumerate(cells) if c is None and _captures(cells, size, i, p))


def _at_least(n: int) -> Callable[[object, "attrs.Attribute[int]", int], None]:
    def check(_: object, attribute: "attrs.Attribute[int]", x: int) -> None:
        if isinstance(x, bool) or not isinstance(x, int) or x < n:
            raise ValueError(f"'{attribute.name}' must be an int >= {n} (got {x!r})")

    return check


@attrs.frozen
class Othello:
    """N-player Othello on a ``size`` × ``size`` board, a ``spec.EvaluatedGame``.

    See the module docstring for the rules, the start and the values. ``moves`` costs O(size²)
    rays walked, cached per (cells, player): a search asks about the same state several times
    (its moves, whether it is over, its successors).
    """

    players: int = attrs.field(default=2, validator=_at_least(2))
    size: int = attrs.field(default=8, validator=_at_least(3))

    def __attrs_post_init__(self) -> None:
        if self.size < self.players + 2:
            raise ValueError(
                f"the start is an N × N block with room around it: size >= players + 2 "
                f"(got size={self.size} for {self.players} players)"
            )
        if self.players > len(SYMBOLS):
            raise ValueError(f"at most {len(SYMBOLS)} players (got {self.players})")

    @property
    def bounds(self) -> Bounds | None:
        """Korf's bounds for N ≥ 3: each count ≥ 0, their sum ≤ size² (``None`` for N = 2)."""
        if self.players == 2:
            return None
        return Bounds(0, self.size * self.size)

    def bounds_below(self, state: OthelloState, depth: int) -> Bounds:
        """Korf's bounds on every value within ``depth`` plies of ``state`` (N ≥ 3).

        Each ply adds at most one piece (a placement adds one, a pass none), so the sum is at
        most the pieces on the board now plus ``depth``, and never above size².
        """
        if self.players == 2:
            raise ValueError("Korf's bounds are for N >= 3 players; two-player values are scalars")
        return Bounds(0, min(self.size * self.size, state.pieces + depth))

    def initial_state(self) -> OthelloState:
        """The N × N Latin-square block in the middle (see the module docstring), 0 to move."""
        n, size = self.players, self.size
        top = (size - n) // 2
        cells: list[int | None] = [None] * (size * size)
        for r in range(n):
            for c in range(n):
                cells[(top + r) * size + top + c] = (r + c + 1) % n
        return OthelloState(tuple(cells), 0)

    def check(self, state: OthelloState) -> None:
        """Raise ``ValueError`` if ``state`` does not fit this board and number of players."""
        if len(state.cells) != self.size * self.size:
            raise ValueError(
                f"a {self.size} × {self.size} board has {self.size**2} cells (got "
                f"{len(state.cells)})"
            )
        for i, c in enumerate(state.cells):
            if c is not None and c >= self.players:
                raise ValueError(f"cell {i} holds player {c}, but there are {self.players}")
        if state.to_move >= self.players:
            raise ValueError(f"'to_move' must be in 0..{self.players - 1} (got {state.to_move})")

    def to_move(self, state: OthelloState) -> int:
        """The player to move, also when nobody can move."""
        return state.to_move

    def with_mover(self, state: OthelloState, player: int) -> OthelloState:
        """The same position with ``player`` to move: what best-reply search needs."""
        return attrs.evolve(state, to_move=player)

    def placements(self, state: OthelloState, p: int) -> Sequence[int]:
        """The cells where player p may place a piece, in increasing order."""
        return _placements(state.cells, self.size, p)

    def moves(self, state: OthelloState) -> Sequence[OthelloMove]:
        """The mover's placements; else ``(PASS,)`` if another player can place; else none."""
        p = state.to_move
        mine = _placements(state.cells, self.size, p)
        if mine:
            return mine
        for q in range(self.players):
            if q != p and _placements(state.cells, self.size, q):
                return (PASS,)
        return ()

    def successor(self, state: OthelloState, move: OthelloMove) -> OthelloState:
        """Place the mover's piece on ``move`` and capture by Korf's rule, or pass."""
        p = state.to_move
        nxt = (p + 1) % self.players
        legal = self.moves(state)
        if move not in legal or isinstance(move, bool):
            raise ValueError(
                f"a move is a cell index where the mover captures, or PASS (None) when they "
                f"cannot place and another player can (got {move!r}; legal: {list(legal)})"
            )
        if move is PASS:
            return OthelloState(state.cells, nxt)
        cells = list(state.cells)
        cells[move] = p
        for j in _captures(state.cells, self.size, move, p):
            cells[j] = p
        return OthelloState(tuple(cells), nxt)

    def is_terminal(self, state: OthelloState) -> bool:
        """Whether no player can place a piece."""
        return not self.moves(state)

    def counts(self, state: OthelloState) -> tuple[int, ...]:
        """The number of pieces of each player."""
        return tuple(state.cells.count(p) for p in range(self.players))

    def utility(self, state: OthelloState) -> Value:
        """The final piece counts (N ≥ 3), or player 0's count minus player 1's (N = 2)."""
        if not self.is_terminal(state):
            raise ValueError("utility is defined on finished games only")
        return self.evaluate(state)

    def evaluate(self, state: OthelloState) -> Value:
        """Korf's evaluation: the piece counts (N ≥ 3), or their difference for N = 2.

        For N = 2 it is strictly inside ±size² on a state that is not over (two colours are on
        a board where someone can still capture).
        """
        counts = self.counts(state)
        if self.players == 2:
            return counts[0] - counts[1]
        return counts

    def move_kinds(self, state: OthelloState, move: OthelloMove) -> frozenset[str]:
        """What ``move`` does: ``pass``, ``corner``, ``lines-2+``, ``ends-game``.

        ``corner`` is a placement on a corner; ``lines-2+`` captures along two directions or
        more; after ``ends-game`` no player can place.
        """
        after = self.successor(state, move)
        kinds: set[str] = set()
        if move is PASS:
            kinds.add("pass")
        else:
            n = self.size - 1
            r, c = divmod(move, self.size)
            if r in (0, n) and c in (0, n):
                kinds.add("corner")
            taken = set(_captures(state.cells, self.size, move, state.to_move))
            directions = sum(1 for ray in _rays(self.size)[move] if taken & set(ray))
            if directions >= 2:
                kinds.add("lines-2+")
        if self.is_terminal(after):
            kinds.add("ends-game")
        return frozenset(kinds)

    # For people and engines: drawing, notation.

    def format_position(self, state: OthelloState) -> str:
        """The notation of the module docstring: the squares from a1, a space, the mover.

        >>> game = Othello()
        >>> game.format_position(game.initial_state())[24:40]
        '---OX------XO---'
        """
        squares = "".join("-" if c is None else SYMBOLS[c] for c in state.cells)
        return f"{squares} {SYMBOLS[state.to_move]}"

    def parse_position(self, text: str) -> OthelloState:
        """The position ``text`` writes (:meth:`format_position`; ``.`` for ``-`` too).

        >>> game = Othello()
        >>> game.parse_position(game.format_position(game.initial_state())).to_move
        0
        """
        symbols = SYMBOLS[: self.players]
        words = text.split()
        n = self.size * self.size
        if len(words) != 2 or len(words[0]) != n or len(words[1]) != 1:
            raise ValueError(f"a position is {n} squares, a space and the mover (got {text!r})")
        squares, mover = words[0].upper().replace(".", "-"), words[1].upper()
        for i, ch in enumerate(squares):
            if ch != "-" and ch not in symbols:
                raise ValueError(f"square {self.format_move(i)} holds {ch!r}: a square is - or "
                                 f"one of {', '.join(symbols)}")  # fmt: skip
        if mover not in symbols:
            raise ValueError(f"the mover is one of {', '.join(symbols)} (got {words[1]!r})")
        cells = tuple(None if ch == "-" else symbols.index(ch) for ch in squares)
        state = OthelloState(cells, symbols.index(mover))
        self.check(state)
        return state

    def draw(self, state: OthelloState) -> str:
        """The board as text with column letters and row numbers, and who is to move."""
        size = self.size
        head = "  " + " ".join("abcdefghijklmnopqrstuvwxyz"[c] for c in range(size))
        lines = [head]
        for r in range(size):
            row = state.cells[r * size : (r + 1) * size]
            marks = " ".join("." if c is None else SYMBOLS[c] for c in row)
            lines.append(f"{r + 1:<2}{marks}")
        p = state.to_move
        lines.append(f"{SYMBOLS[p]} (player {p}) to move")
        return "\n".join(lines)

    def format_move(self, move: OthelloMove) -> str:
        """A move as people type it: "d3" (column letter, row from the top), or "pass"."""
        if move is PASS:
            return "pass"
        r, c = divmod(move, self.size)
        return f"{'abcdefghijklmnopqrstuvwxyz'[c]}{r + 1}"

    def parse_move(self, state: OthelloState, text: str) -> OthelloMove:
        """The legal move ``text`` names in ``state``, or a ``ValueError`` saying why not."""
        word = text.strip().lower()
        legal = self.moves(state)
        if not legal:
            raise ValueError("the game is over: no move can be played")
        if word == "pass":
            if legal != (PASS,):
                raise ValueError("you can only pass when you have no placement")
            return PASS
        letters = "abcdefghijklmnopqrstuvwxyz"[: self.size]
        if len(word) < 2 or word[0] not in letters or not word[1:].isdigit():
            raise ValueError(
                f"a move is a cell like 'd3': a column a..{letters[-1]} and a row "
                f"1..{self.size} (got {text!r})"
            )
        r, c = int(word[1:]) - 1, letters.index(word[0])
        if r not in range(self.size):
            raise ValueError(f"there is no row {r + 1}: the rows are 1..{self.size}")
        i = r * self.size + c
        if legal == (PASS,):
            raise ValueError("you have no placement: type 'pass'")
        if state.cells[i] is not None:
            raise ValueError(f"{word} is taken")
        if i not in legal:
            raise ValueError(f"{word} captures nothing")
        return i


if TYPE_CHECKING:
    _conforms: EvaluatedGame[OthelloState, OthelloMove] = Othello()
