"""proofs.optimality: the exact decision of Korf's Theorem 1, checked against independent means.

z3's verdicts are checked three ways: a witness by ``spec.maxn`` on both trees (inside
``decide``), an "unnecessary" verdict over the integers by enumerating every integer completion,
and the symbolic shallow pruning of ``proofs._smt`` against ``impl.shallow``'s own trace.
"""

import itertools
import random
from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest
import z3  # type: ignore[import-untyped]  # z3-solver ships no type information
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gametree.impl.last_branch import last_branch
from gametree.impl.shallow import shallow
from gametree.proofs.machinery._smt import literal, maxn_terms, shallow_terms
from gametree.proofs.machinery.result import Budget
from gametree.proofs.machinery.shapes import shape_of, text
from gametree.proofs.theorems import optimality
from gametree.proofs.theorems.optimality import (
    analyse,
    decide,
    decide_shape,
    has_last_branch_chain,
    minimal_counterexample,
    random_tree,
    replay,
    stored_counterexamples,
    with_values,
)
from gametree.proofs.theorems.pinned import vector_cases
from gametree.spec import Bounds, Domain, Leaf, Node, Path, Tree, iter_leaves, maxn
from gametree.spec.strategies import vector_trees

B9 = Bounds(0, 9)
STURTEVANT = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])


def test_the_pinned_tree_has_one_unnecessary_leaf_the_last_that_shallow_reads() -> None:
    a = analyse(STURTEVANT, B9)
    assert [r.leaf for r in a.leaves] == [(0,), (1, 0), (1, 1, 0), (1, 1, 1)]
    assert a.unnecessary("reals") == a.unnecessary("integers") == [(1, 1, 1)]
    for r in a.leaves[:3]:
        for d in r.decisions:
            assert d.necessary is True
            assert d.witness is not None
            one, other = d.witness.trees(STURTEVANT)
            assert maxn(one).value != maxn(other).value
            assert d.witness.roots == (maxn(one).value, maxn(other).value)


def test_a_witness_differs_from_the_tree_only_at_the_leaf_and_after_it() -> None:
    d = decide(STURTEVANT, B9, (1, 0))
    assert d.witness is not None
    one, _ = d.witness.trees(STURTEVANT)
    before = [leaf.value for p, leaf in iter_leaves(one) if p < (1, 0)]
    assert before == [leaf.value for p, leaf in iter_leaves(STURTEVANT) if p < (1, 0)]


def test_decide_refuses_a_path_that_is_not_a_leaf() -> None:
    with pytest.raises(ValueError, match="no leaf at path"):
        decide(STURTEVANT, B9, (1,))


def integer_brute_force(t: Tree, bounds: Bounds, leaf: Path) -> bool:
    """Whether ``leaf`` is necessary, by every integer completion of it and the later leaves."""
    paths = [p for p, _ in iter_leaves(t)]
    free = paths[paths.index(leaf) :]
    vectors = optimality._grid_vectors(t.players, bounds)
    for rest in itertools.product(vectors, repeat=len(free) - 1):
        completion = dict(zip(free[1:], rest, strict=True))
        roots = {maxn(with_values(t, {**completion, leaf: v})).value for v in vectors}
        if len(roots) > 1:
            return True
    return False


small_trees = st.integers(2, 3).flatmap(
    lambda n: vector_trees(players=n, max_depth=3, max_branching=2, bounds=Bounds(0, 2))
)


@settings(max_examples=40, deadline=None)
@given(small_trees)
@example(Node.by_depth([(0, 0, 1), [(0, 0, 0), (0, 0, 0)]]))
def test_integer_verdicts_agree_with_enumerating_every_integer_completion(t: Tree) -> None:
    bounds = Bounds(0, 2)
    for path, _ in iter_leaves(t):
        if len([p for p, _ in iter_leaves(t) if p >= path]) > 3:
            continue  # keep the enumeration small: at most 3 free leaves
        assert decide(t, bounds, path, domain="integers").necessary == integer_brute_force(
            t, bounds, path
        ), path


