"""alphabeta: alpha-beta is correct, in the sense of Knuth and Moore and of Fishburn.

**Statement.** For a non-empty window (a, b), a < b, the true (minimax) value v and the result
r of the search:

- fail-hard alpha-beta (the procedure of the wiki article "Alpha-Beta Pruning", Knuth and
  Moore's F2; D. E. Knuth and R. W. Moore, "An Analysis of Alpha-Beta Pruning", Artificial
  Intelligence 6, 1975, section 2):
  v <= a => r <= a;  a < v < b => r = v;  v >= b => r >= b;
- fail-soft alpha-beta (J. P. Fishburn, "Another optimization of alpha-beta search", SIGART
  Bulletin 84, 1983): r <= a => v <= r;  a < r < b => r = v;  r >= b => v >= r; and the
  fail-soft result lies between the fail-hard one and v;
- with the full window both give the minimax value, and the principal variation of
  ``spec.minimax`` (the leftmost best child everywhere); the negamax form gives
  ``spec.negamax``'s, as do principal variation search (Reinefeld 1983, Marsland 1983) and
  MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, AIJ 87, 1996) from any first guess.

The wiki article "Alpha-Beta Pruning" states the three cases relating the returned bound to
the true value; the searches are ``impl.alphabeta``, ``impl.pvs``, ``impl.mtdf``.

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
from gametree.proofs.machinery._crosshair_targets import is_fishburn, is_knuth_moore
from gametree.proofs.machinery._methods import scalar_trees_of
from gametree.proofs.machinery.checks import Diffbehavior, Exhaustive, Property, Symbolic
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.result import Scope, Theorem
from gametree.proofs.machinery.shapes import all_shapes
from gametree.proofs.theorems._wording import (
    COMPARISONS,
    EXECUTED,
    INTEGERS,
    NEGATION,
    RATIONALS,
    READS,
    TRACED,
)
from gametree.proofs.why3 import terms
from gametree.spec import Node, Tree, minimax, negamax
from gametree.spec.strategies import scalar_trees

__all__ = ["CHECKS", "CLAIMS", "FLAWS", "THEOREM", "check", "problems"]

WINDOW_POINTS: list[Bound] = [BOTTOM, 0, 1, 2, TOP]
"""The window ends tried on trees with leaves in {0, 1, 2}: below, at and above every value."""


def problems(t: Tree, windows: list[tuple[Bound, Bound]]) -> str | None:
    """Everything the theorem says about ``t``, checked; ``None`` if it all holds."""
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
"""The checks: see the module docstring, "Methods"."""


SMALL = Node.by_depth([[3, 12], [2, 4]])
"""The instances' tree: minimax 3; alpha-beta over (0, 10) cuts the second child after 2."""
SMALL_TERM = terms.tree(SMALL)
SMALL_LABELLED = terms.tree(SMALL, labelled=True)

WINDOW_INTEGERS = (
    "any integer window a < b (both finite: impl's default (BOTTOM, TOP) is not a window the "
    "kernel takes)"
)
WINDOW_RATIONALS = (
    "any rational window a < b (both finite: impl's default (BOTTOM, TOP) is not a window the "
    "transcription takes)"
)

