"""Games with chance states (issue 37, item 1): spec.ChanceGame, Dice Nim, game_expectimax.

spec.game_expectimax is expectimax over the tree ``unfold`` cuts; impl.game_expectimax walks
the game with a transposition table. Dice Nim's values are checked against a recurrence on
the heap written here, independently of both.
"""

import json
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree import cli, impl
from gametree.conform.codec import case_from_request
from gametree.conform.games import game_json, read_game_json, written_out
from gametree.conform.semantics import expected
from gametree.conform.vectors import vector_cases
from gametree.games.dice_nim import DiceNim, DiceNimState
from gametree.spec import (
    CHANCE,
    Node,
    TreeError,
    expectimax,
    game_expectimax,
    game_minimax,
    iter_leaves,
    unfold,
)
from gametree.treefile import TreeFileError


def mover_value(heap: int, faces: int) -> Fraction:
    """The expected result, +1 a win and -1 a loss, for the player to move at ``heap``."""

    @cache
    def v(h: int) -> Fraction:
        if h == 0:
            return Fraction(-1)  # the other player took the last counter
        takes = [-v(h - k) for k in (1, 2) if k <= h]
        roll = sum((-v(max(h - f, 0)) for f in range(1, faces + 1)), Fraction(0)) / faces
        return max([*takes, roll])

    return v(heap)


@pytest.mark.parametrize("faces", [1, 2, 3, 4])
@pytest.mark.parametrize("heap", range(7))
def test_dice_nim_has_the_recurrence_s_value(heap: int, faces: int) -> None:
    g = DiceNim(heap, faces)
    want = mover_value(heap, faces)
    assert game_expectimax(g, g.initial_state()).value == want
    r = impl.game_expectimax(g, g.initial_state())
    assert r.value == want
    # Player 1 to move: the value, from player 0's view, is the mover's negated.
    assert impl.game_expectimax(g, DiceNimState(heap, 1)).value == -want


def test_a_roll_is_a_chance_node_of_the_faces() -> None:
    t = unfold(DiceNim(3), DiceNimState(3), 2)
    assert isinstance(t, Node)
    roll = t.children[2]
    assert isinstance(roll, Node)
    assert roll.to_move == CHANCE
    assert roll.probabilities == (Fraction(1, 3),) * 3
    assert game_expectimax(DiceNim(3), DiceNimState(3)).principal_variation == (2,)  # roll


@given(st.integers(0, 7), st.integers(1, 3), st.sampled_from([None, 0, 1, 2, 3, 4]),
       st.integers(0, 1))  # fmt: skip
def test_impl_is_spec_with_and_without_its_table(
    heap: int, faces: int, depth: int | None, player: int
) -> None:
    g = DiceNim(heap, faces)
    s = DiceNimState(heap, player)
    want = game_expectimax(g, s, depth)
    t = unfold(g, s, depth)
    plain = impl.game_expectimax(g, s, depth, table=False, trace=True)
    tabled = impl.game_expectimax(g, s, depth)
    for r in (plain, tabled):
        assert (r.value, r.principal_variation) == (want.value, want.principal_variation)
    assert (plain.nodes_visited, plain.leaves_evaluated) == (t.size, t.leaf_count)
    assert plain.trace == tuple(p for p, _ in iter_leaves(t))
    assert tabled.nodes_visited <= plain.nodes_visited
    assert expectimax(t).value == want.value


def test_the_table_makes_the_work_linear_in_the_heap() -> None:
    sizes = [impl.game_expectimax(DiceNim(h), DiceNimState(h)).nodes_visited for h in (6, 7, 8)]
    assert sizes[2] - sizes[1] == sizes[1] - sizes[0]  # a constant number of states a counter
    assert unfold(DiceNim(8), DiceNimState(8)).size > 20 * sizes[2]


def test_a_definition_without_chance_refuses_a_chance_state() -> None:
    with pytest.raises(TreeError, match="game_expectimax takes a game with chance") as e:
        game_minimax(DiceNim(2), DiceNimState(2))
    assert e.value.path == (0, 1)  # the first met, depth first: take one, then player 1 rolls


class Diceless(DiceNim):
    """Dice Nim whose rolls say CHANCE but which gives no probabilities: not a chance game."""

    probabilities = None  # type: ignore[assignment]


