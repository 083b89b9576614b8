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

import time

from hypothesis import strategies as st

from gametree.impl.paranoid import paranoid as impl_paranoid
from gametree.proofs._methods import (
    exhaustive,
    from_sweep,
    hypothesis_property,
    vector_trees_of,
    vectors_within,
)
from gametree.proofs.diffbehavior import PAIRS, diffbehavior_result
from gametree.proofs.pinned import vector_cases
from gametree.proofs.result import Result, Scope, Theorem
from gametree.proofs.shapes import all_shapes
from gametree.proofs.symbolic import shapes_of, symbolic_result
from gametree.spec import Bounds, Tree, maxn, paranoid
from gametree.spec.strategies import vector_trees

__all__ = ["THEOREM", "check", "problem"]


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


def _exhaustive(scope: Scope) -> Result:
    started = time.monotonic()
    runs = [(3, Bounds(0, 2), 4), (4, Bounds(0, 1), 4)]
    cases = (
        t
        for players, b, leaves in runs
        for t in vector_trees_of(
            all_shapes(leaves, max_height=3, unary=False), vectors_within(players, b), players
        )
    )
    sweep = exhaustive(cases, problem, scope)
    return from_sweep(
        sweep,
        theorem=9,
        claim="paranoid(r) <= maxn[r] for every player r; impl.paranoid = spec.paranoid",
        method="bounded-exhaustive",
        domain="every tree of the shapes with 1..4 leaves (height <= 3, no unary nodes, players "
        "in turn), N = 3 with integer vectors of sum <= 2, N = 4 with sum <= 1",
        scope=scope,
        started=started,
    )


def _property(scope: Scope) -> Result:
    started = time.monotonic()
    strategy = st.integers(2, 5).flatmap(
        lambda n: vector_trees(players=n, max_depth=4, ties=True, by_depth=False)
    )
    pinned = [t for t, _ in vector_cases()]
    sweep = hypothesis_property(strategy, problem, max_examples=300, scope=scope, examples=pinned)
    return from_sweep(
        sweep,
        theorem=9,
        claim="paranoid(r) <= maxn[r] for every player r; impl.paranoid = spec.paranoid",
        method="property (Hypothesis)",
        domain="the pinned counterexamples (proofs.pinned), then random trees, N = 2..5, players "
        "not in turn, ties, depth <= 4",
        scope=scope,
        started=started,
        sampled=True,
    )


def _symbolic(scope: Scope) -> Result:
    shapes = shapes_of(["[*, [*, *]]", "[[*, *], [*, *]]"], scope, max_leaves=3)
    return symbolic_result(
        theorem=9,
        claim="the root player's paranoid value <= its maxn component; impl = spec (symbolic)",
        targets=["paranoid_is_a_guarantee"],
        shapes=shapes,
        kind="vectors",
        players=3,
        per_condition=40 if scope.full else 15,
        scope=scope,
    )


def _diffbehavior(scope: Scope) -> Result:
    return diffbehavior_result(
        theorem=9,
        claim="impl.paranoid behaves as spec.paranoid (two and three players): same value and "
        "principal variation",
        pairs=PAIRS["paranoid"],
        scope=scope,
    )


def check(scope: Scope) -> list[Result]:
    """Every check of Theorem 9, within ``scope``."""
    return [
        _diffbehavior(scope.part(0.3)),
        _symbolic(scope.part(0.6)),
        _exhaustive(scope.part(0.6)),
        _property(scope.part(1.0)),
    ]


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
    check=check,
    methods=(
        "symbolic (CrossHair)",
        "diffbehavior (CrossHair)",
        "bounded-exhaustive",
        "property (Hypothesis)",
    ),
    weight=0.6,
)
