"""gametree's own data files, read the same way by every layer: present, or a loud error.

The files the package reads at run time are package data (``[tool.setuptools.package-data]``
in pyproject.toml), installed beside the modules that read them: the proofs' pinned trees
(``gametree/proofs/data/``), the bug catalogue's cases (``gametree/conform/catalogue.json``),
the test vectors (``gametree/vectors/``). A missing one means the installation is incomplete
(a wheel built without it, a file deleted since): :func:`package_text` raises
:class:`MissingPackageDataError` naming the file, never an empty result or a bare
``FileNotFoundError``, and the command line (``gametree.clitools.guarded``) prints it as one
line with exit code 5.

It lives in ``spec``, the layer every other one may import, so that ``proofs`` and the rest of
``gametree`` share it; it defines nothing that spec's searches compute, so mutation testing
leaves it alone (the pragma below).
"""

from pathlib import Path

__all__ = ["MissingPackageDataError", "package_text"]

# pragma: no mutate block - a file reader, not a definition (see the module docstring)


class MissingPackageDataError(RuntimeError):
    """A data file of gametree's is not where the installed package has it: reinstall.

    Not an ``OSError``, so that a handler for the user's own files (``cannot read FILE``) does
    not report it as theirs.
    """


def package_text(path: Path) -> str:
    """The text (UTF-8) of gametree's data file ``path``; raises if it is missing.

    The error names the file and says that the installation is incomplete:

    >>> package_text(Path("/nowhere/catalogue.json"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gametree.spec._package_data.MissingPackageDataError: gametree's data file /nowhere/...
    """
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MissingPackageDataError(
            f"gametree's data file {path} is missing: this installation of gametree is "
            "incomplete (reinstall it from a wheel or sdist that carries its package data)"
        ) from None
