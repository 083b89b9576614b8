"""The WhyML transcriptions, run by ``why3 execute``, read what impl reads and compute what spec
defines: pinned by behaviour, not value alone.

A proof about a transcription nobody runs proves nothing about gametree: here the proved text
(mapped onto the integers and the tree scaled by its common denominator, each search recording
the leaves it evaluates: :mod:`gametree.proofs.why3.execute`) is run on Hypothesis-drawn trees
with ``Fraction`` values, and compared with ``impl.shallow`` and ``impl.immediate`` (and
``spec.maxn``), and with ``impl.alphabeta`` (fail-hard and fail-soft) and
``impl.negamax_alphabeta`` over drawn windows (and ``spec.minimax``, ``spec.negamax``): the
value, the leaves read in order, the nodes entered and where the search cuts off
(:func:`gametree.proofs.nagini.reads.differences`). Then each seeded flaw and each deleted
cut-off (the flaws that ``unprunes``, shallow pruning's bound passed unsubtracted among
them) is run the same way and must differ on some batch of trees. Each example is one
batch of trees, one ``why3 execute``. Skipped, saying why, where Why3 is not installed; CI
installs it (``python3 dev.py test`` installs it from Debian's packages).
"""

import shutil
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.algorithms import event_trace as events
from gametree.impl import alphabeta as impl_alphabeta
from gametree.impl import immediate as impl_immediate
from gametree.impl import negamax_alphabeta as impl_negamax_alphabeta
from gametree.impl import shallow as impl_shallow
from gametree.impl.result import SearchResult
from gametree.proofs import Flaw, flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.nagini.reads import Reading, differences
from gametree.proofs.why3 import WHY3, execute
from gametree.proofs.why3.execute import leaf_paths, run, scale, searched, whyml_tree
from gametree.spec import Bounds, Leaf, Node, maxn, minimax, negamax
from gametree.spec import Tree as SpecTree
from gametree.spec.strategies import scalar_trees, vector_trees

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)

BOUNDS = {2: Bounds(0, 9), 3: Bounds(0, 9), 4: Bounds(-1, 6)}

BOUNDED = (
    vector_trees(players=3, bounds=BOUNDS[3], by_depth=False, ties=True, grid=3)
    | vector_trees(players=4, bounds=BOUNDS[4], ties=True, grid=2)
    | vector_trees(players=2, bounds=BOUNDS[2], by_depth=False, exact_total=True, grid=2)
)
"""Rational trees within Korf's bounds: 2 to 4 players, in turn or not, ties, sums at the bound."""

WINDOWED = st.tuples(
    scalar_trees(by_depth=False, grid=3) | scalar_trees(ties=True, grid=2),
    st.fractions(-12, 12, max_denominator=4),
    st.fractions(Fraction(1, 4), 12, max_denominator=4),
)
"""A two-player rational tree (any player at any node, or in turn with ties) and a window."""

BATCH = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def leaves(t: SpecTree) -> list[Fraction]:
    """Every number in ``t``'s leaves."""
    out: list[Fraction] = []
    stack: list[SpecTree] = [t]
    while stack:
        x = stack.pop()
        if isinstance(x, Node):
            stack.extend(x.children)
        else:
            v = x.value
            out.extend(Fraction(c) for c in (v if isinstance(v, tuple) else (v,)))
    return out


def compared(  # noqa: PLR0917 - the search, its tree, what it gave and what impl did
    name: str, t: SpecTree, value: object, reads: Any, r: SearchResult[Any], trace: Any
) -> list[str]:
    """A search's ``value`` and the leaves it ``reads`` (by number) against ``impl``'s result
    ``r`` and events ``trace``: what differs."""
    paths = leaf_paths(t)
    read = tuple(paths[i] for i in reads)
    entered = frozenset(p[:k] for p in read for k in range(len(p)))  # each node above a leaf
    out = [] if value == r.value else [f"{name}: value {value!r}, not {r.value!r}"]
    assert r.trace is not None
    return out + [f"{name}: {d}" for d in differences(t, Reading(read, entered), r.trace, trace)]


def shallow_batch(ts: Sequence[SpecTree]) -> list[list[str]]:
    """Shallow and immediate pruning, and maxn, on each tree of ``ts``: per tree, what differs
    from ``impl`` and ``spec``."""
    items, scales = [], []
    for t in ts:
        bounds, n = BOUNDS[t.players], t.players
        big = scale([*leaves(t), bounds.lower, bounds.total])
        total = (Fraction(bounds.total) - n * bounds.lower) * big
        tree = whyml_tree(t, big, bounds.lower)
        items += [
            *searched("Vec", f"shallow_is_maxn {tree} {total} {n}"),
            *searched("Vec", f"immediate {tree} {total} {n}"),
            f"(Vec (maxn {tree}))",
        ]
        scales.append(big)
    answers = iter(run("shallow", items))
    each = []
    for t, big in zip(ts, scales, strict=True):
        bounds = BOUNDS[t.players]
        out: list[str] = []

        def vector(a: Any, big: int = big, lower: Any = bounds.lower) -> tuple[Fraction, ...]:
            return tuple(Fraction(c, big) + lower for c in a)

        for name, impl in (("shallow", impl_shallow), ("immediate", impl_immediate)):
            value, reads = vector(next(answers)), next(answers)
            trace = events(name, t, bounds=bounds)
            out += compared(name, t, value, reads, impl(t, bounds, trace=True), trace)
        if vector(next(answers)) != maxn(t).value:
            out.append("maxn: not spec's")
        each.append(out)
    return each


