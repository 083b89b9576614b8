"""The JSON tree format: reading it safely, writing it exactly.

Glossary: a *document* is the parsed JSON, a *pointer* an RFC 6901 JSON pointer into it
(``/tree/children/1/value``), N the number of players, t a ``spec`` tree.

**The canonical form** (``schema/gametree-tree-1.schema.json``, described in
``docs/tree-format.md``) is an object::

    {"format": "gametree-tree/1", "players": 2,
     "tree": {"to_move": 0, "children": [{"value": 3}, {"value": "-1/2"}]}}

with an optional ``"bounds"``: ``{"lower": L, "sum": S}`` (Korf's bounds, for N-player
vectors) or ``{"lower": L, "upper": U}`` (bounds on every leaf value, for two-player scalars:
Ballard's, which Star1 and Star2 rely on), and an optional ``"comment"`` string on the document
and on any node. A node is ``{"to_move": p, "children": [...]}`` with ``0 <= p < N`` and at
least one child; a chance node is ``{"probabilities": [p_1, ...], "children": [...]}``, one
probability per child, each above 0, summing to exactly 1 (Ballard 1983's ``*`` node: chance
picks the child); a leaf is ``{"value": v}``, where v is a number for two players (from player
0's point of view) and an array of N numbers otherwise (two players may use pairs too, as Korf
2.1 does). A number is a JSON integer, a string holding an exact fraction such as ``"3/7"`` or
``"-2"``, or a JSON number with a fraction or an exponent, which is read as an IEEE double and
converted exactly (``0.5`` is 1/2; ``0.1`` is the double nearest 1/10: write ``"1/10"`` for one
tenth). NaN, ``Infinity`` and numbers that overflow a double are rejected.

**The shorthand** for two-player scalar trees is nested arrays, players moving in turn by
depth from player 0 at the root: ``[[3, 12, 8], [2, 4, 6]]``. An array is always a node.

**The reader is the trust boundary.** Everything malformed is a :class:`TreeFileError` that
says what is wrong, what was given and where, as a JSON pointer (and a line and column for
text that is not JSON); nothing else escapes it. It enforces :class:`Limits` (bytes, nodes,
tree depth, with defaults that read a 10^6-node file), and nothing in it recurses: a chain
100,000 deep is read (by the iterative parser of :mod:`gametree._json`, since Python's own
stops near 1,000 levels of nesting).

>>> doc = read_tree_text('{"format": "gametree-tree/1", "players": 2, '
...                      '"tree": {"to_move": 0, "children": [{"value": 3}, {"value": "1/2"}]}}')
>>> doc.tree, doc.players
(Node(0, (Leaf(3), Leaf(Fraction(1, 2)))), 2)
>>> read_tree_text('[[3, 12], [2, 4]]').tree
Node(0, (Node(1, (Leaf(3), Leaf(12))), Node(1, (Leaf(2), Leaf(4)))))
>>> read_tree_text('{"format": "gametree-tree/1", "players": 2, "tree": {"value": NaN}}')
Traceback (most recent call last):
...
gametree.treefile.TreeFileError: NaN is not a JSON number at /tree/value
>>> print(dumps(read_tree_text('["1/2"]').tree))
{"format": "gametree-tree/1", "players": 2, "tree": {"to_move": 0, "children": [{"value": "1/2"}]}}
>>> read_tree_text('{"format": "gametree-tree/1", "players": 2, "tree": {"probabilities": '
...                '["1/3", "1/3"], "children": [{"value": 3}, {"value": 1}]}}')
Traceback (most recent call last):
...
gametree.treefile.TreeFileError: the probabilities must sum to 1 (got 2/3) at /tree/probabilities
"""

import math
import re
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from pathlib import Path

import attrs

