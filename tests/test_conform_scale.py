"""The gate's scale cases (gametree.conform.scale) and what keeps them cheap.

The trees without cut-offs are checked against impl on small shapes drawn by Hypothesis (every
leaf read, under every window that holds -9..9); every semantics gets scale cases whose
reference search visits what the scope asks, earning ``ManyNodes`` and no magnitude flag; the
layered games have more states than a table of 4,096 entries holds; the gate asks the scale
cases last and reports the most visits; and the costs of a big case are paid once: its text
and shape are kept, the reply is parsed without a Python call per number, its nesting
counted without a walk over its values.
"""

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import impl
from gametree._json import MAX_NUMBER_LENGTH, Invalid, JSONSyntaxError, loads
from gametree.conform import scope
from gametree.conform.builtin import answer as builtin
from gametree.conform.chance_cases import leaf_bounds
from gametree.conform.codec import Case, game_case, tree_text
from gametree.conform.games import MAX_STATES
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.kept import per_tree
from gametree.conform.scale import (
    DEEP,
    GAME_STATES,
    SHAPES,
    TALL,
    Pieces,
    layered_game,
    no_cut_places,
    scalar_leaves,
    scale_case,
    scale_cases,
    scale_count,
)
from gametree.conform.scope import MAGNITUDE_FLAGS, MANY_STATES, SCOPES, case_flags
from gametree.conform.semantics import SEMANTICS, Checks, expected
from gametree.conform.targets import CallableTarget
from gametree.conform.vectors import is_by_depth, vector_cases
from gametree.spec import Leaf, Node, Tree
from gametree.treefile import dumps, read_tree_text


@settings(max_examples=60, deadline=None)
@given(st.data(), st.integers(1, 7), st.integers(0, 2**32))
def test_alphabeta_cuts_nothing_off_below_any_window_that_holds_the_values(
    data: st.DataObject, height: int, seed: int
) -> None:
    rng = random.Random(seed)
    unit = data.draw(st.booleans(), label="unit")
    pieces = Pieces(rng, 2, lambda p: p == 0, scalar_leaves(unit=unit))
    t = pieces.get(height, data.draw(st.sampled_from(["low", "high"])), 0)
    ends = data.draw(st.sampled_from([(None, None), (-10, 10), (None, 10), (-10, None)]))
    lo = impl.BOTTOM if ends[0] is None else ends[0]
    hi = impl.TOP if ends[1] is None else ends[1]
    for search in (impl.alphabeta, impl.negamax_alphabeta):
        r = search(t, lo, hi, trace=True)
        assert r.nodes_visited == t.size
    if unit:  # the null windows around 0 cut nothing off either: PVS reads every leaf
        assert impl.pvs(t, lo, hi).leaves_evaluated >= t.leaf_count


def test_the_places_of_a_node_s_children() -> None:
    for maximiser in (True, False):
        for place in ("low", "high"):
            got = no_cut_places(maximiser=maximiser, place=place, k=4)
            assert got[-1] == place
            assert set(got[:-1]) == {"low" if maximiser else "high"}


@pytest.mark.parametrize("semantics", list(SEMANTICS))
def test_every_semantics_gets_scale_cases_whose_reference_visits_what_is_asked(
    semantics: str,
) -> None:
    """At a small size, every shape: the visits, the shape, players in turn, no magnitude."""
    shapes = ["bushy"] if SEMANTICS[semantics].game else list(SHAPES)
    for shape in shapes:
        case = scale_case(semantics, random.Random(7), 5_000, shape)
        if case.interval is None and not case.tree.vector and SEMANTICS[semantics].chance:
            # Star1 and Star2 need leaf bounds; the scale builder's own tree is what is tested
            case = attrs.evolve(case, interval=leaf_bounds(case.tree, random.Random(7)))
        e = expected(case)
        assert e.visited is not None
        if SEMANTICS[semantics].players > 2:
            # BRS+ searches its transform, a thin slice of the tree (at most one ply of a
            # layer leaves the first move): a bushy tree of 5,000 nodes visits about 1,300 and
            # one of the format's 10^6 nodes about 4,300, a spine fewer, so the scale case
            # is the large tree, and the report gives what its reference visited
            assert case.tree.size >= 5_000, (shape, case.tree.size)
            assert 0 < e.visited < case.tree.size, (shape, e.visited)
        else:
            assert e.visited >= 5_000, (shape, e.visited)
        flags = case_flags(case)
        assert not {"Wide", "ManyPlayers", *(f for f, _ in MAGNITUDE_FLAGS)} & set(flags), flags
        assert is_by_depth(case.tree)  # players in turn, for --alternating
        if case.game is None:
            low, high = {"bushy": (6, 17), "tall": (TALL[0], TALL[1] + 4),
                         "deep": (DEEP[0], DEEP[1] + 4)}[shape]  # fmt: skip
            assert low <= case.tree.height <= high, (shape, case.tree.height)
            assert ("Deep" in flags) == (shape == "deep")


@pytest.mark.parametrize("semantics", ["alphabeta-fail-soft", "shallow", "game-negamax"])
def test_a_default_scale_case_visits_100000_nodes_and_earns_many_nodes(semantics: str) -> None:
    (visits,) = set(SCOPES["default"].scale)
    _, case = next(scale_cases(semantics, SCOPES["default"], count=1, seed=0,
                               skip=frozenset()))  # fmt: skip
    e = expected(case)
    assert e.visited is not None
    assert e.visited >= visits
    assert "ManyNodes" in case_flags(case)


def test_the_scale_cases_are_the_same_for_the_same_seed_and_differ_with_it() -> None:
    def texts(seed: int) -> list[str]:
        cases = scale_cases("minimax", SCOPES["default"], count=2, seed=seed, skip=frozenset())
        return [dumps(c.tree) for _, c in cases]

    assert texts(3) == texts(3)
    assert texts(3) != texts(4)


