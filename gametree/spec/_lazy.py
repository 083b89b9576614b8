"""A package whose exports load on first use (PEP 562), so that a command loads what it uses.

The package states its exports once, as the imports of an ``if TYPE_CHECKING:`` block (what
mypy and readers see); :func:`export_lazily` reads that block and imports the module of an
export the first time the export is read. Importing one search's module, say
``gametree.impl.shallow``, then loads that module and what it imports, not every search; and
``from gametree.spec import Node`` loads the tree's modules, not every definition. It lives in
``spec``, the layer that imports nothing else of ours, so that ``spec``, ``impl`` and
``gametree.conform`` can each use it.

One trap is handled here: a search and its module share a name (``gametree.impl.shallow`` and
``gametree.spec.minimax`` are both), and the import system sets a package's attribute to each
submodule it loads. The export wins, as it did when the package imported everything:
``impl.shallow`` is the function.
"""

import ast
import importlib
import sys
import types
from pathlib import Path

__all__ = ["export_lazily"]


def export_lazily(package: str) -> None:
    """Make the exports of ``package`` (its ``TYPE_CHECKING`` imports) load when first read."""
    module = sys.modules[package]
    assert module.__file__ is not None
    exports = _exports(Path(module.__file__).read_text(encoding="utf-8"), package)

    def load(name: str) -> object:
        if name not in exports:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        source, original = exports[name]
        value = getattr(importlib.import_module(source), original)
        types.ModuleType.__setattr__(module, name, value)
        return value

    def names() -> list[str]:
        return sorted(set(vars(module)) | set(exports))

    module.__getattr__ = load  # type: ignore[method-assign]
    module.__dir__ = names  # type: ignore[method-assign]
    module.__class__ = _exporting(frozenset(exports))


def _exports(source: str, package: str) -> dict[str, tuple[str, str]]:
    """Each name the ``if TYPE_CHECKING:`` block imports: its module and its name there."""
    found: dict[str, tuple[str, str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom), "only from-imports are exports"
                assert statement.module is not None
                assert statement.module.startswith(package + "."), statement.module
                for alias in statement.names:
                    found[alias.asname or alias.name] = (statement.module, alias.name)
    assert found, f"{package} has no 'if TYPE_CHECKING:' block of exports"
    return found


def _exporting(exports: frozenset[str]) -> type[types.ModuleType]:
    class Exporting(types.ModuleType):
        """A module whose exports are not replaced by submodules of the same name."""

        @property
        def __module__(self) -> str:  # type: ignore[override]
            """Absent, as for any module (the class's own would name this module).

            Tools that follow ``__module__`` up to the package would loop: CrossHair's options.
            """
            raise AttributeError("__module__")

        def __setattr__(self, name: str, value: object) -> None:
            if name in exports and isinstance(value, types.ModuleType):
                return  # the import system naming a submodule: the export keeps the name
            super().__setattr__(name, value)

    return Exporting
