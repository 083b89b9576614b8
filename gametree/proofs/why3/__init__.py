"""Proofs for every tree over the rationals: WhyML transcriptions proved by Why3.

Nagini (:mod:`gametree.proofs.nagini`) verifies the Python kernels over integers; it has no
rationals, and gametree's values are fractions too. Where a proof needs more than the
order of the values (shallow pruning's bound ``Sum - Best[Player]``), the procedure is
transcribed into WhyML over Why3's ``real`` and proved there (each ``.mlw`` file's header says
why ``real`` stands for the rationals): Why3 1.5.1 with CVC4 1.8 and Z3 4.8.12, the versions
Debian bookworm ships. Trees are algebraic types (a node's children a non-empty list), every
recursion has a variant (total correctness), and Korf's and Knuth-Moore's arguments are the
postconditions.

``python -m gametree.proofs.why3.verify`` (or ``python3 dev.py verify why3``) proves every
goal of :data:`FILES` and, for each of :data:`FLAWS`, a copy with the flaw seeded, which must
leave its named goal unproved; it stores what it found in ``results.json`` beside this file,
one record per file, keyed by everything the verdict depends on (:mod:`gametree.proofs.stored`:
the file's text, its claims, its flaws, the verify logic, Why3's and the provers' versions;
:func:`key`). Installed, ``gametree prove`` reads the stored records (:func:`stored`,
:func:`proved`); a record whose key is not the current one is stale (:func:`stale`), proves
nothing, and makes ``gametree prove`` exit with 1. A claim is verified when every goal of its
file is proved (its own goals and every lemma and definition of the file: Why3's goals are
not charged to claims one by one). The record's JSON (``results.json``)::

    {"files": [{"file": "shallow",
                "key": {"source": SHA, "claims": SHA, "flaws": SHA, "logic": SHA,
                        "tool": "Why3 1.5.1 (cvc4 1.8, z3 4.8.12)"},
                "goals": [{"goal": "shallow'vc", "proved": true, "provers": ["cvc4"],
                           "seconds": 3.1, "subgoals": 12, "unproved": []}, ...],
                "seconds": 107.0,
                "flaws": [{"flaw": "no-repeated-mover-line", "caught": true,
                           "unproved": ["shallow_from'vc"], "seconds": 40.2}, ...]},
               ...]}

The tests also run the transcriptions (``why3 execute``) on random trees against ``spec`` and
``impl``, by value and by the leaves they read (:mod:`gametree.proofs.why3.execute`).
"""

import json
from pathlib import Path

import attrs

from gametree.proofs import stored as cache
from gametree.spec._package_data import package_text

__all__ = [
    "CLAIMS",
    "FILES",
    "FLAWS",
    "RESULTS",
    "TOOL",
    "UNPRUNED",
    "VERSIONS",
    "Claim",
    "FileResult",
    "Flaw",
    "FlawResult",
    "GoalResult",
    "Proved",
    "Results",
    "flaws_of",
    "key",
    "proved",
    "proved_json",
    "proved_text",
    "seeded",
    "source",
    "stale",
    "stored",
]

HERE = Path(__file__).parent
RESULTS = HERE / "results.json"
"""The stored results of ``python -m gametree.proofs.why3.verify``."""

FILES = {
    "shallow": "Shallow",
    "alphabeta": "AlphaBeta",
    "fail_soft": "FailSoft",
    "pairs": "Pairs",
    "paranoid": "Paranoid",
    "optimality": "Optimality",
    "path": "PathLemma",
}
"""The transcriptions, each a file ``NAME.mlw`` beside this one, and the module it holds."""

VERSIONS = {"why3": "1.5.1", "cvc4": "1.8", "z3": "4.8.12"}
"""The versions of Why3 and its provers that the stored verdicts are made with (Debian
bookworm's packages; ``verify`` refuses others)."""

TOOL = f"Why3 {VERSIONS['why3']} (cvc4 {VERSIONS['cvc4']}, z3 {VERSIONS['z3']})"
"""The verifier, as the stored keys and the reports name it."""


@attrs.frozen
class Claim:
    """What a transcription proves of one theorem of :data:`gametree.proofs.THEOREMS`.

    ``goals`` are Why3's verification conditions that make the claim (``NAME'vc``): the claim
    holds when every one of them, and every other goal of the file, is proved. ``statement``,
    ``domain``, ``window``, ``composed`` and ``pinned`` as for Nagini's claims
    (:class:`gametree.proofs.nagini.Claim`); ``lifts`` names the Nagini claims this one proves
    over the rationals (the reports say so beside them).
    """

    name: str
    theorem: int
    file: str
    goals: tuple[str, ...]
    statement: str
    domain: str = "rationals (Why3's real stands for Q: the file's header says why)"
    window: str = "none (no window or bound)"
    composed: str = ""
    pinned: str = ""
    lifts: tuple[str, ...] = ()


