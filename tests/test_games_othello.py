"""N-player Othello: Korf's capture rule case by case, passes, counts two ways, solved boards.

Sources:

- A. Bik, "Perft for Reversi" (https://aartbik.blogspot.com/2009/02/perft-for-reversi.html,
  2009), leaf counts from the standard start: 4, 12, 56, 244, 1396, 8200, 55092, 390216, ...
  (passes start at depth 9, so for these depths every count is of plain placements).
- Wikipedia, "Reversi" (Othello): "On 4×4 and 6×6 boards under perfect play, the second
  player wins." The 4 × 4 margin (8 pieces, 3 to 11 at the end of the principal line) is
  computed here, not published.
- Korf, IJCAI-89, section 3: the capture rule for N players and the evaluation by piece counts.

The counts for three and four players are this module's own (no published figures exist for
the start defined in ``gametree.games.othello``), checked two ways.
"""

import pytest

from gametree.games import PASS, Othello, OthelloState
from gametree.games.analysis import perft_by_depth, solve
from gametree.spec import Bounds, unfold

STANDARD = Othello()
THREE = Othello(3, 6)


def state(game: Othello, rows: str, to_move: int = 0) -> OthelloState:
    """A state drawn as rows of symbols ('.' empty, X O A B ... for players 0, 1, 2, 3)."""
    symbols = {"X": 0, "O": 1, "A": 2, "B": 3}
    cells = [symbols.get(ch) for row in rows.split("/") for ch in row]
    s = OthelloState(cells, to_move)
    game.check(s)
    return s


# --- counts, two ways ------------------------------------------------------------------------

BIK = [1, 4, 12, 56, 244, 1396, 8200, 55092]


@pytest.mark.slow
def test_perft_from_the_standard_start_is_biks() -> None:
    assert perft_by_depth(STANDARD, STANDARD.initial_state(), 7) == BIK


@pytest.mark.parametrize("depth", range(6))
def test_perft_by_unfold_agrees_with_bik(depth: int) -> None:
    assert unfold(STANDARD, STANDARD.initial_state(), depth).leaf_count == BIK[depth]


@pytest.mark.parametrize(
    ("players", "size", "counts"),
    [
        (3, 8, [1, 10, 89, 608, 5010]),
        (4, 8, [1, 12, 144, 1308, 12218]),
        (3, 6, [1, 10, 83, 514, 3826]),
    ],
)
def test_perft_for_more_players_agrees_both_ways(
    players: int, size: int, counts: list[int]
) -> None:
    game = Othello(players, size)
    s = game.initial_state()
    assert perft_by_depth(game, s, len(counts) - 1) == counts
    assert [unfold(game, s, d).leaf_count for d in range(len(counts))] == counts


@pytest.mark.slow
def test_4x4_is_a_second_player_win() -> None:
    game = Othello(2, 4)
    solved = solve(game, game.initial_state())
    assert solved.value == -8
    assert solved.states == 62789


# --- the start -------------------------------------------------------------------------------


def test_two_players_start_from_the_standard_position() -> None:
    s = STANDARD.initial_state()
    at = {STANDARD.format_move(i): c for i, c in enumerate(s.cells) if c is not None}
    assert at == {"d4": 1, "e4": 0, "d5": 0, "e5": 1}
    assert s.to_move == 0


@pytest.mark.parametrize(("players", "size"), [(3, 6), (3, 8), (4, 6), (5, 7)])
def test_more_players_start_from_a_latin_square_block(players: int, size: int) -> None:
    game = Othello(players, size)
    s = game.initial_state()
    top = (size - players) // 2
    block = [[s.cells[(top + r) * size + top + c] for c in range(players)] for r in range(players)]
    every = set(range(players))
    assert all(set(row) == every for row in block)
    assert all({row[c] for row in block} == every for c in range(players))
    assert s.pieces == players * players
    assert game.counts(s) == (players,) * players
    assert game.moves(s), "the first player can move"


# --- Korf's capture rule ---------------------------------------------------------------------


def test_a_mixed_row_flanked_by_the_mover_is_captured() -> None:
    s = state(THREE, "XOA.../....../....../....../....../......")
    t = THREE.successor(s, 3)
    assert t.cells[:4] == (0, 0, 0, 0)
    assert THREE.counts(t) == (4, 0, 0)


def test_a_row_not_ending_in_the_movers_piece_is_not_captured() -> None:
    # A at d1 would see O then X to its left: X is not A, so nothing is flanked that way.
    s = state(THREE, "XO..../...A../....../....../....../......", to_move=2)
    assert 2 not in THREE.placements(s, 2)
    # A gap breaks a row: X at a2 and O at c2 with b2 empty flank nothing for X at d2.
    s = state(THREE, "....../X.O.../....../....../....../......")
    assert THREE.placements(s, 0) == ()


