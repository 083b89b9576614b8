"""Tests that kill mutants of ``spec`` the rest of the suite let survive (see ``mutation/``).

Each test states a documented behaviour exactly: the full text and path of an error the spec
promises, or a value at inputs where a mutated line gives a different one (a depth limit that
cuts, a static evaluation that differs from the game's own).
"""

import pickle
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction

import pytest

from gametree.spec import (
    Bounds,
    Leaf,
    Node,
    TreeError,
    Value,
    as_pairs,
    check_bounds,
    game_maxn,
    game_minimax,
    game_negamax,
    maxn,
    minimax,
    negamax,
    opponent_models,
    paranoid,
    separate_evaluations,
    unfold,
)
from gametree.spec.fold import fold
from gametree.spec.minimax import e, minimax_choice
from gametree.spec.search import (
    cut_minimax,
    cut_negamax,
    cut_tree,
    move_values,
    optimal_moves,
    static_plausibility,
    tapered,
)
from gametree.spec.tree import check_well_formed
from gametree.spec.values import exact_value, worth

SCALARS = Node.by_depth([[3, 12], [2]])
TRIPLES = Node.by_depth([[(1, 2, 3), (3, 2, 1)], [(2, 2, 2)]])
PAIRS = Node.by_depth([[(1, 2), (3, 2)], [(2, 2)]])


def test_bounds_on_a_scalar_tree_are_refused_with_the_reason_at_the_root() -> None:
    with pytest.raises(TreeError) as caught:
        check_bounds(Node.by_depth([[1, 2], [3]]), Bounds(0, 9))
    assert caught.value.problem == (
        "Korf's bounds apply to N-player vector values (got scalar values)"
    )
    assert caught.value.path == ()


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize(("lower", "total"), [(2, 9), (Fraction(1, 3), 5), (-4, -1)])
def test_shifting_subtracts_the_lower_bound_from_each_component(
    players: int, lower: int | Fraction, total: int
) -> None:
    """Korf 3.2: subtracting ``lower`` from all N components lowers the sum by N * lower."""
    shifted = Bounds(lower, total).shifted(players)
    assert shifted == Bounds(0, total - sum([lower] * players))


def test_a_tree_error_carries_its_message_as_its_argument() -> None:
    """As for any ValueError: ``args`` is the message, so the error pickles and prints alike."""
    e = TreeError("a problem", [1, 0])
    assert e.args == ("a problem at path [1, 0]",)
    assert pickle.loads(pickle.dumps(e)).args == e.args


def test_well_formed_pairs_and_given_subtrees_are_accepted() -> None:
    """Pairs are vectors (N = 2); a Leaf or Node inside by_depth's lists is taken as it is."""
    pairs = Node.by_depth([[(1, -1), (2, -2)], [(3, -3)]])
    check_well_formed(pairs)
    given = Node(0, [1, 2])
    t = Node.by_depth([[Leaf(3), given], [4]])
    assert t.children[0].children[1] is given  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "nested",
    [[[3, 12, 8], [2]], [[[1, 2]], [(3)]], [[1]], [[Fraction(1, 2), 2.5], [Fraction(-1, 3)]]],
)
def test_a_tree_s_repr_evaluates_back_to_the_tree_and_writes_tuples_as_python_does(
    nested: list[object],
) -> None:
    t = Node.by_depth(nested)
    assert eval(repr(t), {"Node": Node, "Leaf": Leaf, "Fraction": Fraction}) == t
    assert repr(t) == naive_repr(t)


class Raw:
    """Stands for a text in a container's repr."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def naive_repr(t: Node | Leaf) -> str:
    """The repr by recursion, with Python's own tuple formatting (``(x,)`` for one child)."""
    if isinstance(t, Leaf):
        return f"Leaf({t.value!r})"
    return f"Node({t.to_move}, {tuple(Raw(naive_repr(c)) for c in t.children)!r})"


