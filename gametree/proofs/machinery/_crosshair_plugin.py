"""Teach CrossHair to build game trees of one fixed shape with symbolic leaves (a plugin).

A copy of ``tests/crosshair_plugin.py`` (``proofs`` may not import ``tests``), cut down to
what a per-shape proof needs: every ``Leaf`` and ``Node`` CrossHair is asked for is the tree
of the shape in ``GAMETREE_PROOF_SHAPE`` (text such as ``[*, [*, *]]``), players in turn by
depth, with a fresh symbolic ``int`` in every leaf component. The kind of leaf is
``GAMETREE_PROOF_KIND``: ``scalar`` (two players) or ``vectors`` (N = ``GAMETREE_PROOF_PLAYERS``
components; the targets themselves keep to Korf's bounds).

Leaves are built by the ``Leaf`` constructor, traced, so its converter checks the symbolic
values. Nodes are built over a *twin* (the same shape and players with every component 0) and
then given the symbolic children, because ``Node`` caches the hash of its children, and hashing
a symbolic ``int`` makes CrossHair fix its value. The cached hash is replaced by a marker that
refuses to be used (:data:`SYMBOLIC_HASH`), so a search that hashed a node would be an error,
not a wrong answer.

CrossHair runs a plugin file with ``exec`` inside its own ``main()``, where the file's functions
cannot see each other; ``--extra_plugin`` is given ``proofs/_crosshair_load.py``, which imports
this module and calls :func:`register`.
"""

import os
from contextlib import AbstractContextManager
from typing import Final

import attrs
import crosshair
from crosshair.tracers import ResumedTracing

from gametree.proofs.machinery.shapes import Shape, parse
from gametree.spec import Leaf, Node, Tree

__all__ = ["SYMBOLIC_HASH", "register", "symbolic_node"]


class _SymbolicHash:
    """The cached hash of a node with symbolic leaves: equal to itself, unusable otherwise."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _SymbolicHash):
            return True
        raise TypeError("the hash of a tree with symbolic leaves was used")

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # unhashable on purpose, like the tree

    def __repr__(self) -> str:
        return "SYMBOLIC_HASH"


SYMBOLIC_HASH: Final = _SymbolicHash()
"""What a node built here holds in place of its cached hash."""


def _traced() -> AbstractContextManager[None]:
    resumed: AbstractContextManager[None] = ResumedTracing()  # type: ignore[no-untyped-call]
    return resumed


def _twin(t: Tree) -> Tree:
    if isinstance(t, Leaf):
        return Leaf((0,) * t.players if t.vector else 0)
    return Node(t.to_move, [_twin(c) for c in t.children])


def symbolic_node(to_move: int, children: list[Tree]) -> Node:
    """``Node(to_move, children)``, built without hashing the leaves of ``children``."""
    node = Node(to_move, [_twin(c) for c in children])
    object.__setattr__(node, "children", tuple(children))
    object.__setattr__(node, "_hash", SYMBOLIC_HASH)
    return node


def _tree(factory: crosshair.SymbolicFactory, shape: Shape, kind: str, players: int) -> Tree:
    counter = iter(range(10**6))

    def leaf() -> Leaf:
        k = next(counter)
        if kind == "scalar":
            with _traced():
                return Leaf(factory(int, f"_v{k}"))
        cs = [factory(int, f"_v{k}_{i}") for i in range(players)]
        with _traced():
            return Leaf(tuple(cs))

    def grow(x: Shape, depth: int) -> Tree:
        if x is None:
            return leaf()
        return symbolic_node(depth % players, [grow(c, depth + 1) for c in x])

    return grow(shape, 0)


_registered = False


def register() -> None:
    """Register the creators, once per process, for the shape in the environment."""
    global _registered  # noqa: PLW0603 - CrossHair's registry is process-wide too
    if _registered:
        return
    if "_hash" not in attrs.fields_dict(Node):
        raise RuntimeError("spec.tree.Node has no field '_hash' any more: update symbolic_node")
    env = os.environ
    shape = parse(env["GAMETREE_PROOF_SHAPE"])
    kind = env.get("GAMETREE_PROOF_KIND", "scalar")
    players = 2 if kind == "scalar" else int(env.get("GAMETREE_PROOF_PLAYERS", "3"))

    def make(factory: crosshair.SymbolicFactory) -> Tree:
        return _tree(factory, shape, kind, players)

    crosshair.register_type(Node, make)
    crosshair.register_type(Leaf, make)
    _registered = True
