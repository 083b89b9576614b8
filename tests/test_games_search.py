"""Every search of ``impl`` gives the spec's value at a fixed depth on positions of real games.

The tree a depth-limited search reads is ``spec.unfold(game, state, depth)`` (DESIGN.md,
"Depth-limited search"). On random positions of Connect Four, Kalah (where a player moves twice
in a row), N-player Othello (passes) and Chinese Checkers, every exact search registered in
``gametree.algorithms`` that applies to the tree (the alpha-beta family, PVS, MTD(f) for two
players; maxn, immediate, shallow, last-branch, speculative and paranoid for N) must return
its reference definition's value; the multi-player searches also its principal variation, and
the two-player ones a best move that is optimal. Korf's bounds are the game's: the declared
ones, and the tighter ones for a search of that depth from that state; the pruning searches
check every leaf against them, so these tests also check that the bounds hold. ``impl.Engine``
(alpha-beta on the game itself, with and without ordering, table and deepening) is checked by
the engine tests' own checker against ``spec.search``.
"""

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import spec
from gametree.algorithms import ALGORITHMS, Algorithm, Options, applicable
from gametree.games import PASS, ChineseCheckers, ConnectFour, Kalah, Othello
from gametree.spec import Bounds, Node, Solution, Tree, game_maxn, game_minimax, unfold, worth
from tests.engine_checks import Case, check_result
from tests.test_games_properties import positions

TWO_PLAYER = [
    pytest.param(ConnectFour(5, 6, 4), 3, id="connect4 5x6"),
    pytest.param(Kalah(4, 3), 4, id="kalah(4,3)"),
    pytest.param(Othello(2, 6), 3, id="othello 6x6"),
    pytest.param(ChineseCheckers(2), 3, id="chinese checkers 2p"),
]
MULTI_PLAYER = [
    pytest.param(Othello(3, 6), 3, id="othello 3p 6x6"),
    pytest.param(Othello(4, 8), 2, id="othello 4p 8x8"),
    pytest.param(ChineseCheckers(3), 3, id="chinese checkers 3p"),
    pytest.param(ChineseCheckers(6, max_plies=60), 2, id="chinese checkers 6p"),
]

REFERENCES: dict[str, Callable[[Tree], Solution[Any]]] = {
    "spec.minimax": spec.minimax,
    "spec.negamax": spec.negamax,
    "spec.maxn": spec.maxn,
    "spec.paranoid": spec.paranoid,
    "spec.expectimax": spec.expectimax,  # a tree without chance nodes: minimax or maxn
    "spec.brs_plus": lambda t: spec.brs_plus(t, _root_mover(t)),  # for the root's mover
}


def _root_mover(t: Tree) -> int:
    return t.to_move if isinstance(t, Node) else 0


def searches(t: Tree, bounds: Bounds | None) -> list[Algorithm]:
    """The exact impl searches that take ``t`` (with ``bounds``), by the registry."""
    found = [
        a
        for a in ALGORITHMS.values()
        if a.search is not None and a.exact and applicable(a, t, bounds) is None
    ]
    assert found
    return found


def check_two_player(game: Any, s: object, depth: int) -> list[str]:
    """Every applicable search against its reference on the cut tree; the names checked."""
    t = unfold(game, s, depth)
    by_game = game_minimax(game, s, depth)
    assert spec.minimax(t) == by_game
    names = []
    for a in searches(t, None):
        answer = a.run(t, None, Options())
        expected = REFERENCES[a.reference](t)
        assert answer.value == expected.value, a.name
        if isinstance(t, Node):
            assert answer.best_move is not None
            child = spec.minimax(t.children[answer.best_move]).value
            assert worth(child, t.to_move) == worth(by_game.value, t.to_move), a.name
        names.append(a.name)
    return names


def check_multi_player(game: Any, s: object, depth: int, bounds: Bounds) -> list[str]:
    """Every applicable search against its reference (value and variation), within ``bounds``."""
    t = unfold(game, s, depth)
    assert spec.maxn(t) == game_maxn(game, s, depth)
    spec.check_bounds(t, bounds)
    names = []
    for a in searches(t, bounds):
        answer = a.run(t, bounds, Options(player=_root_mover(t)))
        expected = REFERENCES[a.reference](t)
        assert answer.value == expected.value, a.name
        assert answer.principal_variation == expected.principal_variation, a.name
        names.append(a.name)
    return names


