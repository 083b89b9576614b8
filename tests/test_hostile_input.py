"""Hostile input: malformed and adversarial documents and options, for the reader and every command.

The invariant, for every input: either a correct answer (checked against ``spec``), or exit
code 3 (2 for bad usage) with one line on standard error that names the place (a JSON pointer,
a line and column, a byte, or the option); never a traceback, never a ``RecursionError``, and
memory bounded by the limits.

Glossary: a *model* is a JSON document as this module builds it, where an object is an
:class:`Obj` (a list of pairs, so that a key can occur twice) and :class:`Raw` is a token written
as it is (``NaN``, ``1e400``, a 5,000-digit integer); a *fault* is one change that makes a valid
document invalid, with the pointer the reader must name.
"""

import functools
import io
import json
import re
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gametree import cli
from gametree.algorithms import ALGORITHMS
from gametree.clitools import PROGRESS_LINE
from gametree.commands import conform as conform_command
from gametree.conform.codec import case_from_request
from gametree.conform.games import game_graphs, game_json
from gametree.conform.semantics import SEMANTICS, expected
from gametree.spec import Bounds, Interval, Leaf, Node, Tree, iter_leaves, maxn, minimax
from gametree.spec.strategies import scalar_trees, vector_trees
from gametree.treefile import FORMAT, Limits, TreeFileError, dumps, read_tree_text

ROOT = Path(__file__).resolve().parent.parent

PLACE = re.compile(r" at (/\S*|line \d+, column \d+)|\(byte \d+ is not\)|cannot read '")
"""How an error in a document names where the fault is (a usage error names its option)."""


# --- running the command line -------------------------------------------------------------


def run(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch | None = None,
    stdin: bytes | None = None,
) -> tuple[int, str, str]:
    """``gametree ARGV`` in this process: the exit code, standard output and standard error."""
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    try:
        code = cli.main(argv)
    except SystemExit as e:  # argparse's own usage errors
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def assert_refused(code: int, err: str, expected_code: int = 3) -> str:
    """The input was refused cleanly: the exit code, one line naming the place; that line."""
    assert "Traceback" not in err, err[-3000:]
    assert "RecursionError" not in err
    assert code == expected_code, err[-3000:]
    lines = [line for line in err.strip().splitlines() if not PROGRESS_LINE.match(line)]
    if expected_code == 2 and len(lines) > 1 and lines[0].startswith("usage:"):
        lines = lines[-1:]  # argparse prints its usage line first
    assert len(lines) == 1, err[-3000:]
    assert re.match(r"gametree [a-z]+: error: ", lines[0]), lines[0][:300]
    if expected_code == 3:
        assert PLACE.search(lines[0]), lines[0][:300]
    return lines[0]


# --- documents as models ------------------------------------------------------------------


@attrs.frozen
class Raw:
    """A token written as it is."""

    text: str


@attrs.define
class Obj:
    """A JSON object as a list of pairs (a key may occur twice)."""

    pairs: list[tuple[str, object]]

    def get(self, key: str) -> object:
        return next(v for k, v in self.pairs if k == key)

    def set(self, key: str, value: object) -> None:
        self.pairs = [(k, value if k == key else v) for k, v in self.pairs]


def write(x: object) -> str:
    """The JSON text of a model (recursive: models here are a few levels deep)."""
    if isinstance(x, Raw):
        return x.text
    if isinstance(x, Obj):
        return "{" + ", ".join(f"{json.dumps(k)}: {write(v)}" for k, v in x.pairs) + "}"
    if isinstance(x, list):
        return "[" + ", ".join(write(c) for c in x) + "]"
    return json.dumps(x)


def number(v: int | Fraction, style: int = 0) -> object:
    """A number as a document may write it: an integer, "n", "p/q", or unreduced "kp/kq"."""
    if isinstance(v, Fraction):
        return f"{v.numerator * 3}/{v.denominator * 3}" if style % 2 else str(v)
    return [v, str(v), f"{2 * v}/2"][style % 3]


def model(t: Tree, players: int, bounds: Bounds | None = None, style: int = 0) -> Obj:
    """The canonical document of ``t`` as a model, with its numbers written in ``style``."""

    def node(n: Tree) -> Obj:
        if isinstance(n, Leaf):
            v = n.value
            return Obj([("value", [number(c, style) for c in v] if isinstance(v, tuple)
                                  else number(v, style))])  # fmt: skip
        return Obj([("to_move", n.to_move), ("children", [node(c) for c in n.children])])

    doc = Obj([("format", FORMAT), ("players", players)])
    if bounds is not None:
        doc.pairs.append(("bounds", Obj([("lower", number(bounds.lower)),
                                         ("sum", number(bounds.total))])))  # fmt: skip
    doc.pairs.append(("tree", node(t)))
    return doc


def places(doc: Obj) -> list[tuple[str, Obj]]:
    """Every node of the document's tree with its pointer, in the order the reader reads them."""
    out: list[tuple[str, Obj]] = []
    stack: list[tuple[str, object]] = [("/tree", doc.get("tree"))]
    while stack:
        at, n = stack.pop()
        assert isinstance(n, Obj)
        out.append((at, n))
        if n.pairs[0][0] == "to_move":
            kids = n.get("children")
            assert isinstance(kids, list)
            stack.extend((f"{at}/children/{i}", c) for i, c in reversed(list(enumerate(kids))))
    return out


