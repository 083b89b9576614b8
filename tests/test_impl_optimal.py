"""The optimal directional search (Korf 3.2.4, corrected): exact, and it reads the necessary leaves.

What each test checks: the value and principal variation are spec.maxn's (reals and, on
integer trees, integers); the leaves read are exactly those ``proofs.optimality.decide``
calls necessary, with the earlier leaves fixed and with the skipped ones free (whole-tree z3);
the placeholder for skipped leaves changes nothing; every leaf read is read by last-branch
and by shallow pruning too; a search that skips one necessary leaf is caught by the exactness
check; value- and line-necessity agree exhaustively on small trees; bad input gets a clear
error, and a very tall tree is taken.
"""

import random
from collections.abc import Callable
from fractions import Fraction
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.algorithms import ALGORITHMS, Options
from gametree.impl import optimal
from gametree.impl.last_branch import last_branch
from gametree.impl.necessity import Chain, chain, chains, decide_chain
from gametree.impl.optimal import LINE_VERSUS_VALUE, necessary, optimal_search
from gametree.impl.shallow import shallow
from gametree.proofs.machinery.result import Budget
from gametree.proofs.machinery.shapes import all_shapes
from gametree.proofs.theorems.optimality import decide, grid_prefixes, random_tree
from gametree.spec import (
    Bounds,
    Domain,
    Leaf,
    Node,
    Path,
    Tree,
    TreeError,
    Vector,
    iter_leaves,
    maxn,
)
from gametree.spec.strategies import vector_trees, vectors
from gametree.spec.tree import preorder
from tests.test_impl_multi_support import bounded_trees


def integral(t: Tree, bounds: Bounds) -> bool:
    """Whether the integer domain applies: integer bounds and integer leaves."""
    values = [c for _, x in iter_leaves(t) for c in x.value]  # type: ignore[union-attr]
    return all(int(c) == c for c in [bounds.lower, *values])


def domains(t: Tree, bounds: Bounds) -> list[Domain]:
    return ["reals", "integers"] if integral(t, bounds) else ["reals"]


def exact(t: Tree, bounds: Bounds, domain: Domain, search: Callable[..., object]) -> bool:
    r = search(t, bounds, domain=domain)
    s = maxn(t)
    return (r.value, r.principal_variation) == (s.value, s.principal_variation)  # type: ignore[attr-defined]


def reads(t: Tree, bounds: Bounds, domain: Domain = "reals") -> list[Path]:
    trace = optimal(t, bounds, domain=domain, trace=True).trace
    assert trace is not None
    return list(trace)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_exact_value_and_principal_variation(data: st.DataObject) -> None:
    t, bounds = data.draw(bounded_trees(max_players=4))
    for domain in domains(t, bounds):
        assert exact(t, bounds, domain, optimal)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.data())
def test_reads_are_the_necessary_leaves(data: st.DataObject) -> None:
    """Read exactly when ``decide`` (every earlier leaf as in t) says necessary; directional."""
    t, bounds = data.draw(bounded_trees(max_players=4))
    for domain in domains(t, bounds):
        read = reads(t, bounds, domain)
        leaves = [p for p, _ in iter_leaves(t)]
        assert read == [p for p in leaves if p in set(read)]  # left to right, each once
        for p in leaves:
            assert (p in read) == decide(t, bounds, p, domain=domain).necessary, (p, domain)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(vector_trees(players=3, max_depth=3, max_branching=2, bounds=Bounds(0, 4)))
