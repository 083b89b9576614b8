"""What expectimax, Star1 and Star2 show a learner at each step (``impl.events``' watches).

Glossary: n is a node, p_i the probability of child i of a chance node, v_i its value,
``total`` the sum p_j v_j so far, A_i and B_i Star1's tests (``impl.star``), L and U the
leaf bounds, lo_j and hi_j the bounds Star2's probes give its children.

Besides the events of ``impl.events`` (``enter``, ``leaf``, ``best``, ``window``, ``cut``,
``leave``, ``search``), a chance node records:

- ``{"type": "sum", "path", "child", "probability", "value", "sum"}``: child ``child`` came
  back worth ``value``, which with its probability makes the weighted sum so far ``sum``.
- ``{"type": "probe", "path", "child", "probability", "value", "bound", "low", "high"}``:
  Star2's probe of child ``child`` came back ``value``, a ``"lower"`` (Max's child) or
  ``"upper"`` (Min's) bound on it; ``low`` and ``high`` are then sum p_j lo_j and sum p_j
  hi_j, the bounds on the chance node's value.
- a ``search`` event of kind ``"probe"`` before each probe (Star2), and of kind ``"search"``
  before a probed child is searched again, child 0's reply kept from its probe.

A chance node's ``enter`` has ``player`` -1 (``spec.CHANCE``), and in Star1 and Star2 the
window (``alpha``, ``beta``); a cut-off at a chance node gives its test in numbers (v_i <=
A_i, v_i >= B_i, a probe's bound against B or A, or, before any child, U <= alpha or
L >= beta) and says why in words.
"""

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from gametree.impl.events import Event, State, Watch, cut, number, text
from gametree.spec import Node, Scalar

__all__ = ["Expectimax", "Star"]


def _mass(x: Fraction) -> str:
    return text(x.numerator if x.denominator == 1 else x)


class Expectimax(Watch):
    """Expectimax's watch: a player's best so far, a chance node's sum so far."""

    def best(self, state: State, returned: Any) -> Any:
        """A player's best so far; a chance node has none."""
        node = state.get("node")
        if isinstance(node, Node) and node.is_chance:
            return None
        return super().best(state, returned)

    def received(
        self, node: Node, path: Sequence[int], state: State, i: int, reply: Any
    ) -> list[Event]:
        """A chance node's ``sum`` event for child ``i``."""
        if node.probabilities is None:
            return []
        p = node.probabilities[i]
        total = state.get("total", 0)
        after = _sum(total, p, reply.score)
        return [{"type": "sum", "path": list(path), "child": i, "probability": number(p),
                 "value": number(reply.score), "sum": number(after)}]  # fmt: skip


def _sum(total: Any, p: Fraction, v: Any) -> Any:
    if isinstance(v, tuple):
        base = total if isinstance(total, tuple) else (0,) * len(v)
        return tuple(t + p * c for t, c in zip(base, v, strict=True))
    return total + p * v


