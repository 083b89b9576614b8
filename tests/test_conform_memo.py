"""The gate's memos of a case's answers and behaviours (``gametree.conform.kept.Memo``): a
memoised answer is the fresh one, and a case that differs in one leaf, its window or its bounds
never gets another case's answer."""

import subprocess
import sys
from pathlib import Path

import pytest

from gametree.conform import observe as observing
from gametree.conform.codec import Case
from gametree.conform.semantics import ANSWERS, SEMANTICS, expected
from gametree.conform.vectors import vector_cases
from gametree.spec import Bounds, Node

CLAIMS = ["alphabeta-fail-hard", "negamax-alphabeta-fail-soft", "shallow", "mtdf", "optimal",
          "paranoid", "star1", "game-negamax"]  # fmt: skip


@pytest.mark.parametrize("semantics", CLAIMS)
def test_a_memoised_answer_is_the_fresh_one(semantics: str) -> None:
    """Every vector of the semantics up to 200 nodes, asked twice through the memos, as worked
    out afresh."""
    cases = [vc.case for vc in vector_cases(semantics) if vc.case.tree.size <= 200]
    assert len(cases) >= 10
    first = [expected(c) for c in cases]
    shown = [observing.observe(c) for c in cases]
    for c, e, s in zip(cases, first, shown, strict=True):
        fresh = SEMANTICS[c.semantics].answers(c)
        assert expected(c) == e == fresh
        assert observing.observe(c) == s == observing._observe(c, None, None)


def _differ(a: Case, b: Case) -> None:
    """``a`` and ``b`` have different answers, and the memo, asked both in turn, keeps them so."""
    fresh_a = SEMANTICS[a.semantics].answers(a)
    fresh_b = SEMANTICS[b.semantics].answers(b)
    assert fresh_a != fresh_b  # the pair is a real test of the key
    for _ in range(2):
        assert expected(a) == fresh_a
        assert expected(b) == fresh_b


