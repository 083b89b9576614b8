"""Tests that kill mutants of ``impl`` the rest of the suite let survive (see ``mutation/``).

Each test states a documented behaviour exactly: the defaults of a search's keyword
arguments, the whole text and path of an error it promises, the repr of its internal values.
"""

import importlib
import operator
import re
import types
from collections.abc import Callable
from fractions import Fraction
from typing import Any
from unittest import mock

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.impl import _compiled
from gametree.impl._support import hollow_node
from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.deep import deep_pruning_unsound
from gametree.impl.immediate import immediate
from gametree.impl.last_branch import last_branch
from gametree.impl.maxn import maxn
from gametree.impl.maxn_stack import Backed
from gametree.impl.mtdf import mt, mtdf
from gametree.impl.ordering import History, order
from gametree.impl.paranoid import paranoid
from gametree.impl.pvs import pvs
from gametree.impl.result import SearchResult
from gametree.impl.shallow import shallow
from gametree.impl.speculative import speculative
from gametree.impl.table import EXACT, LOWER, UPPER, Entry, TranspositionTable, UnhashableStateError
from gametree.impl.window import BOTTOM, TOP, Extreme, external, window
from gametree.spec import Bounds, Leaf, Node, Scalar, Tree, TreeError, Value, subtree
from gametree.spec.strategies import scalar_trees
from tests.test_alphabeta import trees

TRIPLES = Node.by_depth([[(3, 3, 3), (4, 2, 3)], [(1, 5, 3), (6, 1, 2)]])
SCALARS = Node.by_depth([[3, 12], [2, 4]])
BOUNDS = Bounds(0, 9)

BOUNDED: dict[str, Callable[..., SearchResult[Value]]] = {
    "deep pruning": deep_pruning_unsound,
    "immediate pruning": immediate,
    "last-branch pruning": last_branch,
    "shallow pruning": shallow,
    "speculative pruning": speculative,
}
"""The searches that rely on Korf's bounds, by the name their errors give them."""


def bounded(search: Callable[..., SearchResult[Value]]) -> Callable[[Tree], SearchResult[Value]]:
    """``search`` with Korf's bounds fixed at ``BOUNDS``."""
    return lambda t: search(t, BOUNDS)


SEARCHES: dict[str, Callable[[Tree], SearchResult[Value]]] = {
    "maxn": maxn,
    "paranoid": paranoid,
    **{name: bounded(search) for name, search in BOUNDED.items()},
}


@pytest.mark.parametrize("name", SEARCHES)
def test_a_search_keeps_no_trace_unless_asked(name: str) -> None:
    search = SEARCHES[name]
    assert search(TRIPLES).trace is None


@pytest.mark.parametrize("name", [*BOUNDED, "maxn"])
def test_a_vector_search_of_scalars_is_refused_with_its_name(name: str) -> None:
    with pytest.raises(TreeError) as caught:
        SEARCHES[name](SCALARS)
    assert (caught.value.problem, caught.value.path) == (
        (
            f"{name} needs N-player vector values (got scalar values); "
            "spec.as_pairs turns a two-player tree into pairs (x, -x)"
        ),
        (),
    )


@pytest.mark.parametrize("name", BOUNDED)
def test_a_leaf_outside_the_bounds_is_refused_with_the_search_s_name(name: str) -> None:
    t = Node.by_depth([[(3, 3, 3), (4, 2, 3)], [(1, 5, 3), (6, 1, 9)]])
    with pytest.raises(TreeError) as caught:
        BOUNDED[name](t, BOUNDS)
    assert caught.value.problem == (f"{name} relies on {BOUNDS}: {BOUNDS.problem((6, 1, 9))}")


@pytest.mark.parametrize("player", [3, -1, True])
def test_a_paranoid_player_out_of_range_is_refused_at_the_root(player: int) -> None:
    with pytest.raises(TreeError) as caught:
        paranoid(TRIPLES, player)
    assert (caught.value.problem, caught.value.path) == (
        f"'player' must be in 0..2 (got {player!r})",
        (),
    )


def test_hollow_node_falls_back_to_the_prefix_when_no_node_is_hollow() -> None:
    error = hollow_node(SCALARS, [2, 1])
    assert (error.problem, error.path) == (
        "an interior node has no children (got a hollow Node)",
        (2, 1),
    )


