"""The event trace of a search: what a learner watches, step by step, as a list of JSON dicts.

A search of ``impl`` run with ``events=True`` records what happens at each node: entered (with
the window or Korf's bound in force), a leaf read, the best so far changed, the window
narrowed, a cut-off (its inequality in numbers and in words), the value returned. The events
come from the search itself, not from a second copy of it: the alpha-beta family's loops
(``impl.alphabeta``, ``impl.pvs``, ``impl.mtdf``) and the optimal search's walk
(``impl.optimal``) record them where they happen; the searches written as generators on
``impl.maxn_stack``'s explicit stack (maxn, Korf's and Sturtevant's prunings, paranoid) are
watched by their driver, which reads their variables, named as in their sources (``best``,
``bound``, ``alpha``, ``beta``), between the calls they make (:class:`Watch`, :class:`Recorder`).
So the events cost nothing when not asked for.

They are the reference the page's JavaScript engine (``gametree/explore/engine.js``) is
checked against event for event (``tests/test_explore_engine.py``), and the gate reads its
coverage off them (``gametree.conform.observe``). ``gametree.algorithms.event_trace`` runs a
search by name and returns its events; ``tests/test_events.py`` checks them against ``impl``:
their leaf events are ``impl``'s ``trace=True`` leaves in order, the root's ``leave`` value is
``impl``'s value, and the enters and leaves they show are ``impl``'s ``nodes_visited``.

Glossary: n is a node, p the player to move there, i a child's index, a and b (alpha and beta)
the window, ``Best`` and ``Bound`` Korf's (3.2.2), S (``Sum``) his bound on the sum once the
lower bound is shifted to 0, a *reply* what a node returns to its parent.

**Events.** Each is a dict with ``"type"`` and ``"path"`` (a list of child indices from the
root); a value is in the tree format's JSON encoding (an int, a ``"p/q"`` string, a list for a
vector), and ``None`` stands for an infinite side of a window:

- ``{"type": "enter", "path", "player", ...}``: a node is entered. Windowed two-player searches
  add ``"alpha"`` and ``"beta"`` as the algorithm holds them (the negamax forms and PVS in the
  mover's view); MT tests (MTD(f), PVS's scouts) add ``"gamma"`` and ``"strict"`` ("is the
  value at least gamma?", or with ``strict`` "above gamma?"); Korf's searches add ``"bound"``
  (the ``Bound`` passed down, shifted, as procedure ``Shallow`` has it; immediate pruning's is
  S), deep pruning ``"floors"`` too; paranoid adds ``"alpha"`` and ``"beta"`` on the paranoid
  player's worth.
- ``{"type": "leaf", "path", "value"}``: a static evaluation, the leaf's value as the tree
  holds it (Max's view for two players), exactly in ``impl``'s trace order.
- ``{"type": "best", "path", "value", "child"}``: the node's best so far changed, to the value
  (in the node's frame: the mover's view in the negamax forms) that child ``child`` gave.
- ``{"type": "window", "path", "alpha", "beta"}``: alpha or beta changed at the node.
- ``{"type": "cut", "path", "after", "skipped", "test", "reason"}``: a cut-off after child
  ``after``; ``skipped`` lists the children not searched (never empty: a test that holds at
  the last child cuts nothing and is not an event). ``test`` is the inequality that held,
  ``{"left", "leftValue", "op", "right", "rightValue"}`` with ``op`` one of ``>=``, ``>``,
  ``<=``, ``<``; ``reason`` says it in words, with the numbers.
- ``{"type": "table", "path", "value", "bound"}``: MTD(f)'s table answered a test at the node
  with a stored ``"lower"`` or ``"upper"`` bound; the node is visited, not expanded.
- ``{"type": "leave", "path", "value"}``: the value the node returns (the node's frame, as for
  ``best``; ``None`` with ``"speculated": path`` for speculative pruning's NIL, naming the
  ancestor the pruning relied on).
- ``{"type": "search", "path", "alpha", "beta", "pass", ...}``: re-searching algorithms
  begin a new search of the node at ``path``: MTD(f)'s passes (``pass`` 1, 2, ... with the
  bounds f⁻ and f⁺ known so far as ``alpha`` and ``beta`` and the test's ``gamma`` and
  ``strict``; ``"kind": "principal variation"`` for the tests that read the line off), PVS's
  scouts (``"kind": "scout"``) and re-searches (``"kind": "re-search"``), speculative
  pruning's re-search of a pruned child (``"kind": "re-search"``).

For a lone leaf the trace is its ``leaf`` event alone. Every interior node entered has one
``enter`` and one ``leave`` per search of it, so ``enter`` events plus ``leaf`` events are
``impl``'s ``nodes_visited``; MTD(f)'s root is the exception: its passes are ``search``
events, each an MT test with its own ``enter`` and ``leave`` at the root, and the root's last
``leave`` (MTD(f)'s answer) has no ``enter`` of its own. The optimal search (``impl.optimal``'s
own decisions, Korf 3.2.4 corrected) shows a node it finds *not necessary* as ``enter``, then
a ``cut`` with ``"after": None``, ``"skipped": []``, ``"test": None`` and the reason in words,
then a ``leave`` with the placeholder value.

**The page's engine** (``gametree/explore/engine.js``, ES2020 without dependencies, as
``globalThis.GametreeEngine`` in a browser and ``module.exports`` under Node) runs the same
searches with the same events, by the registry's names (``gametree.algorithms``, whose list of
them, with what each takes, the page's data carries; ``optimal`` with
:mod:`impl.necessity`'s chain decision written again in JavaScript):

- ``parseTree(text)``: a document of ``docs/tree-format.md`` (canonical or shorthand), read
  without ``JSON.parse``'s doubles: ``{players, bounds: {lower, sum} | null, root, comment}``,
  a node ``{toMove, children}`` or a leaf ``{value}``, a number ``{num, den}`` of BigInts in
  lowest terms, a vector an array of them; a fault is a ``TreeFormatError`` whose message
  names it and its JSON pointer, as :mod:`gametree.treefile`'s do. ``serializeTree(tree)``
  writes the canonical form back (it round-trips).
- ``SEARCHES``: the names it runs.
- ``run(name, tree, {alpha, beta, bounds, player, firstGuess, events})`` returns ``{value,
  principalVariation, leaves, nodesVisited, leavesEvaluated, events}``; ``events`` are this
  module's, values encoded as here but with integers as BigInts (``jsonText`` writes them as
  JSON); ``events: false`` records none (for the gate, and for trees deep enough that
  paths in every event would not fit: a chain d deep has d²/2 path steps in its events).
- ``formatValue(v)``: exact text, ``"7"``, ``"-3/4"``, ``"(6, 1, 2)"``.

>>> from gametree.impl.alphabeta import alphabeta
>>> from gametree.spec import Node
>>> events = alphabeta(Node.by_depth([[3, 12], [2, 4]]), events=True).events
>>> " ".join(e["type"] for e in events)
'enter enter leaf best window leaf leave best window enter leaf best window cut leave leave'
>>> print(events[13]["reason"])
alpha = 3 >= beta = 2: Max above already has 3, so Min's remaining children cannot matter
"""

