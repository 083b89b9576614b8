"""One run of the game mode: the phases, each failure shrunk and replayed alone, the report.

Glossary: q is a question, L its line (the moves from the start), d its depth; an *outcome*
is what one question came to; the *minimal* question is the one a failure shrank to.

**Phases**, in the order engine authors test (:mod:`.cases`): ``perft``, then ``value`` at
depths 1, 2, ... (with windows around the value for the alpha-beta semantics), then
``solve``. The first failure stops the run (``keep_going``: one failure a phase).

**Shrinking.** A wrong perft count is first asked at lower depths, to find the first depth
that is wrong; then ``divide`` descends move by move into a move whose count differs, to the
one position whose legal moves differ from the rules' (naming the move that is missing or
extra), or where the engine's count below a move is wrong while its count from the position
the rules give after that move is right (the engine plays the move wrongly). A wrong value is
asked at lower depths, then at the positions earlier on its line, shortest line first; a
wrong solve at the positions one move further on. Last, the line is *shortened*: each move
is dropped in turn, where the moves left are still legal, while the question fails the same way
(a full column is reached by the six moves into it, not by the forty that happened to fill
it). Each try counts against ``shrink_budget``, and each is a question its phase would ask
(:func:`.cases.within_limits`): a line shortened to a position far from the end is not asked
to be solved. The minimal question is then **replayed alone**, in a fresh process, by the
command the report prints; one that passes alone is asked again after the last one, two, ...
:data:`REPLAYED_BEFORE` questions asked before the failure, to name what it depends on.
"""

import shlex
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from gametree.algorithms import ALGORITHMS
from gametree.clitools import player_problem
from gametree.conform.kept import Memo
from gametree.conform.positions.best_reply import GAME_ONLY, brs_problem
from gametree.conform.positions.cases import BEHAVIOURS, covered, plan, playable, within_limits
from gametree.conform.positions.protocol import (
    ASKS,
    Ask,
    PositionTarget,
    Question,
    request,
    variant_items,
    variant_words,
)
from gametree.conform.positions.semantics import (
    Compare,
    Truth,
    problems,
    semantics_problem,
    truth,
)
from gametree.games.evaluations import evaluations
from gametree.games.notations import GAMES
from gametree.spec import Scalar

__all__ = ["GameFailure", "GameOptions", "GameReport", "Outcome", "questions", "run_game_mode"]


@attrs.frozen
class GameOptions:
    """What a run of the game mode asks (``gametree conform --game``)."""

    game: str
    variant: tuple[tuple[str, object], ...] = ()
    semantics: str = "negamax"
    evaluation: str = ""
    """For ``value``: the declared evaluation (default: the game's first)."""
    solve_evaluation: str = ""
    """For ``solve``: the score (default: the game's solver score, its last evaluation)."""
    asks: tuple[Ask, ...] = ("perft", "value", "solve")
    """The phases (``solve`` only for two players: ``of`` leaves it out for more)."""
    compare: Compare = attrs.field(factory=Compare)
    seed: int = 0
    player: int | None = None
    keep_going: bool = False
    shrink_budget: int = 200
    position: str | None = None
    """Ask about this position only (its text), at ``depth``: the replay of a failure."""
    moves: str | None = None
    """The moves from the start to ``position``, in the game's notation (the replay gives them)."""
    depth: int = 1
    alpha: Scalar | None = None
    """The window asked with ``position`` (``None``: an open side)."""
    beta: Scalar | None = None

    @classmethod
    def of(
        cls, game: str, variant: dict[str, object] | None = None, **kwargs: Any
    ) -> "GameOptions":
        """The options for ``game`` and ``variant``, checked: a ``ValueError`` names the fault."""
        if game not in GAMES:
            raise ValueError(f"no game {game!r} (the games: {', '.join(GAMES)})")
        rules = GAMES[game]
        items = variant_items(rules, variant or {})
        played = rules.game(dict(items))
        offered = evaluations(played)
        names = list(offered)
        ev = kwargs.pop("evaluation", "") or next(n for n, e in offered.items() if e.frontier)
        solve = kwargs.pop("solve_evaluation", "") or names[-1]
        for name, what in ((ev, "evaluation"), (solve, "solve evaluation")):
            if name not in offered:
                raise ValueError(f"{game} has no {what} {name!r} (it has: {', '.join(names)})")
        if offered[ev].frontier is None:
            static = ", ".join(n for n, e in offered.items() if e.frontier)
            raise ValueError(f"{ev} is a score of the end only; a search at a depth needs one "
                             f"of: {static}")  # fmt: skip
        if played.players > 2:
            asked = kwargs.get("asks", attrs.fields(cls).asks.default)
            if "solve" in asked and "asks" in kwargs:
                raise ValueError("solve asks the exact value of a two-player game")
            kwargs["asks"] = tuple(a for a in asked if a != "solve")
        options = cls(game, items, evaluation=ev, solve_evaluation=solve, **kwargs)
        if "value" in options.asks:
            problem = semantics_problem(played, options.semantics) or brs_problem(
                options.semantics,
                options.player,
                principal_variation=options.compare.principal_variation,
            )
            algorithm = ALGORITHMS.get(options.semantics)
            if (not problem and algorithm is not None and "player" in algorithm.options
                    and options.semantics not in GAME_ONLY):  # fmt: skip
                problem = player_problem(algorithm, options.player, played.players)
            if problem:
                raise ValueError(problem)
        for a in options.asks:
            if a not in ASKS:
                raise ValueError(f"no question {a!r} (the questions: {', '.join(ASKS)})")
        return options


