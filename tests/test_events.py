"""The events of impl's searches: recorded by the search itself, they change nothing of its
answer, show its leaves in order, its value and its counts, and every cut they name holds."""

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.algorithms import ALGORITHMS as SEARCHES
from gametree.algorithms import EVENTS, Options, event_trace
from gametree.cli import main
from gametree.figures import FIGURES, Figure
from gametree.spec import Bounds, Interval, Leaf, Node, Tree, TreeError
from gametree.spec.examples import korf_figure5
from gametree.spec.strategies import chance_trees, scalar_trees, vector_trees
from gametree.treefile import dumps, parse_number

SCALAR = ["minimax", "negamax", "alphabeta-fail-hard", "alphabeta-fail-soft",
          "negamax-alphabeta-fail-hard", "negamax-alphabeta-fail-soft", "pvs", "mtdf",
          "paranoid"]  # fmt: skip
VECTOR = ["maxn", "immediate", "shallow", "deep-pruning-unsound", "last-branch", "speculative",
          "paranoid", "optimal"]  # fmt: skip
CHANCE = ["expectimax", "star1", "star2"]
OPS = {"==": lambda a, b: a == b, ">=": lambda a, b: a >= b, ">": lambda a, b: a > b,
       "<=": lambda a, b: a <= b, "<": lambda a, b: a < b}  # fmt: skip


def number(x: Any) -> Any:
    return tuple(number(c) for c in x) if isinstance(x, list) else parse_number(x)


def check_against_impl(name: str, t: Tree, **options: Any) -> list[dict[str, Any]]:
    """The events agree with the search's own answer, and every cut's test holds."""
    bounds = options.pop("bounds", None)
    a = SEARCHES[name]
    plain = a.run(t, bounds, Options(**options), trace=True)
    watched = a.run(t, bounds, Options(**options), trace=True, events=True)
    assert attrs.evolve(watched, events=None) == plain  # asking for the events changes nothing
    evs = watched.events
    assert evs is not None
    assert evs == event_trace(name, t, bounds=bounds, **options)
    leaves = [tuple(e["path"]) for e in evs if e["type"] == "leaf"]
    assert leaves == list(plain.trace or ())
    assert evs[-1]["path"] == []
    if isinstance(t, Node):
        assert evs[-1]["type"] == "leave"
        assert number(evs[-1]["value"]) == plain.value
    else:
        assert evs == ({"type": "leaf", "path": [], "value": evs[0]["value"]},)
    enters = sum(e["type"] == "enter" for e in evs)
    assert enters + len(leaves) == plain.nodes_visited
    for e in evs:
        assert isinstance(e["path"], list), e
        if e["type"] == "cut" and e["test"] is not None:
            test = e["test"]
            assert OPS[test["op"]](number(test["leftValue"]), number(test["rightValue"])), e
            probes = test["left"].startswith("sum p_j")  # Star2 skips its search phase
            assert e["skipped"] or probes, e
            assert str(e["reason"]).startswith(test["left"])
    return list(evs)


@settings(max_examples=60)
@given(scalar_trees(max_depth=4, max_branching=3, grid=2, by_depth=False),
       st.sampled_from(SCALAR), st.integers(-3, 3), st.integers(0, 4))  # fmt: skip
def test_scalar_events_are_impls(t: Tree, name: str, a: int, width: int) -> None:
    windowed = name not in ("minimax", "negamax", "paranoid")
    extra: dict[str, Any] = {"alpha": a, "beta": a + 1 + width} if windowed and width else {}
    if name == "mtdf":
        extra["first_guess"] = Fraction(a, 2)
    check_against_impl(name, t, **extra)


@settings(max_examples=60)
@given(st.integers(2, 4).flatmap(
    lambda n: st.tuples(st.just(n), vector_trees(players=n, max_depth=3, bounds=Bounds(0, 6),
                                                 ties=True, by_depth=False))),
    st.sampled_from(VECTOR))  # fmt: skip
def test_vector_events_are_impls(case: tuple[int, Tree], name: str) -> None:
    _, t = case
    check_against_impl(name, t, bounds=Bounds(0, 6))


@pytest.mark.parametrize("figure", FIGURES.values(), ids=list(FIGURES))
def test_worked_examples(figure: Figure) -> None:
    """The sources' worked examples and Korf's figures, every search that takes them."""
    t = figure.tree
    for name in CHANCE if t.chance_nodes else SCALAR if not t.vector else VECTOR:
        if SEARCHES[name].bounds is not None:
            if figure.bounds is not None:
                check_against_impl(name, t, bounds=figure.bounds)
        else:
            check_against_impl(name, t)


