"""Kalah(m, n): m pits a side, n seeds in each at the start, as an implicit game tree.

Kalah is the CSCE 315 slides' course project ("Project 2": "you may not see a difference for
Kalah"). Glossary: s is a state, i a pit index on the board, j a pit counted on the mover's own side
(0 is the pit farthest from the mover's store), p a player (0 is South and moves first; 1 is North),
m the number of pits a side, n the seeds per pit at the start.

**The board** is a ring of 2m + 2 holes, sown counter-clockwise (increasing index)::

    index:   South's pits 0..m-1, South's store m, North's pits m+1..2m, North's store 2m+1

          North: 2m  ...  m+1
    store 2m+1               store m
          South:  0  ...  m-1

Pit i of South faces pit 2m - i of North.

**The rules** (standard Kalah, as in Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA
Journal 23(3), 2000, and Wikipedia's "Kalah"):

1. The player to move takes every seed from one of their non-empty pits and sows them one by
   one into the following holes, counter-clockwise, into their own store but skipping the
   opponent's store.
2. If the last seed lands in the mover's own store, the same player moves again (a player may
   move many times in a row; a search sees a child where the same player is to move).
3. If the last seed lands in an empty pit on the mover's side and the opposite pit holds seeds,
   that seed and the opposite pit's seeds are captured into the mover's store. With
   ``empty_capture=True`` (the "empty capture" variant, which Irving et al. solved) the last
   seed is captured even when the opposite pit is empty.
4. When, after a move, one side's pits are all empty, the game ends: each player puts the
   seeds left on their own side into their store (so at the end every pit is empty). The
   player with more seeds in their store wins.

Every move moves at least one seed forward around the ring or into a store, and the game has a
finite number of positions in which the stores only grow, so it terminates (a test plays it).

A move is j, the mover's pit counted from 0 on their own side in sowing order, and ``moves``
lists the non-empty ones in increasing j; the notation for a person is j + 1. No move is
forced beyond rule 4 and there is no pass: a player with an empty side has no turn, because
the game is then over.

**Notation** (for engines, ``gametree conform --game kalah``): a position is the 2m + 2 holes
in ring order (South's pits 1..m from South's left, South's store, North's pits 1..m from
North's left, North's store), then the mover, ``S`` or ``N``: the start of Kalah(6, 4) is
``4 4 4 4 4 4 0 4 4 4 4 4 4 0 S``. A move is the pit's number 1..m on the mover's side, from
their left (the pit farthest from their store). Values are from
player 0's (South's) point of view: the utility is the final margin, South's store minus
North's; the static evaluation is the same difference of the stores now (the CSCE 315 slides'
utility, "# player 1's pieces - # player 2's pieces", with seeds for pieces).

>>> game = Kalah(pits=3, seeds=3)
>>> s = game.initial_state()
>>> print(game.draw(s))
    3  3  3
  0           0
    3  3  3
    1  2  3   South (player 0) to move
>>> t = game.successor(s, 0)    # 3 seeds from pit 1: the last one lands in South's store
>>> t.pits, game.to_move(t)
((0, 4, 4, 1, 3, 3, 3, 0), 0)
"""

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from gametree.spec import EvaluatedGame

__all__ = ["Kalah", "KalahState"]

_NAMES = ("South", "North")


def _pits(xs: Iterable[int]) -> tuple[int, ...]:
    """``xs`` as a tuple of seed counts, or a clear error naming the first bad hole."""
    if isinstance(xs, str | bytes) or not isinstance(xs, Iterable):
        raise TypeError(f"pits must be a sequence of ints (got {xs!r} of type {type(xs).__name__})")
    hs = tuple(xs)
    if len(hs) < 4 or len(hs) % 2:
        raise ValueError(
            f"a board is 2m + 2 holes (m pits a side and two stores), m >= 1 (got {len(hs)})"
        )
    for i, h in enumerate(hs):
        if isinstance(h, bool) or not isinstance(h, int):
            raise TypeError(f"hole {i} must be an int (got {h!r} of type {type(h).__name__})")
        if h < 0:
            raise ValueError(f"hole {i} must hold a non-negative number of seeds (got {h})")
    return hs


def _player(_: object, attribute: "attrs.Attribute[int]", p: int) -> None:
    if isinstance(p, bool) or p not in (0, 1):
        raise ValueError(f"'{attribute.name}' must be 0 or 1 (got {p!r})")


