"""The gate's verdicts and time at a fixed seed, beside another checkout's (before and after).

    .venv/bin/python bench/gate_verdicts_bench.py --base /tmp/before   # about 10 minutes

For gametree's own searches (which pass) and the bug catalogue's first engine of each
semantics (which fail: ``tests/bugs``, gated with the options :attr:`tests.bugs.Bug.argv`
says), runs ``gametree conform ... --json`` at the default seed and budget in both checkouts,
alternating, and prints for each: whether the two JSON reports are the same once their
seconds and the checkout's folder are left out (the verdict, every failure, the minimal
case, the coverage), and the wall and CPU seconds (children included) with their ratio.
``--base`` names a checkout run on this interpreter from its own directory (copy the compiled
kernels into it, ``gametree/impl/*.so``, for a fair comparison). Compare figures of one run
only: the load average is printed before and after.
"""

import argparse
import json
import os
import sys
from pathlib import Path

from gate_scale_bench import gate_run

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.bugs import BUGS  # noqa: E402 - the catalogue of the checkout this script is in

OURS: list[list[str]] = [
    ["--target", "alphabeta", "--semantics", "alphabeta-fail-soft", "--strict-order"],
    ["--target", "mtdf", "--semantics", "mtdf", "--best-move"],
    ["--target", "shallow", "--semantics", "shallow", "--strict-order"],
    ["--target", "deep-pruning-unsound", "--semantics", "deep-pruning-unsound"],
]
"""gametree's searches as targets, each on its own semantics."""


def timed(checkout: Path, argv: list[str]) -> tuple[float, float, object]:
    """Wall seconds, CPU seconds (children included) and the JSON report, seconds left out
    (and the checkout's folder, which a traceback names, written CHECKOUT)."""
    wall, cpu, stdout, stderr = gate_run(checkout, argv)
    if not stdout.strip():
        sys.exit(f"no report from {checkout}: {' '.join(argv)}\n{stderr[-2000:]}")
    return wall, cpu, _timeless(json.loads(stdout.replace(str(checkout), "CHECKOUT")))


def _timeless(x: object) -> object:
    """``x`` without the members that measure time."""
    if isinstance(x, dict):
        return {k: _timeless(v) for k, v in x.items() if "seconds" not in k}
    if isinstance(x, list):
        return [_timeless(v) for v in x]
    return x


def main() -> None:
    """Run the gates and print a line for each."""
    parser = argparse.ArgumentParser(prog="bench/gate_verdicts_bench.py")
    parser.add_argument("--base", type=Path, required=True, help="the checkout to compare with")
    parser.add_argument("--bugs", type=int, default=8, help="catalogue engines, at most")
    args = parser.parse_args()
    first: dict[str, list[str]] = {}
    for b in BUGS:
        first.setdefault(b.semantics, b.argv)
    runs = OURS + list(first.values())[: args.bugs]
    checkouts = {"before": args.base.resolve(), "after": ROOT}
    print(f"load average at the start: {os.getloadavg()}", flush=True)
    same = 0
    totals = {name: [0.0, 0.0] for name in checkouts}
    for argv in runs:
        got = {name: timed(checkout, argv) for name, checkout in checkouts.items()}
        (wb, cb, rb), (wa, ca, ra) = got["before"], got["after"]
        same += rb == ra
        for name, (w, c, _) in got.items():
            totals[name][0] += w
            totals[name][1] += c
        verdict = "passed" if isinstance(ra, dict) and ra.get("passed") else "failed"
        print(f"{argv[1]} ({argv[3]}): {verdict}, reports {'the same' if rb == ra else 'DIFFER'};"
              f" wall {wb:.1f} -> {wa:.1f} s (x{wa / wb:.2f}), CPU {cb:.1f} -> {ca:.1f} s"
              f" (x{ca / cb:.2f})", flush=True)  # fmt: skip
    (wb, cb), (wa, ca) = totals["before"], totals["after"]
    print(
        f"{same} of {len(runs)} reports the same; in all: wall {wb:.1f} -> {wa:.1f} s "
        f"(x{wa / wb:.2f}), CPU {cb:.1f} -> {ca:.1f} s (x{ca / cb:.2f})"
    )
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
