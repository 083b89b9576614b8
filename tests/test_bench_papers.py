"""The bench scripts' side of the published tables: Ballard's trees and figures, Wilson's interval.

bench/chance_bench.py rebuilds Ballard's (1983) *-complete trees and prints his Tables 1 to 4
and 6 beside our counts; bench/best_reply_bench.py prints Nijssen's (2013) Table 4.2 beside
our three-way matches. The best-ordered counts are exact, so they are checked against the
paper here; the docs' tables are checked against the scripts.
"""

import importlib.util
import math
import random
from pathlib import Path
from types import ModuleType

import pytest

from gametree import impl
from gametree.spec import Leaf, Node, expectimax

ROOT = Path(__file__).resolve().parents[1]


def _bench(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


chance = _bench("chance_bench")
best_reply = _bench("best_reply_bench")


def _leaves(t: object) -> list[int]:
    if isinstance(t, Leaf):
        assert isinstance(t.value, int)
        return [t.value]
    assert isinstance(t, Node)
    return [v for c in t.children for v in _leaves(c)]


@pytest.mark.parametrize("n", [2, 4, 6])
def test_a_star_complete_tree_is_ballards(n: int) -> None:
    """n ** 3 leaves, each a sum of arcs; any order of the arcs gives the same leaves and value 0.

    Ballard (section 6.1) arranges the best chance node below the root to be worth 0; every
    chance node is worth its Max arc (its arcs average 0, each Min node's least arc is 0).
    """
    best = chance.star_complete(n, 3)
    shuffled = chance.star_complete(n, 3, random.Random(n))
    bounds = chance.star_bounds(n, 3)
    assert bounds.upper == 3 * n // 2 - 1 == -bounds.lower  # Ballard's U, and L = -U
    assert len(_leaves(best)) == n**3
    assert sorted(_leaves(best)) == sorted(_leaves(shuffled))
    assert _leaves(best) != _leaves(shuffled)
    assert expectimax(best).value == expectimax(shuffled).value == 0
    assert max(_leaves(best)) == bounds.upper
    assert min(_leaves(best)) == bounds.lower


@pytest.mark.parametrize("n", [2, 4, 6, 8, 10])
def test_star1_and_star2_best_ordered_read_what_ballards_tables_1_and_2_say(n: int) -> None:
    """impl.star1 and impl.star2 read exactly Ballard's best-case leaves (Tables 1 and 2)."""
    one, two, tables, _ = chance.ballard_counts(n, 3, 0)
    assert str(one) == chance.TWO_PLY["Star1 best"][n][0]
    assert str(two) == chance.TWO_PLY["Star2 best"][n][0]
    assert tables == two  # best ordered, every cut-off comes in a probing phase
    if n > 2:
        assert two < one  # the two tables differ: the check tells Star2 from Star1


@pytest.mark.parametrize(("n", "depth"), [(4, 4), (4, 5), (4, 6), (6, 4), (6, 5)])
def test_star1_best_ordered_in_deeper_trees_reads_ballards_table_6(n: int, depth: int) -> None:
    """Ballard's Table 6, Star1 best case, in percent of the leaves, in deeper trees."""
    one, *_ = chance.ballard_counts(n, depth, 0)
    assert round(100 * one / n**depth) == chance.DEEP[n, depth][0]


def test_read_again_counts_what_ballards_star2_reads_twice() -> None:
    """Best ordered, N = 4: only the root's first chance node is searched after its probes.

    Its four Min children, probed, are searched again; Ballard's Table 6 counts their first
    leaves twice (25 + 4 = 29, his 45 percent of 64), his Table 2 does not (25).
    """
    t = chance.star_complete(4, 3)
    r = impl.star2(t, chance.star_bounds(4, 3), trace=True, events=True)
    assert r.leaves_evaluated == 25
    assert chance.read_again(r, leftmost=False) == 0
    assert chance.read_again(r, leftmost=True) == 4
    assert round(100 * 29 / 64) == chance.DEEP[4, 3][2]


def test_docs_ballard_table_has_the_scripts_best_rows() -> None:
    """docs/chance.md's table of Ballard's trees: its best-ordered rows are the script's now."""
    doc = (ROOT / "docs/chance.md").read_text(encoding="utf-8")
    table = doc.split("chance_bench.py --table ballard --markdown -->\n", 1)[1]
    rows = [r for r in table.split("<!-- end", 1)[0].splitlines() if "| best |" in r]
    want = ["| " + " | ".join(row) + " |" for row in chance.ballard_rows([2, 4, 6, 8], {})]
    assert rows[:4] == want


def test_wilson_interval_is_where_the_score_test_just_rejects() -> None:
    """Each end p0 of Wilson's interval solves (p - p0)^2 n = z^2 p0 (1 - p0), and holds p."""
    z = 1.96
    for points, n in [(7, 12), (5.5, 12), (1, 60), (59, 60)]:
        p = points / n
        lo, hi = best_reply.wilson(points, n)
        assert lo < p < hi
        for p0 in (lo, hi):
            assert math.isclose((p - p0) ** 2 * n, z * z * p0 * (1 - p0), rel_tol=1e-9)
    assert best_reply.wilson(0, 12)[0] == 0
    assert best_reply.wilson(12, 12)[1] == 1


def test_docs_three_way_table_quotes_nijssens_rows_as_the_script_does() -> None:
    """docs/best-reply.md's three-way table holds the script's rows of Nijssen's Table 4.2."""
    doc = (ROOT / "docs/best-reply.md").read_text(encoding="utf-8")
    table = doc.split("--table three-way", 1)[1].split("<!-- end", 1)[0]
    for label in best_reply.NIJSSEN:
        for line in best_reply.nijssen_rows(label):
            assert line in table.splitlines()


def test_all_seatings_plays_every_order_and_shares_each_games_point() -> None:
    """Six seatings an opening, one point a game (shared on a tie), whatever order names them.

    Every order of the three is played, so naming them in another order changes nothing. At
    depth 2 the three play differently here, and the rotations of one order alone (three
    seatings) score maxn 1.5 or 2 as the order is named.
    """
    from gametree.games import Othello

    game = Othello(players=3, size=6)
    points, games = best_reply.all_seatings(game, ("maxn", "paranoid", "brs"), 2, 1)
    assert games == 6
    assert set(points) == {"maxn", "paranoid", "brs"}
    assert math.isclose(sum(points.values()), 6)
    assert len(set(points.values())) > 1
    assert best_reply.all_seatings(game, ("brs", "paranoid", "maxn"), 2, 1) == (points, 6)


def test_every_seating_is_nijssens_count() -> None:
    """Three searches over three seats: 6 seatings; over four: 36 (Nijssen's Table 4.1)."""
    trio = ("maxn", "paranoid", "brs")
    for players, count in ((3, 6), (4, 36)):
        seatings = best_reply.every_seating(trio, players)
        assert len(seatings) == len(set(seatings)) == count
        assert all(set(s) == set(trio) and len(s) == players for s in seatings)
