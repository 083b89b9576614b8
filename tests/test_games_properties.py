"""What every game of ``gametree.games`` must satisfy, on random play (Hypothesis).

For Connect Four, Kalah, N-player Othello and Chinese Checkers, in several sizes:

- the moves are legal: every listed move can be played, the result is a state of the game,
  and a state has moves exactly when it is not over;
- every game ends, within the length its rules allow;
- what should be conserved is (pieces, seeds), ply by ply;
- Korf's declared bounds hold on the value of every state reached (N ≥ 3), and the tighter
  bounds a search from a state may use hold on every state within that many plies;
- a two-player evaluation lies strictly between the worst and best utilities.

The strategies here (``plays``, ``positions``) are shared by the other ``test_games_*`` files.
"""

from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.games import (
    PASS,
    ChineseCheckers,
    ChineseCheckersState,
    ConnectFour,
    ConnectFourState,
    Kalah,
    KalahState,
    Othello,
    OthelloState,
)
from gametree.spec import Bounds, Value

AnyGame = Any
"""The games are generic in their state and move types; the tests treat them alike."""


# --- strategies ------------------------------------------------------------------------------


@st.composite
def plays(
    draw: st.DrawFn, game: AnyGame, *, min_plies: int = 0, max_plies: int = 1000
) -> list[tuple[object, object]]:
    """A random game from the start: the (state, move) pairs played, then (last state, None).

    Plays between ``min_plies`` and ``max_plies`` plies, fewer if the game ends. Shrinks
    towards fewer plies and the first move in the game's order at each.
    """
    s = game.initial_state()
    line: list[tuple[object, object]] = []
    plies = draw(st.integers(min_plies, max_plies))
    for _ in range(plies):
        if game.is_terminal(s):
            break
        ms = game.moves(s)
        m = ms[draw(st.integers(0, len(ms) - 1))]
        line.append((s, m))
        s = game.successor(s, m)
    line.append((s, None))
    return line


@st.composite
def positions(draw: st.DrawFn, game: AnyGame, *, min_plies: int = 0, max_plies: int = 40) -> Any:
    """A state reached by random play from the start (see ``plays``)."""
    line = draw(plays(game, min_plies=min_plies, max_plies=max_plies))
    return line[-1][0]


# --- the games and their laws ----------------------------------------------------------------


@attrs.frozen
class Case:
    """A game to check, the most plies its rules allow, and its law for one ply."""

    name: str
    game: AnyGame
    longest: int
    step: Callable[[AnyGame, Any, Any, Any], None]

    def __str__(self) -> str:
        return self.name


def connect4_step(game: ConnectFour, s: ConnectFourState, m: int, t: ConnectFourState) -> None:
    """One piece more, on top of column m, the mover's; nothing else changes."""
    assert t.pieces == s.pieces + 1
    assert t.columns[m] == (*s.columns[m], game.to_move(s))
    assert all(t.columns[c] == s.columns[c] for c in range(game.columns) if c != m)
    assert game.to_move(t) == 1 - game.to_move(s)


def kalah_step(game: Kalah, s: KalahState, m: int, t: KalahState) -> None:
    """Seeds are conserved; stores never lose seeds; the opponent's store gains only at the end.

    The mover moves again exactly when the last seed went into their store: then the store
    gained a seed and the game is not over.
    """
    p = s.to_move
    assert sum(t.pits) == sum(s.pits) == game.total
    assert t.store(0) >= s.store(0)
    assert t.store(1) >= s.store(1)
    if not game.is_terminal(t):
        assert t.store(1 - p) == s.store(1 - p)
        seeds = s.side(p)[m]
        lands_in_store = (m + seeds) % (2 * game.pits + 1) == game.pits
        assert (t.to_move == p) == lands_in_store
    else:
        assert not any(t.side(0))
        assert not any(t.side(1))


