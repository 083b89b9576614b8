"""Nim and tic-tac-toe against what is known about them, and against the spec's definitions.

Nim is checked against Bouton's theorem (1901), tic-tac-toe against its known figures (a draw;
549,946 nodes and 255,168 finished games) and a few positions solved by hand. Both are then
run through ``spec.unfold``: the tree definitions on the unfolded tree must agree with the game
definitions on the game (the Min-Max and Game Tree Search notes and the CSCE 315 slides define
both).
"""

import contextlib
import itertools
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from gametree.games import LINES, Board, Nim, NimMove, NimState, TicTacToe, nim_sum, winner
from gametree.spec import (
    EvaluatedGame,
    Game,
    Node,
    TreeError,
    game_minimax,
    game_negamax,
    minimax,
    negamax,
    unfold,
    worth,
)
from gametree.spec.values import Value

S = TypeVar("S")
M = TypeVar("M")

TICTACTOE = TicTacToe()


@st.composite
def nim_positions(draw: st.DrawFn) -> tuple[Nim, NimState]:
    """A Nim game of at most 3 heaps of at most 3, 6 in all (≤ 550 nodes), and a player to move.

    Shrinks towards no heaps with player 0 to move.
    """
    heaps = draw(st.lists(st.integers(0, 3), max_size=3).filter(lambda hs: sum(hs) <= 6))
    return Nim(heaps), NimState(heaps, draw(st.integers(0, 1)))


@st.composite
def boards(draw: st.DrawFn, *, min_plies: int = 0, max_plies: int = 9) -> Board:
    """A board reached by playing between min_plies and max_plies random moves from the start.

    Stops early when the game is over. Shrinks towards the fewest plies and the leftmost moves.
    """
    b = TICTACTOE.initial_state()
    for _ in range(draw(st.integers(min_plies, max_plies))):
        if TICTACTOE.is_terminal(b):
            break
        ms = TICTACTOE.moves(b)
        b = TICTACTOE.successor(b, ms[draw(st.integers(0, len(ms) - 1))])
    return b


def depths_for(b: Board) -> st.SearchStrategy[int | None]:
    """Depths 0..3, and no limit when at most 5 cells are empty (≤ 326 nodes)."""
    limited: st.SearchStrategy[int | None] = st.integers(0, 3)
    return limited | st.none() if b.cells.count(None) <= 5 else limited


@st.composite
def tictactoe_searches(draw: st.DrawFn) -> tuple[Board, int | None]:
    """A reachable board and a depth whose cut tree is small. Shrinks towards (empty, 0)."""
    b = draw(boards())
    return b, draw(depths_for(b))


@st.composite
def nim_searches(draw: st.DrawFn) -> tuple[Nim, NimState, int | None]:
    """A small Nim position and a depth in 0..3 or no limit."""
    game, s = draw(nim_positions())
    return game, s, draw(st.integers(0, 3) | st.none())


def reachable_boards() -> set[Board]:
    """Every board reachable from the empty one, by an explicit walk independent of the spec."""
    seen: set[Board] = set()
    stack = [TICTACTOE.initial_state()]
    while stack:
        b = stack.pop()
        if b in seen:
            continue
        seen.add(b)
        if not TICTACTOE.is_terminal(b):
            stack.extend(TICTACTOE.successor(b, m) for m in TICTACTOE.moves(b))
    return seen


def replay(game: Game[S, M], s: S, path: Sequence[int]) -> S:
    """The state reached from ``s`` by taking, at each step, the move at that index."""
    for i in path:
        s = game.successor(s, game.moves(s)[i])
    return s


