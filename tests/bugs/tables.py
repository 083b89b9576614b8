"""Transposition-table, quiescence and deepening mistakes seen in real engines' histories.

Each is :class:`tests.bugs.engine.Engine` (fail-soft negamax alpha-beta on a game graph, its
table keyed by state and plies left, entries flagged exact, lower or upper) with one method
overridden, the line marked ``# BUG``; its docstring says what the mistake is and where it was
seen (an engine's issue or pull request that fixed it). :class:`Aspiration` is iterative
deepening with aspiration windows done right, the engine the aspiration mistake is made in.
They are caught by the game graphs the gate builds around a state met again
(:mod:`gametree.conform.steer_games`), without any vector.

Glossary: s is a state, r the plies left (negative below the horizon), ply the distance from
the root, a and b the window from the mover's point of view, v a search's result, m a move.
"""

from typing import Any

from gametree.treefile import parse_number
from tests.bugs._common import Number
from tests.bugs.engine import Engine, _Stop, serve


class CutAsExact(Engine):
    """A cut-off stored as exact: the kind decided by whether the best beat alpha, not beta.

    The table keeps two kinds, exact when the result beat the alpha the search was given and
    an upper bound when it did not; a search that failed high also beat alpha, and its
    fail-soft result, only a lower bound, is stored as the value. Seen in practice: casanchess's
    kind test was wrong the same way (`fix: use bestScore for TT bound evaluation instead of
    alpha`, casanche/casanchess PR #60, which stopped "storing false EXACT entries"), and
    dekunobou's table kept no kind at all (jj1guj/dekunobou issue #58).
    """

    def store(self, s: int, r: int, v: Number, a: Number, b: Number, m: str | None) -> None:  # noqa: PLR0917 - the entry's fields
        """Exact if v beat alpha, else an upper bound."""
        self.table[self.key(s, r)] = ("exact" if v > a else "upper", v, m)  # BUG: v >= b: lower


class StandPatExact(Engine):
    """A quiescence search's stand-pat cut-off stored as exact, as if no capture could do better.

    Standing pat at or above beta returns the static evaluation without trying a capture: it
    is a lower bound on the state's value (a capture may be better still), stored here as its
    value, which a later search of the same state under another window takes whole. Seen in
    practice: Stockfish's quiescence stores such a cut-off as a lower bound, and the debate
    over which of its results are exact ("Remove OldAlpha", official-stockfish/Stockfish PR
    #1088) is about this line.
    """

    def stood_pat(self, s: int, r: int, v: Number) -> None:
        """The stand-pat value stored as the state's value."""
        self.table[self.key(s, r)] = ("exact", v, None)  # BUG: a lower bound


class QuiescenceDepthZero(Engine):
    """Quiescence entries stored at depth 0, however many plies beyond the horizon they are.

    The depth of an entry below the horizon is negative (the quiescence plies taken); kept in
    an unsigned field, or clamped at 0, it is lost, and an entry searched with fewer quiescence
    plies left answers a search of the same state with more, which the limit cuts differently.
    Seen in practice: Lizard's quiescence saved its negative depth into a byte, where it
    wrapped around to a large depth (liamt19/Lizard PR #35, "Save a minimum depth of -1 in
    QSearch"), and casanchess's table filled with underflowed depths (casanche/casanchess
    issue #2).
    """

    def key(self, s: int, r: int) -> tuple[int, int]:
        """The plies left, never below 0."""
        return s, max(r, 0)  # BUG: r


class PrincipalDepthBoost(Engine):
    """Exact entries stored two plies deeper than searched, bounds one ply shallower.

    A depth "boost" for principal variation entries (so that they are replaced less) makes an
    exact result of a search with r plies answer a later search of the same state with r + 2
    (a deeper cut tree: the next iterations of deepening, or a transposition nearer the root),
    and a bound stored one ply shallower answers a search with fewer plies. Seen in practice:
    rshogi's table (SH11235/rshogi PR #212, "Fix TT depth management issues causing incorrect
    evaluations": PV entries stored at depth + 2 and bounds at depth - 1 reused a stale depth-2
    bound at depth 4).
    """

    def store(self, s: int, r: int, v: Number, a: Number, b: Number, m: str | None) -> None:  # noqa: PLR0917 - the entry's fields
        """The entry's depth moved by its kind."""
        flag = "upper" if v <= a else "lower" if v >= b else "exact"
        boosted = r + 2 if flag == "exact" else r - 1  # BUG: r
        self.table[self.key(s, boosted)] = (flag, v, m)


