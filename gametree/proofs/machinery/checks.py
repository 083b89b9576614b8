"""A theorem's checks as data, and the one place that runs them and makes their results.

A theorem module states its claims and lists its checks (``Theorem.checks``): each a
record saying the claim, the method, the cases or the strategy, the domain in words, and its
share of the theorem's budget. Everything else is here, once: timing, the sweep and its
counterexample, the claim written into the result, the shard in the domain, the outcome.

Glossary: a *case* is one item a check decides (a tree, a tree with its bounds or windows, a leaf);
its *tree* is what a counterexample shows (:func:`tree_of` and :func:`tree_and_bounds` say how to
get it from a case); a *share* is the fraction of what is left of the theorem's budget that the
check may take when its turn comes (the last check that runs takes all that is left:
:meth:`gametree.proofs.machinery.result.Theorem.check`). A check marked ``full_only`` runs with
``--full`` only.
"""

import time
from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar, Generic, TypeVar

import attrs
from hypothesis import strategies as st

from gametree.proofs.machinery._methods import (
    Predicate,
    exhaustive,
    hypothesis_find,
    hypothesis_property,
    result,
)
from gametree.proofs.machinery.diffbehavior import PAIRS, diffbehavior_result
from gametree.proofs.machinery.result import Counterexample, Expected, Method, Reach, Result, Scope
from gametree.proofs.machinery.shapes import Shape
from gametree.proofs.machinery.symbolic import Kind, shapes_of, symbolic_result
from gametree.spec import Bounds, Tree

__all__ = [
    "Custom",
    "Diffbehavior",
    "Exhaustive",
    "Find",
    "Property",
    "Replayed",
    "Symbolic",
    "tree_and_bounds",
    "tree_of",
]

X = TypeVar("X")

Scoped = str | Callable[[Scope], str]
"""Text that may depend on the scope (the fast or the full set of cases)."""

Shown = Callable[[X], tuple[Tree | None, Bounds | None]]
"""What a counterexample shows of a failing case: its tree, and the bounds it keeps to."""


def tree_of(case: object) -> tuple[Tree | None, Bounds | None]:
    """A case that is a tree, or a tuple whose first item is the tree (bounds not shown)."""
    t = case[0] if isinstance(case, tuple) else case
    return t, None  # type: ignore[return-value]


def tree_and_bounds(case: tuple[Tree, Bounds]) -> tuple[Tree | None, Bounds | None]:
    """A case that is a tree and the bounds its leaves keep to."""
    return case


def _text(x: Scoped, scope: Scope) -> str:
    return x if isinstance(x, str) else x(scope)


def _counterexample(
    case: X | None, problem: str, shown: Shown[X], note: Callable[[X, str], str] | None = None
) -> Counterexample | None:
    if case is None:
        return None
    t, bounds = shown(case)
    return Counterexample(t, problem if note is None else note(case, problem), bounds)


@attrs.frozen(kw_only=True)
class Exhaustive(Generic[X]):
    """Every case of a finite enumeration decided (sharded, within the budget).

    "proved" on the domain when it finishes; "held" when the budget cut it short. With
    ``sharded=False`` every shard runs it whole (a search for the smallest counterexample).
    """

    claim: str
    cases: Callable[[Scope], Iterable[X]]
    predicate: Predicate[X]
    domain: Scoped
    share: float = 1.0
    expected: Expected = "holds"
    method: Method = "bounded-exhaustive"
    shown: Shown[X] = tree_of
    note: Callable[[X, str], str] | None = None
    """The counterexample's note from the case and the predicate's problem (default: it)."""
    sharded: bool = True
    full_only: bool = False

    reach: ClassVar[Reach] = "within a bound"

    @property
    def methods(self) -> tuple[Method, ...]:
        """The method it uses."""
        return (self.method,)

    def run(self, theorem: str, scope: Scope) -> list[Result]:
        """Its result on ``scope``."""
        started = time.monotonic()
        within = scope if self.sharded else Scope(scope.budget)
        sweep = exhaustive(self.cases(scope), self.predicate, within)
        c = _counterexample(sweep.counterexample, sweep.problem, self.shown, self.note)
        return [
            result(
                theorem=theorem,
                claim=self.claim,
                method=self.method,
                expected=self.expected,
                cases=sweep.decided,
                domain=_text(self.domain, scope),
                counterexample=c,
                finished=sweep.finished,
                scope=within,
                started=started,
            )
        ]


