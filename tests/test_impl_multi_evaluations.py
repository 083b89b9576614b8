"""Separate evaluation functions and opponent models (Korf 2.1, 2.2) against the spec.

Exact searches equal the spec; a pruning search with one function equals them whenever the
functions are order-equivalent on the tree's positions, and Korf's Figure 2 shows it need
not otherwise; the order-equivalence check agrees with its definition, pair by pair.
"""

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree.impl.evaluations import (
    alphabeta_one_function,
    is_order_equivalent,
    opponent_models,
    opponent_models_alphabeta,
    separate_evaluations,
)
from gametree.impl.result import SearchResult
from gametree.spec import Bounds, Leaf, Node, Tree, TreeError, Value, leaf_values
from gametree.spec import opponent_models as spec_opponent_models
from gametree.spec import separate_evaluations as spec_separate_evaluations
from gametree.spec.examples import korf_figure2
from gametree.spec.strategies import scalar_trees, vector_trees

pair_trees = vector_trees(players=2, ties=True, max_depth=4, bounds=Bounds(-5, 10)) | vector_trees(
    players=2, by_depth=False, grid=2
)

Model = Callable[[Value], object]


def scalar(v: Value) -> int | Fraction:
    assert not isinstance(v, tuple)
    return v


INCREASING: list[Model] = [
    scalar,
    lambda v: 2 * scalar(v) + 1,
    lambda v: Fraction(scalar(v), 3) - 7,
    lambda v: scalar(v) ** 3,
    lambda v: float(scalar(v)) / 4,
]
"""Models that order scalar positions as the identity does (floats are converted exactly)."""

OTHERS: list[Model] = [lambda v: -scalar(v), lambda v: scalar(v) ** 2, lambda v: scalar(v) % 3]
"""Models that need not."""


def first(v: Value) -> int | Fraction:
    assert isinstance(v, tuple)
    return v[0]


def second(v: Value) -> int | Fraction:
    assert isinstance(v, tuple)
    return v[1]


@given(pair_trees)
def test_the_exact_pair_search_equals_spec_and_reads_every_leaf(t: Tree) -> None:
    expected = spec_separate_evaluations(t)
    r = separate_evaluations(t, trace=True)
    assert (r.value, r.principal_variation) == (expected.value, expected.principal_variation)
    assert r.leaves_evaluated == t.leaf_count


@given(pair_trees)
def test_alphabeta_with_one_function_is_exact_when_the_two_agree_in_order(t: Tree) -> None:
    expected = spec_separate_evaluations(t)
    if not is_order_equivalent(leaf_values(t), first, second):
        return
    for function in (0, 1):
        r = alphabeta_one_function(t, function)
        assert (r.value, r.principal_variation) == (expected.value, expected.principal_variation)


@given(scalar_trees(ties=True, max_depth=4), st.sampled_from(INCREASING))
def test_alphabeta_with_one_function_on_pairs_that_agree_by_construction(t: Tree, g: Model) -> None:
    pairs = _map_leaves(t, lambda v: (scalar(v), _exact(g(v))))
    assert is_order_equivalent(leaf_values(pairs), first, second)
    expected = spec_separate_evaluations(pairs)
    for function in (0, 1):
        r = alphabeta_one_function(pairs, function)
        assert (r.value, r.principal_variation) == (expected.value, expected.principal_variation)


def test_figure2_either_function_alone_prunes_the_pair_both_would_choose() -> None:
    """ "Using either Max or Min's function exclusively would cause the last node to be pruned" """
    t = korf_figure2()
    assert separate_evaluations(t).value == (12, 8)
    assert not is_order_equivalent(leaf_values(t), first, second)
    for function in (0, 1):
        r = alphabeta_one_function(t, function, trace=True)
        assert (1, 1) not in (r.trace or ())
        assert r.value == (10, 10)


@given(st.lists(st.integers(-4, 4), max_size=8), st.lists(st.integers(-4, 4), max_size=8))
def test_order_equivalence_is_agreement_on_every_pair(xs: list[int], ys: list[int]) -> None:
    n = min(len(xs), len(ys))
    positions = list(range(n))

    def f(i: Value) -> int:
        assert isinstance(i, int)
        return xs[i]

    def g(i: Value) -> int:
        assert isinstance(i, int)
        return ys[i]

    agree = all(
        (xs[i] < xs[j]) == (ys[i] < ys[j]) and (xs[i] == xs[j]) == (ys[i] == ys[j])
        for i in positions
        for j in positions
    )
    assert is_order_equivalent(positions, f, g) == agree


