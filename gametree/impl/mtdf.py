"""MT and MTD(f): minimax as a sequence of one-sided tests (Plaat, Schaeffer, Pijls, de Bruin).

Glossary: t is a tree, n a node, c a child, v a true (minimax) value from Max's point of view,
g a test's result, γ (``gamma``) the value tested against, f a first guess, f⁻ and f⁺ the lower
and upper bounds on v known so far.

**MT** ("memory-enhanced test", A. Plaat, J. Schaeffer, W. Pijls and A. de Bruin, "Best-first
fixed-depth minimax algorithms", Artificial Intelligence 87, 1996, Figure 2) answers "is v at
least γ?" by a null-window, fail-soft alpha-beta: a Max node stops as soon as a child reaches
γ, a Min node as soon as a child falls below it::

    MT(n, γ):  if n is a leaf: g := eval(n)
               elif n is Max: g := -∞; for c while g < γ: g := max(g, MT(c, γ))
               else:          g := +∞; for c while g >= γ: g := min(g, MT(c, γ))

and g >= γ => v >= g (a lower bound), g < γ => v <= g (an upper bound). ``strict=True`` asks
"is v above γ?" instead: Max stops when a child exceeds γ, Min when a child is at most γ, and
g > γ => v >= g, g <= γ => v <= g. On integers the strict test at γ is the paper's test at
γ + 1; on rationals, where there is no "γ + 1", it is what keeps MTD(f) exact.

**MTD(f)** (Plaat et al. 1996, Figure 3) brackets v between f⁻ and f⁺, starting from a first
guess f, and tests until they meet. Here a test at the lower bound is strict (the paper's
"γ := g + 1 if g = f⁻"), any other test is not; each test moves a bound strictly to a leaf
value, so it ends. With a window (alpha, beta) it stops as soon as f⁺ <= alpha or
f⁻ >= beta and returns that bound, so the result has Knuth and Moore's and Fishburn's
properties (see :mod:`impl.alphabeta`).

**Memory.** The tests share a transposition table keyed by node identity (so a subtree that a
tree shares by reference, as :func:`impl.ordered.best_ordered` builds, is a transposition)
holding f⁻ and f⁺ for each interior node searched; a node whose stored bound answers the
test is visited but not expanded. Children are always tried left to right: the table gives
bounds, never an order.

**The move and the principal variation.** The test that raises f⁻ to v stops at the root's
first child that reaches the test value, and every child before it was shown strictly worse, so
the best move is the leftmost best one, ``spec.minimax``'s. The rest of the principal variation
is then read off by tests at v, one node at a time (the leftmost child of value v, found with
the table), so it is ``spec.minimax``'s principal variation too. Its leaves are counted with
the rest. When the result is only a bound, the principal variation is the line of the test that
produced it.
"""

from typing import Final

import attrs

from gametree.impl._support import HollowError, Line, hollow_node, leaf_result, result
from gametree.impl.alphabeta import RECURSION_HEIGHT
from gametree.impl.events import Event, cut, leaf, number
from gametree.impl.result import SearchResult
from gametree.impl.window import BOTTOM, TOP, Bound, Internal, check_scalar_tree, window
from gametree.spec import Leaf, Node, Path, Scalar, Tree, TreeError, exact_scalar

__all__ = ["mt", "mtdf"]

_NEG: Final = float("-inf")
_POS: Final = float("inf")

Table = dict[int, list[object]]
"""id(node) -> [f⁻, f⁺, line of f⁻, line of f⁺]; f⁻ and f⁺ are internal bounds."""


def mt(
    t: Tree, gamma: Scalar, *, strict: bool = False, trace: bool = False
) -> SearchResult[Scalar]:
    """Plaat et al.'s MT(t, γ) without memory: a bound g on the minimax value v of ``t``.

    Non-strict: g >= γ => v >= g and g < γ => v <= g. Strict: g > γ => v >= g and
    g <= γ => v <= g. The principal variation leads to the leaf whose value g is. O(b^d) leaves at
    worst, O(d) memory (no table).

    >>> t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> mt(t, 3).value, mt(t, 3, strict=True).value, mt(t, 4).value
    (3, 3, 3)
    """
    t = check_scalar_tree(t, "mt")
    g = _gamma(gamma)
    try:
        found = _mt(t, g, strict=strict, table=None, trace=[] if trace else None, prefix=())
    except HollowError:
        raise hollow_node(t) from None
    value, line, interior, leaves, tr = found
    return result(value, line, interior + leaves, leaves, tr)


