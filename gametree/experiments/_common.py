"""What the experiments share: their configuration, parallel trials, and the files they write.

An experiment is a list of *tasks* (each a small picklable tuple), run by the workers of
:mod:`gametree.experiments._schedule` (local processes, or a Dask cluster), each task with its
own random generator seeded from the experiment's seed and the task itself, so that results
do not depend on how the tasks are scheduled, where, or how many workers there are. Its
result is a table (written as CSV), a PNG plot and a short markdown summary, all into one
directory.

Glossary: b is the branching factor, d the depth (height) of a uniform tree, N the number of
players, M the grid of leaf values (Korf's unit interval, scaled to integers).
"""

import csv
import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import attrs

from gametree.spec import Leaf, Node, Tree

__all__ = [
    "GRID",
    "Config",
    "Outcome",
    "Table",
    "korf_vector",
    "markdown_table",
    "task_random",
    "uniform_tree",
    "write_outcome",
]

GRID = 1 << 30
"""M: Korf's unit interval [0, 1] is the integers 0..M, so values are exact and ties rare."""


@attrs.frozen
class Config:
    """How an experiment runs: its size, its seed, its workers, and its progress bar."""

    size: str = "default"
    """``quick`` (seconds, for tests), ``default`` (minutes on 2 cores) or ``full``."""
    seed: int = 1989
    jobs: int = 2
    progress: bool = True
    budget: float | None = None
    """Seconds the budgeted parts may take (``None``: the size's own); see ``_schedule``."""
    cluster: str | None = None
    """The address of a Dask distributed scheduler whose workers run the tasks (``jobs`` is
    then theirs), or ``None``: ``jobs`` local processes; see ``_schedule``."""


@attrs.frozen
class Table:
    """A further table of an experiment, written as ``NAME-PART.csv``."""

    part: str
    columns: tuple[str, ...]
    rows: tuple[dict[str, object], ...]


@attrs.frozen
class Outcome:
    """What an experiment produced: rows for the CSV, a plot, and the summary's markdown.

    ``tables`` and ``plots`` are further parts, written as ``NAME-PART.csv`` and
    ``NAME-PART.png`` after the three main files.
    """

    name: str
    columns: tuple[str, ...]
    rows: tuple[dict[str, object], ...]
    plot: Callable[[Path], None]
    summary: str
    tables: tuple[Table, ...] = ()
    plots: tuple[tuple[str, Callable[[Path], None]], ...] = ()


def task_random(seed: int, task: object) -> random.Random:
    """The generator of one task: seeded from the experiment's seed and the task's repr."""
    return random.Random(f"gametree:{seed}:{task!r}")  # noqa: S311 - a simulation, not secrets


def korf_vector(rng: random.Random, players: int, grid: int = GRID) -> tuple[int, ...]:
    """One leaf of Korf's average-case model (3.2.6), on the grid 0..M (M = ``grid``).

    "Cutting the zero-one interval in N − 1 places, with each cut-point independently and
    identically distributed from zero to one, and using the N resulting segments as the
    components of the N-tuple." Every component is at least 0 and they sum to exactly M.
    """
    cuts = sorted(rng.randint(0, grid) for _ in range(players - 1))
    points = [0, *cuts, grid]
    return tuple(points[k + 1] - points[k] for k in range(players))


def uniform_tree(branching: int, depth: int, leaf: Callable[[], object], players: int) -> Tree:
    """The uniform tree of branching b and depth d, players moving in turn by depth.

    Leaves are drawn left to right by calling ``leaf``. Built level by level (no recursion).
    """
    level: list[Tree] = [Leaf(leaf()) for _ in range(branching**depth)]
    for k in reversed(range(depth)):
        level = [
            Node(k % players, level[j : j + branching]) for j in range(0, len(level), branching)
        ]
    return level[0]


def write_outcome(outcome: Outcome, out: Path) -> list[Path]:
    """Write ``NAME.csv``, ``NAME.png``, ``NAME.md`` and the parts into ``out``; the paths."""
    out.mkdir(parents=True, exist_ok=True)
    table = out / f"{outcome.name}.csv"
    _write_csv(table, outcome.columns, outcome.rows)
    picture = out / f"{outcome.name}.png"
    outcome.plot(picture)
    summary = out / f"{outcome.name}.md"
    summary.write_text(outcome.summary)
    paths = [table, picture, summary]
    for part in outcome.tables:
        path = out / f"{outcome.name}-{part.part}.csv"
        _write_csv(path, part.columns, part.rows)
        paths.append(path)
    for name, plot in outcome.plots:
        path = out / f"{outcome.name}-{name}.png"
        plot(path)
        paths.append(path)
    return paths


def _write_csv(path: Path, columns: Sequence[str], rows: Iterable[dict[str, object]]) -> None:
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(columns), lineterminator="\n")
        writer.writeheader()
        writer.writerows(_csv_rows(rows))


def _csv_rows(rows: Iterable[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: (f"{v:.6g}" if isinstance(v, float) else v) for k, v in r.items()} for r in rows]


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A GitHub markdown table.

    >>> print(markdown_table(["b", "F"], [[2, 3]]))
    | b | F |
    | --- | --- |
    | 2 | 3 |
    """
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(_cell(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def _cell(c: object) -> str:
    if isinstance(c, float):
        return f"{c:.3f}"
    return str(c)
