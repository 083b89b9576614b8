"""The gate's text report leads with the answer (issue 35, item 6): the verdict, each minimal
case with the commands that ask it again of the target and print what the gate expects, the
failures (each line cut to a width), then coverage; ``--json`` and JUnit keep their content.

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
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gametree.conform.codec import Case, case_from_request
from gametree.conform.faults import Shrunk
from gametree.conform.gate import GateOptions
from gametree.conform.junit import junit_xml
from gametree.conform.report import WIDTH, Outcome, Report
from gametree.conform.run import Run
from gametree.conform.semantics import Checks, expected
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
    target = ProcessTarget.from_spec(TARGET, timeout=60.0, startup=60.0)
    report = Report(TARGET, options.semantics, options, command=target.argv)
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


def _sections(text: str) -> list[list[str]]:
    return [block.splitlines() for block in text.split("\n\n")]


def test_the_report_leads_with_the_verdict_then_the_minimal_cases(report: Report) -> None:
    head, first, second, failures, coverage = _sections(report.text())
    assert head[0] == "result: FAILED (3 failures) in 1.5 s"
    assert head[1].startswith(f"gametree conform: target {TARGET}, semantics alphabeta-fail-hard")
    assert first[0].startswith("minimal failing case, from tcId 3 (41 nodes) shrunk in 7 steps")
    assert second[0].startswith("minimal failing case, from generated #1 (tall)")
    for case in (first, second):
        assert [line.split(":")[0].strip() for line in case[-3:]] == [
            "the whole case (request, expected, actual)",
            "asked again of the target",
            "what the gate expects of it",
        ]
    assert [line for line in failures if line.startswith("FAIL")] == [
        "FAIL mismatch: vectors tcId 3 [Wide] (a wide root whose first leaf meets beta)",
        "FAIL crash: generated #1 (tall) [Tall]",
        "FAIL mismatch: generated #2 (shrunk)",
    ]
    assert coverage[:2] == [
        "vectors: 1 mismatch, 1 pass, 1 skipped",
        "generated: 1 crash, 1 mismatch",
    ]


def test_the_failures_list_cuts_each_line_to_the_width(report: Report) -> None:
    failures = _sections(report.text())[3]
    assert failures[0].startswith(f"(each line cut to {WIDTH} characters")
    assert max(len(line) for line in failures) == WIDTH
    crash = failures[failures.index("FAIL crash: generated #1 (tall) [Tall]") + 1]
    assert crash.startswith("  the target exited with status 1; its standard error ends: Trace")
    assert crash.endswith("...")
    whole = report.json()["failures"][1]["problems"][0]  # type: ignore[index]
    assert len(whole) > 1000


def _asked_again(line: str) -> list[dict[str, object]]:
    """The replies of the target to the command a report's line names, run as a shell would."""
    command = line.split(": ", 1)[1]
    done = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=True)  # fmt: skip
    assert shlex.split(command)[-2] == "<"
    return [json.loads(reply) for reply in done.stdout.splitlines()]


def test_the_command_that_asks_the_target_again_gets_the_actual_answer(report: Report) -> None:
    first, second = _sections(report.text())[1:3]
    (reply,) = _asked_again(first[-2])
    assert {k: v for k, v in reply.items() if k != "id"} == report.shrunk[0].minimal.response
    passing, then = _asked_again(second[-2])  # the case, then the request that failed after it
    assert "value" in passing
    assert {k: v for k, v in then.items() if k != "id"} == report.shrunk[1].then.response  # type: ignore[union-attr]


def test_a_target_run_in_the_gate_s_process_has_no_such_command(report: Report) -> None:
    alone = Report(TARGET, report.semantics, report.options, shrunk=report.shrunk,
                   outcomes=report.outcomes, saved=report.saved)  # fmt: skip
    assert "asked again of the target" not in alone.text()
    assert "what the gate expects of it" in alone.text()


if __name__ == "__main__":  # write what the report renders now, as the layout's baseline
    sys.path.insert(0, str(ROOT))
    import tempfile

    r = a_report(Path(tempfile.mkdtemp(prefix="gametree-layout-")))
    BEFORE.mkdir(exist_ok=True)
    (BEFORE / "report.json").write_text(json.dumps(_json(r), indent=1) + "\n", encoding="utf-8")
    (BEFORE / "junit.xml").write_text(_junit(r), encoding="utf-8")
