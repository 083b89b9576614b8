"""table: a table whose deeper entries answer gives a value the witness criterion admits.

**Statement** (Wesselink et al. 2025, arXiv 2509.20138, depth-limited search with a
transposition table). Negamax with a table in which an entry stored by a search r' >= r plies
deep answers a search owed r plies (Wikipedia's, and ``impl.Engine`` with
``table_reuse="deeper"``) no longer returns the cut tree's value: it returns one that some
*witness* justifies (``spec.search``, definition 7: a tree in which every node is searched at
least as deep as the search owed it, all its children or none), with Fishburn's properties
against the window. An empty table, and every table such a search leaves, holds only entries
justified by witnesses of their own depth, so it holds across searches (iterative deepening)
as within one. Marsland's lookup (Marsland 1986), which narrows the window with a deeper bound
that does not settle it, does not: the paper's 15-state game makes it return 2 at depth 6
where every witness is worth 1 or 4.

**Methods.** Every game of a small family with transpositions at different plies
(:data:`DIAMOND`: each state reached at two or three plies), every player to move at each
state and every static value in a small set, searched at depths 1 to 4 with one engine whose
table is kept from each depth to the next (bounded-exhaustive); Hypothesis on random games
with transpositions, terminal states anywhere and rational values (property); and Why3 for
every game (``gametree/proofs/why3/table.mlw``), pinned to ``impl.Engine``'s search with
``table_reuse="deeper"`` by the value and the leaves it reads, in order
(``tests/test_verified_why3_table.py``). Marsland's lookup is the flaw
``marsland-narrows-the-window`` seeded in table.mlw: the provers reject it, and the test runs
it on the paper's game (``gametree.conform.vectors``'s) to show the value no witness admits.
"""

from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import product

import attrs
from hypothesis import strategies as st

from gametree.impl.engine import Engine
from gametree.proofs.machinery.checks import Exhaustive, Property
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.result import Scope, Theorem
from gametree.proofs.theorems._wording import RATIONALS
from gametree.proofs.why3 import terms
from gametree.spec import Scalar, Tree
from gametree.spec.search import witness

__all__ = ["CHECKS", "CLAIMS", "DIAMOND", "FLAWS", "THEOREM", "Graph", "games", "problem"]


@attrs.frozen
class Graph:
    """A two-player game written out (``spec.EvaluatedGame`` on state indices, root 0).

    ``states`` as :data:`gametree.proofs.why3.terms.GameStates` says: per state, the player to
    move, its static value (Max's view: the utility of a terminal state, else its evaluation)
    and the states its moves lead to, in order (a move is its index there).
    """

    states: tuple[tuple[int, Scalar, tuple[int, ...]], ...]

    @property
    def players(self) -> int:
        """Two."""
        return 2

    def initial_state(self) -> int:
        """State 0."""
        return 0

    def to_move(self, state: int) -> int:
        """The player to move."""
        return self.states[state][0]

    def moves(self, state: int) -> list[int]:
        """The moves, by index."""
        return list(range(len(self.states[state][2])))

    def successor(self, state: int, move: int) -> int:
        """The state the move leads to."""
        return self.states[state][2][move]

    def is_terminal(self, state: int) -> bool:
        """Whether the state has no moves."""
        return not self.states[state][2]

    def utility(self, state: int) -> Scalar:
        """The value of a terminal state."""
        return self.states[state][1]

    def evaluate(self, state: int) -> Scalar:
        """The static value of a state that is not terminal."""
        return self.states[state][1]


def problem(g: Graph, depth: int) -> str | None:
    """``None`` if impl.Engine with deeper reuse admits a witness at every depth.

    It searches state 0 at depths 1 to ``depth`` with one table; each value must be one the
    witness criterion admits (with the engine's full window: the value of some witness).
    """
    engine = Engine(g, table=True, table_reuse="deeper")
    for d in range(1, depth + 1):
        v = engine.search(0, d).value
        w = witness(g, 0, d)
        if not w.admits(v):
            return f"at depth {d} the engine returns {v}, not {w.text()}"
    return None


