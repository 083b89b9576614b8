"""Drawing towards what is not yet covered: cases chosen for the behaviour pairs they add.

The tiers (:mod:`gametree.conform.tiers`) each look along one axis; most bugs need two things
at once (:mod:`gametree.conform.behaviours`). The *steered* cases close that gap the way
combinatorial interaction testing builds a pairwise suite (Cohen, Dalal, Fredman and Patton's
AETG, 1997): for each case, many candidates are built, each is run on the reference (never on
the target) to see which behaviours it shows, and the one that shows the most pairs not yet
shown is asked. A candidate is built *aimed* at one uncovered pair: each behaviour names the
knobs that bring it about (a taller tree for a deep cut-off, players drawn per node for a
player moving twice, a window edge placed one below the value, values shifted past 2^53),
and the knobs of both are set, the rest drawn at random. Coverage-guided fuzzers (AFL's
corpus of inputs that reach a new edge) keep an input for what it newly reaches in the same
way; here the "edges" are behaviour pairs measured on the reference, so what is covered does
not depend on the target.

Shifting every value by a constant, or dividing it by one, changes no comparison a search
makes (for N players it shifts Korf's lower bound and sum with them), so the magnitude and
fraction knobs give every behaviour at every magnitude; window edges, the first guess and
Korf's bounds are placed after the tree is built, against its true value or its leaves.

Everything is drawn from one ``random.Random``, and how many candidates are tried is a count,
not a time: the same seed asks the same cases on any machine.
"""

import random
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction

import attrs

from gametree.conform.behaviours import STAR, Pair, aimed, at_place, infeasible, pairs_of
from gametree.conform.chance_cases import drawn_regular, leaf_bounds, with_chance
from gametree.conform.codec import Case
from gametree.conform.observe import observe
from gametree.conform.semantics import SEMANTICS, expected
from gametree.conform.steer_games import SHIFTS, propose_game
from gametree.conform.tiers import TRAP_BOUNDS, grow, map_leaves, trap
from gametree.spec import (
    Bounds,
    Interval,
    Leaf,
    Node,
    Scalar,
    Tree,
    TreeError,
    Value,
    expectimax,
    iter_leaves,
    minimax,
    negamax,
)
from gametree.treefile import TreeFileError

__all__ = ["Steering", "propose"]

DENOMINATORS = (2, 3, 10, 2**60, 10**30)
"""The denominators every value is divided by for ``fractions``."""


@attrs.frozen
class Knobs:
    """How one candidate is built (:func:`propose` draws the ones an aim does not set)."""

    players: int = 2
    height: int = 3
    widths: tuple[int, ...] = (2, 2, 3)
    wide: bool = False
    stop: float = 0.0
    by_depth: bool = True
    repeated: bool = False
    span: int = 3
    shift: int = 0
    denominator: int = 1
    scale: int = 1
    total: int = 9
    exact_total: bool = False
    concentrated: bool = False
    """Some leaves give one player the whole sum (where immediate pruning cuts)."""
    alpha: str = "open"
    beta: str = "open"
    guess: str = "=v"
    lower_gap: int = 0
    sum_gap: int = 0
    player: int = 0
    domain: str = "reals"


def _knobs(rng: random.Random, semantics: str, aim: Iterable[str], *, by_depth: bool,
           skip: frozenset[str]) -> Knobs:  # fmt: skip
    """The knobs of a candidate aimed at ``aim``, the rest drawn."""
    s = SEMANTICS[semantics]
    aim = set(aim)
    vector = s.kind == "vector" or s.player
    players = max(s.players, rng.choice((3, 3, 2, 4))) if vector else 2
    if "many-players" in aim:
        players = rng.randint(5, 7)
    height = rng.choice((1, 2, 2, 3, 3, 4))
    if aim & {"cut-3-up", "deep-trap", "speculated", "table-lower", "table-upper", "tests-3+"}:
        height = rng.randint(4, 5)
    if aim & {"cut-grandparent"}:
        height = max(height, 3)
    if "tall" in aim:
        height = rng.randint(6, 7)
    if "lone-leaf" in aim:
        height = 0
    widths: tuple[int, ...] = (2, 2, 3) if rng.random() < 0.6 else (1, 2, 3)
    if "unary" in aim:
        widths = (1, 1, 2, 3)
    magnitude = next((m for m in ("values-large", "values-huge") if m in aim), None)
    if magnitude is None and rng.random() < 0.2:
        magnitude = rng.choice(("values-large", "values-huge"))
    shift = rng.choice(SHIFTS[magnitude]) * rng.choice((1, -1)) if magnitude else 0
    fractions = "fractions" in aim or rng.random() < 0.1
    denominator = rng.choice(DENOMINATORS) if fractions and "Fraction" not in skip else 1
    if "Fraction" in skip or "TinyFraction" in skip:
        denominator = 1 if denominator >= 10**9 else denominator
    alpha, beta = aimed(aim, "alpha", rng), aimed(aim, "beta", rng)
    guess = aimed(aim, "guess", rng)
    drawn_movers = not by_depth and (
        bool(aim & {"moves-twice", "cut-grandparent"}) or rng.random() < 0.3
    )
    return Knobs(
        players=players,
        height=height,
        widths=widths,
        wide="wide" in aim or rng.random() < 0.05,
        stop=0.3 if "uneven" in aim or rng.random() < 0.3 else 0.0,
        by_depth=not drawn_movers,
        repeated="repeated" in aim or rng.random() < 0.1,
        span=9 if aim & {"cut-immediate", "cut-tie"} else rng.choice((1, 2, 3, 9)),
        shift=shift,
        denominator=denominator,
        total=rng.choice((2, 3, 6, 9, 9)) if s.domain else rng.choice((3, 6, 9, 9)),
        exact_total="cut-immediate" in aim or rng.random() < 0.5,
        concentrated="cut-immediate" in aim or rng.random() < 0.1,
        alpha=alpha,
        beta=beta,
        guess=guess,
        lower_gap=_gap(aim, "lower", rng),
        sum_gap=_gap(aim, "sum", rng),
        player=rng.randrange(players),
        domain="integers" if "domain-integers" in aim or rng.random() < 0.4 else "reals",
    )


