"""What a case makes the reference do: the behaviours the gate counts, alone and in pairs.

The flags of :mod:`gametree.conform.scope` say what a case *holds*; this module says what it
makes the reference search *do* and which limits of the request it *meets*, read from the
search's own event trace (:mod:`gametree.impl.events`) and from the request. A run of the gate
is then measured by which behaviours, and which pairs of behaviours, its cases showed: most
bugs need two things at once (an uneven tree with large values, a tie at the moment of a cut
in a wide node, a window edge met exactly by a cut three plies down), and a tier that looks
along one axis at a time rarely draws both (combinatorial interaction testing: Kuhn, Wallace
and Gallo 2004 found most faults triggered by one or two factors together; Cohen et al.'s AETG
1997 covers every pair with few tests). :mod:`gametree.conform.steer` draws towards the pairs
not yet shown.

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
  ``max_depth``).
"""

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import attrs

from gametree.conform.scope import MAGNITUDE_FLAGS, REPEATED, TALL, WIDE
from gametree.conform.scope import MANY as MANY_PLAYERS
from gametree.conform.semantics import SEMANTICS, Case, expected
from gametree.impl import events as ev
from gametree.spec import Leaf, Node, Scalar, Tree

__all__ = [
    "Behaviour",
    "Pair",
    "behaviour_names",
    "catalogue",
    "infeasible",
    "magnitude_of",
    "observe",
    "pairs_of",
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


def _search(semantics: str) -> tuple[Behaviour, ...]:  # noqa: PLR0911 - one list per family
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
    if semantics == "paranoid":
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
    raise KeyError(semantics)  # pragma: no cover - every tree semantics is listed above


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


def catalogue(semantics: str) -> tuple[Behaviour, ...]:
    """Every behaviour the reference for ``semantics`` can show, in a fixed order."""
    s = SEMANTICS[semantics]
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
        return out
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


# -- Reading a case -------------------------------------------------------------------------


def _num(x: object) -> Fraction | None:
    """A number of the event trace's JSON (an int, a ``"p/q"`` string; ``None`` infinite)."""
    if x is None:
        return None
    if isinstance(x, int):
        return Fraction(x)
    assert isinstance(x, str), x
    return Fraction(x)


@attrs.define
class _Walk:
    """What one walk of a tree finds: the shape behaviours, every number, Korf's extremes."""

    out: set[str] = attrs.field(factory=set)
    numbers: list[Scalar] = attrs.field(factory=list)
    depths: set[int] = attrs.field(factory=set)
    least: Scalar | None = None
    """The smallest component of any leaf vector."""
    most: Scalar | None = None
    """The largest sum of any leaf vector."""

    def leaf(self, v: object, d: int) -> None:
        self.depths.add(d)
        if not isinstance(v, tuple):
            self.numbers.append(v)  # type: ignore[arg-type]
            return
        self.numbers.extend(v)
        m, total = min(v), sum(v)
        self.least = m if self.least is None or m < self.least else self.least
        self.most = total if self.most is None or total > self.most else self.most

    def node(self, n: Node, seen: set[Node]) -> None:
        if len(n.children) == 1:
            self.out.add("unary")
        elif len(n.children) > WIDE:
            self.out.add("wide")
        if n.size >= REPEATED and "repeated" not in self.out:
            if n in seen:
                self.out.add("repeated")
            seen.add(n)
        if any(isinstance(c, Node) and c.to_move == n.to_move for c in n.children):
            self.out.add("moves-twice")


def _shape(case: Case) -> set[str]:
    """The shape, magnitude and Korf-bound behaviours of ``case``, in one walk of its tree."""
    t = case.tree
    walk = _Walk(out={"lone-leaf"} if isinstance(t, Leaf) else set())
    walk.numbers += [x for x in (case.alpha, case.beta) if x is not None]
    if case.bounds is not None:
        walk.numbers += [case.bounds.lower, case.bounds.total]
    seen: set[Node] = set()
    stack: list[tuple[Tree, int]] = [(t, 0)]
    while stack:
        n, d = stack.pop()
        if isinstance(n, Leaf):
            walk.leaf(n.value, d)
        else:
            walk.node(n, seen)
            stack.extend((c, d + 1) for c in n.children)
    out = walk.out | {magnitude_of(walk.numbers)}
    out |= {"uneven"} if len(walk.depths) > 1 else set()
    out |= {"tall"} if t.height >= TALL else set()
    out |= {"many-players"} if t.players >= MANY_PLAYERS else set()
    if any(isinstance(x, Fraction) and x.denominator > 1 for x in walk.numbers):
        out.add("fractions")
    if case.bounds is not None and walk.least is not None and walk.most is not None:
        lower, total = case.bounds.lower, case.bounds.total
        lo = {lower: "lower-met", lower + 1: "lower-one-short"}.get(walk.least, "lower-clear")
        hi = {total: "sum-met", total - 1: "sum-one-short"}.get(walk.most, "sum-clear")
        out |= {lo, hi}
    return out


def magnitude_of(numbers: Iterable[Scalar]) -> str:
    """The ``magnitude`` behaviour of the largest of ``numbers`` (in magnitude)."""
    largest: Scalar = 0
    for x in numbers:
        largest = max(largest, x, -x)
    limits = dict(MAGNITUDE_FLAGS)
    if largest > limits["Float64"]:
        return "values-huge"
    return "values-large" if largest > limits["Sentinel"] else "values-small"


def _place(edge: str, x: Scalar | None, v: Scalar) -> str:
    if x is None:
        return f"{edge}-open"
    d = x - v
    if d in (-1, 0, 1):
        return f"{edge}={'v' if d == 0 else f'v{int(d):+d}'}"
    return f"{edge}<v" if d < 0 else f"{edge}>v"


def window_behaviours(case: Case, v: Scalar) -> set[str]:
    """The root's outcome and where each window edge lies against the true value v."""
    a, b = case.alpha, case.beta
    root = "fail-low" if a is not None and v <= a else "exact"
    if b is not None and v >= b:
        root = "fail-high"
    return {root, _place("alpha", a, v), _place("beta", b, v)}


TRACE_NAMES = {
    "alphabeta-fail-hard": "alphabeta",
    "negamax-alphabeta-fail-hard": "negamax-alphabeta",
    "deep-pruning-unsound": "deep",
}
"""The event trace's name of a semantics' reference search, where the two names differ."""


def observe(case: Case, value: Scalar | None = None) -> frozenset[str]:
    """The behaviours ``case`` shows (a subset of :func:`behaviour_names`).

    ``value``: the true value of a window semantics' case, when the caller has it already.
    """
    s = SEMANTICS[case.semantics]
    if s.game:
        from gametree.conform.game_behaviours import observe_game  # noqa: PLC0415

        return frozenset(observe_game(case))
    out = _shape(case)
    if s.player and isinstance(case.tree, Node):
        out.add("paranoid-at-root" if case.tree.to_move == case.player else "paranoid-below")
    if s.domain:
        out.add(f"domain-{case.domain}")
    name = TRACE_NAMES.get(case.semantics, case.semantics)
    events = ev.trace(name, case.tree, **_options(case))
    out |= _Reader(case, events).behaviours()
    if s.window:
        if value is None:
            v = expected(case).true_value
            assert not isinstance(v, tuple)
            value = v
        out |= window_behaviours(case, value)
        if s.guess:
            out.add(_place("guess", case.first_guess, value))
    out |= _outcome(case, events)
    return frozenset(out & set(behaviour_names(case.semantics)))


def _options(case: Case) -> dict[str, Any]:
    """What the event trace of ``case``'s reference search is run with."""
    s = SEMANTICS[case.semantics]
    options: dict[str, Any] = {}
    if s.window:
        options |= {k: x for k, x in (("alpha", case.alpha), ("beta", case.beta)) if x is not None}
    if s.bounds:
        options["bounds"] = case.bounds
    if s.player:
        options["player"] = case.player
    if s.guess:
        options["first_guess"] = case.first_guess
    if s.domain:
        options["domain"] = case.domain
    return options


def _outcome(case: Case, events: Iterable[ev.Event]) -> set[str]:
    """What deep pruning and the optimal search come to: a wrong value, fewer leaves read."""
    if case.semantics == "deep-pruning-unsound":
        e = expected(case)
        return {"deep-trap"} if e.value != e.true_value else set()
    if case.semantics != "optimal":
        return set()
    from gametree import impl  # noqa: PLC0415

    assert case.bounds is not None
    shallow = impl.shallow(case.tree, case.bounds).leaves_evaluated
    read = sum(1 for e in events if e["type"] == "leaf")
    return {"beyond-shallow"} if read < shallow else set()


@attrs.define
class _Frame:
    """What the reader keeps of one node on the path: its window, bound and best so far."""

    node: Node
    path: list[int]
    alpha: Fraction | None = None
    beta: Fraction | None = None
    alpha_from: int = -1
    """The depth where alpha was last set (-1: the request's window)."""
    beta_from: int = -1
    bound: Fraction | None = None
    floors: tuple[Fraction | None, ...] = ()
    floors_from: tuple[int, ...] = ()
    best: Any = None
    cut: bool = False

    @property
    def depth(self) -> int:
        return len(self.path)


class _Reader:
    """Reads an event trace of one of :data:`gametree.impl.events.ALGORITHMS`."""

    def __init__(self, case: Case, events: Iterable[ev.Event]) -> None:
        self.case = case
        self.events = events
        self.semantics = case.semantics
        self.negamax = case.semantics in {"negamax", "pvs"} or case.semantics.startswith("negamax-")
        self.vector = SEMANTICS[case.semantics].kind == "vector" and case.semantics != "paranoid"
        self.lower = case.bounds.lower if case.bounds is not None else 0
        self.out: set[str] = set()
        self.scout: list[int] | None = None
        """The path of the last PVS scout, until a re-search of it (or not) follows."""
        self.tests = 0
        """MTD(f)'s tests so far."""

    def behaviours(self) -> set[str]:
        """Read the events once; the behaviours they show."""
        frames: list[_Frame] = []
        for e in self.events:
            kind = e["type"]
            if kind == "search":
                self._search(e)
            elif kind == "enter":
                frames.append(self._enter(e, frames))
            elif kind == "leaf" and frames and e["path"][:-1] == frames[-1].path:
                self._child(frames[-1], e["path"][-1], e["value"], leaf=True)
            elif kind in {"best", "window"} and frames:
                (self._best if kind == "best" else self._narrow)(frames[-1], e)
            elif kind == "cut":
                self._cut(e, frames)
            elif kind == "table":
                self.out.add(f"table-{e['bound']}")
            elif kind == "leave" and frames and e["path"] == frames[-1].path:
                self._leave(e, frames)
        if self.scout is not None:
            self.out.add("scout-holds")
        if self.semantics == "mtdf" and self.tests:
            self.out.add({1: "tests-1", 2: "tests-2"}.get(self.tests, "tests-3+"))
        return self.out

    def _search(self, e: ev.Event) -> None:
        """A new search of a node: MTD(f)'s tests, PVS's scouts and re-searches."""
        kind = e.get("kind")
        if self.scout is not None and not (kind == "re-search" and e["path"] == self.scout):
            self.out.add("scout-holds")
        self.scout = e["path"] if kind == "scout" else None
        if kind == "re-search":
            self.out.add("re-search")
        self.tests += kind is None

    def _enter(self, e: ev.Event, frames: list[_Frame]) -> _Frame:
        path = e["path"]
        node = self._node(path)
        if not isinstance(node, Node):  # the optimal search enters a leaf it finds unnecessary
            return _Frame(Node(0, [0]), path, cut=True)
        f = _Frame(node, path)
        parent = frames[-1] if frames and frames[-1].path == path[:-1] else None
        if "alpha" in e:
            f.alpha, f.beta = _num(e["alpha"]), _num(e["beta"])
            if parent is not None:
                flip = self.negamax and parent.node.to_move != node.to_move
                f.alpha_from = parent.beta_from if flip else parent.alpha_from
                f.beta_from = parent.alpha_from if flip else parent.beta_from
        if "bound" in e:
            f.bound = _num(e["bound"])
        if "floors" in e:
            f.floors = tuple(_num(x) for x in e["floors"])
            f.floors_from = (-1,) * len(f.floors)
            if parent is not None:
                f.floors_from = tuple(
                    o if x == px else parent.depth
                    for x, px, o in zip(f.floors, parent.floors, parent.floors_from, strict=True)
                )
        return f

    def _node(self, path: list[int]) -> Tree:
        t = self.case.tree
        for i in path:
            assert isinstance(t, Node)
            t = t.children[i]
        return t

    def _score(self, f: _Frame, child: int, value: object, *, leaf: bool) -> Fraction | None:
        """A child's reply as the node at ``f`` compares it with its best."""
        if self.vector:
            assert isinstance(value, list)
            x = _num(value[f.node.to_move])
            return None if x is None else x - self.lower
        if self.semantics == "paranoid" and leaf:
            w = value
            r = self.case.player
            assert r is not None
            if isinstance(w, list):
                return _num(w[r])
            x = _num(w)
            return None if x is None else (x if r == 0 else -x)
        x = _num(value)
        if x is None or not self.negamax:
            return x
        c = f.node.children[child]
        mover = c.to_move if isinstance(c, Node) else 0
        return -x if mover != f.node.to_move else x

    def _child(self, f: _Frame, child: int, value: object, *, leaf: bool) -> None:
        if f.best is None or child == 0 or value is None:
            return
        if self._score(f, child, value, leaf=leaf) == f.best:
            self.out.add("tie")

    def _best(self, f: _Frame, e: ev.Event) -> None:
        v = e["value"]
        if self.vector:
            x = _num(v[f.node.to_move])
            f.best = None if x is None else x - self.lower
        else:
            f.best = _num(v)
        if e["child"] > 0 and e["child"] == len(f.node.children) - 1:
            self.out.add("best-last")

    def _narrow(self, f: _Frame, e: ev.Event) -> None:
        a, b = _num(e["alpha"]), _num(e["beta"])
        if a != f.alpha:
            f.alpha, f.alpha_from = a, f.depth
        if b != f.beta:
            f.beta, f.beta_from = b, f.depth

    def _cut(self, e: ev.Event, frames: list[_Frame]) -> None:
        test = e["test"]
        if test is None:  # the optimal search: a node not necessary
            node = self._node(e["path"])
            self.out.add("unnecessary-leaf" if isinstance(node, Leaf) else "unnecessary-subtree")
            return
        f = frames[-1]
        f.cut = True
        if _num(test["leftValue"]) == _num(test["rightValue"]):
            self.out.add("cut-tie")
        if test["right"] != "gamma":
            self.out.add(self._distance(f, test))

    def _distance(self, f: _Frame, test: dict[str, Any]) -> str:
        left, right = test["left"], test["right"]
        if right == "Sum":
            if " at " not in left:
                return "cut-immediate"
            top = left.split(" at [", 1)[1].split("]", 1)[0]
            return _up(f.depth - len([x for x in top.split(",") if x.strip()]))
        if right == "Bound":
            if f.floors:
                return self._deep_distance(f)
            return "cut-immediate" if f.bound == self._total() else "cut-parent"
        if left == "best":  # paranoid: the bound on the right is inherited
            origin = f.beta_from if right == "beta" else f.alpha_from
        else:  # alpha >= beta: the side the node did not set itself is inherited
            origin = f.beta_from if f.alpha_from == f.depth else f.alpha_from
        return "cut-window" if origin < 0 else _up(f.depth - origin)

    def _deep_distance(self, f: _Frame) -> str:
        p = f.node.to_move
        others = [(x, o) for q, (x, o) in enumerate(zip(f.floors, f.floors_from, strict=True))
                  if q != p and x is not None]  # fmt: skip
        high = max(x for x, _ in others)
        origin = next(o for x, o in others if x == high)
        return "cut-immediate" if origin < 0 else _up(f.depth - origin)

    def _total(self) -> Fraction:
        assert self.case.bounds is not None
        b = self.case.bounds
        return Fraction(b.total - self.case.tree.players * b.lower)

    def _leave(self, e: ev.Event, frames: list[_Frame]) -> None:
        if e.get("speculated") is not None:
            self.out.add("speculated")
        f = frames.pop()
        if not f.cut and self._holds_at_end(f):
            self.out.add("cut-last-child")
        if frames and frames[-1].path == f.path[:-1] and f.path:
            self._child(frames[-1], f.path[-1], e.get("value"), leaf=False)

    def _holds_at_end(self, f: _Frame) -> bool:
        s = self.semantics
        if s.startswith(("alphabeta", "negamax-alphabeta")) or s == "pvs":
            return f.alpha is not None and f.beta is not None and f.alpha >= f.beta
        if s == "paranoid" and f.best is not None:
            if f.node.to_move == self.case.player:
                return f.beta is not None and f.best >= f.beta
            return f.alpha is not None and f.best <= f.alpha
        if s in {"immediate", "shallow", "deep-pruning-unsound"}:
            return f.best is not None and f.bound is not None and f.best >= f.bound
        return False


def _up(plies: int) -> str:
    assert plies >= 1, plies
    return {1: "cut-parent", 2: "cut-grandparent"}.get(plies, "cut-3-up")


# -- Pairs ----------------------------------------------------------------------------------


def pairs_of(semantics: str, shown: Iterable[str]) -> set[Pair]:
    """The pairs of behaviours a case that shows ``shown`` covers, in catalogue order."""
    order = {n: i for i, n in enumerate(behaviour_names(semantics))}
    names = sorted((n for n in shown if n in order), key=order.__getitem__)
    return set(combinations(names, 2))


def all_pairs(semantics: str) -> list[Pair]:
    """Every pair of the semantics' behaviours, in catalogue order."""
    return list(combinations(behaviour_names(semantics), 2))


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
        shown = {"fail-low" if a is not None and a >= 0 else "exact", _place("alpha", a, 0),
                 _place("beta", b, 0)}  # fmt: skip
        if b is not None and b <= 0:
            shown = (shown - {"exact", "fail-low"}) | {"fail-high"}
        if g is not None:
            shown.add(_place("guess", g, 0))
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
    past = pair & {*QUIESCENCE, "quiescence-settles", "check", "stand-pat"}
    if past and pair & {"game-at-depth", "game-at-depth-1", "game-shorter"}:
        return ("a quiescence extension starts at a state with moves at the horizon: the game "
                "has a line longer than the depth")  # fmt: skip
    if pair & {"quiescence-to-limit", "quiescence-settles"} and "game-at-depth+1" in pair:
        return ("an extension that reaches a state one ply past the horizon and goes on from "
                "it needs a line of depth + 2 plies")  # fmt: skip
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


# -- What a run showed ------------------------------------------------------------------------

SHOWN = 12
"""The most missing pairs the text report names (``--json`` names them all)."""

READ_LIMIT = 20_000
"""The largest tree (in nodes) whose search the gate reads event by event; a larger case is
counted for its shape and magnitude only (its event trace would cost more than asking it)."""


def observe_shape(case: Case) -> frozenset[str]:
    """The shape and magnitude behaviours of ``case`` alone, without running the search."""
    if case.game is not None:
        return observe(case)
    return frozenset(_shape(case) & set(behaviour_names(case.semantics)))


@attrs.define
class Shown:
    """The behaviours and pairs one phase of a run showed."""

    behaviours: set[str] = attrs.field(factory=set)
    counts: Counter[Pair] = attrs.field(factory=Counter)
    """How many cases showed each pair."""
    unread: int = 0
    """Cases too large to read the search of (:data:`READ_LIMIT`): their shape counted only."""
    examples: dict[str, Case] = attrs.field(factory=dict)
    """The smallest case that showed each behaviour (what steering starts from)."""

    def add(self, semantics: str, case: Case, shown: Iterable[str] | None = None) -> frozenset[str]:
        """Count ``case`` (its behaviours read here unless ``shown`` has them); return them."""
        if shown is None:
            if case.game is None and case.tree.size > READ_LIMIT:
                self.unread += 1
                shown = observe_shape(case)
            else:
                shown = observe(case)
        found = frozenset(shown)
        self.behaviours |= found
        self.counts.update(pairs_of(semantics, found))
        for b in found:
            kept = self.examples.get(b)
            if kept is None or case.tree.size < kept.tree.size:
                self.examples[b] = case
        return found

    @property
    def pairs(self) -> set[Pair]:
        """The pairs shown at least once."""
        return set(self.counts)


@attrs.define
class BehaviourCoverage:
    """Which behaviours and pairs a run showed, per phase, against what the semantics allows.

    ``excluded`` are the behaviours the run may not show (their flags are skipped, or players
    must alternate); the pairs of those are neither feasible nor missing, and are listed apart.
    """

    semantics: str
    by_depth: bool = False
    skip: frozenset[str] = frozenset()
    unasked: frozenset[str] = frozenset()
    """Behaviours no case asked of the target shows (``--full-window``, ``--move-only``)."""
    phases: dict[str, Shown] = attrs.field(factory=lambda: {"vectors": Shown(),
                                                            "generated": Shown()})  # fmt: skip

    @property
    def excluded(self) -> frozenset[str]:
        """Behaviours no case of the run may show: flags skipped, players alternating, unasked.

        A behaviour whose every case carries a skipped flag, a player moving twice with
        ``--alternating``, or what no case asked of the target shows (:attr:`unasked`).
        """
        out = {b.name for b in catalogue(self.semantics) if set(b.flags) & self.skip}
        if self.by_depth:
            out.add("moves-twice")
        return frozenset(out | (self.unasked & set(behaviour_names(self.semantics))))

    @property
    def infeasible(self) -> dict[Pair, str]:
        """The infeasible pairs with their reasons (:func:`infeasible`)."""
        integers = "fractions" in self.excluded
        return infeasible(self.semantics, by_depth=self.by_depth, integers=integers)

    @property
    def feasible(self) -> set[Pair]:
        """The pairs a run could show: not infeasible, no behaviour excluded."""
        ruled, out = self.infeasible, self.excluded
        return {p for p in all_pairs(self.semantics) if p not in ruled and not set(p) & out}

    def all(self) -> Shown:
        """Both phases together."""
        out = Shown()
        for s in self.phases.values():
            out.behaviours |= s.behaviours
            out.counts.update(s.counts)
            out.unread += s.unread
            for b, case in s.examples.items():
                if b not in out.examples or case.tree.size < out.examples[b].tree.size:
                    out.examples[b] = case
        return out

    def missing(self) -> list[Pair]:
        """The feasible pairs no phase showed."""
        return sorted(self.feasible - self.all().pairs)

    def json(self) -> dict[str, object]:
        """As ``--json`` reports it: every list in full, the infeasible pairs with reasons."""
        names = behaviour_names(self.semantics)
        feasible = self.feasible
        out: dict[str, object] = {
            "behaviours": list(names),
            "excluded": sorted(self.excluded),
            "feasible_pairs": len(feasible),
            "infeasible_pairs": [
                {"pair": list(p), "reason": why} for p, why in sorted(self.infeasible.items())
            ],
        }
        for phase, s in {**self.phases, "all": self.all()}.items():
            out[phase] = {
                "behaviours": [n for n in names if n in s.behaviours],
                "pairs": [list(p) for p in sorted(s.pairs & feasible)],
                "pairs_shown": len(s.pairs & feasible),
                "unread": s.unread,
            }
        out["least_shown"] = min((self.all().counts[p] for p in feasible), default=0)
        out["missing_behaviours"] = [
            n for n in names if n not in self.all().behaviours and n not in self.excluded
        ]
        out["missing_pairs"] = [list(p) for p in self.missing()]
        return out

    def text(self) -> list[str]:
        """The lines of the text report: counts per phase, what is missing, why pairs are not."""
        feasible = self.feasible
        names = {n for n in behaviour_names(self.semantics) if n not in self.excluded}
        every = self.all()
        phases = self.phases.items()
        behaviours = ", ".join(f"{p} {len(s.behaviours & names)}" for p, s in phases)
        pairs = ", ".join(f"{p} {len(s.pairs & feasible)}" for p, s in phases)
        least = min((every.counts[p] for p in feasible), default=0)
        times = f", each {least} times or more" if least > 1 else ""
        head = (
            f"behaviours shown: {len(every.behaviours & names)} of {len(names)} ({behaviours}); "
            f"pairs shown: {len(every.pairs & feasible)} of {len(feasible)} feasible ({pairs})"
            f"{times}"
        )
        lines = [head]
        unseen = [n for n in behaviour_names(self.semantics) if n in names - every.behaviours]
        if unseen:
            lines.append(f"  behaviours not shown: {', '.join(unseen)}")
        missing = self.missing()
        if missing:
            listed = "; ".join(f"{a} + {b}" for a, b in missing[:SHOWN])
            more = len(missing) - SHOWN
            tail = f" ... and {more} more (--json lists them)" if more > 0 else ""
            lines.append(f"  pairs not shown: {listed}{tail}")
        if self.excluded:
            why = "flags skipped, outside the declared --values, or not asked of this target"
            lines.append(f"  not asked ({why}): {', '.join(sorted(self.excluded))}")
        reasons = Counter(self.infeasible.values())
        because = "; ".join(f"{why} ({n})" for why, n in reasons.most_common())
        lines.append(f"  infeasible pairs: {len(self.infeasible)} (--json lists each): {because}")
        if every.unread:
            lines.append(
                f"  {every.unread} cases larger than {READ_LIMIT} nodes counted for their shape"
            )
        return lines


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
