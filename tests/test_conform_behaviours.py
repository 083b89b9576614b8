"""Behaviour coverage: what a case makes the reference do, the pairs a run shows, the steering.

Each behaviour is checked on a tree built to show it (and its neighbours not to); the cut-off
distances are checked across the two forms of alpha-beta, which hold their windows in
different frames, and against paranoid search on two-player pairs; every pair called
infeasible is checked never to be shown by many drawn cases; and the gate's default run is
checked to show every feasible pair of every semantics, listing the infeasible ones.
"""

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree.conform.behaviours import (
    JOINT,
    all_pairs,
    behaviour_names,
    catalogue,
    infeasible,
    pairs_of,
)
from gametree.conform.codec import Case, game_case, request
from gametree.conform.game_behaviours import longest_line
from gametree.conform.games import GameGraph, GameState
from gametree.conform.observe import observe
from gametree.conform.semantics import SEMANTICS, Checks, check, expected
from gametree.conform.steer import Steering, chain, lifted, propose, wrapped
from gametree.conform.steer_games import NARROWED, killer_game, narrowed_game
from gametree.spec import Bounds, Leaf, Node, Tree, minimax, negamax
from gametree.spec.examples import korf_figure5
from gametree.spec.strategies import scalar_trees
from tests.bugs.engine import correct, impl_engine, killers_unchecked, tt_deeper, tt_marsland

TREE_SEMANTICS = [s for s in SEMANTICS if not SEMANTICS[s].game]
CUTS = {"cut-immediate", "cut-parent", "cut-grandparent", "cut-3-up", "cut-window"}


def shown(semantics: str, t: Tree, **kw: Any) -> frozenset[str]:
    return observe(Case(semantics, t, **kw))


# -- Each behaviour on a tree built to show it ---------------------------------------------


@pytest.mark.parametrize("form", ["alphabeta-fail-hard", "negamax-alphabeta-fail-soft", "paranoid"])
def test_a_cut_off_is_named_by_where_its_bound_was_set(form: str) -> None:
    def at(t: Tree, **kw: Any) -> frozenset[str]:
        if form != "paranoid":
            return shown(form, t, **kw)
        return shown(form, _pairs(t), player=0)  # paranoid on (x, -x) for Max

    # Max reads 5 (alpha = 5 at the root), then Min three plies down reads 3: Knuth and
    # Moore's deep cut-off, by a bound set three plies up.
    assert "cut-3-up" in at(Node.by_depth([5, [[[3, 9]]]]))
    # The same Min one ply down: the parent's bound.
    assert "cut-parent" in at(Node.by_depth([[5], [3, 9]]))
    # Max moves twice: the bound is the grandparent's.
    twice = Node(0, [Leaf(5), Node(0, [Node(1, [Leaf(3), Leaf(9)])])])
    assert "cut-grandparent" in at(twice)
    assert not CUTS & at(Node.by_depth([[3, 9]]))
    if form != "paranoid":  # The request's alpha cuts Min at once.
        assert "cut-window" in at(Node.by_depth([[3, 9]]), alpha=5)


def test_pvs_cuts_by_its_window_and_not_by_the_parent() -> None:
    assert "cut-window" in shown("pvs", Node.by_depth([[3, 9]]), alpha=5)
    # A later child is scouted first: its own cut-offs are the scout's, at gamma.
    later = shown("pvs", Node.by_depth([[5], [3, 9]]))
    assert not CUTS & later
    assert "scout-holds" in later


def test_a_tie_at_the_cut_and_a_test_that_holds_after_the_last_child() -> None:
    assert {"cut-tie", "cut-parent"} <= shown("alphabeta-fail-hard", Node.by_depth([[5], [5, 9]]))
    assert "cut-tie" not in shown("alphabeta-fail-hard", Node.by_depth([[5], [4, 9]]))
    last = Node.by_depth([5, [9, 3]])
    assert "cut-last-child" in shown("alphabeta-fail-soft", last)
    assert not CUTS & shown("alphabeta-fail-soft", last)
    assert "cut-last-child" not in shown("alphabeta-fail-soft", Node.by_depth([5, [9, 6]]))


