"""``gametree serve`` over HTTP: its routes, its refusals, no file outside its own, a whole game.

Every test talks to a real server on a free port of 127.0.0.1, started and stopped inside it.
"""

import argparse
import http.client
import json
import random
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gametree import cli
from gametree.commands import serve as serve_command
from gametree.explore import page_data
from gametree.games import ChineseCheckers, ConnectFour, Kalah, Othello, TicTacToe
from gametree.serve import GameServer, RequestError, Session, Sessions, start
from gametree.serve.boards import board, clicks
from gametree.serve.server import ASSETS, MAX_BODY, read_assets
from gametree.serve.session import CATALOGUE, MAX_EXPLORE_NODES
from gametree.spec import Node
from gametree.spec._package_data import MissingPackageDataError
from gametree.treefile import read_tree_text

HANG_GUARD = 120.0
"""Seconds after which a request is a hang, far above any answer on a loaded machine."""


@pytest.fixture(scope="module")
def server() -> Iterator[GameServer]:
    """One server for the module's tests (each of them makes games of its own)."""
    running = start(0, capacity=64)
    yield running
    running.stop()


Reply = tuple[int, dict[str, str], Any]


def send(server: GameServer, method: str, path: str, body: object = None, *,
         raw: bytes | None = None, headers: dict[str, str] | None = None) -> Reply:  # fmt: skip
    """The status, headers and body (parsed when JSON) of one request sent as it is given."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=HANG_GUARD)
    try:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json"} if data is not None else {}
        sent.update(headers or {})
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        payload = response.read()
        got = {k.lower(): v for k, v in response.getheaders()}
        if got.get("content-type") == "application/json" and method != "HEAD":
            return response.status, got, json.loads(payload)
        return response.status, got, payload
    finally:
        connection.close()


def refused(reply: Reply, status: int) -> str:
    """The error message of a refusal with ``status``, which must be JSON {error: ...}."""
    code, headers, body = reply
    assert code == status, body
    assert headers["content-type"] == "application/json"
    assert set(body) == {"error"}
    assert isinstance(body["error"], str)
    assert body["error"]
    return str(body["error"])


def exchange(server: GameServer, request: bytes) -> bytes:
    """What the server answers ``request``, sent as bytes, up to its closing the connection."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=HANG_GUARD) as s:
        s.sendall(request)
        reply = b""
        while chunk := s.recv(65536):
            reply += chunk
    return reply


def new_game(server: GameServer, **fields: object) -> dict[str, Any]:
    status, _, view = send(server, "POST", "/api/games", fields)
    assert status == 201, view
    return dict(view)


# Routes.


def test_the_page_and_its_assets_are_served_with_their_types(server: GameServer) -> None:
    status, headers, page = send(server, "GET", "/")
    assert status == 200
    assert headers["content-type"] == ASSETS["index.html"]
    assert b"/assets/app.js" in page
    assert b"http" not in page.replace(b"http-equiv", b"")  # no CDN, no other site
    for name, kind in ASSETS.items():
        status, headers, body = send(server, "GET", f"/assets/{name}")
        assert (status, headers["content-type"]) == (200, kind)
        assert body == server.assets[name]
        assert "default-src 'self'" in headers["content-security-policy"]


def test_the_catalogue_names_every_game_and_engine(server: GameServer) -> None:
    status, _, catalogue = send(server, "GET", "/api/games")
    assert status == 200
    assert set(catalogue["games"]) == {"connect4", "kalah", "tictactoe", "othello",
                                        "chinese-checkers"}  # fmt: skip
    assert "alphabeta" in catalogue["engines"]["2"]
    assert "shallow" in catalogue["engines"]["N"]


def test_a_new_game_is_shown_and_kept_by_its_id(server: GameServer) -> None:
    view = new_game(server, game="othello", seats=["human", "engine", "engine"], depth=1)
    assert view["to_move"] == 0
    assert view["human_to_move"]
    othello = Othello(3, 8)
    s = othello.initial_state()
    assert [m["text"] for m in view["moves"]] == [othello.format_move(m) for m in othello.moves(s)]
    assert view["board"] == board(othello, s)
    assert [p["name"] for p in view["players"]] == ["X (player 0)", "O (player 1)", "A (player 2)"]
    assert send(server, "GET", f"/api/games/{view['id']}")[2] == view


