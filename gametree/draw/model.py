"""What a drawing shows, computed from a real search before anything is drawn.

A search returns its value, its principal variation and its trace: the leaves it read, in
order, as paths (``impl.result``). Replaying the trace against the tree gives the rest:

- **Visited and pruned.** An interior node is visited when a leaf below it was read (every
  search enters a node by reading its first child, so a node it entered has a read leaf
  below); a leaf when it was read. A node that was not visited but whose parent was is a
  *cut-off*: the root of a pruned subtree, marked on the edge to it. Everything below a
  cut-off is pruned too. The optimal search (``Algorithm.decides_cut_offs``) enters each
  cut-off as well, to find it unnecessary, and reads nothing below it: its cut-offs are the
  same nodes (a leaf among read siblings, or a whole subtree), and it entered them too.
- **Evaluation order.** Each read leaf carries its positions in the trace, from 1 (a search
  that re-reads a leaf, as MTD(f) or speculative pruning may, gives it several).
- **What is known at an interior node.** Not the number the search passed up (a fail-hard
  search passes up its window's bound, a fail-soft one its best so far, and Korf's ``Shallow``
  a vector that is only partly meaningful), but what the leaves the search read imply about
  the node's true value, whatever the unread leaves hold:

  - two players (``spec.minimax``, ``spec.negamax``, paranoid's worth): the interval
    [lo, hi] where lo is the minimax value with every unread leaf set to −∞ and hi with every
    unread leaf set to +∞. Minimax is monotone in every leaf, so the true value lies in it,
    and the interval is the tightest such statement. Shown as the value when lo = hi, as
    "≥ lo" or "≤ hi" when one end is infinite, as "lo..hi" otherwise. Values are from Max's
    (player 0's) point of view, as in ``spec.minimax``, for negamax searches too; paranoid's
    are the paranoid player's worth.
  - N players (``spec.maxn``): a box, an interval for each component. A read leaf is its
    value; an unread leaf is anything within the document's Korf bounds (lower bound L on
    every component, upper bound S on the sum), or anything at all without bounds. At a node
    where p moves, a child can be the one chosen only if its p-th component can be strictly
    greater than the lower bounds of the children before it and at least those after it
    (the leftmost best child wins); the node's p-th component is at least the greatest lower
    bound among its children and at most the greatest upper bound among the candidates, every
    other component lies within the candidates' range, and with bounds each component is at
    most S minus the lower bounds of the others. That is Korf's reasoning in 3.2.2 ("a lower
    bound of 7 on the second component of node e ... an upper bound on the remaining
    components of 9 − 7 = 2"), applied at every node. The box is sound (the true value is
    in it: ``tests/test_draw.py`` checks it against random completions of the unread
    leaves) but not always the tightest, so on the principal variation of a search that
    returns the exact maxn value, the value shown is the one the search returned (every node
    of that line has it).
  - pairs (Korf 2.1, separate evaluations): the pair where every leaf below was read, else
    nothing.
  - trees with chance nodes, and the chance family's searches (``spec.expectimax``, Ballard
    1983): for two players the interval of expectimax values, each unread leaf anywhere in
    the document's leaf bounds [L, U] (or anything, without them); a chance node's ends are
    sum p_i lo_i and sum p_i hi_i, a player's the max or min of its children's. Expectimax is
    monotone in every leaf, so this too is exactly the set of values still possible. For N
    players, the vector where every leaf below was read (expectimax reads them all).

**Chance nodes** are drawn with the probability of each edge out of them, exact, as the tree
holds it ("1/3"). **Best-reply search** (BRS+) is drawn on its transform
(``spec.best_reply.brs_plus_transform``), the two-player tree its alpha-beta searches: each
opponents' layer one node, each edge out of it labelled with the plies of its reply in the
tree ("1·0": the first opponent's second move, then the next one's first), the values the
root player's paranoid worth. **Cut-offs' reasons**: for the chance family and BRS+ the
drawing lists each cut-off with its reason in numbers, the ``cut`` events of the search's own
trace (``impl.chance_events``, ``impl.events``: Star1's test v_i <= A_i or v_i >= B_i, Star2's
probe bounds), never recomputed here.

Glossary: t is a tree, n a node, i a node's index in preorder, p the player to move, v a
value, lo and hi the ends of an interval, L and S Korf's lower bound and bound on the sum.
"""

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Literal, TypeAlias

import attrs