def _gap(aim: set[str], edge: str, rng: random.Random) -> int:
    if f"{edge}-met" in aim:
        return 0
    if f"{edge}-one-short" in aim:
        return 1
    if f"{edge}-clear" in aim:
        return rng.choice((2, 3, 5))
    return rng.choice((0, 0, 1, 2))


CHANCE_AIMS = frozenset(STAR) - {"chance-beyond"}
"""Star1's and Star2's cut-offs and probes at chance nodes: a candidate aimed at one is a
regular tree (:func:`gametree.conform.chance_cases.drawn_regular`), one time in four any
candidate is; one aimed at ``chance-beyond`` gets a leaf at a bound (:func:`_beyond`)."""

STRUCTURED = {"deep-trap", "speculated", "re-search", "cut-3-up", "cut-grandparent"}
"""Behaviours of Korf's and Sturtevant's searches that a random tree rarely shows: a candidate
aimed at one of them starts from a tree built to show it (:func:`base`)."""


def propose(rng: random.Random, semantics: str, aim: Iterable[str], *, by_depth: bool = False,
            skip: frozenset[str] = frozenset(), max_nodes: int = 1000,
            windowless: bool = False) -> tuple[Case, Scalar | None]:  # fmt: skip
    """One candidate case of ``semantics`` built with the knobs ``aim`` sets, and its value.

    The value is the true value of a window semantics' case (its window is placed against
    it, unless ``windowless``: the engine takes none), ``None`` for the others.
    """
    aim = set(aim)
    k = _knobs(rng, semantics, aim, by_depth=by_depth, skip=skip)
    s = SEMANTICS[semantics]
    regular = s.chance and (bool(aim & CHANCE_AIMS) or rng.random() < 0.25)
    mapped = not regular and not k.repeated  # _repeat's copy is one object until mapped
    if regular:
        both = len(aim & CHANCE_AIMS) > 1 or rng.random() < 0.2
        t, bounds = drawn_regular(rng, values=2 * k.span, wide=k.wide, both=both), None
    else:
        t, bounds = base(rng, semantics, k, aim, max_nodes=max(2, min(max_nodes, 400)),
                         mapped=mapped)  # fmt: skip
    if k.repeated:
        t = _repeat(rng, t)
    case = Case(semantics, t if mapped else _map_values(t, k))
    if s.chance:
        case = _chance(rng, case, aim, regular=regular)
    t = case.tree
    if s.bounds:
        f = _value_map(k)
        case = attrs.evolve(
            case,
            bounds=_bounds(t, k)
            if bounds is None
            else Bounds(f(bounds.lower), f(bounds.total) + (k.players - 1) * k.shift),
        )
    if s.player:
        case = attrs.evolve(case, player=k.player)
    if s.domain and k.domain == "integers" and k.denominator == 1:
        case = attrs.evolve(case, domain="integers")
    if not s.window:
        return case, None
    v = _value(semantics, t)
    unit = Fraction(1, k.denominator) if rng.random() < 0.3 else 1
    a, b = at_place(k.alpha, v, unit, rng), at_place(k.beta, v, unit, rng)
    if windowless:
        a = b = None
    if a is not None and b is not None and a >= b:
        a, b = (b, a) if a != b else (a - 1, a)
    case = attrs.evolve(case, alpha=a, beta=b)
    if s.guess:
        guess = at_place(k.guess, v, unit, rng)
        case = attrs.evolve(case, first_guess=v if guess is None else guess)
    return case, v


