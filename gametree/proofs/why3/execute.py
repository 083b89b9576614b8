"""Run the WhyML transcriptions on ``spec`` trees, so that the tests compare them with the Python.

``why3 execute`` runs WhyML, but Debian's Why3 evaluates no ``real`` (it is built without
MPFR: "mlmpfr wrapper is not implemented"). So :func:`executable` maps the proved text onto
the integers, operator for operator (``+.`` to ``+``, ``>=.`` to ``>=``, ``real`` to ``int``,
``0.0`` to ``0``, nothing else), and the tree is scaled by the least common denominator L of
its values (and bounds and window): the procedures use only comparisons, + and - and 0, all of
which commute with multiplying by L > 0, so the integer run on the scaled tree is L times the
run over the rationals, which is divided out again. The code executed is the code proved.

**What a search reads.** :func:`executable` also gives every leaf a number (``Leaf id v``, in
the tree's left-to-right order: :func:`whyml_tree`) and makes each search of :data:`SEARCHES`
record the number of every leaf it evaluates, in a global ``log`` (``Read id (Read ...)``,
newest first), read and cleared after each search (``take ()``): only the lines of the search's
body (after its contracts) that take a leaf's value change, ``| Leaf _ v -> BODY`` becoming
``| Leaf leaf v -> log := Read leaf !log; BODY``; nothing else does. So the tests compare the
leaves a transcription reads, in order, with ``impl``'s (:mod:`gametree.proofs.nagini.reads`
does the same for the Nagini kernels).

Glossary: t is a ``spec`` tree, L the scale, n the number of players.
"""

import math
import re
import subprocess
import tempfile
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from gametree.proofs.why3 import FILES, WHY3
from gametree.spec import Leaf, Node, Scalar
from gametree.spec import Tree as SpecTree
from gametree.spec.fold import fold
from gametree.spec.tree import iter_leaves

__all__ = [
    "SEARCHES",
    "Term",
    "answers",
    "executable",
    "leaf_paths",
    "parse",
    "printed",
    "run",
    "scale",
    "searched",
    "whyml_tree",
]

TIMEOUT = 300.0
"""Seconds one ``why3 execute`` may take (a hang guard)."""

_TO_INT = ((">=.", ">="), ("<=.", "<="), (">.", ">"), ("<.", "<"), ("+.", "+"), ("-.", "-"))

SEARCHES = {
    "shallow": ("shallow", "immediate"),
    "alphabeta": ("alphabeta", "alphabeta_soft", "negamax_alphabeta", "negamax_alphabeta_child"),
}
"""Per file, the functions whose leaf evaluations are recorded: the searches, not the
definitions they are proved against."""

_LOG = (
    "  use ref.Ref\n"
    "  (** The leaves the searches read, newest first (added by gametree's execute.py). *)\n"
    "  type leaves = Done | Read int leaves\n"
    "  val log : ref leaves\n"
    "  let take () : leaves = let l = !log in log := Done; l\n"
)
_FUNCTION = re.compile(r"^  (?:let rec|let|with)(?: function| lemma)? (\w+)", re.MULTILINE)


def _recording(text: str, searches: tuple[str, ...]) -> str:
    """``text`` with numbered leaves, and each of ``searches`` logging the leaves it reads."""
    text = re.sub(r"type tree = Leaf (\w+) \|", r"type tree = Leaf int \1 |", text)
    text = re.sub(r"\bLeaf (?!int )(\w+)", r"Leaf _ \1", text)
    starts = [(m.start(), m.group(1)) for m in _FUNCTION.finditer(text)]
    out, done = [], 0
    for (start, name), (end, _) in zip(starts, [*starts[1:], (len(text), "")], strict=True):
        if name not in searches:
            continue
        body = text.index("\n  = ", start, end)
        logged = re.sub(r"\| Leaf _ (\w+) -> ", r"| Leaf leaf \1 -> log := Read leaf !log; ",
                        text[body:end])  # fmt: skip
        out += [text[done:body], logged]
        done = end
    text = "".join([*out, text[done:]])
    first = text.index("  use int.Int\n") + len("  use int.Int\n")
    return text[:first] + _LOG + text[first:]


def executable(file: str) -> str:
    """The text of ``file`` over the integers, recording what its searches read.

    A module ``Run`` follows, with a type ``answers`` of lists of results (each a value or
    ``leaves`` read).

    >>> text = executable("shallow")
    >>> "real" in text or "+." in text
    False
    >>> text.count("log := Read leaf !log")
    2
    """
    text = WHY3.source(file).replace("  use real.RealInfix\n", "")
    for dotted, plain in _TO_INT:
        text = text.replace(dotted, plain)
    text = re.sub(r"\breal\b", "int", text.replace("0.0", "0"))
    text = _recording(text, SEARCHES[file])
    m = FILES[file]
    vec = f"Vec {m}.vec | " if "  type vec = " in text else ""
    return (
        f"{text}\nmodule Run\n  use int.Int\n  use {m}\n"
        f"  type answer = {vec}Int int | Reads {m}.leaves\n"
        "  type answers = End | Answer answer answers\nend\n"
    )


def scale(values: Sequence[Scalar]) -> int:
    """The least common denominator L of ``values``.

    >>> scale([Fraction(1, 2), 3, Fraction(5, 3)])
    6
    """
    return math.lcm(*(Fraction(v).denominator for v in values))


def _int(x: Scalar, big: int) -> str:
    v = Fraction(x) * big
    assert v.denominator == 1, "scaled by the common denominator"
    return str(v.numerator) if v >= 0 else f"({v.numerator})"