# What a bad number may be, and the words its error holds.
BAD_NUMBERS: list[tuple[object, str]] = [
    (True, "got true"),
    (None, "got null"),
    (Obj([]), "got an object"),
    ("abc", "got the string 'abc'"),
    ("1/0", "denominator must not be 0"),
    ("0x10", "an integer or a fraction"),
    ("1.5", "an integer or a fraction"),
    (" 3", "an integer or a fraction"),
    ("9" * 5000, "at most 1000 characters (got 5000)"),
    (Raw("NaN"), "NaN is not a JSON number"),
    (Raw("Infinity"), "Infinity is not a JSON number"),
    (Raw("-Infinity"), "Infinity is not a JSON number"),
    (Raw("1e400"), "too large for a double"),
    (Raw("-1e400"), "too large for a double"),
    (Raw("9" * 5000), "longer than 1000 characters"),
    (Raw("-" + "9" * 1001), "longer than 1000 characters"),
]
BAD_MOVERS: list[object] = [-1, "0", Raw("0.0"), True, None, 10**30, Raw("1e400"), [0], Obj([])]


@attrs.frozen
class Faulty:
    """A document with one fault, the pointer its error must name and words it must hold."""

    text: str
    pointer: str
    words: str


@st.composite
def faulty_documents(draw: st.DrawFn) -> Faulty:  # noqa: PLR0912, PLR0915 - one case per fault
    """Valid documents (two-player or 3-player with bounds) with exactly one fault put in.

    Shrinks towards a single leaf with a bad value.
    """
    vector = draw(st.booleans())
    bounds = Bounds(0, 9) if vector else None
    t = draw(vector_trees(players=3, bounds=bounds) if vector else scalar_trees(max_depth=3))
    players = 3 if vector else 2
    doc = model(t, players, bounds, style=draw(st.integers(0, 5)))
    nodes = places(doc)
    at, n = draw(st.sampled_from(nodes))
    leaf = n.pairs[0][0] == "value"
    fault = draw(st.sampled_from(
        ["number", "shape", "duplicate", "unknown", "missing", "comment", "header"]
        + (["bounds", "bound-values"] if vector else [])
    ))  # fmt: skip
    pointer, words = at, ""
    if fault == "number" and leaf:
        bad, words = draw(st.sampled_from(BAD_NUMBERS))
        value = n.get("value")
        if isinstance(value, list):
            i = draw(st.integers(0, len(value) - 1))
            value[i] = bad
            pointer = f"{at}/value/{i}"
        else:
            n.set("value", bad)
            pointer = f"{at}/value"
    elif fault == "number":
        bad = draw(st.sampled_from([*BAD_MOVERS, players]))
        n.set("to_move", bad)
        pointer, words = f"{at}/to_move", "'to_move' must be an integer"
    elif fault == "shape" and leaf:
        wrong = draw(st.sampled_from([1, 2, 4] if vector else [3, 4]))
        n.set("value", [0] * wrong)
        pointer = f"{at}/value"
        words = "one number per player" if vector or wrong != 2 else "vector"
    elif fault == "shape":
        bad = draw(st.sampled_from([[], Obj([]), 5, "x", None]))
        n.set("children", bad)
        pointer = f"{at}/children"
        words = "at least one child" if bad == [] else "'children' must be an array"
    elif fault == "duplicate":
        key = draw(st.sampled_from([k for k, _ in n.pairs]))
        n.pairs.append((key, n.get(key)))
        pointer, words = f"{at}/{key}", f"the key {key!r} occurs twice"
    elif fault == "unknown":
        key = draw(st.sampled_from(["score", "Value", "children " if leaf else "value ", ""]))
        n.pairs.insert(draw(st.integers(0, len(n.pairs))), (key, 1))
        pointer, words = f"{at}/{key}", f"no key {key!r}"
    elif fault == "missing":
        dropped = draw(st.sampled_from([k for k, _ in n.pairs]))
        n.pairs = [(k, v) for k, v in n.pairs if k != dropped]
        missing = "to_move" if dropped == "to_move" else "children"
        words = f"{missing!r} is missing"
    elif fault == "comment":
        bad = draw(st.sampled_from([5, None, ["a"], Obj([])]))
        n.pairs.append(("comment", bad))
        pointer, words = f"{at}/comment", "'comment' must be a string"
    elif fault == "header":
        key, bad, where, words = draw(st.sampled_from([
            ("format", "gametree-tree/2", "/format", "'format' must be"),
            ("format", None, "/format", "'format' must be"),
            ("players", 1, "/players", "'players' must be an integer >= 2"),
            ("players", "3", "/players", "'players' must be an integer >= 2"),
            ("players", Raw("3.0"), "/players", "'players' must be an integer >= 2"),
            ("players", Raw("1e400"), "/players", "'players' must be an integer >= 2"),
            ("players", True, "/players", "'players' must be an integer >= 2"),
            ("players", -(10**9), "/players", "'players' must be an integer >= 2"),
            ("tree", None, "/tree", "a node is an object"),
            ("tree", [1], "/tree", "a node is an object"),
        ]))  # fmt: skip
        doc.set(key, bad)
        pointer = where
    elif fault == "bounds":
        bad, where, words = draw(st.sampled_from([
            ([0, 9], "/bounds", "'bounds' must be an object"),
            (Obj([("lower", 0)]), "/bounds", "needs the key 'sum'"),
            (Obj([("lower", "x"), ("sum", 9)]), "/bounds/lower", "an integer or a fraction"),
            (Obj([("lower", 0), ("sum", Raw("NaN"))]), "/bounds/sum", "NaN"),
            (Obj([("lower", 0), ("sum", 9), ("sum", 9)]), "/bounds/sum", "occurs twice"),
            (Obj([("lower", 0), ("sum", 9), ("max", 9)]), "/bounds/max", "no key 'max'"),
        ]))  # fmt: skip
        doc.set("bounds", bad)
        pointer = where
    else:  # a leaf's value breaks the declared bounds
        first_leaf = next(a for a, m in nodes if m.pairs[0][0] == "value")
        value = draw(st.sampled_from([[-1, 0, 0], [0, 0, -1], [9, 0, 1], [10, 0, 0], [3, 3, 4]]))
        at, n = next((a, m) for a, m in nodes if a == first_leaf)
        n.set("value", value)
        pointer = f"{at}/value"
        words = "below the lower bound" if min(value) < 0 else "above the bound 9"
    return Faulty(write(doc), pointer, words)