def _value(semantics: str, t: Tree) -> Scalar:
    """The true value of a window semantics' tree: negamax's, expectimax's or minimax's."""
    s = SEMANTICS[semantics]
    negamax_form = semantics.startswith("negamax") or semantics == "pvs"
    v = (negamax if negamax_form else expectimax if s.chance else minimax)(t).value
    assert not isinstance(v, tuple)
    return v


def base(rng: random.Random, semantics: str, k: Knobs, aim: set[str], *, max_nodes: int,
         mapped: bool = False) -> tuple[Tree, Bounds | None]:  # fmt: skip
    """The tree a candidate starts from, and Korf's bounds it was built for (if it was).

    A random tree grown with the knobs; for an N-player semantics aimed at a structured
    behaviour (:data:`STRUCTURED`), or one time in four, a deep-pruning trap at a drawn
    distance (:func:`gametree.conform.tiers.trap`) or a chain of speculative bests
    (:func:`chain`), with the knobs' shape added on. With ``mapped`` the tree's values are
    mapped by :func:`_value_map` (a grown tree's as each leaf is drawn); the bounds are not.
    """
    s = SEMANTICS[semantics]
    korf = s.bounds and k.players >= 3
    if korf and (aim & STRUCTURED or rng.random() < 0.25):
        height = max(k.height, 3)
        distances = [d for d in range(2, height) if d % k.players]
        if distances and rng.random() < 0.5:
            floor = int(TRAP_BOUNDS.total >= 2 + 2 * k.players and rng.random() < 0.4)
            t = trap(rng, k.players, rng.choice(distances), height=height, floor=floor)
            total = int(TRAP_BOUNDS.total)
            bounds = Bounds(-rng.choice((0, 0, 1)), total)
        else:
            t, bounds, total = _chains(rng, k, aim)
            total = next((total - g for a, g in (("sum-one-short", 1), ("sum-clear", 2))
                          if a in aim), total)  # fmt: skip
        if rng.random() < 0.4:  # within the bounds (and the sum the aim asks for)
            t = _with_junk(rng, t, attrs.evolve(k, total=total), max_nodes=max_nodes)
        if "cut-immediate" in aim and isinstance(t, Node) and bounds.lower == 0:
            q = (t.to_move + 1) % k.players  # a last child where q has the whole sum at once
            whole = Leaf(tuple(total if x == q else 0 for x in range(k.players)))
            t = Node(t.to_move, [*t.children, Node(q, [whole, Leaf((0,) * k.players)])])
        t = _shaped(rng, t, k, aim)
        return (_map_values(t, k) if mapped else t), bounds
    drawn = _vector_leaf(rng, k) if s.kind == "vector" or s.player else (
        lambda: rng.randint(-k.span, k.span))  # fmt: skip
    leaf = drawn if _identity(k) or not mapped else lambda: _mapped(drawn(), _value_map(k))
    wide_at = rng.choice((0, 1)) if k.wide and k.height else -1

    def children(d: int) -> int:
        return rng.randint(17, 20) if d == wide_at else rng.choice(k.widths)

    return grow(rng, height=k.height, children=children, leaf=leaf, mover=_mover(rng, k),
                max_nodes=max_nodes, stop=k.stop), None  # fmt: skip


def _chains(rng: random.Random, k: Knobs, aim: set[str]) -> tuple[Tree, Bounds, int]:
    """One :func:`chain`, or two under one root, with its bounds and its ``total``.

    Two chains give two places to cut at two distances. The aim sets the largest leaf sum and
    how far the smallest component lies above the lower bound.
    """
    total = rng.randint(CHAIN_SUM - 1, CHAIN_SUM + 2)
    gap = {"sum-one-short": 1, "sum-clear": rng.randint(2, 3)}
    most = next((total - g for a, g in gap.items() if a in aim), None)
    places = {"lower-met": (0, 0), "lower-one-short": rng.choice(((1, 0), (0, -1))),
              "lower-clear": (1, -1)}  # fmt: skip
    place = next((a for a in aim if a in places), None)
    floor, lower = places[place] if place else (rng.choice((0, 0, 1)), -rng.choice((0, 0, 1)))

    def one(levels: int) -> Tree:
        return chain(rng, k.players, levels=levels, last=rng.random() < 0.5, total=total,
                     floor=floor, most=most, rich="re-search" in aim)  # fmt: skip

    t = one(rng.randint(4, 6) if "cut-3-up" in aim else rng.randint(3, 5))
    if isinstance(t, Node) and (len(aim & CUT_DISTANCES) > 1 or rng.random() < 0.3):
        t = Node(t.to_move, [*t.children, one(rng.randint(3, 6))])
    return t, Bounds(lower, total + k.players * floor), total


