"""Running a conformance target: a child process speaking JSON lines, under a clock and a cap.

Glossary: a *target* is the engine under test; a *reply* is what came back for one request:
an answer, the target's own error, or a failure of the process (it crashed, hung, printed
garbage, ran out of memory).

Both kinds of target run in a child process, so that the gate never hangs and never shares
the target's fate: an external command as it is, a Python callable ``package.module:function``
(or one of gametree's searches, by name) inside ``python -m gametree.conform.worker``. Each
request is written as one line and the reply read as one line, both without blocking, under a
deadline (``timeout`` seconds per case, plus ``startup`` seconds for the first request after
the process starts). The child gets its own session (so a hang is ended by killing its whole
process group), an address-space limit (``RLIMIT_AS``, ``memory_mb``) set before it runs, and
its standard error is kept in a file whose tail is shown when it fails. A child that died,
hung or printed garbage is restarted for the next case.
"""

import contextlib
import functools
import os
import re
import resource
import selectors
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Literal, cast

import attrs

from gametree._json import JSONSyntaxError
from gametree._json import loads as json_loads
from gametree.algorithms import lookup
from gametree.conform.builtin import answer, answer_tree, is_search
from gametree.conform.codec import Case, request, request_line
from gametree.conform.protocol import WORKER_IMPORT_FAILED, reply_text

__all__ = [
    "CallableTarget",
    "ProcessTarget",
    "Reply",
    "SearchTarget",
    "TargetStartError",
    "parse_target",
]

MAX_REPLY_BYTES = 64 * 1024 * 1024
"""A reply line longer than this is garbage (it would only grow the gate's memory)."""

MAX_REPLY_DEPTH = 32
"""A reply nested deeper than this is garbage (a reply needs 3 levels: a list of paths)."""

MAX_STDERR_BYTES = 64 * 1024 * 1024
"""A target that writes more than this to its standard error (kept in a file) is stopped."""

ReplyKind = Literal["answer", "error", "crash", "timeout", "garbage", "memory"]

_CALLABLE = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_MEMORY_WORDS = ("MemoryError", "bad_alloc", "out of memory", "Cannot allocate memory")
_ADDRESS_SPACE_WORDS = ("Sanitizer", "ulimit -v", "shadow memory")
"""What a sanitized build writes when it cannot reserve its shadow memory under ``RLIMIT_AS``."""


TIMEOUT_BYTES = 1 << 20
"""Each whole MiB of a request adds the timeout again to its deadline (:func:`allowed_seconds`)."""


