"""gametree experiment --cluster: real Dask processes on 127.0.0.1, the same results as a local run.

Each test starts a ``dask scheduler`` and two ``dask worker`` processes (one thread each, no
nanny, listening on 127.0.0.1 only) and stops them when it ends, failed or not; should this
process die first, the workers leave once their scheduler is gone (``--death-timeout``) and
the scheduler once idle (``--idle-timeout``). Every wait is a hang guard, minutes above the
seconds each step takes on a loaded two-core machine: nothing here depends on its speed.

What is checked: ``--quick`` on the cluster writes byte for byte the CSVs of a local run
(all but ``average-case-cost.csv``, which holds seconds); a worker killed mid-run changes
nothing (Dask runs its batches again elsewhere); a scheduler killed mid-run stops the run
with one line of error and exit code 4, and an unreachable one too, within Dask's connect
timeout; the progress bar counts the tasks on the cluster as it does locally.
"""

import importlib
import json
import logging
import os
import pty
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from subprocess import Popen
from typing import Any

import pytest

from gametree.experiments._schedule import _Cluster

BIN = Path(sys.executable).parent
GUARD = 600.0
"""Seconds any one wait may take before the test fails as hung (a quick run takes seconds)."""

HOST = "127.0.0.1"

COMPARED = ("average-case", "best-case")
"""The experiments run both ways: the budget scheduler's series, and a list of tasks (as
convergence's, which would add only time)."""


def _distributed() -> Any:
    """distributed, typed as Any (its Client is not annotated): the dev extra installs it."""
    return importlib.import_module("distributed")


class Cluster:
    """A scheduler and two workers as processes of this test, on 127.0.0.1."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.processes: list[Popen[bytes]] = []
        self.client: Any = None
        self.address = ""
        self.pids: dict[str, int] = {}

    def launch(self) -> None:
        dask = str(BIN / "dask")
        file = self.folder / "scheduler.json"
        self.scheduler = self.start(
            [dask, "scheduler", "--host", HOST, "--port", "0", "--no-dashboard",
             "--scheduler-file", str(file)], "scheduler",
        )  # fmt: skip
        self.address = str(json.loads(_wait_for(lambda: _read(file), "scheduler.json"))["address"])
        worker = [dask, "worker", self.address, "--nthreads", "1", "--no-nanny", "--host", HOST,
                  "--no-dashboard", "--death-timeout", "60"]  # fmt: skip
        self.workers = [self.start(worker, f"worker{k}") for k in range(2)]
        self.client = _distributed().Client(self.address, set_as_default=False, timeout=GUARD)
        self.client.wait_for_workers(2, timeout=GUARD)
        self.pids = self.client.run(os.getpid)
        assert sorted(self.pids.values()) == sorted(w.pid for w in self.workers)

    def start(self, command: list[str], name: str) -> "Popen[bytes]":
        env = {**os.environ, "DASK_DISTRIBUTED__SCHEDULER__IDLE_TIMEOUT": "900s"}
        with (self.folder / f"{name}.log").open("wb") as log:  # the child has its own copy
            process = Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        self.processes.append(process)
        return process

    def running_batch(
        self, run: "Popen[str]", worker: str | None = None, at_least: int = 10
    ) -> str:
        """Wait until ``worker`` (or any) runs a batch numbered ``at_least`` or more; which.

        The run must still be going: if it ended first, that is the failure, with its output.
        """

        def found() -> str | None:
            if run.poll() is not None:
                out, err = run.communicate()
                raise AssertionError(f"the run ended first ({run.returncode}): {out} {err}")
            for address, keys in self.client.processing().items():
                numbers = [int(str(k).rsplit("-", 1)[1]) for k in keys if "gametree-" in str(k)]
                if (worker is None or address == worker) and any(n >= at_least for n in numbers):
                    return str(address)
            return None

        return str(
            _wait_for(found, f"a batch numbered {at_least}+ at {worker or 'a worker'}", 0.02)
        )

    def stop(self) -> None:
        logger = logging.getLogger("distributed.client")
        level = logger.level
        try:
            if self.client is not None:  # quietly: a killed scheduler's reconnection is cancelled
                logger.setLevel(logging.CRITICAL)
                self.client.close(timeout=60)
        finally:
            logger.setLevel(level)
            for process in self.processes:
                if process.poll() is None:
                    process.kill()
            for process in self.processes:
                process.wait(timeout=GUARD)


def _read(path: Path) -> str | None:
    try:
        text = path.read_text()
    except FileNotFoundError:
        return None
    return text if text.strip().endswith("}") else None


def _wait_for(found: Any, what: str, every: float = 0.1) -> Any:
    deadline = time.monotonic() + GUARD
    while time.monotonic() < deadline:
        value = found()
        if value is not None:
            return value
        time.sleep(every)
    raise AssertionError(f"hung: no {what} after {GUARD:.0f} s")


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    started = Cluster(tmp_path)
    try:
        started.launch()
        yield started
    finally:
        started.stop()


def experiment(name: str, out: Path, *options: str, **popen: Any) -> "Popen[str]":
    command = [str(BIN / "gametree"), "experiment", name, "--quick", "-o", str(out), *options]
    return Popen(command, text=True, **popen)


def finished(run: "Popen[str]") -> tuple[int, str]:
    try:
        _, err = run.communicate(timeout=GUARD)
    except subprocess.TimeoutExpired:
        run.kill()
        raise AssertionError(f"hung: the run took more than {GUARD:.0f} s") from None
    return run.returncode, err or ""


def tables(folder: Path) -> dict[str, bytes]:
    """Every CSV a run wrote, but the one that holds seconds."""
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.csv"))
            if not p.name.endswith("-cost.csv")}  # fmt: skip


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, bytes]]:
    """The CSVs of each experiment's --quick run in two local processes."""
    out = {}
    for name in COMPARED:
        folder = tmp_path_factory.mktemp(f"local-{name}")
        code, err = finished(experiment(name, folder, "--no-progress", "--jobs", "2",
                                        stdout=subprocess.DEVNULL))  # fmt: skip
        assert code == 0, err
        out[name] = tables(folder)
    return out


