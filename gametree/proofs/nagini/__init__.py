"""Proofs for every tree: kernels verified by Nagini, and the stored results of verifying them.

Every other check in :mod:`gametree.proofs` is bounded (shapes, sizes, samples). Here the
algorithms of a theorem and its specification are written in the subset of Python that Nagini
(Eilers and Müller, "Nagini: A Static Verifier for Python", CAV 2018) verifies, with pre- and
postconditions, predicates for the trees and termination measures, and Nagini proves them for
every input: every tree, of any size, with integer values of any size. One module per family
of trees; its docstring says what is proved, exactly, and whether the proof uses only the
order of the values (then it holds over any ordered domain, the rationals included).
The kernels: :mod:`~gametree.proofs.nagini.two_player` (Theorems 1 and 2),
:mod:`~gametree.proofs.nagini.fail_soft` (Theorem 1's fail-soft search in negamax form; its
docstring says why "fail-soft lies between fail-hard and the true value" is tested, not
verified), :mod:`~gametree.proofs.nagini.multi_player`
(Theorems 3, 4 and 9) and :mod:`~gametree.proofs.nagini.deep` (Theorem 5: deep pruning is
exact with two players on pairs). A kernel that needs another's definitions repeats them word
for word, as Nagini verifies one file at a time; the tests check that the copies are the same
(:func:`definitions`).

**Not here: Theorem 6 on trees of height <= 2** (Korf's Theorem 1, "every leaf shallow pruning
reads is necessary", which :mod:`gametree.proofs.optimality` proves by hand for height <= 2
and checks per shape with z3). It holds over the reals and is false over the integers already
at height 2 (``[x, [w, l]]``: the hand proof's case B needs a leaf strictly between two
integers that differ by 1). Nagini reasons about ``int`` exactly, and about ``float`` only as
IEEE single precision (``--float-encoding ieee32``) or as mathematical reals (``real``), which
Python's floats are not: a kernel over reals would be tested, as Python, on values it is not
about (``impl`` takes ``Fraction``, which Nagini does not know), and the integer kernel it can
verify would state a false theorem. Stating it also needs what the other kernels do not: the
set of leaves shallow pruning reads, and for each a pair of completions (the leaf and every
later leaf replaced) with different maxn values, an existential over trees that Nagini takes
only as a constructed witness. That is a kernel of its own; Why3 over the reals proves it
(:mod:`gametree.proofs.why3`, ``optimality.mlw``).

``python3 dev.py verify`` runs Nagini (in a venv of its own: its pinned tools conflict with
the project's) on each kernel, and on copies of it with a flaw seeded (:data:`FLAWS`), which
must fail naming the condition they break; it stores what it found in ``results.json`` beside
this file, one record per kernel, keyed by everything the verdict depends on
(:mod:`gametree.proofs.stored`: the kernel's source, its claims, its flaws, the verify logic,
Nagini's and z3's versions; :func:`key`). Nagini does not run anywhere else: ``gametree
prove`` and the tests read the stored records (:func:`stored`), and a record whose key is not
the current one is stale (:func:`stale`): it proves nothing, and ``gametree prove`` exits with
1 on it. A claim is verified when Nagini reported no error in any function it relies on
(:func:`verdicts`, :func:`gametree.proofs.nagini.calls.relies_on`).

The record's JSON (``results.json``)::

    {"kernels": [{"kernel": "two_player",
                  "key": {"source": SHA, "claims": SHA, "flaws": SHA, "logic": SHA,
                          "tool": "Nagini 1.2.0 (...)"},
                  "verified": true, "errors": [], "seconds": 135.2,
                  "flaws": [{"flaw": "min-raises-beta", "caught": true,
                             "errors": ["Postcondition of ... (two_player.py@L.C--L.C)"],
                             "seconds": 61.0}, ...]},
                 ...]}

The tests also run the kernels as Python against ``spec`` and ``impl`` on random trees
(:mod:`gametree.proofs.nagini.convert`), by value and by what they read
(:mod:`gametree.proofs.nagini.reads`: the leaves, in order, and where each search cuts off):
a proof about code nobody runs would prove nothing about gametree. Each kernel with a cut-off
deleted (:data:`UNPRUNED`), and each seeded flaw, fails that comparison.

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
leaves every directional search must read (Theorem 6), is one shallow pruning does not meet;
for alpha-beta it is :mod:`gametree.proofs.alphabeta_optimality`'s, not mechanised here.

The kernels import ``nagini_contracts.contracts``, as Nagini requires. Where Nagini is not
installed, importing this package puts a typed stand-in for it (``_standin/``) at the end of
``sys.path``; mypy reads the same stand-in through ``mypy_path``.
"""

