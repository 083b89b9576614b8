"""No termination is assumed: every recursion of a verified kernel or transcription has a real
measure, checked over the call graph, and the check catches a seeded one that has none.

Nagini 1.2.0 proves termination by a function's ``Decreases`` measure; ``Decreases(None)`` is
Viper's wildcard, under which a self-recursive function with a false postcondition verifies, and
without any ``Decreases`` termination is not checked at all
(:mod:`gametree.proofs.nagini.calls`). Why3 1.5.1 proves termination by a ``let rec``
function's ``variant``; without one it only warns and proves the rest.
"""

import re

import pytest

from gametree.proofs.nagini import KERNELS, NAGINI
from gametree.proofs.nagini.calls import measures, unmeasured, unmeasured_recursion, uses
from gametree.proofs.why3 import FILES, WHY3


@pytest.mark.parametrize("kernel", KERNELS)
def test_no_kernel_function_that_can_reach_itself_lacks_a_measure(kernel: str) -> None:
    text = NAGINI.source(kernel)
    assert unmeasured(text) == []
    assert unmeasured_recursion(text) == []
    graph = uses(text)
    recursive = [f for f, m in measures(text).items() if f in graph[f]]
    assert recursive, "the kernels recurse"
    assert all(measures(text)[f] != "None" for f in recursive)


def test_a_seeded_self_call_under_the_wildcard_is_caught() -> None:
    """negamax calling itself (as ``negamax(t) == minimax(t) + 1`` would, which Nagini then
    verifies), or reaching itself through a function with a measure: both are named."""
    text = NAGINI.source("two_player")
    body = "t.value if t.kids is None else negamax_choice(t.kids, t.to_move))"
    direct = text.replace(body, "t.value if t.kids is None else negamax(t))")
    assert direct != text
    assert unmeasured_recursion(direct) == ["negamax"]
    through = text.replace(
        "    if k.tail is None:\n        return v\n    w = negamax_choice(k.tail, p)",
        "    if k.tail is None:\n        return v + negamax(c)\n    w = negamax_choice(k.tail, p)",
    )
    assert through != text
    assert unmeasured_recursion(through) == ["negamax"]
    unmeasured_text = text.replace("    Decreases(None)\n    if p == 0:", "    if p == 0:")
    assert unmeasured(unmeasured_text) == ["better"]


_HEADER = re.compile(r"^  (let rec|let|with|function|predicate|type|use|val|lemma|goal|axiom)\b"
                     r"(?: function| lemma)? ?(\w*)", re.MULTILINE)  # fmt: skip


def _rec_groups(text: str) -> list[list[tuple[str, str]]]:
    """Each ``let rec ... with ...`` group of a WhyML text: (name, header to its ``=``)."""
    groups: list[list[tuple[str, str]]] = []
    inside = False
    for m in _HEADER.finditer(text):
        if m.group(1) == "let rec":
            groups.append([])
            inside = True
        elif m.group(1) != "with":
            inside = False
        if inside:
            groups[-1].append((m.group(2), text[m.end() : text.index("\n  =", m.end())]))
    return groups


def unvaried(text: str) -> list[str]:
    """The functions of ``let rec`` groups in ``text`` without a ``variant``."""
    return [name for g in _rec_groups(text) for name, head in g if "variant {" not in head]


@pytest.mark.parametrize("file", FILES)
def test_every_recursive_whyml_function_has_a_variant(file: str) -> None:
    text = WHY3.source(file)
    assert _rec_groups(text), "the transcriptions recurse"
    assert unvaried(text) == []
    assert "diverges" not in text


def test_a_seeded_recursion_without_a_variant_is_caught() -> None:
    text = WHY3.source("alphabeta")
    kids = "  = match k with\n    | One c ->\n      let r"
    seeded = text.replace(f"    variant {{ size_kids k }}\n{kids}", kids)
    assert seeded != text
    assert unvaried(seeded) == ["alphabeta_kids"]
