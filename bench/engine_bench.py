"""Nodes, leaves and time of impl.engine's techniques on games, beside spec.search.

    .venv/bin/python bench/engine_bench.py      # about a minute on 2 cores

Positions: tic-tac-toe from the empty board (depths 4 and 6, and the whole game), Nim with
heaps (3, 4, 5) (depth 4; Bouton's evaluation is perfect), and an Exchange (the capture game of
tests/engine_games.py) at depth 3 without and with quiescence. For each:

- ``spec``: ``spec.search.cut_negamax``, which reads every leaf of the cut tree (skipped for
  the whole tic-tac-toe game, whose value, 0, is known; it takes several seconds);
- the engine with every technique off (``plain``, fail-soft alpha-beta in the game's order),
  then each switched on alone (``static``, ``killers``, ``history``, ``table``, ``table+hash``),
  then all together (``all``), and ``all`` with tapered forward pruning (4, 3, 2 moves), which
  is checked against the spec with the same pruning;
- ``deepen``: iterative deepening with everything on, under a node budget (the depth reached is
  shown with the value).

Every value is checked against the spec (exit status 1 if one differs). "nodes" and "leaves" are
the engine's exact counts; ``nodes/plain`` compares nodes with plain alpha-beta on the same
cut; time is the best of three runs, each with a fresh engine, garbage collector off, wall
clock on whatever else the machine is doing: compare figures from one run only. Static values
computed for ordering and forward pruning are not leaves; their cost shows in the time.
"""

import gc
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gametree.games import Nim, TicTacToe
from gametree.impl.engine import DeepeningResult, Engine
from gametree.impl.result import SearchResult
from gametree.spec import Scalar
from gametree.spec.search import Keep, cut_negamax, tapered
from tests.engine_games import Exchange

ALL: dict[str, Any] = {
    "table": True,
    "hash_move": True,
    "killers": 2,
    "history": True,
    "static_ordering": True,
}

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("plain", {}),
    ("static", {"static_ordering": True}),
    ("killers", {"killers": 2}),
    ("history", {"history": True}),
    ("table", {"table": True}),
    ("table+hash", {"table": True, "hash_move": True}),
    ("all", ALL),
    ("all, tapered 4-3-2", {**ALL, "keep": tapered(4, 3, 2)}),
]

BUDGET = 20_000
"""Nodes for iterative deepening."""


def best_of(runs: int, work: Callable[[], Any]) -> tuple[float, Any]:
    """The shortest wall-clock time of ``runs`` calls, and the last call's answer."""
    best = float("inf")
    answer = None
    for _ in range(runs):
        gc.disable()
        start = time.perf_counter()
        answer = work()
        elapsed = time.perf_counter() - start
        gc.enable()
        best = min(best, elapsed)
    return best, answer


def row(
    name: str,
    value: object,
    found: SearchResult[Scalar] | DeepeningResult,
    seconds: float,
    plain: int,
) -> str:
    """A table row; a deepening's nodes and leaves add up all its iterations."""
    nodes, leaves = found.nodes_visited, found.leaves_evaluated
    rate = f"{leaves / seconds:>10,.0f}" if seconds else " " * 10
    return (
        f"  {name:<32} {value!s:>8} {nodes:>9,} {leaves:>9,} {nodes / plain:>11.2f}"
        f" {seconds * 1000:>9.1f} {rate}"
    )


def bench(
    title: str,
    game: Any,
    state: object,
    depth: int | None,
    *,
    quiescence: int = 0,
    known: Scalar | None = None,
) -> bool:
    """Print one position's rows; whether every value equals the spec's."""
    print(f"\n{title}")
    print(
        f"  {'search':<32} {'value':>8} {'nodes':>9} {'leaves':>9} {'nodes/plain':>11}"
        f" {'time (ms)':>9} {'leaves/s':>10}"
    )
    spec_values: dict[Keep | None, Scalar] = {}

    def spec_value(keep: Keep | None) -> Scalar:
        if keep not in spec_values:
            if known is not None and keep is None:
                spec_values[keep] = known
            else:
                spec_values[keep] = cut_negamax(
                    game, state, depth, quiescence=quiescence, keep=keep
                ).value
        return spec_values[keep]

    if known is None:
        seconds, solution = best_of(
            1, lambda: cut_negamax(game, state, depth, quiescence=quiescence)
        )
        spec_values[None] = solution.value
        print(
            f"  {'spec':<32} {solution.value!s:>8} {'':>9} {'':>9} {'':>11} {seconds * 1000:>9.1f}"
        )
    ok = True
    plain = 0
    for name, options in CONFIGS:

        def search(options: dict[str, Any] = options) -> SearchResult[Scalar]:
            return Engine(game, quiescence=quiescence, **options).search(state, depth)

        seconds, found = best_of(3, search)
        plain = plain or found.nodes_visited
        agrees = found.value == spec_value(options.get("keep"))
        ok = ok and agrees
        line = row(name, found.value, found, seconds, plain)
        print(line + ("" if agrees else "   DIFFERS FROM THE SPEC"))

    def deepen() -> Any:
        return Engine(game, quiescence=quiescence, **ALL).deepen(state, max_nodes=BUDGET)

    seconds, deepened = best_of(3, deepen)
    agrees = deepened.value == cut_negamax(game, state, deepened.depth, quiescence=quiescence).value
    ok = ok and agrees
    name = f"deepen {BUDGET:,} (d={deepened.depth}, {deepened.stopped})"
    print(
        row(name, deepened.value, deepened, seconds, plain)
        + ("" if agrees else "   DIFFERS FROM THE SPEC")
    )
    return ok


def main() -> int:
    ttt = TicTacToe()
    nim = Nim((3, 4, 5))
    exchange = Exchange(((3, 1, 4), (1, 5, 9), (2, 6, 5)), (0, 1, 2), 8)
    print(f"impl.engine on games; Python {sys.version.split()[0]}")
    results = [
        bench("tic-tac-toe, empty board, depth 4", ttt, ttt.initial_state(), 4),
        bench("tic-tac-toe, empty board, depth 6", ttt, ttt.initial_state(), 6),
        bench("tic-tac-toe, the whole game", ttt, ttt.initial_state(), None, known=0),
        bench("Nim (3, 4, 5), depth 4", nim, nim.initial_state(), 4),
        bench("Exchange, depth 3", exchange, exchange.initial_state(), 3),
        bench(
            "Exchange, depth 3, quiescence 4",
            exchange,
            exchange.initial_state(),
            3,
            quiescence=4,
        ),
    ]
    if not all(results):
        print("\nsome value differs from the spec", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
