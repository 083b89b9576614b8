"""optimality: Korf's Theorem 1, shallow pruning is optimal among directional algorithms (3.2.4).

**Statement** (R. E. Korf, "Generalized Game Trees", IJCAI-89, section 3.2.4, Theorem 1):
"Every directional algorithm that computes the maxn value of a game tree with more than two
players must evaluate every terminal node evaluated by shallow pruning." "By a directional
algorithm we mean one in which the order of node evaluation is independent of the value of the
nodes, and once a node is pruned it can never be revisited. For example, a strictly
left-to-right order would be directional." The paper gives no proof ("space constraints
preclude us from including the proof here").

**The question, made exact.** Fix a tree t within Korf's bounds (every component at least L,
their sum at most S) and a leaf l. Some correct directional (left-to-right) algorithm can leave
l unread on t if and only if

    for every assignment of the leaves after l within the bounds, and every two values u, w
    of l within the bounds, with every leaf before l as in t, maxn gives the same root value.

If so, the algorithm that reads every leaf but skips l whenever the leaves before it are as in
t, and puts any value there, is directional and always right. If not, the two completions
that differ only at l (a *witness*) give different root values, an algorithm that skipped l
on t skips it on both (its decision rests on the leaves before l alone), returns the same
answer for both, and is wrong on one. Fixing every leaf before l, read by shallow pruning or
not, is the most an algorithm can know there; :func:`decide` can also leave the unread ones
free (``known="read"``), and the verdicts agree, since shallow pruning is exact without them.

Every comparison maxn makes is linear (Korf's tie rule, ``Next[Player] > Best[Player]``, is
kept exactly), so the condition is a formula of linear arithmetic, which z3 decides: over the
reals and, separately, over the integers (integer components are a stronger assumption, and
make more leaves unnecessary). A witness is checked by evaluating ``spec.maxn`` on both trees.

**Only the path matters** (:mod:`gametree.impl.necessity`, where the lemma is proved): with the
leaves before l fixed, each ancestor's children left of the path are one constant, those right
of it one free vector, so the question is a chain of 2 + d free vectors instead of one per
leaf, and a search over the chain's joint moves decides it without a solver, over the reals
and the integers. :func:`decide` uses it by default (``method="chain"``); z3 on the chain
(``"chain-z3"``, :mod:`gametree.proofs.machinery._smt`) and on the whole tree (``"tree-z3"``, the
encoding above, the only one that takes free leaves before l) are its cross-checks, compared
on every small tree and on random ones by :func:`check` and the tests. On a 3-player tree with
b = 3, d = 4 (81 leaves, sum 100) every leaf is decided over both domains in under a second,
where the whole-tree encoding decided 2 of 71 in 300 s (bench/optimality_bench.py).

**Per shape.** "Is there a tree of this shape on which shallow pruning reads a leaf that is
not necessary?" is one more quantifier: there exist values of the leaves before l, under
which shallow pruning reads l (:func:`proofs._smt.shallow_terms`), such that for all values
of l and the later leaves the root is the same. z3 decides that too (linear arithmetic has
quantifier elimination), for all real values at once. Over the reals the bounds are
w.l.o.g. L = 0, S = 1: maxn compares components only, so shifting and scaling every component
by the same positive affine map changes nothing.

**Also** as a game (:mod:`proofs.adversary`, a Hypothesis state machine): a directional search
skips a leaf exactly when :func:`decide` allows, against an adversary picking the values.

**What was found** (the checks in :func:`check`; proofs/README.md has the table):

1. As printed, the theorem is false, over the reals, for three players moving in turn. The
   smallest tree has 3 leaves and a unary node, ``[x, [[z, l]]]``, e.g.
   ``Node.by_depth([(1, 0, 8), [[(0, 1, 8), (0, 0, 9)]]])`` within ``Bounds(0, 9)``, leaf
   (1, 0, 1); without unary nodes it is Sturtevant's 4-leaf tree ``[x, [y, [z, l]]]``
   (``tests/test_impl_multi_sturtevant.py``). Last-branch pruning (Sturtevant 2003,
   ``impl.last_branch``), directional and exact, skips those leaves. Over the integers it fails
   already at height 2: ``[x, [w, l]]``, since an integer that beats another beats it by 1.
2. It holds on every tree of height <= 2, for any number of players (proof below; checked per
   shape by z3 over all real values).
3. Over the reals, with players in turn (Korf 3.1 assumes it) and trees of height <= 3, a
   leaf that shallow pruning reads is necessary *exactly* when last-branch pruning reads it
   too; per shape, the theorem fails exactly on the shapes with a *last-branch chain*
   (:func:`has_last_branch_chain`; over the integers, chains of length 2 count too).
4. Beyond height 3 last-branch pruning is not optimal either: a chain may pass a player twice
   (two players, ``[x, [[[w, l], *]]]``; three, ``[x, [y, [y', [w, l]]]]``), or an intermediate
   best that last-branch pruning fears may be blocked further up (four players, height 5); and
   with players not in turn a player moving twice passes its bound down (:data:`REPEATED_PLAYER`).
   The stored witnesses (``proofs/data/optimality.json``) pin each. On such trees the exact
   answer is :func:`decide`'s, leaf by leaf.

Hand proof of the height-2 case (reals; lower bound shifted to 0, every later leaf set to 0,
which never replaces anything). Let shallow pruning read l, a child of the root (player p):
the root's best so far, if any, has p-component x < S (else it would have stopped), so l = S
at p (0 elsewhere) becomes the root's value and l = 0 does not. Let l be a child of the
root's child c (player q), whose best so far, if any, has q-component y (take y = 0 if l is
c's first child). (A) c is the root's first child, or q = p: c was searched with bound S, so
y < S; l = S at q makes c's value l and then the root's, while with l = 0 c's value, hence the
root's, has q-component below S. (B) c is a later child and q != p: shallow pruning read l,
so y < S - x; with d = (S - x - y)/2 > 0, l = (x + d at p, y + d at q, 0 elsewhere) is taken
by c and then by the root, while with l = 0 c's value is its old best w (q-component y) or 0,
and the root's value is w or the root's old best, neither of them l. Over the integers case
(B) needs d >= 1, that is x + y <= S - 2; it fails when x + y = S - 1.
"""

import itertools
import pathlib
import random
import time
from collections.abc import Iterator, Sequence
from typing import Literal

import attrs
import z3  # type: ignore[import-untyped]  # z3-solver ships no type information

