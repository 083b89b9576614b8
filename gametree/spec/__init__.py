"""gametree's spec: what the searches compute, defined naively, exhaustively and exactly.

Nothing here prunes. Every definition is a short function that reads like its source (Korf,
"Generalized Game Trees", IJCAI-89, and the seed notes), folds the whole tree over an explicit
stack, and breaks ties for the leftmost best child. ``impl`` is checked against it.

>>> from gametree.spec import Node, minimax, maxn
>>> minimax(Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).value
3
>>> maxn(Node.by_depth([[(5, 2, 2)], [(2, 2, 5), (6, 1, 2)]])).principal_variation
(0, 0)
"""

from typing import TYPE_CHECKING

from gametree.spec._lazy import export_lazily

if TYPE_CHECKING:  # the exports, each imported when first read (gametree.spec._lazy)
    from gametree.spec.best_reply import OutOfTurnGame, brs, brs_plus, brs_tree
    from gametree.spec.bounds import Bounds, Domain, Interval, check_bounds, check_interval
    from gametree.spec.chance import expectimax, game_expectimax
    from gametree.spec.errors import Path, TreeError
    from gametree.spec.evaluations import opponent_models, separate_evaluations
    from gametree.spec.fold import Solution
    from gametree.spec.game import (
        ChanceGame,
        EvaluatedGame,
        Game,
        game_maxn,
        game_minimax,
        game_negamax,
        unfold,
    )
    from gametree.spec.maxn import as_pairs, maxn, paranoid
    from gametree.spec.minimax import minimax, negamax
    from gametree.spec.search import (
        WITNESS_LIMIT,
        Keep,
        NoisyGame,
        QuiescentGame,
        Tapered,
        Witnessed,
        cut_minimax,
        cut_negamax,
        cut_tree,
        move_values,
        optimal_moves,
        static_plausibility,
        tapered,
        witness,
    )
    from gametree.spec.tree import (
        CHANCE,
        Leaf,
        Node,
        Tree,
        check_well_formed,
        iter_leaves,
        leaf_values,
        require_deterministic,
        subtree,
    )
    from gametree.spec.values import (
        Scalar,
        Value,
        Vector,
        as_pair,
        exact_scalar,
        exact_value,
        worth,
    )

__all__ = [
    "CHANCE",
    "WITNESS_LIMIT",
    "Bounds",
    "ChanceGame",
    "Domain",
    "EvaluatedGame",
    "Game",
    "Interval",
    "Keep",
    "Leaf",
    "Node",
    "NoisyGame",
    "OutOfTurnGame",
    "Path",
    "QuiescentGame",
    "Scalar",
    "Solution",
    "Tapered",
    "Tree",
    "TreeError",
    "Value",
    "Vector",
    "Witnessed",
    "as_pair",
    "as_pairs",
    "brs",
    "brs_plus",
    "brs_tree",
    "check_bounds",
    "check_interval",
    "check_well_formed",
    "cut_minimax",
    "cut_negamax",
    "cut_tree",
    "exact_scalar",
    "exact_value",
    "expectimax",
    "game_expectimax",
    "game_maxn",
    "game_minimax",
    "game_negamax",
    "iter_leaves",
    "leaf_values",
    "maxn",
    "minimax",
    "move_values",
    "negamax",
    "opponent_models",
    "optimal_moves",
    "paranoid",
    "require_deterministic",
    "separate_evaluations",
    "static_plausibility",
    "subtree",
    "tapered",
    "unfold",
    "witness",
    "worth",
]

export_lazily(__name__)
