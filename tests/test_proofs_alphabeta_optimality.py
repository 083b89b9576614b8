"""The theorem alphabeta-optimality: two-player necessity, and alpha-beta against it.

The window decision is checked against two independent means: every completion of small trees
up to order (no solver, no path lemma) and z3 on the whole tree (value and line). Alpha-beta's
reads are compared with it in each setting: exactly the necessary leaves with unbounded values
(fail-hard and fail-soft alike), more with bounded ones (exactly the leaves below a best so far
at the bound), and exactly them again with the bounds as its window. Seeded flaws (the "no
room" reading of an integer window, a bound ignored, alpha-beta without deep cut-offs) make
the checks fail.
"""

from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.impl import alphabeta
from gametree.impl.necessity import chain
from gametree.impl.result import SearchResult
from gametree.proofs.machinery.result import Budget, Scope
from gametree.proofs.theorems import alphabeta_optimality as ab
from gametree.proofs.theorems.alphabeta_optimality import (
    BOUNDED,
    BOUNDS_WINDOW,
    DECISION,
    FULL_WINDOW,
    FULL_WINDOW_BOUNDED,
    SETTINGS,
    UNBOUNDED,
    Setting,
    agree_on_every_completion,
    alphabeta_reads,
    decide_minimax,
    decide_minimax_smt,
    replay,
    stored_counterexamples,
)
from gametree.spec import Leaf, Node, Path, Scalar, Tree, TreeError, iter_leaves, minimax
from gametree.spec.maxn import as_pairs
from gametree.spec.strategies import scalar_trees

UNLIMITED = Scope(Budget.unlimited())


def small_cases(max_depth: int = 3) -> st.SearchStrategy[tuple[Tree, Setting]]:
    """Trees of a few leaves in [0, 2] (halves over the reals), Max or Min anywhere, a setting."""
    return st.sampled_from(SETTINGS).flatmap(
        lambda s: st.tuples(
            scalar_trees(
                max_depth=max_depth,
                max_branching=2,
                min_value=0,
                max_value=2,
                grid=2 if s.domain == "reals" else 1,
                ties=True,
                by_depth=False,
            ),
            st.just(s),
        )
    )


@settings(max_examples=40, deadline=None)
@given(small_cases(max_depth=2))
def test_the_window_decides_as_every_completion_does(case: tuple[Tree, Setting]) -> None:
    """Both directions, against the enumeration of every completion up to order."""
    t, setting = case
    for path, _ in iter_leaves(t):
        necessary = decide_minimax(t, path, setting).necessary
        assert necessary == (not agree_on_every_completion(t, path, setting)), (path, setting)


@settings(max_examples=20, deadline=None)
@given(small_cases())
def test_the_window_decides_as_z3_on_the_whole_tree_value_and_line(
    case: tuple[Tree, Setting],
) -> None:
    t, setting = case
    for path, _ in iter_leaves(t):
        necessary = decide_minimax(t, path, setting).necessary
        assert decide_minimax_smt(t, path, setting, line=False) == necessary
        assert decide_minimax_smt(t, path, setting, line=True) == necessary


def test_a_witness_is_two_completions_of_the_tree_that_minimax_tells_apart() -> None:
    t = Node.by_depth([[1, 2], [2, 0], 1])
    d = decide_minimax(t, (1, 1), Setting("integers", 0, 2))
    assert d.necessary
    assert d.witness is not None
    one, other = d.witness
    assert minimax(one).value != minimax(other).value
    for u in (one, other):
        before = [x.value for p, x in iter_leaves(u) if p < (1, 1)]
        assert before == [x.value for p, x in iter_leaves(t) if p < (1, 1)]


def test_an_integer_window_with_no_room_inside_still_needs_the_leaf() -> None:
    """(3, 4) holds no integer, but the leaf can be 3 or 4, and the root takes it."""
    t = Node.by_depth([3, [4, 0]])
    d = decide_minimax(t, (1, 1), Setting("integers"))
    assert (d.necessary, d.window) == (True, (3, 4))
    assert d.witness is not None
    assert [minimax(u).value for u in d.witness] == [3, 4]
    assert (1, 1) in alphabeta_reads(t, Setting("integers"), "full", fail_soft=False)[0]


