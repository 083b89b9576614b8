"""A greedy shrinker for failing cases: smaller trees, smaller values, wider windows.

Glossary: a *candidate* is a case one edit smaller than the current one; the shrinker takes
the first candidate that still fails, and starts again from it, until none does or the
budget of attempts is spent. Edits, most drastic first: delete half of a node's children,
then a quarter, and so on (so a 257-child node shrinks in a few dozen attempts, not a few
thousand), hoist a child into its parent's place (the root first), delete a child, turn a
node into its first leaf, move half (a quarter, ...) of a wide node's leaves to their smallest
value at once, move a leaf value towards 0 (each vector component towards the lower bound),
drop a side of the window, and start MTD(f) from 0.

A game case (``gametree.conform.games``) shrinks by its own edits, most drastic first: end a
state (it becomes terminal, worth its evaluation), delete a move, lower the depth, the
quiescence limit or the node budget, make a state quiet or take it out of check, drop a noisy
move, and move a utility or an evaluation towards 0; states the root no longer reaches are
dropped.

Every candidate keeps what the case needs to be valid: vector leaves within the case's
bounds (values only move towards the lower bound) and in its ``domain`` (a candidate with a
fraction in an integer case is not tried), and, with ``by_depth``, players moving in turn by
depth from player 0 (the movers are relabelled after each edit).
"""

import time
from collections.abc import Callable, Iterator
from fractions import Fraction

import attrs

from gametree.conform.codec import Case, domain_problem, game_case
from gametree.conform.games import GameGraph, GameState
from gametree.conform.semantics import SEMANTICS
from gametree.spec import Leaf, Node, Scalar, Tree, Value, iter_leaves, subtree
from gametree.spec.tree import leftmost_leaf_path, preorder

__all__ = ["shrink", "size"]


def size(case: Case) -> tuple[int, int, int]:
    """What the shrinker makes smaller: nodes, then the magnitude of values, then window.

    For a game: states and moves, then depth, quiescence, noise and budget, then values.
    """
    if case.game is not None:
        return _game_size(case)
    magnitude: Scalar = 0
    for _, x in preorder(case.tree):
        if isinstance(x, Leaf):
            v = x.value
            components: tuple[Scalar, ...] = v if isinstance(v, tuple) else (v,)
            for c in components:
                magnitude += c if c >= 0 else -c
    sides = (case.alpha is not None) + (case.beta is not None)
    return (case.tree.size, int(magnitude), sides)


def _replace(t: Tree, path: tuple[int, ...], new: Tree | None) -> Tree:
    """``t`` with the subtree at ``path`` replaced by ``new`` (deleted when ``None``)."""
    if not path:
        assert new is not None
        return new
    nodes = []
    n = t
    for i in path:
        assert isinstance(n, Node)
        nodes.append(n)
        n = n.children[i]
    out: Tree | None = new
    for node, i in zip(reversed(nodes), reversed(path), strict=True):
        kids = list(node.children)
        kept = list(range(len(kids)))
        if out is None:
            del kids[i], kept[i]
        else:
            kids[i] = out
        out = node.with_children(kids, kept)
    assert out is not None
    return out


def _by_depth(t: Tree) -> Tree:
    """``t`` with player d mod N moving at depth d (rebuilt bottom-up, without recursion)."""
    if isinstance(t, Leaf):
        return t
    n = t.players
    stack: list[tuple[Node, int, list[Tree]]] = [(t, 0, [])]
    while True:
        node, d, built = stack[-1]
        if len(built) < len(node.children):
            c = node.children[len(built)]
            if isinstance(c, Leaf):
                built.append(c)
            else:
                stack.append((c, d + 1, []))
            continue
        stack.pop()
        rebuilt = node.with_children(built) if node.is_chance else Node(d % n, built)
        if not stack:
            return rebuilt
        stack[-1][2].append(rebuilt)


def _towards(v: Scalar, target: Scalar) -> Iterator[Scalar]:
    if v == target:
        return
    yield target
    if isinstance(v, Fraction):
        yield int(v)
    half = target + (v - target) // 2
    if half not in {v, target}:
        yield half
    yield v - 1 if v > target else v + 1