@attrs.frozen
class KalahState:
    """A Kalah position: the 2m + 2 holes (see the module docstring) and the player to move.

    >>> KalahState((1, 0, 0, 0), 1).pits
    (1, 0, 0, 0)
    >>> KalahState((1, 0, 0), 0)
    Traceback (most recent call last):
    ...
    ValueError: a board is 2m + 2 holes (m pits a side and two stores), m >= 1 (got 3)
    """

    pits: tuple[int, ...] = attrs.field(converter=_pits)
    to_move: int = attrs.field(validator=_player)

    @property
    def m(self) -> int:
        """The number of pits a side."""
        return len(self.pits) // 2 - 1

    def side(self, p: int) -> tuple[int, ...]:
        """Player p's pits, in sowing order."""
        m = self.m
        return self.pits[0:m] if p == 0 else self.pits[m + 1 : 2 * m + 1]

    def store(self, p: int) -> int:
        """The seeds in player p's store."""
        return self.pits[self.m] if p == 0 else self.pits[2 * self.m + 1]


def _positive(_: object, attribute: "attrs.Attribute[int]", x: int) -> None:
    if isinstance(x, bool) or not isinstance(x, int) or x < 1:
        raise ValueError(f"'{attribute.name}' must be a positive int (got {x!r})")


