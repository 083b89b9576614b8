"""gametree experiment: the quick size of each experiment, its files, and its building blocks.

The measurements themselves come from ``impl`` (checked elsewhere against ``spec``); what is
new here is checked here: the vectorised root value of ``convergence`` and the implicit trees'
searches (against the spec and ``impl``), the random model, the formulas, the leaf-by-leaf
comparison with the optimum (with a flawed search it must catch), the open-leaf test (every
open leaf necessary), the scheduler (a budget that allows nothing, caps, a failing task), and
that results do not depend on the number of workers.
"""

import csv
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree import cli
from gametree.experiments import EXPERIMENTS, Config, average_case, growth, lazy, optimum, scaling
from gametree.experiments._common import GRID, _write_csv, korf_vector, task_random, uniform_tree
from gametree.experiments._schedule import Series, run_series
from gametree.experiments.best_case import korf_asymptote
from gametree.experiments.convergence import root_values
from gametree.experiments.korf_model import measure
from gametree.experiments.lazy import alphabeta_leaves, materialise, shallow_leaves
from gametree.experiments.optimum import compare, is_open
from gametree.experiments.two_players import pearl_branching_factor
from gametree.impl import alphabeta, best_case_leaves, shallow
from gametree.impl import maxn as impl_maxn
from gametree.impl.necessity import chains, decide_chain
from gametree.spec import Bounds, Domain, Node, Tree, iter_leaves, maxn, minimax
from gametree.spec.strategies import vector_trees


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
        for grid in (GRID, 8):
            for _ in range(100):
                v = korf_vector(rng, players, grid)
                assert len(v) == players
                assert min(v) >= 0
                assert sum(v) == grid


def test_the_formulas() -> None:
    for b in (2, 3, 5, 10):
        xi = pearl_branching_factor(b) / (1 + pearl_branching_factor(b))
        assert math.isclose(xi**b + xi - 1, 0, abs_tol=1e-12)
        ratio = best_case_leaves(b, 30) / best_case_leaves(b, 29)
        assert math.isclose(ratio, korf_asymptote(b), rel_tol=1e-3)


def test_average_case_two_players_search_the_same_leaves_two_ways() -> None:
    """N = 2: alpha-beta on x and shallow pruning on (x, M − x) see the same tree."""
    task = ("korf", 2, 2, 6, 7)
    result = measure(task)
    assert set(result) == {"alphabeta", "shallow"}
    assert result["alphabeta"] <= result["shallow"] <= 2**6
    rng = task_random(0, task[1:])  # the korf model keeps the earlier experiment's trees
    xs = [rng.randint(0, GRID) for _ in range(2**6)]
    t = uniform_tree(2, 6, iter(xs).__next__, 2)
    assert [leaf.value for _, leaf in iter_leaves(t)] == xs
    assert alphabeta(t).leaves_evaluated == result["alphabeta"]
    pairs = uniform_tree(2, 6, iter([(x, GRID - x) for x in xs]).__next__, 2)
    assert shallow(pairs, Bounds(0, GRID)).leaves_evaluated == result["shallow"]


def test_implicit_trees_are_searched_as_impl_searches_them_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lazy alpha-beta and shallow pruning: the value and leaf count of impl on the same tree.

    Then on a grid of 0..3, where ties and the grid's ends (immediate pruning) are common.
    """
    for grid in (GRID, 3):
        if grid != GRID:
            monkeypatch.setattr(lazy, "GRID", grid)
            monkeypatch.setattr(lazy, "leaf_value", lambda key, k: (key * 7 + k * k + k) % 4)
        for key in range(40):
            for b, d in ((1, 3), (2, 0), (2, 6), (3, 4), (4, 3), (5, 2)):
                t = materialise(key, b, d)
                r = alphabeta(t)
                assert alphabeta_leaves(key, b, d) == (r.value, r.leaves_evaluated)
                xs = [lazy.leaf_value(key, k) for k in range(b**d)]
                assert [leaf.value for _, leaf in iter_leaves(t)] == xs
                pairs = uniform_tree(b, d, iter([(x, grid - x) for x in xs]).__next__, 2)
                s = shallow(pairs, Bounds(0, grid))
                assert shallow_leaves(key, b, d) == (s.value[0], s.leaves_evaluated)  # type: ignore[index]
    with pytest.raises(ValueError, match="implicit tree"):
        alphabeta_leaves(0, 2, 65)


@given(vector_trees(players=3, max_depth=3, bounds=Bounds(0, 4), grid=1, ties=True), st.data())
def test_an_open_leaf_is_necessary(t: Tree, data: st.DataObject) -> None:
    """``is_open`` is a sufficient condition: the exact decision agrees wherever it holds."""
    domain: Domain = data.draw(st.sampled_from(["reals", "integers"]))
    for c in chains(t).values():
        if is_open(c, Bounds(0, 4), domain):
            answer = decide_chain(c, Bounds(0, 4), domain, line=True)
            assert answer is not None
            assert answer.necessary


def test_compare_measures_the_optimum_leaf_by_leaf(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Korf's trees the optimum lies within shallow's reads; a search that reads more fails."""
    bounds = Bounds(0, 8)
    rng = task_random(3, "compare")
    found = []
    for _ in range(20):
        t = uniform_tree(3, 3, lambda: korf_vector(rng, 3, 8), 3)
        r = compare(t, bounds, "integers")
        found.append(r)
        assert r["outside"] == r["disagree"] == 0
        assert r["open"] <= r["optimal"] <= r["optimal-reals"] <= r["shallow"]
        assert r["unneeded"] == r["shallow"] - r["optimal"]
        assert r["speculative_distinct"] <= r["speculative"]
    assert any(r["unneeded"] > 0 for r in found)  # the optimum does skip some on these trees

    def reads_everything(t: Node, b: Bounds, **kwargs: object) -> object:
        return impl_maxn(t, trace=True)

    monkeypatch.setattr(optimum, "optimal", reads_everything)
    flawed = [compare(uniform_tree(3, 3, lambda: korf_vector(rng, 3, 8), 3), bounds, "reals")
              for _ in range(20)]  # fmt: skip
    assert any(r["outside"] > 0 for r in flawed)


