"""Where each node goes: the Reingold–Tilford tidy tree layout, by igraph.

igraph's ``layout_reingold_tilford`` places a rooted tree top-down with parents centred over
their children and subtrees packed as closely as a unit gap between neighbours on a level
allows. It keeps the order of children when vertices are numbered in preorder, which is how
``gametree.draw.model`` numbers them (tests check it on every drawing they make).

Glossary: i is a node's index in preorder, x its horizontal position in layout units (one
unit is the least gap between two nodes on a level), y its depth.
"""

from collections.abc import Sequence

import igraph  # type: ignore[import-untyped]  # igraph ships no type information

__all__ = ["tidy_positions"]


def tidy_positions(parents: Sequence[int | None]) -> list[tuple[float, int]]:
    """(x, depth) for each node, given each node's parent index in preorder (root: ``None``).

    The leftmost node is at x = 0.

    >>> tidy_positions([None, 0, 0])
    [(0.5, 0), (0.0, 1), (1.0, 1)]
    """
    if not parents or parents[0] is not None:
        raise ValueError("need the parents of a tree in preorder, the root first")
    edges = [(p, i) for i, p in enumerate(parents) if p is not None]
    if len(parents) == 1:
        return [(0.0, 0)]
    graph = igraph.Graph(n=len(parents), edges=edges, directed=True)
    coords = graph.layout_reingold_tilford(mode="out", root=[0]).coords
    left = min(x for x, _ in coords)
    return [(float(x) - left, round(y)) for x, y in coords]