def test_a_limited_engine_skips_the_scale_cases_and_a_small_budget_asks_fewer() -> None:
    default = SCOPES["default"]
    assert scale_count(default, 200, frozenset()) == len(default.scale) == 3
    assert scale_count(default, 200, frozenset({"ManyNodes"})) == 0
    assert scale_count(SCOPES["small"], 200, frozenset()) == 0
    shapes = [s for s, _ in scale_cases("minimax", default, count=3, seed=0,
                                        skip=frozenset({"Deep"}))]  # fmt: skip
    assert shapes == ["bushy", "tall", "bushy"]


def test_the_layered_games_outgrow_a_table_of_4096_entries() -> None:
    for visits in (100_000, 1_000_000):
        g, depth = layered_game(random.Random(1), visits)
        searched = sum(1 for x in g.states if x.moves)
        assert searched >= GAME_STATES > MANY_STATES
        assert len(g.states) <= MAX_STATES
        assert scope.alternates(g)
        assert max(len(x.moves) for x in g.states) <= 3
    g, depth = layered_game(random.Random(1), 100_000)
    case = game_case("game-negamax", g, depth)
    assert case.tree.size >= 100_000
    assert "ManyNodes" in case_flags(case)
    assert "Transposition" in case_flags(case)


def test_the_gate_asks_the_scale_cases_last_and_reports_the_visits() -> None:
    """A budget of 67 asks one scale case (of three at 200), after the small ones; skipping
    ``ManyNodes`` asks none, and the report's most visits are then those of a small tree."""

    def answer(request: dict[str, Any]) -> dict[str, object]:
        return builtin("impl.alphabeta", request)

    for skip, scaled in ((frozenset(), True), (frozenset({"ManyNodes"}), False)):
        options = GateOptions("alphabeta-fail-soft", Checks(True, True, True), budget=67,
                              vectors=False, skip_flags=skip)  # fmt: skip
        report = run_gate(CallableTarget(answer, timeout=300), "impl.alphabeta", options)
        assert report.passed, report.text()[-2000:]
        assert report.generated <= 67  # Hypothesis may draw a small case twice
        last = report.outcomes[-1]
        assert ("(scale, bushy)" in last.name) == scaled
        visited = report.coverage["generated"].visited
        assert (visited >= 100_000) == scaled, visited
        assert report.json()["coverage"]["generated"]["max_visited"] == visited  # type: ignore[index]


def test_a_large_tree_is_written_and_measured_once() -> None:
    t = Node(0, [Leaf(i % 7) for i in range(2_000)])
    calls: list[int] = []

    def make() -> int:
        calls.append(1)
        return len(calls)

    assert per_tree(t, "k", make) == per_tree(t, "k", make) == 1
    assert per_tree(t, "other", make) == 2
    small = Node(0, [1, 2])
    per_tree(small, "k", make)
    per_tree(small, "k", make)
    assert len(calls) == 4  # a small tree is not kept
    assert tree_text(t) is tree_text(t)
    assert tree_text(t) == dumps(t)


def test_mtdf_s_reference_searches_a_copy_in_which_no_node_is_shared() -> None:
    """impl.mtdf keys its table by node identity: a subtree held twice is copied first."""
    shared = Node(1, [Node(0, [3, 9]), Node(0, [2, 4])])
    t = Node(0, [shared, Node(1, [shared, 1]), shared])
    for guess in (-5, 0, 3, 9):
        case = Case("mtdf", t, first_guess=guess)
        again = Case("mtdf", loads_tree(dumps(t)), first_guess=guess)
        assert expected(case) == expected(again)


def loads_tree(text: str) -> Tree:
    return read_tree_text(text).tree


def _depth(x: object) -> int:
    """The nesting of a JSON value, by walking it."""
    best, stack = 0, [(x, 0)]
    while stack:
        y, d = stack.pop()
        if isinstance(y, list | dict):
            best = max(best, d + 1)
            stack.extend((z, d + 1) for z in (y.values() if isinstance(y, dict) else y))
    return best


JSON = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\ab', max_size=4),
    lambda kids: (
        st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=2), kids, max_size=2)
    ),
    max_leaves=12,
)


@given(JSON, st.integers(0, 6))
def test_the_nesting_limit_is_counted_on_the_text_as_on_the_values(x: object, limit: int) -> None:
    text = json.dumps(x)
    if _depth(x) > limit:
        with pytest.raises(JSONSyntaxError, match="nested deeper"):
            loads(text, max_depth=limit)
    else:
        assert loads(text, max_depth=limit) == x


def test_a_number_too_long_is_still_marked_when_numbers_skip_the_python_hook() -> None:
    long = "9" * (MAX_NUMBER_LENGTH + 1)
    assert loads(f"[1, {long}]") == [1, Invalid(f"a number longer than {MAX_NUMBER_LENGTH} "
                                                "characters")]  # fmt: skip
    assert loads("[1, 2.5, -3]") == [1, 2.5, -3]


def test_the_n_player_semantics_have_deep_vectors() -> None:
    """Height 1,200, flagged ``Deep``, for every N-player semantics; impl searches them."""
    for name, s in SEMANTICS.items():
        if s.kind != "vector" or s.game:
            continue
        deep = [vc for vc in vector_cases(name) if vc.group == "deep"]
        assert len(deep) >= 2, name
        for vc in deep:
            assert "Deep" in vc.flags
            assert vc.case.tree.height >= 1_000
            assert vc.case.tree.players >= 3
        for vc in deep[:1]:
            e = expected(vc.case)
            assert len(e.trace[0]) == vc.case.tree.height  # the first leaf read is the deepest
