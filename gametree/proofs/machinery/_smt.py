"""maxn, Korf's ``Shallow`` and the path lemma's chain as terms of linear arithmetic, for z3.

Glossary: a *term vector* is a tuple of N components, each an exact number (``int`` or
``Fraction``) or a z3 arithmetic term; t is a tree, p the player to move, S Korf's ``Sum``.

Everything maxn and shallow pruning do to values is linear and exact: compare two components
(``Next[Player] > Best[Player]``, strictly, which is Korf's tie rule), pick one whole vector or
the other, subtract a component from the sum. So the value of a tree whose leaves hold
unknowns is a term of linear real (or integer) arithmetic built from ``If``, and a question
such as "can this leaf change the root's value?" is a satisfiability question that z3 decides
exactly, over the reals (every satisfiable system of linear constraints over the rationals has
a rational solution, which z3 returns) or over the integers.

Concrete parts stay concrete: a node whose children's values are all numbers is computed with
numbers, so a query only carries the unknowns it needs.

The encodings recurse once per level of the tree (:data:`MAX_HEIGHT` bounds it, with a clear
error): they are for the small trees an SMT query can decide, not for trees of any depth.

The path lemma (proved in :mod:`gametree.impl.necessity`) turns "is leaf l necessary?" into a
chain of one constant B_j, the value coming up the path and one free vector R_j per level:
:func:`decide_chain_smt` asks z3 that chain, 2 + d free vectors (O(d N) unknowns), over the reals
or the integers, where :func:`gametree.proofs.machinery.decision.decide`'s whole-tree encoding has
one vector per leaf; it cross-checks :func:`gametree.impl.necessity.decide_chain`'s search.
"""

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeAlias

import z3  # type: ignore[import-untyped]  # z3-solver ships no type information

from gametree.impl.necessity import Chain, ChainAnswer
from gametree.spec import Bounds, Domain, Leaf, Path, Scalar, Tree, TreeError, Vector

__all__ = [
    "MAX_HEIGHT",
    "Query",
    "Term",
    "TermVector",
    "choose",
    "component_terms",
    "decide_chain_smt",
    "differs",
    "equal",
    "literal",
    "maxn_terms",
    "model_number",
    "shallow_terms",
    "within",
]

Term: TypeAlias = Any
"""A z3 arithmetic term, or an exact number (z3-solver has no type information)."""

TermVector: TypeAlias = tuple[Term, ...]
"""A value of an N-player tree as terms: one per component."""

MAX_HEIGHT = 64
"""The tallest tree the encodings take (they recurse once per level)."""


def _check_height(t: Tree) -> None:
    if t.height > MAX_HEIGHT:
        raise TreeError(
            f"the SMT encodings take trees of height at most {MAX_HEIGHT} (got height "
            f"{t.height}); an SMT query on a taller tree would not finish anyway",
            (),
        )


def literal(q: Scalar) -> Term:
    """An exact number as a z3 real constant."""
    f = Fraction(q)
    return z3.RealVal(f"{f.numerator}/{f.denominator}")


def _is_number(x: Term) -> bool:
    return isinstance(x, int | Fraction)


def _term(x: Term) -> Term:
    return literal(x) if _is_number(x) else x


def component_terms(name: str, players: int, domain: Domain) -> tuple[list[Term], TermVector]:
    """Fresh unknowns for one leaf: the z3 variables, and the components as real terms.

    Over the integers the variables are integers and each component is the variable seen as
    a real (``ToReal``), so that terms mix freely with exact fractional constants.
    """
    if domain == "reals":
        xs = [z3.Real(f"{name}[{i}]") for i in range(players)]
        return xs, tuple(xs)
    ns = [z3.Int(f"{name}[{i}]") for i in range(players)]
    return ns, tuple(z3.ToReal(n) for n in ns)


def within(v: TermVector, lower: Scalar, total: Scalar) -> Term:
    """Korf's bounds on one vector: every component >= lower, and their sum <= total."""
    return z3.And(
        *[_term(c) >= literal(lower) for c in v], z3.Sum([_term(c) for c in v]) <= literal(total)
    )