def test_ties_and_a_best_last_child_in_the_plain_searches() -> None:
    assert "tie" in shown("minimax", Node.by_depth([3, 3]))
    assert "tie" not in shown("minimax", Node.by_depth([3, 2]))
    assert "best-last" in shown("negamax", Node.by_depth([[1, 2], 7]))
    assert "best-last" not in shown("negamax", Node.by_depth([7, [1, 2]]))
    assert "tie" in shown("maxn", Node(0, [Leaf((1, 2)), Leaf((1, 0))]))
    # In negamax form the child's reply is negated before it is compared.
    assert "tie" in shown("negamax", Node(0, [Node(1, [Leaf(4)]), Node(1, [Leaf(4)])]))


def test_the_shape_and_magnitude_behaviours() -> None:
    t = Node(0, [Leaf(2**60), Node(0, [Leaf(Fraction(1, 3))] * 17)])
    got = shown("minimax", t)
    assert {"wide", "uneven", "moves-twice", "values-huge", "fractions"} <= got
    assert not {"values-small", "values-large", "tall", "unary", "lone-leaf"} & got
    assert shown("minimax", Leaf(1000)) == {"lone-leaf", "values-large"}
    tall = Node.by_depth([[[[[[1, 2]]]]]])
    assert {"tall", "unary", "values-small"} <= shown("minimax", tall)
    assert "repeated" in shown("minimax", Node.by_depth([[[1, 2], 3], [[1, 2], 3]]))


def test_the_window_places_and_the_root_outcome() -> None:
    t = Node.by_depth([[3, 12], [2, 4]])  # v = 3
    assert {"exact", "alpha=v-1", "beta>v"} <= shown("alphabeta-fail-hard", t, alpha=2, beta=9)
    assert {"fail-low", "alpha=v", "beta-open"} <= shown("alphabeta-fail-hard", t, alpha=3)
    assert {"fail-high", "alpha-open", "beta=v"} <= shown("alphabeta-fail-soft", t, beta=3)
    assert "alpha<v" in shown("alphabeta-fail-soft", t, alpha=Fraction(5, 2))
    assert "beta=v+1" in shown("alphabeta-fail-soft", t, beta=4)
    # negamax form: the root mover's view
    assert "fail-low" in shown("negamax-alphabeta-fail-soft", Node(1, [Leaf(5)]), alpha=-5)
    assert {"guess=v", "tests-2"} <= shown("mtdf", t, first_guess=3)


def test_korf_s_searches() -> None:
    b = Bounds(0, 9)
    whole = Node(0, [Leaf((9, 0, 0)), Leaf((1, 1, 1))])
    assert {"cut-immediate", "cut-tie", "lower-met", "sum-met"} <= shown("immediate", whole,
                                                                         bounds=b)  # fmt: skip
    parent = Node(0, [Leaf((6, 1, 2)), Node(1, [Leaf((2, 5, 2)), Leaf((0, 0, 0))])])
    assert "cut-parent" in shown("shallow", parent, bounds=b)
    assert "cut-parent" not in shown("shallow", parent, bounds=Bounds(0, 12))
    assert {"lower-met", "sum-clear"} <= shown("shallow", parent, bounds=Bounds(0, 12))
    assert "lower-one-short" in shown("shallow", parent, bounds=Bounds(-1, 12))
    assert "sum-one-short" in shown("shallow", parent, bounds=Bounds(-1, 10))
    f5 = korf_figure5((3, 0, 6))
    assert {"deep-trap", "cut-grandparent"} <= shown("deep-pruning-unsound", f5, bounds=b)
    assert "deep-trap" not in shown("deep-pruning-unsound", korf_figure5((6, 1, 2)), bounds=b)
    spec = shown("speculative", chain(random.Random(2), 3, levels=4), bounds=b)
    assert "speculated" in spec


