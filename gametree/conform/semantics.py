"""What a conformance target claims to compute, and the answers that claim allows.

Glossary: a *case* is one question put to a target (a tree, and a window, bounds or player
when the semantics takes them); v is the true value (minimax, negamax, maxn or paranoid,
from ``spec``), a and b the window, r the target's result, u the value from the root
mover's point of view.

Every semantics fixes the value, and when asked (``--best-move``, ``--principal-variation``)
the move and line under the tie rule (the leftmost best child, Korf's ``Next[Player] >
Best[Player]``), and with ``--strict-order`` the exact sequence of leaves a directional
search of that kind evaluates, from ``impl`` (every leaf, left to right, for the plain
definitions). The alpha-beta semantics take a window and allow what the literature allows:

- ``alphabeta-fail-soft`` (Fishburn 1983): a < v < b => r = v; v <= a => v <= r <= a;
  v >= b => b <= r <= v.
- ``alphabeta-fail-hard`` (Knuth and Moore's F2, the Alpha-Beta Pruning article): the same, except
  that when the player to move at an interior root fails low (Max: v <= a; Min: v >= b) the result
  is that player's own bound exactly (Max: r = a; Min: r = b). That is where fail-hard and fail-soft
  differ; on the other side both clip to the bound (r = b), or, as the Alpha-Beta Pruning article's
  procedure does, report the leaf that caused the cut-off as it is, so the range [b, v] is allowed
  there.
- The ``negamax-`` forms: the same with value and window from the root mover's point of
  view (a lone leaf is a root where player 0 moves).

The searches the explore page runs besides these have semantics of their own
(``docs/conformance.md`` says what each compares, and why):

- ``pvs``: principal variation search; the values of ``negamax-alphabeta-fail-soft``, the
  leaves of ``impl.pvs`` (a leaf read by a scout and again by the re-search, twice).
- ``mtdf``: MTD(f) from the request's ``first_guess``; the values of ``alphabeta-fail-soft``,
  the leaves of ``impl.mtdf`` on the tree as written (its table keyed by place, never by a
  subtree that a tree in memory shares).
- ``last-branch`` and ``speculative``: maxn under Korf's bounds, with Sturtevant's leaves.
- ``deep-pruning-unsound``: what ``impl.deep_pruning_unsound`` returns, value, line and
  leaves, which is not maxn's with three or more players (Korf 3.2.3); the truth reported
  beside it is maxn's.

The ``game-`` semantics ask about a game graph (:mod:`gametree.conform.games`) rather than a
tree, for engines with the techniques that only a game shows (a transposition table, killer
moves, iterative deepening, quiescence):

- ``game-negamax``: ``spec.search.cut_negamax`` at ``depth`` with the quiescence limit, the
  root mover's view; the best move is one of ``spec.search.optimal_moves`` (an engine may
  order the moves), by its label.
- ``game-negamax-stand-pat``: the same, where a quiescence extension may also stand pat (take
  the static evaluation) except in check (:func:`gametree.conform.games.cut_tree`).
- ``game-negamax-witness``: a depth-limited search with a transposition table whose entries
  of a deeper search may answer (``entry.depth >= depth``), from the root mover's view, with
  the request's window (``alpha``, ``beta``): the result is admitted when the witness
  criterion of Wesselink et al. justifies it (``spec.search.witness``, definition 7: Fishburn's
  properties against the value of some witness), so a fixed-depth engine passes too. No
  quiescence (the paper's criterion); the best move is not compared, as a witness fixes
  only a value.
- ``game-deepening``: iterative deepening under a node budget (``max_nodes``, counted as the
  engine counts) up to ``max_depth``; the reply names the deepest ``depth`` it completed, and
  the value and move must be that depth's (``spec.search``, definition 3).

A case's ``tree`` is then the cut tree the value is minimax over (at ``max_depth`` for
deepening), for reports; the request carries the game.

The best move and principal variation are checked only when the value is exact (a < v < b).

>>> from gametree.spec import Node
>>> case = Case("alphabeta-fail-hard", Node.by_depth([[3, 12], [2, 4]]), alpha=5)
>>> e = expected(case)
>>> e.value, e.value_range, e.trace
(5, None, ((0, 0), (1, 0)))
"""

import json
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import attrs

