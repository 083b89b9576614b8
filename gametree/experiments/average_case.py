"""``average-case``: how much pruning is possible at all, in Korf's random model and beyond.

Korf 3.2.6: in his average-case model (leaves that cut the unit interval at N − 1 uniform
points), "the asymptotic branching factor of shallow pruning with more than two players is
simply b", because pruning needs two components to sum to 1, which the minimax convergence
theorem makes ever rarer as the tree grows. That argument is about shallow pruning only.
Korf's question (3.2.4), "is there a more restricted form of pruning that is valid, or is
shallow pruning the best we can do?", is answered by measuring the best any directional
algorithm can do: ``impl.optimal`` reads a leaf exactly when it is necessary, so every
directional algorithm reads at least what it reads, tree by tree
(:mod:`gametree.experiments.optimum`). For two players the seed cites two average-case
results, Knuth and Moore's b/log b for shallow pruning and Pearl's ξ_b/(1 − ξ_b) for full
alpha-beta, both approached slowly in the depth.

The run is made of series measured depth by depth (:mod:`gametree.experiments._schedule`),
each as deep as the time budget allows, in three parts:

- :mod:`gametree.experiments.korf_model`: Korf's model (reals) and a small integer grid,
  N = 2 .. 5, b = 2 .. 5: shallow, last-branch, speculative, paranoid, alpha-beta, and the
  optimum, leaf by leaf against the others;
- :mod:`gametree.experiments.two_players`: Knuth and Moore (b = 2 .. 32) and Pearl (b = 2 ..
  5) on implicit trees, deep;
- :mod:`gametree.experiments.game_trees`: three-player Othello and Chinese Checkers.

It writes ``average-case.csv`` (every search, model and depth), ``-optimal.csv`` (the
optimum against the others on the same trees), ``-trees.csv`` (the same, tree by tree),
``-growth.csv`` (the optimum's growth per ply with bootstrap intervals, computed from
``-trees.csv`` alone: :mod:`gametree.experiments.growth`), ``-two-players.csv``,
``-games.csv``, ``-cost.csv`` (how far each series went and the seconds it took), the plots
``average-case.png`` (Korf's model), ``-grid.png``, ``-optimal.png``, ``-growth.png``,
``-two-players.png``, and ``average-case.md``, the summary, which also plans on paper how deep
the optimum would go on 100 machines for 8 hours (:mod:`gametree.experiments.scaling`).
Every CSV but ``-cost.csv`` is a function of the seed alone: the same on any machine, any
number of workers, locally or on a cluster, at every depth reached.
"""

import math
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

import attrs

from gametree.experiments import game_trees, growth, korf_model, scaling, two_players
from gametree.experiments._common import Config, Outcome, Table, markdown_table
from gametree.experiments._schedule import Coverage, run_series
from gametree.experiments.korf_model import MODELS, SMALL_GRID, algorithms
from gametree.experiments.two_players import pearl_branching_factor

__all__ = ["NAME", "PLOTS", "SIZES", "Size", "collect", "pearl_branching_factor", "run", "tabulate"]

NAME = "average-case"

PLOTS = ("grid", "optimal", "growth", "two-players")
"""The plots written beside ``average-case.png``, as ``average-case-PART.png``."""


@attrs.frozen
class Size:
    """How far each part goes, and the time budget in seconds (``None``: every cap)."""

    korf: korf_model.KorfSize
    two_players: two_players.TwoPlayerSize
    game_depth: int
    budget: float | None


SIZES = {
    "quick": Size(
        korf_model.KorfSize({2: 4, 3: 3}, (2, 3, 4), {"korf": 200, "grid": 100}, (3, 6), 50,
                            (2, 3)),
        two_players.TwoPlayerSize({2: 5, 4: 3}, {3: 4}, 200, (3, 6)), 2, None,
    ),
    "default": Size(
        korf_model.KorfSize({2: 16, 3: 10, 4: 8, 5: 7}, (2, 3, 4, 5),
                            {"korf": 300_000, "grid": 100_000}, (12, 120), 20_000, (8, 60)),
        two_players.TwoPlayerSize(
            dict.fromkeys((2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32), 40),
            dict.fromkeys((2, 3, 4, 5), 40), 2_000_000, (30, 400),
        ),
        8, 25 * 60.0,
    ),
    "full": Size(
        korf_model.KorfSize({2: 20, 3: 13, 4: 10, 5: 9}, (2, 3, 4, 5),
                            {"korf": 2_000_000, "grid": 500_000}, (16, 400), 200_000, (16, 200)),
        two_players.TwoPlayerSize(
            dict.fromkeys((2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32), 60),
            dict.fromkeys((2, 3, 4, 5), 60), 20_000_000, (100, 2000),
        ),
        10, 8 * 3600.0,
    ),
}  # fmt: skip
"""``default`` fits in 30 minutes on 2 cores (a 25-minute budget, at most 10% more if a step
overruns its projection, and the tables and plots); ``full`` takes up to about 9 hours;
``quick`` (the tests') has no budget and runs every series to its small cap."""


