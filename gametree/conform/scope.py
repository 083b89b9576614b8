"""Where the gate looks: the flags a case earns by what it holds, the scopes, and coverage.

Glossary: a *flag* names something a case holds that a limited engine may declare it cannot
take and skip (``--skip-flag``), as Wycheproof's flags do; a *scope* (``small``, ``default``,
``large``) is the mix of tiers the generated phase draws from (:mod:`gametree.conform.tiers`)
with a cap on the nodes of one case; *coverage* is what a run actually asked: the largest
branching, height, number of players and magnitude.

Engines break at the edges of what a small tree shows: a fixed-size move list, "infinity"
written as a constant (999, 9999, 32767), an integer type that overflows or a double that
rounds, a player index packed into a few bits, a cut-off wrong only some levels down, a memo
reused under another window. The flags of :data:`CONTENT_FLAGS` are worked out from a case's
content by :func:`case_flags`, for a vector, a generated case and every shrunk one alike, so
that ``--skip-flag`` skips all three; :data:`gametree.conform.vectors.NOTES` says which
mistake each flag is there to catch.

>>> from gametree.spec import Node
>>> content_flags(Node(1, [Node(0, [2**53 + 1, 3])] * 2))
('NotByDepth', 'Sentinel', 'Int16', 'Int32', 'Float64', 'RepeatedSubtree')
"""

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

import attrs

from gametree.conform.kept import Memo
from gametree.spec import Leaf, Node, Scalar, Tree, Value

if TYPE_CHECKING:  # only the types are read here
    from gametree.conform.codec import Case
    from gametree.conform.games import GameGraph

__all__ = [
    "CONTENT_FLAGS",
    "MAGNITUDE_FLAGS",
    "SCOPES",
    "SHAPES",
    "Coverage",
    "Scope",
    "Shape",
    "alternates",
    "case_flags",
    "content_flags",
    "magnitude_flags",
    "magnitude_text",
]

TALL = 6
"""A tree at least this high earns ``Tall``: a cut-off or a bound passed down wrongly only some
levels below the root shows there (and in N-player trees, deep pruning from far up)."""
DEEP = 400
"""A tree at least this high earns ``Deep``: a request nests two JSON levels a level of its
tree, so a reader that recurses under Python's default limit of 1,000 frames (``json.loads``)
fails from about 495 levels, and a search that recurses from about 1,000, or about 500 when it
takes two frames a ply (``tests.bugs.alphabeta.recursion_limit`` dies at 497)."""
WIDE = 16
"""A node with more children than this earns ``Wide``: past move lists of 4, 8 and 16."""
MANY = 5
"""At least this many players earn ``ManyPlayers``: past a player index held in 2 bits."""
TINY = 10**9
"""A denominator at least this large earns ``TinyFraction``: finer than a 1e-9 tolerance."""
REPEATED = 3
"""An interior subtree of at least this many nodes, found twice, earns ``RepeatedSubtree``."""
MANY_NODES = 2**16
"""A tree (a game's cut tree) of at least this many nodes earns ``ManyNodes``: past a node count
or a node index held in 16 bits, and past what a fixed node budget of that size lets a search
finish (:mod:`gametree.conform.scale` asks such cases)."""
MANY_STATES = 2**12
"""A game of at least this many states earns ``ManyNodes`` too: more positions than a
transposition table of this many entries holds."""

MAGNITUDE_FLAGS: tuple[tuple[str, int], ...] = (
    ("Sentinel", 998),
    ("Int16", 2**15 - 1),
    ("Int32", 2**31 - 1),
    ("Float64", 2**53),
    ("Int64", 2**63 - 1),
    ("BigInteger", 2**127 - 1),
)
"""(flag, m): a number x with |x| > m earns the flag. Past 998: the smallest "infinity"
engines write (999); then the largest magnitude that int16, int32, a double (every integer up
to 2^53, and no odd one above), int64 and int128 hold on both sides of zero, so that a value
and its negation both fit."""

CONTENT_FLAGS: tuple[str, ...] = (
    "NotByDepth",
    "Fraction",
    "TinyFraction",
    "Deep",
    "Tall",
    "Wide",
    "ManyPlayers",
    *(flag for flag, _ in MAGNITUDE_FLAGS),
    "RepeatedSubtree",
    "ManyNodes",
)
"""The flags :func:`content_flags` works out from a tree and the numbers asked with it."""


