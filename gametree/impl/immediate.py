"""Maxn with immediate pruning alone (Korf 3.2.1).

"The simplest kind of pruning possible under these assumptions occurs when player i is to
move, and the ith component of one of his children equals the upper bound on the sum of all
components. In that case, all remaining children can be pruned, since no child's ith
component can exceed the upper bound on the sum."

Glossary: n is a node, p the player to move, ``total`` Korf's ``Sum`` (the bound on the sum
with the lower bound shifted to 0).

>>> from gametree.spec import Bounds, Node
>>> r = immediate(Node.by_depth([[(0, 9, 0), (9, 0, 0)], [(1, 1, 1)]]), Bounds(0, 9))
>>> r.value, r.trace is None, r.leaves_evaluated
((1, 1, 1), True, 2)
"""

from functools import partial

from gametree.impl.events import Korf
from gametree.impl.maxn_stack import Backed, Search, call, korf_bounds, run
from gametree.impl.result import SearchResult
from gametree.spec import Bounds, Node, Scalar, Tree, Value, Vector

__all__ = ["immediate", "immediate_search"]


def immediate_search(node: Node, player: int, *, total: Scalar) -> Search[Backed[Vector]]:
    """Maxn at one node, stopping as soon as the best has the whole sum for the player."""
    best = yield call(0)
    for i in range(1, len(node.children)):
        if best[player] >= total:
            return best
        next_ = yield call(i)
        if next_[player] > best[player]:
            best = next_
    return best


def immediate(
    t: Tree, bounds: Bounds, *, trace: bool = False, events: bool = False
) -> SearchResult[Value]:
    """The maxn value of ``t``, pruning only where the player to move already has the total.

    A node is cut off only after a child whose component for the player to move equals the
    bound on the sum, so the value it returns is its exact maxn value, and the value and
    principal variation at the root are exactly ``spec.maxn``'s. Every leaf read is checked
    against the caller's ``bounds`` (a ``TreeError`` names the first that breaks them).
    Directional; at most as many leaves as maxn, and at least as many as shallow pruning.
    O(b^d) leaves at worst (when no leaf gives its mover the whole sum), O(1) work per node
    entered, O(d) frames for a tree of height d.
    """
    total, evaluate = korf_bounds(t, bounds, "immediate pruning")
    watch = Korf(total, bounds.lower) if events else None
    return run(t, partial(immediate_search, total=total), (), evaluate, trace=trace, watch=watch)
