"""window: a narrower window reads a subsequence of the leaves a wider one reads (alpha-beta).

**Statement.** For alpha-beta over a window (a', b') inside another, a <= a' < b' <= b, the
leaves the search reads over (a', b') are a subsequence of those it reads over (a, b): none the
wider search skips, in the same order. Fail-hard and fail-soft, max/min and negamax form. It is
what lets an engine that reports its leaves be checked against itself with another window
(``gametree conform --window-leaves``, :mod:`gametree.conform.window_leaves`), and
it underlies the reuse of a bound found with one window by a search with a narrower one.

The issue that asked for it (38, after Nipkow 2024, "Alpha-Beta Pruning" in the Archive of
Formal Proofs) words it "a prefix of the leaves"; that is false: a child that fails low against
the narrower alpha is cut early, and the search goes on to the next child, which the wider
search reaches only after reading more of the first. Max over ``[[3, 1], [2, 7]]`` reads 3, 1,
2, 7 over the full window and 3, 2 over (5, +inf) (:data:`NOT_A_PREFIX`).

**Methods.** Every tree of the small shapes with leaves from {0, 1, 2} and every pair of nested
windows over {BOTTOM, 0, 1, 2, TOP}, both forms, fail-hard and fail-soft (bounded-exhaustive);
Hypothesis on random trees (ties, thirds, players moving twice) and nested windows; the
counterexample to the prefix wording (witness); and Why3 for every tree, max/min form, over the
rationals (``gametree/proofs/why3/window.mlw``), pinned to ``impl.alphabeta`` by the leaves its
searches read (``tests/test_verified_why3_window.py``).
"""

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.window import BOTTOM, TOP, Bound, is_subsequence
from gametree.proofs.machinery._methods import scalar_trees_of
from gametree.proofs.machinery.checks import Exhaustive, Property
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.result import Scope, Theorem
from gametree.proofs.machinery.shapes import all_shapes
from gametree.proofs.theorems._wording import RATIONALS, TRACED
from gametree.proofs.why3 import terms
from gametree.spec import Node, Path, Tree
from gametree.spec.strategies import scalar_trees

__all__ = ["CHECKS", "CLAIMS", "FLAWS", "NOT_A_PREFIX", "THEOREM", "is_subsequence", "problem"]

Window = tuple[Bound, Bound]

SEARCHES: tuple[tuple[str, Callable[..., Any], bool], ...] = (
    ("alphabeta", alphabeta, False),
    ("alphabeta fail-soft", alphabeta, True),
    ("negamax_alphabeta", negamax_alphabeta, False),
    ("negamax_alphabeta fail-soft", negamax_alphabeta, True),
)
"""impl's alpha-beta, both forms, fail-hard and fail-soft."""


def reads(search: Callable[..., Any], t: Tree, w: Window, *, soft: bool) -> tuple[Path, ...]:
    """The leaves ``search`` reads on ``t`` over ``w``, in order."""
    r = search(t, w[0], w[1], fail_soft=soft, trace=True)
    assert r.trace is not None
    return tuple(r.trace)


def problem(t: Tree, wide: Window, narrow: Window) -> str | None:
    """``None`` if every search reads over ``narrow`` a subsequence of what it reads over ``wide``.

    ``narrow`` is inside ``wide``.
    """
    for name, search, soft in SEARCHES:
        x, y = reads(search, t, narrow, soft=soft), reads(search, t, wide, soft=soft)
        if not is_subsequence(x, y):
            return (
                f"{name} reads {list(x)} over {narrow}, not a subsequence of {list(y)} over {wide}"
            )
    return None


def prefix_problem(t: Tree, wide: Window, narrow: Window) -> str | None:
    """``None`` if every search reads over ``narrow`` a prefix of what it reads over ``wide``."""
    for name, search, soft in SEARCHES:
        x, y = reads(search, t, narrow, soft=soft), reads(search, t, wide, soft=soft)
        if y[: len(x)] != x:
            return f"{name} reads {list(x)} over {narrow}, not a prefix of {list(y)} over {wide}"
    return None