from gametree.algorithms import Algorithm, Answer, Options
from gametree.impl import BOTTOM, TOP
from gametree.impl.window import Bound
from gametree.spec import (
    Bounds,
    Leaf,
    Node,
    Path,
    Scalar,
    Tree,
    Value,
    expectimax,
    separate_evaluations,
    worth,
)
from gametree.spec import Interval as LeafBounds
from gametree.spec.tree import preorder

__all__ = [
    "REASONED",
    "CutReason",
    "Drawing",
    "DrawnNode",
    "Interval",
    "Kind",
    "cut_offs",
    "drawing",
    "format_interval",
    "format_number",
    "scalar_intervals",
    "vector_boxes",
]

Interval: TypeAlias = tuple[Bound, Bound]
"""A closed interval [lo, hi] of values; ``BOTTOM`` and ``TOP`` stand for −∞ and +∞."""

Box: TypeAlias = tuple[Interval, ...]
"""One interval per component of an N-player value."""

Kind = Literal["scalar", "worth", "vector", "pairs", "expected"]
"""What interior nodes show: minimax intervals, paranoid worth intervals, maxn boxes, pairs,
expectimax intervals (or vectors) on a tree with chance nodes."""

REASONED = ("chance", "best-reply")
"""The families whose drawings list each cut-off's reason, from the search's events."""


@attrs.frozen
class DrawnNode:
    """One node as it is drawn: where it is, who moves, what it shows, what the search did.

    ``label`` is the text shown, one line per component for vectors (empty for an interior
    node that was not visited). ``exact`` says whether the label is the node's true value.
    """

    path: Path
    parent: int | None
    player: int | None
    """The player to move at an interior node (``spec.CHANCE``, -1, at a chance node);
    ``None`` at a leaf."""
    value: Value | None
    """A leaf's value; ``None`` at an interior node."""
    label: tuple[str, ...]
    exact: bool
    reads: tuple[int, ...]
    """The positions (from 1) at which the search read this leaf, in its trace."""
    visited: bool
    cut: bool
    """Whether this is the root of a pruned subtree: not visited, but its parent was."""
    principal: bool
    """Whether the node is on the principal variation the search returned (the root is)."""
    name: str = ""
    """The node's name, from its comment in the tree document (Korf's "e", the Alpha-Beta Pruning
    article's "K")."""
    probability: str = ""
    """The probability of the edge into this node when its parent is a chance node ("1/3")."""
    reply: str = ""
    """In BRS+'s transform, the plies in the tree of the reply the edge into this node stands
    for, when its parent is an opponents' layer ("1·0")."""

    @property
    def chance(self) -> bool:
        """Whether this is a chance node."""
        return self.player is not None and self.player < 0


@attrs.frozen
class CutReason:
    """One cut-off as the search's trace gives it: where, the children skipped, and why."""

    path: Path
    """The node that cut off the rest of its children."""
    skipped: tuple[int, ...]
    reason: str
    """The test that held, in numbers, and in words (the ``cut`` event's ``reason``)."""


@attrs.frozen
class Drawing:
    """A searched tree, ready to lay out and render: its nodes in preorder, and a caption."""

    nodes: tuple[DrawnNode, ...]
    players: int
    kind: Kind
    algorithm: str
    answer: Answer
    bounds: Bounds | None
    paranoid_player: int | None
    title: str
    options: Options = attrs.field(factory=Options)
    """The options the search ran with (a window, a player, ...)."""
    decides_cut_offs: bool = False
    """Whether the search entered each cut-off to find it unnecessary (see the module)."""
    leaf_bounds: LeafBounds | None = None
    """The document's bounds [L, U] on the leaf values, if it has them."""
    reasons: tuple[CutReason, ...] = ()
    """Each cut-off with its reason, in the order of the trace (:data:`REASONED` families)."""
    tree_line: Path | None = None
    """For BRS+, drawn on its transform: its principal variation as a path in the tree."""

    @property
    def cut_paths(self) -> set[Path]:
        """The paths of the cut-offs: the roots of the pruned subtrees."""
        return {n.path for n in self.nodes if n.cut}


def cut_offs(t: Tree, trace: Sequence[Path]) -> set[Path]:
    """The roots of the pruned subtrees: nodes with no read leaf below whose parent has one.

    Computed from the trace alone, independently of :func:`drawing`, for checking drawings.

    >>> from gametree.spec import Node
    >>> sorted(cut_offs(Node.by_depth([[3, 12], [2, 4], 5]), [(0, 0), (0, 1), (1, 0)]))
    [(1, 1), (2,)]
    """
    seen = {p[:k] for p in trace for k in range(len(p) + 1)}
    out: set[Path] = set()
    for path, n in preorder(t):
        if isinstance(n, Node) and tuple(path) in seen:
            out.update((*path, i) for i in range(len(n.children)) if (*path, i) not in seen)
    return out


