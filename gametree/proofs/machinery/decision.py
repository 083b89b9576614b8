"""Whether a directional algorithm must read a leaf: Korf 3.2.4's question, decided on one tree.

:func:`decide` answers it exactly for one leaf (the argument, the path lemma and the encodings are
in :mod:`gametree.proofs.theorems.optimality`, Korf's Theorem 1's module, which builds its checks on
it);
:func:`has_last_branch_chain` says which shapes the answer can differ from shallow pruning's on. Its
own module because both Korf's Theorem 1's checks and its adversary games
(:mod:`gametree.proofs.machinery.adversary`) rest on it.

Glossary: t is a tree, l (``leaf``) a path to one of its leaves, a *witness* two completions
that differ only at l and give different maxn values at the root.
"""

from collections.abc import Collection, Mapping, Sequence
from typing import Literal

import attrs
import z3  # type: ignore[import-untyped]  # z3-solver ships no type information

from gametree.impl.necessity import Chain, ChainAnswer, chain, completion, decide_chain
from gametree.impl.shallow import shallow
from gametree.proofs.machinery._smt import (
    Query,
    Term,
    TermVector,
    component_terms,
    decide_chain_smt,
    differs,
    maxn_terms,
    within,
)
from gametree.proofs.machinery.shapes import Shape
from gametree.spec import (
    Bounds,
    Domain,
    Leaf,
    Node,
    Path,
    Tree,
    TreeError,
    Value,
    Vector,
    check_bounds,
    iter_leaves,
    maxn,
)

__all__ = [
    "UNIT",
    "Decision",
    "Method",
    "Witness",
    "decide",
    "decide_on_chain",
    "has_last_branch_chain",
    "text_value",
    "with_values",
]

UNIT = Bounds(0, 1)
"""The bounds every real question reduces to: components >= 0 summing to at most 1."""


@attrs.frozen
class Witness:
    """Two completions that differ only at ``leaf`` and give different maxn values at the root.

    ``values`` are the leaf's two values, ``completion`` the values of every other leaf that
    was left free (by path), and ``roots`` the root values ``spec.maxn`` gives the two trees.
    """

    leaf: Path
    values: tuple[Vector, Vector]
    completion: tuple[tuple[Path, Vector], ...]
    roots: tuple[Vector, Vector]

    def trees(self, t: Tree) -> tuple[Tree, Tree]:
        """The two completed trees."""
        rest = dict(self.completion)
        return (
            with_values(t, {**rest, self.leaf: self.values[0]}),
            with_values(t, {**rest, self.leaf: self.values[1]}),
        )


@attrs.frozen
class Decision:
    """Whether a directional algorithm must read ``leaf`` of a tree, over one domain.

    ``necessary`` is ``None`` only if z3 answered "unknown" (it never has on these questions
    without a time limit) or the time given to the analysis ran out before the question was
    asked. A necessary leaf comes with its checked :class:`Witness`.
    """

    leaf: Path
    domain: Domain
    necessary: bool | None
    witness: Witness | None
    reason: str


def with_values(t: Tree, values: Mapping[Path, Value]) -> Tree:
    """``t`` with the leaves at the given paths replaced; the other subtrees are shared.

    Iterative, so a tree of any height is taken.
    """
    touched: set[Path] = set()
    for p in values:
        for k in range(len(p), -1, -1):
            if p[:k] in touched:
                break
            touched.add(p[:k])
    done: dict[Path, Tree] = {}
    stack: list[tuple[Path, Tree, bool]] = [((), t, False)]
    while stack:
        path, x, ready = stack.pop()
        if path not in touched:
            done[path] = x
        elif isinstance(x, Leaf):
            done[path] = Leaf(values[path])
        elif ready:
            done[path] = Node(x.to_move, [done.pop((*path, i)) for i in range(len(x.children))])
        else:
            stack.append((path, x, True))
            stack.extend(((*path, i), c, False) for i, c in enumerate(x.children))
    return done[()]


def _leaf_index(t: Tree, leaf: Path) -> tuple[list[tuple[Path, Vector]], int]:
    leaves = [(p, _vector(x)) for p, x in iter_leaves(t)]
    paths = [p for p, _ in leaves]
    if tuple(leaf) not in paths:
        raise TreeError(f"there is no leaf at path {list(leaf)}", ())
    return leaves, paths.index(tuple(leaf))


