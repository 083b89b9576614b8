"""The event trace of a search: what a learner watches, step by step, as a list of JSON dicts.

:func:`trace` runs one of the searches of ``impl`` again, written the way its source writes
it, and records what happens at each node: entered (with the window or Korf's bound in
force), a leaf read, the best so far changed, the window narrowed, a cut-off (its inequality
in numbers and in words), the value returned. It is the reference that the page's JavaScript
engine (``gametree/explore/engine.js``) is checked against event for event, and it is itself
checked against ``impl`` (``tests/test_events.py``): its leaf events are ``impl``'s
``trace=True`` leaves in order, the root's ``leave`` value is ``impl``'s value, and the
enters and leaves it shows are ``impl``'s ``nodes_visited``.

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
searches with the same events, checked event for event by ``tests/test_explore_engine.py``
(``optimal`` with :mod:`impl.necessity`'s chain decision written again in JavaScript):

- ``parseTree(text)``: a document of ``docs/tree-format.md`` (canonical or shorthand), read
  without ``JSON.parse``'s doubles: ``{players, bounds: {lower, sum} | null, root, comment}``,
  a node ``{toMove, children}`` or a leaf ``{value}``, a number ``{num, den}`` of BigInts in
  lowest terms, a vector an array of them; a fault is a ``TreeFormatError`` whose message
  names it and its JSON pointer, as :mod:`gametree.treefile`'s do. ``serializeTree(tree)``
  writes the canonical form back (it round-trips).
- ``ALGORITHMS``: ``{name, label, players: "two" | "many", takes, semantics}`` for each
  search, ``name`` as in :data:`ALGORITHMS` here, ``semantics`` the gate's.
- ``run(name, tree, {alpha, beta, bounds, player, firstGuess, events})`` returns ``{value,
  principalVariation, leaves, nodesVisited, leavesEvaluated, events}``; ``events`` are this
  module's, values encoded as here but with integers as BigInts (``jsonText`` writes them as
  JSON); ``events: false`` records none (for the gate, and for trees deep enough that
  paths in every event would not fit: a chain d deep has d²/2 path steps in its events).
- ``formatValue(v)``: exact text, ``"7"``, ``"-3/4"``, ``"(6, 1, 2)"``.

>>> from gametree.spec import Node
>>> events = trace("alphabeta", Node.by_depth([[3, 12], [2, 4]]))
>>> " ".join(e["type"] for e in events)
'enter enter leaf best window leaf leave best window enter leaf best window cut leave leave'
>>> print(events[13]["reason"])
alpha = 3 >= beta = 2: Max above already has 3, so Min's remaining children cannot matter
"""

from collections.abc import Callable, Generator
from fractions import Fraction
from functools import partial
from typing import Any, TypeAlias

import attrs

from gametree.impl._optimal_kernel import leftmost as _leftmost
from gametree.impl.last_branch import Frame as LastBranchFrame
from gametree.impl.last_branch import is_last_branch_cutoff
from gametree.impl.maxn_stack import Backed, korf_bounds, require_vectors, unwind, vector_leaf
from gametree.impl.necessity import Chain, Domain, Level
from gametree.impl.optimal import _reader, necessary
from gametree.impl.speculative import Frame as SpeculativeFrame
from gametree.impl.speculative import Speculated, speculative_cutoff
from gametree.impl.window import BOTTOM, TOP, Bound, check_scalar_tree, window
from gametree.spec import Bounds, Leaf, Node, Path, Scalar, Tree, TreeError, Value
from gametree.spec.values import json_value

__all__ = ["ALGORITHMS", "REGISTERED", "Event", "Options", "trace", "traced_value"]

Event: TypeAlias = dict[str, Any]
"""One step of a search, JSON-able (see the module docstring)."""

Reply: TypeAlias = "Backed[Any] | Speculated"


@attrs.frozen
class Call:
    """A search's call on child ``index`` (``None``: the node itself, again) with ``args``.

    ``search`` is the search to run there; ``None`` is the caller's own (a recursive call).
    """

    index: int | None
    args: tuple[object, ...] = ()
    search: "Search | None" = None


Step: TypeAlias = "Call | Event"
Searching: TypeAlias = Generator[Step, Any, Any]
"""A search at one node: yields events and calls, is sent the calls' replies, returns its own
(a :data:`Reply`; typed ``Any`` inside, as the replies it is sent are, to read ``Best[p]``)."""
Search: TypeAlias = Callable[..., Searching]
Evaluate: TypeAlias = Callable[[Leaf], Backed[Any]]

_NEG = float("-inf")
_POS = float("inf")


def _j(x: object) -> object:
    """A number, vector or bound as JSON (``None``: an infinity, or no bound).

    An integral fraction is written as the integer it is, as the page's engine writes it.
    """
    if x is None or isinstance(x, float):
        return None
    if isinstance(x, tuple):
        return [_j(c) for c in x]
    assert isinstance(x, int | Fraction)
    return json_value(_exact(x))


