"""The gametree users install: a wheel built from the checkout, in a fresh venv outside it.

Issue 16: the gate that users install (``pip install gametree[testing]``) was not the one the
tests run. A wheel left out the files the package reads (the bug catalogue's cases, so the gate
silently had fewer vectors; the proofs' pinned trees, so ``gametree prove`` ended in a
traceback; the vectors ``gametree vectors verify`` checks) and the compiled alpha-beta kernel.
Here the sdist and the wheel are built as an installer builds them (``python -m build``, in
isolation), the wheel is installed with the ``testing`` and ``prove`` extras in a new venv in
a temporary folder, and every command is run from a folder outside the checkout, against the
same commands run from the source the wheel was built from.

The build and the installation happen once for the module: about a minute on two cores with
pip's cache warm, and the whole module about two minutes (three on a machine busy with other
work). Every subprocess has a generous timeout, as a guard against a hang, never as a limit on
speed.

``GAMETREE_WHEEL_SOURCE=DIR`` builds from another tree instead of the checkout, for instance a
``git worktree`` of an older commit, to see what these tests catch there.
"""

import fnmatch
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import tomllib
import urllib.request
import zipfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs
import pytest

from gametree import impl
from gametree.commands import vectors as vectors_command
from gametree.conform import vectors
from gametree.proofs import THEOREMS
from gametree.proofs.machinery import verified
from gametree.proofs.nagini import NAGINI
from gametree.proofs.theorems import optimality, pinned
from gametree.serve import server

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path(os.environ.get("GAMETREE_WHEEL_SOURCE") or ROOT).resolve()
"""The tree the wheel is built from: the checkout, unless the environment names another."""

HANG_GUARD = 1200.0
"""Seconds any one subprocess may take before it counts as hung (the slowest, a build with
mypyc or an installation with a cold pip cache, takes about a minute)."""

CONFORM_RUNS = [
    ("alphabeta_targets:fail_hard", ["--skip-flag", "Deep"], True),
    ("alphabeta_targets:off_by_one", ["--strict-order"], False),
]
"""(target, options, passes): a conforming alpha-beta and a broken one (examples/)."""


def conform(target: str, options: Sequence[str]) -> list[str | Path]:
    """``gametree conform``'s arguments for one of CONFORM_RUNS, a few generated trees, JSON."""
    return ["conform", "--target", target, "--semantics", "alphabeta-fail-hard", *options,
            "--budget", "10", "--json"]  # fmt: skip


def package_data_patterns() -> dict[str, list[str]]:
    """``[tool.setuptools.package-data]``: package name to the globs of its data files."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns: dict[str, list[str]] = config["tool"]["setuptools"]["package-data"]
    return patterns


def is_package_data(path: Path) -> bool:
    """Whether a file of the checkout's gametree package matches a package-data glob."""
    relative = path.resolve().relative_to(ROOT)
    for package, globs in package_data_patterns().items():
        if package == "*":
            if any(fnmatch.fnmatch(relative.name, g) for g in globs):
                return True
            continue
        folder = Path(*package.split("."))
        if relative.is_relative_to(folder):
            inside = relative.relative_to(folder).as_posix()
            if any(fnmatch.fnmatch(inside, g) for g in globs):
                return True
    return False


def read_at_run_time() -> list[Path]:
    """The files the package reads at run time, named by their readers' own constants."""
    packaged_vectors = sorted(vectors_command.PACKAGED.glob("*.json"))
    page = [server.ASSET_FOLDER / name for name in server.ASSETS]
    return [vectors.CATALOGUE, pinned.DATA, optimality.DATA, *packaged_vectors, *page]


def test_every_file_the_package_reads_at_run_time_is_package_data() -> None:
    """The readers' files (a missing one is ``MissingPackageDataError``, exit code 5), the
    schema and the type markers."""
    read = read_at_run_time() + sorted((ROOT / "gametree" / "schema").glob("*.json"))
    read += sorted((ROOT / "gametree").rglob("py.typed"))
    assert len(read) > 10
    for path in read:
        assert path.exists(), path
        assert is_package_data(path), f"{path.relative_to(ROOT)} is not package data"


