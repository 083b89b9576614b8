"""Theorem 5: deep pruning fails with three or more players, and is sound with two (Korf 3.2.3).

**Statement** (R. E. Korf, "Generalized Game Trees", IJCAI-89, section 3.2.3): "In a
two-player game, alpha-beta pruning allows an additional type of pruning known as deep
pruning ... Surprisingly, deep pruning does not generalize to more than two players."
Figure 5 (sum 9): "If the value of node f were (2,3,4) for example, ... giving a value of
(5,2,2). On the other hand, if the value of node f were (3,0,6) for example, ... producing a
value of (6,1,2). Even though the value of node f cannot be the maxn value of the root, it can
effect it. Hence, it cannot be pruned."

The search checked is ``impl.deep_pruning_unsound``: Korf's ``Shallow`` with the bound taken
from every ancestor. Three claims:

- with three players it computes maxn: FALSE. Figure 5 is a counterexample (the witness,
  rebuilt as ``spec.examples.korf_figure5``); Hypothesis finds one on its own and shrinks it;
  and every tree of the smallest shapes, leaves from a grid, is tried smallest first, which
  gives the smallest shape on which it fails.
- f cannot be the root's value, yet changes it (Korf's words, checked on both completions).
- with two players, on trees of pairs (x, -x), it is alpha-beta and computes maxn exactly
  (first component the minimax value): Hypothesis on random trees, and every tree of the
  small shapes with leaves from {-1, 0, 1} (ties on purpose).

With ``--full``, CrossHair ``diffbehavior`` between ``impl.deep_pruning_unsound`` and
``spec.maxn`` on the smallest failing shape, ``[*, [*, [*, *]]]``, finds a difference with
symbolic leaves on its own (about 30 CPU seconds: more than the default run can give it).
"""

import time

from hypothesis import strategies as st

from gametree.impl.deep import deep_pruning_unsound
from gametree.proofs._methods import (
    Sweep,
    exhaustive,
    hypothesis_find,
    hypothesis_property,
    result,
    scalar_trees_of,
    vector_trees_of,
    vectors_within,
)
from gametree.proofs.diffbehavior import PAIRS, diffbehavior_result
from gametree.proofs.result import Counterexample, Result, Scope, Theorem
from gametree.proofs.shapes import all_shapes, parse, shape_of, text
from gametree.spec import Bounds, Tree, as_pairs, leaf_values, maxn, minimax
from gametree.spec.examples import korf_figure5
from gametree.spec.strategies import scalar_trees, trees_of_shape, uniform_shape, vectors

__all__ = ["THEOREM", "F", "check", "is_exact_on_pairs", "is_wrong"]

B9 = Bounds(0, 9)
F = (1, 0, 1)
"""The path of Korf's node f in ``korf_figure5``."""


def is_wrong(t: Tree, bounds: Bounds) -> bool:
    """Whether deep pruning's value differs from ``spec.maxn``'s on ``t``."""
    return deep_pruning_unsound(t, bounds).value != maxn(t).value


def pairs_bounds(t: Tree) -> Bounds:
    """Korf's bounds for ``as_pairs(t)``: each component of (x, -x) at least -max|x|, sum 0."""
    xs = [v for v in leaf_values(t) if not isinstance(v, tuple)]
    return Bounds(-max(*xs, *(-x for x in xs)), 0)


def is_exact_on_pairs(t: Tree) -> str | None:
    """What deep pruning gets wrong on ``as_pairs(t)``, or ``None``.

    Right means spec.maxn's value and principal variation, with the minimax value first.
    """
    pairs = as_pairs(t)
    r = deep_pruning_unsound(pairs, pairs_bounds(t))
    s = maxn(pairs)
    if (r.value, r.principal_variation) != (s.value, s.principal_variation):
        got = (r.value, r.principal_variation)
        return f"deep pruning gives {got}, maxn {(s.value, s.principal_variation)}"
    if not isinstance(r.value, tuple) or r.value[0] != minimax(t).value:
        return f"the first component {r.value} is not the minimax value {minimax(t).value}"
    return None


