"""Series measured depth by depth, as deep as a time budget allows: the cheapest step first.

A *series* is one quantity measured at depths ``first``, ``first + 1``, ... up to ``last``
(its cap); the *step* at depth d is a list of tasks (one tree each, say), run in worker
processes like :func:`~gametree.experiments._common.run_tasks`'s, each task's result a pure
function of the task. Which tasks a step has may depend on the results of the step before
(how many trees give enough leaves), never on timing, so the results at each depth reached
are the same whatever the machine, the load or the number of workers.

How deep a series goes is what the budget decides. Each step's cost is projected from the
series' last two steps (seconds a task, times its growth from the depth before, times the
tasks of the new step); the scheduler always starts the step that is cheapest (projected
cost over the series' ``weight``) among the series whose last step is done, and starts it
only if its projected time on ``jobs`` workers fits in what is left of the budget. So every
series goes on until its next step would cost more than the time left, they all stop at
about the same cost a step, and a faster search (or machine) only makes them reach further.
If the run overruns its budget by :data:`GRACE` of it (a projection was far too low), the
steps still running are abandoned (the workers are stopped and those depths left out), so a
run never takes much longer than its budget. Without a budget every series runs to its cap.

What a run covered is its :class:`Coverage`: per series, the deepest depth completed, why
it stopped (``"cap"``, ``"budget"``), and the seconds its steps took.

Glossary: d a depth, a *step* the tasks of one series at one depth, a *batch* the tasks
sent to a worker at once, a *projection* the expected seconds of a step.
"""

import math
import multiprocessing
import queue
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from gametree.clitools import Progress
from gametree.experiments._common import Config

__all__ = ["GRACE", "Coverage", "Series", "SeriesCoverage", "run_series"]

T = TypeVar("T")
R = TypeVar("R")

GRACE = 0.1
"""The share of the budget a run may overrun before its unfinished steps are abandoned."""

FIRST_GUESS = 0.001
"""Seconds a task of a series' first step is guessed to take (before anything is measured):
small, so that every series starts (a first depth is cheap)."""

BATCH_SECONDS = 0.25
"""Tasks go to the workers in batches projected to take about this long, so that sending
them costs little beside the work."""


@attrs.frozen
class Series(Generic[T, R]):
    """One quantity measured depth by depth: ``tasks(d, previous)`` are the tasks at depth d.

    ``previous`` is the list of results at depth d − 1 (``None`` at the first depth); ``work``
    maps one task to its result, in a worker process (a module-level function, picklable).
    """

    key: Hashable
    work: Callable[[T], R]
    tasks: Callable[[int, "list[R] | None"], Sequence[T]]
    first: int
    last: int
    weight: float = 1.0


@attrs.frozen
class SeriesCoverage:
    """How far a series went: the deepest depth done (``first - 1`` if none), why it stopped."""

    deepest: int
    stopped: str
    seconds: tuple[tuple[int, float, int], ...]
    """(depth, seconds its tasks took in all, number of tasks), for every depth done."""


@attrs.frozen
class Coverage:
    """What a run covered: per series key, its coverage; and the run's wall seconds."""

    series: dict[Hashable, SeriesCoverage]
    wall: float
    budget: float | None


@attrs.define
class _State(Generic[T, R]):
    """A series as it runs: its results, the tasks of its next (or current) step."""

    series: Series[T, R]
    depth: int
    tasks: list[T] = attrs.Factory(list)
    results: dict[int, list[R]] = attrs.Factory(dict)
    seconds: list[tuple[int, float, int]] = attrs.Factory(list)
    stopped: str = ""
    running: bool = False
    sent: int = 0
    received: int = 0
    step: list[Any] = attrs.Factory(list)
    step_seconds: float = 0.0

    def __attrs_post_init__(self) -> None:
        self.prepare()

    def prepare(self) -> None:
        """Work out the next step's tasks, or stop at the cap."""
        if self.depth > self.series.last:
            self.stopped, self.tasks = "cap", []
        else:
            self.tasks = list(self.series.tasks(self.depth, self.results.get(self.depth - 1)))

    def per_task(self) -> float:
        """Projected seconds a task of the next step."""
        if not self.seconds:
            return FIRST_GUESS
        now = self.seconds[-1][1] / max(self.seconds[-1][2], 1)
        growth = 2.0
        if len(self.seconds) >= 2 and self.seconds[-2][1] > 0:
            before = self.seconds[-2][1] / max(self.seconds[-2][2], 1)
            growth = min(max(now / before, 1.0), 50.0)
        return now * growth

    def projection(self) -> float:
        """Projected seconds of the next step."""
        return len(self.tasks) * self.per_task()

    def finish(self) -> None:
        """The step is done: keep its results and prepare the next."""
        self.results[self.depth] = self.step
        self.seconds.append((self.depth, self.step_seconds, len(self.step)))
        self.depth += 1
        self.running, self.step, self.step_seconds = False, [], 0.0
        self.prepare()


def _timed(work: Callable[[T], R], tasks: Sequence[T]) -> tuple[list[R], float]:
    """``work`` on a batch of tasks, and the seconds it took."""
    start = time.perf_counter()
    results = [work(task) for task in tasks]
    return results, time.perf_counter() - start


