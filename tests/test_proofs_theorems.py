"""Each theorem module's checks catch what they are meant to catch, and pass on the real code.

Every predicate is run on a correct case and on a broken implementation (monkeypatched), so a
check that could never fail would be caught here. The checks themselves run with explicit
sizes, never a time budget, so what these tests assert does not depend on the machine.
"""

from fractions import Fraction
from typing import Any

import attrs
import pytest

from impl.alphabeta import alphabeta as impl_alphabeta
from impl.result import SearchResult
from impl.shallow import shallow as impl_shallow
from proofs import (
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
from proofs._methods import exhaustive, hypothesis_find, scalar_trees_of, vectors_within
from proofs.result import Budget, Scope
from proofs.shapes import all_shapes
from spec import Bounds, Node, Scalar, Tree, Value
from spec.examples import korf_figure2, korf_figure5

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


def test_hypothesis_finds_a_three_player_tree_where_deep_pruning_is_wrong_on_its_own() -> None:
    from spec.strategies import trees_of_shape, uniform_shape, vectors

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
    from proofs._methods import vector_trees_of

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
