"""The positions the game mode asks, phase by phase, and what they cover.

Glossary: a *line* is the moves from the start to a position; a *category* says where a
position comes from or what is about to happen there; d is a depth; *leaves* the number of
leaves of the tree cut at d (the reference's work).

**Positions** come from random playouts of the game (a fixed seed): every position met on the
way is sorted into the categories it belongs to (:func:`categories`), and each category draws
its own. They are what engine authors test on: ``start``, ``opening`` (at most 4 moves in),
``playout`` (anywhere), ``one-from-end`` (a move ends the game), ``near-full`` (the board
nearly full, the seeds nearly home, the heaps nearly gone), and each game's own:
``extra-turns`` (Kalah: a move that earns another, after which another does again),
``capture`` (Kalah), ``pass`` (Othello: the mover or the next one must pass), ``full-column``
(Connect Four), and ``forced-win``: the player to move wins by force with its second move from
here, not its first (:func:`forced_win`), so that the winning moves lie two plies down, in nodes
searched over the window their parent passed on (a window passed on unswapped, (-alpha, -beta)
for (-beta, -alpha), cuts them off after their first move). ``endgame`` positions are the ones
a solver is asked: few enough moves left that the whole game below is small. ``same-board``
endgames come in pairs, one board with each player to move (after an extra turn or a pass),
each pair asked after the positions one move before its two: an engine whose table is keyed
on the board without the mover answers the second from the first, at the root (the second of
the pair) or below it (the second parent, whose search meets the second position as a child of
a position never stored).

**Phases** (:func:`plan`): perft from the start at depths 1, 2, ... (up to
:data:`PERFT_FROM_START` move sequences), then from positions of every category at depths 1,
2, ... (up to :data:`PERFT_ELSEWHERE`); values at depths 1, 2, ... on positions of every
category (cut trees of at most :data:`VALUE_LEAVES` leaves); solved endgames.

**Coverage** (:func:`covered`) is read off the reference, as for trees: the moves the tree cut
at d holds, by what they do in the game (each game's ``move_kinds``: an extra turn, a capture,
a pass, a win along a row, a column filled, ...), marked ``-at-horizon`` when the move leads to
a leaf at the horizon, and ``extra-turns-in-a-row`` when an extra turn follows an extra turn;
of perft and value questions to depth :data:`COVERAGE_DEPTH` (the trees below are walked whole).
"""

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs

from gametree.conform.kept import Memo
from gametree.conform.positions.best_reply import GAME_ONLY, brs_leaves
from gametree.conform.positions.protocol import Question
from gametree.games.analysis import perft
from gametree.games.connect4 import ConnectFour
from gametree.games.evaluations import Scored, evaluations
from gametree.games.kalah import Kalah
from gametree.games.nim import Nim
from gametree.games.othello import PASS, Othello
from gametree.games.tictactoe import TicTacToe
from gametree.spec.search import cut_negamax

__all__ = [
    "BEHAVIOURS",
    "CATEGORIES",
    "COVERAGE_DEPTH",
    "categories",
    "covered",
    "draw_positions",
    "forced_win",
    "plan",
    "within_limits",
]

PERFT_FROM_START = 20_000
PERFT_ELSEWHERE = 3_000
VALUE_LEAVES = 2_000
SOLVE_STATES = 1_000
"""The most distinct states below a position asked to be solved (the reference solves them)."""
SOLVES = 16
"""The endgames the default run asks to be solved (cheap to check: the game below is small)."""

COVERAGE_DEPTH = 4
"""The deepest question whose tree the coverage counts."""

CATEGORIES = ("start", "opening", "playout", "one-from-end", "near-full", "extra-turns",
              "capture", "pass", "full-column", "endgame", "same-board", "forced-win")  # fmt: skip

FORCED_FROM_END = 6
"""The positions at the end of each playout tried for a forced win (a random game ends where a
player forces one or misses a block)."""