def number(a: int | tuple[int, ...]) -> int:
    """An answer that is a number."""
    assert isinstance(a, int), a
    return a


def alphabeta_batch(cases: Sequence[tuple[SpecTree, Fraction, Fraction]]) -> list[list[str]]:
    """Fail-hard and fail-soft alpha-beta, and fail-hard in negamax form, over each case's
    window; minimax and negamax: per case, what differs from ``impl`` and ``spec``."""
    items, scales = [], []
    for t, a, width in cases:
        big = scale([*leaves(t), a, a + width])
        tree, lo, hi = whyml_tree(t, big), a * big, (a + width) * big
        window = f"({lo.numerator}) ({hi.numerator})"
        items += [
            *searched("Int", f"alphabeta {tree} {window}"),
            *searched("Int", f"alphabeta_soft {tree} {window}"),
            *searched("Int", f"negamax_alphabeta {tree} {window}"),
            f"(Int (minimax {tree}))",
            f"(Int (negamax {tree}))",
        ]
        scales.append(big)
    answers = iter(run("alphabeta", items))
    each = []
    for (t, a, width), big in zip(cases, scales, strict=True):
        b = a + width
        out: list[str] = []
        runs = (
            ("alphabeta", impl_alphabeta(t, a, b, trace=True), "alphabeta-fail-hard"),
            ("alphabeta_soft", impl_alphabeta(t, a, b, fail_soft=True, trace=True),
             "alphabeta-fail-soft"),
            ("negamax_alphabeta", impl_negamax_alphabeta(t, a, b, trace=True),
             "negamax-alphabeta-fail-hard"),
        )  # fmt: skip
        for name, r, kind in runs:
            value, reads = Fraction(number(next(answers)), big), next(answers)
            out += compared(name, t, value, reads, r, events(kind, t, alpha=a, beta=b))
        if Fraction(number(next(answers)), big) != minimax(t).value:
            out.append("minimax: not spec's")
        if Fraction(number(next(answers)), big) != negamax(t).value:
            out.append("negamax: not spec's")
        each.append(out)
    return each


@BATCH
@given(st.lists(BOUNDED, min_size=25, max_size=25))
def test_the_shallow_transcription_reads_what_impl_reads(ts: list[SpecTree]) -> None:
    assert shallow_batch(ts) == [[]] * len(ts)


@BATCH
@given(st.lists(WINDOWED, min_size=25, max_size=25))
def test_the_alphabeta_transcription_reads_what_impl_reads(
    cases: list[tuple[SpecTree, Fraction, Fraction]],
) -> None:
    assert alphabeta_batch(cases) == [[]] * len(cases)


def test_the_leaves_read_are_numbered_left_to_right() -> None:
    """The Alpha-Beta Pruning article's tree: alpha-beta reads 7 of its 9 leaves, skipping the
    middle node's last two, as impl does."""
    t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    tree = whyml_tree(t, 1)
    value, reads = run("alphabeta", searched("Int", f"alphabeta {tree} (-100) 100"))
    assert (value, reads) == (3, (0, 1, 2, 3, 6, 7, 8))
    assert alphabeta_batch([(t, Fraction(-100), Fraction(200))]) == [[]]


MUTANTS = {
    f.name: f
    for f in flaws(WHY3)
    if f.file in execute.SEARCHES and f.name != "no-progress" and not f.vacuous
}
"""Every seeded flaw of the files run here (but no-progress, which loses termination alone:
executing it would not return, and the vacuous preconditions, which change nothing that runs:
``tests/test_verified_instances.py`` catches those) and every deleted cut-off, by name. (The files
that return the
leaves they read, :mod:`gametree.proofs.why3.traced`, pin theirs in their own tests.)"""