def test_the_fault_path_of_a_failing_combine_is_the_node_being_combined() -> None:
    """A fault raised while the node at path (1, 1, 1) combines its children is reported there."""
    nested: object = [[1, [2, 3]], [4, [5, [6, 7]]]]

    def expand(x: object) -> Sequence[object] | None:
        return x if isinstance(x, list) else None

    def leaf(x: object) -> int:
        assert isinstance(x, int)
        return x

    def combine(x: object, kids: Sequence[object], results: list[int]) -> int:
        if x == [6, 7]:
            raise TreeError("cannot combine")
        return sum(results)

    with pytest.raises(TreeError) as caught:
        fold(nested, expand, leaf, combine)
    assert caught.value.path == (1, 1, 1)


def test_a_child_of_the_wrong_kind_is_named_by_its_leftmost_leaf() -> None:
    """The fault's path goes from the odd child down its first children to its first leaf."""
    odd = Node(1, [Node(0, [(1, 2), (3, 4)]), (5, 6)])  # the first child is the deeper one
    with pytest.raises(TreeError) as caught:
        Node(0, [(1, 2, 3), odd])
    assert caught.value.path == (1, 0, 0)
    assert caught.value.problem == "a vector of length 2 where the first leaf's is 3 (got (1, 2))"


class NestedGame:
    """A game whose states are paths into nested lists; players move in turn by depth.

    ``evaluate`` of an interior state is the sum of its leaves (componentwise for vectors),
    so a cut tree's leaves differ from the whole tree's.
    """

    def __init__(self, nested: list[object], players: int) -> None:
        self.nested, self.players = nested, players

    def at(self, s: tuple[int, ...]) -> object:
        x: object = self.nested
        for i in s:
            assert isinstance(x, list)
            x = x[i]
        return x

    def initial_state(self) -> tuple[int, ...]:
        return ()

    def to_move(self, s: tuple[int, ...]) -> int:
        return len(s) % self.players

    def moves(self, s: tuple[int, ...]) -> Sequence[int]:
        x = self.at(s)
        return range(len(x)) if isinstance(x, list) else []

    def successor(self, s: tuple[int, ...], m: int) -> tuple[int, ...]:
        return (*s, m)

    def is_terminal(self, s: tuple[int, ...]) -> bool:
        return not isinstance(self.at(s), list)

    def utility(self, s: tuple[int, ...]) -> Value:
        v = self.at(s)
        assert isinstance(v, int | tuple)
        return v

    def evaluate(self, s: tuple[int, ...]) -> Value:
        return leaf_sum(self.at(s))


def leaf_sum(x: object) -> Value:
    """The sum of the leaves below ``x`` (componentwise for vectors)."""
    if isinstance(x, list):
        parts = [leaf_sum(c) for c in x]
        if isinstance(parts[0], tuple):
            return tuple(map(sum, zip(*parts, strict=True)))
        return sum(parts)  # type: ignore[arg-type]
    assert isinstance(x, int | tuple)
    return x


def leaf_max(x: object) -> Value:
    """Another static evaluation: the largest leaf below ``x`` (scalar trees only)."""
    return max(leaf_max(c) for c in x) if isinstance(x, list) else x  # type: ignore[return-value]


TWO = NestedGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]], 2)
THREE = NestedGame([[(1, 2, 3), (4, 0, 1)], [(2, 2, 2), (0, 5, 0)], [(3, 1, 1), (1, 1, 6)]], 3)


def forged(t: Node | Leaf, **fields: object) -> Node | Leaf:
    """``t`` with fields overwritten behind its validators, as a tree read from elsewhere."""
    for name, value in fields.items():
        object.__setattr__(t, name, value)
    return t


