"""How Why3 proves a file and how its report is read: the ``logic`` part of its keys.

:func:`prove` splits each goal into sub-goals (``split_vc``) and gives them to :data:`PROVERS` in
turn: the first on every sub-goal, the next on those still unproved (``why3 prove -P PROVER
--timelimit T``); :func:`outcomes` reads the report, :func:`unproved` says which goals a prover
left, :func:`caught` whether a seeded flaw left its named goal unproved. A change to any of
them, to the provers or to their time limit changes :data:`LOGIC`, and with it every Why3
verdict's key.

Why3's report is read from its output: per sub-goal ``File "F", line L, characters A-B:``,
``Sub-goal WHAT of goal G.`` (or ``Goal G.``) and ``Prover result is: Valid (0.12s, ...)``.
"""

import re
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

from gametree.proofs.machinery import stored as cache
from gametree.proofs.machinery.claims import Flaw
from gametree.proofs.machinery.verified import Goal

__all__ = [
    "LOGIC",
    "PROVERS",
    "Outcome",
    "Proof",
    "caught",
    "goal",
    "outcomes",
    "prove",
    "unproved",
]

PROVERS = ("cvc4", "z3")
"""The provers tried on each sub-goal, in order (Why3 1.5.1 detects Debian's CVC4 and Z3)."""

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


def prove(
    name: str, module: str, text: str, goals: Sequence[str] = (), timelimit: float = TIMELIMIT
) -> Proof:
    """Prove ``goals`` of ``text``, provers in turn (all goals by default).

    ``text`` is the file ``name``.mlw, whose module is ``module``.
    """
    started = time.monotonic()
    best: dict[tuple[str, str, str], tuple[Outcome, str]] = {}
    with tempfile.TemporaryDirectory(prefix="gametree-why3-") as scratch:
        path = Path(scratch) / f"{name}.mlw"
        path.write_text(text, encoding="utf-8")
        todo = list(goals)
        for i, prover in enumerate(PROVERS):
            if i > 0 and not todo:
                break
            selection = ["-T", module, *(a for g in todo for a in ("-G", g))] if todo else []
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
    for (g, _, _), pair in best.items():
        per_goal.setdefault(g, []).append(pair)
    return Proof(per_goal, None, time.monotonic() - started)


def goal(name: str, subs: list[tuple[Outcome, str]]) -> Goal:
    """The record of the goal ``name`` from its sub-goals' best outcomes and who proved them."""
    return Goal(
        goal=name,
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


LOGIC = cache.digest(
    [cache.code_digest(prove, outcomes, goal, unproved, caught), PROVERS, TIMELIMIT]
)
"""The ``logic`` part of every Why3 key: the source of the functions that run Why3 on a file,
read its report, and decide what is proved and whether a flaw is caught; the provers, in the
order tried, and the time each may take on a sub-goal."""
