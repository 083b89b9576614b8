"""The alpha-beta family in impl, checked against spec on random trees and random windows.

Every algorithm (fail-hard and fail-soft alpha-beta in max/min and negamax form, PVS, MTD(f))
is run on the same trees: two-player trees with int or Fraction leaves, ties on purpose,
players who may move twice in a row. With the full window each must give spec's value and
principal variation; with a random window (a, b) each must satisfy Knuth and Moore's and
Fishburn's properties; statistics must match the trace, and the trace the tree.

Hypothesis runs 500 trees (and windows) per property in the ci profile, more than the
profile's 200, each searched by all six algorithms: several thousand trees and windows per
algorithm over the file. A tree has at most 4^5 leaves; the trees taller than the recursion
height are bigger, so that property runs 30 of them. The file takes about a minute.
"""

import importlib
import math
import pickle
import re
import sys
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gametree.impl import _compiled, _kernel
from gametree.impl.alphabeta import RECURSION_HEIGHT, alphabeta, negamax_alphabeta
from gametree.impl.mtdf import mt, mtdf
from gametree.impl.pvs import pvs
from gametree.impl.result import SearchResult
from gametree.impl.window import BOTTOM, TOP, Bound, Extreme, window
from gametree.spec import Leaf, Node, Scalar, Tree, TreeError, minimax, negamax, subtree
from gametree.spec.examples import csce315_cut, wiki_alpha_beta
from gametree.spec.strategies import scalar_trees
from tests.crosshair_two_player import is_fishburn, is_knuth_moore

Search = Callable[[Tree, Bound, Bound, bool], SearchResult[Scalar]]


@attrs.frozen
class Algorithm:
    """One member of the family, called as ``search(t, alpha, beta, trace)``."""

    name: str
    search: Search
    negamax_form: bool
    """Values and windows from the root's mover's point of view (else from Max's)."""
    directional: bool
    """Reads each leaf at most once, left to right (its trace is increasing)."""

    def __str__(self) -> str:
        return self.name


ALGORITHMS = [
    Algorithm("alphabeta", lambda t, a, b, tr: alphabeta(t, a, b, trace=tr), False, True),
    Algorithm(
        "alphabeta-fail-soft",
        lambda t, a, b, tr: alphabeta(t, a, b, fail_soft=True, trace=tr),
        False,
        True,
    ),
    Algorithm(
        "negamax_alphabeta", lambda t, a, b, tr: negamax_alphabeta(t, a, b, trace=tr), True, True
    ),
    Algorithm(
        "negamax_alphabeta-fail-soft",
        lambda t, a, b, tr: negamax_alphabeta(t, a, b, fail_soft=True, trace=tr),
        True,
        True,
    ),
    Algorithm("pvs", lambda t, a, b, tr: pvs(t, a, b, trace=tr), True, False),
    Algorithm("mtdf", lambda t, a, b, tr: mtdf(t, 0, a, b, trace=tr), False, False),
]

trees = st.one_of(
    scalar_trees(max_depth=5, max_branching=4),
    scalar_trees(max_depth=5, max_branching=4, by_depth=False),
    scalar_trees(max_depth=4, max_branching=3, grid=3, ties=True, by_depth=False),
    scalar_trees(max_depth=4, max_branching=4, min_value=-2, max_value=2),
)
"""Two-player trees: ints, thirds, few distinct values, and players who move twice."""

bounds = st.one_of(
    st.integers(-12, 12),
    st.integers(-36, 36).map(lambda n: Fraction(n, 3)),
    st.sampled_from([BOTTOM, TOP]),
)


@st.composite
def windows(draw: st.DrawFn) -> tuple[Bound, Bound]:
    """Non-empty windows (a, b), a < b, over the domain: ints, thirds, BOTTOM and TOP."""
    a = draw(bounds)
    b = draw(bounds.filter(lambda x: x != a))
    return (a, b) if a < b else (b, a)


def spec_solutions(t: Tree) -> dict[bool, tuple[Scalar, tuple[int, ...]]]:
    """spec's value and principal variation of ``t`` in each point of view, keyed by
    ``Algorithm.negamax_form``: worked out once per tree, for every algorithm."""
    return {
        form: (s.value, s.principal_variation)
        for form, s in ((False, minimax(t)), (True, negamax(t)))
    }


