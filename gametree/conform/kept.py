"""Results worked out once however often the gate asks for them.

A case of 10^5 nodes is flagged, measured, written, sent and reported, each of which walks
the tree; :func:`per_tree` keeps the latest results by the tree's identity (the codec's request
text). :class:`Memo` keeps what is a pure function of a case's content (its answers, its shape,
what it shows) across gate runs in one process. The codec, the scope and the semantics read
them, so this module sits below all three; :func:`rare_full_collections` keeps the collector
from passing over all they hold again and again while a run reads its replies.
"""

import contextlib
import gc
import threading
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar, cast

from gametree.spec import Tree

__all__ = [
    "FULL_COLLECTION_AFTER",
    "KEPT",
    "KEPT_FROM",
    "KEPT_NODES",
    "Memo",
    "per_tree",
    "rare_full_collections",
]

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

KEPT = 64
"""How many results about large trees :func:`per_tree` keeps."""
KEPT_NODES = 2**21
"""How many nodes the trees :func:`per_tree` keeps results about may hold in all: the default
scope's scale cases (:mod:`gametree.conform.scale`) and the tiers' largest trees of every gate
run of a process at once."""
KEPT_FROM = 1_000
"""The smallest tree a result is kept for: a smaller one is walked again, in microseconds."""


def per_tree(t: Tree, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, worked out once for a large tree ``t`` and ``key`` however often it is asked.

    The latest results are kept (:data:`KEPT`, :data:`KEPT_NODES`), by the tree's identity
    (each entry holds its tree, so that the identity is not reused while it is kept).
    """
    if t.size < KEPT_FROM:
        return make()
    return cast(T, _KEPT((id(t), t.size, key), lambda: (t, make()))[1])


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


_KEPT: Memo[tuple[int, int, Hashable], tuple[Tree, object]] = Memo(
    lambda key: key[1], entries=KEPT, nodes=KEPT_NODES
)


FULL_COLLECTION_AFTER = 1_000
"""How many collections of the middle generation :func:`rare_full_collections` lets pass
before a full one may run (CPython's default is 10)."""


@contextlib.contextmanager
def rare_full_collections() -> Iterator[None]:
    """Full passes of the cyclic garbage collector made rare for the duration (a gate run).

    CPython's collector passes over every object the process holds once many objects have
    survived two younger collections (its ``threshold2``, then a quarter of the objects held).
    A gate run's large replies survive them as they are read (a trace of 10^5 leaves is as
    many lists), so each sets off a full pass over every tree the memos here keep: in a
    default run, about a third of the gate's CPU. Younger collections go on as before (cyclic
    garbage a target makes is still found while young); the threshold is restored when the
    last of the runs under way (in any thread) ends.

    >>> before = gc.get_threshold()
    >>> with rare_full_collections():
    ...     with rare_full_collections():
    ...         gc.get_threshold()[2] == FULL_COLLECTION_AFTER
    ...     gc.get_threshold()[2] == FULL_COLLECTION_AFTER
    True
    True
    >>> gc.get_threshold() == before
    True
    """
    with _UNDER_WAY.lock:
        if not _UNDER_WAY.runs:
            _UNDER_WAY.before = gc.get_threshold()
            young, middle, full = _UNDER_WAY.before
            gc.set_threshold(young, middle, max(full, FULL_COLLECTION_AFTER))
        _UNDER_WAY.runs += 1
    try:
        yield
    finally:
        with _UNDER_WAY.lock:
            _UNDER_WAY.runs -= 1
            if not _UNDER_WAY.runs:
                gc.set_threshold(*_UNDER_WAY.before)


class _UnderWay:
    """The runs under :func:`rare_full_collections` now, and the thresholds before the first."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.runs = 0
        self.before: tuple[int, ...] = gc.get_threshold()


_UNDER_WAY = _UnderWay()