def drawing(
    t: Tree,
    algorithm: Algorithm,
    answer: Answer,
    bounds: Bounds | LeafBounds | None,
    options: Options,
    *,
    title: str = "",
    names: Mapping[Path, str] | None = None,
    replies: Mapping[Path, str] | None = None,
) -> Drawing:
    """The drawing of ``answer``, the result of running ``algorithm`` on ``t`` with a trace.

    ``bounds``: the document's, Korf's or leaf bounds [L, U]. ``names`` labels nodes by path
    (see :mod:`gametree.draw.names`). The cut-offs' reasons are ``answer``'s events', if it
    has events.

    For best-reply search ``t`` is its transform and the answer's paths are the transform's
    (:func:`gametree.draw.search_drawing` does both), and ``replies`` labels the edges out of
    each opponents' layer by path.

    Raises ``ValueError`` if the answer has no trace.
    """
    if answer.trace is None:
        raise ValueError("a drawing needs the search's trace: run it with trace=True")
    nodes, parents = _preorder(t)
    reads: dict[Path, list[int]] = {}
    for k, p in enumerate(answer.trace, start=1):
        reads.setdefault(p, []).append(k)
    visited = [False] * len(nodes)
    index = {path: i for i, (path, _) in enumerate(nodes)}
    for p in reads:
        i: int | None = index[p]
        while i is not None and not visited[i]:
            visited[i] = True
            i = parents[i]
    read = [isinstance(n, Leaf) and path in reads for path, n in nodes]
    pv = {answer.principal_variation[:k] for k in range(len(answer.principal_variation) + 1)}
    kind, paranoid = _kind(t, algorithm, options)
    korf = bounds if isinstance(bounds, Bounds) else None
    leaf_bounds = bounds if isinstance(bounds, LeafBounds) else None
    labels = _labels(t, nodes, parents=parents, read=read, kind=kind, bounds=korf,
                     paranoid=paranoid, leaf_bounds=leaf_bounds)  # fmt: skip
    exact_pv = algorithm.exact and options.alpha is BOTTOM and options.beta is TOP
    drawn = []
    for i, (path, n) in enumerate(nodes):
        label, exact = labels[i]
        if isinstance(n, Node) and path in pv and exact_pv and kind == "vector":
            label, exact = _vector_lines(answer.value), True
        if isinstance(n, Node) and not visited[i]:
            label, exact = (), False
        parent = parents[i]
        drawn.append(
            DrawnNode(
                path=path,
                parent=parent,
                player=n.to_move if isinstance(n, Node) else None,
                value=n.value if isinstance(n, Leaf) else None,
                label=label,
                exact=exact,
                reads=tuple(reads.get(path, ())),
                visited=visited[i],
                cut=parent is not None and visited[parent] and not visited[i],
                principal=path in pv,
                name=(names or {}).get(path, ""),
                probability=_probability(nodes, parent, path),
                reply=(replies or {}).get(path, ""),
            )
        )
    return Drawing(tuple(drawn), t.players, kind, algorithm.name, answer, korf, paranoid, title,
                   options, algorithm.decides_cut_offs, leaf_bounds,
                   cut_reasons(answer.events or ()))  # fmt: skip


def cut_reasons(events: Sequence[Mapping[str, object]]) -> tuple[CutReason, ...]:
    """The cut-offs of an event trace, each with its test and reason.

    Those that skip children, and Star2's fail in its probing phase after its last child,
    which skips its search phase; not the optimal search's decisions, which are not tests.

    >>> from gametree.impl.alphabeta import alphabeta
    >>> from gametree.spec import Node
    >>> [(r.path, r.skipped, r.reason[:20]) for r in cut_reasons(
    ...     alphabeta(Node.by_depth([[3, 12], [2, 4]]), events=True).events)]
    [((1,), (1,), 'alpha = 3 >= beta = ')]
    """
    out = []
    for e in events:
        if e["type"] == "cut" and e["test"] is not None:
            path, skipped, reason = e["path"], e["skipped"], e["reason"]
            assert isinstance(path, list)
            assert isinstance(skipped, list)
            assert isinstance(reason, str)
            out.append(CutReason(tuple(path), tuple(skipped), reason))
    return tuple(out)


def _probability(nodes: list[tuple[Path, Tree]], parent: int | None, path: Path) -> str:
    if parent is None:
        return ""
    above = nodes[parent][1]
    assert isinstance(above, Node)
    if above.probabilities is None:
        return ""
    return format_number(above.probabilities[path[-1]])