import ast
import importlib.util
import json
import re
import sys
import types
from pathlib import Path
from typing import Literal

import attrs

from gametree.proofs import stored as cache
from gametree.spec._package_data import package_text

if importlib.util.find_spec("nagini_contracts") is None:
    sys.path.append(str(Path(__file__).with_name("_standin")))

__all__ = [
    "CLAIMS",
    "FLAWS",
    "KERNELS",
    "RESULTS",
    "TOOL",
    "UNPRUNED",
    "Claim",
    "Flaw",
    "FlawResult",
    "KernelResult",
    "Proved",
    "Results",
    "definitions",
    "flaws_of",
    "function_at",
    "key",
    "proved",
    "proved_json",
    "proved_text",
    "seeded",
    "seeded_in",
    "seeded_module",
    "source",
    "stale",
    "stored",
    "verdicts",
    "where",
]

HERE = Path(__file__).parent
RESULTS = HERE / "results.json"
"""The stored results of ``python3 dev.py verify``."""

KERNELS = ("two_player", "fail_soft", "multi_player", "deep")
"""The verified modules, each a file ``NAME.py`` beside this one."""

VERSIONS = {"nagini": "1.2.0", "z3-solver": "4.8.7.0"}
"""The versions of Nagini and of the z3 it runs that the stored verdicts are made with
(``dev.py`` installs ``nagini==1.2.0``, which pins that z3; ``verify`` refuses others)."""

TOOL = f"Nagini {VERSIONS['nagini']} (Viper's Silicon, z3 {VERSIONS['z3-solver']})"
"""The verifier, as the stored keys and the reports name it."""


@attrs.frozen
class Claim:
    """What a kernel proves of one theorem of :data:`gametree.proofs.THEOREMS`, exactly.

    ``functions`` are the kernel's functions that make the claim: it is verified when Nagini
    reports no error in them nor in any function they rely on (:func:`verdicts`).
    ``statement`` is what is proved, as the contracts say it; ``domain`` the values it is
    proved for; ``window`` the windows or bounds the searches are proved over; ``composed``
    what the claim, or the theorem it is reported under, adds by hand to the proof (empty:
    nothing); ``pinned`` what the tests tie the verified functions to, by behaviour (the code
    users run is not the kernel); ``ordered`` whether, and why, the proof's argument carries
    over to other ordered domains (argued by hand; a Why3 claim that proves it over the
    rationals names it in its ``lifts``).
    """

    name: str
    theorem: int
    kernel: str
    functions: tuple[str, ...]
    statement: str
    ordered: str
    domain: str = "integers (Python's int, any size)"
    window: str = "none (no window or bound)"
    composed: str = ""
    pinned: str = ""


_COMPARISONS = "yes: it compares values, nothing else"
_NEGATION = "yes, in any ordered abelian group: comparisons, and negation reversing them"
_WINDOW = (
    "any integer window a < b (both finite: impl's default (BOTTOM, TOP) is not a window the "
    "kernel takes)"
)
_KORF = (
    "Korf's bounds with the lower bound shifted to 0 (components in 0..s, any two summing to "
    "at most s), integer s"
)
_SHIFT = (
    "that impl's shift of a lower bound L to 0 (impl.maxn_stack.korf_bounds: components less "
    "L, Sum less n L) preserves the search is argued by hand"
)
_READS = "value, leaves read in order, nodes entered and cut-offs, on Hypothesis trees"

