"""The optimal directional search for maxn: it reads a leaf exactly when it is necessary.

Korf 1989, section 3.2.4, Theorem 1: "Every directional algorithm that computes the maxn value
of a game tree with more than two players must evaluate every terminal node evaluated by
shallow pruning." As printed it is false (``proofs.optimality``: last-branch pruning skips
leaves that shallow pruning reads). This search answers Korf's question ("is there a more
restricted form of pruning that is valid, or is shallow pruning the best we can do?") per
tree: it reads the leaves left to right and reads leaf l only when l is *necessary* given the
leaves read so far, decided exactly by the path lemma of :mod:`gametree.impl.necessity`
(:func:`~gametree.impl.necessity.decide_chain`, no solver).

Glossary: t is the tree, D the vectors within Korf's bounds (real or integer as ``domain``
says), f(t) the pair (maxn value, principal variation) of ``spec.maxn`` (leftmost strict), a
*placeholder* the vector the search puts at a leaf it skips (default: the least vector of D,
every component at the lower bound, rounded up over the integers).

**Necessary, for the line.** Leaf l is necessary when, with the leaves before l fixed, some
two values of l and one completion of the later leaves give different f: a different value
*or* a different principal variation (``decide_chain(..., line=True)``). Every correct
directional algorithm must read such a leaf (it cannot tell the two completions apart, and
must give two answers), and a leaf that is not necessary can be skipped without changing f.
Whether the line notion is ever stricter than the value notion is :data:`LINE_VERSUS_VALUE`.

**The placeholder does not matter.** The search skips s_1, s_2, ... (in that order) and
decides each later leaf with every earlier skipped leaf at its placeholder. Claim: every
verdict, and the f it returns, are the same for every placeholder in D, and the same as with
the skipped leaves at their values in t. Write f(s_1, ..., s_k, r) for f of t with the read
leaves as read, the skipped ones at s_i and the leaves after s_k at r. s_1 was skipped: with
every leaf before it fixed, f(s_1, r) does not depend on s_1, for every r (r holds s_2, ...).
Inductively, if f does not depend on s_1 .. s_(i-1) at all, then f(p_1, .., p_(i-1), s_i, r)
not depending on s_i (s_i skipped with the earlier ones at their placeholders p) means
f(x_1, .., x_(i-1), s_i, r) = f(p_1, .., p_(i-1), s_i, r) does not depend on s_i for any x.
So f does not depend on the skipped leaves, jointly. (A skipped subtree, see below, is one
s_i: f sees it only through its value, which ranges over D as a leaf's does.) Then a later
leaf l, decided with the skipped leaves at p: "some u, w, r with f(p, u, r) != f(p, w, r)"
is the same statement for every p, since f(p, x, r) = f(q, x, r) for all x and r. And the
answer the search returns, f with the skipped leaves at p, is f(t). (A skipped leaf is never
on the principal variation unless D is a single vector: changing a leaf on the line changes
the value.)
``tests/test_impl_optimal.py`` checks it: the traces are the same for several placeholders,
including the true values, and equal to :func:`gametree.proofs.machinery.decision.decide` with
the skipped leaves free in the whole-tree z3 encoding (``unknown=``).

**What follows.** Since the verdicts equal those with the skipped leaves at their true
values, this search reads exactly the leaves l that are necessary with *every* leaf before l
as in t. Every correct directional (left-to-right) algorithm reads all of them; so this one
reads a subset of what shallow pruning (``impl.shallow``) and last-branch pruning
(``impl.last_branch``) read, on any tree where they are exact, players in turn or not.

**Whole subtrees.** The search asks the question of every node it enters, as if the node
were a leaf: a subtree's maxn value is one of its leaves, so it ranges over D like a leaf, and
the path lemma applies to the node's chain unchanged. If a leaf l below node a is necessary,
so is a: the root sees l only through a's value, so two values of l that give different
roots, or the same root value from different leaves, give two values of a that do the same
(if a's value stays the same the two lines differ inside a, so a is on the root's line, and
the root's value is a's: then a value of a that differs, which D has unless it is a single
vector, changes the root). So an unnecessary node has no necessary leaf below it, and the
search skips the subtree whole, with the placeholder (called with the node's path) as its
value. The reads are the same as deciding each of its leaves in turn; only the work differs.

**Cost.** The walk keeps, for each ancestor on the path, its best child so far (with
placeholders), which is B_j. So a node costs O(depth) to frame and one ``decide_chain`` to
decide (immediate when the node's value can pass every level, the common case, exponential in
the depth at worst). The walk enters every node whose ancestors are all necessary
(``nodes_visited``; it must know the path to a leaf to decide it) and evaluates only the
necessary leaves (``leaves_evaluated``). If ``decide_chain`` gives up at its limit the node
is decided again without one (exact, only slower), so that the search needs no solver.

**The kernel.** That is :func:`optimal_search`, the reference. :func:`optimal` runs the same
walk and the same decision in :mod:`gametree.impl._optimal_kernel` (compiled by mypyc where a
build is installed, ``impl._compiled``), which reads the same leaves and returns the same
answer and counts, with the work that does not depend on the node asked about done once: the
chain's constants as integers and the survival test kept per level as the walk goes, and two
verdicts known without a search (a first child of a necessary node is necessary, and a node
whose chain is its left sibling's gets its sibling's verdict), and three simple witnesses
tried before the search. ``bench/optimality_bench.py`` measures the leaves of a tree decided
per second, against this module as it was before the kernel (``bench/optimal_baseline.py``).

>>> from gametree.spec import Bounds, Node
>>> t = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])
>>> r = optimal(t, Bounds(0, 9), trace=True)
>>> r.value, r.principal_variation, r.trace
((1, 0, 8), (0,), ((0,), (1, 0), (1, 1, 0)))
"""

