"""The registry: every search by its one name, with what it computes, takes and claims.

Glossary: t is a tree, a and b the window (alpha, beta), r the paranoid player, an *entry* one
row of :data:`REGISTRY`, an *answer* what one search says about one tree, the *definition* the
``spec`` function an entry's answers are checked against.

One row per search: its name (kebab-case, the gate's semantics name where it has one), the
``spec`` definition it is checked against, the ``impl`` function that runs it, its family,
the trees it takes, the options it reads, the bounds it relies on, and what it claims to the
gate. Everything that names searches is made from this table: ``gametree algorithms``, the
gate's semantics (``gametree.conform.semantics.SEMANTICS``), the searches whose events the
page shows (``gametree.explore``), and :func:`lookup`, which every command reads a name with.
Adding a search is one row here, plus its code, its tests and its transcriptions
(:data:`TRANSCRIPTIONS`).

Old spellings (``impl.last_branch``, ``last_branch``, ``deep``, ...) keep working: :func:`lookup`
returns the entry with a one-line note to print. ``spec.X`` names the *definition* of the entry
it is checked against, which evaluates the whole tree: the counts of a definition are the tree's
(``nodes_visited`` its nodes, ``leaves_evaluated`` its leaves, the trace every leaf).

Importing this module imports no search: each is reached by its public name
(``impl.shallow``) when it first runs.

>>> from gametree.spec import Node
>>> t = Node.by_depth([[3, 12], [2, 4]])
>>> answer = ALGORITHMS["alphabeta-fail-hard"].run(t, None, Options())
>>> answer.value, answer.principal_variation, answer.leaves_evaluated
(3, (0, 0), 3)
>>> found = lookup("impl.pvs")
>>> found.algorithm.name, found.note
('pvs', "'impl.pvs' is an old name of 'pvs'")
"""

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

import attrs

from gametree.impl.window import BOTTOM, TOP
from gametree.spec import (
    Bounds,
    Domain,
    Interval,
    Path,
    Scalar,
    Tree,
    TreeError,
    Value,
    iter_leaves,
)

if TYPE_CHECKING:
    from gametree.impl.window import Bound

__all__ = [
    "ALGORITHMS",
    "EVENTS",
    "PAGE",
    "REGISTRY",
    "Algorithm",
    "Answer",
    "Found",
    "Options",
    "applicable",
    "event_trace",
    "lookup",
]

Family = Literal[
    "two-player", "multi-player", "separate-evaluations", "chance", "best-reply", "game"
]
"""The family a search belongs to: the guide has a page for each (``docs/index.md``).

``chance`` (expectimax, Ballard's Star1 and Star2) searches trees with chance nodes, the
only family that does (``bounds="interval"``: bounds [L, U] on the leaf values); ``best-reply``
(Schadd and Winands' best-reply search) takes ``player``, the root player it is for."""

Kind = Literal["scalar", "vector", "pairs", "any", "game"]
"""Which trees a search takes: two-player scalars, N-player vectors, pairs (N = 2), either,
or a game rather than a tree (the gate's ``game-`` semantics; BRS, whose opponents move out of
turn, which no tree holds: ``spec.best_reply``)."""

BoundsKind = Literal["korf", "interval"]
"""The bounds a search relies on: Korf's (a lower bound on every component and an upper bound
on their sum, the tree document's ``bounds``), or an interval [L, U] on every leaf value."""


@attrs.frozen
class Options:
    """The parameters some searches take: a window, a player, a first guess, a test value..."""

    alpha: "Bound" = BOTTOM
    beta: "Bound" = TOP
    player: int | None = None
    """The paranoid player, or the root player a best-reply search is for (default: the root's
    mover)."""
    first_guess: Scalar = 0
    gamma: Scalar | None = None
    strict: bool = False
    function: int = 0
    domain: Domain = "reals"
    """The values the leaves may take, for the optimal search: ``"reals"`` or ``"integers"``."""