def allowed_seconds(timeout: float, size: int) -> float:
    """The seconds a target has to answer a request of ``size`` bytes.

    ``timeout`` for each whole :data:`TIMEOUT_BYTES` of it, and one more: a case of 10^5
    nodes is about 2 MiB, and a target needs that much longer to read and search it; a hang
    still costs a bounded wait.

    >>> allowed_seconds(10.0, 1000), allowed_seconds(10.0, 2_400_000)
    (10.0, 30.0)
    """
    return timeout * (1 + size // TIMEOUT_BYTES)


class TargetStartError(RuntimeError):
    """The target could not be started at all (no such program, a callable that won't import)."""


@attrs.frozen
class Reply:
    """What came back for one request, and how long it took."""

    kind: ReplyKind
    response: object = None
    detail: str = ""
    seconds: float = 0.0


def parse_target(target: str) -> tuple[str, list[str]]:
    """``("python", [callable])`` or ``("command", argv)`` for a ``--target`` string.

    ``package.module:function`` is a Python callable, and so is the full name of one of
    gametree's own searches (``impl.optimal``: :mod:`gametree.conform.builtin`); anything else
    is a command line, split as a POSIX shell would. ``python:`` and ``command:`` prefixes
    force either reading.

    >>> parse_target("mypkg.engine:solve"), parse_target("./engine --json")
    (('python', ['mypkg.engine:solve']), ('command', ['./engine', '--json']))
    >>> parse_target("impl.shallow"), parse_target("command:impl.shallow")
    (('python', ['impl.shallow']), ('command', ['impl.shallow']))
    """
    if target.startswith("python:"):
        return "python", [target.removeprefix("python:")]
    if target.startswith("command:"):
        return "command", shlex.split(target.removeprefix("command:"))
    if _CALLABLE.fullmatch(target) or is_search(target):
        return "python", [target]
    return "command", shlex.split(target)


def _limit_memory(megabytes: int) -> Callable[[], None]:
    def limit() -> None:  # pragma: no cover - runs in the child, between fork and exec
        size = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    return limit


class ProcessTarget:
    """A target process, started on the first request and after each failure."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        timeout: float = 10.0,
        startup: float = 20.0,
        memory_mb: int = 2048,
        python_callable: bool = False,
    ) -> None:
        if not argv:
            raise TargetStartError("the target command is empty")
        self.argv, self.timeout, self.startup, self.memory_mb = (
            list(argv),
            timeout,
            startup,
            memory_mb,
        )
        self.python_callable = python_callable
        self.proc: subprocess.Popen[bytes] | None = None
        self.stderr: IO[bytes] | None = None
        self.fresh = True
        self.buffer = bytearray()
        self.next_id = 0
        self.answered = False
        self.first_answer: float | None = None
        """Seconds the first answer of the run took, its process's start included."""
        self.answer_times: list[tuple[int, float]] = []
        """(nodes, seconds) of each answer of a process already started."""
        self.asked: Case | None = None
        """The case last asked of the running process (``None``: none since it started)."""
        self.previous: Case | None = None
        """The case asked before the last one, in the same process (``None``: it was first)."""
        self.last_answered = False
        self.grace = ""
        """What the last request was given beyond ``timeout``, in words."""

    @classmethod
    def from_spec(cls, target: str, **kwargs: float) -> "ProcessTarget":
        """The target that a ``--target`` string names (see :func:`parse_target`)."""
        kind, argv = parse_target(target)
        if kind == "python":
            if not (_CALLABLE.fullmatch(argv[0]) or is_search(argv[0])):
                raise TargetStartError(
                    f"a Python target is package.module:function or the name of a search of "
                    f"'gametree algorithms' (got {argv[0]!r})"
                )
            argv = [sys.executable, "-m", "gametree.conform.worker", argv[0]]
        memory = int(kwargs.pop("memory_mb", 2048))
        return cls(argv, memory_mb=memory, python_callable=kind == "python", **kwargs)

    def start(self) -> None:
        """Start the process (its own session, memory-limited, stderr to a file)."""
        self.kill()
        if self.stderr is not None:
            self.stderr.close()
        self.stderr = cast(IO[bytes], tempfile.TemporaryFile())  # noqa: SIM115 - the child's life
        try:
            self.proc = subprocess.Popen(  # noqa: S603 - running the user's target is the point
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.stderr,
                start_new_session=True,
                preexec_fn=_limit_memory(self.memory_mb) if self.memory_mb else None,  # noqa: PLW1509
            )
        except OSError as e:
            raise TargetStartError(f"cannot run {self.argv[0]!r}: {e.strerror or e}") from None
        except (ValueError, subprocess.SubprocessError) as e:  # a NUL in argv; setrlimit refused
            raise TargetStartError(f"cannot run {self.argv[0]!r}: {e}") from None
        assert self.proc.stdin is not None
        assert self.proc.stdout is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        os.set_blocking(self.proc.stdout.fileno(), False)
        self.buffer = bytearray()
        self.fresh = True
        self.asked = None
        self.last_answered = False

    def restart(self) -> None:
        """End the process, so that the next request is the first of a fresh one."""
        self.kill()
        self.proc = None

    @contextlib.contextmanager
    def limited(self, seconds: float) -> Iterator[None]:
        """Each request within ``seconds`` at most (while shrinking a hang)."""
        timeout = self.timeout
        self.timeout = min(timeout, seconds)
        try:
            yield
        finally:
            self.timeout = timeout

    def hang_limit(self, nodes: int) -> float:
        """The limit on each attempt while shrinking a hang of ``nodes`` nodes, or less.

        Three times the longest answer to a case of at most ``nodes`` nodes (of a process
        already started), and at least a second, at most ``--timeout``: a smaller case that
        answers in time is not taken for a hang, and one that hangs costs little.
        """
        slowest = max((t for n, t in self.answer_times if n <= nodes), default=0.0)
        return min(self.timeout, max(1.0, 3 * slowest))

    def _startup(self) -> float:
        """More time for the first request of a process.

        ``--startup`` until the target has answered once, then twice what its first answer
        took (at least 1 s, at most ``--startup``), so that restarts do not each cost
        ``--startup`` again.
        """
        if self.first_answer is None:
            return self.startup
        return min(self.startup, max(1.0, 2 * self.first_answer))

    def ask(self, case: Case, *, trace: bool) -> Reply:
        """Send the request for ``case`` and wait for its reply, within the deadline."""
        self.previous = self.asked
        if self.proc is not None and self.proc.poll() is not None and self.last_answered:
            return self._ended_after_answer()
        if self.proc is None or self.proc.poll() is not None:
            self.start()
            self.previous = None
        assert self.proc is not None
        assert self.proc.stdin is not None
        self.asked = case
        self.last_answered = False
        self.next_id += 1
        rid = self.next_id
        data = request_line(case, rid, trace=trace).encode()
        for_size = allowed_seconds(self.timeout, len(data)) - self.timeout
        for_start = self._startup() if self.fresh else 0.0
        allowed = self.timeout + for_size + for_start
        self.grace = " and ".join(
            [f"{for_size:.3g} s more for its {len(data) >> 20} MiB"] * (for_size > 0)
            + [f"{for_start:.3g} s more to start"] * (for_start > 0)
        )
        started = time.monotonic()
        outcome = self._exchange(data, started + allowed, allowed)
        seconds = time.monotonic() - started
        if isinstance(outcome, Reply):
            return attrs.evolve(outcome, seconds=seconds)
        fresh, self.fresh = self.fresh, False
        reply = self._reply(outcome, rid, seconds)
        if reply.kind in {"answer", "error"}:
            self.last_answered = True
            if self.first_answer is None:
                self.first_answer = seconds
            if not fresh:
                self.answer_times.append((case.tree.size, seconds))
        return reply

    def _ended_after_answer(self) -> Reply:
        """The process ended on its own after answering the last request: a crash.

        It is charged to this request (which was not sent); replayed after the request before
        it, the gate finds the cause (:mod:`gametree.conform.faults`).
        """
        proc = self.proc
        assert proc is not None
        code = proc.returncode
        tail = self.stderr_tail()
        self.restart()
        self.asked = self.previous
        status = f"killed by signal {-code}" if code < 0 else f"exit {code}"
        detail = (f"the target ended after its answer to the request before this one "
                  f"({status}), before this one was sent")  # fmt: skip
        if tail:
            detail += f"; its standard error ends:\n{tail}"
        return Reply("crash", detail=detail)

    def _exchange(self, data: bytes, deadline: float, allowed: float) -> bytes | Reply:
        """Write ``data`` and read one line, or the failure that stopped it."""
        proc = self.proc
        assert proc is not None
        assert proc.stdin is not None
        assert proc.stdout is not None
        stdin, stdout = proc.stdin.fileno(), proc.stdout.fileno()
        sent = 0
        unsent = memoryview(data)  # each write takes what the pipe holds, without a copy
        with selectors.DefaultSelector() as sel:
            sel.register(stdout, selectors.EVENT_READ)
            sel.register(stdin, selectors.EVENT_WRITE)
            ended = b"\n" in self.buffer  # looked for in each new chunk only: O(n) in all
            while not ended:
                left = deadline - time.monotonic()
                if left <= 0:
                    return self._timed_out(allowed, sent=sent == len(data))
                if self._stderr_size() > MAX_STDERR_BYTES:  # a flood would fill the disk
                    self.kill()
                    return Reply("garbage", detail="more than 64 MiB on its standard error")
                for key, _ in sel.select(min(left, 0.1)):
                    if key.fd == stdin:
                        try:
                            sent += os.write(stdin, unsent[sent:])
                        except BrokenPipeError:
                            return self._died("closed its input")
                        if sent == len(data):
                            sel.unregister(stdin)
                    else:
                        chunk = os.read(stdout, 1 << 16)
                        if not chunk:
                            return self._died("closed its output")
                        self.buffer += chunk
                        ended = b"\n" in chunk
                        if len(self.buffer) > MAX_REPLY_BYTES:
                            self.kill()
                            return Reply("garbage", detail="a reply line longer than 64 MiB")
        line, _, self.buffer = self.buffer.partition(b"\n")
        return bytes(line)

    def _timed_out(self, allowed: float, *, sent: bool) -> Reply:
        """The timeout, saying the time it was really given and what may have caused it."""
        partial = bytes(self.buffer[:80])
        self.kill()
        limit = f"{allowed:.3g} s"
        if allowed != self.timeout:
            limit += f" (--timeout {self.timeout:g} s, and {self.grace})"
        if not sent:
            return Reply("timeout", detail=f"no request to be read within {limit}")
        if partial:
            why = f"a reply began ({partial!r}) but no end of line came"
        else:
            why = "nothing came back: did the engine flush its reply? (a reply held in an "
            why += "output buffer is never seen)"
        return Reply("timeout", detail=f"no reply within {limit}; {why}")

    def _reply(self, line: bytes, rid: int, seconds: float) -> Reply:
        try:
            response = json_loads(line.decode("utf-8"), max_depth=MAX_REPLY_DEPTH)
        except (UnicodeDecodeError, JSONSyntaxError) as e:
            self.kill()
            why = f"not UTF-8 at byte {e.start}" if isinstance(e, UnicodeDecodeError) else e
            return Reply("garbage", detail=f"not a JSON line ({why}): {line[:200]!r}",
                         seconds=seconds)  # fmt: skip
        if not isinstance(response, dict):
            self.kill()
            return Reply("garbage", detail=f"not a JSON object: {line[:200]!r}", seconds=seconds)
        if response.get("id") != rid:
            self.kill()
            return Reply(
                "garbage",
                detail=f"the reply's id is {response.get('id')!r}, not {rid}: {line[:200]!r}",
                seconds=seconds,
            )
        self.answered = True
        if "error" in response:
            kind: ReplyKind = "memory" if response.get("kind") == "memory" else "error"
            return Reply(kind, response, str(response["error"])[:2000], seconds)
        return Reply("answer", response, seconds=seconds)

    def _died(self, how: str) -> Reply:
        proc = self.proc
        assert proc is not None
        try:
            code = proc.wait(timeout=1)  # alive without its output is as good as dead
        except subprocess.TimeoutExpired:
            self.kill()
            code = proc.returncode
        tail = self.stderr_tail()
        if self.python_callable and code == WORKER_IMPORT_FAILED and not self.answered:
            raise TargetStartError(tail.strip() or "the callable could not be imported")
        status = f"killed by signal {-code}" if code is not None and code < 0 else f"exit {code}"
        kind: ReplyKind = "memory" if any(w in tail for w in _MEMORY_WORDS) else "crash"
        detail = f"the target {how} and ended ({status})"
        if self.memory_mb and any(w in tail for w in _ADDRESS_SPACE_WORDS):
            detail += (f"; it ran under an address-space limit of {self.memory_mb} MiB "
                       f"(--memory), which a sanitizer's shadow memory exceeds: try "
                       f"--memory 0")  # fmt: skip
        if tail:
            detail += f"; its standard error ends:\n{tail}"
        return Reply(kind, detail=detail)

    def _stderr_size(self) -> int:
        return 0 if self.stderr is None else os.fstat(self.stderr.fileno()).st_size

    def stderr_tail(self, size: int = 2000) -> str:
        """The last ``size`` bytes the target wrote to its standard error."""
        if self.stderr is None:
            return ""
        self.stderr.flush()
        end = self.stderr.seek(0, os.SEEK_END)
        self.stderr.seek(max(0, end - size))
        return self.stderr.read().decode("utf-8", "replace")

    def kill(self) -> None:
        """End the process and its group, wait for it, and drop what it had written."""
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):  # a process the kernel won't reap
            proc.wait(timeout=5)
        for f in (proc.stdin, proc.stdout):
            if f is not None:
                with contextlib.suppress(OSError):
                    f.close()
        self.buffer = bytearray()

    def close(self) -> None:
        """Close the target's input, give it a moment to end, then end it."""
        proc = self.proc
        if proc is not None and proc.poll() is None and proc.stdin is not None:
            try:
                proc.stdin.close()
                proc.wait(timeout=1)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()
        if self.stderr is not None:
            self.stderr.close()
            self.stderr = None


