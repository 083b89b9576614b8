"""gametree's own searches as conformance targets: ``--target optimal``.

A target named as a search of ``gametree algorithms`` (``shallow``, ``maxn``, or an old
spelling such as ``impl.shallow``) runs that search in a worker process, as a Python callable
runs (``python -m gametree.conform.worker shallow``): each request's tree and bounds go to
it, and its window (``alpha``, ``beta``), ``player``, ``domain`` and ``first_guess`` as the
search's options (``gametree.algorithms.Options``) where the search reads them; the reply is
its value, principal variation and, when the request asks, its trace. So gametree's searches
are gated like any engine, and one semantics can be asked of another's search:
``gametree conform --target shallow --semantics optimal --strict-order`` names the first
leaf that shallow pruning reads and no directional search needs.

>>> from gametree.conform.codec import Case, request
>>> from gametree.spec import Bounds, Node
>>> t = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])
>>> req = request(Case("optimal", t, Bounds(0, 9)), trace=True)
>>> answer("shallow", req)["trace"], answer("impl.optimal", req)["trace"]
([[0], [1, 0], [1, 1, 0], [1, 1, 1]], [[0], [1, 0], [1, 1, 0]])
"""

from typing import Any

from gametree.algorithms import SPELLINGS, Options, lookup
from gametree.impl import BOTTOM, TOP
from gametree.spec import Bounds, Interval, Tree
from gametree.treefile import json_value, parse_number, read_tree_json

__all__ = ["answer", "answer_tree", "is_search"]


def is_search(target: str) -> bool:
    """Whether ``target`` names one of gametree's searches.

    A name of ``gametree algorithms``, or an old spelling such as ``impl.shallow``.
    """
    return target in SPELLINGS


def answer(name: str, request: dict[str, Any]) -> dict[str, object]:
    """The reply of the search called ``name`` to ``request`` (the protocol's dict).

    Raises what the search raises when it cannot take the tree (``spec.TreeError``: the
    worker reports it as the target's error).
    """
    doc = read_tree_json(request["tree"])
    return answer_tree(name, request, doc.tree, doc.declared)


def answer_tree(
    name: str, request: dict[str, Any], tree: Tree, declared: Bounds | Interval | None
) -> dict[str, object]:
    """:func:`answer` on a tree already read: ``request``'s own ``"tree"``, if any, is not read.

    For a caller that holds the tree the request was written from
    (:class:`gametree.conform.targets.SearchTarget`): the text would only be read back.
    """
    found = lookup(name)
    a = found.algorithm
    given: dict[str, Any] = {}
    for key, bottom in (("alpha", BOTTOM), ("beta", TOP)):
        x = request.get(key)
        if key in a.options:
            given[key] = bottom if x is None else parse_number(x, [key])
    if "first_guess" in a.options and request.get("first_guess") is not None:
        given["first_guess"] = parse_number(request["first_guess"], ["first_guess"])
    for key in ("player", "domain"):
        if key in a.options and request.get(key) is not None:
            given[key] = request[key]
    r = found.run(tree, declared, Options(**given), trace=bool(request.get("trace")))
    reply: dict[str, object] = {
        "value": json_value(r.value),
        "best_move": r.best_move,
        "principal_variation": list(r.principal_variation),
    }
    if r.trace is not None:
        reply["trace"] = [list(p) for p in r.trace]
    return reply
