"""impl.engine against spec.search: every technique equals its definition, on random positions.

Games: tic-tac-toe, Nim, Exchange (captures, so positions that are not quiet, for quiescence)
and Bonus (a player moves twice in a row), each at several depths, with random forward
pruning (tapered widths 1-4) and, in Exchange, random quiescence limits 0-3. Every result goes
through ``tests.engine_checks.check_result``: the spec's value; an optimal best move; a
principal variation of optimal moves ending at a leaf worth the value; the spec's whole line
when the engine searches in the game's order. With ordering and table off, the engine must be
``impl.alphabeta.negamax_alphabeta`` (fail-soft) on the explicit cut tree, count for count and
leaf for leaf. Time budgets are tested with fake clocks only.

The central properties run 300 to 500 cases in the ci profile (more than its 200), the
deepening ones 100 to 200 (each runs several searches); the spec's answers are remembered
across cases (``tests.engine_checks``), so the file takes about 20 seconds.
"""

import enum
import itertools
import re
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gametree.games import Board, Nim, NimState
from gametree.impl.alphabeta import negamax_alphabeta
from gametree.impl.engine import DeepeningResult, Engine, _Budget
from gametree.impl.ordering import History, Killers
from gametree.impl.table import EXACT, LOWER, UPPER, TranspositionTable, UnhashableStateError
from gametree.spec import Node, TreeError
from gametree.spec.search import cut_negamax, cut_tree, move_values, optimal_moves, tapered
from tests.engine_checks import (
    Case,
    Counted,
    cases,
    check_result,
    check_variation,
    in_game_order,
    options,
)
from tests.engine_games import (
    TICTACTOE,
    Bonus,
    Exchange,
    ExchangeState,
    Fuse,
    exchanges,
)
from tests.test_games import UNEVALUATED
from tests.test_scale import DEPTH, Countdown

CAPTURE_TRAP = Exchange(((1, 9),), (0,), 2)

TWO_CAPTURES = Exchange(((1,), (1,)), (5,), 2)
"""Every depth-1 leaf of the quiescent tree is terminal, yet depth 2 has another value.

At depth 1 with quiescence 1, the extension below X's move plays only O's captures (each ends
the game): X's quiet move is worth 5 - 1 = 4. At depth 2 O may answer it quietly (5 - 5 = 0)."""


# Each technique equals its definition.


@pytest.mark.slow
@settings(max_examples=500)
@given(cases())
@example(Case(CAPTURE_TRAP, CAPTURE_TRAP.initial_state(), 1, quiescence=1))
@example(Case(Bonus((3, 0, 6, 1, -2)), Bonus((3, 0, 6, 1, -2)).initial_state(), None))
def test_plain_engine_is_fail_soft_negamax_alphabeta_on_the_cut_tree(case: Case) -> None:
    """No ordering, no table: the spec's value and line, and alpha-beta's exact work."""
    found = case.engine().search(case.state, case.depth, trace=True)
    check_result(case, found, game_order=True)
    t = cut_tree(case.game, case.state, **case.cut())
    if isinstance(t, Node):
        on_tree = negamax_alphabeta(t, fail_soft=True, trace=True)
        assert found.value == on_tree.value
        assert (found.nodes_visited, found.leaves_evaluated) == (
            on_tree.nodes_visited,
            on_tree.leaves_evaluated,
        )
        if case.keep is None and case.quiescence == 0:
            assert found.trace == on_tree.trace
            assert found.principal_variation == on_tree.principal_variation
    else:
        assert (found.nodes_visited, found.leaves_evaluated, found.trace) == (1, 1, ((),))


@settings(max_examples=300)
@given(cases(), options, st.integers(-12, 12), st.integers(1, 6))
def test_a_root_window_gives_fail_soft_alpha_beta_s_result(
    case: Case, chosen: dict[str, Any], low: int, width: int
) -> None:
    """Fishburn's properties against the spec's value, with any ordering and table; with
    neither, the result and work of ``negamax_alphabeta`` on the cut tree with that window."""
    a, b = low, low + width
    found = case.engine(**chosen).search(case.state, case.depth, alpha=a, beta=b)
    v = cut_negamax(case.game, case.state, **case.cut()).value
    if a < v < b:
        assert found.value == v
    elif v <= a:
        assert v <= found.value <= a
    else:
        assert b <= found.value <= v
    t = cut_tree(case.game, case.state, **case.cut())
    if not chosen and isinstance(t, Node):
        plain = case.engine().search(case.state, case.depth, alpha=a, beta=b)
        on_tree = negamax_alphabeta(t, a, b, fail_soft=True)
        assert (plain.value, plain.nodes_visited) == (on_tree.value, on_tree.nodes_visited)


@pytest.mark.slow
@settings(max_examples=500)
@given(cases(), options)
def test_any_ordering_and_table_give_the_spec_value_and_an_optimal_move(
    case: Case, chosen: dict[str, Any]
) -> None:
    """Definition 2 and 4: an order or a table changes what is pruned, never the value."""
    found = case.engine(**chosen).search(case.state, case.depth, trace=True)
    check_result(case, found, game_order=in_game_order(chosen))
    if found.best_move is not None:
        assert found.best_move in optimal_moves(case.game, case.state, **case.cut())


@pytest.mark.slow
@settings(max_examples=300)
@given(cases(), st.data())
def test_a_kept_engine_equals_the_spec_across_searches(case: Case, data: st.DataObject) -> None:
    """Killers, history and the table persist across searches of several positions and depths."""
    chosen = data.draw(options)
    engine = case.engine(**chosen)
    s = case.state
    for _ in range(4):
        here = Case(
            case.game, s, data.draw(st.sampled_from([0, 1, 2, 3, None])), case.quiescence, case.keep
        )
        check_result(here, engine.search(s, here.depth), game_order=in_game_order(chosen))
        if case.game.is_terminal(s):
            break
        ms = case.game.moves(s)
        s = case.game.successor(s, ms[data.draw(st.integers(0, len(ms) - 1))])


@given(cases())
def test_a_table_without_ordering_repeats_the_spec_line_with_less_work(case: Case) -> None:
    """Definition 4: a search answered by its own table gives the same line, reading less."""
    engine = case.engine(table=True)
    first = engine.search(case.state, case.depth)
    again = engine.search(case.state, case.depth)
    check_result(case, first, game_order=True)
    assert again.value == first.value
    assert again.principal_variation == first.principal_variation
    assert again.nodes_visited <= first.nodes_visited
    if first.nodes_visited > 1 + len(case.game.moves(case.state)):
        assert again.nodes_visited < first.nodes_visited


