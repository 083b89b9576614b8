"""Searches at scale: cases on which the reference search visits 10^5 nodes or more.

Glossary: the *visits* of a case are the nodes its semantics' reference search visits on it
(``impl``'s ``nodes_visited``; every node for minimax, negamax and maxn; the cut tree's nodes
for a game); a *piece* is a subtree built once and placed in many places, so that a tree of
10^6 nodes costs a few thousand objects to build (the tree is the same to every search,
which walks it by paths, and to its text); *low* and *high* are the two kinds of place in a
tree without cut-offs (:func:`no_cut_places`).

Engines break at scale where no small tree reaches: a node counter or a node index held in
16 bits, a fixed-size transposition table that must replace entries once it is full, a node or
time budget checked every 2^k nodes, a per-ply stack sized ``MAX_PLY``, a recursive search on
a line 1,000 plies long. The generated phase ends with the scope's scale cases
(``Scope.scale``: three of 10^5 visits by default, 10^5, 3 x 10^5 and 9.5 x 10^5 with
``--scope large``, within the 10^6 nodes the tree reader takes by default), one of each shape
in turn:

- **bushy**: wide and deep, about eight pieces 6 to 16 high (2 to 4 children a node)
  below the root;
- **tall**: the same beside a spine 260 to 380 plies long, past ``MAX_PLY`` as engines set it
  (64, 100, 128, 246, 256), with a piece 0 to 3 high beside the spine at every ply; below
  ``Deep`` (400), so that a recursive engine that skips ``Deep`` takes it;
- **deep**: a spine of 1,000 to 1,300 plies (``Deep``), when ``Deep`` is not skipped; the
  bushy shape again when it is.

The leaves are placed so that alpha-beta cuts nothing off (:func:`no_cut_places`), under any
window that holds -9..9, and PVS's and MTD(f)'s null windows too when the values are -1 and 1
(for ``pvs`` and ``mtdf``): a worst-ordered tree, so that the reference reads every leaf.
Two-player values stay in -9..9 and N-player components in 0..9 under ``Bounds(0, 99)`` (2 to
4 players), where no immediate, shallow, last-branch, speculative or deep pruning applies, so
that a scale case earns no magnitude flag; paranoid's player gets the no-cut values as its
component. A ``game-`` semantics gets a layered game graph (:func:`layered_game`) of about
6,000 states, 5,000 with moves (more than :data:`gametree.conform.scope.MANY_STATES`, 2^12),
searched to the depth whose cut tree has the visits: a search that prunes nothing stores
them all in its transposition table, and the alpha-beta of ``tests/bugs/engine.py`` (a table,
killer moves) stores about 1,900, so that a table of 1,024 entries must replace entries (or
refuse them) and one of 4,096 entries may not.

Every scale case earns ``ManyNodes`` (a tree of 2^16 nodes or more, a game of 2^12 states or
more): ``--skip-flag ManyNodes`` skips them all. The report gives the most nodes the reference
visited on one case (``Coverage.visited``), so a run says how far it looked.
"""

import functools
import math
import random
import statistics
from collections.abc import Callable, Iterator
from typing import Literal

import attrs

from gametree.conform.codec import Case, game_case
from gametree.conform.games import MAX_STATES, GameGraph, GameState
from gametree.conform.kept import Memo
from gametree.conform.scope import WIDE, Scope
from gametree.conform.semantics import SEMANTICS, Semantics
from gametree.spec import Bounds, Domain, Leaf, Node, Tree, Value
from gametree.treefile import Limits

__all__ = [
    "BUILT",
    "FULL_BUDGET",
    "NO_PRUNING_BOUNDS",
    "SHAPES",
    "Pieces",
    "Place",
    "layered_game",
    "no_cut_places",
    "scale_case",
    "scale_cases",
    "scale_count",
    "scale_tree",
    "shrink_budget",
]

FULL_BUDGET = 200
"""The budget (``GateOptions``' default) that asks every scale case of the scope; a smaller
budget asks proportionally fewer (none below 67 with the default scope's three)."""

SHAPES = ("bushy", "tall", "deep")
"""The shapes of the scale cases, in the order the cases take them (see the module)."""

NO_PRUNING_BOUNDS = Bounds(0, 99)
"""Korf's bounds of the N-player scale trees: components of 0..9 for at most 4 players never
reach ``Sum - Best``, so nothing is pruned and the reference reads every leaf."""

