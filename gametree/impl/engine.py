"""Alpha-beta on games, with the sources' engine techniques, checked by ``spec.search``.

The techniques are those of the Game Tree Search notes and the CSCE 315 slides.

Glossary: s is a state, m a move, i its index in ``game.moves(s)`` (the game's order), p the
player to move, r the plies left above the horizon (the depth limit d at the root, zero at the
horizon, negative in a quiescence extension), ply the distance from the root, a and b (alpha
and beta) the window, g a fail-soft result, v a true value, q the quiescence limit.

**The procedure** is the Game Tree Search notes' "Alpha-Beta Procedure" in negamax form (the Min-Max
notes' ModMinMax with Knuth and Moore's F2, as :func:`impl.alphabeta.negamax_alphabeta`), on the
game itself rather than an explicit tree (the CSCE 315 slides: "You do not really need to allocate a
tree"): "if the limit of search has been reached, compute the static value of the current position
relative to the appropriate player". It is *fail-soft* (Fishburn): a node's result starts at BOTTOM
and is the best child's result, so a result outside the window is a bound on the value on that side,
which is what the transposition table stores. A child where the same player moves again is searched
with the same window and not negated. The root is searched with the full window, so the value is
exact: ``spec.search.cut_negamax``'s, the value to the player to move at the root.

**What the search reads** is ``spec.search``'s cut tree, for the engine's options:

- ``depth``: the horizon; a state there is a leaf worth its static evaluation (``evaluate``,
  or the game's own), a terminal state is a leaf worth its utility (definition 1);
- ``quiescence=q``: a state at or below the horizon that is not quiet (``spec.QuiescentGame``)
  is searched further, by its noisy moves (``spec.NoisyGame``) or all moves, at most q plies
  beyond the horizon (definition 5);
- ``keep`` (and ``plausibility``): above the horizon a state's moves are cut to the k(ply)
  most plausible, ties to the earlier move (definition 6).

**Move ordering** (definition 2; :mod:`impl.ordering`): ``hash_move`` (the table's best move
for the state, from any earlier search, first: the Game Tree Search notes' dynamic ordering),
``killers`` (that many killer moves per ply), ``history`` (Schaeffer's history heuristic) and
``static_ordering`` (successors by static value, best first: the Game Tree Search notes' fixed
ordering), each off by default. Orders change what is pruned, never the value. **The move returned**
is the first move, in the order the root's moves were searched, whose value is the root's: a move is
replaced only by a strictly better one, and the first optimal move searched is searched with a
window that contains its value. With every ordering off that is the game's order, so the value, best
move and whole principal variation are ``spec.search.cut_negamax``'s; with any ordering, the best
move is one of ``spec.search.optimal_moves`` and each move of the principal variation is optimal
where it is played.

**Transposition table** (``table=True``; :mod:`impl.table`): a search of a state above or
below the horizon stores its result with its flag (exact, lower or upper bound), its depth r
and ply; a later search of the same state at the same r (and ply, under forward pruning)
uses an exact entry, or a bound that settles the window, instead of searching (definition 4).
With ``table_reuse="deeper"`` an entry of a deeper search answers too (Wikipedia's negamax
with a table): the value is then one the witness criterion admits (``spec.search.witness``,
definition 7, with the full window: the value of some witness), not always the cut tree's,
and the best move and principal variation are those of that witness; it saves nodes where
iterative deepening or transpositions at different plies meet a state again.
The table, the killers and the history persist across searches until cleared
(:meth:`Engine.clear_table`, :meth:`Engine.clear`); none of them changes a value. States must
be hashable when the table is on (``impl.table.UnhashableStateError`` otherwise), and moves
when history is on.

**Iterative deepening** (:meth:`Engine.deepen`; definition 3): depths min_depth, min_depth
+ 1, ... under a node budget, a time budget (with an injectable clock) or a depth cap, each
iteration a :meth:`Engine.search` that keeps what the last one learnt. It returns the last
completed iteration's result and its depth (:class:`DeepeningResult`).

**Statistics** are exact, as in :mod:`impl.result`: ``nodes_visited`` counts every state
entered (leaves, interior nodes, and nodes answered by the table); ``leaves_evaluated`` counts
the leaves read, each static evaluation or terminal utility once; ``trace=True`` records each
leaf's path of move indices in the game's order. Static values computed only to order or rank
moves are not leaves and are not counted; a leaf whose value was computed so is read from it.

**No recursion.** The search is a loop over an explicit stack, one frame per interior node on
the current line, so any depth a game can be played to works (a test searches a game 100,000
plies deep, and a quiescence extension as deep).

Cost: O(b^d) nodes at worst; b^⌈d/2⌉ + b^⌊d/2⌋ - 1 leaves with perfect ordering on a uniform
tree (Knuth and Moore); O(d) memory besides the table.
"""

