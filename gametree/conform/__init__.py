"""The conformance gate: semantics, test vectors, targets, shrinking, and the gate itself.

``gametree conform`` is the command; :func:`gametree.conform.gate.run_gate` the function; the
pytest plugin (``gametree.pytest_plugin``) gives the same gate to a project's own tests.
"""
