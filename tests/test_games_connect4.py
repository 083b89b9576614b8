"""Connect Four against its published counts and solutions, and its rules case by case.

Sources:

- OEIS A212693 (John Tromp, 2012), "Number of legal 7 X 6 Connect-Four positions after n
  plies": 1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, ...
- P. Kirlin, Rhodes College CS 355 (Artificial Intelligence), Fall 2014, Project 2 Part A,
  https://cs.rhodes.edu/~kirlinp/courses/ai/f14/projects/proj2/parta.html: the outcome and
  the number of states of a full minimax with a transposition table, for connect-3 and
  connect-4 on small boards (rows × columns).
- C. Steininger, https://github.com/ChristopheSteininger/c4 (README, extending Tromp's table
  of solved board sizes): 4 × 4 Connect Four is a draw.
"""

from fractions import Fraction

import pytest

from gametree.games import ConnectFour, ConnectFourState
from gametree.games.analysis import perft_by_depth, positions_by_ply, solve
from gametree.spec import game_minimax, unfold

STANDARD = ConnectFour()


def board(game: ConnectFour, plays: str) -> ConnectFourState:
    """The state after dropping pieces into the columns named by digits (1-based), in turn."""
    s = game.initial_state()
    for ch in plays:
        s = game.successor(s, int(ch) - 1)
    return s


# --- counts, two ways ------------------------------------------------------------------------

PERFT_7X6 = [1, 7, 49, 343, 2401, 16807, 117649]
"""Leaves of the tree cut at depth d from the empty 7 × 6 board: 7^d while no column can fill
and no game can end (a column holds 6, a line needs 7 plies)."""


def test_perft_from_the_standard_start_by_the_generator() -> None:
    assert perft_by_depth(STANDARD, STANDARD.initial_state(), 6) == PERFT_7X6


@pytest.mark.parametrize("depth", range(5))
def test_perft_by_unfold_agrees_with_the_generator(depth: int) -> None:
    assert unfold(STANDARD, STANDARD.initial_state(), depth).leaf_count == PERFT_7X6[depth]


def test_perft_on_a_small_board_where_columns_fill_and_games_end() -> None:
    game = ConnectFour(3, 3, 3)
    counts = perft_by_depth(game, game.initial_state(), 9)
    assert counts == [1, 3, 9, 27, 78, 210, 480, 940, 1310, 1310]
    assert [unfold(game, game.initial_state(), d).leaf_count for d in range(10)] == counts


@pytest.mark.slow
def test_positions_after_n_plies_are_oeis_a212693() -> None:
    a212693 = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275]
    assert positions_by_ply(STANDARD, STANDARD.initial_state(), 8) == a212693


# --- solved small boards ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rows", "columns", "connect", "value", "states"),
    [
        (3, 3, 3, 0, 694),
        (3, 4, 3, 1, 7157),
        (4, 3, 3, 0, 2715),
        (4, 4, 3, 1, 41750),
        (5, 3, 3, 0, 8789),
        (3, 4, 4, 0, 12031),
        (4, 3, 4, 0, 6000),
        pytest.param(3, 5, 3, 1, 70914, marks=pytest.mark.slow),
        pytest.param(4, 4, 4, 0, 161029, marks=pytest.mark.slow),
    ],
)
def test_small_boards_solve_to_the_published_outcome_over_the_published_states(
    rows: int, columns: int, connect: int, value: int, states: int
) -> None:
    """Kirlin's table (outcome and states), and Steininger's 4 × 4 draw for connect-4."""
    game = ConnectFour(rows, columns, connect)
    solved = solve(game, game.initial_state())
    assert solved.value == value
    assert solved.states == states


def test_solve_agrees_with_the_spec_on_the_whole_game() -> None:
    game = ConnectFour(3, 3, 3)
    assert game_minimax(game, game.initial_state()).value == solve(game, game.initial_state()).value


# --- rules -----------------------------------------------------------------------------------


