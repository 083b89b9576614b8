"""Benchmark: the experiments' workers, local processes against a Dask cluster on this machine.

Prints, measured in one run (so the ratios share the machine's load):

- throughput: the same optimum trees (``korf_model.measure_optimal``: Korf's model, N = 3,
  b = 2, depth ``--depth``, ``--trees`` of them, a batch each) on 1 and 2 local processes and
  on a Dask cluster of 1 and 2 workers (``distributed.LocalCluster``: one process a worker,
  one thread each, on 127.0.0.1), once the workers are started, in trees a second, and the
  ratios 2 workers / 1 and cluster / local;
- the overhead a batch: ``--batches`` batches of one trivial task sent through each kind of
  workers as the scheduler sends them (as many out at once as it keeps), in
  milliseconds a batch, wall time over batches.

The experiments send batches of about ``_schedule.BATCH_SECONDS`` of work, so an overhead of
a few milliseconds a batch is a few percent at most. Needs the cluster extra:
``.venv/bin/pip install -e '.[cluster]'``; then ``.venv/bin/python bench/cluster_bench.py``.
"""

import argparse
import importlib
import queue
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from gametree.experiments._schedule import Message, _Cluster, _Processes, _Workers
from gametree.experiments.korf_model import measure_optimal


@contextmanager
def local_cluster(workers: int) -> Iterator[str]:
    """A Dask cluster of ``workers`` one-thread processes on 127.0.0.1: its address."""
    distributed: Any = importlib.import_module("distributed")
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None)  # fmt: skip
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


Make = Callable[["queue.Queue[Message]"], _Workers]


def processes(jobs: int) -> Make:
    """Local worker processes, as the experiments start them."""
    return lambda inbox: _Processes(jobs, inbox)


def cluster(address: str) -> Make:
    """The workers of the Dask scheduler at ``address``."""
    return lambda inbox: _Cluster(address, inbox)


def seconds(make: Make, work: Any, tasks: list[Any]) -> float:
    """Wall seconds of ``work`` on ``tasks``, a batch each, as many out as the scheduler keeps.

    The workers are started, and have each run the first task, before the clock starts.
    """
    inbox: queue.Queue[Message] = queue.Queue()
    workers = make(inbox)
    try:
        for k in range(workers.jobs()):  # each imports what the work needs, off the clock
            workers.submit(-1 - k, work, tasks[:1])
        for _ in range(workers.jobs()):
            inbox.get()[1]()
        start, sent, out = time.perf_counter(), 0, 0
        while sent < len(tasks) or out:
            while sent < len(tasks) and out < workers.jobs() * workers.ahead:
                workers.submit(sent, work, [tasks[sent]])
                sent, out = sent + 1, out + 1
            inbox.get()[1]()
            out -= 1
        return time.perf_counter() - start
    finally:
        workers.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=int, default=24)
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--batches", type=int, default=400)
    args = parser.parse_args()
    trees = [("korf", 2, 3, args.depth, k) for k in range(args.trees)]
    rates: dict[tuple[str, int], float] = {}
    overheads: dict[str, float] = {}
    for jobs in (1, 2):
        rates["local", jobs] = args.trees / seconds(processes(jobs), measure_optimal, trees)
        with local_cluster(jobs) as address:
            rates["cluster", jobs] = args.trees / seconds(cluster(address), measure_optimal, trees)
            if jobs == 2:
                overheads["cluster"] = seconds(cluster(address), abs, list(range(args.batches)))
    overheads["local"] = seconds(processes(2), abs, list(range(args.batches)))
    print(f"optimum, Korf's model, N = 3, b = 2, d = {args.depth}, {args.trees} trees, a batch "
          "each (trees a second, the workers started):")  # fmt: skip
    for where in ("local", "cluster"):
        one, two = rates[where, 1], rates[where, 2]
        print(f"  {where:8} 1 worker {one:7.2f}   2 workers {two:7.2f}   ratio {two / one:.2f}")
    for jobs in (1, 2):
        ratio = rates["cluster", jobs] / rates["local", jobs]
        print(f"  cluster / local, {jobs} worker(s): {ratio:.2f}")
    here, there = (1000 * overheads[w] / args.batches for w in ("local", "cluster"))
    print(f"overhead a batch of one trivial task, 2 workers, {args.batches} batches:")
    print(f"  local processes {here:.2f} ms   Dask cluster {there:.2f} ms   "
          f"difference {there - here:.2f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
