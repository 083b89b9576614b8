"""The explicit stack that the multi-player searches of ``impl`` run on, and Korf's bounds.

Each search is written as a generator that reads like the recursive pseudocode of its
source. Where the pseudocode calls itself on child i, the generator yields ``call(i, ...)``
and is sent back what that call returned. :func:`run` keeps the generators on an explicit
stack, so a tree as deep as memory allows works (there is no recursion limit). It also does
what the pseudocode leaves out: it walks the path, reads leaves without a frame of their own,
counts nodes and leaves, keeps the trace, and attaches to each value the line it came by
(the principal variation below the node that returns it). Asked for the events a learner
watches (``impl.events``), it reads them off the search's own variables between its calls,
through the search's :class:`~gametree.impl.events.Watch`; a search needs no second copy.

Glossary: n is a node, p the player to move there (Korf's ``Player``), i a child's index, v a
leaf value, N the number of players, S the bound on the sum after the lower bound is
shifted to 0 (Korf's ``Sum``), a *line* a principal variation as a cons list ``(i, line)``.

Costs: O(1) work and memory per node entered, besides the search's own; O(height) frames
at a time; with ``trace=True`` O(depth) more for each leaf read, to record its path, and with
events O(depth) more for each step of a search.
"""

from collections.abc import Callable, Generator
from fractions import Fraction
from typing import Generic, Protocol, Self, TypeAlias, TypeVar

from gametree.impl._support import unwind
from gametree.impl.events import Recorder, Watch
from gametree.impl.result import SearchResult
from gametree.spec import (
    Bounds,
    Leaf,
    Node,
    Path,
    Scalar,
    Tree,
    TreeError,
    Value,
    Vector,
    require_deterministic,
)

__all__ = [
    "KEPT",
    "Backed",
    "Call",
    "Line",
    "Search",
    "call",
    "kept",
    "korf_bounds",
    "require_vectors",
    "run",
    "vector_leaf",
]

Line: TypeAlias = "tuple[int, Line] | None"
"""A principal variation below a node: ``(best child, its line)``, ``None`` at a leaf."""

K = TypeVar("K")


class Backed(Generic[K]):
    """A value backed up from a leaf: the score the search compares, the leaf's value, the line.

    For maxn and its prunings the score is the leaf's vector with Korf's lower bound shifted
    to 0, and ``best[p]`` reads component p of it, as Korf's ``Best[Player]`` does. For a
    scalar search (paranoid, alpha-beta on one function) the score is that scalar.
    """

    __slots__ = ("line", "score", "value")

    def __init__(self, score: K, value: Value, line: Line) -> None:
        self.score = score
        self.value = value
        self.line = line

    def __getitem__(self: "Backed[Vector]", p: int) -> Scalar:
        return self.score[p]

    def via(self, i: int, /) -> "Backed[K]":
        """The same value seen from one level up, where it came by child ``i``."""
        return Backed(self.score, self.value, (i, self.line))

    def __repr__(self) -> str:
        return f"Backed({self.score!r}, {self.value!r}, line={unwind(self.line)})"


class Reply(Protocol):
    """What a search sends back to its caller: a backed-up value, or a marker of its own."""

    def via(self, i: int, /) -> Self:
        """The reply seen from the parent, for which it is child ``i``."""
        ...


R = TypeVar("R", bound=Reply)

Call: TypeAlias = tuple[int, tuple[object, ...]]
"""A recursive call as a search yields it: the child's index and the extra arguments."""

Search: TypeAlias = Generator[Call, R, R]
"""A search at one node: yields calls on children, is sent their replies, returns its own."""


KEPT = -1
"""The index of a :func:`kept` call."""


def call(i: int, *args: object) -> Call:
    """The search's call on child ``i`` with ``args`` after (node, player to move)."""
    return i, args


def kept(reply: object) -> Call:
    """No call: ``reply``, a reply the search was sent before, is sent back at once.

    A step of its own, so that what the search does with it shows in its events.
    """
    return KEPT, (reply,)


