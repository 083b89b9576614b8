"""The CPU of one gate run, split by phase and by side (the gate's process, the target's worker).

    .venv/bin/python bench/gate_cost_bench.py            # the three shapes, twice each
    .venv/bin/python bench/gate_cost_bench.py --shape reference --repeat 3

Four shapes of run, each as the tests run it, in this process:

- ``process``: tests.bugs' correct alpha-beta (``tests.bugs.alphabeta:correct``) through a
  :class:`~gametree.conform.targets.ProcessTarget` worker, the default run of test_bug_catalogue;
- ``reference``: gametree's own ``alphabeta-fail-soft`` as an in-process
  :class:`~gametree.conform.targets.CallableTarget`, as tests/test_conform_coverage_runs.py asks it;
- ``search``: the same run through :class:`~gametree.conform.targets.SearchTarget`, which
  hands the search the case's tree rather than the request's text;
- ``bug``: the catalogue's ``cutoff_strict`` at budget 5, its failure shrunk
  (``tests.bugs.catalogue.gate``).

Each phase's CPU is what the gate's process spent from the end of one ask to the end of the
next (drawing the case, asking, judging), by the phase of the ask that ends it: the vectors,
the generated small and tail tiers, the steered cases, the scale cases, and the shrinking of a
failure; ``rest`` is the report and what comes after the last ask. The worker's CPU is read
from ``/proc`` around each ask (so its start-up is charged to the first ask of each process),
and its total from the children's resource usage once it is reaped. The first run of a shape
in a process pays for loading the vectors and the catalogue; a later one shows what stays;
the last is run once more with its scale cases built afresh (``scale.BUILT`` cleared), and
the ratio of the gate's CPU with the cases kept to that is printed.
``--importtime`` prints the worker's slowest imports (``python -X importtime``); ``--reader``
what parsing and reading each scale case's request costs (``gametree._json.loads`` beside
the iterative parser it used to fall back to on deep trees).
"""

import argparse
import collections
import functools
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gametree.conform import gate as gate_module  # noqa: E402
from gametree.conform import run as run_module  # noqa: E402
from gametree.conform import targets  # noqa: E402
from gametree.conform.builtin import answer  # noqa: E402
from gametree.conform.gate import GateOptions, run_gate  # noqa: E402
from gametree.conform.report import Report  # noqa: E402
from gametree.conform.scale import BUILT  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
PHASES = ("vectors", "tiers", "steered", "scale", "shrinking", "rest")

gate_cpu: collections.defaultdict[str, float] = collections.defaultdict(float)
worker_cpu: collections.defaultdict[str, float] = collections.defaultdict(float)
asks: collections.Counter[str] = collections.Counter()
mark = [0.0]
phase_now = ["rest"]


def _worker_seconds(target: object) -> float:
    """The CPU seconds the target's live worker has used (0 if there is none)."""
    proc = getattr(target, "proc", None)
    if proc is None or proc.poll() is not None:
        return 0.0
    try:
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def _phase(phase: str, label: str) -> str:
    if phase != "generated":
        return phase
    how = label.partition("(")[2]
    return next((p for p in ("scale", "steered") if how.startswith(p)), "tiers")


def _close(phase: str) -> None:
    now = time.process_time()
    gate_cpu[phase] += now - mark[0]
    mark[0] = now


def _instrument() -> None:
    ask = run_module.Run.ask

    @functools.wraps(ask)
    def timed_ask(self: Any, case: Any, label: str, phase: str, *a: Any, **k: Any) -> Any:
        name = _phase(phase, label)
        if phase_now[0] == "shrinking":
            return ask(self, case, label, phase, *a, **k)
        phase_now[0] = name
        try:
            return ask(self, case, label, phase, *a, **k)
        finally:
            asks[name] += 1
            _close(name)
            phase_now[0] = "rest"

    run_module.Run.ask = timed_ask  # type: ignore[method-assign]

    located = gate_module._located

    @functools.wraps(located)
    def timed_located(run: Any, o: Any) -> Any:
        _close(phase_now[0])
        phase_now[0] = "shrinking"
        try:
            return located(run, o)
        finally:
            _close("shrinking")
            phase_now[0] = "rest"

    gate_module._located = timed_located

    process_ask = targets.ProcessTarget.ask

    @functools.wraps(process_ask)
    def worker_ask(self: targets.ProcessTarget, case: Any, *, trace: bool) -> Any:
        before = _worker_seconds(self)
        pid = None if self.proc is None else self.proc.pid
        reply = process_ask(self, case, trace=trace)
        if self.proc is not None and self.proc.pid != pid:
            before = 0.0  # a fresh worker: its start-up is this ask's
        worker_cpu[phase_now[0]] += max(0.0, _worker_seconds(self) - before)
        if phase_now[0] == "shrinking":
            asks["shrinking"] += 1
        return reply

    targets.ProcessTarget.ask = worker_ask  # type: ignore[method-assign]


def _process() -> Report:
    from gametree.conform.semantics import Checks  # noqa: PLC0415
    from tests.bugs import CORRECT  # noqa: PLC0415

    (b,) = [b for b in CORRECT if b.name == "alphabeta"]
    options = GateOptions(b.semantics, Checks(b.best_move, b.principal_variation, b.strict_order),
                          skip_flags=frozenset(b.skip))  # fmt: skip
    target = targets.ProcessTarget.from_spec(b.target)
    try:
        return run_gate(target, b.target, options)
    finally:
        target.close()


