"""``gametree prove``: run the machine checks of ``proofs`` and print what they found.

``gametree prove [THEOREM ...] [--budget SECONDS] [--json] [--full] [--shard k/n]`` runs the checks
of the named theorems (all by default) within the budget and prints a table: theorem, method, cases
covered, outcome, and what the project expects of the claim. Then, per theorem, how strongly each
claim is established (:mod:`gametree.proofs.machinery.everywhere`): proved for every tree (by a
verifier's stored results), per shape (z3, CrossHair), within a bound (every tree of an enumeration,
witnesses), on samples (Hypothesis, or an enumeration the budget cut short), or refuted; and what of
the theorem no verifier proved. Then, for each verifier (Nagini, :mod:`gametree.proofs.nagini`;
Why3, :mod:`gametree.proofs.why3`), each claim it proved: what exactly, over which domain and
windows, what is composed by hand, and its stored verdict, current or **stale** (its key,
:mod:`gametree.proofs.machinery.stored`, is not the one computed now: the file, the claim, the
flaws, the verify logic or the tools changed), with the command that verifies it again (no verifier
runs here: ``python3 dev.py verify`` does). Exit code 1 when an outcome contradicts its expectation,
or when a claim of the theorems asked is stale, has no stored verdict, or failed. ``--json`` gives
the same as ``results``, ``strength``, ``verified`` and ``problems``.

``gametree prove optimality FILE [--json]`` decides, for the tree in FILE (with Korf's bounds
in the document), every leaf shallow pruning evaluates: whether a correct directional
algorithm must evaluate it, over the reals and over the integers, with the witness (two
completions giving different maxn values) or the reason there is none.

Both need the ``prove`` extra (``pip install 'gametree[prove]'``: z3-solver, crosshair-tool
and hypothesis, which ``gametree.proofs`` imports); without it the command says so, naming the
extra, and exits with 2.
"""

import argparse
import contextlib
import json
import math
from typing import TYPE_CHECKING

from gametree.clitools import (
    EXIT_FAILED,
    EXIT_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    Progress,
    configure_help,
    epilog,
    error,
    guarded,
    json_value,
    read_document,
    text_value,
)
from gametree.spec import TreeError
from gametree.treefile import Limits, TreeFileError

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from gametree.proofs import Theorem
    from gametree.proofs.theorems.optimality import Analysis, Decision
    from gametree.spec import Domain

NAME = "prove"
EXTRA = "pip install 'gametree[prove]'"
"""How to install what the checks import (the ``prove`` extra: z3-solver, crosshair-tool,
hypothesis)."""
DESCRIPTION = (
    "Run the checks of proofs/ (all theorems, or those named) within a time budget and print a "
    "table: theorem, method, cases covered, outcome (proved, held, failed or unknown) and "
    "whether the project expects the claim to hold; then how strongly each claim is "
    "established, and each verified claim with its stored verdict, current or STALE. 'gametree "
    "prove optimality FILE' decides instead which leaves of FILE's tree are necessary. The "
    f"checks need the 'prove' extra: {EXTRA}."
)
DETAILS = (
    "Outcomes: proved, decided on every case of the stated domain; held, no counterexample in "
    "the cases tried; failed, a checked counterexample; unknown, nothing decided. Published "
    "claims that are false are expected to fail: the counterexample is the result. Strength: "
    "for every tree (the stored verdicts of a verifier, Nagini over the integers or Why3 over "
    "the rationals: no verifier runs here), per shape (z3, CrossHair), within a bound (every "
    "tree of an enumeration, witnesses), on samples (Hypothesis, or an enumeration the budget "
    "cut short), or refuted, and what of the theorem no verifier proved. Each verified claim "
    "says what exactly is proved, over which domain and windows, and what is composed by hand; "
    "a stored verdict made for other sources, claims, flaws, verify logic or tool versions is "
    "STALE, proves nothing, and is reported with the command that verifies it again. Exit code "
    "1 if an outcome contradicts the expectation, or a claim of the theorems asked is stale, "
    "has no stored verdict or failed. --json gives them as 'strength', the stored verdicts as "
    "'verified', and what keeps a claim from being proved as 'problems'."
    "\n\n"
    "'gametree prove optimality FILE' decides, for the tree in FILE (its document must give "
    "Korf's bounds), every leaf shallow pruning evaluates: whether a correct directional "
    "algorithm must evaluate it, over the reals and over the integers, exactly (by the path "
    "lemma: only the path to the leaf matters, searched without a solver), with a witness "
    "checked by spec.maxn or the reason; within --budget seconds, after which the leaves not "
    "yet decided are reported as undecided."
)

