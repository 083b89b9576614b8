"""Game graphs: small two-player games written out state by state, to gate engines on games.

The tree semantics of the gate ask about explicit trees, where nothing repeats. What an
engine adds on games (``impl.engine``; the Game Tree Search notes and the CSCE 315 slides) shows
only on a game: a transposition table needs a state reached by two lines, killer moves need siblings
that are different positions, iterative deepening needs a budget, quiescence needs positions that
are not quiet. A *game graph* is such a game, small enough to write in a request: its states in a
list, state 0 the one to search from, each move a label and the index of its successor.

Glossary: g is a game graph, s a state's index, m a move's label, p the player to move, d the
depth limit, r the plies left above the horizon (d at the root, zero at it, negative in a
quiescence extension), q the quiescence limit.

**The format** ``gametree-game/1``::

    {"format": "gametree-game/1", "states": [
      {"to_move": 0, "evaluation": 1, "moves": [["a", 1], ["b", 2]]},
      {"to_move": 1, "evaluation": -2, "quiet": false, "noisy": ["x"],
       "moves": [["x", 3], ["y", 3]]},
      {"to_move": 1, "evaluation": 0, "check": true, "moves": [["x", 3]]},
      {"to_move": 0, "utility": 5}]}

A state with ``"utility"`` is terminal and has nothing else but ``to_move``. Any other state
has ``"evaluation"`` (its static value) and at least one move; a move leads to a state
further down the list (so the graph has no cycle, and every line ends), and two moves of one
state have different labels. ``"quiet"`` (default true) says whether its evaluation can be
trusted; ``"noisy"`` names the moves a quiescence extension plays there (captures, say); a
state in ``"check"`` is never quiet, every move of it is noisy, and it may not stand pat.
Values are numbers as in the tree format (``gametree.treefile.parse_number``), from player 0's
point of view. A state reached by two lines is a transposition.

A *chance state* (dice; ``game-expectimax`` only) has ``"to_move": -1`` and
``"probabilities"``, one a move, exact (numbers or ``"p/q"``), each above 0 and summing to
1, as a chance node of the tree format has them: chance, not a player, picks its move. It is
not terminal, and is quiet (no ``"quiet"``, ``"noisy"`` or ``"check"``); at the horizon it is
a leaf worth its evaluation like any state::

    {"to_move": -1, "evaluation": 0, "probabilities": ["1/3", "2/3"],
     "moves": [["d1", 2], ["d2", 3]]}

**What a search of it computes** is ``spec.search``'s, with the graph as the game
(:class:`GameGraph` is a ``spec.NoisyGame`` on state indices): ``cut_negamax`` at the depth,
with the quiescence limit, from the root mover's point of view. *Stand pat*, which the sources
do not define and ``spec.search`` leaves out, is defined here as a precisely cut tree in the
same way: in a quiescence extension a state that is not in check gets one more child before
its noisy moves, a leaf worth its own evaluation (the mover may decline every capture); a
state in check gets none, and searches all its moves. :func:`cut_tree` builds that tree, and
``spec.negamax`` over it is the value.
"""

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

import attrs

from gametree._json import DuplicateKeys, Invalid, pointer
from gametree.spec import CHANCE, Leaf, Node, Scalar, Tree, TreeError, exact_scalar
from gametree.spec.fold import fold
from gametree.spec.tree import _as_probabilities, _check_chance
from gametree.treefile import TreeFileError, json_value, parse_number

__all__ = [
    "GAME_FORMAT",
    "GameGraph",
    "GameState",
    "cut_tree",
    "down_the_list",
    "game_graphs",
    "game_json",
    "read_game_json",
    "written_out",
]

GAME_FORMAT = "gametree-game/1"
"""The format string of game graphs."""

MAX_STATES = 10_000
"""The most states a game graph may have (the gate's are a few dozen)."""

MAX_MOVES = 100_000
"""The most moves, over all states, a game graph may have."""

_STATE_KEYS = {"to_move", "utility", "evaluation", "moves", "quiet", "noisy", "check", "comment",
               "probabilities"}  # fmt: skip


