"""The modules of ``gametree.proofs`` import one another without a cycle, and lie in layers.

A cycle hides behind an import inside a function (``proofs.optimality`` and
``proofs.adversary`` had one); the graph here counts every import statement of a module,
wherever it stands, at every depth of the package (``theorems/``, ``machinery/``,
``nagini/``, ``why3/``), so such a cycle fails too. And the layers the package is filed in
hold: the machinery imports no theorem and no verifier, a verifier's package no theorem (its
runner does, to read the claims and flaws of its files).
"""

import ast
from pathlib import Path

import gametree.proofs

PACKAGE = "gametree.proofs"
HERE = Path(gametree.proofs.__file__).parent


def modules(folder: Path = HERE) -> dict[str, Path]:
    """Every module of the package, by dotted name relative to it (a package by its folder's
    name, ``""`` for the package itself), the typed stand-in for Nagini's library left out."""
    out = {}
    for path in folder.rglob("*.py"):
        parts = path.relative_to(folder).with_suffix("").parts
        if "_standin" in parts:
            continue
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def imports_of(source: str, known: set[str], package: str = PACKAGE) -> set[str]:
    """The modules of ``known`` that ``source`` imports, anywhere in it (a name imported from a
    package is the submodule of that name if there is one, else the package)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            base = node.module
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known_full(known, package)
                     else base for a in node.names]  # fmt: skip
        else:
            continue
        for name in names:
            if name == package or name.startswith(package + "."):
                found.add(name.removeprefix(package).removeprefix("."))
    return found & known


def known_full(known: set[str], package: str) -> set[str]:
    return {f"{package}.{k}" if k else package for k in known}


def graph(folder: Path = HERE) -> dict[str, set[str]]:
    """Each module of the package and the modules of it that it imports."""
    found = modules(folder)
    names = set(found)
    return {name: imports_of(path.read_text(), names) - {name} for name, path in found.items()}


def cycle(g: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``g`` as the list of its modules (first repeated at the end), or ``None``."""
    state: dict[str, str] = {}
    for root, below in g.items():
        if root in state:
            continue
        stack: list[tuple[str, list[str]]] = [(root, sorted(below))]
        path = [root]
        state[root] = "open"
        while stack:
            node, todo = stack[-1]
            if not todo:
                state[node] = "done"
                stack.pop()
                path.pop()
                continue
            nxt = todo.pop()
            if state.get(nxt) == "open":
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                state[nxt] = "open"
                path.append(nxt)
                stack.append((nxt, sorted(g.get(nxt, ()))))
    return None


def test_the_proofs_modules_import_one_another_without_a_cycle() -> None:
    g = graph()
    assert {"theorems.optimality", "machinery.adversary", "nagini.verify", "why3.run"} <= set(g)
    assert cycle(g) is None, f"an import cycle in gametree.proofs: {' -> '.join(cycle(g) or [])}"


def test_the_machinery_imports_no_theorem_and_a_verifier_no_theorem_but_its_runner() -> None:
    g = graph()
    for name, below in g.items():
        top = name.split(".")[0]
        if top == "machinery":
            assert not {b for b in below if b.split(".")[0] in {"", "theorems", "nagini", "why3"}
                        }, name  # fmt: skip
        if top in {"nagini", "why3"} and name not in {"nagini.verify", "why3.verify"}:
            assert not {b for b in below if b.split(".")[0] in {"", "theorems"}}, name


def test_a_cycle_through_an_import_inside_a_function_is_found() -> None:
    deferred = "def f() -> None:\n    from gametree.proofs.machinery.adversary import result\n"
    known = {"machinery.adversary", "theorems.optimality", "machinery"}
    assert imports_of(deferred, known) == {"machinery.adversary"}
    g = {"theorems.optimality": imports_of(deferred, known),
         "machinery.adversary": {"theorems.optimality"}}  # fmt: skip
    assert cycle(g) == ["theorems.optimality", "machinery.adversary", "theorems.optimality"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
