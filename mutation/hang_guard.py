"""Stop a mutant as soon as one test hangs, with mutmut's own timeout verdict.

mutmut stops a mutant after ``timeout_multiplier`` times the clean run time of *all* the tests
that reach it (``[tool.mutmut]``), about 5 minutes for a mutant of alpha-beta. A mutant that
turns a search loop into an endless one usually hangs in the first, fastest of them, so most
of those minutes are spent waiting. Here each test gets ``limit(d)`` seconds, ``d`` its clean
duration from mutmut's statistics; a test that runs longer ends the run with ``SIGXCPU``, the
signal mutmut's own timer sends, so the mutant is recorded as a timeout exactly as it would
have been, only sooner. A mutant that merely slows a test down (less pruning, say) must slow
it more than ``SLOWDOWN`` times and by ``GRACE`` seconds to be stopped.

Active only inside mutmut's ``mutants/`` copy, where the statistics sit beside this package,
and only for tests with a recorded duration; loaded through the Hypothesis profile plugin
(:mod:`mutation.hypothesis_profile`), since a new ``-p`` option would reset every result.
"""

import json
import os
import signal
from collections.abc import Generator
from pathlib import Path
from types import FrameType

import pytest

SLOWDOWN = 5
GRACE = 10.0
STATISTICS = Path(__file__).resolve().parent.parent / "mutmut-stats.json"


def limit(duration: float) -> float:
    """Seconds a test whose clean run took ``duration`` may run before it counts as hung."""
    return SLOWDOWN * duration + GRACE


def _durations(path: Path) -> dict[str, float]:
    try:
        durations = json.loads(path.read_text())["duration_by_test"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {test: float(d) for test, d in durations.items()}


DURATIONS = _durations(STATISTICS)


def _hung(_signum: int, _frame: FrameType | None) -> None:
    os.kill(os.getpid(), signal.SIGXCPU)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """Run the test with an alarm at ``limit`` of its recorded duration, if it has one."""
    duration = DURATIONS.get(item.nodeid)
    if duration is None:
        return (yield)
    previous = signal.signal(signal.SIGALRM, _hung)
    signal.setitimer(signal.ITIMER_REAL, limit(duration))
    try:
        return (yield)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
