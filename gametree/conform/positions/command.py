"""``gametree conform --game NAME``: the game mode's options and its run from the command line.

:func:`configure` adds the options to ``gametree conform``'s parser (in a group of their own);
:func:`run` is what the command does when ``--game`` is given. The options the tree gate has
too keep their meaning: ``--target``, ``--semantics``, ``--best-move`` (here: the leftmost
best, in the game's move order), ``--any-best-move``, ``--principal-variation``,
``--keep-going``, ``--seed``, ``--shrink-budget``, ``--timeout``, ``--startup``, ``--memory``,
``--json``.
"""

import argparse
import functools
import json
import shlex

from gametree.clitools import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_TARGET,
    EXIT_USAGE,
    Progress,
    error,
    more_options,
    window_side,
)
from gametree.conform.positions.protocol import ASKS, LineProtocol, PositionTarget
from gametree.conform.positions.run import GameOptions, run_game_mode
from gametree.conform.positions.semantics import Compare
from gametree.conform.targets import ProcessTarget, TargetStartError
from gametree.games.notations import GAMES

__all__ = ["configure", "run"]

NAME = "conform"


TREE_ONLY = ("--budget", "--values", "--strict-order", "--infinity", "--move-only",
             "--full-window", "--window-leaves", "--alternating", "--skip-flag", "--scope",
             "--no-vectors")  # fmt: skip
"""The tree gate's options that mean nothing to the game mode: refused with ``--game``."""


