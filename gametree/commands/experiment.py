"""``gametree experiment NAME``: reproduce one of the paper's quantitative claims."""

import argparse
import importlib.util
import math
import os
import time
from pathlib import Path

from gametree.clitools import EXIT_OK, EXIT_USAGE, configure_help, epilog, error, guarded

NAME = "experiment"
HELP = "run an experiment (best-case, average-case, convergence): CSV, PNG plot, summary"
DESCRIPTION = (
    "Run one experiment and write NAME.csv (the measurements), NAME.png (a plot) and NAME.md "
    "(a short summary) into --out. best-case: leaves read on best-ordered trees against "
    "Korf's F(d) and Knuth-Moore. average-case: how much pruning is possible at all, in "
    "Korf's random model (N = 2..5, b = 2..5: alpha-beta, shallow, last-branch, speculative, "
    "paranoid and the optimal directional search), on a small integer grid, on 3-player "
    "Othello and Chinese Checkers, and for two players deep on implicit trees (Knuth and "
    "Moore's b/log b, Pearl's xi/(1-xi)); each series goes as deep as --budget allows, and it "
    "also writes average-case-PART.csv and .png. convergence: the variance of the root value "
    "against height, for 2 and 3 players. Seeds are fixed (--seed); the default size takes a "
    "few minutes (average-case: at most 30) on 2 cores, --full goes further (average-case: "
    "hours), --quick is a smoke test in seconds. Plots need the 'draw' extra: "
    "pip install 'gametree[draw]'."
)

NAMES = ("best-case", "average-case", "convergence")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(parser, epilog(0, 2))
    parser.add_argument("name", choices=NAMES, metavar="NAME", help=", ".join(NAMES))
    parser.add_argument("--out", default=".", type=Path, metavar="DIR",
                        help="the directory to write into (default: the current one)")  # fmt: skip
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--full", action="store_true", help="larger trees, more of them")
    size.add_argument("--quick", action="store_true", help="a smoke test: tiny trees, seconds")
    parser.add_argument("--seed", type=int, default=1989, help="the seed (default 1989)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), metavar="N",
                        help="worker processes (default: 2, or 1 on a 1-core machine)")  # fmt: skip
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        metavar="MINUTES",
        help="average-case: the minutes its series may take, each as deep as "
        "the budget allows (default: 25, with --full 480; --quick has none)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


@guarded(NAME)
def run(args: argparse.Namespace) -> int:
    """Run it; 0, or 2 for bad options or a missing extra."""
    cpus = os.cpu_count() or 1
    if not 1 <= args.jobs <= 4 * cpus:  # each job is a process: 10^9 of them is a fork bomb
        return error(NAME, f"--jobs must be at least 1 and at most {4 * cpus}, 4 per CPU "
                     f"(got {args.jobs})", EXIT_USAGE)  # fmt: skip
    if args.budget is not None and not (args.budget > 0 and math.isfinite(args.budget)):
        return error(NAME, f"--budget must be a positive number of minutes (got {args.budget})",
                     EXIT_USAGE)  # fmt: skip
    try:  # checked before minutes of work, not after
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return error(NAME, f"--out {str(args.out)!r} is not a directory it can write into: "
                     f"{e.strerror or e}", EXIT_USAGE)  # fmt: skip
    missing = [m for m in ("matplotlib", "numpy") if importlib.util.find_spec(m) is None]
    if missing:  # checked before minutes of work, not after
        return error(NAME, f"experiments need the 'draw' extra ({missing[0]} is missing): "
                     "pip install 'gametree[draw]'", EXIT_USAGE)  # fmt: skip
    from gametree.experiments import Config, run_experiment  # noqa: PLC0415 - needs numpy

    size = "full" if args.full else "quick" if args.quick else "default"
    budget = None if args.budget is None else 60 * args.budget
    config = Config(size=size, seed=args.seed, jobs=args.jobs, progress=not args.no_progress,
                    budget=budget)  # fmt: skip
    start = time.monotonic()
    paths = run_experiment(args.name, config, args.out)
    print(f"{args.name} ({size}, seed {args.seed}, {args.jobs} workers): "
          f"{time.monotonic() - start:.1f} s")  # fmt: skip
    for path in paths:
        print(f"  wrote {path}")
    return EXIT_OK
