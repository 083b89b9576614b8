"""What the gate expects of one case, for a person to check by hand: ``gametree solve --semantics``.

A minimal failing case is reported with its expected and actual answers; this module says the
expected answer again, at length, from the case alone: ``gametree solve CASE.json --semantics
NAME [--window A B ...]`` reads CASE.json (a tree document, a request as the gate sends
it, or a minimal case the gate saved) and prints exactly what the gate would accept from a
target claiming NAME: the value or the range of values the window allows, the best moves (the
leftmost first, which ``--best-move`` asks for), the principal variation, and the leaves in
the order ``--strict-order`` compares them. The gate's report prints that command for each
minimal case (:func:`solve_command`).

Glossary: a *case file* is CASE.json; its *request* is what the gate sends a target (without
``id``), read by :func:`gametree.conform.codec.case_from_request`.
"""

import json
import shlex
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from gametree._json import loads
from gametree.clitools import text_value
from gametree.conform.codec import Case
from gametree.conform.semantics import SEMANTICS, best_moves, expected
from gametree.spec import Scalar
from gametree.treefile import TreeFileError, json_value

__all__ = [
    "OVERRIDES",
    "expectation_json",
    "expectation_lines",
    "request_from_file",
    "solve_command",
]

OVERRIDES = {
    "player": "--player",
    "first_guess": "--first-guess",
    "domain": "--domain",
}
"""The members of a request ``gametree solve`` may set besides the window (``--window A B``),
by the option that sets each."""


def request_from_file(
    text: str,
    semantics: str,
    given: Mapping[str, object],
    window: tuple[Scalar | None, Scalar | None] | None = None,
) -> dict[str, object]:
    """The request CASE.json makes under ``semantics``, with the members ``given`` set.

    CASE.json is a minimal case the gate saved (its ``request``), a request, or a tree
    document (canonical or shorthand), whose window is then open unless ``window`` is given
    (``None`` for an open side). A member given replaces the request's (``None`` values are not
    given), and so does a window given. ``TreeFileError`` says what is wrong, and where;
    :func:`gametree.conform.codec.case_from_request` reads the case it asks.
    """
    if semantics not in SEMANTICS:
        raise TreeFileError(f"no semantics {semantics!r}: one of {', '.join(SEMANTICS)}")
    doc = loads(text)
    if isinstance(doc, dict) and isinstance(doc.get("request"), dict):
        doc = doc["request"]
    is_request = isinstance(doc, dict) and ("tree" in doc or "game" in doc) and "format" not in doc
    req: dict[str, object] = dict(doc) if is_request else {"tree": doc}  # type: ignore[call-overload]
    if SEMANTICS[semantics].game and "game" not in req:
        raise TreeFileError(f"{semantics} asks about a game: give a request with its 'game' (a "
                            f"minimal case the gate saved), not a tree")  # fmt: skip
    sides: dict[str, object] = {} if window is None else {"alpha": window[0], "beta": window[1]}
    for key, x in {**given, **sides}.items():
        if x is not None or key in sides:
            req[key] = json_value(x) if isinstance(x, int | Fraction) else x
    return req


def _window(case: Case) -> str:
    if not SEMANTICS[case.semantics].window:
        return ""
    a = "open" if case.alpha is None else str(case.alpha)
    b = "open" if case.beta is None else str(case.beta)
    return f" over the window (alpha {a}, beta {b})"


def expectation_lines(case: Case) -> list[str]:
    """What the gate expects of ``case``, one line a member, as ``gametree solve`` prints it.

    >>> from gametree.spec import Node
    >>> for line in expectation_lines(Case("alphabeta-fail-hard", Node.by_depth([[3, 5], [3]]),
    ...                                    alpha=1)):
    ...     print(line)
    semantics: alphabeta-fail-hard over the window (alpha 1, beta open)
    value: 3
    best moves: 0 and 1 (--best-move: 0, the leftmost)
    principal variation: [0, 0]
    leaves in order (--strict-order): [0, 0] [0, 1] [1, 0]
    """
    e = expected(case)
    lines = [f"semantics: {case.semantics}{_window(case)}"]
    if e.witness is not None:
        lines.append(f"value: {e.witness.text()}")
        return lines
    if e.by_depth is not None:
        lines.append("value and best moves at each depth the reply may name ('depth'):")
        lines.extend(f"  depth {d}: value {v}, best moves {', '.join(ms) or '(none)'}"
                     for d, v, ms in e.by_depth)  # fmt: skip
        return lines
    if e.value is not None:
        own = ""
        if e.value != e.true_value:
            own = f" ({case.semantics}'s; the true value is {text_value(e.true_value)})"
        lines.append(f"value: {text_value(e.value)}{own}")
    elif e.value_range is not None:
        lo, hi = e.value_range
        lines.append(f"value: any in [{lo}, {hi}] (the true value is {text_value(e.true_value)}: "
                     f"outside the window, no move is determined)")  # fmt: skip
    moves = best_moves(case, e)
    if moves:
        named = " and ".join(str(m) for m in moves)
        if e.optimal_moves is not None:
            lines.append(f"best moves: {named} (any of them)")
        else:
            lines.append(f"best moves: {named} (--best-move: {e.best_move}, the leftmost)")
    elif moves == ():
        lines.append("best move: none (the root is terminal: 'best_move' is null)")
    if e.principal_variation is not None:
        lines.append(f"principal variation: {list(e.principal_variation)}")
    if e.optimal_moves is None:
        leaves = " ".join(json.dumps(list(p)) for p in e.trace)
        lines.append(f"leaves in order (--strict-order): {leaves}")
    return lines


def expectation_json(case: Case) -> dict[str, object]:
    """What the gate expects of ``case``, as ``gametree solve --semantics --json`` prints it.

    The ``expected`` object of the gate's report (and of the vector files) and the best
    moves: ``{"semantics", "expected", "best_moves"}``; ``best_moves`` is ``null`` where the
    case determines no move.
    """
    e = expected(case)
    moves = best_moves(case, e)
    return {"semantics": case.semantics, "expected": e.json(),
            "best_moves": None if moves is None else list(moves)}  # fmt: skip


def solve_command(case: Case, path: Path | str) -> str:
    """The command that prints what the gate expects of ``case``, saved at ``path``.

    The window and the other members are written out, though the saved request holds them,
    so that the line says what it asks.

    >>> from gametree.spec import Node
    >>> solve_command(Case("pvs", Node.by_depth([1, 2]), alpha=Fraction(1, 2)), "c 1.json")
    "gametree solve 'c 1.json' --semantics pvs --window 1/2 inf"
    """
    words = ["gametree", "solve", str(path), "--semantics", case.semantics]
    s = SEMANTICS[case.semantics]
    if s.window and (case.alpha is not None or case.beta is not None):
        words += ["--window", "-inf" if case.alpha is None else str(case.alpha),
                  "inf" if case.beta is None else str(case.beta)]  # fmt: skip
    members: dict[str, object] = {}
    if s.player:
        members["player"] = case.player
    if s.guess and case.first_guess != 0:
        members["first_guess"] = case.first_guess
    if s.domain and case.domain != "reals":
        members["domain"] = case.domain
    for key, x in members.items():
        if x is not None:
            words += [OVERRIDES[key], str(x)]
    return shlex.join(words)
