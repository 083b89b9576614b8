"""``python -m gametree.conform.worker package.module:function``: a Python target as a process.

``python -m gametree.conform.worker impl.shallow`` serves one of gametree's own searches
(:mod:`gametree.conform.builtin`).

The gate runs a Python callable here, in a child process, so that a callable that hangs,
crashes or eats memory is reported rather than taking the gate with it. The worker speaks the
JSON-lines protocol of ``gametree conform`` (see ``docs/conformance.md``): it reads one
request per line, calls ``function(request)`` with the request as a dict (its ``id`` removed;
the tree is the canonical JSON document, ``gametree.treefile.read_tree_json`` reads it), and
writes the dict the function returns, with the ``id`` put back, as one line. Fractions and
tuples in the reply are written as ``"p/q"`` strings and lists.

Anything the callable prints goes to standard error, not into the protocol. An exception is
reported as ``{"id": ..., "error": "Type: message"}``; ``MemoryError`` as the same with
``"kind": "memory"``. A callable that cannot be imported ends the worker with status 78.
"""

import contextlib
import functools
import gc
import importlib
import json
import sys
import traceback
from collections.abc import Callable, Iterator
from typing import Any

from gametree._json import JSONSyntaxError, loads
from gametree.conform.protocol import WORKER_IMPORT_FAILED, reply_text


def load(target: str) -> Callable[[dict[str, Any]], object]:
    """The callable ``package.module:function`` (attributes may be dotted), or a search.

    A search of ``gametree algorithms`` by its name (:mod:`gametree.conform.builtin`, loaded
    only then: a name without a colon).
    """
    if ":" not in target:
        from gametree.conform import builtin  # noqa: PLC0415 - only a search needs gametree's

        if not builtin.is_search(target):
            raise ValueError("neither package.module:function nor a search of gametree algorithms")
        return functools.partial(builtin.answer, target)
    module_name, _, attribute = target.partition(":")
    obj: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        obj = getattr(obj, part)
    if not callable(obj):
        raise TypeError(f"{target} is not callable (got {type(obj).__name__})")
    return obj  # type: ignore[no-any-return]


LARGE_REQUEST = 1 << 20
"""A request line this long (a scale case's, 2 MB) is answered with what the process held
before the call kept out of the cycle collector's walks (:func:`held_out_of_collection`)."""


@contextlib.contextmanager
def held_out_of_collection(request_length: int) -> Iterator[None]:
    """What the process holds, kept out of the collector's walks while a large request is answered.

    For a request of at least :data:`LARGE_REQUEST` characters: ``gc.freeze``, undone after.
    The parsed request alone is about 10^6 containers, alive while the callable runs: every
    collection its allocations set off walked them again, a third of the answer's CPU. The
    callable's own objects are collected as ever.
    """
    if request_length < LARGE_REQUEST:
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def serve(function: Callable[[dict[str, Any]], object], lines: Any, out: Any) -> None:
    """Answer every request line from ``lines`` on ``out``."""
    for line in lines:
        try:
            request = loads(line.decode("utf-8") if isinstance(line, bytes) else line)
        except (JSONSyntaxError, UnicodeDecodeError) as e:
            reply: dict[str, object] = {"id": None, "error": f"the worker got a bad request: {e}"}
            out.write(json.dumps(reply) + "\n")
            out.flush()
            continue
        if not isinstance(request, dict):
            out.write(json.dumps({"id": None, "error": "a request must be a JSON object"}) + "\n")
            out.flush()
            continue
        rid = request.pop("id", None)
        try:
            with held_out_of_collection(len(line)):
                text = reply_text(function(request), id=rid)
        except MemoryError:
            text = json.dumps({"id": rid, "error": "MemoryError", "kind": "memory"})
        except Exception as e:
            tb = traceback.format_exc(limit=-8)
            text = json.dumps({"id": rid, "error": f"{type(e).__name__}: {e}", "traceback": tb})
        out.write(text + "\n")
        out.flush()


def main(argv: list[str]) -> int:
    """Load the callable named by ``argv[0]`` and serve standard input."""
    if len(argv) != 1:
        sys.stderr.write("usage: python -m gametree.conform.worker package.module:function\n")
        return 2
    try:
        function = load(argv[0])
    except Exception as e:
        sys.stderr.write(f"cannot load the target {argv[0]!r}: {type(e).__name__}: {e}\n")
        return WORKER_IMPORT_FAILED
    protocol = sys.stdout
    sys.stdout = sys.stderr  # what the target prints must not enter the protocol
    serve(function, sys.stdin, protocol)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
