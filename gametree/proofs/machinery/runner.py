"""Run the checks of several theorems within one budget, and show what they found.

The budget is shared by weight: each theorem in turn gets its weight's share of what is left,
so time a quick theorem does not use passes to the later ones. A theorem's own checks split
its share further and stop when it is spent, reporting how many cases they covered.
"""

import json
import textwrap
from collections.abc import Sequence

import attrs

from gametree.proofs.machinery.result import Result, Scope, Theorem
from gametree.proofs.machinery.treejson import document

__all__ = ["disagreements", "report_json", "run", "table"]


def run(theorems: Sequence[Theorem], scope: Scope) -> list[Result]:
    """Every check of every theorem, in order, each within its share of ``scope``'s budget."""
    results: list[Result] = []
    for i, th in enumerate(theorems):
        left = sum(t.weight for t in theorems[i:])
        results.extend(th.check(scope.part(th.weight / left)))
    return results


def disagreements(results: Sequence[Result]) -> list[Result]:
    """The results whose outcome contradicts what the project expects of the claim."""
    return [r for r in results if r.agrees is False]


_COLUMNS = ("theorem", "method", "cases", "outcome", "expected", "claim")


def table(results: Sequence[Result], *, width: int = 120) -> str:
    """The results as a text table, then each counterexample and each disagreement.

    The columns: theorem, method, cases, outcome, expectation, claim.
    """
    rows = [
        (
            r.theorem,
            r.method,
            str(r.cases),
            r.outcome,
            r.expected + ("" if r.agrees is not False else " (DISAGREES)"),
            r.claim,
        )
        for r in results
    ]
    widths = [max(len(c), *(len(row[i]) for row in rows)) for i, c in enumerate(_COLUMNS[:-1])]
    claim_width = max(30, width - sum(widths) - 2 * len(widths))

    def line(cells: Sequence[str]) -> list[str]:
        wrapped = textwrap.wrap(cells[-1], claim_width) or [""]
        head = "  ".join(
            c.rjust(w) if i == 2 else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=False))
        )
        pad = " " * len(head)
        return [f"{head}  {wrapped[0]}", *(f"{pad}  {w}" for w in wrapped[1:])]

    out = line(_COLUMNS)
    out.append("-" * min(width, len(out[0]) + 10))
    for row in rows:
        out.extend(line(row))
    notes = []
    for r in results:
        if r.counterexample is not None:
            c = r.counterexample
            bounds = f" within {c.bounds}" if c.bounds is not None else ""
            shown = "" if c.tree is None else f"\n    {c.tree!r}{bounds}"
            notes.append(f"[{r.theorem}] {r.claim}:{shown}\n    {c.note}")
        if r.detail and r.agrees is not True:
            notes.append(f"[{r.theorem}] {r.claim}: {r.detail}")
    if notes:
        out.append("")
        out.extend(notes)
    return "\n".join(out)


def report_json(results: Sequence[Result]) -> list[dict[str, object]]:
    """The results as JSON-ready records (counterexample trees in the project's tree format)."""
    records = []
    for r in results:
        record = attrs.asdict(r, recurse=False)
        record["agrees"] = r.agrees
        record["seconds"] = round(r.seconds, 3)
        c = r.counterexample
        record["counterexample"] = (
            None
            if c is None
            else {
                "note": c.note,
                "document": None if c.tree is None else document(c.tree, c.bounds),
            }
        )
        records.append(record)
    json.dumps(records)  # fail here, not in the caller, if something is not JSON
    return records
