"""gametree: what users touch, built on ``spec``, ``impl`` and ``proofs``: the CLI and examples."""
