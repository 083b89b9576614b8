"""shallow: immediate and shallow pruning compute maxn under Korf's bounds (Korf 3.2.1-3.2.2).

**Statement** (R. E. Korf, "Generalized Game Trees", IJCAI-89, section 3.2): "If, however,
there is an upper bound on the sum of all components of a tuple, and there is a lower bound on
the values of each component, then alpha-beta pruning is possible." Immediate pruning (3.2.1):
when "the ith component of one of his children equals the upper bound on the sum ... all
remaining children can be pruned". Shallow pruning (3.2.2), procedure ``Shallow``, "returns a
vector that is the maxn value of the node".

Checked on ``impl.immediate`` and ``impl.shallow``: the value *and* the principal variation are
``spec.maxn``'s (the tie rule, ``Next[Player] > Best[Player]``, is what keeps the leftmost best
child), the leaves are read left to right, each once, and shallow pruning reads a subset of
what immediate pruning reads, which reads a subset of the tree.

**Methods.** Every tree of the small shapes with vectors from a grid (bounded-exhaustive);
Hypothesis with N = 2..6 players, lower bounds 0, negative and fractional, ties, players not in
turn; z3 per instance: every leaf shallow pruning skips provably cannot change the root, over
the reals, whatever the later leaves hold (:func:`proofs.decision.decide`); CrossHair per
shape (the smallest shapes: each takes about a minute); CrossHair ``diffbehavior`` between
``impl.maxn``, ``impl.shallow``, ``impl.immediate`` and ``spec.maxn`` (:mod:`proofs.diffbehavior`).
"""

import random
import time
from collections.abc import Iterator
from fractions import Fraction

from hypothesis import strategies as st

from gametree.impl.immediate import immediate
from gametree.impl.shallow import shallow
from gametree.proofs.machinery._methods import result, vector_trees_of, vectors_within
from gametree.proofs.machinery.checks import (
    Custom,
    Diffbehavior,
    Exhaustive,
    Property,
    Symbolic,
    tree_and_bounds,
)
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.decision import decide
from gametree.proofs.machinery.result import Counterexample, Result, Scope, Theorem
from gametree.proofs.machinery.shapes import all_shapes
from gametree.proofs.theorems._wording import EXECUTED, INTEGERS, RATIONALS, READS, SHIFT
from gametree.proofs.theorems.optimality import random_tree
from gametree.proofs.theorems.pinned import vector_cases
from gametree.proofs.why3 import terms
from gametree.spec import Bounds, Node, Path, Tree, iter_leaves, maxn
from gametree.spec.strategies import vector_trees

__all__ = [
    "CHECKS",
    "THEOREM",
    "bounded_trees",
    "check",
    "every_bounded_tree",
    "every_bounded_tree_text",
    "problem",
]


def problem(t: Tree, bounds: Bounds) -> str | None:
    """``None`` if immediate and shallow pruning are exact and directional on ``t``."""
    s = maxn(t)
    order = [p for p, _ in iter_leaves(t)]
    reads: list[set[Path]] = [set(order)]
    for name, search in (("immediate", immediate), ("shallow", shallow)):
        r = search(t, bounds, trace=True)
        if (r.value, r.principal_variation) != (s.value, s.principal_variation):
            got, want = (r.value, r.principal_variation), (s.value, s.principal_variation)
            return f"{name}: {got}, maxn {want} (value, principal variation)"
        trace = list(r.trace or ())
        if trace != sorted(trace, key=order.index) or len(set(trace)) != len(trace):
            return f"{name} reads {trace}: not left to right once each"
        if not set(trace) <= reads[-1]:
            return f"{name} reads {sorted(set(trace) - reads[-1])}, which the weaker search skips"
        reads.append(set(trace))
    return None


# (bounds, grids that fit them): the grid must divide total - N * lower for every N.
BOUNDS_AND_GRIDS: list[tuple[Bounds, list[int]]] = [
    (Bounds(0, 9), [1, 2, 3]),
    (Bounds(0, 1), [1, 2]),
    (Bounds(-1, 6), [1, 2]),
    (Bounds(Fraction(1, 2), 6), [2]),
    (Bounds(-3, 0), [1, 3]),
]


@st.composite
def bounded_trees(
    draw: st.DrawFn, *, min_players: int = 2, max_players: int = 6, max_depth: int = 4
) -> tuple[Tree, Bounds]:
    """A tree and bounds its leaves keep to (a copy of the tests' strategy of that name).

    Shrinks towards a lone leaf, two players, ``Bounds(0, 9)``.
    """
    players = draw(st.integers(min_players, max_players))
    bounds, grids = draw(st.sampled_from(BOUNDS_AND_GRIDS))
    t = draw(
        vector_trees(
            players=players,
            max_depth=max_depth,
            max_branching=draw(st.integers(2, 4)),
            bounds=bounds,
            grid=draw(st.sampled_from(grids)),
            exact_total=draw(st.booleans()),
            ties=draw(st.booleans()),
            by_depth=draw(st.booleans()),
        )
    )
    return t, bounds


