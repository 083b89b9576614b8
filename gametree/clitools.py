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
import threading
import time
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
    from gametree.algorithms import Algorithm, Answer

__all__ = [
    "EXIT_CODES",
    "EXIT_FAILED",
    "EXIT_INPUT",
    "EXIT_INSTALL",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_TARGET",
    "EXIT_USAGE",
    "PROGRESS_LINE",
    "Progress",
    "Voice",
    "Watch",
    "Window",
    "add_limit_arguments",
    "add_window_argument",
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
    "player_problem",
    "read_bytes",
    "read_document",
    "read_shown_tree",
    "say",
    "window_from",
    "window_side",
]


def error(command: str, message: str, code: int) -> int:
    """Print ``gametree COMMAND: error: MESSAGE`` on standard error; return ``code``.

    The message is one line whatever it quotes (a JSON pointer holds a document's keys as they
    are): control characters and lone surrogates are escaped.
    """
    line = _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), message)
    print(f"gametree {command}: error: {line}", file=sys.stderr)  # noqa: T201 - the CLI's
    return code


def note(command: str, message: str) -> None:
    """Print ``gametree COMMAND: note: MESSAGE`` on standard error (an old spelling, ...)."""
    print(f"gametree {command}: note: {message}", file=sys.stderr)  # noqa: T201 - the CLI's


def say(command: str, message: str) -> None:
    """``gametree COMMAND: MESSAGE`` on standard error: what a command did besides its output."""
    print(f"gametree {command}: {message}", file=sys.stderr)  # noqa: T201 - the CLI's


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def player_problem(algorithm: "Algorithm", player: int | None, players: int) -> str | None:
    """Why ``--player`` does not fit ``algorithm`` with ``players`` players, or ``None``.

    Every command that takes ``--player`` asks this (``solve``, with or without
    ``--semantics``, ``draw``, and ``conform --game``), so that each says it in the same words:
    a player the tree or game does not have, or none where the search has no default
    (best-reply search, for the root player it is given; paranoid search defaults to the
    root's mover).

    >>> from gametree.algorithms import ALGORITHMS
    >>> print(player_problem(ALGORITHMS["paranoid"], 3, 3))
    --player must be one of the players, 0..2 (got 3)
    >>> print(player_problem(ALGORITHMS["brs-plus"], None, 3))
    brs-plus needs --player P, the root player it searches for: one of the players, 0..2
    >>> player_problem(ALGORITHMS["paranoid"], None, 3) is None
    True
    """
    them = f"one of the players, 0..{players - 1}"
    if player is None:
        if algorithm.family != "best-reply":
            return None
        return f"{algorithm.name} needs --player P, the root player it searches for: {them}"
    if not 0 <= player < players:
        return f"--player must be {them} (got {player})"
    return None


def add_limit_arguments(parser: argparse.ArgumentParser) -> argparse._ArgumentGroup:
    """The reader's limits as options (see ``gametree.treefile.Limits``), for ``--help-all``.

    Returns their group, for a command's own limits.
    """
    d = Limits()
    group = more_options(parser, "limits on the input")
    group.add_argument("--max-nodes", type=_positive, default=d.max_nodes, metavar="N",
                       help=f"refuse trees with more nodes (default {d.max_nodes})")  # fmt: skip
    group.add_argument("--max-depth", type=_positive, default=d.max_depth, metavar="N",
                       help=f"refuse deeper trees (default {d.max_depth})")  # fmt: skip
    group.add_argument("--max-bytes", type=_positive, default=d.max_bytes, metavar="N",
                       help=f"refuse larger files (default {d.max_bytes})")  # fmt: skip
    return group


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


Window = tuple[Scalar | None, Scalar | None]
"""A window as the command line gives it: (alpha, beta), ``None`` for an open side."""


def window_side(text: str) -> Scalar | None:
    """One side of ``--window``: a number, or ``None`` for ``inf`` or ``-inf``.

    >>> window_side("-1/2"), window_side("-inf")
    (Fraction(-1, 2), None)
    """
    return None if text.strip().lower() in {"inf", "-inf", "+inf"} else cli_number(text)


