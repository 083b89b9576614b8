"""Proofs for every tree over the rationals (and the reals): WhyML transcriptions proved by Why3.

Nagini (:mod:`gametree.proofs.nagini`) verifies the Python kernels over integers; it has no
rationals, and gametree's values are fractions too. Where a proof needs more than the
order of the values (shallow pruning's bound ``Sum - Best[Player]``), the procedure is
transcribed into WhyML over Why3's ``real`` and proved there (each ``.mlw`` file's header says
why ``real`` stands for the rationals): Why3 1.5.1 with CVC4 1.8 and Z3 4.8.12, the versions
Debian bookworm ships. Trees are algebraic types (a node's children a non-empty list), every
recursion has a variant (total correctness), and Korf's and Knuth-Moore's arguments are the
postconditions. The claims each file proves, their pins and their seeded flaws are filed with
their theorems (:mod:`gametree.proofs.theorems`).

``python -m gametree.proofs.why3.verify`` (or ``python3 dev.py verify why3``) proves every
goal of :data:`FILES` and, for each flaw the theorems seed in them, a copy with the flaw seeded,
which must leave its named goal unproved; it stores what it found in ``results.json`` beside
this file, one record per file, keyed by everything the verdict depends on
(:mod:`gametree.proofs.machinery.verified`: the file's text, its claims, its flaws, the verify
logic, Why3's and the provers' versions). Installed, ``gametree prove`` reads the stored
records; a record whose key is not the current one is stale, proves nothing, and makes
``gametree prove`` exit with 1. A claim is verified when every goal of its file is proved (its
own goals and every lemma and definition of the file: Why3's goals are not charged to claims
one by one: :func:`verdicts`).

The tests also run the transcriptions (``why3 execute``) on random trees against ``spec`` and
``impl``, by value and by the leaves they read (:mod:`gametree.proofs.why3.execute`).
"""

from collections.abc import Sequence
from pathlib import Path

from gametree.proofs.machinery.claims import Claim, Flaw
from gametree.proofs.machinery.verified import Record, Verdict, Verifier
from gametree.proofs.why3 import run

__all__ = ["FILES", "TOOL", "VERSIONS", "WHY3", "tests", "verdicts"]

FILES = {
    "shallow": "Shallow",
    "alphabeta": "AlphaBeta",
    "fail_soft": "FailSoft",
    "pairs": "Pairs",
    "paranoid": "Paranoid",
    "optimality": "Optimality",
    "path": "PathLemma",
    "window": "Window",
    "pvs": "Pvs",
    "table": "Table",
    "star1": "Star1",
    "brs": "BestReply",
}
"""The transcriptions, each a file ``NAME.mlw`` beside this one, and the module it holds."""

VERSIONS = {"why3": "1.5.1", "cvc4": "1.8", "z3": "4.8.12"}
"""The versions of Why3 and its provers that the stored verdicts are made with (Debian
bookworm's packages; ``verify`` refuses others)."""

TOOL = f"Why3 {VERSIONS['why3']} (cvc4 {VERSIONS['cvc4']}, z3 {VERSIONS['z3']})"
"""The verifier, as the stored keys and the reports name it."""


def verdicts(text: str, record: Record, claims: Sequence[Claim]) -> dict[str, Verdict]:  # noqa: ARG001 - Why3's verdict does not depend on the text
    """Each of ``claims`` (by name) given Why3's ``record`` of their file.

    A claim is verified when each of its goals was tried and every goal of the file was
    proved (its own, and the lemmas and definitions they rest on).
    """
    every = bool(record.goals) and all(g.proved for g in record.goals)
    return {
        c.name: "verified"
        if every and all(record.goal(g) is not None for g in c.rests_on)
        else "failed"
        for c in claims
    }


def tests(text: str, flaw: Flaw, claim: Claim) -> bool:  # noqa: ARG001 - see verdicts
    """Whether ``flaw`` tests ``claim``: the goal it must leave unproved is one of the claim's."""
    return flaw.expected in claim.rests_on


WHY3 = Verifier(
    name="why3",
    tool=TOOL,
    suffix=".mlw",
    folder=Path(__file__).parent,
    files=tuple(FILES),
    logic=run.LOGIC,
    verdicts=verdicts,
    tests=tests,
    command=("verify", "why3"),
    title=f"Proved for every tree over the rationals by {TOOL} (stored verdicts of python3 "
    "dev.py verify why3):",
)
"""Why3, as :mod:`gametree.proofs.machinery.verified` keys, stores and reports its verdicts."""
