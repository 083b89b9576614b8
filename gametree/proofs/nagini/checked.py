"""The verified kernels run with their contracts checked: proofs that cannot pass vacuously.

Nagini proves ``Requires(P) ==> Ensures(Q)`` for every input; a precondition nothing meets
makes that true of nothing (``Requires(a < b and b < a + 1)`` verifies, as it would of any
postcondition). So the tests run the kernels with their contracts read as Python, on concrete
trees: :func:`checking` rewrites a kernel so that each function checks its preconditions on
entry and its postconditions on return (``Result()`` is the value returned), and the
predicates (``@Predicate``) hold only when their bodies do; a contract that does not hold
raises :class:`ContractError`, naming the function and the contract. Each function counts the
calls whose preconditions held (:data:`ENTERED`): a function never entered with its
preconditions met on its claim's instance, or on the trees the pin tests draw, is reported
(``tests/test_verified_instances.py``, ``tests/test_verified_pinned.py``), and a seeded vacuous
precondition is caught there. Contracts and lemma calls are ghost code: they are evaluated
under :func:`gametree.proofs.nagini.reads.ghost`, so a checked kernel reads, on a recording
tree, exactly what the search reads, and the pin tests compare it with ``impl`` as they
compare the kernel with its contracts erased.

What Python can read of a contract: ``Implies(p, q)`` is ``not p or q``, short-circuited (the
predicates read a field of a child only behind an ``Implies`` that says there is one);
``Acc(...)`` (a permission) is ``True``; ``Unfold`` is a no-op and ``Unfolding(p, e)`` is ``e``
(permissions again); ``Forall(int, f)`` is checked on the integers -1 to 8, which holds every
index the kernels quantify over (a component of a vector of at most 8 players, and one out of
range on each side: the quantified bodies are guarded by ``0 <= i < n``), its triggers dropped;
``Decreases`` is
dropped (termination is Nagini's, and ``tests/test_verified_termination.py``'s). Lemmas (their
contract ``Ensures(Result())``) run for real and check their postconditions, which are the facts
they prove, on the tree at hand.

Glossary: a *contract* is a ``Requires`` or ``Ensures`` statement, an *instance* a call of a
function whose preconditions held.
"""

import ast
import types
from collections import Counter
from collections.abc import Callable
from typing import Any

from gametree.proofs.nagini.reads import ghost, lemmas

__all__ = ["ENTERED", "ContractError", "checking", "requirements"]

ENTERED = "__entered__"
"""The name, in a checked kernel, of the :class:`collections.Counter` of each function's
instances (calls whose preconditions held)."""

FORALL = range(-1, 9)
"""The integers a ``Forall(int, ...)`` is checked on."""


class ContractError(AssertionError):
    """A contract of a kernel that did not hold when the kernel ran."""


def _check(holds: Callable[[], object], kind: str, function: str, contract: str) -> None:
    with ghost():
        if not holds():
            raise ContractError(f"the {kind} of {function} does not hold: {contract}")


def _ghost(call: Callable[[], object]) -> object:
    with ghost():
        return call()


def _later(e: ast.expr) -> ast.Lambda:
    """``lambda: e``: evaluated when ghost code runs, not before."""
    empty = ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[])
    return ast.Lambda(empty, e)


def _forall(body: Any) -> bool:
    return all(body(i) for i in FORALL)


