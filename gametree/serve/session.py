"""The games the server holds: one :class:`Session` per game id, at most ``capacity`` of them.

A session is ``gametree play``'s table in memory (its games, notation, engines and outcomes,
``gametree.commands.play``): a game, a seat per player (a person, or a
``gametree.games.engines.EnginePlayer``), the state, the moves played and the last engine
move's search. Every fault a request can make is a :class:`RequestError` with the HTTP status
and a message naming what is wrong.

>>> sessions = Sessions(capacity=2)
>>> s = sessions.create({"game": "tictactoe", "seats": ["human", "engine"], "depth": 9})
>>> s.play("5")["to_move"], s.engine_move()["search"]["move"]
(1, '1')
>>> s.play("5")
Traceback (most recent call last):
...
gametree.serve.session.RequestError: not a move: cell 5 is taken
"""

import argparse
import collections
import secrets
import threading
from typing import Any

from gametree.commands import play
from gametree.explore import explore_page
from gametree.games.engines import MULTI_PLAYER, TWO_PLAYER, Choice, EnginePlayer, default_engine
from gametree.serve.boards import board, clicks
from gametree.spec import Node, Tree, unfold
from gametree.treefile import dumps

__all__ = ["CATALOGUE", "RequestError", "Session", "Sessions"]

CATALOGUE: dict[str, dict[str, object]] = {
    "connect4": {"title": "Connect Four", "players": [2]},
    "kalah": {"title": "Kalah", "players": [2]},
    "tictactoe": {"title": "Tic-tac-toe", "players": [2]},
    "othello": {"title": "Othello", "players": [2, 3, 4], "default_players": 3},
    "chinese-checkers": {"title": "Chinese Checkers", "players": [2, 3, 6], "default_players": 3},
}
"""The games the page offers, by ``gametree play``'s names, with their numbers of players."""

DEFAULT_DEPTH = {2: 6, 3: 3}
"""The depth an engine searches unless told (two players; three or more)."""

MAX_DEPTH = {2: 10, 3: 5}
"""The deepest an engine may be asked to search: impl.Engine for two players, the tree
searches (``spec.unfold`` of the cut tree, held in memory) for more."""

MAX_SECONDS = 30.0
"""The longest time budget a move may be given."""

MAX_EXPLORE_NODES = 150
"""The most nodes of the searched tree the explore view is given (cut at a shallower depth)."""