BEHAVIOURS: dict[type, tuple[str, ...]] = {
    TicTacToe: ("win", "win-row", "win-column", "win-diagonal", "draw", "win-at-horizon"),
    Nim: ("empties-heap", "last", "last-at-horizon"),
    ConnectFour: ("win", "win-horizontal", "win-vertical", "win-diagonal", "win-top-row",
                  "fills-column", "win-at-horizon", "fills-column-at-horizon"),
    Kalah: ("extra-turn", "extra-turn-at-horizon", "extra-turns-in-a-row", "capture",
            "skips-store", "ends-game", "capture-ends-game", "ends-game-at-horizon"),
    Othello: ("pass", "pass-at-horizon", "corner", "lines-2+", "ends-game"),
}  # fmt: skip
"""The behaviours of each game the default run should meet (the report names any it did not)."""


def fill(game: Any, state: Any) -> float:
    """How far the game has gone, 0 at the start to 1 at a full board (or no seeds in pits)."""
    done: int
    if isinstance(game, TicTacToe):
        done, whole = 9 - state.cells.count(None), 9
    elif isinstance(game, ConnectFour):
        done, whole = state.pieces, game.rows * game.columns
    elif isinstance(game, Othello):
        done, whole = state.pieces, game.size * game.size
    elif isinstance(game, Kalah):
        done, whole = game.total - sum(state.side(0)) - sum(state.side(1)), game.total
    else:
        assert isinstance(game, Nim)
        done, whole = sum(game.heaps) - sum(state.heaps), max(1, sum(game.heaps))
    return done / whole


def _kinds(game: Any, state: Any) -> set[str]:
    return {k for m in game.moves(state) for k in game.move_kinds(state, m)}


def categories(game: Any, state: Any, line: tuple[Any, ...]) -> set[str]:
    """The categories of a position that is not over (module docstring)."""
    out = {"playout"}
    if not line:
        out.add("start")
    if len(line) <= 4:
        out.add("opening")
    kinds = _kinds(game, state)
    if kinds & {"win", "ends-game", "last", "draw"}:
        out.add("one-from-end")
    if fill(game, state) >= 0.7:
        out.add("near-full")
    if "capture" in kinds:
        out.add("capture")
    if "extra-turn" in kinds and any(
        "extra-turn" in _kinds(game, game.successor(state, m))
        for m in game.moves(state) if "extra-turn" in game.move_kinds(state, m)
    ):  # fmt: skip
        out.add("extra-turns")
    if isinstance(game, Othello) and ("pass" in kinds or any(
        game.moves(game.successor(state, m)) == (PASS,) for m in game.moves(state)
    )):  # fmt: skip
        out.add("pass")
    if isinstance(game, ConnectFour) and any(len(c) == game.rows for c in state.columns):
        out.add("full-column")
    return out


def forced_win(game: Any, state: Any) -> bool:
    """Whether the player to move wins by force with its second move from ``state``, not its first.

    Under ``outcome`` (+1, 0, -1 at the end, 0 at the horizon) the value to the mover of the
    tree cut at depth 3 is a win and that at depth 1 is not. Two players only.

    >>> from functools import reduce
    >>> from gametree.games.connect4 import ConnectFour
    >>> game = ConnectFour()
    >>> def after(line: str) -> Any:
    ...     return reduce(game.successor, game.parse_line(line), game.initial_state())
    >>> forced_win(game, after("4455")), forced_win(game, after("445"))
    (True, False)
    """
    if game.players != 2:
        return False
    g = Scored(game, evaluations(game)["outcome"])
    return cut_negamax(g, state, 1).value <= 0 < cut_negamax(g, state, 3).value


def _below(game: Any, state: Any) -> dict[Any, tuple[Any, ...]] | None:
    """The states of the game below ``state``, each with a line to it from ``state``.

    ``None`` if there are more than :data:`SOLVE_STATES` (then it is no endgame).
    """
    seen: dict[Any, tuple[Any, ...]] = {state: ()}
    stack = [state]
    while stack:
        s = stack.pop()
        if game.is_terminal(s):
            continue
        for m in game.moves(s):
            t = game.successor(s, m)
            if t not in seen:
                if len(seen) >= SOLVE_STATES:
                    return None
                seen[t] = (*seen[s], m)
                stack.append(t)
    return seen


