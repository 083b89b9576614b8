"""Node names for drawings: the ``comment`` of each node of a canonical tree document.

The tree format allows a ``"comment"`` string on any node (``docs/tree-format.md``); a
drawing shows it beside the node as its name, so that Korf's "node e" or the Alpha-Beta Pruning
article's "node K" can be found in the picture. The reader (``gametree.treefile``) checks comments
and drops them, since a ``spec`` tree has no place for them; this module reads them back from the
text, over an explicit stack.

>>> text = ('{"format": "gametree-tree/1", "players": 2, "tree": {"comment": "root", '
...         '"to_move": 0, "children": [{"value": 1, "comment": "a"}, {"value": 2}]}}')
>>> node_names(text)
{(): 'root', (0,): 'a'}
>>> node_names("[[1, 2], [3]]")        # the shorthand has no comments
{}
>>> named = document_with_names(text, {(1,): "b"})
>>> node_names(named)
{(): 'root', (1,): 'b', (0,): 'a'}
"""

import json
from collections.abc import Mapping

from gametree._json import loads
from gametree.spec import Path

__all__ = ["document_with_names", "node_names"]


def node_names(text: str | bytes) -> dict[Path, str]:
    """The comment of every node of a canonical document, by path (nothing for shorthand).

    ``text`` must already have been read successfully by ``gametree.treefile``.
    """
    text = text.decode("utf-8-sig") if isinstance(text, bytes) else text.removeprefix("\ufeff")
    document = loads(text)  # the reader's decoding: a byte-order mark is allowed
    if not isinstance(document, dict) or not isinstance(document.get("tree"), dict):
        return {}
    names: dict[Path, str] = {}
    stack: list[tuple[Path, dict[str, object]]] = [((), document["tree"])]
    while stack:
        path, node = stack.pop()
        comment = node.get("comment")
        if isinstance(comment, str) and comment:
            names[path] = comment
        children = node.get("children")
        if isinstance(children, list):
            stack.extend(((*path, i), c) for i, c in enumerate(children) if isinstance(c, dict))
    return names


def document_with_names(text: str, names: Mapping[Path, str]) -> str:
    """A canonical document (a few hundred levels deep at most) with ``names`` as comments.

    Each comment is written first among its node's keys.
    """
    document = json.loads(text)
    nodes: dict[Path, dict[str, object]] = {}
    stack: list[tuple[Path, dict[str, object]]] = [((), document["tree"])]
    while stack:
        path, node = stack.pop()
        nodes[path] = node
        children = node.get("children")
        if isinstance(children, list):
            stack.extend(((*path, i), c) for i, c in enumerate(children))
    for path, name in names.items():
        node = nodes[path]
        rest = dict(node)
        node.clear()
        node.update({"comment": name, **rest})
    return json.dumps(document, ensure_ascii=False)
