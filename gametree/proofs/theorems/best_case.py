"""best-case: the best case of shallow pruning and of alpha-beta, exactly (Korf 3.2.5; Knuth-Moore).

**Statement** (R. E. Korf, "Generalized Game Trees", IJCAI-89, section 3.2.5): with immediate
pruning excluded ("no one component can equal the upper bound on the sum"), "F(d) =
F(d-1) + (b-1) * F(d-2) ... F(0) = 1 and F(1) = b ... in a binary tree, F(d) is the familiar
Fibonacci sequence. The solution to the general recurrence has an asymptotic branching factor
of (1 + sqrt(4b - 3))/2." And for two players (D. E. Knuth and R. W. Moore, "An Analysis of
Alpha-Beta Pruning", AIJ 6, 1975, Theorem 1 and section 6), alpha-beta examines exactly
b^ceil(d/2) + b^floor(d/2) - 1 leaves of a perfectly ordered uniform tree.

Checked:

- *constructive witnesses*: ``impl.best_ordered_tree(b, d, N)`` is a uniform tree, players in
  turn, within the bounds, no component at the sum, on which shallow pruning reads exactly F(d)
  leaves; ``impl.best_ordered(b, d)`` is perfectly ordered (every first child best) and
  alpha-beta reads exactly Knuth and Moore's count; for every b and d in a range;
- *bounded-exhaustive*: F(d) is the best case, not only a case: over every tree of the uniform
  shapes b^d in a range with vectors from a grid that never reach the sum, the fewest leaves
  shallow pruning reads is F(d) (and Knuth and Moore's count for alpha-beta on integer trees);
- *the asymptotic branching factor*: F(d+1)/F(d) -> r = (1 + sqrt(4b - 3))/2, checked with exact
  integers and 200-digit division: r is the positive root of x^2 = x + (b - 1), and the error
  |F(d+1)/F(d) - r| shrinks like |s/r|^d (s the other root, |s| < r), below 10^-30 at d = 400.
"""

import itertools
import time
from decimal import Decimal, getcontext

from gametree.impl.alphabeta import alphabeta
from gametree.impl.best_case import BEST_CASE_BOUNDS, best_case_leaves, best_ordered_tree
from gametree.impl.ordered import best_ordered, knuth_moore_leaves
from gametree.impl.shallow import shallow
from gametree.proofs.machinery._methods import (
    result,
    scalar_trees_of,
    vector_trees_of,
    vectors_within,
)
from gametree.proofs.machinery.checks import Custom
from gametree.proofs.machinery.result import Counterexample, Result, Scope, Theorem
from gametree.proofs.machinery.shapes import Shape
from gametree.spec import Bounds, Leaf, Tree, Vector, check_bounds, maxn, minimax

__all__ = ["CHECKS", "THEOREM", "branching_factor", "check", "witness_problem"]


def _uniform(t: Tree, b: int, d: int, players: int) -> bool:
    stack: list[tuple[Tree, int]] = [(t, 0)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, Leaf):
            if depth != d:
                return False
            continue
        if len(x.children) != b or x.to_move != depth % players:
            return False
        stack.extend((c, depth + 1) for c in x.children)
    return True


def witness_problem(b: int, d: int, players: int) -> str | None:
    """``None`` if both constructed trees meet their counts exactly, else what is wrong."""
    t = best_ordered_tree(b, d, players=players)
    if not _uniform(t, b, d, players):
        return f"best_ordered_tree({b}, {d}) is not uniform with players in turn"
    check_bounds(t, BEST_CASE_BOUNDS)
    r = shallow(t, BEST_CASE_BOUNDS)
    if r.value != maxn(t).value:
        return "shallow pruning is not exact on it"
    if r.leaves_evaluated != best_case_leaves(b, d):
        return (
            f"shallow pruning reads {r.leaves_evaluated} leaves, F({d}) = {best_case_leaves(b, d)}"
        )
    if d <= 6:
        two = best_ordered(b, d)
        a = alphabeta(two)
        if a.value != minimax(two).value or a.leaves_evaluated != knuth_moore_leaves(b, d):
            return f"alpha-beta reads {a.leaves_evaluated}, Knuth-Moore {knuth_moore_leaves(b, d)}"
    return None