from gametree.impl.last_branch import last_branch
from gametree.impl.necessity import Chain, chain, chains, climb, climb_line
from gametree.impl.optimal import optimal
from gametree.impl.shallow import shallow
from gametree.proofs.machinery._smt import (
    Query,
    Term,
    TermVector,
    component_terms,
    equal,
    maxn_terms,
    shallow_terms,
    within,
)
from gametree.proofs.machinery.adversary import corrected_stateful_result, stateful_result
from gametree.proofs.machinery.checks import Custom, Replayed
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.decision import (
    UNIT,
    Decision,
    Method,
    Witness,
    decide,
    decide_on_chain,
    has_last_branch_chain,
    text_value,
    with_values,
)
from gametree.proofs.machinery.result import Budget, Counterexample, Outcome, Result, Scope, Theorem
from gametree.proofs.machinery.shapes import Shape, all_shapes, build, by_depth, leaf_count, text
from gametree.proofs.machinery.treejson import read_stored
from gametree.proofs.theorems._wording import SHIFT, TRACED
from gametree.proofs.why3 import terms
from gametree.spec import (
    Bounds,
    Domain,
    Leaf,
    Node,
    Path,
    Tree,
    Vector,
    check_bounds,
    iter_leaves,
    maxn,
)

__all__ = [
    "CHECKS",
    "REPEATED_PLAYER",
    "THEOREM",
    "Analysis",
    "Decision",
    "LeafReport",
    "ShapeVerdict",
    "Witness",
    "analyse",
    "check",
    "decide",
    "decide_shape",
    "has_last_branch_chain",
    "text_value",
    "with_values",
]

NAME = "optimality"
"""The theorem's name: Korf's Theorem 1 is called so everywhere in gametree."""


@attrs.frozen
class LeafReport:
    """One leaf of a tree: which searches read it, and whether it is necessary, per domain."""

    leaf: Path
    read_by_shallow: bool
    read_by_last_branch: bool
    decisions: tuple[Decision, ...]

    def necessary(self, domain: Domain) -> bool | None:
        """The verdict over ``domain`` (``None`` if it was not decided)."""
        for d in self.decisions:
            if d.domain == domain:
                return d.necessary
        return None


@attrs.frozen
class Analysis:
    """Every leaf shallow pruning reads (or every leaf), decided over each domain asked for."""

    tree: Tree
    bounds: Bounds
    leaves: tuple[LeafReport, ...]

    def unnecessary(self, domain: Domain) -> list[Path]:
        """The leaves shallow pruning reads that a directional algorithm could skip."""
        return [r.leaf for r in self.leaves if r.read_by_shallow and r.necessary(domain) is False]

    def undecided(self, domain: Domain) -> list[Path]:
        """The leaves whose question was not answered (z3's time limit, or the budget)."""
        return [r.leaf for r in self.leaves if r.necessary(domain) is None]


def analyse(
    t: Tree,
    bounds: Bounds,
    *,
    domains: Sequence[Domain] = ("reals", "integers"),
    every_leaf: bool = False,
    budget: float | None = None,
) -> Analysis:
    """Decide every leaf shallow pruning reads (with ``every_leaf``, every leaf) of ``t``.

    Korf's Theorem 1 as printed holds on ``t`` exactly when :meth:`Analysis.unnecessary` is empty
    and :meth:`Analysis.undecided` is too. Each leaf is decided by the chain search of
    :mod:`gametree.impl.necessity` (no solver; its chains computed in one pass over the
    tree).
    With ``budget`` (seconds of wall-clock time for the whole analysis) the questions not yet
    asked when it is spent stay undecided.
    """
    check_bounds(t, bounds)
    shallow_read = set(shallow(t, bounds, trace=True).trace or ())
    last_read = set(last_branch(t, bounds, trace=True).trace or ())
    deadline = None if budget is None else time.monotonic() + budget
    reports = []
    for path, c in chains(t).items():
        if not every_leaf and path not in shallow_read:
            continue
        decisions = tuple(_decide_by(t, bounds, c, d, deadline) for d in domains)
        reports.append(LeafReport(path, path in shallow_read, path in last_read, decisions))
    return Analysis(t, bounds, tuple(reports))


def _decide_by(
    t: Tree, bounds: Bounds, c: Chain, domain: Domain, deadline: float | None
) -> Decision:
    """The chain search on a leaf, unless the time before ``deadline`` (none: no limit) is spent.

    The time left also bounds z3, should the chain search reach its limit and hand over.
    """
    left = None if deadline is None else deadline - time.monotonic()
    if left is not None and left <= 0:
        return Decision(c.leaf, domain, None, None, "not decided: the time budget was spent")
    return decide_on_chain(t, bounds, c, domain, "chain", timeout=left)


# --- per shape -------------------------------------------------------------------------------


@attrs.frozen
class ShapeVerdict:
    """Whether some tree of a shape has leaf number ``index`` read by shallow but unnecessary.

    ``fails`` is ``True`` with an ``example`` (checked: shallow pruning reads the leaf there
    and :func:`decide` finds it unnecessary), ``False`` when z3 proved that no values of the
    domain make it so, ``None`` if z3 answered "unknown".
    """

    shape: Shape
    players: int
    index: int
    domain: Domain
    bounds: Bounds
    fails: bool | None
    example: Tree | None
    leaf: Path


