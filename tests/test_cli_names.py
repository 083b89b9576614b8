"""One name for each search in every command (issue 34, item 2; issue 35, item 5).

Over the whole registry: ``solve -a``, ``draw -a``, ``explore -a`` and ``conform --target``
take each search's name, and each of its old spellings with a one-line note (so do ``play``'s
seats, for the searches a seat can use); a command that
cannot run a search (the page steps only through the searches that record events) says so by
that name, never that it does not know it.
"""

import io
import json
import sys
from pathlib import Path

import pytest

from gametree.algorithms import REGISTRY, Algorithm
from gametree.conform.targets import ProcessTarget, parse_target
from gametree.games.engines import MULTI_PLAYER, TWO_PLAYER
from gametree.spec import Bounds, Interval, Node
from gametree.spec.examples import korf_figure5, wiki_alpha_beta
from gametree.treefile import dumps
from tests.test_oracle_cli import run

SEARCHES = [a for a in REGISTRY if a.kind != "game"]
"""The tree searches: the game semantics' entries search a game graph, which no tree holds."""


def tree_file(a: Algorithm, folder: Path) -> str:
    """A tree that ``a`` takes, written into ``folder``."""
    path = folder / f"{a.kind}.json"
    if a.needs_interval:
        path.write_text(dumps(wiki_alpha_beta(), Interval(-100, 100)))
    elif a.kind == "scalar":
        path.write_text(dumps(wiki_alpha_beta()))
    elif a.kind == "pairs":
        path.write_text(dumps(Node.by_depth([[(10, 10), (14, 14)], [(9, 9), (12, 8)]])))
    else:
        path.write_text(dumps(korf_figure5((2, 3, 4)), Bounds(0, 9)))
    return str(path)


def options(a: Algorithm) -> list[str]:
    """The options ``a`` needs: mt is a test at a value, best-reply search is for a player."""
    if a.family == "best-reply":
        return ["--player", "0"]
    return ["--gamma", "3"] if "gamma" in a.options else []


def spellings(a: Algorithm) -> list[tuple[str, str | None]]:
    """Each name of ``a`` with the note an old one brings (``None`` for the name itself)."""
    return [(a.name, None), *((old, f"gametree {{}}: note: {old!r} is ") for old in a.old)]


def assert_noted(err: str, command: str, note: str | None) -> None:
    if note is None:
        assert err == ""
    else:
        (line,) = err.splitlines()
        assert line.startswith(note.format(command)), line


@pytest.mark.slow
@pytest.mark.parametrize("a", SEARCHES, ids=lambda a: a.name)
def test_solve_draw_and_explore_take_every_name_of_every_search(
    a: Algorithm, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tree_file(a, tmp_path)
    svg, page = tmp_path / "t.svg", tmp_path / "t.html"
    answers = set()
    for name, note in spellings(a):
        code, out, err = run(["solve", path, "-a", name, "--json", *options(a)], capsys)
        assert code == 0, err
        assert_noted(err, "solve", note)
        answer = json.loads(out)
        answers.add(json.dumps([answer["value"], answer["principal_variation"]]))
        code, out, err = run(["draw", path, "-a", name, "-o", str(svg), *options(a)], capsys)
        assert code == 0, err
        assert_noted(err, "draw", note)
        assert out == f"wrote {svg}: {a.name} on {path}\n"
        code, out, err = run(["explore", path, "-a", name, "-o", str(page)], capsys)
        if a.events and a.page:
            assert code == 0, err
            assert_noted(err, "explore", note)
            assert out == f"wrote {page}: {a.name} on {Path(path).name}\n"
        else:
            assert code == 2
            refusal = f"gametree explore: error: the page does not step through {a.name}: "
            assert err.splitlines()[-1].startswith(refusal), err
    assert len(answers) == 1  # every spelling, the same search (a spec. one: its definition)


@pytest.mark.parametrize("a", SEARCHES, ids=lambda a: a.name)
def test_conform_takes_every_name_of_every_search_as_its_target(a: Algorithm) -> None:
    for name, _ in spellings(a):
        assert parse_target(name) == ("python", [name])
        target = ProcessTarget.from_spec(name)
        assert target.argv[-2:] == ["gametree.conform.worker", name]


@pytest.mark.slow
@pytest.mark.parametrize("a", [a for a in SEARCHES if a.semantics], ids=lambda a: a.name)
def test_each_search_passes_the_gate_under_its_own_name(
    a: Algorithm, capsys: pytest.CaptureFixture[str]
) -> None:
    """gametree's searches pass their own semantics, named as every command names them; an
    old spelling of the target says so in a note."""
    name, note = spellings(a)[1 if a.old else 0]  # the first old one: impl's, never spec's
    code, out, err = run(["conform", "--target", name, "--semantics", a.name, "--no-vectors",
                          "--budget", "3", "--strict-order"], capsys)  # fmt: skip
    assert code == 0, out + err
    if note is not None:
        assert err.splitlines()[0].startswith(note.format("conform"))
        assert a.name in err.splitlines()[0]
    assert out.splitlines()[0].startswith("result: PASSED")
    assert out.splitlines()[1].startswith(f"gametree conform: target {name}, semantics {a.name}")


SEATED = [a for a in SEARCHES if a.name in (*TWO_PLAYER, *MULTI_PLAYER)]
"""The searches a seat of ``gametree play`` can use (its default engine, impl.Engine, aside)."""


@pytest.mark.parametrize("a", SEATED, ids=lambda a: a.name)
def test_play_seats_take_every_name_of_their_search(
    a: Algorithm, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game, others = ("tictactoe", ",human") if a.name in TWO_PLAYER else ("othello", ",human,human")
    for name, note in spellings(a):
        monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
        code, out, err = run(["play", game, "--players", name + others, "--depth", "1"], capsys)
        assert code == 0, err
        assert_noted(err, "play", note)
        assert f"{a.name}, depth 1" in out.splitlines()[0]
