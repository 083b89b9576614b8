"""proofs' results, budgets, shards, the runner's table and JSON, the README and the registry."""

import json
import math
import re
from pathlib import Path

import attrs
import pytest

from gametree import proofs
from gametree.proofs import (
    THEOREMS,
    VERIFIERS,
    Budget,
    Counterexample,
    Result,
    Scope,
    Shard,
    Theorem,
    parse_shard,
)
from gametree.proofs.machinery import verified
from gametree.proofs.machinery.runner import disagreements, report_json, table
from gametree.proofs.machinery.shapes import all_shapes, parse, shapes, text
from gametree.proofs.readme import PATH, render
from gametree.spec import Bounds, Node

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_readme_is_generated_from_the_theorems() -> None:
    assert PATH.read_text() == render(), "run: python -m gametree.proofs.readme"


@pytest.mark.slow
def test_the_readme_gives_each_seeded_flaw_its_own_files_verdict() -> None:
    """Both verifiers seed flaws of the same names (min-raises-beta in two_player.py and in
    alphabeta.mlw): each line shows what the stored run on its own file found."""
    lines = render().split("The seeded flaws:")[1].splitlines()
    runs = [
        (f"{r.file}{v.suffix}", f.flaw, f.caught, f.seconds)
        for v in VERIFIERS
        for r in verified.stored(v).records
        for f in r.flaws
    ]
    shared = {r[1] for r in runs if r[0].endswith(".py")} & {
        r[1] for r in runs if r[0].endswith(".mlw")
    }
    assert shared, "no name is shared: the test shows nothing"
    for where, flaw, caught, seconds in runs:
        (line,) = [x for x in lines if x.startswith(f"- `{flaw}` ({where}): ")]
        assert line.endswith(f"), {seconds:.0f} s" if caught else ": not caught yet"), line


def test_every_theorem_is_named_sourced_and_has_two_methods() -> None:
    """Theorems are called by name, never by number: Korf's Theorem 1 is ``optimality``."""
    assert len({th.name for th in THEOREMS}) == len(THEOREMS) == 15
    for th in THEOREMS:
        assert len(set(th.methods)) >= 2, th.name
        assert th.source
        assert th.statement
        assert th.status
        doc = __import__(th.module, fromlist=["_"]).__doc__
        assert doc is not None
        assert doc.splitlines()[0].startswith(f"{th.name}: "), th.module
        assert proofs.theorem(th.name) is th
    for name in ("fermat", "1", "6"):
        with pytest.raises(KeyError, match="no theorem called"):
            proofs.theorem(name)
    assert proofs.theorem("optimality").title.startswith("Korf's Theorem 1: ")


WATCHED = ("principal variation", "line", "leaves read", "directional", "PVS", "MTD(f)", "BOTTOM")
"""What a status may say is proved for every tree only where a verified claim of it says so."""


def overstated(th: Theorem) -> list[str]:
    """What ``th``'s status says is proved for every tree beyond its verified claims.

    Its "For every tree (VERIFIERS): ..." sentence must name the verifiers of its claims and
    nothing of :data:`WATCHED` their statements do not prove; a theorem with no verified claim
    must say nothing is proved for every tree.
    """
    names = {"nagini": "Nagini", "why3": "Why3"}
    says = re.search(r"For every tree \(([^)]*)\)(.*?)(?:\. [A-Z]|\.$)", th.status, re.S)
    if not th.claims:
        return ["for every tree, with no claim"] if "for every tree" in th.status.lower() else []
    if says is None:
        return ["no sentence says what is proved for every tree"]
    out = []
    if set(says[1].split(", ")) != {names[c.verifier] for c in th.claims}:
        out.append(f"the verifiers named are not its claims': {says[1]}")
    statements = " ".join(c.statement for c in th.claims)
    out += [w for w in WATCHED if w in says[2] and w not in statements]
    return out


def test_each_status_says_for_every_tree_no_more_than_the_theorems_verified_claims() -> None:
    assert {th.name: overstated(th) for th in THEOREMS if overstated(th)} == {}


def test_the_status_test_finds_a_status_that_says_too_much() -> None:
    negamax = proofs.theorem("negamax")
    louder = attrs.evolve(negamax, status="For every tree (Nagini, Why3): the value and the "
                          "principal variation. Checked: nothing more.")  # fmt: skip
    assert overstated(louder) == ["principal variation"]
    assert overstated(attrs.evolve(negamax, status="Holds.")) != []
    best = proofs.theorem("best-case")
    assert overstated(attrs.evolve(best, status="Holds for every tree.")) != []


OVERSTATED = (
    "not by a machine",
    "`impl.optimal` is the search that reads exactly",
    "Theorem 6",
    "Theorems 1 to 5",
)
"""What the READMEs once said beyond the verified claims (a proved lemma said unproved, a
checked search said proved) or by the retired numbers of the theorems."""


