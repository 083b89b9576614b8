"""Separate evaluation functions and opponent models (Korf 2.1, 2.2), exactly and with pruning.

"Alpha-beta pruning is only possible when the different evaluation functions behave
identically" (Korf, abstract). This module has the exact searches for both of Korf's models
of knowledge, alpha-beta run with a single function, and the check that tells when the two
agree: :func:`is_order_equivalent`. "Since the actual values of positions don't matter, but
merely their relative order", two functions are interchangeable for search exactly when they
order the positions alike.

Glossary: t is a tree, n a node, p the player to move (0 is Max, 1 is Min), k a node's
depth, a *position* a leaf's value, which is what is backed up; a *model* (Korf 2.2) the
function the player at one depth is imagined to judge positions with; f, g evaluation
functions.

>>> from gametree.spec.examples import korf_figure2
>>> t = korf_figure2()
>>> separate_evaluations(t).value, alphabeta_one_function(t, 0).value
((12, 8), (10, 10))
"""

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import partial
from itertools import pairwise

from gametree.impl.maxn_stack import Backed, Line, Search, call, run
from gametree.impl.paranoid import alphabeta_search
from gametree.impl.result import SearchResult
from gametree.spec import (
    Leaf,
    Node,
    Scalar,
    Tree,
    TreeError,
    Value,
    exact_value,
    require_deterministic,
)

__all__ = [
    "alphabeta_one_function",
    "is_order_equivalent",
    "opponent_models",
    "opponent_models_alphabeta",
    "separate_evaluations",
]


def _pairs(t: Tree, algorithm: str) -> None:
    if not t.vector or t.players != 2:
        raise TreeError(
            f"{algorithm} needs pairs (Max's value, Min's value) at the leaves (got "
            f"{'scalars' if not t.vector else f'{t.players}-vectors'})",
            (),
        )
    require_deterministic(t, algorithm)


def _position(leaf: Leaf, line: Line) -> Backed[Value]:
    return Backed(leaf.value, leaf.value, line)


def pair_search(node: Node, player: int) -> Search[Backed[Value]]:
    """Max takes the leftmost largest first component, Min the leftmost smallest second."""
    best = yield call(0)
    for i in range(1, len(node.children)):
        next_ = yield call(i)
        if _pair_prefers(player, next_.value, best.value):
            best = next_
    return best


def _pair_prefers(p: int, new: Value, old: Value) -> bool:
    assert isinstance(new, tuple)
    assert isinstance(old, tuple)
    return new[0] > old[0] if p == 0 else new[1] < old[1]


def separate_evaluations(t: Tree, *, trace: bool = False) -> SearchResult[Value]:
    """The value of a tree of pairs under separate, shared evaluation functions (Korf 2.1).

    "The player to move at a given node uses his evaluation of the children, and backs up the
    complete ordered pair for which his component is a maximum or minimum, respectively." A
    leaf holds (Max's evaluation, Min's evaluation), both on Max's scale. Exactly
    ``spec.separate_evaluations``' value and principal variation. Reads every leaf: "in
    general, alpha beta pruning cannot be used in this case." O(n) time for n nodes.
    """
    _pairs(t, "separate_evaluations")
    return run(t, pair_search, (), _position, trace=trace)


def alphabeta_one_function(t: Tree, function: int, *, trace: bool = False) -> SearchResult[Value]:
    """Alpha-beta on a tree of pairs using one player's function for both (Korf 2.1).

    ``function`` is 0 for Max's evaluation (the first component), 1 for Min's (the second).
    Max maximises it, Min minimises it, with deep cut-offs; the value is the pair backed up.
    It equals :func:`separate_evaluations`' value and principal variation whenever the two
    components are order-equivalent on the tree's leaves (:func:`is_order_equivalent`); when
    they are not, it can differ: on ``spec.examples.korf_figure2`` "using either Max or Min's
    function exclusively would cause the last node to be pruned, yet its value is the
    minimax value of the root when both functions are used."

    Alpha-beta's cost: O(b^d) leaves at worst, b^⌈d/2⌉ + b^⌊d/2⌋ - 1 when every node's best
    child (by the function used) is its first; O(d) frames.
    """
    _pairs(t, "alphabeta_one_function")
    if function not in (0, 1):
        raise TreeError(f"'function' must be 0 (Max's) or 1 (Min's) (got {function!r})", ())

    def evaluate(leaf: Leaf, line: Line) -> Backed[Scalar]:
        v = leaf.value
        assert isinstance(v, tuple)
        return Backed(v[function], v, line)

    return run(t, partial(alphabeta_search, r=0), (None, None), evaluate, trace=trace)


def is_order_equivalent(
    positions: Iterable[Value], f: Callable[[Value], object], *more: Callable[[Value], object]
) -> bool:
    """Whether ``f`` and every function in ``more`` order ``positions`` alike (Korf 2.1).

    Two functions are order-equivalent on a set of positions when, for any two u and v of
    them, f(u) < f(v) exactly when g(u) < g(v) (so also f(u) = f(v) exactly when g(u) = g(v)):
    "the two evaluation functions always agree on the relative ordering of the merits of
    different positions". All functions give scalars on one scale (Max's, for Korf's pairs).
    O(m·n log n) for m functions and n positions.

    >>> is_order_equivalent([1, 2, 3], lambda v: v, lambda v: 2 * v + 1)
    True
    >>> is_order_equivalent([(10, 10), (9, 9), (12, 8)], lambda v: v[0], lambda v: v[1])
    False
    """
    points = list(positions)
    base = [_scalar(f(v), "f") for v in points]
    return all(_same_order(base, [_scalar(g(v), "g") for v in points]) for g in more)


