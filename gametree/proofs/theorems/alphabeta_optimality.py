"""alphabeta-optimality: alpha-beta's instance optimality among directional algorithms, two players.

**The question** (issue 17, after Korf 3.2.4): "for two players (scalar, zero-sum trees): is
alpha-beta with deep cut-offs instance-optimal among directional algorithms, over the reals and
over the integers?" Knuth and Moore (AIJ 6, 1975) show alpha-beta "optimal in a certain sense"
(their abstract): every algorithm must examine the positions of a critical tree, with distinct
values. Here the question is
asked per tree, with ties and the leftmost-strict tie rule of ``spec.minimax``, as Korf's Theorem 1
asks it for maxn: does alpha-beta read, on every tree, only the leaves that every correct
left-to-right algorithm must read?

Glossary: t is a two-player tree (scalar values from Max's point of view; player 0, Max, and
player 1, Min, at any node, in turn or not), l a leaf, a_0 (the root), ..., a_(d-1) its
ancestors, B_j the minimax value of a_j's best child left of the path (leftmost strict; none if
the path goes through a_j's first child). alpha is the largest B_j over Max's ancestors and beta
the smallest over Min's (-inf and +inf when there is none): alpha-beta's window at l. A
*setting* (:class:`Setting`) is where the values range: the reals or the integers, everywhere
or within [lo, hi] (lo = -inf, hi = +inf when unbounded; over the integers a bound is rounded
inwards), and every leaf of t lies in it.

**Necessary** (DESIGN.md, "Optimality"; :mod:`proofs.optimality` for maxn). With every leaf
before l as in t, l is *value-necessary* when two values of l and one assignment of the leaves
after l, all in the setting, give ``spec.minimax`` different values, and *line-necessary* when
they give different values or principal variations. An algorithm that reads left to right and
skips l on t skips it on both completions, so it is wrong on one: every correct one reads every
necessary leaf (line-necessary if it returns the principal variation).

**The path lemma** of :mod:`gametree.impl.necessity` carries over word for word, reading
``x[p] > B[p]`` as x > B at Max and x < B at Min, and D as the setting: only the chain matters,
a constant B_j (or none), the value coming up the path and one free value R_j per level with a
right side. The chains are impl.necessity's, built on ``spec.as_pairs(t)`` (minimax on t is
maxn on the pairs (x, -x), the theorem maxn-pairs), B_j read off as the first component.

**Theorem (the window).** Let a = max(lo, alpha) and b = min(hi, beta). Then l is
value-necessary iff l is line-necessary iff a < b, over the reals and over the integers alike.

*Proof.* (If a < b.) Take u < w in the setting with a <= u and w <= b: u = a and w = b where
they are finite, one less than b or one more than a where one is not, 0 and 1 where neither
is (integers, since every B_j is a leaf value and the bounds are rounded). Put R_j = u at
Max's levels and R_j = w at Min's. Going up, a value x in [u, w] stays x: at Max's levels
B_j <= alpha <= u <= x, at Min's B_j >= beta >= w >= x, so max(B_j, x) = x, min(B_j, x) = x,
and R_j never strictly beats x. The root is worth u in one completion and w in the other.
(If a >= b.) If lo >= hi the setting holds one value and there is nothing to choose. Else
walk up from the leaf with a_i = max(lo, B_j over Max's levels j >= i), b_i likewise, and let
i be the first level (from the leaf) with a_i >= b_i; say a_i is Max's (Min's is the mirror):
a_(i+1) < b_(i+1) = b_i <= a_i = B_i. If b_(i+1) = hi, every value is <= hi <= B_i, so both
runs are blocked at a_i and hold (B_i, its line) from there on, the same R's deciding the rest
alike. Else b_(i+1) = B_k for a Min level k below i: after a_k both runs hold a value <= B_k;
between k and i, Max's B's are <= a_(i+1) < B_k, so only some R_m > B_k can lift a run above
B_k, and then it overtakes both runs alike (both <= B_k < R_m); if none does, both runs arrive
at a_i with values <= B_k <= B_i and are blocked there. Either way both runs reach the same
value and the same source, and from there on see the same constants: the same value and principal
variation at the root. []

So integers change nothing here (unlike maxn, where an integer that beats another beats it by
1): a window (alpha, alpha + 1) holds no integer, but the leaf can be alpha or alpha + 1 itself
and the root takes it (``Node.by_depth([3, [4, l]])``: l = 3 gives 3, l = 4 gives 4).

**Alpha-beta** started with the window (A, B) reads l iff max(A, alpha) < min(B, beta): the
window passed to a node is (max(A, alpha), min(B, beta)) over its ancestors' left children
(Knuth and Moore, section 2: a child that fails low leaves alpha where max(alpha, v) puts it,
and a cut-off comes as soon as alpha >= beta), and fail-soft passes the same windows (Fishburn).
Hence, for every tree and leaf:

1. *Unbounded values, reals or integers:* full-window alpha-beta (fail-hard and fail-soft, the
   same leaves) reads exactly the necessary leaves, for the value and for the line: it is
   instance-optimal among left-to-right algorithms.
2. *Bounded values:* it reads a leaf no algorithm needs exactly when alpha = hi and no Min
   ancestor has a left child, or beta = lo and no Max ancestor has one: a best so far at the
   bound its player wants, Korf's immediate pruning (3.2.1) for two players, from any ancestor,
   which the full window never sees. The smallest tree has 2 leaves, ``Node.by_depth([hi, l])``.
   Started with the bounds as its window, (lo, hi), alpha-beta reads exactly the necessary
   leaves; fail-soft it returns minimax's value (its result lies in [lo, hi] and Fishburn's
   properties pin it) and principal variation (checked: :func:`check`); fail-hard's line may
   stop short when the value is at a bound. How much it costs (measured once, 100 random
   uniform trees each, players in turn, integer leaves uniform in [0, k]): with k = 1
   (win or loss) the full window reads 29 to 31% more leaves than necessary for b = 3, d = 4
   and 6, and b = 5, d = 4; with k = 2, 14 to 16%; k = 10, 1 to 2%; k = 100, 0.1%.

The checks (:func:`check`): the window decision against z3 on the whole tree (minimax, and the
leaf the root's value comes from, as terms), on every small tree and on random ones;
alpha-beta's reads against it in each setting; the smallest counterexamples, found by the
enumeration and stored in ``proofs/data/alphabeta_optimality.json``, replayed.

>>> from gametree.spec import Node
>>> t = Node.by_depth([2, 0])
>>> decide_minimax(t, (1,), Setting("integers")).necessary
True
>>> d = decide_minimax(t, (1,), Setting("integers", 0, 2))
>>> d.necessary, d.window
(False, (2, 2))
"""

