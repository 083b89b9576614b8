"""Run Nagini on every kernel and every seeded flaw, and store what it found (``results.json``).

``python3 dev.py verify [KERNEL ...]`` sets up Nagini's own venv and runs ``python -m
gametree.proofs.nagini.verify NAGINI [KERNEL ...]`` in the project's, with the path of the
``nagini`` command: every kernel, or those named (the others' stored records are kept). Each
kernel is verified with a timeout (:mod:`gametree.proofs.nagini.run` runs Nagini and reads its
report); then each flaw the theorems seed in it (:mod:`gametree.proofs.theorems`) is seeded in
a copy and verified the same way, in the function its expected error names
(:func:`~gametree.proofs.nagini.run.selected`), and must fail with that error
(:func:`~gametree.proofs.nagini.run.caught`). ``--jobs N`` runs N of these at once (each is one
Java process and one z3, about one core). Each kernel's record is stored with its key
(:func:`gametree.proofs.machinery.verified.key`). Nagini's and z3's versions must be those of
:data:`gametree.proofs.nagini.VERSIONS` (:func:`versions`), or nothing runs. ``--stale``
verifies only the kernels whose stored record is stale. Exit code 0 when every kernel is
verified and every flaw is caught, 1 otherwise (each error Nagini reported is printed), 2 for
bad usage or other versions.
"""

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gametree.proofs.machinery import stored as cache
from gametree.proofs.machinery import verified
from gametree.proofs.machinery.claims import Flaw
from gametree.proofs.machinery.verified import FlawRecord, Record
from gametree.proofs.nagini import KERNELS, NAGINI, VERSIONS, verdicts
from gametree.proofs.nagini.run import Run, caught, nagini, selected
from gametree.proofs.theorems import THEOREMS

__all__ = ["FAST", "check", "main", "versions"]

FAST = ("multi_player",)
"""The kernels the test command verifies for real in CI (or when ``GAMETREE_NAGINI=fast``): one
kernel of about 100 s (``README.md``, Development, has the times), chosen for holding the
theorems ``shallow``, ``maxn-pairs`` and ``paranoid``, which nobody had mechanised."""


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
        run = nagini(command, NAGINI.source(name), name)
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
        gone = verified.stale(THEOREMS, NAGINI, verified.stored(NAGINI))
        chosen = [k for k in chosen if k in gone]
        if not chosen:
            print("every stored Nagini verdict is current: nothing to verify")  # noqa: T201
            return 0
    return _verify(command, chosen, asked.jobs)


def _verify(command: Path, chosen: list[str], jobs: int) -> int:
    """Verify the kernels ``chosen`` and their flaws, ``jobs`` runs at once; store the records."""
    keys = {name: verified.key(THEOREMS, NAGINI, name) for name in chosen}  # as verified
    texts = {name: NAGINI.source(name) for name in chosen}
    flaws = {name: verified.flaws_of(THEOREMS, NAGINI, name) for name in chosen}
    tasks: list[tuple[str, Flaw | None]] = [(name, None) for name in chosen]
    tasks += [(name, f) for name in chosen for f in flaws[name]]

    def one(task: tuple[str, Flaw | None]) -> Run:
        name, flaw = task
        if flaw is None:
            print(f"verifying {name}.py ...", flush=True)  # noqa: T201 - a progress report
            return nagini(command, texts[name], name)
        print(f"seeding {flaw.name} in {name}.py ...", flush=True)  # noqa: T201
        seeded = texts[name].replace(flaw.original, flaw.seeded)
        return nagini(command, seeded, name, selected(flaw, texts[name]))

    for name in chosen:  # every flaw must seed before any run starts
        for f in flaws[name]:
            verified.seeded(NAGINI, f)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = dict(zip(tasks, pool.map(one, tasks), strict=True))
    records, ok = [], True
    for name in chosen:
        run = runs[(name, None)]
        record = Record(name, keys[name], run.verified, run.errors, round(run.seconds, 1), ())
        claims = [c for _, c in verified.claims_of(THEOREMS, NAGINI, name)]
        found = verdicts(texts[name], record, claims)
        print(_line(name, run, ", ".join(f"{n}: {v}" for n, v in found.items())))  # noqa: T201
        ok = ok and run.verified
        results = []
        for flaw in flaws[name]:
            frun = runs[(name, flaw)]
            got = caught(flaw, frun)
            print(_line(flaw.name, frun, "caught" if got else f"NOT CAUGHT: no {flaw.expected!r}"))  # noqa: T201
            ok = ok and got
            results.append(FlawRecord(flaw.name, got, frun.errors, round(frun.seconds, 1)))
        records.append(Record(name, keys[name], run.verified, run.errors,
                              round(run.seconds, 1), tuple(results)))  # fmt: skip
    verified.store(NAGINI, records)
    print(f"wrote {NAGINI.results}")  # noqa: T201
    return 0 if ok else 1


def _line(name: str, run: Run, verdict: str) -> str:
    errors = "".join(f"\n  {e}" for e in run.errors)
    return f"{name}: {verdict} ({run.seconds:.0f} s){errors}"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
