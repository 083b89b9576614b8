"""Every counterexample the checks have found, pinned: the Hypothesis properties try them first.

DESIGN.md, "How claims are checked": "A counterexample found once is pinned with ``@example``."
These are the trees on which a published claim failed, or a search was once caught, from
every method: Korf's figures, the smallest trees the enumerations found, what Hypothesis shrank
to, what CrossHair's ``diffbehavior`` reported, and the stored counterexamples to Korf's
Korf's Theorem 1 (``proofs/data/optimality.json``); the others are tree documents in
``proofs/data/pinned.json``. A property whose claim is true on them runs them as explicit
examples (``proofs._methods.hypothesis_property(examples=...)`` in ``gametree
prove``; ``@example`` in ``tests/test_proofs_*.py``), so that the trees that broke one claim
keep testing the claims that hold: pruning searches, paranoid, the exact decisions.

- :func:`vector_cases`: N-player trees with the Korf bounds they keep to;
- :data:`PAIR_TREES`: two-player trees with a pair of evaluations at each leaf (Korf 2.1), on
  which alpha-beta with one of the two functions is wrong;
- :data:`DEEP_PRUNING`: the trees on which deep pruning is wrong with three players;
- :data:`THEOREM_1_SMALLEST`: z3's smallest counterexamples to Korf's Theorem 1.
"""

from pathlib import Path

from gametree.proofs.machinery.treejson import read_stored
from gametree.proofs.theorems.optimality import stored_counterexamples
from gametree.spec import Bounds, Tree
from gametree.spec.examples import korf_figure5

__all__ = ["DATA", "DEEP_PRUNING", "PAIR_TREES", "THEOREM_1_SMALLEST", "vector_cases"]

DATA = Path(__file__).parents[1] / "data" / "pinned.json"
"""The trees, as documents of the project's tree format (package data: a missing file is a
``MissingPackageDataError`` when this module is imported)."""


def _bounded(kind: str) -> tuple[tuple[str, Tree, Bounds], ...]:
    out = []
    for r, t, bounds in read_stored(DATA, kind, "trees"):
        assert bounds is not None, r["name"]
        out.append((r["name"], t, bounds))
    return tuple(out)


DEEP_PRUNING: tuple[tuple[str, Tree, Bounds], ...] = _bounded("deep_pruning")
"""Deep pruning gives a value other than maxn's on each (Korf 3.2.3): Figure 5 with f =
(3, 0, 6), the first tree of the enumeration (smallest first), CrossHair ``diffbehavior``'s on
the same shape, and Hypothesis's, shrunk."""

THEOREM_1_SMALLEST: tuple[tuple[str, Tree, Bounds], ...] = _bounded("theorem_1_smallest")
"""The smallest counterexamples to Korf's Theorem 1 as ``minimal_counterexample`` found them
(z3's values, which vary from run to run): shallow pruning reads a leaf that no directional
algorithm needs, over the reals (with and without a unary node) and over the integers."""

PAIR_TREES: tuple[tuple[str, Tree], ...] = tuple(
    (r["name"], t) for r, t, _ in read_stored(DATA, "one_function", "trees")
)
"""Alpha-beta with Max's function alone misses the separate-evaluations position on each:
Figure 2's situation, Hypothesis's (shrunk), and CrossHair ``diffbehavior``'s two."""


def vector_cases() -> list[tuple[Tree, Bounds]]:
    """Every pinned N-player tree, with its bounds (players not always in turn).

    Figure 5 with f = (2, 3, 4), where deep pruning happens to be right, is added to the
    counterexamples, and the stored ones of ``proofs/data/optimality.json``.
    """
    named = [
        *DEEP_PRUNING,
        ("Korf's Figure 5, f = (2, 3, 4)", korf_figure5((2, 3, 4)), Bounds(0, 9)),
        *THEOREM_1_SMALLEST,
        *((c.name, c.tree, c.bounds) for c in stored_counterexamples()),
    ]
    return [(t, b) for _, t, b in named]
