"""Leaves evaluated and leaves per second of impl's multi-player searches, on random trees.

    .venv/bin/python bench/multi_player_bench.py [--trees 3] [--models korf,simplex,uniform]
                                                  [--players 3,4] [--quick]

Methods: plain maxn, immediate, shallow (Korf 1989), last-branch, speculative (Sturtevant
2003), and paranoid (alpha-beta for the root player). Trees are uniform, of branching b =
2..6 and the depth given for each b (chosen so that a run takes minutes), with players moving
in turn by depth, and leaves drawn from one of three models, each with fixed seeds:

- ``korf``: Korf's average-case model (3.2.6): the N components are the pieces of [0, 1] cut
  at N − 1 independent uniform points, here on the fixed grid 1/2^20 (exact integers out of
  2^20; ties are rare). Bounds: lower 0, sum 2^20.
- ``simplex``: the same on the coarse grid of Korf's figures, sum 9: each leaf a uniformly
  chosen integer composition of 9 into N parts (ties are common). Bounds: lower 0, sum 9.
- ``uniform``: each component an independent uniform integer in 0..9. The only bound on the
  sum these keep is 9N, so shallow pruning can cut only where the player holds everything.

Games (``--games``, after the models): fixed positions of three- and four-player Othello and
three- and six-player Chinese Checkers (``gametree.games``), the start and a position after a
seeded random opening, cut at a fixed depth by ``spec.unfold``, searched twice: with the bounds
each game declares (Othello: the board size; Chinese Checkers: N times the shift), and with the
tighter bounds it gives for a search of that depth from that position (``bounds_below``).

For each (model, N, b, d) the figures are totals over ``--trees`` trees: leaves evaluated (for
speculative, re-reads count), each method's ratio to plain maxn, last-branch's and
speculative's ratio to shallow, and leaves per second (wall clock, on whatever else the
machine is doing: compare figures from one run only). Every result is checked against plain
maxn (paranoid against itself: it computes another value).
"""

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gametree.games import ChineseCheckers, Othello
from gametree.impl.immediate import immediate
from gametree.impl.last_branch import last_branch
from gametree.impl.maxn import maxn
from gametree.impl.paranoid import paranoid
from gametree.impl.result import SearchResult
from gametree.impl.shallow import shallow
from gametree.impl.speculative import speculative
from gametree.spec import Bounds, Leaf, Node, Tree, Value, unfold

GRID = 2**20
DEPTHS = {2: 8, 3: 8, 4: 8, 5: 7, 6: 6}
QUICK_DEPTHS = {2: 6, 3: 5, 4: 4, 5: 4, 6: 3}
METHODS = ["maxn", "immediate", "shallow", "last-branch", "speculative", "paranoid"]

Leaves = Callable[[random.Random, int], tuple[int, ...]]


def korf_cuts(rng: random.Random, players: int) -> tuple[int, ...]:
    cuts = sorted(rng.randint(0, GRID) for _ in range(players - 1))
    points = [0, *cuts, GRID]
    return tuple(points[k + 1] - points[k] for k in range(players))


def simplex9(rng: random.Random, players: int) -> tuple[int, ...]:
    """A uniform composition of 9 into N parts: stars and bars, N − 1 bars among 9 + N − 1."""
    bars = sorted(rng.sample(range(9 + players - 1), players - 1))
    edges = [-1, *bars, 9 + players - 1]
    return tuple(edges[k + 1] - edges[k] - 1 for k in range(players))


def uniform9(rng: random.Random, players: int) -> tuple[int, ...]:
    return tuple(rng.randint(0, 9) for _ in range(players))


MODELS: dict[str, tuple[Leaves, Callable[[int], Bounds], str]] = {
    "korf": (
        korf_cuts,
        lambda _: Bounds(0, GRID),
        f"N-1 uniform cuts of [0, 1] on the grid 1/{GRID}",
    ),
    "simplex": (simplex9, lambda _: Bounds(0, 9), "uniform integer compositions of 9"),
    "uniform": (uniform9, lambda n: Bounds(0, 9 * n), "components uniform in 0..9, sum <= 9N"),
}


