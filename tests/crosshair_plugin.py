"""Teach CrossHair to build small game trees with symbolic leaves (a ``crosshair`` plugin).

Left to itself, CrossHair builds a ``Node`` by calling the constructor with symbolic
arguments. It may alias heap objects so that a node contains itself; the spec's iterative
fold then never ends, and ``--per_condition_timeout`` does not stop it. So ``Leaf`` and
``Node`` get creators here that build a bounded tree top-down. Every shape decision (leaf or
interior node, one more child or not, the player to move, the vector length) is an SMT fork,
and every leaf component is a symbolic ``int``.

Leaves are built by the ``Leaf`` constructor, traced, so its converter checks the symbolic
values. Nodes cannot be: ``Node`` caches the hash of its children when it is built, and
hashing a symbolic ``int`` makes CrossHair fix its value (a "realization"), after which every
path has concrete leaves, no path set is ever exhausted, and a claim that needs one
particular leaf value is never refuted. So each node is built by the ``Node`` constructor over
a *twin*: the same shape and players with every leaf component 0. The constructor checks the
twin and computes the summary fields (players, size, height, ...), then the twin's children
are replaced by the symbolic ones and its cached hash by :data:`SYMBOLIC_HASH`, which
stands for "not computed". Two trees built here still compare correctly (``_trees_equal``
uses the hash only as a shortcut); any other use of such a hash raises ``TypeError``, which
CrossHair reports as an error, instead of giving a wrong answer. Every tree handed to CrossHair
then passes ``check_well_formed``, traced.

The kind of tree is fixed per run, because each definition raises ``TreeError`` on the other
kinds and CrossHair would report that as a failure. It is read from the environment variable
``GAMETREE_CROSSHAIR_TREES`` when the plugin is registered:

- ``scalar``: two-player trees with scalar leaves (minimax, negamax);
- ``pairs``: two-player trees with 2-vector leaves (separate_evaluations);
- ``vectors``: N-player trees with N-vector leaves, N in 2..3 (maxn).

Shapes are bounded by ``GAMETREE_CROSSHAIR_DEPTH`` (the height, default 2) and
``GAMETREE_CROSSHAIR_BRANCHING`` (children per interior node, default 2).

CrossHair runs a plugin file with ``exec`` inside its own ``main()``, where the functions the
file defines cannot see each other; so ``--extra_plugin`` is given the small file
``tests/crosshair_plugin_load.py``, which imports this module and calls :func:`register`.
"""

import os
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Final, TypeVar

import attrs
import crosshair
from crosshair.tracers import ResumedTracing

from gametree.spec.tree import Leaf, Node, Tree, check_well_formed
from gametree.spec.values import Value

__all__ = ["KINDS", "SYMBOLIC_HASH", "Shapes", "register", "symbolic_node"]

_T = TypeVar("_T", Leaf, Node)

KINDS: Final = ("scalar", "pairs", "vectors")
"""The kinds of tree the plugin can build, as named in ``GAMETREE_CROSSHAIR_TREES``."""


@attrs.frozen
class Shapes:
    """The trees to build: their kind, greatest height and greatest branching factor."""

    kind: str = attrs.field(validator=attrs.validators.in_(KINDS))
    max_depth: int = attrs.field(validator=attrs.validators.ge(0))
    max_branching: int = attrs.field(validator=attrs.validators.ge(1))

    @classmethod
    def from_environment(cls) -> "Shapes":
        """Read the kind and bounds from ``GAMETREE_CROSSHAIR_*`` (see the module docstring)."""
        env = os.environ
        return cls(
            kind=env.get("GAMETREE_CROSSHAIR_TREES", "scalar"),
            max_depth=int(env.get("GAMETREE_CROSSHAIR_DEPTH", "2")),
            max_branching=int(env.get("GAMETREE_CROSSHAIR_BRANCHING", "2")),
        )


class _SymbolicHash:
    """The cached hash of a node with symbolic leaves: equal to itself, unusable otherwise."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _SymbolicHash):
            return True
        raise TypeError(
            "the hash of a tree with symbolic leaves was used (tests/crosshair_plugin.py does "
            "not compute it, since hashing a symbolic int fixes its value)"
        )

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # unhashable on purpose, like the tree

    def __repr__(self) -> str:
        return "SYMBOLIC_HASH"


SYMBOLIC_HASH: Final = _SymbolicHash()
"""What a node built here holds in place of its cached hash."""

_HASH_FIELD: Final = "_hash"
"""The ``Node`` field that caches its hash; :func:`register` checks that it is still there."""


def _traced() -> AbstractContextManager[None]:
    """Run the spec's code traced (a creator runs untraced), so symbolic values stay symbolic."""
    # crosshair.tracers has no annotations
    resumed: AbstractContextManager[None] = ResumedTracing()  # type: ignore[no-untyped-call]
    return resumed


