"""The contract functions the kernels use, typed, with the run-time meaning Nagini gives them.

Nagini's own ``nagini_contracts.contracts`` evaluates a contract's argument and ignores it;
this stand-in does the same, typed for ``mypy --strict``, with two differences that let the
kernels run as ordinary Python (the tests run them against ``spec`` and ``impl``):

- a ``@Predicate`` is permission bookkeeping, meaningless at run time, so the decorated
  function is replaced by one that holds for every argument (its body, which may read a field
  of ``None`` behind an ``Implies``, is never run);
- ``Result()`` stands for a return value not known when a postcondition is evaluated (on
  entry), so it is a value that satisfies every comparison (and has a length and items, for
  a sequence's postcondition).

A quantifier (``Forall``) is not evaluated, as over the integers it could not be. Only the
names the kernels use are here; a kernel that needs another adds it, with the
signature of Nagini 1.2.0's.
"""

# ruff: noqa: N802, FBT001 - Nagini's names and signatures (it recognises the names)

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar, cast

__all__ = [
    "Acc",
    "Decreases",
    "Ensures",
    "Forall",
    "Implies",
    "PSeq",
    "Predicate",
    "Pure",
    "Requires",
    "Result",
    "Unfold",
    "Unfolding",
]

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., object])


def Requires(expr: bool) -> bool:  # noqa: ARG001 - a contract: read by Nagini, not at run time
    """A precondition."""
    return True


def Ensures(expr: bool) -> bool:  # noqa: ARG001 - as above
    """A postcondition (``Result()`` is the value returned)."""
    return True


def Decreases(expr: object, condition: bool = True) -> bool:  # noqa: ARG001, FBT002 - as above
    """A termination measure: an int, a predicate instance, or ``None`` (no recursion)."""
    return True


def Implies(p: bool, q: bool) -> bool:
    """``p ==> q``."""
    return not p or q


def Forall(domain: type[T], predicate: Callable[[T], object]) -> bool:  # noqa: ARG001 - as above
    """``forall x: predicate(x)`` (with triggers, ``predicate`` returns ``(body, [[...]])``)."""
    return True


def Acc(field: object, ratio: float = 1) -> bool:  # noqa: ARG001 - as above
    """Permission to a field."""
    return True


def Unfold(predicate: bool) -> None:
    """Exchange a predicate instance for its body."""


def Unfolding(predicate: bool, expr: T) -> T:  # noqa: ARG001 - as above
    """``expr``, evaluated with ``predicate`` unfolded."""
    return expr


class _Unknown:
    """The value ``Result()`` stands for in a postcondition evaluated on entry: any value."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return True

    def __lt__(self, other: object) -> bool:
        return True

    def __le__(self, other: object) -> bool:
        return True

    def __gt__(self, other: object) -> bool:
        return True

    def __ge__(self, other: object) -> bool:
        return True

    def __bool__(self) -> bool:
        return True

    def __len__(self) -> int:
        return 0

    def __getitem__(self, i: int) -> "_Unknown":
        return self

    __hash__ = object.__hash__


def Result() -> Any:  # Nagini's type: any function's result
    """The value the function returns (in a postcondition)."""
    return _Unknown()


class PSeq(Generic[T]):
    """An immutable sequence (Viper's ``Seq``): ``PSeq(a, b, c)``, indexed and measured."""

    def __init__(self, *args: T) -> None:
        self._items = args

    def __getitem__(self, i: int) -> T:
        return self._items[i]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PSeq) and self._items == other._items

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"PSeq{self._items!r}"


def Pure(func: F) -> F:
    """A side-effect-free function, usable in contracts."""
    return func


def _holds(*args: object) -> bool:  # noqa: ARG001 - every argument
    return True


def Predicate(func: F) -> F:  # noqa: ARG001 - the body is never run
    """A predicate: permissions, and facts Nagini proves where they are needed."""
    return cast("F", _holds)