def test_bad_input_is_named() -> None:
    with pytest.raises(TreeError, match=r"5/2 is not an integer .* at path \[1\]"):
        decide_minimax(Node.by_depth([1, Fraction(5, 2)]), (0,), Setting("integers"))
    with pytest.raises(TreeError, match=r"3 is above 2 .* at path \[0\]"):
        decide_minimax(Node.by_depth([3, 1]), (1,), Setting("reals", 0, 2))
    with pytest.raises(TreeError, match="vector values"):
        decide_minimax(Node.by_depth([(1, 2), (2, 1)]), (0,), Setting("reals"))
    with pytest.raises(ValueError, match="holds one value or none"):
        Setting("integers", Fraction(1, 3), Fraction(2, 3))
    with pytest.raises(ValueError, match="'reals' or 'integers'"):
        Setting("rationals")  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(small_cases(max_depth=4).filter(lambda c: not c[1].bounded))
def test_unbounded_full_window_alphabeta_reads_exactly_the_necessary_leaves(
    case: tuple[Tree, Setting],
) -> None:
    assert ab._full_window(*case) is None


def immediate(t: Tree, setting: Setting, leaf: Path) -> bool:
    """The leaf lies below a best so far at the bound its player wants, and no ancestor of the
    other player has a child before the path (the module docstring's characterisation)."""
    c = chain(as_pairs(t), leaf)
    bests = [(level.player, level.best[0]) for level in c.levels if level.best is not None]
    movers = {p for p, _ in bests}
    at_top = any(p == 0 and b == setting.high for p, b in bests) and movers == {0}
    at_bottom = any(p == 1 and b == setting.low for p, b in bests) and movers == {1}
    return at_top or at_bottom


@settings(max_examples=60, deadline=None)
@given(small_cases(max_depth=4).filter(lambda c: c[1].bounded))
def test_bounded_full_window_alphabeta_reads_more_exactly_below_a_bound(
    case: tuple[Tree, Setting],
) -> None:
    t, setting = case
    reads = alphabeta_reads(t, setting, "full", fail_soft=False)[0]
    for path, _ in iter_leaves(t):
        necessary = decide_minimax(t, path, setting).necessary
        assert (path in reads) == (necessary or immediate(t, setting, path)), path
    assert ab._bounds_window(t, setting) is None


def test_fail_hard_with_the_bounds_as_window_loses_the_line_at_a_bound() -> None:
    """Why the bounds-window claim is made for fail-soft: fail-hard returns the bound alone."""
    t = Node.by_depth([[2]])
    _, wrong = alphabeta_reads(t, Setting("reals", 0, 2), "bounds", fail_soft=True)
    assert wrong is None
    assert alphabeta(t, 0, 2).principal_variation != minimax(t).principal_variation


RUNS = [(3, 3, False)]


def test_the_checks_on_the_smallest_trees() -> None:
    """Every tree of <= 2 leaves (the decision, each verdict certified) and of <= 3
    (alpha-beta), players in turn."""
    results = [
        ab._on_grids(
            UNLIMITED, DECISION, ab._decision_problem, runs=[(2, 3, False)], settings=SETTINGS
        ),
        ab._on_grids(UNLIMITED, FULL_WINDOW, ab._full_window, runs=RUNS, settings=UNBOUNDED),
        ab._on_grids(UNLIMITED, BOUNDS_WINDOW, ab._bounds_window, runs=RUNS, settings=BOUNDED),
    ]
    for r in results:
        assert (r.outcome, r.agrees) == ("proved", True), r
    refuted = ab._on_grids(
        UNLIMITED,
        FULL_WINDOW_BOUNDED,
        ab._full_window,
        runs=[(3, 3, False)],
        settings=BOUNDED,
        expected="fails",
    )
    assert (refuted.outcome, refuted.agrees) == ("failed", True)
    assert refuted.counterexample is not None
    assert refuted.counterexample.tree == stored_counterexamples()[0].tree