def check_unfold_agrees(game: EvaluatedGame[S, M], s: S, depth: int | None) -> None:
    """Unfold, then the tree definition, equals the game definition (value and variation)."""
    t = unfold(game, s, depth)
    by_game = game_minimax(game, s, depth)
    assert minimax(t) == by_game
    to_game = game_negamax(game, s, depth)
    if isinstance(t, Node):
        assert negamax(t) == to_game
    else:
        # The cut tree is a lone leaf (a terminal root, or depth 0). A tree names no player at
        # a leaf, so spec.minimax.negamax takes a lone leaf as a root where player 0 moves and
        # returns its value from player 0's view. game_negamax knows the state's mover and
        # returns e(x), the value to that player (the Min-Max notes). They agree when player 0
        # moves.
        assert negamax(t).value == by_game.value
        assert to_game.value == worth(by_game.value, game.to_move(s))
        assert to_game.principal_variation == ()


def check_negamax_is_signed_minimax(game: Game[S, M], s: S, depth: int | None) -> None:
    """ModMinMax is minimax seen by the player to move, with the same principal variation."""
    by_game = game_minimax(game, s, depth)
    to_game = game_negamax(game, s, depth)
    assert to_game.value == worth(by_game.value, game.to_move(s))
    assert to_game.principal_variation == by_game.principal_variation


def check_variation_reaches_value(game: EvaluatedGame[S, M], s: S, depth: int | None) -> None:
    """The principal variation, played out, ends where the backed-up value was found."""
    solution = game_minimax(game, s, depth)
    end = replay(game, s, solution.principal_variation)
    found: Value
    if game.is_terminal(end):
        found = game.utility(end)
    else:
        assert len(solution.principal_variation) == depth
        found = game.evaluate(end)
    assert found == solution.value
    assert depth is None or len(solution.principal_variation) <= depth


# --- Nim against Bouton's theorem ----------------------------------------------------------


@given(nim_positions())
@example((Nim((1, 2, 3)), NimState((1, 2, 3), 0)))
@example((Nim(()), NimState((), 1)))
def test_nim_minimax_is_a_win_for_the_mover_iff_the_nim_sum_is_not_zero(
    position: tuple[Nim, NimState],
) -> None:
    game, s = position
    value = game_minimax(game, s).value
    assert worth(value, s.to_move) == (1 if nim_sum(s.heaps) != 0 else -1)


@given(nim_positions())
def test_nim_negamax_is_plus_one_to_the_mover_iff_the_nim_sum_is_not_zero(
    position: tuple[Nim, NimState],
) -> None:
    game, s = position
    assert game_negamax(game, s).value == (1 if nim_sum(s.heaps) != 0 else -1)


@given(nim_positions(), st.integers(0, 3))
def test_nim_evaluation_is_perfect_at_every_depth(
    position: tuple[Nim, NimState], depth: int
) -> None:
    game, s = position
    assert game.evaluate(s) == game_minimax(game, s).value
    assert game_minimax(game, s, depth).value == game_minimax(game, s).value


@given(nim_positions())
def test_nim_best_move_from_a_win_leaves_a_nim_sum_of_zero(position: tuple[Nim, NimState]) -> None:
    game, s = position
    best = game_minimax(game, s).best_move
    if nim_sum(s.heaps) != 0:
        assert best is not None
        assert nim_sum(game.successor(s, game.moves(s)[best]).heaps) == 0


def test_nim_moves_are_by_heap_then_count() -> None:
    game = Nim((2, 0, 1))
    assert list(game.moves(game.initial_state())) == [(0, 1), (0, 2), (2, 1)]


def test_nim_terminal_state_is_a_loss_for_the_player_who_cannot_move() -> None:
    game = Nim((0, 0))
    assert game.utility(NimState((0, 0), 0)) == -1
    assert game.utility(NimState((0, 0), 1)) == 1


