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

Where the tasks run are the *workers*, one of three, chosen by the configuration and the same
for every experiment: this process (``jobs`` 1), a pool of ``jobs`` local processes (the
default), or the workers of a Dask distributed scheduler (``cluster``, an address such as
``tcp://host:8786``; ``pip install 'gametree[cluster]'``). On a cluster the jobs are the
workers' threads, counted as they come and go; Dask sends a lost worker's tasks to another
(a task is a pure function, so running it twice gives the same result); a scheduler that
goes away mid-run is a :class:`ClusterError` at once, one that cannot be reached is one
after Dask's connect timeout (``distributed.comm.timeouts.connect``, 30 s unless set, as by
``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=10s``), never a wait forever, and so is a
worker whose gametree sources differ from this process's
(:func:`source_digest`), since the results would then depend on the worker. Dask rather
than Ray: it is pure Python, runs a local cluster with nothing else installed, starts on
SLURM, PBS or SGE with dask-jobqueue and on Kubernetes with dask-kubernetes, and its futures
call back when done, as the local pool does, so the scheduler above drives both the same way;
Ray brings a compiled core and services of its own (a head node's control store, a raylet on
every machine) for features this does not use (actors, object spilling), and its per-task
overhead is no concern here, where a batch is projected to take :data:`BATCH_SECONDS`.

