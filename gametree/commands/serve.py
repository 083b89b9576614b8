"""``gametree serve``: play the bundled games in the browser, against the engines."""

import argparse
import signal
import sys
import threading
import webbrowser
from types import FrameType

from gametree.clitools import EXIT_OK, EXIT_USAGE, configure_help, epilog, error, guarded
from gametree.serve.server import POLL_SECONDS, GameServer

NAME = "serve"
DESCRIPTION = (
    "Serve a page on 127.0.0.1 (this machine only) to play Connect Four, Kalah, "
    "tic-tac-toe, Othello for 2 to 4 players and Chinese Checkers for 2, 3 or 6 with the "
    "mouse against gametree play's engines. After each engine move the page shows its "
    "principal variation and statistics (depth, nodes, leaves, time), and on request the "
    "tree it searched in the explore view. The address is printed on start; Ctrl-C or "
    "SIGTERM stops the server. docs/serve.md describes the page and its JSON API."
)


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    configure_help(parser, epilog(0, 2, notes={2: "bad usage, or the port cannot be used"}))
    parser.add_argument(
        "--port",
        type=_port,
        default=8765,
        help="the port to listen on, 0 for any free one (default 8765)",
    )
    parser.add_argument(
        "--capacity",
        type=_capacity,
        default=64,
        metavar="N",
        help="the most games held at once; a new one beyond ends the least recently used "
        "(default 64)",
    )
    parser.add_argument("--open", action="store_true", help="open the page in a web browser")
    parser.add_argument("--log", action="store_true", help="log every request on standard error")


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number 0..65535 (got {text!r})")
    return int(text)


def _capacity(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number, at least 1 (got {text!r})")
    return int(text)


def _log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


@guarded(NAME)
def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C or SIGTERM; 0 when stopped so, 2 if the port cannot be used."""
    try:
        server = GameServer(args.port, capacity=args.capacity, log=_log if args.log else None)
    except OSError as e:
        why = f"{e.strerror or e} (choose another --port, or --port 0 for any free one)"
        return error(NAME, f"cannot listen on 127.0.0.1:{args.port}: {why}", EXIT_USAGE)
    stop = threading.Event()

    def request_stop(signum: int, frame: FrameType | None) -> None:  # noqa: ARG001 - signal's
        stop.set()

    previous = {s: signal.signal(s, request_stop) for s in (signal.SIGINT, signal.SIGTERM)}
    serving = threading.Thread(
        target=server.serve_forever, args=(POLL_SECONDS,), name="gametree serve"
    )
    serving.start()
    try:
        print(f"gametree serve: playing at {server.url} (Ctrl-C to stop)", flush=True)
        if args.open:
            webbrowser.open(server.url)
        while not stop.wait(0.5):
            pass
    finally:
        server.shutdown()
        serving.join()
        server.server_close()
        for s, handler in previous.items():
            signal.signal(s, handler)
    print("gametree serve: stopped", flush=True)
    return EXIT_OK