_WINDOW = (
    "any rational window a < b (both finite: impl's default (BOTTOM, TOP) is not a window the "
    "transcription takes)"
)
_KORF = (
    "Korf's bounds with the lower bound shifted to 0 (components in 0..Sum, any two summing "
    "to at most Sum), rational Sum"
)
_SHIFT = (
    "that impl's shift of a lower bound L to 0 (impl.maxn_stack.korf_bounds) preserves the "
    "search is argued by hand"
)
_EXECUTED = (
    "(why3 execute on the integers, the tree scaled): value, leaves read in order, nodes "
    "entered and cut-offs, on Hypothesis trees with Fraction values"
)
_TRACED = (
    "(why3 execute on the integers, the tree scaled; the search returns the labels of the "
    "leaves it reads, gametree.proofs.why3.traced): value, leaves read in order and their "
    "count, on Hypothesis trees with Fraction values"
)

CLAIMS = (
    Claim(
        name="shallow-rationals",
        theorem=4,
        file="shallow",
        goals=(
            "maxn_fits'vc",
            "maxn_from_fits'vc",
            "shallow'vc",
            "shallow_from'vc",
            "shallow_is_maxn'vc",
        ),
        statement="shallow pruning (Korf's Shallow as impl.shallow runs it: the bound "
        "Sum - Best[Player], the tie rule Next[Player] > Best[Player], and Sum for a player "
        "moving twice) returns the maxn vector itself on every tree whose rational leaves keep "
        "to Korf's bounds (shifted to 0: components in 0..Sum, any two summing to at most Sum), "
        "any number of players, any player at any node; once Best[Player] >= Bound it returns "
        "Best as it is (the cut-off, which maxn does not meet); it terminates",
        window=_KORF,
        composed=_SHIFT,
        pinned=f"impl.shallow {_EXECUTED}",
        lifts=("shallow",),
    ),
    Claim(
        name="immediate-rationals",
        theorem=4,
        file="shallow",
        goals=("maxn_from_stays'vc", "immediate'vc", "immediate_from'vc"),
        statement="immediate pruning (Korf 3.2.1: stop when Best[Player] reaches Sum) returns "
        "the maxn vector itself, tie rule included, under the same bounds, any number of "
        "players, any player at any node; it terminates (its cut-off changes what is read, "
        "not the value: the tests pin it)",
        window=_KORF,
        composed=_SHIFT,
        pinned=f"impl.immediate {_EXECUTED}",
        lifts=("immediate",),
    ),
    Claim(
        name="fail-hard-rationals",
        theorem=1,
        file="alphabeta",
        goals=("alphabeta'vc", "alphabeta_kids'vc", "alphabeta_full_window'vc"),
        statement="fail-hard alpha-beta, max/min form, over a rational window a < b, with v "
        "the minimax value: v <= a => r <= a; a < v < b => r = v; v >= b => r >= b "
        "(Knuth-Moore); over a finite window around every leaf, r = v; it terminates",
        window=_WINDOW + "; the full window only as a finite window around every leaf",
        pinned=f"impl.alphabeta (fail-hard) {_EXECUTED}",
        lifts=("fail-hard", "full-window"),
    ),
    Claim(
        name="negamax-form-rationals",
        theorem=1,
        file="alphabeta",
        goals=("negamax_alphabeta'vc", "negamax_alphabeta_kids'vc", "negamax_alphabeta_child'vc"),
        statement="fail-hard alpha-beta, negamax form (Knuth-Moore's F2: a child of the other "
        "player searched over (-b, -a) and negated, one of the same player over (a, b)), over "
        "a rational window a < b, against the negamax value: Knuth-Moore's three cases; it "
        "terminates",
        window=_WINDOW,
        pinned=f"impl.negamax_alphabeta (fail-hard) {_EXECUTED}",
        lifts=("negamax-form",),
    ),
    Claim(
        name="negamax-rationals",
        theorem=2,
        file="alphabeta",
        goals=("negamax_kids_is_signed'vc", "negamax_child_is_signed'vc", "negamax_is_minimax'vc"),
        statement="negamax (ModMinMax) = minimax if player 0 moves at the root, -minimax "
        "otherwise, on every rational tree, any player at any node (players moving twice "
        "included); it terminates",
        pinned="spec.negamax and spec.minimax (why3 execute): value, on Hypothesis trees with "
        "Fraction values",
        lifts=("negamax",),
    ),
    Claim(
        name="fail-soft-rationals",
        theorem=1,
        file="alphabeta",
        goals=("alphabeta_soft'vc", "alphabeta_soft_kids'vc"),
        statement="fail-soft alpha-beta, max/min form, over a rational window a < b: "
        "r <= a => v <= r; a < r < b => r = v; r >= b => v >= r (Fishburn); it terminates. "
        "Not proved: that r lies between fail-hard's result and v",
        window=_WINDOW,
        pinned=f"impl.alphabeta(fail_soft=True) {_EXECUTED}",
        lifts=("fail-soft",),
    ),
    Claim(
        name="fail-soft-between-rationals",
        theorem=1,
        file="fail_soft",
        goals=(
            "alphabeta'vc",
            "alphabeta_kids'vc",
            "alphabeta_soft'vc",
            "alphabeta_soft_kids'vc",
            "negamax_alphabeta'vc",
            "negamax_alphabeta_kids'vc",
            "negamax_alphabeta_child'vc",
            "hard_by_soft_tree'vc",
            "hard_by_soft_kids'vc",
            "fail_soft_between'vc",
            "hard_by_soft_negated'vc",
            "negamax_hard_by_soft_tree'vc",
            "negamax_hard_by_soft_kids'vc",
            "negamax_hard_by_soft_child'vc",
            "negamax_fail_soft_between'vc",
        ),
        statement="the fail-soft result s lies between the fail-hard result h and the value v, "
        "min(h, v) <= s <= max(h, v), in max/min form (v the minimax value) and in negamax "
        "form (v the negamax value), h as impl computes it (not clipped to the window); one "
        "statement per form about one tree and one window, the two searches in the same "
        "file; they terminate",
        window=_WINDOW,
        pinned="impl.alphabeta and impl.negamax_alphabeta, fail_soft False and True, "
        f"{_TRACED} and windows (tests/test_verified_why3_fail_soft.py)",
    ),
    Claim(
        name="fail-soft-negamax-form-rationals",
        theorem=1,
        file="fail_soft",
        goals=(
            "negamax_alphabeta_soft'vc",
            "negamax_alphabeta_soft_kids'vc",
            "negamax_alphabeta_soft_child'vc",
        ),
        statement="fail-soft alpha-beta, negamax form (impl.negamax_alphabeta with fail_soft: "
        "a child of the other player searched over (-b, -a) and negated, the largest result "
        "returned), against the negamax value: r <= a => v <= r; a < r < b => r = v; "
        "r >= b => v >= r (Fishburn); it terminates",
        window=_WINDOW,
        pinned=f"impl.negamax_alphabeta(fail_soft=True) {_TRACED} and windows "
        "(tests/test_verified_why3_fail_soft.py)",
        lifts=("fail-soft-negamax-form",),
    ),
    Claim(
        name="maxn-pairs-negamax-rationals",
        theorem=3,
        file="pairs",
        goals=(
            "comp_pair'vc",
            "better_pairs'vc",
            "maxn_of_pairs'vc",
            "maxn_from_pairs'vc",
            "negamax_kids_is_signed'vc",
            "negamax_child_is_signed'vc",
            "maxn_on_pairs_is_negamax'vc",
        ),
        statement="one statement about one tree: for every two-player tree t with rational "
        "values, any player at any node (players moving twice included), maxn of its pairs "
        "(x, -x) (spec.as_pairs) is (v, -v), v the minimax value, and its component for the "
        "player to move at the root is the negamax value; it terminates",
        pinned="spec.as_pairs, spec.maxn, spec.minimax and spec.negamax (why3 execute): "
        "values, on Hypothesis trees with Fraction values (tests/test_verified_why3_pairs.py)",
        lifts=("maxn-pairs",),
    ),
    Claim(
        name="deep-pairs-rationals",
        theorem=5,
        file="pairs",
        goals=(
            "maxn_splits'vc",
            "maxn_from_splits'vc",
            "maxn_from_better'vc",
            "better_split'vc",
            "kids_max_split'vc",
            "deep'vc",
            "deep_from'vc",
            "deep_is_maxn'vc",
        ),
        statement="deep pruning (impl.deep's search on two players: bounds from every "
        "ancestor) on a two-player tree of rational pairs (y, s - y), y in [0, s], s > 0, "
        "returns the maxn vector itself, any player at any node; it terminates",
        window="Korf's bounds for pairs (x, -x) with x in [-m, 0], shifted by m as impl "
        "shifts them (s = 2m)",
        composed=_SHIFT,
        pinned="impl.deep_pruning_unsound on two-player pairs "
        f"{_TRACED} (tests/test_verified_why3_pairs.py)",
        lifts=("deep-pairs",),
    ),
    Claim(
        name="paranoid-rationals",
        theorem=9,
        file="paranoid",
        goals=("paranoid_below_maxn'vc", "maxn_from_above'vc", "paranoid_is_a_guarantee'vc"),
        statement="the paranoid value for any player q is at most q's component of the maxn "
        "value, on every tree with rational components, any number of players, any player at "
        "any node; they terminate",
        window="none: no bounds on the values",
        pinned="spec.paranoid and spec.maxn (why3 execute): values, on Hypothesis trees with "
        "Fraction values (tests/test_verified_why3_paranoid.py)",
        lifts=("paranoid",),
    ),
    Claim(
        name="paranoid-alphabeta-rationals",
        theorem=9,
        file="paranoid",
        goals=("search'vc", "search_from'vc", "paranoid_search_is_paranoid'vc"),
        statement="impl.paranoid's alpha-beta (fail-soft, its cut-offs included), from the root "
        "with no bounds, returns the paranoid value for any player q, and so at most q's "
        "component of the maxn value (one statement), on every tree with rational components, "
        "any number of players, any player at any node; below the root, Fishburn's property "
        "for any bounds (None or a value, alpha < beta); it terminates",
        window="the root's (None, None), impl's unbounded window, itself (no finite stand-in); "
        "below it any bounds, None or rational",
        pinned=f"impl.paranoid for every player q {_TRACED} (tests/test_verified_why3_paranoid.py)",
    ),
    Claim(
        name="optimality-height-2-reals",
        theorem=6,
        file="optimality",
        goals=(
            "shallow'vc",
            "shallow_from'vc",
            "cut_child'vc",
            "reads_among_leaves'vc",
            "reads_in_low'vc",
            "later_child'vc",
            "root_loop'vc",
            "first_child'vc",
            "shallow_reads_only_necessary_leaves'vc",
        ),
        statement="Korf's Theorem 1 at height <= 2: on every tree of height at most 2 within "
        "the bounds, any number of players, any player at any node, every leaf that shallow "
        "pruning (impl.shallow's search) reads is necessary: with the leaves before it fixed, "
        "two values of it and one assignment of the later leaves, all within the bounds, give "
        "maxn root vectors that differ in a component. (False at height 3 over the reals and "
        "at height 2 over the integers: proofs.optimality's stored counterexamples)",
        domain="reals (the leaves' values and the completions real vectors; the witnesses the "
        "proof builds are rational when Sum and the tree's values are, so it holds over the "
        "rationals too, argued by hand; not over the integers)",
        window="Korf's bounds shifted to 0: every component at least 0, the n components "
        "summing to at most Sum, Sum > 0",
        composed="that every correct directional algorithm reads every necessary leaf (the "
        "adversary argument of gametree.proofs.optimality); " + _SHIFT,
        pinned=f"impl.shallow {_TRACED}, 2 to 4 players, heights up to 3 "
        "(tests/test_verified_why3_optimality.py)",
    ),
    Claim(
        name="path-lemma-reals",
        theorem=6,
        file="path",
        goals=(
            "climb_is_maxn'vc",
            "climb_kids'vc",
            "fill_rights'vc",
            "fill_rights_kids'vc",
            "necessary_chain'vc",
            "chain_necessary'vc",
            "path_lemma'vc",
            "least_value_suffices'vc",
        ),
        statement="the path lemma of impl.necessity, for every tree: with the leaves before "
        "it fixed, a leaf is necessary (two values of it and one assignment of the later "
        "leaves, all within the bounds, give maxn root vectors that differ in a component) if "
        "and only if two values of it and one free vector R_j per level of its chain, all "
        "within the bounds, make the chain's climb differ in a component; any number of "
        "players, any player at any node; and one of the two values may be the least vector "
        "of the bounds (as impl.necessity.decide_chain fixes it). For the principal "
        "variation (decide_chain's line=True, which impl.optimal asks): path-line-lemma-reals. "
        "Not proved: that impl.necessity.decide_chain decides this chain question, nor that "
        "impl.optimal is exact",
        domain="reals (both sides existentials over real vectors; the integers not covered)",
        window="Korf's bounds shifted to 0: every component at least 0, the n components "
        "summing to at most Sum, Sum >= 0",
        composed=_SHIFT,
        pinned="impl.necessity.chain and climb (why3 execute): every leaf's levels (player, "
        "B_j, right side) and the climb's vector at drawn leaf values and right sides, on "
        "Hypothesis trees with Fraction values (tests/test_verified_why3_path.py)",
    ),
    Claim(
        name="path-line-lemma-reals",
        theorem=6,
        file="path",
        goals=(
            "climb_line_vec'vc",
            "line_down'vc",
            "line_down_kids'vc",
            "constant_line_kids'vc",
            "line_up'vc",
            "line_up_kids'vc",
            "line_necessary_chain'vc",
            "chain_line_necessary'vc",
            "path_line_lemma'vc",
            "least_value_suffices_line'vc",
        ),
        statement="the path lemma of impl.necessity for the line (impl.optimal's question, "
        "decide_chain's line=True), for every tree: with the leaves before it fixed, a leaf is "
        "line-necessary (two values of it and one assignment of the later leaves, all within "
        "the bounds, give maxn root vectors that differ in a component, or principal "
        "variations that end at different leaves, the leftmost best winning ties) if and only "
        "if two values of it and one free vector R_j per level of its chain, all within the "
        "bounds, make the chain's climb carried with its source (the leaf, B_j or R_j, as "
        "impl.necessity.climb_line) differ in a component or in the source; any number of "
        "players, any player at any node; and one of the two values may be the least vector "
        "of the bounds. Not proved: that impl.necessity.decide_chain decides this chain "
        "question, nor that impl.optimal is exact",
        domain="reals (both sides existentials over real vectors; the integers not covered)",
        window="Korf's bounds shifted to 0: every component at least 0, the n components "
        "summing to at most Sum, Sum >= 0",
        composed=f"{_SHIFT}; that a principal variation is named by its last leaf (a path "
        "from the root is the path to its leaf) is immediate",
        pinned="impl.necessity.climb_line (why3 execute): the climb's vector and source at "
        "drawn leaf values and right sides for every leaf, and spec.maxn's value and principal "
        "variation's leaf, on Hypothesis trees with Fraction values "
        "(tests/test_verified_why3_path.py)",
    ),
)
"""Every claim proved for all trees over the rationals (and, where a claim says so, the reals)."""


