"""The theorems, one module each: statement and source, checks, verified claims, pins, flaws.

Each module holds everything about its theorem (a
:class:`~gametree.proofs.machinery.result.Theorem`): the statement as its source words it, the
checks ``gametree prove`` runs, the claims Nagini and Why3 prove of it for every tree, each
pinned to the ``impl`` function its verified code restates, and the flaws seeded to show the
proofs are not vacuous. Theorems are called by name (``gametree prove NAME``), never by number:
Korf's Theorem 1 (IJCAI-89, 3.2.4: shallow pruning is optimal among directional algorithms) is
the theorem ``optimality``, and "Theorem 1" alone means nothing here.

>>> [th.name for th in THEOREMS][:3]
['alphabeta', 'negamax', 'maxn-pairs']
"""

from gametree.proofs.machinery.result import Theorem
from gametree.proofs.theorems import (
    alphabeta,
    alphabeta_optimality,
    best_case,
    best_reply,
    deep_pruning,
    maxn_pairs,
    negamax,
    optimality,
    paranoid_bound,
    separate_evaluations,
    shallow_pruning,
    star1,
    sturtevant,
    table,
    window,
)

__all__ = ["THEOREMS"]

THEOREMS: tuple[Theorem, ...] = (
    alphabeta.THEOREM,
    negamax.THEOREM,
    maxn_pairs.THEOREM,
    shallow_pruning.THEOREM,
    deep_pruning.THEOREM,
    optimality.THEOREM,
    best_case.THEOREM,
    separate_evaluations.THEOREM,
    paranoid_bound.THEOREM,
    sturtevant.THEOREM,
    alphabeta_optimality.THEOREM,
    window.THEOREM,
    table.THEOREM,
    star1.THEOREM,
    best_reply.THEOREM,
)
"""Every theorem, in the order ``gametree prove`` runs and reports them."""
