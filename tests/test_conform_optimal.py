"""The gate's ``optimal`` semantics (Korf 3.2.4, Theorem 1 corrected): what it passes and fails.

``impl.optimal`` passes its vectors and generated cases through the worker; shallow pruning,
whose values are right, fails it with ``--strict-order`` at the first leaf it reads that no
directional search needs; an engine that ignores the request's domain fails it on the
integer cases, and the catalogue's engine that always decides over the integers on the real
ones. Then what the semantics and the generator promise: the domain in the request, checked;
the shrinker keeping a case in its domain; the vectors' trees being what their groups say; the
generated phase drawing both domains and trees beyond shallow pruning.
"""

import functools
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gametree.conform.builtin import answer
from gametree.conform.codec import Case, case_from_request, domain_problem, request
from gametree.conform.gate import GateOptions, run_gate
from gametree.conform.optimal_trees import (
    SHIFTS,
    beyond_shallow,
    domain_matters,
    optimal_trees,
    scaled,
    shifted,
)
from gametree.conform.scope import SCOPES
from gametree.conform.semantics import Checks
from gametree.conform.shrink import shrink
from gametree.conform.targets import CallableTarget, ProcessTarget, TargetStartError, parse_target
from gametree.conform.tiers import Ask, tight
from gametree.conform.vectors import vector_cases
from gametree.figures import last_branch_example
from gametree.impl import optimal
from gametree.spec import Bounds, Domain, Node
from gametree.treefile import TreeFileError, read_tree_json
from tests.bugs.optimal import optimal_over_integers
from tests.test_oracle_gate import conform

ROOT = Path(__file__).resolve().parent.parent
STRICT = Checks(best_move=True, principal_variation=True, strict_order=True)
STURTEVANT = last_branch_example()


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Targets named ``tests.*`` import from the checkout's root."""
    monkeypatch.chdir(ROOT)


def search(name: str) -> CallableTarget:
    """One of gametree's searches as an in-process target, as ``--target NAME`` runs it."""
    return CallableTarget(functools.partial(answer, name))


