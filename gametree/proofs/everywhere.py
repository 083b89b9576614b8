"""How strongly each theorem is established: for every tree, per shape, within a bound, on samples.

The strongest claims are proved **for every tree** by a verifier that runs outside the test
environment and stores what it found, with the SHA-256 of each source it verified: Nagini over
the integers (:mod:`gametree.proofs.nagini`), Why3 over the rationals
(:mod:`gametree.proofs.why3`). An installed gametree cannot run a verifier; it reports the
stored results and says when a source has changed since. :data:`VERIFIERS` names them: each is a
package of ``gametree.proofs`` with the functions of :class:`Verifier`, and adding one is adding
its name there.

The other claims come from the checks ``gametree prove`` runs (:mod:`gametree.proofs.checks`),
and their strength from the method and what it found (:func:`level`):

- **per shape**: decided for every value on each tree shape tried (CrossHair's symbolic
  execution or ``diffbehavior``, an SMT query), outcome ``proved``;
- **within a bound**: every tree of an enumeration, or the stated witnesses, outcome
  ``proved``;
- **on samples**: no counterexample in the cases tried (Hypothesis, random trees, or an
  enumeration the budget cut short), outcome ``held``;
- **refuted**: a counterexample (``failed``), which for a false published claim is the result.
"""

import importlib
import textwrap
from collections.abc import Sequence
from typing import Any, Literal, Protocol, runtime_checkable

import attrs

from gametree.proofs.result import Method, Result

__all__ = [
    "LEVELS",
    "VERIFIERS",
    "Level",
    "Summary",
    "Verifier",
    "level",
    "proved_everywhere",
    "summaries",
    "summary_json",
    "summary_text",
    "verifiers",
]

VERIFIERS: tuple[str, ...] = ("nagini", "why3")
"""The packages of ``gametree.proofs`` whose stored results prove claims for every tree."""


@runtime_checkable
class Verifier(Protocol):
    """What a verifier's package provides (as :mod:`gametree.proofs.nagini` does).

    ``proved_json`` gives one record per claim with at least ``theorem`` (its number in
    ``proofs.THEOREMS``), ``name``, ``claim`` (the statement as the verifier reads it),
    ``verdict`` (``"verified"``, ``"failed"`` or ``None`` when nothing is stored), ``tool``,
    ``sha256`` (of the source verified), ``current_sha256`` and ``current`` (whether the source
    is still the one verified).
    """

    def stored(self) -> Any:
        """The stored results."""

    def proved(self, results: Any, theorems: "set[int] | None" = None) -> list[Any]:
        """Each claim (of ``theorems``, or all) with its stored result."""

    def proved_text(self, rows: list[Any]) -> str:
        """The lines ``gametree prove`` prints about them."""

    def proved_json(self, rows: list[Any]) -> list[dict[str, Any]]:
        """The records ``gametree prove --json`` gives for them."""


def verifiers() -> list[Verifier]:
    """The packages named by :data:`VERIFIERS`, imported (``TypeError`` if one lacks a function)."""
    out: list[Verifier] = []
    for name in VERIFIERS:
        module = importlib.import_module(f"gametree.proofs.{name}")
        if not isinstance(module, Verifier):
            raise TypeError(
                f"gametree.proofs.{name} is not a verifier: it needs stored, proved, "
                "proved_text and proved_json (gametree.proofs.everywhere.Verifier)"
            )
        out.append(module)
    return out


@attrs.frozen
class Stored:
    """One verifier's stored results for the theorems asked about."""

    verifier: Verifier
    rows: list[Any]

    def text(self) -> str:
        """As ``gametree prove`` prints it."""
        return self.verifier.proved_text(self.rows)

    def records(self) -> list[dict[str, Any]]:
        """As ``gametree prove --json`` gives it."""
        return self.verifier.proved_json(self.rows)


def proved_everywhere(theorems: set[int] | None = None) -> list[Stored]:
    """Every verifier's stored results (of ``theorems``, or all), those with none left out."""
    out = []
    for v in verifiers():
        rows = v.proved(v.stored(), theorems)
        if rows:
            out.append(Stored(v, rows))
    return out


Level = Literal["every tree", "per shape", "within a bound", "on samples", "refuted", "unknown"]

LEVELS: tuple[Level, ...] = (
    "every tree",
    "per shape",
    "within a bound",
    "on samples",
    "refuted",
    "unknown",
)
"""Strongest first."""

_PER_SHAPE: frozenset[Method] = frozenset(
    {"symbolic (CrossHair)", "diffbehavior (CrossHair)", "SMT (z3)"}
)


def level(r: Result) -> Level:
    """How strongly ``r`` establishes its claim (see the module docstring)."""
    if r.outcome == "failed":
        return "refuted"
    if r.outcome == "held":
        return "on samples"
    if r.outcome == "unknown":
        return "unknown"
    return "per shape" if r.method in _PER_SHAPE else "within a bound"


@attrs.frozen
class Claim:
    """One claim at one level: what it says and what established it."""

    claim: str
    by: str
    """The tool or method, and for a stored verification its verdict and source hash."""
    current: bool = True
    """False for a stored verification whose source has changed since."""


@attrs.frozen
class Summary:
    """One theorem: its claims, grouped by :data:`LEVELS`."""

    theorem: int
    levels: dict[Level, list[Claim]]


def summaries(
    numbers: Sequence[int], results: Sequence[Result], stored: Sequence[Stored]
) -> list[Summary]:
    """The theorems numbered ``numbers``, their claims grouped by level, strongest first."""
    out = []
    for n in numbers:
        levels: dict[Level, list[Claim]] = {}
        for s in stored:
            for rec in s.records():
                if rec["theorem"] == n and rec["verdict"] == "verified":
                    by = f"{rec['tool']}, stored, source {str(rec['sha256'])[:12]}"
                    if not rec["current"]:
                        by += " (the source has CHANGED since)"
                    claim = Claim(f"{rec['name']}: {rec['claim']}", by, bool(rec["current"]))
                    levels.setdefault("every tree", []).append(claim)
        for r in results:
            if r.theorem == n:
                by = f"{r.method}, {r.cases} case{'' if r.cases == 1 else 's'}"
                if r.expected == "fails":
                    by += ", a claim known to be false"
                levels.setdefault(level(r), []).append(Claim(r.claim, by))
        out.append(Summary(n, {lv: levels[lv] for lv in LEVELS if lv in levels}))
    return out


def summary_text(rows: Sequence[Summary], *, width: int = 100) -> str:
    """The summary as ``gametree prove`` prints it: per theorem, per level, claim and method."""
    lines = ["How strongly each claim is established (strongest first):"]
    for s in rows:
        lines.append(f"  Theorem {s.theorem}:")
        for lv, claims in s.levels.items():
            lines.append(f"    {lv}:")
            for c in claims:
                lines.extend(
                    textwrap.wrap(
                        f"{c.claim} [{c.by}]",
                        width,
                        initial_indent="      - ",
                        subsequent_indent="        ",
                        break_on_hyphens=False,
                    )
                )
    return "\n".join(lines)


def summary_json(rows: Sequence[Summary]) -> list[dict[str, object]]:
    """The same, for ``gametree prove --json``."""
    return [
        {
            "theorem": s.theorem,
            "levels": {
                lv: [{"claim": c.claim, "by": c.by, "current": c.current} for c in claims]
                for lv, claims in s.levels.items()
            },
        }
        for s in rows
    ]