@attrs.frozen
class Answer:
    """What one search says about one tree (``impl.SearchResult``, or a definition's)."""

    value: Value
    principal_variation: Path
    nodes_visited: int
    leaves_evaluated: int
    trace: tuple[Path, ...] | None = None
    events: tuple[dict[str, Any], ...] | None = None
    """The search's event trace (``impl.events``), when asked for."""

    @property
    def best_move(self) -> int | None:
        """The root's chosen child, or ``None`` when the root is a leaf."""
        return self.principal_variation[0] if self.principal_variation else None


@attrs.frozen
class Algorithm:
    """One search: its name, what it computes, what it runs, what it takes and claims."""

    name: str
    """The one name: kebab-case, the gate's semantics name where the search has one."""
    label: str
    """A title for people: the page's menu, a listing."""
    computes: str
    """What it computes, in a line (``gametree algorithms``)."""
    source: str
    """The work and section it implements."""
    family: Family
    kind: Kind
    reference: str
    """The ``spec`` definition its answers are checked against (``spec.maxn``)."""
    search: str | None = None
    """The ``impl`` function that runs it (``impl.shallow``); ``None``: the definition runs."""
    fixed: tuple[tuple[str, object], ...] = ()
    """Keyword arguments the search is always called with (``fail_soft=True``)."""
    options: tuple[str, ...] = ()
    """The :class:`Options` fields it reads, passed to it by name."""
    bounds: BoundsKind | None = None
    """The bounds it relies on, passed to it as ``bounds`` (``None``: none)."""
    exact: bool = True
    """Whether it returns the reference's value on every tree it takes, with the full window."""
    fail: Literal["hard", "soft"] | None = None
    """For a windowed search: what it returns outside its window (Knuth and Moore's fail-hard
    or Fishburn's fail-soft), which the gate allows."""
    semantics: str | None = None
    """What the gate checks a target claiming this search against (``gametree conform
    --semantics NAME``), in a line; ``None``: not one of the gate's semantics."""
    events: bool = False
    """Whether it records the event trace the explore page steps through (``events=True``),
    which the page's JavaScript engine (``explore/engine.js``) reproduces event for event."""
    page: bool = True
    """Whether the explore page offers it, if it records events (:data:`PAGE`)."""
    transpositions: bool = False
    """Whether its table keys nodes by identity, so that a subtree a tree shares by reference
    is one node to it (``impl.mtdf``); the gate asks about the tree as written."""
    decides_cut_offs: bool = False
    """Whether it enters each subtree it skips, to find it unnecessary, and reads nothing below
    (the optimal search): ``nodes_visited`` counts those roots too, and a drawing says so."""
    old: tuple[str, ...] = ()
    """Its old spellings, which :func:`lookup` still accepts, with a note."""

    def __attrs_post_init__(self) -> None:
        if self.semantics is not None and self.kind != "game" and not self.events:
            raise ValueError(
                f"{self.name}: the gate checks it on trees, so it must record events "
                "(events=True): the gate reads what a case shows off the reference's events"
            )

    @property
    def needs_bounds(self) -> bool:
        """Whether it relies on Korf's bounds (the document's ``bounds``)."""
        return self.bounds == "korf"

    @property
    def needs_interval(self) -> bool:
        """Whether it relies on bounds [L, U] on the leaf values (Star1, Star2)."""
        return self.bounds == "interval"

    @property
    def window(self) -> bool:
        """Whether it takes a window (alpha, beta)."""
        return "alpha" in self.options

    def run(
        self,
        t: Tree,
        bounds: Bounds | Interval | None,
        options: Options,
        *,
        trace: bool = False,
        events: bool = False,
        definition: bool = False,
    ) -> Answer:
        """Search ``t``; raises ``spec.TreeError`` (or ``ValueError``) if it does not apply.

        ``bounds``: the document's, Korf's or leaf bounds [L, U]; the search gets them if it
        relies on that kind. ``definition``: run the ``spec`` definition instead of the
        search (whole-tree counts).
        ``events``: record the event trace too (only a search whose ``events`` is set does).
        """
        problem = applicable(self, t, bounds)
        if problem is not None:
            raise TreeError(problem, ())
        if definition or self.search is None:
            if events:
                raise ValueError(f"the definition of {self.name} records no events")
            return _definition_answer(self, t, options, trace=trace)
        if "gamma" in self.options and options.gamma is None:
            raise TreeError(f"{self.name} needs a test value: --gamma", ())
        if events and not self.events:
            raise ValueError(f"{self.name} records no events; these do: {', '.join(EVENTS)}")
        kw = dict(self.fixed)
        kw.update((k, getattr(options, k)) for k in self.options)
        if self.bounds is not None:
            kw["bounds"] = bounds
        if events:
            kw["events"] = True
        r = _public(self.search)(t, **kw, trace=trace)
        return Answer(r.value, r.principal_variation, r.nodes_visited, r.leaves_evaluated,
                      r.trace, r.events if events else None)  # fmt: skip


