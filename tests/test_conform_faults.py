"""Faults reported where they happen (issue 27): a failure is replayed in a fresh process,
charged to the case that caused it, and shrunk; a minimal case fails when replayed as the
report says; hangs are shrunk under a shorter limit; ``--keep-going`` reports each distinct
failure; the minimal case depends on the seed and the shrinking budget, not the target's speed.

The engines are small scripts run as command targets (one process, many requests, as a real
engine), each right except for one planted fault; the vectors are replaced by a few cases, so
that what is asked, and in which order, is known.
"""

import json
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gametree import cli
from gametree.conform import gate as gate_module
from gametree.conform.codec import Case
from gametree.conform.gate import GateOptions, Report, run_gate
from gametree.conform.report import signature
from gametree.conform.targets import CallableTarget, ProcessTarget
from gametree.conform.vectors import VectorCase
from gametree.spec import Leaf, Node, minimax
from gametree.treefile import json_value, read_tree_json

ROOT = Path(__file__).resolve().parent.parent

PREAMBLE = f"""\
import json, os, sys, time
sys.path.insert(0, {str(ROOT)!r})
from gametree.treefile import json_value, read_tree_json
from gametree.spec import iter_leaves, minimax

def answer(r, value=None):
    t = read_tree_json(r["tree"]).tree
    v = minimax(t).value if value is None else value
    sys.stdout.write(json.dumps({{"id": r["id"], "value": json_value(v)}}) + "\\n")
    sys.stdout.flush()
    return t

def holds(t, x):
    return any(leaf.value == x for _, leaf in iter_leaves(t))
"""

ENGINES = {
    # Right answers; a 7 among the leaves corrupts its memory, found on the next read.
    "corrupts": PREAMBLE + (
        "broken = False\n"
        "for line in sys.stdin:\n"
        "    if broken:\n"
        "        os.abort()\n"
        "    broken = holds(answer(json.loads(line)), 7)\n"
    ),
    # Right answers; a 7 among the leaves ends the process once it has answered.
    "exits": PREAMBLE + (
        "for line in sys.stdin:\n"
        "    if holds(answer(json.loads(line)), 7):\n"
        "        sys.exit(1)\n"
    ),
    # A table kept between requests: after a tree with a 7, the next answer is one off.
    "stateful": PREAMBLE + (
        "stale = False\n"
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    t = read_tree_json(r['tree']).tree\n"
        "    answer(r, minimax(t).value + 1 if stale else None)\n"
        "    stale = holds(t, 7)\n"
    ),
    # Crashes on every third request of a process, whatever it is.
    "third": PREAMBLE + (
        "for n, line in enumerate(sys.stdin, 1):\n"
        "    if n % 3 == 0:\n"
        "        os.abort()\n"
        "    answer(json.loads(line))\n"
    ),
    # Never answers a tree with a fraction among its leaves (an MTD(f) stepping by units).
    "hangs": PREAMBLE + (
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    t = read_tree_json(r['tree']).tree\n"
        "    while any(int(leaf.value) != leaf.value for _, leaf in iter_leaves(t)):\n"
        "        time.sleep(0.05)\n"
        "    answer(r)\n"
    ),
}  # fmt: skip

SEVEN = Node.by_depth([[3, 7], [1, 2]])
PLAIN = [Node.by_depth([[3, 5], [2, 9]]), Node.by_depth([4, [6, 1]]), Node.by_depth([[8, 8], 2])]


def vectors(*trees: Any) -> list[VectorCase]:
    return [VectorCase("made", f"tree {i}", (), Case("minimax", t)) for i, t in enumerate(trees)]


