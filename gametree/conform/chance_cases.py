"""The gate's cases with chance nodes (expectimax, Star1, Star2): drawn, turned and kept.

Glossary: t is a tree, p_i a probability, L and U the leaf bounds (``spec.Interval``), a
*chance semantics* one whose trees may hold chance nodes (``Semantics.chance``).

Three sources, one rule each:

- the small tier draws trees with chance nodes directly (:func:`small_cases`,
  ``spec.strategies.chance_trees``), which Hypothesis shrinks;
- every other generated case of a chance semantics (the tail's tiers, the steered and the
  scale cases, built as for alpha-beta) is *turned* into one with chance nodes
  (:func:`with_chance`): about a third of its interior nodes become chance nodes over the
  same children (equal subtrees alike), and the leaf bounds are the leaves' least and
  greatest values, met exactly, or wider; the tiers' shapes, magnitudes and windows stay;
- the vectors (:func:`vector_trees`): worked trees for each cut-off of Star1 and Star2, a
  chance node with one child, probabilities that are not powers of two, two dice, leaves at
  the bounds, and trees drawn from fixed seeds.

Probabilities are drawn as weights 1..7 over their sum, so most are not dyadic (what a double
cannot hold), and at most :data:`CHANCE_ON_A_PATH` chance nodes lie on any path from the root,
so that the values' denominators stay within the reader's 1,000 characters.
"""

import random
import zlib
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from gametree.conform.codec import Case
from gametree.conform.games import GameGraph, GameState, written_out
from gametree.conform.options import GateOptions
from gametree.conform.semantics import SEMANTICS
from gametree.spec import Bounds, Interval, Leaf, Node, Scalar, Tree, iter_leaves
from gametree.spec.fold import fold
from gametree.spec.tree import CHANCE
from gametree.treefile import dumps

__all__ = [
    "CHANCE_ON_A_PATH", "drawn_regular", "leaf_bounds", "regular_tree", "small_cases",
    "vector_games", "vector_trees", "with_chance", "with_chance_states",
]  # fmt: skip

CHANCE_ON_A_PATH = 4
"""The most chance nodes a turned tree has on any path from the root."""


def probabilities(rng: random.Random, n: int) -> list[Fraction]:
    """``n`` probabilities summing to 1: weights 1..7 over their sum, uniform one time in four."""
    weights = [1] * n if rng.random() < 0.25 else [rng.randint(1, 7) for _ in range(n)]
    return [Fraction(w, sum(weights)) for w in weights]


def leaf_bounds(t: Tree, rng: random.Random) -> Interval:
    """The leaves' least and greatest values, met exactly, or (one time in three) wider."""
    values = [leaf.value for _, leaf in iter_leaves(t)]
    low, high = min(values), max(values)
    assert not isinstance(low, tuple)
    assert not isinstance(high, tuple)
    if rng.random() < 1 / 3:
        low, high = low - rng.randint(0, 9), high + rng.randint(0, 9)
    return Interval(low, high if high > low else low + 1)


def with_chance(case: Case) -> Case:
    """``case`` with about a third of its interior nodes turned into chance nodes.

    Deterministic: the choices are drawn from the case's own text. A two-player case gets
    leaf bounds (:func:`leaf_bounds`) if it has none; a case of vectors keeps its bounds.
    """
    rng = random.Random(zlib.crc32(dumps(case.tree).encode()))  # noqa: S311 - test trees
    t = _turned(case.tree, rng)
    interval = case.interval
    if interval is None and not t.vector:
        interval = leaf_bounds(t, rng)
    return attrs.evolve(case, tree=t, interval=interval)


