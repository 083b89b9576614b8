"""Game trees: a leaf holds a value, an interior node holds its children and the player to move.

Glossary: t is a tree, n a node, c a child, v a value, p the player to move, N the number of
players, b the branching factor, d the depth, and a *path* is the tuple of child indices from
the root (``()`` is the root itself).

The shared semantics (DESIGN.md) are fixed here once:

- A tree is finite and ordered. Players are ``0 .. N-1``. Every leaf of one tree has the same
  kind of value: all scalars (then N = 2, values from player 0's view) or all vectors of
  length N (Korf 3.1).
- The player to move is explicit at every node. "Players move in turn by depth, starting with
  player 0 at the root" is a constructor, :meth:`Node.by_depth`, not an assumption inside the
  algorithms.
- A *chance node* (Ballard 1983's probability node, written ``*``) is an interior node where
  no player moves: chance picks child i with probability p_i, exact (``int`` or ``Fraction``),
  each above 0 and all summing to exactly 1. Its ``to_move`` is :data:`CHANCE` and its
  ``probabilities`` are those p_i; :meth:`Node.chance` builds one. A search that has no rule
  for chance nodes refuses a tree that holds one (:attr:`Node.chance_nodes`, O(1)).

A tree is checked as it is built, at O(b) cost per node: each node summarises its subtree
(number of players, kind of value, size, height), so a fault is found at the lowest node where
it can be seen, and reported with its path relative to the node being built. Built from
nested lists, that node is the root. Equality, hashing and ``repr`` are iterative, so trees as
deep as memory allows work everywhere (no recursion limit as a hidden input).
"""

from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import TypeAlias

import attrs

from gametree.spec.errors import Path, TreeError
from gametree.spec.values import Value, exact_scalar, exact_value

__all__ = [
    "CHANCE",
    "Leaf",
    "Node",
    "Tree",
    "check_well_formed",
    "iter_leaves",
    "leaf_values",
    "leftmost_leaf_path",
    "preorder",
    "require_deterministic",
    "subtree",
]

CHANCE = -1
"""The ``to_move`` of a chance node: no player moves there (Ballard 1983's ``*`` node)."""


def _exact_leaf_value(x: object) -> Value:
    if type(x) is int:  # exact already: exact_value's answer, without its checks' cost
        return x
    if type(x) is tuple and len(x) >= 2 and all(type(c) is int for c in x):
        return x
    try:
        return exact_value(x)
    except TreeError as e:
        raise e.below(()) from None


