"""Paranoid, maxn, shallow pruning, BRS and BRS+ on Chinese Checkers and N-player Othello.

    nice .venv/bin/python bench/best_reply_bench.py [--depth 3] [--openings 2] [--max-plies 60]
        [--game chinese-checkers|othello] [--table leaves|matches|three-way] [--quick]

The experiment of Schadd and Winands 2011 (section V) and Esser et al. 2013 (section 4), at a
size this machine plays in minutes: three-player Chinese Checkers on the small star (k = 2,
3 pieces a player, ``gametree.games.ChineseCheckers``, the game cut at ``--max-plies``) and
three-player Othello on 6 × 6 (Korf's capture rule, ``gametree.games.Othello``; the papers'
Rolit). Two tables:

1. **Leaves per search at equal depth**, d = 1..``--depth``: from the start and from a
   position after a seeded random opening. maxn reads every leaf of the game cut at d plies
   (``spec.unfold``); shallow pruning (Korf 3.2.2) with the bounds of a d-ply search
   (``bounds_below``); paranoid by alpha-beta; BRS and BRS+ by alpha-beta over their
   transforms (``impl.brs_game``), d counted in *their* layers, as the papers count BRS's
   depth (a layer is the root player's ply or the opponents' replies).
2. **Self-play**: for each pair (A, B), every seating of A and B over the three seats in
   which both sit (six), from ``--openings`` seeded random openings (one random move a
   player), each search at depth ``--depth`` (its own unit, as above). A game's point goes
   to its winner, shared on a tie: Chinese Checkers' winner fills its target, or at the move
   limit has the least distance D_p to it; Othello's has the most pieces. A's win rate is its
   points over the games, 50% for equal strength (A holds half the seats over the six
   seatings); the 95% interval is Wilson's. maxn and shallow pruning choose the same move (the
   maxn value, leftmost on ties), so shallow plays no matches of its own.
3. **Three at once** (``--table three-way``), as Nijssen 2013 (section 4.3.2, Table 4.2)
   repeats Schadd and Winands' experiment: maxn, paranoid and BRS (then BRS+ in BRS's seat)
   in one game, every seating that gives each at least one seat (6 for three players, 36 for
   four-player Othello, added here), from ``--openings`` openings; each search's win rate
   (its points over the games, 1/3 for equal strength) with Wilson's interval, printed
   beside the rows of Nijssen's Table 4.2 for Chinese Checkers and Rolit (his boards, his
   time limits).

Every search's move is checked: BRS's and BRS+'s value against ``spec.paranoid`` of the
transform, the others against ``spec``. Figures are printed; docs/best-reply.md holds a run.
"""

import argparse
import itertools
import math
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from gametree.experiments.game_trees import opening as random_opening
from gametree.games import ChineseCheckers, Othello
from gametree.impl import brs_game, maxn, paranoid, shallow
from gametree.spec import Node, unfold

Search = Callable[[Any, Any, Any, int], tuple[int, int]]
"""(game, state, depth) -> (the move's index in game.moves(state), leaves read)."""

SEARCHES = ("maxn", "shallow", "paranoid", "brs", "brs+")
PAIRS = (("brs", "paranoid"), ("brs", "maxn"), ("brs+", "paranoid"), ("brs+", "maxn"),
         ("brs", "brs+"))  # fmt: skip
