"""alphabeta and negamax for every two-player tree, verified by Nagini: alpha-beta and negamax.

Glossary: t is a tree, k the children of a node (a list: ``head``, then ``tail``), c a child,
p the player to move (0 is Max, 1 is Min), v a minimax value, r a search's result, a and b
(alpha and beta) the window.

**The trees.** A :class:`Tree` is a leaf (``kids is None``: its ``value``) or an interior node
(``to_move`` and ``kids``, at least one child, in order); :class:`Kids` is the list of
children, a head and a tail. The predicates :func:`tree` and :func:`kids` own every field of
a tree, as Nagini's permissions require, and say that every player is 0 or 1; the recursive
definitions unfold them one level at a time, and ``Decreases(kids(k))`` proves that each one
terminates: a child's predicate is nested inside its parent's, so every recursion is on a
strictly smaller tree (total correctness). Values are integers of any size. Any player may
move at any node: players moving twice in a row are included.

**The specification** is :func:`minimax` (the lecture note "Game Tree", "Min-Max Algorithm":
V(X) = P(X) at a leaf, the max over the children where Max moves, the min where Min moves), over
the children by :func:`choice`; it is ``spec.minimax``'s value, which the tests check on random
trees.

**The theorem negamax** (the lecture note "Game Tree", "Modified Min-Max Algorithm";
:mod:`gametree.proofs.theorems.negamax`).
:func:`negamax` is ModMinMax, written as ``impl``'s negamax kernel walks a node: a leaf child
is worth its value to the player to move, a child where the same player moves again is taken
as it is, any other child negated, and the largest is taken. Proved:
``negamax(t) == minimax(t)`` if player 0 moves at the root (or ``t`` is a leaf) and
``-minimax(t)`` otherwise, for every tree (:func:`negamax_is_minimax`, by induction through
:func:`negamax_choice_is_signed`). The proof uses the order of the values and that negation
reverses it (max(-x, -y) = -min(x, y)), so it holds in any ordered abelian group: the
rationals too.

**The theorem alphabeta** (Knuth and Moore, AIJ 6 (1975), section 2; Fishburn, SIGART 84
(1983); the procedure of the wiki article "Alpha-Beta Pruning";
:mod:`gametree.proofs.theorems.alphabeta`). With v the minimax value, r the result and any
window a < b, for every tree:

- :func:`alphabeta` is the wiki article's ``alpha_beta`` in max/min form, fail-hard, as
  ``impl``'s kernel runs it: at a Max node ``alpha = max(alpha, r)`` for each child's result r until
  ``alpha >= beta``, and alpha is returned; at a Min node the same with beta and min; a leaf
  returns its value. Proved (Knuth-Moore): v <= a => r <= a; a < v < b => r = v;
  v >= b => r >= b.
- :func:`alphabeta_full_window`: over a window around every leaf value (a below the least,
  b above the greatest: :func:`within`), r = v.
- :func:`negamax_alphabeta` is the same search in negamax form (Knuth and Moore's F2), as
  ``impl``'s negamax kernel runs it: a child where the other player moves is searched over
  (-b, -a) and its result negated, one where the same player moves again over (a, b). Proved:
  Knuth-Moore's three cases against :func:`negamax`.
- :func:`alphabeta_soft` is Fishburn's fail-soft search in max/min form: the same windows, but
  a node returns its best child's result, not the bound. Proved (Fishburn): r <= a =>
  v <= r; a < r < b => r = v; r >= b => v >= r.

The proofs of the max/min forms use only comparisons of values, so they hold over any totally
ordered domain; the negamax form's uses negation too (an ordered abelian group): both carry
over to the rationals.

This file is the verified source: ``python3 dev.py verify`` runs Nagini on it exactly as it is
(a copy of its bytes, whose SHA-256 the stored results name). Nagini reads a subset of Python:
recursion instead of loops, conditional expressions, no docstring in a predicate (the
comment above each says what it owns).
"""

# ruff: noqa: PLR1714 - Nagini reads `p == 0 or p == 1`; `p in {0, 1}` would be a set

from typing import Optional

