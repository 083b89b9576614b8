"""Korf's Theorem 1 (the theorem optimality), printed and corrected, as games against an adversary.

A lazily valued tree reveals its leaves one at a time, left to right, as a directional search
asks for them. Two Hypothesis state machines play it.

:class:`Adversary`, Korf's Theorem 1 as printed. At each leaf the machine either reveals it (the
adversary picks its value) or, if the exact decision procedure (:func:`proofs.decision.decide`,
z3) says that no value of it can change the root given what has been revealed (the leaves
skipped so far stay unknown), skips it: the adversary then picks its value afterwards, knowing
that it was skipped. Invariants:

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

:class:`CorrectedAdversary`, Korf's Theorem 1 corrected. The machine plays the optimal directional
search (:mod:`gametree.impl.optimal`): it reads the next leaf exactly when the path lemma's
decision (:func:`~gametree.impl.necessity.decide_chain`, the line notion, no solver) calls it
necessary given what it has read, the leaves it skipped taken at a placeholder (the least
vector of the domain). The adversary picks each leaf's value as the search reaches it (for a
skipped leaf, knowing that it was skipped), and may change the value of any skipped leaf later,
to anything within the bounds. Invariants:

- every leaf read is necessary: two completions of the tree as it now stands, differing only
  at that leaf, to which ``spec.maxn`` gives different values or principal variations;
- every leaf skipped is unnecessary: on trees of at most :data:`Z3_LEAVES` leaves, z3 on the
  whole tree (:func:`proofs.decision.decide`, ``method="tree-z3"``) finds no two values of it
  that change the root, with the leaves skipped before it free;
- once every leaf is read or skipped, the search's answer (value and principal variation) is
  ``spec.maxn``'s on the tree with the adversary's values, whatever they are at the skipped
  leaves;
- and its reads are :func:`gametree.impl.optimal.optimal`'s trace on that tree.

The search's rule is a class attribute (:attr:`CorrectedAdversary.read_rule`), so that the tests can
seed a flaw in it (skip one necessary leaf; read what shallow pruning reads) and watch an
invariant fail.

:func:`stateful_result` and :func:`corrected_stateful_result` run the machines within a budget
for ``gametree prove``; ``tests/test_proofs_stateful.py`` runs them as tests.
"""

import time
from collections.abc import Callable
from typing import ClassVar

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
from gametree.impl.necessity import chain, completion, decide_chain
from gametree.impl.optimal import necessary, optimal
from gametree.impl.shallow import shallow
from gametree.proofs.machinery._methods import result
from gametree.proofs.machinery.decision import Decision, decide, has_last_branch_chain, with_values
from gametree.proofs.machinery.result import Budget, Counterexample, Result, Scope
from gametree.proofs.machinery.shapes import Shape, build, by_depth, height, leaf_count
from gametree.spec import Bounds, Domain, Path, Tree, Vector, iter_leaves, maxn
from gametree.spec.strategies import seed_alone, vectors

__all__ = [
    "INTERESTING",
    "Z3_LEAVES",
    "Adversary",
    "CorrectedAdversary",
    "ReadRule",
    "corrected_stateful_result",
    "game_settings",
    "optimal_rule",
    "stateful_result",
    "tuple_shapes",
]


@st.composite
def tuple_shapes(draw: st.DrawFn, depth: int = 3) -> Shape:
    """Shapes as tuples, height <= ``depth``, at most 3 children. Shrinks towards a leaf."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return None
    return tuple(draw(tuple_shapes(depth - 1)) for _ in range(draw(st.integers(1, 3))))


INTERESTING: list[Shape] = [
    (None, (None, (None, None))),  # Sturtevant's last-branch shape
    (None, ((None, None),)),  # the smallest shape where Korf's Theorem 1 fails (a unary node)
    (None, (None, None)),  # the smallest over the integers
]


class _OutOfTime(BaseException):
    """Raised by a step when the budget is spent (not a failure: Hypothesis lets it through)."""


def _in_time(budget: Budget) -> None:
    if budget.expired():
        raise _OutOfTime


_PLAYERS, _TOTALS = st.integers(2, 4), st.integers(1, 4)
_SHAPES = st.sampled_from(INTERESTING) | tuple_shapes()


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

    @initialize(players=_PLAYERS, total=_TOTALS, shape=_SHAPES)
    def start(self, players: int, total: int, shape: Shape) -> None:
        """A shape, players in turn, Korf's bounds (0, total)."""
        _in_time(type(self).budget)
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
        _in_time(type(self).budget)
        self.values.append(data.draw(vectors(players=self.players, bounds=self.bounds)))

    @precondition(lambda self: self.paths and not self.done)
    @rule(data=st.data())
    def try_to_skip(self, data: st.DataObject) -> None:
        """The search skips the next leaf if z3 says it cannot matter.

        The adversary then picks its value, knowing whether it was skipped.
        """
        _in_time(type(self).budget)
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


