"""Run the gate on every bug of the catalogue; keep the minimal cases; write docs/bugs.md's table.

``python -m tests.bugs.catalogue`` (from the checkout's root) runs, for each bug of
``tests.bugs.BUGS``, the gate as ``gametree conform`` runs it with its defaults (the target in
a worker process, the vectors, then the default budget of generated cases from the default
scope, the failure shrunk), *without* the vectors flagged ``BugCatalogue``, so that the gate
has to find each mistake on its own; then again with every vector switched off
(``--no-vectors``), so that the table says whether the drawing alone finds it. It writes the
minimal case of each to ``gametree/conform/catalogue.json`` with how the failure it came from
failed (``fails``: its kind and first member wrong, which the case keeps when replayed:
``tests/test_bug_minimal_cases.py``) and, for a case that passes alone and breaks the engine,
the request that then fails (``then``) (run ``gametree vectors generate`` afterwards to turn
the cases into vectors), and the table of ``docs/bugs.md``, with what caught each bug and how
long it took. ``--check`` writes nothing and exits 1 if a bug is not
caught, or an edge bug (``Bug.edge``) is not caught by the generated cases alone. ``--only
NAME`` runs the bugs named and keeps every other bug's row as the files have it.

Glossary: a *row* is one bug's line of the table; the *minimal case* is the one the gate
reports after shrinking.
"""

import argparse
import json
import platform
import re
import sys
import time
from pathlib import Path

import attrs

from gametree._json import loads
from gametree.conform.behaviours import behaviour_names
from gametree.conform.codec import Case, case_from_request, request
from gametree.conform.gate import GateOptions, Report, run_gate
from gametree.conform.observe import observe
from gametree.conform.report import signature
from gametree.conform.semantics import Checks
from gametree.conform.targets import ProcessTarget
from gametree.conform.vectors import CATALOGUE
from gametree.conform.vectors import catalogue as catalogue_cases
from gametree.treefile import dumps
from tests.bugs import BUGS, Bug

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "bugs.md"
BEGIN = "<!-- the table below is written by: python -m tests.bugs.catalogue -->"
END = "<!-- end of the generated table -->"


@attrs.frozen
class Alone:
    """What the generated phase found alone, without any vector, for one bug."""

    case: int | None
    """The generated case that failed first (``None``: none did)."""
    seconds: float
    nodes: int

    def text(self) -> str:
        """The table's cell."""
        if self.case is None:
            return "not caught"
        nodes = f"{self.nodes} node{'s' * (self.nodes != 1)}"
        return f"case #{self.case}, {self.seconds:.2f} s, {nodes}"


@attrs.frozen
class Row:
    """What the gate found for one bug."""

    bug: Bug
    caught_by: str
    seconds: float
    case: Case
    alone: Alone | None = None
    fails: tuple[str, str] = ("", "")
    """How the failure the case came from failed (``gametree.conform.faults.signature``): the
    kind, and for a wrong answer the first member wrong; the kept case, replayed, fails so."""
    then: Case | None = None
    """The request that fails after the kept case, when the case passes alone but leaves the
    engine broken (``Shrunk.then``)."""

    @property
    def size(self) -> str:
        """The minimal case's size: tree nodes, or a game's states and moves (cut tree nodes)."""
        if self.case.game is not None:
            g = self.case.game
            moves = g.size - len(g.states)
            return f"game: {len(g.states)} states, {moves} moves ({self.case.tree.size}-node cut)"
        n = self.case.tree.size
        return f"{n} node{'s' * (n != 1)}"


DEFAULT_BUDGET = GateOptions("minimax").budget
"""The gate's default budget of generated cases, which the table is measured with."""


def gate(b: Bug, *, budget: int, skip_catalogue: bool = True, vectors: bool = True,
         shrink_seconds: float | None = None, seed: int = 0) -> Report:  # fmt: skip
    """The gate's report on ``b`` (the catalogue's own vectors skipped unless asked), its
    failure shrunk for ``shrink_seconds`` (``Bug.shrink_seconds`` by default)."""
    skip = set(b.skip) | ({"BugCatalogue"} if skip_catalogue else set())
    options = GateOptions(
        b.semantics,
        Checks(b.best_move, b.principal_variation, b.strict_order),
        budget=budget,
        skip_flags=frozenset(skip),
        shrink_budget=20_000,
        shrink_seconds=b.shrink_seconds if shrink_seconds is None else shrink_seconds,
        vectors=vectors,
        values=b.values,
        infinity=b.infinity,
        seed=seed,
    )
    target = ProcessTarget.from_spec(b.target, timeout=10.0, startup=20.0)
    try:
        return run_gate(target, b.target, options)
    finally:
        target.close()


