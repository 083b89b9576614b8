"""Whole games between engines, each move checked against the spec.

- Three-player Othello and three-player Chinese Checkers, run to the end between engines with
  Korf's shallow pruning and with paranoid search (and a table mixing the two): every move an
  engine plays is the spec's (``spec.game_maxn``'s best move for a maxn search, spec.paranoid's
  on the cut tree for paranoid), and Korf's bounds hold on every state reached.
- Iterative deepening under a time budget (``impl.Engine``) plays complete two-player games:
  every move (but a few searched deeper than the spec can follow quickly) is optimal at the
  depth the engine completed (``spec.search.optimal_moves``).
  The clock is a fake one that advances a fixed step each time it is read, so the depths
  reached do not depend on the machine.
"""

import itertools
from typing import Any

import pytest

from gametree import spec
from gametree.games import ChineseCheckers, ConnectFour, Kalah, Othello
from gametree.games.engines import EnginePlayer
from gametree.spec import game_maxn, unfold
from gametree.spec.search import optimal_moves


def play_out(game: Any, seats: list[EnginePlayer]) -> list[tuple[Any, int, EnginePlayer]]:
    """Play a game between ``seats`` to its end: each (state, chosen move index, seat)."""
    s = game.initial_state()
    moves: list[tuple[Any, int, EnginePlayer]] = []
    while not game.is_terminal(s):
        seat = seats[game.to_move(s)]
        i = seat.choose(s).move
        moves.append((s, i, seat))
        s = game.successor(s, game.moves(s)[i])
    moves.append((s, -1, seats[0]))
    return moves


def spec_move(game: Any, s: object, seat: EnginePlayer) -> int:
    """The move the spec picks for this seat's search at its depth."""
    assert seat.depth is not None
    if seat.algorithm == "paranoid":
        best = spec.paranoid(unfold(game, s, seat.depth)).best_move
    else:
        best = game_maxn(game, s, seat.depth).best_move
    assert best is not None
    return best


SEATINGS = [
    ("shallow", "shallow", "shallow"),
    ("paranoid", "paranoid", "paranoid"),
    ("shallow", "paranoid", "shallow"),
]


@pytest.mark.parametrize("names", SEATINGS, ids="-".join)
@pytest.mark.parametrize(
    ("game", "depth"),
    [(Othello(3, 6), 3), (ChineseCheckers(3), 2)],
    ids=["othello 3p 6x6", "chinese checkers 3p"],
)
def test_three_player_games_run_to_the_end_with_the_specs_moves(
    game: Any, depth: int, names: tuple[str, ...]
) -> None:
    seats = [EnginePlayer(game, name, depth=depth) for name in names]
    line = play_out(game, seats)
    end = line[-1][0]
    assert game.is_terminal(end)
    for s, i, seat in line[:-1]:
        assert i == spec_move(game, s, seat), f"{seat.algorithm} at {s}"
        value = game.evaluate(s)
        assert game.bounds.problem(value) is None
    assert game.bounds.problem(game.utility(end)) is None
    if isinstance(game, Othello):
        assert sum(game.counts(end)) == end.pieces
    else:
        assert end.ply <= game.max_plies


def fake_clock(step: float = 1.0) -> Any:
    """A clock that reads 0, step, 2·step, ...: time passes only when it is looked at."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "checked"),
    [
        (ConnectFour(4, 5, 4), 6),
        (Kalah(3, 3), 9),
        (Othello(2, 6), 5),
        (ChineseCheckers(2, max_plies=30), 3),
    ],
    ids=["connect4 4x5", "kalah(3,3)", "othello 6x6", "chinese checkers 2p"],
)
def test_deepening_under_a_time_budget_plays_complete_two_player_games(
    game: Any, checked: int
) -> None:
    """Moves searched to at most ``checked`` plies are checked (the spec reads b^d states)."""
    seats = [
        EnginePlayer(game, "alphabeta", time_limit=1, clock=fake_clock()),
        EnginePlayer(game, "alphabeta", time_limit=2, clock=fake_clock()),
    ]
    s = game.initial_state()
    depths = []
    checks = 0
    while not game.is_terminal(s):
        choice = seats[game.to_move(s)].choose(s)
        depths.append(choice.depth)
        if choice.depth <= checked:
            assert choice.move in optimal_moves(game, s, choice.depth)
            checks += 1
        s = game.successor(s, game.moves(s)[choice.move])
    assert game.is_terminal(s)
    assert min(depths) >= 1
    assert max(depths) >= 3
    assert checks >= len(depths) // 4
