"""What a case shows: the behaviours of :mod:`gametree.conform.behaviours`, read off a case.

The shape, magnitude and Korf-bound behaviours from one walk of the tree and the request; the
search behaviours from the reference search's own event trace (:mod:`gametree.impl.events`:
the registry's search of the semantics' name, run with ``events=True``), read by
:class:`_Reader`; the window's from the true value; a game's by
:mod:`gametree.conform.game_behaviours`.
"""

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import attrs

from gametree.algorithms import ALGORITHMS
from gametree.conform.behaviours import behaviour_names, magnitude_of, place, window_behaviours
from gametree.conform.codec import Case
from gametree.conform.game_behaviours import observe_game
from gametree.conform.kept import Memo
from gametree.conform.scope import MANY as MANY_PLAYERS
from gametree.conform.scope import TALL, WIDE, case_shape
from gametree.conform.semantics import (
    SEMANTICS,
    Expected,
    case_weight,
    expected,
    options_of,
    vector_answer,
)
from gametree.impl.events import Event
from gametree.spec import Leaf, Node, Scalar, Tree
from gametree.spec.best_reply import brs_plus_transform

__all__ = ["SHOWN", "observe", "observe_shape"]


def _num(x: object) -> Fraction | None:
    """A number of the event trace's JSON (an int, a ``"p/q"`` string; ``None`` infinite)."""
    if x is None:
        return None
    if isinstance(x, int):
        return Fraction(x)
    assert isinstance(x, str), x
    return Fraction(x)


def _shape(case: Case) -> set[str]:
    """The shape, magnitude and Korf-bound behaviours of ``case``, from its :func:`case_shape`."""
    t, shape = case.tree, case_shape(case)
    out = {magnitude_of((shape.magnitude,))}
    earned = {
        "lone-leaf": isinstance(t, Leaf),
        "unary": shape.unary,
        "wide": shape.branching > WIDE,
        "repeated": shape.repeated,
        "moves-twice": shape.moves_twice,
        "uneven": shape.uneven,
        "tall": t.height >= TALL,
        "many-players": t.players >= MANY_PLAYERS,
        "fractions": shape.denominator > 1,
    }
    out |= {b for b, shown in earned.items() if shown}
    if case.bounds is not None and shape.least is not None and shape.most is not None:
        lower, total = case.bounds.lower, case.bounds.total
        lo = {lower: "lower-met", lower + 1: "lower-one-short"}.get(shape.least, "lower-clear")
        hi = {total: "sum-met", total - 1: "sum-one-short"}.get(shape.most, "sum-clear")
        out |= {lo, hi}
    return out


def observe(
    case: Case, value: Scalar | None = None, *, reference: Expected | None = None
) -> frozenset[str]:
    """The behaviours ``case`` shows (a subset of :func:`behaviour_names`).

    Worked out once a process for each case (:data:`SHOWN`).
    ``value``: the true value of a window semantics' case, when the caller has it already;
    ``reference``: the case's answers (:func:`expected`), when the caller has them (the run
    does, having judged the reply by them), so that they are not worked out again here.
    """
    return SHOWN(case, lambda: _observe(case, value, reference))


SHOWN: Memo[Case, frozenset[str]] = Memo(case_weight, entries=4096, nodes=2**21)
"""The behaviours of the cases observed lately, by content: steering observes the same
candidates, and the run the same cases, in every gate run at a seed and scope."""


def _observe(case: Case, value: Scalar | None, reference: Expected | None) -> frozenset[str]:
    s = SEMANTICS[case.semantics]
    if s.game:
        return frozenset(observe_game(case, reference))
    if s.players > 2:  # BRS+ is paranoid's alpha-beta on its transform, and shows what it shows
        r = case.player
        assert r is not None
        return _observe(Case("paranoid", brs_plus_transform(case.tree, r), player=r), None, None)
    if reference is None and (
        (s.window and value is None) or case.semantics == "deep-pruning-unsound"
    ):
        reference = expected(case)
    out = _shape(case)
    if s.player and isinstance(case.tree, Node):
        out.add("paranoid-at-root" if case.tree.to_move == case.player else "paranoid-below")
    if s.domain:
        out.add(f"domain-{case.domain}")
    search = ALGORITHMS[case.semantics]
    events = search.run(case.tree, case.declared, options_of(case), events=True).events
    assert events is not None
    out |= _Reader(case, events).behaviours()
    if s.window:
        if value is None:
            assert reference is not None
            v = reference.true_value
            assert not isinstance(v, tuple)
            value = v
        out |= window_behaviours(case, value)
        if s.guess:
            out.add(place("guess", case.first_guess, value))
    out |= _outcome(case, events, reference)
    return frozenset(out & set(behaviour_names(case.semantics)))


