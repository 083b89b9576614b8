"""What the engine tests share: random search cases, and the checks of a result against the spec.

A *case* is a game, a position and a cut (depth, quiescence, forward pruning) small enough for
``spec.search`` to read the whole cut tree in milliseconds. ``check_result`` is the one
checker every engine result goes through (STYLE.md: "One independent checker, run on every
result"): the value is ``spec.search.cut_negamax``'s; the best move is one of
``optimal_moves``; every move of the principal variation is optimal where it is played, and
the line ends at a leaf of the cut tree worth the value; and, when the engine searches in the
game's order, the whole line is the spec's.
"""

import functools
import math
from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import strategies as st

from gametree.impl.engine import Engine
from gametree.impl.result import SearchResult
from gametree.spec import Game, Path, Scalar, Solution, worth
from gametree.spec.search import Keep, Tapered, tapered
from gametree.spec.search import cut_negamax as spec_cut_negamax
from gametree.spec.search import move_values as spec_move_values
from tests.engine_games import (
    TICTACTOE,
    AllMovesExchange,
    bonuses,
    exchanges,
    nim_positions,
    tictactoe_positions,
)

AnyGame = Game[Any, Any]


@functools.lru_cache(maxsize=1 << 16)
def _cut_negamax(
    game: Any, s: object, depth: int | None, quiescence: int, keep: Keep | None
) -> Solution[Scalar]:
    return spec_cut_negamax(game, s, depth, quiescence=quiescence, keep=keep)


@functools.lru_cache(maxsize=1 << 16)
def _move_values(
    game: Any, s: object, depth: int | None, quiescence: int, keep: Keep | None
) -> tuple[tuple[int, Scalar], ...]:
    return spec_move_values(game, s, depth, quiescence=quiescence, keep=keep)


def cut_negamax(
    game: AnyGame, s: object, depth: int | None, *, quiescence: int = 0, keep: Keep | None = None
) -> Solution[Scalar]:
    """``spec.search.cut_negamax``, remembered: the checks ask for the same positions often.

    The games, states and k functions of the tests are frozen, so hashable; the spec is a
    function of them.
    """
    key: Any = game
    return _cut_negamax(key, s, depth, quiescence, keep)


def move_values(
    game: AnyGame, s: object, depth: int | None, *, quiescence: int = 0, keep: Keep | None = None
) -> tuple[tuple[int, Scalar], ...]:
    """``spec.search.move_values``, remembered as ``cut_negamax`` is."""
    key: Any = game
    return _move_values(key, s, depth, quiescence, keep)


@attrs.frozen
class Shifted:
    """k(ply + offset): forward pruning's k seen from a state ``offset`` plies below the root."""

    keep: Keep
    offset: int

    def __call__(self, ply: int) -> int:
        return self.keep(ply + self.offset)


@attrs.frozen
class Case:
    """A search to check: a game, a position, and the cut (depth, quiescence, forward pruning)."""

    game: AnyGame
    state: object
    depth: int | None
    quiescence: int = 0
    keep: Keep | None = None

    def cut(self, r: float | None = None, ply: int = 0) -> dict[str, Any]:
        """The spec's keyword arguments for the subtree of a state with r plies left at ``ply``.

        Below the horizon (r <= 0) that subtree is the cut at depth 0 with the quiescence that
        remains, q + r; forward pruning's k is shifted by the ply.
        """
        if r is None:
            r = math.inf if self.depth is None else self.depth
        keep = None if self.keep is None else (self.keep if ply == 0 else Shifted(self.keep, ply))
        depth = None if r == math.inf else max(int(r), 0)
        return {
            "depth": depth,
            "quiescence": self.quiescence + min(int(min(r, 0)), 0),
            "keep": keep,
        }

    def engine(self, **options: Any) -> Engine[Any, Any]:
        """An engine for this case's game and cut, with the given ordering and table options."""
        return Engine(self.game, quiescence=self.quiescence, keep=self.keep, **options)


@functools.cache
def _depths(limit: int, *, unlimited: bool) -> st.SearchStrategy[int | None]:
    """Depths 0..limit, each thrice as likely as 0, and no limit as likely when ``unlimited``."""
    choices: list[int | None] = [0]
    choices += [d for d in range(1, limit + 1) for _ in range(3)]
    if unlimited:
        choices += [None] * 3
    return st.sampled_from(choices)


keeps: st.SearchStrategy[Tapered | None] = st.none() | st.lists(
    st.integers(1, 4), min_size=1, max_size=3
).map(lambda ws: tapered(*ws))
"""No forward pruning, or tapered widths of 1 to 4 at plies 0, 1, 2 and deeper."""


_KINDS = st.sampled_from(["tictactoe", "nim", "exchange", "all-moves", "bonus"])
_QUIESCENCE = st.integers(0, 3)


