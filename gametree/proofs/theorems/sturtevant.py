"""sturtevant: last-branch and speculative pruning compute maxn (Sturtevant 2003).

**Statement** (N. R. Sturtevant, "Last-Branch and Speculative Pruning Algorithms for Maxn",
IJCAI 2003): last-branch and speculative pruning return the maxn value, under Korf's bounds (a
lower bound on each component, an upper bound on their sum). Checked on ``impl.last_branch``
and ``impl.speculative``: value and principal variation are ``spec.maxn``'s (the tie rule
included); last-branch pruning is directional and reads a subset of what shallow pruning reads.

**Methods.** Every tree of the small shapes with vectors from a grid (bounded-exhaustive);
Hypothesis with N = 2..6, various bounds, ties and players not in turn; z3 per instance: every
leaf last-branch pruning skips cannot change the root whatever the later leaves hold
(:func:`proofs.decision.decide`); CrossHair on the smallest shape (``--full``); CrossHair
``diffbehavior`` between each search and ``spec.maxn`` (:mod:`proofs.diffbehavior`).

Left out, with the reason: the issue's "ordering, iterative deepening, transposition tables and
quiescence give their spec values" concern ``impl.Engine`` on games, which ``proofs`` cannot
reach without a game (the games live in ``gametree``, which ``proofs`` may not import);
``tests/test_engine_spec.py`` checks them against ``spec.search`` on the four games.
"""

import random
import time

from gametree.impl.last_branch import last_branch
from gametree.impl.shallow import shallow
from gametree.impl.speculative import speculative
from gametree.proofs.machinery._methods import result
from gametree.proofs.machinery.checks import (
    Custom,
    Diffbehavior,
    Exhaustive,
    Property,
    Symbolic,
    tree_and_bounds,
)
from gametree.proofs.machinery.result import Counterexample, Result, Scope, Theorem
from gametree.proofs.theorems.optimality import analyse, random_tree
from gametree.proofs.theorems.pinned import vector_cases
from gametree.proofs.theorems.shallow_pruning import (
    Run,
    bounded_trees,
    every_bounded_tree,
    every_bounded_tree_text,
)
from gametree.spec import Bounds, Tree, iter_leaves, maxn

__all__ = ["CHECKS", "THEOREM", "check", "problem"]


def problem(t: Tree, bounds: Bounds) -> str | None:
    """``None`` if both searches are exact and last-branch pruning directional within shallow's."""
    s = maxn(t)
    for name, search in (("last_branch", last_branch), ("speculative", speculative)):
        r = search(t, bounds, trace=True)
        if (r.value, r.principal_variation) != (s.value, s.principal_variation):
            got, want = (r.value, r.principal_variation), (s.value, s.principal_variation)
            return f"{name}: {got}, maxn {want} (value, principal variation)"
    order = [p for p, _ in iter_leaves(t)]
    trace = list(last_branch(t, bounds, trace=True).trace or ())
    if trace != sorted(set(trace), key=order.index):
        return f"last_branch reads {trace}: not left to right once each"
    if not set(trace) <= set(shallow(t, bounds, trace=True).trace or ()):
        return "last_branch reads a leaf shallow pruning skips"
    return None


def _runs(scope: Scope) -> list[Run]:
    runs: list[Run] = [(3, Bounds(0, 1), 5), (3, Bounds(0, 2), 4)]
    return [*runs, (4, Bounds(0, 2), 4), (3, Bounds(0, 3), 4)] if scope.full else runs


def _skipped_leaves_are_unnecessary(scope: Scope) -> Result:
    started = time.monotonic()
    rng = random.Random(2003)  # noqa: S311 - reproducible trees, no secret
    trees = leaves = 0
    bad: Counterexample | None = None
    while not scope.budget.expired() and bad is None:
        players, total = rng.choice([3, 3, 4, 5]), rng.choice([2, 3, 9])
        t = random_tree(rng, players=players, total=total, max_height=5, max_branching=3)
        bounds = Bounds(0, total)
        trees += 1
        for r in analyse(t, bounds, domains=("reals",), every_leaf=True).leaves:
            if r.read_by_last_branch:
                continue
            leaves += 1
            if r.necessary("reals") is not False:
                note = f"last-branch pruning skips {list(r.leaf)}, which is necessary"
                bad = Counterexample(t, note, bounds)
                break
    return result(
        theorem="sturtevant",
        claim="every leaf last-branch pruning skips cannot change the root (reals)",
        method="SMT (z3)",
        expected="holds",
        cases=leaves,
        domain=f"every leaf last-branch pruning skips in {trees} random trees (N = 3..5, "
        "height <= 5, players in turn)",
        counterexample=bad,
        finished=True,
        scope=scope,
        started=started,
        sampled=True,
    )


CLAIM = "last-branch and speculative pruning give maxn's value and principal variation"

CHECKS = (
    Diffbehavior(
        claim="impl.last_branch and impl.speculative behave as spec.maxn within Korf's bounds: "
        "same value and principal variation",
        pairs="sturtevant",
        share=0.35,
    ),
    Exhaustive(
        claim=CLAIM,
        cases=lambda scope: every_bounded_tree(_runs(scope), 4),
        predicate=lambda case: problem(*case),
        domain=lambda scope: every_bounded_tree_text(_runs(scope), 4),
        shown=tree_and_bounds,
        share=0.35,
    ),
    Property(
        claim=CLAIM,
        strategy=lambda: bounded_trees(min_players=2, max_depth=5),
        predicate=lambda case: problem(*case),
        domain="the pinned counterexamples (proofs.pinned), then random trees, N = 2..6, various "
        "bounds and grids, ties, players in turn or not, depth <= 5",
        max_examples=300,
        examples=vector_cases,
        shown=tree_and_bounds,
        share=0.4,
    ),
    Custom(
        run_on=_skipped_leaves_are_unnecessary, methods=("SMT (z3)",), reach="on samples", share=0.4
    ),
    Symbolic(
        claim=f"{CLAIM} (symbolic leaves)",
        targets=("last_branch_is_maxn", "speculative_is_maxn"),
        shapes=("[*, [*, *]]",),
        max_leaves=None,
        kind="vectors",
        players=3,
        per_condition=120,
        full_only=True,
    ),
)
"""The checks: see the module docstring."""

THEOREM = Theorem(
    name="sturtevant",
    title="Last-branch and speculative pruning equal maxn",
    statement="Last-branch and speculative pruning return the maxn value under Korf's bounds.",
    source="Sturtevant, Last-Branch and Speculative Pruning Algorithms for Maxn, IJCAI 2003",
    status="Holds: value and principal variation; last-branch directional within shallow's "
    "reads. (Engine techniques on games: checked by tests/test_engine_spec.py, not here.)",
    module="gametree.proofs.theorems.sturtevant",
    checks=CHECKS,
)
check = THEOREM.check
