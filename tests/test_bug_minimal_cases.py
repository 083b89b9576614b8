"""Every minimal case of the bug catalogue (docs/bugs.md) fails, replayed as the report says, the
way the failure it came from failed (issue 33, item 2): the same kind and, for a wrong answer,
the same first member wrong.

The rows are read from ``gametree/conform/catalogue.json`` when the tests are collected, so
every row the catalogue holds is replayed, those added later too. Each kept case is asked of
its bug in a fresh process, with the options the catalogue gated it with; a case that passes
alone and leaves the engine broken is asked first, and the request kept after it then fails.
"""

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gametree.conform.codec import case_from_request
from gametree.conform.gate import GateOptions
from gametree.conform.report import signature
from gametree.conform.run import evaluate
from gametree.conform.semantics import Checks
from gametree.conform.targets import ProcessTarget
from gametree.conform.vectors import CATALOGUE, _entries
from tests.bugs import BUGS

ROOT = Path(__file__).resolve().parent.parent
ENTRIES: list[dict[str, Any]] = _entries(CATALOGUE)
"""The catalogue's rows, read without recursion (some trees are 1,200 deep), as the gate reads
them: once a process (the vectors' collection reads them too)."""
BY_NAME = {b.name: b for b in BUGS}


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Targets named ``tests.bugs.*`` import from the checkout's root."""
    monkeypatch.chdir(ROOT)


def test_every_row_says_how_its_failure_failed() -> None:
    assert len(ENTRIES) == len(BUGS)
    for e in ENTRIES:
        kind, member = e["fails"]
        assert kind in {"mismatch", "error", "crash", "timeout", "garbage", "memory"}, e["bug"]
        assert bool(member) == (kind == "mismatch"), e["bug"]


@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["bug"] for e in ENTRIES])
def test_a_kept_case_replayed_fails_as_its_failure_did(entry: dict[str, Any]) -> None:
    b = BY_NAME[entry["bug"]]
    options = GateOptions(b.semantics, Checks(b.best_move, b.principal_variation, b.strict_order),
                          values=b.values)  # fmt: skip
    case = case_from_request(entry["semantics"], entry["input"])
    target = ProcessTarget.from_spec(b.target, timeout=60.0, startup=60.0)
    try:
        kind, problems, *_ = evaluate(target, case, options.checks, options.numbers)
        if "then" in entry:  # it passes alone, and the request after it then fails
            assert kind == "pass", problems
            then = case_from_request(entry["semantics"], entry["then"])
            kind, problems, *_ = evaluate(target, then, options.checks, options.numbers)
    finally:
        target.close()
    replayed = signature(SimpleNamespace(kind=kind, problems=problems))  # type: ignore[arg-type]
    assert replayed == tuple(entry["fails"]), problems
