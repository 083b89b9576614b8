"""The gate on the examples' engines (examples/): exact numbers, and two public libraries.

``examples/engine.js`` and ``examples/external_engine.py`` claim exact arithmetic: they are
asked hand-made cases whose values a double or an int64 cannot hold, and a chain deeper than
a recursive reader or search survives (engine.js when ``node`` is installed).
``pip install -e '.[bench]'`` brings easyAI 2.0.12 and OpenSpiel 2.0.2; without them their
tests are skipped. Each pins what the gate found, with the minimal tree it shrank to, and
skips the flags its example's docstring declares.
"""

import json
import shutil
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gametree import cli
from gametree.conform import gate as gate_module
from gametree.conform.codec import Case
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.semantics import Checks
from gametree.conform.targets import ProcessTarget
from gametree.conform.vectors import VectorCase
from gametree.spec import Leaf, Node, Scalar, Tree, minimax
from gametree.treefile import read_tree_json

ROOT = Path(__file__).resolve().parent.parent


def conform(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = cli.main(["conform", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


DOUBLE_FLAGS = ("Fraction", "TinyFraction", "Float64", "Int64", "BigInteger")
"""What a target on doubles skips: fractions (1/3 has no double) and integers beyond 2^53
(2^53 + 1 is read as 2^53); TinyFraction, Int64 and BigInteger are named though every case
with one of them also has Fraction or Float64."""


def skipping(*flags: str) -> list[str]:
    """``--skip-flag`` for each of ``flags``."""
    return [arg for flag in flags for arg in ("--skip-flag", flag)]


def test_easyai_scales_values_by_depth_and_fails_on_a_finished_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("easyAI")
    code, report = conform(["--target", "examples.easyai_negamax:negamax", "--semantics",
                            "negamax", "--alternating", "--best-move", *skipping(*DOUBLE_FLAGS),
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
    skip = [*skipping("Deep", *DOUBLE_FLAGS), "--budget", "50"]
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


F53 = 2**53
"""The largest of the run of integers a double holds exactly: 2^53 + 1 is read as 2^53."""
LONGEST = int("9" * 999)
"""999 digits: with its sign, -LONGEST is the reader's longest number, 1,000 characters."""
TINY = Fraction(1, 2**60)
"""Finer than a double's spacing at 1 (2^-52): 1 + TINY is read as 1."""


def chain(height: int, leaf: Scalar) -> Tree:
    """A chain of ``height`` nodes, Max and Min in turn from the root, to one leaf."""
    t: Tree = Leaf(leaf)
    for d in range(height - 1, -1, -1):
        t = Node(d % 2, [t])
    return t


EXACT_TREES: dict[str, Tree] = {
    "2^53 + 1 beside 2^53": Node.by_depth([F53, F53 + 1]),
    "2^53 + 1 under Min": Node.by_depth([[F53 + 1, F53], [F53 + 1]]),
    "-(2^63) and its neighbours": Node.by_depth([[-(2**63), 1 - 2**63], [-(2**63) - 1]]),
    "999-digit integers": Node.by_depth([[-LONGEST, LONGEST], [LONGEST - 1, LONGEST]]),
    "fractions of 1/2^60": Node.by_depth([[TINY, 2 * TINY], [1 + TINY, 1 + 3 * TINY], [1]]),
    "257 children, the best last": Node.by_depth([F53] * 256 + [F53 + 1]),
    "257 children under Min, cut at the last": Node.by_depth([F53 + 1, [F53 + 2] * 256 + [F53]]),
    "257 children under Min, cut at the first": Node.by_depth([F53 + 1, [F53] + [F53 + 2] * 256]),
}
"""Trees whose answers a double or an int64 gets wrong, or a fixed-size move list."""


def exact_cases(semantics: str, *, height: int) -> list[VectorCase]:
    """Each tree of :data:`EXACT_TREES`, open and (for alpha-beta) under windows about its
    value v: just around it, failing low at v or just above it, failing high at v (s is 1, or
    :data:`TINY` for fractions). Last, a chain ``height`` deep to 2^53 + 1."""
    out = []
    deep = {f"a chain {height:,} deep": chain(height, F53 + 1)}
    for comment, t in (EXACT_TREES | deep).items():
        v = minimax(t).value
        step = TINY if isinstance(v, Fraction) else 1
        windows: dict[str, tuple[Scalar | None, Scalar | None]] = {"open": (None, None)}
        if semantics != "minimax":
            windows |= {"(v - s, v + s)": (v - step, v + step), "(v, open)": (v, None),
                        "(open, v)": (None, v), "(v + s, open)": (v + step, None)}  # fmt: skip
        for name, (alpha, beta) in windows.items():
            case = Case(semantics, t, alpha=alpha, beta=beta)
            out.append(VectorCase("exact", f"{comment}, window {name}", (), case))
    return out


ENGINES = {
    "engine.js": (["node", "examples/engine.js"], 20_000),
    "external_engine.py": ([sys.executable, "examples/external_engine.py"], 1_200),
}
"""The examples' exact engines, each with the deepest chain it is asked: engine.js neither
reads nor searches by recursion; external_engine.py searches over a stack but reads with
Python's json, which recurses (it raises the recursion limit to 20,000: enough for the
vectors' 1,200-deep chain, 2,400 levels of JSON)."""


@pytest.mark.slow
@pytest.mark.parametrize("engine", list(ENGINES))
@pytest.mark.parametrize("semantics", ["minimax", "alphabeta-fail-hard", "alphabeta-fail-soft"])
def test_the_exact_engines_are_exact_on_large_integers_fine_fractions_and_wide_nodes(
    engine: str, semantics: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """They read 2^53 + 1, -(2^63) - 1, 999 digits and 1 + 1/2^60 as they are written."""
    argv, height = ENGINES[engine]
    if shutil.which(argv[0]) is None:
        pytest.skip(f"{argv[0]} is not installed")
    cases = exact_cases(semantics, height=height)
    monkeypatch.setattr(gate_module, "vector_cases", lambda _semantics: cases)
    checks = Checks(best_move=True, principal_variation=True, strict_order=True)
    target = ProcessTarget(argv)
    try:
        report = run_gate(target, engine, GateOptions(semantics, checks, budget=0))
    finally:
        target.close()
    assert report.passed, [(o.comment, o.problems) for o in report.failures[:3]]
    assert report.counts("vectors") == {"pass": len(cases)}