def clean_environment() -> dict[str, str]:
    """This environment without what would point a child at the checkout or this run."""
    dropped = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTEST_ADDOPTS", "PYTEST_PLUGINS"}
    return {k: v for k, v in os.environ.items() if k not in dropped}


def run(
    command: Sequence[str | Path], *, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in ``cwd`` (a clean environment unless ``env``), with the hang guard."""
    return subprocess.run(
        [str(c) for c in command],
        cwd=cwd,
        env=clean_environment() if env is None else env,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )


def succeeded(done: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    """``done``, after checking that it exited with 0 (else its output is the failure)."""
    assert done.returncode == 0, f"{done.args}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done


@functools.cache
def source_run(work: Path, args: tuple[str | Path, ...]) -> subprocess.CompletedProcess[str]:
    """SOURCE's ``gametree`` with ``args`` in ``work`` (the checkout's .venv, SOURCE first on
    the path), run once for the tests that compare with it: SOURCE does not change while they
    run (the plugin's test and the first gate run's compare with the same command)."""
    env = {**clean_environment(), "PYTHONPATH": str(SOURCE)}
    return run([sys.executable, "-m", "gametree.cli", *args], cwd=work, env=env)


@attrs.frozen
class Installation:
    """The wheel built from SOURCE, its sdist, the venv it is installed in, a folder to work in."""

    wheel: Path
    sdist: Path
    bin: Path
    work: Path

    def gametree(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        """The installed ``gametree``, run in the work folder."""
        return run([self.bin / "gametree", *args], cwd=self.work)

    def source_gametree(self, *args: str | Path) -> subprocess.CompletedProcess[str]:
        """The same command from SOURCE itself (:func:`source_run`)."""
        return source_run(self.work, args)

    def both(
        self, args: Sequence[str | Path], source_args: Sequence[str | Path] | None = None
    ) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
        """The installed command and SOURCE's (with ``source_args`` if given), side by side."""
        with ThreadPoolExecutor(2) as pool:
            wheel = pool.submit(self.gametree, *args)
            source = pool.submit(
                self.source_gametree, *(args if source_args is None else source_args)
            )
            return wheel.result(), source.result()


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installation:
    """Build the sdist and the wheel from SOURCE; install the wheel in a new venv."""
    base = tmp_path_factory.mktemp("wheel")
    assert not base.is_relative_to(ROOT)
    dist = base / "dist"
    succeeded(run([sys.executable, "-m", "build", "--outdir", dist, SOURCE], cwd=base))
    (wheel,) = dist.glob("*.whl")
    (sdist,) = dist.glob("*.tar.gz")
    venv = base / "venv"
    succeeded(run([sys.executable, "-m", "venv", venv], cwd=base))
    bin_ = venv / ("Scripts" if os.name == "nt" else "bin")
    # pytest for the plugin's project below; pip's own cache is reused from run to run.
    pip: list[str | Path] = [bin_ / "python", "-m", "pip", "install", "--quiet"]
    succeeded(run([*pip, f"{wheel}[testing,prove]", "pytest"], cwd=base))
    work = base / "work"
    work.mkdir()
    shutil.copy(ROOT / "examples" / "alphabeta_targets.py", work)
    return Installation(wheel, sdist, bin_, work)