def test_the_optimal_search_behaviours() -> None:
    from gametree import impl

    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(200):
        case, _ = propose(rng, "optimal", {"unnecessary-leaf"})
        assert case.bounds is not None
        got = observe(case)
        seen |= got
        fewer = (impl.optimal(case.tree, case.bounds, domain=case.domain).leaves_evaluated
                 < impl.shallow(case.tree, case.bounds).leaves_evaluated)  # fmt: skip
        assert ("beyond-shallow" in got) == fewer
        assert f"domain-{case.domain}" in got
    assert {"unnecessary-leaf", "unnecessary-subtree", "beyond-shallow"} <= seen


def test_the_game_behaviours() -> None:
    def graph(*states: GameState) -> GameGraph:
        return GameGraph.of(states)

    # b reaches state 2 with two plies left, a (later) with one: a deeper entry first.
    g = graph(GameState(0, (("b", 2), ("a", 1)), None, 0), GameState(1, (("x", 2),), None, 0),
              GameState(0, (("y", 3),), None, 0), GameState(1, utility=4))  # fmt: skip
    got = observe(game_case("game-negamax", g, 3))
    assert {"transposition", "deeper-first", "game-at-depth", "values-small"} <= got
    assert longest_line(g) == 3
    swapped = graph(GameState(0, (("a", 1), ("b", 2)), None, 0), *g.states[1:])
    assert "deeper-first" not in observe(game_case("game-negamax", swapped, 3))
    assert "game-longer" in observe(game_case("game-negamax", g, 1))
    noisy = graph(GameState(0, (("a", 1),), None, 0),
                  GameState(1, (("x", 2),), None, 7, quiet=False, noisy=("x",)),
                  GameState(0, (("y", 3),), None, 5, quiet=False, noisy=("y",)),
                  GameState(1, utility=-3))  # fmt: skip
    assert "quiescence-to-limit" in observe(game_case("game-negamax", noisy, 1, quiescence=1))
    assert "quiescence-to-limit" not in observe(game_case("game-negamax", noisy, 1,
                                                          quiescence=2))  # fmt: skip
    # Player 1 at state 1 stands pat on 7 (worth -7 to it) only if the capture is worse for it.
    assert "stand-pat" not in observe(game_case("game-negamax-stand-pat", noisy, 1,
                                                quiescence=1))  # fmt: skip
    worse = graph(*noisy.states[:2], attrs_evolve(noisy.states[2], evaluation=9),
                  noisy.states[3])  # fmt: skip
    assert "stand-pat" in observe(game_case("game-negamax-stand-pat", worse, 1, quiescence=1))


def attrs_evolve(x: GameState, **changes: Any) -> GameState:
    import attrs

    return attrs.evolve(x, **changes)


# -- The distances, two ways ----------------------------------------------------------------


@st.composite
def windowed(draw: st.DrawFn) -> tuple[Node | Leaf, Any, Any]:
    t = draw(scalar_trees(max_depth=5, max_branching=3, min_value=-4, max_value=4,
                          ties=True, by_depth=draw(st.booleans())))  # fmt: skip
    ends = st.none() | st.integers(-5, 5)
    a, b = draw(ends), draw(ends)
    if a is not None and b is not None and a >= b:
        a, b = (b, a) if a != b else (a - 1, a)
    return t, a, b


@pytest.mark.slow
@given(windowed())
def test_both_forms_of_alpha_beta_name_the_same_cut_offs(case: tuple[Any, Any, Any]) -> None:
    """Max/min form keeps alpha and beta in Max's view, negamax form flips them at every ply:
    the same search, so the same cut-offs at the same distances (a regression in the reader's
    frame flipping shows here)."""
    t, a, b = case
    mover = t.to_move if isinstance(t, Node) else 0
    na, nb = (a, b) if mover == 0 else (None if b is None else -b, None if a is None else -a)
    for hard in ("hard", "soft"):
        minmax = shown(f"alphabeta-fail-{hard}", t, alpha=a, beta=b)
        neg = shown(f"negamax-alphabeta-fail-{hard}", t, alpha=na, beta=nb)
        names = CUTS | {"cut-tie", "cut-last-child"}
        assert minmax & names == neg & names


