"""No recursion limit as a hidden input: a chain 100,000 deep and a tree with 10^6 leaves.

Python's recursion limit is 1,000 frames, so any definition that recursed on depth would fail
on the chain with a RecursionError.
"""

import sys
from collections.abc import Sequence

import attrs
import pytest

from gametree.spec import (
    Leaf,
    Node,
    Tree,
    as_pairs,
    check_well_formed,
    game_maxn,
    game_minimax,
    game_negamax,
    iter_leaves,
    maxn,
    minimax,
    negamax,
    opponent_models,
    paranoid,
    separate_evaluations,
    subtree,
    unfold,
)
from gametree.spec.values import Value

DEPTH = 100_000


def chain(depth: int, bottom: Value) -> Tree:
    """Players alternate down a single path; the only leaf is at the bottom."""
    t: Tree = Leaf(bottom)
    for d in reversed(range(depth)):
        t = Node(d % (len(bottom) if isinstance(bottom, tuple) else 2), [t])
    return t


@pytest.fixture(scope="module")
def deep() -> Tree:
    return chain(DEPTH, 7)


def test_the_chain_is_deeper_than_the_recursion_limit(deep: Tree) -> None:
    assert deep.height == DEPTH > 10 * sys.getrecursionlimit()


@pytest.mark.slow
def test_two_player_definitions_on_a_deep_chain(deep: Tree) -> None:
    path = (0,) * DEPTH
    for s in (minimax(deep), negamax(deep), paranoid(deep), opponent_models(deep, [_id] * DEPTH)):
        assert (s.value, s.principal_variation) == (7, path)
    assert maxn(as_pairs(deep)).value == (7, -7)
    assert separate_evaluations(chain(DEPTH, (7, 8))).value == (7, 8)
    assert maxn(chain(DEPTH, (1, 2, 3))).principal_variation == path


@pytest.mark.slow
def test_tree_operations_on_a_deep_chain(deep: Tree) -> None:
    again = chain(DEPTH, 7)
    assert again == deep
    assert hash(again) == hash(deep)
    assert again != chain(DEPTH, 8)
    assert repr(deep).count("Node(") == DEPTH
    check_well_formed(deep)
    assert [path for path, _ in iter_leaves(deep)] == [(0,) * DEPTH]
    assert subtree(deep, (0,) * DEPTH) == Leaf(7)


@pytest.mark.slow
def test_by_depth_reads_lists_nested_100000_deep(deep: Tree) -> None:
    nested: list[object] = [7]
    for _ in range(DEPTH - 1):
        nested = [nested]
    assert Node.by_depth(nested) == deep


@attrs.frozen
class Countdown:
    """A game of one move per turn that ends after ``length`` plies, worth ``end`` then."""

    length: int
    end: Value
    players: int = 2

    def initial_state(self) -> int:
        return self.length

    def to_move(self, state: int) -> int:
        return (self.length - state) % self.players

    def moves(self, state: int) -> Sequence[str]:
        return ["tick"]

    def successor(self, state: int, move: str) -> int:
        return state - 1

    def is_terminal(self, state: int) -> bool:
        return state == 0

    def utility(self, state: int) -> Value:
        return self.end


@pytest.mark.slow
def test_games_100000_plies_deep() -> None:
    g = Countdown(DEPTH, 5)
    m = game_minimax(g, DEPTH)
    assert (m.value, len(m.principal_variation)) == (5, DEPTH)
    assert game_negamax(g, DEPTH).value == 5
    assert unfold(g, DEPTH) == chain(DEPTH, 5)
    assert game_maxn(Countdown(DEPTH, (1, 2, 3), players=3), DEPTH).value == (1, 2, 3)


@pytest.mark.slow
def test_a_million_leaves() -> None:
    values = [Leaf(v - 500) for v in range(1000)]
    level: list[Tree] = [values[(i * 7919) % 1000] for i in range(10**6)]
    for d in reversed(range(6)):
        level = [Node.of_trees(d % 2, tuple(level[i : i + 10])) for i in range(0, len(level), 10)]
    (t,) = level
    assert t.leaf_count == 10**6
    m = minimax(t)
    assert subtree(t, m.principal_variation) == Leaf(m.value)
    assert negamax(t) == m
    assert paranoid(t) == m
    assert maxn(as_pairs(t)).principal_variation == m.principal_variation


def _id(v: Value) -> Value:
    return v
