"""deep's sound half for every tree, verified by Nagini: deep pruning on pairs is maxn.

Glossary: t is a tree, k the children of a node (``head``, then ``tail``), c a child, p the
player to move (0 or 1), o the other player, v a vector, s Korf's ``Sum`` after the lower
bound is shifted to 0, f0 and f1 the floors (the largest lower bound on each player's
component an ancestor where that player moves has established), W the maxn vector, R the
search's result.

**The claim** (Korf, IJCAI-89, section 3.2.3: "In a two-player game, alpha-beta pruning allows
an additional type of pruning known as deep pruning ... Surprisingly, deep pruning does not
generalize to more than two players", Figure 5; :mod:`gametree.proofs.theorems.deep_pruning`). Deep
pruning is unsound with three players (Figure 5 is the counterexample), but with two players on
pairs (x, -x) it is alpha-beta and exact. :func:`deep` is ``impl.deep``'s ``deep_search`` as
``impl.deep_pruning_unsound`` runs it on two players: a node where p moves stops as soon as
``Best[p] >= Sum - floors[o]``, raises ``floors[p]`` to ``Best[p]`` before each later child,
searches every child with the floors as they are, and takes a later child only if strictly
better for p. The trees are pairs (x, -x) under Korf's bounds ``Bounds(-m, 0)`` (|x| <= m),
shifted by m as ``impl`` shifts them: every leaf a pair (y, s - y) with y in 0..s, s = 2m
(:func:`split`, :func:`splits`). Proved, for every such tree and any player at any node
(players moving twice included): ``deep(t, s) == maxn(t, 2)``, the vector itself
(:func:`deep`). The induction (:func:`deep_kids`) is Fishburn's fail-soft property read off
the floors: with W the maxn vector of what the node has seen (:func:`seen`), R[q] <= f_q =>
W[q] <= R[q] for each player q (the result is a bound no better for q than the truth, when it
does not beat q's floor), and R = W when R beats both floors; and R is a pair (y, s - y). At
the root the floors are 0, so R = W. It terminates: ``Decreases(vkids(k, 2))``, as in the
other kernels. Its last postcondition is the cut-off itself (``Best[p] >= Sum - floors[o]``:
Best is returned as it is), which the maxn vector does not meet. Deleting the cut-off fails
verification (the seeded flaw ``deep-cut-deleted``), at the floors' invariant first: the search
goes on past the bound, and the floor it raises leaves the other player no window. What it
reads is tied to ``impl`` by the tests (:mod:`gametree.proofs.nagini.reads`).

The proof uses only comparisons and sums of two components (y + (s - y) = s), so it holds in
any ordered abelian group: the rationals too.

The tree definitions (:class:`VTree`, :class:`VKids`, :func:`vtree`, :func:`vkids`,
:func:`maxn_choice`, :func:`maxn`, :func:`better`) are :mod:`gametree.proofs.nagini.multi_player`'s,
repeated word for word because Nagini verifies one file (a test checks that they are the
same); this file is the verified source, as the other kernels are.
"""

# ruff: noqa: PLR1716, SIM300 - `0 <= p and p < n`, as Nagini reads a range
# ruff: noqa: PLR0917, FBT001, FBT003 - Nagini's functions take their arguments by position

from typing import Optional

from nagini_contracts.contracts import (
    Acc,
    Decreases,
    Ensures,
    Implies,
    Predicate,
    PSeq,
    Pure,
    Requires,
    Result,
    Unfold,
    Unfolding,
)

__all__ = [
    "VKids",
    "VTree",
    "better",
    "deep",
    "deep_kids",
    "maxn",
    "maxn_choice",
    "maxn_choice_splits",
    "seen",
    "split",
    "splits",
    "vkids",
    "vtree",
]


class VTree:
    """A leaf (``kids is None``) with its vector, or a node with the player to move and kids."""

    def __init__(self, value: PSeq[int], to_move: int, kids: Optional["VKids"]) -> None:
        self.value: PSeq[int] = value
        self.to_move: int = to_move
        self.kids = kids