def _t(x: object) -> str:
    """A number as a learner reads it: "3", "-3/4", "-inf"."""
    if isinstance(x, float):
        return "-inf" if x < 0 else "+inf"
    if isinstance(x, tuple):
        return "(" + ", ".join(_t(c) for c in x) + ")"
    return str(x)


def _exact(x: Scalar) -> Scalar:
    return x.numerator if isinstance(x, Fraction) and x.denominator == 1 else x


def _cut(  # noqa: PLR0917 - the inequality reads left to right: left, op, right
    node: Node, after: int, left: str, lv: object, op: str, right: str, rv: object, why: str
) -> Event:
    return {
        "type": "cut",
        "after": after,
        "skipped": list(range(after + 1, len(node.children))),
        "test": {
            "left": left,
            "leftValue": _j(lv),
            "op": op,
            "right": right,
            "rightValue": _j(rv),
        },
        "reason": f"{left} = {_t(lv)} {op} {right} = {_t(rv)}: {why}",
    }


def _drive(root: Tree, search: Search, args: tuple[object, ...], evaluate: Evaluate,
           shown: Callable[[Reply], Event]) -> tuple[tuple[Event, ...], Reply]:  # fmt: skip
    """Run ``search(root, (), *args)`` over an explicit stack of generators, recording events.

    A search yields events (the driver adds the path) and calls; a call on a leaf child reads
    it (a ``leaf`` event) and sends back ``evaluate(leaf)`` seen from the node; a call on an
    interior child (or on the node itself, index ``None``) starts the call's search there.
    A search's return is its reply, recorded as a ``leave`` event with ``shown(reply)``.
    """
    events: list[Event] = []
    if isinstance(root, Leaf):
        events.append({"type": "leaf", "path": [], "value": _j(root.value)})
        try:
            return tuple(events), evaluate(root)
        except TreeError as e:
            raise e.below(()) from None
    frames: list[tuple[Searching, Search, Node, int | None]] = []
    path: list[int] = []
    gen: Searching = search(root, (), *args)
    node: Node = root
    sent: object = None
    while True:
        try:
            step = gen.send(sent)
        except StopIteration as stop:
            reply = stop.value
            events.append({"type": "leave", "path": list(path), **shown(reply)})
            if not frames:
                return tuple(events), reply
            gen, search, node, index = frames.pop()
            if index is not None:
                path.pop()
                sent = reply.via(index)
            else:
                sent = reply
            continue
        except TreeError as e:
            raise e.below(path) from None
        sent = None
        if isinstance(step, dict):
            events.append({"type": step["type"], "path": list(path), **step})
            continue
        called = search if step.search is None else step.search
        if step.index is None:
            frames.append((gen, search, node, None))
            gen, search = called(node, tuple(path), *step.args), called
            continue
        child = node.children[step.index]
        if isinstance(child, Leaf):
            events.append({"type": "leaf", "path": [*path, step.index],
                           "value": _j(child.value)})  # fmt: skip
            try:
                sent = evaluate(child).via(step.index)
            except TreeError as e:
                raise e.below((*path, step.index)) from None
            continue
        frames.append((gen, search, node, step.index))
        path.append(step.index)
        gen, search, node = called(child, tuple(path), *step.args), called, child


def _scalar_leaf(leaf: Leaf) -> Backed[Any]:
    return Backed(leaf.value, leaf.value, None)


def _mover(t: Tree) -> int:
    """The player to move at ``t``; a leaf counts as a node where player 0 moves (negamax)."""
    return t.to_move if isinstance(t, Node) else 0


# -- Two players: minimax, alpha-beta (the Alpha-Beta Pruning article; Knuth and Moore's F2;
# Fishburn 1983) --------


def minmax_search(
    node: Node, _path: Path, alpha: Any, beta: Any, *, hard: bool, prune: bool
) -> Searching:
    """Alpha-beta in max/min form (``prune=False``: minimax, the Min-Max notes' MinMax).

    The procedure is the Alpha-Beta Pruning article's.

    ``alpha_beta(u, alpha, beta)``: at a Max node ``alpha = max(alpha, child)`` and stop when
    ``alpha >= beta``; at a Min node the same with beta. Fail-hard (``hard``) starts the best
    at the mover's own bound, fail-soft (Fishburn) at the infinity.
    """
    maxing = node.to_move == 0
    if prune:
        yield {"type": "enter", "player": node.to_move, "alpha": _j(alpha), "beta": _j(beta)}
    else:
        yield {"type": "enter", "player": node.to_move}
    best: Any = (alpha if maxing else beta) if hard else (_NEG if maxing else _POS)
    line = None
    n = len(node.children)
    for i in range(n):
        r = yield Call(
            i,
            (alpha, beta),
        )
        if (r.score > best) if maxing else (r.score < best):
            best, line = r.score, r.line
            yield {"type": "best", "value": _j(best), "child": i}
            if prune and maxing and best > alpha:
                alpha = best
                yield {"type": "window", "alpha": _j(alpha), "beta": _j(beta)}
            elif prune and not maxing and best < beta:
                beta = best
                yield {"type": "window", "alpha": _j(alpha), "beta": _j(beta)}
            if prune and alpha >= beta and i + 1 < n:
                yield _cut(node, i, "alpha", alpha, ">=", "beta", beta,
                           f"Max above already has {_t(alpha)}, so Min's remaining children "
                           "cannot matter" if not maxing else
                           f"Min above already holds Max to {_t(beta)}, so Max's remaining "
                           "children cannot matter")  # fmt: skip
                break
    return Backed(best, best, line)


