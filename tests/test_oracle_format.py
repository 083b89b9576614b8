"""The JSON tree format: the reader as a trust boundary, the writer, the schema, the limits."""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree import _json, treefile
from gametree._json import JSONSyntaxError, loads, loads_iteratively
from gametree.conform.vectors import FORMAT_CASES
from gametree.spec import Bounds, Interval, Leaf, Node, expectimax, maxn, minimax
from gametree.spec.strategies import chance_trees, scalar_trees, vector_trees
from gametree.treefile import (
    FORMAT,
    Limits,
    TreeFileError,
    document_json,
    dumps,
    read_tree_json,
    read_tree_text,
)

ROOT = Path(__file__).resolve().parent.parent


def canonical(tree: object, players: int = 2, **extra: object) -> str:
    return json.dumps({"format": FORMAT, "players": players, **extra, "tree": tree})


# Malformed documents, a handful per class of error, with the pointer each must name.
MALFORMED = [
    # not JSON at all
    ("{", "", "not JSON"),
    ('{"format": "gametree-tree/1",', "", "not JSON"),
    ("[[1, 2], [3, 4],]", "/2", "not JSON"),
    ('{"format": "gametree-tree/1" "players": 2}', "", "not JSON"),
    ("[1, 2] [3]", "", "not JSON"),
    ("", "", "not JSON"),
    # numbers that are not numbers
    (canonical({"value": float("nan")}).replace("NaN", "NaN"), "/tree/value", "NaN"),
    ("[[1, Infinity]]", "/0/1", "Infinity"),
    ("[[1, -Infinity]]", "/0/1", "Infinity"),
    ("[[1, 1e999]]", "/0/1", "finite"),
    ('[[1, "1/0"]]', "/0/1", "denominator"),
    ('[[1, "0x10"]]', "/0/1", "fraction"),
    ("[[1, true]]", "/0/1", "got true"),
    ("[[1, null]]", "/0/1", "got null"),
    ("[[1, " + "7" * 1001 + "]]", "/0/1", "longer than 1000"),
    # duplicate and unknown keys
    (
        canonical({"to_move": 1, "children": [{"value": 1}]}).replace(
            '"to_move": 1, ', '"to_move": 0, "to_move": 1, '
        ),
        "/tree/to_move",
        "twice",
    ),
    (
        '{"format": "gametree-tree/1", "players": 2, "players": 2, "tree": {"value": 1}}',
        "/players",
        "twice",
    ),
    (canonical({"value": 1, "score": 3}), "/tree/score", "no key 'score'"),
    (canonical({"value": 1}, extra_key=1), "/extra_key", "no key"),
    # shape
    (canonical({"to_move": 0, "children": []}), "/tree/children", "at least one child"),
    (canonical({"to_move": 0}), "/tree", "'children' is missing"),
    (canonical({"children": [{"value": 1}]}), "/tree", "'to_move' is missing"),
    (canonical({"to_move": 0, "children": {"value": 1}}), "/tree/children", "an array"),
    (canonical({"to_move": 0, "children": [5]}), "/tree/children/0", "a node is an object"),
    ("[[1, 2], []]", "/1", "at least one child"),
    ('[[1, {"value": 2}]]', "/0/1", "only arrays and numbers"),
    ("42", "", "not the number 42"),
    ('"tree"', "", "not the string"),
    # header
    ('{"players": 2, "tree": {"value": 1}}', "", "needs the key 'format'"),
    (canonical({"value": 1}).replace(FORMAT, "gametree-tree/2"), "/format", "must be"),
    (canonical({"value": 1}, players=1), "/players", ">= 2"),
    (canonical({"value": 1}, players=True), "/players", ">= 2"),
    (canonical({"value": 1}, comment=3), "/comment", "a string"),
    # players, vectors, bounds
    (canonical({"to_move": 2, "children": [{"value": 1}]}), "/tree/to_move", "in 0..1"),
    (canonical({"to_move": -1, "children": [{"value": 1}]}), "/tree/to_move", "in 0..1"),
    (
        canonical({"to_move": 0, "children": [{"value": [1, 2, 3]}, {"value": [1, 2]}]}, 3),
        "/tree/children/1/value",
        "one number per player",
    ),
    (canonical({"value": 4}, 3), "/tree/value", "array of 3 numbers"),
    (
        canonical({"to_move": 0, "children": [{"value": 1}, {"value": [1, 2]}]}),
        "/tree/children/1/value",
        "numbers; this one a vector",
    ),
    (canonical({"value": [1, [2]]}), "/tree/value/1", "got an array"),
    (
        canonical(
            {"to_move": 0, "children": [{"value": [1, 2, 3]}, {"value": [5, 5, 5]}]},
            3,
            bounds={"lower": 0, "sum": 9},
        ),
        "/tree/children/1/value",
        "above the bound",
    ),
    (
        canonical({"value": [-1, 2, 3]}, 3, bounds={"lower": 0, "sum": 9}),
        "/tree/value",
        "below the lower bound",
    ),
    (canonical({"value": 1}, bounds={"lower": 0, "sum": 9}), "/bounds", "vector values"),
    (canonical({"value": [1, 2, 3]}, 3, bounds={"lower": 0}), "/bounds", "'sum'"),
    (canonical({"value": [1, 2, 3]}, 3, bounds=[0, 9]), "/bounds", "must be an object"),
    (
        canonical({"value": [1, 2, 3]}, 3, bounds={"lower": "a", "sum": 9}),
        "/bounds/lower",
        "fraction",
    ),
    # chance nodes and leaf bounds
    (
        canonical({"probabilities": ["1/3", "1/3"], "children": [{"value": 1}, {"value": 2}]}),
        "/tree/probabilities",
        "must sum to 1 (got 2/3)",
    ),
    (
        canonical({"to_move": 0, "children": [
            {"value": 5},
            {"probabilities": [0.1, 0.9], "children": [{"value": 1}, {"value": 2}]}]}),
        "/tree/children/1/probabilities",
        'write "1/10" for one tenth',
    ),
    (
        canonical({"probabilities": ["1/2", "-1/2", 1], "children": [{"value": 1}] * 3}),
        "/tree/probabilities/1",
        "above 0 and at most 1",
    ),
    (
        canonical({"probabilities": ["1/2", "x"], "children": [{"value": 1}] * 2}),
        "/tree/probabilities/1",
        "fraction",
    ),
    (
        canonical({"probabilities": [1], "children": [{"value": 1}] * 2}),
        "/tree/probabilities",
        "one probability per child, 2",
    ),
    (canonical({"probabilities": {"a": 1}, "children": [{"value": 1}]}),
     "/tree/probabilities", "must be an array"),
    (canonical({"probabilities": [1]}), "/tree", "needs 'children'"),
    (canonical({"probabilities": [1], "to_move": 0, "children": [{"value": 1}]}),
     "/tree/to_move", "a chance node has no key 'to_move'"),
    (canonical({"value": 6}, bounds={"lower": 0, "upper": 5}), "/tree/value",
     "outside the leaf bounds [0, 5]"),
    (canonical({"value": 1}, bounds={"lower": 1, "upper": 1}), "/bounds/upper",
     "lower < upper"),
    (canonical({"value": [1, 2, 3]}, 3, bounds={"lower": 0, "upper": 9}), "/bounds",
     "two-player scalar values"),
    (canonical({"value": 1}, bounds={"lower": 0, "sum": 9, "upper": 3}), "/bounds", "not both"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "pointer", "message"), MALFORMED)