def magnitude_flags(magnitude: Scalar) -> tuple[str, ...]:
    """The flags a number of this magnitude earns (see :data:`MAGNITUDE_FLAGS`).

    >>> magnitude_flags(998), magnitude_flags(999), magnitude_flags(2**53 + 1)
    ((), ('Sentinel',), ('Sentinel', 'Int16', 'Int32', 'Float64'))
    """
    return tuple(flag for flag, m in MAGNITUDE_FLAGS if magnitude > m)


@attrs.define
class Shape:
    """What one case holds, measured in one pass over its tree, without recursion.

    Every figure the flags (:meth:`flags`), the coverage (:class:`Coverage`) and the shape
    behaviours (:mod:`gametree.conform.observe`) read: a case's tree is walked once for all
    three (:func:`case_shape`).
    """

    nodes: int = 0
    height: int = 0
    branching: int = 0
    players: int = 2
    magnitude: Scalar = 0
    denominator: int = 1
    by_depth: bool = True
    repeated: bool = False
    unary: bool = False
    """A node with one child."""
    moves_twice: bool = False
    """A node with a child where the same player moves."""
    uneven: bool = False
    """Leaves at more than one depth."""
    least: Scalar | None = None
    """The smallest component of any leaf vector (``None``: no vector leaf)."""
    most: Scalar | None = None
    """The largest sum of any leaf vector."""

    @classmethod
    def of(cls, t: Tree, extra: Iterable[Scalar] = ()) -> "Shape":
        """Measure ``t``; ``extra`` are the other numbers asked with it (a window, bounds).

        Each node object is measured once, however many places of the tree hold it (a scale
        case of 10^5 nodes is a few thousand objects: :mod:`gametree.conform.scale`), over an
        explicit stack; what depends on the depth (whether players move in turn by depth, the
        depths of the leaves) is kept relative to the node.
        """
        players = t.players
        parts: dict[int, _Part] = {}
        slots: dict[int, int] = {}
        stack: list[tuple[Tree, bool]] = [(t, False)]
        while stack:
            n, below_done = stack.pop()
            if isinstance(n, Leaf) or (not below_done and id(n) in parts):
                continue
            if not below_done:
                parts[id(n)] = _PENDING
                stack.append((n, True))
                stack.extend((c, False) for c in n.children
                             if isinstance(c, Node) and id(c) not in parts)  # fmt: skip
                continue
            parts[id(n)] = _Part(n, [c if isinstance(c, Leaf) else parts[id(c)]
                                     for c in n.children], players)  # fmt: skip
            for c in n.children:
                slots[id(c)] = slots.get(id(c), 0) + 1
        root = _Part(t) if isinstance(t, Leaf) else parts[id(t)]
        out = cls(nodes=t.size, height=t.height, players=players, branching=root.branching,
                  by_depth=bool(root.in_turn & 1), unary=root.unary,
                  moves_twice=root.twice, uneven=root.low != root.high,
                  least=root.least, most=root.most)  # fmt: skip
        out.magnitude, out.denominator = root.magnitude, root.denominator
        for x in extra:
            out.magnitude = max(out.magnitude, x if x >= 0 else -x)
            if isinstance(x, Fraction):
                out.denominator = max(out.denominator, x.denominator)
        out.repeated = _repeated(t, slots)
        return out

    def flags(self) -> tuple[str, ...]:
        """The flags of :data:`CONTENT_FLAGS` this shape earns, in that order."""
        earned = {
            "NotByDepth": not self.by_depth,
            "Fraction": self.denominator > 1,
            "TinyFraction": self.denominator >= TINY,
            "Deep": self.height >= DEEP,
            "Tall": self.height >= TALL,
            "Wide": self.branching > WIDE,
            "ManyPlayers": self.players >= MANY,
            "RepeatedSubtree": self.repeated,
            "ManyNodes": self.nodes >= MANY_NODES,
            **dict.fromkeys(magnitude_flags(self.magnitude), True),
        }
        return tuple(f for f in CONTENT_FLAGS if earned.get(f))