def _reference() -> Report:
    target = targets.CallableTarget(lambda r: answer("alphabeta-fail-soft", r), timeout=600)
    return run_gate(target, "reference", GateOptions("alphabeta-fail-soft"))


def _search() -> Report:
    target = targets.SearchTarget("alphabeta-fail-soft", timeout=600)
    return run_gate(target, "reference", GateOptions("alphabeta-fail-soft"))


def _bug() -> Report:
    from tests.bugs import BUGS  # noqa: PLC0415
    from tests.bugs.catalogue import gate  # noqa: PLC0415

    (b,) = [b for b in BUGS if b.name == "cutoff_strict"]
    return gate(b, budget=5, skip_catalogue=False)


SHAPES: dict[str, Callable[[], Report]] = {
    "process": _process,
    "reference": _reference,
    "search": _search,
    "bug": _bug,
}


def measure(shape: str) -> tuple[float, float, Report]:
    """One run of ``shape``: the gate's CPU, the workers' (reaped) CPU, the report."""
    for c in (gate_cpu, worker_cpu, asks):
        c.clear()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.process_time()
    mark[0] = started
    report = SHAPES[shape]()
    _close("rest")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = time.process_time() - started
    workers = (after.ru_utime - children.ru_utime) + (after.ru_stime - children.ru_stime)
    return own, workers, report


def show(shape: str, i: int, own: float, workers: float, report: Report) -> None:
    """Print one run's split."""
    print(f"== {shape} run {i}: {'passed' if report.passed else 'failed'}, "
          f"{len(report.outcomes)} outcomes; CPU gate {own:.2f} s + workers {workers:.2f} s "
          f"= {own + workers:.2f} s")  # fmt: skip
    print(f"   {'phase':10} {'asks':>5} {'gate s':>7} {'worker s':>8}")
    for p in PHASES:
        if gate_cpu[p] or worker_cpu[p] or asks[p]:
            print(f"   {p:10} {asks[p]:5d} {gate_cpu[p]:7.2f} {worker_cpu[p]:8.2f}")
    seen = sum(worker_cpu.values())
    if workers:
        print(f"   worker CPU seen around asks {seen:.2f} s of {workers:.2f} s reaped")


def importtime(target: str) -> None:
    """The worker's start-up: its CPU, and its slowest imports (cumulative microseconds)."""
    argv = [sys.executable, "-X", "importtime", "-m", "gametree.conform.worker", target]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, input="", capture_output=True, text=True, cwd=ROOT, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = line.removeprefix("import time:").split("|")
            if cumulative.strip().isdigit():
                rows.append((int(cumulative), name.rstrip()))
    ours = sum(1 for _, n in rows if n.strip().startswith(("gametree", "tests")))
    print(f"== worker start-up ({target}): CPU {cpu:.3f} s, {len(rows)} modules "
          f"({ours} of gametree and tests)")  # fmt: skip
    for us, name in sorted(rows, reverse=True)[:15]:
        print(f"   {us / 1e6:7.3f} s {name}")


def reader() -> None:
    """What reading each scale case's request costs a worker: parsing it, then the tree.

    ``loads`` (``json`` in C, under a raised recursion limit when the tree is deep) beside
    ``loads_iteratively`` (what ``loads`` fell back to past about 1,000 levels).
    """
    from gametree._json import loads, loads_iteratively  # noqa: PLC0415
    from gametree.conform.codec import request_line  # noqa: PLC0415
    from gametree.conform.scale import scale_cases  # noqa: PLC0415
    from gametree.conform.scope import SCOPES  # noqa: PLC0415
    from gametree.treefile import read_tree_json  # noqa: PLC0415

    def cpu(f: Callable[[Any], object], x: object) -> float:
        started = time.process_time()
        f(x)
        return time.process_time() - started

    cases = scale_cases("alphabeta-fail-hard", SCOPES["default"], count=3, seed=0,
                        skip=frozenset())  # fmt: skip
    for shape, case in cases:
        line = request_line(case, 1, trace=False)
        fast, slow = cpu(loads, line), cpu(loads_iteratively, line)
        request = loads(line)
        assert isinstance(request, dict)
        tree = cpu(read_tree_json, request["tree"])
        print(f"== {shape} request, {case.tree.size} nodes, {len(line) >> 10} KiB: loads "
              f"{fast:.3f} s, loads_iteratively {slow:.3f} s (ratio {fast / slow:.2f}); "
              f"read_tree_json {tree:.3f} s")  # fmt: skip


def main() -> None:
    """Run each shape ``--repeat`` times and print its split."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shape", choices=list(SHAPES), action="append")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--importtime", action="store_true")
    parser.add_argument("--reader", action="store_true", help="the request reader's CPU")
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.2f}")
    if args.importtime:
        importtime("tests.bugs.alphabeta:correct")
        importtime("impl.alphabeta")
    if args.reader:
        reader()
    _instrument()
    for shape in args.shape or list(SHAPES):
        for i in range(1, args.repeat + 1):
            show(shape, i, *measure(shape))
        if args.repeat:  # the last run again, its scale cases built afresh
            kept = sum(gate_cpu.values())
            BUILT.clear()
            show(f"{shape} (scale cases built afresh)", args.repeat + 1, *measure(shape))
            print(f"   gate CPU, scale cases kept / built afresh: "
                  f"{kept / sum(gate_cpu.values()):.2f}")  # fmt: skip
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
