"""The conformance gate: semantics, scope, test vectors, targets, shrinking, and the gate itself.

``gametree conform`` is the command; :func:`gametree.conform.gate.run_gate` the function; the
pytest plugin (``gametree.pytest_plugin``) gives the same gate to a project's own tests.
:mod:`gametree.conform.scope` says where the gate looks (flags, scopes, coverage),
:mod:`gametree.conform.tiers` builds the generated trees past the small ones, and
:mod:`gametree.conform.edge_trees` and :mod:`gametree.conform.traps` the vectors' trees at those
edges.
"""
