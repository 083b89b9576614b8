"""gametree explore: the page it writes, opened in headless Chromium and checked step by step.

What the page shows at every step (the event, the node highlighted, the window or Korf's
bound at each node of the current path, the reason for a cut) is read from the page and
checked against ``gametree.impl.events``'s trace, event for event; the values it shows after
an edit against ``spec``. The command's own checks (bad trees, names, options, outputs) run
without a browser. One Chromium serves the module (``tests/browser/chromium.py``).

Set ``GAMETREE_SCREENSHOTS=1`` to write the screenshots that docs/explore.md shows into
``docs/figures/`` (otherwise they go to a temporary folder, and are still taken).
"""

import json
import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from gametree import cli
from gametree.algorithms import ALGORITHMS, PAGE, REGISTRY, Options, event_trace
from gametree.draw import search_drawing
from gametree.explore import ENGINE_ALGORITHMS, explore_page, page_data
from gametree.impl import optimal
from gametree.impl.events import Event
from gametree.spec import Domain, Leaf, Node, Tree, Value, maxn, minimax, paranoid, subtree
from gametree.spec.best_reply import brs_plus_transform, reply_path
from gametree.spec.tree import preorder
from gametree.treefile import json_value, read_tree_file, read_tree_text
from tests.browser.chromium import browser, open_page

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

__all__ = ["browser"]  # the fixture, imported for the tests below

ROOT = Path(__file__).resolve().parent.parent
FIGURE5 = ROOT / "docs" / "trees" / "korf-figure5-b.json"
WIKI = ROOT / "docs" / "trees" / "wiki-alpha-beta.json"
FIGURES_DIR = ROOT / "docs" / "figures"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = cli.main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    return code, capsys.readouterr().err


# ---- The command, without a browser ----


def test_every_search_the_page_offers_has_an_event_trace() -> None:
    names = [a.name for a in ENGINE_ALGORITHMS]
    assert names == list(PAGE)


def test_the_page_offers_the_registry_s_searches_and_engine_js_runs_each() -> None:
    """The page's list is made from the registry; engine.js has a search for each name."""
    assert [a.name for a in ENGINE_ALGORITHMS] == [a.name for a in REGISTRY if a.events and a.page]
    page = page_data(explore_page("[1, 2]", algorithm="minimax"))
    assert page["algorithms"] == [a.json() for a in ENGINE_ALGORITHMS]
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node to read engine.js's SEARCHES with")
    engine = ROOT / "gametree" / "explore" / "engine.js"
    script = f"console.log(JSON.stringify(require({json.dumps(str(engine))}).SEARCHES))"
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    assert sorted(json.loads(done.stdout)) == sorted(a.name for a in ENGINE_ALGORITHMS)


def test_the_page_is_one_file_with_the_tree_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = '[[1180591620717411303425, "-1/1000000000000000000000000000001"], [2, "9/2"]]'
    tree = tmp_path / "t.json"
    tree.write_text(text)
    out = tmp_path / "page.html"
    assert run(["explore", str(tree), "-a", "minimax", "-o", str(out)], capsys) == (0, "")
    page = out.read_text()
    data = page_data(page)
    assert data["tree"] == text  # verbatim: engine.js parses it, never JSON.parse's doubles
    assert (data["algorithm"], data["compare"], data["title"]) == ("minimax", None, "t.json")
    assert "<script src" not in page
    assert "<link" not in page
    assert "default-src 'none'" in page  # the browser refuses any load from the network
    assert "GametreeEngine" in page  # engine.js inlined
    listed: list[dict[str, str]] = data["examples"]  # type: ignore[assignment]
    examples = {e["name"]: e for e in listed}
    assert read_tree_text(examples["korf-figure5-b"]["text"]).tree == read_tree_file(FIGURE5).tree


def test_a_script_end_in_the_tree_cannot_end_the_data_block(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        '{"format": "gametree-tree/1", "players": 2, "tree": {"value": 1, "comment": "</script>"}}'
    )
    tree = tmp_path / "t.json"
    tree.write_text(text)
    out = tmp_path / "page.html"
    assert run(["explore", str(tree), "-o", str(out)], capsys) == (0, "")
    assert page_data(out.read_text())["tree"] == text


