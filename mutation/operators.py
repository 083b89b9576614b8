"""Mutants of one function of ``gametree.impl``, made on its syntax tree, and put into a process.

The gate's mutation score (:mod:`mutation.gate`) asks each mutant as a target, in a worker
process of its own, against the unmutated reference in the gate's process: :func:`mutants`
lists a function's mutants, :func:`install` puts one into the running process by giving the
function (every reference to it, wherever it was imported) the mutated code.

The operators are the five that Offutt, Lee, Rothermel, Untch and Zapf found sufficient
("An Experimental Determination of Sufficient Mutant Operators", ACM TOSEM 5(2), 1996), with
the relational replacements cut to the boundary shift and the negation (Kaminski, Ammann and
Offutt, "Better Predicate Testing", AST 2011, show a smaller set subsumes the rest), and three
that search code calls for:

- ``ROR`` relational: ``<`` to ``<=`` and to ``>=``, ``>`` to ``>=`` and to ``<=`` (and back),
  ``==`` and ``!=``, ``is`` and ``is not``, ``in`` and ``not in``;
- ``AOR`` arithmetic: ``+`` and ``-``, ``*`` to ``/``, ``/`` and ``//`` to ``*`` (also in ``+=``);
- ``UOI`` unary: a negation ``-x`` or a ``not x`` dropped;
- ``LCR`` logical: ``and`` and ``or``;
- ``CRP`` constants: an integer n to n + 1 and to n - 1, ``True`` and ``False``;
- ``MMR`` ``max`` and ``min``;
- ``SDL`` a ``break`` or ``continue`` deleted.

What is never mutated: an ``assert`` or ``raise`` statement (an internal check or the text of an
error), an f-string, an annotation, a decorator or a default argument. Glossary: a *site* is a
node of the function's syntax tree and one replacement of it; sites are numbered per operator
in source order, so a mutant is named ``module:function:OPk``.
"""

import ast
import copy
import importlib
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FunctionType, ModuleType

import attrs

__all__ = ["OPERATORS", "Mutant", "install", "mutants"]

OPERATORS = ("ROR", "AOR", "UOI", "LCR", "CRP", "MMR", "SDL")

_ROR: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.GtE),
    ast.LtE: (ast.Lt, ast.Gt),
    ast.Gt: (ast.GtE, ast.LtE),
    ast.GtE: (ast.Gt, ast.Lt),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
}
_AOR: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Mult,
}
_MMR = {"max": "min", "min": "max"}


@attrs.frozen
class Mutant:
    """One mutant: the function it changes, the operator, the site, and the change in words."""

    module: str
    """The module's dotted name, ``gametree.impl.shallow``."""
    function: str
    """A module-level function or a method, ``shallow_search`` or ``Engine._run``."""
    operator: str
    index: int
    """Which site of the operator in the function, from 0 in source order."""
    line: int
    before: str
    after: str

    @property
    def name(self) -> str:
        """``module:function:OPk``, what the results and the equivalent list name it by."""
        return f"{self.module}:{self.function}:{self.operator}{self.index}"

    @property
    def change(self) -> str:
        """The change in words: ``line 55: `best[player] >= bound` → `best[player] > bound```."""
        return f"line {self.line}: `{self.before}` → `{self.after}`"


Site = tuple[str, ast.AST, ast.AST, Callable[[ast.AST], None]]
"""An operator, the node it changes, the node it becomes, and how to put that in its place."""


def _replacer(parent: ast.AST, field: str, index: int | None) -> Callable[[ast.AST], None]:
    def put(new: ast.AST) -> None:
        if index is None:
            setattr(parent, field, new)
        else:
            getattr(parent, field)[index] = new

    return put


def _with(node: ast.AST, **changes: object) -> ast.AST:
    new = copy.copy(node)
    for k, v in changes.items():
        setattr(new, k, v)
    return new


