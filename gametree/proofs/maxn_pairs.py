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

from gametree.proofs.checks import Diffbehavior, Symbolic
from gametree.proofs.negamax import every_mover_checks
from gametree.proofs.result import Theorem
from gametree.spec import Tree, as_pairs, maxn, minimax

__all__ = ["CHECKS", "THEOREM", "check", "problem"]


def problem(t: Tree) -> str | None:
    """``None`` if maxn on (x, -x) gives (minimax, -minimax) with minimax's moves."""
    p, m = maxn(as_pairs(t)), minimax(t)
    if (p.value, p.principal_variation) != ((m.value, -m.value), m.principal_variation):
        return f"maxn on pairs {p}, minimax {m}"
    return None


CLAIM = "maxn on (x, -x) is (v, -v) for the minimax value v, with minimax's moves"

CHECKS = (
    Diffbehavior(
        claim="spec.maxn on (x, -x) behaves as spec.minimax: same value (first component) and "
        "principal variation",
        pairs="maxn-pairs",
        share=0.3,
    ),
    Symbolic(
        claim="maxn on (x, -x) is (v, -v) with minimax's moves (symbolic leaves)",
        targets=("maxn_of_pairs_is_minimax",),
        shapes=("[*, *]", "[[*, *], *]"),
        max_leaves=4,
        kind="scalar",
        per_condition=15,
        per_condition_full=40,
        share=0.6,
    ),
    *every_mover_checks(CLAIM, problem),
)
"""Theorem 3's checks: see the module docstring, "Methods"."""

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
    checks=CHECKS,
    weight=0.6,
)
check = THEOREM.check
