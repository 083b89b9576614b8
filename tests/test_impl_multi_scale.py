"""No recursion limit: every multi-player search in impl on a chain 100,000 deep.

Python's recursion limit is 1,000 frames. The chain has a side leaf at every node, so every
search keeps 100,000 frames, reads 100,000 leaves, and backs up a principal variation
100,000 moves long.
"""

import sys
from collections.abc import Callable

import pytest

from gametree.impl.deep import deep_pruning_unsound
from gametree.impl.evaluations import (
    opponent_models,
    opponent_models_alphabeta,
    separate_evaluations,
)
from gametree.impl.immediate import immediate
from gametree.impl.last_branch import last_branch
from gametree.impl.maxn import maxn
from gametree.impl.paranoid import paranoid
from gametree.impl.result import SearchResult
from gametree.impl.shallow import shallow
from gametree.impl.speculative import speculative
from gametree.spec import Bounds, Leaf, Node, Tree, Value
from gametree.spec import paranoid as spec_paranoid

DEPTH = 100_000


def chain(depth: int, bottom: Value, side: Value, players: int) -> Tree:
    """Players in turn down one path; each node's second child is the leaf ``side``."""
    t: Tree = Leaf(bottom)
    for d in reversed(range(depth)):
        t = Node(d % players, [t, side])
    return t


@pytest.fixture(scope="module")
def three() -> Tree:
    return chain(DEPTH, (3, 3, 3), (2, 2, 2), 3)


def test_the_chain_is_deeper_than_the_recursion_limit(three: Tree) -> None:
    assert three.height == DEPTH > 10 * sys.getrecursionlimit()


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["maxn", "immediate", "shallow", "last_branch", "speculative", "deep", "paranoid"]
)
def test_each_maxn_search_on_a_deep_chain(three: Tree, name: str) -> None:
    b9 = Bounds(0, 9)
    searches: dict[str, Callable[[Tree], SearchResult[Value]]] = {
        "maxn": maxn,
        "immediate": lambda t: immediate(t, b9),
        "shallow": lambda t: shallow(t, b9),
        "last_branch": lambda t: last_branch(t, b9),
        "speculative": lambda t: speculative(t, b9),
        "deep": lambda t: deep_pruning_unsound(t, b9),
        "paranoid": lambda t: paranoid(t, 0),
    }
    r = searches[name](three)
    if name == "paranoid":
        expected = spec_paranoid(three, 0)
        assert (r.value, r.principal_variation) == (expected.value, expected.principal_variation)
    else:
        assert (r.value, r.principal_variation) == ((3, 3, 3), (0,) * DEPTH)
    assert r.leaves_evaluated == DEPTH + 1
    assert r.nodes_visited == 2 * DEPTH + 1


@pytest.mark.slow
def test_the_two_player_searches_on_a_deep_chain() -> None:
    pairs = chain(DEPTH, (3, 3), (2, 4), 2)
    r = separate_evaluations(pairs)
    assert (r.value, r.principal_variation) == ((3, 3), (0,) * DEPTH)
    scalars = chain(DEPTH, 7, 7, 2)
    for search in (opponent_models, opponent_models_alphabeta):
        s = search(scalars, [lambda v: v] * DEPTH)
        assert (s.value, s.principal_variation) == (7, (0,) * DEPTH)