def _turned(t: Tree, rng: random.Random) -> Tree:
    """``t`` with interior nodes drawn to be chance nodes, bottom-up over an explicit stack.

    Equal subtrees (with as many chance nodes above) are turned alike, so that a tree's
    repeated subtrees (the ``repeated`` tier's) stay repeated.
    """
    if isinstance(t, Leaf):
        return t

    def drawn(above: int) -> bool:
        return above < CHANCE_ON_A_PATH and rng.random() < 1 / 3

    first = drawn(0)
    done: dict[tuple[Node, int], Tree] = {}
    # a frame: the node, its children built so far, whether it is to be a chance node, the
    # chance nodes from the root down to it, and those above it
    stack: list[tuple[Node, list[Tree], bool, int, int]] = [(t, [], first, int(first), 0)]
    while True:
        node, built, chance, count, above = stack[-1]
        if len(built) < len(node.children):
            c = node.children[len(built)]
            if isinstance(c, Leaf):
                built.append(c)
            elif (c, count) in done:
                built.append(done[(c, count)])
            else:
                below = drawn(count)
                stack.append((c, [], below, count + below, count))
            continue
        stack.pop()
        if chance:
            made: Tree = Node.chance(built, probabilities(rng, len(built)))
        else:
            made = node.with_children(built)
        done[(node, above)] = made
        if not stack:
            return made
        stack[-1][1].append(made)


def small_cases(options: GateOptions) -> Any:
    """Hypothesis's strategy for the small tier of a chance semantics.

    ``spec.strategies.chance_trees``: two-player leaves in -9..9 with bounds met exactly or
    wider (Star1 and Star2), or, for expectimax, N-player vectors one time in three; windows
    from -10..10 or open.
    """
    from hypothesis import strategies as st  # noqa: PLC0415 - hypothesis loads when drawn

    from gametree.spec.strategies import chance_trees  # noqa: PLC0415

    s = SEMANTICS[options.semantics]
    d, b = options.max_depth, options.max_branching

    @st.composite
    def draw_case(draw: st.DrawFn) -> Case:
        by_depth = options.by_depth or draw(st.booleans())
        if s.kind == "any" and draw(st.integers(0, 2)) == 0:
            players = draw(st.sampled_from([3, 2, 4]))
            t = draw(chance_trees(players=players, max_depth=min(d, 3), max_branching=b,
                                  bounds=Bounds(0, 9), by_depth=by_depth))  # fmt: skip
            return Case(s.name, t)
        t = draw(chance_trees(max_depth=d, max_branching=b, min_value=-9, max_value=9,
                              ties=draw(st.booleans()), by_depth=by_depth))  # fmt: skip
        interval = None
        if s.interval:
            low, high = _extremes(t)
            wider = draw(st.sampled_from([0, 0, 1, 5]))
            interval = Interval(low - wider, max(high + wider, low - wider + 1))
        if not s.window:
            return Case(s.name, t, interval=interval)
        ends = st.none() if options.full_window else st.none() | st.integers(-10, 10)
        alpha, beta = draw(ends), draw(ends)
        if alpha is not None and beta is not None and alpha >= beta:
            alpha, beta = beta - 1 if alpha == beta else beta, alpha
        return Case(s.name, t, alpha=alpha, beta=beta, interval=interval)

    return draw_case()


def _extremes(t: Tree) -> tuple[Scalar, Scalar]:
    values = [leaf.value for _, leaf in iter_leaves(t)]
    low, high = min(values), max(values)
    assert not isinstance(low, tuple)
    assert not isinstance(high, tuple)
    return low, high


COIN = (Fraction(1, 2), Fraction(1, 2))
THIRDS = (Fraction(1, 3), Fraction(2, 3))


def two_dice() -> tuple[Fraction, ...]:
    """The 21 outcomes of two dice, as in backgammon (Hauk et al. 2004).

    A double has probability 1/36, any other pair 1/18.
    """
    return tuple(Fraction(1 if a == b else 2, 36) for a in range(1, 7) for b in range(a, 7))


def regular_tree(
    rng: random.Random, depth: int, b: int, chance: int, *, values: int,
    outcomes: Sequence[Fraction] = (), start: int = 0, wide: int = 0,
) -> Tree:  # fmt: skip
    """Ballard's *regular* tree: Max, chance, Min, chance, ... down to ``depth`` levels.

    Each player's node has ``b`` children, each chance node ``chance`` outcomes of drawn
    probabilities, or of the probabilities ``outcomes`` if given (``chance`` of them); the
    leaves are integers in 0..values. The root is the ``start``-th of the four levels (1: a
    chance node above Min's); with ``wide`` the players' nodes of the top players' level have
    that many children.
    """
    kinds = [(0, CHANCE, 1, CHANCE)[(d + start) % 4] for d in range(depth)]
    top = next((d for d, kind in enumerate(kinds) if kind != CHANCE), None)

    def level(d: int) -> Tree:
        if d == depth:
            return Leaf(rng.randint(0, values))
        n = chance if kinds[d] == CHANCE else wide if wide and d == top else b
        kids = [level(d + 1) for _ in range(n)]
        if kinds[d] == CHANCE:
            ps = list(outcomes) if outcomes else probabilities(rng, len(kids))
            return Node.chance(kids, ps)
        return Node(kinds[d], kids)

    return level(0)


