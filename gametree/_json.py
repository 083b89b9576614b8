"""JSON text to Python values, for the tree reader: fast when it can be, exact about faults.

Glossary: a *pointer* is an RFC 6901 JSON pointer ("/tree/children/0"), *pos* an offset in
the text, a *container* a list or dict being filled.

Two parsers give the same values. :func:`loads` tries Python's ``json`` module (C, fast) and
falls back to :func:`loads_iteratively`, a parser over an explicit stack, when ``json``
fails: on a syntax error, to say where the fault is (line, column and the pointer of the
value it is in), and on nesting deeper than ``json``'s recursion allows, to read the
document all the same. ``json`` is tried twice: under the interpreter's recursion limit
(about 1,000 levels), then under one raised by :data:`C_DEPTH`, so that a tree 1,300 plies
deep is read in C, not a token at a time in Python (where the interpreter caps C recursion
on its own, as from Python 3.12, the fallback reads it). :func:`loads_iteratively` does
not recurse.

Both parse the strict JSON of RFC 8259 and mark, rather than reject, three things the tree
reader reports with a pointer once it knows what the value was meant to be:

- the constants ``NaN``, ``Infinity`` and ``-Infinity``, which ``json`` accepts by default
  and which are not JSON: an :class:`Invalid` value;
- a number longer than :data:`MAX_NUMBER_LENGTH` characters: an :class:`Invalid` value (a
  digit string that long costs quadratic time to convert, and Python refuses 4,300 digits);
- an object with a repeated key: a :class:`DuplicateKeys` dict, which keeps the first value
  and names the key.

>>> loads('{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> loads('[NaN]')
[Invalid('NaN is not a JSON number')]
>>> loads('{"a": 1, "a": 2}').duplicate
'a'
>>> loads('[1, 2,]')
Traceback (most recent call last):
...
gametree._json.JSONSyntaxError: expected a value (got ']') at line 1, column 7 in /2
"""

import contextlib
import gc
import json
import re
import sys
from collections.abc import Iterator, Sequence
from itertools import accumulate

import attrs

__all__ = [
    "C_DEPTH",
    "MAX_NUMBER_LENGTH",
    "DuplicateKeys",
    "Invalid",
    "JSONSyntaxError",
    "JSONValue",
    "loads",
    "loads_iteratively",
    "may_hold_long_number",
    "pointer",
    "uncollected",
]

MAX_NUMBER_LENGTH = 1000
"""The longest number (or ``"p/q"`` string) read, in characters."""

JSONValue = object
"""What a parser returns: dict, list, str, int, float, bool, None, or the markers below."""


@attrs.frozen
class Invalid:
    """A JSON token that parses but is not a number the reader accepts, and why."""

    problem: str

    def __repr__(self) -> str:
        return f"Invalid({self.problem!r})"


class DuplicateKeys(dict[str, object]):
    """An object in which a key occurs twice: the first value is kept, ``duplicate`` named."""

    duplicate: str


class JSONSyntaxError(ValueError):
    """Text that is not JSON: what was expected, where (line, column) and in which value."""

    def __init__(self, problem: str, line: int, column: int, pointer: str) -> None:
        self.problem, self.line, self.column, self.pointer = problem, line, column, pointer
        super().__init__(f"{problem} at line {line}, column {column} in {pointer or '/'}")


def pointer(keys: Sequence[str | int]) -> str:
    """The RFC 6901 pointer of a path of keys and indices (``~`` and ``/`` escaped).

    >>> pointer(["tree", "children", 0, "a/b~"])
    '/tree/children/0/a~1b~0'
    """
    return "".join("/" + str(k).replace("~", "~0").replace("/", "~1") for k in keys)


def _pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    d = dict(pairs)
    if len(d) == len(pairs):
        return d
    seen: set[str] = set()
    dup = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
    out = DuplicateKeys()
    for k, v in pairs:
        out.setdefault(k, v)
    out.duplicate = dup
    return out


def _string(token: str) -> str:
    """A string token's text (escapes decoded by ``json`` only when there are some)."""
    if "\\" in token:
        text: str = json.loads(token)
        return text
    return token[1:-1]


def _constant(name: str) -> Invalid:
    return Invalid(f"{name} is not a JSON number")


def _integer(token: str) -> int | Invalid:
    if len(token) > MAX_NUMBER_LENGTH:
        return Invalid(f"a number longer than {MAX_NUMBER_LENGTH} characters")
    return int(token)


