"""The default gate's time on fast engines, beside another checkout's (before and after a change).

    .venv/bin/python bench/gate_scale_bench.py --base /tmp/main-export   # about 5 minutes

Runs ``gametree conform`` with its defaults (the vectors, 200 generated cases from the default
scope: since the scale cases, three of them with 10^5 visited nodes each) on:

- ``impl.alphabeta``, gametree's own alpha-beta as a Python callable in the gate's worker
  (``alphabeta-fail-soft --strict-order --best-move --principal-variation``);
- ``python3 examples/external_engine.py``, an engine in its own process speaking JSON lines
  (the same semantics and comparisons);
- with ``--more``, ``impl.shallow`` on ``shallow`` and ``tests.bugs.engine:correct`` on
  ``game-negamax`` too.

Each run is timed twice: wall clock, and the CPU time of the gate and every process it started
(its targets included), which is less sensitive to what else the machine does. Runs alternate
between the two checkouts, ``--repeat`` times each, and the medians are printed with their
ratio; so compare figures of one run only, and read the ratio rather than the seconds when the
machine is loaded (the load average is printed before and after). The checkout given with
``--base`` runs on this interpreter, from its own directory (copy the compiled kernel into
it, ``gametree/impl/*.so``, for a fair comparison: the script says which kernel each used).
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUNS: list[tuple[str, list[str]]] = [
    ("impl.alphabeta", ["--target", "impl.alphabeta", "--semantics", "alphabeta-fail-soft",
                        "--strict-order", "--best-move", "--principal-variation"]),
    ("external_engine.py", ["--target", f"{sys.executable} examples/external_engine.py",
                            "--semantics", "alphabeta-fail-soft", "--strict-order",
                            "--best-move", "--principal-variation"]),
]  # fmt: skip
MORE: list[tuple[str, list[str]]] = [
    ("impl.shallow", ["--target", "impl.shallow", "--semantics", "shallow", "--strict-order",
                      "--best-move", "--principal-variation"]),
    ("engine:correct", ["--target", "tests.bugs.engine:correct", "--semantics", "game-negamax",
                        "--best-move"]),
]  # fmt: skip
GATE = "import sys; from gametree.cli import main; sys.exit(main(sys.argv[1:]))"
KERNEL = "import gametree.impl._compiled as c; print(c.DESCRIPTION)"


def gate_run(checkout: Path, argv: list[str]) -> tuple[float, float, str, str]:
    """Wall seconds, CPU seconds (children included), output and errors of one gate run."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", GATE, "conform", *argv, "--json"],
                          cwd=checkout, env=env, capture_output=True, text=True,
                          check=False)  # fmt: skip
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout, done.stderr


def run(checkout: Path, argv: list[str]) -> tuple[float, float, dict[str, object]]:
    """Wall seconds, CPU seconds (children included) and the JSON report of one gate run."""
    wall, cpu, stdout, stderr = gate_run(checkout, argv)
    report: dict[str, object] = json.loads(stdout) if stdout.strip() else {}
    if not report.get("passed"):
        sys.exit(f"the gate failed in {checkout}: {stdout[-2000:]}{stderr[-2000:]}")
    return wall, cpu, report


def kernel(checkout: Path) -> str:
    """Which alpha-beta kernel the checkout runs (compiled or pure Python)."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run([sys.executable, "-c", KERNEL], cwd=checkout, env=env,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return done.stdout.strip()


def main() -> None:
    """Run the gates and print the table."""
    parser = argparse.ArgumentParser(prog="bench/gate_scale_bench.py")
    parser.add_argument("--base", type=Path, required=True, help="the checkout to compare with")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--more", action="store_true", help="shallow and a game engine too")
    args = parser.parse_args()
    checkouts = {"before": args.base.resolve(), "after": ROOT}
    for name, checkout in checkouts.items():
        print(f"{name}: {checkout}, {kernel(checkout)}")
    print(f"load average at the start: {os.getloadavg()}", flush=True)
    for label, argv in RUNS + (MORE if args.more else []):
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in checkouts}
        coverage: dict[str, object] = {}
        for _ in range(args.repeat):
            for name, checkout in checkouts.items():
                seconds, spent, report = run(checkout, argv)
                times[name].append((seconds, spent))
                if name == "after":
                    generated = report["coverage"]
                    assert isinstance(generated, dict)
                    coverage = generated["generated"]
        wall = {n: statistics.median(w for w, _ in ts) for n, ts in times.items()}
        cpu = {n: statistics.median(c for _, c in ts) for n, ts in times.items()}
        print(f"{label}: wall {wall['before']:.1f} s -> {wall['after']:.1f} s "
              f"(x{wall['after'] / wall['before']:.2f}); CPU {cpu['before']:.1f} s -> "
              f"{cpu['after']:.1f} s (x{cpu['after'] / cpu['before']:.2f}); generated: "
              f"{coverage.get('max_nodes')} nodes, the reference visited "
              f"{coverage.get('max_visited')} at most", flush=True)  # fmt: skip
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
