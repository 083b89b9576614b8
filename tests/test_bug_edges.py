"""The catalogue's edge bugs (tests/bugs/edges.py, tests/bugs/edges_numbers.py): each is wrong
at the edge of the scope it targets, and right on the small trees the gate drew before.

For every bug, (a) a hand-made case at that edge (a node of 257 or 33 children, a tree 5 or 6
high, 5 players, a value past 999, 2^15, 2^31, 2^53, 2^63 or 10^28, a fraction of 1/2^60, a
repeated subtree) on which its answer is not one the spec allows, and (b) a property that on
the old small scope (two-player trees at most 4 high with branching at most 3 and values in
-9..9, windows in -10..10; N-player trees of 2 to 4 players at most 3 high within Korf's
bounds) it conforms, with the comparisons its catalogue entry makes: the evidence that its
mistake shows only outside that scope. Each case is asked as the gate's worker asks it: the
request and the reply go through JSON.
"""

import inspect
import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.bugs.edges
import tests.bugs.edges_numbers
from gametree.conform.codec import Case, request_line
from gametree.conform.semantics import Checks, check, expected
from gametree.spec import Bounds, Node, Value
from gametree.spec.strategies import scalar_trees, vector_trees
from gametree.treefile import parse_value
from tests.bugs import BUGS, Bug

MODULES = (tests.bugs.edges, tests.bugs.edges_numbers)
EDGE_BUGS = tuple(b for b in BUGS if b.target.partition(":")[0] in {m.__name__ for m in MODULES})


def _checks(b: Bug) -> Checks:
    return Checks(b.best_move, b.principal_variation, b.strict_order)


def _encode(x: object) -> object:
    if isinstance(x, Fraction):
        return str(x)
    raise TypeError(repr(x))


def answer(b: Bug, case: Case) -> dict[str, Any]:
    """The bug's reply to ``case``, as the worker gets and writes it (an exception: an error)."""
    request: dict[str, Any] = json.loads(request_line(case, 0, trace=b.strict_order))
    del request["id"]
    try:
        reply = b.function(request)
    except Exception as e:  # the worker replies {"error": ...}
        return {"error": f"{type(e).__name__}: {e}"}
    out: dict[str, Any] = json.loads(json.dumps(reply, default=_encode))
    return out


def problems(b: Bug, case: Case) -> list[str]:
    """What the gate would find wrong with the bug's answer to ``case``."""
    return check(case, expected(case), answer(b, case), _checks(b))


def _by_name(name: str) -> Bug:
    (b,) = [b for b in EDGE_BUGS if b.name == name]
    return b


REPEATED = Node(0, [Node(1, [Node(0, [-2, -7])]), 1])
"""A subtree 3 high, worth 1 to player 0 who moves at it."""

MEMO_TREE = Node(0, [Node(1, [-2, REPEATED]), REPEATED])
"""``REPEATED`` met first below Min, who already has -2, so that it fails high at -2 (a lower
bound), and again at the root, where the memo's -2 is taken for its value 1."""

RING_TREE = Node(0, [Node(1, [Node(0, [Node(1, [0, Node(0, [Node(1, [0])])])])]), 1])
"""A leaf six plies down writes its window (-inf, 0) over the root's, which then cuts off
after its first child and never reads the 1."""

SAME_PLAYER_TREE = Node(0, [
    (2, 0, 0),
    Node(1, [Node(2, [Node(0, [Node(1, [(0, 7, 1), (0, 8, 0)])]), (3, 0, 1)])]),
])  # fmt: skip
"""Korf's deep-pruning trap at distance 3: the root's 2 bounds player 1 at depth 1 by 7;
player 1's node at depth 4 inherits that bound, cuts off at (0, 7, 1) and hides (0, 8, 0),
which would have made player 2 choose (3, 0, 1), which the root prefers to its (2, 0, 0)."""

