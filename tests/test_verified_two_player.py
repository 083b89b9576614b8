"""The Nagini kernels of Theorems 1 and 2: equal to spec and impl, and their stored results current.

Nagini itself runs in ``python3 dev.py verify`` (minutes); here, in seconds: the verified code
computes what ``spec`` defines and ``impl`` runs, on random trees; the stored results are for
the kernels' current sources, every claim verified and every seeded flaw caught; and each
seeded flaw is a real bug (the seeded kernel disagrees with spec on some tree).
"""

import json
import types
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from gametree import cli
from gametree.impl import alphabeta as impl_alphabeta
from gametree.impl import negamax_alphabeta
from gametree.proofs import THEOREMS, nagini
from gametree.proofs.nagini import (
    CLAIMS,
    FLAWS,
    KERNELS,
    RESULTS,
    Flaw,
    seeded,
    source,
    source_hash,
    stale,
    stored,
    two_player,
)
from gametree.proofs.nagini.convert import two_player_tree
from gametree.proofs.nagini.verify import errors_of, verdicts
from gametree.spec import Leaf, Node, TreeError, leaf_values, minimax, negamax
from gametree.spec.strategies import scalar_trees

TREES = scalar_trees(by_depth=False) | scalar_trees(ties=True)
"""Integer trees, players in turn or not (a player moving twice), with ties."""


@given(TREES, st.integers(-12, 12), st.integers(1, 12))
def test_the_kernels_compute_what_spec_defines_and_impl_runs(
    t: Node | Leaf, a: int, w: int
) -> None:
    """minimax and negamax are spec's; the alpha-beta searches impl's, over every window."""
    k, b = two_player_tree(t), a + w
    assert two_player.minimax(k) == minimax(t).value
    assert two_player.negamax(k) == negamax(t).value
    assert two_player.alphabeta(k, a, b) == impl_alphabeta(t, a, b).value
    assert two_player.alphabeta_soft(k, a, b) == impl_alphabeta(t, a, b, fail_soft=True).value
    assert two_player.negamax_alphabeta(k, a, b) == negamax_alphabeta(t, a, b).value
    values = [v for v in leaf_values(t) if isinstance(v, int)]
    assert two_player.within(k, a, b) == (a < min(values) and max(values) < b)


def test_the_kernels_take_only_integer_two_player_trees() -> None:
    with pytest.raises(TreeError, match="integer values"):
        two_player_tree(Node.by_depth([1, Fraction(1, 2)]))
    with pytest.raises(TreeError, match="two-player tree"):
        two_player_tree(Node.by_depth([(1, 2, 3), (0, 1, 2)]))


def test_the_stored_results_are_for_the_current_sources() -> None:
    """Edit a kernel and this fails until ``python3 dev.py verify`` has verified it again."""
    results = stored()
    assert stale(results) == [], (
        f"{RESULTS.name} is not for the current sources of {stale(results)}: "
        "run python3 dev.py verify"
    )


def test_every_claim_is_verified_and_every_flaw_caught_in_the_stored_results() -> None:
    results = stored()
    for name in KERNELS:
        kernel = results.kernel(name)
        assert kernel is not None
        assert kernel.errors == ()
        mine = {c.name for c in CLAIMS if c.kernel == name}
        assert kernel.verdicts == dict.fromkeys(mine, "verified")
    by_name = {f.flaw: f for f in results.flaws}
    assert set(by_name) == {f.name for f in FLAWS}
    for flaw in FLAWS:
        found = by_name[flaw.name]
        assert found.sha256 == source_hash(flaw.kernel), f"{flaw.name} was seeded in another source"
        assert found.caught
        assert any(flaw.expected in e for e in found.errors)


def test_a_stale_result_is_reported() -> None:
    results = stored()
    (kernel,) = results.kernels
    changed = type(results)(
        tool=results.tool,
        kernels=(type(kernel)(kernel.kernel, "0" * 64, kernel.verdicts, (), 0.0),),
        flaws=(),
    )
    assert stale(changed) == ["two_player"]
    assert stale(type(results)(tool=results.tool, kernels=(), flaws=())) == ["two_player"]


def test_every_claim_names_a_theorem_and_functions_of_its_kernel() -> None:
    numbers = {th.number for th in THEOREMS}
    for claim in CLAIMS:
        assert claim.theorem in numbers
        defined = {n for n in dir(two_player) if not n.startswith("_")}
        assert set(claim.functions) <= defined, claim