def test_two_cases_equal_but_for_one_leaf_get_their_own_answers() -> None:
    a = Case("alphabeta-fail-hard", Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    b = Case("alphabeta-fail-hard", Node.by_depth([[4, 12, 8], [2, 4, 6], [14, 5, 2]]))
    _differ(a, b)


def test_two_cases_equal_but_for_the_window_get_their_own_answers() -> None:
    t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    _differ(Case("alphabeta-fail-soft", t, alpha=0, beta=10),
            Case("alphabeta-fail-soft", t, alpha=4, beta=10))  # fmt: skip


def test_two_cases_equal_but_for_the_declared_bounds_get_their_own_answers() -> None:
    """Korf's shallow pruning cuts the last leaf under a sum of 9, not under 12 (Korf 1989, 3.2)."""
    t = Node(0, [Node(1, [(6, 3, 0), (3, 3, 3)]), Node(1, [(3, 4, 2), (2, 6, 1)])])
    _differ(Case("shallow", t, bounds=Bounds(0, 9)), Case("shallow", t, bounds=Bounds(0, 12)))


def test_equal_content_is_one_entry_whatever_the_objects() -> None:
    """Keyed by content: a case built again from the same values finds the kept answer."""
    ANSWERS.clear()
    a = Case("minimax", Node.by_depth([[3, 12], [2, 4]]))
    again = Case("minimax", Node.by_depth([[3, 12], [2, 4]]))
    assert a is not again
    e = expected(a)
    assert expected(again) is e
    assert len(ANSWERS._kept) == 1


def test_a_kept_scale_case_is_the_fresh_one_and_each_draw_keeps_its_own() -> None:
    """``scale.BUILT``: the scale cases asked again are the same objects, equal to the ones
    built afresh; another seed, the full window, ``Deep`` skipped or another semantics each
    get their own cases."""
    from gametree.conform.scale import BUILT, scale_cases
    from gametree.conform.scope import SCOPES

    def drawn(semantics: str = "alphabeta-fail-soft", seed: int = 0, *, skip: frozenset[str]
              = frozenset(), windowless: bool = False) -> list[tuple[str, Case]]:  # fmt: skip
        return list(scale_cases(semantics, SCOPES["default"], count=3, seed=seed, skip=skip,
                                windowless=windowless))  # fmt: skip

    BUILT.clear()
    first = drawn()
    again = drawn()
    assert all(a[1] is b[1] for a, b in zip(first, again, strict=True))
    BUILT.clear()
    assert drawn() == first
    others = [drawn(seed=1), drawn(windowless=True), drawn(skip=frozenset({"Deep"})),
              drawn("alphabeta-fail-hard")]  # fmt: skip
    for other in others:
        assert other != first
    assert drawn() == first


@pytest.mark.parametrize("semantics", CLAIMS)
def test_a_memoised_shape_is_the_fresh_one(semantics: str) -> None:
    """``scope.SHAPES``: the shape the flags, the coverage and the observation read, asked
    twice, is the one measured afresh."""
    from gametree.conform.scope import Shape, case_numbers, case_shape

    cases = [vc.case for vc in vector_cases(semantics)]
    first = [case_shape(c) for c in cases]
    for c, s in zip(cases, first, strict=True):
        fresh = Shape.of(c.tree, case_numbers(c))
        assert case_shape(c) is s
        assert s == fresh


def _shapes_differ(a: Case, b: Case, behaviour: str) -> None:
    """``a`` shows ``behaviour`` and ``b`` does not, asked in turn through the memos."""
    from gametree.conform.scope import SHAPES

    SHAPES.clear()
    observing.SHOWN.clear()
    for _ in range(2):
        assert behaviour in observing.observe(a)
        assert behaviour not in observing.observe(b)


def test_two_cases_equal_but_for_one_leaf_get_their_own_shapes() -> None:
    a = Case("alphabeta-fail-hard", Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2000]]))
    b = Case("alphabeta-fail-hard", Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    _shapes_differ(a, b, "values-large")


def test_two_cases_equal_but_for_the_window_get_their_own_shapes() -> None:
    t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    _shapes_differ(Case("alphabeta-fail-soft", t, alpha=-2000, beta=10),
                   Case("alphabeta-fail-soft", t, alpha=0, beta=10), "values-large")  # fmt: skip


def test_two_cases_equal_but_for_the_declared_bounds_get_their_own_shapes() -> None:
    t = Node(0, [Node(1, [(6, 3, 0), (3, 3, 3)]), Node(1, [(3, 4, 2), (2, 6, 1)])])
    _shapes_differ(Case("shallow", t, bounds=Bounds(0, 9000)),
                   Case("shallow", t, bounds=Bounds(0, 9)), "values-large")  # fmt: skip


def test_a_large_tree_text_is_kept_by_identity_and_is_the_fresh_one() -> None:
    """``kept.per_tree`` (the request text of a tree of 10^3 nodes or more): the same string
    for the same tree object, written afresh for an equal tree built again."""
    from gametree.conform.codec import tree_text
    from gametree.treefile import dumps

    def tree(first: int) -> Node:
        return Node.by_depth([[first, *range(40)] for _ in range(40)])

    t = tree(0)
    assert t.size >= 1_000
    text = tree_text(t)
    assert tree_text(t) is text
    assert text == dumps(t)
    again = tree(0)
    assert tree_text(again) == text
    assert tree_text(again) is not text
    assert tree_text(tree(1)) == dumps(tree(1)) != text


RARE_IN_A_RUN = """
import gc

from gametree.conform.builtin import answer
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.kept import FULL_COLLECTION_AFTER
from gametree.conform.targets import CallableTarget

seen = []


def search(request):
    seen.append(gc.get_threshold()[2])
    return answer("minimax", request)


before = gc.get_threshold()
assert before[2] < FULL_COLLECTION_AFTER, before
report = run_gate(CallableTarget(search, timeout=60), "minimax", GateOptions("minimax", budget=0))
assert report.passed
assert len(seen) >= 10, seen
assert set(seen) == {FULL_COLLECTION_AFTER}, set(seen)
assert gc.get_threshold() == before, gc.get_threshold()
print("ok")
"""


def test_a_gate_run_makes_full_collections_rare_and_restores_the_threshold() -> None:
    """``kept.rare_full_collections``: every ask of a run sees the raised threshold, and the
    process's own is back once the run ends. In a Python of its own, whose threshold is
    CPython's: the test processes hold the raised one for the whole session (tests/conftest.py)."""
    done = subprocess.run(
        [sys.executable, "-c", RARE_IN_A_RUN],
        cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True,
        timeout=600, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stdout.strip()) == (0, "ok"), done.stderr[-2000:]
