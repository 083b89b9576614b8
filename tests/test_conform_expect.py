"""Check a case by hand with the gate's names (issue 33, item 6): ``gametree solve CASE.json
--semantics NAME [--window A B]`` prints exactly what the gate expects of the case, and
the gate's report prints that command for each minimal case.

The commands are taken from real reports (a tree bug and a game bug of the catalogue, the
cases saved where ``--cases-dir`` says), run as printed, and their answers compared with the
``expected`` the gate saved beside each case.
"""

import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from gametree import cli
from gametree.conform.codec import Case
from gametree.conform.expect import expectation_json
from gametree.conform.semantics import best_moves, expected
from gametree.spec import Node

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Targets named ``tests.bugs.*`` import from the checkout's root."""
    monkeypatch.chdir(ROOT)


def solve(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.slow
@pytest.mark.parametrize(("target", "semantics", "flags"), [
    ("tests.bugs.alphabeta:cutoff_strict", "alphabeta-fail-hard", ["--strict-order"]),
    ("tests.bugs.alphabeta:ties_rightmost", "alphabeta-fail-soft", ["--best-move"]),
    ("tests.bugs.engine:tt_no_flag", "game-negamax", []),
])  # fmt: skip
def test_the_report_prints_for_each_minimal_case_a_command_that_says_what_the_gate_expects(
    target: str, semantics: str, flags: list[str], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    argv = ["conform", "--target", target, "--semantics", semantics, *flags, "--budget", "20",
            "--skip-flag", "Deep", "--keep-going", "--cases-dir", str(tmp_path)]  # fmt: skip
    code, text, _ = solve(argv, capsys)
    assert code == 1
    commands = [line.split(": ", 1)[1] for line in text.splitlines()
                if line.startswith("  what the gate expects of it: ")]  # fmt: skip
    saved = sorted(tmp_path.glob("minimal-*.json"))
    assert len(commands) == len(saved) >= 1
    for command, path in zip(commands, saved, strict=True):
        words = shlex.split(command)
        assert words[:3] == ["gametree", "solve", str(path)]
        code, out, err = solve([*words[1:], "--json"], capsys)
        assert code == 0, err
        said = json.loads(out)
        assert said["expected"] == json.loads(path.read_text())["expected"]
        code, lines, _ = solve(words[1:], capsys)
        assert code == 0
        assert lines.startswith(f"semantics: {semantics}")


def test_a_tree_file_with_a_window_given_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    path = tmp_path / "tree.json"
    path.write_text("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    for alpha, beta in ((None, None), (5, None), (None, 2), (1, 4)):
        window = [] if alpha is beta is None else [
            "--window", "-inf" if alpha is None else str(alpha),
            "inf" if beta is None else str(beta)]  # fmt: skip
        for semantics in ("alphabeta-fail-hard", "negamax-alphabeta-fail-soft", "pvs", "mtdf"):
            code, out, err = solve(["solve", str(path), "--semantics", semantics, *window,
                                    "--json"], capsys)  # fmt: skip
            assert code == 0, err
            case = Case(semantics, tree, alpha=alpha, beta=beta)
            e = expected(case)
            moves = best_moves(case, e)
            want = {"semantics": semantics, "expected": e.json(),
                    "best_moves": None if moves is None else list(moves)}  # fmt: skip
            assert json.loads(out) == want == expectation_json(case)


def test_the_text_names_the_value_or_its_range_the_moves_the_line_and_the_leaves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tree.json"
    path.write_text("[[3, 5], [3]]")
    code, out, _ = solve(["solve", str(path), "--semantics", "alphabeta-fail-soft"], capsys)
    assert code == 0
    assert out.splitlines() == [
        "semantics: alphabeta-fail-soft over the window (alpha open, beta open)",
        "value: 3",
        "best moves: 0 and 1 (--best-move: 0, the leftmost)",
        "principal variation: [0, 0]",
        "leaves in order (--strict-order): [0, 0] [0, 1] [1, 0]",
    ]
    code, out, _ = solve(["solve", str(path), "--semantics", "alphabeta-fail-soft", "--window",
                          "4", "inf"], capsys)  # fmt: skip
    assert "value: any in [3, 4] (the true value is 3" in out
    path.write_text('{"format": "gametree-tree/1", "players": 2, "tree": {"value": 7}}')
    code, out, _ = solve(["solve", str(path), "--semantics", "minimax"], capsys)
    assert "best move: none (the root is terminal: 'best_move' is null)" in out


@pytest.mark.parametrize(("argv", "code", "message"), [
    (["--semantics", "nonsense"], 2, "--semantics: no semantics 'nonsense'"),
    (["--semantics", "minimax", "--algorithm", "impl.alphabeta"], 2, "it takes no --algorithm"),
    (["--semantics", "game-negamax"], 3, "game-negamax asks about a game: give a request"),
    (["--semantics", "maxn"], 3, "maxn takes N-player trees with vector values"),
    (["--semantics", "alphabeta-fail-hard", "--window", "3", "3"], 2,
     "--window must be non-empty"),
])  # fmt: skip
def test_a_case_the_semantics_cannot_take_is_one_clear_line(
    argv: list[str], code: int, message: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = tmp_path / "tree.json"
    path.write_text("[[3, 5], [3]]")
    got, _, err = solve(["solve", str(path), *argv], capsys)
    assert got == code
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_a_request_line_is_read_with_its_members_and_an_option_replaces_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    request: dict[str, Any] = {"semantics": "mtdf", "alpha": None, "beta": None,
                               "first_guess": 20, "trace": True,
                               "tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]]}  # fmt: skip
    path = tmp_path / "request.json"
    path.write_text(json.dumps(request))
    tree = Node.by_depth(request["tree"])
    for extra, guess in (([], 20), (["--first-guess", "0"], 0)):
        code, out, _ = solve(["solve", str(path), "--semantics", "mtdf", "--json", *extra],
                             capsys)  # fmt: skip
        assert code == 0
        want = expected(Case("mtdf", tree, first_guess=guess)).json()
        assert json.loads(out)["expected"] == want
