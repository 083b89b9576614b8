"""Phrases the theorems' verified claims share, said once.

Glossary: a claim's *domain* is the values it is proved for; *other domains* says whether the
argument carries over to other ordered domains; a pin's *by* says what the test compares.
"""

__all__ = [
    "COMPARISONS",
    "EVERY_LEAF",
    "EXECUTED",
    "INTEGERS",
    "NEGATION",
    "RATIONALS",
    "READS",
    "SHIFT",
    "TRACED",
]

INTEGERS = "integers (Python's int, any size)"
"""Nagini's domain."""

RATIONALS = "rationals (Why3's real stands for Q: the file's header says why)"
"""Why3's domain where a transcription's values are the tree's."""

COMPARISONS = "yes: it compares values, nothing else"
NEGATION = "yes, in any ordered abelian group: comparisons, and negation reversing them"

SHIFT = (
    "that impl's shift of a lower bound L to 0 (impl.maxn_stack.korf_bounds: components less "
    "L, Sum less n L) preserves the search is argued by hand"
)

READS = "value, leaves read in order, nodes entered and cut-offs, on Hypothesis trees"
"""What the tests compare of a Nagini kernel's search with impl's (its reads recorded)."""

EVERY_LEAF = "value, every leaf read left to right, nothing cut, on Hypothesis trees"
"""What they compare of a Nagini kernel's definition with spec's."""

EXECUTED = (
    "why3 execute on the integers, the tree scaled: value, leaves read in order, nodes "
    "entered and cut-offs, on Hypothesis trees with Fraction values"
)
"""What the tests compare of a transcribed search with impl's."""

TRACED = (
    "why3 execute on the integers, the tree scaled; the search returns the labels of the "
    "leaves it reads (gametree.proofs.why3.traced): value, leaves read in order and their "
    "count, on Hypothesis trees with Fraction values"
)
"""The same, for a search that returns what it reads."""
