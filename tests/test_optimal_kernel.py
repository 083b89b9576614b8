"""The optimal search's kernel reads what the reference reads, pure Python and compiled.

``impl.optimal.optimal`` runs ``impl._optimal_kernel.walk`` (its mypyc build where one is
built, ``impl._compiled.OPTIMAL``); the reference is ``impl.optimal.optimal_search`` with its
default verdict, ``necessary`` (``impl.necessity.decide_chain``), which tests/test_impl_optimal.py
checks against the definition (``proofs.optimality.decide``, with z3 where it must). Here: the
kernel, each build of it, returns the reference's value, principal variation, node and leaf
counts and trace (the leaves read, in order), and so does the search as it was before the
kernel (``bench/optimal_baseline.py``, frozen at 3ca5016, the benchmark's baseline), over the
reals and the integers, for N = 2..5, bounds tight (a total at or just above N L: few
vectors, many ties) and loose, lower bounds negative, zero and fractional, leaves on grids of
1, 1/2 and 1/3, unary nodes, ties, players in turn or not; on drawn trees of every shape up
to 5 levels and 3 children, wide ones (up to 8 children, 3 levels) and deep ones (up to 10
levels, 2 children); on deeper seeded trees too, with leaves of several denominators. Its
search alone, shortcuts off, does as well; a shortcut that claims too much is caught. And the
package chooses a build of the kernel only when it is built from the source beside it.
"""

import random
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.impl import _compiled, _optimal_kernel
from gametree.impl.optimal import optimal, optimal_search, with_kernel
from gametree.impl.result import SearchResult
from gametree.spec import Bounds, Domain, Leaf, Node, Tree, TreeError, Value, iter_leaves
from gametree.spec.strategies import vector_trees
from tests.test_alphabeta import fake_build
from tests.test_impl_optimal import domains
from tests.test_kernel import script

NATIVE = _compiled.OPTIMAL if _compiled.OPTIMAL_COMPILED else None

BASELINE = script("bench/optimal_baseline.py")
"""``impl.optimal`` as it was before its kernel (3ca5016): the reads the kernel must keep."""

KERNELS = [
    pytest.param(_optimal_kernel, id="pure"),
    pytest.param(
        NATIVE, id="compiled", marks=pytest.mark.skipif(NATIVE is None, reason="not built here")
    ),
]


def walk(kernel: ModuleType, t: Tree, bounds: Bounds, domain: Domain) -> SearchResult[Value]:
    """``optimal`` run by ``kernel``, traced."""
    return with_kernel(kernel, t, bounds, domain=domain, trace=True)


def every_kernel() -> Iterator[ModuleType]:
    yield _optimal_kernel
    if NATIVE is not None:
        yield NATIVE


def same_as_the_reference(t: Tree, bounds: Bounds) -> None:
    """Every kernel, ``optimal`` and the baseline against ``optimal_search`` in every domain
    that applies."""
    for domain in domains(t, bounds):
        expected = optimal_search(t, bounds, domain=domain, trace=True)
        assert optimal(t, bounds, domain=domain, trace=True) == expected, domain
        assert BASELINE.optimal(t, bounds, domain=domain, trace=True) == expected, domain
        for kernel in every_kernel():
            assert walk(kernel, t, bounds, domain) == expected, (kernel.__name__, domain)


def exact(x: Fraction) -> int | Fraction:
    return x.numerator if x.denominator == 1 else x


@st.composite
def cases(draw: st.DrawFn, *, max_depth: int = 5, max_branching: int = 3) -> tuple[Tree, Bounds]:
    """A tree and bounds its leaves keep to: N = 2..5, the total N L + slack with a slack of 0
    (one vector), 1 or 2 (tight) up to 60 (loose), L from -2 to 1 on the leaves' grid (1, 1/2
    or 1/3). Shrinks towards a lone leaf, N = 2, the least L and slack."""
    players = draw(st.integers(2, 5))
    grid = draw(st.sampled_from([1, 2, 3]))
    lower = Fraction(draw(st.integers(-2 * grid, grid)), grid)
    slack = draw(st.sampled_from([0, 1, 2, 3, 9, 60]))
    bounds = Bounds(exact(lower), exact(players * lower + slack))
    t = draw(
        vector_trees(
            players=players,
            max_depth=max_depth,
            max_branching=draw(st.integers(1, max_branching)),
            bounds=bounds,
            grid=grid,
            exact_total=draw(st.booleans()),
            ties=draw(st.booleans()),
            by_depth=draw(st.booleans()),
        )
    )
    return t, bounds


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_the_kernel_reads_what_the_reference_reads(case: tuple[Tree, Bounds]) -> None:
    same_as_the_reference(*case)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(max_depth=3, max_branching=8))
