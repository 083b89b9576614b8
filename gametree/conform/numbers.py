"""The number types an engine declares (``gametree conform --values``): ranges, membership, edges.

An engine holds its scores in some type: exact integers and fractions (Python's, or a big
number library), a C ``int64_t``, ``int32_t`` or ``int16_t``, an IEEE double. Skipping flags
(``--skip-flag Int64``) spares such an engine every case past a magnitude, and with them the
very numbers where it breaks: the largest and smallest values it holds. Declaring the type
instead (``--values int64``) has the gate ask every case inside the type, skip (and count)
every case outside it, and draw the type's own edges on purpose (the magnitude tier's variant,
:func:`gametree.conform.tiers.typed`): its largest and smallest values, nodes whose children
all score one of them, neighbours at an edge, values whose negation, sum or difference leaves
the type, windows at its limits, Korf's bounds at its limits.

Glossary: a *number type* is one of :data:`NUMBER_TYPES`; a number is *inside* a type when the
type holds it exactly; a case is inside a type when every number it asks is (:func:`asked`:
its leaves' values, every component of a vector, its window, Korf's bounds, MTD(f)'s first
guess, a game's utilities and evaluations); M is an integer type's largest value; an *ulp*
is the gap between a double and the next one.

The ranges (``docs/conformance.md`` says why):

- ``exact``: every number the protocol carries, integers and fractions up to the reader's
  1,000 characters. The default, and what gametree's own searches hold.
- ``int64``, ``int32``, ``int16``: the integers -M .. M, M = 2^63 - 1, 2^31 - 1, 2^15 - 1. The
  two's complement minimum -(M + 1) is outside: negamax negates every score it passes up, and
  -(-(M + 1)) is not in the type (in C it is undefined; in practice it wraps to itself). This is
  the line :data:`gametree.conform.scope.MAGNITUDE_FLAGS` draws: a case is inside ``int64``
  exactly when it earns neither ``Fraction`` nor ``Int64`` (nor ``BigInteger``).
- ``double``: the finite IEEE 754 binary64 numbers, subnormals included: 0 and ±m·2^e for
  integers 1 <= m < 2^53 and -1074 <= e <= 971. So every integer up to 2^53, and beyond it
  only those a double holds (2^60 and 2^1023, not 2^53 + 1); the dyadic fractions whose
  significand fits in 53 bits (1/2^60 and 2^-1074, not 1 + 1/2^60, not 1/3).

>>> [t.holds(-(2**63)) for t in (NUMBER_TYPES["exact"], NUMBER_TYPES["int64"])]
[True, False]
>>> [is_double(x) for x in (2**53 + 1, 2**60, Fraction(1, 2**1074), 1 + Fraction(1, 2**60))]
[False, True, True, False]
>>> next_double(1), next_double(-(2**53))
(Fraction(4503599627370497, 4503599627370496), -9007199254740991)
"""

import math
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

import attrs

from gametree.conform.scope import MAGNITUDE_FLAGS, case_numbers, magnitude_text
from gametree.spec import Leaf, Scalar, Value
from gametree.spec.chance import weighted_sums

if TYPE_CHECKING:  # only the type is read here
    from gametree.conform.codec import Case

__all__ = [
    "LARGEST_DOUBLE",
    "NUMBER_TYPES",
    "OPERATIONS",
    "NumberType",
    "NumbersError",
    "arithmetic",
    "asked",
    "ceil_double",
    "floor_double",
    "is_double",
    "next_double",
    "number_text",
    "outside",
    "previous_double",
]

LARGEST_DOUBLE = (2**53 - 1) * 2**971
"""The largest finite double, (2 - 2^-52)·2^1023: 309 digits, within the reader's limit."""

SMALLEST_DOUBLE = Fraction(1, 2**1074)
"""The smallest positive double, a subnormal: 2^-1074 (``5e-324``)."""

SMALLEST_NORMAL = Fraction(1, 2**1022)
"""The smallest positive normal double, 2^-1022: below it the precision shrinks."""