ERRORS: list[tuple[str, Callable[[], object], str, tuple[int, ...] | None]] = [
    (
        "by_depth of a tuple",
        lambda: Node.by_depth((1, 2)),
        "Node.by_depth reads a node as a list (got (1, 2) of type tuple)",
        (),
    ),
    (
        "a player out of range",
        lambda: Node(2, [1, 2]),
        "'to_move' must be in 0..1 (got 2)",
        (),
    ),
    (
        "a player below range",
        lambda: Node(-1, [(1, 2, 3)]),
        "'to_move' must be in 0..2 (got -1)",
        (),
    ),
    (
        "a player that is a bool",
        lambda: Node(True, [1]),
        "'to_move' must be an int (got True of type bool)",
        (),
    ),
    (
        "a player that is a string",
        lambda: Node("0", [1]),  # type: ignore[arg-type]
        "'to_move' must be an int (got '0' of type str)",
        (),
    ),
    (
        "no children",
        lambda: Node(0, []),
        "an interior node needs at least one child (got none)",
        (),
    ),
    (
        "a list among the children",
        lambda: Node(0, [1, [1, 2]]),
        (
            "a child must be a Leaf, a Node, a number or a tuple of numbers (got the list "
            "[1, 2]); nested lists are read by Node.by_depth"
        ),
        (1,),
    ),
    (
        "a child that is no value",
        lambda: Node(0, [1, "x"]),
        "a value must be an int, a Fraction or a finite float (got 'x' of type str)",
        (1,),
    ),
    (
        "children that are a number",
        lambda: Node(0, 5),
        "'children' must be a sequence of trees (got 5 of type int)",
        (),
    ),
    (
        "children that are a string",
        lambda: Node(0, "ab"),
        "'children' must be a sequence of trees (got 'ab' of type str)",
        (),
    ),
    (
        "a scalar among vectors",
        lambda: Node(0, [(1, 2), 3]),
        "a scalar leaf among vector leaves (got 3)",
        (1,),
    ),
    (
        "minimax of triples",
        lambda: minimax(TRIPLES),
        (
            "minimax needs a two-player tree with scalar values (got 3-player vector values); "
            "for vectors use maxn, or spec.as_pairs for the reverse"
        ),
        (),
    ),
    (
        "negamax of triples",
        lambda: negamax(TRIPLES),
        (
            "negamax needs a two-player tree with scalar values (got 3-player vector values); "
            "for vectors use maxn, or spec.as_pairs for the reverse"
        ),
        (),
    ),
    (
        "an empty first list",
        lambda: Node.by_depth([[], [1]]),
        "an interior node needs at least one child (got [])",
        (0,),
    ),
    (
        "an empty later list",
        lambda: Node.by_depth([[1], [2, []]]),
        "an interior node needs at least one child (got [])",
        (1, 1),
    ),
    (
        "a given node of the wrong kind",
        lambda: Node.by_depth([[3, 4], [Node(0, [Node(1, [(1, 2)])])]]),
        "a vector leaf among scalar leaves (got (1, 2))",
        (1, 0, 0, 0),
    ),
    (
        "a forged leaf value with one component",
        lambda: check_well_formed(Node(0, [forged(Leaf((1, 2)), value=(1,))])),
        "a leaf value is not an exact scalar or vector (got (1,))",
        (0,),
    ),
    (
        "a forged leaf value with a float component",
        lambda: check_well_formed(
            Node(0, [(1, 2), Node(1, [forged(Leaf((3, 4)), value=(0.5, 1))])])
        ),
        "a leaf value is not an exact scalar or vector (got (0.5, 1))",
        (1, 0),
    ),
    (
        "a forged summary",
        lambda: check_well_formed(forged(Node(0, [1, 2]), players=3)),
        "a node's summary disagrees with its children",
        (),
    ),
    (
        "separate evaluations of scalars",
        lambda: separate_evaluations(SCALARS),
        (
            "separate_evaluations needs N-player vector values (got scalar values); "
            "spec.as_pairs turns a two-player tree into pairs (x, -x)"
        ),
        (),
    ),
    (
        "maxn of scalars",
        lambda: maxn(SCALARS),
        (
            "maxn needs N-player vector values (got scalar values); "
            "spec.as_pairs turns a two-player tree into pairs (x, -x)"
        ),
        (),
    ),
    (
        "separate evaluations of triples",
        lambda: separate_evaluations(TRIPLES),
        (
            "separate_evaluations needs pairs (Max's value, Min's value) (got 3-vectors); with "
            "more players each already judges by its own component: use maxn"
        ),
        (),
    ),
    (
        "a model that gives no value",
        lambda: opponent_models(SCALARS, [lambda v: v, lambda v: "x"]),
        (
            "the model for depth 1 gave a bad value: a value must be an int, a Fraction or a "
            "finite float (got 'x' of type str)"
        ),
        (0,),
    ),
    (
        "a model that gives a triple for two players",
        lambda: opponent_models(SCALARS, [lambda v: v, lambda v: (v, v, v)]),
        "the model for depth 1 must give a scalar or a 2-vector (got (3, 3, 3))",
        (0,),
    ),
    (
        "a model that gives a pair for three players",
        lambda: opponent_models(TRIPLES, [lambda v: v, lambda v: (1, 2)]),
        "the model for depth 1 must give a 3-vector (got (1, 2))",
        (0,),
    ),
    (
        "a paranoid player out of range",
        lambda: paranoid(TRIPLES, 3),
        "'player' must be in 0..2 (got 3)",
        (),
    ),
    (
        "a paranoid player that is a bool",
        lambda: paranoid(TRIPLES, True),
        "'player' must be in 0..2 (got True)",
        (),
    ),
    (
        "a paranoid player that is a string",
        lambda: paranoid(TRIPLES, "1"),  # type: ignore[arg-type]
        "'player' must be in 0..2 (got '1')",
        (),
    ),
    (
        "pairs of pairs",
        lambda: as_pairs(PAIRS),
        "as_pairs needs a scalar leaf (got (1, 2))",
        (0, 0),
    ),
    (
        "game_minimax of three players",
        lambda: game_minimax(THREE, (), 1),
        "game_minimax needs a 2-player game (got 3 players)",
        None,
    ),
    (
        "game_negamax of three players",
        lambda: game_negamax(THREE, (), 1),
        "game_negamax needs a 2-player game (got 3 players)",
        None,
    ),
]
"""What the spec promises to say, and where, for each fault: the whole text, not a fragment."""


