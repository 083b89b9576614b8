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

from collections.abc import Iterator
from fractions import Fraction

from hypothesis import strategies as st

from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.mtdf import mtdf
from gametree.impl.pvs import pvs
from gametree.impl.window import BOTTOM, TOP, Bound
from gametree.proofs._crosshair_targets import is_fishburn, is_knuth_moore
from gametree.proofs._methods import scalar_trees_of
from gametree.proofs.checks import Diffbehavior, Exhaustive, Property, Symbolic
from gametree.proofs.result import Scope, Theorem
from gametree.proofs.shapes import all_shapes
from gametree.spec import Tree, minimax, negamax
from gametree.spec.strategies import scalar_trees

__all__ = ["CHECKS", "THEOREM", "check", "problems"]

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


def _sizes(scope: Scope) -> tuple[int, int]:
    """The most leaves and the greatest height of the enumerated shapes."""
    return (6, 4) if scope.full else (4, 3)


def _every_small_tree(scope: Scope) -> Iterator[Tree]:
    leaves, height = _sizes(scope)
    return scalar_trees_of(all_shapes(leaves, max_height=height, unary=True), [0, 1, 2])


def _every_small_tree_text(scope: Scope) -> str:
    leaves, height = _sizes(scope)
    return (
        f"every tree of the shapes with 1..{leaves} leaves, height <= {height} (unary nodes "
        "allowed), players in turn, leaves in {0, 1, 2}, every window over "
        "{BOTTOM, 0, 1, 2, TOP}, both forms"
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


CHECKS = (
    Diffbehavior(
        claim="impl's alpha-beta (fail-hard, fail-soft, negamax), PVS and MTD(f) behave as "
        "spec.minimax or spec.negamax: same value and principal variation",
        pairs="alphabeta",
        share=0.3,
    ),
    Symbolic(
        claim="Knuth-Moore, Fishburn, full window, PVS and MTD(f) (symbolic leaves and window)",
        targets=(
            "alphabeta_full_window",
            "negamax_searches_full_window",
            "alphabeta_windows",
            "mtdf_from_any_guess",
        ),
        shapes=("[[*, *], *]", "[[*, *], [*, *]]"),
        max_leaves=4,
        kind="scalar",
        per_condition=12,
        per_condition_full=40,
        share=0.45,
    ),
    Exhaustive(
        claim="Knuth-Moore (fail-hard), Fishburn (fail-soft, between); full window, PVS and "
        "MTD(f) give spec's value and principal variation",
        cases=_every_small_tree,
        predicate=lambda t: problems(t, ALL_WINDOWS),
        domain=_every_small_tree_text,
        share=0.6,
    ),
    Property(
        claim="Knuth-Moore, Fishburn, full window, PVS and MTD(f)",
        strategy=_trees_and_windows,
        predicate=lambda case: problems(*case),
        domain="random trees (ties, thirds, players moving twice, up to 4 children and depth "
        "5) and random windows over ints, thirds, BOTTOM and TOP",
        max_examples=300,
        max_examples_full=1000,
    ),
)
"""Theorem 1's checks: see the module docstring, "Methods"."""


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
    checks=CHECKS,
)
check = THEOREM.check
