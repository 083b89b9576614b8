"""Different evaluation functions (Korf 2.1, 2.2 and 4): the players judge positions differently.

Here a leaf is a *position*, and what is backed up the tree is a position, not a number: each
player to move picks, among the positions its children back up, the one it judges best.

Glossary: t is a tree, v a leaf value (a position), p the player to move, k a node's depth.
"""

from collections.abc import Callable, Sequence

from gametree.spec.errors import TreeError
from gametree.spec.fold import Solution, solve
from gametree.spec.maxn import require_vector_tree, vector
from gametree.spec.tree import (
    Leaf,
    Node,
    Tree,
    leaf_values,  # noqa: F401 - the CrossHair contracts use it
    require_deterministic,
)
from gametree.spec.values import Scalar, Value, Vector, exact_value, worth

__all__ = ["opponent_models", "separate_evaluations"]


def _leftmost_best(worths: Sequence[Scalar]) -> int:
    return worths.index(max(worths))


def separate_evaluations(t: Tree) -> Solution[Vector]:
    """Separate evaluation functions with shared knowledge, two players (Korf 2.1).

    "Each node now has two evaluations, one for Max and one for Min ... The player to move at
    a given node uses his evaluation of the children, and backs up the complete ordered pair
    for which his component is a maximum or minimum, respectively." A leaf holds the pair
    (Max's evaluation, Min's evaluation), both on Max's scale: Max (player 0) backs up the
    leftmost pair with the largest first component, Min (player 1) the leftmost pair with the
    smallest second. With identical components this is minimax.

    >>> separate_evaluations(Node.by_depth([[(12, 8), (9, 9)]]))
    Solution(value=(12, 8), principal_variation=(0, 0))

    post: __return__.value in leaf_values(t)
    """
    require_vector_tree(t, "separate_evaluations")
    if t.players != 2:
        raise TreeError(
            f"separate_evaluations needs pairs (Max's value, Min's value) (got {t.players}-"
            f"vectors); with more players each already judges by its own component: use maxn",
            (),
        )

    def choose(n: Tree, _: Sequence[Tree], pairs: list[Vector]) -> tuple[Vector, int]:
        assert isinstance(n, Node)
        p = n.to_move
        i = _leftmost_best([pair[0] if p == 0 else -pair[1] for pair in pairs])
        return pairs[i], i

    return solve(t, _children, vector, choose)


def opponent_models(t: Tree, models: Sequence[Callable[[Value], object]]) -> Solution[Value]:
    """Nested opponent models: one evaluation function per level of the tree (Korf 2.2, 4).

    ``models[k]`` is the function applied by the player to move at depth k, as the root player
    imagines it: ``models[0]`` is the root player's own evaluation, ``models[1]`` the root
    player's model of the next player's, ``models[2]`` the root player's model of that
    player's model of the third's, and so on. "The evaluation function that is applied to each
    of the frontier nodes is Max's model of Min's model of Max's evaluation, and the nodes with
    the maximum values are backed up." Each player to move backs up, from the positions its
    children back up, the leftmost one it values most by its level's function: a scalar result
    is on Max's scale (Min minimises it), a vector result has a component per player (Korf 4).
    The value of the root is the position backed up to it.

    >>> double = lambda v: 2 * v
    >>> opponent_models(Node.by_depth([[3, 12], [2, 4]]), [double, lambda v: -v])
    Solution(value=12, principal_variation=(0, 1))

    raises: TreeError
    post: __return__.value in leaf_values(t)
    """
    if len(models) < t.height:
        raise TreeError(
            f"opponent_models needs one model per level: the tree has height {t.height} "
            f"(got {len(models)} models)",
            (),
        )
    require_deterministic(t, "opponent_models")

    def expand(item: tuple[Tree, int]) -> list[tuple[Tree, int]] | None:
        x, k = item
        return [(c, k + 1) for c in x.children] if isinstance(x, Node) else None

    def position(item: tuple[Tree, int]) -> Value:
        x, _ = item
        assert isinstance(x, Leaf)
        return x.value

    def choose(
        item: tuple[Tree, int], _: Sequence[tuple[Tree, int]], positions: list[Value]
    ) -> tuple[Value, int]:
        x, k = item
        assert isinstance(x, Node)
        judged = [_judge(models[k], v, k, x.players) for v in positions]
        i = _leftmost_best([worth(w, x.to_move) for w in judged])
        return positions[i], i

    return solve((t, 0), expand, position, choose)


def _judge(model: Callable[[Value], object], v: Value, k: int, players: int) -> Value:
    try:
        w = exact_value(model(v))
    except TreeError as e:
        raise TreeError(f"the model for depth {k} gave a bad value: {e.problem}") from None
    if (len(w) if isinstance(w, tuple) else 2) != players:
        kind = "a scalar or a 2-vector" if players == 2 else f"a {players}-vector"
        raise TreeError(f"the model for depth {k} must give {kind} (got {w!r})")
    return w


def _children(t: Tree) -> tuple[Tree, ...] | None:
    return t.children if isinstance(t, Node) else None