def lambda_max(s: tuple[int, ...]) -> Value:
    return leaf_max(TWO.at(s))


def cut_once(game: NestedGame, evaluate: Callable[[object], Value]) -> Node:
    """The game's tree cut at depth 1, built by hand: the root and its evaluated children."""
    return Node(0, [Leaf(evaluate(game.at((m,)))) for m in game.moves(())])


@pytest.mark.parametrize("own", [True, False])
def test_unfold_cuts_at_the_depth_with_the_evaluation_asked_for(own: bool) -> None:
    evaluate = leaf_sum if own else leaf_max
    given = None if own else lambda_max
    assert unfold(TWO, (), 1, evaluate=given) == cut_once(TWO, evaluate)
    assert unfold(TWO, (), None, evaluate=given) == Node.by_depth(TWO.nested)
    assert cut_tree(TWO, (), 1, evaluate=given) == cut_once(TWO, evaluate)
    # Forward pruning to one move keeps the move whose successor Max values most.
    best = max(cut_once(TWO, evaluate).children, key=lambda c: c.value)  # type: ignore[union-attr]
    assert cut_tree(TWO, (), 1, keep=lambda ply: 1, evaluate=given) == Node(0, [best])


@pytest.mark.parametrize("own", [True, False])
def test_game_minimax_and_negamax_cut_at_the_depth_with_the_evaluation_asked_for(
    own: bool,
) -> None:
    evaluate = leaf_sum if own else leaf_max
    given = None if own else lambda_max
    cut = minimax(cut_once(TWO, evaluate))
    whole = minimax(Node.by_depth(TWO.nested))
    assert cut != whole  # the cut matters on this game
    assert game_minimax(TWO, (), 1, evaluate=given) == cut
    assert game_minimax(TWO, (), None, evaluate=given) == whole
    negamax_cut = game_negamax(TWO, (), 1, evaluate=given)
    assert (negamax_cut.value, negamax_cut.principal_variation) == (cut.value, (cut.best_move,))


def test_game_maxn_cuts_at_the_depth_with_the_evaluation_asked_for() -> None:
    cut = maxn(cut_once(THREE, leaf_sum))
    whole = maxn(Node.by_depth(THREE.nested))
    assert cut != whole
    assert game_maxn(THREE, (), 1) == cut
    assert game_maxn(THREE, (), None) == whole
    first = lambda s: THREE.at(s) if not isinstance(THREE.at(s), list) else (0, 0, len(s))  # noqa: E731
    assert game_maxn(THREE, (), 1, evaluate=first) == maxn(Node(0, [(0, 0, 1)] * 3))