DIAMOND = ((1, 2), (2, 3), (3, 4), (4,), ())
"""The successors of the family's five states: state 2 is reached at plies 1 and 2, state 3 at
plies 2 and 3, state 4 at plies 2, 3 and 4, so deeper entries meet shallower searches."""


def _diamonds(scope: Scope) -> Iterator[tuple[Graph, int]]:
    values = (-1, 0, 1) if scope.full else (-1, 1)
    for movers in product((0, 1), repeat=len(DIAMOND)):
        for worths in product(values, repeat=len(DIAMOND)):
            yield Graph(tuple(zip(movers, worths, DIAMOND, strict=True))), 4


def _diamonds_text(scope: Scope) -> str:
    values = "{-1, 0, 1}" if scope.full else "{-1, 1}"
    return (
        f"the game of successors {DIAMOND}, every player to move at each state, every static "
        f"value in {values}, depths 1 to 4 with one table"
    )


@st.composite
def games(draw: st.DrawFn) -> tuple[Graph, int]:
    """A random game and a depth.

    Each state's moves lead to later states (so states are reached along several paths, at
    different plies); a state is terminal at random.
    """
    n = draw(st.integers(2, 8))
    states = []
    for s in range(n):
        later = range(s + 1, n)
        ends = draw(st.booleans()) if later else True
        moves = (
            () if ends else tuple(draw(st.lists(st.sampled_from(later), min_size=1, max_size=3)))
        )
        value = draw(st.integers(-12, 12).map(lambda k: Fraction(k, 3)))
        states.append((draw(st.integers(0, 1)), value, moves))
    return Graph(tuple(states)), draw(st.integers(1, 5))


def _shown(_: tuple[Graph, int]) -> tuple[Tree | None, None]:
    return None, None


def _note(case: tuple[Graph, int], found: str) -> str:
    return f"the game {case[0].states}: {found}"


CLAIM = (
    "a search whose deeper table entries answer (impl.Engine, table_reuse='deeper') returns, "
    "at every depth, the table kept, a value the witness criterion admits"
)

CHECKS = (
    Exhaustive(
        claim=CLAIM,
        cases=_diamonds,
        predicate=lambda case: problem(*case),
        domain=_diamonds_text,
        shown=_shown,
        note=_note,
        share=0.5,
    ),
    Property(
        claim=CLAIM,
        strategy=games,
        predicate=lambda case: problem(*case),
        domain="random games of 2 to 8 states (each state's moves lead to later states, a state "
        "reached along several paths), players 0 and 1 anywhere, thirds, depths 1 to 5",
        max_examples=150,
        max_examples_full=600,
        shown=_shown,
        note=_note,
    ),
)
"""The checks: see the module docstring, "Methods"."""

INSTANCE_GAME: Sequence[tuple[int, Scalar, Sequence[int]]] = tuple(
    zip((0, 1, 0, 1, 0), (1, -1, 1, 0, 2), DIAMOND, strict=True)
)
"""A game of the family, for the claim's instance."""

CLAIMS = (
    Claim(
        name="table-deeper-witness-rationals",
        verifier="why3",
        file="table",
        rests_on=(
            "lookup_sound'vc",
            "deeper_witness'vc",
            "only_child'vc",
            "first_child'vc",
            "fishburn_negated'vc",
            "fishburn_best'vc",
            "fishburn_cut'vc",
            "cut'vc",
            "cut_kids'vc",
            "search'vc",
            "expand'vc",
            "kids'vc",
            "root'vc",
        ),
        statement="for every two-player game with rational static values (any player at any "
        "state, a state reached at any plies, cycles included), every depth r, every window "
        "a < b and every table whose entries are each justified by a witness of their own "
        "depth (an exact entry its value, a bound on its side): fail-soft negamax with a "
        "table as impl.Engine runs it with table_reuse='deeper' (no quiescence, no forward "
        "pruning, the children in the game's order; an entry answers a search owed r plies "
        "when its depth is at least r and it is exact or a bound beyond the window; each "
        "result is stored with its depth and its flag against the window it was given) "
        "returns a value some witness of the root owed r plies justifies (Fishburn's "
        "properties against its value: the paper's is_negamax_tt_result), and leaves every "
        "entry of its table justified; they terminate. The empty table is such a table, so it "
        "holds across searches",
        domain=RATIONALS,
        window="any rational window a < b, and any table whose entries are justified",
        composed="that the inductive witnesses (node_at) are spec.search's definition 7 "
        "without quiescence or forward pruning, read against it; that impl.Engine's full "
        "window (-inf, +inf) compares as (-K, K) does, K above every static value's magnitude "
        "(every result and bound is a static value, negated or not)",
        pins=(
            Pin(
                Engine.search,
                "why3 execute on the integers, the game scaled: value and leaves read in "
                "order, depth after depth with one table, on Hypothesis games whose states are "
                "reached at several plies; the cut tree's value against spec.search.cut_negamax",
                "tests/test_verified_why3_table.py",
                options="table=True, table_reuse='deeper'",
            ),
        ),
        instance=Instance((f"root {terms.game(INSTANCE_GAME)} 0 4 (-. 3.0) 3.0 Empty",)),
    ),
)
"""What Why3 proves of it for every game."""

