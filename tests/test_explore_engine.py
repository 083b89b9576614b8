"""The page's JavaScript engine under Node: gated like impl, its events impl's exactly."""

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.algorithms import ALGORITHMS, PAGE, Options
from gametree.cli import main
from gametree.figures import FIGURES, Figure
from gametree.spec import Bounds, Interval, Node, Tree, TreeError, iter_leaves
from gametree.spec.strategies import chance_trees, scalar_trees, vector_trees
from gametree.treefile import TreeFileError, dumps, read_tree_text

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node (dev.py test installs nodejs)")

EXPLORE = Path(__file__).parent.parent / "gametree" / "explore"
ENGINE = EXPLORE / "engine.js"
TARGET = EXPLORE / "node_target.js"
HELPER = Path(__file__).parent / "explore_events.js"

SCALAR = ["minimax", "negamax", "alphabeta-fail-hard", "alphabeta-fail-soft",
          "negamax-alphabeta-fail-hard", "negamax-alphabeta-fail-soft", "pvs", "mtdf",
          "paranoid"]  # fmt: skip
BOUNDED = ["immediate", "shallow", "deep-pruning-unsound", "last-branch", "speculative", "optimal"]
VECTOR = ["maxn", "paranoid", *BOUNDED]
CHANCE = ["expectimax", "star1", "star2"]
GATED = {
    "minimax": (), "negamax": (), "alphabeta-fail-hard": (), "alphabeta-fail-soft": (),
    "negamax-alphabeta-fail-hard": (), "negamax-alphabeta-fail-soft": (), "pvs": (),
    "mtdf": (), "maxn": (), "immediate": (), "shallow": (), "deep-pruning-unsound": (),
    "last-branch": (), "speculative": (), "paranoid": (), "optimal": (), "expectimax": (),
    "star1": (), "star2": (), "brs-plus": (),
}  # fmt: skip
BUDGET = 25
"""Generated trees per semantics: with the vectors (magnitude cases included) about 4 s each."""


class Engine:
    """One Node process running ``tests/explore_events.js`` on an engine file."""

    def __init__(self, engine: Path) -> None:
        assert NODE is not None
        self.process = subprocess.Popen(
            [NODE, str(HELPER), str(engine)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True,
        )  # fmt: skip

    def run(self, name: str, text: str, **options: Any) -> dict[str, Any]:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        request = {"algorithm": name, "tree": text, "options": options}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        out: dict[str, Any] = json.loads(self.process.stdout.readline())
        return out

    def close(self) -> None:
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)
        self.process.stdout.close()


def node_output(script: str, *args: str) -> str:
    """What Node prints running ``script`` with ``args``."""
    run = subprocess.run([str(NODE), "-e", script, *args], capture_output=True, text=True,
                         check=True, timeout=600)  # fmt: skip
    return run.stdout


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    e = Engine(ENGINE)
    yield e
    e.close()


def agree(
    engine: Engine, name: str, t: Tree, bounds: Bounds | Interval | None = None, **o: Any
) -> None:
    """The JavaScript events are impl's, event for event, and so is the answer.

    The leaves and the line are paths in the tree; BRS+'s events are paths in its transform.
    """
    options = {k: v for k, v in o.items() if v is not None}
    answer = ALGORITHMS[name].run(t, bounds, Options(**options), trace=True, events=True)
    want = json.loads(json.dumps(answer.events))
    js_options = {"firstGuess" if k == "first_guess" else k: v if k in ("player", "domain")
                  else str(v) for k, v in options.items()}  # fmt: skip
    got = engine.run(name, dumps(t, bounds), **js_options)
    assert "error" not in got, got
    for i, (w, g) in enumerate(zip(want, got["events"], strict=False)):
        assert w == g, f"event {i}: expected {w}, got {g}"
    assert len(got["events"]) == len(want)
    assert got["principalVariation"] == list(answer.principal_variation)
    assert got["leaves"] == [list(p) for p in answer.trace or ()]


@settings(max_examples=40)
@given(scalar_trees(max_depth=4, max_branching=3, grid=3, by_depth=False),
       st.sampled_from(SCALAR), st.integers(-4, 4), st.integers(0, 3))  # fmt: skip
def test_scalar_events(engine: Engine, t: Tree, name: str, a: int, width: int) -> None:
    if name in ("minimax", "negamax", "paranoid") or not width:
        agree(engine, name, t, first_guess=a if name == "mtdf" else None)
    else:
        agree(engine, name, t, alpha=a, beta=a + width,
              first_guess=a + 1 if name == "mtdf" else None)  # fmt: skip


