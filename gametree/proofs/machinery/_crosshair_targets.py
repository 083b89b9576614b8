"""The claims CrossHair checks per shape (see :mod:`proofs.symbolic`), as PEP 316 contracts.

Each target takes a tree built by ``proofs._crosshair_plugin`` (one fixed shape, symbolic
integer leaves) and returns whether its claim holds; ``post: __return__`` asks CrossHair to
show it does on every path. Vector targets first check Korf's bounds (``GAMETREE_PROOF_SUM``,
lower bound 0) and hold vacuously outside them, because the searches rely on them.

``canary_minimax_is_never_7`` is false on purpose: a run that does not refute it did not reach
the code with symbolic values.
"""

import os

from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.deep import deep_pruning_unsound
from gametree.impl.immediate import immediate
from gametree.impl.last_branch import last_branch
from gametree.impl.mtdf import mtdf
from gametree.impl.paranoid import paranoid as impl_paranoid
from gametree.impl.pvs import pvs
from gametree.impl.shallow import shallow
from gametree.impl.speculative import speculative
from gametree.impl.window import Bound
from gametree.proofs.machinery._crosshair_plugin import symbolic_node
from gametree.spec import Bounds, Leaf, Scalar, Tree, maxn, minimax, negamax, paranoid

SUM = int(os.environ.get("GAMETREE_PROOF_SUM", "9"))
"""Korf's bound on the sum of a leaf's components (the lower bound is 0)."""


def is_knuth_moore(v: Scalar, r: Scalar, a: Bound, b: Bound) -> bool:
    """Knuth and Moore's F2: v <= a => r <= a; a < v < b => r = v; v >= b => r >= b."""
    if v <= a:
        return r <= a
    if v >= b:
        return r >= b
    return r == v


def is_fishburn(v: Scalar, r: Scalar, a: Bound, b: Bound) -> bool:
    """Fishburn: r <= a => v <= r; a < r < b => r = v; r >= b => v >= r."""
    if r <= a:
        return v <= r
    if r >= b:
        return v >= r
    return r == v


def _within(t: Tree) -> bool:
    """Every leaf has components >= 0 summing to at most SUM (one call per level)."""
    if isinstance(t, Leaf):
        v = t.value
        assert isinstance(v, tuple)
        return all(c >= 0 for c in v) and sum(v) <= SUM
    return all(_within(c) for c in t.children)


# --- two players -------------------------------------------------------------------------------


def alphabeta_full_window(t: Tree) -> bool:
    """Fail-hard and fail-soft alpha-beta with the full window: minimax's value and move line.

    post: __return__
    """
    s = minimax(t)
    hard, soft = alphabeta(t), alphabeta(t, fail_soft=True)
    return all(
        (r.value, r.principal_variation) == (s.value, s.principal_variation) for r in (hard, soft)
    )


def alphabeta_windows(t: Tree, a: int, b: int) -> bool:
    """Knuth–Moore for fail-hard, Fishburn for fail-soft, fail-soft between the two.

    pre: a < b
    post: __return__
    """
    v = minimax(t).value
    hard, soft = alphabeta(t, a, b).value, alphabeta(t, a, b, fail_soft=True).value
    return (
        is_knuth_moore(v, hard, a, b)
        and is_fishburn(v, soft, a, b)
        and min(hard, v) <= soft <= max(hard, v)
    )


def negamax_searches_full_window(t: Tree) -> bool:
    """Negamax alpha-beta (both kinds) and PVS: spec.negamax's value and move line.

    post: __return__
    """
    s = negamax(t)
    found = [negamax_alphabeta(t), negamax_alphabeta(t, fail_soft=True), pvs(t)]
    return all((r.value, r.principal_variation) == (s.value, s.principal_variation) for r in found)


def mtdf_from_any_guess(t: Tree, guess: int) -> bool:
    """MTD(f) from any first guess: minimax's value and move line.

    post: __return__
    """
    s, r = minimax(t), mtdf(t, guess)
    return (r.value, r.principal_variation) == (s.value, s.principal_variation)


def negamax_is_minimax(t: Tree) -> bool:
    """ModMinMax is minimax seen by the player to move (0 at these roots; "Game Tree").

    post: __return__
    """
    n, m = negamax(t), minimax(t)
    return (n.value, n.principal_variation) == (m.value, m.principal_variation)


def _pairs(t: Tree) -> Tree:
    """``spec.as_pairs(t)`` built without hashing symbolic leaves (see the plugin).

    ``spec.as_pairs`` builds its nodes with the constructor, which caches a hash of the leaves;
    hashing a symbolic int makes CrossHair fix its value, and the paths never end.
    """
    if isinstance(t, Leaf):
        v = t.value
        assert not isinstance(v, tuple)
        return Leaf((v, -v))
    return symbolic_node(t.to_move, [_pairs(c) for c in t.children])


def maxn_of_pairs_is_minimax(t: Tree) -> bool:
    """Korf 3.1: maxn on (x, -x) is negamax: the pair (v, -v), with minimax's move line.

    post: __return__
    """
    p, m = maxn(_pairs(t)), minimax(t)
    return p.value == (m.value, -m.value) and p.principal_variation == m.principal_variation


def deep_pruning_on_pairs(t: Tree, m: int) -> bool:
    """Two players: deep pruning on (x, -x), with |x| <= m, is maxn (alpha-beta).

    pre: m >= 0
    post: __return__
    """
    pairs = _pairs(t)
    if not all(-m <= v <= m for v in _scalars(t)):
        return True
    r, s = deep_pruning_unsound(pairs, Bounds(-m, 0)), maxn(pairs)
    return (r.value, r.principal_variation) == (s.value, s.principal_variation)


def _scalars(t: Tree) -> list[Scalar]:
    if isinstance(t, Leaf):
        v = t.value
        assert not isinstance(v, tuple)
        return [v]
    return [x for c in t.children for x in _scalars(c)]


def canary_minimax_is_never_7(t: Tree) -> bool:
    """False on purpose: CrossHair must find a tree worth 7.

    post: __return__
    """
    return minimax(t).value != 7


# --- N players ----------------------------------------------------------------------------------


def _exact(search: object, t: Tree) -> bool:
    assert callable(search)
    r, s = search(t, Bounds(0, SUM)), maxn(t)
    return bool((r.value, r.principal_variation) == (s.value, s.principal_variation))


def immediate_is_maxn(t: Tree) -> bool:
    """Korf 3.2.1: immediate pruning gives maxn's value and move line.

    post: __return__
    """
    return not _within(t) or _exact(immediate, t)


def shallow_is_maxn(t: Tree) -> bool:
    """Korf 3.2.2: shallow pruning gives maxn's value and move line.

    post: __return__
    """
    return not _within(t) or _exact(shallow, t)


def last_branch_is_maxn(t: Tree) -> bool:
    """Sturtevant 2003: last-branch pruning gives maxn's value and move line.

    post: __return__
    """
    return not _within(t) or _exact(last_branch, t)


def speculative_is_maxn(t: Tree) -> bool:
    """Sturtevant 2003: speculative pruning gives maxn's value and move line.

    post: __return__
    """
    return not _within(t) or _exact(speculative, t)


def paranoid_is_a_guarantee(t: Tree) -> bool:
    """The root player's paranoid value is at most its maxn component; impl agrees with spec.

    post: __return__
    """
    s = paranoid(t)
    root = maxn(t).value
    r = impl_paranoid(t)
    return s.value <= root[0] and (r.value, r.principal_variation) == (
        s.value,
        s.principal_variation,
    )