def add_window_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    """``--window A B``; ``--alpha A`` and ``--beta B``, its old spellings, still work."""
    window = parser.add_argument("--window", nargs=2, type=window_side, metavar=("A", "B"),
                                 help=help_text + " ('inf' for an open side)")  # fmt: skip
    for old, side in (("--alpha", 0), ("--beta", 1)):
        old_spelling(parser, old, window, value=functools.partial(_with_side, side),
                     spelled="--window A B (inf for an open side)")  # fmt: skip


def _with_side(side: int, namespace: argparse.Namespace, value: Scalar | None) -> Window:
    alpha, beta = namespace.window or (None, None)
    return (value, beta) if side == 0 else (alpha, value)


def window_from(args: argparse.Namespace) -> Window | None:
    """The window given, or ``None``; ``ValueError`` if it is empty (alpha >= beta)."""
    window: Window | None = args.window
    if window is not None:
        alpha, beta = window
        if alpha is not None and beta is not None and not alpha < beta:
            raise ValueError(f"--window must be non-empty, alpha < beta (got {alpha}, {beta})")
    return window


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


PROGRESS_LINE = re.compile(r"gametree( [a-z]+)?: (\d+/\d+ [^,]*|still working), \d+ s\b")
"""A line of :class:`Progress` or :class:`Watch` off a terminal (where a terminal shows a bar,
or nothing): ``gametree conform: 40/200 cases, 12 s``, ``gametree experiment: still working,
25 s``. What a command prints besides them does not depend on how fast it runs.

>>> bool(PROGRESS_LINE.match("gametree vectors: 3/21 files checked, 10 s (pvs.json)"))
True
"""


class Voice:
    """What a command has lately said on standard error: its bars, lines and watches share it.

    ``last`` is when it last said how far it had got, so that each speaks only after
    :data:`Progress.EVERY` seconds of silence (since then, or since it started itself), whoever
    spoke last; ``speaking`` counts the progress bars running, which a :class:`Watch` leaves the
    word to.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last = -math.inf
        self.speaking = 0
        self.lock = threading.Lock()


VOICE = Voice()
"""The process's voice, which the progress of every command it runs shares."""


