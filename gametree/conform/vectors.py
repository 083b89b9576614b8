# ruff: noqa: ISC004 - the tables below hold long strings split over lines, one per field
"""Language-neutral test vectors, laid out as Wycheproof's are, generated deterministically.

Glossary: a *vector file* holds every case of one semantics, in *test groups*; a *case*
(``tcId``) has a comment, *flags* naming what it is there to catch (explained in the file's
``notes``), an ``input`` (the request of the JSON-lines protocol without ``trace``) and the
``expected`` answers (``gametree.conform.semantics.Expected.json``).

Nothing here is random at run time: the "generated" trees come from ``random.Random`` with
fixed seeds, and every expected answer is computed by ``spec`` (values, moves) and ``impl``
(leaf orders). ``gametree vectors generate`` writes the files; ``tests`` check that the
committed files are exactly what it writes, and that every impl search passes them.

One more file, ``tree_format.json``, holds documents for the reader: valid ones with the tree
they denote, and malformed ones with the JSON pointer the error must name.
"""

import functools
import json
import random
import re
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

from gametree import impl, spec
from gametree._json import loads
from gametree.conform import best_reply_cases, chance_cases
from gametree.conform.codec import Case, case_from_request, game_case, request
from gametree.conform.edge_trees import scalar_edge_trees, vector_edge_trees
from gametree.conform.games import GameGraph, GameState, game_json
from gametree.conform.optimal_trees import domain_flags, optimal_trees
from gametree.conform.scope import case_flags
from gametree.conform.semantics import SEMANTICS, Semantics, expected
from gametree.impl.best_case import best_ordered_tree
from gametree.impl.ordered import best_ordered, worst_ordered
from gametree.spec import Bounds, Leaf, Node, Tree
from gametree.spec._package_data import package_text
from gametree.spec.examples import csce315_cut, korf_figure5, wiki_alpha_beta
from gametree.treefile import FORMAT, TreeFileError, document_json, dumps, read_tree_text

__all__ = [
    "NOTES",
    "VectorCase",
    "deep_vector_trees",
    "generate",
    "is_by_depth",
    "vector_cases",
    "vector_files",
]

SCHEMA = "gametree-vectors/1"