def test_malformed_documents_name_the_fault_and_its_pointer(
    text: str, pointer: str, message: str
) -> None:
    with pytest.raises(TreeFileError) as caught:
        read_tree_text(text)
    assert caught.value.pointer == pointer
    assert message in str(caught.value)


def test_syntax_errors_say_line_and_column() -> None:
    with pytest.raises(TreeFileError) as caught:
        read_tree_text('{\n  "format": "gametree-tree/1",\n  "players": 2\n  "tree": 1}')
    e = caught.value
    assert (e.line, e.column) == (4, 3)
    assert "line 4, column 3" in str(e)


@pytest.mark.slow
def test_bad_input_through_the_cli_is_one_line_and_exit_code_3(tmp_path: Path) -> None:
    """Every malformed document, run through the real command: no traceback, ever."""
    for i, (text, _pointer, message) in enumerate(MALFORMED[::3]):
        path = tmp_path / f"bad{i}.json"
        path.write_text(text)
        done = subprocess.run(
            [sys.executable, "-m", "gametree.cli", "solve", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 3, (text, done.stderr)
        assert "Traceback" not in done.stderr
        assert done.stderr.startswith("gametree solve: error: ")
        assert message in done.stderr
        assert done.stderr.count("\n") == 1


def test_bytes_that_are_not_utf8_and_a_missing_file() -> None:
    with pytest.raises(TreeFileError, match="not UTF-8"):
        read_tree_text(b"[[1, 2]]\xff")
    assert read_tree_text(b"\xef\xbb\xbf[[1, 2]]").tree == Node.by_depth([[1, 2]])
    with pytest.raises(TreeFileError, match="cannot read"):
        treefile.read_tree_file("/no/such/file.json")


def test_numbers_are_exact() -> None:
    doc = read_tree_text('[["1/2", "-6/4", "7"], [0.25, 2.0, 0.1]]')
    assert [leaf.value for leaf in doc.tree.children[0].children] == [  # type: ignore[union-attr]
        Fraction(1, 2), Fraction(-3, 2), 7,
    ]  # fmt: skip
    values = [leaf.value for leaf in doc.tree.children[1].children]  # type: ignore[union-attr]
    assert values == [Fraction(1, 4), 2, Fraction(0.1)]
    assert type(values[1]) is int


def test_one_and_true_are_not_the_same_leaf() -> None:
    """Leaves are shared by JSON value; 1, 1.0 and true are equal in Python, not in JSON."""
    assert read_tree_text("[[1, 1.0, 1]]").tree == Node.by_depth([[1, 1, 1]])
    with pytest.raises(TreeFileError, match="got true"):
        read_tree_text("[[1, true]]")


@given(scalar_trees(max_depth=4, grid=3))
def test_scalar_trees_round_trip(t: Node) -> None:
    doc = read_tree_text(dumps(t))
    assert doc.tree == t
    assert doc.players == 2
    assert read_tree_json(json.loads(json.dumps(document_json(t)))).tree == t


@given(vector_trees(players=3, max_depth=3, grid=2))
def test_vector_trees_round_trip_with_bounds(t: Node) -> None:
    doc = read_tree_text(dumps(t, Bounds(0, 9)))
    assert doc.tree == t
    assert doc.bounds == Bounds(0, 9)
    assert maxn(doc.tree) == maxn(t)


@given(chance_trees(max_depth=4, grid=2), st.booleans())
def test_chance_trees_round_trip_with_leaf_bounds(t: Node, declare: bool) -> None:
    bounds = Interval(-10, 10) if declare else None
    doc = read_tree_text(dumps(t, bounds))
    assert doc.tree == t
    assert doc.interval == bounds
    assert doc.declared == bounds
    assert read_tree_json(json.loads(json.dumps(document_json(t, bounds)))).tree == t
    assert expectimax(doc.tree) == expectimax(t)


@given(chance_trees(players=3, max_depth=3))
def test_chance_trees_of_vectors_round_trip(t: Node) -> None:
    assert read_tree_text(dumps(t, Bounds(0, 9))).tree == t


JSON_TEXTS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda kids: (
        st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=3), kids, max_size=3)
    ),
    max_leaves=20,
).map(json.dumps)