def lines_by_scanning(s: ConnectFourState, rows: int, k: int) -> set[int]:
    """The players with k in a row, found by walking every cell in 4 directions (no windows)."""
    cols = s.columns
    found = set()
    for c, col in enumerate(cols):
        for r, p in enumerate(col):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + i * dc, r + i * dr) for i in range(k)]
                if all(
                    0 <= cc < len(cols) and 0 <= rr < min(rows, len(cols[cc])) and cols[cc][rr] == p
                    for cc, rr in cells
                ):
                    found.add(p)
    return found


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        ("121212", None),
        ("1212121", 0),  # X stacks column 1
        ("1122334", 0),  # X along the bottom row
        ("71726364", 1),  # O along the bottom row
        ("1223433454", None),
        ("12234334544", 0),  # X's rising diagonal: 1/1, 2/2, 3/3, 4/4 (column/row)
        ("176654554344", 1),  # O's falling diagonal: 7/1, 6/2, 5/3, 4/4
    ],
)
def test_lines_in_every_direction_win(plays: str, winner: int | None) -> None:
    s = board(STANDARD, plays)
    assert STANDARD.winner(s) == winner
    assert lines_by_scanning(s, 6, 4) == ({winner} if winner is not None else set())
    assert STANDARD.is_terminal(s) == (winner is not None)
    if winner is not None:
        assert STANDARD.utility(s) == (1 if winner == 0 else -1)
        assert STANDARD.moves(s) == ()


def test_a_full_column_leaves_the_moves_and_cannot_be_played() -> None:
    game = ConnectFour(2, 3, 3)
    s = board(game, "11")
    assert list(game.moves(s)) == [1, 2]
    with pytest.raises(ValueError, match="not full"):
        game.successor(s, 0)


def test_a_full_board_without_a_line_is_a_draw() -> None:
    game = ConnectFour(2, 2, 2)
    s = board(game, "1")
    assert not game.is_terminal(s)
    game = ConnectFour(1, 3, 3)
    s = board(game, "123")
    assert game.is_terminal(s)
    assert game.utility(s) == 0


def test_the_game_over_allows_no_move_and_utility_needs_an_end() -> None:
    s = board(STANDARD, "1212121")
    with pytest.raises(ValueError, match="the game is over"):
        STANDARD.successor(s, 3)
    with pytest.raises(ValueError, match="finished games only"):
        STANDARD.utility(STANDARD.initial_state())


def test_evaluation_counts_open_windows() -> None:
    game = ConnectFour(4, 4, 3)
    # 24 windows of 3, so the divisor is 3 * 24. X in the corner lies in a row window, a column
    # window and a diagonal: +3. With O on top of it, X keeps its row and diagonal (+2) and O
    # has a row window, the column window above X and a diagonal of its own (-3).
    assert game.evaluate(board(game, "1")) == Fraction(3, 72)
    assert game.evaluate(board(game, "11")) == Fraction(-1, 72)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rows": 0}, "'rows' must be a positive int"),
        ({"columns": True}, "'columns' must be a positive int"),
        ({"rows": 3, "columns": 3, "connect": 4}, "'connect' must fit the board"),
    ],
)
def test_bad_boards_are_rejected(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ConnectFour(**kwargs)


def test_bad_states_are_rejected() -> None:
    with pytest.raises(ValueError, match="X has as many pieces as O or one more"):
        ConnectFourState([[0, 0, 0]])
    with pytest.raises(ValueError, match=r"a piece is 0 \(X\) or 1 \(O\) \(got 2 at column 0"):
        ConnectFourState([[2]])
    with pytest.raises(TypeError, match="columns must be a sequence"):
        ConnectFourState("xo")
    with pytest.raises(ValueError, match="the board has 7 columns"):
        STANDARD.check(ConnectFourState([[0]]))
    with pytest.raises(ValueError, match="above the 2 rows"):
        ConnectFour(2, 2, 2).check(ConnectFourState([[0, 1, 0], []]))
    with pytest.raises(ValueError, match="cannot both have a line"):
        ConnectFour(2, 2, 2).check(ConnectFourState([[0, 1], [0, 1]]))


def test_notation_round_trips_and_bad_input_says_why() -> None:
    s = board(STANDARD, "444444")
    assert [STANDARD.format_move(m) for m in STANDARD.moves(s)] == list("123567")
    assert STANDARD.parse_move(s, " 5 ") == 4
    with pytest.raises(ValueError, match="column 4 is full"):
        STANDARD.parse_move(s, "4")
    with pytest.raises(ValueError, match="there is no column 8"):
        STANDARD.parse_move(s, "8")
    with pytest.raises(ValueError, match=r"a move is a column number 1\.\.7"):
        STANDARD.parse_move(s, "d")
    with pytest.raises(ValueError, match="the game is over"):
        STANDARD.parse_move(board(STANDARD, "1212121"), "3")
