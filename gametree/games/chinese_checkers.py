"""Chinese Checkers for 2, 3 or 6 players on a small star, as an implicit game tree.

Korf (IJCAI-89, section 3) motivates multi-player search with it: "Chinese Checkers can involve
up to six different players moving alternately", and suggests the evaluation used here: "the
value of each component of the evaluation function might be the negative of the minimum number
of individual moves required to move all of the corresponding player's pieces to their goal
positions."

Glossary: s is a state, i a hole (an index into :attr:`Star.holes`), (q, r) a hole's axial hex
coordinates and t = -q - r the third one, k the star's size (the rows of each point), p a
player, N the number of players, D_p player p's distance (below), C the shift.

**The board** (:class:`Star`) is a six-pointed star of holes on a hexagonal grid: the hexagon
of holes within k steps of the centre (max(|q|, |r|, |t|) ≤ k) and six triangular points of
k(k + 1)/2 holes each, where one coordinate exceeds k. The standard board is k = 4 (121 holes,
10 pieces a player); the default here is k = 2: 37 holes, 3 pieces a player, small enough to
search. The points are numbered clockwise from the top: 0 top (r < -k), 1 upper right (q > k),
2 lower right (t < -k), 3 bottom (r > k), 4 lower left (q < -k), 5 upper left (t > k); point
i faces point i + 3 (mod 6). Holes are numbered row by row from the top, left to right, and
named for people by the row's letter and the position in the row ("a1" is the top hole).

**The players' points.** Player p starts with its pieces filling its home point and wins by
filling the point opposite. Homes: two players 3 and 0 (bottom, top); three players 3, 5, 1;
six players 3, 4, 5, 0, 1, 2 (player 0 at the bottom, then clockwise). Players move in turn 0,
1, ..., N-1.

**A move** takes one of the mover's pieces either one step to an adjacent empty hole, or along
a chain of one or more jumps, each over an adjacent piece (anyone's) to the empty hole right
behind it, stopping after any jump (the piece's own start counts as empty during the chain).
A move is the pair (from, to); a destination reached by several chains is one move. Moves are
in increasing (from, to) order. A player with no move passes (``PASS``, ``None``).

**The end.** The game ends when a player's pieces fill its target point (that player wins), or
after ``max_plies`` plies (a draw by the move limit). The limit is the rule that makes every
game finite: without it, pieces can shuffle back and forth forever, and a player can keep a
piece in its home to block an opponent's target; the ply count is part of the state.

**Values.** D_p is the fewest single steps that would bring p's pieces into p's target point,
ignoring the other pieces and jumps: the minimum over the ways to assign p's pieces to the
target's holes of the sum of the hex distances (Korf's "minimum number of individual moves").
D_p = 0 exactly when p has won. Korf's components would be -D_p; shifted by C, the most D_p
can be on this board (pieces × the board's diameter 4k), they are

    component p = C - D_p,  in 0..C,  sum ≤ N·C,

which are Korf's bounds (3.2: "any other lower bound can be shifted to zero"), declared as
:attr:`ChineseCheckers.bounds`. They leave shallow pruning nothing to cut for N ≥ 3: a cut
needs two components whose sum reaches the bound on the sum, N·C, and no two exceed 2C. D_q
depends on q's pieces only, and a move shortens D_p by at most the distance its piece travels
(at most the diameter 4k), so within d plies of a state the sum is at most its sum now plus
d·4k: :meth:`ChineseCheckers.bounds_below`, the bounds a search from that state can use.

For N ≥ 3 the static evaluation and the utility at the end are this vector (the winner's
component is C, the most there is). For N = 2 values are scalars from player 0's view:
D_1 - D_0 as the evaluation and as the utility at the move limit, and ±(C + 1) for a win,
beyond every evaluation.

>>> game = ChineseCheckers(players=3)
>>> s = game.initial_state()
>>> print(game.draw(s))
      .
     . .
B B . . . C C
 B . . . . C
  . . . . .
 . . . . . .
. . . . . . .
     A A
      A
A (player 0) to move
>>> [game.format_move(m) for m in game.moves(s)]
['h1-g3', 'h1-g4', 'h2-g4', 'h2-g5', 'i1-g3', 'i1-g5']
>>> game.evaluate(s), game.bounds, game.bounds_below(s, 2)
((4, 4, 4), Bounds(lower=0, total=72), Bounds(lower=0, total=28))
"""

