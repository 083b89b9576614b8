"""Values at the leaves of a game tree, and what a value is worth to each player.

Glossary: v is a value, p a player, N the number of players.

- A two-player value is a *scalar* (``int`` or ``Fraction``) from player 0's (Max's) point of
  view, as in the Min-Max notes' pay-off function P.
- An N-player value is a *vector*: a tuple of N scalars, one component per player, as in
  Korf (1989) section 3.1.

The reference path is exact: only ``int`` and ``Fraction`` are stored. A finite ``float``
(or ``Decimal``) given at the boundary is converted exactly, so ``0.5`` becomes
``Fraction(1, 2)``; NaN and the infinities are rejected, as is ``bool``, which is almost always
a mistake for a number.
"""

import math
import numbers
from decimal import Decimal
from fractions import Fraction
from typing import TypeAlias

from gametree.spec.errors import TreeError

Scalar: TypeAlias = int | Fraction
Vector: TypeAlias = tuple[Scalar, ...]
Value: TypeAlias = Scalar | Vector

__all__ = [
    "Scalar",
    "Value",
    "Vector",
    "as_pair",
    "exact_scalar",
    "exact_value",
    "is_vector",
    "json_value",
    "worth",
]


def exact_scalar(x: object) -> Scalar:
    """Return ``x`` as an exact scalar, or raise ``TreeError`` saying why it is not one.

    Integral results are returned as ``int``; others as ``Fraction``.

    >>> exact_scalar(3), exact_scalar(Fraction(6, 2)), exact_scalar(0.25)
    (3, 3, Fraction(1, 4))
    >>> exact_scalar(float("nan"))
    Traceback (most recent call last):
    ...
    gametree.spec.errors.TreeError: a value must be finite (got nan)
    """
    if isinstance(x, bool) or not isinstance(x, numbers.Number | Decimal):
        raise TreeError(
            f"a value must be an int, a Fraction or a finite float (got {x!r} of type "
            f"{type(x).__name__})"
        )
    if isinstance(x, int):
        return int(x)
    if isinstance(x, numbers.Rational):
        q = Fraction(int(x.numerator), int(x.denominator))
    elif isinstance(x, float | Decimal):
        if not math.isfinite(x):
            raise TreeError(f"a value must be finite (got {x!r})")
        q = Fraction(x)
    else:
        raise TreeError(
            f"a value must be a real number: int, Fraction or finite float (got {x!r} of type "
            f"{type(x).__name__})"
        )
    return q.numerator if q.denominator == 1 else q


def exact_value(x: object) -> Value:
    """Return ``x`` as an exact scalar or vector (a tuple or list of at least two scalars).

    >>> exact_value([1, 0.5, 2])
    (1, Fraction(1, 2), 2)
    """
    if isinstance(x, tuple | list):
        if len(x) < 2:
            raise TreeError(
                f"a vector value needs one component per player, at least 2 (got {list(x)!r})"
            )
        return tuple(exact_scalar(c) for c in x)
    return exact_scalar(x)


def is_vector(v: Value) -> bool:
    """Whether ``v`` is an N-player vector rather than a two-player scalar."""
    return isinstance(v, tuple)


def worth(v: Value, p: int) -> Scalar:
    """The worth of value ``v`` to player ``p``, which ``p`` maximises.

    A scalar is from player 0's point of view, so player 1 gets ``-v`` (the Min-Max notes:
    ``max(a, b) = -min(-a, -b)``); a vector gives its ``p``-th component (Korf 3.1).

    >>> worth(5, 0), worth(5, 1), worth((1, 2, 3), 2)
    (5, -5, 3)
    """
    if isinstance(v, tuple):
        return v[p]
    return v if p == 0 else -v


def as_pair(v: Scalar) -> Vector:
    """The two-player vector ``(v, -v)`` that makes maxn compute negamax (Korf 3.1)."""
    return (v, -v)


def json_value(v: Value) -> object:
    """A value as JSON: an integer, an exact fraction as a string "p/q", a vector as a list.

    The tree format's encoding (docs/tree-format.md), here so that impl's event traces use it.

    >>> json_value((Fraction(3, 7), 2)), json_value(-4)
    (['3/7', 2], -4)
    """
    if isinstance(v, tuple):
        return [json_value(c) for c in v]
    return str(v) if isinstance(v, Fraction) else v
