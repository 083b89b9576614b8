"""The sources' engine techniques, each defined as minimax over a precisely cut tree.

The Game Tree Search notes ("Heuristics in Game Tree Search") and the CSCE 315 slides ("Minimax
Evaluation", "Evaluation Functions for Ordering", "Dealing with Time") describe what a game-playing
program adds to minimax: a static evaluation at a fixed depth, quiescence, iterative deepening under
a time limit, move ordering, and forward pruning. Each is defined here as a value on the game, so
that ``impl.engine``, which combines them with alpha-beta, has a reference to be checked against.
Nothing here prunes; every definition reads the whole cut tree.

Glossary: s is a state, m a move, i a move's index in ``game.moves(s)`` (its *index in the
game's order*), p the player to move, d the depth limit, ply a state's distance from the root,
r = d - ply the plies still allowed above the horizon (zero at it, negative below it), q the
quiescence limit, k(ply) the forward-pruning width.

**The cut tree.** The root is at ply 0 with r = d (``depth=None``: no horizon, r is infinite).
A state s at (r, ply) is

1. a leaf worth ``game.utility(s)`` if s is terminal;
2. above the horizon (r > 0), an interior node whose children are the successors under
   ``game.moves(s)``, all of them, or under forward pruning the k(ply) most plausible ones
   (definition 6), always in the game's order;
3. at or below the horizon (r <= 0), a leaf worth its static evaluation, unless quiescence
   extends it (definition 5): then an interior node whose children are the successors under
   its noisy moves, in the game's order.

Its value is minimax (``spec.minimax``) over this tree, from player 0's point of view, or
seen by the player to move at the root (the Min-Max notes' ModMinMax). A later child replaces the
best only if strictly better for the player to move, so the leftmost best child wins. A principal
variation is a path of move indices in the game's order: ``Solution.principal_variation[0]`` is the
index of the best move in ``game.moves(state)``, whatever the cut left out.

**1. Static evaluation at the frontier** (the Game Tree Search notes, "Static Evaluation" and "Depth
of Search", strategy 1, fixed-depth search; the CSCE 315 slides, "Utility Function"). No quiescence
and no forward pruning: the tree of ``spec.game``, so ``cut_minimax`` and ``cut_negamax`` equal
``game_minimax`` and ``game_negamax`` there, and are the same definitions.

**2. Move ordering** (the Game Tree Search notes, "Ordering of Search": fixed ordering, refutation
and killer moves, dynamic ordering; the CSCE 315 slides, "Evaluation Functions for Ordering"). The
value is defined on the game's order and an order is not part of the definition: a search may visit
the children in any order and must return the same value. Only the choice among equally good moves
can depend on the order: ``move_values`` gives the value of every move at the root,
``optimal_moves`` the indices of those that attain the root's value. A search that visits the root's
moves in another order and keeps the first best it meets returns the first optimal move in *its*
order; it is the leftmost one of ``optimal_moves`` when its order is the game's.

**3. Iterative deepening** (the Game Tree Search notes, "Depth of Search", strategy 2; the CSCE 315
slides, "Dealing with Time"). Searches to depth 1, 2, 3, ... until a budget (time, or nodes) runs
out, then plays the move of the last search that finished. Its answer is therefore ``cut_negamax``
at the deepest depth k whose search completed, for the same quiescence and forward pruning; k
depends on the budget and the searcher's speed, so the searcher reports it, and the definition is
the depth-k solution for that k. Information kept from one iteration to the next (a table, killers,
history) only orders moves (definition 2) or repeats values (definition 4), so it cannot change the
answer.

**4. Transposition table** (the Game Tree Search notes, "for efficiency, information from earlier
iteration is saved"). The subtree below a state in the cut tree depends on the state and r only, and
under forward pruning on its ply too (k is a function of the ply). So a table keyed by (s, r), or
(s, r, ply), that stores a node's value, or a lower or an upper bound on it, found by a search of
that same subtree, gives values the definitions above give; a stored entry of another depth is not
the same subtree and its value is not this one's. There is nothing more to define: with or without a
table, in one search or across many, the value is the cut tree's. An engine that lets an entry of a
*deeper* search answer (``entry.depth >= r``, as most do) returns a value of another kind, which
definition 7 defines.

**5. Quiescence** (the Game Tree Search notes, "Depth of Search": "search would be extended beyond
the normal limit for non-quiescent positions ... or extend the search for checks and immediate
capture only"; the horizon effect). A ``QuiescentGame`` says which states are quiet. With
``quiescence=q > 0``, a state s at or below the horizon that is not terminal is expanded, rather
than evaluated, when s is not quiet, r > -q (fewer than q plies have been played beyond the depth
limit), and s has a noisy move: its children are the successors under its noisy moves
(``NoisyGame.noisy_moves``; every move if the game does not single any out), in the game's order.
Otherwise it is a leaf worth its static evaluation, so a state still not quiet q plies beyond the
horizon is evaluated as it is: the limit q is what makes the definition terminate on every
finite-branching game. ``quiescence=0`` is definition 1. The quiescent value is minimax over this
tree, exactly as the notes' extension reads; there is no "stand pat" option (a player declining
every noisy move), since the sources do not define one.

**6. Forward pruning** (the Game Tree Search notes, "Width of Search", "(a) Forward Pruning": "sort
them according to 'plausibility' and then discard all but the best few moves"; tapered: "no. of
moves retained was a function of the depth at which they are generated"). ``keep`` is k, a function
of the ply at which the moves are generated (the root's are generated at ply 0); ``plausibility(s,
m)`` is a key, higher is more plausible, by default the static value of the successor to the player
moving at s (``static_plausibility``). Above the horizon a state keeps the k(ply) moves of highest
plausibility, ties going to the earlier move in the game's order (a stable sort), or every move when
it has at most k(ply); the kept moves stay in the game's order. Forward pruning applies above the
horizon only: a quiescence extension expands every noisy move. The value is minimax over the tree so
cut, which may differ from the value without pruning: that is the price the Game Tree Search notes
name ("great difficulty in determining, without search, which move can be ignored safely").

**7. The witness criterion** (Wesselink, Huizing and van de Wetering, "Formal Verification of
Minimax Algorithms", arXiv 2509.20138, the section on depth-limited search with a transposition
table). A table whose entry of depth r' >= r answers a search owed r plies (Marsland's and
Wikipedia's negamax with a table test ``entry.depth >= depth``) mixes depths: the value is
not the cut tree's, but that of some *witness*, a tree in which every node is searched at
least as deep as the search owed it. The witnesses W(s, r) of a state owed r plies are the
trees N(s, r') for every r' >= r, where N(s, r') is the cut tree's node at (s, r') (a leaf,
or its children as the cut tree chooses them, as definitions 1, 5 and 6 say) whose children
are witnesses of W(child, r' - 1). Without quiescence and forward pruning this is the
paper's *all-or-none expansion* of the tree truncated at depth d: every node above the
horizon has all its children, and every node at or below it either none (its static
evaluation) or all. Each occurrence of a state chooses on its own, as the table's entries of
one state differ from one search to the next. A search's result x with the window (a, b) is
*justified* when, for the minimax value e of some witness of the root, x and e have
Fishburn's properties (:mod:`impl.alphabeta`): e <= x <= a, or a < x = e < b, or b <= x <=
e; that is the paper's ``is_negamax_tt_result``. So the set of values a search may return
(:func:`witness`) is not an interval: inside the window only the values of witnesses, and
on a side the window fails on, a range reaching from the bound to the farthest witness.
The cut tree is the witness with r' = r everywhere, so ``cut_negamax``'s value is always one.

The criterion is about the game, not the table's history: an entry stored by any earlier
search of the same game (the last iteration of iterative deepening, the previous move's
search) is justified by a witness of its own depth, and so is every result built on it; so
it holds across searches as within one. With quiescence, an entry stored with r' plies
owes the quiescence extension of depth r' (noisy moves at r' <= 0, all moves above); with
forward pruning, the widths k(ply) of its own ply, so a table that keys on the ply (as
``impl.table`` does under forward pruning) reuses only entries of the same ply. The paper
defines the criterion for the plain case (no quiescence, no forward pruning), which is what
the gate's ``game-negamax-witness`` asks; the other two are this module's extension of it.

:func:`witness` works out the witnesses' values, not the witnesses: the values of W(s, r)
at a Max node are those of its children's witnesses that are at least every child's
smallest, at a Min node at most every child's largest (the maximum over a product of sets),
memoised on (s, r, ply), with r below -q the same as -q. Below the horizon a witness may
reach every state of the game, so it is exact on small games only: past ``limit`` (s, r,
ply) triples it raises ``TreeError``. Its cost is O(limit * (q + 2) * b * V), V the number
of distinct leaf values. A game with a cycle below the horizon has witnesses of every length
and is refused.

The definitions walk the game over ``spec.fold``'s explicit stack, as ``spec.game`` does, so
no depth or extension limit meets a recursion limit. Each reads every node of the cut tree:
O(b^d) states, plus the extensions, plus one plausibility per move above the horizon under
forward pruning.
"""

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Generic, Protocol, TypeAlias, TypeVar

