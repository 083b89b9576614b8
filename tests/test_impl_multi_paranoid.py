"""Paranoid search by alpha-beta (Sturtevant and Korf 2000) against spec.paranoid."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree.impl.maxn import maxn
from gametree.impl.paranoid import paranoid
from gametree.spec import Leaf, Node, Tree, TreeError, subtree
from gametree.spec import paranoid as spec_paranoid
from gametree.spec.strategies import scalar_trees, vector_trees

trees = (
    st.integers(2, 6).flatmap(
        lambda n: (
            vector_trees(players=n, max_depth=4, ties=True)
            | vector_trees(players=n, max_depth=4, by_depth=False, grid=3, bounds=None)
        )
    )
    | scalar_trees(ties=True, max_depth=5)
    | scalar_trees(by_depth=False, grid=2)
)


@given(trees, st.integers(0, 5))
def test_paranoid_gives_spec_paranoid_value_and_principal_variation_for_every_player(
    t: Tree, p: int
) -> None:
    player = p % t.players
    expected = spec_paranoid(t, player)
    r = paranoid(t, player, trace=True)
    assert (r.value, r.principal_variation) == (expected.value, expected.principal_variation)
    assert r.trace is not None
    assert len(r.trace) == r.leaves_evaluated <= t.leaf_count
    assert list(r.trace) == sorted(set(r.trace))
    assert all(isinstance(subtree(t, path), Leaf) for path in r.trace)


@given(trees)
def test_by_default_the_paranoid_player_is_the_one_to_move_at_the_root(t: Tree) -> None:
    r = paranoid(t)
    assert (r.value, r.principal_variation) == (
        spec_paranoid(t).value,
        spec_paranoid(t).principal_variation,
    )


def test_paranoid_cuts_off_deep_where_maxn_cannot() -> None:
    """A cut-off on a bound from two levels up skips (1, 0, 1); maxn reads every leaf.

    Player 0 is sure of 5 from the first child. At the second, player 1 has not chosen yet
    (no bound of its own), and player 2's first leaf already holds player 0 to 2 <= 5: the
    rest of player 2's node is cut on the root's bound. Then player 1's node is cut too.
    """
    t = Node.by_depth([(5, 0, 0), [[(2, 0, 0), (9, 0, 0)], (0, 0, 0)]])
    r = paranoid(t, 0, trace=True)
    assert r.trace == ((0,), (1, 0, 0))
    assert (r.value, r.principal_variation) == (5, (0,))
    assert maxn(t).leaves_evaluated == 4


def test_a_leaf_and_a_scalar_leaf() -> None:
    assert paranoid(Leaf((1, 2, 3)), 2).value == 3
    assert paranoid(Leaf(4), 1).value == -4


@pytest.mark.parametrize("player", [3, -1, True, "0"])
def test_a_player_out_of_range_is_refused(player: object) -> None:
    with pytest.raises(TreeError, match=r"'player' must be in 0\.\.2"):
        paranoid(Node.by_depth([(1, 2, 3)]), player)  # type: ignore[arg-type]