CLAIMS = (
    Claim(
        name="fail-hard",
        theorem=1,
        kernel="two_player",
        functions=("alphabeta_choice", "alphabeta"),
        statement="fail-hard alpha-beta, max/min form (seed 002's procedure), over a window "
        "a < b, with v the minimax value: v <= a => r <= a; a < v < b => r = v; v >= b => "
        "r >= b (Knuth-Moore); it terminates",
        ordered=_COMPARISONS,
        window=_WINDOW,
        pinned=f"impl.alphabeta (fail-hard): {_READS}",
    ),
    Claim(
        name="full-window",
        theorem=1,
        kernel="two_player",
        functions=("inside", "within", "choice_is_inside", "alphabeta_full_window"),
        statement="over a finite window around every leaf value (a below the least, b above "
        "the greatest), fail-hard alpha-beta is the minimax value",
        ordered=_COMPARISONS,
        window="a finite integer window around every leaf value, not impl's (BOTTOM, TOP)",
        composed="that impl's full window (BOTTOM, TOP) acts as such a window (BOTTOM and TOP "
        "compare below and above every value) is argued by hand",
        pinned=f"impl.alphabeta (fail-hard): {_READS}",
    ),
    Claim(
        name="negamax-form",
        theorem=1,
        kernel="two_player",
        functions=("negamax_alphabeta_choice", "negamax_alphabeta"),
        statement="fail-hard alpha-beta, negamax form (Knuth-Moore's F2: a child of the other "
        "player searched over (-b, -a) and negated, one of the same player over (a, b)), "
        "against the negamax value: Knuth-Moore's three cases; it terminates",
        ordered=_NEGATION,
        window=_WINDOW,
        pinned=f"impl.negamax_alphabeta (fail-hard): {_READS}",
    ),
    Claim(
        name="fail-soft",
        theorem=1,
        kernel="two_player",
        functions=("alphabeta_soft_choice", "alphabeta_soft"),
        statement="fail-soft alpha-beta, max/min form, over a window a < b: r <= a => v <= "
        "r; a < r < b => r = v; r >= b => v >= r (Fishburn); it terminates. Not proved: that "
        "r lies between fail-hard's result and v",
        ordered=_COMPARISONS,
        window=_WINDOW,
        pinned=f"impl.alphabeta(fail_soft=True): {_READS}",
    ),
    Claim(
        name="fail-soft-negamax-form",
        theorem=1,
        kernel="fail_soft",
        functions=("negamax_alphabeta_soft_choice", "negamax_alphabeta_soft"),
        statement="fail-soft alpha-beta, negamax form (the windows of the negamax form, the "
        "best child's result returned), against the negamax value: Fishburn's three cases; it "
        "terminates",
        ordered=_NEGATION,
        window=_WINDOW,
        pinned=f"impl.negamax_alphabeta(fail_soft=True): {_READS}",
    ),
    Claim(
        name="negamax",
        theorem=2,
        kernel="two_player",
        functions=("negamax_choice", "negamax", "negamax_choice_is_signed", "negamax_is_minimax"),
        statement="negamax (ModMinMax) = minimax if player 0 moves at the root, -minimax "
        "otherwise, any player at any node (players moving twice included); it terminates",
        ordered=_NEGATION,
        pinned="spec.negamax and spec.minimax: value, every leaf read left to right, nothing "
        "cut, on Hypothesis trees",
    ),
    Claim(
        name="maxn-pairs",
        theorem=3,
        kernel="multi_player",
        functions=(
            "pairs",
            "minimax_choice",
            "minimax_of_pairs",
            "maxn_choice_on_pairs",
            "maxn_on_pairs",
        ),
        statement="maxn on a two-player tree of pairs (x, -x) is (v, -v), v the minimax value "
        "of the x's, any player at any node; it terminates",
        ordered=_NEGATION,
        composed="the theorem's '= negamax' is this with Theorem 2 (negamax, two_player.py: "
        "negamax = minimax with the root mover's sign), composed by hand: the two kernels "
        "have different tree types (pairs, scalars) and share no definition",
        pinned="impl.maxn: value, leaves read in order, nodes entered, on Hypothesis trees; "
        "spec.minimax of the first components: value, every leaf read",
    ),
    Claim(
        name="shallow",
        theorem=4,
        kernel="multi_player",
        functions=("bounded", "fits", "maxn_choice_fits", "better", "shallow_kids", "shallow"),
        statement="shallow pruning (Korf's Shallow, with the line for a player moving twice) "
        "is the maxn vector, tie rule included, on every tree whose leaves keep to Korf's "
        "bounds (shifted to 0: components in 0..s, any two summing to at most s, which Korf's "
        "sum bound implies), any number of players, any player at any node; once "
        "Best[Player] >= Bound it returns Best as it is (the cut-off, which maxn does not "
        "meet); it terminates",
        ordered="yes, in any ordered abelian group: comparisons and sums of two components",
        window=_KORF,
        composed=_SHIFT,
        pinned=f"impl.shallow: {_READS}",
    ),
    Claim(
        name="immediate",
        theorem=4,
        kernel="multi_player",
        functions=("immediate_kids", "immediate"),
        statement="immediate pruning (Korf 3.2.1: stop when the best has the whole sum for "
        "the player to move) is the maxn vector, tie rule included, under the same bounds, any "
        "number of players, any player at any node; it terminates (its cut-off changes what is "
        "read, not the value: the tests pin it)",
        ordered="yes: comparisons only",
        window=_KORF,
        composed=_SHIFT,
        pinned=f"impl.immediate: {_READS}",
    ),
    Claim(
        name="deep-pairs",
        theorem=5,
        kernel="deep",
        functions=("split", "splits", "maxn_choice_splits", "seen", "deep_kids", "deep"),
        statement="deep pruning (impl.deep's search, bounds from every ancestor) on a "
        "two-player tree of pairs (y, 2m - y), y in 0..2m, floors 0 at the root, is the maxn "
        "vector, component by component, any player at any node; once Best[p] >= Sum - "
        "floors[o] it returns Best as it is (the cut-off); it terminates",
        ordered="yes, in any ordered abelian group: comparisons and y + (s - y) = s",
        window="the pairs' bounds shifted to 0 (y in 0..s, s = 2m), integer s",
        composed="that the pairs (x, -x) under Korf's bounds (-m, 0) become (y, 2m - y) "
        "shifted by m, as impl shifts them, and that the pairs stand for two-player minimax "
        "(Theorem 3), is argued by hand",
        pinned=f"impl.deep_pruning_unsound on pairs: {_READS}",
    ),
    Claim(
        name="paranoid",
        theorem=9,
        kernel="multi_player",
        functions=(
            "paranoid_choice",
            "paranoid",
            "paranoid_choice_is_a_guarantee",
            "paranoid_is_a_guarantee",
        ),
        statement="the paranoid value (the definition: q maximises, every other player "
        "minimises q's component) for any player q is at most q's component of the maxn "
        "value, for any number of players, any player at any node; both terminate",
        ordered=_COMPARISONS,
        composed="the proof is of the paranoid definition, not of impl.paranoid's alpha-beta "
        "with its cut-offs: that impl.paranoid computes the definition is tested (samples and "
        "shapes), not verified",
        pinned="spec.paranoid (the definition): value, every leaf read left to right, nothing "
        "cut, on Hypothesis trees; not impl.paranoid",
    ),
)
"""Every claim proved for all trees."""


