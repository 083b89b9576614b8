"""The spec's time and peak memory on a tree with 10^6 leaves and on a chain 100,000 deep.

    .venv/bin/python bench/spec_bench.py [--leaves-exponent 6] [--depth 100000] [--repeat 3]

Each measurement runs in a fresh subprocess, so its peak resident memory (ru_maxrss) is its
own: "build" is the peak after building the tree, "solve" the peak after also running the
definition. Times are the best of ``--repeat`` runs, wall clock, on whatever else the machine
is doing; compare figures from one run only.
"""

import argparse
import json
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from gametree.spec import Leaf, Node, Tree, as_pairs, maxn, minimax, negamax, paranoid

DEFINITIONS: dict[str, Callable[[Tree], Any]] = {
    "minimax": minimax,
    "negamax": negamax,
    "paranoid": paranoid,
    "maxn (pairs)": lambda t: maxn(as_pairs(t)),
}


def wide(exponent: int) -> Tree:
    """A uniform tree of branching 10 and depth ``exponent``, leaves in [-500, 500)."""
    level: list[Tree] = [Leaf((i * 7919) % 1000 - 500) for i in range(10**exponent)]
    for d in reversed(range(exponent)):
        level = [Node(d % 2, level[i : i + 10]) for i in range(0, len(level), 10)]
    return level[0]


def chain(depth: int) -> Tree:
    """Players alternate down one path of ``depth`` nodes, with a side leaf at every node."""
    t: Tree = Leaf(0)
    for d in reversed(range(depth)):
        t = Node(d % 2, [t, d - depth // 2])
    return t


def measure(shape: str, size: int, definition: str, repeat: int) -> dict[str, float]:
    """Run in a child process: build, then solve ``repeat`` times; report times and peaks."""
    t0 = time.perf_counter()
    tree = wide(size) if shape == "wide" else chain(size)
    build = time.perf_counter() - t0
    build_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        DEFINITIONS[definition](tree)
        times.append(time.perf_counter() - t0)
    solve_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "nodes": tree.size,
        "leaves": tree.leaf_count,
        "height": tree.height,
        "build_s": build,
        "solve_s": min(times),
        "build_peak_mb": build_rss / 1024,
        "solve_peak_mb": solve_rss / 1024,
    }


def main() -> None:
    """Print a table of figures, one row per (tree, definition)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--leaves-exponent", type=int, default=6)
    parser.add_argument("--depth", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        shape, size, definition = args.child
        print(json.dumps(measure(shape, int(size), definition, args.repeat)))
        return
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {platform.system()}"
    )
    header = f"{'tree':<28} {'definition':<13} {'nodes':>9} {'build s':>8} {'solve s':>8}"
    print(f"{header} {'peak MB (build / +solve)':>26}")
    cases = [("wide", args.leaves_exponent), ("chain", args.depth)]
    for shape, size in cases:
        name = f"10^{size} leaves, b=10" if shape == "wide" else f"chain, {size:,} deep"
        for definition in DEFINITIONS:
            child = [sys.executable, __file__, "--repeat", str(args.repeat)]
            out = subprocess.run(
                [*child, "--child", shape, str(size), definition],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            r = json.loads(out)
            peaks = f"{r['build_peak_mb']:.0f} / {r['solve_peak_mb']:.0f}"
            print(
                f"{name:<28} {definition:<13} {r['nodes']:>9,} {r['build_s']:>8.2f} "
                f"{r['solve_s']:>8.2f} {peaks:>26}",
                flush=True,
            )


if __name__ == "__main__":
    main()
