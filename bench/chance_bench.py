"""Leaves read by Star1 and Star2 against expectimax, on Ballard's regular trees.

    .venv/bin/python bench/chance_bench.py [--trees 20] [--quick]

Ballard (1983) and Hauk, Buro and Schaeffer (2004) measure Star1 and Star2 on *regular*
trees: Max, chance, Min, chance, ... each player's node with b moves, each chance node with c
equally likely outcomes (Ballard's random trees; Hauk et al.'s dice are c = 21 outcomes of two
probabilities), leaves uniform in 0..100 with bounds [L, U] = [0, 100], children in random
order. For each (b, c, d), d the number of player plies (a chance level below each), the
totals over ``--trees`` seeded trees: leaves read by expectimax (every leaf), by Star1 and by
Star2 (a probed child's first leaf counted again in the search), and each one's share of
expectimax's. Every value is checked against spec.expectimax.

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


def measure(b: int, c: int, plies: int, trees: int) -> tuple[int, int, int]:
    """Leaves read by expectimax, Star1 and Star2 over ``trees`` seeded regular trees."""
    full = one = two = 0
    for seed in range(trees):
        rng = random.Random(f"{b}-{c}-{plies}-{seed}")  # noqa: S311 - test trees
        t = regular_tree(rng, 2 * plies, b, c, values=100, equal=True)
        v = expectimax(t).value
        r1, r2 = impl.star1(t, BOUNDS), impl.star2(t, BOUNDS)
        assert r1.value == v == r2.value, (b, c, plies, seed)
        full += t.leaf_count
        one += r1.leaves_evaluated
        two += r2.leaves_evaluated
    return full, one, two


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--trees", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="four small shapes, 5 trees")
    args = parser.parse_args()
    shapes, trees = (QUICK, 5) if args.quick else (SHAPES, args.trees)
    print(f"{trees} trees each; leaves read, and the share of expectimax's")
    print(f"{'b':>3} {'c':>3} {'d':>3} {'expectimax':>11} {'Star1':>9} {'%':>5} {'Star2':>9} {'%':>5}")
    for b, c, plies in shapes:
        full, one, two = measure(b, c, plies, trees)
        p1, p2 = (round(100 * Fraction(x, full)) for x in (one, two))
        print(f"{b:>3} {c:>3} {plies:>3} {full:>11} {one:>9} {p1:>5} {two:>9} {p2:>5}")


if __name__ == "__main__":
    main()
