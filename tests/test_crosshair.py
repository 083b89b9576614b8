"""CrossHair on the spec's PEP316 contracts: symbolic checks on every small tree shape.

``crosshair check`` runs as a subprocess, with the tree creators of
``tests/crosshair_plugin.py`` (trees of height at most ``DEPTH``, at most ``BRANCHING``
children per node, symbolic ``int`` leaves) and an explicit ``--per_condition_timeout``. The
subprocess has a timeout of its own as well: a tree that contains itself makes the spec's fold
loop for ever, and CrossHair's per-condition timeout does not interrupt that.

The runs are checked against the docstrings themselves, not against a list of line numbers:
every ``post:`` line in ``spec`` must be reported, so a contract that CrossHair silently stops
analysing fails a test (the project issue reports that CrossHair skips attrs classes, without a
word, in a module that uses ``from __future__ import annotations``; no such module is allowed).
The canaries show that CrossHair still builds, nests and symbolically analyses ``Leaf`` and
``Node``: it must refute their false contracts.

What a run covers: every tree of height at most ``DEPTH`` with at most ``BRANCHING``
children per node, any player to move at each node (two, or for vectors two or three
players), a symbolic ``int`` in every leaf component. "Confirmed over all paths" proves the
contract for all of them; "Not confirmed" says no counterexample was found in the time given.

``--per_condition_timeout`` is CPU time (CrossHair's deadline is ``time.process_time``): a
contract costs at most ``PER_CONDITION_TIMEOUT`` CPU seconds however loaded the machine, and
the three runs side by side cost no more CPU than one after another, only less wall time.
Measured (CPU seconds to "Confirmed over all paths", height <= 2, branching <= 2): minimax 7,
negamax 21, separate_evaluations 17, maxn 36; at the 40 s chosen here these (and
opponent_models, on scalar trees) are confirmed on a quiet machine, and paranoid (with its
precondition on ``player``) on vectors is "Not confirmed". The test accepts either: CPU speed
must not decide whether it passes.

Each fact is checked once. minimax's and maxn's contract is that the principal variation
ends at a leaf worth the value; that the value is a leaf's, between the least and the
greatest, follows, and their docstrings say so in prose rather than as contracts of their own
(as contracts they cost 69 CPU seconds a run, and maxn's needed 124 s to be confirmed).
"""

import ast
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent

PLUGIN = "tests/crosshair_plugin_load.py"
"""The file given to ``--extra_plugin`` (relative to ROOT, where CrossHair runs)."""

PER_CONDITION_TIMEOUT = 40
"""Seconds CrossHair may spend on one contract; see the measurements above."""

DEPTH = 2
"""Greatest height of the trees CrossHair builds."""

BRANCHING = 2
"""Greatest number of children of a node in the trees CrossHair builds."""

CHECKED = {
    "gametree.spec.minimax.minimax": "scalar",
    "gametree.spec.minimax.negamax": "scalar",
    "gametree.spec.maxn.maxn": "vectors",
    "gametree.spec.evaluations.separate_evaluations": "pairs",
    "gametree.spec.maxn.paranoid": "vectors",
    "gametree.spec.evaluations.opponent_models": "scalar",
}
"""The spec's functions with contracts that CrossHair checks, and the trees each one takes."""

CANARIES = {
    "tests.crosshair_canary.minimax_value_is_never_7": "scalar",
    "tests.crosshair_canary.maxn_value_is_never_123": "vectors",
}
"""Deliberately false contracts, each over one kind of tree."""

_POST = re.compile(r"^\s*post(\[[^\]]*\])?:")
_MESSAGE = re.compile(r"^(?P<path>.+?):(?P<line>\d+): (?P<level>info|error): (?P<text>.*)$")


@attrs.frozen
class Contracts:
    """The ``post:`` lines in one function's docstring, and where the function is."""

    target: str
    """The function's qualified name, as ``crosshair check`` takes it."""
    path: Path
    first: int
    last: int
    posts: tuple[int, ...]
    """The line numbers of its ``post:`` lines."""


def contracts_in(path: Path) -> Iterator[Contracts]:
    """Every function or method of the module at ``path`` with ``post:`` lines in its docstring.

    The lines are read from the source, so they are the ones CrossHair reports.
    """
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    source = path.read_text().splitlines()
    tree = ast.parse("\n".join(source), filename=str(path))
    scopes: list[tuple[str, list[ast.stmt]]] = [("", tree.body)]
    while scopes:
        prefix, body = scopes.pop()
        for node in body:
            if isinstance(node, ast.ClassDef):
                scopes.append((f"{prefix}{node.name}.", node.body))
                continue
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            first = node.body[0]
            if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)):
                continue
            end = first.end_lineno or first.lineno
            posts = tuple(n for n in range(first.lineno, end + 1) if _POST.match(source[n - 1]))
            if posts:
                target = f"{module}.{prefix}{node.name}"
                yield Contracts(target, path, node.lineno, node.end_lineno or end, posts)


