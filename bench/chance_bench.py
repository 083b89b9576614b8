"""Leaves read by Star1 and Star2 against expectimax, on Ballard's regular trees.

    .venv/bin/python bench/chance_bench.py [--trees 20] [--quick] [--markdown]
        [--table regular|ballard|deep]

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

With ``--table ballard`` and ``--table deep``, Ballard's own experiment instead (Ballard 1983,
section 6): his *-complete N-ary trees (:func:`star_complete`), where a leaf is worth the sum
of the arcs above it, searched by Star1 and Star2 best ordered and in random order, beside the
figures of his Tables 1 to 4 (two-ply trees) and 6 (deeper ones). Ballard's Star2 searches a
probed Min child again from its first child, so he counts a probe's leaves twice when the
search phase follows (section 6.2.1); ``impl.star2`` keeps the probe's reply, so its count is
given both ways (:func:`read_again`).
"""

import argparse
import random
from fractions import Fraction

from gametree import impl
from gametree.conform.chance_cases import best_first, regular_tree, two_dice
from gametree.impl.result import SearchResult
from gametree.spec import CHANCE, Interval, Leaf, Node, Scalar, Tree, expectimax

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

LEVELS = (0, CHANCE, 1, CHANCE)
"""The levels of Ballard's trees from the root down: Max, chance, Min, chance, Max, ..."""

TWO_PLY = {  # Ballard 1983, Tables 1 to 4: leaves read of a *-complete 2-ply tree's N ** 3
    "Star1 best": {2: ("5", "62.5"), 4: ("40", "62.5"), 6: ("138", "63.9"), 8: ("336", "65.6"),
                   10: ("670", "67.0"), 20: ("5560", "69.5"), 30: ("18990", "70.3"),
                   40: ("45320", "70.8")},
    "Star2 best": {2: ("5", "62.5"), 4: ("25", "39.1"), 6: ("58", "26.9"), 8: ("105", "20.5"),
                   10: ("166", "16.6"), 20: ("677", "8.5"), 30: ("1532", "5.7"),
                   40: ("2732", "4.3")},
    "Star1 average": {2: ("7.1", "88.8"), 4: ("53.9", "84.1"), 6: ("178", "82.5"),
                      8: ("418", "81.6"), 10: ("810", "81.1"), 20: ("6389", "79.9"),
                      30: ("21382", "79.2"), 40: ("50425", "78.8")},
    "Star2 average": {4: ("48", "75.4"), 6: ("139", "64.5"), 8: ("293", "57.3"),
                      10: ("531", "53.1"), 20: ("3341", "41.8"), 30: ("10109", "37.4"),
                      40: ("22390", "35.0")},
}  # fmt: skip
TABLE_OF = {"Star1 best": 1, "Star2 best": 2, "Star1 average": 3, "Star2 average": 4}
TWO_PLY_TREES = {2: 1000, 4: 1000, 6: 1000, 8: 1000, 10: 1000, 20: 100}
"""Random trees per N (Ballard: 1000 each); best ordered, one tree, N = 30 and 40 too."""

DEEP = {  # Ballard 1983, Table 6, in percent: Star1 best, average, Star2 best, average
    (4, 3): (62, 84, 45, 87), (4, 4): (58, 81, 38, 75), (4, 5): (55, 77, 38, 64),
    (4, 6): (56, 77, 32, 40), (4, 7): (54, None, 28, None),
    (6, 3): (64, 82, 30, 71), (6, 4): (56, 77, 24, 61), (6, 5): (56, 74, 21, 38),
    (6, 6): (55, 73, 17, 25), (6, 7): (53, None, 11, None),
    (10, 3): (67, 81, 18, 57), (10, 4): (55, 73, 14, 46), (10, 5): (58, 73, 11, 22),
    (10, 6): (54, None, 8, 12), (10, 7): (56, None, 4, None),
    (20, 3): (70, 80, 9, 44), (20, 4): (55, 70, 7, 32), (20, 5): (60, None, 5, 12),
    (20, 6): (55, None, 3, None),
}  # fmt: skip
DEEP_ROWS = {(4, 3): 100, (4, 4): 100, (4, 5): 100, (4, 6): 100, (4, 7): 0,
             (6, 3): 100, (6, 4): 100, (6, 5): 100, (6, 6): 0,
             (10, 3): 100, (10, 4): 100, (10, 5): 0, (20, 3): 100, (20, 4): 0}  # fmt: skip
