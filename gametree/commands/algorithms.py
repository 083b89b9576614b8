"""``gametree algorithms``: every algorithm ``solve`` and ``compare`` know, and what it computes."""

import argparse
import json

from gametree.algorithms import ALGORITHMS
from gametree.clitools import EXIT_OK, configure_help, epilog, guarded

NAME = "algorithms"
DESCRIPTION = (
    "List every search that solve --algorithm accepts, by its one name (old spellings such as "
    "impl.alphabeta still work, with a note). With --json, one object per line with the keys "
    "name, computes, reference (the spec definition it is checked against), kind (scalar, "
    "vector, pairs or any: the trees it takes), exact (whether it returns the reference's "
    "value on every such tree), options, needs_bounds, family, source, semantics (whether "
    "gametree conform --semantics takes the name) and old_names."
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
                "family": a.family,
                "source": a.source,
                "semantics": a.semantics is not None,
                "old_names": list(a.old),
            }
            print(json.dumps(record))
        else:
            print(f"{a.name:<{width}}  {a.computes}")
    return EXIT_OK
