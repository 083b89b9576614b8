"""``average-case``: the effective branching factor in Korf's random model, against depth.

Korf 3.2.6: leaves are independent N-tuples made by "cutting the zero-one interval in N − 1
places", so every component is at least 0 and they sum to 1. Knuth and Moore found shallow
pruning's asymptotic branching factor for two players to be about b/log b; "under this
average-case model, the asymptotic branching factor of shallow pruning with more than two
players is simply b", because pruning needs two components to sum to 1, which the minimax
convergence theorem makes ever rarer as the tree grows. Pearl showed full alpha-beta's to be
ξ_b/(1 − ξ_b), ξ_b the positive root of x^b + x − 1 = 0.

Measured on uniform trees of branching b and depth d, players moving in turn, leaves on the
grid 0..M (``GRID``; ties have probability about 1e-9): for N = 2, ``impl.alphabeta`` on the
first component x and ``impl.shallow`` on the pairs (x, M − x) (shallow pruning only); for
N = 3, 4, 5, ``impl.shallow``, ``impl.last_branch``, ``impl.speculative`` (whose count
includes the leaves it reads again) and ``impl.paranoid`` for player 0. The effective
branching factor is the mean number of leaves read to the power 1/d, and the *growth* at d
is the ratio of the means at d and d − 1, which tends to the asymptotic branching factor
faster; but it swings with the player who moves last, so the *growth over a round* of N
moves, (L(d)/L(d − N))^(1/N), is the steadier estimate. Plain maxn reads b^d.

Glossary: b the branching factor, d the depth, N the number of players, L(d) the mean
number of leaves read at depth d.
"""

import math
import statistics
from collections.abc import Callable
from pathlib import Path

from gametree.experiments._common import (
    GRID,
    Config,
    Outcome,
    korf_vector,
    markdown_table,
    run_tasks,
    task_random,
    uniform_tree,
)
from gametree.impl import alphabeta, last_branch, paranoid, shallow, speculative
from gametree.spec import Bounds

__all__ = ["NAME", "pearl_branching_factor", "run"]

NAME = "average-case"

UNIT = Bounds(0, GRID)
"""Korf's bounds in this model: components at least 0, summing to at most 1 (that is, M)."""

SIZES = {
    # branching factor -> deepest depth; then players, leaves per (N, d), trials (fewest, most)
    "quick": ({2: 5}, (2, 3, 4, 5), 400, (3, 6)),
    "default": ({3: 10}, (2, 3, 4, 5), 700_000, (12, 120)),
    "full": ({2: 16, 3: 12, 4: 9}, (2, 3, 4, 5), 2_000_000, (16, 400)),
}

ALGORITHMS = {2: ("alphabeta", "shallow"), 3: ("shallow", "last-branch", "speculative",
                                               "paranoid")}  # fmt: skip

Task = tuple[int, int, int, int]
"""(b, N, d, trial)."""


def algorithms(players: int) -> tuple[str, ...]:
    """The searches measured for N players."""
    return ALGORITHMS[min(players, 3)]


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


def measure(task: Task) -> dict[str, int]:
    """Leaves read by each search on one random tree of Korf's model."""
    b, players, d, _ = task
    rng = task_random(0, task)
    if players == 2:
        xs = [rng.randint(0, GRID) for _ in range(b**d)]
        first, second = iter(xs), iter(xs)
        scalars = uniform_tree(b, d, lambda: next(first), 2)
        pairs = uniform_tree(b, d, lambda: _pair(next(second)), 2)
        return {
            "alphabeta": alphabeta(scalars).leaves_evaluated,
            "shallow": shallow(pairs, UNIT).leaves_evaluated,
        }
    t = uniform_tree(b, d, lambda: korf_vector(rng, players), players)
    searches: dict[str, Callable[[], int]] = {
        "shallow": lambda: shallow(t, UNIT).leaves_evaluated,
        "last-branch": lambda: last_branch(t, UNIT).leaves_evaluated,
        "speculative": lambda: speculative(t, UNIT).leaves_evaluated,
        "paranoid": lambda: paranoid(t, 0).leaves_evaluated,
    }
    return {name: int(search()) for name, search in searches.items()}