@attrs.frozen
class Flaw:
    """A bug seeded in a copy of a file: ``original`` (once in it) becomes ``seeded``.

    Why3 must then leave the goal ``expected`` unproved (it is the one goal tried).
    """

    name: str
    file: str
    original: str
    seeded: str
    expected: str


FLAWS = (
    Flaw(
        name="ties-go-to-the-later-child",
        file="shallow",
        original="(s -. comp best p) p s n in\n        if comp next p >. comp best p then",
        seeded="(s -. comp best p) p s n in\n        if comp next p >=. comp best p then",
        expected="shallow_from'vc",
    ),
    Flaw(
        name="no-repeated-mover-line",
        file="shallow",
        original="    if bounder = p then s else bound\n",
        seeded="    bound\n",
        expected="shallow_from'vc",
    ),
    Flaw(
        name="bound-from-the-wrong-side",
        file="shallow",
        original="        let next = shallow c (s -. comp best p) p s n in\n        if",
        seeded="        let next = shallow c (comp best p -. s) p s n in\n        if",
        expected="shallow_from'vc",
    ),
    Flaw(
        name="shallow-cut-deleted",
        file="shallow",
        original="  = if comp best p >=. bound then begin\n",
        seeded="  = if false then begin\n",
        expected="shallow_from'vc",
    ),
    Flaw(
        name="immediate-cuts-below-the-sum",
        file="shallow",
        original="  = if comp best p >=. s then begin maxn_from_stays",
        seeded="  = if comp best p +. comp best p >=. s then begin maxn_from_stays",
        expected="immediate_from'vc",
    ),
    Flaw(
        name="min-raises-beta",
        file="alphabeta",
        original="        let beta = min b r in\n        if a >=. beta then beta",
        seeded="        let beta = max b r in\n        if a >=. beta then beta",
        expected="alphabeta_kids'vc",
    ),
    Flaw(
        name="alpha-not-passed-on",
        file="alphabeta",
        original="else alphabeta_kids rest p alpha b\n",
        seeded="else alphabeta_kids rest p a b\n",
        expected="alphabeta_kids'vc",
    ),
    Flaw(
        name="soft-forgets-first-child",
        file="alphabeta",
        original="if alpha >=. b then r else max r (alphabeta_soft_kids rest p alpha b)\n",
        seeded="if alpha >=. b then r else alphabeta_soft_kids rest p alpha b\n",
        expected="alphabeta_soft_kids'vc",
    ),
    Flaw(
        name="window-not-swapped",
        file="alphabeta",
        original="else -. negamax_alphabeta_kids k q (-. b) (-. a)\n",
        seeded="else -. negamax_alphabeta_kids k q a b\n",
        expected="negamax_alphabeta_child'vc",
    ),
    Flaw(
        name="negamax-no-negation",
        file="alphabeta",
        original="if q = p then negamax_kids k q else -. negamax_kids k q\n",
        seeded="if q = p then negamax_kids k q else negamax_kids k q\n",
        expected="negamax_child_is_signed'vc",
    ),
    Flaw(
        name="no-progress",
        file="alphabeta",
        original="if a >=. beta then beta else alphabeta_kids rest p a beta\n",
        seeded="if a >=. beta then beta else alphabeta_kids k p a beta\n",
        expected="alphabeta_kids'vc",
    ),
    Flaw(
        name="soft-never-cuts",
        file="fail_soft",
        original="        if alpha >=. b then r\n",
        seeded="        if false then r\n",
        expected="alphabeta_soft_kids'vc",
    ),
    Flaw(
        name="hard-max-forgets-alpha",
        file="fail_soft",
        original="worth r (if p = 0 then max a r.value else min b r.value)",
        seeded="worth r (if p = 0 then r.value else min b r.value)",
        expected="alphabeta_kids'vc",
    ),
    Flaw(
        name="hard-alpha-not-passed-on",
        file="fail_soft",
        original="else followed r (alphabeta_kids rest p alpha b)\n",
        seeded="else followed r (alphabeta_kids rest p a b)\n",
        expected="hard_by_soft_kids'vc",
    ),
    Flaw(
        name="soft-negamax-window-not-swapped",
        file="fail_soft",
        original="negamax_alphabeta_soft_kids k q (-. b) (-. a) in worth r (-. r.value)",
        seeded="negamax_alphabeta_soft_kids k q a b in worth r (-. r.value)",
        expected="negamax_alphabeta_soft_child'vc",
    ),
    Flaw(
        name="soft-negamax-never-cuts",
        file="fail_soft",
        original="\n      if alpha >=. b then r\n",
        seeded="\n      if false then r\n",
        expected="negamax_alphabeta_soft_kids'vc",
    ),
    Flaw(
        name="hard-negamax-not-negated",
        file="fail_soft",
        original="negamax_alphabeta_kids k q (-. b) (-. a) in worth r (-. r.value)",
        seeded="negamax_alphabeta_kids k q (-. b) (-. a) in worth r r.value",
        expected="negamax_hard_by_soft_child'vc",
    ),
    Flaw(
        name="pairs-of-equal-components",
        file="pairs",
        original="let function pair (x: real) : vec = Cons x (Cons (-. x) Nil)",
        seeded="let function pair (x: real) : vec = Cons x (Cons x Nil)",
        expected="comp_pair'vc",
    ),
    Flaw(
        name="pairs-negamax-no-negation",
        file="pairs",
        original="if q = p then negamax_kids k q else -. negamax_kids k q\n",
        seeded="if q = p then negamax_kids k q else negamax_kids k q\n",
        expected="negamax_child_is_signed'vc",
    ),
    Flaw(
        name="deep-never-cuts",
        file="pairs",
        original="if comp best.value p >=. s -. (if p = 0 then f1 else f0) then best",
        seeded="if false then best",
        expected="deep_from'vc",
    ),
    Flaw(
        name="deep-bound-from-the-wrong-player",
        file="pairs",
        original="if comp best.value p >=. s -. (if p = 0 then f1 else f0) then best",
        seeded="if comp best.value p >=. s -. (if p = 0 then f0 else f1) then best",
        expected="deep_from'vc",
    ),
    Flaw(
        name="deep-floor-raised-where-the-other-moves",
        file="pairs",
        original="if p = i && comp best i >. f then comp best i else f",
        seeded="if p <> i && comp best i >. f then comp best i else f",
        expected="deep_from'vc",
    ),
    Flaw(
        name="paranoid-reads-player-0s-component",
        file="paranoid",
        original="    | Leaf _ v -> comp v q\n",
        seeded="    | Leaf _ v -> comp v 0\n",
        expected="paranoid_below_maxn'vc",
    ),
    Flaw(
        name="paranoid-player-minimises",
        file="paranoid",
        original="if p = q then max x y else min x y",
        seeded="if p <> q then max x y else min x y",
        expected="maxn_from_above'vc",
    ),
    Flaw(
        name="paranoid-search-never-fails-high",
        file="paranoid",
        original="      if high beta best.value then best\n",
        seeded="      if false then best\n",
        expected="search_from'vc",
    ),
    Flaw(
        name="paranoid-search-never-fails-low",
        file="paranoid",
        original="      if low alpha best.value then best\n",
        seeded="      if false then best\n",
        expected="search_from'vc",
    ),
    Flaw(
        name="paranoid-search-min-keeps-the-larger",
        file="paranoid",
        original="else n.value <. best.value in",
        seeded="else n.value >. best.value in",
        expected="search_from'vc",
    ),
    Flaw(
        name="optimality-no-repeated-mover-line",
        file="optimality",
        original="      let bound = own_bound p bounder bound s in\n",
        seeded="      let bound = bound in\n",
        expected="shallow'vc",
    ),
    Flaw(
        name="optimality-bound-from-the-wrong-side",
        file="optimality",
        original="shallow c (s -. comp best p) p s n in\n        { value = better p best",
        seeded="shallow c (comp best p -. s) p s n in\n        { value = better p best",
        expected="shallow_from'vc",
    ),
    Flaw(
        name="optimality-never-cuts",
        file="optimality",
        original="  = if comp best p >=. bound then begin\n",
        seeded="  = if false then begin\n",
        expected="reads_among_leaves'vc",
    ),
    Flaw(
        name="optimality-height-3",
        file="optimality",
        original="    requires { height t <= 2 }\n",
        seeded="    requires { height t <= 3 }\n",
        expected="shallow_reads_only_necessary_leaves'vc",
    ),
    Flaw(
        name="path-climb-skips-the-left-best",
        file="path",
        original="    let y = join lev.player lev.left x in\n",
        seeded="    let y = x in\n",
        expected="climb_kids'vc",
    ),
    Flaw(
        name="path-chain-forgets-the-right-side",
        file="path",
        original="left = b; right = true }",
        seeded="left = b; right = false }",
        expected="climb_kids'vc",
    ),
    Flaw(
        name="path-least-value-out-of-bounds",
        file="path",
        original="comp (climb ch u rs) i <> comp (climb ch Nil rs) i }\n  = assert",
        seeded="comp (climb ch u rs) i <> comp (climb ch (Cons (s +. 1.0) Nil) rs) i }\n  = assert",
        expected="least_value_suffices'vc",
    ),
    Flaw(
        name="path-fill-leaves-the-right-side-zero",
        file="path",
        original="(if m > last c then head rs else",
        seeded="(if m > last c then Nil else",
        expected="fill_rights_kids'vc",
    ),
    Flaw(
        name="path-line-right-side-wins-ties",
        file="path",
        original="    if lev.right && comp r lev.player >. comp y.cvec lev.player then",
        seeded="    if lev.right && comp r lev.player >=. comp y.cvec lev.player then",
        expected="climb_line_vec'vc",
    ),
    Flaw(
        name="path-line-blocked-source-is-the-leaf",
        file="path",
        original="else { cvec = b; src = SBest j }",
        seeded="else { cvec = b; src = SLeaf }",
        expected="line_down_kids'vc",
    ),
    Flaw(
        name="path-line-ties-move-the-leaf",
        file="path",
        original="    if comp next.lvec p >. comp best.lvec p then next else best",
        seeded="    if comp next.lvec p >=. comp best.lvec p then next else best",
        expected="constant_line_kids'vc",
    ),
    Flaw(
        name="path-line-question-forgets-the-source",
        file="path",
        original="      ((climb_line ch u rs 0).src <> (climb_line ch w rs 0).src \\/\n"
        "       exists i.",
        seeded="      (exists i.",
        expected="line_necessary_chain'vc",
    ),
)
"""The seeded flaws: each must leave its named goal unproved."""


