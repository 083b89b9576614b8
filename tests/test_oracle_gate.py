"""The conformance gate: it passes what conforms, and catches broken engines with a minimal tree.

The broken alpha-betas are ``examples/alphabeta_targets.py``; the external engines are
``examples/external_engine.py`` (a separate Python process) and ``examples/engine.js`` (Node,
when ``node`` is installed). Misbehaving targets (crash, hang, garbage, memory) are small
scripts written here.
"""

import json
import shutil
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gametree import cli
from gametree._json import loads
from gametree.algorithms import Options, lookup
from gametree.conform import gate as gate_module
from gametree.conform.codec import Case
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.semantics import SEMANTICS, Checks, check, expected
from gametree.conform.targets import CallableTarget, ProcessTarget, parse_target
from gametree.conform.vectors import vector_cases
from gametree.impl import BOTTOM, TOP
from gametree.spec import iter_leaves
from gametree.treefile import json_value, read_tree_json

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Targets named ``examples.*`` import from the checkout's root."""
    monkeypatch.chdir(ROOT)


def conform(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    """Run ``gametree conform ... --json``; the exit code and the report."""
    try:
        code = cli.main(["conform", *argv, "--json"])
    except SystemExit as e:
        code = int(e.code or 0)
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else {}


def minimal_tree(report: dict[str, Any]) -> dict[str, Any]:
    (first, *_) = report["minimal"]
    tree: dict[str, Any] = first["request"]["tree"]
    return tree


def size(tree: dict[str, Any]) -> int:
    doc = read_tree_json(tree)
    return doc.tree.size


# The vectors. That the committed files are a fresh generation, and no file more or fewer, is
# what ``gametree vectors verify`` checks, and tests/test_oracle_cli.py runs it on them.


IMPL_BY_SEMANTICS = {
    "minimax": [("alphabeta-fail-hard", False), ("mtdf", False)],
    "negamax": [("negamax-alphabeta-fail-hard", False), ("pvs", False)],
    "alphabeta-fail-hard": [("alphabeta-fail-hard", True)],
    "alphabeta-fail-soft": [
        ("alphabeta-fail-soft", True),
        ("alphabeta-fail-hard", True),
        ("mtdf", False),
    ],
    "negamax-alphabeta-fail-hard": [("negamax-alphabeta-fail-hard", True)],
    "negamax-alphabeta-fail-soft": [
        ("negamax-alphabeta-fail-soft", True),
        ("pvs", False),
    ],
    "maxn": [
        ("maxn", True),
        ("shallow", False),
        ("immediate", False),
        ("last-branch", False),
        ("speculative", False),
    ],
    "immediate": [("immediate", True)],
    "shallow": [("shallow", True), ("last-branch", False)],
    "optimal": [("optimal", True), ("shallow", False), ("last-branch", False)],
    "paranoid": [("paranoid", True), ("spec.paranoid", False)],
    "pvs": [("pvs", True)],
    # Its leaves on trees read from their text (no shared nodes): tests/test_conform_semantics.py.
    "mtdf": [("mtdf", False)],
    "last-branch": [("last-branch", True)],
    "speculative": [("speculative", True)],
    "deep-pruning-unsound": [("deep-pruning-unsound", True)],
    # The game semantics: impl.Engine passes them in tests/test_bug_catalogue.py.
    "game-negamax": [],
    "game-negamax-stand-pat": [],
    "game-negamax-witness": [],
    "game-deepening": [],
    # impl.game_expectimax passes it in tests/test_chance_games.py.
    "game-expectimax": [],
    "expectimax": [("expectimax", True)],
    "star1": [("star1", True)],
    "star2": [("star2", True)],
    "brs-plus": [("brs-plus", True)],
}
"""Each semantics and the impl searches that claim it (with their leaf order, or not)."""


def impl_answer(name: str, case: Case) -> dict[str, object]:
    found = lookup(name)
    a = found.algorithm
    options = Options(
        alpha=BOTTOM if case.alpha is None else case.alpha,
        beta=TOP if case.beta is None else case.beta,
        player=case.player,
        first_guess=case.first_guess,
    )
    if "alpha" not in a.options:
        assert case.alpha is None or not SEMANTICS[case.semantics].window
        options = Options(player=case.player)
    if "domain" in a.options:
        options = Options(domain=case.domain)
    bounds = case.bounds
    if a.needs_bounds and bounds is None:
        from gametree.spec import Bounds

        bounds = Bounds(0, 9)
    r = found.run(case.tree, case.interval if a.needs_interval else bounds, options, trace=True)
    return {"value": json_value(r.value), "best_move": r.best_move,
            "principal_variation": list(r.principal_variation),
            "trace": [list(p) for p in r.trace or ()]}  # fmt: skip


@pytest.mark.parametrize("semantics", list(SEMANTICS))
def test_every_impl_search_passes_the_vectors_of_what_it_claims(semantics: str) -> None:
    for i, vc in enumerate(vector_cases(semantics), start=1):
        case = vc.case
        e = expected(case)  # once a case, for every search that claims the semantics
        for name, ordered in IMPL_BY_SEMANTICS[semantics]:
            if lookup(name).algorithm.needs_bounds and case.bounds is None:
                continue  # maxn's vectors without Korf's bounds
            checks = Checks(best_move=True, principal_variation=True, strict_order=ordered)
            problems = check(case, e, impl_answer(name, case), checks)
            assert not problems, (name, f"tcId {i}", vc.comment, problems)


def test_the_gate_passes_impl_through_the_worker(capsys: pytest.CaptureFixture[str]) -> None:
    """A conforming Python target, end to end: worker process, vectors, generated trees."""
    code, report = conform(["--target", "examples.alphabeta_targets:fail_hard", "--semantics",
                            "alphabeta-fail-hard", "--strict-order", "--best-move",
                            "--principal-variation", "--skip-flag", "Deep", "--budget", "60"],
                           capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]
    assert report["passed"] is True
    assert report["vectors"]["pass"] > 200
    assert report["vectors"]["skipped"] == 2
    assert report["generated"]["pass"] > 20


# The deliberately broken alpha-betas: each caught, each with a minimal tree.


def test_an_off_by_one_cutoff_is_caught_by_the_leaf_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["--target", "examples.alphabeta_targets:off_by_one", "--semantics",
            "alphabeta-fail-hard", "--skip-flag", "Deep", "--budget", "30"]  # fmt: skip
    code, report = conform(base, capsys)
    assert code == 0  # its values are right: '>' only reads leaves it should not
    code, report = conform([*base, "--strict-order"], capsys)
    assert code == 1
    assert report["passed"] is False
    first = report["minimal"][0]
    assert first["kind"] == "mismatch"
    assert first["problems"][0].startswith("trace:")
    tree = minimal_tree(report)
    assert size(tree) <= 4  # a node, a child, two leaves: the second is read for nothing
    assert len(first["actual"]["trace"]) == len(first["expected"]["trace"]) + 1


def test_fail_soft_returned_from_a_fail_hard_claim_is_caught(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, report = conform(["--target", "examples.alphabeta_targets:soft_as_hard",
                            "--semantics", "alphabeta-fail-hard", "--skip-flag", "Deep",
                            "--budget", "30"], capsys)  # fmt: skip
    assert code == 1
    first = report["minimal"][0]
    assert first["problems"][0].startswith("value: expected")
    assert size(minimal_tree(report)) == 2  # Max over one leaf, below alpha
    request = first["request"]
    assert request["alpha"] is not None
    assert first["expected"]["value"] == request["alpha"]  # fail-hard: alpha itself
    assert first["actual"]["value"] < request["alpha"]  # fail-soft: the leaf
    # The same target passes as what it is: fail-soft.
    code, report = conform(["--target", "examples.alphabeta_targets:soft_as_hard",
                            "--semantics", "alphabeta-fail-soft", "--skip-flag", "Deep",
                            "--budget", "30", "--strict-order"], capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]


def test_a_swapped_window_in_negamax_is_caught(capsys: pytest.CaptureFixture[str]) -> None:
    good = ["--semantics", "negamax-alphabeta-fail-hard", "--skip-flag", "Deep", "--budget",
            "30", "--strict-order", "--best-move"]  # fmt: skip
    code, report = conform(["--target", "examples.alphabeta_targets:negamax_fail_hard", *good],
                           capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]
    code, report = conform(["--target", "examples.alphabeta_targets:swapped_window", *good],
                           capsys)  # fmt: skip
    assert code == 1
    tree = minimal_tree(report)
    assert size(tree) <= 4
    assert any(
        p.startswith(("value", "'value'", "trace")) for p in report["minimal"][0]["problems"]
    )


def test_the_text_report_prints_the_minimal_tree_with_expected_and_actual(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = cli.main(["conform", "--target", "examples.alphabeta_targets:soft_as_hard",
                     "--semantics", "alphabeta-fail-hard", "--skip-flag", "Deep",
                     "--budget", "0"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 1
    assert "minimal failing case" in out
    tree_line = next(ln for ln in out.splitlines() if ln.startswith("  tree: "))
    doc = read_tree_json(json.loads(tree_line.removeprefix("  tree: ")))
    assert doc.tree.size == 2
    assert "  expected: " in out
    assert "  actual: " in out
    assert out.splitlines()[0].startswith("result: FAILED")  # the answer first


def test_hypothesis_finds_and_shrinks_what_the_vectors_miss(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no vectors, the generated phase alone finds a bug three levels down and shrinks it."""
    monkeypatch.setattr(gate_module, "vector_cases", lambda _semantics: [])

    def shallow_minimax(request: dict[str, Any]) -> dict[str, Any]:
        t = read_tree_json(request["tree"]).tree
        depth_cut = t.height >= 3  # the bug: deeper trees are cut at depth 2 and guessed 0
        from gametree.spec import minimax

        return {"value": 0 if depth_cut else json_value(minimax(t).value)}

    report = run_gate(CallableTarget(shallow_minimax), "shallow_minimax",
                      GateOptions("minimax", budget=200))  # fmt: skip
    assert not report.passed
    (shrunk,) = report.shrunk
    assert shrunk.minimal.case.tree.height == 3
    assert shrunk.minimal.case.tree.size == 4  # a chain of three nodes to one leaf
    assert shrunk.minimal.kind == "mismatch"


# External programs.


def test_an_engine_in_a_separate_process_with_junit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junit = tmp_path / "junit.xml"
    code, report = conform([
        "--target", f"{sys.executable} examples/external_engine.py", "--semantics",
        "alphabeta-fail-soft", "--strict-order", "--best-move", "--budget", "40",
        "--junit", str(junit)], capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]
    suites = ET.parse(junit).getroot()
    vectors = suites.find("testsuite[@name='vectors.alphabeta-fail-soft']")
    assert vectors is not None
    assert int(vectors.get("tests", 0)) == len(vector_cases("alphabeta-fail-soft"))
    assert vectors.get("failures") == "0"
    assert vectors.get("errors") == "0"
    # It declines what it does not do, and the gate reports that as an error.
    code, report = conform(["--target", f"{sys.executable} examples/external_engine.py",
                            "--semantics", "maxn", "--budget", "0"], capsys)  # fmt: skip
    assert code == 1
    assert report["failures"][0]["kind"] == "error"
    assert "does not do maxn" in report["failures"][0]["problems"][0]


def test_junit_marks_failures_and_the_minimal_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junit = tmp_path / "junit.xml"
    argv = ["--target", "examples.alphabeta_targets:soft_as_hard", "--semantics",
            "alphabeta-fail-hard", "--budget", "0", "--junit", str(junit)]  # fmt: skip
    code, _ = conform(argv, capsys)
    assert code == 1
    root = ET.parse(junit).getroot()
    failures = root.findall(".//testcase/failure")
    assert failures
    assert all(f.get("type") == "mismatch" for f in failures)
    minimal = root.find("testsuite[@name='minimal.alphabeta-fail-hard']/testcase/failure")
    assert minimal is not None
    assert minimal.text is not None
    assert "tree: " in minimal.text


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_an_engine_in_javascript(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = conform(["--target", "node examples/engine.js", "--semantics",
                            "alphabeta-fail-hard", "--strict-order", "--best-move",
                            "--budget", "40"], capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]
    assert report["vectors"]["pass"] == len(vector_cases("alphabeta-fail-hard"))


BAD_TARGETS = {
    "crash": "import sys\nsys.stdin.readline()\nsys.exit(3)\n",
    "hang": "import sys, time\nsys.stdin.readline()\ntime.sleep(60)\n",
    "garbage": "import sys\nfor line in sys.stdin:\n    print('hello', flush=True)\n",
    "wrong-id": (
        "import json, sys\nfor line in sys.stdin:\n"
        "    print(json.dumps({'id': -1, 'value': 0}), flush=True)\n"
    ),
    "memory": (
        "import sys\nfor line in sys.stdin:\n    hog = bytearray(1 << 30)\n"
        "    print(len(hog), flush=True)\n"
    ),
    "silent-exit": "import sys\nsys.exit(0)\n",
}


@pytest.mark.parametrize(
    ("name", "kind", "words"),
    [
        ("crash", "crash", "exit 3"),
        ("hang", "timeout", "no reply within 0.6 s (--timeout 0.3 s, and 0.3 s more to start)"),
        ("garbage", "garbage", "not a JSON line"),
        ("wrong-id", "garbage", "the reply's id is -1"),
        ("memory", "memory", "MemoryError"),
        ("silent-exit", "crash", "exit 0"),
    ],
)
def test_a_target_that_misbehaves_is_reported_and_never_hangs_the_gate(
    name: str, kind: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / f"{name}.py"
    script.write_text(BAD_TARGETS[name])
    code, report = conform(["--target", f"{sys.executable} {script}", "--semantics", "minimax",
                            "--budget", "0", "--timeout", "0.3", "--startup", "0.3",
                            "--memory", "300"], capsys)  # fmt: skip
    assert code == 1
    first = report["failures"][0]
    assert first["kind"] == kind
    assert words in first["problems"][0]
    if kind in {"crash", "timeout"}:
        assert report["gave_up"] is not None  # five in a row: the gate stops asking


def test_a_target_that_cannot_start_exits_4(capsys: pytest.CaptureFixture[str]) -> None:
    for target in ["examples.no_such_module:solve", "/no/such/engine --flag",
                   "examples.alphabeta_targets:no_such_function"]:  # fmt: skip
        code = cli.main(["conform", "--target", target, "--semantics", "minimax", "--budget",
                         "0"])  # fmt: skip
        err = capsys.readouterr().err
        assert code == 4, target
        assert err.startswith("gametree conform: error: ")
        assert "Traceback" not in err


def test_target_strings() -> None:
    assert parse_target("a.b:c") == ("python", ["a.b:c"])
    assert parse_target("python:engine:solve") == ("python", ["engine:solve"])
    assert parse_target("command:a.b:c") == ("command", ["a.b:c"])
    assert parse_target("./engine 'two words'") == ("command", ["./engine", "two words"])
    with pytest.raises(Exception, match=r"package\.module:function"):
        ProcessTarget.from_spec("python:not a callable")


def test_in_process_targets_report_errors_timeouts_and_non_json() -> None:
    case = vector_cases("minimax")[0].case

    def raises(_request: dict[str, Any]) -> dict[str, Any]:
        raise ValueError("no")

    def loops(_request: dict[str, Any]) -> dict[str, Any]:
        while True:
            pass

    def not_json(_request: dict[str, Any]) -> dict[str, Any]:
        return {"value": object()}

    assert CallableTarget(raises).ask(case, trace=False).kind == "error"
    assert CallableTarget(loops, timeout=0.2).ask(case, trace=False).kind == "timeout"
    assert CallableTarget(not_json).ask(case, trace=False).kind == "error"


def test_the_pytest_plugin_gives_projects_the_gate(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_engine.py").write_text(
        textwrap.dedent("""
        from gametree.treefile import json_value, read_tree_json
        from gametree.spec import minimax

        def engine(request):
            return {"value": json_value(minimax(read_tree_json(request["tree"]).tree).value)}

        def test_conforms(gametree_conform, gametree_strategies):
            report = gametree_conform(engine, "minimax", budget=20)
            assert report.passed
            assert gametree_strategies.scalar_trees

        def test_broken(gametree_conform):
            gametree_conform("examples.alphabeta_targets:soft_as_hard",
                             "alphabeta-fail-hard", budget=0)
    """)
    )
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, check=False,
        env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert "1 failed, 1 passed" in done.stdout, done.stdout[-3000:]
    assert "minimal failing case" in done.stdout


def test_vector_files_parse_and_name_their_flags() -> None:
    """The committed files, which ``vectors verify`` finds a fresh generation."""
    files = sorted((ROOT / "gametree" / "vectors").glob("*.json"))
    assert len(files) == len(SEMANTICS) + 1
    for path in files:
        name, doc = path.name, loads(path.read_text(encoding="utf-8"))
        assert isinstance(doc, dict)
        tests = [t for g in doc["testGroups"] for t in g["tests"]]
        assert doc["numberOfTests"] == len(tests)
        assert [t["tcId"] for t in tests] == list(range(1, len(tests) + 1))
        if name != "tree_format.json":
            used = {f for t in tests for f in t["flags"]}
            assert used == set(doc["notes"]), name
    flags = {f for vc in vector_cases("alphabeta-fail-hard") for f in vc.flags}
    assert {"WorkedExample", "Tie", "WindowBelow", "WindowAbove", "DeepCutoff", "BestCase",
            "UnaryNode", "BoundaryEqual"} <= flags  # fmt: skip
    flags = {f for vc in vector_cases("shallow") for f in vc.flags}
    assert {"KorfFigure5", "DeepPruningTrap", "BestCase", "ShallowPrune", "Tie"} <= flags


def test_every_tree_vector_with_a_fraction_is_flagged_so() -> None:
    """A target working in floats skips ``Fraction``; no exact fraction may slip past that."""
    for semantics in SEMANTICS:
        for vc in vector_cases(semantics):
            if vc.case.game is not None:
                continue
            leaves = [leaf.value for _, leaf in iter_leaves(vc.case.tree)]
            values = [c for v in leaves for c in (v if isinstance(v, tuple) else (v,))]
            if any(isinstance(v, Fraction) and v.denominator != 1 for v in values):
                assert "Fraction" in vc.flags, (semantics, vc.comment)
