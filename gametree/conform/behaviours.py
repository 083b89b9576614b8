"""What a case makes the reference do: the behaviours the gate counts, alone and in pairs.

The flags of :mod:`gametree.conform.scope` say what a case *holds*; this module names what it
makes the reference search *do* and which limits of the request it *meets*, and which pairs of
them a case can show (:mod:`gametree.conform.observe` reads them from the search's own event
trace, :mod:`gametree.impl.events`, and from the request). A run of the gate
is then measured by which behaviours, and which pairs of behaviours, its cases showed: most
bugs need two things at once (an uneven tree with large values, a tie at the moment of a cut
in a wide node, a window edge met exactly by a cut three plies down), and a tier that looks
along one axis at a time rarely draws both (combinatorial interaction testing: Kuhn, Wallace
and Gallo 2004 found most faults triggered by one or two factors together; Cohen et al.'s AETG
1997 covers every pair with few tests): :mod:`gametree.conform.behaviour_coverage` counts
them, and :mod:`gametree.conform.steer` draws towards the pairs not yet shown.

Glossary: a *behaviour* is one named thing a case shows; a *group* holds behaviours of which a
case shows exactly one (the magnitude of its numbers, the root's outcome, where alpha lies
against the value v); a *pair* is two behaviours one case shows; a pair is *infeasible* when
no valid case of the semantics can show both, for the reason :func:`infeasible` states; d is a
node's depth, v the root's true value in the semantics' view, a and b the request's window,
L and S Korf's lower bound and sum.

The behaviours, by what shows them (:func:`catalogue` lists those of one semantics):

- **Shape** (every tree semantics): ``lone-leaf``, ``unary`` (a node with one child),
  ``moves-twice`` (a node whose child node has the same mover), ``uneven`` (leaves at
  different depths), ``wide`` (more than 16 children), ``tall`` (height 6 or more),
  ``repeated`` (an identical subtree twice), ``many-players`` (5 or more, N-player semantics).
- **Magnitude** (group ``magnitude``, of every number the case asks, window and bounds
  included): ``values-small`` (below 999), ``values-large`` (999 up to 2^53), ``values-huge``
  (beyond 2^53, where doubles stop holding integers); and ``fractions`` (a number that is not
  an integer).
- **Cut-offs**, by where the bound that cut came from, as distance up the path:
  ``cut-immediate`` (Korf's immediate pruning: the mover already has the whole sum),
  ``cut-parent`` (the parent's bound: shallow), ``cut-grandparent``, ``cut-3-up`` (three or
  more plies up: alpha-beta's deep cut-off), ``cut-window`` (the request's own window edge);
  ``cut-tie`` (the test held with equality, ``>=`` at ``=``), ``cut-last-child`` (the test
  held after the last child, where nothing is left to cut), ``tie`` (a child's value equalled
  the best so far, so the tie rule kept the earlier one), ``best-last`` (the last child of a
  node strictly replaced the best).
- **Re-searches and tables**: ``re-search`` (PVS re-searching a scout that landed inside the
  window; speculative pruning re-searching a pruned child), ``scout-holds`` (a PVS scout that
  settled its child without a re-search), ``speculated`` (speculative pruning's NIL reply),
  ``table-lower`` and ``table-upper`` (MTD(f)'s stored bound answered a test), group
  ``tests``: ``tests-1``, ``tests-2``, ``tests-3+`` (MTD(f)'s tests before it stops).
- **Korf's searches**: ``deep-trap`` (deep pruning's answer is not maxn's: Figure 5),
  ``unnecessary-leaf`` and ``unnecessary-subtree`` (the optimal search skipped one),
  ``beyond-shallow`` (it read fewer leaves than shallow pruning); group ``domain``:
  ``domain-reals``, ``domain-integers``; group ``paranoid``: ``paranoid-at-root``,
  ``paranoid-below`` (whether the paranoid player moves at the root).
- **Chance nodes** (Star1 and Star2, Ballard 1983): ``chance-fail-low`` and
  ``chance-fail-high`` (a chance node stopped on Star1's test v_i <= A_i or v_i >= B_i),
  ``chance-beyond`` (its window lay beyond the leaf bounds [L, U]); Star2's
  ``probe-fail-low`` and ``probe-fail-high`` (the probes alone decided) and
  ``probe-searched-again`` (a probed child searched again, past its first child). A cut-off
  below a chance node comes from its parent, the chance node that set the child's window.
- **Limits the request carries**, each met exactly, one short and one beyond: the root's
  outcome (group ``root``: ``fail-low`` v <= a, ``exact``, ``fail-high`` v >= b); where each
  window edge lies against v (groups ``alpha`` and ``beta``: ``alpha-open``, ``alpha=v-1``,
  ``alpha=v``, ``alpha=v+1``, ``alpha<v`` and ``alpha>v`` elsewhere below or above v, and
  the same for beta); MTD(f)'s
  first guess (group ``guess``, the same five places); Korf's bounds (group ``lower``:
  ``lower-met`` some component is L, ``lower-one-short`` the smallest is L + 1,
  ``lower-clear``; group ``sum``: ``sum-met`` some leaf sums to S, ``sum-one-short`` the
  largest sum is S - 1, ``sum-clear``). One *beyond* Korf's bounds is not a behaviour: a
  leaf below L or over S is invalid input, which the reader refuses.
- **Games** (the ``game-`` semantics, read from the game graph and the search's cut tree):
  ``transposition`` (a state reached by two lines within the depth), ``deeper-first`` (a
  state reached first with more plies left than later: where a table entry of a deeper search
  can answer), where the longest quiescence extension ends against the limit q (group
  ``quiescence``: ``quiescence-to-limit``, still noisy at the limit, one beyond it;
  ``quiescence-at-limit``; ``quiescence-one-short``; ``quiescence-shorter``),
  ``quiescence-settles`` (an extension that ends on a quiet state before it), ``check``
  (a state in check inside an extension), ``stand-pat`` (standing pat is the best reply),
  ``terminal-above-horizon`` (a game end before the depth); group ``horizon``: the game's
  longest line against the depth d (``game-longer`` past d + 1, ``game-at-depth+1``,
  ``game-at-depth``, ``game-at-depth-1``, ``game-shorter``); for the witness semantics the
  window groups above and ``witness-many`` (the witnesses' values are more than one); for
  deepening ``budget-stops`` (the node budget is smaller than the full search to
  ``max_depth``); for ``game-expectimax`` (no quiescence, no table) ``chance-searched`` (a
  chance state above the horizon), ``chance-at-horizon`` (one at it, its evaluation read)
  and ``chance-root``.
- **Tables** (the ``game-`` semantics, read off a search with a transposition table,
  :mod:`gametree.conform.game_behaviours`): a state met again holds an entry, exact or a lower
  or an upper bound, of a search to the same depth, a deeper or a shallower one, or of a
  quiescence extension (``entry-exact-equal``, ``entry-exact-deeper``,
  ``entry-exact-shallower``, ``entry-exact-quiescence``, ``entry-lower-equal``,
  ``entry-lower-deeper``, ``entry-lower-shallower``, ``entry-lower-quiescence``,
  ``entry-upper-equal``, ``entry-upper-deeper``, ``entry-upper-shallower``,
  ``entry-upper-quiescence``), and the entry's value lies somewhere against the later visit's
  window (``revisit-below`` alpha, ``revisit-at-alpha``, ``revisit-inside``,
  ``revisit-at-beta``, ``revisit-above`` beta); an entry and a place are a pair only when one
  visit shows both, and two entries or two places are no pair (:data:`TABLE`);
  ``revisit-other-ply`` (a state met again at another ply than its entry's, with the same or
  other plies left: across the iterations of deepening, or by a deeper entry).
"""