NOTES: dict[str, dict[str, str]] = {
    "WorkedExample": {"bugType": "FUNCTIONALITY", "description": "A worked example of the "
        "sources (the Alpha-Beta Pruning article's alpha-beta walk, the CSCE 315 slides' cut "
        "example)."},
    "KorfFigure5": {"bugType": "FUNCTIONALITY", "description": "Korf's Figure 5 (3.2.3), "
        "with f = (2, 3, 4) and with f = (3, 0, 6)."},
    "DeepPruningTrap": {"bugType": "WRONG_PRUNING", "description": "Korf's deep pruning "
        "(3.2.3) gives a wrong maxn value here: a search that prunes with bounds from "
        "ancestors above the parent in a multi-player tree fails. The traps are at every "
        "distance that can prune, the grandparent and 3, 4 and 5 levels up, so that an "
        "engine taking the bound from one particular ancestor is caught too."},
    "DeepCutoff": {"bugType": "MISSING_PRUNING", "description": "Two-player alpha-beta cuts "
        "off here with a bound from a great-grandparent: a search that passes only its own "
        "bounds down reads more leaves (caught with --strict-order)."},
    "ShallowPrune": {"bugType": "MISSING_PRUNING", "description": "Korf's shallow pruning "
        "cuts off here (caught with --strict-order)."},
    "ImmediatePrune": {"bugType": "WRONG_PRUNING", "description": "A component equals the "
        "bound on the sum, so immediate pruning cuts off the rest of the node."},
    "Tie": {"bugType": "TIE_RULE", "description": "Children tie for the player to move: the "
        "leftmost best is the move (a later child replaces the best only if strictly better). "
        "Catches '>=' where '>' belongs."},
    "BoundaryEqual": {"bugType": "OFF_BY_ONE", "description": "The value equals a window "
        "bound: it is a fail-low (v = alpha) or a fail-high (v = beta), not an exact value. "
        "Catches '>' where '>=' belongs in a cut-off or a comparison with the window."},
    "WindowBelow": {"bugType": "FAIL_HARD_SOFT", "description": "The value is below the "
        "window (fail low). A fail-hard search returns alpha exactly when Max moves at the "
        "root; a fail-soft one a bound between the value and alpha."},
    "WindowAbove": {"bugType": "FAIL_HARD_SOFT", "description": "The value is above the "
        "window (fail high)."},
    "WindowInside": {"bugType": "FUNCTIONALITY", "description": "A narrow window holding "
        "the value: the result is exact."},
    "NullWindow": {"bugType": "OFF_BY_ONE", "description": "beta = alpha + 1."},
    "BestCase": {"bugType": "MISSING_PRUNING", "description": "A best-ordered tree: alpha-beta "
        "reads Knuth and Moore's b^ceil(d/2) + b^floor(d/2) - 1 leaves, shallow pruning "
        "Korf's F(d)."},
    "WorstCase": {"bugType": "WRONG_PRUNING", "description": "A worst-ordered tree: nothing "
        "may be cut off."},
    "UnaryNode": {"bugType": "EDGE_CASE", "description": "A node with a single child."},
    "LeafRoot": {"bugType": "EDGE_CASE", "description": "The root is a leaf (no move)."},
    "NotByDepth": {"bugType": "ASSUMPTION", "description": "The players do not move in turn "
        "by depth from player 0 at the root (a player moves twice, or player 1 starts). "
        "Skipped with --alternating."},
    "Fraction": {"bugType": "NUMBERS", "description": "Values are exact fractions, written "
        "as strings \"p/q\"."},
    "Deep": {"bugType": "RECURSION", "description": "A tree 400 levels high or more: its "
        "request nests two JSON levels a level, past what a recursive reader takes under "
        "Python's default recursion limit from about 495, and a recursive search from about "
        "1,000, or about 500 at two frames a level (the chains are 1,200 levels)."},
    "ShiftedBounds": {"bugType": "FUNCTIONALITY", "description": "Korf's lower bound is not "
        "0: the bounds must be shifted (3.2)."},
    "OtherPlayer": {"bugType": "FUNCTIONALITY", "description": "The paranoid player is not "
        "the one to move at the root."},
    "Generated": {"bugType": "FUNCTIONALITY", "description": "A tree drawn from a fixed seed."},
    "BugCatalogue": {"bugType": "REGRESSION", "description": "The minimal case the gate "
        "reported for a deliberately broken implementation of tests/bugs (docs/bugs.md), "
        "kept so that the same mistake is caught by the vectors alone."},
    "Transposition": {"bugType": "TRANSPOSITION_TABLE", "description": "A state is reached "
        "by two lines, at the same or at different depths: a table entry stored without its "
        "bound flag, or reused at a shallower depth, gives a wrong value; one of a deeper "
        "search gives another cut tree's value, which game-negamax refuses and "
        "game-negamax-witness admits when a witness justifies it (Wesselink et al.), as it "
        "does not Marsland's narrowing of the window with a deeper bound."},
    "MovesTwice": {"bugType": "ASSUMPTION", "description": "A player moves twice in a row "
        "somewhere in the game (an extra turn, a pass): a negamax that negates at every ply "
        "gets it wrong; --alternating skips such games for engines that assume alternation."},
    "Quiescence": {"bugType": "QUIESCENCE", "description": "States below the horizon are not "
        "quiet: a quiescence extension plays their noisy moves, and only those."},
    "Check": {"bugType": "QUIESCENCE", "description": "A state in check: every move is a "
        "forced reply and it may not stand pat."},
    "Budget": {"bugType": "ITERATIVE_DEEPENING", "description": "A node budget small enough "
        "to stop iterative deepening in the middle of an iteration: the move must be the last "
        "completed iteration's."},
    "BufferSize": {"bugType": "FIXED_SIZE", "description": "A node with exactly a common "
        "move-list size of children (4, 8, 16, 32, 64, 256) or one more, its best child last. "
        "Catches a fixed-size move list that drops or overwrites the children past its end "
        "(chess engines' 256-entry lists; 218 is the most legal moves in a chess position)."},
    "Wide": {"bugType": "FIXED_SIZE", "description": "A node with more than 16 children, up "
        "to 257. Catches fixed-size move and child buffers; skip it for an engine whose move "
        "list is declared smaller."},
    "Tall": {"bugType": "DEPTH", "description": "A tree at least 6 high. Catches a cut-off, "
        "window or bound passed down wrongly only some levels below the root (a per-ply array "
        "of fixed size, a rule tried on shallow trees only) and, with N players, deep pruning "
        "from far up the path."},
    "ManyPlayers": {"bugType": "PLAYERS", "description": "5 to 8 players, players 4 to 7 "
        "choosing. Catches a player index held in 2 bits, arrays sized for 4 players, 'the next "
        "player' taken modulo a constant."},
    "Sentinel": {"bugType": "NUMBERS", "description": "A number of magnitude 999 or more. "
        "Catches 'infinity' written as a small constant (999, 1000, 9999, 10000, 30000, "
        "32000: the CSCE 315 slides' INT_MIN idea with a round number), which such a value "
        "meets or passes, so that the search keeps its initial bound as the value."},
    "Int16": {"bugType": "NUMBERS", "description": "A number beyond +-32767. Catches scores "
        "held in 16 bits (a transposition-table entry, a score packed with a move index to "
        "sort moves) and SHRT_MAX used as infinity."},
    "Int32": {"bugType": "NUMBERS", "description": "A number beyond +-(2^31 - 1). Catches "
        "32-bit integer scores, and -INT_MIN, which overflows when negamax negates it."},
    "Float64": {"bugType": "NUMBERS", "description": "An integer beyond 2^53, next to one a "
        "double cannot tell it from (2^53 and 2^53 + 1 are one double). Catches values held "
        "as IEEE doubles: JavaScript's numbers and JSON.parse, Python's float, OpenSpiel."},
    "Int64": {"bugType": "NUMBERS", "description": "A number beyond +-(2^63 - 1). Catches "
        "64-bit integer scores, their overflow on negation, and 28-digit decimals (Python's "
        "decimal default context)."},
    "BigInteger": {"bugType": "NUMBERS", "description": "A number beyond +-(2^127 - 1), up to "
        "999 digits, the reader's limit (1,000 characters with the sign). Catches any "
        "fixed-width integer, 128 bits included."},
    "TinyFraction": {"bugType": "NUMBERS", "description": "A fraction with a denominator of "
        "10^9 or more (down to 1/10^450, and 1/2^60 beside 1). Catches comparisons with a "
        "tolerance (abs(a - b) < 1e-9) and rounding to a fixed number of decimals."},
    "BeyondShallow": {"bugType": "MISSING_PRUNING", "description": "No directional search "
        "needs some leaf that Korf's shallow pruning reads here (Theorem 1 as printed fails, "
        "3.2.4): an optimal search that stops at shallow or last-branch pruning reads it "
        "(caught with --strict-order)."},
    "IntegerDomain": {"bugType": "ASSUMPTION", "description": "The request's domain is the "
        "integers: a leaf is necessary only if integer values of it and of the later leaves "
        "can change the answer, so fewer leaves are. An engine that decides over the reals "
        "reads leaves it need not (caught with --strict-order)."},
    "DomainMatters": {"bugType": "ASSUMPTION", "description": "A leaf that is necessary over "
        "the reals is not over the integers: an engine that ignores the request's domain "
        "reads too many leaves in one of the two cases of this tree, or too few in the other "
        "(caught with --strict-order)."},
    "FirstGuess": {"bugType": "FUNCTIONALITY", "description": "MTD(f) starts from a first "
        "guess below, at or above the value: the tests it makes, and so the leaves it reads, "
        "depend on it (caught with --strict-order); one that ignores the guess, or moves the "
        "wrong bound, reads other leaves."},
    "SoundPairs": {"bugType": "FUNCTIONALITY", "description": "Two players, the leaves pairs "
        "(x, -x): deep pruning is alpha-beta here (Korf 3.2.3) and its value is the maxn "
        "value; only with three or more players can it be wrong."},
    "RepeatedSubtree": {"bugType": "TRANSPOSITION_TABLE", "description": "An identical "
        "subtree occurs twice, the copies searched under different windows. Catches a memo "
        "or table keyed by the subtree (as by a position's hash) that keeps a bound from one "
        "window and returns it as exact under another."},
    "ManyNodes": {"bugType": "SCALE", "description": "A tree of 2^16 = 65,536 nodes or more "
        "(a game's cut tree), or a game of 2^12 = 4,096 states or more: the generated phase's "
        "scale cases, on which the reference search visits 10^5 nodes or more. Catches a node "
        "counter or node index held in 16 bits, a node budget checked every 2^k nodes that "
        "ends a fixed-depth search early, a per-ply stack or PV array sized MAX_PLY (the scale "
        "cases' tall trees are 260 to 380 high), a fixed-size transposition table that answers "
        "wrongly once it must replace entries (the scale games' searches store thousands); "
        "skip it for an engine declared smaller."},
    "Chance": {"bugType": "CHANCE", "description": "The tree has chance nodes (Ballard 1983): "
        "a chance node's value is sum p_i v_i of its children's, exactly. Catches an engine "
        "that takes a chance node for a player's, averages without the probabilities, or "
        "draws one outcome instead of weighing all."},
    "ChanceCut": {"bugType": "WRONG_PRUNING", "description": "Star1 cuts off at a chance node "
        "here: child i's value passes A_i = (alpha - sum - mass left · U) / p_i or B_i. "
        "Catches the wrong mass left in the bound, and a cut taken on the wrong side (with "
        "--strict-order, a cut missed)."},
    "Probe": {"bugType": "WRONG_PRUNING", "description": "Star2's probing phase decides here: "
        "each player's child of the chance node is searched over its first child only, a "
        "bound on it. Catches a probe taken as the child's value, and a probe over the wrong "
        "window (with --strict-order, a probing phase left out)."},
    "NotDyadic": {"bugType": "NUMBERS", "description": "A probability is not a power of two "
        "(1/3, 1/7, 1/18): no double holds it. Catches probabilities held as doubles in an "
        "engine that claims exact values (declare --values double to be asked with the "
        "rounding a double engine may do)."},
    "LeafBounds": {"bugType": "OFF_BY_ONE", "description": "Leaves equal the bounds L or U, "
        "or the window lies beyond them: Star1's tests meet their bounds exactly. Catches a "
        "strict comparison where the bound is met."},
}  # fmt: skip
"""Every flag: the kind of bug it is there to catch, and how."""


@attrs.frozen
class VectorCase:
    """One test case of a vector file, before numbering."""

    group: str
    comment: str
    flags: tuple[str, ...]
    case: Case


def is_by_depth(t: Tree) -> bool:
    """Whether player d mod N moves at every node of depth d (player 0 at the root)."""
    stack: list[tuple[Tree, int]] = [(t, 0)]
    while stack:
        n, d = stack.pop()
        if isinstance(n, Node):
            if n.to_move != d % n.players:
                return False
            stack.extend((c, d + 1) for c in n.children)
    return True