def negamax_search(
    node: Node, _path: Path, alpha: Any, beta: Any, *, hard: bool, prune: bool
) -> Searching:
    """Alpha-beta in negamax form: ModMinMax with alpha-beta's cut-offs (F2).

    ModMinMax is the Min-Max notes', the cut-offs the Alpha-Beta Pruning article's.

    Every value and the window are in the frame of the player to move; a child where the
    other player moves is searched with ``(-beta, -alpha)`` and its result negated, one where
    the same player moves again with the same window (as ``spec.negamax`` does).
    """
    p = node.to_move
    if prune:
        yield {"type": "enter", "player": p, "alpha": _j(alpha), "beta": _j(beta)}
    else:
        yield {"type": "enter", "player": p}
    best: Any = alpha if hard else _NEG
    line = None
    n = len(node.children)
    for i, c in enumerate(node.children):
        flip = _mover(c) != p
        r = yield Call(i, (-beta, -alpha) if flip else (alpha, beta))
        score = -r.score if flip else r.score
        if score > best:
            best, line = score, r.line
            yield {"type": "best", "value": _j(best), "child": i}
            if prune and best > alpha:
                alpha = best
                yield {"type": "window", "alpha": _j(alpha), "beta": _j(beta)}
                if alpha >= beta and i + 1 < n:
                    yield _cut(node, i, "alpha", alpha, ">=", "beta", beta,
                               f"the opponent above already holds player {p} to "
                               f"{_t(beta)}, so the remaining children cannot matter")  # fmt: skip
                    break
    return Backed(best, best, line)


# -- MT and MTD(f) (Plaat et al. 1996), PVS (Reinefeld 1983) ---------------------------------


Table: TypeAlias = dict[int, list[Any]]


def mt_search(node: Node, _path: Path, gamma: Any, strict: bool, table: Table | None) -> Searching:  # noqa: FBT001
    """Plaat et al.'s MT(n, γ) (Figure 2), a null-window fail-soft test, with their table.

    Max stops as soon as a child is high (g >= γ; with ``strict`` g > γ), Min as soon as a
    child is not. A node whose stored bound answers the test is visited, not expanded.
    """
    weak = not strict
    yield {"type": "enter", "player": node.to_move, "gamma": _j(gamma), "strict": strict}
    hit = None if table is None else table.get(id(node))
    if hit is not None:
        lo, hi = hit[0], hit[1]
        if lo > gamma or (weak and lo == gamma):
            yield {"type": "table", "value": _j(lo), "bound": "lower"}
            return Backed(lo, lo, hit[2])
        if hi < gamma or (strict and hi == gamma):
            yield {"type": "table", "value": _j(hi), "bound": "upper"}
            return Backed(hi, hi, hit[3])
    maxing = node.to_move == 0
    best: Any = _NEG if maxing else _POS
    line = None
    n = len(node.children)
    op = ">" if strict else ">="
    for i in range(n):
        r = yield Call(i, (gamma, strict, table), mt_search)
        if (r.score > best) if maxing else (r.score < best):
            best, line = r.score, r.line
            yield {"type": "best", "value": _j(best), "child": i}
            high = best > gamma or (weak and best == gamma)
            if high == maxing:
                if i + 1 < n:
                    if maxing:
                        yield _cut(
                            node,
                            i,
                            "g",
                            best,
                            op,
                            "gamma",
                            gamma,
                            "Max has reached the test value: the value is at least g",
                        )
                    else:
                        yield _cut(node, i, "g", best, "<=" if strict else "<", "gamma", gamma,
                                   "Min has fallen below the test value: the value is at "
                                   "most g")  # fmt: skip
                break
    if table is not None:
        high = best > gamma or (weak and best == gamma)
        entry = table.setdefault(id(node), [_NEG, _POS, None, None])
        if high and best > entry[0]:
            entry[0], entry[2] = best, line
        elif not high and best < entry[1]:
            entry[1], entry[3] = best, line
    return Backed(best, best, line)


