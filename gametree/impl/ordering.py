"""Move ordering for :mod:`impl.engine`: the hash move, killer moves, history, static values.

Glossary: i is a move's index in the game's order, m the move, p the player to move, ply the
distance from the root, r the plies left above the horizon.

The Game Tree Search notes, "Ordering of Search": "with a-b pruning, the order of considering moves
is very important"; the CSCE 315 slides: "Evaluating best branch first yields better likelihood of
pruning later branches". An order never changes a value (``spec.search``, definition 2); it decides
how much is pruned, and which of several optimal moves a search returns. The heuristics here:

- **fixed ordering** (the Game Tree Search notes, 1; the CSCE 315 slides, "Evaluation Functions for
  Ordering"): "apply evaluation function to the successors and order the nodes accordingly", the
  best for the player to move first;
- **killer moves** (the Game Tree Search notes, 2, refutation moves: "if a move has served as a
  refutation in some previously examined position that is similar to the current one, it is likely
  to be a refutation in this position too"): the positions similar to the current one are those at
  the same ply; the last few moves that caused a cutoff there (:class:`Killers`);
- **history** (J. Schaeffer, "The history heuristic and alpha-beta search enhancements in
  practice", IEEE PAMI 11, 1989): a score per (player, move), raised by r² whenever the move
  causes a cutoff with r plies left, across positions and searches (:class:`History`);
- **dynamic ordering** (the Game Tree Search notes, 3: "reorder the move and start again with a
  different estimated best moves"): the *hash move*, the best move a transposition table remembers
  for this state from an earlier (in iterative deepening, shallower) search, is tried first.

:func:`order` combines them: the hash move, then the killers at this ply in their order (most
recent first), then the other moves by static value (best first), then by history score
(highest first), then in the game's order. Each part is used only when switched on.
"""

from collections.abc import Callable, Hashable, Sequence
from typing import Final, Generic, TypeVar

from gametree.spec import Scalar

__all__ = ["History", "Killers", "order"]

M = TypeVar("M")

HISTORY_DEPTH_CAP: Final = 1 << 10
"""History adds r² for r plies left, r capped here, so that an unlimited search stays finite."""


class Killers(Generic[M]):
    """Up to ``slots`` killer moves per ply, most recent first (the killer heuristic).

    The killer heuristic is the Game Tree Search notes' (refutation moves).

    Moves are compared with ``==``: they need not be hashable.
    """

    __slots__ = ("_by_ply", "slots")

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self._by_ply: list[list[M]] = []

    def at(self, ply: int) -> Sequence[M]:
        """The killers at ``ply``, most recent first."""
        return self._by_ply[ply] if ply < len(self._by_ply) else ()

    def record(self, ply: int, move: M) -> None:
        """``move`` caused a cutoff at ``ply``: make it the first killer there."""
        if not self.slots:
            return
        while len(self._by_ply) <= ply:
            self._by_ply.append([])
        kept = self._by_ply[ply]
        if kept and kept[0] == move:
            return
        if move in kept:
            kept.remove(move)
        kept.insert(0, move)
        del kept[self.slots :]

    def clear(self) -> None:
        """Forget every killer."""
        self._by_ply.clear()


class History:
    """Schaeffer's history table: a score per (player, move), raised on every cutoff.

    Moves must be hashable (the table is a dict); a ``TypeError`` says so otherwise.
    """

    __slots__ = ("_scores",)

    def __init__(self) -> None:
        self._scores: dict[tuple[int, Hashable], int] = {}

    def __len__(self) -> int:
        return len(self._scores)

    def score(self, p: int, move: object) -> int:
        """How often, weighted by depth, ``move`` has caused a cutoff for player ``p``."""
        try:
            return self._scores.get((p, move), 0)
        except TypeError:
            raise _unhashable(move) from None

    def record(self, p: int, move: object, r: int) -> None:
        """``move`` caused a cutoff for ``p`` with ``r`` plies left: add r² (1 at r <= 0)."""
        weight = min(max(r, 1), HISTORY_DEPTH_CAP) ** 2
        key = (p, move)
        try:
            self._scores[key] = self._scores.get(key, 0) + weight
        except TypeError:
            raise _unhashable(move) from None

    def clear(self) -> None:
        """Forget every score."""
        self._scores.clear()


def _unhashable(move: object) -> TypeError:
    return TypeError(
        f"the history heuristic keys on moves, which must be hashable (got {move!r} of type "
        f"{type(move).__name__}); use immutable moves or search with history=False"
    )


def order(
    moves: Sequence[M],
    chosen: Sequence[int],
    *,
    hash_move: int | None,
    killers: Sequence[M],
    static: Callable[[int], Scalar] | None,
    history: Callable[[M], int] | None,
) -> list[int]:
    """The indices ``chosen`` in search order (see the module docstring).

    ``static(i)`` is the static value of move i to the player to move, ``history(m)`` the
    move's history score; ``None`` leaves that part out. O(n log n) for n moves, plus the
    killers' comparisons.

    >>> order("abcd", range(4), hash_move=2, killers="d", static=None, history=None)
    [2, 3, 0, 1]
    >>> order("abcd", [0, 1, 3], hash_move=None, killers=(), static=lambda i: i % 2,
    ...       history=None)
    [1, 3, 0]
    """
    n = len(killers)
    keys: list[tuple[int, Scalar, int, int]] = []
    for i in chosen:
        m = moves[i]
        if i == hash_move:
            rank = 0
        else:
            rank = n + 1
            for slot, k in enumerate(killers):
                if k == m:
                    rank = slot + 1
                    break
        keys.append(
            (
                rank,
                0 if static is None else -static(i),
                0 if history is None else -history(m),
                i,
            )
        )
    keys.sort()
    return [key[3] for key in keys]
