"""The stored verdicts of every verifier: current, complete, keyed as they say, and reported.

Nagini and Why3 run in ``python3 dev.py verify`` (minutes to an hour); here, in seconds, over
the one core both use (:mod:`gametree.proofs.machinery.verified`): the stored records are for
the current sources (edit a verified file, a claim or a flaw and this fails until it is
verified again), every claim is verified and every seeded flaw caught with what it must make
the verifier say, every part of a key makes a verdict stale and the pins do not, every claim is
pinned to an ``impl`` or ``spec`` function by a test that exists, and ``gametree prove``
reports the verdicts and fails on a stale one. What is particular to one verifier (how its
output is read, how a verdict is charged to a claim) is ``tests/test_verified_nagini.py``'s and
``tests/test_verified_why3.py``'s.
"""

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from gametree import cli
from gametree.proofs import THEOREMS, VERIFIERS, Theorem, Verifier, claims, flaws
from gametree.proofs.machinery import stored as cache
from gametree.proofs.machinery import verified
from gametree.proofs.machinery.claims import Flaw, public_name
from gametree.proofs.nagini import NAGINI
from gametree.proofs.why3 import WHY3

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("verifier", VERIFIERS, ids=lambda v: v.name)
def test_the_stored_results_are_for_the_current_sources(verifier: Verifier) -> None:
    """Edit a verified file, a claim or a flaw and this fails until it is verified again."""
    gone = verified.stale(THEOREMS, verifier, verified.stored(verifier))
    assert gone == {}, "; ".join(
        f"{cache.staleness(f'{f}{verifier.suffix}', parts)}: {verifier.reverify([f])}"
        for f, parts in gone.items()
    )


@pytest.mark.parametrize("verifier", VERIFIERS, ids=lambda v: v.name)
def test_every_claim_is_verified_and_every_flaw_caught_in_the_stored_results(
    verifier: Verifier,
) -> None:
    results = verified.stored(verifier)
    for name in verifier.files:
        record = results.record(name)
        assert record is not None, f"no record of {name}{verifier.suffix}"
        assert record.verified
        mine = [c for _, c in verified.claims_of(THEOREMS, verifier, name)]
        assert mine, f"{name}{verifier.suffix} proves no claim"
        text = verifier.source(name)
        assert verifier.verdicts(text, record, mine) == dict.fromkeys(
            (c.name for c in mine), "verified"
        )
        by_name = {f.flaw: f for f in record.flaws}
        assert list(by_name) == [f.name for f in verified.flaws_of(THEOREMS, verifier, name)]
        for flaw in verified.flaws_of(THEOREMS, verifier, name):
            assert by_name[flaw.name].caught
            assert any(flaw.expected in e for e in by_name[flaw.name].errors)


def reworded(theorems: tuple[Theorem, ...], claim: str, **changes: Any) -> tuple[Theorem, ...]:
    """``theorems`` with the claim called ``claim`` changed as ``changes`` say."""
    return tuple(
        attrs.evolve(th, claims=tuple(
            attrs.evolve(c, **changes) if c.name == claim else c for c in th.claims
        ))
        for th in theorems
    )  # fmt: skip


@pytest.mark.parametrize("verifier", VERIFIERS, ids=lambda v: v.name)
def test_every_part_of_the_key_makes_a_stored_verdict_stale(verifier: Verifier) -> None:
    """The file, its claims' wording, its flaws, the verify logic and the tool's version: a
    change to any one of them is named; a file with no record is missing; the pins are not in
    the key (the tests check them on every run)."""
    file = verifier.files[0]
    fresh = verified.Results(
        tuple(
            attrs.evolve(r, key=verified.key(THEOREMS, verifier, r.file))
            for r in verified.stored(verifier).records
        )
    )
    assert verified.stale(THEOREMS, verifier, fresh) == {}
    first, *others = fresh.records
    for part in cache.PARTS:
        changed = attrs.evolve(first, key={**first.key, part: "0" * 64})
        assert verified.stale(THEOREMS, verifier, verified.Results((changed, *others))) == {
            first.file: (part,)
        }
    assert verified.stale(THEOREMS, verifier, verified.Results(())) == dict.fromkeys(
        verifier.files, ("missing",)
    )
    th, claim = verified.claims_of(THEOREMS, verifier, file)[0]
    longer = reworded(THEOREMS, claim.name, statement=claim.statement + " (and more)")
    assert verified.stale(longer, verifier, fresh) == {file: ("claims",)}
    unpinned = reworded(THEOREMS, claim.name, pins=())
    assert verified.stale(unpinned, verifier, fresh) == {}
    flaw = verified.flaws_of(THEOREMS, verifier, file)[0]
    wrong = tuple(
        attrs.evolve(t, flaws=tuple(attrs.evolve(f, expected="x") if f == flaw else f
                                    for f in t.flaws))
        for t in THEOREMS
    )  # fmt: skip
    assert verified.stale(wrong, verifier, fresh) == {file: ("flaws",)}
    other = attrs.evolve(verifier, logic="another", tool="version 9")
    assert set(verified.stale(THEOREMS, other, fresh)[file]) == {"logic", "tool"}
    assert th.name in {t.name for t in THEOREMS}


@pytest.mark.parametrize("verifier", VERIFIERS, ids=lambda v: v.name)
def test_every_flaw_changes_its_file_and_must_name_text_found_once(verifier: Verifier) -> None:
    for flaw in flaws(verifier):
        assert verified.seeded(verifier, flaw) != verifier.source(flaw.file)
    file = verifier.files[0]
    bad = Flaw(name="nowhere", verifier=verifier.name, file=file, original="no such text\n",
               seeded="x\n", expected="anything")  # fmt: skip
    with pytest.raises(ValueError, match=rf"occurs 0 times in {file}\{verifier.suffix}"):
        verified.seeded(verifier, bad)
    with pytest.raises(ValueError, match=f"{verifier.name} verifies no file called 'nope'"):
        verifier.source("nope")