def pvs_search(node: Node, path: Path, alpha: Any, beta: Any) -> Searching:
    """Reinefeld's NegaScout / Marsland's PVS, as :mod:`impl.pvs` writes it, in negamax form.

    The first child gets the full window (a, b); every later interior child is scouted by an
    MT test at a (strict for Max, non-strict on the negated value for Min) and searched again
    with (a, b) only when the scout shows it strictly inside the window.
    """
    p = node.to_move
    yield {"type": "enter", "player": p, "alpha": _j(alpha), "beta": _j(beta)}
    best: Any = _NEG
    line = None
    n = len(node.children)
    for i, c in enumerate(node.children):
        flip = _mover(c) != p
        research = True
        if isinstance(c, Node) and i > 0:
            gamma = -alpha if p else alpha
            yield {"type": "search", "path": [*path, i], "kind": "scout", "alpha": _j(alpha),
                   "beta": _j(alpha), "pass": 1, "gamma": _j(gamma), "strict": not p}  # fmt: skip
            r = yield Call(i, (gamma, not p, None), mt_search)
            score = -r.score if p else r.score
            research = alpha < score < beta
            if research:
                yield {"type": "search", "path": [*path, i], "kind": "re-search",
                       "alpha": _j(alpha), "beta": _j(beta), "pass": 2}  # fmt: skip
        if research:
            r = yield Call(i, (-beta, -alpha) if flip else (alpha, beta))
            score = -r.score if flip else r.score
        if score > best:
            best, line = score, r.line
            yield {"type": "best", "value": _j(best), "child": i}
            if best > alpha:
                alpha = best
                yield {"type": "window", "alpha": _j(alpha), "beta": _j(beta)}
                if alpha >= beta and i + 1 < n:
                    yield _cut(node, i, "alpha", alpha, ">=", "beta", beta,
                               f"the opponent above already holds player {p} to "
                               f"{_t(beta)}, so the remaining children cannot matter")  # fmt: skip
                    break
    return Backed(best, best, line)


def mtdf_search(_node: Node, _path: Path, guess: Any, alpha: Any, beta: Any) -> Searching:
    """Plaat et al.'s MTD(f) (Figure 3), as :mod:`impl.mtdf` writes it: tests from a guess.

    A test at the lower bound f⁻ is strict, any other is not; the bounds meet, or leave the
    window, and then the principal variation is read off by tests at the value.
    """
    table: Table = {}
    lower: Any = _NEG
    upper: Any = _POS
    lower_line = upper_line = None
    g: Any = min(max(guess, alpha), beta)
    k = 0
    while lower != upper and upper > alpha and lower < beta:
        if g <= lower:
            gamma, strict = lower, True
        elif g >= upper:
            gamma, strict = upper, False
        else:
            gamma, strict = g, False
        k += 1
        yield {"type": "search", "alpha": _j(lower), "beta": _j(upper), "pass": k,
               "gamma": _j(gamma), "strict": strict}  # fmt: skip
        r = yield Call(None, (gamma, strict, table), mt_search)
        g = r.score
        if g > gamma or (g == gamma and not strict):
            lower, lower_line = g, r.line
        else:
            upper, upper_line = g, r.line
    if lower == upper:
        yield {"type": "search", "alpha": _j(lower), "beta": _j(upper), "pass": k + 1,
               "gamma": _j(lower), "kind": "principal variation"}  # fmt: skip
        r = yield Call(None, (lower, table), line_search)
        return Backed(lower, lower, r.line)
    if upper <= alpha:
        return Backed(upper, upper, upper_line)
    return Backed(lower, lower, lower_line)


def line_search(node: Node, _path: Path, v: Any, table: Table) -> Searching:
    """MTD(f)'s principal variation below ``node`` (of value v): the leftmost child of value v.

    At a Max node the first child whose test at v gives g >= v, at a Min node the first
    whose strict test gives g <= v, and so on down (:func:`impl.mtdf._principal_variation`).
    """
    maxing = node.to_move == 0
    yield {"type": "enter", "player": node.to_move, "gamma": _j(v), "strict": not maxing}
    for i, c in enumerate(node.children):
        if isinstance(c, Leaf):
            r = yield Call(i)
            if r.score == v:
                yield {"type": "best", "value": _j(v), "child": i}
                return r
            continue
        g = yield Call(i, (v, not maxing, table), mt_search)
        if (g.score >= v) if maxing else (g.score <= v):
            yield {"type": "best", "value": _j(v), "child": i}
            return (yield Call(i, (v, table)))
    raise AssertionError(f"no child of value {v}")  # pragma: no cover


# -- N players: maxn (Korf 3.1), immediate, shallow and deep pruning (3.2.1-3.2.3) -----------


def maxn_search(node: Node, _path: Path) -> Searching:
    """Luckhardt and Irani's maxn (Korf 3.1): ``IF Next[Player] > Best[Player], Best = Next``."""
    p = node.to_move
    yield {"type": "enter", "player": p}
    best = yield Call(0)
    yield {"type": "best", "value": _j(best.value), "child": 0}
    for i in range(1, len(node.children)):
        next_ = yield Call(i)
        if next_[p] > best[p]:
            best = next_
            yield {"type": "best", "value": _j(best.value), "child": i}
    return best


def _shifted(lower: Scalar) -> str:
    return "" if lower == 0 else f" (components shifted by the lower bound {lower})"


def immediate_search(node: Node, _path: Path, *, total: Scalar, lower: Scalar) -> Searching:
    """Immediate pruning (Korf 3.2.1): stop when ``Best[Player]`` has the whole ``Sum``."""
    p = node.to_move
    yield {"type": "enter", "player": p, "bound": _j(total)}
    best = yield Call(0)
    yield {"type": "best", "value": _j(best.value), "child": 0}
    for i in range(1, len(node.children)):
        if best[p] >= total:
            yield _cut(node, i - 1, f"Best[{p}]", best[p], ">=", "Sum", total,
                       f"no child can give player {p} more than the whole sum"
                       f"{_shifted(lower)}")  # fmt: skip
            return best
        next_ = yield Call(i)
        if next_[p] > best[p]:
            best = next_
            yield {"type": "best", "value": _j(best.value), "child": i}
    return best


