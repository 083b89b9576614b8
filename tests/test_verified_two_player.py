"""The Nagini kernels of alphabeta and negamax: what they take.

What they compute and read, against ``spec`` and ``impl``, and that each seeded flaw and each
deleted cut-off is a real bug, is ``tests/test_verified_pinned.py``'s; the stored verdicts are
``tests/test_verified_results.py``'s.
"""

from fractions import Fraction

import pytest

from gametree.proofs.nagini.convert import two_player_tree
from gametree.spec import Node, TreeError


def test_the_kernels_take_only_integer_two_player_trees() -> None:
    with pytest.raises(TreeError, match="two-player tree"):
        two_player_tree(Node.by_depth([(1, 2, 3), (0, 1, 2)]))
    with pytest.raises(TreeError, match=r"integer values .* at path \[1\]"):
        two_player_tree(Node.by_depth([1, Fraction(1, 2)]))