from nagini_contracts.contracts import (
    Acc,
    Decreases,
    Ensures,
    Implies,
    Predicate,
    Pure,
    Requires,
    Result,
    Unfold,
    Unfolding,
)

__all__ = [
    "Kids",
    "Tree",
    "alphabeta",
    "alphabeta_choice",
    "alphabeta_full_window",
    "alphabeta_soft",
    "alphabeta_soft_choice",
    "better",
    "choice",
    "choice_is_inside",
    "inside",
    "kids",
    "minimax",
    "negamax",
    "negamax_alphabeta",
    "negamax_alphabeta_choice",
    "negamax_choice",
    "negamax_choice_is_signed",
    "negamax_is_minimax",
    "signed",
    "tree",
    "within",
]


class Tree:
    """A leaf (``kids is None``) with its value, or a node with the player to move and kids."""

    def __init__(self, value: int, to_move: int, kids: Optional["Kids"]) -> None:
        self.value: int = value
        self.to_move: int = to_move
        self.kids = kids


class Kids:
    """The children of a node, in order: the first, then the list of the rest."""

    def __init__(self, head: Tree, tail: Optional["Kids"]) -> None:
        self.head = head
        self.tail = tail


# Every field of the tree t, whose players are 0 and 1.
@Predicate
def tree(t: Tree) -> bool:  # noqa: D103 - Nagini takes no docstring in a predicate
    return (
        Acc(t.value)
        and Acc(t.to_move)
        and Acc(t.kids)
        and (t.to_move == 0 or t.to_move == 1)
        and Implies(t.kids is not None, kids(t.kids))  # type: ignore[arg-type] # a guard mypy does not see
    )


# Every field of the children k and of their subtrees.
@Predicate
def kids(k: Kids) -> bool:  # noqa: D103 - as above
    return (
        Acc(k.head) and Acc(k.tail) and tree(k.head) and Implies(k.tail is not None, kids(k.tail))  # type: ignore[arg-type]
    )


@Pure
def better(p: int, v: int, w: int) -> int:
    """The better of v and w for player p: the larger for Max (0), the smaller for Min (1)."""
    Decreases(None)
    if p == 0:
        return v if v >= w else w
    return v if v <= w else w


@Pure
def choice(k: Kids, p: int) -> int:
    """The minimax value of the best of the children k of a node where p moves ("Game Tree")."""
    Requires(kids(k))
    Decreases(kids(k))
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    v = c.value if c.kids is None else choice(c.kids, c.to_move)
    if k.tail is None:
        return v
    return better(p, v, choice(k.tail, p))


@Pure
def minimax(t: Tree) -> int:
    """The minimax value of t: its value at a leaf, else the best of its children ("Game Tree")."""
    Requires(tree(t))
    Decreases(None)
    return Unfolding(tree(t), t.value if t.kids is None else choice(t.kids, t.to_move))


@Pure
def signed(p: int, x: int) -> int:
    """The value x to player p: x to player 0, -x to player 1 ("Game Tree"'s e)."""
    Decreases(None)
    return x if p == 0 else -x


@Pure
def negamax_choice(k: Kids, p: int) -> int:
    """ModMinMax at a node where p moves with children k: each child's value to p, the largest."""
    Requires(kids(k))
    Decreases(kids(k))
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    if c.kids is None:
        v = signed(p, c.value)
    elif c.to_move == p:
        v = negamax_choice(c.kids, c.to_move)
    else:
        v = -negamax_choice(c.kids, c.to_move)
    if k.tail is None:
        return v
    w = negamax_choice(k.tail, p)
    return v if v >= w else w


@Pure
def negamax(t: Tree) -> int:
    """The negamax value of t, to the player to move at its root (player 0 at a lone leaf)."""
    Requires(tree(t))
    Decreases(None)
    return Unfolding(tree(t), t.value if t.kids is None else negamax_choice(t.kids, t.to_move))


