"""The WhyML transcriptions, run by ``why3 execute``, compute what spec defines and impl runs.

A proof about a transcription nobody runs proves nothing about gametree: here the proved text
(mapped onto the integers and the tree scaled by its common denominator, see
:mod:`gametree.proofs.why3.execute`) is run on Hypothesis-drawn trees with ``Fraction``
values and compared with ``spec.maxn`` and ``impl.shallow``, and with ``spec.minimax`` and
``impl.alphabeta`` (fail-hard and fail-soft) over drawn windows. Each example is one batch of
trees, one ``why3 execute``. Skipped, saying why, where Why3 is not installed; CI installs it
(``python3 dev.py test`` installs it from Debian's packages).
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl import alphabeta as impl_alphabeta
from gametree.impl import immediate as impl_immediate
from gametree.impl import negamax_alphabeta as impl_negamax_alphabeta
from gametree.impl import shallow as impl_shallow
from gametree.proofs.why3 import FLAWS, execute, seeded
from gametree.proofs.why3.execute import run, scale, whyml_tree
from gametree.spec import Bounds, Leaf, Node, maxn, minimax, negamax
from gametree.spec.strategies import scalar_trees, vector_trees

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)

BOUNDS = {2: Bounds(0, 9), 3: Bounds(0, 9), 4: Bounds(-1, 6)}

BOUNDED = (
    vector_trees(players=3, bounds=BOUNDS[3], by_depth=False, ties=True, grid=3)
    | vector_trees(players=4, bounds=BOUNDS[4], ties=True, grid=2)
    | vector_trees(players=2, bounds=BOUNDS[2], by_depth=False, exact_total=True, grid=2)
)
"""Rational trees within Korf's bounds: 2 to 4 players, in turn or not, ties, sums at the bound."""

BATCH = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def leaves(t: Node | Leaf) -> list[Fraction]:
    """Every number in ``t``'s leaves."""
    out: list[Fraction] = []
    stack: list[Node | Leaf] = [t]
    while stack:
        x = stack.pop()
        if isinstance(x, Node):
            stack.extend(x.children)
        else:
            v = x.value
            out.extend(Fraction(c) for c in (v if isinstance(v, tuple) else (v,)))
    return out


@BATCH
@given(st.lists(BOUNDED, min_size=25, max_size=25))
def test_the_shallow_transcription_is_spec_maxn_and_impl_shallow(ts: list[Node | Leaf]) -> None:
    answers, scales = [], []
    for t in ts:
        bounds, n = BOUNDS[t.players], t.players
        big = scale([*leaves(t), bounds.lower, bounds.total])
        total = (Fraction(bounds.total) - n * bounds.lower) * big
        tree = whyml_tree(t, big, bounds.lower)
        searches = f"(shallow_is_maxn {tree} {total} {n}) (immediate {tree} {total} {n})"
        answers.append(f"Answer {searches} (maxn {tree})")
        scales.append(big)
    found = iter(run("shallow", answers))
    for t, big in zip(ts, scales, strict=True):
        bounds, n = BOUNDS[t.players], t.players
        pruned, immediate, full = (
            tuple(Fraction(next(found), big) + bounds.lower for _ in range(n)) for _ in "abc"
        )
        assert full == maxn(t).value
        assert pruned == maxn(t).value == impl_shallow(t, bounds).value
        assert immediate == maxn(t).value == impl_immediate(t, bounds).value


WINDOWED = st.tuples(
    scalar_trees(by_depth=False, grid=3) | scalar_trees(ties=True, grid=2),
    st.fractions(-12, 12, max_denominator=4),
    st.fractions(Fraction(1, 4), 12, max_denominator=4),
)
"""A two-player rational tree (any player at any node, or in turn with ties) and a window."""


