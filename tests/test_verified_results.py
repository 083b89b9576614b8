"""The stored results of Nagini's verification: current, complete, and read as they say.

Nagini runs in ``python3 dev.py verify`` (minutes: its venv, Java); here, in seconds: the
stored results are for the kernels' current sources (edit a kernel and this fails until it is
verified again), every claim is verified and every seeded flaw caught with the error it must
name, Nagini's output is read as it says, an error is charged to the claim it belongs to, and
``gametree prove`` reports the results with the source hash they were made for.
"""

import importlib
import json
import re
from pathlib import Path

import attrs
import pytest

from gametree import cli
from gametree.proofs import THEOREMS, nagini, why3
from gametree.proofs import stored as cache
from gametree.proofs.nagini import (
    CLAIMS,
    FLAWS,
    KERNELS,
    RESULTS,
    VERSIONS,
    Flaw,
    flaws_of,
    key,
    proved,
    seeded,
    seeded_in,
    source,
    stale,
    stored,
    verdicts,
)
from gametree.proofs.nagini import verify as verify_module
from gametree.proofs.nagini.calls import relies_on
from gametree.proofs.nagini.verify import FAST, errors_of, main, selected
from gametree.proofs.nagini.verify import nagini as nagini_run

ROOT = Path(__file__).resolve().parent.parent


def test_the_stored_results_are_for_the_current_sources() -> None:
    """Edit a kernel, a claim or a flaw and this fails until ``python3 dev.py verify`` has
    verified it again."""
    gone = stale(stored())
    assert gone == {}, "; ".join(
        f"{cache.staleness(f'{k}.py', parts)}: {cache.reverify('nagini', [k])}"
        for k, parts in gone.items()
    )


def test_every_claim_is_verified_and_every_flaw_caught_in_the_stored_results() -> None:
    results = stored()
    for name in KERNELS:
        kernel = results.kernel(name)
        assert kernel is not None
        assert kernel.verified
        assert kernel.errors == ()
        mine = {c.name for c in CLAIMS if c.kernel == name}
        assert verdicts(name, source(name), kernel.errors) == dict.fromkeys(mine, "verified")
        by_name = {f.flaw: f for f in kernel.flaws}
        assert list(by_name) == [f.name for f in flaws_of(name)]
        for flaw in flaws_of(name):
            assert by_name[flaw.name].caught
            assert any(flaw.expected in e for e in by_name[flaw.name].errors)


def test_every_part_of_the_key_makes_a_stored_verdict_stale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kernel, its claims' wording, its flaws, the verify logic and Nagini's version: a
    change to any one of them is named; a kernel with no record is missing."""
    results = stored()
    first, *others = results.kernels
    name = first.kernel
    current = attrs.evolve(first, key=key(name))
    fresh = type(results)((current, *others))
    assert name not in stale(fresh)
    for part in cache.PARTS:
        changed = attrs.evolve(first, key={**key(name), part: "0" * 64})
        assert stale(type(results)((changed, *others)))[name] == (part,)
    assert stale(type(results)(())) == dict.fromkeys(KERNELS, ("missing",))
    claim = next(c for c in CLAIMS if c.kernel == name)
    reworded = tuple(attrs.evolve(c, statement=c.statement + " (and more)") if c == claim else c
                     for c in CLAIMS)  # fmt: skip
    monkeypatch.setattr(nagini, "CLAIMS", reworded)
    assert stale(fresh)[name] == ("claims",)
    monkeypatch.setattr(nagini, "CLAIMS", CLAIMS)
    flaw = flaws_of(name)[0]
    monkeypatch.setattr(nagini, "FLAWS", tuple(attrs.evolve(f, expected="x") if f == flaw else f
                                               for f in FLAWS))  # fmt: skip
    assert stale(fresh)[name] == ("flaws",)
    monkeypatch.setattr(nagini, "FLAWS", FLAWS)
    monkeypatch.setattr(verify_module, "LOGIC", "another")
    monkeypatch.setattr(nagini, "TOOL", "Nagini 9")
    assert stale(fresh)[name] == ("logic", "tool")


def test_the_pinned_nagini_is_the_one_dev_py_installs() -> None:
    pinned = re.search(r'^NAGINI = "nagini==([^"]+)"', (ROOT / "dev.py").read_text(), re.M)
    assert pinned is not None
    assert pinned.group(1) == VERSIONS["nagini"]


def test_every_claim_names_a_theorem_and_functions_of_its_kernel() -> None:
    numbers = {th.number for th in THEOREMS}
    assert len({c.name for c in CLAIMS}) == len(CLAIMS)
    for claim in CLAIMS:
        assert claim.theorem in numbers
        module = importlib.import_module(f"gametree.proofs.nagini.{claim.kernel}")
        assert set(claim.functions) <= set(module.__all__), claim


def test_an_error_fails_every_claim_that_relies_on_its_function() -> None:
    """Charged by dependency, not by function: full-window's postcondition names alphabeta,
    so an error in alphabeta_choice fails it too; one in a predicate every claim uses fails
    all; one in a function nothing uses, or without a position, fails all (the safe side)."""
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

    assert failing(at("alphabeta_choice")) == {"fail-hard", "full-window"}
    assert failing(at("alphabeta_soft_choice")) == {"fail-soft"}
    assert failing(at("negamax_choice_is_signed")) == {"negamax"}
    assert failing(at("negamax_choice")) == {"negamax", "negamax-form"}
    assert failing(at("tree")) == every
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


@pytest.mark.slow
def test_gametree_prove_reports_each_claim_with_what_it_proves_and_its_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["prove", "negamax", "alphabeta", "--budget", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == []
    verified = [v for v in report["verified"] if v["verifier"] == nagini.TOOL]
    assert {v["verifier"] for v in report["verified"]} - {nagini.TOOL}  # Why3's, over Q
    assert {v["name"] for v in verified} == {c.name for c in CLAIMS if c.theorem in {1, 2}}
    for v in verified:
        claim = next(c for c in CLAIMS if c.name == v["name"])
        assert v["verdict"] == "verified"
        assert v["current"]
        assert v["stale"] == []
        assert (v["claim"], v["domain"], v["window"]) == (claim.statement, claim.domain,
                                                           claim.window)  # fmt: skip
        assert set(v["flaws_caught"]) == set(v["flaws"])
    assert cli.main(["prove", "deep", "--budget", "1", "--json"]) == 0
    deep = [v for v in json.loads(capsys.readouterr().out)["verified"]
            if v["verifier"] == nagini.TOOL]  # fmt: skip
    assert [v["name"] for v in deep] == ["deep-pairs"]
    assert cli.main(["prove", "best-case", "--budget", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] == []


@pytest.mark.slow
def test_gametree_prove_fails_on_a_stale_verdict_and_says_how_to_verify_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The stored records made current (both verifiers'), then two_player.py's source changed:
    only the claims of that kernel are stale, and only the theorems asked about count."""
    data = json.loads(RESULTS.read_text())
    for k in data["kernels"]:
        k["key"] = key(k["kernel"])
    data["kernels"][0]["key"]["source"] = "0" * 64
    old = tmp_path / "results.json"
    old.write_text(json.dumps(data))
    monkeypatch.setattr(nagini, "RESULTS", old)
    theirs = json.loads(why3.RESULTS.read_text())
    for f in theirs["files"]:
        f["key"] = why3.key(f["file"])
    (tmp_path / "why3.json").write_text(json.dumps(theirs))
    monkeypatch.setattr(why3, "RESULTS", tmp_path / "why3.json")
    assert cli.main(["prove", "negamax", "--budget", "1"]) == 1
    out = capsys.readouterr().out
    assert "two_player.py's stored verdict is STALE: the file changed since" in out
    assert "verify it again with python3 dev.py verify two_player" in out
    assert "NOT PROVED for every tree as stored (exit code 1):" in out
    summary = " ".join(out.split("How strongly each claim")[1].split())
    assert "stale: - negamax:" in summary  # not among the claims proved for every tree
    assert cli.main(["prove", "negamax", "--budget", "1", "--json"]) == 1
    problems = json.loads(capsys.readouterr().out)["problems"]
    reverify = "python3 dev.py verify two_player"
    assert problems == [f"negamax (two_player.py, {nagini.TOOL}): stale: {reverify}"]
    assert cli.main(["prove", "deep", "--budget", "1"]) == 0  # another kernel: current


