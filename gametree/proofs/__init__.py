"""gametree's proofs: every claim connecting ``spec`` and ``impl``, as something a machine checks.

Filed by claim: one module per theorem (:mod:`gametree.proofs.theorems`) holds its statement
and exact source, its checks as data (symbolic per-shape runs, bounded-exhaustive enumeration,
exact SMT decisions, constructive witnesses, Hypothesis properties), the claims Nagini and Why3
prove of it for every tree, each pinned to the ``impl`` function its verified code restates, and
the flaws seeded to show the proofs are not vacuous. The machinery they share lives apart
(:mod:`gametree.proofs.machinery`: the kinds of check, the budget, the results, one
verifier-neutral core that keys, stores and reports every verifier's verdicts), and so do the
verified files (:mod:`gametree.proofs.nagini`'s kernels, :mod:`gametree.proofs.why3`'s
transcriptions). ``THEOREM.check(scope)`` runs a theorem's checks within a budget and returns
:class:`Result` records: the method, the cases covered, the outcome and the counterexample if
any. ``gametree prove`` prints them, with the claims proved for every tree
(:func:`proved_everywhere`); ``proofs/README.md`` lists every theorem with its status.

Nothing is taken on trust: a published claim is checked, and where the check fails, the failure
is the result (Korf's Theorem 1, on the optimality of shallow pruning, is false as printed:
the theorem ``optimality``), and so is the instance optimality of alpha-beta once the values are
bounded (``alphabeta-optimality``).

>>> theorem("optimality").title
"Korf's Theorem 1: shallow pruning is optimal among directional algorithms"
"""

from gametree.proofs.machinery import everywhere, verified
from gametree.proofs.machinery.claims import Claim, Flaw, Pin
from gametree.proofs.machinery.encodings import ENCODINGS, Encoding
from gametree.proofs.machinery.everywhere import Stored
from gametree.proofs.machinery.result import (
    Budget,
    Counterexample,
    Outcome,
    Result,
    Scope,
    Shard,
    Theorem,
    parse_shard,
)
from gametree.proofs.machinery.runner import disagreements, report_json, run, table
from gametree.proofs.machinery.verified import Verifier
from gametree.proofs.nagini import NAGINI
from gametree.proofs.theorems import THEOREMS
from gametree.proofs.why3 import WHY3

__all__ = [
    "ENCODINGS",
    "THEOREMS",
    "VERIFIERS",
    "Budget",
    "Claim",
    "Counterexample",
    "Encoding",
    "Flaw",
    "Outcome",
    "Pin",
    "Result",
    "Scope",
    "Shard",
    "Stored",
    "Theorem",
    "Verifier",
    "claims",
    "disagreements",
    "flaws",
    "parse_shard",
    "problems",
    "proved_everywhere",
    "report_json",
    "run",
    "stale",
    "summaries",
    "summary_json",
    "summary_text",
    "table",
    "theorem",
]

VERIFIERS: tuple[Verifier, ...] = (NAGINI, WHY3)
"""The verifiers whose stored verdicts prove claims for every tree."""

problems = everywhere.problems
summaries = everywhere.summaries
summary_json = everywhere.summary_json
summary_text = everywhere.summary_text


def theorem(name: str) -> Theorem:
    """The theorem called ``name`` (as ``gametree prove`` takes it)."""
    for th in THEOREMS:
        if name == th.name:
            return th
    names = ", ".join(th.name for th in THEOREMS)
    raise KeyError(f"no theorem called {name!r}; the theorems are: {names}")


def claims() -> list[tuple[Theorem, Claim]]:
    """Every claim proved for every tree, with its theorem, in the order of :data:`THEOREMS`.

    Each claim names its verifier and file (``claim.verifier``, ``claim.file``: the Nagini
    kernel ``nagini/FILE.py`` or the WhyML file ``why3/FILE.mlw``) and its pins
    (``claim.pins``: each the ``impl`` or ``spec`` function itself, ``pin.function``, and the
    test that ties them by behaviour, ``pin.test``).

    >>> th, c = claims()[0]
    >>> th.name, c.name, c.verifier, c.file, c.pins[0].name
    ('alphabeta', 'fail-hard', 'nagini', 'two_player', 'impl.alphabeta')
    """
    return [(th, c) for th in THEOREMS for c in th.claims]


def flaws(verifier: Verifier) -> tuple[Flaw, ...]:
    """Every flaw seeded in ``verifier``'s files, in the order of :data:`THEOREMS`.

    Those it must catch (``expected`` said) and the deleted cut-offs only the pin tests catch
    (``unprunes``); a flaw may be both.
    """
    return tuple(f for th in THEOREMS for f in th.flaws if f.verifier == verifier.name)


def proved_everywhere(names: set[str] | None = None) -> list[Stored]:
    """Every verifier's stored verdicts on the claims of the theorems called ``names`` (or all)."""
    return everywhere.proved_everywhere(THEOREMS, VERIFIERS, names)


def stale() -> list[tuple[Verifier, str]]:
    """Each verified file whose stored verdict is stale, with its verifier."""
    return [
        (v, file) for v in VERIFIERS for file in verified.stale(THEOREMS, v, verified.stored(v))
    ]