def row(b: Bug, report: Report, alone: Report | None = None) -> Row:
    """The row for ``b`` from its report (which must have failed), and the vectorless one."""
    assert not report.passed, f"{b.name} was not caught"
    first = report.failures[0]
    flags = [f for f in first.flags if f not in {"NotByDepth", "Generated"}]
    caught = f"vector ({', '.join(flags) or 'generated from a seed'})"
    if first.phase == "generated":
        caught = f"generated case {first.name.removeprefix('generated ')}"
    assert report.first_failure_seconds is not None
    # The first failure that replays as the report says (one that depends on a longer history
    # than the case before it is reported as not reproduced: its case passes alone).
    shrunk = next((s for s in report.shrunk if not s.note.startswith("not reproduced")),
                  report.shrunk[0])  # fmt: skip
    return Row(b, caught, report.first_failure_seconds, shrunk.minimal.case,
               None if alone is None else alone_of(alone), signature(shrunk.original),
               None if shrunk.then is None else shrunk.then.case)  # fmt: skip


def alone_of(report: Report) -> Alone:
    """What a run without vectors found: the first generated failure, its time, the minimal case."""
    if report.passed:
        return Alone(None, report.seconds, 0)
    first = report.failures[0]
    number = int(first.name.removeprefix("generated #").split()[0])
    assert report.first_failure_seconds is not None
    return Alone(number, report.first_failure_seconds, report.shrunk[0].minimal.case.tree.size)


def entry(r: Row, index: int) -> tuple[dict[str, object], dict[str, str]]:
    """The catalogue entry of a row, its tree as a placeholder (filled in without recursion)."""
    req = request(r.case, trace=False, tree=False)
    del req["trace"]
    fills = {}
    if r.case.game is None:
        key = f"@tree{index}@"
        req["tree"] = key
        fills[key] = dumps(r.case.tree, r.case.declared)
    out: dict[str, object] = {
        "bug": r.bug.name,
        "semantics": r.bug.semantics,
        "comment": r.bug.mistake,
        "input": req,
        "fails": list(r.fails),
    }
    if r.then is not None:
        then = request(r.then, trace=False)
        del then["trace"]
        out["then"] = then
    return out, fills


def catalogue_text(rows: list[Row]) -> str:
    """The text of ``gametree/conform/catalogue.json``."""
    entries, fills = [], {}
    for i, r in enumerate(rows):
        e, f = entry(r, i)
        entries.append(e)
        fills.update(f)
    text = json.dumps(entries, indent=1, ensure_ascii=False)
    return re.sub(r'"(@tree[0-9]+@)"', lambda m: fills[m.group(1)], text) + "\n"


