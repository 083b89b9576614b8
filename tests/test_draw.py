"""gametree draw: the drawing model against the search's trace, the SVG read back, the command.

The pruning marks are checked twice against the algorithm's own trace: in the model (every
cut-off is a node with no read leaf below whose parent has one, computed here from the trace
alone) and in the SVG that is written (the ids of the red bars). What interior nodes show is
checked for soundness against random completions of the leaves the search did not read.
"""

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.patches import Polygon

from gametree import cli
from gametree.algorithms import ALGORITHMS, Options, applicable
from gametree.draw import Drawing, render, search_drawing
from gametree.draw.canvas import MAX_PIXELS, Style, figure, path_id
from gametree.draw.layout import tidy_positions
from gametree.draw.model import format_interval
from gametree.draw.names import node_names
from gametree.figures import FIGURES, korf_figure1, korf_figure4
from gametree.impl import BOTTOM, TOP
from gametree.spec import (
    Bounds,
    Interval,
    Leaf,
    Node,
    Tree,
    expectimax,
    iter_leaves,
    maxn,
    minimax,
    subtree,
)
from gametree.spec import Path as TreePath
from gametree.spec.best_reply import brs_plus, brs_plus_transform, replies, transform_line
from gametree.spec.strategies import chance_trees, scalar_trees, vector_trees, vectors
from gametree.spec.tree import preorder
from gametree.treefile import dumps

SVG = "{http://www.w3.org/2000/svg}"


def expected_cut_offs(t: Tree, trace: Sequence[TreePath]) -> set[TreePath]:
    """Written again here, from the trace alone: children never entered of nodes entered."""
    entered = {()} | {p[:k] for p in trace for k in range(1, len(p) + 1)}
    out = set()
    for path, n in preorder(t):
        p = tuple(path)
        if isinstance(n, Node) and p in entered:
            out |= {(*p, i) for i in range(len(n.children)) if (*p, i) not in entered}
    return out


def svg_ids(path: Path) -> set[str]:
    return {e.get("id", "") for e in ET.parse(path).iter() if e.get("id")}


def ids_to_paths(ids: set[str], prefix: str) -> set[TreePath]:
    out = set()
    for i in ids:
        if i.startswith(prefix):
            rest = i[len(prefix) :]
            out.add(() if rest == "root" else tuple(int(k) for k in rest.split("-")))
    return out


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_svg_marks_exactly_the_cut_offs_of_the_trace(name: str, tmp_path: Path) -> None:
    f = FIGURES[name]
    d = search_drawing(f.tree, f.algorithm, f.bounds)
    trace = d.answer.trace
    assert trace is not None
    expected = expected_cut_offs(f.tree, trace)
    assert d.cut_paths == expected
    out = render(d, tmp_path / "t.svg")
    ids = svg_ids(out)
    assert ids_to_paths(ids, "cut-") == expected
    # Every node is drawn, once, with its path; the highlighted edges are the principal line.
    drawn = ids_to_paths(ids, "node-") | ids_to_paths(ids, "leaf-")
    assert drawn == {tuple(p) for p, _ in preorder(f.tree)}
    pv = d.answer.principal_variation
    assert ids_to_paths(ids, "pv-") == {pv[:k] for k in range(1, len(pv) + 1)}


def test_korf_figure1_alpha_beta_cuts_b_and_c_from_the_root() -> None:
    d = search_drawing(korf_figure1(), "alphabeta-fail-hard")
    assert d.answer.value == minimax(korf_figure1()).value == 10
    b, c = (1, 0, 0, 1), (1, 0, 1, 1)
    assert {b, c, (0, 0, 1, 1), (0, 1, 1), (1, 1)} == d.cut_paths
    labels = {n.path: n.label for n in d.nodes}
    assert labels[(0, 1)] == ("≥14",)  # the shallow cut-off in the left subtree
    assert labels[(1,)] == ("≤8",)  # the right subtree, after b and c are cut off
    assert labels[()] == ("10",)


def test_korf_figure4_shows_the_bounds_korf_narrates() -> None:
    d = search_drawing(korf_figure4(), "shallow", Bounds(0, 9))
    labels = {n.path: n.label for n in d.nodes}
    assert labels[(1,)] == ("≤2", "≥7", "≤2")  # "a lower bound of 7 ... 9 − 7 = 2"
    assert labels[(2,)] == ("≤3", "≥6", "≤3")  # "similarly, evaluating node h"
    assert labels[()] == ("3", "3", "3")
    assert [n.reads for n in d.nodes if n.player is None] == [(1,), (2,), (), (3,), ()]


