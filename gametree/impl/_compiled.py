"""Which kernels run: the pure-Python references or their mypyc builds.

Two modules of impl are written so that mypyc compiles them: :mod:`impl._kernel`, alpha-beta's
recursive core, and :mod:`impl._optimal_kernel`, the optimal directional search's walk and
necessity decision (:data:`SOURCES`). Each is the reference. ``setup.py`` compiles a copy of
each, tagged with the reference's SHA-256, into ``impl.<name>_mypyc`` (a C extension next to
it, with mypyc's shared library ``impl.<name>_mypyc__mypyc``): in every wheel built where mypyc
and a C compiler are (``pip install gametree`` from source, ``pip wheel``, ``python -m
build``), and in the checkout with ``python3 dev.py build`` (not in git). Where they cannot be
built the wheel is pure Python and the references run. :func:`choose` returns a compiled
module only when it exists, imports, and carries the tag of the source beside it; an edited
reference with an old build gets the reference and a ``RuntimeWarning`` saying to rebuild.
``GAMETREE_PURE_PYTHON=1`` forces the references (mutation testing and CrossHair need it:
neither can see inside compiled code).

Which alpha-beta kernel runs is :data:`COMPILED` and :data:`DESCRIPTION`, exported by
``gametree.impl`` as ``KERNEL_COMPILED`` and ``KERNEL_DESCRIPTION``; the optimal search's is
:data:`OPTIMAL_COMPILED` and :data:`OPTIMAL_DESCRIPTION`; ``gametree --version`` prints both:

    alpha-beta kernel: compiled by mypyc (.../gametree/impl/_kernel_mypyc.cpython-311-...so)
    optimal search kernel: compiled by mypyc (.../gametree/impl/_optimal_kernel_mypyc...so)
"""

import hashlib
import importlib
import os
import warnings
from pathlib import Path
from types import ModuleType

from gametree.impl import _kernel, _optimal_kernel

__all__ = [
    "COMPILED",
    "DESCRIPTION",
    "KERNEL",
    "OPTIMAL",
    "OPTIMAL_COMPILED",
    "OPTIMAL_DESCRIPTION",
    "SOURCES",
    "choose",
    "describe",
    "source_digest",
]

SOURCES: dict[str, ModuleType] = {"_kernel": _kernel, "_optimal_kernel": _optimal_kernel}
"""The modules compiled where they can be, by name (``setup.py`` and ``dev.py`` name the same
ones: ``tests/test_kernel.py`` checks it)."""


def source_digest(name: str = "_kernel") -> str:
    """The SHA-256 of a reference kernel's source, the tag a matching build carries."""
    return hashlib.sha256(Path(str(SOURCES[name].__file__)).read_bytes()).hexdigest()


def choose(name: str = "_kernel") -> ModuleType:
    """The compiled kernel if it is built from this reference and allowed, else the reference."""
    reference = SOURCES[name]
    if os.environ.get("GAMETREE_PURE_PYTHON", "") not in {"", "0"}:
        return reference
    try:
        native = importlib.import_module(f"gametree.impl.{name}_mypyc")
    except ImportError:
        return reference
    if getattr(native, "SOURCE_SHA256", None) != source_digest(name):
        warnings.warn(
            f"{native.__file__} was built from another impl/{name}.py; using the pure-Python "
            "kernel (rebuild with: python3 dev.py build)",
            RuntimeWarning,
            stacklevel=1,  # here: the caller is the import of impl, which says nothing more
        )
        return reference
    return native


def describe(kernel: ModuleType, name: str) -> str:
    """Which kernel runs, and its file, for people: ``gametree --version`` prints it."""
    if kernel is not SOURCES[name]:
        return f"compiled by mypyc ({kernel.__file__})"
    return (
        f"pure Python ({SOURCES[name].__file__}; no build of it for this Python, or "
        "GAMETREE_PURE_PYTHON is set)"
    )


KERNEL: ModuleType = choose("_kernel")
"""The kernel impl.alphabeta runs."""

COMPILED: bool = KERNEL is not _kernel
"""Whether that kernel is the mypyc build."""

DESCRIPTION: str = describe(KERNEL, "_kernel")
"""Which alpha-beta kernel runs."""

OPTIMAL: ModuleType = choose("_optimal_kernel")
"""The kernel impl.optimal runs."""

OPTIMAL_COMPILED: bool = OPTIMAL is not _optimal_kernel
"""Whether that kernel is the mypyc build."""

OPTIMAL_DESCRIPTION: str = describe(OPTIMAL, "_optimal_kernel")
"""Which optimal search kernel runs."""