@st.composite
def faulty_shorthands(draw: st.DrawFn) -> Faulty:
    """Nested-array documents with one leaf or node made wrong. Shrinks towards ``[bad]``."""
    t = draw(scalar_trees(max_depth=3, grid=2))

    def arrays(n: Tree) -> object:  # recursive: these trees are 3 levels deep at most
        if isinstance(n, Leaf):
            assert not isinstance(n.value, tuple)
            return number(n.value, draw(st.integers(0, 5)))
        return [arrays(c) for c in n.children]

    doc = arrays(t)
    if not isinstance(doc, list):
        doc = [doc]
    spots: list[tuple[str, list[object], int]] = []  # (pointer, parent, index), reading order
    stack: list[tuple[str, list[object]]] = [("", doc)]
    while stack:
        at, xs = stack.pop()
        for i in range(len(xs) - 1, -1, -1):
            spots.append((f"{at}/{i}", xs, i))
            if isinstance(xs[i], list):
                stack.append((f"{at}/{i}", xs[i]))  # type: ignore[arg-type]
    spots.sort(key=lambda spot: [int(k) for k in spot[0].split("/")[1:]])
    pointer, parent, i = draw(st.sampled_from(spots))
    bad, words = draw(st.sampled_from([
        *BAD_NUMBERS[:-1],
        ([], "at least one child"),
        (Obj([("value", 1)]), "only arrays and numbers"),
        (Obj([("value", 1), ("value", 1)]), "only arrays and numbers"),
    ]))  # fmt: skip
    parent[i] = bad
    if isinstance(bad, Obj) and bad.pairs == []:
        words = "only arrays and numbers"
    return Faulty(write(doc), pointer, words)


def check_refusal(f: Faulty) -> None:
    """The reader refuses ``f`` naming its pointer and the fault."""
    with pytest.raises(TreeFileError) as info:
        read_tree_text(f.text)
    assert info.value.pointer == f.pointer, (str(info.value), f)
    assert f.words in info.value.problem, (str(info.value), f)


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(faulty_documents())
def test_the_reader_names_the_fault_in_any_document_with_one(f: Faulty) -> None:
    check_refusal(f)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(faulty_shorthands())
def test_the_reader_names_the_fault_in_any_shorthand_with_one(f: Faulty) -> None:
    check_refusal(f)


# capsys and monkeypatch are read and set afresh for each example.
CLI_CHECKS = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]


# Each fault through the command line: exit 3 and the same pointer, in one line.
COMMANDS_READING = {
    "solve": ["solve", "-"],
    "compare": ["compare", "-", "--json"],
    "draw": ["draw", "-", "-o", "never-written.svg"],
    "explore": ["explore", "-", "-o", "never-written.html"],
    "prove optimality": ["prove", "optimality", "-"],
}


