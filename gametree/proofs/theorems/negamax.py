"""negamax: negamax (ModMinMax) is minimax seen by the player to move (lecture note "Game Tree").

**Statement** (the lecture note "Game Tree", "Modified Min-Max Algorithm"): with e(n) = E(n) if
player 0 moves
next at n and -E(n) otherwise, "ModMinMax(x) = e(x) at a leaf and max over children c of
-ModMinMax(c)", which rests on "max(a, b) = -min(-a, -b)". So the negamax value of a tree is its
minimax value when player 0 moves at the root and minus it otherwise, and both pick the same
moves: ``negamax(t) == (±minimax(t).value, minimax(t).principal_variation)``.
That includes players who move twice in a row (``negamax`` takes such a child's value
without negating it) and lone leaves (player 0 moves at a root leaf).

**Methods.** Every tree of the small shapes, leaves in {-1, 0, 1}, with every assignment of
players to the interior nodes (bounded-exhaustive); Hypothesis on random trees with ints and
fractions, players in turn or not; CrossHair per shape with symbolic leaves, and CrossHair
``diffbehavior`` between ``negamax`` and ``minimax`` (root player 0).
"""

import itertools
from collections.abc import Callable, Iterator

from hypothesis import strategies as st

from gametree.proofs.machinery.checks import Diffbehavior, Exhaustive, Property, Symbolic
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.result import Scope, Theorem
from gametree.proofs.machinery.shapes import Shape, all_shapes
from gametree.proofs.theorems._wording import EVERY_LEAF, INTEGERS, NEGATION, RATIONALS
from gametree.proofs.theorems.alphabeta import SMALL, SMALL_TERM
from gametree.spec import Leaf, Node, Scalar, Tree, minimax, negamax
from gametree.spec.strategies import scalar_trees

__all__ = [
    "CHECKS",
    "CLAIMS",
    "FLAWS",
    "RANDOM_MOVERS",
    "THEOREM",
    "check",
    "every_mover_checks",
    "every_mover_domain",
    "every_small_tree_with_every_mover",
    "problem",
    "random_movers",
    "trees_with_every_mover",
]


def problem(t: Tree) -> str | None:
    """``None`` if negamax is minimax seen by the root's mover, with the same moves."""
    n, m = negamax(t), minimax(t)
    sign = 1 if not isinstance(t, Node) or t.to_move == 0 else -1
    if (n.value, n.principal_variation) != (sign * m.value, m.principal_variation):
        return f"negamax {n}, minimax {m}"
    return None


def trees_with_every_mover(shapes: list[Shape], values: list[Scalar]) -> Iterator[Tree]:
    """Every two-player tree of ``shapes`` with leaves from ``values`` and any players."""
    for s in shapes:
        nodes = _interior(s)
        leaves = _leaves(s)
        for movers in itertools.product((0, 1), repeat=nodes):
            for vs in itertools.product(values, repeat=leaves):
                yield _build(s, iter(movers), iter(vs))


def _interior(s: Shape) -> int:
    return 0 if s is None else 1 + sum(_interior(c) for c in s)


def _leaves(s: Shape) -> int:
    return 1 if s is None else sum(_leaves(c) for c in s)


def _build(s: Shape, movers: Iterator[int], values: Iterator[Scalar]) -> Tree:
    if s is None:
        return Leaf(next(values))
    p = next(movers)
    return Node(p, [_build(c, movers, values) for c in s])


def every_small_tree_with_every_mover(scope: Scope) -> Iterator[Tree]:
    """Every tree of the small shapes, every player at every node, leaves in {-1, 0, 1}."""
    shapes = all_shapes(5 if scope.full else 4, max_height=3, unary=scope.full)
    return trees_with_every_mover(shapes, [-1, 0, 1])


def every_mover_domain(scope: Scope) -> str:
    """The domain of :func:`every_small_tree_with_every_mover`, in words."""
    return (
        f"every tree of the shapes with 1..{5 if scope.full else 4} leaves, height <= 3"
        + (" (unary nodes allowed)" if scope.full else " (no unary nodes)")
        + ", every player at every node, leaves in {-1, 0, 1}"
    )


def random_movers() -> st.SearchStrategy[Tree]:
    """Random two-player trees: players in turn or not, ints and thirds, ties, depth <= 6."""
    return scalar_trees(by_depth=False, grid=3) | scalar_trees(ties=True, max_depth=6)


RANDOM_MOVERS = "random trees: players in turn or not, ints and thirds, ties, depth <= 6"


