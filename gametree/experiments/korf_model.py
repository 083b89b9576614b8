"""Part of ``average-case``: Korf's random model, the pruning searches and the optimum.

Korf 3.2.6: leaves are independent N-tuples made by "cutting the zero-one interval in N − 1
places", so every component is at least 0 and they sum to 1. Measured on uniform trees of
branching b and depth d, players moving in turn, in two models:

- ``korf``: Korf's, on the grid 0..M (``GRID`` = 2^30; ties have probability about 1e-9), the
  optimum over the reals (``domain="reals"``): Korf's model cuts the unit interval;
- ``grid``: the same cut on a small grid, 0..8 (:data:`SMALL_GRID`): integer components
  summing to 8, ties frequent, the optimum over the integers (``domain="integers"``) and, for
  comparison, over the reals.

Bounds: lower 0, sum M. For N = 2 the leaves are (x, M − x): ``impl.alphabeta`` on x,
``impl.shallow`` on the pairs (shallow pruning only), and the optimum on the pairs, which
knows Korf's bounds (a sum *at most* M) but not that the game is zero-sum: the best a
directional algorithm can do with Korf's assumptions, not with alpha-beta's. For N > 2:
``impl.shallow``, ``impl.last_branch``, ``impl.speculative`` (whose count includes the leaves
it reads again), ``impl.paranoid`` for player 0 (another question: alpha-beta on player 0's
component), and the optimum.

Two series for each (model, b, N): ``cheap``, the pruning searches on many trees
(:func:`trials`), and ``optimal``, the optimum on the first few of the same trees at each
depth, with shallow, last-branch and speculative pruning again beside it leaf by leaf
(:func:`gametree.experiments.optimum.compare`). The optimum decides every node below a
necessary one (it skips an unnecessary subtree whole), so its cost grows with the leaves it
reads and with the depth of the chains it decides: it is the series that the budget stops.

The effective branching factor is the mean number of leaves read to the power 1/d; the
*growth* at d is the ratio of the means at d and d − 1, which swings with the player who
moves last, so the *growth over a round* of N moves, (L(d)/L(d − N))^(1/N), is the steadier
estimate. For the optimum, the share of shallow pruning's leaves it does not read, on the
same trees, says with far less noise than its own growth whether it pulls away from shallow
pruning (whose growth tends to b) as d grows: if the share settles, the optimum grows as
shallow pruning does. The *relative growth* over a round,
((O(d)/S(d)) / (O(d − N)/S(d − N)))^(1/N), O and S the totals over the same trees, is the
factor a round by which it pulls away.

Glossary: b the branching factor, d the depth, N the number of players, L(d) the mean
number of leaves read at depth d, O and S the optimum's and shallow pruning's reads.
"""

import math
import statistics
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import attrs

from gametree.experiments._common import GRID, korf_vector, task_random, uniform_tree
from gametree.experiments._schedule import Series
from gametree.experiments.optimum import compare
from gametree.impl import alphabeta, last_branch, paranoid, shallow, speculative
from gametree.spec import Bounds, Domain, Tree

__all__ = [
    "COLUMNS",
    "MODELS",
    "OPTIMAL_COLUMNS",
    "SMALL_GRID",
    "TREE_COLUMNS",
    "UNIT",
    "KorfSize",
    "algorithms",
    "main_rows",
    "measure",
    "measure_optimal",
    "optimal_rows",
    "series",
    "tree",
    "tree_rows",
    "trials",
]

SMALL_GRID = 8
"""M of the ``grid`` model: integer components summing to 8."""

UNIT = Bounds(0, GRID)
"""Korf's bounds in his model: components at least 0, summing to at most 1 (that is, M)."""

MODELS: dict[str, tuple[Bounds, Domain]] = {
    "korf": (UNIT, "reals"),
    "grid": (Bounds(0, SMALL_GRID), "integers"),
}
"""Each model's bounds (0 and its grid M) and the domain the optimum is told."""


@attrs.frozen
class KorfSize:
    """How far the model goes: depths, players, and how many trees."""

    depths: dict[int, int]
    """b -> the deepest depth, for the cheap searches and (the budget permitting) the optimum."""
    players: tuple[int, ...]
    leaves: dict[str, int]
    """Model -> leaves per (b, N, d) for the cheap searches (trees = leaves / b^d)."""
    trials: tuple[int, int]
    optimal_leaves: int
    optimal_trials: tuple[int, int]


Task = tuple[str, int, int, int, int]
"""(model, b, N, d, trial)."""


def algorithms(players: int, model: str) -> tuple[str, ...]:
    """The searches measured for N players (the main table's order)."""
    cheap = ("alphabeta", "shallow") if players == 2 else (
        "shallow", "last-branch", "speculative", "paranoid")  # fmt: skip
    return (*cheap, "optimal", *(("optimal-reals",) if model == "grid" else ()))