import attrs

from gametree.spec.errors import Path, TreeError
from gametree.spec.fold import Line, Solution, fold, unwind
from gametree.spec.game import (
    EvaluatedGame,
    Game,
    _check_depth,
    _evaluator,
    _leaf_value,
    _legal_moves,
    _mover,
    _require_players,
    _scalar,
)
from gametree.spec.minimax import minimax_choice
from gametree.spec.tree import Leaf, Node, Tree
from gametree.spec.values import Scalar, Value, exact_scalar, worth

WITNESS_LIMIT = 100_000
"""The most (state, r, ply) triples :func:`witness` examines before it gives up (definition 7)."""

__all__ = [
    "WITNESS_LIMIT",
    "Keep",
    "NoisyGame",
    "QuiescentGame",
    "Tapered",
    "Witnessed",
    "cut_minimax",
    "cut_negamax",
    "cut_tree",
    "move_values",
    "optimal_moves",
    "static_plausibility",
    "tapered",
    "witness",
]

S = TypeVar("S")
M = TypeVar("M")
R = TypeVar("R")

Keep: TypeAlias = Callable[[int], int]
"""Forward pruning's k: the number of moves kept at a state, given the ply they are generated at."""


class QuiescentGame(EvaluatedGame[S, M], Protocol[S, M]):
    """A game that says which states are quiet ("quiescent or dead position").

    The phrase is the Game Tree Search notes'.

    A quiet state is one whose static evaluation can be trusted: no exchange is half done.
    Only states at or below the horizon that are not terminal are asked.
    """

    def is_quiet(self, state: S) -> bool:
        """Whether the static evaluation of ``state`` can be trusted as it is."""
        ...


