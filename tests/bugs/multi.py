"""Maxn, Korf's immediate and shallow pruning, and paranoid: the correct ones, and classic mistakes.

Each function is a conformance target and the whole algorithm, recursive, line for line with
Korf's procedure ``Shallow`` (3.2.2) or with Sturtevant and Korf's paranoid alpha-beta, with
the one mistake its docstring names marked ``# BUG``. Values are read with Korf's lower bound
shifted to 0 (3.2), as ``impl`` does: ``total`` is his ``Sum``.

Glossary: n is a node, p the player to move, ``best`` and ``next_`` Korf's ``Best`` and
``Next`` (vectors), ``bound`` his ``Bound``, ``bounder`` the player whose best gave it (a
player moving twice in a row is not bounded by his own best), r the paranoid player.
"""

from typing import Any

from gametree.spec import Bounds, Leaf, Node, Scalar, Tree, Vector
from tests.bugs._common import INF, Number, document, out

Found = tuple[Vector, list[int]]


def _read(request: dict[str, Any]) -> tuple[Tree, Bounds, Scalar]:
    doc = document(request)
    bounds = doc.bounds or Bounds(0, 9)
    return doc.tree, bounds, bounds.total - doc.tree.players * bounds.lower


def _reply(t: Tree, found: Found, bounds: Bounds, trace: list[list[int]]) -> dict[str, object]:
    v, line = found
    value = tuple(c + bounds.lower for c in v)
    return {"value": out(value), "best_move": line[0] if line else None,
            "principal_variation": line, "trace": trace}  # fmt: skip


def _shallow(request: dict[str, Any], *, bug: str = "") -> dict[str, object]:
    """Korf's ``Shallow``, with ``bug`` naming the one mistake (for the functions below)."""
    t, bounds, total = _read(request)
    trace: list[list[int]] = []

    def leaf(n: Leaf, path: list[int]) -> Found:
        trace.append(path)
        assert isinstance(n.value, tuple)
        return tuple(c - bounds.lower for c in n.value), []

    def shallow(n: Tree, bound: Scalar, bounder: int | None, path: list[int]) -> Found:
        if isinstance(n, Leaf):
            return leaf(n, path)
        p = n.to_move
        if bounder == p:
            bound = total
        first = bound if bug == "first_child_bound" else total  # BUG when it is `bound`
        best, line = shallow(n.children[0], first, None, [*path, 0])
        line = [0, *line]
        for i in range(1, len(n.children)):
            if (best[p] > bound) if bug == "strict_prune" else (best[p] >= bound):
                return best, line
            c = n.children[i]
            q = c.to_move if isinstance(c, Node) else p
            given = best[q] if bug == "wrong_component" else best[p]  # BUG when it is best[q]
            next_, rest = shallow(c, total - given, p, [*path, i])
            if next_[p] > best[p]:
                best, line = next_, [i, *rest]
        return best, line

    return _reply(t, shallow(t, total, None, []), bounds, trace)


def shallow(request: dict[str, Any]) -> dict[str, object]:
    """Korf's ``Shallow``: conforms to ``shallow``."""
    return _shallow(request)


def shallow_first_child_bound(request: dict[str, Any]) -> dict[str, object]:
    """The first child searched with the parent's bound, where Korf passes ``Sum``.

    ``Best = Shallow(first Child, next Player, Sum)``: the first child has no sibling to be
    bounded by yet. Passing ``Bound`` prunes the first grandchild's siblings against a bound
    meant for another player. Seen in practice: shallow pruning written as alpha-beta, which
    passes its window to every child, the first included.
    """
    return _shallow(request, bug="first_child_bound")


def shallow_strict_prune(request: dict[str, Any]) -> dict[str, object]:
    """``IF Best[Player] >= Bound`` written with ``>``: a node that meets its bound exactly
    reads on.

    The value stays right; leaves that cannot matter are read (``--strict-order``). Seen in
    practice: Korf's pseudocode transcribed with the strict comparison of the replacement test
    two lines below it.
    """
    return _shallow(request, bug="strict_prune")


def shallow_wrong_component(request: dict[str, Any]) -> dict[str, object]:
    """``Sum - Best[Player]`` computed from the wrong player's component (the child's mover).

    The bound passed down is on the next player's share, computed from what the next player
    already has rather than what the player to move here has. Seen in practice: maxn code
    indexing vectors by ``next_player`` where ``player`` belongs (they sit one line apart).
    """
    return _shallow(request, bug="wrong_component")


def deep_pruning(request: dict[str, Any]) -> dict[str, object]:
    """Deep pruning used with three players: bounds from ancestors above the parent.

    Shallow pruning with ``Bound = Sum - max(floors of the other players)``, each player's
    floor raised at its own nodes and passed all the way down, as alpha-beta passes alpha and
    beta. Korf (3.2.3) shows the pruned node can still decide the value through an
    intermediate player; his Figure 5 is the vector that catches it. Seen in practice:
    multi-player engines that generalise alpha-beta's deep cut-offs (the paper's reason for
    existing).
    """
    t, bounds, total = _read(request)
    trace: list[list[int]] = []

    def search(n: Tree, floors: tuple[Scalar, ...], path: list[int]) -> Found:
        if isinstance(n, Leaf):
            trace.append(path)
            assert isinstance(n.value, tuple)
            return tuple(c - bounds.lower for c in n.value), []
        p = n.to_move
        bound = total - max(f for q, f in enumerate(floors) if q != p)  # BUG: from ancestors
        best, line = search(n.children[0], floors, [*path, 0])
        line = [0, *line]
        for i in range(1, len(n.children)):
            if best[p] >= bound:
                return best, line
            if best[p] > floors[p]:
                floors = (*floors[:p], best[p], *floors[p + 1 :])  # BUG: passed down
            next_, rest = search(n.children[i], floors, [*path, i])
            if next_[p] > best[p]:
                best, line = next_, [i, *rest]
        return best, line

    return _reply(t, search(t, (0,) * t.players, []), bounds, trace)