Message = tuple[int, tuple[list[Any], float] | BaseException]
"""(batch, its results and seconds, or what it raised)."""


def run_series(
    series: Sequence[Series[Any, Any]], config: Config, budget: float | None
) -> tuple[dict[Hashable, dict[int, list[Any]]], Coverage]:
    """Run every series as deep as ``budget`` seconds (``None``: no limit) allow.

    Returns the results by series key and depth (each depth's list in its tasks' order), and
    the coverage. ``config.jobs`` worker processes (1: in this process).
    """
    assert len({s.key for s in series}) == len(series), "series keys are distinct"
    run = _Run([_State(s, s.first) for s in series], config, budget)
    try:
        run.loop()
    finally:
        run.close()
    coverage = Coverage(
        {
            st.series.key: SeriesCoverage(st.depth - 1, st.stopped or "budget", tuple(st.seconds))
            for st in run.states
        },
        time.monotonic() - run.start,
        budget,
    )
    return {st.series.key: st.results for st in run.states}, coverage


class _Run:
    """The scheduler's state: the series, the pool, the batches out at the workers."""

    def __init__(self, states: "list[_State[Any, Any]]", config: Config, budget: float | None):
        self.states, self.jobs, self.budget = states, config.jobs, budget
        self.start = time.monotonic()
        steps = sum(max(st.series.last - st.series.first + 1, 0) for st in states)
        self.progress = Progress(
            steps if budget is None else int(budget),
            "steps" if budget is None else "s",
            enabled=config.progress,
        )
        self.inbox: queue.Queue[Message] = queue.Queue()
        self.pool = multiprocessing.get_context("spawn").Pool(self.jobs) if self.jobs > 1 else None
        self.batches: dict[int, tuple[_State[Any, Any], int, float]] = {}
        """Batch number -> its series, the index of its first task, its projected seconds."""
        self.count = 0

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
        self.progress.done()

    def left(self) -> float:
        """Seconds of the budget left once the batches out are done (projected)."""
        if self.budget is None:
            return math.inf
        out = sum(cost for _, _, cost in self.batches.values()) / self.jobs
        return self.start + self.budget - time.monotonic() - out

    def open_step(self) -> "_State[Any, Any] | None":
        """A step with tasks not yet sent, or the cheapest new step that fits; None if none."""
        for st in self.states:
            if st.running and st.sent < len(st.tasks):
                return st
        room = self.left()
        fits = [
            st
            for st in self.states
            if not st.running and not st.stopped and st.projection() / self.jobs <= room
        ]
        if not fits:
            return None
        st = min(fits, key=lambda st: st.projection() / st.series.weight)
        st.running, st.sent, st.received = True, 0, 0
        st.step = [None] * len(st.tasks)
        return st

    def send(self, st: "_State[Any, Any]") -> None:
        """The next batch of ``st``'s step to a worker (or run here, with one job)."""
        per_task = st.per_task()
        size = max(1, min(math.ceil(BATCH_SECONDS / max(per_task, 1e-9)),
                          math.ceil(len(st.tasks) / self.jobs)))  # fmt: skip
        batch = st.tasks[st.sent : st.sent + size]
        self.count += 1
        number = self.count
        self.batches[number] = (st, st.sent, per_task * len(batch))
        st.sent += len(batch)
        if self.pool is None:
            try:
                self.inbox.put((number, _timed(st.series.work, batch)))
            except Exception as e:
                self.inbox.put((number, e))
            return
        self.pool.apply_async(
            _timed,
            (st.series.work, batch),
            callback=lambda r: self.inbox.put((number, r)),
            error_callback=lambda e: self.inbox.put((number, e)),
        )

    def receive(self) -> bool:
        """Wait for a batch and file its results; False once the budget's grace is spent."""
        wait = None
        if self.budget is not None:
            wait = self.start + (1 + GRACE) * self.budget - time.monotonic()
        try:
            if wait is not None and wait <= 0:
                raise queue.Empty
            number, outcome = self.inbox.get(timeout=wait)
        except queue.Empty:
            for st in self.states:  # the steps still running are abandoned
                if st.running:
                    st.running, st.stopped = False, "budget"
            return False
        st, index, _ = self.batches.pop(number)
        if isinstance(outcome, BaseException):
            raise outcome
        results, seconds = outcome
        st.step[index : index + len(results)] = results
        st.received += len(results)
        st.step_seconds += seconds
        if st.received == len(st.tasks):
            st.finish()
            if self.budget is None:
                self.progress.advance()
        if self.budget is not None:
            elapsed = int(min(time.monotonic() - self.start, self.budget))
            self.progress.advance(elapsed - self.progress.count)
        return True

    def loop(self) -> None:
        """Keep every worker busy until no step is left that fits."""
        while True:
            while len(self.batches) < self.jobs:
                st = self.open_step()
                if st is None:
                    break
                if st.tasks:
                    self.send(st)
                else:
                    st.finish()  # a step of no tasks
            if not self.batches or not self.receive():
                return
