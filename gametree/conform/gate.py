"""The conformance gate: the vectors, then Hypothesis-generated trees, then a minimal failure.

Glossary: an *outcome* is what one case came to (pass, or how it failed); a target's
failure is a *mismatch* (a wrong answer), an *error* (the target said it failed), a
*crash*, a *timeout*, *garbage* (a reply that is not the protocol) or *memory*.

:func:`run_gate` asks the target every vector of the semantics (less the flags skipped),
then up to ``budget`` trees that Hypothesis draws (``spec.strategies``), stopping at the
first generated failure, which Hypothesis shrinks. The smallest failure of each phase is then
shrunk further by :func:`gametree.conform.shrink.shrink`, asking the target again, until no
smaller case fails the same way. The gate gives up (and fails) after
``max_failures_in_a_row`` crashes or timeouts in a row, so that a dead target costs at most
that many timeouts, and it never waits on a target without a deadline.
"""

import json
import random
import re
import time
from collections.abc import Callable
from typing import Any, Literal, Protocol

import attrs

from gametree.conform.semantics import (
    SEMANTICS,
    Case,
    Checks,
    Expected,
    check,
    expected,
    request,
    request_line,
)
from gametree.conform.shrink import shrink, size
from gametree.conform.targets import Reply
from gametree.conform.vectors import is_by_depth, vector_cases
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
    budget: int = 100
    seed: int = 0
    by_depth: bool = False
    skip_flags: frozenset[str] = frozenset()
    shrink_budget: int = 500
    shrink_seconds: float = 30.0
    max_failures_in_a_row: int = 5
    max_depth: int = 4
    max_branching: int = 3


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

    @property
    def failed(self) -> bool:
        """Whether the target failed this case."""
        return self.kind in FAILURES

    def json(self) -> dict[str, object]:
        """The outcome as the JSON report shows it."""
        req: dict[str, object] | None = None
        if self.failed and self.case.game is not None:
            req = request(self.case, trace=False)
        elif self.failed:
            req = request(self.case, trace=True, tree=False)
            # json.dumps recurses: a tree hundreds of levels deep goes in as text.
            shallow = self.case.tree.height < 200
            req["tree" if shallow else "tree_text"] = (
                document_json(self.case.tree, self.case.bounds)
                if shallow
                else dumps(self.case.tree, self.case.bounds)
            )
        return {
            "name": self.name,
            "phase": self.phase,
            "kind": self.kind,
            "problems": self.problems,
            "request": req,
            "expected": self.expected.json() if self.expected and self.failed else None,
            "actual": _plain(self.response) if self.failed else None,
        }


@attrs.define
class Shrunk:
    """A failure and the smallest case the shrinker found that fails the same way."""

    original: Outcome
    minimal: Outcome
    steps: int


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

    def json(self) -> dict[str, object]:
        """The report as JSON (``gametree conform --json``)."""
        return {
            "target": self.target,
            "semantics": self.semantics,
            "passed": self.passed,
            "vectors": self.counts("vectors"),
            "generated": self.counts("generated"),
            "gave_up": self.gave_up,
            "first_failure_seconds": None
            if self.first_failure_seconds is None
            else round(self.first_failure_seconds, 3),
            "failures": [o.json() for o in self.failures],
            "minimal": [
                {"from": s.original.name, "steps": s.steps, **s.minimal.json()} for s in self.shrunk
            ],
            "seconds": round(self.seconds, 3),
        }

    def text(self) -> str:
        """The report as text."""
        lines = [f"gametree conform: target {self.target}, semantics {self.semantics}"]
        for phase in ("vectors", "generated"):
            c = self.counts(phase)
            if c:
                parts = ", ".join(f"{n} {k}" for k, n in sorted(c.items()))
                lines.append(f"{phase}: {parts}")
        for o in self.failures[:20]:
            what = f"{o.name}" + (f" ({o.comment})" if o.comment else "")
            lines.append(f"FAIL {o.phase} {what}: {o.kind}")
            lines.extend(f"  {_clip(p, 600)}" for p in o.problems[:5])
        if len(self.failures) > 20:
            lines.append(f"... and {len(self.failures) - 20} more failures")
        for s in self.shrunk:
            m = s.minimal
            lines.append(
                f"minimal failing case, from {s.original.name} ({s.original.case.tree.size} "
                f"nodes) shrunk in {s.steps} steps to {m.case.tree.size} nodes: {m.kind}"
            )
            lines.extend(f"  {_clip(p, 1500)}" for p in m.problems[:5])
            req = request(m.case, trace=self.options.checks.strict_order, tree=False)
            if m.case.game is not None:
                lines.append(f"  game: {json.dumps(req.pop('game'))}")
                lines.append(f"  cut tree: {_clip(dumps(m.case.tree))}")
            else:
                lines.append(f"  tree: {_clip(dumps(m.case.tree, m.case.bounds))}")
            lines.append(f"  request (besides the tree): {json.dumps(req)}")
            if m.expected is not None:
                lines.append(f"  expected: {_clip(json.dumps(m.expected.json()))}")
            lines.append(f"  actual: {_clip(json.dumps(m.response, default=repr))}")
        if self.gave_up:
            lines.append(f"gave up: {self.gave_up}")
        verdict = "PASSED" if self.passed else f"FAILED ({len(self.failures)} failures)"
        lines.append(f"result: {verdict} in {self.seconds:.1f} s")
        return printable("\n".join(lines))


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