def othello_step(game: Othello, s: OthelloState, m: int | None, t: OthelloState) -> None:
    """A pass changes nothing but the mover; a placement adds one piece and only captures.

    Every cell that changes becomes the mover's, the placed cell was empty, at least one
    piece is captured, and the mover loses none.
    """
    p = s.to_move
    assert t.to_move == (p + 1) % game.players
    if m is PASS:
        assert t.cells == s.cells
        assert not game.placements(s, p)
        return
    assert t.pieces == s.pieces + 1
    assert s.cells[m] is None
    changed = [i for i in range(len(s.cells)) if s.cells[i] != t.cells[i]]
    assert all(t.cells[i] == p for i in changed)
    assert len(changed) >= 2
    before, after = game.counts(s), game.counts(t)
    assert after[p] == before[p] + len(changed)
    assert all(after[q] <= before[q] for q in range(game.players) if q != p)


def chinese_checkers_step(
    game: ChineseCheckers,
    s: ChineseCheckersState,
    m: tuple[int, int] | None,
    t: ChineseCheckersState,
) -> None:
    """Only the mover's piece on m[0] moves, to an empty hole m[1]; every count is kept."""
    p = s.to_move
    assert t.ply == s.ply + 1
    assert t.to_move == (p + 1) % game.players
    assert [len(hs) for hs in t.pieces] == [len(hs) for hs in s.pieces]
    assert all(t.pieces[q] == s.pieces[q] for q in range(game.players) if q != p)
    holes = [i for hs in t.pieces for i in hs]
    assert len(holes) == len(set(holes))
    if m is PASS:
        assert t.pieces == s.pieces
    else:
        frm, to = m
        occupied = {i for hs in s.pieces for i in hs}
        assert frm in s.pieces[p]
        assert to not in occupied
        assert set(t.pieces[p]) == (set(s.pieces[p]) - {frm}) | {to}


CASES = [
    Case("connect4 6x7", ConnectFour(), 42, connect4_step),
    Case("connect3 4x5", ConnectFour(4, 5, 3), 20, connect4_step),
    Case("kalah(6,4)", Kalah(6, 4), 2000, kalah_step),
    Case("kalah(4,3) empty capture", Kalah(4, 3, empty_capture=True), 2000, kalah_step),
    Case("othello 2p 8x8", Othello(), 2 * 60, othello_step),
    Case("othello 3p 6x6", Othello(3, 6), 3 * 27, othello_step),
    Case("othello 4p 6x6", Othello(4, 6), 4 * 20, othello_step),
    Case("chinese checkers 2p", ChineseCheckers(2), 80, chinese_checkers_step),
    Case("chinese checkers 3p", ChineseCheckers(3), 120, chinese_checkers_step),
    Case("chinese checkers 6p", ChineseCheckers(6, max_plies=90), 90, chinese_checkers_step),
    Case("chinese checkers 3p k=3", ChineseCheckers(3, 3, 60), 60, chinese_checkers_step),
]
"""Every game checked here, with the longest game its rules allow.

Connect Four fills a cell a ply; Othello fills one a placement, with at most N - 1 passes in a
row, so at most N plies per empty cell; Chinese Checkers stops at its move limit. Kalah's bound
is not from the rules: a Kalah game ends (see ``gametree.games.kalah``), and 2000 plies is far
beyond any game seen."""

MULTI = [c for c in CASES if c.game.players > 2]
TWO = [c for c in CASES if c.game.players == 2]


def value(game: AnyGame, s: object) -> Value:
    """A state's value as a leaf: its utility if the game is over, else its evaluation."""
    v: Value = game.utility(s) if game.is_terminal(s) else game.evaluate(s)
    return v


# --- the properties --------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=str)
@settings(max_examples=20)
@given(data=st.data())
def test_random_games_are_legal_end_and_keep_their_laws(case: Case, data: st.DataObject) -> None:
    game = case.game
    line = data.draw(plays(game, max_plies=case.longest + 1))
    for s, m in line[:-1]:
        assert not game.is_terminal(s)
        ms = game.moves(s)
        assert ms
        assert len(set(ms)) == len(ms)
        assert m in ms
        game.check(s)
        t = game.successor(s, m)
        case.step(game, s, m, t)
    end = line[-1][0]
    game.check(end)
    assert len(line) - 1 <= case.longest
    if game.is_terminal(end):
        assert game.moves(end) == ()
        game.utility(end)


