"""The value domain of the alpha-beta family: the scalars with a bottom and a top element.

Glossary: v is a value, a and b (``alpha`` and ``beta``) the ends of a search window, r the
result of a search, t a tree.

A two-player value is an exact scalar (``int`` or ``Fraction``, from Max's point of view, as in
``spec.values``). A *window* bound may also be one of two extra elements, ``BOTTOM`` and
``TOP``, which compare below and above every scalar: they are the Alpha-Beta Pruning article's
"initially, set alpha = -inf, beta = +inf", without the floats. The domain is totally ordered::

    BOTTOM < every scalar < TOP,   -BOTTOM == TOP,   -TOP == BOTTOM

so a window is any pair of elements, and ``(BOTTOM, TOP)`` is the full window. There is no
window "outside [BOTTOM, TOP]": anything that is not an element of the domain (a NaN, an
infinite float, a ``bool``, a string) is refused by :func:`window` with a ``TypeError`` or
``ValueError`` naming it. Finite floats are converted exactly, as leaf values are.

No search returns ``BOTTOM`` or ``TOP``. A result is a leaf's value or a finite window bound:
every tree has a leaf, so a full window is never "failed" (Knuth and Moore 1975, the
property of F2 restated in :mod:`impl.alphabeta`).

Windows must be non-empty: ``alpha < beta``. At ``alpha == beta`` Knuth and Moore's property
says nothing (fail-hard alpha-beta may answer ``alpha`` whatever the tree), and ``alpha > beta``
is a caller's slip, so both raise ``ValueError``. The one-sided test that a "null window"
stands for is :func:`impl.mtdf.mt` (Plaat et al. 1996), which is exact on rationals, where no
"alpha + 1" exists.

Inside the searches the two elements are represented by IEEE infinities, which compare exactly
with ``int`` and ``Fraction`` and negate into each other; they never leave a search.

Every two-player search in ``impl`` takes its window through :func:`window` and its tree
through :func:`check_scalar_tree`, so that a search on games (depth-limited, with a table)
has the same domain, the same errors and the same internal representation to build on.
"""

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Final, Literal, TypeAlias, TypeVar

from gametree.spec import Leaf, Node, Scalar, Tree, TreeError, exact_scalar, require_deterministic

__all__ = [
    "BOTTOM",
    "TOP",
    "Bound",
    "Extreme",
    "Internal",
    "check_chance_tree",
    "check_scalar_tree",
    "external",
    "is_subsequence",
    "window",
]


class Extreme:
    """``BOTTOM`` or ``TOP``: an element below or above every scalar. There are exactly two.

    >>> BOTTOM < -10**100 < Fraction(1, 3) < TOP, -BOTTOM is TOP, max(3, TOP)
    (True, True, TOP)
    """

    __slots__ = ("_sign",)
    _sign: int

    def __new__(cls, sign: Literal[-1, 1]) -> "Extreme":
        """The one instance for ``sign``: -1 is ``BOTTOM``, +1 is ``TOP``."""
        if sign not in (-1, 1):
            raise ValueError(f"an Extreme's sign is -1 (BOTTOM) or 1 (TOP), got {sign!r}")
        existing: Extreme | None = _EXTREMES.get(sign)
        if existing is not None:
            return existing
        self = super().__new__(cls)
        object.__setattr__(self, "_sign", sign)
        _EXTREMES[sign] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{self!r} is immutable")

    def _rank(self, other: object) -> int | None:
        """-1, 0 or 1 as ``self`` is below, equal to or above ``other``; None if unordered."""
        if isinstance(other, Extreme):
            return (self._sign > other._sign) - (self._sign < other._sign)
        if isinstance(other, int | Fraction | float) and not isinstance(other, bool):
            return self._sign
        return None

    def __lt__(self, other: "Bound") -> bool:
        rank = self._rank(other)
        if rank is None:
            return NotImplemented
        return rank < 0

    def __le__(self, other: "Bound") -> bool:
        rank = self._rank(other)
        if rank is None:
            return NotImplemented
        return rank <= 0

    def __gt__(self, other: "Bound") -> bool:
        rank = self._rank(other)
        if rank is None:
            return NotImplemented
        return rank > 0

    def __ge__(self, other: "Bound") -> bool:
        rank = self._rank(other)
        if rank is None:
            return NotImplemented
        return rank >= 0

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return hash(("Extreme", self._sign))

    def __neg__(self) -> "Extreme":
        return TOP if self._sign < 0 else BOTTOM

    def __repr__(self) -> str:
        return "BOTTOM" if self._sign < 0 else "TOP"

    def __reduce__(self) -> tuple[type["Extreme"], tuple[int]]:
        return (Extreme, (self._sign,))


_EXTREMES: dict[int, Extreme] = {}

