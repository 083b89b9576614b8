"""The verified kernels run as they run, on trees that record what the search reads.

A verified kernel proves a search correct; that the search is the one ``impl`` runs is not
proved, it is tested: by value, and (here) by behaviour, the things that tell one pruning from
another, on the same trees. Two readings agree when the searches read the same leaves in the
same order and enter the same nodes, and so cut off at the same places (:func:`cuts`).

**Running a kernel as it runs** (:func:`erase`, :func:`running`). A kernel is Python, but its
contracts are Python calls too, whose arguments Python evaluates: ``Requires(fits(k, s, n))``
walks the whole subtree, as does a lemma called for its postcondition (``if not
maxn_choice_fits(k, p, s, n): return best``). Those are ghost code, which the verifier reads
and the search never runs. So the contracts (``Requires``, ``Ensures``, ``Decreases``
statements) are erased, and every call of a lemma (a function whose contract is
``Ensures(Result())``: it returns ``True``, for its postcondition) is replaced by ``True``. What
is left is the search, and what it reads is what it needs.

**Recording** (:func:`run`). The tree is built by :func:`gametree.proofs.nagini.convert.build`
from a ``spec`` tree, with nodes that know their path: reading a leaf's ``value`` records the
leaf, reading an interior node's ``kids`` records that the node was entered. The kernels read a
leaf's value once per evaluation (each leaf child is taken as ``c.value`` once), so the leaves
recorded are the static evaluations, in order, as ``impl``'s ``trace=True`` lists them.

Glossary: t is a ``spec`` tree, a *reading* what one search read, a *cut* a node entered whose
later children were not searched, named by the node's path and the last child searched (as
:mod:`gametree.impl.events`'s ``cut`` events name it).
"""

import ast
import contextlib
import types
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import attrs

from gametree.proofs.nagini.convert import build
from gametree.spec import Leaf, Node, Path
from gametree.spec import Tree as SpecTree
from gametree.spec.tree import subtree

__all__ = ["Reading", "cuts", "differences", "erase", "ghost", "lemmas", "run", "running"]

CONTRACTS = frozenset({"Requires", "Ensures", "Decreases"})
"""The contract statements erased: the verifier's, never run by the search."""

V = TypeVar("V")


def lemmas(text: str) -> frozenset[str]:
    r"""The functions of ``text`` called for their postcondition (``Ensures(Result())``).

    >>> sorted(lemmas("def f(k):\n    Ensures(Result())\n    return True\n"
    ...               "def g(k):\n    Ensures(Result() > 0)\n    return 1\n"))
    ['f']
    """
    found = set()
    for f in ast.parse(text).body:
        if isinstance(f, ast.FunctionDef) and any(
            isinstance(s, ast.Expr) and ast.unparse(s.value) == "Ensures(Result())" for s in f.body
        ):
            found.add(f.name)
    return frozenset(found)


class _Erase(ast.NodeTransformer):
    def __init__(self, ghost: frozenset[str]) -> None:
        self.ghost = ghost

    def visit_Expr(self, node: ast.Expr) -> ast.AST | None:
        call = node.value
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id in CONTRACTS
        ):
            return None
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if isinstance(node.func, ast.Name) and node.func.id in self.ghost:
            return ast.copy_location(ast.Constant(value=True), node)
        return self.generic_visit(node)


def erase(text: str) -> str:
    r"""The kernel ``text`` as it runs: contract statements removed, lemma calls ``True``.

    >>> print(erase("def f(k):\n    Requires(ok(k))\n    if not lemma(k):\n        return 0\n"
    ...             "    return 1\ndef lemma(k):\n    Ensures(Result())\n    return True\n"))
    def f(k):
        if not True:
            return 0
        return 1
    <BLANKLINE>
    def lemma(k):
        return True
    """
    tree = ast.parse(text)
    erased = _Erase(lemmas(text)).visit(tree)
    for f in ast.walk(erased):
        if isinstance(f, ast.FunctionDef) and not f.body:
            f.body = [ast.Pass()]
    return ast.unparse(ast.fix_missing_locations(erased))


def running(text: str, name: str) -> types.ModuleType:
    """The kernel ``text`` erased (:func:`erase`) and executed as a module called ``name``."""
    module = types.ModuleType(name)
    exec(compile(erase(text), f"<{name}, erased>", "exec"), module.__dict__)  # noqa: S102 - our own kernel's source
    return module