def test_the_scheduler_goes_as_deep_as_the_budget_and_the_caps_allow() -> None:
    """No budget: every series to its cap; a budget of 0: nothing; results fed forward."""
    seen: list[tuple[int, list[int] | None]] = []

    def tasks(d: int, previous: list[int] | None) -> list[int]:
        seen.append((d, previous))
        return [d * 10 + k for k in range(d)]

    config = Config(jobs=1, progress=False)
    one = Series("one", abs, tasks, 1, 3)
    results, coverage = run_series([one, Series("two", abs, tasks, 2, 2)], config, None)
    assert results["one"] == {1: [10], 2: [20, 21], 3: [30, 31, 32]}
    assert results["two"] == {2: [20, 21]}
    assert coverage.series["one"].deepest == 3
    assert coverage.series["one"].stopped == "cap"
    assert all(x in seen for x in [(1, None), (2, [10]), (3, [20, 21])])  # results fed forward
    results, coverage = run_series([one], config, 0.0)
    assert results["one"] == {}
    assert (coverage.series["one"].deepest, coverage.series["one"].stopped) == (0, "budget")

    def fails(task: int) -> int:
        raise RuntimeError(f"task {task}")

    with pytest.raises(RuntimeError, match="task 10"):
        run_series([Series("bad", fails, tasks, 1, 2)], config, None)


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open() as f:
        return list(csv.DictReader(f))


