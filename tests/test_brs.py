"""Best-reply search and BRS+ (Schadd and Winands 2011; Esser et al. 2013): spec and impl."""

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree import impl
from gametree.algorithms import Options, lookup
from gametree.cli import main as cli_main
from gametree.clitools import EXIT_USAGE
from gametree.conform.codec import Case, case_from_request, request
from gametree.conform.semantics import best_line_problem, best_moves, expected
from gametree.games.chinese_checkers import (
    ChineseCheckers,
    ChineseCheckersMove,
    ChineseCheckersState,
)
from gametree.games.othello import Othello, OthelloMove, OthelloState
from gametree.spec import Leaf, Node, Scalar, Tree, TreeError, as_pairs, brs_plus, brs_tree
from gametree.spec import paranoid as spec_paranoid
from gametree.spec.best_reply import OutOfTurnGame, brs_plus_transform, replies
from gametree.spec.strategies import vector_trees
from gametree.treefile import TreeFileError

_checks_cc: OutOfTurnGame[ChineseCheckersState, ChineseCheckersMove] = ChineseCheckers()
_checks_othello: OutOfTurnGame[OthelloState, OthelloMove] = Othello(players=3, size=6)


def naive_brs_plus(t: Tree, r: int, may_leave_first: bool = True) -> Scalar:
    """BRS+ read straight off section 3, without the transform: r maximises; in an opponents'
    layer every ply takes its first child, but one ply of the layer may take any child."""
    if isinstance(t, Leaf):
        v = t.value
        assert isinstance(v, tuple)
        return v[r]
    assert isinstance(t, Node)
    if t.to_move == r:
        return max(naive_brs_plus(c, r) for c in t.children)
    first = naive_brs_plus(t.children[0], r, may_leave_first)
    if not may_leave_first:
        return first
    return min([first, *(naive_brs_plus(c, r, False) for c in t.children[1:])])


@given(
    st.integers(3, 4).flatmap(
        lambda n: st.tuples(
            vector_trees(players=n, max_depth=5, max_branching=3, by_depth=False, ties=True),
            st.integers(0, n - 1),
        )
    )
)
def test_brs_plus_is_section_3_and_impl_matches_spec(case: tuple[Tree, int]) -> None:
    t, r = case
    s = brs_plus(t, r)
    assert s.value == naive_brs_plus(t, r)
    leaf = t
    for i in s.principal_variation:
        assert isinstance(leaf, Node)
        leaf = leaf.children[i]
    assert isinstance(leaf, Leaf)
    assert isinstance(leaf.value, tuple)
    assert leaf.value[r] == s.value
    got = impl.brs_plus(t, r, trace=True)
    assert (got.value, got.principal_variation) == (s.value, s.principal_variation)
    assert got.trace is not None
    assert len(got.trace) == got.leaves_evaluated
    assert list(got.trace) == sorted(set(got.trace)), "directional, each leaf once"
    assert got.leaves_evaluated <= brs_plus_transform(t, r).leaf_count <= t.leaf_count


def test_a_layer_s_replies_leave_the_first_move_at_one_ply_at_most() -> None:
    """Four players: the layer under r's move is three plies; 2 + 1 + 1 + 1 replies."""
    t = Node.by_depth([[[[(a, b, c, d) for d in (0, 1)] for c in (0, 1)] for b in (0, 1)]
                       for a in (0, 1)])  # fmt: skip
    paths = [p for p, _ in replies(t.children[0], 0)]
    assert paths == [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)]


def test_the_best_opponent_changes_from_one_move_to_the_next() -> None:
    """Under r's first move opponent 2's reply is the strongest, under the second opponent 1's:
    BRS+ follows each, and the unsearched opponent plays its first move, not its last."""
    t = Node(0, [
        Node(1, [Node(2, [(9, 0, 0), (2, 0, 0)]), Node(2, [(5, 0, 0), (0, 0, 0)])]),
        Node(1, [Node(2, [(8, 0, 0), (7, 0, 0)]), Node(2, [(3, 0, 0), (1, 0, 0)])]),
    ])  # fmt: skip
    s = brs_plus(t, 0)
    assert (s.value, s.principal_variation) == (3, (1, 1, 0))
    assert brs_plus(t.children[0], 0).principal_variation == (0, 1)
    assert spec_paranoid(t, 0).value == 1


@pytest.mark.parametrize(
    ("t", "player", "problem"),
    [
        (Node.by_depth([[(1, 2, 3), (3, 2, 1)]]), None, "brs-plus needs the root player"),
        (Node.by_depth([[(1, 2, 3), (3, 2, 1)]]), 3, r"'player' must be in 0\.\.2 \(got 3\)"),
        (Node.by_depth([[(1, 2, 3), (3, 2, 1)]]), True, r"'player' must be in 0\.\.2 \(got True\)"),
        (as_pairs(Node.by_depth([[1, 2], [3, 4]])), 0, "brs-plus (is for|takes trees of) three or"),
        (Node.by_depth([[1, 2], [3, 4]]), 0, "brs-plus (needs|takes) N-player"),
    ],
)
def test_bad_input_is_named(t: Tree, player: Any, problem: str) -> None:
    runs = (
        lambda: brs_plus(t, player),
        lambda: impl.brs_plus(t, player),
        lambda: lookup("brs-plus").run(t, None, Options(player=player)),
    )
    for run in runs:
        with pytest.raises(TreeError, match=problem):
            run()


