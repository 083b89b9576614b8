"""Every search of ``spec`` and ``impl`` by name, with what it computes and what it needs.

Glossary: t is a tree, a and b the window (alpha, beta), r the paranoid player, an *answer*
what the CLI prints for one search.

Names are the Python names: ``spec.minimax``, ``impl.alphabeta``, ``impl.shallow``, with a
``_fail_soft`` suffix for the fail-soft variants of the two alpha-betas. A name without its
``spec.`` or ``impl.`` prefix is accepted when only one search has it.

Counts follow DESIGN.md (``impl.result``). The spec's definitions do not search, they
evaluate the whole tree: for them ``nodes_visited`` is the number of nodes of the tree,
``leaves_evaluated`` the number of leaves, and the trace every leaf, left to right.

Left out, because a tree document cannot hold what they take: ``spec.opponent_models``,
``impl.opponent_models`` and ``impl.opponent_models_alphabeta`` (evaluation functions) and the
game searches ``spec.game_*`` (a game, not a tree). ``impl.best_case_leaves`` and the other
helpers of ``impl.ordered`` and ``impl.best_case`` are not searches.

>>> from gametree.spec import Node
>>> answer = ALGORITHMS["impl.alphabeta"].run(Node.by_depth([[3, 12], [2, 4]]), None, Options())
>>> answer.value, answer.principal_variation, answer.leaves_evaluated
(3, (0, 0), 3)
>>> lookup("pvs").name
'impl.pvs'
"""

from collections.abc import Callable
from typing import Any, Literal

import attrs

from gametree import impl, spec
from gametree.impl import BOTTOM, TOP
from gametree.impl.necessity import Domain
from gametree.impl.window import Bound
from gametree.spec import Bounds, Path, Scalar, Solution, Tree, Value, iter_leaves

__all__ = ["ALGORITHMS", "Algorithm", "Answer", "Options", "applicable", "lookup"]


@attrs.frozen
class Options:
    """The parameters some searches take: a window, a player, a first guess, a test value..."""

    alpha: Bound = BOTTOM
    beta: Bound = TOP
    player: int | None = None
    first_guess: Scalar = 0
    gamma: Scalar | None = None
    strict: bool = False
    function: int = 0
    domain: Domain = "reals"
    """The values the leaves may take, for the optimal search: ``"reals"`` or ``"integers"``."""


@attrs.frozen
class Answer:
    """What one search says about one tree (``impl.SearchResult``, or the spec's full counts)."""

    value: Value
    principal_variation: Path
    nodes_visited: int
    leaves_evaluated: int
    trace: tuple[Path, ...] | None = None

    @property
    def best_move(self) -> int | None:
        """The root's chosen child, or ``None`` when the root is a leaf."""
        return self.principal_variation[0] if self.principal_variation else None


Kind = Literal["scalar", "vector", "pairs", "any"]
"""Which trees a search takes: two-player scalars, N-player vectors, pairs (N = 2), either."""

Run = Callable[[Tree, Bounds | None, Options, bool], Answer]


@attrs.frozen
class Algorithm:
    """A search by name: what it computes, which spec definition it is checked against."""

    name: str
    computes: str
    reference: str
    """The spec definition whose value this search returns (its ``name``)."""
    kind: Kind
    exact: bool
    """Whether it returns the reference's value on every tree it takes, with the full window."""
    options: tuple[str, ...]
    """The :class:`Options` fields it reads."""
    needs_bounds: bool
    call: Run
    decides_cut_offs: bool = False
    """Whether it enters each subtree it skips, to find it unnecessary, and reads nothing below
    (the optimal search): ``nodes_visited`` counts those roots too, and a drawing says so."""

    def run(
        self, t: Tree, bounds: Bounds | None, options: Options, *, trace: bool = False
    ) -> Answer:
        """Search ``t``; raises ``spec.TreeError`` (or ``ValueError``) if it does not apply."""
        problem = applicable(self, t, bounds)
        if problem is not None:
            raise spec.TreeError(problem, ())
        return self.call(t, bounds, options, trace)