def _vector(x: Leaf) -> Vector:
    v = x.value
    if not isinstance(v, tuple):
        raise TreeError("the optimality question is about N-player vector values (got scalars)", ())
    return v


Method = Literal["chain", "chain-z3", "tree-z3"]
"""How :func:`decide` answers: the path lemma's chain searched without a solver (the default),
the chain asked of z3, or the whole tree's maxn asked of z3 (the cross-check, and the only one
that takes free leaves before the leaf). See :mod:`gametree.proofs.machinery._smt`."""


def decide(
    t: Tree,
    bounds: Bounds,
    leaf: Path,
    *,
    domain: Domain = "reals",
    known: Literal["all", "read"] = "all",
    unknown: Collection[Path] = (),
    timeout: float | None = None,
    method: Method = "chain",
) -> Decision:
    """Decide exactly whether a correct directional algorithm must read ``leaf`` of ``t``.

    The leaves before ``leaf`` are as in ``t`` (with ``known="read"``, only those that shallow
    pruning reads; the others are free, like the later ones), except those in ``unknown``, which are
    free too (leaves a search skipped, say). The leaf itself and every free leaf range over the
    vectors within ``bounds``, real or integer as ``domain`` says. Returns a witness checked with
    ``spec.maxn``, or the proof that none exists: the chain search found no joint moves that keep
    two values apart (``method="chain"``; a proof by exhaustion of
    :mod:`gametree.proofs.machinery._smt`), or z3's unsatisfiable query. With free leaves before
    ``leaf`` the path lemma does not apply and the whole-tree encoding is used, whatever ``method``
    says. With ``timeout`` (seconds) z3 may give up; the decision is then ``None``, and says so.

    >>> t = Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])
    >>> decide(t, Bounds(0, 9), (1, 1, 1)).necessary, decide(t, Bounds(0, 9), (1, 1, 0)).necessary
    (False, True)
    """
    check_bounds(t, bounds)
    _leaf_index(t, leaf)
    if known == "all" and not unknown and method != "tree-z3":
        return decide_on_chain(t, bounds, chain(t, leaf), domain, method, timeout=timeout)
    return _decide_on_tree(
        t, bounds, leaf, domain=domain, known=known, unknown=unknown, timeout=timeout
    )


def decide_on_chain(
    t: Tree, bounds: Bounds, c: Chain, domain: Domain, method: Method, *, timeout: float | None
) -> Decision:
    """:func:`decide` on the path lemma's chain ``c`` of ``t``."""
    answer: ChainAnswer | None = None
    if method == "chain":
        answer = decide_chain(c, bounds, domain)
        how = "the chain search (no solver)"
    if answer is None:
        answer = decide_chain_smt(c, bounds, domain, timeout=timeout)
        how = "z3 on the chain" + (
            "" if method == "chain-z3" else " (the chain search was too long)"
        )
    if answer is None:
        return Decision(c.leaf, domain, None, None, "z3 gave up on the chain within the time")
    if not answer.necessary:
        return Decision(
            c.leaf,
            domain,
            necessary=False,
            witness=None,
            reason=f"{how}: no two values of the leaf and no values of the later leaves keep "
            "the root apart (the path lemma: only the path to the leaf matters)",
        )
    assert answer.values is not None
    assert answer.rights is not None
    later = completion(t, c, answer.rights)
    return _checked(
        t, bounds, domain, Witness(c.leaf, answer.values, tuple(later.items()), ((), ()))
    )


