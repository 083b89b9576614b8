"""``gametree play``: a game in the terminal, with a person or an engine in every seat."""

import argparse
import io
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol, TextIO

from gametree.clitools import (
    EXIT_OK,
    EXIT_USAGE,
    configure_help,
    epilog,
    error,
    guarded,
    more_options,
    note,
)
from gametree.games import ChineseCheckers, ConnectFour, Kalah, Othello, TicTacToe
from gametree.games.chinese_checkers import ChineseCheckersState
from gametree.games.engines import MULTI_PLAYER, TWO_PLAYER, Choice, EnginePlayer, default_engine
from gametree.games.othello import SYMBOLS
from gametree.games.tictactoe import Board
from gametree.spec import Value

NAME = "play"
EXIT_ABANDONED = 1
DESCRIPTION = (
    "Play Connect Four, Kalah, Othello (2 or more players, Korf's capture rule), Chinese "
    "Checkers (2, 3 or 6 players) or tic-tac-toe in the terminal. Every seat is a person "
    "or an engine (--players, one word per seat, in turn order). The board is drawn before "
    "every move; a person types a move, or ? for the legal moves, or quit. After each "
    "engine move the command prints its principal variation and search statistics."
)
DETAILS = (
    "The statistics are the depth, the nodes visited, the leaves evaluated and the time.\n\n"
    "Notation: connect4, a column number 1..C; kalah, a pit number 1..m counted from the "
    "mover's left; othello, a cell such as d3 (column letter, row from the top), or pass "
    "when you have no placement; chinese-checkers, two hole names such as i1-g3 (row letter "
    "from the top, position in the row from 1; ? shows the names), or pass; tictactoe, a "
    "cell 1..9, row by row.\n\n"
    "Engines: alphabeta (impl.Engine: alpha-beta with a transposition table, move ordering "
    "and iterative deepening; the default for two players), and by their names in 'gametree "
    "algorithms' pvs, mtdf, negamax-alphabeta-fail-hard; for three or more players shallow "
    "(Korf's pruning, the default), paranoid, maxn, immediate, last-branch, speculative, "
    "searched on the tree spec.unfold cuts at the depth (an old spelling such as last_branch "
    "still works, with a note). --time S searches depths 1, 2, ... within S seconds a move: "
    "alphabeta abandons the depth the time runs out in; the tree searches start a depth only "
    "if it is predicted to finish in time. The deepest completed depth plays."
)

_COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""How othello names its columns (so a side of at most 26)."""

GAMES = ("connect4", "kalah", "othello", "chinese-checkers", "tictactoe")


class Playable(Protocol):
    """What the command needs of a game besides ``spec.Game``: drawing and notation."""

    def draw(self, state: Any) -> str:
        """The state as text."""
        ...

    def format_move(self, move: Any) -> str:
        """A move in the notation people type."""
        ...

    def parse_move(self, state: Any, text: str) -> Any:
        """The legal move ``text`` names in ``state``, or a ``ValueError`` saying why not."""
        ...


class TicTacToeNotation:
    """Tic-tac-toe drawn and read with cells 1..9, row by row (the game itself has neither)."""

    def __init__(self, game: TicTacToe) -> None:
        self.game = game

    def draw(self, state: Board) -> str:
        """Three rows of X, O and the free cells' numbers."""
        marks = ["XO"[c] if c is not None else str(i + 1) for i, c in enumerate(state.cells)]
        return "\n".join(" ".join(marks[r * 3 : r * 3 + 3]) for r in range(3))

    def format_move(self, move: int) -> str:
        """The cell's number, 1..9."""
        return str(move + 1)

    def parse_move(self, state: Board, text: str) -> int:
        """The free cell ``text`` numbers, or a ``ValueError``."""
        word = text.strip()
        if not word.isdigit() or not 1 <= int(word) <= 9:
            raise ValueError(f"a move is a cell number 1..9, row by row (got {text!r})")
        if int(word) - 1 not in self.game.moves(state):
            raise ValueError(f"cell {word} is taken")
        return int(word) - 1


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(
        parser,
        epilog(0, 1, 2, notes={1: "the input ended before the game did"}),
    )
    parser.add_argument("game", choices=GAMES, help="the game")
    parser.add_argument(
        "--players",
        metavar="SEATS",
        help="one word per seat, in turn order: human, engine, or an engine's name, joined "
        "by commas (default: human,engine); their number is the number of players",
    )
    parser.add_argument(
        "--engine",
        metavar="ALGORITHM",
        help=f"the engine of the seats called 'engine': {', '.join(TWO_PLAYER)} for two "
        f"players (default alphabeta), {', '.join(MULTI_PLAYER)} for more (default shallow)",
    )
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument(
        "--depth", type=_positive_int, metavar="D", help="search D plies (default 4; 3 for N > 2)"
    )
    limit.add_argument(
        "--time", type=_positive_float, metavar="S", help="search by deepening for S seconds"
    )
    board = more_options(parser, "the board")
    board.add_argument("--rows", type=_board_int, default=6, help="connect4 (default 6)")
    board.add_argument("--columns", type=_board_int, default=7, help="connect4 (default 7)")
    board.add_argument("--connect", type=_board_int, default=4, help="connect4 (default 4)")
    board.add_argument("--pits", type=_board_int, default=6, help="kalah (default 6)")
    board.add_argument("--seeds", type=_positive_int, default=4, help="kalah (default 4)")
    board.add_argument("--empty-capture", action="store_true", help="kalah's variant")
    board.add_argument(
        "--size",
        type=_board_int,
        help="othello's side (default 8) or chinese-checkers' point size 1..4 (default 2)",
    )
    board.add_argument(
        "--max-plies", type=_positive_int, help="chinese-checkers' move limit (default 40 a player)"
    )


