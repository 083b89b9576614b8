"""The ``gametree`` command.

Exit codes: 0 success; 1 a check failed (a bundled example disagrees with its source);
2 bad usage (argparse's own).
"""

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from spec import Solution, Tree, maxn, minimax, separate_evaluations
from spec.examples import EXAMPLES, Example
from spec.values import Value

DEFINITIONS: dict[str, Callable[[Tree], Solution[Any]]] = {
    "minimax": minimax,
    "maxn": maxn,
    "separate_evaluations": separate_evaluations,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``gametree`` command line; return its exit code."""
    parser = argparse.ArgumentParser(
        prog="gametree",
        description="A reference implementation of game-tree search, checked against its spec.",
        epilog="Exit codes: 0 success, 1 a check failed, 2 bad usage.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    examples = commands.add_parser(
        "examples",
        help="solve the bundled example trees with the spec",
        description=(
            "Solve the sources' worked examples (seeds 002 and 004, Korf's Figures 2 and 5) "
            "with the spec, print each value and principal variation, and check each value "
            "against the one the source states. Exit code 1 if any disagrees."
        ),
    )
    examples.add_argument("--json", action="store_true", help="print JSON lines, one per tree")
    args = parser.parse_args(argv)
    if args.command == "examples":
        return _examples(as_json=args.json)
    raise AssertionError(args.command)  # pragma: no cover - argparse rejects other commands


def _examples(*, as_json: bool) -> int:
    failures = 0
    for ex in EXAMPLES:
        s = DEFINITIONS[ex.definition](ex.tree)
        agrees = s.value == ex.stated_value
        failures += not agrees
        print(
            json.dumps(_record(ex, s, agrees=agrees))
            if as_json
            else _describe(ex, s, agrees=agrees)
        )
    return 1 if failures else 0


def _record(ex: Example, s: Solution[Any], *, agrees: bool) -> dict[str, object]:
    return {
        "name": ex.name,
        "source": ex.source,
        "definition": ex.definition,
        "value": _json_value(s.value),
        "best_move": s.best_move,
        "principal_variation": list(s.principal_variation),
        "stated_value": _json_value(ex.stated_value),
        "agrees": agrees,
        "nodes": ex.tree.size,
        "leaves": ex.tree.leaf_count,
    }


def _describe(ex: Example, s: Solution[Any], *, agrees: bool) -> str:
    verdict = "agrees with the source" if agrees else "DISAGREES with the source"
    return (
        f"{ex.name}: {ex.source}\n"
        f"  {ex.definition} = {_text_value(s.value)}, principal variation "
        f"{list(s.principal_variation)} ({ex.tree.size} nodes, {ex.tree.leaf_count} leaves)\n"
        f"  stated: {_text_value(ex.stated_value)}, {verdict}; {ex.note}"
    )


def _json_value(v: Value) -> object:
    """Numbers as JSON integers, exact fractions as strings such as "3/7", vectors as lists."""
    if isinstance(v, tuple):
        return [_json_value(c) for c in v]
    return str(v) if isinstance(v, Fraction) else v


def _text_value(v: Value) -> str:
    if isinstance(v, tuple):
        return "(" + ", ".join(_text_value(c) for c in v) + ")"
    return str(v)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