CUT_DISTANCES = frozenset({"cut-immediate", "cut-parent", "cut-grandparent", "cut-3-up"})

CHAIN_SUM = 9
"""Korf's sum of the :func:`chain` trees, about (the lower bound is 0 or -1)."""


def chain(rng: random.Random, players: int, *, levels: int, last: bool = False,
          total: int = 9, floor: int = 0, most: int | None = None,
          rich: bool = False) -> Tree:  # fmt: skip
    """A chain where each mover's first child gives it a share of the sum, the shares adding up.

    Node i of the chain (player i mod N) reads first a leaf worth c_i to itself, then the next
    node of the chain, then a leaf or two. Once the shares of a node and of two or more of its
    ancestors reach ``total``, Sturtevant's speculative pruning cuts there relying on an
    ancestor two or more plies up, and replies NIL (``speculated``) or is searched again. With
    ``last`` the chain's next node is each node's last child instead, so that the ancestors
    are on their last branch, where last-branch pruning may rely on them. Beside the chain a
    node sometimes has a subtree whose first leaf gives its mover the whole sum (an immediate
    cut-off, and nothing any chain node's mover gains). Every component is
    at least ``floor``: Korf's sum for the tree is ``total + N * floor`` (with three players
    the pruning tests, three shares against the sum, are then the same). With ``most`` no
    share is larger and one is that large (the largest leaf sum is then ``most + N * floor``),
    and no subtree gives the whole sum. With ``rich`` the leaves beside the chain give player 0
    up to half the sum, and after the chain a node has a leaf better for its player than its
    share that gives another player some of the rest: where the chain replied NIL relying on
    that player's node, speculative pruning searches it again (``last`` is then not kept).
    """
    shares = [rng.randint(1, 4) for _ in range(levels)]
    while sum(shares[-3:]) < total:
        shares[rng.randrange(levels)] += 1
    if most is None and rng.random() < 0.3:  # one share just short of the sum
        shares[rng.randrange(levels)] = total - 1
    shares = [min(c, total if most is None else most) for c in shares]
    if most is not None:
        shares[rng.randrange(levels)] = most

    def vector(p: int, c: int, also: tuple[int, int] = (0, 0)) -> Leaf:
        """C to player p, ``also[1]`` more to player ``also[0]``, floor to everyone."""
        return Leaf(tuple(floor + (c if q == p else 0) + (also[1] if q == also[0] else 0)
                          for q in range(players)))  # fmt: skip

    cap = total if most is None else most
    top = total // 2 if rich else 2

    def extra() -> list[Tree]:
        return [vector(0, rng.randint(0, top)) for _ in range(rng.randint(1, 2))]

    def better(p: int, c: int) -> list[Tree]:
        """A leaf after the chain, better for p than its share, giving another player more.

        If the chain below replied NIL relying on that player's node, it is searched again.
        """
        if not rich or c + 1 > cap:
            return []
        q = rng.choice([x for x in range(players) if x != p])
        return [vector(p, c + 1, (q, rng.randint(0, cap - c - 1)))]

    def decoy(p: int) -> list[Tree]:
        """Sometimes a subtree where the next player cuts at once (it has the whole sum)."""
        q = (p + 1) % players
        whole = most is None and rng.random() < 0.25
        return [Node(q, [vector(q, total), vector(0, 1)])] if whole else []

    below: Tree = Node(levels % players, extra() + extra())
    for i in reversed(range(levels)):
        p = i % players
        first = vector(p, shares[i])
        if last and not rich:
            below = Node(p, [first, *extra(), *decoy(p), below])
        else:
            below = Node(p, [first, below, *better(p, shares[i]), *extra(), *decoy(p)])
    return below


def _with_junk(rng: random.Random, t: Tree, k: Knobs, *, max_nodes: int) -> Tree:
    """``t`` with one or two small random subtrees added as the root's last children.

    A structured tree shows its own behaviour; what follows it at the root adds others (an
    immediate cut-off, a tie) that rarely come with it otherwise.
    """
    if not isinstance(t, Node):
        return t
    junk = [grow(rng, height=rng.randint(1, 2), children=lambda _d: rng.choice(k.widths),
                 leaf=_vector_leaf(rng, k),
                 mover=lambda _d: rng.randrange(k.players), max_nodes=min(12, max_nodes))
            for _ in range(rng.randint(1, 2))]  # fmt: skip
    return Node(t.to_move, [*t.children, *junk])