def _public(name: str) -> Callable[..., Any]:
    """The function ``impl.shallow`` or ``spec.maxn`` names, imported when first asked for."""
    layer, _, function = name.partition(".")
    f: Callable[..., Any] = getattr(importlib.import_module(f"gametree.{layer}"), function)
    return f


def _definition_answer(a: Algorithm, t: Tree, options: Options, *, trace: bool) -> Answer:
    """The reference definition's answer, with the whole tree's counts."""
    args = {"player": options.player} if "player" in a.options else {}
    s = _public(a.reference)(t, **args)
    leaves = tuple(path for path, _ in iter_leaves(t)) if trace else None
    return Answer(s.value, s.principal_variation, t.size, t.leaf_count, leaves)


def applicable(  # noqa: PLR0911 - one reason a line
    algorithm: Algorithm, t: Tree, bounds: Bounds | Interval | None
) -> str | None:
    """Why ``algorithm`` cannot search ``t`` (with ``bounds``), or ``None`` if it can."""
    kind = algorithm.kind
    if kind == "game" and algorithm.family == "best-reply":
        return (f"{algorithm.name} searches a game whose opponents may move out of turn, which "
                f"no tree holds (spec.best_reply); brs-plus searches trees")  # fmt: skip
    if kind == "game":
        return f"{algorithm.name} searches a game graph, not a tree"
    if t.chance_nodes and algorithm.family != "chance":
        chance = ", ".join(a.name for a in REGISTRY if a.family == "chance" and a.kind != "game")
        return (f"{algorithm.name} has no rule for chance nodes (the tree has {t.chance_nodes}); "
                f"these search them: {chance}")  # fmt: skip
    if kind == "scalar" and t.vector:
        return f"{algorithm.name} takes two-player trees with scalar values (got vectors)"
    if kind == "vector" and not t.vector:
        return f"{algorithm.name} takes N-player trees with vector values (got scalars)"
    if algorithm.family == "best-reply" and t.players < 3:
        return (f"{algorithm.name} takes trees of three or more players (got {t.players}); with "
                f"two, the one opponent's best reply is minimax")  # fmt: skip
    if kind == "pairs" and not (t.vector and t.players == 2):
        return f"{algorithm.name} takes two-player trees of pairs (Korf 2.1)"
    if algorithm.needs_bounds and not isinstance(bounds, Bounds):
        return f'{algorithm.name} needs Korf\'s bounds: add "bounds" to the document'
    if algorithm.needs_interval and not isinstance(bounds, Interval):
        return (f'{algorithm.name} needs bounds on the leaf values: add "bounds": {{"lower": L, '
                f'"upper": U}} to the document')  # fmt: skip
    return None


_W = ("alpha", "beta")