EDGES: dict[str, tuple[Case, Value | None]] = {
    "move_list_256": (Case("negamax-alphabeta-fail-soft", Node(0, [0] * 256 + [5])), 0),
    "shallow_move_list_32": (
        Case("shallow", Node(0, [(1, 4, 4)] * 32 + [(5, 2, 2)]), Bounds(0, 9)),
        (1, 4, 4),
    ),
    "same_player_cutoff": (Case("shallow", SAME_PLAYER_TREE, Bounds(0, 9)), (2, 0, 0)),
    "maxn_player_2_bits": (
        Case("maxn", Node(4, [(1, 0, 0, 0, 8), (0, 0, 0, 0, 9)])),
        (1, 0, 0, 0, 8),
    ),
    "window_ring_6": (Case("alphabeta-fail-soft", RING_TREE), 0),
    "memo_by_subtree": (Case("negamax-alphabeta-fail-soft", MEMO_TREE), -2),
    "infinity_999": (Case("alphabeta-fail-hard", Node(0, [999, 1000])), 999),
    "packed_score_int16": (Case("alphabeta-fail-soft", Node(0, [1, 40000])), 1),
    "int32_as_int": (Case("minimax", Node(0, [1, 2**31])), 1),
    "json_doubles": (Case("alphabeta-fail-hard", Node(0, [2**53, 2**53 + 1])), 2**53),
    "int64_negamax": (
        Case("negamax-alphabeta-fail-hard", Node(0, [Node(1, [-(2**63), 0])])),
        0,
    ),
    "epsilon_compare": (Case("alphabeta-fail-soft", Node(0, [0, Fraction(1, 2**60)])), 0),
    "decimal_28": (Case("negamax", Node(0, [Node(1, [10**28 + 2, 10**28 + 1])])), 10**28),
}
"""For each bug, a case at the edge it targets, and the value it answers there."""

MORE_EDGES: list[tuple[str, Case, Value | None]] = [
    ("move_list_256", Case("negamax-alphabeta-fail-soft", Node(1, [0] * 256 + [-5])), 0),
    ("infinity_999", Case("alphabeta-fail-hard", Node(0, [-1000, -2000])), -999),
    ("infinity_999", Case("alphabeta-fail-hard", Node(1, [999])), 999),  # and no move
    ("packed_score_int16", Case("alphabeta-fail-soft", Node(1, [-32769, 0])), 0),
    ("int32_as_int", Case("minimax", Node(1, [-(2**31) - 1, 0])), 0),
    ("json_doubles", Case("alphabeta-fail-hard", Node(1, [2**53 + 2, 2**53 + 1])), 2**53),
    ("json_doubles", Case("alphabeta-fail-hard", Node(0, [1, 10**400])), None),
    ("int64_negamax", Case("negamax-alphabeta-fail-hard", Node(0, [2**63])), None),
    ("epsilon_compare", Case("alphabeta-fail-soft", Node(1, [0, Fraction(-1, 10**30)])), 0),
    ("decimal_28", Case("negamax", Node(1, [10**30 + 1, 10**30])), -(10**30)),
]
"""Further cases: the other side of each edge, and the errors (``None``) of the type's limits."""


def test_every_edge_bug_is_in_the_catalogue_with_its_mistake_and_where_it_is_seen() -> None:
    names = {name for m in MODULES for name in m.__all__}
    assert {b.name for b in EDGE_BUGS} == names
    assert len(names) >= 12
    assert set(EDGES) == names
    for b in EDGE_BUGS:
        doc = " ".join((inspect.getdoc(b.function) or "").split())
        assert "Seen in practice: " in doc, b.name
        assert b.mistake, b.name
        assert b.where_seen, b.name
        assert "Deep" in b.skip, b.name


def _asked(value: Value | None, reply: dict[str, Any], case: Case) -> None:
    if value is None:
        assert "error" in reply, reply
        return
    assert "error" not in reply, reply
    players = case.tree.players if isinstance(value, tuple) else 2
    assert parse_value(reply["value"], players) == value


@pytest.mark.parametrize("name", sorted(EDGES))
def test_the_bug_is_caught_at_its_edge(name: str) -> None:
    b = _by_name(name)
    case, value = EDGES[name]
    assert problems(b, case), name
    _asked(value, answer(b, case), case)


@pytest.mark.parametrize(("name", "case", "value"), MORE_EDGES,
                         ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(MORE_EDGES)])  # fmt: skip
def test_the_bug_is_caught_on_the_other_side_of_its_edge(name: str, case: Case,
                                                         value: Value | None) -> None:  # fmt: skip
    b = _by_name(name)
    assert problems(b, case), name
    _asked(value, answer(b, case), case)


