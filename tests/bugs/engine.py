"""A game engine on game graphs (``gametree.conform.games``), and its classic mistakes.

:class:`Engine` is fail-soft negamax alpha-beta on a game, as the Game Tree Search notes describe a
game-playing program: a depth limit with the static evaluation at the horizon, a
transposition table keyed by (state, plies left) that stores each result with its bound
flag, killer moves per ply, quiescence on the noisy moves below the horizon (with stand pat,
except in check, when asked), and iterative deepening under a node budget that plays the
last completed iteration's move. It conforms to ``game-negamax``, ``game-negamax-stand-pat``,
``game-negamax-witness`` and ``game-deepening`` (:func:`correct`); :class:`DeeperEntries`,
Wikipedia's negamax with a table, whose entries of a deeper search answer too, conforms to
``game-negamax-witness`` (:func:`tt_deeper`). Each mistake is a subclass that overrides the one
method where it lives, marked ``# BUG``; its docstring says what it is and where it is seen.
:func:`impl_engine` answers the same requests with ``impl.Engine``.

Glossary: s is a state, r the plies left above the horizon (negative in quiescence), ply the
distance from the root, a and b the window from the mover's point of view, p the mover, m a
move's label.
"""

from typing import Any, ClassVar

from gametree import impl
from gametree.conform.games import GameGraph
from tests.bugs._common import INF, Number, game, out, window

Entry = tuple[str, Number, str | None]
"""A table entry: its flag (exact, lower, upper), the result, the best move."""


class _Stop(Exception):  # noqa: N818 - a signal, never seen outside
    """The node budget ran out."""