import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

import attrs

from gametree.spec import Bounds, Value

if TYPE_CHECKING:
    from gametree.spec import EvaluatedGame

__all__ = [
    "PASS",
    "ChineseCheckers",
    "ChineseCheckersMove",
    "ChineseCheckersState",
    "Star",
]

ChineseCheckersMove: TypeAlias = tuple[int, int] | None
"""A move (from, to) between holes, or ``PASS`` (``None``)."""

PASS: Final = None
"""The move of a player who has no other."""

HOMES: Final = {2: (3, 0), 3: (3, 5, 1), 6: (3, 4, 5, 0, 1, 2)}
"""The home point of each player, by the number of players."""

_SYMBOLS = "ABCDEF"
_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbours in axial coordinates (dq, dr)."""


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


@attrs.frozen
class Star:
    """The star-shaped board of size k: its holes, neighbours, points and distances.

    >>> star = Star(2)
    >>> len(star.holes), [len(p) for p in star.points]
    (37, [3, 3, 3, 3, 3, 3])
    >>> Star(4).diameter, len(Star(4).holes)
    (16, 121)
    """

    k: int

    @functools.cached_property
    def holes(self) -> tuple[tuple[int, int], ...]:
        """Every hole as axial (q, r), row by row from the top (r ascending), left to right."""
        k = self.k
        found = [
            (q, r)
            for r in range(-2 * k, 2 * k + 1)
            for q in range(-2 * k, 2 * k + 1)
            if _on_star(q, r, k)
        ]
        return tuple(sorted(found, key=lambda h: (h[1], h[0])))

    @functools.cached_property
    def index(self) -> dict[tuple[int, int], int]:
        """Each hole's number."""
        return {h: i for i, h in enumerate(self.holes)}

    @functools.cached_property
    def neighbours(self) -> tuple[tuple[int | None, ...], ...]:
        """For each hole, the hole in each of the six directions, or ``None`` off the board."""
        return tuple(
            tuple(self.index.get((q + dq, r + dr)) for dq, dr in _STEPS) for q, r in self.holes
        )

    @functools.cached_property
    def points(self) -> tuple[tuple[int, ...], ...]:
        """The holes of each point 0..5 (clockwise from the top), in increasing order."""
        by_point: list[list[int]] = [[] for _ in range(6)]
        for i, (q, r) in enumerate(self.holes):
            p = _point(q, r, self.k)
            if p is not None:
                by_point[p].append(i)
        return tuple(tuple(hs) for hs in by_point)

    @functools.cached_property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The holes of each row, top to bottom, left to right."""
        by_row: dict[int, list[int]] = {}
        for i, (_, r) in enumerate(self.holes):
            by_row.setdefault(r, []).append(i)
        return tuple(tuple(by_row[r]) for r in sorted(by_row))

    @property
    def diameter(self) -> int:
        """The most steps between two holes: tip to opposite tip, 4k."""
        return 4 * self.k

    def distance(self, i: int, j: int) -> int:
        """The number of single steps from hole i to hole j on an empty board."""
        return _hex_distance(self.holes[i], self.holes[j])

    def name(self, i: int) -> str:
        """A hole's name: its row's letter from the top and its position in the row from 1."""
        for row_number, row in enumerate(self.rows):
            if i in row:
                return f"{'abcdefghijklmnopqrstuvwxyz'[row_number]}{row.index(i) + 1}"
        raise ValueError(f"there is no hole {i!r} on this board")


def _point(q: int, r: int, k: int) -> int | None:
    """The point 0..5 (clockwise from the top) that hole (q, r) lies in, or ``None``."""
    t = -q - r
    for p, outside in enumerate((-r, q, -t, r, -q, t)):
        if outside > k:
            return p
    return None


def _on_star(q: int, r: int, k: int) -> bool:
    t = -q - r
    return (q >= -k and r >= -k and t >= -k) or (q <= k and r <= k and t <= k)


@functools.lru_cache(maxsize=8)
def _star(k: int) -> Star:
    return Star(k)


def _pieces(xs: object) -> tuple[tuple[int, ...], ...]:
    """``xs`` as each player's holes, sorted, or a clear error naming a bad one."""
    if isinstance(xs, str | bytes) or not isinstance(xs, Iterable):
        raise TypeError(f"pieces must be a sequence of sequences (got {xs!r})")
    out = []
    seen: dict[int, int] = {}
    for p, holes in enumerate(xs):
        if not isinstance(holes, Iterable):
            raise TypeError(f"player {p}'s pieces must be a sequence of holes (got {holes!r})")
        hs = tuple(sorted(holes))
        for i in hs:
            if isinstance(i, bool) or not isinstance(i, int) or i < 0:
                raise ValueError(f"a hole is an index >= 0 (got {i!r} for player {p})")
            if i in seen:
                raise ValueError(f"hole {i} holds pieces of players {seen[i]} and {p}")
            seen[i] = p
        out.append(hs)
    return tuple(out)


