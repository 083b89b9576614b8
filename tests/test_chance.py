"""Chance nodes (Ballard 1983): building them, refusing them, and expectimax, the definition."""

from fractions import Fraction

import pytest
from hypothesis import given

from gametree import impl
from gametree.spec import (
    CHANCE,
    Bounds,
    Interval,
    Leaf,
    Node,
    Tree,
    TreeError,
    check_interval,
    expectimax,
    leaf_values,
    maxn,
    minimax,
    negamax,
    paranoid,
    subtree,
)
from gametree.spec.chance import expected_value
from gametree.spec.strategies import chance_trees, probabilities, scalar_trees, vector_trees

COIN = ["1/2", "1/2"]


@pytest.mark.parametrize(
    ("build", "path", "problem"),
    [
        (lambda: Node.chance([1, 2], ["1/3", "1/3"]), [], "must sum to 1 (got 2/3)"),
        (lambda: Node.chance([1, 2], [1]), [], "one probability per child, 2 (got 1)"),
        (lambda: Node.chance([1, 2], [0, 1]), [], "probability 0 must be above 0"),
        (lambda: Node.chance([1, 2], ["3/2", "-1/2"]), [], "probability 0 must be above 0"),
        (lambda: Node.chance([1, 2], [True, 0]), [], "probability 0: a value must be an int"),
        (lambda: Node.chance([1, 2], ["x", 1]), [], 'a probability must be a number or "p/q"'),
        (lambda: Node.chance([1, 2], "11"), [], "'probabilities' must be a sequence"),
        (lambda: Node(0, [1, 2], probabilities=COIN), [], "'to_move' must be CHANCE, -1"),
        (lambda: Node(CHANCE, [1, 2]), [], "'to_move' must be in 0..1 (got -1)"),
        (lambda: Node(0, [5, Node.chance([1, (1, 2)], COIN)]), [1], "a vector leaf among"),
    ],
)
def test_a_malformed_chance_node_names_the_fault(build: object, path: list[int],
                                                 problem: str) -> None:  # fmt: skip
    assert callable(build)
    with pytest.raises(TreeError) as caught:
        build()
    assert problem in caught.value.problem
    assert list(caught.value.path or ()) == path


def test_chance_nodes_are_part_of_equality_hash_and_summaries() -> None:
    a = Node(0, [Node.chance([1, 2], ["1/3", "2/3"]), Node.chance([3], [1])])
    b = Node(0, [Node.chance([1, 2], ["2/3", "1/3"]), Node.chance([3], [1])])
    c = Node(0, [Node(1, [1, 2]), Node.chance([3], [1])])
    assert a not in (b, c)
    assert hash(a) != hash(b)
    assert a == Node(0, [Node.chance([1, 2], [Fraction(1, 3), Fraction(2, 3)]),
                         Node.chance([3], [1])])  # fmt: skip
    assert (a.chance_nodes, c.chance_nodes, Leaf(1).chance_nodes) == (2, 1, 0)
    assert a.children[0].is_chance  # type: ignore[union-attr]
    assert not c.children[0].is_chance  # type: ignore[union-attr]


DEFINITIONS = [
    ("minimax", minimax),
    ("negamax", negamax),
    ("paranoid", paranoid),
    ("alphabeta", impl.alphabeta),
    ("pvs", impl.pvs),
    ("mtdf", impl.mtdf),
]


@pytest.mark.parametrize(("name", "search"), DEFINITIONS)
def test_a_search_without_a_rule_for_chance_nodes_refuses_them(name: str, search: object) -> None:
    t = Node(0, [3, Node(1, [Node.chance([1, 5], COIN), 2])])
    assert callable(search)
    with pytest.raises(TreeError, match=rf"{name} has no rule for chance nodes") as caught:
        search(t)
    assert caught.value.path == (1, 0)


@pytest.mark.parametrize(
    "search",
    [maxn, impl.maxn, lambda t: impl.shallow(t, Bounds(0, 9)), impl.paranoid,
     lambda t: impl.optimal(t, Bounds(0, 9))],
)  # fmt: skip
def test_the_multi_player_searches_refuse_chance_nodes(search: object) -> None:
    t = Node(0, [(3, 3, 3), Node.chance([(1, 2, 3), (3, 2, 1)], COIN)])
    assert callable(search)
    with pytest.raises(TreeError, match="no rule for chance nodes"):
        search(t)


def test_expectimax_of_ballard_style_example() -> None:
    # Max chooses between a fair coin (3, or Min's choice of 4 and -1) and a sure 3/2.
    t = Node(0, [Node.chance([3, Node(1, [4, -1])], COIN), Fraction(3, 2)])
    assert expectimax(t).value == Fraction(3, 2)
    assert expectimax(t).principal_variation == (1,)
    t = Node(0, [Node.chance([3, Node(1, [4, 0])], ["2/3", "1/3"]), Fraction(1, 2)])
    assert expectimax(t).value == 2
    assert expectimax(t).principal_variation == (0,)
    assert expectimax(t.children[0]).principal_variation == ()


@given(scalar_trees(grid=2))
def test_without_chance_expectimax_is_minimax(t: Tree) -> None:
    assert expectimax(t) == minimax(t)


@given(vector_trees(players=3))
def test_without_chance_expectimax_of_vectors_is_maxn(t: Tree) -> None:
    assert expectimax(t) == maxn(t)


@given(chance_trees() | chance_trees(players=3))
def test_expectimax_is_its_children_s_values_combined(t: Tree) -> None:
    """One level: a chance node's value is sum p_i v_i of its children's, a player's its best."""
    s = expectimax(t)
    if isinstance(t, Leaf):
        assert s.value == t.value
        assert s.principal_variation == ()
        return
    kids = [expectimax(c) for c in t.children]
    values = [k.value for k in kids]
    if t.probabilities is not None:
        assert s.value == expected_value(t.probabilities, values)
        assert s.principal_variation == ()
        return
    p = t.to_move
    worth = [v[p] if isinstance(v, tuple) else (v if p == 0 else -v) for v in values]
    i = worth.index(max(worth))
    assert s.value == values[i]
    assert s.principal_variation == (i, *kids[i].principal_variation)


@given(chance_trees(grid=3))
def test_the_principal_variation_ends_at_a_leaf_or_a_chance_node(t: Tree) -> None:
    s = expectimax(t)
    end = subtree(t, s.principal_variation)
    assert isinstance(end, Leaf) or end.is_chance
    values = [v for v in leaf_values(t) if not isinstance(v, tuple)]
    assert not isinstance(s.value, tuple)
    assert min(values) <= s.value <= max(values)


@given(chance_trees(min_value=0, max_value=10))
def test_leaf_bounds_hold_for_the_trees_they_were_drawn_in(t: Tree) -> None:
    check_interval(t, Interval(0, 10))
    with pytest.raises(TreeError, match="outside the leaf bounds"):
        check_interval(Node(0, [t, 11]), Interval(0, 10))


@given(probabilities(4))
def test_probabilities_are_exact_positive_and_sum_to_one(ps: tuple[Fraction, ...]) -> None:
    assert len(ps) == 4
    assert sum(ps) == 1
    assert all(0 < p <= 1 for p in ps)