def decide_shape(
    shape: Shape,
    players: int,
    index: int,
    *,
    domain: Domain = "reals",
    bounds: Bounds = UNIT,
    mover: str = "in turn",
) -> ShapeVerdict:
    """Decide, for every tree of ``shape`` at once, Korf's Theorem 1 at its leaf number ``index``.

    Players move in turn by depth (Korf 3.1). The leaves before ``index`` are existentially
    quantified, the leaf and the later ones universally: the query asks for values of the
    former under which shallow pruning reads the leaf and no values of the latter change the
    root. Over the reals ``bounds`` may stay ``Bounds(0, 1)`` (see the module docstring); over
    the integers they matter. ``mover`` is only ``"in turn"`` for now.
    """
    if mover != "in turn":
        raise ValueError(f"only players in turn are supported (got {mover!r})")
    n = leaf_count(shape)
    if not 0 <= index < n:
        raise ValueError(f"shape {text(shape)} has leaves 0..{n - 1} (got {index})")
    lower = bounds.lower
    total = bounds.shifted(players).total
    zero = (lower,) * players
    skeleton = build(shape, [zero] * n, by_depth(players))
    paths = [p for p, _ in iter_leaves(skeleton)]
    target = paths[index]
    before: dict[Path, list[Term]] = {}
    terms: dict[Path, TermVector] = {}
    for_all: list[Term] = []
    frees: list[Term] = []
    for j, p in enumerate(paths):
        vs, ts = component_terms(f"leaf{list(p)}", players, domain)
        terms[p] = ts
        if j < index:
            before[p] = vs
        elif j > index:
            for_all.extend(vs)
            frees.append(within(ts, lower, bounds.total))
    xs, x = component_terms("u", players, domain)
    ys, y = component_terms("w", players, domain)
    for_all.extend([*xs, *ys])
    frees.extend([within(x, lower, bounds.total), within(y, lower, bounds.total)])
    shifted = {p: tuple(c - lower for c in ts) for p, ts in terms.items()}
    _, reads = shallow_terms(skeleton, lambda p: shifted[p], total, target)
    root_x = maxn_terms(skeleton, lambda p: x if p == target else terms[p])
    root_y = maxn_terms(skeleton, lambda p: y if p == target else terms[p])
    solver = Query(timeout=None)
    for p in before:
        solver.add(within(terms[p], lower, bounds.total))
    solver.add(reads)
    solver.add(z3.ForAll(for_all, z3.Implies(z3.And(*frees), equal(root_x, root_y))))
    answer = solver.check()
    if answer == z3.unsat:
        return ShapeVerdict(
            shape, players, index, domain, bounds, fails=False, example=None, leaf=target
        )
    if answer != z3.sat:
        return ShapeVerdict(
            shape, players, index, domain, bounds, fails=None, example=None, leaf=target
        )
    values = [tuple(solver.value(v) for v in before[p]) if p in before else zero for p in paths]
    example = build(shape, values, by_depth(players))
    _confirm_example(example, bounds, target, domain)
    return ShapeVerdict(
        shape, players, index, domain, bounds, fails=True, example=example, leaf=target
    )


def _confirm_example(t: Tree, bounds: Bounds, leaf: Path, domain: Domain) -> None:
    """Check a per-shape example on its own: shallow reads the leaf, which is unnecessary."""
    read = shallow(t, bounds, trace=True).trace or ()
    if leaf not in read:
        raise AssertionError(f"z3's example {t} does not make shallow pruning read {leaf}")
    d = decide(t, bounds, leaf, domain=domain)
    if d.necessary is not False:
        raise AssertionError(f"z3's example {t} has {leaf} necessary after all: {d.reason}")


REPEATED_PLAYER = Node(0, [(5, 2, 2), Node(1, [Node(1, [(0, 4, 5), (0, 0, 9)])])])
"""Players not in turn (``Bounds(0, 9)``): shallow and last-branch pruning both read leaf
(1, 0, 1), which is not necessary. Player 1 moves at (1) and again at its only child (1, 0):
once (1, 0) has (0, 4, 5), (1) is worth at least 4 to player 1, so at most 5 to player 0, who
has 5 already."""


# --- stored witnesses ------------------------------------------------------------------------

DATA = pathlib.Path(__file__).parents[1] / "data" / "optimality.json"
"""The stored counterexamples (see :func:`stored_counterexamples`; package data)."""

Refuted = Literal["Korf's Theorem 1", "last-branch optimality"]
"""What a stored counterexample refutes."""


@attrs.frozen
class StoredCounterexample:
    """A tree and a leaf that shallow pruning reads but no directional algorithm needs.

    ``claim`` is what it refutes: Korf's Theorem 1 (then last-branch pruning, for a real
    counterexample with players in turn, skips the leaf), or the optimality of last-branch
    pruning (which reads the leaf too).
    """

    name: str
    claim: Refuted
    domain: Domain
    players_in_turn: bool
    tree: Tree
    bounds: Bounds
    leaf: Path
    note: str


def stored_counterexamples() -> list[StoredCounterexample]:
    """The counterexamples of ``proofs/data/optimality.json``.

    Raises ``MissingPackageDataError`` if the file is missing (an incomplete installation).
    """
    out = []
    for r, t, bounds in read_stored(DATA, "counterexamples"):
        assert bounds is not None
        out.append(
            StoredCounterexample(
                r["name"],
                r["claim"],
                r["domain"],
                r["players_in_turn"],
                t,
                bounds,
                tuple(r["leaf"]),
                r["note"],
            )
        )
    return out


def replay(c: StoredCounterexample) -> str | None:
    """Check a stored counterexample afresh: ``None`` if it is one, else what is wrong.

    Shallow pruning reads the leaf; z3 finds it unnecessary over the stated domain; every
    value of the leaf from the integer grid within the bounds leaves ``spec.maxn``'s root
    value as it is. For Korf's Theorem 1 over the reals with players in turn, last-branch pruning
    skips the leaf and is exact on every one of those trees: a directional algorithm that
    reads less than shallow pruning, and is right. For last-branch optimality, last-branch
    pruning reads the leaf.
    """
    if c.leaf not in (shallow(c.tree, c.bounds, trace=True).trace or ()):
        return "shallow pruning does not read the leaf"
    d = decide(c.tree, c.bounds, c.leaf, domain=c.domain)
    if d.necessary is not False:
        return f"the leaf is necessary over the {c.domain}: {d.reason}"
    root = maxn(c.tree).value
    skips = c.claim == "Korf's Theorem 1" and c.domain == "reals" and c.players_in_turn
    for v in _grid_vectors(c.tree.players, c.bounds):
        u = with_values(c.tree, {c.leaf: v})
        if maxn(u).value != root:
            return f"the leaf value {v} changes the root"
        r = last_branch(u, c.bounds, trace=True)
        if r.value != root:
            return f"last-branch pruning is wrong with the leaf {v}"
        if (c.leaf in (r.trace or ())) == skips:
            return f"last-branch pruning {'reads' if skips else 'skips'} the leaf"
    return None


def _grid_vectors(players: int, bounds: Bounds) -> list[Vector]:
    """Every integer vector within ``bounds`` (integer bounds)."""
    low, budget = int(bounds.lower), int(bounds.total - players * bounds.lower)
    out: list[tuple[int, ...]] = [()]
    for _ in range(players):
        out = [(*v, c) for v in out for c in range(budget - sum(v) + 1)]
    return [tuple(low + c for c in v) for v in out]


# --- enumerations ----------------------------------------------------------------------------


def random_tree(
    rng: random.Random, *, players: int, total: int, max_height: int, max_branching: int
) -> Tree:
    """A random tree, players in turn, integer leaves within ``Bounds(0, total)``."""
    vectors = _grid_vectors(players, Bounds(0, total))

    def grow(depth: int) -> Tree:
        if depth == max_height or (depth > 0 and rng.random() < 0.3):
            return Leaf(rng.choice(vectors))
        kids = [grow(depth + 1) for _ in range(rng.randint(1, max_branching))]
        return Node(depth % players, kids)

    return grow(0)


