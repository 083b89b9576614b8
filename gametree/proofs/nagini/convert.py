"""``spec`` trees as the trees of the verified kernels, to run the kernels against spec and impl.

The kernels are verified for every tree of their own representation
(:class:`gametree.proofs.nagini.two_player.Tree`, repeated in
:mod:`gametree.proofs.nagini.fail_soft`, and :class:`gametree.proofs.nagini.multi_player.VTree`,
repeated in :mod:`gametree.proofs.nagini.deep`: a leaf's value, or the player to move and a
list of children). :func:`two_player_tree`, :func:`fail_soft_tree`, :func:`multi_player_tree`
and :func:`deep_tree` are the maps from ``spec``'s trees onto them, so that the tests can
check that each kernel computes what ``spec`` defines and ``impl`` runs, on the same trees:
the verified code is the code tested.
"""

from collections.abc import Callable
from typing import TypeVar

from nagini_contracts.contracts import PSeq

from gametree.proofs.nagini import deep, fail_soft
from gametree.proofs.nagini.multi_player import VKids, VTree
from gametree.proofs.nagini.two_player import Kids, Tree
from gametree.spec import Leaf, Node, TreeError
from gametree.spec import Tree as SpecTree
from gametree.spec.fold import fold

__all__ = ["deep_tree", "fail_soft_tree", "multi_player_tree", "two_player_tree"]


T = TypeVar("T")
K = TypeVar("K")


def _children(x: SpecTree) -> "tuple[SpecTree, ...] | None":
    return x.children if isinstance(x, Node) else None


def two_player_tree(t: SpecTree) -> Tree:
    """``t``, a two-player tree with integer values, as a kernel tree (no recursion).

    >>> k = two_player_tree(Node.by_depth([[3, 12], [2, 4]]))
    >>> k.to_move, k.kids.head.kids.tail.head.value
    (0, 12)
    """
    return _scalar_tree(t, Tree, Kids)


def fail_soft_tree(t: SpecTree) -> fail_soft.Tree:
    """``t`` as a tree of the fail-soft kernel (the same as :func:`two_player_tree`'s)."""
    return _scalar_tree(t, fail_soft.Tree, fail_soft.Kids)


def _scalar_tree(
    t: SpecTree, tree: Callable[[int, int, K | None], T], kids: Callable[[T, K | None], K]
) -> T:
    if t.vector or t.players != 2:
        raise TreeError(
            f"the two-player kernels take a two-player tree (got {t.players} players)", ()
        )

    def leaf(x: SpecTree) -> T:
        assert isinstance(x, Leaf)
        if not isinstance(x.value, int):
            raise TreeError(f"the verified kernels take integer values (got {x.value!r})", ())
        return tree(x.value, 0, None)

    def node(x: SpecTree, _: object, children: list[T]) -> T:
        assert isinstance(x, Node)
        k = None
        for c in reversed(children):
            k = kids(c, k)
        return tree(0, x.to_move, k)

    return fold(t, _children, leaf, node)


def multi_player_tree(t: SpecTree, *, lower: int = 0) -> VTree:
    """``t``, an N-player tree with integer components, as a kernel tree (no recursion).

    ``lower`` is subtracted from every component: Korf's lower bound shifted to 0 (3.2), as
    the shallow-pruning kernel takes it (and ``impl.shallow`` does).

    >>> k = multi_player_tree(Node.by_depth([(1, 2, 3), (0, 1, 2)]))
    >>> k.to_move, k.kids.tail.head.value
    (0, PSeq(0, 1, 2))
    """
    return _vector_tree(t, lower, VTree, VKids)


def deep_tree(t: SpecTree, *, lower: int) -> deep.VTree:
    """``t``, a two-player tree with integer pairs, as a tree of the deep-pruning kernel.

    ``lower`` is subtracted from every component, as for :func:`multi_player_tree`.

    >>> k = deep_tree(Node.by_depth([(1, -1), (-2, 2)]), lower=-2)
    >>> k.kids.head.value, k.kids.tail.head.value
    (PSeq(3, 1), PSeq(0, 4))
    """
    if t.players != 2:
        raise TreeError(f"the deep-pruning kernel takes two players (got {t.players})", ())
    return _vector_tree(t, lower, deep.VTree, deep.VKids)


def _vector_tree(
    t: SpecTree,
    lower: int,
    tree: Callable[[PSeq[int], int, K | None], T],
    kids: Callable[[T, K | None], K],
) -> T:
    if not t.vector:
        raise TreeError("the multi-player kernels take a tree with vector values (got scalars)", ())

    def leaf(x: SpecTree) -> T:
        assert isinstance(x, Leaf)
        assert isinstance(x.value, tuple)
        if not all(isinstance(c, int) for c in x.value):
            raise TreeError(f"the verified kernels take integer values (got {x.value!r})", ())
        return tree(PSeq(*(int(c) - lower for c in x.value)), 0, None)

    def node(x: SpecTree, _: object, children: list[T]) -> T:
        assert isinstance(x, Node)
        k = None
        for c in reversed(children):
            k = kids(c, k)
        return tree(PSeq(), x.to_move, k)

    return fold(t, _children, leaf, node)
