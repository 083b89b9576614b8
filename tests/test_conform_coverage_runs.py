"""The gate's default run shows every feasible pair of behaviours of every semantics.

The claim of docs/conformance.md, checked on each semantics' reference (gametree's own search,
or the catalogue's correct engine for the games): the vectors, then the default budget of
generated cases, of which the steered ones aim at the pairs shown least; the report lists
every pair, the missing ones (none), the infeasible ones with their reasons. Apart from
tests/test_conform_behaviours.py so that the two run on different workers.
"""

import json
import xml.etree.ElementTree as ET

import pytest

from gametree.conform.gate import GateOptions, Report, run_gate
from gametree.conform.junit import junit_xml
from gametree.conform.semantics import SEMANTICS, Checks
from gametree.conform.targets import CallableTarget, SearchTarget
from tests.test_bug_catalogue import CARRIED, ROOT, correct_run


def _reference(semantics: str) -> CallableTarget:
    """gametree's own search of ``semantics``, or the catalogue's correct game-expectimax."""
    if SEMANTICS[semantics].game:
        from tests.bugs.chance import game_expectimax

        return CallableTarget(game_expectimax, timeout=600)
    return SearchTarget(semantics, timeout=600)  # the case's tree, not its text read back


def _default_run(semantics: str, monkeypatch: pytest.MonkeyPatch) -> Report:
    """The default run of the reference of ``semantics``. For a game semantics whose reference
    is the catalogue's correct engine, that engine's run in tests/test_bug_catalogue.py (in a
    worker, ``--best-move``, ``Deep`` skipped: the cases the default asks, compared more), so
    that its pass is that file's claim too; for game-expectimax, with its best move compared
    (the cases the default asks), so that its pass is tests/test_chance_games.py's claim that
    the dice engine whose table is keyed by state and depth passes."""
    if SEMANTICS[semantics].game and not SEMANTICS[semantics].chance:
        (b,) = [b for b in CARRIED if b.semantics == semantics]
        monkeypatch.chdir(ROOT)
        report = correct_run(b)
        assert not report.behaviours.excluded, report.behaviours.excluded
        return report
    checks = Checks(best_move=SEMANTICS[semantics].game)
    return run_gate(_reference(semantics), "reference", GateOptions(semantics, checks))


@pytest.mark.parametrize("semantics", list(SEMANTICS))
def test_the_default_run_shows_every_feasible_pair(
    semantics: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The claim of docs/conformance.md: the default gate (vectors, then 200 generated cases of
    which the steered ones aim at what is missing) shows every feasible pair of behaviours,
    and its report lists them, and the infeasible ones with their reasons."""
    report = _default_run(semantics, monkeypatch)
    assert report.passed, report.text()
    coverage = report.behaviours
    assert coverage.missing() == [], coverage.text()
    out = report.json()["behaviour_coverage"]
    assert isinstance(out, dict)
    assert out["missing_pairs"] == []
    every = out["all"]
    assert isinstance(every, dict)
    assert every["pairs_shown"] == out["feasible_pairs"] > 0
    assert len(out["infeasible_pairs"]) == len(coverage.infeasible)
    assert all(p["reason"] for p in out["infeasible_pairs"])
    text = report.text()
    assert f"pairs shown: {out['feasible_pairs']} of {out['feasible_pairs']} feasible" in text
    assert "infeasible pairs:" in text
    xml = ET.fromstring(junit_xml(report))
    props = {p.get("name"): p.get("value") for p in xml.iter("property")}
    assert props["behaviour_coverage.pairs_feasible"] == str(out["feasible_pairs"])


def test_the_generated_phase_alone_shows_more_with_steering() -> None:
    """Without the vectors, the steered cases add what the tiers did not show."""
    target = _reference("alphabeta-fail-hard")
    report = run_gate(target, "reference", GateOptions("alphabeta-fail-hard", vectors=False))
    steered = [o for o in report.outcomes if "steered" in o.name]
    assert steered
    assert report.behaviours.missing() == []
    json.dumps(report.json())


def test_skipped_flags_exclude_their_behaviours() -> None:
    target = _reference("alphabeta-fail-soft")
    skip = frozenset({"Wide", "Fraction", "Deep", "Float64"})
    report = run_gate(target, "reference", GateOptions("alphabeta-fail-soft", skip_flags=skip))
    coverage = report.behaviours
    assert {"wide", "fractions", "values-huge"} <= coverage.excluded
    assert not coverage.all().behaviours & coverage.excluded
    assert coverage.missing() == []
    assert (
        "not asked (flags skipped, outside the declared --values, or not asked of this target): "
        "fractions, values-huge, wide" in (report.text())
    )