def _replacements(node: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    """The operators that apply to ``node`` alone, and what each turns it into."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for new in _ROR.get(type(op), ()):
                ops = list(node.ops)
                ops[i] = new()
                yield "ROR", _with(node, ops=ops)
    elif isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in _AOR:
        yield "AOR", _with(node, op=_AOR[type(node.op)]())
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.Not):
        yield "UOI", node.operand
    elif isinstance(node, ast.BoolOp):
        yield "LCR", _with(node, op=ast.Or() if isinstance(node.op, ast.And) else ast.And())
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield "CRP", _with(node, value=not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        yield "CRP", _with(node, value=node.value + 1)
        yield "CRP", _with(node, value=node.value - 1)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _MMR:
        yield "MMR", _with(node, func=_with(node.func, id=_MMR[node.func.id]))
    elif isinstance(node, ast.Break | ast.Continue):
        yield "SDL", ast.Pass()


def _skipped(parent: ast.AST, field: str) -> bool:
    """Whether the child ``field`` of ``parent`` is never mutated (see the module docstring)."""
    if isinstance(parent, ast.Assert | ast.Raise | ast.JoinedStr):
        return True
    if field in {"annotation", "returns", "decorator_list", "defaults", "kw_defaults"}:
        return True
    return isinstance(parent, ast.AnnAssign) and field == "annotation"


def _sites(function: ast.FunctionDef) -> list[Site]:
    """Every site of ``function``'s body, in source order (nested functions included)."""
    out: list[Site] = []

    def visit(parent: ast.AST) -> None:
        for field, value in ast.iter_fields(parent):
            if _skipped(parent, field):
                continue
            children = value if isinstance(value, list) else [value]
            for i, child in enumerate(children):
                if not isinstance(child, ast.AST):
                    continue
                if isinstance(child, ast.Assert | ast.Raise):
                    continue
                if isinstance(child, ast.Expr) and isinstance(child.value, ast.Constant):
                    continue  # a docstring
                where = _replacer(parent, field, i if isinstance(value, list) else None)
                for op, new in _replacements(child):
                    out.append((op, child, new, where))
                visit(child)

    visit(function)
    return out


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef]]:
    """The module-level functions and the methods of module-level classes, by qualified name."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    yield f"{node.name}.{item.name}", item


def _source(module: str) -> tuple[str, Path]:
    path = Path(str(importlib.import_module(module).__file__))
    return path.read_text(encoding="utf-8"), path


def mutants(module: str, functions: tuple[str, ...]) -> list[Mutant]:
    """Every mutant of the named functions of ``module``, function by function, site by site.

    >>> ms = mutants("gametree.impl.shallow", ("shallow_search",))
    >>> [(m.before, m.after) for m in ms if m.operator == "ROR"][1:3]
    [('best[player] >= bound', 'best[player] > bound'), \
('best[player] >= bound', 'best[player] < bound')]
    """
    text, _ = _source(module)
    tree = ast.parse(text)
    found = dict(_functions(tree))
    unknown = [f for f in functions if f not in found]
    if unknown:
        raise KeyError(f"{module} has no function {', '.join(unknown)}")
    out = []
    for f in functions:
        counts: dict[str, int] = {}
        for op, node, new, _ in _sites(found[f]):
            k = counts.get(op, 0)
            counts[op] = k + 1
            out.append(Mutant(module, f, op, k, getattr(node, "lineno", 0),
                              _text(node), _text(new)))  # fmt: skip
    return out


def _text(node: ast.AST) -> str:
    if isinstance(node, ast.Pass):
        return "pass"
    return " ".join(ast.unparse(node).split())


def install(m: Mutant) -> None:
    """Give ``m``'s function, in this process, the mutated code (its module already imported).

    The module's source is parsed, the site changed, the whole module compiled and run in a
    scratch namespace, and the function found there lends its code to the real one, so that
    every reference to the function (``from ... import`` elsewhere, a registry, a method of a
    class) runs the mutant. Raises ``ValueError`` if the site is not the mutant's any more.
    """
    text, path = _source(m.module)
    tree = ast.parse(text)
    function = dict(_functions(tree))[m.function]
    sites = [s for s in _sites(function) if s[0] == m.operator]
    _, node, new, put = sites[m.index]
    if (_text(node), _text(new)) != (m.before, m.after):
        raise ValueError(f"{m.name} is no longer {m.change}")
    put(new)
    ast.fix_missing_locations(tree)
    scratch: dict[str, object] = {"__name__": m.module, "__file__": str(path)}
    exec(compile(tree, str(path), "exec"), scratch)  # noqa: S102 - the mutant is the point
    real = importlib.import_module(m.module)
    _function(real, m.function).__code__ = _function(scratch, m.function).__code__


def _function(where: ModuleType | dict[str, object], qualname: str) -> FunctionType:
    names = qualname.split(".")
    x: object = where if isinstance(where, dict) else vars(where)
    x = x[names[0]]  # type: ignore[index]
    if len(names) == 2:
        x = inspect.getattr_static(x, names[1])
    if isinstance(x, property):
        x = x.fget
    if isinstance(x, staticmethod | classmethod):
        x = x.__func__
    assert isinstance(x, FunctionType), qualname
    return x