def test_a_backed_value_shows_its_score_value_and_line_as_a_path() -> None:
    backed = Backed((1, 2), (0, 1), None).via(1).via(0)
    assert repr(backed) == "Backed((1, 2), (0, 1), line=(0, 1))"


TWO_PLAYER: dict[str, Callable[..., SearchResult[Scalar]]] = {
    "alphabeta": alphabeta,
    "negamax_alphabeta": negamax_alphabeta,
}


@pytest.mark.parametrize("name", TWO_PLAYER)
def test_an_alpha_beta_search_is_fail_hard_and_untraced_unless_asked(name: str) -> None:
    search = TWO_PLAYER[name]
    t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    window = (4, 5)  # the value, 3, is below it: fail-hard says 4, fail-soft 3
    hard, soft = search(t, *window, fail_soft=False), search(t, *window, fail_soft=True)
    assert hard.value != soft.value
    assert search(t, *window) == hard
    assert search(t).trace is None


SCALAR_ONLY: dict[str, Callable[..., SearchResult[Scalar]]] = {
    **TWO_PLAYER,
    "pvs": pvs,
    "mt": lambda t: mt(t, 0),
    "mtdf": mtdf,
}
"""The two-player searches, by the name their errors give them."""


@pytest.mark.parametrize("name", SCALAR_ONLY)
def test_an_alpha_beta_search_of_vectors_is_refused_with_its_name(name: str) -> None:
    with pytest.raises(TreeError) as caught:
        SCALAR_ONLY[name](TRIPLES)
    assert (caught.value.problem, caught.value.path) == (
        (
            f"{name} needs a two-player tree with scalar values (got 3-player vector values); "
            "for vectors use maxn"
        ),
        (),
    )


def hollowed(t: Node, path: tuple[int, ...]) -> Node:
    """``t`` with the node at ``path`` emptied behind its validators (the only way to meet one)."""
    x = subtree(t, path)
    object.__setattr__(x, "children", ())
    return t


@pytest.mark.parametrize("trace", [False, True])
@pytest.mark.parametrize("name", TWO_PLAYER)
def test_a_hollow_node_is_named_by_its_path(name: str, *, trace: bool) -> None:
    """With a trace every tree is searched by the loop; without, by the recursion."""
    t = hollowed(Node.by_depth([[1, 2], [3, [4, 5]], [6]]), (1, 1))
    with pytest.raises(TreeError) as caught:
        TWO_PLAYER[name](t, trace=trace)
    assert (caught.value.problem, caught.value.path) == (
        "an interior node has no children (got a hollow Node)",
        (1, 1),
    )


def test_external_turns_the_infinities_back_into_bottom_and_top() -> None:
    assert external(float("-inf")) is BOTTOM
    assert external(float("inf")) is TOP
    assert external(-3) == -3
    assert external(Fraction(1, 3)) == Fraction(1, 3)
    with pytest.raises(
        ValueError, match=r"^an internal bound is an exact scalar or an infinity \(got 0\.0\)$"
    ):
        external(0.0)


def test_a_bad_window_end_is_named_with_its_type() -> None:
    with pytest.raises(TypeError, match=r"^'beta' must be .* or TOP \(got 'x' of type str\): "):
        window(0, "x")
    with pytest.raises(TypeError, match=r"^'alpha' must be .* or TOP \(got \[\] of type list\): "):
        window([], 0)


def test_no_extreme_is_above_itself_and_there_are_only_two() -> None:
    assert not operator.gt(TOP, TOP)
    assert not operator.gt(BOTTOM, BOTTOM)
    assert TOP > BOTTOM
    assert Extreme(1) is TOP
    with pytest.raises(ValueError, match=r"-1 \(BOTTOM\) or 1 \(TOP\), got 0"):
        Extreme(0)  # type: ignore[arg-type]


def test_pvs_scouts_a_later_child_and_searches_it_again_when_it_is_better() -> None:
    """Max over Min[1, 2] and Min[5, 6], worked by hand from impl.pvs's docstring.

    The first child is searched with the full window: 1, so a = 1. The second is scouted
    ("above 1?"): Min must read 5 and 6 to show it, so the scout returns 5, and 1 < 5 < TOP
    sends it to a full search that reads 5 and 6 again. Interior entries: the root, the
    first child, the second child twice; leaves: 2 + 2 + 2.
    """
    r = pvs(Node.by_depth([[1, 2], [5, 6]]), trace=True)
    assert r.trace == ((0, 0), (0, 1), (1, 0), (1, 1), (1, 0), (1, 1))
    assert (r.value, r.principal_variation, r.leaves_evaluated, r.nodes_visited) == (
        5,
        (1, 0),
        6,
        10,
    )


