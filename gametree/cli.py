"""The ``gametree`` command: one subcommand per module of ``gametree.commands``.

A command loads what it uses: the parser imports only the module of the command given (and
``--help`` none), so that ``gametree solve`` reads a tree without importing the gate, the games
or the drawings. Exit codes are the ones of ``gametree.clitools.EXIT_CODES``, listed in
``--help``; each command's own ``--help`` says which of them it uses, and ``--help-all`` gives
every option. ``gametree --version`` prints the installed version and which kernels run,
compiled or pure Python: alpha-beta's (``gametree.impl.KERNEL_DESCRIPTION``) and the optimal
search's (``gametree.impl.OPTIMAL_KERNEL_DESCRIPTION``).
"""

import argparse
import importlib
import sys
from collections.abc import Collection, Sequence
from typing import Any

from gametree.commands._parsing import EXIT_CODES, CommandParser, epilog

COMMANDS = {
    "examples": "solve the bundled example trees with the spec",
    "solve": "solve a tree file: value, best move, principal variation, counts",
    "algorithms": "list the algorithms by name, with what each computes",
    "compare": "run every applicable algorithm on a tree, side by side",
    "conform": "gate an engine: vectors, generated trees, a failure shrunk",
    "vectors": "generate or verify the language-neutral test vectors",
    "play": "play a game in the terminal: any seat a person or an engine",
    "serve": "play the games in the browser: a local web app on 127.0.0.1",
    "prove": "check the theorems connecting spec and impl (extra: prove)",
    "draw": "draw a search on a tree: values, bounds, cut-offs, order",
    "explore": "write a web page that steps through a search on a tree",
    "experiment": "run an experiment of the paper's: CSV, plot, summary",
}
"""The subcommands, in the order ``--help`` lists them, with the line it gives each (at most
65 characters); the command ``NAME`` is the module ``gametree.commands.NAME``."""


def parser(only: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser, with the options of the commands ``only`` names (default: all).

    ``main`` configures the command given alone, importing that command's module only.
    """
    width = max(map(len, COMMANDS))
    listed = "\n".join(f"  {name:<{width}}  {line}" for name, line in COMMANDS.items())
    top = CommandParser(
        prog="gametree",
        usage="%(prog)s [-h] [--version] COMMAND ...",
        description="A reference implementation of game-tree search, checked against its spec.",
        epilog=f"commands:\n{listed}\n\n{epilog(*sorted(EXIT_CODES))}\n\n"
        "Each command's own options: gametree COMMAND --help",
    )
    top.add_argument(
        "--version",
        action=_Version,
        help="print the version and which kernels run (compiled or pure Python), then exit",
    )
    subparsers = top.add_subparsers(
        dest="command", required=True, metavar="COMMAND", help=argparse.SUPPRESS
    )  # listed in the epilog, each on one line
    for name in COMMANDS:
        sub = subparsers.add_parser(name, prog=f"{top.prog} {name}")
        if only is None or name in only:
            configure(sub, name)
    return top


def configure(sub: argparse.ArgumentParser, name: str) -> None:
    """Import the command ``name`` and give ``sub`` its description, options and ``run``."""
    assert isinstance(sub, CommandParser)
    module = importlib.import_module(f"gametree.commands.{name}")
    sub.description = getattr(module, "DESCRIPTION", None)
    sub.details = getattr(module, "DETAILS", "")
    sub.enable_help_all()
    module.configure(sub)
    sub.set_defaults(run=module.run)


def chosen(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first word that is not an option (``None`` if none).

    The top level's options take no value, so the first other word is the command.
    """
    return next((word for word in argv if not word.startswith("-")), None)


def version() -> str:
    """What ``gametree --version`` prints: the version, then which kernels run."""
    import importlib.metadata  # noqa: PLC0415 - only --version needs it

    from gametree.impl import KERNEL_DESCRIPTION, OPTIMAL_KERNEL_DESCRIPTION  # noqa: PLC0415

    try:
        number = importlib.metadata.version("gametree")
    except importlib.metadata.PackageNotFoundError:  # imported from a source tree, uninstalled
        number = "(not installed)"
    return (
        f"gametree {number}\nalpha-beta kernel: {KERNEL_DESCRIPTION}\n"
        f"optimal search kernel: {OPTIMAL_KERNEL_DESCRIPTION}"
    )


class _Version(argparse.Action):
    """``--version``: what :func:`version` says (the kernels are looked up only then)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(version())
        parser.exit()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``gametree`` command line; return its exit code."""
    words = sys.argv[1:] if argv is None else argv
    name = chosen(words)
    args = parser([name] if name in COMMANDS else []).parse_args(words)
    code: int = args.run(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
