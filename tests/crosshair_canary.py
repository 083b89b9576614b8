"""Deliberately false contracts over game trees, which CrossHair must refute.

``tests/test_crosshair.py`` runs ``crosshair check`` on these with the tree creators of
``tests/crosshair_plugin.py`` and expects a counterexample for each. A refutation shows
that CrossHair really builds ``Leaf`` and ``Node`` instances (attrs classes, which it is
reported to skip without a word in a module that uses ``from __future__ import annotations``:
this one must not), nests them, and keeps their leaf values symbolic. Each claim fails only on
a tree of height 2 whose root value is one particular number, which a search over concrete
values does not hit in time.
"""

from gametree.spec import Node, Tree, maxn, minimax
from gametree.spec.values import Scalar, Vector

__all__ = ["maxn_value_is_never_123", "minimax_value_is_never_7"]


def minimax_value_is_never_7(t: Tree) -> Scalar:
    """The minimax value of ``t``, falsely claimed never to be 7 at height 2 or more.

    Refuted by, for instance, ``Node(1, (Node(0, (Leaf(7),)),))``.

    post: t.height < 2 or __return__ != 7
    """
    return minimax(t).value


def maxn_value_is_never_123(n: Node) -> Vector:
    """The maxn value of ``n``, falsely claimed never to be (1, 2, 3) at height 2 or more.

    Refuted by, for instance, ``Node(2, (Node(0, (Leaf((1, 2, 3)),)),))``.

    post: n.height < 2 or __return__ != (1, 2, 3)
    """
    return maxn(n).value
