"""``spec`` trees and values as WhyML terms over ``real``, to state concrete instances.

The transcriptions' trees differ by file: a leaf holds a ``real`` (alphabeta.mlw) or a vector
(``Nil | Cons real vec``: shallow.mlw), labelled with its number left to right or not
(fail_soft.mlw, pairs.mlw, paranoid.mlw, optimality.mlw, path.mlw label theirs), and pairs.mlw's
second tree type prefixes its constructors with ``V``; table.mlw searches a game, not a tree
(:func:`game`). A claim's instance
(:class:`gametree.proofs.machinery.claims.Instance`) writes its calls with these terms.

>>> from gametree.spec import Node
>>> tree(Node.by_depth([[3, 12], [2]]))
'(Node 0 (More (Node 1 (More (Leaf 3.0) (One (Leaf 12.0)))) (One (Node 1 (One (Leaf 2.0))))))'
>>> tree(Node.by_depth([(1, 2)]), labelled=True)
'(Node 0 (One (Leaf 0 (Cons 1.0 (Cons 2.0 Nil)))))'
"""

from collections.abc import Callable, Sequence
from fractions import Fraction

from gametree.spec import Leaf, Node, Scalar
from gametree.spec import Tree as SpecTree
from gametree.spec.fold import fold

__all__ = ["GameStates", "game", "real", "tree", "vec"]


def real(x: Scalar) -> str:
    """``x`` as a WhyML ``real`` literal.

    >>> real(Fraction(-1, 2)), real(3)
    ('(-. (1.0 /. 2.0))', '3.0')
    """
    q = Fraction(x)
    text = f"{abs(q.numerator)}.0" if q.denominator == 1 else (
        f"({abs(q.numerator)}.0 /. {q.denominator}.0)")  # fmt: skip
    return f"(-. {text})" if q < 0 else text


def vec(v: tuple[Scalar, ...]) -> str:
    """``v`` as a WhyML ``vec``."""
    out = "Nil"
    for c in reversed(v):
        out = f"(Cons {real(c)} {out})"
    return out


def tree(
    t: SpecTree,
    *,
    labelled: bool = False,
    prefix: str = "",
    number: Callable[[Scalar], str] = real,
) -> str:
    """``t`` as a WhyML ``tree`` term (no recursion), each scalar written by ``number``.

    Its leaves are numbered left to right from 0 when ``labelled``; ``prefix`` goes before each
    constructor's name. A chance node (star1.mlw) is ``Chance`` over its children, each with
    its probability: ``Next p c rest``, the last ``Last p c``.

    >>> tree(Node.chance([2, 4], ["1/4", "3/4"]), labelled=True)
    '(Chance (Next (1.0 /. 4.0) (Leaf 0 2.0) (Last (3.0 /. 4.0) (Leaf 1 4.0))))'
    """
    numbers = iter(range(1 << 30))

    def leaf(x: SpecTree) -> str:
        assert isinstance(x, Leaf)
        value = vec(x.value) if isinstance(x.value, tuple) else number(x.value)
        label = f" {next(numbers)}" if labelled else ""
        return f"({prefix}Leaf{label} {value})"

    def node(x: SpecTree, _: object, children: list[str]) -> str:
        assert isinstance(x, Node)
        if x.probabilities is not None:
            ps = x.probabilities
            chances = f"(Last {number(ps[-1])} {children[-1]})"
            for p, c in zip(reversed(ps[:-1]), reversed(children[:-1]), strict=True):
                chances = f"(Next {number(p)} {c} {chances})"
            return f"(Chance {chances})"
        kids = f"({prefix}One {children[-1]})"
        for c in reversed(children[:-1]):
            kids = f"({prefix}More {c} {kids})"
        return f"({prefix}Node {x.to_move} {kids})"

    return fold(t, lambda x: x.children if isinstance(x, Node) else None, leaf, node)


GameStates = Sequence[tuple[int, Scalar, Sequence[int]]]
"""A game written out, state by state from the root (state 0): the player to move, the static
value (Max's view: the utility of a terminal state, else its evaluation), and the states its
moves lead to, in the game's order."""


def game(states: GameStates, number: Callable[[Scalar], str] = real) -> str:
    """``states`` as a WhyML ``game`` term (table.mlw), each value written by ``number``.

    >>> game([(0, 0, [1]), (1, Fraction(-1, 2), [])])[:57]
    '(GCons { mover = 0; worth = 0.0; moves = (Cons 1 Nil) } ('
    >>> game([(1, Fraction(-1, 2), [])])
    '(GCons { mover = 1; worth = (-. (1.0 /. 2.0)); moves = Nil } GNil)'
    """
    out = "GNil"
    for mover, worth, moves in reversed(states):
        succ = "Nil"
        for s in reversed(moves):
            succ = f"(Cons {s} {succ})"
        out = f"(GCons {{ mover = {mover}; worth = {number(worth)}; moves = {succ} }} {out})"
    return out
