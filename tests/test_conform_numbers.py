"""Declared number types (``--values``): each type's range, a case's membership, the typed tier.

The ranges are checked on both sides of every limit and against Python's own doubles; every
number a case asks is seen by the membership test; the magnitude tier's typed variant draws
only cases inside the type, at its edges, on which gametree's own searches agree with the spec;
and the gate end to end: an engine that holds int16 and refuses anything else passes only when
it says so, is then asked its type's largest and smallest values and never a number outside
it, and the report counts what it skipped (text, ``--json``, JUnit, the command line, the
pytest fixture).
"""

import json
import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree import cli
from gametree.algorithms import lookup
from gametree.conform import tiers as tier_module
from gametree.conform.chance_cases import with_chance
from gametree.conform.codec import Case, case_from_request
from gametree.conform.draws import tiers
from gametree.conform.games import GameGraph, GameState
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.junit import junit_xml
from gametree.conform.numbers import (
    LARGEST_DOUBLE,
    NUMBER_TYPES,
    OPERATIONS,
    arithmetic,
    is_double,
    next_double,
    number_text,
    outside,
    previous_double,
)
from gametree.conform.report import signature
from gametree.conform.scope import SCOPES, magnitude_flags
from gametree.conform.semantics import SEMANTICS, Checks, check, expected
from gametree.conform.targets import CallableTarget
from gametree.conform.tiers import Ask, typed
from gametree.impl import BOTTOM, TOP, alphabeta, mtdf, negamax_alphabeta, pvs
from gametree.spec import Bounds, Leaf, Node, Scalar, Tree, Value
from gametree.spec.strategies import scalar_trees
from gametree.treefile import json_value, read_tree_json
from tests.test_oracle_gate import IMPL_BY_SEMANTICS, impl_answer

INTEGER_TYPES = {"int16": 2**15 - 1, "int32": 2**31 - 1, "int64": 2**63 - 1}


@pytest.mark.parametrize(("name", "m"), sorted(INTEGER_TYPES.items()))
def test_an_integer_type_holds_minus_m_to_m_and_nothing_else(name: str, m: int) -> None:
    t = NUMBER_TYPES[name]
    assert [t.holds(x) for x in (-m, m, 0)] == [True] * 3
    assert [t.holds(x) for x in (-m - 1, m + 1, Fraction(1, 2))] == [False] * 3
    assert t.extremes() == (m, -m)
    assert all(t.holds(x) for e in t.edges() for x in t.neighbours(e))
    assert t.above(m) is None
    assert t.below(-m) is None


@given(x=st.integers(-(2**70), 2**70))
def test_integer_types_draw_the_line_the_magnitude_flags_draw(x: int) -> None:
    """A case is inside intN exactly when it earns neither that type's flag nor a larger one."""
    for name, flag in (("int16", "Int16"), ("int32", "Int32"), ("int64", "Int64")):
        assert NUMBER_TYPES[name].holds(x) == (flag not in magnitude_flags(abs(x)))


def _exact(f: float) -> Scalar:
    q = Fraction(f)
    return q.numerator if q.denominator == 1 else q


@given(f=st.floats(allow_nan=False, allow_infinity=False))
def test_every_double_is_a_double_and_its_neighbours_are_the_next_ones(f: float) -> None:
    x = _exact(f)
    assert is_double(x)
    assert NUMBER_TYPES["double"].holds(x)
    if -LARGEST_DOUBLE < x < LARGEST_DOUBLE:
        up, down = next_double(x), previous_double(x)
        assert down < x < up
        assert not is_double(Fraction(x + up, 2))  # nothing between two neighbours
        assert not is_double(Fraction(down + x, 2))
        assert _exact(math.nextafter(f, math.inf)) == up


@given(m=st.integers(-(2**60), 2**60), e=st.integers(-1200, 1100))
def test_a_number_is_a_double_exactly_when_float_keeps_it(m: int, e: int) -> None:
    x: Scalar = m * 2**e if e >= 0 else Fraction(m, 2**-e)
    if isinstance(x, Fraction) and x.denominator == 1:
        x = x.numerator
    try:
        kept = Fraction(float(x)) == x
    except OverflowError:
        kept = False
    assert is_double(x) == kept


