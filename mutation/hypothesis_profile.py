"""The Hypothesis profile the mutation run uses: CI's, without the shrink phase.

mutmut runs the selected tests once per mutant (``-p mutation.hypothesis_profile`` in
``[tool.mutmut]``), and ``dev.py mutate`` sets ``HYPOTHESIS_PROFILE=mutation``, which
``tests/conftest.py`` then loads. A mutant is killed by the first failing example; shrinking
it only makes the report readable, and no one reads it here, so the profile skips that phase.
The generate phase is CI's (derandomized, the same number of examples), so a mutant survives
here exactly when it would survive the CI run. ``tests/test_mutants_config.py`` checks that
this profile stays CI's in every other setting.

The same plugin stops a mutant whose test hangs well before mutmut's own timeout would
(:mod:`mutation.hang_guard`).
"""

from hypothesis import HealthCheck, Phase, settings

from mutation.hang_guard import pytest_runtest_call  # noqa: F401 - the plugin's other hook

MUTATION_PHASES = tuple(phase for phase in Phase if phase is not Phase.shrink)

settings.register_profile(
    "mutation",
    derandomize=True,
    deadline=None,
    max_examples=200,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
    phases=MUTATION_PHASES,
)