@attrs.frozen
class ChineseCheckersState:
    """A position: each player's holes (sorted), the player to move, the plies played."""

    pieces: tuple[tuple[int, ...], ...] = attrs.field(converter=_pieces)
    to_move: int
    ply: int = 0

    def __attrs_post_init__(self) -> None:
        for name in ("to_move", "ply"):
            x = getattr(self, name)
            if isinstance(x, bool) or not isinstance(x, int) or x < 0:
                raise ValueError(f"'{name}' must be a non-negative int (got {x!r})")
        if self.to_move >= len(self.pieces):
            raise ValueError(f"'to_move' must be in 0..{len(self.pieces) - 1} (got {self.to_move})")


def _assignment(pieces: tuple[int, ...], target: tuple[int, ...], star: Star) -> int:
    """The least total distance over the ways to send the pieces to distinct target holes.

    Dynamic programming over subsets of the target: O(n · 2^n) for n pieces.
    """
    n = len(pieces)
    best = {0: 0}
    for mask in range(1 << n):
        if mask not in best:
            continue
        a = best[mask]
        piece = pieces[mask.bit_count()] if mask.bit_count() < n else None
        if piece is None:
            continue
        for j in range(n):
            if not mask >> j & 1:
                m2 = mask | 1 << j
                v = a + star.distance(piece, target[j])
                if m2 not in best or v < best[m2]:
                    best[m2] = v
    return best[(1 << n) - 1]


def _valid_players(_: object, attribute: "attrs.Attribute[int]", n: int) -> None:
    if isinstance(n, bool) or n not in HOMES:
        raise ValueError(f"'{attribute.name}' must be 2, 3 or 6 (got {n!r})")


def _size(_: object, attribute: "attrs.Attribute[int]", k: int) -> None:
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 4:
        raise ValueError(f"'{attribute.name}' must be an int in 1..4 (got {k!r})")


def _positive(_: object, attribute: "attrs.Attribute[int]", x: int) -> None:
    if isinstance(x, bool) or not isinstance(x, int) or x < 1:
        raise ValueError(f"'{attribute.name}' must be a positive int (got {x!r})")


