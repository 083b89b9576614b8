"""The optimal directional search against the others, leaf by leaf, on one tree.

``impl.optimal`` reads a leaf exactly when it is *necessary* (Korf 3.2.4, Theorem 1
corrected: with the leaves before it as they are, two of its values and one completion of
the later leaves give different maxn answers), and every correct directional algorithm reads
every necessary leaf (``proofs.optimality``, Theorem 6). So on each tree the leaves that
shallow pruning (``impl.shallow``) reads and the optimum does not are leaves that *no*
directional algorithm needs, and the optimum's count is a lower bound for every directional
algorithm on that tree. :func:`compare` measures both sets, and the checks that theory says
cannot fail: the optimum within shallow's and last-branch's reads (both directional and
exact), the optimum with integer knowledge within the optimum over the reals, every answer
equal.

Speculative pruning (``impl.speculative``) re-searches: after pruning a child on a bound
that later fails, it goes back into that child. Its order of evaluation depends on the
values and it revisits pruned nodes, so it is not directional in Korf's sense ("the order of
node evaluation is independent of the value of the nodes, and once a node is pruned it can
never be revisited"), and Theorem 6 does not bind it: ``missed_by_speculative`` counts the
necessary leaves it never reads (a directional algorithm cannot miss one), ``speculative``
its reads with re-reads, ``speculative_distinct`` without.

*Open* leaves are those whose value can pass every ancestor: some value of the leaf beats,
for the player to move at each ancestor, the best of that ancestor's children left of the
path; two such values are a witness, so an open leaf is necessary and decided at once
(:mod:`impl.necessity` needs only one such value, the other being the least vector, and so
decides a few more leaves at once). The rest of the necessary leaves are necessary only by
a route on which the leaf's value is blocked or overtaken somewhere, which is where the
decision's search (and so the optimum's cost) goes.

Glossary: t the tree, O the optimum's reads, S shallow pruning's, LB last-branch's, B_j the
best of ancestor j's children left of the path, p_j the player to move there.
"""

import time
from math import ceil, floor

from gametree.impl import last_branch, optimal, shallow, speculative
from gametree.impl.necessity import Chain, chains
from gametree.spec import Bounds, Domain, Tree

__all__ = ["compare", "is_open"]


def is_open(c: Chain, bounds: Bounds, domain: Domain) -> bool:
    """Whether two values of the chain's leaf pass every level (so the leaf is necessary).

    Component i must beat every B_j[i] where player i moves (strictly; over the integers by
    at least 1), and two such vectors must fit under the sum: over the reals the least ones
    must sum to below the bound, over the integers to at most the bound less 1.
    """
    integers = domain == "integers"
    low = ceil(bounds.lower) if integers else bounds.lower
    lowest = [low] * c.players
    for level in c.levels:
        if level.best is not None:
            p, x = level.player, level.best[level.player]
            if x >= lowest[p]:
                lowest[p] = floor(x) + 1 if integers else x
    if integers:
        return sum(lowest) + 1 <= floor(bounds.total)
    return sum(lowest) < bounds.total


def compare(t: Tree, bounds: Bounds, domain: Domain) -> dict[str, float]:
    """Leaves read by the optimum and by each exact pruning search on ``t``, and their sets.

    Keys: ``optimal``, ``shallow``, ``unneeded`` (|S − O|), ``open`` (open leaves among O),
    ``outside`` (leaves of O outside S or LB, or over the integers outside the optimum over
    the reals: 0 unless something is wrong), ``disagree`` (answers that differ from the
    optimum's: 0 unless something is wrong), ``optimal_seconds``; for N > 2 also
    ``last-branch``, ``speculative``, ``speculative_distinct``, ``missed_by_speculative``;
    over the integers also ``optimal-reals``.
    """
    start = time.perf_counter()
    best = optimal(t, bounds, domain=domain, trace=True)
    seconds = time.perf_counter() - start
    o = set(best.trace or ())
    s = shallow(t, bounds, trace=True)
    reads = {"shallow": set(s.trace or ())}
    answers = [s]
    out: dict[str, float] = {"optimal": len(o), "shallow": s.leaves_evaluated}
    if t.players > 2:
        lb = last_branch(t, bounds, trace=True)
        sp = speculative(t, bounds, trace=True)
        reads["last-branch"] = set(lb.trace or ())
        spread = set(sp.trace or ())
        answers += [lb, sp]
        out |= {
            "last-branch": lb.leaves_evaluated,
            "speculative": sp.leaves_evaluated,
            "speculative_distinct": len(spread),
            "missed_by_speculative": len(o - spread),
        }
    if domain == "integers":
        reals = optimal(t, bounds, domain="reals", trace=True)
        reads["optimal-reals"] = set(reals.trace or ())
        answers.append(reals)
        out["optimal-reals"] = reals.leaves_evaluated
    every = chains(t)
    out |= {
        "unneeded": len(reads["shallow"] - o),
        "open": sum(1 for path in o if is_open(every[path], bounds, domain)),
        "outside": sum(len(o - r) for r in reads.values()),
        "disagree": sum(
            (a.value, a.principal_variation) != (best.value, best.principal_variation)
            for a in answers
        ),
        "optimal_seconds": seconds,
    }
    return out