def _figure5(scope: Scope) -> list[Result]:
    started = time.monotonic()
    with_234, with_306 = korf_figure5((2, 3, 4)), korf_figure5((3, 0, 6))
    roots = (maxn(with_234).value, maxn(with_306).value)
    problems = []
    if roots != ((5, 2, 2), (6, 1, 2)):
        problems.append(f"the roots are {roots}, not Korf's (5, 2, 2) and (6, 1, 2)")
    if (2, 3, 4) in roots or (3, 0, 6) in roots:
        problems.append("f is the root's value in one of them")
    traces = [deep_pruning_unsound(t, B9, trace=True).trace or () for t in (with_234, with_306)]
    if any(F in tr for tr in traces):
        problems.append("deep pruning reads f")
    wrong = deep_pruning_unsound(with_306, B9).value
    counterexample = (
        Counterexample(with_306, f"deep pruning gives {wrong}, maxn {roots[1]}", B9)
        if wrong != roots[1] and not problems
        else None
    )
    return [
        result(
            theorem=5,
            claim="Figure 5: f cannot be the root's value, yet its two values give two roots",
            method="witness",
            expected="holds",
            cases=2,
            domain="Korf's Figure 5 with f = (2, 3, 4) and f = (3, 0, 6) (spec.examples)",
            counterexample=(
                Counterexample(with_234, "; ".join(problems), B9) if problems else None
            ),
            finished=True,
            scope=scope,
            started=started,
        ),
        result(
            theorem=5,
            claim="deep pruning computes maxn with three players (Figure 5)",
            method="witness",
            expected="fails",
            cases=1,
            domain="Korf's Figure 5 with f = (3, 0, 6): deep pruning prunes f",
            counterexample=counterexample,
            finished=True,
            scope=scope,
            started=started,
        ),
    ]


def _hypothesis_finds_one(scope: Scope) -> Result:
    started = time.monotonic()
    b4 = Bounds(0, 4)
    strategy = trees_of_shape(
        uniform_shape(2, 3), vectors(players=3, bounds=b4, exact_total=True), players=3
    ) | st.integers(3, 4).flatmap(
        lambda n: trees_of_shape(
            uniform_shape(2, 3), vectors(players=n, bounds=b4, exact_total=True), players=n
        )
    )
    found = hypothesis_find(strategy, lambda t: is_wrong(t, b4), max_examples=2000)
    note = ""
    if found is not None:
        note = (
            f"deep pruning gives {deep_pruning_unsound(found, b4).value}, maxn "
            f"{maxn(found).value} (shrunk by Hypothesis; shape {text(shape_of(found))})"
        )
    return result(
        theorem=5,
        claim="deep pruning computes maxn with three or four players",
        method="property (Hypothesis)",
        expected="fails",
        cases=1 if found is not None else 0,
        domain="complete binary trees of depth 3, vectors summing to 4 (derandomized search)",
        counterexample=Counterexample(found, note, b4) if found is not None else None,
        finished=True,
        scope=scope,
        started=started,
        sampled=True,
    )


def _smallest_shape(scope: Scope) -> Result:
    started = time.monotonic()
    b = Bounds(0, 2)
    grid = [v for v in vectors_within(3, b) if sum(v) == 2]
    shapes = all_shapes(4, max_height=3, unary=False)
    cases = vector_trees_of(shapes, grid, 3)

    def exact(t: Tree) -> str | None:
        if is_wrong(t, b):
            return f"deep pruning gives {deep_pruning_unsound(t, b).value}, maxn {maxn(t).value}"
        return None

    sweep = exhaustive(cases, exact, Scope(scope.budget))
    found = sweep.counterexample
    return result(
        theorem=5,
        claim="deep pruning computes maxn with three players",
        method="bounded-exhaustive",
        expected="fails",
        cases=sweep.decided,
        domain="every tree of the shapes with 1..4 leaves (no unary nodes), smallest first, "
        "3-vectors of integers summing to 2",
        counterexample=(
            Counterexample(
                found, f"the first, of shape {text(shape_of(found))}: {sweep.problem}", b
            )
            if found is not None
            else None
        ),
        finished=sweep.finished,
        scope=scope,
        started=started,
    )


