"""What a first user met gating engines (issue 27), each point pinned where a test can tell.

The README's gate commands name the extra they need; an engine that does not flush is asked
whether it did, and the time it was given is the time stated; a sanitizer's build is told to
lift ``--memory``; vector failures name their flags; the generated phase asks its whole
budget; ``--json`` shows the ``trace`` the target was sent; the pytest fixture refuses what
the command line refuses; no ``.hypothesis/`` is left behind; a double is shown as written;
``dev.py`` shows pip's output only when it fails.
"""

import inspect
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gametree import cli
from gametree.conform.codec import Case
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.scope import DEEP
from gametree.conform.semantics import SEMANTICS
from gametree.conform.targets import CallableTarget, ProcessTarget
from gametree.conform.vectors import vector_cases
from gametree.spec import Node

ROOT = Path(__file__).resolve().parent.parent


def conform(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    code = cli.main(["conform", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_the_readme_gate_commands_install_the_extra_the_gate_needs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (ROOT / "README.md").read_text()
    block = readme[readme.index("**Gate an engine.**") :].split("```console\n")[1].split("```")[0]
    assert block.startswith("$ gametree conform ")
    installing = readme[readme.index("## Installing") :].split("\n## ")[0]
    extra = "`gametree[testing]` (Hypothesis, pytest): the generated trees of `gametree conform`"
    assert extra in " ".join(installing.split())
    # Without Hypothesis, the gate says which extra brings it.
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    code = cli.main(["conform", "--target", "impl.alphabeta", "--semantics", "minimax",
                     "--no-vectors"])  # fmt: skip
    assert code == 2
    assert "pip install 'gametree[testing]'" in capsys.readouterr().err


UNFLUSHED = """\
import json, os, sys
out = os.fdopen(1, "w", buffering=1 << 16)  # block-buffered, whatever PYTHONUNBUFFERED says
for line in sys.stdin:
    r = json.loads(line)
    out.write(json.dumps({"id": r["id"], "value": 0}) + "\\n")  # never flushed
"""


def test_an_engine_that_does_not_flush_is_asked_whether_it_did(tmp_path: Path) -> None:
    script = tmp_path / "unflushed.py"
    script.write_text(UNFLUSHED)
    case = Case("minimax", Node.by_depth([0, 0]))
    target = ProcessTarget([sys.executable, str(script)], timeout=0.5, startup=1.5)
    try:
        first = target.ask(case, trace=False)
        again = target.ask(case, trace=False)
    finally:
        target.close()
    assert first.kind == again.kind == "timeout"
    # The time given is the time stated: the startup allowance is named where it was given.
    assert first.detail.startswith("no reply within 2 s (--timeout 0.5 s, and 1.5 s more to start)")
    assert "did the engine flush its reply?" in first.detail
    assert first.seconds >= 2
    assert again.detail.startswith("no reply within 2 s")  # a new process: started again


SANITIZED = """\
import sys
sys.stdin.readline()
sys.stderr.write("==7==ERROR: AddressSanitizer failed to allocate 0xdfff0001000 bytes\\n"
                 "==7==ReserveShadowMemoryRange failed. Perhaps you're using ulimit -v\\n")
sys.exit(1)
"""


@pytest.mark.parametrize("memory", [300, 0])
def test_a_sanitizer_dying_under_the_memory_limit_is_told_to_lift_it(
    memory: int, tmp_path: Path
) -> None:
    script = tmp_path / "sanitized.py"
    script.write_text(SANITIZED)
    target = ProcessTarget([sys.executable, str(script)], memory_mb=memory)
    try:
        reply = target.ask(Case("minimax", Node.by_depth([1])), trace=False)
    finally:
        target.close()
    assert reply.kind == "crash"
    assert ("try --memory 0" in reply.detail) == (memory != 0)


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")
def test_a_real_address_sanitizer_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = tmp_path / "engine"
    source = str(ROOT / "examples" / "engine.c")
    built = subprocess.run(["cc", "-fsanitize=address", "-o", str(engine), source],
                           capture_output=True, check=False)  # fmt: skip
    if built.returncode != 0:
        pytest.skip("cc cannot build with -fsanitize=address here")
    flags = ["--skip-flag", "Fraction", "--skip-flag", "Int64", "--budget", "0"]
    code, report = conform(["--target", str(engine), "--semantics", "minimax", *flags], capsys)
    assert code == 1
    assert "try --memory 0" in report["failures"][0]["problems"][0]
    code, report = conform(["--target", str(engine), "--semantics", "minimax", "--memory", "0",
                            *flags], capsys)  # fmt: skip
    assert code == 0, report["failures"][:1]


@pytest.mark.slow
def test_vector_failures_name_their_flags_in_the_text_and_the_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    argv = ["conform", "--target", "examples.alphabeta_targets:soft_as_hard", "--semantics",
            "alphabeta-fail-hard", "--budget", "0"]  # fmt: skip
    assert cli.main(argv) == 1
    text = capsys.readouterr().out
    assert re.search(r"^FAIL mismatch: vectors tcId \d+ \[\w+(, \w+)*\] \(.*$", text, re.M)
    code, report = conform(argv[1:], capsys)
    assert code == 1
    assert all(f["flags"] for f in report["failures"])


@pytest.mark.slow
def test_the_generated_phase_asks_its_whole_budget() -> None:
    """Hypothesis draws some cases twice; the gate asks ``budget`` distinct ones."""
    report = run_gate(CallableTarget(_minimax), "spec", GateOptions("minimax", vectors=False))
    assert report.generated == 200
    assert len({o.case for o in report.outcomes}) == 200


def _minimax(request: dict[str, Any]) -> dict[str, Any]:
    from gametree.spec import minimax
    from gametree.treefile import read_tree_json

    return {"value": minimax(read_tree_json(request["tree"]).tree).value}


@pytest.mark.slow
@pytest.mark.parametrize("strict", [False, True])
def test_the_json_request_shows_the_trace_flag_the_target_was_sent(
    strict: bool, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    order = ["--strict-order"] if strict else []
    code, report = conform(["--target", "examples.alphabeta_targets:soft_as_hard", "--semantics",
                            "alphabeta-fail-hard", "--budget", "0", "--skip-flag", "Deep",
                            *order], capsys)  # fmt: skip
    assert code == 1
    assert {f["request"]["trace"] for f in report["failures"]} == {strict}
    assert {m["request"]["trace"] for m in report["minimal"]} == {strict}


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"skip_flags": "Fraction"}, "skip_flags is a collection of flags, such as ['Fraction']"),
        ({"skip_flags": ["Fraktion"]}, "no flag 'Fraktion' (skip_flags): the flags are "),
        ({"semantics": "alphabeta"}, "no semantics 'alphabeta': the semantics are minimax, "),
    ],
)
def test_the_fixture_refuses_what_the_command_line_refuses(
    options: dict[str, Any], words: str, gametree_conform: Callable[..., Any]
) -> None:
    semantics = options.pop("semantics", "minimax")
    with pytest.raises(ValueError, match=re.escape(words)):
        gametree_conform("impl.alphabeta", semantics, budget=0, **options)