def test_the_kernel_reads_what_the_reference_reads_on_wide_trees(
    case: tuple[Tree, Bounds],
) -> None:
    same_as_the_reference(*case)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(max_depth=10, max_branching=2))
def test_the_kernel_reads_what_the_reference_reads_on_deep_trees(
    case: tuple[Tree, Bounds],
) -> None:
    same_as_the_reference(*case)


def korf_tree(
    rng: random.Random, players: int, b: int, d: int, total: int, *, grids: tuple[int, ...] = (1,)
) -> Tree:
    """A uniform tree, players in turn, each leaf cut from ``total`` at uniform points on the
    grid 1/g, g drawn from ``grids`` for each leaf (several denominators in one tree)."""

    def leaf() -> Leaf:
        g = rng.choice(grids)
        cuts = sorted(rng.randint(0, total * g) for _ in range(players - 1))
        ends = zip([0, *cuts], [*cuts, total * g], strict=True)
        return Leaf(tuple(exact(Fraction(hi - lo, g)) for lo, hi in ends))

    level: list[Tree] = [leaf() for _ in range(b**d)]
    for depth in range(d - 1, -1, -1):
        level = [Node(depth % players, level[i : i + b]) for i in range(0, len(level), b)]
    return level[0]


DEEP = [
    (3, 2, 8, 100, (1,)),
    (3, 3, 5, 100, (1,)),
    (4, 2, 7, 12, (1,)),
    (5, 2, 7, 9, (1,)),
    (3, 4, 4, 6, (1,)),
    (4, 3, 5, 30, (1, 2, 3, 5)),
    (3, 2, 8, 4, (1, 2, 7)),
]
"""(N, b, d, total, grids) of the seeded deeper trees: chains up to 8 levels, leaves of several
denominators (the chain's common denominator then changes from level to level)."""


@pytest.mark.parametrize(("players", "b", "d", "total", "grids"), DEEP)
def test_the_kernel_reads_what_the_reference_reads_on_deeper_trees(
    players: int, b: int, d: int, total: int, grids: tuple[int, ...]
) -> None:
    rng = random.Random(f"{players} {b} {d} {total} {grids}")
    for _ in range(2):
        t = korf_tree(rng, players, b, d, total, grids=grids)
        same_as_the_reference(t, Bounds(0, total))


def seeded_trees() -> Iterator[tuple[Tree, Bounds]]:
    rng = random.Random(29)
    shapes = [(2, 2, 6, 9), (2, 3, 5, 20), (3, 2, 6, 9), (3, 3, 4, 9), (4, 2, 6, 6)]
    for players, b, d, total in shapes:
        for _ in range(4):
            yield korf_tree(rng, players, b, d, total), Bounds(0, total)


def disagreements() -> int:
    """How many (seeded tree, domain) pairs the pure kernel and the reference answer apart on."""
    count = 0
    for t, bounds in seeded_trees():
        for domain in domains(t, bounds):
            expected = optimal_search(t, bounds, domain=domain, trace=True)
            count += walk(_optimal_kernel, t, bounds, domain) != expected
    return count


def test_the_search_alone_reads_what_the_reference_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the survival test and the three witnesses off, every node but first children and
    repeated chains goes to the search: it alone must give the reference's verdicts."""
    monkeypatch.setattr(_optimal_kernel._Levels, "survives", lambda _self: False)
    monkeypatch.setattr(_optimal_kernel._Decision, "witnessed", lambda _self: False)
    assert disagreements() == 0


