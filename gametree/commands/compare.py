"""``gametree compare``: every applicable algorithm on one tree, side by side."""

import argparse
import json

from gametree.algorithms import ALGORITHMS, Answer, Options, applicable
from gametree.clitools import (
    EXIT_FAILED,
    EXIT_INPUT,
    EXIT_OK,
    Progress,
    add_limit_arguments,
    configure_help,
    epilog,
    error,
    guarded,
    json_value,
    limits_from,
    read_document,
    text_value,
)
from gametree.spec import TreeError
from gametree.treefile import TreeFileError

NAME = "compare"
DESCRIPTION = (
    "Solve the tree with every algorithm that can take it, with the full window and default "
    "options, and show each value, whether it agrees with the spec definition it is checked "
    "against, the best move, and the leaves and nodes it read. Algorithms that do not claim "
    "the spec's value (deep-pruning-unsound, alphabeta-one-function) are "
    "shown but do not fail the comparison. With --json, one object per line with the keys "
    "algorithm, reference, value, agrees, exact, best_move, principal_variation, "
    "nodes_visited, leaves_evaluated (or algorithm and error)."
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    notes = {1: "an algorithm that claims the spec's value disagrees with it"}
    configure_help(parser, epilog(0, 1, 2, 3, notes=notes))
    parser.add_argument("file", help="the tree document (- for standard input)")
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    add_limit_arguments(parser)


@guarded(NAME)
def run(args: argparse.Namespace) -> int:
    """Compare; 1 if an exact algorithm disagrees with its reference, 3 for a bad file."""
    try:
        doc = read_document(args.file, limits_from(args))
    except TreeFileError as e:
        return error(NAME, f"{args.file}: {e}", EXIT_INPUT)
    names = [a for a in ALGORITHMS.values() if applicable(a, doc.tree, doc.declared) is None]
    names = [a for a in names if "gamma" not in a.options]  # mt: a test, not a search
    names = [a for a in names if a.family != "best-reply"]  # they need a declared root player
    progress = Progress(len(names), "algorithms", label=f"gametree {NAME}")
    references: dict[str, Answer] = {}
    failures = 0
    rows: list[dict[str, object]] = []
    for a in names:
        progress.advance(note=a.name)
        try:
            answer = a.run(doc.tree, doc.declared, Options())
        except (TreeError, ValueError) as e:
            rows.append({"algorithm": a.name, "error": str(e)})
            failures += a.exact
            continue
        if a.reference not in references:
            references[a.reference] = a.run(doc.tree, doc.declared, Options(), definition=True)
        agrees = answer.value == references[a.reference].value
        failures += a.exact and not agrees
        rows.append({
            "algorithm": a.name,
            "reference": a.reference,
            "value": json_value(answer.value),
            "agrees": agrees,
            "exact": a.exact,
            "best_move": answer.best_move,
            "principal_variation": list(answer.principal_variation),
            "nodes_visited": answer.nodes_visited,
            "leaves_evaluated": answer.leaves_evaluated,
            "_text": text_value(answer.value),
        })  # fmt: skip
    progress.done()
    if args.json:
        for row in rows:
            row.pop("_text", None)
            print(json.dumps(row))
    else:
        print_table(rows)
    return EXIT_FAILED if failures else EXIT_OK


def print_table(rows: list[dict[str, object]]) -> None:
    """The rows as an aligned table."""
    width = max(len(str(r["algorithm"])) for r in rows)
    print(
        f"{'algorithm':<{width}}  {'value':<16} {'agrees':<22} {'move':>4} {'leaves':>9} "
        f"{'nodes':>9}"
    )
    for r in rows:
        if "error" in r:
            print(f"{r['algorithm']!s:<{width}}  error: {r['error']}")
            continue
        agrees = "yes" if r["agrees"] else ("NO" if r["exact"] else "no (not claimed)")
        agrees = f"{agrees} ({str(r['reference']).removeprefix('spec.')})"
        move = "-" if r["best_move"] is None else r["best_move"]
        print(
            f"{r['algorithm']!s:<{width}}  {r['_text']!s:<16} {agrees:<22} {move!s:>4} "
            f"{r['leaves_evaluated']!s:>9} {r['nodes_visited']!s:>9}"
        )
