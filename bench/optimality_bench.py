"""How fast Korf's Theorem 1 is decided exactly: leaves decided per second, by method.

    .venv/bin/python bench/optimality_bench.py [--seed 1] [--quick | --depths 8]
    .venv/bin/python bench/optimality_bench.py --series [--trees 3]  # the experiment's trees

Trees are uniform with players moving in turn by depth (3 players, b = 3, d = 4 and 6: 81 and
729 leaves) and leaves drawn from Korf's model on the grid of Korf's figures scaled up: each
leaf an integer composition of 100 into 3 parts cut at uniform points (bounds: lower 0, sum
100), seeded. For each tree it prints:

- ``analyse``: the whole analysis ``gametree prove optimality`` runs (every leaf shallow
  pruning reads, over the reals and the integers, each "necessary" witness checked with
  spec.maxn on the two completed trees), its seconds and the leaves left undecided;
- the chain search alone (:func:`gametree.impl.necessity.decide_chain`) over every leaf, in
  leaves per second, per domain; the same on deeper trees (d = 8, 10) to see how it scales;
- the optimal directional search (:func:`gametree.impl.optimal.optimal`) over the whole tree,
  the issue's figure: the tree's leaves over the seconds it takes (best of ``REPEAT`` runs),
  per domain, with baselines from the same run: the search as it was before its kernel
  (``bench/optimal_baseline.py``, issue 29: the speed-up is the ratio of the two), the kernel
  in pure Python when the compiled one runs, the reference walk deciding every leaf in turn
  (no whole subtree skipped) and shallow pruning (``impl.shallow``), which decides nothing
  and reads more; the search and its baseline must read the same leaves and give the same
  answer, else the benchmark stops;
- the baselines measured in the same run on the same leaves: z3 on the chain (at most
  ``Z3_TIMEOUT`` seconds a question; the ones it gives up on are counted), and z3 on the
  whole tree (the encoding before the path lemma, with the same cap; on the 81-leaf tree
  only, and on its first ``--baseline`` leaves: it is the slow one), and their ratios to the
  chain search.

With ``--series``, only the optimal search, on the trees of the average-case experiment
(``gametree.experiments.korf_model.tree``: both models, each (N, b) it runs, three depths each,
``--trees`` trees a depth): leaves per second of today's search and of the baseline, and
their ratio, so that one can judge how deep each series can go.

Wall clock, on whatever else the machine is doing: compare figures from one run only.
"""

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from functools import partial

import optimal_baseline

from gametree.experiments.korf_model import MODELS, tree
from gametree.impl import _compiled, _optimal_kernel
from gametree.impl.necessity import Chain, chains, decide_chain
from gametree.impl.optimal import necessary, optimal, optimal_search, with_kernel
from gametree.impl.shallow import shallow
from gametree.proofs.machinery._smt import decide_chain_smt
from gametree.proofs.theorems.optimality import analyse, decide
from gametree.spec import Bounds, Domain, Leaf, Node, Tree

BOUNDS = Bounds(0, 100)
Z3_TIMEOUT = 5.0
"""Seconds z3 may spend on one chain question (integer queries can take minutes)."""


def korf_tree(rng: random.Random, players: int, b: int, d: int, total: int) -> Tree:
    """A uniform tree of branching b and depth d, leaves cut from ``total`` at uniform points."""

    def leaf() -> Leaf:
        cuts = sorted(rng.randint(0, total) for _ in range(players - 1))
        return Leaf(tuple(hi - lo for lo, hi in zip([0, *cuts], [*cuts, total], strict=True)))

    level: list[Tree] = [leaf() for _ in range(b**d)]
    for depth in range(d - 1, -1, -1):
        level = [Node(depth % players, level[i : i + b]) for i in range(0, len(level), b)]
    return level[0]


def rate(decide_one: Callable[[Chain], object], every: list[Chain]) -> tuple[float, float]:
    start = time.perf_counter()
    for c in every:
        decide_one(c)
    seconds = time.perf_counter() - start
    return seconds, len(every) / seconds


