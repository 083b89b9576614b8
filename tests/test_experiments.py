"""gametree experiment: the quick size of each experiment, its files, and its building blocks.

The measurements themselves come from ``impl`` (checked elsewhere against ``spec``); what is
new here is the vectorised root value of ``convergence``, checked against the spec, the
random model, the formulas, and that results do not depend on the number of workers.
"""

import csv
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree import cli
from gametree.experiments import EXPERIMENTS, Config, run_experiment
from gametree.experiments._common import GRID, korf_vector, task_random, uniform_tree
from gametree.experiments.average_case import measure, pearl_branching_factor
from gametree.experiments.best_case import korf_asymptote
from gametree.experiments.convergence import root_values
from gametree.impl import alphabeta, best_case_leaves, shallow
from gametree.spec import Bounds, iter_leaves, maxn, minimax


@given(st.integers(2, 3), st.integers(0, 4), st.integers(2, 4), st.data())
def test_root_values_are_the_spec_s(b: int, h: int, players: int, data: st.DataObject) -> None:
    size = b**h
    if players == 2:
        leaves = data.draw(st.lists(st.integers(0, 3), min_size=size, max_size=size))
        t = uniform_tree(b, h, iter(leaves).__next__, 2)
        got = root_values(np.array([leaves]), b, 2)[0]
        assert got == minimax(t).value
        return
    vectors = data.draw(st.lists(st.tuples(*[st.integers(0, 2)] * players), min_size=size,
                                 max_size=size))  # fmt: skip
    t = uniform_tree(b, h, iter(vectors).__next__, players)
    got = root_values(np.array([vectors]).reshape(1, size, players), b, players)[0]
    assert tuple(int(c) for c in got) == maxn(t).value  # ties on purpose: the leftmost wins


def test_korf_vectors_cut_the_unit_interval() -> None:
    rng = task_random(1, "x")
    for players in (2, 3, 5):
        for _ in range(100):
            v = korf_vector(rng, players)
            assert len(v) == players
            assert min(v) >= 0
            assert sum(v) == GRID


def test_the_formulas() -> None:
    for b in (2, 3, 5, 10):
        xi = pearl_branching_factor(b) / (1 + pearl_branching_factor(b))
        assert math.isclose(xi**b + xi - 1, 0, abs_tol=1e-12)
        ratio = best_case_leaves(b, 30) / best_case_leaves(b, 29)
        assert math.isclose(ratio, korf_asymptote(b), rel_tol=1e-3)


def test_average_case_two_players_search_the_same_leaves_two_ways() -> None:
    """N = 2: alpha-beta on x and shallow pruning on (x, M − x) see the same tree."""
    task = (2, 2, 6, 7)
    result = measure(task)
    assert set(result) == {"alphabeta", "shallow"}
    assert result["alphabeta"] <= result["shallow"] <= 2**6
    rng = task_random(0, task)
    xs = [rng.randint(0, GRID) for _ in range(2**6)]
    t = uniform_tree(2, 6, iter(xs).__next__, 2)
    assert [leaf.value for _, leaf in iter_leaves(t)] == xs
    assert alphabeta(t).leaves_evaluated == result["alphabeta"]
    pairs = uniform_tree(2, 6, iter([(x, GRID - x) for x in xs]).__next__, 2)
    assert shallow(pairs, Bounds(0, GRID)).leaves_evaluated == result["shallow"]


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open() as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("name", sorted(EXPERIMENTS))
def test_each_experiment_writes_its_three_files(name: str, tmp_path: Path) -> None:
    paths = run_experiment(name, Config(size="quick", jobs=1, progress=False), tmp_path)
    assert [p.name for p in paths] == [f"{name}.csv", f"{name}.png", f"{name}.md"]
    rows = read_csv(paths[0])
    assert rows
    assert paths[1].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    summary = paths[2].read_text()
    assert summary.startswith(f"# {name}")
    assert f"gametree experiment {name}" in summary
    if name == "best-case":
        assert all(r["equal"] == "True" for r in rows)
        assert "every count equals its formula" in summary
    if name == "convergence":
        assert "below that at height 0 for every series" in summary


def test_results_do_not_depend_on_the_number_of_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    base = ["experiment", "average-case", "--quick", "--no-progress"]
    assert cli.main([*base, "--jobs", "1", "--out", str(one)]) == 0
    assert cli.main([*base, "--jobs", "2", "--out", str(two)]) == 0
    out = capsys.readouterr().out
    assert "wrote" in out
    assert (one / "average-case.csv").read_text() == (two / "average-case.csv").read_text()
    assert cli.main([*base, "--jobs", "1", "--seed", "7", "--out", str(two)]) == 0
    assert (one / "average-case.csv").read_text() != (two / "average-case.csv").read_text()


def test_bad_usage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert cli.main(["experiment", "best-case", "--quick", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        cli.main(["experiment", "nope", "--out", str(tmp_path)])
    assert e.value.code == 2