@given(JSON_TEXTS | st.text(alphabet='[]{}:,"0123456789 -.eE\\nulltruefalse', max_size=30))
def test_the_fast_and_the_iterative_parser_agree(text: str) -> None:
    """``loads`` uses Python's json and falls back to the iterative parser: same answers."""
    try:
        fast = json.loads(
            text,
            object_pairs_hook=_json._pairs,
            parse_constant=_json._constant,
            parse_int=_json._integer,
            parse_float=_json._real,
        )
    except (ValueError, RecursionError):
        fast = None
        with pytest.raises(JSONSyntaxError):
            loads_iteratively(text)
    else:
        assert loads_iteratively(text) == fast
        assert loads(text) == fast


def test_nesting_deeper_than_python_json_allows() -> None:
    depth = 5000
    value = loads("[" * depth + "1" + "]" * depth)
    for _ in range(depth):
        assert isinstance(value, list)
        value = value[0]
    assert value == 1


def test_json_reads_what_nests_within_its_raised_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A document deeper than the recursion limit allows, within :data:`_json.C_DEPTH` levels
    more, is read by ``json`` (the iterative parser is not called), in a thread too; the limit
    is put back; deeper still, the iterative parser reads it."""
    import sys
    import threading

    limit = sys.getrecursionlimit()
    text = '{"a": [' * 2000 + "1" + "]}" * 2000
    iterative: list[str] = []

    def chain(value: object) -> int:
        """How many ``{"a": [...]}`` levels hold the 1 at the bottom (else -1)."""
        for n in range(100_000):
            if value == 1:
                return n
            assert isinstance(value, dict)
            assert list(value) == ["a"]
            assert isinstance(value["a"], list)
            assert len(value["a"]) == 1
            value = value["a"][0]
        return -1

    def counted(t: str, *, max_depth: int | None = None) -> object:
        iterative.append(t)
        return loads_iteratively(t, max_depth=max_depth)

    monkeypatch.setattr(_json, "loads_iteratively", counted)
    read: list[object] = []
    worker = threading.Thread(target=lambda: read.append(loads(text)))
    worker.start()
    worker.join()
    assert [chain(v) for v in read] == [2000]
    assert chain(loads(text)) == 2000
    assert iterative == []
    assert sys.getrecursionlimit() == limit
    deeper = '{"a": [' * (limit + _json.C_DEPTH) + "1" + "]}" * (limit + _json.C_DEPTH)
    assert chain(loads(deeper)) == limit + _json.C_DEPTH
    assert iterative == [deeper]
    assert sys.getrecursionlimit() == limit


def chain_text(depth: int) -> str:
    """A chain ``depth`` deep in the canonical form, a side leaf at every node."""
    open_ = '{"to_move": 0, "children": [{"value": 1}, '
    return (
        f'{{"format": "{FORMAT}", "players": 2, "tree": '
        + open_ * depth
        + '{"value": 2}'
        + "]}" * depth
        + "}"
    )


@pytest.mark.slow
def test_a_chain_100000_deep_is_read_and_solved() -> None:
    doc = read_tree_text(chain_text(100_000))
    assert doc.tree.height == 100_000
    assert minimax(doc.tree).value == 2
    assert dumps(doc.tree).count("to_move") == 100_000


def test_the_depth_and_node_limits_are_clear_errors() -> None:
    with pytest.raises(TreeFileError, match="deeper than 50") as caught:
        read_tree_text(chain_text(60), Limits(max_depth=50))
    assert caught.value.pointer == "/tree" + "/children/1" * 50
    with pytest.raises(TreeFileError, match="more than 10 nodes"):
        read_tree_text(json.dumps([list(range(20))]), Limits(max_nodes=10))
    with pytest.raises(TreeFileError, match="larger than 100 bytes"):
        read_tree_text("[" + "1, " * 100 + "1]", Limits(max_bytes=100))


@pytest.mark.slow
def test_a_million_nodes_in_bounded_time_and_memory(tmp_path: Path) -> None:
    """999,999 nodes (b = 3, d = 12 has 797,161; plus a chain) read in one child process."""
    script = f"""
