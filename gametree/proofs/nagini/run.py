"""How Nagini is run on a file and how its verdict is read: the ``logic`` part of its keys.

:func:`nagini` runs the ``nagini`` command on a text (copied byte for byte into a scratch
folder, so that Nagini's mypy reads that file alone, not the gametree package around it), with a
timeout; :func:`errors_of` reads its report; :func:`selected` chooses the one function Nagini
verifies for a seeded flaw (``--select``: the function the expected error names, the rest of
the file read as its definitions and contracts, which is enough to catch the flaw in less time
than the whole file takes); :func:`caught` decides whether the flaw was caught. A change to any
of them changes :data:`LOGIC`, and with it every Nagini verdict's key.

Nagini's report is read from its standard output: ``Verification successful``, or
``Verification failed`` then ``Errors:`` and one error a line, each ending with its position
``(FILE@LINE.COL--LINE.COL)``; or ``Translation failed`` and the reason.
"""

import re
import subprocess
import tempfile
import time
from pathlib import Path

import attrs

from gametree.proofs.machinery import stored as cache
from gametree.proofs.machinery.claims import Flaw
from gametree.proofs.nagini.calls import function_at

__all__ = ["LOGIC", "TIMEOUT", "Run", "caught", "errors_of", "nagini", "selected"]

TIMEOUT = 3600.0
"""Seconds one run of Nagini may take: a hang guard (a kernel takes 1.5 to 2.5 minutes on a
quiet 2-core machine, and more than 15 at load 20, niced)."""


@attrs.frozen
class Run:
    """One run of Nagini on one file: whether it verified, the errors, the time."""

    verified: bool
    errors: tuple[str, ...]
    seconds: float


def errors_of(output: str) -> tuple[bool, tuple[str, ...]]:
    r"""Whether Nagini's ``output`` says the file verified, and the errors it lists.

    >>> errors_of("Verification successful\nVerification took 61.6 seconds.\n")
    (True, ())
    >>> errors_of("Verification failed\nErrors:\nPostcondition of f might not hold. "
    ...           "(k.py@3.4--3.9)\nVerification took 9.1 seconds.\n")
    (False, ('Postcondition of f might not hold. (k.py@3.4--3.9)',))
    """
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    if "Verification successful" in lines:
        return True, ()
    if "Errors:" in lines:
        listed = lines[lines.index("Errors:") + 1 :]
        return False, tuple(e for e in listed if not e.startswith("Verification took"))
    if "Translation failed" in lines:
        return False, tuple(lines[lines.index("Translation failed") :])
    return False, (f"no verdict in Nagini's output: {' / '.join(lines[-5:]) or '(nothing)'}",)


def nagini(
    command: Path, text: str, name: str, select: str | None = None, timeout: float = TIMEOUT
) -> Run:
    """Nagini (the ``command``) on ``text``, written to a scratch file ``name``.py.

    ``select``: verify that function alone (Nagini's ``--select``), the rest read as axioms.
    """
    with tempfile.TemporaryDirectory(prefix="gametree-nagini-") as scratch:
        path = Path(scratch) / f"{name}.py"
        path.write_text(text, encoding="utf-8")
        started = time.monotonic()
        try:
            done = subprocess.run(  # noqa: S603 - the nagini command dev.py installed
                [str(command), *(["--select", select] if select else []), path.name],
                cwd=scratch,
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired:
            seconds = time.monotonic() - started
            late = f"Nagini did not finish within {timeout:.0f} s"
            return Run(verified=False, errors=(late,), seconds=seconds)
        seconds = time.monotonic() - started
    verified, errors = errors_of(done.stdout + done.stderr)
    return Run(verified=verified and done.returncode == 0, errors=errors, seconds=seconds)


def selected(flaw: Flaw, text: str) -> str:
    """The function Nagini verifies for ``flaw`` in its kernel's ``text``.

    The one its expected error names, or, for an error that names no function
    (non-termination), the one where the text is seeded.
    """
    named = re.match(r"Postcondition of (\w+) might not hold", flaw.expected)
    if named:
        return named.group(1)
    found = function_at(text, text[: text.index(flaw.original)].count("\n") + 1)
    assert found is not None, f"{flaw.name} is seeded outside every function"
    return found


def caught(flaw: Flaw, run: Run) -> bool:
    """Whether Nagini caught ``flaw``: it failed, with an error naming the condition broken."""
    return not run.verified and any(flaw.expected in e for e in run.errors)


LOGIC = cache.code_digest(nagini, errors_of, selected, caught)
"""The ``logic`` part of every Nagini key: the source of the functions that run Nagini on a
file, read its report, choose what a flaw verifies and decide whether it was caught."""
