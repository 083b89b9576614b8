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
    add_window_argument,
    answer_json,
    cli_number,
    configure_help,
    epilog,
    error,
    guarded,
    limits_from,
    more_options,
    note,
    player_problem,
    read_bytes,
    read_document,
    text_value,
    window_from,
)
from gametree.impl import BOTTOM, TOP
from gametree.spec import Domain, TreeError
from gametree.treefile import TreeDocument, TreeFileError, read_tree_json

if TYPE_CHECKING:
    from gametree.impl.events import Event

NAME = "solve"
DESCRIPTION = (
    "Solve a tree document (- for standard input) with one algorithm, by default the spec's "
    "definition (spec.minimax for scalar trees, spec.maxn for vector trees), and print its "
    "value, best move, principal variation and counts. Paths are lists of child indices from "
    "the root."
)
DETAILS = (
    "A tree document is the canonical JSON form or the nested-array shorthand "
    "(docs/tree-format.md). With --json, one object with exactly the keys value, best_move, "
    "principal_variation, nodes_visited, leaves_evaluated and trace (null without --trace); "
    'a vector value is a list and an exact fraction a string such as "3/7". For spec.* the '
    "counts are the whole tree's: a definition evaluates every node. With --semantics NAME, "
    "what the conformance gate expects of a target claiming NAME on this case instead: the "
    "value or the range the window allows, the best moves, the line and the leaves in order; "
    "the file may also be a request or a minimal case the gate saved, whose window, player, "
    "first guess and domain the options replace (--json: the gate's 'expected' and "
    "'best_moves'). --alpha A and --beta B, the window's old spellings, still work."
)

OPTION_FLAGS = {
    "player": "--player",
    "first_guess": "--first-guess",
    "gamma": "--gamma",
    "strict": "--strict",
    "function": "--function",
    "domain": "--domain",
}
"""The options of some algorithms besides the window, by their field of ``Options``."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(parser, epilog(0, 2, 3))
    parser.add_argument("file", help="the tree document (- for standard input)")
    parser.add_argument("--algorithm", "-a", metavar="NAME",
                        help="a name from 'gametree algorithms' (default: the spec's)")  # fmt: skip
    parser.add_argument("--semantics", metavar="NAME",
                        help="print what 'gametree conform --semantics NAME' expects of this "
                        "case (a tree, a request or a saved minimal case) instead")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--trace", action="store_true",
                        help="also list the evaluated leaves, in order, as paths")  # fmt: skip
    add_search_arguments(parser)
    more = more_options(parser, "more output")
    more.add_argument("--events", action="store_true",
                      help="then print the search's event trace, one JSON object a line: "
                      "enter, leaf, best, window, cut (its inequality and reason), leave "
                      "(gametree.impl.events; the searches the explore page offers)")  # fmt: skip
    add_limit_arguments(parser)


def add_search_arguments(parser: argparse.ArgumentParser) -> None:
    """The window, and the options of some algorithms (``solve`` and ``draw`` take them)."""
    add_window_argument(parser, "the window (alpha, beta) of the alpha-beta family")
    searches = more_options(parser, "options of some algorithms")
    searches.add_argument("--player", type=int, help="the paranoid player (default the root's)")
    searches.add_argument("--first-guess", type=cli_number, metavar="F",
                          help="MTD(f)'s first guess (0)")  # fmt: skip
    searches.add_argument("--gamma", type=cli_number, help="impl.mt's test value")
    searches.add_argument("--strict", action="store_true", default=None,
                          help="impl.mt: test 'above gamma?'")  # fmt: skip
    searches.add_argument("--function", type=int, choices=[0, 1],
                          help="impl.alphabeta_one_function: whose function (0)")  # fmt: skip
    searches.add_argument("--domain", choices=get_args(Domain),
                          help="impl.optimal: the leaves are any reals within the bounds "
                          "(the default) or integers, under which fewer leaves are "
                          "necessary")  # fmt: skip


def default_algorithm(doc: TreeDocument) -> Found:
    """The spec's definition for the tree: minimax for scalars, maxn for vectors."""
    return Found(ALGORITHMS["maxn" if doc.tree.vector else "minimax"], definition=True)


