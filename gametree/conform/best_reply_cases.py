"""The gate's vectors for BRS+ (Esser, Gras, Winands, Schadd and Lanctot 2013, section 3).

Glossary: r is the root player, a *layer* the opponents' plies between two of r's moves, a
*reply* one path through a layer on which at most one ply leaves the first child
(``spec.best_reply``).

Worked trees, each asked for every player (``vectors._asked``): the reply that wins is the
second opponent's under one of r's moves and the first's under another (the best opponent
changes from one move to the next); two opponents' replies tie; the unsearched opponent's
first and last moves differ (where BRS+ playing the last instead of the first is caught);
three and four players, a player moving twice within a layer, and the root player not the
root's mover. The papers give no tree with values for BRS+ (their figures show the shape of
BRS's layer), so none is transcribed.
"""

import random

from gametree.spec import Bounds, Leaf, Node, Tree

__all__ = ["vector_trees"]

NINE = Bounds(0, 9)


def _r(v: int, players: int = 3) -> tuple[int, ...]:
    """A leaf worth v to player 0, the rest of 9 shared by the others as evenly as can be."""
    rest, others = 9 - v, players - 1
    return (v, *(rest // others + (k < rest % others) for k in range(others)))


def _random_tree(rng: random.Random, players: int, height: int) -> Tree:
    """A tree of ``height`` with 2 or 3 children a node, players in turn, components 0..3."""
    if height == 0:
        return Leaf(tuple(rng.randint(0, 3) for _ in range(players)))
    kids = [_random_tree(rng, players, height - 1) for _ in range(rng.randint(2, 3))]
    return Node((3 - height) % players, kids)


def vector_trees() -> list[tuple[str, str, tuple[str, ...], Tree, Bounds]]:
    """The BRS+ trees of the vectors: (group, comment, flags, tree, Korf's bounds)."""
    changes = Node(0, [
        Node(1, [Node(2, [_r(9), _r(2)]), Node(2, [_r(5), _r(0)])]),
        Node(1, [Node(2, [_r(8), _r(7)]), Node(2, [_r(3), _r(1)])]),
    ])  # fmt: skip
    tie = Node(0, [
        Node(1, [Node(2, [_r(6), _r(4)]), Node(2, [_r(4), _r(1)])]),
        Node(1, [Node(2, [_r(5), _r(3)]), Node(2, [_r(3), _r(9)])]),
    ])  # fmt: skip
    first_not_last = Node(0, [
        Node(1, [Node(2, [_r(6), _r(1)]), Node(2, [_r(5), _r(0)])]),
        Node(1, [Node(2, [_r(2), _r(9)]), Node(2, [_r(7), _r(8)])]),
    ])  # fmt: skip
    four = Node(0, [
        Node(1, [Node(2, [Node(3, [_r(7, 4), _r(2, 4)]), Node(3, [_r(6, 4), _r(0, 4)])]),
                 Node(2, [Node(3, [_r(4, 4), _r(1, 4)]), Node(3, [_r(0, 4), _r(0, 4)])])]),
        Node(1, [Node(2, [Node(3, [_r(8, 4), _r(5, 4)]), Node(3, [_r(6, 4), _r(1, 4)])]),
                 Node(2, [Node(3, [_r(3, 4), _r(9, 4)]), Node(3, [_r(9, 4), _r(9, 4)])])]),
    ])  # fmt: skip
    twice = Node(0, [
        Node(1, [Node(1, [_r(8), _r(3)]), Node(1, [_r(4), _r(2)])]),
        Node(2, [Node(1, [Node(0, [_r(1), _r(6)]), _r(5)]), _r(7)]),
    ])  # fmt: skip
    opponent_root = Node(1, [
        Node(2, [Node(0, [_r(1), _r(4)]), Node(0, [_r(2)])]),
        Node(2, [Node(0, [_r(6), _r(3)]), Node(0, [_r(0), _r(9)])]),
    ])  # fmt: skip
    rng = random.Random(20260537)  # noqa: S311 - fixed trees, not secrets
    out: list[tuple[str, str, tuple[str, ...], Tree, Bounds]] = [
        ("best reply", ("the best opponent changes: player 2's reply under r's first move (2), "
         "player 1's under the second (3, player 2 playing its first move); for player 0 BRS+ "
         "is 3 where paranoid is 1"), ("WorkedExample",), changes, NINE),
        ("best reply", ("two opponents' replies tie at 4 under r's first move; the leftmost "
         "reply is the line"), ("Tie",), tie, NINE),
        ("best reply", ("the unsearched opponent's first and last moves differ: under r's "
         "second move player 2 plays 2 first and 9 last (an engine that plays the last move "
         "answers 7, not 2)"), (), first_not_last, NINE),
        ("best reply", "four players: a layer of three plies, 2 + 1 + 1 + 1 replies",
         ("WorkedExample",), four, Bounds(0, 9)),
        ("best reply", "player 1 moves twice in a layer, and a layer ends at a leaf",
         ("NotByDepth",), twice, NINE),
        ("best reply", "the root's mover is an opponent of player 0: the root is a layer",
         ("NotByDepth",), opponent_root, NINE),
    ]  # fmt: skip
    for players in (3, 4, 3, 4):
        t = _random_tree(rng, players, 3)
        out.append(("best reply", f"drawn from a fixed seed: {players} players, height 3",
                    ("Generated",), t, Bounds(0, 3 * players)))  # fmt: skip
    return out