def _real(token: str) -> float | Invalid:
    if len(token) > MAX_NUMBER_LENGTH:
        return Invalid(f"a number longer than {MAX_NUMBER_LENGTH} characters")
    return float(token)


def loads(text: str, *, max_depth: int | None = None) -> JSONValue:
    """Parse ``text``: with ``json`` when it can, else iteratively (see the module docstring).

    Raises :class:`JSONSyntaxError` for text that is not JSON, or that nests arrays and
    objects more than ``max_depth`` levels deep (when given: for text from a program, whose
    values are then safe to print, compare and write out again with ``json``, which recurse).

    >>> loads('[[1], 2]', max_depth=2)
    [[1], 2]
    >>> loads('[[[1]], 2]', max_depth=2)
    Traceback (most recent call last):
    ...
    gametree._json.JSONSyntaxError: nested deeper than 2 levels at line 1, column 3 in /0/0
    """
    # Numbers go through a Python hook only when one may be too long: a hook per number costs
    # more than the parse itself (a trace of 10^5 leaves holds millions of them).
    long = may_hold_long_number(text)
    try:
        with uncollected():
            try:
                value = _c_loads(text, long=long)
            except RecursionError:
                limit = sys.getrecursionlimit()
                sys.setrecursionlimit(limit + C_DEPTH)
                try:
                    value = _c_loads(text, long=long)
                finally:
                    sys.setrecursionlimit(limit)
    except (ValueError, RecursionError):
        return loads_iteratively(text, max_depth=max_depth)
    if max_depth is not None and _is_deeper(text, max_depth):
        return loads_iteratively(text, max_depth=max_depth)  # to say where
    return value


@contextlib.contextmanager
def uncollected() -> Iterator[None]:
    """Python's cycle collector paused, as a parse (or a read of what it gave) runs.

    A parse makes no cycles, only containers: a request of 10^5 nodes makes about 10^6 of
    them, and each few hundred would set off a collection that walks them all again (about a
    third of the parse's time, more for deeper collections). It runs again afterwards, a
    fault raised or not, unless it was paused before.

    >>> import gc
    >>> with uncollected():
    ...     gc.isenabled()
    False
    >>> loads('[1, [2') and None
    Traceback (most recent call last):
    ...
    gametree._json.JSONSyntaxError: the text ends where ... at line 1, column 7 in /1/1
    >>> gc.isenabled()
    True
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


C_DEPTH = 5_000
"""How many levels more than the recursion limit allows :func:`loads` lets ``json``'s C parser
nest: a few hundred bytes of C stack a level, well within a thread's."""


def _c_loads(text: str, *, long: bool) -> JSONValue:
    """``json.loads`` with the marks (a hook for numbers only where one may be too long)."""
    return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant,
                      parse_int=_integer if long else None,
                      parse_float=_real if long else None)  # fmt: skip


def may_hold_long_number(text: str) -> bool:
    """Whether ``text`` has a run of number characters longer than a number may be.

    The characters are those a JSON number may hold (``-+.0-9eE``), the run more than
    :data:`MAX_NUMBER_LENGTH` long: where a token too long can be. In C, at a few nanoseconds
    a character: the text as UTF-8 (where no other character's bytes are one of those), each
    of those bytes made ``0`` and any other a space, then a search for the run.

    >>> may_hold_long_number("[" + "7" * 1000 + "]"), may_hold_long_number("1e" * 501 + "é")
    (False, True)
    """
    marked = text.encode("utf-8", "surrogatepass").translate(_NUMBER_BYTES)
    return _LONG_RUN in marked


_NUMBER_BYTES = bytes(48 if chr(b) in "-+.0123456789eE" else 32 for b in range(256))
_LONG_RUN = b"0" * (MAX_NUMBER_LENGTH + 1)

_STRING_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _is_deeper(text: str, max_depth: int) -> bool:
    """Whether the JSON ``text`` (which parses) nests more than ``max_depth`` levels deep.

    The brackets outside strings are counted, in C: a walk over the values in Python would
    visit every number of a reply that holds millions.

    >>> _is_deeper('[[1], {"a": "[[[["}]', 2), _is_deeper('[[[1]]]', 2)
    (False, True)
    """
    brackets = _NOT_BRACKET.sub("", _STRING_TOKEN.sub("", text))
    return bool(brackets) and max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))) > max_depth