def test_the_double_type_s_limits() -> None:
    d = NUMBER_TYPES["double"]
    assert d.holds(LARGEST_DOUBLE)
    assert _exact(1.7976931348623157e308) == LARGEST_DOUBLE
    assert not d.holds(LARGEST_DOUBLE + 2**970)
    assert d.holds(Fraction(1, 2**1074))
    assert not d.holds(Fraction(1, 2**1075))
    assert d.holds(2**53 + 2)
    assert not d.holds(2**53 + 1)
    assert not d.holds(1 + Fraction(1, 2**60))
    assert not d.holds(Fraction(1, 3))
    assert set(d.extremes()) == {LARGEST_DOUBLE, -LARGEST_DOUBLE, Fraction(1, 2**1074),
                                 Fraction(-1, 2**1074)}  # fmt: skip
    assert all(d.holds(x) for e in d.edges() for x in d.neighbours(e))


def test_exact_holds_everything_and_draws_no_edges() -> None:
    t = NUMBER_TYPES["exact"]
    assert all(t.holds(x) for x in (-(2**3000), Fraction(1, 3), 10**999))
    assert t.edges() == t.extremes() == ()
    assert outside("exact", Case("minimax", Node(0, [10**999]))) is None


def test_every_number_a_case_asks_is_checked() -> None:
    big = 2**40
    small = Node(0, [1, Node(1, [2, 3])])
    assert outside("int32", Case("minimax", small)) is None
    assert outside("int32", Case("minimax", Node(0, [1, Node(1, [2, big])]))) == big
    assert outside("int32", Case("alphabeta-fail-hard", small, alpha=-big)) == -big
    assert outside("int32", Case("alphabeta-fail-hard", small, beta=big)) == big
    assert outside("int32", Case("mtdf", small, first_guess=big)) == big
    assert outside("int16", Case("minimax", small, first_guess=Fraction(1, 2))) == Fraction(1, 2)
    vectors = Node(0, [(1, 2, big), (0, 0, 0)])
    assert outside("int32", Case("maxn", vectors)) == big
    assert outside("int32", Case("shallow", Node(0, [(1, 2, 3)]), Bounds(-big, 9))) == -big
    game = GameGraph.of([GameState(0, (("a", 1),), None, big), GameState(1, utility=2)])
    assert outside("int32", Case("game-negamax", Leaf(2), game=game)) == big
    assert outside("double", Case("minimax", Node(0, [2**53 + 1]))) == 2**53 + 1
    assert outside("double", Case("minimax", Node(0, [Fraction(3, 2**1074)]))) is None


def test_a_number_is_named_so_a_reader_can_take_it_in() -> None:
    assert number_text(-(2**63)) == "-9223372036854775808 (2^63)"
    assert number_text(Fraction(-3, 2**1074)) == "-3/2^1074"
    assert number_text(Fraction(1, 3**100)).startswith("1/5153775207320113...")
    assert len(number_text(Fraction(1, 3**100))) < 50


def _case(semantics: str, values: str, seed: int, *, guess: bool = False) -> Case:
    """A case of ``semantics`` as the gate builds it from the typed tier."""
    s = SEMANTICS[semantics]
    rng = random.Random(seed)
    ask = Ask(s.kind == "vector", s.window, SCOPES["default"], values=values)
    drawn = typed(rng, ask)
    case = Case(semantics, drawn.tree, drawn.bounds if s.bounds else None, drawn.alpha,
                drawn.beta, rng.randrange(drawn.tree.players) if s.player else None)  # fmt: skip
    if s.guess and guess and drawn.first_guess is not None:
        case = Case(semantics, case.tree, alpha=case.alpha, beta=case.beta,
                    first_guess=drawn.first_guess)  # fmt: skip
    return case


TYPED = sorted(set(NUMBER_TYPES) - {"exact"})


SOME = ["alphabeta-fail-soft", "shallow", "mtdf", "paranoid"]


@given(seed=st.integers(0, 2**64 - 1), values=st.sampled_from(TYPED),
       semantics=st.sampled_from(SOME))  # fmt: skip
def test_the_typed_tier_draws_only_inside_its_type(seed: int, values: str, semantics: str) -> None:
    case = _case(semantics, values, seed, guess=True)
    assert outside(values, case) is None
    if case.alpha is not None and case.beta is not None:
        assert case.alpha < case.beta
    assert case.tree.size <= 60
    expected(case)  # a valid case: its bounds hold every leaf, its player is a player


def _leaf_values(t: Tree) -> list[Scalar]:
    out: list[Scalar] = []
    stack = [t]
    while stack:
        n = stack.pop()
        if isinstance(n, Leaf):
            out.extend(n.value if isinstance(n.value, tuple) else (n.value,))
        else:
            stack.extend(n.children)
    return out