@st.composite
def cases(draw: st.DrawFn, *, cuts: bool = True) -> Case:
    """A case in tic-tac-toe, Nim, Exchange (with quiescence) or Bonus (a player moves twice).

    ``cuts``: draw quiescence and forward pruning too. Shrinks towards tic-tac-toe's empty board
    at depth 0 without either.
    """
    keep = draw(keeps) if cuts else None
    kind = draw(_KINDS)
    if kind == "tictactoe":
        b = draw(tictactoe_positions())
        empty = b.cells.count(None)
        depth = draw(_depths(3 if empty > 6 else 4, unlimited=empty <= 5 or keep is not None))
        return Case(TICTACTOE, b, depth, keep=keep)
    if kind == "nim":
        nim, s = draw(nim_positions())
        return Case(nim, s, draw(_depths(4, unlimited=True)), keep=keep)
    if kind == "bonus":
        game, bs = draw(bonuses())
        return Case(game, bs, draw(_depths(5, unlimited=True)), keep=keep)
    exchange, es = draw(exchanges())
    quiescence = draw(_QUIESCENCE) if cuts else 0
    game_: AnyGame = exchange if kind == "exchange" else AllMovesExchange(exchange)
    return Case(game_, es, draw(_depths(3, unlimited=True)), quiescence, keep)


options: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {
        "table": st.booleans(),
        "killers": st.integers(0, 2),
        "history": st.booleans(),
        "static_ordering": st.booleans(),
    }
).flatmap(
    lambda o: st.fixed_dictionaries(
        {**{k: st.just(v) for k, v in o.items()}, "hash_move": st.just(False) | st.just(o["table"])}
    )
)
"""Engine options: any table and move ordering (the hash move only with a table)."""


def in_game_order(options: dict[str, Any]) -> bool:
    """Whether an engine with these options searches every node's moves in the game's order."""
    return not (
        options.get("hash_move")
        or options.get("killers")
        or options.get("history")
        or options.get("static_ordering")
    )


def replay(game: AnyGame, s: object, path: Path) -> object:
    """The state reached from ``s`` by the moves at these indices in the game's order."""
    for i in path:
        s = game.successor(s, game.moves(s)[i])
    return s


def leaf_value(game: AnyGame, s: object) -> Scalar:
    """A leaf's value from player 0's view: its utility, or its static evaluation."""
    v = game.utility(s) if game.is_terminal(s) else game.evaluate(s)  # type: ignore[attr-defined]
    assert not isinstance(v, tuple)
    return v


def check_variation(case: Case, line: Path, value: Scalar) -> None:
    """Each move of ``line`` is optimal where played, and it ends at a leaf worth ``value``.

    ``value`` is to the player to move at the root. Optimal: its value (``move_values`` on the
    subtree there) is the largest of that state's moves in the cut tree.
    """
    game = case.game
    s = case.state
    r: float = math.inf if case.depth is None else case.depth
    for ply, i in enumerate(line):
        worths = dict(move_values(game, s, **case.cut(r, ply)))
        assert i in worths, f"move {i} at ply {ply} is not in the cut tree"
        assert worths[i] == max(worths.values()), f"move {i} at ply {ply} is not optimal"
        s = game.successor(s, game.moves(s)[i])
        r -= 1
    assert move_values(game, s, **case.cut(r, len(line))) == (), "the line stops above a leaf"
    assert worth(leaf_value(game, s), game.to_move(case.state)) == value


def check_trace(case: Case, found: SearchResult[Scalar]) -> None:
    """The trace has one path per leaf read, each to a distinct leaf of the cut tree."""
    assert found.trace is not None
    assert len(found.trace) == found.leaves_evaluated
    assert len(set(found.trace)) == len(found.trace)
    assert found.leaves_evaluated <= found.nodes_visited
    for path in found.trace:
        end = replay(case.game, case.state, path)
        r = math.inf if case.depth is None else case.depth - len(path)
        assert move_values(case.game, end, **case.cut(r, len(path))) == ()


def check_result(case: Case, found: SearchResult[Scalar], *, game_order: bool) -> None:
    """``found`` is the spec's answer for ``case`` (see the module docstring)."""
    spec = cut_negamax(case.game, case.state, **case.cut())
    assert found.value == spec.value
    assert type(found.value) is type(spec.value)
    if game_order:
        assert found.principal_variation == spec.principal_variation
    check_variation(case, found.principal_variation, found.value)
    if found.trace is not None:
        check_trace(case, found)


class Counted:
    """A game wrapper that counts the calls of ``evaluate`` and ``utility``."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.players = game.players
        self.evaluations = 0
        self.utilities = 0

    def __getattr__(self, name: str) -> Callable[..., Any]:
        return getattr(self.game, name)  # type: ignore[no-any-return]

    def evaluate(self, state: object) -> object:
        self.evaluations += 1
        return self.game.evaluate(state)  # type: ignore[attr-defined]

    def utility(self, state: object) -> object:
        self.utilities += 1
        return self.game.utility(state)
