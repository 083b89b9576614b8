"""Run the WhyML transcriptions on ``spec`` trees, so that the tests compare them with the Python.

``why3 execute`` runs WhyML, but Debian's Why3 evaluates no ``real`` (it is built without
MPFR: "mlmpfr wrapper is not implemented"). So :func:`executable` maps the proved text onto
the integers, operator for operator (``+.`` to ``+``, ``>=.`` to ``>=``, ``real`` to ``int``,
``0.0`` to ``0``, nothing else), and the tree is scaled by the least common denominator L of
its values (and bounds and window): the procedures use only comparisons, + and - and 0, all of
which commute with multiplying by L > 0, so the integer run on the scaled tree is L times the
run over the rationals, which is divided out again. The code executed is the code proved.

Glossary: t is a ``spec`` tree, L the scale, n the number of players.
"""

import math
import re
import subprocess
import tempfile
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from gametree.proofs.why3 import FILES, source
from gametree.spec import Leaf, Node, Scalar
from gametree.spec import Tree as SpecTree
from gametree.spec.fold import fold

__all__ = ["executable", "run", "scale", "whyml_tree"]

TIMEOUT = 300.0
"""Seconds one ``why3 execute`` may take (a hang guard)."""

_TO_INT = ((">=.", ">="), ("<=.", "<="), (">.", ">"), ("<.", "<"), ("+.", "+"), ("-.", "-"))

_ANSWERS = {
    "shallow": "  type answers = End | Answer Shallow.vec Shallow.vec Shallow.vec answers\n",
    "alphabeta": "  type answers = End | Answer int int int int int answers\n",
}


def executable(file: str) -> str:
    """The text of ``file`` over the integers, with a module ``Run`` of answer lists.

    >>> "real" in executable("shallow") or "+." in executable("shallow")
    False
    """
    text = source(file).replace("  use real.RealInfix\n", "")
    for dotted, plain in _TO_INT:
        text = text.replace(dotted, plain)
    text = re.sub(r"\breal\b", "int", text.replace("0.0", "0"))
    return f"{text}\nmodule Run\n  use int.Int\n  use {FILES[file]}\n{_ANSWERS[file]}end\n"


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


def whyml_tree(t: SpecTree, big: int, lower: Scalar = 0) -> str:
    """``t`` as a WhyML ``tree`` term, every value (less ``lower``) times ``big`` (no recursion).

    >>> whyml_tree(Node(0, [Leaf(Fraction(1, 2)), Node(1, [Leaf(-1)])]), 2)
    '(Node 0 (More (Leaf 1) (One (Node 1 (One (Leaf (-2)))))))'
    """

    def leaf(x: SpecTree) -> str:
        assert isinstance(x, Leaf)
        v = x.value
        if isinstance(v, tuple):
            vec = "Nil"
            for c in reversed(v):
                vec = f"(Cons {_int(c - lower, big)} {vec})"
            return f"(Leaf {vec})"
        return f"(Leaf {_int(v, big)})"

    def node(x: SpecTree, _: object, children: list[str]) -> str:
        assert isinstance(x, Node)
        kids = f"(One {children[-1]})"
        for c in reversed(children[:-1]):
            kids = f"(More {c} {kids})"
        return f"(Node {x.to_move} {kids})"

    return fold(t, lambda x: x.children if isinstance(x, Node) else None, leaf, node)


def run(file: str, answers: Sequence[str]) -> list[int]:
    """Every integer of the ``answers`` (``Answer ...`` terms of ``file``'s ``Run``), in order.

    ``why3 execute`` evaluates ``Answer a1 (Answer a2 ... End)`` and prints the value; the
    integers of it are returned as they come (the caller knows how many each answer has).
    """
    term = "End"
    for a in reversed(answers):
        term = f"({a} {term})"
    with tempfile.TemporaryDirectory(prefix="gametree-why3-") as scratch:
        path = Path(scratch) / f"{file}.mlw"
        path.write_text(executable(file), encoding="utf-8")
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
    return [int(x) for x in re.findall(r"-?\d+", found.group(1))]