import math
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final, Generic, Literal, TypeVar

import attrs

from gametree.impl._support import Line, result
from gametree.impl.ordering import History, Killers, order
from gametree.impl.result import SearchResult
from gametree.impl.table import TranspositionTable
from gametree.impl.window import BOTTOM, TOP, Bound, Internal, window
from gametree.spec import Game, Path, Scalar, TreeError, exact_scalar
from gametree.spec.search import Keep

__all__ = ["DeepeningResult", "Engine", "Stopped"]

S = TypeVar("S")
M = TypeVar("M")

_NEG: Final = -math.inf
_POS: Final = math.inf

_UNLIMITED: Final = sys.maxsize
"""r for ``depth=None``: no state is ever that many plies from the root, so it is no limit."""

_NEVER: Final = sys.maxsize
"""A node count no search reaches: the budget is never checked."""

Stopped = Literal["budget", "max_depth", "solved"]
"""Why iterative deepening stopped (see :class:`DeepeningResult`)."""


@attrs.frozen
class DeepeningResult:
    """What :meth:`Engine.deepen` returns: the deepest completed iteration and what it cost.

    ``depth`` is the deepest depth whose search completed, and ``result`` that search's result:
    its value and principal variation are ``spec.search.cut_negamax`` at ``depth`` (with the
    engine's quiescence and forward pruning), its best move one of ``spec.search.optimal_moves``.
    ``iterations`` are the completed searches in order, from ``min_depth`` to ``depth``.
    ``nodes_visited`` and ``leaves_evaluated`` add up every iteration, the unfinished one
    included. ``stopped`` says why there was no deeper iteration:

    - ``"budget"``: the node or time budget ran out during the next one, which was abandoned;
    - ``"max_depth"``: ``depth`` is the cap;
    - ``"solved"``: the search never met the horizon: it read no static evaluation, only
      utilities, and expanded no state at or below the horizon (where a quiescence extension
      plays only the noisy moves, and a deeper search all of them). Every state it expanded
      has the same moves at every greater depth, and every leaf it read is terminal, so a
      deeper search would read the same tree and return the same value.
    """

    depth: int
    result: SearchResult[Scalar]
    iterations: tuple[SearchResult[Scalar], ...]
    nodes_visited: int
    leaves_evaluated: int
    stopped: Stopped

    @property
    def value(self) -> Scalar:
        """The value at ``depth``, to the player to move at the root."""
        return self.result.value

    @property
    def best_move(self) -> int | None:
        """The move of the deepest completed iteration (its index in the game's order)."""
        return self.result.best_move

    @property
    def principal_variation(self) -> Path:
        """The principal variation of the deepest completed iteration."""
        return self.result.principal_variation


class _Stop(Exception):  # noqa: N818 - a signal inside a search, never seen outside
    """Raised by a budget check when the budget has run out."""


class _OutOfBudget(Exception):  # noqa: N818 - as above
    """An iteration was abandoned; the work it did is counted."""

    def __init__(self, nodes: int, leaves: int) -> None:
        self.nodes = nodes
        self.leaves = leaves


