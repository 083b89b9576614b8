"""The gate's game mode (``gametree conform --game``): engines asked about positions of a game.

gametree's own engine (``gametree.conform.positions.engine:answer``, ``impl.Engine`` on the
game) passes every bundled game under the semantics that apply to it; the examples' engines in
C, written to the guide (docs/games-gate.md), pass, and each of their broken variants fails at
the phase and with the minimal position the guide describes.
"""

import json
import re
import shlex
import shutil
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest

from gametree import cli
from gametree.conform.positions.cases import (
    _covered,
    covered,
    forced_win,
    playable,
    within_limits,
)
from gametree.conform.positions.command import TREE_ONLY
from gametree.conform.positions.engine import answer
from gametree.conform.positions.protocol import LineProtocol, Question
from gametree.conform.positions.run import GameOptions, _plan, questions, replay_command
from gametree.conform.positions.semantics import NO_MOVE, TWO_PLAYER, _truth, truth
from gametree.games.evaluations import evaluations
from gametree.games.notations import GAMES
from tests.bugs.games import BEGIN, CLI, CONNECT4, END, GAME_BUGS, KALAH, build

ROOT = Path(__file__).resolve().parent.parent
OURS = "gametree.conform.positions.engine:answer"
PONS = ("--game", "connect4", "--ask", "solve", "--solve-evaluation", "pons",
        "--line-request", "{position}", "--line-reply", "{position} {value}")  # fmt: skip
"""Pons' solver's interface: a position a line in, the position and its score out."""