@attrs.frozen
class GameState:
    """One state: who moves, its moves (label, successor), its utility or its evaluation.

    ``utility`` is set exactly when the state is terminal (it has no moves). A state in
    ``check`` keeps ``quiet`` true and ``noisy`` empty: check says both (never quiet, every
    move noisy).
    """

    to_move: int
    moves: tuple[tuple[str, int], ...] = ()
    utility: Scalar | None = None
    evaluation: Scalar = 0
    quiet: bool = True
    noisy: tuple[str, ...] = ()
    check: bool = False
    probabilities: tuple[Fraction, ...] | None = None
    """Each move's probability, exactly when ``to_move`` is ``CHANCE`` (a chance state)."""


@attrs.frozen
class GameGraph:
    """A game written out: ``states[0]`` is the root; a ``spec.NoisyGame`` on state indices.

    Built only through :func:`read_game_json` or :meth:`of`, which check it.
    """

    states: tuple[GameState, ...]

    @classmethod
    def of(cls, states: Sequence[GameState]) -> "GameGraph":
        """The graph of these states, checked (``TreeFileError`` names the fault)."""
        g = cls(tuple(states))
        _check(g)
        return g

    @property
    def players(self) -> int:
        """Two: the gate's games are two-player games."""
        return 2

    def initial_state(self) -> int:
        """State 0."""
        return 0

    def to_move(self, state: int) -> int:
        """The player to move."""
        return self.states[state].to_move

    def moves(self, state: int) -> list[str]:
        """The labels of the state's moves, in order."""
        return [m for m, _ in self.states[state].moves]

    def successor(self, state: int, move: str) -> int:
        """The state the move leads to."""
        for m, t in self.states[state].moves:
            if m == move:
                return t
        raise KeyError(f"state {state} has no move {move!r}")

    def probabilities(self, state: int) -> tuple[Fraction, ...]:
        """A chance state's probabilities, one a move (a ``spec.ChanceGame``)."""
        ps = self.states[state].probabilities
        if ps is None:
            raise ValueError(f"state {state} is not a chance state")
        return ps

    @property
    def chance_states(self) -> int:
        """How many states are chance states."""
        return sum(x.probabilities is not None for x in self.states)

    def is_terminal(self, state: int) -> bool:
        """Whether the state has no moves."""
        return not self.states[state].moves

    def utility(self, state: int) -> Scalar:
        """The value of a terminal state."""
        u = self.states[state].utility
        assert u is not None
        return u

    def evaluate(self, state: int) -> Scalar:
        """The static value of a state."""
        return self.states[state].evaluation

    def is_quiet(self, state: int) -> bool:
        """Whether the state is quiet (a state in check never is)."""
        x = self.states[state]
        return x.quiet and not x.check

    def noisy_moves(self, state: int) -> list[str]:
        """The moves a quiescence extension plays: every move in check, else the noisy ones."""
        x = self.states[state]
        return self.moves(state) if x.check else list(x.noisy)

    @property
    def size(self) -> int:
        """States and moves."""
        return len(self.states) + sum(len(x.moves) for x in self.states)

    def reachable(self) -> "GameGraph":
        """The same game with the states the root cannot reach left out (renumbered)."""
        seen = [False] * len(self.states)
        seen[0] = True
        for s, x in enumerate(self.states):
            if seen[s]:
                for _, t in x.moves:
                    seen[t] = True
        index = {s: i for i, s in enumerate(s for s in range(len(seen)) if seen[s])}
        return GameGraph(
            tuple(
                attrs.evolve(x, moves=tuple((m, index[t]) for m, t in x.moves))
                for s, x in enumerate(self.states)
                if seen[s]
            )
        )


T = TypeVar("T", bound=Hashable)


def down_the_list(root: T, successors: Callable[[T], Sequence[T]]) -> list[T]:
    """Every state reachable from ``root``, each before all its successors (no cycles).

    ``root`` first: the reversed post-order of a depth-first walk in move order. The order
    of a game graph's states, in which every move leads further down the list.
    """
    order: list[T] = []
    seen: set[T] = set()
    stack: list[tuple[T, bool]] = [(root, False)]
    while stack:
        s, done = stack.pop()
        if done:
            order.append(s)
            continue
        if s in seen:
            continue
        seen.add(s)
        stack.append((s, True))
        stack.extend((t, False) for t in reversed(successors(s)) if t not in seen)
    order.reverse()
    return order


