# ruff: noqa: ISC004 - the entries hold long comments split over lines
"""The vectors' trees at the edges of the gate's scope, where engines break.

:mod:`gametree.conform.vectors` asks every tree here, as it asks the small ones: for each
two-player tree a few windows, for each N-player tree its bounds (and every player, for
paranoid). Each entry is (group, comment, flags, tree) or, for N players, (group, comment,
flags, tree, bounds); the flags given here are the ones a tree's content does not earn by
itself (``BufferSize``, ``DeepCutoff``, ``DeepPruningTrap``, ...); the content flags
(``Wide``, ``Tall``, ``Float64``, ...) are added by :func:`gametree.conform.scope.case_flags`.

- **wide**: a node with each common move-list size of children (4, 8, 16, 32, 64, 256) and
  one more, its best child last (what a truncated list loses first).
- **tall**: cut-offs with a bound from 5, 7 and 9 plies up (the small vectors reach 3);
  best- and worst-ordered trees 6 and 7 high; for N players the deep-pruning traps at
  every distance that can prune, 2 to 5 levels up, for 3, 4 and 5 players
  (:mod:`gametree.conform.traps`, each shrunk to a minimal tree; a distance that is a
  multiple of N lands on the node's own player, whose bound says nothing about it).
- **magnitudes**: values at each of :data:`gametree.conform.tiers.EDGES`, with both signs, a
  neighbour that a double cannot tell apart and the best last; fractions with each of
  :data:`gametree.conform.tiers.TINY_DENOMINATORS`; N-player bounds around them.
- **players**: 5 to 8 players, players 4..7 choosing.
- **transpositions**: an identical subtree searched first under a window it fails, then
  under another.
- **number types**: for each type an engine may declare (``--values``,
  :mod:`gametree.conform.numbers`), its edges: a node whose children all score its smallest
  value (and Min's, its largest), a root whose first child scores the largest value before a
  subtree searched under that window, its largest and smallest values side by side; for a
  double neighbours an ulp apart near 1 and 2^60, and the subnormals; for N players Korf's
  bounds at its limits, where the shifted Sum and ``Sum - Best`` leave the type.
"""

import functools
import random
from fractions import Fraction

from gametree.conform.numbers import NUMBER_TYPES, SMALLEST_DOUBLE
from gametree.conform.scope import Scope, magnitude_text
from gametree.conform.tiers import BUFFERS, EDGES, READER_LIMIT, TINY_DENOMINATORS, Ask
from gametree.conform.tiers import many as many_players
from gametree.conform.tiers import repeated as repeated_subtrees
from gametree.conform.tiers import tall as tall_tree
from gametree.impl.ordered import best_ordered, worst_ordered
from gametree.spec import Bounds, Node, Scalar, Tree

__all__ = ["power_text", "scalar_edge_trees", "vector_edge_trees"]

ScalarEntry = tuple[str, str, tuple[str, ...], Tree]
VectorEntry = tuple[str, str, tuple[str, ...], Tree, Bounds]

NINE = Bounds(0, 9)

SMALL_TAIL = Scope("vectors", {}, max_nodes=80, max_height=8, max_players=8)
"""The size of the trees the vectors draw from a tier: small enough to read in a file."""


def _deep_cutoff(levels: int) -> Tree:
    """A Min node ``2 * levels + 1`` plies down that reads 4, then is cut off by the root's 5.

    Root Max takes 5 from its first child; below its second child, every Max node has a second
    child 7 (so no intermediate bound reaches 4) and every Min node one child, down to the Min
    node [4, 99], whose 99 only the root's alpha = 5 prunes. The root's value is 7.
    """
    t: Tree = Node(1, [4, 99])
    for d in range(2 * levels, 0, -1):
        t = Node(0, [t, 7]) if d % 2 == 0 else Node(1, [t])
    return Node(0, [Node(1, [5]), t])


