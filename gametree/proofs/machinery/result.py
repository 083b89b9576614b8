"""What a check of a theorem returns, the budget it runs within, and the theorems themselves.

Glossary: a *theorem* is a published claim (or a corrected one) connecting ``spec`` and
``impl``; a *check* is one method applied to one claim; a *case* is one thing the method
decided (a tree, a tree shape, a leaf of a tree, a Hypothesis example); the *budget* is the
wall-clock time a check may take.

**Outcomes**, strongest first:

- ``proved``: the claim was decided for every case of a stated domain, and holds on all of
  them: every tree of a bounded enumeration, every path of a symbolic execution that CrossHair
  confirmed, an SMT query that is unsatisfiable.
- ``held``: no counterexample among the cases tried, but the domain was sampled (Hypothesis,
  random trees) or an enumeration was cut short by its budget.
- ``failed``: a counterexample was found, and checked against ``spec``.
- ``unknown``: nothing was decided (the budget ran out before the first case, the solver said
  "unknown", or a tool did not run).

Every check also says what the project *expects*: a claim that is true is expected to hold, a
claim that is false (deep pruning with three players, Korf's Theorem 1 as printed) is expected
to fail, and then the counterexample is the result. A check *disagrees* when a claim expected
to hold fails, or a claim expected to fail is found to hold over a whole domain that contains
the known counterexample; ``gametree prove`` exits with 1 then. ``unknown`` never disagrees.
"""

import math
import time
from collections.abc import Sequence
from typing import Literal, Protocol

import attrs

from gametree.proofs.machinery.claims import Claim, Flaw
from gametree.spec import Bounds, Tree

__all__ = [
    "Budget",
    "Check",
    "Counterexample",
    "Expected",
    "Method",
    "Outcome",
    "Reach",
    "Result",
    "Scope",
    "Shard",
    "Theorem",
    "parse_shard",
]

Outcome = Literal["proved", "held", "failed", "unknown"]
"""What a check found: see the module docstring."""

Expected = Literal["holds", "fails"]
"""What the project knows about a claim: it holds, or it fails (a counterexample is known)."""

Method = Literal[
    "symbolic (CrossHair)",
    "SMT (z3)",
    "bounded-exhaustive",
    "witness",
    "property (Hypothesis)",
    "stateful (Hypothesis)",
    "diffbehavior (CrossHair)",
]
"""The methods of DESIGN.md, "How claims are checked", plus the exact SMT decision and
CrossHair's ``diffbehavior`` between an ``impl`` function and its ``spec`` counterpart."""

Reach = Literal["per shape", "within a bound", "on samples"]
"""How far a check reaches when it finds what it looks for: every value on each shape it
tries; every case of a finite domain (an enumeration, the stated witnesses); or a sample. A run
may reach less (:func:`gametree.proofs.machinery.everywhere.level` says what each did)."""


@attrs.define
class Budget:
    """Wall-clock seconds a check may take, counted from when the budget was made.

    ``Budget.unlimited()`` never expires: tests use it with explicit case counts, so that what
    they check does not depend on the speed of the machine.

    >>> Budget.unlimited().expired(), Budget(0).expired()
    (False, True)
    """

    seconds: float
    started: float = attrs.field(factory=time.monotonic)

    @classmethod
    def unlimited(cls) -> "Budget":
        """A budget that never runs out."""
        return cls(math.inf)

    def remaining(self) -> float:
        """Seconds left (0 when spent; ``inf`` for an unlimited budget)."""
        return max(0.0, self.seconds - (time.monotonic() - self.started))

    def expired(self) -> bool:
        """Whether the time is spent."""
        return self.remaining() <= 0

    def part(self, fraction: float) -> "Budget":
        """A budget of ``fraction`` of what is left of this one, starting now."""
        if not 0 < fraction <= 1:
            raise ValueError(f"a part of a budget is a fraction in (0, 1] (got {fraction})")
        return Budget(self.remaining() * fraction)


@attrs.frozen
class Shard:
    """The k-th of n parts of an enumeration (k counts from 1).

    It takes the items at positions k - 1 modulo n, so that n processes or CI jobs can
    split an enumeration between them.

    >>> [i for i in range(7) if Shard(2, 3).takes(i)]
    [1, 4]
    """

    k: int
    n: int

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.k <= self.n:
            raise ValueError(f"a shard is k/n with 1 <= k <= n (got {self.k}/{self.n})")

    def takes(self, position: int) -> bool:
        """Whether the item at ``position`` (from 0) of the enumeration is in this shard."""
        return position % self.n == self.k - 1

    def __str__(self) -> str:
        return f"{self.k}/{self.n}"