def _clip(text: str, limit: int = 3000) -> str:
    """``text``, or its start and end and a note when it is too long to read."""
    if len(text) <= limit:
        return text
    return (
        f"{text[: limit // 2]} ... {text[-limit // 4 :]} ({len(text)} characters in all; "
        f"--json or --junit has them)"
    )


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


def run_gate(
    target: Target, name: str, options: GateOptions, progress: Progress | None = None
) -> Report:
    """Run the gate on ``target`` (called ``name`` in the report)."""
    started = time.monotonic()
    report = Report(name, options.semantics, options)
    tick = progress or (lambda _note: None)
    in_a_row = 0

    def record(o: Outcome) -> None:
        nonlocal in_a_row
        report.outcomes.append(o)
        if o.failed and report.first_failure_seconds is None:
            report.first_failure_seconds = time.monotonic() - started
        in_a_row = in_a_row + 1 if o.kind in {"crash", "timeout"} else 0
        if in_a_row >= options.max_failures_in_a_row:
            report.gave_up = (
                f"the target crashed or timed out {in_a_row} times in a row (last: "
                f"{o.problems[0][:300] if o.problems else o.kind})"
            )

    def ask(
        case: Case, label: str, phase: str, comment: str = "", flags: tuple[str, ...] = ()
    ) -> Outcome:
        kind, problems, response, seconds, e = evaluate(target, case, options.checks)
        return Outcome(label, phase, case, kind, problems, e, response, seconds, comment, flags)

    def shrink_from(o: Outcome) -> None:
        if o.kind == "timeout":  # each try would cost a timeout: report the case as found
            report.shrunk.append(Shrunk(o, o, 0))
            return

        def fails(c: Case) -> bool:
            return evaluate(target, c, options.checks)[0] == o.kind

        smallest, steps = shrink(o.case, fails, by_depth=options.by_depth,
                                 budget=options.shrink_budget,
                                 seconds=options.shrink_seconds)  # fmt: skip
        report.shrunk.append(Shrunk(o, ask(smallest, "minimal", o.phase), steps))

    try:
        for i, vc in enumerate(vector_cases(options.semantics), start=1):
            label = f"tcId {i}"
            skip = set(vc.flags) & options.skip_flags
            if options.by_depth and "NotByDepth" in vc.flags:
                skip.add("NotByDepth")
            if skip:
                report.outcomes.append(
                    Outcome(
                        label,
                        "vectors",
                        vc.case,
                        "skipped",
                        [f"flags {sorted(skip)}"],
                        None,
                        comment=vc.comment,
                        flags=vc.flags,
                    )
                )
                continue
            tick(f"vector {label}")
            record(ask(vc.case, label, "vectors", vc.comment, vc.flags))
            if report.gave_up:
                return report
        failed = [o for o in report.outcomes if o.failed]
        if failed:  # a wrong answer first, the smallest of its kind
            shrink_from(min(failed, key=lambda o: (FAILURES.index(o.kind), size(o.case))))
        if options.budget > 0 and not report.gave_up:
            first = _generated_phase(report, options, ask, record, tick)
            if first is not None and not report.gave_up:
                shrink_from(first)
    finally:
        report.seconds = time.monotonic() - started
    return report