@pytest.mark.slow
def test_impl_optimal_passes_its_vectors_through_the_worker(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """End to end; the generated cases are asked in process below, for speed."""
    code, report = conform(["--target", "impl.optimal", "--semantics", "optimal",
                            "--strict-order", "--best-move", "--principal-variation",
                            "--budget", "0"], capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]
    assert report["vectors"] == {"pass": len(vector_cases("optimal"))}
    assert {"IntegerDomain", "BeyondShallow", "DomainMatters"} <= set(
        report["coverage"]["vectors"]["flags"]
    )


def first_difference(want: list[list[int]], got: list[list[int]]) -> list[int]:
    """The first leaf the two traces disagree on: read instead, read beyond, or missing."""
    for w, g in zip(want, got, strict=False):
        if w != g:
            return g
    return got[len(want)] if len(got) > len(want) else want[len(got)]


@pytest.mark.slow
def test_shallow_pruning_fails_optimal_at_the_first_leaf_it_reads_for_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["--target", "impl.shallow", "--semantics", "optimal", "--best-move",
            "--principal-variation", "--budget", "0"]  # fmt: skip
    code, report = conform(base, capsys)
    assert code == 0, report["failures"][:2]  # its values and lines are maxn's
    code, report = conform([*base, "--strict-order"], capsys)
    assert code == 1
    flagged = [f for f in report["failures"] if f["problems"][0].startswith("trace:")]
    assert len(flagged) == len(report["failures"]) >= 20
    first = report["minimal"][0]
    want, got = first["expected"]["trace"], first["actual"]["trace"]
    assert len(got) > len(want)  # it reads more, never less
    assert str(first_difference(want, got)) in first["problems"][0]
    assert read_tree_json(first["request"]["tree"]).tree.size <= 6


@pytest.mark.slow
def test_the_generated_phase_alone_catches_shallow_pruning() -> None:
    options = GateOptions("optimal", STRICT, budget=100, vectors=False, shrink_budget=30)
    report = run_gate(search("impl.shallow"), "impl.shallow", options)
    assert not report.passed
    assert report.failures[0].phase == "generated"
    assert report.shrunk[0].minimal.problems[0].startswith("trace:")


def test_an_engine_that_ignores_the_domain_fails_the_integer_cases_and_only_those() -> None:
    def over_the_reals(request: dict[str, Any]) -> dict[str, object]:
        return answer("impl.optimal", {**request, "domain": "reals"})

    report = run_gate(CallableTarget(over_the_reals), "reals", GateOptions("optimal", STRICT,
                                                                          budget=0))  # fmt: skip
    assert not report.passed
    for o in report.failures:
        assert o.case.domain == "integers"
        assert "DomainMatters" in o.flags  # else the two domains read the same leaves
        assert o.problems[0].startswith("trace:")
    matters = [vc for vc in vector_cases("optimal") if "DomainMatters" in vc.flags]
    assert len(report.failures) >= len(matters) // 3


def test_the_catalogue_s_search_over_the_integers_fails_the_real_cases() -> None:
    report = run_gate(CallableTarget(optimal_over_integers), "integers",
                      GateOptions("optimal", STRICT, budget=0))  # fmt: skip
    assert {o.case.domain for o in report.failures} == {"reals"}
    wrong_values = [o for o in report.failures if o.problems[0].startswith("value:")]
    assert wrong_values  # on fractions it is wrong, not only wasteful
    assert all("Fraction" in o.flags for o in wrong_values)
    assert report.shrunk[0].minimal.case.tree.size <= 6


def test_the_domain_is_in_the_request_and_checked() -> None:
    case = Case("optimal", STURTEVANT, Bounds(0, 9), domain="integers")
    req = request(case, trace=True)
    assert req["domain"] == "integers"
    assert case_from_request("optimal", req) == case
    del req["domain"]
    assert case_from_request("optimal", req).domain == "reals"
    for bad in ("integer", "REALS", 3, None, ["reals"]):
        with pytest.raises(TreeFileError, match="'domain' must be one of 'reals', 'integers'") as e:
            case_from_request("optimal", {**req, "domain": bad})
        assert e.value.pointer == "/domain"
    half = Node.by_depth([(1, 0, 8), [(0, 0, 9), (Fraction(1, 2), 0, 8)]])
    fraction = request(Case("optimal", half, Bounds(0, 9)), trace=False)
    with pytest.raises(TreeFileError, match="the integers, but a leaf has the component 1/2") as e:
        case_from_request("optimal", {**fraction, "domain": "integers"})
    assert e.value.pointer == "/tree/tree/children/1/children/1/value"
    assert case_from_request("optimal", fraction).domain == "reals"


def test_the_shrinker_keeps_an_integer_case_in_the_integers() -> None:
    half = Bounds(Fraction(1, 2), 9)
    t = Node.by_depth([(1, 1, 7), [(2, 1, 1), [(1, 6, 1), (1, 1, 1)]]])
    case = Case("optimal", t, half, domain="integers")
    smallest, steps = shrink(case, lambda _c: True, by_depth=False)
    assert steps > 0
    assert smallest.tree.size == 1
    assert domain_problem(smallest) is None  # towards 1/2, a component stops at 1
    assert optimal(smallest.tree, half, domain="integers").value == (1, 1, 1)


def test_the_optimal_trees_are_what_their_groups_say() -> None:
    entries = optimal_trees()
    groups = {g for g, *_ in entries}
    assert groups == {"examples", "beyond shallow", "domain", "magnitudes"}
    for group, comment, _, t, bounds in entries:
        if group == "beyond shallow":
            assert beyond_shallow(t, bounds, "reals"), comment
        if group == "domain":
            assert domain_matters(t, bounds), comment
    (_, _, _, figure3, nine) = entries[1]
    assert beyond_shallow(figure3, nine, "integers")
    assert not beyond_shallow(figure3, nine, "reals")
    players = {t.players for g, _, _, t, _ in entries if g == "beyond shallow"}
    assert players >= {3, 4}
    assert max(players) >= 5


def traces(t: Node, bounds: Bounds, domains: tuple[Domain, ...]) -> list[object]:
    return [optimal(t, bounds, domain=d, trace=True).trace for d in domains]


def test_a_shift_or_a_tiny_scale_changes_no_verdict() -> None:
    """What the magnitude group relies on, checked on every tree of the other groups."""
    for group, comment, _, t, b in optimal_trees():
        if group not in {"beyond shallow", "domain"}:
            continue
        assert isinstance(t, Node)
        c = SHIFTS[3]
        moved = shifted(t, -c)
        assert isinstance(moved, Node)
        both: tuple[Domain, ...] = ("reals", "integers")
        assert traces(moved, Bounds(b.lower - c, b.total - t.players * c), both) == traces(
            t, b, both
        ), comment
        small = scaled(t, 10**30)
        assert isinstance(small, Node)
        unit = Fraction(1, 10**30)
        tiny = Bounds(1 + b.lower * unit, t.players + b.total * unit)
        assert traces(small, tiny, ("reals",)) == traces(t, b, ("reals",)), comment


def test_the_tight_tier_draws_trees_beyond_shallow_pruning() -> None:
    ask = Ask(vector=True, window=False, scope=SCOPES["default"])
    drawn = [tight(random.Random(seed), ask) for seed in range(60)]
    integers = sum(beyond_shallow(d.tree, d.bounds, "integers") for d in drawn if d.bounds)
    reals = sum(beyond_shallow(d.tree, d.bounds, "reals") for d in drawn if d.bounds)
    assert integers >= 30  # half of them
    assert reals >= 10


def test_the_generated_phase_asks_both_domains() -> None:
    options = GateOptions("optimal", STRICT, budget=60, vectors=False, scope="small")
    report = run_gate(search("impl.optimal"), "impl.optimal", options)
    assert report.passed, report.text()[-2000:]
    domains = [o.case.domain for o in report.outcomes]
    assert domains.count("integers") >= 10
    assert domains.count("reals") >= 10
    tight_cases = [o for o in report.outcomes if o.name.endswith("(tight)")]
    assert len(tight_cases) == 30  # half the small scope's budget, for optimal


def test_an_engine_over_the_reals_only_skips_the_integer_cases() -> None:
    options = GateOptions("optimal", STRICT, budget=30, scope="small",
                          skip_flags=frozenset({"IntegerDomain"}))  # fmt: skip
    report = run_gate(search("impl.optimal"), "impl.optimal", options)
    assert report.passed
    asked = [o for o in report.outcomes if o.kind != "skipped"]
    assert {o.case.domain for o in asked} == {"reals"}
    skipped = [o for o in report.outcomes if o.kind == "skipped"]
    assert len(skipped) == sum(vc.case.domain == "integers" for vc in vector_cases("optimal"))


def test_a_search_is_a_target_by_its_full_name() -> None:
    assert parse_target("impl.optimal") == ("python", ["impl.optimal"])
    assert parse_target("optimal") == ("python", ["optimal"])  # the registry's name
    assert parse_target("command:optimal") == ("command", ["optimal"])  # a program called so
    req = request(Case("optimal", STURTEVANT, Bounds(0, 9)), trace=True)
    assert answer("impl.optimal", req)["trace"] == [[0], [1, 0], [1, 1, 0]]
    assert "trace" not in answer("impl.optimal", {**req, "trace": False})
    target = ProcessTarget.from_spec("command:impl.optimal")
    with pytest.raises(TargetStartError, match=r"cannot run 'impl\.optimal'"):
        target.ask(Case("optimal", STURTEVANT, Bounds(0, 9)), trace=False)
    target.close()
