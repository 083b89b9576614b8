"""``best-case``: leaves read on best-ordered trees, against Korf's F(d) and Knuth–Moore.

Korf 3.2.5: in the best case shallow pruning reads F(d) leaves, F(0) = 1, F(1) = b,
F(d) = F(d−1) + (b−1)·F(d−2), "independent of the number of players", with asymptotic
branching factor (1 + √(4b − 3))/2, which "for large values of b approaches √b, which is the
best-case performance of full two-player alpha-beta pruning" (Knuth and Moore: b^⌈d/2⌉ +
b^⌊d/2⌋ − 1 leaves on a perfectly ordered tree).

Measured: ``impl.shallow`` on ``impl.best_ordered_tree(b, d, players=N)`` for N = 2 .. 5 and
``impl.alphabeta`` on ``impl.best_ordered(b, d)``, each count compared with its formula. The
trees are deterministic, so there is nothing random here; the seed is unused.
"""

import math
from pathlib import Path

from gametree.experiments._common import Config, Outcome, markdown_table
from gametree.experiments._schedule import run_tasks
from gametree.impl import (
    alphabeta,
    best_case_leaves,
    best_ordered,
    best_ordered_tree,
    knuth_moore_leaves,
    shallow,
)
from gametree.impl.best_case import BEST_CASE_BOUNDS

__all__ = ["NAME", "korf_asymptote", "run"]

NAME = "best-case"

SIZES = {
    # (branching factors, players for shallow pruning, the most leaves one search may read:
    # shallow pruning (on exact fractions, about 50 µs a leaf with the building), alpha-beta)
    "quick": ((2, 3), (2, 3), 200, 200),
    "default": ((2, 3, 4, 6, 8), (2, 3, 4, 5), 20_000, 300_000),
    "full": ((2, 3, 4, 6, 8, 12, 16), (2, 3, 4, 5, 6), 300_000, 5_000_000),
}

Task = tuple[str, int, int, int]
"""(algorithm, b, d, N)."""


def korf_asymptote(b: int) -> float:
    """Korf's asymptotic branching factor of shallow pruning in the best case, (1 + √(4b−3))/2.

    >>> korf_asymptote(2), round(korf_asymptote(3), 4)
    (1.618033988749895, 2.0)
    """
    return (1 + math.sqrt(4 * b - 3)) / 2


def measure(task: Task) -> int:
    """Leaves read by one search on one best-ordered tree."""
    algorithm, b, d, players = task
    if algorithm == "alphabeta":
        return alphabeta(best_ordered(b, d)).leaves_evaluated
    return shallow(best_ordered_tree(b, d, players=players), BEST_CASE_BOUNDS).leaves_evaluated


def tasks(size: str) -> list[Task]:
    """Every (algorithm, b, d, N) the size asks for, up to its limit on leaves."""
    branchings, players, most_shallow, most_alphabeta = SIZES[size]
    out: list[Task] = []
    for b in branchings:
        d = 1
        while best_case_leaves(b, d) <= most_shallow:
            out += [("shallow", b, d, n) for n in players]
            d += 1
        d = 1
        while knuth_moore_leaves(b, d) <= most_alphabeta:
            out.append(("alphabeta", b, d, 2))
            d += 1
    # The largest searches first, so that the pool's workers finish together.
    return sorted(out, key=lambda t: -(t[1] ** t[2]))


def run(config: Config) -> Outcome:
    """Measure every task and compare each count with its formula."""
    todo = tasks(config.size)
    counts = run_tasks(measure, todo, config, unit="searches")
    rows = []
    for (algorithm, b, d, players), leaves in sorted(zip(todo, counts, strict=True)):
        formula = best_case_leaves(b, d) if algorithm == "shallow" else knuth_moore_leaves(b, d)
        rows.append(
            {
                "algorithm": algorithm,
                "b": b,
                "d": d,
                "players": players,
                "leaves": leaves,
                "formula": formula,
                "equal": leaves == formula,
                "branching_factor": leaves ** (1 / d),
            }
        )
    columns = ("algorithm", "b", "d", "players", "leaves", "formula", "equal",
               "branching_factor")  # fmt: skip
    return Outcome(NAME, columns, tuple(rows), lambda p: plot(rows, p), summary(rows))


def _series(rows: list[dict[str, object]], algorithm: str, b: int) -> list[dict[str, object]]:
    return [r for r in rows if r["algorithm"] == algorithm and r["b"] == b]


