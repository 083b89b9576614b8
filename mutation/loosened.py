"""Does optimal's ``_Decision.raise_to:SDL0`` ever change a necessity verdict? Every comb, asked.

    nice python -m mutation.loosened [--players N] [--total T] [--levels K]

The mutant (``continue`` -> ``pass`` in the kernel's propagation, ``impl._optimal_kernel``)
sets a variable already at or above the value an edge pushes to it *down* to that value, and
the lowered bound can last: a run that passed a high ``B_j`` and later a lower one at the same
player is lifted again only to the lower (``mutation/gate_equivalent.md``). The kernel asks the
search (Korf 1991's necessity question, as ``impl.necessity`` decides it) only on some chains,
so this asks it on every *comb* of ``K`` levels: each node of the path has a left leaf (its
``B_j``), the path's child and a right leaf, the players any of the N at each level, the left
leaves every vector of ``Bounds(0, T)``; and for every decision the walk makes there, the
search with the kernel's propagation and with the mutant's, on the same system. It prints the
combs, the searches and the verdicts the mutant changes (with the first few chains).
"""

import argparse
import itertools
import sys
from collections.abc import Callable
from typing import Any

from gametree.impl import _optimal_kernel as kernel
from gametree.impl.optimal import with_kernel
from gametree.spec import Bounds, Leaf, Node, Tree
from mutation.operators import install, mutants

__all__ = ["combs", "compare"]

NAME = "gametree.impl._optimal_kernel:_Decision.raise_to:SDL0"


def combs(players: int, total: int, levels: int) -> list[Tree]:
    """Every comb of ``levels`` levels over ``Bounds(0, total)`` (its other leaves all zero)."""
    vectors = [v for v in itertools.product(range(total + 1), repeat=players) if sum(v) <= total]
    zero = (0,) * players
    out: list[Tree] = []
    for movers in itertools.product(range(players), repeat=levels):
        for bests in itertools.product(vectors, repeat=levels):
            t: Tree = Leaf(zero)
            for j in range(levels - 1, -1, -1):
                t = Node(movers[j], [Leaf(bests[j]), t, Leaf(zero)])
            out.append(t)
    return out


def _mutant_code(name: str) -> Any:
    """The code of the mutant ``name`` of ``_Decision.raise_to``; the kernel's own is left."""
    (m,) = [
        x
        for x in mutants("gametree.impl._optimal_kernel", ("_Decision.raise_to",))
        if x.name == name
    ]
    own = kernel._Decision.raise_to.__code__
    install(m)
    code = kernel._Decision.raise_to.__code__
    kernel._Decision.raise_to.__code__ = own
    return code


def compare(
    trees: list[Tree], total: int, name: str = NAME
) -> tuple[int, list[tuple[object, ...]]]:
    """The searches run on ``trees``, and the chains whose verdict the mutant ``name`` changes.

    Each decision's search is run with the kernel's propagation and with the mutant's, on the
    same system; a chain is its movers, which levels have a best and a right side, the
    ``B_j``, and the kernel's verdict.
    """
    own, mutated = kernel._Decision.raise_to.__code__, _mutant_code(name)
    search: Callable[[Any], bool] = kernel._Decision.search
    searches = 0
    differ: list[tuple[object, ...]] = []

    def both(d: Any) -> bool:
        nonlocal searches
        searches += 1
        verdict = search(d)
        kernel._Decision.raise_to.__code__ = mutated
        try:
            loosened = search(d)
        finally:
            kernel._Decision.raise_to.__code__ = own
        if loosened != verdict:
            differ.append((d.player, d.has_best, d.right, d.keys, verdict))
        return verdict

    kernel._Decision.search = both  # type: ignore[method-assign,assignment]
    try:
        for t in trees:
            with_kernel(kernel, t, Bounds(0, total), domain="integers", trace=True)
    finally:
        kernel._Decision.search = search  # type: ignore[method-assign,assignment]
    return searches, differ


def main(argv: list[str]) -> int:
    """Print what :func:`compare` finds on every comb of the sizes asked."""
    parser = argparse.ArgumentParser(prog="python -m mutation.loosened")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--total", type=int, default=3)
    parser.add_argument("--levels", type=int, default=4)
    args = parser.parse_args(argv)
    trees = combs(args.players, args.total, args.levels)
    searches, differ = compare(trees, args.total)
    print(f"{len(trees)} combs, {searches} searches, {len(differ)} verdicts changed")  # noqa: T201
    for chain in differ[:3]:
        print(chain)  # noqa: T201
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
