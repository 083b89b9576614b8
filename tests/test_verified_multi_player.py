"""The Nagini kernel of maxn-pairs, shallow and paranoid: what it takes, a tree it names.

What it computes and reads, against ``spec`` and ``impl``, and that each seeded flaw and each
deleted cut-off is a real bug, is ``tests/test_verified_pinned.py``'s; the stored verdicts are
``tests/test_verified_results.py``'s.
"""

import pytest

from gametree.proofs.nagini import multi_player
from gametree.proofs.nagini.convert import multi_player_tree
from gametree.spec import Leaf, Node, TreeError, maxn


def test_the_kernels_take_only_vector_trees_of_integers() -> None:
    with pytest.raises(TreeError, match="vector values"):
        multi_player_tree(Node.by_depth([1, 2]))
    with pytest.raises(TreeError, match=r"integer values .* at path \[1\]"):
        multi_player_tree(Node.by_depth([(1, 2, 3), (0, 1, 2.5)]))


def test_the_shallow_kernel_needs_a_player_moving_twice_line() -> None:
    """impl.shallow's docstring's tree: without the line, (1, 8) is cut off for (0, 9)."""
    t = Node(1, [Leaf((1, 8)), Node(1, [Leaf((1, 8)), Leaf((0, 9))])])
    assert tuple(multi_player.shallow(multi_player_tree(t), 9, 2)) == maxn(t).value == (0, 9)
