"""Hostile targets: engines that misbehave in every way the gate must survive.

``tests/test_oracle_gate.py`` has the plain ones (crash, hang, garbage, wrong id, one big
allocation, silent exit). Here: an engine that answers correctly formed but wrong, slowly; one
that allocates a megabyte at a time without end; one that writes a line without end; one that
floods its standard error; replies nested 10^5 deep, with 5,000,000-digit numbers, NaN, invalid
UTF-8, fields of every wrong type. For each the gate reports what happened and finishes, within
a generous deadline, and its report can be printed and written as JSON.

The engines are small scripts run as command targets; the gate is run with a small shrink
budget (and only the vectors of one flag) so that the whole file takes seconds.
"""

import json
import re
import sys
import time
import tracemalloc
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree import cli
from gametree.conform.codec import Case
from gametree.conform.gate import GateOptions, Report, run_gate
from gametree.conform.junit import junit_xml
from gametree.conform.report import FAILURES
from gametree.conform.semantics import Checks
from gametree.conform.targets import ProcessTarget, Reply
from gametree.conform.vectors import vector_cases

ROOT = Path(__file__).resolve().parent.parent

# The vectors of minimax whose only flags are these: a handful, each asked once.
KEEP = {"WorkedExample"}
SKIP = frozenset({f for vc in vector_cases("minimax") for f in vc.flags} - KEEP)
ASKED = [vc for vc in vector_cases("minimax") if set(vc.flags) <= KEEP]

PREAMBLE = f"""\
import json, sys, time
sys.path.insert(0, {str(ROOT)!r})
from gametree.treefile import json_value, read_tree_json
from gametree.spec import minimax

def value(request):
    return minimax(read_tree_json(request["tree"]).tree).value

def reply(obj):
    sys.stdout.write(json.dumps(obj) + "\\n")
    sys.stdout.flush()
"""