def run(config: Config) -> Outcome:
    """Run every series within the budget, then tabulate, plot and summarise."""
    return tabulate(*collect(config), config)


def collect(config: Config) -> tuple[dict[Hashable, dict[int, list[Any]]], Coverage]:
    """Every series of the size, each as deep as the budget allows: results and coverage."""
    size = SIZES[config.size]
    budget = config.budget if config.budget is not None else size.budget
    every = [
        *korf_model.series(size.korf, config.seed),
        *two_players.series(size.two_players, config.seed),
        *game_trees.series(size.game_depth, config.seed),
    ]
    return run_series(every, config, budget)


def tabulate(
    results: dict[Hashable, dict[int, list[Any]]], coverage: Coverage, config: Config
) -> Outcome:
    """The tables, plots and summary of a run's results."""
    rows = korf_model.main_rows(results)
    paired = korf_model.optimal_rows(results)
    two = two_players.rows(results)
    games = game_trees.rows(results)
    costs = cost_rows(coverage, results)
    trees = korf_model.tree_rows(results)
    grown = growth.growth_rows(trees, config.seed)
    tables = (
        Table("optimal", korf_model.OPTIMAL_COLUMNS, tuple(paired)),
        Table("trees", korf_model.TREE_COLUMNS, tuple(trees)),
        Table("growth", growth.COLUMNS, tuple(grown)),
        Table("two-players", two_players.COLUMNS, tuple(two)),
        Table("games", game_trees.COLUMNS, tuple(games)),
        Table("cost", COST_COLUMNS, tuple(costs)),
    )
    drawings: dict[str, Callable[[Path], None]] = {
        "grid": lambda p: plot(rows, "grid", p),
        "optimal": lambda p: plot_optimal(paired, p),
        "growth": lambda p: plot_growth(grown, p),
        "two-players": lambda p: plot_two_players(two, p),
    }
    plots = tuple((part, drawings[part]) for part in PLOTS)
    text = summary(rows, paired, two, games, costs, coverage, config, grown)
    return Outcome(NAME, korf_model.COLUMNS, tuple(rows), lambda p: plot(rows, "korf", p), text,
                   tables, plots)  # fmt: skip


COST_COLUMNS = ("part", "series", "deepest", "stopped", "seconds", "tasks", "deepest_seconds",
                "deepest_tasks", "decided_per_second")  # fmt: skip


def cost_rows(
    coverage: Coverage, results: dict[Hashable, dict[int, list[Any]]]
) -> list[dict[str, object]]:
    """Per series: how deep it went, why it stopped, and the seconds its tasks took.

    For the optimum also the leaves it decided a second at the deepest depth (it decides every
    leaf, read or not).
    """
    rows: list[dict[str, object]] = []
    for key, c in coverage.series.items():
        assert isinstance(key, tuple)
        last = c.seconds[-1] if c.seconds else (0, 0.0, 0)
        rate = math.nan
        if key[0] == "optimal" and c.deepest >= 1:
            found = results[key][c.deepest]
            spent = sum(r["optimal_seconds"] for r in found)
            rate = len(found) * int(key[2]) ** c.deepest / spent if spent else math.nan
        rows.append({
            "part": _part(key), "series": _label(key), "deepest": c.deepest,
            "stopped": c.stopped, "seconds": sum(s for _, s, _ in c.seconds),
            "tasks": sum(n for _, _, n in c.seconds), "deepest_seconds": last[1],
            "deepest_tasks": last[2], "decided_per_second": rate,
        })  # fmt: skip
    return rows


def _part(key: tuple[object, ...]) -> str:
    if key[0] in ("cheap", "optimal"):
        return f"{key[1]} {'optimum' if key[0] == 'optimal' else 'pruning searches'}"
    if key[0] == "game":
        return "games"
    return f"two players: {key[0]}"