# Refusals.


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [("DELETE", "/api/games", "GET, POST"), ("PUT", "/", "GET"), ("POST", "/assets/app.js", "GET"),
     ("GET", "/api/games/0123456789abcdef/move", "POST"), ("HEAD", "/", "GET"),
     ("OPTIONS", "/api/games", "GET, POST")],
)  # fmt: skip
def test_a_method_a_route_does_not_take_is_405_with_allow(
    server: GameServer, method: str, path: str, allowed: str
) -> None:
    reply = send(server, method, path)
    if method == "HEAD":  # the reply to HEAD has no body
        assert (reply[0], reply[2]) == (405, b"")
    else:
        assert method in refused(reply, 405)
    assert reply[1]["allow"] == allowed


@pytest.mark.parametrize(
    "path", ["/nowhere", "/api", "/api/games/", "/index.html", "/assets/", "/assets/app.jsx",
             "/api/games/0123456789abcdef/undo", "/API/games"],
)  # fmt: skip
def test_an_unknown_route_is_404(server: GameServer, path: str) -> None:
    assert "no such route" in refused(send(server, "GET", path), 404)


def test_an_unknown_game_is_404(server: GameServer) -> None:
    assert "no game '0123456789abcdef'" in refused(
        send(server, "GET", "/api/games/0123456789abcdef"), 404
    )


@pytest.mark.parametrize(
    ("body", "fault"),
    [
        ({"game": "chess"}, "'game' must be one of"),
        ([1, 2], "a new game is a JSON object (got list)"),
        ({"game": "kalah", "colour": "red"}, "unknown field 'colour'"),
        ({"game": "kalah", "seats": ["human", "robot"]}, "'seats' must be a list"),
        ({"game": "kalah", "seats": "human"}, "'seats' must be a list"),
        ({"game": "kalah", "seats": ["human", "engine", "engine"]}, "kalah is for 2 players"),
        ({"game": "othello", "seats": ["human"] * 5}, "othello is for 2 or 3 or 4 players"),
        ({"game": "kalah", "depth": 0}, "'depth' must be a whole number 1..10"),
        ({"game": "kalah", "depth": True}, "'depth' must be a whole number"),
        ({"game": "othello", "seats": ["engine"] * 3, "depth": 6}, "1..5 for 3 players"),
        ({"game": "kalah", "time": 1000}, "'time' must be a number of seconds"),
        ({"game": "kalah", "time": 1, "depth": 2}, "give 'depth' or 'time', not both"),
        ({"game": "kalah", "engine": "shallow"}, "no engine 'shallow' for a 2-player game"),
        ({"game": "othello", "seats": ["human", "alphabeta", "engine"]}, "no engine 'alphabeta'"),
        ({"game": "kalah", "engine": 7}, "'engine' must be an engine's name"),
    ],
)
def test_a_bad_new_game_is_400_naming_the_fault(
    server: GameServer, body: object, fault: str
) -> None:
    assert fault in refused(send(server, "POST", "/api/games", body), 400)


@pytest.mark.parametrize(
    ("raw", "fault"),
    [(b"{", "the body is not JSON: "), (b'{"game": NaN}', "'game' must be one of"),
     (b"\xff\xfe", "the body is not UTF-8"), (b"[1, 2,]", "line 1, column 7")],
)  # fmt: skip
def test_a_body_that_is_not_json_is_400(server: GameServer, raw: bytes, fault: str) -> None:
    assert fault in refused(send(server, "POST", "/api/games", raw=raw), 400)