def shallow_search(
    node: Node, _path: Path, bound: Scalar, bounder: int | None, *, total: Scalar, lower: Scalar
) -> Searching:
    """Korf's procedure ``Shallow(Node, Player, Bound)`` (3.2.2), line for line.

    ``IF Best[Player] >= Bound, RETURN Best``; the next child gets ``Sum - Best[Player]``.
    As in :mod:`impl.shallow`, a node where the player whose best gave the bound moves
    again takes ``Sum`` (players need not alternate).
    """
    p = node.to_move
    if bounder == p:
        bound = total
    yield {"type": "enter", "player": p, "bound": _j(bound)}
    best = yield Call(0, (total, None))
    yield {"type": "best", "value": _j(best.value), "child": 0}
    for i in range(1, len(node.children)):
        if best[p] >= bound:
            why = (f"the parent's player already has {_t(total - bound)}, so no child here "
                   f"can be better for it" if bound != total else
                   f"no child can give player {p} more than the whole sum")  # fmt: skip
            yield _cut(
                node, i - 1, f"Best[{p}]", best[p], ">=", "Bound", bound, why + _shifted(lower)
            )
            return best
        next_ = yield Call(i, (_exact(total - best[p]), p))
        if next_[p] > best[p]:
            best = next_
            yield {"type": "best", "value": _j(best.value), "child": i}
    return best


def deep_search(
    node: Node, _path: Path, floors: tuple[Scalar, ...], *, total: Scalar, lower: Scalar
) -> Searching:
    """Deep pruning (Korf 3.2.3), UNSOUND for 3 or more players (Figure 5).

    ``Shallow`` with the bound ``Sum - max(floors[q] for q != Player)``, the floors set by
    every ancestor, as :func:`impl.deep.deep_search` has it.
    """
    p = node.to_move
    high = max(f for q, f in enumerate(floors) if q != p)
    bound = _exact(total - high)
    yield {"type": "enter", "player": p, "bound": _j(bound),
           "floors": [_j(f) for f in floors]}  # fmt: skip
    best = yield Call(0, (floors,))
    yield {"type": "best", "value": _j(best.value), "child": 0}
    for i in range(1, len(node.children)):
        if best[p] >= bound:
            q = next(q for q, f in enumerate(floors) if q != p and f == high)
            yield _cut(node, i - 1, f"Best[{p}]", best[p], ">=", "Bound", bound,
                       f"an ancestor has already given player {q} at least {_t(high)}, so "
                       f"(deep pruning assumes) no child here can matter"
                       f"{_shifted(lower)}")  # fmt: skip
            return best
        if best[p] > floors[p]:
            floors = (*floors[:p], best[p], *floors[p + 1 :])
        next_ = yield Call(i, (floors,))
        if next_[p] > best[p]:
            best = next_
            yield {"type": "best", "value": _j(best.value), "child": i}
    return best


def paranoid_search(node: Node, _path: Path, alpha: Any, beta: Any, *, r: int) -> Searching:
    """Paranoid alpha-beta (Sturtevant and Korf 2000), fail-soft on player r's worth."""
    p = node.to_move
    yield {"type": "enter", "player": p, "alpha": _j(alpha), "beta": _j(beta)}
    best = yield Call(0, (alpha, beta))
    yield {"type": "best", "value": _j(best.score), "child": 0}
    for i in range(1, len(node.children)):
        if p == r:
            if beta is not None and best.score >= beta:
                yield _cut(
                    node,
                    i - 1,
                    "best",
                    best.score,
                    ">=",
                    "beta",
                    beta,
                    f"the coalition above already holds player {r} to {_t(beta)}",
                )
                return best
            if alpha is None or best.score > alpha:
                alpha = best.score
                yield {"type": "window", "alpha": _j(alpha), "beta": _j(beta)}
        else:
            if alpha is not None and best.score <= alpha:
                yield _cut(
                    node,
                    i - 1,
                    "best",
                    best.score,
                    "<=",
                    "alpha",
                    alpha,
                    f"player {r} above is already sure of {_t(alpha)}",
                )
                return best
            if beta is None or best.score < beta:
                beta = best.score
                yield {"type": "window", "alpha": _j(alpha), "beta": _j(beta)}
        next_ = yield Call(i, (alpha, beta))
        if (next_.score > best.score) if p == r else (next_.score < best.score):
            best = next_
            yield {"type": "best", "value": _j(best.score), "child": i}
    return best


def _worth(r: int) -> Evaluate:
    def evaluate(leaf: Leaf) -> Backed[Any]:
        v = leaf.value
        w = v[r] if isinstance(v, tuple) else (v if r == 0 else -v)
        return Backed(w, w, None)

    return evaluate


# -- Last-branch and speculative pruning (Sturtevant 2003) ----------------------------------


