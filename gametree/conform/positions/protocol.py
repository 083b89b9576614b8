"""The game mode's questions, and the two ways a target hears them: JSON lines, or a line of text.

Glossary: a *question* is one thing asked about one position; its *line* is the moves that
reach the position from the start (the gate generates positions by playing, so it always has
one); the *text* is the position in the game's notation (``gametree.games.notations``).

**JSON lines** (the tree protocol's framing: one request a line, one reply a line, ``id``
echoed)::

    {"id": 1, "game": "kalah", "variant": {"pits": 6, "seeds": 4, "empty_capture": false},
     "position": "4 4 4 4 4 4 0 4 4 4 4 4 4 0 S", "ask": "perft", "depth": 3}
    -> {"id": 1, "count": 216}

``ask`` is one of:

- ``perft``: the number of move sequences of exactly ``depth`` moves (chess programs' perft:
  a game over sooner counts 0) -> ``{"count": N}``;
- ``divide``: the same below each legal move at ``depth - 1`` -> ``{"divide": {"3": 36, ...}}``
  (keys: the moves in the game's notation; at depth 1 every count is 1, so it lists the moves);
- ``value``: the search ``semantics`` (``negamax``, its alpha-beta forms with ``alpha`` and
  ``beta``, ``maxn``, ``paranoid`` with ``player``, ``shallow``, ...) at ``depth`` under the
  declared ``evaluation`` -> ``{"value": v, "best_move": "3", "principal_variation": [...]}``;
  two-player values are to the player to move, N-player values are vectors;
- ``solve``: the exact value of the whole game from the position under the ``evaluation``
  (a solver's score) -> ``{"value": v, "best_move": "3"}``.

**A line of text** (``--line``), for solvers and engines with a command line of their own: the
gate writes the request template with its fields filled in and reads one line back by the reply
template. Fields: ``{ask}``, ``{position}``, ``{depth}``, ``{evaluation}``, ``{semantics}``,
``{alpha}`` and ``{beta}`` (``-inf`` and ``inf`` when open), ``{player}``, ``{game}``,
``{variant}`` (the whole variant as ``KEY=VALUE`` words, as ``--variant`` takes them:
``empty_capture=false pits=6 seeds=4``) in a request; ``{count}``, ``{value}``,
``{best_move}``, ``{divide}`` (the rest of the line, pairs ``MOVE=COUNT``),
``{principal_variation}`` (the rest of the line, moves), ``{position}`` (the position as sent,
echoed) and ``{_}`` (any one word, ignored) in a reply. Pascal Pons' solver reads a position
and prints it with its score: request ``{position}``, reply ``{position} {value}``. The
defaults are ``{ask} {depth} {position}`` (``solve {position}``: a solve has no depth, and
``{depth}`` is 0 for it) and
``{count}``, ``{divide}``, ``{value}`` (``{value} {best_move}`` when the move is compared).
"""

import functools
import json
import re
import time
from collections.abc import Mapping
from typing import Any, Literal, get_args

import attrs

from gametree.conform.targets import ProcessTarget, Reply
from gametree.games.notations import GAMES, Rules
from gametree.spec import Scalar
from gametree.treefile import TreeFileError, json_value, parse_number

__all__ = [
    "ASKS",
    "Ask",
    "LineProtocol",
    "PositionTarget",
    "Question",
    "game_of",
    "request",
    "variant_items",
    "variant_words",
]

Ask = Literal["perft", "divide", "value", "solve"]
ASKS: tuple[Ask, ...] = get_args(Ask)


@functools.cache
def game_of(name: str, variant: tuple[tuple[str, object], ...]) -> Any:
    """The game ``name`` in ``variant`` (cached: every question of a run shares it)."""
    return GAMES[name].game(dict(variant))


@attrs.frozen
class Question:
    """One question about the position ``line`` reaches in a game's variant."""

    game: str
    variant: tuple[tuple[str, object], ...]
    line: tuple[Any, ...]
    ask: Ask
    depth: int = 0
    evaluation: str = ""
    semantics: str = "negamax"
    alpha: Scalar | None = None
    beta: Scalar | None = None
    player: int | None = None
    category: str = ""
    """Where the position comes from (``playout``, ``opening``, ...): for the report."""

    @property
    def rules(self) -> Rules:
        """The game's entry in ``gametree.games.notations.GAMES``."""
        return GAMES[self.game]

    @property
    def played(self) -> Any:
        """The game object."""
        return game_of(self.game, self.variant)

    @property
    def text(self) -> str:
        """The position in the game's notation."""
        return _text(self.game, self.variant, self.line)

    @property
    def state(self) -> Any:
        """The position as the game's state, read back from its text (as the target reads it)."""
        return _state(self.game, self.variant, self.line)

    def at(self, line: tuple[Any, ...], depth: int | None = None) -> "Question":
        """The same question about another position (and depth)."""
        return attrs.evolve(self, line=line, depth=self.depth if depth is None else depth)