def _generated_phase(
    report: Report,
    options: GateOptions,
    ask: Callable[..., Outcome],
    record: Callable[[Outcome], None],
    tick: Progress,
) -> Outcome | None:
    """Hypothesis draws cases until one fails (then shrinks it) or the budget is spent."""
    try:
        from hypothesis import HealthCheck, Phase, find, settings  # noqa: PLC0415
        from hypothesis.errors import NoSuchExample  # noqa: PLC0415
    except ImportError:  # pragma: no cover - hypothesis is in the testing extra
        raise GateError(
            "generated trees need Hypothesis: pip install 'gametree[testing]' (or --budget 0 "
            "to run the vectors only)"
        ) from None
    seen: dict[str, Outcome] = {}
    first: list[Outcome] = []

    def fails(case: Case) -> bool:
        key = request_line(case, 0, trace=False)
        if key in seen:
            return seen[key].failed
        if report.gave_up or (not first and report.generated >= options.budget):
            return False
        if first and len(seen) > report.generated + options.shrink_budget:
            return False  # shrinking's budget is spent: nothing new is asked
        o = ask(case, f"generated #{report.generated + 1}", "generated")
        seen[key] = o
        if not first:
            report.generated += 1
            tick(f"generated {report.generated}")
            if o.failed:
                record(o)
                first.append(o)
            else:
                report.outcomes.append(o)
        return o.failed

    quiet = settings(
        max_examples=options.budget,
        database=None,
        deadline=None,
        derandomize=False,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    try:
        minimal = find(cases(options), fails, settings=quiet, random=random.Random(options.seed))  # noqa: S311
    except NoSuchExample:
        return None
    except Exception:
        minimal = None
    if not first:
        return None
    if minimal is not None:
        best = seen.get(request_line(minimal, 0, trace=False))
        if best is not None and best.failed and best.kind == first[0].kind:
            return attrs.evolve(best, name=f"{first[0].name} as Hypothesis shrank it")
    return first[0]


def cases(options: GateOptions) -> Any:
    """Hypothesis's strategy for cases of ``options.semantics`` (``spec.strategies``' trees).

    Two-player trees have leaves in -9..9, N-player trees (N in 2..4) vectors within
    ``Bounds(0, 9)`` or, one time in four, ``Bounds(-1, 6)`` (a lower bound to shift),
    sometimes summing to exactly the bound (so immediate pruning happens); ties are
    drawn on purpose half of the time, and unless ``by_depth`` so are the movers at each node.
    Windows are drawn from -10..10 or left open.
    """
    from hypothesis import strategies as st  # noqa: PLC0415

    from gametree.spec import Bounds  # noqa: PLC0415
    from gametree.spec.strategies import scalar_trees, vector_trees  # noqa: PLC0415

    s = SEMANTICS[options.semantics]
    d, b = options.max_depth, options.max_branching
    if s.game:
        return _game_cases(s.name)

    @st.composite
    def draw_case(draw: st.DrawFn) -> Case:
        ties = draw(st.booleans())
        by_depth = options.by_depth or draw(st.booleans())
        if s.kind == "scalar":
            t = draw(scalar_trees(max_depth=d, max_branching=b, min_value=-9, max_value=9,
                                  ties=ties, by_depth=by_depth))  # fmt: skip
            if not s.window:
                return Case(s.name, t)
            ends = st.none() | st.integers(-10, 10)
            alpha, beta = draw(ends), draw(ends)
            if alpha is not None and beta is not None and alpha >= beta:
                alpha, beta = beta - 1 if alpha == beta else beta, alpha
            return Case(s.name, t, alpha=alpha, beta=beta)
        players = draw(st.sampled_from([3, 2, 4]))
        bounds = Bounds(-1, 6) if draw(st.integers(0, 3)) == 3 else Bounds(0, 9)
        t = draw(vector_trees(players=players, max_depth=min(d, 3), max_branching=b,
                              bounds=bounds, exact_total=draw(st.booleans()), ties=ties,
                              by_depth=by_depth))  # fmt: skip
        player = draw(st.integers(0, players - 1)) if s.player else None
        return Case(s.name, t, bounds if s.bounds else None, player=player)

    strategy = draw_case()
    if options.by_depth:
        strategy = strategy.filter(lambda c: is_by_depth(c.tree))
    return strategy


def _game_cases(semantics: str) -> Any:
    """Hypothesis's strategy for cases of a ``game-`` semantics.

    Game graphs of up to 7 states (``gametree.conform.games.game_graphs``), depths 1..3,
    quiescence 0..2 (1..2 for stand pat), deepening to depth 1..4 with a budget of 1..60 nodes.
    """
    from hypothesis import strategies as st  # noqa: PLC0415

    from gametree.conform.games import game_graphs  # noqa: PLC0415
    from gametree.conform.semantics import game_case  # noqa: PLC0415

    @st.composite
    def draw_case(draw: st.DrawFn) -> Case:
        g = draw(game_graphs())
        if semantics == "game-deepening":
            return game_case(semantics, g, draw(st.integers(1, 4)),
                             quiescence=draw(st.integers(0, 1)),
                             max_nodes=draw(st.integers(1, 60)))  # fmt: skip
        low = 1 if semantics == "game-negamax-stand-pat" else 0
        return game_case(semantics, g, draw(st.integers(1, 3)),
                         quiescence=draw(st.integers(low, 2)))  # fmt: skip

    return draw_case()