@settings(max_examples=60, suppress_health_check=CLI_CHECKS)
@given(
    f=st.one_of(faulty_documents(), faulty_shorthands()),
    command=st.sampled_from(sorted(COMMANDS_READING)),
)
def test_every_fault_through_every_command_that_reads_is_one_line_naming_the_pointer(
    f: Faulty, command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = COMMANDS_READING[command]
    code, out, err = run(argv, capsys, monkeypatch, stdin=f.text.encode())
    assert_refused(code, err)
    assert err.removesuffix("\n").endswith(f"at {f.pointer}"), (err[:300], f.pointer)
    assert out == ""


@settings(max_examples=60, suppress_health_check=CLI_CHECKS)
@given(key=st.text(st.characters(exclude_categories=()), min_size=1, max_size=8))
def test_an_unknown_key_of_any_text_is_still_one_line(
    key: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pinned: a key holding a newline split the error in two (the pointer quotes keys as they
    are), and ESC in it drove the terminal; control characters and surrogates are escaped."""
    if key in {"format", "players", "bounds", "tree", "comment", "$schema"}:
        return
    text = json.dumps({"format": FORMAT, "players": 2, key: 1, "tree": {"value": 1}})
    code, _, err = run(["solve", "-"], capsys, monkeypatch, stdin=text.encode())
    assert_refused(code, err)
    assert "has no key" in err
    assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]", err)


# --- valid documents written in every allowed way give the spec's answer ------------------


@attrs.frozen
class Valid:
    """A valid document's text and the tree it holds."""

    text: str
    tree: Tree
    players: int


@st.composite
def valid_documents(draw: st.DrawFn) -> Valid:
    """Valid documents, written with every liberty the format allows.

    Numbers as integers, "n", "2n/2" or unreduced fractions; comments on any node; the keys in
    any order; a byte-order mark; any whitespace. Shrinks towards a single leaf, plainly written.
    """
    vector = draw(st.booleans())
    bounds = Bounds(0, 9) if vector else None
    t = draw(
        vector_trees(players=3, bounds=bounds, grid=2)
        if vector
        else scalar_trees(max_depth=3, grid=4)
    )
    players = 3 if vector else 2
    doc = model(t, players, bounds, style=draw(st.integers(0, 5)))
    for _, n in places(doc):
        if draw(st.booleans()):
            n.pairs.append(("comment", draw(st.text("ab é☃", max_size=5))))
        n.pairs = draw(st.permutations(n.pairs))
    doc.pairs = draw(st.permutations(doc.pairs))
    text = write(doc)
    if draw(st.booleans()):  # (no string here holds any of these characters)
        text = re.sub(r"([,:\[{])", lambda m: m.group(1) + draw(st.sampled_from(["", " ", "\n\t"])),
                      text)  # fmt: skip
    if draw(st.booleans()):
        text = "\ufeff" + text
    return Valid(text, t, players)


@settings(max_examples=150)
@given(valid_documents())
def test_valid_documents_written_any_allowed_way_read_as_the_tree_they_hold(v: Valid) -> None:
    doc = read_tree_text(v.text.encode("utf-8"))
    assert doc.tree == v.tree
    assert doc.players == v.players


@settings(max_examples=25, suppress_health_check=CLI_CHECKS)
@given(v=valid_documents())
def test_solve_answers_valid_documents_as_the_spec_does(
    v: Valid, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["solve", "-", "--json"], capsys, monkeypatch, stdin=v.text.encode())
    assert code == 0, err
    answer = json.loads(out)
    want = maxn(v.tree) if v.tree.vector else minimax(v.tree)
    got = answer["value"]
    value = tuple(Fraction(c) for c in got) if isinstance(got, list) else Fraction(got)
    assert value == want.value
    assert answer["principal_variation"] == list(want.principal_variation)
    # and every algorithm that claims the spec's value agrees with it (compare's exit code 0)
    code, out, err = run(["compare", "-", "--json"], capsys, monkeypatch, stdin=v.text.encode())
    assert code == 0, out + err
    assert all(json.loads(row).get("agrees", True) for row in out.splitlines())


# --- raw bytes ----------------------------------------------------------------------------

SMALL = '{"format": "gametree-tree/1", "players": 2, "tree": {"to_move": 0, "children": [{"value": 3}, {"value": "-1/2", "comment": "caf\\u00e9"}]}}'  # noqa: E501


@given(st.data())
@settings(max_examples=100)
def test_bytes_that_are_not_utf8_name_the_byte(data: st.DataObject) -> None:
    raw = SMALL.encode()
    i = data.draw(st.integers(0, len(raw)), label="at")
    bad = data.draw(st.sampled_from([b"\xff", b"\xfe", b"\xc3(", b"\xed\xa0\x80", b"\xf8\x88"]))
    with pytest.raises(TreeFileError, match=rf"byte {i} is not"):
        read_tree_text(raw[:i] + bad + raw[i:])


@given(st.data())
@settings(max_examples=100)
def test_nul_bytes_and_truncated_text_are_syntax_errors_with_a_line_and_column(
    data: st.DataObject,
) -> None:
    raw = SMALL.encode()
    i = data.draw(st.integers(0, len(raw) - 1), label="at")
    mutant = data.draw(st.sampled_from([raw[:i], raw[:i] + b"\x00" + raw[i:]]), label="text")
    with pytest.raises(TreeFileError) as info:
        read_tree_text(mutant)
    assert info.value.line is not None, str(info.value)
    assert "not JSON" in info.value.problem


def test_byte_order_marks() -> None:
    assert read_tree_text(b"\xef\xbb\xbf" + SMALL.encode()).tree == Node(0, [Leaf(3),
                          Leaf(Fraction(-1, 2))])  # fmt: skip
    for bom in [b"\xff\xfe", b"\xfe\xff"]:  # UTF-16 is not UTF-8
        with pytest.raises(TreeFileError, match="byte 0 is not"):
            read_tree_text(bom + SMALL.encode("utf-16-le"))


# --- adversarial sizes: deep, wide, huge numbers, huge claims -----------------------------

DEEP = 100_000


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "words", "pointer"),
    [
        ("[" * DEEP, "not JSON", "/0" * DEEP),
        ("[" * DEEP + "]" * DEEP, "at least one child", "/0" * (DEEP - 1)),
        ("[" * (DEEP + 2) + "1" + "]" * (DEEP + 2), "deeper than 100000", "/0" * DEEP),
        ('{"format": "gametree-tree/1", "players": 2, "tree": {"value": '
         + "[" * DEEP + "]" * DEEP + "}}", "vector", "/tree/value"),
        ('{"format": "gametree-tree/1", "players": 2, "comment": '
         + "[" * DEEP + "]" * DEEP + ', "tree": {"value": 1}}', "'comment' must be", "/comment"),
        ('{"format": "gametree-tree/1", "players": ' + "[" * DEEP + "]" * DEEP
         + ', "tree": {"value": 1}}',
         "'players' must be", "/players"),
        ('{"format": "gametree-tree/1", "players": 2, "tree": {"value": '
         + '{"a": ' * DEEP + "1" + "}" * DEEP + "}}", "got an object", "/tree/value"),
        ('{"format": "gametree-tree/1", "players": 1000000000, "tree": {"value": 1}}',
         "with 1000000000 players a value is an array", "/tree/value"),
        ('{"format": "gametree-tree/1", "players": 1000000000, "tree": {"value": [1, 2]}}',
         "one number per player, 1000000000", "/tree/value"),
        ('{"format": "gametree-tree/1", "players": ' + "9" * 5000 + ', "tree": {"value": 1}}',
         "longer than 1000", "/players"),
    ],
)  # fmt: skip
def test_deep_and_huge_documents_are_refused_at_the_place_without_recursing(
    text: str, words: str, pointer: str
) -> None:
    with pytest.raises(TreeFileError) as info:
        read_tree_text(text)
    assert words in str(info.value)
    assert info.value.pointer == pointer


def peak_of(read: Callable[[], object]) -> int:
    """The peak bytes Python allocated while running ``read`` (tracemalloc)."""
    tracemalloc.start()
    try:
        read()
    except TreeFileError:
        pass
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return peak


