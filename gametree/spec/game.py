"""Games as implicit trees, and depth-limited values defined on them.

A game supplies what the CSCE 315 slides' MAX-VALUE needs (SUCCESSORS, TERMINAL-TEST, UTILITY) and,
if it has one, a static evaluation (the Game Tree Search notes, "Static Evaluation"). "You do not
really need to allocate a tree" (the CSCE 315 slides): the definitions here walk the game directly.
``unfold`` turns the same cut tree into an explicit one, so every definition on trees applies to
games too.

Glossary: s is a state, m a move, d the depth limit (plies still allowed below a state), p the
player to move, N the number of players.

**The tree cut at depth d** (DESIGN.md, "Depth-limited search"). The root is at depth 0. A
terminal state is a leaf worth its utility, at any depth. A state that is not terminal is a
leaf worth its static evaluation when d plies have been played to reach it; otherwise it is an
interior node whose children are the successors under its moves, in the game's order.
``depth=None`` means no limit: the whole game. Paths and principal variations index into
``game.moves(state)``.

**Chance states** (dice): a :class:`ChanceGame` may have states where no player moves and
chance picks the move. There ``to_move`` is ``CHANCE`` (-1), the moves are the outcomes, and
``probabilities(state)`` gives each one's exact probability, in the order of the moves. An
outcome is a ply like any move, and the cut tree holds a chance node there (``Node.chance``,
whose checks the probabilities meet). ``spec.chance.game_expectimax`` is the value of such a
game; the definitions here refuse a chance state.
"""

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from gametree.spec.errors import TreeError
from gametree.spec.fold import Solution, fold, solve
from gametree.spec.maxn import maxn_choice
from gametree.spec.minimax import e, minimax_choice, negamax_choice
from gametree.spec.tree import CHANCE, Leaf, Node, Tree
from gametree.spec.values import Scalar, Value, Vector, exact_value

__all__ = [
    "ChanceGame",
    "EvaluatedGame",
    "Game",
    "game_maxn",
    "game_minimax",
    "game_negamax",
    "unfold",
]

S = TypeVar("S")
M = TypeVar("M")


class Game(Protocol[S, M]):
    """A game with N players, as an implicit tree.

    Values follow the tree conventions: for N = 2 a scalar from player 0's point of view,
    otherwise an N-tuple. ``to_move`` is defined on every state, terminal ones included (the
    Min-Max notes' e(n) needs it at leaves). ``moves`` is in a fixed order, the order of the
    children.
    """

    @property
    def players(self) -> int:
        """N, the number of players."""
        ...

    def initial_state(self) -> S:
        """The state the game starts in."""
        ...

    def to_move(self, state: S) -> int:
        """The player to move in ``state``, in 0..N-1."""
        ...

    def moves(self, state: S) -> Sequence[M]:
        """The legal moves in ``state``, in a fixed order; not empty unless terminal."""
        ...

    def successor(self, state: S, move: M) -> S:
        """The state after ``move`` is played in ``state``."""
        ...

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over in ``state``."""
        ...

    def utility(self, state: S) -> Value:
        """The final value of a terminal ``state``."""
        ...


class EvaluatedGame(Game[S, M], Protocol[S, M]):
    """A game with a static evaluation: an estimate of a state's value without search."""

    def evaluate(self, state: S) -> Value:
        """The static value of a state that is not terminal, on the utility's scale.

        An estimate, read like a utility (a scalar from player 0's view, or an N-tuple). To
        keep a heuristic from outweighing a forced result, keep it strictly between the worst
        and best utilities; the spec uses whatever the game returns and does not check this.
        """
        ...


class ChanceGame(Game[S, M], Protocol[S, M]):
    """A game with chance states: ``to_move`` is ``CHANCE`` where chance picks the move."""

    def probabilities(self, state: S) -> Sequence[object]:
        """Each move's exact probability at a chance state (int, Fraction or "p/q"), in order."""
        ...


