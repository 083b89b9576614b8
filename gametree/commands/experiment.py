"""``gametree experiment NAME``: reproduce one of the paper's quantitative claims."""

import argparse
import importlib.util
import math
import os
import time
from pathlib import Path

from gametree.clitools import (
    EXIT_OK,
    EXIT_TARGET,
    EXIT_USAGE,
    Watch,
    configure_help,
    epilog,
    error,
    guarded,
    more_options,
    old_spelling,
)

NAME = "experiment"
DESCRIPTION = (
    "Run one experiment and write NAME.csv (the measurements), NAME.png (a plot) and NAME.md "
    "(a short summary) into -o DIR. best-case: leaves read on best-ordered trees against Korf's "
    "F(d) and Knuth-Moore. average-case: how much pruning is possible at all, in Korf's random "
    "model and on games. convergence: the variance of the root value against height. --quick "
    "is a smoke test in seconds; the default takes minutes (average-case: at most 30)."
)
DETAILS = (
    "average-case measures N = 2..5 and b = 2..5 (alpha-beta, shallow, last-branch, "
    "speculative, paranoid and the optimal directional search), a small integer grid, 3-player "
    "Othello and Chinese Checkers, and two players deep on implicit trees (Knuth and Moore's "
    "b/log b, Pearl's xi/(1-xi)); each series goes as deep as --budget allows, and it also "
    "writes average-case-PART.csv and .png. convergence compares 2 and 3 players. Seeds are "
    "fixed (--seed); --full goes further (average-case: hours). Plots need the 'draw' extra: "
    "pip install 'gametree[draw]'. --out DIR, the old spelling of -o DIR, still works."
    "\n\n"
    "--cluster ADDRESS runs the tasks on the workers of a Dask distributed scheduler "
    "(dask scheduler; dask worker ADDRESS --nthreads 1 on each machine, the same gametree "
    "installed everywhere) instead of --jobs local processes: the results are the same as a "
    "local run's at every depth both reach. It needs the 'cluster' extra: "
    "pip install 'gametree[cluster]'."
)

NAMES = ("best-case", "average-case", "convergence")

CLUSTER_FAILED = (
    "the Dask scheduler could not be reached or went away, or a worker runs other gametree code"
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(parser, epilog(0, 2, 4, notes={4: CLUSTER_FAILED}))
    parser.add_argument("name", choices=NAMES, metavar="NAME", help=", ".join(NAMES))
    output = parser.add_argument("-o", "--output", default=".", type=Path, metavar="DIR",
                                 help="the directory to write into (default: the current "
                                 "one)")  # fmt: skip
    old_spelling(parser, "--out", output)
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="a smoke test: tiny trees, seconds")
    size.add_argument("--full", action="store_true", help="larger trees, more of them")
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        metavar="MINUTES",
        help="average-case: the minutes its series may take, each as deep as "
        "the budget allows (default: 25, with --full 480; --quick has none)",
    )
    more = more_options(parser, "how it runs")
    more.add_argument("--seed", type=int, default=1989, help="the seed (default 1989)")
    more.add_argument("--jobs", type=int, default=None, metavar="N",
                      help="local worker processes (default: 2, or 1 on one core)")  # fmt: skip
    more.add_argument("--cluster", default=None, metavar="ADDRESS",
                      help="run the tasks on the workers of the Dask scheduler at ADDRESS "
                      "(tcp://host:port) instead of local processes")  # fmt: skip
    more.add_argument("--no-progress", action="store_true",
                      help="no progress bar, and no progress lines when not on a "
                      "terminal")  # fmt: skip


@guarded(NAME)
def run(args: argparse.Namespace) -> int:
    """Run it; 0, 2 for bad options or a missing extra, 4 if the cluster fails."""
    problem = usage_problem(args)
    if problem is not None:
        return error(NAME, problem, EXIT_USAGE)
    from gametree.experiments import Config, run_experiment  # noqa: PLC0415 - needs numpy
    from gametree.experiments._schedule import ClusterError  # noqa: PLC0415

    size = "full" if args.full else "quick" if args.quick else "default"
    budget = None if args.budget is None else 60 * args.budget
    jobs = args.jobs if args.jobs is not None else min(2, os.cpu_count() or 1)
    config = Config(size=size, seed=args.seed, jobs=jobs, progress=not args.no_progress,
                    budget=budget, cluster=args.cluster)  # fmt: skip
    start = time.monotonic()
    try:
        with Watch(NAME, heartbeat=config.progress):  # the plots are drawn after the series
            paths = run_experiment(args.name, config, args.output)
    except ClusterError as e:
        return error(NAME, str(e), EXIT_TARGET)
    where = f"the Dask scheduler at {args.cluster}" if args.cluster else f"{jobs} workers"
    print(f"{args.name} ({size}, seed {args.seed}, {where}): "
          f"{time.monotonic() - start:.1f} s")  # fmt: skip
    for path in paths:
        print(f"  wrote {path}")
    return EXIT_OK


def usage_problem(args: argparse.Namespace) -> str | None:  # noqa: PLR0911 - one per check
    """What is wrong with the options or the installation, checked before minutes of work."""
    cpus = os.cpu_count() or 1
    if args.cluster is not None and args.jobs is not None:
        return "--jobs and --cluster exclude each other: on a cluster the scheduler's workers run"
    if args.jobs is not None and not 1 <= args.jobs <= 4 * cpus:  # a process a job: no fork bomb
        return f"--jobs must be at least 1 and at most {4 * cpus}, 4 per CPU (got {args.jobs})"
    if args.budget is not None and not (args.budget > 0 and math.isfinite(args.budget)):
        return f"--budget must be a positive number of minutes (got {args.budget})"
    try:
        args.output.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return (f"--output {str(args.output)!r} is not a directory it can write into: "
                f"{e.strerror or e}")  # fmt: skip
    missing = [m for m in ("matplotlib", "numpy") if importlib.util.find_spec(m) is None]
    if missing:
        return (f"experiments need the 'draw' extra ({missing[0]} is missing): "
                "pip install 'gametree[draw]'")  # fmt: skip
    if args.cluster is None:
        return None
    if importlib.util.find_spec("distributed") is None:
        return ("--cluster needs the 'cluster' extra (distributed is missing): "
                "pip install 'gametree[cluster]'")  # fmt: skip
    from gametree.experiments._schedule import address_problem  # noqa: PLC0415 - needs numpy

    problem = address_problem(args.cluster)
    return None if problem is None else f"--cluster: {problem}"
