"""Run the transcriptions that report the leaves they read, so that tests compare them with impl.

A proof pins ``impl`` only if the code proved behaves as ``impl`` does: reads the same leaves,
in the same order, and cuts where it cuts, not only returns the same value (any correct search
does that). The transcriptions of :data:`TRACED` are written so: each search is a pure WhyML
function returning a ``search`` record, its ``value`` and its ``trace``, the labels of the
leaves it read in order, and every leaf carries its label (its index among the leaves, left to
right), which nothing but the trace reads. A theorem may then speak of two searches at once
(fail-soft between fail-hard and the value) or of what a search reads (Korf's Theorem 1).

Running them is :mod:`gametree.proofs.why3.execute`'s method: ``why3 execute`` evaluates no
``real`` (Debian builds Why3 without MPFR), so the proved text is mapped onto the integers
operator for operator and every value is scaled by the least common denominator L of the
tree's values, bounds and window; the procedures use only comparisons, + and - and 0, which
commute with multiplying by L > 0. What is printed is parsed back (:func:`parse`), so that
answers of any of the file's types (a search, a value, a vector) come back as Python values.

Glossary: t is a ``spec`` tree, L the scale, a label a leaf's index left to right.
"""

import re
from collections.abc import Sequence
from fractions import Fraction

import attrs

from gametree.proofs.why3 import FILES, WHY3
from gametree.proofs.why3.execute import printed, whyml_tree
from gametree.spec import Path as TreePath
from gametree.spec import Scalar, iter_leaves
from gametree.spec import Tree as SpecTree

__all__ = [
    "RAT",
    "RATIONAL",
    "TRACED",
    "Found",
    "Printed",
    "executable",
    "found",
    "fraction",
    "labelled",
    "number",
    "parse",
    "rat",
    "run",
    "trace_of",
    "vector",
]

_SEARCH = "  type answers = End | Found search answers | Number real answers"

TRACED = {
    "fail_soft": f"{_SEARCH}\n",
    "pairs": f"{_SEARCH} | Vector vec answers | Tree vtree answers\n",
    "paranoid": f"{_SEARCH} | Vector vec answers\n",
    "optimality": f"{_SEARCH} | Vector vec answers\n",
    "window": f"{_SEARCH}\n",
    "pvs": f"{_SEARCH}\n",
    "table": "  type answers = End | Searched outcome answers | Number real answers\n",
    "path": "  type answers = End | Vector vec answers | Chain chain answers\n"
    "    | Climb cline answers | Line line answers\n",
    "star1": f"{_SEARCH}\n",
    "brs": f"{_SEARCH}\n",
}
"""The transcriptions that report their reads, and the answers their ``Run`` module takes."""

_TO_INT = ((">=.", ">="), ("<=.", "<="), (">.", ">"), ("<.", "<"), ("+.", "+"), ("-.", "-"))

Printed = int | list["Printed"] | dict[str, "Printed"] | tuple[object, ...]
"""A value as ``why3 execute`` prints it: an integer, a record (a dict), a constructor with
its arguments (a tuple, its name first), or a list (``Read``/``Cons`` chains, flattened)."""


RATIONAL = frozenset({"star1"})
"""The transcriptions that multiply and divide (by a probability, star1.mlw): scaling cannot
make their values integers, so they run over exact rationals, each a pair of integers
(:data:`RAT`), in place of ``real``."""

RAT = """module Rat
  use int.Int
  type rat = { num: int; den: int }
  let function q (n d: int) : rat = { num = n; den = d }
  let function (+.) (x y: rat) : rat = q (x.num * y.den + y.num * x.den) (x.den * y.den)
  let function (-.) (x y: rat) : rat = q (x.num * y.den - y.num * x.den) (x.den * y.den)
  let function ( *. ) (x y: rat) : rat = q (x.num * y.num) (x.den * y.den)
  let function (/.) (x y: rat) : rat =
    if y.num < 0 then q (- x.num * y.den) (- x.den * y.num) else q (x.num * y.den) (x.den * y.num)
  let predicate (<.) (x y: rat) = x.num * y.den < y.num * x.den
  let predicate (<=.) (x y: rat) = x.num * y.den <= y.num * x.den
  let predicate (>.) (x y: rat) = x.num * y.den > y.num * x.den
  let predicate (>=.) (x y: rat) = x.num * y.den >= y.num * x.den
end
"""
"""Exact rationals for ``why3 execute``: a numerator and a positive denominator, not reduced
(the operations keep the denominator positive; a divisor is a probability, never 0)."""


