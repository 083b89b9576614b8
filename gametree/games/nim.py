"""Nim with any number of heaps, normal play, as an implicit game tree with a perfect evaluation.

Glossary: s is a state, h a heap size, i a heap index, k the number of objects taken, p the
player to move (0 or 1), and the *nim-sum* is the bitwise xor of the heap sizes.

A move takes k ≥ 1 objects from one heap. Under normal play the player who cannot move (every
heap empty) loses. Values are from player 0's point of view (the Min-Max notes' pay-off): +1 if
player 0 wins, -1 if player 1 wins; there are no draws.

Bouton's theorem (C. L. Bouton, "Nim, a game with a complete mathematical theory", Annals of
Mathematics 3 (1901), 35-39): the player to move wins exactly when the nim-sum is not zero.
A move from a nim-sum of 0 always makes it non-zero, and from a non-zero nim-sum some move
makes it 0. So the static evaluation here is *perfect* (the Game Tree Search notes: "one that report
win/loss/ draw"): at every state it equals the value of the whole game below, and a depth-limited
search returns the exact value at every depth.

>>> game = Nim((1, 2))
>>> s = game.initial_state()
>>> list(game.moves(s))
[(0, 1), (1, 1), (1, 2)]
>>> game.successor(s, (1, 1))
NimState(heaps=(1, 1), to_move=1)
>>> game.evaluate(s), game.evaluate(game.successor(s, (1, 1)))
(1, 1)
"""

from collections.abc import Iterable, Sequence
from functools import reduce
from operator import xor
from typing import TYPE_CHECKING, TypeAlias

import attrs

if TYPE_CHECKING:
    from gametree.spec import EvaluatedGame

__all__ = ["Nim", "NimMove", "NimState", "nim_sum"]

NimMove: TypeAlias = tuple[int, int]
"""A move ``(i, k)``: take ``k`` ≥ 1 objects from heap ``i``."""


def _heaps(xs: Iterable[int]) -> tuple[int, ...]:
    """``xs`` as a tuple of heap sizes, or a clear error naming the first bad one."""
    if isinstance(xs, str | bytes) or not isinstance(xs, Iterable):
        raise TypeError(
            f"heaps must be a sequence of ints (got {xs!r} of type {type(xs).__name__})"
        )
    hs = tuple(xs)
    for i, h in enumerate(hs):
        if isinstance(h, bool) or not isinstance(h, int):
            raise TypeError(
                f"heap {i} must be an int (got {h!r} of type {type(h).__name__} in {hs!r})"
            )
        if h < 0:
            raise ValueError(f"heap {i} must be non-negative (got {h} in {hs!r})")
    return hs


def _check_player(_: object, attribute: "attrs.Attribute[int]", p: int) -> None:
    if isinstance(p, bool) or p not in (0, 1):
        raise ValueError(f"'{attribute.name}' must be 0 or 1 (got {p!r})")


def nim_sum(heaps: Iterable[int]) -> int:
    """The bitwise xor of the heap sizes (Bouton 1901); 0 for no heaps.

    >>> nim_sum((3, 4, 5)), nim_sum((1, 2, 3)), nim_sum(())
    (2, 0, 0)
    """
    return reduce(xor, heaps, 0)


@attrs.frozen
class NimState:
    """A Nim position: the heap sizes, in a fixed order, and the player to move.

    >>> NimState([3, -1])
    Traceback (most recent call last):
    ...
    ValueError: heap 1 must be non-negative (got -1 in (3, -1))
    """

    heaps: tuple[int, ...] = attrs.field(converter=_heaps)
    to_move: int = attrs.field(default=0, validator=_check_player)


@attrs.frozen
class Nim:
    """Nim from the given heaps, player 0 first, as a ``spec.EvaluatedGame[NimState, NimMove]``.

    ``moves`` lists ``(i, k)`` by heap ascending, then count ascending: O(sum of heaps) moves.
    """

    heaps: tuple[int, ...] = attrs.field(converter=_heaps)

    @property
    def players(self) -> int:
        """Two: player 0 moves first."""
        return 2

    def initial_state(self) -> NimState:
        """The starting heaps, player 0 to move."""
        return NimState(self.heaps, 0)

    def to_move(self, state: NimState) -> int:
        """The player to move, also when no move is left (that player has lost)."""
        return state.to_move

    def moves(self, state: NimState) -> Sequence[NimMove]:
        """Every ``(i, k)`` with 1 ≤ k ≤ heap i, heap ascending, then k ascending."""
        return tuple((i, k) for i, h in enumerate(state.heaps) for k in range(1, h + 1))

    def successor(self, state: NimState, move: NimMove) -> NimState:
        """The state after the player to move takes ``k`` objects from heap ``i``."""
        i, k = move
        if not (0 <= i < len(state.heaps) and 1 <= k <= state.heaps[i]):
            raise ValueError(
                f"a move (i, k) takes 1 ≤ k ≤ heaps[i] objects from a heap of {state.heaps} "
                f"(got {move!r})"
            )
        heaps = (*state.heaps[:i], state.heaps[i] - k, *state.heaps[i + 1 :])
        return NimState(heaps, 1 - state.to_move)

    def is_terminal(self, state: NimState) -> bool:
        """Whether every heap is empty, so the player to move cannot move."""
        return not any(state.heaps)

    def utility(self, state: NimState) -> int:
        """Normal play: the player to move has lost. +1 if that is player 1, else -1."""
        if not self.is_terminal(state):
            raise ValueError(f"utility is defined when every heap is empty (got {state.heaps})")
        return 1 if state.to_move == 1 else -1

    def evaluate(self, state: NimState) -> int:
        """The exact value by Bouton's theorem: the player to move wins iff the nim-sum ≠ 0.

        +1 if that winner is player 0, else -1. Perfect: it equals ``utility`` at a terminal
        state and the full minimax value everywhere. O(number of heaps).
        """
        mover_wins = nim_sum(state.heaps) != 0
        return 1 if mover_wins == (state.to_move == 0) else -1


if TYPE_CHECKING:
    _conforms: EvaluatedGame[NimState, NimMove] = Nim(())