class Engine:
    """Fail-soft negamax alpha-beta on a game graph (see the module docstring)."""

    def __init__(self, g: GameGraph, *, quiescence: int = 0, stand_pat: bool = False) -> None:
        self.g, self.quiescence, self.stand_pat = g, quiescence, stand_pat
        self.table: dict[tuple[int, int], Entry] = self.new_table()
        self.killers: dict[int, list[str]] = {}
        self.nodes = 0
        self.budget: int | None = None
        self.root_move: str | None = None

    def new_table(self) -> dict[tuple[int, int], Entry]:
        """An empty table for this game."""
        return {}

    # The pieces a mistake can live in.

    def key(self, s: int, r: int) -> tuple[int, int]:
        """Where the table keeps the search of s with r plies left: the state and the plies."""
        return s, r

    def probe(self, s: int, r: int, a: Number, b: Number) -> Number | None:
        """A stored result that settles this search, or ``None``."""
        entry = self.table.get(self.key(s, r))
        if entry is None:
            return None
        flag, v, _ = entry
        if flag == "exact" or (flag == "lower" and v >= b) or (flag == "upper" and v <= a):
            return v
        return None

    def store(self, s: int, r: int, v: Number, a: Number, b: Number, m: str | None) -> None:  # noqa: PLR0917 - the entry's fields
        """Record the result v of a search with the window (a, b), with its flag."""
        flag = "upper" if v <= a else "lower" if v >= b else "exact"
        self.table[self.key(s, r)] = (flag, v, m)

    def stood_pat(self, s: int, r: int, v: Number) -> None:
        """A quiescence search of s stood pat and cut off: its evaluation v is a lower bound."""
        self.table[self.key(s, r)] = ("lower", v, None)

    def narrowed(self, s: int, r: int, a: Number, b: Number) -> tuple[Number, Number]:
        """The window s is searched with when no entry settles it: the window given."""
        return a, b

    def may_stand_pat(self, s: int) -> bool:
        """Whether a quiescence search may take the static evaluation at s."""
        return self.stand_pat and not self.g.states[s].check

    def ordered(self, s: int, moves: list[str], ply: int) -> list[str]:
        """The moves in search order: the killers at this ply that are among them, then the rest."""
        first = [k for k in self.killers.get(ply, []) if k in moves]
        return first + [m for m in moves if m not in first]

    def killer(self, ply: int, m: str) -> None:
        """m caused a cut-off at this ply: make it the first of two killers there."""
        kept = [m, *(k for k in self.killers.get(ply, []) if k != m)]
        self.killers[ply] = kept[:2]

    # The search.

    def moves(self, s: int, r: int) -> list[str] | None:
        """The moves searched at s with r plies left, or ``None`` where s is a leaf."""
        x = self.g.states[s]
        if not x.moves:
            return None
        if r > 0:
            return self.g.moves(s)
        if not self.quiescence or r <= -self.quiescence or self.g.is_quiet(s):
            return None
        noisy = self.g.noisy_moves(s)
        return [m for m in self.g.moves(s) if m in noisy] or None

    def worth(self, v: Number, p: int) -> Number:
        """A value from Max's point of view, to player p."""
        return v if p == 0 else -v

    def search(self, s: int, r: int, ply: int, a: Number, b: Number) -> tuple[Number, str | None]:
        """The fail-soft value of s to its mover, and the move that gave it."""
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _Stop
        g, x = self.g, self.g.states[s]
        p = x.to_move
        moves = self.moves(s, r)
        if moves is None:
            v: Number = x.utility if x.utility is not None else x.evaluation
            return self.worth(v, p), None
        hit = self.probe(s, r, a, b)
        if hit is not None:
            return hit, self.table[self.key(s, r)][2]
        a, b = self.narrowed(s, r, a, b)
        a0 = a
        best: Number = -INF
        best_move: str | None = None
        if r <= 0 and self.may_stand_pat(s):
            best = self.worth(x.evaluation, p)
            if best >= b:
                self.stood_pat(s, r, best)
                return best, None
            a = max(a, best)
        for m in self.ordered(s, moves, ply):
            t = g.successor(s, m)
            if g.to_move(t) == p:
                v, _ = self.search(t, r - 1, ply + 1, a, b)
            else:
                w, _ = self.search(t, r - 1, ply + 1, -b, -a)
                v = -w
            if v > best:
                best, best_move = v, m
                if ply == 0:
                    self.root_move = m
            a = max(a, best)
            if a >= b:
                self.killer(ply, m)
                break
        self.store(s, r, best, a0, b, best_move)
        return best, best_move

    def answer(self, depth: int, a: Number = -INF, b: Number = INF) -> dict[str, object]:
        """A search of the root to ``depth`` with the window (a, b), the full one by default."""
        v, m = self.search(0, depth, 0, a, b)
        return {"value": out(v), "best_move": m}

    def deepen(self, max_depth: int, max_nodes: int) -> dict[str, object]:
        """Depths 1, 2, ... until max_depth or the budget; the last completed iteration."""
        done = self.answer(min(1, max_depth))
        depth = min(1, max_depth)
        self.budget = max_nodes
        while depth < max_depth:
            try:
                found = self.answer(depth + 1)
            except _Stop:
                return self.interrupted(done, depth)
            done, depth = found, depth + 1
        return {**done, "depth": depth}

    def interrupted(self, done: dict[str, object], depth: int) -> dict[str, object]:
        """The answer when the iteration after ``depth`` ran out of budget."""
        return {**done, "depth": depth}


def serve(request: dict[str, Any], engine: type[Engine]) -> dict[str, object]:
    """Answer a ``game-`` request with a fresh ``engine``."""
    g = game(request)
    q = request.get("quiescence", 0)
    e = engine(g, quiescence=q, stand_pat=request["semantics"] == "game-negamax-stand-pat")
    if request["semantics"] == "game-deepening":
        return e.deepen(request["max_depth"], request["max_nodes"])
    return e.answer(request["depth"], *window(request))


def correct(request: dict[str, Any]) -> dict[str, object]:
    """The engine: conforms to every ``game-`` semantics (fixed-depth entries only)."""
    return serve(request, Engine)


def impl_engine(request: dict[str, Any]) -> dict[str, object]:
    """``impl.Engine`` (table, hash move, two killers, history) on the game graph.

    For ``game-negamax-witness`` its table lets deeper entries answer (``table_reuse``), and
    it searches with the full window, whose result is a witness's value, admitted whatever
    the request's window.
    """
    g = game(request)
    q = request.get("quiescence", 0)
    if request["semantics"] == "game-negamax-stand-pat":
        return {"error": "impl.Engine has no stand pat (spec.search leaves it out)"}
    witness = request["semantics"] == "game-negamax-witness"
    e = impl.Engine(g, table=True, table_reuse="deeper" if witness else "exact", hash_move=True,
                    killers=2, history=True, quiescence=q)  # fmt: skip
    if request["semantics"] == "game-deepening":
        d = e.deepen(0, max_nodes=request["max_nodes"], max_depth=max(request["max_depth"], 1))
        move = None if d.best_move is None else g.moves(0)[d.best_move]
        return {"value": out(d.value), "best_move": move, "depth": d.depth}
    r = e.search(0, request["depth"])
    move = None if r.best_move is None else g.moves(0)[r.best_move]
    return {"value": out(r.value), "best_move": move}


