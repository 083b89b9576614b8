"""gametree's typed stand-in for Nagini's contract library, where Nagini is not installed.

Nagini (``nagini_contracts``) is installed only in the venv that ``python3 dev.py verify``
makes; its pinned tools (mypy 0.900, z3 4.8.7, pytest 7.0) conflict with the project's. The
kernels of :mod:`gametree.proofs.nagini` import ``nagini_contracts.contracts`` as Nagini
requires; in every other environment :mod:`gametree.proofs.nagini` puts this folder at the end
of ``sys.path``, and mypy reads it through ``mypy_path``. See ``contracts`` for what each
name does at run time.
"""
