"""The spec's definitions against each other and against the sources' relations between them."""

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from gametree.spec import (
    Bounds,
    Leaf,
    Node,
    Tree,
    TreeError,
    as_pairs,
    check_bounds,
    iter_leaves,
    leaf_values,
    maxn,
    minimax,
    negamax,
    opponent_models,
    paranoid,
    separate_evaluations,
    subtree,
    worth,
)
from gametree.spec.strategies import scalar_trees, vector_trees
from gametree.spec.values import Scalar, Value

two_player = scalar_trees(ties=True) | scalar_trees(by_depth=False, grid=2)
multi_player = st.integers(2, 5).flatmap(
    lambda n: vector_trees(players=n, ties=True) | vector_trees(players=n, by_depth=False)
)


def scalar_leaves(t: Tree) -> list[Scalar]:
    return [v for v in leaf_values(t) if not isinstance(v, tuple)]


def affine(v: Value) -> Value:
    assert not isinstance(v, tuple)
    return 3 * v + 1


def negated(v: Value) -> Value:
    assert not isinstance(v, tuple)
    return -v


def mover(t: Tree) -> int:
    return t.to_move if isinstance(t, Node) else 0


def children(t: Tree) -> tuple[Tree, ...]:
    assert isinstance(t, Node)
    return t.children


# Minimax (the Min-Max notes, max/min form) checked by its defining equations, child by child.


@given(two_player)
def test_minimax_satisfies_its_defining_equations_at_the_root(t: Tree) -> None:
    v = minimax(t).value
    if isinstance(t, Leaf):
        assert v == t.value
        return
    child_values = [minimax(c).value for c in t.children]
    assert v == (max if t.to_move == 0 else min)(child_values)


@given(two_player)
def test_principal_variation_ends_at_a_leaf_of_the_root_value(t: Tree) -> None:
    s = minimax(t)
    assert subtree(t, s.principal_variation) == Leaf(s.value)
    values = scalar_leaves(t)
    assert min(values) <= s.value <= max(values)


@given(scalar_trees(ties=True, max_value=2, min_value=0))
def test_minimax_breaks_ties_for_the_leftmost_best_child(t: Tree) -> None:
    s = minimax(t)
    if isinstance(t, Leaf):
        assert s.best_move is None
        return
    child_values = [minimax(c).value for c in t.children]
    assert s.best_move == child_values.index(s.value)
    assert s.principal_variation[1:] == minimax(t.children[s.best_move]).principal_variation


def test_minimax_tie_rule_by_hand() -> None:
    assert minimax(Node.by_depth([5, 7, 7])).best_move == 1
    assert minimax(Node.by_depth([[7, 9], [8, 7]])).principal_variation == (0, 0)
    assert minimax(Leaf(4)).principal_variation == ()


# Negamax (the Min-Max notes, ModMinMax) against minimax.


@given(two_player)
def test_negamax_is_minimax_signed_by_the_player_to_move(t: Tree) -> None:
    n, m = negamax(t), minimax(t)
    assert n.value == (m.value if mover(t) == 0 else -m.value)
    assert n.principal_variation == m.principal_variation


@given(scalar_trees(max_depth=3))
def test_negamax_child_relation_in_alternating_trees(t: Tree) -> None:
    if isinstance(t, Leaf):
        return
    worths = [
        -negamax(c).value if isinstance(c, Node) else worth(c.value, t.to_move) for c in t.children
    ]
    assert negamax(t).value == max(worths)


# maxn (Korf 3.1).


@given(multi_player)
def test_maxn_takes_the_whole_tuple_of_the_leftmost_best_child(t: Tree) -> None:
    s = maxn(t)
    assert subtree(t, s.principal_variation) == Leaf(s.value)
    if isinstance(t, Leaf):
        return
    p = t.to_move
    child_values = [maxn(c).value for c in t.children]
    best = max(v[p] for v in child_values)
    assert s.best_move == [v[p] for v in child_values].index(best)
    assert s.value == child_values[s.best_move]


@given(two_player)
def test_maxn_with_pairs_x_minus_x_is_negamax(t: Tree) -> None:
    """Korf 3.1: "The negamax formulation of two-player minimax is a special case of maxn"."""
    m, n = maxn(as_pairs(t)), negamax(t)
    assert m.value == (minimax(t).value, -minimax(t).value)
    assert m.value[mover(t)] == n.value
    assert m.principal_variation == n.principal_variation


def test_maxn_tie_rule_by_hand() -> None:
    t = Node.by_depth([(1, 5, 3), (4, 2, 3), (4, 0, 5)])
    assert maxn(t).value == (4, 2, 3)
    assert maxn(Node(1, [(1, 5, 3), (4, 5, 3)])).best_move == 0


# Paranoid (Sturtevant and Korf 2000).


@given(multi_player, st.data())
def test_paranoid_is_minimax_of_the_players_worths(t: Tree, data: st.DataObject) -> None:
    r = data.draw(st.integers(0, t.players - 1))
    s = paranoid(t, r)
    if isinstance(t, Leaf):
        assert s.value == worth(t.value, r)
        return
    child_values = [paranoid(c, r).value for c in t.children]
    assert s.value == (max if t.to_move == r else min)(child_values)
    assert s.best_move == child_values.index(s.value)


@pytest.mark.slow
@given(multi_player)
def test_paranoid_never_promises_more_than_maxn_gives(t: Tree) -> None:
    r = mover(t)
    assert paranoid(t).value <= maxn(t).value[r]