def is_double(x: Scalar) -> bool:
    """Whether an IEEE 754 binary64 double holds ``x`` exactly (``x`` finite, subnormals too).

    ``x`` = m·2^e with m odd is a double when e >= -1074 and m, shifted left as far as the
    exponent must be lowered to 971, still fits in the 53 bits of a significand.

    >>> [is_double(x) for x in (0, 2**53, LARGEST_DOUBLE, LARGEST_DOUBLE + 2**970, Fraction(1, 3))]
    [True, True, True, False, False]
    """
    if isinstance(x, Fraction):
        d = x.denominator
        if d & (d - 1):  # not a power of two: no binary fraction is x
            return False
        m, e = abs(x.numerator), 1 - d.bit_length()
    else:
        m, e = abs(x), 0
    if m == 0:
        return True
    zeros = (m & -m).bit_length() - 1
    m, e = m >> zeros, e + zeros
    return e >= -1074 and m.bit_length() + max(0, e - 971) <= 53


def _exact(f: float) -> Scalar:
    q = Fraction(f)
    return q.numerator if q.denominator == 1 else q


def floor_double(x: Scalar) -> Scalar:
    """The largest double at most ``x`` (``x`` within the doubles' range), exactly.

    >>> floor_double(1 - Fraction(1, 2**60)), floor_double(2**54 - 3), floor_double(5)
    (Fraction(9007199254740991, 9007199254740992), 18014398509481980, 5)
    """
    f = _exact(float(x))
    return f if f <= x else previous_double(f)


def ceil_double(x: Scalar) -> Scalar:
    """The smallest double at least ``x`` (``x`` within the doubles' range), exactly.

    >>> ceil_double(1 - Fraction(1, 2**60)), ceil_double(2**54 - 3)
    (1, 18014398509481982)
    """
    f = _exact(float(x))
    return f if f >= x else next_double(f)


def next_double(x: Scalar) -> Scalar:
    """The double just above the double ``x`` (``x`` below :data:`LARGEST_DOUBLE`)."""
    assert is_double(x), x
    assert x < LARGEST_DOUBLE, x
    return _exact(math.nextafter(float(x), math.inf))


def previous_double(x: Scalar) -> Scalar:
    """The double just below the double ``x`` (``x`` above ``-LARGEST_DOUBLE``)."""
    assert is_double(x), x
    assert x > -LARGEST_DOUBLE, x
    return _exact(math.nextafter(float(x), -math.inf))


Kind = Literal["exact", "integer", "double"]


class NumbersError(ValueError):
    """An engine's declared numbers that cannot be: an infinity outside its type, or not above 0."""


