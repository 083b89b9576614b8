"""A minimal case keeps its failure (issue 33, item 2): the same kind and, for a wrong answer,
the same first member wrong; distinct failures never end on one case; an engine that searches
only roots with moves is never asked a terminal root, generated or shrunk.

The engine is written as a library's alpha-beta is (fail-soft, max/min form), with what the
issue met in one: it refuses a terminal root ("no legal moves"), it cuts off only when
alpha > beta (its leaves are wrong, its value right), and its move list for the minimising
side holds two replies (a third is never searched: a wrong value). The smallest case of the
second mistake is smaller than the first's, so a shrinker that keeps only the kind takes the
wrong value there, and both failures end on one case.
"""

from typing import Any

import pytest

from gametree.conform import faults
from gametree.conform import gate as gate_module
from gametree.conform.codec import Case, request_line
from gametree.conform.gate import GateOptions, Report, run_gate
from gametree.conform.report import signature
from gametree.conform.semantics import Checks
from gametree.conform.targets import CallableTarget
from gametree.conform.vectors import VectorCase
from gametree.spec import Node
from gametree.treefile import json_value, parse_number

SEMANTICS = "alphabeta-fail-soft"
CHECKS = Checks(strict_order=True)


def library(request: dict[str, Any]) -> dict[str, Any]:
    """Fail-soft alpha-beta as a library writes it, with the three faults of the module."""
    root = request["tree"]["tree"]
    if "value" in root:
        raise ValueError("no legal moves")
    trace: list[list[int]] = []
    a, b = request.get("alpha"), request.get("beta")

    def search(n: dict[str, Any], path: list[int], alpha: Any, beta: Any) -> Any:
        if "value" in n:
            trace.append(path)
            return parse_number(n["value"])
        maximising = n["to_move"] == 0
        moves = n["children"] if maximising else n["children"][:2]  # two replies at most
        best = None
        for i, c in enumerate(moves):
            v = search(c, [*path, i], alpha, beta)
            if best is None or (v > best if maximising else v < best):
                best = v
            if maximising and (alpha is None or best > alpha):
                alpha = best
            if not maximising and (beta is None or best < beta):
                beta = best
            if alpha is not None and beta is not None and alpha > beta:  # > where >= belongs
                break
        return best

    value = search(root, [], None if a is None else parse_number(a),
                   None if b is None else parse_number(b))  # fmt: skip
    return {"value": json_value(value), "trace": trace}


BOTH = Case(SEMANTICS, Node.by_depth([[0, 5], [9, 9, 1]]), alpha=0)
"""Both faults at once: the first child's cut-off at alpha = beta = 0 reads 5 anyway, and the
second child's third reply, 1, is never searched (value 9 where it is 1)."""
LEAVES_ONLY = Case(SEMANTICS, Node(1, [0, 7]), alpha=0)
"""The cut-off alone: the value is right (0, a fail-low), the leaf 7 read for nothing."""


def gate(vectors: list[Case], monkeypatch: pytest.MonkeyPatch, **options: Any) -> Report:
    made = [VectorCase("made", f"case {i}", (), c) for i, c in enumerate(vectors)]
    monkeypatch.setattr(gate_module, "vector_cases", lambda _semantics: made)
    options = {"budget": 0, "keep_going": True, **options}
    return run_gate(CallableTarget(library), "library", GateOptions(SEMANTICS, CHECKS, **options))


def minimal_lines(report: Report) -> list[str]:
    return [request_line(s.minimal.case, 0, trace=False) for s in report.shrunk]


def test_each_failure_keeps_its_kind_and_member_and_ends_on_its_own_case(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    report = gate([BOTH, LEAVES_ONLY], monkeypatch)
    found = {signature(s.original): s for s in report.shrunk}
    assert set(found) == {("mismatch", "value"), ("mismatch", "trace")}
    for sig, s in found.items():
        assert signature(s.minimal) == sig, s.minimal.problems
    value = found["mismatch", "value"].minimal.case.tree
    assert isinstance(value, Node)
    assert max(len(n.children) for n in [value, *value.children] if isinstance(n, Node)) >= 3
    assert len(set(minimal_lines(report))) == len(report.shrunk) == 2


def test_a_shrinker_that_keeps_only_the_kind_ends_both_on_one_case(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Not vacuous: without the member the wrong value is shrunk into the leaves' failure."""
    monkeypatch.setattr(faults, "signature", lambda o: (o.kind, ""))
    report = gate([BOTH, LEAVES_ONLY], monkeypatch)
    assert len(report.shrunk) == 2
    assert len(set(minimal_lines(report))) == 1
    assert {signature(s.minimal) for s in report.shrunk} == {("mismatch", "trace")}


@pytest.mark.slow
def test_distinct_failures_end_on_distinct_cases_on_the_whole_gate() -> None:
    """Every vector and the default budget, --keep-going: the report's own guarantee."""
    options = GateOptions(SEMANTICS, CHECKS, keep_going=True, skip_flags=frozenset({"Deep"}))
    report = run_gate(CallableTarget(library), "library", options)
    assert len({signature(s.original) for s in report.shrunk}) == len(report.shrunk) >= 3
    for s in report.shrunk:
        assert signature(s.minimal) == signature(s.original), report.text()[:3000]
    assert len(set(minimal_lines(report))) == len(report.shrunk)


@pytest.mark.slow
def test_an_engine_that_searches_only_roots_with_moves_is_never_asked_a_terminal_root() -> None:
    """``--skip-flag LeafRoot``: no lone leaf in the vectors, the generated cases or shrinking."""
    asked: list[dict[str, Any]] = []

    def watched(request: dict[str, Any]) -> dict[str, Any]:
        asked.append(request)
        return library(request)

    skip = frozenset({"Deep", "LeafRoot"})
    options = GateOptions(SEMANTICS, CHECKS, keep_going=True, skip_flags=skip)
    report = run_gate(CallableTarget(watched), "library", options)
    assert report.generated > 100
    assert not [r for r in asked if "value" in r["tree"]["tree"]]
    assert {o.kind for o in report.failures} == {"mismatch"}
    assert all(isinstance(s.minimal.case.tree, Node) for s in report.shrunk)
    assert "lone-leaf" in report.behaviours.excluded
    refused = run_gate(CallableTarget(library), "library",
                       GateOptions(SEMANTICS, CHECKS, keep_going=True, budget=0,
                                   skip_flags=frozenset({"Deep"})))  # fmt: skip
    assert "error" in {o.kind for o in refused.failures}
