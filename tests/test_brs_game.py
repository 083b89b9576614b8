"""Best-reply search gated on a game's positions (``conform --game othello --semantics brs``).

BRS (Schadd and Winands 2011, section III) lets one opponent move out of turn, which no tree
holds, so its gate is the game mode's: gametree's engine passes it on three- and four-player
Othello, each BRS bug of the catalogue is caught by the default run (positions drawn from
playouts, nothing aimed at it), and the options it cannot be asked with are refused in one line.
"""

import json
from typing import Any

import pytest

from gametree import cli, spec
from gametree.conform.positions.best_reply import brs_case, brs_leaves
from gametree.conform.positions.cases import within_limits
from gametree.conform.positions.protocol import Question, variant_items
from gametree.conform.positions.run import GameOptions, questions
from gametree.games.notations import GAMES
from tests.bugs.games import GAME_BUGS

OURS = "gametree.conform.positions.engine:answer"
BRS_BUGS = [b for b in GAME_BUGS if b.name.startswith("brs_")]


def conform(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    code = cli.main(["conform", *argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else None


@pytest.mark.parametrize(("players", "move"), [(3, "--any-best-move"), (4, "--best-move")])
def test_our_engine_passes_brs_on_othello(
    players: int, move: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Any best move with three players; with four, the leftmost (the tie rule)."""
    argv = ["--target", OURS, "--game", "othello", "--variant", f"players={players}",
            "--variant", "size=6", "--semantics", "brs", move, "--ask", "value"]  # fmt: skip
    code, report = conform(argv, capsys)
    assert code == 0, report["failures"][:1]
    assert report["asked"]["value"] > 40


def test_our_engine_passes_brs_plus_on_othello_for_a_declared_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--target", OURS, "--game", "othello", "--variant", "players=3", "--variant",
            "size=6", "--semantics", "brs-plus", "--player", "1", "--any-best-move",
            "--ask", "value"]  # fmt: skip
    code, report = conform(argv, capsys)
    assert code == 0, report["failures"][:1]
    assert report["asked"]["value"] > 40


def test_the_value_phase_asks_brs_beyond_one_layer_within_its_limit() -> None:
    o = GameOptions.of("othello", {"players": 3, "size": 6}, semantics="brs")
    values = questions(o)["value"]
    depths = {q.depth for q in values}
    assert {1, 2, 3} <= depths, depths
    for q in values[:: max(1, len(values) // 8)]:
        leaves = brs_case(q).tree.leaf_count
        assert brs_leaves(q, 10**9) == leaves
        assert within_limits(q)


def test_brs_leaves_stops_one_past_its_limit() -> None:
    items = variant_items(GAMES["othello"], {"players": 3, "size": 6})
    q = Question("othello", items, (), "value", 3, "piece-counts", "brs")
    whole = brs_leaves(q, 10**9)
    assert whole > 100
    assert brs_leaves(q, 50) == 51


def test_brs_s_case_is_the_tree_the_paper_searches_for_the_player_to_move() -> None:
    """r's moves, then one layer of every opponent's moves from the same position."""
    items = variant_items(GAMES["othello"], {"players": 3, "size": 6})
    q = Question("othello", items, (), "value", 2, "piece-counts", "brs")
    case = brs_case(q)
    game, s = q.played, q.state
    r = game.to_move(s)
    assert case.semantics == "paranoid"
    assert case.player == r
    assert isinstance(case.tree, spec.Node)
    assert len(case.tree.children) == len(game.moves(s))
    after = game.successor(s, game.moves(s)[0])
    opponents = [o for o in range(3) if o != r]
    replies = sum(len(game.moves(game.with_mover(after, o))) for o in opponents)
    layer = case.tree.children[0]
    assert isinstance(layer, spec.Node)
    assert len(layer.children) == replies
    assert replies > len(game.moves(after))


@pytest.mark.parametrize("bug", BRS_BUGS, ids=lambda b: b.name)
def test_each_brs_bug_is_caught_by_the_default_run(
    bug: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = conform(["--target", bug.flag, *bug.game], capsys)
    assert code == 1
    failure = report["failures"][0]
    assert failure["found"]["request"]["ask"] == "value"
    assert failure["minimal"]["problems"][0].startswith(("value:", "best_move:"))
    assert failure["replayed_alone"].startswith("fails")


def test_the_brs_bugs_are_in_the_catalogue() -> None:
    assert {b.name for b in BRS_BUGS} == {"brs_own_moves_as_replies", "brs_replier_moves_again"}


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--game", "othello", "--variant", "players=3", "--semantics", "brs", "--player", "1"],
         "brs searches for the player to move at each position"),
        (["--game", "othello", "--variant", "players=3", "--semantics", "brs",
          "--principal-variation"], "--principal-variation is not compared"),
        (["--game", "othello", "--semantics", "brs"], "a two-player game is asked under"),
        (["--semantics", "brs"], "brs is asked of a game's positions, not of trees"),
        (["--game", "othello", "--variant", "players=3", "--semantics", "brs-plus"],
         "brs-plus needs --player P, the root player it searches for"),
    ],
)  # fmt: skip
def test_what_brs_cannot_be_asked_is_refused_in_one_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["conform", "--target", OURS, *argv]) == 2
    err = capsys.readouterr().err
    assert says in err, err
    assert len(err.strip().splitlines()) == 1