import inspect
from collections.abc import Callable, Generator, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeAlias

import attrs

from gametree.spec import Node, Scalar
from gametree.spec.values import json_value

__all__ = [
    "Event",
    "Recorder",
    "Watch",
    "cut",
    "leaf",
    "number",
    "shifted",
    "text",
]

Event: TypeAlias = dict[str, Any]
"""One step of a search, JSON-able (see the module docstring)."""

State: TypeAlias = Mapping[str, Any]
"""A search's variables between two of its steps, by name (its generator's locals)."""


def number(x: object) -> object:
    """A number, vector or bound as JSON (``None``: an infinity, or no bound).

    An integral fraction is written as the integer it is, as the page's engine writes it.
    """
    if x is None or isinstance(x, float):
        return None
    if isinstance(x, tuple):
        return [number(c) for c in x]
    assert isinstance(x, int | Fraction)
    return json_value(x.numerator if isinstance(x, Fraction) and x.denominator == 1 else x)


def text(x: object) -> str:
    """A number as a learner reads it: "3", "-3/4", "-inf"."""
    if isinstance(x, float):
        return "-inf" if x < 0 else "+inf"
    if isinstance(x, tuple):
        return "(" + ", ".join(text(c) for c in x) + ")"
    return str(x)


def shifted(lower: Scalar) -> str:
    """The words for Korf's shift of the components by a lower bound other than 0."""
    return "" if lower == 0 else f" (components shifted by the lower bound {lower})"