def test_order_equivalence_with_ties_and_with_several_functions() -> None:
    positions = [1, 2, 2, 5]
    assert is_order_equivalent(positions, scalar, lambda v: 10 * scalar(v), scalar)
    assert not is_order_equivalent(positions, scalar, lambda v: min(scalar(v), 2))
    assert not is_order_equivalent([1, 2], scalar, lambda v: 0)
    assert is_order_equivalent([], scalar, lambda v: -scalar(v))
    assert is_order_equivalent([3], scalar, lambda v: -scalar(v))
    with pytest.raises(TreeError, match="must give a scalar"):
        is_order_equivalent([1], scalar, lambda v: (1, 2))


@given(
    scalar_trees(ties=True, max_depth=4) | scalar_trees(by_depth=False),
    st.lists(st.sampled_from(INCREASING + OTHERS), min_size=4, max_size=4),
)
def test_the_exact_opponent_models_search_equals_spec(t: Tree, models: list[Model]) -> None:
    expected = spec_opponent_models(t, models)
    r = opponent_models(t, models, trace=True)
    assert (r.value, r.principal_variation) == (expected.value, expected.principal_variation)
    assert r.leaves_evaluated == t.leaf_count


@given(st.integers(3, 5).flatmap(lambda n: vector_trees(players=n, ties=True)))
def test_opponent_models_with_vector_judgements_for_n_players(t: Tree) -> None:
    """Korf 4: each level's model gives a vector; identity models make it maxn."""
    rotate: Model = lambda v: v[1:] + v[:1] if isinstance(v, tuple) else v  # noqa: E731
    models = [rotate, lambda v: v, rotate]
    expected = spec_opponent_models(t, models)
    r = opponent_models(t, models)
    assert (r.value, r.principal_variation) == (expected.value, expected.principal_variation)


@given(
    scalar_trees(ties=True, max_depth=4) | scalar_trees(by_depth=False),
    st.lists(st.sampled_from(INCREASING), min_size=4, max_size=4),
)
def test_the_pruning_opponent_models_search_is_exact_when_the_models_agree_in_order(
    t: Tree, models: list[Model]
) -> None:
    assert is_order_equivalent(leaf_values(t), *models)
    expected = spec_opponent_models(t, models)
    r = opponent_models_alphabeta(t, models, trace=True)
    assert (r.value, r.principal_variation) == (expected.value, expected.principal_variation)
    assert r.leaves_evaluated <= t.leaf_count


def test_the_pruning_opponent_models_search_can_be_wrong_when_the_models_disagree() -> None:
    """Max judges by x, and models Min as judging by x²: Min would take 4 over −5."""
    t = Node.by_depth([[3, 4], [-5, 4]])
    models: list[Model] = [scalar, lambda v: scalar(v) ** 2]
    assert not is_order_equivalent(leaf_values(t), *models)
    assert spec_opponent_models(t, models).value == 4
    r = opponent_models_alphabeta(t, models, trace=True)
    assert r.value == 3
    assert r.trace == ((0, 0), (0, 1), (1, 0))


def test_models_are_checked() -> None:
    t = Node.by_depth([[3, 4], [2, 9]])
    with pytest.raises(TreeError, match="one model per level"):
        opponent_models(t, [scalar])
    with pytest.raises(TreeError, match="the model for depth 1"):
        opponent_models(t, [scalar, lambda v: "high"])
    with pytest.raises(TreeError, match="two-player"):
        opponent_models_alphabeta(Node.by_depth([(1, 2, 3)]), [lambda v: 0])
    with pytest.raises(TreeError, match="needs pairs"):
        separate_evaluations(Node.by_depth([1, 2]))
    with pytest.raises(TreeError, match="'function' must be 0"):
        alphabeta_one_function(korf_figure2(), 2)
    assert opponent_models_alphabeta(Leaf(7), []).value == 7


def _exact(x: object) -> int | Fraction:
    assert isinstance(x, int | Fraction | float)
    q = Fraction(x)
    return q.numerator if q.denominator == 1 else q


