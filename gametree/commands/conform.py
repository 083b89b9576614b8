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

from gametree.clitools import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_TARGET,
    EXIT_USAGE,
    Progress,
    configure_help,
    epilog,
    error,
    guarded,
)
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.junit import junit_xml
from gametree.conform.numbers import NUMBER_TYPES
from gametree.conform.options import GateError
from gametree.conform.scope import SCOPES, Scope
from gametree.conform.semantics import SEMANTICS, Checks
from gametree.conform.targets import ProcessTarget, TargetStartError
from gametree.conform.vectors import NOTES, vector_cases

NAME = "conform"
DESCRIPTION = (
    "Ask TARGET every test vector of a semantics, then trees that Hypothesis generates from the "
    "--scope (mostly small trees, with a tail of wide, tall, many-player, large-magnitude and "
    "repeated-subtree ones), and compare its answers with the spec's: the value (or the range "
    "the semantics allows), with --best-move the move under the tie rule (the leftmost best "
    "child), with --principal-variation the whole line, and with --strict-order the exact "
    "sequence of leaves it evaluated. A failure is replayed in a fresh process, charged to the "
    "case that caused it (one that passes alone but breaks the target is named with the request "
    "that then failed), and shrunk to a minimal tree, printed as JSON with the expected and "
    "actual answers (--keep-going: every distinct failure). A target that crashes, hangs "
    "(--timeout per case), prints garbage or exceeds --memory is reported as such. The report "
    "says what was covered: the largest branching, height, number of players and magnitude "
    "asked. A flag (--skip-flag) names what a case holds that a limited engine may skip: "
    "docs/conformance.md lists them and the mistake each is there to catch."
    "\n\n"
    "TARGET is package.module:function, a Python callable run in a worker process (it is "
    "given the request as a dict and returns the reply as a dict), the full name of one of "
    "gametree's own searches (impl.optimal, impl.shallow, ...: 'gametree algorithms'), run the "
    "same way, or a command line that "
    "speaks the JSON-lines protocol on standard input and output: one request per line "
    '({"id", "semantics", "tree", "alpha", "beta", "player", "domain", "trace"}), one reply '
    "per line "
    '({"id", "value", "best_move", "principal_variation", "trace"} or {"id", "error"}). '
    "Prefix python: or command: to force either reading. See docs/conformance.md.\n\n"
    "Semantics: " + "; ".join(f"{s.name}: {s.summary}" for s in SEMANTICS.values()) + "."
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
        4: "the target could not be started (no such command, a callable that won't import)",
    }
    configure_help(parser, epilog(0, 1, 2, 4, 130, notes=notes))
    # @FILE: arguments read from a file, as a shell splits each line (the pre-commit hook's
    # .gametree-conform; docs/ci.md).
    parser.fromfile_prefix_chars = "@"
    parser.convert_arg_line_to_args = _file_arguments  # type: ignore[method-assign,assignment]
    parser.add_argument("--target", required=True,
                        help="package.module:function, a search's name, or a command")  # fmt: skip
    parser.add_argument("--semantics", required=True, choices=list(SEMANTICS), metavar="NAME",
                        help="what the target claims: " + ", ".join(SEMANTICS))  # fmt: skip
    parser.add_argument("--strict-order", action="store_true",
                        help="compare the exact sequence of evaluated leaves")  # fmt: skip
    parser.add_argument("--best-move", action="store_true",
                        help="compare the best move (the leftmost best child)")  # fmt: skip
    parser.add_argument("--principal-variation", action="store_true",
                        help="compare the whole principal variation")  # fmt: skip
    parser.add_argument("--move-only", action="store_true",
                        help="the target reports its best_move and no value: it must be a "
                        "best move (with --best-move the leftmost); lone leaves are not "
                        "asked")  # fmt: skip
    parser.add_argument("--full-window", action="store_true",
                        help="the target takes no window: ask the alpha-beta semantics with the "
                        "full window only (so --strict-order checks its pruning)")  # fmt: skip
    parser.add_argument("--budget", type=int, default=200, metavar="N",
                        help="generated trees at most (default 200; 0: vectors only)")  # fmt: skip
    parser.add_argument("--scope", choices=list(SCOPES), default="default",
                        help="what the generated trees are drawn from: " + "; ".join(
                            f"{s.name}: {_scope_help(s)}" for s in SCOPES.values()))  # fmt: skip
    parser.add_argument("--keep-going", action="store_true",
                        help="go on after a failure: shrink and report every distinct failure "
                        "(its kind, and what is wrong), not only the first")  # fmt: skip
    parser.add_argument("--shrink-budget", type=int, default=500, metavar="N",
                        help="cases asked at most to shrink one failure (default 500): the "
                        "minimal case depends on it and the seed, not on the target's "
                        "speed")  # fmt: skip
    parser.add_argument("--no-vectors", action="store_true",
                        help="skip the vectors: only the generated trees are asked")  # fmt: skip
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis's seed (default 0)")
    parser.add_argument("--alternating", action="store_true",
                        help="only trees whose players move in turn by depth from 0, and only "
                        "games where no player moves twice")  # fmt: skip
    parser.add_argument("--values", choices=list(NUMBER_TYPES), default="exact",
                        help="the number type the engine holds: cases with a number outside it "
                        "are skipped (and counted), and its edges are asked on purpose; "
                        + "; ".join(f"{t.name}: {t.summary}" for t in NUMBER_TYPES.values())
                        + " (default exact)")  # fmt: skip
    parser.add_argument("--skip-flag", action="append", default=[], metavar="FLAG",
                        choices=sorted(NOTES), help="skip the vectors and generated trees with "
                        "this flag (repeatable): " + ", ".join(sorted(NOTES)))  # fmt: skip
    parser.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                        help="per case (default 10)")  # fmt: skip
    parser.add_argument("--startup", type=float, default=20.0, metavar="SECONDS",
                        help="more time for the first case of a process, until the target "
                        "has answered once (default 20)")  # fmt: skip
    parser.add_argument("--memory", type=int, default=2048, metavar="MIB",
                        help="the target's address space (default 2048; 0: no limit)")  # fmt: skip
    parser.add_argument("--junit", type=Path, metavar="FILE", help="write JUnit XML here")
    parser.add_argument("--cases-dir", type=Path, metavar="DIR",
                        help="write each minimal failing case here as a JSON file (default: "
                        "a new temporary directory, when a case is too long to print)")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


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
def run(args: argparse.Namespace) -> int:  # noqa: PLR0911 - one exit per kind of fault
    """Run the gate; 0 only if every case passed."""
    problem = option_problem(args)
    if problem is not None:
        return error(NAME, problem, EXIT_USAGE)
    options = GateOptions(
        semantics=args.semantics,
        checks=Checks(args.best_move, args.principal_variation, args.strict_order, args.move_only),
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
    )
    try:
        target = ProcessTarget.from_spec(
            args.target, timeout=args.timeout, startup=args.startup, memory_mb=args.memory
        )
    except TargetStartError as e:
        return error(NAME, str(e), EXIT_TARGET)
    except ValueError as e:  # shlex: an unclosed quote or a trailing escape
        return error(NAME, f"--target {args.target!r} is not a command line: {e}", EXIT_USAGE)
    asked = len(vector_cases(args.semantics)) if options.vectors else 0
    progress = Progress(asked + args.budget, "cases")
    try:
        with _hypothesis_storage():
            report = run_gate(target, args.target, options,
                              lambda note: progress.advance(note=note))  # fmt: skip
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
    if args.junit:
        try:
            args.junit.write_text(junit_xml(report))
        except OSError as e:
            return error(NAME, f"cannot write {str(args.junit)!r}: {e.strerror or e}", EXIT_USAGE)
    print(json.dumps(report.json()) if args.json else report.text())
    return EXIT_OK if report.passed else EXIT_FAILED