def _decide_on_tree(
    t: Tree,
    bounds: Bounds,
    leaf: Path,
    *,
    domain: Domain,
    known: Literal["all", "read"],
    unknown: Collection[Path],
    timeout: float | None,
) -> Decision:
    """The whole tree's maxn with every free leaf an unknown, asked of z3."""
    leaves, k = _leaf_index(t, leaf)
    read = set(shallow(t, bounds, trace=True).trace or ()) if known == "read" else None
    solver = Query(timeout=timeout)
    variables: dict[Path, list[Term]] = {}
    terms: dict[Path, TermVector] = {}
    for j, (path, value) in enumerate(leaves):
        if j > k or (j < k and ((read is not None and path not in read) or path in unknown)):
            variables[path], terms[path] = component_terms(f"leaf{list(path)}", t.players, domain)
            solver.add(within(terms[path], bounds.lower, bounds.total))
        elif j < k:
            terms[path] = value
    here = tuple(leaves[k][0])
    xs, x = component_terms("u", t.players, domain)
    ys, y = component_terms("w", t.players, domain)
    solver.add(within(x, bounds.lower, bounds.total), within(y, bounds.lower, bounds.total))
    root_x = maxn_terms(t, lambda p: x if p == here else terms[p])
    root_y = maxn_terms(t, lambda p: y if p == here else terms[p])
    solver.add(differs(root_x, root_y))
    answer = solver.check()
    if answer == z3.unsat:
        return Decision(
            here,
            domain,
            necessary=False,
            witness=None,
            reason="z3: unsatisfiable, so no two values of the leaf give different roots, "
            "whatever the free leaves hold",
        )
    if answer != z3.sat:
        why = f" ({solver.reason_unknown()})" if answer == z3.unknown else ""
        return Decision(
            here, domain, necessary=None, witness=None, reason=f"z3 answered {answer}{why}"
        )

    def read_out(vs: Sequence[Term]) -> Vector:
        return tuple(solver.value(v) for v in vs)

    return _checked(
        t,
        bounds,
        domain,
        Witness(
            here,
            (read_out(xs), read_out(ys)),
            tuple((p, read_out(vs)) for p, vs in variables.items()),
            ((), ()),
        ),
    )


def _checked(t: Tree, bounds: Bounds, domain: Domain, witness: Witness) -> Decision:
    """The decision "necessary" with its witness, checked with ``spec.maxn`` on both trees."""
    here = witness.leaf
    for v in {*witness.values, *(v for _, v in witness.completion)}:
        if (problem := bounds.problem(v)) is not None:
            raise AssertionError(f"the decision's witness {witness} is out of bounds: {problem}")
    a, b = witness.trees(t)
    roots = (_root(a), _root(b))
    if roots[0] == roots[1]:
        raise AssertionError(
            f"the decision disagrees with spec.maxn: its completions {witness} give the "
            f"same root value {roots[0]}"
        )
    return Decision(
        here,
        domain,
        necessary=True,
        witness=attrs.evolve(witness, roots=roots),
        reason=f"two completions give the roots {text_value(roots[0])} and "
        f"{text_value(roots[1])} (checked with spec.maxn)",
    )


def text_value(v: Vector) -> str:
    """A vector as text, exact fractions as 3/7: ``(5/4, 1/2, 0)``."""
    return "(" + ", ".join(str(c) for c in v) + ")"


def _root(t: Tree) -> Vector:
    v = maxn(t).value
    assert isinstance(v, tuple)
    return v


def has_last_branch_chain(shape: Shape, players: int, *, shortest: int = 3) -> bool:
    """Whether ``shape``, players in turn, has a chain along which last-branch pruning can cut.

    A chain is a_1, a_2, ..., a_k = n with ``shortest`` <= k <= N, each the parent of the
    next, a_2 not the first child of a_1 (so a_1 has a best when a_2 is searched), a_(j+1)
    the last child of a_j for 2 <= j < k (the intermediates are on their last branch), and n
    with at least two children. With players in turn the k players are distinct exactly when
    k <= N. Over the reals the chains that matter have k >= 3 (k = 2 is shallow pruning
    itself); over the integers k = 2 matters too (see the module docstring).

    >>> unary, plain = (None, ((None, None),)), (None, (None, None))
    >>> has_last_branch_chain(unary, 3), has_last_branch_chain(plain, 3)
    (True, False)
    """

    def down(n: Shape, steps: int) -> bool:
        # n is a_j for j >= 2 and reached through last children; steps = j.
        if n is None or steps > players:
            return False
        if steps >= shortest and len(n) >= 2:
            return True
        return down(n[-1], steps + 1)

    stack: list[Shape] = [shape]
    while stack:
        a = stack.pop()
        if a is None:
            continue
        stack.extend(a)
        if any(down(b, 2) for b in a[1:]):
            return True
    return False
