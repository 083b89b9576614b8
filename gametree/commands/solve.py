"""``gametree solve``: the value, best move, principal variation and counts for one tree."""

import argparse
import json
import sys
from typing import TYPE_CHECKING, get_args

from gametree.algorithms import (
    ALGORITHMS,
    EVENTS,
    Algorithm,
    Answer,
    Found,
    Options,
    applicable,
    lookup,
)
from gametree.clitools import (
    EXIT_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    add_limit_arguments,
    answer_json,
    cli_number,
    configure_help,
    epilog,
    error,
    guarded,
    limits_from,
    note,
    read_document,
    text_value,
)
from gametree.impl import BOTTOM, TOP
from gametree.impl.necessity import Domain
from gametree.spec import TreeError
from gametree.treefile import TreeDocument, TreeFileError

if TYPE_CHECKING:
    from gametree.impl.events import Event

NAME = "solve"
DESCRIPTION = (
    "Read a tree document (the canonical JSON form or the nested-array shorthand; - for "
    "standard input) and solve it with one algorithm, by default the spec's definition "
    "(spec.minimax for scalar trees, spec.maxn for vector trees). Paths are lists of child "
    "indices from the root. With --json, one object with exactly the keys value, best_move, "
    "principal_variation, nodes_visited, leaves_evaluated and trace (null without --trace); "
    'a vector value is a list and an exact fraction a string such as "3/7". For spec.* the '
    "counts are the whole tree's: a definition evaluates every node."
)

OPTION_FLAGS = {
    "alpha": "--alpha",
    "beta": "--beta",
    "player": "--player",
    "first_guess": "--first-guess",
    "gamma": "--gamma",
    "strict": "--strict",
    "function": "--function",
    "domain": "--domain",
}


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(parser, epilog(0, 2, 3))
    parser.add_argument("file", help="the tree document (- for standard input)")
    parser.add_argument("--algorithm", "-a", metavar="NAME",
                        help="a name from 'gametree algorithms' (default: the spec's)")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--trace", action="store_true",
                        help="also list the evaluated leaves, in order, as paths")  # fmt: skip
    parser.add_argument("--events", action="store_true",
                        help="then print the search's event trace, one JSON object a line: "
                        "enter, leaf, best, window, cut (its inequality and reason), leave "
                        "(gametree.impl.events; the searches the explore page offers)")  # fmt: skip
    searches = parser.add_argument_group("options of some algorithms")
    searches.add_argument("--alpha", type=cli_number, help="window: alpha (default unbounded)")
    searches.add_argument("--beta", type=cli_number, help="window: beta (default unbounded)")
    searches.add_argument("--player", type=int, help="the paranoid player (default the root's)")
    searches.add_argument("--first-guess", type=cli_number, help="MTD(f)'s first guess (0)")
    searches.add_argument("--gamma", type=cli_number, help="impl.mt's test value")
    searches.add_argument("--strict", action="store_true", default=None,
                          help="impl.mt: test 'above gamma?'")  # fmt: skip
    searches.add_argument("--function", type=int, choices=[0, 1],
                          help="impl.alphabeta_one_function: whose function (0)")  # fmt: skip
    add_domain_argument(searches)
    add_limit_arguments(parser)


def add_domain_argument(group: argparse._ArgumentGroup) -> None:
    """``--domain``: the values the optimal search may assume the leaves take."""
    group.add_argument("--domain", choices=get_args(Domain),
                       help="impl.optimal: the leaves are any reals within the bounds (the "
                       "default) or integers, under which fewer leaves are necessary")  # fmt: skip


def default_algorithm(doc: TreeDocument) -> Found:
    """The spec's definition for the tree: minimax for scalars, maxn for vectors."""
    return Found(ALGORITHMS["maxn" if doc.tree.vector else "minimax"], definition=True)