@attrs.frozen(kw_only=True)
class Property(Generic[X]):
    """A Hypothesis property: derandomized, the pinned ``examples`` first, a failure shrunk.

    "held" when no example fails (a sample proves nothing on a domain).
    """

    claim: str
    strategy: Callable[[], st.SearchStrategy[X]]
    predicate: Predicate[X]
    domain: Scoped
    max_examples: int
    max_examples_full: int | None = None
    """With ``--full`` (default: ``max_examples``)."""
    examples: Callable[[], Sequence[X]] = tuple
    share: float = 1.0
    method: Method = "property (Hypothesis)"
    shown: Shown[X] = tree_of
    note: Callable[[X, str], str] | None = None
    full_only: bool = False

    reach: ClassVar[Reach] = "on samples"

    @property
    def methods(self) -> tuple[Method, ...]:
        """The method it uses."""
        return (self.method,)

    def run(self, theorem: str, scope: Scope) -> list[Result]:
        """Its result on ``scope``."""
        started = time.monotonic()
        full = self.max_examples if self.max_examples_full is None else self.max_examples_full
        sweep = hypothesis_property(
            self.strategy(),
            self.predicate,
            max_examples=full if scope.full else self.max_examples,
            scope=scope,
            examples=self.examples(),
        )
        c = _counterexample(sweep.counterexample, sweep.problem, self.shown, self.note)
        return [
            result(
                theorem=theorem,
                claim=self.claim,
                method=self.method,
                expected="holds",
                cases=sweep.decided,
                domain=_text(self.domain, scope),
                counterexample=c,
                finished=sweep.finished,
                scope=scope,
                started=started,
                sampled=True,
            )
        ]


@attrs.frozen(kw_only=True)
class Find(Generic[X]):
    """Hypothesis searching for a counterexample to a claim known to be false, shrinking it.

    One case when found ("failed", as expected), none when not ("unknown").
    """

    claim: str
    strategy: Callable[[], st.SearchStrategy[X]]
    condition: Callable[[X], bool]
    """Whether the claim fails on the example."""
    note: Callable[[X], str]
    domain: str
    max_examples: int
    bounds: Bounds | None = None
    share: float = 1.0
    full_only: bool = False

    reach: ClassVar[Reach] = "on samples"

    methods: ClassVar[tuple[Method, ...]] = ("property (Hypothesis)",)

    def run(self, theorem: str, scope: Scope) -> list[Result]:
        """Its result on ``scope``."""
        started = time.monotonic()
        found = hypothesis_find(self.strategy(), self.condition, max_examples=self.max_examples)
        return [
            result(
                theorem=theorem,
                claim=self.claim,
                method="property (Hypothesis)",
                expected="fails",
                cases=0 if found is None else 1,
                domain=self.domain,
                counterexample=None
                if found is None
                else Counterexample(found, self.note(found), self.bounds),  # type: ignore[arg-type]
                finished=True,
                scope=scope,
                started=started,
                sampled=True,
            )
        ]


