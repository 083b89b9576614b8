"""table.mlw, run by ``why3 execute``, reads what impl.Engine reads with deeper table reuse.

The transcription proves that fail-soft negamax with a table whose deeper entries answer
returns a value the witness criterion admits (Wesselink et al., arXiv 2509.20138). Here it is
pinned to the code users run: on Hypothesis games whose states are reached at several plies,
searched at depths 1, 2, ... with one table (the transcription's ``root`` given the table the
last search left), it returns ``impl.Engine(table=True, table_reuse="deeper")``'s value at
each depth and reads the engine's leaves, in order; its ghost ``cut`` (a witness of every
state) is ``spec.search.cut_negamax``'s value. Each seeded flaw departs on a witness: Marsland's
lookup returns, on the paper's 15-state game, a value ``spec.search.witness`` does not admit;
the flaw that answers only from entries of the same depth is still correct, and only this test
catches it (it reads more than the engine).
"""

import shutil
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gametree.conform.games import GameGraph
from gametree.conform.vectors import _paper_game, reuse_games
from gametree.impl.engine import Engine
from gametree.proofs import flaws
from gametree.proofs.machinery.verified import seeded
from gametree.proofs.theorems.table import Graph, games
from gametree.proofs.why3 import WHY3, terms
from gametree.proofs.why3.execute import scale
from gametree.proofs.why3.traced import number, run
from gametree.spec import Scalar
from gametree.spec.search import cut_negamax, witness

pytestmark = pytest.mark.skipif(
    shutil.which("why3") is None,
    reason="Why3 is not installed (Debian: apt-get install why3; python3 dev.py test does it)",
)

BATCH = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Case = tuple[Graph, int]


def graph(g: GameGraph) -> Graph:
    """A gate game as the theorem's :class:`Graph`."""
    return Graph(tuple((x.to_move, x.evaluation if x.moves else x.utility,  # type: ignore[misc]
                        tuple(t for _, t in x.moves)) for x in g.states))  # fmt: skip


PAPER = graph(_paper_game())
"""Wesselink et al.'s counterexample to Marsland's lookup: at depth 6 every witness is worth 1
or 4 (the gate's vector)."""


def _term(g: Graph, big: int) -> str:
    def scaled(v: Scalar) -> str:
        x = Fraction(v) * big
        assert x.denominator == 1
        return str(x.numerator) if x >= 0 else f"({x.numerator})"

    return terms.game(g.states, scaled)


def _scale(g: Graph) -> tuple[int, int]:
    """The common denominator L of the game's values, and K above every |value| (scaled)."""
    values = [v for _, v, _ in g.states]
    big = scale(values)
    return big, int(max(abs(Fraction(v)) for v in values) * big) + 1


def searches(
    g: Graph, depth: int, text: str | None = None, first: int = 1
) -> list[tuple[Fraction, list[int]]]:
    """The transcription's (value, states read) at depths ``first`` to ``depth``.

    One table is kept from each depth to the next.
    """
    big, k = _scale(g)
    game = _term(g, big)
    answers, table = [], "Empty"
    for d in range(first, depth + 1):
        search = f"(root {game} 0 {d} (-{k}) {k} {table})"
        answers.append(f"Searched {search}")
        table = f"{search}.tab"
    out = []
    for x in run("table", answers, text=text):
        assert isinstance(x, dict)
        trace = x["trace"]
        assert isinstance(trace, list)
        out.append((Fraction(number(x["value"]), big), [number(s) for s in trace]))
    return out


def engine_searches(g: Graph, depth: int) -> list[tuple[Fraction, list[int]]]:
    """impl.Engine's (value, states read) at depths 1 to ``depth``, its table kept."""
    engine = Engine(g, table=True, table_reuse="deeper")
    out = []
    for d in range(1, depth + 1):
        r = engine.search(0, d, trace=True)
        assert r.trace is not None
        read = []
        for path in r.trace:
            s = 0
            for i in path:
                s = g.successor(s, i)
            read.append(s)
        out.append((Fraction(r.value), read))
    return out