def _random_scalar_tree(rng: random.Random, *, depth: int, branching: int) -> Tree:
    def build(d: int) -> Tree:
        if d == depth or (d > 0 and rng.random() < 0.25):
            return Leaf(rng.randint(-9, 9))
        return Node(d % 2, [build(d + 1) for _ in range(rng.randint(1, branching))])

    return build(0)


def _vector(rng: random.Random, players: int, total: int) -> tuple[int, ...]:
    """Components of 0..total summing to at most total, to exactly total half of the time."""
    left, out = total, []
    for _ in range(players - 1):
        x = rng.randint(0, left)
        out.append(x)
        left -= x
    out.append(left if rng.random() < 0.5 else rng.randint(0, left))
    rng.shuffle(out)
    return tuple(out)


def _random_vector_tree(
    rng: random.Random, *, players: int, depth: int, branching: int, total: int
) -> Tree:
    def build(d: int) -> Tree:
        if d == depth or (d > 0 and rng.random() < 0.25):
            return Leaf(_vector(rng, players, total))
        return Node(d % players, [build(d + 1) for _ in range(rng.randint(1, branching))])

    return build(0)


def _chain(depth: int) -> Tree:
    t: Tree = Node(depth % 2, [Leaf(3), Leaf(-2)])
    for d in range(depth - 1, -1, -1):
        t = Node(d % 2, [t])
    return t


def _deep_chain(rng: random.Random, *, players: int, depth: int, total: int) -> Tree:
    """A chain ``depth`` deep, the first child of every node, a leaf after it now and then.

    So the first leaf a directional search reads is ``depth`` plies down, where the node's
    player gets the whole sum (immediate pruning cuts its other two leaves off). Players move
    in turn by depth; a side leaf follows the chain every :data:`SIDE_EVERY` plies, a vector
    within ``Bounds(0, total)``: few leaves, as each one's path in a trace is as long as its
    depth. Built bottom-up, without recursion.
    """
    p = depth % players
    whole = tuple(total if i == p else 0 for i in range(players))
    t: Tree = Node(p, [whole, *(_vector(rng, players, total) for _ in range(2))])
    for d in range(depth - 1, -1, -1):
        side = [Leaf(_vector(rng, players, total))] if d % SIDE_EVERY == 0 else []
        t = Node(d % players, [t, *side])
    return t


SIDE_EVERY = 50
"""The plies between the side leaves of :func:`_deep_chain`."""


@functools.cache
def deep_vector_trees() -> list[tuple[str, str, tuple[str, ...], Tree, Bounds]]:
    """The N-player trees deeper than Python's recursion limit, 1,200 plies (``Deep``).

    A recursive maxn, shallow or speculative search dies on them before its first leaf; and
    shallow pruning cuts leaves off at the bottom (checked).
    """
    rng = random.Random(20260504)  # noqa: S311 - fixed trees, not secrets
    nine = Bounds(0, 9)
    out: list[tuple[str, str, tuple[str, ...], Tree, Bounds]] = []
    for players in (3, 4):
        t = _deep_chain(rng, players=players, depth=1200, total=9)
        read = impl.shallow(t, nine, trace=True).trace
        assert read is not None
        assert len(read[0]) == 1201, "the first leaf read is at the bottom"
        assert len(read) < t.leaf_count, "shallow pruning cuts leaves off"
        out.append(("deep", f"{players} players: a chain 1,200 deep, a leaf after it every "
                    f"{SIDE_EVERY} plies, drawn from seed 20260504", (), t, nine))  # fmt: skip
    return out


@functools.cache
def scalar_trees() -> list[tuple[str, str, tuple[str, ...], Tree]]:
    """The two-player trees: (group, comment, flags, tree)."""
    rng = random.Random(20260501)  # noqa: S311 - fixed trees, not secrets
    trees: list[tuple[str, str, tuple[str, ...], Tree]] = [
        ("examples", "the Alpha-Beta Pruning article's alpha-beta walk (root value 3)",
         ("WorkedExample",), wiki_alpha_beta()),
        ("examples", "the CSCE 315 slides' cut example (root value -3)", ("WorkedExample",),
         csce315_cut()),
        ("edge cases", "a lone leaf", ("LeafRoot",), Leaf(7)),
        ("edge cases", "a chain of unary nodes", ("UnaryNode",),
         Node(0, [Node(1, [Node(0, [Leaf(4)])])])),
        ("edge cases", "a unary root over a Min node", ("UnaryNode",),
         Node.by_depth([[5, -1, 8]])),
        ("ties", "Max's two children tie: the first is the move", ("Tie",),
         Node.by_depth([[3, 5], [3, 4]])),
        ("ties", "every leaf equal", ("Tie",), Node.by_depth([[2, 2], [2, 2]])),
        ("ties", "Min's children tie below a better Max child", ("Tie",),
         Node.by_depth([[1, 6], [4, 4], [4, 9]])),
        ("edge cases", "Min moves at the root", ("NotByDepth",),
         Node(1, [Node(0, [Leaf(3), Leaf(8)]), Node(0, [Leaf(5), Leaf(2)])])),
        ("edge cases", "Max moves twice in a row", ("NotByDepth",),
         Node(0, [Node(0, [Leaf(1), Leaf(5)]), Node(1, [Leaf(4), Leaf(2)])])),
        ("edge cases", "Min moves twice in a row, at the root", ("NotByDepth",),
         Node(1, [Node(1, [Leaf(6), Leaf(7)]), Node(0, [Leaf(-3), Leaf(9)])])),
        ("pruning", "a deep cut-off: the bound 5 from the root prunes 99", ("DeepCutoff",),
         Node.by_depth([[5], [[[4, 99], 7]]])),
        ("pruning", "a deep cut-off four levels down", ("DeepCutoff",),
         Node.by_depth([[[6, 7], [8]], [[[[2, 11], 3], 12], 13]])),
        ("numbers", "fractions", ("Fraction",),
         Node.by_depth([[Fraction(1, 2), Fraction(-3, 4)], [Fraction(2, 3), Fraction(1, 3)]])),
        ("ordering", "best-ordered, b = 2, d = 3", ("BestCase",), best_ordered(2, 3)),
        ("ordering", "best-ordered, b = 3, d = 3", ("BestCase",), best_ordered(3, 3)),
        ("ordering", "best-ordered, b = 2, d = 4", ("BestCase", "DeepCutoff"),
         best_ordered(2, 4)),
        ("ordering", "worst-ordered, b = 2, d = 3", ("WorstCase",), worst_ordered(2, 3)),
        ("ordering", "worst-ordered, b = 3, d = 2", ("WorstCase",), worst_ordered(3, 2)),
        ("edge cases", "a chain 1,200 deep", ("Deep", "UnaryNode"), _chain(1200)),
    ]  # fmt: skip
    for i in range(10):
        t = _random_scalar_tree(rng, depth=4, branching=3)
        trees.append(("generated", f"drawn from seed 20260501, tree {i}", ("Generated",), t))
    return trees + scalar_edge_trees()


