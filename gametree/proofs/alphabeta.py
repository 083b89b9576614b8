"""Theorem 1: alpha-beta is correct, in the sense of Knuth and Moore and of Fishburn.

**Statement.** For a non-empty window (a, b), a < b, the true (minimax) value v and the result
r of the search:

- fail-hard alpha-beta (seed 002's procedure, Knuth and Moore's F2; D. E. Knuth and R. W.
  Moore, "An Analysis of Alpha-Beta Pruning", Artificial Intelligence 6, 1975, section 2):
  v <= a => r <= a;  a < v < b => r = v;  v >= b => r >= b;
- fail-soft alpha-beta (J. P. Fishburn, "Another optimization of alpha-beta search", SIGART
  Bulletin 84, 1983): r <= a => v <= r;  a < r < b => r = v;  r >= b => v >= r; and the
  fail-soft result lies between the fail-hard one and v;
- with the full window both give the minimax value, and the principal variation of
  ``spec.minimax`` (the leftmost best child everywhere); the negamax form gives
  ``spec.negamax``'s, as do principal variation search (Reinefeld 1983, Marsland 1983) and
  MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, AIJ 87, 1996) from any first guess.

Seed 002 ("Minimax and alpha-beta pruning") states the three cases relating the returned
bound to the true value; the searches are ``impl.alphabeta``, ``impl.pvs``, ``impl.mtdf``.

**Methods.** Every tree of the small shapes with leaves from {0, 1, 2} (ties everywhere) and
every window over {BOTTOM, 0, 1, 2, TOP}, in max/min and negamax form (bounded-exhaustive);
Hypothesis on random trees, windows and players that may move twice; CrossHair per shape with
symbolic leaves and a symbolic window; CrossHair ``diffbehavior`` between each search (full
window) and ``spec.minimax`` or ``spec.negamax`` (:mod:`proofs.diffbehavior`).
"""

import time
from fractions import Fraction

from hypothesis import strategies as st

from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.mtdf import mtdf
from gametree.impl.pvs import pvs
from gametree.impl.window import BOTTOM, TOP, Bound
from gametree.proofs._crosshair_targets import is_fishburn, is_knuth_moore
from gametree.proofs._methods import (
    Sweep,
    exhaustive,
    from_sweep,
    hypothesis_property,
    scalar_trees_of,
)
from gametree.proofs.diffbehavior import PAIRS, diffbehavior_result
from gametree.proofs.result import Result, Scope, Theorem
from gametree.proofs.shapes import all_shapes
from gametree.proofs.symbolic import shapes_of, symbolic_result
from gametree.spec import Tree, minimax, negamax
from gametree.spec.strategies import scalar_trees

__all__ = ["THEOREM", "check", "problems"]

WINDOW_POINTS: list[Bound] = [BOTTOM, 0, 1, 2, TOP]
"""The window ends tried on trees with leaves in {0, 1, 2}: below, at and above every value."""


def problems(t: Tree, windows: list[tuple[Bound, Bound]]) -> str | None:
    """Everything Theorem 1 says about ``t``, checked; ``None`` if it all holds."""
    m, n = minimax(t), negamax(t)
    full = [
        ("alphabeta", alphabeta(t), m),
        ("alphabeta fail-soft", alphabeta(t, fail_soft=True), m),
        ("negamax_alphabeta", negamax_alphabeta(t), n),
        ("negamax_alphabeta fail-soft", negamax_alphabeta(t, fail_soft=True), n),
        ("pvs", pvs(t), n),
        *((f"mtdf from {g}", mtdf(t, g), m) for g in (-1, 0, 1, 3)),
    ]
    for name, r, s in full:
        if (r.value, r.principal_variation) != (s.value, s.principal_variation):
            got, want = (r.value, r.principal_variation), (s.value, s.principal_variation)
            return f"{name}: {got}, spec {want} (value, principal variation)"
    for a, b in windows:
        for form, search, v in (
            ("max/min", alphabeta, m.value),
            ("negamax", negamax_alphabeta, n.value),
        ):
            hard = search(t, a, b).value
            soft = search(t, a, b, fail_soft=True).value
            if not is_knuth_moore(v, hard, a, b):
                return f"{form} fail-hard on ({a}, {b}): {hard} with v = {v} (Knuth-Moore)"
            if not is_fishburn(v, soft, a, b):
                return f"{form} fail-soft on ({a}, {b}): {soft} with v = {v} (Fishburn)"
            if not min(hard, v) <= soft <= max(hard, v):
                return f"{form} on ({a}, {b}): fail-soft {soft} not between {hard} and {v}"
        if not is_fishburn(n.value, pvs(t, a, b).value, a, b):
            return f"pvs on ({a}, {b}): {pvs(t, a, b).value} with v = {n.value} (Fishburn)"
    return None