import random
from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations, product

import attrs

from gametree.conform.codec import Case
from gametree.conform.scope import MAGNITUDE_FLAGS, WIDE
from gametree.conform.semantics import SEMANTICS
from gametree.spec import Scalar

__all__ = [
    "JOINT",
    "TABLE",
    "Behaviour",
    "Pair",
    "aimed",
    "all_pairs",
    "at_place",
    "behaviour_names",
    "catalogue",
    "infeasible",
    "magnitude_of",
    "markdown",
    "pairs_of",
    "place",
    "window_behaviours",
]

Pair = tuple[str, str]
"""Two behaviours, in the order of the semantics' catalogue."""


@attrs.frozen
class Behaviour:
    """One behaviour: its name, what it means, its group, what a case needs to show it."""

    name: str
    meaning: str
    group: str = ""
    """Behaviours of one group exclude each other (a case shows at most one)."""
    node: bool = True
    """Whether only a tree with an interior node can show it (a lone leaf cannot)."""
    flags: tuple[str, ...] = ()
    """Flags every case showing it earns: with one of them skipped, it is not asked."""


def _b(name: str, meaning: str, group: str = "", *, node: bool = True,
       flags: tuple[str, ...] = ()) -> Behaviour:  # fmt: skip
    return Behaviour(name, meaning, group, node, flags)


