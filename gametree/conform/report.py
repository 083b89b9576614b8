"""What the gate found: the outcome of each case, and the report in text and JSON.

Glossary: an *outcome* is what one case came to (pass, or how it failed); a target's
failure is a *mismatch* (a wrong answer), an *error* (the target said it failed), a
*crash*, a *timeout*, *garbage* (a reply that is not the protocol) or *memory*. The
report's JUnit form is :mod:`gametree.conform.junit`'s.
"""

import json
import re
import shlex
import tempfile
from collections.abc import Callable
from pathlib import Path

import attrs

from gametree.conform.behaviour_coverage import BehaviourCoverage
from gametree.conform.codec import Case, request, request_line, tree_text
from gametree.conform.expect import solve_command
from gametree.conform.faults import Shrunk, signature
from gametree.conform.numbers import asked
from gametree.conform.options import GateOptions, unasked_behaviours
from gametree.conform.outcome import FAILURES, Kind, Outcome, plain
from gametree.conform.scope import Coverage, case_shape
from gametree.treefile import dumps, json_value

__all__ = ["FAILURES", "Kind", "Outcome", "Report", "printable", "signature"]


@attrs.define
class Report:
    """Everything the gate found."""

    target: str
    semantics: str
    options: GateOptions
    outcomes: list[Outcome] = attrs.field(factory=list)
    generated: int = 0
    shrunk: list[Shrunk] = attrs.field(factory=list)
    gave_up: str | None = None
    seconds: float = 0.0
    first_failure_seconds: float | None = None
    """Seconds from the start of the gate to the first failure it recorded (``None``: none)."""
    saved: dict[int, Path] = attrs.field(factory=dict)
    """Where :meth:`save_cases` wrote each minimal case, by its index in ``shrunk``."""
    command: list[str] | None = None
    """The command line the target runs as, which can ask it a saved case again (``None``: a
    callable run in the gate's process)."""
    coverage: dict[str, Coverage] = attrs.field(
        factory=lambda: {"vectors": Coverage(), "generated": Coverage()}
    )
    """What each phase asked (the largest branching, height, players, magnitude)."""
    behaviours: BehaviourCoverage = attrs.field(
        default=attrs.Factory(
            lambda self: BehaviourCoverage(  # what the declared type cannot hold is excluded too
                self.semantics,
                self.options.by_depth,
                self.options.skip_flags | self.options.numbers.excluded_flags(),
                unasked=unasked_behaviours(self.options),
            ),
            takes_self=True,
        )
    )
    """Which behaviours of the reference, and which pairs of them, each phase showed."""
    outside: dict[str, int] = attrs.field(factory=lambda: {"vectors": 0, "generated": 0})
    """Per phase, the cases not asked because a number of theirs is outside ``options.values``
    (generated ones are drawn again)."""

    @property
    def failures(self) -> list[Outcome]:
        """The failed outcomes, in the order they happened."""
        return [o for o in self.outcomes if o.failed]

    @property
    def passed(self) -> bool:
        """Whether everything passed (the gate's exit code is 0 only then)."""
        return not self.failures and self.gave_up is None

    def counts(self, phase: str) -> dict[str, int]:
        """How many outcomes of each kind in ``phase``."""
        out: dict[str, int] = {}
        for o in self.outcomes:
            if o.phase == phase:
                out[o.kind] = out.get(o.kind, 0) + 1
        return out

    def covered(self) -> Coverage:
        """What the whole run asked, both phases together."""
        return self.coverage["vectors"].merged(self.coverage["generated"])

    def json(self) -> dict[str, object]:
        """The report as JSON (``gametree conform --json``)."""
        trace = self.options.checks.traced
        infinity = self.options.infinity
        return {
            "target": self.target,
            "semantics": self.semantics,
            "passed": self.passed,
            "vectors": self.counts("vectors"),
            "generated": self.counts("generated"),
            "gave_up": self.gave_up,
            "values": {
                "type": self.options.values,
                "infinity": None if infinity is None else json_value(infinity),
                "outside": self.outside,
            },
            "first_failure_seconds": None
            if self.first_failure_seconds is None
            else round(self.first_failure_seconds, 3),
            "coverage": {
                **{phase: c.json() for phase, c in self.coverage.items()},
                "all": self.covered().json(),
            },
            "behaviour_coverage": self.behaviours.json(),
            "failures": [o.json(trace=trace) for o in self.failures],
            "minimal": [
                {
                    "from": s.original.name,
                    "steps": s.steps,
                    **s.minimal.json(trace=trace),
                    "then": None if s.then is None else s.then.json(trace=trace),
                    "note": s.note or None,
                    "hint": self._infinity_hint(s.minimal.case) or None,
                }
                for s in self.shrunk
            ],
            "seconds": round(self.seconds, 3),
        }

    def text(self) -> str:
        """The report as text: the verdict, each minimal case, the failures, then coverage.

        A line of the failures' list is cut to :data:`WIDTH` characters (``--json`` and
        ``--junit`` hold it whole); a minimal case's to about :data:`LINE` (its saved file
        holds it whole).
        """
        verdict = "PASSED" if self.passed else f"FAILED ({len(self.failures)} failures)"
        head = f"target {self.target}, semantics {self.semantics}, scope {self.options.scope}"
        lines = [f"result: {verdict} in {self.seconds:.1f} s", f"gametree conform: {head}"]
        if self.gave_up:
            lines.append(f"gave up: {self.gave_up}")
        sections = [lines, *(self._minimal_lines(i, s) for i, s in enumerate(self.shrunk))]
        sections += [self._failure_lines(), self._coverage_lines()]
        return printable("\n\n".join("\n".join(s) for s in sections if s))

    def _failure_lines(self) -> list[str]:
        """The failures, at most 20, each line cut to :data:`WIDTH`."""
        lines = []
        for o in self.failures[:20]:
            what = o.name if o.name.startswith(o.phase) else f"{o.phase} {o.name}"
            what += f" [{', '.join(o.flags)}]" if o.flags else ""
            what += f" ({o.comment})" if o.comment else ""  # the comment is cut first
            lines.append(f"FAIL {o.kind}: {what}")
            lines.extend("  " + " | ".join(p.splitlines()) for p in o.problems[:5])
        if len(self.failures) > 20:
            lines.append(f"... and {len(self.failures) - 20} more failures")
        cut = [_cut(printable(line)) for line in lines]
        if cut != lines:
            cut.insert(0, f"(each line cut to {WIDTH} characters: --json and --junit have them "
                          "whole)")  # fmt: skip
        return cut

    def _coverage_lines(self) -> list[str]:
        """How many cases of each kind, what they covered, the behaviours they showed."""
        lines = []
        for phase in ("vectors", "generated"):
            c = self.counts(phase)
            if c:
                parts = ", ".join(f"{n} {k}" for k, n in sorted(c.items()))
                lines.append(f"{phase}: {parts}")
        for phase, cov in self.coverage.items():
            if cov.cases:
                lines.append(f"covered by the {phase}: {cov.text()}")
        if self.options.numbers.declared:
            kind = self.options.numbers
            lines.append(f"values {kind.name} ({kind.range_text()}): outside it, "
                         f"{self.outside['vectors']} vectors skipped, "
                         f"{self.outside['generated']} generated cases drawn again")  # fmt: skip
        lines.extend(self.behaviours.text())
        return lines

    def _minimal_lines(self, i: int, s: Shrunk) -> list[str]:
        """The lines of the ``i``-th minimal failing case, each at most about :data:`LINE` long."""
        m = s.minimal
        saved = self.saved.get(i)
        note = f"the whole case is in {saved}" if saved else "--json or --junit has it all"

        def clip(text: str) -> str:
            return _clip(text, LINE, note)

        origin = f"{s.original.name} ({s.original.case.tree.size} nodes)"
        if s.then is not None:
            head = (f"minimal failing case, from {origin} shrunk in {s.steps} steps to a case "
                    f"of {m.case.tree.size} nodes that passes alone and breaks the target, "
                    f"and the request after it, {s.then.case.tree.size} nodes: "
                    f"{s.then.kind}")  # fmt: skip
        elif s.note.startswith("not reproduced"):
            head = f"failing case, from {origin}: {s.original.kind}, not reproduced"
        else:
            head = (f"minimal failing case, from {origin} shrunk in {s.steps} steps to "
                    f"{m.case.tree.size} nodes: {m.kind}")  # fmt: skip
        lines = [head]
        if s.note:
            lines.append(f"  note: {s.note}")
        hint = self._infinity_hint(m.case)
        if hint:
            lines.append(f"  note: {hint}")
        lines.extend(f"  {clip(p)}" for p in m.problems[:5])
        lines.extend(self._case_lines(m, clip, "  ", passed=s.then is not None))
        if s.then is not None:
            lines.append("  then, asked next in the same process:")
            lines.extend(f"    {clip(p)}" for p in s.then.problems[:5])
            lines.extend(self._case_lines(s.then, clip, "    "))
        if saved:
            lines.append(f"  the whole case (request, expected, actual): {saved}")
            if self.command is not None:
                asked = shlex.join(self.command)
                lines.append(f"  asked again of the target: {asked} < {_requests(saved)}")
        where = saved or "CASE.json"
        lines.append(
            f"  what the gate expects of it: {solve_command(m.case, where)}"
            + ("" if saved else " (CASE.json: the request above, with its tree)")
        )
        return lines

    def _infinity_hint(self, case: Case) -> str:
        """The flag an engine needs if the case's failure is its own infinity among the scores.

        A declared type without ``--infinity`` takes its extremes (``int64``'s ±(2^63 - 1)) as
        scores; an engine that keeps them for its infinities (the common C convention) reads a
        leaf worth one of them as a cut-off, and says so with ``--infinity``.
        """
        t = self.options.numbers
        if t.infinity is not None or t.largest is None:
            return ""
        top = t.largest
        if not any(x in {top, -top} for x in asked(case)):
            return ""
        text = repr(float(top)) if t.kind == "double" else str(top)
        return (f"this case holds {text} or its negation, the extreme of {t.name}: an engine "
                f"that keeps +-{text} for its infinities says --infinity {text} (only scores "
                f"strictly inside are then asked)")  # fmt: skip

    def _case_lines(
        self, m: Outcome, clip: Callable[[str], str], indent: str, *, passed: bool = False
    ) -> list[str]:
        """One case of a minimal failure: its tree (or game), request, expected and actual.

        ``passed``: the target's answer was right, and is not kept.
        """
        lines = []
        req = request(m.case, trace=self.options.checks.traced, tree=False)
        if m.case.game is not None:
            lines.append(f"game: {clip(json.dumps(req.pop('game')))}")
            lines.append(f"cut tree: {clip(dumps(m.case.tree))}")
        else:
            tree = tree_text(m.case.tree, m.case.bounds)
            if len(tree) > LINE:
                shape = case_shape(m.case)
                lines.append(f"tree: {shape.nodes} nodes, height {shape.height}, branching up "
                             f"to {shape.branching}, {shape.players} players")  # fmt: skip
            lines.append(f"tree: {clip(tree)}")
        lines.append(f"request (besides the tree): {clip(json.dumps(req))}")
        if m.expected is not None:
            lines.append(f"expected: {clip(json.dumps(m.expected.json()))}")
        actual = "right (it passes alone)" if passed else json.dumps(m.response, default=repr)
        lines.append(f"actual: {clip(actual)}")
        return [indent + line for line in lines]

    def save_cases(self, directory: Path | None) -> None:
        """Write each minimal failing case to ``directory/minimal-K.json``, its requests beside.

        The requests that ask it again go to ``minimal-K.requests.jsonl``. With ``directory``
        ``None``, into a new temporary directory. The case's file holds the problems, the
        expected and actual answers, and the request as the target was sent it (a tree of any
        depth, written without recursion), so that the case can be checked by hand: the text
        report names the command (:func:`gametree.conform.expect.solve_command`), which reads
        the file. The requests' file holds the protocol's lines as the target was sent them,
        with the request after it when the case broke the target for that one, so that the
        target can be asked again with the file as its standard input: the report names that
        command too.
        """
        if not self.shrunk:
            return
        if directory is None:
            directory = Path(tempfile.mkdtemp(prefix="gametree-conform-"))
        directory.mkdir(parents=True, exist_ok=True)
        trace = self.options.checks.traced
        for i, s in enumerate(self.shrunk):
            m = s.minimal
            path = directory / f"minimal-{i + 1}.json"
            asked = [request_line(m.case, 0, trace=trace).strip()]
            head = {
                "semantics": self.semantics,
                "kind": m.kind,
                "problems": m.problems,
                "expected": m.expected.json() if m.expected else None,
                "actual": plain(m.response),
            }
            text = f'{json.dumps(head)[:-1]}, "request": {asked[0]}'
            if s.then is not None:  # the request after it, which then failed
                asked.append(request_line(s.then.case, 1, trace=trace).strip())
                text += f', "then": {asked[1]}'
            path.write_text(text + "}\n", encoding="utf-8")
            _requests(path).write_text("".join(f"{line}\n" for line in asked), encoding="utf-8")
            self.saved[i] = path


