"""optimality.mlw, run by ``why3 execute``, reads what impl.shallow reads; decide agrees with it.

The transcription proves Korf's Theorem 1 (the theorem optimality) on every tree of height at
most 2 over the reals: every leaf shallow pruning reads is necessary. The leaves it speaks of
are those its ``shallow`` reads, so here that search is pinned to the code users run: on
Hypothesis trees of 2 to 4 players within Korf's bounds (heights up to 3, rational values),
it returns ``impl.shallow``'s vector and reads impl's leaves in impl's order (trace and count),
and its maxn is ``spec.maxn``. Its notion of "necessary" is the project's: on trees of height
at most 2, ``gametree.proofs.theorems.optimality.decide`` (exact, the path lemma) finds every leaf
``impl.shallow`` reads necessary over the reals. Each seeded flaw departs: the search's flaws
on a witness tree, and the height bound raised to 3 on the stored counterexample, where
shallow pruning reads a leaf that is not necessary.
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.impl import shallow as impl_shallow
from gametree.proofs import flaws
from gametree.proofs.machinery.decision import decide
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.theorems.optimality import stored_counterexamples
from gametree.proofs.why3 import WHY3
from gametree.proofs.why3.traced import found, labelled, run, trace_of, vector
from gametree.spec import Bounds, Leaf, Node, Tree, maxn
from tests.test_verified_why3_path import BATCH, BOUNDS, TREES, tree_scale

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)


def _answers(t: Tree, big: int) -> list[str]:
    bounds, n = BOUNDS[t.players], t.players
    tree, _ = labelled(t, big, bounds.lower, prefix="")
    total = ((Fraction(bounds.total) - n * bounds.lower) * big).numerator
    return [f"Found (shallow {tree} {total} (-1) {total} {n})", f"Vector (maxn {tree})"]


@BATCH
@given(st.lists(TREES, min_size=25, max_size=25))
def test_the_search_reads_impls_leaves_and_returns_maxn(ts: list[Tree]) -> None:
    scales = [tree_scale(t) for t in ts]
    answers = [a for t, big in zip(ts, scales, strict=True) for a in _answers(t, big)]
    printed = iter(run("optimality", answers))
    for t, big in zip(ts, scales, strict=True):
        bounds = BOUNDS[t.players]
        got, top = found(next(printed)), vector(next(printed))
        traced = impl_shallow(t, bounds, trace=True)
        assert isinstance(got.value, tuple)
        assert tuple(Fraction(c, big) + bounds.lower for c in got.value) == traced.value
        assert got.trace == trace_of(traced.trace, labelled(t, big)[1])
        assert impl_shallow(t, bounds).leaves_evaluated == len(got.trace)
        assert tuple(Fraction(c, big) + bounds.lower for c in top) == maxn(t).value


@settings(max_examples=60, deadline=None)
@given(TREES.filter(lambda t: t.height <= 2))
def test_decide_finds_every_leaf_shallow_reads_necessary_at_height_2(t: Tree) -> None:
    """The claim, in the project's own exact decision (the path lemma), on random trees."""
    bounds = BOUNDS[t.players]
    for leaf in impl_shallow(t, bounds, trace=True).trace or ():
        assert decide(t, bounds, leaf, domain="reals").necessary, leaf


WITNESSES: dict[str, tuple[Tree, Bounds]] = {
    "optimality-no-repeated-mover-line": (
        Node(1, [Leaf((1, 8)), Node(1, [Leaf((1, 8)), Leaf((0, 9))])]),
        Bounds(0, 9),
    ),
    "optimality-bound-from-the-wrong-side": (
        Node(0, [Leaf((3, 0, 0)), Node(1, [Leaf((4, 1, 0)), Leaf((0, 5, 0))])]),
        Bounds(0, 9),
    ),
    "optimality-never-cuts": (Node(0, [Leaf((9, 0, 0)), Leaf((1, 1, 1))]), Bounds(0, 9)),
    "optimality-bound-unsubtracted": (
        Node(0, [Leaf((5, 4)), Node(1, [Leaf((4, 5)), Leaf((0, 9))]), Leaf((0, 9))]),
        Bounds(0, 9),
    ),
}
"""A tree on which each seeded flaw of optimality.mlw's search, and the search with its bound
passed to a child unsubtracted (a flaw that ``unprunes``, which reads more and is
still exact), departs from impl.shallow."""

MUTANTS = {f.name: f for f in flaws(WHY3) if f.file == "optimality"}


@pytest.mark.parametrize("name", WITNESSES)
def test_each_seeded_search_flaw_departs_from_impl_when_run(name: str) -> None:
    flaw = MUTANTS[name]
    t, bounds = WITNESSES[name]
    n = t.players
    tree, paths = labelled(t, 1, bounds.lower)
    total = bounds.total - n * bounds.lower
    printed, _ = run(
        "optimality",
        [f"Found (shallow {tree} {total} (-1) {total} {n})", f"Vector (maxn {tree})"],
        text=seeded(WHY3, flaw),
    )
    got = found(printed)
    impl = impl_shallow(t, bounds, trace=True)
    assert isinstance(got.value, tuple)
    value = tuple(c + bounds.lower for c in got.value)
    assert value != impl.value or got.trace != trace_of(impl.trace, paths)


def test_the_height_bound_is_needed() -> None:
    """The flaw that raises the height bound to 3 states a false theorem: on the stored
    counterexample (height 3, over the reals) shallow pruning reads a leaf that is not
    necessary."""
    assert set(MUTANTS) == {*WITNESSES, "optimality-height-3"}
    flaw = next(f for f in flaws(WHY3) if f.name == "optimality-height-3")
    assert "height t <= 3" in seeded(WHY3, flaw)
    case = next(c for c in stored_counterexamples() if c.name == "reals-unary")
    assert case.domain == "reals"
    assert case.tree.height == 3
    assert case.leaf in (impl_shallow(case.tree, case.bounds, trace=True).trace or ())
    assert not decide(case.tree, case.bounds, case.leaf, domain="reals").necessary