TRIOS = (("maxn", "paranoid", "brs"), ("maxn", "paranoid", "brs+"))
NIJSSEN = {  # Nijssen 2013, Table 4.2: games a row, and win rates (%) of maxn, paranoid, BRS
    "Chinese Checkers 3p": ("Chinese Checkers 3p, 73 holes, 6 pieces", 1050, {
        250: ("1.1 ± 0.6", "24.8 ± 2.6", "74.1 ± 2.6"),
        1000: ("1.0 ± 0.6", "20.5 ± 2.4", "78.6 ± 2.5"),
        5000: ("1.4 ± 0.7", "21.6 ± 2.5", "76.9 ± 2.5")}),
    "Othello 3p 6 × 6": ("Rolit 3p, 8 × 8", 1050, {
        250: ("8.1 ± 1.7", "38.6 ± 2.9", "53.3 ± 3.0"),
        1000: ("8.9 ± 1.7", "39.7 ± 3.0", "51.3 ± 3.0"),
        5000: ("6.3 ± 1.5", "45.4 ± 3.0", "48.4 ± 3.0")}),
    "Othello 4p 6 × 6": ("Rolit 4p, 8 × 8", 1044, {
        250: ("15.9 ± 2.2", "41.5 ± 3.0", "42.5 ± 3.0"),
        1000: ("14.7 ± 2.1", "42.7 ± 3.0", "42.6 ± 3.0"),
        5000: ("14.9 ± 1.2", "42.2 ± 3.0", "42.9 ± 3.0")}),
}  # fmt: skip


def search(name: str, game: Any, state: Any, depth: int) -> tuple[int, int]:
    """The move ``name`` chooses for the player to move, and the leaves it read."""
    r = game.to_move(state)
    if name in {"brs", "brs+"}:
        found = brs_game(game, state, depth, r, plus=name == "brs+")
    else:
        t = unfold(game, state, depth)
        if not isinstance(t, Node):
            return 0, 1
        if name == "maxn":
            found = maxn(t)
        elif name == "shallow":
            found = shallow(t, game.bounds_below(state, depth))
        else:
            found = paranoid(t, r)
    return found.principal_variation[0], found.leaves_evaluated


def opening(game: Any, seed: int, plies: int) -> Any:
    """The position after ``plies`` seeded random moves from the start."""
    return random_opening(game, plies, random.Random(seed))  # noqa: S311 - a fixed opening


def winners(game: Any, s: Any) -> list[int]:
    """The players who share the point of a finished (or cut) game."""
    if isinstance(game, ChineseCheckers):
        w = game.winner(s)
        if w is not None:
            return [w]
        d = [game.distance(s, p) for p in range(game.players)]
        return [p for p in range(game.players) if d[p] == min(d)]
    counts = game.counts(s)
    return [p for p in range(game.players) if counts[p] == max(counts)]


def play(game: Any, seats: tuple[str, ...], start: Any, depth: int) -> list[float]:
    """One game from ``start``: each seat's share of the point."""
    s = start
    while not game.is_terminal(s):
        move, _ = search(seats[game.to_move(s)], game, s, depth)
        s = game.successor(s, game.moves(s)[move])
    won = winners(game, s)
    return [1 / len(won) if p in won else 0.0 for p in range(game.players)]