@pytest.mark.parametrize(
    ("where", "name", "flaw"),
    [
        ("_Decision", "witnessed", lambda _self: True),
        ("_Decision", "search", lambda _self: True),
        ("_Decision", "_apart", lambda _self, _x, _xv, _y, _yv, _j: True),
        ("_Levels", "survives", lambda self: len(self.player) % 2 == 0),
    ],
)
def test_a_kernel_that_claims_too_much_is_caught(
    monkeypatch: pytest.MonkeyPatch, where: str, name: str, flaw: Callable[..., bool]
) -> None:
    """Not vacuous: each seeded flaw makes the pure kernel read otherwise on some seeded tree."""
    monkeypatch.setattr(getattr(_optimal_kernel, where), name, flaw)
    assert disagreements() > 0


@pytest.mark.slow
@pytest.mark.skipif(NATIVE is None, reason="the compiled kernel is not built here")
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_both_builds_give_the_same_results(case: tuple[Tree, Bounds]) -> None:
    assert NATIVE is not None
    t, bounds = case
    for domain in domains(t, bounds):
        assert walk(NATIVE, t, bounds, domain) == walk(_optimal_kernel, t, bounds, domain)


@pytest.mark.slow
@pytest.mark.parametrize("kernel", KERNELS)
def test_each_build_takes_a_tall_tree(kernel: ModuleType) -> None:
    t: Tree = Leaf((0, 0, 9))
    for depth in range(2000, 0, -1):
        t = Node(depth % 3, [Leaf((1, 1, 1)), t, Leaf((depth % 4, 0, 1))])
    for domain in ("reals", "integers"):
        r = walk(kernel, t, Bounds(0, 9), domain)
        assert r == optimal_search(t, Bounds(0, 9), domain=domain, trace=True)


def test_a_placeholder_outside_the_domain_is_an_error() -> None:
    t = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])
    assert optimal(t, Bounds(0, 9), placeholder=lambda _p: (1, 1, 1)).value == (1, 0, 8)
    with pytest.raises(TreeError, match=r"placeholder .* at path \[1, 1, 1\]"):
        optimal(t, Bounds(0, 9), placeholder=lambda _p: (5, 5, 5))
    with pytest.raises(TreeError, match=r"the domain is the integers"):
        optimal(t, Bounds(0, 9), domain="integers", placeholder=lambda _p: (Fraction(1, 2), 0, 0))


def test_the_leaves_read_are_checked_by_every_build() -> None:
    t = Node.by_depth([(1, 0, 8), [(0, 0, 9), (0, 10, 0)]])
    for kernel in every_kernel():
        with pytest.raises(TreeError, match=r"at path \[1, 1\]"):
            walk(kernel, t, Bounds(0, 9), "reals")
    assert [p for p, _ in iter_leaves(t)] == [(0,), (1, 0), (1, 1)]


# Which build runs (impl._compiled): never one of another source (as for alpha-beta's kernel,
# tests/test_alphabeta.py, whose stand-in builds these borrow).


def test_a_build_of_this_source_is_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    build = fake_build(_compiled.source_digest("_optimal_kernel"), "_optimal_kernel")
    monkeypatch.setitem(sys.modules, "gametree.impl._optimal_kernel_mypyc", build)
    monkeypatch.delenv("GAMETREE_PURE_PYTHON", raising=False)
    assert _compiled.choose("_optimal_kernel") is build
    monkeypatch.setenv("GAMETREE_PURE_PYTHON", "1")
    assert _compiled.choose("_optimal_kernel") is _optimal_kernel


def test_a_build_of_another_source_is_refused_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(
        sys.modules, "gametree.impl._optimal_kernel_mypyc", fake_build("0" * 64, "_optimal_kernel")
    )
    monkeypatch.delenv("GAMETREE_PURE_PYTHON", raising=False)
    with pytest.warns(RuntimeWarning, match=r"built from another impl/_optimal_kernel\.py"):
        assert _compiled.choose("_optimal_kernel") is _optimal_kernel


def test_no_build_means_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wheel built without a C compiler has no build: the reference runs (and reads as the
    compiled one, test_both_builds_give_the_same_results)."""
    monkeypatch.setitem(sys.modules, "gametree.impl._optimal_kernel_mypyc", None)  # ImportError
    monkeypatch.delenv("GAMETREE_PURE_PYTHON", raising=False)
    assert _compiled.choose("_optimal_kernel") is _optimal_kernel
