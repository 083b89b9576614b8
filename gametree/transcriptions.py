"""The restatements of impl's searches that must exist, each with the test that pins it.

Each search is stated once in Python, in ``impl`` (:mod:`gametree.algorithms` names them). Some
restatements must exist all the same: the compiled kernels (speed), the verified kernels and
WhyML transcriptions (a verifier reads only its own language), the z3 encodings (a solver
reasons about them), and the explore page's JavaScript engine (a browser runs it). Each is
listed here once, against the ``impl`` (or ``spec``) functions it restates and the tests that
tie it to them by behaviour: the leaves read, in order, the cut-offs, the value. A copy that no
test pins is a second statement that may drift; ``tests/test_transcriptions.py`` checks that
every such file is listed here, that every listed function and test exists, and that each test
names what it pins.

Adding a search adds a row here only if it gets a transcription of its own.
"""

from typing import Literal

import attrs

__all__ = ["TRANSCRIPTIONS", "Transcription"]

Kind = Literal["mypyc kernel", "Nagini kernel", "WhyML", "z3 encoding", "JavaScript"]


@attrs.frozen
class Transcription:
    """One restatement: its file, its language, what it restates and what pins it."""

    file: str
    """Its path in the checkout."""
    kind: Kind
    restates: tuple[str, ...]
    """The functions it restates, by public name (``impl.shallow``, ``impl.necessity.climb``)."""
    pinned_by: tuple[str, ...]
    """The test files that tie it to them by behaviour."""


_PINNED = "tests/test_verified_pinned.py"
_EXECUTED = "tests/test_verified_why3_execute.py"

TRANSCRIPTIONS: tuple[Transcription, ...] = (
    Transcription("gametree/impl/_kernel.py", "mypyc kernel",
                  ("impl.alphabeta", "impl.negamax_alphabeta"),
                  ("tests/test_kernel.py", "tests/test_alphabeta.py")),
    Transcription("gametree/impl/_optimal_kernel.py", "mypyc kernel",
                  ("impl.optimal.optimal_search", "impl.necessity.decide_chain"),
                  ("tests/test_optimal_kernel.py",)),
    Transcription("gametree/explore/engine.js", "JavaScript",
                  ("impl.minimax", "impl.negamax", "impl.alphabeta", "impl.negamax_alphabeta",
                   "impl.pvs", "impl.mtdf", "impl.maxn", "impl.immediate", "impl.shallow",
                   "impl.last_branch", "impl.speculative", "impl.deep_pruning_unsound",
                   "impl.optimal", "impl.paranoid"),
                  ("tests/test_explore_engine.py",)),
    Transcription("gametree/proofs/nagini/two_player.py", "Nagini kernel",
                  ("impl.alphabeta", "impl.negamax_alphabeta", "spec.minimax", "spec.negamax"),
                  (_PINNED,)),
    Transcription("gametree/proofs/nagini/fail_soft.py", "Nagini kernel",
                  ("impl.alphabeta", "impl.negamax_alphabeta"), (_PINNED,)),
    Transcription("gametree/proofs/nagini/multi_player.py", "Nagini kernel",
                  ("impl.maxn", "impl.shallow", "impl.immediate", "spec.paranoid"), (_PINNED,)),
    Transcription("gametree/proofs/nagini/deep.py", "Nagini kernel",
                  ("impl.deep_pruning_unsound", "impl.maxn"), (_PINNED,)),
    Transcription("gametree/proofs/why3/alphabeta.mlw", "WhyML",
                  ("impl.alphabeta", "impl.negamax_alphabeta", "spec.minimax", "spec.negamax"),
                  (_EXECUTED,)),
    Transcription("gametree/proofs/why3/fail_soft.mlw", "WhyML",
                  ("impl.alphabeta", "impl.negamax_alphabeta"),
                  ("tests/test_verified_why3_fail_soft.py",)),
    Transcription("gametree/proofs/why3/shallow.mlw", "WhyML",
                  ("impl.shallow", "impl.immediate", "spec.maxn"), (_EXECUTED,)),
    Transcription("gametree/proofs/why3/pairs.mlw", "WhyML",
                  ("impl.deep_pruning_unsound", "spec.maxn", "spec.minimax", "spec.negamax"),
                  ("tests/test_verified_why3_pairs.py",)),
    Transcription("gametree/proofs/why3/paranoid.mlw", "WhyML",
                  ("impl.paranoid", "spec.paranoid", "spec.maxn"),
                  ("tests/test_verified_why3_paranoid.py",)),
    Transcription("gametree/proofs/why3/optimality.mlw", "WhyML", ("impl.shallow",),
                  ("tests/test_verified_why3_optimality.py",)),
    Transcription("gametree/proofs/why3/path.mlw", "WhyML",
                  ("impl.necessity.chain", "impl.necessity.climb", "impl.necessity.climb_line"),
                  ("tests/test_verified_why3_path.py",)),
    Transcription("gametree/proofs/_smt.py", "z3 encoding", ("impl.shallow", "spec.maxn"),
                  ("tests/test_proofs_optimality.py", "tests/test_transcriptions.py")),
)  # fmt: skip
"""Every restatement of a search, by file."""
