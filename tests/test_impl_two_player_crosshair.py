"""CrossHair on the contracts of ``tests/crosshair_two_player.py``: impl's searches against spec.

The contracts are checked symbolically on every scalar tree of height <= 2 with <= 2 children
per node (the plugin of ``tests/crosshair_plugin.py``), in the leaf values, the window and the
first guess. Each runs with an explicit ``--per_condition_timeout``; the subprocesses have a
timeout of their own, and the two runs go in parallel, so the file takes under a minute.

Measured on 2 shared cores at 20 s per condition: the full-window contracts of
``negamax_alphabeta`` and ``pvs`` are "Confirmed over all paths" in 7 and 10 CPU seconds; the
windowed Knuth–Moore and Fishburn contracts and MTD(f) from a symbolic guess are "Not
confirmed" (no counterexample, paths left unexplored) at 20 s; 8 s are given here, to keep
the file near a minute. The test accepts either, as ``tests/test_crosshair.py`` does: CPU
speed must not decide whether it passes. What it does not accept is a counterexample, an
error, or a contract CrossHair did not report on; and the canary, a false claim, must be
refuted (in well under a second), which shows CrossHair really runs the searches on
symbolic leaves.
"""

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "tests" / "crosshair_two_player.py"
PLUGIN = "tests/crosshair_plugin_load.py"
PER_CONDITION_TIMEOUT = 8
"""CPU seconds per contract; see the measurements above."""

RUNS = {
    "windows": ["fail_hard_alphabeta", "fail_soft_alphabeta", "full_window_mtdf"],
    "full": [
        "full_window_negamax_alphabeta",
        "full_window_pvs",
        "fail_soft_is_exact_on_any_window",
    ],
}
"""The contracts, split over two parallel runs; the canary runs last in the shorter (its
refutation makes that run exit with 1, and each contract keeps its own
``PER_CONDITION_TIMEOUT``)."""

CANARY = "fail_soft_is_exact_on_any_window"
"""The false claim."""

_MESSAGE = re.compile(r"^(?P<path>.+?):(?P<line>\d+): (?P<level>info|error): (?P<text>.*)$")


def post_lines() -> dict[str, list[int]]:
    """The line numbers of the ``post:`` lines of each function in the module."""
    source = MODULE.read_text().splitlines()
    found: dict[str, list[int]] = {}
    for node in ast.parse("\n".join(source)).body:
        if isinstance(node, ast.FunctionDef):
            lines = range(node.lineno, (node.end_lineno or node.lineno) + 1)
            posts = [n for n in lines if source[n - 1].strip().startswith("post:")]
            if posts:
                found[node.name] = posts
    return found


def test_every_contract_is_in_a_run() -> None:
    assert sorted(post_lines()) == sorted(f for names in RUNS.values() for f in names)


@pytest.mark.slow
def test_crosshair_finds_no_counterexample_and_refutes_the_canary() -> None:
    posts = post_lines()
    env = {
        **os.environ,
        "GAMETREE_CROSSHAIR_TREES": "scalar",
        "GAMETREE_PURE_PYTHON": "1",  # CrossHair cannot look inside the compiled kernel
        "GAMETREE_CROSSHAIR_DEPTH": "2",
        "GAMETREE_CROSSHAIR_BRANCHING": "2",
    }
    processes = {}
    for run, names in RUNS.items():
        command = [
            sys.executable,
            "-m",
            "crosshair",
            "check",
            "--extra_plugin",
            PLUGIN,
            "--analysis_kind=PEP316",
            "--report_all",
            f"--per_condition_timeout={PER_CONDITION_TIMEOUT}",
            *(f"tests.crosshair_two_player.{name}" for name in names),
        ]
        processes[run] = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
    outputs = {}
    try:
        for run, process in processes.items():
            limit = 4 * PER_CONDITION_TIMEOUT * len(RUNS[run]) + 300  # a hang guard only
            out, err = process.communicate(timeout=limit)
            outputs[run] = (process.returncode, out, err)
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.kill()
                process.wait()
    for run, names in RUNS.items():
        code, out, err = outputs[run]
        messages = [m for m in map(_MESSAGE.match, out.splitlines()) if m]
        assert all(Path(m["path"]).resolve() == MODULE for m in messages), out
        shown = f"{run}: exit {code}\n{out}\n{err[-2000:]}"
        canary = {n for name in names if name == CANARY for n in posts[name]}
        expected = {n for name in names if name != CANARY for n in posts[name]}
        assert code == (1 if canary else 0), shown
        for line in canary:
            assert any(
                int(m["line"]) == line and m["text"].startswith("false when calling")
                for m in messages
            ), shown
        others = [m for m in messages if int(m["line"]) not in canary]
        assert not [m for m in others if m["level"] == "error"], shown
        reported = {int(m["line"]) for m in others if m["level"] == "info"}
        assert reported == expected, shown
        assert all(m["text"] in {"Confirmed over all paths.", "Not confirmed."} for m in others), (
            shown
        )