# With the full window: the spec's answer.


@pytest.mark.slow
@settings(max_examples=500)
@given(trees)
@example(wiki_alpha_beta())
@example(Node(1, [Node(1, [3, 1]), Node(0, [2, 5]), 1]))
def test_full_window_gives_the_spec_value_and_principal_variation(t: Tree) -> None:
    """Every search returns spec's leftmost best move, so an optimal one: PVS and MTD(f) too."""
    spec = spec_solutions(t)
    for alg in ALGORITHMS:
        for traced in (False, True):
            r = alg.search(t, BOTTOM, TOP, traced)
            assert (r.value, r.principal_variation) == spec[alg.negamax_form], (alg, traced)
            assert r.best_move == (r.principal_variation or (None,))[0]
            if isinstance(t, Node):
                assert r.best_move is not None
                best = t.children[r.best_move]
                assert minimax(best).value == spec[False][0], alg  # optimal for the mover


@pytest.mark.slow
@given(trees)
def test_the_default_window_is_the_full_one(t: Tree) -> None:
    assert alphabeta(t) == alphabeta(t, BOTTOM, TOP)
    assert negamax_alphabeta(t) == negamax_alphabeta(t, BOTTOM, TOP)
    assert pvs(t) == pvs(t, BOTTOM, TOP)
    assert mtdf(t) == mtdf(t, 0, BOTTOM, TOP)


# With any window: Knuth and Moore's and Fishburn's properties.


@pytest.mark.slow
@settings(max_examples=500)
@given(trees, windows())
@example(Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), (4, TOP))
def test_every_result_has_knuth_moores_and_fishburns_properties(
    t: Tree, w: tuple[Bound, Bound]
) -> None:
    a, b = w
    spec = spec_solutions(t)
    for alg in ALGORITHMS:
        v, _ = spec[alg.negamax_form]
        r = alg.search(t, a, b, False)
        assert is_knuth_moore(v, r.value, a, b), (alg, v, r.value)
        assert is_fishburn(v, r.value, a, b), (alg, v, r.value)
        assert not isinstance(r.value, Extreme | float)


@pytest.mark.slow
@settings(max_examples=500)
@given(trees, windows())
def test_fail_soft_lies_between_fail_hard_and_the_true_value(
    t: Tree, w: tuple[Bound, Bound]
) -> None:
    a, b = w
    for search, v in ((alphabeta, minimax(t).value), (negamax_alphabeta, negamax(t).value)):
        hard = search(t, a, b).value
        soft = search(t, a, b, fail_soft=True).value
        assert min(hard, v) <= soft <= max(hard, v), (search.__name__, hard, soft, v)


@pytest.mark.slow
@given(trees, windows())
def test_a_value_strictly_inside_the_window_comes_with_the_spec_principal_variation(
    t: Tree, w: tuple[Bound, Bound]
) -> None:
    a, b = w
    spec = spec_solutions(t)
    for alg in ALGORITHMS:
        v, pv = spec[alg.negamax_form]
        if a < v < b:
            r = alg.search(t, a, b, False)
            assert (r.value, r.principal_variation) == (v, pv), alg


@pytest.mark.slow
@settings(max_examples=500)
@given(trees, windows())
def test_the_principal_variation_leads_to_a_leaf_worth_the_result_or_its_bound(
    t: Tree, w: tuple[Bound, Bound]
) -> None:
    """A line ends at a leaf whose worth is the result, except for fail-hard bounds.

    A fail-hard node whose children all fail returns its own bound, so its line stops there
    (an interior node, or the root itself); that happens only when the result is a bound of
    the root's window. Every other result is the worth of the leaf its line leads to.
    """
    a, b = w
    for alg in ALGORITHMS:
        r = alg.search(t, a, b, False)
        end = subtree(t, r.principal_variation)
        if alg.name in {"alphabeta", "negamax_alphabeta"} and not isinstance(end, Leaf):
            assert r.value in {a, b}, alg
            continue
        assert isinstance(end, Leaf), alg
        flip = alg.negamax_form and isinstance(t, Node) and t.to_move == 1
        if alg.name in {"alphabeta", "negamax_alphabeta"} and r.value in {a, b}:
            continue
        assert r.value == (-end.value if flip else end.value), alg  # type: ignore[operator]


