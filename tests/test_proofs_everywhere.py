"""How strongly each claim is established, and how a theorem runs its checks (proofs.everywhere,
proofs.result.Theorem).

The registry of verifiers (Nagini, and any other named in ``everywhere.VERIFIERS``) reports
stored results; the checks ``gametree prove`` runs are graded by what their runs found.
"""

import json
import types
from typing import Any

import attrs
import pytest

from gametree import cli
from gametree.proofs import THEOREMS, everywhere
from gametree.proofs.result import Budget, Method, Reach, Result, Scope, Theorem

CHECKERS = everywhere.verifiers()


@attrs.frozen
class Recorder:
    """A check that records the budget it was given, and reports nothing."""

    name: str
    share: float = 1.0
    full_only: bool = False
    methods: tuple[Method, ...] = ("witness",)
    reach: Reach = "within a bound"
    given: dict[str, float] = attrs.field(factory=dict)

    def run(self, theorem: int, scope: Scope) -> list[Result]:
        self.given[self.name] = scope.budget.seconds
        return []


def theorem_of(*checks: Recorder) -> Theorem:
    return Theorem(1, "t", "T", "s", "src", "status", "mod", checks)


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


def result(outcome: str, method: Method = "bounded-exhaustive", theorem: int = 2) -> Result:
    return Result(theorem, f"claim {outcome}", method, 3, "d", outcome, "holds")  # type: ignore[arg-type]


def test_a_run_is_graded_by_its_method_and_what_it_found() -> None:
    assert everywhere.level(result("proved", "symbolic (CrossHair)")) == "per shape"
    assert everywhere.level(result("proved", "SMT (z3)")) == "per shape"
    assert everywhere.level(result("proved")) == "within a bound"
    assert everywhere.level(result("held")) == "on samples"  # a sample, or cut short
    assert everywhere.level(result("held", "diffbehavior (CrossHair)")) == "on samples"
    assert everywhere.level(result("failed")) == "refuted"
    assert everywhere.level(result("unknown", "witness")) == "unknown"


def fake_verifier(records: list[dict[str, Any]]) -> Any:
    return types.SimpleNamespace(
        stored=lambda: None,
        stale=lambda _results: {},
        proved=lambda _results, theorems=None: [r for r in records if r["theorem"] in theorems],
        proved_text=lambda rows: f"{len(rows)} stored",
        proved_json=lambda rows: rows,
    )


def record(name: str, *, verdict: str | None = "verified", current: bool = True) -> dict[str, Any]:
    return {"theorem": 2, "name": name, "claim": f"{name} holds", "verdict": verdict,
            "verifier": "Why3 1.5", "domain": "rationals", "file": "x.mlw", "current": current,
            "stale": [] if current else ["source"],
            "reverify": "python3 dev.py verify why3 x"}  # fmt: skip


def test_the_summary_puts_the_verified_claims_first_and_a_stale_one_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    why3 = fake_verifier(
        [record("ok"), record("old", current=False), record("bad", verdict="failed")]
    )
    monkeypatch.setattr(everywhere, "verifiers", lambda: [why3])
    stored = everywhere.proved_everywhere({2})
    results = [
        result("proved", "symbolic (CrossHair)"),
        result("held"),
        result("proved", theorem=3),
    ]
    (s,) = everywhere.summaries([2], results, stored)
    assert list(s.levels) == ["every tree", "stale", "per shape", "on samples"]
    (ok,) = s.levels["every tree"]  # a failed verdict proves nothing, a stale one neither
    assert (ok.claim, ok.current) == ("ok: ok holds", True)
    assert ok.by == "Why3 1.5, rationals, x.mlw"
    (old,) = s.levels["stale"]
    assert not old.current
    assert "STALE, verify it again: python3 dev.py verify why3 x" in old.by
    text = everywhere.summary_text([s])
    assert "  Theorem 2:\n    every tree:\n      - ok: ok holds [Why3 1.5, rationals" in text
    assert everywhere.problems(stored) == [
        "old (x.mlw, Why3 1.5): stale: python3 dev.py verify why3 x",
        "bad (x.mlw, Why3 1.5): failed",
    ]
    assert [c["claim"] for c in everywhere.summary_json([s])[0]["levels"]["on samples"]] == [  # type: ignore[index]
        "claim held"
    ]
    assert everywhere.proved_everywhere({4}) == []


def test_a_registered_verifier_must_have_the_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    assert [v.__name__ for v in CHECKERS] == [  # type: ignore[attr-defined]
        f"gametree.proofs.{n}" for n in everywhere.VERIFIERS
    ]
    monkeypatch.setattr(everywhere, "VERIFIERS", ("nagini", "checks"))
    with pytest.raises(TypeError, match=r"gametree\.proofs\.checks is not a verifier"):
        everywhere.verifiers()


def test_prove_says_which_claims_are_proved_for_every_tree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["prove", "negamax", "--budget", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (strength,) = report["strength"]
    assert strength["theorem"] == 2
    stored = [
        r["name"] for v in everywhere.verifiers() for r in v.proved_json(v.proved(v.stored(), {2}))
    ]
    assert {"negamax", "negamax-rationals"} <= set(stored)  # Nagini's, and Why3's over Q
    assert [c["claim"].split(":")[0] for c in strength["levels"]["every tree"]] == stored
    assert {r["claim"] for r in report["results"]} == {
        c["claim"] for lv, cs in strength["levels"].items() if lv != "every tree" for c in cs
    }
    assert cli.main(["prove", "negamax", "--budget", "1"]) == 0
    out = capsys.readouterr().out
    summary = out.split("How strongly each claim is established (strongest first):\n")[1]
    assert summary.startswith("  Theorem 2:\n    every tree:\n      - negamax: negamax (ModMinMax)")
    assert "Proved for every tree by Nagini 1.2.0" in out


def test_what_a_theorem_says_beyond_its_proofs_is_named() -> None:
    """Theorem 1's proofs take finite windows, not impl's (BOTTOM, TOP): the summary says so
    under "every tree"; Theorem 3's "= negamax", once composed by hand, is one Why3 statement
    now (pairs.mlw), and nothing is named open for it."""
    assert set(everywhere.OPEN) <= {th.number for th in THEOREMS}
    rows = everywhere.summaries([1], [], everywhere.proved_everywhere({1}))
    text = " ".join(everywhere.summary_text(rows).split())
    assert "not proved for every tree: impl's default window (BOTTOM, TOP)" in text
    rows = everywhere.summaries([3], [], everywhere.proved_everywhere({3}))
    assert "not proved for every tree" not in everywhere.summary_text(rows)
