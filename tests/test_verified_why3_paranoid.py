"""paranoid.mlw, run by ``why3 execute``, is impl.paranoid's alpha-beta, spec's paranoid and maxn.

The transcription proves that impl's paranoid alpha-beta (its cut-offs included) returns the
paranoid value, which is at most the player's component of maxn, over the rationals. Here it
is pinned to the code users run: on Hypothesis trees of 2 to 4 players with rational
components, for every player q, its search returns ``impl.paranoid``'s value and reads impl's
leaves in impl's order (trace and count), and its paranoid and maxn are ``spec``'s. Each
seeded flaw, the cut-offs deleted among them, is shown to depart on a witness.
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl import paranoid as impl_paranoid
from gametree.proofs import flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.why3 import WHY3
from gametree.proofs.why3.execute import scale
from gametree.proofs.why3.traced import found, labelled, number, run, trace_of, vector
from gametree.spec import Bounds, Leaf, Node, Tree, leaf_values, maxn, paranoid
from gametree.spec.strategies import vector_trees

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)

BATCH = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TREES = (
    vector_trees(players=3, bounds=Bounds(-2, 6), by_depth=False, ties=True, grid=3)
    | vector_trees(players=4, max_depth=4, bounds=Bounds(0, 8), ties=True, grid=2)
    | vector_trees(players=2, bounds=Bounds(-3, 3), by_depth=False, grid=2)
)
"""Rational N-player trees (2 to 4 players, in turn or not, ties, negative components)."""


def _answers(t: Tree, big: int) -> list[str]:
    tree, _ = labelled(t, big)
    out = [f"Vector (maxn {tree})"]
    for q in range(t.players):
        out += [f"Number (paranoid {tree} {q})", f"Found (search {tree} {q} Open Open)"]
    return out


@BATCH
@given(st.lists(TREES, min_size=20, max_size=20))
def test_the_search_reads_impls_leaves_and_returns_the_paranoid_value(ts: list[Tree]) -> None:
    scales = [scale([c for v in leaf_values(t) for c in v]) for t in ts]  # type: ignore[union-attr]
    answers = [a for t, big in zip(ts, scales, strict=True) for a in _answers(t, big)]
    printed = iter(run("paranoid", answers))
    for t, big in zip(ts, scales, strict=True):
        paths = labelled(t, big)[1]
        assert tuple(Fraction(c, big) for c in vector(next(printed))) == maxn(t).value
        for q in range(t.players):
            assert Fraction(number(next(printed)), big) == paranoid(t, q).value
            got = found(next(printed))
            traced = impl_paranoid(t, q, trace=True)
            assert isinstance(got.value, int)
            assert Fraction(got.value, big) == traced.value == impl_paranoid(t, q).value
            assert got.trace == trace_of(traced.trace, paths)
            assert impl_paranoid(t, q).leaves_evaluated == len(got.trace)


WITNESSES = {
    "paranoid-reads-player-0s-component": Node(0, [Leaf((1, 2, 3))]),
    "paranoid-player-minimises": Node(0, [Leaf((1, 0, 0)), Leaf((2, 0, 0))]),
    "paranoid-search-never-fails-high": Node(
        0,
        [Node(1, [Leaf((5, 0, 0)), Leaf((6, 0, 0))]), Node(1, [Leaf((1, 0, 0)), Leaf((2, 0, 0))])],
    ),
    "paranoid-search-never-fails-low": Node(
        0, [Leaf((5, 0, 0)), Node(1, [Leaf((1, 0, 0)), Leaf((2, 0, 0))])]
    ),
    "paranoid-search-min-keeps-the-larger": Node(1, [Leaf((1, 0, 0)), Leaf((2, 0, 0))]),
}
"""A 3-player tree on which each seeded flaw of paranoid.mlw departs from spec or impl."""


@pytest.mark.parametrize("name", WITNESSES)
def test_each_seeded_flaw_departs_when_run(name: str) -> None:
    """A flaw the proof catches is also code that is not spec's or impl's: in value or reads."""
    flaw = next(f for f in flaws(WHY3) if f.name == name)
    t = WITNESSES[name]
    top, *answers = run("paranoid", _answers(t, 1), text=seeded(WHY3, flaw))
    departed = [vector(top) != maxn(t).value]
    for q in range(t.players):
        value, search = number(answers[2 * q]), found(answers[2 * q + 1])
        impl = impl_paranoid(t, q, trace=True)
        departed += [
            value != paranoid(t, q).value,
            search.value != impl.value,
            search.trace != trace_of(impl.trace, labelled(t, 1)[1]),
        ]
    assert any(departed), f"{name} runs as spec and impl do on its witness"
    assert {f.name for f in flaws(WHY3) if f.file == "paranoid"} == set(WITNESSES)
