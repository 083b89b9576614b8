"""evaluations: alpha-beta with separate evaluation functions is exact iff they order alike.

**Statement** (R. E. Korf, "Generalized Game Trees", IJCAI-89, section 2.1): "In general, alpha
beta pruning cannot be used in this case. Compare figure 2 ... Using either Max or Min's
function exclusively would cause the last node to be pruned, yet its value is the minimax value
of the root when both functions are used. The problem is that (12,8) is better than (9,9) for
both Max and Min. Pruning is possible only if the two evaluation functions always agree on the
relative ordering of the merits of different positions." And 2.2: "the models of the different
evaluation functions must agree in their relative ordering of different positions".

Checked on ``impl.alphabeta_one_function`` (alpha-beta with deep cut-offs, judging with one of
the two functions) against ``spec.separate_evaluations``:

- when the two components are order-equivalent on the tree's leaves, it returns the spec's
  position and principal variation, with either function (bounded-exhaustive over every pair
  tree of small shapes whose second component is an increasing function of the first, and
  Hypothesis with random increasing functions);
- otherwise it can be wrong: Korf's Figure 2 situation (``spec.examples.korf_figure2``), and
  a counterexample Hypothesis finds and shrinks on its own.

CrossHair ``diffbehavior`` compares, with symbolic pairs at the leaves, ``impl``'s separate
evaluations with ``spec``'s (the same on every tree), and alpha-beta with Max's function with
``spec.separate_evaluations`` (a difference, found on its own).
"""

import time
from collections.abc import Callable, Iterator

from hypothesis import strategies as st

from gametree.impl.evaluations import alphabeta_one_function, is_order_equivalent
from gametree.proofs.machinery._methods import result, scalar_trees_of
from gametree.proofs.machinery.checks import Custom, Diffbehavior, Exhaustive, Find, Property
from gametree.proofs.machinery.result import Counterexample, Result, Scope, Theorem
from gametree.proofs.machinery.shapes import all_shapes, shape_of, text
from gametree.proofs.theorems.pinned import PAIR_TREES
from gametree.spec import Bounds, Leaf, Node, Tree, Value, leaf_values, separate_evaluations
from gametree.spec.examples import korf_figure2
from gametree.spec.strategies import scalar_trees, vector_trees

__all__ = ["CHECKS", "THEOREM", "check", "problem", "problem_where_order_equivalent", "with_second"]


def problem(t: Tree) -> str | None:
    """``None`` if alpha-beta with either function gives spec's position and move line."""
    s = separate_evaluations(t)
    for f in (0, 1):
        r = alphabeta_one_function(t, f)
        if (r.value, r.principal_variation) != (s.value, s.principal_variation):
            got, want = (r.value, r.principal_variation), (s.value, s.principal_variation)
            return f"with function {f}: {got}, spec {want}"
    return None


def problem_where_order_equivalent(t: Tree) -> str | None:
    """:func:`problem` on a tree whose two components order its leaves alike; else ``None``.

    So a tree on which alpha-beta with one function is wrong must not order them alike (Korf
    2.1's condition is needed): on the pinned counterexamples it is what is checked.
    """
    if not is_order_equivalent(leaf_values(t), _first, _second):
        return None
    return problem(t)


def is_wrong(t: Tree) -> bool:
    """Whether alpha-beta with Max's function misses the separate-evaluations position."""
    return alphabeta_one_function(t, 0).value != separate_evaluations(t).value


def with_second(t: Tree, g: Callable[[int], int]) -> Tree:
    """``t`` (scalar leaves x) with pair leaves (x, g(x)) (small trees: one call per level)."""
    if isinstance(t, Leaf):
        v = t.value
        assert isinstance(v, int)
        return Leaf((v, g(v)))
    return Node(t.to_move, [with_second(c, g) for c in t.children])


def _first(v: Value) -> object:
    assert isinstance(v, tuple)
    return v[0]


def _second(v: Value) -> object:
    assert isinstance(v, tuple)
    return v[1]


INCREASING: list[tuple[str, Callable[[int], int]]] = [
    ("x", lambda x: x),
    ("2x + 1", lambda x: 2 * x + 1),
    ("x^3", lambda x: x**3),
    ("x + 10 if x > 0", lambda x: x + 10 if x > 0 else x),
]
"""Strictly increasing functions: (x, g(x)) has order-equivalent components."""