class NoisyGame(QuiescentGame[S, M], Protocol[S, M]):
    """A quiescent game that also says which moves a quiescence extension plays.

    The Game Tree Search notes: "extend the search for checks and immediate capture only".
    ``noisy_moves(s)`` must be among ``moves(s)``; their order is taken from ``moves(s)``.
    """

    def noisy_moves(self, state: S) -> Sequence[M]:
        """The moves that resolve ``state``'s noise (captures, checks), a subset of its moves."""
        ...


@attrs.frozen
class Tapered:
    """Tapered forward pruning's k: ``widths[ply]``, and the last width at every deeper ply.

    Build it with :func:`tapered`.
    """

    widths: tuple[int, ...]

    def __call__(self, ply: int) -> int:
        """k(ply): how many moves a state at ``ply`` keeps."""
        return self.widths[min(ply, len(self.widths) - 1)]


def tapered(*widths: int) -> Tapered:
    """k(ply) for tapered forward pruning: the widths at ply 0, 1, ..., then the last.

    Tapered forward pruning is the Game Tree Search notes'.

    >>> k = tapered(5, 3, 2)
    >>> [k(ply) for ply in range(5)]
    [5, 3, 2, 2, 2]
    >>> tapered(3, 0)
    Traceback (most recent call last):
    ...
    ValueError: every width must be a positive int (got 0 at ply 1 in (3, 0))
    """
    if not widths:
        raise ValueError("tapered needs at least one width, the number of moves kept at ply 0")
    for ply, k in enumerate(widths):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ValueError(
                f"every width must be a positive int (got {k!r} at ply {ply} in {widths})"
            )
    return Tapered(widths)


def static_plausibility(
    game: Game[S, M], evaluate: Callable[[S], object] | None = None
) -> Callable[[S, M], Scalar]:
    """Fixed ordering as a plausibility: the successor's static value, to the mover.

    Fixed ordering is the Game Tree Search notes'.

    ``(s, m)`` is worth the utility of the successor if it is terminal, else its static
    evaluation (``evaluate``, or the game's own), seen by the player to move at s
    (``spec.worth``). Higher is more plausible.
    """
    leaf_value = _leaf_value(game, evaluate)
    mover = _mover(game)

    def plausibility(s: S, m: M) -> Scalar:
        return worth(_scalar(leaf_value(game.successor(s, m))), mover(s))

    return plausibility