def _no_cut(name: str, file: str, test: str, rest: str) -> Flaw:
    """The cut-off ``if TEST then ... else REST`` with its test made ``false``."""
    return Flaw(name, file, f"if {test} then {rest}", f"if false then {rest}", expected="")


UNPRUNED = (
    next(f for f in FLAWS if f.name == "shallow-cut-deleted"),
    Flaw(
        name="bound-unsubtracted",
        file="shallow",
        original="let next = shallow c (s -. comp best p) p s n in\n        shallow_from",
        seeded="let next = shallow c s p s n in\n        shallow_from",
        expected="",
    ),
    _no_cut("immediate-cut-deleted", "shallow", "comp best p >=. s", "begin maxn_from_stays"),
    _no_cut("alphabeta-max-cut-deleted", "alphabeta", "alpha >=. b", "alpha else alphabeta_kids"),
    _no_cut("alphabeta-min-cut-deleted", "alphabeta", "a >=. beta", "beta else alphabeta_kids"),
    _no_cut("soft-max-cut-deleted", "alphabeta", "alpha >=. b", "r else max r"),
    _no_cut("soft-min-cut-deleted", "alphabeta", "a >=. beta", "r else min r"),
    _no_cut("negamax-cut-deleted", "alphabeta", "alpha >=. b", "alpha else negamax_alphabeta_kids"),
    _no_cut(
        "hard-max-cut-deleted",
        "fail_soft",
        "alpha >=. b",
        "worth r alpha else followed r (alphabeta_kids",
    ),
    _no_cut(
        "hard-min-cut-deleted",
        "fail_soft",
        "a >=. beta",
        "worth r beta else followed r (alphabeta_kids",
    ),
    _no_cut(
        "soft-min-never-cuts",
        "fail_soft",
        "a >=. beta",
        "r\n        else\n          let s = alphabeta_soft_kids",
    ),
    _no_cut(
        "hard-negamax-never-cuts",
        "fail_soft",
        "alpha >=. b",
        "worth r alpha else followed r (negamax_alphabeta_kids",
    ),
    Flaw(
        name="optimality-bound-unsubtracted",
        file="optimality",
        original="shallow c (s -. comp best p) p s n in\n        let rest = shallow_from r p bound "
        "(better p best next.value) s n in\n        { value",
        seeded="shallow c s p s n in\n        let rest = shallow_from r p bound "
        "(better p best next.value) s n in\n        { value",
        expected="",
    ),
)
"""Every cut-off of every transcribed search, deleted, and shallow pruning's bound passed to a
child unsubtracted (Sum for Sum - Best[Player]): each search then reads more than the pruning
it claims to be, and is still correct, so only a contract that states the cut-off can catch it
(shallow-cut-deleted is among :data:`FLAWS`); the tests that compare what the transcriptions
read with ``impl`` must catch every one (``tests/test_verified_why3_execute.py``)."""


