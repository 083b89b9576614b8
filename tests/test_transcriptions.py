"""The one table of transcriptions (gametree.transcriptions): complete, and every pin real."""

import importlib
import re
from pathlib import Path

import pytest

from gametree.algorithms import REGISTRY
from gametree.impl import _compiled
from gametree.proofs import nagini
from gametree.transcriptions import TRANSCRIPTIONS

ROOT = Path(__file__).resolve().parent.parent
LISTED = {t.file for t in TRANSCRIPTIONS}


def found() -> set[str]:
    """Every file that restates a search: the kernels impl compiles, Nagini's kernels, every
    WhyML file, the z3 encodings and the page's engine."""
    kernels = {f"gametree/impl/{name}.py" for name in _compiled.SOURCES}
    where = Path(str(nagini.__file__)).parent.relative_to(ROOT)
    verified = {f"{where}/{name}.py" for name in nagini.KERNELS}
    whyml = {str(p.relative_to(ROOT)) for p in (ROOT / "gametree").rglob("*.mlw")}
    smt = {str(p.relative_to(ROOT)) for p in (ROOT / "gametree").rglob("_smt.py")}
    return kernels | verified | whyml | smt | {"gametree/explore/engine.js"}


def test_every_transcription_is_listed_once() -> None:
    assert len(LISTED) == len(TRANSCRIPTIONS)
    assert found() == LISTED


def resolve(name: str) -> object:
    """``impl.shallow``, ``impl.necessity.chain``, ``impl.engine.Engine.search``: the object."""
    parts = ["gametree", *name.split(".")]
    for k in range(len(parts) - 1, 1, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:k]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[k:]:
            found = getattr(found, attribute)
        return found
    raise LookupError(name)


@pytest.mark.parametrize("t", TRANSCRIPTIONS, ids=[t.file for t in TRANSCRIPTIONS])
def test_every_pin_is_a_test_that_names_what_it_pins(t: object) -> None:
    from gametree.transcriptions import Transcription

    assert isinstance(t, Transcription)
    assert (ROOT / t.file).is_file()
    assert t.restates
    assert t.pinned_by
    for name in t.restates:
        assert callable(resolve(name)), name
    tests = [(ROOT / p).read_text() for p in t.pinned_by]
    assert all(re.search(r"^def test_", text, re.M) for text in tests), t.pinned_by
    for name in t.restates:
        called = {name.rsplit(".", 1)[1], *(a.name for a in REGISTRY if a.search == name)}
        assert any(c in text for c in called for text in tests), (t.file, name)