@attrs.define
class Outcome:
    """What one question came to."""

    question: Question
    kind: str
    """``pass``, ``mismatch``, or the target's failure (``error``, ``crash``, ``timeout``, ...)."""
    problems: list[str]
    response: object = None
    seconds: float = 0.0

    @property
    def failed(self) -> bool:
        """Whether the target failed it."""
        return self.kind != "pass"


@attrs.define
class GameFailure:
    """A failure as found, the question it shrank to, what was learnt, the replay alone."""

    found: Outcome
    minimal: Outcome
    diagnosis: list[str] = attrs.field(factory=list)
    tries: int = 0
    alone: str = ""


@attrs.define
class GameReport:
    """What a run found."""

    options: GameOptions
    target: str
    asked: Counter[str] = attrs.field(factory=Counter)
    passed_by_phase: Counter[str] = attrs.field(factory=Counter)
    categories: Counter[str] = attrs.field(factory=Counter)
    coverage: Counter[str] = attrs.field(factory=Counter)
    failures: list[GameFailure] = attrs.field(factory=list)
    seconds: float = 0.0
    target_options: str = ""
    """The options that name the target in a replay (``--target`` and, for a line, its
    templates)."""

    @property
    def passed(self) -> bool:
        """Whether every question was answered right."""
        return not self.failures

    def missing(self) -> list[str]:
        """The game's behaviours the run did not meet."""
        game = GAMES[self.options.game].game(dict(self.options.variant))
        wanted = BEHAVIOURS.get(type(game), ())
        return [b for b in wanted if not self.coverage[b]]

    def text(self) -> str:
        """The report as ``gametree conform --game`` prints it.

        The verdict first, then the failures, then what was asked and covered.
        """
        o = self.options
        variant = ", ".join(f"{k} {v}" for k, v in o.variant)
        verdict = "PASSED" if self.passed else f"FAILED ({len(self.failures)} failures)"
        head = [f"result: {verdict} in {self.seconds:.1f} s",
                f"gametree conform: game {o.game}" + (f" ({variant})" if variant else "")
                + f", target {self.target}, semantics {o.semantics}, evaluation {o.evaluation}"
                + (f", solve {o.solve_evaluation}" if "solve" in o.asks else "")]  # fmt: skip
        failures = [line for f in self.failures for line in _failure_text(f, self.target_options)]
        asked = []
        for phase in o.asks:
            n, ok = self.asked[phase], self.passed_by_phase[phase]
            asked.append(f"{phase}: {ok} pass" + (f", {n - ok} failed" if n > ok else ""))
        if self.categories:
            asked.append("positions: " + ", ".join(f"{c} {n}" for c, n in self.categories.items()))
        if self.coverage:
            asked.append("covered: " + ", ".join(f"{b} ({n})" for b, n in
                                                 sorted(self.coverage.items())))  # fmt: skip
        missing = self.missing()
        if missing:
            asked.append("not met: " + ", ".join(missing))
        return "\n\n".join("\n".join(s) for s in (head, failures, asked) if s)

    def json(self) -> dict[str, object]:
        """The report as ``--json`` prints it."""
        return {
            "game": self.options.game,
            "variant": dict(self.options.variant),
            "target": self.target,
            "passed": self.passed,
            "asked": dict(self.asked),
            "coverage": dict(self.coverage),
            "failures": [
                {
                    "found": _outcome_json(f.found),
                    "minimal": _outcome_json(f.minimal),
                    "diagnosis": f.diagnosis,
                    "replayed_alone": f.alone,
                    "replay": replay_command(f.minimal.question, self.target_options),
                }
                for f in self.failures
            ],
            "seconds": round(self.seconds, 3),
        }