def _outcome(case: Case, events: Iterable[Event], e: Expected | None) -> set[str]:
    """What deep pruning and the optimal search come to: a wrong value, fewer leaves read."""
    if case.semantics == "deep-pruning-unsound":
        assert e is not None
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
    """Reads the event trace of a search of :data:`gametree.algorithms.EVENTS`."""

    def __init__(self, case: Case, events: Iterable[Event]) -> None:
        self.case = case
        self.events = events
        self.semantics = case.semantics
        self.negamax = case.semantics in {"negamax", "pvs"} or case.semantics.startswith("negamax-")
        self.vector = vector_answer(case)
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

    def _search(self, e: Event) -> None:
        """A new search of a node: MTD(f)'s tests, PVS's scouts and re-searches."""
        kind = e.get("kind")
        if self.scout is not None and not (kind == "re-search" and e["path"] == self.scout):
            self.out.add("scout-holds")
        self.scout = e["path"] if kind == "scout" else None
        if kind == "re-search":
            self.out.add("re-search")
        if kind == "search":  # Star2: a probed child searched again
            self.out.add("probe-searched-again")
        self.tests += kind is None

    def _enter(self, e: Event, frames: list[_Frame]) -> _Frame:
        path = e["path"]
        node = self._node(path)
        if not isinstance(node, Node):  # the optimal search enters a leaf it finds unnecessary
            return _Frame(Node(0, [0]), path, cut=True)
        f = _Frame(node, path)
        parent = frames[-1] if frames and frames[-1].path == path[:-1] else None
        if "alpha" in e:
            f.alpha, f.beta = _num(e["alpha"]), _num(e["beta"])
            if parent is not None and parent.node.is_chance:  # Star1's A_i and B_i
                f.alpha_from = f.beta_from = parent.depth
            elif parent is not None:
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

    def _best(self, f: _Frame, e: Event) -> None:
        v = e["value"]
        if self.vector:
            x = _num(v[f.node.to_move])
            f.best = None if x is None else x - self.lower
        else:
            f.best = _num(v)
        if e["child"] > 0 and e["child"] == len(f.node.children) - 1:
            self.out.add("best-last")

    def _narrow(self, f: _Frame, e: Event) -> None:
        a, b = _num(e["alpha"]), _num(e["beta"])
        if a != f.alpha:
            f.alpha, f.alpha_from = a, f.depth
        if b != f.beta:
            f.beta, f.beta_from = b, f.depth

    def _cut(self, e: Event, frames: list[_Frame]) -> None:
        test = e["test"]
        if test is None:  # the optimal search: a node not necessary
            node = self._node(e["path"])
            self.out.add("unnecessary-leaf" if isinstance(node, Leaf) else "unnecessary-subtree")
            return
        f = frames[-1]
        f.cut = True
        if test["right"] == "probe":  # Star2 probes a player's node: its first child only
            return
        if _num(test["leftValue"]) == _num(test["rightValue"]):
            self.out.add("cut-tie")
        if f.node.is_chance:
            self.out.add(_chance_cut(test))
        elif test["right"] != "gamma":
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

    def _leave(self, e: Event, frames: list[_Frame]) -> None:
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


def _chance_cut(test: dict[str, Any]) -> str:
    """The behaviour of a cut-off at a chance node (``impl.chance_events``' tests)."""
    left, low = test["left"], test["op"] == "<="
    if left in {"U", "L"}:
        return "chance-beyond"
    if left.startswith("sum"):
        return "probe-fail-low" if low else "probe-fail-high"
    return "chance-fail-low" if low else "chance-fail-high"


def _up(plies: int) -> str:
    assert plies >= 1, plies
    return {1: "cut-parent", 2: "cut-grandparent"}.get(plies, "cut-3-up")


def observe_shape(case: Case) -> frozenset[str]:
    """The shape and magnitude behaviours of ``case`` alone, without running the search."""
    if case.game is not None:
        return observe(case)
    return frozenset(_shape(case) & set(behaviour_names(case.semantics)))