def _label(key: tuple[object, ...]) -> str:
    if key[0] in ("cheap", "optimal"):
        return f"N = {key[3]}, b = {key[2]}"
    if key[0] == "game":
        return f"{key[1]}, {key[2]} opening plies"
    return f"b = {key[1]}"


# --- plots ------------------------------------------------------------------------------------

STYLE = {
    "alphabeta": ("C0", "o", "full alpha-beta"),
    "shallow": ("C1", "s", "shallow pruning"),
    "last-branch": ("C2", "^", "last-branch"),
    "speculative": ("C3", "D", "speculative"),
    "paranoid": ("C4", "v", "paranoid (player 0)"),
    "optimal": ("black", "*", "optimal directional"),
    "optimal-reals": ("grey", "x", "optimal, over the reals"),
}


def _series(rows: Sequence[dict[str, object]], **match: object) -> list[dict[str, object]]:
    return [r for r in rows if all(r[k] == v for k, v in match.items())]


def plot(rows: list[dict[str, object]], model: str, out: Path) -> None:
    """A panel for each (N, b): branching factor (solid) and growth over a round (dotted)."""
    from matplotlib.figure import Figure  # noqa: PLC0415 - the draw extra, needed only here
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415

    mine = _series(rows, model=model)
    players = sorted({int(str(r["players"])) for r in mine})
    branchings = sorted({int(str(r["b"])) for r in mine})
    fig = Figure(figsize=(4.2 * len(branchings), 3.6 * len(players) + 0.6), layout="constrained")
    axes = fig.subplots(len(players), len(branchings), squeeze=False)
    for i, n in enumerate(players):
        for j, b in enumerate(branchings):
            ax = axes[i][j]
            for name in algorithms(n, model):
                colour, marker, label = STYLE[name]
                line = _series(mine, b=b, players=n, algorithm=name)
                ds = [r["d"] for r in line]
                ax.plot(ds, [r["branching_factor"] for r in line], marker=marker, ms=3.5,
                        color=colour, label=label, lw=1.2)  # fmt: skip
                ax.plot(ds, [r["round_growth"] for r in line], ls=":", color=colour, lw=1.3)
            ax.axhline(b, color="black", lw=0.8, ls="--", label="b")
            ax.axhline(math.sqrt(b), color="grey", lw=0.7, ls="-.", label="√b")
            if n == 2:
                ax.axhline(pearl_branching_factor(b), color="C0", lw=0.8, ls="--",
                           label="Pearl ξ_b/(1−ξ_b)")  # fmt: skip
            ax.set_title(f"N = {n}, b = {b}", fontsize=9)
            ax.set_ylim(min(1.2, math.sqrt(b) - 0.2), b + 0.3)
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.tick_params(labelsize=7)
            ax.grid(alpha=0.3)
            if i == len(players) - 1:
                ax.set_xlabel("depth d", fontsize=8)
            if j == 0:
                ax.set_ylabel("branching factor", fontsize=8)
            if j == 0:
                ax.legend(fontsize=6, loc="lower left", ncol=2)
    bounds, domain = MODELS[model]
    fig.suptitle(f"Average case, model {model} (grid 0..{bounds.total}, the optimum over the "
                 f"{domain}). "
                 "Solid: mean leaves ^ (1/d); dotted: growth over a round of N moves, "
                 "(L(d)/L(d − N))^(1/N).", fontsize=10)  # fmt: skip
    fig.savefig(out, dpi=80)


