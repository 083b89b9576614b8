"""``Node.of_trees``, the reader's builder, against ``Node(...)``: the same trees, the same errors.

The builder skips the converter and attrs' ``__init__``, not a check: on every node it is given
(valid or not) it must give a tree equal to ``Node``'s, with the same summary and hash, or raise
the same ``TreeError`` (problem and path). And the reader built on it must read every document
of the format's tests as a reader built on ``Node(...)`` does: the same tree, or the same fault
at the same pointer.

Glossary: a *build* is ``(to_move, children, probabilities)``, what both constructors take.
"""

from collections.abc import Callable, Iterable
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from gametree.spec import CHANCE, Leaf, Node, Tree, TreeError
from gametree.spec import tree as tree_module
from gametree.spec.strategies import chance_trees, probabilities, scalar_trees, vector_trees
from gametree.spec.values import exact_value
from gametree.treefile import TreeDocument, TreeFileError, read_tree_text
from tests.test_hostile_input import faulty_documents, faulty_shorthands, valid_documents
from tests.test_oracle_format import MALFORMED

Build = tuple[object, tuple[Tree, ...], object]

SUMMARY = ("to_move", "probabilities", "players", "vector", "size", "leaf_count", "height",
           "chance_nodes")  # fmt: skip

CHILDREN = st.lists(
    st.one_of(
        scalar_trees(max_depth=2, grid=2),
        vector_trees(players=2, max_depth=2, grid=2),
        vector_trees(players=3, max_depth=2, grid=2),
        chance_trees(max_depth=2, grid=2),
    ),
    min_size=0,
    max_size=4,
)


