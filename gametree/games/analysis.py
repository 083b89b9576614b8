"""Counting and solving games: perft, positions per ply, and exact values over transpositions.

Glossary: s is a state, d a depth (plies), m a move, p the player to move.

- :func:`perft` counts the leaves of the tree cut at depth d (``spec.unfold``'s tree): move
  sequences of length d, plus each game that ended sooner, once. Chess programs call the count
  of sequences of length d "perft" (``ended=False``: a game over before depth d counts
  nothing); for games where nothing ends before depth d the two agree. :func:`divide` is
  perft below each move, as engine authors print it to find the move their generator gets wrong.
  It walks the game directly, over an explicit stack, so it checks a game's move generator
  independently of ``spec.unfold`` (tests compare the two).
- :func:`positions_by_ply` counts the *distinct* states reached after exactly n plies, for
  each n, expanding only states that are not over: OEIS A212693 counts these for Connect Four.
- :func:`solve` is the exact value of the whole game of a two-player game by minimax over the
  graph of distinct states, each solved once (a transposition table in the simplest form). It
  is a checker for the small boards whose values are published, not a search to play with:
  it visits every reachable state.

None of these recurse: games as long as memory allows work.
"""

from collections.abc import Hashable
from typing import TypeVar

import attrs

from gametree.spec import Game, Scalar, exact_scalar

__all__ = ["Solved", "divide", "perft", "perft_by_depth", "positions_by_ply", "solve"]

S = TypeVar("S", bound=Hashable)
M = TypeVar("M")


def perft(
    game: Game[S, M], state: S, depth: int, *, ended: bool = True, limit: int | None = None
) -> int:
    """The number of leaves of the game's tree from ``state`` cut at ``depth``.

    With ``ended=False``, chess programs' perft: the move sequences of exactly ``depth`` moves
    (a game over sooner counts 0). With ``limit``, the count stops as soon as it passes it (the
    result is then ``limit + 1``). O(nodes) time, O(depth · b) memory.

    >>> from gametree.games import ConnectFour
    >>> game = ConnectFour()
    >>> [perft(game, game.initial_state(), d) for d in range(4)]
    [1, 7, 49, 343]
    >>> small = ConnectFour(rows=1, columns=2, connect=1)
    >>> perft(small, small.initial_state(), 2), perft(small, small.initial_state(), 2, ended=False)
    (2, 0)
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"'depth' must be a non-negative int (got {depth!r})")
    leaves = 0
    stack = [(state, depth)]
    while stack:
        s, d = stack.pop()
        if d == 0 or game.is_terminal(s):
            leaves += d == 0 or ended
            if limit is not None and leaves > limit:
                return limit + 1
            continue
        moves = game.moves(s)
        if not moves:
            raise ValueError(f"a state that is not terminal has no moves: {s!r}")
        stack.extend((game.successor(s, m), d - 1) for m in moves)
    return leaves


def divide(game: Game[S, M], state: S, depth: int) -> list[tuple[M, int]]:
    """Each move of ``state`` with chess programs' perft below it at ``depth - 1``, in order.

    Their sum is ``perft(game, state, depth, ended=False)``; at depth 1 it lists the moves.

    >>> from gametree.games import Nim
    >>> divide(Nim((1, 2)), Nim((1, 2)).initial_state(), 2)
    [((0, 1), 2), ((1, 1), 2), ((1, 2), 1)]
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"'depth' must be a positive int (got {depth!r})")
    if game.is_terminal(state):
        return []
    return [(m, perft(game, game.successor(state, m), depth - 1, ended=False))
            for m in game.moves(state)]  # fmt: skip


def perft_by_depth(game: Game[S, M], state: S, max_depth: int) -> list[int]:
    """``[perft(game, state, d) for d in 0..max_depth]`` in one walk of the deepest tree.

    A leaf of the tree cut at depth d is a state at depth d, or a terminal state above it.
    """
    if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0:
        raise ValueError(f"'max_depth' must be a non-negative int (got {max_depth!r})")
    at_depth = [0] * (max_depth + 1)
    ended_at = [0] * (max_depth + 1)
    stack = [(state, 0)]
    while stack:
        s, d = stack.pop()
        at_depth[d] += 1
        if game.is_terminal(s):
            ended_at[d] += 1
            continue
        if d < max_depth:
            stack.extend((game.successor(s, m), d + 1) for m in game.moves(s))
    counts = []
    ended_above = 0
    for d in range(max_depth + 1):
        counts.append(at_depth[d] + ended_above)
        ended_above += ended_at[d]
    return counts


def positions_by_ply(game: Game[S, M], state: S, plies: int) -> list[int]:
    """The number of distinct states after exactly n plies, for n = 0..plies.

    States that are over are counted at their ply and not expanded. O(states) memory.

    >>> from gametree.games import ConnectFour
    >>> game = ConnectFour()
    >>> positions_by_ply(game, game.initial_state(), 4)   # OEIS A212693
    [1, 7, 49, 238, 1120]
    """
    layer = {state}
    counts = [1]
    for _ in range(plies):
        nxt: set[S] = set()
        for s in layer:
            if not game.is_terminal(s):
                nxt.update(game.successor(s, m) for m in game.moves(s))
        layer = nxt
        counts.append(len(layer))
    return counts


@attrs.frozen
class Solved:
    """The exact value of a whole game (player 0's view) and how many distinct states it took."""

    value: Scalar
    states: int


def solve(game: Game[S, M], state: S) -> Solved:
    """The minimax value of the whole game from ``state``, over its distinct states.

    Two-player games only (values from player 0's point of view); a player may move twice in
    a row. Each distinct state is solved once (depth-first, over an explicit stack), so the
    cost is O(reachable states · b) time and O(reachable states) memory. Raises ``ValueError``
    if the game revisits a state on the current line (a cycle: the game need not end).

    >>> from gametree.games import ConnectFour
    >>> solve(ConnectFour(rows=3, columns=3, connect=3), ConnectFour(3, 3, 3).initial_state())
    Solved(value=0, states=694)
    """
    if game.players != 2:
        raise ValueError(f"solve needs a two-player game (got {game.players} players)")
    memo: dict[S, Scalar] = {}
    on_line: set[S] = set()
    stack: list[S] = [state]
    while stack:
        s = stack[-1]
        if s in memo:
            stack.pop()
            on_line.discard(s)
            continue
        if game.is_terminal(s):
            memo[s] = exact_scalar(game.utility(s))
            stack.pop()
            continue
        on_line.add(s)
        kids = [game.successor(s, m) for m in game.moves(s)]
        pending = [k for k in kids if k not in memo]
        if pending:
            for k in pending:
                if k in on_line:
                    raise ValueError(f"the game returns to a state on the same line: {k!r}")
            stack.extend(pending)
            continue
        values = [memo[k] for k in kids]
        memo[s] = max(values) if game.to_move(s) == 0 else min(values)
        stack.pop()
        on_line.discard(s)
    return Solved(memo[state], len(memo))