def source(file: str) -> str:
    """The text of the transcription ``file`` (a name of :data:`FILES`)."""
    if file not in FILES:
        raise ValueError(f"no WhyML transcription called {file!r}; they are {tuple(FILES)}")
    return package_text(HERE / f"{file}.mlw")


def flaws_of(file: str) -> tuple[Flaw, ...]:
    """The seeded flaws of ``file``, in :data:`FLAWS`'s order."""
    return tuple(f for f in FLAWS if f.file == file)


def key(file: str) -> cache.Key:
    """The key a verdict on ``file`` must be stored with to be current.

    Its parts are those of :mod:`gametree.proofs.stored`.
    """
    from gametree.proofs.why3 import verify  # noqa: PLC0415 - it imports this package

    mine = [c for c in CLAIMS if c.file == file]
    return cache.key(source(file), mine, flaws_of(file), verify.LOGIC, TOOL)


def seeded(flaw: Flaw) -> str:
    """The text of ``flaw.file`` with the flaw seeded (``ValueError`` if it cannot be)."""
    text = source(flaw.file)
    if text.count(flaw.original) != 1:
        raise ValueError(
            f"flaw {flaw.name!r}: {flaw.original.strip()!r} occurs "
            f"{text.count(flaw.original)} times in {flaw.file}.mlw (it must occur once)"
        )
    return text.replace(flaw.original, flaw.seeded)


