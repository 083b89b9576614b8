"""The oracle's commands: solve, algorithms, compare, vectors; their JSON, help and exit codes."""

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gametree import cli
from gametree._json import loads
from gametree.algorithms import ALGORITHMS, REGISTRY, Options, applicable
from gametree.clitools import PROGRESS_LINE, Progress
from gametree.spec import Bounds, Interval, Node, Tree, iter_leaves, maxn, minimax, negamax
from gametree.spec.examples import korf_figure5, wiki_alpha_beta
from gametree.treefile import dumps

ROOT = Path(__file__).resolve().parent.parent
SOLVE_KEYS = ["value", "best_move", "principal_variation", "nodes_visited", "leaves_evaluated",
              "trace"]  # fmt: skip


def write(tmp_path: Path, tree: Tree, bounds: Bounds | None = None, name: str = "t.json") -> str:
    path = tmp_path / name
    path.write_text(dumps(tree, bounds))
    return str(path)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = cli.main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_has_exactly_the_documented_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, wiki_alpha_beta())
    code, out, _ = run(["solve", path, "--json", "--trace"], capsys)
    assert code == 0
    answer = json.loads(out)
    assert list(answer) == SOLVE_KEYS
    s = minimax(wiki_alpha_beta())
    assert answer["value"] == s.value == 3
    assert answer["principal_variation"] == list(s.principal_variation)
    assert answer["best_move"] == s.best_move
    t = wiki_alpha_beta()
    assert answer["nodes_visited"] == t.size  # the spec's counts are the whole tree's
    assert answer["leaves_evaluated"] == t.leaf_count
    assert answer["trace"] == [list(p) for p, _ in iter_leaves(t)]


def test_solve_with_an_impl_search_a_window_and_fractions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.json"
    path.write_text('[["7/2", 12, 8], [2, 4, 6], [14, 5, 2]]')
    code, out, _ = run(["solve", str(path), "-a", "alphabeta", "--json"], capsys)
    assert code == 0
    expected = {"value": "7/2", "best_move": 0, "principal_variation": [0, 0],
                "nodes_visited": 11, "leaves_evaluated": 7, "trace": None}  # fmt: skip
    assert json.loads(out) == expected
    code, out, _ = run(["solve", str(path), "-a", "alphabeta-fail-hard", "--window", "4", "inf",
                        "--json", "--trace"], capsys)  # fmt: skip
    answer = json.loads(out)
    assert answer["value"] == 4  # fail-hard: Max fails low, the answer is alpha exactly
    assert answer["trace"] == [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]


def test_solve_text_and_a_vector_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = korf_figure5((3, 0, 6))
    path = write(tmp_path, t, Bounds(0, 9))
    code, out, _ = run(["solve", path], capsys)
    assert code == 0
    assert "algorithm: spec.maxn" in out
    assert "value: (6, 1, 2)" in out
    assert f"principal variation: {list(maxn(t).principal_variation)}" in out
    code, out, _ = run(["solve", path, "-a", "shallow", "--json", "--trace"], capsys)
    assert json.loads(out)["value"] == [6, 1, 2]
    code, out, _ = run(["solve", path, "-a", "deep_pruning_unsound", "--json"], capsys)
    assert json.loads(out)["value"] == [5, 2, 2]  # Korf 3.2.3: deep pruning is wrong here