def test_a_table_answers_a_repeated_search_from_its_entries() -> None:
    engine: Engine[Board, int] = Engine(TICTACTOE, table=True)
    b = Board.parse("X../.O./...")
    first = engine.search(b, 4)
    again = engine.search(b, 4)
    assert again.nodes_visited == 1 + len(TICTACTOE.moves(b))
    assert again.leaves_evaluated == 0
    assert (again.value, again.principal_variation) == (first.value, first.principal_variation)
    assert engine.table is not None
    assert len(engine.table) > 0
    engine.clear_table()
    assert len(engine.table) == 0
    assert engine.search(b, 4) == first


def test_leaves_evaluated_are_the_static_evaluations_and_utilities_read() -> None:
    for text, depth in [(".../.../...", 3), ("X../.O./...", 4), ("XOX/.O./...", None)]:
        counted = Counted(TICTACTOE)
        found = Engine(counted).search(Board.parse(text), depth)  # type: ignore[arg-type]
        assert found.leaves_evaluated == counted.evaluations + counted.utilities
        assert found.leaves_evaluated > 0


def test_ordering_visits_fewer_nodes_on_tictactoe() -> None:
    """Not a definition, but what ordering is for: the Game Tree Search notes' "roughly doubled"
    depth."""
    b = TICTACTOE.initial_state()
    plain = Engine(TICTACTOE).search(b, 5)
    ordered = Engine(TICTACTOE, static_ordering=True, killers=2, history=True).search(b, 5)
    assert ordered.value == plain.value
    assert ordered.nodes_visited < plain.nodes_visited


# Iterative deepening.


@settings(max_examples=200)
@given(cases(), options, st.integers(1, 400))
@example(
    Case(TWO_CAPTURES, TWO_CAPTURES.initial_state(), None, quiescence=1),
    {"table": False, "killers": 0, "history": False, "static_ordering": False, "hash_move": False},
    400,
)
def test_deepening_under_a_node_budget_answers_for_the_deepest_completed_depth(
    case: Case, chosen: dict[str, Any], budget: int
) -> None:
    """Definition 3: the depth-k answer, k the last iteration finished within the budget.

    A second engine replays the iterations one by one with ``search``: each completed
    iteration is exactly that search, the budget covers them, and it does not cover the next.
    """
    found = case.engine(**chosen).deepen(case.state, max_nodes=budget, max_depth=5)
    at_k = Case(case.game, case.state, found.depth, case.quiescence, case.keep)
    check_result(at_k, found.result, game_order=in_game_order(chosen))
    replay = case.engine(**chosen)
    spent = 0
    for d, done in enumerate(found.iterations, start=1):
        assert replay.search(case.state, d) == done
        spent += done.nodes_visited
    assert found.depth == len(found.iterations)
    assert spent <= budget or found.depth == 1
    if found.stopped == "budget":
        assert spent + replay.search(case.state, found.depth + 1).nodes_visited > budget
        assert found.nodes_visited == max(budget, spent)
    elif found.stopped == "max_depth":
        assert found.depth == 5
    else:
        assert found.stopped == "solved"
        small = not isinstance(case.state, Board) or case.state.cells.count(None) <= 6
        if small:
            deeper = Case(case.game, case.state, found.depth + 2, case.quiescence, case.keep)
            assert found.value == cut_negamax(case.game, case.state, **deeper.cut()).value


class FakeClock:
    """A clock that advances ``step`` each time it is read, and counts the readings."""

    def __init__(self, step: float = 1.0) -> None:
        self.now = 0.0
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        now = self.now
        self.now += self.step
        self.readings += 1
        return now


@settings(max_examples=100)
@given(cases(), st.integers(1, 300))
def test_a_time_budget_read_at_every_node_is_a_node_budget(case: Case, limit: int) -> None:
    """With a clock that ticks once per reading and a reading per node, t seconds = t nodes."""
    by_time = case.engine(table=True, hash_move=True).deepen(
        case.state, time_limit=limit, clock=FakeClock(), poll=1, max_depth=6
    )
    by_nodes = case.engine(table=True, hash_move=True).deepen(
        case.state, max_nodes=limit, max_depth=6
    )
    assert by_time == by_nodes


@pytest.mark.parametrize("poll", [1, 7, 64])
def test_the_clock_is_read_at_the_start_and_every_poll_nodes(poll: int) -> None:
    clock = FakeClock(step=0.0)
    found = Engine(TICTACTOE).deepen(
        TICTACTOE.initial_state(), time_limit=1, clock=clock, poll=poll, max_depth=4
    )
    assert found.stopped == "max_depth"
    assert clock.readings == 1 + found.nodes_visited // poll


def test_time_running_out_abandons_the_iteration_in_progress() -> None:
    """A clock that jumps an hour at its 200th reading: depth 3 needs more than 200 nodes."""
    ticks = itertools.chain([0.0] * 200, itertools.repeat(3600.0))
    found = Engine(TICTACTOE).deepen(
        TICTACTOE.initial_state(), time_limit=60, clock=lambda: next(ticks), poll=1
    )
    assert found.stopped == "budget"
    assert found.nodes_visited == 199
    assert sum(r.nodes_visited for r in found.iterations) < 199
    check_result(
        Case(TICTACTOE, TICTACTOE.initial_state(), found.depth), found.result, game_order=True
    )


def test_the_first_iteration_always_completes() -> None:
    found = Engine(TICTACTOE).deepen(TICTACTOE.initial_state(), max_nodes=1, min_depth=2)
    assert (found.depth, found.stopped, len(found.iterations)) == (2, "budget", 1)
    assert found.best_move == cut_negamax(TICTACTOE, TICTACTOE.initial_state(), 2).best_move
    assert found.nodes_visited == found.result.nodes_visited


def test_a_quiescence_extension_is_not_solved_even_when_it_reads_only_utilities() -> None:
    s = TWO_CAPTURES.initial_state()
    assert [cut_negamax(TWO_CAPTURES, s, d, quiescence=1).value for d in (1, 2)] == [4, 0]
    first = Engine(TWO_CAPTURES, quiescence=1).search(s, 1, trace=True)
    assert first.trace is not None
    assert all(
        TWO_CAPTURES.is_terminal(replay_moves(TWO_CAPTURES, s, path)) for path in first.trace
    )
    found = Engine(TWO_CAPTURES, quiescence=1).deepen(s, max_depth=5)
    assert (found.depth, found.value) == (2, 0)
    assert found.stopped == "solved"