from gametree._json import (
    MAX_NUMBER_LENGTH,
    DuplicateKeys,
    Invalid,
    JSONSyntaxError,
    loads,
    pointer,
    uncollected,
)
from gametree.spec import (
    CHANCE,
    Bounds,
    Interval,
    Leaf,
    Node,
    Scalar,
    Tree,
    TreeError,
    Value,
    check_bounds,
    check_interval,
    exact_scalar,
)
from gametree.spec.values import json_value

__all__ = [
    "FORMAT",
    "Limits",
    "TreeDocument",
    "TreeFileError",
    "dumps",
    "json_value",
    "parse_number",
    "parse_value",
    "read_tree_file",
    "read_tree_json",
    "read_tree_text",
    "tree_json",
]

FORMAT = "gametree-tree/1"
"""The format string of this version of the canonical form."""

_DOCUMENT_KEYS = {"format", "players", "bounds", "tree", "comment", "$schema"}
_NODE_KEYS = {"to_move", "children", "comment"}
_CHANCE_KEYS = {"probabilities", "children", "comment"}
_LEAF_KEYS = {"value", "comment"}
_FRACTION = re.compile(r"-?[0-9]+(?:/[0-9]+)?")


@attrs.frozen
class Limits:
    """How much the reader accepts: bytes of text, nodes, and tree depth (edges, root to leaf).

    The defaults read a 10^6-node document (about 20 MB written compactly; it takes about
    ten seconds and 400 MB, most of it in building ``spec`` nodes) and a chain 100,000 deep.
    """

    max_bytes: int = 64 * 1024 * 1024
    max_nodes: int = 1_000_000
    max_depth: int = 100_000


class TreeFileError(ValueError):
    """A tree document that cannot be read, why, and where (a JSON pointer).

    ``line`` and ``column`` are set when the text is not JSON at all.
    """

    def __init__(
        self, problem: str, pointer: str = "", line: int | None = None, column: int | None = None
    ) -> None:
        self.problem, self.pointer, self.line, self.column = problem, pointer, line, column
        super().__init__(str(self))

    def __str__(self) -> str:
        at = f"at {self.pointer or '/'}" if self.line is None else ""
        if self.line is not None:
            at = f"at line {self.line}, column {self.column} (in {self.pointer or '/'})"
        return f"{self.problem} {at}"


@attrs.frozen
class TreeDocument:
    """A tree read from a document, with the number of players and the bounds it declares.

    ``bounds`` are Korf's (N-player vectors); ``interval`` the bounds [L, U] on every leaf
    value of a two-player tree (Ballard's, for Star1 and Star2). A document declares one of
    them at most, as its ``"bounds"``.
    """

    tree: Tree
    players: int
    bounds: Bounds | None = None
    interval: Interval | None = None

    @property
    def declared(self) -> Bounds | Interval | None:
        """Whichever bounds the document declares."""
        return self.bounds if self.bounds is not None else self.interval


