"""deep: deep pruning fails with three or more players, and is sound with two (Korf 3.2.3).

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
from collections.abc import Iterator

from hypothesis import strategies as st

from gametree.impl.deep import deep_pruning_unsound
from gametree.proofs.machinery._methods import (
    result,
    scalar_trees_of,
    vector_trees_of,
    vectors_within,
)
from gametree.proofs.machinery.checks import Custom, Diffbehavior, Exhaustive, Find, Property
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.result import Counterexample, Result, Scope, Theorem
from gametree.proofs.machinery.shapes import all_shapes, parse, shape_of, text
from gametree.proofs.theorems._wording import INTEGERS, RATIONALS, READS, SHIFT, TRACED
from gametree.proofs.why3 import terms
from gametree.spec import Bounds, Node, Tree, as_pairs, leaf_values, maxn, minimax
from gametree.spec.examples import korf_figure5
from gametree.spec.strategies import scalar_trees, trees_of_shape, uniform_shape, vectors

__all__ = ["CHECKS", "THEOREM", "F", "check", "is_exact_on_pairs", "is_wrong"]

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
            theorem="deep",
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
            theorem="deep",
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


B4 = Bounds(0, 4)
B2 = Bounds(0, 2)


def _complete_binary_trees() -> st.SearchStrategy[Tree]:
    def of(n: int) -> st.SearchStrategy[Tree]:
        return trees_of_shape(
            uniform_shape(2, 3), vectors(players=n, bounds=B4, exact_total=True), players=n
        )

    return of(3) | st.integers(3, 4).flatmap(of)


def _found_note(t: Tree) -> str:
    return (
        f"deep pruning gives {deep_pruning_unsound(t, B4).value}, maxn "
        f"{maxn(t).value} (shrunk by Hypothesis; shape {text(shape_of(t))})"
    )


def _smallest_trees(scope: Scope) -> Iterator[Tree]:  # noqa: ARG001 - the same in every scope
    grid = [v for v in vectors_within(3, B2) if sum(v) == 2]
    return vector_trees_of(all_shapes(4, max_height=3, unary=False), grid, 3)


def _is_exact(t: Tree) -> str | None:
    if is_wrong(t, B2):
        return f"deep pruning gives {deep_pruning_unsound(t, B2).value}, maxn {maxn(t).value}"
    return None


def _two_player_sizes(scope: Scope) -> tuple[int, int]:
    return (6, 4) if scope.full else (5, 3)


def _two_player_trees(scope: Scope) -> Iterator[Tree]:
    leaves, height = _two_player_sizes(scope)
    return scalar_trees_of(all_shapes(leaves, max_height=height, unary=False), [-1, 0, 1])


def _two_player_trees_text(scope: Scope) -> str:
    leaves, height = _two_player_sizes(scope)
    return (
        f"every two-player tree of the shapes with 1..{leaves} leaves, height <= {height}, no "
        "unary nodes, players in turn, leaves in {-1, 0, 1}"
    )


ON_PAIRS = "deep pruning on pairs (x, -x) computes maxn, and minimax first (two players)"

CHECKS = (
    Custom(run_on=_figure5, methods=("witness",), reach="within a bound"),
    Find(
        claim="deep pruning computes maxn with three or four players",
        strategy=_complete_binary_trees,
        condition=lambda t: is_wrong(t, B4),
        note=_found_note,
        domain="complete binary trees of depth 3, vectors summing to 4 (derandomized search)",
        max_examples=2000,
        bounds=B4,
        share=0.25,
    ),
    Exhaustive(
        claim="deep pruning computes maxn with three players",
        cases=_smallest_trees,
        predicate=_is_exact,
        domain="every tree of the shapes with 1..4 leaves (no unary nodes), smallest first, "
        "3-vectors of integers summing to 2",
        expected="fails",
        shown=lambda t: (t, B2),
        note=lambda t, problem: f"the first, of shape {text(shape_of(t))}: {problem}",
        sharded=False,
        share=0.3,
    ),
    Property(
        claim=ON_PAIRS,
        strategy=lambda: (
            scalar_trees(ties=True, max_depth=5) | scalar_trees(by_depth=False, grid=2)
        ),
        predicate=is_exact_on_pairs,
        domain="random two-player trees, depth <= 5, ties; players in turn or not; halves",
        max_examples=100,
        max_examples_full=300,
        share=0.4,
    ),
    Exhaustive(
        claim=ON_PAIRS,
        cases=_two_player_trees,
        predicate=is_exact_on_pairs,
        domain=_two_player_trees_text,
        share=0.5,
    ),
    Diffbehavior(
        claim="impl.deep_pruning_unsound behaves as spec.maxn with three players",
        pairs="deep",
        shapes=(parse("[*, [*, [*, *]]]"),),
        per_condition=60,
        full_only=True,
    ),
)
"""The checks: Figure 5, the smallest counterexamples, and two players on pairs."""


SPLIT = Node.by_depth([[(9, 3), (6, 6)], [(8, 4), (10, 2)]])
"""The instances' tree: two-player pairs (y, 12 - y), the pairs of Korf's bounds (-6, 0) shifted
by 6."""

FLOORS_LEAVE_A_WINDOW = (
    "The precondition of function deep_kids might not hold. Assertion (((f0 + f1) < s) or (s == 0))"
)
"""Nagini's error when a floor is raised past the other player's bound: the floors no longer
leave a window (and when the cut-off is deleted: the search goes on with Best[p] past the
bound, and the floor it raises to Best[p] leaves the other player no window)."""

CLAIMS = (
    Claim(
        name="deep-pairs",
        verifier="nagini",
        file="deep",
        rests_on=("split", "splits", "maxn_choice_splits", "seen", "deep_kids", "deep"),
        statement=(
            "deep pruning (impl.deep's search, bounds from every ancestor) on a two-player tree "
            "of pairs (y, 2m - y), y in 0..2m, floors 0 at the root, is the maxn vector, "
            "component by component, any player at any node; once Best[p] >= Sum - floors[o] it "
            "returns Best as it is (the cut-off); it terminates"
        ),
        domain=INTEGERS,
        window="the pairs' bounds shifted to 0 (y in 0..s, s = 2m), integer s",
        composed=(
            "that the pairs (x, -x) under Korf's bounds (-m, 0) become (y, 2m - y) shifted by m, "
            "as impl shifts them, and that the pairs stand for two-player minimax (maxn-pairs), is"
            " argued by hand"
        ),
        other_domains="yes, in any ordered abelian group: comparisons and y + (s - y) = s",
        pins=(
            Pin(
                deep_pruning_unsound, f"on pairs (x, -x): {READS}", "tests/test_verified_pinned.py"
            ),
        ),
        instance=Instance(("deep(t, 12)",), tree=SPLIT),
    ),
    Claim(
        name="deep-pairs-rationals",
        verifier="why3",
        file="pairs",
        rests_on=(
            "maxn_splits'vc",
            "maxn_from_splits'vc",
            "maxn_from_better'vc",
            "better_split'vc",
            "kids_max_split'vc",
            "deep'vc",
            "deep_from'vc",
            "deep_is_maxn'vc",
        ),
        statement=(
            "deep pruning (impl.deep's search on two players: bounds from every ancestor) on a "
            "two-player tree of rational pairs (y, s - y), y in [0, s], s > 0, returns the maxn "
            "vector itself, any player at any node; it terminates"
        ),
        domain=RATIONALS,
        window=(
            "Korf's bounds for pairs (x, -x) with x in [-m, 0], shifted by m as impl shifts them "
            "(s = 2m)"
        ),
        composed=SHIFT,
        lifts=("deep-pairs",),
        pins=(
            Pin(
                deep_pruning_unsound,
                f"on two-player pairs (x, -x), {TRACED}",
                "tests/test_verified_why3_pairs.py",
            ),
        ),
        instance=Instance((f"deep_is_maxn {terms.tree(SPLIT, labelled=True, prefix='V')} 12.0",)),
    ),
)
"""What Nagini and Why3 prove of it for every tree."""

FLAWS = (
    Flaw(
        name="deep-bound-from-the-wrong-player",
        verifier="nagini",
        file="deep",
        original="    bound = s - (f1 if p == 0 else f0)\n",
        seeded="    bound = s - (f0 if p == 0 else f1)\n",
        expected=FLOORS_LEAVE_A_WINDOW,
    ),
    Flaw(
        name="deep-floor-raised-where-the-other-moves",
        verifier="nagini",
        file="deep",
        original="    g0 = best[0] if not first and p == 0 and best[0] > f0 else f0\n",
        seeded="    g0 = best[0] if not first and p == 1 and best[0] > f0 else f0\n",
        expected=FLOORS_LEAVE_A_WINDOW,
    ),
    Flaw(
        name="deep-cuts-too-early",
        verifier="nagini",
        file="deep",
        original="    if not first and best[p] >= bound:\n",
        seeded="    if not first and best[p] >= bound - 1:\n",
        expected="Postcondition of deep_kids might not hold",
    ),
    Flaw(
        name="deep-cut-deleted",
        verifier="nagini",
        file="deep",
        original="    if not first and best[p] >= bound:\n        return best\n",
        seeded="",
        expected=FLOORS_LEAVE_A_WINDOW,
        unprunes=True,
    ),
    Flaw(
        name="deep-never-cuts",
        verifier="why3",
        file="pairs",
        original="if comp best.value p >=. s -. (if p = 0 then f1 else f0) then best",
        seeded="if false then best",
        expected="deep_from'vc",
    ),
    Flaw(
        name="deep-bound-from-the-wrong-player",
        verifier="why3",
        file="pairs",
        original="if comp best.value p >=. s -. (if p = 0 then f1 else f0) then best",
        seeded="if comp best.value p >=. s -. (if p = 0 then f0 else f1) then best",
        expected="deep_from'vc",
    ),
    Flaw(
        name="deep-floor-raised-where-the-other-moves",
        verifier="why3",
        file="pairs",
        original="if p = i && comp best i >. f then comp best i else f",
        seeded="if p <> i && comp best i >. f then comp best i else f",
        expected="deep_from'vc",
    ),
)
"""The flaws seeded in the verified files of its claims: each must fail as it says."""


THEOREM = Theorem(
    name="deep",
    title="Deep pruning fails with three or more players",
    statement=(
        "In a two-player game, alpha-beta pruning allows an additional type of pruning known "
        "as deep pruning ... Surprisingly, deep pruning does not generalize to more than two "
        "players."
    ),
    source="Korf, Generalized Game Trees, IJCAI-89, section 3.2.3 and Figure 5",
    status=(
        "For every tree (Nagini, Why3): with two players on pairs (x, -x), deep pruning's value "
        "is maxn's. Shown by witnesses and found by Hypothesis and the enumeration: it is wrong "
        "with three players, on Figure 5 and on the smallest trees (4 leaves)."
    ),
    module="gametree.proofs.theorems.deep_pruning",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
)
check = THEOREM.check