def test_deep_pruning_on_figure5_leaves_the_root_undetermined() -> None:
    """The drawing says what the paper says: f's value can change the root's."""
    f = FIGURES["korf-figure5-b"]
    d = search_drawing(f.tree, "deep-pruning-unsound", f.bounds)
    root = d.nodes[0]
    assert root.label == ("5..6", "1..2", "2..3")
    assert not root.exact  # not exact: the search is unsound, so no value is taken from it
    assert d.answer.value == (5, 2, 2) != maxn(f.tree).value


def drawings_of(t: Tree, bounds: Bounds | None) -> list[Drawing]:
    return [
        search_drawing(t, a.name, bounds, Options())
        for a in ALGORITHMS.values()
        if applicable(a, t, bounds) is None and a.name != "mt" and a.family != "best-reply"
    ]


DIRECTIONAL = {
    "alphabeta-fail-hard", "alphabeta-fail-soft", "negamax-alphabeta-fail-hard",
    "negamax-alphabeta-fail-soft", "maxn", "immediate", "shallow",
    "last-branch", "deep-pruning-unsound", "paranoid",
    "separate-evaluations", "alphabeta-one-function",
}  # fmt: skip
"""The searches that read left to right once and enter a node only by reading below it (the
optimal search enters its cut-offs too: ``check_model`` checks it apart)."""


def check_model(t: Tree, d: Drawing) -> None:
    trace = d.answer.trace
    assert trace is not None
    assert d.cut_paths == expected_cut_offs(t, trace), d.algorithm
    visited = {n.path for n in d.nodes if n.visited}
    if ALGORITHMS[d.algorithm].decides_cut_offs:  # it enters each cut-off to decide it
        assert d.decides_cut_offs
        assert d.answer.nodes_visited == len(visited) + len(d.cut_paths)
        assert list(trace) == sorted(trace)
    for n in d.nodes:
        # A cut-off's whole subtree is unvisited, and it hangs from a visited node.
        if n.cut:
            assert n.parent is not None
            assert d.nodes[n.parent].visited
            assert not any(p[: len(n.path)] == n.path for p in visited), d.algorithm
    if d.algorithm in DIRECTIONAL:
        # One pass, left to right: the nodes drawn as entered are the nodes it counts.
        assert len(visited) == d.answer.nodes_visited, d.algorithm
        assert list(trace) == sorted(trace)
    reads = sorted(k for n in d.nodes for k in n.reads)
    assert reads == list(range(1, len(trace) + 1))
    positions = tidy_positions([n.parent for n in d.nodes])
    for i in range(len(d.nodes)):
        kids = [j for j, m in enumerate(d.nodes) if m.parent == i]
        xs = [positions[j][0] for j in kids]
        assert xs == sorted(xs), "the layout keeps the children in order"
        assert all(positions[j][1] == positions[i][1] + 1 for j in kids)


@given(scalar_trees(max_depth=4, max_branching=3))
def test_two_player_drawings_agree_with_their_traces(t: Tree) -> None:
    for d in drawings_of(t, None):
        check_model(t, d)


@st.composite
def bounded_vector_trees(draw: st.DrawFn) -> tuple[Tree, Bounds]:
    players = draw(st.integers(2, 4))
    t = draw(vector_trees(players=players, max_depth=3, max_branching=3))
    return t, Bounds(0, 9)


@given(bounded_vector_trees())
def test_multi_player_drawings_agree_with_their_traces(case: tuple[Tree, Bounds]) -> None:
    t, bounds = case
    for d in drawings_of(t, bounds):
        check_model(t, d)


def complete(
    t: Tree, read: set[TreePath], values: st.DataObject, leaf: st.SearchStrategy[object]
) -> Tree:
    """``t`` with every unread leaf replaced by a drawn value, over an explicit stack."""
    fresh = {p: values.draw(leaf) for p, _ in iter_leaves(t) if p not in read}
    built: dict[TreePath, Tree] = {}
    nodes = [(tuple(p), n) for p, n in preorder(t)]
    for p, n in reversed(nodes):
        if isinstance(n, Leaf):
            built[p] = Leaf(fresh[p]) if p in fresh else n
        else:
            kids = [built[(*p, i)] for i in range(len(n.children))]
            built[p] = Node(n.to_move, kids, probabilities=n.probabilities)
    return built[()]


