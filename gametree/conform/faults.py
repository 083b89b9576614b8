"""Where a fault happened: a failure replayed in a fresh process, attributed, then shrunk.

Glossary: a case is asked *alone* when it is the first request of a fresh process, and
*after* P when P is the request before it in a fresh process; a *hang* is a timeout; the
*culprit* of a failure is the case that caused it; two failures fail *the same way* when they
have the same :func:`signature`: the kind, and for a wrong answer the first member wrong. Every
step below keeps it: a smaller case that fails another way is another failure, not this one.

A target process answers many requests, so a failure seen in it need not be the case's own:
an engine that answers a case and writes past a fixed array dies on the next request, and an
engine that keeps a table from one request to the next answers wrongly only after some other
case. So a failure is first replayed alone. If it fails alone the same way, it is its own,
and it is shrunk (:func:`gametree.conform.shrink.shrink`); if not, it is replayed after the
case asked before it in the process where it happened, and if it fails then, that earlier
case is the culprit: it passes alone but leaves the engine broken, and it is shrunk with the
failing request after it, each attempt in a fresh process, then that request is shrunk too.
Either way the minimal case is asked again in a fresh process, the same way, before it is
reported (walking back along the shrinker's steps until one fails so, which the first always
does): a minimal case never passes when replayed as the report says. A failure that
reproduces neither way is reported as such, with both replays.

Each attempt while shrinking gets a shorter limit than ``--timeout`` (:func:`attempt_limit`),
since an attempt that hangs costs its limit: three times what the failing case took (an
attempt slower than that is not the same failure), and for a hang three times the longest
answer to a case no larger; the minimal case is then confirmed with the full ``--timeout``.
"""

import contextlib
import time
from collections.abc import Callable

import attrs

from gametree.conform.codec import Case
from gametree.conform.outcome import Outcome
from gametree.conform.shrink import shrink

__all__ = ["MEMBERS", "Replays", "Shrunk", "Signature", "attempt_limit", "locate", "signature"]

MEMBERS = ("value", "best_move", "principal_variation", "trace", "depth")
"""The members of a reply a wrong answer is found in, in the order they are checked."""

Signature = tuple[str, str]


def signature(o: Outcome) -> Signature:
    """What makes two failures one: the kind, and for a wrong answer the first member found wrong.

    The member is the first of :data:`MEMBERS` the first problem names before its colon
    (``value``, ``best_move``, ``principal_variation``, ``trace``; a deepening reply's
    ``depth``); a crash, a hang, garbage or an error is one failure of its kind. Shrinking keeps
    it (a smaller case that fails another way is not the same failure), and ``--keep-going``
    reports each.

    >>> from types import SimpleNamespace as O
    >>> signature(O(kind="mismatch", problems=["value: expected 3, got 4", "trace: ..."]))
    ('mismatch', 'value')
    >>> signature(O(kind="mismatch", problems=["the response has no 'best_move' (...)"]))
    ('mismatch', 'best_move')
    >>> signature(O(kind="crash", problems=["the target closed its output"]))
    ('crash', '')
    """
    if o.kind != "mismatch" or not o.problems:
        return o.kind, ""
    head = o.problems[0].split(":")[0]
    return o.kind, next((m for m in MEMBERS if m in head), head)


@attrs.define
class Shrunk:
    """A failure, the case that caused it shrunk as far as it goes, and how it was found.

    ``minimal`` fails when asked alone in a fresh process; or, when ``then`` is set, it passes
    alone and the target then fails ``then``, asked next in the same process (the failure was
    caused by ``minimal``, after its answer). ``note`` says what could not be done (a failure
    not reproduced in a fresh process, a shrinking stopped by its time limit).
    """

    original: Outcome
    minimal: Outcome
    steps: int
    then: Outcome | None = None
    note: str = ""


