"""Helpers for a conformance adapter: the conventions every adapter of a library re-derives.

An adapter is a Python target of ``gametree conform`` (``docs/conformance.md``, "Targets"): it
takes the gate's request as a dict, asks a library, and returns the reply. Each one met the
same conventions, and each wrote them again; here they are once, each with its example:

- a request's number is a JSON number or a ``"p/q"`` string (:func:`parse_number`, exactly),
  and a reply's number goes back the same way (:func:`json_value`);
- values are player 0's (Max's); a negamax library wants them from the point of view of the
  player to move (:func:`worth`, Korf 3.1's component for N players);
- a library that searches to a fixed depth is given the tree's height (:func:`height`);
- a library that answers with the position it would move to, not the move's index, has it
  mapped back (:func:`child_index`);
- a library that picks at random among tied best moves is gated with ``--any-best-move``: its
  move must be one of the best ones, its line one of best moves (no helper: the gate's mode).

``examples/random_ties.py`` uses them all, and the library adapters of ``examples/`` those
they need.

>>> request = {"semantics": "negamax", "trace": False, "tree": {"format": "gametree-tree/1",
...     "players": 2, "tree": {"to_move": 1, "children": [{"value": "-1/2"}, {"value": 4}]}}}
>>> root = request["tree"]["tree"]
>>> [worth(parse_number(c["value"]), root["to_move"]) for c in root["children"]]
[Fraction(1, 2), -4]
>>> height(root), json_value(parse_number("-1/2"))
(1, '-1/2')
"""

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from gametree.spec import worth
from gametree.treefile import json_value, parse_number

__all__ = ["child_index", "height", "json_value", "parse_number", "worth"]

S = TypeVar("S")


def height(node: Mapping[str, Any]) -> int:
    """The height of a request's tree from ``node`` (a JSON node), for a fixed-depth search.

    The depth a library that searches to a fixed depth needs to reach every leaf. Over an
    explicit stack: a request 1,200 plies deep is read, as the gate asks it.

    >>> height({"value": 3}), height({"to_move": 0, "children": [{"value": 1},
    ...                                   {"to_move": 1, "children": [{"value": 2}]}]})
    (0, 2)
    """
    deepest, stack = 0, [(node, 0)]
    while stack:
        n, d = stack.pop()
        deepest = max(deepest, d)
        stack.extend((c, d + 1) for c in n.get("children", ()))
    return deepest


def child_index(children: Sequence[S], chosen: S) -> int:
    """The index of the child ``chosen`` among ``children``: the move, for the reply.

    The same object first (a library that hands back one of the positions it was given),
    else the first equal one (one that builds positions afresh; equal positions are worth the
    same, so either is the move). ``ValueError`` when none is: the library's answer is not a
    child of the root.

    >>> positions = ["a1", "b2", "c3"]
    >>> child_index(positions, "b2")
    1
    >>> child_index(positions, "d4")
    Traceback (most recent call last):
    ...
    ValueError: the chosen position 'd4' is not one of the root's 3 children
    """
    for i, c in enumerate(children):
        if c is chosen:
            return i
    for i, c in enumerate(children):
        if c == chosen:
            return i
    raise ValueError(f"the chosen position {chosen!r:.80} is not one of the root's "
                     f"{len(children)} children")  # fmt: skip