def _f_recurrence_problem(b: int) -> str | None:
    fs = [best_case_leaves(b, d) for d in range(12)]
    if fs[0] != 1 or fs[1] != b:
        return f"F(0), F(1) = {fs[0]}, {fs[1]}"
    for d in range(2, 12):
        if fs[d] != fs[d - 1] + (b - 1) * fs[d - 2]:
            return f"F({d}) = {fs[d]} breaks the recurrence"
    if b == 2 and fs[:10] != [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]:
        return "binary F(d) is not Fibonacci"
    return None


def _witnesses(scope: Scope) -> Result:
    started = time.monotonic()
    cases = 0
    bad = ""
    bs, ds = (range(1, 6), range(7)) if not scope.full else (range(1, 7), range(10))
    for b, d, players in itertools.product(bs, ds, (2, 3, 4)):
        if scope.budget.expired():
            break
        problem = _f_recurrence_problem(b) or witness_problem(b, d, players)
        cases += 1
        if problem:
            bad = f"b = {b}, d = {d}, N = {players}: {problem}"
            break
    return result(
        theorem="best-case",
        claim="shallow pruning reads exactly F(d) leaves of a best-ordered tree; alpha-beta "
        "exactly b^ceil(d/2) + b^floor(d/2) - 1 of a perfectly ordered one",
        method="witness",
        expected="holds",
        cases=cases,
        domain=f"impl.best_ordered_tree and impl.best_ordered, b in {bs.start}..{bs.stop - 1}, "
        f"d in 0..{ds.stop - 1} (alpha-beta d <= 6), N in 2..4",
        counterexample=Counterexample(None, bad) if bad else None,
        finished=not scope.budget.expired(),
        scope=scope,
        started=started,
    )


def _uniform_shape(b: int, d: int) -> Shape:
    shape: Shape = None
    for _ in range(d):
        shape = (shape,) * b
    return shape


def _fewest(b: int, d: int, players: int, grid: list[Vector], scope: Scope) -> int | None:
    """The fewest leaves shallow pruning reads over the trees b^d of ``scope``'s shard."""
    best: int | None = None
    for i, t in enumerate(vector_trees_of([_uniform_shape(b, d)], grid, players)):
        if not scope.shard.takes(i):
            continue
        if scope.budget.expired():
            return None
        n = shallow(t, Bounds(0, 3)).leaves_evaluated
        best = n if best is None else min(best, n)
    return best


def _best_case_is_the_least(scope: Scope) -> Result:
    started = time.monotonic()
    grid = [v for v in vectors_within(3, Bounds(0, 3)) if max(v) < 3]
    runs = [(2, 2)]
    cases = 0
    bad = ""
    finished = True
    for b, d in runs:
        fewest = _fewest(b, d, 3, grid, scope)
        if fewest is None:
            finished = False
            break
        cases += len([i for i in range(len(grid) ** (b**d)) if scope.shard.takes(i)])
        if not _is_least(fewest, best_case_leaves(b, d), scope):
            bad = f"b = {b}, d = {d}: fewest {fewest}, F(d) = {best_case_leaves(b, d)}"
            break
    two = _alphabeta_fewest(scope)
    if two is None:
        finished = False
    else:
        cases += two[0]
        bad = bad or two[1]
    return result(
        theorem="best-case",
        claim="F(d) is the fewest leaves shallow pruning reads (no component at the sum); "
        "Knuth-Moore's count the fewest alpha-beta reads",
        method="bounded-exhaustive",
        expected="holds",
        cases=cases,
        domain="every uniform tree b = 2, d = 2, N = 3, vectors summing to <= 3 with every "
        "component < 3; every two-player uniform tree b = 2, d = 1..3 and b = 3, d = 2, "
        "leaves in {0, 1, 2}"
        + ("" if scope.shard.n == 1 else " (in a shard: none of its trees reads fewer)"),
        counterexample=Counterexample(None, bad) if bad else None,
        finished=finished,
        scope=scope,
        started=started,
    )


