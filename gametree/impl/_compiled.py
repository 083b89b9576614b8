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

Each kernel is chosen when it is first read (PEP 562), so a command that runs alpha-beta does not
load the optimal search's kernel. Which alpha-beta kernel runs is :data:`COMPILED` and
:data:`DESCRIPTION`, exported by
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
    "source",
    "source_digest",
]

SOURCES: dict[str, tuple[str, str, str]] = {
    "_kernel": ("KERNEL", "COMPILED", "DESCRIPTION"),
    "_optimal_kernel": ("OPTIMAL", "OPTIMAL_COMPILED", "OPTIMAL_DESCRIPTION"),
}
"""The modules compiled where they can be, by name (``setup.py`` and ``dev.py`` name the same
ones: ``tests/test_kernel.py`` checks it), each with the names of what is chosen for it here."""

KERNEL: ModuleType
"""The kernel impl.alphabeta runs."""

COMPILED: bool
"""Whether that kernel is the mypyc build."""

DESCRIPTION: str
"""Which alpha-beta kernel runs."""

OPTIMAL: ModuleType
"""The kernel impl.optimal runs."""

OPTIMAL_COMPILED: bool
"""Whether that kernel is the mypyc build."""

OPTIMAL_DESCRIPTION: str
"""Which optimal search kernel runs."""


def source(name: str = "_kernel") -> ModuleType:
    """The reference kernel ``name`` of :data:`SOURCES`, the pure-Python module."""
    if name not in SOURCES:
        raise ValueError(f"no kernel is called {name!r}; the kernels are {sorted(SOURCES)}")
    return importlib.import_module(f"gametree.impl.{name}")


def source_digest(name: str = "_kernel") -> str:
    """The SHA-256 of a reference kernel's source, the tag a matching build carries."""
    return hashlib.sha256(Path(str(source(name).__file__)).read_bytes()).hexdigest()


def choose(name: str = "_kernel") -> ModuleType:
    """The compiled kernel if it is built from this reference and allowed, else the reference."""
    reference = source(name)
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
            stacklevel=1,  # here: the caller is the first read of a kernel, which says nothing more
        )
        return reference
    return native


def describe(kernel: ModuleType, name: str) -> str:
    """Which kernel runs, and its file, for people: ``gametree --version`` prints it."""
    reference = source(name)
    if kernel is not reference:
        return f"compiled by mypyc ({kernel.__file__})"
    return (
        f"pure Python ({reference.__file__}; no build of it for this Python, or "
        "GAMETREE_PURE_PYTHON is set)"
    )


def __getattr__(attribute: str) -> object:
    """A kernel, whether it is compiled and its description, chosen when first read."""
    for name, (kernel_name, compiled_name, description_name) in SOURCES.items():
        if attribute in (kernel_name, compiled_name, description_name):
            kernel = choose(name)
            globals().update({
                kernel_name: kernel,
                compiled_name: kernel is not source(name),
                description_name: describe(kernel, name),
            })  # fmt: skip
            return globals()[attribute]
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