Run = tuple[int, Bounds, int]
"""An enumeration: the number of players, the bounds, the most leaves."""


def every_bounded_tree(runs: list[Run], max_height: int) -> Iterator[tuple[Tree, Bounds]]:
    """Every tree of the shapes (no unary nodes, players in turn) with vectors within bounds."""
    for players, b, leaves in runs:
        shapes = all_shapes(leaves, max_height=max_height, unary=False)
        for t in vector_trees_of(shapes, vectors_within(players, b), players):
            yield t, b


def every_bounded_tree_text(runs: list[Run], max_height: int) -> str:
    """The domain of :func:`every_bounded_tree`, in words."""
    where = "; ".join(f"N = {p}, {b}, 1..{n} leaves" for p, b, n in runs)
    return (
        f"every tree of the shapes (height <= {max_height}, no unary nodes, players in turn) "
        f"with integer vectors within the bounds: {where}"
    )


def _runs(scope: Scope) -> list[Run]:
    if scope.full:
        return [
            (3, Bounds(0, 2), 4),
            (3, Bounds(0, 3), 4),
            (4, Bounds(0, 2), 4),
            (2, Bounds(0, 2), 5),
        ]
    return [(3, Bounds(0, 1), 5), (2, Bounds(0, 2), 4)]


def _skipped_leaves_are_unnecessary(scope: Scope) -> Result:
    started = time.monotonic()
    rng = random.Random(322)  # noqa: S311 - reproducible trees, no secret
    trees = leaves = 0
    bad: Counterexample | None = None
    while not scope.budget.expired() and bad is None:
        players, total = rng.choice([2, 3, 3, 4]), rng.choice([2, 3, 9])
        t = random_tree(rng, players=players, total=total, max_height=4, max_branching=3)
        bounds = Bounds(0, total)
        read = set(shallow(t, bounds, trace=True).trace or ())
        trees += 1
        for path, _ in iter_leaves(t):
            if path in read:
                continue
            leaves += 1
            d = decide(t, bounds, path)
            if d.necessary is not False:
                bad = Counterexample(t, f"shallow pruning skips {list(path)}: {d.reason}", bounds)
                break
    return result(
        theorem="shallow",
        claim="every leaf shallow pruning skips cannot change the root (whatever the later "
        "leaves hold, over the reals)",
        method="SMT (z3)",
        expected="holds",
        cases=leaves,
        domain=f"every leaf shallow pruning skips in {trees} random trees (N = 2..4, height <= 4, "
        "players in turn)",
        counterexample=bad,
        finished=True,
        scope=scope,
        started=started,
        sampled=True,
    )


CLAIM = (
    "immediate and shallow pruning give maxn's value and principal variation, directionally, "
    "shallow reading a subset of immediate"
)

CHECKS = (
    Diffbehavior(
        claim="impl.maxn, impl.shallow and impl.immediate behave as spec.maxn within Korf's "
        "bounds: same value and principal variation",
        pairs="shallow",
        share=0.35,
    ),
    Exhaustive(
        claim=CLAIM,
        cases=lambda scope: every_bounded_tree(_runs(scope), 3),
        predicate=lambda case: problem(*case),
        domain=lambda scope: every_bounded_tree_text(_runs(scope), 3),
        shown=tree_and_bounds,
        share=0.25,
    ),
    Property(
        claim=CLAIM,
        strategy=bounded_trees,
        predicate=lambda case: problem(*case),
        domain="the pinned counterexamples (proofs.pinned), then random trees, N = 2..6, bounds "
        "with lower 0, -1, -3 and 1/2, grids 1..3, ties, players in turn or not, depth <= 4",
        max_examples=300,
        max_examples_full=1000,
        examples=vector_cases,
        shown=tree_and_bounds,
        share=0.3,
    ),
    Custom(
        run_on=_skipped_leaves_are_unnecessary, methods=("SMT (z3)",), reach="on samples", share=0.3
    ),
    Symbolic(
        claim="immediate and shallow pruning give maxn's value and principal variation "
        "(symbolic leaves)",
        targets=("shallow_is_maxn", "immediate_is_maxn"),
        shapes=("[*, [*, *]]", "[*, [*, [*, *]]]"),
        max_leaves=3,
        kind="vectors",
        players=3,
        per_condition=80,
        per_condition_full=120,
        full_only=True,
    ),
)
"""The checks: see the module docstring, "Methods"."""

