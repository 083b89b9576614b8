"""``convergence``: the variance of the root value shrinks as the tree grows (2 and 3 players).

Korf 3.2.6 rests on the minimax convergence theorem (Pearl): "if the leaf values are chosen
independently from the same distribution, the variance of the root values decreases with
increasing height of the tree, and in the limit of infinite height, the root value can be
predicted with probability one. The actual limiting value depends on the leaf distribution
and also on which player moves last in the tree, but the convergence does not." He says it
holds for maxn too.

Measured: uniform trees of branching b and height h, players moving in turn from player 0
at the root, leaves from Korf's model on the grid 0..M (two players: the first component,
uniform on [0, 1]; three: the interval cut at two uniform points). The root value of each
tree is computed by :func:`root_values`, a vectorised minimax and maxn over whole batches
of trees (numpy), which ``tests/test_experiments.py`` checks against ``spec.minimax`` and
``spec.maxn``; it follows the spec's tie rule (``numpy.argmax`` takes the first maximum).
The standard deviation and mean of each component of the root value, over many trees,
against h.

Glossary: b the branching factor, h the height, N the number of players, T the trees in a
batch.
"""

import math
from pathlib import Path
from typing import Any

import numpy as np

from gametree.experiments._common import GRID, Config, Outcome, markdown_table
from gametree.experiments._schedule import run_tasks

__all__ = ["NAME", "root_values", "run"]

NAME = "convergence"

SIZES = {
    # branching factor -> greatest height; trees per height; trees per batch
    "quick": ({2: 6}, 60, 30),
    "default": ({2: 16, 3: 10}, 400, 50),
    "full": ({2: 20, 3: 13}, 600, 10),
}

Task = tuple[int, int, int, int, int]
"""(N, b, h, batch, trees in the batch)."""


def root_values(
    leaves: "np.ndarray[Any, Any]", branching: int, players: int
) -> "np.ndarray[Any, Any]":
    """The root value of each of T uniform trees, given their leaves, players in turn by depth.

    ``leaves`` has shape (T, b^h) for two players (values from Max's view: minimax) or
    (T, b^h, N) for N-vectors (maxn). Returns shape (T,) or (T, N). Ties go to the leftmost
    child, as in the spec.
    """
    values: np.ndarray[Any, Any] = leaves
    count = values.shape[1]
    height = round(math.log(count, branching)) if count > 1 else 0
    assert branching**height == count, "need b^h leaves per tree"
    trees = values.shape[0]
    for depth in reversed(range(height)):
        p = depth % players
        if values.ndim == 2:
            groups = values.reshape(trees, -1, branching)
            values = groups.max(axis=2) if p == 0 else groups.min(axis=2)
        else:
            vectors = values.reshape(trees, -1, branching, values.shape[-1])
            best = vectors[..., p].argmax(axis=2)
            values = np.take_along_axis(vectors, best[:, :, None, None], axis=2)[:, :, 0, :]
    return values[:, 0]


def measure(task: Task) -> "np.ndarray[Any, Any]":
    """The root values, as fractions of M, of one batch of random trees."""
    players, b, h, batch, trees = task
    rng = np.random.default_rng([players, b, h, batch])
    size = b**h
    if players == 2:
        leaves = rng.integers(0, GRID, size=(trees, size), endpoint=True)
        return root_values(leaves, b, 2) / GRID
    cuts = np.sort(rng.integers(0, GRID, size=(trees, size, players - 1), endpoint=True), axis=2)
    edges = np.concatenate(
        [np.zeros((trees, size, 1), np.int64), cuts, np.full((trees, size, 1), GRID)], axis=2
    )
    return root_values(np.diff(edges, axis=2), b, players) / GRID


