"""The Nagini kernels, run as they run, read what spec and impl read: pinned by behaviour.

A proof that a search returns the maxn vector is met by maxn itself, which prunes nothing; so
each verified search is compared with ``impl`` on Hypothesis trees by what tells one pruning
from another: the leaves it reads, in order, the nodes it enters, where it cuts off
(:mod:`gametree.proofs.nagini.reads`), and its value. The kernel's definitions (minimax, maxn,
paranoid, ...) must read every leaf, left to right, as ``spec`` does. Then each kernel with a
cut-off deleted (a flaw that ``unprunes``) and with each seeded flaw (the theorems' flaws of
Nagini's kernels, :func:`gametree.proofs.flaws`) is run through the same comparison, and
Hypothesis must find a tree on which it differs: these tests fail on every one of them.
(paranoid's kernel is
the paranoid definition, pinned to ``spec.paranoid``; ``impl.paranoid``'s alpha-beta is not the
code verified.)
"""

import functools
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, find, given, settings
from hypothesis import strategies as st

from gametree.algorithms import event_trace as events
from gametree.impl import _compiled, deep_pruning_unsound, negamax_alphabeta
from gametree.impl import alphabeta as impl_alphabeta
from gametree.impl import immediate as impl_immediate
from gametree.impl import maxn as impl_maxn
from gametree.impl import shallow as impl_shallow
from gametree.impl.result import SearchResult
from gametree.proofs import THEOREMS, Flaw, flaws
from gametree.proofs.machinery import verified
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.nagini import KERNELS, NAGINI
from gametree.proofs.nagini.checked import ENTERED, checking, requirements
from gametree.proofs.nagini.convert import NO_VECTOR, scalar, vector
from gametree.proofs.nagini.reads import Reading, cuts, differences, run, running
from gametree.proofs.nagini.run import selected
from gametree.spec import (
    Bounds,
    Leaf,
    Node,
    as_pairs,
    leaf_values,
    minimax,
    negamax,
    paranoid,
)
from gametree.spec import Tree as SpecTree
from gametree.spec.strategies import scalar_trees, vector_trees
from gametree.spec.tree import iter_leaves, preorder

Case = tuple[Any, ...]
Check = Callable[[types.ModuleType, Case], list[str]]

KERNEL = {name: checking(NAGINI.source(name), name) for name in KERNELS}
"""Each kernel as it runs, with its contracts checked (:mod:`gametree.proofs.nagini.checked`:
a contract that fails raises, and the ghost code reads nothing the search does not)."""

TWO = scalar_trees(by_depth=False) | scalar_trees(ties=True)
"""Integer trees, players in turn or not (a player moving twice), with ties."""

BOUNDS = {2: Bounds(0, 9), 3: Bounds(0, 9), 4: Bounds(-1, 6)}
"""Korf's bounds of the multi-player trees drawn, by number of players."""

BOUNDED = (
    vector_trees(players=3, bounds=BOUNDS[3], by_depth=False, ties=True)
    | vector_trees(players=4, bounds=BOUNDS[4], ties=True)
    | vector_trees(players=2, bounds=BOUNDS[2], by_depth=False, exact_total=True)
)
"""Trees within Korf's bounds: 2 to 4 players, in turn or not, ties, sums at the bound."""


def unpruned(t: SpecTree) -> list[dict[str, Any]]:
    """The events of a search that prunes nothing: every interior node entered, no cut-off."""
    return [{"type": "enter", "path": list(p)} for p, x in preorder(t) if isinstance(x, Node)]


def compared(  # noqa: PLR0917 - the search, its tree and arguments, what it must give
    module: types.ModuleType,
    search: str | tuple[str, Callable[[Any], Any]],
    t: SpecTree,
    leaf: Callable[[Leaf], object],
    blank: object,
    args: tuple[Any, ...],
    expected: tuple[Any, tuple[tuple[int, ...], ...], list[dict[str, Any]]],
    back: Callable[[Any], object] = lambda v: v,
) -> list[str]:
    """What differs between ``module.search(tree, *args)`` and ``expected`` (value, leaves
    read, events), each difference named after the search (or ``(name, call)``: ``call(tree,
    *args)``)."""
    name, call = search if isinstance(search, tuple) else (search, getattr(module, search))
    try:
        value, reading = run(call, t, leaf, blank, *args)
    except RecursionError:
        return [f"{name}: does not terminate"]
    want, leaves, trace = expected
    out = [] if back(value) == want else [f"{name}: value {back(value)!r}, not {want!r}"]
    return out + [f"{name}: {d}" for d in differences(t, reading, leaves, trace)]