@attrs.define
class Replays:
    """How the gate asks a case again: in the running process, alone, or after another.

    ``outcome(case, label)`` asks the target in its running process and judges the reply.
    """

    target: object
    outcome: Callable[[Case, str], Outcome]

    def restart(self) -> None:
        """A fresh process for the next request (nothing to do for an in-process target)."""
        restart = getattr(self.target, "restart", None)
        if restart is not None:
            restart()

    def limited(self, seconds: float | None) -> contextlib.AbstractContextManager[None]:
        """Each request within ``seconds`` (``None``: the target's own timeout)."""
        limit = getattr(self.target, "limited", None)
        return contextlib.nullcontext() if limit is None or seconds is None else limit(seconds)

    def alone(self, case: Case, label: str) -> Outcome:
        """``case`` asked as the first request of a fresh process."""
        self.restart()
        return self.outcome(case, label)

    def after(self, before: Case, case: Case, label: str) -> tuple[Outcome, Outcome]:
        """``before`` then ``case``, asked in a fresh process."""
        self.restart()
        first = self.outcome(before, f"{label}, the case before")
        return first, self.outcome(case, label)

    def pair(self, before: Case, case: Case, limit: float) -> Signature:
        """How ``case`` fares asked right after ``before``, while shrinking: its :func:`signature`.

        In the running process, which is started again after any failure, so that a case
        that leaves the engine broken is not charged to the next attempt; fresh processes
        for every attempt would cost a start each (the chain found is confirmed in fresh
        processes).
        """
        with self.limited(limit):
            first = self.outcome(before, "shrinking")
            then = self.outcome(case, "shrinking") if first.kind == "pass" else first
        if then.kind != "pass":
            self.restart()
        return signature(then) if first.kind == "pass" else ("the case before failed", "")


def attempt_limit(target: object, o: Outcome) -> float:
    """The limit on each attempt while shrinking ``o``'s failure (at most ``--timeout``).

    A hang: the target's ``hang_limit`` for a case of ``o``'s size (1 s without one); any other
    failure: three times what ``o`` took, at least a second.
    """
    if o.kind != "timeout":
        return max(1.0, 3 * o.seconds)
    limit = getattr(target, "hang_limit", None)
    return 1.0 if limit is None else float(limit(o.case.tree.size))


@attrs.frozen
class Shrinking:
    """What shrinking may do: its budget of attempts, its time guard, what it never asks."""

    budget: int
    seconds: float
    by_depth: bool
    skipped: Callable[[Case], bool]


def locate(o: Outcome, before: Case | None, r: Replays, how: Shrinking) -> Shrunk:
    """The case that caused ``o``'s failure, shrunk (see the module docstring).

    ``before`` is the case asked before ``o``'s in the same process, if any.
    """
    alone = r.alone(o.case, f"{o.name}, alone in a fresh process")
    if signature(alone) == signature(o):
        return _shrink_alone(o, alone, r, how)
    if before is not None:
        first, then = r.after(before, o.case, f"{o.name}, after the case before it")
        if signature(then) == signature(o):
            return _shrink_culprit(o, first, then, r, how)
        tried = (f"alone it is a {_said(alone)}, and after the case asked before it a "
                 f"{_said(then)}")  # fmt: skip
    else:
        tried = f"alone it is a {_said(alone)} (it was the first request of its process)"
    note = (f"not reproduced in a fresh process: {tried}; the target's answer depends on more "
            f"than the case (its earlier requests, the time, chance)")  # fmt: skip
    return Shrunk(o, o, 0, note=note)  # the failure as it was seen, and why it stands alone


MAX_HUNG = 8
"""Attempts that may hang while shrinking a failure that is not a hang; then shrinking stops
(each costs its limit, and a target whose smaller cases hang would spend the budget so)."""


def _said(o: Outcome) -> str:
    """An outcome's kind, with the member found wrong of a wrong answer ("mismatch of value")."""
    kind, member = signature(o)
    return f"{kind} of {member}" if member else kind


@attrs.define
class _Hangs:
    """The attempts that hung while shrinking a failure of ``kind``."""

    kind: str
    limit: float
    count: int = 0

    def spent(self) -> bool:
        """Whether no attempt should be asked any more."""
        return self.kind != "timeout" and self.count >= MAX_HUNG

    def saw(self, seen: Signature) -> Signature:
        """Count an attempt that hung; its signature."""
        self.count += seen[0] == "timeout" and self.kind != "timeout"
        return seen

    def note(self) -> str:
        """What the report says if shrinking stopped here."""
        if not self.spent():
            return ""
        return (f"{MAX_HUNG} attempts hung while shrinking (each stopped at {self.limit:.3g} s): "
                f"shrinking stopped there, and the case may not be minimal")  # fmt: skip


