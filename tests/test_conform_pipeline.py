"""The gate works out each asked case's answers once: the run judges the reply by them, and
counts what the case shows (its behaviours, :mod:`gametree.conform.observe`) with them.

Before, a window semantics' case had its answers worked out twice (the reply's judge, then
the true value for where the window lies), and so did a deep-pruning case and a witness game.
Here working them out again for a case the run has judged fails. (Steering works out the
answers of candidates it never asks: that is its own cost, before the run.)
"""

from collections.abc import Callable

import pytest

from gametree.conform import CallableTarget, GateOptions, game_behaviours, observe, run, run_gate
from gametree.conform.builtin import answer
from gametree.conform.codec import Case
from gametree.conform.semantics import SEMANTICS, Expected, expected
from gametree.spec import Node


def judged_once(judged: dict[int, Case]) -> tuple[Callable[[Case], Expected], ...]:
    """The run's ``expected``, keeping each case it judges, and the others', failing on those."""

    def judge(case: Case) -> Expected:
        judged[id(case)] = case
        return expected(case)

    def again(case: Case) -> Expected:
        assert judged.get(id(case)) is not case, f"a {case.semantics} case's answers again"
        return expected(case)

    return judge, again


@pytest.mark.slow
@pytest.mark.parametrize(
    "semantics", ["alphabeta-fail-hard", "mtdf", "deep-pruning-unsound", "game-negamax-witness"]
)
def test_a_run_works_out_each_asked_cases_answers_once(
    semantics: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if SEMANTICS[semantics].game:
        from tests.bugs.engine import correct

        target = CallableTarget(correct, timeout=600)
    else:
        target = CallableTarget(lambda request: answer(semantics, request), timeout=600)
    judged: dict[int, Case] = {}
    judge, again = judged_once(judged)
    monkeypatch.setattr(run, "expected", judge)
    monkeypatch.setattr(observe, "expected", again)
    monkeypatch.setattr(game_behaviours, "expected", again)
    report = run_gate(target, "reference", GateOptions(semantics, budget=20))
    assert report.passed, report.text()
    assert len(judged) >= 20
    shown = report.behaviours.phases["vectors"].behaviours
    assert {"exact", "fail-low", "fail-high", "witness-many", "deep-trap"} & shown, shown


def test_observing_a_judged_case_without_its_answers_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check above is not vacuous: observing a judged case without its answers fails."""
    judged: dict[int, Case] = {}
    judge, again = judged_once(judged)
    monkeypatch.setattr(observe, "expected", again)
    case = Case("alphabeta-fail-hard", Node.by_depth([[3, 12], [2, 4]]), alpha=5)
    e = judge(case)
    assert "fail-low" in observe.observe(case, reference=e)
    observe.SHOWN.clear()  # else the behaviours just observed are the answer, worked out once
    with pytest.raises(AssertionError, match="answers again"):
        observe.observe(case)