Glossary: d a depth, a *step* the tasks of one series at one depth, a *batch* the tasks
sent to a worker at once, a *projection* the expected seconds of a step, a *job* a worker
process (or a cluster worker's thread) that runs one batch at a time.
"""

import asyncio
import concurrent.futures
import contextlib
import functools
import hashlib
import importlib
import logging
import math
import multiprocessing
import queue
import re
import socket
import time
import uuid
from collections.abc import Callable, Hashable, Iterator, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import attrs

from gametree.clitools import Progress
from gametree.experiments._common import Config

__all__ = [
    "CLOSE_SECONDS",
    "GRACE",
    "ClusterError",
    "Coverage",
    "Series",
    "SeriesCoverage",
    "run_series",
    "run_tasks",
    "source_digest",
]

T = TypeVar("T")
R = TypeVar("R")

GRACE = 0.1
"""The share of the budget a run may overrun before its unfinished steps are abandoned."""

FIRST_GUESS = 0.001
"""Seconds a task of a series' first step is guessed to take (before anything is measured):
small, so that every series starts (a first depth is cheap)."""

BATCH_SECONDS = 0.25
"""Tasks go to the workers in batches projected to take about this long, so that sending
them costs little beside the work (a step's first batches, before anything of the series is
measured, hold one task each)."""

CLOSE_SECONDS = 30.0
"""How long closing the connection to a Dask scheduler may take."""

POLL_SECONDS = 1.0
"""How often a run waiting for results checks that its workers are still there."""


class ClusterError(Exception):
    """The Dask scheduler cannot be reached or went away, or a worker runs other code."""


ADDRESS = re.compile(r"(tcp|tls)://[^\s/:]+:[0-9]{1,5}|(tcp|tls)://\[[0-9A-Fa-f:.]+\]:[0-9]{1,5}")
"""A Dask scheduler's address: ``tcp://`` or ``tls://``, a host, a port."""


def address_problem(address: str) -> str | None:
    """What is wrong with a scheduler's address, or ``None``.

    >>> address_problem("tcp://127.0.0.1:8786") is None
    True
    >>> address_problem("127.0.0.1:8786")
    "a Dask scheduler's address is tcp://HOST:PORT or tls://HOST:PORT (got '127.0.0.1:8786')"
    """
    if ADDRESS.fullmatch(address) and int(address.rsplit(":", 1)[1]) <= 65535:
        return None
    return f"a Dask scheduler's address is tcp://HOST:PORT or tls://HOST:PORT (got {address!r})"


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
    """What a run covered: per series key, its coverage; the run's wall seconds; where it ran."""

    series: dict[Hashable, SeriesCoverage]
    wall: float
    budget: float | None
    where: str = "this process"


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


@functools.cache
def source_digest() -> str:
    """SHA-256 of the gametree package's Python sources as this process runs them.

    A worker checks it against the run's before each batch: results are the same on every
    worker only if the code is.
    """
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _timed(work: Callable[[T], R], tasks: Sequence[T], digest: str) -> tuple[list[R], float]:
    """``work`` on a batch of tasks, and the seconds it took; in a worker of the run's code."""
    if digest != source_digest():
        raise ClusterError(
            f"a worker on {socket.gethostname()} runs other gametree sources than this run "
            f"(digest {source_digest()[:12]}, the run's {digest[:12]}): install the same "
            "gametree on every worker"
        )
    start = time.perf_counter()
    results = [work(task) for task in tasks]
    return results, time.perf_counter() - start


Done = Callable[[], tuple[list[Any], float]]
"""A batch's outcome: returns its results and seconds, or raises what the batch raised."""

Message = tuple[int, Done]
"""(batch number, its outcome)."""


def _raising(e: BaseException) -> Done:
    def outcome() -> tuple[list[Any], float]:
        raise e

    return outcome


class _Workers(Protocol):
    """Where batches run. ``submit`` puts (number, outcome) in the inbox once a batch is done.

    ``ahead``: batches kept out a job, so that a job never waits for the next while a result
    travels back (one for local processes; two on a cluster, where that takes milliseconds).
    """

    where: str
    ahead: int

    def jobs(self) -> int: ...

    def submit(self, number: int, work: Callable[[Any], Any], batch: Sequence[Any]) -> None: ...

    def check(self) -> None: ...

    def close(self) -> None: ...


class _Here:
    """One job: each batch runs in this process as it is sent."""

    where, ahead = "this process", 1

    def __init__(self, inbox: "queue.Queue[Message]") -> None:
        self.inbox = inbox

    def jobs(self) -> int:
        return 1

    def submit(self, number: int, work: Callable[[Any], Any], batch: Sequence[Any]) -> None:
        try:
            results = _timed(work, batch, source_digest())
        except Exception as e:
            self.inbox.put((number, _raising(e)))
            return
        self.inbox.put((number, lambda: results))

    def check(self) -> None:
        pass

    def close(self) -> None:
        pass


class _Processes:
    """``jobs`` local worker processes (spawned: fresh interpreters, whatever threads run here)."""

    def __init__(self, jobs: int, inbox: "queue.Queue[Message]") -> None:
        self.count, self.inbox = jobs, inbox
        self.where, self.ahead = f"{jobs} local processes", 1
        self.pool = multiprocessing.get_context("spawn").Pool(jobs)

    def jobs(self) -> int:
        return self.count

    def submit(self, number: int, work: Callable[[Any], Any], batch: Sequence[Any]) -> None:
        def done(r: tuple[list[Any], float]) -> None:
            self.inbox.put((number, lambda: r))

        def failed(e: BaseException) -> None:
            self.inbox.put((number, _raising(e)))

        self.pool.apply_async(_timed, (work, batch, source_digest()), callback=done,
                              error_callback=failed)  # fmt: skip

    def check(self) -> None:
        pass

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()


class _Cluster:
    """The workers of the Dask distributed scheduler at ``address`` (the ``cluster`` extra)."""

    def __init__(self, address: str, inbox: "queue.Queue[Message]") -> None:
        try:  # the cluster extra; typed as Any: distributed's Client is not annotated
            distributed: Any = importlib.import_module("distributed")
        except ImportError as e:
            raise ClusterError(
                "a cluster needs the 'cluster' extra (distributed is missing): "
                "pip install 'gametree[cluster]'"
            ) from e
        problem = address_problem(address)
        if problem is not None:
            raise ClusterError(problem)
        self.address, self.inbox = address, inbox
        self.where, self.ahead = f"the Dask scheduler at {address}", 2
        try:
            self.client = distributed.Client(address, set_as_default=False)
        except (OSError, TimeoutError, ValueError, TypeError) as e:
            raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {e}") from e
        # A scheduler lost mid-run is this command's one line; distributed would also log, at
        # INFO and with a traceback, whichever of its writes met the closed connection first.
        self.chatter = contextlib.ExitStack()
        self.chatter.enter_context(_quiet("distributed", below=logging.WARNING))
        self.killed: type[Exception] = distributed.KilledWorker
        self.futures: dict[int, Any] = {}
        self.run = uuid.uuid4().hex[:12]
        self.threads, self.asked = 1, -math.inf

    def jobs(self) -> int:
        """The workers' threads, asked of the scheduler at most once a second."""
        now = time.monotonic()
        if now - self.asked >= 1.0:
            self.asked = now
            with contextlib.suppress(OSError, TimeoutError):  # check() says so if it is gone
                self.threads = max(sum(self.client.nthreads().values()), 1)
        return self.threads

    def submit(self, number: int, work: Callable[[Any], Any], batch: Sequence[Any]) -> None:
        future = self.client.submit(_timed, work, batch, source_digest(), pure=False,
                                    key=f"gametree-{self.run}-{number}")  # fmt: skip
        self.futures[number] = future
        future.add_done_callback(lambda _: self.inbox.put((number, lambda: self.outcome(number))))

    def outcome(self, number: int) -> tuple[list[Any], float]:
        """The batch's results; else its error, or the lost scheduler's.

        A lost scheduler cancels the batches out, or holds a finished one's results out of reach.
        """
        future = self.futures.pop(number)
        lost = ClusterError(f"lost the Dask scheduler at {self.address}: the run stops (start "
                            "it again once the scheduler is back)")  # fmt: skip
        if future.status == "cancelled":
            raise lost
        try:
            result: tuple[list[Any], float] = future.result()
        except (OSError, asyncio.CancelledError, concurrent.futures.CancelledError) as e:
            if future.status == "error" and self.client.status == "running":
                raise  # the batch's own error
            raise lost from e
        except Exception as e:
            if isinstance(e, self.killed):  # Dask gave up on it: as many workers died running it
                raise ClusterError(f"every worker that ran a batch died while running it, as "
                                   f"many as Dask allows (Dask: {e})") from e  # fmt: skip
            raise
        return result

    def check(self) -> None:
        if self.client.status not in {"running", "connecting", "newly-created"}:
            raise ClusterError(f"lost the Dask scheduler at {self.address} (the client is "
                               f"{self.client.status}): the run stops")  # fmt: skip

    def close(self) -> None:
        futures = list(self.futures.values())
        self.futures.clear()
        with self.chatter, _quiet("distributed", "distributed.client"):  # a lost scheduler's
            try:  # reconnection is cancelled here, which distributed would log with a traceback
                if futures and self.client.status == "running":
                    self.client.cancel(futures)
            finally:
                self.client.close(timeout=CLOSE_SECONDS)


@contextlib.contextmanager
def _quiet(*names: str, below: int = logging.CRITICAL) -> Iterator[None]:
    """Nothing below the level ``below`` from the loggers ``names`` for a while."""
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(below)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _workers(config: Config, inbox: "queue.Queue[Message]") -> _Workers:
    if config.cluster is not None:
        return _Cluster(config.cluster, inbox)
    if config.jobs > 1:
        return _Processes(config.jobs, inbox)
    return _Here(inbox)


def run_series(
    series: Sequence[Series[Any, Any]],
    config: Config,
    budget: float | None,
    unit: str = "tasks",
) -> tuple[dict[Hashable, dict[int, list[Any]]], Coverage]:
    """Run every series as deep as ``budget`` seconds (``None``: no limit) allow.

    Returns the results by series key and depth (each depth's list in its tasks' order), and
    the coverage. The workers are ``config``'s (see the module's docstring); the progress bar
    counts ``unit`` (the tasks) without a budget, seconds with one.
    """
    assert len({s.key for s in series}) == len(series), "series keys are distinct"
    run = _Run([_State(s, s.first) for s in series], config, budget, unit)
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
        run.workers.where,
    )
    return {st.series.key: st.results for st in run.states}, coverage


