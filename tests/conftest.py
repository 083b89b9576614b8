"""Hypothesis profiles: ``ci`` (derandomized, selected when CI is set) and ``dev`` (the default).

And the test files ``python3 dev.py test --fast`` leaves out (:data:`SLOW`): each is marked
``slow``, as single slow tests are with ``@pytest.mark.slow``; and how the test command's
workers share the files (:func:`work_unit`).
"""

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from gametree.conform.kept import rare_full_collections

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=200,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

SLOW = {
    "test_bug_catalogue.py": "the whole gate on every bug and every correct version, in workers",
    "test_oracle_gate.py": "the whole gate on engines in worker processes, Node and junit runs",
    "test_explore_engine.py": "the whole gate on the page's engine under Node, per search",
    "test_conform_coverage_runs.py": "the gate's default run on every search, for its coverage",
    "test_conform_scale.py": "the gate's scale cases of 100,000 nodes, on every semantics",
    "test_conform_games.py": "the whole gate on engines of every game and semantics, C ones too",
    "test_docs_console.py": "each console block of the docs run alone, many a whole gate",
    "test_explore_page.py": "the page in headless Chromium",
    "test_serve_browser.py": "the server's page in headless Chromium",
    "test_wheel.py": "the sdist and the wheel built and installed in a fresh venv",
    "test_crosshair.py": "CrossHair on the spec's contracts, in subprocesses",
    "test_verified_why3_execute.py": "why3 execute on batches of trees and every seeded flaw",
    "test_verified_why3_fail_soft.py": "why3 execute on batches of trees and every seeded flaw",
    "test_verified_why3_optimality.py": "why3 execute on batches of trees and every seeded flaw",
    "test_verified_why3_pairs.py": "why3 execute on batches of trees and every seeded flaw",
    "test_verified_why3_paranoid.py": "why3 execute on batches of trees and every seeded flaw",
    "test_verified_why3_path.py": "why3 execute on batches of trees and every seeded flaw",
}
"""Test files ``dev.py test --fast`` leaves out, and what makes each slow: a verifier, a browser,
a build or the whole gate run many times (each takes minutes on two cores)."""


@pytest.fixture(autouse=True, scope="session")
def _rare_full_collections() -> Iterator[None]:
    """The cyclic collector's full passes made rare in each test process, as during a gate run.

    A worker holds what its tests keep for the next (the gate's memos, large trees, Hypothesis'
    examples); each full pass walks all of it again, and with CPython's default a pass follows
    every ten middle collections once the survivors have grown by a quarter. Younger
    collections go on as before, so a test's cyclic garbage is still found while young.
    """
    with rare_full_collections():
        yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of a :data:`SLOW` file ``slow``."""
    here = Path(__file__).parent
    for item in items:
        if item.path.parent == here and item.path.name in SLOW:
            item.add_marker(pytest.mark.slow)


SPREAD = {
    "test_bug_catalogue.py": "a gate run in a worker process a test, on over a hundred bugs",
    "test_conform_games.py": "a game gate a test, C engines built and broken ones shrunk",
    "test_docs_console.py": "each console block run alone in its own folder, many a gate",
    "test_conform_coverage_runs.py": "the gate's default run a test, one a search",
    "test_conform_scale.py": "cases of 100,000 nodes a test, one a semantics",
}
"""Test files whose tests go to the test command's workers one at a time, but the gate runs of one
semantics together (:func:`work_unit`; every other file goes whole to one worker, its module
fixtures built once): minutes of independent tests whose
fixtures cost little to build again, which whole would keep one core busy after the other is
done."""


GATE_RUNS = re.compile(
    r"tests/(?P<file>test_bug_catalogue|test_conform_coverage_runs)\.py::(?P<test>\w+)"
    r"\[(?P<param>.+?)(?:-\d+)?\]"
)
"""The ids of the gate runs of one semantics: a bug's or a correct version's (its name, and for
the three-seed runs its seed), or a coverage run's (the semantics)."""


def gate_semantics(nodeid: str) -> str | None:
    """The semantics of the gate run that the test ``nodeid`` makes, if it makes one.

    >>> gate_semantics("tests/test_bug_catalogue.py::test_the_gate_catches[cutoff_strict]")
    'alphabeta-fail-hard'
    >>> gate_semantics("tests/test_bug_catalogue.py::test_table_seeds[tt_no_flag-2]")
    'game-negamax'
    >>> gate_semantics("tests/test_bug_catalogue.py::test_the_correct_versions_pass[negamax]")
    'negamax-alphabeta-fail-hard'
    >>> gate_semantics("tests/test_conform_coverage_runs.py::test_the_default_run[minimax]")
    'minimax'
    """
    m = GATE_RUNS.fullmatch(nodeid)
    if m is None:
        return None
    if m["file"] == "test_conform_coverage_runs":
        return m["param"]
    from tests.bugs import BUGS, CORRECT  # only where xdist schedules

    bugs = CORRECT if "correct_versions" in m["test"] else BUGS
    return next((b.semantics for b in bugs if b.name == m["param"]), None)


GAME_RUNS = re.compile(
    r"tests/test_conform_games\.py::test_each_broken_c_(?P<game>kalah|connect_four)_engine_"
    r"\w+\[.+\]"
)
"""The ids of the broken C engines' runs of one game, all with that game's default options."""


def work_unit(nodeid: str) -> str:
    """What a worker of ``dev.py test`` is handed at once (``--dist loadfile``): the test
    itself in a :data:`SPREAD` file, else its whole file; but the gate runs of one semantics
    in test_bug_catalogue.py and test_conform_coverage_runs.py go together, so that the
    reference's answers and the behaviours of the cases they share are worked out once in
    that worker (``gametree.conform.kept.Memo``): a coverage run after the correct version
    of its semantics took 26.0 s of CPU for three semantics against 35.3 s alone. Likewise the
    broken C engines of one game in test_conform_games.py (:data:`GAME_RUNS`), whose runs share
    the game's plan and its answers (``gametree.conform.positions``).

    >>> work_unit("tests/test_bug_catalogue.py::test_the_gate_catches[cutoff_strict]")
    'gate runs of alphabeta-fail-hard'
    >>> work_unit("tests/test_conform_games.py::test_our_engine[kalah]")
    'tests/test_conform_games.py::test_our_engine[kalah]'
    >>> work_unit("tests/test_conform_games.py::test_each_broken_c_kalah_engine_fails[BUG_X]")
    'game runs of kalah'
    >>> work_unit("tests/test_wheel.py::test_help"), work_unit("gametree/cli.py::gametree.cli")
    ('tests/test_wheel.py', 'gametree/cli.py')
    """
    file = nodeid.split("::", 1)[0]
    if file.startswith("tests/") and file.removeprefix("tests/") in SPREAD:
        if game := GAME_RUNS.fullmatch(nodeid):
            return f"game runs of {game['game']}"
        semantics = gate_semantics(nodeid)
        return nodeid if semantics is None else f"gate runs of {semantics}"
    return file


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's ``loadfile`` scheduling, with :func:`work_unit` as its unit of work.

    Units go out largest first (xdist orders them by their number of tests), so the spread
    tests, one a unit, come last and fill whichever worker is free.
    """
    if config.getvalue("dist") != "loadfile":
        return None
    # imported here: the hook runs only where xdist schedules; xdist ships no type information
    from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

    class WorkUnits(LoadFileScheduling):  # type: ignore[misc]  # an untyped base
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return WorkUnits(config, log)