TALL = (260, 380)
"""The spine of the tall shape: past every ``MAX_PLY`` engines use, below ``Deep`` (400)."""

DEEP = (1_000, 1_300)
"""The spine of the deep shape: ``Deep``, past Python's recursion limit."""

MAX_PIECE = 16
"""The highest piece: past it a larger tree has more children at its root."""

MAX_NODES = Limits().max_nodes
"""The most nodes of a scale tree: what the tree reader takes by default (10^6), so that a
target that reads requests with it (``gametree.treefile.read_tree_json``) reads them all."""


def scale_count(scope: Scope, budget: int, skip: frozenset[str]) -> int:
    """How many of the scope's scale cases a run of ``budget`` generated cases asks.

    >>> from gametree.conform.scope import SCOPES
    >>> [scale_count(SCOPES["default"], b, frozenset()) for b in (0, 66, 67, 200, 2000)]
    [0, 0, 1, 3, 3]
    >>> scale_count(SCOPES["default"], 200, frozenset({"ManyNodes"}))
    0
    """
    if "ManyNodes" in skip:
        return 0
    n = len(scope.scale)
    return min(n, budget * n // FULL_BUDGET)


Place = Literal["low", "high"]
"""Where a subtree sits in a tree without cut-offs: what it returns is below or above every
value the other kind of place returns."""


def no_cut_places(*, maximiser: bool, place: Place, k: int) -> list[Place]:
    """The places of a node's k children, so that alpha-beta cuts nothing off below it.

    A high place returns a value above every low one (here 1..9 against -9..-1). A Max node
    cuts off when its best so far meets beta, a Min node when its best meets alpha, and only
    a best from an earlier child can: so every child but the last of a Max node is low (its
    best stays below every beta, which only high values set), every child but the last of a
    Min node high; the last child makes the node what its own place asks. Below the root
    every alpha is then at most -1 and every beta at least 1, so nothing is ever cut off
    under any window that holds -9..9 (nor under PVS's and MTD(f)'s null windows around 0
    when the values are -1 and 1): alpha-beta reads every leaf, as on Knuth and Moore's
    worst-ordered trees, with two values where those need b^d.

    >>> no_cut_places(maximiser=True, place="high", k=3)
    ['low', 'low', 'high']
    >>> no_cut_places(maximiser=False, place="low", k=3)
    ['high', 'high', 'low']
    """
    other: Place = "low" if maximiser else "high"
    return [other] * (k - 1) + [place]


Leaves = Callable[[random.Random, Place], Value]
"""A leaf's value for its place."""


@attrs.define
class Pieces:
    """Subtrees without cut-offs, by (height, place, player to move), a few variants of each.

    Players move in turn by depth, ``players`` of them; a node is a maximiser when
    ``maximiser(p)``. A piece of height h has 2 to 4 children, the first h - 1 high, the
    others 0 to 2 lower, each a variant drawn from the pieces below, so that a tree made of
    them is irregular while its distinct nodes stay few (``variants`` of each kind).
    """

    rng: random.Random
    players: int
    maximiser: Callable[[int], bool]
    leaf: Leaves
    variants: int = 3
    built: dict[tuple[int, Place, int], list[Tree]] = attrs.field(factory=dict)

    def get(self, height: int, place: Place, p: int) -> Tree:
        """A piece ``height`` high in ``place``, player ``p`` to move at its root."""
        return self.rng.choice(self.all(height, place, p))

    def all(self, height: int, place: Place, p: int) -> list[Tree]:
        """Every variant of that piece (built on first use)."""
        key = (height, place, p)
        if key not in self.built:
            self.built[key] = [self._new(height, place, p) for _ in range(self.variants)]
        return self.built[key]

    def _new(self, height: int, place: Place, p: int) -> Tree:
        if height == 0:
            return Leaf(self.leaf(self.rng, place))
        k = self.rng.choice((2, 3, 3, 4))
        lower = [max(0, height - 1 - self.rng.randint(0, 2)) for _ in range(k - 1)]
        return self.node(p, place, [height - 1, *lower])

    def node(self, p: int, place: Place, below: list[int | Tree]) -> Node:
        """A node of player ``p`` in ``place`` over ``below``.

        A piece of each height in ``below``, in the place the node gives it, and each tree in
        ``below`` as it is (built for that place).
        """
        places = no_cut_places(maximiser=self.maximiser(p), place=place, k=len(below))
        q = (p + 1) % self.players
        return Node(p, [self.get(c, x, q) if isinstance(c, int) else c
                        for c, x in zip(below, places, strict=True)])  # fmt: skip


def scale_tree(pieces: Pieces, shape: str, visits: int, *, place: Place) -> Tree:
    """A tree of at least ``visits`` nodes without cut-offs, of ``shape`` (see the module).

    The root (player 0) has pieces as children, about eight (of the height whose pieces have
    an eighth of ``visits`` on average), as many as the nodes need; for the tall and deep
    shapes one more child, anywhere but last, is a spine: a chain of nodes each with a small
    piece beside it.
    """
    rng = pieces.rng
    height = min(range(6, MAX_PIECE + 1),  # pieces of about an eighth of the nodes asked
                 key=lambda h: abs(math.log(8 * _mean(pieces, h) / visits)))  # fmt: skip
    early, last = no_cut_places(maximiser=pieces.maximiser(0), place=place, k=2)
    spine: list[Tree] = []
    if shape in {"tall", "deep"}:
        spine.append(_spine(pieces, rng.randint(*(TALL if shape == "tall" else DEEP)), early))
    while True:  # at most 16 children, so that the root does not earn Wide
        kids = list(spine)
        size = 1 + sum(c.size for c in kids)
        while True:  # within the reader's limit (a last leaf always fits)
            final = _fitting(pieces, height, last, MAX_NODES - size)
            if kids and size + final.size >= visits:
                break
            kids.append(_fitting(pieces, height, early, MAX_NODES - size - 1))
            size += kids[-1].size
        if len(kids) < WIDE or height == MAX_PIECE:
            break
        height += 1
    rng.shuffle(kids)
    return Node(0, [*kids, final])


def _fitting(pieces: Pieces, height: int, place: Place, room: int) -> Tree:
    """A piece of ``height`` below the root, or the largest lower one within ``room`` nodes.

    The lower one only when the first has more than ``room`` nodes.
    """
    q = 1 % pieces.players
    t = pieces.get(height, place, q)
    if t.size <= room:
        return t
    fits = [v for h in range(height) for v in pieces.all(h, place, q) if v.size <= room]
    return max(fits, key=lambda v: v.size)


def _mean(pieces: Pieces, height: int) -> float:
    """The mean nodes of a piece of ``height`` below the root, over its variants and places."""
    q = 1 % pieces.players
    return statistics.mean(
        t.size for place in ("low", "high") for t in pieces.all(height, place, q)
    )


def _spine(pieces: Pieces, length: int, place: Place) -> Tree:
    """A chain ``length`` nodes long from depth 1 down, its top in ``place``.

    Each node has a piece 0 to 3 high beside the chain, before or after it; built bottom-up.
    """
    rng, players = pieces.rng, pieces.players
    first = [rng.random() < 0.5 for _ in range(length)]  # the chain is the node's first child
    places = [place]  # of the nodes at depths 1, 2, ..., length + 1, top-down
    for d in range(1, length + 1):
        kids = no_cut_places(maximiser=pieces.maximiser(d % players), place=places[-1], k=2)
        places.append(kids[0] if first[d - 1] else kids[1])
    t: Tree = pieces.get(0, places[length], (length + 1) % players)
    for d in range(length, 0, -1):
        side = rng.randint(0, 3)
        t = pieces.node(d % players, places[d - 1], [t, side] if first[d - 1] else [side, t])
    return t


def scalar_leaves(*, unit: bool) -> Leaves:
    """Two-player leaves: 1..9 in a high place, -9..-1 in a low one (1 and -1 with ``unit``)."""
    if unit:
        return lambda _rng, place: 1 if place == "high" else -1
    return lambda rng, place: rng.randint(1, 9) if place == "high" else -rng.randint(1, 9)


def vector_leaves(players: int, player: int | None) -> Leaves:
    """N-player leaves: components 0..9; paranoid's ``player`` gets -9..-1 or 1..9 by place."""

    def leaf(rng: random.Random, place: Place) -> Value:
        v = [rng.randint(0, 9) for _ in range(players)]
        if player is not None:
            v[player] = rng.randint(1, 9) if place == "high" else -rng.randint(1, 9)
        return tuple(v)

    return leaf


SHRINK_NODES = 10_000
"""Past this many nodes (a game's cut tree's) a failure gets fewer attempts at shrinking."""


def shrink_budget(budget: int, case: Case) -> int:
    """The attempts at shrinking a failure of ``case``, out of ``budget``.

    ``budget`` up to :data:`SHRINK_NODES` nodes, proportionally fewer past them (at least 20,
    or ``budget`` if smaller): each attempt on a case of 10^5 nodes costs the target seconds,
    and a count of attempts, unlike a time limit, keeps the minimal case the same on a slower
    machine.

    >>> from gametree.spec import Node
    >>> small, big = Case("minimax", Node(0, [1, 2])), Case("minimax", Node(0, [0] * 99_999))
    >>> shrink_budget(500, small), shrink_budget(500, big), shrink_budget(10, big)
    (500, 50, 10)
    """
    n = case.tree.size
    if n <= SHRINK_NODES:
        return budget
    return max(min(budget, 20), budget * SHRINK_NODES // n)


def scale_cases(semantics: str, scope: Scope, *, count: int, seed: int, skip: frozenset[str],
                windowless: bool = False) -> Iterator[tuple[str, Case]]:  # fmt: skip
    """The first ``count`` scale cases of ``scope``: (shape, case), each built when it is due.

    The shapes take :data:`SHAPES` in turn, the bushy one again for the deep one when ``Deep``
    is skipped; a ``game-`` semantics is asked one game, of the most visits of the ``count``;
    the trees are drawn from ``seed``, with the full window when ``windowless``.
    """
    seeds = random.Random(f"scale {seed}")  # noqa: S311 - test trees, not secrets
    asked = list(scope.scale[:count])
    if SEMANTICS[semantics].game and asked:  # one game: the shapes are the trees'
        asked = [max(asked)]
    for i, visits in enumerate(asked):
        shape = SHAPES[i % len(SHAPES)]
        if shape == "deep" and "Deep" in skip:
            shape = "bushy"
        key = (semantics, seeds.getrandbits(64), visits, shape, windowless)
        yield shape, BUILT(key, functools.partial(_built, *key))


def _built(semantics: str, seed: int, visits: int, shape: str, windowless: bool) -> Case:  # noqa: FBT001
    return scale_case(semantics, random.Random(seed), visits, shape, windowless=windowless)  # noqa: S311


BUILT: Memo[tuple[str, int, int, str, bool], Case] = Memo(lambda key: key[2], entries=64,
                                                          nodes=2**19)  # fmt: skip
"""The scale cases built lately, by (semantics, the case's seed, visits, shape, windowless):
every run of the gate at a seed asks the same ones, and a case built once is one object, so
that its tree's text (:func:`gametree.conform.kept.per_tree`), its shape, its answers and its
behaviours (found by identity before content) are worked out once too. Weighed by visits: a
game's cut tree holds as many objects, a tree of pieces a few thousand."""


def scale_case(semantics: str, rng: random.Random, visits: int, shape: str, *,
               windowless: bool = False) -> Case:  # fmt: skip
    """A case of ``semantics`` of ``shape`` (ignored for games) and at least ``visits`` nodes.

    Its reference search visits at least ``visits`` nodes (``Expected.visited``; the tests
    check it for every semantics and shape: here it would cost a second search).
    """
    s = SEMANTICS[semantics]
    if s.game:
        return _game_case(s, rng, visits)
    return _tree_case(s, rng, visits, shape, windowless=windowless)


def _tree_case(s: Semantics, rng: random.Random, visits: int, shape: str, *,
               windowless: bool) -> Case:  # fmt: skip
    place: Place = rng.choice(("low", "high"))
    if s.kind == "scalar":
        unit = s.name in {"pvs", "mtdf"}
        pieces = Pieces(rng, 2, lambda p: p == 0, scalar_leaves(unit=unit))
        t = scale_tree(pieces, shape, visits, place=place)
        if not s.window:
            return Case(s.name, t)
        alpha, beta = rng.choice([(None, None), (-10, 10), (None, 10), (-10, None), (-50, 99)])
        if windowless:  # an engine that takes no window (--full-window)
            alpha, beta = None, None
        return Case(s.name, t, alpha=alpha, beta=beta, first_guess=0)
    players = rng.choice((3, 3, 4))
    player = rng.randrange(players) if s.player else None
    maximiser: Callable[[int], bool] = (lambda p: p == player) if s.player else (
        lambda _p: True
    )  # fmt: skip
    pieces = Pieces(rng, players, maximiser, vector_leaves(players, player))
    t = scale_tree(pieces, shape, visits, place=place)
    domain: Domain = rng.choice(("reals", "integers")) if s.domain else "reals"
    return Case(s.name, t, NO_PRUNING_BOUNDS if s.bounds else None, player=player,
                domain=domain)  # fmt: skip


LABELS = "abcd"
"""The labels of a state's moves in a layered game."""

GAME_MOVES = (2, 3, 3)
"""How many moves a state of a layered game has: the cut tree grows by their mean a layer."""

GAME_WIDTH = 1200
"""The widest layer of a layered game: 5,000 states with moves within 12 layers (10^5
visits), and all under the format's 10,000 with 9.5 x 10^5 visits (14 layers)."""

GAME_STATES = 5_000
"""The fewest states with moves in a layered game: past 4,096, so that a table of that many
entries (one a state searched) must replace some."""


def layered_game(rng: random.Random, visits: int, *, min_states: int = GAME_STATES) -> tuple[
    GameGraph, int
]:  # fmt: skip
    """A game in layers, and the depth at which its cut tree has at least ``visits`` nodes.

    State 0 is layer 0. A state of a layer has 2 or 3 moves, each to a new state of the next
    layer or (once a layer is as wide as it grows, :data:`GAME_WIDTH`, fourfold at first) to
    one already there, so that most states are reached by many lines and a transposition
    table is what keeps a search small. Players alternate by layer, and every state has a
    place (:func:`no_cut_places`) that each of its parents gives it, so that alpha-beta cuts
    nothing off and a search visits every state: the terminal states are worth 1..9 in a high
    place, -9..-1 in a low one; the others are evaluated in -9..9. States get moves until the
    cut tree has ``visits`` nodes and ``min_states`` states have moves, more than a table of
    :data:`gametree.conform.scope.MANY_STATES` entries holds; every state left without moves,
    the last layer's (the depth returned) among them, is terminal.
    """
    layers: list[list[int]] = [[0]]
    places: list[Place] = [rng.choice(("low", "high"))]
    ways = [1]  # the lines from the root to each state: its copies in the cut tree
    moves: list[list[int]] = [[]]
    cut, interior = 1, 0
    while cut < visits or interior < min_states:
        top = layers[-1]
        width = min(GAME_WIDTH, 4 * len(top))
        if len(ways) + width > MAX_STATES:
            raise ValueError(f"no layered game of {visits} visits within {MAX_STATES} states")
        new: list[int] = []
        for s in rng.sample(top, len(top)):
            if cut >= visits and interior >= min_states:
                break
            interior += 1
            wanted = no_cut_places(maximiser=len(layers) % 2 == 1, place=places[s],
                                   k=rng.choice(GAME_MOVES))  # fmt: skip
            for place in wanted:
                old = [t for t in new if places[t] == place and t not in moves[s]]
                if len(new) < width and (not old or rng.random() < width / (3 * len(top))):
                    new.append(len(ways))
                    ways.append(0)
                    moves.append([])
                    places.append(place)
                    old = [new[-1]]
                t = rng.choice(old)
                moves[s].append(t)
                ways[t] += ways[s]
                cut += ways[s]
        layers.append(new)
    states = []
    for layer, members in enumerate(layers):
        for s in members:
            if moves[s]:
                labelled = tuple((LABELS[i], t) for i, t in enumerate(moves[s]))
                states.append(GameState(layer % 2, labelled, None, rng.randint(-9, 9)))
            else:
                worth = rng.randint(1, 9) if places[s] == "high" else -rng.randint(1, 9)
                states.append(GameState(layer % 2, utility=worth))
    return GameGraph.of(states), len(layers) - 1


def _game_case(s: Semantics, rng: random.Random, visits: int) -> Case:
    g, depth = layered_game(rng, visits)
    if s.name == "game-deepening":
        return game_case(s.name, g, depth, max_nodes=10 * visits)
    q = 1 if s.name == "game-negamax-stand-pat" else 0
    return game_case(s.name, g, depth, quiescence=q)
