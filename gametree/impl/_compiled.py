"""Which alpha-beta kernel runs: the pure-Python reference or its mypyc build.

:mod:`impl._kernel` is the reference. ``setup.py`` compiles a copy of it, tagged with the
reference's SHA-256, into ``impl._kernel_mypyc`` (a C extension next to it, with mypyc's shared
library ``impl._kernel_mypyc__mypyc``): in every wheel built where mypyc and a C compiler are
(``pip install gametree`` from source, ``pip wheel``, ``python -m build``), and in the checkout
with ``python3 dev.py build`` (not in git). Where it cannot be built the wheel is pure Python
and the reference runs. :func:`choose` returns the compiled module only when it exists,
imports, and carries the tag of the ``_kernel.py`` beside it; an edited reference with an old
build gets the reference and a ``RuntimeWarning`` saying to rebuild. ``GAMETREE_PURE_PYTHON=1``
forces the reference (mutation testing and CrossHair need it: neither can see inside compiled
code).

Which one runs is :data:`COMPILED` and :data:`DESCRIPTION`, exported by ``gametree.impl`` as
``KERNEL_COMPILED`` and ``KERNEL_DESCRIPTION``, and the second line of ``gametree --version``:

    alpha-beta kernel: compiled by mypyc (.../gametree/impl/_kernel_mypyc.cpython-311-...so)
"""

import hashlib
import importlib
import os
import warnings
from pathlib import Path
from types import ModuleType

from gametree.impl import _kernel

__all__ = ["COMPILED", "DESCRIPTION", "KERNEL", "choose", "source_digest"]


def source_digest() -> str:
    """The SHA-256 of the reference kernel's source, the tag a matching build carries."""
    return hashlib.sha256(Path(_kernel.__file__).read_bytes()).hexdigest()


def choose() -> ModuleType:
    """The compiled kernel if it is built from this reference and allowed, else the reference."""
    if os.environ.get("GAMETREE_PURE_PYTHON", "") not in {"", "0"}:
        return _kernel
    try:
        native = importlib.import_module("gametree.impl._kernel_mypyc")
    except ImportError:
        return _kernel
    if getattr(native, "SOURCE_SHA256", None) != source_digest():
        warnings.warn(
            f"{native.__file__} was built from another impl/_kernel.py; using the pure-Python "
            "kernel (rebuild with: python3 dev.py build)",
            RuntimeWarning,
            stacklevel=1,  # here: the caller is the import of impl, which says nothing more
        )
        return _kernel
    return native


KERNEL: ModuleType = choose()
"""The kernel impl.alphabeta runs."""

COMPILED: bool = KERNEL is not _kernel
"""Whether that kernel is the mypyc build."""

DESCRIPTION: str = (
    f"compiled by mypyc ({KERNEL.__file__})"
    if COMPILED
    else f"pure Python ({_kernel.__file__}; no build of it for this Python, or "
    "GAMETREE_PURE_PYTHON is set)"
)
"""Which kernel runs, and its file, for people: ``gametree --version`` prints it."""
