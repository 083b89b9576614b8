"""maxn-pairs, shallow and paranoid for every N-player tree, verified by Nagini.

Glossary: t is a tree, k the children of a node (``head``, then ``tail``), c a child, n the
number of players, p the player to move, q the player a paranoid search is for, v a vector.

**The trees.** A :class:`VTree` is a leaf (``kids is None``: its vector ``value``, a ``PSeq``
of n integers) or an interior node (``to_move`` in 0..n-1 and ``kids``, at least one child);
:class:`VKids` is the list of children. The predicates :func:`vtree` and :func:`vkids` own
every field and say that every leaf has n components and every mover is a player; as in
:mod:`gametree.proofs.nagini.two_player`, each recursion unfolds one level and
``Decreases(vkids(k, n))`` proves that it terminates (total correctness). Any player may move
at any node, the same player twice in a row included.

**The specification** is :func:`maxn` (Luckhardt and Irani; Korf, IJCAI-89, section 3.1):
at a node the vector of the child best for the player to move, the leftmost on ties (a later
child replaces the best only if strictly better, Korf's ``Next[Player] > Best[Player]``); the
tests check it equal to ``spec.maxn`` on random trees.

**The theorem maxn-pairs** (Korf, IJCAI-89, section 3.1;
:mod:`gametree.proofs.theorems.maxn_pairs`): "the negamax formulation of two-player minimax is a
special case of maxn for two players". Proved, for every two-player tree whose leaves are pairs
(x, -x) (:func:`pairs`), any player at any node: ``maxn(t, 2) == (v, -v)`` component by
component, v the minimax value of the x's (:func:`maxn_on_pairs`, :func:`minimax_of_pairs`);
with the theorem negamax (negamax is minimax with the sign of the player to move), the root
mover's component is the negamax value. Comparisons and
negation only: any ordered abelian group.

**The theorem paranoid** (Sturtevant and Korf, AAAI 2000;
:mod:`gametree.proofs.theorems.paranoid_bound`).
:func:`paranoid` is the paranoid value for a player q: q's component at a leaf, the max over
the children where q moves, the min where anyone else does. Proved, for every tree, every n
and every player q (not only the root's mover): ``paranoid(t, q, n) <= maxn(t, n)[q]``
(:func:`paranoid_is_a_guarantee`, by induction through
:func:`paranoid_choice_is_a_guarantee`): where q moves, maxn takes a child whose q-component
is the largest, at least each child's paranoid value; where another moves, the paranoid value
is at most every child's, so at most the one maxn takes. The proof uses only comparisons of
values, so it holds over any totally ordered domain: the rationals too.

**The theorem shallow** (Korf, IJCAI-89, sections 3.2 and 3.2.2;
:mod:`gametree.proofs.theorems.shallow_pruning`).
:func:`shallow` is Korf's procedure ``Shallow`` as ``impl.shallow`` runs it, with the lower
bound shifted to 0 and Korf's ``Sum`` as s: the first child is searched with the bound s, each
later one with ``s - Best[Player]`` (or s when the same player moves there again: the line
``impl.shallow`` adds for players moving twice), and the search stops as soon as
``Best[Player] >= Bound``; a later child replaces the best only if strictly better
(:func:`better`). Proved, for every tree all of whose leaves keep to the bounds
(:func:`fits`, :func:`bounded`: every component in 0..s, any two summing to at most s, which
Korf's bounds imply: every component at least 0, all n summing to at most s), for every n and
any player at any node: ``shallow(t, s, n) == maxn(t, n)``, the vector itself, so the tie rule
included. The induction (:func:`shallow_kids`) carries, for a node where p moves searched with
bound B, Korf's argument as a postcondition: with W the maxn vector of what the node has seen,
W[p] < B => the result is W; W[p] >= B => the result's p-component is at least B (the parent
will not take it, nor W); B >= s => the result is W; and the result keeps to the bounds. The
proof uses only comparisons and sums of two components: it holds in any ordered abelian group,
the rationals too (argued by hand; ``gametree/proofs/why3/shallow.mlw`` proves it over them).
:func:`immediate` is Korf's immediate pruning (3.2.1), which stops only when ``Best[Player]``
reaches s: proved equal to maxn under the same bounds, every child's result exact
(:func:`immediate_kids`).

**The pruning itself.** "= maxn" is met by maxn too, which prunes nothing. So
:func:`shallow_kids` also states its cut-off: once ``Best[Player] >= Bound`` it returns Best as
it is, whatever the children left hold, which maxn does not (a later child better for p would
replace it); deleting the cut-off fails verification (the seeded flaw
``shallow-cut-deleted``). Immediate pruning's cut-off cannot be told by value: under the bounds
no later child beats a Best with the whole sum, so maxn returns the same vector; only what is
read differs. What each search reads (the leaves, in order, and where it cuts off) is tied to
``impl`` by the tests instead, for both (:mod:`gametree.proofs.nagini.reads`), and a count of
leaves read is not proved: the only definition of what shallow pruning reads is the procedure
itself (a count proved against a copy of it would restate it), and the definition that is
independent of it, the leaves every directional search must read, is Korf's Theorem 1's, which
shallow pruning does not meet.

This file is the verified source, as :mod:`gametree.proofs.nagini.two_player` is.
"""