def test_the_readmes_say_no_more_than_the_claims_and_name_the_theorems() -> None:
    for path in (ROOT / "README.md", PATH):
        text = " ".join(path.read_text().split())
        assert [p for p in OVERSTATED if p in text] == [], path


def result(outcome: str, expected: str) -> Result:
    return Result(
        "optimality",
        "a claim",
        "witness",
        1,
        "a domain",
        outcome,  # type: ignore[arg-type]
        expected,  # type: ignore[arg-type]
        Counterexample(Node.by_depth([(1, 0, 8), (0, 0, 9)]), "a note", Bounds(0, 9))
        if outcome == "failed"
        else None,
    )


@pytest.mark.parametrize(
    ("outcome", "expected", "agrees"),
    [
        ("proved", "holds", True),
        ("held", "holds", True),
        ("failed", "holds", False),
        ("unknown", "holds", None),
        ("failed", "fails", True),
        ("held", "fails", None),
        ("proved", "fails", False),
        ("unknown", "fails", None),
    ],
)
def test_a_result_agrees_with_what_is_expected_only_when_the_evidence_says_so(
    outcome: str, expected: str, agrees: bool | None
) -> None:
    r = result(outcome, expected)
    assert r.agrees is agrees
    assert (r in disagreements([r])) is (agrees is False)


def test_the_table_shows_every_result_its_counterexample_and_disagreements() -> None:
    rs = [result("proved", "holds"), result("failed", "fails"), result("failed", "holds")]
    out = table(rs)
    head = ["theorem", "method", "cases", "outcome", "expected", "claim"]
    assert out.splitlines()[0].split() == head
    assert out.count("DISAGREES") == 1
    assert "Node(0, (Leaf((1, 0, 8)), Leaf((0, 0, 9))))" in out
    records = report_json(rs)
    assert json.loads(json.dumps(records)) == records
    assert records[1]["counterexample"]["document"]["format"] == "gametree-tree/1"  # type: ignore[index]
    assert [r["agrees"] for r in records] == [True, True, False]


def test_budgets() -> None:
    assert Budget.unlimited().remaining() == math.inf
    assert Budget(0).expired()
    assert not Budget(1000).part(0.5).expired()
    with pytest.raises(ValueError, match="fraction"):
        Budget(1).part(0)
    s = Scope(Budget(100), full=True, shard=Shard(1, 2)).part(0.1)
    assert s.full
    assert s.shard == Shard(1, 2)
    assert s.budget.seconds <= 10


def test_shards_split_an_enumeration_without_overlap() -> None:
    parts = [[i for i in range(20) if Shard(k, 3).takes(i)] for k in (1, 2, 3)]
    assert sorted(i for p in parts for i in p) == list(range(20))
    assert parse_shard("2/3") == Shard(2, 3)
    for bad in ("3/2", "0/1", "1", "a/b"):
        with pytest.raises(ValueError, match="shard"):
            parse_shard(bad)


def test_shapes_are_every_ordered_tree_in_order_of_size() -> None:
    # Ordered trees with n leaves and no unary nodes: the little Schroeder numbers 1, 1, 3, 11, 45.
    assert [len(shapes(n, max_height=n, unary=False)) for n in range(1, 6)] == [1, 1, 3, 11, 45]
    every = all_shapes(4, max_height=3)
    assert every[0] is None
    assert text(every[1]) == "[*]"
    assert all(parse(text(s)) == s for s in every)
    with pytest.raises(ValueError, match="not a shape"):
        parse("[*, [*]")


def test_no_proofs_module_imports_gametree_or_tests() -> None:
    """proofs builds on gametree.spec and gametree.impl only, never on the CLI layer or tests."""
    pattern = re.compile(
        r"^\s*(from|import)\s+(tests\b|gametree(?!\.(spec|impl|proofs)\b))", re.MULTILINE
    )
    for path in sorted((ROOT / "gametree" / "proofs").rglob("*.py")):
        assert not pattern.search(path.read_text()), path.name


@pytest.mark.slow
def test_the_fast_subset_of_every_theorem_runs_in_a_minute_and_nothing_disagrees() -> None:
    """CI runs ``gametree prove``'s default checks, every theorem, within 60 s.

    Fewer cases than the 540 s default, but every check: a counterexample to a claim expected
    to hold, or a claim expected to fail proved, fails this test. The witnesses and replays do
    not depend on the time, nor do the first examples of every Hypothesis property
    (``MIN_EXAMPLES``, run whatever the budget), so each theorem decides something however
    loaded the machine, by two methods or more.
    """
    results = proofs.run(THEOREMS, Scope(Budget(60)))
    assert disagreements(results) == []
    by_name = {th.name: th for th in THEOREMS}
    for r in results:
        assert r.method in by_name[r.theorem].methods, (r.theorem, r.method)
    for th in THEOREMS:
        mine = [r for r in results if r.theorem == th.name]
        assert len({r.method for r in mine}) >= 2, th.name
        assert any(r.outcome != "unknown" for r in mine), th.name