CLAIMS = (
    Claim(
        name="fail-hard",
        verifier="nagini",
        file="two_player",
        rests_on=("alphabeta_choice", "alphabeta"),
        statement=(
            "fail-hard alpha-beta, max/min form (the procedure of the wiki article 'Alpha-Beta "
            "Pruning'), over a window a < b, with v the minimax value: v <= a => r <= a; "
            "a < v < b => r = v; v >= b => r >= b (Knuth-Moore); it terminates"
        ),
        domain=INTEGERS,
        window=WINDOW_INTEGERS,
        other_domains=COMPARISONS,
        pins=(Pin(alphabeta, READS, "tests/test_verified_pinned.py"),),
        instance=Instance(
            ("alphabeta(t, 0, 10)", "alphabeta(t, 5, 10)", "alphabeta(t, -5, 1)"),
            ("0 < minimax(t) < 10", "minimax(t) <= 5", "minimax(t) >= 1"),
            SMALL,
        ),
    ),
    Claim(
        name="full-window",
        verifier="nagini",
        file="two_player",
        rests_on=("inside", "within", "choice_is_inside", "alphabeta_full_window"),
        statement=(
            "over a finite window around every leaf value (a below the least, b above the "
            "greatest), fail-hard alpha-beta is the minimax value"
        ),
        domain=INTEGERS,
        window="a finite integer window around every leaf value, not impl's (BOTTOM, TOP)",
        composed=(
            "that impl's full window (BOTTOM, TOP) acts as such a window (BOTTOM and TOP compare "
            "below and above every value) is argued by hand"
        ),
        other_domains=COMPARISONS,
        pins=(Pin(alphabeta, READS, "tests/test_verified_pinned.py"),),
        instance=Instance(("alphabeta_full_window(t, 1, 13)",), ("within(t, 1, 13)",), SMALL),
    ),
    Claim(
        name="negamax-form",
        verifier="nagini",
        file="two_player",
        rests_on=("negamax_alphabeta_choice", "negamax_alphabeta"),
        statement=(
            "fail-hard alpha-beta, negamax form (Knuth-Moore's F2: a child of the other player "
            "searched over (-b, -a) and negated, one of the same player over (a, b)), against the"
            " negamax value: Knuth-Moore's three cases; it terminates"
        ),
        domain=INTEGERS,
        window=WINDOW_INTEGERS,
        other_domains=NEGATION,
        pins=(Pin(negamax_alphabeta, READS, "tests/test_verified_pinned.py"),),
        instance=Instance(("negamax_alphabeta(t, 0, 10)",), ("0 < negamax(t) < 10",), SMALL),
    ),
    Claim(
        name="fail-soft",
        verifier="nagini",
        file="two_player",
        rests_on=("alphabeta_soft_choice", "alphabeta_soft"),
        statement=(
            "fail-soft alpha-beta, max/min form, over a window a < b: r <= a => v <= r; a < r < b"
            " => r = v; r >= b => v >= r (Fishburn); it terminates. Not proved: that r lies "
            "between fail-hard's result and v"
        ),
        domain=INTEGERS,
        window=WINDOW_INTEGERS,
        other_domains=COMPARISONS,
        pins=(Pin(alphabeta, READS, "tests/test_verified_pinned.py", options="fail_soft=True"),),
        instance=Instance(
            ("alphabeta_soft(t, 0, 10)", "alphabeta_soft(t, 5, 10)", "alphabeta_soft(t, -5, 1)"),
            tree=SMALL,
        ),
    ),
    Claim(
        name="fail-soft-negamax-form",
        verifier="nagini",
        file="fail_soft",
        rests_on=("negamax_alphabeta_soft_choice", "negamax_alphabeta_soft"),
        statement=(
            "fail-soft alpha-beta, negamax form (the windows of the negamax form, the best "
            "child's result returned), against the negamax value: Fishburn's three cases; it "
            "terminates"
        ),
        domain=INTEGERS,
        window=WINDOW_INTEGERS,
        other_domains=NEGATION,
        pins=(
            Pin(
                negamax_alphabeta, READS, "tests/test_verified_pinned.py", options="fail_soft=True"
            ),
        ),
        instance=Instance(("negamax_alphabeta_soft(t, 0, 10)",), tree=SMALL),
    ),
    Claim(
        name="fail-hard-rationals",
        verifier="why3",
        file="alphabeta",
        rests_on=("alphabeta'vc", "alphabeta_kids'vc", "alphabeta_full_window'vc"),
        statement=(
            "fail-hard alpha-beta, max/min form, over a rational window a < b, with v the minimax"
            " value: v <= a => r <= a; a < v < b => r = v; v >= b => r >= b (Knuth-Moore); over a"
            " finite window around every leaf, r = v; it terminates"
        ),
        domain=RATIONALS,
        window=(
            "any rational window a < b (both finite: impl's default (BOTTOM, TOP) is not a window"
            " the transcription takes); the full window only as a finite window around every leaf"
        ),
        lifts=("fail-hard", "full-window"),
        pins=(Pin(alphabeta, EXECUTED, "tests/test_verified_why3_execute.py"),),
        instance=Instance(
            (
                f"alphabeta {SMALL_TERM} 0.0 10.0",
                f"alphabeta {SMALL_TERM} 5.0 10.0",
                f"alphabeta {SMALL_TERM} (-. 5.0) 1.0",
                f"alphabeta_full_window {SMALL_TERM} 1.0 13.0",
                f"minimax_within {SMALL_TERM} 1.0 13.0",
            ),
            (f"within {SMALL_TERM} 1.0 13.0", f"minimax {SMALL_TERM} = 3.0"),
        ),
    ),
    Claim(
        name="negamax-form-rationals",
        verifier="why3",
        file="alphabeta",
        rests_on=(
            "negamax_alphabeta'vc",
            "negamax_alphabeta_kids'vc",
            "negamax_alphabeta_child'vc",
        ),
        statement=(
            "fail-hard alpha-beta, negamax form (Knuth-Moore's F2: a child of the other player "
            "searched over (-b, -a) and negated, one of the same player over (a, b)), over a "
            "rational window a < b, against the negamax value: Knuth-Moore's three cases; it "
            "terminates"
        ),
        domain=RATIONALS,
        window=WINDOW_RATIONALS,
        lifts=("negamax-form",),
        pins=(Pin(negamax_alphabeta, EXECUTED, "tests/test_verified_why3_execute.py"),),
        instance=Instance((f"negamax_alphabeta {SMALL_TERM} 0.0 10.0",)),
    ),
    Claim(
        name="fail-soft-rationals",
        verifier="why3",
        file="alphabeta",
        rests_on=("alphabeta_soft'vc", "alphabeta_soft_kids'vc"),
        statement=(
            "fail-soft alpha-beta, max/min form, over a rational window a < b: r <= a => v <= r; "
            "a < r < b => r = v; r >= b => v >= r (Fishburn); it terminates. Not proved: that r "
            "lies between fail-hard's result and v"
        ),
        domain=RATIONALS,
        window=WINDOW_RATIONALS,
        lifts=("fail-soft",),
        pins=(
            Pin(
                alphabeta, EXECUTED, "tests/test_verified_why3_execute.py", options="fail_soft=True"
            ),
        ),
        instance=Instance((f"alphabeta_soft {SMALL_TERM} 0.0 10.0",)),
    ),
    Claim(
        name="fail-soft-between-rationals",
        verifier="why3",
        file="fail_soft",
        rests_on=(
            "alphabeta'vc",
            "alphabeta_kids'vc",
            "alphabeta_soft'vc",
            "alphabeta_soft_kids'vc",
            "negamax_alphabeta'vc",
            "negamax_alphabeta_kids'vc",
            "negamax_alphabeta_child'vc",
            "hard_by_soft_tree'vc",
            "hard_by_soft_kids'vc",
            "fail_soft_between'vc",
            "hard_by_soft_negated'vc",
            "negamax_hard_by_soft_tree'vc",
            "negamax_hard_by_soft_kids'vc",
            "negamax_hard_by_soft_child'vc",
            "negamax_fail_soft_between'vc",
        ),
        statement=(
            "the fail-soft result s lies between the fail-hard result h and the value v, min(h, "
            "v) <= s <= max(h, v), in max/min form (v the minimax value) and in negamax form (v "
            "the negamax value), h as impl computes it (not clipped to the window); one statement"
            " per form about one tree and one window, the two searches in the same file; they "
            "terminate"
        ),
        domain=RATIONALS,
        window=WINDOW_RATIONALS,
        pins=(
            Pin(alphabeta, f"{TRACED} and windows", "tests/test_verified_why3_fail_soft.py"),
            Pin(
                alphabeta,
                f"{TRACED} and windows",
                "tests/test_verified_why3_fail_soft.py",
                options="fail_soft=True",
            ),
            Pin(
                negamax_alphabeta, f"{TRACED} and windows", "tests/test_verified_why3_fail_soft.py"
            ),
            Pin(
                negamax_alphabeta,
                f"{TRACED} and windows",
                "tests/test_verified_why3_fail_soft.py",
                options="fail_soft=True",
            ),
        ),
        instance=Instance(
            (
                f"fail_soft_between {SMALL_LABELLED} 0.0 10.0",
                f"negamax_fail_soft_between {SMALL_LABELLED} 0.0 10.0",
            )
        ),
    ),
    Claim(
        name="fail-soft-negamax-form-rationals",
        verifier="why3",
        file="fail_soft",
        rests_on=(
            "negamax_alphabeta_soft'vc",
            "negamax_alphabeta_soft_kids'vc",
            "negamax_alphabeta_soft_child'vc",
        ),
        statement=(
            "fail-soft alpha-beta, negamax form (impl.negamax_alphabeta with fail_soft: a child "
            "of the other player searched over (-b, -a) and negated, the largest result "
            "returned), against the negamax value: r <= a => v <= r; a < r < b => r = v; r >= b "
            "=> v >= r (Fishburn); it terminates"
        ),
        domain=RATIONALS,
        window=WINDOW_RATIONALS,
        lifts=("fail-soft-negamax-form",),
        pins=(
            Pin(
                negamax_alphabeta,
                f"{TRACED} and windows",
                "tests/test_verified_why3_fail_soft.py",
                options="fail_soft=True",
            ),
        ),
        instance=Instance((f"negamax_alphabeta_soft {SMALL_LABELLED} 5.0 10.0",)),
    ),
    Claim(
        name="pvs-fail-soft-rationals",
        verifier="why3",
        file="pvs",
        rests_on=(
            "soft'vc",
            "soft_kids'vc",
            "soft_child'vc",
            "low_fixed_lo'vc",
            "low_fixed_lo_child'vc",
            "high_fixed_hi'vc",
            "high_fixed_hi_child'vc",
            "high_above_both'vc",
            "high_above_both_child'vc",
            "low_below_both'vc",
            "low_below_both_child'vc",
            "pvs'vc",
            "pvs_kids'vc",
            "pvs_child'vc",
            "pvs_is_soft'vc",
            "pvs_kids_is_soft'vc",
            "pvs_child_is_soft'vc",
            "pvs_is_fail_soft'vc",
        ),
        statement="principal variation search (PVS, Reinefeld's NegaScout) in negamax form as "
        "impl.pvs runs it (the first child searched with the window, each later child that is "
        "not a leaf scouted by the MT test at alpha, strict, and searched again on a < r < b) "
        "returns fail-soft alpha-beta's value (negamax form, impl.negamax_alphabeta with "
        "fail_soft), for every two-player tree with rational values, any player at any node, "
        "over every window a < b; the scout is fail-soft alpha-beta over the null window "
        "(a, a+), a+ infinitesimally above a; they terminate. With fail-soft-negamax-form-"
        "rationals, PVS meets Fishburn's cases against the negamax value",
        domain=RATIONALS,
        window=WINDOW_RATIONALS,
        pins=(
            Pin(
                pvs,
                f"{TRACED} and windows, scouts and re-searches included",
                "tests/test_verified_why3_pvs.py",
            ),
            Pin(
                negamax_alphabeta,
                f"{TRACED} and windows",
                "tests/test_verified_why3_pvs.py",
                options="fail_soft=True",
            ),
        ),
        instance=Instance((f"pvs_is_fail_soft {SMALL_LABELLED} 0.0 10.0",)),
    ),
)
"""What Nagini and Why3 prove of it for every tree."""

