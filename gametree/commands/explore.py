"""``gametree explore``: a self-contained HTML page that steps through a search on a tree."""

import argparse
from pathlib import Path

from gametree.algorithms import SPELLINGS
from gametree.clitools import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    add_limit_arguments,
    cli_number,
    configure_help,
    epilog,
    error,
    guarded,
    limits_from,
    note,
    read_shown_tree,
)
from gametree.explore import (
    ENGINE_ALGORITHMS,
    algorithm_problem,
    default_algorithm,
    explore_page,
)
from gametree.spec import Bounds, Scalar, TreeError, check_bounds

NAME = "explore"
DESCRIPTION = (
    "Write one self-contained HTML file (no network: open it from disk) that draws the tree "
    "as 'gametree draw' does and steps through a search on it, event by event: forward, "
    "back, to a step, play and pause, with the keyboard (arrows, space, Home, End). At each "
    "step it shows the node entered or left, the window (alpha, beta) or Korf's bound at "
    "every node on the current path, and the reason for each cut-off in numbers. In the page "
    "a learner picks another algorithm or a bundled tree (Korf's figures, the seeds' worked "
    "examples), edits leaves and the tree's shape and reruns, and compares two algorithms "
    "side by side. The searches run in the page, in JavaScript (gametree/explore/engine.js, "
    "gated like impl). The default algorithm is alphabeta-fail-hard for two-player trees, "
    "shallow for vector trees with bounds and maxn without. Algorithms: "
    + ", ".join(a.name for a in ENGINE_ALGORITHMS)
    + "."
)

MAX_SHOWN = 2000
"""The most nodes a page takes by default: beyond that no drawing is readable."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(parser, epilog(0, 2, 3, 5))
    parser.add_argument("file", help="the tree document (- for standard input)")
    parser.add_argument("--output", "-o", required=True, metavar="PAGE",
                        help="the HTML page to write (PAGE.html)")  # fmt: skip
    parser.add_argument("--algorithm", "-a", metavar="NAME",
                        help="the search the page shows first (default: see above)")  # fmt: skip
    parser.add_argument("--compare", metavar="NAME",
                        help="a second search, shown side by side on the same tree")  # fmt: skip
    parser.add_argument("--bounds", nargs=2, type=cli_number, metavar=("L", "S"),
                        help="Korf's bounds: every component at least L, their sum at most S "
                        "(default: the document's)")  # fmt: skip
    parser.add_argument("--window", nargs=2, type=window_side, metavar=("A", "B"),
                        help="the initial window (alpha, beta) of two-player searches; "
                        "'inf' for an open side (default: unbounded)")  # fmt: skip
    parser.add_argument("--title", default=None,
                        help="the page's title (default: the file's name)")  # fmt: skip
    parser.add_argument("--max-shown", type=int, default=MAX_SHOWN, metavar="N",
                        help=f"refuse larger trees (default {MAX_SHOWN})")  # fmt: skip
    add_limit_arguments(parser)


def window_side(text: str) -> Scalar | None:
    """One side of ``--window``: a number, or ``None`` for ``inf`` or ``-inf``."""
    return None if text.strip().lower() in {"inf", "-inf", "+inf"} else cli_number(text)


@guarded(NAME)
def run(args: argparse.Namespace) -> int:  # noqa: PLR0911 - one exit per kind of fault
    """Write the page; 0, or 2 for bad options or an unwritable output, 3 for a bad tree."""
    limits = limits_from(args)
    read = read_shown_tree(NAME, args.file, limits, max_nodes=args.max_shown, option="--max-shown")
    if isinstance(read, int):
        return read
    raw, doc = read
    algorithm = args.algorithm or default_algorithm(doc)
    for name in [algorithm, args.compare]:
        problem = None if name is None else algorithm_problem(name, doc)
        if problem is not None:
            return error(NAME, problem, EXIT_USAGE)
        found = None if name is None else SPELLINGS.get(name)
        if found is not None and found.note is not None:
            note(NAME, found.note)
    window: tuple[Scalar | None, Scalar | None] | None = None
    if args.window is not None:
        alpha, beta = args.window
        if alpha is not None and beta is not None and not alpha < beta:
            return error(NAME, f"--window must be non-empty, alpha < beta (got {alpha}, {beta})",
                         EXIT_USAGE)  # fmt: skip
        window = (alpha, beta)
    bounds = None
    if args.bounds is not None:
        if not doc.tree.vector:
            return error(NAME, "--bounds are Korf's, for N-player trees with vector values",
                         EXIT_USAGE)  # fmt: skip
        bounds = Bounds(*args.bounds)
        try:
            check_bounds(doc.tree, bounds)
        except TreeError as e:
            return error(NAME, f"{args.file}: not within --bounds: {e}", EXIT_INPUT)
    if window is not None and doc.tree.vector:
        return error(NAME, "--window is for two-player trees (N-player searches take "
                     "Korf's bounds: --bounds)", EXIT_USAGE)  # fmt: skip
    title = args.title or ("standard input" if args.file == "-" else Path(args.file).name)
    page = explore_page(
        raw.decode("utf-8-sig"),
        algorithm=algorithm,
        compare=args.compare,
        bounds=bounds,
        window=window,
        title=title,
    )
    try:
        Path(args.output).write_text(page, encoding="utf-8")
    except OSError as e:
        return error(NAME, f"cannot write {args.output!r}: {e.strerror or e}", EXIT_USAGE)
    return EXIT_OK