class _Timeout(BaseException):
    """Raised in the callable by the alarm (a BaseException, so its ``except`` won't eat it)."""


class CallableTarget:
    """A Python callable run in this process: for tests that hold the function itself.

    The request and the reply go through JSON text as they would through a pipe, so the
    callable sees exactly what a worker would give it, and a reply that is not JSON is
    garbage here too. A hang is cut off with ``SIGALRM`` when this runs in the main thread
    of a Unix process (elsewhere there is no timeout); nothing limits its memory. For those
    guarantees, name the callable as ``package.module:function`` and use :class:`ProcessTarget`.
    """

    def __init__(
        self, function: Callable[[dict[str, object]], object], *, timeout: float = 10.0
    ) -> None:
        self.function, self.timeout = function, timeout
        self.next_id = 0

    def ask(self, case: Case, *, trace: bool) -> Reply:
        """Call the function on the request for ``case``."""
        self.next_id += 1
        line = request_line(case, self.next_id, trace=trace)
        request = json_loads(line)
        assert isinstance(request, dict)
        request.pop("id")
        return self._call(lambda: self.function(request), allowed_seconds(self.timeout, len(line)))

    def _call(self, reply: Callable[[], object], timeout: float) -> Reply:
        """``reply()``, within ``timeout`` seconds, read back from its JSON text."""
        import threading  # noqa: PLC0415 - only to know whether an alarm can be used

        alarm = (
            hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        )
        started = time.monotonic()

        def expire(_signum: int, _frame: object) -> None:
            raise _Timeout

        previous = signal.signal(signal.SIGALRM, expire) if alarm else None
        try:
            if alarm:
                signal.setitimer(signal.ITIMER_REAL, timeout)
            text = reply_text(reply())
        except _Timeout:
            return Reply("timeout", detail=f"no reply within {timeout:g} s",
                         seconds=time.monotonic() - started)  # fmt: skip
        except MemoryError:
            return Reply("memory", detail="MemoryError", seconds=time.monotonic() - started)
        except Exception as e:
            return Reply("error", {"error": f"{type(e).__name__}: {e}"},
                         f"{type(e).__name__}: {e}", time.monotonic() - started)  # fmt: skip
        finally:
            if alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
        seconds = time.monotonic() - started
        try:
            response = json_loads(text)
        except JSONSyntaxError:  # pragma: no cover - json.dumps wrote it
            return Reply("garbage", detail=text[:200], seconds=seconds)
        return Reply("answer", response, seconds=seconds)

    def close(self) -> None:
        """Nothing to release."""


