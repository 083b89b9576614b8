"""``gametree conform``: the conformance gate, for engines in any language."""

import argparse
import contextlib
import json
import math
import os
import shlex
import tempfile
from collections.abc import Iterator
from pathlib import Path

from gametree.algorithms import lookup
from gametree.clitools import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_TARGET,
    EXIT_USAGE,
    Progress,
    cli_number,
    configure_help,
    epilog,
    error,
    guarded,
    more_options,
    note,
    say,
)
from gametree.conform.builtin import is_search
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.junit import junit_xml
from gametree.conform.numbers import NUMBER_TYPES, NumbersError
from gametree.conform.options import GateError
from gametree.conform.positions import command as game_mode
from gametree.conform.positions.best_reply import GAME_ONLY
from gametree.conform.scope import SCOPES, Scope
from gametree.conform.semantics import SEMANTICS, Checks
from gametree.conform.targets import ProcessTarget, TargetStartError
from gametree.conform.vectors import NOTES, vector_cases

NAME = "conform"
DESCRIPTION = (
    "Ask TARGET a semantics' test vectors and generated trees, compare its answers with the "
    "spec's, and shrink a failure to a minimal tree, printed with the command that replays it. "
    "TARGET is package.module:function (a Python callable given the request), a search's name "
    "('gametree algorithms'), or a command speaking the protocol (docs/conformance.md). "
    "@FILE reads arguments from FILE."
)
DETAILS = (
    "The generated trees come from the --scope: mostly small trees, with a tail of wide, tall, "
    "many-player, large-magnitude and repeated-subtree ones. A failure is replayed in a fresh "
    "process, charged to the case that caused it (one that passes alone but breaks the target "
    "is named with the request that then failed), and shrunk to a minimal tree (--keep-going: "
    "every distinct failure). A target that crashes, hangs (--timeout per case), prints garbage "
    "or exceeds --memory is reported as such. The report says what was covered: the largest "
    "branching, height, number of players and magnitude asked. A flag (--skip-flag) names what "
    "a case holds that a limited engine may skip: docs/conformance.md lists them and the "
    "mistake each is there to catch. @FILE: each line of FILE is split as a shell splits it, "
    "# starts a comment."
    "\n\n"
    "A command target reads one request per line on standard input "
    '({"id", "semantics", "tree", "alpha", "beta", "player", "domain", "trace"}) and writes '
    'one reply per line ({"id", "value", "best_move", "principal_variation", "trace"} or '
    '{"id", "error"}). Prefix python: or command: to force either reading of TARGET.'
    "\n\n"
    "Semantics (--semantics):"
    + "".join(f"\n- {s.name}: {s.summary}" for s in SEMANTICS.values())
    + "\n\nNumber types (--values):"
    + "".join(f"\n- {t.name}: {t.summary}" for t in NUMBER_TYPES.values())
)

