"""The newcomer's path runs as written: every ``console`` block of the README and the docs.

A ``console`` block is a terminal session: each ``$ `` line a command, the lines after it what
the command prints on standard output, ``...`` standing for any text as in a doctest with
ELLIPSIS (a terminal shows standard error too: progress, and the note an old spelling gets).
Each block runs alone, in a fresh directory that holds only the checkout's ``examples`` and
``docs``, so a block never relies on a file an earlier one wrote (blocks of the same commands,
such as the README's gate run and the gate guide's first, run once for all of them and each
is checked against that run's output); each command must exit with
0 (a block shows a failing command's status by printing it: ``; echo "exit status $?"``) and
print what the block shows, in order. A command the block shows no output for is checked for
its exit status only.
"""

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```console\n(.*?)^```$", re.MULTILINE | re.DOTALL)
SHARED = ("examples", "docs")
"""What of the checkout a block's directory holds (as links)."""
HANG_GUARD = 1800
"""Seconds: far above a default gate run on a loaded 2-core machine (under two minutes)."""


@attrs.frozen
class Command:
    line: str
    shows: str


@attrs.frozen
class Block:
    page: str
    number: int
    commands: tuple[Command, ...]

    def __str__(self) -> str:
        return f"{self.page}#{self.number}"


def blocks(page: Path) -> list[Block]:
    """The page's console blocks, parsed into commands and what each shows."""
    found = []
    for k, match in enumerate(BLOCK.finditer(page.read_text()), 1):
        commands: list[Command] = []
        for line in match.group(1).splitlines():
            if line.startswith("$ "):
                commands.append(Command(line[2:], ""))
            elif commands:
                last = commands[-1]
                commands[-1] = Command(last.line, last.shows + line + "\n")
            else:
                pytest.fail(f"{page.name}, console block {k}: output before any command")
        found.append(Block(page.name, k, tuple(commands)))
    return found


BLOCKS = [b for page in PAGES for b in blocks(page)]


def alike(found: list[Block]) -> list[tuple[Block, ...]]:
    """``found`` grouped by the commands they run, each group in the pages' order.

    >>> a, b, c = (Block(page, 1, (Command(line, page),)) for page, line in zip("ABC", "ttf"))
    >>> alike([a, b, c]) == [(a, b), (c,)]
    True
    """
    groups: dict[tuple[str, ...], list[Block]] = {}
    for b in found:
        groups.setdefault(tuple(c.line for c in b.commands), []).append(b)
    return [tuple(g) for g in groups.values()]


def test_the_newcomer_s_path_is_written_as_console_blocks() -> None:
    """The README and the gate's guide hold blocks, and every block a command."""
    pages = {b.page for b in BLOCKS}
    assert {"README.md", "conformance.md"} <= pages
    assert all(b.commands for b in BLOCKS), [str(b) for b in BLOCKS if not b.commands]


def matches(shows: str, printed: str) -> bool:
    """Whether ``printed`` is what a block shows, ``...`` standing for any text."""
    return doctest.OutputChecker().check_output(shows, printed, doctest.ELLIPSIS)


def test_matching_takes_ellipses_and_order() -> None:
    assert matches("a\n...\nresult: PASSED in ... s\n", "a\nb\nc\nresult: PASSED in 3.1 s\n")
    assert not matches("a\n...\nresult: PASSED in ... s\n", "a\nresult: FAILED in 3.1 s\n")
    assert not matches("b\n...\na\n", "a\nb\n")


@pytest.mark.parametrize("same", alike(BLOCKS), ids=lambda same: "+".join(map(str, same)))
def test_each_console_block_runs_alone_as_written(same: tuple[Block, ...], tmp_path: Path) -> None:
    block = same[0]
    for name in SHARED:
        (tmp_path / name).symlink_to(ROOT / name)
    tools = {word for c in block.commands for word in re.findall(r"\b(node|npx)\b", c.line)}
    missing = [t for t in sorted(tools) if shutil.which(t) is None]
    if missing and not os.environ.get("CI"):
        pytest.skip(f"{', '.join(missing)} not installed (python3 dev.py test installs it)")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    for k, command in enumerate(block.commands):
        done = subprocess.run(
            ["bash", "-c", command.line], cwd=tmp_path, env=env, capture_output=True, text=True,
            timeout=HANG_GUARD, check=False,
        )  # fmt: skip
        printed = f"{done.stdout}\n(standard error:)\n{done.stderr}"
        for each in same:
            where = f"{each}: $ {command.line}"
            assert done.returncode == 0, f"{where}\nexit status {done.returncode}\n{printed}"
            if shows := each.commands[k].shows:
                assert matches(shows, done.stdout), f"{where}\nshows:\n{shows}\n{printed}"


def test_the_main_job_ends_with_what_the_readme_shows_next() -> None:
    """``python3 dev.py main`` names commands to try next: each is one the README runs."""
    sys.path.insert(0, str(ROOT))
    try:
        import dev
    finally:
        sys.path.remove(str(ROOT))
    named = re.findall(r"gametree (\w+)", dev.NEXT)
    shown = {c.line.split()[1] for b in BLOCKS if b.page == "README.md" for c in b.commands
             if c.line.startswith("gametree ")}  # fmt: skip
    assert len(named) == 3
    assert set(named) <= shown