def test_reads_match_the_whole_tree_decision_with_skipped_leaves_free(t: Tree) -> None:
    """The read-so-far semantics: each leaf decided by z3 with the skipped leaves unknown."""
    bounds = Bounds(0, 4)
    read = reads(t, bounds)
    skipped: list[Path] = []
    for p, _ in iter_leaves(t):
        d = decide(t, bounds, p, unknown=skipped, method="tree-z3")
        assert d.necessary == (p in read), p
        if p not in read:
            skipped.append(p)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_placeholder_changes_nothing(data: st.DataObject) -> None:
    """The same reads and answer with skipped subtrees at the least vector, their true maxn
    values, or arbitrary vectors within the bounds (the module docstring's claim)."""
    t, bounds = data.draw(bounded_trees(max_players=4))
    truth: dict[Path, Vector] = {tuple(p): maxn(x).value for p, x in preorder(t)}
    others = data.draw(st.lists(vectors(players=t.players, bounds=bounds, grid=6), min_size=1,
                                max_size=3))  # fmt: skip
    fills: list[Callable[[Path], Vector]] = [
        truth.__getitem__,
        *[lambda _p, x=x: x for x in others],
    ]
    for domain in domains(t, bounds):
        base = optimal(t, bounds, domain=domain, trace=True)
        for fill in fills if domain == "reals" else fills[:1]:
            r = optimal(t, bounds, domain=domain, trace=True, placeholder=fill)
            assert (r.trace, r.value, r.principal_variation) == (
                base.trace, base.value, base.principal_variation,
            )  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_skipping_unnecessary_subtrees_reads_what_deciding_every_leaf_reads(
    data: st.DataObject,
) -> None:
    """The module docstring's lemma: a node that is not necessary has no necessary leaf below
    it. The search that descends into every node and decides only leaves reads the same."""
    t, bounds = data.draw(bounded_trees(max_players=4))
    leaves = {p for p, _ in iter_leaves(t)}

    def every_leaf(c: Chain, b: Bounds, domain: Domain) -> bool:
        return c.leaf not in leaves or necessary(c, b, domain)

    for domain in domains(t, bounds):
        whole = optimal(t, bounds, domain=domain, trace=True)
        each = optimal_search(t, bounds, domain=domain, trace=True, verdict=every_leaf)
        assert (whole.trace, whole.value, whole.principal_variation) == (
            each.trace, each.value, each.principal_variation,
        )  # fmt: skip
        assert each.nodes_visited == sum(1 for _ in preorder(t)) >= whole.nodes_visited


@pytest.mark.parametrize("bounds", [Bounds(0, 0), Bounds(1, 3), Bounds(Fraction(1, 3), 1)])
def test_bounds_that_leave_one_vector_skip_everything_and_keep_the_leftmost_line(
    bounds: Bounds,
) -> None:
    """With N * L = S every leaf is the one vector, nothing is necessary, and the root is
    skipped whole; the line is still spec.maxn's, the leftmost path (a skipped subtree's)."""
    v = (bounds.lower,) * 3
    t = Node.by_depth([[v, [v, v]], [v]])
    for domain in domains(t, bounds):
        r = optimal(t, bounds, domain=domain, trace=True)
        assert (r.value, r.principal_variation) == (maxn(t).value, maxn(t).principal_variation)
        assert r.trace == ()


def test_whole_subtrees_are_skipped_on_some_tree() -> None:
    rng = random.Random(3)
    skipped = 0
    for _ in range(30):
        t = random_tree(rng, players=3, total=9, max_height=4, max_branching=3)
        skipped += optimal(t, Bounds(0, 9)).nodes_visited < sum(1 for _ in preorder(t))
    assert skipped > 0


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_reads_no_leaf_that_last_branch_or_shallow_pruning_skips(data: st.DataObject) -> None:
    """Both are exact and directional, so they read every necessary leaf; players in turn or
    not (shallow pruning's repeated-mover line keeps it exact there too)."""
    t, bounds = data.draw(bounded_trees(max_players=4))
    for domain in domains(t, bounds):
        read = set(reads(t, bounds, domain))
        assert read <= set(last_branch(t, bounds, trace=True).trace or ())
        assert read <= set(shallow(t, bounds, trace=True).trace or ())


def test_reads_fewer_than_last_branch_pruning_on_some_tree() -> None:
    """Not vacuous: the stored height-5 witnesses aside, a seeded random tree shows a gap."""
    rng = random.Random(17)
    gaps = 0
    for _ in range(60):
        t = random_tree(rng, players=3, total=9, max_height=5, max_branching=3)
        b = Bounds(0, 9)
        gaps += len(reads(t, b)) < len(last_branch(t, b, trace=True).trace or ())
    assert gaps > 0


