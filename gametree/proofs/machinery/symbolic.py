"""Symbolic proof per tree shape: CrossHair explores every path with symbolic leaf values.

A *target* is a function of ``proofs._crosshair_targets``: it takes a tree (and sometimes a
window) and returns whether a claim holds on it, with the PEP 316 contract ``post: __return__``.
For one shape, the creators of ``proofs._crosshair_plugin`` hand CrossHair the tree of that
shape, players in turn, with a fresh symbolic ``int`` in every leaf component, and CrossHair
explores the paths through the target and the code it calls (``spec`` and ``impl``):

- "Confirmed over all paths": the claim holds for every integer leaf value, on that shape;
- "Not confirmed": no counterexample, but paths were left unexplored in the time given;
- a refutation: CrossHair's concrete counterexample (a tree), which the checks report.

``crosshair check`` runs in a subprocess with ``--per_condition_timeout`` and a timeout of its
own (CrossHair's does not interrupt a loop that never ends). A canary target, false on purpose,
must be refuted: that shows CrossHair really reaches the code with symbolic values
(``tests/test_proofs_symbolic.py``).

Measured on 2 shared cores: alpha-beta's full window on ``[[*, *], [*, *]]`` is confirmed in
about 10 s; shallow pruning on ``[*, [*, *]]`` (three players) in about 55 s, and four leaves
are not confirmed in 100 s. So the default runs take the smallest shapes, and ``--full`` more.
"""

import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import attrs

from gametree.proofs.machinery._methods import result
from gametree.proofs.machinery.result import Counterexample, Expected, Result, Scope
from gametree.proofs.machinery.shapes import Shape, all_shapes, parse, text

__all__ = ["Kind", "Verdict", "cpu_seconds", "crosshair_check", "shapes_of", "symbolic_result"]

ROOT = Path(__file__).resolve().parents[3]
"""Where CrossHair runs: the folder that holds the gametree package (the checkout, or
site-packages), so that the targets import by their installed names and nothing else."""
PLUGIN = str(Path(__file__).with_name("_crosshair_load.py"))

Kind = Literal["scalar", "vectors"]

MIN_SECONDS = 6.0
"""A run is not started with less time left than this (CrossHair needs a few seconds to start)."""

_MESSAGE = re.compile(r"^(?P<path>.+?):(?P<line>\d+): (?P<level>info|error): (?P<text>.*)$")


@attrs.frozen
class Verdict:
    """What one ``crosshair check`` run said about one target on one shape."""

    target: str
    shape: Shape
    status: Literal["confirmed", "not confirmed", "refuted", "error", "timeout"]
    message: str
    seconds: float


def shapes_of(fast: Sequence[str], scope: Scope, *, max_leaves: int) -> list[Shape]:
    """The shapes a symbolic check runs on: ``fast`` by default.

    With ``--full``, those and every shape of 2 to ``max_leaves`` leaves (no unary node),
    smallest first, to be split with ``--shard``; the result records which were confirmed.
    """
    chosen = [parse(s) for s in fast]
    if scope.full:
        every = all_shapes(max_leaves, max_height=max_leaves, unary=False)
        chosen += [s for s in every if s is not None and s not in chosen]
    return chosen


def cpu_seconds(wall: float) -> float:
    """The CPU seconds a CrossHair run can be given to end within ``wall`` seconds.

    CrossHair's ``--per_condition_timeout`` counts the process's CPU time; on a machine
    shared with other jobs (load above the number of cores) the wall-clock time is longer in
    proportion, and a run the subprocess timeout kills reports nothing. A few seconds go to
    starting CrossHair.
    """
    slowdown = max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))
    return max(1.0, (wall - 4) / slowdown)