_TOKEN = re.compile(
    r"""[ \t\n\r]*(?:
      (?P<punct>[{}\[\]:,])
    | (?P<string>"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*")
    | (?P<number>-?(?:0|[1-9][0-9]*)(?P<real>(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?))
    | (?P<word>true|false|null|NaN|Infinity|-Infinity)
    | (?P<end>\Z)
    )""",
    re.VERBOSE,
)
_WORDS: dict[str, object] = {
    "true": True,
    "false": False,
    "null": None,
    "NaN": _constant("NaN"),
    "Infinity": _constant("Infinity"),
    "-Infinity": _constant("-Infinity"),
}


def loads_iteratively(  # noqa: PLR0912, PLR0915 - one state machine
    text: str, *, max_depth: int | None = None
) -> JSONValue:
    """Parse ``text`` over an explicit stack: any nesting depth, exact fault locations.

    The same values as :func:`loads` (and the same ``max_depth``). O(n) time and O(depth)
    extra memory.
    """
    # Each frame: [container, key of the member being read (dicts only)].
    stack: list[list[object]] = []
    pos = 0
    # What may come next: "value", "value-or-close" (just after [), "key-or-close" (after {),
    # "key" (after a comma in an object), "colon", "comma-or-close", "end".
    want = "value"
    result: object = None

    def where() -> list[str | int]:
        keys: list[str | int] = []
        for container, key in stack:
            if isinstance(container, list):
                keys.append(len(container))
            elif key is not None:
                keys.append(str(key))
        return keys

    def fail(problem: str, at: int) -> JSONSyntaxError:
        line = text.count("\n", 0, at) + 1
        column = at - (text.rfind("\n", 0, at) + 1) + 1
        return JSONSyntaxError(problem, line, column, pointer(where()))

    def add(value: object) -> str:
        nonlocal result
        if not stack:
            result = value
            return "end"
        container, key = stack[-1]
        if isinstance(container, list):
            container.append(value)
        else:
            assert isinstance(container, dict)
            if key in container:
                if not isinstance(container, DuplicateKeys):
                    dup = DuplicateKeys(container)
                    dup.duplicate = str(key)
                    stack[-1][0] = dup
            else:
                container[key] = value
            stack[-1][1] = None
        return "comma-or-close"

    while True:
        m = _TOKEN.match(text, pos)
        if m is None:
            start = len(text) - len(text[pos:].lstrip(" \t\n\r"))
            raise fail(f"expected {_WANTS[want]} (got {text[start : start + 10]!r})", start)
        kind = m.lastgroup or "end"
        lexeme = m.group(kind)
        start = m.start(kind)
        pos = m.end()
        if kind == "end":
            if want == "end":
                return result
            raise fail(f"the text ends where {_WANTS[want]} was expected", start)
        if want == "end":
            raise fail(f"extra text after the document (got {lexeme[:10]!r})", start)
        if want == "colon":
            if lexeme != ":":
                raise fail(f"expected ':' (got {lexeme[:10]!r})", start)
            want = "value"
            continue
        if want == "comma-or-close":
            container = stack[-1][0]
            close = "]" if isinstance(container, list) else "}"
            if lexeme == ",":
                want = "value" if close == "]" else "key"
                continue
            if lexeme != close:
                raise fail(f"expected ',' or {close!r} (got {lexeme[:10]!r})", start)
            stack.pop()
            want = add(container)
            continue
        if want in {"key", "key-or-close"}:
            if lexeme == "}" and want == "key-or-close":
                container = stack.pop()[0]
                want = add(container)
                continue
            if kind != "string":
                raise fail(f"expected a key in double quotes (got {lexeme[:10]!r})", start)
            stack[-1][1] = _string(lexeme)
            want = "colon"
            continue
        # want is "value" or "value-or-close"
        if lexeme == "]" and want == "value-or-close":
            container = stack.pop()[0]
            want = add(container)
            continue
        if lexeme in {"[", "{"} and max_depth is not None and len(stack) >= max_depth:
            raise fail(f"nested deeper than {max_depth} levels", start)
        if lexeme == "[":
            stack.append([[], None])
            want = "value-or-close"
        elif lexeme == "{":
            stack.append([{}, None])
            want = "key-or-close"
        elif kind == "string":
            want = add(_string(lexeme))
        elif kind == "number":
            want = add(_real(lexeme) if m.group("real") else _integer(lexeme))
        elif kind == "word":
            want = add(_WORDS[lexeme])
        else:
            raise fail(f"expected {_WANTS[want]} (got {lexeme!r})", start)


_WANTS = {
    "value": "a value",
    "value-or-close": "a value or ']'",
    "key": "a key in double quotes",
    "key-or-close": "a key in double quotes or '}'",
    "colon": "':'",
    "comma-or-close": "',' or a closing bracket",
    "end": "the end of the text",
}