def first_failure(
    shape: Shape, players: int, domain: Domain, bounds: Bounds
) -> ShapeVerdict | None:
    """The verdict at the first leaf of ``shape`` where some tree fails, or None if none does."""
    for index in range(leaf_count(shape)):
        v = decide_shape(shape, players, index, domain=domain, bounds=bounds)
        if v.fails is None:
            raise RuntimeError(f"z3 answered unknown on {text(shape)}, leaf {index}")
        if v.fails:
            return v
    return None


def minimal_counterexample(
    domain: Domain, *, players: int = 3, unary: bool = True, max_leaves: int = 5, budget: Budget
) -> tuple[int, ShapeVerdict | None]:
    """The smallest shape with a tree on which the theorem fails, and how many were tried.

    Shapes come smallest first (:mod:`proofs.shapes`); the bounds are ``Bounds(0, 1)``, which
    over the integers is the tightest that is not degenerate.
    """
    tried = 0
    for shape in all_shapes(max_leaves, max_height=max_leaves, unary=unary):
        if budget.expired():
            break
        tried += 1
        v = first_failure(shape, players, domain, UNIT)
        if v is not None:
            return tried, v
    return tried, None


def chain_criterion(
    shapes: Sequence[Shape], *, players: int, domain: Domain, bounds: Bounds, budget: Budget
) -> tuple[int, list[str]]:
    """On each shape: z3 finds a failing tree exactly when the shape has a chain.

    The chains are those of :func:`has_last_branch_chain`, of length 3..N over the reals and
    2..N over the integers. Returns the shapes decided and those where the two disagree.
    """
    shortest = 3 if domain == "reals" else 2
    decided = 0
    wrong: list[str] = []
    for shape in shapes:
        if budget.expired():
            break
        fails = first_failure(shape, players, domain, bounds) is not None
        decided += 1
        if fails != has_last_branch_chain(shape, players, shortest=shortest):
            wrong.append(f"{text(shape)} (z3: {'fails' if fails else 'holds'})")
    return decided, wrong


def last_branch_characterisation(
    trees: Iterator[tuple[Tree, Bounds]], budget: Budget, *, only_skips: bool = False
) -> tuple[int, int, Counterexample | None]:
    """On each tree: a leaf shallow reads is necessary (reals) iff last-branch pruning reads it.

    With ``only_skips``, only the direction that makes last-branch pruning exact is checked:
    a leaf it skips is not necessary. Returns the trees and leaves decided, and the first
    tree where the claim fails, if any.
    """
    done_trees = done_leaves = 0
    for t, bounds in trees:
        if budget.expired():
            break
        a = analyse(t, bounds, domains=("reals",))
        done_trees += 1
        for r in a.leaves:
            done_leaves += 1
            necessary = r.necessary("reals")
            if necessary != r.read_by_last_branch and not (only_skips and r.read_by_last_branch):
                note = (
                    f"leaf {list(r.leaf)}: necessary {necessary}, read by last-branch "
                    f"pruning {r.read_by_last_branch}"
                )
                return done_trees, done_leaves, Counterexample(t, note, bounds)
    return done_trees, done_leaves, None


def grid_prefixes(
    shape: Shape, players: int, total: int, budget: Budget
) -> Iterator[tuple[Tree, Path]]:
    """Every tree of ``shape`` with grid leaves, as far as the questions about it go.

    Whether a leaf is necessary, and whether a directional search reads it, depend only on
    the leaves before it. So instead of every tree this yields every *prefix*: for each grid
    assignment of the leaves before leaf k, where shallow pruning reads leaf k, the tree with
    the later leaves at 0 (which changes neither answer), and leaf k. Deciding leaf k decides
    every tree of the shape with leaves from the grid (integer vectors of sum <= ``total``).
    """
    vectors = _grid_vectors(players, Bounds(0, total))
    n = leaf_count(shape)
    zero = (0,) * players
    bounds = Bounds(0, total)
    stack: list[tuple[Vector, ...]] = [()]
    while stack and not budget.expired():
        prefix = stack.pop()
        k = len(prefix)
        t = build(shape, [*prefix, *[zero] * (n - k)], by_depth(players))
        leaf = [p for p, _ in iter_leaves(t)][k]
        if leaf in (shallow(t, bounds, trace=True).trace or ()):
            yield t, leaf
            if k + 1 < n:
                stack.extend((*prefix, v) for v in reversed(vectors))


# --- the checks ------------------------------------------------------------------------------

IN_TURN = "players in turn"


CORRECTED = (
    "Korf's Theorem 1 corrected: impl.optimal is exact and reads exactly the leaves every correct "
    "left-to-right algorithm must read (each necessary with the leaves before it as in the tree)"
)


def _optimal_check(t: Tree, bounds: Bounds, *, method: Method) -> str | None:
    """What is wrong with impl.optimal on ``t`` (None: exact, and its reads are the necessary)."""
    r = optimal(t, bounds, trace=True)
    truth = maxn(t)
    if (r.value, r.principal_variation) != (truth.value, truth.principal_variation):
        return f"returns {r.value} by {list(r.principal_variation)}, maxn {truth.value}"
    reads = set(r.trace or ())
    for path, _ in iter_leaves(t):
        necessary = decide(t, bounds, path, method=method).necessary
        if necessary is None or necessary != (path in reads):
            return f"leaf {list(path)}: necessary {necessary}, read {path in reads}"
    return None


def _optimal_on_grids(scope: Scope) -> Result:
    start = time.monotonic()
    bounds = Bounds(0, 1)
    vectors = _grid_vectors(3, bounds)
    trees = 0
    bad: Counterexample | None = None
    for i, shape in enumerate(all_shapes(3, max_height=3, unary=True)):
        if not scope.shard.takes(i):
            continue
        n = leaf_count(shape)
        for values in itertools.product(vectors, repeat=n):
            if scope.budget.expired() or bad is not None:
                break
            t = build(shape, list(values), by_depth(3))
            trees += 1
            if (problem := _optimal_check(t, bounds, method="chain")) is not None:
                bad = Counterexample(t, problem, bounds)
    return Result(
        NAME,
        CORRECTED,
        "bounded-exhaustive",
        trees,
        "every tree of every shape with 1..3 leaves (unary nodes), N = 3 in turn, integer "
        f"leaves of sum <= 1, each leaf decided over the reals by the chain search; shard "
        f"{scope.shard}",
        "failed" if bad else _exhaustive_outcome([], trees, scope),
        "holds",
        bad,
        seconds=_timed(start),
    )