@pytest.mark.parametrize(
    ("heaps", "error", "message"),
    [
        ((1, -1), ValueError, r"heap 1 must be non-negative \(got -1"),
        ((1, 1.5), TypeError, r"heap 1 must be an int \(got 1.5 of type float"),
        ((True,), TypeError, r"heap 0 must be an int \(got True of type bool"),
        ("12", TypeError, r"heaps must be a sequence of ints \(got '12' of type str\)"),
    ],
)
def test_nim_rejects_bad_heaps(heaps: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        Nim(heaps)  # type: ignore[arg-type]
    with pytest.raises(error, match=message):
        NimState(heaps)  # type: ignore[arg-type]


@pytest.mark.parametrize("move", [(0, 0), (0, 3), (1, 1), (-1, 1)])
def test_nim_rejects_illegal_moves(move: NimMove) -> None:
    game = Nim((2,))
    with pytest.raises(ValueError, match="a move"):
        game.successor(game.initial_state(), move)


def test_nim_rejects_a_bad_player_and_utility_before_the_end() -> None:
    with pytest.raises(ValueError, match=r"'to_move' must be 0 or 1 \(got 2\)"):
        NimState((1,), 2)
    with pytest.raises(ValueError, match="every heap is empty"):
        Nim((1,)).utility(NimState((1,)))


# --- tic-tac-toe: known figures and positions ------------------------------------------------


@pytest.mark.slow
def test_tictactoe_is_a_draw() -> None:
    solution = game_minimax(TICTACTOE, TICTACTOE.initial_state())
    assert solution.value == 0
    end = replay(TICTACTOE, TICTACTOE.initial_state(), solution.principal_variation)
    assert TICTACTOE.is_terminal(end)
    assert TICTACTOE.utility(end) == 0


@pytest.mark.slow
def test_tictactoe_tree_has_the_known_numbers_of_nodes_and_finished_games() -> None:
    counts = {"nodes": 0, 1: 0, -1: 0, 0: 0}
    stack = [TICTACTOE.initial_state()]
    while stack:
        b = stack.pop()
        counts["nodes"] += 1
        if TICTACTOE.is_terminal(b):
            counts[TICTACTOE.utility(b)] += 1
        else:
            stack.extend(TICTACTOE.successor(b, m) for m in TICTACTOE.moves(b))
    assert counts == {"nodes": 549_946, 1: 131_184, -1: 77_904, 0: 46_080}


@pytest.mark.parametrize(
    ("text", "depth", "value", "best_cell"),
    [
        ("XX./OO./...", 1, 1, 2),  # X completes the top row
        ("XX./OO./X..", 1, -1, 5),  # O completes the middle row, ignoring X's threat
        ("XO./.../...", None, 1, 3),  # O's adjacent edge loses: X 3 forces O 6, X 4 forks
        ("XO./.../...", 5, 1, 3),  # the fork's win is 5 plies deep
        ("X../.O./..X", None, 0, 1),  # O must take an edge...
        ("X.O/.O./..X", None, 1, 6),  # ...because a corner lets X fork
        (".../.../...", 2, Fraction(1, 8), 4),  # X centre, O corner: 5 - 4 open lines
    ],
)
def test_tictactoe_known_positions(
    text: str, depth: int | None, value: Fraction, best_cell: int
) -> None:
    b = Board.parse(text)
    solution = game_minimax(TICTACTOE, b, depth)
    assert solution.value == value
    assert solution.best_move is not None
    assert TICTACTOE.moves(b)[solution.best_move] == best_cell


def test_tictactoe_win_is_beyond_the_horizon_at_depth_four() -> None:
    b = Board.parse("XO./.../...")
    assert -1 < game_minimax(TICTACTOE, b, 4).value < 1
    assert game_minimax(TICTACTOE, b, 5).value == 1


@pytest.mark.parametrize(
    ("text", "over", "value"),
    [
        ("XXX/OO./...", True, 1),
        ("XX./OOO/X..", True, -1),
        ("XOX/XOO/OXX", True, 0),
        ("XO./.../...", False, None),
    ],
)
def test_tictactoe_terminal_boards(text: str, *, over: bool, value: int | None) -> None:
    b = Board.parse(text)
    assert TICTACTOE.is_terminal(b) is over
    if over:
        assert TICTACTOE.utility(b) == value
        assert TICTACTOE.moves(b) == ()
        assert game_minimax(TICTACTOE, b, 3).value == value
    else:
        with pytest.raises(ValueError, match="finished boards only"):
            TICTACTOE.utility(b)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (".../.../...", Fraction(0)),
        (".../.X./...", Fraction(4, 8)),  # X: 8 open lines; O: the 4 that miss the centre
        ("X../.../...", Fraction(3, 8)),
        ("X../.O./...", Fraction(-1, 8)),  # X: 4 open; O: 5 open
    ],
)
def test_tictactoe_evaluation_counts_open_lines(text: str, value: Fraction) -> None:
    assert TICTACTOE.evaluate(Board.parse(text)) == value


