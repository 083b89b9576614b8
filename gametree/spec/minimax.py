"""Two-player definitions: minimax in max/min form and negamax (the Min-Max notes).

Glossary: t is a tree, n a node, c a child, v a value, p the player to move (0 is Max, 1 is
Min), E(n) the pay-off of a leaf from Max's point of view.
"""

from collections.abc import Sequence

from gametree.spec.errors import TreeError
from gametree.spec.fold import Solution, solve
from gametree.spec.tree import Leaf, Node, Tree, leaf_values, require_deterministic, subtree  # noqa: F401 - the CrossHair contracts use them
from gametree.spec.values import Scalar

__all__ = [
    "e",
    "minimax",
    "minimax_choice",
    "negamax",
    "negamax_choice",
    "require_scalar_tree",
    "scalar",
]


def require_scalar_tree(t: Tree, definition: str) -> None:
    """Raise a clear error unless ``t`` is a two-player tree with scalar values."""
    if t.vector:
        raise TreeError(
            f"{definition} needs a two-player tree with scalar values (got {t.players}-player "
            f"vector values); for vectors use maxn, or spec.as_pairs for the reverse",
            (),
        )
    require_deterministic(t, definition)


def scalar(leaf: Tree) -> Scalar:
    """The scalar value of a leaf of a tree already checked by ``require_scalar_tree``."""
    assert isinstance(leaf, Leaf)
    v = leaf.value
    assert not isinstance(v, tuple)
    return v


def _children(t: Tree) -> tuple[Tree, ...] | None:
    return t.children if isinstance(t, Node) else None


def minimax_choice(p: int, values: Sequence[Scalar]) -> tuple[Scalar, int]:
    """Max (player 0) takes the largest value, Min (player 1) the smallest; the leftmost wins."""
    v = max(values) if p == 0 else min(values)
    return v, values.index(v)


def minimax(t: Tree) -> Solution[Scalar]:
    """The minimax value of a two-player tree, and its principal variation.

    The Min-Max notes, "Min-Max Algorithm": V(X) = P(X) at a leaf; otherwise V(X) = max{V(c)} when
    Max (player 0) moves at X and min{V(c)} when Min (player 1) moves. Values are from Max's
    point of view. Ties go to the leftmost best child. O(n) time for n nodes, O(height) stack.

    >>> minimax(Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    Solution(value=3, principal_variation=(0, 0))

    The principal variation ends at a leaf worth the value (so the value is a leaf's, between
    the least and the greatest):

    post: subtree(t, __return__.principal_variation) == Leaf(__return__.value)
    """
    require_scalar_tree(t, "minimax")
    return solve(t, _children, scalar, lambda n, _, vs: minimax_choice(_mover(n), vs))


def _mover(n: Tree) -> int:
    assert isinstance(n, Node)
    return n.to_move


def e(v: Scalar, p: int) -> Scalar:
    """The Min-Max notes' pay-off for the player to move: ``v`` if player 0 moves next, else ``-v``.

    Written e(n) there, with E(n) the pay-off from John's (player 0's) point of view.
    """
    return v if p == 0 else -v


def negamax_choice(p: int, movers: Sequence[int], values: Sequence[Scalar]) -> tuple[Scalar, int]:
    """ModMinMax's step at a node where ``p`` moves, given each child's mover and value.

    A child's value is to the player who moves there: negate it unless that is ``p`` too (a
    player moving twice in a row), then take the leftmost largest.
    """
    worths = [v if q == p else -v for q, v in zip(movers, values, strict=True)]
    best = max(worths)
    return best, worths.index(best)


def negamax(t: Tree) -> Solution[Scalar]:
    """The value of a two-player tree to the player to move at its root (ModMinMax).

    The Min-Max notes, "Modified Min-Max Algorithm": with e(n) = E(n) if player 0 moves next at n
    and -E(n) otherwise, ModMinMax(x) = e(x) at a leaf and max over children c of -ModMinMax(c).

    A tree names the player to move at interior nodes only. A leaf's player is the one after
    its parent's (players move in turn), and a lone leaf is a root, where player 0 moves. When
    a child is an interior node of the same player as its parent (a player moving twice, as in
    Kalah), its value is taken without negation, since it is already that player's. Hence
    negamax(t) = minimax(t) when player 0 moves at the root and -minimax(t) otherwise.

    >>> negamax(Node(1, [Node.by_depth([3, 12]), Node.by_depth([2, 4])]))
    Solution(value=-4, principal_variation=(1, 1))

    post: __return__.value in leaf_values(t) or -__return__.value in leaf_values(t)
    """
    require_scalar_tree(t, "negamax")

    def choose(n: Tree, kids: Sequence[Tree], values: list[Scalar]) -> tuple[Scalar, int]:
        p = _mover(n)
        movers = [c.to_move if isinstance(c, Node) else 1 - p for c in kids]
        own = [
            v if isinstance(c, Node) else e(v, q)
            for c, q, v in zip(kids, movers, values, strict=True)
        ]
        return negamax_choice(p, movers, own)

    return solve(t, _children, scalar, choose)
