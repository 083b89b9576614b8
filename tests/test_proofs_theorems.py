"""Each theorem module's checks catch what they are meant to catch, and pass on the real code.

Every predicate is run on a correct case and on a broken implementation (monkeypatched), so a
check that could never fail would be caught here. The checks themselves run with explicit
sizes, never a time budget, so what these tests assert does not depend on the machine.
"""

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gametree.impl.alphabeta import alphabeta as impl_alphabeta
from gametree.impl.result import SearchResult
from gametree.impl.shallow import shallow as impl_shallow
from gametree.proofs.machinery._methods import (
    exhaustive,
    hypothesis_find,
    hypothesis_property,
    scalar_trees_of,
    vectors_within,
)
from gametree.proofs.machinery.result import Budget, Scope
from gametree.proofs.machinery.shapes import all_shapes
from gametree.proofs.machinery.treejson import read_document
from gametree.proofs.theorems import (
    alphabeta,
    best_case,
    deep_pruning,
    maxn_pairs,
    negamax,
    paranoid_bound,
    separate_evaluations,
    shallow_pruning,
    sturtevant,
)
from gametree.proofs.theorems.optimality import analyse
from gametree.proofs.theorems.pinned import (
    DEEP_PRUNING,
    PAIR_TREES,
    THEOREM_1_SMALLEST,
    vector_cases,
)
from gametree.spec import Bounds, Domain, Node, Scalar, Tree, Value
from gametree.spec.examples import korf_figure2, korf_figure5
from gametree.spec.strategies import vector_trees
from tests.local_constants import numbers_loaded

UNLIMITED = Scope(Budget.unlimited())
B9 = Bounds(0, 9)
SMALL = all_shapes(3, max_height=2, unary=False)


def test_alphabeta_checks_pass_on_every_small_tree_and_catch_an_off_by_one_cutoff(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sweep = exhaustive(
        scalar_trees_of(SMALL, [0, 1, 2]),
        lambda t: alphabeta.problems(t, alphabeta.ALL_WINDOWS),
        UNLIMITED,
    )
    assert sweep.finished
    assert sweep.counterexample is None
    assert sweep.decided == 3 + 9 + 3 * 27

    real = impl_alphabeta

    def off_by_one(*args: Any, **kw: Any) -> SearchResult[Scalar]:
        r = real(*args, **kw)
        return attrs.evolve(r, value=r.value + 1)

    monkeypatch.setattr(alphabeta, "alphabeta", off_by_one)
    assert alphabeta.problems(Node.by_depth([1, 2]), alphabeta.ALL_WINDOWS) is not None


def test_negamax_and_pairs_predicates() -> None:
    for t in negamax.trees_with_every_mover(SMALL, [-1, 1]):
        assert negamax.problem(t) is None
        assert maxn_pairs.problem(t) is None
    assert sum(1 for _ in negamax.trees_with_every_mover([(None, None)], [0, 1])) == 2 * 4


def test_shallow_predicate_catches_a_wrong_principal_variation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = Node.by_depth([(3, 3, 3), [(2, 7, 0), (4, 1, 4)], [(0, 6, 3), (0, 8, 1)]])
    assert shallow_pruning.problem(t, B9) is None
    real = impl_shallow

    def rightmost(t: Tree, bounds: Bounds, *, trace: bool = False) -> SearchResult[Value]:
        r = real(t, bounds, trace=trace)
        return SearchResult(r.value, (9,), r.nodes_visited, r.leaves_evaluated, r.trace)

    monkeypatch.setattr(shallow_pruning, "shallow", rightmost)
    assert "principal variation" in (shallow_pruning.problem(t, B9) or "")


def test_deep_pruning_figure5_and_two_players() -> None:
    assert deep_pruning.is_wrong(korf_figure5((3, 0, 6)), B9)
    assert not deep_pruning.is_wrong(korf_figure5((2, 3, 4)), B9)
    for t in scalar_trees_of(all_shapes(4, max_height=3, unary=False), [-1, 1]):
        assert deep_pruning.is_exact_on_pairs(t) is None


@pytest.mark.slow
def test_hypothesis_finds_a_three_player_tree_where_deep_pruning_is_wrong_on_its_own() -> None:
    from gametree.spec.strategies import trees_of_shape, uniform_shape, vectors

    b4 = Bounds(0, 4)
    found = hypothesis_find(
        trees_of_shape(
            uniform_shape(2, 3), vectors(players=3, bounds=b4, exact_total=True), players=3
        ),
        lambda t: deep_pruning.is_wrong(t, b4),
        max_examples=2000,
    )
    assert found is not None
    assert deep_pruning.is_wrong(found, b4)


def test_best_case_witnesses_and_branching_factor() -> None:
    for b in range(1, 4):
        for d in range(6):
            assert best_case.witness_problem(b, d, 3) is None
    ratio, r = best_case.branching_factor(4, 200)
    assert abs(ratio - r) < 1e-30
    assert abs(r * r - r - 3) < 1e-100


def test_separate_evaluations_figure2_fails_and_order_equivalent_pairs_are_exact() -> None:
    assert separate_evaluations.is_wrong(korf_figure2())
    for t in scalar_trees_of(SMALL, [-1, 0, 2]):
        for _, g in separate_evaluations.INCREASING:
            assert separate_evaluations.problem(separate_evaluations.with_second(t, g)) is None


def test_paranoid_predicate_and_a_broken_guarantee(monkeypatch: pytest.MonkeyPatch) -> None:
    from gametree.proofs.machinery._methods import vector_trees_of

    for t in vector_trees_of(SMALL, vectors_within(3, Bounds(0, 1)), 3):
        assert paranoid_bound.problem(t) is None
    monkeypatch.setattr(
        paranoid_bound, "maxn", lambda t: type("S", (), {"value": (Fraction(-1),) * 3})()
    )
    assert "paranoid" in (paranoid_bound.problem(Node.by_depth([(1, 0, 0)])) or "")


def test_sturtevant_predicate_on_the_pinned_trees() -> None:
    t = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])
    assert sturtevant.problem(t, B9) is None
    assert sturtevant.problem(korf_figure5((3, 0, 6)), B9) is None


