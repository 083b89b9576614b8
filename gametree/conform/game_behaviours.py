"""The behaviours of a ``game-`` case: what its game graph makes a depth-limited search meet.

:mod:`gametree.conform.behaviours` lists them (``GAME``); this module reads them off the search
the semantics defines (``spec.search``'s ``cut_negamax`` with quiescence, stand pat as
:func:`gametree.conform.games.cut_tree` defines it), walking the same cut tree in move order:
a state is reached with r plies left above the horizon (d at the root, 0 at it, negative in a
quiescence extension), and a state reached again is a transposition, one reached first with
more plies left than later is where an engine's table holds a deeper entry that may answer.
"""

from collections.abc import Iterator

from gametree.conform.games import GameGraph
from gametree.conform.observe import magnitude_of, window_behaviours
from gametree.conform.semantics import Case, expected
from gametree.spec import Scalar, worth

__all__ = ["longest_line", "observe_game"]


def observe_game(case: Case) -> set[str]:
    """The game behaviours of ``case`` (see :data:`gametree.conform.behaviours.GAME`)."""
    g = case.game
    assert g is not None
    out = _reached(g, case.depth, case.quiescence)
    values = [v for x in g.states for v in (x.evaluation, x.utility) if v is not None]
    out |= {_horizon(longest_line(g), case.depth), magnitude_of(values)}
    if case.semantics == "game-negamax-stand-pat" and _stands_pat(case):
        out.add("stand-pat")
    if case.semantics == "game-negamax-witness":
        w = expected(case).witness
        assert w is not None
        out |= window_behaviours(case, w.fixed)
        if len(w.values) > 1:
            out.add("witness-many")
    if case.semantics == "game-deepening" and case.max_nodes is not None:
        whole = sum(1 for _ in _walk(g, case.depth, case.quiescence))
        if case.max_nodes < whole:
            out.add("budget-stops")
    return out


def _reached(g: GameGraph, depth: int, q: int) -> set[str]:
    """What the states the search reaches show: transpositions, game ends, extensions."""
    out: set[str] = set()
    first: dict[int, int] = {}
    """The most plies left any visit so far reached each state with."""
    deepest = 0
    """The most plies past the horizon any extension reached."""
    for s, r in _walk(g, depth, q):
        x = g.states[s]
        if s in first:
            out.add("transposition")
            out |= {"deeper-first"} if first[s] > r else set()
        first[s] = max(first.get(s, r), r)
        deepest = max(deepest, -r)
        if any(g.states[t].to_move == x.to_move for _, t in x.moves):
            out.add("moves-twice")
        if not x.moves:
            out |= {"terminal-above-horizon"} if r > 0 else set()
        elif r <= 0 < q:
            out |= _extension(g, s, r, q)
    if deepest and "quiescence-to-limit" not in out:  # an extension ran, and ended
        out.add({q: "quiescence-at-limit", q - 1: "quiescence-one-short"}.get(
            deepest, "quiescence-shorter"))  # fmt: skip
    return out


def _extension(g: GameGraph, s: int, r: int, q: int) -> set[str]:
    """What a state with moves at or past the horizon shows, the quiescence limit being q."""
    x = g.states[s]
    out = {"check"} if x.check else set()
    noisy = not g.is_quiet(s) and bool(g.noisy_moves(s))
    if noisy and r <= -q:
        out.add("quiescence-to-limit")
    if r < 0 and not noisy:
        out.add("quiescence-settles")
    return out


def _walk(g: GameGraph, depth: int, q: int) -> Iterator[tuple[int, int]]:
    """Every (state, plies left) the search reaches, in move order (no stand-pat children)."""
    stack = [(0, depth)]
    while stack:
        s, r = stack.pop()
        yield s, r
        stack.extend((t, r - 1) for t in reversed(_successors(g, s, r, q)))


def _successors(g: GameGraph, s: int, r: int, q: int) -> list[int]:
    """The states the search goes on to from state s with r plies left (q: quiescence)."""
    x = g.states[s]
    if r > 0:
        return [t for _, t in x.moves]
    if q and r > -q and not g.is_quiet(s):
        noisy = set(g.noisy_moves(s))
        return [t for m, t in x.moves if m in noisy]
    return []


def longest_line(g: GameGraph) -> int:
    """The most plies any line of the game lasts (states only lead further down the list)."""
    most = [0] * len(g.states)
    for s in reversed(range(len(g.states))):
        most[s] = max((1 + most[t] for _, t in g.states[s].moves), default=0)
    return most[0]


def _horizon(longest: int, depth: int) -> str:
    d = longest - depth
    if d > 1:
        return "game-longer"
    if d < -1:
        return "game-shorter"
    return {1: "game-at-depth+1", 0: "game-at-depth", -1: "game-at-depth-1"}[d]


def _stands_pat(case: Case) -> bool:
    """Whether standing pat is strictly better than every noisy move somewhere the search goes.

    The values of :func:`gametree.conform.games.cut_tree` with stand pat, worked out state by
    state from the last (a move leads further down the list), for every number of plies left.
    """
    g = case.game
    assert g is not None
    q = case.quiescence
    value: dict[tuple[int, int], Scalar] = {}
    pat = False
    reached = set(_walk(g, case.depth, q))
    for s in reversed(range(len(g.states))):
        x = g.states[s]
        for r in range(-q, case.depth + 1):
            if x.utility is not None:
                value[s, r] = worth(x.utility, x.to_move)
                continue
            own = worth(x.evaluation, x.to_move)
            kids = _successors(g, s, r, q)
            if not kids:
                value[s, r] = own
                continue
            best = max(value[t, r - 1] * (1 if g.states[t].to_move == x.to_move else -1)
                       for t in kids)  # fmt: skip
            if r <= 0 and not x.check and own > best:
                pat = pat or (s, r) in reached
                best = own
            value[s, r] = best
    return pat
