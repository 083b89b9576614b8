"""Part of ``average-case``: two players, deep, on implicit trees (Knuth and Moore; Pearl).

Korf 3.2.6: "Knuth and Moore also determined that in the average case, the asymptotic
branching factor of two-player shallow pruning is approximately b/log b. They assumed
independent, distinct leaf values." Pearl (Heuristics, 1984) found full alpha-beta's to be
ξ_b/(1 − ξ_b), ξ_b the positive root of x^b + x − 1 = 0: 1.618 for b = 2, 2.148 for b = 3.
Both are asymptotic in the depth, and approached slowly; built trees stop at about 10^5
leaves, so here the trees are implicit (:mod:`gametree.experiments.lazy`: each leaf's value a
counter-based random number of its index, nothing stored) and only the budget limits the
depth.

Two series per branching factor b: ``knuth-moore`` (Korf's ``Shallow`` on (x, M − x), that is
alpha-beta without deep cut-offs) for b from 2 to 32, and ``pearl`` (full alpha-beta) for b =
2 .. 5; the same trees for both where both run. At depth d the *growth* is L(d)/L(d − 1), L
the mean leaves read, and the *growth over a round* (two moves) (L(d)/L(d − 2))^(1/2),
steadier since it does not swing with the player who moves last. The *fitted growth* is
exp of the slope of log L(d) against d over the last :data:`FIT_DEPTHS` depths, whole rounds
(least squares, each point weighted by its standard error), with that slope's standard error.

Glossary: b the branching factor, d the depth, L(d) the mean leaves read at depth d.
"""

import math
import statistics
from collections.abc import Sequence
from typing import Any

import attrs

from gametree.experiments._common import task_random
from gametree.experiments._schedule import Series
from gametree.experiments.lazy import MAX_DEPTH, alphabeta_leaves, shallow_leaves

__all__ = [
    "FIT_DEPTHS",
    "TwoPlayerSize",
    "fitted_growth",
    "knuth_moore_reference",
    "measure",
    "pearl_branching_factor",
    "rows",
    "series",
]

FIT_DEPTHS = 7
"""How many of the deepest depths the fitted growth is taken over at most: an odd number (so
the steps between them are whole rounds: the growth swings with the player who moves last)."""

Task = tuple[str, int, int, int]
"""(search, b, d, key): ``key`` names the implicit tree."""


@attrs.frozen
class TwoPlayerSize:
    """Which b each search is measured for, to which depth at most, and how many trees."""

    knuth_moore: dict[int, int]
    """b -> the deepest depth for shallow pruning."""
    pearl: dict[int, int]
    """b -> the deepest depth for full alpha-beta."""
    leaves: int
    """Leaves to read in all at one depth (trees = leaves / the expected leaves a tree)."""
    trials: tuple[int, int]


def pearl_branching_factor(b: int) -> float:
    """ξ_b/(1 − ξ_b), ξ_b the positive root of x^b + x − 1 = 0 (Pearl, alpha-beta's average).

    >>> round(pearl_branching_factor(2), 4), round(pearl_branching_factor(3), 4)
    (1.618, 2.1479)
    """
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mid**b + mid - 1 < 0 else (lo, mid)
    xi = (lo + hi) / 2
    return xi / (1 - xi)


def knuth_moore_reference(b: int) -> float:
    """b/ln b, the order of shallow pruning's branching factor (Knuth and Moore).

    >>> round(knuth_moore_reference(32), 3)
    9.233
    """
    return b / math.log(b)


def measure(task: Task) -> int:
    """Leaves read by one search on one implicit tree."""
    search, b, d, key = task
    found = (shallow_leaves if search == "knuth-moore" else alphabeta_leaves)(key, b, d)
    return found[1]


def _key(seed: int, b: int, d: int, trial: int) -> int:
    return task_random(seed, ("implicit", b, d, trial)).getrandbits(64)


@attrs.frozen
class _Tasks:
    """The tasks of one series at depth d: enough trees to read about ``leaves`` in all."""

    search: str
    b: int
    seed: int
    leaves: int
    trials: tuple[int, int]

    def __call__(self, d: int, previous: list[int] | None) -> list[Task]:
        # Expect at most b times the leaves of the depth before (no fewer trees than needed).
        expected = self.b * statistics.fmean(previous) if previous else float(self.b**d)
        fewest, most = self.trials
        n = max(fewest, min(most, math.ceil(self.leaves / expected)))
        return [(self.search, self.b, d, _key(self.seed, self.b, d, k)) for k in range(n)]