DOMAINS: tuple[Domain, ...] = ("reals", "integers")

REPEAT = 5
"""Runs of each whole-tree search; the fastest is quoted (the others met a busier machine)."""


def best_seconds(*runs: Callable[[], object]) -> list[float]:
    """Each run's fastest of ``REPEAT`` times, the runs taken in turn (ABAB..., not AA...BB...),
    so that a burst of load on the shared machine meets all of them alike, not one alone."""
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(REPEAT):
        for run, taken in zip(runs, times, strict=True):
            start = time.perf_counter()
            run()
            taken.append(time.perf_counter() - start)
    return [min(taken) for taken in times]


def same_reads(t: Tree, bounds: Bounds, domain: Domain) -> int:
    """The leaves today's search reads, after checking that the baseline reads the same."""
    now = optimal(t, bounds, domain=domain, trace=True)
    before = optimal_baseline.optimal(t, bounds, domain=domain, trace=True)
    if now != before:
        sys.exit(f"the optimal search and its baseline disagree ({domain}): {now} != {before}")
    return now.leaves_evaluated


def optimal_line(t: Tree, every: list[Chain], domain: Domain) -> str:
    """The optimal search's leaves per second on ``t``, against its baselines."""
    leaves = {c.leaf for c in every}

    def every_leaf(c: Chain, b: Bounds, dom: Domain) -> bool:
        return c.leaf not in leaves or necessary(c, b, dom)

    read = same_reads(t, BOUNDS, domain)
    ours, before, pure = best_seconds(
        lambda: optimal(t, BOUNDS, domain=domain),
        lambda: optimal_baseline.optimal(t, BOUNDS, domain=domain),
        lambda: with_kernel(_optimal_kernel, t, BOUNDS, domain=domain),
    )
    each, pruning = best_seconds(
        lambda: optimal_search(t, BOUNDS, domain=domain, verdict=every_leaf),
        lambda: shallow(t, BOUNDS),
    )
    kernel = "compiled kernel" if _compiled.OPTIMAL_COMPILED else "pure-Python kernel"
    line = (f"  impl.optimal, {domain}: {len(every) / ours:,.0f} leaves/s ({ours:.3f} s, "
            f"{read} read, {kernel}); before its kernel (optimal_baseline) "
            f"{len(every) / before:,.0f} leaves/s: {before / ours:.1f}x faster now")  # fmt: skip
    if _compiled.OPTIMAL_COMPILED:
        line += f"; pure-Python kernel {len(every) / pure:,.0f} leaves/s ({before / pure:.1f}x)"
    return (f"{line}\n    the reference deciding every leaf {each / ours:.1f}x slower; shallow "
            f"pruning {pruning / ours:.2f}x its time")  # fmt: skip


def search_all(
    search: Callable[..., object], ts: list[Tree], bounds: Bounds, domain: Domain
) -> None:
    for t in ts:
        search(t, bounds, domain=domain)


SERIES_DEPTHS = {2: (8, 10, 12), 3: (5, 6, 7), 4: (4, 5, 6), 5: (3, 4, 5)}
"""b -> the depths ``--series`` measures (N = 2..5 for each, as the experiment runs)."""