def cut(  # noqa: PLR0917 - the inequality reads left to right: left, op, right
    path: Sequence[int], n: int, after: int, left: str, lv: object, op: str, right: str, rv: object,
    why: str,
) -> Event:  # fmt: skip
    """A cut-off at the node at ``path`` (of ``n`` children) after child ``after``."""
    return {
        "type": "cut",
        "path": list(path),
        "after": after,
        "skipped": list(range(after + 1, n)),
        "test": {
            "left": left,
            "leftValue": number(lv),
            "op": op,
            "right": right,
            "rightValue": number(rv),
        },
        "reason": f"{left} = {text(lv)} {op} {right} = {text(rv)}: {why}",
    }


def leaf(path: Sequence[int], value: object) -> Event:
    """A leaf read at ``path``."""
    return {"type": "leaf", "path": list(path), "value": number(value)}


class Watch:
    """How a search on ``impl.maxn_stack``'s stack reads as events: which of its variables.

    The default is maxn's: its best so far is ``best`` (the reply it returns, when it
    returns), a vector, and it never cuts off. Each search's watch says what it adds.
    """

    def enter(self, _node: Node, _state: State) -> Event:
        """What an ``enter`` event adds, from the variables at the search's first call."""
        return {}

    def best(self, state: State, returned: Any) -> Any:
        """The best so far (a ``Backed``), or ``None``; ``returned``: the reply, at the end."""
        return returned if returned is not None else state.get("best")

    def value(self, backed: Any) -> object:
        """A backed-up value as the events show it: the vector, or the scalar score."""
        return number(backed.value)

    def window(self, _state: State) -> tuple[object, object] | None:
        """The window in force, for searches that keep one (``None``: none)."""
        return None

    def cut(self, node: Node, path: Sequence[int], after: int, state: State, best: Any) -> Event:
        """The cut-off event of a search that returned at ``node`` after child ``after``.

        ``state`` holds its variables at its last call, ``best`` its best when it returned.
        """
        raise AssertionError(f"maxn does not cut off (at {list(path)}, after {after}, {node}, "
                             f"{dict(state)}, {best})")  # fmt: skip

    def leave(self, _path: Sequence[int], reply: Any) -> Event:
        """What a ``leave`` event adds: the value returned."""
        return {"value": self.value(reply)}

    def received(
        self, _node: Node, _path: Sequence[int], _state: State, _i: int, _reply: Any
    ) -> list[Event]:
        """Events for child ``i``'s ``reply`` reaching the search: none by default.

        ``state`` holds the search's variables at that child's call (a chance node's sum so
        far, for instance).
        """
        return []

    def search(
        self,
        _state: State,
        path: Sequence[int],
        i: int,
        _args: Sequence[object],
        again: bool,  # noqa: FBT001
    ) -> Event | None:
        """The event for a call of child ``i`` with ``args``: a re-search if ``again``."""
        if not again:
            return None
        return {"type": "search", "path": [*path, i], "kind": "re-search", "alpha": None,
                "beta": None, "pass": 2}  # fmt: skip

    def cut_after(self, node: Node, called: int, _last: int) -> int | None:
        """After which child a search that returned cut off (``None``: it did not).

        ``called`` is one past the highest child called, ``last`` the child called last.
        """
        return called - 1 if called < len(node.children) else None


@attrs.define
class _Node:
    """What the recorder keeps of one node being searched."""

    search: Generator[Any, Any, Any]
    state: State
    called: int = 0
    """How far the search has called its children: one past the highest index called."""
    last: int = -1
    """The child called last."""
    best: Any = None
    window: tuple[object, object] | None = None


def _locals(search: Generator[Any, Any, Any]) -> State:
    """A copy of a search's variables now (of the generator it delegates to, if any).

    A copy, its lists copied too: the frame's variables, and the lists it changes in place
    (Star2's bounds on each child), change as the search goes on.
    """
    g: Any = search
    while g.gi_yieldfrom is not None:
        g = g.gi_yieldfrom
    return {k: list(v) if isinstance(v, list) else v
            for k, v in inspect.getgeneratorlocals(g).items()}  # fmt: skip


