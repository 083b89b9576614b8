"""The stored results of Nagini's verification: current, complete, and read as they say.

Nagini runs in ``python3 dev.py verify`` (minutes: its venv, Java); here, in seconds: the
stored results are for the kernels' current sources (edit a kernel and this fails until it is
verified again), every claim is verified and every seeded flaw caught with the error it must
name, Nagini's output is read as it says, an error is charged to the claim it belongs to, and
``gametree prove`` reports the results with the source hash they were made for.
"""

import importlib
import json
from pathlib import Path

import pytest

from gametree import cli
from gametree.proofs import THEOREMS, nagini
from gametree.proofs.nagini import (
    CLAIMS,
    FLAWS,
    KERNELS,
    RESULTS,
    Flaw,
    seeded,
    source,
    source_hash,
    stale,
    stored,
)
from gametree.proofs.nagini.verify import FAST, TOOL, errors_of, main, selected, verdicts
from gametree.proofs.nagini.verify import nagini as nagini_run


def test_the_stored_results_are_for_the_current_sources() -> None:
    """Edit a kernel and this fails until ``python3 dev.py verify`` has verified it again."""
    results = stored()
    assert stale(results) == [], (
        f"{RESULTS.name} is not for the current sources of {stale(results)}: "
        "run python3 dev.py verify"
    )


def test_every_claim_is_verified_and_every_flaw_caught_in_the_stored_results() -> None:
    results = stored()
    for name in KERNELS:
        kernel = results.kernel(name)
        assert kernel is not None
        assert kernel.errors == ()
        mine = {c.name for c in CLAIMS if c.kernel == name}
        assert kernel.verdicts == dict.fromkeys(mine, "verified")
    by_name = {f.flaw: f for f in results.flaws}
    assert set(by_name) == {f.name for f in FLAWS}
    for flaw in FLAWS:
        found = by_name[flaw.name]
        assert found.sha256 == source_hash(flaw.kernel), f"{flaw.name} was seeded in another source"
        assert found.caught
        assert any(flaw.expected in e for e in found.errors)


def test_a_stale_result_is_reported() -> None:
    results = stored()
    first, *others = results.kernels
    changed = type(results)(
        tool=results.tool,
        kernels=(type(first)(first.kernel, "0" * 64, first.verdicts, (), 0.0), *others),
        flaws=(),
    )
    assert stale(changed) == [first.kernel]
    assert stale(type(results)(tool=results.tool, kernels=(), flaws=())) == list(KERNELS)


def test_every_claim_names_a_theorem_and_functions_of_its_kernel() -> None:
    numbers = {th.number for th in THEOREMS}
    assert len({c.name for c in CLAIMS}) == len(CLAIMS)
    for claim in CLAIMS:
        assert claim.theorem in numbers
        module = importlib.import_module(f"gametree.proofs.nagini.{claim.kernel}")
        assert set(claim.functions) <= set(module.__all__), claim


def test_an_error_fails_the_claim_whose_function_holds_it_and_a_shared_one_fails_all() -> None:
    text = source("two_player")
    lines = text.splitlines()

    def at(name: str) -> str:
        line = next(i for i, s in enumerate(lines, 1) if s.startswith(f"def {name}("))
        return f"Postcondition of {name} might not hold. (two_player.py@{line + 3}.4--{line + 3}.9)"

    every = {c.name for c in CLAIMS if c.kernel == "two_player"}

    def failing(*errors: str) -> set[str]:
        found = verdicts("two_player", text, errors)
        assert set(found) == every
        return {name for name, v in found.items() if v == "failed"}

    assert failing(at("alphabeta_choice")) == {"fail-hard"}
    assert failing(at("negamax_choice")) == {"negamax"}
    assert failing(at("negamax_choice"), at("alphabeta_soft")) == {"negamax", "fail-soft"}
    assert failing(at("choice")) == every
    assert failing("Translation failed") == every
    assert failing() == set()


def test_nagini_output_without_a_verdict_is_an_error_not_a_pass() -> None:
    assert errors_of("") == (False, ("no verdict in Nagini's output: (nothing)",))
    verified, errors = errors_of(
        "Translation failed\nInvalid program: invalid.predicate (k.py@16.0)"
    )
    assert not verified
    assert "invalid.predicate" in errors[1]


def test_every_flaw_changes_its_kernel() -> None:
    for flaw in FLAWS:
        assert seeded(flaw) != source(flaw.kernel)


def test_a_flaw_must_name_text_found_once_in_its_kernel() -> None:
    bad = Flaw("nowhere", "two_player", "no such line\n", "x\n", "Postcondition")
    with pytest.raises(ValueError, match="occurs 0 times"):
        seeded(bad)


def test_gametree_prove_reports_the_stored_results_with_their_source_hash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["prove", "negamax", "alphabeta", "--budget", "1", "--json"]) == 0
    stored = json.loads(capsys.readouterr().out)["verified"]
    verified = [v for v in stored if v["tool"] == TOOL]  # Why3's (over Q) are tested with it
    assert {v["tool"] for v in stored} - {TOOL}
    assert {v["name"] for v in verified} == {c.name for c in CLAIMS if c.theorem in {1, 2}}
    for v in verified:
        assert v["verdict"] == "verified"
        assert v["current"]
        assert v["sha256"] == v["current_sha256"] == source_hash(v["kernel"])
    assert cli.main(["prove", "deep", "--budget", "1", "--json"]) == 0
    deep = [v for v in json.loads(capsys.readouterr().out)["verified"] if v["tool"] == TOOL]
    assert [v["name"] for v in deep] == ["deep-pairs"]
    assert cli.main(["prove", "best-case", "--budget", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] == []


def test_gametree_prove_says_when_a_kernel_changed_since_it_was_verified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(RESULTS.read_text())
    data["kernels"][0]["sha256"] = "0" * 64
    old = tmp_path / "results.json"
    old.write_text(json.dumps(data))
    monkeypatch.setattr(nagini, "RESULTS", old)
    assert cli.main(["prove", "negamax", "--budget", "1"]) == 0
    out = capsys.readouterr().out
    assert "Proved for every tree" in out
    assert "source 000000000000; two_player.py has CHANGED since" in out
    assert f"(now {source_hash('two_player')[:12]})" in out


def fake_nagini(folder: Path, *output: str) -> Path:
    """A stand-in ``nagini`` command that records its arguments and prints ``output``."""
    command = folder / "nagini"
    lines = "".join(f"echo '{line}'\n" for line in output)
    command.write_text(f'#!/bin/sh\necho "$@" > "{folder}/arguments"\n{lines}')
    command.chmod(0o755)
    return command


def test_a_check_verifies_the_fast_subset_again_and_stores_nothing(tmp_path: Path) -> None:
    before = RESULTS.read_text()
    assert main(["--check", str(fake_nagini(tmp_path, "Verification successful"))]) == 0
    assert (tmp_path / "arguments").read_text().split() == [f"{FAST[0]}.py"]
    failing = fake_nagini(tmp_path, "Verification failed", "Errors:", "Postcondition of f.")
    assert main(["--check", str(failing), "two_player"]) == 1
    assert main(["--check", str(tmp_path / "missing")]) == 2
    assert RESULTS.read_text() == before


def test_a_flaw_is_verified_in_the_function_it_must_break(tmp_path: Path) -> None:
    command = fake_nagini(tmp_path, "Verification successful")
    assert nagini_run(command, "x = 1\n", "k", select="deep_kids").verified
    assert (tmp_path / "arguments").read_text().split() == ["--select", "deep_kids", "k.py"]
    assert all(f"def {selected(f)}(" in source(f.kernel) for f in FLAWS)
