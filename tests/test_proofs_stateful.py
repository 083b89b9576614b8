"""Korf's Theorem 1 as a game against an adversary: a stateful Hypothesis test.

A lazily valued tree reveals its leaves one at a time, left to right, as a directional search
asks for them. At each leaf the machine either reveals it (the adversary picks its value) or,
if the exact decision procedure (``proofs.optimality.decide``, z3) says that no value of it can
change the root given what has been revealed (the leaves skipped so far stay unknown), skips it:
the adversary then picks its value afterwards, knowing that it was skipped. Invariants:

- a skip is taken only when the decision procedure says the leaf is unnecessary (the rule
  asks it first);
- the search's answer, maxn with any value at the skipped leaves, equals maxn on the fully
  revealed tree: were a "not necessary" verdict wrong, the adversary could make this fail,
  and Hypothesis searches for such values;
- where Korf's theorem holds the skipping search reads every leaf shallow pruning reads: on
  trees of height <= 2 it skips none of them, and on trees of height <= 3 (players in turn)
  none of those last-branch pruning reads.
"""

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from impl.last_branch import last_branch
from impl.shallow import shallow
from proofs.optimality import decide
from proofs.shapes import Shape, build, by_depth, height, leaf_count
from spec import Bounds, Path, Tree, Vector, iter_leaves, maxn
from spec.strategies import vectors


@st.composite
def tuple_shapes(draw: st.DrawFn, depth: int = 3) -> Shape:
    """Shapes as tuples, height <= ``depth``, at most 3 children. Shrinks towards a leaf."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return None
    return tuple(draw(tuple_shapes(depth - 1)) for _ in range(draw(st.integers(1, 3))))


INTERESTING: list[Shape] = [
    (None, (None, (None, None))),  # Sturtevant's last-branch shape
    (None, ((None, None),)),  # the smallest shape where Theorem 1 fails (a unary node)
    (None, (None, None)),  # the smallest over the integers
]


class Adversary(RuleBasedStateMachine):
    """A directional search that skips exactly what it can, against a value-choosing adversary."""

    def __init__(self) -> None:
        super().__init__()
        self.players = 3
        self.bounds = Bounds(0, 3)
        self.shape: Shape = None
        self.values: list[Vector] = []
        self.skipped: set[Path] = set()
        self.paths: list[Path] = []

    @initialize(
        players=st.integers(2, 4),
        total=st.integers(1, 4),
        shape=st.sampled_from(INTERESTING) | tuple_shapes(),
    )
    def start(self, players: int, total: int, shape: Shape) -> None:
        self.players, self.bounds, self.shape = players, Bounds(0, total), shape
        skeleton = self.tree([(0,) * players] * leaf_count(shape))
        self.paths = [p for p, _ in iter_leaves(skeleton)]

    def tree(self, values: list[Vector]) -> Tree:
        n = leaf_count(self.shape)
        zero = (0,) * self.players
        return build(self.shape, [*values, *[zero] * (n - len(values))], by_depth(self.players))

    @property
    def done(self) -> bool:
        return bool(self.paths) and len(self.values) == len(self.paths)

    @precondition(lambda self: self.paths and not self.done)
    @rule(data=st.data())
    def reveal(self, data: st.DataObject) -> None:
        self.values.append(data.draw(vectors(players=self.players, bounds=self.bounds)))

    @precondition(lambda self: self.paths and not self.done)
    @rule(data=st.data())
    def try_to_skip(self, data: st.DataObject) -> None:
        leaf = self.paths[len(self.values)]
        d = decide(self.tree(self.values), self.bounds, leaf, unknown=self.skipped)
        if d.necessary is not False:
            assert d.necessary is True
            assert d.witness is not None  # the reason it cannot be skipped, checked by spec
        else:
            self.skipped.add(leaf)
        self.values.append(data.draw(vectors(players=self.players, bounds=self.bounds)))

    @precondition(lambda self: self.done)
    @rule()
    def search_again(self) -> None:
        """Once every leaf is revealed or skipped, the search is over; nothing changes."""
        assert len(self.values) == len(self.paths)

    @invariant()
    def the_answer_is_maxn_of_the_revealed_tree(self) -> None:
        if not self.done:
            return
        truth = self.tree(self.values)
        zero = (0,) * self.players
        seen = [
            zero if p in self.skipped else v for p, v in zip(self.paths, self.values, strict=True)
        ]
        assert maxn(self.tree(seen)).value == maxn(truth).value

    @invariant()
    def where_the_theorem_holds_no_leaf_it_needs_was_skipped(self) -> None:
        if not self.done:
            return
        truth = self.tree(self.values)
        shallow_read = set(shallow(truth, self.bounds, trace=True).trace or ())
        if height(self.shape) <= 2:
            assert not self.skipped & shallow_read
        if height(self.shape) <= 3:
            assert not self.skipped & set(last_branch(truth, self.bounds, trace=True).trace or ())


Adversary.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestAdversary = Adversary.TestCase


def test_the_machine_skips_the_leaf_korf_says_every_directional_search_must_read() -> None:
    """Replayed by hand: Sturtevant's tree, three leaves revealed, the fourth skipped."""
    m = Adversary()
    m.start(players=3, total=9, shape=INTERESTING[0])

    class Draws:
        def __init__(self, values: list[Vector]) -> None:
            self.values = values

        def draw(self, _: object) -> Vector:
            return self.values.pop(0)

    for v in [(1, 0, 8), (0, 0, 9), (0, 1, 8)]:
        m.try_to_skip(Draws([v]))
    assert not m.skipped
    m.try_to_skip(Draws([(9, 0, 0)]))
    assert m.skipped == {(1, 1, 1)}
    assert (1, 1, 1) in (shallow(m.tree(m.values), Bounds(0, 9), trace=True).trace or ())
    m.the_answer_is_maxn_of_the_revealed_tree()
    m.where_the_theorem_holds_no_leaf_it_needs_was_skipped()