def table(rows: list[Row]) -> str:
    """The markdown table of ``docs/bugs.md``."""
    lines = [
        (
            "| # | bug | gated as | the mistake | where it is seen | minimal case | it shows "
            "| caught by | seconds to catch | generated alone |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for i, r in enumerate(rows, start=1):
        b = r.bug
        module = b.target.split(":")[0].replace(".", "/")
        options = " ".join([a for a in b.argv if a.startswith("--") and a not in {
            "--target", "--semantics", "--skip-flag", "--values", "--infinity"}]
            + ["--values", b.values] * (b.values != "exact")
            + ["--infinity", str(b.infinity)] * (b.infinity is not None))  # fmt: skip
        gated = f"`{b.semantics}`" + (f" `{options}`" if options else "")
        alone = "?" if r.alone is None else r.alone.text()
        lines.append(
            f"| {i} | [`{b.name}`](../{module}.py) | {gated} | {b.mistake} | {b.where_seen} | "
            f"{r.size} | {shows(r.case)} | {r.caught_by} | {r.seconds:.2f} | {alone} |"
        )
    return "\n".join(lines)


def shows(case: Case) -> str:
    """The behaviours of the reference the minimal case shows (``gametree.conform.behaviours``),
    but the commonest (small values, the request's open window edges): the coverage that
    names what the mistake needs."""
    plain = {"values-small", "alpha-open", "beta-open", "exact", "domain-reals"}
    seen = observe(case) - plain
    names = [n for n in behaviour_names(case.semantics) if n in seen]
    return ", ".join(f"`{n}`" for n in names) or "(nothing rarer)"


def write_doc(rows: list[Row]) -> None:
    """Replace the table between the markers of ``docs/bugs.md``."""
    text = DOC.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    when = f"Measured on {platform.machine()} with Python {platform.python_version()}."
    DOC.write_text(f"{head}{BEGIN}\n\n{table(rows)}\n\n{when}\n\n{END}{tail}", encoding="utf-8")


def main(argv: list[str]) -> int:
    """Run the catalogue; write the files unless ``--check``."""
    parser = argparse.ArgumentParser(prog="python -m tests.bugs.catalogue")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                        help=f"generated cases per bug (default {DEFAULT_BUDGET})")  # fmt: skip
    parser.add_argument("--check", action="store_true", help="write nothing")
    parser.add_argument("--only", action="append", default=[],
                        help="these bugs only; the other rows are kept as they are")  # fmt: skip
    args = parser.parse_args(argv)
    unknown = sorted(set(args.only) - {b.name for b in BUGS})
    if unknown:
        parser.error(f"--only: no bug named {', '.join(unknown)} (one each: --only A --only B)")
    rows = []
    missed = []
    for b in BUGS:
        if args.only and b.name not in args.only:
            continue
        started = time.monotonic()
        report = gate(b, budget=args.budget)
        took = time.monotonic() - started
        if report.passed:
            missed.append(b.name)
            print(f"{b.name}: NOT CAUGHT ({took:.1f} s)", flush=True)  # noqa: T201
            continue
        r = row(b, report, gate(b, budget=args.budget, vectors=False))
        rows.append(r)
        assert r.alone is not None
        if b.edge and r.alone.case is None:
            missed.append(f"{b.name} (by the generated cases alone)")
        print(f"{b.name}: {r.caught_by} in {r.seconds:.2f} s; minimal {r.size}; "  # noqa: T201
              f"{took:.1f} s in all; generated alone: {r.alone.text()}", flush=True)  # fmt: skip
    if args.check or missed:
        return 1 if missed else 0
    if args.only:
        rows = kept_rows(rows)
    CATALOGUE.write_text(catalogue_text(rows), encoding="utf-8")
    write_doc(rows)
    return 0


def kept_rows(fresh: list[Row]) -> list[Row]:
    """Every bug's row in catalogue order: ``fresh`` ones, the others as the files say them.

    So that ``--only`` measures the bugs it names and keeps what the last full run measured
    for the rest (their kept case from ``catalogue.json``, their cells from ``docs/bugs.md``).
    """
    by_name = {r.bug.name: r for r in fresh}
    cases = {bug: case for bug, _, _, case in catalogue_cases()}
    generated = DOC.read_text(encoding="utf-8").split(BEGIN, 1)[1].split(END, 1)[0]
    cells = {}
    for line in generated.splitlines():
        parts = [c.strip() for c in line.strip("| ").split(" | ")]
        m = re.match(r"\[`(\w+)`\]", parts[1]) if len(parts) > 1 else None
        if m is not None:
            cells[m.group(1)] = parts[-3:]
    rows = []
    kept_failures = failures()
    for b in BUGS:
        if b.name in by_name:
            rows.append(by_name[b.name])
            continue
        caught, seconds, alone = cells[b.name]
        m = re.fullmatch(r"case #(\d+), ([0-9.]+) s, (\d+) nodes?", alone)
        kept = Alone(None, 0.0, 0) if m is None else Alone(int(m[1]), float(m[2]), int(m[3]))
        fails, then = kept_failures.get(b.name, (("", ""), None))
        rows.append(Row(b, caught, float(seconds), cases[b.name], kept, fails, then))
    return rows


def failures() -> dict[str, tuple[tuple[str, str], Case | None]]:
    """How each kept case's failure failed, and the request after it, as ``catalogue.json`` says.

    By bug: (kind, member) of the failure the case came from, and the request that fails after
    it when it passes alone and leaves the engine broken (``None``: it fails alone).
    """
    out: dict[str, tuple[tuple[str, str], Case | None]] = {}
    entries = loads(CATALOGUE.read_text(encoding="utf-8"))  # trees 1,200 deep: no recursion
    assert isinstance(entries, list)
    for e in entries:
        kind, member = e.get("fails", ("", ""))
        then = e.get("then")
        after = None if then is None else case_from_request(e["semantics"], then)
        out[e["bug"]] = ((kind, member), after)
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