def _outcome_json(o: Outcome) -> dict[str, object]:
    return {"request": request(o.question), "line": _line_text(o.question), "kind": o.kind,
            "problems": o.problems, "reply": o.response}  # fmt: skip


def _line_text(q: Question) -> list[str]:
    """The moves of ``q``'s line, each in the game's notation."""
    game = q.played
    s = game.initial_state()
    out = []
    for m in q.line:
        out.append(str(game.format_move(m)))
        s = game.successor(s, m)
    return out


def _describe(q: Question) -> str:
    what = {"perft": f"perft {q.depth}", "divide": f"divide {q.depth}",
            "value": f"value at depth {q.depth} ({q.semantics}, {q.evaluation}"
                     + (f", window ({q.alpha}, {q.beta})" if q.alpha is not None
                        or q.beta is not None else "") + ")",
            "solve": f"solve ({q.evaluation})"}[q.ask]  # fmt: skip
    moves = " ".join(_line_text(q)) or "none"
    return f"{what} of {q.text!r} (moves from the start: {moves})"


def _failure_text(f: GameFailure, target_options: str) -> list[str]:
    out = [f"FAILED {f.found.question.ask}: {_describe(f.found.question)}"]
    out += [f"  {p}" for p in f.found.problems]
    if f.minimal is not f.found:
        out.append(f"  shrunk in {f.tries} tries to {_describe(f.minimal.question)}")
        out += [f"    {p}" for p in f.minimal.problems]
    out += [f"  {d}" for d in f.diagnosis]
    if f.alone:
        out.append(f"  replayed alone: {f.alone}")
    out.append(f"  replay: {replay_command(f.minimal.question, target_options)}")
    return out


def replay_command(q: Question, target_options: str = "") -> str:
    """The ``gametree conform`` command that asks ``q`` alone of ``target_options``' target."""
    parts = [target_options] if target_options else []
    parts.append(f"--game {q.game}")
    parts += [f"--variant {w}" for w in variant_words(q.variant)]
    parts += [f"--position '{q.text}'"]
    if not q.rules.by_line:
        parts.append(f"--moves '{' '.join(_line_text(q))}'")
    parts.append(f"--ask {q.ask}")
    if q.ask != "solve":
        parts.append(f"--depth {q.depth}")
    if q.ask == "value":
        parts.append(f"--evaluation {q.evaluation}")
    if q.ask == "solve":
        parts.append(f"--solve-evaluation {q.evaluation}")
    if q.ask == "value":
        parts.append(f"--semantics {q.semantics}")
        if q.alpha is not None or q.beta is not None:
            a = "-inf" if q.alpha is None else q.alpha
            b = "inf" if q.beta is None else q.beta
            parts.append(f"--window {a} {b}")
    if q.player is not None:
        parts.append(f"--player {q.player}")
    return "gametree conform " + " ".join(parts)


SEARCHED = 200_000
"""The most positions searched for a line to ``--position`` without ``--moves``."""

REPLAYED_BEFORE = 3
"""A failure that passes alone is asked again after up to this many of the questions before
it (a same-board pair and the positions one move before it)."""

Tick = Callable[[str, int], None]
"""Told before each question: what is asked, and how many questions the phases plan."""


@attrs.define
class _Asker:
    """Asks the target, judges the reply, counts the tries of a shrink."""

    target: PositionTarget
    options: GameOptions
    tries: int = 0

    def ask(self, q: Question) -> Outcome:
        t = truth(q)
        return self.judge(q, t)

    def judge(self, q: Question, t: Truth) -> Outcome:
        self.tries += 1
        reply = self.target.ask(q)
        if reply.kind != "answer":
            return Outcome(q, reply.kind, [reply.detail], reply.response, reply.seconds)
        found = problems(q, t, reply.response, self.options.compare)
        return Outcome(q, "mismatch" if found else "pass", found, reply.response, reply.seconds)


