"""path.mlw's chain and climb, run by ``why3 execute``, are impl.necessity's chain and climb.

The transcription proves the path lemma of impl.necessity for every tree over the reals: a
leaf is necessary iff two values of it and one free vector per level make its chain's climb
differ. The lemma speaks of the chain and the climb path.mlw defines, so here they are pinned to
the code users run: on Hypothesis trees of 2 to 4 players within Korf's bounds, with rational
values, ``chain_of`` builds ``impl.necessity.chain``'s levels (player, B_j, right side) for
every leaf, and ``climb`` gives ``impl.necessity.climb``'s vector at drawn leaf values and right
sides. Each seeded flaw of the chain or the climb departs from impl.necessity on a witness; the
flaws in ``fill`` (the completion the proof builds, which nothing runs) and in the least-value
lemma (a statement, nothing to run) only the proof catches.

The path lemma for the line (impl.optimal's question) speaks of ``climb_line``, the climb with
its source, and of ``maxn_line``, the root's value with the leaf it comes from: they give
``impl.necessity.climb_line``'s vector and source, and ``spec.maxn``'s value and principal
variation's leaf, on the same trees; the seeded flaws of the two depart from them on a witness.
"""

import random
import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl.necessity import Chain, Level, Source, chain, climb, climb_line
from gametree.proofs import flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.why3 import WHY3
from gametree.proofs.why3.execute import scale
from gametree.proofs.why3.traced import Printed, labelled, number, run, vector
from gametree.spec import Bounds, Leaf, Node, Tree, Vector, iter_leaves, leaf_values, maxn
from gametree.spec.strategies import vector_trees

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)


BATCH = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BOUNDS = {2: Bounds(-1, 4), 3: Bounds(0, 9), 4: Bounds(0, 6)}

TREES = (
    vector_trees(players=3, bounds=BOUNDS[3], by_depth=False, ties=True, grid=3)
    | vector_trees(players=4, bounds=BOUNDS[4], ties=True, grid=2)
    | vector_trees(players=2, bounds=BOUNDS[2], by_depth=False, exact_total=True, grid=2)
    | vector_trees(players=3, max_depth=2, max_branching=4, bounds=BOUNDS[3], exact_total=True)
)
"""Rational trees within Korf's bounds: 2 to 4 players, in turn or not, ties, sums at the bound."""


def tree_scale(t: Tree) -> int:
    """The common denominator of ``t``'s values and its bounds."""
    bounds = BOUNDS[t.players]
    return scale([*(c for v in leaf_values(t) for c in v), bounds.lower, bounds.total])  # type: ignore[union-attr]


def levels(printed: Printed, big: int, lower: Fraction) -> list[Level]:
    """A printed ``chain`` as impl.necessity's levels (vectors unscaled and unshifted)."""
    out = []
    while isinstance(printed, tuple) and printed[0] == "Level":
        level, printed = printed[1], printed[2]  # type: ignore[assignment]
        assert isinstance(level, dict)
        left = level["left"]
        best = None
        if isinstance(left, tuple) and left[0] == "Best":
            best = tuple(Fraction(c, big) + lower for c in vector(left[1]))
        out.append(Level(number(level["player"]), best, level["right"] == ("true",)))
    assert printed == ("Top",)
    return out


def _vec(v: Vector, big: int, lower: Fraction) -> str:
    term = "Nil"
    for c in reversed(v):
        term = f"(Cons {((Fraction(c) - lower) * big).numerator} {term})"
    return term


def _rights(rights: list[Vector | None], big: int, lower: Fraction) -> str:
    rs = "RNil"
    for r in reversed(rights):
        rs = f"(RCons {'Nil' if r is None else _vec(r, big, lower)} {rs})"
    return rs


def bounds_corners(t: Tree) -> list[Vector]:
    """The corners of ``t``'s bounds: the least vector, and each player's greatest one."""
    bounds, n = BOUNDS[t.players], t.players
    lower = Fraction(bounds.lower)
    corners: list[Vector] = [(lower,) * n]
    for i in range(n):
        corner = [lower] * n
        corner[i] = bounds.total - (n - 1) * lower
        corners.append(tuple(corner))
    return corners