def drawn_regular(rng: random.Random, values: int, *, wide: bool = False,
                  both: bool = False) -> Tree:  # fmt: skip
    """A regular tree (:func:`regular_tree`) of drawn depth 2..5, widths 2..3 and root level.

    What Star2 probes (a chance node over the players' nodes) is in every such tree, which a
    tree turned by :func:`with_chance` holds only by chance. ``wide``: one level of the
    players' nodes has 17 to 20 children, and the depth is at most 3. ``both``: Max over two
    such trees, the first rooted at Min's level (its later chance children are probed under
    the beta its first one set: they may fail high), the second at the chance level above
    Min's (probed under the alpha the first tree set: they may fail low), each best first.
    """
    if both:
        first, second = (best_first(regular_tree(rng, rng.randint(3, 4), 2, rng.choice((2, 3)),
                                                 values=values, start=start))
                         for start in (2, 1))  # fmt: skip
        return Node(0, [first, second])
    depth = rng.randint(2, 3 if wide else 5)
    b, chance = rng.choice((2, 3)), rng.choice((2, 3))
    if depth == 5:
        b = chance = 2
    return regular_tree(rng, depth, b, chance, values=values, start=rng.randrange(4),
                        wide=rng.randint(17, 20) if wide else 0)  # fmt: skip


def best_first(t: Tree) -> Tree:
    """``t`` (two players) with each player's children best first, by expectimax value.

    Ballard's (1983) best ordering, where a probe (a child's first child) is the child's value.
    """

    def leaf(x: Tree) -> tuple[Tree, Scalar]:
        assert isinstance(x, Leaf)
        assert not isinstance(x.value, tuple)
        return x, x.value

    def node(n: Tree, _kids: object, built: list[tuple[Tree, Scalar]]) -> tuple[Tree, Scalar]:
        assert isinstance(n, Node)
        if n.probabilities is not None:
            value = sum(p * v for p, (_, v) in zip(n.probabilities, built, strict=True))
            return n.with_children(c for c, _ in built), value
        ordered = sorted(built, key=lambda cv: cv[1], reverse=n.to_move == 0)
        return n.with_children(c for c, _ in ordered), ordered[0][1]

    return fold(t, lambda n: n.children if isinstance(n, Node) else None, leaf, node)[0]


