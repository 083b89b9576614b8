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
leave its named goal unproved; it stores what it found, with each file's SHA-256, in
``results.json`` beside this file. Installed, ``gametree prove`` reads the stored results
(:func:`stored`, :func:`proved`) and says when a file changed since (:func:`stale`). The tests
also run the transcriptions (``why3 execute``) on random trees against ``spec`` and ``impl``.
"""

import hashlib
import json
from pathlib import Path

import attrs

from gametree.spec._package_data import package_text

__all__ = [
    "CLAIMS",
    "FILES",
    "FLAWS",
    "RESULTS",
    "Claim",
    "FileResult",
    "Flaw",
    "FlawResult",
    "GoalResult",
    "Proved",
    "Results",
    "proved",
    "proved_json",
    "proved_text",
    "seeded",
    "source",
    "source_hash",
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
}
"""The transcriptions, each a file ``NAME.mlw`` beside this one, and the module it holds."""


@attrs.frozen
class Claim:
    """What a transcription proves of one theorem of :data:`gametree.proofs.THEOREMS`.

    ``goals`` are Why3's verification conditions that make the claim (``NAME'vc``): the claim
    holds when every one of them, and every other goal of the file, is proved.
    """

    name: str
    theorem: int
    file: str
    goals: tuple[str, ...]
    statement: str


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
        "any number of players, any player at any node; it terminates",
    ),
    Claim(
        name="immediate-rationals",
        theorem=4,
        file="shallow",
        goals=("maxn_from_stays'vc", "immediate'vc", "immediate_from'vc"),
        statement="immediate pruning (Korf 3.2.1: stop when Best[Player] reaches Sum) returns "
        "the maxn vector itself, tie rule included, under the same bounds, any number of "
        "players, any player at any node; it terminates",
    ),
    Claim(
        name="fail-hard-rationals",
        theorem=1,
        file="alphabeta",
        goals=("alphabeta'vc", "alphabeta_kids'vc", "alphabeta_full_window'vc"),
        statement="fail-hard alpha-beta, max/min form, over any rational window a < b, with v "
        "the minimax value: v <= a => r <= a; a < v < b => r = v; v >= b => r >= b "
        "(Knuth-Moore); over a window around every leaf, r = v; it terminates",
    ),
    Claim(
        name="negamax-form-rationals",
        theorem=1,
        file="alphabeta",
        goals=("negamax_alphabeta'vc", "negamax_alphabeta_kids'vc", "negamax_alphabeta_child'vc"),
        statement="fail-hard alpha-beta, negamax form (Knuth-Moore's F2: a child of the other "
        "player searched over (-b, -a) and negated, one of the same player over (a, b)), over "
        "any rational window a < b, against the negamax value: Knuth-Moore's three cases; it "
        "terminates",
    ),
    Claim(
        name="negamax-rationals",
        theorem=2,
        file="alphabeta",
        goals=("negamax_kids_is_signed'vc", "negamax_child_is_signed'vc", "negamax_is_minimax'vc"),
        statement="negamax (ModMinMax) = minimax if player 0 moves at the root, -minimax "
        "otherwise, on every rational tree, any player at any node (players moving twice "
        "included); it terminates",
    ),
    Claim(
        name="fail-soft-rationals",
        theorem=1,
        file="alphabeta",
        goals=("alphabeta_soft'vc", "alphabeta_soft_kids'vc"),
        statement="fail-soft alpha-beta, max/min form, over any rational window a < b: "
        "r <= a => v <= r; a < r < b => r = v; r >= b => v >= r (Fishburn); it terminates",
    ),
    Claim(
        name="fail-soft-between-rationals",
        theorem=1,
        file="fail_soft",
        goals=(
            "hard_by_soft_tree'vc",
            "hard_by_soft_kids'vc",
            "fail_soft_between'vc",
            "hard_by_soft_negated'vc",
            "negamax_hard_by_soft_tree'vc",
            "negamax_hard_by_soft_kids'vc",
            "negamax_hard_by_soft_child'vc",
            "negamax_fail_soft_between'vc",
        ),
        statement="over any finite rational window a < b, the fail-soft result s lies between "
        "the fail-hard result h and the value v, min(h, v) <= s <= max(h, v), in max/min form "
        "(v the minimax value) and in negamax form (v the negamax value), h as impl computes it "
        "(not clipped to the window); the four searches are impl's kernels (fail_soft False "
        "and True) transcribed as pure functions, tested to read impl's leaves in impl's order; "
        "one statement per form, nothing composed by hand; they terminate",
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
        "returned), over any finite rational window a < b, against the negamax value: r <= a "
        "=> v <= r; a < r < b => r = v; r >= b => v >= r (Fishburn); it terminates",
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
        "player to move at the root is the negamax value; nothing composed by hand",
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
        statement="deep pruning (impl.deep's deep_search on two players: bounds from every "
        "ancestor) on a two-player tree of rational pairs (x, -x) under Korf's bounds (-m, 0), "
        "m > 0, shifted by m as impl shifts them (leaves (y, 2m - y), y in [0, 2m]), returns "
        "the maxn vector itself, any player at any node; tested to read impl's leaves in "
        "impl's order; it terminates",
    ),
    Claim(
        name="paranoid-rationals",
        theorem=9,
        file="paranoid",
        goals=("paranoid_below_maxn'vc", "maxn_from_above'vc", "paranoid_is_a_guarantee'vc"),
        statement="the paranoid value for any player q is at most q's component of the maxn "
        "value, on every tree with rational components, any number of players, any player at "
        "any node, no bounds on the values; it terminates",
    ),
    Claim(
        name="paranoid-alphabeta-rationals",
        theorem=9,
        file="paranoid",
        goals=("search'vc", "search_from'vc", "paranoid_search_is_paranoid'vc"),
        statement="impl.paranoid's alpha-beta (fail-soft, its cut-offs included), from the root "
        "with no bounds (None, None: the unbounded window), returns the paranoid value for any "
        "player q, on every tree with rational components, any number of players, any player "
        "at any node; below the root, Fishburn's property for any bounds (None or a value, "
        "alpha < beta); so its value is a guarantee (at most q's component of maxn); tested to "
        "read impl's leaves in impl's order; it terminates",
    ),
)
"""Every claim proved for all trees over the rationals."""


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
)
"""The seeded flaws: each must leave its named goal unproved."""


def source(file: str) -> str:
    """The text of the transcription ``file`` (a name of :data:`FILES`)."""
    if file not in FILES:
        raise ValueError(f"no WhyML transcription called {file!r}; they are {tuple(FILES)}")
    return package_text(HERE / f"{file}.mlw")


def source_hash(file: str) -> str:
    """The SHA-256 of ``file``'s text, as the stored results name it."""
    return hashlib.sha256(source(file).encode()).hexdigest()


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
class FileResult:
    """What Why3 found on one file: every goal, with the SHA-256 of the text proved."""

    file: str
    sha256: str
    goals: tuple[GoalResult, ...]
    seconds: float

    def goal(self, name: str) -> GoalResult | None:
        """The result for goal ``name``, if any."""
        return next((g for g in self.goals if g.goal == name), None)