import functools
import pathlib
import time
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from itertools import pairwise, product
from math import ceil, floor
from typing import Literal

import attrs
import z3  # type: ignore[import-untyped]  # z3-solver ships no type information
from hypothesis import strategies as st

from gametree.impl import alphabeta
from gametree.impl.necessity import Chain, chains, completion
from gametree.impl.window import BOTTOM, TOP, Bound
from gametree.proofs.machinery._methods import result
from gametree.proofs.machinery._smt import (
    Query,
    TermVector,
    component_terms,
    differs,
    literal,
    maxn_terms,
)
from gametree.proofs.machinery.checks import Custom, Property, Replayed
from gametree.proofs.machinery.decision import with_values
from gametree.proofs.machinery.result import Counterexample, Method, Result, Scope, Theorem
from gametree.proofs.machinery.shapes import Shape, all_shapes, leaf_count
from gametree.proofs.machinery.treejson import read_number, read_stored
from gametree.spec import (
    Domain,
    Leaf,
    Node,
    Path,
    Scalar,
    Solution,
    Tree,
    TreeError,
    iter_leaves,
    minimax,
)
from gametree.spec.maxn import as_pairs
from gametree.spec.minimax import require_scalar_tree
from gametree.spec.strategies import scalar_trees
from gametree.spec.values import exact_scalar

__all__ = [
    "SETTINGS",
    "THEOREM",
    "MinimaxDecision",
    "Setting",
    "StoredCounterexample",
    "agree_on_every_completion",
    "alphabeta_reads",
    "check",
    "check_setting",
    "decide_minimax",
    "decide_minimax_smt",
    "replay",
    "stored_counterexamples",
    "window",
]