@Pure
def negamax_choice_is_signed(k: Kids, p: int) -> bool:
    """The induction of the theorem negamax over the children k of a node where p moves."""
    Requires(kids(k))
    Requires(p == 0 or p == 1)
    Decreases(kids(k))
    Ensures(Result())
    Ensures(negamax_choice(k, p) == signed(p, choice(k, p)))
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    head = c.kids is None or negamax_choice_is_signed(c.kids, c.to_move)
    return head and (k.tail is None or negamax_choice_is_signed(k.tail, p))


@Pure
def negamax_is_minimax(t: Tree) -> bool:
    """Negamax(t) is minimax(t) with the sign of the player to move at the root."""
    Requires(tree(t))
    Decreases(None)
    Ensures(Result())
    Ensures(
        negamax(t)
        == Unfolding(tree(t), minimax(t) if t.kids is None else signed(t.to_move, minimax(t)))
    )
    return Unfolding(tree(t), t.kids is None or negamax_choice_is_signed(t.kids, t.to_move))


@Pure
def alphabeta_choice(k: Kids, p: int, a: int, b: int) -> int:
    """The loop of "Alpha-Beta Pruning" at a node where p moves, over its children k and (a, b).

    Fail-hard: Max raises alpha, Min lowers beta, until alpha >= beta; the bound is returned.
    """
    Requires(kids(k))
    Requires(p == 0 or p == 1)
    Requires(a < b)
    Decreases(kids(k))
    Ensures(Implies(choice(k, p) <= a, Result() <= a))
    Ensures(Implies(a < choice(k, p) and choice(k, p) < b, Result() == choice(k, p)))
    Ensures(Implies(choice(k, p) >= b, Result() >= b))
    Ensures(Implies(p == 0, Result() >= a))
    Ensures(Implies(p == 1, Result() <= b))
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    r = c.value if c.kids is None else alphabeta_choice(c.kids, c.to_move, a, b)
    if p == 0:
        alpha = a if a >= r else r
        if alpha >= b or k.tail is None:
            return alpha
        return alphabeta_choice(k.tail, p, alpha, b)
    beta = b if b <= r else r
    if a >= beta or k.tail is None:
        return beta
    return alphabeta_choice(k.tail, p, a, beta)


@Pure
def alphabeta(t: Tree, a: int, b: int) -> int:
    """Knuth-Moore: fail-hard alpha-beta on t over the window (a, b), Max's view."""
    Requires(tree(t))
    Requires(a < b)
    Decreases(None)
    Ensures(Implies(minimax(t) <= a, Result() <= a))
    Ensures(Implies(a < minimax(t) and minimax(t) < b, Result() == minimax(t)))
    Ensures(Implies(minimax(t) >= b, Result() >= b))
    return Unfolding(
        tree(t), t.value if t.kids is None else alphabeta_choice(t.kids, t.to_move, a, b)
    )


@Pure
def negamax_alphabeta_choice(k: Kids, p: int, a: int, b: int) -> int:
    """Knuth and Moore's F2 at a node where p moves, over its children k and the window (a, b).

    Fail-hard, values to p: a leaf child is worth its value to p, a child where p moves again
    is searched over the same window, any other over (-b, -a), its result negated; alpha rises
    to each result until alpha >= beta, and is returned.
    """
    Requires(kids(k))
    Requires(p == 0 or p == 1)
    Requires(a < b)
    Decreases(kids(k))
    Ensures(Implies(negamax_choice(k, p) <= a, Result() <= a))
    Ensures(
        Implies(
            a < negamax_choice(k, p) and negamax_choice(k, p) < b, Result() == negamax_choice(k, p)
        )
    )
    Ensures(Implies(negamax_choice(k, p) >= b, Result() >= b))
    Ensures(Result() >= a)
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    if c.kids is None:
        r = signed(p, c.value)
    elif c.to_move == p:
        r = negamax_alphabeta_choice(c.kids, c.to_move, a, b)
    else:
        r = -negamax_alphabeta_choice(c.kids, c.to_move, -b, -a)
    alpha = a if a >= r else r
    if alpha >= b or k.tail is None:
        return alpha
    return negamax_alphabeta_choice(k.tail, p, alpha, b)