@attrs.frozen
class GoalResult:
    """One goal (a verification condition, split into sub-goals by ``split_vc``)."""

    goal: str
    proved: bool
    provers: tuple[str, ...]
    """The provers that proved its sub-goals (the first tried, then the next on the rest)."""
    seconds: float
    subgoals: int
    unproved: tuple[str, ...]
    """Each sub-goal no prover proved: where it is, what it is, and the last answer."""


@attrs.frozen
class FlawResult:
    """What Why3 found on a file with a flaw seeded: ``caught`` if the expected goal failed."""

    flaw: str
    caught: bool
    unproved: tuple[str, ...]
    """The goals left unproved."""
    seconds: float


@attrs.frozen
class FileResult:
    """What Why3 found on one file and its seeded flaws, under the key it was made with."""

    file: str
    key: cache.Key
    goals: tuple[GoalResult, ...]
    seconds: float
    flaws: tuple[FlawResult, ...]

    def goal(self, name: str) -> GoalResult | None:
        """The result for goal ``name``, if any."""
        return next((g for g in self.goals if g.goal == name), None)


@attrs.frozen
class Results:
    """The stored results: one record per file."""

    files: tuple[FileResult, ...]

    def file(self, name: str) -> FileResult | None:
        """The result stored for file ``name``, if any."""
        return next((f for f in self.files if f.file == name), None)