@functools.total_ordering
class Read:
    """A leaf's value that records its leaf's path the first time the search uses it.

    impl's default path (``trace=False``: :mod:`gametree.impl._kernel`, compiled by mypyc where
    it is built) records nothing; a value that logs when it is first compared or negated shows
    what it reads, and in what order, as ``trace=True`` lists it.
    """

    __slots__ = ("log", "path", "value")

    def __init__(self, value: Any, path: tuple[int, ...], log: list[tuple[int, ...]]) -> None:
        self.value, self.path, self.log = value, path, log

    def read(self) -> Any:
        if self.path not in self.log:
            self.log.append(self.path)
        return self.value

    def __lt__(self, other: object) -> bool:
        return bool(self.read() < (other.read() if isinstance(other, Read) else other))

    def __eq__(self, other: object) -> bool:
        return bool(self.read() == (other.read() if isinstance(other, Read) else other))

    def __neg__(self) -> "Read":
        return Read(-self.read(), self.path, self.log)

    def __rmul__(self, sign: int) -> "Read":  # impl turns the root's value to Max's view: +-1 *
        return Read(sign * self.read(), self.path, self.log)

    def __hash__(self) -> int:
        return hash(self.value)


def reading(t: SpecTree, log: list[tuple[int, ...]]) -> SpecTree:
    """``t`` with every leaf's value a :class:`Read` (set past the leaf's converter, which takes
    numbers only: the search is given what a tree holds, and compares it)."""

    def copy(x: SpecTree, path: tuple[int, ...]) -> SpecTree:
        if isinstance(x, Leaf):
            leaf = Leaf(0)
            object.__setattr__(leaf, "value", Read(x.value, path, log))
            return leaf
        return Node(x.to_move, [copy(c, (*path, i)) for i, c in enumerate(x.children)])

    return copy(t, ())


def default_path(
    search: Callable[..., SearchResult[Any]], t: SpecTree, *args: Any, **options: Any
) -> tuple[Any, tuple[tuple[int, ...], ...]]:
    """What ``search`` (impl's, ``trace=False``) returns on ``t`` and the leaves it reads."""
    log: list[tuple[int, ...]] = []
    r = search(reading(t, log), *args, **options)
    if isinstance(r.value, Read):  # a value returned is a value read (a lone leaf's, compared
        return r.value.read(), tuple(log)  # with nothing)
    return r.value, tuple(log)


def searched(r: SearchResult[Any]) -> tuple[Any, tuple[tuple[int, ...], ...]]:
    assert r.trace is not None
    return r.value, r.trace


def everything(
    t: SpecTree, value: object
) -> tuple[Any, tuple[tuple[int, ...], ...], list[dict[str, Any]]]:
    """What a definition must give: ``value``, every leaf read left to right, nothing cut."""
    return value, tuple(p for p, _ in iter_leaves(t)), unpruned(t)


def two_player(module: types.ModuleType, case: Case) -> list[str]:
    """The alpha-beta searches against impl's over the window (a, a + w); minimax and negamax
    against spec's (every leaf)."""
    t, a, w = case
    b, leaf = a + w, scalar(t)
    out = []
    runs = {
        "alphabeta": (impl_alphabeta(t, a, b, trace=True), "alphabeta-fail-hard"),
        "alphabeta_soft": (impl_alphabeta(t, a, b, fail_soft=True, trace=True),
                           "alphabeta-fail-soft"),
        "negamax_alphabeta": (negamax_alphabeta(t, a, b, trace=True),
                              "negamax-alphabeta-fail-hard"),
        "negamax_alphabeta_soft": (negamax_alphabeta(t, a, b, fail_soft=True, trace=True),
                                   "negamax-alphabeta-fail-soft"),
    }  # fmt: skip
    for search, (r, name) in runs.items():
        if hasattr(module, search):
            expected = (*searched(r), list(events(name, t, alpha=a, beta=b)))
            out += compared(module, search, t, leaf, 0, (a, b), expected)
            impl = impl_alphabeta if "negamax" not in search else negamax_alphabeta
            found = default_path(impl, t, a, b, fail_soft="soft" in search)
            if found != searched(r):
                out.append(f"impl's {name} with trace=False: {found}, not {searched(r)}")
    for search, v in (("minimax", minimax(t).value), ("negamax", negamax(t).value)):
        out += compared(module, search, t, leaf, 0, (), everything(t, v))
    if hasattr(module, "within"):  # a hypothesis of the full-window claim: its value only
        values = [x for x in leaf_values(t) if isinstance(x, int)]
        holds, _ = run(module.within, t, leaf, 0, a, b)
        if holds != (a < min(values) and max(values) < b):
            out.append(f"within: {holds} over ({a}, {b})")
        out += lemmas(module, t, leaf, 0, [("alphabeta_full_window", (a, b)),
                                           ("alphabeta_full_window", (min(values) - 1,
                                                                      max(values) + 1)),
                                           ("negamax_is_minimax", ())])  # fmt: skip
    return out


