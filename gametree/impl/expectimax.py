"""Expectimax: every leaf of a tree with chance nodes, left to right (Ballard 1983, section 1).

Glossary: n is a node, p the player to move, p_i the probability of child i of a chance node,
``total`` the sum of p_i v_i over the children searched so far, N the number of players.

A chance node's value is "the weighted average of the values of its successors" (Ballard's
introduction); a player's node takes its best child: the largest value where Max (player 0)
moves and the smallest where Min moves, for two players, or the vector best for the player
to move, as maxn has it (Korf 3.1), for N. Written, like maxn (``impl.maxn``), as a generator
on ``impl.maxn_stack``'s explicit stack.

>>> from gametree.spec import Node
>>> t = Node(0, [Node.chance([4, Node(1, [6, 1])], ["1/2", "1/2"]), 2])
>>> r = expectimax(t, trace=True)
>>> r.value, r.principal_variation, r.trace
(Fraction(5, 2), (0,), ((0, 0), (0, 1, 0), (0, 1, 1), (1,)))
"""

from fractions import Fraction

from gametree.impl.chance_events import Expectimax
from gametree.impl.maxn_stack import Backed, Line, Search, call, run
from gametree.impl.result import SearchResult
from gametree.spec import Leaf, Node, Scalar, Tree, Value

__all__ = ["expected", "expectimax", "expectimax_search", "prefers"]


def expectimax_search(node: Node, player: int) -> Search[Backed[Value]]:
    """Expectimax at one node: the children's values, weighted (chance) or the best (a player)."""
    if node.probabilities is not None:
        total: Value = 0
        for i, p in enumerate(node.probabilities):
            next_ = yield call(i)
            total = expected(total, p, next_.score)
        return Backed(total, total, None)
    best = yield call(0)
    for i in range(1, len(node.children)):
        next_ = yield call(i)
        if prefers(player, next_.score, best.score):
            best = next_
    return best


def prefers(p: int, new: Value, old: Value) -> bool:
    """Whether player ``p`` strictly prefers ``new`` to ``old`` (Korf's tie rule: the leftmost).

    Max (0) the larger scalar, Min (1) the smaller; with vectors, the larger p-th component.
    """
    if isinstance(new, tuple):
        assert isinstance(old, tuple)
        return new[p] > old[p]
    assert not isinstance(old, tuple)
    return new > old if p == 0 else new < old


def expected(total: Value, p: Fraction, v: Value) -> Value:
    """``total + p·v``, exact, component by component for vectors; integral results as ints."""
    if isinstance(v, tuple):
        base = total if isinstance(total, tuple) else (0,) * len(v)
        return tuple(_exact(t + p * c) for t, c in zip(base, v, strict=True))
    assert not isinstance(total, tuple)
    return _exact(total + p * v)


def _exact(x: Scalar) -> Scalar:
    return x.numerator if isinstance(x, Fraction) and x.denominator == 1 else x


def _leaf(leaf: Leaf, line: Line) -> Backed[Value]:
    return Backed(leaf.value, leaf.value, line)


def expectimax(t: Tree, *, trace: bool = False, events: bool = False) -> SearchResult[Value]:
    """The expectimax value of ``t`` and its principal variation, reading every leaf.

    Exactly ``spec.expectimax``'s value and line: children left to right, a later child
    replacing the best only if strictly better for the player to move, the line ending at a
    leaf or at the first chance node on it. Two players (scalars, Max's view) or N (vectors);
    relies on no bounds. O(n) time for n nodes, every leaf read once (Hauk et al. 2004:
    "Expectimax is a full-width search algorithm"); O(height) frames.
    """
    watch = Expectimax() if events else None
    return run(t, expectimax_search, (), _leaf, trace=trace, watch=watch)