CHAINS = st.tuples(TREES, st.randoms(use_true_random=False))
"""A tree, and a source of leaf values and right sides for its chains."""


@BATCH
@given(st.lists(CHAINS, min_size=8, max_size=8))
def test_the_chains_and_climbs_are_impl_necessitys(cases: list[tuple[Tree, random.Random]]) -> None:
    """The path lemma is about impl.necessity's chain and climb: its chain_of builds the same
    levels (players, B_j, right sides) for every leaf, and its climb gives the same vector for
    drawn leaf values and right sides (the corners and the middle of the bounds)."""
    answers, expected = [], []
    for t, rnd in cases:
        big, lower = tree_scale(t), Fraction(BOUNDS[t.players].lower)
        tree, _ = labelled(t, big, lower)
        corners = bounds_corners(t)
        for label, (path, _) in enumerate(iter_leaves(t)):
            c = chain(t, path)
            x = rnd.choice(corners)
            rights = [rnd.choice(corners) if lv.right else None for lv in c.levels]
            rs = _rights(rights, big, lower)
            answers += [
                f"Chain (chain_of {tree} {label})",
                f"Vector (climb (chain_of {tree} {label}) {_vec(x, big, lower)} {rs})",
            ]
            expected.append((c, climb(c, x, rights), big, lower))
    printed = iter(run("path", answers))
    for c, top, big, lower in expected:
        assert levels(next(printed), big, lower) == list(c.levels)
        assert tuple(Fraction(v, big) + lower for v in vector(next(printed))) == top


PATH_WITNESS = ("path-climb-skips-the-left-best", "path-chain-forgets-the-right-side")
"""The seeded flaws of the path lemma's chain and climb, shown to depart from impl.necessity on
one chain. (``path-fill-leaves-the-right-side-zero`` is in ``fill``, a logic function that
nothing runs: the completion the proof builds, which only the proof can catch.)"""


@pytest.mark.parametrize("name", PATH_WITNESS)
def test_each_seeded_chain_flaw_departs_from_impl_necessity(name: str) -> None:
    flaw = next(f for f in flaws(WHY3) if f.name == name)
    t = Node(0, [Leaf((5, 0, 0)), Node(1, [Leaf((0, 3, 0)), Leaf((1, 1, 1))])])
    c = chain(t, (1, 0))
    tree, _ = labelled(t, 1)
    x, rights = (0, 0, 0), [None, (0, 9, 0)]
    rs = f"(RCons Nil (RCons {_vec((0, 9, 0), 1, Fraction(0))} RNil))"
    climbed = f"Vector (climb (chain_of {tree} 1) {_vec(x, 1, Fraction(0))} {rs})"
    chained, top = run("path", [f"Chain (chain_of {tree} 1)", climbed], text=seeded(WHY3, flaw))
    assert levels(chained, 1, Fraction(0)) != list(c.levels) or vector(top) != climb(c, x, rights)


def test_every_seeded_flaw_of_path_mlw_is_accounted_for() -> None:
    path = {f.name for f in flaws(WHY3) if f.file == "path"}
    assert path == {
        *PATH_WITNESS,
        *LINE_WITNESS,
        "path-line-ties-move-the-leaf",
        "path-fill-leaves-the-right-side-zero",
        "path-least-value-out-of-bounds",
        "path-line-question-forgets-the-source",
    }


def source(printed: Printed, c: Chain) -> Source:
    """A printed ``source`` as impl.necessity's (the leaf's is ("leaf", d), d the depth)."""
    assert isinstance(printed, tuple)
    if printed == ("SLeaf",):
        return ("leaf", len(c.levels))
    kind = {"SBest": "best", "SRight": "right"}[str(printed[0])]
    return (kind, number(printed[1]))  # type: ignore[arg-type]


def line(printed: Printed, big: int, lower: Fraction) -> tuple[Vector, int]:
    """A printed ``line``: its vector unscaled and unshifted, and its label."""
    assert isinstance(printed, dict)
    v = tuple(Fraction(x, big) + lower for x in vector(printed["lvec"]))
    return v, number(printed["lab"])


