"""The web server of ``gametree serve``: the page's files and a JSON API, on 127.0.0.1 only.

The standard library's ``http.server.ThreadingHTTPServer``: a local app for one person needs
no framework, and a user who installed ``gametree`` has everything it takes (a thread per
request, so that the page stays answered while an engine thinks).

Routes (``docs/serve.md`` has the fields)::

    GET  /                        the page
    GET  /assets/NAME             the page's script and style sheet (ASSETS, nothing else)
    GET  /api/games               the games, their numbers of players and the engines
    POST /api/games               a new game: {"game", "seats", "engine", "depth" | "time"}
    GET  /api/games/ID            the game: board, moves (with the cells to click), turn, ...
    POST /api/games/ID/move       a person's move: {"move": TEXT} in gametree play's notation
    POST /api/games/ID/engine     the engine to move searches and plays
    GET  /api/games/ID/explore    the explore view of the last engine search's tree

Every refusal is JSON, ``{"error": MESSAGE}``, with its status: 400 a bad body or move, 403
a Host header that is not this server's (a page of another site that resolved its name to
127.0.0.1), 404 an unknown route or game, 405 a method the route does not take (with
``Allow``), 411 a body without a length, 413 a body over ``MAX_BODY`` bytes, 415 a body that
is not ``application/json``, Files are served from a
table of the assets read at start, by exact name: no request path ever reaches the file
system, so ``..``, its encodings, absolute paths and symlinks name nothing.
"""

import functools
import http.server
import json
import re
import sys
import threading
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from gametree._json import JSONSyntaxError, loads
from gametree.games.engines import MULTI_PLAYER, TWO_PLAYER
from gametree.serve.session import (
    CATALOGUE,
    DEFAULT_DEPTH,
    MAX_DEPTH,
    MAX_SECONDS,
    RequestError,
    Session,
    Sessions,
)
from gametree.spec._package_data import MissingPackageDataError, package_text

__all__ = ["ASSETS", "ASSET_FOLDER", "MAX_BODY", "GameServer", "start"]

ASSETS = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
    "icon.svg": "image/svg+xml",
}
"""The page's files (package data in ``gametree/serve/assets/``) and their media types."""

MAX_BODY = 16 * 1024
"""The largest request body read, in bytes (a move or a new game is a few dozen)."""

HOST = "127.0.0.1"

POLL_SECONDS = 0.05
"""How often the serving thread looks whether it is asked to stop (what ``stop()`` waits)."""

_POLICY = "default-src 'self'; frame-ancestors 'none'"
"""The page's Content-Security-Policy: its own files only, in no other site's frame."""
_EXPLORE_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "img-src data:; frame-ancestors 'none'"
)
"""The explore view's: one self-contained file, its script and style inline, no request of
any kind (as its own meta tag says)."""

_ID = "([0-9a-f]{16})"
_ROUTES: list[tuple[re.Pattern[str], dict[str, str]]] = [
    (re.compile(p), methods)
    for p, methods in [
        ("/", {"GET": "page"}),
        ("/assets/(" + "|".join(map(re.escape, ASSETS)) + ")", {"GET": "asset"}),
        ("/api/games", {"GET": "catalogue", "POST": "create"}),
        (f"/api/games/{_ID}", {"GET": "show"}),
        (f"/api/games/{_ID}/move", {"POST": "move"}),
        (f"/api/games/{_ID}/engine", {"POST": "engine"}),
        (f"/api/games/{_ID}/explore", {"GET": "explore"}),
    ]
]


ASSET_FOLDER = Path(str(resources.files("gametree.serve") / "assets"))
"""Where the installed package keeps the page's files."""


def read_assets(folder: Path = ASSET_FOLDER) -> dict[str, bytes]:
    """The page's files, by name, from ``folder`` (default: the installed package data).

    A file that is missing, or that is a symlink, is gametree's ``MissingPackageDataError``:
    the page is served only from files of its own.
    """
    base = folder
    found = {}
    for name in ASSETS:
        path = base / name
        if path.is_symlink():
            raise MissingPackageDataError(
                f"gametree's data file {path} is a symlink: gametree serve serves its own "
                "files only (reinstall gametree)"
            )
        found[name] = package_text(path).encode("utf-8")
    return found