def test_brs_refuses_a_plain_tree_and_says_why() -> None:
    t = Node.by_depth([[(1, 2, 3), (3, 2, 1)], [(2, 2, 2), (0, 1, 5)]])
    with pytest.raises(TreeError, match="brs is not defined on a plain tree: it lets one opponent"):
        impl.brs(t, 0)
    with pytest.raises(TreeError, match="brs searches a game whose opponents may move out of"):
        lookup("brs").run(t, None, Options(player=0))
    with pytest.raises(TreeError, match="brs needs the root player"):
        impl.brs(t)


@pytest.mark.parametrize(
    "game", [ChineseCheckers(players=3), Othello(players=3, size=6), Othello(players=4, size=6)]
)
def test_brs_on_a_game_lets_one_opponent_move_then_the_root_player(
    game: OutOfTurnGame[Any, Any],
) -> None:
    """Schadd and Winands, III: at the opponents' layer every opponent's moves from the same
    position, and then the root player moves again: no opponent moves twice in a row."""
    s = game.initial_state()
    t = brs_tree(game, s, 3, 0)
    assert isinstance(t, Node)
    assert len(t.children) == len(game.moves(s))
    after = game.successor(s, game.moves(s)[0])
    layer = t.children[0]
    assert isinstance(layer, Node)
    given = [game.with_mover(after, o) for o in range(1, game.players)]
    out_of_turn = sum(len(game.moves(g)) for g in given)
    assert len(layer.children) == out_of_turn
    assert all(isinstance(c, Node) and c.to_move == 0 for c in layer.children)
    searched = impl.brs_game(game, s, 3, 0)
    assert searched.value == spec_paranoid(t, 0).value
    assert searched.leaves_evaluated < t.leaf_count


def test_brs_plus_on_a_game_is_the_transform_of_its_plies() -> None:
    """One layer of Chinese Checkers for three players: BRS+'s replies are the game's own
    plies, one opponent leaving its first move."""
    game = ChineseCheckers(players=3)
    s = game.initial_state()
    t = brs_tree(game, s, 2, 0, plus=True)
    assert isinstance(t, Node)
    from gametree.spec import unfold

    assert t == brs_plus_transform(unfold(game, s, 3), 0)


@pytest.mark.parametrize(
    ("change", "pointer", "words"),
    [
        ({"tree": [[[1, 2], [3, 4]]]}, "/tree", "brs-plus takes trees of 3 or more players"),
        ({"player": None}, "/player", "brs-plus needs the root player it searches for: 'player'"),
        ({"player": 3}, "/player", "'player' must be in 0..2 (got 3)"),
    ],
)
def test_the_gate_refuses_a_brs_plus_request_it_cannot_ask(
    change: dict[str, object], pointer: str, words: str
) -> None:
    t = Node.by_depth([[(1, 2, 3), (3, 2, 1)], [(2, 2, 2), (0, 1, 5)]])
    req = {**request(Case("brs-plus", t, player=0), trace=False), **change}
    with pytest.raises(TreeFileError) as caught:
        case_from_request("brs-plus", req)
    assert caught.value.pointer == pointer
    assert words in caught.value.problem


def test_the_gate_s_best_replies_and_lines_follow_the_transform() -> None:
    """The root's best moves are the first moves of BRS+'s best replies; a line is checked
    reply by reply, and one whose layer leaves the first move twice is not a line."""
    t = Node(1, [
        Node(2, [Node(0, [(1, 0, 0), (4, 0, 0)]), Node(0, [(2, 0, 0)])]),
        Node(2, [Node(0, [(6, 0, 0), (3, 0, 0)]), Node(0, [(0, 0, 0), (9, 0, 0)])]),
    ])  # fmt: skip
    case = Case("brs-plus", t, player=0)
    e = expected(case)
    assert (e.value, e.principal_variation) == (2, (0, 1, 0))
    assert best_moves(case, e) == (0,)
    assert best_line_problem(case, [0, 1, 0]) == ""
    assert "begin with none of the layer's replies" in best_line_problem(case, [1, 1, 1])
    assert "not a best move" in best_line_problem(case, [1, 0, 0])


def test_solve_asks_for_the_root_player_by_its_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "three.json"
    first = {"to_move": 1, "children": [{"value": [1, 2, 3]}]}
    second = {"to_move": 2, "children": [{"value": [3, 1, 2]}]}
    t = {"to_move": 0, "children": [first, second]}
    tree.write_text(json.dumps({"format": "gametree-tree/1", "players": 3, "tree": t}))
    assert cli_main(["solve", str(tree), "-a", "brs-plus"]) == EXIT_USAGE
    assert "brs-plus needs --player P, the root player it searches for: one of the" in (
        capsys.readouterr().err
    )
    assert cli_main(["solve", str(tree), "-a", "brs-plus", "--player", "0"]) == 0
    assert "value: 3" in capsys.readouterr().out