def test_solve_reads_standard_input(capsys: pytest.CaptureFixture[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "gametree.cli", "solve", "-", "--json"],
                          input="[[3, 12], [2, 4]]", capture_output=True, text=True,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["value"] == 3


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["solve", "{t}", "-a", "nosuch"], 2, "no algorithm 'nosuch'"),
        (["solve", "{t}", "-a", "game-negamax"], 3, "searches a game graph"),
        (["solve", "{t}", "--window", "1", "inf"], 2, "minimax takes no --window"),
        (["solve", "{t}", "-a", "alphabeta-fail-hard", "--window", "3", "3"], 2, "non-empty"),
        (
            ["solve", "{t}", "-a", "alphabeta-fail-hard", "--window", "nan", "1"],
            2,
            "not a finite number",
        ),
        (["solve", "{t}", "-a", "alphabeta-fail-hard", "--window", "x", "1"], 2, "not a number"),
        (["solve", "{t}", "-a", "maxn"], 3, "takes N-player trees"),
        (["solve", "{v}", "-a", "shallow"], 3, "needs Korf's bounds"),
        (["solve", "{v}", "-a", "paranoid", "--player", "5"], 2, "--player must be one of"),
        (["solve", "{bad}"], 3, "not JSON"),
        (["solve", "/no/such/file"], 3, "cannot read"),
        (["solve", "{t}", "--max-nodes", "3"], 3, "more than 3 nodes"),
        (["solve", "{t}", "--max-nodes", "0"], 2, "at least 1"),
        (["compare", "{bad}"], 3, "not JSON"),
        (["vectors", "verify", "/no/such/dir"], 3, "cannot read"),
    ],
)
def test_exit_codes(
    argv: list[str], code: int, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = {
        "t": write(tmp_path, Node.by_depth([[3, 12], [2, 4]])),
        "v": write(tmp_path, Node.by_depth([(1, 2, 3), (3, 2, 1)]), name="v.json"),
        "bad": str(tmp_path / "bad.json"),
    }
    (tmp_path / "bad.json").write_text("[[1, 2]")
    got, out, err = run([a.format(**files) for a in argv], capsys)
    assert got == code
    assert message in err
    assert "Traceback" not in err + out


@pytest.mark.parametrize("command", ["solve", "algorithms", "compare", "conform", "vectors"])
def test_every_command_documents_its_exit_codes(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run([command, "--help"], capsys)
    assert code == 0
    assert "exit codes:" in out
    assert "    0  success" in out
    assert "    2  bad usage" in out


def test_algorithms_lists_every_search(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["algorithms", "--json"], capsys)
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["name"] for r in records] == list(ALGORITHMS)
    assert set(records[0]) == {"name", "computes", "reference", "kind", "exact", "options",
                               "needs_bounds", "family", "source", "semantics",
                               "old_names"}  # fmt: skip
    code, out, _ = run(["algorithms"], capsys)
    assert "last-branch" in out


def test_every_public_search_of_impl_and_spec_has_a_name() -> None:
    from gametree import impl, spec

    searches = {n for n in impl.__all__ if callable(getattr(impl, n)) and n.islower()}
    not_searches = {"best_case_leaves", "best_ordered", "best_ordered_tree", "is_order_equivalent",
                    "knuth_moore_leaves", "worst_ordered"}  # fmt: skip
    need_functions = {"opponent_models", "opponent_models_alphabeta"}
    on_games = {"brs_game"}  # BRS and BRS+ from a game's position, which brs names
    named = {a.search.removeprefix("impl.") for a in REGISTRY if a.search}  # games' too
    assert "impl.brs" in {a.search for a in REGISTRY}
    assert searches - not_searches - need_functions - on_games - {"brs"} <= named
    definitions = {"minimax", "negamax", "maxn", "paranoid", "separate_evaluations", "expectimax",
                   "brs_plus"}  # fmt: skip
    assert {f"spec.{d}" for d in definitions} == {a.reference for a in ALGORITHMS.values()}
    assert all(callable(getattr(spec, d)) for d in definitions)


def test_compare_shows_every_applicable_algorithm_and_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = wiki_alpha_beta()
    code, out, _ = run(["compare", write(tmp_path, t), "--json"], capsys)
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    names = [r["algorithm"] for r in rows]
    assert names == [a.name for a in ALGORITHMS.values()
                     if applicable(a, t, None) is None and a.name != "mt"]  # fmt: skip
    assert all(r["agrees"] for r in rows)
    by = {r["algorithm"]: r for r in rows}
    assert by["negamax"]["value"] == negamax(t).value
    assert by["alphabeta-fail-hard"]["leaves_evaluated"] < by["minimax"]["leaves_evaluated"]
    code, out, _ = run(["compare", write(tmp_path, t)], capsys)
    assert "pvs" in out
    assert "yes (minimax)" in out


def test_compare_on_figure5_marks_deep_pruning_as_not_claimed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, korf_figure5((3, 0, 6)), Bounds(0, 9))
    code, out, _ = run(["compare", path], capsys)
    assert code == 0  # the unsound search disagrees, as it should, and claims nothing
    line = next(ln for ln in out.splitlines() if ln.startswith("deep-pruning-unsound"))
    assert "(5, 2, 2)" in line
    assert "no (not claimed)" in line


def test_compare_fails_when_a_search_disagrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from gametree import impl
    from gametree.impl import SearchResult

    monkeypatch.setattr(impl, "pvs", lambda *_, **__: SearchResult(99, (0,), 1, 1))
    code, out, _ = run(["compare", write(tmp_path, Node.by_depth([[3, 12], [2, 4]]))], capsys)
    assert code == 1
    assert "NO (negamax)" in out


def test_every_algorithm_runs_through_the_registry() -> None:
    t2 = wiki_alpha_beta()
    pairs = Node.by_depth([[(10, 10), (14, 14)], [(9, 9), (12, 8)]])
    t3 = korf_figure5((2, 3, 4))
    for a in ALGORITHMS.values():
        tree = pairs if a.kind == "pairs" else t3 if a.kind == "vector" else t2
        options = Options(gamma=3) if a.name == "mt" else Options(player=0)
        bounds = Bounds(0, 9) if a.needs_bounds else Interval(0, 20) if a.needs_interval else None
        answer = a.run(tree, bounds, options, trace=True)
        assert answer.trace is not None
        assert answer.leaves_evaluated == len(answer.trace)