class VKids:
    """The children of a node, in order: the first, then the list of the rest."""

    def __init__(self, head: VTree, tail: Optional["VKids"]) -> None:
        self.head = head
        self.tail = tail


# Every field of the tree t of n players: a leaf's vector has n components, movers are 0..n-1.
@Predicate
def vtree(t: VTree, n: int) -> bool:  # noqa: D103 - Nagini takes no docstring in a predicate
    return (
        Acc(t.value)
        and Acc(t.to_move)
        and Acc(t.kids)
        and 0 <= t.to_move
        and t.to_move < n
        and Implies(t.kids is None, len(t.value) == n)
        and Implies(t.kids is not None, vkids(t.kids, n))  # type: ignore[arg-type]
    )


# Every field of the children k and of their subtrees.
@Predicate
def vkids(k: VKids, n: int) -> bool:  # noqa: D103 - as above
    return (
        Acc(k.head)
        and Acc(k.tail)
        and vtree(k.head, n)
        and Implies(k.tail is not None, vkids(k.tail, n))  # type: ignore[arg-type]
    )


@Pure
def maxn_choice(k: VKids, p: int, n: int) -> PSeq[int]:
    """The maxn vector at a node where p moves: its child's best for p, the leftmost on ties."""
    Requires(vkids(k, n))
    Requires(0 <= p and p < n)
    Decreases(vkids(k, n))
    Ensures(len(Result()) == n)
    Unfold(vkids(k, n))
    c = k.head
    Unfold(vtree(c, n))
    v = c.value if c.kids is None else maxn_choice(c.kids, c.to_move, n)
    if k.tail is None:
        return v
    w = maxn_choice(k.tail, p, n)
    return w if w[p] > v[p] else v


@Pure
def maxn(t: VTree, n: int) -> PSeq[int]:
    """The maxn value of t (Luckhardt and Irani; Korf 3.1)."""
    Requires(vtree(t, n))
    Decreases(None)
    Ensures(len(Result()) == n)
    return Unfolding(vtree(t, n), t.value if t.kids is None else maxn_choice(t.kids, t.to_move, n))


@Pure
def better(p: int, best: PSeq[int], v: PSeq[int]) -> PSeq[int]:
    """Korf's ``IF Next[Player] > Best[Player], Best = Next``: v replaces best if better for p."""
    Requires(0 <= p and p < len(best) and p < len(v))
    Decreases(None)
    return v if v[p] > best[p] else best


@Pure
def split(v: PSeq[int], s: int) -> bool:
    """Whether v is a pair (y, s - y) with y in 0..s."""
    Decreases(None)
    return len(v) == 2 and 0 <= v[0] and 0 <= v[1] and v[0] + v[1] == s


@Pure
def splits(k: VKids, s: int) -> bool:
    """Whether every leaf below the children k is a pair (y, s - y), y in 0..s."""
    Requires(vkids(k, 2))
    Decreases(vkids(k, 2))
    Unfold(vkids(k, 2))
    c = k.head
    Unfold(vtree(c, 2))
    here = split(c.value, s) if c.kids is None else splits(c.kids, s)
    return here and (k.tail is None or splits(k.tail, s))


@Pure
def maxn_choice_splits(k: VKids, p: int, s: int) -> bool:
    """The maxn vector is a leaf's, so it is a pair (y, s - y) when the leaves are."""
    Requires(vkids(k, 2))
    Requires(0 <= p and p < 2)
    Requires(splits(k, s))
    Decreases(vkids(k, 2))
    Ensures(Result())
    Ensures(split(maxn_choice(k, p, 2), s))
    Unfold(vkids(k, 2))
    c = k.head
    Unfold(vtree(c, 2))
    head = c.kids is None or maxn_choice_splits(c.kids, c.to_move, s)
    return head and (k.tail is None or maxn_choice_splits(k.tail, p, s))


