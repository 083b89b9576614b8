"""How strongly each theorem is established: for every tree, per shape, within a bound, on samples.

The strongest claims are proved **for every tree** by a verifier that runs outside the test
environment and stores what it found, keyed by everything the verdict depends on
(:mod:`gametree.proofs.stored`): Nagini over the integers (:mod:`gametree.proofs.nagini`), Why3
over the rationals (:mod:`gametree.proofs.why3`). An installed gametree cannot run a verifier;
it reports the stored verdicts, and a verdict whose key is not the current one is **stale**: it
is reported as such, with the command that verifies it again, never as proved
(:func:`problems`; ``gametree prove`` exits with 1). :data:`VERIFIERS` names them: each is a
package of ``gametree.proofs`` with the functions of :class:`Verifier`, and adding one is adding
its name there. ``python -m gametree.proofs.everywhere --stale`` prints the stale files, one
``VERIFIER NAME`` a line (``dev.py`` verifies them again in CI).

The other claims come from the checks ``gametree prove`` runs (:mod:`gametree.proofs.checks`),
and their strength from the method and what it found (:func:`level`):

- **per shape**: decided for every value on each tree shape tried (CrossHair's symbolic
  execution or ``diffbehavior``, an SMT query), outcome ``proved``;
- **within a bound**: every tree of an enumeration, or the stated witnesses, outcome
  ``proved``;
- **on samples**: no counterexample in the cases tried (Hypothesis, random trees, or an
  enumeration the budget cut short), outcome ``held``;
- **refuted**: a counterexample (``failed``), which for a false published claim is the result.

A theorem's statement may say more than its claims proved for every tree do: :data:`OPEN` says,
per theorem, what of it no verifier has proved (it is checked at the weaker levels only).
"""

import importlib
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, Literal, Protocol, runtime_checkable

import attrs

from gametree.proofs.result import Method, Result

__all__ = [
    "LEVELS",
    "OPEN",
    "VERIFIERS",
    "Level",
    "Summary",
    "Verifier",
    "level",
    "problems",
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
    ``proofs.THEOREMS``), ``name``, ``verifier``, ``file``, ``claim`` (what is proved),
    ``domain``, ``window``, ``composed`` (what is added by hand), ``verdict`` (``"verified"``,
    ``"failed"`` or ``None`` when nothing is stored), ``current`` and ``stale`` (the parts of
    the key that changed, :func:`gametree.proofs.stored.changed`), ``reverify`` (the command
    that verifies it again), ``seconds``, ``flaws`` and ``flaws_caught``.
    """

    def stored(self) -> Any:
        """The stored results."""

    def stale(self, results: Any) -> dict[str, tuple[str, ...]]:
        """The files whose stored record is stale, with the parts of the key that changed."""

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


def problems(stored: "Sequence[Stored]") -> list[str]:
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


OPEN: dict[int, tuple[str, ...]] = {
    1: (
        (
            "impl's default window (BOTTOM, TOP): the proofs take finite windows, and the full "
            "window only as a finite window around every leaf; that BOTTOM and TOP act as one "
            "is argued by hand"
        ),
        "PVS and MTD(f)",
    ),
    4: ("the principal variation (the vector's path) and the leaf counts",),
    6: (
        (
            "that every correct directional algorithm reads every necessary leaf (the "
            "adversary argument, by hand); Theorem 1 at height <= 2 over the rationals (the "
            "Why3 proof's witnesses are rational when the tree's values are: by hand)"
        ),
        (
            "that impl.optimal is exact: the path lemma is proved, for the value and for the "
            "line (impl.optimal's question), but not that impl.necessity.decide_chain decides "
            "the chain question, nor that the leaves skipped "
            "so far do not change a verdict (the placeholder argument) and that a subtree "
            "skipped whole has no necessary leaf: argued by hand and checked within a bound "
            "(proofs/README.md, 'The moonshot')"
        ),
    ),
}
"""Per theorem, what of its statement no verifier has proved for every tree (the claims of
the verifiers say exactly what they prove)."""


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
                    by = f"{rec['verifier']}, {rec['domain']}, {rec['file']}"
                    if rec["stale"]:
                        by += f"; STALE, verify it again: {rec['reverify']}"
                    claim = Claim(f"{rec['name']}: {rec['claim']}", by, not rec["stale"])
                    levels.setdefault("stale" if rec["stale"] else "every tree", []).append(claim)
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
        if "every tree" in s.levels and s.theorem in OPEN:
            lines.extend(
                textwrap.wrap(
                    "not proved for every tree: " + "; ".join(OPEN[s.theorem]),
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
            "open": list(OPEN.get(s.theorem, ())),
            "levels": {
                lv: [{"claim": c.claim, "by": c.by, "current": c.current} for c in claims]
                for lv, claims in s.levels.items()
            },
        }
        for s in rows
    ]


def _main(argv: list[str]) -> int:
    """``--stale``: print each stale file as ``VERIFIER NAME``, one a line."""
    if argv != ["--stale"]:
        sys.stderr.write("usage: python -m gametree.proofs.everywhere --stale\n")
        return 2
    for name, v in zip(VERIFIERS, verifiers(), strict=True):
        for file in v.stale(v.stored()):
            print(name, file)  # noqa: T201 - the output
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