class _Part:
    """What :meth:`Shape.of` keeps of one node object: its subtree's figures, relative to it."""

    __slots__ = ("branching", "denominator", "high", "in_turn", "least", "low", "magnitude",
                 "most", "mover", "twice", "unary")  # fmt: skip

    def __init__(self, n: Tree, children: "Iterable[Leaf | _Part]" = (), players: int = 2) -> None:
        """Measure ``n`` from its children's parts (a node) or its value (a leaf)."""
        self.mover = n.to_move if isinstance(n, Node) else -2
        """The player to move at the node (-2 at a leaf)."""
        self.branching = len(n.children) if isinstance(n, Node) else 0
        self.unary = self.branching == 1
        self.twice = False
        """A node below with a child where the same player moves, or this one."""
        self.low = self.high = 0
        """The least and the greatest depth of a leaf below, relative to the node."""
        self.magnitude: Scalar = 0
        self.denominator = 1
        self.least: Scalar | None = None
        self.most: Scalar | None = None
        self.in_turn = -1
        """Bit o set: every node at relative depth r is moved by player (o + r) mod N."""
        if isinstance(n, Leaf):
            self._value(n.value)
            return
        low = -1
        for c in children:
            p = c if isinstance(c, _Part) else _Part(c)
            self.branching = max(self.branching, p.branching)
            self.unary = self.unary or p.unary
            self.twice = self.twice or p.twice or p.mover == self.mover
            low = p.low if low < 0 else min(low, p.low)
            self.high = max(self.high, p.high + 1)
            self.magnitude = max(self.magnitude, p.magnitude)
            self.denominator = max(self.denominator, p.denominator)
            if p.least is not None:
                self.least = p.least if self.least is None else min(self.least, p.least)
            if p.most is not None:
                self.most = p.most if self.most is None else max(self.most, p.most)
            self.in_turn &= p.in_turn
        self.low = low + 1
        o = self.mover
        self.in_turn = 1 << o if o >= 0 and self.in_turn >> ((o + 1) % players) & 1 else 0

    def _value(self, v: Value) -> None:
        for x in v if isinstance(v, tuple) else (v,):
            self.magnitude = max(self.magnitude, x if x >= 0 else -x)
            if isinstance(x, Fraction):
                self.denominator = max(self.denominator, x.denominator)
        if isinstance(v, tuple):
            self.least, self.most = min(v), sum(v)


_PENDING = _Part(Leaf(0))


def _repeated(t: Tree, slots: dict[int, int]) -> bool:
    """Whether two places of ``t`` hold equal subtrees of :data:`REPEATED` nodes or more.

    ``slots``: how many child places each node object fills. An object in two places is
    repeated; so is one whose parent is in two, which then is too; so it is enough to find an
    object of that size in two places, or two distinct objects that are equal.
    """
    seen: set[Node] = set()
    stack: list[Tree] = [t]
    done: set[int] = set()
    while stack:
        n = stack.pop()
        if isinstance(n, Leaf) or n.size < REPEATED or id(n) in done:
            continue
        if slots.get(id(n), 0) > 1 or n in seen:
            return True
        done.add(id(n))
        seen.add(n)
        stack.extend(n.children)
    return False


def content_flags(t: Tree, extra: Iterable[Scalar] = ()) -> tuple[str, ...]:
    """The flags a tree (asked with the numbers ``extra``) earns by what it holds."""
    return Shape.of(t, extra).flags()


def case_numbers(case: "Case") -> list[Scalar]:
    """The numbers a case asks with besides its tree's leaves: the window and Korf's bounds."""
    out = [x for x in (case.alpha, case.beta) if x is not None]
    if case.bounds is not None:
        out += [case.bounds.lower, case.bounds.total]
    return out


def case_shape(case: "Case") -> Shape:
    """The shape of what ``case`` asks: its tree (a game's cut tree) and its other numbers.

    Worked out once a process for each tree and numbers (:data:`SHAPES`): a case is flagged
    before it is asked and again when it is, counted and observed, and steering flags and
    observes each candidate.
    """
    numbers = case_numbers(case)
    return SHAPES((case.tree, tuple(numbers)), lambda: Shape.of(case.tree, numbers))