@attrs.frozen
class Setting:
    """Where a two-player tree's values range: ``domain``, optionally within [lower, upper].

    Over the integers a bound is rounded inwards (``low``, ``high``). The setting must hold
    two values at least (one value leaves nothing to decide).

    >>> Setting("reals", 0, 2), str(Setting("integers", Fraction(1, 2), 3))
    (Setting(domain='reals', lower=0, upper=2), 'integers in [1, 3]')
    """

    domain: Domain
    lower: Scalar | None = attrs.field(
        default=None, converter=attrs.converters.optional(exact_scalar)
    )
    upper: Scalar | None = attrs.field(
        default=None, converter=attrs.converters.optional(exact_scalar)
    )

    def __attrs_post_init__(self) -> None:
        if self.domain not in ("reals", "integers"):
            raise ValueError(f"a setting's domain is 'reals' or 'integers' (got {self.domain!r})")
        lo, hi = self.low, self.high
        if lo is not None and hi is not None and not lo < hi:
            raise ValueError(f"{self} holds one value or none: nothing to decide")

    @property
    def low(self) -> Scalar | None:
        """The least value, if any (rounded up over the integers)."""
        if self.lower is None:
            return None
        return ceil(self.lower) if self.domain == "integers" else self.lower

    @property
    def high(self) -> Scalar | None:
        """The greatest value, if any (rounded down over the integers)."""
        if self.upper is None:
            return None
        return floor(self.upper) if self.domain == "integers" else self.upper

    @property
    def bounded(self) -> bool:
        """Whether either bound is given."""
        return self.lower is not None or self.upper is not None

    def problem(self, v: Scalar) -> str | None:
        """What is wrong with the value ``v`` in this setting, or ``None``."""
        if self.domain == "integers" and int(v) != v:
            return f"{v} is not an integer (the setting is {self})"
        if self.low is not None and v < self.low:
            return f"{v} is below {self.low} (the setting is {self})"
        if self.high is not None and v > self.high:
            return f"{v} is above {self.high} (the setting is {self})"
        return None

    def __str__(self) -> str:
        if not self.bounded:
            return self.domain
        lo = "-inf" if self.low is None else str(self.low)
        hi = "+inf" if self.high is None else str(self.high)
        return f"{self.domain} in [{lo}, {hi}]"


SETTINGS = (
    Setting("reals"),
    Setting("integers"),
    Setting("reals", 0, 2),
    Setting("integers", 0, 2),
)
"""The four settings the checks cover on trees with leaves in [0, 2]."""


def window(c: Chain, setting: Setting) -> tuple[Scalar | None, Scalar | None]:
    """(a, b) = (max(lo, alpha), min(hi, beta)) of a chain on ``as_pairs(t)``; None is infinite."""
    a, b = setting.low, setting.high
    for level in c.levels:
        if level.best is None:
            continue
        x = level.best[0]
        if level.player == 0 and (a is None or x > a):
            a = x
        if level.player == 1 and (b is None or x < b):
            b = x
    return a, b


def _open(w: tuple[Scalar | None, Scalar | None]) -> bool:
    a, b = w
    return a is None or b is None or a < b


@attrs.frozen
class MinimaxDecision:
    """Whether a correct left-to-right algorithm must read ``leaf``, in ``setting``.

    ``window`` is (a, b) of the module docstring (None: infinite); a necessary leaf comes with
    ``witness``, the two completions, to which ``spec.minimax`` gives different values.
    """

    leaf: Path
    setting: Setting
    necessary: bool
    window: tuple[Scalar | None, Scalar | None]
    witness: tuple[Tree, Tree] | None
    reason: str


def check_setting(t: Tree, setting: Setting) -> None:
    """Raise a ``TreeError`` unless ``t`` is a scalar tree with every leaf in ``setting``."""
    require_scalar_tree(t, "the two-player optimality question")
    for path, x in iter_leaves(t):
        assert not isinstance(x.value, tuple)
        if (problem := setting.problem(x.value)) is not None:
            raise TreeError(problem, path)


