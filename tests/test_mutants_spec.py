"""Tests that kill mutants of ``spec`` the rest of the suite let survive (see ``mutation/``).

Each test states a documented behaviour exactly: the full text of an error the spec promises
to name its fault with, or an arithmetic identity at values where a mutated operator differs.
"""

from fractions import Fraction

import pytest

from spec import Bounds, Node, TreeError, check_bounds


def test_bounds_on_a_scalar_tree_are_refused_with_the_reason_at_the_root() -> None:
    with pytest.raises(TreeError) as caught:
        check_bounds(Node.by_depth([[1, 2], [3]]), Bounds(0, 9))
    assert caught.value.problem == (
        "Korf's bounds apply to N-player vector values (got scalar values)"
    )
    assert caught.value.path == ()


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize(("lower", "total"), [(2, 9), (Fraction(1, 3), 5), (-4, -1)])
def test_shifting_subtracts_the_lower_bound_from_each_component(
    players: int, lower: int | Fraction, total: int
) -> None:
    """Korf 3.2: subtracting ``lower`` from all N components lowers the sum by N * lower."""
    shifted = Bounds(lower, total).shifted(players)
    assert shifted == Bounds(0, total - sum([lower] * players))