def test_pvs_does_not_search_again_a_child_whose_scout_fails_at_alpha() -> None:
    """Max over Min[5, 6] and Min[5, 7]: a = 5; the scout "above 5?" reads 5 and stops.

    Its answer 5 is not inside (a, b) = (5, TOP), so no second search: 3 leaves, 3 entries.
    """
    r = pvs(Node.by_depth([[5, 6], [5, 7]]), trace=True)
    assert r.trace == ((0, 0), (0, 1), (1, 0))
    assert (r.value, r.leaves_evaluated, r.nodes_visited) == (5, 3, 6)


def test_pvs_does_not_search_again_a_child_whose_scout_reaches_beta() -> None:
    """Max over Min[1, 2] and Min[5, 6] in the window (0, 5): the scout answers 5 = b.

    That is a cutoff, not a value inside (a, b): no second search, 4 leaves, 3 entries.
    """
    r = pvs(Node.by_depth([[1, 2], [5, 6]]), 0, 5, trace=True)
    assert r.trace == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert (r.value, r.leaves_evaluated, r.nodes_visited) == (5, 4, 7)


def test_pvs_is_untraced_unless_asked() -> None:
    assert pvs(SCALARS).trace is None
    assert pvs(SCALARS, trace=True).trace is not None


def test_pvs_stops_at_a_child_worth_exactly_beta() -> None:
    """Max over leaves 5 and 9 in the window (0, 5): 5 reaches beta, a cutoff; 9 is not read."""
    r = pvs(Node(0, [5, 9]), 0, 5, trace=True)
    assert (r.value, r.trace) == (5, ((0,),))


def test_last_branch_walks_up_through_a_node_with_one_child() -> None:
    """Root (player 0) over (8, 1, 0) and a unary node (1) over a node (2) over two leaves.

    Sum 9. The node of player 2 gets 6 from (3, 0, 6), so the others can share 3; its parent
    has one child, so it is on its last branch, and the root already has 8 >= 3: the second
    leaf cannot matter (Sturtevant's last-branch cut-off through the unary node).
    """
    r = last_branch(Node.by_depth([(8, 1, 0), [[(3, 0, 6), (1, 1, 7)]]]), BOUNDS, trace=True)
    assert (r.value, r.trace) == ((8, 1, 0), ((0,), (1, 0, 0)))


def test_last_branch_subtracts_what_an_intermediate_player_already_has() -> None:
    """Root (0) over (4, 0, 5) and a node (1) over (4, 1, 4) and a node (2) over two leaves.

    Player 2 gets 5 from (0, 4, 5), so the others share 4; player 1 already has 1 at its node,
    which is on its last branch, leaving 3 for the root's player, who has 4 >= 3, and player
    1's best gives the root's player 4 <= 4: the cut-off holds, (2, 2, 5) is not read.
    """
    t = Node.by_depth([(4, 0, 5), [(4, 1, 4), [(0, 4, 5), (2, 2, 5)]]])
    r = last_branch(t, BOUNDS, trace=True)
    assert (r.value, r.trace) == ((4, 0, 5), ((0,), (1, 0), (1, 1, 0)))


def test_last_branch_stops_its_walk_at_a_player_met_twice() -> None:
    """Players 1, 2, 1, 0 down a path: the walk up from player 0 stops at the second 1.

    The root's 8 would be enough for a cut-off (player 0 has 6 of 9), but the root's player
    moves twice on the path, so the condition does not apply and (7, 1, 1) is read.
    """
    t = Node(1, [(0, 8, 1), Node(2, [Node(1, [Node(0, [(6, 0, 3), (7, 1, 1)])])])])
    r = last_branch(t, BOUNDS, trace=True)
    assert (r.value, r.trace) == ((0, 8, 1), ((0,), (1, 0, 0, 0), (1, 0, 0, 1)))