def halve_last(ps: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """Probabilities that sum to less than 1."""
    return (*ps[:-1], ps[-1] / 2)


@st.composite
def builds(draw: st.DrawFn) -> Build:
    """A node to build: its children mostly of one kind, its player or chance mostly right.

    Each part is wrong some of the time: children of two kinds, none, a player out of range or
    not an int, chance's probabilities of the wrong number, not summing to 1, or not numbers.
    """
    kids: list[Tree] = draw(CHILDREN)
    one_kind: bool = draw(st.booleans())
    if kids and one_kind:  # as a valid node's
        kind = (kids[0].players, kids[0].vector)
        kids = [c for c in kids if (c.players, c.vector) == kind]
    chance = draw(st.booleans())
    ps: object = None
    if chance:
        ps = draw(st.one_of(
            probabilities(len(kids)) if kids else st.just(()),
            probabilities(len(kids)).map(halve_last) if kids else st.just(()),
            st.lists(st.sampled_from([Fraction(1, 2), Fraction(1, 3), 1, 0, "1/4", "x", 2.5])),
        ))  # fmt: skip
    to_move = draw(st.one_of(
        st.just(CHANCE) if chance else st.integers(0, 2), st.integers(-2, 3), st.just(True),
    ))  # fmt: skip
    return to_move, tuple(kids), ps


def outcome(build: Callable[[], Node]) -> tuple[object, ...]:
    """What a constructor gives: the node's fields and hash, or its error's problem and path."""
    try:
        n = build()
    except TreeError as e:
        return ("error", e.problem, e.path)
    return ("node", n, hash(n), *(getattr(n, f) for f in SUMMARY))


def naive(to_move: object, children: tuple[Tree, ...], ps: Iterable[object] | None = None) -> Node:
    return Node(to_move, children, probabilities=ps)  # type: ignore[arg-type]


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(builds())
def test_of_trees_is_node_on_every_node_valid_or_not(b: Build) -> None:
    to_move, kids, ps = b
    built = outcome(lambda: Node.of_trees(to_move, kids, ps))  # type: ignore[arg-type]
    assert built == outcome(lambda: naive(to_move, kids, ps))  # type: ignore[arg-type]


def test_the_property_meets_both_sides() -> None:
    """Not vacuous: the builder's fast path builds nodes, and its checks refuse some."""
    leaves = (Leaf(1), Leaf(2))
    assert Node.of_trees(1, leaves) == Node(1, [1, 2])
    assert Node.of_trees(0, (Leaf(1), Node(1, [2]))).size == 4
    assert outcome(lambda: Node.of_trees(2, leaves))[:3] == outcome(lambda: Node(2, [1, 2]))[:3]
    assert outcome(lambda: Node.of_trees(2, leaves))[0] == "error"
    assert Node.of_trees(CHANCE, leaves, ["1/4", "3/4"]).probabilities == (
        Fraction(1, 4),
        Fraction(3, 4),
    )


def test_of_trees_hands_children_that_are_not_trees_to_node() -> None:
    as_list = Node.of_trees(0, [3, Leaf(4)])  # type: ignore[arg-type]
    assert as_list == Node(0, [3, 4])
    with pytest.raises(TreeError) as info:
        Node.of_trees(0, ([3],))  # type: ignore[arg-type]
    assert "nested lists are read by Node.by_depth" in info.value.problem
    assert info.value.path == (0,)


def read_both(text: str) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """``read_tree_text(text)`` by the reader as it is, and with ``Node(...)`` in the builder's
    place: each a (tree, players, bounds) or the fault's message and pointer."""

    def read() -> tuple[object, ...]:
        try:
            doc: TreeDocument = read_tree_text(text)
        except TreeFileError as e:
            return ("fault", str(e), e.pointer)
        return ("doc", doc.tree, doc.players, doc.declared)

    fast = read()
    with pytest.MonkeyPatch.context() as m:
        m.setattr(Node, "of_trees", naive)
        slow = read()
    return fast, slow


@pytest.mark.parametrize(("text", "pointer", "message"), MALFORMED)
def test_the_reader_faults_as_with_node_on_the_format_tests_documents(
    text: str, pointer: str, message: str
) -> None:
    fast, slow = read_both(text)
    assert fast == slow
    assert fast == ("fault", *fast[1:])


DOCUMENTS = st.one_of(
    valid_documents().map(lambda v: v.text),
    faulty_documents().map(lambda f: f.text),
    faulty_shorthands().map(lambda f: f.text),
)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(DOCUMENTS)
def test_the_reader_reads_the_hostile_documents_as_with_node(text: str) -> None:
    fast, slow = read_both(text)
    assert fast == slow


def test_a_builder_without_the_checks_fails_the_property() -> None:
    """The seeded flaw: ``of_trees`` with ``_check_node`` reduced to reading the first child's
    kind differs from ``Node`` on some drawn build."""

    def lax(to_move: object, kids: tuple[Tree, ...], ps: object = None) -> tuple[int, bool]:
        return (kids[0].players, kids[0].vector) if kids else (2, False)

    def differs(b: Build) -> bool:
        honest = outcome(lambda: naive(*b))  # type: ignore[arg-type]
        with pytest.MonkeyPatch.context() as m:
            m.setattr(tree_module, "_check_node", lax)
            flawed = outcome(lambda: Node.of_trees(*b))  # type: ignore[arg-type]
        return honest != flawed

    found = find(builds(), differs, settings=settings(database=None, max_examples=400))
    assert outcome(lambda: naive(*found))[0] == "error"  # type: ignore[arg-type]


NUMBERS = st.one_of(
    st.integers(), st.booleans(), st.fractions(), st.floats(), st.just(Fraction(4, 2))
)


@given(st.one_of(NUMBERS, st.lists(NUMBERS, max_size=3).map(tuple), st.lists(NUMBERS, max_size=3)))
def test_a_leaf_holds_what_exact_value_makes_of_its_value(x: object) -> None:
    """Leaf's shortcut for ints and tuples of ints gives exact_value's answer, and its errors."""
    assert outcome_of(lambda: Leaf(x).value) == outcome_of(lambda: exact_value(x))


def outcome_of(make: Callable[[], object]) -> tuple[object, ...]:
    """A value with the type of each part, or the error's problem and path (the root's)."""
    try:
        v = make()
    except TreeError as e:
        return ("error", e.problem, e.path or ())
    parts = v if isinstance(v, tuple) else (v,)
    return ("value", v, [type(c) for c in parts])
