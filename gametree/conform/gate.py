"""The conformance gate: the vectors, then generated trees, then a minimal failure.

Glossary: an *outcome* is what one case came to (pass, or how it failed); a target's
failure is a *mismatch* (a wrong answer), an *error* (the target said it failed), a
*crash*, a *timeout*, *garbage* (a reply that is not the protocol) or *memory*; the *scope*
is what the generated trees are drawn from (:mod:`gametree.conform.scope`).

:func:`run_gate` asks the target every vector of the semantics (less the flags skipped),
then up to ``budget`` generated trees, stopping at the first generated failure: the scope's
small tier first, which Hypothesis draws (``spec.strategies``) and shrinks, then the tail of
wide, tall, many-player, large-magnitude and repeated-subtree trees built from seeds
(:mod:`gametree.conform.tiers`). The smallest failure of each phase is then shrunk further by
:func:`gametree.conform.shrink.shrink`, asking the target again, until no smaller case fails
the same way. Every case carries the flags it earns (:func:`gametree.conform.scope.case_flags`);
a case with a skipped flag is never asked, shrunk cases included; and the report says what
each phase covered. The gate gives up (and fails) after
``max_failures_in_a_row`` crashes or timeouts in a row, so that a dead target costs at most
that many timeouts, and it never waits on a target without a deadline.
"""

import json
import random
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, Protocol

import attrs

from gametree.conform.behaviours import BehaviourCoverage
from gametree.conform.faults import Replays, Shrinking, Shrunk, locate
from gametree.conform.numbers import NUMBER_TYPES, number_text, outside
from gametree.conform.scale import scale_cases, scale_count, shrink_budget
from gametree.conform.scope import SCOPES, TIER_FLAGS, Coverage, Tier, case_flags, case_shape
from gametree.conform.semantics import (
    SEMANTICS,
    Case,
    Checks,
    Expected,
    check,
    domain_problem,
    expected,
    request,
    request_line,
    tree_text,
)
from gametree.conform.shrink import size
from gametree.conform.targets import Reply
from gametree.conform.tiers import BUILDERS, Ask
from gametree.conform.vectors import is_by_depth, vector_cases
from gametree.spec import Bounds, Node, Scalar, Tree, iter_leaves
from gametree.treefile import document_json, dumps

__all__ = ["GateOptions", "Outcome", "Report", "Shrunk", "Target", "run_gate"]

Kind = Literal["pass", "mismatch", "error", "crash", "timeout", "garbage", "memory", "skipped"]
FAILURES: tuple[Kind, ...] = ("mismatch", "error", "crash", "timeout", "garbage", "memory")


class Target(Protocol):
    """What the gate asks: one request at a time, a :class:`Reply` for each."""

    def ask(self, case: Case, *, trace: bool) -> Reply:
        """Send the request for ``case`` (with a trace asked for or not); return the reply."""
        ...  # pragma: no cover - a protocol

    def close(self) -> None:
        """Release the target."""
        ...  # pragma: no cover - a protocol


class GateError(RuntimeError):
    """The gate cannot run as asked (Hypothesis missing for generated trees)."""


@attrs.frozen
class GateOptions:
    """How the gate runs: the claim, what it compares, how many trees, what it skips."""

    semantics: str
    checks: Checks = attrs.field(factory=Checks)
    budget: int = 200
    seed: int = 0
    by_depth: bool = False
    skip_flags: frozenset[str] = frozenset()
    shrink_budget: int = 500
    """Attempts at most while shrinking one failure (``--shrink-budget``)."""
    shrink_seconds: float = 600.0
    """A guard on one failure's shrinking, far above what its budget takes: a limit of time
    would make the minimal case depend on the target's speed, so the budget decides."""
    max_failures_in_a_row: int = 5
    max_depth: int = 4
    max_branching: int = 3
    scope: str = attrs.field(default="default", validator=attrs.validators.in_(SCOPES))
    """The mix the generated phase draws from (:data:`gametree.conform.scope.SCOPES`)."""
    vectors: bool = True
    """Whether to ask the vectors first (off: the generated phase alone finds what it finds)."""
    full_window: bool = False
    """Ask the alpha-beta semantics with the full window only (``--full-window``), for an
    engine that takes none: the vectors with a window are skipped and none is drawn."""
    keep_going: bool = False
    """Go on after a failure (``--keep-going``): every distinct failure (:func:`signature`)
    is shrunk and reported, not only the first of each phase."""
    values: str = attrs.field(default="exact", validator=attrs.validators.in_(NUMBER_TYPES))
    """The number type the engine holds (:mod:`gametree.conform.numbers`): no case outside it
    is asked, and the magnitude tier draws its edges."""


