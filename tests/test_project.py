"""The project's own rules: layering, packaging, the README's commands, the CI profile."""

import ast
import importlib.metadata
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gametree.spec import Bounds, strategies

ROOT = Path(__file__).resolve().parent.parent

ALLOWED = {
    "spec": {"spec"},
    "impl": {"spec", "impl"},
    "proofs": {"spec", "impl", "proofs"},
    "gametree": {"spec", "impl", "proofs", "gametree"},
}
"""DESIGN.md: spec imports nothing of ours; impl imports spec; proofs both; gametree all."""

CORES = ("spec", "impl", "proofs")
"""The layers installed under the gametree namespace: gametree.spec, gametree.impl, ..."""


def layer(module: str) -> str | None:
    """The layer of a dotted module name (``gametree.impl.shallow``: impl), ``None`` if not ours."""
    parts = module.split(".")
    if parts[0] != "gametree":
        return None
    return parts[1] if len(parts) > 1 and parts[1] in CORES else "gametree"


def imported_modules(path: Path) -> set[str]:
    """Every absolute module name ``path`` imports (``from a import b`` counts ``a.b`` too)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def modules_of(package: str) -> list[Path]:
    """The source files of a layer (gametree's own: those outside the three cores)."""
    if package != "gametree":
        return sorted((ROOT / "gametree" / package).rglob("*.py"))
    cores = [ROOT / "gametree" / core for core in CORES]
    return sorted(
        p for p in (ROOT / "gametree").rglob("*.py") if not any(p.is_relative_to(c) for c in cores)
    )


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_dependencies_point_one_way(package: str) -> None:
    modules = modules_of(package)
    assert modules, f"no modules found in {package}"
    for module in modules:
        ours = {layer(m) for m in imported_modules(module)} - {None}
        assert ours <= ALLOWED[package], f"{module.relative_to(ROOT)} imports {ours}"


def test_the_package_root_imports_nothing() -> None:
    """Importing gametree.spec runs gametree/__init__.py first: it must not pull in the CLI."""
    assert imported_modules(ROOT / "gametree" / "__init__.py") == set()


@pytest.mark.slow
def test_nothing_imports_the_old_top_level_names() -> None:
    """spec, impl and proofs are other projects' names on PyPI: ours live under gametree."""
    sources = [p for d in ("gametree", "tests", "bench", "mutation", "examples")
               for p in (ROOT / d).rglob("*.py")] + [ROOT / "dev.py"]  # fmt: skip
    for path in sources:
        top = {m.split(".")[0] for m in imported_modules(path)}
        assert not top & set(CORES), f"{path.relative_to(ROOT)} imports {top & set(CORES)}"


def test_the_console_script_is_gametree_cli_main() -> None:
    (script,) = [
        e for e in importlib.metadata.entry_points(group="console_scripts") if e.name == "gametree"
    ]
    assert script.value == "gametree.cli:main"


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    quick_start = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)```", quick_start, re.DOTALL)
    return [line.split("#")[0].strip() for line in block.strip().splitlines()]


def test_the_quick_start_is_two_commands_and_ci_runs_the_second() -> None:
    main, test = readme_commands()
    assert main == "python3 dev.py main"
    run = (ROOT / ".ci" / "run").read_text()
    exec_lines = [line for line in run.splitlines() if line.startswith("exec ")]
    assert exec_lines == [f"exec {test}"]
    assert os.access(ROOT / ".ci" / "run", os.X_OK)


@pytest.mark.parametrize(("ci", "derandomized"), [("true", True), ("", False)])
def test_ci_selects_the_derandomized_profile(ci: str, derandomized: bool) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"CI", "HYPOTHESIS_PROFILE"}}
    if ci:
        env["CI"] = ci
    probe = "import tests.conftest; from hypothesis import settings; print(settings().derandomize)"
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == str(derandomized)


def test_no_module_is_empty_of_documentation() -> None:
    for package in ALLOWED:
        for module in (ROOT / package).rglob("*.py"):
            tree = ast.parse(module.read_text())
            assert ast.get_docstring(tree), f"{module.relative_to(ROOT)} has no module docstring"


SOURCES = (
    r"Korf|Sturtevant|Min-Max notes|Alpha-Beta Pruning article|"
    r"Game Tree Search notes|CSCE 315 slides"
)
"""The short names of the works a definition may cite (docs/references.md)."""


def test_every_spec_definition_cites_its_source() -> None:
    from gametree import spec

    definitions = [
        spec.minimax,
        spec.negamax,
        spec.maxn,
        spec.paranoid,
        spec.separate_evaluations,
        spec.opponent_models,
        spec.game_minimax,
        spec.game_negamax,
        spec.game_maxn,
        spec.as_pairs,
    ]
    for f in definitions:
        doc = f.__doc__ or ""
        assert re.search(SOURCES, doc), f"{f.__name__} names none of {SOURCES}"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: strategies.vectors(players=3, bounds=Bounds(4, 9)), "no 3-vector"),
        (lambda: strategies.vectors(players=1), "players >= 2"),
        (lambda: strategies.shapes(max_depth=-1), "max_depth >= 0"),
        (lambda: strategies.scalar_trees(min_value=3, max_value=2), "min_value <= max_value"),
        (lambda: strategies.uniform_shape(0, 2), "branching >= 1"),
    ],
)
def test_strategies_refuse_arguments_that_allow_no_tree(make: object, message: str) -> None:
    assert callable(make)
    with pytest.raises(ValueError, match=message):
        make()
