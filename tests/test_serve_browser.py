"""``gametree serve`` in headless Chromium: Connect Four played to its end with mouse clicks.

The page is driven as a person drives it (clicks on the board, a key for a column, two clicks
for a Chinese Checkers move) and what it shows is checked against the server's own account of
the game. One Chromium serves the module (``tests/browser/chromium.py``).

Set ``GAMETREE_SCREENSHOTS=1`` to write the screenshots that docs/serve.md shows into
``docs/figures/`` (otherwise they go to a temporary folder, and are still taken).
"""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from gametree.serve import GameServer, start
from tests.browser.chromium import browser

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

__all__ = ["browser"]  # the fixture, imported for the tests below

FIGURES_DIR = Path(__file__).resolve().parent.parent / "docs" / "figures"
SETTLED = "body[data-state=ready], body[data-state=over]"
"""A person is to move, or the game is over: no request under way."""


@pytest.fixture(scope="module")
def server() -> Iterator[GameServer]:
    running = start(0)
    yield running
    running.stop()


@pytest.fixture
def page(browser: "BrowserContext", server: GameServer) -> Iterator["Page"]:
    """The served page, its errors kept: none may be raised by the end of the test."""
    browser.set_offline(False)  # the fixture's context is offline; 127.0.0.1 is this machine
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(server.url)
    page.wait_for_selector("#game option", state="attached")
    yield page
    assert errors == []
    page.close()


def screenshot(page: "Page", name: str, tmp_path: Path) -> Path:
    folder = FIGURES_DIR if os.environ.get("GAMETREE_SCREENSHOTS") else tmp_path
    page.mouse.move(0, 0)  # no cell under the pointer, so none is drawn hovered
    out = folder / f"serve-{name}.png"
    page.screenshot(path=str(out))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return out


def game_view(server: GameServer, ident: str) -> dict[str, Any]:
    """The server's account of game ``ident``, as the page gets it."""
    view: dict[str, Any] = server.sessions.get(ident).view()
    return view


def new_game(page: "Page", game: str, depth: int, seat: str = "0", players: str = "2") -> str:
    """Start ``game`` from the setup form; the id of the game the server made."""
    page.select_option("#game", game)
    page.select_option("#players", players)
    page.select_option("#seat", seat)
    page.fill("#depth", str(depth))
    with page.expect_response("**/api/games") as created:
        page.click("#new-game")
    ident = str(created.value.json()["id"])
    page.wait_for_selector(SETTLED)
    return ident


def test_connect_four_to_its_end_with_mouse_clicks(
    page: "Page", server: GameServer, tmp_path: Path
) -> None:
    """Each click is on a column's top cell, wherever the piece lands; the engine answers."""
    ident = new_game(page, "connect4", depth=2)
    clicks = 0
    while page.locator("body[data-state=ready]").count():
        plies = len(game_view(server, ident)["history"])
        top = page.locator("#board .cell.clickable").first  # the leftmost column not full
        column = int(top.get_attribute("data-cell") or "")
        assert column < 7  # the top row's cells are 0..6
        top.click()
        page.wait_for_selector(SETTLED)
        view = game_view(server, ident)
        history = view["history"]
        assert history[plies] == {"player": 0, "move": str(column + 1)}
        clicks += 1
        if not view["over"]:
            search = view["search"]
            shown = page.inner_text('#search dd[data-field="principal variation"]')
            assert shown == " ".join(search["principal_variation"])
            assert page.inner_text('#search dd[data-field="nodes"]') == f"{search['nodes']:,}"
        if clicks == 3:
            screenshot(page, "connect4", tmp_path)
    view = game_view(server, ident)
    assert view["over"]
    outcome = str(view["outcome"])
    assert page.inner_text("#status") == outcome.replace("game over: ", "Game over: ")
    cells = view["board"]["cells"]
    for p in (0, 1):
        pieces = sum(c["owner"] == p for c in cells)
        assert page.locator(f"#board .piece.c{p}").count() == pieces
    assert page.locator("#board .cell.clickable").count() == 0
    assert page.locator("#history li").count() == len(view["history"])