def _same_board(game: Any, below: dict[Any, tuple[Any, ...]]) -> tuple[Any, ...] | None:
    """Two lines (from where ``below`` starts) to one board, each with another player to move.

    Only for a game whose state holds the mover beside the board (``to_move``).
    """
    kind = type(next(iter(below)))
    if not attrs.has(kind) or "to_move" not in attrs.fields_dict(kind):
        return None
    boards: dict[Any, tuple[Any, tuple[Any, ...]]] = {}
    for s, line in below.items():
        if game.is_terminal(s):
            continue
        board = tuple(getattr(s, f.name) for f in attrs.fields(kind) if f.name != "to_move")
        t, other = boards.setdefault(board, (s, line))
        if t.to_move != s.to_move:
            return other, line
    return None


def _playout(game: Any, rng: random.Random) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """The positions of one random game that are not over, with their lines."""
    s = game.initial_state()
    line: tuple[Any, ...] = ()
    while not game.is_terminal(s):
        yield line, s
        m = rng.choice(list(game.moves(s)))
        s, line = game.successor(s, m), (*line, m)


def _sort(game: Any, met: list[tuple[tuple[Any, ...], Any]],
          found: dict[str, list[tuple[Any, ...]]]) -> None:  # fmt: skip
    """Add the lines of a playout's positions ``met`` to the categories each belongs to.

    A forced win is tried for at the last :data:`FORCED_FROM_END` positions only.
    """
    for line, s in met:
        for c in categories(game, s, line):
            if line not in found[c]:
                found[c].append(line)
    for line, s in met[-FORCED_FROM_END:]:
        if line not in found["forced-win"] and forced_win(game, s):
            found["forced-win"].append(line)


