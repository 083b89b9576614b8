"""The ``gametree`` command: one subcommand per module of ``gametree.commands``.

Exit codes are the ones of ``gametree.clitools.EXIT_CODES``, listed in ``--help``; each
command's own ``--help`` says which of them it uses. ``gametree --version`` prints the
installed version and which kernels run, compiled or pure Python: alpha-beta's
(``gametree.impl.KERNEL_DESCRIPTION``) and the optimal search's
(``gametree.impl.OPTIMAL_KERNEL_DESCRIPTION``).
"""

import argparse
import importlib.metadata
import sys
from collections.abc import Sequence

from gametree.clitools import EXIT_CODES, epilog
from gametree.commands import (
    algorithms,
    compare,
    conform,
    draw,
    examples,
    experiment,
    explore,
    play,
    prove,
    serve,
    solve,
    vectors,
)
from gametree.impl import KERNEL_DESCRIPTION, OPTIMAL_KERNEL_DESCRIPTION

COMMANDS = [
    examples,
    solve,
    algorithms,
    compare,
    conform,
    vectors,
    play,
    serve,
    prove,
    draw,
    explore,
    experiment,
]
"""The subcommands, in the order ``--help`` lists them."""


def parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    top = argparse.ArgumentParser(
        prog="gametree",
        description="A reference implementation of game-tree search, checked against its spec.",
        epilog=epilog(*sorted(EXIT_CODES)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    top.add_argument(
        "--version",
        action="version",
        version=version(),
        help="print the version and which kernels run (compiled or pure Python), then exit",
    )
    subparsers = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        sub = subparsers.add_parser(
            command.NAME, help=command.HELP, description=getattr(command, "DESCRIPTION", None)
        )
        command.configure(sub)
        sub.set_defaults(run=command.run)
    return top


def version() -> str:
    """What ``gametree --version`` prints: the version, then which kernels run."""
    try:
        number = importlib.metadata.version("gametree")
    except importlib.metadata.PackageNotFoundError:  # imported from a source tree, uninstalled
        number = "(not installed)"
    return (
        f"gametree {number}\nalpha-beta kernel: {KERNEL_DESCRIPTION}\n"
        f"optimal search kernel: {OPTIMAL_KERNEL_DESCRIPTION}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``gametree`` command line; return its exit code."""
    args = parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
