"""Prove every goal of the WhyML transcriptions and of each seeded flaw; store the results.

``python -m gametree.proofs.why3.verify [--check] [--stale] [--jobs N] [FILE ...]``: every
file of :data:`gametree.proofs.why3.FILES`, or those named, or (``--stale``) those whose stored
record is stale (the others' stored records are kept). ``--check`` proves the files' own goals
only, without their flaws, and stores nothing: what CI does with a stale verdict, so that its
cost stays bounded (the flaws are four fifths of a full run).
Each goal is split into sub-goals (``split_vc``) and given to :data:`PROVERS` in turn: the
first on every sub-goal, the next on those still unproved (``why3 prove -P PROVER
--timelimit T``). Then each flaw of :data:`gametree.proofs.why3.FLAWS` is seeded in a copy,
and its named goal is proved the same way: it must be left unproved. Why3 and its provers come
from Debian's packages (``python3 dev.py verify why3`` installs them when missing), and must be
the versions of :data:`gametree.proofs.why3.VERSIONS` (:func:`versions`). ``--jobs N`` runs N
proofs at once. Each file's record is stored with its key (:func:`gametree.proofs.why3.key`),
whose ``logic`` part is :data:`LOGIC`. Exit code 0 when every goal is proved and every flaw
caught, 1 otherwise, 2 for bad usage or other versions.

Why3's report is read from its output: per sub-goal ``File "F", line L, characters A-B:``,
``Sub-goal WHAT of goal G.`` (or ``Goal G.``) and ``Prover result is: Valid (0.12s, ...)``.
"""

import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs

from gametree.proofs import stored as cache
from gametree.proofs.why3 import (
    FILES,
    RESULTS,
    VERSIONS,
    FileResult,
    Flaw,
    FlawResult,
    GoalResult,
    Results,
    flaws_of,
    key,
    results_json,
    seeded,
    source,
    stale,
    stored,
)

__all__ = ["LOGIC", "PROVERS", "Outcome", "ensure_why3", "main", "outcomes", "prove", "versions"]

PROVERS = ("cvc4", "z3")
"""The provers tried on each sub-goal, in order (Why3 1.5.1 detects Debian's CVC4 and Z3)."""

PACKAGES = ("why3", "cvc4", "z3")
TIMELIMIT = 5.0
"""Seconds a prover may take on one sub-goal."""
TIMEOUT = 1800.0
"""Seconds one run of ``why3 prove`` may take (a hang guard, far above a run's minutes)."""

_OUTCOME = re.compile(
    r'File "?(?P<file>[^"\n]*?)"?, line (?P<line>\d+), characters (?P<chars>\d+-\d+):\n'
    r"(?:Sub-goal (?P<what>.*?) of goal|Goal) (?P<goal>\S+)\.\n"
    r"Prover result is: (?P<answer>[^\n]*)"
)
_SECONDS = re.compile(r"\((\d+(?:\.\d+)?)s")


@attrs.frozen
class Outcome:
    """One sub-goal: its goal, where it is, what it is, and a prover's answer."""

    goal: str
    where: str
    what: str
    answer: str
    seconds: float

    @property
    def valid(self) -> bool:
        """Whether the prover proved it."""
        return self.answer.startswith("Valid")


def outcomes(output: str) -> list[Outcome]:
    r"""Each sub-goal's outcome in the output of ``why3 prove``.

    >>> outcomes('File "s.mlw", line 9, characters 4-8:\nSub-goal Postcondition of goal f\'vc.'
    ...          '\nProver result is: Valid (0.12s, 300 steps).\n')
    [Outcome(goal="f'vc", where='line 9, characters 4-8', what='Postcondition', answer='Valid (0.12s, 300 steps).', seconds=0.12)]
    """  # noqa: E501 - a doctest's output is one line
    found = []
    for m in _OUTCOME.finditer(output):
        seconds = _SECONDS.search(m["answer"])
        found.append(
            Outcome(
                goal=m["goal"],
                where=f"line {m['line']}, characters {m['chars']}",
                what=m["what"] or "Goal",
                answer=m["answer"],
                seconds=float(seconds.group(1)) if seconds else 0.0,
            )
        )
    return found


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


