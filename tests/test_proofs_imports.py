"""The modules of ``gametree.proofs`` import one another without a cycle.

A cycle hides behind an import inside a function (``proofs.optimality`` and
``proofs.adversary`` had one); the graph here counts every import statement of the module,
wherever it stands, so such a cycle fails too.
"""

import ast
from pathlib import Path

import gametree.proofs

PACKAGE = "gametree.proofs"
HERE = Path(gametree.proofs.__file__).parent


def imports_of(source: str, package: str = PACKAGE) -> set[str]:
    """The modules of ``package`` (its top level) that ``source`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            if name.startswith(package + "."):
                found.add(name[len(package) + 1 :].split(".")[0])
    return found


def graph(folder: Path) -> dict[str, set[str]]:
    """Each module of the folder (``__init__`` left out) and the modules beside it it imports."""
    modules = {p.stem for p in folder.glob("*.py")} | {
        p.parent.name for p in folder.glob("*/__init__.py")
    }
    modules.discard("__init__")
    out: dict[str, set[str]] = {}
    for name in sorted(modules):
        path = folder / f"{name}.py"
        source = (path if path.exists() else folder / name / "__init__.py").read_text()
        out[name] = (imports_of(source) & modules) - {name}
    return out


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
    g = graph(HERE)
    assert {"optimality", "adversary", "decision", "nagini"} <= set(g)
    assert cycle(g) is None, f"an import cycle in gametree.proofs: {' -> '.join(cycle(g) or [])}"


def test_a_cycle_through_an_import_inside_a_function_is_found() -> None:
    deferred = "def f() -> None:\n    from gametree.proofs.adversary import stateful_result\n"
    assert imports_of(deferred) == {"adversary"}
    g = {"optimality": imports_of(deferred), "adversary": {"decision", "optimality"}}
    assert cycle({**g, "decision": set()}) == ["optimality", "adversary", "optimality"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