import sys
from collections.abc import Callable
from functools import partial
from math import ceil
from types import ModuleType

from gametree.impl import _compiled
from gametree.impl._optimal_kernel import leftmost
from gametree.impl.events import Event, leaf, number, text
from gametree.impl.maxn_stack import require_vectors
from gametree.impl.necessity import Chain, Level, decide_chain
from gametree.impl.result import SearchResult
from gametree.spec import Bounds, Domain, Leaf, Node, Path, Tree, TreeError, Value, Vector

__all__ = [
    "LINE_VERSUS_VALUE",
    "Placeholder",
    "Verdict",
    "optimal",
    "optimal_search",
    "with_kernel",
]

Placeholder = Callable[[Path], Vector]
"""The vector put at a skipped leaf or subtree, by its path (the search never reads below it)."""

Verdict = Callable[[Chain, Bounds, Domain], bool]
"""Whether the leaf of a chain is necessary (the search's question, replaceable for tests)."""

LINE_VERSUS_VALUE = (
    "none within this scope: every grid prefix (proofs.optimality.grid_prefixes) of every shape "
    "of up to 3 leaves (unary nodes, players in turn), 2 and 3 players, integer leaves within "
    "Bounds(0, 1) and Bounds(0, 2); and of up to 4 leaves for 2 players with either bound and "
    "3 players with Bounds(0, 1) (428,970 prefixes, measured once); line-necessary exactly "
    "when value-necessary. Not covered: 4 leaves, 3 players, Bounds(0, 2)"
)
"""Whether a leaf can matter to the principal variation but not to the value
(``tests/test_impl_optimal.py`` checks the 3-leaf part exhaustively). The search uses the line
notion all the same: it is the one that makes its principal variation exact by construction."""


def necessary(c: Chain, bounds: Bounds, domain: Domain) -> bool:
    """The line question of the chain, exactly: ``decide_chain``, without a limit if need be."""
    answer = decide_chain(c, bounds, domain, line=True, witness=False)
    if answer is None:
        answer = decide_chain(c, bounds, domain, line=True, limit=sys.maxsize, witness=False)
    assert answer is not None
    return answer.necessary


