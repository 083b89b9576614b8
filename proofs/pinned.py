"""Every counterexample the checks have found, pinned: the Hypothesis properties try them first.

DESIGN.md, "How claims are checked": "A counterexample found once is pinned with ``@example``."
These are the trees on which a published claim failed, or a search was once caught, from
every method: Korf's figures, the smallest trees the enumerations found, what Hypothesis shrank
to, what CrossHair's ``diffbehavior`` reported, and the stored counterexamples to Korf's
Theorem 1 (``proofs/data/optimality.json``). A property whose claim is true on them runs them
as explicit examples (``proofs._methods.hypothesis_property(examples=...)`` in ``gametree
prove``; ``@example`` in ``tests/test_proofs_*.py``), so that the trees that broke one claim
keep testing the claims that hold: pruning searches, paranoid, the exact decisions.

- :func:`vector_cases`: N-player trees with the Korf bounds they keep to;
- :data:`PAIR_TREES`: two-player trees with a pair of evaluations at each leaf (Korf 2.1), on
  which alpha-beta with one of the two functions is wrong;
- :data:`DEEP_PRUNING`: the trees on which deep pruning is wrong with three players.
"""

from fractions import Fraction

from proofs.optimality import stored_counterexamples
from spec import Bounds, Leaf, Node, Tree
from spec.examples import korf_figure2, korf_figure5

__all__ = ["DEEP_PRUNING", "PAIR_TREES", "THEOREM_1_SMALLEST", "vector_cases"]

B9 = Bounds(0, 9)

DEEP_PRUNING: tuple[tuple[str, Tree, Bounds], ...] = (
    ("Korf's Figure 5, f = (3, 0, 6)", korf_figure5((3, 0, 6)), B9),
    (
        "the smallest, first of the enumeration (shape [*, [*, [*, *]]])",
        Node.by_depth([(1, 0, 1), [(2, 0, 0), [(0, 1, 1), (0, 0, 2)]]]),
        Bounds(0, 2),
    ),
    (
        "CrossHair diffbehavior's, on the same shape",
        Node.by_depth([(1, 1, 0), [(2, 0, 0), [(0, 1, 1), (0, 0, 2)]]]),
        Bounds(0, 2),
    ),
    (
        "Hypothesis's, shrunk (uniform shape, b = 2, d = 3)",
        Node.by_depth(
            [
                [[(0, 2, 2), (1, 0, 3)], [(0, 0, 4), (0, 0, 4)]],
                [[(2, 0, 2), (0, 2, 2)], [(0, 1, 3), (0, 0, 4)]],
            ]
        ),
        Bounds(0, 4),
    ),
)
"""Deep pruning gives a value other than maxn's on each (Korf 3.2.3)."""

_F = Fraction

THEOREM_1_SMALLEST: tuple[tuple[str, Tree, Bounds], ...] = (
    (
        "reals, unary nodes allowed (z3's, on [*, [[*, *]]])",
        Node.by_depth([(_F(5, 6), 0, _F(1, 12)), [[(_F(5, 6), 0, _F(1, 6)), (0, 0, 0)]]]),
        Bounds(0, 1),
    ),
    (
        "reals, no unary node (z3's, on [*, [*, [*, *]]])",
        Node.by_depth(
            [
                (_F(4, 5), 0, _F(1, 5)),
                [(0, _F(1, 10), _F(1, 10)), [(_F(1, 10), _F(4, 5), _F(1, 10)), (0, 0, 0)]],
            ]
        ),
        Bounds(0, 1),
    ),
    (
        "integers (z3's, on [*, [*, *]])",
        Node.by_depth([(0, 1, 0), [(0, 0, 0), (0, 0, 0)]]),
        Bounds(0, 1),
    ),
)
"""The smallest counterexamples to Korf's Theorem 1 as ``minimal_counterexample`` finds them:
shallow pruning reads a leaf that no directional algorithm needs."""

STURTEVANT: tuple[str, Tree, Bounds] = (
    "Sturtevant's last-branch tree",
    Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]]),
    B9,
)


def vector_cases() -> list[tuple[Tree, Bounds]]:
    """Every pinned N-player tree, with its bounds (players not always in turn)."""
    named = [
        *DEEP_PRUNING,
        ("Korf's Figure 5, f = (2, 3, 4)", korf_figure5((2, 3, 4)), B9),
        *THEOREM_1_SMALLEST,
        STURTEVANT,
        *((c.name, c.tree, c.bounds) for c in stored_counterexamples()),
    ]
    return [(t, b) for _, t, b in named]


PAIR_TREES: tuple[tuple[str, Tree], ...] = (
    ("Korf's Figure 2 situation", korf_figure2()),
    ("Hypothesis's, shrunk (shape [[*, *]])", Node.by_depth([[(0, 1), (0, 0)]])),
    (
        "CrossHair diffbehavior's, on [*, [*, *]]",
        Node(0, [Leaf((-2, 0)), Node(1, [Leaf((0, 0)), Leaf((-1, 0))])]),
    ),
    (
        "CrossHair diffbehavior's, on [[*, *], [*, *]]",
        Node.by_depth([[(-1, 0), (-1, -1)], [(0, 0), (-1, 0)]]),
    ),
)
"""Alpha-beta with Max's function alone misses the separate-evaluations position on each."""