def fake_nagini(folder: Path, *output: str, versions: str = "1.2.0 4.8.7.0") -> Path:
    """A stand-in ``nagini`` command that records its arguments and prints ``output``, in a
    venv whose ``python`` reports ``versions`` (Nagini's, then z3's)."""
    command = folder / "nagini"
    lines = "".join(f"echo '{line}'\n" for line in output)
    command.write_text(f'#!/bin/sh\necho "$@" > "{folder}/arguments"\n{lines}')
    command.chmod(0o755)
    python = folder / "python"
    python.write_text(f"#!/bin/sh\necho {versions}\n")
    python.chmod(0o755)
    return command


def test_a_check_verifies_the_fast_subset_again_and_stores_nothing(tmp_path: Path) -> None:
    before = RESULTS.read_text()
    assert main(["--check", str(fake_nagini(tmp_path, "Verification successful"))]) == 0
    assert (tmp_path / "arguments").read_text().split() == [f"{FAST[0]}.py"]
    failing = fake_nagini(tmp_path, "Verification failed", "Errors:", "Postcondition of f.")
    assert main(["--check", str(failing), "two_player"]) == 1
    assert main(["--check", str(tmp_path / "missing")]) == 2
    assert main(["--jobs", "0", str(failing)]) == 2
    assert RESULTS.read_text() == before


def test_nothing_is_verified_with_another_nagini(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = fake_nagini(tmp_path, "Verification successful", versions="1.3.0 4.12.0")
    assert main([str(other), "deep"]) == 2
    assert "the stored verdicts are made with" in capsys.readouterr().err
    assert not (tmp_path / "arguments").exists()


def test_a_flaw_is_verified_in_the_function_it_must_break(tmp_path: Path) -> None:
    command = fake_nagini(tmp_path, "Verification successful")
    assert nagini_run(command, "x = 1\n", "k", select="deep_kids").verified
    assert (tmp_path / "arguments").read_text().split() == ["--select", "deep_kids", "k.py"]
    assert all(f"def {selected(f)}(" in source(f.kernel) for f in FLAWS)


def test_every_flaw_breaks_a_function_some_claim_relies_on() -> None:
    """So that each claim is reported with the flaws that test it: full-window, which has no
    flaw of its own, with those of alpha-beta, whose result its postcondition names."""
    for flaw in FLAWS:
        text = source(flaw.kernel)
        mine = [c for c in CLAIMS if c.kernel == flaw.kernel]
        assert any(seeded_in(flaw) in relies_on(text, c.functions) for c in mine), flaw
    (full,) = proved(stored(), {1})[1:2]
    assert full.claim.name == "full-window"
    assert set(full.flaws) >= {"min-raises-beta", "alpha-not-passed-on", "no-progress"}
