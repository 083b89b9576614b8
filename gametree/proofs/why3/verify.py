"""Prove every goal of the WhyML transcriptions and of each seeded flaw; store the results.

``python -m gametree.proofs.why3.verify [FILE ...]``: every file of
:data:`gametree.proofs.why3.FILES`, or those named (the others' stored results are kept).
Each goal is split into sub-goals (``split_vc``) and given to :data:`PROVERS` in turn: the
first on every sub-goal, the next on those still unproved (``why3 prove -P PROVER
--timelimit T``). Then each flaw of :data:`gametree.proofs.why3.FLAWS` is seeded in a copy,
and its named goal is proved the same way: it must be left unproved. Why3 and its provers come
from Debian's packages (``python3 dev.py verify why3`` installs them when missing).
Exit code 0 when every goal is proved and every flaw caught, 1 otherwise, 2 for bad usage.

Why3's report is read from its output: per sub-goal ``File "F", line L, characters A-B:``,
``Sub-goal WHAT of goal G.`` (or ``Goal G.``) and ``Prover result is: Valid (0.12s, ...)``.
"""

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

from gametree.proofs.why3 import FILES, FLAWS, RESULTS, seeded, source

__all__ = ["PROVERS", "Outcome", "ensure_why3", "main", "outcomes", "prove"]

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


def _goal_json(goal: str, subs: list[tuple[Outcome, str]]) -> dict[str, object]:
    return {
        "goal": goal,
        "proved": all(o.valid for o, _ in subs),
        "provers": sorted({p for o, p in subs if o.valid}, key=PROVERS.index),
        "seconds": round(sum(o.seconds for o, _ in subs), 2),
        "subgoals": len(subs),
        "unproved": [f"{o.what} at {o.where}: {o.answer}" for o, _ in subs if not o.valid],
    }


def main(argv: list[str]) -> int:
    """Prove the files named (all by default) and their flaws; store the results."""
    chosen = list(argv)
    if not set(chosen) <= set(FILES):
        sys.stderr.write(
            f"usage: python -m gametree.proofs.why3.verify [FILE ...] (files: {', '.join(FILES)})\n"
        )
        return 2
    problem = ensure_why3()
    if problem:
        sys.stderr.write(f"cannot run Why3: {problem}\n")
        return 1
    chosen = chosen or list(FILES)
    files, flaws, ok = [], [], True
    for name in chosen:
        print(f"proving {name}.mlw with Why3 ({', '.join(PROVERS)}) ...", flush=True)  # noqa: T201
        text = source(name)
        proof = prove(name, text)
        goals = [_goal_json(g, subs) for g, subs in proof.goals.items()]
        failed = [str(g["goal"]) for g in goals if not g["proved"]]
        ok = ok and proof.error is None and not failed
        verdict = proof.error or (f"UNPROVED: {', '.join(failed)}" if failed else "all proved")
        print(f"{name}: {len(goals)} goals, {verdict} ({proof.seconds:.0f} s)", flush=True)  # noqa: T201
        files.append(
            {
                "file": name,
                "sha256": hashlib.sha256(text.encode()).hexdigest(),
                "goals": goals,
                "seconds": round(proof.seconds, 1),
            }
        )
    for flaw in (f for f in FLAWS if f.file in chosen):
        print(f"seeding {flaw.name} in {flaw.file}.mlw ...", flush=True)  # noqa: T201
        proof = prove(flaw.file, seeded(flaw), [flaw.expected])
        unproved = sorted(g for g, subs in proof.goals.items() if not all(o.valid for o, _ in subs))
        caught = proof.error is None and flaw.expected in unproved
        ok = ok and caught
        said = "caught" if caught else f"NOT CAUGHT: {flaw.expected} {proof.error or 'proved'}"
        print(f"{flaw.name}: {said}; unproved: {', '.join(unproved)} ({proof.seconds:.0f} s)")  # noqa: T201
        flaws.append(
            {
                "flaw": flaw.name,
                "sha256": hashlib.sha256(source(flaw.file).encode()).hexdigest(),
                "caught": caught,
                "unproved": unproved,
                "seconds": round(proof.seconds, 1),
            }
        )
    old = json.loads(RESULTS.read_text()) if RESULTS.exists() else {"files": [], "flaws": []}
    kept = [f for f in old["files"] if f["file"] in FILES and f["file"] not in chosen]
    flawed = {f.name: f.file for f in FLAWS}
    kept_flaws = [f for f in old["flaws"] if flawed.get(f["flaw"]) not in {None, *chosen}]
    order = list(FILES)
    results = {
        "tool": _tool(),
        "timelimit": TIMELIMIT,
        "files": sorted(kept + files, key=lambda f: order.index(f["file"])),
        "flaws": sorted(kept_flaws + flaws, key=lambda f: [x.name for x in FLAWS].index(f["flaw"])),
    }
    RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS}")  # noqa: T201
    return 0 if ok else 1


def _tool() -> str:
    version = _why3(["--version"], Path.cwd()).strip().removeprefix("Why3 platform, version ")
    return f"Why3 {version} ({', '.join(PROVERS)}; split_vc, {TIMELIMIT:g} s a sub-goal)"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