def conform(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    code = cli.main(["conform", *argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else None


N = ["maxn", "paranoid", "shallow", "immediate", "last-branch", "speculative"]


@pytest.mark.parametrize(
    ("game", "variant", "semantics"),
    [
        ("tictactoe", [], "negamax"),
        ("nim", ["heaps=1,2,3"], "alphabeta-fail-hard"),
        ("nim", ["heaps=2,2,3"], "negamax-alphabeta-fail-soft"),
        ("kalah", ["pits=3", "seeds=2"], "minimax"),
        ("kalah", ["pits=3", "seeds=3", "empty_capture=true"], "alphabeta-fail-soft"),
        ("connect4", ["rows=4", "columns=5"], "negamax-alphabeta-fail-hard"),
        ("connect4", ["rows=4", "columns=4", "connect=3"], "negamax"),
        ("othello", ["size=4"], "alphabeta-fail-hard"),
        *[("othello", ["size=6", "players=3"], s) for s in N],
    ],
)
def test_our_engine_passes_every_game_and_semantics(
    game: str, variant: list[str], semantics: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--target", OURS, "--game", game, "--semantics", semantics, "--any-best-move"]
    argv += [w for v in variant for w in ("--variant", v)]
    if semantics == "paranoid":
        argv += ["--player", "1"]
    code, report = conform(argv, capsys)
    assert code == 0, report["failures"][:1]
    asked = report["asked"]
    assert asked["perft"] > 20
    assert asked["value"] > 20
    assert ("solve" in asked) == (game != "othello" or "players=3" not in variant)
    assert report["coverage"], "the run met none of the game's behaviours"


def test_every_two_player_semantics_on_kalah_with_windows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for semantics in TWO_PLAYER:
        code, report = conform(["--target", OURS, "--game", "kalah", "--variant", "pits=3",
                                "--variant", "seeds=2", "--semantics", semantics, "--ask",
                                "value", "--best-move"], capsys)  # fmt: skip
        assert code == 0, (semantics, report["failures"][:1])


def test_the_guide_lists_each_game_with_its_variant_and_evaluations() -> None:
    guide = (ROOT / "docs" / "games-gate.md").read_text()
    table = guide[guide.index("| `--game`") :].split("\n\n")[0]
    rows = {line.split("|")[1].strip(" `"): line for line in table.splitlines()[2:]}
    assert set(rows) == set(GAMES)
    for name, rules in GAMES.items():
        assert all(f"`{key}=" in rows[name] for key in rules.parameters), name
        variants = [{}, {"players": 3, "size": 6}] if name == "othello" else [{}]
        for variant in variants:
            named = [f"`{e}`" for e in evaluations(rules.game(variant))]
            assert all(e in rows[name] for e in named), (name, named)


def test_the_default_evaluation_and_solver_score_are_the_games_documented_ones() -> None:
    o = GameOptions.of("connect4", {})
    assert (o.evaluation, o.solve_evaluation) == ("open-windows", "pons")
    o = GameOptions.of("kalah", {})
    assert (o.evaluation, o.solve_evaluation) == ("store-difference", "margin")
    with pytest.raises(ValueError, match="score of the end only"):
        GameOptions.of("kalah", {}, evaluation="margin")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--game", "chess"], "--game: invalid choice"),
        (["--game", "kalah", "--variant", "holes=6"], "kalah has no variant parameter 'holes'"),
        (["--game", "kalah", "--variant", "pits"], "--variant takes KEY=VALUE"),
        (["--game", "kalah", "--semantics", "maxn"], "a two-player game is asked under"),
        (["--game", "othello", "--variant", "players=3", "--ask", "solve"], "two-player game"),
        (["--game", "connect4", "--position", "1111111", "--ask", "perft"], "1111111"),
        (["--game", "kalah", "--evaluation", "glory"], "kalah has no evaluation 'glory'"),
    ],
)
def test_bad_game_options_get_one_line_naming_the_fault(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if "invalid choice" in says:
        with pytest.raises(SystemExit):
            cli.main(["conform", "--target", OURS, *argv])
    else:
        assert cli.main(["conform", "--target", OURS, *argv]) == 2
    err = capsys.readouterr().err
    assert says in err, err
    assert "Traceback" not in err


TREE_VALUES = {"--budget": "10", "--values": "int64", "--infinity": "1000",
               "--skip-flag": "Tie", "--scope": "large"}  # fmt: skip


@pytest.mark.parametrize("flag", TREE_ONLY)
def test_a_tree_gate_option_is_refused_with_game(
    flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    given = [flag, TREE_VALUES[flag]] if flag in TREE_VALUES else [flag]
    argv = ["conform", "--target", OURS, "--game", "nim", "--ask", "perft", *given]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert f"{flag} is an option of the tree gate, not of --game" in err, err
    assert len(err.strip().splitlines()) == 1


def test_the_replay_of_a_deep_kalah_solve_runs_as_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A board far from the start is reached by the moves the replay carries (a search for a
    line to it gives up), and a solve is replayed with its score."""
    options = GameOptions.of("kalah")
    game = GAMES["kalah"].game(dict(options.variant))
    words = list("544352441213514614255")  # the pits played, one digit each
    s, line = game.initial_state(), []
    for w in words:
        line.append(game.parse_move(s, w))
        s = game.successor(s, line[-1])
    q = Question("kalah", options.variant, tuple(line), "solve", evaluation="margin")
    replay = shlex.split(replay_command(q, f"--target {OURS}"))
    assert replay[:2] == ["gametree", "conform"]
    assert "--solve-evaluation" in replay
    code, report = conform(replay[2:], capsys)
    assert code == 0, report
    assert report["asked"] == {"solve": 1}
    wrong = list(replay[2:])
    wrong[wrong.index("--moves") + 1] = " ".join(words[:-1])
    assert cli.main(["conform", *wrong]) == 2
    err = capsys.readouterr().err
    assert "--moves reach '" in err, err
    assert len(err.strip().splitlines()) == 1


@pytest.fixture(scope="module")
def cc() -> str:
    found = shutil.which("cc") or shutil.which("gcc")
    if found is None:
        pytest.skip("no C compiler (cc or gcc) to build the examples' game engines")
    return found


def test_the_line_templates_read_an_engine_that_speaks_as_pons_solver_ships(
    cc: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A position a line in, the position and its score out: Pons' solver's interface, here
    the C engine's ``--pons`` mode (the solver itself is not built by the tests: its source
    is on GitHub, not in a package registry)."""
    engine = build(cc, "connect4_engine.c", tmp_path)
    code, report = conform(["--target", f"{engine} --pons", *PONS], capsys)
    assert code == 0, report["failures"][:1]
    assert report["asked"] == {"solve": report["asked"]["solve"]}
    assert report["asked"]["solve"] >= 3


GUARD = 900.0
"""A hang guard, far above a run's worst case on a loaded machine (not a speed check)."""


def test_a_failed_solve_is_shrunk_through_endgames_only(cc: str, tmp_path: Path) -> None:
    """The ``--pons`` build with the top-row bug answers solves only, so its failure is found
    and shrunk in the solve phase. A shorter line can reach a position far from the end,
    whose solve takes as long as the whole game's (for the reference too): the shrink asks
    only what the phase asks, endgames, and the run ends (it did not in 10 minutes when the
    shrink shortened the line to any legal position)."""
    engine = build(cc, "connect4_engine.c", tmp_path, "-DBUG_TOP_ROW")
    argv = [sys.executable, "-c", CLI, "conform", "--target", f"{engine} --pons", *PONS,
            "--json"]  # fmt: skip
    done = subprocess.run(argv, capture_output=True, text=True, timeout=GUARD, cwd=ROOT,
                          check=False)  # fmt: skip
    assert done.returncode == 1, done.stderr[-2000:]
    (failure,) = json.loads(done.stdout)["failures"]
    minimal = failure["minimal"]
    assert minimal["request"]["ask"] == "solve"
    assert minimal["kind"] == "mismatch", minimal["problems"]
    assert failure["replayed_alone"] == "fails the same way in a fresh process"
    replay = shlex.split(failure["replay"])
    assert replay[:2] == ["gametree", "conform"]
    again = subprocess.run([sys.executable, "-c", CLI, "conform", *replay[2:], "--json"],
                           timeout=GUARD, capture_output=True, text=True, cwd=ROOT,
                           check=False)  # fmt: skip
    assert again.returncode == 1, again.stderr[-2000:]
    assert json.loads(again.stdout)["failures"][0]["found"]["problems"] == minimal["problems"]
    options = GameOptions.of("connect4")
    game = GAMES["connect4"].game(dict(options.variant))
    line = tuple(game.parse_line(minimal["request"]["position"]))
    assert within_limits(Question("connect4", options.variant, line, "solve"))
    shorter = [line[:i] + line[i + 1 :] for i in range(len(line))]
    legal = [x for x in shorter if playable(game, x)]
    beyond = [
        x for x in legal if not within_limits(Question("connect4", options.variant, x, "solve"))
    ]
    assert beyond, "no shorter line leaves the endgames: the check is idle here"


def moveless(request: dict[str, Any]) -> dict[str, object]:
    """gametree's engine with the move left out of every reply."""
    reply = answer(request)
    reply.pop("best_move", None)
    return reply


@pytest.mark.parametrize("ask", ["value", "solve"])
def test_a_reply_without_the_move_compared_is_told_so(
    ask: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    target = "tests.test_conform_games:moveless"
    code, report = conform(["--target", target, "--game", "nim", "--ask", ask], capsys)
    assert code == 0, report["failures"][:1]
    code, report = conform(["--target", target, "--game", "nim", "--ask", ask,
                            "--any-best-move"], capsys)  # fmt: skip
    assert code == 1
    assert report["failures"][0]["minimal"]["problems"] == [NO_MOVE]


BROKEN_CONNECT4 = {
    "BUG_FULL_COLUMN": ("666666", "moves: 6 not legal here"),
    "BUG_TOP_ROW": (None, "not legal here (the game is over)"),
}


@pytest.mark.parametrize("bug", BROKEN_CONNECT4)
def test_each_broken_c_connect_four_engine_fails_with_its_minimal_position(
    cc: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], bug: str
) -> None:
    position, wrong = BROKEN_CONNECT4[bug]
    engine = build(cc, "connect4_engine.c", tmp_path, f"-D{bug}")
    code, report = conform(["--target", engine, *CONNECT4], capsys)
    assert code == 1
    (failure,) = report["failures"]
    minimal = failure["minimal"]
    assert minimal["request"]["ask"] == "divide"
    assert any(wrong in p for p in minimal["problems"]), minimal["problems"]
    if position is not None:
        assert minimal["request"]["position"] == position
    assert (
        len(minimal["line"]) < len(failure["found"]["line"]) + failure["found"]["request"]["depth"]
    )
    assert failure["replayed_alone"] == "fails the same way in a fresh process"
    replay = failure["replay"].split()
    assert replay[:2] == ["gametree", "conform"]
    code, again = conform([w.strip("'") for w in replay[2:]], capsys)
    assert code == 1
    assert again["failures"][0]["found"]["problems"] == minimal["problems"]


def test_the_guide_runs_each_c_engine_as_the_tests_gate_it() -> None:
    """The guide's console blocks are the C engines' default runs (the tests run their broken
    builds and Kalah(3, 2) with the same options)."""
    guide = (ROOT / "docs" / "games-gate.md").read_text()
    for engine, options in (("connect4_engine", CONNECT4), ("kalah_engine", KALAH)):
        run = f"$ gametree conform {' '.join(options[:2])} --target ./{engine} "
        assert f"{run}{' '.join(options[2:])}\nresult: PASSED" in guide, engine


KALAH_BEHAVIOURS = {"extra-turn", "capture", "skips-store", "extra-turns-in-a-row"}


def test_the_c_kalah_engine_of_the_guide_passes(
    cc: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """On Kalah(3, 2); the default Kalah(6, 4), as each engine's default run, is the guide's
    console block (tests/test_docs_console.py runs it as written)."""
    engine = build(cc, "kalah_engine.c", tmp_path)
    code, report = conform(["--target", engine, *KALAH, "--variant", "pits=3", "--variant",
                            "seeds=2"], capsys)  # fmt: skip
    assert code == 0, report["failures"][:1]
    assert report["asked"]["solve"] >= 8
    assert set(report["coverage"]) >= KALAH_BEHAVIOURS


def test_the_default_kalah_run_meets_its_behaviours() -> None:
    """Coverage is read off the reference, so the questions alone show it, whatever answers."""
    planned = questions(GameOptions.of("kalah"))
    met = sum((covered(q) for qs in planned.values() for q in qs), Counter[str]())
    assert set(met) >= KALAH_BEHAVIOURS
    assert len(planned["solve"]) >= 8


GUIDE_KALAH = ROOT / "examples" / "from_guide" / "kalah.c"
MOVER_IN_KEY = "    h = (h ^ (uint64_t)b->mover) * 1099511628211ULL;\n"


@pytest.mark.parametrize("keyed_on", ["position", "board"])
def test_a_table_keyed_without_the_mover_below_the_root_is_caught(
    keyed_on: str, cc: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Kalah engine written from the guide alone keeps a table between questions, read
    and written below the root only; keyed on the board without the mover, the same-board
    pairs alone did not catch it (their boards are roots, never stored). Each pair is asked
    after the positions one move before it, whose searches meet its boards as children."""
    source = GUIDE_KALAH.read_text()
    assert MOVER_IN_KEY in source
    if keyed_on == "board":
        source = source.replace(MOVER_IN_KEY, "")
    (tmp_path / "kalah.c").write_text(source)
    engine = tmp_path / "kalah"
    subprocess.run([cc, "-O2", "-o", str(engine), str(tmp_path / "kalah.c")], check=True)
    code, report = conform(["--target", str(engine), *KALAH, "--ask", "solve"], capsys)
    if keyed_on == "position":
        assert code == 0, report["failures"][:1]
        return
    assert code == 1
    (failure,) = report["failures"]
    assert failure["found"]["request"]["ask"] == "solve"
    assert failure["replayed_alone"].startswith("passes in a fresh process")


BROKEN_KALAH = {
    "BUG_SOWS_OPPONENT_STORE": ("perft", "engine plays 6 wrongly"),
    "BUG_NO_EXTRA_TURN": ("perft", "engine plays 3 wrongly"),
    "BUG_CAPTURE_SAME_INDEX": ("perft", "engine plays 1 wrongly"),
    "BUG_EXTRA_TURN_NEGATED": ("value", "value: expected 2, got 0"),
    "BUG_TABLE_WITHOUT_MOVER": ("solve", "value: expected -8, got 4"),
}


@pytest.mark.parametrize("bug", BROKEN_KALAH)
def test_each_broken_c_kalah_engine_fails_at_its_phase(
    cc: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], bug: str
) -> None:
    phase, says = BROKEN_KALAH[bug]
    engine = build(cc, "kalah_engine.c", tmp_path, f"-D{bug}")
    code, report = conform(["--target", engine, *KALAH], capsys)
    assert code == 1
    (failure,) = report["failures"]
    assert failure["found"]["request"]["ask"] == phase
    said = [*failure["minimal"]["problems"], *failure["diagnosis"]]
    assert any(says in p for p in said), said
    if bug == "BUG_TABLE_WITHOUT_MOVER":  # the board asked before, with the other mover
        alone = failure["replayed_alone"]
        assert alone.startswith("passes in a fresh process"), alone
        board, mover = failure["minimal"]["request"]["position"].rsplit(" ", 1)
        other = {"S": "N", "N": "S"}[mover]
        after = alone.split("; it fails again after ")[1]
        assert f"solve (margin) of '{board} {other}'" in after, alone
    else:
        assert failure["replayed_alone"] == "fails the same way in a fresh process"


def test_othello_without_a_pass_is_caught_at_the_position_that_needs_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    bug = next(b for b in GAME_BUGS if b.name == "othello_no_pass")
    code, report = conform(["--target", bug.flag, *bug.game], capsys)
    assert code == 1
    (failure,) = report["failures"]
    assert failure["minimal"]["problems"] == ["moves: pass missing (the legal moves: pass)"]
    assert len(failure["minimal"]["line"]) <= 6
    code, report = conform(["--target", OURS, *bug.game], capsys)  # the same run, right rules
    assert code == 0, report["failures"][:1]


def test_the_catalogue_of_game_engine_bugs_has_a_row_for_each() -> None:
    text = (ROOT / "docs" / "bugs.md").read_text()
    table = text[text.index(BEGIN) : text.index(END)]
    rows = {line.split("|")[1].strip(" `"): line for line in table.splitlines()
            if line.startswith("| `")}  # fmt: skip
    assert set(rows) == {b.name for b in GAME_BUGS}
    assert len(rows) >= 8
    for b in GAME_BUGS:
        assert re.search(r"[\w.-]+/[\w.-]+(#\d+|@[0-9a-f]{7,40})", b.seen), b.seen
        assert b.seen in rows[b.name]
        assert rows[b.name].split("|")[4].strip() in ("perft", "value", "solve")


def test_a_line_engine_reads_the_variant_from_the_request_template() -> None:
    """The guide's example of ``{variant}``: the request a line engine reads, as it shows it."""
    guide = (ROOT / "docs" / "games-gate.md").read_text()
    template, sent = re.search(r"`--line-request '([^']*\{variant\}[^']*)'` sends\s+`([^`]*)`",
                               guide).groups()  # type: ignore[union-attr]  # fmt: skip
    variant = GameOptions.of("kalah", {"pits": 3, "seeds": 2}).variant
    q = Question("kalah", variant, (), "perft", 2)
    assert LineProtocol(template).request_text(q) == sent
    solve = Question("kalah", variant, (), "solve")
    assert LineProtocol(template).request_text(solve).split()[3:5] == ["solve", "0"]  # the guide
    assert dict(v.split("=") for v in sent.split()[:3]) == {
        "empty_capture": "false",
        "pits": "3",
        "seeds": "2",
    }


def test_the_value_phase_asks_where_the_mover_wins_with_its_second_move() -> None:
    """Guide G14: under ``outcome`` the values at the horizon are mostly 0, so a child searched
    over (-alpha, -beta) instead of (-beta, -alpha) passed every position of the default seed.
    The winning moves of a forced win lie two plies down, where that slip cuts a node off after
    its first move: the default run asks such positions (``forced-win``) at depth 3, a win
    there and not at depth 1 (tests/test_from_guide.py: the slip caught at the default seed)."""
    for game in ("connect4", "tictactoe"):
        o = GameOptions.of(game, evaluation="outcome")
        forced = [q for q in questions(o)["value"] if q.category == "forced-win"]
        lines = {q.line for q in forced}
        assert len(lines) >= 3, game
        for line in lines:
            at = {q.depth: q for q in forced if q.line == line}
            assert {1, 2, 3} <= set(at), (game, line)
            win, none = (truth(at[d]).expected for d in (3, 1))
            assert win is not None
            assert none is not None
            assert (win.value, none.value) == (1, 0), (game, line)
    othello = GAMES["othello"].game({"players": 3, "size": 6})
    assert not forced_win(othello, othello.initial_state())  # two players only


def test_the_memos_of_the_plan_the_truths_and_the_coverage_give_the_fresh_ones() -> None:
    """A run's plan, each question's truth and what its tree shows are kept for equal options
    and questions (tests/test_from_guide.py gates right and broken engines with one game's
    options, in one process): each kept one is the one worked out afresh, a caller's list of
    questions is its own, and questions that differ in their depth or their window keep their
    own truths."""
    options = GameOptions.of("kalah", {"pits": 3, "seeds": 2})
    questions(options)["value"].clear()
    planned = questions(options)
    assert planned == {p: list(qs) for p, qs in _plan(options).items()}
    assert len(planned["value"]) >= 20
    for q in (q for qs in planned.values() for q in qs):
        assert truth(q) == truth(q) == _truth(q)
        assert covered(q) == covered(q) == _covered(q)
    value = planned["value"][0]
    deeper = attrs.evolve(value, depth=value.depth + 1)
    windowed = attrs.evolve(value, alpha=Fraction(-1, 2), beta=3)
    pairs = [(value, deeper), (value, windowed)]
    for a, b in pairs:
        assert _truth(a) != _truth(b)  # the pair is a real test of the key
        for _ in range(2):
            assert (truth(a), truth(b)) == (_truth(a), _truth(b))
    assert _covered(deeper) != _covered(value)
    assert (covered(value), covered(deeper)) == (_covered(value), _covered(deeper))
