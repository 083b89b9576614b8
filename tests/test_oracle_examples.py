"""The gate on two public libraries' alpha-beta (examples/), when they are installed.

``pip install -e '.[bench]'`` brings easyAI 2.0.12 and OpenSpiel 2.0.2; without them these
tests are skipped. Each pins what the gate found, with the minimal tree it shrank to.
"""

import json
from pathlib import Path
from typing import Any

import pytest

from gametree import cli
from gametree.treefile import read_tree_json

ROOT = Path(__file__).resolve().parent.parent


def conform(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = cli.main(["conform", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_easyai_scales_values_by_depth_and_fails_on_a_finished_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("easyAI")
    code, report = conform(["--target", "examples.easyai_negamax:negamax", "--semantics",
                            "negamax", "--alternating", "--best-move", "--skip-flag", "Fraction",
                            "--budget", "50"], capsys)  # fmt: skip
    assert code == 1
    problems = {f["problems"][0].split(":")[0] for f in report["failures"]}
    assert "value" in problems  # leaves above the deepest level are worth (1 + 0.001 d) v
    kinds = {f["kind"] for f in report["failures"]}
    assert kinds <= {"mismatch", "error"}
    minimal = next(m for m in report["minimal"] if m["kind"] == "mismatch")
    tree = read_tree_json(minimal["request"]["tree"]).tree
    assert tree.size == 4  # Max: a Min node over one leaf, and a leaf one level higher
    assert minimal["actual"]["value"] == 1.001
    errors = [f["problems"][0] for f in report["failures"] if f["kind"] == "error"]
    assert any("ai_move" in e for e in errors)  # the root is already a leaf
    assert any("RecursionError" in e for e in errors)  # the chain 1,200 deep


def test_openspiel_alpha_beta_conforms_as_minimax_and_as_fail_soft(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspiel")
    skip = ["--skip-flag", "Fraction", "--skip-flag", "Deep", "--budget", "50"]
    code, report = conform(["--target", "examples.openspiel_alphabeta:minimax", "--semantics",
                            "minimax", "--best-move", *skip], capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]
    code, report = conform(["--target", "examples.openspiel_alphabeta:alphabeta", "--semantics",
                            "alphabeta-fail-soft", "--strict-order", "--best-move", *skip],
                           capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]
    # It is fail-soft: claimed as fail-hard, a Max root failing low answers below alpha.
    code, report = conform(["--target", "examples.openspiel_alphabeta:alphabeta", "--semantics",
                            "alphabeta-fail-hard", *skip], capsys)  # fmt: skip
    assert code == 1
    assert read_tree_json(report["minimal"][0]["request"]["tree"]).tree.size == 2