def _call(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _contract(stmt: ast.stmt, name: str) -> ast.expr | None:
    if isinstance(stmt, ast.Expr) and _call(stmt.value, name):
        call = stmt.value
        assert isinstance(call, ast.Call)
        return call.args[0]
    return None


def _forall_read(node: ast.Call) -> ast.expr:
    body = node.args[1]
    if isinstance(body, ast.Lambda) and isinstance(body.body, ast.Tuple):
        body.body = body.body.elts[0]  # the triggers, which index out of range, go
    return ast.Call(ast.Name("__forall__", ast.Load()), [body], [])


READ: dict[str, Callable[[ast.Call], ast.expr]] = {
    "Implies": lambda n: ast.BoolOp(ast.Or(), [ast.UnaryOp(ast.Not(), n.args[0]), n.args[1]]),
    "Acc": lambda _: ast.Constant(value=True),
    "Unfolding": lambda n: n.args[1],
    "Forall": _forall_read,
    "Result": lambda _: ast.Name("__result__", ast.Load()),
}
"""Each contract function inside an expression, as Python reads it (the module docstring)."""


class _Read(ast.NodeTransformer):
    """The contract functions as Python reads them (:data:`READ`), lemma calls made ghost."""

    def __init__(self, ghosts: frozenset[str]) -> None:
        self.ghosts = ghosts

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if not isinstance(node.func, ast.Name):
            return node
        if node.func.id in self.ghosts:
            return ast.Call(ast.Name("__ghost__", ast.Load()), [_later(node)], [])
        read = READ.get(node.func.id)
        return node if read is None else read(node)


def _checked(f: ast.FunctionDef) -> None:
    """Rewrite ``f`` in place: contracts checked around its body, which runs as written."""
    pre: list[ast.expr] = []
    post: list[ast.expr] = []
    body: list[ast.stmt] = []
    for stmt in f.body:
        if (e := _contract(stmt, "Requires")) is not None:
            pre.append(e)
        elif (e := _contract(stmt, "Ensures")) is not None:
            post.append(e)
        elif _contract(stmt, "Decreases") is None and not (
            isinstance(stmt, ast.Expr) and _call(stmt.value, "Unfold")
        ):
            body.append(stmt)
    f.decorator_list = [d for d in f.decorator_list if not (isinstance(d, ast.Name)
                                                            and d.id == "Predicate")]  # fmt: skip

    def check(kind: str, e: ast.expr) -> ast.stmt:
        text = ast.unparse(e)
        args = [_later(e), ast.Constant(kind), ast.Constant(f.name), ast.Constant(text)]
        return ast.Expr(ast.Call(ast.Name("__check__", ast.Load()), args, []))

    inner = ast.FunctionDef(
        name="__body__",
        args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=[
            s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        ]
        or [ast.Pass()],
        decorator_list=[],
        returns=None,
    )
    count = ast.parse(f"{ENTERED}[{f.name!r}] += 1").body[0]
    call = ast.parse("__result__ = __body__()").body[0]
    give = ast.Return(ast.Name("__result__", ast.Load()))
    f.body = [
        *(check("precondition", e) for e in pre),
        count,
        inner,
        call,
        *(check("postcondition", e) for e in post),
        give,
    ]


def checking(text: str, name: str) -> types.ModuleType:
    r"""The kernel ``text`` with its contracts checked, executed as a module called ``name``.

    >>> k = checking("def f(a: int) -> int:\n    Requires(a > 0)\n    Ensures(Result() > a)\n"
    ...              "    return a + 1\n", "k")
    >>> k.f(1), k.__entered__["f"]
    (2, 1)
    >>> k.f(0)
    Traceback (most recent call last):
    ...
    gametree.proofs.nagini.checked.ContractError: the precondition of f does not hold: a > 0
    """
    tree = _Read(lemmas(text)).visit(ast.parse(text))
    for f in tree.body:
        if isinstance(f, ast.FunctionDef):
            _checked(f)
    module = types.ModuleType(name)
    module.__dict__.update(
        {"__check__": _check, "__forall__": _forall, "__ghost__": _ghost, ENTERED: Counter[str]()}
    )
    code = compile(ast.fix_missing_locations(tree), f"<{name}, contracts checked>", "exec")
    exec(code, module.__dict__)  # noqa: S102 - our own kernel's source
    return module


def requirements(text: str) -> frozenset[str]:
    r"""The functions of the kernel ``text`` that have a precondition.

    >>> sorted(requirements("def f(a):\n    Requires(a > 0)\n    return a\n"
    ...                     "def g(a):\n    return a\n"))
    ['f']
    """
    return frozenset(
        f.name
        for f in ast.parse(text).body
        if isinstance(f, ast.FunctionDef)
        and any(_contract(s, "Requires") is not None for s in f.body)
    )
