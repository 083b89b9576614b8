"""Searches by null-window tests, PVS and MTD(f): the correct ones, and a classic mistake each.

:func:`pvs` is principal variation search as ``impl.pvs`` runs it, written again recursively,
line for line with its docstring (Reinefeld 1983, Marsland 1983): the first child searched
with the window (a, b), every later interior child *scouted* by Plaat et al.'s MT test,
"above a?" (:func:`_mt`), and searched again with (a, b) when the scout says it is above a and
below b. It conforms to ``pvs`` with ``--strict-order``. :func:`mtdf` is ``impl.mtdf`` with the
request's first guess. Each mistake is marked ``# BUG``.

Glossary: n is a node, p the player to move at it, a and b the window from p's point of view,
γ (``gamma``) the value an MT test asks about, g its result in Max's view, r a child's result
in p's view, ``best`` the node's result so far, ``line`` its principal variation.
"""

from typing import Any

from gametree import impl
from gametree.spec import Leaf, Node, Scalar
from gametree.treefile import parse_number
from tests.bugs._common import INF, Number, document, out, reply, window

Result = tuple[Number, list[int]]


def _mt(n: Node, gamma: Number, *, strict: bool, path: list[int], trace: list[list[int]]) -> Number:
    """Plaat et al.'s MT(n, γ) without memory, in Max's view: a bound g on n's minimax value.

    Non-strict: Max stops once a child reaches γ, Min once one falls below it. Strict ("above
    γ?"): Max stops once a child exceeds γ, Min once one is at most γ.
    """
    maxing = n.to_move == 0
    g: Number = -INF if maxing else INF
    for i, c in enumerate(n.children):
        done = (
            (g > gamma if strict else g >= gamma)
            if maxing
            else (g <= gamma if strict else g < gamma)
        )
        if done:
            break
        if isinstance(c, Leaf):
            trace.append([*path, i])
            assert not isinstance(c.value, tuple)
            x: Number = c.value
        else:
            x = _mt(c, gamma, strict=strict, path=[*path, i], trace=trace)
        g = max(g, x) if maxing else min(g, x)
    return g


def _pvs(request: dict[str, Any], *, ties: bool = False) -> dict[str, object]:
    """PVS over the request's window; ``ties`` makes the mistake of :func:`pvs_research_ties`."""
    t = document(request).tree
    trace: list[list[int]] = []
    if isinstance(t, Leaf):
        assert not isinstance(t.value, tuple)
        return reply(t.value, [], [[]])

    def search(n: Node, a: Number, b: Number, path: list[int]) -> Result:
        p = n.to_move
        best: Number = -INF
        line: list[int] = []
        for i, c in enumerate(n.children):
            if i and a >= b:
                break
            rest: list[int] = []
            if isinstance(c, Leaf):
                trace.append([*path, i])
                assert not isinstance(c.value, tuple)
                r: Number = -c.value if p else c.value
                research = False
            elif i == 0:
                research = True
            else:
                g = _mt(c, -a if p else a, strict=not p, path=[*path, i], trace=trace)
                r = -g if p else g
                research = (a <= r < b) if ties else (a < r < b)  # BUG when ties: a <= r
            if research:
                assert isinstance(c, Node)
                flip = c.to_move != p
                rc, rest = search(c, -b, -a, [*path, i]) if flip else search(c, a, b, [*path, i])
                r = -rc if flip else rc
            if r > best or (ties and research and r >= best):  # BUG when ties: r >= best
                best, line = r, [i, *rest]
                a = max(a, r)
        return best, line

    a, b = window(request)
    value, line = search(t, a, b, [])
    return reply(value, line, trace)


def pvs(request: dict[str, Any]) -> dict[str, object]:
    """Principal variation search as ``impl.pvs`` runs it: conforms to ``pvs``."""
    return _pvs(request)


def pvs_research_ties(request: dict[str, Any]) -> dict[str, object]:
    """A scout that ties alpha is searched again, and the re-searched child taken as the best.

    The scout asks "at least alpha?" where "above alpha?" belongs, so a child that only ties
    the best so far is searched again with the full window, and, since the scout said it was
    good enough, replaces the best: the rightmost of tied children becomes the move (and more
    leaves are read). Seen in practice: PVS written with the null window (alpha - 1, alpha),
    or a re-search test ``value >= alpha``, where Reinefeld's is (alpha, alpha + 1) and
    ``value > alpha``.
    """
    return _pvs(request, ties=True)


def _mtdf(request: dict[str, Any], guess: Scalar) -> dict[str, object]:
    doc = document(request)
    a, b = window(request)
    lo = impl.BOTTOM if a == -INF else a
    r = impl.mtdf(doc.tree, guess, lo, impl.TOP if b == INF else b, trace=True)
    assert r.trace is not None
    line = list(r.principal_variation)
    return {"value": out(r.value), "best_move": line[0] if line else None,
            "principal_variation": line, "trace": [list(x) for x in r.trace]}  # fmt: skip


def mtdf(request: dict[str, Any]) -> dict[str, object]:
    """``impl.mtdf`` from the request's first guess: conforms to ``mtdf``."""
    return _mtdf(request, document_guess(request))


def mtdf_guess_ignored(request: dict[str, Any]) -> dict[str, object]:
    """MTD(f) started from 0 whatever the first guess the request names.

    The value is still right, but the tests are not the ones MTD(f) makes from that guess, so
    it reads other leaves (caught with ``--strict-order``), usually more. Seen in practice: an
    iterative-deepening driver that calls MTD(f) with f = 0 at every depth instead of the
    previous iteration's value, as Plaat et al. recommend, losing most of MTD(f)'s advantage.
    """
    return _mtdf(request, 0)  # BUG: document_guess(request)


def document_guess(request: dict[str, Any]) -> Scalar:
    """The request's ``first_guess`` (0 when absent)."""
    return parse_number(request.get("first_guess", 0), ["first_guess"])


__all__ = ["mtdf", "mtdf_guess_ignored", "pvs", "pvs_research_ties"]
