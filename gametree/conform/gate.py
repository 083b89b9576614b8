"""The conformance gate: the vectors, then generated trees, then a minimal failure.

Glossary: an *outcome* is what one case came to, a pass or a failure of one of the kinds
:mod:`gametree.conform.report` names; the *scope* is what the generated trees are drawn from
(:mod:`gametree.conform.scope`).

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

This module runs the vectors and has each failure shrunk; :mod:`gametree.conform.options` says
how the gate runs, :mod:`gametree.conform.run` asks the target and carries what every phase
shares, :mod:`gametree.conform.generated` runs the generated phases on what
:mod:`gametree.conform.draws` draws, and :mod:`gametree.conform.report` holds what was found.
"""

import time

from gametree.conform.codec import Case
from gametree.conform.faults import Replays, Shrinking, Shrunk, locate
from gametree.conform.generated import generated_phase
from gametree.conform.kept import rare_full_collections
from gametree.conform.numbers import outside
from gametree.conform.options import GateOptions, unasked
from gametree.conform.report import FAILURES, Outcome, Report, signature
from gametree.conform.run import Progress, Run, Target, evaluate
from gametree.conform.scale import shrink_budget
from gametree.conform.scope import case_flags, case_shape
from gametree.conform.shrink import size
from gametree.conform.targets import ProcessTarget
from gametree.conform.vectors import vector_cases

__all__ = ["GateOptions", "Outcome", "Report", "Shrunk", "Target", "run_gate"]


def run_gate(
    target: Target, name: str, options: GateOptions, progress: Progress | None = None
) -> Report:
    """Run the gate on ``target`` (called ``name`` in the report)."""
    started = time.monotonic()
    command = target.argv if isinstance(target, ProcessTarget) else None
    report = Report(name, options.semantics, options, command=command)
    run = Run(target, options, report, progress or (lambda _note: None), started)
    try:
        with rare_full_collections():
            for o in _vector_phase(run):
                _shrink(run, o)
            if options.budget > 0 and not run.gave_up:
                if not options.keep_going:  # each phase shrinks its own first failure
                    run.known = set()
                for o in generated_phase(run):
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
        report.outside["vectors"] += outside(options.numbers, vc.case) is not None
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
        kind, problems, response, seconds, e = evaluate(run.target, c, options.checks,
                                                        options.numbers)  # fmt: skip
        return Outcome(label, o.phase, c, kind, problems, e, response, seconds,
                       flags=case_flags(c))  # fmt: skip

    # A case with a flag skipped is never asked, shrunk ones included, as in the vectors.
    budget = shrink_budget(options.shrink_budget, o.case)
    how = Shrinking(budget, options.shrink_seconds, options.by_depth, run.skipped)
    return locate(o, o.before, Replays(run.target, outcome), how)


def _not_asked(flags: tuple[str, ...], case: Case, options: GateOptions) -> list[str]:
    """Why a vector is skipped (empty: it is asked): its flags skipped, or :func:`unasked`."""
    skip = set(flags) & options.skip_flags
    if options.by_depth:
        skip |= set(flags) & {"NotByDepth", "MovesTwice"}
    why = [f"flags {sorted(skip)}"] if skip else []
    return [*why, unasked(case, options)] if unasked(case, options) else why