def _fork(factory: crosshair.SymbolicFactory, desc: str) -> bool:
    """A fresh boolean decision that CrossHair explores both ways."""
    return bool(factory.space.smt_fork(desc=desc))


def _players(factory: crosshair.SymbolicFactory, shapes: Shapes) -> int:
    """N: 2 for scalars and pairs; for vectors 2 or 3, decided by a fork."""
    if shapes.kind != "vectors" or _fork(factory, "two_players"):
        return 2
    return 3


def _player(factory: crosshair.SymbolicFactory, players: int) -> int:
    """A player in 0..players-1, chosen by forks (a symbolic int would be realized)."""
    for p in range(players - 1):
        if _fork(factory, f"to_move_is_{p}"):
            return p
    return players - 1


def _leaf(factory: crosshair.SymbolicFactory, shapes: Shapes, players: int) -> Leaf:
    """A leaf holding a fresh symbolic scalar, or a vector of ``players`` of them."""
    value: Value
    if shapes.kind == "scalar":
        value = factory(int, "_v")
    else:
        value = tuple(factory(int, f"_v{i}") for i in range(players))
    with _traced():
        return Leaf(value)


def _twin(t: Tree) -> Tree:
    """A concrete tree of the same shape, players and kind as ``t``, every component 0."""
    if isinstance(t, Leaf):
        return Leaf((0,) * t.players if t.vector else 0)
    return Node(t.to_move, [_twin(c) for c in t.children])


def _node(factory: crosshair.SymbolicFactory, shapes: Shapes, players: int, height: int) -> Node:
    """An interior node of height at most ``height`` (at least 1), with 1..b children."""
    to_move = _player(factory, players)
    children = [_tree(factory, shapes, players, height - 1)]
    while len(children) < shapes.max_branching and _fork(factory, "another_child"):
        children.append(_tree(factory, shapes, players, height - 1))
    return symbolic_node(to_move, children)


def symbolic_node(to_move: int, children: Sequence[Tree]) -> Node:
    """The node ``Node(to_move, children)``, built without hashing the leaves of ``children``.

    The constructor builds and checks the node over the children's twins (same shape and
    players, every component 0); then the twins are replaced by ``children`` and the cached
    hash by :data:`SYMBOLIC_HASH`.
    """
    node = Node(to_move, [_twin(c) for c in children])
    object.__setattr__(node, "children", tuple(children))
    object.__setattr__(node, _HASH_FIELD, SYMBOLIC_HASH)
    return node


def _tree(factory: crosshair.SymbolicFactory, shapes: Shapes, players: int, height: int) -> Tree:
    """A tree of height at most ``height``: a leaf, or a node whose children are lower."""
    if height == 0 or _fork(factory, "is_leaf"):
        return _leaf(factory, shapes, players)
    return _node(factory, shapes, players, height)


def _checked(t: _T) -> _T:
    """``t``, after ``check_well_formed`` has passed it, traced."""
    with _traced():
        check_well_formed(t)
    return t


_registered: Shapes | None = None


def register(shapes: Shapes | None = None) -> None:
    """Register the ``Leaf`` and ``Node`` creators with CrossHair, once per process.

    ``shapes`` defaults to :meth:`Shapes.from_environment`.
    """
    global _registered  # noqa: PLW0603 - CrossHair's registry is process-wide too
    if _HASH_FIELD not in attrs.fields_dict(Node):
        raise RuntimeError(
            f"spec.tree.Node has no field {_HASH_FIELD!r} any more: if it still computes a hash "
            "when built, point _HASH_FIELD at it; if not, build nodes with the constructor alone"
        )
    s = shapes if shapes is not None else Shapes.from_environment()
    if _registered is not None:
        if s != _registered:
            raise ValueError(f"the creators are already registered for {_registered} (got {s})")
        return

    def leaf(factory: crosshair.SymbolicFactory) -> Leaf:
        return _checked(_leaf(factory, s, _players(factory, s)))

    def node(factory: crosshair.SymbolicFactory) -> Node:
        return _checked(_node(factory, s, _players(factory, s), max(s.max_depth, 1)))

    crosshair.register_type(Leaf, leaf)
    crosshair.register_type(Node, node)
    _registered = s