REGISTRY: tuple[Algorithm, ...] = (
    Algorithm(
        "minimax", "Minimax",
        "the minimax value, from player 0's (Max's) point of view; every leaf, left to right",
        "Knuth and Moore 1975; the Min-Max notes",
        "two-player", "scalar", "spec.minimax", "impl.minimax", events=True,
        semantics="the minimax value from player 0's (Max's) point of view; every leaf, left "
        "to right",
        old=("spec.minimax",),
    ),
    Algorithm(
        "negamax", "Negamax",
        "the value to the player to move at the root; every leaf, left to right",
        "the Min-Max notes (ModMinMax)",
        "two-player", "scalar", "spec.negamax", "impl.negamax", events=True,
        semantics="the value to the player to move at the root (the Min-Max notes); every leaf, "
        "left to right",
        old=("spec.negamax",),
    ),
    Algorithm(
        "alphabeta-fail-hard", "Alpha-beta (fail-hard)",
        "fail-hard alpha-beta, max/min form, window from Max's view (Knuth-Moore F2)",
        "Knuth and Moore 1975 (F2)",
        "two-player", "scalar", "spec.minimax", "impl.alphabeta", options=_W, fail="hard",
        events=True,
        semantics="fail-hard alpha-beta in max/min form over (alpha, beta), from Max's point "
        "of view; alpha-beta's leaves",
        old=("impl.alphabeta", "alphabeta"),
    ),
    Algorithm(
        "alphabeta-fail-soft", "Alpha-beta (fail-soft)",
        "fail-soft alpha-beta, max/min form (Fishburn 1983)",
        "Fishburn 1983",
        "two-player", "scalar", "spec.minimax", "impl.alphabeta", (("fail_soft", True),),
        options=_W, fail="soft", events=True,
        semantics="fail-soft alpha-beta in max/min form (Fishburn)",
        old=("impl.alphabeta_fail_soft", "alphabeta_fail_soft"),
    ),
    Algorithm(
        "negamax-alphabeta-fail-hard", "Negamax alpha-beta (fail-hard)",
        "fail-hard alpha-beta, negamax form, value and window from the root mover's view",
        "Knuth and Moore 1975 (F2)",
        "two-player", "scalar", "spec.negamax", "impl.negamax_alphabeta", options=_W,
        fail="hard", events=True,
        semantics="fail-hard alpha-beta in negamax form: value and window from the root "
        "mover's point of view",
        old=("impl.negamax_alphabeta", "negamax_alphabeta", "negamax-alphabeta"),
    ),
    Algorithm(
        "negamax-alphabeta-fail-soft", "Negamax alpha-beta (fail-soft)",
        "fail-soft alpha-beta, negamax form",
        "Fishburn 1983",
        "two-player", "scalar", "spec.negamax", "impl.negamax_alphabeta",
        (("fail_soft", True),), options=_W, fail="soft", events=True,
        semantics="fail-soft alpha-beta in negamax form",
        old=("impl.negamax_alphabeta_fail_soft", "negamax_alphabeta_fail_soft"),
    ),
    Algorithm(
        "pvs", "Principal variation search",
        "principal variation search (NegaScout), negamax form",
        "Reinefeld 1983; Marsland 1983",
        "two-player", "scalar", "spec.negamax", "impl.pvs", options=_W, fail="soft",
        events=True,
        semantics="principal variation search (Reinefeld's NegaScout) in negamax form: "
        "fail-soft over (alpha, beta) from the root mover's point of view; its leaves, a "
        "re-searched leaf each time it is read",
        old=("impl.pvs",),
    ),
    Algorithm(
        "mtdf", "MTD(f)",
        "MTD(f) from --first-guess (Plaat et al. 1996)",
        "Plaat et al. 1996, Figure 3",
        "two-player", "scalar", "spec.minimax", "impl.mtdf", options=(*_W, "first_guess"),
        fail="soft", events=True, transpositions=True,
        semantics="MTD(f) (Plaat et al. 1996) from 'first_guess', in max/min form: fail-soft "
        "over (alpha, beta) from Max's point of view; the leaves of its tests, in order, with "
        "a table of every node's bounds",
        old=("impl.mtdf",),
    ),
    Algorithm(
        "mt", "MT",
        "one MT test at --gamma (--strict: 'above gamma?'), a bound on the minimax value",
        "Plaat et al. 1996, Figure 2",
        "two-player", "scalar", "spec.minimax", "impl.mt", options=("gamma", "strict"),
        exact=False,
        old=("impl.mt",),
    ),
    Algorithm(
        "maxn", "Maxn",
        "the maxn value, a vector; every leaf, left to right",
        "Luckhardt and Irani 1986; Korf 1989, 3.1",
        "multi-player", "vector", "spec.maxn", "impl.maxn", events=True,
        semantics="the maxn value (Korf 3.1), a vector; every leaf, left to right",
        old=("impl.maxn", "spec.maxn"),
    ),
    Algorithm(
        "immediate", "Immediate pruning",
        "maxn with immediate pruning (Korf 3.2.1)",
        "Korf 1989, 3.2.1",
        "multi-player", "vector", "spec.maxn", "impl.immediate", bounds="korf", events=True,
        semantics="maxn with immediate pruning under Korf's bounds (3.2.1); its leaves",
        old=("impl.immediate",),
    ),
    Algorithm(
        "shallow", "Shallow pruning",
        "maxn with immediate and shallow pruning (Korf 3.2.2)",
        "Korf 1989, 3.2.2",
        "multi-player", "vector", "spec.maxn", "impl.shallow", bounds="korf", events=True,
        semantics="maxn with immediate and shallow pruning (Korf 3.2.2, procedure Shallow); "
        "its leaves",
        old=("impl.shallow",),
    ),
    Algorithm(
        "last-branch", "Last-branch pruning",
        "maxn with last-branch pruning (Sturtevant 2003)",
        "Sturtevant 2003",
        "multi-player", "vector", "spec.maxn", "impl.last_branch", bounds="korf", events=True,
        semantics="maxn with immediate, shallow and last-branch pruning under Korf's bounds "
        "(Sturtevant 2003); its leaves",
        old=("impl.last_branch", "last_branch"),
    ),
    Algorithm(
        "speculative", "Speculative pruning",
        "maxn with speculative pruning (Sturtevant 2003)",
        "Sturtevant 2003",
        "multi-player", "vector", "spec.maxn", "impl.speculative", bounds="korf", events=True,
        semantics="maxn with immediate, shallow and speculative pruning under Korf's bounds "
        "(Sturtevant 2003); its leaves, a re-searched leaf each time it is read",
        old=("impl.speculative",),
    ),
    Algorithm(
        "deep-pruning-unsound", "Deep pruning (unsound)",
        "maxn with Korf's deep pruning: UNSOUND for 3 or more players (Korf 3.2.3)",
        "Korf 1989, 3.2.3",
        "multi-player", "vector", "spec.maxn", "impl.deep_pruning_unsound", bounds="korf",
        exact=False, events=True,
        semantics="what Korf's deep pruning (3.2.3) returns, NOT the maxn value with three or "
        "more players (Figure 5); maxn on two-player pairs (x, -x); its value, line and leaves",
        old=("impl.deep_pruning_unsound", "deep_pruning_unsound", "deep"),
    ),
    Algorithm(
        "optimal", "Optimal directional search",
        "maxn reading only the leaves every directional search must read (Korf 3.2.4, "
        "corrected), for real leaves or, with --domain integers, integer ones",
        "Korf 1989, 3.2.4 (Theorem 1, corrected)",
        "multi-player", "vector", "spec.maxn", "impl.optimal", options=("domain",),
        bounds="korf", events=True, decides_cut_offs=True,
        semantics="maxn reading only the leaves every directional search must read, over the "
        "'domain' the request names (Korf 3.2.4, Theorem 1 corrected); its leaves",
        old=("impl.optimal",),
    ),
    Algorithm(
        "paranoid", "Paranoid",
        "the paranoid value for --player (default: the root's), a scalar, by alpha-beta with "
        "deep cut-offs",
        "Sturtevant and Korf 2000",
        "multi-player", "any", "spec.paranoid", "impl.paranoid", options=("player",),
        events=True,
        semantics="the paranoid value for 'player', a scalar (Sturtevant and Korf 2000); "
        "alpha-beta's leaves",
        old=("impl.paranoid", "spec.paranoid"),
    ),
    Algorithm(
        "brs-plus", "BRS+",
        "BRS+ for --player: alpha-beta where one opponent replies at each opponents' layer, "
        "the others playing their first move",
        "Esser, Gras, Winands, Schadd and Lanctot 2013, section 3",
        "best-reply", "vector", "spec.brs_plus", "impl.brs_plus", options=("player",),
        events=True,
        semantics="BRS+ for 'player' (Esser et al. 2013): the paranoid value of the tree whose "
        "opponents' layers hold the paths on which at most one ply leaves the first child; "
        "alpha-beta's leaves, as paths in the tree",
    ),
    Algorithm(
        "brs", "Best-reply search",
        "best-reply search for --player: only on a game whose opponents may move out of turn "
        "(refuses a tree)",
        "Schadd and Winands 2011, section III",
        "best-reply", "game", "spec.brs", "impl.brs", options=("player",),
    ),
    Algorithm(
        "expectimax", "Expectimax",
        "the expectimax value of a tree with chance nodes (sum p_i v_i at each); every leaf",
        "Ballard 1983, section 1",
        "chance", "any", "spec.expectimax", "impl.expectimax", events=True,
        semantics="the expectimax value (Ballard 1983's *-minimax for two players, maxn's "
        "choice for N): sum p_i v_i at a chance node; every leaf, left to right",
    ),
    Algorithm(
        "star1", "Star1",
        "Ballard's Star1: alpha-beta with cut-offs at chance nodes under leaf bounds [L, U]",
        "Ballard 1983; Hauk, Buro and Schaeffer 2004",
        "chance", "scalar", "spec.expectimax", "impl.star1", options=_W, bounds="interval",
        fail="hard", events=True,
        semantics="Ballard's Star1 (fail-hard, max/min form) over (alpha, beta) with the "
        "document's leaf bounds [L, U]: the expectimax value inside the window, a bound beyond "
        "it; its leaves",
    ),
    Algorithm(
        "star2", "Star2",
        "Ballard's Star2: Star1 with a probe of each player's child at chance nodes",
        "Ballard 1983; Hauk, Buro and Schaeffer 2004",
        "chance", "scalar", "spec.expectimax", "impl.star2", options=_W, bounds="interval",
        fail="hard", events=True,
        semantics="Ballard's Star2: Star1 with a probing phase (each player's child of a "
        "chance node searched over its first child) before the search; its leaves, each read "
        "once: a probed child's search goes on from its second child",
    ),
    Algorithm(
        "separate-evaluations", "Separate evaluation functions",
        "the value of a tree of pairs under separate evaluation functions, exact (Korf 2.1)",
        "Korf 1989, 2.1",
        "separate-evaluations", "pairs", "spec.separate_evaluations",
        "impl.separate_evaluations",
        old=("impl.separate_evaluations", "separate_evaluations", "spec.separate_evaluations"),
    ),
    Algorithm(
        "alphabeta-one-function", "Alpha-beta with one function",
        "alpha-beta on pairs with one player's function (--function 0 or 1); exact only when "
        "the two agree in order",
        "Korf 1989, 2.1",
        "separate-evaluations", "pairs", "spec.separate_evaluations",
        "impl.alphabeta_one_function", options=("function",), exact=False,
        old=("impl.alphabeta_one_function", "alphabeta_one_function"),
    ),
    Algorithm(
        "game-negamax", "Negamax on a game",
        "a game graph searched to a depth with quiescence", "spec.search, definition 1",
        "game", "game", "spec.cut_negamax",
        semantics="a game graph searched to 'depth' with 'quiescence' (spec.search's "
        "cut_negamax: the root mover's view); the move one of the optimal ones",
    ),
    Algorithm(
        "game-negamax-stand-pat", "Negamax on a game, standing pat",
        "the same, where a quiescence extension may stand pat", "spec.search, definition 1",
        "game", "game", "spec.cut_negamax",
        semantics="the same, where a quiescence extension may stand pat (take the static "
        "evaluation) except in check",
    ),
    Algorithm(
        "game-negamax-witness", "Negamax with deeper table entries",
        "a game graph searched with a table that reuses deeper entries",
        "Wesselink et al., definition 7", "game", "game", "spec.witness", options=_W,
        semantics="a game graph searched to 'depth' with the window ('alpha', 'beta') by a "
        "search whose table may reuse deeper entries: a result some witness justifies "
        "(spec.search.witness)",
    ),
    Algorithm(
        "game-deepening", "Iterative deepening on a game",
        "iterative deepening under a node budget", "spec.search, definition 3",
        "game", "game", "spec.cut_negamax",
        semantics="iterative deepening on a game graph under a node budget ('max_nodes') to "
        "'max_depth': the value and a move of the deepest depth completed, which the reply "
        "names ('depth')",
    ),
    Algorithm(
        "game-expectimax", "Expectimax on a game",
        "expectimax on a game with chance states (dice), each state searched once a depth",
        "Ballard 1983, section 1", "chance", "game", "spec.game_expectimax",
        "impl.game_expectimax",
        semantics="a game graph with chance states searched to 'depth': the expectimax value "
        "(spec.game_expectimax: sum p_i v_i at a chance state, Max's view); the move one of "
        "the optimal ones",
    ),
)  # fmt: skip
"""Every search, one row each, in the order ``gametree algorithms`` lists them."""