def plot_optimal(rows: list[dict[str, object]], out: Path) -> None:
    """Per model: the share of shallow's leaves no directional algorithm needs, and the growth.

    One legend for the four panels, beside them (inside, it hid the data).
    """
    from matplotlib.figure import Figure  # noqa: PLC0415 - the draw extra, needed only here
    from matplotlib.ticker import MaxNLocator, PercentFormatter  # noqa: PLC0415

    fig = Figure(figsize=(14, 9), layout="constrained")
    axes = fig.subplots(2, 2, squeeze=False)
    markers = {2: "o", 3: "s", 4: "^", 5: "D"}
    labels: dict[str, Any] = {}
    for j, model in enumerate(MODELS):
        mine = _series(rows, model=model)
        for n in sorted({int(str(r["players"])) for r in mine}):
            for b in sorted({int(str(r["b"])) for r in mine}):
                line = _series(mine, players=n, b=b)
                if not line:
                    continue
                style = {"color": f"C{n - 2}", "marker": markers.get(b, "."), "ms": 4, "lw": 1}
                ds = [r["d"] for r in line]
                (drawn,) = axes[0][j].plot(ds, [r["unneeded_share"] for r in line], **style)
                labels.setdefault(f"N = {n}, b = {b}", drawn)
                axes[1][j].plot(ds, [r["relative_round_growth"] for r in line], **style)
        axes[0][j].set_title(f"{model}: share of shallow pruning's leaves\nthat no directional "
                             "algorithm needs", fontsize=10)  # fmt: skip
        axes[1][j].set_title(f"{model}: the optimum's growth over a round\nover shallow "
                             "pruning's, on the same trees", fontsize=10)  # fmt: skip
        axes[0][j].yaxis.set_major_formatter(PercentFormatter(1.0))
        axes[1][j].axhline(1, color="black", lw=0.8, ls="--")
        for ax in (axes[0][j], axes[1][j]):
            ax.set_xlabel("depth d")
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.grid(alpha=0.3)
    fig.legend(list(labels.values()), list(labels), loc="outside right upper", fontsize=8,
               title="colour: N\nmarker: b", title_fontsize=8)  # fmt: skip
    fig.suptitle("The optimal directional search (impl.optimal) against shallow pruning, on "
                 "the same trees", fontsize=11)  # fmt: skip
    fig.savefig(out, dpi=100)


def plot_growth(rows: list[dict[str, object]], out: Path) -> None:
    """Per model and (N, b), N > 2: the optimum's growth per ply over b, and over shallow's.

    N = 2 (Korf's bounds, not zero-sum) is left to the tables: its intervals, wide on few
    trees, would squeeze the others' scale.
    """
    from matplotlib.figure import Figure  # noqa: PLC0415 - the draw extra, needed only here

    models = [m for m in MODELS if _series(rows, model=m)]
    widths = [max(sum(1 for r in _series(rows, model=m) if _float(r["players"]) > 2), 1)
              for m in models]  # fmt: skip
    fig = Figure(figsize=(16, 8.5), layout="constrained")
    axes = fig.subplots(2, max(len(models), 1), squeeze=False, width_ratios=widths or None)
    for j, model in enumerate(models):
        mine = sorted((r for r in _series(rows, model=model) if _float(r["players"]) > 2),
                      key=lambda r: (_float(r["players"]), _float(r["b"])))  # fmt: skip
        xs = list(range(len(mine)))
        top, bottom = axes[0][j], axes[1][j]
        for name, colour, shift, label in (
            ("optimal", "black", -0.12, "optimal directional search"),
            ("shallow", "C1", 0.12, "shallow pruning, on the same trees"),
        ):
            scale = [_float(r["b"]) for r in mine]
            _intervals(top, [x + shift for x in xs], mine, name, "_growth", scale, colour, label)
        _intervals(bottom, xs, mine, "relative", "", [1.0] * len(mine), "C3",
                   "optimal / shallow pruning, on the same trees")  # fmt: skip
        top.axhline(1, color="black", lw=0.8, ls="--", label="b")
        bottom.axhline(1, color="black", lw=0.8, ls="--")
        top.set_ylabel("growth per ply / b")
        bottom.set_ylabel("optimum's growth / shallow's")
        top.set_title(f"{model}: growth per ply over the last round reached, over b",
                      fontsize=10)  # fmt: skip
        bottom.set_title(f"{model}: the optimum's growth over shallow pruning's (paired)",
                         fontsize=10)  # fmt: skip
        for ax in (top, bottom):
            ax.set_xticks(xs)
            ax.set_xticklabels([f"N={r['players']} b={r['b']}\nd {r['from_d']}→{r['d']}"
                                for r in mine], fontsize=7)  # fmt: skip
            ax.grid(alpha=0.3, axis="y")
    handles, labels = axes[0][0].get_legend_handles_labels()
    more, named = axes[1][0].get_legend_handles_labels()
    fig.legend(handles + more, labels + named, loc="outside lower center", ncol=4, fontsize=9)
    fig.suptitle("Korf's question: does the optimum's growth per ply separate from b? "
                 "Growth per ply = (L(d)/L(d − N))^(1/N); bars: 95% bootstrap intervals over "
                 "trees", fontsize=11)  # fmt: skip
    fig.savefig(out, dpi=100)


