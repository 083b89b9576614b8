"""Leaves per second of impl's two-player searches beside the spec, a bare floor and libraries.

    .venv/bin/pip install -e '.[bench]'           # easyAI and OpenSpiel, for their alpha-beta
    .venv/bin/python bench/two_player_bench.py    # about four minutes on 2 cores

Trees: uniform random trees of branching b = 2..10 and depth d (the largest d <= 8 with at
most 300,000 leaves), leaves drawn from [-1000, 1000] with a fixed seed per tree, Max at the
root; and the whole tic-tac-toe game (``spec.unfold`` of ``gametree.games.TicTacToe``, 255,168
leaves). Every search runs on the same tree in the same move order (children left to right):

- ``spec.minimax``: the definition; it reads every leaf.
- ``floor (lists)``: the Alpha-Beta Pruning article's alpha-beta as a bare recursive function over
  nested lists of ints, the pure-Python floor. ``floor (spec trees)`` is the same function over
  ``spec.Leaf`` and ``spec.Node``, so the gap between the two is the cost of the tree objects, and
  the gap between it and ``alphabeta`` the cost of what impl adds: the window domain, exact
  statistics, the principal variation, and the explicit stack.
- ``alphabeta``, ``… fail-soft``, ``negamax_alphabeta``, ``pvs``, ``mtdf`` (first guess 0):
  impl, untraced; ``alphabeta trace`` with ``trace=True`` (the loop only, every leaf's path).
  When ``python3 dev.py build`` has compiled impl's alpha-beta kernel (``impl/_kernel.py``)
  with mypyc, ``alphabeta`` and ``negamax_alphabeta`` run it, and the rows ``… (pure
  Python)`` run the same searches on the pure-Python kernel, the reference.
- ``easyAI Negamax``: easyAI 2.0.12's negamax with alpha-beta over an adapter that plays
  moves on the nested lists with make_move/unmake_move (no copies).
- ``OpenSpiel alpha_beta_search``: OpenSpiel 2.0.2's Python alpha-beta over a Python game
  (``pyspiel.State``) on the nested lists, whose tree is shared, never copied, when
  OpenSpiel clones a state; on tic-tac-toe also over OpenSpiel's own C++ ``tic_tac_toe``.

Games (the game rows, after tic-tac-toe): fixed positions of Connect Four (7 × 6), Kalah(6, 4),
Othello (8 × 8) and two-player Chinese Checkers (``gametree.games``), the start and a position
after a fixed seeded random opening, each cut at a fixed depth by ``spec.unfold`` (the tree a
depth-limited search reads, static evaluations at the frontier). On that tree: the spec, the
spec-tree floor and impl's searches as above; the floor over lists and the libraries only when
the tree alternates Max and Min from Max at the root (not Kalah, where a player moves again).
Then ``impl.Engine`` on the game itself, to the same depth (so the unfolding is not its cost,
and its leaf count is the same tree's): in the game's order, with every ordering and a table,
and by iterative deepening to the depth with them (its leaves summed over the iterations).

Times are the best of several runs of at least 0.2 s in all, with the garbage collector off,
wall clock, on whatever else the machine is doing: compare figures from one run only.
"leaves" is the number of leaves read (counted by the search, or by a second, counting run
for the floor and the libraries); leaves/s is that over the time. Ratios compare
``alphabeta`` with the floor (time) and with the fastest library (leaves/s), in this run.
"""

import argparse
import gc
import importlib
import math
import platform
import random
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from gametree.games import ChineseCheckers, ConnectFour, Kalah, Othello
from gametree.games.tictactoe import TicTacToe
from gametree.impl import Engine, _compiled, _kernel
from gametree.impl.alphabeta import alphabeta, negamax_alphabeta
from gametree.impl.mtdf import mtdf
from gametree.impl.pvs import pvs
from gametree.spec import Leaf, Node, Scalar, Tree, leaf_values, minimax, unfold, worth

Nested = list["Nested"] | int
"""A tree as nested lists of ints, Max at the root, players alternating by depth."""

SIZES = [(2, 8), (3, 8), (4, 8), (5, 7), (6, 7), (7, 6), (8, 6), (9, 5), (10, 5)]
"""(b, d): the largest d <= 8 with b^d <= 300,000, for b = 2..10."""


# The trees.