@attrs.frozen(eq=False, repr=False)
class Leaf:
    """A terminal position, holding its static value: a scalar for two players, else a vector.

    >>> Leaf(3), Leaf((1, 2, 6)), Leaf(0.5)
    (Leaf(3), Leaf((1, 2, 6)), Leaf(Fraction(1, 2)))
    >>> Leaf(float("inf"))
    Traceback (most recent call last):
    ...
    gametree.spec.errors.TreeError: a value must be finite (got inf) at path []
    """

    value: Value = attrs.field(converter=_exact_leaf_value)

    @property
    def players(self) -> int:
        """N: the length of a vector value, or 2 for a scalar."""
        return len(self.value) if isinstance(self.value, tuple) else 2

    @property
    def vector(self) -> bool:
        """Whether the value is an N-player vector (else a two-player scalar)."""
        return isinstance(self.value, tuple)

    size = 1
    """Number of nodes in this subtree."""
    leaf_count = 1
    """Number of leaves in this subtree."""
    height = 0
    """Length of the longest path from here down to a leaf."""
    chance_nodes = 0
    """Number of chance nodes in this subtree."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Leaf | Node):
            return NotImplemented
        return _trees_equal(self, other)

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"Leaf({self.value!r})"


def _as_child(x: object, i: int) -> "Tree":
    if isinstance(x, Leaf | Node):
        return x
    if isinstance(x, list):
        raise TreeError(
            f"a child must be a Leaf, a Node, a number or a tuple of numbers (got the list "
            f"{x!r}); nested lists are read by Node.by_depth",
            (i,),
        )
    try:
        return Leaf(x)
    except TreeError as e:
        raise e.below((i,)) from None


def _as_children(xs: object) -> "tuple[Tree, ...]":
    if not isinstance(xs, Iterable) or isinstance(xs, str | bytes):
        raise TreeError(
            f"'children' must be a sequence of trees (got {xs!r} of type {type(xs).__name__})",
            (),
        )
    children = tuple(xs)
    if set(map(type, children)) <= _TREE_TYPES:
        return children
    return tuple(_as_child(x, i) for i, x in enumerate(children))


def _as_probabilities(ps: object) -> "tuple[Fraction, ...]":
    """A chance node's probabilities, each exact and in (0, 1].

    Their number and sum are checked with the children (:func:`_check_node`).
    """
    if not isinstance(ps, Iterable) or isinstance(ps, str | bytes):
        raise TreeError(
            f"'probabilities' must be a sequence of numbers (got {ps!r} of type "
            f"{type(ps).__name__})",
            (),
        )
    out = []
    for i, p in enumerate(ps):
        try:
            q = Fraction(exact_scalar(_fraction_text(p)))
        except TreeError as e:
            raise TreeError(f"probability {i}: {e.problem}", ()) from None
        if not 0 < q <= 1:
            raise TreeError(f"probability {i} must be above 0 and at most 1 (got {q})", ())
        out.append(q)
    return tuple(out)


def _fraction_text(p: object) -> object:
    """``"p/q"`` as the Fraction it names; anything else as it is."""
    if isinstance(p, str):
        try:
            return Fraction(p)
        except ValueError:
            raise TreeError(f'a probability must be a number or "p/q" (got {p!r})') from None
    return p


@attrs.frozen(eq=False, repr=False)
class Node:
    """An interior node: the player to move and the children in order (at least one).

    Children may be given as trees, numbers (scalar leaves) or tuples (vector leaves).

    >>> Node(0, [3, Node(1, [12, 8])])
    Node(0, (Leaf(3), Node(1, (Leaf(12), Leaf(8)))))
    >>> Node(2, [1, 2])
    Traceback (most recent call last):
    ...
    gametree.spec.errors.TreeError: 'to_move' must be in 0..1 (got 2) at path []

    A chance node has ``to_move`` :data:`CHANCE` and one probability per child:

    >>> Node.chance([1, 4], ["1/4", "3/4"])
    Node(-1, (Leaf(1), Leaf(4)), probabilities=(Fraction(1, 4), Fraction(3, 4)))
    >>> Node.chance([1, 4], [0.5, 0.25])
    Traceback (most recent call last):
    ...
    gametree.spec.errors.TreeError: the probabilities must sum to 1 (got 3/4) at path []
    """

    to_move: int
    children: "tuple[Tree, ...]" = attrs.field(converter=_as_children)
    probabilities: "tuple[Fraction, ...] | None" = attrs.field(
        default=None, kw_only=True, converter=attrs.converters.optional(_as_probabilities)
    )
    """At a chance node, the probability of each child (exact, above 0, summing to 1);
    ``None`` at a node where a player moves."""
    players: int = attrs.field(init=False)
    """N, the number of players: the length of the vector values, or 2 for scalar values."""
    vector: bool = attrs.field(init=False)
    """Whether the leaves hold N-player vectors (else two-player scalars)."""
    size: int = attrs.field(init=False)
    """Number of nodes in this subtree, this one included."""
    leaf_count: int = attrs.field(init=False)
    """Number of leaves in this subtree."""
    height: int = attrs.field(init=False)
    """Length of the longest path from here down to a leaf."""
    chance_nodes: int = attrs.field(init=False)
    """Number of chance nodes in this subtree, this one included."""
    _hash: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        _summarise(self, *_check_node(self.to_move, self.children, self.probabilities))

    @classmethod
    def of_trees(
        cls,
        to_move: int,
        children: "tuple[Tree, ...]",
        probabilities: Iterable[object] | None = None,
    ) -> "Node":
        """``Node(to_move, children, probabilities=probabilities)``, for children already trees.

        Plumbing for a reader that builds a tree bottom-up (:mod:`gametree.treefile`): the
        same checks (:func:`_check_node`) and the same errors, without the converter's pass
        that makes a tree of each child and without attrs' ``__init__``. Children that are not
        all a :class:`Leaf` or a :class:`Node` are built by ``Node(...)`` itself.

        >>> Node.of_trees(0, (Leaf(3), Node(1, [12, 8]))) == Node(0, [3, Node(1, [12, 8])])
        True
        >>> Node.of_trees(0, (Leaf(3), Leaf((1, 2))))
        Traceback (most recent call last):
        ...
        gametree.spec.errors.TreeError: a vector leaf among scalar leaves (got (1, 2)) at path [1]
        """
        if type(children) is not tuple or not set(map(type, children)) <= _TREE_TYPES:
            return cls(to_move, children, probabilities=probabilities)
        ps = None if probabilities is None else _as_probabilities(probabilities)
        kind = _check_node(to_move, children, ps)
        node = object.__new__(cls)
        object.__setattr__(node, "to_move", to_move)
        object.__setattr__(node, "children", children)
        object.__setattr__(node, "probabilities", ps)
        _summarise(node, *kind)
        return node

    @classmethod
    def chance(cls, children: Iterable[object], probabilities: Iterable[object]) -> "Node":
        """A chance node: chance picks ``children[i]`` with ``probabilities[i]`` (Ballard 1983).

        A probability is an ``int``, a ``Fraction``, a finite float (read exactly) or a string
        ``"p/q"``; each must be above 0 and at most 1, and together they must sum to exactly 1.
        """
        return cls(CHANCE, children, probabilities=probabilities)

    @property
    def is_chance(self) -> bool:
        """Whether chance, not a player, picks the child here."""
        return self.probabilities is not None

    def with_children(
        self, children: Iterable[object], kept: Sequence[int] | None = None
    ) -> "Node":
        """The same kind of node, the same player's or chance's, with other ``children``.

        ``kept``: the indices of this node's children that ``children`` stand for, in order
        (children taken out: a chance node's probabilities of those kept, rescaled to sum to
        1); by default one new child for each child.

        >>> Node.chance([1, 2, 3], ["1/2", "1/4", "1/4"]).with_children([5, 6], kept=[0, 2])
        Node(-1, (Leaf(5), Leaf(6)), probabilities=(Fraction(2, 3), Fraction(1, 3)))
        """
        if self.probabilities is None:
            return Node(self.to_move, children)
        ps = self.probabilities
        chosen = [ps[i] for i in (range(len(ps)) if kept is None else kept)]
        total = sum(chosen, Fraction(0))
        return Node.chance(children, [p / total for p in chosen])

    @classmethod
    def by_depth(cls, nested: Sequence[object]) -> "Node":
        """Build a tree from nested lists in which players move in turn by depth.

        A list is an interior node, a number a scalar leaf and a tuple a vector leaf. The root
        is player 0's move, its children player 1's, and so on modulo N, where N is 2 for
        scalar leaves and the vector length otherwise. A ``Leaf`` or ``Node`` inside the lists
        is taken as it is. The nesting may be as deep as memory allows.

        >>> Node.by_depth([[3, 12, 8], [2, 4, 6]])
        Node(0, (Node(1, (Leaf(3), Leaf(12), Leaf(8))), Node(1, (Leaf(2), Leaf(4), Leaf(6)))))
        >>> Node.by_depth([[3, 12], [2, (1, 2)]])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        gametree.spec.errors.TreeError: a vector leaf among scalar leaves (got (1, 2)) at path ...
        """
        if not isinstance(nested, list):
            raise TreeError(
                f"Node.by_depth reads a node as a list (got {nested!r} of type "
                f"{type(nested).__name__})",
                (),
            )
        first = _first_leaf_of_nested(nested)
        built = _build_by_depth(nested, first)
        assert isinstance(built, Node)
        return built

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Leaf | Node):
            return NotImplemented
        return _trees_equal(self, other)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return _tree_repr(self)


Tree: TypeAlias = Leaf | Node
"""A game tree: a leaf or an interior node."""


def leftmost_leaf_path(t: Tree) -> Path:
    """The path of the first leaf of ``t`` in left-to-right order."""
    path = []
    while isinstance(t, Node):
        path.append(0)
        t = t.children[0]
    return tuple(path)


def _kind_problem(first: Tree, c: Tree) -> str | None:
    """Why the leaves of ``c`` cannot be in one tree with ``first``'s, or ``None``."""
    if (c.players, c.vector) == (first.players, first.vector):
        return None
    leaf = subtree(c, leftmost_leaf_path(c))
    assert isinstance(leaf, Leaf)
    if c.vector != first.vector:
        kinds = ("vector", "scalar") if c.vector else ("scalar", "vector")
        problem = "a {} leaf among {} leaves".format(*kinds)
    else:
        problem = f"a vector of length {c.players} where the first leaf's is {first.players}"
    return f"{problem} (got {leaf.value!r})"