from gametree import impl, spec
from gametree.algorithms import REGISTRY, Algorithm, Answer, Options
from gametree.conform.codec import SIGNATURES, Case, Signature, signature
from gametree.conform.games import GameGraph, cut_tree
from gametree.conform.kept import Memo
from gametree.spec import Path, Scalar, Tree, Value
from gametree.spec.best_reply import best_replies, brs_plus_transform, transform_line
from gametree.spec.chance import expected_value
from gametree.spec.fold import fold
from gametree.spec.maxn import maxn_choice, paranoid_player
from gametree.spec.minimax import minimax_choice
from gametree.treefile import TreeFileError, json_value, parse_value

__all__ = [
    "ANSWERS",
    "SEMANTICS",
    "Checks",
    "Expected",
    "Semantics",
    "case_weight",
    "check",
    "expected",
]


@attrs.frozen
class Expected:
    """The answers a case allows: an exact value or a closed range, the move, the leaves."""

    true_value: Value
    value: Value | None
    value_range: tuple[Scalar, Scalar] | None
    best_move: int | None
    principal_variation: Path | None
    """``None`` when the value is only a bound, so no move is determined."""
    trace: tuple[Path, ...]
    optimal_moves: tuple[str, ...] | None = None
    """For a game: the labels of the root's moves that attain the value (any may be played)."""
    by_depth: tuple[tuple[int, Scalar, tuple[str, ...]], ...] | None = None
    """For deepening: (depth, value, optimal moves) for every depth the reply may name."""
    witness: spec.Witnessed | None = None
    """For table reuse: the witnesses' values and the window (``spec.search.witness``)."""
    visited: int | None = None
    """The nodes the reference search visited: ``impl``'s ``nodes_visited``, every node for
    the plain definitions, the cut tree's nodes for a game (not compared: a measure)."""

    def json(self) -> dict[str, object]:
        """As in the vector files: only the keys that constrain the answer, and the truth."""
        out: dict[str, object] = {"true_value": json_value(self.true_value)}
        if self.witness is not None:
            out["witness_values"] = [json_value(v) for v in self.witness.values]
            return out
        if self.by_depth is not None:
            out["by_depth"] = [
                {"depth": d, "value": json_value(v), "optimal_moves": list(ms)}
                for d, v, ms in self.by_depth
            ]
            return out
        if self.optimal_moves is not None:
            out["value"] = json_value(self.true_value)
            out["optimal_moves"] = list(self.optimal_moves)
            return out
        if self.value is not None:
            out["value"] = json_value(self.value)
        if self.value_range is not None:
            out["value_range"] = [json_value(x) for x in self.value_range]
        if self.principal_variation is not None:
            out["best_move"] = self.best_move
            out["principal_variation"] = list(self.principal_variation)
        out["trace"] = [list(p) for p in self.trace]
        return out


@attrs.frozen
class Semantics(Signature):
    """A named claim: its signature, its one-line summary, how the answers are worked out.

    The signature (:class:`gametree.conform.codec.Signature`) is what its requests carry.
    """

    summary: str = attrs.field(kw_only=True)
    answers: Callable[[Case], Expected] = attrs.field(kw_only=True)


Read = tuple[tuple[Path, ...], int]
"""What a reference search read: its leaves in order, and the nodes it visited."""


def options_of(case: Case) -> Options:
    """The options a search of ``case`` is run with.

    Its window (infinities filled in), player, first guess and domain.
    """
    return Options(
        alpha=impl.BOTTOM if case.alpha is None else case.alpha,
        beta=impl.TOP if case.beta is None else case.beta,
        player=case.player,
        first_guess=case.first_guess,
        domain=case.domain,
    )


def _read(a: Algorithm, case: Case) -> tuple[Answer, Read]:
    """The answer of ``a``'s search on ``case``, and what it read.

    A search whose table keys nodes by identity (``impl.mtdf``) reads a copy of the tree in
    which no two nodes are one (no transpositions): a drawn tree may hold one subtree in two
    places, and in the text a target reads, as in the copy, each place is its own node.
    """
    t = _unshared(case.tree) if a.transpositions else case.tree
    r = a.run(t, case.declared, options_of(case), trace=True)
    assert r.trace is not None
    return r, (r.trace, r.nodes_visited)


def _definition(a: Algorithm, case: Case) -> Answer:
    return a.run(case.tree, case.declared, options_of(case), definition=True)


