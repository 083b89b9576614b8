"""The methods the theorem modules share: enumeration, Hypothesis, and how a result is made.

Glossary: a *case* is one item a method decides; a *predicate* says whether the claim holds on
a case (``None`` when it does, else what is wrong, as text); a *domain* is the text that says
what the cases range over.

- :func:`exhaustive` decides every case of a finite enumeration (sharded, within a budget):
  "proved" on the stated domain when it finishes, "held" when the budget cut it short.
- :func:`hypothesis_property` runs a Hypothesis property and, if it fails, returns the
  example Hypothesis shrank to; :func:`hypothesis_find` searches for a counterexample to a
  claim known to be false, and shrinks it. Both are derandomized and draw from that seed
  alone (:func:`gametree.spec.strategies.seed_alone`), so a run is reproducible whatever
  modules the process loaded before.
- :func:`scalar_trees_of` and :func:`vector_trees_of` enumerate every tree of the given shapes
  with leaves from a finite domain, players in turn by depth.
"""

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import product
from typing import Generic, TypeVar

import attrs
from hypothesis import HealthCheck, Phase, example, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from gametree.proofs.machinery.result import (
    Counterexample,
    Expected,
    Method,
    Outcome,
    Result,
    Scope,
)
from gametree.proofs.machinery.shapes import Shape, build, by_depth, leaf_count
from gametree.spec import Bounds, Leaf, Node, Scalar, Tree, Value, Vector
from gametree.spec.strategies import seed_alone

__all__ = [
    "MIN_EXAMPLES",
    "Predicate",
    "Sweep",
    "exhaustive",
    "hypothesis_find",
    "hypothesis_property",
    "result",
    "scalar_trees_of",
    "vector_trees_of",
    "vectors_within",
]

X = TypeVar("X")

Predicate = Callable[[X], str | None]
"""Checks one case: ``None`` if the claim holds on it, else what is wrong."""


@attrs.frozen
class Sweep(Generic[X]):
    """What a method found: the cases decided, a counterexample and what is wrong with it."""

    decided: int
    counterexample: X | None = None
    problem: str = ""
    finished: bool = True
    """Whether every case was decided (an enumeration not cut short by its budget)."""


def exhaustive(cases: Iterable[X], predicate: Predicate[X], scope: Scope) -> Sweep[X]:
    """Decide every case of the enumeration that is in ``scope``'s shard, within its budget.

    Stops at the first counterexample.
    """
    decided = 0
    for position, case in enumerate(cases):
        if not scope.shard.takes(position):
            continue
        if scope.budget.expired():
            return Sweep(decided, finished=False)
        problem = predicate(case)
        decided += 1
        if problem is not None:
            return Sweep(decided, case, problem)
    return Sweep(decided)


MIN_EXAMPLES = 10
"""The examples a Hypothesis property runs whatever its budget (each takes milliseconds)."""


def hypothesis_property(
    strategy: st.SearchStrategy[X],
    predicate: Predicate[X],
    *,
    max_examples: int,
    scope: Scope,
    examples: Sequence[X] = (),
) -> Sweep[X]:
    """Run a Hypothesis property: the examples tried and the shrunk counterexample, if any.

    ``examples`` run first, as ``@example`` would run them (the pinned counterexamples of
    :mod:`proofs.pinned`). Derandomized (the seed is fixed by the strategy and ``scope``'s
    shard), with no example database, so the same run gives the same answer. When the budget is
    spent the run stops, but not before :data:`MIN_EXAMPLES` examples (or ``max_examples``, if
    fewer): however loaded the machine, a property says something.
    """
    tried = 0
    failing: list[tuple[X, str]] = []

    @settings(
        max_examples=max_examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        phases=[Phase.explicit, Phase.generate, Phase.shrink],
        report_multiple_bugs=False,
    )
    @given(strategy)
    def prop(x: X) -> None:
        nonlocal tried
        if tried >= MIN_EXAMPLES and scope.budget.expired():
            raise _OutOfTime
        tried += 1
        problem = predicate(x)
        if problem is not None:
            failing.append((x, problem))
            raise AssertionError(problem)

    for x in reversed(examples):
        prop = example(x)(prop)
    try:
        with seed_alone():
            prop()
    except AssertionError:
        x, problem = failing[-1]
        return Sweep(tried, x, problem)
    except _OutOfTime:
        if failing:  # the budget ran out while Hypothesis was shrinking a counterexample
            x, problem = failing[-1]
            return Sweep(tried, x, problem)
        return Sweep(tried, finished=False)
    return Sweep(tried)


