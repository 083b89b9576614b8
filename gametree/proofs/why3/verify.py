"""Prove every goal of the WhyML transcriptions and of each seeded flaw; store the results.

``python -m gametree.proofs.why3.verify [--check] [--stale] [--jobs N] [FILE ...]``: every
file of :data:`gametree.proofs.why3.FILES`, or those named, or (``--stale``) those whose stored
record is stale (the others' stored records are kept). ``--check`` proves the files' own goals
only, without their flaws, and stores nothing: what CI does with a stale verdict, so that its
cost stays bounded (the flaws are four fifths of a full run). Each file is proved by
:func:`gametree.proofs.why3.run.prove` (the provers in turn on each sub-goal); then each flaw
the theorems seed in it (:mod:`gametree.proofs.theorems`) is seeded in a copy, and its named
goal is proved the same way: it must be left unproved. Why3 and its provers come from Debian's
packages (``python3 dev.py verify why3`` installs them when missing), and must be the versions
of :data:`gametree.proofs.why3.VERSIONS` (:func:`versions`). ``--jobs N`` runs N proofs at
once. Each file's record is stored with its key
(:func:`gametree.proofs.machinery.verified.key`). Exit code 0 when every goal is proved and
every flaw caught, 1 otherwise, 2 for bad usage or other versions.
"""

import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gametree.proofs.machinery import stored as cache
from gametree.proofs.machinery import verified
from gametree.proofs.machinery.claims import Flaw
from gametree.proofs.machinery.verified import FlawRecord, Record
from gametree.proofs.theorems import THEOREMS
from gametree.proofs.why3 import FILES, VERSIONS, WHY3
from gametree.proofs.why3.run import Proof, caught, goal, prove, unproved

__all__ = ["ensure_why3", "main", "versions"]

PACKAGES = ("why3", "cvc4", "z3")


def ensure_why3() -> str | None:
    """Why Why3 cannot run here (a tool missing), or ``None`` once it can (its provers detected).

    Installing is ``python3 dev.py``'s (one apt-get for every system tool the project uses).
    """
    missing = [p for p in PACKAGES if shutil.which(p) is None]
    if missing:
        return (
            f"{', '.join(missing)} not installed (Debian: apt-get install {' '.join(PACKAGES)}; "
            "python3 dev.py verify why3 installs them)"
        )
    if not (Path.home() / ".why3.conf").exists():
        subprocess.run(["why3", "config", "detect"], capture_output=True, check=False)  # noqa: S607
    return None


_VERSION = {"why3": r"version (\S+)", "cvc4": r"CVC4 version (\S+)", "z3": r"Z3 version (\S+)"}


def versions() -> dict[str, str]:
    """The versions of Why3 and the provers installed here (those found)."""
    found = {}
    for tool, pattern in _VERSION.items():
        try:
            done = subprocess.run(  # noqa: S603
                [tool, "--version"], capture_output=True, text=True, timeout=60, check=False
            )
        except OSError:
            continue
        m = re.search(pattern, done.stdout + done.stderr)
        if m:
            found[tool] = m.group(1)
    return found


def main(argv: list[str]) -> int:
    """Prove the files named (all by default, or ``--stale`` ones) and their flaws; store.

    With ``--check``: the files' goals only, no flaws, nothing stored.
    """
    asked = cache.request(argv)
    if asked is None or not set(asked.rest) <= set(FILES):
        sys.stderr.write(
            "usage: python -m gametree.proofs.why3.verify [--check] [--stale] [--jobs N] "
            f"[FILE ...] (files: {', '.join(FILES)})\n"
        )
        return 2
    problem = ensure_why3()
    if problem:
        sys.stderr.write(f"cannot run Why3: {problem}\n")
        return 1
    found = versions()
    if found != VERSIONS:
        sys.stderr.write(
            f"this machine has {found}; the stored verdicts are made with {VERSIONS} "
            "(gametree.proofs.why3.VERSIONS): install those or change VERSIONS, which makes "
            "every stored verdict stale\n"
        )
        return 2
    chosen = list(asked.rest) or list(FILES)
    if asked.stale_only:
        gone = verified.stale(THEOREMS, WHY3, verified.stored(WHY3))
        chosen = [f for f in chosen if f in gone]
        if not chosen:
            print("every stored Why3 verdict is current: nothing to prove")  # noqa: T201
            return 0
    return _check(chosen, asked.jobs) if asked.check else _verify(chosen, asked.jobs)


