"""The ``gametree`` command: one subcommand per module of ``gametree.commands``.

Exit codes: 0 success; 1 a check failed (for example a bundled example disagrees with its
source); 2 bad usage (argparse's own).
"""

import argparse
import sys
from collections.abc import Sequence

from gametree.commands import algorithms, compare, conform, examples, solve, vectors

COMMANDS = [examples, solve, algorithms, compare, conform, vectors]
"""The subcommands, in the order ``--help`` lists them."""


def parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    top = argparse.ArgumentParser(
        prog="gametree",
        description="A reference implementation of game-tree search, checked against its spec.",
        epilog="Exit codes: 0 success, 1 a check failed, 2 bad usage.",
    )
    subparsers = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        sub = subparsers.add_parser(
            command.NAME, help=command.HELP, description=getattr(command, "DESCRIPTION", None)
        )
        command.configure(sub)
        sub.set_defaults(run=command.run)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``gametree`` command line; return its exit code."""
    args = parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