def applicable(algorithm: Algorithm, t: Tree, bounds: Bounds | None) -> str | None:
    """Why ``algorithm`` cannot search ``t`` (with ``bounds``), or ``None`` if it can."""
    kind = algorithm.kind
    if kind == "scalar" and t.vector:
        return f"{algorithm.name} takes two-player trees with scalar values (got vectors)"
    if kind == "vector" and not t.vector:
        return f"{algorithm.name} takes N-player trees with vector values (got scalars)"
    if kind == "pairs" and not (t.vector and t.players == 2):
        return f"{algorithm.name} takes two-player trees of pairs (Korf 2.1)"
    if algorithm.needs_bounds and bounds is None:
        return f'{algorithm.name} needs Korf\'s bounds: add "bounds" to the document'
    return None


def _from_spec(solution: Solution[Any], t: Tree, *, trace: bool) -> Answer:
    return Answer(
        solution.value,
        solution.principal_variation,
        t.size,
        t.leaf_count,
        tuple(path for path, _ in iter_leaves(t)) if trace else None,
    )


def _from_impl(r: impl.SearchResult[Any]) -> Answer:
    return Answer(r.value, r.principal_variation, r.nodes_visited, r.leaves_evaluated, r.trace)


def _spec(definition: Callable[[Tree], Solution[Any]]) -> Run:
    return lambda t, _b, _o, trace: _from_spec(definition(t), t, trace=trace)


def _bounds(b: Bounds | None) -> Bounds:
    assert b is not None
    return b