class RequestError(Exception):
    """A request the server refuses: ``status`` is the HTTP status, the message says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _bad(message: str) -> RequestError:
    return RequestError(400, message)


class Session:
    """One game at the table: its seats, its state, its moves and the last engine search.

    Methods are safe to call from several threads (a lock per session): two requests on one
    game are played one after the other.
    """

    def __init__(
        self,
        ident: str,
        name: str,
        seats: list[str],
        *,
        engine: str | None = None,
        depth: int | None = None,
        seconds: float | None = None,
    ) -> None:
        args = _play_arguments(name)
        try:
            self.game, self.ui = play.make_game(args, len(seats))
            players = self.game.players
            engine = engine or default_engine(players)
            if depth is None and seconds is None:
                depth = DEFAULT_DEPTH[min(players, 3)]
            self.seats: list[EnginePlayer | None] = [
                None
                if word == "human"
                else EnginePlayer(
                    self.game, engine if word == "engine" else word, depth=depth, time_limit=seconds
                )
                for word in seats
            ]
        except ValueError as e:
            raise _bad(str(e)) from None
        self.ident = ident
        self.name = name
        self.state: Any = self.game.initial_state()
        self.history: list[dict[str, object]] = []
        self.search: dict[str, object] | None = None
        self.searched: tuple[Any, int] | None = None
        self.lock = threading.Lock()

    def view(self) -> dict[str, object]:
        """The whole game as the page shows it (see ``docs/serve.md`` for the fields)."""
        with self.lock:
            return self._view()

    def play(self, text: str) -> dict[str, object]:
        """Play the move ``text`` (in ``gametree play``'s notation) for the person to move."""
        with self.lock:
            game, s = self.game, self.state
            if game.is_terminal(s):
                raise _bad("the game is over")
            p = game.to_move(s)
            if self.seats[p] is not None:
                raise _bad(f"it is the engine's move ({play.player_name(game, p)})")
            try:
                move = self.ui.parse_move(s, text)
            except ValueError as e:
                raise _bad(f"not a move: {e}") from None
            self._advance(p, move)
            return self._view()

    def engine_move(self) -> dict[str, object]:
        """Let the engine of the seat to move search and play; its search is the view's."""
        with self.lock:
            game, s = self.game, self.state
            if game.is_terminal(s):
                raise _bad("the game is over")
            p = game.to_move(s)
            seat = self.seats[p]
            if seat is None:
                raise _bad(f"it is a person's move ({play.player_name(game, p)})")
            choice = seat.choose(s)
            move = game.moves(s)[choice.move]
            self.search = _search_view(game, self.ui, s, seat, choice)
            self.searched = (s, choice.depth)
            self._advance(p, move)
            return self._view()

    def explored_tree(self) -> tuple[Tree, int]:
        """The tree the last engine move searched, cut to a size the explore view draws.

        It is cut at the deepest depth d, at most the one searched, where it has at most
        ``MAX_EXPLORE_NODES`` nodes (d = 1 at the least); returns the tree and d.
        """
        with self.lock:
            if self.searched is None:
                raise RequestError(404, "no engine has moved yet in this game")
            s, depth = self.searched
            tree, cut = unfold(self.game, s, 1), 1
            for d in range(2, depth + 1):
                deeper = unfold(self.game, s, d)
                if _size(deeper) > MAX_EXPLORE_NODES:
                    break
                tree, cut = deeper, d
            return tree, cut

    def explore_page(self) -> str:
        """The explore view (``gametree.explore``) of :meth:`explored_tree`.

        It runs the engine's search by its textbook name (``alphabeta`` for ``impl.Engine``,
        whose table, ordering and deepening the page does not have), with the game's Korf
        bounds for that depth below the searched state for three or more players.
        """
        tree, cut = self.explored_tree()
        with self.lock:
            assert self.searched is not None
            assert self.search is not None
            s = self.searched[0]
            bounds = self.game.bounds_below(s, cut) if self.game.players > 2 else None
            engine, move = self.search["engine"], self.search["move"]
            algorithm = str(self.search["algorithm"]).replace("_", "-")
        title = (f"{CATALOGUE[self.name]['title']}: the tree {engine} searched for {move}, "
                 f"cut at depth {cut}")  # fmt: skip
        return explore_page(dumps(tree, bounds), algorithm=algorithm, bounds=bounds, title=title)

    def _advance(self, p: int, move: object) -> None:
        self.history.append({"player": p, "move": self.ui.format_move(move)})
        self.state = self.game.successor(self.state, move)

    def _view(self) -> dict[str, object]:
        game, s = self.game, self.state
        over = game.is_terminal(s)
        p = game.to_move(s)
        return {
            "id": self.ident,
            "game": self.name,
            "title": CATALOGUE[self.name]["title"],
            "players": [
                {"name": play.player_name(game, q), "seat": _seat(seat)}
                for q, seat in enumerate(self.seats)
            ],
            "board": board(game, s),
            "to_move": None if over else p,
            "human_to_move": not over and self.seats[p] is None,
            "over": over,
            "outcome": play.outcome(game, s) if over else None,
            "moves": []
            if over
            else [
                {"text": self.ui.format_move(m), "clicks": clicks(game, s, m)}
                for m in game.moves(s)
            ],
            "history": self.history,
            "search": self.search,
        }


def _seat(seat: EnginePlayer | None) -> str:
    return "human" if seat is None else seat.describe()


def _search_view(
    game: Any, ui: play.Playable, s: object, seat: EnginePlayer, choice: Choice
) -> dict[str, object]:
    return {
        "player": game.to_move(s),
        "engine": seat.describe(),
        "algorithm": choice.algorithm,
        "move": ui.format_move(game.moves(s)[choice.move]),
        "principal_variation": play.principal_line(game, ui, s, choice),
        "value": play.text_value(choice.value),
        "value_is": play.value_meaning(choice.value),
        "depth": choice.depth,
        "nodes": choice.nodes_visited,
        "leaves": choice.leaves_evaluated,
        "seconds": round(choice.seconds, 4),
    }


def _size(t: Tree) -> int:
    n, stack = 0, [t]
    while stack:
        node = stack.pop()
        n += 1
        if isinstance(node, Node):
            stack.extend(node.children)
    return n


def _play_arguments(name: str) -> argparse.Namespace:
    """``gametree play NAME``'s arguments with every default (the board sizes are play's)."""
    parser = argparse.ArgumentParser(add_help=False)
    play.configure(parser)
    return parser.parse_args([name])


class Sessions:
    """The games in play, by id: at most ``capacity`` of them.

    A new game beyond the capacity ends the one least recently used.
    """

    def __init__(self, capacity: int = 64) -> None:
        if capacity < 1:
            raise ValueError(f"'capacity' must be at least 1 (got {capacity})")
        self.capacity = capacity
        self._games: collections.OrderedDict[str, Session] = collections.OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._games)

    def get(self, ident: str) -> Session:
        """The game ``ident``, or a 404 saying it is unknown or evicted."""
        with self._lock:
            session = self._games.get(ident)
            if session is None:
                raise RequestError(
                    404,
                    f"no game {ident!r} (unknown, or ended to make room for newer ones: the "
                    f"server holds {self.capacity})",
                )
            self._games.move_to_end(ident)
            return session

    def create(self, body: object) -> Session:
        """A new game from a request's body (see ``docs/serve.md``), or a 400 naming the fault."""
        name, seats, engine, depth, seconds = _new_game_fields(body)
        session = Session(
            secrets.token_hex(8), name, seats, engine=engine, depth=depth, seconds=seconds
        )
        with self._lock:
            self._games[session.ident] = session
            while len(self._games) > self.capacity:
                self._games.popitem(last=False)
        return session


