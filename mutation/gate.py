"""The gate's mutation score: mutants of ``impl``'s searches, each asked as a target of the gate.

    nice -n 10 python -m mutation.gate run [--per-operator K] [--only SEMANTICS]... [--into FILE]
    python -m mutation.gate table          # rewrite mutation/gate.md from the stored results

A mutation score measures a test suite by the share of seeded faults it detects (DeMillo,
Lipton and Sayward, "Hints on Test Data Selection", Computer 11(4), 1978); here the "suite" is
the gate itself. Each :data:`SUBJECTS` names a semantics, the search of ``impl`` that is its own
(``impl.shallow`` for ``shallow``, ``impl.Engine`` for the ``game-`` semantics) and the
functions of it that are mutated (:mod:`mutation.operators` makes the mutants). Each mutant
runs in the gate's worker process as the target (:mod:`mutation.gate_target`), against the
unmutated reference in the gate's own process, twice: with the gate's defaults (the vectors,
then the default budget of generated cases at seed 0) and with ``--no-vectors``; it is
*killed* when the gate fails it, the failure not shrunk (shrinking changes no verdict).
A *surviving* mutant is either equivalent (no request can tell it from the search) or
explained (a request can, and the gate does not ask one): ``mutation/gate_equivalent.md``
lists each with its reason, and a survivor in neither list is reported as such.

**Cost.** A surviving mutant costs two full runs of the gate (about 20 s each for a tree
semantics, 10 s for a game one, on an idle core), a killed one usually a few seconds. So each
subject's mutants are *sampled*: at most ``--per-operator`` of each operator (2 by default),
drawn by a seeded random choice per subject and operator, the same on every machine; the
table says how many mutants each subject has and how many were asked.

Results go to ``mutation/gate-results.json`` (``--into``), one entry per mutant and phase, so
that a run can be resumed (``--resume``) and the table rebuilt; ``table`` writes
``mutation/gate.md`` from ``mutation/gate-before.json`` (the results before the generators
were improved, kept as measured) and the current results.
"""

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from mutation import ROOT
from mutation.gate_target import ENGINE, environment
from mutation.operators import OPERATORS, Mutant, mutants

__all__ = ["SUBJECTS", "Subject", "Verdict", "ask", "sample"]

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "gate-results.json"
BEFORE = HERE / "gate-before.json"
TABLE = HERE / "gate.md"
EQUIVALENT = HERE / "gate_equivalent.md"
PER_OPERATOR = 2


@attrs.frozen
class Subject:
    """A semantics, the search of ``impl`` that is its own, and the functions mutated in it."""

    semantics: str
    search: str
    """A search of ``gametree algorithms``, or :data:`mutation.gate_target.ENGINE`."""
    module: str
    functions: tuple[str, ...]
    orders: tuple[bool, ...] = (True,)
    """Whether the gate compares the leaves read (``--strict-order``), for each run of a
    mutant in turn until one kills it: off for alpha-beta's recursive kernel, which runs only
    when no trace is asked (a traced search walks its own loop), and on then off for that
    loop, which hands untraced subtrees of 32 plies or fewer to the kernel; the same for
    MTD(f)'s test, whose untraced subtrees go to its recursive ``rec``."""
    part: str = ""
    """A name for a second subject of the same semantics and module (its functions a few of
    the first's, sampled on their own)."""

    @property
    def key(self) -> str:
        """The subject's name in the results: ``semantics@module`` (``/part``)."""
        return f"{self.semantics}@{self.module}" + (f"/{self.part}" if self.part else "")

    @property
    def game(self) -> bool:
        """Whether the semantics asks about game graphs."""
        return self.semantics.startswith("game-")


def _s(semantics: str, search: str, module: str, *functions: str,
       orders: tuple[bool, ...] = (True,), part: str = "") -> Subject:  # fmt: skip
    return Subject(semantics, search, f"gametree.impl.{module}", functions, orders, part)


