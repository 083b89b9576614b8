"""The registry (gametree.algorithms): one name a search, all that names one made from it."""

import inspect
import re
from pathlib import Path

import attrs
import pytest

from gametree import impl, spec
from gametree.algorithms import (
    ALGORITHMS,
    EVENTS,
    PAGE,
    REGISTRY,
    SPELLINGS,
    Algorithm,
    Options,
    lookup,
)
from gametree.conform.codec import Case
from gametree.conform.semantics import SEMANTICS, expected
from gametree.explore import ENGINE_ALGORITHMS
from gametree.spec import Bounds, Node
from gametree.spec.examples import korf_figure5

KEBAB = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


def test_every_name_is_kebab_case_and_once() -> None:
    names = [a.name for a in REGISTRY]
    assert len(names) == len(set(names))
    assert all(KEBAB.fullmatch(n) for n in names), names
    olds = [o for a in REGISTRY for o in a.old]
    assert len(olds) == len(set(olds))
    assert not set(olds) & set(names)


def test_every_reference_and_search_is_a_public_function() -> None:
    for a in REGISTRY:
        layer, _, name = a.reference.partition(".")
        assert layer == "spec", a.name
        assert callable(getattr(spec, name)), a.reference
        if a.search is not None:
            layer, _, name = a.search.partition(".")
            assert layer == "impl", a.name
            assert callable(getattr(impl, name)), a.search
        assert set(a.options) <= set(attrs.fields_dict(Options)), a.name


def test_the_gate_s_semantics_are_the_registry_s() -> None:
    """The rule: a search's name is its semantics' name; every semantics is a search's."""
    assert list(SEMANTICS) == [a.name for a in REGISTRY if a.semantics is not None]
    for name, s in SEMANTICS.items():
        a = next(a for a in REGISTRY if a.name == name)
        assert s.summary == a.semantics
        assert (s.window, s.bounds, s.player) == (a.window, a.needs_bounds, "player" in a.options)


def test_the_page_offers_the_searches_that_record_events() -> None:
    assert [a.name for a in ENGINE_ALGORITHMS] == list(PAGE)
    assert set(EVENTS) == set(PAGE)  # the chance family too (engine.js runs it)
    assert all(ALGORITHMS[n].semantics is not None for n in EVENTS)


def test_a_search_the_gate_checks_on_trees_records_events() -> None:
    """The gate reads what a case shows off the reference's events (``conform.observe``): a row
    without them crashed the gate with a traceback at its first case, so the row is refused."""
    gated = [a for a in REGISTRY if a.semantics is not None and a.kind != "game"]
    assert len(gated) >= 20
    assert all(a.events for a in gated)
    row = attrs.evolve(ALGORITHMS["negamax"], name="negamax-copy", semantics=None, events=False)
    with pytest.raises(ValueError, match="negamax-copy: the gate checks it on trees, so it must "):
        attrs.evolve(row, semantics="the value")
    assert attrs.evolve(row, semantics="the value", events=True).semantics == "the value"


def test_old_spellings_name_the_same_search_with_a_note() -> None:
    t = korf_figure5((3, 0, 6))
    for spelling, found in SPELLINGS.items():
        assert lookup(spelling) is found
        a = found.algorithm
        if spelling == a.name:
            assert found.note is None
            assert not found.definition
            continue
        assert found.note == (
            f"{spelling!r} is {'the definition of' if found.definition else 'an old name of'} "
            f"{a.name!r}"
        )
        assert "\n" not in found.note
        assert found.definition == spelling.startswith("spec.")
    deep = lookup("deep").run(t, Bounds(0, 9), Options())
    assert deep.value == (5, 2, 2)
    with pytest.raises(KeyError, match="no algorithm 'nope'; the names are: minimax, negamax"):
        lookup("nope")


def test_a_spec_spelling_runs_the_definition_with_the_whole_tree_s_counts() -> None:
    t = Node.by_depth([[(3, 1), (4, 0)], [(1, 3), (0, 4)]])
    by_definition = lookup("spec.paranoid").run(t, None, Options(player=0), trace=True)
    by_search = lookup("paranoid").run(t, None, Options(player=0), trace=True)
    assert by_definition.value == by_search.value == spec.paranoid(t, 0).value
    assert by_definition.leaves_evaluated == t.leaf_count == 4
    assert by_search.leaves_evaluated == 3


