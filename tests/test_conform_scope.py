"""The gate's scope: flags earned by content, the tiers, the deep-pruning traps, coverage, skips.

Each flag's threshold is checked on both sides; each tier is checked to stay within its cap
and the reader's limits and to earn its flag; each trap to be one; and the gate end to end: a
skipped flag is never asked (vectors, generated and shrunk cases alike), the report says what
it covered, and a large failing case is summarised in the text and written in full to a file.
"""

import json
import random
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree._json import MAX_NUMBER_LENGTH, loads
from gametree.conform.codec import Case, case_from_request, request
from gametree.conform.draws import schedule
from gametree.conform.edge_trees import TRAPS, scalar_edge_trees, vector_edge_trees
from gametree.conform.gate import GateOptions, Report, run_gate
from gametree.conform.junit import junit_xml
from gametree.conform.scope import (
    CONTENT_FLAGS,
    SCOPES,
    TIER_FLAGS,
    Tier,
    case_flags,
    content_flags,
    magnitude_text,
)
from gametree.conform.semantics import SEMANTICS, Checks
from gametree.conform.shrink import shrink
from gametree.conform.targets import CallableTarget
from gametree.conform.tiers import BUILDERS, READER_LIMIT, TRAP_BOUNDS, Ask, trap
from gametree.conform.traps import deep_at
from gametree.conform.vectors import NOTES, is_by_depth, vector_cases
from gametree.impl import shallow
from gametree.spec import Bounds, Leaf, Node, Scalar, Tree, iter_leaves, maxn
from gametree.spec.strategies import vector_trees
from gametree.treefile import dumps, read_tree_json

ROOT = Path(__file__).resolve().parent.parent


def _pair(x: Scalar) -> Node:
    return Node(0, [x, 0])


@pytest.mark.parametrize(
    ("flag", "below", "at"),
    [
        ("Sentinel", 998, 999),
        ("Int16", 2**15 - 1, 2**15),
        ("Int32", 2**31 - 1, 2**31),
        ("Float64", 2**53, 2**53 + 1),
        ("Int64", 2**63 - 1, 2**63),
        ("BigInteger", 2**127 - 1, 2**127),
    ],
)
def test_a_magnitude_flag_is_earned_just_past_its_type(flag: str, below: int, at: int) -> None:
    for sign in (1, -1):
        assert flag not in content_flags(_pair(sign * below))
        assert flag in content_flags(_pair(sign * at))
        assert flag in content_flags(Leaf(0), [sign * at])  # a window or bound counts too


def test_the_shape_flags_are_earned_at_their_thresholds() -> None:
    def chain(height: int) -> Tree:
        t: Tree = Leaf(0)
        for d in range(height - 1, -1, -1):
            t = Node(d % 2, [t])
        return t

    assert "Wide" not in content_flags(Node(0, list(range(16))))
    assert "Wide" in content_flags(Node(0, list(range(17))))
    assert "Tall" not in content_flags(chain(5))
    assert "Tall" in content_flags(chain(6))
    assert "Deep" not in content_flags(chain(399))
    assert {"Deep", "Tall"} <= set(content_flags(chain(400)))
    four, five = (0, 0, 0, 1), (0, 0, 0, 0, 1)
    assert "ManyPlayers" not in content_flags(Node(0, [four]))
    assert "ManyPlayers" in content_flags(Node(0, [five]))
    assert "TinyFraction" not in content_flags(_pair(Fraction(1, 10**9 - 1)))
    assert {"Fraction", "TinyFraction"} <= set(content_flags(Node(0, [Fraction(1, 10**9)])))
    s = Node(1, [1, 2])
    assert "RepeatedSubtree" in content_flags(Node(0, [s, s]))
    assert "RepeatedSubtree" not in content_flags(Node(0, [s, Node(1, [2, 1])]))
    assert "RepeatedSubtree" not in content_flags(Node(0, [Node(1, [1]), Node(1, [1])]))
    assert "NotByDepth" in content_flags(Node(1, [1]))


