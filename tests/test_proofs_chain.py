"""proofs.chain: the path lemma and the decision without a solver, against z3 and the whole tree.

Three decisions answer the same question and are checked against each other: the chain search
(no solver), z3 on the chain, and z3 on the whole tree's maxn (``decide``'s cross-check, the
encoding that came before the lemma). Every "necessary" verdict carries a witness that
``spec.maxn`` checks on the completed trees.
"""

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.impl import necessity as chain_module
from gametree.impl.necessity import Chain, chain, chains, climb, completion, decide_chain
from gametree.proofs.machinery import decision
from gametree.proofs.machinery._smt import decide_chain_smt as smt
from gametree.proofs.machinery.result import Budget
from gametree.proofs.machinery.shapes import all_shapes
from gametree.proofs.theorems.optimality import (
    analyse,
    decide,
    grid_prefixes,
    random_tree,
    with_values,
)
from gametree.spec import Bounds, Domain, Leaf, Node, Tree, iter_leaves, maxn
from gametree.spec.strategies import vector_trees

Domains: tuple[Domain, ...] = ("reals", "integers")

HANG = 600.0
"""z3's time for one chain question: a hang guard (each takes well under a second), so that
one that runs away fails the test, naming the case, instead of holding the run."""


def bounds_strategy() -> st.SearchStrategy[Bounds]:
    return st.sampled_from([Bounds(0, 1), Bounds(0, 2), Bounds(0, 9), Bounds(-1, 3)])


def trees(*, max_depth: int, by_depth: bool) -> st.SearchStrategy[tuple[Tree, Bounds]]:
    return st.tuples(st.integers(2, 4), bounds_strategy()).flatmap(
        lambda nb: st.tuples(
            vector_trees(
                players=nb[0], max_depth=max_depth, max_branching=3, bounds=nb[1],
                by_depth=by_depth, ties=True,
            ),
            st.just(nb[1]),
        )
    )  # fmt: skip


def assert_witness(t: Tree, bounds: Bounds, c: Chain, domain: Domain) -> bool:
    """The chain search's verdict on one leaf; a witness is checked with spec.maxn."""
    answer = decide_chain(c, bounds, domain)
    assert answer is not None
    if answer.necessary:
        assert answer.values is not None
        assert answer.rights is not None
        later = completion(t, c, answer.rights)
        roots = {maxn(with_values(t, {**later, c.leaf: v})).value for v in answer.values}
        assert len(roots) == 2, (t, c.leaf, answer)
        if domain == "integers":
            assert all(isinstance(x, int) for v in answer.values for x in v)
    return answer.necessary


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(trees(max_depth=3, by_depth=False))
def test_the_three_decisions_agree_on_small_trees_players_in_any_order(
    case: tuple[Tree, Bounds],
) -> None:
    t, bounds = case
    for c in chains(t).values():
        for domain in Domains:
            ours = assert_witness(t, bounds, c, domain)
            on_chain = smt(c, bounds, domain, timeout=HANG)
            assert on_chain is not None, ("z3 gave up", t, c.leaf, domain)
            whole = decide(t, bounds, c.leaf, domain=domain, method="tree-z3").necessary
            assert ours == on_chain.necessary == whole, (t, c.leaf, domain)


@pytest.mark.slow
def test_the_chain_agrees_with_the_whole_tree_on_every_small_shape_and_grid_tree() -> None:
    """Every shape of <= 3 leaves (unary nodes too), 3 players in turn, every grid prefix.

    (``grid_prefixes``: each leaf shallow pruning reads under every grid assignment of the
    leaves before it, sums <= 1; 970 questions, each over both domains.)
    """
    decided = unnecessary = 0
    for shape in all_shapes(3, max_height=3, unary=True):
        for t, leaf in grid_prefixes(shape, 3, 1, Budget(600)):
            for domain in Domains:
                whole = decide(t, Bounds(0, 1), leaf, domain=domain, method="tree-z3")
                ours = decide(t, Bounds(0, 1), leaf, domain=domain)
                assert ours.necessary == whole.necessary, (t, leaf, domain)
                decided += 1
                unnecessary += whole.necessary is False
    assert decided == 1940
    assert unnecessary > 50


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(trees(max_depth=6, by_depth=True), st.randoms(use_true_random=False))
def test_the_chain_search_agrees_with_z3_on_the_chain_on_deeper_trees(
    case: tuple[Tree, Bounds], rng: random.Random
) -> None:
    t, bounds = case
    every = list(chains(t).values())
    for c in rng.sample(every, min(6, len(every))):
        for domain in Domains:
            on_chain = smt(c, bounds, domain, timeout=HANG)
            assert on_chain is not None, ("z3 gave up", t, c.leaf, domain)
            assert assert_witness(t, bounds, c, domain) == on_chain.necessary, (t, c.leaf)