def _why3(arguments: list[str], cwd: Path) -> str:
    try:
        done = subprocess.run(  # noqa: S603
            ["why3", *arguments],  # noqa: S607 - Debian's why3
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return f"why3 did not finish within {TIMEOUT:.0f} s"
    return done.stdout + done.stderr


@attrs.frozen
class Proof:
    """Every goal of one file: per goal, its sub-goals' best outcomes and who proved them."""

    goals: dict[str, list[tuple[Outcome, str]]]
    error: str | None
    """Why3's complaint when it proved nothing (a type error, say)."""
    seconds: float


def prove(name: str, text: str, goals: Sequence[str] = (), timelimit: float = TIMELIMIT) -> Proof:
    """Prove ``goals`` of ``text`` (the file ``name``.mlw; all by default), provers in turn."""
    started = time.monotonic()
    best: dict[tuple[str, str, str], tuple[Outcome, str]] = {}
    with tempfile.TemporaryDirectory(prefix="gametree-why3-") as scratch:
        path = Path(scratch) / f"{name}.mlw"
        path.write_text(text, encoding="utf-8")
        todo = list(goals)
        for i, prover in enumerate(PROVERS):
            if i > 0 and not todo:
                break
            selection = ["-T", FILES[name], *(a for g in todo for a in ("-G", g))] if todo else []
            args = ["prove", "-P", prover, "--timelimit", f"{timelimit:g}", "-a", "split_vc"]
            output = _why3([*args, path.name, *selection], Path(scratch))
            found = outcomes(output)
            if i == 0 and not found:
                return Proof({}, output.strip()[-600:] or "why3 said nothing", 0.0)
            for o in found:
                key = (o.goal, o.where, o.what)
                if key not in best or (o.valid and not best[key][0].valid):
                    best[key] = (o, prover)
            todo = sorted({k[0] for k, (o, _) in best.items() if not o.valid})
    per_goal: dict[str, list[tuple[Outcome, str]]] = {}
    for (goal, _, _), pair in best.items():
        per_goal.setdefault(goal, []).append(pair)
    return Proof(per_goal, None, time.monotonic() - started)


def _goal(goal: str, subs: list[tuple[Outcome, str]]) -> GoalResult:
    return GoalResult(
        goal=goal,
        proved=all(o.valid for o, _ in subs),
        provers=tuple(sorted({p for o, p in subs if o.valid}, key=PROVERS.index)),
        seconds=round(sum(o.seconds for o, _ in subs), 2),
        subgoals=len(subs),
        unproved=tuple(f"{o.what} at {o.where}: {o.answer}" for o, _ in subs if not o.valid),
    )


def unproved(proof: Proof) -> list[str]:
    """The goals of ``proof`` with a sub-goal no prover proved."""
    return sorted(g for g, subs in proof.goals.items() if not all(o.valid for o, _ in subs))


def caught(flaw: Flaw, proof: Proof) -> bool:
    """Whether the proof of ``flaw``'s copy left its named goal unproved (and Why3 ran)."""
    return proof.error is None and flaw.expected in unproved(proof)


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
        chosen = [f for f in chosen if f in stale(stored())]
        if not chosen:
            print("every stored Why3 verdict is current: nothing to prove")  # noqa: T201
            return 0
    return _check(chosen, asked.jobs) if asked.check else _verify(chosen, asked.jobs)


def _check(chosen: list[str], jobs: int) -> int:
    """Prove the goals of the files ``chosen``, ``jobs`` at once, without flaws; store nothing."""
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        proofs = dict(zip(chosen, pool.map(lambda n: prove(n, source(n)), chosen), strict=True))
    ok = True
    for name, proof in proofs.items():
        failed = unproved(proof)
        ok = ok and proof.error is None and bool(proof.goals) and not failed
        verdict = proof.error or (f"UNPROVED: {', '.join(failed)}" if failed else "all proved")
        print(f"{name}: {len(proof.goals)} goals, {verdict} ({proof.seconds:.0f} s; "  # noqa: T201
              "checked without its flaws, not stored)", flush=True)  # fmt: skip
    return 0 if ok else 1


def _verify(chosen: list[str], jobs: int) -> int:
    """Prove the files ``chosen`` and their flaws, ``jobs`` at once; store the records."""
    keys = {name: key(name) for name in chosen}  # of the texts as they are proved
    tasks: list[tuple[str, Flaw | None]] = [(name, None) for name in chosen]
    tasks += [(name, f) for name in chosen for f in flaws_of(name)]

    def one(task: tuple[str, Flaw | None]) -> Proof:
        name, flaw = task
        if flaw is None:
            print(f"proving {name}.mlw ...", flush=True)  # noqa: T201 - a progress report
            return prove(name, source(name))
        print(f"seeding {flaw.name} in {name}.mlw ...", flush=True)  # noqa: T201
        return prove(name, seeded(flaw), [flaw.expected])

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        proofs = dict(zip(tasks, pool.map(one, tasks), strict=True))
    records, ok = [], True
    for name in chosen:
        proof = proofs[(name, None)]
        goals = tuple(_goal(g, subs) for g, subs in proof.goals.items())
        failed = [g.goal for g in goals if not g.proved]
        ok = ok and proof.error is None and bool(goals) and not failed
        verdict = proof.error or (f"UNPROVED: {', '.join(failed)}" if failed else "all proved")
        print(f"{name}: {len(goals)} goals, {verdict} ({proof.seconds:.0f} s)", flush=True)  # noqa: T201
        flaws = []
        for flaw in flaws_of(name):
            fproof = proofs[(name, flaw)]
            got = caught(flaw, fproof)
            ok = ok and got
            said = "caught" if got else f"NOT CAUGHT: {flaw.expected} {fproof.error or 'proved'}"
            left = ", ".join(unproved(fproof))
            print(f"{flaw.name}: {said}; unproved: {left} ({fproof.seconds:.0f} s)")  # noqa: T201
            flaws.append(
                FlawResult(flaw.name, got, tuple(unproved(fproof)), round(fproof.seconds, 1))
            )
        records.append(
            FileResult(
                file=name,
                key=keys[name],
                goals=goals,
                seconds=round(proof.seconds, 1),
                flaws=tuple(flaws),
            )
        )
    old = stored().files if RESULTS.exists() else ()
    kept = [f for f in old if f.file in FILES and f.file not in chosen]
    order = list(FILES)
    results = Results(tuple(sorted(kept + records, key=lambda f: order.index(f.file))))
    RESULTS.write_text(json.dumps(results_json(results), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS}")  # noqa: T201
    return 0 if ok else 1


LOGIC = cache.digest(
    [cache.code_digest(prove, outcomes, _goal, unproved, caught), PROVERS, TIMELIMIT]
)
"""The ``logic`` part of every Why3 key: the source of the functions that run Why3 on a file,
read its report, and decide what is proved and whether a flaw is caught; the provers, in the
order tried, and the time each may take on a sub-goal."""


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
