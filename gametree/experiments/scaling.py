"""Part of ``average-case``: how deep the optimum's series would go on a cluster, on paper.

From a run's coverage (the seconds each step took), for each of the optimum's series: the
seconds a tree took at the deepest depth D, and the growth of that cost a depth, measured
over the last round (c(D)/c(D − k))^(1/k), c(d) the seconds a tree at d, k = min(N, the
depths measured − 1). Then the budget scheduler's rule (:mod:`gametree.experiments._schedule`)
is played forward on ``machines`` × ``cores`` for ``hours``: the optimum's series get the
share of the worker seconds they had in the run, the cheapest next step (over its weight)
that fits is taken, each step's trees run side by side (one core each), and a series also
stops when one of its trees would take longer than the hours (its depths follow each other).
Each step holds as many trees as the run's deepest step did. A series whose cost did not
grow measurably (:data:`MIN_GROWTH`) has no plan.

This assumes the cost keeps growing at the measured rate, cores as fast as the ones measured
(under their load), and nothing lost to the cluster (its overhead a task is measured by
``bench/cluster_bench.py``: milliseconds, beside seconds a tree at these depths).

Glossary: c(d) the seconds a tree at depth d, D the deepest depth measured, N the players.
"""

import math
from collections.abc import Hashable

import attrs

from gametree.experiments._schedule import Coverage
from gametree.experiments.korf_model import MODELS, WEIGHTS

__all__ = ["COLUMNS", "MIN_GROWTH", "plan_rows"]

MIN_GROWTH = 1.05
"""A series whose cost a tree grew less than this a depth is not planned: its times are too
small to measure a growth (a tree in milliseconds), and a cost that does not grow has no
depth at which it stops."""

COLUMNS = ("model", "b", "players", "d", "seconds_a_tree", "cost_growth", "planned_d",
           "planned_seconds_a_tree", "stopped")  # fmt: skip


@attrs.define
class _Plan:
    key: tuple[str, int, int]
    depth: int
    cost: float
    """Seconds a tree at ``depth``."""
    growth: float
    trees: int
    weight: float
    wall: float
    """Seconds of one tree at each depth so far, added: the series' own time."""
    start: tuple[int, float] = (0, 0.0)
    stopped: str = ""

    def next_step(self) -> float:
        return self.trees * self.cost * self.growth


def plan_rows(
    coverage: Coverage, machines: int = 100, hours: float = 8.0, cores: int = 2
) -> list[dict[str, object]]:
    """Per series of the optimum: the depth it would reach with ``machines`` for ``hours``."""
    every = sum(s for c in coverage.series.values() for _, s, _ in c.seconds)
    plans = [p for key, c in coverage.series.items() if (p := _measured(key, c.seconds))]
    spent = sum(s for key, c in coverage.series.items() if _is_optimum(key)
                for _, s, _ in c.seconds)  # fmt: skip
    left = machines * cores * hours * 3600 * (spent / every if every else 0.0)
    while True:
        fits = [p for p in plans if not p.stopped and p.next_step() <= left
                and p.wall + p.cost * p.growth <= hours * 3600]  # fmt: skip
        for p in plans:
            if not p.stopped and p not in fits:
                p.stopped = "budget" if p.wall + p.cost * p.growth <= hours * 3600 else "a tree"
        if not fits:
            break
        p = min(fits, key=lambda p: p.next_step() / p.weight)
        left -= p.next_step()
        p.depth, p.cost = p.depth + 1, p.cost * p.growth
        p.wall += p.cost
    return [
        {"model": p.key[0], "b": p.key[1], "players": p.key[2], "d": p.start[0],
         "seconds_a_tree": p.start[1], "cost_growth": p.growth, "planned_d": p.depth,
         "planned_seconds_a_tree": p.cost, "stopped": p.stopped}
        for p in sorted(plans, key=lambda p: (list(MODELS).index(p.key[0]), p.key[2], p.key[1]))
    ]  # fmt: skip


def _is_optimum(key: Hashable) -> bool:
    return isinstance(key, tuple) and key[0] == "optimal"


def _measured(key: Hashable, seconds: tuple[tuple[int, float, int], ...]) -> _Plan | None:
    """The series' state at its deepest depth, if it is the optimum's and has two depths."""
    if not _is_optimum(key) or len(seconds) < 2:
        return None
    assert isinstance(key, tuple)
    _, model, b, n = key
    cost = {d: s / t for d, s, t in seconds if t and s > 0}
    deepest = seconds[-1][0]
    k = min(n, len(seconds) - 1)
    if deepest not in cost or deepest - k not in cost:
        return None
    growth = (cost[deepest] / cost[deepest - k]) ** (1 / k)
    if growth < MIN_GROWTH:
        return None
    return _Plan((model, b, n), deepest, cost[deepest], growth, seconds[-1][2],
                 WEIGHTS[("optimal", model)], sum(cost.values()),
                 (deepest, cost[deepest]))  # fmt: skip


def core_hours(seconds: float) -> str:
    """Seconds of one core, as core-hours for a table.

    >>> core_hours(5400.0), core_hours(36.0), core_hours(math.inf)
    ('1.5', '0.01', '-')
    """
    if not math.isfinite(seconds):
        return "-"
    hours = seconds / 3600
    return f"{hours:,.0f}" if hours >= 100 else f"{hours:.2g}" if hours < 1 else f"{hours:.1f}"