_KORF = ("korf_bounds",)
_BOTH = (True, False)
SUBJECTS = (
    _s("alphabeta-fail-hard", "impl.alphabeta", "alphabeta", "_search", orders=_BOTH),
    _s("alphabeta-fail-hard", "impl.alphabeta", "_kernel", "minmax", orders=(False,)),
    _s("alphabeta-fail-soft", "impl.alphabeta_fail_soft", "alphabeta", "_search", orders=_BOTH),
    _s("alphabeta-fail-soft", "impl.alphabeta_fail_soft", "_kernel", "minmax", orders=(False,)),
    _s("negamax-alphabeta-fail-hard", "impl.negamax_alphabeta", "alphabeta", "_search",
       orders=_BOTH),
    _s("negamax-alphabeta-fail-hard", "impl.negamax_alphabeta", "_kernel", "negamax",
       orders=(False,)),
    _s("negamax-alphabeta-fail-soft", "impl.negamax_alphabeta_fail_soft", "alphabeta",
       "_search", orders=_BOTH),
    _s("negamax-alphabeta-fail-soft", "impl.negamax_alphabeta_fail_soft", "_kernel", "negamax",
       orders=(False,)),
    _s("pvs", "impl.pvs", "pvs", "_pvs"),
    _s("mtdf", "impl.mtdf", "mtdf", "_mtdf", "_principal_variation", "_store", "_mt",
       orders=_BOTH),
    _s("maxn", "impl.maxn", "maxn", "maxn_search"),
    _s("maxn", "impl.maxn", "maxn_stack", "run", "Backed.via", "vector_leaf"),
    _s("immediate", "impl.immediate", "immediate", "immediate_search"),
    _s("shallow", "impl.shallow", "shallow", "shallow_search"),
    _s("shallow", "impl.shallow", "maxn_stack", *_KORF),
    _s("last-branch", "impl.last_branch", "last_branch", "is_last_branch_cutoff",
       "last_branch_search"),
    _s("speculative", "impl.speculative", "speculative", "speculative_cutoff",
       "speculative_search", "_top"),
    _s("paranoid", "impl.paranoid", "paranoid", "alphabeta_search", "_worth_to"),
    _s("optimal", "impl.optimal", "optimal", "with_kernel", "_reader"),
    _s("optimal", "impl.optimal", "_optimal_kernel", "leftmost", "_Levels.__init__",
       "_Levels.push", "_Levels.pop", "_Levels.set", "_Levels.multiple", "_Levels.survives",
       "_Levels.necessary", "_Decision.__init__", "_Decision.witnessed", "_Decision.search",
       "_Decision._search", "_Decision.raise_to", "_Decision.lift", "_Decision.at_most",
       "_Decision.below", "_Decision.less", "_Decision.apply", "_Decision.differ", "walk"),
    _s("game-negamax", ENGINE, "engine", "Engine._run", "Engine._children", "Engine._is_leaf",
       "Engine._value", "Engine._mover", "Engine._noisy"),
    _s("game-negamax", ENGINE, "engine", "Engine._is_leaf", "Engine._noisy",
       part="quiescence"),
    _s("game-negamax", ENGINE, "table", "Entry.answers", "Entry.move",
       "TranspositionTable.store"),
    _s("game-negamax", ENGINE, "ordering", "order", "Killers.at", "Killers.record",
       "History.score", "History.record"),
    _s("game-negamax-witness", ENGINE, "table", "Entry.answers", "TranspositionTable.store"),
    _s("game-deepening", ENGINE, "engine", "Engine.deepen", "_Budget.first_check",
       "_Budget.check"),
    _s("brs-plus", "brs-plus", "best_reply", "brs_plus"),
    _s("expectimax", "expectimax", "expectimax", "expectimax_search", "prefers",
       "expected"),
    _s("star1", "star1", "star", "alphabeta_node", "star1_search", "star1_chance"),
    _s("star2", "star2", "star", "star2_search", "star2_chance", "_below"),
)  # fmt: skip
"""Each semantics' own search, and the functions of it that are mutated: the issue's list
(alpha-beta in both forms, PVS, MTD(f), maxn, immediate, shallow, last-branch, speculative,
paranoid, optimal, and the engine's table, quiescence and deepening). The engine's quiescence
(``Engine._is_leaf``, ``Engine._noisy``) is also a subject of its own, so that its few
mutants are sampled apart from the search's many."""


def sample(subject: Subject, per_operator: int = PER_OPERATOR) -> list[Mutant]:
    """At most ``per_operator`` mutants of each operator of ``subject``, in source order.

    Drawn with ``random.Random("<subject key>:<operator>")``, so the same on every machine.
    """
    every = mutants(subject.module, subject.functions)
    chosen: list[Mutant] = []
    for op in OPERATORS:
        of = [m for m in every if m.operator == op]
        if len(of) > per_operator:
            of = random.Random(f"{subject.key}:{op}").sample(of, per_operator)  # noqa: S311
        chosen += of
    position = {m: i for i, m in enumerate(every)}
    return sorted(chosen, key=position.__getitem__)


@attrs.frozen
class Verdict:
    """What the gate came to on one mutant in one phase."""

    killed: bool
    by: str
    """The first failure (phase, name, kind and flags), or ``""`` when it survived."""
    seconds: float


