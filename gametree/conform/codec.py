"""The gate's request codec: a case (one question) as the protocol's request, and back.

``docs/conformance.md`` states the protocol: one JSON request a line, one JSON reply a line.
What a request of a semantics carries (a window, bounds, a player, a game, ...) and which
trees it takes is its :class:`Signature`, made from its row of the registry
(:data:`gametree.algorithms.REGISTRY`); the answers a request admits are worked out by
:mod:`gametree.conform.semantics`, which imports this module and is not imported by it. The
worker process that hosts a user's callable loads :mod:`gametree.conform.protocol` only.

>>> from gametree.spec import Node
>>> case = Case("alphabeta-fail-hard", Node.by_depth([[3, 12], [2, 4]]), alpha=5)
>>> r = request(case, trace=False)
>>> r["semantics"], r["alpha"], r["beta"], r["tree"]["players"]
('alphabeta-fail-hard', 5, None, 2)
>>> case_from_request(case.semantics, r) == case
True
>>> case_from_request("alphabeta-fail-hard", {"tree": [3], "alpha": 2, "beta": 1})
Traceback (most recent call last):
    ...
gametree.treefile.TreeFileError: the window must be non-empty, alpha < beta (got 2, 1) at /beta
"""

import json
from typing import Literal, get_args

import attrs

from gametree import spec
from gametree.algorithms import REGISTRY, Algorithm
from gametree.conform.games import GameGraph, cut_tree, game_json, read_game_json
from gametree.conform.kept import per_tree
from gametree.spec import Bounds, Domain, Interval, Scalar, Tree, exact_scalar, iter_leaves
from gametree.treefile import (
    TreeFileError,
    document_json,
    dumps,
    json_value,
    parse_number,
    read_tree_json,
)

__all__ = [
    "DOMAINS",
    "SIGNATURES",
    "Case",
    "Signature",
    "case_from_request",
    "domain_problem",
    "game_case",
    "request",
    "request_line",
    "signature",
    "tree_text",
]

Kind = Literal["scalar", "vector", "any"]
"""The trees a semantics takes: two-player scalars, N-player vectors, or either (expectimax),
its answer then of the tree's kind."""


@attrs.frozen
class Signature:
    """What a request of a semantics carries, and the trees it takes."""

    name: str
    kind: Kind
    window: bool
    bounds: bool
    player: bool
    game: bool = False
    domain: bool = False
    """Whether the request says the leaves' ``domain`` (``optimal``)."""
    guess: bool = False
    """Whether the request says MTD(f)'s ``first_guess`` (``mtdf``)."""
    chance: bool = False
    """Whether its trees may hold chance nodes (expectimax, Star1, Star2)."""
    interval: bool = False
    """Whether it relies on the tree's bounds [L, U] on the leaf values (Star1, Star2)."""
    players: int = 2
    """The fewest players its trees have: 3 for best-reply search (``spec.best_reply``)."""


def signature(a: Algorithm) -> Signature:
    """The signature of the semantics of a search of the registry."""
    return Signature(
        a.name,
        _kind(a),
        window=a.window,
        bounds=a.needs_bounds,
        player="player" in a.options,
        game=a.kind == "game",
        domain="domain" in a.options,
        guess="first_guess" in a.options,
        chance=a.family == "chance",
        interval=a.needs_interval,
        players=3 if a.family == "best-reply" else 2,
    )


def _kind(a: Algorithm) -> Kind:
    if a.kind in {"scalar", "game"}:
        return "scalar"
    return "any" if a.kind == "any" and a.family == "chance" else "vector"


SIGNATURES: dict[str, Signature] = {a.name: signature(a) for a in REGISTRY if a.semantics}
"""Every semantics a request may name: the searches of the registry that name one."""


@attrs.frozen
class Case:
    """One question: a tree under a semantics, with its window, bounds or player if any.

    ``alpha`` and ``beta`` are ``None`` for an unbounded side; a whole ``Fraction`` given
    for an edge or a guess is kept as an ``int``, so that the request writes it as one.
    A ``game-`` case has a ``game``, its ``depth`` (``max_depth`` for deepening),
    ``quiescence`` and ``max_nodes``; its ``tree`` is the cut tree (build it with
    :func:`game_case`).
    """

    semantics: str
    tree: Tree
    bounds: Bounds | None = None
    alpha: Scalar | None = attrs.field(
        default=None, converter=attrs.converters.optional(exact_scalar)
    )
    beta: Scalar | None = attrs.field(
        default=None, converter=attrs.converters.optional(exact_scalar)
    )
    player: int | None = None
    game: GameGraph | None = None
    depth: int = 0
    quiescence: int = 0
    max_nodes: int | None = None
    domain: Domain = "reals"
    """The values the leaves are drawn from, for ``optimal``: necessity depends on it."""
    first_guess: Scalar = attrs.field(default=0, converter=exact_scalar)
    """Where MTD(f)'s tests start, for ``mtdf``: the leaves it reads depend on it."""
    interval: Interval | None = None
    """Bounds [L, U] on every leaf value, for ``star1`` and ``star2`` (Ballard's)."""

    @property
    def declared(self) -> Bounds | Interval | None:
        """The bounds the case's document declares: Korf's, or the leaf bounds [L, U]."""
        return self.bounds if self.bounds is not None else self.interval