def written_out(game: Any, state: object) -> GameGraph:
    """The states of ``game`` reachable from ``state``, written out as a game graph.

    For a small game without cycles, whose states are hashable and whose moves' text (``str``)
    differs at each state: each state in an order where every move leads further down the
    list (depth first, reversed post-order), ``state`` first; a state's ``evaluate`` is its
    evaluation (0 if the game has none), a chance state's probabilities are the game's.
    """

    def successors(s: Hashable) -> list[Hashable]:
        return [] if game.is_terminal(s) else [game.successor(s, m) for m in game.moves(s)]

    order = down_the_list(state, successors)
    index = {s: i for i, s in enumerate(order)}
    evaluate = getattr(game, "evaluate", None)
    states = []
    for s in order:
        p = game.to_move(s)
        if game.is_terminal(s):
            states.append(GameState(p, utility=game.utility(s)))
            continue
        moves = tuple((str(m), index[game.successor(s, m)]) for m in game.moves(s))
        e = evaluate(s) if evaluate is not None else 0
        ps = tuple(game.probabilities(s)) if p == CHANCE else None
        states.append(GameState(p, moves, None, e, probabilities=ps))
    return GameGraph.of(states)


def _fault(problem: str, *keys: str | int) -> TreeFileError:
    return TreeFileError(problem, pointer(["states", *keys]))


def _check(g: GameGraph) -> None:
    """Raise ``TreeFileError`` with the pointer of the first fault of ``g``."""
    n = len(g.states)
    if not 1 <= n <= MAX_STATES:
        raise TreeFileError(f"a game has 1..{MAX_STATES} states (got {n})", "/states")
    total = 0
    for s, x in enumerate(g.states):
        if x.to_move not in (0, 1, CHANCE) or isinstance(x.to_move, bool):
            raise _fault(f"'to_move' must be 0, 1 or -1 (chance) (got {x.to_move!r})", s,
                         "to_move")  # fmt: skip
        _check_chance_state(x, s)
        total += len(x.moves)
        if total > MAX_MOVES:
            raise _fault(f"a game has at most {MAX_MOVES} moves in all", s, "moves")
        if (x.utility is None) == (not x.moves):
            raise _fault("a state has either 'utility' (terminal) or moves", s)
        labels = set()
        for i, (m, t) in enumerate(x.moves):
            if not isinstance(m, str) or not m:
                raise _fault(f"a move's label is a non-empty string (got {m!r})", s, "moves", i, 0)
            if m in labels:
                raise _fault(f"the label {m!r} occurs twice", s, "moves", i, 0)
            labels.add(m)
            if isinstance(t, bool) or not isinstance(t, int) or not s < t < n:
                raise _fault(
                    f"a move leads to a later state, {s + 1}..{n - 1} (got {t!r})",
                    s, "moves", i, 1,
                )  # fmt: skip
        for m in x.noisy:
            if m not in labels:
                raise _fault(f"a noisy move must be one of the state's moves (got {m!r})",
                             s, "noisy")  # fmt: skip
        if x.check and (x.noisy or not x.quiet):
            raise _fault("a state in check is never quiet and every move is noisy: give "
                         "neither 'quiet' nor 'noisy'", s)  # fmt: skip


def _check_chance_state(x: GameState, s: int) -> None:
    """A chance state's own rules: probabilities exactly there, one a move, summing to 1."""
    if x.to_move == CHANCE and not x.moves:
        raise _fault("a chance state is not terminal: it has moves, not 'utility'", s)
    if (x.to_move == CHANCE) != (x.probabilities is not None):
        raise _fault("a chance state ('to_move' -1) and only a chance state has 'probabilities'",
                     s)  # fmt: skip
    if x.probabilities is None:
        return
    if x.check or not x.quiet or x.noisy:
        raise _fault("a chance state is quiet: give none of 'quiet', 'noisy' or 'check'", s)
    try:
        _check_chance(CHANCE, len(x.moves), x.probabilities)
    except TreeError as e:
        raise _fault(e.problem, s, "probabilities") from None


