"""Experiments that reproduce the paper's quantitative claims: ``gametree experiment NAME``.

Each writes ``NAME.csv`` (the measurements), ``NAME.png`` (a plot) and ``NAME.md`` (a short
summary) into one directory, with fixed seeds, in worker processes, with a progress bar:

- ``best-case``: leaves read on best-ordered trees against Korf's F(d) and Knuth–Moore;
- ``average-case``: how much pruning is possible at all: the effective branching factor in
  Korf's random model against depth for the pruning searches and the optimal directional
  search, on a small integer grid, on games' trees, and for two players deep on implicit
  trees (Knuth and Moore, Pearl); its series go as deep as a time budget allows, and it
  writes further tables and plots (``average-case-PART.csv``, ``.png``);
- ``convergence``: the variance of the root value shrinking with height (2 and 3 players).

Plots need the ``draw`` extra (matplotlib).
"""

from pathlib import Path

from gametree.experiments import average_case, best_case, convergence
from gametree.experiments._common import Config, Outcome, write_outcome

__all__ = ["EXPERIMENTS", "Config", "Outcome", "run_experiment"]

EXPERIMENTS = {m.NAME: m for m in (best_case, average_case, convergence)}
"""Every experiment by name, in the order ``gametree experiment --help`` lists them."""


def run_experiment(name: str, config: Config, out: Path) -> list[Path]:
    """Run the experiment called ``name`` and write its files into ``out``."""
    return write_outcome(EXPERIMENTS[name].run(config), out)
