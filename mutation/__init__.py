"""Mutation testing of ``spec`` and ``impl`` with mutmut: see ``python3 dev.py mutate``."""
