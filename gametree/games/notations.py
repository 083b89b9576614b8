"""The bundled games as engines name them: a game, its variant, and its positions as text.

Each game's module states its notation once (positions and moves as its community writes
them, and which moves are legal); this table says, for each game by name, which variants it
has (board size, connect-k, pits and seeds, the empty-capture rule, the number of players, the
heaps) and how a position is written: as the board (tic-tac-toe's 9 squares, Othello's squares
and mover, Kalah's pits, stores and mover, Nim's heaps) or, for Connect Four, as the columns
played from the empty board. Every position the gate asks is reached from the start by a
*line*, the moves played, so both are at hand.

>>> rules = GAMES["kalah"]
>>> game = rules.game({"pits": 3, "seeds": 2})
>>> rules.text(game, [0, 1])
'0 3 3 0 2 0 3 1 N'
>>> GAMES["connect4"].text(GAMES["connect4"].game({}), [3, 3, 4, 2])
'4453'
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from gametree.games.connect4 import ConnectFour
from gametree.games.kalah import Kalah
from gametree.games.nim import Nim
from gametree.games.othello import Othello
from gametree.games.tictactoe import TicTacToe

__all__ = ["GAMES", "Rules", "VariantError"]


class VariantError(ValueError):
    """A variant the game does not have; the message names the parameter."""


@attrs.frozen
class Rules:
    """One bundled game as the gate names it.

    ``parameters`` are the variant's names with their defaults (the standard game);
    ``make`` builds the game from them; ``by_line`` says that a position is written as the
    moves that reached it (Connect Four) rather than as the board.
    """

    name: str
    summary: str
    parameters: Mapping[str, object]
    make: Callable[..., Any]
    by_line: bool = False

    def variant(self, given: Mapping[str, object]) -> dict[str, object]:
        """The whole variant: ``given`` over the defaults, each checked for its type."""
        if not isinstance(given, Mapping):
            raise VariantError(f"a variant is an object of {', '.join(self.parameters)}")
        unknown = sorted(set(given) - set(self.parameters))
        if unknown:
            raise VariantError(
                f"{self.name} has no variant parameter {unknown[0]!r} (it has: "
                f"{', '.join(self.parameters) or 'none'})"
            )
        out = dict(self.parameters)
        for key, x in given.items():
            default = self.parameters[key]
            kind = (list, tuple) if isinstance(default, tuple) else type(default)
            if isinstance(default, bool) != isinstance(x, bool) or not isinstance(x, kind):
                raise VariantError(f"{self.name}'s {key!r} must be like {default!r} (got {x!r})")
            out[key] = tuple(x) if isinstance(x, list) else x
        return out

    def game(self, given: Mapping[str, object]) -> Any:
        """The game of the variant ``given``; a ``VariantError`` names what is wrong."""
        v = self.variant(given)
        if self.name == "nim":
            v["heaps"] = tuple(v["heaps"])  # type: ignore[arg-type]
        try:
            return self.make(**v)
        except (TypeError, ValueError) as e:
            raise VariantError(f"{self.name}: {e}") from None

    def text(self, game: Any, line: Sequence[Any]) -> str:
        """The position that ``line`` reaches from the start, in the game's notation."""
        if self.by_line:
            return str(game.format_line(line))
        s = game.initial_state()
        for m in line:
            s = game.successor(s, m)
        return str(game.format_position(s))

    def parse(self, game: Any, text: str) -> Any:
        """The state ``text`` writes; a ``ValueError`` says what is wrong with it."""
        return game.parse_position(text)


GAMES: dict[str, Rules] = {
    r.name: r
    for r in (
        Rules("tictactoe", "tic-tac-toe: 9 squares row by row (X, O, .); moves 1..9",
              {}, TicTacToe),
        Rules("nim", "Nim from the given heaps: the heap sizes; moves h:k (k from heap h)",
              {"heaps": (1, 2, 3)}, Nim),
        Rules("connect4", "Connect Four (connect-k on rows x columns): the columns played, "
              "1..9, as Pons' solver reads them; moves 1..columns",
              {"rows": 6, "columns": 7, "connect": 4}, ConnectFour, by_line=True),
        Rules("kalah", "Kalah(pits, seeds): the holes in ring order then S or N; moves 1..pits",
              {"pits": 6, "seeds": 4, "empty_capture": False},
              lambda pits, seeds, empty_capture: Kalah(pits, seeds, empty_capture=empty_capture)),
        Rules("othello", "Othello (N players, Korf's capture rule): size^2 squares from a1 "
              "(X, O, A, ..., -) and the mover; moves like d3, or pass",
              {"players": 2, "size": 8}, Othello),
    )
}  # fmt: skip
"""The games the gate's game mode asks about, by name."""