def rat(x: Scalar) -> str:
    """``x`` as a :data:`RAT` term.

    >>> from fractions import Fraction
    >>> rat(Fraction(-3, 4)), rat(2)
    ('(q (-3) 4)', '(q 2 1)')
    """
    f = Fraction(x)
    n = f"({f.numerator})" if f.numerator < 0 else str(f.numerator)
    return f"(q {n} {f.denominator})"


def fraction(x: Printed) -> Fraction:
    """A printed :data:`RAT` value."""
    if not isinstance(x, dict) or set(x) != {"num", "den"}:
        raise TypeError(f"not a rational: {x!r}")
    return Fraction(number(x["num"]), number(x["den"]))


def executable(file: str, text: str | None = None) -> str:
    """The text of ``file`` (or ``text``, a seeded copy) over the integers, with a ``Run``.

    Over :data:`RAT`'s rationals for a file of :data:`RATIONAL`.
    """
    text = WHY3.source(file) if text is None else text
    text = f"{text}\nmodule Run\n  use int.Int\n  use {FILES[file]}\n{TRACED[file]}end\n"
    if file in RATIONAL:
        text = RAT + text.replace("  use real.RealInfix\n", "  use Rat\n").replace(
            "module Run\n", "module Run\n  use export Rat\n"
        )
        text = re.sub(r"\b(\d+)\.0\b", r"(q \1 1)", text)
        return re.sub(r"\breal\b", "rat", text)
    text = text.replace("  use real.RealInfix\n", "")
    for dotted, plain in _TO_INT:
        text = text.replace(dotted, plain)
    return re.sub(r"\breal\b", "int", text.replace("0.0", "0"))


def labelled(
    t: SpecTree, big: int, lower: Scalar = 0, *, prefix: str = ""
) -> tuple[str, list[TreePath]]:
    """``t`` as a WhyML term with labelled leaves, and the leaves' paths by label.

    The term is :func:`gametree.proofs.why3.execute.whyml_tree`'s: every value, less
    ``lower``, times ``big``, ``prefix`` before each constructor.

    >>> from fractions import Fraction
    >>> from gametree.spec import Leaf, Node
    >>> labelled(Node(0, [Leaf(Fraction(1, 2)), Node(1, [Leaf(-1)])]), 2)
    ('(Node 0 (More (Leaf 0 1) (One (Node 1 (One (Leaf 1 (-2)))))))', [(0,), (1, 0)])
    """
    return whyml_tree(t, big, lower, prefix=prefix), [p for p, _ in iter_leaves(t)]


def trace_of(reads: Sequence[TreePath] | None, paths: Sequence[TreePath]) -> tuple[int, ...]:
    """The labels of the leaves ``impl`` read (its ``trace``), to compare with a transcription's."""
    assert reads is not None, "run impl with trace=True"
    label = {p: i for i, p in enumerate(paths)}
    return tuple(label[p] for p in reads)


_TOKEN = re.compile(
    r"\s*(?:(?P<int>\(-\d+\)|-?\d+)|(?P<field>[a-z_][A-Za-z0-9_']*)=|(?P<name>[A-Za-z_][A-Za-z0-9_']*)|(?P<punct>[(){};]))"
)


def parse(printed: str) -> Printed:
    """A value as ``why3 execute`` prints it, as Python (see :data:`Printed`).

    >>> parse("{value= 3; trace= (Read 0 (Read 2 Done))}")
    {'value': 3, 'trace': [0, 2]}
    >>> parse("(Answer (Cons (-1) (Cons 2 Nil)) End)")
    ('Answer', [-1, 2], ('End',))
    """
    tokens = []
    at = 0
    text = printed.strip()
    while at < len(text):
        m = _TOKEN.match(text, at)
        if m is None or m.end() == at:
            raise ValueError(f"cannot read why3's output at {text[at : at + 40]!r}")
        kind = m.lastgroup
        assert kind is not None
        tokens.append((kind, m.group(kind)))
        at = m.end()
    value, rest = _value(tokens, 0)
    if rest != len(tokens):
        raise ValueError(f"cannot read why3's output: {text[:80]!r}")
    return value


