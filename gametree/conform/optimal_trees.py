# ruff: noqa: ISC004 - the entries hold long comments split over lines
"""The vectors' trees for ``optimal``: where the optimal search and shallow pruning differ.

:mod:`gametree.conform.vectors` asks the ``optimal`` semantics every N-player tree of the other
semantics and these, each over the reals and, when its leaves are integers, over the integers.
On most small trees the optimal search (``impl.optimal``) reads what shallow pruning
(``impl.shallow``) reads, so an engine that stops at shallow pruning, or decides over the wrong
domain, passes them; here are trees where it does not (Korf's Theorem 1 as printed fails on
each, 3.2.4), found from fixed seeds:

- **examples**: the last-branch example (``gametree.figures.last_branch_example``: the optimal
  search skips the leaf last-branch pruning skips); Korf's Figure 3, whose subtree (1, 1) no
  search over the integers needs.
- **beyond shallow**: random trees (3 and 4 players, height 3 and 4, sum 9 and 3) on which the
  optimal search over the reals skips a leaf shallow pruning reads; with ties (few distinct
  vectors); with players not in turn; with unary nodes; with 5 to 8 players.
- **domain**: trees on which a leaf necessary over the reals is not over the integers.
- **magnitudes**: some of those with every component shifted by a huge integer (the lower
  bound -c, for c from 999 to 10^100), which changes no verdict over either domain, and
  scaled to 1 + x/d for a tiny 1/d (d up to 10^450), which changes none over the reals.

Each entry is (group, comment, flags, tree, bounds), as :mod:`gametree.conform.edge_trees`'s;
the flags that say what a case shows (``BeyondShallow``, ``DomainMatters``, ...) are worked out
by :mod:`gametree.conform.vectors` for every case of ``optimal``.
"""

import functools
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import get_args

from gametree import impl
from gametree.conform.codec import Case, domain_problem
from gametree.conform.edge_trees import power_text
from gametree.conform.scope import magnitude_text
from gametree.conform.tiers import map_leaves, tight_tree
from gametree.figures import korf_figure3, last_branch_example
from gametree.spec import Bounds, Domain, Scalar, Tree, Value

__all__ = ["beyond_shallow", "domain_flags", "domain_matters", "integral", "optimal_trees"]

Entry = tuple[str, str, tuple[str, ...], Tree, Bounds]

SHIFTS: tuple[int, ...] = (999, 2**31, 2**53 + 1, 2**63, 10**28 + 7, 2**128, 10**100)
"""The huge integers the magnitude group shifts every component by (the lower bound -c)."""

DENOMINATORS: tuple[int, ...] = (2**60, 10**30, 10**450)
"""The tiny units the magnitude group scales components to, near 1 (reals only)."""


def _trace(t: Tree, bounds: Bounds, domain: Domain) -> tuple[object, ...]:
    r = impl.optimal(t, bounds, domain=domain, trace=True)
    assert r.trace is not None
    return r.trace


def integral(t: Tree) -> bool:
    """Whether every component of every leaf is an integer (``optimal`` may ask the integers)."""
    return domain_problem(Case("optimal", t, domain="integers")) is None


def _components(v: Value) -> tuple[Scalar, ...]:
    return v if isinstance(v, tuple) else (v,)


def beyond_shallow(t: Tree, bounds: Bounds, domain: Domain) -> bool:
    """Whether the optimal search over ``domain`` reads other leaves than shallow pruning."""
    return _trace(t, bounds, domain) != impl.shallow(t, bounds, trace=True).trace


def domain_matters(t: Tree, bounds: Bounds) -> bool:
    """Whether the optimal search reads other leaves over the integers than over the reals."""
    return integral(t) and _trace(t, bounds, "reals") != _trace(t, bounds, "integers")


def domain_flags(t: Tree, bounds: Bounds) -> dict[Domain, tuple[str, ...]]:
    """The domains ``optimal`` asks ``t`` over, each with what its case shows.

    The reals, and the integers too when the leaves are integers; the flags are
    ``BeyondShallow`` and ``DomainMatters`` (``vectors.NOTES``; ``IntegerDomain`` is the
    case's own, :func:`gametree.conform.scope.case_flags`).
    """
    shallow = impl.shallow(t, bounds, trace=True).trace
    traces = {d: _trace(t, bounds, d) for d in get_args(Domain) if d == "reals" or integral(t)}
    matters = ("DomainMatters",) if len(set(traces.values())) > 1 else ()
    return {
        d: (*(("BeyondShallow",) if trace != shallow else ()), *matters)
        for d, trace in traces.items()
    }  # fmt: skip


