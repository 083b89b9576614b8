"""pvs.mlw, run by ``why3 execute``, reads what impl.pvs reads and returns its value.

The transcription proves that principal variation search returns fail-soft alpha-beta's value
(negamax form) on every tree and window. Here it is pinned to the code users run: on
Hypothesis trees with rational values and windows, its ``pvs`` returns ``impl.pvs``'s value
and reads ``impl.pvs``'s leaves in its order, scouts and re-searches included (a leaf read twice
is listed twice), and its ``soft`` over an exact window is ``impl.negamax_alphabeta`` with
``fail_soft``, value and reads. Each seeded flaw of a search departs from impl on a witness;
those the proof catches by value, and the two that only read more (a re-search of a scout that
failed low, a first child scouted), which only this test can catch.
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl import negamax_alphabeta as impl_negamax_alphabeta
from gametree.impl import pvs as impl_pvs
from gametree.proofs import flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.why3 import WHY3
from gametree.proofs.why3.execute import scale
from gametree.proofs.why3.traced import found, labelled, run, trace_of
from gametree.spec import Leaf, Node, leaf_values
from gametree.spec import Tree as SpecTree
from gametree.spec.strategies import scalar_trees

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)

BATCH = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Case = tuple[SpecTree, Fraction, Fraction]

WINDOWED = st.tuples(
    scalar_trees(by_depth=False, grid=3) | scalar_trees(ties=True, grid=2),
    st.fractions(-12, 12, max_denominator=4),
    st.fractions(Fraction(1, 4), 12, max_denominator=4),
).map(lambda c: (c[0], c[1], c[1] + c[2]))
"""A two-player rational tree (any player at any node, or in turn with ties) and a window."""


def _answers(t: SpecTree, big: int, a: Fraction, b: Fraction) -> list[str]:
    tree, _ = labelled(t, big)
    lo = f"{{ num = ({(a * big).numerator}); eps = 0 }}"
    hi = f"{{ num = ({(b * big).numerator}); eps = 0 }}"
    return [f"Found (pvs {tree} {lo} {hi})", f"Found (soft {tree} {lo} {hi})"]


def departures(t: SpecTree, a: Fraction, b: Fraction, text: str | None = None) -> list[str]:
    """How the file's ``pvs`` and ``soft`` (or ``text``'s) depart from impl's on ``t``, (a, b)."""
    big = scale([*leaf_values(t), a, b])  # type: ignore[list-item]
    _, paths = labelled(t, big)
    got_pvs, got_soft = (found(x) for x in run("pvs", _answers(t, big, a, b), text=text))
    out = []
    for name, got, want in (
        ("pvs", got_pvs, impl_pvs(t, a, b, trace=True)),
        ("soft", got_soft, impl_negamax_alphabeta(t, a, b, fail_soft=True, trace=True)),
    ):
        assert isinstance(got.value, int)
        if Fraction(got.value, big) != want.value:
            out.append(f"{name}: value {Fraction(got.value, big)}, not {want.value}")
        if got.trace != trace_of(want.trace, paths):
            out.append(f"{name}: reads {got.trace}, not {trace_of(want.trace, paths)}")
    return out


@pytest.mark.slow
@BATCH
@given(st.lists(WINDOWED, min_size=20, max_size=20))
def test_pvs_and_soft_read_impls_leaves_and_return_its_values(cases: list[Case]) -> None:
    answers, scales = [], []
    for t, a, b in cases:
        big = scale([*leaf_values(t), a, b])  # type: ignore[list-item]
        answers += _answers(t, big, a, b)
        scales.append(big)
    printed = iter(run("pvs", answers))
    for (t, a, b), big in zip(cases, scales, strict=True):
        _, paths = labelled(t, big)
        for got, want in (
            (found(next(printed)), impl_pvs(t, a, b, trace=True)),
            (found(next(printed)), impl_negamax_alphabeta(t, a, b, fail_soft=True, trace=True)),
        ):
            assert isinstance(got.value, int)
            assert Fraction(got.value, big) == want.value
            assert got.trace == trace_of(want.trace, paths)


WITNESSES: dict[str, Case] = {
    "pvs-no-research": (
        Node(0, [Leaf(0), Node(0, [Leaf(Fraction(1, 3))])]),
        Fraction(0),
        Fraction(1, 2),
    ),
    "pvs-alpha-not-raised": (
        Node(0, [Leaf(0), Leaf(0), Node(0, [Leaf(0)])]),
        Fraction(-1),
        Fraction(1, 4),
    ),
    "pvs-scout-below-alpha": (
        Node(0, [Leaf(0), Node(0, [Leaf(0), Leaf(0)])]),
        Fraction(0),
        Fraction(1, 4),
    ),
    "pvs-research-when-failing-low": (
        Node(0, [Node(1, [Leaf(0), Node(0, [Leaf(0)])])]),
        Fraction(-1),
        Fraction(-3, 4),
    ),
    "pvs-first-child-scouted": (
        Node(0, [Node(0, [Node(1, [Leaf(1), Leaf(2)])])]),
        Fraction(0),
        Fraction(10),
    ),
}
"""A tree and window on which each seeded flaw of pvs.mlw departs from impl (found by
Hypothesis's ``find``, shrunk; the last written by hand: a first grandchild that is a node)."""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(WITNESSES))
def test_each_seeded_flaw_departs_from_impl_when_run(name: str) -> None:
    flaw = next(f for f in flaws(WHY3) if f.name == name)
    t, a, b = WITNESSES[name]
    assert departures(t, a, b) == []
    assert departures(t, a, b, text=seeded(WHY3, flaw)), name


def test_every_seeded_flaw_of_pvs_mlw_has_a_witness() -> None:
    assert {f.name for f in flaws(WHY3) if f.file == "pvs"} == set(WITNESSES)


def test_a_leaf_root_and_a_lone_child() -> None:
    assert departures(Leaf(3), Fraction(0), Fraction(1)) == []
    assert departures(Node(1, [Leaf(2)]), Fraction(0), Fraction(1)) == []