def test_tictactoe_evaluation_is_strictly_between_loss_and_win() -> None:
    values = {TICTACTOE.evaluate(b) for b in reachable_boards() if not TICTACTOE.is_terminal(b)}
    assert (min(values), max(values)) == (Fraction(-3, 8), Fraction(1, 2))


def test_board_accepts_exactly_the_reachable_boards() -> None:
    legal = set()
    for cells in itertools.product((None, 0, 1), repeat=9):
        for p in (0, 1):
            with contextlib.suppress(ValueError):
                legal.add(Board(cells, p))
    reachable = reachable_boards()
    assert len(reachable) == 5_478
    assert legal == reachable


@given(boards())
def test_board_string_round_trips(b: Board) -> None:
    assert Board.parse(str(b)) == b
    assert eval(repr(b)) == b
    assert TICTACTOE.is_terminal(b) == (None not in b.cells or winner(b.cells) is not None)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X.O/.X.", "three rows of three cells"),
        ("X.O/.X./..O/...", "three rows of three cells"),
        ("X.O.X...O", "three rows of three cells"),
        ("X.O/.X../.O", "three rows of three cells"),
        ("X.O/.x./..O", r"a cell is 'X', 'O' or '.' \(got 'x' at row 1, column 1"),
        ("XXX/.../...", r"as many marks as O or one more \(got 3 X and 0 O\), in 'XXX/"),
        ("OO./X../...", r"got 1 X and 2 O"),
        ("XXX/OOO/...", "cannot both have a line"),
        ("XXX/OO./O..", "X has a line, so the game ended before O's last move"),
        ("OOO/XX./X.X", "O has a line, so the game ended before X's last move"),
    ],
)
def test_board_parse_rejects_malformed_strings(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Board.parse(text)


def test_board_rejects_bad_cells_and_players() -> None:
    with pytest.raises(ValueError, match="a board has 9 cells"):
        Board((None,) * 8, 0)
    with pytest.raises(ValueError, match=r"cell 4 must be 0 \(X\), 1 \(O\) or None"):
        Board((None, None, None, None, 2, None, None, None, None), 0)
    with pytest.raises(ValueError, match=r"cell 0 must be .* \(got True of type bool\)"):
        Board((True, *(None,) * 8), 1)
    with pytest.raises(ValueError, match=r"it is X's turn, player 0 \(got to_move=1\)"):
        Board((None,) * 9, 1)
    with pytest.raises(TypeError, match="'to_move' must be an int"):
        Board((None,) * 9, to_move=False)
    with pytest.raises(TypeError, match="must be a str"):
        Board.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "move", "message"),
    [
        ("X../.../...", 0, "empty cell"),
        ("X../.../...", 9, "empty cell"),
        ("X../.../...", -1, "empty cell"),
        ("XXX/OO./...", 8, "the game is over"),
    ],
)
def test_tictactoe_rejects_illegal_moves(text: str, move: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TICTACTOE.successor(Board.parse(text), move)


def test_tictactoe_lines_cover_rows_columns_and_diagonals() -> None:
    assert sorted(map(sorted, LINES)) == sorted(
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]
    )


# --- both games against the spec ------------------------------------------------------------


@given(tictactoe_searches())
@example((Board.parse("XXX/OO./..."), 2))
@example((Board.parse("XO./.../..."), 0))
def test_tictactoe_unfold_then_spec_equals_spec_on_the_game(
    search: tuple[Board, int | None],
) -> None:
    check_unfold_agrees(TICTACTOE, *search)