def test_bad_moves_are_400_and_change_nothing(server: GameServer) -> None:
    game = new_game(server, game="connect4", seats=["human", "engine"], depth=1)
    path = f"/api/games/{game['id']}/move"
    for body, fault in [
        ({"move": "9"}, "not a move: there is no column 9"),
        ({"move": "x"}, "not a move: a move is a column number 1..7"),
        ({"move": 4}, 'a move is {"move": TEXT}'),
        ({"move": "4", "and": "5"}, 'a move is {"move": TEXT}'),
        ({}, 'a move is {"move": TEXT}'),
    ]:
        assert fault in refused(send(server, "POST", path, body), 400)
    assert "it is a person's move" in refused(
        send(server, "POST", f"/api/games/{game['id']}/engine"), 400
    )
    status, _, view = send(server, "POST", path, {"move": "4"})
    assert (status, view["to_move"], view["human_to_move"]) == (200, 1, False)
    assert "it is the engine's move (O (player 1))" in refused(
        send(server, "POST", path, {"move": "4"}), 400
    )
    assert send(server, "GET", f"/api/games/{game['id']}")[2]["history"] == [
        {"player": 0, "move": "4"}
    ]


def test_a_body_over_the_limit_is_413_unread(server: GameServer) -> None:
    raw = b'{"game": "' + b"x" * MAX_BODY + b'"}'
    reply = send(server, "POST", "/api/games", raw=raw)
    assert f"the most is {MAX_BODY}" in refused(reply, 413)
    assert reply[1]["connection"] == "close"


def test_a_body_must_be_json_with_a_length(server: GameServer) -> None:
    plain = {"Content-Type": "text/plain"}
    reply = send(server, "POST", "/api/games", raw=b'{"game": "kalah"}', headers=plain)
    assert "must be application/json (got text/plain)" in refused(reply, 415)
    head = exchange(server, b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: "
                    b"application/json\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
                    % server.port)  # fmt: skip
    assert head.startswith(b"HTTP/1.1 411 ")
    assert b'"error": "a body must come with a Content-Length' in head


def test_another_host_is_403(server: GameServer) -> None:
    """A page of another site whose name resolves to 127.0.0.1 (DNS rebinding) is refused."""
    reply = send(server, "GET", "/api/games", headers={"Host": "attacker.example:80"})
    assert "the Host header must be this server's" in refused(reply, 403)
    assert send(server, "GET", "/", headers={"Host": f"localhost:{server.port}"})[0] == 200


def test_a_malformed_request_is_a_json_refusal(server: GameServer) -> None:
    reply = exchange(server, b"GET /a b c HTTP/1.1\r\n\r\n")
    assert reply.startswith(b"HTTP/1.1 400 ")
    body = json.loads(reply.split(b"\r\n\r\n", 1)[1])
    assert body["error"].startswith("Bad Request")


# No file outside its own.


TRAVERSALS = [
    "/../gametree/serve/server.py",
    "/assets/../server.py",
    "/assets/../../__init__.py",
    "/assets/%2e%2e/server.py",
    "/assets/%2E%2E%2Fserver.py",
    "/assets/..%2fserver.py",
    "/assets/%252e%252e/server.py",
    "/assets/app.js/../../server.py",
    "/%2e%2e/%2e%2e/etc/passwd",
    "//etc/passwd",
    "/etc/passwd",
    "/assets//etc/passwd",
    "/assets/%2fetc%2fpasswd",
    "/assets/C:%5cWindows%5cwin.ini",
    "/assets/app.js%00.png",
    "/assets/..\\server.py",
    "http://127.0.0.1/../server.py",
]


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_path_reaches_a_file_outside_the_assets(server: GameServer, path: str) -> None:
    status, _, body = send(server, "GET", path, headers={"Host": f"127.0.0.1:{server.port}"})
    assert status == 404, body
    assert set(body) == {"error"}


def test_a_symlinked_asset_is_not_served(tmp_path: Path) -> None:
    """Assets are read once, by name, from regular files: a symlink, inside or not, is refused."""
    assets = tmp_path / "assets"
    shutil.copytree(Path(__file__).parents[1] / "gametree" / "serve" / "assets", assets)
    secret = tmp_path / "secret.txt"
    secret.write_text("secret")
    (assets / "leak.css").symlink_to(secret)
    running = start(0, assets=assets)
    try:
        refused(send(running, "GET", "/assets/leak.css"), 404)
    finally:
        running.stop()
    (assets / "app.css").unlink()
    (assets / "app.css").symlink_to(secret)
    with pytest.raises(MissingPackageDataError, match=r"app\.css is a symlink"):
        read_assets(assets)