def _intervals(  # noqa: PLR0917 - one error-bar series, drawn the same way everywhere
    ax: Any,
    xs: Sequence[float],
    rows: list[dict[str, object]],
    name: str,
    suffix: str,
    scale: Sequence[float],
    colour: str,
    label: str,
) -> None:
    """Error bars of ``name``'s estimate and 95% interval in ``rows``, each over its scale."""
    mid = [_float(r[name + suffix]) / x for r, x in zip(rows, scale, strict=True)]
    low = [m - _float(r[name + "_low"]) / x for r, x, m in zip(rows, scale, mid, strict=True)]
    high = [_float(r[name + "_high"]) / x - m for r, x, m in zip(rows, scale, mid, strict=True)]
    ax.errorbar(xs, mid, yerr=[low, high], fmt="o", ms=4, color=colour, capsize=3, label=label)


def plot_two_players(rows: list[dict[str, object]], out: Path) -> None:
    """Knuth–Moore: growth over b/ln b against b; Pearl: growth over a round against d."""
    from matplotlib.figure import Figure  # noqa: PLC0415 - the draw extra, needed only here
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415

    fig = Figure(figsize=(13, 5), layout="constrained")
    left, right = fig.subplots(1, 2)
    fits = two_players.fits(rows)
    km = [f for f in fits if f["search"] == "knuth-moore"]
    bs = [f["b"] for f in km]
    left.errorbar(bs, [_float(f["fitted_growth"]) / _float(f["reference"]) for f in km],
                  yerr=[_float(f["fitted_se"]) / _float(f["reference"]) for f in km],
                  marker="s", color="C1", label="shallow pruning: fitted growth / (b/ln b)",
                  capsize=2)  # fmt: skip
    left.plot(bs, [_float(f["pearl"]) / _float(f["reference"]) for f in km], color="C0",
              ls="--", label="Pearl's ξ_b/(1−ξ_b) (full alpha-beta) / (b/ln b)")  # fmt: skip
    left.plot(bs, [_float(b) / _float(f["reference"]) for b, f in zip(bs, km, strict=True)],
              color="black", ls=":", label="b / (b/ln b) = ln b")  # fmt: skip
    left.set_xscale("log", base=2)
    left.set_xlabel("branching factor b")
    left.set_ylabel("growth per level / (b / ln b)")
    left.set_title("Knuth and Moore: shallow pruning only, growth relative to b/ln b",
                   fontsize=10)  # fmt: skip
    left.grid(alpha=0.3)
    left.legend(fontsize=8)
    for i, b in enumerate(sorted({int(str(r["b"])) for r in _series(rows, search="pearl")})):
        line = _series(rows, search="pearl", b=b)
        right.plot([r["d"] for r in line], [r["round_growth"] for r in line], marker="o",
                   ms=3, color=f"C{i}", label=f"b = {b}")  # fmt: skip
        right.axhline(pearl_branching_factor(b), color=f"C{i}", ls="--", lw=0.9)
    right.set_xlabel("depth d")
    right.set_ylabel("growth over a round, (L(d)/L(d − 2))^(1/2)")
    right.set_title("Pearl: full alpha-beta; dashed, ξ_b/(1−ξ_b)", fontsize=10)
    right.xaxis.set_major_locator(MaxNLocator(integer=True))
    right.grid(alpha=0.3)
    right.legend(fontsize=8)
    fig.suptitle("Two players on implicit trees (leaves from a counter-based generator; "
                 "nothing built)", fontsize=11)  # fmt: skip
    fig.savefig(out, dpi=100)


def _float(x: object) -> float:
    assert isinstance(x, int | float)
    return float(x)


# --- the summary ------------------------------------------------------------------------------


def _two(x: object) -> str:
    f = _float(x)
    return "-" if math.isnan(f) else f"{f:.2f}"