@attrs.frozen
class Flaw:
    """A bug seeded in a copy of a kernel: ``original`` (once in the source) becomes ``seeded``.

    Nagini must then fail, with an error that contains ``expected`` (the condition broken).
    """

    name: str
    kernel: str
    original: str
    seeded: str
    expected: str


_FLOORS_LEAVE_A_WINDOW = (
    "The precondition of function deep_kids might not hold. Assertion (((f0 + f1) < s) or (s == 0))"
)
"""A floor raised past the other player's bound: the floors no longer leave a window."""

_SHALLOW_CUT_DELETED = Flaw(
    name="shallow-cut-deleted",
    kernel="multi_player",
    original="    if not first and best[p] >= bound:\n        return best\n",
    seeded="",
    expected="Postcondition of shallow_kids might not hold",
)
_DEEP_CUT_DELETED = Flaw(
    name="deep-cut-deleted",
    kernel="deep",
    original="    if not first and best[p] >= bound:\n        return best\n",
    seeded="",
    expected=_FLOORS_LEAVE_A_WINDOW,
)
"""Nagini reports the floors' invariant first: the search goes on with Best[p] past the bound,
and the floor it raises to Best[p] leaves the other player no window."""

FLAWS = (
    Flaw(
        name="negamax-no-negation",
        kernel="two_player",
        original="        v = -negamax_choice(c.kids, c.to_move)\n",
        seeded="        v = negamax_choice(c.kids, c.to_move)\n",
        expected="Postcondition of negamax_choice_is_signed might not hold",
    ),
    Flaw(
        name="min-raises-beta",
        kernel="two_player",
        original=(
            "    beta = b if b <= r else r\n"
            "    if a >= beta or k.tail is None:\n"
            "        return beta\n"
        ),
        seeded=(
            "    beta = b if b >= r else r\n"
            "    if a >= beta or k.tail is None:\n"
            "        return beta\n"
        ),
        expected="Postcondition of alphabeta_choice might not hold",
    ),
    Flaw(
        name="alpha-not-passed-on",
        kernel="two_player",
        original="        return alphabeta_choice(k.tail, p, alpha, b)\n",
        seeded="        return alphabeta_choice(k.tail, p, a, b)\n",
        expected="Postcondition of alphabeta_choice might not hold",
    ),
    Flaw(
        name="window-not-swapped",
        kernel="two_player",
        original="        r = -negamax_alphabeta_choice(c.kids, c.to_move, -b, -a)\n",
        seeded="        r = -negamax_alphabeta_choice(c.kids, c.to_move, a, b)\n",
        expected="Postcondition of negamax_alphabeta_choice might not hold",
    ),
    Flaw(
        name="soft-forgets-first-child",
        kernel="two_player",
        original="        return r if r >= s else s\n",
        seeded="        return s\n",
        expected="Postcondition of alphabeta_soft_choice might not hold",
    ),
    Flaw(
        name="negamax-soft-window-not-swapped",
        kernel="fail_soft",
        original="        r = -negamax_alphabeta_soft_choice(c.kids, c.to_move, -b, -a)\n",
        seeded="        r = -negamax_alphabeta_soft_choice(c.kids, c.to_move, a, b)\n",
        expected="Postcondition of negamax_alphabeta_soft_choice might not hold",
    ),
    Flaw(
        name="paranoid-reads-the-movers-component",
        kernel="multi_player",
        original="    v = c.value[q] if c.kids is None else",
        seeded="    v = c.value[p] if c.kids is None else",
        expected="Postcondition of paranoid_choice_is_a_guarantee might not hold",
    ),
    Flaw(
        name="paranoid-player-minimises",
        kernel="multi_player",
        original="    if p == q:\n        return v if v >= w else w\n",
        seeded="    if p != q:\n        return v if v >= w else w\n",
        expected="Postcondition of paranoid_choice_is_a_guarantee might not hold",
    ),
    Flaw(
        name="bound-from-the-wrong-player",
        kernel="multi_player",
        original="shallow_kids(c.kids, c.to_move, s - best[p], c.value, True, s, n)",
        seeded="shallow_kids(c.kids, c.to_move, s - best[c.to_move], c.value, True, s, n)",
        expected="Postcondition of shallow_kids might not hold",
    ),
    Flaw(
        name="no-repeated-mover-line",
        kernel="multi_player",
        original="    elif first or c.to_move == p:\n",
        seeded="    elif first:\n",
        expected="Postcondition of shallow_kids might not hold",
    ),
    Flaw(
        name="cuts-too-early",
        kernel="multi_player",
        original="    if not first and best[p] >= bound:\n",
        seeded="    if not first and best[p] >= bound - 1:\n",
        expected="Postcondition of shallow_kids might not hold",
    ),
    Flaw(
        name="immediate-cuts-below-the-sum",
        kernel="multi_player",
        original="    if not first and best[p] >= s:\n",
        seeded="    if not first and best[p] >= s - 1:\n",
        expected="Postcondition of immediate_kids might not hold",
    ),
    Flaw(
        name="pairs-max-minimises",
        kernel="multi_player",
        original="    if p == 0:\n        return v if v >= w else w\n",
        seeded="    if p == 1:\n        return v if v >= w else w\n",
        expected="Postcondition of maxn_choice_on_pairs might not hold",
    ),
    Flaw(
        name="pairs-of-equal-components",
        kernel="multi_player",
        original="c.value[1] == -c.value[0] if c.kids is None else pairs(c.kids)",
        seeded="c.value[1] == c.value[0] if c.kids is None else pairs(c.kids)",
        expected="Postcondition of maxn_choice_on_pairs might not hold",
    ),
    Flaw(
        name="deep-bound-from-the-wrong-player",
        kernel="deep",
        original="    bound = s - (f1 if p == 0 else f0)\n",
        seeded="    bound = s - (f0 if p == 0 else f1)\n",
        expected=_FLOORS_LEAVE_A_WINDOW,
    ),
    Flaw(
        name="deep-floor-raised-where-the-other-moves",
        kernel="deep",
        original="    g0 = best[0] if not first and p == 0 and best[0] > f0 else f0\n",
        seeded="    g0 = best[0] if not first and p == 1 and best[0] > f0 else f0\n",
        expected=_FLOORS_LEAVE_A_WINDOW,
    ),
    Flaw(
        name="deep-cuts-too-early",
        kernel="deep",
        original="    if not first and best[p] >= bound:\n",
        seeded="    if not first and best[p] >= bound - 1:\n",
        expected="Postcondition of deep_kids might not hold",
    ),
    Flaw(
        name="no-progress",
        kernel="two_player",
        original="    return alphabeta_choice(k.tail, p, a, beta)\n",
        seeded="    return alphabeta_choice(k, p, a, beta)\n",
        expected="Function might not terminate",
    ),
    _SHALLOW_CUT_DELETED,
    _DEEP_CUT_DELETED,
)
"""The seeded flaws: each must make verification fail, naming what no longer holds."""