def _declared(player: int | None) -> int:
    assert player is not None, "a best-reply case declares its player"
    return player


def _mover(t: Tree) -> int:
    return t.to_move if isinstance(t, spec.Node) else 0


def _unshared(t: Tree) -> Tree:
    """A copy of ``t`` in which no node is reached by two paths (over an explicit stack)."""

    def expand(n: Tree) -> tuple[Tree, ...] | None:
        return n.children if isinstance(n, spec.Node) else None

    def leaf(n: Tree) -> Tree:
        assert isinstance(n, spec.Leaf)
        return spec.Leaf(n.value)

    def node(n: Tree, _kids: Sequence[Tree], built: list[Tree]) -> Tree:
        assert isinstance(n, spec.Node)
        return spec.Node(n.to_move, built)

    return fold(t, expand, leaf, node)


def _exact(a: Algorithm, case: Case) -> Expected:
    """The definition's value and line, and the leaves the search reads."""
    s = _definition(a, case)
    trace, visited = _read(a, case)[1]
    return Expected(s.value, s.value, None, s.best_move, s.principal_variation, trace,
                    visited=visited)  # fmt: skip


def _own(a: Algorithm, case: Case) -> Expected:
    """A search that is not exact (deep pruning): its own value, line and leaves.

    The truth is the definition's.
    """
    r, (trace, visited) = _read(a, case)
    return Expected(_definition(a, case).value, r.value, None, r.best_move,
                    r.principal_variation, trace, visited=visited)  # fmt: skip


def _windowed(a: Algorithm, case: Case) -> Expected:
    """The alpha-beta answers (see the module docstring), from spec, and the leaves from impl."""
    t, lo, hi = case.tree, case.alpha, case.beta
    negamax = a.reference == "spec.negamax"
    hard = a.fail == "hard"
    s = _definition(a, case)
    v = s.value
    trace, n = _read(a, case)[1]
    assert not isinstance(v, tuple)
    if (lo is None or lo < v) and (hi is None or v < hi):
        return Expected(v, v, None, s.best_move, s.principal_variation, trace, visited=n)
    interior = isinstance(t, spec.Node)
    # The side on which the root's mover fails low: its own bound, exact under fail-hard.
    maximiser = negamax or _mover(t) == 0
    if lo is not None and v <= lo:
        if hard and interior and maximiser:
            return Expected(v, lo, None, None, None, trace, visited=n)
        return Expected(v, None, (v, lo), None, None, trace, visited=n)
    assert hi is not None
    if hard and interior and not maximiser:
        return Expected(v, hi, None, None, None, trace, visited=n)
    return Expected(v, None, (hi, v), None, None, trace, visited=n)


def _game_answers(g: GameGraph, depth: int, quiescence: int, *, stand_pat: bool) -> tuple[
    Scalar, tuple[str, ...]
]:  # fmt: skip
    """The value (root mover's view) and the optimal moves of a game at ``depth``."""
    if not stand_pat:
        v = spec.cut_negamax(g, 0, depth, quiescence=quiescence).value
        moves = g.moves(0)
        best = spec.optimal_moves(g, 0, depth, quiescence=quiescence)
        return v, tuple(moves[i] for i in best)
    t, labels = cut_tree(g, depth, quiescence=quiescence, stand_pat=True)
    if not isinstance(t, spec.Node):
        assert not isinstance(t.value, tuple)
        return spec.worth(t.value, g.to_move(0)), ()
    v = spec.negamax(t).value
    p = t.to_move
    worths = [spec.worth(spec.minimax(c).value, p) for c in t.children]
    return v, tuple(m for m, w in zip(labels, worths, strict=True) if w == v and m is not None)


def _expectimax_answers(g: GameGraph, depth: int) -> tuple[Value, tuple[str, ...]]:
    """The expectimax value (Max's view) of a game, and the root's optimal moves.

    ``spec.game_expectimax``'s; a chance root has no move.
    """
    v = spec.game_expectimax(g, 0, depth).value
    p = g.to_move(0)
    if g.is_terminal(0) or depth == 0 or p == spec.CHANCE:
        return v, ()
    moves = g.moves(0)
    worths = [spec.game_expectimax(g, g.successor(0, m), depth - 1).value for m in moves]
    best = max(worths) if p == 0 else min(worths)
    return v, tuple(m for m, w in zip(moves, worths, strict=True) if w == best)