def _greater(a: Term, b: Term) -> Term:
    if _is_number(a) and _is_number(b):
        return a > b
    return _term(a) > _term(b)


def choose(p: int, values: Sequence[TermVector]) -> TermVector:
    """The maxn choice at a node where p moves, the leftmost best child first.

    A later child replaces the best only if ``Next[p] > Best[p]`` (Korf's ``Shallow``).
    """
    best = values[0]
    for v in values[1:]:
        best = _replace_if(_greater(v[p], best[p]), v, best)
    return best


def _replace_if(condition: Term, new: TermVector, old: TermVector) -> TermVector:
    """``new`` where ``condition`` holds, else ``old``; decided at once when it is a bool."""
    if isinstance(condition, bool):
        return new if condition else old
    if new is old:
        return old
    return tuple(
        a if a is b else z3.If(condition, _term(a), _term(b)) for a, b in zip(new, old, strict=True)
    )


def maxn_terms(t: Tree, leaf: Callable[[Path], TermVector]) -> TermVector:
    """The maxn value of ``t`` as terms, ``leaf(path)`` giving each leaf's terms.

    A subtree whose leaves are all numbers gets a number: pass ``leaf`` numbers for the
    leaves that are known.
    """
    _check_height(t)

    def value(x: Tree, path: Path) -> TermVector:
        if isinstance(x, Leaf):
            return leaf(path)
        return choose(x.to_move, [value(c, (*path, i)) for i, c in enumerate(x.children)])

    return value(t, ())


def shallow_terms(
    t: Tree, leaf: Callable[[Path], TermVector], total: Scalar, target: Path
) -> tuple[TermVector, Term]:
    """What ``impl.shallow`` returns for ``t``, and the condition under which it reads ``target``.

    Korf's ``Shallow(Node, Player, Bound)`` with the lower bound already shifted to 0 (the
    leaf terms must be shifted too), including impl's one added line: a node where the same
    player moves as the one whose best gave the bound takes ``Sum`` instead. The condition is
    a z3 boolean, true exactly for the leaf values under which the search reads the leaf at
    ``target`` (false if ``target`` is not a leaf of ``t``).
    """
    _check_height(t)

    def search(x: Tree, path: Path, bound: Term, bounder: int | None) -> tuple[TermVector, Term]:
        if isinstance(x, Leaf):
            return leaf(path), path == target
        p = x.to_move
        if bounder == p:
            bound = total
        best, reads = search(x.children[0], (*path, 0), total, None)
        stopped: Term = False
        for i in range(1, len(x.children)):
            stopped = _or(stopped, _at_least(best[p], bound))
            next_, reads_there = search(x.children[i], (*path, i), _minus(total, best[p]), p)
            if reads_there is not False:
                reads = _and(_not(stopped), reads_there)
            best = _replace_if(stopped, best, _replace_if(_greater(next_[p], best[p]), next_, best))
        return best, reads

    value, reads = search(t, (), total, None)
    return value, z3.BoolVal(reads) if isinstance(reads, bool) else reads


def _at_least(a: Term, b: Term) -> Term:
    if _is_number(a) and _is_number(b):
        return a >= b
    return _term(a) >= _term(b)


def _or(a: Term, b: Term) -> Term:
    if a is True or b is True:
        return True
    if a is False:
        return b
    return a if b is False else z3.Or(a, b)


def _and(a: Term, b: Term) -> Term:
    if a is False or b is False:
        return False
    if a is True:
        return b
    return a if b is True else z3.And(a, b)


def _not(a: Term) -> Term:
    return (not a) if isinstance(a, bool) else z3.Not(a)


def _minus(total: Scalar, c: Term) -> Term:
    return total - c if _is_number(c) else literal(total) - c


def equal(a: TermVector, b: TermVector) -> Term:
    """The z3 condition that two term vectors are equal, component by component."""
    return z3.And(*[_term(x) == _term(y) for x, y in zip(a, b, strict=True)])


def differs(a: TermVector, b: TermVector) -> Term:
    """The z3 condition that two term vectors differ in some component."""
    return z3.Not(equal(a, b))


