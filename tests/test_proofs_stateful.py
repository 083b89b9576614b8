"""Korf's Theorem 1 as a game against an adversary: the state machine of ``proofs.adversary``.

A lazily valued tree reveals its leaves one at a time, left to right, as a directional search
asks for them; the search skips a leaf only when z3 says it cannot matter, and the adversary
then picks its value. The invariants (see the module): a skip only on an unnecessary verdict;
the answer is maxn of the revealed tree; and where Korf's theorem holds, no leaf shallow
pruning reads is skipped. Here the machine runs as a test (random, with the example database),
and by hand on Sturtevant's tree, where the theorem fails and a leaf shallow pruning reads is
skipped.
"""

import pytest

from gametree.impl.shallow import shallow
from gametree.proofs.adversary import INTERESTING, Adversary, game_settings, stateful_result
from gametree.proofs.result import Budget, Scope
from gametree.spec import Bounds, Vector

Adversary.TestCase.settings = game_settings(60)
TestAdversary = Adversary.TestCase


class Draws:
    """Stands in for ``st.data()``: the values the adversary picks, in order."""

    def __init__(self, values: list[Vector]) -> None:
        self.values = values

    def draw(self, _: object) -> Vector:
        return self.values.pop(0)


def test_the_machine_skips_the_leaf_korf_says_every_directional_search_must_read() -> None:
    """Replayed by hand: Sturtevant's tree, three leaves revealed, the fourth skipped."""
    m = Adversary()
    m.start(players=3, total=9, shape=INTERESTING[0])
    for v in [(1, 0, 8), (0, 0, 9), (0, 1, 8)]:
        m.try_to_skip(Draws([v]))
    assert not m.skipped
    m.try_to_skip(Draws([(9, 0, 0)]))
    assert m.skipped == {(1, 1, 1)}
    assert (1, 1, 1) in (shallow(m.tree(m.values), Bounds(0, 9), trace=True).trace or ())
    m.a_skip_is_taken_only_on_an_unnecessary_verdict()
    m.the_answer_is_maxn_of_the_revealed_tree()
    m.where_the_theorem_holds_no_leaf_shallow_reads_was_skipped()  # height 3, but a chain


def test_the_invariants_catch_a_skip_without_a_verdict_and_a_wrong_answer() -> None:
    m = Adversary()
    m.start(players=3, total=9, shape=INTERESTING[2])  # [*, [*, *]]: no chain at height 2
    for v in [(1, 0, 8), (0, 7, 2)]:
        m.reveal(Draws([v]))
    m.skipped.add((1, 0))  # skipped behind the decision procedure's back
    with pytest.raises(AssertionError, match="skipped with no verdict"):
        m.a_skip_is_taken_only_on_an_unnecessary_verdict()
    m.reveal(Draws([(9, 0, 0)]))
    with pytest.raises(AssertionError):
        m.where_the_theorem_holds_no_leaf_shallow_reads_was_skipped()


def test_the_machine_runs_within_a_budget_as_a_result_of_theorem_6() -> None:
    r = stateful_result(Scope(Budget.unlimited()), max_examples=10)
    assert r.method == "stateful (Hypothesis)"
    assert r.theorem == 6
    assert r.outcome == "held", r
    assert r.cases >= 10
    spent = stateful_result(Scope(Budget(0)), max_examples=10)
    assert spent.outcome == "unknown"
    assert Adversary.budget.remaining() > 0  # the budget is reset for the test run