NAMES = (
    "alphabeta",
    "negamax",
    "maxn-pairs",
    "shallow",
    "deep",
    "optimality",
    "best-case",
    "evaluations",
    "paranoid",
    "sturtevant",
    "alphabeta-optimality",
    "window",
    "table",
    "star1",
    "best-reply",
)
"""The theorems' names, for --help (``proofs`` is imported only when the command runs: it
needs the checkers, z3, CrossHair and Hypothesis, which the 'prove' extra installs)."""

DEFAULT_BUDGET = 540.0
"""Seconds the default run may take (the checks stop when it is spent)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    notes = {
        1: "an outcome contradicts its expectation, or a claim proved for every tree is stale, "
        "has no stored verdict or failed",
        2: f"bad usage, or the checkers are not installed ({EXTRA})",
    }
    configure_help(parser, epilog(0, 1, 2, 3, 5, notes=notes))
    parser.add_argument(
        "theorems",
        nargs="*",
        metavar="THEOREM",
        help=f"theorems to check (default all): {', '.join(NAMES)}; or 'optimality FILE'",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        metavar="SECONDS",
        help=f"wall-clock time for all the checks (default {DEFAULT_BUDGET:.0f})",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--full", action="store_true", help="the full sets of cases (larger; meant for --shard)"
    )
    parser.add_argument(
        "--shard", default="1/1", metavar="K/N", help="the K-th of N parts of each enumeration"
    )


@guarded(NAME)
def run(args: argparse.Namespace) -> int:
    """Run the checks (or decide a file); 0, 1 if an outcome is not the expected one."""
    try:
        from gametree import proofs  # noqa: PLC0415 - it needs z3, CrossHair and Hypothesis: only here
    except ImportError as e:
        return error(
            NAME, f"the checks need z3, CrossHair and Hypothesis ({e}): {EXTRA}", EXIT_USAGE
        )
    from gametree.proofs import (  # noqa: PLC0415 - as above
        THEOREMS,
        Budget,
        Scope,
        disagreements,
        parse_shard,
        problems,
        proved_everywhere,
        report_json,
        summaries,
        summary_json,
        summary_text,
        table,
        theorem,
    )

    names = list(args.theorems)
    if len(names) == 2 and names[0] == "optimality" and names[1] not in _theorem_names(THEOREMS):
        if not args.budget > 0:
            return error(NAME, f"--budget must be positive (got {args.budget})", EXIT_USAGE)
        return _optimality_file(names[1], as_json=args.json, budget=args.budget)
    try:
        chosen = [theorem(n) for n in names] if names else list(THEOREMS)
        shard = parse_shard(args.shard)
    except (KeyError, ValueError) as e:
        return error(NAME, str(e.args[0]) if isinstance(e, KeyError) else str(e), EXIT_USAGE)
    if not args.budget > 0:
        return error(NAME, f"--budget must be positive (got {args.budget})", EXIT_USAGE)
    with budgeted(args.budget):
        results = proofs.run(chosen, Scope(Budget(args.budget), full=args.full, shard=shard))
    stored = proved_everywhere({th.name for th in chosen})
    strength = summaries(chosen, results, stored)
    unproved = problems(stored)
    if args.json:
        report = {
            "results": report_json(results),
            "verified": [record for s in stored for record in s.records()],
            "strength": summary_json(strength),
            "problems": unproved,
        }
        print(json.dumps(report, indent=1))
    else:
        print(table(results))
        print()
        print(summary_text(strength))
        for s in stored:
            print()
            print(s.text())
        if unproved:
            print()
            print("NOT PROVED for every tree as stored (exit code 1):")
            print("\n".join(f"  {p}" for p in unproved))
    return EXIT_FAILED if disagreements(results) or unproved else EXIT_OK


@contextlib.contextmanager
def budgeted(seconds: float) -> "Iterator[None]":
    """Progress through a budget of ``seconds``: the checks say how far they got only at the end."""
    progress = Progress(math.ceil(seconds), "s of the --budget", label=f"gametree {NAME}",
                        timed=True)  # fmt: skip
    try:
        yield
    finally:
        progress.done()


def _theorem_names(theorems: "Sequence[Theorem]") -> set[str]:
    return {th.name for th in theorems}


def _optimality_file(path: str, *, as_json: bool, budget: float) -> int:
    try:
        doc = read_document(path, Limits(max_nodes=10_000))
    except TreeFileError as e:
        return error(NAME, f"{path}: {e}", EXIT_INPUT)
    if doc.bounds is None:
        return error(NAME, f'{path}: the optimality question needs Korf\'s bounds ("bounds": '
                     '{"lower": L, "sum": S} in the document)', EXIT_INPUT)  # fmt: skip
    from gametree.proofs.theorems.optimality import analyse  # noqa: PLC0415 - see run

    try:
        with budgeted(budget):
            a = analyse(doc.tree, doc.bounds, budget=budget)
    except (TreeError, ValueError) as e:
        return error(NAME, f"{path}: {e}", EXIT_INPUT)
    if as_json:
        print(json.dumps(analysis_json(a), indent=1))
        return EXIT_OK
    n = len(a.leaves)
    print(f"{path}: {doc.tree.players} players, {doc.bounds}, {n} leaves read by shallow pruning")
    for r in a.leaves:
        print(
            f"leaf {list(r.leaf)}"
            + ("" if r.read_by_last_branch else " (last-branch pruning skips it)")
        )
        for d in r.decisions:
            print(f"  {d.domain}: {_verdict(d)}")
    for domain in ("reals", "integers"):
        skip, open_ = a.unnecessary(domain), a.undecided(domain)
        if skip:
            verdict = f"FAILS at {[list(p) for p in skip]}"
        elif open_:
            verdict = f"not decided within --budget at {[list(p) for p in open_]}"
        else:
            verdict = "holds"
        print(f"Korf's Theorem 1 on this tree, over the {domain}: {verdict}")
    return EXIT_OK


def _verdict(d: "Decision") -> str:
    if d.necessary is None:
        return f"undecided ({d.reason})"
    if not d.necessary:
        return f"not necessary: {d.reason}"
    assert d.witness is not None
    w = d.witness
    return (
        f"necessary: the leaf {text_value(w.values[0])} gives the root {text_value(w.roots[0])}, "
        f"{text_value(w.values[1])} gives {text_value(w.roots[1])}"
        + (f", with the later leaves {_completion(d)}" if w.completion else "")
    )


SHOWN = 6
"""The most later leaves a witness prints; --json has them all."""


def _completion(d: "Decision") -> str:
    assert d.witness is not None
    later = d.witness.completion
    shown = ", ".join(f"{list(p)} = {text_value(v)}" for p, v in later[:SHOWN])
    return shown + (
        f" and {len(later) - SHOWN} more (--json lists them)" if len(later) > SHOWN else ""
    )


def analysis_json(a: "Analysis") -> dict[str, object]:
    """The JSON of ``gametree prove optimality FILE --json``."""
    leaves = []
    for r in a.leaves:
        record: dict[str, object] = {
            "path": list(r.leaf),
            "read_by_shallow": r.read_by_shallow,
            "read_by_last_branch": r.read_by_last_branch,
        }
        for d in r.decisions:
            w = d.witness
            record[d.domain] = {
                "necessary": d.necessary,
                "reason": d.reason,
                "witness": None
                if w is None
                else {
                    "values": [json_value(v) for v in w.values],
                    "completion": [
                        {"path": list(p), "value": json_value(v)} for p, v in w.completion
                    ],
                    "roots": [json_value(v) for v in w.roots],
                },
            }
        leaves.append(record)
    return {
        "players": a.tree.players,
        "bounds": {"lower": json_value(a.bounds.lower), "sum": json_value(a.bounds.total)},
        "leaves": leaves,
        "theorem_1_holds": {domain: _holds(a, domain) for domain in ("reals", "integers")},
    }


def _holds(a: "Analysis", domain: "Domain") -> bool | None:
    """False at a leaf shown unnecessary; None while a leaf is undecided; True otherwise."""
    if a.unnecessary(domain):
        return False
    return None if a.undecided(domain) else True
