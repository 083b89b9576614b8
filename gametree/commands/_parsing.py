"""How every ``gametree`` command reads its arguments: exit codes, two levels of help, old names.

Nothing here imports the rest of gametree, so that ``gametree --help`` loads this module and
argparse, not the searches. Exit codes, the same for every command that uses them:

- 0: success (for ``compare`` and ``conform``: everything agreed, everything passed);
- 1: a check failed (an algorithm disagreed with the spec, a target failed a case, the
  vector files differ from a fresh generation);
- 2: bad usage (argparse's own, an unknown algorithm, a malformed option value);
- 3: bad input (the tree file is malformed, exceeds a limit, or the algorithm cannot take it);
- 4: the conformance target could not be started or imported;
- 5: the installation is incomplete: a data file of gametree's own is missing (its name is in
  the message; see ``gametree.spec._package_data``);
- 130: interrupted (Ctrl-C).

>>> parser = CommandParser(prog="gametree demo", description="Demonstrate.")
>>> _ = parser.add_argument("--common", help="shown by --help")
>>> _ = more_options(parser, "rarely needed").add_argument("--rare", help="by --help-all only")
>>> "--rare" in parser.format_help(), "--rare" in parser.format_help(everything=True)
(False, True)
>>> parser.parse_args(["--common", "-1/2"]).common     # a negative number is a value
'-1/2'
"""

import argparse
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

__all__ = [
    "EXIT_CODES",
    "EXIT_FAILED",
    "EXIT_INPUT",
    "EXIT_INSTALL",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_TARGET",
    "EXIT_USAGE",
    "CommandParser",
    "configure_help",
    "epilog",
    "more_options",
    "old_spelling",
]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INPUT, EXIT_TARGET, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
EXIT_INSTALL = 5

EXIT_CODES = {
    EXIT_OK: "success",
    EXIT_FAILED: "a check failed",
    EXIT_USAGE: "bad usage",
    EXIT_INPUT: "bad input: a malformed tree file, a limit exceeded, or an algorithm that "
    "cannot take the tree",
    EXIT_TARGET: "the target could not be started",
    EXIT_INSTALL: "the installation is incomplete (a data file of gametree's is missing)",
    EXIT_INTERRUPTED: "interrupted",
}

WIDTH = 79
"""The width descriptions are wrapped to."""

_NUMBER = re.compile(r"^-(\d+(/\d+)?|\d*\.\d+([eE][-+]?\d+)?|\d+[eE][-+]?\d+|inf)$")
"""A negative number as the commands write one (``-3``, ``-1/2``, ``-0.25``, ``-inf``): a value,
never an option, so that ``--window -inf 5`` reads two numbers."""


def epilog(*codes: int, notes: dict[int, str] | None = None) -> str:
    """The 'exit codes' paragraph of a command's ``--help``."""
    notes = notes or {}
    lines = [textwrap.fill(notes.get(c, EXIT_CODES[c]), WIDTH, initial_indent=f"  {c:>3}  ",
                           subsequent_indent=" " * 7) for c in codes]  # fmt: skip
    return "exit codes:\n" + "\n".join(lines)


def configure_help(parser: argparse.ArgumentParser, text: str) -> None:
    """Give ``parser`` an epilog printed as written (the exit-code table).

    The description is printed as written too, so its paragraphs are wrapped here.
    """
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = text
    if parser.description:
        parser.description = _wrapped(parser.description)


def _wrapped(text: str) -> str:
    """Paragraphs (split by blank lines) filled to :data:`WIDTH`; a line ``- ...`` an item."""
    return "\n\n".join(
        "\n".join(textwrap.fill(item, WIDTH, subsequent_indent="  " * item.startswith("- "))
                  for item in re.split(r"\n(?=- )", paragraph))
        for paragraph in text.split("\n\n")
    )  # fmt: skip