SHAPES: Memo[tuple[Tree, tuple[Scalar, ...]], Shape] = Memo(lambda key: key[0].size,
                                                            entries=4096, nodes=2**21)  # fmt: skip
"""The shapes of the trees asked lately, with their other numbers, by content."""


def case_flags(case: "Case") -> tuple[str, ...]:
    """Every flag ``case`` earns by what it holds; for a game also what its graph holds.

    A game's graph earns ``Transposition`` (a state reached by two moves), ``Quiescence``
    (a state that is not quiet), ``Check`` and ``MovesTwice`` (a move to a state where the
    same player moves); its cut tree's players move as the game says, so ``NotByDepth`` is
    not a game's flag; a game of :data:`MANY_STATES` states or more earns ``ManyNodes``, as a
    cut tree of :data:`MANY_NODES` nodes does. A case asked over the integers (``optimal``)
    earns ``IntegerDomain``, so that an engine deciding over the reals only can skip those
    cases too.
    """
    if case.game is None:
        content = case_shape(case).flags()
        return (*content, "IntegerDomain") if case.domain == "integers" else content
    g = case.game
    reached = [0] * len(g.states)
    for x in g.states:
        for _, t in x.moves:
            reached[t] += 1
    flags = ["Transposition"] if any(n > 1 for n in reached) else []
    if any(not x.quiet for x in g.states):
        flags.append("Quiescence")
    if any(x.check for x in g.states):
        flags.append("Check")
    if not alternates(g):
        flags.append("MovesTwice")
    tree = [f for f in case_shape(case).flags() if f not in {"NotByDepth", "RepeatedSubtree"}]
    if len(g.states) >= MANY_STATES and "ManyNodes" not in tree:
        tree.append("ManyNodes")
    return (*flags, *tree)


def alternates(g: "GameGraph") -> bool:
    """Whether every move of the game leads to a state where the other player moves."""
    return all(g.states[t].to_move != x.to_move for x in g.states for _, t in x.moves)


def magnitude_text(m: Scalar) -> str:
    """A magnitude as a reader takes it in: exact up to 20 digits, near a power of two named.

    >>> magnitude_text(9), magnitude_text(2**53 + 1), magnitude_text(10**999 - 1)
    ('9', '9007199254740993 (2^53 + 1)', 'a 999-digit integer')
    >>> magnitude_text(Fraction(1, 3))
    '1/3'
    """
    if isinstance(m, Fraction):
        return str(m)
    digits = len(str(m))
    if digits > 20:
        return f"a {digits}-digit integer"
    for power in (m.bit_length() - 1, m.bit_length()):
        gap = m - 2**power
        if power >= 10 and abs(gap) <= 2:
            near = f"2^{power}" + (f" {'+' if gap > 0 else '-'} {abs(gap)}" if gap else "")
            return f"{m} ({near})"
    return str(m)