@pytest.mark.parametrize("values", TYPED)
def test_the_typed_tier_concentrates_at_the_edges(values: str) -> None:
    """Most cases reach an extreme, many have a node whose children all score one, many a
    window at the type's limits, and Korf's bounds reach them too."""
    kind = NUMBER_TYPES[values]
    top = kind.largest
    assert top is not None
    scalar = [_case("alphabeta-fail-soft", values, seed) for seed in range(200)]
    extreme = [c for c in scalar if set(kind.extremes()) & set(_leaf_values(c.tree))]
    all_at_one = [c for c in scalar if isinstance(c.tree, Node) and any(
        isinstance(n, Node) and len({_leaf_values(k)[0] for k in n.children}) == 1
        and all(isinstance(k, Leaf) and k.value in kind.extremes() for k in n.children)
        for n in [c.tree, *c.tree.children])]  # fmt: skip
    at_limit = [c for c in scalar if {c.alpha, c.beta} & {top, -top, kind.below(top),
                                                           kind.above(-top)}]  # fmt: skip
    assert len(extreme) > 120
    assert len(all_at_one) > 40
    assert len(at_limit) > 30
    vectors = [_case("shallow", values, seed) for seed in range(100)]
    lowers = sum(c.bounds is not None and c.bounds.lower == -top for c in vectors)
    totals = sum(c.bounds is not None and c.bounds.total == top for c in vectors)
    assert lowers > 20
    assert totals > 10
    guesses = [_case("mtdf", values, seed, guess=True).first_guess for seed in range(100)]
    assert sum(g in {top, -top} for g in guesses) > 40
    if values == "double":
        bound = Fraction(1, 2**1000)
        tiny = [c for c in scalar if any(x != 0 and -bound < x < bound
                                         for x in _leaf_values(c.tree))]  # fmt: skip
        assert len(tiny) > 20


@pytest.mark.parametrize("semantics", [s for s, impls in IMPL_BY_SEMANTICS.items() if impls])
def test_gametree_s_searches_agree_with_the_spec_on_every_typed_case(semantics: str) -> None:
    """No false alarm: exact searches answer every case the typed tier draws as the spec does."""
    asked = 0
    for values in TYPED:
        for seed in range(25):
            case = _case(semantics, values, seed, guess=seed % 2 == 0)
            if SEMANTICS[semantics].chance:  # as the gate turns the tiers' trees for these
                case = with_chance(case)
            if semantics == "optimal":
                case = Case(semantics, case.tree, case.bounds or Bounds(0, 9))
            if case.tree.players < SEMANTICS[semantics].players:
                continue  # as the generated phase skips it (BRS+ takes three players or more)
            asked += 1
            e = expected(case)
            for name, ordered in IMPL_BY_SEMANTICS[semantics]:
                if lookup(name).algorithm.needs_bounds and case.bounds is None:
                    continue  # maxn's tiers draw no bounds; impl_answer would assume (0, 9)
                checks = Checks(best_move=True, principal_variation=True, strict_order=ordered)
                got = json.loads(json.dumps(impl_answer(name, case)))
                assert not check(case, e, got, checks), (semantics, values, seed, name)
    assert asked >= 10 * len(TYPED), asked


