"""The alpha-beta kernel: the mypyc build answers exactly as the pure-Python reference.

``python3 dev.py test`` compiles ``impl/_kernel.py`` first (``python3 dev.py build``), so the
rest of the suite (tests/test_alphabeta.py and the others) runs the compiled kernel against the
spec. Here both kernels run side by side: every search of :mod:`impl.alphabeta` gives the same
result, statistics and principal variation included, with either. How :mod:`impl._compiled`
chooses between them is tested in tests/test_alphabeta.py (where mutation runs see it).

Also here: how the package says which kernel runs (``gametree.impl.KERNEL_COMPILED``,
``gametree --version``), and ``setup.py``'s decisions to compile or not; tests/test_wheel.py
builds a wheel and checks that it carries the compiled kernel, or none of it.
"""

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from hypothesis import given, settings

from gametree import cli, impl
from gametree.impl import _compiled, _kernel, _optimal_kernel
from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.result import SearchResult
from gametree.impl.window import Bound
from gametree.spec import Node, Scalar, Tree, minimax
from tests.test_alphabeta import trees, windows

NATIVE = _compiled.KERNEL if _compiled.COMPILED else None


def searches(t: Tree, w: tuple[Bound, Bound]) -> list[SearchResult[Scalar]]:
    """The four untraced alpha-beta searches of ``t`` over the window ``w``."""
    return [
        f(t, *w, fail_soft=soft) for f in (alphabeta, negamax_alphabeta) for soft in (False, True)
    ]


def with_kernel(kernel: ModuleType, t: Tree, w: tuple[Bound, Bound]) -> list[SearchResult[Scalar]]:
    """:func:`searches` with ``kernel`` in place of the chosen one."""
    chosen = _compiled.KERNEL
    _compiled.KERNEL = kernel
    try:
        return searches(t, w)
    finally:
        _compiled.KERNEL = chosen


@pytest.mark.parametrize("name", sorted(_compiled.SOURCES))
def test_a_successful_build_of_this_kernel_is_the_one_that_runs(name: str) -> None:
    """Else the compiled path would go untested without anyone noticing (a build for another
    Python, a copy that does not import). ``dev.py build`` writes the stamp only on success."""
    if os.environ.get("GAMETREE_PURE_PYTHON", "") not in {"", "0"}:
        pytest.skip("the pure-Python kernel is forced")
    stamp = Path(__file__).resolve().parent.parent / "build" / f"{name}.sha256"
    if not stamp.exists() or stamp.read_text() != _compiled.source_digest(name):
        pytest.skip("no successful build of this kernel here (python3 dev.py build says why)")
    chosen = _compiled.choose(name)
    assert chosen is not _compiled.source(name), (
        f"impl.{name}_mypyc was built from this source but is not used"
    )
    assert chosen is getattr(_compiled, _compiled.SOURCES[name][0])


def test_the_build_the_task_runner_and_the_package_name_the_same_kernels() -> None:
    names = sorted(_compiled.SOURCES)
    assert sorted(p.stem for p in setup_module_functions().KERNELS) == names
    assert sorted(script("dev.py").KERNELS) == names
    for name in names:
        assert _compiled.source(name).__name__ == f"gametree.impl.{name}"
    with pytest.raises(ValueError, match="no kernel is called '_kernl'"):
        _compiled.source("_kernl")


@pytest.mark.slow
@pytest.mark.skipif(NATIVE is None, reason="the compiled kernel is not built here")
@settings(max_examples=500)
@given(trees, windows())
def test_both_kernels_give_the_same_results_and_statistics(t: Tree, w: tuple[Bound, Bound]) -> None:
    assert NATIVE is not None
    assert with_kernel(NATIVE, t, w) == with_kernel(_kernel, t, w)


@pytest.mark.parametrize("kernel", ["pure", "compiled"])
def test_each_kernel_agrees_with_the_loop_on_a_tree_deeper_than_its_recursion_height(
    kernel: str,
) -> None:
    """A 100-deep comb: the loop above, the kernel below height 32; traced, the loop alone."""
    chosen = _kernel if kernel == "pure" else NATIVE
    if chosen is None:
        pytest.skip("the compiled kernel is not built here")
    t: Tree = Node(1, [3, 7])
    for depth in range(100):
        t = Node(depth % 2, [depth - 50, t, Node(1 - depth % 2, [depth, -depth])])
    w: tuple[Bound, Bound] = (-1000, 1000)
    loop_only = [
        attrs.evolve(f(t, *w, fail_soft=soft, trace=True), trace=None)
        for f in (alphabeta, negamax_alphabeta)
        for soft in (False, True)
    ]
    assert with_kernel(chosen, t, w) == loop_only
    assert loop_only[0].value == minimax(t).value


def test_the_package_says_which_kernels_run() -> None:
    assert impl.KERNEL_COMPILED is _compiled.COMPILED
    assert impl.OPTIMAL_KERNEL_COMPILED is _compiled.OPTIMAL_COMPILED
    name, kernel, optimal = cli.version().splitlines()
    assert name.startswith("gametree 0.")
    assert kernel == f"alpha-beta kernel: {impl.KERNEL_DESCRIPTION}"
    assert optimal == f"optimal search kernel: {impl.OPTIMAL_KERNEL_DESCRIPTION}"
    for compiled, described, chosen, reference in (
        (impl.KERNEL_COMPILED, impl.KERNEL_DESCRIPTION, _compiled.KERNEL, _kernel),
        (impl.OPTIMAL_KERNEL_COMPILED, impl.OPTIMAL_KERNEL_DESCRIPTION, _compiled.OPTIMAL,
         _optimal_kernel),
    ):  # fmt: skip
        if compiled:
            assert described == f"compiled by mypyc ({chosen.__file__})"
        else:
            assert described.startswith(f"pure Python ({reference.__file__}; ")


def script(name: str) -> ModuleType:
    """A script of the checkout (``setup.py``, ``dev.py``), imported without running it: each
    runs only as __main__."""
    spec = importlib.util.spec_from_file_location(
        f"gametree_{Path(name).stem}", Path(__file__).resolve().parent.parent / name
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def setup_module_functions() -> ModuleType:
    """``setup.py``'s functions, imported without running ``setup()``."""
    return script("setup.py")


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        ({"GAMETREE_PURE_PYTHON": "1"}, "GAMETREE_PURE_PYTHON is set"),
        ({"CC": "/no/such/cc -O2"}, "no C compiler ('/no/such/cc' is not on PATH)"),
    ],
)
def test_the_build_says_why_it_compiles_no_kernel(
    env: dict[str, str], reason: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    build = setup_module_functions()
    monkeypatch.delenv("GAMETREE_PURE_PYTHON", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert build.why_not_compiled() == reason


def test_only_a_build_compiles_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Metadata, sdists and editable installs run setup.py too: they compile nothing."""
    build = setup_module_functions()
    for command in ("dist_info", "egg_info", "sdist", "editable_wheel"):
        monkeypatch.setattr("sys.argv", ["setup.py", command])
        assert build.kernel_extensions() == []
    assert {"bdist_wheel", "build_ext"} <= build.COMPILING