def test_the_docs_list_every_option_of_the_fixture(gametree_conform: Callable[..., Any]) -> None:
    page = (ROOT / "docs" / "conformance.md").read_text()
    table = page[page.index("| keyword | default | command line |") :].split("\n\n")[0]
    documented = set(re.findall(r"`(\w+)`", "\n".join(row.split("|")[1] for row in
                                                       table.splitlines()[2:])))  # fmt: skip
    parameters = inspect.signature(gametree_conform).parameters.values()
    assert documented == {p.name for p in parameters if p.kind == p.KEYWORD_ONLY}


def test_conform_leaves_no_hypothesis_directory_behind(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "HYPOTHESIS_STORAGE_DIRECTORY"}
    main = "import sys; from gametree import cli; sys.exit(cli.main(sys.argv[1:]))"
    done = subprocess.run([sys.executable, "-c", main, "conform", "--target",
                           "impl.alphabeta", "--semantics", "minimax", "--no-vectors",
                           "--budget", "10"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_double_in_a_reply_is_shown_as_written_beside_its_exact_value() -> None:
    report = run_gate(CallableTarget(lambda _request: {"value": 1.001}), "doubles",
                      GateOptions("minimax", budget=0))  # fmt: skip
    assert "got 1.001 (exactly 2254051613498933/2251799813685248)" in report.failures[0].problems[0]


def test_dev_py_shows_pips_output_only_when_it_fails(capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(ROOT))
    try:
        import dev
    finally:
        sys.path.remove(str(ROOT))
    warn = "import sys; print('a warning box'); print('more', file=sys.stderr)"
    dev.run_quietly([sys.executable, "-c", warn])
    assert capsys.readouterr() == ("", "")
    with pytest.raises(SystemExit) as stopped:
        dev.run_quietly([sys.executable, "-c", warn + "; sys.exit(3)"])
    assert stopped.value.code == 3
    out, err = capsys.readouterr()
    assert out == "a warning box\n"
    assert err == "more\n"


@pytest.mark.slow
def test_every_vector_whose_request_a_recursive_reader_cannot_take_is_flagged_deep() -> None:
    """A request nests two JSON levels a level of its tree: from height 400 a vector is
    ``Deep``, the catalogue's 497-deep one included, so an engine that skips ``Deep`` as the
    docs advise is not failed by its reader."""
    heights = {}
    for semantics in SEMANTICS:
        for vc in vector_cases(semantics):
            h = vc.case.tree.height
            assert ("Deep" in vc.flags) == (h >= DEEP), (semantics, vc.comment)
            heights[vc.comment] = h
    assert 400 <= DEEP < 495 < max(heights.values())
    assert any(h == 497 for h in heights.values())
