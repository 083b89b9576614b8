"""The ``gametree`` command: the main job (``examples``), its JSON, help and exit codes."""

import argparse
import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from gametree import cli
from gametree.algorithms import REGISTRY, Algorithm
from gametree.commands import examples
from gametree.commands._parsing import CommandParser
from gametree.spec.examples import EXAMPLES

ROOT = Path(__file__).resolve().parent.parent


def test_examples_print_every_bundled_tree_and_agree(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["examples", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["name"] for r in records] == [ex.name for ex in EXAMPLES]
    for r in records:
        assert r["agrees"] is True
        assert r["value"] == r["stated_value"]
        assert set(r) >= {"value", "best_move", "principal_variation", "nodes", "leaves"}
    figure5b = next(r for r in records if r["name"] == "korf-figure5-b")
    assert figure5b["value"] == [6, 1, 2]
    assert figure5b["principal_variation"] == [1, 1]


def test_examples_text_names_value_and_principal_variation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["examples"]) == 0
    out = capsys.readouterr().out
    assert "wiki-alpha-beta" in out
    assert "minimax = 3, principal variation [0, 0, 0, 0]" in out
    assert "DISAGREES" not in out


def test_a_disagreeing_example_fails_with_exit_code_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = attrs.evolve(EXAMPLES[0], stated_value=4)
    monkeypatch.setattr(examples, "EXAMPLES", (wrong, *EXAMPLES[1:]))
    assert cli.main(["examples"]) == 1
    assert "DISAGREES with the source" in capsys.readouterr().out


def test_fractions_are_strings_in_json() -> None:
    from fractions import Fraction

    assert examples.json_value((Fraction(3, 7), 2)) == ["3/7", 2]


@pytest.mark.parametrize("argv", [["--help"], ["examples", "--help"]])
def test_help_exits_0(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 0
    assert "usage: gametree" in capsys.readouterr().out


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["no-such-command"])
    assert exit_.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gametree.cli", "examples"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("agrees with the source") == len(EXAMPLES)


def loaded(argv: list[str]) -> list[str]:
    """gametree's modules that ``gametree ARGV`` loads in a fresh interpreter, which succeeds."""
    probe = (
        "import contextlib, io, json, sys\n"
        "from gametree.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        code = main(sys.argv[1:])\n"
        "    except SystemExit as e:\n"
        "        code = e.code\n"
        "ours = sorted(m for m in sys.modules if m.split('.')[0] == 'gametree')\n"
        "print(json.dumps([code, ours]))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True,
                          check=True)  # fmt: skip
    code, names = json.loads(done.stdout)
    assert code in (0, None), (argv, done.stderr)
    assert isinstance(names, list)
    return names


MOST_LOADED_BY_SOLVE = 30
"""Issue 34, item 5: ``gametree solve`` loaded 100 of our modules (of 316)."""

TREES = ROOT / "docs" / "trees"
PAIRS = {
    "format": "gametree-tree/1",
    "players": 2,
    "tree": {
        "to_move": 0,
        "children": [
            {"to_move": 1, "children": [{"value": [3, 1]}, {"value": [2, 5]}]},
            {"value": [1, 4]},
        ],
    },
}
"""A two-player tree of pairs (Korf 2.1)."""


def solve_argv(algorithm: Algorithm | None, tmp_path: Path) -> list[str]:
    """``solve`` of a tree ``algorithm`` takes (``None``: the definition), and its options."""
    if algorithm is not None and algorithm.family == "chance":
        return ["solve", str(TREES / "star-example.json"), "-a", algorithm.name]
    if algorithm is not None and algorithm.kind in ("vector", "any"):
        more = ["--player", "0"] if algorithm.family == "best-reply" else []
        return ["solve", str(TREES / "korf-figure3.json"), "-a", algorithm.name, *more]
    path = tmp_path / "t.json"
    path.write_text(json.dumps(PAIRS) if algorithm is not None and algorithm.kind == "pairs"
                    else "[[3, 12, 8], [2, 4, 6]]")  # fmt: skip
    if algorithm is None:
        return ["solve", str(path)]
    return ["solve", str(path), "-a", algorithm.name,
            *(["--gamma", "5"] if "gamma" in algorithm.options else [])]  # fmt: skip


@pytest.mark.parametrize(
    "algorithm", [None, *(a for a in REGISTRY if a.kind != "game")],
    ids=lambda a: "definition" if a is None else a.name,
)  # fmt: skip
def test_solve_loads_what_it_uses(algorithm: Algorithm | None, tmp_path: Path) -> None:
    modules = loaded(solve_argv(algorithm, tmp_path))
    assert "gametree.commands.solve" in modules  # it ran, and is counted
    assert len(modules) <= MOST_LOADED_BY_SOLVE, modules
    assert not [m for m in modules if m.startswith(("gametree.conform", "gametree.games",
                                                      "gametree.commands.conform"))]  # fmt: skip
    if algorithm is None or algorithm.name != "optimal":
        assert "gametree.impl._optimal_kernel" not in modules  # chosen when first read


def test_help_loads_no_command() -> None:
    assert loaded(["--help"]) == [
        "gametree", "gametree.cli", "gametree.commands", "gametree.commands._parsing"
    ]  # fmt: skip


SCREEN = 40
"""Lines of a screen: a command's --help fits one (issue 35, item 5)."""


def help_text(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 0
    out: str = capsys.readouterr().out
    return out


@pytest.mark.parametrize("command", [[], *([name] for name in cli.COMMANDS)])
def test_every_help_fits_a_screen_and_help_all_has_every_option(
    command: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    lines = help_text([*command, "--help"], capsys).splitlines()
    assert len(lines) <= SCREEN, "\n".join(lines)
    assert max(map(len, lines)) <= 80
    if not command:
        assert [line.split()[0] for line in lines if line.startswith("  ") and
                line.split()[0] in cli.COMMANDS] == list(cli.COMMANDS)  # fmt: skip
        return
    everything = help_text([*command, "--help-all"], capsys)
    sub = CommandParser(prog=f"gametree {command[0]}")
    cli.configure(sub, command[0])
    for action in sub._actions:
        if action.option_strings and action.help != argparse.SUPPRESS:
            assert action.option_strings[0] in everything
    if len(everything.splitlines()) > len(lines):
        assert f"gametree {command[0]} --help-all" in " ".join(lines[-3:])


def test_conform_help_says_arguments_can_come_from_a_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "@FILE" in help_text(["conform", "--help"], capsys)


def test_experiment_writes_into_output_and_out_still_works_with_a_note(
    capsys: pytest.CaptureFixture[str],
) -> None:
    top = cli.parser(["experiment"])
    assert top.parse_args(["experiment", "best-case", "-o", "d"]).output == Path("d")
    assert capsys.readouterr().err == ""
    assert top.parse_args(["experiment", "best-case", "--out", "d"]).output == Path("d")
    assert capsys.readouterr().err == "gametree experiment: note: --out is now -o/--output\n"
