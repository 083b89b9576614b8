"""``gametree explore``: a self-contained HTML page that steps through a search on a tree."""

import argparse
from pathlib import Path

from gametree.algorithms import lookup
from gametree.clitools import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    add_limit_arguments,
    add_window_argument,
    cli_number,
    configure_help,
    epilog,
    error,
    guarded,
    limits_from,
    note,
    read_shown_tree,
    window_from,
)
from gametree.explore import (
    ENGINE_ALGORITHMS,
    algorithm_problem,
    default_algorithm,
    explore_page,
)
from gametree.spec import Bounds, TreeError, check_bounds
from gametree.treefile import TreeDocument

NAME = "explore"
DESCRIPTION = (
    "Write one self-contained HTML page (no network: open it from disk) that draws the tree as "
    "'gametree draw' does and steps through a search on it, event by event, showing the window "
    "or Korf's bound on the current path and the reason for each cut-off in numbers. In the "
    "page a learner picks another algorithm or a bundled tree, edits the tree and reruns."
)
DETAILS = (
    "The page steps forward, back, to a step, plays and pauses, with the keyboard too (arrows, "
    "space, Home, End). It offers Korf's figures and the sources' worked examples, editing of "
    "leaves and of the tree's shape, and two algorithms side by side (--compare). The searches "
    "run in the page, in JavaScript (gametree/explore/engine.js, gated like impl). The default "
    "algorithm is expectimax for trees with chance nodes (star1 and star2 take the leaf bounds "
    "[L, U] from the document), alphabeta-fail-hard for two-player trees, shallow for vector "
    "trees with bounds and maxn without. Algorithms: "
    + ", ".join(a.name for a in ENGINE_ALGORITHMS)
    + "."
)

MAX_SHOWN = 2000
"""The most nodes a page takes by default: beyond that no drawing is readable."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(parser, epilog(0, 2, 3, 5))
    parser.add_argument("file", help="the tree document (- for standard input)")
    parser.add_argument("-o", "--output", required=True, metavar="PAGE",
                        help="the HTML page to write (PAGE.html)")  # fmt: skip
    parser.add_argument("--algorithm", "-a", metavar="NAME",
                        help="the search the page shows first (default: --help-all "
                        "says)")  # fmt: skip
    parser.add_argument("--compare", metavar="NAME",
                        help="a second search, shown side by side on the same tree")  # fmt: skip
    add_window_argument(parser, "the initial window (alpha, beta) of two-player searches")
    parser.add_argument("--bounds", nargs=2, type=cli_number, metavar=("L", "S"),
                        help="Korf's bounds: every component at least L, their sum at most S "
                        "(default: the document's)")  # fmt: skip
    parser.add_argument("--title", default=None,
                        help="the page's title (default: the file's name)")  # fmt: skip
    limits = add_limit_arguments(parser)
    limits.add_argument("--max-shown", type=int, default=MAX_SHOWN, metavar="N",
                        help=f"refuse trees of more nodes (default {MAX_SHOWN})")  # fmt: skip


def page_search(name: str, doc: TreeDocument) -> str | int:
    """The registry's name of the search ``name`` spells, after the note of an old spelling.

    The exit code, after saying why, when the page cannot step through it on ``doc``'s tree.
    """
    try:
        found = lookup(name)
    except KeyError as e:
        return error(NAME, str(e.args[0]), EXIT_USAGE)
    if found.note is not None:
        note(NAME, found.note)
    search = found.algorithm.name
    if search not in {a.name for a in ENGINE_ALGORITHMS}:
        return error(NAME, f"the page does not step through {search}: it records no events; "
                     f"the page's searches are {', '.join(a.name for a in ENGINE_ALGORITHMS)}",
                     EXIT_USAGE)  # fmt: skip
    problem = algorithm_problem(search, doc)
    return search if problem is None else error(NAME, problem, EXIT_USAGE)


@guarded(NAME)
def run(args: argparse.Namespace) -> int:  # noqa: PLR0911 - one exit per kind of fault
    """Write the page; 0, or 2 for bad options or an unwritable output, 3 for a bad tree."""
    limits = limits_from(args)
    read = read_shown_tree(NAME, args.file, limits, max_nodes=args.max_shown, option="--max-shown")
    if isinstance(read, int):
        return read
    raw, doc = read
    algorithm = page_search(args.algorithm or default_algorithm(doc), doc)
    if isinstance(algorithm, int):
        return algorithm
    compare = None if args.compare is None else page_search(args.compare, doc)
    if isinstance(compare, int):
        return compare
    try:
        window = window_from(args)
    except ValueError as e:
        return error(NAME, str(e), EXIT_USAGE)
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
        compare=compare,
        bounds=bounds,
        window=window,
        title=title,
    )
    try:
        Path(args.output).write_text(page, encoding="utf-8")
    except OSError as e:
        return error(NAME, f"cannot write {args.output!r}: {e.strerror or e}", EXIT_USAGE)
    shown = algorithm if compare is None else f"{algorithm} beside {compare}"
    print(f"wrote {args.output}: {shown} on {title}")
    return EXIT_OK
