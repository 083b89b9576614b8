"""Uniform trees in the best and the worst order for alpha-beta (Knuth and Moore 1975, §6).

Glossary: b is the branching factor, d the depth, v a value; Max (player 0) moves at the root
and the players alternate by depth, as in ``spec.Node.by_depth``.

Knuth and Moore ("An Analysis of Alpha-Beta Pruning", Artificial Intelligence 6, 1975,
Theorem 1 and §6) show that alpha-beta examines exactly the *critical* positions of a
*perfectly ordered* tree, one in which the first child of every node is a best one for the
player to move, and that there are b^⌈d/2⌉ + b^⌊d/2⌋ - 1 critical leaves in a uniform tree
(:func:`knuth_moore_leaves`). In the *worst* order nothing is ever cut off, and every one of
the b^d leaves is read.

:func:`best_ordered` builds the first kind cheaply: its subtrees repeat, so it shares them (a
node is a function of its height, its player and its value) and a tree of b^d leaves has
O(b·d²) distinct nodes; b = 6, d = 8 (1,679,616 leaves) builds in a millisecond. The spec
walks such a tree by paths, as any tree. :func:`worst_ordered` has b^d distinct leaves and
costs O(b^d) to build.
"""

__all__ = ["best_ordered", "knuth_moore_leaves", "worst_ordered"]

from gametree.spec import Leaf, Node, Tree


def knuth_moore_leaves(branching: int, depth: int) -> int:
    """b^⌈d/2⌉ + b^⌊d/2⌋ - 1: the leaves alpha-beta reads on a perfectly ordered b^d tree.

    Knuth and Moore 1975, Theorem 1; O(log d) multiplications.

    >>> knuth_moore_leaves(2, 3), knuth_moore_leaves(6, 8), knuth_moore_leaves(3, 0)
    (5, 2591, 1)
    """
    _check(branching, depth)
    high: int = branching ** ((depth + 1) // 2)
    low: int = branching ** (depth // 2)
    return high + low - 1


def best_ordered(branching: int, depth: int, *, value: int = 0) -> Tree:
    """A perfectly ordered uniform tree of root value ``value``: every first child is best.

    A Max node worth v has Min children worth v, v-1, ..., v-b+1, in that order; a Min node
    worth v has Max children worth v, v+1, ..., v+b-1; a leaf worth v holds v. So at every
    node the first child is strictly best for the player to move, and alpha-beta reads
    :func:`knuth_moore_leaves` leaves. Built bottom-up, sharing equal subtrees.
    At most 1 + k(b − 1) distinct nodes at depth k: O(b²d²) time and memory for a tree of b^d
    leaves.

    >>> t = best_ordered(2, 2)
    >>> t
    Node(0, (Node(1, (Leaf(0), Leaf(1))), Node(1, (Leaf(-1), Leaf(0)))))
    >>> t.leaf_count, best_ordered(6, 8).leaf_count
    (4, 1679616)
    """
    _check(branching, depth)
    # The values needed at each depth, top-down: a node's children are worth v - k (Max) or v + k.
    needed: list[set[int]] = [{value}]
    for level in range(depth):
        step = -1 if level % 2 == 0 else 1
        needed.append({v + step * k for v in needed[-1] for k in range(branching)})
    below: dict[int, Tree] = {v: Leaf(v) for v in needed[depth]}
    for level in reversed(range(depth)):
        step = -1 if level % 2 == 0 else 1
        below = {
            v: Node(level % 2, [below[v + step * k] for k in range(branching)])
            for v in needed[level]
        }
    return below[value]


def worst_ordered(branching: int, depth: int) -> Tree:
    """A uniform tree in which alpha-beta cuts nothing off: it reads all b^d leaves.

    The leaf at path (i_0, ..., i_(d-1)) is worth the number whose base-b digits are the
    path's, each digit taken as i at a Max node and b-1-i at a Min node. A Max node's children
    then hold ever larger values from left to right, a Min node's ever smaller, and the
    values in one subtree all lie between those of its neighbours; so every value a search
    reads lies strictly inside its window, and no bound ever meets the other. O(b^d) time and
    memory: every node is its own.

    >>> worst_ordered(2, 2)
    Node(0, (Node(1, (Leaf(1), Leaf(0))), Node(1, (Leaf(3), Leaf(2)))))
    """
    _check(branching, depth)
    values = [0]
    for k in range(depth):
        digits = range(branching) if k % 2 == 0 else range(branching - 1, -1, -1)
        values = [v * branching + i for v in values for i in digits]
    level: list[Tree] = [Leaf(v) for v in values]
    for k in reversed(range(depth)):
        level = [Node(k % 2, level[j : j + branching]) for j in range(0, len(level), branching)]
    return level[0]


def _check(branching: int, depth: int) -> None:
    if branching < 1 or depth < 0:
        raise ValueError(f"need branching >= 1 and depth >= 0 (got {branching}, {depth})")