@pytest.mark.parametrize(
    ("flag", "value", "answers"),
    [
        (EXACT, 0, True),  # a value answers any window
        (LOWER, 5, True),  # at least 5 >= b: a cut-off
        (LOWER, 4, False),
        (UPPER, 4, True),  # at most 4 <= a: fails low
        (UPPER, 3, True),
        (UPPER, 5, False),  # at most 5: could be anywhere in (4, 5)
    ],
)
def test_a_table_entry_answers_the_window_its_flag_settles(
    flag: int, value: int, *, answers: bool
) -> None:
    """impl.table's rule, at the window (4, 5): EXACT always, LOWER if g >= b, UPPER if g <= a."""
    entry = Entry(2, 0, flag, value, None, horizon=False)
    assert entry.answers(2, 0, 4, 5, by_ply=False) is answers
    assert not entry.answers(3, 0, 4, 5, by_ply=False)  # another depth never answers


def test_a_table_keeps_what_it_was_built_with_and_what_it_stores() -> None:
    table: TranspositionTable[tuple[int, ...]] = TranspositionTable(by_ply=True)
    assert table.by_ply is True
    table.store((1,), 3, (0, 1), depth=2, ply=1, alpha=0, beta=9, horizon=True)
    assert table.lookup((1,)) == Entry(2, 1, EXACT, 3, (0, 1), horizon=True)


def test_a_table_names_a_state_it_cannot_store() -> None:
    table: TranspositionTable[object] = TranspositionTable(by_ply=False)
    with pytest.raises(UnhashableStateError, match=r"\(got \[1, 2\] of type list\)"):
        table.store([1, 2], 3, None, depth=1, ply=0, alpha=0, beta=9, horizon=False)


@st.composite
def orderings(draw: st.DrawFn) -> tuple[list[int], list[int], dict[str, object]]:
    """Arguments for impl.ordering.order: distinct moves, the indices chosen, and the parts."""
    moves = draw(st.lists(st.integers(0, 9), unique=True, min_size=1, max_size=7))
    shuffled = draw(st.permutations(range(len(moves))))
    chosen = shuffled[: draw(st.integers(1, len(moves)))]
    small = st.integers(-2, 2)  # few values: ties, so every later key is needed
    static = draw(st.none() | st.lists(small, min_size=len(moves), max_size=len(moves)))
    history = draw(st.none() | st.dictionaries(st.integers(0, 9), small))
    return (
        moves,
        list(chosen),
        {
            "hash_move": draw(st.none() | st.sampled_from(range(len(moves)))),
            "killers": draw(st.lists(st.integers(0, 12), unique=True, max_size=4)),
            "static": None if static is None else static.__getitem__,
            "history": None if history is None else (lambda m: history.get(m, 0)),
        },
    )


@given(orderings())
def test_order_is_hash_move_then_killers_then_static_then_history_then_the_games(
    args: tuple[list[int], list[int], dict[str, Any]],
) -> None:
    """impl.ordering's rule, checked part by part on the result."""
    moves, chosen, parts = args
    got = order(moves, chosen, **parts)
    assert sorted(got) == sorted(chosen)
    rest = list(got)
    if parts["hash_move"] in chosen:
        assert rest.pop(0) == parts["hash_move"]
    killed = [k for k in parts["killers"] if k in [moves[i] for i in rest]]
    assert [moves[i] for i in rest[: len(killed)]] == killed
    rest = rest[len(killed) :]
    static = parts["static"] or (lambda i: 0)
    history = parts["history"] or (lambda m: 0)
    keys = [(-static(i), -history(moves[i]), i) for i in rest]
    assert keys == sorted(keys)


def test_history_names_a_move_it_cannot_keep() -> None:
    uses: list[Callable[[History], object]] = [
        lambda h: h.score(0, [1]),
        lambda h: h.record(0, [1], 2),
    ]
    for use in uses:
        with pytest.raises(TypeError, match=r"\(got \[1\] of type list\); use immutable moves"):
            use(History())