@attrs.frozen(kw_only=True)
class Symbolic:
    """CrossHair on every target, per shape with symbolic leaves (:mod:`proofs.symbolic`).

    ``shapes`` are the fast run's; with ``--full``, every shape up to ``max_leaves`` leaves is
    added (``max_leaves=None``: the fast shapes only).
    """

    claim: str
    targets: tuple[str, ...]
    shapes: tuple[str, ...]
    max_leaves: int | None
    kind: Kind
    per_condition: float
    per_condition_full: float | None = None
    players: int = 2
    share: float = 1.0
    full_only: bool = False

    reach: ClassVar[Reach] = "per shape"

    methods: ClassVar[tuple[Method, ...]] = ("symbolic (CrossHair)",)

    def _shapes(self, scope: Scope) -> list[Shape]:
        if self.max_leaves is None:
            return shapes_of(self.shapes, Scope(scope.budget), max_leaves=0)
        return shapes_of(self.shapes, scope, max_leaves=self.max_leaves)

    def run(self, theorem: str, scope: Scope) -> list[Result]:
        """Its result on ``scope``."""
        full = self.per_condition if self.per_condition_full is None else self.per_condition_full
        return [
            symbolic_result(
                theorem=theorem,
                claim=self.claim,
                targets=self.targets,
                shapes=self._shapes(scope),
                kind=self.kind,
                players=self.players,
                per_condition=full if scope.full else self.per_condition,
                scope=scope,
            )
        ]


@attrs.frozen(kw_only=True)
class Diffbehavior:
    """CrossHair ``diffbehavior`` on the pairs ``PAIRS[pairs]`` (:mod:`proofs.diffbehavior`)."""

    claim: str
    pairs: str
    shapes: tuple[Shape, ...] | None = None
    per_condition: float | None = None
    share: float = 1.0
    full_only: bool = False

    reach: ClassVar[Reach] = "per shape"

    methods: ClassVar[tuple[Method, ...]] = ("diffbehavior (CrossHair)",)

    def run(self, theorem: str, scope: Scope) -> list[Result]:
        """Its result on ``scope``."""
        return [
            diffbehavior_result(
                theorem=theorem,
                claim=self.claim,
                pairs=PAIRS[self.pairs],
                scope=scope,
                shapes=self.shapes,
                per_condition=self.per_condition,
            )
        ]


@attrs.frozen(kw_only=True)
class Replayed(Generic[X]):
    """Stored counterexamples to a false claim, each checked afresh by ``replay``.

    "failed" (as expected) with the first as the counterexample when every one replays;
    "unknown", naming what went wrong, when one does not or none is stored.
    """

    claim: str
    stored: Callable[[], Sequence[X]]
    replay: Callable[[X], str | None]
    """``None`` if the stored case is a counterexample still, else what is wrong."""
    name: Callable[[X], str]
    shown: Callable[[X], Counterexample]
    domain: str
    share: float = 1.0
    full_only: bool = False

    reach: ClassVar[Reach] = "within a bound"

    methods: ClassVar[tuple[Method, ...]] = ("witness",)

    def run(self, theorem: str, scope: Scope) -> list[Result]:  # noqa: ARG002 - no budget: a few cases
        """Its result (every stored case, whatever the budget)."""
        started = time.monotonic()
        stored = self.stored()
        problems = [f"{self.name(c)}: {p}" for c in stored if (p := self.replay(c)) is not None]
        ok = stored and not problems
        return [
            Result(
                theorem,
                self.claim,
                "witness",
                len(stored),
                self.domain,
                "failed" if ok else "unknown",
                "fails",
                self.shown(stored[0]) if ok else None,
                "; ".join(problems),
                time.monotonic() - started,
            )
        ]


@attrs.frozen(kw_only=True)
class Custom:
    """A check of its own kind: ``run`` makes its results (witnesses built for the theorem)."""

    run_on: Callable[[Scope], Result | list[Result]]
    methods: tuple[Method, ...]
    reach: Reach
    share: float = 1.0
    full_only: bool = False

    def run(self, theorem: str, scope: Scope) -> list[Result]:  # noqa: ARG002 - its results say it
        """Its results on ``scope``."""
        out = self.run_on(scope)
        return out if isinstance(out, list) else [out]
