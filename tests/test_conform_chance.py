"""The gate over trees with chance nodes: expectimax, Star1 and Star2 (Ballard 1983).

gametree's own searches pass their semantics with every comparison; engines written as people
write them (examples/chance_targets.py) pass or are caught, by the vectors and by generation
alone; a double engine passes as ``--values double``; the shrinker keeps Star1's leaf bounds.
"""

import json
import random
from pathlib import Path
from typing import Any

import pytest

from examples import chance_targets
from gametree import cli
from gametree.conform import gate as gate_module
from gametree.conform.chance_cases import with_chance
from gametree.conform.codec import Case
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.numbers import outside
from gametree.conform.observe import observe
from gametree.conform.shrink import candidates
from gametree.conform.steer import propose
from gametree.conform.targets import CallableTarget
from gametree.spec import Interval, Node, iter_leaves
from tests.bugs import BUGS, Bug
from tests.bugs.catalogue import DEFAULT_BUDGET, gate

ROOT = Path(__file__).resolve().parent.parent

EVERY = ["--strict-order", "--principal-variation", "--best-move"]


def conform(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = cli.main(["conform", "--json", *argv])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["expectimax", "star1", "star2"])
def test_each_search_passes_its_semantics_with_every_comparison(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = EVERY if name == "expectimax" else ["--strict-order"]
    code, report = conform(["--target", name, "--semantics", name, "--budget", "60", *extra],
                           capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]
    assert report["generated"]["pass"] >= 50


@pytest.mark.slow
def test_a_double_engine_passes_as_double_and_fails_as_exact(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["--target", "examples.chance_targets:expectimax_double", "--semantics",
            "expectimax", "--skip-flag", "Deep", "--budget", "60"]  # fmt: skip
    code, report = conform([*base, "--values", "double"], capsys)
    assert code == 0, report["failures"][:2]
    assert report["generated"]["pass"] >= 30  # chance nodes whose every sum a double holds
    code, report = conform(base, capsys)
    assert code == 1
    first = report["minimal"][0]
    assert first["problems"][0].startswith("value")
    assert '"probabilities"' in json.dumps(first["request"]["tree"])


def test_numbers_a_double_cannot_hold_in_a_chance_node_put_a_case_outside_double() -> None:
    t = Node(0, [Node.chance([1, 2], ["1/4", "3/4"]), 0])
    assert outside("double", Case("expectimax", t)) is None
    assert outside("double", Case("expectimax", Node.chance([1, 2], ["1/3", "2/3"]))) is not None
    big = Node.chance([2**53, 1], ["1/2", "1/2"])  # 2^52 + 1/2 needs 54 bits
    assert outside("double", Case("expectimax", big)) is not None


@pytest.mark.slow
@pytest.mark.parametrize(
    ("target", "semantics"),
    [("uniform", "expectimax"), ("star1_mass_twice", "star1")],
)
def test_generation_alone_catches_each_broken_engine_and_shrinks_it(
    target: str, semantics: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gate_module, "vector_cases", lambda _semantics: [])
    engine = CallableTarget(getattr(chance_targets, target))
    report = run_gate(engine, target, GateOptions(semantics, budget=200))
    assert not report.passed
    minimal = report.shrunk[0].minimal
    assert minimal.kind == "mismatch"
    assert minimal.case.tree.chance_nodes >= 1
    assert minimal.case.tree.size <= 4


@pytest.mark.slow
def test_the_correct_engines_written_outside_pass(capsys: pytest.CaptureFixture[str]) -> None:
    for target, semantics, extra in [("expectimax", "expectimax", EVERY),
                                     ("star1", "star1", ["--strict-order"])]:  # fmt: skip
        code, report = conform(["--target", f"examples.chance_targets:{target}", "--semantics",
                                semantics, "--skip-flag", "Deep", "--budget", "40", *extra],
                               capsys)  # fmt: skip
        assert code == 0, (target, report["failures"][:2])


def test_a_turned_case_has_chance_nodes_and_bounds_its_leaves_meet() -> None:
    t = Node.by_depth([[[3, -4], [5, 9]], [[0, 2], [7, -1]], [[8, 8], [6, 1]]])
    turned = with_chance(Case("star1", t, alpha=0, beta=4))
    assert turned == with_chance(Case("star1", t, alpha=0, beta=4))  # deterministic
    assert turned.tree.chance_nodes >= 1
    assert (turned.alpha, turned.beta) == (0, 4)
    box = turned.interval
    assert box is not None
    values = [x.value for _, x in iter_leaves(turned.tree)]
    assert all(box.problem(v) is None for v in values)


def test_the_shrinker_keeps_every_leaf_within_the_leaf_bounds() -> None:
    t = Node(0, [Node.chance([2, 4], ["1/2", "1/2"]), Node.chance([1, 4], ["1/3", "2/3"])])
    box = Interval(1, 4)
    case = Case("star1", t, alpha=1, beta=3, interval=box)
    smaller = list(candidates(case, by_depth=False))
    assert smaller
    values = [[x.value for _, x in iter_leaves(c.tree)] for c in smaller]
    assert all(box.problem(v) is None for vs in values for v in vs)
    assert any(vs.count(1) > 1 for vs in values)  # a leaf shrunk to L, the nearest 0


@pytest.mark.parametrize(
    ("semantics", "aim"),
    [("star1", "chance-beyond"), ("star2", "probe-fail-high"), ("star2", "probe-fail-low"),
     ("star1", "chance-fail-low"), ("expectimax", "tall")],
)  # fmt: skip
def test_a_steered_candidate_has_chance_nodes_within_its_leaf_bounds(
    semantics: str, aim: str
) -> None:
    """Steering builds chance nodes: candidates aimed at a behaviour show it, now and then."""
    rng = random.Random(aim)
    shown = chance = 0
    for _ in range(40):
        case, value = propose(rng, semantics, {aim})
        chance += case.tree.chance_nodes >= 1
        if case.interval is not None:
            assert all(case.interval.problem(x.value) is None for _, x in iter_leaves(case.tree))
        shown += aim in observe(case, value)
    assert chance >= 20
    assert shown >= 1


CHANCE_BUGS = [b for b in BUGS if b.target.startswith("tests.bugs.chance:")]


def test_the_catalogue_has_six_chance_bugs_each_cited() -> None:
    assert len(CHANCE_BUGS) >= 6
    assert {b.semantics for b in CHANCE_BUGS} == {"expectimax", "star1", "star2"}
    assert all(b.where_seen for b in CHANCE_BUGS)


@pytest.mark.parametrize("b", CHANCE_BUGS, ids=[b.name for b in CHANCE_BUGS])
def test_a_chance_bug_is_caught_by_generation_alone(
    b: Bug, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37, item 6: with every vector off (``--no-vectors``), the drawn trees find it."""
    monkeypatch.chdir(ROOT)
    report = gate(b, budget=DEFAULT_BUDGET, vectors=False, shrink_seconds=0.0)
    assert not report.passed, report.text()[-1500:]
    assert report.counts("vectors") == {}
    first = report.failures[0]
    assert first.phase == "generated"
    assert first.case.tree.chance_nodes >= 1