def vector_trees() -> list[tuple[str, str, tuple[str, ...], Tree, Interval | None]]:
    """The trees with chance nodes of the vectors: (group, comment, flags, tree, leaf bounds).

    Asked of expectimax as they are, and of Star1 and Star2 under windows around the value.
    """
    rng = random.Random(20260537)  # noqa: S311 - fixed trees, not secrets
    four = Interval(0, 4)
    out: list[tuple[str, str, tuple[str, ...], Tree, Interval | None]] = [
        ("examples", ("Max between a coin (3, or Min's choice of 4 and -1) and a sure 3/2: "
         "the coin is worth 1"), ("Chance", "Fraction"),
         Node(0, [Node.chance([3, Node(1, [4, -1])], COIN), Fraction(3, 2)]), Interval(-5, 5)),
        ("examples", ("Star1 fails low: after 3 from the first coin, the second coin's first "
         "side shows 1, and 1/2 + 1/2 U = 5/2 <= 3"), ("Chance", "ChanceCut"),
         Node(0, [Node.chance([2, 4], COIN), Node.chance([1, 4], COIN)]), four),
        ("examples", ("Star1 fails high: Min has 1, the chance node's first outcome (2/3) "
         "shows 3, and 2/3 · 3 + 1/3 L = 2 >= 1"), ("Chance", "ChanceCut", "NotDyadic"),
         Node(1, [1, Node.chance([3, 0], THIRDS[::-1])]), four),
        ("examples", ("Star2's probes fail high: the first child of each Max child bounds it "
         "below, 1/2 · 1 + 1/2 · 4 >= 1"), ("Chance", "Probe"),
         Node(1, [1, Node.chance([Node(0, [1, 1]), Node(0, [4, 0])], COIN)]), four),
        ("examples", ("Star2's probes fail low: Max has 3, the first child of each Min child "
         "bounds it above, 1/3 · 1 + 2/3 · 2 <= 3"), ("Chance", "Probe", "NotDyadic"),
         Node(0, [3, Node.chance([Node(1, [1, 4]), Node(1, [2, 4])], THIRDS)]), four),
        ("examples", "Star2 searches a probed child again, on from its second child",
         ("Chance", "Probe"),
         Node.chance([Node(0, [1, 3]), Node(0, [2, 0])], COIN), four),
        ("examples", "a chance node whose window lies above U: nothing below is read",
         ("Chance", "LeafBounds"), Node(0, [4, Node.chance([4, 4], COIN)]), four),
        ("edge cases", "a chance node with one child, probability 1", ("Chance", "UnaryNode"),
         Node(0, [Node.chance([Node(1, [2, 5])], [1]), 1]), Interval(0, 5)),
        ("edge cases", "chance at the root", ("Chance",),
         Node.chance([Node(0, [1, 3]), Node(1, [2, 0]), -1], ["1/7", "2/7", "4/7"]),
         Interval(-1, 3)),
        ("edge cases", "chance below chance", ("Chance", "NotDyadic"),
         Node(0, [Node.chance([Node.chance([2, 8], THIRDS), 5], ["3/5", "2/5"]), 4]),
         Interval(0, 9)),
        ("numbers", "sevenths: no double holds them", ("Chance", "NotDyadic", "Fraction"),
         Node(1, [Node.chance([1, 2, 3], ["1/7", "2/7", "4/7"]),
                  Node.chance([3, 0], ["3/7", "4/7"])]), Interval(0, 3)),
        ("numbers", "two dice, as in backgammon: 21 outcomes of 1/36 and 1/18",
         ("Chance", "NotDyadic"),
         Node(0, [Node.chance(list(range(-10, 11)), two_dice()), Fraction(1, 3)]),
         Interval(-10, 10)),
        ("bounds", "every leaf at L or U", ("Chance", "LeafBounds"),
         Node(0, [Node.chance([0, 4, 0], ["1/3", "1/3", "1/3"]), Node.chance([4, 0], COIN)]),
         four),
        ("bounds", "bounds wider than the leaves", ("Chance",),
         Node(1, [Node.chance([2, 3], COIN), Node.chance([1, 3], COIN)]), Interval(-50, 50)),
        ("ties", "two chance nodes of equal value: the first is the move", ("Chance", "Tie"),
         Node(0, [Node.chance([1, 3], COIN), Node.chance([0, 4], COIN)]), four),
    ]  # fmt: skip
    out += [
        ("players", ("three players: a chance node's vector is the weighted sum of its "
         "children's"), ("Chance", "NotDyadic"),
         Node(0, [Node.chance([(1, 2, 6), Node(1, [(3, 3, 3), (0, 8, 1)])], THIRDS),
                  (2, 2, 5)]), None),
        ("players", "four players, chance between every two moves", ("Chance",),
         Node(0, [Node.chance([Node(1, [(1, 2, 3, 3), (4, 1, 1, 3)]), (2, 2, 2, 2)], COIN),
                  Node.chance([(0, 9, 0, 0), (3, 0, 3, 3)], ["1/9", "8/9"])]), None),
    ]  # fmt: skip
    for i, (depth, b, chance) in enumerate([(4, 2, 2), (4, 2, 3), (5, 3, 2), (4, 3, 3)]):
        t = regular_tree(rng, depth, b, chance, values=9)
        out.append(("generated", (f"a regular tree (Ballard): depth {depth}, {b} moves, "
                    f"{chance} outcomes, drawn from seed 20260537 ({i})"),
                    ("Chance", "Generated"), t, Interval(0, 9)))  # fmt: skip
    return out


