"""``spec`` trees as the trees of the verified kernels, to run the kernels against spec and impl.

The kernels are verified for every tree of their own representation
(:class:`gametree.proofs.nagini.two_player.Tree`, repeated in
:mod:`gametree.proofs.nagini.fail_soft`, and :class:`gametree.proofs.nagini.multi_player.VTree`,
repeated in :mod:`gametree.proofs.nagini.deep`: a leaf's value, or the player to move and a
list of children). :func:`two_player_tree`, :func:`fail_soft_tree`, :func:`multi_player_tree`
and :func:`deep_tree` are the maps from ``spec``'s trees onto them, so that the tests can
check that each kernel computes what ``spec`` defines and ``impl`` runs, on the same trees:
the verified code is the code tested. :func:`build` is the map itself, with the path of each
node given to the constructor (:mod:`gametree.proofs.nagini.reads` builds trees that record
what a search reads with it).
"""

from collections.abc import Callable
from typing import TypeVar

from nagini_contracts.contracts import PSeq

from gametree.proofs.nagini import deep, fail_soft
from gametree.proofs.nagini.multi_player import VKids, VTree
from gametree.proofs.nagini.two_player import Kids, Tree
from gametree.spec import Leaf, Node, Path, TreeError
from gametree.spec import Tree as SpecTree
from gametree.spec.tree import preorder

__all__ = [
    "NO_VECTOR",
    "build",
    "deep_tree",
    "fail_soft_tree",
    "multi_player_tree",
    "scalar",
    "two_player_tree",
    "vector",
]


T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

NO_VECTOR: PSeq[int] = PSeq()
"""An interior node's value in the multi-player kernels (which never read it as a leaf's)."""


def build(
    t: SpecTree,
    value: Callable[[Leaf], V],
    blank: V,
    tree: Callable[[Path, V, int, K | None], T],
    kids: Callable[[T, K | None], K],
) -> T:
    """``t`` as a kernel tree, built with ``tree`` and ``kids`` (no recursion).

    Each leaf's value is ``value(leaf)``, an interior node's ``blank``; a node is
    ``tree(path, value, to_move, children)``, a list of children ``kids(head, tail)``. A
    ``TreeError`` from ``value`` is raised with the leaf's path.
    """
    built: dict[Path, T] = {}
    for where, x in reversed([(tuple(p), x) for p, x in preorder(t)]):
        if isinstance(x, Node):
            k: K | None = None
            for i in reversed(range(len(x.children))):
                k = kids(built.pop((*where, i)), k)
            built[where] = tree(where, blank, x.to_move, k)
        else:
            try:
                built[where] = tree(where, value(x), 0, None)
            except TreeError as e:
                raise e.below(where) from None
    return built[()]


def scalar(t: SpecTree) -> Callable[[Leaf], int]:
    """The value of a leaf of ``t`` in the two-player kernels (``TreeError`` unless integer)."""
    if t.vector or t.players != 2:
        raise TreeError(
            f"the two-player kernels take a two-player tree (got {t.players} players)", ()
        )

    def value(x: Leaf) -> int:
        if not isinstance(x.value, int):
            raise TreeError(f"the verified kernels take integer values (got {x.value!r})", ())
        return x.value

    return value


def vector(t: SpecTree, lower: int) -> Callable[[Leaf], PSeq[int]]:
    """The vector of a leaf of ``t`` in the multi-player kernels, less ``lower``.

    ``lower`` is Korf's lower bound, shifted to 0; ``TreeError`` unless a vector of integers.
    """
    if not t.vector:
        raise TreeError("the multi-player kernels take a tree with vector values (got scalars)", ())

    def value(x: Leaf) -> PSeq[int]:
        assert isinstance(x.value, tuple)
        if not all(isinstance(c, int) for c in x.value):
            raise TreeError(f"the verified kernels take integer values (got {x.value!r})", ())
        return PSeq(*(int(c) - lower for c in x.value))

    return value


def two_player_tree(t: SpecTree) -> Tree:
    """``t``, a two-player tree with integer values, as a kernel tree (no recursion).

    >>> k = two_player_tree(Node.by_depth([[3, 12], [2, 4]]))
    >>> k.to_move, k.kids.head.kids.tail.head.value
    (0, 12)
    """
    return build(t, scalar(t), 0, lambda _, v, p, k: Tree(v, p, k), Kids)


def fail_soft_tree(t: SpecTree) -> fail_soft.Tree:
    """``t`` as a tree of the fail-soft kernel (the same as :func:`two_player_tree`'s)."""
    return build(t, scalar(t), 0, lambda _, v, p, k: fail_soft.Tree(v, p, k), fail_soft.Kids)


def multi_player_tree(t: SpecTree, *, lower: int = 0) -> VTree:
    """``t``, an N-player tree with integer components, as a kernel tree (no recursion).

    ``lower`` is subtracted from every component: Korf's lower bound shifted to 0 (3.2), as
    the shallow-pruning kernel takes it (and ``impl.shallow`` does).

    >>> k = multi_player_tree(Node.by_depth([(1, 2, 3), (0, 1, 2)]))
    >>> k.to_move, k.kids.tail.head.value
    (0, PSeq(0, 1, 2))
    """
    return build(t, vector(t, lower), NO_VECTOR, lambda _, v, p, k: VTree(v, p, k), VKids)


def deep_tree(t: SpecTree, *, lower: int) -> deep.VTree:
    """``t``, a two-player tree with integer pairs, as a tree of the deep-pruning kernel.

    ``lower`` is subtracted from every component, as for :func:`multi_player_tree`.

    >>> k = deep_tree(Node.by_depth([(1, -1), (-2, 2)]), lower=-2)
    >>> k.kids.head.value, k.kids.tail.head.value
    (PSeq(3, 1), PSeq(0, 4))
    """
    if t.players != 2:
        raise TreeError(f"the deep-pruning kernel takes two players (got {t.players})", ())
    return build(t, vector(t, lower), NO_VECTOR, lambda _, v, p, k: deep.VTree(v, p, k), deep.VKids)