@attrs.define
class Coverage:
    """The largest of everything a run asked (see :meth:`add`), so a green gate says how much."""

    cases: int = 0
    nodes: int = 0
    height: int = 0
    branching: int = 0
    players: int = 0
    magnitude: Scalar = 0
    denominator: int = 1
    flags: set[str] = attrs.field(factory=set)
    visited: int = 0
    """The most nodes the reference search visited on one case (``Expected.visited``)."""

    def add(self, shape: Shape, flags: Iterable[str], visited: int | None = None) -> None:
        """Count one case of this shape, with the flags it carries and the reference's visits."""
        self.cases += 1
        self.visited = max(self.visited, visited or 0)
        self.nodes = max(self.nodes, shape.nodes)
        self.height = max(self.height, shape.height)
        self.branching = max(self.branching, shape.branching)
        self.players = max(self.players, shape.players)
        self.magnitude = max(self.magnitude, shape.magnitude)
        self.denominator = max(self.denominator, shape.denominator)
        self.flags.update(flags)

    def merged(self, other: "Coverage") -> "Coverage":
        """The coverage of both together."""
        return Coverage(
            self.cases + other.cases,
            max(self.nodes, other.nodes),
            max(self.height, other.height),
            max(self.branching, other.branching),
            max(self.players, other.players),
            max(self.magnitude, other.magnitude),
            max(self.denominator, other.denominator),
            self.flags | other.flags,
            max(self.visited, other.visited),
        )

    def json(self) -> dict[str, object]:
        """As ``--json`` reports it: numbers that may pass 2^53 as decimal strings."""
        return {
            "cases": self.cases,
            "max_nodes": self.nodes,
            "max_height": self.height,
            "max_branching": self.branching,
            "max_players": self.players,
            "max_magnitude": str(self.magnitude),
            "max_magnitude_digits": len(str(int(self.magnitude))),
            "max_denominator": str(self.denominator),
            "max_visited": self.visited,
            "flags": sorted(self.flags),
        }

    def text(self) -> str:
        """One line for the text report.

        >>> c = Coverage()
        >>> c.add(Shape(nodes=258, height=1, branching=257, players=3, magnitude=2**53 + 1), [],
        ...       visited=258)
        >>> c.text()
        '1 case: branching up to 257, height up to 1, 3 players at most, 258 nodes at most (the reference visited 258 at most), |value| up to 9007199254740993 (2^53 + 1)'
        """  # noqa: E501 - a doctest's output is one line
        if not self.cases:
            return "no case asked"
        fine = f", denominators up to {magnitude_text(self.denominator)}"
        return (
            f"{self.cases} case{'s' * (self.cases != 1)}: branching up to {self.branching}, "
            f"height up to {self.height}, {self.players} players at most, {self.nodes} nodes "
            f"at most (the reference visited {self.visited} at most), |value| up to "
            f"{magnitude_text(self.magnitude)}"
            f"{fine if self.denominator > 1 else ''}"
        )


Tier = Literal["small", "wide", "tall", "many", "magnitude", "repeated", "tight", "steered"]

TIER_FLAGS: dict[Tier, tuple[str, ...]] = {
    "small": (),
    "wide": ("Wide",),
    "tall": ("Tall",),
    "many": ("ManyPlayers",),
    "magnitude": (),
    "repeated": ("RepeatedSubtree",),
    "tight": (),
    "steered": (),
}
"""The flag each tier is there to earn: a tier whose flag is skipped is not drawn at all (the
magnitude tier draws only magnitudes whose flags are not skipped)."""


@attrs.frozen
class Scope:
    """A mix of tiers (weights out of 100) and how large one generated case may be."""

    name: str
    weights: dict[Tier, int]
    max_nodes: int
    """The cap on the nodes of one generated case: a tier stops growing a tree there."""
    max_height: int
    """The tall tier's highest tree."""
    max_players: int
    """The many-players tier's largest number of players."""
    scale: tuple[int, ...] = ()
    """The scale cases (:mod:`gametree.conform.scale`): the nodes the reference search visits on
    each, at least."""


SCOPES: dict[str, Scope] = {
    s.name: s
    for s in (
        Scope("small", {"small": 100}, max_nodes=121, max_height=4, max_players=4),
        Scope(
            "default",
            {
                "small": 30,
                "wide": 8,
                "tall": 8,
                "many": 5,
                "magnitude": 12,
                "repeated": 7,
                "steered": 30,
            },
            max_nodes=1_000,
            max_height=12,
            max_players=8,
            scale=(100_000, 100_000, 100_000),
        ),
        Scope(
            "large",
            {
                "small": 20,
                "wide": 15,
                "tall": 14,
                "many": 8,
                "magnitude": 12,
                "repeated": 8,
                "steered": 23,
            },
            max_nodes=20_000,
            max_height=40,
            max_players=8,
            scale=(100_000, 300_000, 950_000),
        ),
    )
}
"""The scopes ``--scope`` chooses from. ``small`` is the gate as it was before the tiers: depth
<= 4, branching <= 3, 2 to 4 players, values in -9..9 (121 nodes is the complete ternary tree
of depth 4). ``default`` keeps most cases small, as they shrink well and find most bugs, with
a heavy tail of the other tiers and three scale cases of 10^5 visited nodes; ``large`` draws
more of the tail, and larger, and scale cases of 10^5, 3 x 10^5 and 9.5 x 10^5 visited nodes
(the tree reader takes 10^6 nodes by default)."""