def _pair(x: object) -> tuple[int, int]:
    assert isinstance(x, int)
    return (x, GRID - x)


def trials(b: int, d: int, size: str) -> int:
    """How many random trees at depth d: enough leaves in all, within the size's range."""
    _, _, leaves, (fewest, most) = SIZES[size]
    return max(fewest, min(most, math.ceil(leaves / int(b**d))))


def tasks(size: str, seed: int) -> list[Task]:
    """Every (b, N, d, trial) of the size; the seed is folded into the trial numbers."""
    depths, players, _, _ = SIZES[size]
    out = []
    for b, deepest in depths.items():
        for n in players:
            for d in range(1, deepest + 1):
                out += [(b, n, d, seed * 1_000_003 + k) for k in range(trials(b, d, size))]
    # The largest trees first, so that the pool's workers finish together.
    return sorted(out, key=lambda t: -(t[0] ** t[2]))


def run(config: Config) -> Outcome:
    """Measure every tree, then average by (b, N, algorithm, d)."""
    todo = tasks(config.size, config.seed)
    counts = run_tasks(measure, todo, config)
    samples: dict[tuple[int, int, str, int], list[int]] = {}
    for (b, n, d, _), result in zip(todo, counts, strict=True):
        for name, leaves in result.items():
            samples.setdefault((b, n, name, d), []).append(leaves)
    rows = []
    for (b, n, name, d), xs in sorted(samples.items(), key=lambda kv: _order(kv[0])):
        mean = statistics.fmean(xs)
        previous = samples.get((b, n, name, d - 1))
        growth = mean / statistics.fmean(previous) if previous else float(mean)
        earlier = samples.get((b, n, name, d - n))
        per_round = (mean / statistics.fmean(earlier)) ** (1 / n) if earlier else math.nan
        rows.append({
            "b": b, "players": n, "algorithm": name, "d": d, "trials": len(xs),
            "mean_leaves": mean, "sd_leaves": statistics.pstdev(xs),
            "fraction_of_bd": mean / b**d, "branching_factor": mean ** (1 / d),
            "growth": growth, "round_growth": per_round,
        })  # fmt: skip
    columns = ("b", "players", "algorithm", "d", "trials", "mean_leaves", "sd_leaves",
               "fraction_of_bd", "branching_factor", "growth", "round_growth")  # fmt: skip
    return Outcome(NAME, columns, tuple(rows), lambda p: plot(rows, p),
                   summary(rows, config))  # fmt: skip


def _order(key: tuple[int, int, str, int]) -> tuple[int, int, int, int]:
    b, n, name, d = key
    return b, n, algorithms(n).index(name), d


STYLE = {
    "alphabeta": ("C0", "o", "full alpha-beta"),
    "shallow": ("C1", "s", "shallow pruning"),
    "last-branch": ("C2", "^", "last-branch"),
    "speculative": ("C3", "D", "speculative"),
    "paranoid": ("C4", "v", "paranoid (player 0)"),
}