# Games.


def test_a_whole_tic_tac_toe_game_over_the_api(server: GameServer) -> None:
    """A person who takes the first free cell loses to the engine searching to the end."""
    view = new_game(server, game="tictactoe", seats=["human", "engine"], depth=9)
    game = f"/api/games/{view['id']}"
    plies = 0
    while not view["over"]:
        if view["human_to_move"]:
            status, _, view = send(server, "POST", f"{game}/move",
                                   {"move": view["moves"][0]["text"]})  # fmt: skip
        else:
            status, _, view = send(server, "POST", f"{game}/engine")
            search = view["search"]
            assert search["player"] == 1
            assert search["principal_variation"][0] == search["move"]
            assert search["nodes"] >= search["leaves"] > 0
            assert search["depth"] >= 1
        assert status == 200
        plies += 1
    assert view["outcome"] == "game over: O (player 1) wins"
    assert (view["to_move"], view["moves"], view["human_to_move"]) == (None, [], False)
    assert [h["player"] for h in view["history"]] == [p % 2 for p in range(plies)]
    assert "game is over" in refused(send(server, "POST", f"{game}/engine"), 400)
    assert "game is over" in refused(send(server, "POST", f"{game}/move", {"move": "1"}), 400)


def test_engines_play_each_game_and_player_count(server: GameServer) -> None:
    for name, info in CATALOGUE.items():
        for n in info["players"]:  # type: ignore[attr-defined]
            view = new_game(server, game=name, seats=["engine"] * n, depth=1)
            for _ in range(n + 1):
                if view["over"]:
                    break
                status, _, view = send(server, "POST", f"/api/games/{view['id']}/engine")
                assert status == 200, view
            assert len(view["history"]) == n + 1


def test_the_oldest_game_makes_room_beyond_the_capacity() -> None:
    server = start(0, capacity=3)
    try:
        first = new_game(server, game="kalah")
        rest = [new_game(server, game="kalah") for _ in range(3)]
        assert len(server.sessions) == 3
        assert "the server holds 3" in refused(
            send(server, "GET", f"/api/games/{first['id']}"), 404
        )
        assert send(server, "GET", f"/api/games/{rest[0]['id']}")[0] == 200
    finally:
        server.stop()


def test_a_session_capacity_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="'capacity' must be at least 1"):
        Sessions(0)


def test_the_explore_route_shows_the_last_search_s_tree(server: GameServer) -> None:
    view = new_game(server, game="othello", seats=["engine", "human", "engine"], depth=3)
    path = f"/api/games/{view['id']}/explore"
    assert "no engine has moved yet" in refused(send(server, "GET", path), 404)
    send(server, "POST", f"/api/games/{view['id']}/engine")
    status, headers, page = send(server, "GET", path)
    assert status == 200
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert "'unsafe-inline'" in headers["content-security-policy"]  # the page is one file
    data = page_data(page.decode())
    assert data["algorithm"] == "shallow"
    doc = read_tree_text(str(data["tree"]))
    assert doc.tree.players == 3
    assert doc.bounds is not None
    assert "searched for" in str(data["title"])


def test_the_explored_tree_is_cut_to_a_size_the_page_draws() -> None:
    session = Sessions().create({"game": "connect4", "seats": ["engine", "human"], "depth": 6})
    with pytest.raises(RequestError, match="no engine has moved yet"):
        session.explored_tree()
    session.engine_move()
    tree, depth = session.explored_tree()
    line = [tree]
    while isinstance(line[-1], Node):
        assert len(line[-1].children) == 7
        line.append(line[-1].children[0])
    assert (len(line), depth) == (3, 2)  # 1 + 7 + 49 = 57 nodes; depth 3 has 400
    assert MAX_EXPLORE_NODES < 400


# What the page draws.


