"""Results worked out once however often the gate asks for them.

A case of 10^5 nodes is flagged, measured, written, sent and reported, each of which walks
the tree; :func:`per_tree` keeps the last few results by the tree's identity. Both the
semantics (the request's tree text) and the scope (a case's shape) read it, so it sits below
both. :class:`Memo` keeps what is a pure function of a case's content (its answers, what it
shows) across gate runs in one process.
"""

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar, cast

from gametree.spec import Tree

__all__ = ["KEPT", "KEPT_FROM", "Memo", "per_tree"]

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

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


class Memo(Generic[K, T]):
    """A bounded memo of pure functions' answers, keyed by content: equal keys, one answer.

    Keys are compared by ``==`` (a :class:`gametree.conform.semantics.Case` by its semantics,
    tree, window, bounds and every other field), never by identity. The least recently used
    entries go once more than ``entries`` are kept, or more than ``nodes`` in all by the
    ``weight`` of each key (a key heavier than ``nodes`` is never kept).

    >>> calls = []
    >>> m = Memo(lambda k: 1, entries=2, nodes=10)
    >>> def twice(k): return m(k, lambda: calls.append(k) or k * 2)
    >>> twice(3), twice(3), twice(4), twice(5), twice(3), calls
    (6, 6, 8, 10, 6, [3, 4, 5, 3])
    """

    def __init__(self, weight: Callable[[K], int], *, entries: int, nodes: int) -> None:
        self.weight = weight
        self.entries = entries
        self.nodes = nodes
        self._kept: dict[K, tuple[int, T]] = {}
        self._held = 0

    def __call__(self, key: K, make: Callable[[], T]) -> T:
        """``make()``, or the answer kept for a key equal to ``key``."""
        kept = self._kept.pop(key, None)
        if kept is None:
            w = self.weight(key)
            value = make()
            if w > self.nodes:
                return value
            kept = (w, value)
            self._held += w
        self._kept[key] = kept  # the newest last
        while len(self._kept) > self.entries or self._held > self.nodes:
            oldest = next(iter(self._kept))
            self._held -= self._kept.pop(oldest)[0]
        return kept[1]

    def clear(self) -> None:
        """Forget every answer."""
        self._kept.clear()
        self._held = 0
