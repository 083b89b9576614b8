"""The behaviours of a ``game-`` case: what its game graph makes a depth-limited search meet.

:mod:`gametree.conform.behaviours` lists them (``GAME``); this module reads them off the search
the semantics defines (``spec.search``'s ``cut_negamax`` with quiescence, stand pat as
:func:`gametree.conform.games.cut_tree` defines it), walking the same cut tree in move order:
a state is reached with r plies left above the horizon (d at the root, 0 at it, negative in a
quiescence extension), and a state reached again is a transposition, one reached first with
more plies left than later is where an engine's table holds a deeper entry that may answer.

**The table** behaviours (:data:`gametree.conform.behaviours.TABLE`) are read off a search
with a transposition table, ``impl.Engine``'s (:mod:`gametree.impl.table`) in the game's order:
each time it meets again a state it holds an entry for, the entry's kind (exact, a lower or an
upper bound), the depth it was searched to against the plies now left (equal, deeper,
shallower, or an entry of a quiescence extension) and where its value lies against the window
of the later visit (below alpha, at it, inside, at beta, above it). The entry and the place of
one visit are shown together (``entry-lower-deeper&revisit-inside``), so that the pair is
counted only when one visit shows both. The witness semantics' search lets a deeper entry
answer and takes the request's window; deepening's runs its iterations under the budget;
stand pat is left out (``impl.Engine`` has none), so its windows are those of the search
without it.
"""

from collections.abc import Iterator

import attrs

from gametree.conform.behaviours import magnitude_of, window_behaviours
from gametree.conform.codec import Case
from gametree.conform.games import GameGraph
from gametree.conform.semantics import Expected, expected
from gametree.impl.engine import Engine
from gametree.impl.table import EXACT, LOWER, Entry, TranspositionTable
from gametree.impl.window import BOTTOM, TOP, Internal
from gametree.spec import Scalar, worth

__all__ = ["longest_line", "observe_game", "revisits"]


def observe_game(case: Case, reference: Expected | None = None) -> set[str]:
    """The game behaviours of ``case`` (see :data:`gametree.conform.behaviours.GAME`).

    ``reference``: the case's answers (:func:`expected`), when the caller has them.
    """
    g = case.game
    assert g is not None
    chance = case.semantics == "game-expectimax"  # no table to watch: its reference has none
    out = _reached(g, case.depth, case.quiescence) | (set() if chance else _table(case))
    values = [v for x in g.states for v in (x.evaluation, x.utility) if v is not None]
    out |= {_horizon(longest_line(g), case.depth), magnitude_of(values)}
    if case.semantics == "game-negamax-stand-pat" and _stands_pat(case):
        out.add("stand-pat")
    if case.semantics == "game-negamax-witness":
        w = (reference if reference is not None else expected(case)).witness
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
        if x.probabilities is not None:
            out.add("chance-searched" if r > 0 else "chance-at-horizon")
            out |= {"chance-root"} if s == 0 and r > 0 else set()
        elif any(g.states[t].to_move == x.to_move for _, t in x.moves):
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


Revisit = tuple[Entry, int, int, Internal, Internal]
"""A state met again: the entry the table holds for it, the plies left, the ply, the window."""


class _Watched(TranspositionTable[int]):
    """A table that notes every entry it is asked to answer with, and the visit that asks."""

    def __init__(self, *, deeper: bool) -> None:
        super().__init__(by_ply=False, deeper=deeper)
        self.revisits: list[Revisit] = []

    def lookup(self, state: int) -> Entry | None:
        e = super().lookup(state)
        if e is None:
            return None
        return _Seen(e.depth, e.ply, e.flag, e.value, e.line, e.horizon, watch=self)


@attrs.frozen
class _Seen(Entry):
    watch: _Watched = attrs.field(kw_only=True, eq=False, repr=False)

    def answers(
        self, depth: int, ply: int, a: Internal, b: Internal, *, by_ply: bool, deeper: bool = False
    ) -> bool:
        self.watch.revisits.append((self, depth, ply, a, b))
        return super().answers(depth, ply, a, b, by_ply=by_ply, deeper=deeper)


def revisits(case: Case) -> list[Revisit]:
    """The states the table search of ``case`` meets again, each with its entry (see above)."""
    g = case.game
    assert g is not None
    witness = case.semantics == "game-negamax-witness"
    engine = Engine(g, table=True, table_reuse="deeper" if witness else "exact",
                    quiescence=case.quiescence)  # fmt: skip
    table = engine.table = _Watched(deeper=witness)
    if case.semantics == "game-deepening":
        engine.deepen(0, max_nodes=case.max_nodes, max_depth=max(case.depth, 1))
    else:
        alpha = BOTTOM if case.alpha is None else case.alpha
        engine.search(0, case.depth, alpha=alpha, beta=TOP if case.beta is None else case.beta)
    return table.revisits


def _table(case: Case) -> set[str]:
    """The table behaviours of ``case``, and each revisit's entry and place shown together."""
    out: set[str] = set()
    for e, r, ply, a, b in revisits(case):
        kind = "exact" if e.flag == EXACT else "lower" if e.flag == LOWER else "upper"
        depth = ("quiescence" if e.depth <= 0 else "deeper" if e.depth > r
                 else "shallower" if e.depth < r else "equal")  # fmt: skip
        g = e.value
        place = ("below" if g < a else "at-alpha" if g == a else "inside" if g < b
                 else "at-beta" if g == b else "above")  # fmt: skip
        entry, at = f"entry-{kind}-{depth}", f"revisit-{place}"
        out |= {entry, at, f"{entry}&{at}"}
        if ply != e.ply:
            out.add("revisit-other-ply")
    return out