def _optimal_on_random_trees(scope: Scope) -> Result:
    start = time.monotonic()
    rng = random.Random(3240 + scope.shard.k)  # noqa: S311 - reproducible trees, no secret
    trees = 0
    bad: Counterexample | None = None
    for t, bounds in _random_trees(rng, max_height=4):
        if scope.budget.expired():
            break
        trees += 1
        if (problem := _optimal_check(t, bounds, method="tree-z3")) is not None:
            bad = Counterexample(t, problem, bounds)
            break
    return Result(
        NAME,
        CORRECTED,
        "SMT (z3)",
        trees,
        "random trees (N = 2..5, height <= 4, up to 4 children, integer leaves), each "
        "leaf decided over the reals by z3 on the whole tree",
        "failed" if bad else ("held" if trees else "unknown"),
        "holds",
        bad,
        seconds=_timed(start),
    )


def _path_lemma(scope: Scope) -> Result:
    """The chain search against z3 on the whole tree, leaf by leaf, on random trees."""
    start = time.monotonic()
    rng = random.Random(1989 * 2 + scope.shard.k)  # noqa: S311 - reproducible trees, no secret
    leaves = 0
    bad: Counterexample | None = None
    for t, bounds in _random_trees(rng, max_height=4):
        if scope.budget.expired() or bad is not None:
            break
        for path, c in chains(t).items():
            for domain in ("reals", "integers"):
                ours = decide_on_chain(t, bounds, c, domain, "chain", timeout=None).necessary
                theirs = decide(t, bounds, path, domain=domain, method="tree-z3").necessary
                leaves += 1
                if ours != theirs:
                    note = f"leaf {list(path)}, {domain}: the chain says {ours}, z3 {theirs}"
                    bad = Counterexample(t, note, bounds)
                    break
            if bad is not None or scope.budget.expired():
                break
    return Result(
        NAME,
        "the path lemma: the chain search decides every leaf as z3 on the whole tree does",
        "SMT (z3)",
        leaves,
        "every leaf of random trees (N = 2..5, height <= 4, up to 4 children, integer leaves, "
        "sums <= 1..9), over the reals and the integers",
        "failed" if bad else ("held" if leaves else "unknown"),
        "holds",
        bad,
        seconds=_timed(start),
    )


def _stateful(scope: Scope) -> Result:
    return stateful_result(scope, max_examples=200 if scope.full else 30)


def _stateful_corrected(scope: Scope) -> Result:
    return corrected_stateful_result(scope, max_examples=200 if scope.full else 20)


def _timed(start: float) -> float:
    return time.monotonic() - start


def _exhaustive_outcome(bad: Sequence[object], decided: int, scope: Scope) -> Outcome:
    if bad:
        return "failed"
    if decided == 0:
        return "unknown"
    return "held" if scope.budget.expired() else "proved"


def _as_printed(domain: Domain, *, unary: bool, scope: Scope) -> Result:
    start = time.monotonic()
    tried, verdict = minimal_counterexample(domain, unary=unary, budget=scope.budget)
    kind = "unary nodes allowed" if unary else "no unary nodes"
    claim = f"Korf's Theorem 1 as printed (N = 3, {IN_TURN}, {domain}; {kind})"
    where = f"shapes with 1..5 leaves ({kind}), smallest first, all {domain[:-1]} values"
    if verdict is None:
        outcome: Outcome = "unknown" if scope.budget.expired() else "proved"
        seconds = _timed(start)
        return Result(NAME, claim, "SMT (z3)", tried, where, outcome, "fails", seconds=seconds)
    assert verdict.example is not None
    note = (
        f"the smallest shape is {text(verdict.shape)}: shallow pruning reads leaf "
        f"{list(verdict.leaf)}, and no completion makes it matter"
    )
    return Result(
        NAME,
        claim,
        "SMT (z3)",
        tried,
        where,
        "failed",
        "fails",
        Counterexample(verdict.example, note, verdict.bounds),
        seconds=_timed(start),
    )


def _replayed(claim: Refuted) -> Replayed[StoredCounterexample]:
    stated = (
        "Korf's Theorem 1 as printed"
        if claim == "Korf's Theorem 1"
        else "last-branch pruning reads only necessary leaves (any height, or players not in turn)"
    )
    return Replayed(
        claim=f"{stated}: the stored counterexamples, replayed",
        stored=lambda: [c for c in stored_counterexamples() if c.claim == claim],
        replay=replay,
        name=lambda c: c.name,
        shown=lambda c: Counterexample(c.tree, f"{c.name}: {c.note}", c.bounds),
        domain="proofs/data/optimality.json; each leaf's integer completions, z3, last-branch "
        "pruning",
    )


def _shapes(scope: Scope, *, max_leaves: int, max_height: int, unary: bool) -> list[Shape]:
    every = all_shapes(max_leaves, max_height=max_height, unary=unary)
    return [s for i, s in enumerate(every) if scope.shard.takes(i)]


def _height_two(scope: Scope) -> Result:
    start = time.monotonic()
    leaves = 6 if scope.full else 4
    players = (2, 3, 4, 5) if scope.full else (3,)
    decided = 0
    bad: list[str] = []
    shapes = _shapes(scope, max_leaves=leaves, max_height=2, unary=True)
    for n in players:
        k, wrong = chain_criterion(
            shapes, players=n, domain="reals", bounds=UNIT, budget=scope.budget
        )
        decided += k
        bad += [f"N = {n}: {w}" for w in wrong]
    return Result(
        NAME,
        f"Korf's Theorem 1 holds on every tree of height <= 2 (reals, {IN_TURN})",
        "SMT (z3)",
        decided,
        f"every shape of height <= 2 with 1..{leaves} leaves (unary nodes allowed), "
        f"N in {list(players)}, all real values; shard {scope.shard}",
        _exhaustive_outcome(bad, decided, scope),
        "holds",
        detail="; ".join(bad[:3]),
        seconds=_timed(start),
    )


