"""The ``gametree`` command: the main job (``examples``), its JSON, help and exit codes."""

import argparse
import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from gametree import cli
from gametree.commands import examples
from gametree.commands._parsing import CommandParser
from gametree.spec.examples import EXAMPLES


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
    """gametree's modules that ``gametree ARGV`` loads, in a fresh interpreter."""
    probe = (
        "import contextlib, io, json, sys\n"
        "from gametree.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        main(sys.argv[1:])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'gametree')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True,
                          check=True)  # fmt: skip
    names: list[str] = json.loads(done.stdout)
    return names


MOST_LOADED_BY_SOLVE = 30
"""Issue 34, item 5: ``gametree solve`` loaded 100 of our modules (of 316)."""


def test_solve_loads_what_it_uses(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text("[[3, 12, 8], [2, 4, 6]]")
    modules = loaded(["solve", str(path)])
    assert "gametree.commands.solve" in modules  # it ran, and is counted
    assert len(modules) <= MOST_LOADED_BY_SOLVE, modules
    assert not [m for m in modules if m.startswith(("gametree.conform", "gametree.games",
                                                      "gametree.commands.conform"))]  # fmt: skip


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