"""The rows of Table 6 run here, and their random trees (0: best ordered only)."""


def arcs(level: int, n: int) -> list[int]:
    """The values of a node's n arcs at ``level``, best ordered (Ballard 1983, section 6).

    Max's arcs are 0, -1, ..., -(n-1) and Min's 0, 1, ..., n-1, each player's best first; a
    chance node's are -n/2, ..., -1, 1, ..., n/2 (n even), worst first for the player above
    it, where its cut-off comes soonest: lowest first below Max, highest first below Min.
    """
    kind = LEVELS[level % 4]
    if kind == 0:
        return [-i for i in range(n)]
    if kind == 1:
        return list(range(n))
    half = [*range(-(n // 2), 0), *range(1, n // 2 + 1)]
    return half if LEVELS[(level - 1) % 4] == 0 else half[::-1]


def star_complete(n: int, depth: int, rng: random.Random | None = None) -> Tree:
    """Ballard's *-complete n-ary tree of ``depth`` levels, from a Max node (Ballard 1983, 6).

    Every node has n children, a chance node's equally likely, and a leaf is worth the sum of
    the arcs on its path (:func:`arcs`), which makes sibling subtrees alike, as in games.
    Best ordered, or with ``rng`` each node's arcs in a random order, all n! equally likely
    (his average case). Depth 3 is his 2-ply tree: Max, chance, Min, n ** 3 leaves.
    """
    assert n % 2 == 0
    assert depth >= 1

    def level(d: int, value: int) -> Tree:
        if d == depth:
            return Leaf(value)
        a = arcs(d, n)
        if rng is not None:
            rng.shuffle(a)
        kids = [level(d + 1, value + x) for x in a]
        kind = LEVELS[d % 4]
        return Node.chance(kids, [Fraction(1, n)] * n) if kind == CHANCE else Node(kind, kids)

    return level(0, 0)


def star_bounds(n: int, depth: int) -> Interval:
    """[L, U] of a *-complete tree: the least and the greatest sum of arcs down to a leaf."""
    levels = [arcs(d, n) for d in range(depth)]
    return Interval(sum(min(a) for a in levels), sum(max(a) for a in levels))


def read_again(r: SearchResult[Scalar], *, leftmost: bool) -> int:
    """The leaves Ballard's Star2 reads again where ``impl.star2`` kept a probe's reply.

    Each probed child searched in Star2's search phase is searched by Ballard from its first
    child, whose leaves the probe read. ``leftmost``: count the root's first child's too; his
    Tables 3 and 4 search that child without probing (section 6.2.1), while the depth-3 rows
    of his Table 6 count its probes twice as well.
    """
    assert r.events is not None
    assert r.trace is not None
    again = {(*e["path"], 0) for e in r.events
             if e["type"] == "search" and e.get("kind") == "search"
             and (leftmost or e["path"][:1] != [0])}  # fmt: skip
    return sum(any(p[:k] in again for k in range(2, len(p) + 1)) for p in r.trace)


def ballard_counts(n: int, depth: int, trees: int) -> tuple[int, int, int, int]:
    """Leaves read over ``trees`` random *-complete trees (0: the best ordered one).

    Star1's, Star2's, and Star2's counted as Ballard's Tables 3 and 4 and as his Table 6 count
    it (:func:`read_again`). Each value is checked against ``spec.expectimax``.
    """
    bounds = star_bounds(n, depth)
    one = two = tables = six = 0
    for seed in range(max(trees, 1)):
        t = star_complete(n, depth, random.Random(f"{n}-{depth}-{seed}") if trees else None)  # noqa: S311 - test trees
        r1 = impl.star1(t, bounds)
        r2 = impl.star2(t, bounds, trace=True, events=True)
        assert r1.value == expectimax(t).value == r2.value, (n, depth, seed)
        one += r1.leaves_evaluated
        two += r2.leaves_evaluated
        tables += r2.leaves_evaluated + read_again(r2, leftmost=False)
        six += r2.leaves_evaluated + read_again(r2, leftmost=True)
    return one, two, tables, six


def _mean(total: int, trees: int, leaves: int) -> str:
    """A count (of one tree), or a mean per tree, and its share of the tree's leaves."""
    m = Fraction(total, max(trees, 1))
    shown = f"{float(m):.1f}" if trees else str(m)
    return f"{shown} ({float(100 * m / leaves):.1f}%)"


def _published(case: str, n: int) -> str:
    if n not in TWO_PLY[case]:
        return "—"
    number, percent = TWO_PLY[case][n]
    return f"{number} ({percent}%), T{TABLE_OF[case]}"


def ballard_rows(ns: list[int], trees: dict[int, int]) -> list[list[str]]:
    """Ballard's two-ply rows: per N, best ordered and (for N in ``trees``) random."""
    out = []
    for n in ns:
        for case, k in (("best", 0), ("average", trees.get(n, 0))):
            if case == "average" and not k:
                continue
            one, two, tables, _ = ballard_counts(n, 3, k)
            leaves = n**3
            out.append([str(n), case if k == 0 else f"average of {k}",
                        _mean(one, k, leaves), _published(f"Star1 {case}", n),
                        _mean(two, k, leaves), _mean(tables, k, leaves),
                        _published(f"Star2 {case}", n)])  # fmt: skip
    return out


BALLARD_HEADER = ["N", "trees", "Star1", "Ballard", "Star2", "Star2, probes read twice",
                  "Ballard"]  # fmt: skip


def _percent(total: int, trees: int, leaves: int) -> str:
    return str(round(100 * Fraction(total, max(trees, 1) * leaves)))


def deep_rows(rows: dict[tuple[int, int], int]) -> list[list[str]]:
    """Ballard's Table 6 beside ours, in percent of the leaves: best ordered and random."""
    out = []
    for (n, depth), k in rows.items():
        s1b, s1a, s2b, s2a = (str(x) if x is not None else "—" for x in DEEP[n, depth])
        leaves = n**depth
        one, two, _, six = ballard_counts(n, depth, 0)
        best = [_percent(one, 0, leaves), s1b, _percent(two, 0, leaves), _percent(six, 0, leaves)]
        average = ["—", "—", "—"]
        if k:
            one, two, _, six = ballard_counts(n, depth, k)
            average = [_percent(x, k, leaves) for x in (one, two, six)]
        out.append([str(n), str(depth), *best[:2], average[0], s1a, *best[2:], s2b,
                    *average[1:], s2a])  # fmt: skip
    return out


DEEP_HEADER = ["b", "depth", "Star1 best", "T6", "Star1 average", "T6", "Star2 best", "twice",
               "T6", "Star2 average", "twice", "T6"]  # fmt: skip


def markdown(header: list[str], table: list[list[str]]) -> None:
    """Print ``table`` as a markdown table under ``header``."""
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for row in table:
        print("| " + " | ".join(row) + " |")


def main() -> None:
    """Print a table, as text or (``--markdown``) as docs/chance.md has it."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--trees", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="four small shapes, 5 trees")
    parser.add_argument("--markdown", action="store_true", help="a markdown table")
    parser.add_argument("--table", choices=("regular", "ballard", "deep"), default="regular",
                        help="regular trees (default), or Ballard's Tables 1-4 or 6")  # fmt: skip
    args = parser.parse_args()
    if args.table == "ballard":
        quick = {2: 20, 4: 20}
        ns = [2, 4] if args.quick else [2, 4, 6, 8, 10, 20, 30, 40]
        header, table = BALLARD_HEADER, ballard_rows(ns, quick if args.quick else TWO_PLY_TREES)
    elif args.table == "deep":
        deep = {(4, 3): 10, (4, 4): 10} if args.quick else DEEP_ROWS
        header, table = DEEP_HEADER, deep_rows(deep)
    else:
        shapes, trees = (QUICK, 5) if args.quick else (SHAPES, args.trees)
        header, table = HEADER, rows(shapes, trees)
    if args.markdown:
        markdown(header, table)
        return
    if args.table == "regular":
        print(f"{trees} trees each; leaves read, and the share of expectimax's")
    widths = [max(len(r[i]) for r in [header, *table]) for i in range(len(header))]
    for row in [header, *table]:
        print(" ".join(f"{x:>{w}}" for x, w in zip(row, widths, strict=True)))


if __name__ == "__main__":
    main()