# Statistics and traces.


@pytest.mark.slow
@settings(max_examples=500)
@given(trees, windows())
def test_the_trace_agrees_with_the_counts_and_the_tree(t: Tree, w: tuple[Bound, Bound]) -> None:
    a, b = w
    for alg in ALGORITHMS:
        r = alg.search(t, a, b, True)
        assert r.trace is not None
        assert len(r.trace) == r.leaves_evaluated, alg
        assert all(isinstance(subtree(t, p), Leaf) for p in r.trace), alg
        assert r.leaves_evaluated + (0 if isinstance(t, Leaf) else 1) <= r.nodes_visited, alg
        if alg.directional:
            assert list(r.trace) == sorted(set(r.trace)), alg  # each leaf once, left to right
            assert r.leaves_evaluated <= t.leaf_count
            assert r.nodes_visited <= t.size
        untraced = alg.search(t, a, b, False)
        assert untraced.trace is None
        assert attrs.evolve(r, trace=None) == untraced, alg  # the loop and the fast path agree


@pytest.mark.slow
@settings(max_examples=500)
@given(trees, windows())
def test_fail_hard_and_fail_soft_read_the_same_leaves_in_both_forms(
    t: Tree, w: tuple[Bound, Bound]
) -> None:
    """Fishburn's variant changes the result, never the window a child is searched with."""
    a, b = w
    hard = alphabeta(t, a, b, trace=True)
    assert alphabeta(t, a, b, fail_soft=True, trace=True).trace == hard.trace
    # The negamax form with the window seen from the root's mover reads the same leaves.
    seen = (a, b) if isinstance(t, Leaf) or t.to_move == 0 else (-b, -a)
    for soft in (False, True):
        r = negamax_alphabeta(t, *seen, fail_soft=soft, trace=True)
        assert (r.trace, r.nodes_visited) == (hard.trace, hard.nodes_visited)


def test_wiki_worked_example_reads_exactly_the_leaves_the_text_reads() -> None:
    """The Alpha-Beta Pruning article's walk: C's second leaf, G, K's second leaf and I's right
    child are pruned."""
    r = alphabeta(wiki_alpha_beta(), trace=True)
    a, c, f, k, l_ = (0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 0, 1)
    assert r.trace == ((*a, 0), (*a, 1), (*c, 0), (*f, 0), (*k, 0), (*l_, 0))
    assert r.value == 3
    # Entered: H, D, B, A, C, E, F, I, J, K, L and the six leaves; G is never entered.
    assert (r.leaves_evaluated, r.nodes_visited) == (6, 17)


def test_csce315_cut_example_leaves_the_three_values_the_slides_leave() -> None:
    """The CSCE 315 slides: 21, -3, 12, -70 and -73 are evaluated; -4, 100 and -14 are not."""
    t = csce315_cut()
    r = alphabeta(t, trace=True)
    assert r.trace == ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0))
    assert [subtree(t, p) for p in r.trace] == [Leaf(v) for v in (21, -3, 12, -70, -73)]
    assert r.value == -3


@pytest.mark.parametrize("alg", ALGORITHMS, ids=str)
def test_a_lone_leaf_is_read_once(alg: Algorithm) -> None:
    r = alg.search(Leaf(Fraction(7, 2)), BOTTOM, 0, True)
    assert r == SearchResult(Fraction(7, 2), (), 1, 1, ((),))


# Depth: no recursion limit, and the loop and the recursive fast path together.


def chain(depth: int) -> Tree:
    """Players alternate down one path of ``depth`` nodes, with a side leaf at every node."""
    t: Tree = Leaf(0)
    for d in reversed(range(depth)):
        t = Node(d % 2, [t, (d * 7919) % 101 - 50])
    return t


@pytest.mark.slow
def test_a_chain_100000_deep_is_searched_to_the_spec_answer() -> None:
    t = chain(100_000)
    expected = {False: minimax(t), True: negamax(t)}
    for alg in ALGORITHMS:
        r = alg.search(t, BOTTOM, TOP, False)
        s = expected[alg.negamax_form]
        assert (r.value, r.principal_variation) == (s.value, s.principal_variation), alg