Item = tuple[S, int | None, int, int]
"""A state in the cut tree: (s, r, ply, the index of the move that led to it; -1 at the root).

r is ``None`` when there is no horizon.
"""


def _cut(
    game: Game[S, M],
    depth: int | None,
    *,
    quiescence: int,
    keep: Keep | None,
    plausibility: Callable[[S, M], object] | None,
    evaluate: Callable[[S], object] | None,
) -> Callable[[Item[S]], list[Item[S]] | None]:
    """The cut tree's expand function (see the module docstring), with its arguments checked."""
    _check_depth(depth)
    _require_players(game, 2, "the search definitions")
    if isinstance(quiescence, bool) or not isinstance(quiescence, int) or quiescence < 0:
        raise TreeError(f"'quiescence' must be a non-negative int (got {quiescence!r})")
    is_quiet: Callable[[S], bool] | None = getattr(game, "is_quiet", None)
    if quiescence and is_quiet is None:
        raise TreeError(
            "quiescence needs a game that says which states are quiet: give it an 'is_quiet' "
            "method (spec.QuiescentGame)"
        )
    noisy_moves: Callable[[S], Sequence[M]] | None = getattr(game, "noisy_moves", None)
    if keep is not None and plausibility is None:
        if _evaluator(game, evaluate) is None:
            raise TreeError(
                "forward pruning ranks moves by plausibility, by default the static value of "
                "the successor, and the game has no static evaluation; give the game an "
                "'evaluate' method, or pass evaluate= or plausibility="
            )
        plausibility = static_plausibility(game, evaluate)

    def width(ply: int) -> int:
        assert keep is not None
        k = keep(ply)
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise TreeError(f"keep(ply) must be a positive int (got {k!r} at ply {ply})")
        return k

    def kept(s: S, ms: Sequence[M], ply: int) -> Sequence[int]:
        if keep is None:
            return range(len(ms))
        assert plausibility is not None
        k = width(ply)
        if k >= len(ms):
            return range(len(ms))
        keys = []
        for i, m in enumerate(ms):
            try:
                keys.append((-exact_scalar(plausibility(s, m)), i))
            except TreeError as e:
                raise TreeError(
                    f"the plausibility of move {i} is not a value: {e.problem}"
                ) from None
        return sorted(i for _, i in sorted(keys)[:k])

    def noisy(s: S, ms: Sequence[M]) -> Sequence[int]:
        if noisy_moves is None:
            return range(len(ms))
        chosen = noisy_moves(s)
        for m in chosen:
            if m not in ms:
                raise TreeError(f"a noisy move must be one of the state's moves (got {m!r})")
        return [i for i, m in enumerate(ms) if m in chosen]

    def expand(item: Item[S]) -> list[Item[S]] | None:
        s, r, ply, _ = item
        if game.is_terminal(s):
            return None
        if r is None or r > 0:
            ms = _legal_moves(game, s)
            chosen = kept(s, ms, ply)
        else:
            assert is_quiet is not None or not quiescence
            if not quiescence or r <= -quiescence or is_quiet(s):  # type: ignore[misc]
                return None
            ms = _legal_moves(game, s)
            chosen = noisy(s, ms)
            if not chosen:
                return None
        below = None if r is None else r - 1
        return [(game.successor(s, ms[i]), below, ply + 1, i) for i in chosen]

    return expand


def cut_tree(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    quiescence: int = 0,
    keep: Keep | None = None,
    plausibility: Callable[[S, M], object] | None = None,
    evaluate: Callable[[S], object] | None = None,
) -> Tree:
    """The cut tree of the module docstring as an explicit tree, as ``spec.unfold`` builds one.

    Its children are the kept (or noisy) moves only, so a child's position in it is not the
    move's index in the game's order unless the cut keeps every move (a fault's path is given
    in move indices, as everywhere in this module). With no quiescence and no forward pruning
    it is ``spec.unfold(game, state, depth)``.
    """
    expand = _cut(
        game,
        depth,
        quiescence=quiescence,
        keep=keep,
        plausibility=plausibility,
        evaluate=evaluate,
    )
    leaf_value = _leaf_value(game, evaluate)
    mover = _mover(game)

    def node(item: Item[S], _: Sequence[Item[S]], kids: list[Tree]) -> Tree:
        return Node(mover(item[0]), kids)

    return _fold_by_moves(
        (state, depth, 0, -1), expand, lambda item: Leaf(leaf_value(item[0])), node
    )