@BATCH
@given(st.lists(WINDOWED, min_size=25, max_size=25))
def test_the_alphabeta_transcription_is_spec_minimax_and_impl_alphabeta(
    cases: list[tuple[Node | Leaf, Fraction, Fraction]],
) -> None:
    answers, scales = [], []
    for t, a, width in cases:
        big = scale([*leaves(t), a, a + width])
        tree, lo, hi = whyml_tree(t, big), a * big, (a + width) * big
        window = f"({lo.numerator}) ({hi.numerator})"
        searches = f"(alphabeta {tree} {window}) (alphabeta_soft {tree} {window})"
        negamaxes = f"(negamax {tree}) (negamax_alphabeta {tree} {window})"
        answers.append(f"Answer (minimax {tree}) {searches} {negamaxes}")
        scales.append(big)
    found = iter(run("alphabeta", answers))
    for (t, a, width), big in zip(cases, scales, strict=True):
        v, hard, soft, nega, nega_hard = (Fraction(next(found), big) for _ in range(5))
        assert v == minimax(t).value
        assert hard == impl_alphabeta(t, a, a + width).value
        assert soft == impl_alphabeta(t, a, a + width, fail_soft=True).value
        assert nega == negamax(t).value
        assert nega_hard == impl_negamax_alphabeta(t, a, a + width).value


SHALLOW_WITNESSES = {
    "ties-go-to-the-later-child": (Node(0, [Leaf((1, 0, 0)), Leaf((1, 2, 0))]), 3),
    "no-repeated-mover-line": (Node(1, [Leaf((1, 8)), Node(1, [Leaf((1, 8)), Leaf((0, 9))])]), 2),
    "bound-from-the-wrong-side": (
        Node(0, [Leaf((3, 0, 0)), Node(1, [Leaf((4, 1, 0)), Leaf((0, 5, 0))])]),
        3,
    ),
    "immediate-cuts-below-the-sum": (Node(0, [Leaf((5, 4)), Leaf((9, 0))]), 2),
}
"""A tree (sum 9) on which each seeded pruning flaw returns another vector than maxn."""

ALPHABETA_WITNESSES = {
    "min-raises-beta": Node(1, [Leaf(3), Leaf(5)]),
    "alpha-not-passed-on": Node(0, [Leaf(5), Leaf(3)]),
    "soft-forgets-first-child": Node(0, [Leaf(5), Leaf(3)]),
    "window-not-swapped": Node(0, [Node(1, [Leaf(3), Leaf(5)])]),
    "negamax-no-negation": Node(0, [Node(1, [Leaf(3), Leaf(5)])]),
}
"""A tree on which each seeded alpha-beta or negamax flaw misses the value over (0, 10)."""


@pytest.mark.parametrize("name", [*SHALLOW_WITNESSES, *ALPHABETA_WITNESSES])
def test_each_seeded_flaw_is_a_real_bug_when_run(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The flaws the proofs must catch change what the transcription computes (no-progress,
    which only loses termination, is left to the proof)."""
    flaw = next(f for f in FLAWS if f.name == name)
    monkeypatch.setattr(execute, "source", lambda _: seeded(flaw))
    if name in SHALLOW_WITNESSES:
        t, n = SHALLOW_WITNESSES[name]
        tree = whyml_tree(t, 1)
        searches = f"(shallow_is_maxn {tree} 9 {n}) (immediate {tree} 9 {n})"
        found = tuple(run("shallow", [f"Answer {searches} (maxn {tree})"]))
        assert found[2 * n :] == maxn(t).value
        assert found[:n] != maxn(t).value or found[n : 2 * n] != maxn(t).value
    else:
        t = ALPHABETA_WITNESSES[name]
        tree, window = whyml_tree(t, 1), "0 10"
        searches = f"(alphabeta {tree} {window}) (alphabeta_soft {tree} {window})"
        negamax_searches = f"(negamax {tree}) (negamax_alphabeta {tree} {window})"
        v, *others = run("alphabeta", [f"Answer (minimax {tree}) {searches} {negamax_searches}"])
        assert v == minimax(t).value
        assert others != [v] * 4
    witnessed = {*SHALLOW_WITNESSES, *ALPHABETA_WITNESSES, "no-progress"}
    assert {f.name for f in FLAWS if f.file in {"shallow", "alphabeta"}} == witnessed
