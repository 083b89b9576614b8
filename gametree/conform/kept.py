"""Results about a large tree, worked out once however often the gate asks for them.

A case of 10^5 nodes is flagged, measured, written, sent and reported, each of which walks
the tree; :func:`per_tree` keeps the last few results by the tree's identity. Both the
semantics (the request's tree text) and the scope (a case's shape) read it, so it sits below
both.
"""

from collections.abc import Callable
from typing import TypeVar, cast

from gametree.spec import Tree

__all__ = ["KEPT", "KEPT_FROM", "per_tree"]

T = TypeVar("T")

_KEPT: dict[tuple[int, object], tuple[Tree, object]] = {}
KEPT = 8
"""How many results about large trees :func:`per_tree` keeps."""
KEPT_FROM = 1_000
"""The smallest tree a result is kept for: a smaller one is walked again, in microseconds."""


def per_tree(t: Tree, key: object, make: Callable[[], T]) -> T:
    """``make()``, worked out once for a large tree ``t`` and ``key`` however often it is asked.

    The last :data:`KEPT` results are kept, by the tree's identity (each entry holds its tree,
    so that the identity is not reused while it is kept).
    """
    if t.size < KEPT_FROM:
        return make()
    kept = _KEPT.pop((id(t), key), None)
    value = kept[1] if kept is not None and kept[0] is t else make()
    _KEPT[(id(t), key)] = (t, value)  # the newest last
    while len(_KEPT) > KEPT:
        del _KEPT[next(iter(_KEPT))]
    return cast(T, value)