def read_tree_file(path: str | Path, limits: Limits = Limits()) -> TreeDocument:
    """Read a tree document from a file (``-`` for standard input is the caller's to handle)."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = f.read(limits.max_bytes + 1)
    except OSError as e:
        raise TreeFileError(f"cannot read {str(p)!r}: {e.strerror or e}") from None
    return read_tree_text(data, limits)


def read_tree_text(text: str | bytes, limits: Limits = Limits()) -> TreeDocument:
    """Read a tree document from JSON text (bytes are decoded as UTF-8, a BOM allowed)."""
    if len(text) > limits.max_bytes:
        raise TreeFileError(
            f"the document is larger than {limits.max_bytes} bytes (the limit; raise it with "
            f"--max-bytes)"
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise TreeFileError(f"the document is not UTF-8 (byte {e.start} is not)") from None
    elif text.startswith("\ufeff"):
        text = text[1:]
    _check_containers(text, limits)
    try:
        value = loads(text)
    except JSONSyntaxError as e:
        raise TreeFileError(
            f"not JSON: {e.problem}", e.pointer, line=e.line, column=e.column
        ) from None
    return read_tree_json(value, limits)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _check_containers(text: str, limits: Limits) -> None:
    """Refuse, before parsing, text with more arrays and objects than ``max_nodes`` allow.

    A node is at most two of them (an object and its ``children``, or a leaf's object and
    its vector), so a valid document holds at most ``2 * max_nodes + 2``. Parsed, each costs
    about 60 bytes: 64 MiB of ``[[],[],...`` would take 1.7 GB before the node limit saw it.
    """
    most = 2 * limits.max_nodes + 2
    if text.count("[") + text.count("{") <= most:  # the usual case, at C speed
        return
    bare = _STRING.sub("", text)  # brackets in strings (comments) do not count
    if bare.count("[") + bare.count("{") > most:
        raise TreeFileError(
            f"the tree has more than {limits.max_nodes} nodes (the limit; raise it with "
            f"--max-nodes): the document holds more than {most} arrays and objects"
        )


def read_tree_json(value: object, limits: Limits = Limits()) -> TreeDocument:
    """Read a tree document already parsed from JSON (a dict, or nested lists for shorthand).

    This is what a Python conformance target uses on the ``"tree"`` of a request.
    """
    if isinstance(value, list):
        with uncollected():
            return TreeDocument(_Reader(2, limits, shorthand=True).read(value, []), 2)
    if not isinstance(value, dict):
        raise TreeFileError(
            f"a tree document is a JSON object (the canonical form) or an array (the "
            f"shorthand), not {_describe(value)}"
        )
    _check_keys(value, _DOCUMENT_KEYS, [], "a tree document")
    for key in ("format", "players", "tree"):
        if key not in value:
            raise TreeFileError(f"a tree document needs the key {key!r}", "")
    if value["format"] != FORMAT:
        raise TreeFileError(
            f"'format' must be {FORMAT!r} (got {_describe(value['format'])})", "/format"
        )
    players = value["players"]
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise TreeFileError(
            f"'players' must be an integer >= 2 (got {_describe(players)})", "/players"
        )
    if "comment" in value and not isinstance(value["comment"], str):
        raise TreeFileError(f"'comment' must be a string (got {_describe(value['comment'])})",
                            "/comment")  # fmt: skip
    bounds = _bounds(value["bounds"]) if "bounds" in value else None
    with uncollected():  # the tree's nodes make no cycles
        tree = _Reader(players, limits, shorthand=False).read(value["tree"], ["tree"])
    if bounds is None:
        return TreeDocument(tree, players)
    try:
        if isinstance(bounds, Interval):
            if tree.vector:
                raise TreeFileError("'bounds' with 'upper' apply to two-player scalar values "
                                    "(got vectors): Korf's are {\"lower\": L, \"sum\": S}",
                                    "/bounds")  # fmt: skip
            check_interval(tree, bounds)
            return TreeDocument(tree, players, interval=bounds)
        if not tree.vector:
            raise TreeFileError("'bounds' with 'sum' apply to N-player vector values (got "
                                "scalar values): bounds on each leaf are {\"lower\": L, "
                                "\"upper\": U}", "/bounds")  # fmt: skip
        check_bounds(tree, bounds)
    except TreeError as e:
        raise TreeFileError(e.problem, pointer(["tree", *_keys(e.path), "value"])) from None
    return TreeDocument(tree, players, bounds)


def _bounds(value: object) -> Bounds | Interval:
    """Korf's bounds ``{"lower": L, "sum": S}`` or leaf bounds ``{"lower": L, "upper": U}``."""
    shapes = '{"lower": L, "sum": S} or {"lower": L, "upper": U}'
    if not isinstance(value, dict):
        raise TreeFileError(f"'bounds' must be an object {shapes} (got {_describe(value)})",
                            "/bounds")  # fmt: skip
    _check_keys(value, {"lower", "sum", "upper"}, ["bounds"], "'bounds'")
    second = "upper" if "upper" in value else "sum"
    if "upper" in value and "sum" in value:
        raise TreeFileError(f"'bounds' is {shapes}, not both (got 'sum' and 'upper')", "/bounds")
    for key in ("lower", second):
        if key not in value:
            raise TreeFileError(f"'bounds' needs the key {key!r}", "/bounds")
    lower = parse_number(value["lower"], ["bounds", "lower"])
    other = parse_number(value[second], ["bounds", second])
    if second == "sum":
        return Bounds(lower, other)
    if not lower < other:
        raise TreeFileError(f"leaf bounds need lower < upper (got [{lower}, {other}])",
                            "/bounds/upper")  # fmt: skip
    return Interval(lower, other)


def _keys(path: Sequence[int] | None) -> list[str | int]:
    keys: list[str | int] = []
    for i in path or ():
        keys += ["children", i]
    return keys


def _describe(x: object) -> str:  # noqa: PLR0911 - one phrase per JSON type
    """A JSON value as the error messages show it: its JSON type and a short excerpt."""
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, Invalid):
        return x.problem
    if isinstance(x, dict):
        return "an object"
    if isinstance(x, list):
        return f"an array of {len(x)}"
    if isinstance(x, str):
        return f"the string {x[:40]!r}" + ("..." if len(x) > 40 else "")
    return f"the number {x!r}"