@pytest.mark.parametrize("case", CASES, ids=str)
@settings(max_examples=10)
@given(data=st.data())
def test_every_game_ends_within_the_length_its_rules_allow(case: Case, data: st.DataObject) -> None:
    game = case.game
    line = data.draw(plays(game, min_plies=case.longest + 1, max_plies=case.longest + 1))
    end = line[-1][0]
    assert game.is_terminal(end), f"{case} did not end in {case.longest} plies"
    assert game.moves(end) == ()


@pytest.mark.parametrize("case", CASES, ids=str)
@settings(max_examples=10)
@given(data=st.data())
def test_every_listed_move_can_be_played_and_others_cannot(case: Case, data: st.DataObject) -> None:
    game = case.game
    s = data.draw(positions(game, max_plies=case.longest))
    ms = list(game.moves(s))
    for m in ms:
        game.check(game.successor(s, m))
    for bad in illegal_moves(game, s, ms):
        with pytest.raises(ValueError, match="move"):
            game.successor(s, bad)


def illegal_moves(game: AnyGame, s: object, legal: Sequence[object]) -> list[object]:
    """Moves of the right shape that are not legal in ``s`` (a few, chosen by the game)."""
    if isinstance(game, ConnectFour | Kalah):
        width = game.columns if isinstance(game, ConnectFour) else game.pits
        return [m for m in (-1, *range(width + 1), True) if m not in legal]
    if isinstance(game, Othello):
        cells = range(-1, game.size * game.size + 1)
        others = [PASS] if legal and list(legal) != [PASS] else []
        return [*[m for m in cells if m not in legal][:8], *others]
    assert isinstance(game, ChineseCheckers)
    holes = len(game.star.holes)
    shaped = [(0, 0), (0, holes), (holes, 0), *((i, i) for i in range(3))]
    return [m for m in shaped if m not in legal] + ([PASS] if list(legal) != [PASS] else [])


@pytest.mark.parametrize("case", MULTI, ids=str)
@settings(max_examples=20)
@given(data=st.data(), depth=st.integers(1, 4))
def test_korf_bounds_hold_on_every_state_reached(
    case: Case, data: st.DataObject, depth: int
) -> None:
    game = case.game
    line = [s for s, _ in data.draw(plays(game, max_plies=case.longest))]
    bounds: Bounds = game.bounds
    for i, s in enumerate(line):
        v = value(game, s)
        assert isinstance(v, tuple)
        assert len(v) == game.players
        assert bounds.problem(v) is None, f"{v} breaks {bounds}"
        near = game.bounds_below(s, depth)
        for t in line[i : i + depth + 1]:
            w = value(game, t)
            assert isinstance(w, tuple)
            assert near.problem(w) is None, f"{w}, within {depth} plies of {v}, breaks {near}"


@pytest.mark.parametrize("case", TWO, ids=str)
@settings(max_examples=20)
@given(data=st.data())
def test_two_player_evaluations_lie_strictly_between_loss_and_win(
    case: Case, data: st.DataObject
) -> None:
    game = case.game
    s = data.draw(positions(game, max_plies=case.longest))
    worst, best = utility_range(game)
    if not game.is_terminal(s):
        assert worst < game.evaluate(s) < best
    else:
        assert worst <= game.utility(s) <= best


def utility_range(game: AnyGame) -> tuple[int, int]:
    """The worst and best utilities of a two-player game, from player 0's view."""
    if isinstance(game, ConnectFour):
        return -1, 1
    if isinstance(game, Kalah):
        return -game.total, game.total
    if isinstance(game, Othello):
        return -game.size * game.size, game.size * game.size
    assert isinstance(game, ChineseCheckers)
    return -(game.shift + 1), game.shift + 1


@pytest.mark.parametrize("case", CASES, ids=str)
@settings(max_examples=10)
@given(data=st.data())
def test_states_are_immutable_hashable_values(case: Case, data: st.DataObject) -> None:
    game = case.game
    line = data.draw(plays(game, max_plies=60))
    again = game.initial_state()
    for _, m in line[:-1]:
        again = game.successor(again, m)
    s: Any = line[-1][0]
    assert again == s
    assert again is not s
    assert hash(again) == hash(s)
    assert len({s, again, game.initial_state()}) == (1 if s == game.initial_state() else 2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        s.to_move = 0