@functools.cache
def vector_trees() -> list[tuple[str, str, tuple[str, ...], Tree, Bounds]]:
    """The N-player trees, with Korf's bounds: (group, comment, flags, tree, bounds)."""
    rng = random.Random(20260502)  # noqa: S311 - fixed trees, not secrets
    nine = Bounds(0, 9)
    trees: list[tuple[str, str, tuple[str, ...], Tree, Bounds]] = [
        ("examples", "Korf's Figure 5 with f = (2, 3, 4): root (5, 2, 2)", ("KorfFigure5",),
         korf_figure5((2, 3, 4)), nine),
        ("examples", "Korf's Figure 5 with f = (3, 0, 6): root (6, 1, 2); deep pruning "
         "would prune f and answer (5, 2, 2)", ("KorfFigure5", "DeepPruningTrap"),
         korf_figure5((3, 0, 6)), nine),
        ("pruning", "shallow pruning cuts the second grandchild of each later child",
         ("ShallowPrune",),
         Node.by_depth([(3, 3, 3), [(2, 7, 0), (4, 1, 4)], [(0, 6, 3), (0, 8, 1)]]), nine),
        ("pruning", "immediate pruning: player 1 gets the whole sum", ("ImmediatePrune",),
         Node.by_depth([[(0, 9, 0), (9, 0, 0)], [(1, 1, 1)]]), nine),
        ("pruning", "immediate pruning at the root", ("ImmediatePrune",),
         Node.by_depth([(9, 0, 0), (2, 3, 4), [(1, 1, 1)]]), nine),
        ("ties", "player 0's children tie", ("Tie",),
         Node.by_depth([(3, 3, 3), (3, 2, 4), (1, 4, 4)]), nine),
        ("ties", "ties at every level", ("Tie",),
         Node.by_depth([[(2, 3, 4), (2, 3, 4)], [(2, 5, 2), (2, 3, 4)]]), nine),
        ("edge cases", "a lone leaf", ("LeafRoot",), Leaf((1, 2, 6)), nine),
        ("edge cases", "a chain of unary nodes", ("UnaryNode",),
         Node(0, [Node(1, [Node(2, [Leaf((1, 2, 6))])])]), nine),
        ("edge cases", "player 1 moves twice: Sum - Best[1] bounds no one else", ("NotByDepth",),
         Node(1, [Leaf((1, 8)), Node(1, [Leaf((1, 8)), Leaf((0, 9))])]), nine),
        ("edge cases", "player 2 moves at the root", ("NotByDepth",),
         Node(2, [Node(0, [Leaf((4, 4, 1)), Leaf((1, 1, 7))]), Leaf((3, 3, 3))]), nine),
        ("numbers", "a lower bound of -1, sum 6", ("ShiftedBounds",),
         Node.by_depth([(2, 2, 2), [(-1, 4, 3), (1, 1, 1)], [(5, 1, 0), (-1, 7, 0)]]),
         Bounds(-1, 6)),
        ("numbers", "a lower bound of -1, sum 6: a component of 6 is not the whole sum",
         ("ShiftedBounds",),
         Node.by_depth([[(-1, 6, 1), (-1, 7, 0)], (-1, 2, 2)]), Bounds(-1, 6)),
        ("ordering", "best-ordered for shallow pruning, b = 2, d = 3", ("BestCase", "Fraction"),
         best_ordered_tree(2, 3, players=3), Bounds(0, 1)),
        ("ordering", "best-ordered for shallow pruning, b = 3, d = 3", ("BestCase", "Fraction"),
         best_ordered_tree(3, 3, players=3), Bounds(0, 1)),
        ("numbers", "two players, pairs (x, 9 - x)", (),
         Node.by_depth([[(4, 5), (6, 3)], [(2, 7), (8, 1)]]), nine),
    ]  # fmt: skip
    traps = 0
    while traps < 3:
        t = _random_vector_tree(rng, players=3, depth=3, branching=3, total=9)
        if impl.deep_pruning_unsound(t, nine).value != spec.maxn(t).value:
            traps += 1
            trees.append(("pruning", f"a deep-pruning trap drawn from seed 20260502 ({traps})",
                          ("DeepPruningTrap",), t, nine))  # fmt: skip
    for i in range(8):
        players = 3 if i < 5 else 4
        t = _random_vector_tree(rng, players=players, depth=3, branching=3, total=9)
        trees.append(("generated", f"{players} players, drawn from seed 20260502, tree {i}",
                      ("Generated",), t, nine))  # fmt: skip
    return trees + vector_edge_trees() + deep_vector_trees()


EDGE_GROUPS = frozenset({"wide", "tall", "magnitudes", "players", "transpositions",
                         "number types"})  # fmt: skip
"""The groups of :mod:`gametree.conform.edge_trees`: each of their trees is asked under four
windows (open, around the value, below it, above it), in its own group."""


def _windows(v: spec.Scalar) -> list[tuple[str, str, tuple[str, ...], spec.Scalar | None,
                                            spec.Scalar | None]]:  # fmt: skip
    """(group, comment, flags, alpha, beta) around the value v."""
    return [
        ("full window", "the full window", (), None, None),
        ("inside", "(v - 1, v + 1)", ("WindowInside",), v - 1, v + 1),
        ("inside", "(v - 1, v + 1/2)", ("WindowInside", "Fraction"), v - 1, v + Fraction(1, 2)),
        ("below", "(v + 1, v + 3): fails low", ("WindowBelow",), v + 1, v + 3),
        ("below", "(v + 1, unbounded)", ("WindowBelow",), v + 1, None),
        ("below", "(v, v + 2): alpha = v, fails low", ("WindowBelow", "BoundaryEqual"), v, v + 2),
        ("above", "(v - 3, v - 1): fails high", ("WindowAbove",), v - 3, v - 1),
        ("above", "(unbounded, v - 1)", ("WindowAbove",), None, v - 1),
        ("above", "(v - 2, v): beta = v, fails high", ("WindowAbove", "BoundaryEqual"), v - 2, v),
        ("null window", "(v - 1, v): null window, fails high",
         ("NullWindow", "WindowAbove", "BoundaryEqual"), v - 1, v),
        ("null window", "(v, v + 1): null window, fails low",
         ("NullWindow", "WindowBelow", "BoundaryEqual"), v, v + 1),
    ]  # fmt: skip


CATALOGUE = Path(__file__).with_name("catalogue.json")
"""The minimal cases of the bug catalogue (``tests/bugs``), written by its generator; package
data, read by the gate through :func:`catalogue`."""


@functools.cache
def catalogue(semantics: str | None = None) -> tuple[tuple[str, str, str, Case], ...]:
    """(bug, semantics, comment, case) for every case kept from the bug catalogue.

    With ``semantics``, that semantics' only: only its cases are read (some have 10^5 nodes).
    Raises ``MissingPackageDataError`` if ``catalogue.json`` is missing (an incomplete
    installation): a gate without those cases would pass engines it should fail.
    """
    return tuple(
        (e["bug"], e["semantics"], e["comment"], case_from_request(e["semantics"], e["input"]))
        for e in _entries(CATALOGUE)
        if semantics in {None, e["semantics"]}
    )


@functools.cache
def _entries(path: Path) -> list[Any]:
    """The catalogue at ``path``, parsed once a process.

    The gate of each semantics reads it: 3 MB, with trees too deep for ``json``, so read by
    the iterative parser, a second of CPU each time.
    """
    entries = loads(package_text(path))
    assert isinstance(entries, list)
    return entries


def _state(p: int, v: int, *moves: tuple[str, int], quiet: bool = True,
           noisy: str = "", check: bool = False) -> GameState:  # fmt: skip
    """A state: terminal (worth v) without moves, else evaluated at v."""
    if not moves:
        return GameState(p, utility=v)
    return GameState(p, tuple(moves), None, v, quiet or check, tuple(noisy), check)


def _random_game(rng: random.Random, *, states: int) -> GameGraph:
    out = []
    for s in range(states):
        p = rng.randint(0, 1)
        later = states - 1 - s
        if later == 0 or (s > 0 and rng.random() < 0.25):
            out.append(_state(p, rng.randint(-9, 9)))
            continue
        k = rng.randint(1, min(3, later))
        moves = [("abc"[i], rng.randint(s + 1, states - 1)) for i in range(k)]
        kind = rng.randint(0, 5)
        noisy = "".join(m for m, _ in moves if rng.random() < 0.5) if 3 <= kind < 5 else ""
        out.append(_state(p, rng.randint(-9, 9), *moves, quiet=kind < 3, noisy=noisy,
                          check=kind == 5))  # fmt: skip
    return GameGraph.of(out).reachable()