SHAPE = (
    _b("lone-leaf", "the tree is one leaf", node=False),
    _b("unary", "a node with one child"),
    _b("moves-twice", "a node whose child node has the same mover", flags=("NotByDepth",)),
    _b("uneven", "leaves at different depths"),
    _b("wide", f"a node with more than {WIDE} children", flags=("Wide",)),
    _b("tall", "height 6 or more", flags=("Tall",)),
    _b("repeated", "an identical subtree of 3 or more nodes twice", flags=("RepeatedSubtree",)),
)
MANY = _b("many-players", "5 or more players", node=False, flags=("ManyPlayers",))
MAGNITUDE = (
    _b("values-small", "every number below 999 in magnitude", "magnitude", node=False),
    _b("values-large", "a number of magnitude 999 up to 2^53", "magnitude", node=False,
       flags=("Sentinel",)),
    _b("values-huge", "a number beyond 2^53 (past a double's integers)", "magnitude",
       node=False, flags=("Sentinel", "Int16", "Int32", "Float64")),
    _b("fractions", "a number that is not an integer", node=False, flags=("Fraction",)),
)  # fmt: skip
CUTS = {
    "cut-immediate": "a cut-off where the mover already has the whole sum (Korf 3.2.1)",
    "cut-parent": "a cut-off by the parent's bound",
    "cut-grandparent": "a cut-off by a bound set two plies up",
    "cut-3-up": "a cut-off by a bound set three or more plies up (a deep cut-off)",
    "cut-window": "a cut-off by the request's own window edge",
    "cut-tie": "a cut-off whose test held with equality",
    "cut-last-child": "the cut-off test held after the last child (nothing left to cut)",
}
PLAIN = {
    "tie": "a child's value equalled the best so far (the tie rule kept the earlier)",
    "best-last": "the last child of a node strictly replaced the best",
}
PLACES = ("open", "=v-1", "=v", "=v+1", "<v", ">v")


def _places(edge: str, meaning: str) -> tuple[Behaviour, ...]:
    words = {"open": "open (infinite)", "=v-1": "v - 1", "=v": "v exactly", "=v+1": "v + 1",
             "<v": "below v, not v - 1", ">v": "above v, not v + 1"}  # fmt: skip
    return tuple(
        _b(
            f"{edge}-open" if p == "open" else f"{edge}{p}",
            f"{meaning} {words[p]}",
            edge,
            node=False,
        )
        for p in PLACES
        if edge != "guess" or p != "open"
    )


def place(edge: str, x: Scalar | None, v: Scalar) -> str:
    """The behaviour of where ``x``, the ``edge`` (alpha, beta, guess), lies against the value v."""
    if x is None:
        return f"{edge}-open"
    d = x - v
    if d in (-1, 0, 1):
        return f"{edge}={'v' if d == 0 else f'v{int(d):+d}'}"
    return f"{edge}<v" if d < 0 else f"{edge}>v"


def magnitude_of(numbers: Iterable[Scalar]) -> str:
    """The ``magnitude`` behaviour of the largest of ``numbers`` (in magnitude)."""
    largest: Scalar = 0
    for x in numbers:
        largest = max(largest, x, -x)
    limits = dict(MAGNITUDE_FLAGS)
    if largest > limits["Float64"]:
        return "values-huge"
    return "values-large" if largest > limits["Sentinel"] else "values-small"