def _seeded(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311 - fixed trees, not secrets


def _top(c: int) -> int:
    """``c``, kept 3 below the reader's limit so that a window around it can still be written."""
    return c if c <= READER_LIMIT - 3 else READER_LIMIT - 3


@functools.cache
def scalar_edge_trees() -> list[ScalarEntry]:
    """The two-player trees at the edges (see the module)."""
    out: list[ScalarEntry] = []
    out.extend(("wide", f"{k} children, Max's best last", ("BufferSize",), Node(0, list(range(k))))
               for size in BUFFERS for k in (size, size + 1))  # fmt: skip
    out.extend(("wide", f"a Min node of {k} children below the root, its best last",
                ("BufferSize",), Node(0, [Node(1, list(range(k + 99, 99, -1)))]))
               for k in (65, 257))  # fmt: skip
    wide_second = Node(0, [Node(1, [10]), Node(1, list(range(300, 43, -1)))])
    out.append(("wide", "a wide Min node read to its last child after a narrow first one",
                ("BufferSize",), wide_second))  # fmt: skip
    out.extend(("tall", f"a deep cut-off {2 * levels + 1} plies down: only the root's bound "
                "prunes 99", ("DeepCutoff",), _deep_cutoff(levels))
               for levels in (2, 3, 4))  # fmt: skip
    out += [
        ("tall", "best-ordered, b = 2, d = 7", ("BestCase", "DeepCutoff"), best_ordered(2, 7)),
        ("tall", "worst-ordered, b = 2, d = 6", ("WorstCase",), worst_ordered(2, 6)),
    ]
    ask = Ask(vector=False, window=False, scope=SMALL_TAIL, by_depth=True)
    for seed in (1, 2):
        t = tall_tree(_seeded(20261201 + seed), ask).tree
        out.append(("tall", f"a tall tree drawn from seed {20261201 + seed}", ("Generated",), t))
    for c in EDGES:
        top = _top(c)
        m = magnitude_text(top)
        out.append(("magnitudes", f"Max's best last at {m}, next to it minus 1", (),
                    Node(0, [top - 1, top])))  # fmt: skip
        out.append(("magnitudes", f"Max's best last at 1 - {m}, next to -{m}", (),
                    Node(0, [-top, 1 - top])))  # fmt: skip
        sign = 1 if c % 2 else -1
        v = [sign * (top - k) for k in range(4)]
        out.append(("magnitudes", f"two levels of values near {'-' * (sign < 0)}{m}", (),
                    Node.by_depth([[v[0], v[1]], [v[2], v[3]]])))  # fmt: skip
    for d in TINY_DENOMINATORS:
        e = Fraction(1, d)
        out.append(("magnitudes", f"fractions 1/{power_text(d)} apart, Max's best last", (),
                    Node(0, [e, 2 * e])))  # fmt: skip
        out.append(("magnitudes", f"1 plus multiples of 1/{power_text(d)}, two levels", (),
                    Node.by_depth([[1 + e, 1 + 3 * e], [1 + 2 * e, 1]])))  # fmt: skip
    out += [
        ("transpositions", "an identical subtree [7, 9] fails high under (-inf, 3), then "
         "decides the value under (3, inf)", (), Node.by_depth([[3, [7, 9]], [[7, 9]]])),
        ("transpositions", "the same with Min at the root", (),
         Node(1, [Node(0, [-3, Node(1, [-7, -9])]), Node(0, [Node(1, [-7, -9])])])),
    ]  # fmt: skip
    ask = Ask(vector=False, window=False, scope=SMALL_TAIL, by_depth=True)
    for seed in (1, 2):
        t = repeated_subtrees(_seeded(20261211 + seed), ask).tree
        out.append(("transpositions", f"repeated subtrees drawn from seed {20261211 + seed}",
                    ("Generated",), t))  # fmt: skip
    return out + _number_type_trees()


def _number_type_trees() -> list[ScalarEntry]:
    """The two-player trees at the edges of each declared number type (see the module)."""
    out: list[ScalarEntry] = []
    for kind in NUMBER_TYPES.values():
        m = kind.largest
        if m is None:
            continue
        name, below = kind.name, kind.below(m)
        assert below is not None
        out += [
            ("number types", f"{name}: Max's children all at its smallest value", (),
             Node(0, [-m, -m])),
            ("number types", f"{name}: Min's children all at its largest value, two levels", (),
             Node.by_depth([[m, m], [m]])),
            ("number types", f"{name}: the first child at its largest value, then a subtree "
             "searched under that window", (), Node(0, [m, Node(1, [Node(0, [0, 1]), below])])),
            ("number types", f"{name}: its largest and smallest values side by side, Min's "
             "best last", (), Node.by_depth([[m, -m], [below, -m]])),
        ]  # fmt: skip
    ulp = Fraction(1, 2**52)
    out += [
        ("number types", "double: 1 and the next double, Max's best last", (),
         Node(0, [1, 1 + ulp])),
        ("number types", "double: 2^60 and the next double, Min's best last", (),
         Node.by_depth([[2**60 + 2**8, 2**60]])),
        ("number types", "double: 0 and the subnormals 2^-1074 and 3·2^-1074, the best last", (),
         Node(0, [0, SMALLEST_DOUBLE, 3 * SMALLEST_DOUBLE])),
    ]  # fmt: skip
    return out


def power_text(d: int) -> str:
    """A denominator as a comment names it: 2^60, 10^12, ..."""
    for base in (2, 10):
        k = len(str(d)) - 1 if base == 10 else d.bit_length() - 1
        if base**k == d:
            return f"{base}^{k}"
    return str(d)


TRAPS: tuple[tuple[int, list[object]], ...] = (
    (2, [(8, 0, 0), [(9, 0, 0), [(0, 1, 1), (0, 0, 2)]]]),
    (4, [(1, 0, 0), [[(2, 0, 0), [(0, 0, 1), [(1, 8, 0), (0, 9, 0)]]]]]),
    (5, [(2, 0, 0), [[[[[(1, 0, 7), (0, 0, 8)]], (1, 1, 0)]], (3, 1, 0)]]),
    (2, [(7, 0, 0, 0), [(8, 0, 0, 0), [(0, 0, 2, 0), (0, 1, 3, 0)]]]),
    (3, [(5, 0, 0, 0), [(6, 0, 0, 0), [[(0, 1, 0, 4), (0, 0, 0, 5)]]]]),
    (5, [[(0, 3, 0, 0), [[[[(0, 0, 0, 0), [(0, 1, 6, 0), (0, 0, 7, 0)]]]], (0, 4, 1, 0)]]]),
    (4, [(6, 0, 0, 0, 0), [(7, 0, 0, 0, 0), [[[(0, 1, 0, 0, 3), (0, 0, 0, 0, 4)]]]]]),
)
"""(distance, nested lists by depth) of the minimal deep-pruning traps: found by
:func:`gametree.conform.traps.find_trap`, then shrunk by the gate's shrinker; the vectors
check each is still a trap at its distance and not at distance 1."""


@functools.cache
def vector_edge_trees() -> list[VectorEntry]:
    """The N-player trees at the edges (see the module)."""
    from gametree.conform.traps import deep_at  # noqa: PLC0415 - only for the check
    from gametree.spec import maxn  # noqa: PLC0415

    out: list[VectorEntry] = []
    out.extend(("wide", f"{k} children, player 0's best last", ("BufferSize",),
                Node(0, [(i, (7 * i) % 10, 0) for i in range(k)]), Bounds(0, k + 9))
               for size in BUFFERS for k in (size, size + 1))  # fmt: skip
    for distance, nested in TRAPS:
        t = Node.by_depth(nested)
        assert deep_at(t, NINE, distance) != maxn(t).value == deep_at(t, NINE, 1)
        out.append(("tall", f"a deep-pruning trap {distance} levels up, {t.players} players",
                    ("DeepPruningTrap",), t, NINE))  # fmt: skip
    ask = Ask(vector=True, window=False, scope=SMALL_TAIL, by_depth=True)
    for seed in (1, 2):
        drawn = tall_tree(_seeded(20261221 + seed), ask)
        if drawn.bounds is not None:
            out.append(("tall", f"a tall tree drawn from seed {20261221 + seed}",
                        ("Generated",), drawn.tree, drawn.bounds))  # fmt: skip
    out.append(("players", "8 players, players 4, 6 and 7 choosing", (), _eight_players(),
                NINE))  # fmt: skip
    for seed in (1, 2, 3):
        drawn = many_players(_seeded(20261231 + seed), ask)
        assert drawn.bounds is not None
        out.append(("players", f"{drawn.tree.players} players drawn from seed "
                    f"{20261231 + seed}", ("Generated",), drawn.tree, drawn.bounds))  # fmt: skip
    for c in (999, 32768, 2**31, 2**53 + 1, 2**63, 10**28 + 7, 2**128, READER_LIMIT):
        out += _magnitude_vectors(_top(c))
    for d in TINY_DENOMINATORS:
        e = Fraction(1, d)
        out.append(("magnitudes", f"components 1/{power_text(d)} apart, sum at most 1", (),
                    Node.by_depth([[(e, 2 * e, 0), (2 * e, e, e)], [(3 * e, 0, e)]]),
                    Bounds(0, 1)))  # fmt: skip
    drawn = repeated_subtrees(_seeded(20261241), ask)
    assert drawn.bounds is not None
    out.append(("transpositions", "repeated subtrees drawn from seed 20261241", ("Generated",),
                drawn.tree, drawn.bounds))  # fmt: skip
    for kind in NUMBER_TYPES.values():
        m = kind.largest
        if m is not None:
            out += [
                ("number types", f"{kind.name}: the lower bound its smallest value, the sum its "
                 "largest: the shifted Sum leaves it", (),
                 Node.by_depth([(0, 0, 0), (1, -m, 0), [(m, -m, -m), (-m, m, -m)]]),
                 Bounds(-m, m)),
                ("number types", f"{kind.name}: the sum its largest value, reached", (),
                 Node.by_depth([[(0, m, 0), (1, 0, 0)], (m, 0, 0)]), Bounds(0, m)),
            ]  # fmt: skip
    return out


def _eight_players() -> Tree:
    """Players 4 and 6 choose by a component that a 2-bit player index would not read."""
    a, b = (1, 0, 0, 0, 2, 0, 0, 1), (0, 0, 0, 0, 5, 0, 0, 0)
    c, d = (0, 0, 3, 0, 0, 0, 1, 2), (2, 0, 0, 0, 0, 0, 4, 0)
    return Node(7, [Node(4, [a, b]), Node(6, [c, d])])


def _magnitude_vectors(c: int) -> list[VectorEntry]:
    """Three players near the magnitude c: the sum bounded by c + 1, or the lower bound -c.

    In both the root's choice is between neighbours that a double cannot tell apart when c is
    past 2^53, and the better one comes second.
    """
    lead: Tree = Node.by_depth([[(c - 3, 1, 2), (c - 2, 2, 0)], [(c - 1, 0, 2), (c, 1, 0)]])
    apart: Tree = Node.by_depth([(-c, c, 0), (1 - c, c - 1, 0)])
    low: Scalar = -c
    m = magnitude_text(c)
    return [
        ("magnitudes", f"components near {m}, the sum at most that plus 1", (), lead,
         Bounds(0, c + 1)),
        ("magnitudes", f"components near -{m} and {m}, the lower bound -{m}", (), apart,
         Bounds(low, 9)),
    ]  # fmt: skip