BOUNDED = Node.by_depth([[(6, 1, 1), (5, 2, 2)], [(0, 4, 4), (1, 1, 1)]])
"""The instances' tree, within Bounds(0, 9): shallow pruning cuts the second child after its first
leaf (the bound 9 - 5 = 4 is met by player 1's 4)."""

KORF_INTEGERS = (
    "Korf's bounds with the lower bound shifted to 0 (components in 0..s, any two summing to "
    "at most s), integer s"
)
KORF_RATIONALS = (
    "Korf's bounds with the lower bound shifted to 0 (components in 0..Sum, any two summing "
    "to at most Sum), rational Sum"
)

CLAIMS = (
    Claim(
        name="shallow",
        verifier="nagini",
        file="multi_player",
        rests_on=("bounded", "fits", "maxn_choice_fits", "better", "shallow_kids", "shallow"),
        statement=(
            "shallow pruning (Korf's Shallow, with the line for a player moving twice) is the "
            "maxn vector, tie rule included, on every tree whose leaves keep to Korf's bounds "
            "(shifted to 0: components in 0..s, any two summing to at most s, which Korf's sum "
            "bound implies), any number of players, any player at any node; once Best[Player] >= "
            "Bound it returns Best as it is (the cut-off, which maxn does not meet); it "
            "terminates"
        ),
        domain=INTEGERS,
        window=KORF_INTEGERS,
        composed=SHIFT,
        other_domains="yes, in any ordered abelian group: comparisons and sums of two components",
        pins=(Pin(shallow, READS, "tests/test_verified_pinned.py"),),
        instance=Instance(("shallow(t, 9, 3)",), tree=BOUNDED),
    ),
    Claim(
        name="immediate",
        verifier="nagini",
        file="multi_player",
        rests_on=("immediate_kids", "immediate"),
        statement=(
            "immediate pruning (Korf 3.2.1: stop when the best has the whole sum for the player "
            "to move) is the maxn vector, tie rule included, under the same bounds, any number of"
            " players, any player at any node; it terminates (its cut-off changes what is read, "
            "not the value: the tests pin it)"
        ),
        domain=INTEGERS,
        window=KORF_INTEGERS,
        composed=SHIFT,
        other_domains="yes: comparisons only",
        pins=(Pin(immediate, READS, "tests/test_verified_pinned.py"),),
        instance=Instance(("immediate(t, 9, 3)",), tree=BOUNDED),
    ),
    Claim(
        name="shallow-rationals",
        verifier="why3",
        file="shallow",
        rests_on=(
            "maxn_fits'vc",
            "maxn_from_fits'vc",
            "shallow'vc",
            "shallow_from'vc",
            "shallow_is_maxn'vc",
        ),
        statement=(
            "shallow pruning (Korf's Shallow as impl.shallow runs it: the bound Sum - "
            "Best[Player], the tie rule Next[Player] > Best[Player], and Sum for a player moving "
            "twice) returns the maxn vector itself on every tree whose rational leaves keep to "
            "Korf's bounds (shifted to 0: components in 0..Sum, any two summing to at most Sum), "
            "any number of players, any player at any node; once Best[Player] >= Bound it returns"
            " Best as it is (the cut-off, which maxn does not meet); it terminates"
        ),
        domain=RATIONALS,
        window=KORF_RATIONALS,
        composed=SHIFT,
        lifts=("shallow",),
        pins=(Pin(shallow, EXECUTED, "tests/test_verified_why3_execute.py"),),
        instance=Instance((f"shallow_is_maxn {terms.tree(BOUNDED)} 9.0 3",)),
    ),
    Claim(
        name="immediate-rationals",
        verifier="why3",
        file="shallow",
        rests_on=("maxn_from_stays'vc", "immediate'vc", "immediate_from'vc"),
        statement=(
            "immediate pruning (Korf 3.2.1: stop when Best[Player] reaches Sum) returns the maxn "
            "vector itself, tie rule included, under the same bounds, any number of players, any "
            "player at any node; it terminates (its cut-off changes what is read, not the value: "
            "the tests pin it)"
        ),
        domain=RATIONALS,
        window=KORF_RATIONALS,
        composed=SHIFT,
        lifts=("immediate",),
        pins=(Pin(immediate, EXECUTED, "tests/test_verified_why3_execute.py"),),
        instance=Instance((f"immediate {terms.tree(BOUNDED)} 9.0 3",)),
    ),
)
"""What Nagini and Why3 prove of it for every tree."""