def lemmas(
    module: types.ModuleType,
    t: SpecTree,
    leaf: Callable[[Leaf], object],
    blank: object,
    calls: list[tuple[str, tuple[Any, ...]]],
) -> list[str]:
    """The lemmas called on ``t``: each returns ``True`` (its contracts, where the module
    checks them, hold); what they read is not a search's, so it is not compared."""
    out = []
    for name, args in calls:
        holds, _ = run(getattr(module, name), t, leaf, blank, *args)
        out += [] if holds is True else [f"{name}{args}: {holds!r}"]
    return out


def multi_player(module: types.ModuleType, case: Case) -> list[str]:
    """Shallow and immediate pruning against impl's (Korf's bounds, shifted), maxn against
    impl's, paranoid for player q against spec's; on the pairs of a scalar tree, the minimax
    of the first components against spec's, and every leaf a pair."""
    t, q, s = case
    bounds, n = BOUNDS[t.players], t.players
    lower, total = int(bounds.lower), int(bounds.total)
    out = []
    for search, impl in (("shallow", impl_shallow), ("immediate", impl_immediate)):
        expected = (*searched(impl(t, bounds, trace=True)), list(events(search, t, bounds=bounds)))
        out += compared(module, search, t, vector(t, lower), NO_VECTOR, (total - n * lower, n),
                        expected, lambda v: tuple(c + lower for c in v))  # fmt: skip
    expected = (*searched(impl_maxn(t, trace=True)), list(events("maxn", t)))
    out += compared(module, "maxn", t, vector(t, 0), NO_VECTOR, (n,), expected, tuple)
    q = q % n
    out += compared(module, "paranoid", t, vector(t, 0), NO_VECTOR, (q, n),
                    everything(t, paranoid(t, q).value))  # fmt: skip
    out += lemmas(module, t, vector(t, 0), NO_VECTOR, [("paranoid_is_a_guarantee", (q, n))])
    pt = as_pairs(s)
    out += compared(module, "minimax_of_pairs", pt, vector(pt, 0), NO_VECTOR, (),
                    everything(pt, minimax(s).value))  # fmt: skip
    if isinstance(pt, Node):  # a hypothesis of maxn-pairs, not a search: its value only
        holds, _ = run(lambda tree: module.pairs(tree.kids), pt, vector(pt, 0), NO_VECTOR)
        out += [] if holds else ["pairs: the leaves (x, -x) are not pairs"]
    out += lemmas(module, pt, vector(pt, 0), NO_VECTOR, [("maxn_on_pairs", ())])
    return out


def deep(module: types.ModuleType, case: Case) -> list[str]:
    """Deep pruning on the pairs of ``t`` against impl's (Korf's bounds (-m, 0), shifted by
    m); maxn on them against impl's."""
    (t,) = case
    pt = as_pairs(t)
    m = max(abs(int(x)) for x in leaf_values(t))  # type: ignore[arg-type]
    bounds = Bounds(-m, 0)
    expected = (
        *searched(deep_pruning_unsound(pt, bounds, trace=True)),
        list(events("deep-pruning-unsound", pt, bounds=bounds)),
    )
    out = compared(module, "deep", pt, vector(pt, -m), NO_VECTOR, (2 * m,), expected,
                   lambda v: tuple(c - m for c in v))  # fmt: skip
    expected = (*searched(impl_maxn(pt, trace=True)), list(events("maxn", pt)))
    return out + compared(module, "maxn", pt, vector(pt, 0), NO_VECTOR, (2,), expected, tuple)