F = Fraction
SPECULATIVE_CASES = [
    # Immediate pruning at the root: player 2 has the whole sum 9, the second leaf is not read.
    (Node(2, [(0, 0, 9), (0, 0, 9)]), BOUNDS, 1),
    # Shallow pruning on equality: player 3 has 8, the others share 1, player 2 has 1 >= 1.
    (
        Node(0, [Node(1, [Node(2, [(0, 0, 1, 8), (0, 0, 1, 8), Node(3, [(0, 0, 1, 8)] * 2)])])]),
        BOUNDS,
        3,
    ),
    # Speculative pruning through an intermediate whose best equals the root's share.
    (Node.by_depth([(1, 0, 8), [(1, 0, 8), [(1, 0, 8), (1, 0, 8)]]]), BOUNDS, 3),
    # The same, with an intermediate share to subtract (need -= x).
    (Node.by_depth([(1, 1, 7), [(1, 1, 7), [(1, 1, 7), (1, 1, 7)]]]), BOUNDS, 3),
    # A player met twice on the path (2 above 3 above 2): the walk stops there.
    (Node(2, [(0, 0, 1, 8), Node(2, [Node(3, [(0, 0, 1, 8), (0, 0, 1, 8)])])]), BOUNDS, 3),
    # No speculation at a node's last child.
    (
        Node.by_depth(
            [
                (0, 0, 0, 9),
                [
                    (0, 0, 0, 9),
                    [
                        (0, 0, 0, 9),
                        (0, 0, 1, 8),
                        Node(3, [(0, 0, 2, 7), Node(0, [(1, 0, 0, 8)]), (0, 0, 0, 9)]),
                    ],
                ],
            ]
        ),
        BOUNDS,
        6,
    ),
    # A re-search resolves the pending child whose pruning frame is the shallowest.
    (
        Node(
            0,
            [
                (-3, -3, -3, 9),
                (-3, -3, -3, 9),
                Node(
                    1,
                    [
                        (-3, -3, -3, 9),
                        (-3, F(-8, 3), -3, F(26, 3)),
                        Node(
                            2,
                            [
                                Node(3, [Node(0, [(F(26, 3), -3, -3, F(-8, 3)), (-3, -3, -3, 9)])]),
                                (-3, F(-7, 3), -3, F(25, 3)),
                                (-3, -3, -3, 9),
                                Node(3, [(-3, -3, F(-8, 3), F(26, 3)), (-3, -3, -3, 9)]),
                            ],
                        ),
                    ],
                ),
            ],
        ),
        Bounds(-3, 0),
        8,
    ),
    # Player 1's first two children are pruned on the root's bound and re-searched; during
    # the re-search the second stops on the value the first just returned (shallow pruning
    # against the re-searching node), so its second leaf is not read.
    (
        Node(
            0,
            [
                (2, 1, 1),
                Node(
                    1, [Node(2, [(0, 2, 2), (0, 3, 1)]), Node(2, [(0, 1, 3), (1, 1, 2)]), (3, 1, 0)]
                ),
            ],
        ),
        Bounds(0, 4),
        7,
    ),
    # A re-searched child can itself return a NIL naming the re-searching node, which
    # ignores it: re-search does not mean every pruning below is undone.
    (
        Node(
            2,
            [
                (4, 3, 2),
                Node(
                    0,
                    [
                        Node(1, [(1, 7, 1), (2, 0, 7)]),
                        (4, 1, 4),
                        Node(1, [Node(2, [(0, 1, 7), (1, 6, 2)])]),
                    ],
                ),
            ],
        ),
        BOUNDS,
        6,
    ),
    # After such a NIL the re-search goes on to the later children: the last one, a leaf
    # that is not re-searched, is player 0's choice and so the root's.
    (
        Node(
            2,
            [
                (0, 6, 3),
                Node(
                    0, [(1, 5, 3), Node(1, [(0, 7, 1), Node(2, [(1, 7, 1), (3, 4, 2)])]), (2, 0, 7)]
                ),
            ],
        ),
        BOUNDS,
        6,
    ),
]
"""Trees on which one mutant of impl.speculative reads other leaves: each found by a
Hypothesis search for a difference between the mutant and the original, then shrunk; the
leaf count is the original's, and its value is spec.maxn's (checked here too)."""


@pytest.mark.parametrize(("t", "bounds", "leaves"), SPECULATIVE_CASES)
def test_speculative_pruning_reads_these_leaves(t: Tree, bounds: Bounds, leaves: int) -> None:
    r = speculative(t, bounds)
    assert (r.value, r.leaves_evaluated) == (maxn(t).value, leaves)