@st.composite
def tall_trees(draw: st.DrawFn) -> Tree:
    """A spine taller than RECURSION_HEIGHT with small random trees hanging off it."""
    height = draw(st.integers(RECURSION_HEIGHT - 2, RECURSION_HEIGHT + 6))
    t = draw(scalar_trees(max_depth=2, max_branching=3))
    for _ in range(height):
        side = draw(st.lists(scalar_trees(max_depth=2, max_branching=3), max_size=2))
        at = draw(st.integers(0, len(side)))
        t = Node(draw(st.integers(0, 1)), [*side[:at], t, *side[at:]])
    return t


@pytest.mark.slow
@settings(max_examples=30)
@given(tall_trees(), windows())
def test_trees_taller_than_the_recursion_height_mix_loop_and_recursion_exactly(
    t: Tree, w: tuple[Bound, Bound]
) -> None:
    """Untraced, the loop hands low subtrees to the recursive copy; traced, it does not."""
    for alg in ALGORITHMS:
        traced = alg.search(t, *w, True)
        assert attrs.evolve(traced, trace=None) == alg.search(t, *w, False), alg
    assert alphabeta(t).value == minimax(t).value


def nested_calls(n: int) -> int:
    """A plain recursion n + 1 frames deep."""
    return 0 if n == 0 else 1 + nested_calls(n - 1)


def test_a_search_needs_a_bounded_number_of_frames_whatever_the_height() -> None:
    """The documented bound: RECURSION_HEIGHT + 4 frames above the caller, on any tree.

    The recursion limit is lowered to the least that lets a plain recursion
    RECURSION_HEIGHT + 8 deep run from here (so the bound, with a few frames to spare), and
    every search must then still finish on a chain 2,000 deep.
    """
    t = chain(2_000)
    searches: list[Callable[[], SearchResult[Scalar]]] = [
        lambda: alphabeta(t),
        lambda: alphabeta(t, fail_soft=True),
        lambda: negamax_alphabeta(t),
        lambda: pvs(t),
        lambda: mtdf(t),
    ]
    expected = [search() for search in searches]
    limit = sys.getrecursionlimit()
    found: list[SearchResult[Scalar]] = []
    try:
        for low in range(10, limit):
            try:
                sys.setrecursionlimit(low)
                nested_calls(RECURSION_HEIGHT + 8)
            except RecursionError:
                continue
            break
        found.extend(search() for search in searches)
    finally:
        sys.setrecursionlimit(limit)
    assert found == expected


