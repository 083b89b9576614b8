"""``gametree vectors``: write the test vectors, or check files against a fresh generation.

Without DIR both act on :data:`PACKAGED`, the vectors installed with gametree (package data,
found from the package, not from the current directory): in a checkout that is
``gametree/vectors/``, so ``gametree vectors generate`` rewrites the committed files from
anywhere; in an installed wheel ``verify`` checks the files it carries, and a missing one is
an incomplete installation (exit code 5), not bad input.
"""

import argparse
import json
from pathlib import Path
from typing import Any

from gametree._json import JSONSyntaxError, loads, pointer
from gametree.clitools import (
    EXIT_FAILED,
    EXIT_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    Progress,
    configure_help,
    epilog,
    error,
    guarded,
)
from gametree.conform.codec import case_from_request
from gametree.conform.semantics import SEMANTICS, expected
from gametree.conform.vectors import vector_files
from gametree.spec._package_data import package_text
from gametree.treefile import TreeFileError

NAME = "vectors"
DESCRIPTION = (
    "generate writes one file per semantics (and tree_format.json) into DIR, deterministically: "
    "the same files every time. verify reads the files in DIR, recomputes every expected "
    "answer from its input with the spec, and checks that the files are exactly what "
    "generate writes. DIR defaults to the vectors installed with gametree (in a checkout, "
    "gametree/vectors), wherever the command is run from."
)

PACKAGED = Path(__file__).resolve().parent.parent / "vectors"
"""The vectors installed with gametree: ``gametree/vectors/``, package data."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    notes = {
        1: "verify: a file differs from a fresh generation, or an expected answer is wrong",
        3: "verify: a file in DIR is missing or is not a vector file",
        5: "the installation is incomplete (without DIR: an installed vector file is missing)",
    }
    configure_help(parser, epilog(0, 1, 2, 3, 5, notes=notes))
    parser.add_argument("action", choices=["generate", "verify"])
    parser.add_argument(
        "dir",
        nargs="?",
        default=None,
        type=Path,
        metavar="DIR",
        help=f"the directory (default: the installed vectors, {PACKAGED})",
    )


@guarded(NAME)
def run(args: argparse.Namespace) -> int:
    """Generate or verify."""
    folder: Path = PACKAGED if args.dir is None else args.dir
    if args.action == "generate":
        try:
            folder.mkdir(parents=True, exist_ok=True)  # refused before minutes of generating
            files = generated()
            for name, text in files.items():
                (folder / name).write_text(text, encoding="utf-8")
        except OSError as e:
            return error(NAME, f"cannot write into {str(folder)!r}: {e.strerror or e}",
                         EXIT_USAGE)  # fmt: skip
        print(f"wrote {len(files)} files to {folder}")
        return EXIT_OK
    if args.dir is not None and not folder.is_dir():
        return error(NAME, f"cannot read {str(folder)!r}: not a directory", EXIT_INPUT)
    failures = 0
    progress = Progress(len(SEMANTICS) + 1, "files checked", label=f"gametree {NAME}")
    try:
        for name, text in vector_files():  # each generated afresh as it comes
            problems = check(folder / name, text, installed=args.dir is None)
            if isinstance(problems, int):
                return problems
            print("\n".join(problems) or f"{folder / name}: ok")
            failures += len(problems)
            progress.advance(note=name)
    finally:
        progress.done()
    return EXIT_FAILED if failures else EXIT_OK


def check(path: Path, text: str, *, installed: bool) -> list[str] | int:
    """What is wrong with the vector file at ``path`` (its fresh text is ``text``), one line each.

    The exit code, after saying why, for a file that cannot be read or is not a vector file.
    ``installed``: the file is package data, so one missing is an incomplete installation.
    """
    try:
        on_disk = package_text(path) if installed else path.read_text(encoding="utf-8")
    except OSError as e:
        return error(NAME, f"cannot read {str(path)!r}: {e.strerror or e}", EXIT_INPUT)
    except UnicodeDecodeError as e:
        return error(NAME, f"{path}: not a vector file: not UTF-8 (byte {e.start} is not)",
                     EXIT_INPUT)  # fmt: skip
    problems = []
    if path.name != "tree_format.json":
        try:
            wrong = recheck(on_disk)
        except (JSONSyntaxError, TreeFileError) as e:
            return error(NAME, f"{path}: not a vector file: {e}", EXIT_INPUT)
        problems += [f"{path}: tcId {t}: the expected answer is not what the spec gives"
                     for t in wrong]  # fmt: skip
    if on_disk != text:
        problems.append(f"{path}: differs from a fresh generation (run: gametree vectors "
                        "generate)")  # fmt: skip
    return problems


def generated() -> dict[str, str]:
    """Every vector file's name and text, generated afresh, with progress (it takes a while)."""
    progress = Progress(len(SEMANTICS) + 1, "files generated", label=f"gametree {NAME}")
    files = {}
    try:
        for name, text in vector_files():
            files[name] = text
            progress.advance(note=name)
    finally:
        progress.done()
    return files


def recheck(text: str) -> list[object]:
    """The tcIds of a vector file whose expected answers differ from the spec's.

    Raises ``TreeFileError`` (with the pointer) for a file that is not a vector file.
    """
    doc = loads(text)
    semantics = _member(doc, "semantics", str, [])
    if semantics not in SEMANTICS:
        raise TreeFileError(f"no semantics {semantics!r}", "/semantics")
    wrong = []
    for g, group in enumerate(_member(doc, "testGroups", list, [])):
        for t, test in enumerate(_member(group, "tests", list, ["testGroups", g])):
            at: list[str | int] = ["testGroups", g, "tests", t]
            request = _member(test, "input", dict, at)
            try:
                case = case_from_request(semantics, request)
                answers = expected(case)
            except TreeFileError as e:
                raise TreeFileError(e.problem, pointer([*at, "input"]) + e.pointer) from None
            except ValueError as e:  # a TreeError of the spec's, say: still, the place
                raise TreeFileError(str(e), pointer([*at, "input"])) from None
            if json.loads(json.dumps(answers.json())) != test.get("expected"):
                wrong.append(test.get("tcId"))
    return wrong


def _member(obj: object, key: str, kind: type, at: list[str | int]) -> Any:
    """``obj[key]``, which must be a ``kind``; a ``TreeFileError`` naming the place if not."""
    if not isinstance(obj, dict):
        raise TreeFileError("must be a JSON object", pointer(at))
    if not isinstance(obj.get(key), kind):
        raise TreeFileError(f"{key!r} must be a JSON {_KINDS[kind]}", pointer([*at, key]))
    return obj[key]


_KINDS: dict[type, str] = {list: "array", dict: "object", str: "string"}