LINE = 1000
"""The longest line of a minimal case in the text report, before it is clipped."""

WIDTH = 100
"""The longest line of the text report's list of failures, before it is cut."""


_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def printable(text: str) -> str:
    r"""``text`` with what a target may have put in it escaped, so it can be printed.

    Control characters (but tab and newline) would drive a terminal or make XML invalid;
    lone surrogates cannot be written as UTF-8 at all.

    >>> printable("a\x1b[31m\ud800\tb\n")
    'a\\x1b[31m\\ud800\tb\n'
    """
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _requests(case: Path) -> Path:
    """Where :meth:`Report.save_cases` writes the requests that ask a saved ``case`` again."""
    return case.with_suffix(".requests.jsonl")


def _cut(line: str) -> str:
    """``line`` cut to :data:`WIDTH` characters, an ellipsis ending it if it was longer.

    >>> len(_cut("x" * 100)), _cut("x" * 101)[-5:], len(_cut("x" * 101))
    (100, 'xx...', 100)
    """
    return line if len(line) <= WIDTH else line[: WIDTH - 3] + "..."


def _clip(text: str, limit: int = 3000, note: str = "--json or --junit has them") -> str:
    """``text``, or its start and end and a note when it is too long to read."""
    if len(text) <= limit:
        return text
    return f"{text[: limit // 2]} ... {text[-limit // 4 :]} ({len(text)} characters in all; {note})"
