"""The steered cases of the ``game-`` semantics: game graphs built for what is not yet shown.

:class:`gametree.conform.steer.Steering` asks :func:`propose_game` for candidates aimed at the
pairs shown least, as it asks :func:`gametree.conform.steer.propose` for trees. Half of them are
drawn as before, state by state with moves to later states; the other half, and every one
aimed at a table behaviour (:data:`gametree.conform.behaviours.TABLE`), are built around one
state met again (:func:`table_game`), because a random graph of a few states rarely makes a
search meet a stored bound again under a window that the bound does not settle, which is
where transposition tables go wrong (Marsland 1986 and Breuker 1998 on the table's entries;
Wesselink et al. 2025 on deeper entries).

Glossary: S is the state met again, a *line* one way from the root to it, L its length in
plies, d the depth, q the quiescence limit, v a value from player 0's point of view.
"""

import random
from typing import Any

import attrs

from gametree.conform.behaviours import TABLE, aimed, at_place
from gametree.conform.chance_cases import with_chance_states
from gametree.conform.codec import Case, game_case
from gametree.conform.game_behaviours import longest_line
from gametree.conform.games import GameGraph, GameState, down_the_list
from gametree.conform.semantics import SEMANTICS
from gametree.spec import Scalar
from gametree.spec import witness as witnessed

__all__ = [
    "HORIZON",
    "NARROWED",
    "QUIESCENT",
    "SHIFTS",
    "killer_game",
    "narrowed_game",
    "propose_game",
    "table_game",
]

SHIFTS: dict[str, tuple[int, ...]] = {
    "values-large": (999, 1000, 9999, 32000, 32767, 2**31 - 4, 2**53 - 8),
    "values-huge": (2**53, 2**63 - 4, 2**64, 10**28, 2**127, 10**100),
}
"""The constants added to every value for the magnitude behaviours (with either sign)."""

SCALES = (100, 1000)
"""What a game's values are multiplied by, now and then: evaluations in centipawns, whose
differences from one depth to the next pass an aspiration window's few units."""

QUIESCENT = frozenset(
    {"quiescence-to-limit", "quiescence-at-limit", "quiescence-one-short", "quiescence-shorter",
     "quiescence-settles", "check", "stand-pat"}
)  # fmt: skip
"""What only a game with states that are not quiet shows."""

HORIZON = {"game-longer": (2, 3), "game-at-depth+1": (1,), "game-at-depth": (0,),
           "game-at-depth-1": (-1,), "game-shorter": (-2, -3)}  # fmt: skip
"""How much longer than the depth the game's longest line is, for each ``horizon`` place."""

TABLE_AIMS = TABLE | {"revisit-other-ply", "transposition", "deeper-first"}
"""What a candidate built around a state met again (:func:`table_game`) is for."""

NARROWED = frozenset({"entry-lower-deeper", "revisit-inside"})
"""The pair a witness candidate shows by :func:`narrowed_game` half of the times it is aimed
at: a deeper lower bound inside the later window, which Marsland's lookup narrows it to."""

Window = tuple[Scalar | None, Scalar | None]


