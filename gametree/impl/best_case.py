"""Best-ordered trees for shallow pruning, and Korf's count of the leaves it reads (Korf 3.2.5).

"In order to evaluate a node in the best case, one child must be evaluated, and then
evaluating one grandchild of each remaining child will cause the remaining grandchildren to
be pruned ... F(d) = F(d-1) + (b-1) * F(d-2) ... F(0) = 1 and F(1) = b." Immediate pruning
is excluded, as in the paper, "by assuming that no one component can equal the upper bound
on the sum": every component here is strictly between 0 and the sum.

:func:`best_ordered_tree` builds, for any b, d and N, a uniform tree of branching b and depth
d, players moving in turn by depth, on which shallow pruning (``impl.shallow``) reads exactly
F(d) leaves. Values are exact fractions summing to 1, so the bounds are ``Bounds(0, 1)``.

The construction follows the recurrence. Call a node *searched in full* when it is searched
with ``Bound = Sum`` (the root, and every first child); its value will be its leftmost leaf
u. Its first child is searched in full. Each later child c, where player q moves, gets the
bound ``Sum − u[p]`` from its parent (player p), and c's own first child is searched in full
with leftmost leaf w, where w[q] = Sum − u[p] and the rest, u[p], is shared equally by the
other N − 1 components; so c is cut off after that one child, and its value w is not better
than u for p (w[p] = u[p]/(N − 1) ≤ u[p]). Every component stays strictly between 0 and
Sum, so no node is cut off by immediate pruning. The remaining children of a node of depth 1
are copies of u (ties, which the strict ``>`` does not take), and the children of c after
the first are never read: they hold the uniform vector.

Glossary: b is the branching factor, d the depth, N the number of players, p and q players,
u and w leftmost leaves, Sum the bound on the sum (here 1).

>>> best_case_leaves(2, 8), best_case_leaves(3, 4)
(55, 21)
>>> from gametree.impl.shallow import shallow
>>> shallow(best_ordered_tree(3, 4, players=3), BEST_CASE_BOUNDS).leaves_evaluated
21
"""

from fractions import Fraction
from typing import TypeAlias

from gametree.spec import Bounds, Leaf, Node, Tree, Vector

__all__ = ["BEST_CASE_BOUNDS", "best_case_leaves", "best_ordered_tree"]

BEST_CASE_BOUNDS = Bounds(0, 1)
"""Korf's bounds for the trees of :func:`best_ordered_tree`: components ≥ 0, sum ≤ 1."""


def best_case_leaves(branching: int, depth: int) -> int:
    """Korf's F(d): F(0) = 1, F(1) = b, F(d) = F(d−1) + (b−1)·F(d−2) (Korf 3.2.5).

    Its asymptotic branching factor is (1 + √(4b − 3))/2; for b = 2 it is the Fibonacci
    sequence. O(d) arithmetic operations on integers of O(d log b) bits.
    """
    if branching < 1 or depth < 0:
        raise ValueError(f"need branching >= 1 and depth >= 0 (got {branching}, {depth})")
    before, f = 1, branching
    if depth == 0:
        return before
    for _ in range(depth - 1):
        before, f = f, f + (branching - 1) * before
    return f


Task: TypeAlias = tuple[bool, int, int, Vector]
"""A subtree to build: (searched in full?, depth, player to move, leftmost leaf)."""


def best_ordered_tree(branching: int, depth: int, *, players: int = 3) -> Tree:
    """A uniform tree on which shallow pruning reads exactly F(d) leaves (Korf 3.2.5).

    See the module docstring for the construction. Subtrees that are never read are shared,
    so the tree costs O(b·F(d)) to build, not O(b^d); it is built over an explicit stack.
    """
    if branching < 1 or depth < 0 or players < 2:
        raise ValueError(
            f"need branching >= 1, depth >= 0 and players >= 2 (got {branching}, {depth}, "
            f"{players})"
        )
    uniform = tuple(Fraction(1, players) for _ in range(players))
    unread: list[list[Tree]] = [[Leaf(uniform)] * players]
    for _ in range(1, depth):
        below = unread[-1]
        unread.append([Node(p, [below[(p + 1) % players]] * branching) for p in range(players)])

    def children(task: Task) -> list[Task | Tree]:
        full, d, p, u = task
        q = (p + 1) % players
        if not full:
            return [(True, d - 1, q, u), *[unread[d - 1][q]] * (branching - 1)]
        if d == 1:
            return [Leaf(u)] * branching
        share = Fraction(u[p]) / (players - 1)
        w = tuple(1 - Fraction(u[p]) if k == q else share for k in range(players))
        return [(True, d - 1, q, u), *[(False, d - 1, q, w)] * (branching - 1)]

    if depth == 0:
        return Leaf(uniform)
    stack: list[tuple[Task, list[Task | Tree], list[Tree]]] = []
    root: Task = (True, depth, 0, uniform)
    stack.append((root, children(root), []))
    while True:
        task, todo, built = stack[-1]
        if len(built) < len(todo):
            item = todo[len(built)]
            if isinstance(item, Leaf | Node):
                built.append(item)
            elif item[1] == 0:
                built.append(Leaf(item[3]))
            else:
                stack.append((item, children(item), []))
            continue
        stack.pop()
        node = Node(task[2], built)
        if not stack:
            return node
        stack[-1][2].append(node)