def decide_minimax(t: Tree, leaf: Path, setting: Setting) -> MinimaxDecision:
    """Decide exactly whether ``leaf`` of ``t`` is necessary in ``setting`` (The theorem).

    The value and the line questions have the same answer (module docstring). A necessary leaf
    comes with its witness, checked with ``spec.minimax``.
    """
    check_setting(t, setting)
    c = _chains_of(t).get(tuple(leaf))
    if c is None:
        raise ValueError(f"there is no leaf at path {list(leaf)}")
    w = window(c, setting)
    if not _open(w):
        return MinimaxDecision(
            c.leaf,
            setting,
            necessary=False,
            window=w,
            witness=None,
            reason=f"the window ({w[0]}, {w[1]}) is closed: no value of the leaf or of the "
            "later leaves moves the root's value or its principal variation",
        )
    u, v = _apart(w)
    rights = [
        None if not level.right else (u, -u) if level.player == 0 else (v, -v) for level in c.levels
    ]
    later = {p: x[0] for p, x in completion(as_pairs(t), c, rights).items()}
    if any(setting.problem(x) for x in (u, v, *later.values())):
        raise AssertionError(f"the witness of {list(c.leaf)} leaves {setting}: {u}, {v}, {later}")
    one, other = (with_values(t, {**later, c.leaf: x}) for x in (u, v))
    roots = minimax(one).value, minimax(other).value
    if roots[0] == roots[1]:
        raise AssertionError(f"the witness of {list(c.leaf)} gives the same value {roots[0]}")
    return MinimaxDecision(
        c.leaf,
        setting,
        necessary=True,
        window=w,
        witness=(one, other),
        reason=f"the leaf at {u} and at {v} gives the roots {roots[0]} and {roots[1]} "
        "(checked with spec.minimax)",
    )


def _apart(w: tuple[Scalar | None, Scalar | None]) -> tuple[Scalar, Scalar]:
    """U < w within an open window, at its ends where they are finite (the proof's choice)."""
    a, b = w
    if a is not None and b is not None:
        return a, b
    if a is not None:
        return a, a + 1
    if b is not None:
        return b - 1, b
    return 0, 1


def decide_minimax_smt(t: Tree, leaf: Path, setting: Setting, *, line: bool) -> bool:
    """The same question asked of z3 on the whole tree, every free leaf an unknown.

    Minimax is maxn on (x, -x) (maxn-pairs); a third component, the leaf's position, rides
    along unchosen, so that the root's carries the leaf its value comes from: with ``line``
    the two roots must differ in value or there. Independent of the path lemma and the window.
    """
    check_setting(t, setting)
    paths = [p for p, _ in iter_leaves(t)]
    if tuple(leaf) not in paths:
        raise ValueError(f"there is no leaf at path {list(leaf)}")
    k = paths.index(tuple(leaf))
    solver = Query(timeout=None)

    def free(name: str, position: int) -> TermVector:
        _, (x,) = component_terms(name, 1, setting.domain)
        if setting.low is not None:
            solver.add(x >= literal(setting.low))
        if setting.high is not None:
            solver.add(x <= literal(setting.high))
        return (x, -x, position)

    terms: dict[Path, TermVector] = {}
    for j, (path, x) in enumerate(iter_leaves(t)):
        if j < k:
            v = x.value
            assert not isinstance(v, tuple)
            terms[path] = (v, -v, j)
        elif j > k:
            terms[path] = free(f"leaf{list(path)}", j)
    u, w = free("u", k), free("w", k)
    here = paths[k]
    root_u = maxn_terms(t, lambda p: u if p == here else terms[p])
    root_w = maxn_terms(t, lambda p: w if p == here else terms[p])
    keep = (0, 2) if line else (0,)
    solver.add(differs(tuple(root_u[i] for i in keep), tuple(root_w[i] for i in keep)))
    answer = solver.check()
    if answer not in (z3.sat, z3.unsat):
        raise RuntimeError(f"z3 answered {answer} on {list(leaf)} of {t!r}")
    return bool(answer == z3.sat)


def agree_on_every_completion(t: Tree, leaf: Path, setting: Setting) -> bool:
    """Whether no two values of ``leaf`` change minimax's value or line: every completion.

    Minimax's answer depends only on the order of the values, so the completions from a
    finite grid are all of them up to order: every value of the tree and bound of the setting,
    with as many points between two neighbours, and beyond an open end, as there are free
    values (the free leaves and the leaf's second value); over the integers, every integer
    between. Exponential in the number of free leaves: for small trees (the replays, tests).
    """
    check_setting(t, setting)
    paths = [p for p, _ in iter_leaves(t)]
    k = paths.index(tuple(leaf))
    free = paths[k:]
    grid = _order_grid(t, setting, len(free) + 1)
    for rest in product(grid, repeat=len(free) - 1):
        later = dict(zip(free[1:], rest, strict=True))
        answers = set()
        for x in grid:
            s = minimax(with_values(t, {**later, free[0]: x}))
            answers.add((s.value, s.principal_variation))
        if len(answers) > 1:
            return False
    return True