def model_number(model: Any, variable: Term) -> Scalar:
    """The exact value a z3 model gives a real or integer variable."""
    v = model.eval(variable, model_completion=True)
    if z3.is_int_value(v):
        return int(v.as_long())
    q = v.as_fraction()
    return q.numerator if q.denominator == 1 else Fraction(q)


class Query:
    """A z3 solver in a context of its own, given conditions built in z3's shared one.

    z3 orders terms by the ids its context gives them (its rewriter sorts sums and products by
    id), and the shared context's ids follow every term the process has built before: one
    question took 3 s alone and ran for over an hour after other tests in the same process.
    Each condition is translated into a fresh context, so that a question's search is the
    same whatever ran before it. ``timeout`` (seconds) bounds the search: then
    :meth:`check` answers ``unknown``.

    >>> x = z3.Real("x")
    >>> q = Query(timeout=10)
    >>> q.add(x > 1, x < literal(Fraction(3, 2)))
    >>> q.check() == z3.sat and 1 < q.value(x) < Fraction(3, 2)
    True
    """

    def __init__(self, *, timeout: float | None) -> None:
        self.context = z3.Context()
        self.solver = z3.Solver(ctx=self.context)
        if timeout is not None:
            self.solver.set("timeout", max(1, int(timeout * 1000)))
        self._model: Any = None

    def add(self, *conditions: Term) -> None:
        """Assert each condition (a z3 Boolean term of the shared context)."""
        for c in conditions:
            self.solver.add(c.translate(self.context))

    def check(self) -> Any:
        """z3's answer: ``sat``, ``unsat`` or ``unknown``."""
        self._model = None
        return self.solver.check()

    def reason_unknown(self) -> str:
        """Why z3 answered ``unknown`` (a timeout, for instance)."""
        return str(self.solver.reason_unknown())

    def value(self, variable: Term) -> Scalar:
        """The exact value the model of a ``sat`` answer gives a variable of the shared context."""
        if self._model is None:
            self._model = self.solver.model()
        return model_number(self._model, variable.translate(self.context))


def decide_chain_smt(
    c: Chain, bounds: Bounds, domain: Domain, *, timeout: float | None = None
) -> ChainAnswer | None:
    """The chain question asked of z3 (``None`` if z3 gave up within ``timeout`` seconds)."""
    n = c.players
    solver = Query(timeout=timeout)
    us, u = component_terms("u", n, domain)
    ws, w = component_terms("w", n, domain)
    free: list[tuple[list[Term], tuple[Term, ...]]] = [(us, u), (ws, w)]
    rights: list[tuple[list[Term], tuple[Term, ...]] | None] = []
    for j, level in enumerate(c.levels):
        if level.right:
            rights.append(component_terms(f"R{j}", n, domain))
            free.append(rights[-1])  # type: ignore[arg-type]  # just set, not None
        else:
            rights.append(None)
    for _, terms in free:
        solver.add(within(terms, bounds.lower, bounds.total))

    def up(x: tuple[Term, ...]) -> tuple[Term, ...]:
        for j in range(len(c.levels) - 1, -1, -1):
            level, r = c.levels[j], rights[j]
            p = level.player
            if level.best is not None:
                b = tuple(_real(q) for q in level.best)
                x = tuple(z3.If(x[p] > b[p], xi, bi) for xi, bi in zip(x, b, strict=True))
            if r is not None:
                x = tuple(z3.If(r[1][p] > x[p], ri, xi) for ri, xi in zip(r[1], x, strict=True))
        return x

    solver.add(differs(up(u), up(w)))
    answer = solver.check()
    if answer == z3.unsat:
        return ChainAnswer(necessary=False)
    if answer != z3.sat:
        return None

    def read(vs: list[Term]) -> Vector:
        return tuple(solver.value(v) for v in vs)

    return ChainAnswer(
        necessary=True,
        values=(read(us), read(ws)),
        rights=tuple(None if r is None else read(r[0]) for r in rights),
    )


def _real(q: Scalar) -> Term:
    f = Fraction(q)
    return z3.RealVal(f"{f.numerator}/{f.denominator}")