@pytest.mark.slow
def test_every_flag_is_explained_in_the_notes_and_the_docs() -> None:
    docs = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    for flag in {*CONTENT_FLAGS, *(f for fs in TIER_FLAGS.values() for f in fs), "BufferSize"}:
        assert flag in NOTES, flag
        assert f"| `{flag}` |" in docs, flag
    for sem in SEMANTICS:
        for vc in vector_cases(sem):
            assert set(vc.flags) <= set(NOTES), (sem, vc.comment)


def test_magnitudes_are_named_so_a_reader_can_take_them_in() -> None:
    assert magnitude_text(2**31) == "2147483648 (2^31)"
    assert magnitude_text(2**63 - 1) == "9223372036854775807 (2^63 - 1)"
    assert magnitude_text(1000) == "1000"
    assert magnitude_text(10**30) == "a 31-digit integer"


def _numbers(t: Tree) -> list[Any]:
    out: list[Any] = []
    for _, leaf in iter_leaves(t):
        v = leaf.value
        out.extend(v if isinstance(v, tuple) else (v,))
    return out


def _fits(x: Any) -> bool:
    text = str(x) if not isinstance(x, Fraction) else f"{x.numerator}/{x.denominator}"
    return len(text) <= MAX_NUMBER_LENGTH


TIER_NAMES: list[Tier] = sorted(BUILDERS)
VECTORS_ONLY = {"many", "tight"}
"""The tiers of N-player semantics only."""


@pytest.mark.slow
@given(
    tier=st.sampled_from(TIER_NAMES),
    seed=st.integers(0, 2**64 - 1),
    vector=st.booleans(),
    window=st.booleans(),
    scope=st.sampled_from(["default", "large"]),
)
def test_every_tier_stays_within_its_cap_and_the_readers_limits(
    tier: Tier, seed: int, vector: bool, window: bool, scope: str
) -> None:
    if tier in VECTORS_ONLY and not vector:
        return
    s = SCOPES[scope]
    drawn = BUILDERS[tier](random.Random(seed), Ask(vector, window and not vector, s))
    t = drawn.tree
    assert t.size <= s.max_nodes
    assert t.vector == vector
    numbers = _numbers(t) + [x for x in (drawn.alpha, drawn.beta) if x is not None]
    if drawn.bounds is not None:
        numbers += [drawn.bounds.lower, drawn.bounds.total]
    assert all(_fits(x) for x in numbers)
    assert all(abs(x) <= READER_LIMIT for x in numbers)
    if drawn.alpha is not None and drawn.beta is not None:
        assert drawn.alpha < drawn.beta
    if vector:
        assert drawn.bounds is not None  # and every leaf is within them: Case checks below
        case = Case("shallow", t, drawn.bounds)
        assert shallow(t, drawn.bounds).value == maxn(t).value
        read_tree_json(json.loads(json.dumps(request(case, trace=False)["tree"])))
    flags = set(content_flags(t))
    if tier in {"tall", "many"}:
        assert set(TIER_FLAGS[tier]) <= flags
    if tier == "many":
        assert 5 <= t.players <= s.max_players


@given(seed=st.integers(0, 2**64 - 1), vector=st.booleans())
def test_a_tier_asked_by_depth_or_with_flags_skipped_keeps_to_it(seed: int, vector: bool) -> None:
    skip = frozenset({"Float64", "Int64", "BigInteger", "TinyFraction", "NotByDepth"})
    for tier in TIER_NAMES:
        if tier in VECTORS_ONLY and not vector:
            continue
        ask = Ask(vector, not vector, SCOPES["default"], skip=skip, by_depth=True)
        drawn = BUILDERS[tier](random.Random(seed), ask)
        assert is_by_depth(drawn.tree), tier
        if tier == "magnitude":
            case = Case("maxn" if vector else "alphabeta-fail-soft", drawn.tree, drawn.bounds,
                        drawn.alpha, drawn.beta)  # fmt: skip
            assert not set(case_flags(case)) & skip


@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_a_constructed_trap_is_one_at_its_distance_and_not_at_the_parent(players: int) -> None:
    for distance in range(2, 12):
        if distance % players == 0:
            continue
        for seed in range(3):
            t = trap(random.Random(seed), players, distance, height=max(6, distance + 1 + seed))
            value = maxn(t).value
            assert deep_at(t, TRAP_BOUNDS, distance) != value, (players, distance, seed)
            assert deep_at(t, TRAP_BOUNDS, 1) == value == shallow(t, TRAP_BOUNDS).value
            assert is_by_depth(t)


