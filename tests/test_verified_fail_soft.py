"""The Nagini kernel of fail-soft in negamax form: equal to impl, its seeded flaw a real bug.

(The stored results: ``tests/test_verified_results.py``. That fail-soft lies between fail-hard
and the true value, which the kernel's docstring says is not verified, is tested on impl in
``tests/test_alphabeta.py``.)
"""

from hypothesis import given
from hypothesis import strategies as st

from gametree.impl import alphabeta as impl_alphabeta
from gametree.impl import negamax_alphabeta
from gametree.proofs.nagini import FLAWS, definitions, fail_soft, seeded_module
from gametree.proofs.nagini.convert import fail_soft_tree
from gametree.spec import Leaf, Node, minimax, negamax
from gametree.spec.strategies import scalar_trees

TREES = scalar_trees(by_depth=False) | scalar_trees(ties=True)
"""Integer trees, players in turn or not (a player moving twice), with ties."""


@given(TREES, st.integers(-12, 12), st.integers(1, 12))
def test_the_kernel_computes_what_impl_runs(t: Node | Leaf, a: int, w: int) -> None:
    """Fail-soft in negamax form is impl's, over every window; the definitions repeated from
    the two-player kernel are impl's and spec's too."""
    k, b = fail_soft_tree(t), a + w
    soft = negamax_alphabeta(t, a, b, fail_soft=True).value
    assert fail_soft.negamax_alphabeta_soft(k, a, b) == soft
    hard, soft = impl_alphabeta(t, a, b).value, impl_alphabeta(t, a, b, fail_soft=True).value
    assert (fail_soft.alphabeta(k, a, b), fail_soft.alphabeta_soft(k, a, b)) == (hard, soft)
    assert fail_soft.negamax(k) == negamax(t).value
    assert fail_soft.minimax(k) == minimax(t).value


def test_the_seeded_window_flaw_gives_a_wrong_value_inside_the_window() -> None:
    """Not swapping the window: the seeded child stops at 1 >= b = 1, and -1 is inside (-3, 1)
    but the value is -2. (A full window hides it: b is never lowered, so no child of the
    seeded search is cut off, and without cutoffs it is negamax.)"""
    flaw = next(f for f in FLAWS if f.name == "negamax-soft-window-not-swapped")
    t = Node(0, [Node(1, [Leaf(-1), Leaf(-2)])])
    k = fail_soft_tree(t)
    assert seeded_module(flaw).negamax_alphabeta_soft(k, -3, 1) == -1
    assert fail_soft.negamax_alphabeta_soft(k, -3, 1) == negamax(t).value == -2


def test_every_flaw_of_the_kernel_is_checked() -> None:
    names = {f.name for f in FLAWS if f.kernel == "fail_soft"}
    assert names == {"negamax-soft-window-not-swapped"}


def test_the_kernel_repeats_the_two_player_definitions_word_for_word() -> None:
    mine, theirs = definitions("fail_soft"), definitions("two_player")
    shared = set(mine) & set(theirs)
    assert {"tree", "kids", "minimax", "alphabeta_choice", "alphabeta_soft_choice"} <= shared
    for name in shared:
        assert mine[name] == theirs[name], f"{name} differs between fail_soft.py and two_player.py"