def _preorder(t: Tree) -> tuple[list[tuple[Path, Tree]], list[int | None]]:
    nodes: list[tuple[Path, Tree]] = []
    parents: list[int | None] = []
    where: dict[Path, int] = {}
    for path, n in preorder(t):
        p = tuple(path)
        where[p] = len(nodes)
        parents.append(where[p[:-1]] if p else None)
        nodes.append((p, n))
    return nodes, parents


def _kind(t: Tree, algorithm: Algorithm, options: Options) -> tuple[Kind, int | None]:
    if t.chance_nodes or algorithm.family == "chance":
        return "expected", None
    if algorithm.reference in ("spec.paranoid", "spec.brs_plus"):
        r = options.player if options.player is not None else getattr(t, "to_move", 0)
        return "worth", r
    if algorithm.reference == "spec.separate_evaluations":
        return "pairs", None
    return ("vector" if t.vector else "scalar"), None


def _labels(
    t: Tree,
    nodes: list[tuple[Path, Tree]],
    *,
    parents: list[int | None],
    read: list[bool],
    kind: Kind,
    bounds: Bounds | None,
    paranoid: int | None,
    leaf_bounds: LeafBounds | None,
) -> list[tuple[tuple[str, ...], bool]]:
    leaf_lines = [
        _value_lines(n.value) if isinstance(n, Leaf) else () for _, n in nodes
    ]  # a leaf always shows its value, read or not
    if kind in ("scalar", "worth") or (kind == "expected" and not t.vector):
        r = 0 if paranoid is None else paranoid
        unread: Interval = (BOTTOM, TOP)
        if kind == "expected" and leaf_bounds is not None:
            unread = (leaf_bounds.lower, leaf_bounds.upper)
        intervals = scalar_intervals(nodes, parents, read, r, unread)
        return [
            (leaf_lines[i], True)
            if isinstance(n, Leaf)
            else ((format_interval(intervals[i]),), intervals[i][0] == intervals[i][1])
            for i, (_, n) in enumerate(nodes)
        ]
    if kind == "vector":
        boxes = vector_boxes(nodes, parents, read, t.players, bounds)
        trivial = _trivial(t.players, bounds)
        out: list[tuple[tuple[str, ...], bool]] = []
        for i, (_, n) in enumerate(nodes):
            if isinstance(n, Leaf):
                out.append((leaf_lines[i], True))
            else:
                exact = all(lo == hi for lo, hi in boxes[i])
                out.append((tuple(format_interval(c, trivial) for c in boxes[i]), exact))
        return out
    complete = _complete(nodes, parents, read)
    value = expectimax if kind == "expected" else separate_evaluations
    return [
        (leaf_lines[i], True)
        if isinstance(n, Leaf)
        else ((_value_lines(value(n).value) if complete[i] else ()), complete[i])
        for i, (_, n) in enumerate(nodes)
    ]


def _children(parents: list[int | None]) -> list[list[int]]:
    kids: list[list[int]] = [[] for _ in parents]
    for i, p in enumerate(parents):
        if p is not None:
            kids[p].append(i)
    return kids


def scalar_intervals(
    nodes: list[tuple[Path, Tree]],
    parents: list[int | None],
    read: list[bool],
    r: int,
    unread: Interval = (BOTTOM, TOP),
) -> list[Interval]:
    """For each node, [minimax with unread leaves at ``unread``'s low end, ... at its high end].

    Leaves count as their worth to player ``r`` (0: Max's view, as ``spec.minimax``); a node
    where r moves maximises, any other player minimises (for two players, minimax itself;
    for N, paranoid), and a chance node weighs its children's ends by their probabilities
    (expectimax; an infinite end stays infinite). Children before parents, over the preorder
    reversed: no recursion.
    """
    kids = _children(parents)
    out: list[Interval] = [unread] * len(nodes)
    for i in reversed(range(len(nodes))):
        n = nodes[i][1]
        if isinstance(n, Leaf):
            if read[i]:
                w = worth(n.value, r)
                out[i] = (w, w)
            continue
        los = [out[c][0] for c in kids[i]]
        his = [out[c][1] for c in kids[i]]
        if n.probabilities is not None:
            out[i] = (_weighed(n.probabilities, los), _weighed(n.probabilities, his))
        else:
            out[i] = (max(los), max(his)) if n.to_move == r else (min(los), min(his))
    return out