def test_captures_run_in_every_direction_at_once() -> None:
    s = state(STANDARD, "......../.X.X.X../..OOO.../.XO.OX../..OOO.../.X.X.X../......../........")
    t = STANDARD.successor(s, 3 * 8 + 3)  # d4, ringed by O, each O backed by an X
    changed = sorted(STANDARD.format_move(i) for i in range(64) if s.cells[i] != t.cells[i])
    assert changed == sorted(["c3", "d3", "e3", "c4", "d4", "e4", "c5", "d5", "e5"])
    assert STANDARD.counts(t) == (17, 0)


def test_mixed_rays_of_several_opponents_are_captured_in_several_directions() -> None:
    s = state(THREE, "X...X./.O.A../...OAX/....../....../......")
    assert THREE.counts(s) == (3, 2, 2)
    t = THREE.successor(s, 2 * 6 + 2)  # c3
    # Up-left b2 (O) then a1 (X); up-right d2 (A) then e1 (X); right d3 (O), e3 (A), f3 (X).
    changed = sorted(THREE.format_move(i) for i in range(36) if s.cells[i] != t.cells[i])
    assert changed == ["b2", "c3", "d2", "d3", "e3"]
    assert THREE.counts(t) == (8, 0, 0)


def test_a_player_without_a_placement_passes_and_the_end_is_when_nobody_can_place() -> None:
    game = Othello(2, 4)
    s = state(game, "XO../..../..../....", to_move=1)
    assert game.placements(s, 1) == ()
    assert game.moves(s) == (PASS,)
    t = game.successor(s, PASS)
    assert t == OthelloState(s.cells, 0)
    assert game.format_move(game.moves(t)[0]) == "c1"
    over = state(game, "XX../..../..../....", to_move=1)
    assert game.is_terminal(over)
    assert game.moves(over) == ()
    assert game.utility(over) == 2


def test_three_players_pass_in_turn() -> None:
    s = state(THREE, "XO..../....../....../....../....../......", to_move=1)
    assert THREE.moves(s) == (PASS,)
    t = THREE.successor(s, PASS)
    assert t.to_move == 2
    assert THREE.moves(t) == (PASS,)
    assert THREE.successor(t, PASS).to_move == 0


# --- values and bounds -----------------------------------------------------------------------


def test_values_are_piece_counts_and_their_difference() -> None:
    s = state(THREE, "XOA.../....../....../....../....../......")
    assert THREE.evaluate(s) == (1, 1, 1)
    assert STANDARD.evaluate(STANDARD.initial_state()) == 0
    assert STANDARD.bounds is None
    assert THREE.bounds == Bounds(0, 36)
    assert THREE.bounds_below(s, 4) == Bounds(0, 7)
    assert THREE.bounds_below(s, 100) == Bounds(0, 36)
    with pytest.raises(ValueError, match="for N >= 3 players"):
        STANDARD.bounds_below(STANDARD.initial_state(), 2)


# --- errors, drawing, notation ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "'players' must be an int >= 2"),
        ({"size": 2}, "'size' must be an int >= 3"),
        ({"players": 3, "size": 4}, "size >= players \\+ 2"),
    ],
)
def test_bad_games_are_rejected(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Othello(**kwargs)


def test_bad_states_and_moves_are_rejected() -> None:
    with pytest.raises(ValueError, match="cell 1 must be a player index"):
        OthelloState([None, "X"], 0)  # type: ignore[list-item]
    with pytest.raises(ValueError, match="has 64 cells"):
        STANDARD.check(OthelloState([None] * 36, 0))
    with pytest.raises(ValueError, match="cell 0 holds player 2, but there are 2"):
        STANDARD.check(OthelloState([2] + [None] * 63, 0))
    with pytest.raises(ValueError, match="a move is a cell index where the mover captures"):
        STANDARD.successor(STANDARD.initial_state(), 0)
    with pytest.raises(ValueError, match="a move is a cell index"):
        STANDARD.successor(STANDARD.initial_state(), PASS)


def test_notation_round_trips_and_bad_input_says_why() -> None:
    s = STANDARD.initial_state()
    assert [STANDARD.parse_move(s, STANDARD.format_move(m)) for m in STANDARD.moves(s)] == list(
        STANDARD.moves(s)
    )
    assert STANDARD.parse_move(s, " D3 ") == 19
    for text, message in [
        ("d4", "d4 is taken"),
        ("a1", "a1 captures nothing"),
        ("i1", "a move is a cell like 'd3'"),
        ("a9", "there is no row 9"),
        ("pass", "you can only pass when you have no placement"),
        ("", "a move is a cell like"),
    ]:
        with pytest.raises(ValueError, match=message):
            STANDARD.parse_move(s, text)
    game = Othello(2, 4)
    stuck = state(game, "XO../..../..../....", to_move=1)
    assert game.parse_move(stuck, "pass") is PASS
    with pytest.raises(ValueError, match="type 'pass'"):
        game.parse_move(stuck, "c1")
