"""The catalogue's scale bugs (tests/bugs/scale.py): each is wrong just past its limit of size
and right just inside it, and right on the small scope the gate drew before its scale cases.

(a) For each bug, the smallest case past its limit (65,536 nodes read, 65,536 nodes searched,
1,024 table entries, 129 plies, 1,000 plies) fails, and the same one step inside passes;
(b) a property that on the small scope (two-player trees at most 4 high, N-player trees at
most 3 high, games of at most 7 states) it conforms, with the comparisons its catalogue entry
makes: the evidence that its mistake shows only at scale. Each case is asked as the gate's
worker asks it: the request and the reply go through JSON.
"""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.bugs.scale
from gametree._json import loads
from gametree.conform.codec import Case, game_case, request_line
from gametree.conform.games import GameGraph, GameState, game_graphs
from gametree.conform.semantics import Checks, check, expected
from gametree.spec import Bounds, Leaf, Node, Tree
from tests.bugs import BUGS, Bug
from tests.test_bug_edges import small_cases

SCALE_BUGS = tuple(b for b in BUGS if b.scale)


def _by_name(name: str) -> Bug:
    (b,) = [b for b in SCALE_BUGS if b.name == name]
    return b


def _encode(x: object) -> object:
    if isinstance(x, Fraction):
        return str(x)
    raise TypeError(repr(x))


def problems(b: Bug, case: Case) -> list[str]:
    """What the gate finds wrong with the bug's answer to ``case`` (an exception: an error)."""
    request = loads(request_line(case, 0, trace=b.strict_order))
    assert isinstance(request, dict)
    del request["id"]
    try:
        reply = json.loads(json.dumps(b.function(request), default=_encode))
    except Exception as e:  # the worker replies {"error": ...}
        reply = {"error": f"{type(e).__name__}: {e}"}
    return check(case, expected(case), reply, Checks(b.best_move, b.principal_variation,
                                                     b.strict_order))  # fmt: skip


def test_every_scale_bug_is_in_the_catalogue_with_its_mistake_and_where_it_is_seen() -> None:
    assert {b.name for b in SCALE_BUGS} == set(tests.bugs.scale.__all__)
    assert len(SCALE_BUGS) >= 4
    for b in SCALE_BUGS:
        assert b.mistake, b.name
        assert b.where_seen, b.name
        assert b.edge, b.name  # the catalogue checks that the generated phase alone finds it


def _flat(leaves: int, *, best_last: bool) -> Tree:
    """Max at the root over ``leaves`` leaves, 0 but the last (5 when ``best_last``)."""
    return Node(0, [*[Leaf(0)] * (leaves - 1), Leaf(5 if best_last else 0)])


def _chain(height: int) -> Tree:
    """A chain of Max and Min nodes down to a choice between 3 and 4 (by depth from Max)."""
    t: Tree = Node((height - 1) % 2, [3, 4])
    for d in range(height - 2, -1, -1):
        t = Node(d % 2, [t])
    return t


def _comb(moves: int) -> GameGraph:
    """Max chooses among ``moves`` states where Min has two moves, to -1 or to 1; the last is
    the only one where Min's best is 1: a search stores an entry for each state it searches."""
    states = [GameState(0, tuple((f"m{i}", 1 + i) for i in range(moves)), None, 0)]
    lose, win = moves + 1, moves + 2
    states += [GameState(1, (("x", win if i == moves - 1 else lose), ("y", win)), None, 0)
               for i in range(moves)]  # fmt: skip
    states += [GameState(0, utility=-1), GameState(0, utility=1)]
    return GameGraph.of(states)


def _deep(height: int) -> Tree:
    """A chain of three players' nodes, in turn by depth, down to a choice of two leaves."""
    t: Tree = Node((height - 1) % 3, [(1, 2, 3), (3, 2, 1)])
    for d in range(height - 2, -1, -1):
        t = Node(d % 3, [t])
    return t


LIMITS: list[tuple[str, Case, Case]] = [
    # the nodes read: the root and its leaves; the 65,537th overwrites the root
    ("node_index_int16", Case("alphabeta-fail-hard", _flat(65_536, best_last=True)),
     Case("alphabeta-fail-hard", _flat(65_535, best_last=True))),
    # the nodes searched: the 65,536th is the first the limit stops
    ("node_budget_polled", Case("negamax-alphabeta-fail-soft", _flat(65_535, best_last=True)),
     Case("negamax-alphabeta-fail-soft", _flat(65_534, best_last=True))),
    # the entries stored: one for each of Min's states, then the root's
    ("tt_refuses_when_full", game_case("game-negamax", _comb(1_024), 2),
     game_case("game-negamax", _comb(1_023), 2)),
    # the plies: an interior node at ply 128 answers 0
    ("max_ply_128", Case("alphabeta-fail-soft", _chain(129)),
     Case("alphabeta-fail-soft", _chain(128))),
    # the frames: Python stops near 1,000
    ("shallow_recursive", Case("shallow", _deep(1_200), Bounds(0, 9)),
     Case("shallow", _deep(400), Bounds(0, 9))),
]  # fmt: skip
"""(bug, the smallest case past its limit, the same one step inside)."""


@pytest.mark.slow
@pytest.mark.parametrize(("name", "past", "inside"), LIMITS, ids=[n for n, _, _ in LIMITS])
def test_the_bug_fails_just_past_its_limit_and_passes_just_inside(
    name: str, past: Case, inside: Case
) -> None:
    b = _by_name(name)
    assert problems(b, past), name
    assert not problems(b, inside), name


@st.composite
def small_games(draw: st.DrawFn) -> Case:
    """A game-negamax case as the gate drew them before its scale cases (7 states at most)."""
    g = draw(game_graphs())
    return game_case("game-negamax", g, draw(st.integers(1, 3)), quiescence=draw(st.integers(0, 2)))


@pytest.mark.slow
@pytest.mark.parametrize("b", SCALE_BUGS, ids=[b.name for b in SCALE_BUGS])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_bug_conforms_on_the_small_scope(b: Bug, data: st.DataObject) -> None:
    draw = small_games() if b.semantics.startswith("game-") else small_cases(b.semantics)
    case = data.draw(draw, label="case")
    assert not problems(b, case)
