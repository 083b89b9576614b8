"""z3 on the path lemma's chain: the cross-check of :mod:`gametree.impl.necessity`'s search.

The lemma (proved in :mod:`gametree.impl.necessity`) turns "is leaf l necessary?" into a chain of
one constant B_j, the value coming up the path and one free vector R_j per level. Here that chain is
a z3 query of 2 + d free vectors (O(d N) unknowns), over the reals or the integers, where
:func:`gametree.proofs.machinery.decision.decide`'s whole-tree encoding has one vector per leaf.
"""

from fractions import Fraction

import z3  # type: ignore[import-untyped]  # z3-solver ships no type information

from gametree.impl.necessity import Chain, ChainAnswer
from gametree.proofs.machinery._smt import (
    Domain,
    Term,
    component_terms,
    differs,
    model_number,
    within,
)
from gametree.spec import Bounds, Scalar, Vector

__all__ = ["decide_chain_smt"]


def decide_chain_smt(
    c: Chain, bounds: Bounds, domain: Domain, *, timeout: float | None = None
) -> ChainAnswer | None:
    """The chain question asked of z3 (``None`` if z3 gave up within ``timeout`` seconds)."""
    n = c.players
    solver = z3.Solver()
    if timeout is not None:
        solver.set("timeout", max(1, int(timeout * 1000)))
    us, u = component_terms("u", n, domain)
    ws, w = component_terms("w", n, domain)
    free: list[tuple[list[Term], tuple[Term, ...]]] = [(us, u), (ws, w)]
    rights: list[tuple[list[Term], tuple[Term, ...]] | None] = []
    for j, level in enumerate(c.levels):
        if level.right:
            rights.append(component_terms(f"R{j}", n, domain))
            free.append(rights[-1])  # type: ignore[arg-type]  # just set, not None
        else:
            rights.append(None)
    for _, terms in free:
        solver.add(within(terms, bounds.lower, bounds.total))

    def up(x: tuple[Term, ...]) -> tuple[Term, ...]:
        for j in range(len(c.levels) - 1, -1, -1):
            level, r = c.levels[j], rights[j]
            p = level.player
            if level.best is not None:
                b = tuple(_real(q) for q in level.best)
                x = tuple(z3.If(x[p] > b[p], xi, bi) for xi, bi in zip(x, b, strict=True))
            if r is not None:
                x = tuple(z3.If(r[1][p] > x[p], ri, xi) for ri, xi in zip(r[1], x, strict=True))
        return x

    solver.add(differs(up(u), up(w)))
    answer = solver.check()
    if answer == z3.unsat:
        return ChainAnswer(necessary=False)
    if answer != z3.sat:
        return None
    model = solver.model()

    def read(vs: list[Term]) -> Vector:
        return tuple(model_number(model, v) for v in vs)

    return ChainAnswer(
        necessary=True,
        values=(read(us), read(ws)),
        rights=tuple(None if r is None else read(r[0]) for r in rights),
    )


def _real(q: Scalar) -> Term:
    f = Fraction(q)
    return z3.RealVal(f"{f.numerator}/{f.denominator}")