def _smaller_values(v: Value, lower: Scalar, zero: Scalar = 0) -> Iterator[Value]:
    if not isinstance(v, tuple):
        yield from _towards(v, zero)
        return
    for i, c in enumerate(v):
        for smaller in _towards(c, lower):
            if smaller >= lower and (smaller < c):
                yield (*v[:i], smaller, *v[i + 1 :])


def _blocks(k: int) -> Iterator[tuple[int, int]]:
    """(start, stop) of the halves of ``range(k)``, then its quarters, ... down to pairs.

    >>> list(_blocks(5))
    [(0, 2), (2, 4)]
    """
    block = k // 2
    while block >= 2:
        for start in range(0, k - block + 1, block):
            yield start, start + block
        block //= 2


def _smallest(t: Tree, lower: Scalar, zero: Scalar = 0) -> Tree:
    """A leaf at the smallest value the shrinker moves it to (``zero``; a vector ``lower``)."""
    if isinstance(t, Node):
        return t
    v = t.value
    return Leaf(tuple(lower for _ in v) if isinstance(v, tuple) else zero)


def _game_size(case: Case) -> tuple[int, int, int]:
    g = case.game
    assert g is not None
    noise = sum((not x.quiet) + x.check + len(x.noisy) for x in g.states)
    budget = (case.max_nodes or 0).bit_length()
    magnitude: Scalar = 0
    for x in g.states:
        v: Scalar = x.utility if x.utility is not None else x.evaluation
        magnitude += v if v >= 0 else -v
    return (g.size, case.depth + case.quiescence + noise + budget, int(magnitude))