@attrs.frozen
class Reading:
    """What one search read.

    The leaves, in order (a leaf read twice is listed twice), and the interior nodes entered.
    """

    leaves: tuple[Path, ...]
    entered: frozenset[Path]


_GHOST = [0]
"""How many ghost evaluations are under way: while one is, nothing read is recorded."""


@contextlib.contextmanager
def ghost() -> Iterator[None]:
    """Evaluate ghost code (a contract, a lemma) without recording what it reads.

    The search does not read it (:mod:`gametree.proofs.nagini.checked` checks contracts under
    it).
    """
    _GHOST[0] += 1
    try:
        yield
    finally:
        _GHOST[0] -= 1


class _Log:
    def __init__(self) -> None:
        self.leaves: list[Path] = []
        self.entered: set[Path] = set()


class _Recorded:
    """A node of a kernel tree (``value``, ``to_move``, ``kids``) that records the reads."""

    __slots__ = ("_kids", "_value", "log", "path", "to_move")

    def __init__(self, log: _Log, path: Path, value: object, to_move: int, kids: object) -> None:
        self.log, self.path, self._value, self.to_move, self._kids = log, path, value, to_move, kids

    @property
    def value(self) -> object:
        if self._kids is None and not _GHOST[0]:
            self.log.leaves.append(self.path)
        return self._value

    @property
    def kids(self) -> object:
        if self._kids is not None and not _GHOST[0]:
            self.log.entered.add(self.path)
        return self._kids


class _Kids:
    __slots__ = ("head", "tail")

    def __init__(self, head: object, tail: object) -> None:
        self.head, self.tail = head, tail


def run(
    search: Callable[..., V],
    t: SpecTree,
    value: Callable[[Leaf], object],
    blank: object,
    *args: Any,
) -> tuple[V, Reading]:
    """``search(tree, *args)`` on ``t`` as a recording kernel tree, and what it read.

    ``value`` maps a leaf to the kernel's value (:func:`~gametree.proofs.nagini.convert.scalar`
    or :func:`~gametree.proofs.nagini.convert.vector`), ``blank`` is an interior node's.
    """
    log = _Log()
    tree = build(t, value, blank, lambda p, v, m, k: _Recorded(log, p, v, m, k), _Kids)
    result = search(tree, *args)
    return result, Reading(tuple(log.leaves), frozenset(log.entered))


def cuts(t: SpecTree, reading: Reading) -> tuple[tuple[Path, int], ...]:
    """Where the search cut off, in path order.

    Each node entered with children not searched, and the last child searched. A node whose
    searched children are not its first ones, in order, is not directional: it is listed with
    ``-1``.
    """
    touched = set(reading.leaves) | reading.entered
    out = []
    for path in sorted(reading.entered):
        node = subtree(t, path)
        assert isinstance(node, Node)
        searched = [i for i in range(len(node.children)) if (*path, i) in touched]
        if searched != list(range(len(searched))):
            out.append((path, -1))
        elif len(searched) < len(node.children):
            out.append((path, len(searched) - 1))
    return tuple(out)


def differences(
    t: SpecTree,
    reading: Reading,
    leaves: Sequence[Path],
    events: Sequence[dict[str, Any]],
) -> list[str]:
    """How ``reading`` differs from a search that read ``leaves`` with the events ``events``.

    ``leaves`` as ``impl``'s ``trace=True`` gives them, ``events`` as
    :func:`gametree.impl.events.trace` does; the leaves are compared in order, then the nodes
    entered, then the cut-offs. Empty when they agree.
    """
    out = []
    if tuple(reading.leaves) != tuple(leaves):
        pairs = zip(reading.leaves, leaves, strict=False)
        i = next((i for i, (a, b) in enumerate(pairs) if a != b),
                 min(len(reading.leaves), len(leaves)))  # fmt: skip
        out.append(
            f"leaves read: the kernel's {len(reading.leaves)}, impl's {len(leaves)}, first "
            f"apart at read {i}: {reading.leaves[i : i + 1]} against {tuple(leaves)[i : i + 1]}"
        )
    entered = frozenset(tuple(e["path"]) for e in events if e["type"] == "enter")
    if reading.entered != entered:
        out.append(
            f"nodes entered: only the kernel {sorted(reading.entered - entered)}, only impl "
            f"{sorted(entered - reading.entered)}"
        )
    theirs = tuple(sorted((tuple(e["path"]), e["after"]) for e in events if e["type"] == "cut"))
    if cuts(t, reading) != theirs:
        out.append(f"cut-offs: the kernel's {cuts(t, reading)}, impl's {theirs}")
    return out
