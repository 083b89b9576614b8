"""The gate's mutation harness (``mutation/gate.py``) on a small slice: it tells mutants apart.

Each check runs the gate as the harness does (the mutant in a worker process, the reference
unmutated in this one) with a few generated cases: the unmutated search passes, a mutant that
changes what shallow pruning reads is killed, and an equivalent mutant of alpha-beta's kernel
survives; ``mutation/gate.md``'s tables are the stored results, every survivor explained.
Nothing is timed.
"""

from pathlib import Path

import pytest

from gametree.conform.chance_cases import with_chance
from gametree.conform.scale import scale_cases
from gametree.conform.scope import SCOPES
from gametree.conform.targets import ProcessTarget
from gametree.spec import iter_leaves
from mutation.gate import BEFORE, EQUIVALENT, RESULTS, SUBJECTS, TABLE, Subject, ask, load, sample
from mutation.gate_table import BEGIN, listed, table
from mutation.gate_target import environment
from mutation.loosened import combs, compare
from mutation.operators import OPERATORS, Mutant, mutants

ROOT = Path(__file__).resolve().parent.parent
HANG_GUARD = 600.0
"""Seconds the deep scale case may take (about 10 on an idle core)."""


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker imports ``mutation.gate_target`` from the checkout's root."""
    monkeypatch.chdir(ROOT)


def _subject(key: str) -> Subject:
    (s,) = [s for s in SUBJECTS if s.key == key]
    return s


def _mutant(s: Subject, before: str, after: str) -> Mutant:
    return next(m for m in mutants(s.module, s.functions) if (m.before, m.after) == (before, after))


@pytest.mark.slow
def test_the_unmutated_search_passes_and_a_mutant_of_its_cut_off_is_killed() -> None:
    s = _subject("shallow@gametree.impl.shallow")
    assert not ask(None, s, vectors=True, budget=10).killed
    strict = _mutant(s, "best[player] >= bound", "best[player] > bound")
    verdict = ask(strict, s, vectors=False, budget=30)
    assert verdict.killed
    assert verdict.by.startswith("generated"), verdict.by


@pytest.mark.slow
def test_an_equivalent_mutant_survives() -> None:
    """When r equals alpha, alpha is set to the value it has: ``r >= a`` for ``r > a``."""
    s = _subject("alphabeta-fail-hard@gametree.impl._kernel")
    verdict = ask(_mutant(s, "r > a", "r >= a"), s, vectors=True, budget=10)
    assert not verdict.killed, verdict.by


def test_every_subject_names_functions_that_exist_and_samples_each_operator() -> None:
    for s in SUBJECTS:
        every = mutants(s.module, s.functions)
        chosen = sample(s, 2)
        assert set(chosen) <= set(every)
        for op in OPERATORS:
            of = [m for m in every if m.operator == op]
            assert len([m for m in chosen if m.operator == op]) == min(2, len(of))


def test_the_lists_read_the_rows_of_each_section() -> None:
    text = (ROOT / "mutation" / "gate_equivalent.md").read_text(encoding="utf-8")
    rows = listed(text)
    assert rows
    assert {section for section, _, _ in rows.values()} <= {"Equivalent", "Explained"}


def test_each_listed_mutant_is_still_the_change_its_row_names() -> None:
    text = (ROOT / "mutation" / "gate_equivalent.md").read_text(encoding="utf-8")
    for key, (_, change, why) in listed(text).items():
        name, semantics = key.rsplit("@", 1)
        module, function, _ = name.split(":")
        found = [m for m in mutants(module, (function,)) if m.name == name]
        assert [m.change for m in found] == [change], key
        assert any(s.semantics == semantics and s.module == module for s in SUBJECTS), key
        assert why, key


def test_the_doc_s_tables_are_the_stored_results_and_explain_every_survivor() -> None:
    """``mutation/gate.md`` holds what ``python -m mutation.gate table`` writes from the results."""
    lists = listed(EQUIVALENT.read_text(encoding="utf-8"))
    written = table(load(BEFORE), load(RESULTS), lists)
    assert TABLE.read_text(encoding="utf-8").split(BEGIN, 1)[1].strip() == written.strip()
    assert "**not explained**" not in written
    controls = {k: v for k, v in load(RESULTS).items() if k.startswith("control@")}
    assert controls
    assert not [k for k, v in controls.items() if v["killed"]]


@pytest.mark.slow
def test_star2_in_the_harness_answers_the_deep_scale_case_with_each_leaf_read_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Star2 asked through the harness once failed the default run's last scale case (a chain
    of 1,000 plies and more) as a reply the gate could not read: it read the probed children's
    subtrees again, 176,418 leaves where there are 74,082, and its trace came to 103 MiB, past
    the gate's limit on a reply line (64 MiB). Since Star2 keeps its probes' replies each leaf
    is read at most once, so the reply fits in that of a search that reads every leaf once."""
    s = _subject("star2@gametree.impl.star")
    *_, (shape, drawn) = scale_cases(s.semantics, SCOPES["default"], count=3, seed=0,
                                     skip=frozenset())  # fmt: skip
    assert shape == "deep"
    for k, v in environment(None, s.search).items():
        monkeypatch.setenv(k, v)
    target = ProcessTarget.from_spec("mutation.gate_target:answer", timeout=HANG_GUARD)
    try:
        reply = target.ask(with_chance(drawn), trace=True)
    finally:
        target.close()
    assert reply.kind == "answer", reply.detail
    assert isinstance(reply.response, dict)
    read = [tuple(p) for p in reply.response["trace"]]
    assert len(read) == len(set(read))
    assert set(read) <= {tuple(p) for p, _ in iter_leaves(drawn.tree)}


def test_optimal_s_loosened_propagation_changes_no_verdict_on_small_combs() -> None:
    """``mutation.loosened`` on every comb of 3 levels, 2 players, ``Bounds(0, 2)``: the
    survivor ``_Decision.raise_to:SDL0`` changes no necessity verdict, where a raise that
    breaks a bound and is reported feasible (its first ``return False`` -> ``return True``)
    changes some."""
    trees = combs(2, 2, 3)
    searches, differ = compare(trees, 2)
    assert searches > len(trees)
    assert differ == []
    flaw = next(m for m in mutants("gametree.impl._optimal_kernel", ("_Decision.raise_to",))
                if (m.operator, m.before, m.after) == ("CRP", "False", "True"))  # fmt: skip
    assert compare(trees, 2, flaw.name)[1]