def run_tasks(
    work: Callable[[T], R], tasks: Sequence[T], config: Config, unit: str = "trees"
) -> list[R]:
    """``work`` on every task, on ``config``'s workers, results in the tasks' order."""
    every = Series("tasks", work, lambda _d, _previous: tasks, 0, 0)
    results, _ = run_series([every], config, None, unit)
    return list(results["tasks"][0])


class _Run:
    """The scheduler's state: the series, the workers, the batches out at the workers."""

    def __init__(
        self, states: "list[_State[Any, Any]]", config: Config, budget: float | None, unit: str
    ) -> None:
        self.states, self.budget = states, budget
        self.start = time.monotonic()
        self.progress = Progress(
            sum(len(st.tasks) for st in states) if budget is None else int(budget),
            unit if budget is None else "s",
            enabled=config.progress,
        )
        self.inbox: queue.Queue[Message] = queue.Queue()
        self.workers = _workers(config, self.inbox)
        self.batches: dict[int, tuple[_State[Any, Any], int, float]] = {}
        """Batch number -> its series, the index of its first task, its projected seconds."""
        self.count = 0

    def close(self) -> None:
        try:
            self.workers.close()
        finally:
            self.progress.done()

    def left(self) -> float:
        """Seconds of the budget left once the batches out are done (projected)."""
        if self.budget is None:
            return math.inf
        out = sum(cost for _, _, cost in self.batches.values()) / self.workers.jobs()
        return self.start + self.budget - time.monotonic() - out

    def open_step(self) -> "_State[Any, Any] | None":
        """A step with tasks not yet sent, or the cheapest new step that fits; None if none."""
        for st in self.states:
            if st.running and st.sent < len(st.tasks):
                return st
        room, jobs = self.left(), self.workers.jobs()
        fits = [
            st
            for st in self.states
            if not st.running and not st.stopped and st.projection() / jobs <= room
        ]
        if not fits:
            return None
        st = min(fits, key=lambda st: st.projection() / st.series.weight)
        st.running, st.sent, st.received = True, 0, 0
        st.step = [None] * len(st.tasks)
        return st

    def send(self, st: "_State[Any, Any]") -> None:
        """The next batch of ``st``'s step to the workers.

        About :data:`BATCH_SECONDS` of work at the step's measured rate so far (else the
        series' projection), one task while nothing of the series is measured, and never
        more than a job's share of the step.
        """
        per_task = st.per_task()
        if st.received:
            rate = st.step_seconds / st.received
        elif st.seconds:
            rate = per_task
        else:
            rate = math.inf
        size = max(1, min(math.floor(BATCH_SECONDS / max(rate, 1e-9)),
                          math.ceil(len(st.tasks) / self.workers.jobs())))  # fmt: skip
        batch = st.tasks[st.sent : st.sent + size]
        self.count += 1
        self.batches[self.count] = (st, st.sent, per_task * len(batch))
        st.sent += len(batch)
        self.workers.submit(self.count, st.series.work, batch)

    def receive(self) -> bool:
        """Wait for a batch and file its results; False once the budget's grace is spent."""
        deadline = None if self.budget is None else self.start + (1 + GRACE) * self.budget
        while True:
            wait = POLL_SECONDS
            if deadline is not None:
                wait = min(wait, deadline - time.monotonic())
            try:
                if wait <= 0:
                    raise queue.Empty
                number, outcome = self.inbox.get(timeout=wait)
                break
            except queue.Empty:
                if deadline is not None and time.monotonic() >= deadline:
                    for st in self.states:  # the steps still running are abandoned
                        if st.running:
                            st.running, st.stopped = False, "budget"
                    return False
                self.workers.check()
        st, index, _ = self.batches.pop(number)
        results, seconds = outcome()
        st.step[index : index + len(results)] = results
        st.received += len(results)
        st.step_seconds += seconds
        if self.budget is None:
            self.progress.advance(len(results))
        if st.received == len(st.tasks):
            st.finish()
            if self.budget is None:
                self.progress.total += len(st.tasks)
        if self.budget is not None:
            elapsed = int(min(time.monotonic() - self.start, self.budget))
            self.progress.advance(elapsed - self.progress.count)
        return True

    def loop(self) -> None:
        """Keep every job busy until no step is left that fits."""
        while True:
            while len(self.batches) < self.workers.jobs() * self.workers.ahead:
                st = self.open_step()
                if st is None:
                    break
                if st.tasks:
                    self.send(st)
                else:
                    st.finish()  # a step of no tasks
                    if self.budget is None:
                        self.progress.total += len(st.tasks)
            if not self.batches or not self.receive():
                return