def _check_keys(obj: dict[str, object], allowed: set[str], at: list[str | int], what: str) -> None:
    if isinstance(obj, DuplicateKeys):
        raise TreeFileError(
            f"the key {obj.duplicate!r} occurs twice", pointer([*at, obj.duplicate])
        )
    for key in obj:
        if key not in allowed:
            raise TreeFileError(
                f"{what} has no key {key!r} (allowed: {', '.join(sorted(allowed))})",
                pointer([*at, key]),
            )


def parse_number(x: object, at: Sequence[str | int] = ()) -> Scalar:
    """A JSON number or ``"p/q"`` string as an exact scalar; a clear error naming ``at``.

    >>> parse_number(3), parse_number("-6/4"), parse_number(0.25), parse_number(2.0)
    (3, Fraction(-3, 2), Fraction(1, 4), 2)
    >>> parse_number(True, ["tree", "value"])
    Traceback (most recent call last):
    ...
    gametree.treefile.TreeFileError: a number must be a JSON integer, a string "p/q" or a \
finite JSON number (got true) at /tree/value
    """
    if type(x) is int:
        return x
    if type(x) is float:
        if not math.isfinite(x):
            raise TreeFileError(
                "a number must be finite (got a number too large for a double)", pointer(at)
            )
        q = Fraction(x)
        return q.numerator if q.denominator == 1 else q
    if type(x) is str:
        if len(x) > MAX_NUMBER_LENGTH:
            raise TreeFileError(
                f"a number in a string must be at most {MAX_NUMBER_LENGTH} characters (got "
                f"{len(x)})",
                pointer(at),
            )
        if not _FRACTION.fullmatch(x):
            raise TreeFileError(
                f'a number in a string must be an integer or a fraction "p/q" (got {_describe(x)})',
                pointer(at),
            )
        num, _, den = x.partition("/")
        if den and int(den) == 0:
            raise TreeFileError(f"a fraction's denominator must not be 0 (got {x!r})", pointer(at))
        q = Fraction(int(num), int(den or 1))
        return q.numerator if q.denominator == 1 else q
    if isinstance(x, Invalid):
        raise TreeFileError(x.problem, pointer(at))
    raise TreeFileError(
        f'a number must be a JSON integer, a string "p/q" or a finite JSON number (got '
        f"{_describe(x)})",
        pointer(at),
    )


