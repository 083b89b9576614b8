"""How strongly each theorem is established: for every tree, per shape, within a bound, on samples.

The strongest claims are proved **for every tree** by a verifier that runs outside the test
environment and stores what it found, keyed by everything the verdict depends on
(:mod:`gametree.proofs.machinery.verified`): Nagini over the integers
(:mod:`gametree.proofs.nagini`), Why3 over the rationals (:mod:`gametree.proofs.why3`). An
installed gametree cannot run a verifier; it reports the stored verdicts, and a verdict whose
key is not the current one is **stale**: it is reported as such, with the command that
verifies it again, never as proved (:func:`problems`; ``gametree prove`` exits with 1).

The other claims come from the checks ``gametree prove`` runs
(:mod:`gametree.proofs.machinery.checks`), and their strength from the method and what it found
(:func:`level`):

- **per shape**: decided for every value on each tree shape tried (CrossHair's symbolic
  execution or ``diffbehavior``, an SMT query), outcome ``proved``;
- **within a bound**: every tree of an enumeration, or the stated witnesses, outcome
  ``proved``;
- **on samples**: no counterexample in the cases tried (Hypothesis, random trees, or an
  enumeration the budget cut short), outcome ``held``;
- **refuted**: a counterexample (``failed``), which for a false published claim is the result.

A theorem's statement may say more than its claims proved for every tree do: its ``open``
says what of it no verifier has proved (it is checked at the weaker levels only).
"""

import textwrap
from collections.abc import Sequence
from typing import Any, Literal

import attrs

from gametree.proofs.machinery import verified
from gametree.proofs.machinery.result import Method, Result, Theorem
from gametree.proofs.machinery.verified import Proved, Verifier

__all__ = [
    "LEVELS",
    "Level",
    "Stored",
    "Summary",
    "level",
    "problems",
    "proved_everywhere",
    "summaries",
    "summary_json",
    "summary_text",
]


@attrs.frozen
class Stored:
    """One verifier's stored verdicts on the claims of the theorems asked about."""

    verifier: Verifier
    rows: list[Proved]

    def text(self) -> str:
        """As ``gametree prove`` prints it."""
        return verified.text(self.verifier, self.rows)

    def records(self) -> list[dict[str, Any]]:
        """As ``gametree prove --json`` gives it (``verified``)."""
        return [verified.record(p) for p in self.rows]


def proved_everywhere(
    theorems: Sequence[Theorem], verifiers: Sequence[Verifier], names: set[str] | None = None
) -> list[Stored]:
    """Every verifier's stored verdicts on the claims of ``theorems`` (called ``names``, or all).

    A verifier with no claim among them is left out.
    """
    out = []
    for v in verifiers:
        others = [w for w in verifiers if w is not v]
        rows = verified.proved(theorems, v, verified.stored(v), names, others)
        if rows:
            out.append(Stored(v, rows))
    return out


def problems(stored: Sequence[Stored]) -> list[str]:
    """Why the stored verdicts of ``stored`` do not all prove their claims (empty: they do).

    Each claim stale, without a verdict, or failed, in words with the command that verifies
    it again.
    """
    out = []
    for s in stored:
        for r in s.records():
            if r["stale"]:
                out.append(f"{r['name']} ({r['file']}, {r['verifier']}): stale: {r['reverify']}")
            elif r["verdict"] != "verified":
                out.append(f"{r['name']} ({r['file']}, {r['verifier']}): {r['verdict']}")
    return out


Level = Literal[
    "every tree", "stale", "per shape", "within a bound", "on samples", "refuted", "unknown"
]

LEVELS: tuple[Level, ...] = (
    "every tree",
    "stale",
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
    """The tool or method, and for a stored verification its file and verdict."""
    current: bool = True
    """False for a stored verification that is stale (it proves nothing until verified again)."""


@attrs.frozen
class Summary:
    """One theorem: its claims, grouped by :data:`LEVELS`, and what no verifier proves of it."""

    theorem: str
    levels: dict[Level, list[Claim]]
    open: tuple[str, ...] = ()


def summaries(
    theorems: Sequence[Theorem], results: Sequence[Result], stored: Sequence[Stored]
) -> list[Summary]:
    """``theorems``, their claims grouped by level, strongest first."""
    out = []
    for th in theorems:
        levels: dict[Level, list[Claim]] = {}
        for s in stored:
            for rec in s.records():
                if rec["theorem"] == th.name and rec["verdict"] == "verified":
                    by = f"{rec['verifier']}, {rec['domain']}, {rec['file']}"
                    if rec["stale"]:
                        by += f"; STALE, verify it again: {rec['reverify']}"
                    claim = Claim(f"{rec['name']}: {rec['claim']}", by, not rec["stale"])
                    levels.setdefault("stale" if rec["stale"] else "every tree", []).append(claim)
        for r in results:
            if r.theorem == th.name:
                by = f"{r.method}, {r.cases} case{'' if r.cases == 1 else 's'}"
                if r.expected == "fails":
                    by += ", a claim known to be false"
                levels.setdefault(level(r), []).append(Claim(r.claim, by))
        ordered = {lv: levels[lv] for lv in LEVELS if lv in levels}
        out.append(Summary(th.name, ordered, th.open))
    return out


def summary_text(rows: Sequence[Summary], *, width: int = 100) -> str:
    """The summary as ``gametree prove`` prints it: per theorem, per level, claim and method."""
    lines = ["How strongly each claim is established (strongest first):"]
    for s in rows:
        lines.append(f"  {s.theorem}:")
        if "every tree" in s.levels and s.open:
            lines.extend(
                textwrap.wrap(
                    "not proved for every tree: " + "; ".join(s.open),
                    width,
                    initial_indent="    ",
                    subsequent_indent="      ",
                    break_on_hyphens=False,
                )
            )
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
            "open": list(s.open),
            "levels": {
                lv: [{"claim": c.claim, "by": c.by, "current": c.current} for c in claims]
                for lv, claims in s.levels.items()
            },
        }
        for s in rows
    ]