def _value(tokens: list[tuple[str, str]], i: int) -> tuple[Printed, int]:
    kind, word = tokens[i]
    if kind == "int":
        return int(word.strip("()")), i + 1
    if kind == "name":
        return _list_or((word,)), i + 1
    if word == "(":
        kind, word = tokens[i + 1]
        if kind != "name":
            value, i = _value(tokens, i + 1)
            return value, i + 1
        args: list[Printed] = []
        i += 2
        while tokens[i] != ("punct", ")"):
            arg, i = _value(tokens, i)
            args.append(arg)
        return _list_or((word, *args)), i + 1
    if word == "{":
        record: dict[str, Printed] = {}
        i += 1
        while tokens[i] != ("punct", "}"):
            _, field = tokens[i]
            record[field], i = _value(tokens, i + 1)
            if tokens[i] == ("punct", ";"):
                i += 1
        return record, i + 1
    raise ValueError(f"cannot read why3's output at {word!r}")


_LISTS = {"Read": "Done", "Cons": "Nil"}


def _list_or(applied: tuple[object, ...]) -> Printed:
    """A ``Read``/``Cons`` chain as a list (its tail already one), any other constructor as is."""
    name = applied[0]
    if name in _LISTS.values() and len(applied) == 1:
        return []
    if name in _LISTS and len(applied) == 3 and isinstance(applied[2], list):
        return [applied[1], *applied[2]]
    return applied


ARGUMENT = 100_000
"""The longest term given to one ``why3 execute``: the term is one argument of its command
line, and Linux refuses an argument longer than 131,072 bytes (``MAX_ARG_STRLEN``)."""


def run(file: str, answers: Sequence[str], text: str | None = None) -> list[Printed]:
    """Each of the ``answers``, evaluated by ``why3 execute`` on ``file`` (or ``text``), in order.

    An answer is a term of ``file``'s ``answers`` type without its tail, and ``text`` a seeded
    copy of the file. Answers such as ``"Found (alphabeta T 0 10)"`` are chained into one
    term, so that a batch costs one ``why3 execute`` (or one for each :data:`ARGUMENT`
    characters of answers); each comes back as its constructor's argument, parsed (read it
    with :func:`number`, :func:`vector` or :func:`found`).
    """
    out: list[Printed] = []
    start = 0
    while start < len(answers):
        end, size = start + 1, len(answers[start])
        while end < len(answers) and size + len(answers[end]) + 3 <= ARGUMENT:
            size += len(answers[end]) + 3
            end += 1
        out += _chained(file, answers[start:end], text)
        start = end
    return out


def _chained(file: str, answers: Sequence[str], text: str | None) -> list[Printed]:
    term = "End"
    for a in reversed(answers):
        term = f"({a} {term})"
    found = printed(file, executable(file, text), term)
    out: list[Printed] = []
    chain = parse(found)
    while isinstance(chain, tuple) and chain[0] != "End":
        out.append(chain[1])  # type: ignore[arg-type]
        chain = chain[2]  # type: ignore[assignment]
    return out


def number(x: Printed) -> int:
    """A printed value (scaled to an integer, see the module docstring)."""
    if not isinstance(x, int):
        raise TypeError(f"not a number: {x!r}")
    return x


def vector(x: Printed) -> tuple[int, ...]:
    """A printed vector."""
    if not isinstance(x, list):
        raise TypeError(f"not a vector: {x!r}")
    return tuple(number(c) for c in x)


@attrs.frozen
class Found:
    """A printed ``search``: its value (a number or a vector) and the labels it read, in order."""

    value: int | tuple[int, ...]
    trace: tuple[int, ...]


def found(x: Printed) -> Found:
    """A printed ``search`` record."""
    if not isinstance(x, dict) or set(x) != {"value", "trace"}:
        raise TypeError(f"not a search: {x!r}")
    v = x["value"]
    return Found(vector(v) if isinstance(v, list) else number(v), vector(x["trace"]))