ALGORITHMS: dict[str, Algorithm] = {a.name: a for a in REGISTRY if a.kind != "game"}
"""Every search on trees (what ``solve``, ``compare`` and ``draw`` run), by name."""

EVENTS: tuple[str, ...] = tuple(a.name for a in REGISTRY if a.events)
"""The searches that record an event trace (``gametree solve --steps``, the gate's behaviours)."""
PAGE: tuple[str, ...] = tuple(a.name for a in REGISTRY if a.events and a.page)
"""The searches the explore page offers: those of :data:`EVENTS` its engine runs."""


@attrs.frozen
class Found:
    """What :func:`lookup` found for a name: the entry, and a note for an old spelling.

    ``definition``: the name meant the entry's definition (``spec.X``), not its search.
    """

    algorithm: Algorithm
    note: str | None = None
    definition: bool = False

    def run(
        self, t: Tree, bounds: Bounds | Interval | None, options: Options, *, trace: bool = False
    ) -> Answer:
        """Run what the name meant: the search, or the definition for ``spec.X``."""
        return self.algorithm.run(t, bounds, options, trace=trace, definition=self.definition)


def _spellings() -> Mapping[str, Found]:
    out: dict[str, Found] = {}
    for a in REGISTRY:
        out[a.name] = Found(a)
        for old in a.old:
            assert old not in out, f"{old!r} is a spelling of two searches"
            meaning = "the definition of" if old.startswith("spec.") else "an old name of"
            out[old] = Found(a, f"{old!r} is {meaning} {a.name!r}", old.startswith("spec."))
    return out