def _maxn(request: dict[str, Any], *, strict: bool) -> dict[str, object]:
    t, bounds, _ = _read(request)
    trace: list[list[int]] = []

    def search(n: Tree, path: list[int]) -> Found:
        if isinstance(n, Leaf):
            trace.append(path)
            assert isinstance(n.value, tuple)
            return tuple(c - bounds.lower for c in n.value), []
        p = n.to_move
        best, line = search(n.children[0], [*path, 0])
        line = [0, *line]
        for i in range(1, len(n.children)):
            next_, rest = search(n.children[i], [*path, i])
            if next_[p] > best[p] if strict else next_[p] >= best[p]:  # BUG when not strict
                best, line = next_, [i, *rest]
        return best, line

    return _reply(t, search(t, []), bounds, trace)


def maxn(request: dict[str, Any]) -> dict[str, object]:
    """Maxn, every leaf: conforms to ``maxn``."""
    return _maxn(request, strict=True)


def maxn_non_strict(request: dict[str, Any]) -> dict[str, object]:
    """Maxn with non-strict replacement: ``Next[Player] >= Best[Player]``.

    When the player to move is indifferent, the other players' components decide which vector
    goes up, so the value itself changes, not only the move. Seen in practice: maxn
    implementations that break ties "towards the last child", unaware that maxn's value is
    not unique (Korf 3.1).
    """
    return _maxn(request, strict=False)


def immediate_unshifted(request: dict[str, Any]) -> dict[str, object]:
    """Immediate pruning against the declared sum without shifting the lower bound to 0.

    ``Best[Player] >= Sum`` is right only when the lower bound is 0; with lower bound L the
    component to compare is ``Best[Player] - L`` and the sum ``Sum - N·L`` (Korf 3.2). The
    unshifted test prunes children that could still win. Seen in practice: bounds taken from
    an evaluation whose minimum is not 0 (scores in -1..1), plugged into code written for 0.
    """
    t, bounds, _ = _read(request)
    trace: list[list[int]] = []

    def search(n: Tree, path: list[int]) -> tuple[Vector, list[int]]:
        if isinstance(n, Leaf):
            trace.append(path)
            assert isinstance(n.value, tuple)
            return n.value, []
        p = n.to_move
        best, line = search(n.children[0], [*path, 0])
        line = [0, *line]
        for i in range(1, len(n.children)):
            if best[p] >= bounds.total:  # BUG: best[p] - L >= total - N·L
                return best, line
            next_, rest = search(n.children[i], [*path, i])
            if next_[p] > best[p]:
                best, line = next_, [i, *rest]
        return best, line

    v, line = search(t, [])
    return {"value": out(v), "best_move": line[0] if line else None,
            "principal_variation": line, "trace": trace}  # fmt: skip


def _paranoid(request: dict[str, Any], *, bug: str = "") -> dict[str, object]:
    """Paranoid alpha-beta (fail-soft, deep cut-offs), as ``impl.paranoid`` searches."""
    t = document(request).tree
    r = request.get("player")
    r = r if isinstance(r, int) else (t.to_move if isinstance(t, Node) else 0)
    trace: list[list[int]] = []

    def worth(n: Leaf) -> Number:
        v = n.value
        assert isinstance(v, tuple)
        return v[0] if bug == "component_0" else v[r]  # BUG when it is v[0]

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> tuple[Number, list[int]]:
        if isinstance(n, Leaf):
            trace.append(path)
            return worth(n), []
        maximising = n.to_move == r or bug == "coalition_max"  # BUG when coalition_max
        best, line = search(n.children[0], a, b, [*path, 0])
        line = [0, *line]
        for i in range(1, len(n.children)):
            if maximising:
                if best >= b:
                    return best, line
                a = max(a, best)
                next_, rest = search(n.children[i], a, b, [*path, i])
                if next_ > best:
                    best, line = next_, [i, *rest]
            else:
                if best <= a:
                    return best, line
                b = min(b, best)
                next_, rest = search(n.children[i], a, b, [*path, i])
                if next_ < best:
                    best, line = next_, [i, *rest]
        return best, line

    v, line = search(t, -INF, INF, [])
    return {"value": out(v), "best_move": line[0] if line else None,
            "principal_variation": line, "trace": trace}  # fmt: skip


def paranoid(request: dict[str, Any]) -> dict[str, object]:
    """Paranoid alpha-beta: conforms to ``paranoid``."""
    return _paranoid(request)


def paranoid_coalition_max(request: dict[str, Any]) -> dict[str, object]:
    """Paranoid search with the coalition maximising: every player maximises r's worth.

    The coalition is there to minimise what r gets. Seen in practice: a paranoid search
    built from a maxn one, where every node still takes the maximum of "its" score.
    """
    return _paranoid(request, bug="coalition_max")


def paranoid_leaf_component_0(request: dict[str, Any]) -> dict[str, object]:
    """Leaf values taken from the wrong player in a vector: component 0 (Max's), not r's.

    Right when r is player 0, wrong for every other paranoid player (the ``OtherPlayer``
    vectors). Seen in practice: two-player code generalised to N players that still reads
    "the score" as the first player's.
    """
    return _paranoid(request, bug="component_0")
