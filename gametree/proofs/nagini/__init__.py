"""Proofs for every tree over the integers: kernels verified by Nagini.

Every other check in :mod:`gametree.proofs` is bounded (shapes, sizes, samples). Here the algorithms
of a theorem and its specification are written in the subset of Python that Nagini (Eilers and
Müller, "Nagini: A Static Verifier for Python", CAV 2018) verifies, with pre- and postconditions,
predicates for the trees and termination measures, and Nagini proves them for every input: every
tree, of any size, with integer values of any size. One module per family of trees; its docstring
says what is proved, exactly, and whether the proof uses only the order of the values (then it holds
over any ordered domain, the rationals included). The kernels:
:mod:`~gametree.proofs.nagini.two_player` (The theorems ``alphabeta`` and ``negamax``),
:mod:`~gametree.proofs.nagini.fail_soft` (``alphabeta``'s fail-soft search in negamax form; its
docstring says why "fail-soft lies between fail-hard and the true value" is Why3's, not Nagini's),
:mod:`~gametree.proofs.nagini.multi_player` (``maxn-pairs``, ``shallow`` and ``paranoid``) and
:mod:`~gametree.proofs.nagini.deep` (``deep``: deep pruning is exact with two players on pairs). The
claims each proves, their pins and their seeded flaws are filed with their theorems
(:mod:`gametree.proofs.theorems`). A kernel that needs another's definitions repeats them word for
word, as Nagini verifies one file at a time; the tests check that the copies are the same
(:func:`definitions`).

**Not here: Korf's Theorem 1 on trees of height <= 2** ("every leaf shallow pruning reads is
necessary", the theorem ``optimality``, which :mod:`gametree.proofs.theorems.optimality` proves by
hand for height <= 2 and checks per shape with z3). It holds over the reals and is false over the
integers already at height 2 (``[x, [w, l]]``: the hand proof's case B needs a leaf strictly between
two integers that differ by 1). Nagini reasons about ``int`` exactly, and about ``float`` only as
IEEE single precision (``--float-encoding ieee32``) or as mathematical reals (``real``), which
Python's floats are not: a kernel over reals would be tested, as Python, on values it is not about
(``impl`` takes ``Fraction``, which Nagini does not know), and the integer kernel it can verify
would state a false theorem. Stating it also needs what the other kernels do not: the set of leaves
shallow pruning reads, and for each a pair of completions (the leaf and every later leaf replaced)
with different maxn values, an existential over trees that Nagini takes only as a constructed
witness. That is a kernel of its own; Why3 over the reals proves it (:mod:`gametree.proofs.why3`,
``optimality.mlw``).

``python3 dev.py verify`` runs Nagini (in a venv of its own: its pinned tools conflict with
the project's) on each kernel, and on copies of it with a flaw seeded, which must fail naming
the condition they break (:mod:`gametree.proofs.nagini.verify`); it stores what it found in
``results.json`` beside this file, one record per kernel, keyed by everything the verdict
depends on (:mod:`gametree.proofs.machinery.verified`, which reads, keys and reports the
records of every verifier: the kernel's source, its claims, its flaws, the verify logic,
Nagini's and z3's versions). Nagini does not run anywhere else: ``gametree prove`` and the tests
read the stored records, and a record whose key is not the current one is stale: it proves
nothing, and ``gametree prove`` exits with 1 on it. A claim is verified when Nagini reported no
error in any function it relies on (:func:`verdicts`,
:func:`gametree.proofs.nagini.calls.relies_on`).

The tests also run the kernels as Python against ``spec`` and ``impl`` on random trees
(:mod:`gametree.proofs.nagini.convert`), by value and by what they read
(:mod:`gametree.proofs.nagini.reads`: the leaves, in order, and where each search cuts off):
a proof about code nobody runs would prove nothing about gametree. Each kernel with a cut-off
deleted (a flaw that ``unprunes``), and each seeded flaw, fails that comparison.

**What the contracts say of the pruning itself.** "The search returns the maxn vector" (or
Knuth-Moore's cases) is met by a search that prunes nothing. Where the cut-off has a value of
its own, the contract states it: shallow pruning (``shallow_kids``) and deep pruning
(``deep_kids``) return Best as it is once ``Best[p] >= Bound``, whatever the children left
hold, which the unpruned search does not (a later child better for p would replace Best); so
deleting either cut-off fails verification (the flaws ``shallow-cut-deleted``, at that
postcondition, and ``deep-cut-deleted``, at the floors' invariant, which Nagini reports first).
Immediate pruning's cut-off has no value of its own: under Korf's bounds
nothing after a Best with the whole sum can replace it, so only what is read differs. Alpha-beta's
cut-off returns the bound (fail-hard) or the child's result (fail-soft) once it reaches b,
which Knuth-Moore's and Fishburn's cases allow of the unpruned search too; a contract that told
them apart would name the first child's result at the node, restating the code's line, so it
is left to the comparison with ``impl``. No contract counts the leaves read: the only
definition of what shallow pruning or alpha-beta reads is the procedure itself (a count proved
against a copy of it would restate it), and the definition independent of the procedure, the
leaves every directional search must read (Korf's Theorem 1), is one shallow pruning does
not meet;
for alpha-beta it is :mod:`gametree.proofs.theorems.alphabeta_optimality`'s, not mechanised here.

The kernels import ``nagini_contracts.contracts``, as Nagini requires. Where Nagini is not
installed, importing this package puts a typed stand-in for it (``_standin/``) at the end of
``sys.path``; mypy reads the same stand-in through ``mypy_path``.
"""

