"""``gametree draw``: a picture of one search on one tree, as SVG or PNG."""

import argparse

from gametree.algorithms import ALGORITHMS, Algorithm, lookup
from gametree.clitools import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    add_limit_arguments,
    configure_help,
    epilog,
    error,
    guarded,
    limits_from,
    note,
    player_problem,
    read_shown_tree,
)
from gametree.commands.solve import add_search_arguments, options_from
from gametree.spec import TreeError
from gametree.treefile import TreeDocument

NAME = "draw"
DESCRIPTION = (
    "Run one algorithm on a tree document and draw what it did, as SVG or PNG (by the suffix "
    "of -o): each leaf's value and the order it was read in, what the leaves read imply at each "
    "interior node (a value, or bounds such as >= 5), the pruned subtrees grey with a red bar "
    "on the edge into each, and the principal variation highlighted. Needs the 'draw' extra: "
    "pip install 'gametree[draw]'."
)
DETAILS = (
    "Squares are player 0 (Max), circles player 1 (Min), then triangles, diamonds, pentagons "
    "and hexagons; a chance node is a star, each edge out of it labelled with its probability. "
    "For impl.optimal the grey subtrees are the leaves and subtrees it found unnecessary. "
    "brs-plus (--player P) is drawn on its transform, each edge out of an opponents' layer "
    "labelled with its reply's plies. For star1, star2 and brs-plus each cut-off is numbered "
    "and listed under the tree with its reason in numbers. The default algorithm is "
    "expectimax for trees with chance nodes, impl.alphabeta for two-player scalar trees, "
    "impl.shallow for vector trees with bounds and impl.maxn for vector trees without. The "
    "search options are solve's."
)

MAX_DRAWN = 2000
"""The most nodes a drawing takes by default: beyond that no picture is readable."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(parser, epilog(0, 2, 3))
    parser.add_argument("file", help="the tree document (- for standard input)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT",
                        help="the picture to write: a .svg or .png file")  # fmt: skip
    parser.add_argument("--algorithm", "-a", metavar="NAME",
                        help="a name from 'gametree algorithms' (default: --help-all "
                        "says)")  # fmt: skip
    parser.add_argument("--title", default=None,
                        help="the picture's title (default: the file's name)")  # fmt: skip
    add_search_arguments(parser)
    limits = add_limit_arguments(parser)
    limits.add_argument("--max-drawn", type=int, default=MAX_DRAWN, metavar="N",
                        help=f"refuse trees of more nodes (default {MAX_DRAWN})")  # fmt: skip


def default_algorithm(doc: TreeDocument) -> Algorithm:
    """The search a drawing runs unless told: by the tree (the command's details say which)."""
    if doc.tree.chance_nodes:
        return ALGORITHMS["expectimax"]
    if not doc.tree.vector:
        return ALGORITHMS["alphabeta-fail-hard"]
    return ALGORITHMS["shallow" if doc.bounds is not None else "maxn"]


@guarded(NAME)
def run(args: argparse.Namespace) -> int:  # noqa: PLR0911 - one exit per kind of fault
    """Draw; 0, or 2 for bad options or a missing extra, 3 for a tree it cannot draw."""
    if not args.output.lower().endswith((".svg", ".png")):
        return error(NAME, f"the output must end in .svg or .png (got {args.output!r})",
                     EXIT_USAGE)  # fmt: skip
    try:
        from gametree.draw import render, search_drawing  # noqa: PLC0415 - the extra's
        from gametree.draw.canvas import figure  # noqa: F401, PLC0415 - fail early if missing
        from gametree.draw.names import node_names  # noqa: PLC0415
    except ImportError as e:
        return error(NAME, f"drawing needs the 'draw' extra ({e.name} is missing): "
                     "pip install 'gametree[draw]'", EXIT_USAGE)  # fmt: skip
    try:
        found = lookup(args.algorithm) if args.algorithm else None
    except KeyError as e:
        return error(NAME, str(e.args[0]), EXIT_USAGE)
    if found is not None and found.note is not None:
        note(NAME, found.note)
    limits = limits_from(args)
    read = read_shown_tree(NAME, args.file, limits, max_nodes=args.max_drawn, option="--max-drawn")
    if isinstance(read, int):
        return read
    text, doc = read
    algorithm = found.algorithm if found is not None else default_algorithm(doc)
    try:
        options = options_from(args, algorithm)
    except ValueError as e:
        return error(NAME, str(e), EXIT_USAGE)
    problem = player_problem(algorithm, options.player, doc.tree.players)
    if problem is not None:
        return error(NAME, problem, EXIT_USAGE)
    title = args.title
    if title is None:
        title = "standard input" if args.file == "-" else args.file
    try:
        d = search_drawing(doc.tree, args.algorithm or algorithm.name, doc.declared, options,
                           title=title, names=node_names(text))  # fmt: skip
    except (TreeError, ValueError) as e:
        return error(NAME, f"{args.file}: {e}", EXIT_INPUT)
    try:
        render(d, args.output)
    except OSError as e:
        return error(NAME, f"cannot write {args.output!r}: {e.strerror or e}", EXIT_USAGE)
    print(f"wrote {args.output}: {algorithm.name} on {title}")
    return EXIT_OK
