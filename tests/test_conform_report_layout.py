"""The gate's text report leads with the answer (issue 35, item 6); ``--json`` and JUnit keep
their content.

One report is built from a real run: the catalogue's ``cutoff_strict`` (a cut-off tested with
``>`` where ``>=`` belongs) asked a few trees under ``--strict-order``, in a fresh worker
process, with a case that passes, one skipped, a wide tree whose failure's lines run long, and
a crash. Its JSON and JUnit renderings are compared with the ones the report gave before its
text was laid out anew (``report_layout/``, written by ``python -m
tests.test_conform_report_layout``), less what other modules render (coverage, behaviours), which
is compared with those modules' own output instead.
"""

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gametree.conform.faults import Shrunk
from gametree.conform.gate import GateOptions
from gametree.conform.junit import junit_xml
from gametree.conform.report import Outcome, Report
from gametree.conform.run import Run
from gametree.conform.semantics import Case, Checks, case_from_request, expected
from gametree.conform.targets import ProcessTarget

ROOT = Path(__file__).resolve().parent.parent
BEFORE = Path(__file__).resolve().parent / "report_layout"
TARGET = "tests.bugs.alphabeta:cutoff_strict"


def _case(children: list[object], beta: int) -> Case:
    root = {"to_move": 0, "children": children}
    tree = {"format": "gametree-tree/1", "players": 2, "tree": root}
    return case_from_request("alphabeta-fail-hard", {"tree": tree, "alpha": None, "beta": beta})


def _leaves(*values: int) -> list[object]:
    return [{"value": v} for v in values]


def a_report(saved: Path) -> Report:
    """A failing report of ``cutoff_strict``, its minimal cases saved under ``saved``."""
    options = GateOptions("alphabeta-fail-hard", Checks(strict_order=True), keep_going=True)
    report = Report(TARGET, options.semantics, options)
    target = ProcessTarget.from_spec(TARGET, timeout=60.0, startup=60.0)
    run = Run(target, options, report, lambda _step: None, 0.0)
    try:
        minimal = run.ask(_case(_leaves(0, 0), 0), "generated #2 (shrunk)", "generated")
        wide = run.ask(_case(_leaves(5, *range(1, 40)), 5), "tcId 3", "vectors",
                       "a wide root whose first leaf meets beta", ("Wide",))  # fmt: skip
        passing = run.ask(_case(_leaves(1, 2), 0), "tcId 1", "vectors")
    finally:
        target.close()
    deep = _case([{"to_move": 1, "children": _leaves(3, 4)}], 9)
    skipped = Outcome("tcId 2", "vectors", deep, "skipped", ["flag Deep skipped"], None)
    stderr = "Traceback (most recent call last):\n" + "  File engine.py, line 7\n" * 40
    crash = Outcome("generated #1 (tall)", "generated", deep, "crash",
                    [f"the target exited with status 1; its standard error ends: {stderr}"],
                    expected(deep), None, 0.25, "", ("Tall",))  # fmt: skip
    for o in (passing, skipped, wide, crash, minimal):
        o.seconds = 0.25  # the time a reply took is all that varies from run to run
        report.outcomes.append(o)
    report.generated = 2
    report.shrunk = [
        Shrunk(wide, minimal, 7),
        Shrunk(crash, passing, 2, then=minimal, note="it passes alone"),
    ]
    report.seconds = 1.5
    report.first_failure_seconds = 0.5
    report.save_cases(saved)
    return report


def _json(report: Report) -> dict[str, object]:
    """The report's JSON, less what :mod:`gametree.conform.scope` and the behaviours render."""
    out = report.json()
    assert out.pop("coverage") == {
        **{phase: c.json() for phase, c in report.coverage.items()},
        "all": report.covered().json(),
    }
    assert out.pop("behaviour_coverage") == report.behaviours.json()
    return out


def _junit(report: Report) -> str:
    """The report's JUnit XML, less the coverage properties other modules render."""
    root = ET.fromstring(junit_xml(report))
    for props in root.iter("properties"):
        for p in list(props):
            if re.match(r"(coverage|behaviour_coverage)\.", p.get("name", "")):
                props.remove(p)
    return ET.tostring(root, encoding="unicode")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Report:
    saved = tmp_path_factory.mktemp("cases")
    with pytest.MonkeyPatch.context() as m:
        m.chdir(ROOT)  # tests.bugs imports from the checkout's root
        return a_report(saved)


def test_json_is_what_it_was(report: Report) -> None:
    before = json.loads((BEFORE / "report.json").read_text(encoding="utf-8"))
    assert _json(report) == before


def test_junit_is_what_it_was(report: Report) -> None:
    assert _junit(report) == (BEFORE / "junit.xml").read_text(encoding="utf-8")


if __name__ == "__main__":  # write what the report renders now, as the layout's baseline
    sys.path.insert(0, str(ROOT))
    import tempfile

    r = a_report(Path(tempfile.mkdtemp(prefix="gametree-layout-")))
    BEFORE.mkdir(exist_ok=True)
    (BEFORE / "report.json").write_text(json.dumps(_json(r), indent=1) + "\n", encoding="utf-8")
    (BEFORE / "junit.xml").write_text(_junit(r), encoding="utf-8")
