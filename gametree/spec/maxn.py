"""Multi-player definitions: maxn (Luckhardt and Irani, Korf 3.1) and paranoid.

Glossary: t is a tree, n a node, v a value (an N-tuple), p the player to move, r the player
a paranoid search is for, N the number of players.
"""

from collections.abc import Sequence

from gametree.spec.errors import TreeError
from gametree.spec.fold import Solution, fold, solve
from gametree.spec.minimax import minimax_choice
from gametree.spec.tree import Leaf, Node, Tree, leaf_values, require_deterministic, subtree  # noqa: F401 - the CrossHair contracts use them
from gametree.spec.values import Scalar, Vector, as_pair, worth

__all__ = [
    "as_pairs",
    "maxn",
    "maxn_choice",
    "paranoid",
    "paranoid_player",
    "require_vector_tree",
    "vector",
]


def require_vector_tree(t: Tree, definition: str) -> None:
    """Raise a clear error unless ``t`` has N-player vector values."""
    if not t.vector:
        raise TreeError(
            f"{definition} needs N-player vector values (got scalar values); "
            f"spec.as_pairs turns a two-player tree into pairs (x, -x)",
            (),
        )
    require_deterministic(t, definition)


def vector(leaf: Tree) -> Vector:
    """The vector value of a leaf of a tree already checked by ``require_vector_tree``."""
    assert isinstance(leaf, Leaf)
    v = leaf.value
    assert isinstance(v, tuple)
    return v


def _children(t: Tree) -> tuple[Tree, ...] | None:
    return t.children if isinstance(t, Node) else None


def _mover(n: Tree) -> int:
    assert isinstance(n, Node)
    return n.to_move


def maxn_choice(p: int, values: Sequence[Vector]) -> tuple[Vector, int]:
    """The whole tuple of the child whose p-th component is largest; the leftmost wins.

    That is Korf's tie rule, from procedure ``Shallow``: a later child replaces the best so
    far only if ``Next[Player] > Best[Player]``.
    """
    components = [v[p] for v in values]
    i = components.index(max(components))
    return values[i], i


def maxn(t: Tree) -> Solution[Vector]:
    """The maxn value of an N-player tree, and its principal variation (Korf 3.1).

    "The value of each interior node where player i is to move is the entire N-tuple of the
    child for which the ith component is a maximum." Ties go to the leftmost such child.
    O(n) time for n nodes.

    >>> maxn(Node.by_depth([[(3, 3, 3), (4, 2, 3)], [(1, 5, 3), (6, 1, 2)]]))
    Solution(value=(3, 3, 3), principal_variation=(0, 0))

    The principal variation ends at a leaf worth the value (so the value is a leaf's):

    post: subtree(t, __return__.principal_variation) == Leaf(__return__.value)
    """
    require_vector_tree(t, "maxn")
    return solve(t, _children, vector, lambda n, _, vs: maxn_choice(_mover(n), vs))


def paranoid_player(t: Tree, player: int | None) -> int:
    """The player a paranoid search is for: ``player``, else the root's mover (0 at a leaf)."""
    r = player if player is not None else (t.to_move if isinstance(t, Node) else 0)
    if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < t.players:
        raise TreeError(f"'player' must be in 0..{t.players - 1} (got {player!r})", ())
    return r


def paranoid(t: Tree, player: int | None = None) -> Solution[Scalar]:
    """The paranoid value of ``t`` for ``player`` (Sturtevant and Korf, 2000).

    The player (by default the one to move at the root; player 0 for a lone leaf) assumes that
    all the others form a coalition against it, which turns the game into a two-player one:
    the player's own worth of each leaf (its component of a vector, or the scalar from its
    point of view), maximised where it moves and minimised where anyone else does. Ties go to
    the leftmost best child.

    >>> paranoid(Node.by_depth([[(3, 3, 3), (4, 2, 3)], [(1, 5, 3), (6, 1, 2)]]))
    Solution(value=3, principal_variation=(0, 0))

    pre: player is None or 0 <= player < t.players
    post: __return__.value in [worth(v, paranoid_player(t, player)) for v in leaf_values(t)]
    """
    r = paranoid_player(t, player)
    require_deterministic(t, "paranoid")

    def leaf_worth(leaf: Tree) -> Scalar:
        assert isinstance(leaf, Leaf)
        return worth(leaf.value, r)

    def choose(n: Tree, _: Sequence[Tree], values: list[Scalar]) -> tuple[Scalar, int]:
        return minimax_choice(0 if _mover(n) == r else 1, values)

    return solve(t, _children, leaf_worth, choose)


def as_pairs(t: Tree) -> Tree:
    """The two-player tree with every scalar leaf x replaced by the pair (x, -x) (Korf 3.1).

    "The negamax formulation of two-player minimax is a special case of maxn for two players.
    The evaluation function returns an ordered pair of x and -x."

    >>> as_pairs(Node.by_depth([3, -1]))
    Node(0, (Leaf((3, -3)), Leaf((-1, 1))))
    """

    def leaf(x: Tree) -> Tree:
        assert isinstance(x, Leaf)
        v = x.value
        if isinstance(v, tuple):
            raise TreeError(f"as_pairs needs a scalar leaf (got {v!r})")
        return Leaf(as_pair(v))

    return fold(t, _children, leaf, lambda n, _, kids: Node(_mover(n), kids))