def test_deep_pruning_goes_wrong_on_figure_5() -> None:
    from gametree.spec.examples import korf_figure5

    evs = check_against_impl("deep-pruning-unsound", korf_figure5((3, 0, 6)), bounds=Bounds(0, 9))
    assert evs[-1]["value"] == [5, 2, 2]
    cut = next(e for e in evs if e["type"] == "cut")
    assert cut["path"] == [1, 0]
    assert cut["skipped"] == [1]
    assert "player 0 at least 5" in cut["reason"]


def test_errors_name_the_fault() -> None:
    with pytest.raises(KeyError, match="no algorithm 'nope'"):
        event_trace("nope", Node.by_depth([1, 2]))
    with pytest.raises(ValueError, match="mt records no events; these do: minimax, negamax"):
        event_trace("mt", Node.by_depth([1, 2]), gamma=1)
    with pytest.raises(TreeError, match="needs Korf's bounds"):
        event_trace("shallow", Node.by_depth([(1, 2, 3), (3, 2, 1)]))
    with pytest.raises(TreeError, match=r"above the bound 5.*at path \[1\]"):
        event_trace("shallow", Node.by_depth([(1, 2, 2), (3, 2, 1)]), bounds=Bounds(0, 5))


def test_the_page_s_searches_record_events() -> None:
    assert set(EVENTS) == set(SCALAR) | set(VECTOR) | set(CHANCE) | {"brs-plus"}


def test_brs_plus_events_are_paranoid_s_on_its_transform() -> None:
    """BRS+'s events are alpha-beta's on the transform, paths there; the trace is the tree's."""
    from gametree.impl import paranoid
    from gametree.spec.best_reply import brs_plus_transform, reply_path

    t = korf_figure5((2, 3, 4))
    for r in range(3):
        answer = SEARCHES["brs-plus"].run(t, None, Options(player=r), trace=True, events=True)
        u = brs_plus_transform(t, r)
        assert answer.events == paranoid(u, r, events=True).events
        read = [tuple(e["path"]) for e in answer.events or () if e["type"] == "leaf"]
        assert [reply_path(t, r, p) for p in read] == list(answer.trace or ())


@settings(max_examples=60)
@given(chance_trees(max_depth=4, grid=2, min_value=-4, max_value=4, by_depth=False),
       st.sampled_from(CHANCE), st.integers(-5, 4), st.integers(0, 4))  # fmt: skip
def test_chance_events_are_impls(t: Tree, name: str, a: int, width: int) -> None:
    extra: dict[str, Any] = {}
    if name != "expectimax":
        extra["bounds"] = Interval(-4, 4)
        if width:
            extra |= {"alpha": a, "beta": a + width}
    running: dict[tuple[int, ...], Any] = {}
    for e in check_against_impl(name, t, **extra):  # each sum: the one before plus a share
        where = tuple(e["path"])
        if e["type"] == "enter":
            running[where] = 0
        elif e["type"] == "sum":
            share = number(e["probability"]) * number(e["value"])
            assert number(e["sum"]) == running[where] + share, e
            running[where] = number(e["sum"])


@settings(max_examples=30)
@given(chance_trees(players=3, max_depth=3, bounds=Bounds(0, 6)))
def test_expectimax_events_of_vectors_are_impls(t: Tree) -> None:
    check_against_impl("expectimax", t)


@pytest.mark.slow
def test_a_chain_3000_deep() -> None:
    """Deeper than Python's recursion limit. (The events of a chain d deep hold d²/2 steps of
    path, so this, not the search, is what bounds the depth a trace is asked for.)"""
    t: Tree = Node.by_depth([1, 2])
    for _ in range(3000):
        t = Node(0, [t])
    for name in ("alphabeta-fail-hard", "pvs", "mtdf", "negamax"):
        check_against_impl(name, t)


def test_a_scout_that_fails_low_gives_its_line() -> None:
    t = Node(0, [Leaf(Fraction(-1, 3)), Node(0, [Leaf(0)])])
    check_against_impl("pvs", t, alpha=0, beta=1)


def test_solve_prints_the_events(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "figure5.json"
    doc.write_text(dumps(korf_figure5((3, 0, 6)), Bounds(0, 9)))
    assert main(["solve", str(doc), "-a", "deep_pruning_unsound", "--json", "--events"]) == 0
    answer, *lines = capsys.readouterr().out.splitlines()
    assert json.loads(answer)["value"] == [5, 2, 2]
    traced = event_trace("deep-pruning-unsound", korf_figure5((3, 0, 6)), bounds=Bounds(0, 9))
    want = json.loads(json.dumps(traced))
    assert [json.loads(line) for line in lines] == want
    assert main(["solve", str(doc), "-a", "spec.maxn", "--events"]) == 2
    assert "the definition of maxn has no event trace; these do: minimax" in (
        capsys.readouterr().err
    )
