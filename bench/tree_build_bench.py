"""What a worker spends on one gate run's requests, by step, and what each start of it costs.

    .venv/bin/python bench/tree_build_bench.py            # both parts
    .venv/bin/python bench/tree_build_bench.py --part requests --repeat 3
    .venv/bin/python bench/tree_build_bench.py --part startup --starts 10

``requests``: the requests of the catalogue's default run of its correct alpha-beta
(``tests.bugs.alphabeta:correct``, ``Deep`` skipped) as that callable gets them in its worker:
the small tiers' (vectors, generated, steered: every request of fewer than 10,000 nodes,
summed) and each scale case's (about 10^5 nodes: bushy, tall, bushy); and the deep
1,000 to 1,300-ply chain the run skips, answered by impl's alpha-beta (as ``python -m
gametree.conform.worker impl.alphabeta`` would). Each is taken
through the worker's steps, by CPU (the least of ``--repeat`` runs):

- ``json``: parsing the request line (``gametree._json.loads``);
- ``tree``: reading its tree (``gametree.treefile.read_tree_json``);
- ``json0``, ``tree0``: the same as before this bench's changes: the reader building each node
  with ``Node(...)`` (each child converted again, each node checked again), and Python's cycle
  collector running through both (it walks the parse's 10^6 young containers again and again);
- ``checks``: of ``tree``, what ``spec``'s per-node checks cost (``tree`` against a read with
  ``_check_node`` reduced to reading the first child's kind: this bench's measurement only);
- ``engine``: the callable's own work (its call less the read of its tree);
- ``reply``: writing its reply line (``gametree.conform.protocol.reply_text``).

``startup``: the CPU of starting a worker (``python -m gametree.conform.worker``) and the
command line, with ``PYTHONDONTWRITEBYTECODE=1`` (as this machine and CI set it): compiling our
modules from source at every start, against reading them compiled (``compileall`` once, in a
copy of the packages, so the source tree is left as it is); and the cost of that compiling,
once.
"""

import argparse
import contextlib
import functools
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gametree import _json, treefile  # noqa: E402
from gametree._json import loads  # noqa: E402
from gametree.conform.builtin import answer  # noqa: E402
from gametree.conform.codec import Case, request_line  # noqa: E402
from gametree.conform.gate import GateOptions, run_gate  # noqa: E402
from gametree.conform.protocol import reply_text  # noqa: E402
from gametree.conform.scale import scale_cases  # noqa: E402
from gametree.conform.scope import SCOPES  # noqa: E402
from gametree.conform.semantics import Checks  # noqa: E402
from gametree.conform.targets import CallableTarget, Reply  # noqa: E402
from gametree.spec import Node, Tree  # noqa: E402
from gametree.spec import tree as tree_module  # noqa: E402
from gametree.treefile import read_tree_json  # noqa: E402
from tests.bugs import CORRECT  # noqa: E402
from tests.bugs.alphabeta import correct  # noqa: E402

Engine = Callable[[dict[str, Any]], dict[str, object]]

SCALE = 10_000
"""A request of at least this many nodes is a scale case's."""

COLUMNS = ("json", "json0", "tree", "tree0", "checks", "engine", "reply")
UNCOLLECTED = _json.uncollected


class Recording(CallableTarget):
    """The catalogue's correct alpha-beta in process, keeping each request line it is sent."""

    def __init__(self) -> None:
        super().__init__(correct, timeout=600)
        self.lines: list[tuple[int, str]] = []

    def ask(self, case: Case, *, trace: bool) -> Reply:
        self.lines.append((case.tree.size, request_line(case, self.next_id + 1, trace=trace)))
        return super().ask(case, trace=trace)


def requests() -> dict[str, tuple[list[str], Engine]]:
    """The run's request lines, the small tiers' together and each scale case's alone, each
    with the engine that answers it; and the deep chain's, which the run skips."""
    (b,) = [b for b in CORRECT if b.name == "alphabeta"]
    options = GateOptions(b.semantics, Checks(b.best_move, b.principal_variation, b.strict_order),
                          skip_flags=frozenset(b.skip))  # fmt: skip
    target = Recording()
    run_gate(target, b.target, options)
    groups: dict[str, tuple[list[str], Engine]] = {"small tiers": ([], correct)}
    for size, line in target.lines:
        if size < SCALE:
            groups["small tiers"][0].append(line)
        else:
            groups[f"scale, {size} nodes"] = ([line], correct)
    for shape, case in scale_cases(b.semantics, SCOPES["default"], count=3, seed=0,
                                   skip=frozenset()):  # fmt: skip
        if shape == "deep":
            deep = functools.partial(answer, b.semantics)
            groups[f"deep, {case.tree.size} nodes *"] = ([request_line(case, 1, trace=False)], deep)
    return groups


@contextlib.contextmanager
def as_before() -> Iterator[None]:
    """Reading as before this bench's changes: the reader building each node with
    ``Node(...)`` (each child converted, each node checked again, its summary in five passes
    but one) and Python's cycle collector running through parses and reads."""

    def naive(to_move: int, children: tuple[Tree, ...], ps: Any = None) -> Node:
        return Node(to_move, children, probabilities=ps)

    saved = Node.__dict__["of_trees"]
    Node.of_trees = naive  # type: ignore[assignment, method-assign]
    for module in (_json, treefile):
        setattr(module, "uncollected", contextlib.nullcontext)  # noqa: B010 - mypy: any module
    try:
        yield
    finally:
        Node.of_trees = saved  # type: ignore[method-assign]
        for module in (_json, treefile):
            setattr(module, "uncollected", UNCOLLECTED)  # noqa: B010 - mypy: any module