def _check_node(
    to_move: object,
    children: "tuple[Tree, ...]",
    probabilities: "tuple[Fraction, ...] | None" = None,
) -> tuple[int, bool]:
    """Check one node given its (already checked) children; return (N, vector).

    Raises ``TreeError`` with the path of the fault relative to this node.
    """
    if isinstance(to_move, bool) or not isinstance(to_move, int):
        raise TreeError(
            f"'to_move' must be an int (got {to_move!r} of type {type(to_move).__name__})", ()
        )
    if not children:
        raise TreeError("an interior node needs at least one child (got none)", ())
    first = children[0]
    players, vector = first.players, first.vector
    for i, c in enumerate(children):
        if c.players != players or c.vector != vector:
            problem = _kind_problem(first, c)
            if problem is not None:
                raise TreeError(problem, (i, *leftmost_leaf_path(c)))
    if probabilities is not None:
        _check_chance(to_move, len(children), probabilities)
    elif not 0 <= to_move < players:
        raise TreeError(f"'to_move' must be in 0..{players - 1} (got {to_move})", ())
    return players, vector


def _summarise(n: Node, players: int, vector: bool) -> None:  # noqa: FBT001
    """Set a checked node's summary of its subtree (its fields that are not given)."""
    size, leaves, height, chance = 1, 0, 0, int(n.probabilities is not None)
    # () for a player's node: hash(None) differs from one Python 3.11 process to the next, and a
    # tree pickled in one must equal the same tree built in another
    hashes: list[object] = [n.to_move, () if n.probabilities is None else n.probabilities]
    for c in n.children:
        if type(c) is Leaf:
            size, leaves = size + 1, leaves + 1
            hashes.append(hash(c.value))
        else:
            size, leaves = size + c.size, leaves + c.leaf_count
            height, chance = max(height, c.height), chance + c.chance_nodes
            hashes.append(hash(c))
    set_ = object.__setattr__
    set_(n, "players", players)
    set_(n, "vector", vector)
    set_(n, "size", size)
    set_(n, "leaf_count", leaves)
    set_(n, "height", 1 + height)
    set_(n, "chance_nodes", chance)
    set_(n, "_hash", hash(tuple(hashes)))