@pytest.mark.slow
@given(
    scalar_trees(max_depth=5, max_branching=4, by_depth=False)
    | scalar_trees(max_depth=4, max_branching=3, min_value=-2, max_value=2),
    st.integers(-11, 11),
)
def test_mt_is_null_window_alpha_beta_on_integers(t: Tree, gamma: int) -> None:
    """Plaat et al.: MT(gamma) is fail-soft alpha-beta with a null window. On integer leaves
    "above gamma?" is the window (gamma, gamma + 1) and "at least gamma?" is (gamma - 1, gamma):
    the same leaves in the same order, the same nodes, the same bound."""
    for strict, w in ((True, (gamma, gamma + 1)), (False, (gamma - 1, gamma))):
        m = mt(t, gamma, strict=strict, trace=True)
        a = alphabeta(t, *w, fail_soft=True, trace=True)
        assert (m.value, m.trace, m.nodes_visited) == (a.value, a.trace, a.nodes_visited)
        assert m.leaves_evaluated == a.leaves_evaluated
    assert mt(t, gamma) == attrs.evolve(mt(t, gamma, strict=False, trace=True), trace=None)


def test_a_search_names_what_it_got_instead_of_a_tree() -> None:
    with pytest.raises(
        TypeError, match=r"^alphabeta searches a spec\.Leaf or spec\.Node \(got 'x' of type str\)"
    ):
        alphabeta("x")  # type: ignore[arg-type]


MTDF = importlib.import_module("gametree.impl.mtdf")
"""The module, which ``impl.mtdf`` (the function, re-exported by ``impl``) shadows."""
ALPHABETA = importlib.import_module("gametree.impl.alphabeta")
"""The module, which ``impl.alphabeta`` (the function) shadows likewise."""

SEED_TREE = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
"""Max to move over three Min nodes; minimax value 3, principal variation (0, 0)."""


@pytest.mark.parametrize(
    ("guess", "w", "value", "tests", "pv_reading", "interior"),
    [
        # From 20: "≥ 20?" reads 3, 2, 14 (each Min stops at once): f⁺ = 14. "≥ 14?": the
        # first two Min nodes are answered by their stored bounds 3 and 2, the third reads
        # 14, 5: f⁺ = 5. "≥ 5?" reads the third again: f⁺ = 3. "≥ 3?" reads 3, 12, 8 and
        # stops at the first child: f⁻ = 3 = f⁺. The reading of the principal variation
        # visits the root, tests (0) (answered by the table), walks into it, reads 3.
        # Interior visits: 4 + 4 + 4 + 2 by the tests, 3 by the reading.
        (
            20,
            (BOTTOM, TOP),
            3,
            [
                [(0, 0), (1, 0), (2, 0)],
                [(2, 0), (2, 1)],
                [(2, 0), (2, 1), (2, 2)],
                [(0, 0), (0, 1), (0, 2)],
            ],
            [(0, 0)],
            17,
        ),
        # From 20 clipped to beta = 10: "≥ 10?" reads 3, 2, 14, 5: f⁺ = 5, which is alpha:
        # MTD(f) stops there with the upper bound 5, without a test at 5.
        (20, (5, 10), 5, [[(0, 0), (1, 0), (2, 0), (2, 1)]], [], 4),
        # From -5: "≥ -5?" reads 3, 12, 8 and stops: f⁻ = 3, which is beta: stop, a lower bound.
        (-5, (-10, 3), 3, [[(0, 0), (0, 1), (0, 2)]], [], 2),
    ],
)
def test_mtdf_reads_the_leaves_worked_out_by_hand(
    *,
    guess: int,
    w: tuple[Any, Any],
    value: int,
    tests: list[list[tuple[int, ...]]],
    pv_reading: list[tuple[int, ...]],
    interior: int,
) -> None:
    """Plaat et al.'s MTD(f) on the Alpha-Beta Pruning article's tree, test by test, with the
    table's answers."""
    trace = [leaf for test in tests for leaf in test] + pv_reading
    r = mtdf(SEED_TREE, guess, *w, trace=True)
    assert (r.value, r.trace) == (value, tuple(trace))
    assert (r.leaves_evaluated, r.nodes_visited) == (len(trace), interior + len(trace))


@pytest.mark.parametrize(("search", "name"), [(mt, "gamma"), (mtdf, "first_guess")])
def test_a_test_value_that_is_not_a_scalar_is_refused_with_its_name(
    search: Callable[[Tree, Any], object], name: str
) -> None:
    problem = "a value must be an int, a Fraction or a finite float (got 'x' of type str)"
    with pytest.raises(
        TypeError, match=f"^'{name}' must be a finite exact scalar: {re.escape(problem)}$"
    ):
        search(SEED_TREE, "x")


