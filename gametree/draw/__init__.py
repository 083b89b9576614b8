"""Drawings of searched trees: ``gametree draw FILE -a NAME -o OUT.svg`` (or ``.png``).

A drawing is made from a real search (an algorithm of ``gametree.algorithms`` run with a
trace): :func:`search_drawing` runs it and builds the :class:`Drawing` model (what every node
shows, computed before anything is drawn, see :mod:`gametree.draw.model`); :func:`render`
lays it out (Reingold–Tilford, by igraph) and writes SVG or PNG (matplotlib). Both libraries
come with the ``draw`` extra (``pip install 'gametree[draw]'``); the model needs neither.

>>> from gametree.figures import korf_figure4
>>> from gametree.spec import Bounds
>>> d = search_drawing(korf_figure4(), "shallow", Bounds(0, 9))
>>> sorted(d.cut_paths)
[(1, 1), (2, 1)]
>>> [n.label for n in d.nodes if n.path == (1,)]
[('≤2', '≥7', '≤2')]
"""

from collections.abc import Mapping
from pathlib import Path

import attrs

from gametree.algorithms import Answer, Found, Options, lookup
from gametree.draw.model import REASONED, Drawing, DrawnNode, cut_offs, drawing
from gametree.spec import Bounds, Interval, Node, Tree, iter_leaves, subtree
from gametree.spec import Path as TreePath
from gametree.spec.best_reply import brs_plus_transform, reply_path, transform_line
from gametree.spec.tree import preorder

__all__ = ["Drawing", "DrawnNode", "cut_offs", "drawing", "render", "search_drawing"]


def search_drawing(
    t: Tree,
    algorithm: str,
    bounds: Bounds | Interval | None = None,
    options: Options | None = None,
    *,
    title: str = "",
    names: Mapping[TreePath, str] | None = None,
) -> Drawing:
    """Run the search called ``algorithm`` on ``t`` with a trace, and build its drawing.

    A search of the chance or best-reply family runs with its events too, for the reasons of
    its cut-offs (:data:`gametree.draw.model.REASONED`).

    Raises ``KeyError`` for an unknown name and ``spec.TreeError`` (or ``ValueError``) when
    the search cannot take the tree.
    """
    found = lookup(algorithm)
    a = found.algorithm
    options = options or Options()
    events = a.events and a.family in REASONED and not found.definition
    answer = a.run(t, bounds, options, trace=True, events=events, definition=found.definition)
    if a.family == "best-reply":
        return _best_reply_drawing(t, found, answer, options, title=title, names=names)
    return drawing(t, a, answer, bounds, options, title=title, names=names)


def _best_reply_drawing(
    t: Tree,
    found: Found,
    answer: Answer,
    options: Options,
    *,
    title: str,
    names: Mapping[TreePath, str] | None,
) -> Drawing:
    """BRS+ drawn on its transform: its leaves and line there, and each reply's plies."""
    r = options.player
    assert r is not None  # the search refused the tree otherwise
    u = brs_plus_transform(t, r)
    if answer.events is not None:
        read = tuple(tuple(e["path"]) for e in answer.events if e["type"] == "leaf")
    else:  # the definition: every leaf
        read = tuple(tuple(p) for p, _ in iter_leaves(u))
    line, problem = transform_line(t, r, answer.principal_variation)
    assert not problem, problem
    shown = attrs.evolve(answer, trace=read, principal_variation=line)
    paths = [tuple(p) for p, _ in preorder(u)]
    in_t = {p: reply_path(t, r, p) for p in paths}
    replies = {}
    for p in paths:
        above = subtree(u, p[:-1]) if p else None
        if isinstance(above, Node) and above.to_move != r:
            replies[p] = "·".join(map(str, in_t[p][len(in_t[p[:-1]]) :]))
    shown_names = {p: (names or {})[in_t[p]] for p in paths if in_t[p] in (names or {})}
    d = drawing(u, found.algorithm, shown, None, options, title=title, names=shown_names,
                replies=replies)  # fmt: skip
    return attrs.evolve(d, tree_line=answer.principal_variation)


def render(d: Drawing, out: str | Path) -> Path:
    """Write ``d`` as SVG or PNG, by the suffix of ``out`` (needs the ``draw`` extra)."""
    from gametree.draw.canvas import render as render_file  # noqa: PLC0415 - optional extra

    return render_file(d, out)
