"""What pyproject.toml cannot say: build impl's two kernels with mypyc, where that is possible.

Everything else about the package (metadata, packages, package data) is in pyproject.toml.
This adds the compiled kernels (:data:`KERNELS`: alpha-beta's and the optimal search's);
``gametree/impl/_compiled.py`` says how the package chooses them.

- A wheel (``bdist_wheel``: ``pip install``, ``pip wheel``, ``python -m build``) and an
  in-place build (``setup.py build_ext --inplace``, which ``python3 dev.py build`` runs in the
  checkout) call :func:`kernel_extensions`: for each kernel, say ``_kernel.py``, it writes
  ``gametree/impl/_kernel_mypyc.py``, a copy tagged with that file's SHA-256, has mypyc
  generate C from it, and deletes the copy. setuptools then compiles two extension modules a
  kernel: ``gametree.impl._kernel_mypyc`` and ``gametree.impl._kernel_mypyc__mypyc``, mypyc's
  shared library, which the first one loads.
- Without a C compiler, without mypyc, with ``GAMETREE_PURE_PYTHON=1``, or when mypyc or the
  compiler fails, the build says why on standard error (``pip install -v`` shows it), keeps
  no part of the extensions, and the wheel is pure Python (``py3-none-any``): the build never
  fails for want of a kernel, and the pure-Python ones give the same results, slower.
- The tagged copies are never packaged as modules (:class:`BuildPy`): no wheel carries a
  pure-Python ``_kernel_mypyc`` that would pass for the compiled one.
- Metadata, sdists and editable installs (``pip install -e``) compile nothing; in the
  checkout ``python3 dev.py build`` compiles, and records which sources it built.
"""

import hashlib
import os
import shlex
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import BaseError, CCompilerError

KERNELS = (Path("gametree", "impl", "_kernel.py"), Path("gametree", "impl", "_optimal_kernel.py"))
"""The reference kernels, the sources of the compiled ones (paths are relative to this folder):
``gametree.impl._compiled.SOURCES``."""


def copy_of(kernel: Path) -> Path:
    """The input mypyc reads: the reference with its tag, ``SOURCE_SHA256``.

    It exists only while mypyc reads it.
    """
    return kernel.with_name(f"{kernel.stem}_mypyc.py")


COMPILING = {"bdist_wheel", "build", "build_ext"}
"""The commands that compile the kernel; the others (dist_info, sdist, editable_wheel) do not."""

MYPYC_OUTPUT = Path("build", "mypyc")
"""Where mypyc writes its C and its mypy cache (not the checkout's .mypy_cache: another mypy's)."""


def say(message: str) -> None:
    """Tell whoever builds (on standard error: pip shows it with -v, dev.py always)."""
    sys.stderr.write(f"gametree build: {message}\n")


def why_not_compiled() -> str | None:
    """Why the kernel cannot be compiled here; ``None`` if it can be tried."""
    if os.environ.get("GAMETREE_PURE_PYTHON", "") not in {"", "0"}:
        return "GAMETREE_PURE_PYTHON is set"
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC")
    if compiler and not shutil.which(shlex.split(compiler)[0]):
        return f"no C compiler ({shlex.split(compiler)[0]!r} is not on PATH)"
    try:
        import mypyc.build  # noqa: F401, PLC0415 - only whether it imports
    except ImportError:
        return "mypyc is not installed (it comes with mypy)"
    return None


def kernel_extensions() -> list[Extension]:
    """The compiled kernels' extension modules, two each, or none (saying why) if they cannot be."""
    if not COMPILING & set(sys.argv[1:]):
        return []
    reason = why_not_compiled()
    if reason is None:
        try:
            return [e for kernel in KERNELS for e in mypyc_extensions(kernel)]
        except (Exception, SystemExit) as e:  # mypyc reports type errors with sys.exit
            reason = f"mypyc failed ({type(e).__name__}: {e})"
    say(f"{reason}: the pure-Python kernels are built, not the compiled ones")
    return []


def mypyc_extensions(kernel: Path) -> list[Extension]:
    """Generate the C of the tagged copy of a kernel; its extensions, for setuptools to build.

    One kernel at a time, so that each has its own shared library, named after it.
    """
    from mypyc.build import mypycify  # noqa: PLC0415 - a build requirement, not always present

    digest = hashlib.sha256(kernel.read_bytes()).hexdigest()
    text = kernel.read_text(encoding="utf-8")
    copy = copy_of(kernel)
    copy.write_text(f'{text}\nSOURCE_SHA256: Final = "{digest}"\n', encoding="utf-8")
    say(f"compiling {kernel} with mypyc (SHA-256 {digest[:16]}...)")
    try:
        extensions: list[Extension] = mypycify(
            [str(copy), "--cache-dir", str(MYPYC_OUTPUT / "mypy_cache")],
            opt_level="3",
            target_dir=str(MYPYC_OUTPUT / kernel.stem),
        )
    finally:
        copy.unlink()
    return extensions


class BuildPy(build_py):
    """Package every module but the kernels' tagged copies, should one be left by a crash."""

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        """The modules of ``package``, but ``_kernel_mypyc.py`` and its kind."""
        modules: list[tuple[str, str, str]] = super().find_package_modules(package, package_dir)
        copies = {copy_of(kernel) for kernel in KERNELS}
        return [m for m in modules if Path(m[2]) not in copies]


class BuildExt(build_ext):
    """Compile the kernels; if the C compiler fails, keep none of them, and say so."""

    def run(self) -> None:
        """Build the extensions, or none of them."""
        try:
            super().run()
        except (CCompilerError, BaseError) as e:
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            self.distribution.ext_modules = []
            say(f"the C compiler failed ({e}): the pure-Python kernels are built")


class Wheel(bdist_wheel):
    """A wheel for this Python and platform with the compiled kernels, else ``py3-none-any``."""

    def run(self) -> None:
        """Build first: whether the kernels compiled decides the wheel's tag."""
        if not self.skip_build:
            self.run_command("build")
        self.root_is_pure = not self.distribution.has_ext_modules()
        super().run()


if __name__ == "__main__":  # as setuptools runs it (tests import the functions above)
    setup(
        ext_modules=kernel_extensions(),
        cmdclass={"build_py": BuildPy, "build_ext": BuildExt, "bdist_wheel": Wheel},
    )