def _is_least(fewest: int | None, count: int, scope: Scope) -> bool:
    """Whether ``fewest`` bears out ``count`` as the least number of leaves read.

    Over every tree it must equal it; over a shard's part, which may not hold the best-ordered
    tree, no tree may read fewer.
    """
    if fewest is None:
        return scope.shard.n > 1
    return fewest == count if scope.shard.n == 1 else fewest >= count


def _alphabeta_fewest(scope: Scope) -> tuple[int, str] | None:
    cases = 0
    for b, d in [(2, 1), (2, 2), (2, 3), (3, 2)]:
        fewest: int | None = None
        for i, t in enumerate(scalar_trees_of([_uniform_shape(b, d)], [0, 1, 2])):
            if not scope.shard.takes(i):
                continue
            if scope.budget.expired():
                return None
            n = alphabeta(t).leaves_evaluated
            fewest = n if fewest is None else min(fewest, n)
            cases += 1
        if not _is_least(fewest, knuth_moore_leaves(b, d), scope):
            km = knuth_moore_leaves(b, d)
            return cases, f"alpha-beta, b = {b}, d = {d}: fewest {fewest}, Knuth-Moore {km}"
    return cases, ""


def branching_factor(b: int, d: int) -> tuple[Decimal, Decimal]:
    """F(d+1)/F(d) and (1 + sqrt(4b - 3))/2, to 200 digits."""
    getcontext().prec = 200
    r = (1 + Decimal(4 * b - 3).sqrt()) / 2
    return Decimal(best_case_leaves(b, d + 1)) / Decimal(best_case_leaves(b, d)), r


def _asymptotic(scope: Scope) -> Result:
    started = time.monotonic()
    bad = ""
    cases = 0
    for b in range(2, 12):
        errors = []
        for d in (100, 200, 400):
            ratio, r = branching_factor(b, d)
            errors.append(abs(ratio - r))
        cases += 1
        # r is a root of x^2 = x + (b - 1): r^2 - r - (b - 1) vanishes to working precision.
        _, r = branching_factor(b, 1)
        if abs(r * r - r - (b - 1)) > Decimal(10) ** -150:
            bad = f"b = {b}: r is not a root of x^2 = x + (b - 1)"
        if not errors[0] > errors[1] > errors[2] or errors[2] > Decimal(10) ** -30:
            bad = f"b = {b}: |F(d+1)/F(d) - r| = {[float(e) for e in errors]} at d = 100, 200, 400"
        if bad:
            break
    return result(
        theorem="best-case",
        claim="the asymptotic branching factor of F is (1 + sqrt(4b - 3))/2",
        method="witness",
        expected="holds",
        cases=cases,
        domain="b in 2..11: F(d+1)/F(d) at d = 100, 200, 400 (exact integers, 200 digits)",
        counterexample=Counterexample(None, bad) if bad else None,
        finished=True,
        scope=scope,
        started=started,
    )


CHECKS = (
    Custom(run_on=_witnesses, methods=("witness",), reach="within a bound", share=0.3),
    Custom(run_on=_asymptotic, methods=("witness",), reach="within a bound", share=0.1),
    Custom(run_on=_best_case_is_the_least, methods=("bounded-exhaustive",), reach="within a bound"),
)
"""The checks: the constructed trees, the branching factor, the fewest over small trees."""


THEOREM = Theorem(
    name="best-case",
    title="Best case: Korf's F(d), Knuth-Moore's count, the branching factor",
    statement="F(d) = F(d-1) + (b-1) * F(d-2), F(0) = 1, F(1) = b; asymptotic branching factor "
    "(1 + sqrt(4b - 3))/2. Alpha-beta on a perfectly ordered tree: b^ceil(d/2) + b^floor(d/2) - 1.",
    source="Korf, Generalized Game Trees, IJCAI-89, section 3.2.5; Knuth and Moore, AIJ 6 "
    "(1975), Theorem 1",
    status="Holds: exact on the constructed trees, and the fewest over every small tree.",
    module="gametree.proofs.theorems.best_case",
    checks=CHECKS,
    weight=0.8,
)
check = THEOREM.check