POINTS: list[Bound] = [BOTTOM, 0, 1, 2, TOP]
"""The window ends tried on trees with leaves in {0, 1, 2}: below, at and above every value."""

NESTED: list[tuple[Window, Window]] = [
    ((a, b), (c, d))
    for a in POINTS
    for b in POINTS
    for c in POINTS
    for d in POINTS
    if a <= c < d <= b and (a, b) != (c, d)
]
"""Every window over :data:`POINTS`, with every other one inside it."""


def _sizes(scope: Scope) -> tuple[int, int]:
    return (5, 4) if scope.full else (4, 3)


def _every_small_tree(scope: Scope) -> Iterator[tuple[Tree, Window, Window]]:
    leaves, height = _sizes(scope)
    for t in scalar_trees_of(all_shapes(leaves, max_height=height, unary=True), [0, 1, 2]):
        for wide, narrow in NESTED:
            yield t, wide, narrow


def _every_small_tree_text(scope: Scope) -> str:
    leaves, height = _sizes(scope)
    return (
        f"every tree of the shapes with 1..{leaves} leaves, height <= {height} (unary nodes "
        "allowed), players in turn, leaves in {0, 1, 2}, every pair of nested windows over "
        "{BOTTOM, 0, 1, 2, TOP}, both forms, fail-hard and fail-soft"
    )


@st.composite
def _nested(draw: st.DrawFn) -> tuple[Tree, Window, Window]:
    t = draw(scalar_trees(ties=True, max_depth=4) | scalar_trees(by_depth=False, grid=3))
    ends = sorted(draw(st.lists(st.integers(-33, 33).map(lambda n: Fraction(n, 3)),
                                min_size=4, max_size=4, unique=True)))  # fmt: skip
    return t, (ends[0], ends[3]), (ends[1], ends[2])


NOT_A_PREFIX = Node.by_depth([[3, 1], [2, 7]])
"""Max over two Min nodes: over (5, +inf) alpha-beta reads 3, 2; over the full window 3, 1, 2,
7. A subsequence, not a prefix."""

CLAIM = (
    "over a window inside another, alpha-beta reads a subsequence of the leaves it reads over "
    "the wider one (both forms, fail-hard and fail-soft)"
)

CHECKS = (
    Exhaustive(
        claim=CLAIM,
        cases=_every_small_tree,
        predicate=lambda case: problem(*case),
        domain=_every_small_tree_text,
        share=0.5,
    ),
    Property(
        claim=CLAIM,
        strategy=_nested,
        predicate=lambda case: problem(*case),
        domain="random trees (ties, thirds, players moving twice, depth <= 4) and nested "
        "windows over thirds",
        max_examples=300,
        max_examples_full=1000,
        share=0.6,
    ),
    Exhaustive(
        claim="over a window inside another, alpha-beta reads a prefix of the leaves it reads "
        "over the wider one (the wording of issue 38)",
        cases=lambda _: [(NOT_A_PREFIX, (BOTTOM, TOP), (5, TOP))],
        predicate=lambda case: prefix_problem(*case),
        domain="Max over [[3, 1], [2, 7]], the full window against (5, +inf)",
        expected="fails",
        method="witness",
    ),
)
"""The checks: see the module docstring, "Methods"."""

WIDE_TERM = terms.tree(NOT_A_PREFIX, labelled=True)