@contextlib.contextmanager
def unchecked() -> Iterator[None]:
    """``spec``'s per-node check reduced to reading the first child's kind."""

    def lax(_to_move: object, kids: tuple[Tree, ...], _ps: object = None) -> tuple[int, bool]:
        return kids[0].players, kids[0].vector

    saved = tree_module._check_node
    setattr(tree_module, "_check_node", lax)  # noqa: B010 - a stand-in of another type
    try:
        yield
    finally:
        tree_module._check_node = saved


def cpu(f: Callable[[], object], repeat: int) -> float:
    """The least CPU seconds of ``repeat`` calls of ``f``."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        f()
        best = min(best, time.process_time() - started)
    return best


def steps(lines: list[str], engine: Engine, repeat: int) -> dict[str, float]:
    """Each step's CPU over ``lines``, answered by ``engine``."""
    out = dict.fromkeys(COLUMNS, 0.0)
    for line in lines:
        request = loads(line)
        assert isinstance(request, dict)
        request.pop("id")
        read = functools.partial(read_tree_json, request["tree"])
        out["json"] += cpu(functools.partial(loads, line), repeat)
        out["tree"] += (now := cpu(read, repeat))
        with as_before():
            out["json0"] += cpu(functools.partial(loads, line), repeat)
            out["tree0"] += cpu(read, repeat)
        with unchecked():
            out["checks"] += now - cpu(read, repeat)
        out["engine"] += cpu(functools.partial(engine, request), repeat) - now
        reply = engine(request)
        out["reply"] += cpu(functools.partial(reply_text, reply, id=1), repeat)
    return out


def show_requests(repeat: int) -> None:
    """The worker's CPU on the run's requests, by step, now and as before."""
    groups = requests()
    print(f"== requests of one default run (CPU s, least of {repeat}; load "
          f"{os.getloadavg()[0]:.2f})")  # fmt: skip
    print(f"   {'':26} {'asks':>5} " + " ".join(f"{c:>7}" for c in COLUMNS) + "  now/before")
    total = dict.fromkeys(COLUMNS, 0.0)
    for name, (lines, engine) in groups.items():
        got = steps(lines, engine, repeat)
        for c in COLUMNS:
            total[c] += got[c]
        show(name, len(lines), got)
    show("all", sum(len(lines) for lines, _ in groups.values()), total)
    rest = total["engine"] + total["reply"]
    now = total["json"] + total["tree"] + rest
    was = total["json0"] + total["tree0"] + rest
    print(f"   the worker's work on these: {now:.2f} s, before {was:.2f} s (x{now / was:.2f}); "
          f"* the deep chain, which the catalogue's correct alpha-beta skips (recursive), "
          f"answered by impl's")  # fmt: skip


def show(name: str, asks: int, got: dict[str, float]) -> None:
    """One row: each column, and reading (json and tree) now against before."""
    ratio = (got["json"] + got["tree"]) / (got["json0"] + got["tree0"])
    print(f"   {name:26} {asks:5d} " + " ".join(f"{got[c]:7.3f}" for c in COLUMNS)
          + f"  x{ratio:.2f}")  # fmt: skip


COMMANDS = {
    "worker, tests.bugs.alphabeta:correct": [
        "-m", "gametree.conform.worker", "tests.bugs.alphabeta:correct"],
    "worker, impl.alphabeta": ["-m", "gametree.conform.worker", "impl.alphabeta"],
    "gametree solve (a 2-leaf tree)": ["-m", "gametree.cli", "solve", "-"],
    "gametree conform --help": ["-m", "gametree.cli", "conform", "--help"],
}  # fmt: skip


def start_cpu(argv: list[str], env: dict[str, str], starts: int, cwd: str) -> float:
    """The mean CPU of a start of ``python argv`` (standard input: a two-leaf tree)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(starts):
        subprocess.run([sys.executable, *argv], input=b"[1, 2]", capture_output=True, env=env,
                       cwd=cwd, check=False)  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) / starts


def show_startup(starts: int) -> None:
    """Each command's start from source and from compiled modules, and compiling once.

    Both from a copy of ``gametree`` and ``tests`` (first on ``PYTHONPATH``), compiled in
    place, so the source tree is left as it is and the standard library's compiled files
    are read as usual.
    """
    with tempfile.TemporaryDirectory() as copy:
        for package in ("gametree", "tests"):
            shutil.copytree(ROOT / package, Path(copy, package),
                            ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": copy}
        env.pop("PYTHONPYCACHEPREFIX", None)
        source = {name: start_cpu(argv, env, starts, copy) for name, argv in COMMANDS.items()}
        once = start_cpu(["-m", "compileall", "-q", "gametree", "tests"], env, 1, copy)
        pycs = sum(1 for _ in Path(copy).rglob("*.pyc"))
        print(f"== start-up (CPU s a start, mean of {starts}; PYTHONDONTWRITEBYTECODE=1; load "
              f"{os.getloadavg()[0]:.2f}); compiling gametree and tests once: {once:.2f} s, "
              f"{pycs} modules")  # fmt: skip
        print(f"   {'':38} {'source':>7} {'compiled':>8}  saved")
        for name, argv in COMMANDS.items():
            pyc = start_cpu(argv, env, starts, copy)
            print(f"   {name:38} {source[name]:7.3f} {pyc:8.3f}  {source[name] - pyc:5.3f}")


def main() -> None:
    """Measure the parts asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=["requests", "startup"], action="append")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each step (the least)")
    parser.add_argument("--starts", type=int, default=5, help="starts of each command")
    args = parser.parse_args()
    parts = args.part or ["requests", "startup"]
    if "requests" in parts:
        show_requests(args.repeat)
    if "startup" in parts:
        show_startup(args.starts)


if __name__ == "__main__":
    main()
