"""alphabeta's fail-soft search in negamax form for every two-player tree, verified by Nagini.

Glossary as in :mod:`gametree.proofs.nagini.two_player`: t is a tree, k the children of a
node, c a child, p the player to move (0 is Max, 1 is Min), v the minimax (or negamax) value,
a and b the window; r_h is fail-hard alpha-beta's result, r_s fail-soft's.

**Fail-soft in negamax form** (Fishburn, SIGART 84 (1983); Knuth and Moore's F2 with the best
child's result returned; :mod:`gametree.proofs.theorems.alphabeta`).
:func:`negamax_alphabeta_soft` is ``impl.negamax_alphabeta(..., fail_soft=True)``: a leaf
child is worth its value to p, a child where p moves again is searched over (a, b), any other
over (-b, -a) and its result negated; alpha rises to each result until alpha >= b, and the
largest result is returned. Proved, for every tree and window a < b, against
:func:`negamax`: r <= a => v <= r; a < r < b => r = v; r >= b => v >= r.

**Not verified: fail-soft lies between fail-hard and the true value** (``impl.alphabeta``'s
docstring). For the same window a < b, with r_h fail-hard's result, r_s fail-soft's (max/min
form) and v the minimax value: v <= a => v <= r_s <= r_h; a < v < b => r_s = r_h = v;
v >= b => r_h <= r_s <= v, with r_h as the shipped code computes it, not clipped to the window
(a leaf that causes a cutoff is returned as it is). It follows from Fishburn's property of r_s
and the lemma that r_h lies between r_s and the window (r_s <= a => r_s <= r_h <= a; a < r_s <
b => r_h = r_s; r_s >= b => b <= r_h <= r_s), which holds because both searches pass the same
window to every child. Written as an induction over the children in this kernel's style,
Nagini 1.2.0 (z3 4.8.7) proved the negamax form and the lemma's middle and upper cases but not
its lower case (r_s <= a => r_s <= r_h), also with the agreement of the two windows given to it
as a proved intermediate fact; we ran out of time to find the hint it needs. The claim is
tested instead, on impl's searches and on random trees (``tests/test_verified_fail_soft.py``).

The proof uses comparisons and negation reversing them: it holds over any ordered abelian
group, the rationals too. It terminates (``Decreases(kids(k))``).

The definitions :class:`Tree` to :func:`alphabeta_soft` are
:mod:`gametree.proofs.nagini.two_player`'s, repeated word for word because Nagini verifies one
file, and ``two_player``'s stored results and seeded flaws stay valid as it is (a test checks
that they are the same); their contracts are verified again here. This file is the verified
source, as the other kernels are.
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
    "alphabeta_soft",
    "alphabeta_soft_choice",
    "better",
    "choice",
    "kids",
    "minimax",
    "negamax",
    "negamax_alphabeta_soft",
    "negamax_alphabeta_soft_choice",
    "negamax_choice",
    "signed",
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


@Pure
def negamax_alphabeta_soft_choice(k: Kids, p: int, a: int, b: int) -> int:
    """Fishburn's fail-soft F2 at a node where p moves, over its children k and (a, b).

    The windows of :func:`negamax_alphabeta_choice`, but the largest of the children's results
    so far is returned, not the bound.
    """
    Requires(kids(k))
    Requires(p == 0 or p == 1)
    Requires(a < b)
    Decreases(kids(k))
    Ensures(Implies(Result() <= a, negamax_choice(k, p) <= Result()))
    Ensures(Implies(a < Result() and Result() < b, Result() == negamax_choice(k, p)))
    Ensures(Implies(Result() >= b, negamax_choice(k, p) >= Result()))
    Unfold(kids(k))
    c = k.head
    Unfold(tree(c))
    if c.kids is None:
        r = signed(p, c.value)
    elif c.to_move == p:
        r = negamax_alphabeta_soft_choice(c.kids, c.to_move, a, b)
    else:
        r = -negamax_alphabeta_soft_choice(c.kids, c.to_move, -b, -a)
    alpha = a if a >= r else r
    if alpha >= b or k.tail is None:
        return r
    s = negamax_alphabeta_soft_choice(k.tail, p, alpha, b)
    return r if r >= s else s


@Pure
def negamax_alphabeta_soft(t: Tree, a: int, b: int) -> int:
    """Fishburn, negamax form: fail-soft F2 on t over (a, b), to the root's mover."""
    Requires(tree(t))
    Requires(a < b)
    Decreases(None)
    Ensures(Implies(Result() <= a, negamax(t) <= Result()))
    Ensures(Implies(a < Result() and Result() < b, Result() == negamax(t)))
    Ensures(Implies(Result() >= b, negamax(t) >= Result()))
    return Unfolding(
        tree(t),
        t.value if t.kids is None else negamax_alphabeta_soft_choice(t.kids, t.to_move, a, b),
    )