@settings(max_examples=40)
@given(st.integers(2, 4).flatmap(
    lambda n: vector_trees(players=n, max_depth=3, bounds=Bounds(-1, 5), ties=True,
                           by_depth=False, grid=2)),
    st.sampled_from(VECTOR), st.integers(0, 3))  # fmt: skip
def test_vector_events(engine: Engine, t: Tree, name: str, player: int) -> None:
    if name == "paranoid":
        agree(engine, name, t, player=player % t.players)
    elif name == "optimal":
        integral = all(int(c) == c for _, leaf in iter_leaves(t) for c in leaf.value)  # type: ignore[union-attr]
        domain = "integers" if integral and player % 2 else "reals"
        agree(engine, name, t, Bounds(-1, 5), domain=domain)
    else:
        agree(engine, name, t, Bounds(-1, 5) if name in BOUNDED else None)


@pytest.mark.parametrize("figure", FIGURES.values(), ids=list(FIGURES))
def test_worked_examples(engine: Engine, figure: Figure) -> None:
    """The sources' worked examples and Korf's figures, every search that takes them."""
    t = figure.tree
    for name in CHANCE if t.chance_nodes else SCALAR if not t.vector else VECTOR:
        if ALGORITHMS[name].bounds is None:
            agree(engine, name, t)
        elif figure.bounds is not None:
            agree(engine, name, t, figure.bounds)


@settings(max_examples=40)
@given(chance_trees(max_depth=4, max_branching=3, grid=2, by_depth=False),
       st.sampled_from(CHANCE), st.integers(-6, 6), st.integers(0, 4))  # fmt: skip
def test_chance_events(engine: Engine, t: Tree, name: str, a: int, width: int) -> None:
    """Expectimax, Star1 and Star2 on trees with chance nodes, leaves in [-10, 10]: sums,
    probes, each cut's test; a window that may lie beyond [L, U] below the root."""
    if name == "expectimax":
        agree(engine, name, t)
    elif not width:
        agree(engine, name, t, Interval(-10, 10))
    else:
        agree(engine, name, t, Interval(-10, 10), alpha=a, beta=a + width)


@settings(max_examples=40)
@given(st.integers(3, 4).flatmap(
    lambda n: vector_trees(players=n, max_depth=4, max_branching=3, ties=True, by_depth=False)),
    st.integers(0, 3))  # fmt: skip
def test_brs_plus_events(engine: Engine, t: Tree, player: int) -> None:
    """BRS+ (impl.best_reply): alpha-beta's events on the transform engine.js builds."""
    agree(engine, "brs-plus", t, player=player % t.players)


@settings(max_examples=20)
@given(
    st.integers(3, 4).flatmap(
        lambda n: chance_trees(players=n, max_depth=3, bounds=Bounds(0, 6), by_depth=False)
    )
)
def test_expectimax_events_with_vectors(engine: Engine, t: Tree) -> None:
    agree(engine, "expectimax", t)


def test_deep_pruning_on_figure_5(engine: Engine) -> None:
    from gametree.spec.examples import korf_figure5

    got = engine.run("deep-pruning-unsound", dumps(korf_figure5((3, 0, 6)), Bounds(0, 9)))
    assert got["value"] == [5, 2, 2]
    cut = next(e for e in got["events"] if e["type"] == "cut")
    assert cut["test"] == {"left": "Best[2]", "leftValue": 5, "op": ">=", "right": "Bound",
                           "rightValue": 4}  # fmt: skip


LOSSLESS = [
    ("18446744073709551617", "18446744073709551617"),  # 2^64 + 1
    ("-1267650600228229401496703205376", "-1267650600228229401496703205376"),  # -2^100
    ('"1/3"', '"1/3"'),
    ('"-6/4"', '"-3/2"'),
    ('"4/2"', "2"),
    ("0.1", '"3602879701896397/36028797018963968"'),
    ("9007199254740993", "9007199254740993"),  # 2^53 + 1, which a double rounds
]


@pytest.mark.parametrize(("number", "canonical"), LOSSLESS)
def test_lossless_parse(engine: Engine, number: str, canonical: str) -> None:
    text = f"[[{number}], [-1{'0' * 200}]]"
    got = engine.run("minimax", text)
    assert json.dumps(got["value"]) == canonical
    doc = ('{"format": "gametree-tree/1", "players": 2, "tree": {"to_move": 0, "children": '
           f'[{{"value": {number}}}, {{"value": -5}}]}}}}')  # fmt: skip
    script = (
        "const E = require(process.argv[1]);"
        "const s = E.serializeTree(E.parseTree(process.argv[2]));"
        "process.stdout.write(E.serializeTree(E.parseTree(s)) === s ? s : 'drift')"
    )
    serialized = node_output(script, str(ENGINE), doc)
    assert f'{{"value": {canonical}}}' in serialized


