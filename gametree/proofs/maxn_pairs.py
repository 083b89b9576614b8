"""Theorem 3: maxn on leaves (x, -x) is negamax (Korf 3.1).

**Statement** (R. E. Korf, "Generalized Game Trees", IJCAI-89, section 3.1): "The negamax
formulation of two-player minimax is a special case of maxn for two players. The evaluation
function returns an ordered pair of x and -x, and each player maximizes his component at his
moves." So ``spec.maxn(spec.as_pairs(t))`` is the pair (v, -v) of the minimax value v, with
minimax's principal variation (both keep the leftmost best child), for any players.

**Methods.** Every tree of the small shapes with leaves in {-1, 0, 1} and every player at every
node (bounded-exhaustive); Hypothesis on random trees; CrossHair per shape, and CrossHair
``diffbehavior`` between maxn on the pairs and ``spec.minimax``.
"""

import time

from gametree.proofs._methods import exhaustive, from_sweep, hypothesis_property
from gametree.proofs.diffbehavior import PAIRS, diffbehavior_result
from gametree.proofs.negamax import trees_with_every_mover
from gametree.proofs.result import Result, Scope, Theorem
from gametree.proofs.shapes import all_shapes
from gametree.proofs.symbolic import shapes_of, symbolic_result
from gametree.spec import Tree, as_pairs, maxn, minimax
from gametree.spec.strategies import scalar_trees

__all__ = ["THEOREM", "check", "problem"]


def problem(t: Tree) -> str | None:
    """``None`` if maxn on (x, -x) gives (minimax, -minimax) with minimax's moves."""
    p, m = maxn(as_pairs(t)), minimax(t)
    if (p.value, p.principal_variation) != ((m.value, -m.value), m.principal_variation):
        return f"maxn on pairs {p}, minimax {m}"
    return None


def _exhaustive(scope: Scope) -> Result:
    started = time.monotonic()
    leaves = 5 if scope.full else 4
    shapes = all_shapes(leaves, max_height=3, unary=scope.full)
    sweep = exhaustive(trees_with_every_mover(shapes, [-1, 0, 1]), problem, scope)
    return from_sweep(
        sweep,
        theorem=3,
        claim="maxn on (x, -x) is (v, -v) for the minimax value v, with minimax's moves",
        method="bounded-exhaustive",
        domain=f"every tree of the shapes with 1..{leaves} leaves, height <= 3"
        + (" (unary nodes allowed)" if scope.full else " (no unary nodes)")
        + ", every player at every node, leaves in {-1, 0, 1}",
        scope=scope,
        started=started,
    )


def _property(scope: Scope) -> Result:
    started = time.monotonic()
    strategy = scalar_trees(by_depth=False, grid=3) | scalar_trees(ties=True, max_depth=6)
    sweep = hypothesis_property(strategy, problem, max_examples=500, scope=scope)
    return from_sweep(
        sweep,
        theorem=3,
        claim="maxn on (x, -x) is (v, -v) for the minimax value v, with minimax's moves",
        method="property (Hypothesis)",
        domain="random trees: players in turn or not, ints and thirds, ties, depth <= 6",
        scope=scope,
        started=started,
        sampled=True,
    )


def _symbolic(scope: Scope) -> Result:
    shapes = shapes_of(["[*, *]", "[[*, *], *]"], scope, max_leaves=4)
    return symbolic_result(
        theorem=3,
        claim="maxn on (x, -x) is (v, -v) with minimax's moves (symbolic leaves)",
        targets=["maxn_of_pairs_is_minimax"],
        shapes=shapes,
        kind="scalar",
        per_condition=40 if scope.full else 15,
        scope=scope,
    )


def _diffbehavior(scope: Scope) -> Result:
    return diffbehavior_result(
        theorem=3,
        claim="spec.maxn on (x, -x) behaves as spec.minimax: same value (first component) and "
        "principal variation",
        pairs=PAIRS["maxn-pairs"],
        scope=scope,
    )


def check(scope: Scope) -> list[Result]:
    """Every check of Theorem 3, within ``scope``."""
    return [
        _diffbehavior(scope.part(0.3)),
        _symbolic(scope.part(0.6)),
        _exhaustive(scope.part(0.6)),
        _property(scope.part(1.0)),
    ]


THEOREM = Theorem(
    number=3,
    name="maxn-pairs",
    title="maxn with leaves (x, -x) equals negamax",
    statement="The negamax formulation of two-player minimax is a special case of maxn for two "
    "players. The evaluation function returns an ordered pair of x and -x, and each player "
    "maximizes his component at his moves.",
    source="Korf, Generalized Game Trees, IJCAI-89, section 3.1",
    status="Holds, value and principal variation, players moving twice included.",
    module="gametree.proofs.maxn_pairs",
    check=check,
    methods=(
        "symbolic (CrossHair)",
        "diffbehavior (CrossHair)",
        "bounded-exhaustive",
        "property (Hypothesis)",
    ),
    weight=0.6,
)