# ruff: noqa: PLR1716, SIM300 - `0 <= p and p < n`, as Nagini reads a range
# ruff: noqa: PLR0917, FBT001, FBT003 - Nagini's functions take their arguments by position

from typing import Optional

from nagini_contracts.contracts import (
    Acc,
    Decreases,
    Ensures,
    Forall,
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
    "bounded",
    "fits",
    "immediate",
    "immediate_kids",
    "maxn",
    "maxn_choice",
    "maxn_choice_fits",
    "maxn_choice_on_pairs",
    "maxn_on_pairs",
    "minimax_choice",
    "minimax_of_pairs",
    "pairs",
    "paranoid",
    "paranoid_choice",
    "paranoid_choice_is_a_guarantee",
    "paranoid_is_a_guarantee",
    "shallow",
    "shallow_kids",
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
def paranoid_choice(k: VKids, p: int, q: int, n: int) -> int:
    """The paranoid value for q at a node where p moves: q maximises, every other minimises."""
    Requires(vkids(k, n))
    Requires(0 <= q and q < n)
    Decreases(vkids(k, n))
    Unfold(vkids(k, n))
    c = k.head
    Unfold(vtree(c, n))
    v = c.value[q] if c.kids is None else paranoid_choice(c.kids, c.to_move, q, n)
    if k.tail is None:
        return v
    w = paranoid_choice(k.tail, p, q, n)
    if p == q:
        return v if v >= w else w
    return v if v <= w else w


@Pure
def paranoid(t: VTree, q: int, n: int) -> int:
    """The paranoid value of t for player q (Sturtevant and Korf, 2000)."""
    Requires(vtree(t, n))
    Requires(0 <= q and q < n)
    Decreases(None)
    return Unfolding(
        vtree(t, n), t.value[q] if t.kids is None else paranoid_choice(t.kids, t.to_move, q, n)
    )


@Pure
def paranoid_choice_is_a_guarantee(k: VKids, p: int, q: int, n: int) -> bool:
    """The induction of the theorem paranoid over the children k of a node where p moves."""
    Requires(vkids(k, n))
    Requires(0 <= p and p < n)
    Requires(0 <= q and q < n)
    Decreases(vkids(k, n))
    Ensures(Result())
    Ensures(paranoid_choice(k, p, q, n) <= maxn_choice(k, p, n)[q])
    Unfold(vkids(k, n))
    c = k.head
    Unfold(vtree(c, n))
    head = c.kids is None or paranoid_choice_is_a_guarantee(c.kids, c.to_move, q, n)
    return head and (k.tail is None or paranoid_choice_is_a_guarantee(k.tail, p, q, n))


@Pure
def paranoid_is_a_guarantee(t: VTree, q: int, n: int) -> bool:
    """The paranoid value for q is at most q's component of the maxn value."""
    Requires(vtree(t, n))
    Requires(0 <= q and q < n)
    Decreases(None)
    Ensures(Result())
    Ensures(paranoid(t, q, n) <= maxn(t, n)[q])
    return Unfolding(
        vtree(t, n), t.kids is None or paranoid_choice_is_a_guarantee(t.kids, t.to_move, q, n)
    )


@Pure
def bounded(v: PSeq[int], s: int, n: int) -> bool:
    """Korf's bounds (3.2), the lower bound shifted to 0: components in 0..s, any two <= s.

    Implied by Korf's (every component at least 0, all n summing to at most s).
    """
    Requires(len(v) == n)
    Decreases(None)
    return Forall(
        int,
        lambda i: (
            Implies(
                0 <= i and i < n,
                v[i] >= 0
                and v[i] <= s
                and Forall(
                    int,
                    lambda j: (Implies(0 <= j and j < n and j != i, v[i] + v[j] <= s), [[v[j]]]),
                ),
            ),
            [[v[i]]],
        ),
    )


@Pure
def fits(k: VKids, s: int, n: int) -> bool:
    """Whether every leaf below the children k keeps to Korf's bounds (:func:`bounded`)."""
    Requires(vkids(k, n))
    Decreases(vkids(k, n))
    Unfold(vkids(k, n))
    c = k.head
    Unfold(vtree(c, n))
    here = bounded(c.value, s, n) if c.kids is None else fits(c.kids, s, n)
    return here and (k.tail is None or fits(k.tail, s, n))


@Pure
def maxn_choice_fits(k: VKids, p: int, s: int, n: int) -> bool:
    """The maxn vector is a leaf's, so it keeps to the bounds the leaves keep to."""
    Requires(vkids(k, n))
    Requires(0 <= p and p < n)
    Requires(fits(k, s, n))
    Decreases(vkids(k, n))
    Ensures(Result())
    Ensures(bounded(maxn_choice(k, p, n), s, n))
    Unfold(vkids(k, n))
    c = k.head
    Unfold(vtree(c, n))
    head = c.kids is None or maxn_choice_fits(c.kids, c.to_move, s, n)
    return head and (k.tail is None or maxn_choice_fits(k.tail, p, s, n))


@Pure
def better(p: int, best: PSeq[int], v: PSeq[int]) -> PSeq[int]:
    """Korf's ``IF Next[Player] > Best[Player], Best = Next``: v replaces best if better for p."""
    Requires(0 <= p and p < len(best) and p < len(v))
    Decreases(None)
    return v if v[p] > best[p] else best


@Pure
def shallow_kids(
    k: VKids, p: int, bound: int, best: PSeq[int], first: bool, s: int, n: int
) -> PSeq[int]:
    """Korf's ``Shallow`` at a node where p moves, from its children k on (3.2.2).

    ``first``: k are all the node's children; otherwise ``best`` is the best of those before,
    and ``IF Best[Player] >= Bound, RETURN Best``. A child is searched with the bound
    ``Sum - Best[Player]``, or ``Sum`` when it is the first or p moves there again (the line
    ``impl.shallow`` adds for players moving twice). The last postcondition is the cut-off
    itself: once ``Best[Player] >= Bound``, Best is returned as it is, whatever the children
    left hold (maxn, which reads them all, does not meet it).
    """
    Requires(vkids(k, n))
    Requires(0 <= p and p < n)
    Requires(fits(k, s, n))
    Requires(Implies(not first, len(best) == n and bounded(best, s, n)))
    Decreases(vkids(k, n))
    Ensures(len(Result()) == n)
    Ensures(bounded(Result(), s, n))
    Ensures(
        Implies(
            (maxn_choice(k, p, n) if first else better(p, best, maxn_choice(k, p, n)))[p] < bound,
            Result() == (maxn_choice(k, p, n) if first else better(p, best, maxn_choice(k, p, n))),
        )
    )
    Ensures(
        Implies(
            (maxn_choice(k, p, n) if first else better(p, best, maxn_choice(k, p, n)))[p] >= bound,
            Result()[p] >= bound,
        )
    )
    Ensures(
        Implies(
            bound >= s,
            Result() == (maxn_choice(k, p, n) if first else better(p, best, maxn_choice(k, p, n))),
        )
    )
    Ensures(Implies(not first and best[p] >= bound, Result() == best))
    if not maxn_choice_fits(k, p, s, n):
        return best  # never: the lemma holds (this makes its postcondition known here)
    if not first and best[p] >= bound:
        return best
    Unfold(vkids(k, n))
    c = k.head
    Unfold(vtree(c, n))
    if c.kids is not None and not maxn_choice_fits(c.kids, c.to_move, s, n):
        return best  # never, as above
    if c.kids is None:
        v = c.value
    elif first or c.to_move == p:
        v = shallow_kids(c.kids, c.to_move, s, c.value, True, s, n)
    else:
        v = shallow_kids(c.kids, c.to_move, s - best[p], c.value, True, s, n)
    nb = v if first else better(p, best, v)
    if k.tail is None:
        return nb
    return shallow_kids(k.tail, p, bound, nb, False, s, n)


@Pure
def shallow(t: VTree, s: int, n: int) -> PSeq[int]:
    """Shallow pruning is maxn, on every tree whose leaves keep to Korf's bounds."""
    Requires(vtree(t, n))
    Requires(
        Unfolding(vtree(t, n), bounded(t.value, s, n) if t.kids is None else fits(t.kids, s, n))
    )
    Decreases(None)
    Ensures(Result() == maxn(t, n))
    return Unfolding(
        vtree(t, n),
        t.value if t.kids is None else shallow_kids(t.kids, t.to_move, s, t.value, True, s, n),
    )


@Pure
def immediate_kids(k: VKids, p: int, best: PSeq[int], first: bool, s: int, n: int) -> PSeq[int]:
    """Korf's immediate pruning at a node where p moves, from its children k on (3.2.1).

    Maxn, but the search stops as soon as the best has the whole sum for p
    (``Best[Player] >= Sum``); ``first`` and ``best`` as in :func:`shallow_kids`.
    """
    Requires(vkids(k, n))
    Requires(0 <= p and p < n)
    Requires(fits(k, s, n))
    Requires(Implies(not first, len(best) == n and bounded(best, s, n)))
    Decreases(vkids(k, n))
    Ensures(len(Result()) == n)
    Ensures(Result() == (maxn_choice(k, p, n) if first else better(p, best, maxn_choice(k, p, n))))
    if not maxn_choice_fits(k, p, s, n):
        return best  # never, as in shallow_kids
    if not first and best[p] >= s:
        return best
    Unfold(vkids(k, n))
    c = k.head
    Unfold(vtree(c, n))
    v = c.value if c.kids is None else immediate_kids(c.kids, c.to_move, c.value, True, s, n)
    nb = v if first else better(p, best, v)
    if k.tail is None:
        return nb
    return immediate_kids(k.tail, p, nb, False, s, n)


@Pure
def immediate(t: VTree, s: int, n: int) -> PSeq[int]:
    """Immediate pruning is maxn, on every tree whose leaves keep to the bounds."""
    Requires(vtree(t, n))
    Requires(
        Unfolding(vtree(t, n), bounded(t.value, s, n) if t.kids is None else fits(t.kids, s, n))
    )
    Decreases(None)
    Ensures(Result() == maxn(t, n))
    return Unfolding(
        vtree(t, n),
        t.value if t.kids is None else immediate_kids(t.kids, t.to_move, t.value, True, s, n),
    )


@Pure
def pairs(k: VKids) -> bool:
    """Whether every leaf below the children k is a pair (x, -x) (Korf 3.1)."""
    Requires(vkids(k, 2))
    Decreases(vkids(k, 2))
    Unfold(vkids(k, 2))
    c = k.head
    Unfold(vtree(c, 2))
    here = c.value[1] == -c.value[0] if c.kids is None else pairs(c.kids)
    return here and (k.tail is None or pairs(k.tail))


@Pure
def minimax_choice(k: VKids, p: int) -> int:
    """Minimax on the first components below the children k of a node where p moves."""
    Requires(vkids(k, 2))
    Decreases(vkids(k, 2))
    Unfold(vkids(k, 2))
    c = k.head
    Unfold(vtree(c, 2))
    v = c.value[0] if c.kids is None else minimax_choice(c.kids, c.to_move)
    if k.tail is None:
        return v
    w = minimax_choice(k.tail, p)
    if p == 0:
        return v if v >= w else w
    return v if v <= w else w


@Pure
def maxn_choice_on_pairs(k: VKids, p: int) -> bool:
    """The induction of the theorem maxn-pairs over the children k of a node where p moves."""
    Requires(vkids(k, 2))
    Requires(0 <= p and p < 2)
    Requires(pairs(k))
    Decreases(vkids(k, 2))
    Ensures(Result())
    Ensures(maxn_choice(k, p, 2)[0] == minimax_choice(k, p))
    Ensures(maxn_choice(k, p, 2)[1] == -minimax_choice(k, p))
    Unfold(vkids(k, 2))
    c = k.head
    Unfold(vtree(c, 2))
    head = c.kids is None or maxn_choice_on_pairs(c.kids, c.to_move)
    return head and (k.tail is None or maxn_choice_on_pairs(k.tail, p))


@Pure
def minimax_of_pairs(t: VTree) -> int:
    """Minimax on the first components of t's leaves ("Game Tree"), as maxn-pairs reads them."""
    Requires(vtree(t, 2))
    Decreases(None)
    return Unfolding(
        vtree(t, 2), t.value[0] if t.kids is None else minimax_choice(t.kids, t.to_move)
    )


@Pure
def maxn_on_pairs(t: VTree) -> bool:
    """On leaves (x, -x), maxn is (v, -v), v the minimax value of the x's."""
    Requires(vtree(t, 2))
    Requires(Unfolding(vtree(t, 2), t.value[1] == -t.value[0] if t.kids is None else pairs(t.kids)))
    Decreases(None)
    Ensures(Result())
    Ensures(maxn(t, 2)[0] == minimax_of_pairs(t))
    Ensures(maxn(t, 2)[1] == -minimax_of_pairs(t))
    return Unfolding(vtree(t, 2), t.kids is None or maxn_choice_on_pairs(t.kids, t.to_move))