def _shaped(rng: random.Random, t: Tree, k: Knobs, aim: set[str]) -> Tree:
    """A built tree with the shape the knobs ask added: wide, unary, moving twice."""
    if not isinstance(t, Node):
        return t
    nodes = _node_paths(t)
    if k.wide:
        path = rng.choice(nodes)
        zero = tuple(0 for _ in range(k.players))
        many = [Leaf(zero)] * rng.randint(17, 20)
        t = _replace(t, path, lambda n: Node(n.to_move, [*n.children, *many]))
    if "unary" in aim or "moves-twice" in aim or not k.by_depth:
        path = rng.choice(nodes)
        if path:
            parent = _node_at(t, path[:-1])
            mover = parent.to_move if not k.by_depth else rng.randrange(k.players)
            t = _replace(t, path, lambda n: Node(mover, [n]))
    return t


def _chance(rng: random.Random, case: Case, aim: set[str], *, regular: bool) -> Case:
    """A chance semantics' candidate from ``case``, aimed at ``aim``.

    With leaf bounds if its tree is ``regular`` (it has its chance nodes), else turned
    (:func:`with_chance`); aimed at ``chance-beyond``, with a leaf at a bound (:func:`_beyond`).
    """
    case = (
        attrs.evolve(case, interval=leaf_bounds(case.tree, rng)) if regular else with_chance(case)
    )
    if SEMANTICS[case.semantics].interval and "chance-beyond" in aim:
        return _beyond(rng, case)
    return case


def _beyond(rng: random.Random, case: Case) -> Case:
    """``case`` with a leaf at U (Max's) or L (Min's) put before a chance child of a node.

    The children before the leaf are searched as before. The node is a player's with no
    chance node above it, and the leaf bounds are the leaves' least and greatest values, so
    the chance child's window lies beyond [L, U] once the leaf is read, unless the node's own
    window cuts first: below a chance node every window lies within [L, U], so nowhere else
    can it (Ballard 1983's Star1 with the test before the first child, ``impl.star``).
    """
    t = case.tree
    if not isinstance(t, Node):
        return case
    spots: list[tuple[int, ...]] = []
    stack: list[tuple[Node, tuple[int, ...]]] = [(t, ())]
    while stack:
        n, path = stack.pop()
        if n.probabilities is not None:
            continue
        if any(isinstance(c, Node) and c.probabilities is not None for c in n.children):
            spots.append(path)
        stack.extend((c, (*path, i)) for i, c in enumerate(n.children) if isinstance(c, Node))
    if not spots:
        return case
    values = [x.value for _, x in iter_leaves(t)]
    low, high = min(values), max(values)
    assert not isinstance(low, tuple)
    assert not isinstance(high, tuple)
    if low == high:
        return case

    def put(n: Node) -> Node:
        i = rng.choice([i for i, c in enumerate(n.children)
                        if isinstance(c, Node) and c.probabilities])  # fmt: skip
        edge = Leaf(high if n.to_move == 0 else low)
        return n.with_children([*n.children[:i], edge, *n.children[i:]])

    return attrs.evolve(case, tree=_replace(t, rng.choice(sorted(spots)), put),
                        interval=Interval(low, high))  # fmt: skip


def _node_paths(t: Node) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    stack: list[tuple[Node, tuple[int, ...]]] = [(t, ())]
    while stack:
        n, path = stack.pop()
        out.append(path)
        stack.extend((c, (*path, i)) for i, c in enumerate(n.children) if isinstance(c, Node))
    return sorted(out)


def _node_at(t: Node, path: tuple[int, ...]) -> Node:
    for i in path:
        c = t.children[i]
        assert isinstance(c, Node)
        t = c
    return t


def _mover(rng: random.Random, k: Knobs) -> Callable[[int], int]:
    if k.by_depth:
        return lambda d: d % k.players
    return lambda _d: rng.randrange(k.players)


def _vector_leaf(rng: random.Random, k: Knobs) -> Callable[[], Value]:
    """Integer vectors with components >= 0 summing to at most ``k.total`` (or exactly)."""

    def vector() -> Value:
        if k.concentrated and rng.random() < 0.3:
            at = rng.randrange(k.players)
            return tuple(k.total if q == at else 0 for q in range(k.players))
        left, units = k.total, []
        for _ in range(k.players - 1):
            x = rng.randint(0, min(left, k.span))
            units.append(x)
            left -= x
        units.append(left if k.exact_total else rng.randint(0, left))
        rng.shuffle(units)
        return tuple(units)

    return vector


def _value_map(k: Knobs) -> Callable[[Scalar], Scalar]:
    """The map v -> v * scale / denominator + shift, which changes no comparison a search makes."""

    def f(x: Scalar) -> Scalar:
        if k.denominator == 1 and isinstance(x, int):
            return x * k.scale + k.shift
        y = Fraction(x) * k.scale / k.denominator + k.shift
        return y.numerator if y.denominator == 1 else y

    return f


