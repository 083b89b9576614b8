"""``gametree play``, driven through its standard input: people, engines, bad input, the end.

Most tests call ``play`` with text streams; one runs the command in a child process and writes
to its standard input. No test depends on time: the one with a time budget passes a clock that
advances a fixed step per reading.
"""

import io
import itertools
import subprocess
import sys

import pytest

from gametree import cli
from gametree.commands.play import play


def run_play(argv: list[str], typed: str = "") -> tuple[int, str]:
    """Run ``gametree play ARGV`` with ``typed`` as its input: the exit code and the output."""
    args = cli.parser().parse_args(["play", *argv])
    out = io.StringIO()
    code = play(args, io.StringIO(typed), out)
    return code, out.getvalue()


def every_column(columns: int, rounds: int) -> str:
    """Lines naming the columns 1..C over and over: a player who tries each in turn."""
    return "".join(
        f"{c}\n" for c in itertools.islice(itertools.cycle(range(1, columns + 1)), rounds)
    )


def test_a_person_plays_connect_four_to_the_end_against_the_engine() -> None:
    code, out = run_play(
        ["connect4", "--rows", "4", "--columns", "4", "--connect", "3", "--depth", "3"],
        every_column(4, 200),
    )
    assert code == 0
    assert "X (player 0) human, O (player 1) alphabeta, depth 3" in out
    assert out.count("O (player 1) (alphabeta, depth 3) plays ") >= 2
    assert "  principal variation: " in out
    assert " nodes, " in out
    assert " leaves; " in out
    assert out.rstrip().splitlines()[-1].startswith("game over: ")
    assert ". . . .\n" in out  # the board is drawn
    assert "1 2 3 4" in out


def test_bad_input_is_asked_again_with_the_reason() -> None:
    code, out = run_play(
        ["connect4", "--rows", "4", "--columns", "4", "--connect", "3", "--depth", "1"],
        "x\n0\n9\n?\n2\nquit\n",
    )
    assert code == 0
    assert "not a move: a move is a column number 1..4 (got 'x')" in out
    assert "not a move: there is no column 0" in out
    assert "not a move: there is no column 9" in out
    assert "legal moves: 1 2 3 4" in out
    assert "plays " in out
    assert out.rstrip().endswith("game abandoned")
    assert out.count("your move") == 6


def test_a_full_column_is_refused() -> None:
    code, out = run_play(
        ["connect4", "--rows", "2", "--columns", "3", "--connect", "3", "--players", "human,human"],
        "1\n1\n1\n2\nquit\n",
    )
    assert code == 0
    assert "not a move: column 1 is full" in out


def test_the_input_ending_before_the_game_is_exit_code_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run_play(["kalah", "--pits", "3", "--seeds", "3"], "1\n")
    assert code == 1
    assert "South (player 0), your move (? for help): 1\n" in out  # input is echoed
    assert out.rstrip().endswith("your move (? for help):")
    assert "gametree play: error: the input ended before the game did" in capsys.readouterr().err


def test_two_people_play_kalah_and_the_mover_moves_again_after_a_store() -> None:
    # Kalah(3, 3): South's pit 1 ends in the store, so South moves again; pit 1 is then empty
    # (asked again), and pit 2 ends on North's side: North's turn.
    code, out = run_play(
        ["kalah", "--pits", "3", "--seeds", "3", "--players", "human,human"],
        "1\n1\n2\n3\nquit\n",
    )
    assert code == 0
    turns = [line.split(",")[0] for line in out.splitlines() if "your move" in line]
    assert turns[:4] == ["South (player 0)"] * 3 + ["North (player 1)"]
    assert "not a move: pit 1 is empty" in out


def test_engines_play_kalah_to_the_end_and_the_winner_is_named() -> None:
    code, out = run_play(
        ["kalah", "--pits", "4", "--seeds", "3", "--players", "engine,pvs", "--depth", "3"]
    )
    assert code == 0
    assert "South (player 0) alphabeta, depth 3, North (player 1) pvs, depth 3" in out
    last = out.rstrip().splitlines()[-1]
    assert last.startswith("game over: ")
    assert ("wins" in last) or ("draw" in last)


def test_three_engines_play_othello_to_the_end() -> None:
    code, out = run_play(
        ["othello", "--players", "shallow,paranoid,engine", "--size", "6", "--depth", "2"]
    )
    assert code == 0
    assert (
        "X (player 0) shallow, depth 2, O (player 1) paranoid, depth 2, A (player 2) shallow" in out
    )
    assert "(a component per player)" in out  # maxn values are vectors
    assert "(to the mover)" in out  # paranoid values are the mover's worth
    assert out.rstrip().splitlines()[-1].startswith("game over: ")
    assert "pieces: X (player 0) " in out


def test_a_person_sees_the_hole_names_of_chinese_checkers() -> None:
    code, out = run_play(
        ["chinese-checkers", "--players", "human,engine,engine", "--depth", "1"],
        "?\ni1-i1\nh1-g3\nquit\n",
    )
    assert code == 0
    assert "legal moves: h1-g3 h1-g4 h2-g4 h2-g5 i1-g3 i1-g5" in out
    assert "c1  c2  c3  c4  c5  c6  c7" in out
    assert "not a move: the piece on i1 cannot reach i1" in out
    assert "B (player 1) (shallow, depth 1) plays " in out


def test_tictactoe_against_the_engine_never_ends_in_a_win_for_the_person() -> None:
    code, out = run_play(["tictactoe", "--depth", "9"], "".join(f"{c}\n" for c in range(1, 10)) * 3)
    assert code == 0
    assert out.rstrip().splitlines()[-1] in ("game over: O (player 1) wins", "game over: a draw")


def test_deepening_under_a_time_budget_plays_every_seat_with_a_fake_clock() -> None:
    ticks = itertools.count()
    args = cli.parser().parse_args(
        ["play", "othello", "--size", "6", "--players", "engine,shallow,paranoid", "--time", "5"]
    )
    out = io.StringIO()
    assert play(args, io.StringIO(), out, clock=lambda: float(next(ticks))) == 0
    text = out.getvalue()
    assert "shallow, 5.0 s" in text
    depths = {
        int(line.split("depth ")[1].split(";")[0])
        for line in text.splitlines()
        if "; depth " in line
    }
    assert max(depths) >= 2
    assert text.rstrip().splitlines()[-1].startswith("game over: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["connect4", "--players", "human,engine,engine"], "connect4 is for 2 players"),
        (
            ["othello", "--players", "human,alphabeta,engine"],
            "no engine 'alphabeta' for a 3-player",
        ),
        (["kalah", "--players", "human,shallow"], "no engine 'shallow' for a 2-player game"),
        (
            ["chinese-checkers", "--players", "human,engine,engine,engine"],
            "'players' must be 2, 3 or 6",
        ),
        (["othello", "--players", "human,engine,engine", "--size", "4"], "size >= players"),
    ],
)
def test_bad_seats_and_boards_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run_play(argv)
    assert code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "chess"],
        ["play", "connect4", "--depth", "2", "--time", "1"],
        ["play", "connect4", "--depth", "0"],
        ["play", "connect4", "--time", "-1"],
    ],
)
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    assert "usage: gametree play" in capsys.readouterr().err


def test_the_command_reads_a_real_standard_input() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gametree.cli", "play", "tictactoe", "--depth", "2"],
        input="5\n1\n3\n7\n9\n2\n4\n6\n8\n" * 2,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().splitlines()[-1].startswith("game over: ")
    assert "O (player 1) (alphabeta, depth 2) plays " in result.stdout
