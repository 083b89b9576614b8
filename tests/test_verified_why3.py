"""The stored results of Why3's proofs: current, complete, and read as they say.

Why3 runs in ``python -m gametree.proofs.why3.verify`` (minutes); here, in a second: the
stored records are current (edit a ``.mlw`` file, a claim or a flaw and this fails until it is
proved again), every goal is proved and every claim's goals are among them, every seeded flaw
left its named goal unproved, Why3's output is read as it says, and ``gametree prove``'s
records say when a verdict is stale.
"""

import re
import shutil

import attrs
import pytest

from gametree.proofs import THEOREMS, why3
from gametree.proofs import stored as cache
from gametree.proofs.why3 import (
    CLAIMS,
    FILES,
    FLAWS,
    VERSIONS,
    Flaw,
    flaws_of,
    key,
    proved,
    proved_json,
    proved_text,
    seeded,
    source,
    stale,
    stored,
)
from gametree.proofs.why3.verify import main, outcomes, prove, versions


def test_the_stored_results_are_for_the_current_sources() -> None:
    """Edit a .mlw file, a claim or a flaw and this fails until it is proved again."""
    gone = stale(stored())
    assert gone == {}, "; ".join(
        f"{cache.staleness(f'{f}.mlw', parts)}: {cache.reverify('why3', [f])}"
        for f, parts in gone.items()
    )


def test_every_goal_is_proved_and_every_flaw_caught_in_the_stored_results() -> None:
    results = stored()
    for name in FILES:
        found = results.file(name)
        assert found is not None
        assert found.goals, f"no goal stored for {name}.mlw"
        assert [g.goal for g in found.goals if not g.proved] == []
        assert all(g.subgoals >= 1 and g.provers for g in found.goals)
        by_name = {f.flaw: f for f in found.flaws}
        assert list(by_name) == [f.name for f in flaws_of(name)]
        for flaw in flaws_of(name):
            assert by_name[flaw.name].caught
            assert flaw.expected in by_name[flaw.name].unproved


def test_every_claim_names_a_theorem_and_goals_of_its_file() -> None:
    numbers = {th.number for th in THEOREMS}
    results = stored()
    for claim in CLAIMS:
        assert claim.theorem in numbers
        found = results.file(claim.file)
        assert found is not None
        for goal in claim.goals:
            assert found.goal(goal) is not None, f"{claim.name}: no goal {goal} in {claim.file}"
            name = re.escape(goal.removesuffix("'vc"))
            defined = rf"^\s*(let|with)\b.*\b{name} "
            assert re.search(defined, source(claim.file), re.MULTILINE), f"{goal} defined nowhere"


def test_every_flaw_changes_its_file_and_must_name_text_found_once() -> None:
    for flaw in FLAWS:
        assert seeded(flaw) != source(flaw.file)
    bad = Flaw("nowhere", "shallow", "no such text\n", "x\n", "shallow'vc")
    with pytest.raises(ValueError, match=r"occurs 0 times in shallow\.mlw"):
        seeded(bad)
    with pytest.raises(ValueError, match="no WhyML transcription called 'nope'"):
        source("nope")


def test_why3_output_is_read_as_it_says() -> None:
    output = (
        'File "s.mlw", line 9, characters 4-8:\nSub-goal Postcondition of goal f\'vc.\n'
        "Prover result is: Valid (0.12s, 300 steps).\n\n"
        'File "s.mlw", line 12, characters 2-3:\nSub-goal Assertion of goal f\'vc.\n'
        "Prover result is: Timeout (5.00s, 9 steps).\n\n"
        'File "s.mlw", line 20, characters 2-9:\nGoal g\'vc.\n'
        "Prover result is: High failure (1.2s),\n"
    )
    found = outcomes(output)
    assert [(o.goal, o.what, o.valid) for o in found] == [
        ("f'vc", "Postcondition", True),
        ("f'vc", "Assertion", False),
        ("g'vc", "Goal", False),
    ]
    assert outcomes("File \"s.mlw\", line 3, characters 1-2:\nunbound symbol 'x'\n") == []