def optimal(
    t: Tree,
    bounds: Bounds,
    *,
    domain: Domain = "reals",
    trace: bool = False,
    placeholder: Placeholder | None = None,
    events: bool = False,
) -> SearchResult[Value]:
    """The maxn value and principal variation of ``t``, reading only the necessary leaves.

    Exactly ``spec.maxn``'s value and principal variation (tie rule included) for every tree
    within ``bounds`` whose leaves lie in ``domain`` (``"integers"``: integer components, a
    stronger assumption under which fewer leaves are necessary). Directional: leaves are read
    left to right, a skipped leaf never. Every leaf read is checked against the bounds and
    the domain (a ``TreeError`` names it); a skipped leaf is the caller's declaration.
    ``placeholder`` (default: the least vector of the domain) is what a skipped leaf or
    subtree is taken to be, a vector of the domain within the bounds (another is an error);
    the answer and the leaves read do not depend on it (module docstring). Runs the kernel
    (module docstring): the same reads, answer and counts as :func:`optimal_search`, which
    runs instead when the events are asked for (its walk records them).

    Cost: every node whose ancestors are all necessary is entered and decided, one
    ``decide_chain`` each, O(depth) to frame, immediate in the common case and exponential in
    the depth at worst; only the necessary leaves are read.
    """
    if events:
        return optimal_search(t, bounds, domain=domain, trace=trace, placeholder=placeholder,
                              events=True)  # fmt: skip
    return with_kernel(
        _compiled.OPTIMAL, t, bounds, domain=domain, trace=trace, placeholder=placeholder
    )


def with_kernel(
    kernel: ModuleType,
    t: Tree,
    bounds: Bounds,
    *,
    domain: Domain = "reals",
    trace: bool = False,
    placeholder: Placeholder | None = None,
) -> SearchResult[Value]:
    """:func:`optimal` run by ``kernel``: ``impl._optimal_kernel`` or a build of it.

    The tests and the benchmark run each build this way, side by side.
    """
    players, lowest, evaluate = _reader(t, bounds, domain)
    if placeholder is None:
        fill: Placeholder = lambda _path: lowest  # noqa: E731 - the default, as in optimal_search
    else:
        fill = partial(_checked, placeholder, bounds=bounds, domain=domain)
    value, line, nodes, read = kernel.walk(
        t,
        players,
        bounds.lower,
        bounds.total,
        integers=domain == "integers",
        fill=fill,
        evaluate=evaluate,
    )
    return SearchResult(value, line, nodes, len(read), tuple(read) if trace else None)


def _checked(placeholder: Placeholder, path: Path, *, bounds: Bounds, domain: Domain) -> Vector:
    """The caller's placeholder at ``path``, checked: a vector of the domain within the bounds.

    The kernel's shortcuts, like the module docstring's argument, take every B_j in D.
    """
    v = placeholder(path)
    problem = bounds.problem(v)
    if problem is None and domain == "integers" and any(int(x) != x for x in v):
        problem = f"the domain is the integers (got {v!r})"
    if problem is not None:
        raise TreeError(f"the placeholder is not a vector of the domain: {problem}", path)
    return v