def replay_moves(game: Exchange, s: ExchangeState, path: tuple[int, ...]) -> ExchangeState:
    for i in path:
        s = game.successor(s, game.moves(s)[i])
    return s


def test_deepening_solves_tictactoe_with_its_table() -> None:
    engine: Engine[Board, int] = Engine(
        TICTACTOE, table=True, hash_move=True, killers=2, history=True, static_ordering=True
    )
    found = engine.deepen(TICTACTOE.initial_state(), max_nodes=10**6)
    assert isinstance(found, DeepeningResult)
    assert (found.value, found.stopped) == (0, "solved")
    assert found.depth <= 9
    assert found.principal_variation == found.result.principal_variation
    assert found.nodes_visited == sum(r.nodes_visited for r in found.iterations)


# Deep games: no recursion limit.


@pytest.mark.slow
def test_a_game_100000_plies_deep() -> None:
    assert sys.getrecursionlimit() < DEPTH
    for table in (False, True):
        engine: Engine[int, str] = Engine(Countdown(DEPTH, 5), table=table)
        found = engine.search(DEPTH, None)
        assert found.value == 5
        assert len(found.principal_variation) == DEPTH
        assert (found.nodes_visited, found.leaves_evaluated) == (DEPTH + 1, 1)


@pytest.mark.slow
def test_a_quiescence_extension_100000_plies_deep() -> None:
    fuse = Fuse(DEPTH, 3)
    found = Engine(fuse, quiescence=2 * DEPTH, table=True).search(DEPTH, 0)
    assert found.value == 3
    assert len(found.principal_variation) == DEPTH
    cut = Engine(fuse, quiescence=DEPTH // 2).search(DEPTH, 0)
    assert (cut.value, len(cut.principal_variation)) == (0, DEPTH // 2)


# Quiescence and forward pruning, by hand.


def test_quiescence_sees_the_recapture_beyond_the_horizon() -> None:
    s = CAPTURE_TRAP.initial_state()
    assert Engine(CAPTURE_TRAP).search(s, 1).principal_variation == (1,)
    found = Engine(CAPTURE_TRAP, quiescence=1, table=True, static_ordering=True).search(s, 1)
    assert (found.value, found.principal_variation) == (-1, (0, 1))


@given(exchanges(), st.integers(1, 3), st.integers(0, 3))
def test_quiescence_with_forward_pruning_and_everything_on(
    position: tuple[Exchange, ExchangeState], depth: int, quiescence: int
) -> None:
    game, s = position
    case = Case(game, s, depth, quiescence, tapered(3, 2))
    engine = case.engine(table=True, hash_move=True, killers=2, history=True, static_ordering=True)
    check_result(case, engine.search(s, depth, trace=True), game_order=False)
    check_result(case, engine.deepen(s, max_depth=depth).result, game_order=False)


def test_forward_pruning_with_a_plausibility_of_ones_own() -> None:
    b = TICTACTOE.initial_state()
    found = Engine(TICTACTOE, keep=tapered(2), plausibility=lambda s, m: m).search(b, 2)
    spec = cut_negamax(TICTACTOE, b, 2, keep=tapered(2), plausibility=lambda s, m: m)
    assert (found.value, found.principal_variation) == (spec.value, spec.principal_variation)
    assert found.best_move in (7, 8)


# Each ordering takes effect: the order is seen in the trace of a depth-1 or depth-2 search.


def test_static_ordering_tries_the_moves_by_the_static_value_of_their_successors() -> None:
    b = TICTACTOE.initial_state()
    ms = TICTACTOE.moves(b)
    static = [TICTACTOE.evaluate(TICTACTOE.successor(b, m)) for m in ms]
    expected = sorted(range(len(ms)), key=lambda i: (-static[i], i))
    assert expected != list(range(len(ms)))
    found = Engine(TICTACTOE, static_ordering=True).search(b, 1, trace=True)
    assert found.trace == tuple((i,) for i in expected)


def test_history_orders_the_moves_by_the_scores_earlier_searches_left() -> None:
    b = TICTACTOE.initial_state()
    engine = Engine(TICTACTOE, history=True)
    engine.search(b, 4)
    assert engine.history is not None
    scores = [engine.history.score(0, m) for m in TICTACTOE.moves(b)]
    expected = sorted(range(9), key=lambda i: (-scores[i], i))
    assert expected != list(range(9))
    assert engine.search(b, 1, trace=True).trace == tuple((i,) for i in expected)


def test_the_hash_move_is_tried_first() -> None:
    b = TICTACTOE.initial_state()
    engine = Engine(TICTACTOE, table=True, hash_move=True)
    best = engine.search(b, 2).best_move
    assert best not in (None, 0)
    found = engine.search(b, 3, trace=True)
    assert found.trace is not None
    assert found.trace[0][0] == best


def test_forward_pruning_leaves_the_order_of_the_kept_moves_alone() -> None:
    """Its plausibility (here the static value) chooses the moves, not their order."""
    b = TICTACTOE.initial_state()
    found = Engine(TICTACTOE, keep=lambda ply: 8, history=True).search(b, 1, trace=True)
    assert found.trace is not None
    assert len(found.trace) == 8
    assert list(found.trace) == sorted(found.trace)


def test_a_killer_is_tried_first_at_its_ply() -> None:
    b = TICTACTOE.initial_state()
    engine = Engine(TICTACTOE, killers=2)
    engine.search(b, 4)
    killer = engine.killers.at(1)[0]
    moves = TICTACTOE.moves(TICTACTOE.successor(b, TICTACTOE.moves(b)[0]))
    assert moves.index(killer) != 0
    found = engine.search(b, 2, trace=True)
    assert found.trace is not None
    assert found.trace[0] == (0, moves.index(killer))  # a trace names moves by their index


# The budget's schedule.


def default_or(poll: int | None) -> dict[str, Any]:
    """No ``poll`` argument at all for ``None``, so that the default is the one used."""
    return {} if poll is None else {"poll": poll}


@pytest.mark.parametrize(
    ("limits", "poll"),
    [
        ({"max_nodes": 150}, 1024),
        ({"max_nodes": 150}, 7),
        ({"time_limit": 1}, 16),
        ({"time_limit": 1}, None),
        ({"max_nodes": 150, "time_limit": 1}, 16),
        ({"max_nodes": 160, "time_limit": 1}, 16),
        ({"max_nodes": 6, "time_limit": 1}, 4),
    ],
)
def test_the_budget_is_checked_exactly_where_it_can_run_out(
    limits: dict[str, int], poll: int | None
) -> None:
    """The node budget is checked at the node that would exceed it (in an iteration that
    starts beyond it, at that iteration's first node), the clock at every ``poll``-th node, and
    nothing at any other node: the schedule is what lets a search check no budget per node."""
    checked: list[int] = []
    check = _Budget.check

    def spy(budget: _Budget, total: int, *, armed: bool) -> int:
        checked.append(total)
        return check(budget, total, armed=armed)

    with mock.patch.object(_Budget, "check", spy):
        found = Engine(TICTACTOE).deepen(
            TICTACTOE.initial_state(),
            max_nodes=limits.get("max_nodes"),
            time_limit=limits.get("time_limit"),
            clock=FakeClock(0.0),
            max_depth=5,
            **default_or(poll),
        )
    poll = 1024 if poll is None else poll
    sizes = [r.nodes_visited for r in found.iterations]
    spent = found.nodes_visited - sum(sizes)
    # An abandoned iteration is abandoned at the node its check refused, which is not counted.
    runs = [*sizes, spent + 1] if found.stopped == "budget" else sizes
    expected: list[int] = []
    base = 0
    for n in runs:
        due = (
            set(range((base // poll + 1) * poll, base + n + 1, poll))
            if "time_limit" in limits
            else set()
        )
        if "max_nodes" in limits and max(limits["max_nodes"] + 1, base + 1) <= base + n:
            due.add(max(limits["max_nodes"] + 1, base + 1))
        expected += sorted(due)
        base += n
    assert checked == expected
    assert checked


def test_both_budgets_at_once_stop_at_whichever_runs_out_first() -> None:
    """A clock that never moves, read at every node: the node budget alone decides."""
    b = TICTACTOE.initial_state()
    for max_nodes in (1, 30, 150, 151):
        both = Engine(TICTACTOE).deepen(
            b, max_nodes=max_nodes, time_limit=1, clock=FakeClock(0.0), poll=1, max_depth=5
        )
        assert both == Engine(TICTACTOE).deepen(b, max_nodes=max_nodes, max_depth=5)


def test_the_time_budget_counts_from_the_clock_s_reading_at_the_start() -> None:
    late = FakeClock()
    late.now = 10.0**6
    b = TICTACTOE.initial_state()
    found = Engine(TICTACTOE).deepen(b, time_limit=100, clock=late, poll=1, max_depth=6)
    assert found.stopped == "budget"
    assert found == Engine(TICTACTOE).deepen(
        b, time_limit=100, clock=FakeClock(), poll=1, max_depth=6
    )


def test_the_clock_is_read_every_1024_nodes_unless_told_otherwise() -> None:
    clock = FakeClock(0.0)
    found = Engine(TICTACTOE).deepen(
        TICTACTOE.initial_state(), time_limit=1, clock=clock, max_depth=5
    )
    assert found.nodes_visited > 2 * 1024
    assert clock.readings == 1 + found.nodes_visited // 1024


def test_deepening_counts_the_leaves_of_the_abandoned_iteration_too() -> None:
    counted = Counted(TICTACTOE)
    found = Engine(counted).deepen(TICTACTOE.initial_state(), max_nodes=100)  # type: ignore[arg-type]
    assert found.stopped == "budget"
    assert found.leaves_evaluated == counted.evaluations + counted.utilities
    assert found.leaves_evaluated > sum(r.leaves_evaluated for r in found.iterations)


def test_deepening_traces_each_iteration_when_asked() -> None:
    b = TICTACTOE.initial_state()
    found = Engine(TICTACTOE).deepen(b, max_depth=3, trace=True)
    assert [r.trace for r in found.iterations] == [
        Engine(TICTACTOE).search(b, d, trace=True).trace for d in (1, 2, 3)
    ]
    assert found.result.trace is not None


def test_clear_forgets_what_the_engine_learnt() -> None:
    b = TICTACTOE.initial_state()
    engine = Engine(TICTACTOE, killers=2, history=True)
    fresh = engine.search(b, 4)
    assert engine.history is not None
    assert len(engine.history) > 0
    engine.clear()
    assert len(engine.history) == 0
    assert engine.search(b, 4) == fresh
    Engine(TICTACTOE).clear()


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("high", "a value must be an int, a Fraction or a finite float (got 'high' of type str)"),
        (float("nan"), "a value must be finite (got nan)"),
    ],
)
def test_a_plausibility_that_is_not_a_value_is_named_with_its_move(
    value: object, problem: str
) -> None:
    engine = Engine(TICTACTOE, keep=tapered(2), plausibility=lambda s, m: value)
    message = f"the plausibility of move 0 is not a value: {problem} at path []"
    with pytest.raises(TreeError, match=f"^{re.escape(message)}$") as raised:
        engine.search(TICTACTOE.initial_state(), 2)
    assert raised.value.path == ()


def test_a_noisy_move_that_is_not_a_move_is_named_with_its_path() -> None:
    class Liar(Exchange):
        def noisy_moves(self, state: ExchangeState) -> list[tuple[str, int]]:
            return [("x", 7)]

    game = Liar(((1,),), (0,), 3)
    message = "a noisy move must be one of the state's moves (got ('x', 7)) at path [0]"
    with pytest.raises(TreeError, match=f"^{re.escape(message)}$") as raised:
        Engine(game, quiescence=1).search(game.initial_state(), 1)
    assert raised.value.path == (0,)


@pytest.mark.parametrize("k", [True, 0, 1.0])
def test_a_keep_that_is_not_a_positive_int_is_named_with_its_ply(k: object) -> None:
    engine = Engine(TICTACTOE, keep=lambda ply: k, plausibility=lambda s, m: m)  # type: ignore[arg-type, return-value]
    message = f"keep(ply) must be a positive int (got {k!r} at ply 0) at path []"
    with pytest.raises(TreeError, match=f"^{re.escape(message)}$"):
        engine.search(TICTACTOE.initial_state(), 2)


def test_forward_pruning_that_keeps_every_move_asks_no_plausibility() -> None:
    asked: list[int] = []

    def plausibility(s: object, m: int) -> int:
        asked.append(m)
        return m

    b = TICTACTOE.initial_state()
    kept = Engine(TICTACTOE, keep=lambda ply: 9, plausibility=plausibility).search(b, 3)
    assert kept == Engine(TICTACTOE).search(b, 3)
    assert asked == []
    Engine(TICTACTOE, keep=lambda ply: 8, plausibility=plausibility).search(b, 1)
    assert asked == list(range(9))


def test_a_plausibility_is_given_the_state_and_the_move() -> None:
    b = TICTACTOE.initial_state()
    seen: list[object] = []

    def plausibility(s: object, m: int) -> int:
        seen.append(s)
        return m

    Engine(TICTACTOE, keep=tapered(2), plausibility=plausibility).search(b, 1)
    assert seen
    assert seen[0] == b


# Errors.


@pytest.mark.parametrize("depth", [-1, True, 1.5, "2"])
def test_a_bad_depth_is_named(depth: object) -> None:
    with pytest.raises(TreeError, match="'depth' must be a non-negative int or None"):
        Engine(TICTACTOE).search(TICTACTOE.initial_state(), depth)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "depth", "path"),
    [(".../.../...", 0, ()), (".../.../...", 1, (0,)), ("XX./OO./...", 2, (1, 0))],
)
def test_a_frontier_without_an_evaluation_is_named_with_the_specs_path(
    text: str, depth: int, path: tuple[int, ...]
) -> None:
    with pytest.raises(TreeError, match="no static evaluation") as by_engine:
        Engine(UNEVALUATED).search(Board.parse(text), depth)
    with pytest.raises(TreeError) as by_spec:
        cut_negamax(UNEVALUATED, Board.parse(text), depth)
    assert by_engine.value.path == by_spec.value.path == path


def test_a_game_without_an_evaluation_is_fine_when_only_terminals_are_cut() -> None:
    assert Engine(UNEVALUATED).search(Board.parse("XOX/XOO/OX."), 1).value == 0
    assert Engine(UNEVALUATED, table=True).search(Board.parse("XO./.../..."), None).value == 1


class ListNim:
    """Nim on states that are lists, which a transposition table cannot key on."""

    players = 2

    def initial_state(self) -> list[int]:
        return [2, 1, 0]

    def to_move(self, state: list[int]) -> int:
        return state[-1]

    def moves(self, state: list[int]) -> Sequence[tuple[int, int]]:
        return Nim(()).moves(NimState(state[:-1], state[-1]))

    def successor(self, state: list[int], move: tuple[int, int]) -> list[int]:
        after = Nim(()).successor(NimState(state[:-1], state[-1]), move)
        return [*after.heaps, after.to_move]

    def is_terminal(self, state: list[int]) -> bool:
        return not any(state[:-1])

    def utility(self, state: list[int]) -> int:
        return Nim(()).utility(NimState(state[:-1], state[-1]))


def test_unhashable_states_are_named_when_a_table_is_asked_for() -> None:
    game = ListNim()
    assert Engine(game).search(game.initial_state(), None).value == 1
    with pytest.raises(
        UnhashableStateError, match=r"must be hashable \(got \[2, 1, 0\] of type list\)"
    ):
        Engine(game, table=True).search(game.initial_state(), None)
    assert issubclass(UnhashableStateError, TypeError)


def test_unhashable_moves_are_named_when_history_is_asked_for() -> None:
    class ListMoves(ListNim):
        def moves(self, state: list[int]) -> Sequence[list[int]]:  # type: ignore[override]
            return [list(m) for m in super().moves(state)]

        def successor(self, state: list[int], move: list[int]) -> list[int]:  # type: ignore[override]
            return super().successor(state, (move[0], move[1]))

    game = ListMoves()
    assert Engine(game, killers=2).search(game.initial_state(), None).value == 1
    with pytest.raises(TypeError, match="history heuristic keys on moves, which must be hashable"):
        Engine(game, history=True).search(game.initial_state(), None)


def test_orderings_that_need_an_evaluation_say_so() -> None:
    for kwargs in ({"static_ordering": True}, {"keep": tapered(2)}):
        with pytest.raises(TreeError, match="the game has no static evaluation"):
            Engine(UNEVALUATED, **kwargs)
    assert (
        Engine(UNEVALUATED, keep=tapered(2), plausibility=lambda s, m: m)
        .search(Board.parse("XOX/XOO/OX."), None)
        .value
        == 0
    )


def test_faults_of_the_game_during_a_search_are_named_with_a_path() -> None:
    b = Board.parse("X../.O./...")

    def keep(ply: int) -> int:
        return 1 if ply == 0 else 0

    with pytest.raises(
        TreeError, match=r"keep\(ply\) must be a positive int \(got 0 at ply 1\)"
    ) as raised:
        Engine(TICTACTOE, keep=keep).search(b, 3)
    with pytest.raises(TreeError) as by_spec:
        cut_negamax(TICTACTOE, b, 3, keep=keep)
    assert raised.value.path == by_spec.value.path
    kept = cut_negamax(TICTACTOE, b, 1, keep=tapered(1)).best_move
    assert kept != 0
    assert raised.value.path == (kept,)
    with pytest.raises(TreeError, match="the static evaluation is not a value") as raised:
        Engine(TICTACTOE, evaluate=lambda s: float("nan")).search(b, 2)
    assert raised.value.path == (0, 0)
    with pytest.raises(TreeError, match="must be a scalar for a 2-player game"):
        Engine(TICTACTOE, evaluate=lambda s: (1, -1)).search(b, 1)
    with pytest.raises(TreeError, match="needs a 2-player game"):
        Engine(Fuse(3, 0, players=3))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "iterative deepening needs a limit: pass max_nodes=, time_limit= or max_depth="),
        ({"max_nodes": 0}, "'max_nodes' must be a positive int (got 0)"),
        ({"max_nodes": True}, "'max_nodes' must be a positive int (got True)"),
        ({"max_nodes": "3"}, "'max_nodes' must be a positive int (got '3')"),
        ({"time_limit": float("inf")}, "'time_limit' must be a positive finite number (got inf)"),
        ({"time_limit": 0}, "'time_limit' must be a positive finite number (got 0)"),
        ({"time_limit": True}, "'time_limit' must be a positive finite number (got True)"),
        ({"time_limit": "soon"}, "'time_limit' must be a positive finite number (got 'soon')"),
        ({"max_depth": 3, "poll": 0}, "'poll' must be a positive int (got 0)"),
        (
            {"max_depth": 1, "min_depth": 2},
            "'max_depth' must be at least 'min_depth' (got max_depth=1, min_depth=2)",
        ),
        ({"max_depth": -1}, "'max_depth' must be a non-negative int (got -1)"),
        ({"max_depth": 3, "min_depth": -1}, "'min_depth' must be a non-negative int (got -1)"),
    ],
)
def test_bad_deepening_limits_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Engine(TICTACTOE).deepen(TICTACTOE.initial_state(), **kwargs)