def _two_players_property(scope: Scope) -> Result:
    started = time.monotonic()
    strategy = scalar_trees(ties=True, max_depth=5) | scalar_trees(by_depth=False, grid=2)
    sweep = hypothesis_property(
        strategy, is_exact_on_pairs, max_examples=300 if scope.full else 100, scope=scope
    )
    return result(
        theorem=5,
        claim="deep pruning on pairs (x, -x) computes maxn, and minimax first (two players)",
        method="property (Hypothesis)",
        expected="holds",
        cases=sweep.decided,
        domain="random two-player trees, depth <= 5, ties; players in turn or not; halves",
        counterexample=_counterexample(sweep),
        finished=True,
        scope=scope,
        started=started,
        sampled=True,
    )


def _two_players_exhaustive(scope: Scope) -> Result:
    started = time.monotonic()
    leaves, height = (6, 4) if scope.full else (5, 3)
    shapes = all_shapes(leaves, max_height=height, unary=False)
    sweep = exhaustive(scalar_trees_of(shapes, [-1, 0, 1]), is_exact_on_pairs, scope)
    return result(
        theorem=5,
        claim="deep pruning on pairs (x, -x) computes maxn, and minimax first (two players)",
        method="bounded-exhaustive",
        expected="holds",
        cases=sweep.decided,
        domain=f"every two-player tree of the shapes with 1..{leaves} leaves, height <= {height}"
        ", no unary nodes, players in turn, leaves in {-1, 0, 1}",
        counterexample=_counterexample(sweep),
        finished=sweep.finished,
        scope=scope,
        started=started,
    )


def _counterexample(sweep: Sweep[Tree]) -> Counterexample | None:
    c = sweep.counterexample
    return None if c is None else Counterexample(c, sweep.problem)


def check(scope: Scope) -> list[Result]:
    """Every check of Theorem 5, within ``scope``."""
    return [
        *_figure5(scope),
        _hypothesis_finds_one(scope.part(0.25)),
        _smallest_shape(scope.part(0.3)),
        _two_players_property(scope.part(0.4)),
        _two_players_exhaustive(scope.part(1.0 if not scope.full else 0.5)),
        *([_diffbehavior(scope.part(1.0))] if scope.full else []),
    ]


def _diffbehavior(scope: Scope) -> Result:
    return diffbehavior_result(
        theorem=5,
        claim="impl.deep_pruning_unsound behaves as spec.maxn with three players",
        pairs=PAIRS["deep"],
        scope=scope,
        shapes=[parse("[*, [*, [*, *]]]")],
        per_condition=60,
    )


THEOREM = Theorem(
    number=5,
    name="deep",
    title="Deep pruning fails with three or more players",
    statement=(
        "In a two-player game, alpha-beta pruning allows an additional type of pruning known "
        "as deep pruning ... Surprisingly, deep pruning does not generalize to more than two "
        "players."
    ),
    source="Korf, Generalized Game Trees, IJCAI-89, section 3.2.3 and Figure 5",
    status=(
        "Holds: deep pruning is wrong on Figure 5 and on the smallest trees Hypothesis and the "
        "enumeration find (4 leaves); it is exact with two players on pairs (x, -x)."
    ),
    module="gametree.proofs.deep_pruning",
    check=check,
    methods=("witness", "property (Hypothesis)", "bounded-exhaustive", "diffbehavior (CrossHair)"),
    weight=1.0,
)