def _no_cut(name: str, kernel: str, test: str, then: str) -> Flaw:
    """The cut-off ``if TEST or k.tail is None:`` (then ``then``) with its test deleted."""
    return Flaw(
        name=name,
        kernel=kernel,
        original=f"if {test} or k.tail is None:\n{then}",
        seeded=f"if k.tail is None:\n{then}",
        expected="",
    )


UNPRUNED = (
    _no_cut("alphabeta-max-cut-deleted", "two_player", "alpha >= b",
            "            return alpha\n        return alphabeta_choice("),
    _no_cut("alphabeta-min-cut-deleted", "two_player", "a >= beta",
            "        return beta\n    return alphabeta_choice("),
    _no_cut("soft-max-cut-deleted", "two_player", "alpha >= b",
            "            return r\n        s = alphabeta_soft_choice("),
    _no_cut("soft-min-cut-deleted", "two_player", "a >= beta",
            "        return r\n    s = alphabeta_soft_choice("),
    _no_cut("negamax-cut-deleted", "two_player", "alpha >= b",
            "        return alpha\n    return negamax_alphabeta_choice("),
    _no_cut("negamax-soft-cut-deleted", "fail_soft", "alpha >= b",
            "        return r\n    s = negamax_alphabeta_soft_choice("),
    _SHALLOW_CUT_DELETED,
    Flaw(
        name="immediate-cut-deleted",
        kernel="multi_player",
        original="    if not first and best[p] >= s:\n        return best\n",
        seeded="",
        expected="",
    ),
    _DEEP_CUT_DELETED,
)  # fmt: skip
"""Every cut-off of every verified search, deleted: the search then reads more than the
pruning it claims to be, and is still correct, so a contract that states only its value cannot
catch it. The tests that tie each search to ``impl`` by what it reads must
(``tests/test_verified_pinned.py``); where a contract states the cut-off itself, verification
catches it too, and the flaw is among :data:`FLAWS` (``expected`` names the error)."""