def tasks(size: str, seed: int) -> list[Task]:
    """Every batch of trees the size asks for; the seed is folded into the batch numbers."""
    heights, total, per_batch = SIZES[size]
    out = []
    for players in (2, 3):
        for b, greatest in heights.items():
            for h in range(greatest + 1):
                out += [(players, b, h, seed * 1_000_003 + k, per_batch)
                        for k in range(total // per_batch)]  # fmt: skip
    return sorted(out, key=lambda t: -(t[1] ** t[2]))


def run(config: Config) -> Outcome:
    """Root values of every batch, then the mean and deviation by (N, b, h, component)."""
    todo = tasks(config.size, config.seed)
    batches = run_tasks(measure, todo, config, unit="batches")
    gathered: dict[tuple[int, int, int], list[Any]] = {}
    for (players, b, h, _, _), values in zip(todo, batches, strict=True):
        gathered.setdefault((players, b, h), []).append(values)
    rows: list[dict[str, Any]] = []
    for (players, b, h), parts in sorted(gathered.items()):
        values = np.concatenate(parts)
        columns = values[:, None] if values.ndim == 1 else values
        rows.extend({
            "players": players, "b": b, "height": h, "component": q,
            "trees": int(columns.shape[0]), "mean": float(columns[:, q].mean()),
            "sd": float(columns[:, q].std(ddof=1)),
        } for q in range(columns.shape[1]))  # fmt: skip
    names = ("players", "b", "height", "component", "trees", "mean", "sd")
    return Outcome(NAME, names, tuple(rows), lambda p: plot(rows, p), summary(rows, config))


def _series(rows: list[dict[str, Any]], players: int, b: int, q: int) -> list[dict[str, Any]]:
    return [r for r in rows if (r["players"], r["b"], r["component"]) == (players, b, q)]


def _keys(rows: list[dict[str, Any]]) -> list[tuple[int, int, int]]:
    return sorted({(r["players"], r["b"], r["component"]) for r in rows})


def plot(rows: list[dict[str, Any]], out: Path) -> None:
    """Standard deviation (log scale) and mean of each root component against height."""
    from matplotlib.figure import Figure  # noqa: PLC0415 - the draw extra, needed only here
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415

    fig = Figure(figsize=(12, 5.8), layout="constrained")
    left, right = fig.subplots(1, 2)
    bs = sorted({r["b"] for r in rows})
    dashes = ["-", "--", ":", "-."]
    for players, b, q in _keys(rows):
        series = _series(rows, players, b, q)
        hs = [r["height"] for r in series]
        colour = "C0" if players == 2 else f"C{q + 1}"
        who = "2 players: root value" if players == 2 else f"3 players: component {q}"
        style = {"color": colour, "ls": dashes[bs.index(b) % len(dashes)], "marker": "o", "ms": 3}
        left.plot(hs, [r["sd"] for r in series], label=f"{who}, b = {b}", **style)
        right.plot(hs, [r["mean"] for r in series], label=f"{who}, b = {b}", **style)
    left.set_yscale("log")
    left.set_xlabel("height h of the tree")
    left.set_ylabel("standard deviation of the root value")
    left.set_title("The spread of the root value shrinks with height", fontsize=10)
    right.set_xlabel("height h of the tree")
    right.set_ylabel("mean root value (fraction of the sum)")
    right.set_title("Its limit depends on who moves last (period N in h)", fontsize=10)
    for ax in (left, right):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(alpha=0.3)
    handles, labels = left.get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncol=4, fontsize=8, frameon=False)
    fig.savefig(out, dpi=120)


def summary(rows: list[dict[str, Any]], config: Config) -> str:
    """The markdown summary: deviation at height 0 and at the greatest heights."""
    table = []
    for players, b, q in _keys(rows):
        series = _series(rows, players, b, q)
        first, last = series[0], series[-1]
        ratios = [s["sd"] / series[k]["sd"] for k, s in enumerate(series[players:])]
        table.append([
            players, b, q, last["height"], last["trees"], f"{first['sd']:.4f}",
            f"{last['sd']:.4f}", f"{last['sd'] / first['sd']:.3f}",
            f"{max(ratios):.3f}" if ratios else "-", f"{last['mean']:.3f}",
        ])  # fmt: skip
    header = ["N", "b", "component", "greatest h", "trees", "sd at h = 0", "sd at greatest h",
              "ratio", "largest sd(h)/sd(h − N)", "mean at greatest h"]  # fmt: skip
    shrinks = all(float(r[7]) < 1 for r in table)
    return (
        "# convergence: the root value's variance against height\n\n"
        f"`gametree experiment convergence{' --full' if config.size == 'full' else ''}` "
        f"(seed {config.seed}): the standard deviation of each component of the root value "
        "over random trees of Korf's model, for 2 and 3 players. The deviation at the greatest "
        f"height is {'below' if shrinks else 'NOT below'} that at height 0 for every series; "
        "the column sd(h)/sd(h − N) compares heights a whole round of moves apart (the same "
        "player moving last), and is below 1 where the shrinking is steady.\n\n"
        + markdown_table(header, table)
        + "\n"
    )