Paths: TypeAlias = dict[int, Path]
"""The path of each live frame of the Sturtevant searches, by identity, for the words."""


def _pruning_path(me: Any, total: Scalar, *, through_last: bool) -> tuple[Any, list[Any]] | None:
    """The ancestor a_1 that lets ``me`` stop and the frames a_2..a_(k-1) between, or ``None``.

    The walk of :func:`impl.last_branch.is_last_branch_cutoff` (``through_last``) or of
    :func:`impl.speculative.speculative_cutoff`, returning the path it found, for the words.
    """
    z = me.best[me.player]
    if z >= total:
        return me, []
    players = {me.player}
    need = total - z
    between: list[Any] = []
    a = me.above
    while a is not None and a.player not in players:
        if a.best is not None:
            x = a.best[a.player]
            if x >= need and all(b.best is None or b.best[a.player] <= x for b in between):
                return a, between
            need -= x
        if (not a.last) if through_last else a.resolving:
            return None
        between.append(a)
        players.add(a.player)
        a = a.above
    return None


def _sturtevant_cut(  # noqa: PLR0917 - the cut's node, the pruning path and its words
    node: Node,
    after: int,
    me: Any,
    top: Any,
    between: list[Any],
    total: Scalar,
    lower: Scalar,
    kind: str,
    paths: Paths,
) -> Event:
    """The cut at ``me`` that a_1 = ``top`` allows: x + y_2 + ... + z >= Sum, in words."""
    z = me.best[me.player]
    if top is me:
        return _cut(node, after, f"Best[{me.player}]", z, ">=", "Sum", total,
                    f"no child can give player {me.player} more than the whole sum"
                    f"{_shifted(lower)}")  # fmt: skip
    terms = [top.best[top.player], *(b.best[b.player] for b in between if b.best is not None), z]
    names = [f"Best[{top.player}] at {list(paths[id(top)])}",
             *(f"Best[{b.player}] at {list(paths[id(b)])}" for b in between
               if b.best is not None), f"Best[{me.player}]"]  # fmt: skip
    left = " + ".join(names)
    s = sum(terms[1:], terms[0])
    return _cut(node, after, left, _exact(s), ">=", "Sum", total,
                f"nothing below can give player {top.player} more than its {kind} "
                f"ancestor already has{_shifted(lower)}")  # fmt: skip


def last_branch_search(
    node: Node, path: Path, above: Any, *, total: Scalar, lower: Scalar, paths: Paths
) -> Searching:
    """Sturtevant's last-branch pruning (2003): ``Shallow`` with another cut-off test.

    The test is :func:`impl.last_branch.is_last_branch_cutoff` (ancestors on their last branch).
    """
    p = node.to_move
    me = LastBranchFrame(p, above, last=len(node.children) == 1)
    paths[id(me)] = path
    yield {"type": "enter", "player": p}
    me.best = yield Call(0, (me,))
    yield {"type": "best", "value": _j(me.best.value), "child": 0}
    for i in range(1, len(node.children)):
        if is_last_branch_cutoff(me, total):
            found = _pruning_path(me, total, through_last=True)
            assert found is not None
            yield _sturtevant_cut(node, i - 1, me, *found, total, lower, "last-branch", paths)
            return me.best
        me.last = i == len(node.children) - 1
        next_ = yield Call(i, (me,))
        if next_[p] > me.best[p]:
            me.best = next_
            yield {"type": "best", "value": _j(me.best.value), "child": i}
    return me.best


def speculative_search(
    node: Node, path: Path, above: Any, *, total: Scalar, lower: Scalar, paths: Paths
) -> Searching:
    """Sturtevant's ``specmaxn`` (2003), as :func:`impl.speculative.speculative_search` has it.

    It prunes on any branch, returns NIL naming the ancestor relied on, re-searches when needed.
    """
    p = node.to_move
    me = SpeculativeFrame(p, above, 0 if above is None else above.depth + 1)
    paths[id(me)] = path
    yield {"type": "enter", "player": p}
    replies: list[Any] = []
    last = len(node.children) - 1
    for i in range(last + 1):
        next_ = yield Call(i, (me,))
        replies.append(next_)
        if isinstance(next_, Speculated):
            continue
        if me.best is None or next_[p] > me.best[p]:
            me.best = next_
            yield {"type": "best", "value": _j(me.best.value), "child": i}
            top = speculative_cutoff(me, total) if i < last else None
            if top is not None:
                found = _pruning_path(me, total, through_last=False)
                assert found is not None
                assert found[0] is top
                kind = "speculative" if top is not me and top is not above else "parent"
                yield _sturtevant_cut(node, i, me, *found, total, lower, kind, paths)
                if top is me or top is above:
                    return me.best
                return Speculated(top)
    pending = {i for i, r in enumerate(replies)
               if isinstance(r, Speculated) and r.top is not me}  # fmt: skip
    if not pending:
        assert me.best is not None
        return me.best
    top = min((replies[i].top for i in pending), key=lambda f: f.depth)
    if me.best is None or me.best[top.player] <= top.best[top.player]:
        return Speculated(top)
    me.resolving = True
    me.best = None
    for i, r in enumerate(replies):
        reply = r
        if i in pending:
            yield {"type": "search", "path": [*path, i], "kind": "re-search", "alpha": None,
                   "beta": None, "pass": 2}  # fmt: skip
            reply = yield Call(i, (me,))
        if isinstance(reply, Speculated):
            continue
        if me.best is None or reply[p] > me.best[p]:
            me.best = reply
            yield {"type": "best", "value": _j(me.best.value), "child": i}
    assert me.best is not None
    return me.best


