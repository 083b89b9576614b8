"""Run Nagini on every kernel and every seeded flaw, and store what it found (``results.json``).

``python3 dev.py verify [KERNEL ...]`` sets up Nagini's own venv and runs ``python -m
gametree.proofs.nagini.verify NAGINI [KERNEL ...]`` in the project's, with the path of the
``nagini`` command: every kernel, or those named (the others' stored results are kept). Each
kernel is copied byte for byte into a scratch folder (so that Nagini's mypy reads that file
alone, not the gametree package around it) and verified with a timeout; then each flaw of
:data:`gametree.proofs.nagini.FLAWS` is seeded in a copy and verified the same way, and must
fail with an error naming the condition it breaks: Nagini verifies (``--select``) only the
function that condition belongs to (:func:`selected`), reading the rest of the file as its
definitions and contracts: that is enough to catch the flaw, in less time than the whole
file takes. The results name the SHA-256 of each kernel's source. Exit code 0 when every
kernel is verified and every flaw is caught, 1 otherwise (each error Nagini reported is
printed), 2 for bad usage.

Nagini's report is read from its standard output: ``Verification successful``, or
``Verification failed`` then ``Errors:`` and one error a line, each ending with its position
``(FILE@LINE.COL--LINE.COL)``; or ``Translation failed`` and the reason. An error is charged to
the function whose source holds its line (:func:`verdicts`).
"""

import ast
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs

from gametree.proofs.nagini import (
    CLAIMS,
    FLAWS,
    KERNELS,
    RESULTS,
    Flaw,
    Verdict,
    seeded,
    source,
)

__all__ = ["FAST", "Run", "check", "errors_of", "main", "nagini", "selected", "verdicts"]

TIMEOUT = 900.0
"""Seconds one run of Nagini may take (a kernel takes one to two minutes on 2 busy cores)."""

TOOL = "Nagini 1.2.0 (Viper's Silicon, z3 4.8.7)"

_POSITION = re.compile(r"\(([^()@]+)@(\d+)\.\d+--\d+\.\d+\)\s*$")


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


def selected(flaw: Flaw) -> str:
    """The function Nagini verifies for ``flaw``: the one its expected error names.

    An error that names no function (non-termination) is looked for where the text is seeded.

    >>> selected(next(f for f in FLAWS if f.name == "pairs-of-equal-components"))
    'maxn_choice_on_pairs'
    >>> selected(next(f for f in FLAWS if f.name == "no-progress"))
    'alphabeta_choice'
    """
    named = re.match(r"Postcondition of (\w+) might not hold", flaw.expected)
    if named:
        return named.group(1)
    text = source(flaw.kernel)
    line = text[: text.index(flaw.original)].count("\n") + 1
    return next(name for first, last, name in _functions(text) if first <= line <= last)


def _functions(text: str) -> list[tuple[int, int, str]]:
    """Each top-level function and class of ``text``: first line, last line, name."""
    return [
        (node.lineno, node.end_lineno or node.lineno, node.name)
        for node in ast.parse(text).body
        if isinstance(node, ast.FunctionDef | ast.ClassDef)
    ]


def verdicts(kernel: str, text: str, errors: tuple[str, ...]) -> dict[str, Verdict]:
    """Each claim of ``kernel`` (by name) given Nagini's ``errors`` on its source ``text``.

    A claim fails if an error lies in one of its functions, or in one that belongs to no claim
    (a definition they share), or has no position; it is verified otherwise.
    """
    claims = [c for c in CLAIMS if c.kernel == kernel]
    owned = {f for c in claims for f in c.functions}
    failed: set[str] = set()
    spans = _functions(text)
    for error in errors:
        m = _POSITION.search(error)
        line = int(m.group(2)) if m else None
        where = next((name for first, last, name in spans if line and first <= line <= last), None)
        if where in owned:
            failed.update(c.name for c in claims if where in c.functions)
        else:
            failed.update(c.name for c in claims)
    return {c.name: "failed" if c.name in failed else "verified" for c in claims}


FAST = ("multi_player",)
"""The kernels the test command verifies for real in CI (or when ``GAMETREE_NAGINI=fast``): one
kernel of about 100 s (``README.md``, Development, has the times), chosen for holding Theorem 4
(shallow pruning) and the other multi-player theorems nobody had mechanised."""