ENGINES: dict[str, str] = {
    # A valid reply, the value off by one, after 0.2 s: a mismatch, not a timeout.
    "slow-wrong": PREAMBLE + (
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    time.sleep(0.2)\n"
        "    reply({'id': r['id'], 'value': json_value(value(r) + 1)})\n"
    ),
    # A megabyte at a time, without end: the address-space limit stops it.
    "gradual-memory": (
        "import sys\nsys.stdin.readline()\nhog = []\n"
        "while True:\n    hog.append(bytearray(1 << 20))\n"
    ),
    # One line that never ends: garbage once it passes 64 MiB, whatever the deadline.
    "endless-line": (
        "import sys\nsys.stdin.readline()\nchunk = b'7' * (1 << 20)\n"
        "while True:\n    sys.stdout.buffer.write(chunk)\n    sys.stdout.flush()\n"
    ),
    # Standard error flooded, no reply: stopped at 64 MiB (it was kept in a file: the disk).
    "stderr-flood": (
        "import sys\nsys.stdin.readline()\nchunk = 'e' * (1 << 20)\n"
        "while True:\n    sys.stderr.write(chunk)\n"
    ),
    # Nesting 10^5 deep where a value belongs, and in the error: pinned, a RecursionError.
    "deep-value": PREAMBLE + (
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    sys.stdout.write('{\"id\": %d, \"value\": %s}\\n' % (r['id'], '[' * 100000 + "
        "']' * 100000))\n"
        "    sys.stdout.flush()\n"
    ),
    "deep-error": PREAMBLE + (
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    sys.stdout.write('{\"id\": %d, \"error\": %s}\\n' % (r['id'], '[' * 100000 + "
        "']' * 100000))\n"
        "    sys.stdout.flush()\n"
    ),
    # A number of 5,000,000 digits: not a value.
    "huge-number": PREAMBLE + (
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    sys.stdout.write('{\"id\": %d, \"value\": %s}\\n' % (r['id'], '9' * 5000000))\n"
        "    sys.stdout.flush()\n"
    ),
    # Bytes that are not UTF-8.
    "not-utf8": (
        "import sys\nfor line in sys.stdin:\n"
        "    sys.stdout.buffer.write(b'{\"id\": 1, \"value\": \"\\xff\"}\\n')\n"
        "    sys.stdout.flush()\n"
    ),
    # Right value, every other field of the wrong type, nested deep.
    "wrong-fields": PREAMBLE + (
        "deep = 1\nfor _ in range(30):\n    deep = [deep]\n"
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    reply({'id': r['id'], 'value': json_value(value(r)), 'best_move': {'a': deep},\n"
        "           'principal_variation': 'x' * 100000, 'trace': [deep] * 1000})\n"
    ),
    # Closes its output but lives on: a crash, not a hang.
    "closes-output": (
        "import os, sys, time\nsys.stdin.readline()\nos.close(1)\ntime.sleep(60)\n"
    ),
}  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "kind", "words", "checks"),
    [
        ("slow-wrong", "mismatch", "value: expected", False),
        ("gradual-memory", "memory", "MemoryError", False),
        ("endless-line", "garbage", "longer than 64 MiB", False),
        ("stderr-flood", "garbage", "more than 64 MiB on its standard error", False),
        ("deep-value", "garbage", "nested deeper than 32 levels", False),
        ("deep-error", "garbage", "nested deeper than 32 levels", False),
        ("huge-number", "mismatch", "longer than 1000 characters", False),
        ("not-utf8", "garbage", "not a JSON line", False),
        ("wrong-fields", "mismatch", "best_move: expected", True),
        ("closes-output", "crash", "closed its output", False),
    ],
)
def test_a_hostile_engine_is_reported_and_the_gate_finishes(
    name: str, kind: str, words: str, checks: bool, tmp_path: Path
) -> None:
    script = tmp_path / f"{name}.py"
    script.write_text(ENGINES[name])
    # A hang guard, far above the worst case on a loaded machine: none of these engines is
    # caught by the clock (with 1 s, a busy 2-core machine reported gradual-memory's hog as
    # "no reply within 1 s" before it reached the address-space limit).
    target = ProcessTarget([sys.executable, str(script)], timeout=30.0, startup=30.0,
                           memory_mb=400)  # fmt: skip
    options = GateOptions("minimax", budget=0, skip_flags=SKIP, shrink_budget=1,
                          shrink_seconds=2.0)  # fmt: skip
    if checks:
        options = GateOptions("minimax", Checks(True, True, True), budget=0, skip_flags=SKIP,
                              shrink_budget=1, shrink_seconds=2.0)  # fmt: skip
    started = time.monotonic()
    try:
        report = run_gate(target, name, options)
    finally:
        target.close()
    assert time.monotonic() - started < 180  # generous: it finishes
    assert not report.passed
    first = report.failures[0]
    assert first.kind == kind, first.problems
    assert any(words in p for p in first.problems), first.problems
    assert_printable(report)


def assert_printable(report: Report) -> None:
    """The report prints as text and as JSON, neither too long to read nor recursing."""
    text = report.text()
    assert "result: FAILED" in text
    assert max(len(line) for line in text.splitlines()) < 5000
    assert json.loads(json.dumps(report.json()))["passed"] is False


def test_a_slow_wrong_engine_through_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same, through ``gametree conform``: exit 1, the mismatch in the JSON report."""
    script = tmp_path / "slow_wrong.py"
    script.write_text(ENGINES["slow-wrong"])
    monkeypatch.chdir(ROOT)
    argv = ["conform", "--target", f"{sys.executable} {script}", "--semantics", "minimax",
            "--budget", "0", "--timeout", "30", "--json"]  # fmt: skip
    for flag in sorted(SKIP):
        argv += ["--skip-flag", flag]
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert code == 1, err
    report = json.loads(out)
    assert report["failures"][0]["kind"] == "mismatch"
    assert report["vectors"]["mismatch"] == len(ASKED)


def test_control_characters_and_lone_surrogates_in_replies_print_and_make_valid_junit(
    tmp_path: Path,
) -> None:
    """Pinned: a reply's "\\ud800" made --junit a UnicodeEncodeError traceback, and NUL or ESC
    made the XML invalid (and drove the terminal)."""
    script = tmp_path / "control.py"
    script.write_text(
        "import json, sys\nfor line in sys.stdin:\n    r = json.loads(line)\n"
        "    print(json.dumps({'id': r['id'], 'error': 'bad \\u0000 \\u001b[31m \\ud800 end',"
        " 'value': '\\ud800'}), flush=True)\n"
    )
    target = ProcessTarget([sys.executable, str(script)], timeout=2.0, startup=5.0)
    try:
        report = run_gate(target, "control", GateOptions("minimax", budget=0, skip_flags=SKIP))
    finally:
        target.close()
    assert report.failures[0].kind == "error"
    text = report.text()
    text.encode("utf-8")  # no lone surrogate
    assert "\\x00 \\x1b[31m \\ud800 end" in text
    assert not re.search("[\x00-\x08\x0b-\x1f]", text)
    xml = junit_xml(report)
    root = ET.fromstring(xml.encode("utf-8"))
    assert root.tag == "testsuites"


FAT = PREAMBLE + (
    "pad = [0] * 50_000\n"
    "for line in sys.stdin:\n"
    "    r = json.loads(line)\n"
    "    v = value(r) + ('value' in r['tree']['tree'])  # wrong on a lone leaf\n"
    "    reply({'id': r['id'], 'value': json_value(v), 'padding': pad})\n"
)


@pytest.mark.slow
def test_replies_of_megabytes_on_every_case_do_not_accumulate(tmp_path: Path) -> None:
    """Pinned: the gate kept every reply (20 MB replies to 32 vectors peaked at 3.2 GB).

    A pass keeps nothing of its reply, a failure each member no longer than 64 KiB of JSON.
    """
    script = tmp_path / "fat.py"
    script.write_text(FAT)
    target = ProcessTarget([sys.executable, str(script)], timeout=10.0, startup=10.0,
                           memory_mb=1000)  # fmt: skip
    options = GateOptions("minimax", budget=0, skip_flags=frozenset({"Deep"}), shrink_budget=2)
    tracemalloc.start()
    try:
        report = run_gate(target, "fat", options)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        target.close()
    passes = [o for o in report.outcomes if o.kind == "pass"]
    assert len(passes) > 20
    assert all(o.response is None for o in passes)
    (first, *_) = report.failures
    assert first.kind == "mismatch"
    assert isinstance(first.response, dict)
    assert first.response["padding"] == "(150000 characters of JSON, not kept)"
    assert peak < 8 * 1024 * 1024  # about 4 MB; all 31 replies kept, about 14 MB
    assert_printable(report)


CALLABLES = f"""\
import os, sys
sys.path.insert(0, {str(ROOT)!r})
from gametree.treefile import json_value, read_tree_json
from gametree.spec import minimax


def value(request):
    return json_value(minimax(read_tree_json(request["tree"]).tree).value)


def chatty(request):  # prints on its standard output: the worker keeps that out of the protocol
    print("thinking...", flush=True)
    return {{"value": value(request)}}


def deep(request):
    reply = 1
    for _ in range(100_000):
        reply = [reply]
    return {{"value": reply}}


def nan(request):
    return {{"value": float("nan")}}


def a_set(request):
    return {{"value": {{1, 2}}}}


def exits(request):
    sys.exit(0)


def writes_fd1(request):
    os.write(1, b"not the protocol\\n")
    return {{"value": value(request)}}
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("function", "kind", "words"),
    [
        ("chatty", "pass", ""),
        ("deep", "error", "RecursionError"),
        ("nan", "mismatch", "NaN is not a JSON number"),
        ("a_set", "error", "not JSON"),
        ("exits", "crash", "closed its output"),
        ("writes_fd1", "garbage", "not a JSON line"),
    ],
)
def test_a_hostile_python_callable_is_reported_through_the_worker(
    function: str, kind: str, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "hostile_callables.py").write_text(CALLABLES)
    monkeypatch.chdir(tmp_path)  # the worker imports from the current directory
    target = ProcessTarget.from_spec(f"hostile_callables:{function}", timeout=5.0, startup=10.0,
                                     memory_mb=1000)  # fmt: skip
    options = GateOptions("minimax", budget=0, skip_flags=SKIP, shrink_budget=2)
    try:
        report = run_gate(target, function, options)
    finally:
        target.close()
    kinds = {o.kind for o in report.outcomes if o.kind != "skipped"}
    if kind == "pass":
        assert kinds == {"pass"}, report.text()
        return
    first = report.failures[0]
    assert first.kind == kind, first.problems
    assert any(words in p for p in first.problems), first.problems
    assert_printable(report)


# --- any reply at all: the gate's checks never raise ----------------------------------------


class Scripted:
    """A target that replies with the given lines, read as a process target reads them."""

    def __init__(self, lines: list[str]) -> None:
        self.lines, self.asked = lines, 0
        self.reader = ProcessTarget(["unused"])

    def ask(self, case: Case, *, trace: bool) -> Reply:
        line = self.lines[self.asked % len(self.lines)].replace("ID", "1")
        self.asked += 1
        return self.reader._reply(line.encode("utf-8", "surrogatepass"), 1, 0.0)

    def close(self) -> None:
        """Nothing to release."""


JSON_ATOMS = st.one_of(
    st.sampled_from(
        [
            "null",
            "true",
            "false",
            "NaN",
            "-Infinity",
            "1e400",
            "0",
            "-0",
            "1.5",
            '"1/0"',
            '"3/7"',
            '"x"',
            "9" * 1200,
            '"' + "9" * 1200 + '"',
            "[]",
            "{}",
            "[" * 40 + "]" * 40,
            '{"a": 1, "a": 2}',
        ]
    ),
    st.integers(-(10**30), 10**30).map(str),
)
REPLY_VALUES = st.recursive(
    JSON_ATOMS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.dictionaries(st.sampled_from(["value", "id", "x"]), inner, max_size=3).map(
            lambda d: "{" + ", ".join(f'"{k}": {v}' for k, v in d.items()) + "}"
        ),
    ),
    max_leaves=12,
)


@st.composite
def replies(draw: st.DrawFn) -> str:
    """A reply line: an object with the request's id and any values in the protocol's fields.

    Shrinks towards ``{"id": ID}``.
    """
    fields = draw(st.dictionaries(
        st.sampled_from(["value", "best_move", "principal_variation", "trace", "error", "kind",
                         "depth"]),
        REPLY_VALUES, max_size=5,
    ))  # fmt: skip
    return "{" + ", ".join(['"id": ID', *(f'"{k}": {v}' for k, v in fields.items())]) + "}"


@pytest.mark.slow
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(
    lines=st.lists(replies(), min_size=1, max_size=3),
    semantics=st.sampled_from(["minimax", "maxn", "alphabeta-fail-hard", "game-deepening"]),
)
def test_any_reply_is_a_pass_or_a_reported_failure_never_an_exception(
    lines: list[str], semantics: str
) -> None:
    options = GateOptions(semantics, Checks(True, True, True), budget=0, shrink_budget=3,
                          shrink_seconds=1.0, skip_flags=frozenset())  # fmt: skip
    report = run_gate(Scripted(lines), "scripted", options)
    kinds = {o.kind for o in report.outcomes}
    assert kinds <= {"pass", "skipped", *FAILURES}
    text = report.text()
    assert "result:" in text
    data: dict[str, Any] = json.loads(json.dumps(report.json()))
    assert data["passed"] == (not report.failures)
