"""Tree shapes: every small one, in order of size, sharded so that the work can be split.

Glossary: a *shape* is a tree without values or players: ``None`` is a leaf and a tuple holds
the shapes of the children, in order; n is a number of leaves, h a height, b the greatest
number of children of a node, N the number of players.

A *unary* node (one child) is a legitimate interior node (``spec.Node`` takes one child or
more), and it matters for the optimality of shallow pruning (``proofs.optimality``), so the
enumeration includes unary nodes unless told not to. Shapes come in a fixed order, smallest
first: by number of leaves, then of nodes, then of height, then by the order of their text,
so "the first shape on which a claim fails" is a minimal one in that order
(``proofs.result.Shard`` splits it).

>>> [text(s) for s in shapes(2, max_height=1)]
['[*, *]']
>>> len(list(shapes(3, max_height=2, unary=False)))
3
"""

from collections.abc import Callable, Iterator, Sequence
from itertools import product
from typing import TypeAlias

from gametree.spec import Leaf, Node, Tree, Vector

__all__ = [
    "Shape",
    "all_shapes",
    "build",
    "by_depth",
    "height",
    "leaf_count",
    "node_count",
    "shape_of",
    "shapes",
    "text",
]

Shape: TypeAlias = "tuple[Shape, ...] | None"
"""A tree shape: ``None`` for a leaf, a tuple of the children's shapes for a node."""


def leaf_count(s: Shape) -> int:
    """The number of leaves of ``s``."""
    return 1 if s is None else sum(leaf_count(c) for c in s)


def node_count(s: Shape) -> int:
    """The number of nodes of ``s``, leaves included."""
    return 1 if s is None else 1 + sum(node_count(c) for c in s)


def height(s: Shape) -> int:
    """The length of the longest path from the root of ``s`` down to a leaf."""
    return 0 if s is None else 1 + max(height(c) for c in s)


def text(s: Shape) -> str:
    """``s`` as nested brackets with ``*`` at the leaves, e.g. ``[*, [*, *]]``."""
    return "*" if s is None else "[" + ", ".join(text(c) for c in s) + "]"


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write n as an ordered sum of ``parts`` positive integers."""
    if parts == 1:
        yield (n,)
        return
    for first in range(1, n - parts + 2):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


def _exact(
    n: int, h: int, b: int, *, unary: bool, memo: dict[tuple[int, int], list[Shape]]
) -> list[Shape]:
    """Every shape with exactly n leaves and height at most h (memoised; small sizes only)."""
    key = (n, h)
    if key in memo:
        return memo[key]
    found: list[Shape] = [None] if n == 1 else []
    if h > 0:
        for k in range(1 if unary else 2, min(n, b) + 1):
            for sizes in _compositions(n, k):
                choices = (_exact(m, h - 1, b, unary=unary, memo=memo) for m in sizes)
                found.extend(tuple(kids) for kids in product(*choices))
    memo[key] = found
    return found


def _order(s: Shape) -> tuple[int, int, int, str]:
    return (leaf_count(s), node_count(s), height(s), text(s))


def shapes(
    leaves: int, *, max_height: int, max_branching: int | None = None, unary: bool = True
) -> list[Shape]:
    """Every shape with exactly ``leaves`` leaves and height at most ``max_height``, in order.

    ``max_branching`` bounds the children of a node (default: no bound beyond ``leaves``);
    with ``unary=False`` every interior node has at least two children.
    """
    if leaves < 1 or max_height < 0:
        raise ValueError(f"need leaves >= 1 and max_height >= 0 (got {leaves}, {max_height})")
    b = leaves if max_branching is None else max_branching
    return sorted(_exact(leaves, max_height, b, unary=unary, memo={}), key=_order)


def all_shapes(
    max_leaves: int,
    *,
    max_height: int,
    max_branching: int | None = None,
    unary: bool = True,
    min_height: int = 0,
) -> list[Shape]:
    """Every shape with 1..max_leaves leaves and height in min_height..max_height, in order."""
    found = [
        s
        for n in range(1, max_leaves + 1)
        for s in shapes(n, max_height=max_height, max_branching=max_branching, unary=unary)
        if height(s) >= min_height
    ]
    return sorted(found, key=_order)


def by_depth(players: int) -> Callable[[int], int]:
    """Korf's alternation (3.1): the player to move at depth d is d mod N."""
    return lambda depth: depth % players


def build(s: Shape, values: Sequence[Vector], mover: Callable[[int], int]) -> Tree:
    """The tree of shape ``s`` with ``values`` at its leaves, left to right.

    ``mover(d)`` is the player to move at depth d (see :func:`by_depth`).

    >>> build((None, (None, None)), [(1, 0, 8), (0, 0, 9), (0, 1, 8)], by_depth(3))
    Node(0, (Leaf((1, 0, 8)), Node(1, (Leaf((0, 0, 9)), Leaf((0, 1, 8))))))
    """
    if len(values) != leaf_count(s):
        raise ValueError(f"shape {text(s)} has {leaf_count(s)} leaves (got {len(values)} values)")
    it = iter(values)

    def grow(x: Shape, depth: int) -> Tree:
        if x is None:
            return Leaf(next(it))
        return Node(mover(depth), [grow(c, depth + 1) for c in x])

    return grow(s, 0)


def shape_of(t: Tree) -> Shape:
    """The shape of ``t`` (small trees: this recurses once per level)."""
    if isinstance(t, Leaf):
        return None
    return tuple(shape_of(c) for c in t.children)


def parse(s: str) -> Shape:
    """Read a shape written by :func:`text`.

    >>> text(parse("[*, [[*, *]]]"))
    '[*, [[*, *]]]'
    """
    stack: list[list[Shape]] = [[]]
    for ch in s.replace(" ", "").replace(",", ""):
        if ch == "[":
            stack.append([])
        elif ch == "]":
            if len(stack) < 2 or not stack[-1]:
                raise ValueError(f"not a shape: {s!r}")
            kids = stack.pop()
            stack[-1].append(tuple(kids))
        elif ch == "*":
            stack[-1].append(None)
        else:
            raise ValueError(f"not a shape: {s!r} (a shape is written like [*, [*, *]])")
    if len(stack) != 1 or len(stack[0]) != 1:
        raise ValueError(f"not a shape: {s!r}")
    return stack[0][0]