def _game_candidates(case: Case) -> Iterator[Case]:  # noqa: PLR0912 - one loop per kind of edit
    g = case.game
    assert g is not None

    def asked(new: GameGraph, depth: int, quiescence: int, max_nodes: int | None) -> Case:
        return game_case(case.semantics, new, depth, quiescence=quiescence, max_nodes=max_nodes,
                         alpha=case.alpha, beta=case.beta)  # fmt: skip

    def with_states(states: list[GameState]) -> Case:
        return asked(GameGraph.of(states).reachable(), case.depth, case.quiescence, case.max_nodes)

    def edited(s: int, x: GameState) -> Case:
        states = list(g.states)
        states[s] = x
        return with_states(states)

    for s, x in enumerate(g.states):
        if x.moves and s > 0:
            yield edited(s, GameState(x.to_move, utility=x.evaluation))
    for s, x in enumerate(g.states):
        if len(x.moves) > 1:
            for i in range(len(x.moves)):
                moves = x.moves[:i] + x.moves[i + 1 :]
                labels = {m for m, _ in moves}
                noisy = tuple(m for m in x.noisy if m in labels)
                yield edited(s, attrs.evolve(x, moves=moves, noisy=noisy))
    depths = [case.depth - 1] if case.depth > 1 else []
    for d in depths:
        yield asked(g, d, case.quiescence, case.max_nodes)
    low = 1 if case.semantics == "game-negamax-stand-pat" else 0
    if case.quiescence > low:
        yield asked(g, case.depth, case.quiescence - 1, case.max_nodes)
    if case.max_nodes is not None and case.max_nodes > 1:
        for n in (1, case.max_nodes // 2, case.max_nodes - 1):
            if 0 < n < case.max_nodes:
                yield asked(g, case.depth, case.quiescence, n)
    for s, x in enumerate(g.states):
        if x.check:
            yield edited(s, attrs.evolve(x, check=False))
        if not x.quiet:
            yield edited(s, attrs.evolve(x, quiet=True, noisy=()))
        for m in x.noisy:
            yield edited(s, attrs.evolve(x, noisy=tuple(n for n in x.noisy if n != m)))
    for s, x in enumerate(g.states):
        if x.utility is not None:
            for v in _towards(x.utility, 0):
                yield edited(s, attrs.evolve(x, utility=v))
        else:
            for v in _towards(x.evaluation, 0):
                yield edited(s, attrs.evolve(x, evaluation=v))


def candidates(case: Case, *, by_depth: bool) -> Iterator[Case]:
    """Every case one edit smaller than ``case``, most drastic first.

    A case with leaf bounds [L, U] (Star1, Star2) keeps every leaf within them: its values
    shrink towards the one of [L, U] nearest 0, and an edit that leaves them is not made.
    """
    edits = _candidates(case, by_depth=by_depth)
    interval = case.interval
    if interval is None:
        yield from edits
        return
    for c in edits:
        if all(interval.problem(x.value) is None for _, x in iter_leaves(c.tree)):
            yield c


def _candidates(case: Case, *, by_depth: bool) -> Iterator[Case]:  # noqa: PLR0912 - one loop per edit
    if case.game is not None:
        yield from _game_candidates(case)
        return
    t = case.tree
    fix = _by_depth if by_depth else (lambda x: x)
    nodes = [(tuple(p), x) for p, x in preorder(t) if isinstance(x, Node)]
    for p, n in nodes:  # a wide node loses half its children, then a quarter, ...
        for start, stop in _blocks(len(n.children)):
            kept = n.children[:start] + n.children[stop:]
            which = [*range(start), *range(stop, len(n.children))]
            yield attrs.evolve(case, tree=fix(_replace(t, p, n.with_children(kept, which))))
    for p, n in nodes:
        for i in range(len(n.children)):
            yield attrs.evolve(case, tree=fix(_replace(t, p, n.children[i])))
    for p, n in nodes:
        if len(n.children) > 1:
            for i in range(len(n.children)):
                yield attrs.evolve(case, tree=fix(_replace(t, (*p, i), None)))
    for p, n in nodes:
        first = subtree(n, leftmost_leaf_path(n))
        yield attrs.evolve(case, tree=fix(_replace(t, p, first)))
    lower = case.bounds.lower if case.bounds is not None else 0
    box = case.interval
    zero: Scalar = 0 if box is None else min(max(0, box.lower), box.upper)
    for p, n in nodes:  # a wide node's leaves go to their smallest value half at a time, ...
        for start, stop in _blocks(len(n.children)):
            kids = [_smallest(c, lower, zero) if start <= k < stop else c
                    for k, c in enumerate(n.children)]  # fmt: skip
            if kids != list(n.children):
                yield attrs.evolve(case, tree=_replace(t, p, n.with_children(kids)))
    for p, x in [(tuple(p), x) for p, x in preorder(t) if isinstance(x, Leaf)]:
        for v in _smaller_values(x.value, lower, zero):
            yield attrs.evolve(case, tree=_replace(t, p, Leaf(v)))
    if SEMANTICS[case.semantics].window:
        if case.alpha is not None:
            yield attrs.evolve(case, alpha=None)
        if case.beta is not None:
            yield attrs.evolve(case, beta=None)
    if case.player is not None and case.player > 0:
        yield attrs.evolve(case, player=0)
    if case.first_guess != 0:
        yield attrs.evolve(case, first_guess=0)


def shrink(
    case: Case,
    fails: Callable[[Case], bool],
    *,
    by_depth: bool,
    budget: int = 500,
    seconds: float = 60.0,
    trail: list[Case] | None = None,
    asked: Callable[[Case], bool] = lambda _case: True,
) -> tuple[Case, int]:
    """The smallest case the greedy search reaches from ``case``, and the edits it took.

    ``fails`` is called at most ``budget`` times, and no new call starts after ``seconds``
    (a guard: a budget of attempts, not of time, keeps the result independent of the
    target's speed). Only candidates smaller by :func:`size` are tried, so the search ends,
    and only those ``asked`` allows (a case the target is never asked, such as a lone leaf
    when it searches only non-terminal roots, is neither tried nor counted). Each case
    accepted is appended to ``trail``, if given.
    """
    steps = 0
    calls = 0
    current = case
    improved = True
    deadline = time.monotonic() + seconds
    while improved and calls < budget and time.monotonic() < deadline:
        improved = False
        here = size(current)
        for c in candidates(current, by_depth=by_depth):
            if size(c) >= here or not _valid(c) or not asked(c):
                continue
            calls += 1
            if fails(c):
                current, steps, improved = c, steps + 1, True
                if trail is not None:
                    trail.append(c)
                break
            if calls >= budget or time.monotonic() >= deadline:
                break
    return current, steps


def _valid(case: Case) -> bool:
    """Whether the case is still one its semantics takes.

    A paranoid player in range; the leaves in the case's domain (a value moved towards a
    fractional lower bound leaves the integers).
    """
    in_range = case.player is None or case.player < case.tree.players
    return in_range and domain_problem(case) is None