def summary(  # noqa: PLR0917 - the tables it summarises
    rows: list[dict[str, object]],
    paired: list[dict[str, object]],
    two: list[dict[str, object]],
    games: list[dict[str, object]],
    costs: list[dict[str, object]],
    coverage: Coverage,
    config: Config,
    grown: list[dict[str, object]],
) -> str:
    """The markdown summary: what was covered, Korf's question, and every part's table."""
    flag = {"full": " --full", "quick": " --quick"}.get(config.size, "")
    budget = "no budget" if coverage.budget is None else f"a budget of {coverage.budget:.0f} s"
    parts = [
        "# average-case: how much pruning is possible at all\n",
        (
            f"`gametree experiment average-case{flag}` (seed {config.seed}, on "
            f"{coverage.where}, {budget}): {coverage.wall:.0f} s. Uniform trees, players in "
            "turn, leaves that cut [0, 1] at N − 1 uniform points (model `korf`: on a grid of "
            "2^30, the optimum over the reals; model `grid`: integers summing to "
            f"{SMALL_GRID}, the optimum over the integers). Effective branching factor = mean "
            "leaves^(1/d); growth over a round = (L(d)/L(d − N))^(1/N).\n"
        ),
        "## Korf's question: the optimum against shallow pruning\n",
        _korf_answer(paired, rows),
        "## The optimum's growth per ply, with 95% intervals\n",
        _growth_text(grown, coverage),
        "## Last-branch and speculative pruning against the optimum\n",
        _sturtevant(paired),
        "## Every search at its deepest depth\n",
        _deepest_table(rows),
        "## Two players, deep (implicit trees)\n",
        _two_player_text(two),
        "## Games\n",
        _games_table(games),
        "## What it covered, and where the time went\n",
        _cost_text(costs, coverage),
        "## On a cluster: 100 machines for 8 hours, on paper\n",
        _plan_text(coverage),
    ]
    return "\n".join(parts) + "\n"


def _by_series(
    paired: list[dict[str, object]],
) -> dict[tuple[object, ...], list[dict[str, object]]]:
    out: dict[tuple[object, ...], list[dict[str, object]]] = {}
    for r in paired:
        out.setdefault((r["model"], r["players"], r["b"]), []).append(r)
    return dict(sorted(out.items(), key=lambda kv: (list(MODELS).index(str(kv[0][0])), *kv[0][1:])))


def _korf_answer(paired: list[dict[str, object]], rows: list[dict[str, object]]) -> str:
    header = ["model", "N", "b", "to d", "trees", "unneeded share, last 4 depths",
              "optimum: growth over a round", "shallow (many trees)",
              "relative growth over a round"]  # fmt: skip
    body = []
    for (model, n, b), series in _by_series(paired).items():
        last = series[-1]
        shallow = [r for r in rows if (r["model"], r["players"], r["b"], r["algorithm"],
                                       r["d"]) == (model, n, b, "shallow", last["d"])]  # fmt: skip
        body.append([
            model, n, b, last["d"], last["trees"],
            ", ".join(f"{_float(r['unneeded_share']):.1%}" for r in series[-4:]),
            ", ".join(_two(r["optimal_round_growth"]) for r in series[-2:]),
            _two(shallow[0]["round_growth"]) if shallow else "-",
            ", ".join(_two(r["relative_round_growth"]) for r in series[-2:]),
        ])  # fmt: skip
    outside = sum(int(str(r["outside"])) for r in paired)
    disagree = sum(int(str(r["disagree"])) for r in paired)
    trees = sum(int(str(r["trees"])) for r in paired)
    return (
        "*Unneeded*: the share of shallow pruning's leaves that the optimum, so no directional "
        "algorithm, needs. *Relative growth*: the optimum's growth over a round divided by "
        "shallow pruning's on the same trees (1: it grows as shallow pruning does).\n\n"
        + markdown_table(header, body)
        + f"\n\nChecks on all {trees} trees: the optimum read a leaf outside shallow's or "
        f"last-branch's reads (or, over the integers, the reals optimum's) {outside} times, and "
        f"an answer (value and line) differed from the optimum's {disagree} times; both must "
        "be 0.\n"
    )


def _sturtevant(paired: list[dict[str, object]]) -> str:
    header = ["model", "N", "b", "d", "trees", "optimal", "last-branch / optimal",
              "speculative / optimal", "speculative, distinct leaves / optimal",
              "trees where speculative skipped a necessary leaf",
              "open share of the optimum"]  # fmt: skip
    body = []
    missed = total = 0
    for (model, n, b), series in _by_series(paired).items():
        missed += sum(int(str(r["trees_speculative_missed"])) for r in series)
        total += sum(int(str(r["trees"])) for r in series)
        if int(str(n)) == 2:
            continue
        r = series[-1]
        body.append([model, n, b, r["d"], r["trees"], f"{_float(r['optimal']):.1f}",
                     _two(r["last_branch_over_optimal"]), _two(r["speculative_over_optimal"]),
                     _two(r["speculative_distinct_over_optimal"]),
                     r["trees_speculative_missed"], f"{_float(r['open_share']):.0%}"])  # fmt: skip
    return (
        "At the deepest depth of each series. Speculative pruning re-searches, so it is not "
        "directional, and the optimum does not bound it: over all depths it skipped a leaf "
        f"that every directional algorithm reads on {missed} of {total} trees. *Open*: the "
        "optimum's leaves that can pass every ancestor (decided at once); the rest are "
        "necessary only by a route where the leaf is blocked or overtaken, which is where the "
        "decision's search goes.\n\n" + markdown_table(header, body) + "\n"
    )


