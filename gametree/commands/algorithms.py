"""``gametree algorithms``: every algorithm ``solve`` and ``compare`` know, and what it computes."""

import argparse
import json

from gametree.algorithms import ALGORITHMS
from gametree.clitools import EXIT_OK, configure_help, epilog, guarded

NAME = "algorithms"
DESCRIPTION = (
    "List every spec definition and impl search that solve --algorithm accepts. With --json, "
    "one object per line with the keys name, computes, reference (the spec definition it is "
    "checked against), kind (scalar, vector, pairs or any: the trees it takes), exact (whether "
    "it returns the reference's value on every such tree), options and needs_bounds."
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(parser, epilog(0, 2))
    parser.add_argument("--json", action="store_true", help="print JSON lines")


@guarded(NAME)
def run(args: argparse.Namespace) -> int:
    """Print the list; always 0."""
    width = max(len(name) for name in ALGORITHMS)
    for a in ALGORITHMS.values():
        if args.json:
            record = {
                "name": a.name,
                "computes": a.computes,
                "reference": a.reference,
                "kind": a.kind,
                "exact": a.exact,
                "options": list(a.options),
                "needs_bounds": a.needs_bounds,
            }
            print(json.dumps(record))
        else:
            print(f"{a.name:<{width}}  {a.computes}")
    return EXIT_OK