_TREE_TYPES = {Leaf, Node}


def _check_chance(to_move: int, n: int, probabilities: "tuple[Fraction, ...]") -> None:
    """A chance node's own rules: CHANCE moves, one probability a child, summing to 1."""
    if to_move != CHANCE:
        raise TreeError(f"a chance node's 'to_move' must be CHANCE, {CHANCE} (got {to_move})", ())
    if len(probabilities) != n:
        raise TreeError(
            f"a chance node needs one probability per child, {n} (got {len(probabilities)})", ()
        )
    total = sum(probabilities, Fraction(0))
    if total != 1:
        raise TreeError(f"the probabilities must sum to 1 (got {total})", ())


def _first_leaf_of_nested(nested: list[object]) -> Tree:
    path: list[int] = []
    x: object = nested
    while isinstance(x, list):
        if not x:
            raise TreeError("an interior node needs at least one child (got [])", path)
        x = x[0]
        path.append(0)
    if isinstance(x, Leaf | Node):
        return x
    try:
        return Leaf(x)
    except TreeError as e:
        raise TreeError(e.problem, path) from None


def _build_by_depth(nested: list[object], first: Tree) -> Tree:
    """Build bottom-up over an explicit stack of (list, children built so far) frames.

    The path of the item being read is the number of children built in each frame, so no
    frame keeps a copy of its path (that would be quadratic in the depth). Each leaf is
    checked against the first leaf's kind as it is read, so a wrong vector length is reported
    at the leaf rather than as a player out of range somewhere above it.
    """
    players = first.players
    stack: list[tuple[list[object], list[Tree]]] = [(nested, [])]

    def path(*below: int) -> list[int]:
        return [len(built) for _, built in stack] + list(below)

    while True:
        items, built = stack[-1]
        if len(built) < len(items):
            x = items[len(built)]
            if isinstance(x, list):
                if not x:
                    raise TreeError("an interior node needs at least one child (got [])", path())
                stack.append((x, []))
                continue
            try:
                c = x if isinstance(x, Leaf | Node) else Leaf(x)
            except TreeError as e:
                raise TreeError(e.problem, path()) from None
            problem = _kind_problem(first, c)
            if problem is not None:
                raise TreeError(problem, path(*leftmost_leaf_path(c)))
            built.append(c)
            continue
        stack.pop()
        try:
            node = Node(len(stack) % players, built)
        except TreeError as e:
            raise e.below(path()) from None
        if not stack:
            return node
        stack[-1][1].append(node)


