"""Korf's Theorem 1 as a game against an adversary: a Hypothesis state machine (Theorem 6).

A lazily valued tree reveals its leaves one at a time, left to right, as a directional search
asks for them. At each leaf the machine either reveals it (the adversary picks its value) or,
if the exact decision procedure (:func:`proofs.optimality.decide`, z3) says that no value of it
can change the root given what has been revealed (the leaves skipped so far stay unknown),
skips it: the adversary then picks its value afterwards, knowing that it was skipped.

Invariants (the issue's three):

- a skip is taken only when the decision procedure said the leaf is unnecessary: every skipped
  leaf has its verdict recorded, ``necessary is False``, and a leaf read instead has a witness,
  checked by ``spec``;
- the search's answer, maxn with any value at the skipped leaves (the lower bound, and the
  adversary's own values), equals maxn on the fully revealed tree: were a "not necessary"
  verdict wrong, the adversary could make this fail, and Hypothesis searches for such values;
- the search reads every leaf shallow pruning reads only where Korf's theorem holds (the
  conditions :mod:`proofs.optimality` establishes, players in turn): on trees of height <= 2;
  on trees of height <= 3 whose shape has no last-branch chain; and at height <= 3, every leaf
  last-branch pruning reads. Elsewhere it may skip one (``tests/test_proofs_stateful.py``
  replays Sturtevant's tree, where it does).

:func:`stateful_result` runs the machine within a budget for ``gametree prove``;
``tests/test_proofs_stateful.py`` runs it as a test.
"""

import time

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.errors import Flaky
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from gametree.impl.last_branch import last_branch
from gametree.impl.shallow import shallow
from gametree.proofs._methods import result
from gametree.proofs.optimality import Decision, decide, has_last_branch_chain
from gametree.proofs.result import Budget, Counterexample, Result, Scope
from gametree.proofs.shapes import Shape, build, by_depth, height, leaf_count
from gametree.spec import Bounds, Path, Tree, Vector, iter_leaves, maxn
from gametree.spec.strategies import vectors

__all__ = ["INTERESTING", "Adversary", "game_settings", "stateful_result", "tuple_shapes"]


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


class _OutOfTime(BaseException):
    """Raised by a step when the budget is spent (not a failure: Hypothesis lets it through)."""