def game_case(
    semantics: str,
    game: GameGraph,
    depth: int,
    *,
    quiescence: int = 0,
    max_nodes: int | None = None,
    max_tree: int | None = None,
    alpha: Scalar | None = None,
    beta: Scalar | None = None,
) -> Case:
    """A case of a ``game-`` semantics, with its cut tree (at most ``max_tree`` nodes)."""
    stand_pat = semantics == "game-negamax-stand-pat"
    t, _ = cut_tree(game, depth, quiescence=quiescence, stand_pat=stand_pat, max_nodes=max_tree)
    return Case(semantics, t, alpha=alpha, beta=beta, game=game, depth=depth,
                quiescence=quiescence, max_nodes=max_nodes)  # fmt: skip


def request(case: Case, *, trace: bool, tree: bool = True) -> dict[str, object]:
    """The request for ``case`` (without its ``id``), as the protocol sends it.

    With ``tree=False`` the ``"tree"`` is left out, for :func:`request_line`, which writes
    it without recursion (``json.dumps`` recurses, and stops near 1,000 levels).
    """
    s = SIGNATURES[case.semantics]
    out: dict[str, object] = {"semantics": case.semantics}
    if s.game:
        assert case.game is not None
        out["game"] = game_json(case.game)
        if case.semantics == "game-deepening":
            out["max_depth"] = case.depth
            out["max_nodes"] = case.max_nodes
        else:
            out["depth"] = case.depth
        if s.window:
            out["alpha"] = None if case.alpha is None else json_value(case.alpha)
            out["beta"] = None if case.beta is None else json_value(case.beta)
        out["quiescence"] = case.quiescence
        out["trace"] = False
        return out
    if tree:
        out["tree"] = document_json(case.tree, case.declared)
    if s.window:
        out["alpha"] = None if case.alpha is None else json_value(case.alpha)
        out["beta"] = None if case.beta is None else json_value(case.beta)
    if s.player:
        out["player"] = case.player
    if s.domain:
        out["domain"] = case.domain
    if s.guess:
        out["first_guess"] = json_value(case.first_guess)
    out["trace"] = trace
    return out


def request_line(case: Case, rid: int, *, trace: bool) -> str:
    """The request for ``case`` as one line of the protocol, with ``"id": rid``, any depth."""
    head = json.dumps({"id": rid, **request(case, trace=trace, tree=False)})
    if case.game is not None:
        return head + "\n"
    return f'{head[:-1]}, "tree": {tree_text(case.tree, case.declared)}}}\n'


def tree_text(t: Tree, bounds: Bounds | Interval | None = None) -> str:
    """``treefile.dumps(t, bounds)``, written once for a large tree however often it is asked.

    A case is sent to the target, keyed, reported and saved: at 10^5 nodes each writing costs
    a good part of a second (:func:`gametree.conform.kept.per_tree` keeps the text).
    """
    return per_tree(t, ("text", bounds), lambda: dumps(t, bounds))


MAX_CUT_NODES = 2**18
"""The largest cut tree a request's game may ask for: the default scope's scale cases have
10^5 nodes (:mod:`gametree.conform.scale`), the small vectors 11; building one past the limit
to find out costs a few seconds."""

MAX_BUDGET = 10**9
"""The largest node budget (``max_nodes``) a deepening request may give."""


