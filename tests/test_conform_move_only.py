"""Engines as they are: one that reports only its move (``--move-only``), one that takes no
window (``--full-window``), and aima-python's ``alpha_beta_search``, which does both.

The engines here are functions run in this process (``CallableTarget``), each built on the
spec or on impl with one thing changed, so that what the gate says of it can be predicted.
"""

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from gametree import spec
from gametree.conform.codec import Case
from gametree.conform.gate import GateOptions, Report, run_gate
from gametree.conform.semantics import Checks, best_moves, check, expected
from gametree.conform.targets import CallableTarget, ProcessTarget
from gametree.impl import alphabeta
from gametree.spec import Bounds, Node
from gametree.treefile import read_tree_json


def leftmost(request: dict[str, Any]) -> dict[str, Any]:
    """The spec's move (the leftmost best child), and no value."""
    return {"best_move": spec.minimax(read_tree_json(request["tree"]).tree).best_move}


def rightmost(request: dict[str, Any]) -> dict[str, Any]:
    """A best move, the rightmost of the best: right, but not under the strict tie rule."""
    t = read_tree_json(request["tree"]).tree
    assert isinstance(t, Node)
    root = spec.minimax(t).value
    return {"best_move": max(i for i, c in enumerate(t.children) if spec.minimax(c).value == root)}


def worst(request: dict[str, Any]) -> dict[str, Any]:
    """The move the mover likes least: wrong wherever the children differ."""
    t = read_tree_json(request["tree"]).tree
    assert isinstance(t, Node)
    values = [spec.minimax(c).value for c in t.children]
    pick = min if t.to_move == 0 else max
    return {"best_move": values.index(pick(values))}


def unpruned(request: dict[str, Any]) -> dict[str, Any]:
    """Minimax with every leaf read: the right value, and no pruning at all."""
    t = read_tree_json(request["tree"]).tree
    return {"value": spec.minimax(t).value, "trace": [list(p) for p, _ in spec.iter_leaves(t)]}


def pruning(request: dict[str, Any]) -> dict[str, Any]:
    """impl's fail-soft alpha-beta from the full window, whatever window is asked."""
    r = alphabeta(read_tree_json(request["tree"]).tree, fail_soft=True, trace=True)
    assert r.trace is not None
    return {"value": r.value, "best_move": r.best_move, "trace": [list(p) for p in r.trace]}


def gate(engine: Any, semantics: str, checks: Checks, **options: Any) -> Report:
    """The gate on ``engine`` with a small budget (every vector of ``semantics`` first)."""
    target = CallableTarget(engine, timeout=60)
    return run_gate(target, engine.__name__,
                    GateOptions(semantics, checks, budget=30, **options))  # fmt: skip


MOVE_ONLY = Checks(move_only=True)
LEFTMOST = Checks(best_move=True, move_only=True)


@pytest.mark.slow
@pytest.mark.parametrize("semantics", ["minimax", "negamax", "alphabeta-fail-hard"])
def test_a_move_only_engine_passes_on_its_move_alone(semantics: str) -> None:
    options = {"full_window": True} if semantics.startswith("alpha") else {}
    report = gate(leftmost, semantics, LEFTMOST, **options)
    assert report.passed, [o.problems for o in report.failures[:3]]
    assert report.counts("vectors")["pass"] > 50
    skipped = [o for o in report.outcomes if o.kind == "skipped"]
    assert any("a lone leaf: no move to report" in o.problems[0] for o in skipped)


@pytest.mark.slow
def test_any_best_move_passes_and_the_leftmost_only_when_asked() -> None:
    assert gate(rightmost, "minimax", MOVE_ONLY).passed
    report = gate(rightmost, "minimax", LEFTMOST)
    assert not report.passed
    assert (
        "(the leftmost best: a later child replaces the best only if strictly better)"
        in (report.failures[0].problems[0])
    )
    minimal = report.shrunk[0].minimal.case.tree
    assert isinstance(minimal, Node)
    assert len(minimal.children) == 2  # two children worth the same: the smallest tie