def results_json(results: Results) -> dict[str, object]:
    """``results`` as ``results.json`` holds them (the module docstring shows the layout)."""
    return {"files": [attrs.asdict(f) for f in results.files]}


def _goal(g: dict[str, object]) -> GoalResult:
    return GoalResult(
        goal=str(g["goal"]),
        proved=bool(g["proved"]),
        provers=tuple(str(p) for p in g["provers"]),  # type: ignore[attr-defined]
        seconds=float(g["seconds"]),  # type: ignore[arg-type]
        subgoals=int(g["subgoals"]),  # type: ignore[call-overload]
        unproved=tuple(str(u) for u in g["unproved"]),  # type: ignore[attr-defined]
    )


def stored() -> Results:
    """The results stored by ``python -m gametree.proofs.why3.verify`` (in :data:`RESULTS`)."""
    data = json.loads(package_text(RESULTS))
    return Results(
        files=tuple(
            FileResult(
                file=f["file"],
                key=dict(f["key"]),
                goals=tuple(_goal(g) for g in f["goals"]),
                seconds=f["seconds"],
                flaws=tuple(
                    FlawResult(x["flaw"], x["caught"], tuple(x["unproved"]), x["seconds"])
                    for x in f["flaws"]
                ),
            )
            for f in data["files"]
        ),
    )


