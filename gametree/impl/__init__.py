"""gametree's impl: the pruning algorithms people run, fast, with exact leaf and node counts.

Every search returns a :class:`SearchResult` (value, principal variation, nodes visited,
leaves evaluated, and on request the trace of evaluated leaves), and each is checked against
``spec``: the two-player family against ``spec.minimax``/``spec.negamax``, the multi-player
searches against ``spec.maxn``/``spec.paranoid``. Each docstring says what it promises about
ties and moves, and cites its source.

Alpha-beta's recursive core runs compiled by mypyc where a build of it is installed (wheels
built with a C compiler carry one; see ``impl._compiled``): :data:`KERNEL_COMPILED` says
whether it does, :data:`KERNEL_DESCRIPTION` which file runs, and so does ``gametree
--version``. So does the optimal directional search's walk and decision
(:data:`OPTIMAL_KERNEL_COMPILED`, :data:`OPTIMAL_KERNEL_DESCRIPTION`). Compiled and pure
Python, each kernel gives the same results and counts.

>>> from gametree.spec import Node
>>> from gametree.impl import alphabeta, shallow
>>> alphabeta(Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).leaves_evaluated
7
>>> from gametree.spec import Bounds
>>> shallow(Node.by_depth([(5, 2, 2), [[(2, 2, 5), (3, 0, 6)], (6, 1, 2)]]), Bounds(0, 9)).value
(6, 1, 2)
"""

from typing import TYPE_CHECKING

from gametree.spec._lazy import export_lazily

if TYPE_CHECKING:  # the exports, each imported when first read (gametree.spec._lazy)
    from gametree.impl._compiled import COMPILED as KERNEL_COMPILED
    from gametree.impl._compiled import DESCRIPTION as KERNEL_DESCRIPTION
    from gametree.impl._compiled import OPTIMAL_COMPILED as OPTIMAL_KERNEL_COMPILED
    from gametree.impl._compiled import OPTIMAL_DESCRIPTION as OPTIMAL_KERNEL_DESCRIPTION
    from gametree.impl.alphabeta import alphabeta, minimax, negamax, negamax_alphabeta
    from gametree.impl.best_case import best_case_leaves, best_ordered_tree
    from gametree.impl.best_reply import brs, brs_game, brs_plus
    from gametree.impl.deep import deep_pruning_unsound
    from gametree.impl.engine import DeepeningResult, Engine
    from gametree.impl.evaluations import (
        alphabeta_one_function,
        is_order_equivalent,
        opponent_models,
        opponent_models_alphabeta,
        separate_evaluations,
    )
    from gametree.impl.expectimax import expectimax, game_expectimax
    from gametree.impl.immediate import immediate
    from gametree.impl.last_branch import last_branch
    from gametree.impl.maxn import maxn
    from gametree.impl.mtdf import mt, mtdf
    from gametree.impl.optimal import optimal
    from gametree.impl.ordered import best_ordered, knuth_moore_leaves, worst_ordered
    from gametree.impl.paranoid import paranoid
    from gametree.impl.pvs import pvs
    from gametree.impl.result import SearchResult
    from gametree.impl.shallow import shallow
    from gametree.impl.speculative import speculative
    from gametree.impl.star import star1, star2
    from gametree.impl.table import UnhashableStateError
    from gametree.impl.window import BOTTOM, TOP

__all__ = [
    "BOTTOM",
    "KERNEL_COMPILED",
    "KERNEL_DESCRIPTION",
    "OPTIMAL_KERNEL_COMPILED",
    "OPTIMAL_KERNEL_DESCRIPTION",
    "TOP",
    "DeepeningResult",
    "Engine",
    "SearchResult",
    "UnhashableStateError",
    "alphabeta",
    "alphabeta_one_function",
    "best_case_leaves",
    "best_ordered",
    "best_ordered_tree",
    "brs",
    "brs_game",
    "brs_plus",
    "deep_pruning_unsound",
    "expectimax",
    "game_expectimax",
    "immediate",
    "is_order_equivalent",
    "knuth_moore_leaves",
    "last_branch",
    "maxn",
    "minimax",
    "mt",
    "mtdf",
    "negamax",
    "negamax_alphabeta",
    "opponent_models",
    "opponent_models_alphabeta",
    "optimal",
    "paranoid",
    "pvs",
    "separate_evaluations",
    "shallow",
    "speculative",
    "star1",
    "star2",
    "worst_ordered",
]

export_lazily(__name__)
