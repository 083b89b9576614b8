"""gametree's proofs: every claim connecting ``spec`` and ``impl``, as something a machine checks.

(Filled in by the proofs issue: one module per theorem.)
"""