def stale(results: Results) -> dict[str, tuple[str, ...]]:
    """The files whose stored record is not current, each with what changed.

    What changed is :func:`gametree.proofs.stored.changed`'s; empty when every record is
    current.
    """
    return cache.stale(FILES, lambda f: None if (r := results.file(f)) is None else r.key, key)


@attrs.frozen
class Proved:
    """One claim as ``gametree prove`` reports it: stored verdict, and whether it is current."""

    claim: Claim
    verdict: str | None
    """``verified`` (every goal proved) or ``failed``; ``None`` when no result is stored."""
    stale: tuple[str, ...]
    """What changed since the verdict was stored (empty: it is current)."""
    seconds: float
    caught: tuple[str, ...]
    """The seeded flaws of the claim's goals that left their goal unproved."""
    flaws: tuple[str, ...]
    """The seeded flaws of the claim's goals."""


def proved(results: Results, theorems: "set[int] | None" = None) -> list[Proved]:
    """Each claim of :data:`CLAIMS` (of ``theorems``, or all) with its stored result.

    A claim is ``verified`` when every goal of its file is (its own goals and the lemmas and
    definitions they rest on).
    """
    out = []
    gone = stale(results)
    for claim in CLAIMS:
        if theorems is not None and claim.theorem not in theorems:
            continue
        r = results.file(claim.file)
        ok = r is not None and all(r.goal(g) is not None for g in claim.goals)
        ok = ok and r is not None and all(g.proved for g in r.goals)
        mine = tuple(f.name for f in flaws_of(claim.file) if f.expected in claim.goals)
        found = {} if r is None else {f.flaw: f for f in r.flaws}
        out.append(
            Proved(
                claim=claim,
                verdict=None if r is None else ("verified" if ok else "failed"),
                stale=gone.get(claim.file, ()),
                seconds=0.0 if r is None else r.seconds,
                caught=tuple(f for f in mine if f in found and found[f].caught),
                flaws=mine,
            )
        )
    return out


def proved_text(rows: list[Proved]) -> str:
    """The lines ``gametree prove`` prints about the claims Why3 proved over the rationals."""
    return cache.claims_text(
        f"Proved for every tree over the rationals by {TOOL} (stored verdicts of "
        "python3 dev.py verify why3):",
        [_record(p) for p in rows],
    )


def proved_json(rows: list[Proved]) -> list[dict[str, object]]:
    """The same, for ``gametree prove --json``."""
    return [_record(p) for p in rows]


def _record(p: Proved) -> dict[str, object]:
    c = p.claim
    return {
        "theorem": c.theorem,
        "name": c.name,
        "verifier": TOOL,
        "file": f"{c.file}.mlw",
        "goals": list(c.goals),
        "claim": c.statement,
        "domain": c.domain,
        "window": c.window,
        "composed": c.composed,
        "pinned": c.pinned,
        "verdict": p.verdict,
        "current": not p.stale,
        "stale": list(p.stale),
        "reverify": cache.reverify("why3", [c.file]),
        "seconds": p.seconds,
        "flaws": list(p.flaws),
        "flaws_caught": list(p.caught),
    }