def _registry() -> dict[str, Algorithm]:
    def paranoid_spec(t: Tree, _b: Bounds | None, o: Options, trace: bool) -> Answer:  # noqa: FBT001
        return _from_spec(spec.paranoid(t, o.player), t, trace=trace)

    def mt(t: Tree, _b: Bounds | None, o: Options, trace: bool) -> Answer:  # noqa: FBT001
        if o.gamma is None:
            raise spec.TreeError("impl.mt needs a test value: --gamma", ())
        return _from_impl(impl.mt(t, o.gamma, strict=o.strict, trace=trace))

    w = ("alpha", "beta")

    def a(
        name: str,
        computes: str,
        reference: str,
        kind: Kind,
        call: Run,
        *,
        exact: bool = True,
        options: tuple[str, ...] = (),
        needs_bounds: bool = False,
        decides_cut_offs: bool = False,
    ) -> Algorithm:
        return Algorithm(name, computes, reference, kind, exact, options, needs_bounds, call,
                         decides_cut_offs)  # fmt: skip

    entries = [
        a("spec.minimax", "the minimax value, from player 0's (Max's) point of view",
          "spec.minimax", "scalar", _spec(spec.minimax)),
        a("spec.negamax", "the value to the player to move at the root (the Min-Max notes)",
          "spec.negamax", "scalar", _spec(spec.negamax)),
        a("spec.maxn", "the maxn value, a vector (Luckhardt and Irani; Korf 3.1)",
          "spec.maxn", "vector", _spec(spec.maxn)),
        a("spec.paranoid", "the paranoid value for --player (default: the root's), a scalar "
          "(Sturtevant and Korf 2000)", "spec.paranoid", "any", paranoid_spec,
          options=("player",)),
        a("spec.separate_evaluations", "the value of a tree of pairs under separate "
          "evaluation functions (Korf 2.1)", "spec.separate_evaluations", "pairs",
          _spec(spec.separate_evaluations)),
        a("impl.alphabeta", "fail-hard alpha-beta, max/min form, window from Max's view "
          "(the Alpha-Beta Pruning article; Knuth-Moore F2)", "spec.minimax", "scalar",
          lambda t, _b, o, tr: _from_impl(impl.alphabeta(t, o.alpha, o.beta, trace=tr)),
          options=w),
        a("impl.alphabeta_fail_soft", "fail-soft alpha-beta, max/min form (Fishburn 1983)",
          "spec.minimax", "scalar",
          lambda t, _b, o, tr: _from_impl(impl.alphabeta(t, o.alpha, o.beta, fail_soft=True,
                                                         trace=tr)),
          options=w),
        a("impl.negamax_alphabeta", "fail-hard alpha-beta, negamax form, value and window "
          "from the root mover's view", "spec.negamax", "scalar",
          lambda t, _b, o, tr: _from_impl(impl.negamax_alphabeta(t, o.alpha, o.beta, trace=tr)),
          options=w),
        a("impl.negamax_alphabeta_fail_soft", "fail-soft alpha-beta, negamax form",
          "spec.negamax", "scalar",
          lambda t, _b, o, tr: _from_impl(impl.negamax_alphabeta(t, o.alpha, o.beta,
                                                                 fail_soft=True, trace=tr)),
          options=w),
        a("impl.pvs", "principal variation search (NegaScout), negamax form", "spec.negamax",
          "scalar", lambda t, _b, o, tr: _from_impl(impl.pvs(t, o.alpha, o.beta, trace=tr)),
          options=w),
        a("impl.mtdf", "MTD(f) from --first-guess (Plaat et al. 1996)", "spec.minimax",
          "scalar",
          lambda t, _b, o, tr: _from_impl(impl.mtdf(t, o.first_guess, o.alpha, o.beta,
                                                    trace=tr)),
          options=(*w, "first_guess")),
        a("impl.mt", "one MT test at --gamma (--strict: 'above gamma?'), a bound on the "
          "minimax value", "spec.minimax", "scalar", mt, exact=False,
          options=("gamma", "strict")),
        a("impl.maxn", "maxn without pruning", "spec.maxn", "vector",
          lambda t, _b, _o, tr: _from_impl(impl.maxn(t, trace=tr))),
        a("impl.immediate", "maxn with immediate pruning (Korf 3.2.1)", "spec.maxn", "vector",
          lambda t, b, _o, tr: _from_impl(impl.immediate(t, _bounds(b), trace=tr)),
          needs_bounds=True),
        a("impl.shallow", "maxn with immediate and shallow pruning (Korf 3.2.2)", "spec.maxn",
          "vector", lambda t, b, _o, tr: _from_impl(impl.shallow(t, _bounds(b), trace=tr)),
          needs_bounds=True),
        a("impl.last_branch", "maxn with last-branch pruning (Sturtevant 2003)", "spec.maxn",
          "vector", lambda t, b, _o, tr: _from_impl(impl.last_branch(t, _bounds(b), trace=tr)),
          needs_bounds=True),
        a("impl.optimal", "maxn reading only the leaves every directional search must read "
          "(Korf 3.2.4, corrected), for real leaves or, with --domain integers, integer ones",
          "spec.maxn", "vector",
          lambda t, b, o, tr: _from_impl(impl.optimal(t, _bounds(b), domain=o.domain,
                                                      trace=tr)),
          options=("domain",), needs_bounds=True, decides_cut_offs=True),
        a("impl.speculative", "maxn with speculative pruning (Sturtevant 2003)", "spec.maxn",
          "vector", lambda t, b, _o, tr: _from_impl(impl.speculative(t, _bounds(b), trace=tr)),
          needs_bounds=True),
        a("impl.deep_pruning_unsound", "maxn with Korf's deep pruning: UNSOUND for 3 or more "
          "players (Korf 3.2.3)", "spec.maxn", "vector",
          lambda t, b, _o, tr: _from_impl(impl.deep_pruning_unsound(t, _bounds(b), trace=tr)),
          exact=False, needs_bounds=True),
        a("impl.paranoid", "paranoid search by alpha-beta with deep cut-offs", "spec.paranoid",
          "any", lambda t, _b, o, tr: _from_impl(impl.paranoid(t, o.player, trace=tr)),
          options=("player",)),
        a("impl.separate_evaluations", "separate evaluation functions, exact (Korf 2.1)",
          "spec.separate_evaluations", "pairs",
          lambda t, _b, _o, tr: _from_impl(impl.separate_evaluations(t, trace=tr))),
        a("impl.alphabeta_one_function", "alpha-beta on pairs with one player's function "
          "(--function 0 or 1); exact only when the two agree in order",
          "spec.separate_evaluations", "pairs",
          lambda t, _b, o, tr: _from_impl(impl.alphabeta_one_function(t, o.function, trace=tr)),
          exact=False, options=("function",)),
    ]  # fmt: skip
    return {a.name: a for a in entries}


ALGORITHMS: dict[str, Algorithm] = _registry()
"""Every search, by name, in the order ``gametree algorithms`` lists them."""


def lookup(name: str) -> Algorithm:
    """The search called ``name`` (its prefix may be left out when that is unambiguous).

    Raises ``KeyError`` with a message that lists the names.
    """
    if name in ALGORITHMS:
        return ALGORITHMS[name]
    matches = [a for a in ALGORITHMS.values() if a.name.split(".", 1)[1] == name]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise KeyError(f"{name!r} is ambiguous: {' or '.join(a.name for a in matches)}")
    raise KeyError(f"no algorithm {name!r}; the names are: {', '.join(ALGORITHMS)}")