def crosshair_check(
    target: str,
    shape: Shape,
    *,
    kind: Kind = "scalar",
    players: int = 2,
    total: int = 9,
    per_condition: float = 30.0,
    limit: float | None = None,
) -> Verdict:
    """Run CrossHair on ``gametree.proofs.machinery._crosshair_targets.<target>`` for one shape.

    ``limit`` is the subprocess's wall-clock timeout (default: twice the per-condition
    timeout plus 30 s).
    """
    command = [
        sys.executable,
        "-m",
        "crosshair",
        "check",
        "--extra_plugin",
        PLUGIN,
        "--analysis_kind=PEP316",
        "--report_all",
        f"--per_condition_timeout={per_condition}",
        f"gametree.proofs.machinery._crosshair_targets.{target}",
    ]
    env = {
        **os.environ,
        "GAMETREE_PROOF_SHAPE": text(shape),
        "GAMETREE_PROOF_KIND": kind,
        "GAMETREE_PROOF_PLAYERS": str(players),
        "GAMETREE_PROOF_SUM": str(total),
    }
    timeout = limit if limit is not None else 2 * per_condition + 30
    start = time.monotonic()
    try:
        done = subprocess.run(  # noqa: S603 - our own interpreter, our own arguments
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return Verdict(
            target, shape, "timeout", f"killed after {timeout:.0f} s", time.monotonic() - start
        )
    seconds = time.monotonic() - start
    messages = [m for m in map(_MESSAGE.match, done.stdout.splitlines()) if m]
    errors = [m["text"] for m in messages if m["level"] == "error"]
    if errors:
        status: Literal["refuted", "error"] = (
            "refuted" if any(e.startswith("false when calling") for e in errors) else "error"
        )
        return Verdict(target, shape, status, errors[0], seconds)
    texts = {m["text"] for m in messages}
    if done.returncode != 0 or not texts:
        return Verdict(target, shape, "error", (done.stderr or done.stdout)[-500:], seconds)
    if texts == {"Confirmed over all paths."}:
        return Verdict(target, shape, "confirmed", "Confirmed over all paths.", seconds)
    return Verdict(target, shape, "not confirmed", "; ".join(sorted(texts)), seconds)


def symbolic_result(
    *,
    theorem: str,
    claim: str,
    targets: Sequence[str],
    shapes: Sequence[Shape],
    kind: Kind,
    players: int = 2,
    total: int = 9,
    per_condition: float,
    expected: Expected = "holds",
    scope: Scope,
) -> Result:
    """Run every target on every shape (in ``scope``'s shard, within its budget) as one result.

    "proved" when every run was confirmed over all paths; "held" when some were not
    confirmed and none refuted; "failed" on a refutation; "unknown" when nothing ran or a
    run failed to analyse.
    """
    started = time.monotonic()
    verdicts: list[Verdict] = []
    runs = [(t, s) for s in shapes for t in targets]
    for position, (target, shape) in enumerate(runs):
        if not scope.shard.takes(position):
            continue
        left = scope.budget.remaining()
        if left < MIN_SECONDS:
            break
        pc = min(per_condition, cpu_seconds(left))
        v = crosshair_check(
            target,
            shape,
            kind=kind,
            players=players,
            total=total,
            per_condition=pc,
            limit=min(left, 3 * pc + 30),
        )
        verdicts.append(v)
        if v.status == "refuted":
            break
    confirmed = [v for v in verdicts if v.status == "confirmed"]
    refuted = [v for v in verdicts if v.status == "refuted"]
    broken = [v for v in verdicts if v.status in ("error", "timeout")]
    shown = "; ".join(
        f"{v.target} on {text(v.shape)}: {v.status}" for v in verdicts if v.status != "confirmed"
    )
    domain = (
        f"{kind} trees of the shapes {', '.join(text(s) for s in shapes)} (players in turn"
        + (f", {players} players, sums <= {total}" if kind == "vectors" else "")
        + f"), symbolic integer leaves, {per_condition:.0f} s per condition"
    )
    r = result(
        theorem=theorem,
        claim=claim,
        method="symbolic (CrossHair)",
        expected=expected,
        cases=len(confirmed),
        domain=domain,
        counterexample=(
            Counterexample(None, f"on {text(refuted[0].shape)}: {refuted[0].message}")
            if refuted
            else None
        ),
        finished=len(verdicts) == len([p for p in range(len(runs)) if scope.shard.takes(p)])
        and not broken
        and len(confirmed) == len(verdicts),
        scope=scope,
        started=started,
        detail="; ".join(
            x
            for x in (
                "confirmed on " + ", ".join(text(v.shape) for v in confirmed) if confirmed else "",
                shown,
            )
            if x
        ),
        sampled=bool(verdicts) and len(confirmed) < len(verdicts),
    )
    if broken and not refuted and not confirmed:
        return attrs.evolve(r, outcome="unknown")
    return r