SPELLINGS: Mapping[str, Found] = _spellings()
"""Every name :func:`lookup` accepts: the names, and the old spellings with their notes."""


def lookup(name: str) -> Found:
    """The search called ``name``, with a one-line note if ``name`` is an old spelling.

    Raises ``KeyError`` with a message that lists the names.

    >>> lookup("last-branch").note is None, lookup("deep").algorithm.name
    (True, 'deep-pruning-unsound')
    >>> lookup("spec.maxn").note, lookup("spec.maxn").definition
    ("'spec.maxn' is the definition of 'maxn'", True)
    """
    found = SPELLINGS.get(name)
    if found is None:
        names = ", ".join(a.name for a in REGISTRY)
        raise KeyError(f"no algorithm {name!r}; the names are: {names}")
    return found


def event_trace(
    name: str, t: Tree, *, bounds: Bounds | None = None, **options: Any
) -> tuple[dict[str, Any], ...]:
    """The events of searching ``t`` with the search called ``name`` (``impl.events``).

    ``options`` are :class:`Options`' fields. Raises ``KeyError`` for an unknown name,
    ``ValueError`` for a search that records no events, and ``spec.TreeError`` (with the
    path) for a tree it cannot take or a leaf outside the bounds.

    >>> from gametree.spec import Node
    >>> [e["type"] for e in event_trace("maxn", Node.by_depth([(1, 2), (2, 1)]))]
    ['enter', 'leaf', 'best', 'leaf', 'best', 'leave']
    """
    answer = lookup(name).algorithm.run(t, bounds, Options(**options), events=True)
    assert answer.events is not None
    return answer.events
