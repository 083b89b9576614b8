"""Implicit uniform two-player trees: searched without being built, in O(depth) memory.

The average-case results for two players are asymptotic: Knuth and Moore's b/log b for
shallow-only pruning (cited by Korf 3.2.6) and Pearl's ξ_b/(1 − ξ_b) for full alpha-beta
(Heuristics, 1984) are approached slowly, deeper than a tree that has to be built can go.
Here a tree is only a key: leaf k of the uniform tree of branching b and depth d (k = 0 ..
b^d − 1, left to right; its path is k written in base b) has the value
:func:`leaf_value` (key, k), a counter-based random number (SplitMix64 of key + k, reduced to
the grid 0..M), so no node is stored and a search needs memory for its path only.

:func:`alphabeta_leaves` is the Alpha-Beta Pruning article's fail-hard alpha-beta (Knuth and Moore's
F2; the procedure of ``impl.alphabeta``) and :func:`shallow_leaves` Korf's procedure ``Shallow``
(3.2.2) for two players on the pairs (x, M − x), which is alpha-beta without deep cut-offs (Knuth
and Moore's F1), with immediate pruning at 0 and M; both take the full window at the root and count
every leaf they read. ``tests/test_experiments.py`` checks both against ``impl.alphabeta`` and
``impl.shallow`` on the same trees built by :func:`materialise`: same root value and same number of
leaves read.

Both recurse, one frame per level, and take depths up to :data:`MAX_DEPTH` (a search that
deep on a tree of b >= 2 would read more than 2^32 leaves: out of reach anyway).

Glossary: b the branching factor, d the depth, k a leaf's index, x a leaf's value (player 0's
component), M the grid (``GRID``).
"""

from gametree.experiments._common import GRID, uniform_tree
from gametree.spec import Tree

__all__ = [
    "MAX_DEPTH",
    "alphabeta_leaves",
    "leaf_value",
    "materialise",
    "shallow_leaves",
]

MAX_DEPTH = 64
"""The deepest implicit tree searched (the searches recurse once a level)."""

_MASK = (1 << 64) - 1


def leaf_value(key: int, k: int) -> int:
    """Leaf k's value in the tree ``key``: SplitMix64 (Steele, Lea, Flood 2014) of key + k.

    >>> leaf_value(0, 0), 0 <= leaf_value(5, 7) <= GRID
    (849030360, True)
    """
    z = (key + k * 0x9E3779B97F4A7C15 + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % (GRID + 1)


def _check(b: int, d: int) -> None:
    if not (b >= 1 and 0 <= d <= MAX_DEPTH):
        raise ValueError(f"an implicit tree needs b >= 1 and 0 <= d <= {MAX_DEPTH} (got {b}, {d})")


def materialise(key: int, b: int, d: int) -> Tree:
    """The same tree built (``uniform_tree``, players in turn), to check the searches on."""
    _check(b, d)
    leaves = iter(range(b**d))
    return uniform_tree(b, d, lambda: leaf_value(key, next(leaves)), 2)


def alphabeta_leaves(key: int, b: int, d: int) -> tuple[int, int]:
    """(Minimax value, leaves read) of fail-hard alpha-beta on the implicit tree, full window.

    Max moves at the root. "alpha = max(alpha, child); if alpha >= beta: break" (and the
    mirror at Min), as in ``impl.alphabeta``; the window is (−1, M + 1), which no leaf reaches,
    so it acts as (−∞, ∞).
    """
    _check(b, d)
    read = 0

    def at_max(k: int, h: int, alpha: int, beta: int) -> int:
        nonlocal read
        if h == 0:
            read += 1
            return leaf_value(key, k)
        for c in range(k * b, k * b + b):
            v = at_min(c, h - 1, alpha, beta)
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
        return alpha

    def at_min(k: int, h: int, alpha: int, beta: int) -> int:
        nonlocal read
        if h == 0:
            read += 1
            return leaf_value(key, k)
        for c in range(k * b, k * b + b):
            v = at_max(c, h - 1, alpha, beta)
            if v < beta:
                beta = v
                if alpha >= beta:
                    break
        return beta

    value = at_max(0, d, -1, GRID + 1)
    return value, read


def shallow_leaves(key: int, b: int, d: int) -> tuple[int, int]:
    """(Minimax value, leaves read) of Korf's ``Shallow`` on the pairs (x, M − x), Sum = M.

    With player 1's component M − x, Korf's test ``Best[Player] >= Bound`` becomes: a Max
    node stops once its best x reaches ``high`` (M for a first child, else the Min parent's
    best so far), a Min node once its least x falls to ``low`` (0 for a first child, else the
    Max parent's best so far); a child replaces the best only if strictly better.
    """
    _check(b, d)
    read = 0

    def at_max(k: int, h: int, high: int) -> int:
        nonlocal read
        if h == 0:
            read += 1
            return leaf_value(key, k)
        first = k * b
        best = at_min(first, h - 1, 0)
        for c in range(first + 1, first + b):
            if best >= high:
                return best
            v = at_min(c, h - 1, best)
            best = max(best, v)
        return best

    def at_min(k: int, h: int, low: int) -> int:
        nonlocal read
        if h == 0:
            read += 1
            return leaf_value(key, k)
        first = k * b
        best = at_max(first, h - 1, GRID)
        for c in range(first + 1, first + b):
            if best <= low:
                return best
            v = at_max(c, h - 1, best)
            best = min(best, v)
        return best

    value = at_max(0, d, GRID)
    return value, read