class _OutOfTime(BaseException):
    """Raised inside a Hypothesis test when the budget is spent.

    It is not a failure, so it derives from ``BaseException``, which Hypothesis lets through
    instead of shrinking it.
    """


def hypothesis_find(
    strategy: st.SearchStrategy[X],
    condition: Callable[[X], bool],
    *,
    max_examples: int,
) -> X | None:
    """The smallest example Hypothesis finds for which ``condition`` holds, or ``None``."""
    try:
        with seed_alone():
            return find(
                strategy,
                condition,
                settings=settings(
                    max_examples=max_examples,
                    derandomize=True,
                    database=None,
                    deadline=None,
                    suppress_health_check=list(HealthCheck),
                ),
            )
    except NoSuchExample:
        return None


def vectors_within(players: int, bounds: Bounds) -> list[Vector]:
    """Every integer vector within integer ``bounds``, in lexicographic order."""
    low, budget = int(bounds.lower), int(bounds.total - players * bounds.lower)
    out: list[tuple[int, ...]] = [()]
    for _ in range(players):
        out = [(*v, c) for v in out for c in range(budget - sum(v) + 1)]
    return [tuple(low + c for c in v) for v in out]


def scalar_trees_of(shapes: Sequence[Shape], values: Sequence[Scalar]) -> Iterator[Tree]:
    """Every two-player tree of ``shapes`` with leaves from ``values``, players in turn."""
    for s in shapes:
        for vs in product(values, repeat=leaf_count(s)):
            yield _build_scalar(s, vs)


def _build_scalar(s: Shape, values: Sequence[Scalar]) -> Tree:
    it = iter(values)

    def grow(x: Shape, depth: int) -> Tree:
        if x is None:
            return Leaf(next(it))
        return Node(depth % 2, [grow(c, depth + 1) for c in x])

    return grow(s, 0)


def vector_trees_of(
    shapes: Sequence[Shape], vectors: Sequence[Value], players: int
) -> Iterator[Tree]:
    """Every N-player tree of ``shapes`` with leaves from ``vectors``, players in turn."""
    for s in shapes:
        for vs in product(vectors, repeat=leaf_count(s)):
            yield build(s, vs, by_depth(players))  # type: ignore[arg-type]


def result(
    *,
    theorem: str,
    claim: str,
    method: Method,
    expected: Expected,
    cases: int,
    domain: str,
    counterexample: Counterexample | None,
    finished: bool,
    scope: Scope,
    started: float,
    detail: str = "",
    sampled: bool = False,
) -> Result:
    """A :class:`Result` with the outcome the evidence supports.

    A counterexample makes it ``failed``; otherwise an enumeration that finished makes it
    ``proved`` on its domain, a sample or an unfinished enumeration ``held``, and no case at
    all ``unknown``.
    """
    outcome: Outcome
    if counterexample is not None:
        outcome = "failed"
    elif cases == 0:
        outcome = "unknown"
    elif finished and not sampled:
        outcome = "proved"
    else:
        outcome = "held"
    if not finished and counterexample is None and not sampled:
        detail = (detail + "; " if detail else "") + "budget spent before the enumeration ended"
    return Result(
        theorem,
        claim,
        method,
        cases,
        domain + (f"; shard {scope.shard}" if scope.shard.n > 1 else ""),
        outcome,
        expected,
        counterexample,
        detail,
        time.monotonic() - started,
    )