def _pairs(n: Tree) -> Tree:
    if isinstance(n, Leaf):
        assert not isinstance(n.value, tuple)
        return Leaf((n.value, -n.value))
    return Node(n.to_move, [_pairs(c) for c in n.children])


@pytest.mark.slow
@given(windowed())
def test_paranoid_on_pairs_cuts_where_alpha_beta_does(case: tuple[Any, Any, Any]) -> None:
    """Paranoid search on (x, -x) for player 0 is fail-soft alpha-beta on x, open window."""
    t, _, _ = case
    names = {"cut-parent", "cut-grandparent", "cut-3-up", "cut-tie"}
    ab = shown("alphabeta-fail-soft", t) & names
    assert shown("paranoid", _pairs(t), player=0) & names == ab


# -- Infeasible means never shown -----------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("semantics", list(SEMANTICS))
def test_no_drawn_case_shows_a_pair_called_infeasible(semantics: str) -> None:
    ruled = infeasible(semantics)
    rng = random.Random(semantics)
    steering = Steering.start(semantics, by_depth=False, excluded=frozenset())
    for i in range(120):
        aim = rng.choice(all_pairs(semantics)) if i % 2 else ()
        case, value = steering._candidate(rng, aim, by_depth=False, skip=frozenset(),
                                          max_nodes=400)  # fmt: skip
        got = observe(case, value)
        steering.keep(case, value, got)
        names = set(behaviour_names(semantics))
        assert {b for x in got for b in x.split(JOINT)} <= names
        bad = pairs_of(semantics, got) & set(ruled)
        assert not bad, (case, [(p, ruled[p]) for p in bad])
        assert not _whole_numbers_as_text(request(case, trace=False)), case


@pytest.mark.parametrize("semantics", ["game-negamax", "game-negamax-stand-pat", "game-deepening"])
def test_a_killer_game_tells_an_unchecked_killer_and_shows_no_infeasible_pair(
    semantics: str,
) -> None:
    """The small tier's killer games (``steer_games.killer_game``): a move noisy at one state
    of the horizon is a legal quiet move at a sibling, and some games tell an engine that
    searches its killers unchecked (``tests.bugs.engine.killers_unchecked``) from one that
    does not; none shows a pair called infeasible."""
    ruled = set(infeasible(semantics))
    told = shared = 0
    for i in range(60):
        rng = random.Random(i)
        g, depth, q = killer_game(rng, semantics, set(), alternating=bool(i % 2))
        case = game_case(semantics, g, depth, quiescence=q,
                         max_nodes=60 if semantics == "game-deepening" else None)  # fmt: skip
        assert not pairs_of(semantics, observe(case)) & ruled, case
        noisy = [x for x in g.states if x.moves and not x.quiet]
        shared += any(set(x.noisy) & {m for m, _ in y.moves} - set(y.noisy)
                      for x in noisy for y in noisy)  # fmt: skip
        if semantics == "game-negamax":
            asked = request(case, trace=False)
            told += killers_unchecked(asked) != correct(asked)
    assert shared >= 50
    assert told >= 5 or semantics != "game-negamax"


def test_a_narrowed_game_tells_marslands_lookup_from_the_searches_a_witness_justifies() -> None:
    """The witness semantics' narrowed games (``steer_games.narrowed_game``): each shows a
    deeper lower bound met inside the later window and no pair called infeasible; Marsland's
    lookup (``tests.bugs.engine.tt_marsland``) returns the value of no witness on every one,
    and the engine, Wikipedia's deeper entries and ``impl.Engine`` are right on each."""
    semantics = "game-negamax-witness"
    ruled = set(infeasible(semantics))
    for i in range(40):
        g, depth, (alpha, beta) = narrowed_game(random.Random(i), alternating=bool(i % 2))
        case = game_case(semantics, g, depth, alpha=alpha, beta=beta)
        seen = observe(case)
        assert JOINT.join(sorted(NARROWED)) in seen, case
        assert not pairs_of(semantics, seen) & ruled, case
        e, asked = expected(case), request(case, trace=False)
        assert check(case, e, tt_marsland(asked), Checks()), case
        for engine in (correct, tt_deeper, impl_engine):
            assert not check(case, e, engine(asked), Checks()), (engine.__name__, case)