@pytest.mark.parametrize("depth", [-1, 1.0, True])
@pytest.mark.parametrize("definition", [unfold, game_minimax, game_negamax, game_maxn])
def test_a_depth_that_is_not_a_non_negative_int_is_refused(
    definition: Callable[..., object], depth: object
) -> None:
    with pytest.raises(TreeError) as caught:
        definition(TWO, (), depth)
    assert caught.value.problem == f"'depth' must be a non-negative int or None (got {depth!r})"


def test_game_maxn_refuses_a_two_player_game_and_says_what_to_use() -> None:
    with pytest.raises(TreeError) as caught:
        game_maxn(TWO, (), 1)
    assert caught.value.problem == (
        "game_maxn needs an N-player game with vector values; for two players use "
        "game_negamax, which is maxn with pairs (x, -x) (Korf 3.1)"
    )


@pytest.mark.parametrize(
    ("make", "problem", "path"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS]
)
def test_each_fault_is_named_in_full_at_its_path(
    make: Callable[[], object], problem: str, path: tuple[int, ...] | None
) -> None:
    with pytest.raises(TreeError) as caught:
        make()
    assert (caught.value.problem, caught.value.path) == (problem, path)
    assert caught.value.args == (str(caught.value),)


def test_trees_that_differ_only_where_hashes_collide_are_unequal() -> None:
    """hash(-1) == hash(-2) in CPython, so these roots hash alike; the shared last child must
    not end the comparison before the first children are compared."""
    shared = Node(1, [5, 6])
    a, b = Node(0, [-1, shared]), Node(0, [-2, shared])
    assert hash(a) == hash(b)
    assert a != b
    assert a == Node(0, [-1, Node(1, [5, 6])])


def test_tapered_refuses_no_widths_and_a_width_below_one() -> None:
    with pytest.raises(ValueError, match=r"^tapered needs at least one width, the number of "):
        tapered()
    for widths in [(3, 0), (-1,)]:
        with pytest.raises(ValueError, match=r"^every width") as caught:
            tapered(*widths)
        ply = next(i for i, k in enumerate(widths) if k < 1)
        assert str(caught.value) == (
            f"every width must be a positive int (got {widths[ply]} at ply {ply} in {widths})"
        )


@pytest.mark.parametrize("own", [True, False])
def test_plausibility_and_optimal_moves_use_the_evaluation_asked_for(own: bool) -> None:
    given = None if own else lambda_max
    values = [c.value for c in cut_once(TWO, leaf_sum if own else leaf_max).children]  # type: ignore[union-attr]
    plausibility = static_plausibility(TWO, given)
    assert [plausibility((), m) for m in TWO.moves(())] == values
    assert optimal_moves(TWO, (), 1, evaluate=given) == tuple(
        i for i, v in enumerate(values) if v == max(values)
    )
    assert move_values(TWO, (), 1, evaluate=given) == tuple(enumerate(values))
    best = values.index(max(values))
    assert move_values(TWO, (), 1, keep=lambda ply: 1, evaluate=given) == ((best, values[best]),)
    for definition in (cut_minimax, cut_negamax):  # Max moves at the root: the two agree
        kept = definition(TWO, (), 1, keep=lambda ply: 1, evaluate=given)
        assert (kept.value, kept.principal_variation) == (values[best], (best,))
        whole = definition(TWO, (), 1, evaluate=given)
        assert (whole.value, whole.principal_variation) == (values[best], (best,))


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ("3", "a value must be an int, a Fraction or a finite float (got '3' of type str)"),
        (True, "a value must be an int, a Fraction or a finite float (got True of type bool)"),
        (float("inf"), "a value must be finite (got inf)"),
        (Decimal("NaN"), "a value must be finite (got Decimal('NaN'))"),
        (
            1j,
            "a value must be a real number: int, Fraction or finite float (got 1j of type complex)",
        ),
        ([1], "a vector value needs one component per player, at least 2 (got [1])"),
        ((), "a vector value needs one component per player, at least 2 (got [])"),
    ],
)
def test_a_value_that_is_not_exact_is_refused_in_full(given: object, problem: str) -> None:
    with pytest.raises(TreeError) as caught:
        exact_value(given)
    assert (caught.value.problem, caught.value.path) == (problem, None)


