"""gametree's impl: the pruning algorithms people run, fast, with exact leaf and node counts.

Every algorithm here is checked against ``spec``. (Filled in by the two-player and
multi-player issues.)
"""