def ask(m: Mutant | None, subject: Subject, *, vectors: bool, budget: int = 200,
        seed: int = 0) -> Verdict:  # fmt: skip
    """Gate ``m`` (``None``: the unmutated search) as ``subject``'s semantics."""
    from gametree.conform.gate import GateOptions, run_gate  # noqa: PLC0415
    from gametree.conform.semantics import Checks  # noqa: PLC0415
    from gametree.conform.targets import ProcessTarget  # noqa: PLC0415

    saved = {k: os.environ.get(k) for k in environment(m, subject.search)}
    os.environ.update(environment(m, subject.search))
    started = time.monotonic()
    try:
        for strict in subject.orders:
            checks = Checks(best_move=subject.semantics != "game-negamax-witness",
                            principal_variation=not subject.game,
                            strict_order=strict and not subject.game)  # fmt: skip
            options = GateOptions(subject.semantics, checks, budget=budget, seed=seed,
                                  vectors=vectors, shrink_budget=0, shrink_seconds=0.0)  # fmt: skip
            target = ProcessTarget.from_spec("mutation.gate_target:answer", timeout=10.0,
                                             startup=30.0)  # fmt: skip
            try:
                report = run_gate(target, "mutant", options)
            finally:
                target.close()
            if not report.passed:
                first = report.failures[0]
                flags = ", ".join(f for f in first.flags if f not in {"Generated", "NotByDepth"})
                order = "" if len(subject.orders) == 1 else f", {'with' if strict else 'no'} trace"
                by = f"{first.phase}: {first.name}, {first.kind} ({flags}){order}"
                return Verdict(killed=True, by=by, seconds=time.monotonic() - started)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return Verdict(killed=False, by="", seconds=time.monotonic() - started)


PHASES = {"defaults": True, "no-vectors": False}
"""The two runs of each mutant, and whether each asks the vectors."""


def load(path: Path) -> dict[str, dict[str, Any]]:
    """Stored results: ``{mutant name @ semantics: {change, subject, defaults, no-vectors}}``."""
    if not path.exists():
        return {}
    found: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return found


def _save(path: Path, results: dict[str, dict[str, Any]]) -> None:
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def _subject_of(key: str, entry: dict[str, Any]) -> str:
    """The subject a stored result belongs to (a control's key names it)."""
    return key.removeprefix("control@") if key.startswith("control@") else str(entry["subject"])


def run(subjects: Iterable[Subject], into: Path, *, per_operator: int, resume: bool) -> int:
    """Ask every sampled mutant of ``subjects`` in both phases; store as they come in.

    Resumed, the results of ``subjects``' mutants no longer in the sample are dropped (a
    smaller ``per_operator`` samples a prefix of a larger one's draw, so its results are kept);
    the results of other subjects are kept as they are.
    """
    results = load(into) if resume else {}
    subjects = list(subjects)
    keys = {f"control@{s.key}" for s in subjects} | {
        f"{m.name}@{s.semantics}" for s in subjects for m in sample(s, per_operator)
    }
    ran = {s.key for s in subjects}
    results = {k: v for k, v in results.items() if k in keys or _subject_of(k, v) not in ran}
    for subject in subjects:
        control = f"control@{subject.key}"
        if control not in results:  # the unmutated search must pass, or no verdict means much
            v = ask(None, subject, vectors=True)
            results[control] = {"killed": v.killed, "by": v.by, "seconds": round(v.seconds, 1)}
            print(f"{control}: {'FAILED, ' + v.by if v.killed else 'passed'}", flush=True)  # noqa: T201
            _save(into, results)
        for m in sample(subject, per_operator):
            key = f"{m.name}@{subject.semantics}"
            entry = results.get(key, {})
            if entry.get("change") != m.change:
                entry = {"change": m.change, "subject": subject.key}
            for phase, vectors in PHASES.items():
                if phase in entry:
                    continue
                v = ask(m, subject, vectors=vectors)
                entry[phase] = {"killed": v.killed, "by": v.by, "seconds": round(v.seconds, 1)}
                print(f"{key} [{phase}]: {'killed, ' + v.by if v.killed else 'SURVIVED'} "  # noqa: T201
                      f"({v.seconds:.1f} s)", flush=True)  # fmt: skip
            results[key] = entry
            _save(into, results)
    return 0


def main(argv: list[str]) -> int:
    """``run`` the mutants, or write the ``table``."""
    parser = argparse.ArgumentParser(prog="python -m mutation.gate")
    parser.add_argument("command", choices=("run", "table"))
    parser.add_argument("--per-operator", type=int, default=PER_OPERATOR)
    parser.add_argument("--only", action="append", default=[], help="these semantics only")
    parser.add_argument("--into", type=Path, default=RESULTS)
    parser.add_argument("--resume", action="store_true", help="keep the results stored")
    args = parser.parse_args(argv)
    os.chdir(ROOT)  # the worker imports mutation.gate_target and tests.bugs from the checkout
    if args.command == "table":
        from mutation.gate_table import write  # noqa: PLC0415

        return write()
    subjects = [s for s in SUBJECTS if not args.only or s.semantics in args.only]
    return run(subjects, args.into, per_operator=args.per_operator, resume=args.resume)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