Item = tuple[S, int | None]
"""A state with the number of plies still allowed below it (``None``: no limit)."""


def _evaluator(
    game: Game[S, M], evaluate: Callable[[S], object] | None
) -> Callable[[S], object] | None:
    if evaluate is not None:
        return evaluate
    method: Callable[[S], object] | None = getattr(game, "evaluate", None)
    return method


def _check_depth(depth: int | None) -> None:
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise TreeError(f"'depth' must be a non-negative int or None (got {depth!r})")


def _leaf_value(game: Game[S, M], evaluate: Callable[[S], object] | None) -> Callable[[S], Value]:
    """A state's value as a leaf: its utility if terminal, else its static evaluation, checked.

    Raises ``TreeError`` (without a path; the fold adds it) when a cut state has no
    evaluation, or the game's number is not a value of the right shape for its players.
    """
    players = game.players
    static = _evaluator(game, evaluate)

    def value(s: S) -> Value:
        v: object
        if game.is_terminal(s):
            v, what = game.utility(s), "utility"
        elif static is None:
            raise TreeError(
                "the depth limit cuts a state that is not terminal, and the game has no static "
                "evaluation; give the game an 'evaluate' method or pass evaluate="
            )
        else:
            v, what = static(s), "static evaluation"
        try:
            w = exact_value(v)
        except TreeError as e:
            raise TreeError(f"the {what} is not a value: {e.problem}") from None
        if (len(w) if isinstance(w, tuple) else 2) != players:
            raise TreeError(
                f"the {what} must be {'a scalar' if players == 2 else f'a {players}-vector'}"
                f" for a {players}-player game (got {w!r})"
            )
        return w

    return value


def _mover(game: Game[S, M], *, chance: bool = False) -> Callable[[S], int]:
    """``game.to_move``, checked to be a player in 0..N-1, or (``chance``) CHANCE.

    CHANCE is a mover only in a game with ``probabilities`` (a :class:`ChanceGame`); in any
    other game it is a player out of range, as every other number outside 0..N-1 is.
    """
    players = game.players
    dice = callable(getattr(game, "probabilities", None))

    def mover(s: S) -> int:
        p = game.to_move(s)
        if dice and p == CHANCE and not isinstance(p, bool):
            if chance:
                return CHANCE
            raise TreeError(
                "a chance state ('to_move' is CHANCE), which this definition has no rule for; "
                "spec.chance.game_expectimax takes a game with chance states"
            )
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players:
            raise TreeError(f"'to_move' must be in 0..{players - 1} (got {p!r})")
        return p

    return mover


def _legal_moves(game: Game[S, M], s: S) -> Sequence[M]:
    """``game.moves(s)`` for a state that is not terminal, which must have a move."""
    ms = game.moves(s)
    if not ms:
        raise TreeError("a state that is not terminal has no legal moves")
    return ms


def _walk(
    game: Game[S, M],
    depth: int | None,
    evaluate: Callable[[S], object] | None,
    *,
    chance: bool = False,
) -> tuple[
    Callable[[Item[S]], list[Item[S]] | None],
    Callable[[Item[S]], Value],
    Callable[[Item[S]], int],
]:
    """The cut tree's expand, leaf value and mover functions, with the game's faults named.

    Every move is expanded down to the depth limit. ``spec.search`` builds other cuts (which
    moves, how deep) from the same per-state pieces: ``_leaf_value``, ``_mover`` and
    ``_legal_moves``. ``chance``: chance states are allowed (``unfold``).
    """
    _check_depth(depth)
    leaf_value = _leaf_value(game, evaluate)
    state_mover = _mover(game, chance=chance)

    def expand(item: Item[S]) -> list[Item[S]] | None:
        s, d = item
        if game.is_terminal(s) or d == 0:
            return None
        ms = _legal_moves(game, s)
        below = None if d is None else d - 1
        return [(game.successor(s, m), below) for m in ms]

    def value(item: Item[S]) -> Value:
        return leaf_value(item[0])

    def mover(item: Item[S]) -> int:
        return state_mover(item[0])

    return expand, value, mover