def with_chance_states(rng: random.Random, g: GameGraph, aim: set[str]) -> GameGraph:
    """``g`` with every state quiet, and about a third of those with moves chance states.

    The root is one too when ``aim`` holds ``chance-root``; the probabilities are drawn
    (:func:`probabilities`). Steers ``game-expectimax``'s candidates, built as the other game
    semantics' are.
    """
    states = []
    for s, x in enumerate(g.states):
        y = attrs.evolve(x, quiet=True, noisy=(), check=False)
        if x.moves and (rng.random() < 1 / 3 or (s == 0 and "chance-root" in aim)):
            ps = tuple(probabilities(rng, len(x.moves)))
            y = attrs.evolve(y, to_move=CHANCE, probabilities=ps)
        states.append(y)
    return GameGraph.of(states)


def vector_games() -> list[tuple[str, str, tuple[str, ...], GameGraph]]:
    """The games of ``game-expectimax``'s vectors: (group, comment, flags, game).

    Each is asked at depths 1 to 4: Dice Nim (``gametree.games.dice_nim``) written out,
    chance at the root, a chance state reached by two lines at two depths, a chance state with
    one outcome, and games drawn from a fixed seed.
    """
    from gametree.games.dice_nim import DiceNim, DiceNimState  # noqa: PLC0415 - a game's

    def state(p: int, e: object, *moves: tuple[str, int], ps: Sequence[object] = ()) -> GameState:
        if not moves:
            return GameState(p, utility=Fraction(str(e)))
        chance = tuple(Fraction(str(q)) for q in ps) or None
        return GameState(p, moves, None, Fraction(str(e)), probabilities=chance)

    g = GameGraph.of
    out = [
        ("dice", "Dice Nim: a heap of 4, a three-sided die, player 0 to move", ("Chance",),
         written_out(DiceNim(4), DiceNim(4).initial_state())),
        ("dice", "Dice Nim: a heap of 5, a coin for a die, player 1 to move", ("Chance",),
         written_out(DiceNim(5, 2), DiceNimState(5, 1))),
        ("edge cases", "chance at the root: no move to name", ("Chance",),
         g([state(CHANCE, 0, ("x", 1), ("y", 2), ps=("1/3", "2/3")),
            state(0, 1, ("a", 3), ("b", 4)), state(1, -1, ("a", 3), ("b", 4)), state(0, 5),
            state(1, -2)])),
        ("edge cases", "a chance state with one outcome, probability 1", ("Chance",),
         g([state(0, 0, ("a", 1), ("b", 2)), state(CHANCE, 3, ("x", 2), ps=(1,)),
            state(1, 2, ("a", 3), ("b", 4)), state(0, 4), state(0, -3)])),
        ("transpositions", ("a chance state reached at two depths: searched at one, evaluated "
         "at the horizon at the other"), ("Chance", "Transposition"),
         g([state(0, 0, ("a", 1), ("b", 2)), state(1, 0, ("a", 2), ("b", 3)),
            state(CHANCE, "7/2", ("x", 3), ("y", 4), ps=("1/7", "6/7")), state(0, 1),
            state(1, 6)])),
    ]  # fmt: skip
    rng = random.Random(20260539)  # noqa: S311 - fixed games, not secrets
    out += [("generated", f"drawn from seed 20260539, game {i}", ("Chance", "Generated"),
             _drawn_game(rng, 5 + i % 4)) for i in range(8)]  # fmt: skip
    return out


def _drawn_game(rng: random.Random, n: int) -> GameGraph:
    """A game of ``n`` states, one in three with moves a chance state, values in -9..9."""
    states: list[GameState] = []
    for s in range(n):
        later = n - 1 - s
        if later == 0 or (s > 0 and rng.random() < 0.25):
            states.append(GameState(rng.randint(0, 1), utility=rng.randint(-9, 9)))
            continue
        k = rng.randint(1, min(3, later))
        moves = tuple(("abc"[i], rng.randint(s + 1, n - 1)) for i in range(k))
        if rng.random() < 1 / 3:
            ps = tuple(probabilities(rng, k))
            states.append(GameState(CHANCE, moves, None, rng.randint(-9, 9), probabilities=ps))
        else:
            states.append(GameState(rng.randint(0, 1), moves, None, rng.randint(-9, 9)))
    return GameGraph.of(states).reachable()