@attrs.define
class _Budget:
    """When a deepening search stops: after ``max_nodes`` nodes, or ``time_limit`` on ``clock``.

    Totals count nodes over every iteration. The node budget is checked at the node that would
    exceed it, the clock at every ``poll``-th node; ``start`` is the clock when deepening began.
    """

    max_nodes: int | None
    time_limit: float | Fraction | None
    clock: Callable[[], float]
    poll: int
    start: float = 0.0

    def first_check(self, base: int) -> int:
        """The first total after ``base`` at which a new iteration must check."""
        at = _NEVER
        if self.max_nodes is not None:
            at = max(self.max_nodes + 1, base + 1)
        if self.time_limit is not None:
            at = min(at, (base // self.poll + 1) * self.poll)
        return at

    def check(self, total: int, *, armed: bool) -> int:
        """Raise ``_Stop`` if the budget is spent and ``armed``; else the next total to check."""
        over = self.max_nodes is not None and total > self.max_nodes
        if self.time_limit is not None and total % self.poll == 0:
            over = over or self.clock() - self.start > self.time_limit
        if over and armed:
            raise _Stop
        at = _NEVER
        if self.max_nodes is not None and total <= self.max_nodes:
            at = self.max_nodes + 1
        if self.time_limit is not None:
            at = min(at, (total // self.poll + 1) * self.poll)
        return at


Frame = tuple[
    S,
    int,
    int,
    int,
    Internal,
    Internal,
    Internal,
    Internal,
    Line,
    Sequence[M],
    list[int],
    dict[int, S] | None,
    dict[int, Scalar] | None,
    int,
    bool,
    int,
]
"""A suspended node: s, p, r, ply, a, b, a on entry, best, line, moves, order, successors,
static values, next position in the order, whether the horizon was met, the move searched."""


class Engine(Generic[S, M]):
    """A two-player game-playing search that keeps its table, killers and history across searches.

    See the module docstring for every option; each is off by default, so ``Engine(game)`` is
    plain fail-soft alpha-beta to a depth, returning ``spec.search.cut_negamax``'s answer.

    ``quiescence=q`` needs a game with ``is_quiet``; ``keep`` is forward pruning's k(ply)
    (``spec.search.tapered``), ``plausibility(s, m)`` its key (default: the successor's static
    value to the mover). ``static_ordering`` and the default plausibility need a static
    evaluation; ``hash_move`` and ``table_reuse="deeper"`` need ``table``.
    """

    def __init__(
        self,
        game: Game[S, M],
        *,
        table: bool = False,
        table_reuse: Literal["exact", "deeper"] = "exact",
        hash_move: bool = False,
        killers: int = 0,
        history: bool = False,
        static_ordering: bool = False,
        quiescence: int = 0,
        keep: Keep | None = None,
        plausibility: Callable[[S, M], object] | None = None,
        evaluate: Callable[[S], object] | None = None,
    ) -> None:
        if game.players != 2:
            raise TreeError(f"the engine needs a 2-player game (got {game.players} players)")
        for name, flag in (
            ("table", table),
            ("hash_move", hash_move),
            ("history", history),
            ("static_ordering", static_ordering),
        ):
            if not isinstance(flag, bool):
                raise TypeError(f"'{name}' must be a bool (got {flag!r})")
        for name, count in (("killers", killers), ("quiescence", quiescence)):
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"'{name}' must be a non-negative int (got {count!r})")
        if table_reuse not in ("exact", "deeper"):
            raise ValueError(f"'table_reuse' must be 'exact' or 'deeper' (got {table_reuse!r})")
        if table_reuse == "deeper" and not table:
            raise ValueError("table_reuse='deeper' says which entries answer: pass table=True too")
        if hash_move and not table:
            raise ValueError("hash_move orders by the table's best move: pass table=True too")
        is_quiet: Callable[[S], bool] | None = getattr(game, "is_quiet", None)
        if quiescence and is_quiet is None:
            raise TreeError(
                "quiescence needs a game that says which states are quiet: give it an "
                "'is_quiet' method (spec.QuiescentGame)"
            )
        if keep is not None and not callable(keep):
            raise TypeError(
                f"'keep' must be a function of the ply, like tapered(3, 2) (got {keep!r})"
            )
        if plausibility is not None and keep is None:
            raise ValueError("plausibility ranks moves for forward pruning: pass keep= too")
        static: Callable[[S], object] | None = (
            evaluate if evaluate is not None else getattr(game, "evaluate", None)
        )
        if static is None and (static_ordering or (keep is not None and plausibility is None)):
            raise TreeError(
                "static ordering and the default plausibility rank moves by the static value of "
                "their successors, and the game has no static evaluation; give the game an "
                "'evaluate' method, or pass evaluate= (or plausibility=)"
            )
        self.game = game
        self.quiescence = quiescence
        self.keep = keep
        self.plausibility = plausibility
        self.hash_move = hash_move
        self.static_ordering = static_ordering
        self._static = static
        self._is_quiet = is_quiet
        self._noisy_moves: Callable[[S], Sequence[M]] | None = getattr(game, "noisy_moves", None)
        self.table: TranspositionTable[S] | None = (
            TranspositionTable(by_ply=keep is not None, deeper=table_reuse == "deeper")
            if table
            else None
        )
        self.killers: Killers[M] = Killers(killers)
        self.history: History | None = History() if history else None

    # Persistence.

    def clear_table(self) -> None:
        """Empty the transposition table (killers and history are kept)."""
        if self.table is not None:
            self.table.clear()

    def clear(self) -> None:
        """Forget everything learnt: the table, the killers and the history."""
        self.clear_table()
        self.killers.clear()
        if self.history is not None:
            self.history.clear()

    # Searches.

    def search(
        self,
        state: S,
        depth: int | None,
        *,
        trace: bool = False,
        alpha: Bound = BOTTOM,
        beta: Bound = TOP,
    ) -> SearchResult[Scalar]:
        """Fail-soft alpha-beta from ``state`` to ``depth`` (``None``: the whole game).

        The value is ``spec.search.cut_negamax(game, state, depth, ...)``'s, to the player to
        move at ``state``; the best move and principal variation are as the module docstring
        says. With a window (``alpha``, ``beta``: the mover's view, open by default) the result
        is fail-soft's (Fishburn): the value inside it, else a bound on the value on the side
        it failed (and then the best move and line are not determined), as aspiration windows
        use it. Raises ``TreeError`` for a bad depth and for a fault of the game (with the path
        of move indices to it), ``UnhashableStateError`` for a state the table cannot key on.
        O(b^d) nodes at worst, fewer as the table and the ordering help (module docstring).
        """
        if depth is not None:
            _check_depth(depth, "depth")
        r0 = _UNLIMITED if depth is None else depth
        a, b = window(alpha, beta)
        found, _ = self._run(state, r0, trace=trace, budget=None, base=0, armed=False, a=a, b=b)
        return found

    def deepen(
        self,
        state: S,
        *,
        max_nodes: int | None = None,
        time_limit: float | Fraction | None = None,
        clock: Callable[[], float] = time.monotonic,
        poll: int = 1024,
        min_depth: int = 1,
        max_depth: int | None = None,
        trace: bool = False,
    ) -> DeepeningResult:
        """Iterative deepening from ``state`` (Game Tree Search notes, strategy 2).

        The CSCE 315 slides call it "Dealing with Time".

        Searches to ``min_depth``, ``min_depth + 1``, ... with :meth:`search`, keeping the
        table, killers and history between iterations, until one of:

        - the node budget: an iteration that would visit node ``max_nodes + 1`` (counting
          every iteration's nodes) is abandoned at that node;
        - the time budget: ``clock()`` is read when deepening starts and at every ``poll``-th
          node; an iteration that reads it more than ``time_limit`` after the start is
          abandoned there (``clock`` is injectable: tests pass a fake one);
        - ``max_depth`` is completed, or an iteration never meets the horizon (solved; see
          :class:`DeepeningResult`).

        The first iteration is always completed, whatever the budget, so that there is a
        move to play; the budget counts its nodes and time all the same. Returns the last
        completed iteration and its depth: see :class:`DeepeningResult`.
        """
        if max_nodes is None and time_limit is None and max_depth is None:
            raise ValueError(
                "iterative deepening needs a limit: pass max_nodes=, time_limit= or max_depth="
            )
        if max_nodes is not None:
            _check_positive(max_nodes, "max_nodes")
        _check_positive(poll, "poll")
        _check_depth(min_depth, "min_depth")
        if max_depth is not None:
            _check_depth(max_depth, "max_depth")
            if max_depth < min_depth:
                raise ValueError(
                    f"'max_depth' must be at least 'min_depth' (got max_depth={max_depth}, "
                    f"min_depth={min_depth})"
                )
        if time_limit is not None and (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, int | float | Fraction)
            or not 0 < time_limit < math.inf
        ):
            raise ValueError(f"'time_limit' must be a positive finite number (got {time_limit!r})")
        budget = _Budget(max_nodes, time_limit, clock, poll)
        if time_limit is not None:
            budget.start = clock()
        done: list[SearchResult[Scalar]] = []
        nodes = leaves = 0
        stopped: Stopped
        d = min_depth
        while True:
            try:
                found, horizon = self._run(
                    state, d, trace=trace, budget=budget, base=nodes, armed=bool(done)
                )
            except _OutOfBudget as out:
                nodes += out.nodes
                leaves += out.leaves
                stopped = "budget"
                break
            done.append(found)
            nodes += found.nodes_visited
            leaves += found.leaves_evaluated
            if not horizon:
                stopped = "solved"
                break
            if max_depth is not None and d >= max_depth:
                stopped = "max_depth"
                break
            d += 1
        return DeepeningResult(
            min_depth + len(done) - 1, done[-1], tuple(done), nodes, leaves, stopped
        )

    # The search.

    def _value(self, s: S, *, terminal: bool) -> Scalar:
        """The leaf value of ``s`` from Max's view: its utility or its static evaluation."""
        v: object
        if terminal:
            v, what = self.game.utility(s), "utility"
        elif self._static is None:
            raise TreeError(
                "the depth limit cuts a state that is not terminal, and the game has no static "
                "evaluation; give the game an 'evaluate' method or pass evaluate="
            )
        else:
            v, what = self._static(s), "static evaluation"
        if type(v) is int:
            return v
        if type(v) is Fraction:
            return v.numerator if v.denominator == 1 else v
        if isinstance(v, tuple | list):
            raise TreeError(f"the {what} must be a scalar for a 2-player game (got {v!r})")
        try:
            return exact_scalar(v)
        except TreeError as e:
            raise TreeError(f"the {what} is not a value: {e.problem}") from None

    def _mover(self, s: S) -> int:
        p = self.game.to_move(s)
        # As spec.game: any int but a bool, so an IntEnum of players too (an exact int first:
        # this runs at every node).
        an_int = type(p) is int or (isinstance(p, int) and not isinstance(p, bool))
        if not an_int or not 0 <= p <= 1:
            raise TreeError(f"'to_move' must be in 0..1 (got {p!r})")
        return p

    def _is_leaf(self, s: S, r: int) -> bool:
        """Whether a state that is not terminal is a leaf of the cut tree before its moves."""
        if r > 0:
            return False
        q = self.quiescence
        return not q or r <= -q or self._is_quiet(s)  # type: ignore[misc]

    def _children(
        self, s: S, p: int, r: int, ply: int, hash_move: int | None
    ) -> tuple[Sequence[M], list[int], dict[int, S] | None, dict[int, Scalar] | None] | None:
        """The moves of an interior candidate and their search order, or ``None`` for a leaf.

        Returns (moves, order, successors computed, static values to p computed). ``None`` when
        a quiescence extension finds no noisy move.
        """
        ms = self.game.moves(s)
        if not ms:
            raise TreeError("a state that is not terminal has no legal moves")
        if r > 0:
            chosen, succs, scores = self._kept(s, p, ply, ms)
        else:
            chosen, succs, scores = self._noisy(s, ms), None, None
            if not chosen:
                return None
        if self.static_ordering and scores is None:
            succs, scores = self._scored(s, p, ms, chosen)
        history = self.history
        killers = self.killers.at(ply)
        if hash_move is None and not killers and history is None and not self.static_ordering:
            return ms, list(chosen), succs, scores
        static = scores.__getitem__ if scores is not None and self.static_ordering else None

        def history_score(m: M) -> int:
            assert history is not None
            return history.score(p, m)

        ordered = order(
            ms,
            chosen,
            hash_move=hash_move,
            killers=killers,
            static=static,
            history=None if history is None else history_score,
        )
        return ms, ordered, succs, scores

    def _kept(
        self, s: S, p: int, ply: int, ms: Sequence[M]
    ) -> tuple[Sequence[int], dict[int, S] | None, dict[int, Scalar] | None]:
        """The moves above the horizon: all, or the k(ply) most plausible (definition 6).

        Also the successors and static values computed on the way, if any.
        """
        every = range(len(ms))
        if self.keep is None:
            return every, None, None
        k = self.keep(ply)
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise TreeError(f"keep(ply) must be a positive int (got {k!r} at ply {ply})")
        if k >= len(ms):
            return every, None, None
        if self.plausibility is not None:
            keys = [(-self._plausibility(s, m, i), i) for i, m in enumerate(ms)]
            return sorted(i for _, i in sorted(keys)[:k]), None, None
        succs, scores = self._scored(s, p, ms, every)
        keys = [(-scores[i], i) for i in every]
        return sorted(i for _, i in sorted(keys)[:k]), succs, scores

    def _noisy(self, s: S, ms: Sequence[M]) -> Sequence[int]:
        """The moves of a quiescence extension: the noisy ones, or all (definition 5)."""
        if self._noisy_moves is None:
            return range(len(ms))
        noisy = self._noisy_moves(s)
        for m in noisy:
            if m not in ms:
                raise TreeError(f"a noisy move must be one of the state's moves (got {m!r})")
        return [i for i, m in enumerate(ms) if m in noisy]

    def _scored(
        self, s: S, p: int, ms: Sequence[M], chosen: Sequence[int]
    ) -> tuple[dict[int, S], dict[int, Scalar]]:
        """The successors under the chosen moves, and their static values to p."""
        game = self.game
        succs: dict[int, S] = {}
        scores: dict[int, Scalar] = {}
        for i in chosen:
            c = game.successor(s, ms[i])
            succs[i] = c
            v = self._value(c, terminal=game.is_terminal(c))
            scores[i] = v if p == 0 else -v
        return succs, scores

    def _plausibility(self, s: S, m: M, i: int) -> Scalar:
        assert self.plausibility is not None
        try:
            return exact_scalar(self.plausibility(s, m))
        except TreeError as e:
            raise TreeError(f"the plausibility of move {i} is not a value: {e.problem}") from None

    def _run(  # noqa: PLR0912, PLR0915 - one loop, read against the procedure as a whole
        self,
        root: S,
        r0: int,
        *,
        trace: bool,
        budget: _Budget | None,
        base: int,
        armed: bool,
        a: Internal = _NEG,
        b: Internal = _POS,
    ) -> tuple[SearchResult[Scalar], bool]:
        """A search from ``root``, r0 plies, window (a, b): its result, whether it met the horizon.

        Raises ``_OutOfBudget`` when ``armed`` and the budget runs out.
        """
        game = self.game
        is_terminal = game.is_terminal
        successor = game.successor
        table = self.table
        if table is not None:
            table.lookup(root)  # an unhashable root fails here, before any work
        killers = self.killers if self.killers.slots else None
        history = self.history
        tr: list[Path] | None = [] if trace else None
        path: list[int] = []
        nodes = 1
        leaves = 0
        check_at = _NEVER if budget is None else budget.first_check(base) - base
        cur: int | None = None
        try:
            if nodes >= check_at:
                assert budget is not None
                check_at = budget.check(base + nodes, armed=armed) - base
            p = self._mover(root)
            terminal = is_terminal(root)
            kids = None
            if not terminal and not self._is_leaf(root, r0):
                entry = None if table is None else table.lookup(root)
                hm = entry.move if entry is not None and self.hash_move else None
                kids = self._children(root, p, r0, 0, hm)
            if kids is None:
                v = self._value(root, terminal=terminal)
                return SearchResult(
                    v if p == 0 else -v, (), 1, 1, ((),) if trace else None
                ), not terminal
            ms, order_, succs, scores = kids
            stack: list[Frame[S, M]] = []
            h = r0 <= 0
            s = root
            r = r0
            ply = 0
            a0 = a
            best: Internal = _NEG
            line: Line = None
            j = 0
            n = len(order_)
            i = -1
            val: Internal
            rl: Line
            while True:
                if j < n:
                    i = order_[j]
                    j += 1
                    cur = i
                    cs = succs[i] if succs is not None and i in succs else successor(s, ms[i])
                    nodes += 1
                    if nodes >= check_at:
                        assert budget is not None
                        check_at = budget.check(base + nodes, armed=armed) - base
                    rc = r - 1
                    terminal = is_terminal(cs)
                    if terminal or self._is_leaf(cs, rc):
                        if scores is not None and i in scores:
                            val = scores[i]
                        else:
                            v = self._value(cs, terminal=terminal)
                            val = v if p == 0 else -v
                        leaves += 1
                        h = h or not terminal
                        if tr is not None:
                            tr.append((*path, i))
                        rl = None
                    else:
                        q = self._mover(cs)
                        ca, cb = (a, b) if q == p else (-b, -a)
                        entry = None if table is None else table.lookup(cs)
                        if entry is not None and entry.answers(
                            rc,
                            ply + 1,
                            ca,
                            cb,
                            by_ply=table.by_ply,  # type: ignore[union-attr]
                            deeper=table.deeper,  # type: ignore[union-attr]
                        ):
                            val = entry.value if q == p else -entry.value
                            rl = entry.line
                            h = h or entry.horizon
                        else:
                            hm = entry.move if entry is not None and self.hash_move else None
                            kids = self._children(cs, q, rc, ply + 1, hm)
                            if kids is None:  # a quiescence extension without a noisy move
                                v = self._value(cs, terminal=False)
                                val = v if p == 0 else -v
                                leaves += 1
                                h = True
                                if tr is not None:
                                    tr.append((*path, i))
                                rl = None
                            else:
                                stack.append(
                                    (s, p, r, ply, a, b, a0, best, line, ms, order_, succs,
                                     scores, j, h, i)
                                )  # fmt: skip
                                path.append(i)
                                cur = None
                                s, p, r, ply = cs, q, rc, ply + 1
                                a, b = ca, cb
                                a0 = a
                                best = _NEG
                                line = None
                                ms, order_, succs, scores = kids
                                j = 0
                                n = len(order_)
                                h = rc <= 0
                                continue
                else:
                    cur = None
                    if table is not None:
                        table.store(s, best, line, depth=r, ply=ply, alpha=a0, beta=b, horizon=h)
                    if not stack:
                        return result(best, line, nodes, leaves, tr), h
                    g, gl, gh, q = best, line, h, p
                    (s, p, r, ply, a, b, a0, best, line, ms, order_, succs, scores, j, h, i) = (
                        stack.pop()
                    )
                    n = len(order_)
                    path.pop()
                    val = g if q == p else -g
                    rl = gl
                    h = h or gh
                if val > best:
                    best = val
                    line = i if rl is None else (i, rl)
                    if val > a:
                        a = val
                        if a >= b:
                            if killers is not None:
                                killers.record(ply, ms[i])
                            if history is not None:
                                history.record(p, ms[i], r)
                            j = n
        except TreeError as e:
            raise e.below((*path, cur) if cur is not None else tuple(path)) from None
        except _Stop:
            raise _OutOfBudget(nodes - 1, leaves) from None


def _check_depth(depth: object, name: str) -> None:
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        none = " or None" if name == "depth" else ""
        raise TreeError(f"'{name}' must be a non-negative int{none} (got {depth!r})")


def _check_positive(x: object, name: str) -> None:
    if isinstance(x, bool) or not isinstance(x, int) or x < 1:
        raise ValueError(f"'{name}' must be a positive int (got {x!r})")
