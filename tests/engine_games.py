"""Small games for the engine tests, and Hypothesis strategies for positions in them.

- ``Exchange``: a capture-like game whose static evaluation cannot see a pending capture, so
  positions with a capture available are not quiet (``spec.NoisyGame``); ``AllMovesExchange``
  is the same game without ``noisy_moves`` (a quiescence extension plays every move).
- ``Bonus``: a take-away game in which some moves give the mover another turn, so a player
  moves twice (or more) in a row.
- ``Fuse``: a chain of one move per ply that is never quiet, for a quiescence extension as
  deep as a test likes.

Every state is a frozen attrs class or a tuple, so hashable. Values are ints from player 0's
point of view.
"""

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias, TypeVar

import attrs
from hypothesis import strategies as st

from gametree.games import Board, Nim, NimState, TicTacToe
from gametree.spec import Game
from gametree.spec.strategies import _integers  # one st.integers strategy for each range

if TYPE_CHECKING:
    from gametree.spec import EvaluatedGame
    from gametree.spec.search import NoisyGame, QuiescentGame

S = TypeVar("S")
M = TypeVar("M")

ExchangeMove: TypeAlias = tuple[str, int]
"""``("q", j)``: quiet move j; ``("x", i)``: capture the top piece on square i."""


@attrs.frozen
class ExchangeState:
    """Capturable pieces per square (top first), material (player 0's view), plies left."""

    stacks: tuple[tuple[int, ...], ...]
    material: int
    plies: int
    to_move: int


@attrs.frozen
class Exchange:
    """A capture race: each turn, a quiet move worth ``quiet[j]`` or a capture of a top piece.

    The game ends after ``plies`` plies; its utility is the material, which is also the
    static evaluation, blind to the captures still available: a state is quiet when no square
    has a piece left. ``moves`` lists the quiet moves, then the captures by square, so the
    noisy moves are not a prefix of the game's order only when there are none.
    """

    stacks: tuple[tuple[int, ...], ...]
    quiet: tuple[int, ...]
    plies: int
    players: int = 2

    def initial_state(self) -> ExchangeState:
        return ExchangeState(self.stacks, 0, self.plies, 0)

    def to_move(self, state: ExchangeState) -> int:
        return state.to_move

    def moves(self, state: ExchangeState) -> Sequence[ExchangeMove]:
        if state.plies == 0:
            return ()
        quiet = [("q", j) for j in range(len(self.quiet))]
        return quiet + [("x", i) for i, pieces in enumerate(state.stacks) if pieces]

    def successor(self, state: ExchangeState, move: ExchangeMove) -> ExchangeState:
        kind, k = move
        sign = 1 if state.to_move == 0 else -1
        stacks = state.stacks
        if kind == "q":
            gain = self.quiet[k]
        else:
            gain = stacks[k][0]
            stacks = (*stacks[:k], stacks[k][1:], *stacks[k + 1 :])
        return ExchangeState(
            stacks, state.material + sign * gain, state.plies - 1, 1 - state.to_move
        )

    def is_terminal(self, state: ExchangeState) -> bool:
        return state.plies == 0 or not self.moves(state)

    def utility(self, state: ExchangeState) -> int:
        return state.material

    def evaluate(self, state: ExchangeState) -> int:
        return state.material

    def is_quiet(self, state: ExchangeState) -> bool:
        return not any(state.stacks)

    def noisy_moves(self, state: ExchangeState) -> Sequence[ExchangeMove]:
        return [("x", i) for i, pieces in enumerate(state.stacks) if pieces]


@attrs.frozen
class AllMovesExchange:
    """``Exchange`` without ``noisy_moves``: a ``spec.QuiescentGame`` only."""

    game: Exchange
    players: int = 2

    def initial_state(self) -> ExchangeState:
        return self.game.initial_state()

    def to_move(self, state: ExchangeState) -> int:
        return self.game.to_move(state)

    def moves(self, state: ExchangeState) -> Sequence[ExchangeMove]:
        return self.game.moves(state)

    def successor(self, state: ExchangeState, move: ExchangeMove) -> ExchangeState:
        return self.game.successor(state, move)

    def is_terminal(self, state: ExchangeState) -> bool:
        return self.game.is_terminal(state)

    def utility(self, state: ExchangeState) -> int:
        return self.game.utility(state)

    def evaluate(self, state: ExchangeState) -> int:
        return self.game.evaluate(state)

    def is_quiet(self, state: ExchangeState) -> bool:
        return self.game.is_quiet(state)


@attrs.frozen
class BonusState:
    """Objects left, material (player 0's view), and the player to move."""

    left: int
    material: int
    to_move: int