def _figure2(scope: Scope) -> list[Result]:
    started = time.monotonic()
    t = korf_figure2()
    s = separate_evaluations(t)
    wrong = [f for f in (0, 1) if alphabeta_one_function(t, f).value != s.value]
    alike = is_order_equivalent(leaf_values(t), _first, _second)
    situation = s.value == (12, 8) and not alike
    return [
        result(
            theorem="evaluations",
            claim="alpha-beta with one function computes the separate-evaluations position "
            "(Figure 2's situation)",
            method="witness",
            expected="fails",
            cases=1,
            domain="spec.examples.korf_figure2: (12, 8) is better than (9, 9) for both players",
            counterexample=Counterexample(
                t,
                f"with Max's and Min's function alike it returns "
                f"{alphabeta_one_function(t, 0).value}, not {s.value}",
            )
            if wrong == [0, 1] and situation
            else None,
            finished=True,
            scope=scope,
            started=started,
        )
    ]


def _found_note(t: Tree) -> str:
    return (
        f"alpha-beta with Max's function gives {alphabeta_one_function(t, 0).value}, "
        f"separate evaluations {separate_evaluations(t).value} (shrunk; shape "
        f"{text(shape_of(t))})"
    )


def _leaves(scope: Scope) -> int:
    return 5 if scope.full else 4


def _order_equivalent_small_trees(scope: Scope) -> Iterator[Tree]:
    shapes = all_shapes(_leaves(scope), max_height=3, unary=False)
    return (
        with_second(t, g) for _, g in INCREASING for t in scalar_trees_of(shapes, [-1, 0, 1, 2])
    )


def _order_equivalent_small_trees_text(scope: Scope) -> str:
    return (
        f"every tree of the shapes with 1..{_leaves(scope)} leaves (height <= 3, no unary "
        "nodes, players in turn) with leaves (x, g(x)), x in {-1, 0, 1, 2}, g each of "
        + ", ".join(name for name, _ in INCREASING)
    )


@st.composite
def _order_equivalent_trees(draw: st.DrawFn) -> Tree:
    t = draw(scalar_trees(max_depth=4, min_value=-5, max_value=5, by_depth=draw(st.booleans())))
    slope = draw(st.integers(1, 5))
    shift = draw(st.integers(-5, 5))
    cube = draw(st.booleans())
    return with_second(t, lambda x: slope * (x**3 if cube else x) + shift)


ALIKE = "alpha-beta with either function is exact when the two order the positions alike"

CHECKS = (
    Custom(run_on=_figure2, methods=("witness",), reach="within a bound"),
    Find(
        claim="alpha-beta with one function computes the separate-evaluations position",
        strategy=lambda: vector_trees(players=2, max_depth=3, bounds=Bounds(0, 9), ties=False),
        condition=is_wrong,
        note=_found_note,
        domain="random pair trees, depth <= 3, components in 0..9 (derandomized search)",
        max_examples=2000,
        share=0.3,
    ),
    Exhaustive(
        claim=ALIKE,
        cases=_order_equivalent_small_trees,
        predicate=problem,
        domain=_order_equivalent_small_trees_text,
        share=0.5,
    ),
    Diffbehavior(
        claim="impl.separate_evaluations behaves as spec.separate_evaluations",
        pairs="evaluations",
        share=0.2,
    ),
    Diffbehavior(
        claim="alpha-beta with Max's function behaves as spec.separate_evaluations",
        pairs="evaluations, one function",
        share=0.375,
    ),
    Property(
        claim=ALIKE,
        strategy=lambda: (
            _order_equivalent_trees() | vector_trees(players=2, max_depth=4, ties=True)
        ),
        predicate=problem_where_order_equivalent,
        domain="the pinned counterexamples (proofs.pinned), then random trees, players in turn or "
        "not, leaves (x, a*x + c) or (x, a*x^3 + c), a > 0, or any pairs (those that order "
        "alike checked)",
        max_examples=300,
        examples=lambda: [t for _, t in PAIR_TREES],
    ),
)
"""The checks: Figure 2, a counterexample found, and the order-equivalent case."""


THEOREM = Theorem(
    name="evaluations",
    title="Separate evaluation functions: alpha-beta exact iff the functions order alike",
    statement="In general, alpha beta pruning cannot be used in this case ... Pruning is "
    "possible only if the two evaluation functions always agree on the relative ordering of the "
    "merits of different positions.",
    source="Korf, Generalized Game Trees, IJCAI-89, sections 2.1 (Figure 2) and 2.2",
    status="Holds: exact with order-equivalent functions; wrong on Figure 2's situation and on "
    "trees Hypothesis finds.",
    module="gametree.proofs.theorems.separate_evaluations",
    checks=CHECKS,
    weight=0.7,
)
check = THEOREM.check
