"""What the rules and the spec allow as the answer to each question of the game mode.

Glossary: q is a question (:class:`.protocol.Question`), s its position's state, d its depth,
v a value, and a *move's text* the move in the game's notation.

- ``perft`` and ``divide``: ``gametree.games.analysis.perft`` with ``ended=False`` and
  ``divide``, over the game's own rules (its module states them once).
- ``value``: the tree semantics of the gate (:mod:`gametree.conform.semantics`) on the tree
  the game is cut to at d (``spec.unfold``), valued by the declared evaluation
  (``gametree.games.evaluations.Scored``): ``negamax`` and its alpha-beta forms to the player
  to move, ``minimax`` and the max/min alpha-beta forms to the first player, ``maxn``,
  ``shallow``, ... as vectors (with the game's Korf bounds for d plies), ``paranoid`` as the
  worth to ``player``; ``brs`` (three or more players) as paranoid's worth to the player to
  move on the tree best-reply search searches, d layers deep (:mod:`.best_reply`). An engine
  orders its moves, so its best move may be any best move
  (:func:`gametree.conform.semantics.best_moves`), unless the leftmost is asked for.
- ``solve``: the value of the whole game under the evaluation, to the player to move, by
  ``gametree.games.analysis.solve`` over the distinct states; any move that keeps it is a
  best move.
"""

from typing import Any

import attrs

from gametree.conform.codec import Case
from gametree.conform.kept import Memo
from gametree.conform.positions.best_reply import GAME_ONLY, brs_case
from gametree.conform.positions.protocol import Question
from gametree.conform.semantics import SEMANTICS, Checks, Expected, best_moves, check, expected
from gametree.games.analysis import divide, perft, solve
from gametree.games.evaluations import Scored, evaluations
from gametree.spec import Node, Scalar, Value, unfold, worth
from gametree.treefile import TreeFileError, parse_number

__all__ = ["Compare", "Truth", "problems", "semantics_problem", "truth"]

TWO_PLAYER = ("negamax", "negamax-alphabeta-fail-hard", "negamax-alphabeta-fail-soft", "pvs",
              "minimax", "alphabeta-fail-hard", "alphabeta-fail-soft")  # fmt: skip
"""The tree semantics a two-player game is asked under."""


def semantics_problem(game: Any, semantics: str) -> str | None:
    """Why ``semantics`` cannot be asked of ``game``'s positions, or ``None``."""
    if game.players == 2:
        if semantics not in TWO_PLAYER:
            return (f"a two-player game is asked under {', '.join(TWO_PLAYER)} "
                    f"(got {semantics!r})")  # fmt: skip
        return None
    if semantics in GAME_ONLY:
        return None
    s = SEMANTICS.get(semantics)
    if s is None or s.game or (s.kind != "vector" and semantics != "paranoid") or s.domain:
        return (
            f"an N-player game is asked under maxn, paranoid, shallow, immediate, "
            f"last-branch, speculative, deep-pruning-unsound or {', '.join(GAME_ONLY)} "
            f"(got {semantics!r})"
        )
    return None


@attrs.frozen
class Compare:
    """What is compared besides the value or count."""

    best_move: bool = False
    """The move: any best move (an engine orders its moves)."""
    leftmost: bool = False
    """The move: the leftmost best, in the game's move order (the tie rule)."""
    principal_variation: bool = False
    """The line: a line of best moves to the horizon (or the spec's, with ``leftmost``)."""

    @property
    def move(self) -> bool:
        """Whether a move is compared at all."""
        return self.best_move or self.leftmost


@attrs.frozen
class Truth:
    """The answers a question allows."""

    moves: tuple[str, ...]
    """The position's legal moves, as text, in the game's order."""
    count: int | None = None
    divide: tuple[tuple[str, int], ...] | None = None
    case: Case | None = None
    """For ``value``: the tree case the value is defined on."""
    expected: Expected | None = None
    value: Value | None = None
    """For ``solve``: the exact value, to the player to move."""
    optimal: tuple[str, ...] = ()
    """For ``solve``: the moves that keep the value."""


def scored(q: Question) -> Scored:
    """The game valued by the question's evaluation."""
    return Scored(q.played, evaluations(q.played)[q.evaluation])


TRUTHS: Memo[Question, Truth] = Memo(lambda _: 1, entries=2048, nodes=2048)
"""The truths of the questions asked lately: gate runs of the same options ask the same
questions (the tests gate several engines, right and broken, with one game's options)."""


def truth(q: Question) -> Truth:
    """The answers ``q`` allows, worked out once for equal questions (:data:`TRUTHS`).

    A window is compared by its value, as the case it is asked on reads it (exactly).
    """
    return TRUTHS(q, lambda: _truth(q))


def _truth(q: Question) -> Truth:
    """The answers ``q`` allows (module docstring)."""
    game, s = q.played, q.state
    moves = tuple(game.format_move(m) for m in game.moves(s))
    if q.ask == "perft":
        return Truth(moves, count=perft(game, s, q.depth, ended=False))
    if q.ask == "divide":
        return Truth(moves, divide=tuple((game.format_move(m), n)
                                         for m, n in divide(game, s, q.depth)))  # fmt: skip
    g = scored(q)
    if q.ask == "solve":
        mover = game.to_move(s)
        v = _worth(solve(g, s).value, mover)
        kids = [_worth(solve(g, game.successor(s, m)).value, mover) for m in game.moves(s)]
        return Truth(
            moves, value=v, optimal=tuple(t for t, k in zip(moves, kids, strict=True) if k == v)
        )
    if q.semantics in GAME_ONLY:
        case = brs_case(q)
        return Truth(moves, case=case, expected=expected(case))
    t = unfold(g, s, q.depth)
    sem = SEMANTICS[q.semantics]
    korf = sem.bounds or (sem.kind == "vector" and game.players > 2)
    bounds = game.bounds_below(s, q.depth) if korf else None
    case = Case(q.semantics, t, bounds, q.alpha, q.beta, q.player)
    return Truth(moves, case=case, expected=expected(case))