def propose_game(rng: random.Random, semantics: str, aim: set[str], *,
                 alternating: bool) -> tuple[Case, Scalar | None]:  # fmt: skip
    """A candidate game case aimed at ``aim`` (a game graph, a depth, a quiescence limit)."""
    witness = semantics == "game-negamax-witness"
    shift = 0
    magnitude: str | None = next((m for m in SHIFTS if m in aim), None)
    if magnitude or rng.random() < 0.15:
        shift = rng.choice(SHIFTS[magnitude or rng.choice(list(SHIFTS))]) * rng.choice((1, -1))
    scale = rng.choice(SCALES) if rng.random() < 0.15 else 1
    window: Window | None = None
    if witness and aim >= NARROWED and rng.random() < 0.5:
        g, depth, window = narrowed_game(rng, alternating=alternating)
        q = 0
    elif aim & TABLE_AIMS or rng.random() < 0.5:
        g, depth, q = table_game(rng, semantics, aim, alternating=alternating)
    else:
        g, depth, q = _drawn_game(rng, semantics, aim, alternating=alternating)
    if SEMANTICS[semantics].chance:  # game-expectimax: quiet states, some of them chance's
        g, q = with_chance_states(rng, g, aim), 0
    if shift or scale != 1:
        g = _mapped(g, lambda v: v * scale + shift)
        if window is not None:  # in the root mover's view
            moved = shift if g.states[0].to_move == 0 else -shift
            lo, hi = window
            window = (None if lo is None else lo * scale + moved,
                      None if hi is None else hi * scale + moved)  # fmt: skip
    if semantics == "game-deepening":
        budget = rng.randint(1, 60) if rng.random() < 0.5 else rng.randint(60, 2000)
        case = game_case(semantics, g, depth, quiescence=q, max_nodes=budget, max_tree=20_000)
        whole = case.tree.size
        if "budget-stops" in aim and budget >= whole > 1:  # stopped before the last depth
            case = attrs.evolve(case, max_nodes=rng.randint(max(1, whole // 3), whole - 1))
        return case, None
    case = game_case(semantics, g, depth, quiescence=q, max_tree=20_000)
    if not witness:
        return case, None

    v = witnessed(g, 0, depth, None, None).fixed
    if window is not None:
        return attrs.evolve(case, alpha=window[0], beta=window[1]), v
    a = at_place(aimed(aim, "alpha", rng), v, 1, rng)
    b = at_place(aimed(aim, "beta", rng), v, 1, rng)
    if a is not None and b is not None and a >= b:
        a, b = (b, a) if a != b else (a - 1, a)
    return attrs.evolve(case, alpha=a, beta=b), v


def _quiescence(rng: random.Random, semantics: str, aim: set[str]) -> int:
    """The quiescence limit of a candidate of ``semantics`` aimed at ``aim``."""
    if semantics == "game-negamax-witness":
        return 0
    q = rng.randint(1 if semantics == "game-negamax-stand-pat" else 0, 3)
    if aim & {"quiescence-to-limit", "quiescence-settles", "check", "stand-pat"}:
        q = max(q, 1)
    if any(a.endswith("-quiescence") for a in aim):
        q = max(q, 1)
    return {"quiescence-one-short": max(q, 2), "quiescence-shorter": 3}.get(
        next((a for a in aim if a in {"quiescence-one-short", "quiescence-shorter"}), ""), q
    )


def _drawn_game(rng: random.Random, semantics: str, aim: set[str], *,
                alternating: bool) -> tuple[GameGraph, int, int]:  # fmt: skip
    """A game drawn state by state, moves to later states; its depth and quiescence limit."""
    witness = semantics == "game-negamax-witness"
    n = rng.randint(3, 15 if witness else 9)
    noisy = not witness and (bool(aim & QUIESCENT) or rng.random() < 0.6)
    movers = [rng.randrange(2) for _ in range(n)]
    if "moves-twice" not in aim and rng.random() < 0.5:
        movers = [0] * n  # filled in below, by the line's parity
    states: list[GameState] = []
    for s in range(n):
        p = movers[s]
        later = list(range(s + 1, n))  # --alternating: _alternate drops the moves that do not
        if not later or (s > 0 and rng.random() < 0.2):
            states.append(GameState(p, utility=rng.randint(-9, 9)))
            continue
        k = rng.randint(1, min(3, len(later)))
        near = later[: 2 + int("transposition" in aim or "deeper-first" in aim)]
        targets = [rng.choice(near if rng.random() < 0.5 else later) for _ in range(k)]
        labels = "abc"[:k]
        kind = rng.randrange(6) if noisy else 0
        check = kind == 5 or ("check" in aim and rng.random() < 0.3)
        quiet = check or (kind < 3 and not ("quiescence-to-limit" in aim and rng.random() < 0.5))
        moves_noisy = () if quiet else tuple(m for m in labels if rng.random() < 0.7)
        states.append(GameState(p, tuple(zip(labels, targets, strict=True)), None,
                                rng.randint(-9, 9), quiet, moves_noisy, check))  # fmt: skip
    if alternating or movers == [0] * n:
        states = _alternate(states)
    g = GameGraph.of(states).reachable()
    longest = max(1, longest_line(g))
    place = next((h for h in HORIZON if h in aim), None)
    ahead = rng.choice(HORIZON[place]) if place else rng.randint(-2, 2)
    depth = max(1, min(6 if witness else 4, longest - ahead))
    return g, depth, _quiescence(rng, semantics, aim)


def killer_game(rng: random.Random, semantics: str, aim: set[str], *,
                alternating: bool) -> tuple[GameGraph, int, int]:  # fmt: skip
    """A game whose horizon holds sibling positions that share their moves' labels.

    A killer move is one that caused a cut-off at the same ply elsewhere (the Game Tree Search
    notes, 2, refutation moves), and an engine finds it again by its label; here the states at
    the horizon (three to each state above it, mostly after a game end that gives them a
    window, the search one or two plies deep) have moves labelled ``a``, ``b``, ``c``, each
    its own one or two of them noisy, so that a move noisy and refuting at one state is legal
    and quiet at a later one: an extension that searches a killer without asking whether it
    is noisy there plays a quiet move (about one game in six tells such an engine from the
    reference). The moves lead to game ends, or to one more noisy state. Players alternate,
    unless ``aim`` asks for ``moves-twice``; the depth follows the horizon ``aim`` names.
    """
    depth = rng.randint(1, 2)
    place = next((h for h in HORIZON if h in aim), None)
    if place is not None:
        depth = max(1, rng.randint(1, 2) + 1 - rng.choice(HORIZON[place]))
    twice = "moves-twice" in aim and not alternating
    kids: list[list[int]] = [[]]
    ply = [0]

    def add(parent: int) -> int:
        kids.append([])
        ply.append(ply[parent] + 1)
        kids[parent].append(len(kids) - 1)
        return len(kids) - 1

    level = [0]
    for _ in range(depth - 1):
        level = [add(s) for s in level for _ in range(rng.randint(1, 2))]
    horizon: list[int] = []
    for s in level:
        if rng.random() < 0.8:  # a game end first: a window for the states after it
            add(s)
        horizon += [add(s) for _ in range(3)]
    labels: dict[int, list[str]] = {}
    noisy: dict[int, list[str]] = {}
    for h in horizon:
        labels[h] = rng.sample("abc", 3)
        noisy[h] = rng.sample(labels[h], rng.randint(1, len(labels[h]) - 1))
        for _ in labels[h]:
            t = add(h)
            if rng.random() < 0.3:  # one more noisy state: the extension goes on
                labels[t] = ["a", "b"][: rng.randint(1, 2)]
                noisy[t] = list(labels[t])
                for _ in labels[t]:
                    add(t)
    states = []
    for s, ks in enumerate(kids):
        p = rng.randrange(2) if twice and s else ply[s] % 2
        if not ks:
            states.append(GameState(p, utility=rng.randint(-9, 9)))
            continue
        names = labels.get(s, list("abcd"[: len(ks)]))
        quiet = s not in noisy
        states.append(GameState(p, tuple(zip(names, ks, strict=True)), None,
                                rng.randint(-9, 9), quiet, tuple(noisy.get(s, ()))))  # fmt: skip
    if alternating:
        states = _alternate(states)
    return GameGraph.of(states), depth, max(1, _quiescence(rng, semantics, aim))


def narrowed_game(rng: random.Random, *, alternating: bool) -> tuple[GameGraph, int, Window]:
    """A game where a deeper lower bound of S lies inside the window S is met again with.

    Marsland's table lookup (Marsland 1986, as engines copy it) raises alpha to such a bound
    without settling the search; Wesselink et al. (arXiv 2509.20138) show the result can be
    the value of no witness. Here it is on purpose (values in S's mover's view). The root's
    first line (a state whose first move ends the game worth B1, then S, met with r1 plies)
    searches S's first move c2, worth L > B1 once its reply h is searched on: S fails high and
    its table holds the lower bound L. The second line (two or three states, each with a first
    move that ends the game worth an edge of the window) meets S again with r2 = 2 < r1 plies
    and the window (A, B2), A < L < B2. At r2 plies S is worth less than L: h is at the horizon
    (worth eh), and c2's sibling c1 has a first reply g11 worth e (eh < e < L) that its second,
    a game end worth less than e, refutes. A search of S with alpha raised to L cuts c1 off at
    g11 and returns the loose bound e, which no witness of S is worth (g11 and h at the horizon
    or searched on). The game, its depth, and the root's window (its mover's view), drawn so
    that it holds e.
    """
    g = _Graph(rng)
    p = 0 if alternating else rng.randrange(2)
    b1 = rng.randint(-9, 5)
    e = b1 + rng.randint(1, 3)
    big = e + rng.randint(1, 4)
    values: dict[int, int] = {}

    def state(mover: int, kids: list[int], v: int = 0) -> int:
        s = g.add(kids)
        g.states[s]["p"] = mover
        values[s] = v
        return s

    def end(v: int) -> int:
        return state(p, [], v)

    c2 = state(1 - p, [state(p, [end(big)], e - rng.randint(1, 4))])
    c1 = state(1 - p, [state(p, [end(rng.randint(-9, 9))], e), end(e - rng.randint(1, 4))])
    s = shared = state(p, [c2, c1])
    first = state(1 - p, [end(b1), shared])
    edges = [(p, rng.randint(b1 - 3, e - 1)), (1 - p, big + rng.randint(1, 4))]
    if alternating:  # S's mover again two plies on: one more state of the other player
        edges.insert(0, (1 - p, big + rng.randint(1, 4)))
    for mover, edge in edges:  # a game end that makes the window's edge, then on to S
        s = state(mover, [end(edge), s])
    root = state(p, [first, s])
    for x, v in values.items():
        g.states[x]["v"] = v if p == 0 else -v
    graph = g.graph(root)
    if alternating:
        graph = GameGraph.of(_alternate(list(graph.states)))
    alpha = None if rng.random() < 0.5 else b1 - rng.randint(1, 3)
    beta = None if rng.random() < 0.5 else big + rng.randint(1, 3)
    return graph, 3 + len(edges), (alpha, beta)


@attrs.define
class _Graph:
    """A game graph under construction: states by id, moves to ids; numbered when done."""

    rng: random.Random
    span: int = 9
    """Values are drawn from -span..span: a small span makes ties, and window edges met."""
    states: list[dict[str, Any]] = attrs.field(factory=list)
    bias: int = 0
    """Added to every static evaluation: a horizon that misjudges every position by as much
    makes the values of one state at two depths differ."""

    def add(self, kids: list[int], *, noisy: bool = False) -> int:
        """A state with moves to ``kids`` (terminal without), its mover and values drawn."""
        rng = self.rng
        v = rng.randint(-self.span, self.span)
        if kids and self.bias:
            v += self.bias
        x: dict[str, Any] = {"p": rng.randrange(2), "v": v, "kids": kids}
        if kids and noisy:
            x["check"] = rng.random() < 0.2
            x["noisy"] = [i for i in range(len(kids)) if rng.random() < 0.7] or [0]
        self.states.append(x)
        return len(self.states) - 1

    def subtree(self, height: int, *, noisy: bool, width: int = 0) -> int:
        """A subtree ``height`` plies high (0: a terminal, or a state whose moves end the game)."""
        rng = self.rng
        if height <= 0:
            if rng.random() < 0.4:
                return self.add([])
            return self.add([self.add([]) for _ in range(rng.randint(1, 2))],
                            noisy=noisy and rng.random() < 0.6)  # fmt: skip
        k = width or rng.randint(2, 3)
        kids = [self.subtree(height - 1 - (rng.random() < 0.3), noisy=noisy) for _ in range(k)]
        return self.add(kids, noisy=noisy and rng.random() < 0.5)

    def below(self, root: int) -> list[dict[str, Any]]:
        """The states reachable from ``root``, ``root`` first."""
        out, stack, seen = [], [root], set()
        while stack:
            s = stack.pop()
            if s not in seen:
                seen.add(s)
                out.append(self.states[s])
                stack.extend(self.states[s]["kids"])
        return out

    def worst_first(self, root: int) -> None:
        """Order each state below ``root`` with its moves worst first for its mover.

        By the values drawn, so that a fail-soft search's bounds there are loose: a cut-off's
        refutation is rarely the best one, and a failing search returns a bound, not the value.
        """
        stack = [root]
        while stack:
            x = self.states[stack.pop()]
            sign = 1 if x["p"] == 0 else -1
            x["kids"].sort(key=lambda t: sign * self.states[t]["v"])
            stack.extend(x["kids"])

    def graph(self, root: int) -> GameGraph:
        """The states reachable from ``root``, numbered so that every move leads further on.

        A move's label names its state (``a7`` is state 7's first move), so that an engine's
        killer moves, found at other states, never reorder the moves the windows were built
        for (they are legal nowhere else).
        """
        order = down_the_list(root, lambda s: self.states[s]["kids"])
        index = {s: i for i, s in enumerate(order)}
        out = []
        for s in order:
            x = self.states[s]
            if not x["kids"]:
                out.append(GameState(x["p"], utility=x["v"]))
                continue
            n = index[s]  # a move's label names its state: no killer from elsewhere is legal
            labels = [f"{c}{n}" for c in "abcdefgh"]
            moves = tuple((labels[i], index[t]) for i, t in enumerate(x["kids"]))
            check = bool(x.get("check"))
            noisy = () if check or "noisy" not in x else tuple(labels[i] for i in x["noisy"])
            out.append(GameState(x["p"], moves, None, x["v"], not noisy, noisy, check))
        return GameGraph.of(out)


KINDS = ("exact", "lower", "upper")
DEPTHS = ("equal", "deeper", "shallower", "quiescence")
WHERE = ("below", "at-alpha", "inside", "at-beta", "above")


def _aims(aim: set[str], rng: random.Random, *, quiescence: bool,
          stand_pat: bool = False) -> tuple[str, str, str]:  # fmt: skip
    """The entry's kind and depth and the revisit's place ``aim`` names, the others drawn.

    Stand pat acts only in an extension: for it an entry of one is drawn half of the time.
    """
    kind = next((k for k in KINDS for a in aim if a.startswith(f"entry-{k}-")),
                rng.choice(KINDS))  # fmt: skip
    depths = (DEPTHS + ("quiescence",) * 3 * stand_pat) if quiescence else DEPTHS[:3]
    depth = next((d for d in depths for a in aim if a.startswith("entry-") and a.endswith(d)),
                 rng.choice(depths))  # fmt: skip
    place = next((p for p in WHERE if f"revisit-{p}" in aim), rng.choice(WHERE))
    return kind, depth, place


def table_game(rng: random.Random, semantics: str, aim: set[str], *,
               alternating: bool) -> tuple[GameGraph, int, int]:  # fmt: skip
    """A game in which a search meets one state S again; its depth and quiescence limit.

    Built for an entry of a kind (exact, lower, upper; of an equal, deeper or shallower
    search, or of a quiescence extension) met at a place of the later window (below, at or
    above an edge, inside), as ``aim`` names them or drawn. S has a subtree one to four plies
    high, its values drawn (:func:`_shared`); the first line to it ends with states whose
    earlier moves lead to leaves worth the window that gives the entry's kind (S's value
    inside it, or S failing high or low), and the second line with leaves worth a window that
    puts the entry's value (fail-soft's result, worked out on S's own game) at the place
    (:func:`_windows`). Lines are one to four plies long, of lengths that give the depths asked
    (:func:`_plies`), and the first fails low for the root, so that the root's alpha leaves
    the second's window alone. The lines' other moves may change the windows of the search
    that meets S: the reference's search says what the case shows, and the steering keeps
    what shows what it aims at.
    """
    witness = semantics == "game-negamax-witness"
    pat = semantics == "game-negamax-stand-pat"
    kind, relation, place = _aims(aim, rng, quiescence=not witness, stand_pat=pat)
    quiescent = relation == "quiescence"
    noisy = not witness and (quiescent or bool(aim & QUIESCENT) or rng.random() < 0.3)
    g = _Graph(rng, rng.choice((2, 4, 9)))
    if rng.random() < 0.5:
        g.bias = rng.choice((-1, 1)) * rng.randint(2, 2 * g.span)
    height = rng.choice((2, 3, 3, 4) if witness else (1, 1, 2, 2, 3))
    shared = _shared(g, height, noisy=noisy, quiescent=quiescent, stand_pat=pat)
    q = max(_quiescence(rng, semantics, aim), int(noisy), 2 * quiescent)
    first, second, r1 = _plies(rng, relation, q, height, least=2 if witness else 1, stand_pat=pat)
    depth = first + r1
    first_window, second_window = _windows(g, shared, kind, place, r1=r1, q=q,
                                           stand_pat=pat and quiescent)  # fmt: skip
    p = g.states[shared]["p"]
    lines = [
        _line(g, shared, first - 1, p, first_window, r1, noisy=noisy, stand_pat=pat),
        _line(
            g,
            shared,
            second - 1,
            p,
            second_window,
            depth - second,
            noisy=noisy,
            stand_pat=pat,
            bare=witness and rng.random() < 0.5,
        ),
    ]
    if "deeper-first" in aim or rng.random() < 0.2:  # a second state met again, nearer first
        other = g.subtree(1, noisy=noisy, width=2)
        lines += [other, _line(g, other, 1, 1 - g.states[other]["p"], (None, None), depth - 2,
                               noisy=noisy)]  # fmt: skip
    root = g.add(lines)
    if lines[0] != shared:  # the first line fails low for the root: the second's window is S's
        top = g.states[lines[0]]
        top["kids"].append(g.add([]))
        g.states[top["kids"][-1]]["v"] = 10 * (g.span + 1) * (1 if top["p"] == 0 else -1)
        g.states[root]["p"] = 1 - top["p"]
    graph = g.graph(root)
    if alternating:
        graph = GameGraph.of(_alternate(list(graph.states))).reachable()
    horizon = next((h for h in HORIZON if h in aim), None)
    if horizon is not None:  # a deeper search meets S as it did: only ever deepen
        depth = max(depth, longest_line(graph) - rng.choice(HORIZON[horizon]))
    return graph, depth, q


def _shared(g: _Graph, height: int, *, noisy: bool, quiescent: bool, stand_pat: bool) -> int:
    """S and its subtree: mostly worst first, and for a quiescence entry captures throughout.

    For stand pat, S's captures end the game, so that nothing below it stands pat.
    """
    rng = g.rng
    if quiescent and stand_pat:
        shared = g.add([g.add([]) for _ in range(rng.randint(2, 3))])
    else:
        shared = g.subtree(height, noisy=noisy, width=rng.randint(2, 3))
    if rng.random() < 0.85:
        g.worst_first(shared)
    if quiescent:  # captures all the way down, so that the quiescence limit cuts them
        for x in g.below(shared):
            if x["kids"] and (x is g.states[shared] or rng.random() < 0.7):
                x["noisy"] = list(range(len(x["kids"])))
                x["check"] = False
    return shared


def _plies(rng: random.Random, relation: str, q: int, height: int, *, least: int,
           stand_pat: bool) -> tuple[int, int, int]:  # fmt: skip
    """The two lines' lengths and the plies left at S on the first, for the ``relation`` asked.

    A quiescence entry is made in an extension (r1 <= 0) and met again with as many plies
    left (for stand pat, which answers only there, half of the time), or another number of
    them inside the extension, or above the horizon; other entries
    are made and met above it, the second visit with ``least`` plies left at least.
    """
    if relation == "quiescence":
        r1 = rng.randint(1 - q, 0)
        other = rng.choice([x for x in range(1 - q, 1) if x != r1])
        r2 = rng.choice((r1, r1 if stand_pat else other, other, rng.randint(1, 2)))
        low = max(1, 1 + r2 - r1, 1 - r1)
        first = rng.randint(low, low + 2)
        return first, first + r1 - r2, r1
    first = rng.randint(1, 4)
    second = {
        "equal": first,
        "deeper": first + rng.randint(1, 2),
        "shallower": max(1, first - rng.randint(1, 2)),
    }[relation]
    if relation == "shallower" and second == first:
        first += 1
    return first, second, max(rng.randint(least, height + 1), least + second - first)


def _windows(g: _Graph, shared: int, kind: str, place: str, *, r1: int, q: int,
             stand_pat: bool) -> tuple[Window, Window]:  # fmt: skip
    """The windows (S's mover's view) for the entry's ``kind`` and the revisit's ``place``.

    Worked out on S's own game with the reference's search; for stand pat in an extension, S
    is given an evaluation below its captures' value that the first window cuts off at.
    """
    from gametree.impl.engine import Engine  # noqa: PLC0415 - the reference, on S's game
    from gametree.spec.search import cut_negamax  # noqa: PLC0415

    rng = g.rng
    own = g.graph(shared)
    r, left = max(r1, 0), q + min(r1, 0)
    v = cut_negamax(own, 0, r, quiescence=left).value
    lo, hi = _window(rng, v, kind, _second_best(own, r, left))
    found = Engine(own, quiescence=left).search(0, r, alpha=_end(lo, -1), beta=_end(hi, 1)).value
    if stand_pat:  # S stands pat below its captures, and cuts off at the first visit
        found = v - rng.choice((1, 2, 3))
        lo, hi = None, found - rng.choice((0, 1, 2))
        g.states[shared]["v"] = found if g.states[shared]["p"] == 0 else -found
    return (lo, hi), _placed(rng, found, place)


def _end(x: Scalar | None, side: int) -> Any:
    from gametree.impl.window import BOTTOM, TOP  # noqa: PLC0415

    return (BOTTOM if side < 0 else TOP) if x is None else x


def _second_best(own: GameGraph, r: int, q: int) -> Scalar | None:
    """The second best value of the root's moves in ``own`` to its mover, r plies deep."""
    from gametree.spec.search import move_values  # noqa: PLC0415

    if r <= 0:
        return None
    values = sorted((x for _, x in move_values(own, 0, r, quiescence=q)), reverse=True)
    return values[1] if len(values) > 1 else None


def _window(rng: random.Random, v: Scalar, kind: str, second: Scalar | None) -> tuple[
    Scalar | None, Scalar | None
]:  # fmt: skip
    """A window (in the mover's view) against which a search worth v stores an entry of ``kind``.

    A lower bound's beta is mostly at or below the second best move's value, so that a
    fail-soft search that meets a good move before the best stores less than the value.
    """
    gap = rng.choice((0, 1, 2, 3, 5, 9))
    width = rng.choice((1, 2, 3, None))
    if kind == "exact":
        lo = None if rng.random() < 0.3 else v - 1 - gap
        return lo, None if rng.random() < 0.3 else v + rng.randint(1, 3)
    if kind == "lower":
        hi = v - gap
        if second is not None and second < v and rng.random() < 0.7:
            hi = second - rng.choice((0, 0, 1, 2))
        return (None if width is None else hi - width), hi
    lo = v + gap
    return lo, None if width is None else lo + width


def _placed(rng: random.Random, g: Scalar, place: str) -> tuple[Scalar | None, Scalar | None]:
    """A window (in the mover's view) that puts an entry's value g at ``place``.

    Narrow or wide: a wide one holds the value of a search to another depth too, which a
    bound that does not settle the window must not be taken for.
    """
    step = rng.choice((1, 2, 3, 6))
    other = rng.choice((1, 2, 6, None))
    if place == "below":
        return g + step, None if other is None else g + step + other
    if place == "at-alpha":
        return g, None if other is None else g + other
    if place == "inside":
        return (None if other is None else g - other), g + step
    if place == "at-beta":
        return (None if other is None else g - other), g
    return (None if other is None else g - step - other), g - step


def _line(g: _Graph, shared: int, length: int, p: int,  # noqa: PLR0917 - the line's makings
          window: tuple[Scalar | None, Scalar | None], r: int, *,
          noisy: bool, stand_pat: bool = False, bare: bool = False) -> int:  # fmt: skip
    """A line of ``length`` plies to ``shared`` (mover p, reached with r plies left).

    The state before S is p's, its first move to a leaf worth alpha to p; the one before that
    is the other player's, its first move to a leaf worth beta to p (either left out when the
    window is open there); every state of the line may have later moves too. A state of the
    line at or below the horizon is not quiet, its move towards S noisy, so that an extension
    goes on to S. A ``bare`` line has one move a state: S is searched with the root's window.
    """
    rng = g.rng
    s = shared
    for i, edge in enumerate((*window, *[None] * length)[:length]):
        kids = [s_ward := s]
        if edge is not None and not bare:
            kids.insert(0, g.add([]))
            g.states[kids[0]]["v"] = edge if p == 0 else -edge
        if rng.random() < 0.4 and not bare:
            kids.append(g.subtree(rng.choice((0, 1)), noisy=noisy))
        s = g.add(kids, noisy=noisy and rng.random() < 0.3)
        x = g.states[s]
        if i < 2:
            x["p"] = p if i == 0 else 1 - p
        if r + i + 1 <= 0:  # searched in an extension: on to S, and no standing pat
            x["check"] = False
            x["noisy"] = sorted({*x.get("noisy", []), kids.index(s_ward)})
            if stand_pat:
                x["v"] = -10 * (g.span + 1) * (1 if x["p"] == 0 else -1)
    return s


def _mapped(g: GameGraph, f: Any) -> GameGraph:
    """``g`` with every utility and evaluation mapped by ``f``."""
    return GameGraph.of([
        attrs.evolve(x, utility=f(x.utility)) if x.utility is not None
        else attrs.evolve(x, evaluation=f(x.evaluation))
        for x in g.states
    ])  # fmt: skip


def _alternate(states: list[GameState]) -> list[GameState]:
    """The states with movers that alternate along every move (state 0 has player 0).

    A state's player is set by the first move reaching it; a later move from a state of the
    same player is dropped (every state keeps one move at least, or becomes terminal).
    """
    mover: dict[int, int] = {0: 0}
    out = []
    for s, x in enumerate(states):
        p = mover.get(s, 0)
        moves = tuple((m, t) for m, t in x.moves if mover.setdefault(t, 1 - p) != p)
        if x.moves and not moves:
            out.append(attrs.evolve(x, to_move=p, moves=(), utility=x.evaluation, quiet=True,
                                    noisy=(), check=False))  # fmt: skip
            continue
        noisy = tuple(m for m in x.noisy if any(m == mm for mm, _ in moves))
        out.append(attrs.evolve(x, to_move=p, moves=moves, noisy=noisy))
    return out