def run_game_mode(
    target: PositionTarget,
    name: str,
    options: GameOptions,
    tick: Tick = lambda _, __: None,
    target_options: str = "",
) -> GameReport:
    """Run the phases of ``options`` on ``target``; the report.

    ``target_options`` name the target in the replay command (default ``--target NAME``).
    """
    started = time.monotonic()
    report = GameReport(options, name, target_options=target_options
                        or f"--target {shlex.quote(name)}")  # fmt: skip
    asker = _Asker(target, options)
    planned = questions(options)
    total = sum(len(qs) for qs in planned.values())
    for phase, qs in planned.items():
        for q in qs:
            tick(f"{phase} {report.asked[phase] + 1}", total)
            o = asker.ask(q)
            report.asked[phase] += 1
            if q.ask == "value":
                report.categories[q.category] += 1
            report.coverage.update(covered(q))
            if not o.failed:
                report.passed_by_phase[phase] += 1
                for w in _windows(q, o) if phase == "value" else ():
                    ow = asker.ask(w)
                    report.asked[phase] += 1
                    if ow.failed:
                        o = ow
                        break
                    report.passed_by_phase[phase] += 1
                if not o.failed:
                    continue
                report.passed_by_phase[phase] -= 1
            report.failures.append(_shrunk(asker, o))
            if not options.keep_going:
                report.seconds = time.monotonic() - started
                return report
            break
    report.categories = +report.categories
    report.seconds = time.monotonic() - started
    return report


def questions(o: GameOptions) -> dict[str, list[Question]]:
    """The questions of each phase asked, or the one question ``position`` names."""
    if o.position is not None:
        rules = GAMES[o.game]
        game = rules.game(dict(o.variant))
        line = _line_of(rules, game, o.position, o.moves)
        ask = o.asks[0]
        ev = o.solve_evaluation if ask == "solve" else o.evaluation
        q = Question(o.game, o.variant, line, ask, o.depth, ev, o.semantics, o.alpha, o.beta,
                     o.player, category="given")  # fmt: skip
        return {ask: [q]}
    key = (o.game, o.variant, o.seed, o.evaluation, o.semantics, o.solve_evaluation, o.player)
    phases = PLANS(key, lambda: _plan(o))
    return {p: list(phases[p]) for p in ("perft", "value", "solve") if p in o.asks}


PLANS: Memo[tuple[object, ...], dict[str, tuple[Question, ...]]] = Memo(lambda _: 1, entries=64,
                                                                        nodes=64)  # fmt: skip
"""The plans made lately, by what they depend on: the tests gate several engines, right and
broken, with one game's options."""


def _plan(o: GameOptions) -> dict[str, tuple[Question, ...]]:
    """The default run's questions of each phase for ``o`` (:func:`.cases.plan`)."""
    game = GAMES[o.game].game(dict(o.variant))
    phases = plan(o.game, o.variant, game, seed=o.seed, evaluation=o.evaluation,
                  semantics=o.semantics, solve_evaluation=o.solve_evaluation,
                  player=o.player)  # fmt: skip
    return {p: tuple(qs) for p, qs in phases.items()}


def _line_of(rules: Any, game: Any, text: str, moves: str | None = None) -> tuple[Any, ...]:
    """A line from the start to the position ``text``.

    Connect Four's text is one; ``moves`` give one (checked to reach ``text``); else, for a
    board, a line is searched for (breadth-first over the game's positions, up to
    :data:`SEARCHED`).
    """
    if rules.by_line:
        return tuple(game.parse_line(text))
    goal = rules.parse(game, text)
    if moves is not None:
        line = _moves(game, moves)
        if rules.parse(game, rules.text(game, line)) != goal:
            raise ValueError(f"--moves reach {rules.text(game, line)!r}, not --position {text!r}")
        return line
    frontier = {game.initial_state(): ()}
    seen = set(frontier)
    while frontier:
        if goal in frontier:
            return tuple(frontier[goal])
        nxt: dict[Any, Any] = {}
        for s, line in frontier.items():
            if game.is_terminal(s):
                continue
            for m in game.moves(s):
                t = game.successor(s, m)
                if t not in seen and len(seen) < SEARCHED:
                    seen.add(t)
                    nxt[t] = (*line, m)
        frontier = nxt
    if len(seen) >= SEARCHED:
        raise ValueError(f"the position {text!r} was not found among the first {SEARCHED} "
                         f"positions from the start of {rules.name}: give --moves")  # fmt: skip
    raise ValueError(f"the position {text!r} cannot be reached from the start of {rules.name}")