class NoFlag(Engine):
    """A transposition-table entry stored without its bound flag, and used as exact.

    A search that failed high or low stored a bound; read back as the value, it answers a
    later search of the same state with another window wrongly. Seen in practice: the first
    transposition table of many hobby engines (the Chess Programming Wiki's page on the
    table explains the flag for this reason).
    """

    def probe(self, s: int, r: int, a: Number, b: Number) -> Number | None:
        """Any entry of the same depth answers."""
        entry = self.table.get((s, r))
        return None if entry is None else entry[1]  # BUG: the flag is not consulted


class AnyDepth(Engine):
    """A transposition-table entry reused at another depth, a shallower search's too.

    Keyed by the state alone, an entry found with 1 ply left answers a search with 2 left,
    which is the value of another cut tree (``spec.search``, definition 4) and of no witness
    of this one (definition 7). An entry of a deeper search answering a shallower one is
    another matter: most engines do it, ``game-negamax`` refuses it, and
    ``game-negamax-witness`` admits it when a witness justifies it. Seen in practice:
    a table probe without the ``entry.depth >= depth`` test; the transposition reached at a
    different ply, or the previous iteration of iterative deepening, then answers.
    """

    def probe(self, s: int, r: int, a: Number, b: Number) -> Number | None:
        """An entry of any depth answers."""
        for (t, _depth), (flag, v, _) in self.table.items():  # BUG: the depth is not compared
            if t == s and (
                flag == "exact" or (flag == "lower" and v >= b) or (flag == "upper" and v <= a)
            ):
                self.table[(s, r)] = self.table[(t, _depth)]
                return v
        return None


class DeeperEntries(Engine):
    """Wikipedia's negamax with a transposition table: one entry a state, and a deeper one answers.

    The table keeps the latest search of each state with its depth; an entry of depth at
    least the plies left answers when exact, or when its bound lies on the far side of the
    window (a lower bound >= b, an upper bound <= a). Not a mistake: the witness criterion
    (``spec.search``, definition 7) admits what it returns, and Wesselink et al. prove it.
    """

    def new_table(self) -> dict[tuple[int, int], Entry]:
        """The table, and beside it each state's latest entry with its depth."""
        self.latest: dict[int, tuple[int, Entry]] = {}
        return {}

    def deeper(self, s: int, r: int) -> Entry | None:
        """The latest entry of s, if its search had at least r plies."""
        found = self.latest.get(s)
        return None if found is None or found[0] < r else found[1]

    def probe(self, s: int, r: int, a: Number, b: Number) -> Number | None:
        """A deeper entry answers as an entry of the same depth would."""
        entry = self.deeper(s, r)
        if entry is None:
            return None
        flag, v, _ = entry
        if flag == "exact" or (flag == "lower" and v >= b) or (flag == "upper" and v <= a):
            self.table[(s, r)] = entry
            return v
        return None

    def store(self, s: int, r: int, v: Number, a: Number, b: Number, m: str | None) -> None:  # noqa: PLR0917 - the entry's fields
        """Record the result with its flag and depth, replacing the state's last entry."""
        flag = "upper" if v <= a else "lower" if v >= b else "exact"
        self.latest[s] = (r, (flag, v, m))