@BATCH
@given(st.lists(CHAINS, min_size=8, max_size=8))
def test_the_lines_are_impl_necessitys_and_spec_maxns(
    cases: list[tuple[Tree, random.Random]],
) -> None:
    """The line lemma is about impl.necessity's climb_line and spec.maxn's principal variation:
    climb_line gives climb_line's vector and source for every leaf at drawn leaf values and
    right sides (the corners of the bounds, so that ties are frequent), and maxn_line gives
    spec.maxn's value and the label of its principal variation's leaf."""
    answers: list[str] = []
    expected: list[tuple[list[tuple[Chain, tuple[Vector, Source]]], tuple[Vector, int], int]] = []
    for t, rnd in cases:
        big, lower = tree_scale(t), Fraction(BOUNDS[t.players].lower)
        tree, paths = labelled(t, big, lower)
        corners = bounds_corners(t)
        climbs = []
        for label, path in enumerate(paths):
            c = chain(t, path)
            x = rnd.choice(corners)
            rights = [rnd.choice(corners) if lv.right else None for lv in c.levels]
            term = f"climb_line (chain_of {tree} {label}) {_vec(x, big, lower)}"
            answers.append(f"Climb ({term} {_rights(rights, big, lower)} 0)")
            climbs.append((c, climb_line(c, x, rights)))
        answers.append(f"Line (maxn_line {tree})")
        solution = maxn(t)
        expected.append((climbs, (solution.value, paths.index(solution.principal_variation)), big))
    printed = iter(run("path", answers))
    for (climbs, want, big), (t, _) in zip(expected, cases, strict=True):
        lower = Fraction(BOUNDS[t.players].lower)
        for c, top in climbs:
            got = next(printed)
            assert isinstance(got, dict)
            v = tuple(Fraction(x, big) + lower for x in vector(got["cvec"]))
            assert (v, source(got["src"], c)) == top
        assert line(next(printed), big, lower) == want


LINE_WITNESS: dict[str, tuple[Tree, int, Vector, list[Vector | None]]] = {
    "path-line-right-side-wins-ties": (
        Node(1, [Leaf((0, 3, 0)), Leaf((1, 3, 1))]),
        0,
        (0, 0, 0),
        [(0, 0, 9)],
    ),
    "path-line-blocked-source-is-the-leaf": (
        Node(0, [Leaf((5, 0, 0)), Leaf((1, 1, 1))]),
        1,
        (0, 0, 0),
        [None],
    ),
}
"""The seeded flaws of climb_line, each with a witness: a tree, a leaf's label, its value and
the right sides, on which the flawed climb_line departs from impl.necessity.climb_line."""


@pytest.mark.parametrize("name", sorted(LINE_WITNESS))
def test_each_seeded_climb_line_flaw_departs_from_impl_necessity(name: str) -> None:
    flaw = next(f for f in flaws(WHY3) if f.name == name)
    t, label, x, rights = LINE_WITNESS[name]
    tree, paths = labelled(t, 1)
    c = chain(t, paths[label])
    term = f"climb_line (chain_of {tree} {label}) {_vec(x, 1, Fraction(0))}"
    climbed = f"Climb ({term} {_rights(rights, 1, Fraction(0))} 0)"
    (got,) = run("path", [climbed], text=seeded(WHY3, flaw))
    assert isinstance(got, dict)
    assert (tuple(vector(got["cvec"])), source(got["src"], c)) != climb_line(c, x, rights)


def test_the_seeded_tie_flaw_of_maxn_line_departs_from_spec_maxn() -> None:
    """A child that ties the best so far replacing it moves the principal variation."""
    flaw = next(f for f in flaws(WHY3) if f.name == "path-line-ties-move-the-leaf")
    t = Node(0, [Leaf((1, 0, 0)), Leaf((1, 2, 0))])
    tree, paths = labelled(t, 1)
    (got,) = run("path", [f"Line (maxn_line {tree})"], text=seeded(WHY3, flaw))
    solution = maxn(t)
    assert line(got, 1, Fraction(0)) != (solution.value, paths.index(solution.principal_variation))