GAMES = [TicTacToe(), ConnectFour(), Kalah(), Othello(2), Othello(3), ChineseCheckers(2),
         ChineseCheckers(3), ChineseCheckers(6)]  # fmt: skip


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{type(g).__name__}{g.players}")
def test_every_move_is_one_unambiguous_sequence_of_clicks(game: Any) -> None:
    """Along random games: clicks name cells, and no move's clicks start another's."""
    rng = random.Random(19)
    s = game.initial_state()
    for _ in range(60):
        if game.is_terminal(s):
            break
        view = board(game, s)
        cells = view["cells"]
        assert isinstance(cells, list)
        sequences = [tuple(clicks(game, s, m)) for m in game.moves(s)]
        assert all(0 <= c < len(cells) for seq in sequences for c in seq)
        for a in sequences:
            for b in sequences:
                assert a == b or b[: len(a)] != a, (a, b)
        if view.get("by_column"):
            columns = [cells[seq[0]]["x"] for seq in sequences]
            assert len(set(columns)) == len(columns)
        for seq in sequences:  # a move's cells are the empty ones it fills, or the mover's
            assert all(cells[c]["owner"] in (None, game.to_move(s)) for c in seq[:1])
        s = game.successor(s, rng.choice(game.moves(s)))


# The command.


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_the_command_prints_its_address_and_stops_cleanly(stop: signal.Signals) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "gametree.cli", "serve", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith("gametree serve: playing at http://127.0.0.1:")
        port = int(first.split("127.0.0.1:")[1].split("/")[0])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=HANG_GUARD)
        connection.request("GET", "/api/games")
        assert connection.getresponse().status == 200
        connection.close()
        process.send_signal(stop)
        out, err = process.communicate(timeout=HANG_GUARD)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, err) == (0, "")
    assert out == "gametree serve: stopped\n"


def test_a_port_in_use_is_one_line_and_exit_code_2(server: GameServer) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gametree.cli", "serve", "--port", str(server.port)],
        capture_output=True, text=True, timeout=HANG_GUARD, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith(
        f"gametree serve: error: cannot listen on 127.0.0.1:{server.port}"
    )
    assert len(done.stderr.splitlines()) == 1


def test_a_client_gone_is_no_error_and_another_fault_is_one_line(
    server: GameServer, capsys: pytest.CaptureFixture[str]
) -> None:
    for fault in (ConnectionResetError("reset"), BrokenPipeError("pipe"), ValueError("odd")):
        try:
            raise fault
        except Exception:  # handle_error reads the fault being handled
            server.handle_error(None, ("127.0.0.1", 9))
    assert capsys.readouterr().err == (
        "gametree serve: error: answering ('127.0.0.1', 9): ValueError: odd\n"
    )


def test_the_command_documents_its_options_and_exit_codes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = cli.parser()
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(["serve", "--help"])
    out = capsys.readouterr().out
    assert exit_.value.code == 0
    assert "exit codes:" in out
    assert "    2  bad usage, or the port cannot be used" in out
    for option in ("--port", "--capacity", "--open", "--log"):
        assert option in out
    alone = argparse.ArgumentParser()
    serve_command.configure(alone)
    assert all(action.help for action in alone._actions)


@pytest.mark.parametrize(
    ("argv", "fault"),
    [(["--port", "65536"], "a port is a whole number 0..65535 (got '65536')"),
     (["--port", "-1"], "a port is a whole number 0..65535"),
     (["--capacity", "0"], "must be a whole number, at least 1 (got '0')")],
)  # fmt: skip
def test_bad_options_are_usage_errors(
    argv: list[str], fault: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["serve", *argv])
    assert exit_.value.code == 2
    assert fault in capsys.readouterr().err


def test_a_fault_of_the_server_s_is_a_json_500(
    server: GameServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game(server, game="kalah")

    def broken(self: Session) -> dict[str, object]:
        raise KeyError("seeded")

    monkeypatch.setattr(Session, "view", broken)
    reply = send(server, "GET", f"/api/games/{game['id']}")
    assert refused(reply, 500) == "internal error: KeyError: 'seeded'"