def mtdf(
    t: Tree,
    first_guess: Scalar = 0,
    alpha: Bound | float = BOTTOM,
    beta: Bound | float = TOP,
    *,
    trace: bool = False,
    events: bool = False,
) -> SearchResult[Scalar]:
    """Plaat et al.'s MTD(f): the minimax value of ``t`` (Max's view) by MT tests from a guess.

    With the full window the value is ``spec.minimax(t).value`` and the principal variation is
    ``spec.minimax``'s (see the module docstring). ``first_guess`` is where the tests start;
    the closer to the value, the fewer tests: each test moves a bound to another leaf value,
    so there are at most as many as the tree has distinct leaf values, plus the tests that
    read the principal variation (at most b per level, most answered by the table). Each test
    reads O(b^d) leaves at worst; the table holds two bounds for each interior node searched,
    O(n) memory for n nodes.

    >>> t = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = mtdf(t)
    >>> r.value, r.principal_variation, r.leaves_evaluated
    (3, (0, 0), 9)
    >>> mtdf(t, first_guess=20).leaves_evaluated
    12
    """
    t = check_scalar_tree(t, "mtdf")
    a, b = window(alpha, beta)
    guess = _gamma(first_guess, "first_guess")
    if isinstance(t, Leaf):
        r = leaf_result(t.value, trace=trace)  # type: ignore[arg-type]
        return attrs.evolve(r, events=(leaf((), t.value),)) if events else r
    log: list[Event] | None = [] if events else None
    try:
        found = _mtdf(t, guess, a, b, trace=trace, log=log)
    except HollowError:
        raise hollow_node(t) from None
    if log is None:
        return found
    log.append({"type": "leave", "path": [], "value": number(found.value)})
    return attrs.evolve(found, events=tuple(log))


def _mtdf(
    t: Node, guess: Scalar, a: Internal, b: Internal, *, trace: bool, log: list[Event] | None
) -> SearchResult[Scalar]:
    """MTD(f) from the guess, stopping when the bounds meet or leave the window (a, b)."""
    tr: list[Path] | None = [] if trace else None
    table: Table = {}
    lower: Internal = _NEG
    upper: Internal = _POS
    lower_line: Line = None
    upper_line: Line = None
    interior = leaves = passes = 0
    g: Internal = min(max(guess, a), b)
    while lower != upper and upper > a and lower < b:
        if g <= lower:
            gamma, strict = lower, True
        elif g >= upper:
            gamma, strict = upper, False
        else:
            gamma, strict = g, False
        passes += 1
        if log is not None:
            log.append({"type": "search", "path": [], "alpha": number(lower),
                        "beta": number(upper), "pass": passes, "gamma": number(gamma),
                        "strict": strict})  # fmt: skip
        g, line, i, k, _ = _mt(t, gamma, strict=strict, table=table, trace=tr, prefix=(),
                               log=log)  # fmt: skip
        interior += i
        leaves += k
        if g > gamma or (g == gamma and not strict):
            lower, lower_line = g, line
        else:
            upper, upper_line = g, line
    if lower == upper:  # exact: read the principal variation off, test by test
        if log is not None:
            log.append({"type": "search", "path": [], "alpha": number(lower),
                        "beta": number(upper), "pass": passes + 1, "gamma": number(lower),
                        "kind": "principal variation"})  # fmt: skip
        line, i, k = _principal_variation(t, lower, table, tr, log)
        return result(lower, line, interior + i + leaves + k, leaves + k, tr)
    if upper <= a:  # failed low: an upper bound, with the line of the test that gave it
        return result(upper, upper_line, interior + leaves, leaves, tr)
    return result(lower, lower_line, interior + leaves, leaves, tr)  # failed high


def _gamma(x: object, name: str = "gamma") -> Scalar:
    try:
        return exact_scalar(x)
    except TreeError as e:
        raise TypeError(f"'{name}' must be a finite exact scalar: {e.problem}") from None


def _principal_variation(
    root: Node, v: Internal, table: Table, trace: list[Path] | None, log: list[Event] | None
) -> tuple[Line, int, int]:
    """The leftmost line of value ``v`` from ``root`` (whose value is ``v``), found by MT tests.

    At a Max node every child is worth at most v, so the first child with a test result
    g >= v is worth exactly v; at a Min node the first child with g <= v under the strict test.
    Returns the line and the interior nodes and leaves the tests visited; ``log``, when
    given, gets the events of the nodes on the line and of the tests.
    """
    path: list[int] = []
    interior = leaves = 0
    n: Tree = root
    while isinstance(n, Node):
        interior += 1
        maxing = n.to_move == 0
        if log is not None:
            log.append({"type": "enter", "path": list(path), "player": n.to_move,
                        "gamma": number(v), "strict": not maxing})  # fmt: skip
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                leaves += 1
                if trace is not None:
                    trace.append((*path, i))
                if log is not None:
                    log.append(leaf((*path, i), c.value))
                if c.value == v:
                    break
                continue
            where = (*path, i) if trace is not None or log is not None else ()
            g, _, ci, ck, _ = _mt(c, v, strict=not maxing, table=table, trace=trace, prefix=where,
                                  log=log)  # fmt: skip
            interior += ci
            leaves += ck
            if (g >= v) if maxing else (g <= v):
                break
        else:  # pragma: no cover - the root's value is some child's value
            raise AssertionError(f"no child of value {v} at path {path}")
        if log is not None:
            log.append({"type": "best", "path": list(path), "value": number(v), "child": i})
        path.append(i)
        n = c
    if log is not None:
        log.extend({"type": "leave", "path": path[:d], "value": number(v)}
                   for d in reversed(range(len(path))))  # fmt: skip
    line: Line = None
    for i in reversed(path):
        line = (i, line)
    return line, interior, leaves