def tree(task: Task) -> tuple[Tree, Tree | None]:
    """The random tree of a task, and for N = 2 the same leaves as scalars (x of (x, M − x))."""
    model, b, n, d, trial = task
    grid = int(MODELS[model][0].total)
    # The korf model keeps the generator of the earlier experiment, so its trees are the same.
    rng = task_random(0, (b, n, d, trial) if model == "korf" else task)
    if n == 2:
        xs = [rng.randint(0, grid) for _ in range(b**d)]
        first, second = iter(xs), iter(xs)
        scalars = uniform_tree(b, d, lambda: next(first), 2)
        return uniform_tree(b, d, lambda: _pair(next(second), grid), 2), scalars
    return uniform_tree(b, d, lambda: korf_vector(rng, n, grid), n), None


def _pair(x: object, grid: int) -> tuple[int, int]:
    assert isinstance(x, int)
    return (x, grid - x)


def measure(task: Task) -> dict[str, int]:
    """Leaves read by each cheap search on one random tree of the model."""
    bounds = MODELS[task[0]][0]
    t, scalars = tree(task)
    if scalars is not None:
        return {
            "alphabeta": alphabeta(scalars).leaves_evaluated,
            "shallow": shallow(t, bounds).leaves_evaluated,
        }
    searches: dict[str, Callable[[], int]] = {
        "shallow": lambda: shallow(t, bounds).leaves_evaluated,
        "last-branch": lambda: last_branch(t, bounds).leaves_evaluated,
        "speculative": lambda: speculative(t, bounds).leaves_evaluated,
        "paranoid": lambda: paranoid(t, 0).leaves_evaluated,
    }
    return {name: int(search()) for name, search in searches.items()}


def measure_optimal(task: Task) -> dict[str, float]:
    """The optimum on one random tree, with the others leaf by leaf (``optimum.compare``)."""
    bounds, domain = MODELS[task[0]]
    t, scalars = tree(task)
    out = compare(t, bounds, domain)
    if scalars is not None:
        out["alphabeta"] = alphabeta(scalars).leaves_evaluated
    return out


def trials(b: int, d: int, leaves: int, bounds: tuple[int, int]) -> int:
    """How many random trees at depth d: about ``leaves`` in all, within ``bounds``."""
    fewest, most = bounds
    return max(fewest, min(most, math.ceil(leaves / int(b**d))))


@attrs.frozen
class _Tasks:
    """The tasks of one (model, b, N) at depth d; the seed is folded into the trial numbers."""

    model: str
    b: int
    n: int
    seed: int
    leaves: int
    bounds: tuple[int, int]

    def __call__(self, d: int, _previous: object) -> list[Task]:
        count = trials(self.b, d, self.leaves, self.bounds)
        return [(self.model, self.b, self.n, d, self.seed * 1_000_003 + k) for k in range(count)]


WEIGHTS = {("cheap", "korf"): 1.0, ("optimal", "korf"): 2.0, ("cheap", "grid"): 0.5,
           ("optimal", "grid"): 0.5}  # fmt: skip
"""How much of the budget each kind of series gets: a series runs its next step when that
costs the least over its weight, so a series of weight 2 goes on to steps twice as dear.
Korf's question is the optimum's in his model; the small grid is the variation."""


def series(size: KorfSize, seed: int) -> list[Series[Any, Any]]:
    """Every series of this part: ``("cheap" | "optimal", model, b, N)``."""
    out: list[Series[Any, Any]] = []
    for model in MODELS:
        for b, deepest in size.depths.items():
            for n in size.players:
                cheap = _Tasks(model, b, n, seed, size.leaves[model], size.trials)
                out.append(Series(("cheap", model, b, n), measure, cheap, 1, deepest,
                                  WEIGHTS[("cheap", model)]))  # fmt: skip
                best = _Tasks(model, b, n, seed, size.optimal_leaves, size.optimal_trials)
                out.append(Series(("optimal", model, b, n), measure_optimal, best, 1, deepest,
                                  WEIGHTS[("optimal", model)]))  # fmt: skip
    return out


COLUMNS = ("model", "b", "players", "algorithm", "d", "trials", "mean_leaves", "sd_leaves",
           "fraction_of_bd", "branching_factor", "growth", "round_growth")  # fmt: skip


def main_rows(results: dict[Hashable, dict[int, list[Any]]]) -> list[dict[str, object]]:
    """Mean leaves by (model, b, N, algorithm, d): the cheap searches, and the optimum."""
    samples: dict[tuple[str, int, int, str, int], list[float]] = {}
    for key, by_depth in results.items():
        if not (isinstance(key, tuple) and key[0] in ("cheap", "optimal")):
            continue
        kind, model, b, n = key
        for d, found in by_depth.items():
            for r in found:
                for name in algorithms(n, model):
                    if name in r and (kind == "cheap") != name.startswith("optimal"):
                        samples.setdefault((model, b, n, name, d), []).append(r[name])
    rows = []
    for (model, b, n, name, d), xs in sorted(samples.items(), key=lambda kv: _order(kv[0])):
        mean = statistics.fmean(xs)
        previous = samples.get((model, b, n, name, d - 1))
        growth = mean / statistics.fmean(previous) if previous else float(mean)
        earlier = samples.get((model, b, n, name, d - n))
        per_round = (mean / statistics.fmean(earlier)) ** (1 / n) if earlier else math.nan
        rows.append({
            "model": model, "b": b, "players": n, "algorithm": name, "d": d, "trials": len(xs),
            "mean_leaves": mean, "sd_leaves": statistics.pstdev(xs),
            "fraction_of_bd": mean / b**d, "branching_factor": mean ** (1 / d),
            "growth": growth, "round_growth": per_round,
        })  # fmt: skip
    return rows


