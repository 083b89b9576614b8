"""Part of ``average-case``: the optimum and the pruning searches on real games' trees.

Korf's average-case model has independent leaves; a game's leaves are not (siblings share
most of a position), and its bounds are declared by the game. Here: three-player Othello
with Korf's capture rule (6 × 6 and 8 × 8) and three-player Chinese Checkers
(``gametree.games``), from the start and from a position after a seeded random opening, cut
at depth d by ``spec.unfold`` (the static evaluation at the frontier), d = 1, 2, ... as the
budget allows, one tree a depth. Each tree is searched with each game's two declarations of
Korf's bounds: the bounds it declares for the whole game (``bounds``: Othello the board's
cells, Chinese Checkers N times the shift) and the tighter ones for a search of d plies from
that position (``bounds_below``). The leaves are integers, so the optimum is run over the
reals (what an algorithm that uses only the bounds can skip) and over the integers (what one
that also knows the values are integers can skip).

Glossary: d the depth, a *position* a labelled state of a game, *declared* and *search* the
two bounds.
"""

import random
from collections.abc import Callable
from typing import Any

import attrs

from gametree.experiments._common import task_random
from gametree.experiments._schedule import Series
from gametree.experiments.optimum import compare
from gametree.games import ChineseCheckers, Othello
from gametree.impl import paranoid
from gametree.spec import Bounds, iter_leaves, unfold

__all__ = ["COLUMNS", "GAMES", "measure", "rows", "series"]

GAMES: dict[str, Callable[[], Any]] = {
    "othello-3p-6x6": lambda: Othello(3, 6),
    "othello-3p-8x8": lambda: Othello(3, 8),
    "chinese-checkers-3p": lambda: ChineseCheckers(3),
}
"""The games, by name (built in the worker: a game is a recipe, not data to send)."""

OPENINGS = {"othello-3p-6x6": 9, "othello-3p-8x8": 12, "chinese-checkers-3p": 12}
"""Random plies before the second position of each game."""

Task = tuple[str, int, int, int]
"""(game, plies of random opening, d, seed)."""


def opening(game: Any, plies: int, rng: random.Random) -> Any:
    """The state after ``plies`` random moves from the start (fewer if the game ends)."""
    s = game.initial_state()
    for _ in range(plies):
        if game.is_terminal(s):
            break
        s = game.successor(s, rng.choice(list(game.moves(s))))
    return s


def measure(task: Task) -> dict[str, float]:
    """The tree of one position cut at depth d, searched with both bounds and both domains."""
    name, plies, d, seed = task
    game = GAMES[name]()
    state = opening(game, plies, task_random(seed, (name, plies)))
    t = unfold(game, state, d)
    out: dict[str, float] = {"leaves": sum(1 for _ in iter_leaves(t))}
    out["paranoid"] = paranoid(t, 0).leaves_evaluated
    for kind, bounds in (("declared", game.bounds), ("search", game.bounds_below(state, d))):
        assert isinstance(bounds, Bounds)
        out[f"{kind}:total"] = float(bounds.total)
        for key, value in compare(t, bounds, "integers").items():
            out[f"{kind}:{key}"] = value
    return out


@attrs.frozen
class _Tasks:
    name: str
    plies: int
    seed: int

    def __call__(self, d: int, _previous: list[dict[str, float]] | None) -> list[Task]:
        return [(self.name, self.plies, d, self.seed)]


def series(deepest: int, seed: int) -> list[Series[Task, dict[str, float]]]:
    """A series per position: the start and the opening of each game, depths 1 .. deepest."""
    return [
        Series(("game", name, plies), measure, _Tasks(name, plies, seed), 1, deepest)
        for name in GAMES
        for plies in (0, OPENINGS[name])
    ]


COLUMNS = ("game", "opening", "d", "leaves", "bounds", "sum_bound", "shallow", "last-branch",
           "speculative", "speculative_distinct", "paranoid", "optimal", "optimal-integers",
           "unneeded_share", "unneeded_share_integers", "open_share", "outside",
           "disagree")  # fmt: skip


def rows(results: dict[Any, dict[int, list[dict[str, float]]]]) -> list[dict[str, object]]:
    """One row per (position, d, bounds): leaves read by each search, and the shares."""
    out: list[dict[str, object]] = []
    for key in sorted(k for k in results if isinstance(k, tuple) and k[0] == "game"):
        _, name, plies = key
        for d, (r,) in sorted(results[key].items()):
            for kind in ("declared", "search"):
                shallow = r[f"{kind}:shallow"]
                real, integer = r[f"{kind}:optimal-reals"], r[f"{kind}:optimal"]
                out.append({
                    "game": name, "opening": plies, "d": d, "leaves": int(r["leaves"]),
                    "bounds": kind, "sum_bound": int(r[f"{kind}:total"]),
                    "shallow": int(shallow), "last-branch": int(r[f"{kind}:last-branch"]),
                    "speculative": int(r[f"{kind}:speculative"]),
                    "speculative_distinct": int(r[f"{kind}:speculative_distinct"]),
                    "paranoid": int(r["paranoid"]), "optimal": int(real),
                    "optimal-integers": int(integer),
                    "unneeded_share": (shallow - real) / shallow,
                    "unneeded_share_integers": r[f"{kind}:unneeded"] / shallow,
                    "open_share": r[f"{kind}:open"] / integer if integer else 1.0,
                    "outside": int(r[f"{kind}:outside"]),
                    "disagree": int(r[f"{kind}:disagree"]),
                })  # fmt: skip
    return out