def _chains(domain: Domain, scope: Scope) -> Result:
    start = time.monotonic()
    # (players, leaves, height, unary nodes): every shape within, all of height <= 3 or
    # without unary nodes and too small for a chain through a repeated player.
    runs = [(3, 4, 3, True), (3, 5, 3, False)]
    if scope.full:
        runs += [(2, 4, 3, True), (4, 5, 3, True), (3, 6, 3, False), (5, 6, 3, False)]
    bounds = UNIT if domain == "reals" else Bounds(0, 2)
    length = "3..N" if domain == "reals" else "2..N"
    decided = 0
    bad: list[str] = []
    for players, leaves, height, unary in runs:
        shapes = _shapes(scope, max_leaves=leaves, max_height=height, unary=unary)
        k, wrong = chain_criterion(
            shapes, players=players, domain=domain, bounds=bounds, budget=scope.budget
        )
        decided += k
        bad += [f"N = {players}: {w}" for w in wrong]
    where = "; ".join(
        f"N = {p}, <= {n} leaves, height <= {h}{', unary nodes' if u else ''}"
        for p, n, h, u in runs
    )
    values = "all real values" if domain == "reals" else f"all integer values within {bounds}"
    return Result(
        NAME,
        f"{domain}, {IN_TURN}, height <= 3: Korf's Theorem 1 fails on a shape iff it has a "
        f"last-branch chain of length {length}",
        "SMT (z3)",
        decided,
        f"every shape with {where}; {values}; shard {scope.shard}",
        _exhaustive_outcome(bad, decided, scope),
        "holds",
        detail="; ".join(bad[:3]),
        seconds=_timed(start),
    )


CHARACTERISATION = (
    f"reals, {IN_TURN}, height <= 3: a leaf shallow pruning reads is necessary iff "
    "last-branch pruning reads it"
)


def _characterisation_on_grids(scope: Scope) -> Result:
    start = time.monotonic()
    runs: list[tuple[Shape, int, int]] = [
        ((None, (None, (None, None))), 3, 3),
        ((None, ((None, None),)), 3, 4),
        ((None, (None, None), (None, (None, None))), 3, 2),
    ]
    if scope.full:
        runs += [
            (((None, None), (None, (None, None))), 3, 3),
            ((None, (None, (None, None, None))), 4, 2),
            ((None, ((None, None), (None, None))), 2, 3),
        ]
    runs = [r for i, r in enumerate(runs) if scope.shard.takes(i)]
    decided = 0
    bad: Counterexample | None = None
    for shape, players, total in runs:
        for t, leaf in grid_prefixes(shape, players, total, scope.budget):
            bounds = Bounds(0, total)
            necessary = decide(t, bounds, leaf).necessary
            reads = leaf in (last_branch(t, bounds, trace=True).trace or ())
            decided += 1
            if necessary != reads:
                note = f"leaf {list(leaf)}: necessary {necessary}, read by last-branch {reads}"
                bad = Counterexample(t, note, bounds)
                break
        if bad is not None or scope.budget.expired():
            break
    where = "; ".join(f"{text(s)} with N = {p}, sums <= {s_}" for s, p, s_ in runs)
    return Result(
        NAME,
        CHARACTERISATION,
        "bounded-exhaustive",
        decided,
        f"every tree of {where}, integer leaves (each leaf decided over the reals by z3, once "
        f"per prefix of values before it); shard {scope.shard}",
        "failed" if bad else _exhaustive_outcome([], decided, scope),
        "holds",
        bad,
        seconds=_timed(start),
    )


def _random_trees(rng: random.Random, *, max_height: int | None) -> Iterator[tuple[Tree, Bounds]]:
    while True:
        players = rng.choice([2, 3, 3, 4, 5])
        total = rng.choice([1, 2, 3, 4, 9])
        height = max_height if max_height is not None else players + 2
        t = random_tree(
            rng,
            players=players,
            total=total,
            max_height=height,
            max_branching=rng.choice([2, 3, 4]),
        )
        yield t, Bounds(0, total)


def _characterisation_on_random_trees(scope: Scope) -> Result:
    start = time.monotonic()
    rng = random.Random(1989 + scope.shard.k)  # noqa: S311 - reproducible trees, no secret
    trees = _random_trees(rng, max_height=3)
    n_trees, n_leaves, bad = last_branch_characterisation(trees, scope.budget)
    return Result(
        NAME,
        CHARACTERISATION,
        "SMT (z3)",
        n_leaves,
        f"every leaf shallow pruning reads in {n_trees} random trees (N = 2..5, height <= 3, "
        "up to 4 children, integer leaves, sums <= 1..9), decided over the reals",
        "failed" if bad else ("held" if n_trees else "unknown"),
        "holds",
        bad,
        seconds=_timed(start),
    )


def _last_branch_skips_only_unnecessary_leaves(scope: Scope) -> Result:
    start = time.monotonic()
    rng = random.Random(2003 + scope.shard.k)  # noqa: S311 - reproducible trees, no secret
    trees = _random_trees(rng, max_height=None)
    n_trees, n_leaves, bad = last_branch_characterisation(trees, scope.budget, only_skips=True)
    return Result(
        NAME,
        "every leaf shallow pruning reads and last-branch pruning skips is unnecessary (reals)",
        "SMT (z3)",
        n_leaves,
        f"every leaf shallow pruning reads in {n_trees} random trees (N = 2..5, height <= N + 2, "
        "up to 4 children, integer leaves), decided over the reals",
        "failed" if bad else ("held" if n_trees else "unknown"),
        "holds",
        bad,
        seconds=_timed(start),
    )


CHECKS = (
    Custom(
        run_on=lambda scope: _as_printed("reals", unary=True, scope=scope),
        methods=("SMT (z3)",),
        reach="per shape",
        share=0.15,
    ),
    Custom(
        run_on=lambda scope: _as_printed("reals", unary=False, scope=scope),
        methods=("SMT (z3)",),
        reach="per shape",
        share=0.1,
    ),
    Custom(
        run_on=lambda scope: _as_printed("integers", unary=False, scope=scope),
        methods=("SMT (z3)",),
        reach="per shape",
        share=0.1,
    ),
    _replayed("Korf's Theorem 1"),
    Custom(run_on=_path_lemma, methods=("SMT (z3)",), reach="on samples", share=0.1),
    Custom(
        run_on=_optimal_on_grids, methods=("bounded-exhaustive",), reach="within a bound", share=0.1
    ),
    Custom(run_on=_optimal_on_random_trees, methods=("SMT (z3)",), reach="on samples", share=0.1),
    Custom(run_on=_height_two, methods=("SMT (z3)",), reach="per shape", share=0.1),
    Custom(
        run_on=lambda scope: _chains("reals", scope),
        methods=("SMT (z3)",),
        reach="per shape",
        share=0.3,
    ),
    Custom(
        run_on=lambda scope: _chains("integers", scope),
        methods=("SMT (z3)",),
        reach="per shape",
        share=0.3,
    ),
    Custom(
        run_on=_characterisation_on_grids,
        methods=("bounded-exhaustive",),
        reach="within a bound",
        share=0.4,
    ),
    Custom(
        run_on=_characterisation_on_random_trees,
        methods=("SMT (z3)",),
        reach="on samples",
        share=0.5,
    ),
    Custom(run_on=_stateful, methods=("stateful (Hypothesis)",), reach="on samples", share=0.3),
    Custom(
        run_on=_stateful_corrected,
        methods=("stateful (Hypothesis)",),
        reach="on samples",
        share=0.3,
    ),
    Custom(
        run_on=_last_branch_skips_only_unnecessary_leaves,
        methods=("SMT (z3)",),
        reach="on samples",
        share=0.9,
    ),
    _replayed("last-branch optimality"),
)
"""Korf's Theorem 1's checks (see the module docstring, "What was found")."""


