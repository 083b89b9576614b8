"""Nothing silent (issue 35, item 7): progress on a terminal, a line every 10 s elsewhere, and
every file a command writes named.

Progress is checked with a fake clock, or with ``Progress.EVERY`` at 0 so that a small run
prints a line at each step; no test here measures a time.
"""

import io
import re
import time
from pathlib import Path

import pytest

from gametree.clitools import PROGRESS_LINE, Progress, Voice, Watch
from gametree.commands import vectors
from gametree.figures import korf_figure4
from gametree.spec import Bounds
from gametree.spec.examples import wiki_alpha_beta
from gametree.treefile import dumps
from tests.test_oracle_cli import run

HANG_GUARD = 60.0
"""Seconds a test waits for a line the heartbeat owes it, far above the worst case."""


class Clock:
    """A clock the test moves, and the voice that reads it."""

    def __init__(self) -> None:
        self.now = 0.0
        self.voice = Voice(clock=self)

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_off_a_terminal_a_line_at_most_every_ten_seconds() -> None:
    clock, pipe = Clock(), io.StringIO()
    p = Progress(6, "cases", label="gametree conform", stream=pipe, voice=clock.voice,
                 heartbeat=False)  # fmt: skip
    for t in (1.0, 5.0, 9.9, 10.0, 15.0, 20.5):
        clock.now = t
        p.advance(note=f"case at {t}")
    p.done()
    assert pipe.getvalue().splitlines() == [
        "gametree conform: 4/6 cases, 10 s (case at 10.0)",
        "gametree conform: 6/6 cases, 20 s (case at 20.5)",
    ]


def test_the_heartbeat_speaks_while_one_step_takes_long(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Progress, "TICK", 0.01)
    clock, pipe = Clock(), io.StringIO()
    p = Progress(5, "cases", label="gametree conform", stream=pipe, voice=clock.voice)
    p.advance(note="a slow case")
    clock.now = 25.0  # no step for 25 s: the heartbeat writes the line
    waited = time.monotonic()
    while not pipe.getvalue() and time.monotonic() - waited < HANG_GUARD:
        time.sleep(0.01)
    p.done()
    assert pipe.getvalue() == "gametree conform: 1/5 cases, 25 s (a slow case)\n"


def test_timed_progress_counts_the_seconds_of_its_budget() -> None:
    clock, pipe, terminal = Clock(), io.StringIO(), Terminal()
    p = Progress(60, "s of the --budget", label="gametree prove", stream=pipe,
                 voice=clock.voice, timed=True, heartbeat=False)  # fmt: skip
    bar = Progress(60, "s of the --budget", stream=terminal, voice=clock.voice, timed=True,
                   heartbeat=False)  # fmt: skip
    clock.now = 30.4
    p.beat()
    bar.beat()
    assert pipe.getvalue() == "gametree prove: 30/60 s of the --budget, 30 s\n"
    assert "[###############---------------] 30/60 s of the --budget" in terminal.getvalue()
    clock.now = 600.0  # past the budget: the count stops at it
    p.beat()
    assert pipe.getvalue().splitlines()[-1] == "gametree prove: 60/60 s of the --budget, 600 s"
    p.done()
    bar.done()
    assert terminal.getvalue().endswith("\r")


def test_a_watch_speaks_only_when_no_progress_has_for_ten_seconds() -> None:
    clock, pipe = Clock(), io.StringIO()
    with Watch("experiment", stream=pipe, voice=clock.voice, heartbeat=False) as watch:
        told = io.StringIO()
        series = Progress(3, "tasks", stream=told, voice=clock.voice, heartbeat=False)
        clock.now = 30.0
        watch.beat()  # a progress runs: it has the word
        series.advance()  # and says how far it is (30 s of silence)
        series.done()
        clock.now = 39.0
        watch.beat()  # 9 s since the series spoke
        clock.now = 41.0
        watch.beat()
        watch.beat()
    assert told.getvalue() == "gametree: 1/3 tasks, 30 s\n"
    assert pipe.getvalue() == "gametree experiment: still working, 41 s\n"


def test_the_watch_s_heartbeat_speaks_in_a_long_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Progress, "TICK", 0.01)
    clock, pipe = Clock(), io.StringIO()
    with Watch("experiment", stream=pipe, voice=clock.voice):
        clock.now = 12.0
        waited = time.monotonic()
        while not pipe.getvalue() and time.monotonic() - waited < HANG_GUARD:
            time.sleep(0.01)
    assert pipe.getvalue() == "gametree experiment: still working, 12 s\n"