def _map_leaves(t: Tree, f: Callable[[Value], Value]) -> Tree:
    if isinstance(t, Leaf):
        return Leaf(f(t.value))
    return Node(t.to_move, [_map_leaves(c, f) for c in t.children])


SearchCall = Callable[[Tree], object]

PAIR_SEARCHES: list[tuple[str, SearchCall]] = [
    ("separate_evaluations", separate_evaluations),
    ("alphabeta_one_function", lambda t: alphabeta_one_function(t, 0)),
]


@pytest.mark.parametrize(("name", "search"), PAIR_SEARCHES)
@pytest.mark.parametrize(
    ("t", "got"),
    [(Node.by_depth([1, 2]), "scalars"), (Node.by_depth([(1, 2, 3), (3, 2, 1)]), "3-vectors")],
)
def test_a_pair_search_refuses_a_tree_not_of_pairs_naming_itself_and_what_it_got(
    name: str, search: SearchCall, t: Tree, got: str
) -> None:
    with pytest.raises(TreeError) as e:
        search(t)
    assert str(e.value) == (
        f"{name} needs pairs (Max's value, Min's value) at the leaves (got {got}) at path []"
    )
    assert e.value.path == ()


@pytest.mark.parametrize("function", [2, -1])
def test_alphabeta_one_function_refuses_a_function_other_than_0_or_1_at_the_root(
    function: int,
) -> None:
    with pytest.raises(TreeError) as e:
        alphabeta_one_function(korf_figure2(), function)
    assert str(e.value) == (
        f"'function' must be 0 (Max's) or 1 (Min's) (got {function}) at path []"
    )
    assert e.value.path == ()


IDENTITY_MODELS: list[Model] = [scalar, scalar]

TRACED: list[tuple[Callable[..., object], Tree, tuple[object, ...], object]] = [
    (
        separate_evaluations,
        korf_figure2(),
        (),
        ((0, 0), (0, 1), (1, 0), (1, 1)),
    ),
    (alphabeta_one_function, korf_figure2(), (0,), ((0, 0), (0, 1), (1, 0))),
    (alphabeta_one_function, korf_figure2(), (1,), ((0, 0), (0, 1), (1, 0))),
    (
        opponent_models,
        Node.by_depth([[3, 4], [2, 9]]),
        (IDENTITY_MODELS,),
        ((0, 0), (0, 1), (1, 0), (1, 1)),
    ),
    (
        opponent_models_alphabeta,
        Node.by_depth([[3, 4], [2, 9]]),
        (IDENTITY_MODELS,),
        ((0, 0), (0, 1), (1, 0)),
    ),
    (opponent_models_alphabeta, Leaf(7), ([],), ((),)),
]


@pytest.mark.parametrize(("search", "t", "args", "trace"), TRACED)
def test_the_trace_is_off_by_default_and_is_the_leaves_read_in_order_when_asked(
    search: Callable[..., object], t: Tree, args: tuple[object, ...], trace: object
) -> None:
    r = search(t, *args)
    assert isinstance(r, SearchResult)
    assert r.trace is None
    traced = search(t, *args, trace=True)
    assert isinstance(traced, SearchResult)
    assert traced.trace == trace
    assert (traced.value, traced.principal_variation) == (r.value, r.principal_variation)


@pytest.mark.parametrize("search", [opponent_models, opponent_models_alphabeta])
def test_too_few_models_are_refused_at_the_root_with_the_height_and_the_count(
    search: Callable[[Tree, list[Model]], object],
) -> None:
    with pytest.raises(TreeError) as e:
        search(Node.by_depth([[3, 4], [2, 9]]), [scalar])
    assert str(e.value) == (
        f"{search.__name__} needs one model per level: the tree has height 2 (got 1 models) "
        "at path []"
    )
    assert e.value.path == ()


def test_the_pruning_opponent_models_search_refuses_more_than_two_players_at_the_root() -> None:
    with pytest.raises(TreeError) as e:
        opponent_models_alphabeta(Node.by_depth([(1, 2, 3)]), [lambda v: 0])
    assert str(e.value) == (
        "opponent_models_alphabeta searches two-player trees (got 3 players) at path []"
    )
    assert e.value.path == ()


def _bad_at(position: Value) -> Model:
    """A model that gives a string for one position and judges every other by its value."""
    return lambda v: "high" if v == position else v