def case_from_request(semantics: str, req: dict[str, object]) -> Case:
    """The case a request asks about (a vector's ``input``); ``TreeFileError`` if malformed."""
    if semantics not in SIGNATURES:
        raise TreeFileError(f"no semantics {semantics!r}", "/semantics")
    s = SIGNATURES[semantics]

    def count(key: str, low: int, high: int = 1000) -> int:
        x = req.get(key, low)
        if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
            raise TreeFileError(f"'{key}' must be an integer in {low}..{high} (got {x!r})",
                                f"/{key}")  # fmt: skip
        return x

    if s.game:
        try:
            g = read_game_json(req.get("game"))
        except TreeFileError as e:  # its pointer is the game's: make it the request's
            raise TreeFileError(e.problem, "/game" + e.pointer) from None
        deepening = semantics == "game-deepening"
        depth = count("max_depth" if deepening else "depth", 0)
        budget = count("max_nodes", 1, MAX_BUDGET) if deepening else None
        q = count("quiescence", 0)
        if g.chance_states and not s.chance:
            raise TreeFileError(f"{semantics} has no rule for chance states (the game has "
                                f"{g.chance_states}); game-expectimax searches them",
                                "/game")  # fmt: skip
        if s.chance and q:
            raise TreeFileError(f"{semantics} has no quiescence search: 'quiescence' must be 0 "
                                f"(got {q})", "/quiescence")  # fmt: skip
        alpha, beta = _window(req) if s.window else (None, None)
        if s.window and q:
            raise TreeFileError(f"{semantics} asks about search without quiescence (the witness "
                                f"criterion's case), so 'quiescence' must be 0 (got {q})",
                                "/quiescence")  # fmt: skip
        try:
            case = game_case(semantics, g, depth, quiescence=q, max_nodes=budget,
                             max_tree=MAX_CUT_NODES, alpha=alpha, beta=beta)  # fmt: skip
            if s.window:  # past its limit here, rather than once the target has answered
                spec.witness(g, 0, depth, alpha, beta)
        except (TreeFileError, spec.TreeError) as e:  # exponential in the depth: 2^1000 nodes
            raise TreeFileError(e.problem, "/max_depth" if deepening else "/depth") from None
        return case
    try:
        doc = read_tree_json(req.get("tree"))
    except TreeFileError as e:  # its pointer is the tree document's: make it the request's
        raise TreeFileError(e.problem, "/tree" + e.pointer) from None
    alpha, beta = _window(req)
    guess = parse_number(req.get("first_guess", 0), ["first_guess"]) if s.guess else 0
    player = req.get("player")
    domain = req.get("domain", "reals") if s.domain else "reals"
    if domain not in DOMAINS:
        raise TreeFileError(f"'domain' must be one of {', '.join(map(repr, DOMAINS))} "
                            f"(got {domain!r:.80})", "/domain")  # fmt: skip
    case = Case(
        semantics,
        doc.tree,
        doc.bounds,
        alpha,
        beta,
        player if isinstance(player, int) and not isinstance(player, bool) else None,
        domain=domain,
        first_guess=guess,
        interval=doc.interval,
    )
    _check_case(s, case)
    return case


DOMAINS: tuple[Domain, ...] = get_args(Domain)
"""The values a request's ``domain`` may name (``optimal``), the default first."""


def domain_problem(case: Case) -> tuple[str, str] | None:
    """Why ``case``'s leaves are not in its domain, and the request's pointer to the first one.

    ``None`` when they are (always over the reals). Without recursion, in the order of the
    leaves.

    >>> from fractions import Fraction
    >>> from gametree.spec import Node
    >>> t = Node.by_depth([(1, 2), (Fraction(1, 2), 1)])
    >>> domain_problem(Case("optimal", t, domain="integers"))
    ('the domain is the integers, but a leaf has the component 1/2', '/tree/tree/children/1/value')
    """
    if case.domain == "reals":
        return None
    for path, leaf in iter_leaves(case.tree):
        v = leaf.value
        for c in v if isinstance(v, tuple) else (v,):
            if int(c) != c:
                keys = "".join(f"/children/{i}" for i in path)
                return (f"the domain is the integers, but a leaf has the component {c}",
                        f"/tree/tree{keys}/value")  # fmt: skip
    return None


def _window(req: dict[str, object]) -> tuple[Scalar | None, Scalar | None]:
    """The request's ``alpha`` and ``beta`` (``None``: an open side)."""
    a, b = req.get("alpha"), req.get("beta")
    alpha = None if a is None else parse_number(a, ["alpha"])
    beta = None if b is None else parse_number(b, ["beta"])
    if alpha is not None and beta is not None and not alpha < beta:
        raise TreeFileError(f"the window must be non-empty, alpha < beta (got {alpha}, {beta})",
                            "/beta")  # fmt: skip
    return alpha, beta


def _check_case(s: Signature, case: Case) -> None:
    """A ``TreeFileError`` naming the member of a request the semantics cannot take."""
    t = case.tree
    if s.kind == "scalar" and t.vector:
        raise TreeFileError(f"{s.name} takes two-player trees with scalar values (got vectors)",
                            "/tree")  # fmt: skip
    if s.kind == "vector" and not s.player and not t.vector:
        raise TreeFileError(f"{s.name} takes N-player trees with vector values (got scalars)",
                            "/tree")  # fmt: skip
    if s.bounds and case.bounds is None:
        raise TreeFileError(f"{s.name} needs Korf's bounds: the tree has no 'bounds'", "/tree")
    if s.interval and case.interval is None:
        raise TreeFileError(f"{s.name} needs bounds on the leaf values: the tree has no "
                            f"'bounds' {{\"lower\": L, \"upper\": U}}", "/tree")  # fmt: skip
    if t.chance_nodes and not s.chance:
        raise TreeFileError(f"{s.name} has no rule for chance nodes (the tree has "
                            f"{t.chance_nodes})", "/tree")  # fmt: skip
    if t.players < s.players:
        raise TreeFileError(f"{s.name} takes trees of {s.players} or more players (got "
                            f"{t.players})", "/tree")  # fmt: skip
    if s.players > 2 and case.player is None:
        raise TreeFileError(f"{s.name} needs the root player it searches for: 'player'",
                            "/player")  # fmt: skip
    if case.player is not None and not 0 <= case.player < t.players:
        raise TreeFileError(f"'player' must be in 0..{t.players - 1} (got {case.player})",
                            "/player")  # fmt: skip
    problem = domain_problem(case)
    if problem is not None:
        raise TreeFileError(*problem)
