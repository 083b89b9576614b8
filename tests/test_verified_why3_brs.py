"""brs.mlw, run by ``why3 execute``: impl.brs_plus's alpha-beta, BRS+ ply by ply, spec's transform.

The transcription proves that BRS+ searched ply by ply in an N-player tree is the paranoid
value of its transform, and that impl.brs_plus's alpha-beta over the transform returns it, over
the rationals. Here it is pinned to the code users run: on Hypothesis trees of 3 and 4 players
(in turn or not, so that a player may move twice in a layer) with rational components, for
every root player r, its ply-by-ply value and its transform's paranoid value are
``spec.brs_plus``'s, and its search over the transform returns ``impl.brs_plus``'s value and
reads impl's leaves in impl's order. Each seeded flaw is shown to depart on a witness.
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl import brs_plus as impl_brs_plus
from gametree.proofs import flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.why3 import WHY3
from gametree.proofs.why3.execute import scale
from gametree.proofs.why3.traced import ARGUMENT, found, labelled, number, run, trace_of
from gametree.spec import Bounds, Leaf, Node, Tree, brs_plus, leaf_values
from gametree.spec.strategies import vector_trees

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)

BATCH = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TREES = vector_trees(players=3, bounds=Bounds(-2, 6), by_depth=False, ties=True, grid=3) | (
    vector_trees(players=4, max_depth=4, bounds=Bounds(0, 8), ties=True, grid=2)
)
"""Rational trees of 3 and 4 players, in turn or not (a player moving twice), ties."""


def _answers(t: Tree, big: int) -> list[str]:
    tree, _ = labelled(t, big)
    out = []
    for r in range(t.players):
        out += [f"Number (brs {tree} {r} True)", f"Number (paranoid (transform {tree} {r}) {r})",
                f"Found (search (transform {tree} {r}) {r} Open Open)"]  # fmt: skip
    return out


def _scale(t: Tree) -> int:
    return scale([c for v in leaf_values(t) for c in v])  # type: ignore[union-attr]


@BATCH
@given(st.lists(TREES, min_size=20, max_size=20))
def test_the_search_reads_impls_leaves_and_every_value_is_brs_plus(ts: list[Tree]) -> None:
    scales = [_scale(t) for t in ts]
    answers = [a for t, big in zip(ts, scales, strict=True) for a in _answers(t, big)]
    printed = iter(run("brs", answers))
    for t, big in zip(ts, scales, strict=True):
        paths = labelled(t, big)[1]
        for r in range(t.players):
            want = brs_plus(t, r).value
            assert Fraction(number(next(printed)), big) == want, (t, r)
            assert Fraction(number(next(printed)), big) == want, (t, r)
            got = found(next(printed))
            traced = impl_brs_plus(t, r, trace=True)
            assert isinstance(got.value, int)
            assert Fraction(got.value, big) == traced.value == want
            assert got.trace == trace_of(traced.trace, paths), (t, r)
            assert traced.leaves_evaluated == len(got.trace)


def _r(v: int) -> Leaf:
    return Leaf((v, 0, 0))


WITNESSES = {
    "brs-plus-transform-lets-an-opponent-move-twice": Node(
        0, [Node(1, [Node(2, [_r(5), _r(4)]), Node(2, [_r(9), _r(1)])])]
    ),
    "brs-plus-transform-drops-the-later-replies": Node(1, [Node(2, [_r(5)]), Node(2, [_r(1)])]),
    "brs-plus-search-never-fails-high": Node(1, [Node(0, [_r(5)]), Node(0, [_r(9), _r(1)])]),
}
"""A 3-player tree on which each seeded flaw of brs.mlw departs from spec or impl (r = 0)."""


@pytest.mark.parametrize("name", WITNESSES)
def test_each_seeded_flaw_departs_when_run(name: str) -> None:
    """A flaw the proof catches is also code that is not spec's or impl's: in value or reads."""
    flaw = next(f for f in flaws(WHY3) if f.name == name)
    t = WITNESSES[name]
    ply, transformed, search = run("brs", _answers(t, 1)[:3], text=seeded(WHY3, flaw))
    impl = impl_brs_plus(t, 0, trace=True)
    want = brs_plus(t, 0).value
    got = found(search)
    departed = [
        number(ply) != want,
        number(transformed) != want,
        got.value != impl.value,
        got.trace != trace_of(impl.trace, labelled(t, 1)[1]),
    ]
    assert any(departed), f"{name} runs as spec and impl do on its witness"
    assert {f.name for f in flaws(WHY3) if f.file == "brs"} == set(WITNESSES)


def test_a_batch_longer_than_one_argument_is_run_in_parts() -> None:
    t = Node(0, [Node(1, [Node(2, [_r(5), _r(4)]), Node(2, [_r(9), _r(1)])]), _r(3)])
    big = _scale(t)
    one = _answers(t, big)
    batch = one * (2 * ARGUMENT // sum(len(a) + 3 for a in one) + 1)
    assert sum(len(a) + 3 for a in batch) > 2 * ARGUMENT
    printed = run("brs", batch)
    assert len(printed) == len(batch)
    assert printed == run("brs", one) * (len(batch) // len(one))
