"""Deep pruning (Korf 3.2.3): wrong with three players, on Figure 5 and wherever Hypothesis
looks; alpha-beta, and exact, with two.
"""

from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from gametree.impl.deep import deep_pruning_unsound
from gametree.impl.paranoid import paranoid
from gametree.spec import Bounds, Leaf, Scalar, Tree, as_pairs, leaf_values, minimax
from gametree.spec import maxn as spec_maxn
from gametree.spec.examples import korf_figure5
from gametree.spec.strategies import (
    scalar_trees,
    trees_of_shape,
    uniform_shape,
    vector_trees,
    vectors,
)

B9 = Bounds(0, 9)
F = (1, 0, 1)
"""The path of Korf's node f in ``korf_figure5``."""


def test_deep_pruning_prunes_f_in_figure5_so_it_cannot_be_right_for_both_values_of_f() -> None:
    """Korf: "Even though the value of node f cannot be the maxn value ... it can effect it." """
    with_234, with_306 = korf_figure5((2, 3, 4)), korf_figure5((3, 0, 6))
    assert spec_maxn(with_234).value == (5, 2, 2)
    assert spec_maxn(with_306).value == (6, 1, 2)
    for t in (with_234, with_306):
        r = deep_pruning_unsound(t, B9, trace=True)
        assert F not in (r.trace or ())
        assert r.trace == ((0,), (1, 0, 0), (1, 1))
        assert r.value == (5, 2, 2)


def test_hypothesis_finds_a_three_player_tree_where_deep_pruning_is_wrong() -> None:
    """Complete binary trees of depth 3, sum 4: about 600 tries, derandomized (about 5 s)."""
    b4 = Bounds(0, 4)
    found = find(
        trees_of_shape(
            uniform_shape(2, 3), vectors(players=3, bounds=b4, exact_total=True), players=3
        ),
        lambda t: deep_pruning_unsound(t, b4).value != spec_maxn(t).value,
        settings=settings(max_examples=1000, database=None, derandomize=True),
    )
    assert deep_pruning_unsound(found, b4).value != spec_maxn(found).value


def scalar_leaves(t: Tree) -> list[Scalar]:
    return [v for v in leaf_values(t) if not isinstance(v, tuple)]


def pairs_bounds(t: Tree, slack: int = 0) -> Bounds:
    """Bounds for ``as_pairs(t)``: each component of (x, -x) is at least -max|x|; sum 0.

    With ``slack`` > 0 no component can reach the sum, so no immediate pruning happens
    (alpha-beta without bounds cannot do it).
    """
    values = scalar_leaves(t)
    m = max(*values, -min(values))
    return Bounds(-m - slack, 0)


two_player = scalar_trees(ties=True, max_depth=5) | scalar_trees(by_depth=False, grid=2)


@given(two_player)
def test_with_two_players_deep_pruning_is_exact_on_pairs(t: Tree) -> None:
    pairs = as_pairs(t)
    r = deep_pruning_unsound(pairs, pairs_bounds(t))
    s = spec_maxn(pairs)
    assert (r.value, r.principal_variation) == (s.value, s.principal_variation)
    assert isinstance(r.value, tuple)
    assert r.value[0] == minimax(t).value


@given(two_player)
def test_with_two_players_deep_pruning_reads_exactly_the_leaves_alpha_beta_reads(t: Tree) -> None:
    """On pairs (x, −x), Korf's deep pruning is fail-soft alpha-beta, leaf for leaf."""
    pairs = as_pairs(t)
    deep = deep_pruning_unsound(pairs, pairs_bounds(t, slack=1), trace=True)
    alphabeta = paranoid(t, 0, trace=True)
    assert deep.trace == alphabeta.trace
    assert deep.principal_variation == alphabeta.principal_variation


@settings(suppress_health_check=[HealthCheck.filter_too_much])
@given(st.integers(3, 6).flatmap(lambda n: vector_trees(players=n, max_depth=3, ties=True)))
def test_deep_pruning_never_reads_more_than_shallow_pruning_would(t: Tree) -> None:
    """It prunes wherever shallow pruning does, and more: that is what makes it unsound."""
    from gametree.impl.shallow import shallow

    deep = set(deep_pruning_unsound(t, B9, trace=True).trace or ())
    assert deep <= set(shallow(t, B9, trace=True).trace or ())


def test_a_lone_leaf() -> None:
    r = deep_pruning_unsound(Leaf((9, 0, 0)), B9)
    assert (r.value, r.leaves_evaluated) == ((9, 0, 0), 1)