@pytest.mark.parametrize(
    ("given", "exact"),
    [
        (Decimal("0.5"), Fraction(1, 2)),
        (Decimal("-3"), -3),
        (0.75, Fraction(3, 4)),
        (Fraction(6, 2), 3),
        ([Fraction(1, 3), 2.0, Decimal("1.25")], (Fraction(1, 3), 2, Fraction(5, 4))),
    ],
)
def test_finite_numbers_become_exact_and_whole_ones_ints(given: object, exact: Value) -> None:
    converted = exact_value(given)
    assert converted == exact
    parts = converted if isinstance(converted, tuple) else (converted,)
    wants = exact if isinstance(exact, tuple) else (exact,)
    assert [type(c) for c in parts] == [type(c) for c in wants]


@pytest.mark.parametrize("definition", [unfold, game_minimax, game_negamax, cut_minimax])
def test_a_state_that_is_not_terminal_and_has_no_move_is_named_with_its_path(
    definition: Callable[..., object],
) -> None:
    stuck = NestedGame([[1, 2], [3, []]], 2)  # the state (1, 1) is a list, but an empty one
    with pytest.raises(TreeError) as caught:
        definition(stuck, (), None)
    assert (caught.value.problem, caught.value.path) == (
        "a state that is not terminal has no legal moves",
        (1, 1),
    )


class Unevaluated(NestedGame):
    """A NestedGame without a static evaluation."""

    evaluate = None  # type: ignore[assignment]


class Misreported(NestedGame):
    """A NestedGame whose utility, evaluation and mover are what the test sets."""

    def __init__(self, nested: list[object], players: int, **faults: object) -> None:
        super().__init__(nested, players)
        self.faults = faults

    def utility(self, s: tuple[int, ...]) -> Value:
        return self.faults.get("utility", super().utility(s))  # type: ignore[return-value]

    def evaluate(self, s: tuple[int, ...]) -> Value:
        return self.faults.get("evaluate", super().evaluate(s))  # type: ignore[return-value]

    def to_move(self, s: tuple[int, ...]) -> int:
        return self.faults.get("to_move", super().to_move(s))  # type: ignore[return-value]


GAME_ERRORS: list[tuple[str, object, int | None, str, tuple[int, ...] | None]] = [
    (
        "no static evaluation",
        Unevaluated(TWO.nested, 2),
        1,
        (
            "the depth limit cuts a state that is not terminal, and the game has no static "
            "evaluation; give the game an 'evaluate' method or pass evaluate="
        ),
        (0,),
    ),
    (
        "a utility that is no value",
        Misreported(TWO.nested, 2, utility="x"),
        None,
        (
            "the utility is not a value: a value must be an int, a Fraction or a finite float "
            "(got 'x' of type str)"
        ),
        (0, 0),
    ),
    (
        "a triple utility for two players",
        Misreported(TWO.nested, 2, utility=(1, 2, 3)),
        None,
        "the utility must be a scalar for a 2-player game (got (1, 2, 3))",
        (0, 0),
    ),
    (
        "a scalar evaluation for three players",
        Misreported(THREE.nested, 3, evaluate=5),
        1,
        "the static evaluation must be a 3-vector for a 3-player game (got 5)",
        (0,),
    ),
    (
        "a bad static evaluation",
        Misreported(TWO.nested, 2, evaluate=float("nan")),
        1,
        "the static evaluation is not a value: a value must be finite (got nan)",
        (0,),
    ),
    (
        "a mover out of range",
        Misreported(TWO.nested, 2, to_move=2),
        None,
        "'to_move' must be in 0..1 (got 2)",
        None,  # where the mover is first asked, which differs between the definitions
    ),
    (
        "a mover below range",
        Misreported(THREE.nested, 3, to_move=-1),
        None,
        "'to_move' must be in 0..2 (got -1)",
        None,  # where the mover is first asked, which differs between the definitions
    ),
    (
        "a mover that is a bool",
        Misreported(TWO.nested, 2, to_move=True),
        None,
        "'to_move' must be in 0..1 (got True)",
        None,  # where the mover is first asked, which differs between the definitions
    ),
    (
        "a mover that is a string",
        Misreported(TWO.nested, 2, to_move="0"),
        None,
        "'to_move' must be in 0..1 (got '0')",
        None,  # where the mover is first asked, which differs between the definitions
    ),
]
"""A faulty game, the depth, and what every game definition must say, and where."""