# The parts.


def test_a_table_entry_says_what_its_result_is() -> None:
    table: TranspositionTable[str] = TranspositionTable(by_ply=False)
    for g, flag in [(1, UPPER), (2, EXACT), (3, LOWER)]:
        table.store("s", g, (4, 0), depth=2, ply=5, alpha=1, beta=3, horizon=True)
        entry = table.lookup("s")
        assert entry is not None
        assert (entry.flag, entry.value, entry.move) == (flag, g, 4)
    entry = table.lookup("s")
    assert entry is not None
    assert entry.answers(2, 0, 0, 3, by_ply=False)
    assert not entry.answers(2, 0, 0, 4, by_ply=False)
    assert not entry.answers(3, 5, 0, 3, by_ply=False)
    assert not entry.answers(2, 0, 0, 3, by_ply=True)
    assert table.lookup("t") is None


def test_killers_keep_the_most_recent_refutations_first() -> None:
    killers: Killers[int] = Killers(2)
    for m in (3, 5, 3, 7):
        killers.record(1, m)
    assert list(killers.at(1)) == [7, 3]
    assert list(killers.at(0)) == list(killers.at(9)) == []
    off: Killers[int] = Killers(0)
    off.record(0, 1)
    assert list(off.at(0)) == []


def test_history_weighs_a_cutoff_by_the_square_of_its_depth() -> None:
    history = History()
    history.record(0, 4, 3)
    history.record(0, 4, 0)
    history.record(1, 4, 2)
    assert (history.score(0, 4), history.score(1, 4), history.score(0, 5)) == (10, 4, 0)


