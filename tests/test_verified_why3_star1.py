"""star1.mlw, run by ``why3 execute`` over exact rationals, reads what impl.star1 reads.

The transcription proves that Star1 meets Knuth and Moore's cases against the expectimax value.
Here it is pinned to the code users run: on Hypothesis trees with chance nodes (probabilities
of any weights, thirds, ties) and windows below, across and above the leaf bounds, its search
returns ``impl.star1``'s value and reads ``impl``'s leaves in ``impl``'s order. It multiplies and
divides by probabilities, so it runs over rationals as pairs of integers
(:data:`gametree.proofs.why3.traced.RAT`), not over scaled integers. Each seeded flaw is shown
to depart from impl on a witness.
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl import star1 as impl_star1
from gametree.proofs import flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.why3 import WHY3, terms
from gametree.proofs.why3.traced import Printed, fraction, rat, run, trace_of, vector
from gametree.spec import Interval, Node, Path, Scalar, iter_leaves
from gametree.spec import Tree as SpecTree
from gametree.spec.strategies import chance_trees

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)

BATCH = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])

BOUNDS = Interval(-6, 6)

Case = tuple[SpecTree, tuple[Fraction, Fraction]]

WINDOWS = st.lists(
    st.integers(-24, 24).map(lambda n: Fraction(n, 3)), min_size=2, max_size=2, unique=True
).map(lambda ends: (min(ends), max(ends)))

CASES = st.tuples(chance_trees(min_value=-6, max_value=6, grid=3, ties=True, max_depth=4), WINDOWS)
"""A tree with chance nodes over [-6, 6], and a window of thirds in [-8, 8]."""


def _answer(t: SpecTree, a: Scalar, b: Scalar, bounds: Interval = BOUNDS) -> str:
    term = terms.tree(t, labelled=True, number=rat)
    return f"Found (star1 {term} {rat(a)} {rat(b)} {rat(bounds.lower)} {rat(bounds.upper)})"


def paths(t: SpecTree) -> list[Path]:
    """The paths of ``t``'s leaves by label (their order left to right)."""
    return [p for p, _ in iter_leaves(t)]


def _searched(x: Printed) -> tuple[Fraction, tuple[int, ...]]:
    """A printed ``search`` over the rationals: its value and the labels it read."""
    assert isinstance(x, dict)
    return fraction(x["value"]), vector(x["trace"])


@pytest.mark.slow  # the costliest test of the fast loop (32 s of why3 execute, measured)
@BATCH
@given(st.lists(CASES, min_size=15, max_size=15))
def test_star1_returns_impls_value_and_reads_its_leaves_in_its_order(cases: list[Case]) -> None:
    printed = iter(run("star1", [_answer(t, *w) for t, w in cases]))
    for t, (a, b) in cases:
        value, read = _searched(next(printed))
        want = impl_star1(t, BOUNDS, a, b, trace=True)
        assert value == want.value, (t, a, b)
        assert read == trace_of(want.trace, paths(t)), (t, a, b)


WITNESSES: dict[str, tuple[SpecTree, Scalar, Scalar]] = {
    "star1-mass-left-includes-the-child": (
        Node.chance([-6, 6], ["1/2", "1/2"]),
        Fraction(1, 2),
        3,
    ),
    "star1-probability-left-out-of-the-total": (Node.chance([-2, 4], ["1/2", "1/2"]), -8, 8),
    "star1-fail-high-returns-alpha": (Node.chance([6, -6], ["1/2", "1/2"]), -6, 0),
}
"""A tree and a window on which each seeded flaw of star1.mlw departs from impl."""


@pytest.fixture(scope="module")
def unseeded() -> dict[str, tuple[Fraction, tuple[int, ...]]]:
    """star1.mlw as proved, on every witness in one ``why3 execute``: its value and reads."""
    printed = run("star1", [_answer(t, a, b) for t, a, b in WITNESSES.values()])
    return dict(zip(WITNESSES, map(_searched, printed), strict=True))


@pytest.mark.parametrize("name", sorted(WITNESSES))
def test_each_seeded_flaw_departs_from_impl_when_run(
    name: str, unseeded: dict[str, tuple[Fraction, tuple[int, ...]]]
) -> None:
    flaw = next(f for f in flaws(WHY3) if f.name == name)
    t, a, b = WITNESSES[name]
    printed = run("star1", [_answer(t, a, b)], text=seeded(WHY3, flaw))
    value, read = _searched(printed[0])
    want = impl_star1(t, BOUNDS, a, b, trace=True)
    assert (value, read) != (want.value, trace_of(want.trace, paths(t)))
    assert unseeded[name] == (want.value, trace_of(want.trace, paths(t)))


def test_every_seeded_flaw_of_star1_mlw_is_accounted_for() -> None:
    assert {f.name for f in flaws(WHY3) if f.file == "star1"} == set(WITNESSES)