def read_game_json(value: object) -> GameGraph:
    """Read a game graph already parsed from JSON; ``TreeFileError`` names the fault's place.

    >>> g = read_game_json({"format": "gametree-game/1", "states": [
    ...     {"to_move": 0, "evaluation": 0, "moves": [["a", 1], ["b", 1]]},
    ...     {"to_move": 1, "utility": "1/2"}]})
    >>> g.moves(0), g.successor(0, "b"), g.utility(1)
    (['a', 'b'], 1, Fraction(1, 2))
    >>> read_game_json({"format": "gametree-game/1", "states": [
    ...     {"to_move": 0, "evaluation": 0, "moves": []}]})
    Traceback (most recent call last):
    ...
    gametree.treefile.TreeFileError: a state that is not terminal has at least one move \
(got an empty array) at /states/0/moves
    """
    if not isinstance(value, dict):
        raise TreeFileError(f"a game is a JSON object (got {_describe(value)})")
    _keys(value, {"format", "states", "comment"}, [], "a game")
    if value.get("format") != GAME_FORMAT:
        raise TreeFileError(
            f"'format' must be {GAME_FORMAT!r} (got {_describe(value.get('format'))})", "/format"
        )
    raw = value.get("states")
    if not isinstance(raw, list) or not raw:
        raise TreeFileError(f"'states' must be a non-empty array (got {_describe(raw)})",
                            "/states")  # fmt: skip
    if len(raw) > MAX_STATES:
        raise TreeFileError(f"a game has at most {MAX_STATES} states (got {len(raw)})", "/states")
    states = [_state(x, s, len(raw)) for s, x in enumerate(raw)]
    g = GameGraph(tuple(states))
    _check(g)
    return g


def _state(x: object, s: int, n: int) -> GameState:  # noqa: PLR0912 - one check per key
    if not isinstance(x, dict):
        raise _fault(f"a state is an object (got {_describe(x)})", s)
    _keys(x, _STATE_KEYS, ["states", s], "a state")
    p = x.get("to_move")
    if isinstance(p, bool) or p not in (0, 1, CHANCE):
        raise _fault(f"'to_move' must be 0, 1 or -1 (chance) (got {_describe(p)})", s, "to_move")
    ps = None
    if "probabilities" in x:
        raw_ps = x["probabilities"]
        if not isinstance(raw_ps, list):
            raise _fault(f"'probabilities' must be an array (got {_describe(raw_ps)})", s,
                         "probabilities")  # fmt: skip
        numbers = [parse_number(q, ["states", s, "probabilities", i]) for i, q in enumerate(raw_ps)]
        try:
            ps = _as_probabilities(numbers)
        except TreeError as e:
            raise _fault(e.problem, s, "probabilities") from None
    if "utility" in x:
        extra = sorted(set(x) - {"to_move", "utility", "comment"})
        if extra:
            raise _fault(f"a terminal state has only 'to_move' and 'utility' (got {extra[0]!r})",
                         s, extra[0])  # fmt: skip
        return GameState(p, utility=parse_number(x["utility"], ["states", s, "utility"]))
    if "evaluation" not in x:
        raise _fault("a state needs 'utility' (terminal) or 'evaluation' and 'moves'", s)
    evaluation = parse_number(x["evaluation"], ["states", s, "evaluation"])
    raw = x.get("moves")
    if not isinstance(raw, list) or not raw:
        raise _fault(f"a state that is not terminal has at least one move (got {_describe(raw)})",
                     s, "moves")  # fmt: skip
    if len(raw) > MAX_MOVES:
        raise _fault(f"a state has at most {MAX_MOVES} moves", s, "moves")
    moves = []
    for i, mv in enumerate(raw):
        if not isinstance(mv, list) or len(mv) != 2:
            raise _fault(f'a move is a pair ["label", successor] (got {_describe(mv)})',
                         s, "moves", i)  # fmt: skip
        m, t = mv
        if not isinstance(m, str) or not m or len(m) > 100:
            raise _fault(f"a move's label is a string of 1..100 characters (got {_describe(m)})",
                         s, "moves", i, 0)  # fmt: skip
        if isinstance(t, bool) or not isinstance(t, int) or not s < t < n:
            raise _fault(f"a move leads to a later state, {s + 1}..{n - 1} (got {_describe(t)})",
                         s, "moves", i, 1)  # fmt: skip
        moves.append((m, t))
    flags = {}
    for key in ("quiet", "check"):
        if key in x and not isinstance(x[key], bool):
            raise _fault(f"'{key}' must be true or false (got {_describe(x[key])})", s, key)
        flags[key] = x.get(key, key == "quiet")
    noisy = x.get("noisy", [])
    if not isinstance(noisy, list) or not all(isinstance(m, str) for m in noisy):
        raise _fault(f"'noisy' must be an array of labels (got {_describe(noisy)})", s, "noisy")
    if x.get("check") and ("quiet" in x or "noisy" in x):
        raise _fault("a state in check is never quiet and every move is noisy: give neither "
                     "'quiet' nor 'noisy'", s)  # fmt: skip
    return GameState(p, tuple(moves), None, evaluation, bool(flags["quiet"]), tuple(noisy),
                     bool(flags["check"]), ps)  # fmt: skip