@pytest.mark.slow
@pytest.mark.parametrize(("game", "max_depth"), TWO_PLAYER)
@settings(max_examples=30)
@given(data=st.data())
def test_two_player_searches_give_the_specs_value_on_game_positions(
    game: Any, max_depth: int, data: st.DataObject
) -> None:
    s = data.draw(positions(game, max_plies=30))
    depth = data.draw(st.sampled_from(range(max_depth, 0, -1)))
    names = check_two_player(game, s, depth)
    assert {"alphabeta-fail-hard", "pvs", "mtdf", "negamax-alphabeta-fail-hard"} <= set(names)


ORDERED = {"table": True, "hash_move": True, "killers": 2, "history": True, "static_ordering": True}


@pytest.mark.parametrize(("game", "max_depth"), TWO_PLAYER)
@settings(max_examples=15)
@given(data=st.data())
def test_the_engine_gives_the_specs_answer_on_game_positions(
    game: Any, max_depth: int, data: st.DataObject
) -> None:
    """``impl.Engine`` plain, with every ordering and a table, and deepening, by one checker."""
    s = data.draw(positions(game, max_plies=30))
    depth = data.draw(st.sampled_from(range(max_depth, 0, -1)))
    case = Case(game, s, depth)
    check_result(case, case.engine().search(s, depth), game_order=True)
    check_result(case, case.engine(**ORDERED).search(s, depth), game_order=False)
    deepened = case.engine(**ORDERED).deepen(s, max_depth=depth)
    assert deepened.depth == depth or deepened.stopped == "solved"
    check_result(Case(game, s, deepened.depth), deepened.result, game_order=False)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "max_depth"), MULTI_PLAYER)
@settings(max_examples=30)
@given(data=st.data())
def test_multi_player_searches_give_the_specs_value_on_game_positions(
    game: Any, max_depth: int, data: st.DataObject
) -> None:
    s = data.draw(positions(game, max_plies=30))
    depth = data.draw(st.sampled_from(range(max_depth, 0, -1)))
    names = check_multi_player(game, s, depth, game.bounds_below(s, depth))
    assert {
        "maxn",
        "immediate",
        "shallow",
        "last-branch",
        "speculative",
        "paranoid",
    } <= set(names)
    check_multi_player(game, s, depth, game.bounds)


def test_a_kalah_tree_has_players_moving_twice_and_the_searches_still_agree() -> None:
    game = Kalah(6, 4)
    t = unfold(game, game.initial_state(), 2)
    assert isinstance(t, Node)
    assert t.to_move == 0
    again = t.children[2]  # the third pit ends in the store: South moves again
    assert isinstance(again, Node)
    assert again.to_move == 0
    check_two_player(game, game.initial_state(), 4)


def test_an_othello_tree_with_passes_is_searched_alike() -> None:
    game = Othello(3, 6)
    rng = random.Random(0)  # a fixed game, found to have a pass at ply 26
    line = [game.initial_state()]
    while not game.is_terminal(line[-1]):
        line.append(game.successor(line[-1], rng.choice(game.moves(line[-1]))))
    passes = [i for i, s in enumerate(line) if game.moves(s) == (PASS,)]
    assert passes == [26]
    s = line[24]
    t = unfold(game, s, 3)
    assert any(isinstance(n, Node) and len(n.children) == 1 for n in nodes(t))
    check_multi_player(game, s, 3, game.bounds_below(s, 3))


def nodes(t: Tree) -> list[Tree]:
    """Every node of ``t`` (a small tree), depth first."""
    found, stack = [], [t]
    while stack:
        n = stack.pop()
        found.append(n)
        if isinstance(n, Node):
            stack.extend(n.children)
    return found


def test_shallow_pruning_cuts_on_othello_with_the_tight_bounds() -> None:
    """Korf's pruning needs bounds close to the true sum: the search bounds give it some."""
    game = Othello(3, 6)
    s = game.initial_state()
    t = unfold(game, s, 4)
    loose = ALGORITHMS["shallow"].run(t, game.bounds, Options())
    tight = ALGORITHMS["shallow"].run(t, game.bounds_below(s, 4), Options())
    assert tight.value == loose.value == spec.maxn(t).value
    assert tight.leaves_evaluated < loose.leaves_evaluated == t.leaf_count
