"""Engines right in their own conventions pass with the flags their authors would give (issue 33,
item 1), and each with one mistake is caught, its minimal case showing that mistake.

The conventions: JavaScript's doubles, written back by ``JSON.stringify`` (a Node engine,
``tests/conventions/doubles.js``, ``--values double``); C's ``int64_t`` with ±INT64_MAX as its
infinities (``examples/engine.c`` built with ``-DSENTINEL_INFINITY`` by gcc, ``--values int64
--infinity 9223372036854775807``); a 16-bit engine with ±32000 (``tests/conventions/int16.py``,
``--values int16 --infinity 32000``); a library whose win score 100 is its infinity
(``tests/conventions/win100.py``, ``--infinity 100``). Each runs as a command, in its own
process, through the whole default gate. A mistake's minimal case must fail with the mistake's
own kind and member, and the engine without the mistake must pass it: it shows that mistake,
not another.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gametree.conform.codec import Case
from gametree.conform.faults import Signature
from gametree.conform.gate import GateOptions, Report, run_gate
from gametree.conform.numbers import NUMBER_TYPES
from gametree.conform.report import signature
from gametree.conform.run import evaluate
from gametree.conform.semantics import Checks, check, expected
from gametree.conform.targets import ProcessTarget
from gametree.spec import Node

ROOT = Path(__file__).resolve().parent.parent
CONVENTIONS = ROOT / "tests" / "conventions"
ALL = Checks(best_move=True, principal_variation=True, strict_order=True)
INT64_MAX = 2**63 - 1


def gate(argv: list[str], options: GateOptions) -> Report:
    target = ProcessTarget(argv, timeout=60.0)
    try:
        return run_gate(target, " ".join(argv), options)
    finally:
        target.close()


def caught(right: list[str], wrong: list[str], options: GateOptions, *mistake: Signature) -> None:
    """``wrong`` fails, each minimal case as its failure did, with one of the ``mistake``'s
    signatures, and ``right`` passes it."""
    report = gate(wrong, options)
    assert not report.passed
    assert report.shrunk
    target = ProcessTarget(right, timeout=60.0)
    try:
        for s in report.shrunk:
            assert signature(s.original) == signature(s.minimal), report.text()
            assert signature(s.minimal) in mistake, report.text()
            kind, problems, *_ = evaluate(target, s.minimal.case, options.checks, options.numbers)
            assert kind == "pass", problems
    finally:
        target.close()


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.skip("Node.js is not installed (python3 dev.py test installs it)")
    return found


@pytest.mark.slow
def test_javascript_doubles_written_by_json_stringify_are_the_doubles_they_denote(
    node: str,
) -> None:
    engine = [node, str(CONVENTIONS / "doubles.js")]
    case = Case("alphabeta-fail-hard", Node(0, [2**56 + 16, 1]))
    target = ProcessTarget(engine)
    try:
        reply = target.ask(case, trace=True)
        kind, problems, *_ = evaluate(target, case, ALL, NUMBER_TYPES["double"])
    finally:
        target.close()
    assert isinstance(reply.response, dict)
    assert reply.response["value"] == 72057594037927950  # the shortest text, not 2^56 + 16
    assert check(case, expected(case), reply.response, ALL)  # read exactly: a false alarm
    assert (kind, problems) == ("pass", [])
    report = gate(engine, GateOptions("alphabeta-fail-hard", ALL, values="double"))
    assert report.passed, report.text()[:3000]
    assert report.generated > 100


@pytest.mark.slow
def test_a_javascript_engine_with_max_value_for_infinity_is_caught(node: str) -> None:
    engine = [node, str(CONVENTIONS / "doubles.js")]
    options = GateOptions("alphabeta-fail-hard", ALL, values="double")
    caught(engine, [*engine, "--bug"], options, ("mismatch", "best_move"),
           ("mismatch", "principal_variation"))  # fmt: skip


@pytest.fixture(scope="module")
def int64_engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """``examples/engine.c`` with ±INT64_MAX for its infinities, and with a score in an int."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler (cc or gcc) to build examples/engine.c")
    where = tmp_path_factory.mktemp("int64")
    source = (ROOT / "examples" / "engine.c").read_text()
    narrowed = source.replace("long long v = search(", "int v = (int)search(")
    assert narrowed != source
    built = []
    for name, text in (("right", source), ("int_score", narrowed)):
        (where / f"{name}.c").write_text(text)
        subprocess.run([cc, "-O2", "-Wall", "-DSENTINEL_INFINITY", "-o", str(where / name),
                        str(where / f"{name}.c")], check=True)  # fmt: skip
        built.append(where / name)
    return built[0], built[1]


SOFT = Checks(best_move=True, strict_order=True)


@pytest.mark.slow
def test_c_int64_with_int64_max_for_infinity_needs_and_gets_one_flag(
    int64_engines: tuple[Path, Path],
) -> None:
    right, _ = int64_engines
    alone = gate([str(right)], GateOptions("alphabeta-fail-soft", SOFT, values="int64"))
    assert not alone.passed
    hint = f"says --infinity {INT64_MAX} (only scores strictly inside are then asked)"
    assert all(hint in line for line in alone.text().splitlines() if "--infinity" in line)
    assert hint in alone.text()
    minimal = alone.json()["minimal"]
    assert isinstance(minimal, list)
    assert all(hint in m["hint"] for m in minimal)
    declared = GateOptions("alphabeta-fail-soft", SOFT, values="int64", infinity=INT64_MAX)
    report = gate([str(right)], declared)
    assert report.passed, report.text()[:3000]
    assert report.outside["vectors"] > alone.outside["vectors"]  # the extremes, not asked


def test_a_c_int64_engine_that_holds_a_score_in_an_int_is_caught(
    int64_engines: tuple[Path, Path],
) -> None:
    right, wrong = int64_engines
    declared = GateOptions("alphabeta-fail-soft", SOFT, values="int64", infinity=INT64_MAX)
    caught([str(right)], [str(wrong)], declared, ("mismatch", "value"))


INT16 = [sys.executable, str(CONVENTIONS / "int16.py")]
INT16_OPTIONS = GateOptions("negamax-alphabeta-fail-hard", ALL, values="int16", infinity=32000)


@pytest.mark.slow
def test_a_16_bit_engine_with_32000_for_infinity_passes_and_its_mistake_is_caught() -> None:
    report = gate(INT16, INT16_OPTIONS)
    assert report.passed, report.text()[:3000]
    assert report.covered().magnitude == 31999  # its largest score, asked
    caught(INT16, [*INT16, "--bug"], INT16_OPTIONS, ("mismatch", "trace"))


WIN100 = [sys.executable, str(CONVENTIONS / "win100.py")]
WIN100_OPTIONS = GateOptions("alphabeta-fail-soft", ALL, full_window=True, infinity=100)


@pytest.mark.slow
def test_a_win_score_engine_passes_inside_its_infinity_and_its_mistake_is_caught() -> None:
    report = gate(WIN100, WIN100_OPTIONS)
    assert report.passed, report.text()[:3000]
    assert report.covered().magnitude == 99
    assert not gate(WIN100, GateOptions("alphabeta-fail-soft", ALL, full_window=True)).passed
    caught(WIN100, [*WIN100, "--bug"], WIN100_OPTIONS, ("mismatch", "best_move"))