@attrs.frozen
class FlawResult:
    """What Why3 found on a file with a flaw seeded: ``caught`` if the expected goal failed."""

    flaw: str
    sha256: str
    caught: bool
    unproved: tuple[str, ...]
    """The goals left unproved."""
    seconds: float


@attrs.frozen
class Results:
    """The stored results: the tool, the time limit per sub-goal, the files, the flaws."""

    tool: str
    timelimit: float
    files: tuple[FileResult, ...]
    flaws: tuple[FlawResult, ...]

    def file(self, name: str) -> FileResult | None:
        """The result stored for file ``name``, if any."""
        return next((f for f in self.files if f.file == name), None)


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
        tool=data["tool"],
        timelimit=data["timelimit"],
        files=tuple(
            FileResult(
                file=f["file"],
                sha256=f["sha256"],
                goals=tuple(_goal(g) for g in f["goals"]),
                seconds=f["seconds"],
            )
            for f in data["files"]
        ),
        flaws=tuple(
            FlawResult(
                flaw=f["flaw"],
                sha256=f["sha256"],
                caught=f["caught"],
                unproved=tuple(f["unproved"]),
                seconds=f["seconds"],
            )
            for f in data["flaws"]
        ),
    )


def stale(results: Results) -> list[str]:
    """The files whose text changed since their stored result (or that have none)."""
    return [
        name for name in FILES if (r := results.file(name)) is None or r.sha256 != source_hash(name)
    ]


@attrs.frozen
class Proved:
    """One claim as ``gametree prove`` reports it: stored verdict, and whether it is current."""

    claim: Claim
    verdict: str | None
    """``verified`` (every goal proved) or ``failed``; ``None`` when no result is stored."""
    sha256: str | None
    """The SHA-256 of the text the stored result was made for."""
    current: bool
    """Whether the file's text is still the one proved."""
    seconds: float
    tool: str


def proved(results: Results, theorems: "set[int] | None" = None) -> list[Proved]:
    """Each claim of :data:`CLAIMS` (of ``theorems``, or all) with its stored result.

    A claim is ``proved`` when every goal of its file is (its own goals and the lemmas and
    definitions they rest on).
    """
    out = []
    for claim in CLAIMS:
        if theorems is not None and claim.theorem not in theorems:
            continue
        r = results.file(claim.file)
        ok = r is not None and all(r.goal(g) is not None for g in claim.goals)
        ok = ok and r is not None and all(g.proved for g in r.goals)
        out.append(
            Proved(
                claim=claim,
                verdict=None if r is None else ("verified" if ok else "failed"),
                sha256=None if r is None else r.sha256,
                current=r is not None and r.sha256 == source_hash(claim.file),
                seconds=0.0 if r is None else r.seconds,
                tool=results.tool,
            )
        )
    return out


def proved_text(rows: list[Proved]) -> str:
    """The lines ``gametree prove`` prints about the claims proved over the rationals."""
    lines = ["Proved for every tree over the rationals (stored results of Why3):"]
    for p in rows:
        if p.verdict is None or p.sha256 is None:
            state = "no stored result"
        else:
            state = f"{p.verdict} by {p.tool} in {p.seconds:.0f} s, source {p.sha256[:12]}"
            if not p.current:
                now = source_hash(p.claim.file)[:12]
                state += (
                    f"; {p.claim.file}.mlw has CHANGED since (now {now}): the result is for "
                    "the old source; run python -m gametree.proofs.why3.verify"
                )
        lines.append(
            f"  Theorem {p.claim.theorem}, {p.claim.name} ({p.claim.file}.mlw): {p.claim.statement}"
        )
        lines.append(f"    {state}")
    return "\n".join(lines)


def proved_json(rows: list[Proved]) -> list[dict[str, object]]:
    """The same, for ``gametree prove --json``."""
    return [
        {
            "theorem": p.claim.theorem,
            "name": p.claim.name,
            "file": f"{p.claim.file}.mlw",
            "goals": list(p.claim.goals),
            "claim": p.claim.statement,
            "domain": "rationals (Why3's real: linear arithmetic, the same theory over Q)",
            "verdict": p.verdict,
            "tool": p.tool,
            "sha256": p.sha256,
            "current_sha256": source_hash(p.claim.file),
            "current": p.current,
            "seconds": p.seconds,
        }
        for p in rows
    ]