class Adversary(RuleBasedStateMachine):
    """A directional search that skips exactly what it can, against a value-choosing adversary.

    ``budget`` (a class attribute) stops every machine once spent; ``machines`` counts the
    machines started.
    """

    budget: Budget = Budget.unlimited()
    machines = 0

    def __init__(self) -> None:
        super().__init__()
        self.players = 3
        self.bounds = Bounds(0, 3)
        self.shape: Shape = None
        self.values: list[Vector] = []
        self.skipped: set[Path] = set()
        self.verdicts: dict[Path, Decision] = {}
        self.paths: list[Path] = []

    def _in_time(self) -> None:
        if type(self).budget.expired():
            raise _OutOfTime

    @initialize(
        players=st.integers(2, 4),
        total=st.integers(1, 4),
        shape=st.sampled_from(INTERESTING) | tuple_shapes(),
    )
    def start(self, players: int, total: int, shape: Shape) -> None:
        """A shape, players in turn, Korf's bounds (0, total)."""
        self._in_time()
        type(self).machines += 1
        self.players, self.bounds, self.shape = players, Bounds(0, total), shape
        skeleton = self.tree([(0,) * players] * leaf_count(shape))
        self.paths = [p for p, _ in iter_leaves(skeleton)]

    def tree(self, values: list[Vector]) -> Tree:
        """The tree with ``values`` at its first leaves and the lower bound at the others."""
        n = leaf_count(self.shape)
        zero = (0,) * self.players
        return build(self.shape, [*values, *[zero] * (n - len(values))], by_depth(self.players))

    @property
    def done(self) -> bool:
        """Whether every leaf is revealed or skipped."""
        return bool(self.paths) and len(self.values) == len(self.paths)

    @precondition(lambda self: self.paths and not self.done)
    @rule(data=st.data())
    def reveal(self, data: st.DataObject) -> None:
        """The search reads the next leaf; the adversary picks its value."""
        self._in_time()
        self.values.append(data.draw(vectors(players=self.players, bounds=self.bounds)))

    @precondition(lambda self: self.paths and not self.done)
    @rule(data=st.data())
    def try_to_skip(self, data: st.DataObject) -> None:
        """The search skips the next leaf if z3 says it cannot matter.

        The adversary then picks its value, knowing whether it was skipped.
        """
        self._in_time()
        leaf = self.paths[len(self.values)]
        d = decide(self.tree(self.values), self.bounds, leaf, unknown=self.skipped)
        self.verdicts[leaf] = d
        if d.necessary is False:
            self.skipped.add(leaf)
        self.values.append(data.draw(vectors(players=self.players, bounds=self.bounds)))

    @precondition(lambda self: self.done)
    @rule()
    def search_again(self) -> None:
        """Once every leaf is revealed or skipped, the search is over; nothing changes."""
        assert len(self.values) == len(self.paths)

    @invariant()
    def a_skip_is_taken_only_on_an_unnecessary_verdict(self) -> None:
        """Every skipped leaf was decided unnecessary.

        And every leaf that could not be skipped has a witness: two roots, by ``spec.maxn``.
        """
        for leaf in self.skipped:
            d = self.verdicts.get(leaf)
            assert d is not None, f"{leaf} skipped with no verdict"
            assert d.necessary is False, (leaf, d.reason)
        for leaf, d in self.verdicts.items():
            if leaf not in self.skipped:
                assert d.necessary is True, (leaf, d.reason)
                assert d.witness is not None
                assert d.witness.roots[0] != d.witness.roots[1]

    @invariant()
    def the_answer_is_maxn_of_the_revealed_tree(self) -> None:
        """The maxn value with any value at the skipped leaves is the revealed tree's."""
        if not self.done:
            return
        truth = maxn(self.tree(self.values)).value
        zero = (0,) * self.players
        stand_ins = [
            zero if p in self.skipped else v for p, v in zip(self.paths, self.values, strict=True)
        ]
        assert maxn(self.tree(stand_ins)).value == truth

    @invariant()
    def where_the_theorem_holds_no_leaf_shallow_reads_was_skipped(self) -> None:
        """Korf's theorem, under the conditions where it holds (players in turn)."""
        if not self.done or not self.skipped:
            return
        truth = self.tree(self.values)
        shallow_read = set(shallow(truth, self.bounds, trace=True).trace or ())
        h = height(self.shape)
        if h <= 2 or (h <= 3 and not has_last_branch_chain(self.shape, self.players)):
            assert not self.skipped & shallow_read
        if h <= 3:
            assert not self.skipped & set(last_branch(truth, self.bounds, trace=True).trace or ())


def game_settings(max_examples: int, *, derandomize: bool = False) -> settings:
    """Settings for the machine: ``max_examples`` games of up to 20 steps.

    Derandomized runs (``gametree prove``) use no example database, so they are reproducible.
    """
    s = settings(
        max_examples=max_examples,
        stateful_step_count=20,
        deadline=None,
        derandomize=derandomize,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    return settings(s, database=None) if derandomize else s


def stateful_result(scope: Scope, *, max_examples: int) -> Result:
    """Run the machine (derandomized) within ``scope``'s budget, as a result of Theorem 6."""
    started = time.monotonic()
    Adversary.budget, Adversary.machines = scope.budget, 0
    bad: Counterexample | None = None
    finished = True
    try:
        run_state_machine_as_test(Adversary, settings=game_settings(max_examples, derandomize=True))
    except _OutOfTime:
        finished = False
    except Flaky:
        # The budget ran out between Hypothesis's run of a game and its replay, so the replay
        # stopped early: Hypothesis calls that flaky. Only then is it the clock, not a bug.
        if not scope.budget.expired():
            raise
        finished = False
    except AssertionError as e:
        bad = Counterexample(None, f"an invariant failed: {e!r} (the steps are in the test log)")
    finally:
        machines = Adversary.machines
        Adversary.budget = Budget.unlimited()
    return result(
        theorem=6,
        claim="the adversary game: skips only on an unnecessary verdict, maxn's answer, and no "
        "leaf shallow pruning reads skipped where Theorem 1 holds (height <= 2; height <= 3 "
        "without a last-branch chain, or read by last-branch pruning)",
        method="stateful (Hypothesis)",
        expected="holds",
        cases=machines,
        domain="derandomized games: N = 2..4, sums 1..4, players in turn, Sturtevant's and the "
        "smallest counterexample shapes or random shapes of height <= 3, up to 20 steps",
        counterexample=bad,
        finished=finished,
        scope=scope,
        started=started,
        sampled=True,
    )
