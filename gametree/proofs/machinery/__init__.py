"""What the theorems of :mod:`gametree.proofs` share.

The kinds of check, the budget, the results, the z3 encodings, and one verifier-neutral core that
keys, stores and reports Nagini's and Why3's verdicts (:mod:`gametree.proofs.machinery.verified`).
"""
