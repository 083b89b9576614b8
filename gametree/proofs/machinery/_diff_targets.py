"""The two functions ``crosshair diffbehavior`` compares (see :mod:`proofs.diffbehavior`).

:func:`first` and :func:`second` have the same signature: each takes a tree built by
``proofs._crosshair_plugin`` (one fixed shape, symbolic integer leaves) and returns what one
search says of it, :func:`answer`: ``(value, principal variation)``. Which search each runs is
read once, at import, from ``GAMETREE_DIFF_FIRST`` and ``GAMETREE_DIFF_SECOND`` (names in
:data:`SEARCHES`), so CrossHair calls the two of a pair on the same symbolic tree and looks for
one on which they return different things.

The searches that rely on Korf's bounds (:data:`BOUNDED`: lower bound 0, sum at most
``GAMETREE_PROOF_SUM``) are compared only within them: outside, :func:`answer` returns ``None``
for both sides of such a pair (``impl`` would raise on a leaf outside the bounds, and ``spec``
would not), so a difference reported is one within the bounds.

``impl.alphabeta (0, 1)`` differs from ``spec.minimax`` on purpose: fail-hard alpha-beta with
the window (0, 1) returns a bound, not the value. A run that finds no difference there did not
reach the code with symbolic values (``tests/test_proofs_diffbehavior.py``).
"""

import os
from collections.abc import Callable
from typing import Protocol

from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.deep import deep_pruning_unsound
from gametree.impl.evaluations import alphabeta_one_function
from gametree.impl.evaluations import separate_evaluations as impl_separate_evaluations
from gametree.impl.immediate import immediate
from gametree.impl.last_branch import last_branch
from gametree.impl.maxn import maxn as impl_maxn
from gametree.impl.mtdf import mtdf
from gametree.impl.paranoid import paranoid as impl_paranoid
from gametree.impl.pvs import pvs
from gametree.impl.shallow import shallow
from gametree.impl.speculative import speculative
from gametree.proofs.machinery._crosshair_plugin import symbolic_node
from gametree.spec import (
    Bounds,
    Leaf,
    Path,
    Solution,
    Tree,
    Value,
    maxn,
    minimax,
    negamax,
    paranoid,
    separate_evaluations,
)

__all__ = ["BOUNDED", "SEARCHES", "Answer", "answer", "first", "second"]

Answer = tuple[Value, Path] | None
"""What a search says of a tree: its value and principal variation (``None`` outside bounds)."""


class Found(Protocol):
    """What ``spec`` definitions and ``impl`` searches both return."""

    @property
    def value(self) -> Value: ...  # the root's value

    @property
    def principal_variation(self) -> Path: ...  # the moves to the leaf


def _pairs(t: Tree) -> Tree:
    """``spec.as_pairs(t)`` built without hashing symbolic leaves (see the plugin)."""
    if isinstance(t, Leaf):
        v = t.value
        assert not isinstance(v, tuple)
        return Leaf((v, -v))
    return symbolic_node(t.to_move, [_pairs(c) for c in t.children])


def _maxn_of_pairs(t: Tree) -> Found:
    """The maxn value of the pairs (x, -x), as a scalar: the first component (Korf 3.1)."""
    s = maxn(_pairs(t))
    assert isinstance(s.value, tuple)
    return Solution(s.value[0], s.principal_variation)


SEARCHES: dict[str, Callable[[Tree, Bounds], Found]] = {
    # two players, scalar leaves
    "spec.minimax": lambda t, _: minimax(t),
    "spec.negamax": lambda t, _: negamax(t),
    "spec.maxn of pairs": lambda t, _: _maxn_of_pairs(t),
    "impl.alphabeta": lambda t, _: alphabeta(t),
    "impl.alphabeta fail-soft": lambda t, _: alphabeta(t, fail_soft=True),
    "impl.alphabeta (0, 1)": lambda t, _: alphabeta(t, 0, 1),
    "impl.negamax_alphabeta": lambda t, _: negamax_alphabeta(t),
    "impl.negamax_alphabeta fail-soft": lambda t, _: negamax_alphabeta(t, fail_soft=True),
    "impl.pvs": lambda t, _: pvs(t),
    "impl.mtdf": lambda t, _: mtdf(t, 0),
    # paranoid: scalar or vector leaves, no bounds needed
    "spec.paranoid": lambda t, _: paranoid(t),
    "impl.paranoid": lambda t, _: impl_paranoid(t),
    # two players with a pair of evaluations at each leaf (Korf 2.1), no bounds needed
    "spec.separate_evaluations": lambda t, _: separate_evaluations(t),
    "impl.separate_evaluations": lambda t, _: impl_separate_evaluations(t),
    "impl.alphabeta_one_function": lambda t, _: alphabeta_one_function(t, 0),
    # N players, vector leaves within Korf's bounds
    "spec.maxn": lambda t, _: maxn(t),
    "impl.maxn": lambda t, _: impl_maxn(t),
    "impl.immediate": immediate,
    "impl.shallow": shallow,
    "impl.last_branch": last_branch,
    "impl.speculative": speculative,
    "impl.deep_pruning_unsound": deep_pruning_unsound,
}
"""Every search a pair can name, as a function of the tree and Korf's bounds."""

BOUNDED = frozenset(
    {
        "spec.maxn",
        "impl.maxn",
        "impl.immediate",
        "impl.shallow",
        "impl.last_branch",
        "impl.speculative",
        "impl.deep_pruning_unsound",
    }
)
"""The searches compared only on trees within Korf's bounds (``spec.maxn`` and ``impl.maxn``
too, so that they pair with the pruning searches and with each other on the same trees)."""


def _within(t: Tree, bounds: Bounds) -> bool:
    """Every leaf keeps to ``bounds`` (one call per level; a symbolic branch per comparison)."""
    if isinstance(t, Leaf):
        v = t.value
        assert isinstance(v, tuple)
        return all(c >= bounds.lower for c in v) and sum(v) <= bounds.total
    return all(_within(c, bounds) for c in t.children)


def answer(name: str, t: Tree, bounds: Bounds) -> Answer:
    """What the search called ``name`` says of ``t``: ``(value, principal variation)``.

    ``None`` for a search in :data:`BOUNDED` on a tree outside ``bounds``.
    """
    if name in BOUNDED and not _within(t, bounds):
        return None
    r = SEARCHES[name](t, bounds)
    return r.value, r.principal_variation


BOUNDS = Bounds(0, int(os.environ.get("GAMETREE_PROOF_SUM", "9")))
"""Korf's bounds of the run (lower bound 0, the sum from ``GAMETREE_PROOF_SUM``)."""
FIRST = os.environ.get("GAMETREE_DIFF_FIRST", "spec.minimax")
SECOND = os.environ.get("GAMETREE_DIFF_SECOND", "spec.minimax")


def first(t: Tree) -> Answer:
    """The first search of the pair (``GAMETREE_DIFF_FIRST``) on ``t``."""
    return answer(FIRST, t, BOUNDS)


def second(t: Tree) -> Answer:
    """The second search of the pair (``GAMETREE_DIFF_SECOND``) on ``t``."""
    return answer(SECOND, t, BOUNDS)
