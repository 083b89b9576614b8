"""Directional maxn without pruning (Luckhardt and Irani; Korf 3.1), with exact statistics.

Glossary: t is a tree, n a node, p the player to move, N the number of players; ``best`` and
``next_`` are Korf's ``Best`` and ``Next``.

>>> from gametree.spec import Node
>>> r = maxn(Node.by_depth([[(3, 3, 3), (4, 2, 3)], [(1, 5, 3), (6, 1, 2)]]))
>>> r.value, r.principal_variation, r.leaves_evaluated
((3, 3, 3), (0, 0), 4)
"""

from gametree.impl.events import Watch
from gametree.impl.maxn_stack import Backed, Search, call, require_vectors, run, vector_leaf
from gametree.impl.result import SearchResult
from gametree.spec import Node, Tree, Value, Vector

__all__ = ["maxn"]


def maxn_search(node: Node, player: int) -> Search[Backed[Vector]]:
    """Korf's ``Shallow`` with every pruning line taken out: all children, left to right."""
    best = yield call(0)
    for i in range(1, len(node.children)):
        next_ = yield call(i)
        if next_[player] > best[player]:
            best = next_
    return best


def maxn(t: Tree, *, trace: bool = False, events: bool = False) -> SearchResult[Value]:
    """The maxn value of an N-player tree and its principal variation, reading every leaf.

    "The value of each interior node where player i is to move is the entire N-tuple of the
    child for which the ith component is a maximum" (Korf 3.1). Children are searched left to
    right and a later child replaces the best only if strictly better for the player to move,
    so the value and principal variation are exactly ``spec.maxn``'s. Relies on no bounds.
    O(n) time for n nodes; every leaf is evaluated once.
    """
    require_vectors(t, "maxn")
    return run(t, maxn_search, (), vector_leaf, trace=trace, watch=Watch() if events else None)
