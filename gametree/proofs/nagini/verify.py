"""Run Nagini on every kernel and every seeded flaw, and store what it found (``results.json``).

``python3 dev.py verify [KERNEL ...]`` sets up Nagini's own venv and runs ``python -m
gametree.proofs.nagini.verify NAGINI [KERNEL ...]`` in the project's, with the path of the
``nagini`` command: every kernel, or those named (the others' stored results are kept). Each
kernel is copied byte for byte into a scratch folder (so that Nagini's mypy reads that file
alone, not the gametree package around it) and verified with a timeout; then each flaw of
:data:`gametree.proofs.nagini.FLAWS` is seeded in a copy and verified the same way, and must
fail with an error naming the condition it breaks (:func:`caught`): Nagini verifies
(``--select``) only the function that condition belongs to (:func:`selected`), reading the rest
of the file as its definitions and contracts: that is enough to catch the flaw, in less time
than the whole file takes. ``--jobs N`` runs N of these at once (each is one Java process and
one z3, about one core). Each kernel's record is stored with its key
(:func:`gametree.proofs.nagini.key`), whose ``logic`` part is :data:`LOGIC`, the source of the
functions here that run Nagini and read its verdicts. Nagini's and z3's versions must be
those of :data:`gametree.proofs.nagini.VERSIONS` (:func:`versions`), or nothing runs.
``--stale`` verifies only the kernels whose stored record is stale. Exit code 0 when every
kernel is verified and every flaw is caught, 1 otherwise (each error Nagini reported is
printed), 2 for bad usage or other versions.

Nagini's report is read from its standard output: ``Verification successful``, or
``Verification failed`` then ``Errors:`` and one error a line, each ending with its position
``(FILE@LINE.COL--LINE.COL)``; or ``Translation failed`` and the reason. An error is charged to
the function whose source holds its line, and fails every claim that relies on that function
(:func:`gametree.proofs.nagini.verdicts`).
"""

import json
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs

from gametree.proofs import stored as cache
from gametree.proofs.nagini import (
    KERNELS,
    RESULTS,
    VERSIONS,
    Flaw,
    FlawResult,
    KernelResult,
    Results,
    flaws_of,
    function_at,
    key,
    results_json,
    seeded,
    source,
    stale,
    stored,
    verdicts,
)

__all__ = [
    "FAST",
    "LOGIC",
    "Run",
    "caught",
    "check",
    "errors_of",
    "main",
    "nagini",
    "selected",
    "versions",
]

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


