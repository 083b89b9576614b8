"""Trees with chance nodes: expectimax, the value Ballard's Star1 and Star2 compute by pruning.

Glossary: t is a tree, n a node, v a value, p_i the probability of child i of a chance node,
L and U the bounds on every leaf value (:class:`spec.bounds.Interval`), N the number of players.

Ballard (1983), section 1: "We define the value of a *-node as the weighted average of the
values of its successors, which may occur with differing probabilities." A player's node is
valued as without chance: for two players (scalar values from Max's, player 0's, point of
view) the largest child value where Max moves and the smallest where Min moves, which is
Ballard's *-minimax (expectiminimax); for N players (vectors) the whole vector of the child
best for the player to move, as maxn has it (Korf 3.1), and a chance node's vector is the
weighted sum of its children's, component by component. Without chance nodes expectimax is
minimax (two players) or maxn (N players).
"""

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeVar

from gametree.spec.fold import Line, Solution, fold, unwind
from gametree.spec.game import Game, unfold
from gametree.spec.maxn import maxn_choice
from gametree.spec.minimax import minimax_choice
from gametree.spec.tree import Leaf, Node, Tree
from gametree.spec.values import Scalar, Value, exact_scalar

__all__ = [
    "expected_value",
    "expectimax",
    "game_expectimax",
    "weighted_sums",
]

S = TypeVar("S")
M = TypeVar("M")


def expected_value(probabilities: Sequence[Fraction], values: Sequence[Value]) -> Value:
    """The sum of p_i v_i, exact: of scalars, or of vectors component by component.

    >>> expected_value([Fraction(1, 4), Fraction(3, 4)], [2, (4, 0)[0]])
    Fraction(7, 2)
    >>> expected_value([Fraction(1, 2), Fraction(1, 2)], [(1, 3), (3, 1)])
    (2, 2)
    """
    pairs = list(zip(probabilities, values, strict=True))
    first = values[0]
    if isinstance(first, tuple):
        return tuple(
            exact_scalar(sum((p * _component(v, k) for p, v in pairs), Fraction(0)))
            for k in range(len(first))
        )
    return exact_scalar(sum((p * _component(v, None) for p, v in pairs), Fraction(0)))


def _component(v: Value, k: int | None) -> Scalar:
    """Component ``k`` of a vector, or the scalar itself (``k`` None)."""
    if k is None:
        assert not isinstance(v, tuple)
        return v
    assert isinstance(v, tuple)
    return v[k]


def _children(t: Tree) -> tuple[Tree, ...] | None:
    return t.children if isinstance(t, Node) else None


def _choice(t: Tree, n: Tree, values: list[Value]) -> tuple[Value, int | None]:
    """Node ``n``'s value from its children's ``values``, and the child chosen (chance: none)."""
    assert isinstance(n, Node)
    if n.probabilities is not None:
        return expected_value(n.probabilities, values), None
    if t.vector:
        return maxn_choice(n.to_move, values)  # type: ignore[arg-type]
    return minimax_choice(n.to_move, values)  # type: ignore[arg-type]


def expectimax(t: Tree) -> Solution[Value]:
    """The expectimax value of a tree with chance nodes, and its principal variation.

    Ballard 1983, section 1: a chance node's value is "the weighted average of the values of
    its successors", sum p_i v_i, exact; a player's node takes its best child, as minimax
    (two players, Max's view: the Min-Max notes' V(X)) or maxn (N players, Korf 3.1) does,
    the leftmost of equals. The principal variation is the line of the players' choices from
    the root: it ends at a leaf, or at the first chance node on it, below which chance, not a
    player, picks (so at a chance root it is empty, and there is no best move). O(n) time for
    n nodes, O(height) stack.

    >>> from gametree.spec import Node
    >>> t = Node(0, [Node.chance([4, Node(1, [6, 1])], ["1/2", "1/2"]), 2])
    >>> expectimax(t)
    Solution(value=Fraction(5, 2), principal_variation=(0,))
    """

    def leaf(x: Tree) -> tuple[Value, Line]:
        assert isinstance(x, Leaf)
        return x.value, None

    def node(n: Tree, _kids: Sequence[Tree], results: list[tuple[Value, Line]]) -> tuple[
        Value, Line
    ]:  # fmt: skip
        v, i = _choice(t, n, [v for v, _ in results])
        return v, None if i is None else (i, results[i][1])

    v, line = fold(t, _children, leaf, node)
    return Solution(v, unwind(line))


def game_expectimax(
    game: Game[S, M],
    state: S,
    depth: int | None = None,
    *,
    evaluate: Callable[[S], object] | None = None,
) -> Solution[Value]:
    """The depth-limited expectimax value of a game with chance states (dice), and its line.

    :func:`expectimax` of the tree ``spec.game.unfold`` cuts at ``depth`` (an outcome is a
    ply): a chance state's value is sum p_i v_i over its outcomes (Ballard 1983, section 1), a
    player's state takes its best move. Two players (Max's view) or N (vectors). The line
    indexes into ``game.moves``, and ends at the first chance state on it. O(n) for the n
    nodes of the cut tree, which is exponential in the depth (``impl.game_expectimax``'s table
    makes it linear in the game's states).
    """
    return expectimax(unfold(game, state, depth, evaluate=evaluate))


def weighted_sums(t: Tree) -> list[Scalar]:
    """The numbers expectimax computes at ``t``'s chance nodes, in the order it computes them.

    At each chance node, for each child i left to right: p_i, then for each component of its
    value v_i (one, for a scalar) p_i·v_i and the sum so far. A machine type that holds all
    of them and the leaves computes every node's value exactly.

    >>> [str(x) for x in weighted_sums(Node(0, [Node.chance([3, 1], ["1/4", "3/4"]), 2]))]
    ['1/4', '3/4', '3/4', '3/4', '3/4', '3/2']
    """
    out: list[Scalar] = []

    def leaf(x: Tree) -> Value:
        assert isinstance(x, Leaf)
        return x.value

    def node(n: Tree, _kids: Sequence[Tree], values: list[Value]) -> Value:
        assert isinstance(n, Node)
        if n.probabilities is not None:
            width = len(values[0]) if isinstance(values[0], tuple) else None
            totals = [Fraction(0)] * (width or 1)
            for p, v in zip(n.probabilities, values, strict=True):
                out.append(p)
                for k in range(width or 1):
                    share = p * _component(v, None if width is None else k)
                    totals[k] += share
                    out.extend((exact_scalar(share), exact_scalar(totals[k])))
        return _choice(t, n, values)[0]

    fold(t, _children, leaf, node)
    return out
