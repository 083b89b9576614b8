"""Witness and counterexample trees as JSON documents of the project's tree format.

``proofs`` may not import ``gametree``, so this is a minimal writer and reader of the canonical
form that ``gametree.treefile`` defines (format ``"gametree-tree/1"``): an object with
``format``, ``players``, optional ``bounds`` (``{"lower": L, "sum": S}``) and ``tree``, where a
node is ``{"to_move": p, "children": [...]}`` and a leaf ``{"value": v}``, numbers being JSON
integers or strings holding exact fractions (``"3/7"``). It reads only what it writes, for the
small trees of ``proofs/data``; the reader for users, with its limits and error pointers, is
``gametree.treefile`` (``tests/test_proofs_data.py`` checks that both read these files alike).
Neither direction recurses.

>>> doc = document(Node.by_depth([(1, 0, 8), [(0, 0, 9)]]), Bounds(0, 9))
>>> read_document(doc)
(Node(0, (Leaf((1, 0, 8)), Node(1, (Leaf((0, 0, 9)),)))), Bounds(lower=0, total=9))
"""

import json
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

from gametree.spec import Bounds, Leaf, Node, Scalar, Tree, Value
from gametree.spec._package_data import package_text
from gametree.spec.fold import fold

__all__ = [
    "FORMAT",
    "document",
    "json_number",
    "json_value",
    "read_document",
    "read_stored",
    "read_value",
]

FORMAT = "gametree-tree/1"
"""The format string of the canonical form (``gametree.treefile.FORMAT``)."""


def json_number(q: Scalar) -> int | str:
    """An exact number as JSON: an integer, or a string such as ``"3/7"``."""
    return str(q) if isinstance(q, Fraction) else q


def json_value(v: Value) -> object:
    """A leaf value as JSON: a number, or a list of numbers."""
    if isinstance(v, tuple):
        return [json_number(c) for c in v]
    return json_number(v)


def document(t: Tree, bounds: Bounds | None = None) -> dict[str, object]:
    """The canonical JSON document of ``t`` (with Korf's bounds when given)."""

    def leaf(x: Tree) -> object:
        assert isinstance(x, Leaf)
        return {"value": json_value(x.value)}

    def node(x: Tree, _: object, kids: list[object]) -> object:
        assert isinstance(x, Node)
        return {"to_move": x.to_move, "children": kids}

    doc: dict[str, object] = {"format": FORMAT, "players": t.players}
    if bounds is not None:
        doc["bounds"] = {"lower": json_number(bounds.lower), "sum": json_number(bounds.total)}
    doc["tree"] = fold(t, lambda x: x.children if isinstance(x, Node) else None, leaf, node)
    return doc


def read_number(x: object) -> Scalar:
    """A JSON number written by :func:`json_number`."""
    if isinstance(x, bool) or not isinstance(x, int | str):
        raise ValueError(f"a number is a JSON integer or a string such as '3/7' (got {x!r})")
    q = Fraction(x)
    return q.numerator if q.denominator == 1 else q


def read_value(x: object) -> Value:
    """A leaf value written by :func:`json_value`."""
    if isinstance(x, list):
        return tuple(read_number(c) for c in x)
    return read_number(x)


def read_document(doc: object) -> tuple[Tree, Bounds | None]:
    """The tree and bounds of a document written by :func:`document`."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} document (got {str(doc)[:80]})")
    raw_bounds = doc.get("bounds")
    bounds = None
    if raw_bounds is not None:
        b = cast(dict[str, object], raw_bounds)
        bounds = Bounds(read_number(b["lower"]), read_number(b["sum"]))

    def expand(x: object) -> list[object] | None:
        d = cast(dict[str, object], x)
        return cast(list[object], d["children"]) if "children" in d else None

    def leaf(x: object) -> Tree:
        return Leaf(read_value(cast(dict[str, object], x)["value"]))

    def node(x: object, _: object, kids: list[Tree]) -> Tree:
        return Node(cast(int, cast(dict[str, object], x)["to_move"]), kids)

    return fold(doc["tree"], expand, leaf, node), bounds


def read_stored(path: Path, *keys: str) -> list[tuple[dict[str, Any], Tree, Bounds | None]]:
    """The records stored in ``path`` (a file of ``proofs/data``) under ``keys``, trees read.

    Each record is a JSON object with a ``"document"``; it comes back with that document's
    tree and bounds. Raises ``MissingPackageDataError`` if the file is missing (an incomplete
    installation).
    """
    records: Any = json.loads(package_text(path))
    for k in keys:
        records = records[k]
    return [(r, *read_document(r["document"])) for r in records]