def pinned_vectors(f: Callable[..., None]) -> Callable[..., None]:
    """``@example`` for every pinned N-player counterexample (proofs.pinned), with its bounds."""
    for case in reversed(vector_cases()):
        f = example(case)(f)
    return f


@settings(max_examples=60, deadline=None)
@given(shallow_pruning.bounded_trees(max_depth=3))
@pinned_vectors
def test_pruning_and_paranoid_are_exact_on_the_pinned_counterexamples_and_random_trees(
    case: tuple[Tree, Bounds],
) -> None:
    t, bounds = case
    assert shallow_pruning.problem(t, bounds) is None
    assert sturtevant.problem(t, bounds) is None
    assert paranoid_bound.problem(t) is None


@settings(max_examples=100, deadline=None)
@given(vector_trees(players=2, max_depth=3, ties=True))
@example(PAIR_TREES[0][1])
@example(PAIR_TREES[1][1])
@example(PAIR_TREES[2][1])
@example(PAIR_TREES[3][1])
def test_alpha_beta_with_one_function_is_wrong_only_where_the_two_order_differently(
    t: Tree,
) -> None:
    assert separate_evaluations.problem_where_order_equivalent(t) is None


@pytest.mark.parametrize("name", [name for name, _ in PAIR_TREES])
def test_alpha_beta_with_one_function_is_wrong_on_every_pinned_pair_tree(name: str) -> None:
    t = dict(PAIR_TREES)[name]
    assert separate_evaluations.is_wrong(t)
    assert separate_evaluations.problem(t) is not None


@pytest.mark.parametrize("name", [name for name, _, _ in DEEP_PRUNING])
def test_deep_pruning_is_wrong_on_every_pinned_tree_and_each_has_three_players(name: str) -> None:
    ((t, bounds),) = [(t, b) for n, t, b in DEEP_PRUNING if n == name]
    assert t.players == 3
    assert deep_pruning.is_wrong(t, bounds)


def test_korf_theorem_1_fails_on_each_pinned_smallest_tree() -> None:
    for name, t, bounds in THEOREM_1_SMALLEST:
        domain: Domain = "integers" if name.startswith("integers") else "reals"
        assert analyse(t, bounds, domains=(domain,)).unnecessary(domain), name


def test_a_property_run_tries_the_pinned_examples_first() -> None:
    """``hypothesis_property(examples=...)``: a pinned case that fails the predicate is the
    counterexample returned (were the examples not run, a random tree would be, or none)."""
    odd = Node.by_depth([(1, 2, 3), (3, 2, 1)])
    sweep = hypothesis_property(
        shallow_pruning.bounded_trees(),
        lambda case: "pinned" if case[0] == odd else None,
        max_examples=5,
        scope=UNLIMITED,
        examples=[(odd, B9)],
    )
    assert sweep.counterexample == (odd, B9)


def test_the_pinned_trees_are_stored_as_canonical_tree_documents() -> None:
    import json

    from gametree.proofs.machinery.treejson import document
    from gametree.proofs.theorems.pinned import DATA

    records = json.loads(DATA.read_text())
    assert DEEP_PRUNING[0][1] == korf_figure5((3, 0, 6))
    assert PAIR_TREES[0][1] == korf_figure2()
    for kind in ("deep_pruning", "theorem_1_smallest", "one_function"):
        for r in records[kind]["trees"]:
            t, bounds = read_document(r["document"])
            assert document(t, bounds) == r["document"], r["name"]


def test_hypothesis_find_and_property_follow_their_seed_whatever_modules_the_process_loaded(
    tmp_path: Path,
) -> None:
    """Hypothesis draws now and then a number from the source of the local modules loaded, so a
    derandomized search found what a process's history put in its reach (as the gate's did:
    ``test_bug_catalogue``'s seed test). Forced here: a module of numbers is loaded between two
    runs, and the numbers are what the claim is false on; each run must answer the same."""
    step = 39_916_801
    numbers = range(101, 4_000_000_000, step)

    def wrong(x: int) -> bool:
        return x > 100 and (x - 101) % step == 0

    def runs() -> tuple[int | None, int | None]:
        found = hypothesis_find(st.integers(), wrong, max_examples=300)
        sweep = hypothesis_property(
            st.integers(), lambda x: "wrong" if wrong(x) else None, max_examples=300,
            scope=UNLIMITED,
        )  # fmt: skip
        return found, sweep.counterexample

    before = runs()
    with numbers_loaded(tmp_path, numbers):
        assert runs() == before
