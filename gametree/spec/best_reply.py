"""Best-reply search (Schadd and Winands 2011) and BRS+ (Esser et al. 2013), by their transforms.

Each is the paranoid value (``spec.paranoid``) of a defined two-player tree, the *transform*:
the root player r maximises its own component where it moves, and at the *opponents' layer*
(the plies between two of r's moves) one minimising node chooses among a set of replies.

**BRS+** (Esser, Gras, Winands, Schadd and Lanctot 2013, section 3) keeps the turn order: at
the opponents' layer, one opponent searches all its moves and the others play their first
move in the ordering. On an N-player tree that is the tree alone: the replies of a layer are
its paths down to the next node where r moves (or a leaf) on which *at most one ply* leaves
the first child, each listed once, in the tree's left-to-right order. (Where every opponent
moves once a round, a ply is an opponent; the path of first moves is every opponent's first
reply, listed once.) The ordering is the tree's child order: a caller who orders moves
differently gives the tree in that order.

**BRS** (Schadd and Winands 2011, section III) lets only one opponent move: "only the
opponent with the strongest counter move is allowed to play a move", from the same position,
after which r moves again. That needs a game in which an opponent may move *out of turn*
(:class:`OutOfTurnGame`: a state with another player to move; Chinese Checkers and N-player
Othello are such games, as in the paper, where BRS "may search illegal positions"). A plain
tree holds only the moves of the player to move at each node, so an opponent's move out of
turn is not in it: BRS on a tree is *not defined*, and :func:`brs` refuses one with a clear
error rather than guess (for instance by letting the earlier opponents play their first
moves, which is BRS+, or by treating a one-ply layer as BRS, which is paranoid). On a game,
:func:`brs_tree` is the transform, to a depth counted in layers.

Glossary: t is a tree, n a node, r the root player, a *layer* the opponents' plies between two
of r's moves, a *reply* one path through a layer, s a state, d the depth in layers, N the
number of players.

>>> from gametree.spec import Node
>>> t = Node(0, [Node(1, [Node(2, [(5, 0, 0), (4, 0, 0)]), Node(2, [(1, 0, 0), (9, 0, 0)])]),
...              Node(1, [Node(2, [(3, 0, 0), (6, 0, 0)]), Node(2, [(7, 0, 0), (8, 0, 0)])])])
>>> [path for path, _ in replies(t.children[0], 0)]
[(0, 0), (0, 1), (1, 0)]
>>> brs_plus(t, 0)
Solution(value=3, principal_variation=(1, 0, 0))
"""

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol, TypeVar

from gametree.spec.errors import Path, TreeError
from gametree.spec.fold import Solution, fold
from gametree.spec.game import Game, _leaf_value, _mover
from gametree.spec.maxn import paranoid, require_vector_tree
from gametree.spec.tree import Leaf, Node, Tree
from gametree.spec.values import Scalar

__all__ = [
    "OutOfTurnGame",
    "best_replies",
    "best_reply_player",
    "brs",
    "brs_children",
    "brs_plus",
    "brs_plus_transform",
    "brs_tree",
    "replies",
    "reply_path",
    "transform_line",
]

S = TypeVar("S")
M = TypeVar("M")
X = TypeVar("X")


class OutOfTurnGame(Game[S, M], Protocol[S, M]):
    """A game in which any player may be given the move: what BRS needs.

    Schadd and Winands 2011, section III. ``ChineseCheckers`` and ``Othello`` are such games.
    """

    def with_mover(self, state: S, player: int) -> S:
        """The same position with ``player`` to move."""
        ...


def best_reply_player(players: int, player: object, definition: str) -> int:
    """The declared root player, checked: a clear error if absent, out of range, or N = 2."""
    if players < 3:
        raise TreeError(
            f"{definition} is for three or more players (got {players}); with two, the one "
            f"opponent's best reply is minimax: use minimax or paranoid",
            (),
        )
    if player is None:
        raise TreeError(f"{definition} needs the root player it searches for: 'player'", ())
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise TreeError(f"'player' must be in 0..{players - 1} (got {player!r})", ())
    return player