def _verdict(proof: Proof) -> str:
    failed = unproved(proof)
    return proof.error or (f"UNPROVED: {', '.join(failed)}" if failed else "all proved")


def _proved(proof: Proof) -> bool:
    return proof.error is None and bool(proof.goals) and not unproved(proof)


def _check(chosen: list[str], jobs: int) -> int:
    """Prove the goals of the files ``chosen``, ``jobs`` at once, without flaws; store nothing."""
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        proofs = dict(zip(chosen, pool.map(
            lambda n: prove(n, FILES[n], WHY3.source(n)), chosen), strict=True))  # fmt: skip
    for name, proof in proofs.items():
        print(f"{name}: {len(proof.goals)} goals, {_verdict(proof)} ({proof.seconds:.0f} s; "  # noqa: T201
              "checked without its flaws, not stored)", flush=True)  # fmt: skip
    return 0 if all(_proved(p) for p in proofs.values()) else 1


def _verify(chosen: list[str], jobs: int) -> int:
    """Prove the files ``chosen`` and their flaws, ``jobs`` at once; store the records."""
    keys = {name: verified.key(THEOREMS, WHY3, name) for name in chosen}  # as proved
    texts = {name: WHY3.source(name) for name in chosen}
    flaws = {name: verified.flaws_of(THEOREMS, WHY3, name) for name in chosen}
    for name in chosen:  # every flaw must seed before any proof starts
        for f in flaws[name]:
            verified.seeded(WHY3, f)
    tasks: list[tuple[str, Flaw | None]] = [(name, None) for name in chosen]
    tasks += [(name, f) for name in chosen for f in flaws[name]]

    def one(task: tuple[str, Flaw | None]) -> Proof:
        name, flaw = task
        if flaw is None:
            print(f"proving {name}.mlw ...", flush=True)  # noqa: T201 - a progress report
            return prove(name, FILES[name], texts[name])
        print(f"seeding {flaw.name} in {name}.mlw ...", flush=True)  # noqa: T201
        seeded = texts[name].replace(flaw.original, flaw.seeded)
        return prove(name, FILES[name], seeded, [flaw.expected])

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        proofs = dict(zip(tasks, pool.map(one, tasks), strict=True))
    records, ok = [], True
    for name in chosen:
        proof = proofs[(name, None)]
        goals = tuple(goal(g, subs) for g, subs in proof.goals.items())
        ok = ok and _proved(proof)
        print(f"{name}: {len(goals)} goals, {_verdict(proof)} ({proof.seconds:.0f} s)", flush=True)  # noqa: T201
        results = []
        for flaw in flaws[name]:
            fproof = proofs[(name, flaw)]
            got = caught(flaw, fproof)
            ok = ok and got
            said = "caught" if got else f"NOT CAUGHT: {flaw.expected} {fproof.error or 'proved'}"
            left = ", ".join(unproved(fproof))
            print(f"{flaw.name}: {said}; unproved: {left} ({fproof.seconds:.0f} s)")  # noqa: T201
            results.append(
                FlawRecord(flaw.name, got, tuple(unproved(fproof)), round(fproof.seconds, 1))
            )
        errors = (proof.error,) if proof.error else tuple(unproved(proof))
        records.append(Record(name, keys[name], _proved(proof), errors,
                              round(proof.seconds, 1), tuple(results), goals))  # fmt: skip
    verified.store(WHY3, records)
    print(f"wrote {WHY3.results}")  # noqa: T201
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