def _order_grid(t: Tree, setting: Setting, room: int) -> list[Scalar]:
    fixed: set[Scalar] = {x.value for _, x in iter_leaves(t)}  # type: ignore[misc]
    fixed |= {b for b in (setting.low, setting.high) if b is not None}
    lo = setting.low if setting.low is not None else min(fixed) - room
    hi = setting.high if setting.high is not None else max(fixed) + room
    if setting.domain == "integers":
        return list(range(int(lo), int(hi) + 1))
    marks = sorted(fixed | {lo, hi})
    out: list[Scalar] = []
    for x, y in pairwise(marks):
        out.extend(_number(x + (y - x) * Fraction(i, room + 1)) for i in range(room + 1))
    return [*out, marks[-1]]


def _number(q: Fraction) -> Scalar:
    return q.numerator if q.denominator == 1 else q


# --- alpha-beta ------------------------------------------------------------------------------

cache_last = functools.lru_cache(maxsize=4)
"""The checks ask about one tree in each setting in turn: its minimax answer and chains once."""

Window = Literal["full", "bounds"]
"""Alpha-beta's starting window: (-inf, +inf), or the setting's bounds (lo, hi)."""


def alphabeta_reads(
    t: Tree, setting: Setting, start: Window, *, fail_soft: bool
) -> tuple[list[Path], str | None]:
    """The leaves alpha-beta reads on ``t``, in order, and what is wrong with its answer.

    With the bounds as its window the answer must still be minimax's value, and fail-soft its
    principal variation too (``None`` when it is).
    """
    low: Bound = BOTTOM if start == "full" or setting.low is None else setting.low
    high: Bound = TOP if start == "full" or setting.high is None else setting.high
    r = alphabeta(t, low, high, fail_soft=fail_soft, trace=True)
    s = _minimax_of(t)
    wrong = None
    if r.value != s.value or (fail_soft and r.principal_variation != s.principal_variation):
        wrong = f"returns {r.value} by {list(r.principal_variation)}, minimax {s.value} by " + str(
            list(s.principal_variation)
        )
    return list(r.trace or ()), wrong


@cache_last
def _minimax_of(t: Tree) -> Solution[Scalar]:
    return minimax(t)


@cache_last
def _chains_of(t: Tree) -> dict[Path, Chain]:
    return chains(as_pairs(t))


def _necessary_leaves(t: Tree, setting: Setting) -> list[Path]:
    return [p for p, c in _chains_of(t).items() if _open(window(c, setting))]


def _alphabeta_problem(t: Tree, setting: Setting, start: Window) -> str | None:
    """What is wrong with ``start`` alpha-beta's reads on ``t`` (None: exactly the necessary).

    Fail-hard and fail-soft must read the same leaves, and both be exact.
    """
    hard, wrong_hard = alphabeta_reads(t, setting, start, fail_soft=False)
    soft, wrong_soft = alphabeta_reads(t, setting, start, fail_soft=True)
    if hard != soft:
        return f"fail-hard reads {hard}, fail-soft {soft}"
    if wrong_hard or wrong_soft:
        return f"fail-{'hard' if wrong_hard else 'soft'} {wrong_hard or wrong_soft}"
    need = _necessary_leaves(t, setting)
    if hard != need:
        extra = [list(p) for p in hard if p not in need]
        if extra:
            return f"reads {extra[0]}, which no directional algorithm needs ({setting})"
        return (
            f"reads {[list(p) for p in hard]}, the necessary leaves are {[list(p) for p in need]}"
        )
    return None


# --- trees -----------------------------------------------------------------------------------


def _trees(
    shapes: Sequence[Shape], values: Sequence[Scalar], *, every_mover: bool = False
) -> Iterator[Tree]:
    """Every tree of ``shapes`` with leaves from ``values``, players in turn from Max.

    With ``every_mover``, every assignment of Max and Min to the interior nodes instead.
    """
    for s in shapes:
        nodes = _interior(s)
        movers = product((0, 1), repeat=nodes) if every_mover else [_in_turn(s)]
        for who in movers:
            for vs in product(values, repeat=leaf_count(s)):
                yield _grow(s, list(who), list(vs))


def _interior(s: Shape) -> int:
    return 0 if s is None else 1 + sum(_interior(c) for c in s)