def source(kernel: str) -> str:
    """The source of ``kernel`` (a name of :data:`KERNELS`)."""
    if kernel not in KERNELS:
        raise ValueError(f"no verified kernel called {kernel!r}; the kernels are {KERNELS}")
    return package_text(HERE / f"{kernel}.py")


def definitions(kernel: str) -> dict[str, str]:
    """Each top-level function and class of ``kernel``'s source, by name, as written.

    >>> definitions("deep")["maxn"] == definitions("multi_player")["maxn"]
    True
    """
    text = source(kernel)
    return {
        node.name: ast.get_source_segment(text, node) or ""
        for node in ast.parse(text).body
        if isinstance(node, ast.FunctionDef | ast.ClassDef)
    }


def flaws_of(kernel: str) -> tuple[Flaw, ...]:
    """The seeded flaws of ``kernel``, in :data:`FLAWS`'s order."""
    return tuple(f for f in FLAWS if f.kernel == kernel)


def key(kernel: str) -> cache.Key:
    """The key a verdict on ``kernel`` must be stored with to be current.

    Its parts are those of :mod:`gametree.proofs.stored`.
    """
    from gametree.proofs.nagini import verify  # noqa: PLC0415 - it imports this package

    mine = [c for c in CLAIMS if c.kernel == kernel]
    return cache.key(source(kernel), mine, flaws_of(kernel), verify.LOGIC, TOOL)