def parse_value(x: object, players: int, at: Sequence[str | int] = ()) -> Value:
    """A leaf value: a number (two players only) or an array of ``players`` numbers.

    >>> parse_value([1, "1/2", 0], 3)
    (1, Fraction(1, 2), 0)
    """
    if isinstance(x, list):
        if len(x) != players:
            raise TreeFileError(
                f"a vector value needs one number per player, {players} (got {_describe(x)})",
                pointer(at),
            )
        return tuple(parse_number(c, [*at, i]) for i, c in enumerate(x))
    if players != 2:
        raise TreeFileError(
            f"with {players} players a value is an array of {players} numbers (got {_describe(x)})",
            pointer(at),
        )
    return parse_number(x, at)


Where = Callable[..., list[str | int]]
"""The keys from the document's root to the value being read, with ``below`` appended."""


class _Reader:
    """Builds a ``spec`` tree from a parsed document, bottom-up over an explicit stack.

    A pointer is worked out only when there is a fault to report (it costs O(depth)), so a
    read costs O(1) per node whatever the depth.
    """

    def __init__(self, players: int, limits: Limits, *, shorthand: bool) -> None:
        self.players, self.limits, self.shorthand = players, limits, shorthand
        self.leaves: dict[object, Leaf] = {}
        self.vector: bool | None = None
        self.nodes = 0

    def read(self, root: object, at: list[str | int]) -> Tree:
        """The tree whose root is the JSON value ``root``, found at the pointer ``at``."""
        # A frame: (JSON node, its JSON children, the trees built from them so far).
        stack: list[tuple[object, list[object], list[Tree]]] = []

        def where(*below: str | int) -> list[str | int]:
            keys = list(at)
            for _, _, built in stack:
                keys += [len(built)] if self.shorthand else ["children", len(built)]
            return keys + list(below)

        x = root
        while True:
            self.nodes += 1
            if self.nodes > self.limits.max_nodes:
                raise TreeFileError(
                    f"the tree has more than {self.limits.max_nodes} nodes (the limit; raise it "
                    f"with --max-nodes)",
                    pointer(where()),
                )
            kids = self.children(x, where)
            if kids is not None:
                if len(stack) >= self.limits.max_depth:
                    raise TreeFileError(
                        f"the tree is deeper than {self.limits.max_depth} (the limit; raise it "
                        f"with --max-depth)",
                        pointer(where()),
                    )
                stack.append((x, kids, []))
                x = kids[0]
                continue
            t: Tree = self.leaf(x, where)
            while stack:
                node, kids, built = stack[-1]
                built.append(t)
                if len(built) < len(kids):
                    x = kids[len(built)]
                    break
                stack.pop()
                t = self.node(node, built, len(stack), where)
            else:
                return t

    def children(self, x: object, where: Where) -> list[object] | None:
        """The JSON children of an interior node, or ``None`` for a leaf; checks the shape."""
        if self.shorthand:
            if not isinstance(x, list):
                return None
            if not x:
                raise TreeFileError("an interior node needs at least one child (got [])",
                                    pointer(where()))  # fmt: skip
            return x
        if not isinstance(x, dict):
            raise TreeFileError(
                f'a node is an object {{"to_move": p, "children": [...]}} or {{"value": v}} '
                f"(got {_describe(x)})",
                pointer(where()),
            )
        if "value" in x:
            if isinstance(x, DuplicateKeys) or not x.keys() <= _LEAF_KEYS:
                _check_keys(x, _LEAF_KEYS, where(), "a leaf")
            return None
        _check_node_keys(x, where)
        kids = x["children"]
        if not isinstance(kids, list):
            raise TreeFileError(f"'children' must be an array (got {_describe(kids)})",
                                pointer(where("children")))  # fmt: skip
        if not kids:
            raise TreeFileError("an interior node needs at least one child (got [])",
                                pointer(where("children")))  # fmt: skip
        if "comment" in x and not isinstance(x["comment"], str):
            raise TreeFileError(f"'comment' must be a string (got {_describe(x['comment'])})",
                                pointer(where("comment")))  # fmt: skip
        return kids

    def leaf(self, x: object, where: Where) -> Leaf:
        """The leaf for the JSON leaf ``x``, shared with earlier leaves of the same JSON value."""
        if self.shorthand:
            raw = x
        else:
            assert isinstance(x, dict)
            raw = x["value"]
            if "comment" in x and not isinstance(x["comment"], str):
                raise TreeFileError(f"'comment' must be a string (got {_describe(x['comment'])})",
                                    pointer(where("comment")))  # fmt: skip
        # The type is part of the key: 1, 1.0 and true are equal in Python, not here.
        key: object = (type(raw), tuple(map(_typed, raw)) if type(raw) is list else raw)
        try:
            cached = self.leaves.get(key)
        except TypeError:  # a component that is an array or object: parse_value says so
            key = cached = None
        if cached is not None:
            return cached
        try:
            if self.shorthand and isinstance(raw, dict):
                raise TreeFileError(
                    "the shorthand holds only arrays and numbers (got an object); use the "
                    "canonical form for anything else"
                )
            value = parse_value(raw, self.players)
            vector = isinstance(value, tuple)
            if self.vector is None:
                self.vector = vector
            elif vector != self.vector:
                first, now = ("vectors", "a number") if self.vector else ("numbers", "a vector")
                raise TreeFileError(f"the leaves before this one hold {first}; this one {now}")
        except TreeFileError as e:
            at = pointer(where() if self.shorthand else where("value"))
            raise TreeFileError(e.problem, at + e.pointer) from None
        leaf = Leaf(value)
        if key is not None:
            self.leaves[key] = leaf
        return leaf

    def node(self, x: object, built: list[Tree], depth: int, where: Where) -> Node:
        """The node at ``depth`` for the JSON node ``x``, whose children are ``built``."""
        if self.shorthand:
            to_move = depth % 2
        else:
            assert isinstance(x, dict)
            if "probabilities" in x:
                ps = _probabilities(x["probabilities"], len(built), where("probabilities"))
                return Node.of_trees(CHANCE, tuple(built), ps)
            p = x["to_move"]
            if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < self.players:
                raise TreeFileError(
                    f"'to_move' must be an integer in 0..{self.players - 1} (got {_describe(p)})",
                    pointer(where("to_move")),
                )
            to_move = p
        try:
            return Node.of_trees(to_move, tuple(built))
        except TreeError as e:  # pragma: no cover - every fault is caught above first
            raise TreeFileError(e.problem, pointer(where(*_keys(e.path)))) from None