@Pure
def negamax_alphabeta(t: Tree, a: int, b: int) -> int:
    """Knuth-Moore, negamax form: fail-hard F2 on t over (a, b), to the root's mover."""
    Requires(tree(t))
    Requires(a < b)
    Decreases(None)
    Ensures(Implies(negamax(t) <= a, Result() <= a))
    Ensures(Implies(a < negamax(t) and negamax(t) < b, Result() == negamax(t)))
    Ensures(Implies(negamax(t) >= b, Result() >= b))
    return Unfolding(
        tree(t), t.value if t.kids is None else negamax_alphabeta_choice(t.kids, t.to_move, a, b)
    )


@Pure
def inside(k: Kids, a: int, b: int) -> bool:
    """Whether every leaf below the children k has a value strictly between a and b."""
    Requires(kids(k))
    Decreases(kids(k))
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    here = a < c.value and c.value < b if c.kids is None else inside(c.kids, a, b)
    return here and (k.tail is None or inside(k.tail, a, b))


@Pure
def within(t: Tree, a: int, b: int) -> bool:
    """Whether every leaf of t has a value strictly between a and b (a full window for t)."""
    Requires(tree(t))
    Decreases(None)
    return Unfolding(
        tree(t), a < t.value and t.value < b if t.kids is None else inside(t.kids, a, b)
    )


@Pure
def choice_is_inside(k: Kids, p: int, a: int, b: int) -> bool:
    """The minimax value lies among the leaves: inside (a, b) when they all are."""
    Requires(kids(k))
    Requires(p == 0 or p == 1)
    Decreases(kids(k))
    Ensures(Result())
    Ensures(Implies(inside(k, a, b), a < choice(k, p) and choice(k, p) < b))
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    head = c.kids is None or choice_is_inside(c.kids, c.to_move, a, b)
    return head and (k.tail is None or choice_is_inside(k.tail, p, a, b))


@Pure
def alphabeta_full_window(t: Tree, a: int, b: int) -> bool:
    """Over a window around every leaf value, alpha-beta gives the minimax value."""
    Requires(tree(t))
    Requires(a < b)
    Decreases(None)
    Ensures(Result())
    Ensures(Implies(within(t, a, b), alphabeta(t, a, b) == minimax(t)))
    return Unfolding(tree(t), t.kids is None or choice_is_inside(t.kids, t.to_move, a, b))


@Pure
def alphabeta_soft_choice(k: Kids, p: int, a: int, b: int) -> int:
    """Fishburn's fail-soft loop at a node where p moves, over its children k and (a, b).

    The window narrows as in :func:`alphabeta_choice`, but the best result is returned, not
    the bound: at a Max node the largest of the children's results so far, at a Min node the
    smallest.
    """
    Requires(kids(k))
    Requires(p == 0 or p == 1)
    Requires(a < b)
    Decreases(kids(k))
    Ensures(Implies(Result() <= a, choice(k, p) <= Result()))
    Ensures(Implies(a < Result() and Result() < b, Result() == choice(k, p)))
    Ensures(Implies(Result() >= b, choice(k, p) >= Result()))
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    r = c.value if c.kids is None else alphabeta_soft_choice(c.kids, c.to_move, a, b)
    if p == 0:
        alpha = a if a >= r else r
        if alpha >= b or k.tail is None:
            return r
        s = alphabeta_soft_choice(k.tail, p, alpha, b)
        return r if r >= s else s
    beta = b if b <= r else r
    if a >= beta or k.tail is None:
        return r
    s = alphabeta_soft_choice(k.tail, p, a, beta)
    return r if r <= s else s


@Pure
def alphabeta_soft(t: Tree, a: int, b: int) -> int:
    """Fishburn: fail-soft alpha-beta on t over the window (a, b), Max's view."""
    Requires(tree(t))
    Requires(a < b)
    Decreases(None)
    Ensures(Implies(Result() <= a, minimax(t) <= Result()))
    Ensures(Implies(a < Result() and Result() < b, Result() == minimax(t)))
    Ensures(Implies(Result() >= b, minimax(t) >= Result()))
    return Unfolding(
        tree(t), t.value if t.kids is None else alphabeta_soft_choice(t.kids, t.to_move, a, b)
    )