HEIGHT_2 = Node(0, [Leaf((5, 2, 2)), Node(1, [Leaf((0, 4, 4)), Leaf((1, 1, 1))])])
"""The instances' tree, within Bounds(0, 9): shallow pruning reads its leaves 0 and 1 and cuts
after leaf 1 (the bound 9 - 5 = 4 is met by player 1's 4)."""
HEIGHT_2_TERM = terms.tree(HEIGHT_2, labelled=True)

CLAIMS = (
    Claim(
        name="optimality-height-2-reals",
        verifier="why3",
        file="optimality",
        rests_on=(
            "shallow'vc",
            "shallow_from'vc",
            "cut_child'vc",
            "reads_among_leaves'vc",
            "reads_in_low'vc",
            "later_child'vc",
            "root_loop'vc",
            "first_child'vc",
            "shallow_reads_only_necessary_leaves'vc",
        ),
        statement=(
            "Korf's Theorem 1 at height <= 2: on every tree of height at most 2 within the "
            "bounds, any number of players, any player at any node, every leaf that shallow "
            "pruning (impl.shallow's search) reads is necessary: with the leaves before it fixed,"
            " two values of it and one assignment of the later leaves, all within the bounds, "
            "give maxn root vectors that differ in a component. (False at height 3 over the reals"
            " and at height 2 over the integers: proofs.optimality's stored counterexamples)"
        ),
        domain=(
            "reals (the leaves' values and the completions real vectors; the witnesses the proof "
            "builds are rational when Sum and the tree's values are, so it holds over the "
            "rationals too, argued by hand; not over the integers)"
        ),
        window=(
            "Korf's bounds shifted to 0: every component at least 0, the n components summing to "
            "at most Sum, Sum > 0"
        ),
        composed="that every correct directional algorithm reads every necessary leaf (the "
        f"adversary argument of this module's docstring); {SHIFT}",
        pins=(
            Pin(
                shallow,
                f"{TRACED}, 2 to 4 players, heights up to 3",
                "tests/test_verified_why3_optimality.py",
            ),
        ),
        instance=Instance(
            (
                f"shallow_reads_only_necessary_leaves {HEIGHT_2_TERM} 9.0 3 1",
                f"shallow_is_maxn {HEIGHT_2_TERM} 9.0 3",
            )
        ),
    ),
    Claim(
        name="path-lemma-reals",
        verifier="why3",
        file="path",
        rests_on=(
            "climb_is_maxn'vc",
            "climb_kids'vc",
            "fill_rights'vc",
            "fill_rights_kids'vc",
            "necessary_chain'vc",
            "chain_necessary'vc",
            "path_lemma'vc",
            "least_value_suffices'vc",
        ),
        statement=(
            "the path lemma of impl.necessity, for every tree: with the leaves before it fixed, a"
            " leaf is necessary (two values of it and one assignment of the later leaves, all "
            "within the bounds, give maxn root vectors that differ in a component) if and only if"
            " two values of it and one free vector R_j per level of its chain, all within the "
            "bounds, make the chain's climb differ in a component; any number of players, any "
            "player at any node; and one of the two values may be the least vector of the bounds "
            "(as impl.necessity.decide_chain fixes it). For the principal variation "
            "(decide_chain's line=True, which impl.optimal asks): path-line-lemma-reals. Not "
            "proved: that impl.necessity.decide_chain decides this chain question, nor that "
            "impl.optimal is exact"
        ),
        domain="reals (both sides existentials over real vectors; the integers not covered)",
        window=(
            "Korf's bounds shifted to 0: every component at least 0, the n components summing to "
            "at most Sum, Sum >= 0"
        ),
        composed=SHIFT,
        pins=(
            Pin(
                chain,
                "why3 execute: every leaf's levels (player, B_j, right side), on Hypothesis trees "
                "with Fraction values",
                "tests/test_verified_why3_path.py",
            ),
            Pin(
                climb,
                "why3 execute: the climb's vector at drawn leaf values and right sides, for every "
                "leaf, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_path.py",
            ),
        ),
        instance=Instance(
            (
                f"path_lemma {HEIGHT_2_TERM} 1 9.0 3",
                f"least_value_suffices (chain_of {HEIGHT_2_TERM} 1) 9.0 3",
            )
        ),
    ),
    Claim(
        name="path-line-lemma-reals",
        verifier="why3",
        file="path",
        rests_on=(
            "climb_line_vec'vc",
            "line_down'vc",
            "line_down_kids'vc",
            "constant_line_kids'vc",
            "line_up'vc",
            "line_up_kids'vc",
            "line_necessary_chain'vc",
            "chain_line_necessary'vc",
            "path_line_lemma'vc",
            "least_value_suffices_line'vc",
        ),
        statement=(
            "the path lemma of impl.necessity for the line (impl.optimal's question, "
            "decide_chain's line=True), for every tree: with the leaves before it fixed, a leaf "
            "is line-necessary (two values of it and one assignment of the later leaves, all "
            "within the bounds, give maxn root vectors that differ in a component, or principal "
            "variations that end at different leaves, the leftmost best winning ties) if and only"
            " if two values of it and one free vector R_j per level of its chain, all within the "
            "bounds, make the chain's climb carried with its source (the leaf, B_j or R_j, as "
            "impl.necessity.climb_line) differ in a component or in the source; any number of "
            "players, any player at any node; and one of the two values may be the least vector "
            "of the bounds. Not proved: that impl.necessity.decide_chain decides this chain "
            "question, nor that impl.optimal is exact"
        ),
        domain="reals (both sides existentials over real vectors; the integers not covered)",
        window=(
            "Korf's bounds shifted to 0: every component at least 0, the n components summing to "
            "at most Sum, Sum >= 0"
        ),
        composed=f"{SHIFT}; that a principal variation is named by its last leaf (a path from "
        "the root is the path to its leaf) is immediate",
        pins=(
            Pin(
                climb_line,
                "why3 execute: the climb's vector and source at drawn leaf values and right sides, "
                "for every leaf, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_path.py",
            ),
            Pin(
                maxn,
                "why3 execute: the value and the principal variation's leaf (maxn_line), on "
                "Hypothesis trees with Fraction values",
                "tests/test_verified_why3_path.py",
            ),
        ),
        instance=Instance(
            (
                f"path_line_lemma {HEIGHT_2_TERM} 1 9.0 3",
                f"least_value_suffices_line (chain_of {HEIGHT_2_TERM} 1) 9.0 3",
            )
        ),
    ),
)
"""What Nagini and Why3 prove of it for every tree."""

