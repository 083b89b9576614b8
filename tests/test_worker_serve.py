"""The worker's loop on a large request: what it held before the call is kept out of the cycle
collector's walks during the call only, and the reply is the same as for a small request.

Glossary: a *probe* is a callable that records, while it runs, how many objects the collector
holds frozen, and makes a reference cycle of its own that the collector must still free.
"""

import gc
import io
import json
import weakref
from typing import Any

from gametree.conform import worker
from gametree.spec import Node
from gametree.treefile import dumps


class Cycle:
    """An object in a reference cycle with itself."""

    def __init__(self) -> None:
        self.me = self


def probe(request: dict[str, object]) -> dict[str, object]:
    """The request's size, the collector's frozen count during the call, and whether a cycle
    made here was freed by a collection made here."""
    cycle = Cycle()
    gone = weakref.ref(cycle)
    del cycle
    gc.collect()
    return {"frozen": gc.get_freeze_count(), "freed": gone() is None, "keys": sorted(request)}


def served(*lines: str) -> list[dict[str, Any]]:
    out = io.StringIO()
    worker.serve(probe, lines, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_large_request_is_answered_with_the_worker_s_objects_frozen_and_then_thawed() -> None:
    deep = Node.by_depth([[1, 2]])
    for _ in range(14):
        deep = Node(0, [deep, deep])
    tree = dumps(deep)
    large = f'{{"id": 1, "tree": {tree}}}'
    small = '{"id": 2, "tree": [[1, 2]]}'
    assert len(large) >= worker.LARGE_REQUEST > len(small)
    first, second = served(large, small)
    assert first["frozen"] > 0  # the request (and the rest) kept out of the walks
    assert second["frozen"] == 0
    assert first["freed"]  # the callable's own cycles are still collected
    assert second["freed"]
    assert first["keys"] == second["keys"] == ["tree"]
    assert (first["id"], second["id"]) == (1, 2)
    assert gc.get_freeze_count() == 0  # thawed after the reply
