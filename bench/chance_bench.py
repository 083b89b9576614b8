"""Leaves read by Star1 and Star2 against expectimax, on Ballard's regular trees.

    .venv/bin/python bench/chance_bench.py [--trees 20] [--quick] [--markdown]

Ballard (1983) and Hauk, Buro and Schaeffer (2004) measure Star1 and Star2 on *regular*
trees: Max, chance, Min, chance, ... each player's node with b moves, each chance node with c
outcomes. Here c equally likely outcomes (Ballard's random trees), or c = 21, the rolls of
two dice (Hauk et al.'s backgammon: six doubles at 1/36, fifteen others at 1/18); leaves
uniform in 0..100 with bounds [L, U] = [0, 100]. The players' children come in random order,
or best first (Ballard's best ordering, ``chance_cases.best_first``: a probe, a child's first
child, is then the child's value). For each (b, c, d), d the number of player plies (a
chance level below each), and each ordering, the totals over ``--trees`` seeded trees: the
leaves read by expectimax (every leaf), by Star1 and by Star2, and each one's share of
expectimax's. Every value is checked against spec.expectimax; Star2 reads each leaf at most
once (its search phase keeps what its probes read).

Ballard reports Star1 25 to 30 percent below a full search on random trees, and Star2 more
than 50 percent below with random ordering and an order of magnitude below with the best.
"""

import argparse
import random
from fractions import Fraction

from gametree import impl
from gametree.conform.chance_cases import best_first, regular_tree, two_dice
from gametree.spec import Interval, Tree, expectimax

DICE = two_dice()
SHAPES = [(2, 2, 2), (2, 2, 3), (2, 2, 4), (3, 3, 2), (3, 3, 3), (4, 4, 2), (4, 4, 3),
          (5, 6, 2), (3, 21, 1), (3, 21, 2), (6, 21, 2)]  # fmt: skip
QUICK = [(2, 2, 2), (2, 2, 3), (3, 3, 2), (3, 21, 1)]
ORDERS = ("random", "best first")
BOUNDS = Interval(0, 100)


def tree(b: int, c: int, plies: int, seed: int, order: str) -> Tree:
    """The ``seed``-th regular tree of the shape, in ``order``."""
    rng = random.Random(f"{b}-{c}-{plies}-{seed}")  # noqa: S311 - test trees
    outcomes = DICE if c == len(DICE) else (Fraction(1, c),) * c
    t = regular_tree(rng, 2 * plies, b, c, values=100, outcomes=outcomes)
    return best_first(t) if order == "best first" else t


def measure(b: int, c: int, plies: int, trees: int, order: str) -> tuple[int, int, int]:
    """Leaves read by expectimax, Star1 and Star2 over ``trees`` trees."""
    full = one = two = 0
    for seed in range(trees):
        t = tree(b, c, plies, seed, order)
        v = expectimax(t).value
        r1, r2 = impl.star1(t, BOUNDS), impl.star2(t, BOUNDS, trace=True)
        assert r1.value == v == r2.value, (b, c, plies, seed, order)
        assert len(set(r2.trace or ())) == r2.leaves_evaluated, "Star2 read a leaf twice"
        full += t.leaf_count
        one += r1.leaves_evaluated
        two += r2.leaves_evaluated
    return full, one, two


def rows(shapes: list[tuple[int, int, int]], trees: int) -> list[list[str]]:
    """One row per shape and ordering: b, c, d, ordering, and the three counts with shares."""
    out = []
    for b, c, plies in shapes:
        for order in ORDERS:
            full, one, two = measure(b, c, plies, trees, order)
            cells = [f"{x} ({round(100 * Fraction(x, full))}%)" for x in (one, two)]
            out.append([str(b), "21 dice" if c == len(DICE) else str(c), str(plies), order,
                        str(full), *cells])  # fmt: skip
    return out


HEADER = ["b", "c", "d", "ordering", "expectimax", "Star1", "Star2"]


def main() -> None:
    """Print the table, as text or (``--markdown``) as docs/chance.md has it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--trees", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="four small shapes, 5 trees")
    parser.add_argument("--markdown", action="store_true", help="a markdown table")
    args = parser.parse_args()
    shapes, trees = (QUICK, 5) if args.quick else (SHAPES, args.trees)
    table = rows(shapes, trees)
    if args.markdown:
        print("| " + " | ".join(HEADER) + " |")
        print("|" + " --- |" * len(HEADER))
        for row in table:
            print("| " + " | ".join(row) + " |")
        return
    print(f"{trees} trees each; leaves read, and the share of expectimax's")
    widths = [3, 8, 3, 11, 11, 14, 14]
    for row in [HEADER, *table]:
        print(" ".join(f"{x:>{w}}" for x, w in zip(row, widths, strict=True)))


if __name__ == "__main__":
    main()
