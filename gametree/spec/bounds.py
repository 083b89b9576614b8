"""Bounds on the leaf values that pruning relies on, stated and checked.

Korf's bounds for multi-player pruning (Korf 3.2), :class:`Bounds`: a floor per component, a
ceiling on the sum. "If there is an upper bound on the sum of all components of a tuple, and
there is a lower bound on the values of each component, then alpha-beta pruning is possible."
Ballard's bounds on the leaf values of a two-player tree with chance nodes (Ballard 1983),
:class:`Interval`: L <= v <= U. The spec states the bounds and checks them; the pruning
algorithms in ``impl`` rely on them and check every value they see against them.
"""

from fractions import Fraction
from typing import Literal

import attrs

from gametree.spec.errors import TreeError
from gametree.spec.tree import Tree, iter_leaves
from gametree.spec.values import Scalar, Value, exact_scalar

__all__ = ["Bounds", "Domain", "Interval", "check_bounds", "check_interval"]

Domain = Literal["reals", "integers"]
"""Where the leaf components range within Korf's bounds: the real numbers or the integers
(under which fewer leaves can be necessary, ``impl.optimal``)."""


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


def _bound(x: object) -> Scalar:
    """A bound given as a number or a string ``"p/q"``, exact."""
    return exact_scalar(Fraction(x) if isinstance(x, str) else x)


@attrs.frozen
class Interval:
    """Bounds on every leaf value of a two-player tree: ``lower <= v <= upper``, L < U.

    Ballard's L and U (1983): a lower and an upper bound on the leaf values, which Star1 and
    Star2 rely on to bound the children of a chance node not yet searched.

    >>> Interval(0, "1/2")
    Interval(lower=0, upper=Fraction(1, 2))
    >>> Interval(3, 3)
    Traceback (most recent call last):
    ...
    gametree.spec.errors.TreeError: leaf bounds need lower < upper (got [3, 3])
    """

    lower: Scalar = attrs.field(converter=_bound)
    upper: Scalar = attrs.field(converter=_bound)

    def __attrs_post_init__(self) -> None:
        if not self.lower < self.upper:
            raise TreeError(f"leaf bounds need lower < upper (got [{self.lower}, {self.upper}])")

    def problem(self, v: Value) -> str | None:
        """What is wrong with leaf value ``v`` under these bounds, or ``None``."""
        if isinstance(v, tuple):
            return f"leaf bounds [L, U] apply to scalar values (got {v!r})"
        if not self.lower <= v <= self.upper:
            return f"the value {v} is outside the leaf bounds [{self.lower}, {self.upper}]"
        return None


def check_interval(t: Tree, bounds: Interval) -> None:
    """Raise a ``TreeError`` naming the first leaf (left to right) outside ``bounds``."""
    if t.vector:
        raise TreeError("leaf bounds [L, U] apply to two-player scalar values (got vectors)", ())
    for path, leaf in iter_leaves(t):
        problem = bounds.problem(leaf.value)
        if problem is not None:
            raise TreeError(problem, path)