@functools.cache
def games() -> list[tuple[str, str, tuple[str, ...], GameGraph]]:
    """The game graphs of the ``game-`` semantics: (group, comment, flags, game)."""
    rng = random.Random(20260503)  # noqa: S311 - fixed games, not secrets
    g = GameGraph.of
    out: list[tuple[str, str, tuple[str, ...], GameGraph]] = [
        ("edge cases", "the root is terminal", ("LeafRoot",), g([_state(1, 4)])),
        ("edge cases", "one move", ("UnaryNode",), g([_state(0, 0, ("a", 1)), _state(1, -3)])),
        ("edge cases", "Min moves at the root, Max moves twice", ("NotByDepth",),
         g([_state(1, 0, ("a", 1), ("b", 2)), _state(0, 2, ("a", 3), ("b", 4)),
            _state(0, -1, ("c", 4)), _state(1, 5), _state(0, -2)])),
        ("transpositions", "a state reached by two lines at the same depth, first searched "
         "with a window that cuts it off", ("Transposition",),
         g([_state(0, 0, ("a", 1), ("b", 2)), _state(1, 0, ("a", 3), ("b", 4)),
            _state(1, 0, ("a", 4), ("b", 5)), _state(0, 1),
            _state(0, 0, ("a", 6), ("b", 7)), _state(0, 9), _state(1, 3), _state(1, 8)])),
        ("transpositions", "a state reached at two depths, interior at both", ("Transposition",),
         g([_state(0, 0, ("a", 1), ("b", 2)), _state(1, 5, ("a", 2)),
            _state(0, -4, ("a", 3), ("b", 4)), _state(1, 0, ("a", 5)), _state(1, 1),
            _state(0, 9)])),
        ("quiescence", "a capture that loses: noisy moves only below the horizon",
         ("Quiescence",),
         g([_state(0, 0, ("a", 1), ("b", 2)), _state(1, 3, ("x", 3), ("y", 4), quiet=False,
                                                      noisy="x"),
            _state(1, 1), _state(0, -5), _state(0, 9)])),
        ("quiescence", "a state in check below the horizon: every reply is searched, and "
         "standing pat would be better for Min", ("Quiescence", "Check"),
         g([_state(0, 0, ("a", 1), ("b", 2)), _state(1, -8, ("x", 3), ("y", 4), check=True),
            _state(1, -7), _state(0, -6), _state(0, 7)])),
        ("quiescence", "not quiet, and no noisy move: evaluated as it is", ("Quiescence",),
         g([_state(0, 0, ("a", 1)), _state(1, 3, ("x", 2), quiet=False), _state(0, -8)])),
        ("quiescence", "a move that refuted a sibling at the same ply is legal here but not "
         "noisy: it is not searched below the horizon", ("Quiescence",),
         g([_state(0, 0, ("a", 1), ("b", 2), ("c", 3)),
            _state(1, 0, ("x", 4), quiet=False, noisy="x"),
            _state(1, 0, ("x", 5), ("y", 6), quiet=False, noisy="x"),
            _state(1, 0, ("x", 7), ("y", 8), quiet=False, noisy="y"),
            _state(0, 1), _state(0, 0), _state(0, 5), _state(0, -5), _state(0, 4)])),
    ]  # fmt: skip
    out.extend(("generated", f"drawn from seed 20260503, game {i}", ("Generated",),
                _random_game(rng, states=4 + i % 5)) for i in range(12))  # fmt: skip
    return out


def _paper_game() -> GameGraph:
    """Wesselink et al.'s counterexample to Marsland's lookup (their Python's ``make_tree``).

    Their node names are the moves' labels: v is reached at ply 2 (u y v) and at ply 4.
    """
    s = _state
    return GameGraph.of([
        s(0, 0, ("y", 1), ("k", 2)), s(1, 0, ("z", 9), ("v", 5), ("q", 10)), s(1, 0, ("l", 3)),
        s(0, 0, ("m", 4)), s(1, 0, ("v", 5)), s(0, 0, ("b", 6), ("e", 7)), s(1, 0, ("c", 8)),
        s(1, 0, ("f", 13), ("g", 14)), s(0, 0, ("d", 11), ("h", 12)), s(0, 2), s(0, 1), s(1, 3),
        s(1, 4), s(0, 2), s(0, 1),
    ])  # fmt: skip


Window = tuple[int, spec.Scalar | None, spec.Scalar | None]
"""(depth, alpha, beta) a game is asked at."""


@functools.cache
def reuse_games() -> list[tuple[str, tuple[str, ...], GameGraph, tuple[Window, ...]]]:
    """Games where an entry of a deeper search changes the value: (comment, flags, game, asks)."""
    g = GameGraph.of
    return [
        ("Wesselink et al.'s counterexample (arXiv 2509.20138), 15 states: Marsland's lookup "
         "returns 2 at depth 6 with the window (0, 5), where the witnesses are worth 1 and 4",
         ("Transposition",), _paper_game(), ((6, 0, 5), (6, None, None), (5, 0, 5))),
        ("players alternate; a state reached at plies 1 and 3: its entry from ply 1 answers at "
         "ply 3 with -5, the fixed depth says 3", ("Transposition",),
         g([_state(0, 4, ("a", 3), ("b", 5), ("c", 1)), _state(1, -5, ("a", 2)),
            _state(0, 4, ("a", 3)), _state(1, -5, ("a", 4)), _state(0, 3, ("a", 5)),
            _state(1, -5)]),
         ((4, None, None), (4, -6, 4), (3, None, None))),
        ("Max moves twice; a state reached at plies 1 and 2: the deeper entry gives -2, the "
         "fixed depth -1", ("Transposition",),
         g([_state(0, -9, ("a", 2), ("b", 1)), _state(0, 8, ("a", 2)),
            _state(0, 1, ("a", 3), ("b", 3)), _state(1, -1, ("a", 4)), _state(0, -2)]),
         ((3, None, None), (3, -3, 0))),
    ]  # fmt: skip


@functools.cache
def table_cases(semantics: str) -> tuple[tuple[str, Case], ...]:
    """Games built around a state met again, one at least for each entry and place.

    :func:`gametree.conform.steer_games.table_game`'s games, drawn at a fixed seed and kept
    when the reference's search shows an entry and a place that no game kept before shows
    (:data:`gametree.conform.behaviours.TABLE`): each with the pair it was kept for.
    """
    from gametree.conform.behaviours import TABLE, all_pairs, infeasible, pairs_of  # noqa: PLC0415
    from gametree.conform.observe import observe  # noqa: PLC0415
    from gametree.conform.steer_games import propose_game  # noqa: PLC0415

    rng = random.Random(f"tables/{semantics}")  # noqa: S311 - fixed games, not secrets
    ruled = infeasible(semantics)
    wanted = [p for p in all_pairs(semantics) if p[0] in TABLE and p[1] in TABLE
              and p not in ruled]  # fmt: skip
    out: list[tuple[str, Case]] = []
    shown: set[tuple[str, str]] = set()
    for pair in wanted:
        for _ in range(500 if pair not in shown else 0):
            case, _ = propose_game(rng, semantics, set(pair), alternating=False)
            got = pairs_of(semantics, observe(case))
            if pair in got:
                out.append((f"{pair[0]} met {pair[1].removeprefix('revisit-')}", case))
                shown |= got
                break
    return tuple(out)