def test_the_edge_is_where_the_mistake_starts() -> None:
    """One step inside each edge the bug is still right: the edge is the first place it fails."""
    inside = [
        ("move_list_256", Case("negamax-alphabeta-fail-soft", Node(0, [0] * 255 + [5]))),
        ("shallow_move_list_32",
         Case("shallow", Node(0, [(1, 4, 4)] * 31 + [(5, 2, 2)]), Bounds(0, 9))),
        ("maxn_player_2_bits", Case("maxn", Node(3, [(1, 0, 0, 8), (0, 0, 0, 9)]))),
        ("infinity_999", Case("alphabeta-fail-hard", Node(0, [998, -998]))),
        ("packed_score_int16", Case("alphabeta-fail-soft", Node(0, [1, 32767, -32768]))),
        ("int32_as_int", Case("minimax", Node(0, [1, 2**31 - 1, -(2**31)]))),
        ("json_doubles", Case("alphabeta-fail-hard", Node(0, [2**53 - 1, 2**53]))),
        ("int64_negamax",
         Case("negamax-alphabeta-fail-hard", Node(0, [Node(1, [-(2**63) + 1, 0])]))),
        ("epsilon_compare", Case("alphabeta-fail-soft", Node(0, [0, Fraction(1, 10**8)]))),
        ("decimal_28", Case("negamax", Node(0, [Node(1, [10**27 + 2, 10**27 + 1])]))),
        ("window_ring_6",  # the ring's tree one level shorter: the same shape, 5 high
         Case("alphabeta-fail-soft",
              Node(0, [Node(1, [Node(0, [Node(1, [0, Node(0, [0])])])]), 1]))),
    ]  # fmt: skip
    for name, case in inside:
        assert not problems(_by_name(name), case), name


# --- (b): the old small scope ----------------------------------------------------------------


@st.composite
def small_cases(draw: st.DrawFn, semantics: str) -> Case:
    """A case as the gate drew them before its scope grew (``gate.cases`` then): two-player
    trees at most 4 high, branching at most 3, leaves in -9..9 and windows in -10..10 or open;
    N-player trees of 2 to 4 players at most 3 high within Bounds(0, 9) or Bounds(-1, 6); ties
    drawn on purpose half of the time, and half of the time players not moving in turn."""
    ties, by_depth = draw(st.booleans()), draw(st.booleans())
    if semantics in {"shallow", "maxn"}:
        players = draw(st.sampled_from([3, 2, 4]))
        bounds = draw(st.sampled_from([Bounds(0, 9), Bounds(-1, 6)]))
        exact = draw(st.booleans())
        t = draw(vector_trees(players=players, max_depth=3, max_branching=3, bounds=bounds,
                              exact_total=exact, ties=ties, by_depth=by_depth))  # fmt: skip
        return Case(semantics, t, bounds if semantics == "shallow" else None)
    t = draw(scalar_trees(max_depth=4, max_branching=3, min_value=-9, max_value=9, ties=ties,
                          by_depth=by_depth))  # fmt: skip
    if semantics in {"minimax", "negamax"}:
        return Case(semantics, t)
    ends = st.none() | st.integers(-10, 10)
    a, b = draw(ends), draw(ends)
    if a is not None and b is not None and a >= b:
        a, b = b - 1 if a == b else b, a
    return Case(semantics, t, alpha=a, beta=b)


@pytest.mark.slow
@pytest.mark.parametrize("b", EDGE_BUGS, ids=[b.name for b in EDGE_BUGS])
@settings(max_examples=100)
@given(data=st.data())
def test_the_bug_conforms_on_the_old_small_scope(b: Bug, data: st.DataObject) -> None:
    case = data.draw(small_cases(b.semantics), label="case")
    assert not problems(b, case)


def test_the_taller_mistakes_need_their_height() -> None:
    """The tall bugs' cases are the lowest that fail: same_player_cutoff's needs N + 2 = 5
    levels for three players, memo_by_subtree's 5, window_ring_6's 6."""
    for name, height in (("same_player_cutoff", 5), ("memo_by_subtree", 5),
                         ("window_ring_6", 6)):  # fmt: skip
        case, _ = EDGES[name]
        assert case.tree.height == height, name
