r"""OpenSpiel's alpha-beta (``open_spiel.python.algorithms.minimax``, OpenSpiel 2.0.2) as a target.

    pip install 'gametree[bench]'      # open-spiel==2.0.2, only for this example
    gametree conform --target examples.openspiel_alphabeta:minimax --semantics minimax \
        --best-move --skip-flag Deep --skip-flag Fraction --skip-flag TinyFraction \
        --skip-flag Float64 --skip-flag Int64 --skip-flag BigInteger
    gametree conform --target examples.openspiel_alphabeta:alphabeta \
        --semantics alphabeta-fail-soft --strict-order --best-move --skip-flag Deep \
        --skip-flag Fraction --skip-flag TinyFraction --skip-flag Float64 --skip-flag Int64 \
        --skip-flag BigInteger

The tree is a Python ``pyspiel.Game`` whose state is a node of the tree (shared, never
copied, when OpenSpiel clones a state) and whose current player is the node's ``to_move``, so
any order of players works. ``minimax`` calls the public ``alpha_beta_search`` with player 0
as the maximiser; ``alphabeta`` calls the module's ``_alpha_beta`` (private, the only way to
give it a window) with the request's window. The trace is the sequence of terminal states
whose returns the search asked for. Nothing is corrected: the adapter reports what the
library computes.

What it skips, and why. OpenSpiel's returns are doubles (``State.returns`` crosses into C++
as a ``std::vector<double>``), so the adapter reads every number, leaf and window alike, with
``float``, and skips what a double cannot hold:

- ``Fraction``: 1/3 has no double (and ``TinyFraction``, a denominator of 10^9 or more, named
  as well though every such case is also a ``Fraction``);
- ``Float64``: an integer beyond 2^53, where doubles are 2 apart: 2^53 + 1 is read as 2^53;
- ``Int64`` and ``BigInteger``: beyond 2^63 and 2^127, named as well though every such case
  is also a ``Float64`` (past about 1.8 * 10^308 ``float`` raises ``OverflowError``);
- ``Deep``: the search recurses, one Python call per level, and the vectors' chain 1,200
  deep is past Python's recursion limit: a ``RecursionError``.

The rest of the scope it takes: ``Sentinel``, ``Int16`` and ``Int32`` (a double holds every
integer up to 2^53, and the search starts from -inf and +inf, no finite sentinel), ``Wide``
(257 children are 257 actions), ``Tall``, ``NotByDepth`` (the current player is the node's
``to_move``) and ``RepeatedSubtree`` (no transposition table).
"""

import math
from typing import Any

try:
    import pyspiel
    from open_spiel.python.algorithms import minimax as openspiel_minimax
except ImportError as missing:
    raise ImportError(
        f"{missing}: OpenSpiel is not installed (pip install open-spiel==2.0.2, or from the "
        "checkout pip install -e '.[bench]')"
    ) from missing

from gametree.adapters import parse_number


def _number(x: Any) -> float:
    return float(parse_number(x))


class _Shared:
    """A reference that ``copy.deepcopy`` leaves shared (OpenSpiel deep-copies a state)."""

    __slots__ = ("node", "path")

    def __init__(self, node: dict[str, Any], path: list[int]) -> None:
        self.node, self.path = node, path

    def __deepcopy__(self, memo: dict[int, object]) -> "_Shared":
        return self


def _game(root: dict[str, Any], trace: list[list[int]]) -> Any:
    """The tree as a two-player, zero-sum, perfect-information ``pyspiel.Game``."""
    width, height, values, stack = 1, 0, [0.0], [(root, 0)]
    while stack:
        node, d = stack.pop()
        height = max(height, d)
        if "value" in node:
            values.append(_number(node["value"]))
        else:
            width = max(width, len(node["children"]))
            stack.extend((c, d + 1) for c in node["children"])
    game_type = pyspiel.GameType(
        short_name="gametree_tree",
        long_name="gametree tree",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    bound = max(abs(v) for v in values)
    info = pyspiel.GameInfo(
        num_distinct_actions=width,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0,
        max_game_length=max(height, 1),
    )

    class State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.at = _Shared(root, [])

        def current_player(self) -> int:
            node = self.at.node
            return pyspiel.PlayerId.TERMINAL if "value" in node else int(node["to_move"])

        def _legal_actions(self, player: int) -> list[int]:  # noqa: ARG002 - pyspiel's
            return list(range(len(self.at.node["children"])))

        def _apply_action(self, action: int) -> None:
            self.at = _Shared(self.at.node["children"][action], [*self.at.path, action])

        def is_terminal(self) -> bool:
            return "value" in self.at.node

        def returns(self) -> list[float]:
            trace.append(self.at.path)
            v = _number(self.at.node["value"])
            return [v, -v]

        def __str__(self) -> str:
            return f"node {self.at.path}"

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__(game_type, info, {})

        def new_initial_state(self) -> Any:
            return State(self)

    return Game()


def minimax(request: dict[str, Any]) -> dict[str, Any]:
    """``alpha_beta_search`` with player 0 maximising: semantics ``minimax``."""
    trace: list[list[int]] = []
    game = _game(request["tree"]["tree"], trace)
    value, action = openspiel_minimax.alpha_beta_search(
        game, maximum_depth=10_000, maximizing_player_id=0
    )
    return {"value": value, "best_move": action, "trace": trace}


def alphabeta(request: dict[str, Any]) -> dict[str, Any]:
    """``_alpha_beta`` over the request's window: semantics ``alphabeta-fail-soft``."""
    trace: list[list[int]] = []
    game = _game(request["tree"]["tree"], trace)
    a, b = request.get("alpha"), request.get("beta")
    alpha = -math.inf if a is None else _number(a)
    beta = math.inf if b is None else _number(b)
    value, action = openspiel_minimax._alpha_beta(  # the only way to a window
        game.new_initial_state(), 10_000, alpha, beta, None, 0
    )
    return {"value": value, "best_move": action, "trace": trace}