def _deepest_table(rows: list[dict[str, object]]) -> str:
    last: dict[tuple[object, ...], list[dict[str, object]]] = {}
    for r in sorted(rows, key=lambda r: (list(MODELS).index(str(r["model"])), r["players"],
                                         r["b"])):  # fmt: skip
        last.setdefault((r["model"], r["players"], r["b"], r["algorithm"]), []).append(r)
    header = ["model", "N", "b", "algorithm", "deepest d", "trees", "mean leaves", "of b^d",
              "leaves^(1/d)", "growth over a round, last 4 depths"]  # fmt: skip
    body = [
        [r["model"], r["players"], r["b"], r["algorithm"], r["d"], r["trials"],
         f"{_float(r['mean_leaves']):.0f}", f"{_float(r['fraction_of_bd']):.3f}",
         f"{_float(r['branching_factor']):.3f}",
         ", ".join(_two(x["round_growth"]) for x in series[-4:])]
        for series in last.values()
        for r in series[-1:]
    ]  # fmt: skip
    return markdown_table(header, body) + "\n"


def _two_player_text(two: list[dict[str, object]]) -> str:
    fits = two_players.fits(two)
    header = ["search", "b", "depths fitted", "fitted growth", "± se",
              "growth over a round at the deepest", "b/ln b", "fitted / (b/ln b)",
              "Pearl ξ_b/(1−ξ_b)", "fitted / Pearl"]  # fmt: skip
    body = [
        [f["search"], f["b"], f"{f['from']}..{f['deepest']}", f"{_float(f['fitted_growth']):.3f}",
         f"{_float(f['fitted_se']):.3f}", _two(f["round_growth"]),
         f"{_float(f['knuth_moore']):.3f}",
         f"{_float(f['fitted_growth']) / _float(f['knuth_moore']):.3f}",
         f"{_float(f['pearl']):.3f}", f"{_float(f['fitted_growth']) / _float(f['pearl']):.3f}"]
        for f in fits
    ]  # fmt: skip
    return (
        "Shallow pruning only (`knuth-moore`: Korf's `Shallow` on (x, M − x)) and full "
        "alpha-beta (`pearl`); fitted growth = exp of the slope of log L(d) over the last "
        f"{two_players.FIT_DEPTHS} depths at most (whole rounds), weighted by the standard "
        "errors.\n\n" + markdown_table(header, body) + "\n"
    )


def _games_table(games: list[dict[str, object]]) -> str:
    header = ["game", "opening plies", "d", "leaves", "bounds (sum)", "shallow", "last-branch",
              "speculative", "paranoid", "optimal (reals)", "optimal (integers)",
              "unneeded (reals)", "unneeded (integers)"]  # fmt: skip
    body = [
        [g["game"], g["opening"], g["d"], g["leaves"], f"{g['bounds']} ({g['sum_bound']})",
         g["shallow"], g["last-branch"], g["speculative"], g["paranoid"], g["optimal"],
         g["optimal-integers"], f"{_float(g['unneeded_share']):.1%}",
         f"{_float(g['unneeded_share_integers']):.1%}"]
        for g in games
    ]  # fmt: skip
    bad = sum(int(str(g["outside"])) + int(str(g["disagree"])) for g in games)
    return (
        "Bounds: `declared` for the whole game, `search` for d plies from the position.\n\n"
        + markdown_table(header, body)
        + f"\n\nChecks: {bad} reads outside shallow's, last-branch's or the reals optimum's, "
        "or answers that differ (must be 0).\n"
    )