def _in_turn(s: Shape) -> tuple[int, ...]:
    out: list[int] = []

    def walk(x: Shape, depth: int) -> None:
        if x is not None:
            out.append(depth % 2)
            for c in x:
                walk(c, depth + 1)

    walk(s, 0)
    return tuple(out)


def _grow(s: Shape, movers: list[int], values: list[Scalar]) -> Tree:
    """The tree of ``s``, movers and leaf values taken in preorder."""
    who, vs = iter(movers), iter(values)

    def grow(x: Shape) -> Tree:
        if x is None:
            return Leaf(next(vs))
        p = next(who)
        return Node(p, [grow(c) for c in x])

    return grow(s)


@st.composite
def _cases(draw: st.DrawFn, *, bounded: bool | None = None) -> tuple[Tree, Setting]:
    """A tree and a setting its leaves fit, Max or Min at any node, ties often.

    The reals (halves) or the integers, values in [0, top]; the setting bounded by [0, top],
    at one end or not at all (``bounded`` says which of those).
    """
    domain: Domain = draw(st.sampled_from(["reals", "integers"]))
    top = draw(st.sampled_from([1, 2, 3, 5]))
    ends: list[tuple[int | None, int | None]] = [(0, top), (0, None), (None, top)]
    if bounded is None:
        ends.append((None, None))
    elif not bounded:
        ends = [(None, None)]
    lower, upper = draw(st.sampled_from(ends))
    t = draw(
        scalar_trees(
            max_depth=4,
            max_branching=3,
            min_value=0,
            max_value=top,
            grid=2 if domain == "reals" else 1,
            ties=draw(st.booleans()),
            by_depth=False,
        )
    )
    return t, Setting(domain, lower, upper)


# --- stored counterexamples ------------------------------------------------------------------

DATA = pathlib.Path(__file__).parents[1] / "data" / "alphabeta_optimality.json"
"""The stored counterexamples (see :func:`stored_counterexamples`; package data)."""


@attrs.frozen
class StoredCounterexample:
    """A tree and a leaf that full-window alpha-beta reads and no directional algorithm needs."""

    name: str
    setting: Setting
    tree: Tree
    leaf: Path
    note: str


def stored_counterexamples() -> list[StoredCounterexample]:
    """The counterexamples of ``proofs/data/alphabeta_optimality.json``.

    Raises ``MissingPackageDataError`` if the file is missing (an incomplete installation).
    """
    out = []
    for r, t, _ in read_stored(DATA, "counterexamples"):
        s = r["setting"]
        lower, upper = (None if s[k] is None else read_number(s[k]) for k in ("lower", "upper"))
        setting = Setting(s["domain"], lower, upper)
        out.append(StoredCounterexample(r["name"], setting, t, tuple(r["leaf"]), r["note"]))
    return out


def replay(c: StoredCounterexample) -> str | None:
    """Check a stored counterexample afresh: ``None`` if it is one, else what is wrong.

    Full-window alpha-beta, fail-hard and fail-soft, reads the leaf; the window decision and
    z3 on the whole tree (the line question) find it unnecessary; every completion leaves
    minimax's value and line as they are (:func:`agree_on_every_completion`); and alpha-beta
    with the bounds as its window skips it and returns minimax's value and line (fail-soft).
    """
    for soft in (False, True):
        reads, _ = alphabeta_reads(c.tree, c.setting, "full", fail_soft=soft)
        if c.leaf not in reads:
            return f"full-window alpha-beta (fail-{'soft' if soft else 'hard'}) skips the leaf"
    if decide_minimax(c.tree, c.leaf, c.setting).necessary:
        return "the window decision says the leaf is necessary"
    if decide_minimax_smt(c.tree, c.leaf, c.setting, line=True):
        return "z3 finds two completions the leaf tells apart"
    if not agree_on_every_completion(c.tree, c.leaf, c.setting):
        return "some completion makes the leaf matter"
    reads, wrong = alphabeta_reads(c.tree, c.setting, "bounds", fail_soft=True)
    if c.leaf in reads or wrong:
        return wrong or "alpha-beta with the bounds as its window reads the leaf too"
    return None


# --- the checks ------------------------------------------------------------------------------

NAME = "alphabeta-optimality"

DECISION = (
    "two players: a leaf is value-necessary iff line-necessary iff max(lo, alpha) < "
    "min(hi, beta), over the reals and the integers, bounded or not"
)