def _table_vectors(semantics: str, out: list[VectorCase]) -> None:
    """The table games of :func:`table_cases` as vectors of ``semantics``."""
    for comment, case in table_cases(semantics):
        auto = tuple(f for f in case_flags(case) if f != "Transposition")
        out.append(VectorCase("tables", f"a state met again: {comment}",
                              ("Transposition", *auto), case))  # fmt: skip


def _witness_vector_cases() -> list[VectorCase]:
    """game-negamax-witness: every game at depths 1..3 under four windows, then the reuse games.

    Then the table games of the witness semantics, and those of ``game-negamax`` asked without
    quiescence.
    """
    semantics = "game-negamax-witness"
    out: list[VectorCase] = []

    def add(group: str, comment: str, flags: tuple[str, ...], g: GameGraph, ask: Window) -> None:
        d, a, b = ask
        case = game_case(semantics, g, d, alpha=a, beta=b)
        auto = tuple(f for f in case_flags(case) if f not in flags)
        out.append(VectorCase(group, f"{comment}; depth {d}, window ({a}, {b})",
                              (*flags, *auto), case))  # fmt: skip

    for group, comment, flags, g in games():
        if "Quiescence" in flags:
            continue
        for d in (1, 2, 3):
            v = spec.cut_negamax(g, 0, d).value
            for a, b in ((None, None), (v - 1, v + 1), (v + 1, v + 3), (v - 3, v - 1)):
                add(group, comment, flags, g, (d, a, b))
    for comment, flags, g, asks in reuse_games():
        for ask in asks:
            add("table reuse", comment, flags, g, ask)
    _table_vectors(semantics, out)
    for comment, case in table_cases("game-negamax"):
        assert case.game is not None
        v = spec.cut_negamax(case.game, 0, case.depth).value
        for a, b in ((None, None), (v - 1, v + 1)):
            add("tables", f"a state met again, as game-negamax's table games: {comment}, "
                "no quiescence", ("Transposition",), case.game, (case.depth, a, b))  # fmt: skip
    return out


def _game_vector_cases(semantics: str) -> list[VectorCase]:
    out: list[VectorCase] = []
    if semantics == "game-negamax-witness":
        return _witness_vector_cases()
    if SEMANTICS[semantics].chance:  # game-expectimax: games with chance states, no quiescence
        for group, comment, flags, g in chance_cases.vector_games():
            for depth in (1, 2, 3, 4):
                case = game_case(semantics, g, depth)
                auto = tuple(f for f in case_flags(case) if f not in flags)
                out.append(VectorCase(group, f"{comment}; depth {depth}", (*flags, *auto), case))
        return out
    for group, comment, flags, g in games():
        auto = tuple(f for f in case_flags(game_case(semantics, g, 1)) if f not in flags)
        if semantics == "game-deepening":
            quiet = tuple(f for f in (*flags, *auto) if f not in {"Quiescence", "Check"})
            out.extend(VectorCase(group, f"{comment}; max_depth 4, max_nodes {budget}",
                                  (*quiet, "Budget"), game_case(semantics, g, 4, max_nodes=budget))
                       for budget in (1, 6, 15, 40))  # fmt: skip
            continue
        for depth in (1, 2, 3):
            for q in (0, 2) if semantics == "game-negamax" else (1, 2):
                qflags = auto if q else tuple(f for f in auto if f not in {"Quiescence", "Check"})
                fl = tuple(f for f in flags if q or f not in {"Quiescence", "Check"})
                out.append(VectorCase(group, f"{comment}; depth {depth}, quiescence {q}",
                                      (*fl, *qflags),
                                      game_case(semantics, g, depth, quiescence=q)))  # fmt: skip
    _table_vectors(semantics, out)
    return out


def vector_cases(semantics: str) -> list[VectorCase]:
    """Every case of one semantics, in file order.

    The witness semantics also asks the kept table cases of ``game-negamax`` (a game of at
    most :data:`WITNESSED` states), without quiescence, with the full window.
    """
    out = list(_vector_cases(semantics))
    for bug, _, comment, case in catalogue(semantics):
        out.append(VectorCase("bug catalogue", f"tests/bugs: {bug}: {comment}",
                              ("BugCatalogue", *case_flags(case)), case))  # fmt: skip
    if semantics != "game-negamax-witness":
        return out
    for bug, _, comment, case in catalogue("game-negamax"):
        g = case.game
        assert g is not None
        if len(g.states) <= WITNESSED:
            asked = game_case(semantics, g, case.depth)
            out.append(VectorCase("bug catalogue", f"tests/bugs: {bug}: {comment}; as "
                                  f"game-negamax-witness, without quiescence",
                                  ("BugCatalogue", *case_flags(asked)), asked))  # fmt: skip
    return out


WITNESSED = 100
"""The most states of a game of another semantics' catalogue that the witness semantics asks."""


@functools.cache
def _vector_cases(semantics: str) -> tuple[VectorCase, ...]:  # noqa: PLR0912 - one loop per kind
    s = SEMANTICS[semantics]
    out: list[VectorCase] = []

    def add(group: str, comment: str, flags: Sequence[str], case: Case) -> None:
        auto = tuple(f for f in case_flags(case) if f not in flags)
        out.append(VectorCase(group, comment, (*flags, *auto), case))

    if s.game:
        return tuple(_game_vector_cases(semantics))
    if s.chance:
        return _grouped(_chance_vector_cases(s))

    if s.kind == "scalar":
        for group, comment, flags, t in scalar_trees():
            if not s.window:
                add(group, comment, flags, Case(semantics, t))
                continue
            negamax = semantics.startswith("negamax") or semantics == "pvs"
            v = spec.negamax(t).value if negamax else spec.minimax(t).value
            windows = _windows(v)
            if "Deep" in flags:  # the full window and one failing low are enough, and small
                windows = [windows[0], windows[3]]
            elif group == "generated" or group in EDGE_GROUPS:
                windows = [windows[0], windows[1], windows[3], windows[6]]
            for wgroup, wcomment, wflags, a, b in windows:
                add(group if group in EDGE_GROUPS else wgroup, f"{comment}; window {wcomment}",
                    (*flags, *wflags), Case(semantics, t, alpha=a, beta=b))  # fmt: skip
            for gcomment, f in _guesses(s, group, flags, v):
                add("first guess", f"{comment}; the first guess {f}, {gcomment} the value",
                    (*flags, "FirstGuess"), Case(semantics, t, first_guess=f))  # fmt: skip
        return _grouped(out)
    own = optimal_trees() if s.domain else best_reply_cases.vector_trees() if s.players > 2 else []
    for group, comment, flags, t, bounds in vector_trees() + own:
        for more, extra, case in _asked(s, t, bounds):
            add(group, comment + more, (*flags, *extra), case)
    if semantics == "deep-pruning-unsound":
        for group, comment, flags, t, bounds in sound_pairs():
            add(group, comment, flags, Case(semantics, t, bounds))
    return _grouped(out)


