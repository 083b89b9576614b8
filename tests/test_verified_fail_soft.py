"""The Nagini kernel of fail-soft in negamax form: its copies of the two-player definitions.

What it computes and reads, against ``impl``, and that its seeded flaw and its deleted cut-off
are real bugs, is ``tests/test_verified_pinned.py``'s; the stored verdicts are
``tests/test_verified_results.py``'s. (That fail-soft lies between fail-hard and the true
value, which the kernel's docstring says is not verified, is tested on impl in
``tests/test_alphabeta.py``.)
"""

from gametree.proofs.nagini import NAGINI, definitions


def test_the_kernel_repeats_the_two_player_definitions_word_for_word() -> None:
    mine = definitions(NAGINI.source("fail_soft"))
    theirs = definitions(NAGINI.source("two_player"))
    shared = set(mine) & set(theirs)
    assert {"tree", "kids", "minimax", "alphabeta_choice", "alphabeta_soft_choice"} <= shared
    for name in shared:
        assert mine[name] == theirs[name], f"{name} differs between fail_soft.py and two_player.py"