SHALLOW_WITNESSES: dict[str, SpecTree] = {
    "bound-from-the-wrong-side": Node(
        0, (Node(0, (Node(0, (Leaf((0, 9)),)), Node(1, (Leaf((1, 8)), Leaf((0, 9)))))),)
    ),  # shallow: value
    "bound-unsubtracted": Node(
        0, (Leaf((5, 4)), Node(1, (Leaf((4, 5)), Leaf((0, 9)))), Leaf((0, 9)))
    ),  # shallow: leaves read
    "immediate-cut-deleted": Node(1, (Leaf((0, 9)), Leaf((0, 9)))),  # immediate: leaves read
    "immediate-cuts-below-the-sum": Node(
        0, (Node(0, (Node(0, (Leaf((0, 9)),)), Node(1, (Leaf((1, 8)), Leaf((0, 9)))))),)
    ),  # immediate: value
    "no-repeated-mover-line": Node(
        1, (Leaf((1, 8)), Node(1, (Node(0, (Leaf((1, 8)),)), Leaf((0, 9)))))
    ),  # shallow: value
    "shallow-cut-deleted": Node(1, (Leaf((0, 9)), Leaf((0, 9)))),  # shallow: leaves read
    "ties-go-to-the-later-child": Node(0, (Leaf((1, 0, 0)), Leaf((1, 2, 0)))),  # shallow: value
}
ALPHABETA_WITNESSES: dict[str, tuple[SpecTree, Fraction, Fraction]] = {
    "alpha-not-passed-on": (
        Node(0, (Leaf(1), Node(0, (Leaf(0),)))),
        Fraction(0),
        Fraction(2),
    ),  # alphabeta: value
    "alphabeta-max-cut-deleted": (
        Node(0, (Node(0, (Node(0, (Leaf(0), Leaf(0))),)),)),
        Fraction(-1),
        Fraction(1),
    ),  # alphabeta: leaves read
    "alphabeta-min-cut-deleted": (
        Node(0, (Node(1, (Node(0, (Node(1, (Leaf(0), Leaf(0))),)),)),)),
        Fraction(0),
        Fraction(1),
    ),  # alphabeta: leaves read
    "min-raises-beta": (
        Node(0, (Node(1, (Node(0, (Node(1, (Leaf(0), Leaf(0))),)),)),)),
        Fraction(0),
        Fraction(1),
    ),  # alphabeta: leaves read
    "negamax-cut-deleted": (
        Node(0, (Node(0, (Node(0, (Leaf(0), Leaf(0))),)),)),
        Fraction(-1),
        Fraction(1),
    ),  # negamax_alphabeta: leaves read
    "negamax-no-negation": (
        Node(0, (Node(1, (Leaf(1),)),)),
        Fraction(0),
        Fraction(1),
    ),  # negamax: value
    "soft-forgets-first-child": (
        Node(0, (Leaf(1), Node(0, (Leaf(0),)))),
        Fraction(0),
        Fraction(2),
    ),  # alphabeta_soft: value
    "soft-max-cut-deleted": (
        Node(0, (Node(0, (Node(0, (Leaf(0), Leaf(0))),)),)),
        Fraction(-1),
        Fraction(1),
    ),  # alphabeta_soft: leaves read
    "soft-min-cut-deleted": (
        Node(0, (Node(1, (Node(0, (Node(1, (Leaf(0), Leaf(0))),)),)),)),
        Fraction(0),
        Fraction(1),
    ),  # alphabeta_soft: leaves read
    "window-not-swapped": (
        Node(0, (Node(1, (Node(0, (Node(1, (Leaf(0), Leaf(0))),)),)),)),
        Fraction(0),
        Fraction(1),
    ),  # negamax_alphabeta: leaves read
}
"""For each mutant, a tree (and window) on which the transcription with it differs from spec
or impl (the Nagini kernels' witnesses of ``tests/test_verified_pinned.py``, and for the
bound passed unsubtracted a tree whose middle child shallow pruning cuts)."""


def test_the_transcriptions_agree_with_spec_and_impl_on_every_witness() -> None:
    assert shallow_batch(list(SHALLOW_WITNESSES.values())) == [[]] * len(SHALLOW_WITNESSES)
    assert alphabeta_batch(list(ALPHABETA_WITNESSES.values())) == [[]] * len(ALPHABETA_WITNESSES)


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_each_flaw_and_each_deleted_cut_off_fails_the_comparison(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The transcription with the flaw seeded (or the cut-off deleted), run on the witnesses
    of its file, differs from impl or spec on its own witness, by value or by what it reads."""
    flaw: Flaw = MUTANTS[name]
    (tmp_path / f"{flaw.file}.mlw").write_text(seeded(WHY3, flaw))
    monkeypatch.setattr(execute, "WHY3", attrs.evolve(WHY3, folder=tmp_path))
    if flaw.file == "shallow":
        found = dict(zip(SHALLOW_WITNESSES, shallow_batch(list(SHALLOW_WITNESSES.values())),
                         strict=True))  # fmt: skip
    else:
        found = dict(zip(ALPHABETA_WITNESSES, alphabeta_batch(list(ALPHABETA_WITNESSES.values())),
                         strict=True))  # fmt: skip
    assert found[name]


def test_every_mutant_has_a_witness() -> None:
    assert {*SHALLOW_WITNESSES, *ALPHABETA_WITNESSES} == set(MUTANTS)
    assert {MUTANTS[n].file for n in SHALLOW_WITNESSES} == {"shallow"}
    assert {MUTANTS[n].file for n in ALPHABETA_WITNESSES} == {"alphabeta"}


def test_every_search_has_its_cut_offs_deleted_in_some_mutant() -> None:
    assert {f.file for f in flaws(WHY3) if f.unprunes} >= set(execute.SEARCHES)
    here = {f.name for f in flaws(WHY3) if f.file in execute.SEARCHES and not f.vacuous}
    assert here - set(MUTANTS) == {"no-progress"}