def skip_one_necessary_leaf() -> Callable[[Chain, Bounds, Domain], bool]:
    """The seeded flaw: the second necessary leaf of each search is skipped."""
    seen = {"n": 0}

    def flawed(c: Chain, bounds: Bounds, domain: Domain) -> bool:
        answer = necessary(c, bounds, domain)
        if answer:
            seen["n"] += 1
            if seen["n"] == 2:
                return False
        return answer

    return flawed


def test_a_search_that_skips_a_necessary_leaf_is_caught() -> None:
    rng = random.Random(5)
    caught = 0
    for _ in range(40):
        t = random_tree(rng, players=3, total=4, max_height=3, max_branching=3)
        flawed = skip_one_necessary_leaf()
        caught += not exact(t, Bounds(0, 4), "reals", partial(optimal_search, verdict=flawed))
        assert exact(t, Bounds(0, 4), "reals", optimal)
    assert caught > 0


def test_line_and_value_necessity_agree_on_every_small_tree() -> None:
    """Part of :data:`LINE_VERSUS_VALUE`'s scope, exhaustively: every grid prefix of every
    shape of up to 3 leaves (the 4-leaf part, over 400,000 prefixes, takes minutes: measured
    once, recorded there)."""
    decided = 0
    for players in (2, 3):
        for total in (1, 2):
            bounds = Bounds(0, total)
            for shape in all_shapes(3, max_height=3, unary=True):
                for t, leaf in grid_prefixes(shape, players, total, Budget.unlimited()):
                    c = chain(t, leaf)
                    line = decide_chain(c, bounds, "integers", line=True)
                    value = decide_chain(c, bounds, "integers")
                    assert line is not None
                    assert value is not None
                    assert line.necessary == value.necessary, (t, leaf)
                    decided += 1
    assert decided > 1000
    assert LINE_VERSUS_VALUE.startswith("none within this scope")


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.data())
def test_every_chain_at_once_is_each_leafs_chain(data: st.DataObject) -> None:
    """``necessity.chains`` (one walk, as the optimal search's) against ``necessity.chain``
    (one leaf at a time), leaves left to right."""
    t, _ = data.draw(bounded_trees(max_players=4))
    assert list(chains(t).items()) == [(p, chain(t, p)) for p, _ in iter_leaves(t)]


def test_registered() -> None:
    t = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])
    answer = ALGORITHMS["optimal"].run(t, Bounds(0, 9), Options(), trace=True)
    assert (answer.value, answer.principal_variation) == (maxn(t).value, (0,))
    assert answer.trace == ((0,), (1, 0), (1, 1, 0))
    assert answer.leaves_evaluated == 3
    assert answer.nodes_visited == 7


def test_a_tall_tree_is_taken() -> None:
    t: Tree = Leaf((0, 0, 9))
    for depth in range(1500, 0, -1):
        t = Node(depth % 3, [Leaf((1, 1, 1)), t])
    r = optimal(t, Bounds(0, 9))
    assert r.value == maxn(t).value
    assert r.nodes_visited == 3001


@pytest.mark.parametrize(
    ("t", "bounds", "domain", "message"),
    [
        (Node(0, [Leaf(1), Leaf(2)]), Bounds(0, 9), "reals", "vector values"),
        (Node.by_depth([(1, 0, 8), (0, 0, 10)]), Bounds(0, 9), "reals", "at path [1]"),
        (Node.by_depth([(1, 0, 8), (Fraction(1, 2), 0, 8)]), Bounds(0, 9), "integers",
         "integers (got"),
        (Node.by_depth([(1, 0, 8)]), Bounds(4, 9), "reals", "no 3-vector"),
        (Node.by_depth([(1, 0, 8)]), Bounds(Fraction(1, 2), 2), "integers", "no 3-vector"),
        (Node.by_depth([(1, 0, 8)]), Bounds(0, 9), "rationals", "'domain'"),
    ],
)  # fmt: skip
def test_bad_input_gets_a_clear_error(t: Tree, bounds: Bounds, domain: str, message: str) -> None:
    with pytest.raises(TreeError, match=message.replace("[", r"\[").replace("(", r"\(")):
        optimal(t, bounds, domain=domain)  # type: ignore[arg-type]
