"""Deep pruning for maxn, as Korf describes it and shows to fail (Korf 3.2.3). Unsound.

"In a two-player game, alpha-beta pruning allows an additional type of pruning known as deep
pruning ... nodes b and c are pruned based on bounds inherited from their great-great-
grandparent ... Surprisingly, deep pruning does not generalize to more than two players."

:func:`deep_pruning_unsound` is shallow pruning with the bound taken from every ancestor,
not only the parent: a node stops as soon as the upper bound its best puts on the other
components, Sum − Best[Player], is at most the lower bound some ancestor has on its own
component. With three or more players it can return a wrong value, and Korf's Figure 5 is
the proof (``spec.examples.korf_figure5``). With two players, on pairs (x, −x), it is
alpha-beta and exact. It exists so that both facts can be checked.

Glossary: n is a node, p the player to move, ``floors[q]`` the largest lower bound on
component q that an ancestor where q moves has established (0, the shifted lower bound, when
none has), ``total`` Korf's ``Sum``.

>>> from gametree.spec import Bounds, maxn
>>> from gametree.spec.examples import korf_figure5
>>> t = korf_figure5((3, 0, 6))
>>> deep_pruning_unsound(t, Bounds(0, 9)).value, maxn(t).value
((5, 2, 2), (6, 1, 2))
"""

from functools import partial

from gametree.impl.events import Deep
from gametree.impl.maxn_stack import Backed, Search, call, korf_bounds, run
from gametree.impl.result import SearchResult
from gametree.spec import Bounds, Node, Scalar, Tree, Value, Vector

__all__ = ["deep_pruning_unsound", "deep_search"]


def deep_search(
    node: Node, player: int, floors: tuple[Scalar, ...], *, total: Scalar
) -> Search[Backed[Vector]]:
    """``Shallow`` with ``Bound = Sum − max(floors[q] for q ≠ Player)``, floors passed down."""
    bound = total - max(f for q, f in enumerate(floors) if q != player)
    best = yield call(0, floors)
    for i in range(1, len(node.children)):
        if best[player] >= bound:
            return best
        if best[player] > floors[player]:
            floors = (*floors[:player], best[player], *floors[player + 1 :])
        next_ = yield call(i, floors)
        if next_[player] > best[player]:
            best = next_
    return best


def deep_pruning_unsound(
    t: Tree, bounds: Bounds, *, trace: bool = False, events: bool = False
) -> SearchResult[Value]:
    """Maxn with Korf's deep pruning: UNSOUND for three or more players (Korf 3.2.3).

    For three or more players the value may be wrong: on Korf's Figure 5 with f = (3, 0, 6)
    it prunes f and returns (5, 2, 2) where the maxn value is (6, 1, 2). For two players, on a
    tree of pairs (x, −x) (``spec.as_pairs``) with ``bounds`` such as ``Bounds(-m, 0)`` for
    |x| ≤ m, it is alpha-beta with fail-soft values, and returns exactly ``spec.maxn``'s value
    and principal variation (so the first component is the minimax value). Every leaf read is
    checked against ``bounds``. O(b^d) leaves at worst; O(N) per node for the floors it
    passes down; O(d) frames for a tree of height d.
    """
    total, evaluate = korf_bounds(t, bounds, "deep pruning")
    floors = (0,) * t.players
    watch = Deep(total, bounds.lower) if events else None
    return run(t, partial(deep_search, total=total), (floors,), evaluate, trace=trace, watch=watch)