def window_behaviours(case: Case, v: Scalar) -> set[str]:
    """The root's outcome and where each window edge lies against the true value v."""
    a, b = case.alpha, case.beta
    root = "fail-low" if a is not None and v <= a else "exact"
    if b is not None and v >= b:
        root = "fail-high"
    return {root, place("alpha", a, v), place("beta", b, v)}


def aimed(aim: set[str], edge: str, rng: random.Random) -> str:
    """The place of :data:`PLACES` ``aim`` asks for ``edge`` (alpha, beta, guess), or one drawn."""
    for name in aim:
        if name.startswith(edge):
            return name[len(edge) :].lstrip("-")
    return rng.choice(PLACES if edge != "guess" else PLACES[1:])


def at_place(where: str, v: Scalar, unit: Scalar, rng: random.Random) -> Scalar | None:
    """A window edge or guess drawn at ``where`` (a name :func:`place` gives) against v."""
    if where == "open":
        return None
    if where in {"<v", ">v"}:
        sign = -1 if where == "<v" else 1
        off = 1 + unit * rng.choice((2, 3, 5, 40)) if rng.random() < 0.8 else Fraction(unit) / 2
        return v + sign * off
    return v + {"=v-1": -1, "=v": 0, "=v+1": 1}[where]


ROOT = (
    _b("fail-low", "the value is at or below alpha (v <= a)", "root", node=False),
    _b("exact", "the value is inside the window (a < v < b)", "root", node=False),
    _b("fail-high", "the value is at or above beta (v >= b)", "root", node=False),
)
WINDOW = (*ROOT, *_places("alpha", "alpha is"), *_places("beta", "beta is"))
GUESS = _places("guess", "the first guess is")
KORF_LIMITS = (
    _b("lower-met", "a leaf component equals the lower bound L", "lower", node=False),
    _b("lower-one-short", "the smallest component is L + 1", "lower", node=False),
    _b("lower-clear", "the smallest component is above L, not L + 1", "lower", node=False),
    _b("sum-met", "a leaf sums to exactly S", "sum", node=False),
    _b("sum-one-short", "the largest sum of a leaf is S - 1", "sum", node=False),
    _b("sum-clear", "every leaf sums to less than S, the largest not S - 1", "sum", node=False),
)


def _cuts(*names: str) -> tuple[Behaviour, ...]:
    return tuple(_b(n, CUTS[n]) for n in names)


def _plain() -> tuple[Behaviour, ...]:
    return tuple(_b(n, m) for n, m in PLAIN.items())