@attrs.frozen
class Kalah:
    """Kalah(``pits``, ``seeds``) by the rules of the module docstring, a ``spec.EvaluatedGame``.

    The standard game is ``Kalah(6, 4)``; Irving et al. (2000) solved it (with empty capture)
    as a first-player win by 10. The static evaluation, South's store minus North's, lies
    strictly between the worst and best utilities (±2mn) on a state that is not over, since
    both sides still hold seeds. Each move costs O(seeds sown + m).
    """

    pits: int = attrs.field(default=6, validator=_positive)
    seeds: int = attrs.field(default=4, validator=_positive)
    empty_capture: bool = attrs.field(default=False, kw_only=True)

    @property
    def players(self) -> int:
        """Two: South (player 0) moves first, North (player 1)."""
        return 2

    @property
    def total(self) -> int:
        """The seeds in play, 2mn: the most a margin can be."""
        return 2 * self.pits * self.seeds

    def initial_state(self) -> KalahState:
        """``seeds`` in every pit, empty stores, South to move."""
        side = (self.seeds,) * self.pits
        return KalahState((*side, 0, *side, 0), 0)

    def check(self, state: KalahState) -> None:
        """Raise ``ValueError`` if ``state`` is not a position of this game.

        It must have this game's 2m + 2 holes and 2mn seeds, and either both sides hold seeds
        (the game goes on) or every pit is empty (the game is over).
        """
        if state.m != self.pits:
            raise ValueError(f"this game has {self.pits} pits a side (got {state.m})")
        if sum(state.pits) != self.total:
            raise ValueError(f"the board holds {self.total} seeds (got {sum(state.pits)})")
        south, north = any(state.side(0)), any(state.side(1))
        if south != north:
            raise ValueError(
                "one side is empty and the other is not: the game would have ended and the "
                "seeds left been put in their owner's store"
            )

    def to_move(self, state: KalahState) -> int:
        """The player to move (at the end: the one who would have moved next)."""
        return state.to_move

    def moves(self, state: KalahState) -> Sequence[int]:
        """The mover's non-empty pits j = 0..m-1 in sowing order; none when the game is over."""
        side = state.side(state.to_move)
        if not any(side) or not any(state.side(1 - state.to_move)):
            return ()
        return tuple(j for j, h in enumerate(side) if h)

    def successor(self, state: KalahState, move: int) -> KalahState:
        """Sow the mover's pit ``move``; capture, extra turn and the end as in the rules."""
        return self._sow(state, move)[0]

    def _sow(self, state: KalahState, move: int) -> tuple[KalahState, frozenset[str]]:
        """The state after ``move``, and what the move did (:meth:`move_kinds`)."""
        m = self.pits
        p = state.to_move
        if (
            isinstance(move, bool)
            or not isinstance(move, int)
            or not 0 <= move < m
            or move not in self.moves(state)
        ):
            raise ValueError(
                f"a move is the index 0..{m - 1} of a non-empty pit on the mover's side of a "
                f"game that is not over (got {move!r} in {state.pits})"
            )
        kinds: set[str] = set()
        holes = list(state.pits)
        ring = 2 * m + 2
        mine, theirs = (m, 2 * m + 1) if p == 0 else (2 * m + 1, m)
        i = move if p == 0 else m + 1 + move
        hand, holes[i] = holes[i], 0
        while hand:
            i = (i + 1) % ring
            if i == theirs:
                kinds.add("skips-store")
                continue
            holes[i] += 1
            hand -= 1
        own_pit = (0 <= i < m) if p == 0 else (m < i < 2 * m + 1)
        if own_pit and holes[i] == 1:
            opposite = 2 * m - i
            if holes[opposite] or self.empty_capture:
                kinds.add("capture" if holes[opposite] else "empty-capture")
                holes[mine] += holes[opposite] + 1
                holes[i] = holes[opposite] = 0
        south, north = range(m), range(m + 1, 2 * m + 1)
        if not any(holes[k] for k in south) or not any(holes[k] for k in north):
            kinds.add("ends-game")
            if kinds & {"capture", "empty-capture"}:
                kinds.add("capture-ends-game")
            holes[m] += sum(holes[k] for k in south)
            holes[2 * m + 1] += sum(holes[k] for k in north)
            for k in (*south, *north):
                holes[k] = 0
        again = i == mine
        if again and "ends-game" not in kinds:
            kinds.add("extra-turn")
        return KalahState(tuple(holes), p if again else 1 - p), frozenset(kinds)

    def is_terminal(self, state: KalahState) -> bool:
        """Whether a side is empty (after the sweep of the rules, every pit is)."""
        return not any(state.side(0)) or not any(state.side(1))

    def utility(self, state: KalahState) -> int:
        """The final margin, South's store minus North's, with the seeds left swept home."""
        if not self.is_terminal(state):
            raise ValueError("utility is defined on finished games only")
        return (state.store(0) + sum(state.side(0))) - (state.store(1) + sum(state.side(1)))

    def evaluate(self, state: KalahState) -> int:
        """South's store minus North's now: strictly inside ±2mn while the game goes on."""
        return state.store(0) - state.store(1)

    def move_kinds(self, state: KalahState, move: int) -> frozenset[str]:
        """What ``move`` does beyond sowing, by the rules of the module docstring.

        ``extra-turn`` (the last seed in the mover's store, and the game goes on: rule 2),
        ``capture`` or ``empty-capture`` (rule 3; the latter with the opposite pit empty),
        ``skips-store`` (the sowing passed the opponent's store), ``ends-game`` (rule 4) and
        ``capture-ends-game`` (a capture took the last seeds of a side).

        >>> game = Kalah(pits=3, seeds=3)
        >>> sorted(game.move_kinds(game.initial_state(), 0))
        ['extra-turn']
        """
        return self._sow(state, move)[1]

    # For people and engines: drawing, notation.

    def format_position(self, state: KalahState) -> str:
        """The notation of the module docstring: the holes in ring order, then ``S`` or ``N``.

        >>> Kalah(pits=3, seeds=3).format_position(KalahState((0, 4, 4, 1, 3, 3, 3, 0), 0))
        '0 4 4 1 3 3 3 0 S'
        """
        return " ".join([*(str(h) for h in state.pits), "SN"[state.to_move]])

    def parse_position(self, text: str) -> KalahState:
        """The position ``text`` writes (:meth:`format_position`), checked against this game.

        >>> Kalah(pits=3, seeds=3).parse_position("3 3 3 0 3 3 3 0 N").to_move
        1
        >>> Kalah(pits=3, seeds=3).parse_position("3 3 3 0 3 3 3 1 S")
        Traceback (most recent call last):
        ...
        ValueError: the board holds 18 seeds (got 19)
        """
        words = text.split()
        n = 2 * self.pits + 2
        if (
            len(words) != n + 1
            or words[-1] not in ("S", "N")
            or not all(w.isdigit() for w in words[:-1])
        ):
            raise ValueError(
                f"a position of Kalah({self.pits}, {self.seeds}) is {n} numbers (South's pits "
                f"1..{self.pits}, South's store, North's pits 1..{self.pits}, North's store) "
                f"and S or N, the mover (got {text!r})"
            )
        state = KalahState(tuple(int(w) for w in words[:-1]), "SN".index(words[-1]))
        self.check(state)
        return state

    def draw(self, state: KalahState) -> str:
        """The board as text: North's pits on top (right to left), the stores, South's below.

        A line beside the mover's row numbers their pits as they are typed (below South's
        row when South moves, above North's when North does).
        """
        m = self.pits
        north = "".join(f"{h:>3}" for h in reversed(state.side(1)))
        south = "".join(f"{h:>3}" for h in state.side(0))
        width = 3 * m
        stores = f"{state.store(1):>3}" + " " * (width + 2) + f"{state.store(0):<3}"
        p = state.to_move
        numbers = range(1, m + 1) if p == 0 else range(m, 0, -1)
        labels = "  " + "".join(f"{j:>3}" for j in numbers) + f"   {_NAMES[p]} (player {p}) to move"
        board = ["  " + north, stores.rstrip(), "  " + south]
        return "\n".join([*board, labels] if p == 0 else [labels, *board])

    def format_move(self, move: int) -> str:
        """A move as people type it: the pit's number 1..m on the mover's side."""
        return str(move + 1)

    def parse_move(self, state: KalahState, text: str) -> int:
        """The legal move ``text`` names in ``state``, or a ``ValueError`` saying why not."""
        word = text.strip()
        if self.is_terminal(state):
            raise ValueError("the game is over: no move can be played")
        if not word.isdigit() or int(word) not in range(1, self.pits + 1):
            raise ValueError(f"a move is a pit number 1..{self.pits} on your side (got {text!r})")
        j = int(word) - 1
        if j not in self.moves(state):
            raise ValueError(f"pit {word} is empty")
        return j


if TYPE_CHECKING:
    _conforms: EvaluatedGame[KalahState, int] = Kalah()