def _weighed(ps: Sequence[Fraction], ends: list[Bound]) -> Bound:
    """The sum of p_i x_i, or the infinity among the x_i."""
    for x in ends:
        if x is BOTTOM or x is TOP:
            return x
    total = sum((p * _number(x) for p, x in zip(ps, ends, strict=True)), Fraction(0))
    return total.numerator if total.denominator == 1 else total


def _trivial(players: int, bounds: Bounds | None) -> Interval:
    """The range of one component of an unread leaf: [L, S − (N−1)·L], or everything."""
    if bounds is None:
        return (BOTTOM, TOP)
    return (bounds.lower, bounds.total - (players - 1) * bounds.lower)


def vector_boxes(
    nodes: list[tuple[Path, Tree]],
    parents: list[int | None],
    read: list[bool],
    players: int,
    bounds: Bounds | None,
) -> list[Box]:
    """For each node, a box (an interval per component) that holds its maxn value.

    The rule is the module docstring's; children before parents, with no recursion.
    """
    kids = _children(parents)
    unread: Box = (_trivial(players, bounds),) * players
    out: list[Box] = [unread] * len(nodes)
    for i in reversed(range(len(nodes))):
        n = nodes[i][1]
        if isinstance(n, Leaf):
            if read[i]:
                assert isinstance(n.value, tuple)
                out[i] = tuple((c, c) for c in n.value)
            continue
        p = n.to_move
        boxes = [out[c] for c in kids[i]]
        floor = max(b[p][0] for b in boxes)
        candidates = [
            b
            for j, b in enumerate(boxes)
            if all(b[p][1] > e[p][0] for e in boxes[:j])
            and all(b[p][1] >= e[p][0] for e in boxes[j + 1 :])
        ]
        box = [
            (
                floor if q == p else min(b[q][0] for b in candidates),
                max(b[q][1] for b in candidates),
            )
            for q in range(players)
        ]
        if bounds is not None:  # then every lower end is a number
            lows = [_number(lo) for lo, _ in box]
            box = [(lo, _smaller(hi, bounds.total - (sum(lows) - _number(lo)))) for lo, hi in box]
        out[i] = tuple(box)
    return out


def _number(x: Bound) -> Scalar:
    assert x is not BOTTOM
    assert x is not TOP
    return x  # type: ignore[return-value]


def _smaller(a: Bound, b: Scalar) -> Bound:
    return b if a > b else a


def _complete(
    nodes: list[tuple[Path, Tree]], parents: list[int | None], read: list[bool]
) -> list[bool]:
    kids = _children(parents)
    out = [False] * len(nodes)
    for i in reversed(range(len(nodes))):
        out[i] = read[i] if isinstance(nodes[i][1], Leaf) else all(out[c] for c in kids[i])
    return out


def format_number(x: Scalar) -> str:
    """A number as drawn: a true minus sign, fractions as p/q.

    >>> format_number(-3), format_number(Fraction(9, 2)), format_number(Fraction(-1, 3))
    ('−3', '9/2', '−1/3')
    """
    text = str(x) if not isinstance(x, Fraction) else f"{x.numerator}/{x.denominator}"
    return text.replace("-", "−")


def format_interval(interval: Interval, trivial: Interval = (BOTTOM, TOP)) -> str:
    """An interval as drawn: the value, "≥ lo", "≤ hi", "lo..hi", or "?" for ``trivial``.

    An end equal to the trivial range's end says nothing and is left out.

    >>> format_interval((3, 3)), format_interval((5, TOP)), format_interval((BOTTOM, -2))
    ('3', '≥5', '≤−2')
    >>> format_interval((2, 3)), format_interval((0, 9), (0, 9)), format_interval((0, 2), (0, 9))
    ('2..3', '?', '≤2')
    """
    lo, hi = interval
    if lo == hi:
        assert not isinstance(lo, type(BOTTOM))
        return format_number(lo)  # type: ignore[arg-type]
    low = lo is BOTTOM or lo == trivial[0]
    high = hi is TOP or hi == trivial[1]
    if low and high:
        return "?"
    if high:
        return "≥" + format_number(lo)  # type: ignore[arg-type]
    if low:
        return "≤" + format_number(hi)  # type: ignore[arg-type]
    return f"{format_number(lo)}..{format_number(hi)}"  # type: ignore[arg-type]


def _value_lines(v: Value) -> tuple[str, ...]:
    if isinstance(v, tuple):
        return tuple(format_number(c) for c in v)
    return (format_number(v),)


def _vector_lines(v: object) -> tuple[str, ...]:
    assert isinstance(v, tuple)
    return tuple(format_number(c) for c in v)