def _search(semantics: str) -> tuple[Behaviour, ...]:  # noqa: PLR0911, PLR0912 - a list a family
    """The search behaviours the reference for ``semantics`` can show."""
    two = ("cut-parent", "cut-grandparent", "cut-3-up")
    if semantics in {"minimax", "negamax", "maxn"}:
        return _plain()
    if semantics.startswith(("alphabeta", "negamax-alphabeta")):
        return (*_cuts(*two, "cut-window", "cut-tie", "cut-last-child"), *_plain())
    if semantics == "pvs":
        return (
            *_cuts(*two, "cut-window", "cut-tie", "cut-last-child"),
            *_plain(),
            _b("re-search", "a scout landed inside the window and the child was searched again"),
            _b("scout-holds", "a scout settled its child without a re-search"),
        )
    if semantics == "mtdf":
        return (
            _b("cut-tie", "a test stopped a node at exactly the test value"),
            _b("table-lower", "a stored lower bound answered a test"),
            _b("table-upper", "a stored upper bound answered a test"),
            _b("tests-1", "MTD(f) stopped after one test", "tests"),
            _b("tests-2", "MTD(f) stopped after two tests", "tests"),
            _b("tests-3+", "MTD(f) made three tests or more", "tests"),
        )
    if semantics in {"paranoid", "brs-plus"}:  # BRS+: paranoid's on its transform
        return (
            *_cuts(*two, "cut-tie", "cut-last-child"),
            *_plain(),
            _b("paranoid-at-root", "the paranoid player moves at the root", "paranoid"),
            _b("paranoid-below", "the paranoid player does not move at the root", "paranoid"),
        )  # fmt: skip
    korf = ("cut-immediate", "cut-tie", "cut-last-child")
    if semantics in {"immediate"}:
        return (*_cuts(*korf), *_plain())
    if semantics == "shallow":
        return (*_cuts("cut-parent", *korf), *_plain())
    if semantics == "deep-pruning-unsound":
        return (
            *_cuts(*two, *korf),
            *_plain(),
            _b("deep-trap", "deep pruning's answer is not the maxn value (Korf's Figure 5)"),
        )
    if semantics == "last-branch":
        return (*_cuts(*two, "cut-immediate", "cut-tie"), *_plain())
    if semantics == "speculative":
        return (
            *_cuts(*two, "cut-immediate", "cut-tie"),
            *_plain(),
            _b("re-search", "a pruned child was searched again"),
            _b("speculated", "a node replied NIL, relying on a speculative ancestor"),
        )
    if semantics == "optimal":
        return (
            # a lone leaf the bounds leave one value for is not read at all: no node needed
            _b("unnecessary-leaf", "a leaf was not necessary and was never read", node=False),
            _b("unnecessary-subtree", "a subtree was not necessary and was never read"),
            _b("beyond-shallow", "fewer leaves read than shallow pruning reads", node=False),
            *_plain(),
            _b("domain-reals", "asked over the reals", "domain", node=False),
            _b("domain-integers", "asked over the integers", "domain", node=False,
               flags=("IntegerDomain",)),
        )  # fmt: skip
    if semantics == "expectimax":
        return _plain()
    if semantics in {"star1", "star2"}:
        probes = (*_star(*STAR2),) if semantics == "star2" else ()
        return (*_cuts(*two, "cut-window", "cut-tie"), *_plain(), *_star(*STAR1), *probes)
    raise KeyError(
        f"{semantics}: the search behaviours its cases can show are not listed in "
        "gametree/conform/behaviours.py (_search): the gate's coverage of a new search"
    )


STAR = {
    "chance-fail-low": "a chance node stopped on Star1's test v_i <= A_i (Ballard 1983)",
    "chance-fail-high": "a chance node stopped on Star1's test v_i >= B_i",
    "chance-beyond": "a chance node's window lay beyond the leaf bounds [L, U]: nothing read",
    "probe-fail-low": "Star2's probes alone held a chance node to alpha or below",
    "probe-fail-high": "Star2's probes alone held a chance node to beta or above",
    "probe-searched-again": "a probed child was searched again past its first child (Star2's "
    "search phase)",
}
"""What Star1 and Star2 do at chance nodes, read from their ``cut`` and ``search`` events."""
STAR1 = ("chance-fail-low", "chance-fail-high", "chance-beyond")
STAR2 = ("probe-fail-low", "probe-fail-high", "probe-searched-again")


def _star(*names: str) -> tuple[Behaviour, ...]:
    return tuple(_b(n, STAR[n]) for n in names)


GAME = (
    _b("transposition", "a state reached by two lines within the depth"),
    _b("deeper-first", "a state reached first with more plies left than later"),
    _b("quiescence-to-limit", "an extension still noisy at the quiescence limit (one beyond)",
       "quiescence"),
    _b("quiescence-at-limit", "the longest extension ends exactly at the quiescence limit",
       "quiescence"),
    _b("quiescence-one-short", "the longest extension ends one ply short of the limit",
       "quiescence"),
    _b("quiescence-shorter", "every extension ends two plies or more short of the limit",
       "quiescence"),
    _b("quiescence-settles", "an extension ending on a quiet state before the limit"),
    _b("check", "a state in check inside an extension"),
    _b("terminal-above-horizon", "a game end before the depth"),
    _b("moves-twice", "a move to a state where the same player moves",
       flags=("MovesTwice",)),
    _b("game-longer", "the game's longest line goes past depth + 1", "horizon"),
    _b("game-at-depth+1", "the game's longest line is depth + 1 plies", "horizon"),
    _b("game-at-depth", "the game's longest line is exactly the depth", "horizon"),
    _b("game-at-depth-1", "the game's longest line is depth - 1 plies", "horizon"),
    _b("game-shorter", "the game's longest line is shorter than depth - 1", "horizon"),
)  # fmt: skip