def _worth(v: Scalar, mover: int) -> Scalar:
    w: Scalar = worth(v, mover)
    return w


def problems(q: Question, t: Truth, response: object, compare: Compare) -> list[str]:  # noqa: PLR0911 - one return per question
    """What is wrong with a target's ``response`` to ``q`` (empty when it is right)."""
    if not isinstance(response, dict):
        return [f"the reply is not a JSON object (got {type(response).__name__})"]
    if "error" in response:
        return [f"the target reported an error: {str(response['error'])[:500]}"]
    if q.ask == "perft":
        got = response.get("count", "missing")
        if isinstance(got, bool) or not isinstance(got, int):
            return [f"count: expected an integer, got {str(got)[:80]}"]
        return [] if got == t.count else [f"count: expected {t.count}, got {got}"]
    if q.ask == "divide":
        return _divide_problems(t, response.get("divide", "missing"))
    if q.ask == "solve":
        return _solve_problems(t, response, compare)
    return _value_problems(q, t, response, compare)


def _divide_problems(t: Truth, got: object) -> list[str]:
    assert t.divide is not None
    if not isinstance(got, dict) or not all(isinstance(n, int) for n in got.values()):
        return [f"divide: expected an object of moves and counts, got {str(got)[:80]}"]
    want = dict(t.divide)
    out = []
    missing = [m for m in want if m not in got]
    extra = [m for m in got if m not in want]
    legal = f"the legal moves: {' '.join(want)}" if want else "the game is over"
    if missing:
        out.append(f"moves: {', '.join(missing)} missing ({legal})")
    if extra:
        out.append(f"moves: {', '.join(extra)} not legal here ({legal})")
    out += [f"after {m}: expected {n}, got {got[m]}" for m, n in want.items()
            if m in got and got[m] != n]  # fmt: skip
    return out


def _solve_problems(t: Truth, response: dict[str, Any], compare: Compare) -> list[str]:
    if "value" not in response:
        return ["the reply has no 'value'"]
    try:
        v = parse_number(response["value"], ["value"])
    except TreeFileError as fault:
        return [f"'value' is not a number: {fault.problem}"]
    out = [] if v == t.value else [f"value: expected {t.value}, got {v}"]
    if compare.move and t.optimal:
        out += _move_problem(response, t.optimal, f"one of {' '.join(t.optimal)}")
    return out


NO_MOVE = (
    "best_move: the reply has none (the move is compared, as --best-move or "
    "--any-best-move asks: a line reply is 'VALUE MOVE')"
)


def _move_problem(response: dict[str, Any], allowed: list[str] | tuple[str, ...],
                  expected: str) -> list[str]:  # fmt: skip
    """What is wrong with the reply's move, when it is compared: none, or not ``allowed``."""
    if "best_move" not in response:
        return [NO_MOVE]
    got = response["best_move"]
    if got in allowed:
        return []
    return [f"best_move: expected {expected}, got {got}"]


def _value_problems(q: Question, t: Truth, response: dict[str, Any], compare: Compare) -> list[str]:
    case, e = t.case, t.expected
    assert case is not None
    assert e is not None
    reply: dict[str, object] = {"value": response.get("value")}
    if "value" not in response:
        reply = {}
    line = response.get("principal_variation")
    if compare.principal_variation:
        indices = _line_indices(q, line)
        if isinstance(indices, str):
            return [f"principal_variation: {indices}"]
        reply["principal_variation"] = indices
        reply["best_move"] = indices[0] if indices else None
    checks = Checks(best_move=False, principal_variation=compare.principal_variation,
                    any_best_move=compare.principal_variation and not compare.leftmost)  # fmt: skip
    out = [p for p in check(case, e, reply, checks) if not p.startswith("best_move:")]
    if compare.move and e.principal_variation is not None and isinstance(case.tree, Node):
        best = best_moves(case, e) or ()
        allowed = [t.moves[i] for i in best if isinstance(i, int)]
        if compare.leftmost:
            assert e.best_move is not None
            allowed = [t.moves[e.best_move]]
        which = "the leftmost best" if compare.leftmost else "any best move"
        out += _move_problem(response, allowed, f"{' or '.join(allowed)} ({which})")
    return out


def _line_indices(q: Question, line: object) -> list[int] | str:
    """The moves of a line, as text, turned into move indices from the position."""
    if not isinstance(line, list) or not all(isinstance(m, str) for m in line):
        return f"expected a list of moves, got {str(line)[:80]}"
    game = q.played
    s = q.state
    out = []
    for k, text in enumerate(line, 1):
        legal = [game.format_move(m) for m in game.moves(s)]
        if text not in legal:
            return f"move {k} of the line, {text}, is not legal there (legal: {' '.join(legal)})"
        i = legal.index(text)
        out.append(i)
        s = game.successor(s, game.moves(s)[i])
    return out