@Pure
def seen(k: VKids, p: int, best: PSeq[int], first: bool) -> PSeq[int]:
    """The maxn vector of what a node where p moves has seen: its children k, after ``best``.

    ``first``: k are all the node's children; otherwise ``best`` is the best of those before.
    """
    Requires(vkids(k, 2))
    Requires(0 <= p and p < 2)
    Requires(Implies(not first, len(best) == 2))
    Decreases(None)
    return maxn_choice(k, p, 2) if first else better(p, best, maxn_choice(k, p, 2))


@Pure
def deep_kids(
    k: VKids, p: int, f0: int, f1: int, best: PSeq[int], first: bool, s: int
) -> PSeq[int]:
    """``impl.deep``'s ``deep_search`` at a node where p moves, from its children k on (3.2.3).

    ``first`` and ``best`` as in :func:`seen`; f0 and f1 are the floors. ``IF Best[p] >=
    Sum - floors[o], RETURN Best``; else ``floors[p]`` rises to ``Best[p]``, the next child is
    searched with the floors, and replaces the best if strictly better for p. The last
    postcondition is that cut-off itself: Best is returned as it is, whatever is left.
    """
    Requires(vkids(k, 2))
    Requires(0 <= p and p < 2)
    Requires(splits(k, s))
    Requires(Implies(not first, split(best, s)))
    Requires(0 <= f0 and 0 <= f1)
    Requires(f0 + f1 < s or s == 0)
    Decreases(vkids(k, 2))
    Ensures(split(Result(), s))
    Ensures(first or Result()[p] >= best[p])
    Ensures(Implies(Result()[0] <= f0, seen(k, p, best, first)[0] <= Result()[0]))
    Ensures(Implies(Result()[1] <= f1, seen(k, p, best, first)[1] <= Result()[1]))
    Ensures(
        Implies(f0 < Result()[0] and f1 < Result()[1], Result()[0] == seen(k, p, best, first)[0])
    )
    Ensures(Implies(not first and best[p] >= s - (f1 if p == 0 else f0), Result() == best))
    if not maxn_choice_splits(k, p, s):
        return best  # never: the lemma holds (this makes its postcondition known here)
    bound = s - (f1 if p == 0 else f0)
    if not first and best[p] >= bound:
        return best
    g0 = best[0] if not first and p == 0 and best[0] > f0 else f0
    g1 = best[1] if not first and p == 1 and best[1] > f1 else f1
    Unfold(vkids(k, 2))
    c = k.head
    Unfold(vtree(c, 2))
    if c.kids is not None and not maxn_choice_splits(c.kids, c.to_move, s):
        return best  # never, as above
    if k.tail is not None and not maxn_choice_splits(k.tail, p, s):
        return best  # never, as above
    v = c.value if c.kids is None else deep_kids(c.kids, c.to_move, g0, g1, c.value, True, s)
    nb = v if first else better(p, best, v)
    if k.tail is None:
        return nb
    return deep_kids(k.tail, p, g0, g1, nb, False, s)


@Pure
def deep(t: VTree, s: int) -> PSeq[int]:
    """Deep pruning is maxn on two-player trees of pairs (y, s - y), floors at 0."""
    Requires(vtree(t, 2))
    Requires(Unfolding(vtree(t, 2), split(t.value, s) if t.kids is None else splits(t.kids, s)))
    Decreases(None)
    Ensures(len(Result()) == 2)
    Ensures(Result()[0] == maxn(t, 2)[0] and Result()[1] == maxn(t, 2)[1])
    if not Unfolding(vtree(t, 2), t.kids is None or maxn_choice_splits(t.kids, t.to_move, s)):
        return t.value  # never: the lemma holds (this makes its postcondition known here)
    return Unfolding(
        vtree(t, 2),
        t.value if t.kids is None else deep_kids(t.kids, t.to_move, 0, 0, t.value, True, s),
    )