ENTRY_DEPTHS = {
    "equal": "of a search to the same depth",
    "deeper": "of a deeper search",
    "shallower": "of a shallower search",
    "quiescence": "of a quiescence extension",
}
REVISIT_PLACES = {
    "below": "below alpha",
    "at-alpha": "at alpha",
    "inside": "inside the window",
    "at-beta": "at beta",
    "above": "above beta",
}
ENTRIES = tuple(
    _b(f"entry-{k}-{d}", f"a state met again holds {what} {of}")
    for k, what in (("exact", "an exact entry"), ("lower", "a lower bound"),
                    ("upper", "an upper bound"))
    for d, of in ENTRY_DEPTHS.items()
)  # fmt: skip
REVISITS = tuple(
    _b(f"revisit-{p}", f"a state met again: its entry's value {where} of the later window")
    for p, where in REVISIT_PLACES.items()
)
OTHER_PLY = _b("revisit-other-ply", "a state met again at another ply than its entry's")
TABLE = frozenset(b.name for b in (*ENTRIES, *REVISITS))
"""The table behaviours that pair only as one visit shows them: an entry and a place, each
case naming the ones it shows together as ``entry&place`` (:func:`pairs_of`)."""
JOINT = "&"


CHANCE_STATES = (
    _b("chance-searched", "a chance state above the horizon: its outcomes searched"),
    _b("chance-at-horizon", "a chance state at the horizon: its evaluation read"),
    _b("chance-root", "chance moves at the root: no best move"),
)
"""What a game with chance states shows (``game-expectimax``)."""


def catalogue(semantics: str) -> tuple[Behaviour, ...]:
    """Every behaviour the reference for ``semantics`` can show, in a fixed order."""
    s = SEMANTICS[semantics]
    if s.game and s.chance:  # no quiescence, no table: the value is all it claims
        plain = {"transposition", "deeper-first", "terminal-above-horizon", "moves-twice"}
        return (*(b for b in GAME if b.name in plain or b.group == "horizon"), *MAGNITUDE[:3],
                *CHANCE_STATES)  # fmt: skip
    if s.game:
        quiet = {b.name for b in GAME if b.group == "quiescence"} | {"quiescence-settles", "check"}
        out: tuple[Behaviour, ...] = tuple(
            b
            for b in (*GAME, *MAGNITUDE[:3])
            if semantics != "game-negamax-witness" or b.name not in quiet
        )  # the witness criterion is asked without quiescence
        if semantics == "game-negamax-stand-pat":
            out += (_b("stand-pat", "standing pat was the best reply in an extension"),)
        if semantics == "game-negamax-witness":
            out += (*WINDOW, _b("witness-many", "the witnesses' values are more than one"))
        if semantics == "game-deepening":
            out += (_b("budget-stops", "the budget ends the search before max_depth"),)
        entries = tuple(e for e in ENTRIES if semantics != "game-negamax-witness"
                        or not e.name.endswith("-quiescence"))  # fmt: skip
        return (*out, *entries, *REVISITS, OTHER_PLY)
    out = (*SHAPE, *((MANY,) if s.kind == "vector" else ()), *MAGNITUDE, *_search(semantics))
    if s.window:
        out += WINDOW
    if s.guess:
        out += GUESS
    if s.bounds:
        out += KORF_LIMITS
    return out


def behaviour_names(semantics: str) -> tuple[str, ...]:
    """The names of :func:`catalogue`."""
    return tuple(b.name for b in catalogue(semantics))


# -- Pairs ----------------------------------------------------------------------------------