def test_the_fields_hold_the_families_to_come() -> None:
    """Expectimax and best-reply search fit: a chance family with leaf bounds [L, U], a
    best-reply family whose root player is the ``player`` option. What is made from the
    registry reads them (a semantics of the gate, the page's inputs)."""
    from gametree.conform.semantics import _semantics
    from gametree.explore import _offered

    star1 = Algorithm("star1", "Star1", "the expectimax value with Ballard's cut-offs",
                      "Ballard's Star1", "chance", "scalar", "spec.minimax", bounds="interval",
                      semantics="expectimax with leaf bounds [L, U]", events=True)  # fmt: skip
    brs = Algorithm("best-reply", "Best-reply search", "the best-reply value for --player",
                    "Schadd and Winands' best-reply search", "best-reply", "vector", "spec.maxn",
                    options=("player",), semantics="best-reply search", events=True)  # fmt: skip
    assert not star1.needs_bounds
    assert _semantics(brs).player
    assert _offered(brs).takes == ("player",)
    assert _semantics(star1).kind == "scalar"


def test_expected_is_made_from_the_entry() -> None:
    """A windowed semantics reads fail-hard or fail-soft from its entry."""
    t = Node.by_depth([[3, 12], [2, 4]])
    assert expected(Case("alphabeta-fail-hard", t, alpha=5)).value == 5
    assert expected(Case("alphabeta-fail-soft", t, alpha=5)).value_range == (3, 5)


REFERENCES = Path(__file__).resolve().parent.parent / "docs" / "references.md"


def works() -> list[str]:
    """The works docs/references.md lists, each by the first name it is cited with.

    "Korf 1989" is cited as Korf, "the Min-Max notes" as Min-Max notes, "Hauk, Buro and
    Schaeffer 2004" as Hauk, "Plaat et al. 1996" as Plaat.
    """
    names = re.findall(r"^- \*\*([^*]+)\*\*", REFERENCES.read_text(encoding="utf-8"), re.M)
    return [re.split(r",| and | et al| \d{4}", n.removeprefix("the "))[0] for n in names]


LOCATOR = re.compile(
    r"[Ss]ection|Figure|[Dd]efinition \d|Theorem|\b\d+\.\d+(\.\d+)*\b|\b[IVX]{2,}\b|\bF[12]\b"
)
"""Where in a work: a section (3.2.2, III, "section 3"), a figure, a definition, a theorem, or
Knuth and Moore's procedure F1 or F2."""

UNLOCATED = {
    "pvs": "Reinefeld 1983 and Marsland 1983, whose texts the project does not hold",
    "speculative": "Sturtevant 2003, whose text the project does not hold",
}
"""The registered searches whose docstrings cite their work by title only, and why."""


def searches() -> dict[str, object]:
    """Every registered search's function by name (the engine's search for a game semantics),
    and every other public search of impl by its own name."""
    found: dict[str, object] = {
        a.name: getattr(impl, a.search.removeprefix("impl.")) if a.search else impl.Engine.search
        for a in REGISTRY
    }
    public = [n for n in impl.__all__ if n.islower() and callable(getattr(impl, n))]
    return found | {n: getattr(impl, n) for n in public if getattr(impl, n) not in found.values()}


def test_every_impl_search_cites_its_source_and_states_its_cost() -> None:
    """STYLE.md: a docstring that cites the work it implements, and "docstrings carry cost".

    Every search of the registry and every public search of impl: its cost (``O(``) in its own
    docstring, a work of docs/references.md and where in it in its docstring or its module's.
    """
    cited = re.compile("|".join(re.escape(w) for w in works()))
    assert {"Korf", "Min-Max notes", "Ballard", "Hauk", "Sturtevant", "Schadd"} <= set(works())
    found = searches()
    assert set(ALGORITHMS) <= set(found)
    assert len(found) >= 35
    unlocated = set()
    for name, f in found.items():
        doc = inspect.getdoc(f) or ""
        module = inspect.getdoc(inspect.getmodule(f)) or ""
        assert cited.search(doc + module), f"{name} cites no work of docs/references.md"
        assert "O(" in doc, f"{name} states no cost"
        if not LOCATOR.search(doc + module):
            unlocated.add(name)
    assert unlocated == set(UNLOCATED)