def _int16_engine() -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Fail-soft alpha-beta that holds int16 and refuses any other number with an error."""

    def engine(request: dict[str, Any]) -> dict[str, Any]:
        case = case_from_request("alphabeta-fail-soft", request)
        bad = outside("int16", case)
        if bad is not None:
            return {"error": f"{bad} is not an int16"}
        r = alphabeta(case.tree, BOTTOM if case.alpha is None else case.alpha,
                      TOP if case.beta is None else case.beta, fail_soft=True)  # fmt: skip
        return {"value": r.value}

    return engine


@pytest.mark.slow
def test_an_engine_that_declares_its_type_is_asked_its_edges_and_nothing_outside() -> None:
    target = CallableTarget(_int16_engine(), timeout=60)
    options = GateOptions("alphabeta-fail-soft", skip_flags=frozenset({"Deep"}), budget=200)
    try:
        undeclared = run_gate(target, "int16", options)
        declared = run_gate(target, "int16", attrs.evolve(options, values="int16"))
    finally:
        target.close()
    assert not undeclared.passed
    assert undeclared.outside == {"vectors": 0, "generated": 0}
    assert declared.passed, declared.text()[:2000]
    asked = [o for o in declared.outcomes if o.kind != "skipped"]
    assert all(outside("int16", o.case) is None for o in asked)
    assert declared.coverage["generated"].magnitude == 2**15 - 1
    assert {"fractions", "values-huge"} <= declared.behaviours.excluded  # no int16 holds them
    assert "fractions" not in undeclared.behaviours.excluded
    assert declared.coverage["vectors"].magnitude == 2**15 - 1
    skipped = [o for o in declared.outcomes if o.kind == "skipped" and any(
        "is outside int16" in p for p in o.problems)]  # fmt: skip
    assert len(skipped) == declared.outside["vectors"] > 100
    text = declared.text()
    assert f"{declared.outside['vectors']} vectors skipped" in text
    assert "values int16 (the integers -(2^15 - 1) .. 2^15 - 1)" in text
    report: Any = declared.json()
    assert report["values"] == {"type": "int16", "infinity": None, "outside": declared.outside}
    suites = ET.fromstring(junit_xml(declared)).findall("testsuite")
    props = {p.get("name"): p.get("value") for p in suites[0].iter("property")}
    assert props["values"] == "int16"
    assert props["values.outside"] == str(declared.outside["vectors"])


def test_a_declared_type_takes_the_magnitude_tier_s_share_twice() -> None:
    exact = dict(tiers(GateOptions("minimax")))
    typed_mix = dict(tiers(GateOptions("minimax", values="int64")))
    assert typed_mix["magnitude"] == 2 * exact["magnitude"]
    assert sum(typed_mix.values()) == sum(exact.values())
    assert tiers(GateOptions("minimax", scope="small", values="int64")) == [("small", 100)]


@pytest.mark.slow
def test_the_command_takes_values_and_reports_them(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["conform", "--target", "impl.alphabeta", "--semantics", "alphabeta-fail-hard",
            "--budget", "30", "--values", "int32", "--json"]  # fmt: skip
    assert cli.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["values"]["type"] == "int32"
    assert report["values"]["outside"]["vectors"] > 0
    with pytest.raises(SystemExit) as e:
        cli.main([*args[:-3], "--values", "int8"])
    assert e.value.code == 2
    assert "invalid choice: 'int8'" in capsys.readouterr().err


def test_the_options_refuse_an_unknown_type() -> None:
    with pytest.raises(ValueError, match="values"):
        GateOptions("minimax", values="float")


def test_the_pytest_fixture_takes_values(gametree_conform: Callable[..., Any]) -> None:
    engine = _int16_engine()
    with pytest.raises(pytest.fail.Exception, match="is not an int16"):
        gametree_conform(engine, "alphabeta-fail-soft", budget=20, skip_flags=["Deep"])
    report = gametree_conform(engine, "alphabeta-fail-soft", budget=20, skip_flags=["Deep"],
                              values="int16")  # fmt: skip
    assert report.passed
    assert report.outside["vectors"] > 100


ARITHMETIC_BY_TYPE = {
    **{name: {(op, "overflows") for op in OPERATIONS} for name in INTEGER_TYPES},
    "double": {("alpha + 1", "rounds"), ("first guess +- 1", "rounds"), ("Sum - Best", "rounds"),
               ("Sum - Best", "overflows"), ("sum of two components", "rounds"),
               ("sum of two components", "overflows")},
}  # fmt: skip
"""What the typed tier must draw for each type (issue 33, item 4): every step of a search whose
result the type cannot hold. A double's negation is exact, and ``alpha + 1`` rounds at the
largest double rather than overflowing (IEEE 754 rounds to nearest)."""


@pytest.mark.parametrize("values", TYPED)
def test_the_typed_tier_draws_each_step_that_overflows_or_rounds_in_its_type(values: str) -> None:
    seen: dict[tuple[str, str], int] = {}
    for semantics in ("alphabeta-fail-soft", "mtdf", "shallow"):
        for seed in range(300):
            for op in arithmetic(_case(semantics, values, seed, guess=True), NUMBER_TYPES[values]):
                seen[op] = seen.get(op, 0) + 1
    assert set(seen) == ARITHMETIC_BY_TYPE[values]
    assert min(seen.values()) >= 30, seen  # each in a tenth of the cases that can show it


def test_inside_a_declared_infinity_the_sums_still_overflow_the_machine_type() -> None:
    """int16 inside +-32000: alpha + 1 fits, but two components or Sum - Best do not."""
    numbers = NUMBER_TYPES["int16"].within(32000)
    seen: set[tuple[str, str]] = set()
    for semantics in ("alphabeta-fail-soft", "shallow"):
        s = SEMANTICS[semantics]
        ask = Ask(s.kind == "vector", s.window, SCOPES["default"], values=numbers)
        for seed in range(200):
            drawn = typed(random.Random(seed), ask)
            case = Case(semantics, drawn.tree, drawn.bounds if s.bounds else None, drawn.alpha,
                        drawn.beta)  # fmt: skip
            assert outside(numbers, case) is None
            seen |= arithmetic(case, numbers)
    assert seen == {("Sum - Best", "overflows"), ("sum of two components", "overflows")}


def float_shallow(request: dict[str, Any]) -> dict[str, Any]:
    """Korf's procedure ``Shallow`` with its bound ``Sum - Best[Player]`` computed in a double,
    which rounds it (where it does not overflow); every other number exact."""
    doc = read_tree_json(request["tree"])
    assert doc.bounds is not None
    lower = doc.bounds.lower
    total = doc.bounds.total - doc.tree.players * lower
    trace: list[list[int]] = []

    def rounded(x: Scalar) -> Scalar | float:
        return float(x) if -LARGEST_DOUBLE <= x <= LARGEST_DOUBLE else x

    def search(n: Tree, path: list[int], bound: Scalar | float, bounder: int | None) -> Value:
        if isinstance(n, Leaf):
            trace.append(path)
            assert isinstance(n.value, tuple)
            return tuple(c - lower for c in n.value)
        p = n.to_move
        if bounder == p:
            bound = total
        best = search(n.children[0], [*path, 0], total, None)
        assert isinstance(best, tuple)
        for i in range(1, len(n.children)):
            if best[p] >= bound:
                return best
            next_ = search(n.children[i], [*path, i], rounded(total - best[p]), p)
            assert isinstance(next_, tuple)
            if next_[p] > best[p]:
                best = next_
        return best

    value = search(doc.tree, [], total, None)
    assert isinstance(value, tuple)
    return {"value": [json_value(c + lower) for c in value], "trace": trace}


@pytest.mark.slow
def test_a_shallow_search_whose_bound_rounds_in_doubles_is_caught_by_generation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """By the typed tier, on a bound that rounds; not vacuous: the typed tier as it was, without
    the rounded bounds, asks its every case of the run and none fails."""
    options = GateOptions("shallow", Checks(strict_order=True), values="double", vectors=False)
    report = run_gate(CallableTarget(float_shallow), "float shallow", options)
    assert not report.passed
    assert report.failures[0].name.endswith("(magnitude)")
    [s] = report.shrunk
    assert signature(s.minimal) == signature(report.failures[0])
    assert ("Sum - Best", "rounds") in arithmetic(s.minimal.case, NUMBER_TYPES["double"])
    monkeypatch.setattr(tier_module, "rounded_bounds", lambda _kind: [])
    before = run_gate(CallableTarget(float_shallow), "float shallow", options)
    typed_cases = [o for o in before.outcomes if o.name.endswith("(magnitude)")]
    assert len(typed_cases) >= 40
    assert not [o for o in typed_cases if o.failed]


INFINITY = 10
"""An engine's own infinity for the property below: every number drawn lies strictly inside."""