def _move_path(
    root: Item[S], expand: Callable[[Item[S]], list[Item[S]] | None], positions: Path
) -> Path:
    """The path of move indices to the item at these child positions of the cut tree.

    ``spec.fold`` names a fault by positions among the children it was given; under forward
    pruning or quiescence those are not the moves' indices. Only the fault's ancestors are
    expanded again, and each of them was expanded without a fault before.
    """
    moves = []
    item = root
    for position in positions:
        kids = expand(item)
        assert kids is not None
        item = kids[position]
        moves.append(item[3])
    return tuple(moves)


def _fold_by_moves(
    root: Item[S],
    expand: Callable[[Item[S]], list[Item[S]] | None],
    leaf: Callable[[Item[S]], R],
    node: Callable[[Item[S], Sequence[Item[S]], list[R]], R],
) -> R:
    """``spec.fold`` over the cut tree, with a fault's path given as move indices."""
    try:
        return fold(root, expand, leaf, node)
    except TreeError as e:
        raise TreeError(e.problem, _move_path(root, expand, e.path or ())) from None


def _solve(
    game: Game[S, M],
    root: Item[S],
    expand: Callable[[Item[S]], list[Item[S]] | None],
    evaluate: Callable[[S], object] | None,
) -> Solution[Scalar]:
    """Minimax over the cut tree below ``root``, from player 0's view, with a move-index PV."""
    leaf_value = _leaf_value(game, evaluate)
    mover = _mover(game)

    def leaf(item: Item[S]) -> tuple[Scalar, Line]:
        return _scalar(leaf_value(item[0])), None

    def node(
        item: Item[S], kids: Sequence[Item[S]], results: list[tuple[Scalar, Line]]
    ) -> tuple[Scalar, Line]:
        v, i = minimax_choice(mover(item[0]), [value for value, _ in results])
        return v, (kids[i][3], results[i][1])

    v, line = _fold_by_moves(root, expand, leaf, node)
    return Solution(v, unwind(line))


def cut_minimax(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    quiescence: int = 0,
    keep: Keep | None = None,
    plausibility: Callable[[S, M], object] | None = None,
    evaluate: Callable[[S], object] | None = None,
) -> Solution[Scalar]:
    """Minimax over the cut tree (module docstring), from player 0's view; a move-index PV.

    ``depth``: the horizon (definition 1; ``None``, none). ``quiescence``: the most plies
    searched beyond it below states that are not quiet (definition 5). ``keep`` and
    ``plausibility``: forward pruning (definition 6). ``evaluate``: the static evaluation, if
    not the game's own. Raises ``TreeError`` with the path of move indices to the fault.
    """
    expand = _cut(
        game,
        depth,
        quiescence=quiescence,
        keep=keep,
        plausibility=plausibility,
        evaluate=evaluate,
    )
    return _solve(game, (state, depth, 0, -1), expand, evaluate)


def cut_negamax(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    quiescence: int = 0,
    keep: Keep | None = None,
    plausibility: Callable[[S, M], object] | None = None,
    evaluate: Callable[[S], object] | None = None,
) -> Solution[Scalar]:
    """``cut_minimax`` seen by the player to move at ``state`` (the Min-Max notes' ModMinMax).

    The value is ``spec.worth(cut_minimax(...).value, game.to_move(state))`` and the principal
    variation is the same: negamax takes, at each node, the leftmost child best for the player
    to move, as minimax does (see ``spec.minimax.negamax``), also when a player moves twice.
    """
    m = cut_minimax(
        game,
        state,
        depth,
        quiescence=quiescence,
        keep=keep,
        plausibility=plausibility,
        evaluate=evaluate,
    )
    return Solution(worth(m.value, _mover(game)(state)), m.principal_variation)