def test_every_tracked_file_of_the_package_that_is_not_python_is_package_data() -> None:
    """Nothing of the package a user reads (its README, data) is left out of the wheel."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the tracked files are unknown")
    tracked = subprocess.run(
        ["git", "ls-files", "gametree"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    others = [ROOT / name for name in tracked if not name.endswith(".py")]
    assert len(others) > 10
    assert [p.relative_to(ROOT).as_posix() for p in others if not is_package_data(p)] == []


slow = pytest.mark.slow


@slow
def test_the_wheel_carries_the_package_data_and_no_pure_copy_of_the_kernel(
    installed: Installation,
) -> None:
    with zipfile.ZipFile(installed.wheel) as archive:
        names = set(archive.namelist())
    data = [p.relative_to(ROOT).as_posix() for p in read_at_run_time()]
    assert not [d for d in data if d not in names]
    for name, compiled in (("_kernel", impl.KERNEL_COMPILED),
                           ("_optimal_kernel", impl.OPTIMAL_KERNEL_COMPILED)):  # fmt: skip
        assert f"gametree/impl/{name}_mypyc.py" not in names  # mypyc's input, tagged as the build
        assert f"gametree/impl/{name}.py" in names
        kernel = sorted(n for n in names if n.startswith(f"gametree/impl/{name}_mypyc"))
        if compiled:  # a compiler and mypyc are here: the wheel has the build
            assert [n.split(".")[0] for n in kernel] == [
                f"gametree/impl/{name}_mypyc",
                f"gametree/impl/{name}_mypyc__mypyc",
            ]
            assert "-py3-none-any" not in installed.wheel.name
        elif not kernel:
            assert installed.wheel.name.endswith("-py3-none-any.whl")


@slow
def test_the_installed_version_says_which_kernels_run(installed: Installation) -> None:
    name, kernel, optimal = succeeded(installed.gametree("--version")).stdout.splitlines()
    assert name.startswith("gametree ")
    site = installed.bin.parent
    for line, title, compiled in ((kernel, "alpha-beta kernel", impl.KERNEL_COMPILED),
                                  (optimal, "optimal search kernel",
                                   impl.OPTIMAL_KERNEL_COMPILED)):  # fmt: skip
        if compiled:  # the checkout's build is compiled: so is the installed one
            assert line.startswith(f"{title}: compiled by mypyc (")
        else:
            assert line.startswith(f"{title}: ")
        assert f"({site}" in line  # the venv's, not the checkout's


@slow
@pytest.mark.parametrize(("target", "options", "passes"), CONFORM_RUNS)
def test_the_installed_gate_asks_what_the_checkouts_asks(
    installed: Installation, target: str, options: list[str], passes: bool
) -> None:
    """Same vectors, same verdict, same counts by kind (computed here, never written down:
    the vectors grow)."""
    reports = []
    for done in installed.both(conform(target, options)):
        assert done.returncode == (0 if passes else 1), done.stderr[-4000:]
        reports.append(json.loads(done.stdout))
    wheel, source = reports
    assert wheel["passed"] is source["passed"] is passes
    assert wheel["vectors"] == source["vectors"]
    assert sum(wheel["vectors"].values()) > 100


@slow
def test_prove_runs_with_its_extra(installed: Installation) -> None:
    """CrossHair (in its own process, from the installed package), Hypothesis and the
    enumerations, on a small budget: every check reports, and none contradicts the claim.
    How far a check gets within the budget depends on the machine, so CrossHair's own verdict
    is asked for once more with a per-condition timeout far above what it needs (1.5 s)."""
    done = succeeded(installed.gametree("prove", "negamax", "--budget", "30", "--json"))
    results = json.loads(done.stdout)["results"]
    methods = {r["method"] for r in results}
    assert {"symbolic (CrossHair)", "property (Hypothesis)", "bounded-exhaustive"} <= methods
    assert all(r["agrees"] is not False for r in results)
    check = (
        "from gametree.proofs.machinery.symbolic import crosshair_check; "
        "from gametree.proofs.machinery.shapes import parse; "
        f"print(crosshair_check('negamax_is_minimax', parse('[*, *]'), per_condition=300, "
        f"limit={HANG_GUARD}).status)"
    )
    verdict = succeeded(run([installed.bin / "python", "-c", check], cwd=installed.work))
    assert verdict.stdout.strip() == "confirmed"


@slow
def test_the_installed_prove_reports_the_stored_proofs_for_every_tree(
    installed: Installation,
) -> None:
    """Nagini cannot run where gametree is installed: ``prove`` reports the stored verdicts
    (the checkout's, the same as the wheel's), says in the text which claims are proved for
    every tree, and when the installed kernel is not the one verified, says the verdict is
    stale, how to verify it again, and exits with 1."""
    report = json.loads(
        succeeded(installed.gametree("prove", "negamax", "--budget", "1", "--json")).stdout
    )
    assert report["problems"] == []
    by_nagini = [v for v in report["verified"] if v["verifier"] == NAGINI.tool]
    mine = verified.claims_of(THEOREMS, NAGINI)
    assert {v["name"] for v in by_nagini} == {c.name for th, c in mine if th.name == "negamax"}
    for v in by_nagini:
        assert v["verdict"] == "verified"
        assert v["current"] is True
    (strength,) = report["strength"]
    every = [c["claim"].split(":")[0] for c in strength["levels"]["every tree"]]
    assert every == [v["name"] for v in report["verified"]]  # Nagini's, then Why3's over Q
    assert "negamax" in every
    text = succeeded(installed.gametree("prove", "negamax", "--budget", "1")).stdout
    assert "How strongly each claim is established" in text
    assert "every tree:" in text
    assert "STALE" not in text
    (kernel,) = installed.bin.parent.glob(
        "lib/*/site-packages/gametree/proofs/nagini/two_player.py"
    )
    original = kernel.read_text()
    try:
        kernel.write_text(original + "\n# edited after verification\n")
        done = installed.gametree("prove", "negamax", "--budget", "1")
    finally:
        kernel.write_text(original)
    assert done.returncode == 1, done.stderr
    words = " ".join(done.stdout.split())  # the summary wraps its lines
    assert "two_player.py's stored verdict is STALE: the file changed since" in words
    assert "verify it again: python3 dev.py verify two_player" in words


@slow
def test_prove_optimality_decides_a_stored_tree(installed: Installation) -> None:
    """z3's exact decisions on one of docs/trees/, as the checkout decides them."""
    tree = SOURCE / "docs" / "trees" / "korf-figure5-b.json"
    argv: list[str | Path] = ["prove", "optimality", tree, "--json", "--budget", "120"]
    wheel, source = (json.loads(succeeded(done).stdout) for done in installed.both(argv))
    assert [leaf["path"] for leaf in wheel["leaves"]] == [leaf["path"] for leaf in source["leaves"]]
    assert wheel["theorem_1_holds"] == source["theorem_1_holds"]


