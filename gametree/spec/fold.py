"""The one bottom-up fold that every definition in the spec is written with.

A definition says what a leaf is worth and how a node combines its children's results; the
fold visits the tree depth-first, left to right, over an explicit stack, so no definition has
a recursion limit as a hidden input (a chain 100,000 deep and a tree with 10^6 leaves are
tested). The same fold walks explicit trees and games (implicit trees), which differ only in
how an item is expanded into its children.

A principal variation is built as a *line*: a cons list ``(child index, rest)`` that costs O(1)
per node, unwound into a path once, at the root.
"""

from collections.abc import Callable, Sequence
from typing import Generic, TypeAlias, TypeVar

import attrs

from gametree.spec.errors import Path, TreeError

__all__ = ["Line", "Solution", "fold", "solve", "unwind"]

Item = TypeVar("Item")
Result = TypeVar("Result")
V = TypeVar("V")

Line: TypeAlias = "tuple[int, Line] | None"
"""A principal variation below a node, as a cons list: ``(best child, its line)``."""


def fold(
    root: Item,
    expand: Callable[[Item], Sequence[Item] | None],
    leaf: Callable[[Item], Result],
    node: Callable[[Item, Sequence[Item], list[Result]], Result],
) -> Result:
    """Fold a tree bottom-up: ``leaf(x)`` at leaves, ``node(x, children, results)`` above.

    ``expand(x)`` gives the children of ``x`` in order, or ``None`` when ``x`` is a leaf.
    Children are visited left to right, each subtree finished before the next begins. A
    ``TreeError`` raised by any of the three functions is re-raised with the path of the item
    it was raised at.

    >>> nested = [[3, 12, 8], [2, 4, 6]]
    >>> fold(nested, lambda x: x if isinstance(x, list) else None, lambda v: v,
    ...      lambda x, kids, rs: sum(rs))
    35
    """
    frames: list[tuple[Item, Sequence[Item], list[Result]]] = []
    try:
        kids = expand(root)
        if kids is None:
            return leaf(root)
        frames.append((root, kids, []))
        while True:
            item, kids, results = frames[-1]
            if len(results) < len(kids):
                child = kids[len(results)]
                grandchildren = expand(child)
                if grandchildren is None:
                    results.append(leaf(child))
                else:
                    frames.append((child, grandchildren, []))
                continue
            value = node(item, kids, results)
            frames.pop()
            if not frames:
                return value
            frames[-1][2].append(value)
    except TreeError as e:
        raise e.below(_path_of_fault(frames)) from None


def _path_of_fault(frames: Sequence[tuple[object, Sequence[object], Sequence[object]]]) -> Path:
    """The path of the item being worked on when a fault was raised.

    A frame whose results are complete was being combined: the fault is at that frame's node.
    Otherwise the fault is at the next child of the innermost frame.
    """
    path = tuple(len(results) for _, _, results in frames)
    if frames and len(frames[-1][2]) == len(frames[-1][1]):
        return path[:-1]
    return path


def unwind(line: Line) -> Path:
    """Turn a line into the path it spells, iteratively.

    >>> unwind((1, (0, (2, None))))
    (1, 0, 2)
    """
    path = []
    while line is not None:
        i, line = line
        path.append(i)
    return tuple(path)


@attrs.frozen
class Solution(Generic[V]):
    """What a definition computes for a tree: the root's value and a principal variation.

    ``principal_variation`` is the path of child indices from the root to the leaf whose value
    is backed up to the root, choosing at every node the leftmost best child (Korf's tie rule:
    a later child replaces the best only if strictly better for the player to move).
    """

    value: V
    principal_variation: Path

    @property
    def best_move(self) -> int | None:
        """The index of the root's chosen child, or ``None`` when the root is a leaf."""
        return self.principal_variation[0] if self.principal_variation else None


def solve(
    root: Item,
    expand: Callable[[Item], Sequence[Item] | None],
    leaf_value: Callable[[Item], V],
    choose: Callable[[Item, Sequence[Item], list[V]], tuple[V, int]],
) -> Solution[V]:
    """Fold with a principal variation: ``choose`` gives a node's value and its chosen child.

    Every definition in the spec that backs up a value and a move is this call, with its own
    ``leaf_value`` and ``choose``.
    """

    def leaf(x: Item) -> tuple[V, Line]:
        return leaf_value(x), None

    def node(x: Item, kids: Sequence[Item], results: list[tuple[V, Line]]) -> tuple[V, Line]:
        v, i = choose(x, kids, [r[0] for r in results])
        return v, (i, results[i][1])

    v, line = fold(root, expand, leaf, node)
    return Solution(v, unwind(line))