def random_tree(leaves: Leaves, rng: random.Random, players: int, b: int, d: int) -> Tree:
    """A uniform tree, built level by level from the leaves up (players in turn by depth)."""
    level: list[Tree] = [Leaf(leaves(rng, players)) for _ in range(b**d)]
    for depth in reversed(range(d)):
        level = [Node(depth % players, level[i : i + b]) for i in range(0, len(level), b)]
    return level[0]


def searches(bounds: Bounds) -> dict[str, Callable[[Tree], SearchResult[Value]]]:
    return {
        "maxn": maxn,
        "immediate": lambda t: immediate(t, bounds),
        "shallow": lambda t: shallow(t, bounds),
        "last-branch": lambda t: last_branch(t, bounds),
        "speculative": lambda t: speculative(t, bounds),
        "paranoid": paranoid,
    }


def measure(model: str, players: int, b: int, d: int, trees: int) -> dict[str, tuple[int, float]]:
    """Total leaves and seconds per method over ``trees`` trees with fixed seeds."""
    leaves, bounds_for, _ = MODELS[model]
    totals = dict.fromkeys(METHODS, (0, 0.0))
    for k in range(trees):
        rng = random.Random(f"{model}-{players}-{b}-{d}-{k}")  # noqa: S311 - fixed seeds, no secrets
        t = random_tree(leaves, rng, players, b, d)
        expected: Value | None = None
        for name, search in searches(bounds_for(players)).items():
            t0 = time.perf_counter()
            r = search(t)
            seconds = time.perf_counter() - t0
            if name == "maxn":
                expected = r.value
            elif name != "paranoid" and r.value != expected:
                sys.exit(f"{name} disagrees with maxn on {model} N={players} b={b} d={d} #{k}")
            n, s = totals[name]
            totals[name] = (n + r.leaves_evaluated, s + seconds)
    return totals


def opening(game: Any, plies: int, seed: int) -> Any:
    """The state after ``plies`` random moves from the start, by a fixed seed."""
    rng = random.Random(seed)  # noqa: S311 - a fixed, reproducible position, not a secret
    s = game.initial_state()
    for _ in range(plies):
        if game.is_terminal(s):
            break
        s = game.successor(s, rng.choice(game.moves(s)))
    return s


def game_positions() -> list[tuple[str, Any, Any, int]]:
    """(label, game, state, depth): the start and a position after a seeded opening."""
    o36, o38, o48 = Othello(3, 6), Othello(3, 8), Othello(4, 8)
    cc3, cc6 = ChineseCheckers(3), ChineseCheckers(6)
    return [
        ("othello 3p 6x6 start", o36, o36.initial_state(), 5),
        ("othello 3p 6x6 ply9", o36, opening(o36, 9, 1), 5),
        ("othello 3p 8x8 start", o38, o38.initial_state(), 5),
        ("othello 3p 8x8 ply12", o38, opening(o38, 12, 1), 4),
        ("othello 4p 8x8 start", o48, o48.initial_state(), 5),
        ("othello 4p 8x8 ply12", o48, opening(o48, 12, 1), 4),
        ("chinese 3p start", cc3, cc3.initial_state(), 5),
        ("chinese 3p ply12", cc3, opening(cc3, 12, 1), 4),
        ("chinese 6p start", cc6, cc6.initial_state(), 5),
        ("chinese 6p ply12", cc6, opening(cc6, 12, 1), 4),
    ]


def measure_game(t: Tree, bounds: Bounds) -> dict[str, tuple[int, float]]:
    """Leaves and seconds per method on one cut game tree; each checked against maxn."""
    totals: dict[str, tuple[int, float]] = {}
    expected: Value | None = None
    for name, search in searches(bounds).items():
        t0 = time.perf_counter()
        r = search(t)
        seconds = time.perf_counter() - t0
        if name == "maxn":
            expected = r.value
        elif name != "paranoid" and r.value != expected:
            sys.exit(f"{name} disagrees with maxn on a game tree")
        totals[name] = (r.leaves_evaluated, seconds)
    return totals


