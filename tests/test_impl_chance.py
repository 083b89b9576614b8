"""impl's searches of trees with chance nodes against spec.expectimax: expectimax, Star1, Star2.

Star1 and Star2 (Ballard 1983) are checked with the full window (exact: the value and line of
spec.expectimax) and with every window (Knuth and Moore's property, fail-hard), on trees with
chance nodes anywhere, probabilities that are not powers of two, leaves at the bounds; each
of their cut-offs is shown on a tree where it happens, and a seeded flaw in each is caught.
"""

import importlib.util
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gametree import impl
from gametree.impl.maxn_stack import call
from gametree.impl.result import SearchResult
from gametree.impl.star import star1_chance
from gametree.spec import (
    Bounds,
    Interval,
    Leaf,
    Node,
    Scalar,
    Tree,
    TreeError,
    expectimax,
    iter_leaves,
)
from gametree.spec.strategies import chance_trees, scalar_trees

L, U = -10, 10
BOUNDS = Interval(L, U)
COIN = ["1/2", "1/2"]
STARS: dict[str, Callable[..., SearchResult[Scalar]]] = {"star1": impl.star1, "star2": impl.star2}


@given(chance_trees(grid=3) | chance_trees(players=3, bounds=Bounds(0, 9)))
def test_impl_expectimax_is_the_definition_and_reads_every_leaf(t: Tree) -> None:
    r = impl.expectimax(t, trace=True)
    s = expectimax(t)
    assert (r.value, r.principal_variation) == (s.value, s.principal_variation)
    assert r.leaves_evaluated == t.leaf_count
    assert r.nodes_visited == t.size
    assert r.trace == tuple(p for p, _ in iter_leaves(t))


@pytest.mark.slow
@pytest.mark.parametrize("name", STARS)
@settings(max_examples=300)
@given(t=chance_trees(max_depth=5, grid=3, min_value=L, max_value=U, by_depth=False))
@example(t=Node(0, [Node.chance([Node(1, [L, U]), U], ["1/3", "2/3"]), U]))
def test_with_the_full_window_star_is_expectimax(name: str, t: Tree) -> None:
    r = STARS[name](t, BOUNDS, trace=True)
    s = expectimax(t)
    assert (r.value, r.principal_variation) == (s.value, s.principal_variation)
    trace = r.trace or ()
    assert r.leaves_evaluated == len(trace) == len(set(trace)) <= t.leaf_count  # each once
    if name == "star1":
        assert list(trace) == sorted(trace)  # directional: left to right


@pytest.mark.slow
@pytest.mark.parametrize("name", STARS)
@settings(max_examples=300)
@given(
    t=chance_trees(max_depth=4, grid=2, min_value=L, max_value=U, by_depth=False),
    a=st.integers(2 * L - 2, 2 * U + 1).map(lambda x: Fraction(x, 2)),
    width=st.integers(1, 12).map(lambda x: Fraction(x, 3)),
)
def test_with_a_window_star_keeps_knuth_and_moore_s_property(
    name: str, t: Tree, a: Fraction, width: Fraction
) -> None:
    b = a + width
    v = expectimax(t).value
    r = STARS[name](t, BOUNDS, a, b).value
    assert not isinstance(v, tuple)
    if a < v < b:
        assert r == v
    elif v <= a:
        assert v <= r <= a
    else:
        assert b <= r <= v


@pytest.mark.parametrize("name", STARS)
@given(scalar_trees(max_depth=4, min_value=L, max_value=U, by_depth=False), st.integers(-3, 3))
def test_without_chance_nodes_star_is_alpha_beta_leaf_for_leaf(name: str, t: Tree, a: int) -> None:
    r = STARS[name](t, BOUNDS, a, a + 3, trace=True)
    ab = impl.alphabeta(t, a, a + 3, trace=True)
    assert (r.value, r.trace, r.nodes_visited) == (ab.value, ab.trace, ab.nodes_visited)


@given(chance_trees(max_depth=5, min_value=L, max_value=U))
def test_star1_is_directional_and_reads_no_more_than_expectimax(t: Tree) -> None:
    trace = impl.star1(t, BOUNDS, trace=True).trace or ()
    assert list(trace) == sorted(set(trace))
    assert len(trace) <= t.leaf_count


# Each cut-off, on a tree where it happens (so that the properties above are not vacuous).


def test_star1_fails_low_at_a_chance_node() -> None:
    # Max has 3 from its first child; the second is a coin whose first side shows 1: even if
    # the other side were U = 4, 1/2 + 2 = 5/2 <= 3, so it is not read (A_0 = 2).
    t = Node(0, [Node.chance([2, 4], COIN), Node.chance([1, 4], COIN)])
    r = impl.star1(t, Interval(0, 4), trace=True)
    assert (r.value, r.trace) == (3, ((0, 0), (0, 1), (1, 0)))
    assert impl.expectimax(t).leaves_evaluated == 4


def test_star1_fails_high_at_a_chance_node() -> None:
    # Min has 1 from its first child; the second chance node's first outcome (probability
    # 2/3) shows 3: even if the rest were L = 0, 2 >= 1, so its second outcome is not read.
    t = Node(1, [1, Node.chance([3, 0], ["2/3", "1/3"])])
    r = impl.star1(t, Interval(0, 4), trace=True)
    assert (r.value, r.trace) == (1, ((0,), (1, 0)))


def test_a_chance_node_whose_window_lies_beyond_the_bounds_reads_nothing() -> None:
    # Max has U = 4 already, so no chance node after it can beat it.
    t = Node(0, [4, Node.chance([4, 4], COIN)])
    for star in STARS.values():
        r = star(t, Interval(0, 4), trace=True)
        assert (r.value, r.trace) == (4, ((0,),))