def test_chance_is_a_mover_only_in_a_game_with_probabilities() -> None:
    for definition in (unfold, game_minimax, game_expectimax):
        with pytest.raises(TreeError) as e:
            definition(Diceless(2), DiceNimState(2))
        assert e.value.problem == f"'to_move' must be in 0..1 (got {CHANCE})", definition
        assert e.value.path == (0, 1)


class Loaded(DiceNim):
    """A die whose faces' probabilities sum to more than 1."""

    def probabilities(self, state: DiceNimState) -> tuple[Fraction, ...]:
        return (Fraction(1, 2),) * self.faces


@pytest.mark.parametrize("search", [game_expectimax, impl.game_expectimax], ids=["spec", "impl"])
def test_probabilities_that_do_not_sum_to_1_are_an_error_naming_the_state(search: object) -> None:
    with pytest.raises(TreeError, match=r"must sum to 1 \(got 3/2\)") as e:
        search(Loaded(2), DiceNimState(2))  # type: ignore[operator]
    assert e.value.path == (0, 1)


def test_bad_dice_nim_arguments_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="'faces' must be an int >= 1"):
        DiceNim(3, 0)
    with pytest.raises(ValueError, match="'d4' is not a move here"):
        DiceNim(3).successor(DiceNimState(3, 0, rolling=True), "d4")
    with pytest.raises(ValueError, match="no die is rolling"):
        DiceNim(3).probabilities(DiceNimState(3))


def test_impl_passes_the_game_expectimax_vectors() -> None:
    cases = [vc.case for vc in vector_cases("game-expectimax")]
    assert sum(c.game is not None and c.game.chance_states > 0 for c in cases) >= 40
    for case in cases:
        g, e = case.game, expected(case)
        assert g is not None
        r = impl.game_expectimax(g, 0, case.depth)
        assert r.value == e.value, case
        if e.optimal_moves:
            assert r.best_move is not None
            assert g.moves(0)[r.best_move] in e.optimal_moves, case


def test_a_chance_state_is_refused_by_the_other_game_semantics() -> None:
    g = written_out(DiceNim(2), DiceNimState(2))
    with pytest.raises(TreeFileError, match="game-negamax has no rule for chance states") as e:
        case_from_request("game-negamax", {"game": game_json(g), "depth": 2, "quiescence": 0})
    assert e.value.pointer == "/game"


def test_a_game_graph_names_a_bad_chance_state() -> None:
    state = {"to_move": -1, "evaluation": 0, "probabilities": ["1/2", "1/3"],
             "moves": [["d1", 1], ["d2", 1]]}  # fmt: skip
    doc = {"format": "gametree-game/1", "states": [state, {"to_move": 0, "utility": 1}]}
    with pytest.raises(TreeFileError, match=r"sum to 1 \(got 5/6\)") as e:
        read_game_json(doc)
    assert e.value.pointer == "/states/0/probabilities"
    del state["probabilities"]
    with pytest.raises(TreeFileError, match="only a chance state has 'probabilities'"):
        read_game_json(doc)


@pytest.mark.slow
def test_the_gate_passes_a_dice_engine_and_catches_a_table_that_forgets_the_depth(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An engine's table keyed by the state alone (nneonneo/2048-ai pull request #34) is
    caught by the generated games alone; the same engine keyed by (state, depth) passes (its
    default run with the best move compared, tests/test_conform_coverage_runs.py)."""
    base = ["conform", "--json", "--semantics", "game-expectimax", "--best-move"]
    code = cli.main([*base, "--no-vectors", "--target", "tests.bugs.chance:game_table_any_depth"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert report["minimal"][0]["problems"][0].startswith("value")


class Unscored(DiceNim):
    """Dice Nim whose game ends are worth a word, not a number."""

    def utility(self, state: DiceNimState) -> object:  # type: ignore[override]
        return "win"


@pytest.mark.parametrize("depth", [None, 1])
def test_a_bad_leaf_is_the_same_error_at_the_same_path_in_spec_and_impl(depth: int | None) -> None:
    with pytest.raises(TreeError) as want:
        game_expectimax(Unscored(2), DiceNimState(2), depth)  # type: ignore[arg-type]
    with pytest.raises(TreeError) as got:
        impl.game_expectimax(Unscored(2), DiceNimState(2), depth)  # type: ignore[arg-type]
    assert want.value.problem.startswith(("the utility is not a value", "the depth limit cuts"))
    assert (got.value.problem, got.value.path) == (want.value.problem, want.value.path)
