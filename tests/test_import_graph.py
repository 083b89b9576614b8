"""gametree's modules import one another without a cycle, and the gate's layers point one way.

The gate's public surface is ``gametree.conform.__all__``: what the documentation, the examples
and the pytest plugin import, each name loaded when first read; the worker process that hosts a
user's callable loads the protocol and nothing else of the gate.

Every import statement of a module counts, wherever it stands: at the top, under ``if
TYPE_CHECKING:``, or inside a function (a cycle hidden behind an import inside a function is
still a cycle: the modules cannot be read, tested or moved apart). ``from package import
name`` counts as an import of the submodule ``package.name`` when there is one, else of the
package. The layers of the gate are :data:`gametree.conform.LAYERS`.
"""

import ast
import graphlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gametree
from gametree import conform
from gametree.conform import LAYERS

PACKAGE = Path(gametree.__file__).parent
ROOT = Path(__file__).resolve().parent.parent
HANG_GUARD = 120.0
"""Seconds a worker may take to answer one request before it counts as hung (it takes 0.1)."""


def modules(root: Path = PACKAGE, name: str = "gametree") -> dict[str, Path]:
    """Every module of the package under ``root`` by dotted name (a package by its own)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = [name, *path.relative_to(root).with_suffix("").parts]
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports_of(module: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``module`` (at ``path``) imports, anywhere in its source."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            found.update(
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            )
    return (found & known) - {module}


def graph(root: Path = PACKAGE, name: str = "gametree") -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    found = modules(root, name)
    return {m: imports_of(m, p, set(found)) for m, p in found.items()}


def cycle(g: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``g`` (its first module repeated at the end), or ``None``."""
    try:
        graphlib.TopologicalSorter(g).prepare()
    except graphlib.CycleError as e:
        return list(reversed(e.args[1]))
    return None


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of a module of ``gametree.conform`` (by its first name)."""
    first = module.removeprefix("gametree.conform.").split(".")[0]
    return next(i for i, names in enumerate(LAYERS.values()) if first in names)


CONFORM = {m: imports for m, imports in graph().items() if m.startswith("gametree.conform.")}


def test_no_module_of_gametree_imports_itself_through_others() -> None:
    g = graph()
    assert len(g) > 150, "the package was not found whole"
    found = cycle(g)
    assert found is None, f"an import cycle: {' -> '.join(found or [])}"


def test_every_module_of_the_gate_has_one_layer() -> None:
    named = [n for names in LAYERS.values() for n in names]
    firsts = {m.removeprefix("gametree.conform.").split(".")[0] for m in CONFORM}
    assert sorted(named) == sorted(set(named)), "a module in two layers"
    assert firsts == set(named), (
        f"not in a layer: {firsts - set(named)}; gone: {set(named) - firsts}"
    )


@pytest.mark.parametrize("module", sorted(CONFORM))
def test_the_gate_imports_only_from_its_layer_and_those_before(module: str) -> None:
    later = {
        m: list(LAYERS)[layer_of(m)]
        for m in CONFORM[module]
        if m.startswith("gametree.conform.") and layer_of(m) > layer_of(module)
    }
    assert not later, f"{module} ({list(LAYERS)[layer_of(module)]}) imports from later: {later}"


def test_an_import_inside_a_function_or_under_type_checking_counts(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f() -> None:\n    from pkg.b import g\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                   "    from pkg import c\n")  # fmt: skip
    (tmp_path / "c.py").write_text("from . import a\nfrom .a import f\n")
    (tmp_path / "__init__.py").write_text("")
    g = graph(tmp_path, "pkg")
    assert g == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"}, "pkg.c": {"pkg.a"}}
    assert cycle(g) in (["pkg.a", "pkg.b", "pkg.c", "pkg.a"], ["pkg.b", "pkg.c", "pkg.a", "pkg.b"],
                        ["pkg.c", "pkg.a", "pkg.b", "pkg.c"])  # fmt: skip
    assert cycle({**g, "pkg.c": set()}) is None


PUBLIC_READERS = ["README.md", "docs/**/*.md", "examples/**/*.py", "gametree/pytest_plugin.py"]
"""Where users read how to use the gate: what these import from it is its public surface."""

FROM_THE_GATE = re.compile(r"from (gametree\.conform[\w.]*) import ([\w, ]+)")
"""An import from the gate on one line of a document."""


def imports_from_the_gate(path: Path) -> list[tuple[str, set[str]]]:
    """Each import from ``gametree.conform`` or its modules in ``path``: the module, the names."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return [(m[1], {n.strip() for n in m[2].split(",")}) for m in FROM_THE_GATE.finditer(text)]
    return [
        (node.module or "", {alias.name for alias in node.names})
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.ImportFrom)
        and (node.module or "").split(".")[:2] == ["gametree", "conform"]
    ]


def test_the_docs_and_examples_import_the_gate_from_its_public_surface() -> None:
    found = [
        (str(path.relative_to(ROOT)), module, names)
        for pattern in PUBLIC_READERS
        for path in sorted(ROOT.glob(pattern))
        for module, names in imports_from_the_gate(path)
    ]
    assert sum(len(names) for _, _, names in found) >= 10, found
    for path, module, names in found:
        assert module == "gametree.conform", f"{path} imports {module}, not gametree.conform"
        assert names <= set(conform.__all__), f"{path}: not public: {names - set(conform.__all__)}"


def test_every_public_name_of_the_gate_loads() -> None:
    assert len(set(conform.__all__)) == len(conform.__all__)
    assert all(getattr(conform, name) is not None for name in conform.__all__)
    with pytest.raises(AttributeError, match="no attribute 'Shrunk'"):
        _ = conform.Shrunk  # type: ignore[attr-defined]


PROBE = """import sys


def loaded(request):
    return {"modules": sorted(m for m in sys.modules if m.split(".")[0] == "gametree")}
"""


def worker(tmp_path: Path, target: str) -> subprocess.CompletedProcess[str]:
    """``python -m gametree.conform.worker target`` asked one request, ``tmp_path`` importable."""
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-m", "gametree.conform.worker", target],
        input='{"id": 1}\n', capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONPATH": path}, timeout=HANG_GUARD,
    )  # fmt: skip


def test_the_worker_hosting_a_callable_loads_the_protocol_only(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text(PROBE)
    done = worker(tmp_path, "probe:loaded")
    reply = json.loads(done.stdout)
    assert reply["id"] == 1, done
    ours = reply["modules"]
    gate = {m.removeprefix("gametree.conform.") for m in ours if m.startswith("gametree.conform.")}
    assert gate == {"protocol"}, ours
    assert {"gametree.spec._lazy", "gametree._json"} <= set(ours)
    assert len(ours) <= 6, ours


def test_the_worker_loads_a_search_by_name_and_refuses_a_name_that_is_neither(
    tmp_path: Path,
) -> None:
    done = worker(tmp_path, "no_such_search")
    assert done.returncode == 78, done
    assert "neither package.module:function nor a search" in done.stderr, done.stderr
    request = {"id": 1, "tree": [[3, 12], [2, 4]]}
    searched = subprocess.run(
        [sys.executable, "-m", "gametree.conform.worker", "alphabeta"],
        input=json.dumps(request) + "\n", capture_output=True, text=True, check=False,
        timeout=HANG_GUARD,
    )  # fmt: skip
    assert json.loads(searched.stdout)["value"] == 3, searched