def _identity(k: Knobs) -> bool:
    """Whether :func:`_value_map` leaves every value as it is."""
    return k.shift == 0 and k.denominator == 1 and k.scale == 1


def _mapped(v: Value, f: Callable[[Scalar], Scalar]) -> Value:
    """A value (each component of a vector) mapped by ``f``."""
    return tuple(map(f, v)) if isinstance(v, tuple) else f(v)


def _map_values(t: Tree, k: Knobs) -> Tree:
    """``t`` with every value (every component) mapped by :func:`_value_map`."""
    if _identity(k):
        return t
    f = _value_map(k)
    return map_leaves(t, lambda v: _mapped(v, f))


def _repeat(rng: random.Random, t: Tree) -> Tree:
    """``t`` with one interior subtree of 3 or more nodes copied over a later sibling."""
    if not isinstance(t, Node):
        return t
    spots: list[tuple[tuple[int, ...], int, int]] = []
    stack: list[tuple[Node, tuple[int, ...]]] = [(t, ())]
    while stack:
        n, path = stack.pop()
        big = [i for i, c in enumerate(n.children) if isinstance(c, Node) and c.size >= 3]
        spots += [(path, i, j) for i in big for j in range(i + 1, len(n.children))]
        stack.extend((c, (*path, i)) for i, c in enumerate(n.children) if isinstance(c, Node))
    if not spots:
        return t
    path, i, j = rng.choice(spots)
    return _replace(t, path, lambda n: n.with_children([*n.children[:j], n.children[i],
                                                         *n.children[j + 1 :]]))  # fmt: skip


def _replace(t: Node, path: tuple[int, ...], change: Callable[[Node], Node]) -> Node:
    """``t`` with the node at ``path`` replaced by ``change`` of it."""
    nodes = [t]
    for i in path:
        c = nodes[-1].children[i]
        assert isinstance(c, Node)
        nodes.append(c)
    new: Node = change(nodes[-1])
    for n, i in zip(reversed(nodes[:-1]), reversed(path), strict=True):
        new = n.with_children([*n.children[:i], new, *n.children[i + 1 :]])
    return new


def _bounds(t: Tree, k: Knobs) -> Bounds:
    """Korf's bounds ``lower_gap`` below the smallest component, ``sum_gap`` above the largest sum.

    A gap is counted in the values' own unit (1 / denominator), so "one short" stays one.
    """
    least: Scalar | None = None
    most: Scalar | None = None
    stack = [t]
    while stack:
        n = stack.pop()
        if isinstance(n, Leaf):
            v = n.value
            assert isinstance(v, tuple)
            least = min(v) if least is None else min(least, *v)
            most = sum(v) if most is None else max(most, sum(v))
        else:
            stack.extend(n.children)
    assert least is not None
    assert most is not None
    return Bounds(least - k.lower_gap, most + k.sum_gap)


WRAPPED = frozenset(
    {"fail-low", "fail-high", "alpha=v", "alpha=v+1", "alpha>v", "beta=v", "beta=v-1", "beta<v"}
)
"""The places a kept case is moved to by :func:`wrapped`."""

MAGNITUDES = {"values-large": SHIFTS["values-large"], "values-huge": SHIFTS["values-huge"]}


def lifted(
    case: Case, value: Scalar | None, to: str, rng: random.Random
) -> tuple[Case, Scalar | None]:
    """``case`` with every number shifted or scaled into the magnitude ``to``, or divided.

    The same map on the leaves, the window, the first guess and Korf's bounds (the sum takes
    N times the shift), so the search makes the same comparisons and shows the same behaviours;
    scaling by a power of two (half the time) keeps a number a double can hold one that it can.
    """
    shift, scale = 0, 1
    if to in MAGNITUDES and rng.random() < 0.5:  # a power of two keeps a double a double
        scale = 2 ** rng.randint(*((10, 40) if to == "values-large" else (54, 70)))
    elif to in MAGNITUDES:
        shift = rng.choice(MAGNITUDES[to]) * rng.choice((1, -1))
    k = Knobs(shift=shift, scale=scale,
              denominator=rng.choice(DENOMINATORS) if to == "fractions" else 1)  # fmt: skip
    f = _value_map(k)
    t = _map_values(case.tree, k)
    out = attrs.evolve(case, tree=t, first_guess=f(case.first_guess))
    if to == "fractions":
        out = attrs.evolve(out, domain="reals")
    if case.alpha is not None:
        out = attrs.evolve(out, alpha=f(case.alpha))
    if case.beta is not None:
        out = attrs.evolve(out, beta=f(case.beta))
    if case.bounds is not None:
        n = t.players
        out = attrs.evolve(out, bounds=Bounds(f(case.bounds.lower),
                                              f(case.bounds.total) + (n - 1) * shift))  # fmt: skip
    if case.interval is not None:
        out = attrs.evolve(out, interval=Interval(f(case.interval.lower), f(case.interval.upper)))
    return out, None if value is None else f(value)