_FIELDS = ("game", "seats", "engine", "depth", "time")


def _new_game_fields(
    body: object,
) -> tuple[str, list[str], str | None, int | None, float | None]:
    if not isinstance(body, dict):
        raise _bad(f"a new game is a JSON object (got {type(body).__name__})")
    unknown = sorted(set(body) - set(_FIELDS))
    if unknown:
        raise _bad(f"unknown field {unknown[0]!r}: a new game has {', '.join(_FIELDS)}")
    name = body.get("game")
    if name not in CATALOGUE:
        raise _bad(f"'game' must be one of {', '.join(CATALOGUE)} (got {name!r})")
    seats = body.get("seats", ["human", "engine"])
    words = ("human", "engine", *TWO_PLAYER, *MULTI_PLAYER)
    if not isinstance(seats, list) or not all(w in words for w in seats):
        raise _bad(f"'seats' must be a list of {', '.join(words)}, one per player (got {seats!r})")
    if len(seats) not in CATALOGUE[name]["players"]:  # type: ignore[operator]
        raise _bad(f"{name} is for {' or '.join(map(str, CATALOGUE[name]['players']))} "  # type: ignore[call-overload]
                   f"players (got {len(seats)} seats)")  # fmt: skip
    engine = body.get("engine")
    if engine is not None and not isinstance(engine, str):
        raise _bad(f"'engine' must be an engine's name (got {engine!r})")
    depth, seconds = body.get("depth"), body.get("time")
    if depth is not None and seconds is not None:
        raise _bad("give 'depth' or 'time', not both")
    cap = MAX_DEPTH[min(len(seats), 3)]
    if depth is not None and (type(depth) is not int or not 1 <= depth <= cap):
        raise _bad(f"'depth' must be a whole number 1..{cap} for {len(seats)} players "
                   f"(got {depth!r})")  # fmt: skip
    if seconds is not None and (
        type(seconds) not in (int, float) or not 0 < seconds <= MAX_SECONDS
    ):
        raise _bad(f"'time' must be a number of seconds in (0, {MAX_SECONDS:g}] (got {seconds!r})")
    return name, seats, engine, depth, None if seconds is None else float(seconds)