def test_the_stored_traps_cover_every_distance_that_can_prune() -> None:
    found = {(Node.by_depth(nested).players, d) for d, nested in TRAPS}
    assert found == {(3, 2), (3, 4), (3, 5), (4, 2), (4, 3), (4, 5), (5, 4)}


@given(vector_trees(players=3, max_depth=4, bounds=Bounds(0, 9), exact_total=True, ties=True))
def test_deep_pruning_from_the_parent_is_shallow_pruning(t: Tree) -> None:
    assert deep_at(t, Bounds(0, 9), 1) == shallow(t, Bounds(0, 9)).value


def test_the_edge_vectors_reach_every_edge() -> None:
    """Every edge but scale: a vector of 65,536 nodes would cost megabytes in every file, so
    the scale cases are generated (tests/test_conform_scale.py)."""
    scalars = [t for *_, t in scalar_edge_trees()]
    vectors = [t for *_, t, _ in vector_edge_trees()]
    flags = {f for t in scalars + vectors for f in content_flags(t)}
    assert set(CONTENT_FLAGS) - {"Deep", "NotByDepth", "ManyNodes"} <= flags
    widths = {len(t.children) for t in scalars if isinstance(t, Node)}
    assert {4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 256, 257} <= widths
    assert max(t.players for t in vectors) == 8


@pytest.mark.parametrize("semantics", ["alphabeta-fail-hard", "shallow", "paranoid"])
def test_the_schedule_splits_the_budget_by_weight(semantics: str) -> None:
    small, tail, steered = schedule(GateOptions(semantics, budget=200))
    assert small + len(tail) + steered == 200
    weights = SCOPES["default"].weights
    total = sum(w for t, w in weights.items() if t != "many" or semantics != "alphabeta-fail-hard")
    for tier, weight in weights.items():
        if tier not in {"small", "steered"} and (
            tier != "many" or semantics != "alphabeta-fail-hard"
        ):
            assert tail.count(tier) == 200 * weight // total
    assert steered == 200 * weights["steered"] // total
    assert small >= 200 * weights["small"] // total
    _, skipping, _ = schedule(GateOptions(semantics, budget=200, skip_flags=frozenset({"Wide"})))
    assert "wide" not in skipping
    assert schedule(GateOptions(semantics, budget=200, scope="small")) == (200, [], 0)
    small, tail, steered = schedule(GateOptions("game-negamax", budget=50))
    assert (tail, small + steered) == ([], 50)
    assert steered > 0


def test_a_wide_node_shrinks_in_a_few_dozen_attempts() -> None:
    calls = 0
    narrowest = 257
    reached: dict[int, int] = {}

    def fails(c: Case) -> bool:
        nonlocal calls, narrowest
        calls += 1
        width = len(c.tree.children) if isinstance(c.tree, Node) else 0
        if width > 16 and width < narrowest:
            narrowest = width
            reached[width] = calls
        return width > 16

    big = Case("minimax", Node(0, list(range(257))))
    small, _ = shrink(big, fails, by_depth=True, budget=500)
    assert isinstance(small.tree, Node)
    assert len(small.tree.children) == 17
    assert reached[17] < 50  # one child at a time, with a hoist tried for each, took thousands


def _refusing(limit: int) -> Any:
    """A minimax target that refuses (with an error) any tree with a node wider than ``limit``
    or a number beyond 2^53: what a limited engine declares with --skip-flag."""
    from gametree import spec

    def target(request: dict[str, Any]) -> dict[str, Any]:
        t = read_tree_json(request["tree"]).tree
        shape = [len(n.children) for _, n in spec.tree.preorder(t) if isinstance(n, Node)]
        if max(shape, default=0) > limit or any(abs(x) > 2**53 for x in _numbers(t)):
            return {"error": "too wide or too large for this engine"}
        return {"value": _json(spec.minimax(t).value)}

    return target


def _json(v: Any) -> Any:
    return v if isinstance(v, int) else f"{v.numerator}/{v.denominator}"