class SearchTarget(CallableTarget):
    """One of gametree's own searches (``answer``'s name), run in this process on the case itself.

    The reply is :func:`gametree.conform.builtin.answer`'s to the case's request, as a
    :class:`CallableTarget` of ``answer`` gets it; but the tree is the case's own, not read
    back from the request's text the gate just wrote (at 10^5 nodes, writing, parsing and
    reading that text cost more than the search). A game's case, whose request holds no tree,
    goes the text's way, and so does every case of a search whose table keys nodes by identity
    (``Algorithm.transpositions``: a subtree the case's tree shares by reference is one node
    to it, and the text has no such sharing). The deadline is ``timeout`` seconds a case,
    whatever its size.
    """

    def __init__(self, name: str, *, timeout: float = 10.0) -> None:
        if not is_search(name):
            raise TargetStartError(f"{name!r} is not a search of 'gametree algorithms'")
        super().__init__(functools.partial(answer, name), timeout=timeout)
        self.name = name
        self.by_text = lookup(name).algorithm.transpositions

    def ask(self, case: Case, *, trace: bool) -> Reply:
        """The search's reply to the request for ``case``."""
        if case.game is not None or self.by_text:
            return super().ask(case, trace=trace)
        sent = request(case, trace=trace, tree=False)
        return self._call(lambda: answer_tree(self.name, sent, case.tree, case.declared),
                          self.timeout)  # fmt: skip
