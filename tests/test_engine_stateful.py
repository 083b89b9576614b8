"""An engine that keeps its table, killers and history while a game is played, against the spec.

Hypothesis plays games of tic-tac-toe and of Nim against one ``impl.engine.Engine`` with every
option on (table, hash move, two killers per ply, history, static ordering), interleaving
moves with searches at a fixed depth, searches under a node budget and under a (fake) time
budget, and clearing the table. Rules check every search result with
``tests.engine_checks.check_result``: the spec's value at the searched (or deepest completed)
depth, an optimal best move, a principal variation of optimal moves. An invariant checks
what the table remembers of the current position and its successors against the spec: an
exact entry is the value of the cut tree of its depth, a lower or upper bound is one.

A third machine plays Exchange (captures) with quiescence 2 and tapered forward pruning, where
table entries answer only at the ply they were stored at, and a played move shifts every ply.

Size: a run is at most ``stateful_step_count`` = 25 steps, long enough to play a game of
tic-tac-toe through with searches between the moves. Each machine sets its own
``max_examples`` (tic-tac-toe 150 runs, Nim 100, Exchange 150: about 8,000 steps in all)
rather than the ci profile's 200, to stay near 30 seconds on one core, inside the minute the
project allows it; the spec's answers are remembered across steps
(``tests.engine_checks``), and depths are capped so that the spec reads at most a few
thousand leaves per check.
"""

from typing import Any, ClassVar

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from gametree.games import Board, Nim, NimState
from gametree.impl.engine import Engine
from gametree.impl.table import EXACT, LOWER, UPPER
from gametree.spec.search import Keep, tapered
from tests.engine_checks import AnyGame, Case, check_result, cut_negamax
from tests.engine_games import TICTACTOE, Exchange, ExchangeState, exchanges
from tests.test_engine import FakeClock

OPTIONS: dict[str, Any] = {
    "table": True,
    "hash_move": True,
    "killers": 2,
    "history": True,
    "static_ordering": True,
}

TABLE_CHECK_DEPTH = 3
"""Table entries deeper than this are not checked by the invariant (the spec would be slow)."""


class EngineMachine(RuleBasedStateMachine):
    """One game played while one engine searches; the game is chosen by the subclass."""

    game: AnyGame
    engine: Engine[Any, Any]
    state: object
    start: object
    searches: int

    quiescence: int = 0
    keep: Keep | None = None

    def cap(self) -> int | None:
        """The deepest search whose spec check stays cheap at the current position."""
        raise NotImplementedError

    def case(self, depth: int | None) -> Case:
        """The current position searched to ``depth`` with this machine's cut."""
        return Case(self.game, self.state, depth, self.quiescence, self.keep)

    def restart(self, game: AnyGame, start: object) -> None:
        self.game = game
        self.start = self.state = start
        self.engine = Engine(game, quiescence=self.quiescence, keep=self.keep, **OPTIONS)
        self.searches = 0

    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        """Play a move; at the end of the game, start a new one with the same engine."""
        if self.game.is_terminal(self.state):
            self.state = self.start
            return
        ms = self.game.moves(self.state)
        self.state = self.game.successor(self.state, ms[data.draw(st.integers(0, len(ms) - 1))])

    @rule(depth=st.integers(0, 6))
    def search(self, depth: int) -> None:
        cap = self.cap()
        d = depth if cap is None else min(depth, cap)
        found = self.engine.search(self.state, d)
        check_result(self.case(d), found, game_order=False)
        self.searches += 1

    @rule(budget=st.integers(1, 600))
    def search_under_a_node_budget(self, budget: int) -> None:
        found = self.engine.deepen(self.state, max_nodes=budget, max_depth=self.cap())
        assert found.depth >= 1
        assert found.nodes_visited <= max(budget, found.iterations[0].nodes_visited)
        check_result(self.case(found.depth), found.result, game_order=False)
        self.searches += 1

    @rule(limit=st.integers(1, 600), poll=st.sampled_from([1, 16]))
    def search_under_a_time_budget(self, limit: int, poll: int) -> None:
        clock = FakeClock()
        found = self.engine.deepen(
            self.state, time_limit=limit, clock=clock, poll=poll, max_depth=self.cap()
        )
        assert clock.readings == 1 + found.nodes_visited // poll + (found.stopped == "budget")
        check_result(self.case(found.depth), found.result, game_order=False)
        self.searches += 1

    @precondition(lambda self: self.searches > 0)
    @rule()
    def clear_table(self) -> None:
        self.engine.clear_table()
        assert self.engine.table is not None
        assert len(self.engine.table) == 0

    @invariant()
    def the_table_agrees_with_the_spec(self) -> None:
        """What the table holds for the position and its successors is the spec's, or bounds it."""
        table = self.engine.table
        assert table is not None
        s = self.state
        around = [s]
        if not self.game.is_terminal(s):
            around += [self.game.successor(s, m) for m in self.game.moves(s)]
        for t in around:
            entry = table.lookup(t)
            if entry is None or entry.depth > TABLE_CHECK_DEPTH:
                continue
            v = cut_negamax(self.game, t, **self.case(None).cut(entry.depth, entry.ply)).value
            if entry.flag == EXACT:
                assert entry.value == v
            elif entry.flag == LOWER:
                assert entry.value <= v
            else:
                assert entry.flag == UPPER
                assert entry.value >= v


class TicTacToeMachine(EngineMachine):
    """Tic-tac-toe from the empty board."""

    CAPS: ClassVar[dict[int, int | None]] = {9: 4, 8: 4, 7: 5}
    """Empty cells -> the deepest checked search (at most about 3,000 leaves for the spec)."""

    @initialize()
    def new_game(self) -> None:
        self.restart(TICTACTOE, TICTACTOE.initial_state())

    def cap(self) -> int | None:
        assert isinstance(self.state, Board)
        return self.CAPS.get(self.state.cells.count(None))


class NimMachine(EngineMachine):
    """Nim from at most three heaps of at most three objects, at most 8 in all (≤ 3,000 leaves)."""

    @initialize(
        heaps=st.lists(st.integers(0, 3), min_size=1, max_size=3).filter(lambda hs: sum(hs) <= 8)
    )
    def new_game(self, heaps: list[int]) -> None:
        game = Nim(heaps)
        self.restart(game, NimState(game.heaps, 0))

    def cap(self) -> int | None:
        return None


class ExchangeMachine(EngineMachine):
    """Exchange (captures), with quiescence 2 and tapered forward pruning (3, 2, 1 moves)."""

    quiescence = 2
    keep = tapered(3, 2, 1)

    @initialize(position=exchanges())
    def new_game(self, position: tuple[Exchange, ExchangeState]) -> None:
        self.restart(position[0], position[1])

    def cap(self) -> int | None:
        return 4


TestTicTacToe = TicTacToeMachine.TestCase
TestTicTacToe.settings = settings(max_examples=150, stateful_step_count=25)
# the costliest machine (dev.py test --fast leaves it out); pytest reads a TestCase's marks here
TestTicTacToe.pytestmark = [pytest.mark.slow]  # type: ignore[attr-defined]
TestNim = NimMachine.TestCase
TestNim.settings = settings(max_examples=100, stateful_step_count=25)
TestExchange = ExchangeMachine.TestCase
TestExchange.settings = settings(max_examples=150, stateful_step_count=25)
