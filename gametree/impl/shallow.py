"""Korf's shallow pruning for maxn (Korf 3.2.2), line for line with procedure ``Shallow``.

The paper's procedure, with its ``Sum`` the upper bound on the sum of the components once
the lower bound is shifted to 0::

    Shallow(Node, Player, Bound)
        IF Node is terminal, RETURN static value
        Best = Shallow(first Child, next Player, Sum)
        FOR each remaining Child
            IF Best[Player] >= Bound, RETURN Best
            Next = Shallow(Child, next Player, Sum - Best[Player])
            IF Next[Player] > Best[Player], Best = Next
        RETURN Best

:func:`shallow_search` is that procedure. Its recursive calls are yields (see
``impl.maxn_stack``), which the driver runs on an explicit stack; the driver also does the
first line, evaluating a terminal node where the call is made, and reads "next Player" from
the tree, which names the player to move at every node.

One line is added. Korf assumes that the players alternate (3.1); here they need not (a
player may move twice in a row, as DESIGN.md requires), and ``Sum - Best[Player]`` bounds
the components of every player *but* ``Player``. So each call also names the player whose
best gave the bound (``bounder``), and a node where that same player moves again takes
``Sum`` instead. Without that line a tree such as ``Node(1, [(1, 8), Node(1, [(1, 8),
(0, 9)])])`` (two players, sum 9) would be cut off wrongly, with value (1, 8) for (0, 9).

Glossary: n is a node, p the player to move (``Player``), ``bound`` Korf's ``Bound`` on p's
component, ``total`` Korf's ``Sum``, N the number of players.

>>> from gametree.spec import Bounds, Node
>>> figure4 = Node.by_depth([(3, 3, 3), [(2, 7, 0), (4, 1, 4)], [(0, 6, 3), (0, 8, 1)]])
>>> r = shallow(figure4, Bounds(0, 9), trace=True)
>>> r.value, r.trace
((3, 3, 3), ((0,), (1, 0), (2, 0)))
"""

from functools import partial

from gametree.impl.events import Shallow
from gametree.impl.maxn_stack import Backed, Search, call, korf_bounds, run
from gametree.impl.result import SearchResult
from gametree.spec import Bounds, Node, Scalar, Tree, Value, Vector

__all__ = ["shallow", "shallow_search"]


def shallow_search(
    node: Node, player: int, bound: Scalar, bounder: int | None, *, total: Scalar
) -> Search[Backed[Vector]]:
    """Korf's ``Shallow(Node, Player, Bound)``, with ``total`` for his ``Sum``."""
    if bounder == player:
        bound = total
    best = yield call(0, total, None)
    for i in range(1, len(node.children)):
        if best[player] >= bound:
            return best
        next_ = yield call(i, total - best[player], player)
        if next_[player] > best[player]:
            best = next_
    return best


def shallow(
    t: Tree, bounds: Bounds, *, trace: bool = False, events: bool = False
) -> SearchResult[Value]:
    """The maxn value of ``t`` with immediate and shallow pruning (Korf 3.2.1, 3.2.2).

    "Initially, Shallow is called with the root of the tree, the player to move, and Sum."
    ``bounds`` are Korf's: a lower bound on every component and an upper bound on their sum,
    declared by the caller; every leaf read is checked against them (a ``TreeError`` names the
    first that breaks them). The value and principal variation are exactly ``spec.maxn``'s:
    a child is cut off only when its value cannot be strictly better for the parent, and the
    strict ``>`` keeps the leftmost best child.

    Directional: leaves are read left to right, each at most once. Korf's Theorem 1 (3.2.4)
    says that every directional algorithm that computes maxn with more than two players reads
    every leaf this reads; last-branch pruning (``impl.last_branch``), directional and exact,
    reads fewer on some trees (``tests/test_impl_multi_sturtevant.py`` pins one), so the
    theorem needs an assumption its statement leaves out. O(b^d) leaves in general;
    F(d) = F(d-1) + (b-1)·F(d-2) on best-ordered trees (3.2.5; see ``impl.best_case``).
    """
    total, evaluate = korf_bounds(t, bounds, "shallow pruning")
    watch = Shallow(total, bounds.lower) if events else None
    search = partial(shallow_search, total=total)
    return run(t, search, (total, None), evaluate, trace=trace, watch=watch)
