"""What every search of the alpha-beta family shares: lines, results, and faults with a path.

A *line* is a principal variation being built bottom-up, as in ``spec.fold``, at O(1) per
improvement: ``None`` for a leaf, an ``int`` i for "child i, which is a leaf", or a pair
``(i, line of child i)``. The int form saves an allocation for every leaf that improves a
bound, which is most of the improvements a search makes.
"""

from collections.abc import Sequence
from typing import TypeAlias

from gametree.impl.result import SearchResult
from gametree.impl.window import Internal
from gametree.spec import Node, Path, Scalar, Tree, TreeError

__all__ = ["HollowError", "Line", "hollow_node", "leaf_result", "result", "unwind"]

Line: TypeAlias = "tuple[int, Line] | int | None"
"""A principal variation below a node: ``None`` (a leaf), i (leaf child i) or (i, line)."""


class HollowError(Exception):
    """Raised inside a search at a node without children.

    The search's entry point turns it into a ``TreeError`` with the node's path
    (:func:`hollow_node`), so that the hot loops need not keep one.
    """


def unwind(line: Line) -> Path:
    """The path a line spells, iteratively.

    >>> unwind((1, (0, 2))), unwind(3), unwind(None)
    ((1, 0, 2), (3,), ())
    """
    path = []
    while line is not None:
        if isinstance(line, int):
            path.append(line)
            break
        i, line = line
        path.append(i)
    return tuple(path)


def result(
    value: Internal, line: Line, nodes: int, leaves: int, trace: Sequence[Path] | None
) -> SearchResult[Scalar]:
    """A ``SearchResult`` from a search's internal answer (never an infinity: see impl.window)."""
    assert not isinstance(value, float), f"a search returned the internal bound {value}"
    return SearchResult(value, unwind(line), nodes, leaves, None if trace is None else tuple(trace))


def leaf_result(value: Scalar, *, trace: bool) -> SearchResult[Scalar]:
    """The result of searching a lone leaf: its value, read once, with the empty path."""
    return SearchResult(value, (), 1, 1, ((),) if trace else None)


def hollow_node(t: Tree, prefix: Sequence[int] = ()) -> TreeError:
    """The error for an interior node without children, with the path of the first one in ``t``.

    ``Node`` refuses to be built without children; a node emptied behind its back (with
    ``object.__setattr__``) is the only way to meet one, and every search raises this error
    rather than answer for it.
    """
    stack: list[tuple[Tree, tuple[int, ...]]] = [(t, tuple(prefix))]
    while stack:
        x, path = stack.pop()
        if isinstance(x, Node):
            if not x.children:
                return TreeError("an interior node has no children (got a hollow Node)", path)
            stack.extend((c, (*path, i)) for i, c in reversed(list(enumerate(x.children))))
    return TreeError("an interior node has no children (got a hollow Node)", tuple(prefix))