@pytest.mark.parametrize("verifier", VERIFIERS, ids=lambda v: v.name)
def test_every_flaw_tests_some_claim_and_every_file_has_a_flaw(verifier: Verifier) -> None:
    """So that each claim is reported with the flaws that test it (full-window, which has no
    flaw of its own, with those of alpha-beta, whose result its postcondition names)."""
    for file in verifier.files:
        text = verifier.source(file)
        mine = [c for _, c in verified.claims_of(THEOREMS, verifier, file)]
        found = verified.flaws_of(THEOREMS, verifier, file)
        assert found, f"no flaw seeded in {file}{verifier.suffix}"
        for flaw in found:
            assert any(verifier.tests(text, flaw, c) for c in mine), flaw.name


def test_every_claim_is_pinned_to_a_function_of_impl_or_spec_by_a_test_that_exists() -> None:
    """The pins are the functions themselves, not their names: the table of transcriptions
    reads them (``gametree.proofs.claims()``)."""
    assert len({c.name for _, c in claims()}) == len(claims())
    for _, claim in claims():
        assert claim.pins, f"{claim.name} is pinned to nothing"
        for pin in claim.pins:
            assert callable(pin.function)
            assert pin.function.__module__.split(".")[1] in {"impl", "spec"}, pin
            assert public_name(pin.function).split(".")[0] in {"impl", "spec"}
            assert (ROOT / pin.test).is_file(), f"{claim.name}: no test file {pin.test}"
    fail_hard = next(c for _, c in claims() if c.name == "fail-hard")
    assert [p.name for p in fail_hard.pins] == ["impl.alphabeta"]
    fail_soft = next(c for _, c in claims() if c.name == "fail-soft")
    assert [p.name for p in fail_soft.pins] == ["impl.alphabeta(fail_soft=True)"]


def test_a_claim_lifted_to_the_rationals_names_a_claim_of_the_other_verifier() -> None:
    nagini = {c.name for _, c in verified.claims_of(THEOREMS, NAGINI)}
    lifted = [c for _, c in verified.claims_of(THEOREMS, WHY3) if c.lifts]
    assert lifted
    for c in lifted:
        assert set(c.lifts) <= nagini, c.name


@pytest.mark.slow
def test_gametree_prove_reports_each_claim_with_what_it_proves_and_its_verdict(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["prove", "negamax", "alphabeta", "--budget", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == []
    names = {c.name for th, c in claims() if th.name in {"negamax", "alphabeta"}}
    assert {v["name"] for v in report["verified"]} == names
    assert {v["verifier"] for v in report["verified"]} == {NAGINI.tool, WHY3.tool}
    for v in report["verified"]:
        claim = next(c for _, c in claims() if c.name == v["name"])
        assert v["theorem"] in {"negamax", "alphabeta"}
        assert (v["verdict"], v["current"], v["stale"]) == ("verified", True, [])
        assert (v["claim"], v["domain"], v["window"]) == (
            claim.statement, claim.domain, claim.window
        )  # fmt: skip
        assert [p["function"] for p in v["pins"]] == [p.name for p in claim.pins]
        assert set(v["flaws_caught"]) == set(v["flaws"])
    full = next(v for v in report["verified"] if v["name"] == "full-window")
    assert {"min-raises-beta", "alpha-not-passed-on", "no-progress"} <= set(full["flaws"])
    assert cli.main(["prove", "best-case", "--budget", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] == []


@pytest.mark.slow
def test_gametree_prove_fails_on_a_stale_verdict_and_says_how_to_verify_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The stored records made current (both verifiers'), then two_player.py's source changed:
    only the claims of that kernel are stale, and only the theorems asked about count."""
    from gametree import proofs

    moved = []
    for v in VERIFIERS:
        data = json.loads(v.results.read_text())
        for r in data["records"]:
            r["key"] = verified.key(THEOREMS, v, r["file"])
            if (v.name, r["file"]) == ("nagini", "two_player"):
                r["key"]["source"] = "0" * 64
        folder = tmp_path / v.name
        folder.mkdir()
        for file in v.files:
            (folder / f"{file}{v.suffix}").write_text(v.source(file))
        (folder / "results.json").write_text(json.dumps(data))
        moved.append(attrs.evolve(v, folder=folder))
    monkeypatch.setattr(proofs, "VERIFIERS", tuple(moved))
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
    assert problems == [f"negamax (two_player.py, {NAGINI.tool}): stale: {reverify}"]
    assert cli.main(["prove", "deep", "--budget", "1"]) == 0  # another kernel: current


def test_the_report_says_no_verdict_and_failed_as_they_are() -> None:
    none = verified.proved(THEOREMS, WHY3, verified.Results(()), {"shallow"})
    assert [p.verdict for p in none] == [None, None]
    assert "NO STORED VERDICT: verify it with python3 dev.py verify why3 shallow" in (
        verified.text(WHY3, none)
    )
    results = verified.stored(WHY3)
    fresh = verified.Results(tuple(attrs.evolve(r, key=verified.key(THEOREMS, WHY3, r.file))
                                   for r in results.records))  # fmt: skip
    record = fresh.record("shallow")
    assert record is not None
    g, *gs = record.goals
    broken = attrs.evolve(record, goals=(attrs.evolve(g, proved=False), *gs))
    rows = verified.proved(
        THEOREMS, WHY3, verified.Results((broken,)), {"shallow"}
    )  # fmt: skip
    assert [p.verdict for p in rows] == ["failed", "failed"]
    assert "FAILED: failed in" in verified.text(WHY3, rows)