def seeded_in(flaw: Flaw) -> str:
    """The function of its kernel that ``flaw`` changes.

    >>> seeded_in(next(f for f in FLAWS if f.name == "negamax-no-negation"))
    'negamax_choice'
    """
    text = source(flaw.kernel)
    found = function_at(text, text[: text.index(flaw.original)].count("\n") + 1)
    assert found is not None, f"{flaw.name} is seeded outside every function"
    return found


def seeded(flaw: Flaw) -> str:
    """The source of ``flaw.kernel`` with the flaw seeded (``ValueError`` if it cannot be)."""
    text = source(flaw.kernel)
    if text.count(flaw.original) != 1:
        raise ValueError(
            f"flaw {flaw.name!r}: {flaw.original.strip()!r} occurs "
            f"{text.count(flaw.original)} times in {flaw.kernel}.py (it must occur once)"
        )
    return text.replace(flaw.original, flaw.seeded)


def seeded_module(flaw: Flaw) -> types.ModuleType:
    """The kernel with ``flaw`` seeded, run as Python (the tests find the bug it makes)."""
    module = types.ModuleType(f"seeded_{flaw.name.replace('-', '_')}")
    exec(compile(seeded(flaw), f"<{flaw.kernel}.py with {flaw.name}>", "exec"), module.__dict__)  # noqa: S102 - our own kernel's source
    return module


Verdict = Literal["verified", "failed"]


@attrs.frozen
class FlawResult:
    """What Nagini found on a kernel with a flaw seeded: ``caught`` if it failed as expected."""

    flaw: str
    caught: bool
    errors: tuple[str, ...]
    seconds: float


@attrs.frozen
class KernelResult:
    """What Nagini found on one kernel and its seeded flaws, under the key it was made with."""

    kernel: str
    key: cache.Key
    verified: bool
    """Whether Nagini verified the whole file (no error anywhere)."""
    errors: tuple[str, ...]
    seconds: float
    flaws: tuple[FlawResult, ...]


@attrs.frozen
class Results:
    """The stored results: one record per kernel."""

    kernels: tuple[KernelResult, ...]

    def kernel(self, name: str) -> KernelResult | None:
        """The result stored for kernel ``name``, if any."""
        return next((k for k in self.kernels if k.kernel == name), None)


def results_json(results: Results) -> dict[str, object]:
    """``results`` as ``results.json`` holds them (the module docstring shows the layout)."""
    return {"kernels": [attrs.asdict(k) for k in results.kernels]}


def stored() -> Results:
    """The results stored by ``python3 dev.py verify`` (in :data:`RESULTS`)."""
    data = json.loads(package_text(RESULTS))
    return Results(
        kernels=tuple(
            KernelResult(
                kernel=k["kernel"],
                key=dict(k["key"]),
                verified=k["verified"],
                errors=tuple(k["errors"]),
                seconds=k["seconds"],
                flaws=tuple(
                    FlawResult(f["flaw"], f["caught"], tuple(f["errors"]), f["seconds"])
                    for f in k["flaws"]
                ),
            )
            for k in data["kernels"]
        ),
    )


def stale(results: Results) -> dict[str, tuple[str, ...]]:
    """The kernels whose stored record is not current, each with what changed.

    What changed is :func:`gametree.proofs.stored.changed`'s; empty when every record is
    current.
    """
    return cache.stale(KERNELS, lambda k: None if (r := results.kernel(k)) is None else r.key, key)


_POSITION = re.compile(r"\(([^()@]+)@(\d+)\.\d+--\d+\.\d+\)\s*$")


def function_at(text: str, line: int) -> str | None:
    """The top-level function (or class) of ``text`` whose lines hold ``line``, if any."""
    return next(
        (
            node.name
            for node in ast.parse(text).body
            if isinstance(node, ast.FunctionDef | ast.ClassDef)
            and node.lineno <= line <= (node.end_lineno or node.lineno)
        ),
        None,
    )


def where(text: str, error: str) -> str | None:
    """The function of ``text`` whose lines hold ``error``'s position, if any."""
    m = _POSITION.search(error)
    return function_at(text, int(m.group(2))) if m else None


