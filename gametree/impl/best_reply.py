"""Best-reply search and BRS+ by alpha-beta over their transforms.

The sources are Schadd and Winands 2011, section III, and Esser, Gras, Winands, Schadd and
Lanctot 2013, section 3.

The two differ only by the transform (``spec.best_reply``): BRS's opponents' layer is every
opponent's moves from the same position, BRS+'s the turn order's paths on which one ply leaves
the first move. Either is a two-player tree in which the root player r maximises its own
component and the layer minimises it, so paranoid's alpha-beta (``impl.paranoid``, with deep
cut-offs) searches it as it is: "the tree is a two-player tree and alpha-beta applies".

Counts are the transform's: a node is a node of the two-player tree (an opponents' layer is
one node, whatever the plies inside it), a leaf a leaf read. On a tree, the principal
variation and the trace are paths in the tree searched, each reply's plies spelled out.

>>> from gametree.spec import Node
>>> t = Node(0, [Node(1, [Node(2, [(5, 0, 0), (4, 0, 0)]), Node(2, [(1, 0, 0), (9, 0, 0)])]),
...              Node(1, [Node(2, [(3, 0, 0), (6, 0, 0)]), Node(2, [(7, 0, 0), (8, 0, 0)])])])
>>> r = brs_plus(t, 0, trace=True)
>>> r.value, r.principal_variation, r.trace
(3, (1, 0, 0), ((0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0)))
"""

from collections.abc import Callable
from typing import TypeVar

from gametree.impl.paranoid import paranoid
from gametree.impl.result import SearchResult
from gametree.spec import Tree, Value, brs_tree
from gametree.spec import brs as spec_brs
from gametree.spec.best_reply import (
    OutOfTurnGame,
    best_reply_player,
    brs_plus_transform,
    reply_path,
)
from gametree.spec.maxn import require_vector_tree

__all__ = ["brs", "brs_game", "brs_plus"]

S = TypeVar("S")
M = TypeVar("M")


def brs_plus(
    t: Tree, player: int | None = None, *, trace: bool = False, events: bool = False
) -> SearchResult[Value]:
    """BRS+ for the root player ``player`` (Esser et al. 2013, section 3), by alpha-beta.

    Exactly ``spec.brs_plus``'s value and principal variation (paranoid's tie rule on the
    transform: the leftmost best reply). O(size of t) to build the transform; alpha-beta over
    it reads O(B^L) leaves for L layers, where a layer of plies with b_1, ..., b_k moves has
    B = 1 + sum(b_i - 1) replies, against the b_1·...·b_k paths paranoid searches there;
    with the best reply first, about B^(L/2) (Knuth and Moore). Events (``events=True``):
    paranoid's on the transform, their paths the transform's (the explore page and
    ``gametree draw`` show the transform).
    """
    require_vector_tree(t, "brs-plus")
    r = best_reply_player(t.players, player, "brs-plus")
    s = paranoid(brs_plus_transform(t, r), r, trace=trace, events=events)

    def in_t(path: tuple[int, ...]) -> tuple[int, ...]:
        return reply_path(t, r, path)

    return SearchResult(
        s.value,
        in_t(s.principal_variation),
        s.nodes_visited,
        s.leaves_evaluated,
        None if s.trace is None else tuple(map(in_t, s.trace)),
        s.events,
    )


def brs(
    t: Tree, player: int | None = None, *, trace: bool = False, events: bool = False
) -> SearchResult[Value]:
    """BRS on a tree: refused, as ``spec.brs`` refuses it; :func:`brs_game` searches a game.

    Schadd and Winands 2011, III: an opponent moves out of turn, which a tree does not hold.
    O(1): it raises ``spec.TreeError`` naming what is wrong, whatever ``trace`` and ``events``.
    """
    del trace, events
    spec_brs(t, player)
    raise AssertionError("spec.brs returns no value on a tree")


def brs_game(
    game: OutOfTurnGame[S, M],
    state: S,
    depth: int,
    player: int,
    *,
    plus: bool = False,
    evaluate: Callable[[S], object] | None = None,
    trace: bool = False,
) -> SearchResult[Value]:
    """BRS (or, with ``plus``, BRS+) in ``game`` to ``depth`` layers, by alpha-beta.

    Alpha-beta over ``spec.brs_tree`` (Schadd and Winands 2011, section III).

    The value and principal variation are ``spec.paranoid`` of that tree; paths index its
    children (at an opponents' layer: opponent by opponent in turn order, each one's moves).
    O(size of the transform) to build it: (b + (N-1)·b)^(d/2) states for b moves a player;
    the leaves alpha-beta reads are the counts.
    """
    return paranoid(brs_tree(game, state, depth, player, plus=plus, evaluate=evaluate),
                    player, trace=trace)  # fmt: skip
