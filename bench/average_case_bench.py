"""Where the average-case experiment's time goes: the optimum's decisions, and the lazy searches.

    .venv/bin/python bench/average_case_bench.py [--seed 1] [--quick]

On trees of Korf's model (``experiments.korf_model.tree``, the experiment's own trees) for N = 3
and b = 3 (and b = 2, deeper), per depth:

- ``impl.optimal`` over the reals: the tree's leaves over its seconds (it decides every node
  below a necessary one and skips an unnecessary subtree whole), and the share of its time
  spent outside the decisions (the walk, estimated as the whole less the decisions of every
  leaf timed alone, so 0% once the skipped subtrees save more than the walk costs);
- the decisions alone, on every leaf's chain (``impl.necessity.decide_chain``; with the true
  values of the earlier leaves, where the optimum puts placeholders at the leaves it skipped,
  which gives the same verdicts and about the same work): the share of the leaves that are
  *open* (``experiments.optimum.is_open``: both values pass every ancestor, decided at once),
  the share of the decision time they take, and the mean milliseconds of a decision of either
  kind;
- the cheap searches on the same trees (shallow, last-branch, speculative) in leaves read per
  second, for scale.

Then the lazy two-player searches (``experiments.lazy``): leaves read per second by alpha-beta
and by shallow pruning on implicit trees.

Wall clock, on whatever else the machine is doing: compare figures from one run only.
"""

import argparse
import os
import platform
import sys
import time

from gametree.experiments.korf_model import tree
from gametree.experiments.lazy import alphabeta_leaves, shallow_leaves
from gametree.experiments.optimum import is_open
from gametree.impl import last_branch, optimal, shallow, speculative
from gametree.impl.necessity import Chain, chains, decide_chain
from gametree.spec import Bounds

UNIT = Bounds(0, 1 << 30)


def decisions(every: list[Chain]) -> tuple[int, float, float]:
    """(open leaves, seconds deciding the open ones, seconds deciding the others)."""
    open_count, open_s, rest_s = 0, 0.0, 0.0
    for c in every:
        start = time.perf_counter()
        decide_chain(c, UNIT, "reals", line=True)
        spent = time.perf_counter() - start
        if is_open(c, UNIT, "reals"):
            open_count, open_s = open_count + 1, open_s + spent
        else:
            rest_s += spent
    return open_count, open_s, rest_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="the smaller depths only")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, {sys.platform}; seed {args.seed}")  # fmt: skip
    plan = {3: (4, 5) if args.quick else (4, 5, 6, 7), 2: (8,) if args.quick else (8, 10)}
    print("\nN = 3, Korf's model: per tree")
    print(f"{'b':>2} {'d':>3} {'leaves':>7} {'optimal s':>9} {'decided/s':>9} {'walk':>5} "
          f"{'open':>5} {'open time':>9} {'ms open':>7} {'ms other':>8} {'shallow/s':>10} "
          f"{'last-br/s':>10} {'spec/s':>10}")  # fmt: skip
    for b, depths in plan.items():
        for d in depths:
            t, _ = tree(("korf", b, 3, d, args.seed))
            leaves = b**d
            start = time.perf_counter()
            optimal(t, UNIT)
            whole = time.perf_counter() - start
            every = list(chains(t).values())
            count, open_s, rest_s = decisions(every)
            decided = open_s + rest_s
            cheap = []
            for pruning in (shallow, last_branch, speculative):
                start = time.perf_counter()
                read = pruning(t, UNIT).leaves_evaluated
                cheap.append(read / (time.perf_counter() - start))
            print(f"{b:>2} {d:>3} {leaves:>7} {whole:>9.2f} {leaves / whole:>9,.0f} "
                  f"{max(0.0, 1 - decided / whole):>5.0%} {count / leaves:>5.0%} "
                  f"{open_s / decided:>9.0%} {1000 * open_s / max(count, 1):>7.3f} "
                  f"{1000 * rest_s / max(leaves - count, 1):>8.3f} "
                  + " ".join(f"{r:>10,.0f}" for r in cheap), flush=True)  # fmt: skip
    print("\nlazy two-player searches on implicit trees: leaves read per second")
    lazy = {"alpha-beta": alphabeta_leaves, "shallow": shallow_leaves}
    sizes = {"alpha-beta": ((2, 20), (3, 14), (5, 9)), "shallow": ((2, 16), (8, 5), (32, 4))}
    for name, cases in sizes.items():
        for b, d in cases[:2] if args.quick else cases:
            start = time.perf_counter()
            read = sum(lazy[name](key, b, d)[1] for key in range(3))
            spent = time.perf_counter() - start
            print(f"  {name:<10} b = {b:>2}, d = {d:>2}: {read / spent:>10,.0f} leaves/s "
                  f"({read / 3:,.0f} leaves a tree)")  # fmt: skip


if __name__ == "__main__":
    main()