@attrs.frozen
class NumberType:
    """A number type an engine may hold its values in: its range, its edges, its neighbours.

    With an ``infinity`` (:meth:`within`), the numbers the engine takes for scores: those of
    the type strictly between its own -infinity and infinity.
    """

    name: str
    kind: Kind
    summary: str
    largest: Scalar | None = None
    """The largest number inside the type (``None`` for ``exact``: the reader's limit)."""
    infinity: Scalar | None = None
    """The engine's own infinity (``--infinity``), if it declared one: it holds no score of
    this magnitude or more, and an open side of the window is -infinity or infinity to it."""

    def within(self, infinity: Scalar) -> "NumberType":
        """The type as an engine that keeps ``-infinity`` and ``infinity`` for its infinities.

        Its scores are the numbers of the type strictly between them; ``infinity`` must be a
        number of the type above 0 (:class:`NumbersError` otherwise).

        >>> t = NUMBER_TYPES["int64"].within(2**63 - 1)
        >>> t.largest, t.holds(2**63 - 2), t.holds(-(2**63 - 1)), t.text()
        (9223372036854775806, True, False, 'int64, inside +-9223372036854775807 (2^63 - 1)')
        >>> hundred = NUMBER_TYPES["exact"].within(100)
        >>> hundred.holds(Fraction(199, 2)), hundred.holds(-100), hundred.largest
        (True, False, 99)
        >>> NUMBER_TYPES["int16"].within(40000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gametree.conform.numbers.NumbersError: --infinity 40000 is outside int16 (the integers ...)
        """
        if not infinity > 0:
            raise NumbersError(f"--infinity must be above 0 (got {number_text(infinity)})")
        if not self.holds(infinity):
            raise NumbersError(f"--infinity {number_text(infinity)} is outside {self.name} "
                               f"({self.range_text()})")  # fmt: skip
        if self.kind == "double":
            largest: Scalar = previous_double(infinity)
        else:
            largest = math.ceil(infinity) - 1
        return attrs.evolve(self, largest=largest, infinity=infinity)

    def holds(self, x: Scalar) -> bool:
        """Whether the type holds ``x`` exactly (and strictly inside its ``infinity``, if any)."""
        if self.infinity is not None and not -self.infinity < x < self.infinity:
            return False
        if self.kind == "exact":
            return True
        if self.kind == "double":
            return is_double(x)
        assert self.largest is not None
        return not isinstance(x, Fraction) and -self.largest <= x <= self.largest

    def read(self, written: object) -> object:
        """A reply's number as the engine meant it: under ``double`` the double it denotes.

        A double is written by the shortest text that reads back as it (JavaScript's
        ``JSON.stringify``, Python's ``repr``): 2^56 + 16 as ``72057594037927950``, which is
        not that integer but the double nearest to it. So under ``double`` every JSON number
        (an integer too) is read as the double nearest to it, as ``JSON.parse`` and ``strtod``
        read it; a ``"p/q"`` string is exact, and so is every number under another type.
        ``written`` is a JSON value; the result is the same with its numbers so read.

        >>> NUMBER_TYPES["double"].read(72057594037927950) == 2**56 + 16
        True
        >>> NUMBER_TYPES["double"].read([1, "1/3", 0.5]), NUMBER_TYPES["int64"].read(2**60 + 1)
        ([1.0, '1/3', 0.5], 1152921504606846977)
        """
        if self.kind != "double":
            return written
        if isinstance(written, list):
            return [self.read(x) for x in written]
        if type(written) is int:
            try:
                return float(written)
            except OverflowError:  # past the largest double: no double is meant, it is wrong
                return written
        return written

    def excluded_flags(self) -> frozenset[str]:
        """The content flags every case of which holds a number outside the type.

        For an integer type ``Fraction``, ``TinyFraction``; for any type with a largest
        number its own magnitude flag and those above it (:data:`MAGNITUDE_FLAGS` draws the
        same line); none for ``exact``, nor for ``double``, which holds fractions and numbers
        of every magnitude up to its largest, unless an ``infinity`` lowers it.

        >>> sorted(NUMBER_TYPES["int32"].excluded_flags())
        ['BigInteger', 'Float64', 'Fraction', 'Int32', 'Int64', 'TinyFraction']
        >>> sorted(NUMBER_TYPES["double"].within(10**6).excluded_flags())
        ['BigInteger', 'Float64', 'Int32', 'Int64']
        """
        if self.largest is None:
            return frozenset()
        big = {flag for flag, m in MAGNITUDE_FLAGS if m >= self.largest}
        if self.kind == "integer":
            big |= {"Fraction", "TinyFraction"}
        return frozenset(big)

    def range_text(self) -> str:
        """The range as the report says it."""
        inside = ""
        if self.infinity is not None:
            inside = f", strictly inside +-{number_text(self.infinity)} (--infinity)"
        if self.kind == "exact":
            return "integers and fractions, up to 1,000 characters each" + inside
        if self.kind == "double":
            return "the finite doubles, subnormals included" + inside
        m = NUMBER_TYPES[self.name].largest
        assert isinstance(m, int)
        bits = m.bit_length()
        return f"the integers -(2^{bits} - 1) .. 2^{bits} - 1" + inside

    def text(self) -> str:
        """The type as a report names it: ``int64``, or ``int64, inside +-M`` with an infinity."""
        if self.infinity is None:
            return self.name
        return f"{self.name}, inside +-{number_text(self.infinity)}"

    @property
    def declared(self) -> bool:
        """Whether the engine declared anything: a type other than ``exact``, or an infinity."""
        return self.largest is not None

    def above(self, x: Scalar) -> Scalar | None:
        """The number of the type just above ``x`` (``None`` at its top; exact: x + 1)."""
        if self.kind == "double":
            return None if x >= LARGEST_DOUBLE else next_double(x)
        return None if self.largest is not None and x >= self.largest else x + 1

    def below(self, x: Scalar) -> Scalar | None:
        """The number of the type just below ``x`` (``None`` at its bottom; exact: x - 1)."""
        if self.kind == "double":
            return None if x <= -LARGEST_DOUBLE else previous_double(x)
        return None if self.largest is not None and x <= -self.largest else x - 1

    def neighbours(self, x: Scalar) -> tuple[Scalar, ...]:
        """``x`` and the numbers of the type on either side of it (an ulp for a double)."""
        return tuple(y for y in (self.below(x), x, self.above(x)) if y is not None)

    def extremes(self) -> tuple[Scalar, ...]:
        """Its largest and smallest numbers (``()`` for ``exact``).

        For a double also its smallest magnitudes, where it underflows as it overflows at the
        largest ones.
        """
        if self.largest is None:
            return ()
        tiny = (SMALLEST_DOUBLE, -SMALLEST_DOUBLE) if self.kind == "double" else ()
        return (self.largest, -self.largest, *tiny)

    def edges(self) -> tuple[Scalar, ...]:
        """The type's edges, both signs (``()`` for ``exact``).

        Its extremes (M, -M), and for an integer type the numbers whose sum passes M; for a
        double also where integers stop being exact (2^53), where a double's ulp is 256 (2^60),
        1 (an ulp of 2^-52 above, 2^-53 below), the smallest normal double and the smallest
        subnormal one. The magnitude tier's variant draws them with their neighbours
        (:meth:`neighbours`).
        """
        if self.largest is None:
            return ()
        m = self.largest
        if self.kind != "double":
            assert isinstance(m, int)
            return _signed((m, m // 2 + 1))
        inner = (2**60, 2**53, 1, SMALLEST_NORMAL, SMALLEST_DOUBLE)
        return _signed((m, *(x for x in inner if x < m)))


def _signed(xs: tuple[Scalar, ...]) -> tuple[Scalar, ...]:
    return tuple(dict.fromkeys(s * x for x in xs for s in (1, -1)))


NUMBER_TYPES: dict[str, NumberType] = {
    t.name: t
    for t in (
        NumberType("exact", "exact", "integers and fractions of any size (the reader's limit)"),
        NumberType("int64", "integer", "64-bit two's complement integers, without -2^63",
                   dict(MAGNITUDE_FLAGS)["Int64"]),
        NumberType("int32", "integer", "32-bit two's complement integers, without -2^31",
                   dict(MAGNITUDE_FLAGS)["Int32"]),
        NumberType("int16", "integer", "16-bit two's complement integers, without -2^15",
                   dict(MAGNITUDE_FLAGS)["Int16"]),
        NumberType("double", "double", "IEEE 754 binary64, finite, subnormals included",
                   LARGEST_DOUBLE),
    )
}  # fmt: skip
"""The types ``--values`` names, by name; ``exact`` first (the default)."""


def asked(case: "Case") -> Iterator[Scalar]:
    """Every number ``case`` asks, over an explicit stack (a tree of any height is read).

    Its leaves' values (each component of a vector), its window, Korf's bounds, MTD(f)'s first
    guess, for a game each state's utility and evaluation, and for a tree with chance nodes
    the leaf bounds [L, U] and every number expectimax computes there
    (``spec.chance.weighted_sums``: a probability, a product, a sum so far).
    """
    yield from case_numbers(case)
    yield case.first_guess
    if case.interval is not None:
        yield from (case.interval.lower, case.interval.upper)
    if case.tree.chance_nodes:
        yield from weighted_sums(case.tree)
    if case.game is not None:
        for x in case.game.states:
            yield x.evaluation
            if x.utility is not None:
                yield x.utility
    stack = [case.tree]
    while stack:
        n = stack.pop()
        if isinstance(n, Leaf):
            v = n.value
            yield from v if isinstance(v, tuple) else (v,)
        else:
            stack.extend(n.children)


OPERATIONS: tuple[str, ...] = ("Sum - Best", "alpha + 1", "-alpha", "first guess +- 1",
                               "sum of two components")  # fmt: skip
"""The steps of a search whose exact result a number type may not hold, though every number
asked is inside it (:func:`arithmetic`): Korf's bound ``Sum - Best[p]`` (3.2.2), the null
window's ``alpha + 1`` (PVS, MTD(f)'s ``g + 1``), the negation of a bound one step off
(``-(alpha - 1)``: negamax passing a null window down), MTD(f)'s first guess ``+- 1``, and the
sum of two components of one vector (Korf's sum, a check against the bound)."""


def arithmetic(case: "Case", numbers: NumberType) -> frozenset[tuple[str, str]]:
    """The :data:`OPERATIONS` whose exact result the machine type of ``numbers`` does not hold.

    Each as (operation, how): ``overflows`` (an integer type, whose two's complement range is
    -(M + 1) .. M; a double past the largest, where IEEE 754 gives infinity) or ``rounds`` (a
    double: the result is not one). On the numbers as a search meets them: every scalar a
    leaf or the window holds, both signs (negamax negates them), as alpha; the first guess;
    Korf's sum bound less each component; each pair of components of one leaf. An ``exact``
    type holds every result.

    >>> from gametree.conform.codec import Case
    >>> from gametree.spec import Bounds, Node
    >>> t = NUMBER_TYPES["int16"]
    >>> sorted(arithmetic(Case("mtdf", Node(0, [32767, -32767]), first_guess=32767), t))
    [('-alpha', 'overflows'), ('alpha + 1', 'overflows'), ('first guess +- 1', 'overflows')]
    >>> d = NUMBER_TYPES["double"]
    >>> sorted(arithmetic(Case("shallow", Node(0, [(1, Fraction(1, 2**60)), (0, 0)]),
    ...                        Bounds(0, 2)), d))
    [('Sum - Best', 'rounds'), ('sum of two components', 'rounds')]
    """
    base = NUMBER_TYPES[numbers.name]
    if base.kind == "exact":
        return frozenset()
    largest = base.largest
    assert largest is not None
    m: Scalar = largest

    def leaves(x: Scalar) -> str:
        """How the type fails to hold ``x`` ("": it holds it)."""
        if base.kind == "integer":
            return "" if -m - 1 <= x <= m else "overflows"
        if not -DOUBLE_OVERFLOW < x < DOUBLE_OVERFLOW:
            return "overflows"
        return "" if is_double(x) else "rounds"

    out: set[tuple[str, str]] = set()

    def see(operation: str, results: Iterable[Scalar]) -> None:
        out.update((operation, how) for how in map(leaves, results) if how)

    scalars: set[Scalar] = set()
    vectors: set[tuple[Scalar, ...]] = set()
    for v in _leaf_values(case):
        if isinstance(v, tuple):
            vectors.add(v)
        else:
            scalars.add(v)
    scalars |= {x for x in (case.alpha, case.beta) if x is not None}
    scalars |= {-x for x in scalars}
    see("alpha + 1", (a + 1 for a in scalars))
    see("-alpha", (-(a - 1) for a in scalars if not leaves(a - 1)))
    see("first guess +- 1", (case.first_guess + 1, case.first_guess - 1))  # 0 but for MTD(f)
    see("sum of two components",
        (v[i] + v[j] for v in vectors for i in range(len(v)) for j in range(i)))  # fmt: skip
    if case.bounds is not None:
        see("Sum - Best", (case.bounds.total - c for v in vectors for c in v))
    return frozenset(out)


DOUBLE_OVERFLOW = 2**1024 - 2**970
"""The smallest magnitude IEEE 754 rounds to infinity: the largest double and half its ulp."""


def _leaf_values(case: "Case") -> Iterator[Value]:
    stack = [case.tree]
    while stack:
        n = stack.pop()
        if isinstance(n, Leaf):
            yield n.value
        else:
            stack.extend(n.children)


def number_text(x: Scalar) -> str:
    """A number as the report names it, short enough to read.

    Its sign, then an integer as :func:`magnitude_text` says it, a fraction with a power-of-two
    denominator as p/2^k, any other clipped to 40 characters.

    >>> number_text(-(2**63)), number_text(Fraction(3, 2**1074)), number_text(Fraction(1, 3))
    ('-9223372036854775808 (2^63)', '3/2^1074', '1/3')
    """
    sign, m = ("-", -x) if x < 0 else ("", x)
    if isinstance(m, int):
        return sign + magnitude_text(m)
    d = m.denominator
    if d & (d - 1) == 0:
        return f"{sign}{m.numerator}/2^{d.bit_length() - 1}"
    text = str(m)
    return sign + (text if len(text) <= 40 else f"{text[:18]}...{text[-18:]}")


def outside(values: "NumberType | str", case: "Case") -> Scalar | None:
    """The first number ``case`` asks that the type ``values`` (or its name) does not hold."""
    t = NUMBER_TYPES[values] if isinstance(values, str) else values
    if not t.declared:
        return None
    return next((x for x in asked(case) if not t.holds(x)), None)