@pytest.mark.slow
def test_a_skipped_flag_is_never_asked_in_any_phase() -> None:
    target = CallableTarget(_refusing(16), timeout=60)
    try:
        failing = run_gate(target, "limited", GateOptions("minimax", budget=200))
        skip = frozenset({"Wide", "Float64", "Int64", "BigInteger"})
        passing = run_gate(target, "limited", GateOptions("minimax", budget=200, skip_flags=skip))
    finally:
        target.close()
    assert not failing.passed
    assert passing.passed, passing.text()[-2000:]
    asked = [o for o in passing.outcomes if o.kind != "skipped"]
    assert all(not set(case_flags(o.case)) & skip for o in asked)
    assert passing.coverage["generated"].cases > 150
    assert passing.coverage["generated"].branching <= 16


@pytest.mark.slow
def test_the_report_says_what_each_phase_covered(tmp_path: Path) -> None:
    from gametree.impl import alphabeta

    def correct(request: dict[str, Any]) -> dict[str, Any]:
        case = case_from_request("alphabeta-fail-soft", request)
        from gametree.impl import BOTTOM, TOP

        r = alphabeta(case.tree, BOTTOM if case.alpha is None else case.alpha,
                      TOP if case.beta is None else case.beta, fail_soft=True)  # fmt: skip
        return {"value": _json(r.value)}

    target = CallableTarget(correct, timeout=60)
    try:
        wide = run_gate(target, "ab", GateOptions("alphabeta-fail-soft", budget=200,
                                                  skip_flags=frozenset({"Deep"})))  # fmt: skip
        small = run_gate(target, "ab", GateOptions("alphabeta-fail-soft", budget=100,
                                                   scope="small", vectors=False))  # fmt: skip
    finally:
        target.close()
    assert wide.passed
    assert small.passed
    v, g = wide.coverage["vectors"], wide.coverage["generated"]
    assert (v.branching, v.magnitude) == (257, READER_LIMIT)
    assert g.branching > 16
    assert g.height >= 6
    assert g.magnitude > 2**31
    s = small.coverage["generated"]
    assert small.coverage["vectors"].cases == 0
    assert s.branching <= 3
    assert s.height <= 4
    assert s.players == 2
    assert s.magnitude <= 11  # values in -9..9, windows in -10..10 (one end moved by 1)
    assert s.nodes <= 121
    report = wide.json()
    coverage: Any = report["coverage"]
    assert coverage["vectors"]["max_branching"] == 257
    assert coverage["all"]["max_magnitude"] == str(READER_LIMIT)
    assert "covered by the generated: " in wide.text()
    suites = ET.fromstring(junit_xml(wide)).findall("testsuite")
    props = {p.get("name"): p.get("value") for p in suites[0].iter("property")}
    assert props["coverage.max_branching"] == "257"


def test_a_large_failing_case_is_summarised_and_written_whole(tmp_path: Path) -> None:
    def wrong_on_wide(request: dict[str, Any]) -> dict[str, Any]:
        from gametree import spec

        t = read_tree_json(request["tree"]).tree
        v = spec.minimax(t).value
        return {"value": _json(v + 1) if t.size > 300 else _json(v)}

    target = CallableTarget(wrong_on_wide, timeout=60)
    try:
        report = _with_case(target, Case("minimax", Node(0, list(range(400)))))
    finally:
        target.close()
    report.save_cases(tmp_path)
    text = report.text()
    assert max(len(line) for line in text.splitlines()) < 1200
    (saved,) = report.saved.values()
    assert str(saved) in text
    doc = loads(saved.read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    req = doc["request"]
    assert isinstance(req, dict)
    back = case_from_request("minimax", req)
    assert dumps(back.tree) == dumps(report.shrunk[0].minimal.case.tree)


def _with_case(target: CallableTarget, case: Case) -> Report:
    """A report whose only failure and minimal case is ``case``, as the gate evaluates it."""
    from gametree.conform import gate
    from gametree.conform.run import evaluate

    options = GateOptions("minimax", checks=Checks(), budget=0)
    report = Report("wrong", "minimax", options)
    kind, problems, response, seconds, e = evaluate(target, case, options.checks)
    o = gate.Outcome("tcId 1", "vectors", case, kind, problems, e, response, seconds)
    report.outcomes.append(o)
    report.shrunk.append(gate.Shrunk(o, o, 0))
    return report