def _closed(case: Case) -> tuple[Case, Scalar, Scalar]:
    """``case`` with each open side of its window put beyond every leaf's value and the other edge.

    No value reaches such an edge, so the search compares and cuts as with the open side,
    and the window has an edge to fail at.
    """
    reach: Scalar = 0
    stack = [case.tree]
    while stack:
        n = stack.pop()
        if isinstance(n, Leaf):
            assert not isinstance(n.value, tuple)
            reach = max(reach, n.value, -n.value)
        else:
            stack.extend(n.children)
    for x in (case.alpha, case.beta):
        if x is not None:
            reach = max(reach, x, -x)
    a = -reach - 1 if case.alpha is None else case.alpha
    b = reach + 1 if case.beta is None else case.beta
    return attrs.evolve(case, alpha=a, beta=b), a, b


def wrapped(
    case: Case, value: Scalar, aim: Iterable[str], rng: random.Random
) -> tuple[Case, Scalar]:
    """``case``'s tree under a new root whose second child, a leaf, fails the root low or high.

    The tree is the new root's first child and is searched under the same window as before
    (max/min form: a window passes down unchanged; negamax form: the new root has the same
    mover, or the other one with the request's window negated and swapped), so it shows what
    it showed; the leaf then puts the root's value at or past a window edge, at the place
    ``aim`` asks (``alpha=v`` puts the value on alpha, ``alpha=v+1`` one below it, ...). In
    negamax form a root fails low only if its first child failed high: such a case is first
    wrapped to fail high. An open side of the window is first closed beyond every value
    (:func:`_closed`), which changes no comparison.
    """
    aim = set(aim)
    negamax_form = case.semantics.startswith("negamax") or case.semantics == "pvs"
    low = bool(aim & {"fail-low", "alpha=v", "alpha=v+1", "alpha>v"})
    if not low and not aim & {"fail-high", "beta=v", "beta=v-1", "beta<v"}:
        low = rng.random() < 0.5
    case, alpha, beta = _closed(case)
    edge = alpha if low else beta
    place = aimed(aim, "alpha" if low else "beta", rng)
    step: Scalar = {"=v": 0, "=v+1": 1, "=v-1": 1}.get(place, rng.choice((2, 3, Fraction(1, 2))))
    t = case.tree
    p = t.to_move if isinstance(t, Node) else 0
    if not negamax_form:
        root, leaf = (1, edge - step) if low else (0, edge + step)
        out = attrs.evolve(case, tree=Node(root, [t, Leaf(leaf)]))
        if case.interval is not None:  # the leaf bounds take the new leaf in
            low_end, high_end = case.interval.lower, case.interval.upper
            out = attrs.evolve(out, interval=Interval(min(low_end, leaf), max(high_end, leaf)))
        return out, _value(case.semantics, out.tree)
    if not low:
        score = edge + step
        out = attrs.evolve(case, tree=Node(p, [t, Leaf(score if p == 0 else -score)]))
        return out, negamax(out.tree).value
    if value < beta:  # the first child must fail high for the new root to fail low
        case, value = wrapped(case, value, {"fail-high"}, rng)
        t = case.tree
        p = t.to_move if isinstance(t, Node) else 0
    q = 1 - p
    a, b = -beta, -alpha
    score = a - step
    out = attrs.evolve(case, tree=Node(q, [t, Leaf(score if q == 0 else -score)]), alpha=a, beta=b)
    return out, negamax(out.tree).value


KEPT = 6
"""How many cases :class:`Steering` keeps for each behaviour (the smallest), to start from."""