def _moves(game: Any, moves: str) -> tuple[Any, ...]:
    """The moves ``moves`` names, each legal in turn from the start."""
    s, line = game.initial_state(), []
    for k, word in enumerate(moves.split(), 1):
        if game.is_terminal(s):
            raise ValueError(f"--moves: the game is over before move {k}, {word!r}")
        try:
            line.append(game.parse_move(s, word))
        except ValueError as e:
            raise ValueError(f"--moves: move {k}, {word!r}: {e}") from None
        s = game.successor(s, line[-1])
    return tuple(line)


def _windows(q: Question, o: Outcome) -> list[Question]:
    """Windows around the value for an alpha-beta semantics: it inside, below and above."""
    if "alphabeta" not in q.semantics or q.alpha is not None or q.beta is not None:
        return []
    assert isinstance(o.response, dict)
    v = truth(q).expected
    assert v is not None
    x = v.true_value
    if isinstance(x, tuple):
        return []
    return [attrs.evolve(q, alpha=x - 1, beta=x + 1), attrs.evolve(q, alpha=x + 1, beta=x + 3),
            attrs.evolve(q, alpha=x - 3, beta=x - 1)]  # fmt: skip


def _same(a: Outcome, b: Outcome) -> bool:
    """Whether ``b`` fails as ``a`` does: the same kind, the same first field wrong."""
    if not b.failed or a.kind != b.kind:
        return False
    if a.kind != "mismatch":
        return True
    return a.problems[0].split(":")[0] == b.problems[0].split(":")[0]


def _shrunk(asker: _Asker, found: Outcome) -> GameFailure:
    before = asker.target.asked[-1 - REPLAYED_BEFORE : -1]
    asker.tries = 0
    budget = asker.options.shrink_budget
    q = found.question
    failure = GameFailure(found, found)
    if q.ask == "perft":
        _shrink_perft(asker, failure, budget)
    elif q.ask == "value":
        _shrink_value(asker, failure, budget)
    elif q.ask == "solve":
        _shrink_solve(asker, failure, budget)
    if q.ask != "perft":
        _shorten_line(asker, failure, budget)
    failure.tries = asker.tries
    asker.target.restart()
    again = asker.ask(failure.minimal.question)
    if _same(failure.minimal, again):
        failure.alone = "fails the same way in a fresh process"
    elif again.failed:
        failure.alone = f"fails otherwise in a fresh process: {again.kind}: {again.problems[0]}"
    else:
        failure.alone = ("passes in a fresh process: the failure depends on what was asked "
                         "before it (a table or state kept between questions)")  # fmt: skip
        for k in range(1, len(before) + 1):
            asker.target.restart()
            for b in before[-k:]:
                asker.ask(b)
            if _same(failure.minimal, asker.ask(failure.minimal.question)):
                failure.alone += "; it fails again after " + ", then ".join(
                    _describe(b) for b in before[-k:]
                )
                break
    return failure


def _lowest_depth(asker: _Asker, failure: GameFailure, budget: int) -> None:
    """The same position at the lowest depth that still fails."""
    m = failure.minimal
    for d in range(1, m.question.depth):
        if asker.tries >= budget:
            return
        o = asker.ask(m.question.at(m.question.line, d))
        if _same(m, o):
            failure.minimal = o
            return


def _shrink_value(asker: _Asker, failure: GameFailure, budget: int) -> None:
    _lowest_depth(asker, failure, budget)
    m = failure.minimal
    for k in range(len(m.question.line)):
        line = m.question.line[:k]
        for d in range(1, m.question.depth + 1):
            if asker.tries >= budget:
                return
            if not within_limits(m.question.at(line, d)):
                break
            o = asker.ask(m.question.at(line, d))
            if _same(m, o):
                failure.minimal = o
                return