class CaptureOnlyInCheck(Engine):
    """A quiescence search in check that plays only the state's captures, not every evasion.

    In check every move is a reply the quiescence search must try (the gate's games say so:
    a state in check names no noisy move, all its moves are); taking only the noisy moves
    leaves a state in check with none, evaluated as it stands. Seen in practice: Devre's
    quiescence "only generated tactical moves, so quiet evasions were never tried and in-check
    leaf scores were systematically wrong" (OmerFarukTutkun/Devre PR #71), fatalii's fixed by
    "Search all moves in quiescence search while in check" (FitzOReilly/fatalii PR #134).
    """

    def moves(self, s: int, r: int) -> list[str] | None:
        """Below the horizon, the moves the state names as noisy."""
        x = self.g.states[s]
        if r > 0 or not x.moves:
            return super().moves(s, r)
        if not self.quiescence or r <= -self.quiescence or self.g.is_quiet(s):
            return None
        noisy = x.noisy  # BUG: self.g.noisy_moves(s), every move in check
        return [m for m in self.g.moves(s) if m in noisy] or None


class TableIndexAsKey(Engine):
    """A table of 16 slots whose entries keep, as their key, the bits that chose the slot.

    Each entry should keep the part of the key the slot's index does not hold, to tell two
    states that share a slot apart; keeping the index's own bits, every state of the slot
    matches, and a state answers with another's entry. Seen in practice: Renegade 1.3.1 "After
    adding support for non-power-of-2 transposition table sizes, the wrong part of the board
    hash got saved for each entry" (pkrisz99/Renegade PR #190), corrupting the search.
    """

    SLOTS = 16

    def key(self, s: int, r: int) -> tuple[int, int]:
        """The slot, and as the entry's check the slot's own bits."""
        return s % self.SLOTS, r  # BUG: s, r (the check is the part above the slot's bits)


class Aspiration(Engine):
    """Iterative deepening with aspiration windows, done right.

    Depth 1 with the full window; each later depth first with a window of ``DELTA`` on either
    side of the last value, and on a result outside it (a fail-soft bound) the same depth again
    with the full window, as every aspiration loop does. The budget stops the iteration in
    progress; the answer is the last completed depth's.
    """

    DELTA = 2

    def deepen(self, max_depth: int, max_nodes: int) -> dict[str, object]:
        """Depths 1, 2, ... with aspiration windows; the last completed iteration."""
        done = self.answer(min(1, max_depth))
        depth = min(1, max_depth)
        self.budget = max_nodes
        while depth < max_depth:
            v = _number(done["value"])
            try:
                found = self.answer(depth + 1, v - self.DELTA, v + self.DELTA)
                outside = not v - self.DELTA < _number(found["value"]) < v + self.DELTA
                if outside:
                    found = self.research(depth + 1, found)
            except _Stop:
                return {**done, "depth": depth}
            done, depth = found, depth + 1
        return {**done, "depth": depth}

    def research(self, depth: int, failed: dict[str, object]) -> dict[str, object]:
        """The search of ``depth`` again, with the full window, after it failed its window."""
        return self.answer(depth)


class AspirationKeepsBound(Aspiration):
    """An aspiration search that fails keeps its bound as the depth's value, and goes deeper.

    After a result outside the aspiration window the full window is set and the loop moves
    on, so the failed search's fail-soft bound stands as that depth's value and move, and is
    the answer when the budget ends the next iteration or the depth was the last. Seen in
    practice: BBC's aspiration loop, "we fell outside the window, so try again with a
    full-width window (and the same depth)", whose `continue` went on to the next depth
    (maksimKorzh/bbc issue #5); Stockfish's loop once searched a window that no longer held
    its best value (official-stockfish/Stockfish issue #3845).
    """

    def research(self, depth: int, failed: dict[str, object]) -> dict[str, object]:
        """The failed search's bound, as it is."""
        return failed  # BUG: self.answer(depth), the same depth again with the full window


def _number(x: object) -> Number:
    assert isinstance(x, int | str)
    return parse_number(x)


def cut_as_exact(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`CutAsExact`."""
    return serve(request, CutAsExact)


def stand_pat_exact(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`StandPatExact`."""
    return serve(request, StandPatExact)


def quiescence_depth_zero(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`QuiescenceDepthZero`."""
    return serve(request, QuiescenceDepthZero)


def principal_depth_boost(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`PrincipalDepthBoost`."""
    return serve(request, PrincipalDepthBoost)


def capture_only_in_check(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`CaptureOnlyInCheck`."""
    return serve(request, CaptureOnlyInCheck)


def table_index_as_key(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`TableIndexAsKey`."""
    return serve(request, TableIndexAsKey)


def aspiration(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`Aspiration` (correct: conforms to ``game-deepening``)."""
    return serve(request, Aspiration)


def aspiration_keeps_bound(request: dict[str, Any]) -> dict[str, object]:
    """The engine with :class:`AspirationKeepsBound`."""
    return serve(request, AspirationKeepsBound)