FLAWS = (
    Flaw(
        name="min-raises-beta",
        verifier="nagini",
        file="two_player",
        original=(
            "    beta = b if b <= r else r\n"
            "    if a >= beta or k.tail is None:\n"
            "        return beta\n"
        ),
        seeded=(
            "    beta = b if b >= r else r\n"
            "    if a >= beta or k.tail is None:\n"
            "        return beta\n"
        ),
        expected="Postcondition of alphabeta_choice might not hold",
    ),
    Flaw(
        name="alpha-not-passed-on",
        verifier="nagini",
        file="two_player",
        original="        return alphabeta_choice(k.tail, p, alpha, b)\n",
        seeded="        return alphabeta_choice(k.tail, p, a, b)\n",
        expected="Postcondition of alphabeta_choice might not hold",
    ),
    Flaw(
        name="window-not-swapped",
        verifier="nagini",
        file="two_player",
        original="        r = -negamax_alphabeta_choice(c.kids, c.to_move, -b, -a)\n",
        seeded="        r = -negamax_alphabeta_choice(c.kids, c.to_move, a, b)\n",
        expected="Postcondition of negamax_alphabeta_choice might not hold",
    ),
    Flaw(
        name="soft-forgets-first-child",
        verifier="nagini",
        file="two_player",
        original="        return r if r >= s else s\n",
        seeded="        return s\n",
        expected="Postcondition of alphabeta_soft_choice might not hold",
    ),
    Flaw(
        name="negamax-soft-window-not-swapped",
        verifier="nagini",
        file="fail_soft",
        original="        r = -negamax_alphabeta_soft_choice(c.kids, c.to_move, -b, -a)\n",
        seeded="        r = -negamax_alphabeta_soft_choice(c.kids, c.to_move, a, b)\n",
        expected="Postcondition of negamax_alphabeta_soft_choice might not hold",
    ),
    Flaw(
        name="no-progress",
        verifier="nagini",
        file="two_player",
        original="    return alphabeta_choice(k.tail, p, a, beta)\n",
        seeded="    return alphabeta_choice(k, p, a, beta)\n",
        expected="Function might not terminate",
    ),
    Flaw(
        name="alphabeta-max-cut-deleted",
        verifier="nagini",
        file="two_player",
        original=(
            "if alpha >= b or k.tail is None:\n"
            "            return alpha\n"
            "        return alphabeta_choice("
        ),
        seeded=("if k.tail is None:\n            return alpha\n        return alphabeta_choice("),
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="alphabeta-min-cut-deleted",
        verifier="nagini",
        file="two_player",
        original=(
            "if a >= beta or k.tail is None:\n        return beta\n    return alphabeta_choice("
        ),
        seeded="if k.tail is None:\n        return beta\n    return alphabeta_choice(",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="soft-max-cut-deleted",
        verifier="nagini",
        file="two_player",
        original=(
            "if alpha >= b or k.tail is None:\n"
            "            return r\n"
            "        s = alphabeta_soft_choice("
        ),
        seeded=("if k.tail is None:\n            return r\n        s = alphabeta_soft_choice("),
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="soft-min-cut-deleted",
        verifier="nagini",
        file="two_player",
        original=(
            "if a >= beta or k.tail is None:\n        return r\n    s = alphabeta_soft_choice("
        ),
        seeded="if k.tail is None:\n        return r\n    s = alphabeta_soft_choice(",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="negamax-cut-deleted",
        verifier="nagini",
        file="two_player",
        original=(
            "if alpha >= b or k.tail is None:\n"
            "        return alpha\n"
            "    return negamax_alphabeta_choice("
        ),
        seeded=("if k.tail is None:\n        return alpha\n    return negamax_alphabeta_choice("),
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="negamax-soft-cut-deleted",
        verifier="nagini",
        file="fail_soft",
        original=(
            "if alpha >= b or k.tail is None:\n"
            "        return r\n"
            "    s = negamax_alphabeta_soft_choice("
        ),
        seeded=("if k.tail is None:\n        return r\n    s = negamax_alphabeta_soft_choice("),
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="min-raises-beta",
        verifier="why3",
        file="alphabeta",
        original="        let beta = min b r in\n        if a >=. beta then beta",
        seeded="        let beta = max b r in\n        if a >=. beta then beta",
        expected="alphabeta_kids'vc",
    ),
    Flaw(
        name="alpha-not-passed-on",
        verifier="why3",
        file="alphabeta",
        original="else alphabeta_kids rest p alpha b\n",
        seeded="else alphabeta_kids rest p a b\n",
        expected="alphabeta_kids'vc",
    ),
    Flaw(
        name="soft-forgets-first-child",
        verifier="why3",
        file="alphabeta",
        original="if alpha >=. b then r else max r (alphabeta_soft_kids rest p alpha b)\n",
        seeded="if alpha >=. b then r else alphabeta_soft_kids rest p alpha b\n",
        expected="alphabeta_soft_kids'vc",
    ),
    Flaw(
        name="window-not-swapped",
        verifier="why3",
        file="alphabeta",
        original="else -. negamax_alphabeta_kids k q (-. b) (-. a)\n",
        seeded="else -. negamax_alphabeta_kids k q a b\n",
        expected="negamax_alphabeta_child'vc",
    ),
    Flaw(
        name="no-progress",
        verifier="why3",
        file="alphabeta",
        original="if a >=. beta then beta else alphabeta_kids rest p a beta\n",
        seeded="if a >=. beta then beta else alphabeta_kids k p a beta\n",
        expected="alphabeta_kids'vc",
    ),
    Flaw(
        name="soft-never-cuts",
        verifier="why3",
        file="fail_soft",
        original="        if alpha >=. b then r\n",
        seeded="        if false then r\n",
        expected="alphabeta_soft_kids'vc",
    ),
    Flaw(
        name="hard-max-forgets-alpha",
        verifier="why3",
        file="fail_soft",
        original="worth r (if p = 0 then max a r.value else min b r.value)",
        seeded="worth r (if p = 0 then r.value else min b r.value)",
        expected="alphabeta_kids'vc",
    ),
    Flaw(
        name="hard-alpha-not-passed-on",
        verifier="why3",
        file="fail_soft",
        original="else followed r (alphabeta_kids rest p alpha b)\n",
        seeded="else followed r (alphabeta_kids rest p a b)\n",
        expected="hard_by_soft_kids'vc",
    ),
    Flaw(
        name="soft-negamax-window-not-swapped",
        verifier="why3",
        file="fail_soft",
        original="negamax_alphabeta_soft_kids k q (-. b) (-. a) in worth r (-. r.value)",
        seeded="negamax_alphabeta_soft_kids k q a b in worth r (-. r.value)",
        expected="negamax_alphabeta_soft_child'vc",
    ),
    Flaw(
        name="soft-negamax-never-cuts",
        verifier="why3",
        file="fail_soft",
        original="\n      if alpha >=. b then r\n",
        seeded="\n      if false then r\n",
        expected="negamax_alphabeta_soft_kids'vc",
    ),
    Flaw(
        name="hard-negamax-not-negated",
        verifier="why3",
        file="fail_soft",
        original="negamax_alphabeta_kids k q (-. b) (-. a) in worth r (-. r.value)",
        seeded="negamax_alphabeta_kids k q (-. b) (-. a) in worth r r.value",
        expected="negamax_hard_by_soft_child'vc",
    ),
    Flaw(
        name="alphabeta-max-cut-deleted",
        verifier="why3",
        file="alphabeta",
        original="if alpha >=. b then alpha else alphabeta_kids",
        seeded="if false then alpha else alphabeta_kids",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="alphabeta-min-cut-deleted",
        verifier="why3",
        file="alphabeta",
        original="if a >=. beta then beta else alphabeta_kids",
        seeded="if false then beta else alphabeta_kids",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="soft-max-cut-deleted",
        verifier="why3",
        file="alphabeta",
        original="if alpha >=. b then r else max r",
        seeded="if false then r else max r",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="soft-min-cut-deleted",
        verifier="why3",
        file="alphabeta",
        original="if a >=. beta then r else min r",
        seeded="if false then r else min r",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="negamax-cut-deleted",
        verifier="why3",
        file="alphabeta",
        original="if alpha >=. b then alpha else negamax_alphabeta_kids",
        seeded="if false then alpha else negamax_alphabeta_kids",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="hard-max-cut-deleted",
        verifier="why3",
        file="fail_soft",
        original="if alpha >=. b then worth r alpha else followed r (alphabeta_kids",
        seeded="if false then worth r alpha else followed r (alphabeta_kids",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="hard-min-cut-deleted",
        verifier="why3",
        file="fail_soft",
        original="if a >=. beta then worth r beta else followed r (alphabeta_kids",
        seeded="if false then worth r beta else followed r (alphabeta_kids",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="soft-min-never-cuts",
        verifier="why3",
        file="fail_soft",
        original="if a >=. beta then r\n        else\n          let s = alphabeta_soft_kids",
        seeded="if false then r\n        else\n          let s = alphabeta_soft_kids",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="hard-negamax-never-cuts",
        verifier="why3",
        file="fail_soft",
        original="if alpha >=. b then worth r alpha else followed r (negamax_alphabeta_kids",
        seeded="if false then worth r alpha else followed r (negamax_alphabeta_kids",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="soft-window-nothing-meets",
        verifier="nagini",
        file="two_player",
        original="    Requires(tree(t))\n    Requires(a < b)\n    Decreases(None)\n"
        "    Ensures(Implies(Result() <= a, minimax(t) <= Result()))",
        seeded="    Requires(tree(t))\n    Requires(a < b and b < a + 1)\n    Decreases(None)\n"
        "    Ensures(Implies(Result() <= a, minimax(t) <= Result()))",
        expected="",
        vacuous=True,
    ),
    Flaw(
        name="soft-window-nothing-meets",
        verifier="why3",
        file="alphabeta",
        original="  let rec alphabeta_soft (t: tree) (a b: real) : real\n"
        "    requires { players t /\\ a <. b }",
        seeded="  let rec alphabeta_soft (t: tree) (a b: real) : real\n"
        "    requires { players t /\\ a <. b /\\ b <. a }",
        expected="",
        vacuous=True,
    ),
    Flaw(
        name="pvs-no-research",
        verifier="why3",
        file="pvs",
        original="      if not first && not (above g.value lo && below g.value hi) then g\n",
        seeded="      if not first then g\n",
        expected="pvs_child_is_soft'vc",
    ),
    Flaw(
        name="pvs-alpha-not-raised",
        verifier="why3",
        file="pvs",
        original="        let s = pvs_kids rest p alpha hi false in",
        seeded="        let s = pvs_kids rest p lo hi false in",
        expected="pvs_kids_is_soft'vc",
    ),
    Flaw(
        name="pvs-scout-below-alpha",
        verifier="why3",
        file="pvs",
        original="  let function plus (b: bound) : bound = { num = b.num; eps = 1 }",
        seeded="  let function plus (b: bound) : bound = { num = b.num; eps = -1 }",
        expected="pvs_child'vc",
    ),
    Flaw(
        name="pvs-research-when-failing-low",
        verifier="why3",
        file="pvs",
        original="      if not first && not (above g.value lo && below g.value hi) then g\n",
        seeded="      if not first && not (below g.value hi) then g\n",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="pvs-first-child-scouted",
        verifier="why3",
        file="pvs",
        original="          if q = p then pvs_kids k q lo hi true\n",
        seeded="          if q = p then pvs_kids k q lo hi false\n",
        expected="",
        unprunes=True,
    ),
)
"""The flaws seeded in the verified files of its claims: each must fail as it says."""