@attrs.define
class Outcome:
    """What one case came to."""

    name: str
    phase: str
    case: Case
    kind: Kind
    problems: list[str]
    expected: Expected | None
    response: object = None
    seconds: float = 0.0
    comment: str = ""
    flags: tuple[str, ...] = ()
    before: Case | None = None
    """For a failure: the case asked before it in the same process (``None``: none)."""

    @property
    def failed(self) -> bool:
        """Whether the target failed this case."""
        return self.kind in FAILURES

    def json(self, *, trace: bool) -> dict[str, object]:
        """The outcome as the JSON report shows it; ``trace``: what the request said."""
        req: dict[str, object] | None = None
        if self.failed and self.case.game is not None:
            req = request(self.case, trace=False)
        elif self.failed:
            req = request(self.case, trace=trace, tree=False)
            # json.dumps recurses: a tree hundreds of levels deep goes in as text.
            shallow = self.case.tree.height < 200
            req["tree" if shallow else "tree_text"] = (
                document_json(self.case.tree, self.case.bounds)
                if shallow
                else tree_text(self.case.tree, self.case.bounds)
            )
        return {
            "name": self.name,
            "phase": self.phase,
            "kind": self.kind,
            "flags": list(self.flags),
            "problems": self.problems,
            "request": req,
            "expected": self.expected.json() if self.expected and self.failed else None,
            "actual": _plain(self.response) if self.failed else None,
        }


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
    coverage: dict[str, Coverage] = attrs.field(
        factory=lambda: {"vectors": Coverage(), "generated": Coverage()}
    )
    """What each phase asked (the largest branching, height, players, magnitude)."""
    behaviours: BehaviourCoverage = attrs.field(
        default=attrs.Factory(
            lambda self: BehaviourCoverage(  # what the declared type cannot hold is excluded too
                self.semantics,
                self.options.by_depth,
                self.options.skip_flags | NUMBER_TYPES[self.options.values].excluded_flags(),
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
        trace = self.options.checks.strict_order
        return {
            "target": self.target,
            "semantics": self.semantics,
            "passed": self.passed,
            "vectors": self.counts("vectors"),
            "generated": self.counts("generated"),
            "gave_up": self.gave_up,
            "values": {"type": self.options.values, "outside": self.outside},
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
                }
                for s in self.shrunk
            ],
            "seconds": round(self.seconds, 3),
        }

    def text(self) -> str:
        """The report as text."""
        head = f"target {self.target}, semantics {self.semantics}, scope {self.options.scope}"
        lines = [f"gametree conform: {head}"]
        for phase in ("vectors", "generated"):
            c = self.counts(phase)
            if c:
                parts = ", ".join(f"{n} {k}" for k, n in sorted(c.items()))
                lines.append(f"{phase}: {parts}")
        for phase, cov in self.coverage.items():
            if cov.cases:
                lines.append(f"covered by the {phase}: {cov.text()}")
        if self.options.values != "exact":
            kind = NUMBER_TYPES[self.options.values]
            lines.append(f"values {kind.name} ({kind.range_text()}): outside it, "
                         f"{self.outside['vectors']} vectors skipped, "
                         f"{self.outside['generated']} generated cases drawn again")  # fmt: skip
        lines.extend(self.behaviours.text())
        for o in self.failures[:20]:
            what = f"{o.name}" + (f" ({o.comment})" if o.comment else "")
            if o.flags:
                what += f" [{', '.join(o.flags)}]"
            lines.append(f"FAIL {o.phase} {what}: {o.kind}")
            lines.extend(f"  {_clip(p, 600)}" for p in o.problems[:5])
        if len(self.failures) > 20:
            lines.append(f"... and {len(self.failures) - 20} more failures")
        for i, s in enumerate(self.shrunk):
            lines.extend(self._minimal_lines(s, self.saved.get(i)))
        if self.gave_up:
            lines.append(f"gave up: {self.gave_up}")
        verdict = "PASSED" if self.passed else f"FAILED ({len(self.failures)} failures)"
        lines.append(f"result: {verdict} in {self.seconds:.1f} s")
        return printable("\n".join(lines))

    def _minimal_lines(self, s: Shrunk, saved: Path | None) -> list[str]:
        """The lines of one minimal failing case, each at most about :data:`LINE` long."""
        m = s.minimal
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
        lines.extend(f"  {clip(p)}" for p in m.problems[:5])
        lines.extend(self._case_lines(m, clip, "  ", passed=s.then is not None))
        if s.then is not None:
            lines.append("  then, asked next in the same process:")
            lines.extend(f"    {clip(p)}" for p in s.then.problems[:5])
            lines.extend(self._case_lines(s.then, clip, "    "))
        if saved:
            lines.append(f"  the whole case (request, expected, actual): {saved}")
        return lines

    def _case_lines(
        self, m: Outcome, clip: Callable[[str], str], indent: str, *, passed: bool = False
    ) -> list[str]:
        """One case of a minimal failure: its tree (or game), request, expected and actual.

        ``passed``: the target's answer was right, and is not kept.
        """
        lines = []
        req = request(m.case, trace=self.options.checks.strict_order, tree=False)
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
        """Write each minimal failing case to ``directory/minimal-K.json``.

        With ``directory`` ``None``, only when one is too long to print whole, into a new
        temporary directory. The file holds the problems, the expected and actual answers,
        and the request as the target was sent it (a tree of any depth, written without
        recursion), so that the case can be replayed.
        """
        too_long = any(_too_long(s.minimal) for s in self.shrunk)
        if not self.shrunk or (directory is None and not too_long):
            return
        if directory is None:
            directory = Path(tempfile.mkdtemp(prefix="gametree-conform-"))
        directory.mkdir(parents=True, exist_ok=True)
        for i, s in enumerate(self.shrunk):
            m = s.minimal
            path = directory / f"minimal-{i + 1}.json"
            line = request_line(m.case, 0, trace=self.options.checks.strict_order).strip()
            head = {
                "semantics": self.semantics,
                "kind": m.kind,
                "problems": m.problems,
                "expected": m.expected.json() if m.expected else None,
                "actual": _plain(m.response),
            }
            text = f'{json.dumps(head)[:-1]}, "request": {line}'
            if s.then is not None:  # the request after it, which then failed
                then = request_line(s.then.case, 1, trace=self.options.checks.strict_order)
                text += f', "then": {then.strip()}'
            path.write_text(text + "}\n", encoding="utf-8")
            self.saved[i] = path


LINE = 1000
"""The longest line of a minimal case in the text report, before it is clipped."""


def _too_long(o: Outcome) -> bool:
    """Whether the text report clips something of ``o`` (so that a file should hold it)."""
    texts = [*o.problems, tree_text(o.case.tree, o.case.bounds),
             json.dumps(o.response, default=repr)]  # fmt: skip
    if o.expected is not None:
        texts.append(json.dumps(o.expected.json()))
    return any(len(x) > LINE for x in texts)


_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def printable(text: str) -> str:
    r"""``text`` with what a target may have put in it escaped, so it can be printed.

    Control characters (but tab and newline) would drive a terminal or make XML invalid;
    lone surrogates cannot be written as UTF-8 at all.

    >>> printable("a\x1b[31m\ud800\tb\n")
    'a\\x1b[31m\\ud800\tb\n'
    """
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def _plain(x: object) -> object:
    """A reply as plain JSON values (a marker such as NaN's becomes a string saying what it was)."""
    return json.loads(json.dumps(x, default=repr))


def _clip(text: str, limit: int = 3000, note: str = "--json or --junit has them") -> str:
    """``text``, or its start and end and a note when it is too long to read."""
    if len(text) <= limit:
        return text
    return f"{text[: limit // 2]} ... {text[-limit // 4 :]} ({len(text)} characters in all; {note})"


def evaluate(
    target: Target, case: Case, checks: Checks
) -> tuple[Kind, list[str], object, float, Expected]:
    """Ask ``target`` about ``case``; the kind of outcome, the problems, the reply."""
    e = expected(case)
    reply = target.ask(case, trace=checks.strict_order)
    response = reply.response
    if isinstance(response, dict):
        response = {k: v for k, v in response.items() if k != "id"}
    if reply.kind == "answer":
        problems = check(case, e, response, checks)
        if not problems:  # a pass keeps nothing of the reply: the report never shows it
            return "pass", problems, None, reply.seconds, e
        return "mismatch", problems, _kept(response), reply.seconds, e
    if reply.kind == "error":
        detail = f"the target reported an error: {reply.detail}"
        return "error", [detail], _kept(response), reply.seconds, e
    return reply.kind, [reply.detail], _kept(response), reply.seconds, e


MAX_KEPT = 64 * 1024
"""The longest member of a failing reply the report keeps, in characters of JSON."""


def _kept(response: object) -> object:
    """What the report keeps of a failing reply: each member, unless its JSON is too long.

    A target may reply with megabytes on every case; the gate's memory must not grow with them.
    """
    if not isinstance(response, dict):
        return response
    kept: dict[str, object] = {}
    for key, v in response.items():
        n = len(json.dumps(v, default=repr))
        kept[key] = v if n <= MAX_KEPT else f"({n} characters of JSON, not kept)"
    return kept


Progress = Callable[[str], None]


@attrs.define
class Run:
    """One run of the gate on a target: what every phase shares, and how it asks.

    ``known`` holds the :func:`signature` of each failure kept for shrinking so far;
    ``in_a_row`` counts the crashes and timeouts in a row, after
    ``options.max_failures_in_a_row`` of which the gate gives up.
    """

    target: Target
    options: GateOptions
    report: Report
    tick: Progress
    started: float
    """When the run started (``time.monotonic()``)."""
    known: set[tuple[str, str]] = attrs.field(factory=set)
    in_a_row: int = 0

    @property
    def gave_up(self) -> bool:
        """Whether the gate gave up on the target (read anew: a ``record`` may have just set it)."""
        return self.report.gave_up is not None

    def ask(  # noqa: PLR0917 - the label, phase and comment read in the report's order
        self,
        case: Case,
        label: str,
        phase: str,
        comment: str = "",
        flags: tuple[str, ...] | None = None,
        shown: frozenset[str] | None = None,
    ) -> Outcome:
        """Ask the target about ``case``, counting what it covered in ``phase``; the outcome."""
        kind, problems, response, seconds, e = evaluate(self.target, case, self.options.checks)
        if flags is None:
            flags = case_flags(case)
        if phase in self.report.coverage:
            self.report.coverage[phase].add(case_shape(case), flags, e.visited)
            self.report.behaviours.phases[phase].add(self.options.semantics, case, shown)
        o = Outcome(label, phase, case, kind, problems, e, response, seconds, comment, flags)
        if o.failed:  # the case asked before it in the same process, for its replay
            o.before = getattr(self.target, "previous", None)
        return o

    def record(self, o: Outcome) -> None:
        """Keep ``o`` in the report; give up after too many crashes or timeouts in a row."""
        report = self.report
        report.outcomes.append(o)
        if o.failed and report.first_failure_seconds is None:
            report.first_failure_seconds = time.monotonic() - self.started
        self.in_a_row = self.in_a_row + 1 if o.kind in {"crash", "timeout"} else 0
        if self.in_a_row >= self.options.max_failures_in_a_row:
            report.gave_up = (
                f"the target crashed or timed out {self.in_a_row} times in a row (last: "
                f"{o.problems[0][:300] if o.problems else o.kind})"
            )

    def skipped(self, case: Case) -> bool:
        """Whether ``case`` is never asked: a flag of it skipped, or :func:`unasked`."""
        return bool(set(case_flags(case)) & self.options.skip_flags or unasked(case, self.options))

    def ask_generated(
        self,
        case: Case,
        how: str,
        found: list[Outcome],
        *,
        shown: frozenset[str] | None = None,
        progress: str = "",
    ) -> bool:
        """Ask the next generated case (drawn ``how``); keep a pass, or :meth:`failed` says.

        Whether to stop. ``progress``: what the progress note adds to the case's number.
        """
        self.report.generated += 1
        n = self.report.generated
        self.tick(f"generated {n}{progress}")
        o = self.ask(case, f"generated #{n} ({how})", "generated", shown=shown)
        if not o.failed:
            self.report.outcomes.append(o)
            return False
        return self.failed(o, found)

    def failed(self, o: Outcome, found: list[Outcome]) -> bool:
        """Record a generated failure, keep it in ``found`` if it is a new kind; whether to stop."""
        self.record(o)
        if signature(o) not in self.known:
            self.known.add(signature(o))
            found.append(o)
            if not self.options.keep_going:
                return True
        return self.gave_up


def run_gate(
    target: Target, name: str, options: GateOptions, progress: Progress | None = None
) -> Report:
    """Run the gate on ``target`` (called ``name`` in the report)."""
    started = time.monotonic()
    report = Report(name, options.semantics, options)
    run = Run(target, options, report, progress or (lambda _note: None), started)
    try:
        for o in _vector_phase(run):
            _shrink(run, o)
        if options.budget > 0 and not run.gave_up:
            if not options.keep_going:  # each phase shrinks its own first failure
                run.known = set()
            for o in _generated_phase(run):
                _shrink(run, o)
    finally:
        report.seconds = time.monotonic() - started
    return report


def _vector_phase(run: Run) -> list[Outcome]:
    """Ask every vector (less those skipped); the failures to shrink, a wrong answer first.

    The smallest failure of the first kind, or with ``--keep-going`` of each kind.
    """
    report, options = run.report, run.options
    for i, vc in enumerate(vector_cases(options.semantics) if options.vectors else [], 1):
        label = f"tcId {i}"
        why = _not_asked(vc.flags, vc.case, options)
        report.outside["vectors"] += outside(options.values, vc.case) is not None
        if why:
            report.outcomes.append(Outcome(label, "vectors", vc.case, "skipped", why, None,
                                           comment=vc.comment, flags=vc.flags))  # fmt: skip
            continue
        run.tick(f"vector {label}")
        run.record(run.ask(vc.case, label, "vectors", vc.comment, vc.flags))
        if run.gave_up:
            break  # and shrink the smallest failure: the hang, the crash, as the rest
    failed = sorted((o for o in report.outcomes if o.failed),  # a wrong answer first,
                    key=lambda o: (FAILURES.index(o.kind), size(o.case)))  # fmt: skip
    first: list[Outcome] = []
    for o in failed:
        if signature(o) not in run.known and (options.keep_going or not run.known):
            run.known.add(signature(o))
            first.append(o)
    return first


def _shrink(run: Run, o: Outcome) -> None:
    """Locate and shrink ``o``, keeping the result and what its cases covered."""
    report = run.report
    report.shrunk.append(_located(run, o))
    for m in (report.shrunk[-1].minimal, report.shrunk[-1].then):
        if m is not None and o.phase in report.coverage:
            report.coverage[o.phase].add(case_shape(m.case), m.flags)


def _located(run: Run, o: Outcome) -> Shrunk:
    """``o`` replayed in a fresh process, its culprit found and shrunk (:mod:`.faults`)."""
    options = run.options

    def outcome(c: Case, label: str) -> Outcome:
        kind, problems, response, seconds, e = evaluate(run.target, c, options.checks)
        return Outcome(label, o.phase, c, kind, problems, e, response, seconds,
                       flags=case_flags(c))  # fmt: skip

    # A case with a flag skipped is never asked, shrunk ones included, as in the vectors.
    budget = shrink_budget(options.shrink_budget, o.case)
    how = Shrinking(budget, options.shrink_seconds, options.by_depth, run.skipped)
    return locate(o, o.before, Replays(run.target, outcome), how)


def signature(o: Outcome) -> tuple[str, str]:
    """What makes two failures one for ``--keep-going``: the kind, and what is wrong.

    For a wrong answer, the first member the report finds wrong (``value``, ``best_move``,
    ``trace``, ...); a crash, a hang, garbage or an error is one failure of its kind.
    """
    wrong = o.problems[0].split(":")[0] if o.kind == "mismatch" and o.problems else ""
    return o.kind, wrong


def _not_asked(flags: tuple[str, ...], case: Case, options: GateOptions) -> list[str]:
    """Why a vector is skipped (empty: it is asked): its flags skipped, or :func:`unasked`."""
    skip = set(flags) & options.skip_flags
    if options.by_depth:
        skip |= set(flags) & {"NotByDepth", "MovesTwice"}
    why = [f"flags {sorted(skip)}"] if skip else []
    return [*why, unasked(case, options)] if unasked(case, options) else why


def unasked_behaviours(options: GateOptions) -> frozenset[str]:
    """The behaviours no case asked of this target can show (see :func:`unasked`)."""
    out: set[str] = set()
    if options.full_window:  # the window open on both sides: v inside it
        out |= {"fail-low", "fail-high", "cut-window"}
        out |= {f"{e}{p}" for e in ("alpha", "beta") for p in ("=v-1", "=v", "=v+1", "<v", ">v")}
    if options.checks.move_only:
        out.add("lone-leaf")
    return frozenset(out)


def unasked(case: Case, options: GateOptions) -> str:
    """Why ``case`` is not asked of this target (``""``: it is).

    A window, of an engine that takes none (``--full-window``); a lone leaf, where there is
    no move to report (``--move-only``); a number outside the number type the engine declares
    (``--values``).
    """
    if options.full_window and (case.alpha is not None or case.beta is not None):
        return "a window (--full-window)"
    if options.checks.move_only and case.game is None and not isinstance(case.tree, Node):
        return "a lone leaf: no move to report (--move-only)"
    x = outside(options.values, case)
    return "" if x is None else f"{number_text(x)} is outside {options.values}"


def _generated_phase(run: Run) -> list[Outcome]:
    """The generated cases: from Hypothesis, from seeds, steered, then at scale.

    The budget is split by the scope's weights (:func:`schedule`), less the scale cases
    (:func:`gametree.conform.scale.scale_count`). Hypothesis draws the small cases until one
    fails, and shrinks it; if none does, the tail's cases are built from seeds in the order of
    the schedule until one fails, which the gate's shrinker then shrinks (Hypothesis could only
    shrink a seed, which says nothing about the tree); then the steered cases
    (:func:`_steered_phase`) and the scale cases, the costliest, last. Hypothesis does not draw
    the tail itself: it draws its first examples near the low end of an integer's range and
    mutates the ones it has, so the mix it gave would follow the order of the tiers and the
    number of choices each makes, not their weights. With ``--keep-going`` all go on after a
    failure, and return each failure whose :func:`signature` is not in ``run.known`` yet (the
    first of each); else the first failure.
    """
    report, options = run.report, run.options
    small, tail, steered = schedule(options)
    scale = scale_count(SCOPES[options.scope], options.budget, options.skip_flags)
    found = _small_phase(run, small - scale)
    if (found and not options.keep_going) or run.gave_up:
        return found
    s = SEMANTICS[options.semantics]
    ask_tier = Ask(s.kind == "vector", s.window and not options.full_window,
                   SCOPES[options.scope], options.skip_flags, options.by_depth,
                   options.values)  # fmt: skip
    seeds = random.Random(options.seed)  # noqa: S311 - test trees, not secrets
    asked = {o.case for o in report.outcomes}  # a case asked already is drawn again
    for tier in tail:
        for _ in range(20):  # a case with a skipped flag is drawn again, a few times
            drawn = BUILDERS[tier](random.Random(seeds.getrandbits(64)), ask_tier)  # noqa: S311
            player = seeds.randrange(drawn.tree.players) if s.player else None
            case = Case(s.name, drawn.tree, drawn.bounds if s.bounds else None, drawn.alpha,
                        drawn.beta, player)  # fmt: skip
            if s.domain and seeds.random() < 0.5:
                case = in_integers(case)
            if s.guess and seeds.random() < 0.5:  # MTD(f) from a leaf's value, at any magnitude
                guess = _first_scalar(case.tree) if drawn.first_guess is None else drawn.first_guess
                case = attrs.evolve(case, first_guess=guess)
            fits = not options.by_depth or is_by_depth(case.tree)
            if not run.skipped(case) and fits and case not in asked:
                break
            report.outside["generated"] += outside(options.values, case) is not None
        else:
            continue
        asked.add(case)
        if run.ask_generated(case, tier, found):
            break
    if (found and not options.keep_going) or run.gave_up:
        return found
    found += _steered_phase(run, steered)
    if (found and not options.keep_going) or run.gave_up:
        return found
    return found + _scale_phase(run, scale)


def _steered_phase(run: Run, budget: int) -> list[Outcome]:
    """Cases chosen for the behaviour pairs the run has shown least (:mod:`.steer`).

    Up to ``budget`` cases, each the candidate (of many run on the reference alone) that
    shows the most of the feasible pairs shown least so far: every pair once, then again with
    the budget left, until no candidate adds one; a failure among them is shrunk by the
    gate's shrinker (with ``--keep-going`` the steering goes on, as the tail does).
    """
    from gametree.conform.steer import Steering  # noqa: PLC0415 - the gate's only steering

    report, options = run.report, run.options
    coverage = report.behaviours
    steering = Steering(options.semantics, coverage.feasible, coverage.excluded)
    so_far = coverage.all()
    steering.counts.update(so_far.counts)
    for b, case in so_far.examples.items():
        steering.keep(case, None, [b])
    rng = random.Random(options.seed)  # noqa: S311 - test trees, not secrets
    found: list[Outcome] = []
    asked = {o.case for o in report.outcomes}

    def allowed(case: Case) -> bool:
        fits = not options.by_depth or case.game is not None or is_by_depth(case.tree)
        return case not in asked and not run.skipped(case) and fits

    for _ in range(budget):
        chosen = steering.next_case(rng, allowed, by_depth=options.by_depth,
                                    skip=options.skip_flags, windowless=options.full_window,
                                    max_nodes=SCOPES[options.scope].max_nodes)  # fmt: skip
        if chosen is None or run.gave_up:
            break
        case, shown = chosen
        asked.add(case)
        stop = run.ask_generated(case, "steered", found, shown=shown, progress=" (steered)")
        steering.record(shown)
        if stop:
            break
    return found


def _scale_phase(run: Run, count: int) -> list[Outcome]:
    """The scope's scale cases (:mod:`gametree.conform.scale`), last, as they cost the most."""
    options = run.options
    found: list[Outcome] = []
    for shape, case in scale_cases(options.semantics, SCOPES[options.scope], count=count,
                                   seed=options.seed, skip=options.skip_flags,
                                   windowless=options.full_window):  # fmt: skip
        if run.skipped(case) or (options.by_depth and not is_by_depth(case.tree)):
            continue
        if run.ask_generated(case, f"scale, {shape}", found, progress=" (scale)"):
            break
    return found


def _first_scalar(t: Tree) -> Scalar:
    """The value of the first leaf of a two-player tree."""
    v = next(iter_leaves(t))[1].value
    assert not isinstance(v, tuple)
    return v


def schedule(options: GateOptions) -> tuple[int, list[Tier], int]:
    """How many small cases, the tail's tiers in their order, how many steered cases.

    The steered cases (:func:`_steered_phase`) follow the tail's, and stop early once every
    feasible pair of behaviours has been shown.

    Each tier gets its weight's share of ``options.budget`` (rounded down, the rest to the
    small tier), interleaved in an order fixed by ``options.seed``. A game semantics has no
    tiers: its budget is Hypothesis's and the steered cases'.
    """
    mix = tiers(options)
    total = sum(w for _, w in mix)
    steered = options.budget * dict(mix).get("steered", 0) // total
    if SEMANTICS[options.semantics].game:
        return options.budget - steered, [], steered
    tail: list[Tier] = []
    for tier, weight in mix:
        if tier not in {"small", "steered"}:
            tail += [tier] * (options.budget * weight // total)
    random.Random(options.seed).shuffle(tail)  # noqa: S311 - an order, not a secret
    return options.budget - len(tail) - steered, tail, steered


def _small_phase(run: Run, budget: int) -> list[Outcome]:
    """Hypothesis draws small cases until one fails (then shrinks it) or ``budget`` is spent.

    With ``--keep-going``, it draws again after each failure (the cases already asked are not
    asked again) until the budget is spent, shrinking each failure of a new :func:`signature`.
    """
    report, options = run.report, run.options
    search = _searcher(options, budget)
    if budget <= 0:
        return []
    seen: dict[str, Outcome] = {}
    first: list[Outcome] = []
    asked = 0

    def new(o: Outcome) -> bool:  # a failure not found yet (any failure without --keep-going)
        return o.failed and signature(o) not in run.known

    def fails(case: Case) -> bool:
        nonlocal asked
        if run.skipped(case):  # a shrunk case can earn a flag its original did not have
            return False
        key = request_line(case, 0, trace=False)
        if key in seen:
            return new(seen[key])
        if not first and asked >= budget and not run.gave_up:
            raise _Enough  # budget distinct cases asked (Hypothesis draws some twice)
        if run.gave_up:
            return False
        if first and len(seen) > asked + options.shrink_budget:
            return False  # shrinking's budget is spent: nothing new is asked
        if first and first[0].kind == "timeout":
            return False  # a hang is shrunk by faults.locate, each attempt under a short limit
        o = run.ask(case, f"generated #{report.generated + 1}", "generated")
        seen[key] = o
        if not first:
            asked += 1
            report.generated += 1
            run.tick(f"generated {report.generated}")
            if o.failed:
                run.record(o)
            else:
                report.outcomes.append(o)
            if new(o):
                first.append(o)
        return new(o)

    found: list[Outcome] = []
    while not run.gave_up:
        first.clear()
        ended, minimal = search(fails)
        if ended or not first:
            break
        best = None if minimal is None else seen.get(request_line(minimal, 0, trace=False))
        if best is not None and best.failed and signature(best) == signature(first[0]):
            found.append(attrs.evolve(best, name=f"{first[0].name} as Hypothesis shrank it"))
        else:
            found.append(first[0])
        run.known.add(signature(first[0]))
        if not options.keep_going:
            break
    return found


def _searcher(
    options: GateOptions, budget: int
) -> Callable[[Callable[[Case], bool]], tuple[bool, Case | None]]:
    """Hypothesis's ``find`` over the small tier: (whether nothing failed, the minimal case).

    The minimal case is ``None`` when Hypothesis could not say (Unsatisfiable, Flaky): the
    failure found first then stands.
    """
    try:
        from hypothesis import HealthCheck, Phase, find, settings  # noqa: PLC0415
        from hypothesis.errors import HypothesisException, NoSuchExample  # noqa: PLC0415
    except ImportError:  # pragma: no cover - hypothesis is in the testing extra
        raise GateError(
            "generated trees need Hypothesis: pip install 'gametree[testing]' (or --budget 0 "
            "to run the vectors only)"
        ) from None
    quiet = settings(max_examples=2 * budget,  # enough for ``budget`` distinct cases: _Enough
                     database=None, deadline=None, derandomize=False,
                     phases=[Phase.generate, Phase.shrink],
                     suppress_health_check=list(HealthCheck),
                     report_multiple_bugs=False)  # fmt: skip

    def search(fails: Callable[[Case], bool]) -> tuple[bool, Case | None]:
        try:
            return False, find(cases(options), fails, settings=quiet,
                               random=random.Random(options.seed))  # noqa: S311  # fmt: skip
        except (NoSuchExample, _Enough):
            return True, None
        except HypothesisException:
            return False, None

    return search


class _Enough(BaseException):
    """Stops Hypothesis once the small tier's budget is asked.

    A ``BaseException``, which Hypothesis passes on at once rather than shrinking as a failure.
    """


def tiers(options: GateOptions) -> list[tuple[Tier, int]]:
    """The tiers the generated phase draws from, with their weights, for ``options``.

    The scope's mix, less the many-players tier for two-player semantics and less every tier
    whose flag is skipped (the small tier is always there); for ``optimal`` half the small
    tier's weight goes to the tight tier, whose trees are where its leaves differ from shallow
    pruning's (:func:`gametree.conform.tiers.tight`); for an engine that declares its number
    type (``--values``), the magnitude tier, which then draws that type's edges
    (:func:`gametree.conform.tiers.typed`), takes as much again from the small tier.
    """
    s = SEMANTICS[options.semantics]
    mix = dict(SCOPES[options.scope].weights)
    if s.domain:
        mix["tight"] = mix["small"] // 2
        mix["small"] -= mix["tight"]
    if options.values != "exact" and "magnitude" in mix:  # the type's edges, at twice the share
        mix["small"] -= mix["magnitude"]
        mix["magnitude"] *= 2
    return [
        (tier, weight)
        for tier, weight in mix.items()
        if not (tier == "many" and s.kind == "scalar" and not s.player)
        and not set(TIER_FLAGS[tier]) & options.skip_flags
    ]


def cases(options: GateOptions) -> Any:
    """Hypothesis's strategy for the small tier of ``options.semantics`` (and for games).

    ``spec.strategies``' trees: two-player leaves in -9..9, N-player trees (N in 2..4) of
    vectors within ``Bounds(0, 9)`` or, one time in four, ``Bounds(-1, 6)`` (a lower bound to
    shift), sometimes summing to exactly the bound (so immediate pruning happens); ties drawn
    on purpose half of the time, and unless ``by_depth`` so are the movers at each node;
    windows from -10..10 or open. A case with a skipped flag is not drawn.
    """
    from hypothesis import assume  # noqa: PLC0415

    s = SEMANTICS[options.semantics]

    def allowed(case: Case) -> Case:
        assume(not set(case_flags(case)) & options.skip_flags and not unasked(case, options))
        assume(s.game or not options.by_depth or is_by_depth(case.tree))
        return case

    if s.game:
        return _game_cases(s.name, alternating=options.by_depth).map(allowed)
    return _small_cases(options).map(allowed)


def _small_cases(options: GateOptions) -> Any:
    """The small tier: ``spec.strategies``' trees, as the gate drew them before the tiers."""
    from hypothesis import strategies as st  # noqa: PLC0415

    from gametree.spec.strategies import scalar_trees, vector_trees  # noqa: PLC0415

    s = SEMANTICS[options.semantics]
    d, b = options.max_depth, options.max_branching

    @st.composite
    def draw_case(draw: st.DrawFn) -> Case:
        ties = draw(st.booleans())
        by_depth = options.by_depth or draw(st.booleans())
        if s.kind == "scalar":
            t = draw(scalar_trees(max_depth=d, max_branching=b, min_value=-9, max_value=9,
                                  ties=ties, by_depth=by_depth))  # fmt: skip
            if not s.window:
                return Case(s.name, t)
            ends = st.none() if options.full_window else st.none() | st.integers(-10, 10)
            alpha, beta = draw(ends), draw(ends)
            if alpha is not None and beta is not None and alpha >= beta:
                alpha, beta = beta - 1 if alpha == beta else beta, alpha
            guess = draw(st.integers(-10, 10)) if s.guess else 0
            return Case(s.name, t, alpha=alpha, beta=beta, first_guess=guess)
        players = draw(st.sampled_from([3, 2, 4]))
        if s.domain:
            bounds = draw(st.sampled_from(OPTIMAL_BOUNDS))
        else:
            bounds = Bounds(-1, 6) if draw(st.integers(0, 3)) == 3 else Bounds(0, 9)
        t = draw(vector_trees(players=players, max_depth=d if s.domain else min(d, 3),
                              max_branching=b, bounds=bounds, exact_total=draw(st.booleans()),
                              ties=ties, by_depth=by_depth))  # fmt: skip
        player = draw(st.integers(0, players - 1)) if s.player else None
        case = Case(s.name, t, bounds if s.bounds else None, player=player)
        return in_integers(case) if s.domain and draw(st.integers(0, 1)) else case

    return draw_case()


OPTIMAL_BOUNDS = (Bounds(0, 9), Bounds(0, 3), Bounds(-1, 6), Bounds(0, 2))
"""The small tier's bounds for ``optimal``: tight ones too, under which many leaves shallow
pruning reads are not necessary (more so over the integers)."""


def in_integers(case: Case) -> Case:
    """``case`` over the integers if its leaves are integers, else as it is (over the reals)."""
    integers = attrs.evolve(case, domain="integers")
    return case if domain_problem(integers) is not None else integers


def _game_cases(semantics: str, *, alternating: bool) -> Any:
    """Hypothesis's strategy for cases of a ``game-`` semantics.

    Game graphs of up to 7 states (``gametree.conform.games.game_graphs``), depths 1..3,
    quiescence 0..2 (1..2 for stand pat), deepening to depth 1..4 with a budget of 1..60 nodes;
    for table reuse (``game-negamax-witness``) graphs of up to 15 states, all quiet, depths
    1..6 and a window from -10..10 or open, as Wesselink et al.'s counterexample needs. With
    ``alternating`` (``--alternating``) no player moves twice.
    """
    from hypothesis import strategies as st  # noqa: PLC0415

    from gametree.conform.games import game_graphs  # noqa: PLC0415
    from gametree.conform.semantics import game_case  # noqa: PLC0415

    @st.composite
    def draw_case(draw: st.DrawFn) -> Case:
        if semantics == "game-negamax-witness":
            g = draw(game_graphs(max_states=15, alternating=alternating, all_quiet=True))
            ends = st.none() | st.integers(-10, 10)
            alpha, beta = draw(ends), draw(ends)
            if alpha is not None and beta is not None and alpha >= beta:
                alpha, beta = beta - 1 if alpha == beta else beta, alpha
            return game_case(semantics, g, draw(st.integers(1, 6)), alpha=alpha, beta=beta)
        g = draw(game_graphs(alternating=alternating))
        if semantics == "game-deepening":
            return game_case(semantics, g, draw(st.integers(1, 4)),
                             quiescence=draw(st.integers(0, 1)),
                             max_nodes=draw(st.integers(1, 60)))  # fmt: skip
        low = 1 if semantics == "game-negamax-stand-pat" else 0
        return game_case(semantics, g, draw(st.integers(1, 3)),
                         quiescence=draw(st.integers(low, 2)))  # fmt: skip

    return draw_case()