def test_star2_probes_and_fails_high_in_the_probing_phase() -> None:
    # Min has 1. Star2 probes the coin's two Max children: the first child of the first shows
    # 1, of the second 4, lower bounds on each, so the coin is worth at least 5/2 >= 1 and
    # fails high after three leaves. Star1 searches the first Max child in full (both its
    # leaves) before the second fails high: four.
    t = Node(1, [1, Node.chance([Node(0, [1, 1]), Node(0, [4, 0])], COIN)])
    r2 = impl.star2(t, Interval(0, 4), trace=True)
    r1 = impl.star1(t, Interval(0, 4), trace=True)
    assert (r2.value, r2.trace) == (1, ((0,), (1, 0, 0), (1, 1, 0)))
    assert (r1.value, r1.trace) == (1, ((0,), (1, 0, 0), (1, 0, 1), (1, 1, 0)))


def test_star2_searches_a_probed_child_on_from_its_second_child() -> None:
    # The probes read (0, 0) and (1, 0); the search phase keeps their replies and reads the
    # second children only.
    t = Node.chance([Node(0, [1, 3]), Node(0, [2, 0])], COIN)
    r = impl.star2(t, Interval(0, 4), trace=True)
    assert r.value == Fraction(5, 2)
    assert r.trace == ((0, 0), (1, 0), (0, 1), (1, 1))
    assert r.principal_variation == expectimax(t).principal_variation


def test_star2_keeps_the_line_a_probe_found() -> None:
    # Each Max child's first child is its best: the lines come from the probes, not from a
    # second read, and the second Max child's kept 4 is U, so its 0 is never read.
    t = Node(0, [Node.chance([Node(0, [3, 1]), Node(0, [4, 0])], COIN), 0])
    r = impl.star2(t, Interval(0, 4), trace=True, events=True)
    s = expectimax(t)
    assert (r.value, r.principal_variation) == (s.value, s.principal_variation)
    assert r.trace == ((0, 0, 0), (0, 1, 0), (0, 0, 1), (1,))
    bests = [(e["path"], e["child"]) for e in r.events or () if e["type"] == "best"]
    assert ([0, 0], 0) in bests
    assert ([0, 1], 0) in bests


@pytest.mark.parametrize("name", STARS)
def test_a_leaf_outside_the_bounds_is_an_error_naming_it(name: str) -> None:
    t = Node(0, [Node.chance([1, 11], COIN), 2])
    with pytest.raises(TreeError, match=r"outside the leaf bounds \[-10, 10\]") as caught:
        STARS[name](t, BOUNDS)
    assert caught.value.path == (0, 1)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: impl.star1(Node(0, [(1, 2, 3)]), BOUNDS), "scalar values"),
        (lambda: impl.star1(Node(0, [1]), cast("Any", Bounds(0, 9))), "needs leaf bounds"),
        (lambda: impl.star1(Node(0, [1]), BOUNDS, 2, 2), "alpha < beta"),
        (lambda: Interval(2, 1), "lower < upper"),
    ],
)
def test_bad_arguments_are_clear_errors(call: Callable[[], object], message: str) -> None:
    with pytest.raises((TreeError, ValueError, TypeError), match=message):
        call()


# Seeded flaws: the properties above catch each.


def _flawed_star1(flaw: str) -> Callable[..., Any]:
    """star1_chance with one line changed, as the catalogue's bugs change it."""
    from gametree.impl import star

    def chance(node: Node, alpha: Any, beta: Any, lower: Scalar, upper: Scalar) -> Any:
        ps = node.probabilities
        assert ps is not None
        total: Any = 0
        left = Fraction(1)
        for i, p in enumerate(ps):
            left -= p
            mass = left - p if flaw == "mass" else left  # p_i taken off twice
            a = (alpha - total - mass * upper) / p
            b = (beta - total - mass * lower) / p
            v = yield call(i, max(a, lower), min(b, upper))
            if v.score <= a:
                return star._bound(alpha)
            if v.score >= b:
                return star._bound(beta)
            total += p * v.score
        return star._bound(total)

    return chance


def test_a_seeded_flaw_in_the_mass_left_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from gametree.impl import star

    t = Node(0, [Node.chance([2, 4], COIN), Node.chance([3, 4], COIN)])
    assert impl.star1(t, Interval(0, 4)).value == expectimax(t).value
    monkeypatch.setattr(star, "star1_chance", _flawed_star1("mass"))
    assert impl.star1(t, Interval(0, 4)).value != expectimax(t).value


def test_star1_chance_is_what_star1_runs() -> None:
    """The seeded flaw above replaces the function star1 really calls."""
    from gametree.impl import star

    assert star.star1_chance is star1_chance
    t = Node.chance([Leaf(1), Leaf(3)], COIN)
    assert impl.star1(t, Interval(0, 4)).value == 2


def test_the_docs_table_of_leaves_is_the_bench_scripts() -> None:
    """docs/chance.md's first rows are what bench/chance_bench.py prints for them now."""
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("chance_bench", root / "bench/chance_bench.py")
    assert spec is not None
    assert spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    doc = (root / "docs/chance.md").read_text(encoding="utf-8")
    table = doc.split("chance_bench.py --markdown -->\n", 1)[1].split("<!-- end", 1)[0]
    want = ["| " + " | ".join(row) + " |" for row in bench.rows(bench.SHAPES[:2], 20)]
    assert table.splitlines()[2:6] == want
