"""gametree's proofs: every claim connecting ``spec`` and ``impl``, as something a machine checks.

One module per theorem. Each states the claim and its exact source in its docstring, its
problem predicates (what is wrong on one case, if anything), and its checks as data
(``CHECKS``: symbolic per-shape runs, bounded-exhaustive enumeration, exact SMT decisions,
constructive witnesses, Hypothesis properties; the kinds are in :mod:`proofs.checks`, which
times them, sweeps and makes their results). ``THEOREM.check(scope)`` runs them within a budget
and returns :class:`Result` records: the method, the cases covered, the outcome and the
counterexample if any. ``gametree prove`` prints them, with the claims proved for every tree
(:mod:`proofs.everywhere`); ``proofs/README.md`` lists every theorem with its status.

Nothing is taken on trust: a published claim is checked, and where the check fails, the failure
is the result (Korf's Theorem 1, on the optimality of shallow pruning, is false as printed:
:mod:`proofs.optimality`), and so is the instance optimality of alpha-beta once the values are
bounded (:mod:`proofs.alphabeta_optimality`).

>>> [th.number for th in THEOREMS] == list(range(1, 12))
True
"""

from gametree.proofs import (
    alphabeta,
    alphabeta_optimality,
    best_case,
    deep_pruning,
    maxn_pairs,
    negamax,
    optimality,
    paranoid_bound,
    separate_evaluations,
    shallow_pruning,
    sturtevant,
)
from gametree.proofs.result import (
    Budget,
    Counterexample,
    Outcome,
    Result,
    Scope,
    Shard,
    Theorem,
    parse_shard,
)
from gametree.proofs.runner import disagreements, report_json, run, table

__all__ = [
    "THEOREMS",
    "Budget",
    "Counterexample",
    "Outcome",
    "Result",
    "Scope",
    "Shard",
    "Theorem",
    "disagreements",
    "parse_shard",
    "report_json",
    "run",
    "table",
    "theorem",
]

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
)
"""Every theorem, by number."""


def theorem(name: str) -> Theorem:
    """The theorem called ``name`` (as ``gametree prove`` takes it), or its number as text."""
    for th in THEOREMS:
        if name in (th.name, str(th.number)):
            return th
    names = ", ".join(th.name for th in THEOREMS)
    raise KeyError(f"no theorem called {name!r}; the theorems are: {names}")