def _check_node_keys(x: dict[str, object], where: Where) -> None:
    """The keys of an interior node: a player's node's, or a chance node's."""
    if "probabilities" in x:
        if isinstance(x, DuplicateKeys) or not x.keys() <= _CHANCE_KEYS:
            _check_keys(x, _CHANCE_KEYS, where(), "a chance node")
        if "children" not in x:
            raise TreeFileError("a chance node needs 'children' with its 'probabilities'",
                                pointer(where()))  # fmt: skip
        return
    if isinstance(x, DuplicateKeys) or not x.keys() <= _NODE_KEYS:
        _check_keys(x, _NODE_KEYS, where(), "an interior node")
    if "children" not in x or "to_move" not in x:
        missing = "children" if "children" not in x else "to_move"
        raise TreeFileError(
            f"a node needs 'to_move' and 'children' (a chance node, 'probabilities' and "
            f"'children'; a leaf, 'value'); {missing!r} is missing",
            pointer(where()),
        )


def _probabilities(x: object, n: int, at: list[str | int]) -> list[Scalar]:
    """A chance node's probabilities: one number per child, each in (0, 1], summing to 1."""
    if not isinstance(x, list):
        raise TreeFileError(f"'probabilities' must be an array (got {_describe(x)})", pointer(at))
    if len(x) != n:
        raise TreeFileError(f"a chance node needs one probability per child, {n} (got "
                            f"{_describe(x)})", pointer(at))  # fmt: skip
    ps = [parse_number(p, [*at, i]) for i, p in enumerate(x)]
    for i, p in enumerate(ps):
        if not 0 < p <= 1:
            raise TreeFileError(f"a probability must be above 0 and at most 1 (got {p})",
                                pointer([*at, i]))  # fmt: skip
    total = sum(ps, Fraction(0))
    if total != 1:
        doubles = any(type(p) is float for p in x)
        hint = (": a JSON number is read as the double it names, so write \"1/10\" for one "
                "tenth" if doubles else "")  # fmt: skip
        raise TreeFileError(f"the probabilities must sum to 1 (got {total}){hint}", pointer(at))
    return ps


