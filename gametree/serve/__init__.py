"""``gametree serve``: play the bundled games in the browser against the engines.

A local web app on 127.0.0.1 (the standard library's ``http.server``, so no extra to
install): :mod:`gametree.serve.server` answers the page and its JSON API,
:mod:`gametree.serve.session` holds the games, :mod:`gametree.serve.boards` says what the
page draws, and ``assets/`` is the page itself (HTML, JavaScript and CSS, no network).
``docs/serve.md`` describes the API.
"""

from gametree.serve.server import GameServer, start
from gametree.serve.session import RequestError, Session, Sessions

__all__ = ["GameServer", "RequestError", "Session", "Sessions", "start"]
