"""Paranoid search with full alpha-beta (Sturtevant and Korf 2000).

The source is N. R. Sturtevant and R. E. Korf, "On Pruning Techniques for Multi-Player
Games", AAAI 2000.

The paranoid player r assumes that every other player has joined a coalition against it.
The game becomes a two-player one, on r's worth of each leaf (its component of a vector, or
the scalar from its point of view), and alpha-beta applies in full, deep cut-offs included,
which is what Korf (3.2.3) shows maxn cannot have.

Glossary: n is a node, p the player to move, r the paranoid player, ``alpha`` the worth r is
already sure of at some ancestor where r moves, ``beta`` the worth the coalition already
holds r to at some ancestor where another player moves (``None``: no such bound yet).

>>> from gametree.spec import Node
>>> r = paranoid(Node.by_depth([[(3, 3, 3), (4, 2, 3)], [(1, 5, 3), (6, 1, 2)]]), trace=True)
>>> r.value, r.principal_variation, r.trace
(3, (0, 0), ((0, 0), (0, 1), (1, 0)))
"""

from collections.abc import Callable
from functools import partial

from gametree.impl.events import Paranoid
from gametree.impl.maxn_stack import Backed, Line, Search, call, run
from gametree.impl.result import SearchResult
from gametree.spec import Leaf, Node, Scalar, Tree, Value, require_deterministic
from gametree.spec.maxn import paranoid_player

__all__ = ["alphabeta_search", "paranoid"]


def alphabeta_search(
    node: Node, player: int, alpha: Scalar | None, beta: Scalar | None, *, r: int
) -> Search[Backed[Scalar]]:
    """Fail-soft alpha-beta on r's worth: r maximises, every other player minimises."""
    best = yield call(0, alpha, beta)
    for i in range(1, len(node.children)):
        if player == r:
            if beta is not None and best.score >= beta:
                return best
            if alpha is None or best.score > alpha:
                alpha = best.score
            next_ = yield call(i, alpha, beta)
            if next_.score > best.score:
                best = next_
        else:
            if alpha is not None and best.score <= alpha:
                return best
            if beta is None or best.score < beta:
                beta = best.score
            next_ = yield call(i, alpha, beta)
            if next_.score < best.score:
                best = next_
    return best


def paranoid(
    t: Tree, player: int | None = None, *, trace: bool = False, events: bool = False
) -> SearchResult[Value]:
    """The paranoid value of ``t`` for ``player`` (by default the root's), by alpha-beta.

    Exactly ``spec.paranoid``'s value (r's worth, a scalar) and principal variation. The root
    is searched with no bounds, so its value is exact, and a later child replaces the best
    only if strictly better for the player to move, which keeps the leftmost best child: a
    child whose true value ties the best so far fails low (or high) and is not taken. Below
    the root a value outside its node's window is only a bound, as in any alpha-beta. Relies
    on no bounds on the values. Directional. O(b^d) leaves; with N players and the best move
    first everywhere the asymptotic branching factor falls to b^((N−1)/N) (Sturtevant and
    Korf 2000), b^(1/2) for two players as in Knuth and Moore.
    """
    r = paranoid_player(t, player)
    require_deterministic(t, "paranoid")
    search = partial(alphabeta_search, r=r)
    watch = Paranoid(r) if events else None
    return run(t, search, (None, None), _worth_to(r), trace=trace, watch=watch)


def _worth_to(r: int) -> Callable[[Leaf, Line], Backed[Scalar]]:
    def evaluate(leaf: Leaf, line: Line) -> Backed[Scalar]:
        v = leaf.value
        if isinstance(v, tuple):
            return Backed(v[r], v[r], line)
        w = v if r == 0 else -v
        return Backed(w, w, line)

    return evaluate
