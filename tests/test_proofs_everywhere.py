"""How strongly each claim is established, and how a theorem runs its checks.

(:mod:`gametree.proofs.machinery.everywhere`, :class:`gametree.proofs.machinery.result.Theorem`.)
The verifiers' stored verdicts (``gametree.proofs.VERIFIERS``) are reported as proved for every
tree; the checks ``gametree prove`` runs are graded by what their runs found.
"""

import json
from typing import Any, cast

import attrs
import pytest

from gametree import cli
from gametree.proofs import Stored, proved_everywhere, theorem
from gametree.proofs.machinery import everywhere
from gametree.proofs.machinery.result import Budget, Method, Reach, Result, Scope, Theorem


@attrs.frozen
class Recorder:
    """A check that records the budget it was given, and reports nothing."""

    name: str
    share: float = 1.0
    full_only: bool = False
    methods: tuple[Method, ...] = ("witness",)
    reach: Reach = "within a bound"
    given: dict[str, float] = attrs.field(factory=dict)

    def run(self, theorem: str, scope: Scope) -> list[Result]:
        self.given[self.name] = scope.budget.seconds
        return []


def theorem_of(*checks: Recorder) -> Theorem:
    return Theorem(
        name="t", title="T", statement="s", source="src", status="status", module="m", checks=checks
    )


def test_a_theorem_gives_each_check_its_share_and_the_last_all_that_is_left() -> None:
    given: dict[str, float] = {}
    checks = (
        Recorder("a", share=0.25, given=given),
        Recorder("full", share=0.5, full_only=True, methods=("SMT (z3)",), given=given),
        Recorder("last", share=0.1, methods=("witness", "property (Hypothesis)"), given=given),
    )
    th = theorem_of(*checks)
    assert th.methods == ("witness", "SMT (z3)", "property (Hypothesis)")
    th.check(Scope(Budget(100)))
    assert set(given) == {"a", "last"}  # the full-only check is left out of the fast run
    assert 24 < given["a"] <= 25
    assert given["last"] > 99  # not 10: the last takes all that is left
    given.clear()
    th.check(Scope(Budget(100), full=True))
    assert set(given) == {"a", "full", "last"}
    assert 49 < given["full"] <= 50  # half of what is left when its turn comes
    assert given["last"] > 99


def result(outcome: str, method: Method = "bounded-exhaustive", theorem: str = "negamax") -> Result:
    return Result(theorem, f"claim {outcome}", method, 3, "d", outcome, "holds")  # type: ignore[arg-type]


def test_a_run_is_graded_by_its_method_and_what_it_found() -> None:
    assert everywhere.level(result("proved", "symbolic (CrossHair)")) == "per shape"
    assert everywhere.level(result("proved", "SMT (z3)")) == "per shape"
    assert everywhere.level(result("proved")) == "within a bound"
    assert everywhere.level(result("held")) == "on samples"  # a sample, or cut short
    assert everywhere.level(result("held", "diffbehavior (CrossHair)")) == "on samples"
    assert everywhere.level(result("failed")) == "refuted"
    assert everywhere.level(result("unknown", "witness")) == "unknown"


@attrs.frozen
class Records:
    """A verifier's stored verdicts as the summary reads them: their records."""

    found: list[dict[str, Any]]

    def records(self) -> list[dict[str, Any]]:
        return self.found


def record(name: str, *, verdict: str | None = "verified", current: bool = True) -> dict[str, Any]:
    return {"theorem": "negamax", "name": name, "claim": f"{name} holds", "verdict": verdict,
            "verifier": "Why3 1.5", "domain": "rationals", "file": "x.mlw", "current": current,
            "stale": [] if current else ["source"],
            "reverify": "python3 dev.py verify why3 x"}  # fmt: skip


def test_the_summary_puts_the_verified_claims_first_and_a_stale_one_apart() -> None:
    found = Records([record("ok"), record("old", current=False), record("bad", verdict="failed")])
    stored = cast("list[Stored]", [found])
    results = [
        result("proved", "symbolic (CrossHair)"),
        result("held"),
        result("proved", theorem="maxn-pairs"),
    ]
    (s,) = everywhere.summaries([theorem("negamax")], results, stored)
    assert list(s.levels) == ["every tree", "stale", "per shape", "on samples"]
    (ok,) = s.levels["every tree"]  # a failed verdict proves nothing, a stale one neither
    assert (ok.claim, ok.current) == ("ok: ok holds", True)
    assert ok.by == "Why3 1.5, rationals, x.mlw"
    (old,) = s.levels["stale"]
    assert not old.current
    assert "STALE, verify it again: python3 dev.py verify why3 x" in old.by
    text = everywhere.summary_text([s])
    assert "  negamax:\n    every tree:\n      - ok: ok holds [Why3 1.5, rationals" in text
    assert everywhere.problems(stored) == [
        "old (x.mlw, Why3 1.5): stale: python3 dev.py verify why3 x",
        "bad (x.mlw, Why3 1.5): failed",
    ]
    assert [c["claim"] for c in everywhere.summary_json([s])[0]["levels"]["on samples"]] == [  # type: ignore[index]
        "claim held"
    ]
    assert proved_everywhere({"best-case"}) == []


def test_prove_says_which_claims_are_proved_for_every_tree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["prove", "negamax", "--budget", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (strength,) = report["strength"]
    assert strength["theorem"] == "negamax"
    stored = [r["name"] for s in proved_everywhere({"negamax"}) for r in s.records()]
    assert {"negamax", "negamax-rationals"} <= set(stored)  # Nagini's, and Why3's over Q
    assert [c["claim"].split(":")[0] for c in strength["levels"]["every tree"]] == stored
    assert {r["claim"] for r in report["results"]} == {
        c["claim"] for lv, cs in strength["levels"].items() if lv != "every tree" for c in cs
    }
    assert cli.main(["prove", "negamax", "--budget", "1"]) == 0
    out = capsys.readouterr().out
    summary = out.split("How strongly each claim is established (strongest first):\n")[1]
    assert summary.startswith("  negamax:\n    every tree:\n      - negamax: negamax (ModMinMax)")
    assert "Proved for every tree by Nagini 1.2.0" in out


def test_what_a_theorem_says_beyond_its_proofs_is_named() -> None:
    """alphabeta's proofs take finite windows, not impl's (BOTTOM, TOP): the summary says so
    under "every tree"; maxn-pairs' "= negamax", once composed by hand, is one Why3 statement
    now (pairs.mlw), and nothing is named open for it."""
    ab = theorem("alphabeta")
    rows = everywhere.summaries([ab], [], proved_everywhere({"alphabeta"}))
    text = " ".join(everywhere.summary_text(rows).split())
    assert "not proved for every tree: impl's default window (BOTTOM, TOP)" in text
    pairs = theorem("maxn-pairs")
    rows = everywhere.summaries([pairs], [], proved_everywhere({"maxn-pairs"}))
    assert "not proved for every tree" not in everywhere.summary_text(rows)
    assert not pairs.open