DOC = '{"format": "gametree-tree/1", "players": %s, "tree": {"to_move": %s, "children": [%s]}}'
ERRORS = [
    ("[[1, 2], []]", "an interior node needs at least one child (got []) at /1"),
    (DOC % (3, 0, '{"value": [1, 2]}'),
     ("a vector value needs one number per player, 3 (got an array of 2) at "
      "/tree/children/0/value")),
    (DOC % (2, 2, '{"value": 1}'),
     "'to_move' must be an integer in 0..1 (got the number 2) at /tree/to_move"),
    ('[1, "1/0"]', "a fraction's denominator must not be 0 (got '1/0') at /1"),
    ('{"format": "gametree-tree/1", "players": 2, "players": 3}', "the key 'players' occurs twice"),
    ("[1, 2", "the text is not JSON"),
    ("[1, true]", ('a number must be a JSON integer, a string "p/q" or a finite JSON number '
                   "(got true) at /1")),
]  # fmt: skip


@pytest.mark.parametrize(("text", "message"), ERRORS)
def test_errors_name_what_and_where(engine: Engine, text: str, message: str) -> None:
    got = engine.run("minimax", text)
    assert got["error"].startswith("TreeFormatError: ")
    assert message in got["error"]


CHANCE_DOC = (
    '{"format": "gametree-tree/1", "players": 2, %s"tree": {"to_move": 0, "children": '
    '[{"probabilities": %s, "children": [{"value": 1}, {"value": 4}]}, {"value": 2}]}}'
)
CHANCE_ERRORS = [
    (CHANCE_DOC % ("", '["1/3", "1/3"]'), "expectimax"),
    (CHANCE_DOC % ("", "[0.1, 0.9]"), "expectimax"),
    (CHANCE_DOC % ("", '["1/2"]'), "expectimax"),
    (CHANCE_DOC % ("", '["0", 1]'), "expectimax"),
    (CHANCE_DOC % ('"bounds": {"lower": 0, "upper": 3}, ', '["1/2", "1/2"]'), "star1"),
    (CHANCE_DOC % ('"bounds": {"lower": 3, "upper": 3}, ', '["1/2", "1/2"]'), "star1"),
    (CHANCE_DOC % ("", '["1/2", "1/2"]'), "star2"),
    (CHANCE_DOC % ("", '["1/2", "1/2"]'), "alphabeta-fail-hard"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "name"), CHANCE_ERRORS)
def test_chance_faults_are_the_python_reader_s(engine: Engine, text: str, name: str) -> None:
    """A fault in a chance node or the leaf bounds: the one-line error gametree gives, with
    its JSON pointer, whichever of the reader or the search finds it."""
    try:
        doc = read_tree_text(text)
        ALGORITHMS[name].run(doc.tree, doc.declared, Options())
    except TreeFileError as e:
        want = str(e)  # the reader's: the same text, the same JSON pointer
    except TreeError as e:
        want = f"{e.problem} at /tree"  # the search's, at the tree: the page points there
    else:
        raise AssertionError("no fault")
    got = engine.run(name, text)
    assert got["error"].split(": ", 1)[1] == want, (got, want)


def test_a_chain_100000_deep(engine: Engine) -> None:
    depth = 100_000
    text = "[" * depth + "[1, 2]" + "]" * depth
    for name in ("alphabeta-fail-hard", "pvs", "mtdf"):
        got = engine.run(name, text, events=False)
        assert got["value"] == (2 if depth % 2 == 0 else 1)
        assert len(got["principalVariation"]) == depth + 1
        assert got["events"] == []


def test_a_chain_of_chance_nodes_20000_deep(engine: Engine) -> None:
    """Read and searched without recursion: chance nodes (probability 1) and Max's, in turn.

    Star2 is left out to keep the file quick: on this chain it takes about ten times Star1's
    time (its probes at every level), though it finishes.
    """
    depth = 20_000
    kinds = ['"to_move": 0' if i % 2 == 0 else '"probabilities": [1]' for i in range(depth)]
    text = "".join(f'{{{k}, "children": [' for k in kinds) + '{"value": 1}' + "]}" * depth
    doc = ('{"format": "gametree-tree/1", "players": 2, "bounds": {"lower": 0, "upper": 2}, '
           f'"tree": {text}}}')  # fmt: skip
    for name in ("expectimax", "star1"):
        got = engine.run(name, doc, events=False)
        assert "error" not in got, got
        assert got["value"] == 1
        assert got["leaves"] == [[0] * depth]


