"""The Nagini kernel of deep's sound half: what it takes, and its copies of maxn.

What it computes and reads, against ``impl``'s deep pruning and ``spec``'s maxn, and that each
seeded flaw and the deleted cut-off is a real bug, is ``tests/test_verified_pinned.py``'s; the
stored verdicts are ``tests/test_verified_results.py``'s.
"""

import pytest

from gametree.proofs.nagini import NAGINI, definitions
from gametree.proofs.nagini.convert import deep_tree
from gametree.spec import Node, TreeError


def test_the_deep_kernel_takes_two_players() -> None:
    with pytest.raises(TreeError, match="two players"):
        deep_tree(Node.by_depth([(1, 2, 3), (0, 1, 2)]), lower=0)


def test_the_deep_kernel_repeats_the_multi_player_trees_word_for_word() -> None:
    mine = definitions(NAGINI.source("deep"))
    theirs = definitions(NAGINI.source("multi_player"))
    shared = set(mine) & set(theirs)
    assert shared == {"VTree", "VKids", "vtree", "vkids", "maxn_choice", "maxn", "better"}
    for name in shared:
        assert mine[name] == theirs[name], f"{name} differs between deep.py and multi_player.py"
