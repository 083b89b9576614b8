"""The gate's window check (``--window-leaves``): the proved window theorem held against an engine.

Three engines, each impl's fail-hard alpha-beta with one thing changed, run in this process:
impl's own; one that reads the children right to left (an order of its own that no window
changes, so the theorem holds of it, while ``--strict-order`` fails it); and one that reads one
leaf more only when both sides of the window are finite (the leftmost leaf impl skips there),
its value right. Generated trees only, with a small budget: the vectors would add minutes.
"""

from collections.abc import Callable
from typing import Any

import pytest

from gametree import spec
from gametree.conform import window_leaves
from gametree.conform.builtin import answer
from gametree.conform.codec import Case
from gametree.conform.gate import GateOptions, Report, run_gate
from gametree.conform.semantics import Checks
from gametree.conform.targets import CallableTarget, Reply
from gametree.proofs.theorems import window
from gametree.spec import Node, Path, Tree
from gametree.treefile import document_json, read_tree_json

Engine = Callable[[dict[str, Any]], dict[str, Any]]
SEMANTICS = "alphabeta-fail-hard"


def impls(request: dict[str, Any]) -> dict[str, Any]:
    """impl's fail-hard alpha-beta."""
    return answer(SEMANTICS, request)


def mirrored(t: Tree) -> Tree:
    """``t`` with every node's children in reverse order."""
    if not isinstance(t, Node):
        return t
    return Node(t.to_move, [mirrored(c) for c in reversed(t.children)])


def right_to_left(request: dict[str, Any]) -> dict[str, Any]:
    """impl's alpha-beta reading each node's children right to left; its leaves as read."""
    doc = read_tree_json(request["tree"])
    r = answer(SEMANTICS, {**request, "tree": document_json(mirrored(doc.tree), doc.declared)})

    def back(path: list[int]) -> list[int]:
        out, n = [], doc.tree
        for i in path:
            assert isinstance(n, Node)
            out.append(len(n.children) - 1 - i)
            n = n.children[out[-1]]
        return out

    read = r.get("trace", [])
    assert isinstance(read, list)
    return {"value": r["value"], "trace": [back(p) for p in read]}


def extra_leaf_when_bounded(request: dict[str, Any]) -> dict[str, Any]:
    """impl's alpha-beta, reading also the leftmost leaf it skips when both window sides are
    finite (in its place, left to right): the value is right, a cut-off is not taken."""
    r = answer(SEMANTICS, request)
    read = r.get("trace")
    if request.get("alpha") is None or request.get("beta") is None or not isinstance(read, list):
        return r
    every = [list(p) for p, _ in spec.iter_leaves(read_tree_json(request["tree"]).tree)]
    skipped = [p for p in every if p not in read]
    if skipped:
        r["trace"] = sorted([*read, skipped[0]], key=every.index)
    return r


def gate(engine: Engine, checks: Checks, budget: int = 60) -> Report:
    """The gate on ``engine`` over generated trees only."""
    target = CallableTarget(engine, timeout=60)
    try:
        options = GateOptions(SEMANTICS, checks, budget=budget, vectors=False)
        return run_gate(target, engine.__name__, options)
    finally:
        target.close()


WINDOW_LEAVES = Checks(window_leaves=True)


@pytest.mark.slow
@pytest.mark.parametrize("engine", [impls, right_to_left])
def test_an_engine_that_meets_the_theorem_passes_the_window_check(engine: Engine) -> None:
    report = gate(engine, WINDOW_LEAVES)
    assert report.passed, report.text()
    windowed = [o for o in report.outcomes if o.case.alpha is not None or o.case.beta is not None]
    assert len(windowed) >= 10  # the check was asked: cases with a window among those passed


def test_the_window_check_holds_an_engine_to_itself_not_to_impls_order() -> None:
    report = gate(right_to_left, Checks(strict_order=True))
    assert not report.passed
    assert report.shrunk[0].minimal.problems[0].startswith("trace:")


@pytest.mark.slow
def test_an_extra_leaf_read_only_under_a_narrow_window_is_caught_with_both_windows_leaves() -> None:
    report = gate(extra_leaf_when_bounded, WINDOW_LEAVES)
    assert not report.passed
    m = report.shrunk[0].minimal
    assert m.case.alpha is not None
    assert m.case.beta is not None
    problem = m.problems[0]
    assert problem.startswith("leaves over a narrower window: over (")
    assert "not a subsequence of what it read over" in problem
    assert window_leaves.CLAIM in problem
    assert problem in report.text()  # the minimal case shows both windows' leaves


@pytest.mark.slow
def test_without_the_check_the_extra_leaf_passes_and_strict_order_catches_it() -> None:
    assert gate(extra_leaf_when_bounded, Checks()).passed
    strict = gate(extra_leaf_when_bounded, Checks(strict_order=True))
    assert not strict.passed
    assert strict.shrunk[0].minimal.problems[0].startswith("trace:")


def test_the_check_names_a_proved_claim_and_the_semantics_it_is_proved_for() -> None:
    assert window_leaves.CLAIM in {c.name for c in window.CLAIMS}
    proved_for = {"alphabeta-fail-hard", "alphabeta-fail-soft", "negamax-alphabeta-fail-hard",
                  "negamax-alphabeta-fail-soft"}  # fmt: skip
    assert proved_for == window_leaves.SEMANTICS


def replies(traces: dict[tuple[object, object], object]) -> Callable[[Case], Reply]:
    """A target that answers each window with the reply ``traces`` holds for it."""
    return lambda c: Reply("answer", traces[c.alpha, c.beta])


T = Node.by_depth([[3, 1], [2, 7]])
READ_WIDE: list[Path] = [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_a_wider_windows_reply_without_leaves_is_named() -> None:
    case = Case(SEMANTICS, T, alpha=5)
    ask = replies({(None, None): {"value": 3}})
    found = window_leaves.problems(case, {"value": 5, "trace": [[0, 0], [1, 0]]}, ask)
    no_leaves = "its reply has no list 'trace' (--window-leaves asks for the leaves)"
    assert found == [f"leaves over a wider window: asked over (-inf, inf), {no_leaves}"]


def test_not_a_prefix_passes_and_every_nested_pair_is_compared() -> None:
    wide = {"value": 3, "trace": [list(p) for p in READ_WIDE]}
    narrow = {"value": 5, "trace": [[0, 0], [1, 0]]}  # the proofs' NOT_A_PREFIX, over (5, inf)
    assert window_leaves.problems(Case(SEMANTICS, T, alpha=5), narrow, replies({
        (None, None): wide})) == []  # fmt: skip
    one_sided = {"value": 3, "trace": [[0, 1]]}  # (5, 9) is inside (None, 9): compared too
    found = window_leaves.problems(Case(SEMANTICS, T, alpha=5, beta=9), narrow, replies({
        (None, 9): one_sided, (5, None): narrow, (None, None): wide}))  # fmt: skip
    assert len(found) == 1
    assert "over (5, 9) the target read [[0, 0], [1, 0]]" in found[0]
    assert "what it read over (-inf, 9), [[0, 1]]" in found[0]
    assert window_leaves.problems(Case("pvs", T, alpha=5), narrow, replies({})) == []
    assert window_leaves.problems(Case(SEMANTICS, T), narrow, replies({})) == []