def gate(name: str, trees: list[Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
         **options: Any) -> Report:  # fmt: skip
    """The gate on engine ``name`` with ``trees`` as its vectors, in order."""
    script = tmp_path / f"{name}.py"
    script.write_text(ENGINES[name])
    monkeypatch.setattr(gate_module, "vector_cases", lambda _semantics: vectors(*trees))
    target = ProcessTarget([sys.executable, str(script)], timeout=options.pop("timeout", 60.0))
    try:
        return run_gate(target, name, GateOptions("minimax", budget=0, **options))
    finally:
        target.close()


def replay(name: str, tmp_path: Path, *cases: Case) -> list[str]:
    """The kinds of reply ``cases`` get, asked in order of one fresh process of ``name``."""
    target = ProcessTarget([sys.executable, str(tmp_path / f"{name}.py")], timeout=60.0)
    try:
        return [target.ask(c, trace=False).kind for c in cases]
    finally:
        target.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", ["corrupts", "exits"])
def test_a_case_that_breaks_the_engine_after_its_answer_is_charged_with_it(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = gate(name, [PLAIN[0], SEVEN, PLAIN[1], PLAIN[2]], tmp_path, monkeypatch)
    assert [o.kind for o in report.outcomes] == ["pass", "pass", "crash", "pass"]
    [s] = report.shrunk
    assert s.original.name == "tcId 3"  # where the crash was seen
    assert s.then is not None
    assert s.minimal.case.tree == Leaf(7)  # the cause, shrunk: it alone passes
    assert s.then.case.tree == Leaf(0)  # the request after it, shrunk
    assert s.minimal.kind == s.then.kind == "crash"
    assert "passes alone, but the target's next request then fails" in s.minimal.problems[0]
    assert replay(name, tmp_path, s.minimal.case) == ["answer"]
    assert replay(name, tmp_path, s.minimal.case, s.then.case) == ["answer", "crash"]
    text = report.text()
    assert "passes alone and breaks the target, and the request after it" in text
    assert "then, asked next in the same process:" in text
    minimal = report.json()["minimal"]
    assert isinstance(minimal, list)
    assert minimal[0]["then"]["request"]["tree"]["tree"] == {"value": 0}


def test_a_wrong_answer_caused_by_the_case_before_is_charged_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = gate("stateful", [PLAIN[0], SEVEN, PLAIN[1]], tmp_path, monkeypatch)
    assert [o.kind for o in report.outcomes] == ["pass", "pass", "mismatch"]
    [s] = report.shrunk
    assert s.then is not None
    assert s.minimal.case.tree == Leaf(7)
    assert s.then.kind == "mismatch"
    assert s.then.problems == ["value: expected 0, got 1"]


def test_a_failure_that_no_replay_reproduces_is_reported_so_never_as_a_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = gate("third", [PLAIN[0], PLAIN[1], PLAIN[2]], tmp_path, monkeypatch)
    assert [o.kind for o in report.outcomes] == ["pass", "pass", "crash"]
    [s] = report.shrunk
    assert s.note.startswith("not reproduced in a fresh process: alone it is a pass, and after")
    assert "failing case, from tcId 3 (5 nodes): crash, not reproduced" in report.text()
    assert ": pass" not in report.text()


@pytest.mark.slow
def test_a_minimal_case_fails_alone_in_a_fresh_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A case's own failure, found in a process that answered others first."""
    report = gate("hangs", [*PLAIN, Node.by_depth([[1, Fraction(1, 2)], [3, 4]])], tmp_path,
                  monkeypatch, timeout=2.0)  # fmt: skip
    [s] = report.shrunk
    assert s.then is None
    assert s.note == ""
    assert s.minimal.kind == "timeout"
    assert s.minimal.case.tree.size == 1  # a lone fraction: the smallest hang
    assert replay_hang(tmp_path, s.minimal.case) == "timeout"
    assert replay_hang(tmp_path, Case("minimax", Leaf(1))) == "answer"  # the time suffices


def replay_hang(tmp_path: Path, case: Case) -> str:
    """How ``case`` fares as the first request of a fresh process of the hanging engine, given
    2 s and 2 s more to start (the default 20 s to start only made the hang wait longer)."""
    target = ProcessTarget([sys.executable, str(tmp_path / "hangs.py")], timeout=2.0, startup=2.0)
    try:
        return target.ask(case, trace=False).kind
    finally:
        target.close()


@pytest.mark.slow
def test_repeated_hangs_end_with_the_smallest_hanging_case(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fractions = [Node.by_depth([[1, Fraction(k, 7)], [k, 4]]) for k in range(1, 6)]
    report = gate("hangs", [PLAIN[0], *fractions], tmp_path, monkeypatch, timeout=1.0)
    assert report.gave_up is not None  # five in a row: the gate stops asking
    [s] = report.shrunk
    assert s.minimal.kind == "timeout"
    assert s.minimal.case.tree.size == 1
    assert s.steps > 0


TWO_BUGS = PREAMBLE + (
    "for line in sys.stdin:\n"
    "    r = json.loads(line)\n"
    "    t = read_tree_json(r['tree']).tree\n"
    "    v = minimax(t).value\n"
    "    wrong_value = holds(t, 7)\n"
    "    best = getattr(t, 'children', None)\n"
    "    move = None if best is None else minimax(t).best_move\n"
    "    if best is not None and len(best) == 3:\n"
    "        move = 2 - move  # reads the move list backwards\n"
    "    sys.stdout.write(json.dumps({'id': r['id'], 'value': json_value(v + wrong_value),\n"
    "                                 'best_move': move}) + '\\n')\n"
    "    sys.stdout.flush()\n"
)  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("keep_going", [False, True])
def test_keep_going_reports_each_distinct_failure(
    keep_going: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "two_bugs.py"
    script.write_text(TWO_BUGS)
    argv = ["conform", "--target", f"{sys.executable} {script}", "--semantics", "minimax",
            "--best-move", "--no-vectors", "--scope", "small", "--budget", "150", "--json",
            *(["--keep-going"] if keep_going else [])]  # fmt: skip
    assert cli.main(argv) == 1
    report = json.loads(capsys.readouterr().out)
    kinds = [m["problems"][0].split(":")[0] for m in report["minimal"]]
    assert sorted(kinds) == (["best_move", "value"] if keep_going else kinds[:1])
    assert len(kinds) == (2 if keep_going else 1)
    if keep_going:
        assert report["generated"]["pass"] + report["generated"]["mismatch"] == 150


def seven_off(request: dict[str, Any]) -> dict[str, Any]:
    """One off where a 7 is among three leaves or more: the smallest such tree has 4 nodes."""
    t = read_tree_json(request["tree"]).tree
    leaves = _leaves(t)
    off = len(leaves) >= 3 and any(leaf.value == 7 for leaf in leaves)
    return {"value": json_value(minimax(t).value + off)}


def _leaves(t: Any) -> list[Leaf]:
    from gametree.spec import iter_leaves

    return [leaf for _, leaf in iter_leaves(t)]


def slowly(request: dict[str, Any]) -> dict[str, Any]:
    time.sleep(0.01)
    return seven_off(request)


@pytest.mark.slow
def test_the_minimal_case_depends_on_the_seed_and_the_budget_not_on_speed() -> None:
    def minimal(engine: Any, budget: int) -> tuple[str, ...]:
        options = GateOptions("minimax", vectors=False, budget=60, shrink_budget=budget,
                              scope="small", seed=3)  # fmt: skip
        report = run_gate(CallableTarget(engine), "seven", options)
        return tuple(json.dumps(s.minimal.json(trace=False)["request"]) for s in report.shrunk)

    fast = minimal(seven_off, 500)
    assert fast
    assert minimal(slowly, 500) == fast
    assert minimal(seven_off, 1) != fast  # the budget decides how far it goes


def test_signatures_tell_failures_apart() -> None:
    case = Case("minimax", Leaf(0))
    outcome = gate_module.Outcome
    wrong = outcome("a", "generated", case, "mismatch", ["value: expected 0, got 1"], None)
    move = outcome("b", "generated", case, "mismatch", ["best_move: expected 0, got 1"], None)
    crash = outcome("c", "generated", case, "crash", ["the target closed its output"], None)
    assert len({signature(o) for o in (wrong, move, crash)}) == 3


class Wearing:
    """An in-process target that answers wrongly once it has answered two requests since its
    last restart, and always on a tree with a 7: shrinking in one process goes astray."""

    def __init__(self) -> None:
        self.inner = CallableTarget(self.answer)
        self.since = 0
        self.restarts = 0

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        t = read_tree_json(request["tree"]).tree
        self.since += 1
        worn = self.since > 2 or any(leaf.value == 7 for leaf in _leaves(t))
        return {"value": json_value(minimax(t).value + worn)}

    def ask(self, case: Case, *, trace: bool) -> Any:
        return self.inner.ask(case, trace=trace)

    def restart(self) -> None:
        self.since = 0
        self.restarts += 1

    def close(self) -> None:
        """Nothing to release."""


def test_shrinking_led_astray_by_state_walks_back_to_a_case_that_fails_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tree = Node.by_depth([[3, 7], [1, [2, 5]]])
    monkeypatch.setattr(gate_module, "vector_cases", lambda _semantics: vectors(tree))
    target = Wearing()
    report = run_gate(target, "wearing", GateOptions("minimax", budget=0))
    [s] = report.shrunk
    assert s.then is None
    assert any(leaf.value == 7 for leaf in _leaves(s.minimal.case.tree))  # not an astray step
    target.restart()
    right = {"value": minimax(s.minimal.case.tree).value}
    assert target.ask(s.minimal.case, trace=False).response != right  # it fails alone
    assert target.restarts > 3  # the smallest step passed alone: the steps were bisected
