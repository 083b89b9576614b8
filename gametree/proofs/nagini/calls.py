"""The call graph of a verified kernel: what each function uses, and what it relies on.

Read from the kernel's source with ``ast``: function f *uses* g when g's name occurs in f's
body, in its code or its contracts (a postcondition that names ``maxn`` relies on ``maxn``'s
definition; a lemma called for its postcondition is relied on for its proof). Two things are
decided from it:

- **what a claim rests on** (:func:`relies_on`): its functions and everything they use,
  transitively. A claim is verified only if Nagini reported no error in any of them
  (:func:`gametree.proofs.nagini.verdicts`).
- **termination is never assumed** (:func:`unmeasured_recursion`). Nagini 1.2.0 proves that a
  ``@Pure`` function terminates by its ``Decreases`` measure; ``Decreases(None)`` is Viper's
  wildcard, which proves nothing: a self-recursive function under it verifies with a false
  postcondition. So a function may carry ``Decreases(None)`` only if it cannot reach itself;
  every recursive one needs a real measure (``Decreases(kids(k))``: a predicate instance,
  which shrinks at each unfolding), and every function needs some ``Decreases`` (without one
  Nagini does not check termination at all). Predicates (``@Predicate``) are exempt: Viper
  unfolds them explicitly, never by recursion.

Glossary: a *function* is a top-level ``def`` of the kernel, a *measure* the argument of its
``Decreases``.
"""

import ast
import functools
from collections.abc import Iterable

__all__ = ["function_at", "measures", "relies_on", "unmeasured", "unmeasured_recursion", "uses"]


@functools.lru_cache(maxsize=32)
def _body(text: str) -> tuple[ast.stmt, ...]:
    """The top-level statements of ``text``, parsed once however often it is asked about.

    A report asks of each kernel once per claim and flaw; nothing here changes a node.
    """
    return tuple(ast.parse(text).body)


def _functions(text: str) -> dict[str, ast.FunctionDef]:
    return {n.name: n for n in _body(text) if isinstance(n, ast.FunctionDef)}


def _decorated(f: ast.FunctionDef, name: str) -> bool:
    return any(isinstance(d, ast.Name) and d.id == name for d in f.decorator_list)


def uses(text: str) -> dict[str, frozenset[str]]:
    r"""Each function of the kernel ``text``, with the functions whose names occur in it.

    >>> found = uses("def f(x):\n    return g(x) + f(x)\ndef g(x):\n    return x\n")
    >>> {name: sorted(used) for name, used in found.items()}
    {'f': ['f', 'g'], 'g': []}
    """
    return dict(_uses(text))


@functools.lru_cache(maxsize=32)
def _uses(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    functions = _functions(text)
    return tuple(
        (
            name,
            frozenset(
                n.id
                for stmt in f.body
                for n in ast.walk(stmt)
                if isinstance(n, ast.Name) and n.id in functions
            ),
        )
        for name, f in functions.items()
    )


def _reach(graph: dict[str, frozenset[str]], start: Iterable[str]) -> set[str]:
    """Every function reachable from ``start`` in one or more steps (no recursion)."""
    seen: set[str] = set()
    todo = [g for f in start for g in graph.get(f, ())]
    while todo:
        f = todo.pop()
        if f not in seen:
            seen.add(f)
            todo.extend(graph.get(f, ()))
    return seen


def relies_on(text: str, functions: Iterable[str]) -> frozenset[str]:
    """``functions`` and everything they use, transitively, in the kernel ``text``."""
    chosen = set(functions)
    return frozenset(chosen | _reach(uses(text), chosen))


def measures(text: str) -> dict[str, str | None]:
    r"""Each function's ``Decreases`` measure as written (``"None"`` for the wildcard).

    ``None`` when it has no ``Decreases``; predicates are left out.

    >>> measures("def f(k):\n    Decreases(kids(k))\n    return 1\n")
    {'f': 'kids(k)'}
    """
    out: dict[str, str | None] = {}
    for name, f in _functions(text).items():
        if _decorated(f, "Predicate"):
            continue
        out[name] = next(
            (
                ast.unparse(s.value.args[0])
                for s in f.body
                if isinstance(s, ast.Expr)
                and isinstance(s.value, ast.Call)
                and isinstance(s.value.func, ast.Name)
                and s.value.func.id == "Decreases"
                and s.value.args
            ),
            None,
        )
    return out


def unmeasured(text: str) -> list[str]:
    """The functions of the kernel ``text`` (predicates aside) with no ``Decreases`` at all."""
    return [name for name, m in measures(text).items() if m is None]


def unmeasured_recursion(text: str) -> list[str]:
    r"""The functions with the wildcard ``Decreases(None)`` that can reach themselves.

    >>> unmeasured_recursion("def f(t):\n    Decreases(None)\n    return g(t)\n"
    ...                      "def g(t):\n    Decreases(None)\n    return f(t)\n")
    ['f', 'g']
    """
    graph = uses(text)
    return [
        name for name, m in measures(text).items() if m == "None" and name in _reach(graph, [name])
    ]


def function_at(text: str, line: int) -> str | None:
    r"""The top-level function (or class) of ``text`` whose lines hold ``line``, if any.

    >>> function_at("x = 1\n\ndef f():\n    return 2\n", 4)
    'f'
    """
    return next(
        (
            node.name
            for node in _body(text)
            if isinstance(node, ast.FunctionDef | ast.ClassDef)
            and node.lineno <= line <= (node.end_lineno or node.lineno)
        ),
        None,
    )