_ANSWERS = "    e.depth >= r && (e.flag = exact || (e.flag = lower && e.bound >=. b) ||\n"

FLAWS = (
    Flaw(
        name="marsland-narrows-the-window",
        verifier="why3",
        file="table",
        original="        end else expand g s r a b t\n",
        seeded="        end else if e.depth >= r then\n"
        "          expand g s r (if e.flag = lower then max a e.bound else a)\n"
        "            (if e.flag = upper then min b e.bound else b) t\n"
        "        else expand g s r a b t\n",
        expected="search'vc",
    ),
    Flaw(
        name="table-shallower-entry-answers",
        verifier="why3",
        file="table",
        original=_ANSWERS,
        seeded=_ANSWERS.replace("e.depth >= r", "e.depth >= r - 1"),
        expected="search'vc",
    ),
    Flaw(
        name="table-lower-bound-inside-window",
        verifier="why3",
        file="table",
        original=_ANSWERS,
        seeded=_ANSWERS.replace("e.bound >=. b", "e.bound >. a"),
        expected="search'vc",
    ),
    Flaw(
        name="table-exact-when-failing-low",
        verifier="why3",
        file="table",
        original="    if x <=. a then upper else",
        seeded="    if x <. a then upper else",
        expected="expand'vc",
    ),
    Flaw(
        name="table-window-not-negated",
        verifier="why3",
        file="table",
        original="else search g c (r - 1) (-. b) (-. a) t in",
        seeded="else search g c (r - 1) a b t in",
        expected="kids'vc",
    ),
    Flaw(
        name="table-same-depth-only",
        verifier="why3",
        file="table",
        original=_ANSWERS,
        seeded=_ANSWERS.replace("e.depth >= r", "e.depth = r"),
        expected="",
        unprunes=True,
    ),
)
"""The flaws seeded in table.mlw: each must fail as it says (the last answers only from entries
of the same depth: still proved, it reads more than impl, which the pin test must catch)."""

THEOREM = Theorem(
    name="table",
    title="A table whose deeper entries answer: a value the witness criterion admits",
    statement="A search with a transposition table whose entries of deeper searches answer "
    "returns a value some witness justifies (Fishburn's properties against the value of a "
    "tree in which every node is searched at least as deep as the search owed it); Marsland's "
    "lookup, narrowing the window with a deeper bound, does not.",
    source="Wesselink et al. 2025 (arXiv 2509.20138), depth-limited search with a "
    "transposition table; Marsland 1986 (the lookup that narrows the window)",
    status=(
        "For every tree (Why3): on every game, fail-soft negamax with a table whose deeper "
        "entries answer, as impl.Engine runs it with table_reuse='deeper' (no quiescence, no "
        "forward pruning, no move ordering), returns a value the witness criterion admits and "
        "leaves every entry justified, so across searches too. Marsland's lookup is a seeded "
        "flaw the provers reject and the tests run on the paper's game. Not proved for every "
        "game: quiescence, forward pruning, move ordering."
    ),
    module="gametree.proofs.theorems.table",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    open=(
        "quiescence and forward pruning (definition 7's extension to them)",
        "move ordering (hash move, killers, history: the proof takes the game's order)",
    ),
    weight=0.6,
)
check = THEOREM.check
