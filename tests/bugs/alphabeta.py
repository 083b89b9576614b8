"""Alpha-beta in max/min form, as people write it: the correct one, and one mistake per function.

Each function is a conformance target (``gametree conform --target tests.bugs.alphabeta:NAME``)
and is the whole of the Alpha-Beta Pruning article's procedure (Knuth and Moore's F2), recursive, as
most engines are, with the single mistake its docstring names marked ``# BUG``. ``correct`` is
fail-hard (``alphabeta-fail-hard``), ``correct_soft`` fail-soft (``alphabeta-fail-soft``).

Glossary: n is a node, a and b the window, v a child's value, p the player to move, ``best``
the node's result so far, ``line`` its principal variation, ``trace`` the leaves read.
"""

import sys
from typing import Any

from gametree.spec import Leaf, Node, Tree
from tests.bugs._common import INF, Number, document, reply, window

Result = tuple[Number, list[int]]


def correct(request: dict[str, Any]) -> dict[str, object]:
    """The Alpha-Beta Pruning article's fail-hard alpha-beta: conforms to
    ``alphabeta-fail-hard``."""
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        if n.to_move == 0:
            best = a
            for i, c in enumerate(n.children):
                v, rest = search(c, max(a, best), b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                if best >= b:
                    break
            return best, line
        best = b
        for i, c in enumerate(n.children):
            v, rest = search(c, a, min(b, best), [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            if a >= best:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


def correct_soft(request: dict[str, Any]) -> dict[str, object]:
    """Fishburn's fail-soft alpha-beta: conforms to ``alphabeta-fail-soft``."""
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        if n.to_move == 0:
            best: Number = -INF
            for i, c in enumerate(n.children):
                v, rest = search(c, a, b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                a = max(a, best)
                if a >= b:
                    break
            return best, line
        best = INF
        for i, c in enumerate(n.children):
            v, rest = search(c, a, b, [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            b = min(b, best)
            if a >= b:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


def cutoff_strict(request: dict[str, Any]) -> dict[str, object]:
    """The cut-off tested with ``>`` where ``>=`` belongs: ``if best > b``.

    The values stay right; a node whose value reaches beta exactly goes on reading children
    that cannot matter, so only the leaf order shows it (``--strict-order``). Seen in
    practice: hand-written alpha-betas transcribing "prune when alpha meets beta" as
    ``alpha > beta``; the off-by-one of ``examples/alphabeta_targets.py``.
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        if n.to_move == 0:
            best = a
            for i, c in enumerate(n.children):
                v, rest = search(c, max(a, best), b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                if best > b:  # BUG: >= belongs here
                    break
            return best, line
        best = b
        for i, c in enumerate(n.children):
            v, rest = search(c, a, min(b, best), [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            if a > best:  # BUG: >= belongs here
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


def soft_as_hard(request: dict[str, Any]) -> dict[str, object]:
    """Fail-soft returned where fail-hard is claimed: each node's best starts at -inf/+inf.

    Where every child fails low, the root answers the best child's bound instead of alpha
    itself. Seen in practice: engines documented as fail-hard whose code was switched to
    fail-soft for a transposition table (the PVS and MTD(f) literature assumes fail-soft,
    and the two are easily mixed up).
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        if n.to_move == 0:
            best: Number = -INF  # BUG: fail-hard starts at a
            for i, c in enumerate(n.children):
                v, rest = search(c, max(a, best), b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                if best >= b:
                    break
            return best, line
        best = INF  # BUG: fail-hard starts at b
        for i, c in enumerate(n.children):
            v, rest = search(c, a, min(b, best), [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            if a >= best:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


def min_best_from_max(request: dict[str, Any]) -> dict[str, object]:
    """The initial best value in Min nodes copied from the Max branch: ``best = -inf``.

    No child is ever below -inf, so a Min node keeps -inf and reports it. Seen in practice:
    the Min half of a max/min alpha-beta written by copying the Max half (a frequent question
    on programming forums about "minimax always returns -infinity").
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        if n.to_move == 0:
            best: Number = -INF
            for i, c in enumerate(n.children):
                v, rest = search(c, a, b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                a = max(a, best)
                if a >= b:
                    break
            return best, line
        best = -INF  # BUG: +inf belongs here
        for i, c in enumerate(n.children):
            v, rest = search(c, a, b, [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            b = min(b, best)
            if a >= b:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


def alpha_in_min(request: dict[str, Any]) -> dict[str, object]:
    """Alpha updated in Min nodes: ``a = max(a, best)`` in the Min loop, for ``b = min(b, best)``.

    Min raises Max's guarantee with its own replies, so siblings are cut off against a bound
    nobody earned. Seen in practice: a max/min alpha-beta whose two loops were written from one
    template with the bound variable left unchanged.
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        if n.to_move == 0:
            best: Number = -INF
            for i, c in enumerate(n.children):
                v, rest = search(c, a, b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                a = max(a, best)
                if a >= b:
                    break
            return best, line
        best = INF
        for i, c in enumerate(n.children):
            v, rest = search(c, a, b, [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            a = max(a, best)  # BUG: b = min(b, best) belongs here
            if a >= b:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


def ties_rightmost(request: dict[str, Any]) -> dict[str, object]:
    """Ties broken rightmost: a child replaces the best when it is as good (``>=``, ``<=``).

    The value is right; the move is the last of several equally good ones, where the tie rule
    (Korf's ``Next[Player] > Best[Player]``) takes the first, so ``--best-move`` shows it.
    Seen in practice: ``if score >= best_score`` in move pickers, which makes the choice
    depend on move generation order from the other end.
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        if n.to_move == 0:
            best: Number = -INF
            for i, c in enumerate(n.children):
                v, rest = search(c, a, b, [*path, i])
                if v >= best:  # BUG: > belongs here
                    best, line = v, [i, *rest]
                a = max(a, best)
                if a >= b:
                    break
            return best, line
        best = INF
        for i, c in enumerate(n.children):
            v, rest = search(c, a, b, [*path, i])
            if v <= best:  # BUG: < belongs here
                best, line = v, [i, *rest]
            b = min(b, best)
            if a >= b:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


def parity_max_min(request: dict[str, Any]) -> dict[str, object]:
    """Max and Min decided by the depth's parity, not by the player to move at the node.

    Right while the players alternate from Max at the root; wrong when Min moves first or a
    player moves twice (the ``NotByDepth`` vectors). Seen in practice: ``maximizing = depth %
    2 == 0`` in engines later used for games with extra moves (Kalah, checkers' multi-jumps).
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        if len(path) % 2 == 0:  # BUG: n.to_move == 0 belongs here
            best: Number = -INF
            for i, c in enumerate(n.children):
                v, rest = search(c, a, b, [*path, i])
                if v > best:
                    best, line = v, [i, *rest]
                a = max(a, best)
                if a >= b:
                    break
            return best, line
        best = INF
        for i, c in enumerate(n.children):
            v, rest = search(c, a, b, [*path, i])
            if v < best:
                best, line = v, [i, *rest]
            b = min(b, best)
            if a >= b:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


def stale_principal_variation(request: dict[str, Any]) -> dict[str, object]:
    """The principal variation taken from the last child searched, not from the best one.

    The value and the move are right; the line below the root is whatever was searched last.
    Seen in practice: engines that keep one global PV array and copy the child's line after
    every search rather than only when the move improves (a classic triangular-PV-table slip).
    """
    trace: list[list[int]] = []

    def search(n: Tree, a: Number, b: Number, path: list[int]) -> Result:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return n.value, []
        line: list[int] = []
        move = 0
        if n.to_move == 0:
            best: Number = -INF
            for i, c in enumerate(n.children):
                v, rest = search(c, a, b, [*path, i])
                if v > best:
                    best, move = v, i
                line = [move, *rest]  # BUG: only when the move improves
                a = max(a, best)
                if a >= b:
                    break
            return best, line
        best = INF
        for i, c in enumerate(n.children):
            v, rest = search(c, a, b, [*path, i])
            if v < best:
                best, move = v, i
            line = [move, *rest]  # BUG: only when the move improves
            b = min(b, best)
            if a >= b:
                break
        return best, line

    a, b = window(request)
    value, line = search(document(request).tree, a, b, [])
    return reply(value, line, trace)


def float_values(request: dict[str, Any]) -> dict[str, object]:
    """Values converted to floating point: ``float(leaf)``.

    1/3 becomes 0.333..., a different number, which the gate reads exactly; and ties between
    fractions may break the wrong way. Seen in practice: engines storing evaluations as
    ``double`` (most of them), checked against exact rationals.
    """
    trace: list[list[int]] = []

    def search(n: Tree, path: list[int]) -> tuple[float, list[int]]:
        if isinstance(n, Leaf):
            trace.append(path)
            assert not isinstance(n.value, tuple)
            return float(n.value), []  # BUG: the exact value belongs here
        results = [search(c, [*path, i]) for i, c in enumerate(n.children)]
        values = [v for v, _ in results]
        best = max(values) if n.to_move == 0 else min(values)
        i = values.index(best)
        return best, [i, *results[i][1]]

    value, line = search(document(request).tree, [])
    return reply(value, line, trace)


def recursion_limit(request: dict[str, Any]) -> dict[str, object]:
    """Plain recursion, one Python frame per level: the 1,200-deep chain overflows the stack.

    Python stops at about 1,000 frames (``sys.getrecursionlimit()``); the worker reports the
    ``RecursionError`` as an error. Seen in practice: recursive search in Python engines and
    teaching code, fine on games a few dozen plies deep and wrong-footed by a long forced line.
    """
    assert sys.getrecursionlimit() < 5000

    def search(n: Tree) -> tuple[Number, list[int]]:
        if isinstance(n, Leaf):
            assert not isinstance(n.value, tuple)
            return n.value, []
        assert isinstance(n, Node)
        results = [search(c) for c in n.children]  # BUG: no explicit stack
        values = [v for v, _ in results]
        best = max(values) if n.to_move == 0 else min(values)
        i = values.index(best)
        return best, [i, *results[i][1]]

    value, line = search(document(request).tree)
    return reply(value, line)