CLAIMS = (
    Claim(
        name="window-subsequence-rationals",
        verifier="why3",
        file="window",
        rests_on=(
            "alphabeta'vc",
            "alphabeta_kids'vc",
            "alphabeta_soft'vc",
            "alphabeta_soft_kids'vc",
            "sub_refl'vc",
            "sub_before'vc",
            "sub_after'vc",
            "sub_append'vc",
            "narrower'vc",
            "narrower_kids'vc",
            "narrower_soft'vc",
            "narrower_soft_kids'vc",
        ),
        statement="for every two-player tree t with rational values, any player at any node "
        "(players moving twice included), and windows a <= a' < b' <= b: the leaves fail-hard "
        "alpha-beta, max/min form (impl.alphabeta), reads over (a', b') are a subsequence of "
        "those it reads over (a, b), in the same order, and so for fail-soft alpha-beta; the "
        "searches meet Knuth and Moore's and Fishburn's cases; they terminate. Not a prefix "
        "(the witness of gametree.proofs.theorems.window)",
        domain=RATIONALS,
        window="any rational windows a <= a' < b' <= b (both finite: impl's default (BOTTOM, "
        "TOP) is not a window the transcription takes)",
        pins=(
            Pin(
                alphabeta,
                f"{TRACED}, over drawn nested windows",
                "tests/test_verified_why3_window.py",
            ),
            Pin(
                alphabeta,
                f"{TRACED}, over drawn nested windows",
                "tests/test_verified_why3_window.py",
                options="fail_soft=True",
            ),
        ),
        instance=Instance(
            (
                f"narrower {WIDE_TERM} (-. 10.0) 10.0 5.0 10.0",
                f"narrower_soft {WIDE_TERM} (-. 10.0) 10.0 5.0 10.0",
            )
        ),
    ),
)
"""What Why3 proves of it for every tree."""

FLAWS = (
    Flaw(
        name="window-prefix-not-subsequence",
        verifier="why3",
        file="window",
        original="    | Read m ys -> sub x ys \\/ match x with",
        seeded="    | Read m ys -> false \\/ match x with",
        expected="sub_before'vc",
    ),
    Flaw(
        name="window-not-nested",
        verifier="why3",
        file="window",
        original="  let rec lemma narrower (t: tree) (a b a' b': real)\n"
        "    requires { a <=. a' <. b' <=. b }",
        seeded="  let rec lemma narrower (t: tree) (a b a' b': real)\n"
        "    requires { a' <. b' /\\ a <. b }",
        expected="narrower'vc",
    ),
    Flaw(
        name="window-narrower-alpha-not-passed-on",
        verifier="why3",
        file="window",
        original="        if alpha >=. b then worth r alpha else followed r "
        "(alphabeta_kids rest p alpha b)",
        seeded="        if alpha >=. b then worth r alpha else followed r "
        "(alphabeta_kids rest p a b)",
        expected="alphabeta_kids'vc",
    ),
    Flaw(
        name="window-soft-never-cuts",
        verifier="why3",
        file="window",
        original="        let alpha = max a r.value in\n        if alpha >=. b then r\n",
        seeded="        let alpha = max a r.value in\n        if false then r\n",
        expected="narrower_soft_kids'vc",
        unprunes=True,
    ),
)
"""The flaws seeded in window.mlw: each must fail as it says."""

THEOREM = Theorem(
    name="window",
    title="A narrower window reads a subsequence of the leaves a wider one reads",
    statement="Alpha-beta over a window inside another reads, of the leaves it reads over the "
    "wider one, a subsequence: none the wider skips, in the same order (not a prefix, as the "
    "request for it said).",
    source="issue 38, after Nipkow 2024 (Alpha-Beta Pruning, Archive of Formal Proofs)",
    status=(
        "For every tree (Why3): fail-hard and fail-soft alpha-beta, max/min form, over a window "
        "inside another read a subsequence of the leaves the wider one reads. Shown by a "
        "witness: not a prefix. Checked within a bound and on samples, not proved for every "
        "tree: the negamax form, and impl's default window (BOTTOM, TOP). The gate holds "
        "engines that report their leaves to it (gametree conform --window-leaves)."
    ),
    module="gametree.proofs.theorems.window",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    open=("the negamax form", "impl's default window (BOTTOM, TOP)"),
    weight=0.6,
)
check = THEOREM.check