PARTS = ("optimal", "trees", "growth", "two-players", "games", "cost")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXPERIMENTS))
def test_each_experiment_writes_its_files(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["experiment", name, "--quick", "--jobs", "1", "--no-progress",
                     "--out", str(tmp_path)]) == 0  # fmt: skip
    paths = sorted(p.name for p in tmp_path.iterdir())
    assert f"wrote {tmp_path / name}.csv" in capsys.readouterr().out
    expected = [f"{name}.csv", f"{name}.md", f"{name}.png"]
    if name == "average-case":
        expected += [f"{name}-{p}.csv" for p in PARTS]
        expected += [f"{name}-{p}.png" for p in average_case.PLOTS]
    assert paths == sorted(expected)
    for png in tmp_path.glob("*.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = read_csv(tmp_path / f"{name}.csv")
    assert rows
    summary = (tmp_path / f"{name}.md").read_text()
    assert summary.startswith(f"# {name}")
    assert f"gametree experiment {name}" in summary
    if name == "best-case":
        assert all(r["equal"] == "True" for r in rows)
        assert "every count equals its formula" in summary
    if name == "convergence":
        assert "below that at height 0 for every series" in summary
    if name == "average-case":
        paired = read_csv(tmp_path / f"{name}-optimal.csv")
        games = read_csv(tmp_path / f"{name}-games.csv")
        assert paired
        assert games
        # What theory says cannot happen did not: the optimum within shallow's and
        # last-branch's reads, every answer the optimum's.
        assert all(r["outside"] == r["disagree"] == "0" for r in [*paired, *games])
        assert {r["algorithm"] for r in rows} >= {"optimal", "optimal-reals", "shallow"}
        two = read_csv(tmp_path / f"{name}-two-players.csv")
        assert {r["search"] for r in two} == {"knuth-moore", "pearl"}
        assert all(r["stopped"] == "cap" for r in read_csv(tmp_path / f"{name}-cost.csv"))
        # The growth table is computed from the per-tree table alone: again from the file.
        again = tmp_path / "again.csv"
        _write_csv(again, growth.COLUMNS,
                   growth.growth_rows(read_csv(tmp_path / f"{name}-trees.csv"), 1989))  # fmt: skip
        assert again.read_bytes() == (tmp_path / f"{name}-growth.csv").read_bytes()
        assert len(read_csv(again)) == 6  # (N, b) = (2, 2), (2, 3), (3, 2) in both models


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    def tables(config: Config) -> str:  # repr: nan != nan, "nan" == "nan"
        outcome = average_case.run(config)
        return repr([outcome.rows, *[part.rows for part in outcome.tables if part.part != "cost"]])

    one = tables(Config(size="quick", jobs=1, progress=False))
    assert tables(Config(size="quick", jobs=2, progress=False)) == one
    assert tables(Config(size="quick", jobs=1, seed=7, progress=False)) != one


def test_bad_usage(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert cli.main(["experiment", "best-case", "--quick", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err
    assert cli.main(["experiment", "average-case", "--budget", "-3", "--out", str(tmp_path)]) == 2
    assert "--budget must be a positive number of minutes (got -3.0)" in capsys.readouterr().err
    out = ["--out", str(tmp_path)]
    assert cli.main(["experiment", "best-case", "--cluster", "127.0.0.1:8786", *out]) == 2
    assert "address is tcp://HOST:PORT or tls://HOST:PORT (got '127.0.0.1:8786')" in (
        capsys.readouterr().err
    )
    assert cli.main(["experiment", "best-case", "--cluster", "tcp://h:1", "--jobs", "2", *out]) == 2
    assert "--jobs and --cluster exclude each other" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        cli.main(["experiment", "nope", "--out", str(tmp_path)])
    assert e.value.code == 2


def _trees(growth_per_ply: float, b: int, n: int, count: int, seed: int) -> list[dict[str, object]]:
    """Per-tree rows whose optimum grows by ``growth_per_ply`` on average (log-normal noise)."""
    rng = np.random.default_rng(seed)
    rows: list[dict[str, object]] = []
    for d in (6, 6 + n):
        for k, noise in enumerate(rng.lognormal(0.0, 0.2, size=count)):
            optimal = round(1000 * growth_per_ply**d * noise)
            rows.append({"model": "korf", "b": b, "players": n, "d": d, "tree": k,
                         "optimal": optimal, "shallow": round(optimal * 1.05**d)})  # fmt: skip
    return rows


def test_the_growth_intervals_cover_the_truth_and_say_when_b_is_out_of_them() -> None:
    """Known growths: the interval covers them; below b when far below; trees as predicted."""
    far = growth.growth_rows(_trees(1.5, 2, 3, 30, 1), seed=1)[0]
    assert far["optimal_low"] < 1.5 < far["optimal_high"]  # type: ignore[operator]
    assert far["shallow_low"] < 1.5 * 1.05 < far["shallow_high"]  # type: ignore[operator]
    assert far["below_b"] is True
    assert 0 < int(str(far["trees_needed"])) < 30  # fewer would do
    covered = sum(
        float(str(r["optimal_low"])) < 1.9 < float(str(r["optimal_high"]))
        for seed in range(40)
        for r in growth.growth_rows(_trees(1.9, 2, 3, 20, seed), seed=seed)
    )
    assert covered >= 34  # a 95% interval: about 38 of 40, never far fewer
    at_b = growth.growth_rows(_trees(2.0, 2, 3, 20, 5), seed=5)[0]
    if float(str(at_b["optimal_growth"])) >= 2:
        assert at_b["trees_needed"] == ""
    few = growth.growth_rows(_trees(1.95, 2, 3, 10, 2), seed=2)[0]
    assert few["below_b"] is False  # 10 trees: an interval about ±0.1 wide
    needed = int(str(few["trees_needed"]))
    assert needed > 10
    g, se = float(str(few["optimal_growth"])), float(str(few["optimal_se"]))
    half = growth.Z * se * math.sqrt(10 / needed)  # the half-width with that many trees
    assert half <= 2 - g < growth.Z * se * math.sqrt(10 / (needed - 1))
    many = growth.growth_rows(_trees(1.95, 2, 3, 200, 2), seed=2)[0]
    assert many["below_b"] is True  # 200 trees: about ±0.03
    assert growth.growth_rows(_trees(1.5, 2, 3, 1, 1), seed=1) == []  # one tree: no interval


def test_the_plan_plays_the_scheduler_forward() -> None:
    """Costs that triple a depth: deeper with more machines, stopped by one tree's time."""
    from gametree.experiments._schedule import Coverage, SeriesCoverage

    seconds = tuple((d, 8 * 0.01 * 3.0**d, 8) for d in range(1, 9))
    coverage = Coverage(
        {("optimal", "korf", 2, 3): SeriesCoverage(8, "budget", seconds),
         ("cheap", "korf", 2, 3): SeriesCoverage(8, "budget", seconds)},
        0.0, None,
    )  # fmt: skip
    few = scaling.plan_rows(coverage, machines=1, hours=1)
    many = scaling.plan_rows(coverage, machines=100, hours=1)
    assert [r["cost_growth"] for r in few] == [pytest.approx(3.0)]
    assert 8 < few[0]["planned_d"] < many[0]["planned_d"]  # type: ignore[operator]
    assert few[0]["stopped"] == "budget"
    assert many[0]["stopped"] == "a tree"
    assert float(str(many[0]["planned_seconds_a_tree"])) <= 3600
    flat = tuple((d, 8 * 0.001, 8) for d in range(1, 9))  # milliseconds that do not grow
    coverage = Coverage({("optimal", "korf", 2, 3): SeriesCoverage(8, "budget", flat)}, 0.0, None)
    assert scaling.plan_rows(coverage) == []  # no plan, rather than no end
