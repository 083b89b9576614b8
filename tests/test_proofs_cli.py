"""``gametree prove``: the table, the JSON, the per-tree optimality report and the exit codes."""

import json
import random
import sys
from pathlib import Path

import pytest

import gametree
from gametree import cli
from gametree.proofs.machinery.treejson import document
from gametree.spec import Bounds, Node

STURTEVANT = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])


@pytest.fixture
def tree_file(tmp_path: Path) -> Path:
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(document(STURTEVANT, Bounds(0, 9))))
    return path


def test_optimality_of_a_file_as_json(tree_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["prove", "optimality", str(tree_file), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [leaf["path"] for leaf in out["leaves"]] == [[0], [1, 0], [1, 1, 0], [1, 1, 1]]
    last = out["leaves"][-1]
    assert last["reals"]["necessary"] is False
    assert last["integers"]["necessary"] is False
    assert last["read_by_last_branch"] is False
    first = out["leaves"][0]["reals"]
    assert first["necessary"] is True
    assert first["witness"]["roots"][0] != first["witness"]["roots"][1]
    assert out["theorem_1_holds"] == {"reals": False, "integers": False}


def test_optimality_of_a_file_as_text(tree_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["prove", "optimality", str(tree_file)]) == 0
    out = capsys.readouterr().out
    assert "leaf [1, 1, 1] (last-branch pruning skips it)" in out
    assert "over the reals: FAILS at [[1, 1, 1]]" in out


def test_a_file_without_bounds_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(document(STURTEVANT)))
    assert cli.main(["prove", "optimality", str(path)]) == 3
    assert "needs Korf's bounds" in capsys.readouterr().err


def test_unknown_theorems_and_bad_shards_are_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["prove", "fermat"]) == 2
    assert cli.main(["prove", "--shard", "3/2"]) == 2
    assert cli.main(["prove", "--budget", "0"]) == 2
    err = capsys.readouterr().err
    assert "no theorem called 'fermat'" in err
    assert "shard" in err


@pytest.mark.slow
def test_a_short_run_prints_one_record_per_check_and_never_disagrees(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With one second, checks cover few cases, or none; an outcome can be 'unknown' but the
    exit code is 0, because too little time never contradicts what is expected."""
    assert cli.main(["prove", "deep", "paranoid", "--budget", "1", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)["results"]
    assert {r["theorem"] for r in records} == {"deep", "paranoid"}
    assert all(r["agrees"] is not False for r in records)
    figure5 = [r for r in records if r["method"] == "witness" and r["expected"] == "fails"]
    assert figure5[0]["outcome"] == "failed"
    assert figure5[0]["counterexample"]["document"]["format"] == "gametree-tree/1"


def test_the_help_names_every_theorem() -> None:
    from gametree.commands import prove
    from gametree.proofs import THEOREMS

    assert tuple(th.name for th in THEOREMS) == prove.NAMES


def test_the_cli_does_not_need_the_checkers_until_prove_runs() -> None:
    """``gametree examples`` must work with the main dependencies alone (no z3, CrossHair)."""
    import subprocess
    import sys

    code = (
        "import sys, gametree.cli; print(sorted({'proofs', 'z3', 'crosshair'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def _uniform(players: int, branching: int, height: int, seed: int = 7) -> Node:
    """A uniform tree whose leaves split 9 between the players (a large z3 query)."""
    rng = random.Random(seed)

    def build(h: int) -> object:
        if h == 0:
            cuts = sorted(rng.randint(0, 9) for _ in range(players - 1))
            return tuple(b - a for a, b in zip([0, *cuts], [*cuts, 9], strict=True))
        return [build(h - 1) for _ in range(branching)]

    t = Node.by_depth(build(height))  # type: ignore[arg-type]
    assert isinstance(t, Node)
    return t


def test_optimality_decides_every_leaf_of_an_81_leaf_file_within_the_default_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before the path lemma this tree (b = 3, d = 4) kept z3 busy for minutes."""
    path = tmp_path / "large.json"
    path.write_text(json.dumps(document(_uniform(3, 3, 4), Bounds(0, 9))))
    assert cli.main(["prove", "optimality", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["leaves"]) > 40
    for domain in ("reals", "integers"):
        assert all(leaf[domain]["necessary"] is not None for leaf in out["leaves"])
        assert out["theorem_1_holds"][domain] in (True, False)


def test_optimality_of_a_large_file_stops_at_the_budget_and_says_what_is_undecided(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "larger.json"
    path.write_text(json.dumps(document(_uniform(3, 3, 6), Bounds(0, 9))))
    assert cli.main(["prove", "optimality", str(path), "--budget", "0.5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    undecided = [leaf for leaf in out["leaves"] if leaf["reals"]["necessary"] is None]
    assert undecided
    assert all("budget" in leaf["reals"]["reason"] for leaf in undecided)
    assert out["theorem_1_holds"]["reals"] in (None, False)
    assert cli.main(["prove", "optimality", str(path), "--budget", "0.5"]) == 0
    text = capsys.readouterr().out
    assert "not decided within --budget" in text or "FAILS at" in text


def test_without_the_checkers_the_error_names_the_prove_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "gametree.proofs", None)  # its import raises ImportError
    monkeypatch.delattr(gametree, "proofs", raising=False)
    assert cli.main(["prove", "negamax"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("gametree prove: error: the checks need z3, CrossHair and Hypothesis")
    assert line.endswith("pip install 'gametree[prove]'")


def test_the_help_names_the_prove_extra(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["prove", "--help"])
    assert "pip install 'gametree[prove]'" in " ".join(capsys.readouterr().out.split())


@pytest.mark.slow
def test_a_missing_data_file_is_an_incomplete_installation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was a FileNotFoundError traceback (the wheel did not carry proofs/data)."""
    from gametree.proofs.theorems import optimality

    missing = tmp_path / "optimality.json"
    monkeypatch.setattr(optimality, "DATA", missing)
    assert cli.main(["prove", "optimality", "--budget", "1"]) == 5
    (line,) = [ln for ln in capsys.readouterr().err.splitlines() if ": error: " in ln]
    assert line.startswith(f"gametree prove: error: gametree's data file {missing} is missing")
    assert "this installation of gametree is incomplete" in line