@pytest.mark.slow
def test_random_trees_many_players_and_fractions_agree_with_z3() -> None:
    rng = random.Random(3)
    compared = 0
    for _ in range(40):
        players = rng.choice([3, 5, 8])
        t = random_tree(rng, players=players, total=9, max_height=7, max_branching=3)
        bounds = Bounds(Fraction(-1, 3), Fraction(29, 3))
        every = list(chains(t).values())
        for c in rng.sample(every, min(4, len(every))):
            for domain in Domains:
                on_chain = smt(c, bounds, domain, timeout=HANG)
                assert on_chain is not None, ("z3 gave up", t, c.leaf, domain)
                assert assert_witness(t, bounds, c, domain) == on_chain.necessary
                compared += 1
    assert compared > 200


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(trees(max_depth=4, by_depth=False), st.randoms(use_true_random=False))
def test_the_lemma_climbing_the_chain_is_maxn_of_the_completed_tree(
    case: tuple[Tree, Bounds], rng: random.Random
) -> None:
    """Any leaf value and any R_j, put in the tree by ``completion``, give climb's root."""
    t, _ = case
    values = [v.value for _, v in iter_leaves(t)]
    for c in chains(t).values():
        x = rng.choice(values)
        rights = [rng.choice(values) if level.right else None for level in c.levels]
        assert isinstance(x, tuple)
        done = with_values(t, {**completion(t, c, rights), c.leaf: x})  # type: ignore[arg-type]
        assert maxn(done).value == climb(c, x, rights)  # type: ignore[arg-type]


def test_a_seeded_flaw_is_caught_the_search_without_the_overtaken_moves() -> None:
    """Non-vacuity: a search that never lets R_j overtake disagrees with z3 on a real tree."""
    saved = chain_module._MOVES
    chain_module._MOVES = [[m for m in moves if 2 not in m] for moves in saved]
    try:
        rng = random.Random(5)
        for _ in range(200):
            t = random_tree(rng, players=3, total=9, max_height=4, max_branching=3)
            for c in chains(t).values():
                wrong = decide_chain(c, Bounds(0, 9), "reals")
                right = smt(c, Bounds(0, 9), "reals", timeout=HANG)
                assert wrong is not None
                assert right is not None
                if wrong.necessary != right.necessary:
                    return
    finally:
        chain_module._MOVES = saved
    pytest.fail("dropping the overtaken moves went unnoticed")


@pytest.mark.slow
def test_a_chain_thousands_of_levels_deep_is_decided() -> None:
    t: Tree = Leaf((1, 0, 0))
    for depth in range(3000):
        t = Node(depth % 3, [(0, 1, 0), t, (0, 0, 1)])
    leaf = next(p for p, _ in iter_leaves(t) if len(p) == 3000)
    for domain in Domains:
        d = decide(t, Bounds(0, 9), leaf, domain=domain)
        assert d.necessary is not None


def test_chain_reads_the_levels() -> None:
    t = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])
    c = chain(t, (1, 1, 0))
    assert [(lv.player, lv.best, lv.right) for lv in c.levels] == [
        (0, (1, 0, 8), False),
        (1, (0, 0, 9), False),
        (2, None, True),
    ]
    with pytest.raises(ValueError, match="no leaf at path"):
        chain(t, (1,))


def test_when_the_chain_search_reaches_its_limit_z3_on_the_chain_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])
    assert decide_chain(chain(t, (1, 1, 1)), Bounds(0, 9), "reals", limit=0) is None
    monkeypatch.setattr(decision, "decide_chain", lambda *_a, **_k: None)
    for leaf, necessary in (((1, 1, 0), True), ((1, 1, 1), False)):
        d = decision.decide_on_chain(t, Bounds(0, 9), chain(t, leaf), "reals", "chain",
                                     timeout=60)  # fmt: skip
        assert d.necessary is necessary
        assert necessary or "too long" in d.reason
    assert analyse(t, Bounds(0, 9), budget=60).undecided("reals") == []