def run(  # noqa: PLR0912 - one loop: each step of a search, and what it records
    root: Tree,
    search: Callable[..., Search[R]],
    args: tuple[object, ...],
    evaluate: Callable[[Leaf, Line], R],
    *,
    trace: bool,
    watch: Watch | None = None,
) -> SearchResult[Value]:
    """Run ``search(root, root.to_move, *args)`` over an explicit stack of generators.

    A call ``call(i, *a)`` yielded at node n starts ``search(c, c.to_move, *a)`` on the
    child c = n.children[i], or, if c is a leaf, sends back ``evaluate(c, (i, None))`` at once.
    A search's reply is passed to its caller through ``via(i)``. A ``TreeError`` raised by
    ``evaluate`` is re-raised with the path of the leaf, one raised by a search with the path
    of its node. The root's reply must be a ``Backed``: its leaf value and line are the
    result's value and principal variation. With a ``watch``, the result carries the events.
    """
    nodes = 1
    leaves = 0
    paths: list[Path] | None = [] if trace else None
    seen = None if watch is None else Recorder(watch)
    if isinstance(root, Leaf):
        if seen is not None:
            seen.leaf((), root.value)
        reply = evaluate(root, None)
        if paths is not None:
            paths.append(())
        return _result(reply, nodes, 1, paths, seen)
    frames: list[tuple[Search[R], Node]] = []
    path: list[int] = []
    gen, node = search(root, root.to_move, *args), root
    sent: R | None = None
    while True:
        try:
            i, more = gen.send(sent) if sent is not None else next(gen)
        except StopIteration as stop:
            reply = stop.value
            if seen is not None:
                seen.returned(node, path, reply, sent)
            if not frames:
                return _result(reply, nodes, leaves, paths, seen)
            gen, node = frames.pop()
            sent = reply.via(path.pop())
            continue
        except TreeError as e:  # a search's own check of what it was sent, at its node
            raise e.below(path) from None
        if seen is not None:
            seen.step(gen, node, path, i, more, sent)
        if i == KEPT:
            sent = more[0]  # type: ignore[assignment]
            continue
        child = node.children[i]
        nodes += 1
        if isinstance(child, Leaf):
            leaves += 1
            if seen is not None:
                seen.leaf((*path, i), child.value)
            try:
                sent = evaluate(child, (i, None))
            except TreeError as e:
                raise e.below((*path, i)) from None
            if paths is not None:
                paths.append((*path, i))
            continue
        frames.append((gen, node))
        path.append(i)
        gen, node, sent = search(child, child.to_move, *more), child, None


def _result(
    reply: object, nodes: int, leaves: int, paths: list[Path] | None, seen: Recorder | None
) -> SearchResult[Value]:
    assert isinstance(reply, Backed), "the root of a search must back up a value"
    return SearchResult(
        value=reply.value,
        principal_variation=unwind(reply.line),
        nodes_visited=nodes,
        leaves_evaluated=leaves,
        trace=None if paths is None else tuple(paths),
        events=None if seen is None else tuple(seen.events),
    )


def require_vectors(t: Tree, algorithm: str) -> int:
    """N, for a tree of N-player vectors; a clear error for a two-player scalar tree."""
    if not t.vector:
        raise TreeError(
            f"{algorithm} needs N-player vector values (got scalar values); "
            f"spec.as_pairs turns a two-player tree into pairs (x, -x)",
            (),
        )
    require_deterministic(t, algorithm)
    return t.players


def vector_leaf(leaf: Leaf, line: Line) -> Backed[Vector]:
    """A leaf's vector as it is, for searches that rely on no bounds."""
    v = leaf.value
    assert isinstance(v, tuple)
    return Backed(v, v, line)


def korf_bounds(
    t: Tree, bounds: Bounds, algorithm: str
) -> tuple[Scalar, Callable[[Leaf, Line], Backed[Vector]]]:
    """Korf's Sum after shifting the lower bound to 0, and a leaf reader that checks the bounds.

    "Any other lower bound can be shifted to zero by subtracting it from every component"
    (Korf 3.2): the reader subtracts ``bounds.lower`` from each component, exactly, and
    compares the result with S = total − N·lower. It raises a ``TreeError`` for any leaf with
    a component below the lower bound or a sum above the total, so a search that relies on the
    bounds never returns an answer that rests on a value it read outside them. A leaf it never
    reads it cannot check: that the unread leaves keep to the bounds is the caller's
    declaration, and the answer is exact for every tree that keeps it.
    """
    players = require_vectors(t, algorithm)
    lower, total = bounds.lower, bounds.total
    shifted_total = total - players * lower
    if shifted_total < 0:
        raise TreeError(
            f"no {players}-vector fits {bounds}: the lower bounds alone sum to "
            f"{players * lower}, above the total",
            (),
        )

    def evaluate(leaf: Leaf, line: Line) -> Backed[Vector]:
        v = leaf.value
        assert isinstance(v, tuple)
        if min(v) < lower or sum(v) > total:
            raise TreeError(f"{algorithm} relies on {bounds}: {bounds.problem(v)}", ())
        score = tuple(_exact(c - lower) for c in v) if lower else v
        return Backed(score, v, line)

    return shifted_total, evaluate


def _exact(x: Scalar) -> Scalar:
    if isinstance(x, Fraction) and x.denominator == 1:
        return x.numerator
    return x