# -- The registry ---------------------------------------------------------------------------


@attrs.frozen
class Options:
    """What some searches take: a window, Korf's bounds, the paranoid player, MTD(f)'s guess."""

    alpha: Bound = BOTTOM
    beta: Bound = TOP
    bounds: Bounds | None = None
    player: int | None = None
    first_guess: Scalar = 0
    domain: Domain = "reals"


def _window(o: Options) -> tuple[Any, Any]:
    a, b = window(o.alpha, o.beta)
    return a, b


def _scalar(
    search: Search, *, hard: bool = False, prune: bool = True
) -> Callable[[Tree, Options], tuple[tuple[Event, ...], Reply]]:
    def run(t: Tree, o: Options) -> tuple[tuple[Event, ...], Reply]:
        check_scalar_tree(t, "the search")
        a, b = _window(o) if prune else (_NEG, _POS)
        return _drive(t, partial(search, hard=hard, prune=prune), (a, b), _scalar_leaf, _show)

    return run


def _show(r: Reply) -> Event:
    assert isinstance(r, Backed)
    return {"value": _j(r.score)}


def _show_vector(r: Reply) -> Event:
    assert isinstance(r, Backed)
    return {"value": _j(r.value)}


def _korf(
    search: Search,
    name: str,
    args: Callable[[Scalar, int], tuple[object, ...]],
    *,
    sturtevant: bool = False,
) -> Callable[[Tree, Options], tuple[tuple[Event, ...], Reply]]:
    def run(t: Tree, o: Options) -> tuple[tuple[Event, ...], Reply]:
        if o.bounds is None:
            raise TreeError(f"{name} needs Korf's bounds", ())
        total, evaluate = korf_bounds(t, o.bounds, name)
        total = _exact(total)
        paths: Paths = {}
        more = {"paths": paths} if sturtevant else {}
        s = partial(search, total=total, lower=o.bounds.lower, **more)

        def shown(r: Reply) -> Event:
            if isinstance(r, Speculated):
                return {"value": None, "speculated": list(paths[id(r.top)])}
            return _show_vector(r)

        return _drive(t, s, args(total, t.players), lambda x: evaluate(x, None), shown)

    return run


def _maxn(t: Tree, _o: Options) -> tuple[tuple[Event, ...], Reply]:
    require_vectors(t, "maxn")
    return _drive(t, maxn_search, (), lambda x: vector_leaf(x, None), _show_vector)


def _paranoid(t: Tree, o: Options) -> tuple[tuple[Event, ...], Reply]:
    r = o.player if o.player is not None else _mover(t)
    if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < t.players:
        raise TreeError(f"'player' must be in 0..{t.players - 1} (got {o.player!r})", ())
    return _drive(t, partial(paranoid_search, r=r), (None, None), _worth(r), _show)


def _pvs(t: Tree, o: Options) -> tuple[tuple[Event, ...], Reply]:
    check_scalar_tree(t, "pvs")
    return _drive(t, pvs_search, _window(o), _scalar_leaf, _show)


def _mtdf(t: Tree, o: Options) -> tuple[tuple[Event, ...], Reply]:
    check_scalar_tree(t, "mtdf")
    a, b = _window(o)
    return _drive(t, mtdf_search, (o.first_guess, a, b), _scalar_leaf, _show)


def _optimal(t: Tree, o: Options) -> tuple[tuple[Event, ...], Reply]:
    """impl.optimal's walk (Korf 3.2.4 corrected), with its decisions as events."""
    if o.bounds is None:
        raise TreeError("the optimal search needs Korf's bounds", ())
    players, lowest, evaluate = _reader(t, o.bounds, o.domain)
    events: list[Event] = []
    frames: list[list[Any]] = []  # [node, player, next child, best, its line]
    levels: list[Level] = []
    path: list[int] = []
    x: Tree = t
    while True:
        here = tuple(path)
        value: Any
        if not necessary(Chain(here, players, tuple(levels)), o.bounds, o.domain):
            value, line = lowest, _leftmost(x, here)
            events.append({"type": "enter", "path": list(here),
                           "player": x.to_move if isinstance(x, Node) else None})  # fmt: skip
            events.append(_unnecessary(here, x, lowest, o.domain))
            events.append({"type": "leave", "path": list(here), "value": _j(value)})
        elif isinstance(x, Node):
            events.append({"type": "enter", "path": list(here), "player": x.to_move})
            frames.append([x, x.to_move, 0, None, ()])
            levels.append(Level(x.to_move, None, len(x.children) > 1))
            path.append(0)
            x = x.children[0]
            continue
        else:
            value, line = evaluate(x, here), here
            events.append({"type": "leaf", "path": list(here), "value": _j(value)})
        while frames:
            f = frames[-1]
            node, p, i, best = f[0], f[1], f[2], f[3]
            if best is None or value[p] > best[p]:
                f[3], f[4] = value, line
                events.append({"type": "best", "path": path[:-1], "value": _j(value),
                               "child": i})  # fmt: skip
            path.pop()
            levels.pop()
            if i + 1 < len(node.children):
                f[2] = i + 1
                levels.append(Level(p, f[3], i + 2 < len(node.children)))
                path.append(i + 1)
                x = node.children[i + 1]
                break
            frames.pop()
            value, line = f[3], f[4]
            events.append({"type": "leave", "path": list(path), "value": _j(value)})
        else:
            return tuple(events), Backed(value, value, _cons(line))