def _dest(flag: str) -> str:
    return flag.removeprefix("--").replace("-", "_")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the game mode's options to ``gametree conform`` (after the tree gate's)."""
    parser.set_defaults(tree_only={f: parser.get_default(_dest(f)) for f in TREE_ONLY})
    group = more_options(parser, "game mode (docs/games-gate.md)")
    group.add_argument("--game", choices=list(GAMES), metavar="GAME",
                       help="ask about positions of this game instead of trees: "
                       + ", ".join(GAMES))  # fmt: skip
    group.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE",
                       help="a variant parameter, repeatable: rows=, columns=, connect= "
                       "(connect4); pits=, seeds=, empty_capture=true (kalah); players=, "
                       "size= (othello); heaps=3,4,5 (nim)")  # fmt: skip
    group.add_argument("--ask", action="append", choices=list(ASKS), metavar="QUESTION",
                       help="the phases asked, repeatable: perft, value, solve (default all "
                       "three; divide is asked while shrinking a perft failure)")  # fmt: skip
    group.add_argument("--evaluation", metavar="NAME", default="",
                       help="the declared evaluation of the value phase (default: the game's "
                       "first)")  # fmt: skip
    group.add_argument(
        "--solve-evaluation",
        metavar="NAME",
        default="",
        help="the score of the solve phase (default: the game's solver score)",
    )
    group.add_argument("--position", metavar="TEXT",
                       help="ask about this position only (in the game's notation), with the "
                       "first --ask and --depth: the replay of a failure")  # fmt: skip
    group.add_argument("--moves", metavar="MOVES",
                       help="with --position: the moves from the start that reach it, in the "
                       "game's notation (the replay gives them)")  # fmt: skip
    group.add_argument("--depth", type=int, default=1, metavar="D",
                       help="the depth asked with --position (default 1)")  # fmt: skip
    group.add_argument(
        "--window",
        nargs=2,
        type=window_side,
        metavar=("A", "B"),
        help="the window asked with --position ('inf' for an open side)",
    )
    group.add_argument("--player", type=int, metavar="P", help="paranoid's player")
    group.add_argument("--line", action="store_true",
                       help="the target reads a line of text a question and writes a line, "
                       "not JSON (the templates below)")  # fmt: skip
    group.add_argument("--line-request", metavar="TEMPLATE",
                       help="what the target reads, e.g. '{position}' (default '{ask} {depth} "
                       "{position}', for a solve 'solve {position}'; {variant} adds the "
                       "variant as KEY=VALUE words)")  # fmt: skip
    group.add_argument("--line-reply", metavar="TEMPLATE",
                       help="what the target writes, e.g. '{position} {value}' (default "
                       "'{count}', '{divide}' or '{value}', '{value} {best_move}' when the "
                       "move is compared)")  # fmt: skip


def _variant(pairs: list[str]) -> dict[str, object]:
    """``KEY=VALUE`` pairs as a variant: numbers, ``true``/``false``, lists ``3,4,5``."""
    out: dict[str, object] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            raise ValueError(f"--variant takes KEY=VALUE (got {pair!r})")
        if value.lower() in ("true", "false"):
            out[key] = value.lower() == "true"
        elif "," in value or key == "heaps":
            out[key] = [int(x) for x in value.split(",") if x]
        else:
            out[key] = int(value)
    return out


def _advance(progress: Progress, note: str, total: int) -> None:
    progress.total = max(total, progress.count + 1)
    progress.advance(note=note)


def _target_options(args: argparse.Namespace) -> str:
    """The options that name the target and how it is asked, as a replay repeats them."""
    words = ["--target", args.target]
    for flag, value in (("--line-request", args.line_request), ("--line-reply", args.line_reply)):
        if value:
            words += [flag, value]
    if args.line and not (args.line_request or args.line_reply):
        words.append("--line")
    for flag, on in (("--best-move", args.best_move), ("--any-best-move", args.any_best_move),
                     ("--principal-variation", args.principal_variation)):  # fmt: skip
        if on:
            words.append(flag)
    return shlex.join(words)


def run(args: argparse.Namespace) -> int:  # noqa: PLR0911 - one exit per kind of fault
    """Run the game mode as ``args`` say; 0 only if every question was answered right."""
    given = [f for f, default in args.tree_only.items() if getattr(args, _dest(f)) != default]
    if given:
        return error(NAME, f"{given[0]} is an option of the tree gate, not of --game (the game "
                     "mode asks each phase's questions; fewer: --ask perft, --ask value, "
                     "--ask solve)", EXIT_USAGE)  # fmt: skip
    if args.best_move and args.any_best_move:
        return error(NAME, "--best-move asks for the leftmost best move, --any-best-move for "
                     "any: give one of them", EXIT_USAGE)  # fmt: skip
    compare = Compare(best_move=args.any_best_move, leftmost=args.best_move,
                      principal_variation=args.principal_variation)  # fmt: skip
    asks = tuple(args.ask or ("perft", "value", "solve"))
    extra = {} if args.ask is None else {"asks": asks}
    window = args.window or (None, None)
    try:
        options = GameOptions.of(
            args.game, _variant(args.variant), semantics=args.semantics or "negamax",
            evaluation=args.evaluation, solve_evaluation=args.solve_evaluation,
            compare=compare, seed=args.seed, player=args.player, keep_going=args.keep_going,
            shrink_budget=args.shrink_budget, position=args.position, moves=args.moves,
            depth=args.depth,
            alpha=window[0], beta=window[1], **extra,
        )  # fmt: skip
        line = LineProtocol(args.line_request, args.line_reply) if (
            args.line or args.line_request or args.line_reply) else None  # fmt: skip
    except ValueError as e:
        return error(NAME, str(e), EXIT_USAGE)
    try:
        process = ProcessTarget.from_spec(args.target, timeout=args.timeout,
                                          startup=args.startup, memory_mb=args.memory)  # fmt: skip
    except TargetStartError as e:
        return error(NAME, str(e), EXIT_TARGET)
    except ValueError as e:
        return error(NAME, f"--target {args.target!r} is not a command line: {e}", EXIT_USAGE)
    target = PositionTarget(process, line, move=compare.move)
    progress = Progress(0, "questions", label=f"gametree {NAME}")
    try:
        report = run_game_mode(target, args.target, options,
                               functools.partial(_advance, progress),
                               _target_options(args))  # fmt: skip
    except TargetStartError as e:
        return error(NAME, f"the target could not be started: {e}", EXIT_TARGET)
    except ValueError as e:
        return error(NAME, str(e), EXIT_USAGE)
    finally:
        progress.done()
        target.close()
    print(json.dumps(report.json()) if args.json else report.text())  # noqa: T201 - the report
    return EXIT_OK if report.passed else EXIT_FAILED
