"""Theorem 10: last-branch and speculative pruning compute maxn (Sturtevant 2003).

**Statement** (N. R. Sturtevant, "Last-Branch and Speculative Pruning Algorithms for Maxn",
IJCAI 2003): last-branch and speculative pruning return the maxn value, under Korf's bounds (a
lower bound on each component, an upper bound on their sum). Checked on ``impl.last_branch``
and ``impl.speculative``: value and principal variation are ``spec.maxn``'s (the tie rule
included); last-branch pruning is directional and reads a subset of what shallow pruning reads.

**Methods.** Every tree of the small shapes with vectors from a grid (bounded-exhaustive);
Hypothesis with N = 2..6, various bounds, ties and players not in turn; z3 per instance: every
leaf last-branch pruning skips cannot change the root whatever the later leaves hold
(:func:`proofs.optimality.decide`); CrossHair on the smallest shape (``--full``); CrossHair
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
from gametree.proofs._methods import (
    Sweep,
    exhaustive,
    from_sweep,
    hypothesis_property,
    result,
    vector_trees_of,
    vectors_within,
)
from gametree.proofs.diffbehavior import PAIRS, diffbehavior_result
from gametree.proofs.optimality import analyse, random_tree
from gametree.proofs.pinned import vector_cases
from gametree.proofs.result import Counterexample, Result, Scope, Theorem
from gametree.proofs.shallow_pruning import bounded_trees
from gametree.proofs.shapes import all_shapes, parse
from gametree.proofs.symbolic import symbolic_result
from gametree.spec import Bounds, Tree, iter_leaves, maxn

__all__ = ["THEOREM", "check", "problem"]


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


def _exhaustive(scope: Scope) -> Result:
    started = time.monotonic()
    runs = [(3, Bounds(0, 1), 5), (3, Bounds(0, 2), 4)]
    if scope.full:
        runs += [(4, Bounds(0, 2), 4), (3, Bounds(0, 3), 4)]
    cases = (
        (t, b)
        for players, b, leaves in runs
        for t in vector_trees_of(
            all_shapes(leaves, max_height=4, unary=False), vectors_within(players, b), players
        )
    )
    sweep = exhaustive(cases, lambda case: problem(*case), scope)
    c = sweep.counterexample
    where = "; ".join(f"N = {p}, {b}, 1..{n} leaves" for p, b, n in runs)
    return from_sweep(
        Sweep(sweep.decided, None if c is None else c[0], sweep.problem, sweep.finished),
        theorem=10,
        claim="last-branch and speculative pruning give maxn's value and principal variation",
        method="bounded-exhaustive",
        domain=f"every tree of the shapes (height <= 4, no unary nodes, players in turn) with "
        f"integer vectors within the bounds: {where}",
        scope=scope,
        started=started,
        bounds=None if c is None else c[1],
    )


def _property(scope: Scope) -> Result:
    started = time.monotonic()
    sweep = hypothesis_property(
        bounded_trees(min_players=2, max_depth=5),
        lambda case: problem(*case),
        max_examples=300,
        scope=scope,
        examples=vector_cases(),
    )
    c = sweep.counterexample
    return from_sweep(
        Sweep(sweep.decided, None if c is None else c[0], sweep.problem, sweep.finished),
        theorem=10,
        claim="last-branch and speculative pruning give maxn's value and principal variation",
        method="property (Hypothesis)",
        domain="the pinned counterexamples (proofs.pinned), then random trees, N = 2..6, various "
        "bounds and grids, ties, players in turn or not, depth <= 5",
        scope=scope,
        started=started,
        bounds=None if c is None else c[1],
        sampled=True,
    )


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
        theorem=10,
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


def _symbolic(scope: Scope) -> Result:
    return symbolic_result(
        theorem=10,
        claim="last-branch and speculative pruning give maxn's value and principal variation "
        "(symbolic leaves)",
        targets=["last_branch_is_maxn", "speculative_is_maxn"],
        shapes=[parse("[*, [*, *]]")],
        kind="vectors",
        players=3,
        per_condition=120,
        scope=scope,
    )


def _diffbehavior(scope: Scope) -> Result:
    return diffbehavior_result(
        theorem=10,
        claim="impl.last_branch and impl.speculative behave as spec.maxn within Korf's bounds: "
        "same value and principal variation",
        pairs=PAIRS["sturtevant"],
        scope=scope,
    )


def check(scope: Scope) -> list[Result]:
    """Every check of Theorem 10, within ``scope``."""
    results = [
        _diffbehavior(scope.part(0.35)),
        _exhaustive(scope.part(0.35)),
        _property(scope.part(0.4)),
    ]
    results.append(_skipped_leaves_are_unnecessary(scope.part(0.4 if scope.full else 1.0)))
    if scope.full:
        results.append(_symbolic(scope.part(1.0)))
    return results


THEOREM = Theorem(
    number=10,
    name="sturtevant",
    title="Last-branch and speculative pruning equal maxn",
    statement="Last-branch and speculative pruning return the maxn value under Korf's bounds.",
    source="Sturtevant, Last-Branch and Speculative Pruning Algorithms for Maxn, IJCAI 2003",
    status="Holds: value and principal variation; last-branch directional within shallow's "
    "reads. (Engine techniques on games: checked by tests/test_engine_spec.py, not here.)",
    module="gametree.proofs.sturtevant",
    check=check,
    methods=(
        "bounded-exhaustive",
        "property (Hypothesis)",
        "SMT (z3)",
        "symbolic (CrossHair)",
        "diffbehavior (CrossHair)",
    ),
)