def pinned(f: Callable[..., None]) -> Callable[..., None]:
    """``@example`` for every pinned N-player counterexample (proofs.pinned), with its bounds."""
    for case in reversed(vector_cases()):
        f = example(case)(f)
    return f


@settings(max_examples=40, deadline=None)
@given(small_trees.map(lambda t: (t, Bounds(0, 2))))
@pinned
def test_what_the_reals_cannot_change_the_integers_cannot_either(case: tuple[Tree, Bounds]) -> None:
    t, bounds = case
    for path, _ in iter_leaves(t):
        if decide(t, bounds, path).necessary is False:
            assert decide(t, bounds, path, domain="integers").necessary is False


@settings(max_examples=30, deadline=None)
@given(
    st.integers(2, 4)
    .flatmap(lambda n: vector_trees(players=n, max_depth=3, by_depth=False))
    .map(lambda t: (t, B9))
)
@pinned
def test_every_leaf_shallow_pruning_skips_is_unnecessary_and_fixing_only_what_it_read_agrees(
    case: tuple[Tree, Bounds],
) -> None:
    """Shallow pruning is exact: what it never reads cannot matter (Korf 3.2.2)."""
    t, bounds = case
    read = set(shallow(t, bounds, trace=True).trace or ())
    for path, _ in iter_leaves(t):
        d = decide(t, bounds, path)
        if path not in read:
            assert d.necessary is False, path
        assert decide(t, bounds, path, known="read").necessary == d.necessary, path


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4).flatmap(lambda n: vector_trees(players=n, max_depth=3, by_depth=False)))
def test_the_symbolic_shallow_pruning_reads_what_impl_shallow_reads(t: Tree) -> None:
    """The per-shape query stands on proofs._smt.shallow_terms: it must be impl's procedure."""
    read = set(shallow(t, B9, trace=True).trace or ())
    values = {p: tuple(leaf.value) for p, leaf in iter_leaves(t) if isinstance(leaf.value, tuple)}
    for path in values:
        _, condition = shallow_terms(t, lambda p: values[p], 9, path)
        assert z3.is_true(z3.simplify(condition)) == (path in read), path


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4).flatmap(lambda n: vector_trees(players=n, max_depth=3, by_depth=False)))
def test_the_symbolic_maxn_is_spec_maxn(t: Tree) -> None:
    """The whole-tree decision stands on proofs._smt.maxn_terms: it must be spec.maxn."""
    values = {p: tuple(leaf.value) for p, leaf in iter_leaves(t) if isinstance(leaf.value, tuple)}
    root = maxn_terms(t, lambda p: tuple(literal(x) for x in values[p]))
    got = tuple(z3.simplify(x).as_fraction() if z3.is_expr(x) else x for x in root)
    assert got == tuple(Fraction(x) for x in maxn(t).value)


def test_literal_is_exact() -> None:
    from fractions import Fraction

    assert z3.simplify(literal(Fraction(1, 3)) * 3).as_long() == 1


@pytest.mark.slow
@pytest.mark.parametrize(
    ("domain", "unary", "shape"),
    [
        ("reals", True, "[*, [[*, *]]]"),
        ("reals", False, "[*, [*, [*, *]]]"),
        ("integers", False, "[*, [*, *]]"),
    ],
)
def test_the_smallest_counterexample_shapes(domain: Domain, unary: bool, shape: str) -> None:
    _, verdict = minimal_counterexample(domain, unary=unary, budget=Budget.unlimited())
    assert verdict is not None
    assert text(verdict.shape) == shape
    assert verdict.example is not None
    read = shallow(verdict.example, verdict.bounds, trace=True).trace or ()
    assert verdict.leaf in read
    d = decide(verdict.example, verdict.bounds, verdict.leaf, domain=domain)
    assert d.necessary is False


