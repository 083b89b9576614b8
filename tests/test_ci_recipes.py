"""docs/ci.md's recipes, run as written, and the pre-commit hook, tried as a user would.

The page's GitHub Actions workflow and GitLab CI job are read from the page (as the README's
doctests are), and every command a runner would run (each step's ``run``, each ``script``
line) is run here, in order, in a new directory holding the engine the recipes build
(``examples/engine.c``), with this environment's ``python`` and ``gametree`` first on the
``PATH``. The steps only a CI service runs (check out, set up Python, upload, publish) are
not run; the report they publish must be the file the gate wrote. ``pip install`` runs with
``PIP_NO_INDEX`` set: ``gametree[testing]`` is installed here, as it is on a runner once that
step has run, and the test must not depend on reaching an index.

``pre-commit try-repo`` installs the hook of ``.pre-commit-hooks.yaml`` from this checkout in
an environment of its own (from PyPI, which is reachable; GitHub is not needed) and runs it in
a new repository holding a Python engine and a ``.gametree-conform``.
"""

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "ci.md"
BLOCK = re.compile(r"^## (?P<title>[^\n]+)\n.*?^```yaml\n(?P<body>.*?)^```", re.M | re.S)


def recipes() -> dict[str, Any]:
    """The page's first YAML block under each heading, parsed."""
    return {m["title"]: yaml.safe_load(m["body"]) for m in BLOCK.finditer(PAGE.read_text())}


def github_commands() -> tuple[list[str], list[str]]:
    """The workflow's ``run`` commands, and the files its publishing steps read."""
    steps = recipes()["GitHub Actions"]["jobs"]["gate"]["steps"]
    publishing = [s["with"] for s in steps if "with" in s and "python" not in s["uses"]]
    published = [w.get("path") or w.get("report_paths") for w in publishing]
    return [s["run"] for s in steps if "run" in s], published


def gitlab_commands() -> tuple[list[str], list[str]]:
    """The job's ``script`` lines, and the JUnit report it publishes."""
    job = recipes()["GitLab CI"]["gate"]
    return job["script"], [job["artifacts"]["reports"]["junit"]]


def run_as_a_runner(commands: list[str], where: Path) -> list[subprocess.CompletedProcess[str]]:
    """Each command in a shell in ``where``, in order, stopping at the first that fails."""
    (where / "examples").mkdir()
    shutil.copy(ROOT / "examples" / "engine.c", where / "examples" / "engine.c")
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "PIP_NO_INDEX": "1"}  # fmt: skip
    done = []
    for command in commands:
        shell = ["bash", "-e", "-c", command]
        done.append(subprocess.run(shell, cwd=where, env=env, capture_output=True, text=True,
                                   timeout=900, check=False))  # fmt: skip
        if done[-1].returncode != 0:
            break
    return done


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")
def test_the_recipes_install_build_and_gate_the_engine_as_written(tmp_path: Path) -> None:
    """Both recipes run the same commands (as the next test checks), so they are run once;
    each recipe publishes the report the gate wrote."""
    commands, github_published = github_commands()
    gitlab, gitlab_published = gitlab_commands()
    assert commands == gitlab
    assert [c.split()[0] for c in commands] == ["python", "cc", "gametree"]
    done = run_as_a_runner(commands, tmp_path)
    assert [d.returncode for d in done] == [0, 0, 0], done[-1].stdout[-2000:] + done[-1].stderr
    assert "result: PASSED" in done[-1].stdout
    junit = re.search(r"--junit (\S+)", commands[-1])
    assert junit is not None
    for published in (github_published, gitlab_published):
        assert set(published) == {junit[1]}  # what is published is what the gate wrote
    suites = ET.parse(tmp_path / junit[1]).getroot().findall("testsuite")
    assert sum(int(s.get("tests", "0")) for s in suites) > 500
    assert {(s.get("failures"), s.get("errors")) for s in suites} == {("0", "0")}


def test_the_recipes_gate_the_same_engine_the_same_way() -> None:
    assert github_commands()[0] == gitlab_commands()[0]


def test_the_hook_manifest_names_the_gate() -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert [h["id"] for h in hooks] == ["gametree-conform"]
    assert hooks[0]["entry"] == "gametree conform"
    assert hooks[0]["args"] == ["@.gametree-conform"]
    assert "gametree-conform" in PAGE.read_text()


ENGINE = """\
from gametree.spec import minimax
from gametree.treefile import json_value, read_tree_json


def solve(request):
    tree = read_tree_json(request["tree"]).tree
    return {"value": json_value(minimax(tree).value + OFF)}
"""


@pytest.mark.slow
def test_pre_commit_try_repo_runs_the_hook_on_a_python_engine(tmp_path: Path) -> None:
    """The hook passes a right engine and fails a wrong one with its minimal case (about a
    minute each: pre-commit builds gametree from this checkout into an environment of its
    own, a pure-Python build so that no compiler is needed)."""
    repo = tmp_path / "project"
    repo.mkdir()
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"),
           "GAMETREE_PURE_PYTHON": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}  # fmt: skip
    env.pop("PIP_NO_INDEX", None)

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)

    def try_repo(off: int) -> subprocess.CompletedProcess[str]:
        (repo / "engine.py").write_text(ENGINE.replace("OFF", str(off)))
        git("add", "-A")
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "gametree-conform",
             "--all-files"],
            cwd=repo, env=env, capture_output=True, text=True, timeout=1200, check=False,
        )  # fmt: skip

    git("init", "-q")
    (repo / ".gametree-conform").write_text("--target engine:solve --semantics minimax\n"
                                            "--budget 20  # a quick hook\n")  # fmt: skip
    right = try_repo(0)
    assert right.returncode == 0, right.stdout[-3000:] + right.stderr[-2000:]
    assert re.search(r"gametree conform\.+Passed", right.stdout), right.stdout[-3000:]
    wrong = try_repo(1)
    assert wrong.returncode == 1, wrong.stdout[-3000:] + wrong.stderr[-2000:]
    assert "minimal failing case" in wrong.stdout
    assert "value: expected 0, got 1" in wrong.stdout
