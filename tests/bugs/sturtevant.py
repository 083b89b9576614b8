"""Last-branch, speculative and deep pruning for maxn: the correct ones, and a mistake each.

Each search is ``impl``'s (``impl.last_branch``, ``impl.speculative``, ``impl.deep``: read
their docstrings for why they are exact, or for deep pruning why it is not), written again
here at one node, on ``impl.maxn_stack``'s explicit stack, with the one mistake its docstring
names marked ``# BUG``. :func:`last_branch` conforms to ``last-branch``, :func:`speculative` to
``speculative`` and :func:`deep_pruning_unsound` to ``deep-pruning-unsound``, all with
``--strict-order``.

Glossary: n is a node, p the player to move, a *frame* the state of a node being searched,
``total`` Korf's Sum after shifting the lower bound to 0, ``floors`` the lower bounds on each
component that ancestors established (deep pruning), a *top* the ancestor a speculative
pruning relied on.
"""

from collections.abc import Callable
from functools import partial
from typing import Any

from gametree.impl.deep import deep_search
from gametree.impl.last_branch import Frame, is_last_branch_cutoff
from gametree.impl.maxn_stack import Backed, Search, call, korf_bounds, run
from gametree.impl.speculative import Speculated, speculative_cutoff, speculative_search
from gametree.spec import Node, Scalar, Vector
from tests.bugs._common import document, out


def _run(request: dict[str, Any], search: Callable[..., Search[Any]], args: tuple[object, ...],
         name: str) -> dict[str, object]:  # fmt: skip
    doc = document(request)
    assert doc.bounds is not None
    total, evaluate = korf_bounds(doc.tree, doc.bounds, name)
    if args == ("floors",):
        args = ((0,) * doc.tree.players,)
    r = run(doc.tree, partial(search, total=total), args, evaluate, trace=True)
    assert r.trace is not None
    line = list(r.principal_variation)
    return {"value": out(r.value), "best_move": line[0] if line else None,
            "principal_variation": line, "trace": [list(p) for p in r.trace]}  # fmt: skip


def _any_branch_cutoff(me: Frame, total: Scalar) -> bool:
    """:func:`impl.last_branch.is_last_branch_cutoff` with every node above on its last branch."""
    above = []
    a = me.above
    while a is not None:
        above.append((a, a.last))
        a.last = True  # BUG: Sturtevant's condition 1 asks the node itself
        a = a.above
    try:
        return is_last_branch_cutoff(me, total)
    finally:
        for frame, last in above:
            frame.last = last


def _last_branch_search(
    node: Node, player: int, above: Frame | None, *, total: Scalar, any_branch: bool = False
) -> Search[Backed[Vector]]:
    me = Frame(player, above, last=len(node.children) == 1)
    me.best = yield call(0, me)
    cutoff = _any_branch_cutoff if any_branch else is_last_branch_cutoff
    for i in range(1, len(node.children)):
        if cutoff(me, total):
            return me.best
        me.last = i == len(node.children) - 1
        next_ = yield call(i, me)
        if next_[player] > me.best[player]:
            me.best = next_
    return me.best


def last_branch(request: dict[str, Any]) -> dict[str, object]:
    """Sturtevant's last-branch pruning: conforms to ``last-branch``."""
    return _run(request, _last_branch_search, (None,), "last-branch pruning")


def last_branch_any_branch(request: dict[str, Any]) -> dict[str, object]:
    """Last-branch pruning that prunes through an intermediate node on any of its branches.

    Pruning a node from a bound of its great-grandparent a_1 is safe only if the nodes
    between cannot switch to a branch a_1 would take; Sturtevant makes sure of that by asking
    each of them to be on its last branch. Without that condition the search is Korf's deep
    pruning over distinct players, and returns a wrong maxn value (Korf's Figure 5). Seen in
    practice: multi-player engines that carry alpha-beta's deep cut-offs over to maxn.
    """
    return _run(request, partial(_last_branch_search, any_branch=True), (None,),
                "last-branch pruning")  # fmt: skip


def _speculative_search(
    node: Node, player: int, above: Frame | None, *, total: Scalar
) -> Search[Backed[Vector] | Speculated]:
    """:func:`impl.speculative.speculative_search` that never re-searches."""
    me = Frame(player, above)
    last = len(node.children) - 1
    pruned: Speculated | None = None
    for i in range(last + 1):
        next_ = yield call(i, me)
        if isinstance(next_, Speculated):
            pruned = pruned or next_
            continue
        if me.best is None or next_[player] > me.best[player]:
            me.best = next_
            top = speculative_cutoff(me, total) if i < last else None
            if top is me or (top is not None and top is above):
                return me.best
            if top is not None:
                return Speculated(top)
    if me.best is None:
        assert pruned is not None
        return pruned
    return me.best  # BUG: a pruned child whose top is above may still hold a better value


def speculative(request: dict[str, Any]) -> dict[str, object]:
    """Sturtevant's speculative pruning: conforms to ``speculative``."""
    return _run(request, speculative_search, (None,), "speculative pruning")


def speculative_no_research(request: dict[str, Any]) -> dict[str, object]:
    """Speculative pruning that keeps the best of the children that returned values.

    A child pruned speculatively returns no value (Sturtevant's NIL), on the strength of an
    ancestor's bound; when the node's own best turns out to matter to that ancestor, the
    pruned children must be searched again. Without the re-search the node's value misses
    them, and the root's maxn value can be wrong. Seen in practice: speculative maxn written
    as last-branch pruning on every branch, the NIL taken as "no better child".
    """
    return _run(request, _speculative_search, (None,), "speculative pruning")


def _deep_search(
    node: Node, player: int, floors: tuple[Scalar, ...], *, total: Scalar
) -> Search[Backed[Vector]]:
    """:func:`impl.deep.deep_search` that prunes only when the bound is exceeded."""
    bound = total - max(f for q, f in enumerate(floors) if q != player)
    best = yield call(0, floors)
    for i in range(1, len(node.children)):
        if best[player] > bound:  # BUG: >=
            return best
        if best[player] > floors[player]:
            floors = (*floors[:player], best[player], *floors[player + 1 :])
        next_ = yield call(i, floors)
        if next_[player] > best[player]:
            best = next_
    return best


def deep_pruning_unsound(request: dict[str, Any]) -> dict[str, object]:
    """Korf's deep pruning, unsound for three or more players: conforms to its own semantics."""
    return _run(request, deep_search, ("floors",), "deep pruning")


def deep_strict_bound(request: dict[str, Any]) -> dict[str, object]:
    """Deep pruning that cuts off only when the best exceeds the bound, not when it reaches it.

    Korf's ``Shallow`` and deep pruning stop when ``Best[Player] >= Bound``: a later child can
    then be no better for anyone above. With ``>`` the search reads the children after a best
    that meets the bound exactly (caught with ``--strict-order``) and, on a tree where the
    pruning is what makes deep pruning wrong, may even return another value. Seen in
    practice: alpha-beta's off-by-one at the cut-off (``>`` for ``>=``), carried over to
    Korf's bound.
    """
    return _run(request, _deep_search, ("floors",), "deep pruning")


__all__ = [
    "deep_pruning_unsound",
    "deep_strict_bound",
    "last_branch",
    "last_branch_any_branch",
    "speculative",
    "speculative_no_research",
]