def test_the_stored_counterexamples_replay_and_the_theorem_1_ones_have_the_smallest_shapes() -> (
    None
):
    stored = stored_counterexamples()
    assert {c.name for c in stored} >= {"reals-unary", "reals-no-unary", "integers-height-2"}
    for c in stored:
        assert replay(c) is None, c.name
    smallest = {"reals-unary": "[*, [[*, *]]]", "reals-no-unary": "[*, [*, [*, *]]]"}
    smallest["integers-height-2"] = "[*, [*, *]]"
    for c in stored:
        if c.name in smallest:
            assert text(shape_of(c.tree)) == smallest[c.name]


def test_a_replay_catches_a_tree_that_is_not_a_counterexample() -> None:
    c = stored_counterexamples()[0]
    wrong = attrs.evolve(c, leaf=(0,))
    assert replay(wrong) is not None


def test_per_shape_verdicts_on_the_two_smallest_interesting_shapes() -> None:
    chain = (None, ((None, None),))
    assert [decide_shape(chain, 3, i).fails for i in range(3)] == [False, False, True]
    plain = (None, (None, None))
    assert [decide_shape(plain, 3, i).fails for i in range(3)] == [False, False, False]
    integers = [decide_shape(plain, 3, i, domain="integers").fails for i in range(3)]
    assert integers == [False, False, True]


def test_chains() -> None:
    assert has_last_branch_chain((None, ((None, None),)), 3)
    assert not has_last_branch_chain((None, ((None, None),)), 2)  # too long for two players
    assert not has_last_branch_chain((((None, None),), None), 3)  # the chain's top is first
    assert not has_last_branch_chain((None, ((None, None), None)), 3)  # not on its last branch
    assert has_last_branch_chain((None, (None, None)), 3, shortest=2)
    assert has_last_branch_chain((None, (None, (None, (None, (None, None))))), 4)


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_at_height_3_a_leaf_is_necessary_iff_last_branch_pruning_reads_it(
    rng: random.Random,
) -> None:
    players = rng.choice([2, 3, 4])
    total = rng.choice([2, 3, 9])
    t = random_tree(rng, players=players, total=total, max_height=3, max_branching=3)
    bounds = Bounds(0, total)
    read = set(last_branch(t, bounds, trace=True).trace or ())
    for r in analyse(t, bounds, domains=("reals",)).leaves:
        assert r.necessary("reals") == (r.leaf in read), (t, r.leaf)


def is_in_turn(t: Tree, depth: int = 0) -> bool:
    """Whether the players move in turn by depth, player 0 at the root."""
    if isinstance(t, Leaf):
        return True
    return t.to_move == depth % t.players and all(is_in_turn(c, depth + 1) for c in t.children)


@pytest.mark.parametrize(
    "case",
    [c for c in vector_cases() if c[0].height <= 3 and is_in_turn(c[0])],
    ids=lambda c: text(shape_of(c[0])),
)
def test_on_the_pinned_trees_of_height_3_a_leaf_is_necessary_iff_last_branch_reads_it(
    case: tuple[Tree, Bounds],
) -> None:
    t, bounds = case
    read = set(last_branch(t, bounds, trace=True).trace or ())
    for r in analyse(t, bounds, domains=("reals",)).leaves:
        assert r.necessary("reals") == (r.leaf in read), r.leaf


def test_a_lone_leaf_is_necessary() -> None:
    d = decide(Leaf((1, 2, 3)), B9, ())
    assert d.necessary is True


def test_the_bounds_are_checked() -> None:
    with pytest.raises(ValueError, match="above the bound"):
        decide(Node.by_depth([(9, 9, 9), (0, 0, 0)]), B9, (1,))


def test_the_corrected_theorem_check_passes_impl_optimal_and_fails_shallow_pruning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Non-vacuity: the check of Korf's Theorem 1 corrected refuses a search reading a leaf more."""
    assert optimality._optimal_check(STURTEVANT, B9, method="tree-z3") is None

    def shallow_as_optimal(t: Tree, bounds: Bounds, *, trace: bool = False) -> object:
        return shallow(t, bounds, trace=trace)

    monkeypatch.setattr(optimality, "optimal", shallow_as_optimal)
    problem = optimality._optimal_check(STURTEVANT, B9, method="tree-z3")
    assert problem == "leaf [1, 1, 1]: necessary False, read True"
