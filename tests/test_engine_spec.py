"""spec.search, the definitions of the engine techniques, checked against spec.game and by hand.

Without quiescence or forward pruning the cut tree is spec.game's; the explicit cut tree gives
the same value under spec.minimax; forward pruning keeps exactly the k most plausible moves;
quiescence resolves the Game Tree Search notes' horizon effect on a worked example; and every
definition raises a clear error for a game or an argument it cannot take.
"""

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree.games import Board, Nim, NimState
from gametree.spec import (
    Node,
    TreeError,
    game_minimax,
    game_negamax,
    minimax,
    negamax,
    unfold,
    worth,
)
from gametree.spec.search import (
    cut_minimax,
    cut_negamax,
    cut_tree,
    move_values,
    optimal_moves,
    static_plausibility,
    tapered,
)
from tests.engine_checks import Case, cases, replay
from tests.engine_games import TICTACTOE, Exchange, ExchangeState, Fuse
from tests.test_games import UNEVALUATED


@given(cases(cuts=False))
def test_without_quiescence_or_pruning_the_cut_is_spec_game(case: Case) -> None:
    """Definition 1: static evaluation at the frontier is game_minimax and game_negamax."""
    g, s, d = case.game, case.state, case.depth
    assert cut_minimax(g, s, d) == game_minimax(g, s, d)
    assert cut_negamax(g, s, d) == game_negamax(g, s, d)
    assert cut_tree(g, s, d) == unfold(g, s, d)


@given(cases())
def test_the_explicit_cut_tree_has_the_same_value(case: Case) -> None:
    t = cut_tree(case.game, case.state, **case.cut())
    by_game = cut_minimax(case.game, case.state, **case.cut())
    assert minimax(t).value == by_game.value
    if isinstance(t, Node):
        assert negamax(t).value == cut_negamax(case.game, case.state, **case.cut()).value


@given(cases())
def test_negamax_is_minimax_seen_by_the_mover(case: Case) -> None:
    m = cut_minimax(case.game, case.state, **case.cut())
    n = cut_negamax(case.game, case.state, **case.cut())
    assert n.value == worth(m.value, case.game.to_move(case.state))
    assert n.principal_variation == m.principal_variation


@given(cases())
def test_optimal_moves_are_the_moves_worth_the_value(case: Case) -> None:
    """Definition 2: the spec's best move is the first optimal move; the others are worse."""
    solution = cut_negamax(case.game, case.state, **case.cut())
    values = move_values(case.game, case.state, **case.cut())
    best = optimal_moves(case.game, case.state, **case.cut())
    if not values:
        assert best == ()
        assert solution.principal_variation == ()
        return
    assert best[0] == solution.best_move
    assert [i for i, _ in values] == sorted(i for i, _ in values)
    for i, v in values:
        assert (i in best) == (v == solution.value)
        assert v <= solution.value


@given(cases())
def test_the_principal_variation_reaches_a_leaf_worth_the_value(case: Case) -> None:
    solution = cut_minimax(case.game, case.state, **case.cut())
    pv = solution.principal_variation
    end = replay(case.game, case.state, pv)
    r = None if case.depth is None else case.depth - len(pv)
    leaf = cut_tree(case.game, end, **case.cut(r, len(pv)))
    assert not isinstance(leaf, Node)
    assert leaf.value == solution.value


@given(cases(cuts=False), st.lists(st.integers(1, 4), min_size=1, max_size=3))
def test_forward_pruning_keeps_the_k_most_plausible_moves_in_the_games_order(
    case: Case, widths: list[int]
) -> None:
    """Definition 6 at the root, checked against a ranking written out independently."""
    keep = tapered(*widths)
    g, s = case.game, case.state
    kept = [i for i, _ in move_values(g, s, case.depth, keep=keep)]
    full = [i for i, _ in move_values(g, s, case.depth)]
    if not full:
        assert kept == []
        return
    assert len(kept) == min(widths[0], len(full))
    assert kept == sorted(kept)
    plausible = static_plausibility(g)
    ms = g.moves(s)
    for i in full:
        if i not in kept:
            for j in kept:
                assert (plausible(s, ms[j]), -j) > (plausible(s, ms[i]), -i)


@given(cases(cuts=False))
def test_forward_pruning_wider_than_every_state_is_no_pruning(case: Case) -> None:
    g, s, d = case.game, case.state, case.depth
    assert cut_minimax(g, s, d, keep=tapered(9)) == cut_minimax(g, s, d)


def test_forward_pruning_with_a_plausibility_of_ones_own() -> None:
    """Keep the two highest cells: X at the root considers only cells 7 and 8, O then 6 and 8."""
    b = TICTACTOE.initial_state()
    cells = cut_negamax(
        TICTACTOE, b, 2, keep=tapered(2), plausibility=lambda s, m: m, evaluate=lambda s: 0
    )
    assert [
        i for i, _ in move_values(TICTACTOE, b, 1, keep=tapered(2), plausibility=lambda s, m: m)
    ] == [7, 8]
    assert cells.value == 0
    assert cells.principal_variation == (7, 6)


# Quiescence: the horizon effect of the Game Tree Search notes, and its resolution.

