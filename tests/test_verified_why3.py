"""Why3's part of the stored verdicts: how its report is read and what a claim needs of it.

What every verifier shares (current records, flaws caught, the key, the report) is
``tests/test_verified_results.py``'s. Here: every goal of every file is proved and each claim's
goals are among them and defined in its file, Why3's output is read as it says, a claim fails
when any goal of its file is unproved, the runner names the files it takes, the pinned tools
are those installed, and (where Why3 runs) the fast file is proved for real, by one run of
``--check``, which stores nothing.
"""

import contextlib
import io
import re
import shutil
from pathlib import Path

import attrs
import pytest

from gametree.proofs import THEOREMS
from gametree.proofs.machinery import verified
from gametree.proofs.why3 import FILES, VERSIONS, WHY3
from gametree.proofs.why3 import verify as runner
from gametree.proofs.why3.run import Proof, outcomes, prove, unproved
from gametree.proofs.why3.verify import main, versions

needs_why3 = pytest.mark.skipif(
    shutil.which("why3") is None or shutil.which("cvc4") is None,
    reason="Why3 or CVC4 is not installed (Debian: apt-get install why3 cvc4 z3)",
)


def test_every_goal_is_proved_and_every_claims_goals_are_defined_in_its_file() -> None:
    results = verified.stored(WHY3)
    for name in FILES:
        record = results.record(name)
        assert record is not None
        assert record.goals, f"no goal stored for {name}.mlw"
        assert [g.goal for g in record.goals if not g.proved] == []
        assert all(g.subgoals >= 1 and g.provers for g in record.goals)
    for _, claim in verified.claims_of(THEOREMS, WHY3):
        record = results.record(claim.file)
        assert record is not None
        for goal in claim.rests_on:
            assert record.goal(goal) is not None, f"{claim.name}: no goal {goal} in {claim.file}"
            name = re.escape(goal.removesuffix("'vc"))
            defined = rf"^\s*(let|with)\b.*\b{name} "
            assert re.search(defined, WHY3.source(claim.file), re.M), f"{goal} defined nowhere"


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


def test_a_claim_fails_when_any_goal_of_its_file_is_unproved_or_missing() -> None:
    record = verified.stored(WHY3).record("alphabeta")
    assert record is not None
    text = WHY3.source("alphabeta")
    mine = [c for _, c in verified.claims_of(THEOREMS, WHY3, "alphabeta")]
    g, *gs = record.goals
    broken = attrs.evolve(record, goals=(attrs.evolve(g, proved=False), *gs))
    assert set(WHY3.verdicts(text, broken, mine).values()) == {"failed"}
    claim = mine[0]
    without = attrs.evolve(record, goals=tuple(x for x in record.goals
                                               if x.goal != claim.rests_on[0]))  # fmt: skip
    found = WHY3.verdicts(text, without, mine)
    assert found[claim.name] == "failed"
    assert "verified" in found.values()  # the others' goals are all there


def test_the_runner_names_the_files_it_takes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nope"]) == 2
    assert "files: shallow, alphabeta" in capsys.readouterr().err
    assert main(["--jobs", "0"]) == 2


@pytest.mark.skipif(shutil.which("why3") is None, reason="Why3 is not installed")
def test_the_stored_verdicts_are_made_with_the_tools_installed_here() -> None:
    """The versions pinned are Debian bookworm's, which the test command installs; the
    runner refuses to store verdicts made with others."""
    assert versions() == VERSIONS


@attrs.frozen
class Checked:
    """One run of ``verify --check alphabeta``: its exit code, what it printed, the proof it made,
    and the stored results before it ran."""

    code: int
    out: str
    proof: Proof
    before: str


@pytest.fixture(scope="module")
def checked() -> Checked:
    """``verify --check alphabeta``, run once: the test of ``--check`` and the test that the file
    is proved as stored both read it (the fast file: seconds; shallow.mlw takes two minutes and
    the flaws ten, which ``python -m gametree.proofs.why3.verify`` spends)."""
    before = WHY3.results.read_text(encoding="utf-8")
    made: list[Proof] = []

    def recorded(name: str, module: str, text: str) -> Proof:
        made.append(prove(name, module, text))
        return made[-1]

    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(out):
        patch.setattr(runner, "prove", recorded)
        code = main(["--check", "alphabeta"])
    (proof,) = made
    return Checked(code, out.getvalue(), proof, before)


@pytest.mark.slow
@needs_why3
def test_why3_proves_the_alpha_beta_transcription_now_as_stored(checked: Checked) -> None:
    """The fast file is proved for real in the test command."""
    assert checked.proof.error is None
    assert unproved(checked.proof) == []
    record = verified.stored(WHY3).record("alphabeta")
    assert record is not None
    assert set(checked.proof.goals) == {g.goal for g in record.goals}


@pytest.mark.slow
@needs_why3
def test_check_proves_a_file_without_its_flaws_and_stores_nothing(
    checked: Checked,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    """What CI runs on a stale verdict (dev.py's check_stale): exit 0 when the file's goals
    are proved, 1 when one is not (a postcondition made false), and the records untouched."""
    assert checked.code == 0
    assert "alphabeta: " in checked.out
    text = WHY3.source("alphabeta")
    assert text.count("ensures { size t >= 1 }") == 1
    broken = text.replace("ensures { size t >= 1 }", "ensures { size t >= 2 }")
    (tmp_path / "alphabeta.mlw").write_text(broken)
    monkeypatch.setattr(runner, "WHY3", attrs.evolve(WHY3, folder=tmp_path))
    assert main(["--check", "alphabeta"]) == 1
    assert "UNPROVED" in capsys.readouterr().out
    assert WHY3.results.read_text(encoding="utf-8") == checked.before