def _same_order(xs: Sequence[Scalar], ys: Sequence[Scalar]) -> bool:
    ranked = sorted(zip(xs, ys, strict=True))
    return all(
        (x1 < x2 and y1 < y2) or (x1 == x2 and y1 == y2) for (x1, y1), (x2, y2) in pairwise(ranked)
    )


def _scalar(w: object, name: str) -> Scalar:
    if type(w) in (int, Fraction):
        assert isinstance(w, int | Fraction)
        return w
    try:
        e = exact_value(w)
    except TreeError as err:
        raise TreeError(f"{name} gave a bad value: {err.problem}") from None
    if isinstance(e, tuple):
        raise TreeError(f"{name} must give a scalar (got {w!r})")
    return e


def _judge(model: Callable[[Value], object], v: Value, k: int, players: int) -> Value:
    """A model's judgement of position v, exact, checked as spec.opponent_models checks it."""
    w = model(v)
    try:
        e = exact_value(w)
    except TreeError as err:
        raise TreeError(f"the model for depth {k} gave a bad value: {err.problem}") from None
    if (len(e) if isinstance(e, tuple) else 2) != players:
        kind = "a scalar or a 2-vector" if players == 2 else f"a {players}-vector"
        raise TreeError(f"the model for depth {k} must give {kind} (got {w!r})")
    return e


def _worth(w: Value, p: int) -> Scalar:
    if isinstance(w, tuple):
        return w[p]
    return w if p == 0 else -w


def models_search(
    node: Node,
    player: int,
    k: int,
    *,
    models: Sequence[Callable[[Value], object]],
    players: int,
) -> Search[Backed[Value]]:
    """The player at depth k backs up the leftmost position it values most by models[k]."""
    best = yield call(0, k + 1)
    best_worth = _worth(_judge(models[k], best.value, k, players), player)
    for i in range(1, len(node.children)):
        next_ = yield call(i, k + 1)
        next_worth = _worth(_judge(models[k], next_.value, k, players), player)
        if next_worth > best_worth:
            best, best_worth = next_, next_worth
    return best


def _check_models(t: Tree, models: Sequence[Callable[[Value], object]], search: str) -> None:
    if len(models) < t.height:
        raise TreeError(
            f"{search} needs one model per level: the tree has height {t.height} "
            f"(got {len(models)} models)",
            (),
        )


def opponent_models(
    t: Tree, models: Sequence[Callable[[Value], object]], *, trace: bool = False
) -> SearchResult[Value]:
    """The position backed up to the root under nested opponent models (Korf 2.2, 4).

    ``models[k]`` is the function the player at depth k judges by, as the root player imagines
    it: "the evaluation function that is applied to each of the frontier nodes is Max's model
    of Min's model of Max's evaluation". A scalar judgement is on Max's scale (Min minimises
    it), a vector has a component per player. Exactly ``spec.opponent_models``' value and
    principal variation. Reads every leaf; each model is applied once to each position backed
    up to a child of a node at its depth. O(n) time and model applications for n
    nodes.
    """
    _check_models(t, models, "opponent_models")
    search = partial(models_search, models=models, players=t.players)
    return run(t, search, (0,), _position, trace=trace)


def opponent_models_alphabeta(
    t: Tree, models: Sequence[Callable[[Value], object]], *, trace: bool = False
) -> SearchResult[Value]:
    """Alpha-beta for nested opponent models: exact when the models agree in order (Korf 2.2).

    Every comparison, choices and cut-offs alike, is made with the root player's own function
    ``models[0]``, which must give scalars on Max's scale. When every model orders the
    tree's positions as ``models[0]`` does (``is_order_equivalent(positions, *models)``), each
    player chooses the same child by ``models[0]`` as by its own model (ties included, so the
    leftmost best stays the choice), the opponent-models value is the minimax value under
    ``models[0]``, and this returns exactly :func:`opponent_models`' position and principal
    variation. Korf: "the models of the different evaluation functions must agree in their
    relative ordering of different positions, which is to say that they must be functionally
    equivalent." When they do not agree it can return another position.

    That condition is sufficient for this search, not necessary for pruning in general.
    Carmel and Markovitch ("Pruning Algorithms for Multi-Model Adversary Search", AIJ 1998)
    show that pruning is impossible for their M* without some assumption, and prove a
    sufficient condition of another kind, a bound on the sum of a player's function and its
    model of the opponent's (each on its own player's scale), under which their αβ* returns
    the M* value while pruning; αβ* is not implemented here.

    Alpha-beta's cost under ``models[0]``: O(b^d) leaves at worst, b^⌈d/2⌉ + b^⌊d/2⌋ - 1 when
    every node's best child is its first; O(d) frames.
    """
    _check_models(t, models, "opponent_models_alphabeta")
    if t.players != 2:
        raise TreeError(
            f"opponent_models_alphabeta searches two-player trees (got {t.players} players)", ()
        )
    if isinstance(t, Leaf):
        return run(t, pair_search, (), _position, trace=trace)
    own = models[0]

    def evaluate(leaf: Leaf, line: Line) -> Backed[Scalar]:
        v = leaf.value
        w = _judge(own, v, 0, 2)
        if isinstance(w, tuple):
            raise TreeError(f"models[0] must give a scalar on Max's scale (got {w!r})", ())
        return Backed(w, v, line)

    return run(t, partial(alphabeta_search, r=0), (None, None), evaluate, trace=trace)