def whyml_tree(t: SpecTree, big: int, lower: Scalar = 0, *, prefix: str = "") -> str:
    """``t`` as a WhyML ``tree`` term, every value (less ``lower``) times ``big`` (no recursion).

    ``prefix`` goes before each constructor's name (``V`` for pairs.mlw's ``vtree``).

    Each leaf is numbered, left to right from 0 (:func:`gametree.spec.tree.iter_leaves`'s
    order), so that a search's ``reads`` name the leaves.

    >>> whyml_tree(Node(0, [Leaf(Fraction(1, 2)), Node(1, [Leaf(-1)])]), 2)
    '(Node 0 (More (Leaf 0 1) (One (Node 1 (One (Leaf 1 (-2)))))))'
    """
    numbers = iter(range(len(list(iter_leaves(t)))))

    def leaf(x: SpecTree) -> str:
        assert isinstance(x, Leaf)
        v = x.value
        if isinstance(v, tuple):
            vec = "Nil"
            for c in reversed(v):
                vec = f"(Cons {_int(c - lower, big)} {vec})"
            return f"({prefix}Leaf {next(numbers)} {vec})"
        return f"({prefix}Leaf {next(numbers)} {_int(v, big)})"

    def node(x: SpecTree, _: object, children: list[str]) -> str:
        assert isinstance(x, Node)
        kids = f"({prefix}One {children[-1]})"
        for c in reversed(children[:-1]):
            kids = f"({prefix}More {c} {kids})"
        return f"({prefix}Node {x.to_move} {kids})"

    return fold(t, lambda x: x.children if isinstance(x, Node) else None, leaf, node)


def searched(kind: str, search: str) -> list[str]:
    """The two answers of one search: its result, then what it read.

    ``kind`` is ``Int`` or ``Vec``; :func:`run` gives what it read as the leaves' numbers, in
    the order read.
    """
    return [f"({kind} ({search}))", "(Reads (take ()))"]


Term = int | str | list["Term"]
"""A value Why3 prints, parsed: a number, a constructor, or an application (a list)."""

_TOKEN = re.compile(r"\(|\)|-?\d+|[A-Za-z_][\w.']*")


def parse(text: str) -> Term:
    """The value Why3 printed as ``text`` (``(Cons 3 (Cons (-2) Nil))``), as a :data:`Term`.

    >>> parse("(Answer (Int (-2)) (Answer (Reads (Read 1 (Read 0 Done))) End))")
    ['Answer', ['Int', -2], ['Answer', ['Reads', ['Read', 1, ['Read', 0, 'Done']]], 'End']]
    """
    stack: list[list[Term]] = [[]]
    for word in _TOKEN.findall(text):
        if word == "(":
            stack.append([])
        elif word == ")":
            done = stack.pop()
            stack[-1].append(done[0] if len(done) == 1 else done)
        else:
            stack[-1].append(int(word) if word.lstrip("-").isdigit() else word)
    (term,) = stack[0]
    return term


def _items(term: Term, cons: str, end: str) -> list[Term]:
    """The items of a list ``cons x (cons y ... end)``, in order (no recursion)."""
    out = []
    while term != end:
        assert isinstance(term, list), term
        assert term[0] == cons, term
        out.append(term[1])
        term = term[2]
    return out


def answers(term: Term) -> list[int | tuple[int, ...]]:
    """The answers of a parsed ``answers`` value, in order.

    An ``Int`` as an int, a ``Vec`` as a tuple, ``Reads`` as the tuple of the leaves read, in
    the order read.
    """
    out: list[int | tuple[int, ...]] = []
    for a in _items(term, "Answer", "End"):
        assert isinstance(a, list), a
        kind, value = a
        if kind == "Int":
            assert isinstance(value, int)
            out.append(value)
        elif kind == "Vec":
            out.append(tuple(_number(x) for x in _items(value, "Cons", "Nil")))
        else:
            out.append(tuple(reversed([_number(x) for x in _items(value, "Read", "Done")])))
    return out


def _number(x: Term) -> int:
    assert isinstance(x, int), x
    return x


def run(file: str, items: Sequence[str]) -> list[int | tuple[int, ...]]:
    """Evaluate ``items`` in order with ``why3 execute``: their :func:`answers`.

    ``items`` are WhyML terms of ``file``'s ``Run.answer`` type, each evaluated after the one
    before (the searches' ``log`` is read in between).
    """
    term = "End"
    for i in reversed(range(len(items))):
        term = f"(Answer a{i} {term})"
    for i in reversed(range(len(items))):
        term = f"(let a{i} = {items[i]} in {term})"
    term = f"(let _ = take () in {term})"  # the log starts undefined
    return answers(parse(printed(file, executable(file), term)))


def printed(file: str, text: str, term: str) -> str:
    """What ``why3 execute`` prints as the value of ``term``, of type ``answers``.

    ``text`` stands for the file ``file``; ``term`` sees its module and ``Run``.
    """
    with tempfile.TemporaryDirectory(prefix="gametree-why3-") as scratch:
        path = Path(scratch) / f"{file}.mlw"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run(  # noqa: S603
            ["why3", "execute", path.name, f"--use={FILES[file]}", "--use=Run", term],  # noqa: S607
            cwd=scratch,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    found = re.search(r"^result: answers =(.*?)^globals:", done.stdout, re.MULTILINE | re.DOTALL)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"why3 execute failed: {(done.stdout + done.stderr).strip()[-800:]}")
    return found.group(1)


def leaf_paths(t: SpecTree) -> list[tuple[int, ...]]:
    """The path of each leaf of ``t`` by the number :func:`whyml_tree` gives it."""
    return [p for p, _ in iter_leaves(t)]