def _game(case: Case) -> Expected:
    g = case.game
    assert g is not None
    pat = case.semantics == "game-negamax-stand-pat"
    n = case.tree.size  # what the definitions walk (the witness criterion memoises)
    if case.semantics == "game-expectimax":
        v, moves = _expectimax_answers(g, case.depth)
        return Expected(v, v, None, None, None, (), moves, visited=n)
    if case.semantics == "game-negamax-witness":
        w = spec.witness(g, 0, case.depth, case.alpha, case.beta)
        return Expected(w.fixed, None, None, None, None, (), witness=w, visited=n)
    if case.semantics != "game-deepening":
        v, moves = _game_answers(g, case.depth, case.quiescence, stand_pat=pat)
        return Expected(v, v, None, None, None, (), moves, visited=n)
    table = []
    for d in range(case.depth + 1):
        v, moves = _game_answers(g, d, case.quiescence, stand_pat=False)
        table.append((d, v, moves))
    v = table[-1][1]
    return Expected(v, None, None, None, None, (), None, tuple(table), visited=n)


def _semantics(a: Algorithm) -> Semantics:
    """The gate's semantics of a search of the registry (:data:`gametree.algorithms.REGISTRY`)."""
    answers: Callable[[Case], Expected]
    if a.kind == "game":
        answers = _game
    elif a.fail is not None:
        answers = partial(_windowed, a)
    else:
        answers = partial(_exact if a.exact else _own, a)
    assert a.semantics is not None
    takes = attrs.asdict(signature(a), recurse=False)
    return Semantics(**takes, summary=a.semantics, answers=answers)


def vector_answer(case: Case) -> bool:
    """Whether ``case``'s answer is a vector: maxn's and its prunings', expectimax's of vectors.

    Paranoid search and BRS+ answer their player's worth, a scalar, whatever the tree.
    """
    s = SEMANTICS[case.semantics]
    return (s.kind == "vector" and not s.player) or (s.kind == "any" and case.tree.vector)


SEMANTICS: dict[str, Semantics] = {a.name: _semantics(a) for a in REGISTRY if a.name in SIGNATURES}
"""Every semantics the gate and the vectors know, by name: the searches of the registry that
name one."""


def expected(case: Case) -> Expected:
    """The answers ``case`` allows, worked out once a process for each case (:data:`ANSWERS`)."""
    return ANSWERS(case, lambda: SEMANTICS[case.semantics].answers(case))


def case_weight(case: Case) -> int:
    """What a memo of cases counts a case as: its tree's nodes, and its game's states and moves."""
    return case.tree.size + (0 if case.game is None else case.game.size)


ANSWERS: Memo[Case, Expected] = Memo(case_weight, entries=4096, nodes=2**21)
"""The answers of the cases asked lately, by content: every gate run asks the same vectors and,
at a seed and scope, the same generated cases; a case equal but for one leaf, its window or
its bounds is another key."""


@attrs.frozen
class Checks:
    """What to compare besides the value."""

    best_move: bool = False
    principal_variation: bool = False
    strict_order: bool = False
    move_only: bool = False
    """The target reports a move, not a value (``--move-only``): see :func:`check_move`."""
    any_best_move: bool = False
    """The target picks any of the best moves (``--any-best-move``: at random among ties):
    its move must be one of them, and its line one of best moves (:func:`best_line_problem`)."""
    window_leaves: bool = False
    """The target reports its leaves, in an order of its own (``--window-leaves``): over a
    narrower window they must be a subsequence of those over a wider one
    (:mod:`gametree.conform.window_leaves`)."""

    @property
    def traced(self) -> bool:
        """Whether the requests ask for the leaves read."""
        return self.strict_order or self.window_leaves