@attrs.define
class Star(Expectimax):
    """Star1's and Star2's watch: alpha-beta's window at a player's node, the tests at chance."""

    lower: Scalar
    upper: Scalar
    replies: dict[tuple[int, ...], tuple[Any, Any, Any]] = attrs.field(factory=dict)
    """At each chance node: the last child's value, and Star2's low and high after it."""
    probing: bool = False
    """Whether the reply received last was a probe's (Star2's probing phase)."""

    def best(self, state: State, returned: Any) -> Any:
        """A player's best so far, once a child has beaten its bound."""
        best = super().best(state, returned)
        return None if best is None or best.line is None else best  # alpha or beta itself

    def enter(self, node: Node, state: State) -> Event:
        """The window, and whether the node is probed (Star2)."""
        out: Event = {"alpha": number(state["alpha"]), "beta": number(state["beta"])}
        if state.get("width", len(node.children)) < len(node.children):
            out["probe"] = True
        return out

    def value(self, backed: Any) -> object:
        """The scalar, Max's view."""
        return number(backed.score)

    def window(self, state: State) -> tuple[object, object]:
        """Alpha and beta, as the node holds them."""
        return number(state["alpha"]), number(state["beta"])

    def search(
        self,
        _state: State,
        path: Sequence[int],
        i: int,
        args: Sequence[object],
        again: bool,  # noqa: FBT001
    ) -> Event | None:
        """A probe's ``search`` event, and a probed child's search in full after it."""
        if len(args) > 2 and args[2]:  # Star2's fourth argument: a probe
            return {"type": "search", "path": [*path, i], "kind": "probe",
                    "alpha": number(args[0]), "beta": number(args[1])}  # fmt: skip
        if again and len(args) > 3 and args[3] is not None:  # its fifth: the probe's reply
            return {"type": "search", "path": [*path, i], "kind": "search",
                    "alpha": number(args[0]), "beta": number(args[1])}  # fmt: skip
        return None

    def received(
        self, node: Node, path: Sequence[int], state: State, i: int, reply: Any
    ) -> list[Event]:
        """A ``sum`` event in a search, a ``probe`` event in Star2's probing phase."""
        if node.probabilities is None:
            return []
        self.probing = "total" not in state
        if not self.probing:
            self.replies[tuple(path)] = (reply.score, None, None)
            return super().received(node, path, state, i, reply)
        p = node.probabilities[i]
        maximiser = node.children[i].to_move == 0  # type: ignore[union-attr]
        old = state["lo"][i] if maximiser else state["hi"][i]
        low, high = state["low"], state["high"]
        if maximiser:
            low += p * (reply.score - old)
        else:
            high -= p * (old - reply.score)
        self.replies[tuple(path)] = (reply.score, low, high)
        return [{"type": "probe", "path": list(path), "child": i, "probability": number(p),
                 "value": number(reply.score), "bound": "lower" if maximiser else "upper",
                 "low": number(low), "high": number(high)}]  # fmt: skip

    def cut_after(self, node: Node, called: int, last: int) -> int | None:
        """At a chance node, after the child called last, unless it was the last child.

        A fail in Star2's probing phase is a cut-off after any child, the last included: the
        search phase is not run (so such a cut-off may skip no child). At a player's node
        Star2 searches again after its probe, child 0's reply is kept, not called: it counts.
        """
        if node.probabilities is None:
            return super().cut_after(node, max(called, 1), last)
        return last if last < len(node.children) - 1 or (self.probing and last >= 0) else None

    def cut(self, node: Node, path: Sequence[int], after: int, state: State, best: Any) -> Event:
        """Alpha-beta's cut-off, a probe's, or a chance node's test in numbers."""
        n, p = len(node.children), node.to_move
        if node.probabilities is not None:
            return self._chance_cut(node, path, after, state, best.score)
        alpha, beta, r = state["alpha"], state["beta"], best.score
        if p == 0 and r >= beta:
            return cut(path, n, after, "alpha", r, ">=", "beta", beta,
                       f"Min above already holds Max to {text(beta)}, so Max's remaining "
                       "children cannot matter")  # fmt: skip
        if p != 0 and r <= alpha:
            return cut(path, n, after, "alpha", alpha, ">=", "beta", r,
                       f"Max above already has {text(alpha)}, so Min's remaining children "
                       "cannot matter")  # fmt: skip
        bound = "a lower" if p == 0 else "an upper"
        return cut(path, n, after, "children searched", 1, "==", "probe", 1,
                   f"a probe (Star2) searches the first child only: its value, {text(r)}, "
                   f"is {bound} bound on this node's")  # fmt: skip

    def _chance_cut(
        self, node: Node, path: Sequence[int], after: int, state: State, result: Any
    ) -> Event:
        n, lower, upper = len(node.children), self.lower, self.upper
        alpha, beta = state["alpha"], state["beta"]
        fails_low = result == alpha
        if after < 0:
            if fails_low:
                return cut(path, n, after, "U", upper, "<=", "alpha", alpha,
                           "nothing below reaches the window: every leaf is at most U")  # fmt: skip
            return cut(path, n, after, "L", lower, ">=", "beta", beta,
                       "everything below is above the window: each leaf is at least L")  # fmt: skip
        v, low, high = self.replies[tuple(path)]
        if "total" not in state:  # Star2's probing phase
            if fails_low:
                return cut(path, n, after, "sum p_j hi_j", high, "<=", "alpha", alpha,
                           "with the probes' upper bounds the value is at most alpha")  # fmt: skip
            return cut(path, n, after, "sum p_j lo_j", low, ">=", "beta", beta,
                       "with the probes' lower bounds the value is at least beta")  # fmt: skip
        ps = node.probabilities
        assert ps is not None
        rest = _mass(Fraction(1) - sum(ps[: after + 1], Fraction(0)))
        star2 = "lo" in state
        if fails_low:
            others = "their probes' upper bounds" if star2 else f"all U = {text(upper)}"
            return cut(path, n, after, f"v{after}", v, "<=", f"A{after}", state["a"],
                       f"even with the children left (probability {rest}) at {others}, the "
                       f"value would be at most alpha = {text(alpha)}")  # fmt: skip
        others = "their probes' lower bounds" if star2 else f"all L = {text(lower)}"
        return cut(path, n, after, f"v{after}", v, ">=", f"B{after}", state["b"],
                   f"even with the children left (probability {rest}) at {others}, the value "
                   f"would be at least beta = {text(beta)}")  # fmt: skip