def _layer(
    item: X, expand: Callable[[X], Sequence[X] | None], mover: Callable[[X], int], r: int
) -> Iterator[tuple[Path, X]]:
    """The replies from ``item``, where an opponent moves: (path, end), left to right.

    A reply follows the plies until r is to move or the game ends; at most one of its plies
    takes a child other than the first. An explicit stack, so a long layer has no recursion.
    """
    stack: list[tuple[Path, X, bool]] = [((), item, False)]
    while stack:
        path, x, left_first = stack.pop()
        kids = expand(x)
        if kids is None or mover(x) == r:
            yield path, x
            continue
        taken = range(1) if left_first else range(len(kids))
        stack.extend(((*path, i), kids[i], left_first or i > 0) for i in reversed(taken))


def _tree_children(n: Tree) -> Sequence[Tree] | None:
    return n.children if isinstance(n, Node) else None


def _tree_mover(n: Tree) -> int:
    assert isinstance(n, Node)
    return n.to_move


def replies(n: Tree, r: int) -> list[tuple[Path, Tree]]:
    """BRS+'s replies at node ``n`` of a tree, where an opponent of r moves.

    Each reply's path below ``n`` and the node it ends at (where r moves, or a leaf), in the
    tree's order.
    """
    return list(_layer(n, _tree_children, _tree_mover, r))


def brs_plus_transform(t: Tree, r: int) -> Tree:
    """The two-player tree BRS+ searches for r (Esser et al. 2013, section 3).

    r's nodes as they are; at each opponents' layer one node (its first mover's) whose
    children are the layer's replies.

    Leaves keep their values. O(size of the transform) time; it is never larger than ``t``.
    """

    def expand(n: Tree) -> Sequence[Tree] | None:
        if isinstance(n, Leaf):
            return None
        assert isinstance(n, Node)
        return n.children if n.to_move == r else [end for _, end in replies(n, r)]

    return fold(t, expand, lambda leaf: leaf, lambda n, _, kids: Node(_tree_mover(n), kids))


def reply_path(t: Tree, r: int, path: Path) -> Path:
    """The path in ``t`` of the node at ``path`` in ``brs_plus_transform(t, r)``."""
    out: list[int] = []
    n = t
    for i in path:
        assert isinstance(n, Node)
        if n.to_move == r:
            out.append(i)
            n = n.children[i]
        else:
            below, n = replies(n, r)[i]
            out.extend(below)
    return tuple(out)


def transform_line(t: Tree, r: int, line: Path) -> tuple[Path, str]:
    """``line``, a path in ``t``, as a path in ``brs_plus_transform(t, r)``, or why it is not one.

    The second item is ``""`` when the line is a sequence of r's moves and whole replies.
    O(length of the line × the replies of the layers it crosses).
    """
    out: list[int] = []
    n, k = t, 0
    while k < len(line) and isinstance(n, Node):
        if n.to_move == r:
            if not 0 <= line[k] < len(n.children):
                return (), f"move {k + 1} of the line, {line[k]}, is not a move there"
            out.append(line[k])
            n, k = n.children[line[k]], k + 1
            continue
        found = [(j, p, end) for j, (p, end) in enumerate(replies(n, r))
                 if line[k : k + len(p)] == p]  # fmt: skip
        if not found:
            return (), (f"moves {k + 1}.. of the line, {list(line[k:])}, begin with none of the "
                        f"layer's replies (one ply at most leaves the first move)")  # fmt: skip
        j, p, n = found[0]
        out.append(j)
        k += len(p)
    if k < len(line):
        return (), f"the line goes on past a leaf (move {k + 1}, {line[k]})"
    return tuple(out), ""


def best_replies(t: Tree, r: int, value: object) -> tuple[int, ...]:
    """The root's moves in ``t`` that begin a reply or move of BRS+ worth ``value`` to r."""
    u = brs_plus_transform(t, r)
    assert isinstance(u, Node)
    moves = [reply_path(t, r, (j,))[0] for j, c in enumerate(u.children)
             if paranoid(c, r).value == value]  # fmt: skip
    return tuple(dict.fromkeys(moves))