class Progress:
    """How far a long command has got, on standard error: a bar on a terminal, lines otherwise.

    On a terminal the bar is redrawn at every step. Elsewhere (a pipe, a CI log) a line such as
    ``gametree conform: 40/200 cases, 12 s`` is written once :data:`EVERY` seconds have passed
    since it started or the command last said how far it is (its :class:`Voice`): at a step,
    and between steps by a heartbeat thread, so that a step of minutes is not silence.
    ``timed`` progress counts the seconds themselves, for a command that knows its budget but
    not its steps. ``done`` clears the bar and stops the heartbeat.

    >>> import io
    >>> now = [0.0]
    >>> voice = Voice(clock=lambda: now[0])
    >>> p = Progress(10, "cases", stream=io.StringIO(), voice=voice, heartbeat=False)
    >>> p.advance(5); now[0] = 12.0; p.advance(); p.advance(); p.done()
    >>> print(p.stream.getvalue(), end="")
    gametree: 6/10 cases, 12 s
    """

    EVERY = 10.0
    """The most seconds of silence between two lines when standard error is not a terminal."""
    TICK = 1.0
    """How often a heartbeat looks at the clock, in seconds."""
    WIDTH = 30

    def __init__(
        self,
        total: int,
        unit: str,
        *,
        label: str = "gametree",
        stream: TextIO | None = None,
        enabled: bool = True,
        timed: bool = False,
        voice: Voice = VOICE,
        heartbeat: bool = True,
    ) -> None:
        self.total, self.unit, self.count, self.note = max(total, 1), unit, 0, ""
        self.label, self.enabled, self.timed, self.voice = label, enabled, timed, voice
        self.stream = stream if stream is not None else sys.stderr
        self.terminal = _is_terminal(self.stream)
        self.start = voice.clock()
        self.shown = False
        self._stop = threading.Event()
        self._heart: threading.Thread | None = None
        with voice.lock:
            voice.speaking += enabled
        if enabled and heartbeat and (timed or not self.terminal):
            self._heart = threading.Thread(target=self._beat, name="gametree progress",
                                           daemon=True)  # fmt: skip
            self._heart.start()

    def advance(self, n: int = 1, note: str = "") -> None:
        """Count ``n`` more (``note``: what is being done now) and show it."""
        with self.voice.lock:
            self.count += n
            self.note = note
            self._show()

    def beat(self) -> None:
        """Show how far it has got if a line is due (the heartbeat calls this)."""
        with self.voice.lock:
            self._show()

    def _beat(self) -> None:
        while not self._stop.wait(self.TICK):
            self.beat()

    def _show(self) -> None:
        if not self.enabled:
            return
        now = self.voice.clock()
        if self.timed:
            self.count = min(int(now - self.start), self.total)
        note = f" {self.note}" if self.note else ""
        if self.terminal:
            filled = min(self.WIDTH, self.WIDTH * self.count // self.total)
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {self.count}/{self.total} {self.unit}{note}"[:100])
            self.shown = True
        elif now - max(self.voice.last, self.start) >= self.EVERY:
            line = f"{self.label}: {self.count}/{self.total} {self.unit}, {now - self.start:.0f} s"
            self.stream.write((line + (f" ({self.note})" if self.note else ""))[:100] + "\n")
        else:
            return
        self.voice.last = now
        self.stream.flush()

    def done(self) -> None:
        """Stop the heartbeat and clear the bar's line."""
        self._stop.set()
        if self._heart is not None:
            self._heart.join()
        with self.voice.lock:
            self.voice.speaking -= self.enabled
            if self.shown:
                self.stream.write("\r" + " " * 100 + "\r")
                self.stream.flush()
                self.shown = False
        self.enabled = False


class Watch:
    """A line every :data:`Progress.EVERY` seconds that nothing else says how far a command is.

    For a command whose work is not all counted by a :class:`Progress` (an experiment draws its
    plots after its series): while no progress bar runs and the command has been silent that
    long, it writes ``gametree COMMAND: still working, 25 s``. A context manager.

    >>> import io
    >>> now = [0.0]
    >>> voice = Voice(clock=lambda: now[0])
    >>> with Watch("experiment", stream=io.StringIO(), voice=voice, heartbeat=False) as w:
    ...     now[0] = 9.0; w.beat(); now[0] = 25.0; w.beat(); w.beat()
    >>> print(w.stream.getvalue(), end="")
    gametree experiment: still working, 25 s
    """

    def __init__(
        self,
        command: str,
        *,
        stream: TextIO | None = None,
        voice: Voice = VOICE,
        heartbeat: bool = True,
    ) -> None:
        self.command, self.voice, self.heartbeat = command, voice, heartbeat
        self.stream = stream if stream is not None else sys.stderr
        self.start = voice.clock()
        self._stop = threading.Event()
        self._heart: threading.Thread | None = None

    def __enter__(self) -> "Watch":
        self.start = self.voice.clock()
        if self.heartbeat:
            self._heart = threading.Thread(target=self._beat, name="gametree watch", daemon=True)
            self._heart.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        if self._heart is not None:
            self._heart.join()

    def _beat(self) -> None:
        while not self._stop.wait(Progress.TICK):
            self.beat()

    def beat(self) -> None:
        """Write the line if one is due."""
        with self.voice.lock:
            now = self.voice.clock()
            if self.voice.speaking or now - max(self.voice.last, self.start) < Progress.EVERY:
                return
            self.stream.write(f"gametree {self.command}: still working, "
                              f"{now - self.start:.0f} s\n")  # fmt: skip
            self.stream.flush()
            self.voice.last = now


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