CHECKS: dict[str, tuple[Check, st.SearchStrategy[Case]]] = {
    "two_player": (two_player, st.tuples(TWO, st.integers(-12, 12), st.integers(1, 12))),
    "fail_soft": (two_player, st.tuples(TWO, st.integers(-12, 12), st.integers(1, 12))),
    "multi_player": (multi_player, st.tuples(BOUNDED, st.integers(0, 3), TWO)),
    "deep": (deep, st.tuples(
        scalar_trees(by_depth=False) | scalar_trees(ties=True)
        | scalar_trees(min_value=0, max_value=0))),
}  # fmt: skip
"""Per kernel: what it is compared with, and the cases drawn."""


def agreement(kernel: str, module: types.ModuleType) -> Callable[[], None]:
    """The property test of ``kernel``, run on ``module``: on every witness of
    :data:`WITNESSES` (explicit examples, first), then on the cases Hypothesis draws, the
    module reads and computes what spec and impl do."""
    check, cases = CHECKS[kernel]

    @settings(suppress_health_check=[HealthCheck.too_slow], report_multiple_bugs=False)
    @given(cases)
    def agrees(case: Case) -> None:
        assert check(module, case) == []

    for name, case in WITNESSES.items():
        if MUTANTS[name].file == kernel:
            agrees = example(case)(agrees)
    return agrees


@pytest.mark.slow
@pytest.mark.parametrize("kernel", KERNELS)
def test_each_kernel_reads_what_impl_reads_and_computes_what_spec_defines(kernel: str) -> None:
    """With its contracts checked: on every tree drawn, each holds, and every function of the
    kernel's claims that has a precondition is entered with it met (none is vacuous here)."""
    agreement(kernel, KERNEL[kernel])()
    text = NAGINI.source(kernel)
    mine = {f for _, c in verified.claims_of(THEOREMS, NAGINI, kernel) for f in c.rests_on}
    counts = getattr(KERNEL[kernel], ENTERED)
    assert {f for f in mine & requirements(text) if not counts[f]} == set()


DEFAULT_KERNEL_FLAWS = {
    "soft-max-starts-at-alpha": (
        "        best = a if hard else _NEG\n        for c in kids:",
        "        best = a\n        for c in kids:",
    ),
    "max-leaf-cuts-late": (
        (
            "                        a = r\n                        if a >= b:\n"
            "                            break\n            else:"
        ),
        (
            "                        a = r\n                        if a > b:\n"
            "                            break\n            else:"
        ),
    ),
}
"""Flaws seeded in impl's default kernel (:mod:`gametree.impl._kernel`, the reference of the
compiled one): a fail-soft Max node started at alpha (its value wrong only below the window),
and a Max node that goes on after its leaf reached beta (its value right, its reads not)."""


def default_kernels() -> list[types.ModuleType]:
    """The kernels impl's default path runs: its pure-Python reference, and the mypyc build
    of it where there is one (``python3 dev.py build``; the test command builds it)."""
    found = [_compiled.source("_kernel")]
    return found + ([_compiled.KERNEL] if _compiled.KERNEL is not found[0] else [])


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.tuples(TWO, st.integers(-12, 12), st.integers(1, 12)))
def default_path_agrees(case: Case) -> None:
    """impl's searches, default path, read what their traced path reads, and return its value."""
    t, a, w = case
    for search in (impl_alphabeta, negamax_alphabeta):
        for soft in (False, True):
            r = search(t, a, a + w, fail_soft=soft, trace=True)
            assert default_path(search, t, a, a + w, fail_soft=soft) == searched(r)