@pytest.mark.slow
def test_a_cluster_run_writes_the_local_run_s_tables(
    cluster: Cluster, local: dict[str, dict[str, bytes]], tmp_path: Path
) -> None:
    for name in COMPARED:
        out = tmp_path / name
        run = experiment(name, out, "--no-progress", "--cluster", cluster.address,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
        code, err = finished(run)
        assert code == 0, err
        assert tables(out) == local[name]
    assert len(local["average-case"]) == 6  # main, optimal, trees, growth, two-players, games
    done = cluster.client.run_on_scheduler(  # a lambda: pickled by value, tests not imported
        lambda dask_scheduler: dask_scheduler.task_prefixes["gametree"].state_counts["memory"]
    )
    assert done > 0  # the cluster ran the batches, not this process


@pytest.mark.slow
def test_a_worker_killed_mid_run_changes_nothing(
    cluster: Cluster, local: dict[str, dict[str, bytes]], tmp_path: Path
) -> None:
    run = experiment("average-case", tmp_path, "--no-progress", "--cluster", cluster.address,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    victim = sorted(cluster.pids)[0]
    cluster.running_batch(run, victim)
    assert run.poll() is None  # mid-run
    os.kill(cluster.pids[victim], signal.SIGKILL)
    code, err = finished(run)
    assert code == 0, err
    assert tables(tmp_path) == local["average-case"]
    assert list(cluster.client.nthreads()) == [w for w in cluster.pids if w != victim]


@pytest.mark.slow
def test_a_lost_scheduler_stops_the_run_with_one_line(cluster: Cluster, tmp_path: Path) -> None:
    run = experiment("average-case", tmp_path, "--no-progress", "--cluster", cluster.address,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    cluster.running_batch(run)
    assert run.poll() is None  # mid-run
    cluster.scheduler.kill()
    code, err = finished(run)
    assert code == 4, err
    assert err == (f"gametree experiment: error: lost the Dask scheduler at {cluster.address}: "
                   "the run stops (start it again once the scheduler is back)\n")  # fmt: skip


@pytest.mark.slow
def test_while_a_run_holds_the_client_distributed_logs_only_warnings(cluster: Cluster) -> None:
    """The lost-scheduler test once failed with distributed's INFO line and traceback before the
    command's one line ("Batched Comm Closed": whichever of the client's writes met the closed
    connection first, a race). While a run holds the client, distributed keeps its INFO to
    itself (its warnings and errors still show); after, it logs as before."""
    batched = logging.getLogger("distributed.batched")
    before = batched.getEffectiveLevel()
    assert batched.isEnabledFor(logging.INFO)  # distributed's own default
    workers = _Cluster(cluster.address, queue.Queue())
    try:
        assert not batched.isEnabledFor(logging.INFO)
        assert batched.isEnabledFor(logging.WARNING)
    finally:
        workers.close()
    assert batched.getEffectiveLevel() == before


def test_an_unreachable_scheduler_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as s:  # a port nothing listens on: bound, never listening
        s.bind((HOST, 0))
        address = f"tcp://{HOST}:{s.getsockname()[1]}"
        soon = {**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"}
        run = experiment("best-case", tmp_path, "--cluster", address, env=soon,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
        code, err = finished(run)
    assert code == 4
    assert err.startswith(f"gametree experiment: error: cannot reach the Dask scheduler at "
                          f"'{address}': ")  # fmt: skip
    assert err.count("\n") == 1


@pytest.mark.slow
def test_the_progress_bar_counts_the_cluster_s_tasks(cluster: Cluster, tmp_path: Path) -> None:
    main, terminal = pty.openpty()  # standard error a terminal: the bar is drawn
    shown = bytearray()

    def read() -> None:
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal closed
                return
            if not chunk:
                return
            shown.extend(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        run = experiment("best-case", tmp_path, "--cluster", cluster.address,
                         stdout=subprocess.DEVNULL, stderr=terminal)  # fmt: skip
        code, _ = finished(run)
    finally:
        os.close(terminal)
        reader.join(timeout=GUARD)
        os.close(main)
    assert code == 0
    counts = [(int(a), int(b)) for a, b in re.findall(rb"\] (\d+)/(\d+) searches", bytes(shown))]
    assert len(counts) > 2
    assert [a for a, _ in counts] == sorted(a for a, _ in counts)  # it only goes forward
    assert counts[-1][0] == counts[-1][1]  # to the end