CAPTURE_TRAP = Exchange(((1, 9),), (0,), 2)
"""X may capture a 1, but that exposes a 9 that O takes back; two plies in all."""


def test_the_horizon_effect_and_quiescence() -> None:
    """At depth 1 the capture looks good (+1): the recapture is beyond the horizon.

    Quiescence extends the non-quiet frontier by captures: after X's capture O takes the 9
    (-8); after X's quiet move O takes the 1 (-1). So the quiet move is best, worth -1, which
    is the value of the whole game.
    """
    s = CAPTURE_TRAP.initial_state()
    assert list(CAPTURE_TRAP.moves(s)) == [("q", 0), ("x", 0)]
    horizon = cut_negamax(CAPTURE_TRAP, s, 1)
    assert (horizon.value, horizon.best_move) == (1, 1)
    quiescent = cut_negamax(CAPTURE_TRAP, s, 1, quiescence=1)
    assert (quiescent.value, quiescent.principal_variation) == (-1, (0, 1))
    assert move_values(CAPTURE_TRAP, s, 1, quiescence=1) == ((0, -1), (1, -8))
    assert cut_negamax(CAPTURE_TRAP, s).value == -1


def test_quiescence_is_limited_by_its_extension() -> None:
    """A state still not quiet q plies beyond the horizon is evaluated: 0, not the end's 7."""
    fuse = Fuse(10, 7)
    s = fuse.initial_state()
    for q in range(10):
        assert cut_negamax(fuse, s, 0, quiescence=q) == (cut_negamax(fuse, s, q))
        assert len(cut_negamax(fuse, s, 0, quiescence=q).principal_variation) == q
    assert cut_negamax(fuse, s, 0, quiescence=10).value == 7
    assert cut_negamax(fuse, s, 0, quiescence=10**6).value == 7


def test_quiescence_deeper_than_the_recursion_limit() -> None:
    fuse = Fuse(100_000, 3)
    solution = cut_negamax(fuse, fuse.initial_state(), 0, quiescence=200_000)
    assert solution.value == 3
    assert len(solution.principal_variation) == 100_000


def test_quiescence_at_a_quiet_or_noiseless_state_is_its_evaluation() -> None:
    quiet = Exchange((), (0, 1), 3)
    s = ExchangeState((), 4, 3, 0)
    assert cut_negamax(quiet, s, 0, quiescence=5).value == 4
    assert cut_negamax(quiet, s, 0, quiescence=5).principal_variation == ()


# Errors.


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"quiescence": -1}, "'quiescence' must be a non-negative int"),
        ({"quiescence": True}, "'quiescence' must be a non-negative int"),
        ({"quiescence": 1}, "quiescence needs a game that says which states are quiet"),
        ({"keep": lambda ply: 0}, r"keep\(ply\) must be a positive int \(got 0 at ply 0\)"),
        ({"keep": tapered(1), "plausibility": lambda s, m: float("nan")}, "plausibility of move 0"),
        ({"depth": -1}, "'depth' must be a non-negative int or None"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, Any], message: str) -> None:
    b = TICTACTOE.initial_state()
    arguments = {"depth": 2, **kwargs}
    for definition in (cut_minimax, cut_negamax, move_values, optimal_moves, cut_tree):
        with pytest.raises(TreeError, match=message):
            definition(TICTACTOE, b, **arguments)


def test_a_noisy_move_must_be_a_move() -> None:
    class Liar(Exchange):
        def noisy_moves(self, state: ExchangeState) -> list[tuple[str, int]]:
            return [("x", 7)]

    game = Liar(((1,),), (0,), 3)
    with pytest.raises(
        TreeError, match=r"a noisy move must be one of the state's moves \(got \('x', 7\)\)"
    ) as raised:
        cut_negamax(game, game.initial_state(), 1, quiescence=1)
    assert raised.value.path == (0,)


def test_forward_pruning_by_static_value_needs_an_evaluation() -> None:
    class Bare:
        players = 2

        def __getattr__(self, name: str) -> Any:
            if name == "evaluate":
                raise AttributeError(name)
            return getattr(Nim((2,)), name)

    with pytest.raises(TreeError, match="forward pruning ranks moves by plausibility"):
        cut_negamax(Bare(), NimState((2,)), 1, keep=tapered(1))
    pruned = cut_negamax(Bare(), NimState((2,)), None, keep=tapered(1), plausibility=lambda s, m: 0)
    assert pruned.value == -1  # only the first move, taking 1 of 2, is kept: a loss


def test_a_fault_below_the_root_of_move_values_has_its_path() -> None:
    b = Board.parse("XX./OO./...")
    with pytest.raises(TreeError, match="no static evaluation") as raised:
        move_values(UNEVALUATED, b, 2)
    assert raised.value.path == (1, 0)


def test_three_players_are_refused() -> None:
    fuse3 = Fuse(3, 0, players=3)
    with pytest.raises(TreeError, match="needs a 2-player game"):
        cut_negamax(fuse3, 3, 1)


def test_tapered_names_its_bad_width() -> None:
    with pytest.raises(ValueError, match="at least one width"):
        tapered()
    with pytest.raises(ValueError, match=r"got True at ply 0"):
        tapered(True)
    assert tapered(4, 2)(0) == 4
    assert tapered(4, 2)(7) == 2