def _decision_problem(t: Tree, setting: Setting, *, both_ways: bool = False) -> str | None:
    """What is wrong with the window decision on some leaf of ``t`` (None: nothing).

    Each verdict is certified: a necessary leaf by its witness (``spec.minimax``, inside
    :func:`decide_minimax`), an unnecessary one by z3 on the whole tree finding no two
    completions apart even in principal variation. With ``both_ways``, z3 is asked about the
    necessary leaves too (its value question), so that the two decisions are compared.
    """
    for path, _ in iter_leaves(t):
        ours = decide_minimax(t, path, setting).necessary
        if ours and not both_ways:
            continue
        theirs = decide_minimax_smt(t, path, setting, line=not ours)
        if ours != theirs:
            kind = "value" if ours else "line"
            return f"leaf {list(path)}, {setting}: the window says {ours}, z3 ({kind}) {theirs}"
    return None


def _both_ways(t: Tree, setting: Setting) -> str | None:
    return _decision_problem(t, setting, both_ways=True)


Run = tuple[int, int, bool]
"""An enumeration: trees of at most this many leaves, of at most this height, and whether with
every assignment of movers (else players in turn)."""


def _on_grids(
    scope: Scope,
    claim: str,
    problem: "_Problem",
    *,
    runs: Sequence[Run],
    settings: Sequence[Setting],
    expected: Literal["holds", "fails"] = "holds",
) -> Result:
    """``problem`` on every tree of the ``runs`` (unary nodes, leaves in {0, 1, 2})."""
    started = time.monotonic()
    cases = 0
    bad: Counterexample | None = None
    finished = True
    for max_leaves, max_height, every_mover in runs:
        shapes = [
            s
            for i, s in enumerate(all_shapes(max_leaves, max_height=max_height, unary=True))
            if scope.shard.takes(i)
        ]
        for t in _trees(shapes, [0, 1, 2], every_mover=every_mover):
            if scope.budget.expired():
                finished = False
                break
            for setting in settings:
                cases += 1
                if (p := problem(t, setting)) is not None:
                    bad = Counterexample(t, p)
                    break
            if bad is not None:
                break
        if bad is not None or not finished:
            break
    where = "; ".join(
        f"1..{n} leaves of height <= {h}, {'Max and Min at any node' if every else 'in turn'}"
        for n, h, every in runs
    )
    return result(
        theorem=NAME,
        claim=claim,
        method="bounded-exhaustive",
        expected=expected,
        cases=cases,
        domain=f"every tree of every shape (unary nodes) with {where}; leaves in {{0, 1, 2}}; "
        f"settings: {', '.join(map(str, settings))}",
        counterexample=bad,
        finished=finished,
        scope=scope,
        started=started,
    )


def _on_random_trees(
    claim: str,
    problem: "_Problem",
    *,
    method: Method,
    max_examples: int,
    share: float,
    bounded: bool | None = None,
) -> Property[tuple[Tree, Setting]]:
    """``problem`` on Hypothesis's trees and settings (derandomized, shrunk if it fails)."""
    which = {None: "", True: "bounded ", False: "unbounded "}[bounded]
    return Property(
        claim=claim,
        strategy=lambda: _cases(bounded=bounded),
        predicate=lambda case: problem(*case),
        domain="Hypothesis's trees (height <= 4, up to 3 children, Max or Min at any node, "
        f"ties often), {which}settings over the reals (halves) and the integers, values in "
        "[0, 1..5]",
        max_examples=max_examples,
        max_examples_full=10 * max_examples,
        method=method,
        note=lambda case, found: f"{case[1]}: {found}",
        share=share,
    )


_Problem = Callable[[Tree, Setting], str | None]
"""What is wrong on a tree in a setting (None: the claim holds there)."""


def _full_window(t: Tree, setting: Setting) -> str | None:
    return _alphabeta_problem(t, setting, "full")


def _bounds_window(t: Tree, setting: Setting) -> str | None:
    return _alphabeta_problem(t, setting, "bounds")


UNBOUNDED = tuple(s for s in SETTINGS if not s.bounded)
BOUNDED = tuple(s for s in SETTINGS if s.bounded)