class Recorder:
    """The events of one run of a search on ``impl.maxn_stack``'s stack, read by ``watch``.

    The driver tells it each step of the search at a node (the call it makes next), each reply
    the search returns, and each leaf it reads; the recorder reads the search's variables at
    each step (``inspect.getgeneratorlocals``) and records what changed.
    """

    def __init__(self, watch: Watch) -> None:
        """Record with ``watch``."""
        self.watch = watch
        self.events: list[Event] = []
        self._nodes: list[_Node] = []

    def step(  # noqa: PLR0917 - the search, where it is, what it calls, what it was sent
        self, search: Generator[Any, Any, Any], node: Node, path: Sequence[int], i: int,
        args: Sequence[object] = (), sent: Any = None,
    ) -> None:  # fmt: skip
        """The search at ``node`` is about to call child ``i`` with ``args``.

        ``i < 0``: take back a reply. ``sent`` is what it was sent last: the reply of the
        child it called last.
        """
        w = self.watch
        state = _locals(search)
        top = self._nodes[-1] if self._nodes else None
        if top is None or top.search is not search:
            top = _Node(search, state, window=w.window(state))
            self._nodes.append(top)
            self.events.append(
                {"type": "enter", "path": list(path), "player": node.to_move,
                 **w.enter(node, state)}
            )  # fmt: skip
        else:
            if sent is not None and top.last >= 0:
                self.events += w.received(node, path, top.state, top.last, sent)
            top.state = state
            self._best(top, path, w.best(state, None))
            window = w.window(state)
            if window != top.window:
                top.window = window
                assert window is not None
                self.events.append({"type": "window", "path": list(path), "alpha": window[0],
                                    "beta": window[1]})  # fmt: skip
        if i >= 0:
            event = w.search(state, path, i, args, again=i < top.called)
            if event is not None:
                self.events.append(event)
            top.last = i
        top.called = max(top.called, i + 1)

    def returned(self, node: Node, path: Sequence[int], reply: Any, sent: Any = None) -> None:
        """The search at ``node`` returned ``reply``, last sent ``sent``.

        Records what that reply did, the node's last best, a cut-off and its leave.
        """
        top = self._nodes.pop()
        if sent is not None and top.last >= 0:
            self.events += self.watch.received(node, path, top.state, top.last, sent)
        best = self.watch.best(top.state, reply)
        self._best(top, path, best)
        after = self.watch.cut_after(node, top.called, top.last)
        if after is not None:
            shown = best if best is not None else reply  # a chance node's reply: no best
            self.events.append(self.watch.cut(node, path, after, top.state, shown))
        self.events.append({"type": "leave", "path": list(path), **self.watch.leave(path, reply)})

    def leaf(self, path: Sequence[int], value: object) -> None:
        """A leaf read at ``path``."""
        self.events.append(leaf(path, value))

    def _best(self, top: _Node, path: Sequence[int], best: Any) -> None:
        if best is None:  # none yet, or none again (speculative pruning's re-search)
            top.best = None
        elif best is not top.best:
            top.best = best
            value = self.watch.value(best)
            self.events.append({"type": "best", "path": list(path), "value": value,
                                "child": best.line[0]})  # fmt: skip


@attrs.frozen
class Korf(Watch):
    """Immediate pruning's watch (Korf 3.2.1): the bound is the whole sum S."""

    total: Scalar
    lower: Scalar

    def enter(self, _node: Node, _state: State) -> Event:
        return {"bound": number(self.total)}

    def cut(self, node: Node, path: Sequence[int], after: int, _state: State, best: Any) -> Event:
        p = node.to_move
        return cut(path, len(node.children), after, f"Best[{p}]", best[p], ">=", "Sum",
                   self.total, f"no child can give player {p} more than the whole sum"
                   f"{shifted(self.lower)}")  # fmt: skip


@attrs.frozen
class Shallow(Korf):
    """Shallow pruning's watch (Korf 3.2.2): ``Bound``, as procedure ``Shallow`` holds it."""

    def enter(self, _node: Node, state: State) -> Event:
        return {"bound": number(state["bound"])}

    def cut(self, node: Node, path: Sequence[int], after: int, state: State, best: Any) -> Event:
        p, bound = node.to_move, state["bound"]
        why = (f"the parent's player already has {text(self.total - bound)}, so no child here "
               f"can be better for it" if bound != self.total else
               f"no child can give player {p} more than the whole sum")  # fmt: skip
        return cut(path, len(node.children), after, f"Best[{p}]", best[p], ">=", "Bound", bound,
                   why + shifted(self.lower))  # fmt: skip


