"""Deep-pruning traps at a distance: pruning with a bound from further up is wrong there.

A trap is a tree on which pruning with the bound of one ancestor further up than the parent
gives a wrong maxn value (Korf 3.2.3).
"Surprisingly, deep pruning does not generalize to more than two players." Korf's Figure 5
shows it with the grandparent's bound; an engine can go wrong with any ancestor's: one that
generalises alpha-beta's "the same player two plies up" to "the last ancestor where the same
player moved" prunes with the bound from N plies up in an N-player game. The vectors carry a
trap for every distance, found by :func:`find_trap`, so a mistake at any of them is caught.

:func:`deep_at` is Korf's procedure ``Shallow`` (``impl.shallow``) where a node also stops
when its best leaves the ancestor ``distance`` levels up nothing better than that ancestor
already has: the bound ``Sum - Best`` on the ancestor's component, ``Sum - Best[Player]``,
is at most the ancestor's own best. Distance 1 is the parent, which is shallow pruning and
sound; from 2 on it is deep pruning from that one ancestor, and unsound with three or more
players.

Glossary: ``line`` holds, for each ancestor from the root down to the parent, the player who
moves there and its best component so far (0, the shifted lower bound, before its first child
returns); ``total`` is Korf's ``Sum``.
"""

import random
from functools import partial

from gametree.impl.maxn_stack import Backed, Search, call, korf_bounds, run
from gametree.spec import Bounds, Leaf, Node, Scalar, Tree, Value, Vector, maxn

__all__ = ["deep_at", "find_trap"]


def _search(
    node: Node,
    player: int,
    line: tuple[tuple[int, Scalar], ...],
    *,
    total: Scalar,
    distance: int,
) -> Search[Backed[Vector]]:
    """``Shallow`` with the bound of the parent and of the ancestor ``distance`` levels up."""
    bounders = list(line[-1:])
    if distance > 1 and len(line) >= distance:
        bounders.append(line[-distance])
    bound = total
    for q, best_q in bounders:
        if q != player:  # Sum - Best[q] bounds every component but q's
            bound = min(bound, total - best_q)
    best = yield call(0, (*line, (player, 0)))
    for i in range(1, len(node.children)):
        if best[player] >= bound:
            return best
        next_ = yield call(i, (*line, (player, best[player])))
        if next_[player] > best[player]:
            best = next_
    return best


def deep_at(t: Tree, bounds: Bounds, distance: int) -> Value:
    """The value of shallow pruning plus deep pruning from the ancestor ``distance`` up."""
    total, evaluate = korf_bounds(t, bounds, "deep pruning")
    search = partial(_search, total=total, distance=distance)
    return run(t, search, ((),), evaluate, trace=False).value


def find_trap(rng: random.Random, *, players: int, distance: int, bounds: Bounds) -> Tree:
    """A by-depth tree within ``bounds`` on which :func:`deep_at` at ``distance`` is wrong.

    Drawn from ``rng`` (height distance + 1 or + 2, two or three children, vectors summing to
    the bound most of the time, a few distinct ones so that ties happen) until one is found.
    """
    surplus = int(bounds.total - players * bounds.lower)
    while True:
        height = distance + rng.randint(1, 2)
        pool = [_vector(rng, players, surplus, bounds.lower) for _ in range(rng.randint(3, 6))]
        t = _grow(rng, height, players, pool)
        if deep_at(t, bounds, distance) != maxn(t).value:
            return t


def _vector(rng: random.Random, players: int, surplus: int, lower: Scalar) -> tuple[Scalar, ...]:
    units, left = [], surplus
    for _ in range(players - 1):
        x = rng.randint(0, left)
        units.append(x)
        left -= x
    units.append(left if rng.random() < 0.7 else rng.randint(0, left))
    rng.shuffle(units)
    return tuple(lower + u for u in units)


def _grow(rng: random.Random, height: int, players: int, pool: list[tuple[Scalar, ...]]) -> Tree:
    stack: list[tuple[int, int, list[Tree]]] = [(0, rng.randint(2, 3), [])]
    while True:
        d, k, built = stack[-1]
        if len(built) < k:
            if d + 1 >= height or (d > 0 and rng.random() < 0.2):
                built.append(Leaf(rng.choice(pool)))
            else:
                stack.append((d + 1, rng.randint(2, 3), []))
            continue
        stack.pop()
        node = Node(d % players, built)
        if not stack:
            return node
        stack[-1][2].append(node)