def test_the_fast_path_is_taken_below_the_recursion_height(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the height at -1 the loop does everything; the answers are the same."""
    t = chain(RECURSION_HEIGHT + 10)
    fast = [alphabeta(t), negamax_alphabeta(t, fail_soft=True)]
    # The package re-exports the function alphabeta, which hides the module of that name.
    monkeypatch.setattr(importlib.import_module("gametree.impl.alphabeta"), "RECURSION_HEIGHT", -1)
    assert [alphabeta(t), negamax_alphabeta(t, fail_soft=True)] == fast


# MT and MTD(f).


@pytest.mark.slow
@settings(max_examples=500)
@given(trees, bounds.filter(lambda x: not isinstance(x, Extreme)), st.booleans())
def test_mt_returns_a_bound_on_the_side_its_test_says(t: Tree, gamma: Scalar, strict: bool) -> None:
    """Plaat et al.: g >= γ => v >= g, g < γ => v <= g; strict: g > γ => v >= g, else <=."""
    v = minimax(t).value
    r = mt(t, gamma, strict=strict, trace=True)
    high = r.value > gamma or (r.value == gamma and not strict)
    assert v >= r.value if high else v <= r.value
    assert subtree(t, r.principal_variation) == Leaf(r.value)
    assert list(r.trace or ()) == sorted(set(r.trace or ()))  # MT without memory is directional


@pytest.mark.slow
@settings(max_examples=500)
@given(trees, bounds.filter(lambda x: not isinstance(x, Extreme)), windows())
def test_mtdf_from_any_first_guess_is_exact_or_a_fishburn_bound(
    t: Tree, guess: Scalar, w: tuple[Bound, Bound]
) -> None:
    s = minimax(t)
    full = mtdf(t, guess)
    assert (full.value, full.principal_variation) == (s.value, s.principal_variation)
    r = mtdf(t, guess, *w)
    assert is_knuth_moore(s.value, r.value, *w)
    assert is_fishburn(s.value, r.value, *w)


def test_mtdf_from_the_right_guess_reads_fewer_leaves_than_from_a_far_one() -> None:
    t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert mtdf(t, 3).leaves_evaluated < mtdf(t, 20).leaves_evaluated


# Errors: what is refused, and how.


@pytest.mark.parametrize("alg", ALGORITHMS, ids=str)
def test_a_vector_tree_is_refused_with_a_tree_error(alg: Algorithm) -> None:
    t = Node.by_depth([[(1, 2, 3), (3, 2, 1)]])
    with pytest.raises(TreeError, match="two-player tree with scalar values"):
        alg.search(t, BOTTOM, TOP, False)


@pytest.mark.parametrize("alg", ALGORITHMS, ids=str)
def test_something_that_is_not_a_tree_is_refused_with_a_type_error(alg: Algorithm) -> None:
    with pytest.raises(TypeError, match=r"searches a spec\.Leaf or spec\.Node"):
        alg.search([[3, 12], [2, 4]], BOTTOM, TOP, False)  # type: ignore[arg-type]


@pytest.mark.parametrize("alg", ALGORITHMS, ids=str)
@pytest.mark.parametrize(
    ("alpha", "beta"), [(3, 3), (TOP, TOP), (BOTTOM, BOTTOM), (4, 3), (TOP, BOTTOM), (1, 0.5)]
)
def test_an_empty_window_is_refused(alg: Algorithm, alpha: Bound, beta: Bound) -> None:
    with pytest.raises(ValueError, match="the window must be non-empty, alpha < beta"):
        alg.search(Node.by_depth([1, 2]), alpha, beta, False)


@pytest.mark.parametrize(
    ("alpha", "error", "message"),
    [
        (math.nan, ValueError, "'alpha' must be a finite scalar"),
        (-math.inf, ValueError, r"use impl\.window\.BOTTOM"),
        (True, TypeError, "'alpha' must be a finite scalar"),
        ("0", TypeError, "'alpha' must be a finite scalar"),
        (None, TypeError, "'alpha' must be a finite scalar"),
    ],
)
def test_a_window_bound_outside_the_domain_is_refused(
    alpha: object, error: type[Exception], message: str
) -> None:
    for search in (alphabeta, negamax_alphabeta, pvs):
        with pytest.raises(error, match=message):
            search(Node.by_depth([1, 2]), alpha, TOP)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"use impl\.window\.TOP"):
        window(0, math.inf)


def test_finite_float_bounds_are_taken_exactly() -> None:
    t = Node.by_depth([[Fraction(1, 4), 1], [Fraction(1, 2)]])  # worth 1/2
    assert window(0.25, 0.5) == (Fraction(1, 4), Fraction(1, 2))
    r = alphabeta(t, 0.25, 0.375)  # fails high, at the bound itself: an exact Fraction
    assert (r.value, type(r.value)) == (Fraction(3, 8), Fraction)


def hollow(t: Node, path: tuple[int, ...]) -> Node:
    """``t`` with the node at ``path`` emptied behind Node's back."""
    node = subtree(t, path)
    assert isinstance(node, Node)
    object.__setattr__(node, "children", ())
    return t


@pytest.mark.parametrize("alg", ALGORITHMS, ids=str)
@pytest.mark.parametrize("path", [(), (1,), (1, 0)])
def test_an_interior_node_without_children_is_refused_with_its_path(
    alg: Algorithm, path: tuple[int, ...]
) -> None:
    """Node refuses to be built empty; a node emptied behind its back is reported, not searched."""
    with pytest.raises(TreeError, match="needs at least one child"):
        Node(0, [])
    t = hollow(Node.by_depth([[1, 2], [[3, 4], 5]]), path)
    with pytest.raises(TreeError, match=re.escape(f"(got a hollow Node) at path {list(path)}")):
        alg.search(t, BOTTOM, TOP, False)


# The domain.


def test_bottom_and_top_bound_every_scalar_and_negate_into_each_other() -> None:
    scalars: list[Scalar] = [-(10**100), -1, Fraction(-1, 3), 0, Fraction(1, 3), 10**100]
    for x in scalars:
        assert BOTTOM < x < TOP
        assert (x > BOTTOM, x >= BOTTOM, x < TOP, x <= TOP) == (True, True, True, True)
        assert (x <= BOTTOM, x >= TOP, x == BOTTOM, x == TOP) == (False, False, False, False)
        assert (max(x, BOTTOM), min(x, TOP)) == (x, x)
    bottom, top = BOTTOM, TOP
    assert (bottom < top, bottom <= BOTTOM, top >= TOP, top < TOP) == (True, True, True, False)
    assert (-BOTTOM, -TOP) == (TOP, BOTTOM)
    assert (Extreme(-1), Extreme(1)) == (BOTTOM, TOP)
    assert Extreme(1) is TOP
    assert pickle.loads(pickle.dumps(TOP)) is TOP
    assert (repr(BOTTOM), repr(TOP)) == ("BOTTOM", "TOP")
    assert len({BOTTOM, TOP, Extreme(1)}) == 2
    huge: Scalar = 10**100
    assert (-math.inf == BOTTOM, huge == TOP) == (False, False)
    with pytest.raises(TypeError):
        _ = BOTTOM < "a"  # type: ignore[operator]
    with pytest.raises(AttributeError, match="immutable"):
        TOP._sign = -1


# Which kernel runs (impl._compiled): never a build of another source.


def fake_build(digest: str, name: str = "_kernel") -> ModuleType:
    """A stand-in for impl.<name>_mypyc (alpha-beta's kernel by default) tagged ``digest``."""
    module = ModuleType(f"gametree.impl.{name}_mypyc")
    module.SOURCE_SHA256 = digest  # type: ignore[attr-defined]
    module.__file__ = f"gametree/impl/{name}_mypyc.so"
    return module


def test_a_build_of_this_source_is_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    build = fake_build(_compiled.source_digest())
    monkeypatch.setitem(sys.modules, "gametree.impl._kernel_mypyc", build)
    monkeypatch.delenv("GAMETREE_PURE_PYTHON", raising=False)
    assert _compiled.choose() is build


def test_a_build_of_another_source_is_refused_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "gametree.impl._kernel_mypyc", fake_build("0" * 64))
    monkeypatch.delenv("GAMETREE_PURE_PYTHON", raising=False)
    with pytest.warns(RuntimeWarning) as caught:
        assert _compiled.choose() is _kernel
    expected = (
        "gametree/impl/_kernel_mypyc.so was built from another impl/_kernel.py; using the "
        "pure-Python kernel (rebuild with: python3 dev.py build)"
    )
    assert [str(w.message) for w in caught] == [expected]
    assert caught[0].filename == _compiled.__file__  # where the choice is made


