"""gametree's own engine as a target of the game mode.

``--target gametree.conform.positions.engine:answer``.

It answers every question of :mod:`.protocol` from the game's own rules and gametree's
searches, as an engine author's program would from theirs: ``perft`` and ``divide`` by
``gametree.games.analysis``; ``value`` for two players by ``impl.Engine`` (fail-soft negamax
alpha-beta with a transposition table, the hash move, killers and the history heuristic, on the
game itself), its result clipped to the window for the fail-hard semantics and turned to the
first player's view for the max/min ones; for N players by the registry's search of that name
on the tree ``spec.unfold`` cuts (with the game's Korf bounds), and ``brs`` by ``impl.brs_game``
on the game (its opponents given the move in turn); ``solve`` by ``impl.Engine``
to the end of the game. The gate's reference answers come from the spec instead
(:mod:`.semantics`), so this engine is checked by the game mode like any other.

>>> answer({"game": "kalah", "variant": {"pits": 3, "seeds": 2}, "ask": "perft", "depth": 2,
...         "position": "2 2 2 0 2 2 2 0 S"})
{'count': 8}
"""

from typing import Any

from gametree.algorithms import Options, lookup
from gametree.conform.positions.best_reply import GAME_ONLY, OutOfTurn
from gametree.games.analysis import divide, perft
from gametree.games.evaluations import Scored, evaluations
from gametree.games.notations import GAMES
from gametree.impl import BOTTOM, TOP, Engine
from gametree.impl.best_reply import brs_game
from gametree.impl.window import Bound, Extreme
from gametree.spec import Node, Scalar, unfold, worth
from gametree.treefile import json_value, parse_number

__all__ = ["answer", "answer_with"]


def answer(request: dict[str, Any]) -> dict[str, object]:
    """The reply to one request of the game mode's JSON protocol (without its ``id``)."""
    return answer_with(GAMES[request["game"]].game(request.get("variant", {})), request)


def answer_with(game: Any, request: dict[str, Any]) -> dict[str, object]:
    """The reply to ``request`` from ``game``'s rules (an engine with other rules: a bug)."""
    s = game.parse_position(request["position"])
    ask = request["ask"]
    if ask == "perft":
        return {"count": perft(game, s, request["depth"], ended=False)}
    if ask == "divide":
        return {"divide": {game.format_move(m): n for m, n in divide(game, s, request["depth"])}}
    g = Scored(game, evaluations(game)[request["evaluation"]])
    if ask == "solve":
        r = Engine(g, table=True, hash_move=True).search(s, None)
        return {"value": json_value(r.value), "best_move": _move(game, s, r.best_move)}
    depth = request["depth"]
    semantics = request.get("semantics", "negamax")
    if semantics in GAME_ONLY:
        found = brs_game(OutOfTurn(game, g.evaluation), s, depth, game.to_move(s))
        return {"value": json_value(found.value), "best_move": _move(game, s, found.best_move)}
    if game.players > 2:
        return _tree_search(g, s, depth, semantics, request.get("player"))
    lo = request.get("alpha")
    hi = request.get("beta")
    alpha = BOTTOM if lo is None else parse_number(lo)
    beta = TOP if hi is None else parse_number(hi)
    negamax = semantics.startswith("negamax") or semantics == "pvs"
    p = game.to_move(s)
    if not negamax and p == 1:  # the window is the first player's: to the mover's view
        alpha, beta = -beta, -alpha
    engine = Engine(g, table=True, hash_move=True, killers=2, history=True)
    r = engine.search(s, depth, alpha=alpha, beta=beta)
    v: Scalar = r.value
    if semantics.endswith("fail-hard"):
        v = _clip(v, alpha, beta)
    if not negamax:
        v = worth(v, p)
    return {"value": json_value(v), "best_move": _move(game, s, r.best_move),
            "principal_variation": _line(game, s, r.principal_variation)}  # fmt: skip


def _tree_search(
    g: Scored, s: Any, depth: int, semantics: str, player: object
) -> dict[str, object]:
    """An N-player search of the registry on the tree cut at ``depth``."""
    t = unfold(g, s, depth)
    options = Options(player=player if isinstance(player, int) else None)
    r = lookup(semantics).algorithm.run(t, g.bounds_below(s, depth), options)
    best = r.best_move if isinstance(t, Node) else None
    return {"value": json_value(r.value), "best_move": _move(g.game, s, best),
            "principal_variation": _line(g.game, s, r.principal_variation)}  # fmt: skip


def _clip(v: Scalar, alpha: Bound, beta: Bound) -> Scalar:
    """Fail-soft's result clipped to the window: fail-hard's (``alpha <= result <= beta``)."""
    if not isinstance(alpha, Extreme) and v < alpha:
        return alpha
    if not isinstance(beta, Extreme) and v > beta:
        return beta
    return v


def _move(game: Any, s: Any, i: int | None) -> str | None:
    return None if i is None else str(game.format_move(game.moves(s)[i]))


def _line(game: Any, s: Any, path: Any) -> list[str]:
    out = []
    for i in path:
        m = game.moves(s)[i]
        out.append(str(game.format_move(m)))
        s = game.successor(s, m)
    return out