def random_nested(b: int, d: int, seed: int) -> Nested:
    """A uniform tree of branching b and depth d, leaves uniform in [-1000, 1000]."""
    rng = random.Random(seed)  # noqa: S311 - a fixed, reproducible tree, not a secret
    level: list[Nested] = [rng.randint(-1000, 1000) for _ in range(b**d)]
    for _ in range(d):
        level = [level[i : i + b] for i in range(0, len(level), b)]
    return level[0]


def as_nested(t: Tree) -> Nested:
    """An explicit tree whose players alternate by depth, as nested lists (iteratively)."""
    if isinstance(t, Leaf):
        assert isinstance(t.value, int)
        return t.value
    out: list[Nested] = []
    stack: list[tuple[Node, list[Nested]]] = [(t, out)]
    while stack:
        n, into = stack.pop()
        for c in n.children:
            if isinstance(c, Leaf):
                assert isinstance(c.value, int)
                into.append(c.value)
            else:
                kids: list[Nested] = []
                into.append(kids)
                stack.append((c, kids))
    return out


# The floor: the Alpha-Beta Pruning article's procedure, bare and recursive.


def floor_lists(node: Nested, alpha: float, beta: float, is_max: bool) -> float:  # noqa: FBT001
    """The Alpha-Beta Pruning article's alpha_beta(u, alph, beta, is_max) over nested lists: nothing
    else."""
    if type(node) is not list:
        return node  # type: ignore[return-value]
    if is_max:
        for child in node:
            v = floor_lists(child, alpha, beta, False)  # noqa: FBT003
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
        return alpha
    for child in node:
        v = floor_lists(child, alpha, beta, True)  # noqa: FBT003
        if v < beta:
            beta = v
            if alpha >= beta:
                break
    return beta


def floor_spec_trees(n: Tree, alpha: float, beta: float) -> float:
    """The same procedure over spec.Leaf and spec.Node."""
    if type(n) is Leaf:
        return n.value  # type: ignore[return-value]
    assert isinstance(n, Node)
    if n.to_move == 0:
        for c in n.children:
            v = floor_spec_trees(c, alpha, beta)
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
        return alpha
    for c in n.children:
        v = floor_spec_trees(c, alpha, beta)
        if v < beta:
            beta = v
            if alpha >= beta:
                break
    return beta


def floor_leaves(node: Nested, alpha: float, beta: float, is_max: bool) -> int:  # noqa: FBT001
    """How many leaves ``floor_lists`` reads (a counting copy, run once, not timed)."""
    count = 0

    def walk(node: Nested, alpha: float, beta: float, is_max: bool) -> float:  # noqa: FBT001
        nonlocal count
        if type(node) is not list:
            count += 1
            return node  # type: ignore[return-value]
        for child in node:
            v = walk(child, alpha, beta, not is_max)
            if is_max and v > alpha:
                alpha = v
            if not is_max and v < beta:
                beta = v
            if alpha >= beta:
                break
        return alpha if is_max else beta

    walk(node, alpha, beta, is_max)
    return count


# The libraries, loaded only if installed (pip install -e '.[bench]').


def optional(name: str) -> Any:
    """The module ``name``, or None when it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


EASYAI = optional("easyAI")
PYSPIEL = optional("pyspiel")
OPENSPIEL_MINIMAX = optional("open_spiel.python.algorithms.minimax") if PYSPIEL else None


def easyai_search(root: Nested, depth: int) -> tuple[float, Callable[[], int]]:
    """easyAI's Negamax on ``root``: (value for Max, a function that counts its leaves)."""
    assert EASYAI is not None

    class Explicit(EASYAI.TwoPlayerGame):  # type: ignore[misc, name-defined]
        """The nested lists as an easyAI game: a stack of nodes, moves undone in place."""

        def __init__(self) -> None:
            self.players = [EASYAI.AI_Player(None), EASYAI.AI_Player(None)]
            self.current_player = 1
            self.stack = [root]

        def possible_moves(self) -> list[int]:
            return list(range(len(self.stack[-1])))  # type: ignore[arg-type]

        def make_move(self, move: int) -> None:
            self.stack.append(self.stack[-1][move])  # type: ignore[index]

        def unmake_move(self, move: int) -> None:  # noqa: ARG002 - easyAI's signature
            self.stack.pop()

        def is_over(self) -> bool:
            return type(self.stack[-1]) is not list

        def scoring(self) -> int:
            v = self.stack[-1]
            assert isinstance(v, int)
            return v if self.current_player == 1 else -v

    ai = EASYAI.Negamax(depth)
    ai(Explicit())
    value = float(ai.alpha)

    def count() -> int:
        counter = [0]

        def scoring(game: Any) -> int:
            counter[0] += 1
            return int(game.scoring())

        EASYAI.Negamax(depth, scoring)(Explicit())
        return counter[0]

    return value, count