def spec_contracts() -> dict[str, Contracts]:
    """Every function in ``spec`` that has a contract, by qualified name."""
    return {
        c.target: c
        for p in sorted((ROOT / "gametree" / "spec").rglob("*.py"))
        for c in contracts_in(p)
    }


def canary_contracts() -> dict[str, Contracts]:
    """The canaries' contracts, by qualified name."""
    return {c.target: c for c in contracts_in(ROOT / "tests" / "crosshair_canary.py")}


@attrs.frozen
class Message:
    """One line of a CrossHair report: ``path:line: info|error: text``."""

    path: Path
    line: int
    level: str
    text: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}: {self.level}: {self.text}"


@attrs.frozen
class Report:
    """What one ``crosshair check`` run printed, and how it ended."""

    command: str
    returncode: int | None
    """None when the run was killed at the subprocess timeout."""
    messages: tuple[Message, ...]
    stdout: str
    stderr: str
    seconds: float

    def at(self, c: Contracts) -> list[Message]:
        """The messages located in the function of ``c``."""
        return [m for m in self.messages if m.path == c.path and c.first <= m.line <= c.last]

    def describe(self) -> str:
        """The whole run, for an assertion message."""
        return (
            f"$ {self.command}\nexit code {self.returncode} after {self.seconds:.0f} s\n"
            f"--- stdout\n{self.stdout}--- stderr\n{self.stderr[-3000:]}"
        )


def parse_messages(stdout: str) -> tuple[Message, ...]:
    """The report lines of a CrossHair run (other output is ignored)."""
    found = []
    for line in stdout.splitlines():
        m = _MESSAGE.match(line)
        if m:
            found.append(Message(Path(m["path"]).resolve(), int(m["line"]), m["level"], m["text"]))
    return tuple(found)


def run_crosshair(runs: Mapping[str, tuple[str, list[Contracts]]]) -> dict[str, Report]:
    """Run ``crosshair check`` once per entry of ``runs`` (kind of tree, targets), in parallel.

    Each run may take ``PER_CONDITION_TIMEOUT`` CPU seconds per contract; the subprocess is
    killed at ten times that plus ten minutes of wall-clock time. The kill only guards against
    a hang (a tree that contains itself); it is generous because the budget is CPU time and a
    loaded machine stretches it: at a load of 14 on two cores, the vectors run (two contracts,
    80 CPU seconds) was still running after 620 s.
    """
    started: dict[str, tuple[subprocess.Popen[str], float, str]] = {}
    try:
        for name, (kind, targets) in runs.items():
            command = [
                sys.executable,
                "-m",
                "crosshair",
                "check",
                "--extra_plugin",
                PLUGIN,
                "--analysis_kind=PEP316",
                "--report_all",
                f"--per_condition_timeout={PER_CONDITION_TIMEOUT}",
                *(c.target for c in targets),
            ]
            env = {
                **os.environ,
                "GAMETREE_CROSSHAIR_TREES": kind,
                "GAMETREE_CROSSHAIR_DEPTH": str(DEPTH),
                "GAMETREE_CROSSHAIR_BRANCHING": str(BRANCHING),
            }
            conditions = sum(len(c.posts) for c in targets)
            limit = 10.0 * PER_CONDITION_TIMEOUT * conditions + 600
            shown = f"GAMETREE_CROSSHAIR_TREES={kind} crosshair " + " ".join(command[4:])
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            started[name] = (process, limit, shown)
        with ThreadPoolExecutor(max_workers=len(started)) as pool:
            futures = {name: pool.submit(_finish, *run) for name, run in started.items()}
            return {name: future.result() for name, future in futures.items()}
    finally:
        for process, _, _ in started.values():
            if process.poll() is None:
                process.kill()
                process.wait()


def _finish(process: subprocess.Popen[str], limit: float, shown: str) -> Report:
    """Wait for one run, killing it after ``limit`` seconds."""
    start = time.monotonic()
    try:
        out, err = process.communicate(timeout=limit)
        code: int | None = process.returncode
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        code = None
        err += f"\n(killed after {limit:.0f} s: the subprocess timeout)"
    return Report(shown, code, parse_messages(out), out, err, time.monotonic() - start)


