"""Chinese Checkers on the small star: the board, moves and jumps, Korf's distances, the end.

The board and the start are this project's (see ``gametree.games.chinese_checkers``): there
are no published move counts for them, so the counts are pinned as computed, two ways. The
move generator and the distance are each checked against an independent brute force.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.games import PASS, ChineseCheckers, ChineseCheckersState, Star
from gametree.games.analysis import perft_by_depth
from gametree.spec import Bounds, unfold
from tests.test_games_properties import positions

TWO, THREE, SIX = ChineseCheckers(2), ChineseCheckers(3), ChineseCheckers(6)
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


# --- the board -------------------------------------------------------------------------------


@pytest.mark.parametrize(("k", "holes"), [(1, 13), (2, 37), (3, 73), (4, 121)])
def test_the_star_has_a_hexagon_and_six_points(k: int, holes: int) -> None:
    star = Star(k)
    assert len(star.holes) == holes == 3 * k * (k + 1) + 1 + 6 * k * (k + 1) // 2
    assert [len(p) for p in star.points] == [k * (k + 1) // 2] * 6
    assert len({i for p in star.points for i in p}) == 6 * k * (k + 1) // 2
    assert [len(row) for row in star.rows][: k + 1] == [*range(1, k + 1), 3 * k + 1]
    assert max(star.distance(i, j) for i in range(holes) for j in range(holes)) == 4 * k


def test_neighbours_are_mutual_and_points_face_each_other() -> None:
    star = Star(2)
    for i, nbrs in enumerate(star.neighbours):
        for d, j in enumerate(nbrs):
            if j is not None:
                assert star.neighbours[j][(d + 3) % 6] == i
                assert star.distance(i, j) == 1
    for p in range(6):
        facing = star.points[(p + 3) % 6]
        mirrored = {star.index[(-q, -r)] for q, r in (star.holes[i] for i in star.points[p])}
        assert mirrored == set(facing)


def test_homes_and_targets() -> None:
    assert [TWO.star.name(i) for i in TWO.initial_state().pieces[0]] == ["h1", "h2", "i1"]
    assert [TWO.star.name(i) for i in TWO.target(0)] == ["a1", "b1", "b2"]
    for p, home in enumerate(THREE.initial_state().pieces):
        assert not set(THREE.target(p)) & set(home)
    homes = {i for hs in SIX.initial_state().pieces for i in hs}
    assert len(homes) == 18
    assert all(set(SIX.target(p)) <= homes for p in range(6))


# --- counts, two ways ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "counts"),
    [
        (TWO, [1, 6, 36, 396, 4356]),
        (THREE, [1, 6, 36, 216, 2388]),
        (SIX, [1, 6, 37, 236, 1534]),
    ],
    ids=["2p", "3p", "6p"],
)
def test_perft_agrees_both_ways(game: ChineseCheckers, counts: list[int]) -> None:
    s = game.initial_state()
    assert perft_by_depth(game, s, len(counts) - 1) == counts
    assert [unfold(game, s, d).leaf_count for d in range(len(counts))] == counts


# --- moves against a brute force ------------------------------------------------------------


def destinations_by_brute_force(game: ChineseCheckers, s: ChineseCheckersState, i: int) -> set[int]:
    """Steps and jump chains from hole i, walked on axial coordinates with a recursive search."""
    holes = set(game.star.holes)
    occupied = {game.star.holes[j] for hs in s.pieces for j in hs} - {game.star.holes[i]}
    start = game.star.holes[i]
    found = {
        (start[0] + dq, start[1] + dr)
        for dq, dr in STEPS
        if (start[0] + dq, start[1] + dr) in holes - occupied
    }

    def jump(at: tuple[int, int], seen: set[tuple[int, int]]) -> None:
        for dq, dr in STEPS:
            over = (at[0] + dq, at[1] + dr)
            land = (at[0] + 2 * dq, at[1] + 2 * dr)
            if over in occupied and land in holes - occupied and land not in seen:
                seen.add(land)
                found.add(land)
                jump(land, seen)

    jump(start, {start})
    found.discard(start)
    return {game.star.index[h] for h in found}


@pytest.mark.parametrize("game", [TWO, THREE, SIX], ids=["2p", "3p", "6p"])
@settings(max_examples=30)
@given(data=st.data())
def test_moves_are_the_brute_force_steps_and_jump_chains(
    game: ChineseCheckers, data: st.DataObject
) -> None:
    s: ChineseCheckersState = data.draw(positions(game, max_plies=40))
    if game.is_terminal(s):
        return
    expected: list[tuple[int, int]] = sorted(
        (i, j) for i in s.pieces[s.to_move] for j in destinations_by_brute_force(game, s, i)
    )
    if expected:
        assert list(game.moves(s)) == expected
    else:
        assert game.moves(s) == (PASS,)


def test_a_chain_of_two_jumps_reaches_past_both_pieces() -> None:
    star = THREE.star
    at = star.index
    mine = (at[(0, 0)], *THREE.initial_state().pieces[0][1:])
    theirs = (at[(1, 0)], at[(2, 1)], THREE.initial_state().pieces[1][0])
    s = ChineseCheckersState((mine, theirs, THREE.initial_state().pieces[2]), 0)
    reach = THREE.destinations(s, at[(0, 0)])
    assert at[(2, 0)] in reach  # over (1, 0)
    assert at[(2, 2)] in reach  # then over (2, 1)
    assert at[(1, 0)] not in reach


def test_a_player_with_every_piece_blocked_passes() -> None:
    star = SIX.star
    home = star.points[3]
    block: list[int] = []
    for i in home:
        for d, n in enumerate(star.neighbours[i]):
            if n is None or n in home:
                continue
            for j in (n, star.neighbours[n][d]):
                if j is not None and j not in block:
                    block.append(j)
    assert len(block) == 7
    start = SIX.initial_state().pieces
    free = [
        i
        for i in range(len(star.holes))
        if i not in block and i not in home and all(i not in start[p] for p in (4, 5))
    ]
    pieces = (home, tuple(block[0:3]), tuple(block[3:6]), (block[6], *free[:2]), start[4], start[5])
    s = ChineseCheckersState(pieces, 0)
    SIX.check(s)
    assert SIX.moves(s) == (PASS,)
    t = SIX.successor(s, PASS)
    assert t.pieces == s.pieces
    assert (t.to_move, t.ply) == (1, 1)
    assert SIX.format_move(PASS) == "pass"
    assert SIX.parse_move(s, "pass") is PASS


# --- Korf's distances and the end -----------------------------------------------------------


@pytest.mark.parametrize("game", [TWO, THREE, ChineseCheckers(3, 3)], ids=["2p", "3p", "3p k=3"])
@settings(max_examples=30)
@given(data=st.data())
def test_the_distance_is_the_best_assignment_by_brute_force(
    game: ChineseCheckers, data: st.DataObject
) -> None:
    s: ChineseCheckersState = data.draw(positions(game, max_plies=60))
    for p in range(game.players):
        target = game.target(p)
        best = min(
            sum(game.star.distance(i, j) for i, j in zip(s.pieces[p], perm, strict=True))
            for perm in itertools.permutations(target)
        )
        assert game.distance(s, p) == best
        assert 0 <= best <= game.shift


def test_the_start_distance_and_the_shift() -> None:
    s = THREE.initial_state()
    assert [THREE.distance(s, p) for p in range(3)] == [20, 20, 20]
    assert THREE.shift == 3 * 8
    assert THREE.components(s) == (4, 4, 4)
    assert THREE.bounds == Bounds(0, 72)
    assert TWO.bounds is None
    assert TWO.evaluate(TWO.initial_state()) == 0


def test_filling_the_target_wins_and_ends_the_game() -> None:
    start = THREE.initial_state().pieces
    s = ChineseCheckersState((THREE.target(0), start[1], start[2]), 1, 30)
    assert THREE.winner(s) == 0
    assert THREE.is_terminal(s)
    assert THREE.moves(s) == ()
    assert THREE.utility(s) == (24, 4, 4)
    middle = TWO.star.rows[4][:3]
    won = ChineseCheckersState((TWO.target(0), middle), 1, 9)
    assert TWO.utility(won) == TWO.shift + 1
    lost = ChineseCheckersState((middle, TWO.target(1)), 0, 9)
    assert TWO.utility(lost) == -(TWO.shift + 1)


def test_the_move_limit_ends_the_game_with_the_distances_as_its_value() -> None:
    game = ChineseCheckers(2, max_plies=2)
    s = game.initial_state()
    s = game.successor(s, game.moves(s)[0])
    assert not game.is_terminal(s)
    s = game.successor(s, game.moves(s)[0])
    assert game.is_terminal(s)
    assert game.moves(s) == ()
    assert game.utility(s) == game.distance(s, 1) - game.distance(s, 0) == 18 - 19


# --- errors, drawing, notation ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 4}, "'players' must be 2, 3 or 6"),
        ({"size": 5}, "'size' must be an int in 1..4"),
        ({"max_plies": 0}, "'max_plies' must be a positive int"),
    ],
)
def test_bad_games_are_rejected(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ChineseCheckers(**kwargs)


def test_bad_states_and_moves_are_rejected() -> None:
    with pytest.raises(ValueError, match="hole 0 holds pieces of players 0 and 1"):
        ChineseCheckersState(((0,), (0,)), 0)
    with pytest.raises(ValueError, match=r"'to_move' must be in 0\.\.1"):
        ChineseCheckersState(((0,), (1,)), 2)
    with pytest.raises(ValueError, match="there are 3 players"):
        THREE.check(TWO.initial_state())
    with pytest.raises(ValueError, match="a move is \\(from, to\\)"):
        THREE.successor(THREE.initial_state(), (0, 1))


def test_notation_round_trips_and_bad_input_says_why() -> None:
    s = THREE.initial_state()
    moves = list(THREE.moves(s))
    assert [THREE.parse_move(s, THREE.format_move(m)) for m in moves] == moves
    assert THREE.format_move(moves[0]) == "h1-g3"
    for text, message in [
        ("a1-b1", "a1 holds none of your pieces"),
        ("i1-h1", "the piece on i1 cannot reach h1"),
        ("i1", "a move is two hole names joined by '-'"),
        ("z9-a1", "a move is two hole names"),
        ("pass", "you can only pass when you have no move"),
    ]:
        with pytest.raises(ValueError, match=message):
            THREE.parse_move(s, text)
    assert "a1" in THREE.labels()
    assert "i1" in THREE.labels()
