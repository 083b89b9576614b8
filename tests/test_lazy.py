"""The packages whose exports load when first read (``gametree.spec._lazy``, PEP 562).

``gametree.spec``, ``gametree.impl`` and ``gametree.conform`` state their exports once, as the
imports of an ``if TYPE_CHECKING:`` block, so that a command loads what it uses (issue 34,
item 5). Importing one loads none of its exports; each export is the object the block names,
never the submodule of the same name.
"""

import importlib
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest
from crosshair.codeconfig import collect_options
from crosshair.options import AnalysisOptionSet

from gametree.spec._lazy import _exports

PACKAGES = ["gametree.spec", "gametree.impl", "gametree.conform"]


def fresh(statements: str) -> object:
    """What ``statements`` leave in ``found``, run in a fresh interpreter."""
    code = f"import json, sys\n{statements}\nprint(json.dumps(found))\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)  # fmt: skip
    return json.loads(done.stdout)


@pytest.mark.parametrize("package", PACKAGES)
def test_importing_a_package_loads_none_of_its_exports(package: str) -> None:
    ours = fresh(f"import {package}\n"
                 "found = sorted(m for m in sys.modules if m.startswith('gametree'))")  # fmt: skip
    assert ours == sorted({"gametree", "gametree.spec", "gametree.spec._lazy", package}), ours


@pytest.mark.parametrize("package", PACKAGES)
def test_every_export_is_the_object_its_block_names(package: str) -> None:
    module = importlib.import_module(package)
    exports = _exports(Path(str(module.__file__)).read_text(encoding="utf-8"), package)
    assert sorted(exports) == sorted(module.__all__)
    assert set(module.__all__) <= set(dir(module))
    for name, (source, original) in exports.items():
        value = getattr(module, name)
        assert value is getattr(importlib.import_module(source), original), name
        assert not isinstance(value, types.ModuleType), name


def test_an_export_named_as_its_module_stays_the_export_after_the_module_loads() -> None:
    kinds = fresh("import gametree.spec.minimax, gametree.impl.shallow\n"
                  "import gametree.spec as spec, gametree.impl as impl\n"
                  "found = [type(spec.minimax).__name__, type(impl.shallow).__name__]")  # fmt: skip
    assert kinds == ["function", "function"]


def test_a_name_that_is_not_exported_is_an_attribute_error() -> None:
    spec = importlib.import_module("gametree.spec")
    with pytest.raises(AttributeError, match=r"module 'gametree\.spec' has no attribute 'Nod'"):
        _ = spec.Nod


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_has_no_module_attribute_as_any_module(package: str) -> None:
    """CrossHair reads a module's options by following ``__module__`` to its package: the
    class that guards the exports named ``gametree.spec._lazy``, whose package is
    ``gametree.spec``, and CrossHair recursed until the interpreter's limit."""
    module = importlib.import_module(package)
    assert not hasattr(module, "__module__")
    assert collect_options(module) == AnalysisOptionSet()