def test_mtdf_keeps_no_trace_unless_asked() -> None:
    assert mtdf(SEED_TREE).trace is None
    assert mtdf(SEED_TREE, 20, BOTTOM, TOP).trace is None


def test_mtdf_s_first_test_asks_whether_the_value_is_at_least_the_guess() -> None:
    """Between the bounds the test is the paper's "at least f?": on two leaves worth 0 from the
    guess 0 it stops at the first leaf (f⁻ = 0); only then "above 0?" reads both (f⁺ = 0),
    and the principal variation's leaf is read last."""
    r = mtdf(Node(0, [0, 0]), 0, trace=True)
    assert (r.value, r.trace) == (0, ((0,), (0,), (1,), (0,)))


@pytest.mark.slow
@settings(max_examples=300)
@given(trees, st.integers(-12, 12))
def test_the_principal_variation_of_mtdf_is_read_from_its_table_alone(t: Tree, guess: int) -> None:
    """When f⁻ = f⁺ = v, every node on the principal variation holds both bounds equal to v,
    and each child tried before it holds a bound on the wrong side of v: each test that reads
    the principal variation visits one node, answered by the table, and reads no leaf."""
    reading = False
    tests: list[tuple[int, int]] = []
    real_mt, real_reading = MTDF._mt, MTDF._principal_variation

    def mt_spy(*args: Any, **kwargs: Any) -> Any:
        found = real_mt(*args, **kwargs)
        if reading:
            tests.append((found[2], found[3]))
        return found

    def reading_spy(*args: Any) -> Any:
        nonlocal reading
        reading = True
        try:
            return real_reading(*args)
        finally:
            reading = False

    with (
        mock.patch.object(MTDF, "_mt", mt_spy),
        mock.patch.object(MTDF, "_principal_variation", reading_spy),
    ):
        r = mtdf(t, guess)
    assert all(test == (1, 0) for test in tests)
    assert len(tests) + 1 >= len(r.principal_variation)


@pytest.mark.parametrize("name", ["minmax", "negamax"])
@pytest.mark.parametrize("above", [-1, 0, 1, 2])
def test_the_kernel_gets_each_highest_subtree_at_most_the_recursion_height(
    name: str, above: int
) -> None:
    """impl.alphabeta's hand-off: an untraced search gives the kernel the tree itself when it is
    at most ``RECURSION_HEIGHT`` high, else the one subtree of a chain that is exactly that
    high; a traced search never calls the kernel (the loop keeps the path)."""
    height = ALPHABETA.RECURSION_HEIGHT + above
    t: Tree = Leaf(0)
    for d in reversed(range(height)):
        t = Node(d % 2, [t, d % 5 - 2])
    handed: list[int] = []
    real = _compiled.KERNEL

    def spy(n: Node, *rest: Any) -> Any:
        handed.append(n.height)
        return getattr(real, name)(n, *rest)

    kernel = types.SimpleNamespace(Tally=real.Tally, **{name: spy})
    search = alphabeta if name == "minmax" else negamax_alphabeta
    with mock.patch.object(_compiled, "KERNEL", kernel):
        for soft in (False, True):
            traced = search(t, fail_soft=soft, trace=True)
            assert search(t, fail_soft=soft) == attrs.evolve(traced, trace=None)
    assert handed == [min(height, ALPHABETA.RECURSION_HEIGHT)] * 2


@given(trees, st.integers(-12, 12))
def test_a_bound_mt_stores_never_equals_the_one_it_replaces(t: Tree, guess: int) -> None:
    """The reason ``_store``'s strict comparisons can be ``>=`` and ``<=`` unchanged: a node's
    entry is the same at the store as at the lookup on entering it (a node is never its own
    descendant), and the lookup did not answer, so the stored bound is strictly on the other
    side of the new one. Traced, so every node is stored by ``_store`` (not ``rec``)."""
    stores: list[tuple[Any, Any]] = []
    real_store = MTDF._store

    def store_spy(table: Any, node: Node, g: Any, line: Any, gamma: Any, *, weak: bool) -> None:
        entry = table.get(id(node))
        if entry is not None:
            high = g > gamma or (weak and g == gamma)
            stores.append((g, entry[0] if high else entry[1]))
        real_store(table, node, g, line, gamma, weak=weak)

    with mock.patch.object(MTDF, "_store", store_spy):
        mtdf(t, guess, trace=True)
    assert all(g != held for g, held in stores)