FLAWS = (
    Flaw(
        name="optimality-no-repeated-mover-line",
        verifier="why3",
        file="optimality",
        original="      let bound = own_bound p bounder bound s in\n",
        seeded="      let bound = bound in\n",
        expected="shallow'vc",
    ),
    Flaw(
        name="optimality-bound-from-the-wrong-side",
        verifier="why3",
        file="optimality",
        original="shallow c (s -. comp best p) p s n in\n        { value = better p best",
        seeded="shallow c (comp best p -. s) p s n in\n        { value = better p best",
        expected="shallow_from'vc",
    ),
    Flaw(
        name="optimality-never-cuts",
        verifier="why3",
        file="optimality",
        original="  = if comp best p >=. bound then begin\n",
        seeded="  = if false then begin\n",
        expected="reads_among_leaves'vc",
    ),
    Flaw(
        name="optimality-height-3",
        verifier="why3",
        file="optimality",
        original="    requires { height t <= 2 }\n",
        seeded="    requires { height t <= 3 }\n",
        expected="shallow_reads_only_necessary_leaves'vc",
    ),
    Flaw(
        name="path-climb-skips-the-left-best",
        verifier="why3",
        file="path",
        original="    let y = join lev.player lev.left x in\n",
        seeded="    let y = x in\n",
        expected="climb_kids'vc",
    ),
    Flaw(
        name="path-chain-forgets-the-right-side",
        verifier="why3",
        file="path",
        original="left = b; right = true }",
        seeded="left = b; right = false }",
        expected="climb_kids'vc",
    ),
    Flaw(
        name="path-least-value-out-of-bounds",
        verifier="why3",
        file="path",
        original="comp (climb ch u rs) i <> comp (climb ch Nil rs) i }\n  = assert",
        seeded="comp (climb ch u rs) i <> comp (climb ch (Cons (s +. 1.0) Nil) rs) i }\n  = assert",
        expected="least_value_suffices'vc",
    ),
    Flaw(
        name="path-fill-leaves-the-right-side-zero",
        verifier="why3",
        file="path",
        original="(if m > last c then head rs else",
        seeded="(if m > last c then Nil else",
        expected="fill_rights_kids'vc",
    ),
    Flaw(
        name="path-line-right-side-wins-ties",
        verifier="why3",
        file="path",
        original="    if lev.right && comp r lev.player >. comp y.cvec lev.player then",
        seeded="    if lev.right && comp r lev.player >=. comp y.cvec lev.player then",
        expected="climb_line_vec'vc",
    ),
    Flaw(
        name="path-line-blocked-source-is-the-leaf",
        verifier="why3",
        file="path",
        original="else { cvec = b; src = SBest j }",
        seeded="else { cvec = b; src = SLeaf }",
        expected="line_down_kids'vc",
    ),
    Flaw(
        name="path-line-ties-move-the-leaf",
        verifier="why3",
        file="path",
        original="    if comp next.lvec p >. comp best.lvec p then next else best",
        seeded="    if comp next.lvec p >=. comp best.lvec p then next else best",
        expected="constant_line_kids'vc",
    ),
    Flaw(
        name="path-line-question-forgets-the-source",
        verifier="why3",
        file="path",
        original=(
            "      ((climb_line ch u rs 0).src <> (climb_line ch w rs 0).src \\/\n       exists i."
        ),
        seeded="      (exists i.",
        expected="line_necessary_chain'vc",
    ),
    Flaw(
        name="optimality-bound-unsubtracted",
        verifier="why3",
        file="optimality",
        original=(
            "shallow c (s -. comp best p) p s n in\n"
            "        let rest = shallow_from r p bound (better p best next.value) s n in\n"
            "        { value"
        ),
        seeded=(
            "shallow c s p s n in\n"
            "        let rest = shallow_from r p bound (better p best next.value) s n in\n"
            "        { value"
        ),
        expected="",
        unprunes=True,
    ),
)
"""The flaws seeded in the verified files of its claims: each must fail as it says."""


THEOREM = Theorem(
    name=NAME,
    title="Korf's Theorem 1: shallow pruning is optimal among directional algorithms",
    statement=(
        "Every directional algorithm that computes the maxn value of a game tree with more "
        "than two players must evaluate every terminal node evaluated by shallow pruning."
    ),
    source="Korf, Generalized Game Trees, IJCAI-89, section 3.2.4, Theorem 1",
    status=(
        "FALSE as printed: over the reals from 3 leaves (with a unary node; 4 without), over "
        "the integers from height 2. For every tree (Why3), over the reals: of height <= 2, "
        "every leaf shallow pruning reads is necessary; of any height, the path lemma, for the "
        "value and for the line. On trees of height "
        "<= 3 with players in turn it holds exactly at the leaves last-branch pruning reads "
        "too, and exactly on the shapes without a last-branch chain; beyond, last-branch "
        "pruning is not optimal either. Each leaf of any tree is decided exactly by the path "
        "lemma (only the path to the leaf matters), without a solver, checked against z3. "
        "Corrected: impl.optimal, directional and exact, reads exactly the leaves every "
        "correct left-to-right algorithm must read (not proved: checked exhaustively on small "
        "trees, "
        "against z3 on random ones, and as a game against an adversary who picks every value "
        "and may change the skipped ones)."
    ),
    module="gametree.proofs.theorems.optimality",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    open=(
        (
            "that every correct directional algorithm reads every necessary leaf (the adversary "
            "argument, by hand); Korf's Theorem 1 at height <= 2 over the rationals (the Why3 "
            "proof's witnesses are rational when the tree's values are: by hand)"
        ),
        (
            "that impl.optimal is exact: the path lemma is proved, for the value and for the line "
            "(impl.optimal's question), but not that impl.necessity.decide_chain decides the chain "
            "question, nor that the leaves skipped so far do not change a verdict (the placeholder "
            "argument) and that a subtree skipped whole has no necessary leaf: argued by hand and "
            "checked within a bound (proofs/README.md, 'The moonshot')"
        ),
    ),
    weight=4.0,
)
check = THEOREM.check
