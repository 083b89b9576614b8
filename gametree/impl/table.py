"""The transposition table of :mod:`impl.engine`: values and bounds with their flag and depth.

Glossary: s is a state, r the plies its search had above the horizon (its *depth*, zero at the
horizon, negative in a quiescence extension), ply its distance from the root, g a fail-soft
search result, a and b the window the search of s was given (a is alpha on entry).

The Game Tree Search notes ("Depth of Search", iterative deepening): "for efficiency, information
from earlier iteration is saved for use in later ones". What is saved, for each state searched as an
interior node, is the fail-soft result g of that search and what it is (Fishburn's properties,
:mod:`impl.alphabeta`):

- ``EXACT`` when a < g < b: g is the node's value;
- ``LOWER`` when g >= b (the search failed high): the value is at least g;
- ``UPPER`` when g <= a (it failed low): the value is at most g;

with r, the ply (kept only when forward pruning makes the subtree depend on it; see
``spec.search``, definition 4), the line that produced g, and whether the search met the
horizon (``horizon``): read a static evaluation, or expanded a state at or below the horizon,
where a quiescence extension plays only noisy moves. A result that did neither is the same at
every greater depth.

**When an entry answers.** By default (``deeper=False``) only for a search of the same
subtree: the same r, and the same ply when it is kept. Then an ``EXACT`` entry answers any
window, a ``LOWER`` one a window with g >= b, an ``UPPER`` one a window with g <= a; the
answer keeps Fishburn's properties, so the search above it returns what it would have
returned without the table, or a value on the same side of its window. An entry of another
depth is the value of another cut tree (depth-limited values are not monotone in the depth)
and never answers; it still gives the *hash move*, the first move of its line, which an
engine may search first (the Game Tree Search notes' dynamic ordering: the move found best by the
last, shallower search is tried first in the next).

With ``deeper=True`` an entry of a deeper search (its r at least the search's, the same ply
when it is kept) answers too, under the same rule: exact, or a bound beyond the window. That
is Wikipedia's negamax with a transposition table, which Wesselink et al. prove correct
under their witness criterion (arXiv 2509.20138): the result is no longer the cut tree's
value but one that some witness justifies (``spec.search.witness``, definition 7), as each
entry is justified by a witness of its own depth and a deeper witness is a witness of every
shallower depth. A deeper bound that does not settle the window is not used to narrow it
(Marsland's lookup does, and the paper gives a game where no witness justifies the result).

**Keys and replacement.** One entry per state, keyed by the state itself, so states must be
hashable (and equal states must be the same position: the table trusts ``==``). A new entry
replaces the old (always-replace): the table holds the latest search of every state it has
seen, and grows with them; ``clear`` empties it.
"""

from typing import Final, Generic, TypeVar

import attrs

from gametree.impl._support import Line
from gametree.impl.window import Internal

__all__ = ["EXACT", "LOWER", "UPPER", "Entry", "TranspositionTable", "UnhashableStateError"]

S = TypeVar("S")

EXACT: Final = 0
"""The stored result is the node's value."""
LOWER: Final = 1
"""The stored result is a lower bound on the node's value (the search failed high)."""
UPPER: Final = 2
"""The stored result is an upper bound on the node's value (the search failed low)."""


class UnhashableStateError(TypeError):
    """A state the transposition table cannot key on."""


@attrs.frozen
class Entry:
    """What the table knows of one state: a result g, its flag, and the search that found it."""

    depth: int
    ply: int
    flag: int
    value: Internal
    line: Line
    horizon: bool

    @property
    def move(self) -> int | None:
        """The hash move: the index (in the game's order) of the first move of the line."""
        line = self.line
        if line is None:
            return None
        return line if isinstance(line, int) else line[0]

    def answers(
        self, depth: int, ply: int, a: Internal, b: Internal, *, by_ply: bool, deeper: bool = False
    ) -> bool:
        """Whether this entry settles a search at (depth, ply) with the window (a, b)."""
        if (self.depth < depth if deeper else self.depth != depth) or (by_ply and ply != self.ply):
            return False
        flag = self.flag
        return flag == EXACT or (self.value >= b if flag == LOWER else self.value <= a)


class TranspositionTable(Generic[S]):
    """A dict from state to :class:`Entry`; see the module docstring for what an entry means.

    ``by_ply``: whether an entry answers only at the ply it was stored at (forward pruning);
    ``deeper``: whether an entry of a deeper search answers too (the module docstring). O(1)
    per lookup and store; memory grows with the number of distinct states searched.
    """

    __slots__ = ("_entries", "by_ply", "deeper")

    def __init__(self, *, by_ply: bool, deeper: bool = False) -> None:
        self.by_ply = by_ply
        self.deeper = deeper
        self._entries: dict[S, Entry] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every entry."""
        self._entries.clear()

    def lookup(self, state: S) -> Entry | None:
        """The entry for ``state``, if any. Raises ``UnhashableStateError`` for such a state."""
        try:
            return self._entries.get(state)
        except TypeError:
            raise _unhashable(state) from None

    def store(
        self,
        state: S,
        g: Internal,
        line: Line,
        *,
        depth: int,
        ply: int,
        alpha: Internal,
        beta: Internal,
        horizon: bool,
    ) -> None:
        """Record the fail-soft result g of a search of ``state`` with the window (alpha, beta)."""
        flag = UPPER if g <= alpha else LOWER if g >= beta else EXACT
        try:
            self._entries[state] = Entry(depth, ply, flag, g, line, horizon)
        except TypeError:
            raise _unhashable(state) from None


def _unhashable(state: object) -> UnhashableStateError:
    return UnhashableStateError(
        f"the transposition table keys on states, which must be hashable (got {state!r} of "
        f"type {type(state).__name__}); use an immutable state (a tuple, a frozen attrs class) "
        f"or search without a table"
    )
