"""The target a mutant of ``impl`` is gated as: the search, with the mutant put in first.

``python -m gametree.conform.worker mutation.gate_target:answer`` with ``GAMETREE_GATE_MUTANT``
set (the JSON of a :class:`mutation.operators.Mutant` and the name of the search to answer
with, as :func:`environment` writes it) answers every request with that search of
``gametree algorithms`` (``impl.shallow``, ...), or for a ``game-`` request with ``impl.Engine``
(``tests.bugs.engine.impl_engine``), after putting the mutant into this process: the gate's
own process keeps the unmutated reference. The kernels compiled by mypyc are not used here
(``GAMETREE_PURE_PYTHON``), so that a mutant of a kernel's source is what runs.
"""

import json
import os
from typing import Any

import attrs

from mutation.operators import Mutant, install

__all__ = ["VARIABLE", "answer", "environment"]

VARIABLE = "GAMETREE_GATE_MUTANT"

ENGINE = "engine"
"""The search name that stands for ``impl.Engine`` on the ``game-`` semantics."""


def environment(m: Mutant | None, search: str) -> dict[str, str]:
    """The variables a worker for ``m`` (``None``: the unmutated search) needs."""
    text = json.dumps({"mutant": None if m is None else attrs.asdict(m), "search": search})
    return {VARIABLE: text, "GAMETREE_PURE_PYTHON": "1"}


def _installed() -> str:
    """Put the mutant the environment names into this process (once); the search's name."""
    given = json.loads(os.environ[VARIABLE])
    if given["mutant"] is not None:
        install(Mutant(**given["mutant"]))
    search: str = given["search"]
    return search


_SEARCH: str | None = None


def answer(request: dict[str, Any]) -> object:
    """The mutated search's reply to ``request``."""
    global _SEARCH  # noqa: PLW0603 - the mutant is put in once per process, on the first request
    if _SEARCH is None:
        _SEARCH = _installed()
    if _SEARCH == ENGINE:
        from tests.bugs.engine import impl_engine  # noqa: PLC0415 - after the mutant is in

        return impl_engine(request)
    from gametree.conform.builtin import answer as builtin  # noqa: PLC0415

    return builtin(_SEARCH, request)