def _whole_numbers_as_text(x: object) -> list[str]:
    """The strings in a request that are whole numbers: an int engine takes them for fractions."""
    if isinstance(x, dict):
        return [s for v in x.values() for s in _whole_numbers_as_text(v)]
    if isinstance(x, list):
        return [s for v in x for s in _whole_numbers_as_text(v)]
    return [x] if isinstance(x, str) and x.lstrip("-").isdigit() else []


def test_a_whole_fraction_for_an_edge_is_sent_as_an_integer() -> None:
    case = Case("mtdf", Leaf(0), alpha=Fraction(2**53 + 1), beta=None, first_guess=Fraction(4, 2))
    assert (case.alpha, case.first_guess) == (2**53 + 1, 2)
    assert all(type(x) is int for x in (case.alpha, case.first_guess))


def test_every_pair_has_a_verdict_and_the_catalogue_is_documented() -> None:
    import gametree.conform.behaviours as module

    doc = module.__doc__ or ""
    for semantics in SEMANTICS:
        names = behaviour_names(semantics)
        assert len(set(names)) == len(names)
        for b in catalogue(semantics):
            assert f"``{b.name}``" in doc or b.name.startswith(("alpha", "beta", "guess")), b
        ruled = infeasible(semantics)
        assert set(ruled) <= set(all_pairs(semantics))
        assert all(ruled.values())


def test_a_search_without_its_behaviours_is_named() -> None:
    """A search added to the registry and the gate names the behaviours its cases can show
    here; one that does not is named, not a bare KeyError from the gate's first case."""
    from gametree.conform.behaviours import _search

    with pytest.raises(KeyError, match="negamax-copy: the search behaviours its cases can show"):
        _search("negamax-copy")


def test_a_lifted_or_wrapped_case_keeps_what_it_showed() -> None:
    rng = random.Random(3)
    t = Node(0, [Leaf(5), Node(0, [Node(1, [Leaf(3), Leaf(9)])])])
    case = Case("alphabeta-fail-soft", t, alpha=1, beta=7)
    v = minimax(t).value
    before = observe(case)
    for to in ("values-large", "values-huge", "fractions"):
        up, w = lifted(case, v, to, rng)
        assert w == minimax(up.tree).value
        got = observe(up, w)
        assert to in got
        assert before - {"values-small"} <= got
    low = wrapped(case, v, {"fail-low", "alpha=v"}, rng)
    assert {"fail-low", "alpha=v", "cut-grandparent"} <= observe(*low)
    opened = wrapped(Case("alphabeta-fail-soft", t), v, {"fail-high", "beta=v-1"}, rng)
    assert {"fail-high", "beta=v-1", "cut-grandparent"} <= observe(*opened)
    neg = Case("negamax-alphabeta-fail-soft", t, alpha=1, beta=7)
    v = negamax(t).value
    for aim in ({"fail-low", "alpha=v+1"}, {"fail-high", "beta=v-1"}):
        out = wrapped(neg, v, aim, rng)
        assert aim | {"cut-grandparent"} <= observe(*out)


def test_the_docs_list_the_catalogue_as_the_code_has_it() -> None:
    from pathlib import Path

    from gametree.conform.behaviours import markdown

    doc = (Path(__file__).resolve().parents[1] / "docs" / "conformance.md").read_text()
    begin = "<!-- the tables below are written by: gametree.conform.behaviours.markdown() -->\n"
    end = "<!-- end of the behaviour tables -->"
    assert doc[doc.index(begin) + len(begin) : doc.index(end)] == markdown()
