"""The gate's report as JUnit XML, the format CI systems read test results in.

Each phase's suite carries what it covered as properties (``coverage.max_branching``,
``coverage.max_height``, ``coverage.max_players``, ``coverage.max_magnitude``, ...; see
:meth:`gametree.conform.scope.Coverage.json`), and which behaviours of the reference and which
pairs of them it showed (``behaviour_coverage.behaviours``, ``behaviour_coverage.pairs`` as
``a+b`` joined by commas, ``behaviour_coverage.pairs_not_shown``, the counts; see
:mod:`gametree.conform.behaviours`), so that a green gate says how much it asked; and the
number type the engine declared (``values``) with the cases outside it that the phase did not
ask (``values.outside``).
"""

import json
import xml.etree.ElementTree as ET

from gametree.conform.behaviours import behaviour_names
from gametree.conform.codec import request, request_line
from gametree.conform.report import Outcome, Report, printable
from gametree.treefile import dumps

__all__ = ["junit_xml"]


def _testcase(suite: ET.Element, o: Outcome, classname: str, *, trace: bool) -> ET.Element:
    name = o.name + (f": {o.comment}" if o.comment else "")
    case = ET.SubElement(suite, "testcase", classname=classname, name=name,
                         time=f"{o.seconds:.6f}")  # fmt: skip
    if o.kind == "skipped":
        ET.SubElement(case, "skipped", message="; ".join(o.problems))
    elif o.failed:
        tag = "failure" if o.kind == "mismatch" else "error"
        element = ET.SubElement(case, tag, type=o.kind, message=(o.problems or [o.kind])[0][:500])
        element.text = _details(o, trace=trace)
    return case


def _details(o: Outcome, *, trace: bool) -> str:
    req = request(o.case, trace=trace, tree=False)
    if o.case.game is not None:
        lines = [*o.problems, f"game: {json.dumps(req.pop('game'))}",
                 f"request (besides the game): {json.dumps(req)}"]  # fmt: skip
    else:
        lines = [*o.problems, f"tree: {dumps(o.case.tree, o.case.bounds)}",
                 f"request (besides the tree): {json.dumps(req)}"]  # fmt: skip
    if o.expected is not None:
        lines.append(f"expected: {json.dumps(o.expected.json())}")
    lines.append(f"actual: {json.dumps(o.response, default=repr)}")
    return "\n".join(lines)


def _properties(suite: ET.Element, report: Report, phase: str) -> None:
    """What the phase covered, as the suite's properties (``coverage.max_branching``, ...)."""
    props = ET.SubElement(suite, "properties")
    ET.SubElement(props, "property", name="scope", value=report.options.scope)
    ET.SubElement(props, "property", name="values", value=report.options.values)
    if report.options.infinity is not None:
        ET.SubElement(props, "property", name="values.infinity",
                      value=str(report.options.infinity))  # fmt: skip
    ET.SubElement(props, "property", name="values.outside", value=str(report.outside[phase]))
    for key, value in report.coverage[phase].json().items():
        text = ",".join(value) if isinstance(value, list) else str(value)
        ET.SubElement(props, "property", name=f"coverage.{key}", value=text)
    b = report.behaviours
    shown = b.phases[phase]
    feasible = b.feasible
    pairs = sorted(shown.pairs & feasible)
    missing = sorted(feasible - shown.pairs)
    for key, text in (
        ("behaviours", ",".join(n for n in behaviour_names(b.semantics) if n in shown.behaviours)),
        ("pairs_shown", str(len(pairs))),
        ("pairs_feasible", str(len(feasible))),
        ("pairs", ",".join(f"{x}+{y}" for x, y in pairs)),
        ("pairs_not_shown", ",".join(f"{x}+{y}" for x, y in missing)),
        ("pairs_infeasible", str(len(b.infeasible))),
    ):
        ET.SubElement(props, "property", name=f"behaviour_coverage.{key}", value=text)


def junit_xml(report: Report) -> str:
    """One ``testsuite`` per phase, one ``testcase`` per case, the minimal failures last."""
    root = ET.Element("testsuites", name=f"gametree conform {report.semantics}")
    trace = report.options.checks.traced  # the request as the target was sent it
    for phase in ("vectors", "generated"):
        outcomes = [o for o in report.outcomes if o.phase == phase]
        suite = ET.SubElement(
            root, "testsuite", name=f"{phase}.{report.semantics}",
            tests=str(len(outcomes)),
            failures=str(sum(o.kind == "mismatch" for o in outcomes)),
            errors=str(sum(o.failed and o.kind != "mismatch" for o in outcomes)),
            skipped=str(sum(o.kind == "skipped" for o in outcomes)),
            time=f"{sum(o.seconds for o in outcomes):.6f}",
        )  # fmt: skip
        _properties(suite, report, phase)
        for o in outcomes:
            _testcase(suite, o, f"gametree.conform.{phase}.{report.semantics}", trace=trace)
    if report.shrunk or report.gave_up:
        suite = ET.SubElement(root, "testsuite", name=f"minimal.{report.semantics}",
                              tests=str(len(report.shrunk) + bool(report.gave_up)))  # fmt: skip
        for s in report.shrunk:
            o = s.minimal
            problems = [*o.problems, *([s.note] if s.note else [])]
            if s.then is not None:  # the request after it in the same process, which failed
                then = request_line(s.then.case, 0, trace=trace).strip()
                problems += [f"then, asked next: {p}" for p in s.then.problems]
                problems.append(f"then, asked next: {then}")
            o = Outcome(f"minimal case from {s.original.name} ({s.steps} steps)", o.phase,
                        o.case, o.kind, problems, o.expected, o.response, o.seconds)  # fmt: skip
            _testcase(suite, o, f"gametree.conform.minimal.{report.semantics}", trace=trace)
        if report.gave_up:
            case = ET.SubElement(suite, "testcase", name="the target kept failing",
                                 classname=f"gametree.conform.{report.semantics}")  # fmt: skip
            ET.SubElement(case, "error", type="gave-up", message=report.gave_up[:500])
    ET.indent(root)
    text = printable(ET.tostring(root, encoding="unicode"))  # XML 1.0 has no control characters
    return '<?xml version="1.0" encoding="utf-8"?>\n' + text + "\n"