def verdicts(kernel: str, text: str, errors: tuple[str, ...]) -> dict[str, Verdict]:
    """Each claim of ``kernel`` (by name) given Nagini's ``errors`` on its source ``text``.

    A claim fails if an error lies in a function it relies on (its own functions and every
    function they use, in code or contracts: :func:`~gametree.proofs.nagini.calls.relies_on`),
    or in no function at all, or in one that no claim relies on; it is verified otherwise.
    """
    from gametree.proofs.nagini.calls import relies_on  # noqa: PLC0415 - a small module, here

    claims = [c for c in CLAIMS if c.kernel == kernel]
    rests = {c.name: relies_on(text, c.functions) for c in claims}
    anyone = set().union(*rests.values())
    failed: set[str] = set()
    for error in errors:
        f = where(text, error)
        if f is None or f not in anyone:
            failed.update(rests)
        else:
            failed.update(name for name, fs in rests.items() if f in fs)
    return {c.name: "failed" if c.name in failed else "verified" for c in claims}


@attrs.frozen
class Proved:
    """One claim as ``gametree prove`` reports it: stored verdict, and whether it is current."""

    claim: Claim
    verdict: Verdict | None
    """``None`` when no result is stored for the kernel."""
    stale: tuple[str, ...]
    """What changed since the verdict was stored (empty: it is current)."""
    seconds: float
    caught: tuple[str, ...]
    """The seeded flaws of the functions the claim relies on that Nagini caught."""
    flaws: tuple[str, ...]
    """The seeded flaws of the functions the claim relies on (:func:`seeded_in`)."""


def proved(results: Results, theorems: "set[int] | None" = None) -> list[Proved]:
    """Each claim of :data:`CLAIMS` (of ``theorems``, or all) with its stored result.

    The verdict is worked out from the errors stored (:func:`verdicts`) on the kernel as it
    is, so it means something only while the record is current (``stale`` empty).
    """
    from gametree.proofs.nagini.calls import relies_on  # noqa: PLC0415 - see verdicts

    out = []
    gone = stale(results)
    for claim in CLAIMS:
        if theorems is not None and claim.theorem not in theorems:
            continue
        r = results.kernel(claim.kernel)
        rests = relies_on(source(claim.kernel), claim.functions)
        mine = tuple(f.name for f in flaws_of(claim.kernel) if seeded_in(f) in rests)
        found = {} if r is None else {f.flaw: f for f in r.flaws}
        out.append(
            Proved(
                claim=claim,
                verdict=None
                if r is None
                else verdicts(claim.kernel, source(claim.kernel), r.errors)[claim.name],
                stale=gone.get(claim.kernel, ()),
                seconds=0.0 if r is None else r.seconds,
                caught=tuple(f for f in mine if f in found and found[f].caught),
                flaws=mine,
            )
        )
    return out


def proved_text(rows: list[Proved]) -> str:
    """The lines ``gametree prove`` prints about the claims Nagini proved for every tree."""
    return cache.claims_text(
        f"Proved for every tree by {TOOL} (stored verdicts of python3 dev.py verify):",
        [_record(p) for p in rows],
    )


def proved_json(rows: list[Proved]) -> list[dict[str, object]]:
    """The same, for ``gametree prove --json``."""
    return [_record(p) for p in rows]


def _lifted(name: str) -> list[str]:
    """The Why3 claims that prove Nagini's claim ``name`` over the rationals."""
    from gametree.proofs import why3  # noqa: PLC0415 - a sibling verifier, read only here

    return [c.name for c in why3.CLAIMS if name in c.lifts]


def _record(p: Proved) -> dict[str, object]:
    c = p.claim
    return {
        "theorem": c.theorem,
        "name": c.name,
        "verifier": TOOL,
        "file": f"{c.kernel}.py",
        "functions": list(c.functions),
        "claim": c.statement,
        "domain": c.domain,
        "window": c.window,
        "composed": c.composed,
        "pinned": c.pinned,
        "other_domains": c.ordered,
        "rationals": _lifted(c.name),
        "verdict": p.verdict,
        "current": not p.stale,
        "stale": list(p.stale),
        "reverify": cache.reverify("nagini", [c.kernel]),
        "seconds": p.seconds,
        "flaws": list(p.flaws),
        "flaws_caught": list(p.caught),
    }
