"""The catalogue's number-type bugs (tests/bugs/number_types.py): each holds its numbers in a
machine type, declares it (``--values``), and is wrong only at one edge of that type.

For every bug, (a) a hand-made case at that edge (every child at -(2^63 - 1), MTD(f) testing at
-(2^31 - 1), alpha at 32767 above a scouted subtree, Korf's lower bound at -(2^63 - 1), doubles
an ulp apart near 1, a subnormal) on which its answer is not one the spec allows, (b) the same
case one step inside the edge, where it is right, (c) a property that on the old small scope
(``tests.test_bug_edges.small_cases``) it conforms, with the comparisons its catalogue entry
makes, and (d) that it refuses a number outside its type with an error, as an engine that
holds the type must. The catalogue's tests (``tests/test_bug_catalogue.py``) check that the
gate, told ``--values``, catches each from the generated cases alone.
"""

import inspect
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tests.bugs.number_types
from gametree.conform.codec import Case
from gametree.conform.numbers import NUMBER_TYPES, outside
from gametree.spec import Bounds, Node, Value
from gametree.treefile import parse_value
from tests.bugs import BUGS, Bug
from tests.test_bug_edges import answer, problems, small_cases

NUMBER_BUGS = tuple(b for b in BUGS if b.target.startswith("tests.bugs.number_types:"))

M16, M32, M64 = 2**15 - 1, 2**31 - 1, 2**63 - 1
ULP = Fraction(1, 2**52)
"""The gap between 1 and the next double."""
TINY = Fraction(1, 2**1074)
"""The smallest positive double."""


def _by_name(name: str) -> Bug:
    (b,) = [b for b in NUMBER_BUGS if b.name == name]
    return b


def test_every_number_type_bug_is_in_the_catalogue_with_its_type() -> None:
    names = set(tests.bugs.number_types.__all__)
    assert {b.name for b in NUMBER_BUGS} == names
    assert len(names) >= 4
    typed = [b for b in NUMBER_BUGS if b.infinity is None]  # the others declare their infinity
    assert {b.values for b in typed} == set(NUMBER_TYPES) - {"exact"}
    for b in NUMBER_BUGS:
        doc = " ".join((inspect.getdoc(b.function) or "").split())
        assert "Seen in practice: " in doc, b.name
        assert b.edge, b.name
        if b.infinity is None:
            assert ["--values", b.values] == b.argv[-2:]
        else:
            assert ["--infinity", str(b.infinity)] == b.argv[-2:]


EDGES: dict[str, tuple[Case, Value]] = {
    "int64_sentinel": (Case("negamax-alphabeta-fail-soft", Node(0, [-M64, -M64])), -M64),
    "int32_mtdf_null_window": (Case("mtdf", Node(0, [Node(1, [1 - M32, -M32])])), 1 - M32),
    "int16_pvs_null_window": (Case("pvs", Node(0, [M16, Node(1, [Node(0, [0, 1])])])), M16),
    "int64_korf_shift": (Case("shallow", Node(0, [(0, 0, 0), (1, -M64, 0)]), Bounds(-M64, M64)),
                         (0, 0, 0)),
    "double_mtdf_epsilon": (Case("mtdf", Node(0, [1, 1 + ULP])), 1),
    "double_fraction_division": (Case("alphabeta-fail-hard", Node(0, [0, TINY])), 0),
}  # fmt: skip
"""For each bug, a case at the edge of its type, and the value it answers there."""

INSIDE: dict[str, Case] = {
    "int64_sentinel": Case("negamax-alphabeta-fail-soft", Node(0, [1 - M64, 1 - M64])),
    "int32_mtdf_null_window": Case("mtdf", Node(0, [Node(1, [2 - M32, 1 - M32])])),
    "int16_pvs_null_window": Case("pvs", Node(0, [M16 - 1, Node(1, [Node(0, [0, 1])])])),
    "int64_korf_shift": Case("shallow", Node(0, [(0, 0, 0), (1, -(2**61), 0)]),
                             Bounds(-(2**61), 2**61 - 1)),
    "double_mtdf_epsilon": Case("mtdf", Node(0, [1, 1 + Fraction(1, 2**9)])),
    "double_fraction_division": Case("alphabeta-fail-hard", Node(0, [0, Fraction(1, 2**1023)])),
}  # fmt: skip
"""The same cases one step inside the edge (a value one up; bounds whose shifted Sum, 2^61 - 1
+ 3·2^61, is exactly M; doubles 2^-9 apart; a denominator that is still a double): each bug is
right there."""

OUTSIDE: dict[str, Case] = {
    "int64_sentinel": Case("negamax-alphabeta-fail-soft", Node(0, [2**63])),
    "int32_mtdf_null_window": Case("mtdf", Node(0, [2**31])),
    "int16_pvs_null_window": Case("pvs", Node(0, [Fraction(1, 2)])),
    "int64_korf_shift": Case("shallow", Node(0, [(2**63, 0, 0)]), Bounds(0, 2**64)),
    "double_mtdf_epsilon": Case("mtdf", Node(0, [2**53 + 1])),
    "double_fraction_division": Case("alphabeta-fail-hard", Node(0, [Fraction(1, 3)])),
}
"""A number just outside each bug's type, which it must refuse (the gate never asks it)."""


def test_the_cases_are_where_they_say() -> None:
    for name, (case, _) in EDGES.items():
        values = _by_name(name).values
        assert outside(values, case) is None, name
        assert outside(values, INSIDE[name]) is None, name
        assert outside(values, OUTSIDE[name]) is not None, name


@pytest.mark.parametrize("name", sorted(EDGES))
def test_the_bug_is_caught_at_the_edge_of_its_type(name: str) -> None:
    b = _by_name(name)
    case, value = EDGES[name]
    assert problems(b, case), name
    reply = answer(b, case)
    players = case.tree.players if isinstance(value, tuple) else 2
    assert parse_value(reply["value"], players) == value


def test_one_step_inside_the_edge_it_is_right() -> None:
    for name, case in INSIDE.items():
        assert not problems(_by_name(name), case), name


def test_a_number_outside_its_type_is_refused() -> None:
    for name, case in OUTSIDE.items():
        assert "error" in answer(_by_name(name), case), name


@pytest.mark.slow
@pytest.mark.parametrize("b", NUMBER_BUGS, ids=[b.name for b in NUMBER_BUGS])
@settings(max_examples=100)
@given(data=st.data())
def test_the_bug_conforms_on_the_old_small_scope(b: Bug, data: st.DataObject) -> None:
    case = data.draw(small_cases(b.semantics), label="case")
    assert not problems(b, case)
