"""What a user installs brings what they run: the extras against the imports, and the LICENSE.

``gametree[testing]`` is what the README offers for the gate's generated trees, the tree
strategies and the pytest fixture: every library those modules import, beyond gametree's own
dependencies, is in it. An example adapter whose library is missing says how to install it.
And the license pyproject.toml declares is the LICENSE file's.
"""

import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
TESTING = [
    ROOT / "gametree" / "pytest_plugin.py",
    ROOT / "gametree" / "spec" / "strategies.py",
    *sorted((ROOT / "gametree" / "conform").glob("*.py")),
]
"""The modules ``gametree[testing]`` is for: the fixture, the strategies and the gate."""


def distributions(requirements: list[str]) -> set[str]:
    """The normalised distribution names of requirement strings ("pytest>=8.0": "pytest")."""
    return {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower().replace("_", "-")
            for r in requirements}  # fmt: skip


def third_party_imports(path: Path) -> set[str]:
    """The top-level names of what ``path`` imports, anywhere in it, that are neither the
    standard library's nor gametree's."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"gametree", "__future__"}


def test_the_testing_extra_brings_what_the_fixture_the_strategies_and_the_gate_import() -> None:
    provided = importlib.metadata.packages_distributions()
    base = distributions(PYPROJECT["project"]["dependencies"])
    testing = distributions(PYPROJECT["project"]["optional-dependencies"]["testing"])
    needed = {name: {d.lower() for d in provided.get(name, [name])}
              for path in TESTING for name in third_party_imports(path)}  # fmt: skip
    assert "pytest" in needed
    assert "hypothesis" in needed
    missing = {name for name, dists in needed.items() if not dists & (base | testing)}
    assert missing == set(), f"gametree[testing] lacks what these import: {sorted(missing)}"


def test_the_license_file_is_the_license_pyproject_declares() -> None:
    assert PYPROJECT["project"]["license"] == "MIT"
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n")
    assert "Permission is hereby granted, free of charge" in text


ADAPTERS = {
    "examples.aima_alphabeta": ("aima", "aima3"),
    "examples.easyai_negamax": ("easyAI",),
    "examples.openspiel_alphabeta": ("pyspiel", "open_spiel"),
}
"""The example adapters of libraries gametree does not install, and those libraries."""


@pytest.mark.parametrize(("module", "libraries"), ADAPTERS.items())
def test_an_adapter_whose_library_is_missing_names_its_install_command(
    module: str, libraries: tuple[str, ...]
) -> None:
    hide = f"import sys\nfor m in {libraries!r}:\n    sys.modules[m] = None\nimport {module}"
    done = subprocess.run([sys.executable, "-c", hide], cwd=ROOT, capture_output=True,
                          text=True, check=False)  # fmt: skip
    last = done.stderr.strip().splitlines()[-1]
    assert done.returncode != 0
    assert last.startswith("ImportError: "), last
    assert "is not installed (pip install " in last, last