@pytest.mark.parametrize(
    ("game", "depth", "problem", "path"),
    [e[1:] for e in GAME_ERRORS],
    ids=[e[0] for e in GAME_ERRORS],
)
def test_each_fault_of_a_game_is_named_in_full_at_its_path(
    game: NestedGame, depth: int | None, problem: str, path: tuple[int, ...] | None
) -> None:
    definitions: list[Callable[..., object]] = [
        unfold,
        game_maxn if game.players == 3 else game_minimax,
    ]
    if game.players == 2:
        definitions += [game_negamax, cut_minimax, cut_negamax, cut_tree]
    for definition in definitions:
        with pytest.raises(TreeError) as caught:
            definition(game, (), depth)
        assert caught.value.problem == problem, definition
        assert caught.value.path == path or (path is None and caught.value.path is not None)


def test_depth_zero_is_the_state_s_own_evaluation() -> None:
    root = leaf_sum(TWO.nested)
    assert unfold(TWO, (), 0) == Leaf(root)
    assert game_minimax(TWO, (), 0).value == root
    assert game_negamax(TWO, (), 0).value == root  # Max moves at the root


class Noisy(NestedGame):
    """A NestedGame with quiescence: only the root is not quiet; ``noisy`` are its noisy moves.

    Both depend on the state given, as a real game's do.
    """

    def __init__(self, nested: list[object], noisy: Sequence[int]) -> None:
        super().__init__(nested, 2)
        self.noisy = noisy

    def is_quiet(self, s: tuple[int, ...]) -> bool:
        return len(s) > 0

    def noisy_moves(self, s: tuple[int, ...]) -> Sequence[int]:
        return [m for m in self.noisy if len(s) == 0]


class Unsorted(NestedGame):
    """A NestedGame with quiescence whose every move is noisy (it has no noisy_moves)."""

    def is_quiet(self, s: tuple[int, ...]) -> bool:
        return len(s) > 0


CUT_ERRORS: list[tuple[str, Callable[[], object], str]] = [
    (
        "quiescence without is_quiet",
        lambda: cut_minimax(TWO, (), 1, quiescence=1),
        (
            "quiescence needs a game that says which states are quiet: give it an 'is_quiet' "
            "method (spec.QuiescentGame)"
        ),
    ),
    (
        "a negative depth",
        lambda: cut_minimax(TWO, (), -1),
        "'depth' must be a non-negative int or None (got -1)",
    ),
    (
        "three players",
        lambda: cut_minimax(THREE, (), 1),
        "the search definitions needs a 2-player game (got 3 players)",
    ),
    (
        "a quiescence that is a bool",
        lambda: cut_minimax(TWO, (), 1, quiescence=True),
        "'quiescence' must be a non-negative int (got True)",
    ),
    (
        "a negative quiescence",
        lambda: cut_minimax(TWO, (), 1, quiescence=-1),
        "'quiescence' must be a non-negative int (got -1)",
    ),
    (
        "forward pruning without an evaluation",
        lambda: cut_minimax(Unevaluated(TWO.nested, 2), (), 1, keep=lambda ply: 1),
        (
            "forward pruning ranks moves by plausibility, by default the static value of the "
            "successor, and the game has no static evaluation; give the game an 'evaluate' "
            "method, or pass evaluate= or plausibility="
        ),
    ),
    (
        "a width of zero",
        lambda: cut_minimax(TWO, (), 1, keep=lambda ply: 0),
        "keep(ply) must be a positive int (got 0 at ply 0)",
    ),
    (
        "a width that is a bool",
        lambda: cut_minimax(TWO, (), 2, keep=lambda ply: 2 if ply == 0 else True),
        "keep(ply) must be a positive int (got True at ply 1)",
    ),
    (
        "a plausibility that is no value",
        lambda: cut_minimax(TWO, (), 1, keep=lambda ply: 1, plausibility=lambda s, m: "x"),
        (
            "the plausibility of move 0 is not a value: a value must be an int, a Fraction or a "
            "finite float (got 'x' of type str)"
        ),
    ),
    (
        "a noisy move that is not a move",
        lambda: cut_minimax(Noisy(TWO.nested, [7]), (), 0, quiescence=1),
        "a noisy move must be one of the state's moves (got 7)",
    ),
]
"""Faults in a search definition's arguments, and what it must say about them, in full."""