def _positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (got {n})")
    return n


MAX_BOARD = 100
"""The largest --rows, --columns, --connect, --pits and --size: a board beyond it fills no
terminal, and one of 10^9 would only exhaust the memory."""


def _board_int(text: str) -> int:
    n = _positive_int(text)
    if n > MAX_BOARD:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_BOARD} (got {n})")
    return n


def _positive_float(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < x < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds (got {text})")
    return x


@guarded(NAME)
def run(args: argparse.Namespace) -> int:
    """Play the game on standard input and output."""
    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not text are not a move
        sys.stdin.reconfigure(errors="replace")
    stdin = sys.stdin if sys.stdin is not None else io.StringIO()  # closed: input ends at once
    return play(args, stdin, sys.stdout)


def make_game(args: argparse.Namespace, players: int) -> tuple[Any, Playable]:
    """The game ``args`` names for ``players`` players, and how to draw and read its moves.

    Raises ``ValueError`` when the game cannot have that many players or that board.
    """
    if args.game in ("connect4", "kalah", "tictactoe") and players != 2:
        raise ValueError(f"{args.game} is for 2 players (got {players} seats)")
    if args.game == "connect4":
        c4 = ConnectFour(args.rows, args.columns, args.connect)
        return c4, c4
    if args.game == "kalah":
        kalah = Kalah(args.pits, args.seeds, empty_capture=args.empty_capture)
        return kalah, kalah
    if args.game == "othello":
        if args.size is not None and args.size > len(_COLUMN_LETTERS):
            raise ValueError(f"othello's columns are letters: --size at most "
                             f"{len(_COLUMN_LETTERS)} (got {args.size})")  # fmt: skip
        othello = Othello(players, args.size or 8)
        return othello, othello
    if args.game == "chinese-checkers":
        extra = {"max_plies": args.max_plies} if args.max_plies else {}
        cc = ChineseCheckers(players, args.size or 2, **extra)
        return cc, cc
    ttt = TicTacToe()
    return ttt, TicTacToeNotation(ttt)


def player_name(game: Any, p: int) -> str:
    """How the board shows player p: 'X (player 0)', 'South (player 0)', ..."""
    if isinstance(game, Kalah):
        return f"{('South', 'North')[p]} (player {p})"
    if isinstance(game, Othello):
        return f"{SYMBOLS[p]} (player {p})"
    if isinstance(game, ChineseCheckers):
        return f"{'ABCDEF'[p]} (player {p})"
    return f"{'XO'[p]} (player {p})"


def play(
    args: argparse.Namespace,
    stdin: TextIO,
    stdout: TextIO,
    *,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Play one game from ``stdin`` to ``stdout``; the exit code (0, 1 or 2)."""
    words = [w.strip() for w in (args.players or "human,engine").split(",")]
    try:
        game, ui = make_game(args, len(words))
        depth = args.depth
        if depth is None and args.time is None:
            depth = 4 if game.players == 2 else 3
        engine = args.engine or default_engine(game.players)
        seats: list[EnginePlayer | None] = []
        for word in words:
            if word == "human":
                seats.append(None)
            else:
                name = engine if word == "engine" else word
                seats.append(
                    EnginePlayer(game, name, depth=depth, time_limit=args.time, clock=clock)
                )
    except ValueError as e:
        return error(NAME, str(e), EXIT_USAGE)
    for said in dict.fromkeys(seat.note for seat in seats if seat is not None and seat.note):
        note(NAME, str(said))

    def say(text: str = "") -> None:
        stdout.write(text + "\n")
        stdout.flush()

    say(f"{args.game}: " + ", ".join(
        f"{player_name(game, p)} {'human' if seat is None else seat.describe()}"
        for p, seat in enumerate(seats)
    ))  # fmt: skip
    s = game.initial_state()
    while not game.is_terminal(s):
        say()
        say(ui.draw(s))
        p = game.to_move(s)
        seat = seats[p]
        if seat is None:
            move = ask(game, ui, s, p, stdin=stdin, stdout=stdout)
            if move is _QUIT:
                say("game abandoned")
                return EXIT_OK
            if move is _EOF:
                say()
                return error(NAME, "the input ended before the game did", EXIT_ABANDONED)
        else:
            choice = seat.choose(s)
            move = game.moves(s)[choice.move]
            say(f"{player_name(game, p)} ({seat.describe()}) plays {ui.format_move(move)}")
            say(statistics(game, ui, s, choice))
        s = game.successor(s, move)
    say()
    say(ui.draw(s))
    say(outcome(game, s))
    return EXIT_OK


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


_QUIT = object()
_EOF = object()


def ask(game: Any, ui: Playable, s: object, p: int, *, stdin: TextIO, stdout: TextIO) -> Any:
    """A legal move typed by the person in seat p; re-asks until there is one.

    Returns the move, or ``_QUIT`` for "quit", or ``_EOF`` when the input ends. Input that does
    not come from a terminal is echoed, so that a transcript reads as a game.
    """
    while True:
        stdout.write(f"{player_name(game, p)}, your move (? for help): ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            return _EOF
        text = line.strip()
        if not _is_terminal(stdin):
            stdout.write(text + "\n")
        if text.lower() == "quit":
            return _QUIT
        if text in ("?", "help", "moves"):
            legal = " ".join(ui.format_move(m) for m in game.moves(s))
            stdout.write(f"  legal moves: {legal}\n")
            if isinstance(game, ChineseCheckers):
                stdout.write("  holes:\n" + game.labels() + "\n")
            continue
        try:
            return ui.parse_move(s, text)
        except ValueError as e:
            stdout.write(f"  not a move: {e}. Type ? for the legal moves.\n")


def principal_line(game: Any, ui: Playable, s: object, choice: Choice) -> list[str]:
    """The engine's principal variation from ``s`` in the notation people type."""
    line = []
    for i in choice.principal_variation:
        if game.is_terminal(s):
            break
        m = game.moves(s)[i]
        line.append(ui.format_move(m))
        s = game.successor(s, m)
    return line


def statistics(game: Any, ui: Playable, s: object, choice: Choice) -> str:
    """The engine's principal variation, value and counts, as two indented lines."""
    line = principal_line(game, ui, s, choice)
    return (
        f"  principal variation: {' '.join(line)}\n"
        f"  value {text_value(choice.value)} ({value_meaning(choice.value)}); "
        f"depth {choice.depth}; {choice.nodes_visited} nodes, "
        f"{choice.leaves_evaluated} leaves; {choice.seconds:.2f} s"
    )


def value_meaning(v: Value) -> str:
    """Whose a value of ``EnginePlayer`` is: "a component per player" or "to the mover"."""
    return "a component per player" if isinstance(v, tuple) else "to the mover"


def text_value(v: Value) -> str:
    """A value as text: 3, 3/7, (5, 2, 2)."""
    if isinstance(v, tuple):
        return "(" + ", ".join(text_value(c) for c in v) + ")"
    return str(v)


def outcome(game: Any, s: Any) -> str:
    """Who won, and by how much, in the game's own terms."""
    if isinstance(game, ChineseCheckers):
        return _chinese_checkers_outcome(game, s)
    if isinstance(game, Othello):
        counts = game.counts(s)
        best = max(counts)
        winners = [player_name(game, p) for p, c in enumerate(counts) if c == best]
        tally = ", ".join(f"{player_name(game, p)} {c}" for p, c in enumerate(counts))
        verdict = f"{winners[0]} wins" if len(winners) == 1 else "a tie: " + " and ".join(winners)
        return f"game over: {verdict} (pieces: {tally})"
    u = game.utility(s)
    if isinstance(game, Kalah):
        score = f"{s.store(0)} to {s.store(1)}"
        if u == 0:
            return f"game over: a draw, {score}"
        return f"game over: {player_name(game, 0 if u > 0 else 1)} wins, {score}"
    if u == 0:
        return "game over: a draw"
    return f"game over: {player_name(game, 0 if u > 0 else 1)} wins"


def _chinese_checkers_outcome(game: ChineseCheckers, s: ChineseCheckersState) -> str:
    distances = ", ".join(
        f"{player_name(game, p)} {game.distance(s, p)}" for p in range(game.players)
    )
    w = game.winner(s)
    if w is not None:
        return f"game over: {player_name(game, w)} wins (steps still to go: {distances})"
    return (
        f"game over: the move limit of {game.max_plies} plies, nobody home "
        f"(steps still to go: {distances})"
    )