def options_from(args: argparse.Namespace, algorithm: Algorithm) -> Options:
    """The options given, checked against what ``algorithm`` reads (``ValueError`` if not)."""
    given = {k: getattr(args, k) for k in OPTION_FLAGS if getattr(args, k, None) is not None}
    unused = [OPTION_FLAGS[k] for k in given if k not in algorithm.options]
    window = window_from(args)
    if window is not None:
        if "alpha" not in algorithm.options:
            unused.insert(0, "--window")
        alpha, beta = window
        given.update(alpha=BOTTOM if alpha is None else alpha, beta=TOP if beta is None else beta)
    if unused:
        raise ValueError(f"{algorithm.name} takes no {', '.join(unused)}")
    if "gamma" in algorithm.options and "gamma" not in given:  # impl.mt: a test, not a search
        raise ValueError(f"{algorithm.name} needs a test value: --gamma")
    return Options(**given)


@guarded(NAME)
def run(args: argparse.Namespace) -> int:  # noqa: PLR0911, PLR0912 - one exit per kind of fault
    """Solve the file; 0, or 2 for bad options, 3 for a bad file or an inapplicable algorithm."""
    if args.semantics is not None:
        return expectation(args)
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
    problem = applicable(algorithm, doc.tree, doc.declared)
    if problem is not None:
        return error(NAME, f"{args.file}: {problem}", EXIT_INPUT)
    problem = player_problem(algorithm, options.player, doc.tree.players)
    if problem is not None:
        return error(NAME, problem, EXIT_USAGE)
    try:
        answer = found.run(doc.tree, doc.declared, options, trace=args.trace)
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


def expectation(args: argparse.Namespace) -> int:
    """Print what the gate expects of the file's case under ``--semantics``; 0, 2 or 3."""
    from gametree.conform import expect  # noqa: PLC0415 - the gate's modules, only for this
    from gametree.conform.codec import case_from_request  # noqa: PLC0415

    problem = expectation_problem(args)
    if problem:
        return error(NAME, problem, EXIT_USAGE)
    given = {key: getattr(args, key) for key in expect.OVERRIDES}
    window = window_from(args)
    try:
        raw = read_bytes(args.file, limits_from(args).max_bytes)
        req = expect.request_from_file(raw.decode("utf-8-sig"), args.semantics, given, window)
        problem = request_player_problem(args, req)
        if problem:
            return error(NAME, problem, EXIT_USAGE)
        case = case_from_request(args.semantics, req)
    except OSError as e:
        return error(NAME, f"{args.file}: cannot read it: {e.strerror or e}", EXIT_INPUT)
    except UnicodeDecodeError as e:
        return error(NAME, f"{args.file}: not UTF-8 (byte {e.start})", EXIT_INPUT)
    except (TreeFileError, TreeError) as e:
        return error(NAME, f"{args.file}: {e}", EXIT_INPUT)
    if args.json:
        print(json.dumps(expect.expectation_json(case)))
    else:
        print("\n".join(expect.expectation_lines(case)))
    sys.stdout.flush()
    return EXIT_OK


def expectation_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with ``--semantics``' command line, or ``None``."""
    from gametree.conform.semantics import SEMANTICS  # noqa: PLC0415 - only for --semantics

    if args.semantics not in SEMANTICS:
        return f"--semantics: no semantics {args.semantics!r}; one of {', '.join(SEMANTICS)}"
    other = [flag for flag in ("--algorithm", "--trace", "--events", "--gamma", "--strict",
                               "--function")
             if getattr(args, flag[2:], None) not in {None, False}]  # fmt: skip
    if other:
        return f"--semantics says what the gate expects: it takes no {', '.join(other)}"
    try:
        window_from(args)
    except ValueError as e:
        return str(e)
    return None


def request_player_problem(args: argparse.Namespace, req: dict[str, object]) -> str | None:
    """What is wrong with ``--player`` (:func:`player_problem`) for the request ``req``.

    A player the file's request gives itself is the request's to check (a fault of the file).
    """
    algorithm = ALGORITHMS.get(args.semantics)
    if algorithm is None or "player" not in algorithm.options:
        return None
    if args.player is None and req.get("player") is not None:
        return None
    try:
        players = read_tree_json(req.get("tree")).tree.players
    except TreeFileError:
        return None  # the request's reader says what is wrong with it
    return player_problem(algorithm, args.player, players)


def trace_events(found: Found, doc: TreeDocument, options: Options) -> "tuple[Event, ...]":
    """The event trace of the search found on the document; ``KeyError`` if it has none."""
    name = found.algorithm.name
    if found.definition or name not in EVENTS:
        what = f"the definition of {name}" if found.definition else name
        raise KeyError(f"{what} has no event trace; these do: {', '.join(EVENTS)}")
    events = found.algorithm.run(doc.tree, doc.declared, options, events=True).events
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
