"""Dice Nim: one heap, from which a player takes one or two counters, or what a die shows.

Glossary: s is a state, h the heap (the counters left), k the number of the die's faces, f a
face, p the player whose turn it is (0 or 1).

A game with chance states (``spec.ChanceGame``), small enough to solve. On a turn, player p
either takes one or two counters (never more than the heap), or rolls the die: every face
1..k equally likely, p takes as many counters as it shows (the whole heap if fewer are left).
Whoever takes the last counter wins (normal play, as in Nim, ``games.nim``). After the roll
is chosen, and before the die shows, the state is a *chance state*: no one moves, and its
moves are the faces, each with probability 1/k. Every turn takes a counter, so the game ends
within h turns and has no cycle; the same heap with the same player to move is reached by
many lines (transpositions). Values are from player 0's point of view: +1 if player 0 wins,
-1 if player 1 does, and a state's value is the expectation over the die.

Without the die it is the subtraction game S(1, 2), where the player to move loses exactly
when h is a multiple of 3 (Berlekamp, Conway and Guy, *Winning Ways*, chapter 4). The static
evaluation is that rule, halved (it ignores the die, so it is not perfect): +1/2 or -1/2.

>>> game = DiceNim(4)
>>> s = game.initial_state()
>>> game.moves(s)
('1', '2', 'roll')
>>> r = game.successor(s, "roll")
>>> game.to_move(r), game.moves(r), game.probabilities(r)
(-1, ('d1', 'd2', 'd3'), (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)))
>>> game.successor(r, "d3")
DiceNimState(heap=1, player=1, rolling=False)
"""

from collections.abc import Callable, Sequence
from fractions import Fraction

import attrs

from gametree.spec.tree import CHANCE

__all__ = ["DiceNim", "DiceNimState"]

ROLL = "roll"
"""The move that rolls the die."""


def _count(name: str, least: int) -> Callable[[object, object, int], None]:
    def check(_: object, __: object, x: int) -> None:
        if isinstance(x, bool) or not isinstance(x, int) or x < least:
            raise ValueError(f"'{name}' must be an int >= {least} (got {x!r})")

    return check


def _player(_: object, __: object, p: int) -> None:
    if isinstance(p, bool) or p not in (0, 1):
        raise ValueError(f"'player' must be 0 or 1 (got {p!r})")


@attrs.frozen
class DiceNimState:
    """The heap, the player whose turn it is, and whether that player's die is rolling."""

    heap: int = attrs.field(validator=_count("heap", 0))
    player: int = attrs.field(default=0, validator=_player)
    rolling: bool = False


@attrs.frozen
class DiceNim:
    """Dice Nim from a heap of ``heap`` with a die of ``faces`` faces, player 0 first.

    A ``spec.ChanceGame[DiceNimState, str]``: the moves are ``"1"``, ``"2"`` (those the heap
    allows) and ``"roll"``, and at a chance state the faces ``"d1"`` .. ``"dk"``.
    """

    heap: int = attrs.field(validator=_count("heap", 0))
    faces: int = attrs.field(default=3, validator=_count("faces", 1))

    @property
    def players(self) -> int:
        """Two: player 0 moves first."""
        return 2

    def initial_state(self) -> DiceNimState:
        """The whole heap, player 0 to move."""
        return DiceNimState(self.heap, 0)

    def to_move(self, state: DiceNimState) -> int:
        """``CHANCE`` while the die rolls, else the player whose turn it is."""
        return CHANCE if state.rolling else state.player

    def moves(self, state: DiceNimState) -> Sequence[str]:
        """The faces while the die rolls; else the takes the heap allows, then the roll."""
        if state.rolling:
            return tuple(f"d{f}" for f in range(1, self.faces + 1))
        return (*(str(k) for k in (1, 2) if k <= state.heap), ROLL)

    def probabilities(self, state: DiceNimState) -> Sequence[Fraction]:
        """Each face's probability while the die rolls: 1/k each."""
        if not state.rolling:
            raise ValueError(f"no die is rolling: player {state.player} moves (got {state})")
        return (Fraction(1, self.faces),) * self.faces

    def successor(self, state: DiceNimState, move: str) -> DiceNimState:
        """The state after ``move``: counters taken and the turn passed, or the die rolling."""
        if move not in self.moves(state):
            raise ValueError(f"{move!r} is not a move here: the moves are "
                             f"{', '.join(self.moves(state))} (in {state})")  # fmt: skip
        if move == ROLL:
            return DiceNimState(state.heap, state.player, rolling=True)
        k = int(move.removeprefix("d"))
        return DiceNimState(max(state.heap - k, 0), 1 - state.player)

    def is_terminal(self, state: DiceNimState) -> bool:
        """Whether the heap is empty: the player who took the last counter has won."""
        return state.heap == 0

    def utility(self, state: DiceNimState) -> int:
        """+1 if player 0 took the last counter (player 1 is to move), else -1."""
        if not self.is_terminal(state):
            raise ValueError(f"utility is defined when the heap is empty (got {state})")
        return 1 if state.player == 1 else -1

    def evaluate(self, state: DiceNimState) -> Fraction:
        """S(1, 2)'s rule, halved: the player whose turn it is loses iff 3 divides the heap.

        +1/2 if that is good for player 0, -1/2 if not; the die is ignored.
        """
        wins = state.heap % 3 != 0
        return Fraction(1 if wins == (state.player == 0) else -1, 2)