def move_values(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    quiescence: int = 0,
    keep: Keep | None = None,
    plausibility: Callable[[S, M], object] | None = None,
    evaluate: Callable[[S], object] | None = None,
) -> tuple[tuple[int, Scalar], ...]:
    """Each move at the root of the cut tree, with its value to the player to move at ``state``.

    Pairs (index in the game's order, value), for the moves the cut keeps, in the game's order;
    empty when the root is a leaf. The value of a move is the value of its subtree (the
    successor one ply nearer the horizon), seen by the player to move at ``state``, so
    ``cut_negamax(...).value`` is the largest of them (definition 2).
    """
    expand = _cut(
        game,
        depth,
        quiescence=quiescence,
        keep=keep,
        plausibility=plausibility,
        evaluate=evaluate,
    )
    root: Item[S] = (state, depth, 0, -1)
    try:
        kids = expand(root)
    except TreeError as e:
        raise e.below(()) from None
    if kids is None:
        return ()
    p = _mover(game)(state)
    pairs = []
    for kid in kids:
        try:
            v = _solve(game, kid, expand, evaluate).value
        except TreeError as e:
            raise TreeError(e.problem, (kid[3], *(e.path or ()))) from None
        pairs.append((kid[3], worth(v, p)))
    return tuple(pairs)


def optimal_moves(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    quiescence: int = 0,
    keep: Keep | None = None,
    plausibility: Callable[[S, M], object] | None = None,
    evaluate: Callable[[S], object] | None = None,
) -> tuple[int, ...]:
    """The indices, in the game's order, of the root's moves that attain the root's value.

    Definition 2: the move a search returns under any move ordering is one of these; with the
    game's order it is the first, ``cut_negamax(...).best_move``. Empty when the root is a leaf.
    """
    pairs = move_values(
        game,
        state,
        depth,
        quiescence=quiescence,
        keep=keep,
        plausibility=plausibility,
        evaluate=evaluate,
    )
    if not pairs:
        return ()
    best = max(v for _, v in pairs)
    return tuple(i for i, v in pairs if v == best)


@attrs.frozen
class Witnessed:
    """The results a search with table reuse may return (definition 7), and the fixed-depth one.

    ``values``: the values of the root's witnesses, to the player to move at the root, in
    increasing order; ``fixed``: ``cut_negamax``'s value, one of them; ``alpha`` and ``beta``
    the window (``None``: open). A result is admitted when Fishburn's properties hold between
    it and some witness's value.
    """

    values: tuple[Scalar, ...]
    fixed: Scalar
    alpha: Scalar | None = None
    beta: Scalar | None = None

    def admits(self, x: Scalar) -> bool:
        """Whether some witness's value e has e <= x <= a, x = e, or b <= x <= e.

        >>> w = Witnessed((1, 3, 7), 3, alpha=2, beta=5)
        >>> [x for x in range(10) if w.admits(x)]
        [1, 2, 3, 5, 6, 7]
        """
        a, b = self.alpha, self.beta
        return any(
            x == e or (a is not None and e <= x <= a) or (b is not None and b <= x <= e)
            for e in self.values
        )

    def __contains__(self, x: object) -> bool:
        return isinstance(x, int | Fraction) and not isinstance(x, bool) and self.admits(x)

    def text(self) -> str:
        """The admitted results in words, for a report."""
        a, b = self.alpha, self.beta
        inside = [e for e in self.values if (a is None or a < e) and (b is None or e < b)]
        parts = [", ".join(str(e) for e in inside)] if inside else []
        if a is not None and self.values[0] <= a:
            parts.insert(0, f"[{self.values[0]}, {a}]")
        if b is not None and self.values[-1] >= b:
            parts.append(f"[{b}, {self.values[-1]}]")
        return "one of " + "; ".join(parts) + f" (the fixed-depth value is {self.fixed})"


def witness(
    game: Game[S, M],
    state: S,
    depth: int | None,
    alpha: Scalar | None = None,
    beta: Scalar | None = None,
    *,
    quiescence: int = 0,
    keep: Keep | None = None,
    plausibility: Callable[[S, M], object] | None = None,
    evaluate: Callable[[S], object] | None = None,
    limit: int = WITNESS_LIMIT,
) -> Witnessed:
    """What a search to ``depth`` with the window (alpha, beta) and table reuse may return.

    Definition 7 (the witness criterion of Wesselink et al., arXiv 2509.20138): the values of
    every witness of ``state`` owed ``depth`` plies, with the window. Raises ``TreeError`` for
    a fault of the game (with its path when the cut tree holds it), an empty window, a cycle
    below the horizon, or more than ``limit`` (state, r, ply) triples.

    >>> from gametree.games import Nim
    >>> nim = Nim((1, 2))
    >>> w = witness(nim, nim.initial_state(), 1, evaluate=lambda s: 0)
    >>> w.values, w.fixed, w.text()
    ((0, 1), 0, 'one of 0, 1 (the fixed-depth value is 0)')
    """
    fixed = cut_negamax(game, state, depth, quiescence=quiescence, keep=keep,
                        plausibility=plausibility, evaluate=evaluate).value  # fmt: skip
    if alpha is not None and beta is not None and not alpha < beta:
        raise TreeError(f"the window must be non-empty, alpha < beta (got {alpha}, {beta})")
    expand = _cut(game, depth, quiescence=quiescence, keep=keep, plausibility=plausibility,
                  evaluate=evaluate)  # fmt: skip
    found = _Witnesses(expand, _leaf_value(game, evaluate), _mover(game), quiescence,
                       by_ply=keep is not None, limit=limit)  # fmt: skip
    p = _mover(game)(state)
    values = found.values(state, depth)
    return Witnessed(tuple(sorted(worth(v, p) for v in values)), fixed, alpha, beta)