def options_from(args: argparse.Namespace, algorithm: Algorithm) -> Options:
    """The options given, checked against what ``algorithm`` reads (``ValueError`` if not)."""
    given = {k: getattr(args, k) for k in OPTION_FLAGS if getattr(args, k, None) is not None}
    unused = [OPTION_FLAGS[k] for k in given if k not in algorithm.options]
    if unused:
        raise ValueError(f"{algorithm.name} takes no {', '.join(unused)}")
    if "gamma" in algorithm.options and "gamma" not in given:  # impl.mt: a test, not a search
        raise ValueError(f"{algorithm.name} needs a test value: --gamma")
    alpha, beta = given.get("alpha", BOTTOM), given.get("beta", TOP)
    if alpha is not BOTTOM and beta is not TOP and not alpha < beta:
        raise ValueError(f"the window must be non-empty, alpha < beta (got {alpha}, {beta})")
    return Options(**given)


@guarded(NAME)
def run(args: argparse.Namespace) -> int:  # noqa: PLR0911 - one exit per kind of fault
    """Solve the file; 0, or 2 for bad options, 3 for a bad file or an inapplicable algorithm."""
    try:
        found = lookup(args.algorithm) if args.algorithm else None
    except KeyError as e:
        return error(NAME, str(e.args[0]), EXIT_USAGE)
    if found is not None and found.note is not None:
        note(NAME, found.note)
    try:
        doc = read_document(args.file, limits_from(args))
    except TreeFileError as e:
        return error(NAME, f"{args.file}: {e}", EXIT_INPUT)
    found = found or default_algorithm(doc)
    algorithm = found.algorithm
    try:
        options = options_from(args, algorithm)
    except ValueError as e:
        return error(NAME, str(e), EXIT_USAGE)
    problem = applicable(algorithm, doc.tree, doc.bounds)
    if problem is not None:
        return error(NAME, f"{args.file}: {problem}", EXIT_INPUT)
    if options.player is not None and not 0 <= options.player < doc.tree.players:
        return error(NAME, f"--player must be in 0..{doc.tree.players - 1}", EXIT_USAGE)
    try:
        answer = found.run(doc.tree, doc.bounds, options, trace=args.trace)
    except (TreeError, ValueError) as e:
        return error(NAME, f"{args.file}: {e}", EXIT_INPUT)
    steps = None
    if args.events:
        try:
            steps = trace_events(found, doc, options)
        except KeyError as e:
            return error(NAME, str(e.args[0]), EXIT_USAGE)
    if args.json:
        print(json.dumps(answer_json(answer)))
    else:
        print_answer(found, answer)
    for step in steps or ():
        print(json.dumps(step))
    sys.stdout.flush()
    return EXIT_OK


def trace_events(found: Found, doc: TreeDocument, options: Options) -> "tuple[Event, ...]":
    """The event trace of the search found on the document; ``KeyError`` if it has none."""
    name = found.algorithm.name
    if found.definition or name not in EVENTS:
        what = f"the definition of {name}" if found.definition else name
        raise KeyError(f"{what} has no event trace; these do: {', '.join(EVENTS)}")
    events = found.algorithm.run(doc.tree, doc.bounds, options, events=True).events
    assert events is not None
    return events


def print_answer(found: Found, answer: Answer) -> None:
    """The answer as text, one line a field."""
    a = found.algorithm
    name = f"{a.reference} (the definition of {a.name})" if found.definition else a.name
    print(f"algorithm: {name} ({a.computes})")
    print(f"value: {text_value(answer.value)}")
    print(f"best move: {answer.best_move if answer.best_move is not None else '- (a leaf)'}")
    print(f"principal variation: {list(answer.principal_variation)}")
    print(f"nodes visited: {answer.nodes_visited}")
    print(f"leaves evaluated: {answer.leaves_evaluated}")
    if answer.trace is not None:
        print("trace: " + " ".join(json.dumps(list(p)) for p in answer.trace))