def _typed(c: object) -> object:
    return (type(c), c)


def tree_json(t: Tree) -> dict[str, object]:
    """The canonical JSON of a tree (the ``"tree"`` member), built iteratively.

    Serialise it with ``json.dumps`` only for trees a few hundred levels deep at most (it
    recurses); :func:`dumps` writes any depth.
    """
    if isinstance(t, Leaf):
        return {"value": json_value(t.value)}
    root = _head(t)
    stack: list[tuple[Node, list[object]]] = [(t, root["children"])]  # type: ignore[list-item]
    while stack:
        n, out = stack.pop()
        for c in n.children:
            if isinstance(c, Leaf):
                out.append({"value": json_value(c.value)})
            else:
                head = _head(c)
                out.append(head)
                stack.append((c, head["children"]))  # type: ignore[arg-type]
    return root


def _head(n: Node) -> dict[str, object]:
    """A node's JSON without its children's: who moves (or the probabilities), no children."""
    if n.probabilities is not None:
        ps = [json_value(exact_scalar(p)) for p in n.probabilities]
        return {"probabilities": ps, "children": []}
    return {"to_move": n.to_move, "children": []}


def document_json(t: Tree, bounds: Bounds | Interval | None = None) -> dict[str, object]:
    """The canonical document of a tree, as a dict (see :func:`tree_json` on depth)."""
    doc: dict[str, object] = {"format": FORMAT, "players": t.players}
    if isinstance(bounds, Interval):
        doc["bounds"] = {"lower": json_value(bounds.lower), "upper": json_value(bounds.upper)}
    elif bounds is not None:
        doc["bounds"] = {"lower": json_value(bounds.lower), "sum": json_value(bounds.total)}
    doc["tree"] = tree_json(t)
    return doc


def dumps(t: Tree, bounds: Bounds | Interval | None = None) -> str:
    """The canonical document of ``t`` as compact JSON text, for a tree of any depth."""
    head = f'{{"format": "{FORMAT}", "players": {t.players}'
    if isinstance(bounds, Interval):
        lower, upper = _number_text(bounds.lower), _number_text(bounds.upper)
        head += f', "bounds": {{"lower": {lower}, "upper": {upper}}}'
    elif bounds is not None:
        lower, total = _number_text(bounds.lower), _number_text(bounds.total)
        head += f', "bounds": {{"lower": {lower}, "sum": {total}}}'
    return "".join([head, ', "tree": ', *_tree_text(t), "}"])


def _number_text(v: Scalar) -> str:
    return f'"{v}"' if isinstance(v, Fraction) else str(v)


def _value_text(v: Value) -> str:
    if isinstance(v, tuple):
        return "[" + ", ".join(_number_text(c) for c in v) + "]"
    return _number_text(v)


def _tree_text(t: Tree) -> Iterator[str]:
    stack: list[Tree | str] = [t]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            yield x
        elif isinstance(x, Leaf):
            yield f'{{"value": {_value_text(x.value)}}}'
        else:
            if x.probabilities is None:
                yield f'{{"to_move": {x.to_move}, "children": ['
            else:
                ps = ", ".join(_number_text(exact_scalar(p)) for p in x.probabilities)
                yield f'{{"probabilities": [{ps}], "children": ['
            stack.append("]}")
            for i in range(len(x.children) - 1, -1, -1):
                stack.append(x.children[i])
                if i:
                    stack.append(", ")