@given(two_player)
def test_paranoid_for_two_players_is_minimax(t: Tree) -> None:
    assert paranoid(t, 0) == minimax(t)
    assert paranoid(t).value == negamax(t).value


def test_paranoid_rejects_a_player_out_of_range() -> None:
    with pytest.raises(TreeError, match=r"'player' must be in 0..2 \(got 3\)"):
        paranoid(Node.by_depth([(1, 2, 3)]), 3)


# Separate evaluation functions (Korf 2.1) and nested opponent models (Korf 2.2, 4).


def pairs_of(t: Tree, f: Callable[[Fraction | int], tuple[object, object]]) -> Tree:
    if isinstance(t, Leaf):
        assert not isinstance(t.value, tuple)
        return Leaf(f(t.value))
    return Node(t.to_move, [pairs_of(c, f) for c in t.children])


@given(scalar_trees(max_depth=3, ties=True))
def test_separate_evaluations_with_one_function_is_minimax(t: Tree) -> None:
    s, m = separate_evaluations(pairs_of(t, lambda x: (x, x))), minimax(t)
    assert s.value == (m.value, m.value)
    assert s.principal_variation == m.principal_variation


@given(scalar_trees(max_depth=3), scalar_trees(max_depth=0))
def test_separate_evaluations_is_maxn_on_max_value_and_minus_min_value(
    t: Tree, offset: Tree
) -> None:
    assert isinstance(offset, Leaf)
    assert not isinstance(offset.value, tuple)
    k = offset.value
    pairs = pairs_of(t, lambda x: (x, (x * 7 + k) % 5))
    s = separate_evaluations(pairs)
    m = maxn(pairs_of(t, lambda x: (x, -((x * 7 + k) % 5))))
    assert s.principal_variation == m.principal_variation


@given(scalar_trees(max_depth=4, ties=True))
def test_opponent_models_that_agree_with_minimax_give_minimax(t: Tree) -> None:
    s = opponent_models(t, [lambda v: v] * t.height)
    m = minimax(t)
    assert (s.value, s.principal_variation) == (m.value, m.principal_variation)


@given(scalar_trees(max_depth=3))
def test_opponent_models_apply_one_model_per_level(t: Tree) -> None:
    """An order-preserving model (x -> 3x + 1) at every level changes no choice; the
    order-reversing model x -> -x at the root alone turns the root's choice around."""
    same = opponent_models(t, [affine] * t.height)
    assert same.principal_variation == minimax(t).principal_variation
    if isinstance(t, Leaf):
        return
    flipped = opponent_models(t, [negated] + [lambda v: v] * (t.height - 1))
    child_values = [minimax(c).value for c in t.children]
    worths = [worth(-v, t.to_move) for v in child_values]
    assert flipped.best_move == worths.index(max(worths))


@given(multi_player)
def test_opponent_models_with_the_identity_on_vectors_is_maxn(t: Tree) -> None:
    assert opponent_models(t, [lambda v: v] * t.height) == maxn(t)


def test_opponent_models_need_one_model_per_level() -> None:
    with pytest.raises(TreeError, match=r"has height 2 \(got 1 models\) at path \[\]"):
        opponent_models(Node.by_depth([[1, 2]]), [lambda v: v])
    with pytest.raises(TreeError, match=r"model for depth 0 must give a 3-vector .* at path \[\]"):
        opponent_models(Node.by_depth([(1, 2, 3)]), [lambda _: 1])


# Which trees each definition accepts.


@pytest.mark.parametrize("definition", [minimax, negamax])
def test_two_player_definitions_reject_vectors(definition: Callable[[Tree], object]) -> None:
    with pytest.raises(TreeError, match="needs a two-player tree with scalar values"):
        definition(Node.by_depth([(1, 2, 3)]))


@pytest.mark.parametrize("definition", [maxn, separate_evaluations])
def test_vector_definitions_reject_scalars(definition: Callable[[Tree], object]) -> None:
    with pytest.raises(TreeError, match="needs N-player vector values"):
        definition(Node.by_depth([1, 2]))


def test_separate_evaluations_is_two_player() -> None:
    with pytest.raises(TreeError, match="needs pairs"):
        separate_evaluations(Node.by_depth([(1, 2, 3)]))


# Korf's bounds (3.2).


@given(st.integers(2, 5).flatmap(lambda n: vector_trees(players=n, bounds=Bounds(-2, 7))))
def test_strategy_vectors_satisfy_the_bounds(t: Tree) -> None:
    check_bounds(t, Bounds(-2, 7))


@given(vector_trees(players=3, exact_total=True))
@example(Node.by_depth([(3, 3, 3)]))
def test_exact_total_vectors_sum_to_the_bound(t: Tree) -> None:
    for _, leaf in iter_leaves(t):
        assert isinstance(leaf.value, tuple)
        assert sum(leaf.value) == 9


def test_check_bounds_names_the_first_leaf_that_breaks_them() -> None:
    t = Node.by_depth([[(1, 2, 3), (0, -1, 3)], (5, 5, 5)])
    with pytest.raises(TreeError, match=r"component 1 is below .* at path \[0, 1\]$"):
        check_bounds(t, Bounds(0, 9))
    with pytest.raises(TreeError, match=r"sum to 15, above the bound 9 .* at path \[1\]$"):
        check_bounds(t, Bounds(-1, 9))
    assert Bounds(-1, 6).shifted(3) == Bounds(0, 9)
