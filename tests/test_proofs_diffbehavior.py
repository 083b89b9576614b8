"""CrossHair ``diffbehavior`` (proofs.diffbehavior): it reports a pair that differs, and not one
that agrees; what it reports is replayed here.

Each CrossHair run has explicit limits (``--per_condition_timeout`` and a subprocess timeout);
the runs here take about 20 s together on 2 shared cores. Whether a run exhausts its paths
depends on the machine, so an agreeing pair may be "same on every path" or "no difference",
never "different" or "did not run".
"""

from collections.abc import Iterator
from itertools import islice

import pytest

from gametree.proofs.machinery._diff_targets import SEARCHES
from gametree.proofs.machinery._methods import scalar_trees_of, vector_trees_of, vectors_within
from gametree.proofs.machinery.diffbehavior import (
    PAIRS,
    Pair,
    crosshair_diffbehavior,
    diffbehavior_result,
    parse_tree,
    replay,
)
from gametree.proofs.machinery.result import Budget, Scope, Shard
from gametree.proofs.machinery.runner import disagreements
from gametree.proofs.machinery.shapes import all_shapes, parse
from gametree.spec import Bounds, Leaf, Node, Tree, minimax

AGREE = ("same on every path", "no difference")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("pair", "shape"),
    [
        (Pair("impl.alphabeta", "spec.minimax"), "[[*, *], *]"),
        (Pair("impl.maxn", "spec.maxn", "vectors", 3), "[*, [*, *]]"),
    ],
)
def test_crosshair_finds_no_difference_between_impl_and_spec(pair: Pair, shape: str) -> None:
    v = crosshair_diffbehavior(pair, parse(shape), per_condition=15, limit=60)
    assert v.status in AGREE, v
    assert "attempted" in v.message


@pytest.mark.slow
def test_crosshair_reports_a_pair_that_differs_with_a_tree_that_replays() -> None:
    """Fail-hard alpha-beta with the window (0, 1) returns a bound, not minimax's value."""
    pair = Pair("impl.alphabeta (0, 1)", "spec.minimax", expected="fails")
    v = crosshair_diffbehavior(pair, parse("[[*, *], *]"), per_condition=15, limit=60)
    assert v.status == "different", v
    assert v.tree is not None
    assert replay(pair, v.tree) is not None
    assert not 0 < minimax(v.tree).value < 1


@pytest.mark.slow
def test_a_difference_in_a_pair_expected_to_agree_is_a_failed_claim_that_disagrees() -> None:
    wrong = Pair("impl.alphabeta (0, 1)", "spec.minimax")
    r = diffbehavior_result(
        theorem="alphabeta",
        claim="a narrow window gives minimax",
        pairs=[wrong],
        scope=Scope(Budget(90)),
        shapes=[parse("[*, *]")],
        per_condition=15,
    )
    assert r.method == "diffbehavior (CrossHair)"
    assert r.outcome == "failed", r
    assert r.counterexample is not None
    assert r.counterexample.tree is not None
    assert disagreements([r]) == [r]


def test_a_result_with_no_time_is_unknown_and_says_why() -> None:
    r = diffbehavior_result(
        theorem="shallow",
        claim="c",
        pairs=PAIRS["shallow"],
        scope=Scope(Budget(0)),
        per_condition=1,
    )
    assert r.outcome == "unknown"
    assert r.cases == 0
    assert "not started" in r.detail
    (deep,) = PAIRS["deep"]
    elsewhere = diffbehavior_result(
        theorem="deep",
        claim="c",
        pairs=[deep],
        scope=Scope(Budget(100), full=True, shard=Shard(2, 2)),
        shapes=[parse("[*, *]")],
    )
    assert elsewhere.outcome == "unknown"
    assert "none of the 1 run(s) is in shard 2/2" in elsewhere.detail


def test_trees_are_read_back_from_crosshair_output_without_eval() -> None:
    t = parse_tree("Node(0, (Leaf((1, 1, 0)), Node(1, (Leaf((2, 0, 0)), Leaf((0, 1, 1))))))")
    assert t == Node(0, [Leaf((1, 1, 0)), Node(1, [Leaf((2, 0, 0)), Leaf((0, 1, 1))])])
    for bad in ("Node(0, Leaf(1))", "__import__('os')", "Leaf(x)", "Node(0, (Leaf(1),"):
        with pytest.raises(ValueError, match="not a tree"):
            parse_tree(bad)


def test_replay_finds_the_smallest_deep_pruning_difference_and_none_where_they_agree() -> None:
    (deep,) = PAIRS["deep"]
    t = Node.by_depth([(1, 0, 1), [(2, 0, 0), [(0, 1, 1), (0, 0, 2)]]])
    assert "gives" in (replay(deep, t) or "")
    for pair in PAIRS["sturtevant"]:
        assert replay(pair, t) is None


def small_trees(pair: Pair) -> Iterator[Tree]:
    """The trees of up to 4 leaves, height <= 2, of the kind ``pair`` takes (a few thousand)."""
    shapes = all_shapes(4, max_height=2, unary=False)
    if pair.kind == "scalar":
        return scalar_trees_of(shapes, [-1, 0, 1])
    trees = vector_trees_of(shapes, vectors_within(pair.players, Bounds(0, 2)), pair.players)
    return islice(trees, 3000)


def test_every_pair_names_known_searches_and_the_agreeing_pairs_agree_on_small_trees() -> None:
    for pairs in PAIRS.values():
        for pair in pairs:
            assert {pair.first, pair.second} <= set(SEARCHES)
            if pair.expected == "holds":
                for t in small_trees(pair):
                    assert replay(pair, t) is None, (pair, t)