def plot(rows: list[dict[str, object]], out: Path) -> None:
    """A panel for each (b, N): branching factor (solid) and growth over a round (dotted)."""
    from matplotlib.figure import Figure  # noqa: PLC0415 - the draw extra, needed only here
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415

    panels = sorted({(int(r["b"]), int(r["players"])) for r in rows})  # type: ignore[call-overload]
    columns = 2
    lines = -(-len(panels) // columns)
    fig = Figure(figsize=(12, 4.4 * lines + 0.5), layout="constrained")
    axes = fig.subplots(lines, columns, squeeze=False).flatten()
    for ax, (b, n) in zip(axes, panels, strict=False):
        for name in algorithms(n):
            colour, marker, label = STYLE[name]
            series = [r for r in rows if (r["b"], r["players"], r["algorithm"]) == (b, n, name)]
            ds = [r["d"] for r in series]
            ax.plot(ds, [r["branching_factor"] for r in series], marker=marker, ms=4,
                    color=colour, label=label)  # fmt: skip
            ax.plot(ds, [r["round_growth"] for r in series], ls=":", color=colour, lw=1.5)
        ax.axhline(b, color="black", lw=1, ls="--", label=f"b = {b} (maxn reads b^d)")
        ax.axhline(math.sqrt(b), color="grey", lw=0.8, ls="-.", label="√b (alpha-beta's best)")
        if n == 2:
            ax.axhline(pearl_branching_factor(b), color="C0", lw=0.9, ls="--",
                       label="Pearl ξ_b/(1−ξ_b) (alpha-beta)")  # fmt: skip
        ax.set_title(f"N = {n} players, b = {b}", fontsize=10)
        ax.set_xlabel("depth d")
        ax.set_ylabel("branching factor")
        ax.set_ylim(min(1.3, math.sqrt(b) - 0.2), b + 0.25)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7.5, loc="lower left", ncol=2)
    for ax in axes[len(panels) :]:
        ax.set_visible(False)
    fig.suptitle("Korf's average-case model. Solid: mean leaves read ^ (1/d). Dotted: growth "
                 "over a round of N moves, (L(d)/L(d − N))^(1/N).", fontsize=11)  # fmt: skip
    fig.savefig(out, dpi=110)


def _two(x: object) -> str:
    assert isinstance(x, float)
    return "-" if math.isnan(x) else f"{x:.2f}"


def summary(rows: list[dict[str, object]], config: Config) -> str:
    """The markdown summary: the deepest measurements, and the paper's two claims."""
    table = []
    keys = sorted({(r["b"], r["players"], r["algorithm"]) for r in rows},
                  key=lambda k: _order((*k, 0)))  # type: ignore[arg-type]  # fmt: skip
    shallow_lines, alphabeta_lines = [], []
    for b, n, name in keys:
        series = [r for r in rows if (r["b"], r["players"], r["algorithm"]) == (b, n, name)]
        last = series[-1]
        growths = ", ".join(_two(r["round_growth"]) for r in series[-4:])
        table.append([b, n, name, last["d"], last["trials"], f"{last['mean_leaves']:.0f}",
                      f"{last['fraction_of_bd']:.3f}", f"{last['branching_factor']:.3f}",
                      growths])  # fmt: skip
        if name == "shallow" and n != 2:
            shallow_lines.append(
                f"  - N = {n}, b = {b}: growth at the last depths {growths}; leaves^(1/d) = "
                f"{last['branching_factor']:.3f} at d = {last['d']}, "
                f"{last['fraction_of_bd']:.1%} of b^d"
            )
        if name == "alphabeta":
            alphabeta_lines.append(
                f"  - b = {b}: growth at the last depths {growths}; leaves^(1/d) = "
                f"{last['branching_factor']:.3f} at d = {last['d']}; Pearl's ξ_b/(1 − ξ_b) = "
                f"{pearl_branching_factor(int(b)):.3f}, √b = {math.sqrt(int(b)):.3f}"  # type: ignore[call-overload]
            )
    header = ["b", "N", "algorithm", "deepest d", "trees", "mean leaves", "of b^d",
              "leaves^(1/d)", "growth over a round, last 4 depths"]  # fmt: skip
    return (
        "# average-case: Korf's random model\n\n"
        f"`gametree experiment average-case{' --full' if config.size == 'full' else ''}` "
        f"(seed {config.seed}): mean leaves read on uniform trees whose leaves cut [0, 1] at "
        "N − 1 uniform points. Effective branching factor = mean leaves^(1/d); growth over a "
        "round = (L(d)/L(d − N))^(1/N), L(d) the mean leaves read at depth d.\n\n"
        "- Shallow pruning, N > 2 (Korf: the asymptotic branching factor is b):\n"
        + "\n".join(shallow_lines)
        + "\n- Full alpha-beta, N = 2 (Pearl: ξ_b/(1 − ξ_b)):\n"
        + "\n".join(alphabeta_lines)
        + "\n\n"
        + markdown_table(header, table)
        + "\n"
    )