def selected(flaw: Flaw) -> str:
    """The function Nagini verifies for ``flaw``: the one its expected error names.

    An error that names no function (non-termination) is looked for where the text is seeded.

    >>> from gametree.proofs.nagini import FLAWS
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
    found = function_at(text, line)
    assert found is not None, f"{flaw.name} is seeded outside every function"
    return found


FAST = ("multi_player",)
"""The kernels the test command verifies for real in CI (or when ``GAMETREE_NAGINI=fast``): one
kernel of about 100 s (``README.md``, Development, has the times), chosen for holding Theorem 4
(shallow pruning) and the other multi-player theorems nobody had mechanised."""


def caught(flaw: Flaw, run: Run) -> bool:
    """Whether Nagini caught ``flaw``: it failed, with an error naming the condition broken."""
    return not run.verified and any(flaw.expected in e for e in run.errors)


def versions(command: Path) -> dict[str, str]:
    """The versions of Nagini and z3 installed beside the ``nagini`` command (in its venv)."""
    python = command.parent / "python"
    done = subprocess.run(  # noqa: S603 - the venv dev.py made
        [str(python), "-c", ("import importlib.metadata as m; "
                             f"print(*(m.version(d) for d in {sorted(VERSIONS)!r}))")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    found = done.stdout.split()
    return dict(zip(sorted(VERSIONS), found, strict=False)) if done.returncode == 0 else {}


def check(command: Path, chosen: list[str]) -> int:
    """Verify the kernels ``chosen`` again, without their flaws, and store nothing.

    Exit code 0 if Nagini verifies each; 1 otherwise. The test command runs this on
    :data:`FAST` in CI, as a spot check that the stored verdicts are Nagini's.
    """
    ok = True
    for name in chosen:
        print(f"checking {name}.py with Nagini ...", flush=True)  # noqa: T201 - a progress report
        run = nagini(command, source(name), name)
        print(_line(name, run, "verified" if run.verified else "FAILED"))  # noqa: T201
        ok = ok and run.verified
    return 0 if ok else 1


_USAGE = (
    "usage: python -m gametree.proofs.nagini.verify [--check | --stale] [--jobs N] "
    "PATH-TO-NAGINI [KERNEL ...] (kernels: {})\n"
)


def main(argv: list[str]) -> int:
    """Verify the kernels named (all by default, or ``--stale`` ones) and their flaws; store.

    ``argv`` is the options, the path of the ``nagini`` command, then kernel names; the stored
    records of the kernels not named are kept as they were. With ``--check``, :func:`check` the
    kernels named (:data:`FAST` by default) instead.
    """
    asked = cache.request(argv)
    args = list(asked.rest) if asked else []
    if not asked or not args or not Path(args[0]).exists() or not set(args[1:]) <= set(KERNELS):
        sys.stderr.write(_USAGE.format(", ".join(KERNELS)))
        return 2
    command = Path(args[0])
    found = versions(command)
    if found != VERSIONS:
        sys.stderr.write(
            f"{command} runs {found or 'no Nagini we can read'}; the stored verdicts are made "
            f"with {VERSIONS} (gametree.proofs.nagini.VERSIONS): install those (python3 dev.py "
            "verify does) or change VERSIONS, which makes every stored verdict stale\n"
        )
        return 2
    if asked.check:
        return check(command, args[1:] or list(FAST))
    chosen = args[1:] or list(KERNELS)
    if asked.stale_only:
        chosen = [k for k in chosen if k in stale(stored())]
        if not chosen:
            print("every stored Nagini verdict is current: nothing to verify")  # noqa: T201
            return 0
    return _verify(command, chosen, asked.jobs)


def _verify(command: Path, chosen: list[str], jobs: int) -> int:
    """Verify the kernels ``chosen`` and their flaws, ``jobs`` runs at once; store the records."""
    keys = {name: key(name) for name in chosen}  # of the sources as they are verified
    tasks: list[tuple[str, Flaw | None]] = [(name, None) for name in chosen]
    tasks += [(f.kernel, f) for name in chosen for f in flaws_of(name)]

    def one(task: tuple[str, Flaw | None]) -> Run:
        name, flaw = task
        if flaw is None:
            print(f"verifying {name}.py ...", flush=True)  # noqa: T201 - a progress report
            return nagini(command, source(name), name)
        print(f"seeding {flaw.name} in {name}.py ...", flush=True)  # noqa: T201
        return nagini(command, seeded(flaw), name, selected(flaw))

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = dict(zip(tasks, pool.map(one, tasks), strict=True))
    records, ok = [], True
    for name in chosen:
        run = runs[(name, None)]
        found = verdicts(name, source(name), run.errors)
        print(_line(name, run, ", ".join(f"{n}: {v}" for n, v in found.items())))  # noqa: T201
        ok = ok and run.verified
        flaws = []
        for flaw in flaws_of(name):
            frun = runs[(name, flaw)]
            got = caught(flaw, frun)
            print(_line(flaw.name, frun, "caught" if got else f"NOT CAUGHT: no {flaw.expected!r}"))  # noqa: T201
            ok = ok and got
            flaws.append(FlawResult(flaw.name, got, frun.errors, round(frun.seconds, 1)))
        records.append(
            KernelResult(
                kernel=name,
                key=keys[name],
                verified=run.verified,
                errors=run.errors,
                seconds=round(run.seconds, 1),
                flaws=tuple(flaws),
            )
        )
    # Read only now: another run, on other kernels, may have stored its results meanwhile.
    old = stored().kernels if RESULTS.exists() else ()
    kept = [k for k in old if k.kernel in KERNELS and k.kernel not in chosen]
    order = {name: i for i, name in enumerate(KERNELS)}
    results = Results(tuple(sorted(kept + records, key=lambda k: order[k.kernel])))
    RESULTS.write_text(json.dumps(results_json(results), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS}")  # noqa: T201
    return 0 if ok else 1


def _line(name: str, run: Run, verdict: str) -> str:
    errors = "".join(f"\n  {e}" for e in run.errors)
    return f"{name}: {verdict} ({run.seconds:.0f} s){errors}"


LOGIC = cache.code_digest(nagini, errors_of, selected, caught)
"""The ``logic`` part of every Nagini key: the source of the functions that run Nagini on a
file, read its report, choose what a flaw verifies and decide whether it was caught."""


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