@functools.lru_cache(maxsize=4096)
def _text(game: str, variant: tuple[tuple[str, object], ...], line: tuple[Any, ...]) -> str:
    return GAMES[game].text(game_of(game, variant), line)


@functools.lru_cache(maxsize=4096)
def _state(game: str, variant: tuple[tuple[str, object], ...], line: tuple[Any, ...]) -> Any:
    return GAMES[game].parse(game_of(game, variant), _text(game, variant, line))


def request(q: Question) -> dict[str, object]:
    """The JSON request for ``q`` (without its ``id``): only the keys its ``ask`` reads."""
    out: dict[str, object] = {"game": q.game, "variant": _json_variant(q.variant),
                              "position": q.text, "ask": q.ask}  # fmt: skip
    if q.ask != "solve":
        out["depth"] = q.depth
    if q.ask in ("value", "solve"):
        out["evaluation"] = q.evaluation
    if q.ask == "value":
        out["semantics"] = q.semantics
        if q.alpha is not None or q.beta is not None or "alphabeta" in q.semantics:
            out["alpha"] = None if q.alpha is None else json_value(q.alpha)
            out["beta"] = None if q.beta is None else json_value(q.beta)
        if q.player is not None:
            out["player"] = q.player
    return out


def _json_variant(variant: tuple[tuple[str, object], ...]) -> dict[str, object]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in variant}


_REQUEST_FIELDS = ("ask", "position", "depth", "evaluation", "semantics", "alpha", "beta",
                   "player", "game", "variant")  # fmt: skip
_REPLY_FIELDS = ("count", "value", "best_move", "divide", "principal_variation", "position", "_")
_REST = ("divide", "principal_variation")
"""Reply fields that take the rest of the line."""


@attrs.frozen
class LineProtocol:
    """The line-of-text protocol: a request template and a reply template (module docstring).

    ``None`` takes the default for each question's ``ask``.
    """

    request: str | None = None
    reply: str | None = None

    def __attrs_post_init__(self) -> None:
        for template, fields, what in ((self.request, _REQUEST_FIELDS, "request"),
                                       (self.reply, _REPLY_FIELDS, "reply")):  # fmt: skip
            if template is None:
                continue
            for name in re.findall(r"\{([^}]*)\}", template):
                if name not in fields:
                    raise ValueError(f"the {what} template {template!r} has no field {{{name}}} "
                                     f"(its fields: {', '.join(fields)})")  # fmt: skip
        if self.reply is not None:
            names = re.findall(r"\{([^}]*)\}", self.reply)
            for rest in _REST:
                if rest in names and names[-1] != rest:
                    raise ValueError(f"{{{rest}}} takes the rest of the line: it must come last "
                                     f"in the reply template (got {self.reply!r})")  # fmt: skip

    def request_text(self, q: Question) -> str:
        """The line the target reads for ``q`` (without the newline)."""
        template = self.request or ("solve {position}" if q.ask == "solve"
                                    else "{ask} {depth} {position}")  # fmt: skip
        fields = {"ask": q.ask, "position": q.text, "depth": str(q.depth),
                  "evaluation": q.evaluation, "semantics": q.semantics,
                  "alpha": "-inf" if q.alpha is None else str(q.alpha),
                  "beta": "inf" if q.beta is None else str(q.beta),
                  "player": "" if q.player is None else str(q.player), "game": q.game,
                  "variant": " ".join(variant_words(q.variant))}  # fmt: skip
        return re.sub(r"\{([^}]*)\}", lambda m: fields[m.group(1)], template)

    def reply_template(self, q: Question, *, move: bool) -> str:
        """The reply template for ``q``: the given one, or the default for its ``ask``."""
        if self.reply is not None:
            return self.reply
        if q.ask in ("perft", "divide"):
            return "{count}" if q.ask == "perft" else "{divide}"
        return "{value} {best_move}" if move else "{value}"

    def read(self, q: Question, text: str, *, move: bool) -> dict[str, object] | str:
        """The reply ``text`` as the JSON protocol's dict, or why it does not fit the template."""
        template = self.reply_template(q, move=move)
        pattern, names = _pattern(template, q.text)
        m = re.fullmatch(pattern, text.strip())
        if m is None:
            return f"the line {text.strip()[:200]!r} does not fit the reply template {template!r}"
        out: dict[str, object] = {}
        for i, name in enumerate(names):
            word = m.group(i + 1)
            if name == "count":
                out["count"] = int(word)
            elif name == "value":
                out["value"] = _number(word)
            elif name == "best_move":
                out["best_move"] = word
            elif name == "principal_variation":
                out["principal_variation"] = word.split()
            elif name == "divide":
                pairs = [w.rpartition("=") for w in word.split()]
                if not all(p and c.lstrip("-").isdigit() for p, _, c in pairs):
                    return (
                        f"{{divide}} is pairs MOVE=COUNT separated by spaces (got {word[:200]!r})"
                    )
                out["divide"] = {p: int(c) for p, _, c in pairs}
        return out