def _cost_text(costs: list[dict[str, object]], coverage: Coverage) -> str:
    by_part: dict[str, float] = {}
    for c in costs:
        by_part[str(c["part"])] = by_part.get(str(c["part"]), 0.0) + _float(c["seconds"])
    total = sum(by_part.values()) or 1.0
    shares = ", ".join(
        f"{p} {s:.0f} s ({s / total:.0%})"
        for p, s in sorted(by_part.items(), key=lambda kv: -kv[1])
    )
    stopped = sum(1 for c in costs if c["stopped"] == "budget")
    header = ["part", "series", "deepest d", "stopped", "seconds", "tasks",
              "seconds a task at the deepest", "optimum: leaves decided a second"]  # fmt: skip
    body = [
        [c["part"], c["series"], c["deepest"], c["stopped"], f"{_float(c['seconds']):.1f}",
         c["tasks"],
         f"{_float(c['deepest_seconds']) / max(int(str(c['deepest_tasks'])), 1):.3f}",
         "-" if math.isnan(_float(c["decided_per_second"]))
         else f"{_float(c['decided_per_second']):,.0f}"]
        for c in costs
    ]  # fmt: skip
    return (
        f"Worker seconds by part: {shares}. {stopped} of {len(costs)} series stopped at the "
        "budget (their next depth would not have fitted), the others at their cap. Wall "
        f"clock {coverage.wall:.0f} s.\n\n" + markdown_table(header, body) + "\n"
    )


def _growth_text(grown: list[dict[str, object]], coverage: Coverage) -> str:
    header = ["model", "N", "b", "d", "trees", "optimum: growth per ply [95%]",
              "shallow, same trees [95%]", "optimum / shallow [95%]", "below b?",
              "trees that would separate b (at d − N, d)", "their core-hours here"]  # fmt: skip
    body = []
    for r in grown:
        series = coverage.series.get(("optimal", r["model"], r["b"], r["players"]))
        cost = {d: s / t for d, s, t in (series.seconds if series else ()) if t}
        needed, before = r["trees_needed"], r["trees_needed_before"]
        hours, separate = "-", "none (not below b)" if needed == "" else f"{before}, {needed}"
        if r["below_b"]:
            separate = "(already)"
        elif needed != "" and r["d"] in cost and r["from_d"] in cost:
            seconds = int(str(needed)) * cost[int(str(r["d"]))]
            hours = scaling.core_hours(seconds + int(str(before)) * cost[int(str(r["from_d"]))])
        body.append([
            r["model"], r["players"], r["b"], f"{r['from_d']}→{r['d']}",
            f"{r['trees_before']}, {r['trees']}", _interval(r, "optimal"),
            _interval(r, "shallow"), _interval(r, "relative", ""),
            "yes" if r["below_b"] else "no",
            separate, hours,
        ])  # fmt: skip
    return (
        "At the deepest round each series of the optimum reached: the growth per ply "
        "(L(d)/L(d − N))^(1/N), L the mean leaves read, with the bootstrap's 95% interval over "
        "trees (`gametree.experiments.growth`; from `average-case-trees.csv` alone). *Below "
        "b*: the interval lies below b. *Trees that would separate b*: at both depths, for "
        "the interval to just exclude b if the estimate stayed where it is; their cost in "
        "core-hours at this run's seconds a tree. Shallow pruning's growth on the same trees "
        "is below b at these depths too, though it tends to b (Korf 3.2.6), so the paired "
        "ratio is what says whether the optimum pulls away from it.\n\n"
        + markdown_table(header, body)
        + "\n"
    )


def _interval(r: dict[str, object], name: str, suffix: str = "_growth") -> str:
    return (f"{_float(r[name + suffix]):.3f} [{_float(r[name + '_low']):.3f}, "
            f"{_float(r[name + '_high']):.3f}]")  # fmt: skip


def _plan_text(coverage: Coverage) -> str:
    header = ["model", "N", "b", "measured to d", "seconds a tree there", "cost growth a depth",
              "100 machines, 8 h: to d", "seconds a tree there", "stopped by"]  # fmt: skip
    plans = scaling.plan_rows(coverage)
    body = [
        [p["model"], p["players"], p["b"], p["d"], f"{_float(p['seconds_a_tree']):.2f}",
         f"{_float(p['cost_growth']):.2f}", p["planned_d"],
         f"{_float(p['planned_seconds_a_tree']):,.0f}",
         "one tree's time" if p["stopped"] == "a tree" else "the budget"]
        for p in plans
    ]  # fmt: skip
    return (
        "Each series of the optimum played forward from this run's measured cost a tree and "
        "its growth a depth, on 100 machines of 2 cores like these for 8 hours, sharing them "
        "as the budget scheduler does (`gametree.experiments.scaling`): the depth it would "
        "reach, and why it would stop there (a tree that would take longer than the hours "
        "left, or the budget).\n\n" + markdown_table(header, body) + "\n"
    )
