"""``spec.search.witness`` (definition 7) against every witness tree enumerated one by one.

The definition works out the values of the witnesses with sets (the extremes of a product);
here each witness is built as a tree, naively, for game graphs small enough to list them all,
and its minimax value taken with ``spec.minimax``. Then Fishburn's properties against them.
"""

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree import spec
from gametree.conform.games import GameGraph, GameState, game_graphs
from gametree.conform.vectors import games
from gametree.spec import Leaf, Node, Tree, TreeError, witness
from gametree.spec import search as spec_search


def witness_trees(g: GameGraph, s: int, r: int, q: int) -> Iterator[Tree]:
    """Every tree N(s, r') for r' >= r whose children are witnesses of their own (naive)."""
    x = g.states[s]
    if not x.moves:
        yield Leaf(g.utility(s))
        return
    seen_leaf = False
    for r2 in range(r, max(r, 1) + 1):
        if r2 > 0:
            kids = [t for _, t in x.moves]
        elif q and r2 > -q and not g.is_quiet(s):
            kids = [t for m, t in x.moves if m in g.noisy_moves(s)]
        else:
            kids = []
        if not kids:
            if not seen_leaf:
                seen_leaf = True
                yield Leaf(x.evaluation)
            continue
        for children in itertools.product(*(list(witness_trees(g, c, r2 - 1, q)) for c in kids)):
            yield Node(x.to_move, children)


def brute_values(g: GameGraph, depth: int, q: int) -> tuple[object, ...]:
    p = g.to_move(0)
    return tuple(
        sorted({spec.worth(spec.minimax(t).value, p) for t in witness_trees(g, 0, depth, q)})
    )


small = st.tuples(game_graphs(max_states=6), st.integers(0, 3), st.integers(0, 1))


@given(small)
def test_the_values_are_those_of_every_witness_tree(case: tuple[GameGraph, int, int]) -> None:
    g, depth, q = case
    assert witness(g, 0, depth, quiescence=q).values == brute_values(g, depth, q)


@given(small, st.integers(-10, 10), st.integers(1, 8), st.integers(-12, 12))
def test_a_result_is_admitted_exactly_when_fishburn_holds_against_a_witness(
    case: tuple[GameGraph, int, int], a: int, width: int, x: int
) -> None:
    g, depth, q = case
    w = witness(g, 0, depth, a, a + width, quiescence=q)
    b = a + width
    fishburn = any(e <= x <= a or a < e == x < b or b <= x <= e for e in w.values)
    assert w.admits(x) == fishburn
    assert (x in w) == fishburn


@given(small, st.none() | st.integers(-10, 10))
def test_the_fixed_depth_value_is_always_admitted(
    case: tuple[GameGraph, int, int], a: int | None
) -> None:
    g, depth, q = case
    w = witness(g, 0, depth, a, None if a is None else a + 3, quiescence=q)
    assert w.fixed == spec.cut_negamax(g, 0, depth, quiescence=q).value
    assert w.fixed in w.values
    assert w.admits(w.fixed)


def test_reuse_of_deeper_entries_allows_values_the_fixed_depth_does_not() -> None:
    """Non-vacuous: some small game has a witness value other than the fixed-depth one."""
    assert any(len(witness(g, 0, d).values) > 1 for _, _, _, g in games() for d in (1, 2, 3))


def test_a_wrong_combination_of_the_children_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed a flaw (every child value counts, not only the extremes): the cross-check fails."""

    def union(_p: int, sets: Any) -> set[Any]:
        return {v for c in sets for v in c}

    monkeypatch.setattr(spec_search, "_extreme_values", union)
    assert any(
        witness(g, 0, d).values != brute_values(g, d, 0) for _, _, _, g in games() for d in (1, 2)
    )


def _chain(n: int) -> GameGraph:
    states = [GameState(s % 2, (("a", s + 1), ("b", s + 1)), None, s) for s in range(n)]
    return GameGraph.of([*states, GameState(n % 2, utility=0)])


def test_bad_input_is_named() -> None:
    g = _chain(4)
    with pytest.raises(TreeError, match="window must be non-empty"):
        witness(g, 0, 2, 3, 3)
    with pytest.raises(TreeError, match=r"more than 3 \(state, depth\) pairs"):
        witness(g, 0, 1, limit=3)
    with pytest.raises(TreeError, match="'depth' must be a non-negative int"):
        witness(g, 0, -1)


class Loop:
    """Two states that move to each other forever: a cycle below any horizon."""

    players = 2

    def initial_state(self) -> int:
        return 0

    def to_move(self, s: int) -> int:
        return s

    def moves(self, s: int) -> list[str]:
        return ["x"]

    def successor(self, s: int, m: str) -> int:
        return 1 - s

    def is_terminal(self, s: int) -> bool:
        return False

    def utility(self, s: int) -> int:
        raise AssertionError

    def evaluate(self, s: int) -> int:
        return s


def test_a_cycle_below_the_horizon_is_refused_not_looped_on() -> None:
    with pytest.raises(TreeError, match="cycle below the horizon"):
        witness(Loop(), 0, 3)