def test_check_variation_refuses_a_line_that_is_not_optimal() -> None:
    """The checker can fail: a move worth less than the best, or a line stopping short."""
    b = Board.parse("X../.O./...")
    values = dict(move_values(TICTACTOE, b, 2))
    worse = min(values, key=lambda i: (values[i], i))
    assert values[worse] < max(values.values())
    case = Case(TICTACTOE, b, 2)
    line = (
        worse,
        *cut_negamax(
            TICTACTOE, TICTACTOE.successor(b, TICTACTOE.moves(b)[worse]), 1
        ).principal_variation,
    )
    with pytest.raises(AssertionError, match="not optimal"):
        check_variation(case, line, values[worse])
    best = cut_negamax(TICTACTOE, b, 2)
    with pytest.raises(AssertionError, match="stops above a leaf"):
        check_variation(case, best.principal_variation[:1], best.value)
    check_variation(case, best.principal_variation, best.value)


def test_a_state_with_no_move_that_is_not_terminal_is_named_with_its_path() -> None:
    class Stuck(Exchange):
        def moves(self, state: ExchangeState) -> Sequence[tuple[str, int]]:
            return super().moves(state) if state == self.initial_state() else ()

        def is_terminal(self, state: ExchangeState) -> bool:
            return state.plies == 0

    game = Stuck(((1,),), (0,), 3)
    with pytest.raises(TreeError) as raised:
        Engine(game).search(game.initial_state(), 3)
    assert (raised.value.problem, raised.value.path) == (
        "a state that is not terminal has no legal moves",
        (0,),
    )


