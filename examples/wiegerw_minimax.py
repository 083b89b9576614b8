r"""Wesselink et al.'s Python implementations (github.com/wiegerw/minimax) as conformance targets.

    git clone https://github.com/wiegerw/minimax /tmp/wiegerw    # their code, not copied here
    pip install graphviz          # their game_trees module imports it at load
    export WIEGERW_MINIMAX=/tmp/wiegerw/python
    gametree conform --target examples.wiegerw_minimax:negamax_ttw \
        --semantics game-negamax-witness --alternating --infinity 1000 --skip-flag Fraction

Their code is imported from the folder ``WIEGERW_MINIMAX`` names; nothing of it is copied
into gametree, and CI (no network) never runs this file. A game graph becomes their ``Node``
DAG: one ``Node`` per state, ``id`` the state's index (their tables key on it, so a
transposition is the same entry), ``color`` White where player 0 moves, ``eval`` the utility
of a terminal state and the static evaluation of any other (theirs is White's view, as
gametree's). A tree becomes a ``Node`` tree the same way. Open window sides are their
``MinimaxSettings.INFINITY`` (1000), so ``--infinity 1000``: only scores strictly inside are
asked (999 too, which ``--skip-flag Sentinel``, used before ``--infinity`` existed, spared
them); their ``negamax`` negates at every ply, so ``--alternating``. Numbers are read and
written with ``gametree.adapters``.

Targets (each the function of theirs it names): ``negamax_ttw``, ``negamax_ttm``,
``negamax_ttw_marsland_lookup``, ``negamax_ttw_fishburn_propagation``,
``negamax_ttw_current_alpha`` for ``game-negamax-witness``; ``negamax_depth`` for
``game-negamax``; ``negamax_ab_fishburn_1983`` for ``negamax-alphabeta-fail-soft`` and
``negamax_ab_knuth_1975`` for ``negamax-alphabeta-fail-hard``.

What the gate said, run by hand on their snapshot of 2026 (graphviz stubbed), default budget,
``--skip-flag Sentinel`` (``Deep`` too for the trees, ``Quiescence`` for ``game-negamax``); with
``--infinity 1000`` instead, ``negamax_ttw`` and the two alpha-betas below pass as well:

- without ``--alternating`` every table search fails about 90 of the 212 witness vectors,
  those flagged ``MovesTwice``: their negamax negates at every ply, the ``turn_based()``
  precondition of their Dafny methods, which the gate's flags make visible;
- with ``--alternating``: ``negamax_ttw`` and ``negamax_ttw_marsland_lookup`` pass (66
  vectors, 137 generated); ``negamax_ttm`` fails the paper's counterexample (2 where the
  witnesses are worth 1 and 4), as the paper says; ``negamax_ttw_fishburn_propagation``
  fails the same two vectors with 2 (its Python narrows alpha and beta with a stored bound,
  as Marsland's does); ``negamax_ttw_current_alpha`` fails four, among them a same-depth
  transposition at depth 3 with the full window (3 where the value is 8: it flags its result
  against the raised alpha);
- ``negamax_depth`` passes ``game-negamax``; ``negamax_ab_fishburn_1983`` passes
  ``negamax-alphabeta-fail-soft`` and ``negamax_ab_knuth_1975`` ``negamax-alphabeta-fail-hard``.
"""

import importlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gametree.adapters import json_value, parse_number
from gametree.conform import read_game_json
from gametree.spec import Leaf
from gametree.treefile import read_tree_json


def _theirs(module: str) -> Any:
    folder = os.environ.get("WIEGERW_MINIMAX")
    if not folder or not Path(folder).is_dir():
        raise RuntimeError(
            "set WIEGERW_MINIMAX to the python/ folder of a checkout of wiegerw/minimax "
            f"(got {folder!r})"
        )
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(module)


def _game_root(request: dict[str, Any]) -> Any:
    gt = _theirs("game_trees")
    g = read_game_json(request["game"])
    nodes: list[Any] = []
    for s, x in enumerate(g.states):
        value = x.utility if x.utility is not None else x.evaluation
        color = gt.Color.White if x.to_move == 0 else gt.Color.Black
        nodes.append(gt.Node(color=color, eval=value, children=[], id=s))
    for s, x in enumerate(g.states):
        nodes[s].children = [nodes[t] for _, t in x.moves]
    return nodes[0]


def _tree_root(request: dict[str, Any]) -> Any:
    gt = _theirs("game_trees")
    count = 0
    root = read_tree_json(request["tree"]).tree
    stack: list[tuple[Any, Any]] = [(root, None)]
    out = None
    while stack:
        t, parent = stack.pop()
        count += 1
        if isinstance(t, Leaf):  # theirs moves at a leaf too: the other player, by alternation
            white = parent is None or parent.color != gt.Color.White
            color = gt.Color.White if white else gt.Color.Black
            node = gt.Node(color=color, eval=t.value, children=[], id=count)
        else:
            color = gt.Color.White if t.to_move == 0 else gt.Color.Black
            node = gt.Node(color=color, eval=0, children=[], id=count)
            stack.extend((c, node) for c in reversed(t.children))
        if parent is None:
            out = node
        else:
            parent.children.append(node)
    return out


def _window(request: dict[str, Any]) -> tuple[Any, Any]:
    inf = _theirs("utilities").MinimaxSettings.INFINITY
    a, b = request.get("alpha"), request.get("beta")
    return (-inf if a is None else parse_number(a)), (inf if b is None else parse_number(b))


def _table_search(name: str) -> Callable[[dict[str, Any]], dict[str, object]]:
    def target(request: dict[str, Any]) -> dict[str, object]:
        search = getattr(_theirs("negamax"), name)
        table = _theirs("definitions").TranspositionTable()
        a, b = _window(request)
        return {"value": json_value(search(_game_root(request), a, b, request["depth"], table))}

    target.__name__ = name
    return target


negamax_ttw = _table_search("negamax_ttw")
negamax_ttm = _table_search("negamax_ttm")
negamax_ttw_marsland_lookup = _table_search("negamax_ttw_marsland_lookup")
negamax_ttw_fishburn_propagation = _table_search("negamax_ttw_fishburn_propagation")
negamax_ttw_current_alpha = _table_search("negamax_ttw_current_alpha")


def negamax_depth(request: dict[str, Any]) -> dict[str, object]:
    """Their depth-limited negamax without a table, for ``game-negamax``."""
    root = _game_root(request)
    return {"value": json_value(_theirs("negamax").negamax_depth(root, request["depth"]))}


def _windowed(name: str) -> Callable[[dict[str, Any]], dict[str, object]]:
    def target(request: dict[str, Any]) -> dict[str, object]:
        a, b = _window(request)
        value = getattr(_theirs("negamax"), name)(_tree_root(request), a, b)
        return {"value": json_value(value), "trace": []}

    target.__name__ = name
    return target


negamax_ab_fishburn_1983 = _windowed("negamax_ab_fishburn_1983")
negamax_ab_knuth_1975 = _windowed("negamax_ab_knuth_1975")
