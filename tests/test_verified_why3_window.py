"""window.mlw, run by ``why3 execute``, reads what impl's alpha-beta reads, window for window.

The transcription proves that alpha-beta over a narrower window reads a subsequence of the
leaves it reads over a wider one (fail-hard and fail-soft, max/min form). Here it is pinned to
the code users run: on Hypothesis trees with rational values and two nested windows, each of
its searches returns ``impl.alphabeta``'s value and reads ``impl``'s leaves in ``impl``'s order,
over both windows, and what it reads over the narrower window is a subsequence of what it reads
over the wider. Each seeded flaw of a search is shown to depart from impl on a witness; the
others (the theorem stated of prefixes, or of windows not nested) change nothing that runs, and
are the proof's to catch.
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl import alphabeta as impl_alphabeta
from gametree.proofs import flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.theorems.window import is_subsequence
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

Case = tuple[SpecTree, tuple[Fraction, Fraction], tuple[Fraction, Fraction]]

NESTED = st.tuples(
    scalar_trees(by_depth=False, grid=3) | scalar_trees(ties=True, grid=2),
    st.lists(st.fractions(-12, 12, max_denominator=4), min_size=4, max_size=4, unique=True).map(
        sorted
    ),
).map(lambda c: (c[0], (c[1][0], c[1][3]), (c[1][1], c[1][2])))
"""A two-player rational tree and two windows, the second inside the first."""

SEARCHES = (("alphabeta", False), ("alphabeta_soft", True))
"""Each search of window.mlw, and impl.alphabeta's fail_soft flag for it."""


def _answers(t: SpecTree, big: int, *windows: tuple[Fraction, Fraction]) -> list[str]:
    tree, _ = labelled(t, big)
    return [
        f"Found ({name} {tree} ({(a * big).numerator}) ({(b * big).numerator}))"
        for a, b in windows
        for name, _ in SEARCHES
    ]


@pytest.mark.slow
@BATCH
@given(st.lists(NESTED, min_size=15, max_size=15))
def test_the_searches_read_impls_leaves_over_both_windows_a_subsequence_over_the_narrower(
    cases: list[Case],
) -> None:
    answers, scales = [], []
    for t, wide, narrow in cases:
        big = scale([*leaf_values(t), *wide, *narrow])  # type: ignore[list-item]
        answers += _answers(t, big, wide, narrow)
        scales.append(big)
    printed = iter(run("window", answers))
    for (t, wide, narrow), big in zip(cases, scales, strict=True):
        _, paths = labelled(t, big)
        traces = {}
        for window in (wide, narrow):
            for name, soft in SEARCHES:
                got = found(next(printed))
                want = impl_alphabeta(t, *window, fail_soft=soft, trace=True)
                assert isinstance(got.value, int)
                assert Fraction(got.value, big) == want.value, (name, window)
                assert got.trace == trace_of(want.trace, paths), (name, window)
                traces[name, window] = got.trace
        for name, _ in SEARCHES:
            assert is_subsequence(traces[name, narrow], traces[name, wide])


WITNESSES: dict[str, Case] = {
    "window-narrower-alpha-not-passed-on": (
        Node(0, [Leaf(3), Leaf(2)]),
        (Fraction(0), Fraction(10)),
        (Fraction(1), Fraction(9)),
    ),
    "window-soft-never-cuts": (
        Node(0, [Leaf(5), Leaf(3)]),
        (Fraction(0), Fraction(10)),
        (Fraction(0), Fraction(4)),
    ),
}
"""A tree and two windows on which each seeded flaw of window.mlw's searches departs from impl."""

UNRUN = {"window-prefix-not-subsequence", "window-not-nested"}
"""The seeded flaws that change the statement, not a search: the proof's to catch."""


@pytest.mark.parametrize("name", sorted(WITNESSES))
def test_each_seeded_search_flaw_departs_from_impl_when_run(name: str) -> None:
    flaw = next(f for f in flaws(WHY3) if f.name == name)
    t, wide, narrow = WITNESSES[name]
    _, paths = labelled(t, 1)
    printed = iter(run("window", _answers(t, 1, wide, narrow), text=seeded(WHY3, flaw)))
    departed = []
    for window in (wide, narrow):
        for search, soft in SEARCHES:
            got = found(next(printed))
            want = impl_alphabeta(t, *window, fail_soft=soft, trace=True)
            if got.value != want.value or got.trace != trace_of(want.trace, paths):
                departed.append((search, window))
    assert departed, f"{name} reads and returns what impl does on its witness"


def test_every_seeded_flaw_of_window_mlw_is_accounted_for() -> None:
    mine = {f.name for f in flaws(WHY3) if f.file == "window"}
    assert mine == set(WITNESSES) | UNRUN