class MarslandLookup(DeeperEntries):
    """Marsland's table lookup: a deeper entry's bound narrows the window it does not settle.

    A lower bound raises alpha, an upper bound lowers beta, and the entry answers when the
    window closes; the search goes on with the narrowed window and stores its result flagged
    against it. The bound belongs to a deeper search, so the narrowed search mixes two trees
    that no witness contains: Wesselink et al. (arXiv 2509.20138) give a 15-state game where
    it returns 2 at depth 6 with the window (0, 5), which no expansion justifies. Seen in
    practice: negamax-with-table code that narrows alpha and beta with the stored bound, as
    Marsland's 1986 review does and as engine forums copy it.
    """

    def probe(self, s: int, r: int, a: Number, b: Number) -> Number | None:
        """Exact: the value; else the bound narrows the window, and answers if it closes."""
        entry = self.deeper(s, r)
        if entry is None:
            return None
        flag, v, _ = entry
        lo, hi = self.narrowed(s, r, a, b)
        if flag == "exact" or lo >= hi:  # BUG: a bound of a deeper search narrows this one
            self.table[(s, r)] = entry
            return v
        return None

    def narrowed(self, s: int, r: int, a: Number, b: Number) -> tuple[Number, Number]:
        """alpha raised to a deeper lower bound, beta lowered to a deeper upper bound."""
        entry = self.deeper(s, r)
        if entry is None:
            return a, b
        flag, v, _ = entry
        return (max(a, v), b) if flag == "lower" else (a, min(b, v)) if flag == "upper" else (a, b)

    def store(self, s: int, r: int, v: Number, a: Number, b: Number, m: str | None) -> None:  # noqa: PLR0917 - the entry's fields
        """As Marsland's: an entry is replaced only by a search at least as deep."""
        old = self.latest.get(s)
        if old is None or old[0] <= r:
            super().store(s, r, v, a, b, m)


class KeptAcrossGames(Engine):
    """The transposition table kept from one game to the next: the key is not the position.

    Keyed by (state index, depth), an entry of another game's state 3 answers this game's
    state 3. Seen in practice: a table not cleared at ``ucinewgame``, or a hash key that
    leaves out part of the position (side to move, castling, the game variant).
    """

    shared: ClassVar[dict[tuple[int, int], Entry]] = {}

    def new_table(self) -> dict[tuple[int, int], Entry]:
        """The one table of every search."""
        return KeptAcrossGames.shared  # BUG: a new table for a new game


class UncheckedKillers(Engine):
    """Killer moves leaking across positions: a killer searched where it is not a move to search.

    A killer is a move that refuted a sibling position at the same ply; here it is searched
    first whenever its label is legal, even in a quiescence node whose moves are only the
    noisy ones, so a quiet move enters the quiescence search. Seen in practice: killers tried
    in quiescence or in check evasions without checking that the move belongs to the
    generated set (engines check ``pseudo_legal`` and the move's kind for this reason).
    """

    def ordered(self, s: int, moves: list[str], ply: int) -> list[str]:
        """The killers at this ply that are legal at s, then the rest."""
        legal = self.g.moves(s)
        first = [k for k in self.killers.get(ply, []) if k in legal]  # BUG: in moves
        return first + [m for m in moves if m not in first]


class PartialIterationMove(Engine):
    """Iterative deepening returning the move of the unfinished iteration.

    When the budget runs out, the value is the last completed iteration's but the move is the
    best found so far by the abandoned one, which has not compared it with the moves it did
    not reach. Seen in practice: engines that update their "best move" variable at the root
    as soon as a move improves, and play it when time is up.
    """

    def interrupted(self, done: dict[str, object], depth: int) -> dict[str, object]:
        """The partial iteration's move, with the completed iteration's value and depth."""
        move = self.root_move if self.root_move is not None else done["best_move"]
        return {**done, "best_move": move, "depth": depth}  # BUG: done's move belongs here


class StandPatInCheck(Engine):
    """A quiescence search that stands pat in check-like positions.

    Standing pat (taking the static evaluation) assumes the mover may decline every capture;
    in check every move is forced and the evaluation is no lower bound. Seen in practice:
    quiescence searches that forget the in-check case (the Chess Programming Wiki's
    quiescence page warns of it).
    """

    def may_stand_pat(self, s: int) -> bool:
        """Stand pat wherever asked."""
        return self.stand_pat  # BUG: and not in check


def tt_no_flag(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`NoFlag`."""
    return serve(request, NoFlag)


def tt_any_depth(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`AnyDepth`."""
    return serve(request, AnyDepth)


def tt_deeper(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`DeeperEntries` (correct under ``game-negamax-witness``)."""
    return serve(request, DeeperEntries)


def tt_marsland(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`MarslandLookup`."""
    return serve(request, MarslandLookup)


def tt_kept_across_games(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`KeptAcrossGames`."""
    return serve(request, KeptAcrossGames)


def killers_unchecked(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`UncheckedKillers`."""
    return serve(request, UncheckedKillers)


def deepening_partial_move(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`PartialIterationMove`."""
    return serve(request, PartialIterationMove)


def stand_pat_in_check(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`StandPatInCheck`."""
    return serve(request, StandPatInCheck)