FLAWS = (
    Flaw(
        name="bound-from-the-wrong-player",
        verifier="nagini",
        file="multi_player",
        original="shallow_kids(c.kids, c.to_move, s - best[p], c.value, True, s, n)",
        seeded="shallow_kids(c.kids, c.to_move, s - best[c.to_move], c.value, True, s, n)",
        expected="Postcondition of shallow_kids might not hold",
    ),
    Flaw(
        name="no-repeated-mover-line",
        verifier="nagini",
        file="multi_player",
        original="    elif first or c.to_move == p:\n",
        seeded="    elif first:\n",
        expected="Postcondition of shallow_kids might not hold",
    ),
    Flaw(
        name="cuts-too-early",
        verifier="nagini",
        file="multi_player",
        original="    if not first and best[p] >= bound:\n",
        seeded="    if not first and best[p] >= bound - 1:\n",
        expected="Postcondition of shallow_kids might not hold",
    ),
    Flaw(
        name="immediate-cuts-below-the-sum",
        verifier="nagini",
        file="multi_player",
        original="    if not first and best[p] >= s:\n",
        seeded="    if not first and best[p] >= s - 1:\n",
        expected="Postcondition of immediate_kids might not hold",
    ),
    Flaw(
        name="shallow-cut-deleted",
        verifier="nagini",
        file="multi_player",
        original="    if not first and best[p] >= bound:\n        return best\n",
        seeded="",
        expected="Postcondition of shallow_kids might not hold",
        unprunes=True,
    ),
    Flaw(
        name="immediate-cut-deleted",
        verifier="nagini",
        file="multi_player",
        original="    if not first and best[p] >= s:\n        return best\n",
        seeded="",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="ties-go-to-the-later-child",
        verifier="why3",
        file="shallow",
        original="(s -. comp best p) p s n in\n        if comp next p >. comp best p then",
        seeded="(s -. comp best p) p s n in\n        if comp next p >=. comp best p then",
        expected="shallow_from'vc",
    ),
    Flaw(
        name="no-repeated-mover-line",
        verifier="why3",
        file="shallow",
        original="    if bounder = p then s else bound\n",
        seeded="    bound\n",
        expected="shallow_from'vc",
    ),
    Flaw(
        name="bound-from-the-wrong-side",
        verifier="why3",
        file="shallow",
        original="        let next = shallow c (s -. comp best p) p s n in\n        if",
        seeded="        let next = shallow c (comp best p -. s) p s n in\n        if",
        expected="shallow_from'vc",
    ),
    Flaw(
        name="shallow-cut-deleted",
        verifier="why3",
        file="shallow",
        original="  = if comp best p >=. bound then begin\n",
        seeded="  = if false then begin\n",
        expected="shallow_from'vc",
        unprunes=True,
    ),
    Flaw(
        name="immediate-cuts-below-the-sum",
        verifier="why3",
        file="shallow",
        original="  = if comp best p >=. s then begin maxn_from_stays",
        seeded="  = if comp best p +. comp best p >=. s then begin maxn_from_stays",
        expected="immediate_from'vc",
    ),
    Flaw(
        name="bound-unsubtracted",
        verifier="why3",
        file="shallow",
        original="let next = shallow c (s -. comp best p) p s n in\n        shallow_from",
        seeded="let next = shallow c s p s n in\n        shallow_from",
        expected="",
        unprunes=True,
    ),
    Flaw(
        name="immediate-cut-deleted",
        verifier="why3",
        file="shallow",
        original="if comp best p >=. s then begin maxn_from_stays",
        seeded="if false then begin maxn_from_stays",
        expected="",
        unprunes=True,
    ),
)
"""The flaws seeded in the verified files of its claims: each must fail as it says."""


THEOREM = Theorem(
    name="shallow",
    title="Immediate and shallow pruning equal maxn under Korf's bounds",
    statement="If there is an upper bound on the sum of all components of a tuple, and a lower "
    "bound on the values of each component, then alpha-beta pruning is possible (immediate "
    "pruning, 3.2.1; shallow pruning, 3.2.2, procedure Shallow).",
    source="Korf, Generalized Game Trees, IJCAI-89, sections 3.2, 3.2.1 and 3.2.2",
    status=(
        "For every tree (Nagini, Why3): the value, the maxn vector itself (tie rule included), "
        "and shallow pruning's cut-off returns Best as it is. Checked within a bound and on "
        "samples, not proved for every tree: the principal variation and directional reading "
        "(the leaves read, in order, are the pin tests')."
    ),
    module="gametree.proofs.theorems.shallow_pruning",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    open=("the principal variation (the vector's path) and the leaf counts",),
)
check = THEOREM.check