@attrs.define
class Steering:
    """What the run has shown so far, and the choice of the next steered case.

    ``counts`` holds how many asked cases showed each pair (every case of the run, whatever
    drew it). :meth:`next_case` returns the candidate that shows the most of the feasible
    pairs shown least so far: first every pair once, then (with the budget left) every pair
    again, and so on, as a covering array of higher multiplicity does: one case that shows a
    pair need not arrange it so that a bug shows, a few different ones more likely do. It
    returns ``None`` when no candidate adds one. ``corpus`` keeps, for each behaviour, the
    smallest candidates seen to show it, so that a pair of a behaviour and a magnitude or a
    window edge is aimed at by lifting (:func:`lifted`) or wrapping (:func:`wrapped`) one.
    """

    semantics: str
    feasible: set[Pair]
    excluded: frozenset[str] = frozenset()
    """Behaviours no case may show (their flags are skipped)."""
    counts: Counter[Pair] = attrs.field(factory=Counter)
    candidates: int = 0
    """How many candidates the reference has run."""
    corpus: dict[str, list[tuple[Case, Scalar | None]]] = attrs.field(factory=dict)
    refused: int = 0
    """Candidates the reference refused (outside their bounds, say): none is ever asked.
    ``tests/test_conform_behaviours.py`` draws candidates without this guard, so that a
    builder that makes invalid cases fails there."""

    @classmethod
    def start(cls, semantics: str, *, by_depth: bool, excluded: frozenset[str]) -> "Steering":
        """Steering for ``semantics`` with nothing shown yet."""
        from gametree.conform.behaviours import all_pairs  # noqa: PLC0415

        ruled = infeasible(semantics, by_depth=by_depth, integers="fractions" in excluded)
        feasible = {p for p in all_pairs(semantics) if p not in ruled and not set(p) & excluded}
        return cls(semantics, feasible, excluded)

    def record(self, behaviours: Iterable[str]) -> None:
        """Count the pairs of a case asked."""
        self.counts.update(pairs_of(self.semantics, behaviours))

    def keep(self, case: Case, value: Scalar | None, behaviours: Iterable[str]) -> None:
        """Keep ``case`` as a start for each of its behaviours, if it is among the smallest."""
        for b in behaviours:
            kept = self.corpus.setdefault(b, [])
            kept.append((case, value))
            if len(kept) > KEPT:
                del kept[max(range(len(kept)), key=lambda i: kept[i][0].tree.size)]

    @property
    def level(self) -> int:
        """How many times the feasible pair shown least has been shown."""
        return min((self.counts[p] for p in self.feasible), default=0)

    @property
    def missing(self) -> set[Pair]:
        """The feasible pairs shown least (at level 0: not shown at all)."""
        level = self.level
        return {p for p in self.feasible if self.counts[p] == level}

    def next_case(
        self,
        rng: random.Random,
        allowed: Callable[[Case], bool],
        *,
        by_depth: bool,
        skip: frozenset[str],
        max_nodes: int,
        windowless: bool = False,
        tries: int = 24,
        rounds: int = 60,
    ) -> tuple[Case, frozenset[str]] | None:
        """The candidate that shows the most of the pairs shown least, and its behaviours.

        ``tries`` candidates, and as many again up to ``rounds`` times while none adds a
        pair (4 times past the first level: a pair too rare to show again is let go).
        """
        if not self.feasible:
            return None
        missing = sorted(self.missing)
        rounds = rounds if self.level == 0 else min(rounds, 4)
        best: tuple[int, int, Case, frozenset[str]] | None = None
        for i in range(tries * rounds):
            if best is not None and i >= tries:
                break
            aim: tuple[str, ...] = rng.choice(missing) if i % 3 or i >= tries else ()
            case, value = self._candidate(rng, aim, by_depth=by_depth, skip=skip,
                                          max_nodes=max_nodes, windowless=windowless)  # fmt: skip
            if not allowed(case):
                continue
            self.candidates += 1
            try:
                shown = observe(case, value)
            except (TreeError, TreeFileError, ValueError):  # the reference refuses it: not asked
                self.refused += 1
                continue
            if shown & self.excluded:
                continue
            self.keep(case, value, shown)
            gain = len(pairs_of(self.semantics, shown).intersection(missing))
            if gain and (best is None or (gain, -case.tree.size) > (best[0], best[1])):
                best = (gain, -case.tree.size, case, shown)
        return None if best is None else (best[2], best[3])

    def _candidate(self, rng: random.Random, aim: tuple[str, ...], *, by_depth: bool,
                   skip: frozenset[str], max_nodes: int,
                   windowless: bool = False) -> tuple[Case, Scalar | None]:  # fmt: skip
        """A candidate aimed at ``aim``: a kept case lifted or wrapped, or a new one."""
        if SEMANTICS[self.semantics].game:
            return propose_game(rng, self.semantics, set(aim), alternating=by_depth)
        for to, other in (aim, aim[::-1]) if aim else ():
            if other not in self.corpus or rng.random() < 0.5:
                continue
            kept, value = rng.choice(self.corpus[other])
            if to in MAGNITUDES or to == "fractions":
                return lifted(kept, value, to, rng)
            if to in WRAPPED and not SEMANTICS[self.semantics].guess and not windowless:
                if value is None:
                    v = expected(kept).true_value
                    assert not isinstance(v, tuple)
                    value = v
                return wrapped(kept, value, aim, rng)
        return propose(rng, self.semantics, aim, by_depth=by_depth, skip=skip,
                       max_nodes=max_nodes, windowless=windowless)  # fmt: skip