def test_events_on_a_chain_1100_deep(engine: Engine) -> None:
    t: Tree = Node.by_depth([1, 2])
    for i in range(1100):
        t = Node(i % 2, [t])
    agree(engine, "negamax-alphabeta-fail-hard", t)


def gate(target: str, semantics: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["conform", "--target", target, "--semantics", semantics, "--strict-order",
                 "--best-move", "--principal-variation", "--budget", str(BUDGET)])  # fmt: skip
    return code, capsys.readouterr().out


@pytest.mark.parametrize("semantics", list(GATED))
def test_the_gate_passes(semantics: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = gate(f'"{NODE}" "{TARGET}"', semantics, capsys)
    assert code == 0, out
    assert "result: PASSED" in out


FLAWS = [
    ("maxn", "if (gt(next.score[p], best.score[p])) {\n        best = next;",
     "if (ge(next.score[p], best.score[p])) {\n        best = next;"),
    ("alphabeta-fail-hard", "if (maxing ? gt(r.score, best) : lt(r.score, best)) {",
     "if (maxing ? ge(r.score, best) : le(r.score, best)) {"),
    ("shallow", "if (ge(best.score[p], bound)) {\n        const why",
     "if (gt(best.score[p], bound)) {\n        const why"),
    # The optimal search's shortcut taken when the region it needs is empty (slack 0).
    ("optimal", "if (!integers) return gt(slack, rat(0n));",
     "if (!integers) return ge(slack, rat(0n));"),
    # BRS+ playing the opponents not searched at their last move, not their first.
    ("brs-plus", "stack.push([[...path, i], x.children[i], leftFirst || i > 0]);",
     ("const j = leftFirst ? x.children.length - 1 : i;\n"
      "      stack.push([[...path, j], x.children[j], leftFirst || i > 0]);")),
    # Star1's A_i with the children left at L, not U: the mass left bounded the wrong way.
    ("star1", "const a = over(minus(minus(alpha, total), high), p);",
     "const a = over(minus(minus(alpha, total), low), p);"),
]  # fmt: skip


@pytest.mark.parametrize(("semantics", "right", "wrong"), FLAWS, ids=[f[0] for f in FLAWS])
def test_a_seeded_flaw_fails_the_gate(
    semantics: str, right: str, wrong: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = ENGINE.read_text()
    assert source.count(right) >= 1
    (tmp_path / "engine.js").write_text(source.replace(right, wrong, 1))
    shutil.copy(TARGET, tmp_path / "node_target.js")
    code, out = gate(f'"{NODE}" "{tmp_path / "node_target.js"}"', semantics, capsys)
    assert code != 0
    assert "FAIL" in out.upper()


def test_every_algorithm_is_listed(engine: Engine) -> None:
    script = "process.stdout.write(JSON.stringify(require(process.argv[1]).SEARCHES))"
    names = json.loads(node_output(script, str(ENGINE)))
    assert set(names) == set(PAGE) == set(GATED)


STAR1_A = "const a = over(minus(minus(alpha, total), high), p);"
EVENT_FLAWS = [
    # A window event left out where Max raises alpha.
    ("alphabeta-fail-hard",
     ("          alpha = best;\n"
      '          yield { type: "window", alpha: encode(alpha), beta: encode(beta) };\n'
      "        } else if"),
     "          alpha = best;\n        } else if"),
    # Shallow pruning's bound passed down without the subtraction: a wrong Bound shown.
    ("shallow", "[sub(k.total, best.score[p]), p, k]", "[k.total, p, k]"),
    # A Star2 probe of Min's child lowering the bound by its old bound, not the difference.
    ("star2", "high = sub(high, times(p, sub(hi[i], w)));", "high = sub(high, times(p, hi[i]));"),
    # Star1's A_i with the mass before the child, not the mass left after it.
    ("star1", f"high = sub(high, times(p, hi[i]));\n      {STAR1_A}",
     f"{STAR1_A}\n      high = sub(high, times(p, hi[i]));"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "right", "wrong"), EVENT_FLAWS, ids=[f[0] for f in EVENT_FLAWS])
def test_a_seeded_flaw_in_the_events_is_caught(
    name: str, right: str, wrong: str, tmp_path: Path
) -> None:
    source = ENGINE.read_text()
    assert right in source
    (tmp_path / "engine.js").write_text(source.replace(right, wrong, 1))
    flawed = Engine(tmp_path / "engine.js")
    figures = {"alphabeta-fail-hard": "wiki-alpha-beta", "star1": "star-example",
               "star2": "star-example"}  # fmt: skip
    figure = FIGURES[figures.get(name, "korf-figure4")]
    try:
        with pytest.raises(AssertionError, match="event"):
            agree(flawed, name, figure.tree, figure.bounds)
    finally:
        flawed.close()