import ast
import importlib.util
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from gametree.proofs.machinery.claims import Claim, Flaw
from gametree.proofs.machinery.verified import Record, Verdict, Verifier
from gametree.proofs.nagini import run
from gametree.proofs.nagini.calls import function_at, relies_on

if importlib.util.find_spec("nagini_contracts") is None:
    sys.path.append(str(Path(__file__).with_name("_standin")))

__all__ = [
    "KERNELS",
    "NAGINI",
    "TOOL",
    "VERSIONS",
    "definitions",
    "seeded_in",
    "tests",
    "verdicts",
    "where",
]

HERE = Path(__file__).parent

KERNELS = ("two_player", "fail_soft", "multi_player", "deep")
"""The verified modules, each a file ``NAME.py`` beside this one."""

VERSIONS = {"nagini": "1.2.0", "z3-solver": "4.8.7.0"}
"""The versions of Nagini and of the z3 it runs that the stored verdicts are made with
(``dev.py`` installs ``nagini==1.2.0``, which pins that z3; ``verify`` refuses others)."""

TOOL = f"Nagini {VERSIONS['nagini']} (Viper's Silicon, z3 {VERSIONS['z3-solver']})"
"""The verifier, as the stored keys and the reports name it."""


def definitions(text: str) -> dict[str, str]:
    """Each top-level function and class of the kernel ``text``, by name, as written.

    >>> deep, multi = NAGINI.source("deep"), NAGINI.source("multi_player")
    >>> definitions(deep)["maxn"] == definitions(multi)["maxn"]
    True
    """
    return {
        node.name: ast.get_source_segment(text, node) or ""
        for node in ast.parse(text).body
        if isinstance(node, ast.FunctionDef | ast.ClassDef)
    }


def seeded_in(text: str, flaw: Flaw) -> str:
    """The function of the kernel ``text`` that ``flaw`` changes."""
    found = function_at(text, text[: text.index(flaw.original)].count("\n") + 1)
    assert found is not None, f"{flaw.name} is seeded outside every function"
    return found


_POSITION = re.compile(r"\(([^()@]+)@(\d+)\.\d+--\d+\.\d+\)\s*$")


def where(text: str, error: str) -> str | None:
    """The function of ``text`` whose lines hold ``error``'s position, if any."""
    m = _POSITION.search(error)
    return function_at(text, int(m.group(2))) if m else None


def verdicts(text: str, record: Record, claims: Sequence[Claim]) -> dict[str, Verdict]:
    """Each of ``claims`` (by name), made from the kernel ``text``, given Nagini's ``record``.

    A claim fails if an error lies in a function it relies on (its own functions and every
    function they use, in code or contracts: :func:`~gametree.proofs.nagini.calls.relies_on`),
    or in no function at all, or in one that no claim relies on; it is verified otherwise.
    """
    rests = {c.name: relies_on(text, c.rests_on) for c in claims}
    anyone = set().union(*rests.values())
    failed: set[str] = set()
    for error in record.errors:
        f = where(text, error)
        if f is None or f not in anyone:
            failed.update(rests)
        else:
            failed.update(name for name, fs in rests.items() if f in fs)
    return {c.name: "failed" if c.name in failed else "verified" for c in claims}


def tests(text: str, flaw: Flaw, claim: Claim) -> bool:
    """Whether ``flaw`` tests ``claim``: it changes a function the claim relies on."""
    return seeded_in(text, flaw) in relies_on(text, claim.rests_on)


NAGINI = Verifier(
    name="nagini",
    tool=TOOL,
    suffix=".py",
    folder=HERE,
    files=KERNELS,
    logic=run.LOGIC,
    verdicts=verdicts,
    tests=tests,
    command=("verify",),
    title=f"Proved for every tree by {TOOL} (stored verdicts of python3 dev.py verify):",
)
"""Nagini, as :mod:`gametree.proofs.machinery.verified` keys, stores and reports its verdicts."""