NOT_A_NUMBER = "a value must be an int, a Fraction or a finite float (got 'high' of type str)"


@pytest.mark.parametrize(
    ("t", "models", "problem", "path"),
    [
        (
            Node.by_depth([[3, 4], [2, 9]]),
            [scalar, lambda v: (1, 2, 3)],
            "the model for depth 1 must give a scalar or a 2-vector (got (1, 2, 3))",
            (0,),
        ),
        (
            Node.by_depth([[(1, 2, 3), (3, 2, 1)], [(2, 2, 2), (0, 0, 9)]]),
            [lambda v: v, lambda v: (1, 2), lambda v: v],
            "the model for depth 1 must give a 3-vector (got (1, 2))",
            (0,),
        ),
        (
            Node.by_depth([[(1, 2, 3), (3, 2, 1)], [(2, 2, 2), (0, 0, 9)]]),
            [lambda v: v, lambda v: 5, lambda v: v],
            "the model for depth 1 must give a 3-vector (got 5)",
            (0,),
        ),
        (
            Node.by_depth([[3, 4], [2, 9]]),
            [scalar, _bad_at(3)],
            f"the model for depth 1 gave a bad value: {NOT_A_NUMBER}",
            (0,),
        ),
        (
            Node.by_depth([[3, 4], [2, 9]]),
            [scalar, _bad_at(4)],
            f"the model for depth 1 gave a bad value: {NOT_A_NUMBER}",
            (0,),
        ),
        (
            Node.by_depth([[3, 4], [2, 9]]),
            [_bad_at(2), scalar],
            f"the model for depth 0 gave a bad value: {NOT_A_NUMBER}",
            (),
        ),
    ],
)
def test_a_model_giving_the_wrong_kind_of_value_is_refused_with_its_depth_and_what_it_gave(
    t: Tree, models: list[Model], problem: str, path: tuple[int, ...]
) -> None:
    """The first position a node judges, and a later one, are checked alike, and as the spec
    checks them: a scalar is refused with three players too; the path is the judging node's."""
    for search in (opponent_models, spec_opponent_models):
        with pytest.raises(TreeError) as e:
            search(t, models)
        assert (e.value.problem, e.value.path) == (problem, path)


@pytest.mark.parametrize(
    ("own", "problem"),
    [
        (lambda v: (1, 2), "models[0] must give a scalar on Max's scale (got (1, 2))"),
        (
            lambda v: (1, 2, 3),
            "the model for depth 0 must give a scalar or a 2-vector (got (1, 2, 3))",
        ),
        (_bad_at(3), f"the model for depth 0 gave a bad value: {NOT_A_NUMBER}"),
    ],
)
def test_the_pruning_opponent_models_search_refuses_a_bad_own_judgement_at_its_leaf(
    own: Model, problem: str
) -> None:
    with pytest.raises(TreeError) as e:
        opponent_models_alphabeta(Node.by_depth([[3, 4], [2, 9]]), [own, scalar])
    assert str(e.value) == f"{problem} at path [0, 0]"
    assert e.value.path == (0, 0)


@pytest.mark.parametrize(
    ("functions", "name"),
    [
        ((lambda v: (1, 2), scalar), "f"),
        ((scalar, lambda v: (1, 2)), "g"),
        ((scalar, scalar, lambda v: (1, 2)), "g"),
    ],
)
def test_order_equivalence_refuses_a_function_giving_a_vector_naming_it(
    functions: tuple[Model, ...], name: str
) -> None:
    """A lone value outside any tree: the error has no path."""
    with pytest.raises(TreeError) as e:
        is_order_equivalent([1, 2], *functions)
    assert str(e.value) == f"{name} must give a scalar (got (1, 2))"
    assert e.value.path is None


@pytest.mark.parametrize(
    ("functions", "name"), [((_bad_at(2), scalar), "f"), ((scalar, _bad_at(1)), "g")]
)
def test_order_equivalence_refuses_a_function_giving_something_else_naming_it(
    functions: tuple[Model, ...], name: str
) -> None:
    with pytest.raises(TreeError) as e:
        is_order_equivalent([1, 2], *functions)
    assert str(e.value) == f"{name} gave a bad value: {NOT_A_NUMBER}"