@pytest.mark.parametrize(
    ("utility", "problem"),
    [
        (
            "x",
            (
                "the utility is not a value: a value must be an int, a Fraction or a finite "
                "float (got 'x' of type str)"
            ),
        ),
        ((1, 2), "the utility must be a scalar for a 2-player game (got (1, 2))"),
    ],
)
def test_a_utility_that_is_not_a_scalar_is_named_with_its_path(
    utility: object, problem: str
) -> None:
    class Misreported(Exchange):
        def utility(self, state: ExchangeState) -> Any:
            return utility

    game = Misreported(((1,),), (0,), 1)
    with pytest.raises(TreeError) as raised:
        Engine(game).search(game.initial_state(), None)
    assert (raised.value.problem, raised.value.path) == (problem, (0,))


# The player to move, leaf roots, and when deepening is solved.


@pytest.mark.parametrize("player", [2, -1, True, 1.0, "1"])
@pytest.mark.parametrize(("plies", "path"), [(3, ()), (2, (0,))])
def test_a_player_to_move_that_is_not_0_or_1_is_named_with_its_path(
    player: object, plies: int, path: tuple[int, ...]
) -> None:
    class Misplayed(Exchange):
        def to_move(self, state: ExchangeState) -> Any:
            return player if state.plies == plies else super().to_move(state)

    game = Misplayed(((1,),), (0,), 3)
    with pytest.raises(TreeError) as raised:
        Engine(game).search(game.initial_state(), 3)
    assert (raised.value.problem, raised.value.path) == (
        f"'to_move' must be in 0..1 (got {player!r})",
        path,
    )
    with pytest.raises(TreeError) as by_spec:
        cut_negamax(game, game.initial_state(), 3)
    assert (by_spec.value.problem, by_spec.value.path) == (raised.value.problem, path)


class Side(enum.IntEnum):
    MAX = 0
    MIN = 1


def test_players_given_as_an_int_enum_are_accepted_as_by_the_spec() -> None:
    """spec.game takes any int but a bool as a player; the engine took only exact ints."""

    class Sided(Exchange):
        def to_move(self, state: ExchangeState) -> Any:
            return Side(super().to_move(state))

    game = Sided(((3, 1), (2,)), (0, 0), 4)
    plain = Exchange(((3, 1), (2,)), (0, 0), 4)
    got = Engine(game).search(game.initial_state(), 4)
    want = Engine(plain).search(plain.initial_state(), 4)
    assert got == want
    assert got.value == cut_negamax(game, game.initial_state(), 4).value


END = Board.parse("XXX/OO./...")
"""A won board: X has three in a row, and O is to move in a game that is over."""