def optimal_search(  # noqa: PLR0912 - one walk, and what it records
    t: Tree,
    bounds: Bounds,
    *,
    domain: Domain = "reals",
    trace: bool = False,
    placeholder: Placeholder | None = None,
    verdict: Verdict = necessary,
    events: bool = False,
) -> SearchResult[Value]:
    """:func:`optimal` with the necessity question as a parameter (the tests seed flaws in it).

    With ``events``, the walk records its decisions (:mod:`impl.events`): a node it finds not
    necessary is entered, cut off with the reason in words, and left with its placeholder.
    """
    players, lowest, evaluate = _reader(t, bounds, domain)
    fill: Placeholder = placeholder if placeholder is not None else (lambda _path: lowest)
    log: list[Event] | None = [] if events else None

    nodes = 0
    read: list[Path] = []
    # One frame per node on the path: its node, player, next child, best so far and its leaf.
    frames: list[tuple[Node, int, int, Vector | None, Path]] = []
    levels: list[Level] = []
    path: list[int] = []
    x: Tree = t
    while True:
        nodes += 1
        here = tuple(path)
        if not verdict(Chain(here, players, tuple(levels)), bounds, domain):
            value, line = fill(here), leftmost(x, here)
            if log is not None:
                log.extend(_unnecessary(here, x, value, domain))
        elif isinstance(x, Node):
            if log is not None:
                log.append({"type": "enter", "path": list(here), "player": x.to_move})
            frames.append((x, x.to_move, 0, None, ()))
            levels.append(Level(x.to_move, None, len(x.children) > 1))
            path.append(0)
            x = x.children[0]
            continue
        else:
            value, line = evaluate(x, here), here
            read.append(here)
            if log is not None:
                log.append(leaf(here, value))
        # Back the value up through every node whose last child this was.
        while frames:
            node, p, i, best, best_line = frames[-1]
            if best is None or value[p] > best[p]:
                best, best_line = value, line
                if log is not None:
                    log.append({"type": "best", "path": path[:-1], "value": number(value),
                                "child": i})  # fmt: skip
            path.pop()
            levels.pop()
            if i + 1 < len(node.children):
                frames[-1] = (node, p, i + 1, best, best_line)
                levels.append(Level(p, best, i + 2 < len(node.children)))
                path.append(i + 1)
                x = node.children[i + 1]
                break
            frames.pop()
            value, line = best, best_line
            if log is not None:
                log.append({"type": "leave", "path": list(path), "value": number(value)})
        else:
            traced = tuple(read) if trace else None
            return SearchResult(value, line, nodes, len(read), traced,
                                None if log is None else tuple(log))  # fmt: skip


def _unnecessary(here: Path, x: Tree, value: Vector, domain: Domain) -> list[Event]:
    """The events of a node found not necessary: entered, cut off in words, left."""
    what = "leaf" if isinstance(x, Leaf) else "subtree"
    reals = "real" if domain == "reals" else "integer"
    reason = (f"not necessary: with the leaves read so far, no two {reals} values of this "
              f"{what} within the bounds can change the root's value or principal variation, "
              f"whatever the leaves after it hold; it is taken to be {text(value)} and never "
              "read")  # fmt: skip
    return [
        {"type": "enter", "path": list(here), "player": x.to_move if isinstance(x, Node) else None},
        {"type": "cut", "path": list(here), "after": None, "skipped": [], "test": None,
         "reason": reason},
        {"type": "leave", "path": list(here), "value": number(value)},
    ]  # fmt: skip


def _reader(
    t: Tree, bounds: Bounds, domain: Domain
) -> tuple[int, Vector, Callable[[Leaf, Path], Vector]]:
    """N, the least vector of the domain, and a leaf reader that checks bounds and domain."""
    if domain not in ("reals", "integers"):
        raise TreeError(f"'domain' must be 'reals' or 'integers' (got {domain!r})", ())
    players = require_vectors(t, "the optimal search")
    low = ceil(bounds.lower) if domain == "integers" else bounds.lower
    if players * low > bounds.total:
        kind = "integer " if domain == "integers" else ""
        raise TreeError(
            f"no {players}-vector of {kind}components fits {bounds}: the lower bounds alone "
            f"sum to {players * low}, above the total",
            (),
        )

    integers = domain == "integers"
    ints = (int,) * players

    def evaluate(leaf: Leaf, path: Path) -> Vector:
        v = leaf.value
        assert isinstance(v, tuple)
        problem = bounds.problem(v)
        if problem is not None:
            raise TreeError(f"the optimal search relies on {bounds}: {problem}", path)
        # ints first: the kernel reads thousands of leaves a second, nearly all of them ints
        if integers and not all(map(isinstance, v, ints)) and any(int(x) != x for x in v):
            raise TreeError(
                f"the optimal search was told the leaves are integers (got {v!r})", path
            )
        return v

    return players, (low,) * players, evaluate