def pairs_of(semantics: str, shown: Iterable[str]) -> set[Pair]:
    """The pairs of behaviours a case that shows ``shown`` covers, in catalogue order.

    Two table behaviours (:data:`TABLE`) are a pair only when ``shown`` names them together
    (``entry&place``: one visit showed both).
    """
    shown = set(shown)
    order = {n: i for i, n in enumerate(behaviour_names(semantics))}
    names = sorted((n for n in shown if n in order), key=order.__getitem__)
    return {
        (a, b)
        for a, b in combinations(names, 2)
        if not (a in TABLE and b in TABLE) or f"{a}{JOINT}{b}" in shown
    }


def all_pairs(semantics: str) -> list[Pair]:
    """Every pair of the semantics' behaviours, in catalogue order.

    Of two table behaviours only an entry and a place (:data:`TABLE`).
    """
    return [
        (a, b)
        for a, b in combinations(behaviour_names(semantics), 2)
        if not (a in TABLE and b in TABLE) or (a.startswith("entry-") and b.startswith("revisit-"))
    ]


def infeasible(semantics: str, *, by_depth: bool = False, integers: bool = False) -> dict[
    Pair, str
]:  # fmt: skip
    """The pairs no valid case of ``semantics`` shows, each with the reason why.

    ``by_depth`` (``--alternating``): the players move in turn by depth; ``integers``: no
    fraction is asked (``Fraction`` skipped), so no window edge lies strictly between v and
    v + 1. The reasons are
    checked, not only stated: ``tests/test_conform_behaviours.py`` draws many cases and fails
    if one shows a pair called infeasible here.
    """
    cat = {b.name: b for b in catalogue(semantics)}
    out: dict[Pair, str] = {}
    window = _window_pairs(semantics, integers=integers)
    for a, b in all_pairs(semantics):
        x, y = cat[a], cat[b]
        why = None
        if x.group and x.group == y.group:
            why = f"a case shows one {x.group} behaviour"
        elif "lone-leaf" in (a, b) and (x.node if b == "lone-leaf" else y.node):
            why = "a lone leaf has no interior node"
        elif (a, b) in window:
            why = window[(a, b)]
        else:
            why = _rule(semantics, a, b, by_depth=by_depth)
        if why:
            out[(a, b)] = why
    return out


def _window_pairs(semantics: str, *, integers: bool = False) -> dict[Pair, str]:
    """The pairs of the window's and guess's places and the root's outcome no window shows.

    Found by trying every window around v = 0 with edges in -3..3 by halves, or open (a < b),
    which realises every place: a place depends only on an edge's difference from v, and a
    half lies between v and v + 1, where only a fraction can.
    """
    s = SEMANTICS[semantics]
    if not s.window:
        return {}
    step = 1 if integers else 2
    edges: list[Fraction | None] = [
        None,
        *(Fraction(i, step) for i in range(-3 * step, 3 * step + 1)),
    ]
    seen: set[Pair] = set()
    names = behaviour_names(semantics)
    order = {n: i for i, n in enumerate(names)}
    guesses: list[Fraction | None] = [x for x in edges if x is not None] if s.guess else [None]
    for a, b, g in product(edges, edges, guesses):  # -3..3 around v = 0 reaches every place
        if a is not None and b is not None and a >= b:
            continue
        shown = {"fail-low" if a is not None and a >= 0 else "exact", place("alpha", a, 0),
                 place("beta", b, 0)}  # fmt: skip
        if b is not None and b <= 0:
            shown = (shown - {"exact", "fail-low"}) | {"fail-high"}
        if g is not None:
            shown.add(place("guess", g, 0))
        seen |= set(combinations(sorted(shown, key=order.__getitem__), 2))
    relational = {b.name for b in (*WINDOW, *GUESS)}
    why = "no window a < b puts both there" + (" with integer edges" if integers else "")
    return {
        p: why
        for p in combinations(names, 2)
        if p[0] in relational and p[1] in relational and p not in seen
    }


QUIESCENCE = frozenset(
    {"quiescence-to-limit", "quiescence-at-limit", "quiescence-one-short", "quiescence-shorter"}
)
"""Where the longest quiescence extension ends against the limit q (group ``quiescence``)."""

IMMEDIATE_NEEDS = frozenset({"lower-one-short", "lower-clear", "sum-one-short", "sum-clear"})
"""What no immediate cut-off shows: it needs a leaf with one component at S - (N - 1) L (the
whole shifted sum), so every other component of that leaf is L and the leaf sums to S."""


