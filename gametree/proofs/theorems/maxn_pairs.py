"""maxn-pairs: maxn on leaves (x, -x) is negamax (Korf 3.1).

**Statement** (R. E. Korf, "Generalized Game Trees", IJCAI-89, section 3.1): "The negamax
formulation of two-player minimax is a special case of maxn for two players. The evaluation
function returns an ordered pair of x and -x, and each player maximizes his component at his
moves." So ``maxn(as_pairs(t))`` is the pair (v, -v) of the minimax value v, with
minimax's principal variation (both keep the leftmost best child), for any players.

**Methods.** Every tree of the small shapes with leaves in {-1, 0, 1} and every player at every
node (bounded-exhaustive); Hypothesis on random trees; CrossHair per shape, and CrossHair
``diffbehavior`` between maxn on the pairs and ``minimax``.
"""

from gametree.impl.maxn import maxn as impl_maxn
from gametree.proofs.machinery.checks import Diffbehavior, Symbolic
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.result import Theorem
from gametree.proofs.theorems._wording import INTEGERS, NEGATION, RATIONALS
from gametree.proofs.theorems.alphabeta import SMALL
from gametree.proofs.theorems.negamax import every_mover_checks
from gametree.proofs.why3 import terms
from gametree.spec import Tree, as_pairs, maxn, minimax, negamax

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
        claim="maxn on (x, -x) behaves as minimax: same value (first component) and "
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
"""The checks: see the module docstring, "Methods"."""

CLAIMS = (
    Claim(
        name="maxn-pairs",
        verifier="nagini",
        file="multi_player",
        rests_on=(
            "pairs",
            "minimax_choice",
            "minimax_of_pairs",
            "maxn_choice_on_pairs",
            "maxn_on_pairs",
        ),
        statement=(
            "maxn on a two-player tree of pairs (x, -x) is (v, -v), v the minimax value of the "
            "x's, any player at any node; it terminates"
        ),
        domain=INTEGERS,
        window="none (no window or bound)",
        composed=(
            "the theorem's '= negamax' is this with negamax (two_player.py: negamax = "
            "minimax with the root mover's sign), composed by hand: the two kernels have "
            "different tree types (pairs, scalars) and share no definition"
        ),
        other_domains=NEGATION,
        pins=(
            Pin(
                impl_maxn,
                "value, leaves read in order, nodes entered, on Hypothesis trees",
                "tests/test_verified_pinned.py",
            ),
            Pin(
                minimax,
                "of the first components: value, every leaf read",
                "tests/test_verified_pinned.py",
            ),
        ),
        instance=Instance(("maxn_on_pairs(t)",), ("pairs(t.kids)",), as_pairs(SMALL)),
    ),
    Claim(
        name="maxn-pairs-negamax-rationals",
        verifier="why3",
        file="pairs",
        rests_on=(
            "comp_pair'vc",
            "better_pairs'vc",
            "maxn_of_pairs'vc",
            "maxn_from_pairs'vc",
            "negamax_kids_is_signed'vc",
            "negamax_child_is_signed'vc",
            "maxn_on_pairs_is_negamax'vc",
        ),
        statement=(
            "one statement about one tree: for every two-player tree t with rational values, any "
            "player at any node (players moving twice included), maxn of its pairs (x, -x) "
            "(spec.as_pairs) is (v, -v), v the minimax value, and its component for the player to"
            " move at the root is the negamax value; it terminates"
        ),
        domain=RATIONALS,
        window="none (no window or bound)",
        lifts=("maxn-pairs",),
        pins=(
            Pin(
                as_pairs,
                "why3 execute: values, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_pairs.py",
            ),
            Pin(
                maxn,
                "why3 execute: values, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_pairs.py",
            ),
            Pin(
                minimax,
                "why3 execute: values, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_pairs.py",
            ),
            Pin(
                negamax,
                "why3 execute: values, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_pairs.py",
            ),
        ),
        instance=Instance((f"maxn_on_pairs_is_negamax {terms.tree(SMALL, labelled=True)}",)),
    ),
)
"""What Nagini and Why3 prove of it for every tree."""

FLAWS = (
    Flaw(
        name="pairs-max-minimises",
        verifier="nagini",
        file="multi_player",
        original="    if p == 0:\n        return v if v >= w else w\n",
        seeded="    if p == 1:\n        return v if v >= w else w\n",
        expected="Postcondition of maxn_choice_on_pairs might not hold",
    ),
    Flaw(
        name="pairs-of-equal-components",
        verifier="nagini",
        file="multi_player",
        original="c.value[1] == -c.value[0] if c.kids is None else pairs(c.kids)",
        seeded="c.value[1] == c.value[0] if c.kids is None else pairs(c.kids)",
        expected="Postcondition of maxn_choice_on_pairs might not hold",
    ),
    Flaw(
        name="pairs-of-equal-components",
        verifier="why3",
        file="pairs",
        original="let function pair (x: real) : vec = Cons x (Cons (-. x) Nil)",
        seeded="let function pair (x: real) : vec = Cons x (Cons x Nil)",
        expected="comp_pair'vc",
    ),
    Flaw(
        name="pairs-negamax-no-negation",
        verifier="why3",
        file="pairs",
        original="if q = p then negamax_kids k q else -. negamax_kids k q\n",
        seeded="if q = p then negamax_kids k q else negamax_kids k q\n",
        expected="negamax_child_is_signed'vc",
    ),
)
"""The flaws seeded in the verified files of its claims: each must fail as it says."""


THEOREM = Theorem(
    name="maxn-pairs",
    title="maxn with leaves (x, -x) equals negamax",
    statement="The negamax formulation of two-player minimax is a special case of maxn for two "
    "players. The evaluation function returns an ordered pair of x and -x, and each player "
    "maximizes his component at his moves.",
    source="Korf, Generalized Game Trees, IJCAI-89, section 3.1",
    status=(
        "For every tree (Nagini, Why3): the value, players moving twice included. Checked "
        "within a bound and on samples, not proved for every tree: the principal variation."
    ),
    module="gametree.proofs.theorems.maxn_pairs",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    weight=0.6,
)
check = THEOREM.check