class GameServer(http.server.ThreadingHTTPServer):
    """The server: the sessions, the page's files, and where it listens (``url``)."""

    daemon_threads = True

    def __init__(self, port: int = 0, *, capacity: int = 64, assets: Path | None = None,
                 log: Callable[[str], None] | None = None) -> None:  # fmt: skip
        self.sessions = Sessions(capacity)
        self.assets = read_assets(ASSET_FOLDER if assets is None else assets)
        self.log = log
        super().__init__((HOST, port), _Handler)

    def handle_error(self, request: object, client_address: object) -> None:  # noqa: ARG002
        """A fault in answering a request: none when the client went away, else one line.

        (``socketserver`` prints a traceback; the routes' own faults are JSON 500s already.)
        """
        fault = sys.exc_info()[1]
        if isinstance(fault, ConnectionError):  # the page was closed while the engine thought
            return
        print(f"gametree serve: error: answering {client_address}: "  # noqa: T201 - stderr
              f"{type(fault).__name__}: {fault}", file=sys.stderr)  # fmt: skip

    @property
    def port(self) -> int:
        """The port it listens on (the one the system chose, when asked for 0)."""
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT/``."""
        return f"http://{HOST}:{self.port}/"

    def stop(self) -> None:
        """Stop serving (when started by :func:`start`) and close the socket."""
        self.shutdown()
        self.server_close()


def start(port: int = 0, **options: Any) -> GameServer:
    """A :class:`GameServer` serving in a thread of its own; ``stop()`` ends it."""
    server = GameServer(port, **options)
    serve = functools.partial(server.serve_forever, poll_interval=POLL_SECONDS)
    threading.Thread(target=serve, name="gametree serve", daemon=True).start()
    return server


class _Handler(http.server.BaseHTTPRequestHandler):
    server: GameServer
    server_version = "gametree-serve"
    protocol_version = "HTTP/1.1"
    timeout = 60  # seconds a connection may stay idle, so that none holds a thread for ever

    def do_GET(self) -> None:
        self._dispatch("GET")

    def do_POST(self) -> None:
        self._dispatch("POST")

    def _refuse_method(self) -> None:
        self._dispatch(self.command)

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = _refuse_method  # noqa: N815

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:  # noqa: ARG002 - http.server's signature; the message says it
        """http.server's own refusals (a malformed request line, headers too long, ...) as JSON."""
        phrase = self.responses.get(code, ("error",))[0]
        self._reply_error(code, f"{phrase}: {message}" if message else phrase)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's name
        if self.server.log is not None:
            self.server.log(f"{self.address_string()} {format % args}")

    def _dispatch(self, method: str) -> None:
        try:
            self._check_host()
            path = urlsplit(self.path).path
            for pattern, methods in _ROUTES:
                m = pattern.fullmatch(path)
                if m is None:
                    continue
                if method not in methods:
                    self._reply_error(405, f"{path} takes {', '.join(methods)}, not {method}",
                                      {"Allow": ", ".join(methods)})  # fmt: skip
                    return
                getattr(self, "_" + methods[method])(*m.groups())
                return
            self._reply_error(404, f"no such route: {path}")
        except RequestError as e:
            self._reply_error(e.status, str(e))
        except Exception as e:  # a fault of the server's own: a 500 that says it, no trace
            self._reply_error(500, f"internal error: {type(e).__name__}: {e}")

    def _check_host(self) -> None:
        host = self.headers.get("Host", "")
        if host not in (f"{HOST}:{self.server.port}", f"localhost:{self.server.port}"):
            raise RequestError(403, f"the Host header must be this server's, {HOST}:"
                                    f"{self.server.port} (got {host!r})")  # fmt: skip

    def _body(self) -> object:
        """The request's JSON body ({} when there is none)."""
        if "Transfer-Encoding" in self.headers:
            self.close_connection = True
            raise RequestError(411, "a body must come with a Content-Length, not chunked")
        length_text = self.headers.get("Content-Length", "0")
        if not length_text.isdigit():
            self.close_connection = True
            raise RequestError(400, f"a bad Content-Length: {length_text!r}")
        length = int(length_text)
        if length > MAX_BODY:
            self.close_connection = True  # the body is left unread
            raise RequestError(413, f"the body is {length} bytes; the most is {MAX_BODY}")
        data = self.rfile.read(length)
        kind = self.headers.get_content_type()
        if length and kind != "application/json":
            raise RequestError(415, f"the body must be application/json (got {kind})")
        if not length:
            return {}
        try:
            return loads(data.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise RequestError(400, f"the body is not UTF-8: {e}") from None
        except JSONSyntaxError as e:
            raise RequestError(400, f"the body is not JSON: {e}") from None

    # The routes.

    def _page(self) -> None:
        self._asset("index.html")

    def _asset(self, name: str) -> None:
        self._reply(200, self.server.assets[name], ASSETS[name])

    def _catalogue(self) -> None:
        engines = {"2": list(TWO_PLAYER), "N": list(MULTI_PLAYER)}
        self._json(200, {"games": CATALOGUE, "engines": engines,
                         "default_depth": {"2": DEFAULT_DEPTH[2], "N": DEFAULT_DEPTH[3]},
                         "max_depth": {"2": MAX_DEPTH[2], "N": MAX_DEPTH[3]},
                         "max_time": MAX_SECONDS})  # fmt: skip

    def _create(self) -> None:
        session = self.server.sessions.create(self._body())
        self._json(201, session.view())

    def _session(self, ident: str) -> Session:
        return self.server.sessions.get(ident)

    def _show(self, ident: str) -> None:
        self._json(200, self._session(ident).view())

    def _move(self, ident: str) -> None:
        session = self._session(ident)
        body = self._body()
        if not isinstance(body, dict) or set(body) != {"move"} or not isinstance(body["move"], str):
            raise RequestError(400, f'a move is {{"move": TEXT}}, TEXT in the game\'s notation '
                                    f"(got {json.dumps(body)[:200]})")  # fmt: skip
        self._json(200, session.play(body["move"]))

    def _engine(self, ident: str) -> None:
        session = self._session(ident)
        self._body()
        self._json(200, session.engine_move())

    def _explore(self, ident: str) -> None:
        page = self._session(ident).explore_page()
        self._reply(200, page.encode("utf-8"), "text/html; charset=utf-8", policy=_EXPLORE_POLICY)

    # Replies.

    def _json(self, status: int, value: object) -> None:
        body = json.dumps(value, separators=(",", ":")).encode("utf-8")
        self._reply(status, body, "application/json")

    def _reply_error(
        self, status: int, message: str, headers: dict[str, str] | None = None
    ) -> None:
        body = json.dumps({"error": message}).encode("utf-8")
        self._reply(status, body, "application/json", headers)

    def _reply(self, status: int, body: bytes, kind: str, headers: dict[str, str] | None = None,
               *, policy: str = _POLICY) -> None:  # fmt: skip
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", policy)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