def _keys(obj: dict[str, object], allowed: set[str], at: list[str | int], what: str) -> None:
    if isinstance(obj, DuplicateKeys):
        raise TreeFileError(f"the key {obj.duplicate!r} occurs twice",
                            pointer([*at, obj.duplicate]))  # fmt: skip
    for key in obj:
        if key not in allowed:
            raise TreeFileError(
                f"{what} has no key {key!r} (allowed: {', '.join(sorted(allowed))})",
                pointer([*at, key]),
            )


def _describe(x: object) -> str:  # noqa: PLR0911 - one phrase per JSON type
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, Invalid):
        return x.problem
    if isinstance(x, dict):
        return "an object"
    if isinstance(x, list):
        return "an empty array" if not x else f"an array of {len(x)}"
    if isinstance(x, str):
        return f"the string {x[:40]!r}" + ("..." if len(x) > 40 else "")
    return f"the number {str(x)[:40]}"


def game_json(g: GameGraph) -> dict[str, object]:
    """The game as its JSON document (only the keys that differ from the defaults)."""
    states: list[dict[str, object]] = []
    for x in g.states:
        d: dict[str, object] = {"to_move": x.to_move}
        if x.utility is not None:
            d["utility"] = json_value(x.utility)
        else:
            d["evaluation"] = json_value(x.evaluation)
            if x.probabilities is not None:
                d["probabilities"] = [json_value(exact_scalar(q)) for q in x.probabilities]
            if x.check:
                d["check"] = True
            else:
                if not x.quiet:
                    d["quiet"] = False
                if x.noisy:
                    d["noisy"] = list(x.noisy)
            d["moves"] = [[m, t] for m, t in x.moves]
        states.append(d)
    return {"format": GAME_FORMAT, "states": states}


Item = tuple[int, int, bool]
"""A node of the cut tree: (state, r, whether it is a stand-pat leaf)."""


