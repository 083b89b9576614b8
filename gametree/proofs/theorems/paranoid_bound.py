"""paranoid: the paranoid value is a guarantee: at most the player's maxn component.

**Statement** (N. R. Sturtevant and R. E. Korf, "On Pruning Techniques for Multi-Player
Games", AAAI 2000; the issue's wording): the paranoid value of the root is at most the root
player's component of the maxn value. Paranoid assumes every other player minimises the root
player's worth; maxn assumes each maximises its own component, one particular way of playing
against it.

**Proof** (by induction on the tree, for any player r and any players to move): at a leaf both
are r's component. Where r moves, paranoid = max_c paranoid(c) <= max_c maxn(c)[r] =
maxn[r], since maxn picks a child maximising r's component. Where another player moves, maxn
takes some child c*, and paranoid = min_c paranoid(c) <= paranoid(c*) <= maxn(c*)[r] = maxn[r].

Also checked: ``impl.paranoid`` (alpha-beta with deep cut-offs) gives ``paranoid``'s value
and principal variation. **Methods:** bounded-exhaustive, Hypothesis (every player as r,
players not in turn, N = 2..5), CrossHair per shape, and CrossHair ``diffbehavior`` between
``impl.paranoid`` and ``paranoid`` (two and three players).
"""

from collections.abc import Iterator

from hypothesis import strategies as st

from gametree.impl.paranoid import paranoid as impl_paranoid
from gametree.proofs.machinery._methods import vector_trees_of, vectors_within
from gametree.proofs.machinery.checks import Diffbehavior, Exhaustive, Property, Symbolic
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.result import Scope, Theorem
from gametree.proofs.machinery.shapes import all_shapes
from gametree.proofs.theorems._wording import COMPARISONS, EVERY_LEAF, INTEGERS, RATIONALS, TRACED
from gametree.proofs.theorems.pinned import vector_cases
from gametree.proofs.theorems.shallow_pruning import BOUNDED
from gametree.proofs.why3 import terms
from gametree.spec import Bounds, Tree, maxn, paranoid
from gametree.spec.strategies import vector_trees

__all__ = ["CHECKS", "THEOREM", "check", "problem"]


def problem(t: Tree) -> str | None:
    """``None`` if for every player r, paranoid(r) <= maxn[r] and impl agrees with spec."""
    m = maxn(t).value
    for r in range(t.players):
        s = paranoid(t, r)
        if s.value > m[r]:
            return f"player {r}: paranoid {s.value} > maxn component {m[r]} of {m}"
        i = impl_paranoid(t, r)
        if (i.value, i.principal_variation) != (s.value, s.principal_variation):
            return f"player {r}: impl.paranoid {i.value} by {i.principal_variation}, spec {s}"
    return None


def _every_small_tree(scope: Scope) -> Iterator[Tree]:  # noqa: ARG001 - the same in every scope
    for players, b in ((3, Bounds(0, 2)), (4, Bounds(0, 1))):
        shapes = all_shapes(4, max_height=3, unary=False)
        yield from vector_trees_of(shapes, vectors_within(players, b), players)


def _random_trees() -> st.SearchStrategy[Tree]:
    return st.integers(2, 5).flatmap(
        lambda n: vector_trees(players=n, max_depth=4, ties=True, by_depth=False)
    )


CLAIM = "paranoid(r) <= maxn[r] for every player r; impl.paranoid = paranoid"

CHECKS = (
    Diffbehavior(
        claim="impl.paranoid behaves as paranoid (two and three players): same value and "
        "principal variation",
        pairs="paranoid",
        share=0.3,
    ),
    Symbolic(
        claim="the root player's paranoid value <= its maxn component; impl = spec (symbolic)",
        targets=("paranoid_is_a_guarantee",),
        shapes=("[*, [*, *]]", "[[*, *], [*, *]]"),
        max_leaves=3,
        kind="vectors",
        players=3,
        per_condition=15,
        per_condition_full=40,
        share=0.6,
    ),
    Exhaustive(
        claim=CLAIM,
        cases=_every_small_tree,
        predicate=problem,
        domain="every tree of the shapes with 1..4 leaves (height <= 3, no unary nodes, players "
        "in turn), N = 3 with integer vectors of sum <= 2, N = 4 with sum <= 1",
        share=0.6,
    ),
    Property(
        claim=CLAIM,
        strategy=_random_trees,
        predicate=problem,
        domain="the pinned counterexamples (proofs.pinned), then random trees, N = 2..5, players "
        "not in turn, ties, depth <= 4",
        max_examples=300,
        examples=lambda: [t for t, _ in vector_cases()],
    ),
)
"""The checks: see the module docstring, "Methods"."""