ALL_WINDOWS = [(a, b) for a in WINDOW_POINTS for b in WINDOW_POINTS if a < b]


def _exhaustive(scope: Scope) -> Result:
    started = time.monotonic()
    leaves, height = (6, 4) if scope.full else (4, 3)
    shapes = all_shapes(leaves, max_height=height, unary=True)
    sweep = exhaustive(
        scalar_trees_of(shapes, [0, 1, 2]), lambda t: problems(t, ALL_WINDOWS), scope
    )
    return from_sweep(
        sweep,
        theorem=1,
        claim="Knuth-Moore (fail-hard), Fishburn (fail-soft, between); full window, PVS and "
        "MTD(f) give spec's value and principal variation",
        method="bounded-exhaustive",
        domain=f"every tree of the shapes with 1..{leaves} leaves, height <= {height} (unary "
        "nodes allowed), players in turn, leaves in {0, 1, 2}, every window over "
        "{BOTTOM, 0, 1, 2, TOP}, both forms",
        scope=scope,
        started=started,
    )


@st.composite
def _trees_and_windows(draw: st.DrawFn) -> tuple[Tree, list[tuple[Bound, Bound]]]:
    t = draw(
        scalar_trees(ties=True, max_depth=4)
        | scalar_trees(by_depth=False, grid=3, max_depth=4)
        | scalar_trees(max_depth=5, max_branching=4)
    )
    points = st.one_of(
        st.integers(-11, 11),
        st.integers(-33, 33).map(lambda n: Fraction(n, 3)),
        st.sampled_from([BOTTOM, TOP]),
    )
    a, b = draw(points), draw(points)
    if a == b:
        return t, []
    return t, [(min(a, b), max(a, b))]


def _property(scope: Scope) -> Result:
    started = time.monotonic()
    sweep = hypothesis_property(
        _trees_and_windows(),
        lambda case: problems(*case),
        max_examples=1000 if scope.full else 300,
        scope=scope,
    )
    c = sweep.counterexample
    trees: Sweep[Tree] = Sweep(
        sweep.decided, None if c is None else c[0], sweep.problem, sweep.finished
    )
    return from_sweep(
        trees,
        theorem=1,
        claim="Knuth-Moore, Fishburn, full window, PVS and MTD(f)",
        method="property (Hypothesis)",
        domain="random trees (ties, thirds, players moving twice, up to 4 children and depth "
        "5) and random windows over ints, thirds, BOTTOM and TOP",
        scope=scope,
        started=started,
        sampled=True,
    )


def _symbolic(scope: Scope) -> Result:
    shapes = shapes_of(["[[*, *], *]", "[[*, *], [*, *]]"], scope, max_leaves=4)
    return symbolic_result(
        theorem=1,
        claim="Knuth-Moore, Fishburn, full window, PVS and MTD(f) (symbolic leaves and window)",
        targets=[
            "alphabeta_full_window",
            "negamax_searches_full_window",
            "alphabeta_windows",
            "mtdf_from_any_guess",
        ],
        shapes=shapes,
        kind="scalar",
        per_condition=40 if scope.full else 12,
        scope=scope,
    )


def _diffbehavior(scope: Scope) -> Result:
    return diffbehavior_result(
        theorem=1,
        claim="impl's alpha-beta (fail-hard, fail-soft, negamax), PVS and MTD(f) behave as "
        "spec.minimax or spec.negamax: same value and principal variation",
        pairs=PAIRS["alphabeta"],
        scope=scope,
    )


def check(scope: Scope) -> list[Result]:
    """Every check of Theorem 1, within ``scope``."""
    return [
        _diffbehavior(scope.part(0.3)),
        _symbolic(scope.part(0.45)),
        _exhaustive(scope.part(0.6)),
        _property(scope.part(1.0)),
    ]


THEOREM = Theorem(
    number=1,
    name="alphabeta",
    title="Alpha-beta correctness (Knuth-Moore, Fishburn); PVS and MTD(f)",
    statement=(
        "Fail-hard: v <= a => r <= a; a < v < b => r = v; v >= b => r >= b. Fail-soft: "
        "r <= a => v <= r; a < r < b => r = v; r >= b => v >= r, and between fail-hard and v. "
        "The full window gives minimax; PVS and MTD(f) give minimax."
    ),
    source="Knuth and Moore, AIJ 6 (1975), section 2; Fishburn, SIGART 84 (1983); seed 002; "
    "Reinefeld (1983); Plaat et al., AIJ 87 (1996)",
    status="Holds, with the spec's principal variation wherever the value is exact.",
    module="gametree.proofs.alphabeta",
    check=check,
    methods=(
        "symbolic (CrossHair)",
        "diffbehavior (CrossHair)",
        "bounded-exhaustive",
        "property (Hypothesis)",
    ),
)
