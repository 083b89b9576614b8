"""Engines that play a seat of a game: pick a move by a named search, at a depth or in a time.

Glossary: s is a state, d a depth (plies), N the number of players, a *seat* one player's
place at the table, *budget* the seconds a move may take.

Two ways to search, both exact for what they compute:

- ``alphabeta`` (two players, the default): ``impl.Engine``, fail-soft negamax alpha-beta on
  the game itself, with a transposition table, the hash move, two killers a ply and the
  history heuristic, by iterative deepening (the Game Tree Search notes, "Depth of Search", strategy
  2; the CSCE 315 slides, "Dealing with Time") to the depth, or under the time budget. Its value is
  ``spec.search.cut_negamax``'s at the depth it completed; its move is one of
  ``spec.search.optimal_moves`` (what it learnt orders moves, never changes values). The engine is
  kept between moves, so the table carries over (definition 4 of ``spec.search``).
- A search of ``gametree.algorithms`` by its name there (``pvs``, ``mtdf``,
  ``negamax-alphabeta-fail-hard`` for two players; ``shallow``, the default for N ≥ 3,
  ``paranoid``, ``maxn``, ``immediate``, ``last-branch``, ``speculative``; an old spelling such
  as ``last_branch`` is taken too, with the registry's note): ``spec.unfold`` of the tree cut
  at depth d, then the search on that explicit tree, which is exact and fine at small depths.
  The multi-player searches get the game's Korf bounds for a search of d plies from s
  (``bounds_below``). Under a time budget the depths 1, 2, ... are searched in turn, a deeper
  one started only if it is predicted to finish in the budget (the last one's time times the
  growth from the one before), and the deepest completed one plays.

Values are reported to the player to move (a two-player minimax value is turned to the mover's
side); a maxn value is the whole vector; a paranoid value is the mover's worth.

>>> from gametree.games import ConnectFour
>>> game = ConnectFour(4, 4, 3)
>>> engine = EnginePlayer(game, "alphabeta", depth=3)
>>> choice = engine.choose(game.initial_state())
>>> choice.depth, choice.value, choice.principal_variation
(3, Fraction(1, 24), (0, 0, 1))
"""

import time
from collections.abc import Callable
from typing import Any

import attrs

from gametree.algorithms import SPELLINGS, Options, lookup
from gametree.impl import Engine
from gametree.spec import Bounds, Node, Path, Tree, Value, unfold, worth

__all__ = ["MULTI_PLAYER", "TWO_PLAYER", "Choice", "EnginePlayer", "default_engine"]

TWO_PLAYER = ("alphabeta", "pvs", "mtdf", "negamax-alphabeta-fail-hard")
"""The searches a two-player seat can use (``alphabeta`` is ``impl.Engine``)."""

MULTI_PLAYER = ("shallow", "paranoid", "maxn", "immediate", "last-branch", "speculative")
"""The searches a seat of an N-player game (N ≥ 3) can use."""


def default_engine(players: int) -> str:
    """``alphabeta`` for two players, ``shallow`` (Korf's pruning) for more."""
    return "alphabeta" if players == 2 else "shallow"


@attrs.frozen
class Choice:
    """An engine's move and how it found it.

    ``move`` is the index of the move in ``game.moves(state)``; ``principal_variation`` the
    line of move indices from ``state`` (``[0]`` is ``move``); ``value`` as the module
    docstring says; ``depth`` the depth searched (the deepest completed, under a budget);
    ``nodes_visited`` and ``leaves_evaluated`` count every iteration's work.
    """

    move: int
    value: Value
    principal_variation: Path
    depth: int
    nodes_visited: int
    leaves_evaluated: int
    seconds: float
    algorithm: str


