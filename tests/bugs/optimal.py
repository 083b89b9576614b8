"""The optimal directional search (Korf 3.2.4, Theorem 1 corrected), and a mistake it invites.

:func:`correct` is ``impl.optimal`` with the request's ``domain``: it conforms to ``optimal``.
Deciding whether a leaf is necessary is the hard part (``impl.necessity``'s path lemma and
chain search) and is not written again here; the mistake is in the question the search puts
to it, through ``impl.optimal_search``'s ``verdict``, marked ``# BUG``.

Glossary: c is the chain of a leaf (the path from the root to it, with the best so far at
each node), a *verdict* whether the leaf is necessary.
"""

from typing import Any

from gametree.impl.necessity import Chain
from gametree.impl.optimal import Verdict, necessary, optimal_search
from gametree.spec import Bounds, Domain
from tests.bugs._common import document, reply


def _search(request: dict[str, Any], verdict: Verdict) -> dict[str, object]:
    doc = document(request)
    assert doc.bounds is not None
    r = optimal_search(doc.tree, doc.bounds, domain=request.get("domain", "reals"),
                       trace=True, verdict=verdict)  # fmt: skip
    assert r.trace is not None
    return reply(r.value, list(r.principal_variation), [list(p) for p in r.trace])


def correct(request: dict[str, Any]) -> dict[str, object]:
    """``impl.optimal`` over the request's domain: conforms to ``optimal``."""
    return _search(request, necessary)


def optimal_over_integers(request: dict[str, Any]) -> dict[str, object]:
    """Each leaf's necessity decided over the integers, whatever the request's domain.

    Over the integers a later value must beat the best so far by a whole unit, so fewer
    leaves are necessary; asked about the reals, the search skips leaves that only a fraction
    could make matter. On integer leaves its answer is still right but it reads too few
    (caught with ``--strict-order``); on fractional leaves its value can be wrong. Seen in
    practice: pruning that takes integer scores for granted, as the null window (alpha,
    alpha + 1) of principal variation search and MTD(f) does, in engines later given
    fractional evaluations (win probabilities, averaged playouts).
    """

    def verdict(c: Chain, bounds: Bounds, _domain: Domain) -> bool:
        return necessary(c, bounds, "integers")  # BUG: the request's domain, not the integers

    return _search(request, verdict)
