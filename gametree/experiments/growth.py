"""Part of ``average-case``: the optimum's growth per ply, with bootstrap confidence intervals.

Korf's question (3.2.4) in numbers: does the optimal directional search's growth per ply
separate from b, the asymptotic branching factor Korf shows for shallow pruning (3.2.6)?
For each (model, b, N), at the deepest depth D its optimum series reached, the growth per
ply over the last round is

    g = (L(D) / L(D − N))^(1/N),

L(d) the mean leaves the optimum read on the trees measured at depth d: over a round of N
plies, so that it does not swing with the player who moves last. Its 95% confidence interval
is the bootstrap's percentile interval over trees (:data:`RESAMPLES` resamples): the trees
at D and those at D − N (different trees) are each drawn again with replacement, and g
computed on every resample. Shallow pruning's growth s on the same trees, and the ratio g/s
(the paired measurement: the same trees in both), get their intervals from the same
resamples.

*Below b* means that the interval lies below b: at the depths reached the optimum grows
more slowly than b, beyond the sampling error. Otherwise, how many trees would separate b
from the estimate: the interval's half-width shrinks as 1/√n, so with k = (z·se/(b − g))²
times the trees at both depths (z = 1.96, se the bootstrap's standard error of g) it would
just exclude b, if the estimate stayed where it is; none would if g ≥ b. This is about the
depths measured: a growth below b at depth D does not show that the asymptotic one is (for
that the trend matters, and shallow pruning's own growth at these depths is below b too).

Everything here is computed from the per-tree table the experiment writes
(``average-case-trees.csv``), so it can be recomputed from that file alone:
:func:`growth_rows` takes its rows as read, strings or numbers.

Glossary: b the branching factor, N the number of players, d a depth, D the deepest, L(d) the
mean leaves read at d, g the optimum's growth per ply, s shallow pruning's, se a standard
error, n a number of trees.
"""

import math
from collections.abc import Iterable, Mapping

import numpy as np

from gametree.experiments.korf_model import MODELS

__all__ = ["COLUMNS", "RESAMPLES", "Z", "growth_rows"]

RESAMPLES = 4000
"""Bootstrap resamples a series."""

Z = 1.959963984540054
"""The standard normal's 97.5% point: a two-sided 95% interval."""

COLUMNS = ("model", "b", "players", "d", "from_d", "trees", "trees_before", "optimal_growth",
           "optimal_low", "optimal_high", "optimal_se", "shallow_growth", "shallow_low",
           "shallow_high", "relative", "relative_low", "relative_high", "below_b",
           "trees_needed", "trees_needed_before")  # fmt: skip
"""``d`` is D, ``from_d`` D − N; ``trees`` and ``trees_before`` the trees measured there;
``*_low`` and ``*_high`` the 95% interval; ``trees_needed*`` the trees at D and D − N that
would separate b from the estimate (empty when none would)."""


def growth_rows(trees: Iterable[Mapping[str, object]], seed: int) -> list[dict[str, object]]:
    """Per (model, b, N): the growth per ply at its deepest round, intervals, trees needed.

    ``trees``: rows of the per-tree table (model, b, players, d, optimal, shallow). A series
    needs two trees or more at both D and D − N, else it has no row. Deterministic: the
    resamples are drawn from ``seed`` and the series.
    """
    samples: dict[tuple[str, int, int], dict[int, list[tuple[float, float]]]] = {}
    for r in trees:
        key = (str(r["model"]), int(str(r["b"])), int(str(r["players"])))
        pair = (float(str(r["optimal"])), float(str(r["shallow"])))
        samples.setdefault(key, {}).setdefault(int(str(r["d"])), []).append(pair)
    rows = []
    for key in sorted(samples, key=lambda k: (list(MODELS).index(k[0]), k[1], k[2])):
        model, b, n = key
        by_depth = samples[key]
        deepest = max(by_depth)
        before = by_depth.get(deepest - n, [])
        if len(by_depth[deepest]) < 2 or len(before) < 2:
            continue
        rng = np.random.default_rng([seed, list(MODELS).index(model), b, n])
        row = _interval_row(np.array(by_depth[deepest]), np.array(before), b, n, rng)
        rows.append({"model": model, "b": b, "players": n, "d": deepest,
                     "from_d": deepest - n, **row})  # fmt: skip
    return rows


def _interval_row(
    deep: np.ndarray, early: np.ndarray, b: int, n: int, rng: np.random.Generator
) -> dict[str, object]:
    """The estimates on (optimal, shallow) pairs at D and D − N, and their bootstrap."""
    picks = rng.integers(0, len(deep), size=(RESAMPLES, len(deep)))
    picks_before = rng.integers(0, len(early), size=(RESAMPLES, len(early)))
    means = deep[picks].mean(axis=1)  # (RESAMPLES, 2): optimal, shallow
    means_before = early[picks_before].mean(axis=1)
    grown = (means / means_before) ** (1 / n)
    point = (deep.mean(axis=0) / early.mean(axis=0)) ** (1 / n)
    relative = grown[:, 0] / grown[:, 1]
    g, s = float(point[0]), float(point[1])
    se = float(grown[:, 0].std(ddof=1))
    low, high = (float(x) for x in np.percentile(grown[:, 0], [2.5, 97.5]))
    factor = (Z * se / (b - g)) ** 2 if g < b else math.inf
    return {
        "trees": len(deep),
        "trees_before": len(early),
        "optimal_growth": g,
        "optimal_low": low,
        "optimal_high": high,
        "optimal_se": se,
        "shallow_growth": s,
        "shallow_low": float(np.percentile(grown[:, 1], 2.5)),
        "shallow_high": float(np.percentile(grown[:, 1], 97.5)),
        "relative": g / s,
        "relative_low": float(np.percentile(relative, 2.5)),
        "relative_high": float(np.percentile(relative, 97.5)),
        "below_b": high < b,
        "trees_needed": math.ceil(factor * len(deep)) if math.isfinite(factor) else "",
        "trees_needed_before": math.ceil(factor * len(early)) if math.isfinite(factor) else "",
    }