def check(case: Case, e: Expected, response: object, checks: Checks) -> list[str]:  # noqa: PLR0911, PLR0912
    """What is wrong with a target's ``response`` to ``case`` (empty when it conforms)."""
    if not isinstance(response, dict):
        return [f"the response is not a JSON object (got {type(response).__name__})"]
    if "error" in response:
        return [f"the target reported an error: {str(response['error'])[:500]}"]
    if checks.move_only:
        return check_move(case, e, response, checks)
    problems: list[str] = []
    vector = vector_answer(case)
    if "value" not in response:
        return ["the response has no 'value'"]
    try:
        r = parse_value(response["value"], case.tree.players if vector else 2)
    except TreeFileError as fault:
        return [f"'value' is not a value: {fault.problem}"]
    if isinstance(r, tuple) != vector:
        return [f"'value' must be {'a vector' if vector else 'a number'} (got {r!r})"]
    if e.by_depth is not None:
        return _check_deepening(e, r, response, checks)
    if e.witness is not None:
        assert not isinstance(r, tuple)
        if e.witness.admits(r):
            return []
        return [f"value: expected {e.witness.text()}, got {_got(response['value'], r)}"]
    if e.value is not None and r != e.value:
        truth = _text(e.true_value)
        own = "" if e.value == e.true_value else f" ({case.semantics}'s; the true value is {truth})"
        problems.append(f"value: expected {_text(e.value)}{own}, got {_got(response['value'], r)}")
    if e.optimal_moves is not None:
        if checks.best_move and e.optimal_moves:
            got = response.get("best_move", "missing")
            if got not in e.optimal_moves:
                problems.append(f"best_move: expected one of {list(e.optimal_moves)}, got {got}")
        return problems
    if e.value_range is not None:
        lo, hi = e.value_range
        assert not isinstance(r, tuple)
        if not lo <= r <= hi:
            problems.append(
                f"value: expected one in [{_text(lo)}, {_text(hi)}] (the true value is "
                f"{_text(e.true_value)}), got {_got(response['value'], r)}"
            )
    if e.principal_variation is not None and checks.any_best_move:
        got = response.get("best_move", "missing")
        moves = best_moves(case, e) or (None,)  # a terminal root: no move, null
        if isinstance(got, bool) or got not in moves:
            problems.append(f"best_move: expected one of {list(moves)} (any best move), "
                            f"got {got}")  # fmt: skip
    elif e.principal_variation is not None and checks.best_move:
        got = response.get("best_move", "missing")
        if got != e.best_move or isinstance(got, bool):
            problems.append(f"best_move: expected {e.best_move} (the leftmost best), got {got}")
    problems += _line_problems(case, e, response, checks)
    if checks.strict_order:
        got = response.get("trace", "missing")
        want = [list(p) for p in e.trace]
        if got != want:
            problems.append(f"trace: {_trace_difference(want, got)}")
    return problems


def check_move(case: Case, e: Expected, response: dict[Any, Any], checks: Checks) -> list[str]:
    """What is wrong with the reply of an engine that reports its move and no value.

    Its ``best_move`` must be *a* best move (:func:`best_moves`), and with ``--best-move`` the
    leftmost one (the tie rule); a lone leaf has none (``null``). Its ``value``, if any, is not
    read. Where the value is only a bound (outside the window) no move is determined, and only
    the leaves (``--strict-order``) and the line (``--principal-variation``) are compared.
    """
    problems = []
    moves = best_moves(case, e)
    got = response.get("best_move")
    if moves is not None:
        leftmost = checks.best_move and e.optimal_moves is None and len(moves) > 1
        allowed = (e.best_move,) if leftmost else (moves or (None,))
        if "best_move" not in response and moves:
            problems.append("the response has no 'best_move' (with --move-only the move is "
                            "the answer)")  # fmt: skip
        elif isinstance(got, bool) or got not in allowed:
            want = (f"{json.dumps(allowed[0])}" + (" (the leftmost best: a later child replaces "
                    "the best only if strictly better)" if leftmost else "")
                    if len(allowed) == 1 else f"one of {list(allowed)}")  # fmt: skip
            problems.append(f"best_move: expected {want}, got {json.dumps(got)[:80]}")
    problems += _line_problems(case, e, response, checks)
    if checks.strict_order and e.optimal_moves is None:
        leaves = [list(p) for p in e.trace]
        if response.get("trace", "missing") != leaves:
            problems.append(f"trace: {_trace_difference(leaves, response.get('trace'))}")
    return problems