@slow
def test_vectors_verify_checks_the_installed_vectors(installed: Installation) -> None:
    """Without DIR, from outside the checkout: the vectors in the venv, every one of SOURCE's
    files, each judged "ok". That is what the source's own run says of them at any commit
    (tests/test_oracle_cli.py checks it), so the source is not asked again here: the two
    runs would spend 40 s of CPU on one question."""
    done = installed.gametree("vectors", "verify")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    site = installed.bin.parent / "lib"
    lines = [line.split(": ", 1) for line in done.stdout.splitlines()]
    assert all(Path(path).is_relative_to(site) for path, _ in lines), done.stdout[-4000:]
    verdicts = sorted((Path(path).name, verdict) for path, verdict in lines)
    committed = SOURCE / "gametree" / "vectors"
    assert verdicts == sorted((p.name, "ok") for p in committed.glob("*.json"))


@slow
def test_solve_json_answers_as_the_checkout(installed: Installation) -> None:
    tree = SOURCE / "docs" / "trees" / "wiki-alpha-beta.json"
    argv: list[str | Path] = ["solve", tree, "-a", "impl.alphabeta", "--json", "--trace"]
    wheel, source = (json.loads(succeeded(done).stdout) for done in installed.both(argv))
    assert wheel == source
    assert wheel["value"] == 3


@slow
def test_the_pytest_plugin_gates_an_engine_in_another_project(installed: Installation) -> None:
    """A project that depends on gametree[testing] gets the gametree_conform fixture: the
    same gate, with the same vectors, as ``gametree conform`` from the source."""
    project = installed.work / "project"
    project.mkdir()
    shutil.copy(installed.work / "alphabeta_targets.py", project)
    (project / "test_engine.py").write_text(
        "import json\n\n\n"
        "def test_a_correct_engine(gametree_conform):\n"
        '    report = gametree_conform("alphabeta_targets:fail_hard", "alphabeta-fail-hard",\n'
        '                              skip_flags=["Deep"], budget=10)\n'
        '    with open("vectors.json", "w") as f:\n'
        '        json.dump(report.json()["vectors"], f)\n\n\n'
        "def test_a_broken_engine(gametree_conform):\n"
        '    gametree_conform("alphabeta_targets:off_by_one", "alphabeta-fail-hard",\n'
        "                     strict_order=True, budget=10)\n"
    )
    pytest_: list[str | Path] = [installed.bin / "python", "-m", "pytest", "-p", "no:cacheprovider"]
    done = run([*pytest_, "-q", "--junitxml", "report.xml"], cwd=project)
    assert done.returncode == 1, done.stdout[-4000:]  # one test failed
    report = (project / "report.xml").read_text()
    assert 'tests="2"' in report
    assert 'failures="1"' in report
    assert 'errors="0"' in report
    assert "test_a_broken_engine" in done.stdout.split("short test summary")[-1]
    target, options, _ = CONFORM_RUNS[0]
    source = json.loads(succeeded(installed.source_gametree(*conform(target, options))).stdout)
    assert json.loads((project / "vectors.json").read_text()) == source["vectors"]