def _shrink_alone(o: Outcome, alone: Outcome, r: Replays, how: Shrinking) -> Shrunk:
    """Shrink a failure that is the case's own, in the running process; confirm it alone.

    A smaller case is taken only when it fails the same way (:func:`signature`): the same
    kind, and for a wrong answer the same first member wrong.
    """
    hangs = _Hangs(o.kind, attempt_limit(r.target, o))
    same = signature(o)

    def fails(c: Case) -> bool:
        if hangs.spent():
            return False
        with r.limited(hangs.limit):
            return hangs.saw(signature(r.outcome(c, "shrinking"))) == same

    steps: list[Case] = []
    stopped = _shrink(o.case, fails, how, how.budget, how.seconds, steps)
    # The smallest, if it fails alone (as it does unless the target keeps state); else the
    # last step that does, by bisection along the steps (the original fails alone: step 0).
    confirmed: dict[int, Outcome] = {0: attrs.evolve(alone, name="minimal")}

    def fails_alone(k: int) -> bool:
        confirmed[k] = r.alone(steps[k - 1], "minimal")
        return signature(confirmed[k]) == same

    low, high = 0, len(steps)
    if high and not fails_alone(high):
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (mid, high) if fails_alone(mid) else (low, mid)
    else:
        low = high
    return Shrunk(o, confirmed[low], low, note=_stopped(stopped) or hangs.note())


def _shrink_culprit(
    o: Outcome, first: Outcome, then: Outcome, r: Replays, how: Shrinking
) -> Shrunk:
    """Shrink the case before a failure that is not the case's own, then the failing case."""
    probe = o.case
    slower = o if o.kind == "timeout" else max(first, then, key=lambda x: x.seconds)
    hangs = _Hangs(o.kind, attempt_limit(r.target, slower))
    same = signature(o)

    def breaks(c: Case) -> bool:  # c, then the probe
        if hangs.spent():
            return False
        return hangs.saw(r.pair(c, probe, hangs.limit)) == same

    culprits: list[Case] = []
    stopped = _shrink(first.case, breaks, how, how.budget // 2, how.seconds / 2, culprits)
    culprit = culprits[-1] if culprits else first.case

    def fails_after(c: Case) -> bool:
        if hangs.spent():
            return False
        return hangs.saw(r.pair(culprit, c, hangs.limit)) == same

    probes: list[Case] = []
    also = _shrink(probe, fails_after, how, how.budget // 2, how.seconds / 2, probes)
    chain = [(culprit, p) for p in reversed(probes)] + [(culprit, probe)]
    if culprits:
        chain.append((first.case, probe))
    for c, p in chain:  # confirmed as reported, with the full timeout
        m, n = r.after(c, p, "minimal")
        if signature(n) == same:
            break
    else:
        m, n = first, then
    broken = (f"passes alone, but the target's next request then fails ({n.kind}): this case "
              f"leaves the engine broken after its answer")  # fmt: skip
    problems = [broken, *m.problems]
    minimal = attrs.evolve(m, name="minimal", kind=o.kind, problems=problems)
    return Shrunk(o, minimal, len(culprits) + len(probes), then=attrs.evolve(n, name="then"),
                  note=_stopped(stopped or also) or hangs.note())  # fmt: skip


def _shrink(  # noqa: PLR0917 - shrink's own arguments, and where to keep its steps
    case: Case,
    fails: Callable[[Case], bool],
    how: Shrinking,
    budget: int,
    seconds: float,
    trail: list[Case],
) -> bool:
    """Shrink ``case``, each accepted step into ``trail``; whether the time guard stopped it."""
    started = time.monotonic()
    shrink(case, fails, by_depth=how.by_depth, budget=budget, seconds=seconds, trail=trail,
           asked=lambda c: not how.skipped(c))  # fmt: skip
    return time.monotonic() - started >= seconds


def _stopped(stopped: bool) -> str:  # noqa: FBT001 - shrink's flag, passed on
    return ("shrinking stopped at its time limit before its budget of attempts: the case may "
            "not be minimal") if stopped else ""  # fmt: skip