def test_every_spec_contract_is_checked() -> None:
    found = set(spec_contracts())
    listed = set(CHECKED)
    assert found == listed, (
        f"functions with contracts that no CrossHair run covers: {sorted(found - listed)}; "
        f"listed functions without contracts: {sorted(listed - found)}"
    )
    assert set(canary_contracts()) == set(CANARIES)


def test_no_module_crosshair_analyses_imports_future_annotations() -> None:
    """CrossHair is reported to skip attrs classes, without a word, in a module with it."""
    modules = [
        *sorted((ROOT / "gametree" / "spec").rglob("*.py")),
        ROOT / "tests" / "crosshair_canary.py",
    ]
    for path in modules:
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "__future__":
                names = {alias.name for alias in node.names}
                assert "annotations" not in names, f"{path.relative_to(ROOT)}:{node.lineno}"


def test_a_node_built_for_crosshair_is_the_constructors_but_for_its_hash() -> None:
    """The plugin's nodes hold SYMBOLIC_HASH: a shortcut lost, never a wrong answer."""
    from gametree.spec import Leaf, Node, check_well_formed
    from tests.crosshair_plugin import SYMBOLIC_HASH, symbolic_node

    inner = [Leaf((1, 2, 3)), Leaf((4, 5, 6))]
    built = Node(1, [Node(2, inner), Leaf((7, 8, 9))])
    ours = symbolic_node(1, [symbolic_node(2, inner), Leaf((7, 8, 9))])
    check_well_formed(ours)
    assert repr(ours) == repr(built)
    fields = {f.name: (getattr(ours, f.name), getattr(built, f.name)) for f in attrs.fields(Node)}
    assert fields.pop("_hash")[0] is SYMBOLIC_HASH
    del fields["children"]  # compared by repr: comparing them needs the hash
    assert all(a == b for a, b in fields.values()), fields
    assert ours == symbolic_node(1, [symbolic_node(2, inner), Leaf((7, 8, 9))])
    assert ours != symbolic_node(1, [symbolic_node(2, inner[::-1]), Leaf((7, 8, 9))])
    with pytest.raises(TypeError):
        hash(ours)
    with pytest.raises(TypeError, match="symbolic leaves"):
        _ = ours == built


RUNS = {
    kind: [
        *(t for t, k in CHECKED.items() if k == kind),
        *(t for t, k in CANARIES.items() if k == kind),
    ]
    for kind in dict.fromkeys([*CHECKED.values(), *CANARIES.values()])
}
"""One ``crosshair check`` run for each kind of tree: the spec's contracts over it and the
canary over it, if any (a run checks its contracts one after another, each within its own
``PER_CONDITION_TIMEOUT``, so a canary beside them changes none of their budgets)."""


@pytest.fixture(scope="module")
def reports() -> dict[str, Report]:
    """Every run of :data:`RUNS`, run once for the tests of the contracts and of the canaries."""
    contracts = {**spec_contracts(), **canary_contracts()}
    return run_crosshair(
        {kind: (kind, [contracts[t] for t in targets]) for kind, targets in RUNS.items()}
    )


@pytest.mark.slow
def test_crosshair_finds_no_counterexample_to_the_spec_contracts(
    reports: dict[str, Report],
) -> None:
    contracts = spec_contracts()
    canaries = canary_contracts()
    problems = []
    for kind, targets in RUNS.items():
        report = reports[kind]
        mine = [contracts[t] for t in targets if t in CHECKED]
        expected = {(c.path, n) for c in mine for n in c.posts}
        canary = {
            (canaries[t].path, n) for t in targets if t in CANARIES for n in canaries[t].posts
        }
        reported = {(m.path, m.line) for m in report.messages if m.level == "info"}
        errors = [
            str(m) for m in report.messages if m.level == "error" and (m.path, m.line) not in canary
        ]
        missing = sorted(f"{p.relative_to(ROOT)}:{n}" for p, n in expected - reported)
        if report.returncode != (1 if canary else 0) or errors or missing or reported != expected:
            problems.append(
                f"{kind}: errors {errors}, contracts not analysed {missing}\n{report.describe()}"
            )
    assert not problems, "\n\n".join(problems)


@pytest.mark.slow
def test_crosshair_refutes_the_canaries(reports: dict[str, Report]) -> None:
    """Each false contract is refuted: CrossHair builds and analyses Leaf and Node."""
    contracts = canary_contracts()
    for target, kind in CANARIES.items():
        report = reports[kind]
        (line,) = contracts[target].posts
        refutations = [
            m
            for m in report.messages
            if (m.path, m.line, m.level) == (contracts[target].path, line, "error")
            and m.text.startswith("false when calling")
        ]
        assert report.returncode == 1, report.describe()
        assert refutations, report.describe()