def _pattern(template: str, position: str) -> tuple[str, list[str]]:
    """A regular expression for ``template`` (spaces match any run of blanks), its groups."""
    words = {"count": r"(-?\d+)", "value": r"(\S+)", "best_move": r"(\S+)", "_": r"\S+",
             "divide": r"(.*)", "principal_variation": r"(.*)"}  # fmt: skip
    names: list[str] = []
    out = []
    for piece in re.split(r"(\{[^}]*\})", template):
        if piece.startswith("{"):
            name = piece[1:-1]
            if name == "position":
                out.append(r"\s+".join(re.escape(w) for w in position.split()))
                continue
            out.append(words[name])
            if name != "_":
                names.append(name)
        else:
            out.append("".join(r"\s+" if w.isspace() else re.escape(w)
                               for w in re.split(r"(\s+)", piece) if w))  # fmt: skip
    return "".join(out), names


def _number(word: str) -> object:
    """A reply's number as the JSON protocol would carry it.

    An int, ``"p/q"``, a double, or a vector ``a,b,c``.
    """
    if "," in word:
        return [_number(w) for w in word.split(",")]
    try:
        parse_number(word)
    except TreeFileError:
        try:
            return float(word)
        except ValueError:
            return word  # the semantics reports it as not a number
    return int(word) if re.fullmatch(r"-?\d+", word) else word


class PositionTarget:
    """A target process asked questions of the game mode, by JSON lines or by a line protocol.

    It runs as :class:`gametree.conform.targets.ProcessTarget` runs a tree target (its own
    session, a memory limit, a deadline for each reply, restarted after a failure), and
    replies come back as the JSON protocol's dicts whichever protocol spoke.
    """

    def __init__(self, process: ProcessTarget, line: LineProtocol | None = None, *,
                 move: bool = False) -> None:  # fmt: skip
        self.process = process
        self.line = line
        self.move = move
        self.next_id = 0
        self.asked: list[Question] = []
        """The questions this process was asked, in order (a fresh process: none)."""

    def ask(self, q: Question) -> Reply:
        """Send ``q`` and wait for its reply, within the deadline."""
        p = self.process
        if p.proc is None or p.proc.poll() is not None:
            p.start()
            self.asked = []
        self.asked.append(q)
        self.next_id += 1
        if self.line is None:
            text = json.dumps({"id": self.next_id, **request(q)})
        else:
            text = self.line.request_text(q)
        data = (text + "\n").encode()
        allowed = p.timeout + (p._startup() if p.fresh else 0.0)
        started = time.monotonic()
        out = p._exchange(data, started + allowed, allowed)
        seconds = time.monotonic() - started
        if isinstance(out, Reply):
            return attrs.evolve(out, seconds=seconds)
        if p.fresh and p.first_answer is None:
            p.first_answer = seconds
        p.fresh = False
        return self._reply(q, out, seconds)

    def _reply(self, q: Question, line: bytes, seconds: float) -> Reply:  # noqa: PLR0911 - per fault
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as e:
            self.process.kill()
            return Reply("garbage", detail=f"not UTF-8 at byte {e.start}: {line[:200]!r}",
                         seconds=seconds)  # fmt: skip
        if self.line is not None:
            read = self.line.read(q, text, move=self.move)
            if isinstance(read, str):
                return Reply("garbage", detail=read, seconds=seconds)
            return Reply("answer", read, seconds=seconds)
        try:
            response = json.loads(text)
        except ValueError as e:
            self.process.kill()
            return Reply("garbage", detail=f"not a JSON line ({e}): {text[:200]!r}",
                         seconds=seconds)  # fmt: skip
        if not isinstance(response, dict) or response.get("id") != self.next_id:
            self.process.kill()
            return Reply("garbage", detail=f"not a JSON object with id {self.next_id}: "
                         f"{text[:200]!r}", seconds=seconds)  # fmt: skip
        response.pop("id")
        if "error" in response:
            return Reply("error", response, str(response["error"])[:2000], seconds)
        return Reply("answer", response, seconds=seconds)

    def restart(self) -> None:
        """End the process: the next question is the first of a fresh one."""
        self.process.restart()
        self.asked = []

    def close(self) -> None:
        """End the target."""
        self.process.close()


def variant_items(rules: Rules, given: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
    """The whole variant of ``rules`` (``given`` over the defaults) as hashable items."""
    return tuple(sorted(rules.variant(given).items()))


def variant_words(variant: tuple[tuple[str, object], ...]) -> list[str]:
    """The variant as ``KEY=VALUE`` words, as ``--variant`` reads them.

    >>> variant_words((("empty_capture", False), ("heaps", (1, 2, 3)), ("pits", 6)))
    ['empty_capture=false', 'heaps=1,2,3', 'pits=6']
    """

    def word(v: object) -> str:
        if isinstance(v, bool):
            return str(v).lower()
        return ",".join(map(str, v)) if isinstance(v, tuple | list) else str(v)

    return [f"{k}={word(v)}" for k, v in variant]