inside = st.none() | st.integers(-INFINITY + 1, INFINITY - 1)


@given(t=scalar_trees(min_value=-INFINITY + 1, max_value=INFINITY - 1, ties=True,
                      by_depth=False),
       a=inside, b=inside, guess=st.integers(-INFINITY + 1, INFINITY - 1))  # fmt: skip
def test_inside_an_infinity_a_window_open_or_at_the_infinity_reads_the_same_leaves(
    t: Tree, a: Scalar | None, b: Scalar | None, guess: int
) -> None:
    """What ``--infinity`` claims: on numbers strictly inside (-X, X), alpha-beta (both forms,
    fail-hard and fail-soft), PVS and MTD(f) with an open side at -X or X answer and read the
    leaves exactly as with the side open, so the gate compares with the open window's."""
    if a is not None and b is not None and a >= b:
        a, b = b - 1 if a == b else b, a
    lo, hi = (BOTTOM if a is None else a), (TOP if b is None else b)
    lo_x, hi_x = (-INFINITY if a is None else a), (INFINITY if b is None else b)
    searches: list[Callable[[Any, Any], Any]] = [
        *(lambda x, y, s=s, f=f: s(t, x, y, fail_soft=f, trace=True)
          for s in (alphabeta, negamax_alphabeta) for f in (False, True)),
        lambda x, y: pvs(t, x, y, trace=True),
        lambda x, y: mtdf(t, guess, x, y, trace=True),
    ]  # fmt: skip
    for search in searches:
        open_window, at_infinity = search(lo, hi), search(lo_x, hi_x)
        assert (open_window.value, open_window.trace) == (at_infinity.value, at_infinity.trace)


def test_a_leaf_worth_the_infinity_is_where_the_two_windows_part() -> None:
    """Why ``--infinity`` asks only numbers strictly inside: at X the engine's window cuts off."""
    t = Node(0, [INFINITY, 5])
    assert alphabeta(t, trace=True).trace == ((0,), (1,))
    assert alphabeta(t, -INFINITY, INFINITY, trace=True).trace == ((0,),)
