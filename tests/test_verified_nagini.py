"""Nagini's part of the stored verdicts: how its report is read and charged to claims.

What every verifier shares (current records, flaws caught, the key, the report) is
``tests/test_verified_results.py``'s. Here: the pinned Nagini is the one ``dev.py`` installs,
every claim rests on functions of its kernel, an error fails every claim that relies on its
function (by dependency, not by function), Nagini's output is read as it says, a flaw is
verified in the function it must break, and the runner checks without storing and refuses other
versions (with a stand-in ``nagini`` command: Nagini itself runs in ``dev.py verify``).
"""

import importlib
import re
from pathlib import Path

import pytest

from gametree.proofs import THEOREMS, flaws
from gametree.proofs.machinery import verified
from gametree.proofs.machinery.verified import Record
from gametree.proofs.nagini import NAGINI, VERSIONS, verdicts
from gametree.proofs.nagini.run import errors_of, nagini, selected
from gametree.proofs.nagini.verify import FAST, main

ROOT = Path(__file__).resolve().parent.parent


def test_the_pinned_nagini_is_the_one_dev_py_installs() -> None:
    pinned = re.search(r'^NAGINI = "nagini==([^"]+)"', (ROOT / "dev.py").read_text(), re.M)
    assert pinned is not None
    assert pinned.group(1) == VERSIONS["nagini"]


def test_every_claim_rests_on_functions_of_its_kernel() -> None:
    for _, claim in verified.claims_of(THEOREMS, NAGINI):
        module = importlib.import_module(f"gametree.proofs.nagini.{claim.file}")
        assert set(claim.rests_on) <= set(module.__all__), claim.name


def test_an_error_fails_every_claim_that_relies_on_its_function() -> None:
    """Charged by dependency, not by function: full-window's postcondition names alphabeta,
    so an error in alphabeta_choice fails it too; one in a predicate every claim uses fails
    all; one in a function nothing uses, or without a position, fails all (the safe side)."""
    text = NAGINI.source("two_player")
    lines = text.splitlines()
    claims = [c for _, c in verified.claims_of(THEOREMS, NAGINI, "two_player")]

    def at(name: str) -> str:
        line = next(i for i, s in enumerate(lines, 1) if s.startswith(f"def {name}("))
        return f"Postcondition of {name} might not hold. (two_player.py@{line + 3}.4--{line + 3}.9)"

    every = {c.name for c in claims}

    def failing(*errors: str) -> set[str]:
        found = verdicts(text, Record("two_player", {}, False, errors, 0.0, ()), claims)
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
    found, errors = errors_of("Translation failed\nInvalid program: invalid.predicate (k.py@16.0)")
    assert not found
    assert "invalid.predicate" in errors[1]


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
    before = NAGINI.results.read_text()
    assert main(["--check", str(fake_nagini(tmp_path, "Verification successful"))]) == 0
    assert (tmp_path / "arguments").read_text().split() == [f"{FAST[0]}.py"]
    failing = fake_nagini(tmp_path, "Verification failed", "Errors:", "Postcondition of f.")
    assert main(["--check", str(failing), "two_player"]) == 1
    assert main(["--check", str(tmp_path / "missing")]) == 2
    assert main(["--jobs", "0", str(failing)]) == 2
    assert NAGINI.results.read_text() == before


def test_nothing_is_verified_with_another_nagini(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = fake_nagini(tmp_path, "Verification successful", versions="1.3.0 4.12.0")
    assert main([str(other), "deep"]) == 2
    assert "the stored verdicts are made with" in capsys.readouterr().err
    assert not (tmp_path / "arguments").exists()


def test_a_flaw_is_verified_in_the_function_it_must_break(tmp_path: Path) -> None:
    command = fake_nagini(tmp_path, "Verification successful")
    assert nagini(command, "x = 1\n", "k", select="deep_kids").verified
    assert (tmp_path / "arguments").read_text().split() == ["--select", "deep_kids", "k.py"]
    for f in flaws(NAGINI):
        if f.expected:
            assert f"def {selected(f, NAGINI.source(f.file))}(" in NAGINI.source(f.file)
    no_progress = next(f for f in flaws(NAGINI) if f.name == "no-progress")
    assert selected(no_progress, NAGINI.source("two_player")) == "alphabeta_choice"