def test_a_trace_is_recorded_only_when_asked() -> None:
    start = TICTACTOE.initial_state()
    assert TICTACTOE.is_terminal(END)
    for state, depth in [(END, 3), (start, 0), (start, 2)]:
        assert Engine(TICTACTOE).search(state, depth).trace is None
        traced = Engine(TICTACTOE).search(state, depth, trace=True).trace
        assert traced is not None
        assert len(traced) == Engine(TICTACTOE).search(state, depth).leaves_evaluated
    assert Engine(TICTACTOE).search(END, 3, trace=True).trace == ((),)
    assert Engine(TICTACTOE).deepen(start, max_depth=2).result.trace is None


def test_deepening_from_the_end_of_the_game_is_solved_at_once() -> None:
    found = Engine(TICTACTOE).deepen(END, min_depth=2, max_depth=5)
    assert (found.depth, found.stopped, len(found.iterations)) == (2, "solved", 1)
    assert (found.value, found.principal_variation) == (-1, ())
    assert found.value == cut_negamax(TICTACTOE, END, 2).value


def test_deepening_from_depth_0_goes_on_past_a_root_cut_at_the_horizon() -> None:
    start = TICTACTOE.initial_state()
    found = Engine(TICTACTOE).deepen(start, min_depth=0, max_depth=2)
    assert (found.depth, found.stopped, len(found.iterations)) == (2, "max_depth", 3)
    assert found.iterations[0] == Engine(TICTACTOE).search(start, 0)


LAST_MOVE = Exchange(((1,),), (5,), 1)
"""One ply left: a quiet move worth 5 or a capture worth 1, and either ends the game."""


def test_deepening_is_solved_at_depth_1_when_every_move_ends_the_game() -> None:
    s = LAST_MOVE.initial_state()
    found = Engine(LAST_MOVE).deepen(s, max_depth=5)
    assert (found.depth, found.stopped, len(found.iterations)) == (1, "solved", 1)
    assert (found.value, found.principal_variation) == (5, (0,))


def test_a_quiescence_extension_at_the_root_is_not_solved() -> None:
    """At depth 0 the root is not quiet: the extension plays the capture, which ends the game,
    and reads only a utility; yet depth 1 sees the quiet move, worth more."""
    s = LAST_MOVE.initial_state()
    assert [cut_negamax(LAST_MOVE, s, d, quiescence=1).value for d in (0, 1)] == [1, 5]
    at_0 = Engine(LAST_MOVE, quiescence=1).search(s, 0, trace=True)
    assert (at_0.value, at_0.trace) == (1, ((1,),))
    found = Engine(LAST_MOVE, quiescence=1).deepen(s, min_depth=0, max_depth=5)
    assert (found.depth, found.stopped, found.value) == (1, "solved", 5)
    first = found.iterations[0]
    assert (first.value, first.nodes_visited, first.leaves_evaluated) == (1, 2, 1)


@pytest.mark.parametrize(("state", "depth"), [([0, 0, 1], None), ([2, 1, 0], 0)])
def test_an_unhashable_root_is_named_even_when_it_is_a_leaf(
    state: list[int], depth: int | None
) -> None:
    message = (
        f"the transposition table keys on states, which must be hashable (got {state!r} of "
        "type list); use an immutable state (a tuple, a frozen attrs class) or search without "
        "a table"
    )
    with pytest.raises(UnhashableStateError, match=f"^{re.escape(message)}$"):
        Engine(ListNim(), table=True).search(state, depth)


def test_float_values_are_read_exactly() -> None:
    start = TICTACTOE.initial_state()
    found = Engine(TICTACTOE, evaluate=lambda s: 0.5).search(start, 1)
    assert found.value == Fraction(1, 2)
    assert type(found.value) is Fraction
    o_to_move = Board.parse("X../.../...")
    whole = Engine(TICTACTOE, evaluate=lambda s: 4.0).search(o_to_move, 1).value
    assert (whole, type(whole)) == (-4, int)

    class Halved(Exchange):
        def utility(self, state: ExchangeState) -> Any:
            return state.material / 4

    game = Halved(((1,),), (6,), 1)
    assert Engine(game).search(game.initial_state(), None).value == Fraction(3, 2)


# Below the root: the table's ply and horizon, the hash move, what is computed once.


def test_under_forward_pruning_a_table_entry_answers_only_at_its_own_ply() -> None:
    """k(ply) differs by ply: a state cut to one move two plies down is not cut one ply down,
    so what the table learnt of it there does not answer for it here."""
    keep = tapered(9, 9, 1)
    b = Board.parse("X../.O./...")
    child = TICTACTOE.successor(b, TICTACTOE.moves(b)[0])
    engine = Engine(TICTACTOE, table=True, keep=keep)
    engine.search(b, 4)
    found = engine.search(child, 3)
    spec = cut_negamax(TICTACTOE, child, 3, keep=keep)
    assert (found.value, found.principal_variation) == (spec.value, spec.principal_variation)
    assert found.value == Fraction(1, 8)


def test_an_entry_that_met_the_horizon_keeps_its_iteration_from_being_solved() -> None:
    """In the history heuristic's order, depth 3 leaves part of its tree to table entries whose
    searches met the horizon: they count as meeting it, so depth 3 is not solved, and deepening
    goes on to depth 4, which has another value."""
    game = Exchange(((2, 1),), (2, 2), 4)
    s = game.initial_state()
    assert [cut_negamax(game, s, d, quiescence=2).value for d in (3, 4, 5)] == [1, 0, 0]
    found = Engine(game, quiescence=2, table=True, history=True).deepen(s, max_depth=6)
    assert (found.depth, found.stopped, found.value) == (4, "solved", 0)


def test_the_hash_move_is_tried_first_below_the_root_too() -> None:
    b = Board.parse("X../.O./...")
    engine = Engine(TICTACTOE, table=True, hash_move=True)
    best = engine.search(b, 2).best_move
    assert best is not None
    assert engine.table is not None
    entry = engine.table.lookup(TICTACTOE.successor(b, TICTACTOE.moves(b)[best]))
    assert entry is not None
    assert entry.move not in (None, 0)
    found = engine.search(b, 3, trace=True)
    assert found.trace is not None
    assert found.trace[0][:2] == (best, entry.move)


