"""Every command that takes ``--player`` says a bad or missing one in the same words.

The words are :func:`gametree.clitools.player_problem`'s: a player the tree or game does not
have, or none for a search that has no default (best-reply search). Each command exits with 2
(bad usage) and one line on standard error, before it searches or starts a target.
"""

import argparse
import json
from pathlib import Path

import pytest

from gametree import cli
from gametree.algorithms import ALGORITHMS
from gametree.clitools import EXIT_USAGE, player_problem
from gametree.spec import brs_plus
from gametree.treefile import read_tree_json

THREE = {
    "format": "gametree-tree/1",
    "players": 3,
    "tree": {"to_move": 0, "children": [
        {"to_move": 1, "children": [{"value": [3, 0, 3]}, {"value": [3, 4, 0]}]},
        {"to_move": 1, "children": [{"value": [5, 3, 2]}, {"value": [5, 1, 4]}]},
    ]},
}  # fmt: skip
"""A tree of three players (0..2)."""

COMMANDS = {
    "solve": "solve {tree} -a {name}",
    "solve --semantics": "solve {tree} --semantics {name}",
    "draw": "draw {tree} -a {name} -o {out}",
    "conform --game": "conform --target gametree.conform.positions.engine:answer --game othello "
    "--variant players=3 --ask value --semantics {name}",
}
"""Each command (or mode) that takes ``--player``, asked about a search by ``{name}`` with
three players: the tree above, or three-player Othello."""

FAULTS = [("paranoid", 3), ("paranoid", -1), ("brs-plus", 7), ("brs-plus", None)]
"""A search, and the ``--player`` given (none for the last)."""


def options_of(parser: argparse.ArgumentParser) -> set[str]:
    """Every option string of ``parser``."""
    return {s for action in parser._actions for s in action.option_strings}


def test_every_command_that_takes_player_is_asked_here() -> None:
    top = cli.parser()
    sub = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    taking = {name for name, p in sub.choices.items() if "--player" in options_of(p)}
    assert taking == {c.split()[0] for c in COMMANDS}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("name", "player"), FAULTS)
def test_a_bad_or_missing_player_is_one_line_naming_the_option(
    command: str, name: str, player: int | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "three.json"
    tree.write_text(json.dumps(THREE))
    out = tmp_path / "drawn.svg"
    argv = [word.format(tree=tree, name=name, out=out) for word in COMMANDS[command].split()]
    given = [] if player is None else ["--player", str(player)]
    assert cli.main([*argv, *given]) == EXIT_USAGE
    got = capsys.readouterr()
    said = player_problem(ALGORITHMS[name], player, 3)
    assert said is not None
    assert "--player" in said
    assert "0..2" in said
    assert got.err == f"gametree {command.split(maxsplit=1)[0]}: error: {said}\n"
    assert got.out == ""
    assert not out.exists()


@pytest.mark.parametrize("command", ["solve", "solve --semantics"])
def test_a_player_in_range_is_searched_for(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "three.json"
    tree.write_text(json.dumps(THREE))
    t = read_tree_json(THREE).tree
    worths = [brs_plus(t, p).value for p in range(3)]
    assert len(set(worths)) == 3  # the player asked for decides the answer
    argv = [w.format(tree=tree, name="brs-plus", out="") for w in COMMANDS[command].split()]
    for p, worth in enumerate(worths):
        assert cli.main([*argv, "--player", str(p), "--json"]) == 0
        got = json.loads(capsys.readouterr().out)
        assert (got["value"] if command == "solve" else got["expected"]["value"]) == worth
