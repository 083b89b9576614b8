"""Mutation testing of ``gametree.spec`` and ``gametree.impl`` with mutmut (``dev.py mutate``).

mutmut names a module by its source's path from the checkout, so the mutants of
``gametree/spec/tree.py`` are ``gametree.spec.tree.x_...__mutmut_N`` and its results are in
``mutants/gametree/spec/tree.py.meta``. The tools here take a module by that name or without
the leading ``gametree.`` (``spec.tree``), as :func:`module_name` completes it.
"""

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "gametree"


def config(root: Path = ROOT) -> dict[str, Any]:
    """The settings of ``[tool.mutmut]`` in ``root``'s ``pyproject.toml``."""
    tool: dict[str, Any] = tomllib.loads((root / "pyproject.toml").read_text())["tool"]
    return tool["mutmut"]  # type: ignore[no-any-return]


def source_paths(root: Path = ROOT) -> list[Path]:
    """The folders mutmut mutates, relative to ``root`` (``source_paths``)."""
    return [Path(folder) for folder in config(root)["source_paths"]]


def module_name(name: str) -> str:
    """The full dotted name of the module ``name``, given with or without ``gametree.``.

    >>> module_name("spec.tree"), module_name("gametree.impl.alphabeta")
    ('gametree.spec.tree', 'gametree.impl.alphabeta')
    """
    return name if name.split(".", 1)[0] == PACKAGE else f"{PACKAGE}.{name}"


def source_of(module: str) -> Path:
    """The source file of a module (a full dotted name), relative to the checkout.

    >>> source_of("gametree.spec.tree").as_posix()
    'gametree/spec/tree.py'
    """
    return Path(*module.split(".")).with_suffix(".py")


def module_names(names: list[str], root: Path = ROOT) -> list[str]:
    """The full names of ``names``; exit saying which name no mutated source has."""
    full = [module_name(name) for name in names]
    folders = source_paths(root)
    skipped = set(config(root)["do_not_mutate"])
    unknown = [
        name
        for name, module in zip(names, full, strict=True)
        if not (root / source_of(module)).is_file()
        or not any(source_of(module).is_relative_to(folder) for folder in folders)
        or source_of(module).as_posix() in skipped
    ]
    if unknown:
        raise SystemExit(
            f"not a module mutmut mutates: {', '.join(unknown)} (one of "
            f"{' or '.join(f.as_posix() for f in folders)} not in do_not_mutate, named as "
            "gametree.spec.tree or spec.tree)"
        )
    return full
