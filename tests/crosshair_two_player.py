"""Contracts that tie impl's two-player searches to spec, for CrossHair to check (PEP 316).

``tests/test_impl_two_player_crosshair.py`` runs ``crosshair check`` on these functions with
the tree creators of ``tests/crosshair_plugin.py`` (scalar trees of bounded height and
branching, symbolic ``int`` leaves), so each ``post:`` line is checked on every tree shape up
to that size, symbolically in the leaf values and in the window. The last function is a
canary: a false claim that CrossHair must refute, showing that it really reaches the searches
with symbolic values.
"""

from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.mtdf import mtdf
from gametree.impl.pvs import pvs
from gametree.proofs.machinery._crosshair_targets import is_fishburn, is_knuth_moore
from gametree.spec import Path, Scalar, Tree, minimax, negamax  # noqa: F401 - the contracts use them

__all__ = [
    "fail_hard_alphabeta",
    "fail_soft_alphabeta",
    "fail_soft_is_exact_on_any_window",
    "full_window_mtdf",
    "full_window_negamax_alphabeta",
    "full_window_pvs",
    "is_fishburn",
    "is_knuth_moore",
]


def fail_hard_alphabeta(t: Tree, alpha: int, beta: int) -> Scalar:
    """Fail-hard alpha-beta (the Alpha-Beta Pruning article) on the window (alpha, beta).

    pre: alpha < beta
    post: is_knuth_moore(minimax(t).value, __return__, alpha, beta)
    """
    return alphabeta(t, alpha, beta).value


def fail_soft_alphabeta(t: Tree, alpha: int, beta: int) -> Scalar:
    """Fishburn's fail-soft alpha-beta on the window (alpha, beta).

    pre: alpha < beta
    post: is_fishburn(minimax(t).value, __return__, alpha, beta)
    """
    return alphabeta(t, alpha, beta, fail_soft=True).value


def full_window_negamax_alphabeta(t: Tree) -> tuple[Scalar, Path]:
    """Negamax alpha-beta with the full window: spec.negamax's value and principal variation.

    post: __return__ == (negamax(t).value, negamax(t).principal_variation)
    """
    r = negamax_alphabeta(t)
    return r.value, r.principal_variation


def full_window_pvs(t: Tree) -> tuple[Scalar, Path]:
    """PVS with the full window: spec.negamax's value and principal variation.

    post: __return__ == (negamax(t).value, negamax(t).principal_variation)
    """
    r = pvs(t)
    return r.value, r.principal_variation


def full_window_mtdf(t: Tree, first_guess: int) -> tuple[Scalar, Path]:
    """MTD(f) from any first guess: spec.minimax's value and principal variation.

    post: __return__ == (minimax(t).value, minimax(t).principal_variation)
    """
    r = mtdf(t, first_guess)
    return r.value, r.principal_variation


def fail_soft_is_exact_on_any_window(t: Tree, alpha: int, beta: int) -> Scalar:
    """A canary: fail-soft alpha-beta, falsely claimed exact whatever the window.

    Refuted by, for instance, ``Node(1, (Leaf(5), Leaf(0)))`` with the window (6, 7): Min
    stops at 5 <= 6 and reports 5, an upper bound on the value 0.

    pre: alpha < beta
    post: __return__ == minimax(t).value
    """
    return alphabeta(t, alpha, beta, fail_soft=True).value