def cut_tree(
    g: GameGraph,
    depth: int,
    *,
    quiescence: int = 0,
    stand_pat: bool = False,
    max_nodes: int | None = None,
) -> tuple[Tree, tuple[str | None, ...]]:
    """The cut tree of the module docstring, and the move of each root child (``None``: pat).

    Without stand pat it is ``spec.search.cut_tree(g, 0, depth, quiescence=quiescence)``.
    Its size can be exponential in ``depth`` (a chain of states with two moves each): past
    ``max_nodes`` nodes a ``TreeFileError`` says so.

    >>> g = read_game_json({"format": "gametree-game/1", "states": [
    ...     {"to_move": 0, "evaluation": 0, "moves": [["a", 1]]},
    ...     {"to_move": 1, "evaluation": 4, "quiet": False, "noisy": ["x"], "moves": [["x", 2]]},
    ...     {"to_move": 0, "utility": -3}]})
    >>> cut_tree(g, 1, quiescence=1)[0], cut_tree(g, 1, quiescence=1, stand_pat=True)[0]
    (Node(0, (Node(1, (Leaf(-3),)),)), Node(0, (Node(1, (Leaf(4), Leaf(-3))),)))
    """

    def children(item: Item) -> list[tuple[str | None, Item]] | None:
        s, r, pat = item
        x = g.states[s]
        if pat or not x.moves:
            return None
        if r > 0:
            return [(m, (t, r - 1, False)) for m, t in x.moves]
        if not quiescence or r <= -quiescence or g.is_quiet(s):
            return None
        noisy = set(g.noisy_moves(s))
        kids: list[tuple[str | None, Item]] = [
            (m, (t, r - 1, False)) for m, t in x.moves if m in noisy
        ]
        if not kids:
            return None
        if stand_pat and not x.check:
            kids.insert(0, (None, (s, r, True)))
        return kids

    built = 0

    def expand(item: Item) -> list[Item] | None:
        nonlocal built
        built += 1
        if max_nodes is not None and built > max_nodes:
            raise TreeFileError(f"the cut tree at depth {depth} has more than {max_nodes} nodes")
        kids = children(item)
        return None if kids is None else [k for _, k in kids]

    def leaf(item: Item) -> Tree:
        s, _, pat = item
        x = g.states[s]
        return Leaf(x.utility if x.utility is not None and not pat else x.evaluation)

    def node(item: Item, _kids: Sequence[Item], built: list[Tree]) -> Tree:
        x = g.states[item[0]]
        if x.probabilities is not None:
            return Node.chance(built, x.probabilities)
        return Node(x.to_move, built)

    root: Item = (0, depth, False)
    return fold(root, expand, leaf, node), tuple(m for m, _ in children(root) or [])


def game_graphs(
    *,
    max_states: int = 7,
    max_moves: int = 3,
    min_value: int = -9,
    max_value: int = 9,
    alternating: bool = False,
    all_quiet: bool = False,
    chance: bool = False,
) -> Any:
    """Hypothesis's strategy for game graphs: up to ``max_states`` states, moves to later ones.

    Moves lead to any later state (with ``alternating``, any later state of the other
    player), so transpositions (a state reached by two lines, at the same or at different
    plies) are common. About half the states are quiet (all with ``all_quiet``); some have noisy
    moves, a few are in check. With ``chance``, every state quiet and one in three that is not
    terminal a chance state (``spec.strategies.probabilities``: most are not powers of two).
    Shrinks towards fewer states and moves, quiet states, values 0.
    """
    from hypothesis import strategies as st  # noqa: PLC0415 - the testing extra's

    from gametree.spec.strategies import probabilities  # noqa: PLC0415 - the same

    values = st.integers(min_value, max_value)

    @st.composite
    def draw(d: Callable[..., Any]) -> GameGraph:
        n = d(st.integers(2, max_states))
        states: list[GameState] = []
        movers = [d(st.integers(0, 1)) for _ in range(n)] if alternating else []
        for s in range(n):
            p = movers[s] if alternating else d(st.integers(0, 1))
            later = [t for t in range(s + 1, n) if not alternating or movers[t] != p]
            if not later or (s > 0 and d(st.integers(0, 3)) == 0):
                states.append(GameState(p, utility=d(values)))
                continue
            k = d(st.integers(1, min(max_moves, len(later))))
            if alternating:
                targets = [d(st.sampled_from(later)) for _ in range(k)]
            else:  # as before alternation was asked for, so that the same seeds draw the same
                targets = [d(st.integers(s + 1, n - 1)) for _ in range(k)]
            labels = "abcdefgh"[:k]
            moves = tuple(zip(labels, targets, strict=True))
            if chance and d(st.integers(0, 2)) == 0:
                ps = d(probabilities(k))
                states.append(GameState(CHANCE, moves, None, d(values), probabilities=ps))
                continue
            kind = 0 if all_quiet or chance else d(st.integers(0, 5))
            check = kind == 5
            quiet = kind < 3 or check
            noisy: tuple[str, ...] = ()
            if not quiet:
                noisy = tuple(m for m in labels if d(st.booleans()))
            states.append(GameState(p, moves, None, d(values), quiet, noisy, check))
        return GameGraph.of(states).reachable()

    return draw()
