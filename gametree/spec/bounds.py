"""Korf's bounds for multi-player pruning (Korf 3.2): a floor per component, a ceiling on the sum.

"If there is an upper bound on the sum of all components of a tuple, and there is a lower bound
on the values of each component, then alpha-beta pruning is possible." The spec states the
bounds and checks them; the pruning algorithms in ``impl`` rely on them and check every value
they see against them.
"""

import attrs

from gametree.spec.errors import TreeError
from gametree.spec.tree import Tree, iter_leaves
from gametree.spec.values import Scalar, exact_scalar

__all__ = ["Bounds", "check_bounds"]


@attrs.frozen
class Bounds:
    """``lower`` bounds every component of every leaf vector; ``total`` bounds their sum.

    "Any other lower bound can be shifted to zero by subtracting it from every component"
    (Korf 3.2): :meth:`shifted` gives the equivalent bounds with ``lower = 0``, for N players.

    >>> Bounds(0, 9).shifted(3), Bounds(-1, 6).shifted(3)
    (Bounds(lower=0, total=9), Bounds(lower=0, total=9))
    """

    lower: Scalar = attrs.field(converter=exact_scalar)
    total: Scalar = attrs.field(converter=exact_scalar)

    def shifted(self, players: int) -> "Bounds":
        """The same bounds after subtracting ``lower`` from each of the N components."""
        return Bounds(0, self.total - players * self.lower)

    def problem(self, v: tuple[Scalar, ...]) -> str | None:
        """What is wrong with vector ``v`` under these bounds, or ``None`` if it is within them."""
        low = [i for i, c in enumerate(v) if c < self.lower]
        if low:
            return f"component {low[0]} is below the lower bound {self.lower} (got {v!r})"
        if sum(v) > self.total:
            return f"the components sum to {sum(v)}, above the bound {self.total} (got {v!r})"
        return None


def check_bounds(t: Tree, bounds: Bounds) -> None:
    """Raise a ``TreeError`` naming the first leaf (left to right) that breaks ``bounds``."""
    if not t.vector:
        raise TreeError("Korf's bounds apply to N-player vector values (got scalar values)", ())
    for path, leaf in iter_leaves(t):
        assert isinstance(leaf.value, tuple)
        problem = bounds.problem(leaf.value)
        if problem is not None:
            raise TreeError(problem, path)