def require_deterministic(t: Tree, search: str) -> None:
    """Raise a clear error if ``t`` holds a chance node, which ``search`` has no rule for.

    O(1): every node counts the chance nodes below it. The error names the first one.

    >>> require_deterministic(Node(0, [Node.chance([1, 2], ["1/2", "1/2"])]), "minimax")
    Traceback (most recent call last):
    ...
    gametree.spec.errors.TreeError: minimax has no rule for chance nodes (the tree has 1; \
expectimax, star1 and star2 search them) at path [0]
    """
    if not t.chance_nodes:
        return
    first = next(tuple(p) for p, n in preorder(t) if isinstance(n, Node) and n.is_chance)
    raise TreeError(
        f"{search} has no rule for chance nodes (the tree has {t.chance_nodes}; expectimax, "
        f"star1 and star2 search them)",
        first,
    )


def subtree(t: Tree, path: Sequence[int]) -> Tree:
    """The node of ``t`` at ``path``; a clear error if there is none.

    >>> subtree(Node.by_depth([[3, 12], [2, 4]]), [1, 0])
    Leaf(2)
    """
    for depth, i in enumerate(path):
        if isinstance(t, Leaf):
            raise TreeError(f"a path goes below a leaf (got path {list(path)})", path[:depth])
        if not 0 <= i < len(t.children):
            raise TreeError(
                f"child index {i} is out of range 0..{len(t.children) - 1} (got path {list(path)})",
                path[:depth],
            )
        t = t.children[i]
    return t


def preorder(t: Tree) -> Iterator[tuple[list[int], Tree]]:
    """Every node of ``t`` with its path, parents before children, left to right.

    The path is one list updated in place as the walk goes on (so a walk costs O(1) per node
    whatever the depth): copy it, e.g. with ``tuple(path)``, to keep it.
    """
    path: list[int] = []
    yield path, t
    nodes = [t] if isinstance(t, Node) else []
    if nodes:
        path.append(-1)
    while nodes:
        path[-1] += 1
        top = nodes[-1]
        if path[-1] == len(top.children):
            nodes.pop()
            path.pop()
            continue
        c = top.children[path[-1]]
        yield path, c
        if isinstance(c, Node):
            nodes.append(c)
            path.append(-1)


def iter_leaves(t: Tree) -> Iterator[tuple[Path, Leaf]]:
    """Every leaf of ``t`` with its path, left to right (the directional order of Korf 3.2.4).

    >>> [(p, l.value) for p, l in iter_leaves(Node.by_depth([[3, 12], 2]))]
    [((0, 0), 3), ((0, 1), 12), ((1,), 2)]
    """
    for path, x in preorder(t):
        if isinstance(x, Leaf):
            yield tuple(path), x


def leaf_values(t: Tree) -> list[Value]:
    """The leaf values of ``t``, left to right."""
    return [leaf.value for _, leaf in iter_leaves(t)]


def check_well_formed(t: Tree) -> None:
    """Check every node of ``t`` again from scratch, naming the path of the first fault.

    Construction already checks each node as it is built; this is the same check run over a
    whole tree, for trees that came from elsewhere (a reader, a strategy, a stateful test).
    """
    for path, x in preorder(t):
        if isinstance(x, Leaf):
            if not _is_exact(x.value):
                raise TreeError(
                    f"a leaf value is not an exact scalar or vector (got {x.value!r})", path
                )
            continue
        try:
            players, vector = _check_node(x.to_move, x.children, x.probabilities)
        except TreeError as e:
            raise e.below(path) from None
        if (players, vector) != (x.players, x.vector):
            raise TreeError("a node's summary disagrees with its children", path)


def _is_exact(v: object) -> bool:
    if isinstance(v, tuple):
        return len(v) >= 2 and all(type(c) in (int, Fraction) for c in v)
    return type(v) in (int, Fraction)


def _trees_equal(a: Tree, b: Tree) -> bool:
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if x is y:
            continue
        if isinstance(x, Leaf):
            if not isinstance(y, Leaf) or x.value != y.value:
                return False
        elif (
            not isinstance(y, Node)
            or x._hash != y._hash
            or x.to_move != y.to_move
            or x.probabilities != y.probabilities
            or len(x.children) != len(y.children)
        ):
            return False
        else:
            stack.extend(zip(x.children, y.children, strict=True))
    return True


def _tree_repr(t: Tree) -> str:
    out: list[str] = []
    stack: list[Tree | str] = [t]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            out.append(x)
        elif isinstance(x, Leaf):
            out.append(repr(x))
        else:
            out.append(f"Node({x.to_move}, (")
            end = ",)" if len(x.children) == 1 else ")"
            if x.probabilities is not None:
                end += f", probabilities={x.probabilities!r}"
            stack.append(end + ")")
            for i, c in reversed(list(enumerate(x.children))):
                stack.append(c)
                if i:
                    stack.append(", ")
    return "".join(out)