ReadRule = Callable[[Tree, Path, Bounds, Domain], bool]
"""A directional search's rule: whether it reads ``leaf`` of the tree as it knows it (the
leaves it read at their values, every other leaf at the placeholder), within the bounds."""


def optimal_rule(t: Tree, leaf: Path, bounds: Bounds, domain: Domain) -> bool:
    """The optimal directional search's rule: read exactly the necessary leaves (line notion)."""
    return necessary(chain(t, leaf), bounds, domain)


Z3_LEAVES = 12
"""The trees on which every skip is cross-checked by z3 on the whole tree: at most this many
leaves (the query grows with the tree; the chain decision itself has no such limit)."""


class CorrectedAdversary(RuleBasedStateMachine):
    """The optimal directional search against an adversary who picks, and re-picks, values.

    ``read_rule`` (a class attribute) is the search's rule; ``budget`` stops every machine once
    spent; ``machines`` counts the machines started.
    """

    read_rule: ClassVar[ReadRule] = staticmethod(optimal_rule)
    budget: Budget = Budget.unlimited()
    machines = 0

    def __init__(self) -> None:
        super().__init__()
        self.players = 3
        self.bounds = Bounds(0, 3)
        self.domain: Domain = "reals"
        self.grid = 1
        self.shape: Shape = None
        self.paths: list[Path] = []
        self.values: dict[Path, Vector] = {}
        self.read: list[Path] = []
        self.skipped: list[Path] = []
        self.z3_verdicts: dict[Path, bool | None] = {}

    @initialize(
        players=_PLAYERS,
        total=_TOTALS,
        shape=_SHAPES,
        domain=st.sampled_from(["reals", "integers"]),
    )
    def start(self, players: int, total: int, shape: Shape, domain: Domain) -> None:
        """A shape, players in turn, Korf's bounds (0, total); halves over the reals."""
        _in_time(type(self).budget)
        type(self).machines += 1
        self.players, self.bounds, self.shape = players, Bounds(0, total), shape
        self.domain, self.grid = domain, 2 if domain == "reals" else 1
        zero = (0,) * players
        skeleton = build(shape, [zero] * leaf_count(shape), by_depth(players))
        self.paths = [p for p, _ in iter_leaves(skeleton)]

    def tree(self, values: dict[Path, Vector]) -> Tree:
        """The tree with ``values`` where given and the least vector (0, ..., 0) elsewhere."""
        zero = (0,) * self.players
        return build(self.shape, [values.get(p, zero) for p in self.paths], by_depth(self.players))

    @property
    def known(self) -> Tree:
        """The tree as the search knows it: what it read, and the placeholder elsewhere."""
        return self.tree({p: self.values[p] for p in self.read})

    @property
    def truth(self) -> Tree:
        """The tree as the adversary has it now (the leaves not reached yet at the placeholder)."""
        return self.tree(self.values)

    @property
    def done(self) -> bool:
        """Whether every leaf is read or skipped."""
        return bool(self.paths) and len(self.values) == len(self.paths)

    def _value(self, data: st.DataObject) -> Vector:
        return data.draw(vectors(players=self.players, bounds=self.bounds, grid=self.grid))

    @precondition(lambda self: self.paths and not self.done)
    @rule(data=st.data())
    def next_leaf(self, data: st.DataObject) -> None:
        """The search reads or skips the next leaf; the adversary picks its value either way."""
        _in_time(type(self).budget)
        leaf = self.paths[len(self.values)]
        if type(self).read_rule(self.known, leaf, self.bounds, self.domain):
            self.read.append(leaf)
        else:
            self.skipped.append(leaf)
        self.values[leaf] = self._value(data)

    @precondition(lambda self: self.done and not self.skipped)
    @rule()
    def search_over(self) -> None:
        """Every leaf is read and none skipped: nothing is left to play."""
        assert not self.skipped

    @precondition(lambda self: self.skipped)
    @rule(data=st.data())
    def change_a_skipped_leaf(self, data: st.DataObject) -> None:
        """The adversary puts another value at a leaf the search skipped."""
        _in_time(type(self).budget)
        leaf = data.draw(st.sampled_from(self.skipped))
        self.values[leaf] = self._value(data)

    @invariant()
    def every_leaf_read_is_necessary(self) -> None:
        """Two completions, differing only at the leaf, that ``spec.maxn`` tells apart."""
        truth = self.truth
        for leaf in self.read:
            c = chain(truth, leaf)
            answer = decide_chain(c, self.bounds, self.domain, line=True)
            assert answer is not None, f"{leaf}: the chain search reached its limit"
            assert answer.necessary, f"{leaf} was read, but is not necessary"
            assert answer.values is not None
            assert answer.rights is not None
            later = completion(truth, c, answer.rights)
            one, other = (with_values(truth, {**later, leaf: v}) for v in answer.values)
            a, b = maxn(one), maxn(other)
            assert (a.value, a.principal_variation) != (b.value, b.principal_variation), leaf

    @invariant()
    def every_leaf_skipped_is_unnecessary(self) -> None:
        """z3 on the whole tree, the leaves skipped before it free (small trees)."""
        if len(self.paths) > Z3_LEAVES:
            return
        for k, leaf in enumerate(self.skipped):
            if leaf not in self.z3_verdicts:
                d = decide(
                    self.truth,
                    self.bounds,
                    leaf,
                    domain=self.domain,
                    unknown=self.skipped[:k],
                    method="tree-z3",
                )
                self.z3_verdicts[leaf] = d.necessary
            assert self.z3_verdicts[leaf] is False, f"{leaf} was skipped, but z3 says necessary"

    @invariant()
    def the_answer_is_maxn_whatever_the_skipped_leaves_hold(self) -> None:
        """Value and line of the search (maxn with the placeholders) are the true tree's."""
        if not self.done:
            return
        mine, truth = maxn(self.known), maxn(self.truth)
        assert (mine.value, mine.principal_variation) == (truth.value, truth.principal_variation)

    @invariant()
    def the_reads_are_those_of_impl_optimal(self) -> None:
        """``impl.optimal`` on the final tree reads exactly these leaves, and agrees."""
        if not self.done:
            return
        r = optimal(self.truth, self.bounds, domain=self.domain, trace=True)
        assert r.trace == tuple(self.read), (r.trace, self.read)
        mine = maxn(self.known)
        assert (r.value, r.principal_variation) == (mine.value, mine.principal_variation)