def series(size: TwoPlayerSize, seed: int) -> list[Series[Task, int]]:
    """Every series of this part: ``("knuth-moore", b)`` and ``("pearl", b)``."""
    out: list[Series[Task, int]] = []
    for search, depths in (("knuth-moore", size.knuth_moore), ("pearl", size.pearl)):
        for b, deepest in depths.items():
            tasks = _Tasks(search, b, seed, size.leaves, size.trials)
            out.append(Series((search, b), measure, tasks, 1, min(deepest, MAX_DEPTH),
                              _weight(search, b)))  # fmt: skip
    return out


def _weight(search: str, b: int) -> float:
    """A series' share of the budget: Pearl's limit is approached slowly, so 2, and 4 for b = 3.

    b = 3 has the figure to get close to: 2.148, of which the built trees' depth 10 reaches
    2.18 to 2.24.
    """
    if search != "pearl":
        return 1.0
    return 4.0 if b == 3 else 2.0


def fitted_growth(means: Sequence[tuple[int, float, float]]) -> tuple[float, float]:
    """exp(slope) of log L against d, and the slope's standard error, over (d, L, se) points.

    Weighted least squares, each log L weighted by (L / se)^2 (the delta method); a point with
    se = 0 (every tree read the same) gets the largest weight of the others.

    >>> growth, se = fitted_growth([(d, 2.0**d, 0.01 * 2.0**d) for d in range(1, 6)])
    >>> round(growth, 6), se < 0.01
    (2.0, True)
    """
    assert len(means) >= 2, "a slope needs two points"
    raw = [(m / se) ** 2 if se > 0 else math.inf for _, m, se in means]
    finite = [w for w in raw if math.isfinite(w)]
    top = max(finite) if finite else 1.0
    weights = [w if math.isfinite(w) else top for w in raw]
    xs = [float(d) for d, _, _ in means]
    ys = [math.log(m) for _, m, _ in means]
    total = sum(weights)
    mx = sum(w * x for w, x in zip(weights, xs, strict=True)) / total
    my = sum(w * y for w, y in zip(weights, ys, strict=True)) / total
    sxx = sum(w * (x - mx) ** 2 for w, x in zip(weights, xs, strict=True))
    slope = sum(w * (x - mx) * (y - my) for w, x, y in zip(weights, xs, ys, strict=True)) / sxx
    return math.exp(slope), math.sqrt(1 / sxx)


def rows(results: dict[Any, dict[int, list[int]]]) -> list[dict[str, object]]:
    """One row per (search, b, d): mean leaves, its standard error, the growths."""
    out: list[dict[str, object]] = []
    for key in sorted(k for k in results if isinstance(k, tuple) and k[0] in _REFERENCE):
        search, b = key
        by_depth = results[key]
        means = {d: statistics.fmean(xs) for d, xs in by_depth.items()}
        for d in sorted(by_depth):
            xs = by_depth[d]
            mean = means[d]
            se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
            growth = mean / means[d - 1] if d - 1 in means else math.nan
            per_round = math.sqrt(mean / means[d - 2]) if d - 2 in means else math.nan
            reference = _REFERENCE[search](b)
            out.append({
                "search": search, "b": b, "d": d, "trials": len(xs), "mean_leaves": mean,
                "se_leaves": se, "growth": growth, "round_growth": per_round,
                "reference": reference, "round_growth_over_reference": per_round / reference,
            })  # fmt: skip
    return out


COLUMNS = ("search", "b", "d", "trials", "mean_leaves", "se_leaves", "growth", "round_growth",
           "reference", "round_growth_over_reference")  # fmt: skip

_REFERENCE = {"knuth-moore": knuth_moore_reference, "pearl": pearl_branching_factor}
"""What each search's growth is compared with: b/ln b, or Pearl's ξ_b/(1 − ξ_b)."""


def fits(table: list[dict[str, object]]) -> list[dict[str, object]]:
    """Per (search, b): the deepest depth, the fitted growth over the last depths, its ratios."""
    out: list[dict[str, object]] = []
    keys = sorted({(str(r["search"]), int(str(r["b"]))) for r in table})
    for search, b in keys:
        series_rows = [r for r in table if (r["search"], r["b"]) == (search, b)]
        last = series_rows[-FIT_DEPTHS:]
        if len(last) % 2 == 0:
            last = last[1:]
        if len(last) < 3:
            continue
        points = [(int(str(r["d"])), _float(r["mean_leaves"]), _float(r["se_leaves"]))
                  for r in last]  # fmt: skip
        growth, se = fitted_growth(points)
        out.append({
            "search": search, "b": b, "deepest": points[-1][0], "from": points[0][0],
            "fitted_growth": growth, "fitted_se": growth * se,
            "round_growth": _float(series_rows[-1]["round_growth"]),
            "reference": _REFERENCE[search](b),
            "pearl": pearl_branching_factor(b),
            "knuth_moore": knuth_moore_reference(b),
        })  # fmt: skip
    return out


def _float(x: object) -> float:
    assert isinstance(x, int | float)
    return float(x)