def _chance_vector_cases(s: Semantics) -> list[VectorCase]:
    """The vectors of a chance semantics, and a few trees without chance nodes.

    :func:`chance_cases.vector_trees`, and the two-player trees worked for alpha-beta (Star1
    and Star2 are alpha-beta there), with leaf bounds. Each two-player tree is asked of Star1
    and Star2 under windows around its value; expectimax asks the N-player trees as well.
    """
    out: list[VectorCase] = []

    def add(group: str, comment: str, flags: Sequence[str], case: Case) -> None:
        auto = tuple(f for f in case_flags(case) if f not in flags)
        out.append(VectorCase(group, comment, (*flags, *auto), case))

    trees = list(chance_cases.vector_trees())
    rng = random.Random(20260538)  # noqa: S311 - fixed bounds, not secrets
    for group, comment, flags, t in scalar_trees():
        if group in {"examples", "ties", "pruning", "generated"}:
            trees.append((group, comment, flags, t, chance_cases.leaf_bounds(t, rng)))
    for group, comment, flags, t, interval in trees:
        if t.vector and s.kind != "any":
            continue
        value = spec.expectimax(t).value
        if not s.window or isinstance(value, tuple):
            add(group, comment, flags, Case(s.name, t, interval=interval))
            continue
        windows = _windows(value)
        if "Generated" in flags:
            windows = [windows[0], windows[1], windows[3], windows[6]]
        for _, wcomment, wflags, a, b in windows:
            add(group, f"{comment}; window {wcomment}", (*flags, *wflags),
                Case(s.name, t, alpha=a, beta=b, interval=interval))  # fmt: skip
    return out


def _guesses(s: Semantics, group: str, flags: tuple[str, ...], v: spec.Scalar) -> list[
    tuple[str, spec.Scalar]
]:  # fmt: skip
    """MTD(f)'s first guesses for a small tree of value v: below, at and above it."""
    if not s.guess or "Deep" in flags or group in EDGE_GROUPS:
        return []
    return [("below", v - 3), ("at", v), ("above", v + 3)]


def sound_pairs() -> list[tuple[str, str, tuple[str, ...], Tree, Bounds]]:
    """The small two-player trees as pairs (x, -x), where deep pruning is alpha-beta (Korf 3.2.3).

    Under ``Bounds(-m, 0)`` for |x| <= m; deep pruning must return the maxn value there.
    """
    out = []
    for group, comment, flags, t in scalar_trees():
        if "Deep" in flags or group in EDGE_GROUPS:
            continue
        m: spec.Scalar = 0
        for _, leaf in spec.iter_leaves(t):
            assert not isinstance(leaf.value, tuple)
            m = max(m, leaf.value, -leaf.value)
        out.append(("two players", f"{comment}, as pairs (x, -x)", (*flags, "SoundPairs"),
                    spec.as_pairs(t), Bounds(-m, 0)))  # fmt: skip
    return out


def _asked(s: Semantics, t: Tree, bounds: Bounds) -> list[tuple[str, tuple[str, ...], Case]]:
    """The cases of one N-player tree, each with what its comment and flags add.

    Paranoid asks every player, ``optimal`` every domain the leaves allow (with the flags of
    :func:`gametree.conform.optimal_trees.domain_flags`), the others the tree as it is; none
    of a tree with fewer players than the semantics takes (BRS+: three).
    """
    if t.players < s.players:
        return []
    if s.player:
        mover = t.to_move if isinstance(t, Node) else 0
        return [(f"; player {p}", () if p == mover else ("OtherPlayer",),
                 Case(s.name, t, bounds, player=p)) for p in range(t.players)]  # fmt: skip
    if s.domain:
        return [(f"; over the {d}", earned, Case(s.name, t, bounds, domain=d))
                for d, earned in domain_flags(t, bounds).items()]  # fmt: skip
    return [("", (), Case(s.name, t, bounds))]


def _grouped(cases: list[VectorCase]) -> tuple[VectorCase, ...]:
    """The cases in file order: by group, groups in order of first appearance (stable)."""
    first: dict[str, int] = {}
    for vc in cases:
        first.setdefault(vc.group, len(first))
    return tuple(sorted(cases, key=lambda vc: first[vc.group]))


_PLACEHOLDER = re.compile(r'"(@(?:tree|trace|pv|game)[0-9]+@)"')


def _compact(x: object) -> str:
    return json.dumps(x, separators=(", ", ": "))


def _test_json(tc_id: int, vc: VectorCase) -> tuple[dict[str, object], dict[str, str]]:
    """A case as JSON with placeholders for its tree and trace (filled in compactly)."""
    e = expected(vc.case)
    req = request(vc.case, trace=True)
    del req["trace"]
    if vc.case.game is not None:
        game_key = f"@game{tc_id}@"
        req["game"] = game_key
        fill = {game_key: _compact(game_json(vc.case.game))}
        return {"tcId": tc_id, "comment": vc.comment, "flags": list(vc.flags), "input": req,
                "expected": e.json()}, fill  # fmt: skip
    tree_key = f"@tree{tc_id}@"
    req["tree"] = tree_key
    exp = e.json()
    trace_key = f"@trace{tc_id}@"
    fills = {tree_key: dumps(vc.case.tree, vc.case.declared), trace_key: _compact(exp["trace"])}
    exp["trace"] = trace_key
    if "principal_variation" in exp:
        pv_key = f"@pv{tc_id}@"
        fills[pv_key] = _compact(exp["principal_variation"])
        exp["principal_variation"] = pv_key
    test = {
        "tcId": tc_id,
        "comment": vc.comment,
        "flags": list(vc.flags),
        "input": req,
        "expected": exp,
    }
    return test, fills


def generate(semantics: str) -> str:
    """The text of the vector file of one semantics."""
    cases = vector_cases(semantics)
    groups: dict[str, list[dict[str, object]]] = {}
    fills: dict[str, str] = {}
    for i, vc in enumerate(cases, start=1):
        test, f = _test_json(i, vc)
        groups.setdefault(vc.group, []).append(test)
        fills.update(f)
    used = sorted({flag for vc in cases for flag in vc.flags})
    s = SEMANTICS[semantics]
    doc = {
        "algorithm": "gametree conformance",
        "semantics": semantics,
        "schema": SCHEMA,
        "treeFormat": FORMAT,
        "numberOfTests": len(cases),
        "header": [
            f"{semantics}: {s.summary}.",
            "Each input is a request of the JSON-lines protocol of 'gametree conform' (add "
            '"id" and "trace"); expected holds the exact value or the closed value_range '
            "allowed, the best move and principal variation under the tie rule when the value "
            "is exact, and the trace (the leaves read, in order) of a conforming directional "
            "search. Generated by 'gametree vectors generate'; see docs/conformance.md.",
        ],
        "notes": {flag: NOTES[flag] for flag in used},
        "testGroups": [{"type": name, "tests": tests} for name, tests in groups.items()],
    }
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    return _PLACEHOLDER.sub(lambda m: fills[m.group(1)], text) + "\n"


