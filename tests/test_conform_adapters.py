"""Conventions as helpers (issue 33, item 5): ``gametree.adapters`` and ``--any-best-move``.

``examples/random_ties.py`` is a library that searches positions and picks at random among
tied best moves, with its adapter written with the helpers: it passes with
``--any-best-move`` and fails with ``--best-move`` (so the mode is what lets it pass), and an
engine whose move or line is not a best one fails with ``--any-best-move`` too. The line of
best moves is checked node by node, for two players, N players and paranoid.
"""

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from examples.random_ties import adapter
from gametree import cli
from gametree.adapters import child_index, height, json_value, parse_number, worth
from gametree.conform.codec import Case, request
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.report import signature
from gametree.conform.semantics import Checks, best_line_problem, best_moves, check, expected
from gametree.conform.targets import CallableTarget
from gametree.spec import Node, Tree
from gametree.treefile import dumps, read_tree_json

ROOT = Path(__file__).resolve().parent.parent
ANY = Checks(principal_variation=True, strict_order=True, any_best_move=True)
SKIP = frozenset({"Deep"})


def test_the_helpers_read_a_request_as_the_gate_writes_it() -> None:
    tree = Node.by_depth([[3, Fraction(-1, 2)], [7, [1, 2]]])
    request = json.loads(json.dumps({"tree": {"format": "gametree-tree/1", "players": 2,
                                              "tree": _json(tree)}}))  # fmt: skip
    root = request["tree"]["tree"]
    assert height(root) == tree.height == 3
    values = [parse_number(x) for x in _values(root)]
    assert values == [3, Fraction(-1, 2), 7, 1, 2]
    assert [worth(v, 1) for v in values] == [-3, Fraction(1, 2), -7, -1, -2]
    assert [json_value(v) for v in values] == [3, "-1/2", 7, 1, 2]
    kids = root["children"]
    assert child_index(kids, kids[1]) == 1
    assert child_index(kids, json.loads(json.dumps(kids[1]))) == 1  # equal, not the same
    with pytest.raises(ValueError, match="not one of the root's 2 children"):
        child_index(kids, {"value": 99})


def test_deep_requests_are_measured_without_recursion() -> None:
    node: dict[str, Any] = {"value": 1}
    for _ in range(5000):
        node = {"to_move": 0, "children": [node]}
    assert height(node) == 5000


@pytest.mark.slow
def test_a_library_that_picks_at_random_among_ties_passes_with_any_best_move() -> None:
    report = run_gate(CallableTarget(adapter), "random ties",
                      GateOptions("negamax", ANY, skip_flags=SKIP))  # fmt: skip
    assert report.passed, report.text()[:3000]
    assert report.generated > 100
    cases = [o.case for o in report.outcomes if o.kind == "pass"]
    moved = [c for c in cases if _move(c) not in {None, expected(c).best_move}]
    assert len(moved) > 10  # not the leftmost, many times: the mode is what lets it pass
    leftmost = GateOptions("negamax", Checks(best_move=True), skip_flags=SKIP, budget=20)
    failed = run_gate(CallableTarget(adapter), "random ties", leftmost)
    assert {signature(o) for o in failed.failures} == {("mismatch", "best_move")}


def _move(case: Case) -> object:
    return adapter(json.loads(json.dumps(request(case, trace=False))))["best_move"]


def sloppy(request: dict[str, Any]) -> dict[str, Any]:
    """The library's answer, but a move that is not a best one wherever there is one."""
    reply = adapter(request)
    t = read_tree_json(request["tree"]).tree
    case = Case("negamax", t)
    best = best_moves(case, expected(case)) or ()
    others = [i for i in range(len(getattr(t, "children", ()))) if i not in best]
    if others:
        reply["best_move"] = others[0]
        reply["principal_variation"] = [others[0]]
    return reply


def test_a_move_that_is_not_a_best_one_fails_with_any_best_move() -> None:
    options = GateOptions("negamax", ANY, skip_flags=SKIP, budget=20)
    report = run_gate(CallableTarget(sloppy), "sloppy", options)
    assert not report.passed
    assert {signature(s.minimal) for s in report.shrunk} == {("mismatch", "best_move")}


@pytest.mark.parametrize(("semantics", "tree", "player", "good", "bad"), [
    ("minimax", Node.by_depth([[3, 5], [3, 4]]), None, [[0, 0], [1, 0]], [[0, 1], [1], [1, 0, 0]]),
    ("negamax-alphabeta-fail-soft", Node.by_depth([[3, 5], [3, 4]]), None, [[1, 0]], [[2]]),
    ("maxn", Node(0, [Node(1, [(4, 1, 0), (4, 1, 0), (0, 0, 5)]), (4, 0, 1)]), None,
     [[0, 0], [0, 1], [1]], [[0, 2], []]),
    ("paranoid", Node(0, [Node(1, [(2, 0, 1), (3, 2, 0)]), (2, 5, 5)]), 0, [[0, 0], [1]],
     [[0, 1]]),
])  # fmt: skip
def test_a_line_of_best_moves_is_checked_node_by_node(
    semantics: str, tree: Tree, player: int | None, good: list[list[int]],
    bad: list[list[int]],
) -> None:  # fmt: skip
    case = Case(semantics, tree, player=player)
    e = expected(case)
    assert e.value is not None
    assert best_line_problem(case, list(e.principal_variation or ())) == ""
    for line in good:
        assert best_line_problem(case, line) == "", line
        reply = {"value": json_value(e.value), "best_move": line[0] if line else None,
                 "principal_variation": line}  # fmt: skip
        assert check(case, e, reply, Checks(principal_variation=True, any_best_move=True)) == []
    for line in bad:
        assert best_line_problem(case, line) != "", line


def test_any_best_move_and_best_move_are_not_given_together(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = cli.main(["conform", "--target", "impl.alphabeta", "--semantics", "minimax",
                     "--best-move", "--any-best-move"])  # fmt: skip
    assert code == 2
    assert "give one of them" in capsys.readouterr().err


def _json(t: Tree) -> Any:
    return json.loads(dumps(t))["tree"]


def _values(node: dict[str, Any]) -> list[Any]:
    if "value" in node:
        return [node["value"]]
    return [v for c in node["children"] for v in _values(c)]