@attrs.frozen
class Bonus:
    """Take 1 to 3 objects; landing on ``cells[left]`` scores it, and a multiple of 3 moves again.

    After taking k of n objects the mover gains ``cells[n - k]``; if that is a multiple of 3
    and objects remain, the same player moves next. The static evaluation is the material.
    """

    cells: tuple[int, ...]
    players: int = 2

    def initial_state(self) -> BonusState:
        return BonusState(len(self.cells), 0, 0)

    def to_move(self, state: BonusState) -> int:
        return state.to_move

    def moves(self, state: BonusState) -> Sequence[int]:
        return [k for k in (1, 2, 3) if k <= state.left]

    def successor(self, state: BonusState, move: int) -> BonusState:
        left = state.left - move
        gain = self.cells[left]
        p = state.to_move
        material = state.material + (gain if p == 0 else -gain)
        again = gain % 3 == 0 and left > 0
        return BonusState(left, material, p if again else 1 - p)

    def is_terminal(self, state: BonusState) -> bool:
        return state.left == 0

    def utility(self, state: BonusState) -> int:
        return state.material

    def evaluate(self, state: BonusState) -> int:
        return state.material


@attrs.frozen
class Fuse:
    """One move per ply for ``length`` plies, never quiet, worth ``end`` at the end, 0 before."""

    length: int
    end: int
    players: int = 2

    def initial_state(self) -> int:
        return self.length

    def to_move(self, state: int) -> int:
        return (self.length - state) % 2

    def moves(self, state: int) -> Sequence[str]:
        return ["burn"]

    def successor(self, state: int, move: str) -> int:
        return state - 1

    def is_terminal(self, state: int) -> bool:
        return state == 0

    def utility(self, state: int) -> int:
        return self.end

    def evaluate(self, state: int) -> int:
        return 0

    def is_quiet(self, state: int) -> bool:
        return False


if TYPE_CHECKING:
    _exchange: NoisyGame[ExchangeState, ExchangeMove] = Exchange((), (0,), 1)
    _all_moves: QuiescentGame[ExchangeState, ExchangeMove] = AllMovesExchange(Exchange((), (0,), 1))
    _bonus: EvaluatedGame[BonusState, int] = Bonus((0,))
    _fuse: QuiescentGame[int, str] = Fuse(1, 0)


# Strategies.

TICTACTOE = TicTacToe()


def _played(draw: st.DrawFn, game: Game[S, M], s: S, max_plies: int) -> S:
    """``s`` after up to ``max_plies`` random moves, stopping at the end of the game."""
    for _ in range(draw(_plies(max_plies))):
        if game.is_terminal(s):
            break
        ms = game.moves(s)
        s = game.successor(s, ms[draw(_integers(0, len(ms) - 1))])
    return s


@functools.cache
def _plies(most: int) -> st.SearchStrategy[int]:
    return st.sampled_from(range(most + 1))


@st.composite
def tictactoe_positions(draw: st.DrawFn, *, min_empty: int = 0) -> Board:
    """A reachable board with at least ``min_empty`` empty cells. Shrinks towards the empty one."""
    return _played(draw, TICTACTOE, TICTACTOE.initial_state(), 9 - min_empty)


@st.composite
def nim_positions(draw: st.DrawFn) -> tuple[Nim, NimState]:
    """A Nim game of at most 3 heaps of at most 3 objects, 7 in all, and a player to move."""
    heaps = draw(_NIM_HEAPS)
    return Nim(heaps), NimState(heaps, draw(_integers(0, 1)))


_NIM_HEAPS = st.lists(st.integers(0, 3), max_size=3).filter(lambda hs: sum(hs) <= 7)


@st.composite
def exchanges(draw: st.DrawFn) -> tuple[Exchange, ExchangeState]:
    """An Exchange of 1 to 3 squares of at most 3 pieces, and a position reached in it.

    Shrinks towards one empty square, one quiet move worth 0, and one ply.
    """
    stacks = draw(_STACKS)
    quiet = tuple(draw(_QUIET))
    game = Exchange(stacks, quiet, draw(_CAPTURED))
    return game, _played(draw, game, game.initial_state(), 2)


_STACKS = st.lists(st.lists(st.integers(0, 5), max_size=3).map(tuple), max_size=3).map(tuple)
_QUIET = st.lists(st.integers(-1, 2), min_size=1, max_size=2)
_CAPTURED = st.sampled_from(range(1, 8))


@st.composite
def bonuses(draw: st.DrawFn) -> tuple[Bonus, BonusState]:
    """A Bonus game of at most 9 cells worth -3..5, and a position in it (player 0 first)."""
    game = Bonus(tuple(draw(_BONUS_CELLS)))
    return game, _played(draw, game, game.initial_state(), 3)


_BONUS_CELLS = st.lists(st.integers(-3, 5), min_size=1, max_size=9)