def wilson(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% score interval for a proportion points / n."""
    p = points / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(points: float, n: int) -> str:
    """A win rate and its 95% interval (Wilson's): ``58% (32%..81%)``."""
    lo, hi = wilson(points, n)
    return f"{points / n:.0%} ({lo:.0%}..{hi:.0%})"


def leaves_table(games: dict[str, Any], depth: int) -> None:
    print("| game, position | d | " + " | ".join(SEARCHES) + " |")
    print("| --- | --- |" + " --- |" * len(SEARCHES))
    for label, game in games.items():
        for where, state in (("start", game.initial_state()), ("opening", opening(game, 1, 6))):
            for d in range(1, depth + 1):
                counts = [search(name, game, state, d)[1] for name in SEARCHES]
                cells = " | ".join(f"{c:,}" for c in counts)
                print(f"| {label}, {where} | {d} | {cells} |", flush=True)


def matches(games: dict[str, Any], depth: int, openings: int) -> None:
    print("| game | A | B | games | A's points | A's win rate | 95% interval |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for label, game in games.items():
        starts = [opening(game, 100 + k, game.players) for k in range(openings)]
        for a, b in PAIRS:
            seatings = [s for s in itertools.product((a, b), repeat=game.players)
                        if a in s and b in s]  # fmt: skip
            points, n = 0.0, 0
            for seats, start in itertools.product(seatings, starts):
                shares = play(game, seats, start, depth)
                points += sum(x for x, name in zip(shares, seats, strict=True) if name == a)
                n += 1
            lo, hi = wilson(points, n)
            print(f"| {label} | {a} | {b} | {n} | {points:g} | {points / n:.0%} | "
                  f"{lo:.0%}..{hi:.0%} |", flush=True)  # fmt: skip


def nijssen_rows(label: str) -> list[str]:
    """The rows of Nijssen 2013's Table 4.2 for the game beside ``label``, as the table has them."""
    theirs, games, rows = NIJSSEN[label]
    return [f"| {theirs} | Nijssen 2013 Table 4.2, {ms} ms, BRS | {games} | "
            f"{' | '.join(c + '%' for c in published)} |"
            for ms, published in rows.items()]  # fmt: skip


def every_seating(names: tuple[str, ...], players: int) -> list[tuple[str, ...]]:
    """Each way to give the seats to ``names``, each name at least one seat.

    Nijssen 2013, Table 4.1: three searches have 6 for three players, 36 for four.
    """
    return [s for s in itertools.product(names, repeat=players) if set(s) == set(names)]


def all_seatings(
    game: Any, trio: tuple[str, ...], depth: int, openings: int
) -> tuple[dict[str, float], int]:
    """Each search's points, and the games, over every seating of ``trio`` and opening."""
    seatings = every_seating(trio, game.players)
    starts = [opening(game, 100 + k, game.players) for k in range(openings)]
    points = dict.fromkeys(trio, 0.0)
    for seats, start in itertools.product(seatings, starts):
        for name, share in zip(seats, play(game, seats, start, depth), strict=True):
            points[name] += share
    return points, len(seatings) * len(starts)


def three_way(games: dict[str, Any], depth: int, openings: int) -> None:
    """Maxn, paranoid and BRS (or BRS+) in one game, beside Nijssen 2013's Table 4.2."""
    print("| game | setting | games | maxn | paranoid | brs or brs+ |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, game in games.items():
        for trio in TRIOS:
            points, n = all_seatings(game, trio, depth, openings)
            cells = [rate(points[x], n) for x in trio]
            print(f"| {label} | gametree, depth {depth}, {trio[2]} | {n} | {' | '.join(cells)} |",
                  flush=True)  # fmt: skip
        for line in nijssen_rows(label):
            print(line)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=3, help="search depth (default 3)")
    parser.add_argument("--openings", type=int, default=2, help="openings a seating (default 2)")
    parser.add_argument("--max-plies", type=int, default=60,
                        help="Chinese Checkers' move limit (default 60)")  # fmt: skip
    parser.add_argument("--game", choices=("chinese-checkers", "othello"), help="one game only")
    parser.add_argument("--table", choices=("leaves", "matches", "three-way"),
                        help="one table only (three-way: only when asked)")  # fmt: skip
    parser.add_argument("--quick", action="store_true", help="depth 2, one opening")
    args = parser.parse_args(argv)
    depth, openings = (2, 1) if args.quick else (args.depth, args.openings)
    games = {
        "Chinese Checkers 3p": ChineseCheckers(players=3, max_plies=args.max_plies),
        "Othello 3p 6 × 6": Othello(players=3, size=6),
    }
    if args.table == "three-way":
        games["Othello 4p 6 × 6"] = Othello(players=4, size=6)
    if args.game is not None:
        games = {k: g for k, g in games.items() if k.lower().startswith(args.game[:5])}
    started = time.monotonic()
    if args.table == "three-way":
        print(f"## Maxn, paranoid and BRS at once, depth {depth}, {openings} opening(s)\n")
        three_way(games, depth, openings)
        print(f"\n{time.monotonic() - started:.0f} s", file=sys.stderr)
        return 0
    if args.table != "matches":
        print(f"## Leaves per search (d = 1..{depth}; BRS and BRS+ in layers)\n")
        leaves_table(games, depth)
    if args.table != "leaves":
        print(f"\n## Self-play at depth {depth}, {openings} opening(s) a seating\n")
        matches(games, depth, openings)
    print(f"\n{time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