def plot(rows: list[dict[str, object]], out: Path) -> None:
    """Leaves against depth (log scale) and the effective branching factor against depth."""
    from matplotlib.figure import Figure  # noqa: PLC0415 - the draw extra, needed only here
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415

    fig = Figure(figsize=(12, 5), layout="constrained")
    left, right = fig.subplots(1, 2)
    branchings = sorted({int(r["b"]) for r in rows})  # type: ignore[call-overload]
    colours = [f"C{k}" for k in range(len(branchings))]
    for b, colour in zip(branchings, colours, strict=True):
        sh = [r for r in _series(rows, "shallow", b) if r["players"] == 3] or _series(
            rows, "shallow", b
        )
        ab = _series(rows, "alphabeta", b)
        ds = [int(r["d"]) for r in sh]  # type: ignore[call-overload]
        left.plot(ds, [best_case_leaves(b, d) for d in ds], color=colour, lw=1)
        left.plot(ds, [r["leaves"] for r in sh], "o", color=colour, ms=5, label=f"b = {b}")
        da = [int(r["d"]) for r in ab]  # type: ignore[call-overload]
        left.plot(da, [knuth_moore_leaves(b, d) for d in da], color=colour, lw=1, ls="--")
        left.plot(da, [r["leaves"] for r in ab], "s", color=colour, ms=4, mfc="none")
        right.plot(ds, [r["branching_factor"] for r in sh], "o-", color=colour, ms=4,
                   label=f"b = {b}")  # fmt: skip
        right.plot(da, [r["branching_factor"] for r in ab], "s--", color=colour, ms=4,
                   mfc="none")  # fmt: skip
        right.axhline(korf_asymptote(b), color=colour, lw=0.8, ls=":")
        right.axhline(math.sqrt(b), color=colour, lw=0.8, ls="-.", alpha=0.6)
    left.set_yscale("log")
    left.set_xlabel("depth d")
    left.set_ylabel("leaves read")
    left.set_title("Leaves read: dots shallow (N = 3), lines Korf's F(d);\n"
                   "open squares alpha-beta, dashed lines Knuth–Moore", fontsize=10)  # fmt: skip
    left.legend(fontsize=8)
    right.set_xlabel("depth d")
    right.set_ylabel("effective branching factor, leaves^(1/d)")
    right.set_title("Effective branching factor: dotted (1 + √(4b − 3))/2,\n"
                    "dash-dotted √b (alpha-beta's limit)", fontsize=10)  # fmt: skip
    right.legend(fontsize=8, ncol=2)
    for ax in (left, right):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(alpha=0.3)
    fig.savefig(out, dpi=120)


def summary(rows: list[dict[str, object]]) -> str:
    """The markdown summary: agreement with the formulas, and the branching factors."""
    shallow_rows = [r for r in rows if r["algorithm"] == "shallow"]
    ab_rows = [r for r in rows if r["algorithm"] == "alphabeta"]
    players = sorted({int(r["players"]) for r in shallow_rows})  # type: ignore[call-overload]
    table = []
    for b in sorted({int(r["b"]) for r in rows}):  # type: ignore[call-overload]
        sh = _series(rows, "shallow", b)
        ab = _series(rows, "alphabeta", b)
        d = max(int(r["d"]) for r in sh)  # type: ignore[call-overload]
        da = max(int(r["d"]) for r in ab)  # type: ignore[call-overload]
        ratio = best_case_leaves(b, d) / best_case_leaves(b, d - 1)
        table.append([
            b, d, best_case_leaves(b, d), f"{ratio:.3f}", f"{korf_asymptote(b):.3f}",
            da, knuth_moore_leaves(b, da), f"{math.sqrt(b):.3f}",
            f"{korf_asymptote(b) - math.sqrt(b):.3f}",
        ])  # fmt: skip
    agree_sh = all(r["equal"] for r in shallow_rows)
    agree_ab = all(r["equal"] for r in ab_rows)
    verdict = "every count equals its formula" if agree_sh and agree_ab else "SOME COUNTS DIFFER"
    header = ["b", "deepest d", "F(d)", "F(d)/F(d−1)", "(1+√(4b−3))/2", "alpha-beta d",
              "Knuth–Moore", "√b", "Korf − √b"]  # fmt: skip
    return (
        f"# best-case: leaves read on best-ordered trees\n\n"
        f"`gametree experiment best-case`: impl.shallow on impl.best_ordered_tree for "
        f"N = {', '.join(map(str, players))} players ({len(shallow_rows)} searches) and "
        f"impl.alphabeta on impl.best_ordered ({len(ab_rows)} searches): {verdict}.\n\n"
        f"- Shallow pruning reads exactly Korf's F(d) for every b, d and N measured: the best "
        f"case is independent of the number of players, as Korf 3.2.5 says: "
        f"{'yes' if agree_sh else 'NO'}.\n"
        f"- Alpha-beta reads exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (Knuth and Moore): "
        f"{'yes' if agree_ab else 'NO'}.\n"
        f"- F(d)/F(d−1) tends to (1 + √(4b − 3))/2 (slowly for large b: the recurrence's "
        f"other root is negative and close in size). For large b that is about √b + 1/2: its "
        f"ratio to √b tends to 1, as the paper says, but the difference grows towards 1/2 "
        f"(last column), so over d levels shallow pruning reads about (1 + 1/(2√b))^d times "
        f"as many leaves as alpha-beta's √b^d, a factor that grows with depth.\n\n"
        + markdown_table(header, table)
        + "\n"
    )