def test_a_build_without_a_tag_is_refused_too(monkeypatch: pytest.MonkeyPatch) -> None:
    untagged = fake_build("")
    del untagged.SOURCE_SHA256
    monkeypatch.setitem(sys.modules, "gametree.impl._kernel_mypyc", untagged)
    monkeypatch.delenv("GAMETREE_PURE_PYTHON", raising=False)
    with pytest.warns(RuntimeWarning, match="built from another impl/_kernel.py"):
        assert _compiled.choose() is _kernel


def test_no_build_means_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(
        sys.modules, "gametree.impl._kernel_mypyc", None
    )  # import raises ImportError
    monkeypatch.delenv("GAMETREE_PURE_PYTHON", raising=False)
    assert _compiled.choose() is _kernel


@pytest.mark.parametrize(("value", "pure"), [("1", True), ("yes", True), ("0", False), ("", False)])
def test_the_environment_can_force_the_reference(
    monkeypatch: pytest.MonkeyPatch, value: str, *, pure: bool
) -> None:
    build = fake_build(_compiled.source_digest())
    monkeypatch.setitem(sys.modules, "gametree.impl._kernel_mypyc", build)
    monkeypatch.setenv("GAMETREE_PURE_PYTHON", value)
    assert _compiled.choose() is (_kernel if pure else build)