def every_mover_checks(
    claim: str, predicate: Callable[[Tree], str | None]
) -> tuple[Exhaustive[Tree], Property[Tree]]:
    """``predicate`` on every small tree with every mover, then on random movers.

    The checks of negamax and maxn-pairs.
    """
    return (
        Exhaustive(
            claim=claim,
            cases=every_small_tree_with_every_mover,
            predicate=predicate,
            domain=every_mover_domain,
            share=0.6,
        ),
        Property(
            claim=claim,
            strategy=random_movers,
            predicate=predicate,
            domain=RANDOM_MOVERS,
            max_examples=500,
        ),
    )


CLAIM = "negamax = ±minimax (the sign of the root's mover), with minimax's moves"

CHECKS = (
    Diffbehavior(
        claim="negamax behaves as minimax (root player 0): same value and principal variation",
        pairs="negamax",
        share=0.3,
    ),
    Symbolic(
        claim="negamax = minimax with minimax's moves (root player 0, symbolic leaves)",
        targets=("negamax_is_minimax",),
        shapes=("[[*, *], *]", "[[*, *], [*, *]]"),
        max_leaves=4,
        kind="scalar",
        per_condition=10,
        per_condition_full=30,
        share=0.6,
    ),
    *every_mover_checks(CLAIM, problem),
)
"""The checks: see the module docstring, "Methods"."""

CLAIMS = (
    Claim(
        name="negamax",
        verifier="nagini",
        file="two_player",
        rests_on=("negamax_choice", "negamax", "negamax_choice_is_signed", "negamax_is_minimax"),
        statement=(
            "negamax (ModMinMax) = minimax if player 0 moves at the root, -minimax otherwise, any"
            " player at any node (players moving twice included); it terminates"
        ),
        domain=INTEGERS,
        window="none (no window or bound)",
        other_domains=NEGATION,
        pins=(
            Pin(negamax, EVERY_LEAF, "tests/test_verified_pinned.py"),
            Pin(minimax, EVERY_LEAF, "tests/test_verified_pinned.py"),
        ),
        instance=Instance(("negamax_is_minimax(t)",), tree=SMALL),
    ),
    Claim(
        name="negamax-rationals",
        verifier="why3",
        file="alphabeta",
        rests_on=(
            "negamax_kids_is_signed'vc",
            "negamax_child_is_signed'vc",
            "negamax_is_minimax'vc",
        ),
        statement=(
            "negamax (ModMinMax) = minimax if player 0 moves at the root, -minimax otherwise, on "
            "every rational tree, any player at any node (players moving twice included); it "
            "terminates"
        ),
        domain=RATIONALS,
        window="none (no window or bound)",
        lifts=("negamax",),
        pins=(
            Pin(
                negamax,
                "why3 execute: value, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_execute.py",
            ),
            Pin(
                minimax,
                "why3 execute: value, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_execute.py",
            ),
        ),
        instance=Instance((f"negamax_is_minimax {SMALL_TERM}",)),
    ),
)
"""What Nagini and Why3 prove of it for every tree."""

FLAWS = (
    Flaw(
        name="negamax-no-negation",
        verifier="nagini",
        file="two_player",
        original="        v = -negamax_choice(c.kids, c.to_move)\n",
        seeded="        v = negamax_choice(c.kids, c.to_move)\n",
        expected="Postcondition of negamax_choice_is_signed might not hold",
    ),
    Flaw(
        name="negamax-no-negation",
        verifier="why3",
        file="alphabeta",
        original="if q = p then negamax_kids k q else -. negamax_kids k q\n",
        seeded="if q = p then negamax_kids k q else negamax_kids k q\n",
        expected="negamax_child_is_signed'vc",
    ),
)
"""The flaws seeded in the verified files of its claims: each must fail as it says."""


THEOREM = Theorem(
    name="negamax",
    title="Negamax (ModMinMax) equals minimax with the sign of the player to move",
    statement="ModMinMax(x) = e(x) at a leaf, max over children c of -ModMinMax(c) otherwise; "
    "max(a, b) = -min(-a, -b).",
    source="the lecture note 'Game Tree', 'Min-Max Algorithm' and 'Modified Min-Max Algorithm'",
    status=(
        "For every tree (Nagini, Why3): the value, players moving twice included. Checked "
        "within a bound and on samples, not proved for every tree: the principal variation."
    ),
    module="gametree.proofs.theorems.negamax",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    weight=0.6,
)
check = THEOREM.check
