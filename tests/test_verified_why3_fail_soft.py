"""fail_soft.mlw, run by ``why3 execute``, reads what impl's alpha-beta reads and returns its value.

The transcription proves that fail-soft alpha-beta lies between fail-hard and the value (both
forms) and Fishburn's property in negamax form, over the rationals. Here it is pinned to the
code users run: on Hypothesis trees with rational values and windows, each of its four
searches (max/min and negamax form, fail-hard and fail-soft) returns ``impl``'s value and
reads ``impl``'s leaves in ``impl``'s order (the trace of ``trace=True``, and the count of the
compiled or pure kernel without it), and its minimax and negamax are ``spec``'s. Each seeded
flaw, the cut-offs deleted among them, is shown to change a value or a trace on a witness.
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl import alphabeta as impl_alphabeta
from gametree.impl import negamax_alphabeta as impl_negamax_alphabeta
from gametree.proofs import flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.why3 import WHY3
from gametree.proofs.why3.execute import scale
from gametree.proofs.why3.traced import found, labelled, number, run, trace_of
from gametree.spec import Leaf, Node, leaf_values, minimax, negamax
from gametree.spec.strategies import scalar_trees

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)

BATCH = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])

WINDOWED = st.tuples(
    scalar_trees(by_depth=False, grid=3) | scalar_trees(ties=True, grid=2),
    st.fractions(-12, 12, max_denominator=4),
    st.fractions(Fraction(1, 4), 12, max_denominator=4),
)
"""A two-player rational tree (any player at any node, or in turn with ties) and a window."""

SEARCHES = (
    ("alphabeta", impl_alphabeta, False),
    ("alphabeta_soft", impl_alphabeta, True),
    ("negamax_alphabeta", impl_negamax_alphabeta, False),
    ("negamax_alphabeta_soft", impl_negamax_alphabeta, True),
)
"""Each search of fail_soft.mlw, and impl's search with its fail_soft flag."""


def _answers(t: Node | Leaf, big: int, lo: Fraction, hi: Fraction) -> list[str]:
    tree, _ = labelled(t, big)
    window = f"({(lo * big).numerator}) ({(hi * big).numerator})"
    searches = [f"Found ({name} {tree} {window})" for name, _, _ in SEARCHES]
    return [f"Number (minimax {tree})", f"Number (negamax {tree})", *searches]


@BATCH
@given(st.lists(WINDOWED, min_size=20, max_size=20))
def test_the_searches_read_impls_leaves_and_return_its_values(
    cases: list[tuple[Node | Leaf, Fraction, Fraction]],
) -> None:
    answers, scales = [], []
    for t, a, width in cases:
        big = scale([*leaf_values(t), a, a + width])  # type: ignore[list-item]
        answers += _answers(t, big, a, a + width)
        scales.append(big)
    printed = iter(run("fail_soft", answers))
    for (t, a, width), big in zip(cases, scales, strict=True):
        _, paths = labelled(t, big)
        assert Fraction(number(next(printed)), big) == minimax(t).value
        assert Fraction(number(next(printed)), big) == negamax(t).value
        for name, search, soft in SEARCHES:
            got = found(next(printed))
            traced = search(t, a, a + width, fail_soft=soft, trace=True)
            kernel = search(t, a, a + width, fail_soft=soft)
            assert isinstance(got.value, int)
            assert Fraction(got.value, big) == traced.value == kernel.value, name
            assert got.trace == trace_of(traced.trace, paths), name
            assert kernel.leaves_evaluated == len(got.trace), name


WITNESSES = {
    "soft-never-cuts": (Node(0, [Leaf(5), Leaf(3)]), 0, 4),
    "hard-max-forgets-alpha": (Node(0, [Leaf(-1)]), 0, 10),
    "hard-alpha-not-passed-on": (Node(0, [Leaf(3), Leaf(2)]), 0, 10),
    "soft-negamax-window-not-swapped": (Node(0, [Node(1, [Leaf(0), Leaf(3)])]), 1, 10),
    "soft-negamax-never-cuts": (Node(0, [Leaf(5), Leaf(3)]), 0, 4),
    "hard-negamax-not-negated": (Node(0, [Node(1, [Leaf(3)])]), 0, 10),
    "hard-max-cut-deleted": (Node(0, [Leaf(5), Leaf(3)]), 0, 4),
    "hard-min-cut-deleted": (Node(1, [Leaf(-1), Leaf(3)]), 0, 4),
    "soft-min-never-cuts": (Node(1, [Leaf(-1), Leaf(3)]), 0, 4),
    "hard-negamax-never-cuts": (Node(0, [Leaf(5), Leaf(3)]), 0, 4),
}
"""A tree and window on which each seeded flaw of fail_soft.mlw, and each of its searches with
a cut-off deleted (the flaws that ``unprunes``), departs from impl."""

MUTANTS = {f.name: f for f in flaws(WHY3) if f.file == "fail_soft"}


@pytest.mark.parametrize("name", WITNESSES)
def test_each_seeded_flaw_departs_from_impl_when_run(name: str) -> None:
    """A flaw the proof catches, or a cut-off deleted, is also a search that is not impl's: in
    value or in reads."""
    flaw = MUTANTS[name]
    t, a, b = WITNESSES[name]
    _, paths = labelled(t, 1)
    answers = _answers(t, 1, Fraction(a), Fraction(b))[2:]
    departed = []
    for (label, search, soft), printed in zip(
        SEARCHES, run("fail_soft", answers, text=seeded(WHY3, flaw)), strict=True
    ):
        got = found(printed)
        want = search(t, a, b, fail_soft=soft, trace=True)
        if got.value != want.value or got.trace != trace_of(want.trace, paths):
            departed.append(label)
    assert departed, f"{name} runs as impl does on its witness"
    assert set(MUTANTS) == set(WITNESSES)