@pytest.mark.parametrize(
    ("make", "problem"), [e[1:] for e in CUT_ERRORS], ids=[e[0] for e in CUT_ERRORS]
)
def test_each_fault_of_a_cut_is_named_in_full(make: Callable[[], object], problem: str) -> None:
    with pytest.raises(TreeError) as caught:
        make()
    assert caught.value.problem == problem


def test_quiescence_extends_the_horizon_by_the_noisy_moves_only() -> None:
    """At depth 0 the root, which is not quiet, is expanded by its noisy moves (all of them
    when the game does not say which are noisy); its children are quiet, so leaves."""
    for game, moves in [(Noisy(TWO.nested, [1, 2]), (1, 2)), (Unsorted(TWO.nested, 2), (0, 1, 2))]:
        expected = Node(0, [Leaf(leaf_sum(TWO.at((m,)))) for m in moves])
        assert cut_tree(game, (), 0, quiescence=1) == expected
        assert cut_tree(game, (), 0, quiescence=2) == expected
        assert cut_tree(game, (), 0) == Leaf(leaf_sum(TWO.nested))


def test_forward_pruning_as_wide_as_the_moves_ranks_nothing() -> None:
    """keep(ply) at least the number of moves keeps them all, without asking plausibility."""
    whole = cut_tree(TWO, (), 1)
    assert cut_tree(TWO, (), 1, keep=lambda ply: 3, plausibility=lambda s, m: "x") == whole
    assert cut_tree(TWO, (), 1, keep=lambda ply: 4, plausibility=lambda s, m: "x") == whole


def test_forward_pruning_takes_the_evaluation_given_when_the_game_has_none() -> None:
    kept = cut_tree(Unevaluated(TWO.nested, 2), (), 1, keep=lambda ply: 1, evaluate=lambda_max)
    best = max(leaf_max(c) for c in TWO.nested)
    assert kept == Node(0, [Leaf(best)])


def shape(x: Node | Leaf) -> tuple[int, int, int]:
    """(size, leaf count, height) by recursion, to check the summaries kept by construction."""
    if isinstance(x, Leaf):
        return 1, 1, 0
    parts = [shape(c) for c in x.children]
    return (
        1 + sum(s for s, _, _ in parts),
        sum(n for _, n, _ in parts),
        1 + max(h for *_, h in parts),
    )


@pytest.mark.parametrize("nested", [[1], [[1, 2], [3, [4, [5, 6]]]], [[[1]], 2, [3, 4, 5]]])
def test_a_node_s_summaries_are_its_subtree_s_size_leaves_and_height(nested: list[object]) -> None:
    t = Node.by_depth(nested)
    assert (t.size, t.leaf_count, t.height) == shape(t)


def test_hashes_separate_small_trees_and_players() -> None:
    """Not a promise of no collisions, but a hash that tells these apart (dicts rely on it)."""
    leaves = [Leaf(v) for v in range(10)]
    assert len({hash(leaf) for leaf in leaves}) == len(leaves)
    nodes = [Node(p, [a, b]) for p in (0, 1) for a in range(3) for b in range(3)]
    assert len({hash(n) for n in nodes}) == len(nodes)


@pytest.mark.parametrize("v", [5, -2, Fraction(1, 3)])
def test_a_scalar_is_worth_itself_to_max_and_its_negation_to_min(v: int | Fraction) -> None:
    assert (worth(v, 0), worth(v, 1)) == (v, -v)
    assert (e(v, 0), e(v, 1)) == (v, -v)
    assert minimax_choice(0, [v, 2 * v]) == (max(v, 2 * v), [v, 2 * v].index(max(v, 2 * v)))
    assert minimax_choice(1, [v, 2 * v]) == (min(v, 2 * v), [v, 2 * v].index(min(v, 2 * v)))
