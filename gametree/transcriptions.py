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

Adding a search adds a row here only if it gets a transcription of its own. The proofs' rows
are read from the claims that rest on each verified file and encoding, where their pins are
stated.
"""

from typing import Literal

import attrs

from gametree.proofs import ENCODINGS, claims
from gametree.proofs.machinery.claims import Pin, public_name

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


def _proved() -> tuple[Transcription, ...]:
    """The proofs' restatements, read from their claims (:func:`gametree.proofs.claims`).

    Each verified file (Nagini's kernels, the WhyML files) with the functions its claims are
    pinned to and the pin tests, each z3 encoding with its pin (:data:`gametree.proofs.ENCODINGS`).
    """
    rows: dict[str, tuple[Kind, dict[str, None], dict[str, None]]] = {}

    def add(file: str, kind: Kind, pins: tuple[Pin, ...]) -> None:
        _, restates, tests = rows.setdefault(file, (kind, {}, {}))
        restates.update(dict.fromkeys(public_name(pin.function) for pin in pins))
        tests.update(dict.fromkeys(pin.test for pin in pins))

    for _, claim in claims():
        if claim.verifier == "nagini":
            add(f"gametree/proofs/nagini/{claim.file}.py", "Nagini kernel", claim.pins)
        else:
            add(f"gametree/proofs/why3/{claim.file}.mlw", "WhyML", claim.pins)
    for e in ENCODINGS:
        add(e.encoding.__module__.replace(".", "/") + ".py", "z3 encoding", (e.restates,))
    return tuple(Transcription(file, kind, tuple(restates), tuple(tests))
                 for file, (kind, restates, tests) in rows.items())  # fmt: skip


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
                   "impl.optimal", "impl.paranoid", "impl.expectimax", "impl.star1",
                   "impl.star2", "impl.brs_plus"),
                  ("tests/test_explore_engine.py",)),
    *_proved(),
)  # fmt: skip
"""Every restatement of a search, by file."""