def _found(
    count: int, draw: Callable[[], tuple[Tree, Bounds]], keep: Callable[[Tree, Bounds], bool]
) -> Iterator[tuple[Tree, Bounds]]:
    """The first ``count`` trees ``draw`` makes that ``keep`` accepts."""
    found = 0
    while found < count:
        t, bounds = draw()
        if keep(t, bounds):
            found += 1
            yield t, bounds


@functools.cache
def optimal_trees() -> list[Entry]:
    """The trees of ``optimal``'s own groups (see the module), in file order."""
    nine = Bounds(0, 9)
    out: list[Entry] = [
        ("examples", "the last-branch example (after Sturtevant 2003): shallow pruning reads "
         "(0, 0, 9) under player 2, which no directional search needs", (),
         last_branch_example(), nine),
        ("examples", "Korf's Figure 3 (rebuilt): over the integers player 1 cannot prefer "
         "anything in (1, 1) that player 0 would take, so no leaf of it is needed",
         (), korf_figure3(), nine),
    ]  # fmt: skip
    rng = random.Random(20261301)  # noqa: S311 - fixed trees, not secrets
    reals = lambda t, b: beyond_shallow(t, b, "reals")  # noqa: E731
    kinds: list[tuple[str, tuple[str, ...], Callable[[], tuple[Tree, Bounds]], int]] = [
        ("", (), lambda: _random(rng), 6),
        ("ties; ", ("Tie",), lambda: _random(rng, ties=True), 3),
        ("players not in turn; ", (), lambda: _random(rng, in_turn=False), 3),
        ("unary nodes; ", ("UnaryNode",), lambda: _random(rng, unary=True), 2),
        ("5 to 8 players; ", (), lambda: _many(rng), 3),
    ]
    beyond: list[tuple[Tree, Bounds]] = []
    for what, flags, draw, count in kinds:
        for i, (t, b) in enumerate(_found(count, draw, reals)):
            beyond.append((t, b))
            out.append(("beyond shallow", f"{what}drawn from seed 20261301 ({i + 1}): the "
                        "optimal search over the reals skips a leaf shallow pruning reads",
                        flags, t, b))  # fmt: skip
    domain = list(_found(6, lambda: _random(rng), domain_matters))
    out.extend(("domain", f"drawn from seed 20261301 ({i + 1}): a leaf necessary over the "
                "reals is not over the integers", (), t, b)
               for i, (t, b) in enumerate(domain))  # fmt: skip
    for k, c in enumerate(SHIFTS):
        t, b = (domain if k % 2 else beyond)[k // 2]
        out.append(("magnitudes", f"every component minus {magnitude_text(c)}, and the bounds "
                    "with them", (), shifted(t, -c),
                    Bounds(b.lower - c, b.total - t.players * c)))  # fmt: skip
    for k, d in enumerate(DENOMINATORS):
        t, b = beyond[k]
        unit = Fraction(1, d)
        out.append(("magnitudes", f"every component x as 1 + x/{power_text(d)}, and the bounds "
                    "with them", (), scaled(t, d),
                    Bounds(1 + b.lower * unit, t.players + b.total * unit)))  # fmt: skip
    return out


def _random(
    rng: random.Random, *, ties: bool = False, in_turn: bool = True, unary: bool = False
) -> tuple[Tree, Bounds]:
    """3 or 4 players, height 3 or 4, sum 9 or 3 (:func:`gametree.conform.tiers.tight_tree`)."""
    players = rng.choice((3, 3, 4))
    bounds = rng.choice((Bounds(0, 9), Bounds(0, 3)))
    mover = (lambda d: d % players) if in_turn else (lambda _d: rng.randrange(players))
    t = tight_tree(rng, players=players, height=rng.choice((3, 4)), bounds=bounds, mover=mover,
                   ties=ties, unary=unary)  # fmt: skip
    return t, bounds


def _many(rng: random.Random) -> tuple[Tree, Bounds]:
    """5 to 8 players, height 3 to 5, sum 9."""
    players = rng.randint(5, 8)
    bounds = Bounds(0, 9)
    t = tight_tree(rng, players=players, height=rng.randint(3, 5), bounds=bounds,
                   mover=lambda d: d % players)  # fmt: skip
    return t, bounds


def _mapped(t: Tree, f: Callable[[Scalar], Scalar]) -> Tree:
    """``t`` with every component c of every leaf replaced by f(c)."""
    return map_leaves(t, lambda v: tuple(f(c) for c in _components(v)))


def shifted(t: Tree, by: int) -> Tree:
    """``t`` with ``by`` added to every component (bounds shift with it: no verdict changes)."""
    return _mapped(t, lambda c: c + by)


def scaled(t: Tree, d: int) -> Tree:
    """``t`` with every component c as 1 + c/d (over the reals no verdict changes)."""
    return _mapped(t, lambda c: 1 + Fraction(c, d))
