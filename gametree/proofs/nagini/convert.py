"""``spec`` trees as the trees of the verified kernels, to run the kernels against spec and impl.

The kernels are verified for every tree of their own representation
(:class:`gametree.proofs.nagini.two_player.Tree` and
:class:`gametree.proofs.nagini.multi_player.VTree`: a leaf's value, or the player to move and
a list of children). :func:`two_player_tree` and :func:`multi_player_tree` are the maps from
``spec``'s trees onto them, so that the tests can check that each kernel computes what
``spec`` defines and ``impl`` runs, on the same trees: the verified code is the code tested.
"""

from nagini_contracts.contracts import PSeq

from gametree.proofs.nagini.multi_player import VKids, VTree
from gametree.proofs.nagini.two_player import Kids, Tree
from gametree.spec import Leaf, Node, TreeError
from gametree.spec import Tree as SpecTree
from gametree.spec.fold import fold

__all__ = ["multi_player_tree", "two_player_tree"]


def _children(x: SpecTree) -> "tuple[SpecTree, ...] | None":
    return x.children if isinstance(x, Node) else None


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

    return fold(t, _children, leaf, node)


def multi_player_tree(t: SpecTree, *, lower: int = 0) -> VTree:
    """``t``, an N-player tree with integer components, as a kernel tree (no recursion).

    ``lower`` is subtracted from every component: Korf's lower bound shifted to 0 (3.2), as
    the shallow-pruning kernel takes it (and ``impl.shallow`` does).

    >>> k = multi_player_tree(Node.by_depth([(1, 2, 3), (0, 1, 2)]))
    >>> k.to_move, k.kids.tail.head.value
    (0, PSeq(0, 1, 2))
    """
    if not t.vector:
        raise TreeError("the multi-player kernels take a tree with vector values (got scalars)", ())

    def leaf(x: SpecTree) -> VTree:
        assert isinstance(x, Leaf)
        assert isinstance(x.value, tuple)
        if not all(isinstance(c, int) for c in x.value):
            raise TreeError(f"the verified kernels take integer values (got {x.value!r})", ())
        return VTree(PSeq(*(int(c) - lower for c in x.value)), 0, None)

    def node(x: SpecTree, _: object, children: list[VTree]) -> VTree:
        assert isinstance(x, Node)
        kids = None
        for c in reversed(children):
            kids = VKids(c, kids)
        return VTree(PSeq(), x.to_move, kids)

    return fold(t, _children, leaf, node)