def series(trees: int) -> None:
    """Leaves per second of the optimal search on the experiment's trees, against the baseline."""
    kernel = "compiled" if _compiled.OPTIMAL_COMPILED else "pure Python"
    print(f"impl.optimal ({kernel} kernel) against bench/optimal_baseline.py, on {trees} trees "
          "a depth of gametree.experiments.korf_model (leaves/s: leaves of the trees over "
          "the seconds)")  # fmt: skip
    for model, (bounds, domain) in MODELS.items():
        for b, depths in SERIES_DEPTHS.items():
            for n in (2, 3, 4, 5):
                for d in depths:
                    ts = [tree((model, b, n, d, k))[0] for k in range(trees)]
                    read = sum(same_reads(t, bounds, domain) for t in ts)
                    ours, before = best_seconds(
                        partial(search_all, optimal, ts, bounds, domain),
                        partial(search_all, optimal_baseline.optimal, ts, bounds, domain),
                    )
                    leaves = trees * b**d
                    print(f"  {model} ({domain}), N = {n}, b = {b}, d = {d}: "
                          f"{leaves / ours:,.0f} leaves/s (before {leaves / before:,.0f}: "
                          f"{before / ours:.1f}x); {read / trees:,.0f} of {b**d:,} leaves read",
                          flush=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", type=int, default=20, help="leaves for z3 on the tree")
    parser.add_argument("--quick", action="store_true", help="depths 4 and 6 only")
    parser.add_argument(
        "--depths",
        type=int,
        nargs="+",
        default=[4, 6, 8, 10],
        help="of 4, 6, 8, 10 (the same trees)",
    )
    parser.add_argument("--series", action="store_true", help="the experiment's trees only")
    parser.add_argument("--trees", type=int, default=3, help="trees a depth with --series")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, {sys.platform}; seed {args.seed}; load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}")  # fmt: skip
    if args.series:
        series(args.trees)
        return
    rng = random.Random(args.seed)  # noqa: S311 - reproducible trees, no secret
    wanted = {4, 6} if args.quick else set(args.depths)
    for d in (4, 6, 8, 10):
        t = korf_tree(rng, 3, 3, d, 100)  # every tree drawn, so that each depth's is the same
        if d not in wanted:
            continue
        every = list(chains(t).values())
        print(f"\nb = 3, d = {d}: {len(every)} leaves")
        if d <= 6:
            start = time.perf_counter()
            a = analyse(t, BOUNDS)
            seconds = time.perf_counter() - start
            open_ = len(a.undecided("reals")) + len(a.undecided("integers"))
            print(f"  analyse (reals and integers, witnesses checked): {len(a.leaves)} leaves "
                  f"read by shallow, {seconds:.2f} s, {open_} undecided; unnecessary: "
                  f"{len(a.unnecessary('reals'))} (reals), {len(a.unnecessary('integers'))} "
                  "(integers)")  # fmt: skip
        for domain in DOMAINS:
            print(optimal_line(t, every, domain))
        for domain in DOMAINS:
            s, r = rate(lambda c, dom=domain: decide_chain(c, BOUNDS, dom), every)  # type: ignore[misc]
            line = f"  chain search, {domain}: {r:,.0f} leaves/s ({s:.2f} s)"
            if d <= 6:
                sample = every[:: max(1, len(every) // 100)]
                _, ours = rate(lambda c, dom=domain: decide_chain(c, BOUNDS, dom), sample)  # type: ignore[misc]
                gave_up: list[Chain] = []

                def ask_z3(c: Chain, dom: Domain = domain, out: list[Chain] = gave_up) -> None:
                    if decide_chain_smt(c, BOUNDS, dom, timeout=Z3_TIMEOUT) is None:
                        out.append(c)

                _, z3_rate = rate(ask_z3, sample)
                line += f"; z3 on the chain {z3_rate:,.0f} leaves/s ({ours / z3_rate:.0f}x slower"
                line += f", gave up on {len(gave_up)} of {len(sample)} after {Z3_TIMEOUT:.0f} s)"
                if d == 4:
                    few = every[: args.baseline]
                    _, tree_rate = rate(
                        lambda c, dom=domain, tree=t: decide(  # type: ignore[misc]
                            tree, BOUNDS, c.leaf, domain=dom, method="tree-z3", timeout=Z3_TIMEOUT
                        ),
                        few,
                    )
                    _, ours_few = rate(lambda c, dom=domain: decide_chain(c, BOUNDS, dom), few)  # type: ignore[misc]
                    line += (f"; z3 on the whole tree {tree_rate:,.1f} leaves/s "
                             f"({ours_few / tree_rate:.0f}x slower)")  # fmt: skip
            print(line)


if __name__ == "__main__":
    main()