FULL_WINDOW = (
    "unbounded values, reals or integers: full-window alpha-beta (fail-hard and fail-soft, "
    "the same leaves) reads exactly the necessary leaves"
)
FULL_WINDOW_BOUNDED = (
    "values within [lo, hi], reals or integers: full-window alpha-beta reads only necessary leaves"
)
BOUNDS_WINDOW = (
    "values within [lo, hi], reals or integers: alpha-beta with the window (lo, hi) reads "
    "exactly the necessary leaves; fail-soft returns minimax's value and principal variation"
)


def _decision_runs(scope: Scope) -> list[Run]:
    return [(4, 3, False), (3, 3, True)] if scope.full else [(3, 3, False)]


def _search_runs(scope: Scope) -> list[Run]:
    if scope.full:
        return [(4, 4, False), (3, 5, False), (3, 3, True)]
    return [(4, 3, False), (3, 4, False)]


CHECKS = (
    Custom(
        run_on=lambda scope: _on_grids(
            scope, DECISION, _decision_problem, runs=_decision_runs(scope), settings=SETTINGS
        ),
        methods=("bounded-exhaustive",),
        reach="within a bound",
        share=0.15,
    ),
    _on_random_trees(DECISION, _both_ways, method="SMT (z3)", max_examples=40, share=0.15),
    Custom(
        run_on=lambda scope: _on_grids(
            scope, FULL_WINDOW, _full_window, runs=_search_runs(scope), settings=UNBOUNDED
        ),
        methods=("bounded-exhaustive",),
        reach="within a bound",
        share=0.2,
    ),
    _on_random_trees(
        FULL_WINDOW,
        _full_window,
        method="property (Hypothesis)",
        max_examples=200,
        share=0.2,
        bounded=False,
    ),
    Custom(
        run_on=lambda scope: _on_grids(
            scope,
            FULL_WINDOW_BOUNDED,
            _full_window,
            runs=_search_runs(scope),
            settings=BOUNDED,
            expected="fails",
        ),
        methods=("bounded-exhaustive",),
        reach="within a bound",
        share=0.2,
    ),
    Replayed(
        claim=f"{FULL_WINDOW_BOUNDED}: the stored counterexamples, replayed",
        stored=stored_counterexamples,
        replay=replay,
        name=lambda c: c.name,
        shown=lambda c: Counterexample(c.tree, f"{c.name}: {c.note}"),
        domain="proofs/data/alphabeta_optimality.json; each leaf: alpha-beta's reads, the "
        "window, z3 on the whole tree, every completion up to order, alpha-beta with the bounds",
    ),
    Custom(
        run_on=lambda scope: _on_grids(
            scope, BOUNDS_WINDOW, _bounds_window, runs=_search_runs(scope), settings=BOUNDED
        ),
        methods=("bounded-exhaustive",),
        reach="within a bound",
        share=0.5,
    ),
    _on_random_trees(
        BOUNDS_WINDOW,
        _bounds_window,
        method="property (Hypothesis)",
        max_examples=200,
        share=0.9,
        bounded=True,
    ),
)
"""The checks (see the module docstring)."""


THEOREM = Theorem(
    name=NAME,
    title="Instance optimality of alpha-beta among directional algorithms (two players)",
    statement=(
        "Is alpha-beta with deep cut-offs instance-optimal among directional algorithms, over "
        "the reals and over the integers? (issue 17, after Korf 3.2.4; Knuth and Moore: "
        "alpha-beta is optimal in a certain sense)"
    ),
    source="Knuth and Moore, AIJ 6 (1975), abstract and section 2; Korf, Generalized Game "
    "Trees, IJCAI-89, sections 3.2.1 and 3.2.4; issue 17",
    status=(
        "Holds with unbounded values, over the reals and the integers alike: full-window "
        "alpha-beta (fail-hard or fail-soft) reads exactly the leaves every correct "
        "left-to-right algorithm must read, for the value and for the principal variation (the "
        "two notions coincide: a leaf is necessary iff max(lo, alpha) < min(hi, beta), proved "
        "and checked against z3). FALSE with values within [lo, hi]: it reads leaves below a "
        "best so far at the bound (smallest: Max's [hi, x], 2 leaves), which immediate pruning "
        "skips; alpha-beta with the bounds as its window reads exactly the necessary leaves, "
        "and fail-soft it is exact."
    ),
    module="gametree.proofs.theorems.alphabeta_optimality",
    checks=CHECKS,
)
check = THEOREM.check