def best_moves(case: Case, e: Expected) -> tuple[int | str, ...] | None:  # noqa: PLR0911
    """The root's best moves, left to right: the children worth the root's value to its mover.

    ``()`` for a lone leaf; ``None`` where no move is determined: the value lies outside the
    window, or the semantics fixes a value only (table reuse, deepening). Two players: the
    children whose minimax value is the root's (alike in max/min and negamax form). N players:
    those whose maxn value (the spec's, under the tie rule) gives the mover the root's
    component; paranoid: the children of the root's paranoid value; deep pruning: its own move.
    A game's are its optimal moves, by label.

    >>> from gametree.spec import Node
    >>> t = Node.by_depth([[3, 5], [4, 2], [3]])
    >>> case, above = Case("minimax", t), Case("alphabeta-fail-soft", t, beta=2)
    >>> best_moves(case, expected(case)), best_moves(above, expected(above))
    ((0, 2), None)
    """
    if e.optimal_moves is not None:
        return e.optimal_moves
    t = case.tree
    if not isinstance(t, spec.Node):
        return ()
    if e.principal_variation is None or e.witness is not None or e.by_depth is not None:
        return None
    if case.semantics == "deep-pruning-unsound":
        assert e.best_move is not None
        return (e.best_move,)
    if case.semantics == "paranoid":
        return tuple(i for i, c in enumerate(t.children)
                     if spec.paranoid(c, case.player).value == e.true_value)  # fmt: skip
    if SEMANTICS[case.semantics].players > 2:
        return best_replies(t, _declared(case.player), e.true_value)
    if SEMANTICS[case.semantics].chance:
        if t.is_chance:
            return ()  # chance moves at the root: no move
        p, worths = t.to_move, [spec.expectimax(c).value for c in t.children]
        root = spec.worth(e.true_value, p)
        return tuple(i for i, v in enumerate(worths) if spec.worth(v, p) == root)
    if SEMANTICS[case.semantics].kind == "vector":
        v = e.true_value
        assert isinstance(v, tuple)
        return tuple(i for i, c in enumerate(t.children)
                     if spec.maxn(c).value[t.to_move] == v[t.to_move])  # fmt: skip
    root = spec.minimax(t).value
    return tuple(i for i, c in enumerate(t.children) if spec.minimax(c).value == root)


def _line_problems(case: Case, e: Expected, response: dict[Any, Any], checks: Checks) -> list[str]:
    """What is wrong with the reply's principal variation, when it is compared.

    The spec's line exactly; with ``--any-best-move`` any line of best moves
    (:func:`best_line_problem`), but for deep pruning, whose line is its own.
    """
    if e.principal_variation is None or not checks.principal_variation:
        return []
    got = response.get("principal_variation", "missing")
    if checks.any_best_move and case.semantics != "deep-pruning-unsound":
        wrong = best_line_problem(case, got)
        return [f"principal_variation: {wrong}"] if wrong else []
    if got != list(e.principal_variation):
        return [f"principal_variation: expected {list(e.principal_variation)}, got {got}"]
    return []


def best_line_problem(case: Case, line: object) -> str:  # noqa: PLR0911 - one fault a line
    """Why ``line`` is not a line of best moves from the root to a leaf (``""``: it is one).

    Each move must go to a best child of its node (:func:`best_moves`' rule, at every node
    along the line: the child's value is the node's, or for N players gives the mover the
    node's component), and the line must end at a leaf, or at a chance node (expectimax). The
    node values are worked out once, bottom-up (over :func:`gametree.spec.fold.fold`, without
    recursion).

    >>> from gametree.spec import Node
    >>> case = Case("minimax", Node.by_depth([[3, 5], [3, 4]]))
    >>> best_line_problem(case, [1, 0]), best_line_problem(case, [0, 1])
    ('', 'move 2 of the line, 1, is not a best move there (the best: [0])')
    >>> best_line_problem(case, [1])
    'the line ends at an interior node (it is 1 moves long)'
    """
    if not isinstance(line, list) or not all(type(m) is int for m in line):
        return f"expected a list of moves, got {str(line)[:80]}"
    if SEMANTICS[case.semantics].players > 2:  # BRS+: a line of best replies
        r = _declared(case.player)
        replies, wrong = transform_line(case.tree, r, tuple(line))
        if wrong:
            return wrong
        wrong = best_line_problem(Case("paranoid", brs_plus_transform(case.tree, r), player=r),
                                  list(replies))  # fmt: skip
        return wrong and f"in the tree BRS+ searches, a reply a move: {wrong}"
    values = _node_values(case)
    vector = vector_answer(case)
    n = case.tree
    for k, m in enumerate(line, 1):
        if not isinstance(n, spec.Node):
            return f"the line goes on past a leaf (move {k}, {m})"
        if n.is_chance:
            return f"the line goes on past a chance node (move {k}, {m}), where no one moves"
        if not 0 <= m < len(n.children):
            return f"move {k} of the line, {m}, is not a move there ({len(n.children)} moves)"
        here = values[id(n)]
        best = [i for i, c in enumerate(n.children)
                if (values[id(c)][n.to_move] == here[n.to_move]  # type: ignore[index]
                    if vector else values[id(c)] == here)]  # fmt: skip
        if m not in best:
            return f"move {k} of the line, {m}, is not a best move there (the best: {best})"
        n = n.children[m]
    if isinstance(n, spec.Node) and not n.is_chance:
        return f"the line ends at an interior node (it is {len(line)} moves long)"
    return ""


