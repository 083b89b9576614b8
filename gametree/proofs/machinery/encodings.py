"""The z3 encodings that restate a search of ``impl`` or a definition of ``spec``, each pinned.

Beside the verified kernels and transcriptions (whose pins their claims carry), the checks restate
three functions as z3 terms: ``spec.maxn`` (:func:`~gametree.proofs.machinery._smt.maxn_terms`, the
whole-tree decision of a leaf's necessity), ``impl.shallow`` with the condition under which it reads
a leaf (:func:`~gametree.proofs.machinery._smt.shallow_terms`, the per-shape queries of Korf's
Theorem 1) and the path lemma's chain question that ``impl.necessity.decide_chain`` answers without
a solver (:func:`~gametree.proofs.machinery._smt.decide_chain_smt`). Each is listed with the
function it restates and the test that ties the two by behaviour.

>>> [e.restates.name for e in ENCODINGS]
['spec.maxn', 'impl.shallow', 'impl.necessity.decide_chain']
"""

from collections.abc import Callable

import attrs

from gametree.impl.necessity import decide_chain
from gametree.impl.shallow import shallow
from gametree.proofs.machinery._smt import decide_chain_smt, maxn_terms, shallow_terms
from gametree.proofs.machinery.claims import Pin
from gametree.spec import maxn

__all__ = ["ENCODINGS", "Encoding"]


@attrs.frozen
class Encoding:
    """A z3 encoding (``encoding``, the function that builds it) and what it restates."""

    encoding: Callable[..., object]
    restates: Pin


ENCODINGS = (
    Encoding(
        maxn_terms,
        Pin(maxn, "the root's value, the leaves given as numbers, on Hypothesis trees",
            "tests/test_proofs_optimality.py"),
    ),
    Encoding(
        shallow_terms,
        Pin(shallow, "the leaves it reads (the condition for each, simplified), on Hypothesis "
            "trees", "tests/test_proofs_optimality.py"),
    ),
    Encoding(
        decide_chain_smt,
        Pin(decide_chain, "each leaf's verdict, over the reals and the integers, on Hypothesis "
            "and random trees", "tests/test_proofs_chain.py"),
    ),
)  # fmt: skip
"""Every z3 encoding of a search or definition, with its pin."""