def draw_positions(game: Any, *, seed: int, playouts: int, per_category: int,
                   ) -> dict[str, list[tuple[Any, ...]]]:  # fmt: skip
    """Up to ``per_category`` lines of each category from ``playouts`` random games.

    Of endgames, :data:`SOLVES`.

    The endgame test walks the game below a position, so it is tried from the last position
    of a playout backwards, until one is too big.
    """
    rng = random.Random(seed)  # noqa: S311 - positions to test, not secrets
    found: dict[str, list[tuple[Any, ...]]] = {c: [] for c in CATEGORIES}
    pairs: list[list[tuple[Any, ...]]] = []
    for _ in range(playouts):
        met = list(_playout(game, rng))
        _sort(game, met, found)
        biggest = None
        for line, s in reversed(met):  # the last positions first, until one is too big
            below = _below(game, s)
            if below is None:
                break
            biggest = line, below
            if line not in found["endgame"]:
                found["endgame"].append(line)
        pair = None if biggest is None else _same_board(game, biggest[1])
        if pair is not None and biggest is not None:
            root = biggest[0]
            parents = [(*root, *line[:-1]) for line in pair if line]
            group = [*dict.fromkeys(parents), *((*root, *line) for line in pair)]
            pairs.append(group)
    out = {}
    for c, lines in found.items():
        rng.shuffle(lines)
        if lines:
            out[c] = sorted(lines[: SOLVES if c == "endgame" else per_category], key=len)
    if pairs:
        out["same-board"] = [line for group in pairs[: SOLVES // 2] for line in group]
    return out


def plan(game_name: str, variant: tuple[tuple[str, object], ...], game: Any, *,
         seed: int, evaluation: str, semantics: str, solve_evaluation: str,
         player: int | None = None) -> dict[str, list[Question]]:  # fmt: skip
    """The questions of each phase of the default run (module docstring), in order."""
    positions = draw_positions(game, seed=seed, playouts=20, per_category=4)
    start = Question(game_name, variant, (), "perft", 1, category="start")
    perfts = _while_within(start, range(1, 13))
    values, solves = [], []
    for c, lines in positions.items():
        for line in lines:
            if c in ("endgame", "same-board"):
                solves.append(Question(game_name, variant, line, "solve",
                                       evaluation=solve_evaluation, category=c))  # fmt: skip
                continue
            value = Question(game_name, variant, line, "value", 1, evaluation, semantics,
                             player=player, category=c)  # fmt: skip
            values += _while_within(value, range(1, 6))
            if c != "start":
                perfts += _while_within(Question(game_name, variant, line, "perft", category=c),
                                        range(1, 5))  # fmt: skip
    return {"perft": perfts, "value": values, "solve": solves}


def _while_within(q: Question, depths: range) -> list[Question]:
    """``q`` at each of ``depths`` in turn, up to the first beyond the phase's limits."""
    out = []
    for d in depths:
        if not within_limits(q.at(q.line, d)):
            break
        out.append(q.at(q.line, d))
    return out


def within_limits(q: Question) -> bool:
    """Whether ``q`` is within its phase's limits: the default run would ask it.

    A ``perft`` or ``divide`` of at most :data:`PERFT_FROM_START` move sequences asked of
    the start (its category), :data:`PERFT_ELSEWHERE` of the other positions; a ``value`` of
    a position that is not over, its tree cut at the depth of at most :data:`VALUE_LEAVES`
    leaves (for ``brs``, the tree best-reply search searches); a ``solve`` of an endgame
    (at most :data:`SOLVE_STATES` states below) that is not over. A failure is shrunk only to
    questions within the limits: a shorter line can reach a position far from the end, whose
    solve takes as long as the whole game's, for the reference and for the target alike.
    """
    game, s = q.played, q.state
    if q.ask == "solve":
        return not game.is_terminal(s) and _below(game, s) is not None
    if q.ask == "value" and q.semantics in GAME_ONLY:
        return not game.is_terminal(s) and brs_leaves(q, VALUE_LEAVES) <= VALUE_LEAVES
    if q.ask == "value":
        return (
            not game.is_terminal(s) and perft(game, s, q.depth, limit=VALUE_LEAVES) <= VALUE_LEAVES
        )
    limit = PERFT_FROM_START if q.category == "start" else PERFT_ELSEWHERE
    return perft(game, s, q.depth, ended=False, limit=limit) <= limit


def playable(game: Any, line: tuple[Any, ...]) -> bool:
    """Whether ``line`` can be played from the start: each move legal, the game not over."""
    s = game.initial_state()
    for m in line:
        if game.is_terminal(s) or m not in game.moves(s):
            return False
        s = game.successor(s, m)
    return True


COVERED: Memo[tuple[object, ...], Counter[str]] = Memo(lambda _: 1, entries=4096, nodes=4096)
"""What the questions asked lately showed, by the position and depth."""


def covered(q: Question) -> Counter[str]:
    """The behaviours the tree cut at ``q``'s depth shows (module docstring).

    None for a solve, or deeper than :data:`COVERAGE_DEPTH`: not counted. Worked out once for
    a position and depth (:data:`COVERED`).
    """
    key = (q.game, q.variant, q.line, q.ask, q.depth)
    return Counter(COVERED(key, lambda: _covered(q)))


def _covered(q: Question) -> Counter[str]:
    game, depth = q.played, q.depth
    out: Counter[str] = Counter()
    if q.ask not in ("perft", "value") or depth > COVERAGE_DEPTH:
        return out
    stack: list[tuple[Any, int, bool]] = [(q.state, 0, False)]
    while stack:
        s, ply, extra = stack.pop()
        if ply == depth or game.is_terminal(s):
            continue
        for m in game.moves(s):
            kinds = game.move_kinds(s, m)
            at = ply + 1 == depth
            for k in kinds:
                out[f"{k}-at-horizon" if at else k] += 1
            if extra and "extra-turn" in kinds:
                out["extra-turns-in-a-row"] += 1
            stack.append((game.successor(s, m), ply + 1, "extra-turn" in kinds))
    return out
