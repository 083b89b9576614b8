"""What the oracle's commands share: reading trees, numbers, JSON, errors, progress.

The exit codes (``EXIT_CODES``) and the parser's two levels of help are
``gametree.commands._parsing``'s, named here too. Nothing a user gives these commands
produces a traceback: every fault is one line on standard error,
``gametree COMMAND: error: ...``, and an exit code of ``EXIT_CODES``.
"""

import argparse
import functools
import math
import os
import re
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import IO, TYPE_CHECKING, TextIO

from gametree.commands._parsing import (
    EXIT_CODES,
    EXIT_FAILED,
    EXIT_INPUT,
    EXIT_INSTALL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_TARGET,
    EXIT_USAGE,
    configure_help,
    epilog,
    more_options,
    note,
    old_spelling,
)
from gametree.spec import Scalar
from gametree.spec._package_data import MissingPackageDataError
from gametree.treefile import (
    Limits,
    TreeDocument,
    TreeFileError,
    json_value,
    read_tree_file,
    read_tree_text,
)

if TYPE_CHECKING:
    from gametree.algorithms import Answer

__all__ = [
    "EXIT_CODES",
    "EXIT_FAILED",
    "EXIT_INPUT",
    "EXIT_INSTALL",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_TARGET",
    "EXIT_USAGE",
    "Progress",
    "add_limit_arguments",
    "answer_json",
    "cli_number",
    "configure_help",
    "epilog",
    "error",
    "json_value",
    "limits_from",
    "more_options",
    "note",
    "old_spelling",
    "read_bytes",
    "read_document",
    "read_shown_tree",
]


def error(command: str, message: str, code: int) -> int:
    """Print ``gametree COMMAND: error: MESSAGE`` on standard error; return ``code``.

    The message is one line whatever it quotes (a JSON pointer holds a document's keys as they
    are): control characters and lone surrogates are escaped.
    """
    line = _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), message)
    print(f"gametree {command}: error: {line}", file=sys.stderr)  # noqa: T201 - the CLI's
    return code


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """The reader's limits as options (see ``gametree.treefile.Limits``)."""
    d = Limits()
    group = parser.add_argument_group("limits on the input")
    group.add_argument("--max-nodes", type=_positive, default=d.max_nodes, metavar="N",
                       help=f"refuse trees with more nodes (default {d.max_nodes})")  # fmt: skip
    group.add_argument("--max-depth", type=_positive, default=d.max_depth, metavar="N",
                       help=f"refuse deeper trees (default {d.max_depth})")  # fmt: skip
    group.add_argument("--max-bytes", type=_positive, default=d.max_bytes, metavar="N",
                       help=f"refuse larger files (default {d.max_bytes})")  # fmt: skip


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (got {n})")
    return n


def limits_from(args: argparse.Namespace) -> Limits:
    """The limits the options ask for."""
    return Limits(max_bytes=args.max_bytes, max_nodes=args.max_nodes, max_depth=args.max_depth)


def read_document(path: str, limits: Limits, stdin: IO[bytes] | None = None) -> TreeDocument:
    """Read a tree file, or standard input for ``-``."""
    if path == "-":
        try:
            source = stdin if stdin is not None else standard_input()
            data = source.read(limits.max_bytes + 1)
        except OSError as e:  # standard input closed, or unreadable
            raise TreeFileError(f"cannot read standard input: {e.strerror or e}") from None
        return read_tree_text(data, limits)
    return read_tree_file(path, limits)


def read_bytes(path: str, max_bytes: int) -> bytes:
    """A tree file's bytes (standard input for ``-``), at most one past the limit.

    For commands that need the text as well as the document (``draw``'s node names,
    ``explore``'s page); ``OSError`` if it cannot be read.
    """
    if path == "-":
        return standard_input().read(max_bytes + 1)
    with Path(path).open("rb") as f:
        return f.read(max_bytes + 1)


