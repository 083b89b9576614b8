r"""aima-python's ``alpha_beta_search`` (AIMA's Figure 5.7) as a conformance target.

    pip install --no-deps aima3==1.0.11 && pip install numpy tqdm   # see below
    gametree conform --target examples.aima_alphabeta:alpha_beta_search \
        --semantics alphabeta-fail-soft --move-only --full-window --best-move --strict-order \
        --alternating --skip-flag Deep

``alpha_beta_search(state, game)`` returns a move and no value, and takes no window: it
searches from (-inf, +inf). So it is gated with ``--move-only`` (its move must be the leftmost
best: its root replaces the best move only when a child is strictly better) and
``--full-window`` (no vector or generated case with a window is asked), and with
``--strict-order`` its leaves are compared with fail-soft alpha-beta's (``max_value`` returns
``v``, not ``beta``, when it cuts off).

Where it comes from. aima-python (github.com/aimacode/aima-python) is not on PyPI under its
own name: PyPI's ``aima`` is another packaging, for Python < 3.11 only, and aima-python's own
``pyproject.toml`` (name ``aima``, ``aima.games.alpha_beta_search``) installs from its
repository with all the book's dependencies (TensorFlow, Keras, OpenCV, Jupyter). ``aima3``
1.0.11 on PyPI is Calysto's packaging of aima-python (2018): its ``aima3.games`` holds the same
Figure 5.7 code under the third edition's name ``alphabeta_search`` (``float('inf')`` where
aima-python now writes ``np.inf``). ``aima3`` requires Jupyter and networkx 1.11, which its
games module does not import: ``pip install --no-deps aima3==1.0.11`` and then ``numpy`` and
``tqdm`` (what ``aima3.games`` imports) is enough. This adapter runs aima-python's
``aima.games.alpha_beta_search`` when ``aima`` is installed, and ``aima3``'s otherwise.

The tree is an aima ``Game`` whose states are the tree's nodes (as JSON objects) and whose
actions are child indices; ``utility(state, player)`` is the leaf's value from the root
mover's point of view, read exactly (an ``int``, or a ``Fraction`` for "p/q": comparisons with
``inf`` are exact in Python), and records the leaf's path, which is the trace. aima's search
assumes the players alternate (``max_value`` calls ``min_value``), so only trees whose players
move in turn by depth from player 0 are asked (``--alternating``); it recurses, one Python
call per level, so the vectors' 1,200-deep chain would be a ``RecursionError`` (``--skip-flag
Deep``). Nothing is corrected: the adapter reports what the library computes.
"""

from typing import Any

from gametree.adapters import parse_number

try:
    from aima.games import Game
    from aima.games import alpha_beta_search as _search
except ImportError:
    try:
        from aima3.games import Game
        from aima3.games import alphabeta_search as _search
    except ImportError as missing:
        raise ImportError(
            f"{missing}: aima-python is not installed (pip install --no-deps aima3==1.0.11 && "
            "pip install numpy tqdm; examples/aima_alphabeta.py says why)"
        ) from missing


class ExplicitTree(Game):  # type: ignore[misc]
    """A gametree tree as an aima game: a state is a node and its path from the root."""

    def __init__(self, trace: list[list[int]]) -> None:
        self.trace = trace

    def actions(self, state: tuple[dict[str, Any], tuple[int, ...]]) -> list[int]:
        """The game's ``actions``, as aima calls it."""
        return list(range(len(state[0].get("children", ()))))

    def result(
        self, state: tuple[dict[str, Any], tuple[int, ...]], move: int
    ) -> tuple[dict[str, Any], tuple[int, ...]]:
        """The game's ``result``, as aima calls it."""
        return state[0]["children"][move], (*state[1], move)

    def terminal_test(self, state: tuple[dict[str, Any], tuple[int, ...]]) -> bool:
        """The game's ``terminal_test``, as aima calls it."""
        return "value" in state[0]

    def utility(self, state: tuple[dict[str, Any], tuple[int, ...]], player: int) -> Any:  # noqa: ARG002
        """The game's ``utility``, as aima calls it: the value for the root's mover (0)."""
        self.trace.append(list(state[1]))
        return parse_number(state[0]["value"])

    def to_move(self, state: tuple[dict[str, Any], tuple[int, ...]]) -> int:
        """The game's ``to_move``, as aima calls it."""
        return int(state[0].get("to_move", 0))


def alpha_beta_search(request: dict[str, Any]) -> dict[str, Any]:
    """Run aima's ``alpha_beta_search`` on the request's tree: its move and the leaves read."""
    trace: list[list[int]] = []
    move = _search((request["tree"]["tree"], ()), ExplicitTree(trace))
    return {"best_move": move, "trace": trace}