def _unnecessary(here: Path, x: Tree, lowest: Value, domain: str) -> Event:
    what = "leaf" if isinstance(x, Leaf) else "subtree"
    reals = "real" if domain == "reals" else "integer"
    return {
        "type": "cut",
        "path": list(here),
        "after": None,
        "skipped": [],
        "test": None,
        "reason": (f"not necessary: with the leaves read so far, no two {reals} values of this "
                   f"{what} within the bounds can change the root's value or principal "
                   f"variation, whatever the leaves after it hold; it is taken to be "
                   f"{_t(lowest)} and never read"),
    }  # fmt: skip


def _cons(p: Path) -> Any:
    line: Any = None
    for i in reversed(p):
        line = (i, line)
    return line


ALGORITHMS: dict[str, Callable[[Tree, Options], tuple[tuple[Event, ...], Reply]]] = {
    "minimax": _scalar(minmax_search, prune=False),
    "negamax": _scalar(negamax_search, prune=False),
    "alphabeta": _scalar(minmax_search, hard=True),
    "alphabeta-fail-soft": _scalar(minmax_search),
    "negamax-alphabeta": _scalar(negamax_search, hard=True),
    "negamax-alphabeta-fail-soft": _scalar(negamax_search),
    "pvs": _pvs,
    "mtdf": _mtdf,
    "maxn": _maxn,
    "immediate": _korf(immediate_search, "immediate pruning", lambda _s, _n: ()),
    "shallow": _korf(shallow_search, "shallow pruning", lambda s, _n: (s, None)),
    "deep": _korf(deep_search, "deep pruning", lambda _s, n: ((0,) * n,)),
    "last-branch": _korf(
        last_branch_search, "last-branch pruning", lambda _s, _n: (None,), sturtevant=True
    ),
    "speculative": _korf(
        speculative_search, "speculative pruning", lambda _s, _n: (None,), sturtevant=True
    ),
    "optimal": _optimal,
    "paranoid": _paranoid,
}
"""Every search :func:`trace` knows, by the page's names (impl's, without ``impl.``)."""


REGISTERED: dict[str, str] = {
    "minimax": "spec.minimax",
    "negamax": "spec.negamax",
    "alphabeta": "impl.alphabeta",
    "alphabeta-fail-soft": "impl.alphabeta_fail_soft",
    "negamax-alphabeta": "impl.negamax_alphabeta",
    "negamax-alphabeta-fail-soft": "impl.negamax_alphabeta_fail_soft",
    "pvs": "impl.pvs",
    "mtdf": "impl.mtdf",
    "maxn": "impl.maxn",
    "immediate": "impl.immediate",
    "shallow": "impl.shallow",
    "deep": "impl.deep_pruning_unsound",
    "last-branch": "impl.last_branch",
    "speculative": "impl.speculative",
    "paranoid": "impl.paranoid",
    "optimal": "impl.optimal",
}
"""The search of ``gametree algorithms`` that each event trace follows, leaf for leaf."""


def _run(name: str, t: Tree, o: Options) -> tuple[tuple[Event, ...], Reply]:
    if name not in ALGORITHMS:
        raise KeyError(f"no event trace for {name!r}; the names are: {', '.join(ALGORITHMS)}")
    return ALGORITHMS[name](t, o)


def trace(name: str, t: Tree, **options: Any) -> tuple[Event, ...]:
    """The events of searching ``t`` with the search ``name`` (see :data:`ALGORITHMS`).

    ``options`` are those of :class:`Options`: ``alpha``, ``beta``, ``bounds``, ``player``,
    ``first_guess``, ``domain``. Raises ``KeyError`` for an unknown name and ``TreeError``
    (with the path) for a tree the search cannot take or a leaf outside the bounds.
    """
    return _run(name, t, Options(**options))[0]


def traced_value(name: str, t: Tree, **options: Any) -> tuple[Value, Path, tuple[Event, ...]]:
    """The root's value and principal variation as the event search found them, with the events.

    The value is in the tree format's terms (a scalar, or the vector for Korf's searches).
    """
    events, reply = _run(name, t, Options(**options))
    assert isinstance(reply, Backed)
    value = reply.value if isinstance(reply.value, tuple) and name != "paranoid" else reply.score
    return value, unwind(reply.line), events