def unfold(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    evaluate: Callable[[S], object] | None = None,
) -> Tree:
    """The explicit tree of ``game`` from ``state`` cut at ``depth`` (see the module docstring).

    Interior nodes carry ``game.to_move``; leaves carry the utility or the static evaluation
    (``evaluate`` if given, else the game's own ``evaluate``). A leaf does not record whose
    move it was: tree ``negamax`` takes a lone-leaf root as player 0's, where ``game_negamax``
    uses the state's mover, so the two agree below an interior root, not at a leaf root. A
    chance state of a :class:`ChanceGame` is a chance node with the game's probabilities.
    """
    expand, value, mover = _walk(game, depth, evaluate, chance=True)

    def leaf(item: Item[S]) -> Tree:
        return Leaf(value(item))

    def node(item: Item[S], _: Sequence[Item[S]], kids: list[Tree]) -> Tree:
        p = mover(item)
        if p == CHANCE:
            return Node.chance(kids, game.probabilities(item[0]))  # type: ignore[attr-defined]
        return Node(p, kids)

    return fold((state, depth), expand, leaf, node)


def game_minimax(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    evaluate: Callable[[S], object] | None = None,
) -> Solution[Scalar]:
    """The depth-limited minimax value of a two-player game.

    All three teaching sources define it: the Min-Max notes, the Game Tree Search notes and the
    CSCE 315 slides.

    Minimax, as in ``spec.minimax``, over the tree cut at ``depth`` with the static evaluation
    at the frontier. The Game Tree Search notes: "set a fixed depth to which the game tree is to be
    generated and
    ... apply the static evaluation function only to nodes at this depth."
    """
    expand, value, mover = _walk(game, depth, evaluate)
    _require_players(game, 2, "game_minimax")
    return solve(
        (state, depth),
        expand,
        lambda item: _scalar(value(item)),
        lambda item, _, vs: minimax_choice(mover(item), vs),
    )


def game_negamax(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    evaluate: Callable[[S], object] | None = None,
) -> Solution[Scalar]:
    """The Min-Max notes' ``ModMinMax(x, d)``: the depth-limited value to the player to move.

    "if x is leaf node or d == 0, return e(x); else ans = max over children of -ModMinMax(c,
    d - 1)", where e(x) = E(x) if player 0 moves next at x and -E(x) otherwise. A child where
    the same player moves again is not negated (see ``spec.minimax.negamax``).
    """
    expand, value, mover = _walk(game, depth, evaluate)
    _require_players(game, 2, "game_negamax")

    def choose(item: Item[S], kids: Sequence[Item[S]], values: list[Scalar]) -> tuple[Scalar, int]:
        return negamax_choice(mover(item), [mover(k) for k in kids], values)

    return solve(
        (state, depth),
        expand,
        lambda item: e(_scalar(value(item)), mover(item)),
        choose,
    )


def game_maxn(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    evaluate: Callable[[S], object] | None = None,
) -> Solution[Vector]:
    """The depth-limited maxn value of an N-player game (Korf 3.1 on the cut tree)."""
    expand, value, mover = _walk(game, depth, evaluate)
    if game.players == 2:
        raise TreeError(
            "game_maxn needs an N-player game with vector values; for two players use "
            "game_negamax, which is maxn with pairs (x, -x) (Korf 3.1)"
        )

    def leaf(item: Item[S]) -> Vector:
        v = value(item)
        assert isinstance(v, tuple)
        return v

    return solve((state, depth), expand, leaf, lambda item, _, vs: maxn_choice(mover(item), vs))


def _require_players(game: Game[S, M], n: int, definition: str) -> None:
    if game.players != n:
        raise TreeError(f"{definition} needs a {n}-player game (got {game.players} players)")


def _scalar(v: Value) -> Scalar:
    assert not isinstance(v, tuple)
    return v