@given(nim_searches())
@example((Nim((0, 0)), NimState((0, 0), 1), None))
@example((Nim((1, 2)), NimState((1, 2), 1), 0))
def test_nim_unfold_then_spec_equals_spec_on_the_game(
    search: tuple[Nim, NimState, int | None],
) -> None:
    game, s, depth = search
    check_unfold_agrees(game, s, depth)


def test_negamax_of_a_terminal_root_differs_between_tree_and_game() -> None:
    game, s = Nim((0,)), NimState((0,), 1)
    assert negamax(unfold(game, s)).value == 1
    assert game_negamax(game, s).value == -1


@given(tictactoe_searches())
def test_tictactoe_negamax_is_minimax_signed_by_the_mover(
    search: tuple[Board, int | None],
) -> None:
    check_negamax_is_signed_minimax(TICTACTOE, *search)


@given(nim_searches())
def test_nim_negamax_is_minimax_signed_by_the_mover(
    search: tuple[Nim, NimState, int | None],
) -> None:
    check_negamax_is_signed_minimax(*search)


@given(tictactoe_searches())
def test_tictactoe_principal_variation_reaches_the_value(
    search: tuple[Board, int | None],
) -> None:
    check_variation_reaches_value(TICTACTOE, *search)


@given(nim_searches())
def test_nim_principal_variation_reaches_the_value(
    search: tuple[Nim, NimState, int | None],
) -> None:
    check_variation_reaches_value(*search)


# --- errors the spec raises on games ---------------------------------------------------------


class Unevaluated:
    """Tic-tac-toe without a static evaluation: a ``spec.Game`` but not an ``EvaluatedGame``."""

    players = 2

    def initial_state(self) -> Board:
        return TICTACTOE.initial_state()

    def to_move(self, state: Board) -> int:
        return TICTACTOE.to_move(state)

    def moves(self, state: Board) -> Sequence[int]:
        return TICTACTOE.moves(state)

    def successor(self, state: Board, move: int) -> Board:
        return TICTACTOE.successor(state, move)

    def is_terminal(self, state: Board) -> bool:
        return TICTACTOE.is_terminal(state)

    def utility(self, state: Board) -> int:
        return TICTACTOE.utility(state)


UNEVALUATED: Game[Board, int] = Unevaluated()


@pytest.mark.parametrize(
    ("text", "depth", "path"),
    [
        (".../.../...", 0, ()),
        (".../.../...", 1, (0,)),
        ("XX./OO./...", 1, (1,)),  # cell 2 ends the game; cell 5 is the first cut non-terminal
        ("XX./OO./...", 2, (1, 0)),
    ],
)
def test_a_cut_without_an_evaluation_names_the_path(
    text: str, depth: int, path: tuple[int, ...]
) -> None:
    with pytest.raises(TreeError, match="no static evaluation") as raised:
        game_minimax(UNEVALUATED, Board.parse(text), depth)
    assert raised.value.path == path
    assert str(raised.value).endswith(f"at path {list(path)}")
    with pytest.raises(TreeError, match="no static evaluation"):
        unfold(UNEVALUATED, Board.parse(text), depth)


def test_a_game_without_an_evaluation_needs_none_when_the_cut_only_meets_terminals() -> None:
    b = Board.parse("XOX/XOO/OX.")
    assert game_minimax(UNEVALUATED, b, 1).value == 0
    assert game_minimax(
        UNEVALUATED, Board.parse("XO./.../..."), 1, evaluate=TICTACTOE.evaluate
    ) == (game_minimax(TICTACTOE, Board.parse("XO./.../..."), 1))


@pytest.mark.parametrize("depth", [-1, -5, True, 1.5])
def test_a_bad_depth_is_rejected(depth: object) -> None:
    for definition in (game_minimax, game_negamax):
        with pytest.raises(TreeError, match="'depth' must be a non-negative int or None"):
            definition(TICTACTOE, TICTACTOE.initial_state(), depth)  # type: ignore[arg-type]
    with pytest.raises(TreeError, match="'depth' must be a non-negative int or None"):
        unfold(Nim((1,)), NimState((1,)), depth)  # type: ignore[arg-type]