def check(command: Path, chosen: list[str]) -> int:
    """Verify the kernels ``chosen`` again, without their flaws, and store nothing.

    Exit code 0 if Nagini verifies each, from the source its stored result was made for; 1
    otherwise. The test command runs this on :data:`FAST`.
    """
    ok = True
    for name in chosen:
        text = source(name)
        print(f"checking {name}.py with {TOOL} ...", flush=True)  # noqa: T201 - a progress report
        run = nagini(command, text, name)
        print(_line(name, run, "verified" if run.verified else "FAILED"))  # noqa: T201
        ok = ok and run.verified
    return 0 if ok else 1


def main(argv: list[str]) -> int:
    """Verify the kernels named (all by default) and their flaws; store the results.

    ``argv`` is the path of the ``nagini`` command, then kernel names; the stored results of
    the kernels not named (and of their flaws) are kept as they were. With ``--check`` first,
    :func:`check` the kernels named (:data:`FAST` by default) instead.
    """
    checking = argv[:1] == ["--check"]
    argv = argv[1:] if checking else argv
    if not argv or not Path(argv[0]).exists() or not set(argv[1:]) <= set(KERNELS):
        sys.stderr.write(
            "usage: python -m gametree.proofs.nagini.verify [--check] PATH-TO-NAGINI "
            f"[KERNEL ...] (kernels: {', '.join(KERNELS)})\n"
        )
        return 2
    if checking:
        return check(Path(argv[0]), argv[1:] or list(FAST))
    command, chosen = Path(argv[0]), argv[1:] or list(KERNELS)
    kernels, flaws, ok = [], [], True
    for name in chosen:
        text = source(name)
        print(f"verifying {name}.py with {TOOL} ...", flush=True)  # noqa: T201 - a progress report
        run = nagini(command, text, name)
        found = verdicts(name, text, run.errors)
        ok = ok and run.verified
        print(_line(name, run, ", ".join(f"{n}: {v}" for n, v in found.items())))  # noqa: T201
        kernels.append(
            {
                "kernel": name,
                "sha256": hashlib.sha256(text.encode()).hexdigest(),
                "verdicts": found,
                "errors": list(run.errors),
                "seconds": round(run.seconds, 1),
            }
        )
    for flaw in (f for f in FLAWS if f.kernel in chosen):
        print(f"seeding {flaw.name} in {flaw.kernel}.py ...", flush=True)  # noqa: T201
        text = source(flaw.kernel)
        run = nagini(command, seeded(flaw), flaw.kernel, selected(flaw))
        caught = not run.verified and any(flaw.expected in e for e in run.errors)
        ok = ok and caught
        print(_line(flaw.name, run, "caught" if caught else f"NOT CAUGHT: no {flaw.expected!r}"))  # noqa: T201
        flaws.append(
            {
                "flaw": flaw.name,
                "sha256": hashlib.sha256(text.encode()).hexdigest(),
                "caught": caught,
                "errors": list(run.errors),
                "seconds": round(run.seconds, 1),
            }
        )
    # Read only now: another run, on other kernels, may have stored its results meanwhile.
    old = json.loads(RESULTS.read_text()) if RESULTS.exists() else {"kernels": [], "flaws": []}
    kept = [k for k in old["kernels"] if k["kernel"] in KERNELS and k["kernel"] not in chosen]
    flawed = {f.name: f.kernel for f in FLAWS}
    kept_flaws = [f for f in old["flaws"] if flawed.get(f["flaw"]) not in {None, *chosen}]
    order = {name: i for i, name in enumerate(KERNELS)}
    results = {
        "tool": TOOL,
        "kernels": sorted(kept + kernels, key=lambda k: order[k["kernel"]]),
        "flaws": sorted(kept_flaws + flaws, key=lambda f: [x.name for x in FLAWS].index(f["flaw"])),
    }
    RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS}")  # noqa: T201
    return 0 if ok else 1


def _line(name: str, run: Run, verdict: str) -> str:
    errors = "".join(f"\n  {e}" for e in run.errors)
    return f"{name}: {verdict} ({run.seconds:.0f} s){errors}"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