def game_settings(max_examples: int, *, derandomize: bool = False) -> settings:
    """Settings for the machine: ``max_examples`` games of up to 20 steps.

    Derandomized runs (``gametree prove``) use no example database and draw from the seed alone
    (:func:`gametree.spec.strategies.seed_alone`, around the run), so they are reproducible.
    """
    s = settings(
        max_examples=max_examples,
        stateful_step_count=20,
        deadline=None,
        derandomize=derandomize,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    return settings(s, database=None) if derandomize else s


def _play(
    machine: type[Adversary] | type[CorrectedAdversary],
    scope: Scope,
    *,
    max_examples: int,
    claim: str,
    domain: str,
) -> Result:
    """Run ``machine`` (derandomized) within ``scope``'s budget, as a result of optimality."""
    started = time.monotonic()
    machine.budget, machine.machines = scope.budget, 0
    bad: Counterexample | None = None
    finished = True
    try:
        with seed_alone():
            settled = game_settings(max_examples, derandomize=True)
            run_state_machine_as_test(machine, settings=settled)
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
        machines = machine.machines
        machine.budget = Budget.unlimited()
    return result(
        theorem="optimality",
        claim=claim,
        method="stateful (Hypothesis)",
        expected="holds",
        cases=machines,
        domain=domain,
        counterexample=bad,
        finished=finished,
        scope=scope,
        started=started,
        sampled=True,
    )


def stateful_result(scope: Scope, *, max_examples: int) -> Result:
    """Run :class:`Adversary` within ``scope``'s budget, as a result of optimality."""
    return _play(
        Adversary,
        scope,
        max_examples=max_examples,
        claim="the adversary game: skips only on an unnecessary verdict, maxn's answer, and no "
        "leaf shallow pruning reads skipped where Korf's Theorem 1 holds (height <= 2; height <= 3 "
        "without a last-branch chain, or read by last-branch pruning)",
        domain="derandomized games: N = 2..4, sums 1..4, players in turn, Sturtevant's and the "
        "smallest counterexample shapes or random shapes of height <= 3, up to 20 steps",
    )


def corrected_stateful_result(scope: Scope, *, max_examples: int) -> Result:
    """Run :class:`CorrectedAdversary` within ``scope``'s budget, as a result of optimality."""
    return _play(
        CorrectedAdversary,
        scope,
        max_examples=max_examples,
        claim="Korf's Theorem 1 corrected, the adversary game: the optimal directional search "
        "reads "
        "only necessary leaves (a witness checked by spec.maxn), skips only unnecessary ones "
        "(z3 on the whole tree, skipped leaves free), and returns maxn's value and principal "
        "variation whatever the adversary puts at the skipped leaves, reading what "
        "impl.optimal reads",
        domain="derandomized games: N = 2..4, sums 1..4, players in turn, reals (halves) and "
        "integers, Sturtevant's and the smallest counterexample shapes or random shapes of "
        f"height <= 3 (z3 on those of <= {Z3_LEAVES} leaves), up to 20 steps",
    )
