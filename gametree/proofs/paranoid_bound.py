"""Theorem 9: the paranoid value is a guarantee: at most the player's maxn component.

**Statement** (N. R. Sturtevant and R. E. Korf, "On Pruning Techniques for Multi-Player
Games", AAAI 2000; the issue's wording): the paranoid value of the root is at most the root
player's component of the maxn value. Paranoid assumes every other player minimises the root
player's worth; maxn assumes each maximises its own component, one particular way of playing
against it.

**Proof** (by induction on the tree, for any player r and any players to move): at a leaf both
are r's component. Where r moves, paranoid = max_c paranoid(c) <= max_c maxn(c)[r] =
maxn[r], since maxn picks a child maximising r's component. Where another player moves, maxn
takes some child c*, and paranoid = min_c paranoid(c) <= paranoid(c*) <= maxn(c*)[r] = maxn[r].

Also checked: ``impl.paranoid`` (alpha-beta with deep cut-offs) gives ``spec.paranoid``'s value
and principal variation. **Methods:** bounded-exhaustive, Hypothesis (every player as r,
players not in turn, N = 2..5), CrossHair per shape, and CrossHair ``diffbehavior`` between
``impl.paranoid`` and ``spec.paranoid`` (two and three players).
"""

from collections.abc import Iterator

from hypothesis import strategies as st

from gametree.impl.paranoid import paranoid as impl_paranoid
from gametree.proofs._methods import vector_trees_of, vectors_within
from gametree.proofs.checks import Diffbehavior, Exhaustive, Property, Symbolic
from gametree.proofs.pinned import vector_cases
from gametree.proofs.result import Scope, Theorem
from gametree.proofs.shapes import all_shapes
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


CLAIM = "paranoid(r) <= maxn[r] for every player r; impl.paranoid = spec.paranoid"

CHECKS = (
    Diffbehavior(
        claim="impl.paranoid behaves as spec.paranoid (two and three players): same value and "
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
"""Theorem 9's checks: see the module docstring, "Methods"."""

THEOREM = Theorem(
    number=9,
    name="paranoid",
    title="Paranoid is a guarantee",
    statement="The paranoid value of the root is at most the root player's component of the "
    "maxn value.",
    source="Sturtevant and Korf, On Pruning Techniques for Multi-Player Games, AAAI 2000 "
    "(paranoid); issue 9",
    status="Holds, for every player (proof in the module docstring); impl.paranoid = spec.",
    module="gametree.proofs.paranoid_bound",
    checks=CHECKS,
    weight=0.6,
)
check = THEOREM.check