def test_the_stored_counterexamples_replay() -> None:
    stored = stored_counterexamples()
    assert {c.setting for c in stored} == set(BOUNDED)
    for c in stored:
        assert replay(c) is None, c.name


def test_a_replay_catches_a_tree_that_is_not_a_counterexample() -> None:
    c = stored_counterexamples()[0]
    assert replay(attrs.evolve(c, tree=Node.by_depth([1, 0]))) is not None
    assert replay(attrs.evolve(c, setting=Setting("reals"))) is not None


def test_the_theorem_check_runs_within_a_budget_and_agrees() -> None:
    results = ab.check(Scope(Budget(2)))
    assert all(r.theorem == "alphabeta-optimality" and r.agrees is not False for r in results), (
        results
    )
    assert {r.outcome for r in results if r.method == "witness"} == {"failed"}


# --- seeded flaws ------------------------------------------------------------------------


def no_room_window(w: tuple[Scalar | None, Scalar | None]) -> bool:
    """The flaw the issue suspected: an integer window (a, a + 1) taken as closed."""
    a, b = w
    return a is None or b is None or a + 1 < b


def test_the_decision_check_catches_a_window_taken_as_closed_with_no_room_inside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ab, "_open", no_room_window)
    r = ab._on_grids(
        UNLIMITED, DECISION, ab._decision_problem, runs=[(2, 3, False)], settings=SETTINGS
    )
    assert r.outcome == "failed"
    assert r.counterexample is not None
    assert "the window says False, z3 (line) True" in r.counterexample.note


def test_the_decision_refuses_a_witness_outside_the_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ignoring the bounds (alpha-beta's full-window rule) asks for a value above hi."""
    window = ab.window
    monkeypatch.setattr(ab, "window", lambda c, s: window(c, Setting(s.domain)))
    with pytest.raises(AssertionError, match="leaves reals in"):
        decide_minimax(Node.by_depth([2, 0]), (1,), Setting("reals", 0, 2))


def shallow_only(t: Tree, alpha: object, beta: object, **kwargs: object) -> SearchResult[Scalar]:
    """Knuth and Moore's F1: alpha-beta without deep cut-offs (a node sees its parent's bound
    only). Its value and line are minimax's; only its reads differ."""
    read: list[Path] = []

    def f1(x: Tree, path: Path, bound: Scalar | None) -> Scalar:
        if isinstance(x, Leaf):
            read.append(path)
            assert not isinstance(x.value, tuple)
            return x.value
        assert isinstance(x, Node)
        best: Scalar | None = None
        better: Callable[[Scalar, Scalar], bool] = (
            (lambda a, b: a > b) if x.to_move == 0 else (lambda a, b: a < b)
        )
        for i, c in enumerate(x.children):
            v = f1(c, (*path, i), best)
            if best is None or better(v, best):
                best = v
            if bound is not None and not better(bound, best):
                break
        assert best is not None
        return best

    f1(t, (), None)
    s = minimax(t)
    return SearchResult(s.value, s.principal_variation, 0, len(read), tuple(read))


def test_the_full_window_check_catches_alphabeta_without_deep_cutoffs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ab, "alphabeta", shallow_only)
    r = ab._on_grids(
        UNLIMITED, FULL_WINDOW, ab._full_window, runs=[(3, 4, False)], settings=UNBOUNDED
    )
    assert r.outcome == "failed"
    assert r.counterexample is not None
    assert "which no directional algorithm needs" in r.counterexample.note


def test_the_bounds_window_check_catches_a_search_that_ignores_the_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ab, "alphabeta", lambda t, _a, _b, **kw: alphabeta(t, **kw))
    r = ab._on_grids(
        UNLIMITED, BOUNDS_WINDOW, ab._bounds_window, runs=[(2, 3, False)], settings=BOUNDED
    )
    assert r.outcome == "failed"
    assert r.counterexample is not None
    assert r.counterexample.note.startswith("reads [1], which no directional algorithm needs")