BOTTOM: Final = Extreme(-1)
"""The least element of the domain: below every scalar (the Alpha-Beta Pruning article's initial
alpha, "-inf")."""

TOP: Final = Extreme(1)
"""The greatest element of the domain: above every scalar (the Alpha-Beta Pruning article's initial
beta, "+inf")."""

Bound: TypeAlias = Scalar | Extreme
"""An element of the domain: an exact scalar, ``BOTTOM`` or ``TOP``. Window ends are Bounds."""

Internal: TypeAlias = int | Fraction | float
"""A bound inside a search: a scalar, or ``-math.inf``/``math.inf`` for ``BOTTOM``/``TOP``."""


def _internal(x: object, name: str) -> Internal:
    """One end of a window, checked and converted to its internal representation."""
    if x is BOTTOM:
        return -math.inf
    if x is TOP:
        return math.inf
    if isinstance(x, float) and math.isinf(x):
        raise ValueError(
            f"'{name}' must be an element of the domain: a finite scalar, BOTTOM or TOP (got "
            f"{x!r}); use impl.window.{'BOTTOM' if x < 0 else 'TOP'} for an infinite bound"
        )
    try:
        return exact_scalar(x)
    except TreeError as e:
        kind = ValueError if isinstance(x, float) else TypeError
        raise kind(
            f"'{name}' must be a finite scalar (int, Fraction or finite float), BOTTOM or TOP "
            f"(got {x!r} of type {type(x).__name__}): {e.problem}"
        ) from None


def window(alpha: object, beta: object) -> tuple[Internal, Internal]:
    """Check a window ``(alpha, beta)`` and return it in the internal representation.

    Raises ``TypeError`` for a bound that is not a number or an ``Extreme``, and
    ``ValueError`` for NaN, an infinite float, or an empty window (``alpha >= beta``).

    >>> window(BOTTOM, 3), window(0.5, TOP)
    ((-inf, 3), (Fraction(1, 2), inf))
    >>> window(3, 3)
    Traceback (most recent call last):
    ...
    ValueError: the window must be non-empty, alpha < beta (got alpha=3, beta=3)
    """
    a = _internal(alpha, "alpha")
    b = _internal(beta, "beta")
    if not a < b:
        raise ValueError(
            f"the window must be non-empty, alpha < beta (got alpha={alpha!r}, beta={beta!r})"
        )
    return a, b


def external(x: Internal) -> Bound:
    """An internal bound back in the domain: the infinities become ``BOTTOM`` and ``TOP``.

    For a search that reports a window it was given, as a search on games may.

    >>> external(window(BOTTOM, 3)[0]), external(window(BOTTOM, 3)[1]), external(float("inf"))
    (BOTTOM, 3, TOP)
    """
    if x == -math.inf:
        return BOTTOM
    if x == math.inf:
        return TOP
    if isinstance(x, float):  # window() turns every finite float into a Fraction
        raise ValueError(f"an internal bound is an exact scalar or an infinity (got {x!r})")
    return x


def check_scalar_tree(t: object, algorithm: str) -> Tree:
    """``t`` if it is a two-player tree with scalar values and no chance node; else an error.

    Raises ``TypeError`` for something that is not a ``Leaf`` or ``Node``, and ``TreeError``
    for a tree of N-player vectors (the alpha-beta family needs a total order on values) or
    with a chance node.
    """
    t = check_chance_tree(t, algorithm)
    require_deterministic(t, algorithm)
    return t


def check_chance_tree(t: object, algorithm: str) -> Tree:
    """``t`` if it is a two-player tree with scalar values, chance nodes allowed; else an error.

    For Star1 and Star2 (``impl.star``); the errors are :func:`check_scalar_tree`'s.
    """
    if not isinstance(t, Leaf | Node):
        raise TypeError(
            f"{algorithm} searches a spec.Leaf or spec.Node (got {t!r} of type "
            f"{type(t).__name__}); build one with spec.Node.by_depth"
        )
    if t.vector:
        raise TreeError(
            f"{algorithm} needs a two-player tree with scalar values (got {t.players}-player "
            f"vector values); for vectors use maxn",
            (),
        )
    return t


T = TypeVar("T")


def is_subsequence(x: Sequence[T], y: Sequence[T]) -> bool:
    """Whether ``x`` is ``y`` with some items left out, the others in order.

    What alpha-beta's leaves over a window inside another are of its leaves over the wider one
    (the proofs' theorem ``window``; ``gametree conform --window-leaves`` checks it of engines).

    >>> is_subsequence([(0,), (2,)], [(0,), (1,), (2,)]), is_subsequence([(1,), (0,)], [(0,), (1,)])
    (True, False)
    """
    rest = iter(y)
    return all(any(p == q for q in rest) for p in x)
