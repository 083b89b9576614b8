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

**Notation** (``gametree conform --game nim``): a position is the heap sizes separated by
spaces ("3 4 5"); Nim is impartial, so the mover is not written (a position read from text has
player 0 to move, and values to the mover do not depend on who that is). A move ``h:k`` takes k
objects from heap h, heaps counted from 1 ("2:3"). No pass: the moves are every (heap, count)
until every heap is empty.

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

    # Notation (the module docstring).

    def format_position(self, state: NimState) -> str:
        """The heap sizes separated by spaces.

        >>> Nim((3, 4, 5)).format_position(NimState((3, 0, 5), 1))
        '3 0 5'
        """
        return " ".join(str(h) for h in state.heaps)

    def parse_position(self, text: str) -> NimState:
        """The heaps ``text`` writes, player 0 to move, or a ``ValueError`` saying why not.

        >>> Nim((3, 4, 5)).parse_position("1 0 2")
        NimState(heaps=(1, 0, 2), to_move=0)
        """
        words = text.split()
        if len(words) != len(self.heaps) or not all(w.isdigit() for w in words):
            raise ValueError(f"a position of this Nim is {len(self.heaps)} heap sizes separated "
                             f"by spaces (got {text!r})")  # fmt: skip
        heaps = tuple(int(w) for w in words)
        for i, (h, start) in enumerate(zip(heaps, self.heaps, strict=True)):
            if h > start:
                raise ValueError(f"heap {i + 1} holds {h}, more than the {start} it starts with")
        return NimState(heaps, 0)

    def format_move(self, move: NimMove) -> str:
        """A move as ``h:k``: k objects from heap h, heaps counted from 1."""
        return f"{move[0] + 1}:{move[1]}"

    def parse_move(self, state: NimState, text: str) -> NimMove:
        """The legal move ``text`` names in ``state``, or a ``ValueError`` saying why not."""
        heap, _, count = text.strip().partition(":")
        if not heap.isdigit() or not count.isdigit():
            raise ValueError(f"a move is h:k, k objects from heap h (got {text!r})")
        move = (int(heap) - 1, int(count))
        if move not in self.moves(state):
            raise ValueError(f"heap {heap} has no {count} objects to take (got {text!r})")
        return move

    def move_kinds(self, state: NimState, move: NimMove) -> frozenset[str]:
        """What ``move`` does: ``empties-heap``, ``last`` (the mover wins, under normal play).

        ``empties-heap`` when the move takes a whole heap, ``last`` when it takes the last
        object of the game.
        """
        i, k = move
        kinds = {"empties-heap"} if k == state.heaps[i] else set()
        if sum(state.heaps) == k:
            kinds.add("last")
        return frozenset(kinds)


if TYPE_CHECKING:
    _conforms: EvaluatedGame[NimState, NimMove] = Nim(())