WitnessKey = tuple[S, int | None, int]
"""(s, r clamped at -q, ply, or 0 without forward pruning)."""


class _Witnesses(Generic[S]):
    """The values of W(s, r, ply), memoised, over an explicit stack (definition 7)."""

    def __init__(
        self,
        expand: Callable[[Item[S]], list[Item[S]] | None],
        leaf_value: Callable[[S], Value],
        mover: Callable[[S], int],
        quiescence: int,
        *,
        by_ply: bool,
        limit: int,
    ) -> None:
        self.expand, self.leaf_value, self.mover = expand, leaf_value, mover
        self.quiescence, self.by_ply, self.limit = quiescence, by_ply, limit
        self.memo: dict[WitnessKey[S], frozenset[Scalar]] = {}
        self.started: dict[WitnessKey[S], list[list[Item[S]] | None]] = {}

    def key(self, s: S, r: int | None, ply: int) -> WitnessKey[S]:
        return s, None if r is None else max(r, -self.quiescence), ply if self.by_ply else 0

    def values(self, state: S, depth: int | None) -> frozenset[Scalar]:
        """The minimax values (Max's view) of every witness of ``state`` owed ``depth`` plies."""
        root = self.key(state, depth, 0)
        stack: list[tuple[WitnessKey[S], int]] = [(root, 0)]
        try:
            while stack:
                k, ply = stack[-1]
                if k in self.memo:
                    stack.pop()
                elif k in self.started:
                    stack.pop()
                    self.finish(k)
                else:
                    stack.extend(self.start(k, ply))
        except TypeError:
            raise TreeError(
                "the witness criterion memoises on states, which must be hashable"
            ) from None
        return self.memo[root]

    def start(self, k: WitnessKey[S], ply: int) -> list[tuple[WitnessKey[S], int]]:
        """Expand k at every r' >= r that differs (r..1); the children not yet worked out."""
        if len(self.started) >= self.limit:
            raise TreeError(
                f"the witnesses reach more than {self.limit} (state, depth) pairs: the witness "
                "criterion is worked out exactly for small games only"
            )
        s, r, _ = k
        owed = [r] if r is None or r >= 1 else range(r, 2)
        self.started[k] = opts = [self.expand((s, r2, ply, -1)) for r2 in owed]
        pending = []
        for c, r2, cply, _ in (c for kids in opts for c in kids or ()):
            ck = self.key(c, r2, cply)
            if ck in self.started and ck not in self.memo:
                raise TreeError(
                    f"the game has a cycle below the horizon (state {c!r} repeats): its "
                    "witnesses have no end"
                )
            if ck not in self.memo:
                pending.append((ck, cply))
        return pending

    def finish(self, k: WitnessKey[S]) -> None:
        """W(k)'s values from its children's: a leaf's value, or each option's extremes."""
        values: set[Scalar] = set()
        for kids in self.started[k]:
            if kids is None:
                values.add(_scalar(self.leaf_value(k[0])))
            else:
                sets = [self.memo[self.key(c, r2, cply)] for c, r2, cply, _ in kids]
                values |= _extreme_values(self.mover(k[0]), sets)
        self.memo[k] = frozenset(values)


def _extreme_values(p: int, sets: Sequence[frozenset[Scalar]]) -> set[Scalar]:
    """Every max (p = 0) or min (p = 1) of one value from each of ``sets``, from Max's view."""
    if p == 0:
        low = max(min(c) for c in sets)
        return {v for c in sets for v in c if v >= low}
    high = min(max(c) for c in sets)
    return {v for c in sets for v in c if v <= high}