def test_a_disabled_progress_says_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Progress, "EVERY", 0.0)
    pipe = io.StringIO()
    p = Progress(2, "tasks", stream=pipe, enabled=False)
    p.advance()
    p.done()
    assert pipe.getvalue() == ""


def test_conform_to_a_pipe_says_how_far_it_has_got(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(Progress, "EVERY", 0.0)  # a line at every case
    junit = tmp_path / "report.xml"
    code, out, err = run(["conform", "--target", "impl.alphabeta", "--semantics",
                          "alphabeta-fail-hard", "--no-vectors", "--budget", "4",
                          "--junit", str(junit)], capsys)  # fmt: skip
    assert code == 0, out + err
    lines = err.splitlines()
    assert lines[-1] == f"gametree conform: wrote {junit} (JUnit XML)"
    counted = [line for line in lines[:-1] if PROGRESS_LINE.match(line)]
    assert counted, err
    assert counted[-1].startswith("gametree conform: 4/4 cases")
    assert junit.read_text().startswith("<?xml")


def test_vectors_say_how_far_generation_has_got(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(Progress, "EVERY", 0.0)
    monkeypatch.setattr(vectors, "SEMANTICS", {"a": None, "b": None})
    files = [("a.json", "{}"), ("b.json", "{}"), ("tree_format.json", "{}")]
    monkeypatch.setattr(vectors, "vector_files", lambda: iter(files))
    assert vectors.generated() == {"a.json": "{}", "b.json": "{}", "tree_format.json": "{}"}
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(",")[0] for line in lines] == [
        f"gametree vectors: {k}/3 files generated" for k in (1, 2, 3)
    ]


def test_vectors_verify_of_a_missing_folder_fails_before_generating(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """It generated every vector first (a minute on a loaded machine) to say 'cannot read'."""

    def no_generation() -> dict[str, str]:
        raise AssertionError("generated before looking at the folder")

    monkeypatch.setattr(vectors, "vector_files", no_generation)
    code, _, err = run(["vectors", "verify", str(tmp_path / "nosuch")], capsys)
    assert code == 3
    assert "cannot read" in err


def test_prove_says_how_much_of_its_budget_is_spent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(Progress, "EVERY", 0.0)
    monkeypatch.setattr(Progress, "TICK", 0.01)
    code, out, err = run(["prove", "negamax", "--budget", "2"], capsys)
    assert code in (0, 1), err  # the verdicts are test_proofs_cli's; here, the lines
    lines = [line for line in err.splitlines() if PROGRESS_LINE.match(line)]
    assert lines, err[-2000:]
    assert all(" s of the --budget, " in line for line in lines)
    assert "negamax" in out


def test_draw_and_explore_say_what_they_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "t.json"
    tree.write_text(dumps(korf_figure4(), Bounds(0, 9)))
    picture, page = tmp_path / "t.svg", tmp_path / "t.html"
    code, out, err = run(["draw", str(tree), "-o", str(picture)], capsys)
    assert (code, err) == (0, "")
    assert out == f"wrote {picture}: shallow on {tree}\n"
    code, out, err = run(["explore", str(tree), "-o", str(page), "--compare", "maxn"], capsys)
    assert (code, err) == (0, "")
    assert out == f"wrote {page}: shallow beside maxn on t.json\n"
    assert picture.stat().st_size > 1000
    assert page.stat().st_size > 1000


def test_experiment_says_how_far_it_has_got_and_what_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Progress, "EVERY", 0.0)
    monkeypatch.setattr(Progress, "TICK", 0.05)
    code, out, err = run(["experiment", "best-case", "--quick", "--jobs", "1", "-o",
                          str(tmp_path)], capsys)  # fmt: skip
    assert code == 0, err
    assert re.search(r"^gametree: \d+/\d+ [a-z]+, \d+ s", err, re.M), err  # the series
    assert re.search(r"^gametree experiment: still working, \d+ s$", err, re.M), err  # the plots
    for suffix in ("csv", "png", "md"):
        assert f"wrote {tmp_path / 'best-case'}.{suffix}" in out


def test_compare_to_a_pipe_says_how_far_it_has_got(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Progress, "EVERY", 0.0)
    tree = tmp_path / "t.json"
    tree.write_text(dumps(wiki_alpha_beta()))
    code, _, err = run(["compare", str(tree)], capsys)
    assert code == 0
    lines = err.splitlines()
    assert lines
    assert all(PROGRESS_LINE.match(line) for line in lines), lines