def brs_plus(t: Tree, player: int | None = None) -> Solution[Scalar]:
    """The BRS+ value of an N-player tree for the root player ``player``.

    Esser et al. 2013, section 3: the paranoid value of :func:`brs_plus_transform`, with its
    principal variation as a path in ``t``. Ties go to the leftmost reply, as paranoid's do.

    ``player`` must be declared (the root player is the searcher, not the tree's root
    mover necessarily); the tree must have N ≥ 3 players and vector values.
    """
    require_vector_tree(t, "brs-plus")
    r = best_reply_player(t.players, player, "brs-plus")
    s = paranoid(brs_plus_transform(t, r), r)
    return Solution(s.value, reply_path(t, r, s.principal_variation))


def brs(t: Tree, player: int | None = None) -> Solution[Scalar]:
    """BRS on a tree is not defined (see the module docstring): a clear error, always.

    The bad inputs get their own message first (a two-player or scalar tree, no player),
    so that every refusal names what is wrong.
    """
    require_vector_tree(t, "brs")
    best_reply_player(t.players, player, "brs")
    raise TreeError(
        "brs is not defined on a plain tree: it lets one opponent move out of turn, a move "
        "the tree does not hold; search a game whose opponents may move out of turn "
        "(spec.brs_tree), or use brs-plus, which keeps the turn order",
        (),
    )


def brs_children(game: OutOfTurnGame[S, M], state: S, player: int, *,
                 plus: bool = False) -> list[S]:  # fmt: skip
    """The states below ``state`` in the tree BRS (with ``plus``, BRS+) searches for ``player``.

    Schadd and Winands 2011, section III; Esser et al. 2013, section 3. Where r moves, r's
    moves. At an opponents' layer, for each opponent o in turn order from the one to move,
    each of o's moves from the same position with o given the move, after which r moves; with
    ``plus``, the layer's replies are :func:`replies` of the game's own plies (every opponent
    in turn, one leaving its first move). A state that is not terminal with no children is an
    error of the game. O(N·b) states for b moves a player (BRS+: one per reply).
    """
    mover = _mover(game)
    r = player
    if mover(state) == r:
        below = [game.successor(state, m) for m in game.moves(state)]
    elif plus:

        def successors(s: S) -> Sequence[S] | None:
            return None if game.is_terminal(s) else [game.successor(s, m) for m in game.moves(s)]

        below = [end for _, end in _layer(state, successors, mover, r)]
    else:
        p = mover(state)
        order = [(p + k) % game.players for k in range(game.players)]
        given = [game.with_mover(state, o) for o in order if o != r]
        below = [game.with_mover(game.successor(g, m), r) for g in given for m in game.moves(g)]
    if not below:
        raise TreeError("a state that is not terminal has no legal moves")
    return below


def brs_tree(
    game: OutOfTurnGame[S, M],
    state: S,
    depth: int,
    player: int,
    *,
    evaluate: Callable[[S], object] | None = None,
    plus: bool = False,
) -> Tree:
    """The tree BRS searches for ``player`` in ``game`` from ``state``, ``depth`` layers deep.

    Schadd and Winands 2011, section III; with ``plus``, BRS+'s (Esser et al. 2013, 3).

    Each layer's states are :func:`brs_children`'s. A leaf is a terminal state's utility or,
    at depth 0, the static evaluation; its value is paranoid's.
    """
    r = best_reply_player(game.players, player, "brs+" if plus else "brs")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise TreeError(f"'depth' must be a non-negative int (got {depth!r})", ())
    leaf_value = _leaf_value(game, evaluate)
    mover = _mover(game)

    def expand(item: tuple[S, int]) -> list[tuple[S, int]] | None:
        s, d = item
        if d == 0 or game.is_terminal(s):
            return None
        return [(x, d - 1) for x in brs_children(game, s, r, plus=plus)]

    def node(item: tuple[S, int], _: object, kids: list[Tree]) -> Tree:
        return Node(mover(item[0]), kids)

    return fold((state, depth), expand, lambda item: Leaf(leaf_value(item[0])), node)
