"""``impl.Engine(table_reuse="deeper")`` against the witness criterion (``spec.search.witness``).

A deeper entry answers (Wikipedia's negamax with a table), so the value is that of some
witness rather than always the cut tree's. Checked on random game graphs, in one search and
across a sequence of searches that keep the table (as iterative deepening does), with
quiescence and forward pruning too; then bounded-exhaustively on every small game graph (the
unbounded-proof tooling has not landed, so this is a check, not the paper's proof).
"""

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree import impl, spec
from gametree.conform.games import GameGraph, GameState, game_graphs
from gametree.conform.vectors import games, reuse_games
from gametree.impl import table as impl_table
from gametree.spec import tapered, witness


def deeper(g: GameGraph, **options: object) -> impl.Engine[int, str]:
    return impl.Engine(g, table=True, table_reuse="deeper", **options)  # type: ignore[arg-type]


def admitted(g: GameGraph, depths: list[int], **options: object) -> bool:
    """Searches to each depth in turn with one engine: is every value a witness's?"""
    e = deeper(g, **options)
    spec_options = {k: v for k, v in options.items() if k in {"quiescence", "keep"}}
    return all(
        e.search(0, d).value in witness(g, 0, d, **spec_options).values  # type: ignore[arg-type]
        for d in depths
    )


orders = st.sampled_from([{}, {"hash_move": True, "killers": 2, "history": True}])


@given(game_graphs(max_states=10), st.lists(st.integers(0, 4), min_size=1, max_size=4), orders)
def test_every_value_is_a_witness_s_in_one_search_and_across_searches(
    g: GameGraph, depths: list[int], order: dict[str, object]
) -> None:
    assert admitted(g, depths, **order)


@given(game_graphs(max_states=8), st.integers(0, 3), st.integers(1, 2), st.booleans())
def test_with_quiescence_and_forward_pruning_too(
    g: GameGraph, depth: int, q: int, prune: bool
) -> None:
    keep = tapered(2, 1) if prune else None
    assert admitted(g, [max(depth - 1, 0), depth], quiescence=q, keep=keep)


def test_the_default_stays_exact_depth() -> None:
    comment, _, g, asks = reuse_games()[1]
    d = asks[0][0]
    fixed = spec.cut_negamax(g, 0, d).value
    assert impl.Engine(g, table=True).search(0, d).value == fixed
    reused = deeper(g).search(0, d).value
    assert reused != fixed, comment
    assert reused in witness(g, 0, d).values


def test_reuse_of_a_shallower_entry_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed a flaw (an entry of any depth answers): the check fails on some vector game."""

    def any_depth(self: impl_table.Entry, depth: int, ply: int, a: object, b: object,
                  **_: object) -> bool:  # fmt: skip
        return self.flag == impl_table.EXACT

    monkeypatch.setattr(impl_table.Entry, "answers", any_depth)
    assert not all(admitted(g, [1, 2, 3]) for _, _, _, g in games())


def test_bad_options_are_named() -> None:
    g = reuse_games()[1][2]
    with pytest.raises(ValueError, match="'table_reuse' must be 'exact' or 'deeper'"):
        impl.Engine(g, table=True, table_reuse="any")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pass table=True too"):
        impl.Engine(g, table_reuse="deeper")


def small_games(n: int) -> Iterator[GameGraph]:
    """Every game graph of n states: movers, terminal or 1..2 moves to later states, values
    0 or 1 (utilities) and 0 or 2 (evaluations), the last state terminal."""

    def options(s: int) -> list[GameState]:
        out = [GameState(p, utility=u) for p in (0, 1) for u in (0, 1)]
        if s < n - 1:
            later = range(s + 1, n)
            targets = [(t,) for t in later] + list(
                itertools.combinations_with_replacement(later, 2)
            )
            out += [GameState(p, tuple(zip("ab", ts, strict=False)), None, e)
                    for p in (0, 1) for ts in targets for e in (0, 2)]  # fmt: skip
        return out

    for states in itertools.product(*(options(s) for s in range(n))):
        if states[0].moves:
            yield GameGraph.of(states)


def test_bounded_exhaustive_every_game_of_three_states_at_every_depth() -> None:
    """Every game graph of up to 3 states, depths 0..3, one search and then the next deeper;
    some of them have witnesses other than the cut tree (reuse matters there)."""
    count = mixed = 0
    for n in (2, 3):
        for g in small_games(n):
            count += 1
            mixed += any(len(witness(g, 0, d).values) > 1 for d in (1, 2, 3))
            assert admitted(g, [0, 1, 2, 3]), g
            assert admitted(g, [3, 1]), g
    assert count > 900
    assert mixed > 0