class EnginePlayer:
    """One seat's engine: a named search at a fixed ``depth`` or within ``time_limit`` seconds.

    ``clock`` is read for the time budget only (tests pass a fake one). Raises ``ValueError``
    for a search that does not fit the game (a two-player search on three players, ...).
    """

    def __init__(
        self,
        game: Any,
        algorithm: str,
        *,
        depth: int | None = None,
        time_limit: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        names = TWO_PLAYER if game.players == 2 else MULTI_PLAYER
        self.note: str | None = None
        """The registry's note when ``algorithm`` is an old spelling (``last_branch``)."""
        found = SPELLINGS.get(algorithm)
        if algorithm not in names and found is not None and found.algorithm.name in names:
            algorithm, self.note = found.algorithm.name, found.note
        if algorithm not in names:
            raise ValueError(
                f"no engine {algorithm!r} for a {game.players}-player game; the engines are: "
                f"{', '.join(names)}"
            )
        if (depth is None) == (time_limit is None):
            raise ValueError("give an engine a depth or a time budget (one of them)")
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or depth < 1
        ):
            raise ValueError(f"'depth' must be a positive int (got {depth!r})")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"the time budget must be positive (got {time_limit!r})")
        self.game = game
        self.algorithm = algorithm
        self.depth = depth
        self.time_limit = time_limit
        self.clock = clock
        self.engine: Engine[Any, Any] | None = (
            Engine(game, table=True, hash_move=True, killers=2, history=True)
            if algorithm == "alphabeta"
            else None
        )

    def describe(self) -> str:
        """The engine's name and its limit, as the play command prints it."""
        limit = f"depth {self.depth}" if self.depth is not None else f"{self.time_limit} s"
        return f"{self.algorithm}, {limit}"

    def choose(self, state: object) -> Choice:
        """The move to play in ``state`` (which must not be over)."""
        if self.game.is_terminal(state):
            raise ValueError("the game is over: there is no move to choose")
        started = time.perf_counter()
        if self.engine is not None:
            return self._engine_choice(state, started)
        return self._tree_choice(state, started)

    def _engine_choice(self, state: object, started: float) -> Choice:
        assert self.engine is not None
        if self.depth is not None:
            found = self.engine.deepen(state, max_depth=self.depth)
        else:
            found = self.engine.deepen(
                state, time_limit=self.time_limit, clock=self.clock, poll=256
            )
        r = found.result
        assert r.best_move is not None
        return Choice(
            r.best_move,
            r.value,
            r.principal_variation,
            found.depth,
            found.nodes_visited,
            found.leaves_evaluated,
            time.perf_counter() - started,
            self.algorithm,
        )

    def _tree_choice(self, state: object, started: float) -> Choice:
        if self.depth is not None:
            return self._search_tree(state, self.depth, started, 0, 0)[0]
        assert self.time_limit is not None
        begin = self.clock()
        nodes = leaves = 0
        last = before = 0.0
        d = 1
        while True:
            t0 = self.clock()
            best, solved = self._search_tree(state, d, started, nodes, leaves)
            spent = self.clock() - t0
            nodes, leaves = best.nodes_visited, best.leaves_evaluated
            before, last = last, spent
            if solved:
                return best
            growth = last / before if before > 0 else 2.0
            if self.clock() - begin + last * max(growth, 1.0) > self.time_limit:
                return best
            d += 1

    def _search_tree(
        self, state: object, depth: int, started: float, nodes: int, leaves: int
    ) -> tuple[Choice, bool]:
        """The search at ``depth``, and whether every line ended above it (deeper is the same)."""
        game = self.game
        t = unfold(game, state, depth)
        bounds: Bounds | None = game.bounds_below(state, depth) if game.players > 2 else None
        algorithm = lookup(self.algorithm).algorithm
        answer = algorithm.run(t, bounds, Options())
        assert isinstance(t, Node)
        assert answer.best_move is not None
        value = answer.value
        if algorithm.reference == "spec.minimax":
            assert not isinstance(value, tuple)
            value = worth(value, t.to_move)
        choice = Choice(
            answer.best_move,
            value,
            answer.principal_variation,
            depth,
            nodes + answer.nodes_visited,
            leaves + answer.leaves_evaluated,
            time.perf_counter() - started,
            self.algorithm,
        )
        return choice, _height(t) < depth


def _height(t: Tree) -> int:
    """The longest path from the root of ``t`` to a leaf, in edges."""
    best = 0
    stack = [(t, 0)]
    while stack:
        n, d = stack.pop()
        if isinstance(n, Node):
            stack.extend((c, d + 1) for c in n.children)
        else:
            best = max(best, d)
    return best
