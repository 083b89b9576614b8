"""``python3 dev.py test --fast``: the test command without the tests marked ``slow``.

The whole files it leaves out are named in ``tests/conftest.py`` (``SLOW``): each must exist,
say why, and have its tests marked, or the loop silently runs them (or a renamed file escapes
the table and the loop grows slow again). The files whose tests the workers share one at a
time (``SPREAD``) must exist too, or a renamed file goes back to one worker.
"""

import gc
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest

from gametree.conform.kept import FULL_COLLECTION_AFTER
from tests import conftest
from tests.conftest import SLOW, SPREAD
from tests.test_kernel import script

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("table", [SLOW, SPREAD], ids=["SLOW", "SPREAD"])
def test_every_slow_file_exists_and_says_why(table: dict[str, str]) -> None:
    assert [name for name in table if not (ROOT / "tests" / name).is_file()] == []
    assert all(len(why.split()) >= 4 for why in table.values())


class Options:
    """The two options xdist's scheduler reads from pytest's configuration."""

    def __init__(self, dist: str) -> None:
        self.dist = dist

    def getvalue(self, name: str) -> object:
        return {"dist": self.dist, "tx": ["2*popen"]}[name]


def test_the_workers_get_a_spread_files_tests_one_at_a_time_and_other_files_whole() -> None:
    make = conftest.pytest_xdist_make_scheduler
    scheduler = make(cast("pytest.Config", Options("loadfile")), None)
    spread = f"tests/{next(iter(SPREAD))}::test_one[case]"
    assert scheduler._split_scope(spread) == spread
    assert scheduler._split_scope("tests/test_fast_loop.py::test_one") == "tests/test_fast_loop.py"
    assert scheduler._split_scope("gametree/cli.py::gametree.cli") == "gametree/cli.py"
    assert make(cast("pytest.Config", Options("load")), None) is None


def test_the_gate_runs_of_one_semantics_go_to_one_worker_together() -> None:
    """Every bug's, correct version's and coverage run's test id names its semantics, so that
    a renamed test does not silently go back to one at a time."""
    from tests import test_bug_catalogue as catalogue
    from tests import test_conform_coverage_runs as coverage
    from tests.bugs import BUGS, CORRECT

    def unit(test: object, param: str) -> str:
        module = getattr(test, "__module__", "").replace(".", "/")
        return conftest.work_unit(f"{module}.py::{getattr(test, '__name__', '')}[{param}]")

    for b in CORRECT:
        assert unit(catalogue.test_the_correct_versions_pass_the_same_gate, b.name) == (
            f"gate runs of {b.semantics}"
        )
    for b in BUGS:
        caught = unit(catalogue.test_the_gate_catches_the_bug_and_its_minimal_case_is_a_vector,
                      b.name)  # fmt: skip
        assert caught == f"gate runs of {b.semantics}"
        assert unit(catalogue.test_a_table_bug_is_caught_without_vectors_at_three_seeds,
                    f"{b.name}-2") == caught  # fmt: skip
        assert unit(catalogue.test_an_edge_bug_is_caught_by_the_generated_cases_alone,
                    b.name) == caught  # fmt: skip
    shown = unit(coverage.test_the_default_run_shows_every_feasible_pair, "maxn")
    assert shown == "gate runs of maxn"
    assert unit(coverage.test_skipped_flags_exclude_their_behaviours, "") != shown


def test_the_tests_of_a_slow_file_are_marked_slow_and_no_others() -> None:
    slow, fast = "test_wheel.py", "test_fast_loop.py"
    assert slow in SLOW
    assert fast not in SLOW
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-m", "not slow", f"tests/{slow}", f"tests/{fast}"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert f"tests/{slow}::" not in listed
    assert f"tests/{fast}::test_every_slow_file_exists_and_says_why[SLOW]" in listed


def test_fast_runs_the_checks_and_pytest_without_the_slow_tests(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dev = script("dev.py")
    for name in ("ensure_venv", "build", "ensure_system_tools"):
        monkeypatch.setattr(dev, name, lambda *_: None)
    ran: list[list[str]] = []
    monkeypatch.setattr(dev, "run", lambda command, env=None: ran.append(command))

    def full_run(*_: object, **__: object) -> int:
        raise AssertionError("--fast reached the full run")

    monkeypatch.setattr(dev.subprocess, "call", full_run)
    monkeypatch.setattr(dev.subprocess, "Popen", full_run)
    dev.main(["test", "--fast", "-k", "name"])
    assert [c[2] for c in ran] == ["ruff", "ruff", "mypy", "compileall", "pytest"]
    assert ran[3][3:] == ["-q", "gametree", "tests", "examples"]  # read by every Python started
    assert ran[-1][3:] == [*dev.WORKERS, "-m", "not slow", "-k", "name"]


class _Nagini:
    """What ``subprocess.Popen`` returns to the test command in place of Nagini's run."""

    pid = 4242

    def wait(self) -> int:
        return 0


@pytest.mark.parametrize(("failing", "ended"), [(None, False), ("mypy", False), ("mypy", True)])
def test_in_ci_nagini_starts_before_the_build_and_stops_with_a_failed_check(
    failing: str | None, ended: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nagini's fast subset takes the core that the build, ruff and mypy leave idle: it starts
    first, on the pure-Python kernels (never one the build is writing), in a process group that
    a failed check kills (the check's failure is what stops the command, even when Nagini's
    group has ended already)."""
    dev = script("dev.py")
    steps: list[str] = []
    for name in ("ensure_venv", "ensure_system_tools", "ensure_java"):
        monkeypatch.setattr(dev, name, lambda *_: None)
    monkeypatch.setattr(dev, "stale_verdicts", list)
    monkeypatch.setattr(dev, "build", lambda: steps.append("build"))

    def run(command: list[str], env: object = None) -> None:
        steps.append(command[2])
        if command[2] == failing:
            sys.exit(1)

    def nagini(command: list[str], **options: object) -> _Nagini:
        assert command[-2:] == ["verify", "--check"]
        assert cast(dict[str, str], options["env"])["GAMETREE_PURE_PYTHON"] == "1"
        assert options["start_new_session"] is True
        steps.append("nagini")
        return _Nagini()

    def pytest_run(command: list[str], **_: object) -> int:
        steps.append(command[2])
        return 0

    killed: list[int] = []

    def killpg(pid: int, _signal: int) -> None:
        killed.append(pid)
        if ended:
            raise ProcessLookupError(pid)

    monkeypatch.setattr(dev, "run", run)
    monkeypatch.setattr(dev.subprocess, "Popen", nagini)
    monkeypatch.setattr(dev.subprocess, "call", pytest_run)
    monkeypatch.setattr(dev.os, "killpg", killpg)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(SystemExit) as stopped:
        dev.main(["test"])
    if failing is None:
        assert steps == ["nagini", "build", "ruff", "ruff", "mypy", "compileall", "pytest"]
        assert (stopped.value.code, killed) == (0, [])
    else:
        assert steps == ["nagini", "build", "ruff", "ruff", "mypy"]
        assert (stopped.value.code, killed) == (1, [_Nagini.pid])


def test_the_collectors_full_passes_are_rare_in_a_test_process() -> None:
    """conftest's session fixture holds :func:`rare_full_collections` for every test."""
    assert gc.get_threshold()[2] == FULL_COLLECTION_AFTER > 10