def _node_values(case: Case) -> dict[int, Value]:
    """The value of every node of ``case``'s tree, by identity.

    Minimax (Max's view) for two players, maxn for N, the paranoid value for ``paranoid``;
    at a chance node the sum p_i v_i (expectimax).
    """
    values: dict[int, Value] = {}
    paranoid = case.semantics == "paranoid"
    vector = vector_answer(case)
    player = paranoid_player(case.tree, case.player) if paranoid else 0

    def leaf(x: Tree) -> Value:
        assert isinstance(x, spec.Leaf)
        v = spec.worth(x.value, player) if paranoid else x.value
        values[id(x)] = v
        return v

    def node(x: Tree, _kids: Sequence[Tree], results: list[Value]) -> Value:
        assert isinstance(x, spec.Node)
        if x.probabilities is not None:
            v: Value = expected_value(x.probabilities, results)
        elif vector:
            v = maxn_choice(x.to_move, results)[0]  # type: ignore[arg-type]
        else:
            p = (0 if x.to_move == player else 1) if paranoid else x.to_move
            v = minimax_choice(p, results)[0]  # type: ignore[arg-type]
        values[id(x)] = v
        return v

    fold(case.tree, lambda x: x.children if isinstance(x, spec.Node) else None, leaf, node)
    return values


def _check_deepening(e: Expected, r: Value, response: dict[Any, Any], checks: Checks) -> list[str]:
    """What is wrong with a deepening reply: its depth, and the value and move at it."""
    assert e.by_depth is not None
    depth = response.get("depth", "missing")
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth < len(e.by_depth):
        return [(f"depth: expected the deepest depth completed, 0..{len(e.by_depth) - 1}, "
                 f"got {str(depth)[:40]}")]  # fmt: skip
    _, v, moves = e.by_depth[depth]
    problems = []
    if r != v:
        got = _got(response["value"], r)
        problems.append(f"value: expected {_text(v)} (the value at depth {depth}), got {got}")
    if checks.best_move and moves:
        got = response.get("best_move", "missing")
        if got not in moves:
            problems.append(
                f"best_move: expected one of {list(moves)} (optimal at depth {depth}), got {got}"
            )
    return problems


def _trace_difference(want: list[list[int]], got: object) -> str:
    if not isinstance(got, list):
        return f"expected a list of {len(want)} paths, got {str(got)[:80]}"
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        if w != g:
            return f"leaf {i + 1} read: expected {w}, got {g} (expected {want}, got {got})"
    if len(got) > len(want):
        extra = len(got) - len(want)
        return f"{extra} leaves read after the last expected one, first {got[len(want)]}"
    return f"{len(want) - len(got)} leaves not read, first {want[len(got)]}"


def _got(written: object, r: Value) -> str:
    """A reply's value as the report prints it: exactly, and as written where it was a double.

    A double is read exactly (1.001 is 2254051613498933/2251799813685248), which is what is
    compared; the decimal the engine wrote is shown beside it, to be recognised.

    >>> from fractions import Fraction
    >>> _got(1.001, Fraction(1.001)), _got([0.5, 2], (Fraction(1, 2), 2)), _got(2.0, 2)
    ('1.001 (exactly 2254051613498933/2251799813685248)', '[0.5, 2] (exactly (1/2, 2))', '2')
    """
    parts = written if isinstance(written, list) else [written]
    if any(isinstance(x, float) and not x.is_integer() for x in parts):
        return f"{json.dumps(written)} (exactly {_text(r)})"
    return _text(r)


def _text(v: object) -> str:
    if isinstance(v, tuple):
        return "(" + ", ".join(_text(c) for c in v) + ")"
    return str(v)
