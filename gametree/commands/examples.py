"""``gametree examples``: solve the bundled example trees with the spec (the main job)."""

import argparse
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from gametree.spec import Solution, Tree, maxn, minimax, separate_evaluations
from gametree.spec.examples import EXAMPLES, Example
from gametree.spec.values import Value

NAME = "examples"
DESCRIPTION = (
    "Solve the sources' worked examples (the Alpha-Beta Pruning article, the CSCE 315 slides, "
    "Korf's Figures 2 and 5) with the spec, print each value and principal variation, and "
    "check each value against the one the source states. Exit code 1 if any disagrees."
)

DEFINITIONS: dict[str, Callable[[Tree], Solution[Any]]] = {
    "minimax": minimax,
    "maxn": maxn,
    "separate_evaluations": separate_evaluations,
}


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument("--json", action="store_true", help="print JSON lines, one per tree")


def run(args: argparse.Namespace) -> int:
    """Print every example; 1 if any disagrees with its source, else 0."""
    failures = 0
    for ex in EXAMPLES:
        s = DEFINITIONS[ex.definition](ex.tree)
        agrees = s.value == ex.stated_value
        failures += not agrees
        print(
            json.dumps(record(ex, s, agrees=agrees))
            if args.json
            else describe(ex, s, agrees=agrees)
        )
    return 1 if failures else 0


def record(ex: Example, s: Solution[Any], *, agrees: bool) -> dict[str, object]:
    """One example's JSON record."""
    return {
        "name": ex.name,
        "source": ex.source,
        "definition": ex.definition,
        "value": json_value(s.value),
        "best_move": s.best_move,
        "principal_variation": list(s.principal_variation),
        "stated_value": json_value(ex.stated_value),
        "agrees": agrees,
        "nodes": ex.tree.size,
        "leaves": ex.tree.leaf_count,
    }


def describe(ex: Example, s: Solution[Any], *, agrees: bool) -> str:
    """One example as three lines of text."""
    verdict = "agrees with the source" if agrees else "DISAGREES with the source"
    return (
        f"{ex.name}: {ex.source}\n"
        f"  {ex.definition} = {text_value(s.value)}, principal variation "
        f"{list(s.principal_variation)} ({ex.tree.size} nodes, {ex.tree.leaf_count} leaves)\n"
        f"  stated: {text_value(ex.stated_value)}, {verdict}; {ex.note}"
    )


def json_value(v: Value) -> object:
    """Numbers as JSON integers, exact fractions as strings such as "3/7", vectors as lists."""
    if isinstance(v, tuple):
        return [json_value(c) for c in v]
    return str(v) if isinstance(v, Fraction) else v


def text_value(v: Value) -> str:
    """A value as text: 3, 3/7, (5, 2, 2)."""
    if isinstance(v, tuple):
        return "(" + ", ".join(text_value(c) for c in v) + ")"
    return str(v)