@attrs.frozen
class Deep(Korf):
    """Deep pruning's watch (Korf 3.2.3): its ``Bound`` and the floors its ancestors set."""

    def enter(self, _node: Node, state: State) -> Event:
        return {"bound": number(state["bound"]), "floors": [number(f) for f in state["floors"]]}

    def cut(self, node: Node, path: Sequence[int], after: int, state: State, best: Any) -> Event:
        p, floors = node.to_move, state["floors"]
        high = max(f for q, f in enumerate(floors) if q != p)
        q = next(q for q, f in enumerate(floors) if q != p and f == high)
        return cut(path, len(node.children), after, f"Best[{p}]", best[p], ">=", "Bound",
                   state["bound"], f"an ancestor has already given player {q} at least "
                   f"{text(high)}, so (deep pruning assumes) no child here can matter"
                   f"{shifted(self.lower)}")  # fmt: skip


@attrs.frozen
class Paranoid(Watch):
    """Paranoid search's watch (Sturtevant and Korf 2000): r's worth, alpha and beta."""

    r: int

    def enter(self, _node: Node, state: State) -> Event:
        return {"alpha": number(state["alpha"]), "beta": number(state["beta"])}

    def value(self, backed: Any) -> object:
        return number(backed.score)

    def window(self, state: State) -> tuple[object, object]:
        return number(state["alpha"]), number(state["beta"])

    def cut(self, node: Node, path: Sequence[int], after: int, state: State, best: Any) -> Event:
        n, r = len(node.children), self.r
        if node.to_move == r:
            beta = state["beta"]
            return cut(path, n, after, "best", best.score, ">=", "beta", beta,
                       f"the coalition above already holds player {r} to {text(beta)}")  # fmt: skip
        return cut(path, n, after, "best", best.score, "<=", "alpha", state["alpha"],
                   f"player {r} above is already sure of {text(state['alpha'])}")  # fmt: skip


Pruning: TypeAlias = Callable[[Any, Scalar], "tuple[Any, list[Any]] | None"]
"""Sturtevant's pruning path from a frame: the ancestor a_1 and the frames between, or None."""


@attrs.frozen
class Sturtevant(Watch):
    """Last-branch and speculative pruning's watch (Sturtevant 2003): the frame ``me``."""

    total: Scalar
    lower: Scalar
    pruning: Pruning
    kind: str
    """``last-branch`` or ``speculative``: the words for an ancestor a_1 above the parent."""

    def best(self, state: State, _returned: Any) -> Any:
        me = state.get("me")
        return None if me is None else me.best

    def cut(self, node: Node, path: Sequence[int], after: int, state: State, best: Any) -> Event:
        me = state["me"]
        found = self.pruning(me, self.total)
        assert found is not None
        top, between = found
        n, z = len(node.children), best[me.player]
        if top is me:
            return cut(path, n, after, f"Best[{me.player}]", z, ">=", "Sum", self.total,
                       f"no child can give player {me.player} more than the whole sum"
                       f"{shifted(self.lower)}")  # fmt: skip
        kind = "parent" if self.kind == "speculative" and top is me.above else self.kind
        bounding = [f for f in (top, *between) if f.best is not None]
        terms = [f.best[f.player] for f in bounding] + [z]
        names = [f"Best[{f.player}] at {list(path[: f.depth])}" for f in bounding]
        left = " + ".join([*names, f"Best[{me.player}]"])
        s = sum(terms[1:], terms[0])
        return cut(path, n, after, left, s, ">=", "Sum", self.total,
                   f"nothing below can give player {top.player} more than its {kind} "
                   f"ancestor already has{shifted(self.lower)}")  # fmt: skip

    def leave(self, path: Sequence[int], reply: Any) -> Event:
        top = getattr(reply, "top", None)
        if top is not None:
            return {"value": None, "speculated": list(path[: top.depth])}
        return {"value": self.value(reply)}