def _rule(semantics: str, a: str, b: str, *, by_depth: bool) -> str | None:  # noqa: PLR0911
    """The reason a pair outside groups, lone leaves and windows is infeasible, if it is."""
    pair = {a, b}
    immediate_only = semantics == "immediate" and pair & {"cut-tie", "cut-last-child"}
    if ("cut-immediate" in pair or immediate_only) and pair & IMMEDIATE_NEEDS:
        return ("an immediate cut-off needs a leaf whose mover's component is the whole "
                "shifted sum: every other component is L, and the leaf sums to S")  # fmt: skip
    if semantics == "pvs" and "cut-parent" in pair:
        return ("PVS searches a later child with the window only when its scout put it above "
                "alpha, so the parent's bound never cuts it; a first child's window is "
                "inherited from further up")  # fmt: skip
    if semantics == "mtdf" and pair == {"tests-1", "exact"}:
        return "an exact value needs a lower and an upper bound that meet: two tests at least"
    if semantics == "mtdf" and pair == {"tests-3+", "guess=v"}:
        return ("a first test at v returns v as a bound (a fail-soft bound lies between the "
                "test value and v), and a second at v the other bound: two tests; outside the "
                "window the guess is clamped to an edge and one test leaves it")  # fmt: skip
    quiescent_entries = {f"entry-{k}-quiescence" for k in ("exact", "lower", "upper")}
    if semantics == "game-deepening":  # an earlier iteration's horizon is nearer
        quiescent_entries = set()
    past = pair & {*QUIESCENCE, "quiescence-settles", "check", "stand-pat", *quiescent_entries}
    if past and pair & {"game-at-depth", "game-at-depth-1", "game-shorter"}:
        return ("a quiescence extension starts at a state with moves at the horizon: the game "
                "has a line longer than the depth")  # fmt: skip
    if pair & {"quiescence-to-limit", "quiescence-settles"} and "game-at-depth+1" in pair:
        return ("an extension that reaches a state one ply past the horizon and goes on from "
                "it needs a line of depth + 2 plies")  # fmt: skip
    if "chance-at-horizon" in pair and pair & {"game-at-depth", "game-at-depth-1", "game-shorter"}:
        return ("a chance state at the horizon has moves: the game has a line longer than the "
                "depth")  # fmt: skip
    if "witness-many" in pair and pair & {"game-at-depth", "game-at-depth-1", "game-shorter"}:
        return ("every line ends within the depth, so searching deeper changes no value: the "
                "witnesses' value is one")  # fmt: skip
    if semantics == "optimal" and pair == {"fractions", "domain-integers"}:
        return "a case asked over the integers has integer leaves and bounds"
    if by_depth and "moves-twice" in pair:
        return "--alternating: the players move in turn"
    if by_depth and "cut-grandparent" in pair and SEMANTICS[semantics].kind == "scalar":
        return ("--alternating: a bound comes from the other player, an odd number of plies "
                "up")  # fmt: skip
    return None


def markdown() -> str:
    """The catalogue as docs/conformance.md shows it: every behaviour, then each semantics'."""
    seen: dict[str, Behaviour] = {}
    flags: dict[str, list[str]] = {}
    for s in SEMANTICS:
        for b in catalogue(s):
            seen.setdefault(b.name, b)
            flags.setdefault(b.name, [])
            flags[b.name] += [f for f in b.flags if f not in flags[b.name]]
    rows = ["| behaviour | group | shown when | flags |", "| --- | --- | --- | --- |"]
    rows += [
        f"| `{b.name}` | {b.group or ''} | {b.meaning} | {', '.join(flags[b.name])} |"
        for b in seen.values()
    ]
    rows += ["", "| semantics | behaviours | feasible pairs |", "| --- | --- | --- |"]
    for s in SEMANTICS:
        names = behaviour_names(s)
        feasible = len(all_pairs(s)) - len(infeasible(s))
        rows.append(f"| `{s}` | {len(names)}: {', '.join(names)} | {feasible} |")
    return "\n".join(rows) + "\n"