def inside(value: object, interval: tuple[object, object]) -> bool:
    lo, hi = interval
    return (lo is BOTTOM or lo <= value) and (hi is TOP or value <= hi)  # type: ignore[operator]


@settings(max_examples=60)
@given(scalar_trees(max_depth=4, max_branching=3), st.data())
def test_two_player_labels_hold_whatever_the_unread_leaves_hold(
    t: Tree, data: st.DataObject
) -> None:
    from gametree.draw.model import _preorder, scalar_intervals

    for name in ("alphabeta-fail-hard", "mtdf", "pvs"):
        d = search_drawing(t, name)
        read = set(d.answer.trace or ())
        nodes, parents = _preorder(t)
        intervals = scalar_intervals(nodes, parents, [p in read for p, _ in nodes], 0)
        other = complete(t, read, data, st.integers(-30, 30))
        for (path, _), interval in zip(nodes, intervals, strict=True):
            assert inside(minimax(subtree(other, path)).value, interval), (name, path)
        assert intervals[0] == (d.answer.value, d.answer.value)


@settings(max_examples=60)
@given(bounded_vector_trees(), st.data())
def test_multi_player_labels_hold_whatever_the_unread_leaves_hold(
    case: tuple[Tree, Bounds], data: st.DataObject
) -> None:
    from gametree.draw.model import _preorder, vector_boxes

    t, bounds = case
    for name in ("shallow", "last-branch", "speculative", "optimal",
                 "deep-pruning-unsound"):  # fmt: skip
        d = search_drawing(t, name, bounds)
        read = set(d.answer.trace or ())
        nodes, parents = _preorder(t)
        boxes = vector_boxes(nodes, parents, [p in read for p, _ in nodes], t.players, bounds)
        other = complete(t, read, data, vectors(players=t.players, bounds=bounds))
        for (path, _), box in zip(nodes, boxes, strict=True):
            v = maxn(subtree(other, path)).value
            assert all(inside(c, iv) for c, iv in zip(v, box, strict=True)), (name, path, box, v)
        # What is drawn on the principal line of an exact search is its true value.
        if name != "deep-pruning-unsound":
            for drawn in d.nodes:
                if drawn.principal and drawn.player is not None:
                    assert drawn.exact
                    assert drawn.label == tuple(str(c) for c in maxn(t).value)


def test_the_optimal_search_is_drawn_with_the_leaves_and_subtrees_it_skips(tmp_path: Path) -> None:
    """Korf's Figure 3 over the integers: no leaf of (1, 1) is needed; over the reals all are."""
    f = FIGURES["korf-figure3"]
    d = search_drawing(f.tree, "optimal", f.bounds, Options(domain="integers"))
    assert d.cut_paths == {(1, 1)}
    assert d.answer.nodes_visited == 13  # the 12 nodes drawn entered, and (1, 1) to decide it
    nodes = {n.path: n for n in d.nodes}
    assert nodes[(1,)].label == ("≤4", "≥5", "≤4")  # (2, 5, 2) or a better one for player 1
    assert nodes[()].label == ("3", "1", "5")
    ids = svg_ids(render(d, tmp_path / "t.svg"))
    assert ids_to_paths(ids, "cut-") == {(1, 1)}
    over_reals = search_drawing(f.tree, "optimal", f.bounds)
    assert over_reals.cut_paths == set()  # the reals need every leaf: 3.5 > 3 is possible
    last = FIGURES["last-branch"]
    assert search_drawing(last.tree, "optimal", last.bounds).cut_paths == {(1, 1, 1)}
    assert search_drawing(last.tree, "shallow", last.bounds).cut_paths == set()


def test_the_command_passes_the_domain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = FIGURES["korf-figure3"]
    tree = tmp_path / "t.json"
    tree.write_text(f.document())
    out = tmp_path / "t.svg"
    argv = ["draw", str(tree), "-a", "optimal", "-o", str(out)]
    assert run([*argv, "--domain", "integers"], capsys) == (0, "")
    assert ids_to_paths(svg_ids(out), "cut-") == {(1, 1)}
    assert run([*argv, "--domain", "reals"], capsys) == (0, "")
    assert ids_to_paths(svg_ids(out), "cut-") == set()
    code, err = run(["draw", str(tree), "-a", "shallow", "-o", str(out), "--domain",
                     "integers"], capsys)  # fmt: skip
    assert (code, "shallow takes no --domain" in err) == (2, True)
    code, err = run([*argv, "--domain", "rationals"], capsys)
    assert (code, "invalid choice: 'rationals'" in err) == (2, True)