def _shrink_solve(asker: _Asker, failure: GameFailure, budget: int) -> None:
    game = failure.minimal.question.played
    progress = True
    while progress and asker.tries < budget:
        progress = False
        q = failure.minimal.question
        s = _state(game, q.line)
        for mv in game.moves(s):
            if asker.tries >= budget or not within_limits(q.at((*q.line, mv))):
                continue
            o = asker.ask(q.at((*q.line, mv)))
            if _same(failure.minimal, o):
                failure.minimal = o
                progress = True
                break


def _shrink_perft(asker: _Asker, failure: GameFailure, budget: int) -> None:
    """Lower the depth, then descend by ``divide`` (module docstring)."""
    _lowest_depth(asker, failure, budget)
    while asker.tries < budget:
        q = failure.minimal.question
        div = Question(q.game, q.variant, q.line, "divide", q.depth, category=q.category)
        t = truth(div)
        o = asker.judge(div, t)
        if not o.failed:
            failure.diagnosis.append(
                f"divide {q.depth} agrees with the rules where perft "
                f"{q.depth} does not: the engine's perft and divide differ"
            )
            return
        if o.kind != "mismatch":
            if o.failed:
                why = f"{o.kind}: {o.problems[0][:200]}"
                failure.diagnosis.append(f"divide {q.depth} was not answered ({why}): the "
                                         f"descent stops here")  # fmt: skip
            return
        wrong_moves = [p for p in o.problems if p.startswith("moves:")]
        if wrong_moves:
            failure.minimal = o
            _shorten_line(asker, failure, budget * 2)
            m = failure.minimal.question
            failure.diagnosis.append(f"the position whose moves differ: {m.text!r}, after "
                                     f"{len(m.line)} moves")  # fmt: skip
            return
        got = o.response.get("divide", {}) if isinstance(o.response, dict) else {}
        assert t.divide is not None
        texts = list(t.moves)
        game = q.played
        s = q.state
        for text, n in t.divide:
            if got.get(text) != n:
                mv = game.moves(s)[texts.index(text)]
                child = Question(q.game, q.variant, (*q.line, mv), "perft", q.depth - 1,
                                 category=q.category)  # fmt: skip
                below = asker.ask(child)
                if not below.failed:
                    failure.minimal = o
                    _shorten_line(asker, failure, budget * 2)
                    _plays_wrongly(failure, text)
                    return
                failure.minimal = below
                _lowest_depth(asker, failure, budget)
                break
        else:
            return


def _plays_wrongly(failure: GameFailure, text: str) -> None:
    """Say that the minimal ``divide`` counts wrongly below the move ``text`` only."""
    q = failure.minimal.question
    mine = failure.minimal.response
    got = mine.get("divide", {}) if isinstance(mine, dict) else {}
    t = truth(q)
    assert t.divide is not None
    n = dict(t.divide)[text]
    after = q.at((*q.line, q.played.moves(q.state)[list(t.moves).index(text)])).text
    failure.diagnosis.append(
        f"after {text} the engine counts {got.get(text)} below, but from the position the "
        f"rules give after {text} ({after!r}) it counts {n}, as the rules do: the engine "
        f"plays {text} wrongly"
    )


def _shorten_line(asker: _Asker, failure: GameFailure, budget: int) -> None:
    """Drop moves of the minimal question's line while it still fails the same way.

    Two moves in a row first (the same player then plays the moves after them), then one at a
    time. A line is tried only if its moves are legal in turn, the game is not over before
    its last move, and the question is within its phase's limits (``cases.within_limits``:
    a solve is asked of endgames only).
    """
    game = failure.minimal.question.played
    for width in (2, 1):
        i = 0
        while i < len(failure.minimal.question.line) and asker.tries < budget:
            q = failure.minimal.question
            line = q.line[:i] + q.line[i + width :]
            if playable(game, line) and within_limits(q.at(line)):
                o = asker.ask(q.at(line))
                if _same(failure.minimal, o):
                    failure.minimal = o
                    continue
            i += 1


def _state(game: Any, line: tuple[Any, ...]) -> Any:
    s = game.initial_state()
    for m in line:
        s = game.successor(s, m)
    return s