def print_games() -> None:
    """The game rows: leaves per method with the declared and the search's bounds."""
    print("\n## games: fixed positions cut at depth d; bounds: declared, then the search's")
    head = f"{'position':<22} {'d':>2} {'sum bound':>9} {'maxn':>9}"
    head += "".join(f" {m[:11]:>11}" for m in METHODS[1:])
    head += f" {'LB/SH':>6} {'SP/SH':>6} | leaves/s: "
    head += " ".join(f"{m[:5]:>6}" for m in METHODS)
    print(head)
    for label, game, state, depth in game_positions():
        t = unfold(game, state, depth)
        for bounds in (game.bounds, game.bounds_below(state, depth)):
            totals = measure_game(t, bounds)
            base = totals["maxn"][0]
            row = f"{label:<22} {depth:>2} {bounds.total!s:>9} {base:>9}"
            row += "".join(f" {totals[m][0] / base:>11.3f}" for m in METHODS[1:])
            shallow_leaves = totals["shallow"][0]
            row += f" {totals['last-branch'][0] / shallow_leaves:>6.3f}"
            row += f" {totals['speculative'][0] / shallow_leaves:>6.3f} |           "
            row += " ".join(f"{_rate(*totals[m]):>6}" for m in METHODS)
            print(row, flush=True)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        names = [line for line in cpuinfo.read_text().splitlines() if line.startswith("model name")]
        if names:
            cpu = names[0].split(":", 1)[1].strip()
    return (
        f"{platform.node()}: {cpu}, "
        f"{os.cpu_count()} CPUs, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()} ({platform.python_implementation()})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trees", type=int, default=3, help="trees per configuration")
    parser.add_argument("--models", default="korf,simplex,uniform")
    parser.add_argument("--players", default="3,4")
    parser.add_argument("--quick", action="store_true", help="shallower trees, for a smoke run")
    parser.add_argument("--no-games", action="store_true", help="skip the game rows")
    parser.add_argument("--games-only", action="store_true", help="the game rows only")
    args = parser.parse_args()
    depths = QUICK_DEPTHS if args.quick else DEPTHS
    print(f"# {machine()}")
    print(f"# {args.trees} trees per row; leaves are totals; ratios are to plain maxn")
    print("# LB/SH, SP/SH: last-branch and speculative leaves over shallow leaves")
    started = time.perf_counter()
    for model in [] if args.games_only else args.models.split(","):
        print(f"\n## model {model}: {MODELS[model][2]}")
        head = f"{'N':>2} {'b':>2} {'d':>2} {'maxn':>9}"
        head += "".join(f" {m[:11]:>11}" for m in METHODS[1:])
        head += f" {'LB/SH':>6} {'SP/SH':>6} | leaves/s: "
        head += " ".join(f"{m[:5]:>6}" for m in METHODS)
        print(head)
        for players in map(int, args.players.split(",")):
            for b, d in depths.items():
                totals = measure(model, players, b, d, args.trees)
                base = totals["maxn"][0]
                row = f"{players:>2} {b:>2} {d:>2} {base:>9}"
                row += "".join(f" {totals[m][0] / base:>11.3f}" for m in METHODS[1:])
                shallow_leaves = totals["shallow"][0]
                row += f" {totals['last-branch'][0] / shallow_leaves:>6.3f}"
                row += f" {totals['speculative'][0] / shallow_leaves:>6.3f} |           "
                row += " ".join(f"{_rate(*totals[m]):>6}" for m in METHODS)
                print(row, flush=True)
    if not args.no_games:
        print_games()
    print(f"\n# {time.perf_counter() - started:.0f} s in all")


def _rate(leaves: int, seconds: float) -> str:
    per_second = leaves / seconds if seconds else 0.0
    return f"{per_second / 1000:.0f}k"


if __name__ == "__main__":
    main()
