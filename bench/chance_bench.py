"""Leaves read by Star1 and Star2 against expectimax, on Ballard's regular trees.

    .venv/bin/python bench/chance_bench.py [--trees 20] [--quick]

Ballard (1983) and Hauk, Buro and Schaeffer (2004) measure Star1 and Star2 on *regular*
trees: Max, chance, Min, chance, ... each player's node with b moves, each chance node with c
equally likely outcomes (Ballard's random trees; Hauk et al.'s dice are c = 21 outcomes of two
probabilities), leaves uniform in 0..100 with bounds [L, U] = [0, 100], children in random
order. For each (b, c, d), d the number of player plies (a chance level below each), the
totals over ``--trees`` seeded trees: leaves read by expectimax (every leaf), by Star1 and by
Star2 (a leaf of a probed child's first subtree counted again when the search phase reads it
again), the distinct leaves Star2 reads (what it reads with the probes' results kept, as
Hauk et al.'s transposition table keeps them), and each one's share of expectimax's. Every
value is checked against spec.expectimax.

Ballard reports Star1 25 to 30 percent below a full search on random trees, and Star2 more
than 50 percent below with random ordering.
"""

import argparse
import random
from fractions import Fraction

from gametree import impl
from gametree.conform.chance_cases import regular_tree
from gametree.spec import Interval, expectimax

SHAPES = [(2, 2, 2), (2, 2, 3), (2, 2, 4), (3, 3, 2), (3, 3, 3), (4, 4, 2), (4, 4, 3),
          (5, 6, 2), (3, 21, 2)]  # fmt: skip
QUICK = [(2, 2, 2), (2, 2, 3), (3, 3, 2), (3, 21, 1)]
BOUNDS = Interval(0, 100)


def measure(b: int, c: int, plies: int, trees: int) -> tuple[int, int, int, int]:
    """Leaves read by expectimax, Star1, Star2, and Star2's distinct leaves, over ``trees``."""
    full = one = two = distinct = 0
    for seed in range(trees):
        rng = random.Random(f"{b}-{c}-{plies}-{seed}")  # noqa: S311 - test trees
        t = regular_tree(rng, 2 * plies, b, c, values=100, equal=True)
        v = expectimax(t).value
        r1, r2 = impl.star1(t, BOUNDS), impl.star2(t, BOUNDS, trace=True)
        assert r1.value == v == r2.value, (b, c, plies, seed)
        full += t.leaf_count
        one += r1.leaves_evaluated
        two += r2.leaves_evaluated
        distinct += len(set(r2.trace or ()))
    return full, one, two, distinct


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--trees", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="four small shapes, 5 trees")
    args = parser.parse_args()
    shapes, trees = (QUICK, 5) if args.quick else (SHAPES, args.trees)
    print(f"{trees} trees each; leaves read, and the share of expectimax's")
    names = ["b", "c", "d", "expectimax", "Star1", "%", "Star2", "%", "distinct", "%"]
    widths = [3, 3, 3, 11, 9, 5, 9, 5, 9, 5]
    print(" ".join(f"{name:>{width}}" for name, width in zip(names, widths, strict=True)))
    for b, c, plies in shapes:
        full, *counts = measure(b, c, plies, trees)
        cells = [f"{x:>9} {round(100 * Fraction(x, full)):>5}" for x in counts]
        print(f"{b:>3} {c:>3} {plies:>3} {full:>11}", *cells)


if __name__ == "__main__":
    main()
