"""An in-process search given the case's tree answers as the same search given the request's text.

:class:`gametree.conform.targets.SearchTarget` skips writing the request's tree, parsing it and
reading it back; the reply must be the one :func:`gametree.conform.builtin.answer` gives the
request, on every vector of each semantics that is a search of its own name (windows,
fractions, floats, huge values, bounds, players, domains, first guesses, chance nodes).
"""

import functools

import pytest

from gametree.conform.builtin import answer, answer_tree, is_search
from gametree.conform.codec import Case, request
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.semantics import SEMANTICS
from gametree.conform.targets import CallableTarget, SearchTarget, TargetStartError
from gametree.conform.vectors import vector_cases
from gametree.spec import Node

HANG = 600.0
"""A case's deadline: a hang guard only, far above a deep vector's search on a loaded machine
(the 10 s default made a trace of the 1,200-ply chain a timeout under load)."""


def _by_text(name: str) -> CallableTarget:
    return CallableTarget(functools.partial(answer, name), timeout=HANG)


def _own(name: str) -> SearchTarget:
    return SearchTarget(name, timeout=HANG)


SEARCHES = [s for s in SEMANTICS if is_search(s) and not SEMANTICS[s].game]


@pytest.mark.parametrize("name", SEARCHES)
def test_the_case_s_tree_gets_the_reply_of_the_request_s_text(name: str) -> None:
    text, own = _by_text(name), _own(name)
    cases = [vc.case for vc in vector_cases(name)]
    assert cases
    for case in cases:  # a trace asked for: the reply holds every member
        by_text, by_tree = text.ask(case, trace=True), own.ask(case, trace=True)
        assert (by_tree.kind, by_tree.response) == (by_text.kind, by_text.response), case


def test_every_kind_of_request_member_is_compared() -> None:
    """Not vacuous: the vectors compared hold each member the search reads from a request."""
    cases = [vc.case for s in SEARCHES for vc in vector_cases(s)]
    assert any(c.alpha is not None for c in cases)
    assert any(c.bounds is not None for c in cases)
    assert any(c.interval is not None for c in cases)
    assert any(c.player is not None for c in cases)
    assert any(c.domain == "integers" for c in cases)
    assert any(c.first_guess != 0 for c in cases)


def test_a_search_misreading_the_window_is_told_apart() -> None:
    """A seeded flaw: the window the search is given differs, and so does the reply."""
    case = Case("alphabeta-fail-soft", Node(0, [Node(1, [5, 6]), Node(1, [3, 9])]))
    flawed = Case("alphabeta-fail-soft", case.tree, alpha=6)
    own = _own("alphabeta-fail-soft")
    by_text = _by_text("alphabeta-fail-soft")
    assert own.ask(flawed, trace=True).response != by_text.ask(case, trace=True).response


def test_a_gate_run_reports_the_same() -> None:
    options = GateOptions("alphabeta-fail-soft", budget=40)
    text = run_gate(_by_text("alphabeta-fail-soft"), "r", options)
    own = run_gate(_own("alphabeta-fail-soft"), "r", options)
    assert own.passed
    assert [(o.name, o.kind, o.case) for o in own.outcomes] == [
        (o.name, o.kind, o.case) for o in text.outcomes
    ]


def test_a_name_that_is_no_search_is_refused() -> None:
    with pytest.raises(TargetStartError, match="'nosuch' is not a search of 'gametree algorithms'"):
        SearchTarget("nosuch")


def test_a_search_keying_nodes_by_identity_reads_the_text() -> None:
    """MTD(f)'s table keys nodes by identity: on a vector that shares a subtree by reference,
    the case's own tree gets another trace than its text; the target asks about the text."""
    text, own = _by_text("mtdf"), _own("mtdf")
    differ = []
    for vc in vector_cases("mtdf"):
        sent = request(vc.case, trace=True, tree=False)
        by_text = text.ask(vc.case, trace=True)
        if by_text.kind != "answer":
            continue
        shared = answer_tree("mtdf", sent, vc.case.tree, vc.case.declared)
        if shared != by_text.response:
            differ.append(vc.case)
            assert own.ask(vc.case, trace=True).response == by_text.response
    assert differ
