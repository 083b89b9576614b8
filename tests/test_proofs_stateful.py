"""Korf's Theorem 1, as printed and corrected, as games: the state machines of ``proofs.adversary``.

A lazily valued tree reveals its leaves one at a time, left to right, as a directional search asks
for them. Korf's Theorem 1 as printed (``Adversary``): the search skips a leaf only when z3 says it
cannot matter, and the adversary then picks its value; the invariants (see the module): a skip only
on an unnecessary verdict; the answer is maxn of the revealed tree; and where Korf's theorem holds,
no leaf shallow pruning reads is skipped. Korf's Theorem 1 corrected (``CorrectedAdversary``): the
search is the optimal one, the adversary may change a skipped leaf at any time, and every leaf read
has a witness, every skip z3's agreement, the answer is maxn's and the reads are ``impl.optimal``'s.
Each machine runs as a test (random, with the example database) and by hand; the corrected one also
plays two flawed searches (one that never reads the last leaf, and shallow pruning), and its
invariants catch both, by hand and when Hypothesis plays them.
"""

from fractions import Fraction

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from gametree.impl.shallow import shallow
from gametree.proofs.machinery.adversary import (
    INTERESTING,
    Adversary,
    CorrectedAdversary,
    ReadRule,
    corrected_stateful_result,
    game_settings,
    optimal_rule,
    stateful_result,
)
from gametree.proofs.machinery.result import Budget, Scope
from gametree.proofs.machinery.shapes import Shape
from gametree.spec import Bounds, Domain, Path, Tree, Vector, iter_leaves

Adversary.TestCase.settings = game_settings(60)
TestAdversary = Adversary.TestCase
CorrectedAdversary.TestCase.settings = game_settings(30)
TestCorrectedAdversary = CorrectedAdversary.TestCase


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
    assert r.theorem == "optimality"
    assert r.outcome == "held", r
    assert r.cases >= 10
    spent = stateful_result(Scope(Budget(0)), max_examples=10)
    assert spent.outcome == "unknown"
    assert Adversary.budget.remaining() > 0  # the budget is reset for the test run


def never_the_last_leaf(t: Tree, leaf: Path, bounds: Bounds, domain: Domain) -> bool:
    """A seeded flaw: the optimal rule, except that the tree's last leaf is never read."""
    last = [p for p, _ in iter_leaves(t)][-1]
    return leaf != last and optimal_rule(t, leaf, bounds, domain)


def shallow_rule(t: Tree, leaf: Path, bounds: Bounds, _domain: Domain) -> bool:
    """A correct directional search that is not optimal: read what shallow pruning reads."""
    return leaf in (shallow(t, bounds, trace=True).trace or ())


def corrected(monkeypatch: pytest.MonkeyPatch, rule: ReadRule, shape: Shape) -> CorrectedAdversary:
    """A corrected machine playing ``rule`` on ``shape``: three players, sum 9, the reals."""
    monkeypatch.setattr(CorrectedAdversary, "read_rule", staticmethod(rule))
    m = CorrectedAdversary()
    m.start(players=3, total=9, shape=shape, domain="reals")
    return m


def check_every_invariant(m: CorrectedAdversary) -> None:
    m.every_leaf_read_is_necessary()
    m.every_leaf_skipped_is_unnecessary()
    m.the_answer_is_maxn_whatever_the_skipped_leaves_hold()
    m.the_reads_are_those_of_impl_optimal()


def test_the_optimal_search_skips_sturtevants_leaf_whatever_the_adversary_puts_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    m = corrected(monkeypatch, optimal_rule, INTERESTING[0])
    for v in [(1, 0, 8), (0, 0, 9), (0, 1, 8), (9, 0, 0)]:
        m.next_leaf(Draws([v]))
        check_every_invariant(m)
    assert m.skipped == [(1, 1, 1)]
    assert m.read == [(0,), (1, 0), (1, 1, 0)]
    for v in [(0, 0, 9), (0, 9, 0), (3, 3, 3)]:
        m.change_a_skipped_leaf(Draws([(1, 1, 1), v]))
        check_every_invariant(m)


def test_a_search_that_skips_a_necessary_leaf_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the reals the last leaf of [x, [w, l]] is necessary here; the adversary exploits it."""
    m = corrected(monkeypatch, never_the_last_leaf, INTERESTING[2])
    for v in [(1, 0, 8), (0, 7, 2)]:
        m.next_leaf(Draws([v]))
        check_every_invariant(m)
    m.next_leaf(Draws([(0, 0, 0)]))
    assert m.skipped == [(1, 1)]
    with pytest.raises(AssertionError, match="skipped, but z3 says necessary"):
        m.every_leaf_skipped_is_unnecessary()
    m.the_answer_is_maxn_whatever_the_skipped_leaves_hold()  # the placeholder is harmless...
    m.change_a_skipped_leaf(Draws([(1, 1), (Fraction(3, 2), Fraction(15, 2), 0)]))
    with pytest.raises(AssertionError):  # ... but the adversary's value is not
        m.the_answer_is_maxn_whatever_the_skipped_leaves_hold()
    with pytest.raises(AssertionError):
        m.the_reads_are_those_of_impl_optimal()


def test_a_search_that_reads_an_unnecessary_leaf_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Shallow pruning is exact, but reads Sturtevant's last leaf, which is not necessary."""
    m = corrected(monkeypatch, shallow_rule, INTERESTING[0])
    for v in [(1, 0, 8), (0, 0, 9), (0, 1, 8)]:
        m.next_leaf(Draws([v]))
        check_every_invariant(m)
    m.next_leaf(Draws([(9, 0, 0)]))
    assert m.read == [(0,), (1, 0), (1, 1, 0), (1, 1, 1)]
    m.the_answer_is_maxn_whatever_the_skipped_leaves_hold()
    with pytest.raises(AssertionError, match=r"\(1, 1, 1\) was read, but is not necessary"):
        m.every_leaf_read_is_necessary()
    with pytest.raises(AssertionError):
        m.the_reads_are_those_of_impl_optimal()


def test_hypothesis_finds_the_skipped_necessary_leaf_on_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Derandomized, without shrinking (shrinking a game through z3 takes minutes)."""
    monkeypatch.setattr(CorrectedAdversary, "read_rule", staticmethod(never_the_last_leaf))
    quick = settings(game_settings(200, derandomize=True), phases=[Phase.generate])
    with pytest.raises(AssertionError):
        run_state_machine_as_test(CorrectedAdversary, settings=quick)


def test_the_corrected_machine_runs_within_a_budget_as_a_result_of_theorem_6() -> None:
    r = corrected_stateful_result(Scope(Budget.unlimited()), max_examples=10)
    assert (r.theorem, r.method, r.outcome) == ("optimality", "stateful (Hypothesis)", "held"), r
    assert r.cases >= 10
    spent = corrected_stateful_result(Scope(Budget(0)), max_examples=10)
    assert spent.outcome == "unknown"
    assert CorrectedAdversary.budget.remaining() > 0