@pytest.mark.parametrize("kernel", default_kernels(), ids=lambda k: k.__name__)
def test_impls_default_path_reads_what_its_traced_path_reads(
    kernel: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both forms of impl's default kernel, pinned by the leaves they read, in order: the
    traced path is pinned to the verified kernels (the property test above)."""
    monkeypatch.setattr(_compiled, "KERNEL", kernel)
    default_path_agrees()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DEFAULT_KERNEL_FLAWS))
def test_a_seeded_flaw_in_impls_default_kernel_fails_the_pin_tests(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    original, flawed = DEFAULT_KERNEL_FLAWS[name]
    reference = Path(str(_compiled.source("_kernel").__file__)).read_text()
    assert reference.count(original) == 1, f"{name} no longer seeds in impl/_kernel.py"
    seeded_kernel = types.ModuleType(f"kernel_{name.replace('-', '_')}")
    code = compile(reference.replace(original, flawed), f"<impl/_kernel.py with {name}>", "exec")
    exec(code, seeded_kernel.__dict__)
    monkeypatch.setattr(_compiled, "KERNEL", seeded_kernel)
    with pytest.raises(AssertionError):
        default_path_agrees()
    with pytest.raises(AssertionError):
        agreement("two_player", KERNEL["two_player"])()


def test_a_reading_names_the_leaves_in_order_and_the_cut_offs() -> None:
    """The Alpha-Beta Pruning article's tree: alpha-beta reads 7 of 9 leaves and cuts the middle
    node after its first child; the kernel's reading is impl's."""
    t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])

    value, reading = run(KERNEL["two_player"].alphabeta, t, scalar(t), 0, -100, 100)
    assert value == 3
    assert reading.leaves == ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2))
    assert reading.entered == {(), (0,), (1,), (2,)}
    assert cuts(t, reading) == (((1,), 0),)
    deeper = Reading(reading.leaves[:4], frozenset({(), (0,), (1,)}))
    assert cuts(t, deeper) == (((), 1), ((1,), 0))
    later = Reading(((0, 0), (0, 2)), frozenset({(), (0,)}))
    assert cuts(t, later) == (((), 0), ((0,), -1))  # a child skipped then searched


MUTANTS = {f.name: f for f in flaws(NAGINI) if not f.vacuous}
"""Every seeded flaw and every deleted cut-off, by name."""

WITNESSES: dict[str, Case] = {
    "alpha-not-passed-on": (Node(0, (Leaf(1), Node(0, (Leaf(0),)))), 0, 2),  # alphabeta: value
    "alphabeta-max-cut-deleted": (
        Node(0, (Node(0, (Node(0, (Leaf(0), Leaf(0))),)),)),
        -1,
        1,
    ),  # alphabeta: leaves read
    "alphabeta-min-cut-deleted": (
        Node(0, (Node(1, (Node(0, (Node(1, (Leaf(0), Leaf(0))),)),)),)),
        0,
        1,
    ),  # alphabeta: leaves read
    "bound-from-the-wrong-player": (
        Node(0, (Node(0, (Node(0, (Leaf((0, 9)),)), Node(1, (Leaf((1, 8)), Leaf((0, 9)))))),)),
        0,
        Leaf(0),
    ),  # shallow: value
    "cuts-too-early": (
        Node(0, (Node(1, (Leaf((0, 8, 0)), Leaf((0, 8, 0)))),)),
        0,
        Leaf(0),
    ),  # shallow: leaves read
    "deep-bound-from-the-wrong-player": (Node(0, (Leaf(0), Leaf(0), Leaf(1))),),  # deep: value
    "deep-cut-deleted": (Node(0, (Leaf(0), Leaf(0))),),  # deep: leaves read
    "deep-cuts-too-early": (Node(0, (Leaf(0), Leaf(1))),),  # deep: value
    "deep-floor-raised-where-the-other-moves": (
        Node(0, (Leaf(0), Leaf(0), Node(1, (Leaf(0), Node(0, (Leaf(0), Leaf(0), Leaf(1))))))),
    ),  # deep: leaves read
    "immediate-cut-deleted": (
        Node(1, (Leaf((0, 9)), Leaf((0, 9)))),
        0,
        Leaf(0),
    ),  # immediate: leaves read
    "immediate-cuts-below-the-sum": (
        Node(0, (Node(1, (Leaf((0, 8, 0)), Leaf((0, 8, 0)))),)),
        0,
        Leaf(0),
    ),  # immediate: leaves read
    "min-raises-beta": (Node(1, (Leaf(0),)), 0, 1),  # alphabeta: value
    "negamax-cut-deleted": (
        Node(0, (Node(1, (Leaf(0), Leaf(0))),)),
        0,
        1,
    ),  # negamax_alphabeta: leaves read
    "negamax-no-negation": (Node(0, (Node(1, (Leaf(1),)),)), 0, 1),  # negamax: value
    "negamax-soft-cut-deleted": (
        Node(0, (Node(1, (Leaf(0), Leaf(0))),)),
        0,
        1,
    ),  # negamax_alphabeta_soft: leaves read
    "negamax-soft-window-not-swapped": (
        Node(0, (Node(1, (Leaf(0), Leaf(0))),)),
        0,
        1,
    ),  # negamax_alphabeta_soft: leaves read
    "no-progress": (Node(1, (Leaf(0), Leaf(0))), -1, 1),  # alphabeta: does not terminate
    "no-repeated-mover-line": (
        Node(1, (Leaf((1, 8)), Node(1, (Node(0, (Leaf((1, 8)),)), Leaf((0, 9)))))),
        0,
        Leaf(0),
    ),  # shallow: value
    "pairs-max-minimises": (
        Leaf((0, 0, 0)),
        0,
        Node(0, (Leaf(0), Leaf(1))),
    ),  # minimax_of_pairs: value
    "pairs-of-equal-components": (
        Leaf((0, 0, 0)),
        0,
        Node(0, (Leaf(1),)),
    ),  # pairs: the leaves (x, -x) are not pairs
    "paranoid-player-minimises": (
        Node(0, (Leaf((0, 9)), Leaf((1, 8)))),
        0,
        Leaf(0),
    ),  # paranoid: value
    "paranoid-reads-the-movers-component": (
        Node(2, (Leaf((0, 0, 1)),)),
        0,
        Leaf(0),
    ),  # paranoid: value
    "shallow-cut-deleted": (
        Node(1, (Leaf((0, 9)), Leaf((0, 9)))),
        0,
        Leaf(0),
    ),  # shallow: leaves read
    "soft-forgets-first-child": (Node(0, (Leaf(0), Leaf(-1))), 0, 1),  # alphabeta_soft: value
    "soft-max-cut-deleted": (
        Node(0, (Node(0, (Node(0, (Leaf(0), Leaf(0))),)),)),
        -1,
        1,
    ),  # alphabeta_soft: leaves read
    "soft-min-cut-deleted": (
        Node(0, (Node(1, (Node(0, (Node(1, (Leaf(0), Leaf(0))),)),)),)),
        0,
        1,
    ),  # alphabeta_soft: leaves read
    "window-not-swapped": (Node(0, (Node(1, (Leaf(1),)),)), 0, 1),  # negamax_alphabeta: value
}
"""For each mutant, the smallest case on which it differs from spec and impl, and how (found by
Hypothesis's ``find`` over the kernel's cases and shrunk: ``python tests/test_verified_pinned.py``
finds them again and prints them)."""

FOUND = settings(
    max_examples=2000,
    derandomize=True,
    database=None,
    phases=[Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def mutant(flaw: Flaw) -> types.ModuleType:
    """The kernel with ``flaw`` seeded, as it runs."""
    return running(seeded(NAGINI, flaw), f"{flaw.file}_{flaw.name.replace('-', '_')}")


def witness(flaw: Flaw) -> tuple[Case, list[str]]:
    """The smallest case Hypothesis finds on which the kernel with ``flaw`` differs from spec
    and impl, and how (``NoSuchExample`` if there is none among the cases tried)."""
    check, cases = CHECKS[flaw.file]
    seeded_kernel = mutant(flaw)
    case = find(cases, lambda c: bool(check(seeded_kernel, c)), settings=FOUND)
    return case, check(seeded_kernel, case)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_each_flaw_and_each_deleted_cut_off_fails_the_property_test(name: str) -> None:
    """The kernel's property test, run on the kernel with the flaw seeded (or the cut-off
    deleted), fails; on its own witness, the mutant differs and the verified kernel agrees."""
    flaw = MUTANTS[name]
    with pytest.raises(AssertionError):
        agreement(flaw.file, mutant(flaw))()
    check, _ = CHECKS[flaw.file]
    assert check(mutant(flaw), WITNESSES[name])
    assert check(KERNEL[flaw.file], WITNESSES[name]) == []


def test_every_mutant_has_a_witness() -> None:
    assert set(WITNESSES) == set(MUTANTS)


def test_every_search_of_every_kernel_has_its_cut_offs_deleted_in_some_mutant() -> None:
    """Each pruning search's cut-off tests (``>= bound``, ``alpha >= b``, ...) are among
    UNPRUNED, so deleting any of them is shown to fail the comparison."""
    unpruned = [f for f in MUTANTS.values() if f.unprunes]
    assert {f.file for f in unpruned} == set(KERNELS)
    searches = {"alphabeta_choice", "alphabeta_soft_choice", "negamax_alphabeta_choice",
                "negamax_alphabeta_soft_choice", "shallow_kids", "immediate_kids",
                "deep_kids"}  # fmt: skip
    assert {selected(f, NAGINI.source(f.file)) for f in unpruned} == searches


if (
    __name__ == "__main__"
):  # a report of what each mutant does: python tests/test_verified_pinned.py
    for name, flaw in sorted(MUTANTS.items()):
        case, found = witness(flaw)
        print(f"{name} ({flaw.file}): {case!r}\n  {found[0]}")  # noqa: T201