@pytest.mark.parametrize(
    ("tree", "argv", "code", "message"),
    [
        ("[[1, 2], [3", [], 3, "t.json: "),
        (
            "[[1, 2], [3, 4]]",
            ["-a", "nope"],
            2,
            "no algorithm 'nope'; the names are: minimax",
        ),
        ("[[1, 2], [3, 4]]", ["-a", "shallow"], 2, "shallow does not take two-player trees"),
        ("[[1, 2], [3, 4]]", ["--compare", "maxn"], 2, "maxn does not take two-player trees"),
        ("[[1, 2], [3, 4]]", ["--window", "5", "3"], 2, "alpha < beta (got 5, 3)"),
        ("[[1, 2], [3, 4]]", ["--window", "x", "3"], 2, "not a number: 'x'"),
        ("[[1, 2], [3, 4]]", ["--bounds", "0", "9"], 2, "--bounds are Korf's"),
        ("[[1, 2], [3, 4]]", ["--max-shown", "5"], 3, "7 nodes are more than --max-shown 5"),
        ("FIGURE5", ["--bounds", "0", "8"], 3, "not within --bounds: the components sum to 9"),
        ("FIGURE5", ["--window", "1", "3"], 2, "--window is for two-player trees"),
        (
            "FIGURE5",
            ["-a", "alphabeta-fail-hard"],
            2,
            "alphabeta-fail-hard does not take N-player trees",
        ),
        ("[[1, 2], [3, 4]]", ["-o", "/nonexistent/dir/p.html"], 2, "cannot write '/nonexistent"),
        (
            "STAR",
            ["-a", "alphabeta-fail-hard"],
            2,
            "alphabeta-fail-hard has no rule for chance nodes (the tree has 2)",
        ),
        ("STAR", ["-a", "shallow"], 2, "shallow has no rule for chance nodes"),
    ],
)
def test_the_command_reports_bad_input_and_usage_in_one_line(  # noqa: PLR0917 - parametrized
    tree: str,
    argv: list[str],
    code: int,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "t.json"
    files = {"FIGURE5": FIGURE5, "STAR": ROOT / "docs" / "trees" / "star-example.json"}
    path.write_text(files[tree].read_text() if tree in files else tree)
    output = [] if "-o" in argv else ["-o", str(tmp_path / "p.html")]
    got, err = run(["explore", str(path), *argv, *output], capsys)
    last = err.splitlines()[-1]
    assert got == code, err
    assert last.startswith("gametree explore: error: ")
    assert message in last
    assert "Traceback" not in err


def test_the_options_reach_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "p.html"
    argv = ["explore", str(FIGURE5), "--bounds", "-1", "27/2", "-a", "deep-pruning-unsound",
            "--compare", "maxn", "-o", str(out)]  # fmt: skip
    assert run(argv, capsys) == (0, "")
    data = page_data(out.read_text())
    assert data["bounds"] == {"lower": -1, "sum": "27/2"}
    assert (data["algorithm"], data["compare"]) == ("deep-pruning-unsound", "maxn")
    tree = ROOT / "docs" / "trees" / "csce315-cut.json"
    assert run(["explore", str(tree), "--window", "-3", "inf", "-o", str(out)], capsys) == (0, "")
    data = page_data(out.read_text())
    assert data["window"] == {"alpha": -3, "beta": None}
    assert data["algorithm"] == "alphabeta-fail-hard"


def test_old_spellings_reach_the_page_as_names_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "p.html"
    argv = ["explore", str(FIGURE5), "-a", "impl.shallow", "--compare", "deep", "-o", str(out)]
    code, err = run(argv, capsys)
    assert code == 0
    assert err.splitlines() == [
        "gametree explore: note: 'impl.shallow' is an old name of 'shallow'",
        "gametree explore: note: 'deep' is an old name of 'deep-pruning-unsound'",
    ]
    data = page_data(out.read_text())
    assert (data["algorithm"], data["compare"]) == ("shallow", "deep-pruning-unsound")


# ---- In the browser ----


def shown(v: object) -> str | None:
    """A value of an event as the page writes it: "7", "-3/4", "(6, 1, 2)"; None for no value."""
    if v is None:
        return None
    if isinstance(v, list):
        return "(" + ", ".join(str(shown(c)) for c in v) + ")"
    return str(v)


def window_text(node: dict[str, Any]) -> str:
    """The window or bound the page shows for a node (the fields its events gave it)."""
    parts = []
    if "alpha" in node or "beta" in node:
        parts.append(
            f"α = {shown(node.get('alpha')) or '−∞'}, β = {shown(node.get('beta')) or '+∞'}"
        )
    if node.get("bound") is not None:
        parts.append(f"bound {shown(node['bound'])}")
    if node.get("gamma") is not None:
        parts.append(f"test: {'>' if node.get('strict') else '≥'} γ = {shown(node['gamma'])}?")
    if "low" in node:
        parts.append(f"probes: {shown(node['low'])} ≤ value ≤ {shown(node['high'])}")
    return "; ".join(parts)


def so_far(node: dict[str, Any]) -> str:
    """The best so far the page shows for a node, or a chance node's weighted sum so far."""
    if "best" in node:
        return str(shown(node["best"]))
    return f"sum {shown(node['sum'])}" if "sum" in node else ""


def expected_panel(t: Tree, trace: Sequence[Event], k: int) -> dict[str, Any]:
    """What the panel must show after ``k`` events: written from the events alone.

    A new search of a subtree (MTD(f)'s passes, PVS's re-searches) starts it afresh: what its
    nodes knew and its cut-offs are forgotten.
    """
    nodes: dict[tuple[int, ...], dict[str, Any]] = {}
    cuts: list[tuple[tuple[int, ...], int]] = []
    for e in trace[:k]:
        p = tuple(e["path"])
        if e["type"] == "search":
            nodes = {q: n for q, n in nodes.items() if q[: len(p)] != p}
            cuts = [(q, n) for q, n in cuts if q[: len(p)] != p]
            if "alpha" in e or "beta" in e:
                nodes[p] = {"alpha": e.get("alpha"), "beta": e.get("beta")}
        elif e["type"] == "cut":
            cuts.append((p, len(e["skipped"])))
        elif e["type"] == "enter":
            nodes[p] = {f: e[f] for f in ("alpha", "beta", "bound", "gamma", "strict") if f in e}
        elif e["type"] == "window":
            nodes.setdefault(p, {}).update(alpha=e["alpha"], beta=e["beta"])
        elif e["type"] == "best":
            nodes.setdefault(p, {})["best"] = e["value"]
        elif e["type"] == "sum":
            nodes.setdefault(p, {})["sum"] = e["sum"]
        elif e["type"] == "probe":
            nodes.setdefault(p, {}).update(low=e["low"], high=e["high"])
    e = trace[k - 1]
    path = tuple(e["path"])
    rows = [
        {"path": ",".join(map(str, path[:d])), "window": window_text(nodes.get(path[:d], {})),
         "best": so_far(nodes.get(path[:d], {}))}
        for d in range(len(path) + 1)
        if isinstance(subtree(t, path[:d]), Node)
    ]  # fmt: skip
    reason = e["reason"] if e["type"] == "cut" else None
    return {"type": e["type"], "path": ",".join(map(str, path)), "reason": reason, "rows": rows,
            "current": [",".join(map(str, path))], "cutMarks": sum(n for _, n in cuts)}  # fmt: skip


READ_PANE = """(i) => {
  const pane = document.getElementById(`pane-${i}`);
  const q = (r) => pane.querySelector(`[data-role=${r}]`);
  const ev = q("event");
  return {
    step: q("step").textContent, type: ev.dataset.type, path: ev.dataset.path,
    reason: q("reason").hidden ? null : q("reason").textContent,
    rows: [...q("path").querySelectorAll("tr")].map((tr) => ({path: tr.dataset.path,
      window: tr.querySelector(".window").textContent,
      best: tr.querySelector(".best").textContent})),
    current: [...pane.querySelectorAll("svg .current-ring")].map((r) => r.parentNode.dataset.path),
    cutMarks: pane.querySelectorAll("svg .cut-mark").length,
    value: q("value") ? q("value").textContent : null,
  };
}"""


def pane(page: "Page", i: int) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(READ_PANE, i)
    return got


@pytest.fixture(scope="module")
def figure5(
    browser: "BrowserContext", tmp_path_factory: pytest.TempPathFactory
) -> Iterator["Page"]:
    """The page of Korf's Figure 5 (f = (3, 0, 6)): shallow pruning beside deep pruning."""
    out = tmp_path_factory.mktemp("explore") / "figure5.html"
    assert cli.main(["explore", str(FIGURE5), "-a", "shallow", "--compare", "deep-pruning-unsound",
                     "-o", str(out)]) == 0  # fmt: skip
    page = open_page(browser, out)
    page.wait_for_selector("body[data-ready=true]")
    yield page
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


def screenshot(page: "Page", name: str, tmp_path: Path) -> Path:
    """The whole page (1280 pixels wide, as tall as it is) as docs/figures/explore-NAME.png."""
    folder = FIGURES_DIR if os.environ.get("GAMETREE_SCREENSHOTS") else tmp_path
    out = folder / f"explore-{name}.png"
    page.screenshot(path=str(out), full_page=True)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return out


def test_figure5_steps_through_shallow_and_deep_pruning_event_for_event(
    figure5: "Page", tmp_path: Path
) -> None:
    doc = read_tree_file(FIGURE5)
    shallow = event_trace("shallow", doc.tree, bounds=doc.bounds)
    deep = event_trace("deep-pruning-unsound", doc.tree, bounds=doc.bounds)
    assert len(shallow) != len(deep)  # deep pruning skips a leaf that shallow pruning reads
    page = figure5
    page.keyboard.press("Home")
    assert pane(page, 0)["step"] == f"step 0 of {len(shallow)}"
    deep_cut = next(k for k, e in enumerate(deep, 1) if e["type"] == "cut")
    for k in range(1, max(len(shallow), len(deep)) + 1):
        page.keyboard.press("ArrowRight")  # the steps are shared: both panes move
        for i, trace in enumerate([shallow, deep]):
            got = pane(page, i)
            at = min(k, len(trace))
            assert got["step"] == f"step {at} of {len(trace)}"
            want = expected_panel(doc.tree, trace, at)
            assert {f: got[f] for f in want} == want, (i, at)
        if k == deep_cut:
            screenshot(page, "figure5-deep", tmp_path)
    maxn_value = shown([str(c) for c in maxn(doc.tree).value])
    assert pane(page, 0)["value"] == maxn_value == "(6, 1, 2)"
    assert pane(page, 1)["value"] == "(5, 2, 2)"  # deep pruning's wrong answer


def test_deep_pruning_s_wrong_answer_is_explained(figure5: "Page") -> None:
    doc = read_tree_file(FIGURE5)
    deep = event_trace("deep-pruning-unsound", doc.tree, bounds=doc.bounds)
    cut = next(e for e in deep if e["type"] == "cut")
    second = figure5.locator("#pane-1")
    assert second.locator("[data-role=reference]").text_content() == "(6, 1, 2)"
    why = second.locator("[data-role=why]").text_content() or ""
    assert "the cut at d [1, 0] skipped f [1, 0, 1]" in why
    assert cut["reason"] in why
    assert figure5.locator("#pane-0 [data-role=reference]").count() == 0  # shallow is right
    figure5.keyboard.press("Home")
    assert pane(figure5, 1)["step"].startswith("step 0 ")
    figure5.locator("#pane-1 [data-role=slider]").fill(str(deep.index(cut) + 1))  # to a step
    got = pane(figure5, 1)
    assert (got["type"], got["path"], got["reason"]) == ("cut", "1,0", cut["reason"])
    assert pane(figure5, 0)["step"].startswith(f"step {deep.index(cut) + 1} ")  # shared


def test_an_edited_leaf_reruns_both_searches_exactly(figure5: "Page", tmp_path: Path) -> None:
    page = figure5
    page.click("#pane0-leaf-1-1")  # g
    page.fill("#editor-value", "(3/2, 5/2, 5)")
    page.click("#editor-apply")
    screenshot(page, "edit", tmp_path)
    doc = read_tree_file(FIGURE5)
    edited = replace_leaf(doc.tree, (1, 1), (Fraction(3, 2), Fraction(5, 2), 5))
    want = maxn(edited).value
    assert want == (5, 2, 2) != maxn(doc.tree).value
    assert pane(page, 0)["value"] == shown([str(c) for c in want])
    assert pane(page, 1)["value"] == shown([str(c) for c in want])  # here deep pruning is right
    assert page.locator("#pane-1 [data-role=reference]").count() == 0
    page.fill("#editor-value", "(9, 9, 9)")  # outside Korf's bounds: refused, said why
    page.click("#editor-apply")
    assert "9" in (page.text_content("#editor-error") or "")
    assert pane(page, 0)["value"] == "(5, 2, 2)"
    page.click("#editor-close")


def test_the_shape_can_be_edited_and_steps_can_be_independent(figure5: "Page") -> None:
    page = figure5
    page.select_option("#tree-menu", "given")
    page.check("#compare-toggle")
    doc = read_tree_file(FIGURE5)
    assert isinstance(doc.tree, Node)
    page.click("#pane0-node-1-0")  # d: a third child, a copy of its last (f)
    page.click("#editor-add")
    c = doc.tree.children[1]
    assert isinstance(c, Node)
    d = c.children[0]
    assert isinstance(d, Node)
    wider = Node(0, [doc.tree.children[0], Node(1, [Node(2, [*d.children, d.children[1]]),
                                                    c.children[1]])])  # fmt: skip
    assert page.locator("#pane0-leaf-1-0-2").count() == 1
    assert pane(page, 0)["value"] == shown([str(x) for x in maxn(wider).value])
    page.click("#pane0-leaf-1-0-2")
    page.click("#editor-delete")
    assert page.locator("#pane0-leaf-1-0-2").count() == 0
    page.click("#pane0-leaf-0")  # b becomes a node of player 1 over two copies of b
    page.click("#editor-split")
    assert page.locator("#pane0-node-0").count() == 1
    assert page.locator("#pane0-leaf-0-1").count() == 1
    b = doc.tree.children[0]
    split = Node(0, [Node(1, [b, b]), doc.tree.children[1]])
    assert pane(page, 0)["value"] == shown([str(x) for x in maxn(split).value]) == "(6, 1, 2)"
    assert pane(page, 1)["value"] == "(5, 2, 2)"  # deep pruning still cuts f
    page.click("#editor-close")
    page.uncheck("#link-toggle")  # independent steps: each pane its own
    page.keyboard.press("Home")
    page.click("#pane-1 [data-role=last]")
    first, second = pane(page, 0), pane(page, 1)
    assert first["step"].startswith("step 0 of ")
    assert second["step"].split(" of ")[0] == "step " + second["step"].split(" of ")[1]
    page.check("#link-toggle")


def test_the_inputs_are_the_chosen_search_s(figure5: "Page") -> None:
    page = figure5
    page.uncheck("#compare-toggle")
    option = page.locator("#tree-menu option", has_text="korf-figure3")
    page.select_option("#tree-menu", option.get_attribute("value"))
    first = "#pane-0 [data-role={}]".format
    page.select_option(first("algorithm"), "maxn")
    assert page.locator(first("bounds-inputs")).is_hidden()
    assert page.locator(first("player-input")).is_hidden()
    page.select_option(first("algorithm"), "paranoid")
    assert page.locator(first("player-input")).is_visible()
    doc = read_tree_file(ROOT / "docs" / "trees" / "korf-figure3.json")
    for player in range(3):
        page.fill(first("player"), str(player))
        page.click(first("run"))
        assert pane(page, 0)["value"] == str(paranoid(doc.tree, player).value), player
    page.fill(first("player"), "x")
    page.click(first("run"))
    assert "the paranoid player is a number in 0..2" in (page.text_content(first("error")) or "")
    page.fill(first("player"), "")


def test_every_control_has_a_name(figure5: "Page") -> None:
    unnamed = figure5.evaluate(
        """() => [...document.querySelectorAll("button, input, select")]
        .filter((e) => !(e.getAttribute("aria-label") || e.textContent.trim() || e.labels?.length))
        .map((e) => e.outerHTML)"""
    )
    assert unnamed == []


def replace_leaf(t: Tree, path: tuple[int, ...], value: Value) -> Tree:
    if not path:
        return Leaf(value)
    assert isinstance(t, Node)
    kids = list(t.children)
    kids[path[0]] = replace_leaf(kids[path[0]], path[1:], value)
    return Node(t.to_move, kids)


def test_a_bundled_tree_is_one_click_away_and_alpha_beta_s_windows_are_shown(
    figure5: "Page", tmp_path: Path
) -> None:
    page = figure5
    page.uncheck("#compare-toggle")
    assert page.locator("#pane-1").is_hidden()
    option = page.locator("#tree-menu option", has_text="wiki-alpha-beta")
    page.select_option("#tree-menu", option.get_attribute("value"))
    assert page.input_value("#pane-0 [data-role=algorithm]") == "alphabeta-fail-hard"
    doc = read_tree_file(WIKI)
    trace = event_trace("alphabeta-fail-hard", doc.tree)
    page.keyboard.press("End")
    assert pane(page, 0)["value"] == str(minimax(doc.tree).value) == "3"
    page.keyboard.press("Home")
    first_cut = next(k for k, e in enumerate(trace, 1) if e["type"] == "cut")
    for k in range(1, len(trace) + 1):
        page.keyboard.press("ArrowRight")
        got = pane(page, 0)
        want = expected_panel(doc.tree, trace, k)
        assert {f: got[f] for f in want} == want, k
        if k == first_cut:
            screenshot(page, "alphabeta", tmp_path)
    page.click("#pane0-leaf-0-0-0-0")  # A's first leaf: 3 becomes 13/2, and so does H
    page.fill("#editor-value", "13/2")
    page.click("#editor-apply")
    edited = replace_leaf(doc.tree, (0, 0, 0, 0), Fraction(13, 2))
    assert pane(page, 0)["value"] == str(minimax(edited).value) == "13/2"
    page.click("#editor-close")


@pytest.mark.parametrize("name", ["mtdf", "pvs"])
def test_re_searches_are_shown_event_for_event(name: str, figure5: "Page") -> None:
    page = figure5
    page.uncheck("#compare-toggle")
    option = page.locator("#tree-menu option", has_text="korf-figure1")
    page.select_option("#tree-menu", option.get_attribute("value"))
    page.select_option("#pane-0 [data-role=algorithm]", name)
    doc = read_tree_file(ROOT / "docs" / "trees" / "korf-figure1.json")
    trace = event_trace(name, doc.tree)
    assert any(e["type"] == "search" for e in trace)
    page.keyboard.press("Home")
    for k in range(1, len(trace) + 1):
        page.keyboard.press("ArrowRight")
        want = expected_panel(doc.tree, trace, k)
        got = pane(page, 0)
        assert {f: got[f] for f in want} == want, k


@pytest.mark.parametrize("domain", ["reals", "integers"])
def test_the_optimal_search_is_shown_event_for_event_over_its_domain(
    domain: Domain, figure5: "Page"
) -> None:
    page = figure5
    page.uncheck("#compare-toggle")
    option = page.locator("#tree-menu option", has_text="korf-figure3")
    page.select_option("#tree-menu", option.get_attribute("value"))
    page.select_option("#pane-0 [data-role=algorithm]", "optimal")
    assert page.locator("#pane-0 [data-role=domain-input]").is_visible()
    page.select_option("#pane-0 [data-role=domain]", domain)  # reruns the search
    doc = read_tree_file(ROOT / "docs" / "trees" / "korf-figure3.json")
    assert doc.bounds is not None
    trace = event_trace("optimal", doc.tree, bounds=doc.bounds, domain=domain)
    read = [e for e in trace if e["type"] == "leaf"]
    assert len(read) == optimal(doc.tree, doc.bounds, domain=domain).leaves_evaluated
    page.keyboard.press("Home")
    for k in range(1, len(trace) + 1):
        page.keyboard.press("ArrowRight")
        want = expected_panel(doc.tree, trace, k)
        got = pane(page, 0)
        assert {f: got[f] for f in want} == want, k
    assert pane(page, 0)["value"] == shown(json_value(maxn(doc.tree).value))
    page.select_option("#pane-0 [data-role=algorithm]", "shallow")  # bounds, but no domain
    assert page.locator("#pane-0 [data-role=domain-input]").is_hidden()


LABELS = """(i) => Object.fromEntries([...document.querySelectorAll(`#pane-${i} svg .node-label`)]
  .map((t) => [t.parentNode.dataset.path, t.textContent]))"""


@pytest.mark.parametrize(
    "name", ["alphabeta-fail-hard", "alphabeta-fail-soft", "negamax-alphabeta-fail-hard", "pvs"]
)
def test_two_player_nodes_show_what_gametree_draw_shows(name: str, figure5: "Page") -> None:
    page = figure5
    page.uncheck("#compare-toggle")
    for tree in ("wiki-alpha-beta", "korf-figure1"):
        option = page.locator("#tree-menu option", has_text=tree)
        page.select_option("#tree-menu", option.get_attribute("value"))
        page.select_option("#pane-0 [data-role=algorithm]", name)
        page.keyboard.press("End")
        doc = read_tree_file(ROOT / "docs" / "trees" / f"{tree}.json")
        drawn = search_drawing(doc.tree, name)
        want = {",".join(map(str, n.path)): n.label[0] for n in drawn.nodes
                if n.player is not None and n.label not in {(), ("?",)}}  # fmt: skip
        assert page.evaluate(LABELS, 0) == want, (tree, name)


STAR = ROOT / "docs" / "trees" / "star-example.json"

CHANCE_MARKS = """(i) => ({
  stars: document.querySelectorAll(`#pane-${i} [data-role=drawing] polygon.chance`).length,
  probabilities: Object.fromEntries(
    [...document.querySelectorAll(`#pane-${i} svg text.probability`)]
    .map((t) => [t.id.replace(`pane${i}-p-`, ""), t.textContent])),
})"""


def test_a_chance_tree_steps_through_star2_beside_star1_event_for_event(
    browser: "BrowserContext", tmp_path: Path
) -> None:
    """Star2's probes and Star1's tests, every step against impl's events; at the end the
    stars, the probabilities and the labels of `gametree draw`."""
    out = tmp_path / "star.html"
    assert cli.main(["explore", str(STAR), "-a", "star2", "--compare", "star1", "-o",
                     str(out)]) == 0  # fmt: skip
    page = open_page(browser, out)
    page.wait_for_selector("body[data-ready=true]")
    doc = read_tree_file(STAR)
    names = ("star2", "star1")
    traces = [ALGORITHMS[n].run(doc.tree, doc.declared, Options(), events=True).events or ()
              for n in names]  # fmt: skip
    kinds = {e["type"] for e in traces[0]}
    assert {"probe", "sum", "cut", "search"} <= kinds  # Star2's probes and its search phase
    probe_cut = next(k for k, e in enumerate(traces[0], 1)
                     if e["type"] == "cut" and e["test"]["left"] == "sum p_j hi_j")  # fmt: skip
    page.keyboard.press("Home")
    for k in range(1, max(map(len, traces)) + 1):
        page.keyboard.press("ArrowRight")
        for i, trace in enumerate(traces):
            at = min(k, len(trace))
            got = pane(page, i)
            want = expected_panel(doc.tree, trace, at)
            assert {f: got[f] for f in want} == want, (names[i], at)
        if k == probe_cut:
            screenshot(page, "star-example", tmp_path)
    given = {
        "-".join(map(str, (*p, i))): str(q)
        for p, n in preorder(doc.tree)
        if isinstance(n, Node) and n.probabilities
        for i, q in enumerate(n.probabilities)
    }
    assert given == {"0-0": "1/3", "0-1": "2/3", "1-0": "1/2", "1-1": "1/4", "1-2": "1/4"}
    for i, name in enumerate(names):
        assert pane(page, i)["value"] == "16/3"
        assert page.evaluate(CHANCE_MARKS, i) == {"stars": 2, "probabilities": given}
        drawn = search_drawing(doc.tree, name, doc.declared)
        want = {",".join(map(str, n.path)): n.label[0] for n in drawn.nodes
                if n.player is not None and n.label}  # fmt: skip
        assert page.evaluate(LABELS, i) == want, name
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()


REPLIES = """(i) => Object.fromEntries([...document.querySelectorAll(`#pane-${i} svg text.reply`)]
  .map((t) => [t.id.replace(`pane${i}-reply-`, ""), t.textContent]))"""


def test_brs_plus_steps_through_its_transform_for_the_player_chosen(figure5: "Page") -> None:
    """BRS+ on Figure 5 for the player typed in: alpha-beta's events on the transform drawn,
    each layer's edges named by their replies' plies, and impl's value."""
    page = figure5
    page.uncheck("#compare-toggle")
    page.select_option("#tree-menu", "given")
    page.select_option("#pane-0 [data-role=algorithm]", "brs-plus")
    doc = read_tree_file(FIGURE5)
    for r in (1, 0):
        page.fill("#pane-0 [data-role=player]", str(r))
        page.click("#pane-0 [data-role=run]")
        answer = ALGORITHMS["brs-plus"].run(doc.tree, None, Options(player=r), events=True)
        trace = answer.events or ()
        u = brs_plus_transform(doc.tree, r)
        page.keyboard.press("Home")
        for k in range(1, len(trace) + 1):
            page.keyboard.press("ArrowRight")
            want = expected_panel(u, trace, k)
            got = pane(page, 0)
            assert {f: got[f] for f in want} == want, (r, k)
        assert got["value"] == shown(json_value(answer.value))
        want_replies = {
            "-".join(map(str, p)): "·".join(map(str, reply_path(doc.tree, r, p)[len(
                reply_path(doc.tree, r, p[:-1])):]))
            for p in (tuple(q) for q, _ in preorder(u))
            if p and subtree(u, p[:-1]).to_move != r  # type: ignore[union-attr]
        }  # fmt: skip
        assert want_replies
        assert page.evaluate(REPLIES, 0) == want_replies, r
    page.fill("#pane-0 [data-role=player]", "")
    page.evaluate("() => document.activeElement.blur()")  # the keys step again, not type


def test_play_runs_to_the_end_and_pauses(figure5: "Page") -> None:
    page = figure5
    page.select_option("#tree-menu", "given")  # Figure 5 again: 16 steps
    page.keyboard.press("Home")
    page.select_option("#pane-0 [data-role=speed]", label="fast")
    page.keyboard.press(" ")
    assert page.text_content("#pane-0 [data-role=play]") == "⏸ Pause"
    total = pane(page, 0)["step"].split(" of ")[1]
    shown_at_end = (  # a function, not an expression: the page's policy forbids eval
        f"() => document.querySelector('#pane-0 [data-role=step]').textContent === "
        f"'step {total} of {total}' && "
        "document.querySelector('#pane-0 [data-role=play]').textContent === '▶ Play'"
    )
    page.wait_for_function(shown_at_end, timeout=120_000)  # a hang guard only


EXPLORE = re.compile(r"^gametree explore (?!TREE)(.*)$", re.MULTILINE)


@pytest.mark.parametrize(
    "argv",
    [shlex.split(m[1]) for m in EXPLORE.finditer((ROOT / "docs" / "explore.md").read_text())],
)
def test_each_explore_command_of_the_docs_writes_a_page(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    k = argv.index("-o")
    out = tmp_path / "page.html"
    assert cli.main(["explore", *argv[:k], "-o", str(out), *argv[k + 2 :]]) == 0
    assert page_data(out.read_text())["algorithm"] == argv[argv.index("-a") + 1]


def test_every_search_of_every_bundled_tree_gives_impl_s_value(figure5: "Page") -> None:
    page = figure5
    page.uncheck("#compare-toggle")
    data = page_data(Path(page.url.removeprefix("file://")).read_text())
    listed: list[dict[str, str]] = data["examples"]  # type: ignore[assignment]
    checked = 0
    for i, example in enumerate(listed):
        page.select_option("#tree-menu", str(i))
        doc = read_tree_text(example["text"])
        names = page.eval_on_selector_all(
            "#pane-0 [data-role=algorithm] option", "(os) => os.map((o) => o.value)"
        )
        for name in names:
            page.select_option("#pane-0 [data-role=algorithm]", name)
            root = doc.tree.to_move if isinstance(doc.tree, Node) else 0
            options = Options(player=root) if name == "brs-plus" else Options()  # the page's
            value = ALGORITHMS[name].run(doc.tree, doc.declared, options).value
            want = shown(json_value(value))
            assert pane(page, 0)["value"] == want, (example["name"], name)
            checked += 1
    assert checked >= 50


def test_numbers_beyond_doubles_are_shown_and_compared_exactly(
    browser: "BrowserContext", tmp_path: Path
) -> None:
    big = 2**70  # a double cannot tell 2^70 + 1 from 2^70
    tree = tmp_path / "big.json"
    tree.write_text(f'[[{big}], [{big + 1}], ["-1/1000000000000000000000000000000"]]')
    out = tmp_path / "big.html"
    assert cli.main(["explore", str(tree), "-a", "minimax", "-o", str(out)]) == 0
    page = open_page(browser, out)
    page.wait_for_selector("body[data-ready=true]")
    got = pane(page, 0)
    assert got["value"] == str(big + 1)
    assert page.text_content("#pane-0 [data-role=pv]") == "[1, 0]"  # not the tie a double makes
    assert page.text_content("#pane0-leaf-2-0") == "−1/1000000000000000000000000000000"
    assert page.errors == []  # type: ignore[attr-defined]
    page.close()
