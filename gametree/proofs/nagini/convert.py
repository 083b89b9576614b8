"""``spec`` trees as the trees of the verified kernels, to run the kernels against spec and impl.

The kernels are verified for every tree of their own representation
(:class:`gametree.proofs.nagini.two_player.Tree`: a leaf's value, or the player to move and a
list of children). :func:`two_player_tree` is the one map from ``spec``'s trees onto it, so
that the tests can check that each kernel computes what ``spec`` defines and ``impl`` runs, on
the same trees: the verified code is the code that is tested.
"""

from gametree.proofs.nagini.two_player import Kids, Tree
from gametree.spec import Leaf, Node, TreeError
from gametree.spec import Tree as SpecTree
from gametree.spec.fold import fold

__all__ = ["two_player_tree"]


def two_player_tree(t: SpecTree) -> Tree:
    """``t``, a two-player tree with integer values, as a kernel tree (no recursion).

    >>> k = two_player_tree(Node.by_depth([[3, 12], [2, 4]]))
    >>> k.to_move, k.kids.head.kids.tail.head.value
    (0, 12)
    """
    if t.vector or t.players != 2:
        raise TreeError(
            f"the two-player kernels take a two-player tree (got {t.players} players)", ()
        )

    def leaf(x: SpecTree) -> Tree:
        assert isinstance(x, Leaf)
        if not isinstance(x.value, int):
            raise TreeError(f"the verified kernels take integer values (got {x.value!r})", ())
        return Tree(x.value, 0, None)

    def node(x: SpecTree, _: object, children: list[Tree]) -> Tree:
        assert isinstance(x, Node)
        kids = None
        for c in reversed(children):
            kids = Kids(c, kids)
        return Tree(0, x.to_move, kids)

    return fold(t, lambda x: x.children if isinstance(x, Node) else None, leaf, node)