class _Shared:
    """A reference that ``copy.deepcopy`` leaves shared (OpenSpiel deep-copies state attributes)."""

    __slots__ = ("node",)

    def __init__(self, node: Nested) -> None:
        self.node = node

    def __deepcopy__(self, memo: dict[int, object]) -> "_Shared":
        return self


def openspiel_tree_game(root: Nested, b: int, d: int) -> Any:
    """The nested lists as a Python ``pyspiel.Game``: a state holds its node and player."""
    ps = PYSPIEL
    assert ps is not None
    game_type = ps.GameType(
        short_name="gametree_explicit_tree",
        long_name="gametree explicit tree",
        dynamics=ps.GameType.Dynamics.SEQUENTIAL,
        chance_mode=ps.GameType.ChanceMode.DETERMINISTIC,
        information=ps.GameType.Information.PERFECT_INFORMATION,
        utility=ps.GameType.Utility.ZERO_SUM,
        reward_model=ps.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    game_info = ps.GameInfo(
        num_distinct_actions=b,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1000.0,
        max_utility=1000.0,
        utility_sum=0.0,
        max_game_length=d,
    )

    class State(ps.State):  # type: ignore[misc, name-defined]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.at = _Shared(root)
            self.player = 0

        def current_player(self) -> int:
            return ps.PlayerId.TERMINAL if type(self.at.node) is not list else self.player

        def _legal_actions(self, player: int) -> list[int]:  # noqa: ARG002 - pyspiel's signature
            return list(range(len(self.at.node)))  # type: ignore[arg-type]

        def _apply_action(self, action: int) -> None:
            self.at = _Shared(self.at.node[action])  # type: ignore[index]
            self.player ^= 1

        def is_terminal(self) -> bool:
            return type(self.at.node) is not list

        def returns(self) -> list[float]:
            v = float(self.at.node)  # type: ignore[arg-type]
            return [v, -v]

        def __str__(self) -> str:
            return f"node at move {self.move_number()}"

    class Game(ps.Game):  # type: ignore[misc, name-defined]
        def __init__(self) -> None:
            super().__init__(game_type, game_info, {})

        def new_initial_state(self) -> Any:
            return State(self)

    return Game()


def openspiel_search(game: Any) -> tuple[float, Callable[[], int]]:
    """OpenSpiel's Python alpha_beta_search: (value for player 0, a leaf-counting rerun)."""
    assert OPENSPIEL_MINIMAX is not None
    mm = OPENSPIEL_MINIMAX
    value, _ = mm.alpha_beta_search(game, maximum_depth=100)

    def count() -> int:
        counter = [0]
        original = mm._alpha_beta  # hooked to count terminal states

        def counting(state: Any, *args: Any, **kwargs: Any) -> Any:
            if state.is_terminal():
                counter[0] += 1
            return original(state, *args, **kwargs)

        mm._alpha_beta = counting
        try:
            mm.alpha_beta_search(game, maximum_depth=100)
        finally:
            mm._alpha_beta = original
        return counter[0]

    return float(value), count


# Measuring.


def best_time(run: Callable[[], object], budget: float) -> float:
    """The best wall time of ``run`` over at least 3 runs and ``budget`` seconds, GC off."""
    times: list[float] = []
    gc.collect()
    gc.disable()
    try:
        while len(times) < 3 or sum(times) < budget:
            t0 = time.perf_counter()
            run()
            times.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    return min(times)


class Row:
    """One line of the table: a search on a tree, its answer, leaves and time."""

    def __init__(self, name: str, value: Scalar | float, leaves: int, seconds: float) -> None:
        self.name, self.value, self.leaves, self.seconds = name, value, leaves, seconds

    @property
    def rate(self) -> float:
        return self.leaves / self.seconds


def pure_python(search: Callable[[], Any]) -> Callable[[], Any]:
    """``search`` run with impl's pure-Python alpha-beta kernel, even when a build exists."""

    def run() -> Any:
        chosen = _compiled.KERNEL
        _compiled.KERNEL = _kernel
        try:
            return search()
        finally:
            _compiled.KERNEL = chosen

    return run


def measure_tree(
    label: str, tree: Tree, nested: Nested, *, b: int, d: int, budget: float
) -> list[Row]:
    """Every search on one tree (``tree`` and ``nested`` are the same tree)."""
    rows: list[Row] = []
    inf = float("inf")

    def add(name: str, value: Scalar | float, leaves: int, run: Callable[[], object]) -> None:
        rows.append(Row(name, value, leaves, best_time(run, budget)))

    spec_value = minimax(tree).value
    add("spec.minimax", spec_value, tree.leaf_count, lambda: minimax(tree))
    add(
        "floor (lists)",
        floor_lists(nested, -inf, inf, True),  # noqa: FBT003
        floor_leaves(nested, -inf, inf, True),  # noqa: FBT003
        lambda: floor_lists(nested, -inf, inf, True),  # noqa: FBT003
    )
    r = alphabeta(tree)
    add("floor (spec trees)", floor_spec_trees(tree, -inf, inf), r.leaves_evaluated,
        lambda: floor_spec_trees(tree, -inf, inf))  # fmt: skip
    impl_searches: list[tuple[str, Callable[[], Any]]] = [
        ("alphabeta", lambda: alphabeta(tree)),
        ("alphabeta fail-soft", lambda: alphabeta(tree, fail_soft=True)),
        ("negamax_alphabeta", lambda: negamax_alphabeta(tree)),
        ("pvs", lambda: pvs(tree)),
        ("mtdf", lambda: mtdf(tree)),
        ("alphabeta trace", lambda: alphabeta(tree, trace=True)),
    ]
    if _compiled.COMPILED:
        impl_searches[1:1] = [
            ("alphabeta (pure Python)", pure_python(lambda: alphabeta(tree))),
            ("negamax_ab (pure Python)", pure_python(lambda: negamax_alphabeta(tree))),
        ]
    for name, search in impl_searches:
        r = search()
        add(name, r.value, r.leaves_evaluated, search)
    if EASYAI is not None:
        value, count = easyai_search(nested, d)
        add("easyAI Negamax", value, count(), lambda: easyai_search(nested, d))
    if PYSPIEL is not None:
        game = openspiel_tree_game(nested, b, d)
        value, count = openspiel_search(game)
        run = OPENSPIEL_MINIMAX.alpha_beta_search  # type: ignore[union-attr]
        add("OpenSpiel alpha_beta_search", value, count(), lambda: run(game, maximum_depth=100))
        if label == "tic-tac-toe":
            native = PYSPIEL.load_game("tic_tac_toe")
            value, count = openspiel_search(native)
            add("OpenSpiel (C++ tic_tac_toe)", value, count(),
                lambda: run(native, maximum_depth=100))  # fmt: skip
    for row in rows:
        if row.value != spec_value:
            raise AssertionError(f"{label}: {row.name} gives {row.value}, the spec {spec_value}")
    return rows


def print_rows(label: str, rows: list[Row]) -> None:
    """The table lines for one tree, with the ratios of this run."""
    by = {row.name: row for row in rows}
    ab = by["alphabeta"]
    floor = by["floor (lists)"]
    libraries = [row for row in rows if row.name.startswith(("easyAI", "OpenSpiel"))]
    fastest = max(libraries, key=lambda row: row.rate, default=None)
    for row in rows:
        same = "=" if row.leaves == ab.leaves else " "
        print(
            f"{label:<14} {row.name:<28} {row.leaves:>9,}{same} {row.seconds * 1e3:>10.2f} "
            f"{row.rate / 1e6:>9.3f} {row.seconds / floor.seconds:>8.2f}",
            flush=True,
        )
    summary = f"{label:<14} alphabeta: {ab.seconds / floor.seconds:.2f}x the floor's time"
    summary += f", {ab.seconds / by['floor (spec trees)'].seconds:.2f}x the spec-tree floor's"
    if fastest is not None:
        summary += f", {ab.rate / fastest.rate:.1f}x the leaves/s of {fastest.name}"
    if "alphabeta (pure Python)" in by:
        pure = by["alphabeta (pure Python)"]
        summary += f" (pure-Python kernel: {pure.seconds / floor.seconds:.2f}x)"
    summary += f"; trace costs {by['alphabeta trace'].seconds / ab.seconds:.2f}x"
    print(summary, flush=True)


# The games.


def opening(game: Any, plies: int, seed: int) -> Any:
    """The state after ``plies`` random moves from the start, by a fixed seed."""
    rng = random.Random(seed)  # noqa: S311 - a fixed, reproducible position, not a secret
    s = game.initial_state()
    for _ in range(plies):
        if game.is_terminal(s):
            break
        s = game.successor(s, rng.choice(game.moves(s)))
    return s


def game_positions() -> list[tuple[str, Any, Any, int]]:
    """(label, game, state, depth): each game's start and a position after a seeded opening.

    Depths are the largest with at most about 120,000 leaves in the cut tree.
    """
    c4, kalah, othello, cc = ConnectFour(), Kalah(6, 4), Othello(), ChineseCheckers(2)
    return [
        ("connect4 start", c4, c4.initial_state(), 6),
        ("connect4 ply10", c4, opening(c4, 10, 1), 6),
        ("kalah start", kalah, kalah.initial_state(), 7),
        ("kalah ply8", kalah, opening(kalah, 8, 1), 7),
        ("othello start", othello, othello.initial_state(), 7),
        ("othello ply16", othello, opening(othello, 16, 1), 5),
        ("chinese start", cc, cc.initial_state(), 5),
        ("chinese ply12", cc, opening(cc, 12, 1), 4),
    ]


def alternates(t: Tree) -> bool:
    """Whether Max (player 0) moves at the root and the players alternate by depth."""
    stack = [(t, 0)]
    while stack:
        n, d = stack.pop()
        if isinstance(n, Node):
            if n.to_move != d % 2:
                return False
            stack.extend((c, d + 1) for c in n.children)
    return True


def scaled_nested(t: Tree) -> tuple[Nested, int]:
    """``t`` as nested lists of ints: every leaf times the common denominator, and that scale.

    The floor over lists and the libraries take ints; Connect Four evaluates to fractions.
    """
    scale = 1
    for leaf in leaf_values(t):
        assert not isinstance(leaf, tuple)
        scale = math.lcm(scale, Fraction(leaf).denominator)
    if isinstance(t, Leaf):
        return int(Fraction(t.value) * scale), scale  # type: ignore[arg-type]
    out: list[Nested] = []
    stack: list[tuple[Node, list[Nested]]] = [(t, out)]
    while stack:
        n, into = stack.pop()
        for c in n.children:
            if isinstance(c, Leaf):
                into.append(int(Fraction(c.value) * scale))  # type: ignore[arg-type]
            else:
                kids: list[Nested] = []
                into.append(kids)
                stack.append((c, kids))
    return out, scale


def shape(t: Tree) -> tuple[int, int]:
    """The largest branching and the height of ``t``."""
    b = h = 0
    stack = [(t, 0)]
    while stack:
        n, d = stack.pop()
        h = max(h, d)
        if isinstance(n, Node):
            b = max(b, len(n.children))
            stack.extend((c, d + 1) for c in n.children)
    return b, h


def ordered(game: Any) -> Engine[Any, Any]:
    """The engine with every move ordering and a transposition table."""
    return Engine(game, table=True, hash_move=True, killers=2, history=True, static_ordering=True)


def measure_game(label: str, game: Any, state: Any, depth: int, *, budget: float) -> list[Row]:
    """Every search on the cut tree of one position, then the engine on the game itself."""
    tree = unfold(game, state, depth)
    rows: list[Row] = []
    inf = float("inf")

    def add(name: str, value: Scalar | float, leaves: int, run: Callable[[], object]) -> None:
        rows.append(Row(name, value, leaves, best_time(run, budget)))

    spec_value = minimax(tree).value
    add("spec.minimax", spec_value, tree.leaf_count, lambda: minimax(tree))
    nested, scale = scaled_nested(tree)

    def unscaled(x: float) -> Scalar:
        f = Fraction(x) / scale
        return f.numerator if f.denominator == 1 else f

    if alternates(tree):
        add("floor (lists)", unscaled(floor_lists(nested, -inf, inf, True)),  # noqa: FBT003
            floor_leaves(nested, -inf, inf, True),  # noqa: FBT003
            lambda: floor_lists(nested, -inf, inf, True))  # noqa: FBT003  # fmt: skip
    r = alphabeta(tree)
    add("floor (spec trees)", floor_spec_trees(tree, -inf, inf), r.leaves_evaluated,
        lambda: floor_spec_trees(tree, -inf, inf))  # fmt: skip
    mover = tree.to_move if isinstance(tree, Node) else 0
    impl_searches: list[tuple[str, Callable[[], Any], bool]] = [
        ("alphabeta", lambda: alphabeta(tree), False),
        ("alphabeta fail-soft", lambda: alphabeta(tree, fail_soft=True), False),
        ("negamax_alphabeta", lambda: negamax_alphabeta(tree), True),
        ("pvs", lambda: pvs(tree), True),
        ("mtdf", lambda: mtdf(tree), False),
        ("Engine (game order)", lambda: Engine(game).search(state, depth), True),
        ("Engine (ordered, table)", lambda: ordered(game).search(state, depth), True),
    ]
    for name, search, to_mover in impl_searches:
        found = search()
        value = worth(found.value, mover) if to_mover else found.value
        add(name, value, found.leaves_evaluated, search)
    deepened = ordered(game).deepen(state, max_depth=depth)
    add("Engine deepen (ordered)", worth(deepened.value, mover), deepened.leaves_evaluated,
        lambda: ordered(game).deepen(state, max_depth=depth))  # fmt: skip
    if alternates(tree):
        b, d = shape(tree)
        if EASYAI is not None:
            value, count = easyai_search(nested, d)
            add("easyAI Negamax", unscaled(value), count(), lambda: easyai_search(nested, d))
        if PYSPIEL is not None:
            ps_game = openspiel_tree_game(nested, b, d)
            value, count = openspiel_search(ps_game)
            run = OPENSPIEL_MINIMAX.alpha_beta_search  # type: ignore[union-attr]
            add("OpenSpiel alpha_beta_search", unscaled(value), count(),
                lambda: run(ps_game, maximum_depth=100))  # fmt: skip
    for row in rows:
        if row.value != spec_value:
            raise AssertionError(f"{label}: {row.name} gives {row.value}, the spec {spec_value}")
    return rows


def print_game_rows(label: str, rows: list[Row]) -> None:
    """The table lines for one game position; the last column is time over alphabeta's."""
    ab = next(row for row in rows if row.name == "alphabeta")
    for row in rows:
        same = "=" if row.leaves == ab.leaves else " "
        print(
            f"{label:<16} {row.name:<28} {row.leaves:>9,}{same} {row.seconds * 1e3:>10.2f} "
            f"{row.rate / 1e6:>9.3f} {row.seconds / ab.seconds:>8.2f}",
            flush=True,
        )


def main() -> None:
    """Build the trees, run every search on each, print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=0.2, help="seconds per measurement")
    parser.add_argument("--quick", action="store_true", help="small trees only (a smoke run)")
    parser.add_argument("--no-tictactoe", action="store_true")
    parser.add_argument("--no-games", action="store_true", help="skip the game rows")
    parser.add_argument("--games-only", action="store_true", help="the game rows only")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)  # for the recursive floor and the libraries, not for impl
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {platform.system()}; easyAI "
        f"{'2.0.12' if EASYAI else 'not installed'}, OpenSpiel "
        f"{'installed' if PYSPIEL else 'not installed'}; impl's alpha-beta kernel: "
        f"{'compiled by mypyc' if _compiled.COMPILED else 'pure Python (python3 dev.py build)'}"
    )
    print(
        f"{'tree':<14} {'search':<28} {'leaves':>10} {'ms':>10} {'Mleaf/s':>9} {'÷floor':>8}"
        "   (= : same leaf count as alphabeta)"
    )
    sizes = [(b, min(d, 4)) for b, d in SIZES[:3]] if args.quick else SIZES
    if args.games_only:
        sizes = []
    for seed, (b, d) in enumerate(sizes, start=1):
        nested = random_nested(b, d, seed)
        tree = Node.by_depth(nested) if isinstance(nested, list) else Leaf(nested)
        label = f"b={b} d={d}"
        print_rows(label, measure_tree(label, tree, nested, b=b, d=d, budget=args.budget))
    if not args.no_tictactoe and not args.quick and not args.games_only:
        game = TicTacToe()
        tree = unfold(game, game.initial_state())
        label = "tic-tac-toe"
        print_rows(label, measure_tree(label, tree, as_nested(tree), b=9, d=9, budget=args.budget))
    if not args.no_games and not args.quick:
        print(
            f"\n{'game position':<16} {'search':<28} {'leaves':>10} {'ms':>10} {'Mleaf/s':>9} "
            f"{'÷alphabeta':>8}   (= : same leaf count as alphabeta; depth in the label)"
        )
        for label, g, state, depth in game_positions():
            name = f"{label} d={depth}"
            print_game_rows(name, measure_game(name, g, state, depth, budget=args.budget))


if __name__ == "__main__":
    main()