def test_format_interval_names_each_kind_of_bound() -> None:
    assert format_interval((BOTTOM, TOP)) == "?"
    assert format_interval((-3, -3)) == "−3"
    assert format_interval((0, 2), (0, 9)) == "≤2"


def test_a_png_is_written_and_a_large_tree_keeps_within_the_pixel_limit(tmp_path: Path) -> None:
    from PIL import Image

    t = Node.by_depth([[[i + j + k for k in range(3)] for j in range(3)] for i in range(5)])
    out = render(search_drawing(t, "alphabeta-fail-hard"), tmp_path / "t.png")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(out) as im:
        assert max(im.size) <= MAX_PIXELS
        assert im.size[0] > im.size[1]  # 45 leaves side by side


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = cli.main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    return code, capsys.readouterr().err


def test_the_command_draws_svg_and_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = tmp_path / "t.json"
    tree.write_text(dumps(korf_figure4(), Bounds(0, 9)))
    for suffix in ("svg", "png"):
        out = tmp_path / f"t.{suffix}"
        assert run(["draw", str(tree), "-o", str(out)], capsys) == (0, "")
        assert out.stat().st_size > 1000
    ids = svg_ids(tmp_path / "t.svg")
    assert ids_to_paths(ids, "cut-") == {(1, 1), (2, 1)}  # the default: impl.shallow
    assert path_id((1, 1)) == "1-1"


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["-o", "x.pdf"], 2, "must end in .svg or .png"),
        (["-o", "x.svg", "-a", "nope"], 2, "no algorithm 'nope'"),
        (["-o", "x.svg", "-a", "alphabeta-fail-hard"], 3, "takes two-player trees"),
        (["-o", "x.svg", "--max-drawn", "5"], 3, "more than --max-drawn 5"),
        (["-o", "x.svg", "--window", "1", "inf"], 2, "shallow takes no --window"),
    ],
)
def test_the_command_reports_bad_usage_and_bad_input(
    argv: list[str], code: int, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "t.json"
    tree.write_text(dumps(korf_figure4(), Bounds(0, 9)))
    argv = [a if a != "x.svg" else str(tmp_path / "x.svg") for a in argv]
    got, err = run(["draw", str(tree), *argv], capsys)
    assert got == code
    assert message in err


def test_comments_in_the_file_name_the_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = FIGURES["korf-figure4"]
    tree = tmp_path / "t.json"
    tree.write_text(f.document())
    assert node_names(tree.read_text()) == f.names == {(0,): "a", (1,): "e", (1, 0): "f",
                                                        (2, 0): "h"}  # fmt: skip
    d = search_drawing(f.tree, f.algorithm, f.bounds, names=f.names)
    assert {n.path: n.name for n in d.nodes if n.name} == f.names
    out = tmp_path / "t.svg"
    assert run(["draw", str(tree), "-o", str(out)], capsys) == (0, "")
    stdin = tmp_path / "in.png"
    monkeypatch = pytest.MonkeyPatch()
    try:
        monkeypatch.setattr("sys.stdin", _Stdin(tree.read_bytes()))
        assert run(["draw", "-", "-o", str(stdin)], capsys) == (0, "")
    finally:
        monkeypatch.undo()
    assert stdin.stat().st_size > 1000


class _Stdin:
    def __init__(self, data: bytes) -> None:
        import io

        self.buffer = io.BytesIO(data)


def test_a_malformed_file_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[[1, 2], [")
    code, err = run(["draw", str(bad), "-o", str(tmp_path / "x.svg")], capsys)
    assert code == 3
    assert "bad.json" in err


@pytest.mark.parametrize("name", ["expectimax", "star1", "star2"])
def test_a_chance_tree_is_drawn_with_stars_probabilities_and_impl_s_cut_reasons(
    name: str, tmp_path: Path
) -> None:
    f = FIGURES["star-example"]
    t, bounds = f.tree, f.bounds
    assert isinstance(bounds, Interval)
    d = search_drawing(t, name, bounds)
    drawn = {n.path: n for n in d.nodes}
    chance = {tuple(p): n for p, n in preorder(t) if isinstance(n, Node) and n.is_chance}
    assert {p for p, n in drawn.items() if n.chance} == set(chance) == {(0,), (1,)}
    # Each edge out of a chance node carries its probability, exactly; no other edge does.
    given = {(*p, i): q for p, n in chance.items() for i, q in enumerate(n.probabilities or ())}
    assert {p: n.probability for p, n in drawn.items() if n.probability} == {
        p: f"{q.numerator}/{q.denominator}" for p, q in given.items()
    }
    assert drawn[(0, 1)].probability == "2/3"
    # The reasons are the cut events of impl's own trace, in order, nothing recomputed.
    events = ALGORITHMS[name].run(t, bounds, Options(), events=True).events or ()
    cuts = [e for e in events if e["type"] == "cut" and e["test"] is not None]
    assert [(r.path, r.skipped, r.reason) for r in d.reasons] == [
        (tuple(e["path"]), tuple(e["skipped"]), e["reason"]) for e in cuts
    ]
    # Their numbers, worked out here from the tree: alpha at the second chance node is the
    # first's value; Star1's A_0 there is (alpha - 1/2 U) / (1/2); Star2's probe bound is
    # 1/2 * 0 + 1/4 U + 1/4 U.
    alpha = expectimax(t.children[0]).value  # type: ignore[union-attr]
    assert isinstance(alpha, Fraction)
    assert alpha == Fraction(16, 3)
    u = bounds.upper
    at_chance = [r.reason for r in d.reasons if r.path == (1,)]
    if name == "star1":
        a0 = (alpha - Fraction(1, 2) * u) / Fraction(1, 2)
        star1 = (f"v0 = 0 <= A0 = {a0}: even with the children left (probability 1/2) at all "
                 f"U = {u}, the value would be at most alpha = {alpha}")  # fmt: skip
        assert at_chance == [star1]
    elif name == "star2":
        probe = Fraction(1, 4) * u + Fraction(1, 4) * u
        star2 = (f"sum p_j hi_j = {probe} <= alpha = {alpha}: with the probes' upper bounds the "
                 "value is at most alpha")  # fmt: skip
        assert at_chance == [star2]
        assert sum("a probe (Star2)" in r.reason for r in d.reasons) == 2
    else:
        assert d.reasons == ()
    assert d.cut_paths == expected_cut_offs(t, d.answer.trace or ())
    # The picture: a star for each chance node, the probabilities and the reasons as written.
    fig = figure(d, Style())
    stars = {a.get_gid(): a for a in fig.axes[0].patches if isinstance(a, Polygon)}
    assert set(stars) == {"node-0", "node-1"}
    assert all(len(a.get_xy()) >= 10 for a in stars.values())  # ten corners (closed: 11)
    texts = {str(a.get_gid()): a.get_text() for a in [*fig.axes[0].texts, *fig.texts]
             if a.get_gid()}  # fmt: skip
    assert {k: v for k, v in texts.items() if k.startswith("p-")} == {
        f"p-{path_id(p)}": q for p, q in ((p, n.probability) for p, n in drawn.items()) if q
    }
    reasons = [v for k, v in sorted(texts.items()) if k.startswith("reason-")]
    assert len(reasons) == len(cuts)
    assert all(r.endswith(e["reason"]) for r, e in zip(reasons, cuts, strict=True))
    ids = svg_ids(render(d, tmp_path / "t.svg"))
    assert {i for i in ids if i.startswith("p-")} == {f"p-{path_id(p)}" for p in given}
    assert ids_to_paths(ids, "cut-") == d.cut_paths


@settings(max_examples=60)
@given(chance_trees(max_depth=4, max_branching=3, by_depth=False), st.data())
def test_chance_labels_hold_whatever_the_unread_leaves_hold(t: Tree, data: st.DataObject) -> None:
    """Within the leaf bounds [-10, 10], what Star1 and Star2 leave unread can be anything."""
    from gametree.draw.model import _preorder, scalar_intervals

    bounds = Interval(-10, 10)
    for name in ("star1", "star2"):
        d = search_drawing(t, name, bounds)
        read = set(d.answer.trace or ())
        nodes, parents = _preorder(t)
        intervals = scalar_intervals(nodes, parents, [p in read for p, _ in nodes], 0, (-10, 10))
        other = complete(t, read, data, st.integers(-10, 10))
        for (path, _), interval in zip(nodes, intervals, strict=True):
            assert inside(expectimax(subtree(other, path)).value, interval), (name, path)
        assert intervals[0] == (d.answer.value, d.answer.value)
        for drawn, interval in zip(d.nodes, intervals, strict=True):
            if drawn.player is not None and drawn.visited:
                assert drawn.label == (format_interval(interval),), (name, drawn.path)


def test_the_command_draws_chance_trees(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = Path(__file__).resolve().parent.parent / "docs" / "trees" / "star-example.json"
    out = tmp_path / "t.svg"
    assert run(["draw", str(tree), "-o", str(out)], capsys) == (0, "")  # expectimax
    assert ids_to_paths(svg_ids(out), "cut-") == set()
    assert run(["draw", str(tree), "-a", "star2", "-o", str(out)], capsys) == (0, "")
    assert ids_to_paths(svg_ids(out), "cut-") == {(1, 0, 1), (1, 1), (1, 2)}
    code, err = run(["draw", str(tree), "-a", "alphabeta-fail-hard", "-o", str(out)], capsys)
    assert code == 3
    assert "has no rule for chance nodes" in err


def test_a_star2_probe_failing_after_the_last_child_is_listed_though_it_skips_no_child() -> None:
    """Under the second chance node the probes leave at most 1/2 * 2 + 1/2 * 0 = 1 <= alpha = 1
    after its last child: Star2 skips its search phase, and the drawing says why."""
    t = Node(0, [Node.chance([Node(1, [9, 1])], ["1"]),
                 Node.chance([Node(1, [2, 9]), Node(1, [0, 9])], ["1/2", "1/2"])])  # fmt: skip
    d = search_drawing(t, "star2", Interval(0, 10))
    last = d.reasons[-1]
    assert (last.path, last.skipped) == ((1,), ())
    assert last.reason.startswith("sum p_j hi_j = 1 <= alpha = 1:")
    fig = figure(d, Style())
    lines = [a.get_text() for a in fig.texts if str(a.get_gid()).startswith("reason-")]
    assert lines[-1].startswith("cut 4 at [1] (its search phase skipped): sum p_j hi_j = 1")


def test_brs_plus_is_drawn_on_its_transform_with_impl_s_cut_reasons(tmp_path: Path) -> None:
    """Player 0's second move meets a first reply worth 3 < 5: alpha-beta cuts the rest."""

    def layer(a: int, b: int, c: int, d: int) -> Node:
        return Node(1, [Node(2, [(a, 0, 0), (b, 0, 0)]), Node(2, [(c, 0, 0), (d, 0, 0)])])

    t = Node(0, [layer(5, 6, 7, 8), layer(3, 9, 9, 9)])
    d = search_drawing(t, "brs-plus", None, Options(player=0))
    u = brs_plus_transform(t, 0)
    assert [n.path for n in d.nodes] == [tuple(p) for p, _ in preorder(u)]
    answer = ALGORITHMS["brs-plus"].run(t, None, Options(player=0), trace=True, events=True)
    assert answer.value == brs_plus(t, 0).value == 5
    assert transform_line(t, 0, answer.principal_variation) == (d.answer.principal_variation, "")
    assert d.tree_line == answer.principal_variation == (0, 0, 0)
    # Each edge out of a layer names its reply's plies in the tree; r's own edges are plain.
    assert {n.path: n.reply for n in d.nodes if n.reply} == {
        (k, j): "·".join(map(str, reply))
        for k in range(2)
        for j, (reply, _) in enumerate(replies(t.children[k], 0))
    }
    assert d.nodes[3].path == (0, 1)
    assert d.nodes[3].reply == "0·1"
    cuts = [e for e in answer.events or () if e["type"] == "cut"]
    assert [(r.path, r.skipped, r.reason) for r in d.reasons] == [
        (tuple(e["path"]), tuple(e["skipped"]), e["reason"]) for e in cuts
    ]
    assert [r.path for r in d.reasons] == [(1,)]
    assert d.reasons[0].reason.startswith("best = 3 <= alpha = 5")
    assert d.cut_paths == {(1, 1), (1, 2)}
    assert {n.path: n.label for n in d.nodes if n.player is not None}[()] == ("5",)
    ids = svg_ids(render(d, tmp_path / "brs.svg"))
    assert ids_to_paths(ids, "cut-") == d.cut_paths
    assert ids_to_paths(ids, "reply-") == {n.path for n in d.nodes if n.reply}


def test_star1_draws_a_tree_without_chance_nodes_within_its_leaf_bounds() -> None:
    t = Node(0, [Node(1, [3, 5]), Node(1, [2, 9])])
    d = search_drawing(t, "star1", Interval(0, 10))
    assert d.answer.value == minimax(t).value == 3