def parse_shard(s: str) -> Shard:
    """Read ``"k/n"``, as the command line gives it.

    >>> parse_shard("2/3")
    Shard(k=2, n=3)
    """
    k, sep, n = s.partition("/")
    if not sep or not k.strip().isdigit() or not n.strip().isdigit():
        raise ValueError(f"a shard is written k/n, e.g. 1/4 (got {s!r})")
    return Shard(int(k), int(n))


@attrs.frozen
class Scope:
    """How much a check covers: its time, the fast or the full set of cases, and a shard.

    The fast set is what ``gametree prove`` runs by default and CI runs; ``full`` selects the
    larger domains (more shapes, more players), meant to be split with ``shard``.
    """

    budget: Budget
    full: bool = False
    shard: Shard = Shard(1, 1)

    def part(self, fraction: float) -> "Scope":
        """The same scope with ``fraction`` of the remaining time."""
        return attrs.evolve(self, budget=self.budget.part(fraction))


@attrs.frozen
class Counterexample:
    """A tree (with Korf's bounds when they matter) on which a claim fails, and how.

    ``tree`` is ``None`` only for a counterexample a tool reports as text (CrossHair's), which
    ``note`` then holds.
    """

    tree: Tree | None
    note: str
    bounds: Bounds | None = None


@attrs.frozen
class Result:
    """One method's verdict on one claim: what was checked, how much, and what came of it."""

    theorem: str
    """The name of the theorem (:attr:`Theorem.name`)."""
    claim: str
    """The claim checked, stated precisely enough to be refuted (one line)."""
    method: Method
    cases: int
    """How many cases the method decided."""
    domain: str
    """What the cases range over, e.g. "every tree of 3-vectors summing to at most 3, ..."."""
    outcome: Outcome
    expected: Expected
    counterexample: Counterexample | None = None
    detail: str = ""
    seconds: float = 0.0

    @property
    def agrees(self) -> bool | None:
        """Whether the outcome is what the project expects (``None`` when nothing was decided).

        A claim expected to fail agrees when it failed; found to hold on a sample only, it
        does not disagree either (a sample may miss the counterexample), so that is ``None``.
        """
        if self.outcome == "unknown":
            return None
        if self.expected == "holds":
            return self.outcome in ("proved", "held")
        if self.outcome == "failed":
            return True
        return False if self.outcome == "proved" else None


class Check(Protocol):
    """One check of a theorem, as data (:mod:`gametree.proofs.machinery.checks` has the kinds)."""

    @property
    def share(self) -> float:
        """Its fraction of what is left of the theorem's budget when its turn comes."""

    @property
    def full_only(self) -> bool:
        """Whether it runs with ``--full`` only."""

    @property
    def methods(self) -> tuple[Method, ...]:
        """The methods it uses."""

    @property
    def reach(self) -> Reach:
        """How far it reaches when it finds what it looks for."""

    def run(self, theorem: str, scope: Scope) -> list[Result]:
        """Its results on ``scope``, for the theorem called ``theorem``."""


@attrs.frozen(kw_only=True)
class Theorem:
    """A claim of the literature, where it comes from, the checks that test it, and its proofs.

    One place for each theorem (a module of :mod:`gametree.proofs.theorems`): its statement and
    source, its checks, the claims a verifier proves of it for every tree, each pinned to the
    ``impl`` function its verified code restates, and the flaws seeded to show the proofs are
    not vacuous (:mod:`gametree.proofs.machinery.claims`).
    """

    name: str
    """Its name: ``gametree prove NAME`` takes it, and the reports call it so."""
    title: str
    statement: str
    """The claim as the source states it (quoted where the source words it)."""
    source: str
    """The work and section, exactly."""
    status: str
    """What the checks and proofs establish, in one or two sentences (for proofs/README.md)."""
    module: str
    checks: Sequence[Check]
    """Its checks, in the order they run (at least two methods, or the module says why not)."""
    claims: tuple[Claim, ...] = ()
    """What a verifier proves of it for every tree."""
    flaws: tuple[Flaw, ...] = ()
    """The flaws seeded in the verified files of its claims."""
    open: tuple[str, ...] = ()
    """What of its statement no verifier proves for every tree (its claims say exactly what
    they prove; this, what they leave)."""
    weight: float = 1.0
    """Its share of a budget split over several theorems."""

    @property
    def methods(self) -> tuple[Method, ...]:
        """The methods its checks use, in the order they first run."""
        return tuple(dict.fromkeys(m for c in self.checks for m in c.methods))

    def check(self, scope: Scope) -> list[Result]:
        """Every check that runs in ``scope``, in order, each within its share of what is left.

        The last one to run takes all that is left.
        """
        chosen = [c for c in self.checks if scope.full or not c.full_only]
        out: list[Result] = []
        for i, c in enumerate(chosen):
            out.extend(c.run(self.name, scope.part(1.0 if i == len(chosen) - 1 else c.share)))
        return out