MAX_SECONDS = 86_400
"""The longest --timeout and --startup: a day (NaN and infinity are not durations)."""
MAX_MEMORY_MB = 1 << 30
"""The largest --memory, an exbibyte in MiB: beyond it RLIMIT_AS cannot be set."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    notes = {
        1: "the target failed a case, or the gate gave up on it",
        2: "bad usage (or generated trees asked for without Hypothesis installed)",
        4: "the target could not be started or imported",
    }
    configure_help(parser, epilog(0, 1, 2, 4, 130, notes=notes))
    parser.usage = ("%(prog)s --target TARGET --semantics NAME [options] [@FILE]\n"
                    "       %(prog)s --target TARGET --game GAME [options]")  # fmt: skip
    # @FILE: arguments read from a file, as a shell splits each line (the pre-commit hook's
    # .gametree-conform; docs/ci.md).
    parser.fromfile_prefix_chars = "@"
    parser.convert_arg_line_to_args = _file_arguments  # type: ignore[method-assign,assignment]
    parser.add_argument("--target", required=True,
                        help="package.module:function, a search's name, or a command")  # fmt: skip
    parser.add_argument("--semantics", choices=[*SEMANTICS, *GAME_ONLY], metavar="NAME",
                        help="what the target claims: minimax, alphabeta-fail-hard, maxn, "
                        "shallow, ... (--help-all lists them)")  # fmt: skip
    checks = parser.add_argument_group("what is compared besides the value")
    checks.add_argument("--strict-order", action="store_true",
                        help="the exact sequence of evaluated leaves")  # fmt: skip
    checks.add_argument("--best-move", action="store_true",
                        help="the best move (the leftmost best child)")  # fmt: skip
    checks.add_argument("--any-best-move", action="store_true",
                        help="the best move as any of the best moves (an engine that picks at "
                        "random among ties), and the line as a line of best moves")  # fmt: skip
    checks.add_argument("--principal-variation", action="store_true",
                        help="the whole principal variation")  # fmt: skip
    parser.add_argument("--budget", type=int, default=200, metavar="N",
                        help="generated trees at most (default 200; 0: vectors only)")  # fmt: skip
    parser.add_argument("--values", choices=list(NUMBER_TYPES), default="exact", metavar="TYPE",
                        help="the number type the engine holds: " + ", ".join(NUMBER_TYPES)
                        + " (default exact)")  # fmt: skip
    parser.add_argument("--keep-going", action="store_true",
                        help="report every distinct failure, not only the first")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--junit", type=Path, metavar="FILE", help="write JUnit XML here")
    limited = more_options(parser, "engines that do less")
    limited.add_argument("--infinity", type=cli_number, metavar="X",
                         help="the engine's own infinity: it takes only scores strictly "
                         "between -X and X and reads an open side of the window as -X or X "
                         "(for example 9223372036854775807 with --values int64, 32000 with "
                         "--values int16, 100 for an engine whose win score is its infinity); "
                         "only such numbers are asked")  # fmt: skip
    limited.add_argument("--move-only", action="store_true",
                         help="the target reports its best_move and no value: it must be a "
                         "best move (with --best-move the leftmost); lone leaves are not "
                         "asked")  # fmt: skip
    limited.add_argument("--full-window", action="store_true",
                         help="the target takes no window: ask the alpha-beta semantics with "
                         "the full window only (so --strict-order checks its pruning)")  # fmt: skip
    limited.add_argument("--window-leaves", action="store_true",
                         help="the target reports its leaves (trace), in an order of its own "
                         "that no window changes: for alpha-beta, ask each case with a window "
                         "again with its sides opened, and check that the narrower window's "
                         "leaves are a subsequence of the wider one's (a proved "
                         "theorem)")  # fmt: skip
    limited.add_argument("--alternating", action="store_true",
                         help="only trees whose players move in turn by depth from 0, and only "
                         "games where no player moves twice")  # fmt: skip
    limited.add_argument("--skip-flag", action="append", default=[], metavar="FLAG",
                         choices=sorted(NOTES), help="skip the vectors and generated trees with "
                         "this flag (repeatable): " + ", ".join(sorted(NOTES)))  # fmt: skip
    cases = more_options(parser, "which cases")
    cases.add_argument("--scope", choices=list(SCOPES), default="default",
                       help="what the generated trees are drawn from: " + "; ".join(
                           f"{s.name}: {_scope_help(s)}" for s in SCOPES.values()))  # fmt: skip
    cases.add_argument("--seed", type=int, default=0, help="Hypothesis's seed (default 0)")
    cases.add_argument("--no-vectors", action="store_true",
                       help="skip the vectors: only the generated trees are asked")  # fmt: skip
    cases.add_argument("--shrink-budget", type=int, default=500, metavar="N",
                       help="cases asked at most to shrink one failure (default 500): the "
                       "minimal case depends on it and the seed, not on the target's "
                       "speed")  # fmt: skip
    process = more_options(parser, "the target's process")
    process.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                         help="per case (default 10)")  # fmt: skip
    process.add_argument("--startup", type=float, default=20.0, metavar="SECONDS",
                         help="more time for the first case of a process, until the target "
                         "has answered once (default 20)")  # fmt: skip
    process.add_argument("--memory", type=int, default=2048, metavar="MIB",
                         help="the target's address space (default 2048; 0: no limit)")  # fmt: skip
    game_mode.configure(parser)
    output = more_options(parser, "more output")
    output.add_argument("--cases-dir", type=Path, metavar="DIR",
                        help="write each minimal failing case here as a JSON file (default: "
                        "a new temporary directory)")  # fmt: skip


@contextlib.contextmanager
def _hypothesis_storage() -> Iterator[None]:
    """A temporary directory for what Hypothesis stores, so that nothing is left behind.

    Hypothesis keeps what it collects (the constants of the code it runs) in ``.hypothesis/``
    of the current directory; the gate keeps nothing from one run to the next (its example
    database is off). ``HYPOTHESIS_STORAGE_DIRECTORY``, when set, is left as it is.
    """
    if "HYPOTHESIS_STORAGE_DIRECTORY" in os.environ:
        yield
        return
    with tempfile.TemporaryDirectory(prefix="gametree-hypothesis-") as where:
        os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = where
        try:
            yield
        finally:
            del os.environ["HYPOTHESIS_STORAGE_DIRECTORY"]


def _file_arguments(line: str) -> list[str]:
    """The arguments of one line of an @FILE, split as a shell would, ``#`` a comment."""
    return shlex.split(line, comments=True)