def _store(
    table: Table, node: Node, g: Internal, line: Line, gamma: Internal, *, weak: bool
) -> None:
    """Record MT's result g at ``node``: a lower bound if g is high, else an upper bound."""
    entry = table.get(id(node))
    if entry is None:
        entry = table[id(node)] = [_NEG, _POS, None, None]
    if g > gamma or (weak and g == gamma):
        if g > entry[0]:  # type: ignore[operator]
            entry[0], entry[2] = g, line
    elif g < entry[1]:  # type: ignore[operator]
        entry[1], entry[3] = g, line


def _mt(  # noqa: PLR0912, PLR0915 - one loop, read against Plaat et al.'s MT as a whole
    root: Tree,
    gamma: Internal,
    *,
    strict: bool,
    table: Table | None,
    trace: list[Path] | None,
    prefix: tuple[int, ...],
    log: list[Event] | None = None,
) -> tuple[Internal, Line, int, int, list[Path] | None]:
    """MT(root, γ) over an explicit stack: (g, its line, interior nodes, leaves, trace).

    ``high(g)`` is "g >= γ" (non-strict) or "g > γ" (strict): Max stops when a child is
    high, Min when a child is not. With a ``table``, each interior node's bounds are looked up
    on entry and stored on exit. Untraced, subtrees at most ``RECURSION_HEIGHT`` high go to
    ``rec``, the same test written recursively, as in :mod:`impl.alphabeta`. ``log``, when
    given, gets the test's events (the loop only, as for a trace; ``prefix`` is the root's
    path).
    """
    leaf_type = Leaf
    weak = not strict
    if type(root) is leaf_type:
        if trace is not None:
            trace.append(prefix)
        if log is not None:
            log.append(leaf(prefix, root.value))
        return root.value, None, 0, 1, trace  # type: ignore[return-value]
    assert isinstance(root, Node)
    leaves = 0
    interior = 0
    line_out: Line = None
    height = -1 if trace is not None or log is not None else RECURSION_HEIGHT

    def rec(n: Node) -> Internal:  # noqa: PLR0912, PLR0915 - the paper's two loops
        """Plaat et al.'s MT(n, γ) as the paper writes it, recursive; sets ``line_out``."""
        nonlocal leaves, interior, line_out
        interior += 1
        hit = None
        if table is not None:
            hit = table.get(id(n))
            if hit is not None:
                lo, hi = hit[0], hit[1]
                if lo > gamma or (weak and lo == gamma):  # type: ignore[operator]
                    line_out = hit[2]  # type: ignore[assignment]
                    return lo  # type: ignore[return-value]
                if hi < gamma or (strict and hi == gamma):  # type: ignore[operator]
                    line_out = hit[3]  # type: ignore[assignment]
                    return hi  # type: ignore[return-value]
        kids = n.children
        if not kids:
            raise HollowError
        line: Line = None
        k = 0
        i = -1  # counted by hand, as in impl.alphabeta
        r: Internal
        best: Internal
        if n.to_move == 0:
            best = _NEG
            for c in kids:
                i += 1
                if type(c) is leaf_type:
                    r = c.value  # type: ignore[assignment]
                    if r > best:
                        best, line = r, i
                        if r > gamma or (weak and r == gamma):
                            break
                else:
                    k += 1
                    r = rec(c)  # type: ignore[arg-type]
                    if r > best:
                        best, line = r, (i, line_out)
                        if r > gamma or (weak and r == gamma):
                            break
        else:
            best = _POS
            for c in kids:
                i += 1
                if type(c) is leaf_type:
                    r = c.value  # type: ignore[assignment]
                    if r < best:
                        best, line = r, i
                        if r < gamma or (strict and r == gamma):
                            break
                else:
                    k += 1
                    r = rec(c)  # type: ignore[arg-type]
                    if r < best:
                        best, line = r, (i, line_out)
                        if r < gamma or (strict and r == gamma):
                            break
        leaves += i + 1 - k
        if table is not None:  # _store, inlined: the entry, if any, is already in hand
            high = best > gamma or (weak and best == gamma)
            if hit is None:
                table[id(n)] = [best, _POS, line, None] if high else [_NEG, best, None, line]
            elif high:
                if best > hit[0]:  # type: ignore[operator]
                    hit[0], hit[2] = best, line
            elif best < hit[1]:  # type: ignore[operator]
                hit[1], hit[3] = best, line
        line_out = line
        return best

    if root.height <= height:
        g = rec(root)
        return g, line_out, interior, leaves, trace
    path = list(prefix)  # kept for the trace and the events only: () without them
    stack: list[tuple[Node, tuple[Tree, ...], int, int, bool, Internal, Line]] = []
    node = root
    r: Internal
    rl: Line
    # Entering ``node``: answer from the table, or set up its frame.
    entering = True
    kids: tuple[Tree, ...] = ()
    n = i = 0
    maxing = True
    best: Internal = _NEG
    line: Line = None
    while True:
        if entering:
            entering = False
            interior += 1
            if log is not None:
                log.append({"type": "enter", "path": list(path), "player": node.to_move,
                            "gamma": number(gamma), "strict": strict})  # fmt: skip
            hit = None if table is None else table.get(id(node))
            if hit is not None:
                lo, hi = hit[0], hit[1]
                if lo > gamma or (weak and lo == gamma):  # type: ignore[operator]
                    hit_value, hit_line, kind = lo, hit[2], "lower"
                elif hi < gamma or (strict and hi == gamma):  # type: ignore[operator]
                    hit_value, hit_line, kind = hi, hit[3], "upper"
                else:
                    hit = None
            if hit is not None:
                r, rl = hit_value, hit_line  # type: ignore[assignment]
                if log is not None:
                    log.append({"type": "table", "path": list(path), "value": number(r),
                                "bound": kind})  # fmt: skip
                    log.append({"type": "leave", "path": list(path), "value": number(r)})
                if not stack:
                    return r, rl, interior, leaves, trace
                node, kids, n, i, maxing, best, line = stack.pop()
                path.pop()
            else:
                kids = node.children
                n = len(kids)
                if not n:
                    raise HollowError
                i = 0
                maxing = node.to_move == 0
                best = _NEG if maxing else _POS
                line = None
                continue
        elif i < n:
            c = kids[i]
            i += 1
            if type(c) is leaf_type:
                leaves += 1
                if trace is not None:
                    trace.append((*path, i - 1))
                if log is not None:
                    log.append(leaf((*path, i - 1), c.value))
                r = c.value  # type: ignore[assignment]
                rl = None
            elif c.height <= height:
                r = rec(c)  # type: ignore[arg-type]
                rl = line_out
            else:
                stack.append((node, kids, n, i, maxing, best, line))
                path.append(i - 1)
                node = c  # type: ignore[assignment]
                entering = True
                continue
        else:
            r, rl = best, line
            if table is not None:
                _store(table, node, r, rl, gamma, weak=weak)
            if log is not None:
                log.append({"type": "leave", "path": list(path), "value": number(r)})
            if not stack:
                return r, rl, interior, leaves, trace
            node, kids, n, i, maxing, best, line = stack.pop()
            path.pop()
        # Back in a frame with the result r (line rl) of child i - 1.
        if maxing:
            if r > best:
                best, line = r, (i - 1 if rl is None else (i - 1, rl))
                if log is not None:
                    _improved(log, path, node, i, best, gamma, strict=strict)
                if r > gamma or (weak and r == gamma):
                    i = n
        elif r < best:
            best, line = r, (i - 1 if rl is None else (i - 1, rl))
            if log is not None:
                _improved(log, path, node, i, best, gamma, strict=strict)
            if r < gamma or (strict and r == gamma):
                i = n


def _improved(  # noqa: PLR0917 - the node, then the test
    log: list[Event], path: list[int], node: Node, i: int, g: Internal, gamma: Internal, *,
    strict: bool,
) -> None:  # fmt: skip
    """The events of an MT node whose best became g with child ``i - 1``: the cut, if any."""
    log.append({"type": "best", "path": list(path), "value": number(g), "child": i - 1})
    n = len(node.children)
    maxing = node.to_move == 0
    high = g > gamma or (not strict and g == gamma)
    if high != maxing or i >= n:
        return
    if maxing:
        log.append(cut(path, n, i - 1, "g", g, ">" if strict else ">=", "gamma", gamma,
                       "Max has reached the test value: the value is at least g"))  # fmt: skip
    else:
        log.append(cut(path, n, i - 1, "g", g, "<=" if strict else "<", "gamma", gamma,
                       "Min has fallen below the test value: the value is at most g"))  # fmt: skip