FORMAT_CASES: list[tuple[str, str, tuple[str, ...], str]] = [
    ("a two-player tree", "valid", (), '{"format": "gametree-tree/1", "players": 2, "tree": '
     '{"to_move": 0, "children": [{"value": 3}, {"value": -2}]}}'),
    ("the shorthand", "valid", ("Shorthand",), "[[3, 12, 8], [2, 4, 6]]"),
    ("fractions and a double", "valid", ("Fraction",), '[["1/2", "-6/4"], [0.25, 2.0]]'),
    ("three players with bounds", "valid", (), '{"format": "gametree-tree/1", "players": 3, '
     '"bounds": {"lower": 0, "sum": 9}, "comment": "Korf", "tree": {"to_move": 0, "children": '
     '[{"value": [5, 2, 2]}, {"value": [6, 1, 2], "comment": "g"}]}}'),
    ("a lone leaf", "valid", (), '{"format": "gametree-tree/1", "players": 2, "tree": '
     '{"value": 7}}'),
    ("pairs for two players", "valid", (), '{"format": "gametree-tree/1", "players": 2, '
     '"tree": {"to_move": 1, "children": [{"value": [1, 2]}]}}'),
    ("not JSON", "invalid", ("Syntax",), '{"format": "gametree-tree/1", "players": 2,'),
    ("a trailing comma", "invalid", ("Syntax",), "[[1, 2], [3, 4],]"),
    ("NaN", "invalid", ("NotFinite",), '{"format": "gametree-tree/1", "players": 2, "tree": '
     '{"to_move": 0, "children": [{"value": NaN}]}}'),
    ("Infinity", "invalid", ("NotFinite",), "[[1, Infinity]]"),
    ("a double that overflows", "invalid", ("NotFinite",), "[[1, 1e400]]"),
    ("a duplicate key", "invalid", ("DuplicateKey",), '{"format": "gametree-tree/1", '
     '"players": 2, "tree": {"to_move": 0, "to_move": 1, "children": [{"value": 1}]}}'),
    ("an unknown key", "invalid", ("UnknownKey",), '{"format": "gametree-tree/1", "players": '
     '2, "tree": {"to_move": 0, "children": [{"value": 1, "score": 2}]}}'),
    ("a wrong format version", "invalid", ("Version",), '{"format": "gametree-tree/2", '
     '"players": 2, "tree": {"value": 1}}'),
    ("no players", "invalid", ("MissingKey",), '{"format": "gametree-tree/1", "tree": '
     '{"value": 1}}'),
    ("one player", "invalid", ("Players",), '{"format": "gametree-tree/1", "players": 1, '
     '"tree": {"value": 1}}'),
    ("a boolean value", "invalid", ("Type",), "[[1, true]]"),
    ("a null value", "invalid", ("Type",), "[[1, null]]"),
    ("a string that is not a fraction", "invalid", ("Type",), '[[1, "one"]]'),
    ("a zero denominator", "invalid", ("Fraction",), '[[1, "1/0"]]'),
    ("an empty node", "invalid", ("EmptyNode",), "[[1, 2], []]"),
    ("to_move out of range", "invalid", ("Players",), '{"format": "gametree-tree/1", '
     '"players": 2, "tree": {"to_move": 2, "children": [{"value": 1}]}}'),
    ("a vector of the wrong length", "invalid", ("Players",), '{"format": "gametree-tree/1", '
     '"players": 3, "tree": {"to_move": 0, "children": [{"value": [1, 2, 3]}, {"value": '
     "[1, 2]}]}}"),
    ("a scalar with three players", "invalid", ("Players",), '{"format": "gametree-tree/1", '
     '"players": 3, "tree": {"value": 4}}'),
    ("scalars and pairs mixed", "invalid", ("Type",), '{"format": "gametree-tree/1", '
     '"players": 2, "tree": {"to_move": 0, "children": [{"value": 1}, {"value": [1, 2]}]}}'),
    ("a leaf outside the bounds", "invalid", ("Bounds",), '{"format": "gametree-tree/1", '
     '"players": 3, "bounds": {"lower": 0, "sum": 9}, "tree": {"to_move": 0, "children": '
     '[{"value": [1, 2, 3]}, {"value": [5, 5, 5]}]}}'),
    ("bounds on a scalar tree", "invalid", ("Bounds",), '{"format": "gametree-tree/1", '
     '"players": 2, "bounds": {"lower": 0, "sum": 9}, "tree": {"value": 1}}'),
    ("a node that is a number in the canonical form", "invalid", ("Type",),
     '{"format": "gametree-tree/1", "players": 2, "tree": {"to_move": 0, "children": [3]}}'),
    ("a top level that is a number", "invalid", ("Type",), "42"),
    ("an object in the shorthand", "invalid", ("Type",), '[[1, {"value": 2}]]'),
    ("a number too long", "invalid", ("Limit",), "[[1, " + "9" * 1001 + "]]"),
    ("a chance node with leaf bounds", "valid", ("Chance",), '{"format": "gametree-tree/1", '
     '"players": 2, "bounds": {"lower": -5, "upper": 5}, "tree": {"to_move": 0, "children": '
     '[{"probabilities": ["1/3", "2/3"], "children": [{"value": 3}, {"value": -1}]}, '
     '{"value": 0}]}}'),
    ("a chance node among three players", "valid", ("Chance",), '{"format": "gametree-tree/1", '
     '"players": 3, "tree": {"probabilities": [0.25, 0.75], "children": [{"value": [1, 2, 3]}, '
     '{"to_move": 2, "children": [{"value": [3, 2, 1]}]}]}}'),
    ("probabilities that do not sum to 1", "invalid", ("Chance",), '{"format": '
     '"gametree-tree/1", "players": 2, "tree": {"probabilities": ["1/3", "1/3"], "children": '
     '[{"value": 1}, {"value": 2}]}}'),
    ("a decimal probability a double cannot hold", "invalid", ("Chance",), '{"format": '
     '"gametree-tree/1", "players": 2, "tree": {"probabilities": [0.1, 0.9], "children": '
     '[{"value": 1}, {"value": 2}]}}'),
    ("a probability of 0", "invalid", ("Chance",), '{"format": "gametree-tree/1", "players": '
     '2, "tree": {"probabilities": [0, 1], "children": [{"value": 1}, {"value": 2}]}}'),
    ("one probability too few", "invalid", ("Chance",), '{"format": "gametree-tree/1", '
     '"players": 2, "tree": {"probabilities": ["1"], "children": [{"value": 1}, {"value": '
     '2}]}}'),
    ("a chance node with a player", "invalid", ("Chance", "UnknownKey"), '{"format": '
     '"gametree-tree/1", "players": 2, "tree": {"probabilities": [1], "to_move": 0, '
     '"children": [{"value": 1}]}}'),
    ("a leaf outside the leaf bounds", "invalid", ("Bounds",), '{"format": "gametree-tree/1", '
     '"players": 2, "bounds": {"lower": 0, "upper": 1}, "tree": {"to_move": 0, "children": '
     '[{"value": "1/2"}, {"value": 2}]}}'),
    ("leaf bounds on vectors", "invalid", ("Bounds",), '{"format": "gametree-tree/1", '
     '"players": 3, "bounds": {"lower": 0, "upper": 9}, "tree": {"value": [1, 2, 3]}}'),
    ("empty leaf bounds", "invalid", ("Bounds",), '{"format": "gametree-tree/1", "players": 2, '
     '"bounds": {"lower": 1, "upper": 1}, "tree": {"value": 1}}'),
]  # fmt: skip
"""(comment, result, flags, document text) for the reader's vectors."""


def format_file() -> str:
    """The text of ``tree_format.json``."""
    tests = []
    for i, (comment, result, flags, text) in enumerate(FORMAT_CASES, start=1):
        test: dict[str, object] = {"tcId": i, "comment": comment, "flags": list(flags),
                                   "document": text, "result": result}  # fmt: skip
        try:
            doc = read_tree_text(text)
        except TreeFileError as e:
            if result != "invalid":
                raise AssertionError(f"{comment}: {e}") from None
            test["pointer"] = e.pointer
            test["error"] = e.problem
        else:
            assert result == "valid", comment
            test["canonical"] = document_json(doc.tree, doc.declared)
        tests.append(test)
    doc_json = {
        "algorithm": "gametree tree format",
        "schema": SCHEMA,
        "treeFormat": FORMAT,
        "numberOfTests": len(tests),
        "header": [
            "Documents for a reader of the gametree tree format. A valid document has the "
            "canonical form of the tree it denotes; an invalid one the RFC 6901 pointer of "
            "the fault that gametree's reader reports first (and its message, for reference).",
        ],
        "testGroups": [{"type": "TreeDocument", "tests": tests}],
    }
    return json.dumps(doc_json, indent=2, ensure_ascii=False) + "\n"


def vector_files() -> Iterator[tuple[str, str]]:
    """(file name, text) of every vector file, in a fixed order."""
    for name in SEMANTICS:
        yield f"{name.replace('-', '_')}.json", generate(name)
    yield "tree_format.json", format_file()