import json, random, resource, sys, time
sys.path.insert(0, {str(ROOT)!r})
from gametree.treefile import read_tree_file
rng = random.Random(1)
parts = ['{{"format": "gametree-tree/1", "players": 2, "tree": ']
count = 0
def node(d):
    global count
    count += 1
    if d == 0:
        parts.append('{{"value": %d}}' % rng.randint(-1000, 1000))
        return
    parts.append('{{"to_move": %d, "children": [' % (d % 2))
    for i in range(10):
        if i:
            parts.append(", ")
        node(d - 1)
    parts.append("]}}")
node(6)
parts.append("}}")
path = {str(tmp_path / "big.json")!r}
open(path, "w").write("".join(parts))
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
from gametree.treefile import Limits
doc = read_tree_file(path, Limits(max_nodes=2_000_000))
print(json.dumps({{"nodes": doc.tree.size, "seconds": time.perf_counter() - t,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)  # fmt: skip
    figures = json.loads(done.stdout)
    assert figures["nodes"] == 1_111_111
    assert figures["peak_mb"] < 1500  # measured: about 400 MB on top of the generator's


def test_the_reader_passes_its_own_vectors() -> None:
    vectors = json.loads((ROOT / "gametree" / "vectors" / "tree_format.json").read_text())
    tests = [t for g in vectors["testGroups"] for t in g["tests"]]
    assert len(tests) == len(FORMAT_CASES)
    for test in tests:
        if test["result"] == "valid":
            doc = read_tree_text(test["document"])
            assert document_json(doc.tree, doc.declared) == test["canonical"]
        else:
            with pytest.raises(TreeFileError) as caught:
                read_tree_text(test["document"])
            assert caught.value.pointer == test["pointer"], test["comment"]


def test_the_schema_accepts_the_valid_documents_and_rejects_what_it_can() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "gametree" / "schema" / "gametree-tree-1.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    vectors = json.loads((ROOT / "gametree" / "vectors" / "tree_format.json").read_text())
    schema_blind = {"Syntax", "NotFinite", "DuplicateKey", "Players", "Bounds", "Limit", "Type",
                    "Fraction", "Chance"}  # fmt: skip
    for test in (t for g in vectors["testGroups"] for t in g["tests"]):
        if test["result"] == "valid":
            assert validator.is_valid(json.loads(test["document"])), test["comment"]
            assert validator.is_valid(test["canonical"]), test["comment"]
        elif not set(test["flags"]) & schema_blind:
            assert not validator.is_valid(json.loads(test["document"])), test["comment"]
    assert not validator.is_valid(json.loads("[[1, true]]"))
    assert not validator.is_valid(json.loads("[[1, 2], []]"))
    assert not validator.is_valid({"format": FORMAT, "players": 2, "tree": {"value": 1, "x": 2}})
    assert validator.is_valid({"format": FORMAT, "players": 2, "tree": {"value": "3/7"}})


def test_json_value_and_leaf() -> None:
    assert treefile.json_value((Fraction(3, 7), 2)) == ["3/7", 2]
    assert dumps(Leaf(Fraction(-1, 2))).endswith('"tree": {"value": "-1/2"}}')
