"""One run of the gate: the target it asks, and what every phase of the run shares.

:func:`evaluate` asks the target one case and judges the reply against the spec's answer;
:class:`Run` carries the target, the options, the report, the progress note and the
failures found so far through the phases (:mod:`gametree.conform.gate` runs the vectors,
:mod:`gametree.conform.generated` the generated cases), and asks, records and skips for them.
"""

import json
import time
from collections.abc import Callable
from typing import Protocol

import attrs

from gametree.conform import window_leaves
from gametree.conform.codec import Case
from gametree.conform.numbers import NUMBER_TYPES, NumberType
from gametree.conform.options import GateOptions, unasked
from gametree.conform.report import Kind, Outcome, Report, signature
from gametree.conform.scope import case_flags, case_shape
from gametree.conform.semantics import Checks, Expected, check, expected
from gametree.conform.targets import Reply

__all__ = ["MAX_KEPT", "Progress", "Run", "Target", "evaluate"]


class Target(Protocol):
    """What the gate asks: one request at a time, a :class:`Reply` for each."""

    def ask(self, case: Case, *, trace: bool) -> Reply:
        """Send the request for ``case`` (with a trace asked for or not); return the reply."""
        ...  # pragma: no cover - a protocol

    def close(self) -> None:
        """Release the target."""
        ...  # pragma: no cover - a protocol


def evaluate(
    target: Target, case: Case, checks: Checks, numbers: NumberType = NUMBER_TYPES["exact"]
) -> tuple[Kind, list[str], object, float, Expected]:
    """Ask ``target`` about ``case``; the kind of outcome, the problems, the reply.

    The reply's value is read as the engine's ``numbers`` mean it
    (:meth:`gametree.conform.numbers.NumberType.read`: under ``double`` a JSON number is the
    double it denotes); the report keeps it as it was written. With ``--window-leaves`` a
    case with a window is asked again over the wider windows (:mod:`.window_leaves`).
    """
    e = expected(case)
    reply = target.ask(case, trace=checks.traced)
    response = reply.response
    if isinstance(response, dict):
        response = {k: v for k, v in response.items() if k != "id"}
    if reply.kind == "answer":
        read = response
        if isinstance(response, dict) and "value" in response:
            read = {**response, "value": numbers.read(response["value"])}
        problems = check(case, e, read, checks)
        if not problems and checks.window_leaves:
            problems = window_leaves.problems(case, response, lambda c: target.ask(c, trace=True))
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
        kind, problems, response, seconds, e = evaluate(self.target, case, self.options.checks,
                                                        self.options.numbers)  # fmt: skip
        if flags is None:
            flags = case_flags(case)
        if phase in self.report.coverage:
            self.report.coverage[phase].add(case_shape(case), flags, e.visited)
            self.report.behaviours.phases[phase].add(self.options.semantics, case, shown, e)
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