def departures(g: Graph, depth: int, text: str | None = None) -> list[str]:
    """How the transcription (or ``text``, a seeded copy) departs from impl.Engine on ``g``.

    Also where it returns a value the witness criterion does not admit.
    """
    out = []
    got, want = searches(g, depth, text), engine_searches(g, depth)
    for d, ((v, read), (w, engine_read)) in enumerate(zip(got, want, strict=True), 1):
        if v != w:
            out.append(f"depth {d}: value {v}, not {w}")
        if read != engine_read:
            out.append(f"depth {d}: reads {read}, not {engine_read}")
        admitted = witness(g, 0, d)
        if not admitted.admits(v):
            out.append(f"depth {d}: {v} is not {admitted.text()}")
    return out


@pytest.mark.slow
@BATCH
@given(st.lists(games(), min_size=8, max_size=8))
def test_root_reads_the_engines_leaves_and_returns_its_values(cases: list[Case]) -> None:
    for g, depth in cases:
        assert departures(g, depth) == [], g.states


@pytest.mark.slow
def test_the_gates_reuse_games_and_the_papers() -> None:
    for _, _, game, _ in reuse_games():
        assert departures(graph(game), 6) == []


@BATCH
@given(st.lists(games(), min_size=8, max_size=8))
def test_the_ghost_cut_is_the_cut_trees_value(cases: list[Case]) -> None:
    answers, scales = [], []
    for g, depth in cases:
        big, _ = _scale(g)
        answers.append(f"Number (cut {_term(g, big)} 0 {depth})")
        scales.append(big)
    for (g, depth), big, x in zip(cases, scales, run("table", answers), strict=True):
        assert Fraction(number(x), big) == cut_negamax(g, 0, depth).value


WITNESSES: dict[str, Case] = {
    "marsland-narrows-the-window": (
        Graph(((0, 0, (2, 3)), (0, 2, ()), (0, 1, (3,)), (0, 1, (4, 4, 4)), (1, 1, ()))),
        5,
    ),
    "table-shallower-entry-answers": (Graph(((0, -1, (1,)), (1, 1, (2, 2)), (1, 0, ()))), 5),
    "table-lower-bound-inside-window": (
        Graph(((1, -1, (1, 2, 2)), (1, -1, (2, 3)), (0, -2, (3,)), (0, 0, ()))),
        3,
    ),
    "table-exact-when-failing-low": (
        Graph(((0, 2, (1, 2, 3)), (1, -2, (3, 2)), (0, -1, (3,)), (0, 0, ()))),
        4,
    ),
    "table-window-not-negated": (Graph(((1, -2, (2, 1)), (0, 2, (2, 2)), (0, 2, ()))), 5),
    "table-same-depth-only": (
        Graph(((0, -2, (2, 1)), (0, -2, (2,)), (1, -1, (3, 3)), (0, -1, ()))),
        3,
    ),
}
"""A game and a depth on which each seeded flaw of table.mlw departs from impl.Engine, or
returns a value no witness admits (the smallest found among every game of the theorem's
diamond family and random small games, by a simulation of each flaw)."""


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(WITNESSES))
def test_each_seeded_flaw_departs_when_run(name: str) -> None:
    flaw = next(f for f in flaws(WHY3) if f.name == name)
    g, depth = WITNESSES[name]
    assert departures(g, depth) == []
    assert departures(g, depth, text=seeded(WHY3, flaw)), name


def test_marslands_lookup_returns_a_value_no_witness_admits_on_the_papers_game() -> None:
    flaw = next(f for f in flaws(WHY3) if f.name == "marsland-narrows-the-window")
    [(value, _)] = searches(PAPER, 6, text=seeded(WHY3, flaw), first=6)
    assert value == 2
    assert witness(PAPER, 0, 6).values == (1, 4)
    assert not witness(PAPER, 0, 6).admits(value)


def test_every_seeded_flaw_of_table_mlw_has_a_witness() -> None:
    assert {f.name for f in flaws(WHY3) if f.file == "table"} == set(WITNESSES)
