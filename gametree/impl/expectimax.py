"""Expectimax: every leaf of a tree with chance nodes, left to right (Ballard 1983, section 1).

Glossary: n is a node, p the player to move, p_i the probability of child i of a chance node,
``total`` the sum of p_i v_i over the children searched so far, N the number of players.

A chance node's value is "the weighted average of the values of its successors" (Ballard's
introduction); a player's node takes its best child: the largest value where Max (player 0)
moves and the smallest where Min moves, for two players, or the vector best for the player
to move, as maxn has it (Korf 3.1), for N. Written, like maxn (``impl.maxn``), as a generator
on ``impl.maxn_stack``'s explicit stack.

>>> from gametree.spec import Node
>>> t = Node(0, [Node.chance([4, Node(1, [6, 1])], ["1/2", "1/2"]), 2])
>>> r = expectimax(t, trace=True)
>>> r.value, r.principal_variation, r.trace
(Fraction(5, 2), (0,), ((0, 0), (0, 1, 0), (0, 1, 1), (1,)))
"""

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Generic, TypeVar

import attrs

from gametree.impl._support import unwind
from gametree.impl.chance_events import Expectimax
from gametree.impl.maxn_stack import Backed, Line, Search, call, run
from gametree.impl.result import SearchResult
from gametree.spec import Game, Leaf, Node, Path, Scalar, Tree, TreeError, Value
from gametree.spec.game import _leaf_value
from gametree.spec.tree import CHANCE, _as_probabilities, _check_chance

__all__ = ["expected", "expectimax", "expectimax_search", "game_expectimax", "prefers"]

S = TypeVar("S")
M = TypeVar("M")


def expectimax_search(node: Node, player: int) -> Search[Backed[Value]]:
    """Expectimax at one node: the children's values, weighted (chance) or the best (a player)."""
    if node.probabilities is not None:
        total: Value = 0
        for i, p in enumerate(node.probabilities):
            next_ = yield call(i)
            total = expected(total, p, next_.score)
        return Backed(total, total, None)
    best = yield call(0)
    for i in range(1, len(node.children)):
        next_ = yield call(i)
        if prefers(player, next_.score, best.score):
            best = next_
    return best


def prefers(p: int, new: Value, old: Value) -> bool:
    """Whether player ``p`` strictly prefers ``new`` to ``old`` (Korf's tie rule: the leftmost).

    Max (0) the larger scalar, Min (1) the smaller; with vectors, the larger p-th component.
    """
    if isinstance(new, tuple):
        assert isinstance(old, tuple)
        return new[p] > old[p]
    assert not isinstance(old, tuple)
    return new > old if p == 0 else new < old


def expected(total: Value, p: Fraction, v: Value) -> Value:
    """``total + p·v``, exact, component by component for vectors; integral results as ints."""
    if isinstance(v, tuple):
        base = total if isinstance(total, tuple) else (0,) * len(v)
        return tuple(_exact(t + p * c) for t, c in zip(base, v, strict=True))
    assert not isinstance(total, tuple)
    return _exact(total + p * v)


def _exact(x: Scalar) -> Scalar:
    return x.numerator if isinstance(x, Fraction) and x.denominator == 1 else x


def _leaf(leaf: Leaf, line: Line) -> Backed[Value]:
    return Backed(leaf.value, leaf.value, line)


def expectimax(t: Tree, *, trace: bool = False, events: bool = False) -> SearchResult[Value]:
    """The expectimax value of ``t`` and its principal variation, reading every leaf.

    Exactly ``spec.expectimax``'s value and line: children left to right, a later child
    replacing the best only if strictly better for the player to move, the line ending at a
    leaf or at the first chance node on it. Two players (scalars, Max's view) or N (vectors);
    relies on no bounds. O(n) time for n nodes, every leaf read once (Hauk et al. 2004:
    "Expectimax is a full-width search algorithm"); O(height) frames.
    """
    watch = Expectimax() if events else None
    return run(t, expectimax_search, (), _leaf, trace=trace, watch=watch)