def test_an_error_fails_the_claim_whose_function_holds_it_and_a_shared_one_fails_all() -> None:
    text = source("two_player")
    lines = text.splitlines()

    def at(name: str) -> str:
        line = next(i for i, s in enumerate(lines, 1) if s.startswith(f"def {name}("))
        return f"Postcondition of {name} might not hold. (two_player.py@{line + 3}.4--{line + 3}.9)"

    every = {c.name for c in CLAIMS}

    def failing(*errors: str) -> set[str]:
        found = verdicts("two_player", text, errors)
        assert set(found) == every
        return {name for name, v in found.items() if v == "failed"}

    assert failing(at("alphabeta_choice")) == {"fail-hard"}
    assert failing(at("negamax_choice")) == {"negamax"}
    assert failing(at("negamax_choice"), at("alphabeta_soft")) == {"negamax", "fail-soft"}
    assert failing(at("choice")) == every
    assert failing("Translation failed") == every
    assert failing() == set()


def test_nagini_output_without_a_verdict_is_an_error_not_a_pass() -> None:
    assert errors_of("") == (False, ("no verdict in Nagini's output: (nothing)",))
    verified, errors = errors_of(
        "Translation failed\nInvalid program: invalid.predicate (k.py@16.0)"
    )
    assert not verified
    assert "invalid.predicate" in errors[1]


def seeded_module(flaw: Flaw) -> types.ModuleType:
    module = types.ModuleType(f"seeded_{flaw.name.replace('-', '_')}")
    exec(compile(seeded(flaw), module.__name__, "exec"), module.__dict__)
    return module


SEARCHES: dict[str, tuple[str, Callable[[Node | Leaf], object]]] = {
    "negamax-no-negation": ("negamax", lambda t: negamax(t).value),
    "min-raises-beta": ("alphabeta", lambda t: minimax(t).value),
    "alpha-not-passed-on": ("alphabeta", lambda t: minimax(t).value),
    "window-not-swapped": ("negamax_alphabeta", lambda t: negamax(t).value),
    "soft-forgets-first-child": ("alphabeta_soft", lambda t: minimax(t).value),
}
"""For each flaw that breaks a value: the kernel's search, and what it must compute (with a
window around every leaf value)."""


@pytest.mark.parametrize("flaw", [f for f in FLAWS if f.name in SEARCHES], ids=lambda f: f.name)
def test_each_seeded_flaw_is_a_real_bug(flaw: Flaw) -> None:
    """Hypothesis finds a tree on which the seeded kernel is wrong: the flaw is not benign."""
    module = seeded_module(flaw)
    search, expected = SEARCHES[flaw.name]

    def wrong(t: Node | Leaf) -> bool:
        k = two_player_tree(t)  # the seeded module's functions read the fields by name
        args = (k,) if search == "negamax" else (k, -100, 100)
        return bool(getattr(module, search)(*args) != expected(t))

    t = find(TREES, wrong, settings=settings(max_examples=2000, database=None))
    assert wrong(t)


def test_every_flaw_is_seeded_and_checked() -> None:
    """A flaw that breaks a value is run here; the others break termination (no value)."""
    for flaw in FLAWS:
        assert seeded(flaw) != source(flaw.kernel)
        assert flaw.name in SEARCHES or flaw.expected == "Function might not terminate"


def test_a_flaw_must_name_text_found_once_in_its_kernel() -> None:
    bad = Flaw("nowhere", "two_player", "no such line\n", "x\n", "Postcondition")
    with pytest.raises(ValueError, match="occurs 0 times"):
        seeded(bad)


def test_gametree_prove_reports_the_stored_results_with_their_source_hash(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["prove", "negamax", "alphabeta", "--budget", "1", "--json"]) == 0
    verified = json.loads(capsys.readouterr().out)["verified"]
    assert {v["theorem"] for v in verified} == {c.theorem for c in CLAIMS}
    for v in verified:
        assert v["verdict"] == "verified"
        assert v["current"]
        assert v["sha256"] == v["current_sha256"] == source_hash(v["kernel"])
    assert cli.main(["prove", "deep", "--budget", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] == []


def test_gametree_prove_says_when_a_kernel_changed_since_it_was_verified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(RESULTS.read_text())
    data["kernels"][0]["sha256"] = "0" * 64
    old = tmp_path / "results.json"
    old.write_text(json.dumps(data))
    monkeypatch.setattr(nagini, "RESULTS", old)
    assert cli.main(["prove", "negamax", "--budget", "1"]) == 0
    out = capsys.readouterr().out
    assert "Proved for every tree" in out
    assert "source 000000000000; two_player.py has CHANGED since" in out
    assert f"(now {source_hash('two_player')[:12]})" in out