def read_shown_tree(
    command: str, path: str, limits: Limits, *, max_nodes: int, option: str
) -> tuple[bytes, TreeDocument] | int:
    """A tree file to draw or show (its bytes and document), or the exit code after saying why.

    For ``draw`` and ``explore``: a bad tree or an unreadable file is exit code 3, and so is a
    tree of more than ``max_nodes`` nodes (the command's ``option`` sets that cap).
    """
    try:
        raw = read_bytes(path, limits.max_bytes)
        doc = read_tree_text(raw, limits)
    except TreeFileError as e:
        return error(command, f"{path}: {e}", EXIT_INPUT)
    except OSError as e:
        return error(command, f"{path}: cannot read {path!r}: {e.strerror or e}", EXIT_INPUT)
    if doc.tree.size > max_nodes:
        return error(command, f"{path}: {doc.tree.size} nodes are more than {option} "
                     f"{max_nodes}", EXIT_INPUT)  # fmt: skip
    return raw, doc


def standard_input() -> IO[bytes]:
    """Standard input as bytes; an ``OSError`` when the process was started without one."""
    if sys.stdin is None:
        raise OSError("standard input is closed")
    return sys.stdin.buffer


def cli_number(text: str) -> Scalar:
    """A number given on the command line: ``3``, ``-1/2`` or ``0.25`` (finite).

    >>> cli_number("3"), cli_number("-1/2"), cli_number("0.25")
    (3, Fraction(-1, 2), Fraction(1, 4))
    """
    t = text.strip()
    try:
        if "/" in t:
            num, den = t.split("/")
            q = Fraction(int(num), int(den))
        else:
            try:
                return int(t)
            except ValueError:
                x = float(t)
                if not math.isfinite(x):
                    raise argparse.ArgumentTypeError(f"not a finite number: {text!r}") from None
                q = Fraction(x)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(
            f"not a number: {text!r} (write 3, -1/2 or 0.25)"
        ) from None
    return q.numerator if q.denominator == 1 else q


def answer_json(a: "Answer") -> dict[str, object]:
    """The documented JSON of an answer: exactly the six keys of ``solve --json``."""
    return {
        "value": json_value(a.value),
        "best_move": a.best_move,
        "principal_variation": list(a.principal_variation),
        "nodes_visited": a.nodes_visited,
        "leaves_evaluated": a.leaves_evaluated,
        "trace": None if a.trace is None else [list(p) for p in a.trace],
    }


def text_value(v: object) -> str:
    """A value as text: 3, 3/7, (5, 2, 2)."""
    if isinstance(v, tuple):
        return "(" + ", ".join(text_value(c) for c in v) + ")"
    return str(v)


class Progress:
    """A progress bar on standard error when it is a terminal; silent otherwise.

    >>> import io
    >>> p = Progress(10, "cases", stream=io.StringIO())    # not a terminal: prints nothing
    >>> p.advance(5); p.done(); p.stream.getvalue()
    ''
    """

    WIDTH = 30

    def __init__(
        self, total: int, unit: str, *, stream: TextIO | None = None, enabled: bool = True
    ) -> None:
        self.total, self.unit, self.count = max(total, 1), unit, 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and _is_terminal(self.stream)
        self.shown = False

    def advance(self, n: int = 1, note: str = "") -> None:
        """Count ``n`` more and redraw."""
        self.count += n
        if self.enabled:
            filled = min(self.WIDTH, self.WIDTH * self.count // self.total)
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {self.count}/{self.total} {self.unit} {note}"[:100])
            self.stream.flush()
            self.shown = True

    def done(self) -> None:
        """Clear the bar's line."""
        if self.shown:
            self.stream.write("\r" + " " * 100 + "\r")
            self.stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


Command = Callable[[argparse.Namespace], int]


def guarded(command: str) -> Callable[[Command], Command]:
    """Wrap a command's ``run`` so that Ctrl-C, a closed pipe or no memory is one line, no trace.

    So is an incomplete installation (``MissingPackageDataError``, exit code 5).
    """

    def wrap(run: Command) -> Command:
        @functools.wraps(run)
        def guarded_run(args: argparse.Namespace) -> int:
            try:
                return run(args)
            except KeyboardInterrupt:
                return error(command, "interrupted", EXIT_INTERRUPTED)
            except BrokenPipeError:
                # The reader went away (``| head``): stop quietly, as Unix tools do.
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
                return EXIT_OK
            except MemoryError:
                return error(command, "out of memory (lower --max-nodes or --max-bytes)",
                             EXIT_INPUT)  # fmt: skip
            except MissingPackageDataError as e:  # the message names the file
                return error(command, str(e), EXIT_INSTALL)

        return guarded_run

    return wrap
