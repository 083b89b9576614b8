"""A module of numbers loaded from outside the package: what Hypothesis's local constants read.

Hypothesis now and then draws a number it found in the source of a local module the process
has loaded, so a search at one seed could follow the process's history (the gate's and the
proofs' searches draw from the seed alone: ``gametree.spec.strategies.seed_alone``). The
tests of that load such a module between two runs with :func:`numbers_loaded`.
"""

import contextlib
import importlib
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path


@contextlib.contextmanager
def numbers_loaded(directory: Path, numbers: Iterable[int]) -> Iterator[None]:
    """A module of ``numbers`` written in ``directory`` and imported, for the block's length."""
    name = "numbers_for_hypothesis"
    (directory / f"{name}.py").write_text(f"SEEDS = {tuple(numbers)}\n", encoding="utf-8")
    sys.path.insert(0, str(directory))
    try:
        importlib.import_module(name)
        yield
    finally:
        sys.path.remove(str(directory))
        sys.modules.pop(name, None)