@slow
@pytest.mark.parametrize(
    ("cc", "why"),
    [("/nonexistent/cc", "no C compiler"), ("false", "the C compiler failed")],
)
def test_where_the_kernel_cannot_compile_the_wheel_is_pure_python(
    installed: Installation, cc: str, why: str, tmp_path: Path
) -> None:
    """No compiler, or one that fails: the build still succeeds, with none of the kernel."""
    if not (SOURCE / "setup.py").exists():
        pytest.skip("SOURCE has no kernel build")
    env = {**clean_environment(), "CC": cc}
    env.pop("GAMETREE_PURE_PYTHON", None)
    # The checkout's .venv has the build requirements: no isolated environment to set up.
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v"]
    done = succeeded(run([*pip, "--wheel-dir", tmp_path, installed.sdist], cwd=tmp_path, env=env))
    assert f"gametree build: {why}" in done.stdout + done.stderr
    (wheel,) = tmp_path.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert not [n for n in archive.namelist() if "_kernel_mypyc" in n]


@slow
def test_the_installed_server_serves_its_page_plays_and_explores(installed: Installation) -> None:
    """``gametree serve`` from the wheel: the page's files as in the checkout, a game with an
    engine move, the explore view of its search (the explore page's files), and SIGTERM."""
    process = subprocess.Popen(
        [installed.bin / "gametree", "serve", "--port", "0"], cwd=installed.work,
        env=clean_environment(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split("playing at ")[1].split()[0]

        def fetch(path: str, body: bytes | None = None) -> bytes:
            headers = {"Content-Type": "application/json"}
            request = urllib.request.Request(url + path, body, headers)
            with urllib.request.urlopen(request, timeout=HANG_GUARD) as response:
                data: bytes = response.read()
                return data

        for name in server.ASSETS:
            assert fetch(f"assets/{name}") == (server.ASSET_FOLDER / name).read_bytes()
        new = b'{"game": "connect4", "seats": ["engine", "human"], "depth": 2}'
        game = json.loads(fetch("api/games", new))["id"]
        assert json.loads(fetch(f"api/games/{game}/engine", b"{}"))["search"]["depth"] == 2
        assert fetch(f"api/games/{game}/explore").startswith(b"<!DOCTYPE html>")
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=HANG_GUARD)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, out, err) == (0, "gametree serve: stopped\n", "")


@slow
@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_installed_explore_page_and_its_engine_are_the_checkouts_and_gated(
    installed: Installation,
) -> None:
    """``gametree explore`` from the wheel writes the page the checkout writes (the engine,
    page script and styles inlined, the tree as text); the engine.js the wheel installs passes
    the gate as a Node target, from outside the checkout, with --strict-order."""
    tree = SOURCE / "docs" / "trees" / "korf-figure5-b.json"
    argv: list[str | Path] = ["explore", tree, "-a", "shallow", "--compare", "deep", "-o"]
    wheel, source = installed.both([*argv, "wheel.html"], [*argv, "source.html"])
    succeeded(wheel)
    succeeded(source)
    assert (installed.work / "wheel.html").read_bytes() == (
        installed.work / "source.html"
    ).read_bytes()
    find = "import gametree.explore as e, pathlib; print(pathlib.Path(e.__file__).parent)"
    where = succeeded(run([installed.bin / "python", "-c", find], cwd=installed.work))
    target = Path(where.stdout.strip()) / "node_target.js"
    assert target.is_relative_to(installed.bin.parent)
    assert target.exists()
    done = installed.gametree("conform", "--target", f"node {target}", "--semantics", "shallow",
                              "--strict-order", "--budget", "10", "--json")  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    report = json.loads(done.stdout)
    assert report["passed"] is True
    assert sum(report["vectors"].values()) > 10