@attrs.define
class _Frame(Generic[S, M]):
    """A state being searched: its key in the table, its moves, and what its children gave."""

    key: tuple[S, int | None]
    state: S
    below: int | None
    moves: Sequence[M]
    player: int
    probabilities: tuple[Fraction, ...] | None
    i: int = 0
    total: Value = 0
    best: tuple[Value, Line] | None = None


def game_expectimax(  # noqa: PLR0915 - one loop over an explicit stack, as impl.engine's
    game: Game[S, M], state: S, depth: int | None = None, *,
    evaluate: Callable[[S], object] | None = None, table: bool = True, trace: bool = False,
) -> SearchResult[Value]:  # fmt: skip
    """Expectimax on a game with chance states (dice), each state searched once per depth.

    ``spec.chance.game_expectimax``'s value and line, exactly: the game walked directly, not
    unfolded, with a chance state's value sum p_i v_i over its outcomes and a player's state
    its best move (the leftmost of equals). With ``table`` (a transposition table keyed by
    the state and the plies left below it, as an engine keeps one; states must be hashable) a
    state met again at the same depth is answered from the table, so the work is linear in the
    states of the game graph, not in the paths to them. ``nodes_visited`` counts every state
    entered, those the table answers included; ``leaves_evaluated`` each utility or static
    evaluation read; ``trace`` their paths of move indices. No recursion: an explicit stack.
    With the table O(k·b) time for k pairs (state, plies left) of b moves each, and O(k)
    memory; without it O(n) for the n nodes of the cut tree, and O(depth) frames.
    """
    value = _leaf_value(game, evaluate)
    players = game.players
    memo: dict[tuple[S, int | None], tuple[Value, Line]] = {}
    stack: list[_Frame[S, M]] = []
    path: list[int] = []
    paths: list[Path] | None = [] if trace else None
    nodes = leaves = 0

    def fault(problem: str) -> TreeError:
        return TreeError(problem, tuple(path))

    def leaf(s: S) -> Value:
        nonlocal leaves
        leaves += 1
        if paths is not None:
            paths.append(tuple(path))
        try:
            return value(s)
        except TreeError as e:
            raise fault(e.problem) from None

    def enter(s: S, r: int | None) -> tuple[Value, Line] | None:
        """The state's value and line at once (a leaf, or the table's), or a frame pushed."""
        nonlocal nodes
        nodes += 1
        key = (s, r)
        if table and key in memo:
            return memo[key]
        if game.is_terminal(s) or r == 0:
            out: tuple[Value, Line] = (leaf(s), None)
            if table:
                memo[key] = out
            return out
        moves = game.moves(s)
        if not moves:
            raise fault("a state that is not terminal has no legal moves")
        p = game.to_move(s)
        ps = None
        if p == CHANCE and not isinstance(p, bool):
            given = getattr(game, "probabilities", None)
            if given is None:
                raise fault("a chance state ('to_move' is CHANCE) needs the game's 'probabilities'")
            try:
                ps = _as_probabilities(given(s))
                _check_chance(CHANCE, len(moves), ps)
            except TreeError as e:
                raise fault(e.problem) from None
        elif isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players:
            raise fault(f"'to_move' must be in 0..{players - 1} (got {p!r})")
        stack.append(_Frame(key, s, None if r is None else r - 1, moves, p, ps))
        return None

    out = enter(state, depth)
    while stack:
        f = stack[-1]
        if out is not None:  # the reply of child f.i
            v, line = out
            if f.probabilities is not None:
                f.total = expected(f.total, f.probabilities[f.i], v)
            elif f.best is None or prefers(f.player, v, f.best[0]):
                f.best = (v, (f.i, line))
            f.i += 1
            out = None
        if f.i < len(f.moves):
            path.append(f.i)
            out = enter(game.successor(f.state, f.moves[f.i]), f.below)
            if out is not None:
                path.pop()
            continue
        stack.pop()
        if f.probabilities is not None:
            out = (f.total, None)
        else:
            assert f.best is not None
            out = f.best
        if table:
            memo[f.key] = out
        if stack:
            path.pop()
    assert out is not None
    return SearchResult(
        value=out[0],
        principal_variation=unwind(out[1]),
        nodes_visited=nodes,
        leaves_evaluated=leaves,
        trace=None if paths is None else tuple(paths),
    )