def test_a_wrong_move_fails_and_a_missing_one_is_named() -> None:
    report = gate(worst, "minimax", MOVE_ONLY)
    assert not report.passed
    assert report.failures[0].problems[0].startswith("best_move: expected")
    report = gate(lambda _request: {"value": 0}, "minimax", MOVE_ONLY)
    assert "the response has no 'best_move'" in report.failures[0].problems[0]


def test_the_best_moves_of_each_kind_of_semantics() -> None:
    t = Node.by_depth([[3, 5], [4, 2], [3]])
    assert best_moves(Case("minimax", t), expected(Case("minimax", t))) == (0, 2)
    assert best_moves(Case("negamax", t), expected(Case("negamax", t))) == (0, 2)
    fails_high = Case("alphabeta-fail-soft", t, alpha=4)
    assert best_moves(fails_high, expected(fails_high)) is None  # no move is determined
    # N players: the mover's component decides, whatever the others (maxn's tie rule aside).
    three = Node(0, [Node(1, [(4, 5, 0)]), Node(1, [(4, 0, 5)]), Node(1, [(3, 6, 0)])])
    case = Case("maxn", three, Bounds(0, 9))
    assert best_moves(case, expected(case)) == (0, 1)
    assert check(case, expected(case), {"best_move": 1}, MOVE_ONLY) == []
    assert check(case, expected(case), {"best_move": 1}, LEFTMOST) != []
    leaf = Case("minimax", spec.Leaf(3))
    assert check(leaf, expected(leaf), {"best_move": None}, LEFTMOST) == []


@pytest.mark.slow
def test_a_windowless_engine_is_asked_the_full_window_only() -> None:
    report = gate(pruning, "alphabeta-fail-soft", Checks(strict_order=True), full_window=True)
    assert report.passed, [o.problems for o in report.failures[:3]]
    asked = [o for o in report.outcomes if o.kind != "skipped"]
    assert all(o.case.alpha is None and o.case.beta is None for o in asked)
    assert report.generated == 30
    skipped = [o for o in report.outcomes if o.kind == "skipped"]
    assert skipped
    assert all("a window (--full-window)" in o.problems for o in skipped)
    # The same engine, asked windows it ignores, fails: the option is what lets it in.
    assert not gate(pruning, "alphabeta-fail-soft", Checks(strict_order=True)).passed


def test_strict_order_checks_the_pruning_of_a_windowless_engine() -> None:
    report = gate(unpruned, "alphabeta-fail-soft", Checks(strict_order=True), full_window=True)
    assert not report.passed
    assert report.failures[0].problems[0].startswith("trace: ")
    minimal = report.shrunk[0].minimal
    assert minimal.case.alpha is None
    assert minimal.case.beta is None  # the shrinker adds no window
    assert minimal.case.tree.size == 5  # the smallest cut-off: a Min child cut after one leaf


AIMA = importlib.util.find_spec("aima") or importlib.util.find_spec("aima3")
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(AIMA is None, reason="aima-python is not installed: see its example")
def test_aima_alpha_beta_search_conforms_on_its_move_and_its_leaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """aima's Figure 5.7 (examples/aima_alphabeta.py), through the worker as a user runs it:
    no value, no window; the leftmost best move, and fail-soft alpha-beta's leaves."""
    monkeypatch.chdir(ROOT)
    checks = Checks(best_move=True, strict_order=True, move_only=True)
    results = {}
    for semantics in ("alphabeta-fail-soft", "minimax"):
        target = ProcessTarget.from_spec("examples.aima_alphabeta:alpha_beta_search", timeout=60)
        try:
            results[semantics] = run_gate(target, "aima", GateOptions(
                semantics, checks, budget=30, by_depth=True, skip_flags=frozenset({"Deep"}),
                full_window=True))  # fmt: skip
        finally:
            target.close()
    report = results["alphabeta-fail-soft"]
    assert report.passed, [o.problems for o in report.failures[:3]]
    assert report.counts("vectors")["pass"] > 100
    # Claimed as minimax, its pruning shows: it reads fewer leaves than every one.
    assert not results["minimax"].passed
    assert results["minimax"].failures[0].problems[0].startswith("trace: ")