class CommandParser(argparse.ArgumentParser):
    """An argument parser with two levels of help, reading ``-1/2`` and ``-inf`` as values.

    ``--help`` shows the description and the common options; ``--help-all`` adds ``details``
    (more paragraphs) and the groups of :func:`more_options`, so that the first fits a screen.
    """

    def __init__(self, *args: Any, details: str = "", **kwargs: Any) -> None:
        kwargs["add_help"] = False
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NUMBER
        self.details = details
        self.more: list[argparse._ArgumentGroup] = []
        """The groups of options that only ``--help-all`` shows."""
        self.add_argument("-h", "--help", action=_Help, help="show this help and exit")

    def format_help(self, *, everything: bool = False) -> str:
        """The help: the common options, or with ``everything`` every option and the details."""
        hidden = set() if everything else {a for g in self.more for a in g._group_actions}
        formatter = self._get_formatter()
        shown = [a for a in self._actions if a not in hidden]
        formatter.add_usage(self.usage, shown, self._mutually_exclusive_groups)
        description = _wrapped(self.description or "")
        if everything and self.details:
            description += "\n\n" + _wrapped(self.details)
        formatter.add_text(description)
        for group in self._action_groups:
            if group in self.more and not everything:
                continue
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        if (self.more or self.details) and not everything:
            titles = "".join(f", {g.title}" for g in self.more)
            more = f"More (the details{titles}): {self.prog} --help-all"
            formatter.add_text(textwrap.fill(more, WIDTH))
        return formatter.format_help()

    def enable_help_all(self) -> None:
        """Add ``--help-all`` (a command's parser has it; the top level's does not)."""
        self.add_argument("--help-all", action=_Help, help="show every option and the details")


class _Help(argparse.Action):
    """``--help`` or ``--help-all``: print that level of help and exit."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,  # noqa: ARG002 - argparse's signature
        values: object,  # noqa: ARG002
        option_string: str | None = None,
    ) -> NoReturn:
        assert isinstance(parser, CommandParser)
        sys.stdout.write(parser.format_help(everything=option_string == "--help-all"))
        parser.exit()


def more_options(parser: argparse.ArgumentParser, title: str) -> argparse._ArgumentGroup:
    """A group of options that ``--help`` leaves to ``--help-all`` (any parser takes it)."""
    group = parser.add_argument_group(title)
    if isinstance(parser, CommandParser):
        parser.more.append(group)
    return group


def _note(parser: argparse.ArgumentParser, message: str) -> None:
    """``gametree COMMAND: note: MESSAGE`` on standard error: said once, the command goes on."""
    print(f"{parser.prog}: note: {message}", file=sys.stderr)


def old_spelling(
    parser: argparse.ArgumentParser,
    old: str,
    new: argparse.Action,
    *,
    value: Callable[[argparse.Namespace, Any], Any] | None = None,
    spelled: str = "",
) -> None:
    """Accept ``old``, an option's former spelling, for ``new``, with a one-line note.

    ``value`` makes the new option's value from the namespace and the old option's value
    (for an old option that was one part of the new one); ``spelled`` is how the note writes
    the new option (default: its flags).
    """
    parser.add_argument(old, action=_OldSpelling, new=new, value=value, spelled=spelled)


class _OldSpelling(argparse.Action):
    """An option's former spelling: it does what the new one does, and a note says so."""

    def __init__(
        self,
        option_strings: Sequence[str],
        dest: str,  # noqa: ARG002 - the new option's is used
        *,
        new: argparse.Action,
        value: Callable[[argparse.Namespace, Any], Any] | None,
        spelled: str,
        **kwargs: Any,
    ) -> None:
        assert not isinstance(new.type, str), "a type by its registered name"
        nargs = new.nargs if value is None else None  # a part of the new option: one value
        super().__init__(option_strings, new.dest, nargs=nargs, type=new.type,
                         default=argparse.SUPPRESS, help=argparse.SUPPRESS, **kwargs)  # fmt: skip
        self.new, self.value = new, value
        self.spelled = spelled or "/".join(new.option_strings)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        _note(parser, f"{option_string} is now {self.spelled}")
        if self.value is not None:
            values = self.value(namespace, values)
        self.new(parser, namespace, values, option_string)
