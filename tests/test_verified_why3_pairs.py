"""pairs.mlw, run by ``why3 execute``, is spec's pairs, maxn and negamax and impl's deep pruning.

The transcription proves maxn-pairs as one statement (maxn on the pairs (x, -x) of a tree is
(v, -v), its root mover's component negamax) and deep's sound half (deep pruning on
pairs is maxn), over the rationals. Here it is pinned to the code users run, on Hypothesis
trees with rational values: its ``pairs`` builds ``spec.as_pairs``'s tree (labels in order),
its maxn of it is ``spec.maxn``'s and ``impl.maxn``'s vector, its minimax and negamax are
``spec``'s; and its deep search, on the pairs shifted by m as impl shifts them, returns
``impl.deep_pruning_unsound``'s vector and reads impl's leaves in impl's order (trace and
count). Each seeded flaw, the cut-off deleted among them, is shown to depart on a witness.
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl import deep_pruning_unsound
from gametree.impl import maxn as impl_maxn
from gametree.proofs import flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.why3 import WHY3
from gametree.proofs.why3.execute import scale
from gametree.proofs.why3.traced import Printed, found, labelled, number, run, trace_of, vector
from gametree.spec import Bounds, Leaf, Node, Tree, as_pairs, leaf_values, maxn, minimax, negamax
from gametree.spec.strategies import scalar_trees

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)

BATCH = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])

CASES = st.tuples(
    scalar_trees(by_depth=False, grid=3) | scalar_trees(ties=True, grid=2),
    st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(3)]),
)
"""A two-player rational tree and how far Bounds(-m, 0) reaches past its largest |x|."""


def vtree(printed: Printed, big: int) -> tuple[Tree, list[int]]:
    """A printed ``vtree`` as a spec tree (values divided by ``big``), and its labels in order."""
    labels: list[int] = []

    def build(x: object) -> Tree:
        assert isinstance(x, tuple)
        if x[0] == "VLeaf":
            labels.append(number(x[1]))
            return Leaf(tuple(Fraction(c, big) for c in vector(x[2])))
        kids, children = x[2], []
        while isinstance(kids, tuple) and kids[0] == "VMore":
            children.append(build(kids[1]))
            kids = kids[2]
        assert isinstance(kids, tuple)
        children.append(build(kids[1]))
        return Node(number(x[1]), children)

    return build(printed), labels


def reach(t: Tree, extra: Fraction) -> Fraction:
    """m for Bounds(-m, 0): the largest |x| of t, and ``extra`` (m > 0)."""
    m = max(abs(Fraction(x)) for x in leaf_values(t)) + extra  # type: ignore[arg-type]
    return m if m > 0 else Fraction(1)


def _answers(t: Tree, big: int, m: Fraction) -> list[str]:
    tree, _ = labelled(t, big)
    shifted, _ = labelled(as_pairs(t), big, -m, prefix="V")
    s = (2 * m * big).numerator
    return [
        f"Tree (pairs {tree})",
        f"Vector (maxn (pairs {tree}))",
        f"Number (minimax {tree})",
        f"Number (negamax {tree})",
        f"Found (deep {shifted} 0 0 {s})",
    ]


@BATCH
@given(st.lists(CASES, min_size=20, max_size=20))
def test_pairs_maxn_negamax_and_deep_are_spec_and_impl(cases: list[tuple[Tree, Fraction]]) -> None:
    answers, scales = [], []
    for t, extra in cases:
        m = reach(t, extra)
        big = scale([*leaf_values(t), m])  # type: ignore[list-item]
        answers += _answers(t, big, m)
        scales.append((big, m))
    printed = iter(run("pairs", answers))
    for (t, _), (big, m) in zip(cases, scales, strict=True):
        pairs, labels = vtree(next(printed), big)
        assert pairs == as_pairs(t)
        assert labels == list(range(len(labels)))
        top = tuple(Fraction(c, big) for c in vector(next(printed)))
        assert top == maxn(as_pairs(t)).value == impl_maxn(as_pairs(t)).value
        assert Fraction(number(next(printed)), big) == minimax(t).value
        assert Fraction(number(next(printed)), big) == negamax(t).value
        deep = found(next(printed))
        traced = deep_pruning_unsound(as_pairs(t), Bounds(-m, 0), trace=True)
        counted = deep_pruning_unsound(as_pairs(t), Bounds(-m, 0))
        assert isinstance(deep.value, tuple)
        assert tuple(Fraction(c, big) - m for c in deep.value) == traced.value
        assert deep.trace == trace_of(traced.trace, labelled(t, big)[1])
        assert counted.leaves_evaluated == len(deep.trace)


WITNESSES = {
    "pairs-of-equal-components": Node(1, [Leaf(3), Leaf(5)]),
    "pairs-negamax-no-negation": Node(0, [Node(1, [Leaf(3), Leaf(5)])]),
    "deep-never-cuts": Node(0, [Leaf(5), Node(1, [Leaf(2), Leaf(3)])]),
    "deep-bound-from-the-wrong-player": Node(0, [Leaf(-1), Node(1, [Leaf(-2), Leaf(3)])]),
    "deep-floor-raised-where-the-other-moves": Node(
        0, [Leaf(1), Node(1, [Leaf(4), Node(0, [Leaf(3), Leaf(2)])])]
    ),
}
"""A tree (Bounds(-5, 0)) on which each seeded flaw of pairs.mlw departs from spec or impl."""


@pytest.mark.parametrize("name", WITNESSES)
def test_each_seeded_flaw_departs_when_run(name: str) -> None:
    """A flaw the proof catches is also code that is not spec's or impl's: in value or reads."""
    flaw = next(f for f in flaws(WHY3) if f.name == name)
    t, m = WITNESSES[name], Fraction(5)
    pairs, top, v, nega, printed = run("pairs", _answers(t, 1, m), text=seeded(WHY3, flaw))
    impl = deep_pruning_unsound(as_pairs(t), Bounds(-m, 0), trace=True)
    deep = found(printed)
    assert isinstance(deep.value, tuple)
    departed = [
        vtree(pairs, 1)[0] != as_pairs(t),
        vector(top) != maxn(as_pairs(t)).value,
        number(v) != minimax(t).value,
        number(nega) != negamax(t).value,
        tuple(c - m for c in deep.value) != impl.value,
        deep.trace != trace_of(impl.trace, labelled(t, 1)[1]),
    ]
    assert any(departed), f"{name} runs as spec and impl do on its witness"
    assert {f.name for f in flaws(WHY3) if f.file == "pairs"} == set(WITNESSES)
