"""Nodes impl.Engine saves when a deeper table entry answers (``table_reuse="deeper"``).

    .venv/bin/python bench/table_reuse_bench.py      # a few minutes on 2 cores

Connect Four (7 x 6) from the empty board and after three moves, Kalah(6, 4) from the start,
Othello (8 x 8) from the start, each by iterative deepening to a depth people play with a
Python engine in seconds (the depths are below), with the table, hash move, two killers and
the history heuristic on, once with exact-depth entries (the default, ``exact``) and once
with deeper entries answering too (``deeper``), each with a fresh engine in the same run.
``nodes`` are the engine's exact counts over every iteration; ``deeper/exact`` is the ratio
of the two, the saving in nodes. The value of each is printed: they may differ, which is
what reuse means. The witness criterion is not worked out here (a witness may reach every
state below the horizon); tests/test_engine_witness.py checks it on small games.
No timing: the figures are counts.

Measured (this run's figures, 2026): the ratio is 1.000 on all four positions. In Connect
Four and Othello a state's distance from the root is fixed by the state (one piece a ply;
Othello's passes aside), and iterative deepening stores each entry one ply shallower than
the next iteration asks, so no entry is ever deeper than a search of it needs; Kalah's
extra turns could make it so, and do not at depth 7 from the start. Deeper entries answer
where one state is reached at different plies, which these games rarely or never do.
"""

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gametree.games import ConnectFour, Kalah, Othello
from gametree.impl.engine import Engine

ORDERING: dict[str, Any] = {"table": True, "hash_move": True, "killers": 2, "history": True}


def positions() -> list[tuple[str, Any, Any, int]]:
    """(name, game, state, depth)."""
    c4 = ConnectFour()
    opened = c4.initial_state()
    for m in (3, 3, 2):
        opened = c4.successor(opened, m)
    kalah, othello = Kalah(6, 4), Othello()
    return [
        ("Connect Four, empty board", c4, c4.initial_state(), 7),
        ("Connect Four, after d, d, c", c4, opened, 7),
        ("Kalah(6, 4), start", kalah, kalah.initial_state(), 7),
        ("Othello 8x8, start", othello, othello.initial_state(), 5),
    ]


def main() -> int:
    print(f"{'position':32} {'depth':>5} {'exact nodes':>12} {'deeper nodes':>12} "
          f"{'deeper/exact':>12}  values (exact, deeper)")  # fmt: skip
    for name, game, state, depth in positions():
        counts, values = [], []
        for reuse in ("exact", "deeper"):
            e = Engine(game, table_reuse=reuse, **ORDERING)
            d = e.deepen(state, max_depth=depth)
            counts.append(d.nodes_visited)
            values.append(d.value)
        print(f"{name:32} {depth:>5} {counts[0]:>12} {counts[1]:>12} "
              f"{counts[1] / counts[0]:>12.3f}  {values[0]}, {values[1]}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