class Made(Counted):
    """``Counted`` that counts the successors made too."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.successors = 0

    def successor(self, state: object, move: object) -> object:
        self.successors += 1
        return self.game.successor(state, move)


@pytest.mark.parametrize(
    ("kwargs", "leaves"), [({"static_ordering": True}, 9), ({"keep": tapered(3)}, 3)]
)
def test_successors_and_values_computed_to_rank_moves_are_not_computed_again(
    kwargs: dict[str, Any], leaves: int
) -> None:
    made = Made(TICTACTOE)
    found = Engine(made, **kwargs).search(TICTACTOE.initial_state(), 1)  # type: ignore[arg-type]
    assert (made.successors, made.evaluations, made.utilities) == (9, 9, 0)
    assert found.leaves_evaluated == leaves


class Restless(Exchange):
    """An Exchange in which no position is ever quiet: where no capture is left, a quiescence
    extension has no noisy move to play, and the state is a leaf worth its static value."""

    def is_quiet(self, state: ExchangeState) -> bool:
        return False


def shifted(s: ExchangeState) -> int:
    """A static evaluation that is not the utility, and not 0 where the material is."""
    return 3 * s.material + 1


def test_a_quiescence_extension_without_a_noisy_move_reads_the_static_value() -> None:
    """The capture leaves no piece: after it, and after the recapture that answers either
    quiet move, no noisy move is left, and the state is a leaf worth 3 * material + 1."""
    game = Restless(((1,),), (2, -1), 3)
    found = Engine(game, quiescence=2, evaluate=shifted).search(game.initial_state(), 1, trace=True)
    assert (found.value, found.principal_variation) == (4, (0, 2))
    assert (found.trace, found.nodes_visited, found.leaves_evaluated) == (
        ((0, 2), (1, 2), (2,)),
        6,
        3,
    )


@pytest.mark.parametrize("depth", [1, 2, 3])
@pytest.mark.parametrize("plies", [3, 4])
def test_leaves_for_want_of_a_noisy_move_are_the_spec_s_for_either_player(
    depth: int, plies: int
) -> None:
    game = Restless(((1,),), (2, -1), plies)
    for s in (game.initial_state(), game.successor(game.initial_state(), ("q", 1))):
        found = Engine(game, quiescence=2, evaluate=shifted).search(s, depth, trace=True)
        spec = cut_negamax(game, s, depth, quiescence=2, evaluate=shifted)
        assert (found.value, found.principal_variation) == (spec.value, spec.principal_variation)
        t = cut_tree(game, s, depth, quiescence=2, evaluate=shifted)
        assert isinstance(t, Node)
        on_tree = negamax_alphabeta(t, fail_soft=True, trace=True)
        assert (found.nodes_visited, found.leaves_evaluated) == (
            on_tree.nodes_visited,
            on_tree.leaves_evaluated,
        )


def test_a_leaf_for_want_of_a_noisy_move_is_not_solved() -> None:
    game = Restless((), (2, -1), 3)
    s = game.initial_state()
    assert [cut_negamax(game, s, d, quiescence=1).value for d in (1, 2, 3)] == [2, 0, 2]
    found = Engine(game, quiescence=1).deepen(s, max_depth=5)
    assert (found.depth, found.stopped, found.value) == (3, "solved", 2)


def test_the_table_keeps_a_line_in_the_compact_form() -> None:
    """``impl._support``'s lines: i for "child i, a leaf", (i, line of child i) above it."""
    b = TICTACTOE.initial_state()
    engine = Engine(TICTACTOE, table=True)
    assert engine.table is not None
    for depth in (1, 2):
        pv = engine.search(b, depth).principal_variation
        entry = engine.table.lookup(b)
        assert entry is not None
        assert entry.line == (pv[0] if depth == 1 else (pv[0], pv[1]))


def test_an_entry_that_met_the_horizon_meets_it_wherever_it_answers() -> None:
    """In Bonus a player may move twice, so a state is met at several plies: at depth 3 the
    table answers a state from depth 2's entry, whose search read a static evaluation. Depth 3
    is not solved, as it is not without the table."""
    game = Bonus((0, 0, -1, 0))
    s = game.initial_state()
    found = Engine(game, table=True, static_ordering=True).deepen(s, max_depth=6)
    assert (found.depth, found.stopped, found.value) == (4, "solved", 0)
    plain = Engine(game, static_ordering=True).deepen(s, max_depth=6)
    assert (plain.depth, plain.stopped) == (4, "solved")


# Whole messages.


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"table": 1}, TypeError, "'table' must be a bool (got 1)"),
        ({"hash_move": 1}, TypeError, "'hash_move' must be a bool (got 1)"),
        ({"history": None}, TypeError, "'history' must be a bool (got None)"),
        ({"static_ordering": "yes"}, TypeError, "'static_ordering' must be a bool (got 'yes')"),
        ({"killers": True}, ValueError, "'killers' must be a non-negative int (got True)"),
        ({"killers": 1.0}, ValueError, "'killers' must be a non-negative int (got 1.0)"),
        ({"quiescence": -1}, ValueError, "'quiescence' must be a non-negative int (got -1)"),
        (
            {"hash_move": True},
            ValueError,
            "hash_move orders by the table's best move: pass table=True too",
        ),
        (
            {"quiescence": 1},
            TreeError,
            (
                "quiescence needs a game that says which states are quiet: give it an "
                "'is_quiet' method (spec.QuiescentGame)"
            ),
        ),
        (
            {"keep": 3},
            TypeError,
            "'keep' must be a function of the ply, like tapered(3, 2) (got 3)",
        ),
        (
            {"plausibility": lambda s, m: 0},
            ValueError,
            "plausibility ranks moves for forward pruning: pass keep= too",
        ),
    ],
)
def test_bad_options_are_named_in_full(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=f"^{re.escape(message)}$") as raised:
        Engine(TICTACTOE, **kwargs)
    assert type(raised.value) is error


@pytest.mark.parametrize("kwargs", [{"static_ordering": True}, {"keep": tapered(2)}])
def test_an_ordering_without_an_evaluation_is_named_in_full(kwargs: dict[str, Any]) -> None:
    message = (
        "static ordering and the default plausibility rank moves by the static value of their "
        "successors, and the game has no static evaluation; give the game an 'evaluate' "
        "method, or pass evaluate= (or plausibility=)"
    )
    with pytest.raises(TreeError) as raised:
        Engine(UNEVALUATED, **kwargs)
    assert (raised.value.problem, raised.value.path) == (message, None)


def test_a_game_for_other_than_two_players_is_named_in_full() -> None:
    with pytest.raises(TreeError) as raised:
        Engine(Fuse(3, 0, players=3))
    assert (raised.value.problem, raised.value.path) == (
        "the engine needs a 2-player game (got 3 players)",
        None,
    )
