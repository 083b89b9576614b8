"""Theorems 1 and 2 for every two-player tree, verified by Nagini: alpha-beta and negamax.

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

**The specification** is :func:`minimax` (seed 001, "Min-Max Algorithm": V(X) = P(X) at a
leaf, the max over the children where Max moves, the min where Min moves), over the children
by :func:`choice`; it is ``spec.minimax``'s value, which the tests check on random trees.

**Theorem 2** (seed 001, "Modified Min-Max Algorithm"; :mod:`gametree.proofs.negamax`).
:func:`negamax` is ModMinMax, written as ``impl``'s negamax kernel walks a node: a leaf child
is worth its value to the player to move, a child where the same player moves again is taken
as it is, any other child negated, and the largest is taken. Proved:
``negamax(t) == minimax(t)`` if player 0 moves at the root (or ``t`` is a leaf) and
``-minimax(t)`` otherwise, for every tree (:func:`negamax_is_minimax`, by induction through
:func:`negamax_choice_is_signed`). The proof uses the order of the values and that negation
reverses it (max(-x, -y) = -min(x, y)), so it holds in any ordered abelian group: the
rationals too.

**Theorem 1, fail-hard** (Knuth and Moore, AIJ 6 (1975), section 2; seed 002's procedure;
:mod:`gametree.proofs.alphabeta`). :func:`alphabeta` is seed 002's ``alpha_beta`` in max/min
form, as ``impl``'s kernel runs it: at a Max node ``alpha = max(alpha, r)`` for each child's
result r until ``alpha >= beta``, and alpha is returned; at a Min node the same with beta and
min; a leaf returns its value. Proved, for every tree and every window a < b, with v the
minimax value: v <= a => r <= a; a < v < b => r = v; v >= b => r >= b; and so with a window
around every leaf value (a below the least, b above the greatest), r = v. The proof uses only
comparisons of values, so it holds over any totally ordered domain: the rationals too.

This file is the verified source: ``python3 dev.py verify`` runs Nagini on it exactly as it is
(a copy of its bytes, whose SHA-256 the stored results name). Nagini reads a subset of Python:
recursion instead of loops, conditional expressions, no docstrings inside the verified
functions (their documentation is the comment above each).
"""

# ruff: noqa: UP045 - Nagini 1.2.0's mypy 0.900 reads Optional, not X | None, in a forward reference

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
    "choice",
    "kids",
    "minimax",
    "negamax",
    "negamax_choice",
    "negamax_is_minimax",
    "tree",
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
def tree(t: Tree) -> bool:
    return (
        Acc(t.value)
        and Acc(t.to_move)
        and Acc(t.kids)
        and (t.to_move == 0 or t.to_move == 1)
        and Implies(t.kids is not None, kids(t.kids))
    )


# Every field of the children k and of their subtrees.
@Predicate
def kids(k: Kids) -> bool:
    return (
        Acc(k.head) and Acc(k.tail) and tree(k.head) and Implies(k.tail is not None, kids(k.tail))
    )


# The better of v and w for player p: the larger for Max (0), the smaller for Min (1).
@Pure
def better(p: int, v: int, w: int) -> int:
    Decreases(None)
    if p == 0:
        return v if v >= w else w
    return v if v <= w else w


# The minimax value of the best of the children k of a node where p moves (seed 001).
@Pure
def choice(k: Kids, p: int) -> int:
    Requires(kids(k))
    Decreases(kids(k))
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    v = c.value if c.kids is None else choice(c.kids, c.to_move)
    if k.tail is None:
        return v
    return better(p, v, choice(k.tail, p))


# The minimax value of t: its value at a leaf, else the best of its children (seed 001).
@Pure
def minimax(t: Tree) -> int:
    Requires(tree(t))
    Decreases(None)
    return Unfolding(tree(t), t.value if t.kids is None else choice(t.kids, t.to_move))


# x from the point of view of player p: x for player 0, -x for player 1 (seed 001's e).
@Pure
def signed(p: int, x: int) -> int:
    Decreases(None)
    return x if p == 0 else -x


# ModMinMax at a node where p moves with children k: each child's value to p, the largest.
@Pure
def negamax_choice(k: Kids, p: int) -> int:
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


# The negamax value of t, to the player to move at its root (player 0 at a lone leaf).
@Pure
def negamax(t: Tree) -> int:
    Requires(tree(t))
    Decreases(None)
    return Unfolding(tree(t), t.value if t.kids is None else negamax_choice(t.kids, t.to_move))


# The induction of Theorem 2 over the children k of a node where p moves.
@Pure
def negamax_choice_is_signed(k: Kids, p: int) -> bool:
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


# Theorem 2: negamax(t) is minimax(t) with the sign of the player to move at the root.
@Pure
def negamax_is_minimax(t: Tree) -> bool:
    Requires(tree(t))
    Decreases(None)
    Ensures(Result())
    Ensures(
        negamax(t) == Unfolding(tree(t), minimax(t) if t.kids is None else signed(t.to_move, minimax(t)))
    )
    return Unfolding(tree(t), t.kids is None or negamax_choice_is_signed(t.kids, t.to_move))


# Seed 002's loop at a node where p moves, over its children k and the window (a, b),
# fail-hard: Max raises alpha, Min lowers beta, until alpha >= beta; the bound is returned.
@Pure
def alphabeta_choice(k: Kids, p: int, a: int, b: int) -> int:
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


# Theorem 1 (Knuth-Moore): fail-hard alpha-beta on t over the window (a, b), Max's view.
@Pure
def alphabeta(t: Tree, a: int, b: int) -> int:
    Requires(tree(t))
    Requires(a < b)
    Decreases(None)
    Ensures(Implies(minimax(t) <= a, Result() <= a))
    Ensures(Implies(a < minimax(t) and minimax(t) < b, Result() == minimax(t)))
    Ensures(Implies(minimax(t) >= b, Result() >= b))
    return Unfolding(
        tree(t), t.value if t.kids is None else alphabeta_choice(t.kids, t.to_move, a, b)
    )