@pytest.mark.slow
def test_vectors_verify_passes_on_the_committed_files_and_fails_on_an_edit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One run over a copy of the committed files, one of them edited: every other file is
    "ok" (so the committed files are what a fresh generation writes, with the spec's answers),
    the edited one is named twice. Without DIR, verify reads the same files where they are
    installed (tests/test_wheel.py; a missing one: below)."""
    committed = sorted((ROOT / "gametree" / "vectors").glob("*.json"))
    for f in committed:
        shutil.copy(f, tmp_path)
    path = tmp_path / "minimax.json"
    doc = loads(path.read_text())  # nested too deep for json.loads (a chain 1,200 deep)
    assert isinstance(doc, dict)
    doc["testGroups"][0]["tests"][0]["expected"]["value"] = 4
    doc["testGroups"] = doc["testGroups"][:1]  # json.dumps recurses too
    path.write_text(json.dumps(doc, indent=2))
    code, out, _ = run(["vectors", "verify", str(tmp_path)], capsys)
    assert code == 1
    edited = [
        f"{path}: tcId 1: the expected answer is not what the spec gives",
        f"{path}: differs from a fresh generation (run: gametree vectors generate)",
    ]
    ok = [f"{tmp_path / f.name}: ok" for f in committed if f.name != path.name]
    assert sorted(out.splitlines()) == sorted(ok + edited)


@pytest.mark.slow
def test_vectors_generate_without_a_folder_rewrites_the_checkouts_vectors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Developers run it from anywhere in the checkout: it writes gametree/vectors, found from
    the package (here a stand-in folder, so that the committed files stay as they are)."""
    from gametree.commands import vectors

    monkeypatch.setattr(vectors, "PACKAGED", tmp_path / "vectors")
    monkeypatch.chdir(ROOT / "docs")
    code, out, _ = run(["vectors", "generate"], capsys)
    assert code == 0
    committed = sorted(f.name for f in (ROOT / "gametree" / "vectors").glob("*.json"))
    assert out == f"wrote {len(committed)} files to {tmp_path / 'vectors'}\n"
    assert sorted(f.name for f in (tmp_path / "vectors").glob("*.json")) == committed
    assert not (ROOT / "docs" / "gametree").exists()


def test_vectors_verify_names_a_missing_installed_file_an_incomplete_installation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gametree.commands import vectors

    monkeypatch.setattr(vectors, "PACKAGED", tmp_path)  # an installation without its vectors
    code, out, err = run(["vectors", "verify"], capsys)
    assert code == 5
    assert "Traceback" not in out + err
    (line,) = [ln for ln in err.splitlines() if not PROGRESS_LINE.match(ln)]  # a slow run's
    assert line.startswith(f"gametree vectors: error: gametree's data file {tmp_path}")
    assert "is missing: this installation of gametree is incomplete" in line
    code, _, err = run(["vectors", "verify", str(tmp_path)], capsys)  # a folder of the user's
    assert code == 3
    assert "cannot read" in err


def test_a_missing_bug_catalogue_is_an_incomplete_installation_not_fewer_vectors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """catalogue() returned no cases when catalogue.json was missing: a gate that silently
    passed the engines its cases catch."""
    from gametree.conform import vectors

    monkeypatch.setattr(vectors, "CATALOGUE", tmp_path / "catalogue.json")
    vectors.catalogue.cache_clear()
    try:
        code, out, err = run(["vectors", "verify"], capsys)
    finally:
        vectors.catalogue.cache_clear()
    assert code == 5
    assert "Traceback" not in out + err
    assert f"data file {tmp_path / 'catalogue.json'} is missing" in err
    assert "installation of gametree is incomplete" in err


def test_progress_is_a_bar_on_a_terminal_and_no_line_within_ten_seconds_elsewhere() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    pipe, terminal = io.StringIO(), Terminal()
    quiet = Progress(4, "cases", stream=pipe)
    quiet.advance(2)
    quiet.done()
    assert pipe.getvalue() == ""
    shown = Progress(4, "cases", stream=terminal)
    shown.advance(2, note="vector tcId 2")
    assert "[###############---------------] 2/4 cases vector tcId 2" in terminal.getvalue()
    shown.done()
    assert terminal.getvalue().endswith("\r")


def test_a_closed_pipe_is_not_a_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, wiki_alpha_beta())
    done = subprocess.run(
        f"{sys.executable} -m gametree.cli solve {path} --trace | head -c 10",
        shell=True, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert "Traceback" not in done.stderr


def test_the_window_is_one_option_and_its_old_spellings_work_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, wiki_alpha_beta())
    solve = ["solve", path, "-a", "alphabeta-fail-hard", "--json", "--trace"]
    code, new, err = run([*solve, "--window", "-1/2", "4"], capsys)
    assert (code, err) == (0, "")
    code, old, err = run([*solve, "--alpha", "-1/2", "--beta", "4"], capsys)
    assert code == 0
    assert old == new
    assert json.loads(new)["value"] == minimax(wiki_alpha_beta()).value  # within the window
    note = "note: {} is now --window A B (inf for an open side)"
    assert err.splitlines() == [f"gametree solve: {note.format(f)}" for f in ("--alpha", "--beta")]
    code, out, _ = run([*solve, "--beta", "4"], capsys)
    assert out == run([*solve, "--window", "-inf", "4"], capsys)[1]
