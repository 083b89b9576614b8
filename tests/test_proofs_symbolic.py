"""CrossHair per shape (proofs.symbolic): it must refute a false claim and confirm a true one.

The canary shows CrossHair reaches the spec with symbolic leaves; a confirmation of alpha-beta
on a small shape is accepted as "Not confirmed" too (no counterexample), since CPU speed must
not decide whether a test passes. Each run has a subprocess timeout of its own.
"""

import pytest

from gametree.proofs.machinery.shapes import parse
from gametree.proofs.machinery.symbolic import crosshair_check


@pytest.mark.slow
def test_crosshair_refutes_the_canary_with_a_tree_worth_7() -> None:
    v = crosshair_check("canary_minimax_is_never_7", parse("[*, *]"), per_condition=20)
    assert v.status == "refuted", v
    assert "false when calling canary_minimax_is_never_7(Node(" in v.message


@pytest.mark.slow
def test_crosshair_finds_no_counterexample_to_alpha_beta_on_a_small_shape() -> None:
    v = crosshair_check("alphabeta_full_window", parse("[[*, *], *]"), per_condition=20)
    assert v.status in ("confirmed", "not confirmed"), v