def _order(key: tuple[str, int, int, str, int]) -> tuple[int, int, int, int, int]:
    model, b, n, name, d = key
    return list(MODELS).index(model), b, n, algorithms(n, model).index(name), d


OPTIMAL_COLUMNS = ("model", "b", "players", "d", "trees", "optimal", "shallow", "last-branch",
                   "speculative", "speculative_distinct", "alphabeta", "optimal-reals",
                   "unneeded_share", "relative_round_growth", "optimal_round_growth",
                   "last_branch_over_optimal", "speculative_over_optimal",
                   "speculative_distinct_over_optimal", "missed_by_speculative",
                   "trees_speculative_missed", "open_share", "outside",
                   "disagree")  # fmt: skip


def optimal_rows(results: dict[Hashable, dict[int, list[Any]]]) -> list[dict[str, object]]:
    """The optimum against the others on the same trees, by (model, b, N, d)."""
    rows: list[dict[str, object]] = []
    keys = sorted((k for k in results if isinstance(k, tuple) and k[0] == "optimal"),
                  key=lambda k: (list(MODELS).index(k[1]), k[2], k[3]))  # fmt: skip
    for key in keys:
        _, model, b, n = key
        by_depth = results[key]
        totals = {d: _totals(found) for d, found in by_depth.items()}
        for d in sorted(by_depth):
            t, count = totals[d], len(by_depth[d])
            row: dict[str, object] = {"model": model, "b": b, "players": n, "d": d,
                                      "trees": count}  # fmt: skip
            for name in ("optimal", "shallow", "last-branch", "speculative",
                         "speculative_distinct", "alphabeta", "optimal-reals"):  # fmt: skip
                row[name] = t[name] / count if name in t else math.nan
            earlier = totals.get(d - n)
            relative = (
                ((t["optimal"] / t["shallow"]) / (earlier["optimal"] / earlier["shallow"]))
                ** (1 / n)
                if earlier
                else math.nan
            )
            own = (
                (t["optimal"] / count / (earlier["optimal"] / len(by_depth[d - n]))) ** (1 / n)
                if earlier
                else math.nan
            )
            row |= {
                "unneeded_share": t["unneeded"] / t["shallow"],
                "relative_round_growth": relative,
                "optimal_round_growth": own,
                "last_branch_over_optimal": _ratio(t, "last-branch", "optimal"),
                "speculative_over_optimal": _ratio(t, "speculative", "optimal"),
                "speculative_distinct_over_optimal": _ratio(t, "speculative_distinct", "optimal"),
                "missed_by_speculative": int(t.get("missed_by_speculative", 0)),
                "trees_speculative_missed": sum(
                    1 for r in by_depth[d] if r.get("missed_by_speculative", 0) > 0
                ),
                "open_share": t["open"] / t["optimal"] if t["optimal"] else 1.0,
                "outside": int(t["outside"]),
                "disagree": int(t["disagree"]),
            }
            rows.append(row)
    return rows


def _totals(found: Sequence[dict[str, float]]) -> dict[str, float]:
    out: dict[str, float] = {}
    for r in found:
        for k, v in r.items():
            out[k] = out.get(k, 0.0) + v
    return out


def _ratio(t: dict[str, float], top: str, bottom: str) -> float:
    return t[top] / t[bottom] if top in t and t[bottom] else math.nan


TREE_COLUMNS = ("model", "b", "players", "d", "tree", "optimal", "shallow", "last-branch",
                "optimal-reals", "alphabeta")  # fmt: skip
"""The per-tree table: leaves read on each tree of the optimum's series (``tree`` numbers the
trees of a depth from 0; a search not run on the tree is left empty)."""


def tree_rows(results: dict[Hashable, dict[int, list[Any]]]) -> list[dict[str, object]]:
    """Every tree of the optimum's series, with the leaves each search read on it."""
    rows: list[dict[str, object]] = []
    keys = sorted((k for k in results if isinstance(k, tuple) and k[0] == "optimal"),
                  key=lambda k: (list(MODELS).index(k[1]), k[2], k[3]))  # fmt: skip
    for _, model, b, n in keys:
        for d, found in sorted(results[("optimal", model, b, n)].items()):
            for k, r in enumerate(found):
                row: dict[str, object] = {"model": model, "b": b, "players": n, "d": d, "tree": k}
                row |= {name: int(r[name]) for name in TREE_COLUMNS[5:] if name in r}
                rows.append(row)
    return rows