def test_a_column_s_number_key_plays_it(page: "Page", server: GameServer) -> None:
    ident = new_game(page, "connect4", depth=1)
    page.keyboard.press("4")
    page.wait_for_selector(SETTLED)
    history = game_view(server, ident)["history"]
    assert history[0] == {"player": 0, "move": "4"}
    assert len(history) == 2


def test_a_chinese_checkers_move_is_two_clicks(
    page: "Page", server: GameServer, tmp_path: Path
) -> None:
    """The first click selects a piece and marks where it can go; the second moves it."""
    ident = new_game(page, "chinese-checkers", depth=2, players="3")
    first = game_view(server, ident)["moves"][0]
    frm, to = first["clicks"]
    page.click(f'#board .cell[data-cell="{frm}"]')
    assert page.locator("#board .cell.selected").count() == 1
    targets = {int(g.get_attribute("data-cell") or "") for g in
               page.locator("#board .cell.legal").all()}  # fmt: skip
    moves = game_view(server, ident)["moves"]
    assert targets == {m["clicks"][1] for m in moves if m["clicks"][0] == frm}
    page.click(f'#board .cell[data-cell="{to}"]')
    page.wait_for_selector(SETTLED)
    history = game_view(server, ident)["history"]
    assert history[0] == {"player": 0, "move": first["text"]}
    assert len(history) == 3  # and both engines have moved
    page.click(f'#board .cell[data-cell="{game_view(server, ident)["moves"][0]["clicks"][0]}"]')
    screenshot(page, "chinese-checkers", tmp_path)  # a piece selected, where it can go marked


def test_a_refused_move_is_shown(page: "Page") -> None:
    new_game(page, "tictactoe", depth=1)
    page.fill("#move-text", "10")
    page.press("#move-text", "Enter")
    page.wait_for_selector("#message:not(:empty)")
    assert page.inner_text("#message") == (
        "not a move: a move is a cell number 1..9, row by row (got '10')"
    )
    bad = "Failed to load resource: the server responded with a status of 400 (Bad Request)"
    assert page.errors == [bad]  # type: ignore[attr-defined]  # the browser's note of the 400
    page.errors.clear()  # type: ignore[attr-defined]


def test_the_searched_tree_opens_in_the_explore_view(page: "Page", server: GameServer) -> None:
    """The link under the search opens the explore page, which runs under the server's CSP."""
    new_game(page, "kalah", depth=3, seat="1")  # the engine moves first
    with page.expect_popup() as opened:
        page.click("#explore")
    explore = opened.value
    errors: list[str] = []
    explore.on("pageerror", lambda e: errors.append(str(e)))
    explore.wait_for_selector("body[data-ready=true]")
    assert (
        "Kalah: the tree alphabeta, depth 3 searched for"
        in explore.title() + explore.inner_text("body")
    )
    assert errors == []
    explore.close()


@pytest.mark.parametrize(
    ("game", "players"),
    [("tictactoe", "2"), ("kalah", "2"), ("othello", "2"), ("othello", "3"),
     ("chinese-checkers", "6")],
)  # fmt: skip
def test_a_click_on_a_marked_cell_plays_in_every_game(
    page: "Page", server: GameServer, game: str, players: str
) -> None:
    ident = new_game(page, game, depth=1, players=players)
    before = game_view(server, ident)
    page.locator("#board .cell.legal").first.click()
    if game == "chinese-checkers":  # the piece is chosen: now where it goes
        page.locator("#board .cell.legal").first.click()
    page.wait_for_selector(SETTLED)
    after = game_view(server, ident)
    assert after["history"][0]["move"] in [m["text"] for m in before["moves"]]
    assert len(after["history"]) >= int(players)  # then every engine moved (Kalah: or more)
    assert page.locator("#board .cell").count() == len(after["board"]["cells"])