def test_the_report_says_what_each_claim_proves_and_when_its_verdict_is_stale() -> None:
    results = stored()
    current = type(results)(tuple(attrs.evolve(f, key=key(f.file)) for f in results.files))
    rows = proved(current, {4})
    assert [r.claim.name for r in rows] == ["shallow-rationals", "immediate-rationals"]
    assert all(r.verdict == "verified" and not r.stale for r in rows)
    records = proved_json(rows)
    assert [r["file"] for r in records] == ["shallow.mlw"] * 2
    assert all(str(r["domain"]).startswith("rationals") for r in records)
    assert "Theorem 4, shallow-rationals (shallow.mlw)" in proved_text(rows)
    first, *others = current.files
    for part in cache.PARTS:
        changed = type(results)((attrs.evolve(first, key={**first.key, part: "x"}), *others))
        assert stale(changed) == {first.file: (part,)}
    changed = type(results)((attrs.evolve(first, key={**first.key, "source": "0"}), *others))
    text = proved_text(proved(changed, {4}))
    assert "shallow.mlw's stored verdict is STALE: the file changed since" in text
    assert "verify it again with python3 dev.py verify why3 shallow" in text
    none = type(results)(())
    assert stale(none) == dict.fromkeys(FILES, ("missing",))
    assert "NO STORED VERDICT" in proved_text(proved(none))


def test_a_claim_fails_when_any_goal_of_its_file_is_unproved() -> None:
    results = stored()
    first, *others = results.files
    g, *gs = first.goals
    broken = attrs.evolve(first, goals=(attrs.evolve(g, proved=False), *gs))
    rows = proved(type(results)((broken, *others)))
    assert {r.claim.name: r.verdict for r in rows if r.claim.file == first.file} == dict.fromkeys(
        (c.name for c in CLAIMS if c.file == first.file), "failed"
    )


def test_a_claims_wording_is_part_of_its_key(monkeypatch: pytest.MonkeyPatch) -> None:
    before = key("alphabeta")
    claim = next(c for c in CLAIMS if c.file == "alphabeta")
    reworded = tuple(attrs.evolve(c, window="any") if c == claim else c for c in CLAIMS)
    monkeypatch.setattr(why3, "CLAIMS", reworded)
    assert cache.changed(before, key("alphabeta")) == ("claims",)
    assert cache.changed(key("shallow"), key("shallow")) == ()


def test_the_runner_names_the_files_it_takes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nope"]) == 2
    assert "files: shallow, alphabeta" in capsys.readouterr().err
    assert main(["--jobs", "0"]) == 2


@pytest.mark.skipif(shutil.which("why3") is None, reason="Why3 is not installed")
def test_the_stored_verdicts_are_made_with_the_tools_installed_here() -> None:
    """The versions pinned are Debian bookworm's, which the test command installs; the
    runner refuses to store verdicts made with others."""
    assert versions() == VERSIONS


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("why3") is None or shutil.which("cvc4") is None,
    reason="Why3 or CVC4 is not installed (Debian: apt-get install why3 cvc4 z3)",
)
def test_why3_proves_the_alpha_beta_transcription_now_as_stored() -> None:
    """The fast file is proved for real in the test command (seconds; shallow.mlw takes two
    minutes and the flaws ten, which ``python -m gametree.proofs.why3.verify`` spends)."""
    proof = prove("alphabeta", source("alphabeta"))
    assert proof.error is None
    assert [g for g, subs in proof.goals.items() if not all(o.valid for o, _ in subs)] == []
    stored_file = stored().file("alphabeta")
    assert stored_file is not None
    assert set(proof.goals) == {g.goal for g in stored_file.goals}


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("why3") is None or shutil.which("cvc4") is None,
    reason="Why3 or CVC4 is not installed (Debian: apt-get install why3 cvc4 z3)",
)
def test_check_proves_a_file_without_its_flaws_and_stores_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What CI runs on a stale verdict (dev.py's check_stale): exit 0 when the file's goals
    are proved, 1 when one is not (a postcondition made false), and the records untouched."""
    from gametree.proofs.why3 import RESULTS
    from gametree.proofs.why3 import verify as runner

    before = RESULTS.read_text(encoding="utf-8")
    assert main(["--check", "paranoid"]) == 0
    assert "paranoid: " in capsys.readouterr().out
    text = source("alphabeta")
    assert text.count("ensures { size t >= 1 }") == 1
    broken = text.replace("ensures { size t >= 1 }", "ensures { size t >= 2 }")
    monkeypatch.setattr(runner, "source", lambda name: broken if name == "alphabeta" else "")
    assert main(["--check", "alphabeta"]) == 1
    assert "UNPROVED" in capsys.readouterr().out
    assert RESULTS.read_text(encoding="utf-8") == before