CLAIMS = (
    Claim(
        name="paranoid",
        verifier="nagini",
        file="multi_player",
        rests_on=(
            "paranoid_choice",
            "paranoid",
            "paranoid_choice_is_a_guarantee",
            "paranoid_is_a_guarantee",
        ),
        statement=(
            "the paranoid value (the definition: q maximises, every other player minimises q's "
            "component) for any player q is at most q's component of the maxn value, for any "
            "number of players, any player at any node; both terminate"
        ),
        domain=INTEGERS,
        window="none (no window or bound)",
        composed=(
            "the proof is of the paranoid definition, not of impl.paranoid's alpha-beta with its "
            "cut-offs: that impl.paranoid computes the definition is tested (samples and shapes),"
            " not verified"
        ),
        other_domains=COMPARISONS,
        pins=(
            Pin(
                paranoid,
                f"the definition: {EVERY_LEAF}; not impl.paranoid",
                "tests/test_verified_pinned.py",
            ),
        ),
        instance=Instance(("paranoid_is_a_guarantee(t, 1, 3)",), tree=BOUNDED),
    ),
    Claim(
        name="paranoid-rationals",
        verifier="why3",
        file="paranoid",
        rests_on=("paranoid_below_maxn'vc", "maxn_from_above'vc", "paranoid_is_a_guarantee'vc"),
        statement=(
            "the paranoid value for any player q is at most q's component of the maxn value, on "
            "every tree with rational components, any number of players, any player at any node; "
            "they terminate"
        ),
        domain=RATIONALS,
        window="none: no bounds on the values",
        lifts=("paranoid",),
        pins=(
            Pin(
                paranoid,
                "why3 execute: values, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_paranoid.py",
            ),
            Pin(
                maxn,
                "why3 execute: values, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_paranoid.py",
            ),
        ),
        instance=Instance((f"paranoid_is_a_guarantee {terms.tree(BOUNDED, labelled=True)} 1",)),
    ),
    Claim(
        name="paranoid-alphabeta-rationals",
        verifier="why3",
        file="paranoid",
        rests_on=("search'vc", "search_from'vc", "paranoid_search_is_paranoid'vc"),
        statement=(
            "impl.paranoid's alpha-beta (fail-soft, its cut-offs included), from the root with no"
            " bounds, returns the paranoid value for any player q, and so at most q's component "
            "of the maxn value (one statement), on every tree with rational components, any "
            "number of players, any player at any node; below the root, Fishburn's property for "
            "any bounds (None or a value, alpha < beta); it terminates"
        ),
        domain=RATIONALS,
        window=(
            "the root's (None, None), impl's unbounded window, itself (no finite stand-in); below"
            " it any bounds, None or rational"
        ),
        pins=(
            Pin(
                impl_paranoid,
                f"for every player q, {TRACED}",
                "tests/test_verified_why3_paranoid.py",
            ),
        ),
        instance=Instance((f"paranoid_search_is_paranoid {terms.tree(BOUNDED, labelled=True)} 1",)),
    ),
)
"""What Nagini and Why3 prove of it for every tree."""

FLAWS = (
    Flaw(
        name="paranoid-reads-the-movers-component",
        verifier="nagini",
        file="multi_player",
        original="    v = c.value[q] if c.kids is None else",
        seeded="    v = c.value[p] if c.kids is None else",
        expected="Postcondition of paranoid_choice_is_a_guarantee might not hold",
    ),
    Flaw(
        name="paranoid-player-minimises",
        verifier="nagini",
        file="multi_player",
        original="    if p == q:\n        return v if v >= w else w\n",
        seeded="    if p != q:\n        return v if v >= w else w\n",
        expected="Postcondition of paranoid_choice_is_a_guarantee might not hold",
    ),
    Flaw(
        name="paranoid-reads-player-0s-component",
        verifier="why3",
        file="paranoid",
        original="    | Leaf _ v -> comp v q\n",
        seeded="    | Leaf _ v -> comp v 0\n",
        expected="paranoid_below_maxn'vc",
    ),
    Flaw(
        name="paranoid-player-minimises",
        verifier="why3",
        file="paranoid",
        original="if p = q then max x y else min x y",
        seeded="if p <> q then max x y else min x y",
        expected="maxn_from_above'vc",
    ),
    Flaw(
        name="paranoid-search-never-fails-high",
        verifier="why3",
        file="paranoid",
        original="      if high beta best.value then best\n",
        seeded="      if false then best\n",
        expected="search_from'vc",
    ),
    Flaw(
        name="paranoid-search-never-fails-low",
        verifier="why3",
        file="paranoid",
        original="      if low alpha best.value then best\n",
        seeded="      if false then best\n",
        expected="search_from'vc",
    ),
    Flaw(
        name="paranoid-search-min-keeps-the-larger",
        verifier="why3",
        file="paranoid",
        original="else n.value <. best.value in",
        seeded="else n.value >. best.value in",
        expected="search_from'vc",
    ),
)
"""The flaws seeded in the verified files of its claims: each must fail as it says."""


THEOREM = Theorem(
    name="paranoid",
    title="Paranoid is a guarantee",
    statement="The paranoid value of the root is at most the root player's component of the "
    "maxn value.",
    source="Sturtevant and Korf, On Pruning Techniques for Multi-Player Games, AAAI 2000 "
    "(paranoid); issue 9",
    status=(
        "For every tree (Nagini, Why3): the paranoid value is at most the player's maxn "
        "component, for every player (proof in the module docstring), and impl.paranoid's "
        "alpha-beta returns the paranoid value (Why3). Checked within a bound and on samples, "
        "not proved for every tree: impl.paranoid's principal variation."
    ),
    module="gametree.proofs.theorems.paranoid_bound",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    weight=0.6,
)
check = THEOREM.check
