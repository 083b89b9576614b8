"""impl.events against impl: the same leaves in order, the same value and line, cuts that hold."""

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.algorithms import ALGORITHMS as SEARCHES
from gametree.algorithms import Options
from gametree.impl import events
from gametree.spec import Bounds, Node, Tree, TreeError
from gametree.spec.examples import EXAMPLES
from gametree.spec.strategies import scalar_trees, vector_trees
from gametree.treefile import parse_number

IMPL = {
    "minimax": "spec.minimax",
    "negamax": "spec.negamax",
    "alphabeta": "impl.alphabeta",
    "alphabeta-fail-soft": "impl.alphabeta_fail_soft",
    "negamax-alphabeta": "impl.negamax_alphabeta",
    "negamax-alphabeta-fail-soft": "impl.negamax_alphabeta_fail_soft",
    "pvs": "impl.pvs",
    "mtdf": "impl.mtdf",
    "maxn": "impl.maxn",
    "immediate": "impl.immediate",
    "shallow": "impl.shallow",
    "deep": "impl.deep_pruning_unsound",
    "last-branch": "impl.last_branch",
    "speculative": "impl.speculative",
    "paranoid": "impl.paranoid",
    "optimal": "impl.optimal",
}
SCALAR = ["minimax", "negamax", "alphabeta", "alphabeta-fail-soft", "negamax-alphabeta",
          "negamax-alphabeta-fail-soft", "pvs", "mtdf", "paranoid"]  # fmt: skip
VECTOR = ["maxn", "immediate", "shallow", "deep", "last-branch", "speculative", "paranoid",
          "optimal"]  # fmt: skip
OPS = {">=": lambda a, b: a >= b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b,
       "<": lambda a, b: a < b}  # fmt: skip


def number(x: Any) -> Any:
    return tuple(number(c) for c in x) if isinstance(x, list) else parse_number(x)


def check_against_impl(name: str, t: Tree, **options: Any) -> list[dict[str, Any]]:
    """The event trace agrees with impl, and every cut's test holds on its numbers."""
    value, line, evs = events.traced_value(name, t, **options)
    o = {k: v for k, v in options.items() if k != "bounds"}
    answer = SEARCHES[IMPL[name]].run(t, options.get("bounds"), Options(**o), trace=True)
    leaves = [tuple(e["path"]) for e in evs if e["type"] == "leaf"]
    assert leaves == list(answer.trace or ())
    assert value == answer.value
    assert evs[-1]["path"] == []
    if isinstance(t, Node):
        assert evs[-1]["type"] == "leave"
        assert number(evs[-1]["value"]) == answer.value
    else:
        assert evs == ({"type": "leaf", "path": [], "value": evs[0]["value"]},)
    assert line == answer.principal_variation
    enters = sum(e["type"] == "enter" for e in evs)
    if IMPL[name].startswith("impl"):
        assert enters + len(leaves) == answer.nodes_visited
    for e in evs:
        if e["type"] == "cut" and e["test"] is not None:
            test = e["test"]
            assert OPS[test["op"]](number(test["leftValue"]), number(test["rightValue"])), e
            assert e["skipped"], e
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


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_worked_examples(example: Any) -> None:
    names = SCALAR if not example.tree.vector else VECTOR
    for name in names:
        if name in ("optimal", "immediate", "shallow", "deep", "last-branch", "speculative"):
            if example.tree.players >= 3:
                check_against_impl(name, example.tree, bounds=Bounds(0, 9))
        else:
            check_against_impl(name, example.tree)


def test_deep_pruning_goes_wrong_on_figure_5() -> None:
    from gametree.spec.examples import korf_figure5  # noqa: PLC0415

    value, _, evs = events.traced_value("deep", korf_figure5((3, 0, 6)), bounds=Bounds(0, 9))
    assert value == (5, 2, 2)
    cut = next(e for e in evs if e["type"] == "cut")
    assert cut["path"] == [1, 0] and cut["skipped"] == [1]
    assert "player 0 at least 5" in cut["reason"]


def test_errors_name_the_fault() -> None:
    with pytest.raises(KeyError, match="no event trace for 'nope'"):
        events.trace("nope", Node.by_depth([1, 2]))
    with pytest.raises(TreeError, match="needs Korf's bounds"):
        events.trace("shallow", Node.by_depth([(1, 2, 3), (3, 2, 1)]))
    with pytest.raises(TreeError, match=r"above the bound 5.*at path \[1\]"):
        events.trace("shallow", Node.by_depth([(1, 2, 2), (3, 2, 1)]), bounds=Bounds(0, 5))


def test_a_chain_100000_deep() -> None:
    t: Tree = Node.by_depth([1, 2])
    for _ in range(100_000):
        t = Node(0, [t])
    evs = events.trace("alphabeta", t)
    assert evs[-1] == {"type": "leave", "path": [], "value": 2}