def _scope_help(s: Scope) -> str:
    """The mix of a scope as --help says it (percent signs doubled for argparse)."""
    tail = ", ".join(f"{t} {w}%%" for t, w in s.weights.items() if t != "small")
    return (f"{s.weights.get('small', 0)}%% small trees" + (f", {tail}" if tail else "")
            + f", at most {s.max_nodes} nodes a tree")  # fmt: skip


def note_old_spelling(target: str) -> None:
    """Say so when ``target`` names a search by an old spelling (``impl.shallow``: shallow)."""
    search = target.removeprefix("python:")
    if is_search(search):
        found = lookup(search)
        if found.note is not None:
            note(NAME, found.note)


def option_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the numeric options, naming the option, or ``None``."""
    ranges = [
        ("--budget", args.budget, 0, math.inf),
        ("--shrink-budget", args.shrink_budget, 0, math.inf),
        ("--timeout", args.timeout, 0, MAX_SECONDS),
        ("--startup", args.startup, 0, MAX_SECONDS),
        ("--memory", args.memory, 0, MAX_MEMORY_MB),
    ]
    for flag, x, low, high in ranges:
        if not low <= x <= high or (flag == "--timeout" and x == 0):  # NaN fails the test too
            above = "" if high == math.inf else f" and at most {high}"
            low_text = "above 0" if flag == "--timeout" else "at least 0"
            return f"{flag} must be {low_text}{above} (got {x})"
    return None


@guarded(NAME)
def run(args: argparse.Namespace) -> int:  # noqa: PLR0911, PLR0912 - one exit per kind of fault
    """Run the gate; 0 only if every case passed."""
    problem = option_problem(args)
    if problem is not None:
        return error(NAME, problem, EXIT_USAGE)
    if args.game is not None:
        return game_mode.run(args)
    if args.semantics is None:
        return error(NAME, "the following arguments are required: --semantics (or --game)",
                     EXIT_USAGE)  # fmt: skip
    if args.semantics in GAME_ONLY:
        return error(NAME, f"{args.semantics} is asked of a game's positions, not of trees (its "
                     "opponents move out of turn): --game othello --variant players=3",
                     EXIT_USAGE)  # fmt: skip
    if args.best_move and args.any_best_move:
        return error(NAME, "--best-move asks for the leftmost best move, --any-best-move for "
                     "any: give one of them", EXIT_USAGE)  # fmt: skip
    try:
        options = GateOptions(
            semantics=args.semantics,
            checks=Checks(
                args.best_move,
                args.principal_variation,
                args.strict_order,
                args.move_only,
                args.any_best_move,
                args.window_leaves,
            ),
            budget=args.budget,
            seed=args.seed,
            by_depth=args.alternating,
            skip_flags=frozenset(args.skip_flag),
            scope=args.scope,
            vectors=not args.no_vectors,
            full_window=args.full_window,
            keep_going=args.keep_going,
            shrink_budget=args.shrink_budget,
            values=args.values,
            infinity=args.infinity,
        )
    except NumbersError as e:
        return error(NAME, str(e), EXIT_USAGE)
    note_old_spelling(args.target)
    try:
        target = ProcessTarget.from_spec(
            args.target, timeout=args.timeout, startup=args.startup, memory_mb=args.memory
        )
    except TargetStartError as e:
        return error(NAME, str(e), EXIT_TARGET)
    except ValueError as e:  # shlex: an unclosed quote or a trailing escape
        return error(NAME, f"--target {args.target!r} is not a command line: {e}", EXIT_USAGE)
    asked = len(vector_cases(args.semantics)) if options.vectors else 0
    progress = Progress(asked + args.budget, "cases", label=f"gametree {NAME}")
    try:
        with _hypothesis_storage():
            report = run_gate(target, args.target, options,
                              lambda step: progress.advance(note=step))  # fmt: skip
    except TargetStartError as e:
        return error(NAME, f"the target could not be started: {e}", EXIT_TARGET)
    except GateError as e:
        return error(NAME, str(e), EXIT_USAGE)
    finally:
        progress.done()
        target.close()
    try:
        report.save_cases(args.cases_dir)
    except OSError as e:
        where = args.cases_dir or "a temporary directory"
        return error(NAME, f"cannot write the failing cases into {str(where)!r}: "
                     f"{e.strerror or e}", EXIT_USAGE)  # fmt: skip
    if report.saved:
        where = ", ".join(sorted({str(path.parent) for path in report.saved.values()}))
        say(NAME, f"wrote {len(report.saved)} minimal failing cases into {where}")
    if args.junit:
        try:
            args.junit.write_text(junit_xml(report))
        except OSError as e:
            return error(NAME, f"cannot write {str(args.junit)!r}: {e.strerror or e}", EXIT_USAGE)
        say(NAME, f"wrote {args.junit} (JUnit XML)")
    print(json.dumps(report.json()) if args.json else report.text())
    return EXIT_OK if report.passed else EXIT_FAILED
