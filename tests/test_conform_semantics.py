"""The semantics of the searches the explore page runs: PVS, MTD(f), last-branch, speculative
and deep pruning (issue 19): gametree's own searches pass them, requests are checked, and
deep pruning's semantics is its own, wrong where Korf says and maxn where he says it is sound.

The seeded flaws (one per semantics) are bugs 45 to 49 of the catalogue, run by
``tests/test_bug_catalogue.py``.
"""

import json
from typing import Any

import pytest

from gametree import cli, impl, spec
from gametree.conform.codec import Case, case_from_request, request
from gametree.conform.semantics import SEMANTICS, expected
from gametree.conform.vectors import vector_cases
from gametree.impl.ordered import best_ordered
from gametree.spec import Bounds, Node
from gametree.spec.examples import korf_figure5
from gametree.treefile import TreeFileError, dumps, read_tree_text

NEW = {
    "pvs": "impl.pvs",
    "mtdf": "impl.mtdf",
    "last-branch": "impl.last_branch",
    "speculative": "impl.speculative",
    "deep-pruning-unsound": "impl.deep_pruning_unsound",
}
"""Each new semantics and the search of gametree's that it is defined by."""


def conform(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    code = cli.main(["conform", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.slow
@pytest.mark.parametrize("semantics", list(NEW))
def test_the_builtin_target_passes_with_every_comparison(
    semantics: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through the worker, as a user runs it; MTD(f) with its vectors too, whose trees share
    subtrees in memory and not once written out."""
    vectors = [] if semantics == "mtdf" else ["--no-vectors"]
    code, report = conform(["--target", NEW[semantics], "--semantics", semantics,
                            "--strict-order", "--best-move", "--principal-variation",
                            "--scope", "small", "--budget", "20", *vectors], capsys)  # fmt: skip
    assert code == 0, report["failures"][:2]
    assert report["generated"]["pass"] >= 10
    if semantics == "mtdf":
        assert report["vectors"]["pass"] == len(vector_cases("mtdf"))


def test_every_new_semantics_is_registered_with_what_it_takes() -> None:
    for name in NEW:
        s = SEMANTICS[name]
        assert s.summary
        assert s.kind == ("scalar" if name in {"pvs", "mtdf"} else "vector")
        assert s.window == (name in {"pvs", "mtdf"})
        assert s.bounds == (s.kind == "vector")
        assert s.guess == (name == "mtdf")
    assert "NOT the maxn value" in SEMANTICS["deep-pruning-unsound"].summary


T = Node.by_depth([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def test_mtdf_takes_its_first_guess_from_the_request() -> None:
    req = request(Case("mtdf", T, first_guess=20), trace=True)
    assert req["first_guess"] == 20
    case = case_from_request("mtdf", req)
    assert case.first_guess == 20
    assert expected(case).trace == impl.mtdf(T, 20, trace=True).trace
    assert expected(case).trace != expected(Case("mtdf", T)).trace
    del req["first_guess"]
    assert case_from_request("mtdf", req).first_guess == 0
    assert "first_guess" not in request(Case("pvs", T), trace=True)


def canonical(players: int, value: list[int]) -> dict[str, object]:
    """A tree document without bounds: a root over one leaf of ``value``."""
    leaf = {"value": value}
    return {"format": "gametree-tree/1", "players": players,
            "tree": {"to_move": 0, "children": [leaf]}}  # fmt: skip


@pytest.mark.parametrize(
    ("semantics", "change", "pointer", "words"),
    [
        ("mtdf", {"first_guess": "many"}, "/first_guess", "'many'"),
        ("mtdf", {"first_guess": True}, "/first_guess", "got true"),
        ("mtdf", {"first_guess": "1/0"}, "/first_guess", "denominator"),
        ("pvs", {"alpha": 3, "beta": 3}, "/beta", "alpha < beta"),
        ("pvs", {"tree": canonical(2, [1, 2])}, "/tree", "scalar values"),
        ("last-branch", {"tree": [[1, 2]]}, "/tree", "vector values"),
        ("speculative", {"tree": canonical(3, [1, 2, 3])}, "/tree", "Korf's bounds"),
        ("deep-pruning-unsound", {"tree": canonical(3, [1, 2, 3])}, "/tree", "Korf's bounds"),
    ],
)
def test_a_bad_request_is_refused_naming_its_member(
    semantics: str, change: dict[str, object], pointer: str, words: str
) -> None:
    base = Case(semantics, T) if semantics in {"pvs", "mtdf"} else Case(
        semantics, korf_figure5((2, 3, 4)), Bounds(0, 9))  # fmt: skip
    req = {**request(base, trace=False), **change}
    with pytest.raises(TreeFileError) as caught:
        case_from_request(semantics, req)
    assert caught.value.pointer == pointer
    assert words in caught.value.problem


def test_mtdf_is_defined_on_the_tree_as_written_where_no_two_nodes_are_one() -> None:
    """``impl.mtdf``'s table is keyed by node identity; best_ordered shares subtrees, so in
    memory a subtree's bounds answer for its copies. The semantics is the written tree's."""
    shared = best_ordered(2, 4)
    written = read_tree_text(dumps(shared)).tree
    want = impl.mtdf(written, 0, trace=True).trace
    assert expected(Case("mtdf", shared)).trace == want
    assert impl.mtdf(shared, 0, trace=True).trace != want


def test_deep_pruning_unsound_is_what_deep_pruning_returns_not_maxn() -> None:
    """Korf's Figure 5 with f = (3, 0, 6): deep pruning answers (5, 2, 2), maxn (6, 1, 2)."""
    e = expected(Case("deep-pruning-unsound", korf_figure5((3, 0, 6)), Bounds(0, 9)))
    assert e.value == (5, 2, 2)
    assert e.true_value == (6, 1, 2)
    assert e.json()["value"] != e.json()["true_value"]


def test_a_correct_maxn_claiming_deep_pruning_is_told_the_value_is_deep_prunings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, report = conform(["--target", "impl.shallow", "--semantics", "deep-pruning-unsound",
                            "--scope", "small", "--budget", "5"], capsys)  # fmt: skip
    assert code == 1
    problem = report["failures"][0]["problems"][0]
    assert problem == ("value: expected (5, 2, 2) (deep-pruning-unsound's; the true value is "
                       "(6, 1, 2)), got (6, 1, 2)")  # fmt: skip


def test_deep_pruning_is_wrong_on_every_trap_and_maxn_on_every_pair() -> None:
    cases = vector_cases("deep-pruning-unsound")
    traps = [vc for vc in cases if "DeepPruningTrap" in vc.flags]
    pairs = [vc for vc in cases if "SoundPairs" in vc.flags]
    assert len(traps) >= 10
    assert len(pairs) >= 20
    for vc in traps:
        e = expected(vc.case)
        assert e.value != e.true_value, vc.comment
    for vc in pairs:
        e = expected(vc.case)
        s = spec.maxn(vc.case.tree)
        assert (e.value, e.principal_variation) == (s.value, s.principal_variation), vc.comment


def test_pvs_and_mtdf_keep_fishburns_properties_under_a_window() -> None:
    """Fail-soft as the alpha-beta semantics: the value below the window is a bound in [v, a]."""
    for name in ("pvs", "mtdf"):
        e = expected(Case(name, T, alpha=5, beta=9))
        assert (e.value, e.value_range, e.principal_variation) == (None, (3, 5), None)


def test_the_speculative_leaves_count_a_re_searched_leaf_each_time() -> None:
    e = expected(Case("speculative", korf_figure5((3, 0, 6)), Bounds(0, 9)))
    assert e.trace == ((0,), (1, 0, 0), (1, 1), (1, 0, 0), (1, 0, 1))