THEOREM = Theorem(
    name="alphabeta",
    title="Alpha-beta correctness (Knuth-Moore, Fishburn); PVS and MTD(f)",
    statement=(
        "Fail-hard: v <= a => r <= a; a < v < b => r = v; v >= b => r >= b. Fail-soft: "
        "r <= a => v <= r; a < r < b => r = v; r >= b => v >= r, and between fail-hard and v. "
        "The full window gives minimax; PVS and MTD(f) give minimax."
    ),
    source="Knuth and Moore, AIJ 6 (1975), section 2; Fishburn, SIGART 84 (1983); the wiki "
    "article 'Alpha-Beta Pruning'; Reinefeld (1983); Plaat et al., AIJ 87 (1996)",
    status=(
        "For every tree (Nagini, Why3): the value over any finite window, fail-hard "
        "(Knuth-Moore's cases) and fail-soft (Fishburn's, and between fail-hard and the value), "
        "max/min and negamax form, and PVS's value, fail-soft's (Why3). Checked within a bound "
        "and on samples, not proved for every tree: the spec's principal variation wherever the "
        "value is exact, impl's default window (BOTTOM, TOP), and MTD(f)."
    ),
    module="gametree.proofs.theorems.alphabeta",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    open=(
        (
            "impl's default window (BOTTOM, TOP): the proofs take finite windows, and the full "
            "window only as a finite window around every leaf; that BOTTOM and TOP act as one is "
            "argued by hand"
        ),
        "MTD(f)",
    ),
)
check = THEOREM.check
