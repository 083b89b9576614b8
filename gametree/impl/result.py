"""What every search in ``impl`` returns: the answer and exact statistics of the work done.

The counts follow DESIGN.md: ``leaves_evaluated`` is the number of static evaluations of
leaves (each leaf the search reads counts once per reading); ``nodes_visited`` counts every
node the search enters, interior nodes and leaves alike. ``trace``, when asked for, is the
exact sequence of evaluated leaves as paths from the root, in the order they were read, so two
algorithms can be compared leaf by leaf (a directional algorithm's trace is increasing in
left-to-right order). ``events``, when asked for (``events=True``), is the event trace a
learner steps through (:mod:`gametree.impl.events`).
"""

from typing import Any, Generic, TypeVar

import attrs

from gametree.spec import Path

__all__ = ["SearchResult"]

V = TypeVar("V")


@attrs.frozen
class SearchResult(Generic[V]):
    """The value a search returns for the root, how it got there, and what it cost.

    ``best_move`` and ``principal_variation`` follow the spec's tie rule where the algorithm
    promises the spec's move (each algorithm's docstring says whether it does); for a result
    that is only a bound (outside an alpha-beta window) they are the moves that produced it.
    ``trace`` and ``events`` are ``None`` unless the caller asked for them.
    """

    value: V
    principal_variation: Path
    nodes_visited: int
    leaves_evaluated: int
    trace: tuple[Path, ...] | None = None
    events: tuple[dict[str, Any], ...] | None = attrs.field(default=None, repr=False)

    @property
    def best_move(self) -> int | None:
        """The index of the root's chosen child, or ``None`` when the root is a leaf."""
        return self.principal_variation[0] if self.principal_variation else None