@attrs.frozen
class ChineseCheckers:
    """Chinese Checkers for 2, 3 or 6 players on a star of size k, a ``spec.EvaluatedGame``.

    See the module docstring for the board, the rules, the move limit and the values.
    ``max_plies`` defaults to 40 plies per player. Move generation is a breadth-first search
    of jump chains per piece: O(pieces · holes) per state; the evaluation costs O(n · 2^n)
    per player for n pieces (the assignment), cached per position.
    """

    players: int = attrs.field(default=3, validator=_valid_players)
    size: int = attrs.field(default=2, validator=_size)
    max_plies: int = attrs.field(validator=_positive)

    @max_plies.default
    def _max_plies(self) -> int:
        return 40 * self.players

    @property
    def star(self) -> Star:
        """The board."""
        return _star(self.size)

    @property
    def homes(self) -> tuple[int, ...]:
        """Each player's home point."""
        return HOMES[self.players]

    def target(self, p: int) -> tuple[int, ...]:
        """The holes of player p's target point (opposite its home)."""
        return self.star.points[(self.homes[p] + 3) % 6]

    @property
    def shift(self) -> int:
        """C, the most a distance D_p can be: pieces × the board's diameter."""
        return len(self.star.points[0]) * self.star.diameter

    @property
    def bounds(self) -> Bounds | None:
        """Korf's bounds for N ≥ 3: each component ≥ 0, their sum ≤ N·C (``None`` for N = 2)."""
        if self.players == 2:
            return None
        return Bounds(0, self.players * self.shift)

    def bounds_below(self, state: ChineseCheckersState, depth: int) -> Bounds:
        """Korf's bounds on every value within ``depth`` plies of ``state`` (N ≥ 3).

        A ply changes only the mover's component, and raises it by at most the diameter 4k
        (see the module docstring), so the sum is at most the sum now plus depth · 4k.
        """
        if self.players == 2:
            raise ValueError("Korf's bounds are for N >= 3 players; two-player values are scalars")
        now = sum(self.components(state))
        return Bounds(0, min(self.players * self.shift, now + depth * self.star.diameter))

    def initial_state(self) -> ChineseCheckersState:
        """Every player's pieces in its home point, player 0 to move, no plies played."""
        return ChineseCheckersState(tuple(self.star.points[h] for h in self.homes), 0, 0)

    def check(self, state: ChineseCheckersState) -> None:
        """Raise ``ValueError`` if ``state`` does not fit this game."""
        n = len(self.star.points[0])
        if len(state.pieces) != self.players:
            raise ValueError(f"there are {self.players} players (got {len(state.pieces)})")
        for p, hs in enumerate(state.pieces):
            if len(hs) != n:
                raise ValueError(f"player {p} has {n} pieces (got {len(hs)})")
            for i in hs:
                if i >= len(self.star.holes):
                    raise ValueError(f"there is no hole {i}: the board has {len(self.star.holes)}")
        if state.ply > self.max_plies:
            raise ValueError(f"the game ends after {self.max_plies} plies (got {state.ply})")

    def to_move(self, state: ChineseCheckersState) -> int:
        """The player to move."""
        return state.to_move

    def with_mover(self, state: ChineseCheckersState, player: int) -> ChineseCheckersState:
        """The same position with ``player`` to move: what best-reply search needs."""
        return attrs.evolve(state, to_move=player)

    def distance(self, state: ChineseCheckersState, p: int) -> int:
        """D_p: the fewest single steps to bring p's pieces into its target (see the module)."""
        return _distance(state.pieces[p], self.target(p), self.size)

    def winner(self, state: ChineseCheckersState) -> int | None:
        """The player whose pieces fill its target, or ``None``."""
        for p in range(self.players):
            if state.pieces[p] == self.target(p):
                return p
        return None

    def destinations(self, state: ChineseCheckersState, i: int) -> tuple[int, ...]:
        """The holes the piece on hole i can move to, by a step or a chain of jumps, sorted."""
        return _destinations(state.pieces, i, self.size)

    def moves(self, state: ChineseCheckersState) -> Sequence[ChineseCheckersMove]:
        """Every (from, to) of the mover in increasing order; ``(PASS,)`` if there is none."""
        if self.is_terminal(state):
            return ()
        found = tuple(
            (i, j)
            for i in state.pieces[state.to_move]
            for j in _destinations(state.pieces, i, self.size)
        )
        return found or (PASS,)

    def successor(
        self, state: ChineseCheckersState, move: ChineseCheckersMove
    ) -> ChineseCheckersState:
        """Move the mover's piece from ``move[0]`` to ``move[1]`` (or pass); the next player."""
        legal = self.moves(state)
        if move not in legal:
            raise ValueError(
                f"a move is (from, to) for a piece of the mover that can reach it, or PASS "
                f"(None) when there is no such move (got {move!r})"
            )
        p = state.to_move
        pieces = state.pieces
        if move is not PASS:
            frm, to = move
            mine = tuple(sorted(to if i == frm else i for i in pieces[p]))
            pieces = (*pieces[:p], mine, *pieces[p + 1 :])
        return ChineseCheckersState(pieces, (p + 1) % self.players, state.ply + 1)

    def is_terminal(self, state: ChineseCheckersState) -> bool:
        """Whether a player has filled its target, or the move limit has been reached."""
        return state.ply >= self.max_plies or self.winner(state) is not None

    def components(self, state: ChineseCheckersState) -> tuple[int, ...]:
        """C - D_p for each player p: Korf's shifted distances, in 0..C."""
        c = self.shift
        return tuple(c - self.distance(state, p) for p in range(self.players))

    def utility(self, state: ChineseCheckersState) -> Value:
        """The components (N ≥ 3); for N = 2, ±(C + 1) for a win, else D_1 - D_0."""
        if not self.is_terminal(state):
            raise ValueError("utility is defined on finished games only")
        if self.players == 2:
            w = self.winner(state)
            if w is not None:
                return self.shift + 1 if w == 0 else -(self.shift + 1)
        return self.evaluate(state)

    def evaluate(self, state: ChineseCheckersState) -> Value:
        """The components C - D_p (N ≥ 3); for N = 2, D_1 - D_0, in -C..C."""
        if self.players == 2:
            return self.distance(state, 1) - self.distance(state, 0)
        return self.components(state)

    # For people: drawing, notation.

    def draw(self, state: ChineseCheckersState) -> str:
        """The star as text, a letter per player's piece, and who is to move."""
        owner = {i: _SYMBOLS[p] for p, hs in enumerate(state.pieces) for i in hs}
        k = self.size
        lines = []
        for hs in self.star.rows:
            q, r = self.star.holes[hs[0]]
            indent = 2 * q + r + 3 * k
            marks = " ".join(owner.get(i, ".") for i in hs)
            lines.append(" " * indent + marks)
        p = state.to_move
        lines.append(f"{_SYMBOLS[p]} (player {p}) to move")
        return "\n".join(line.rstrip() for line in lines)

    def labels(self) -> str:
        """The board with each hole's name, to show people the notation."""
        k = self.size
        lines = []
        for hs in self.star.rows:
            q, r = self.star.holes[hs[0]]
            indent = 2 * q + r + 3 * k
            lines.append(" " * (2 * indent) + "  ".join(f"{self.star.name(i):<2}" for i in hs))
        return "\n".join(line.rstrip() for line in lines)

    def format_move(self, move: ChineseCheckersMove) -> str:
        """A move as people type it: "i2-g3" (from-to by hole names), or "pass"."""
        if move is PASS:
            return "pass"
        return f"{self.star.name(move[0])}-{self.star.name(move[1])}"

    def parse_move(self, state: ChineseCheckersState, text: str) -> ChineseCheckersMove:
        """The legal move ``text`` names in ``state``, or a ``ValueError`` saying why not."""
        word = text.strip().lower()
        legal = self.moves(state)
        if not legal:
            raise ValueError("the game is over: no move can be played")
        if word == "pass":
            if legal != (PASS,):
                raise ValueError("you can only pass when you have no move")
            return PASS
        names = {self.star.name(i): i for i in range(len(self.star.holes))}
        parts = word.replace(" ", "-").split("-")
        if len(parts) != 2 or parts[0] not in names or parts[1] not in names:
            raise ValueError(
                f"a move is two hole names joined by '-', like 'i1-g2' (got {text!r}); "
                f"holes are named by row a..{'abcdefghijklmnopq'[len(self.star.rows) - 1]} "
                f"and position from 1"
            )
        frm, to = names[parts[0]], names[parts[1]]
        if frm not in state.pieces[state.to_move]:
            raise ValueError(f"{parts[0]} holds none of your pieces")
        if (frm, to) not in legal:
            raise ValueError(f"the piece on {parts[0]} cannot reach {parts[1]}")
        return (frm, to)


@functools.lru_cache(maxsize=1 << 16)
def _distance(pieces: tuple[int, ...], target: tuple[int, ...], k: int) -> int:
    return _assignment(pieces, target, _star(k))


@functools.lru_cache(maxsize=1 << 16)
def _destinations(pieces: tuple[tuple[int, ...], ...], i: int, k: int) -> tuple[int, ...]:
    """Holes reachable from i by one step, or by a chain of jumps (breadth first)."""
    star = _star(k)
    occupied = set(itertools.chain.from_iterable(pieces))
    occupied.discard(i)
    nbrs = star.neighbours
    found = {j for j in nbrs[i] if j is not None and j not in occupied}
    frontier = [i]
    seen = {i}
    while frontier:
        nxt = []
        for h in frontier:
            for d, over in enumerate(nbrs[h]):
                if over is None or over not in occupied:
                    continue
                land = nbrs[over][d]
                if land is None or land in occupied or land in seen:
                    continue
                seen.add(land)
                found.add(land)
                nxt.append(land)
        frontier = nxt
    found.discard(i)
    return tuple(sorted(found))


if TYPE_CHECKING:
    _conforms: EvaluatedGame[ChineseCheckersState, ChineseCheckersMove] = ChineseCheckers()