def test_ten_million_node_claims_hit_the_node_limit_with_bounded_memory() -> None:
    """A document that claims far more nodes than the limit costs little more than its text.

    Empty containers cost about 60 bytes each once parsed, 20 times their 3 bytes of text:
    the reader counts them first (pinned: 64 MiB of ``[[],[],...`` peaked at 1.7 GB).
    """
    limits = Limits(max_nodes=10_000)
    for text in [
        "[" + ",".join(["[]"] * 1_000_000) + "]",
        '{"format": "gametree-tree/1", "players": 2, "tree": {"to_move": 0, "children": ['
        + ",".join(["{}"] * 1_000_000)
        + "]}}",
        "[" + ",".join(["[1]"] * 1_000_000) + "]",
    ]:
        with pytest.raises(TreeFileError, match="more than 10000 nodes"):
            read_tree_text(text, limits)
        assert peak_of(functools.partial(read_tree_text, text, limits)) < 4 * len(text)
    # A claim of 10^7 nodes under the default limits: refused before it is parsed.
    claim = "[" + ",".join(["[]"] * 10_000_000) + "]"
    with pytest.raises(TreeFileError, match="more than 1000000 nodes"):
        read_tree_text(claim)
    assert peak_of(functools.partial(read_tree_text, claim)) < 2 * len(claim)
    # A flat array of 10^6 numbers: 10^6 nodes parsed, then the limit; still a few bytes each.
    wide = "[" + ",".join(["0"] * 1_000_000) + "]"
    with pytest.raises(TreeFileError, match="more than 10000 nodes") as info:
        read_tree_text(wide, limits)
    assert info.value.pointer == "/9999"
    assert peak_of(lambda: read_tree_text(wide, limits)) < 16 * len(wide)
    # Brackets inside strings (comments) are not containers: this document is valid.
    text = json.dumps({"format": FORMAT, "players": 2, "comment": "[{" * 50_000,
                       "tree": {"value": 1}})  # fmt: skip
    assert read_tree_text(text, Limits(max_nodes=10)).tree == Leaf(1)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_a_hostile_file_through_the_command_stays_within_memory(tmp_path: Path) -> None:
    """In a process of its own: 16 MiB of empty arrays, refused with a small peak (RSS)."""
    path = tmp_path / "lists.json"
    path.write_text("[" + ",".join(["[]"] * (16 * 1024 * 1024 // 3)) + "]")
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss across exec, so it is pytest's own peak.
    script = (
        "import re, sys\nfrom gametree import cli\n"
        f"code = cli.main(['solve', {str(path)!r}])\n"
        "status = open('/proc/self/status').read()\n"
        "peak = int(re.search(r'VmHWM:\\s*(\\d+) kB', status).group(1))\n"
        "print(code, peak, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)  # fmt: skip
    *lines, last = done.stderr.strip().splitlines()
    code, peak_kib = map(int, last.split())
    assert_refused(code, "\n".join(lines))
    assert "more than 1000000 nodes" in lines[0]
    assert peak_kib < 150 * 1024  # about 55 MB; parsed, it would be about 450 MB


# --- every command that reads a file, and the options of every command --------------------


def test_draw_refuses_faults_and_an_output_it_cannot_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib")
    out = str(tmp_path / "t.svg")
    for text, pointer in [("[[1, true]]", "/0/1"), ("[[1, 2]", "line 1, column 8"),
                          ("[" * DEEP, "line 1, column")]:  # fmt: skip
        code, _, err = run(["draw", "-", "-o", out], capsys, monkeypatch, stdin=text.encode())
        assert pointer in assert_refused(code, err)
    (tmp_path / "t.json").write_text("[[1, 2], [3]]")
    # pinned: an output in a directory that does not exist was a FileNotFoundError traceback
    code, _, err = run(["draw", str(tmp_path / "t.json"), "-o", str(tmp_path / "no/x.svg")],
                       capsys)  # fmt: skip
    assert "cannot write" in assert_refused(code, err, 2)
    code, _, err = run(["draw", str(tmp_path), "-o", out], capsys)  # a directory, not a file
    assert "cannot read" in assert_refused(code, err)


@pytest.mark.parametrize(
    "argv", [*COMMANDS_READING.values(), ["play", "tictactoe", "--players", "human,engine"]]
)
def test_a_closed_standard_input_is_an_error_not_a_traceback(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pinned: started with standard input closed (``<&-``), sys.stdin is None, and each
    command that reads it was an AttributeError traceback."""
    monkeypatch.setattr(sys, "stdin", None)
    code, _, err = run(argv, capsys)
    if argv[0] == "play":
        assert code == 1
        assert "the input ended before the game did" in err
    else:
        assert "standard input is closed" in assert_refused(code, err)


def test_draw_takes_a_document_with_a_byte_order_mark_as_solve_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Pinned: draw re-read the names of the nodes without allowing the BOM the reader allows,
    and refused a valid document ('expected a value (got '\\ufeff{...')')."""
    pytest.importorskip("matplotlib")
    from gametree.draw.names import node_names

    doc = tmp_path / "bom.json"
    doc.write_bytes(b"\xef\xbb\xbf" + SMALL.replace('"to_move": 0', '"to_move": 0, "comment": "r"')
                    .encode())  # fmt: skip
    assert node_names(doc.read_bytes()) == {(): "r", (1,): "caf\u00e9"}
    for argv in [["solve", str(doc)], ["draw", str(doc), "-o", str(tmp_path / "t.svg")]]:
        code, _, err = run(argv, capsys)
        assert code == 0, err
    assert (tmp_path / "t.svg").stat().st_size > 0


def test_prove_optimality_refuses_faults(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, text, words in [
        ("bad.json", "[[1, NaN]]", "at /0/1"),
        ("utf.json", "\udcff", ""),
        ("deep.json", "[" * DEEP, "more than 10000 nodes"),
        ("cut.json", '{"format": "gametree-tree/1", "players": 3, "tree": {', "line 1, column"),
        ("scalar.json", "[[1, 2], [3]]", "needs Korf's bounds"),
        ("big.json", "[" + ",".join(["[1]"] * 20_000) + "]", "more than 10000 nodes"),
    ]:
        path = tmp_path / name
        path.write_bytes(b"\xff[" if name == "utf.json" else text.encode())
        code, _, err = run(["prove", "optimality", str(path)], capsys)
        assert "Traceback" not in err
        assert code == 3, err
        assert words in err, err
        assert len(err.strip().splitlines()) == 1


# A chain of states with two moves each: its cut tree at depth 40 has 2^41 nodes.
CHAIN = json.dumps({"format": "gametree-game/1", "states": [
    *({"to_move": i % 2, "evaluation": 0, "moves": [["a", i + 1], ["b", i + 1]]}
      for i in range(40)),
    {"to_move": 0, "utility": 1}]})  # fmt: skip

VECTOR_CORRUPTIONS: list[tuple[bytes, str]] = [
    # pinned: it hung, building the cut tree (and 1 GB a minute)
    (b'{"semantics": "game-negamax", "testGroups": [{"tests": [{"input": {"game": '
     + CHAIN.encode() + b', "depth": 40}}]}]}',
     "has more than 262144 nodes at /testGroups/0/tests/0/input/depth"),
    # pinned: each was a traceback (ValueError, TreeError, AssertionError) out of the spec
    (b'{"semantics": "alphabeta-fail-hard", "testGroups": [{"tests": [{"input": {"tree": [[1]], "alpha": 5, "beta": 1}}]}]}',  # noqa: E501
     "alpha < beta (got 5, 1) at /testGroups/0/tests/0/input/beta"),
    (b'{"semantics": "paranoid", "testGroups": [{"tests": [{"input": {"tree": [[1]], "player": 1000000000}}]}]}',  # noqa: E501
     "'player' must be in 0..1"),
    (b'{"semantics": "immediate", "testGroups": [{"tests": [{"input": {"tree": {"format": "gametree-tree/1", "players": 3, "tree": {"value": [1, 2, 3]}}}}]}]}',  # noqa: E501
     "needs Korf's bounds: the tree has no 'bounds' at /testGroups/0/tests/0/input/tree"),
    (b'{"semantics": "maxn", "testGroups": [{"tests": [{"input": {"tree": [[1]]}}]}]}',
     "maxn takes N-player trees"),
    (b"[]", "at /"),  # pinned: AssertionError traceback
    (b'{"semantics": "minimax", "testGroups": [{"tests": [{"input": [1]}]}]}',
     "at /testGroups/0/tests/0/input"),  # pinned: AttributeError traceback
    (b"\xff\xfe{}", "byte 0 is not"),  # pinned: UnicodeDecodeError traceback
    (b'{"semantics": "nosuch", "testGroups": [{"tests": [{"input": {}}]}]}',
     "at /semantics"),
    (b'{"semantics": "minimax", "testGroups": [{"tests": [{"input": {"tree": [[1, NaN]]}}]}]}',
     "at /testGroups/0/tests/0/input/tree/0/1"),
    (b'{"semantics": "minimax", "testGroups": 5}', "at /testGroups"),
    (b'{"semantics": "minimax", "testGroups": [' + b"[" * DEEP, "line 1, column"),
    (b'{"semantics": "minimax", "testGroups": [{"tests": [{"input": {"tree": [[1]], "alpha": 1e400}}]}]}',  # noqa: E501
     "at /testGroups/0/tests/0/input/alpha"),
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("corrupt", "words"), VECTOR_CORRUPTIONS)
def test_vectors_verify_refuses_a_corrupted_file_naming_the_place(
    corrupt: bytes, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for f in (ROOT / "gametree" / "vectors").glob("*.json"):
        (tmp_path / f.name).write_bytes(f.read_bytes())
    (tmp_path / "minimax.json").write_bytes(corrupt)
    code, _, err = run(["vectors", "verify", str(tmp_path)], capsys)
    line = assert_refused(code, err)
    assert "minimax.json: not a vector file" in line
    assert words in line, line[:300]


ODD_MEMBERS = st.sampled_from(
    [None, True, 0, 1, 2, -1, 10**9, 10**30, 1.5, "1/2", "x", "1/0", [], {}, [[1]], {"a": 1}]
)


@st.composite
def requests(draw: st.DrawFn) -> dict[str, object]:
    """A vector's input: any semantics, a valid or odd tree or game, and odd members besides.

    Shrinks towards a minimax request about a single leaf.
    """
    req: dict[str, object] = {}
    kind = draw(st.sampled_from(["scalar", "vector", "bounds", "game", "odd"]))
    if kind == "scalar":
        req["tree"] = json.loads(dumps(draw(scalar_trees(max_depth=3, grid=2))))
    elif kind in {"vector", "bounds"}:
        bounds = Bounds(0, 9) if kind == "bounds" else None
        req["tree"] = json.loads(dumps(draw(vector_trees(players=3, bounds=bounds)), bounds))
    elif kind == "game":
        req["game"] = game_json(draw(game_graphs()))
    else:
        req["tree"] = draw(ODD_MEMBERS)
    keys = ["alpha", "beta", "player", "depth", "quiescence", "max_depth", "max_nodes", "game"]
    for key in draw(st.sets(st.sampled_from([*keys, "tree"]))):
        req[key] = draw(ODD_MEMBERS | st.integers(-3, 1001))
    return req


@pytest.mark.slow
@settings(max_examples=200)
@given(semantics=st.sampled_from(sorted(SEMANTICS)), request=requests())
@example(semantics="brs-plus", request={"tree": {"format": "gametree-tree/1", "players": 3,
                                                 "tree": {"value": [0, 0, 0]}}})  # fmt: skip
def test_any_request_is_a_case_or_a_refusal_naming_its_member(
    semantics: str, request: dict[str, object]
) -> None:
    """What ``vectors verify`` does with a vector's input: a case and its answers, or a
    ``TreeFileError`` with a pointer; nothing else escapes, and nothing takes long."""
    try:
        expected(case_from_request(semantics, request))
    except TreeFileError as e:
        refusal = e
    else:
        return
    assert refusal.pointer.startswith("/"), str(refusal)


BAD_OPTIONS: list[tuple[list[str], str]] = [
    # conform: pinned, each was a traceback
    (["conform", "--target", "'unclosed", "--semantics", "minimax"], "not a command line"),
    (["conform", "--target", "x:y", "--semantics", "minimax", "--timeout", "nan"], "--timeout"),
    (["conform", "--target", "x:y", "--semantics", "minimax", "--timeout", "inf"], "--timeout"),
    (["conform", "--target", "x:y", "--semantics", "minimax", "--startup", "-inf"], "--startup"),
    (["conform", "--target", "x:y", "--semantics", "minimax", "--memory", "9" * 30], "--memory"),
    (["conform", "--target", "x:y", "--semantics", "minimax", "--budget", "-1"], "--budget"),
    (["conform", "--target", "x:y", "--semantics", "nosuch"], "--semantics"),
    (["conform", "--target", "x:y", "--semantics", "minimax", "--timeout", "x"], "--timeout"),
    (["conform", "--target", "x:y", "--semantics", "minimax", "--seed", "9" * 5000], "--seed"),
    (["conform", "--target", "x:y", "--semantics", "minimax", "--skip-flag", "No"], "--skip-flag"),
    # play: pinned, boards of 10^9 exhausted the memory and --size 27 was an IndexError
    (["play", "connect4", "--rows", "1000000000"], "--rows"),
    (["play", "connect4", "--columns", "1000000000"], "--columns"),
    (["play", "connect4", "--connect", "1000000000"], "--connect"),
    (["play", "kalah", "--pits", "1000000000"], "--pits"),
    (["play", "othello", "--size", "1000000000"], "--size"),
    (["play", "othello", "--size", "27"], "--size"),
    (["play", "othello", "--size", "2"], "'size' must be"),
    (["play", "othello", "--players", ",".join(["human"] * 10_000)], "size >= players + 2"),
    (["play", "chinese-checkers", "--players", "human,human,human,human"], "'players' must be"),
    (["play", "tictactoe", "--players", "human,nosuch"], "no engine 'nosuch'"),
    (["play", "tictactoe", "--players", ","], "no engine ''"),
    (["play", "tictactoe", "--depth", "0"], "--depth"),
    (["play", "tictactoe", "--time", "nan"], "--time"),
    (["play", "tictactoe", "--time", "inf"], "--time"),
    (["play", "nosuch"], "invalid choice"),
    # experiment: pinned, --jobs 10^9 started that many processes; --out a file was a traceback
    (["experiment", "nosuch"], "invalid choice"),
    (["experiment", "best-case", "--jobs", "1000000000"], "--jobs"),
    (["experiment", "best-case", "--jobs", "-1"], "--jobs"),
    (["experiment", "best-case", "--output", "{file}"], "--output"),
    (["experiment", "best-case", "--quick", "--full"], "--full"),
    # solve, compare: options and algorithms
    (["solve", "{tree}", "-a", "alphabeta-fail-hard", "--window", "1e400", "inf"], "--window"),
    (["solve", "{tree}", "-a", "alphabeta-fail-hard", "--window", "1/0", "inf"], "--window"),
    (["solve", "{tree}", "-a", "alphabeta-fail-hard", "--window", "9" * 5000, "inf"], "--window"),
    (["solve", "{tree}", "-a", "alphabeta-fail-hard", "--window", "2", "1"], "alpha < beta"),
    (["solve", "{tree}", "-a", "nosuch"], "no algorithm"),
    (["solve", "{tree}", "--max-nodes", "-5"], "--max-nodes"),
    (["solve", "{tree}", "--max-bytes", "x"], "--max-bytes"),
    (["compare", "{tree}", "--max-depth", "0"], "--max-depth"),
    (["draw", "{tree}", "-o", "x.pdf"], "must end in .svg or .png"),
    # vectors: pinned, generating into a file was a FileExistsError traceback
    (["vectors", "generate", "{file}"], "cannot write into"),
    (["vectors", "nosuch"], "invalid choice"),
]


@pytest.mark.parametrize(("argv", "words"), BAD_OPTIONS)
def test_bad_options_are_usage_errors_naming_the_option(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    (tmp_path / "t.json").write_text("[[1, 2], [3]]")
    (tmp_path / "file").write_text("")
    monkeypatch.chdir(tmp_path)
    argv = [a.format(tree=tmp_path / "t.json", file=tmp_path / "file") for a in argv]
    code, _, err = run(argv, capsys, monkeypatch, stdin=b"quit\n")
    line = assert_refused(code, err, 2)
    assert words in line, line[:300]
    assert not any(tmp_path.glob("*.csv"))  # nothing ran


NUMBERS_AS_TEXT = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["0", "1", "2", "3", "26", "27", "100", "101", "nan", "inf", "-inf", "1e400",
                     "1.5", "", " ", "x", "9" * 5000, "0x10", "\x00"]),
)  # fmt: skip
PLAY_OPTIONS = ["--rows", "--columns", "--connect", "--pits", "--seeds", "--size", "--max-plies"]


@settings(max_examples=80, suppress_health_check=CLI_CHECKS)
@given(
    game=st.sampled_from(["connect4", "kalah", "othello", "chinese-checkers", "tictactoe"]),
    options=st.dictionaries(st.sampled_from(PLAY_OPTIONS), NUMBERS_AS_TEXT, max_size=3),
    seats=st.integers(1, 7),
)
def test_play_with_any_board_options_starts_or_is_a_usage_error(
    game: str, options: dict[str, str], seats: int, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    argv = ["play", game, "--players", ",".join(["human"] * seats)]
    for flag, value in options.items():
        argv += [f"{flag}={value}"]
    code, out, err = run(argv, capsys, monkeypatch, stdin=b"?\nquit\n")
    if code == 0:
        assert out.rstrip().endswith("game abandoned"), out[-500:]
    else:
        assert_refused(code, err, 2)


SEARCH_VALUES = st.sampled_from(["0", "1", "-1", "1/2", "-7/3", "0.25", "3", "100", "-100", "2"])
SEARCH_OPTIONS = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["--first-guess", "--gamma", "--player", "--function"]),
                  SEARCH_VALUES),
        st.tuples(st.just("--window"), SEARCH_VALUES | st.just("inf"),
                  SEARCH_VALUES | st.just("-inf")),
    ).map(list),
    max_size=3,
)  # fmt: skip


@settings(max_examples=100, suppress_health_check=CLI_CHECKS)
@given(
    t=scalar_trees(max_depth=3, grid=2, by_depth=False),
    name=st.sampled_from([a.name for a in ALGORITHMS.values() if a.kind == "scalar"]),
    options=st.tuples(SEARCH_OPTIONS, st.booleans()),
)
def test_solve_with_any_algorithm_and_options_answers_or_is_a_usage_error(
    t: Tree, name: str, options: tuple[list[list[str]], bool],
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """Pinned: impl.mt without --gamma was exit 3, bad input, 'at path []'; it is bad usage."""
    given, strict = options
    argv = ["solve", "-", "-a", name, "--json", "--trace", *(["--strict"] if strict else [])]
    argv += [word for option in given for word in option]
    values = [x.value for _, x in iter_leaves(t)]
    box = Interval(min(values) - 1, max(values) + 1)  # type: ignore[operator]
    doc = dumps(t, box if ALGORITHMS[name].needs_interval else None)
    code, out, err = run(argv, capsys, monkeypatch, stdin=doc.encode())
    if code == 0:
        answer = json.loads(out)
        assert answer["nodes_visited"] >= len(answer["trace"]) >= 1
        if name == "minimax":
            assert Fraction(answer["value"]) == minimax(t).value
    else:
        assert_refused(code, err, 2)


CONFORM_NUMBERS = ["--budget", "--timeout", "--startup", "--memory", "--seed"]


@settings(max_examples=150)
@given(options=st.dictionaries(st.sampled_from(CONFORM_NUMBERS), NUMBERS_AS_TEXT, max_size=4))
def test_conform_numeric_options_are_accepted_in_range_or_refused_naming_the_option(
    options: dict[str, str],
) -> None:
    """What conform checks before it starts a target (it starts none here)."""
    argv = ["conform", "--target", "x:y", "--semantics", "minimax"]
    for flag, value in options.items():
        argv += [f"{flag}={value}"]
    try:
        args = cli.parser().parse_args(argv)
    except SystemExit as e:  # argparse's: not a number at all
        exit_code = e.code
    else:
        exit_code = None
    if exit_code is not None:
        assert exit_code == 2
        return
    problem = conform_command.option_problem(args)
    if problem is None:
        assert 0 < args.timeout <= conform_command.MAX_SECONDS
        assert 0 <= args.startup <= conform_command.MAX_SECONDS
        assert 0 <= args.memory <= conform_command.MAX_MEMORY_MB
        assert args.budget >= 0
    else:
        assert problem.split()[0] in options, problem


def test_play_with_the_largest_boards_allowed_stays_small(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for argv in [["connect4", "--rows", "100", "--columns", "100", "--connect", "100"],
                 ["kalah", "--pits", "100", "--seeds", "1000000000000000000"],
                 ["othello", "--size", "26"]]:  # fmt: skip
        code, out, err = run(["play", *argv, "--players", "human,human"], capsys, monkeypatch,
                             stdin=b"?\nnonsense\n" + b"9" * 10_000 + b"\nquit\n")  # fmt: skip
        assert code == 0, err
        assert "not a move" in out
        assert out.rstrip().endswith("game abandoned")


def test_play_reads_bytes_that_are_not_text_as_a_wrong_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pinned: with strict UTF-8 on standard input (a UTF-8 locale), b"\\xff" was a traceback."""
    code, out, err = run(["play", "tictactoe", "--players", "human,human"], capsys, monkeypatch,
                         stdin=b"\xff\xfe\n\x00\n5\nquit\n")  # fmt: skip
    assert code == 0, err
    assert out.count("not a move") == 2
    assert "O (player 1), your move" in out


@pytest.mark.slow
def test_compare_on_a_chain_far_deeper_than_python_recursion(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every algorithm of compare on a chain 20,000 deep: no recursion anywhere."""
    depth = 20_000
    text = "[" * depth + '"-7/3"' + "]" * depth
    code, out, err = run(["compare", "-", "--json"], capsys, monkeypatch, stdin=text.encode())
    assert code == 0, err[-2000:]
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) > 5
    assert all(r["value"] == "-7/3" and r["agrees"] for r in rows if r["exact"])
