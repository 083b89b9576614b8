"""What the generated phase draws: the budget shared among the tiers, and the small tier.

:func:`schedule` says how many cases each tier of the scope gets, and in which order; the
tail's tiers build theirs from seeds (:mod:`gametree.conform.tiers`); :func:`cases` is the
small tier, Hypothesis's strategy (game graphs for the ``game-`` semantics), which it draws
and shrinks.
"""

import random
from functools import partial
from typing import Any

import attrs

from gametree.conform.chance_cases import small_cases
from gametree.conform.codec import Case, domain_problem
from gametree.conform.options import GateOptions, unasked
from gametree.conform.scope import SCOPES, TIER_FLAGS, Tier, case_flags
from gametree.conform.semantics import SEMANTICS
from gametree.conform.vectors import is_by_depth
from gametree.spec import Bounds

__all__ = ["OPTIMAL_BOUNDS", "cases", "in_integers", "schedule", "tiers"]


def schedule(options: GateOptions) -> tuple[int, list[Tier], int]:
    """How many small cases, the tail's tiers in their order, how many steered cases.

    The steered cases (:mod:`gametree.conform.generated`) follow the tail's, and stop early
    once every feasible pair of behaviours has been shown.

    Each tier gets its weight's share of ``options.budget`` (rounded down, the rest to the
    small tier), interleaved in an order fixed by ``options.seed``. A game semantics has no
    tiers: its budget is Hypothesis's and the steered cases'.
    """
    mix = tiers(options)
    total = sum(w for _, w in mix)
    steered = options.budget * dict(mix).get("steered", 0) // total
    if SEMANTICS[options.semantics].game:
        return options.budget - steered, [], steered
    tail: list[Tier] = []
    for tier, weight in mix:
        if tier not in {"small", "steered"}:
            tail += [tier] * (options.budget * weight // total)
    random.Random(options.seed).shuffle(tail)  # noqa: S311 - an order, not a secret
    return options.budget - len(tail) - steered, tail, steered


def tiers(options: GateOptions) -> list[tuple[Tier, int]]:
    """The tiers the generated phase draws from, with their weights, for ``options``.

    The scope's mix, less the many-players tier for two-player semantics, and less every tier
    whose flag is skipped (the small tier is always there); for ``optimal`` half the small
    tier's weight goes to the tight tier, whose trees are where its leaves differ from shallow
    pruning's (:func:`gametree.conform.tiers.tight`); for an engine that declares its number
    type (``--values``), the magnitude tier, which then draws that type's edges
    (:func:`gametree.conform.tiers.typed`), takes as much again from the small tier.
    """
    s = SEMANTICS[options.semantics]
    mix = dict(SCOPES[options.scope].weights)
    if s.domain:
        mix["tight"] = mix["small"] // 2
        mix["small"] -= mix["tight"]
    if options.numbers.declared and "magnitude" in mix:  # the type's edges, at twice the share
        mix["small"] -= mix["magnitude"]
        mix["magnitude"] *= 2
    return [
        (tier, weight)
        for tier, weight in mix.items()
        if not (tier == "many" and s.kind != "vector" and not s.player)
        and not set(TIER_FLAGS[tier]) & options.skip_flags
    ]


def cases(options: GateOptions) -> Any:
    """Hypothesis's strategy for the small tier of ``options.semantics`` (and for games).

    ``spec.strategies``' trees: two-player leaves in -9..9, N-player trees (N in 2..4) of
    vectors within ``Bounds(0, 9)`` or, one time in four, ``Bounds(-1, 6)`` (a lower bound to
    shift), sometimes summing to exactly the bound (so immediate pruning happens); ties drawn
    on purpose half of the time, and unless ``by_depth`` so are the movers at each node;
    windows from -10..10 or open. A case with a skipped flag is not drawn.
    """
    from hypothesis import assume  # noqa: PLC0415

    s = SEMANTICS[options.semantics]

    def allowed(case: Case) -> Case:
        assume(not set(case_flags(case)) & options.skip_flags and not unasked(case, options))
        assume(s.game or not options.by_depth or is_by_depth(case.tree))
        return case

    if s.game:
        return _game_cases(s.name, alternating=options.by_depth).map(allowed)
    if s.chance:
        return small_cases(options).map(allowed)
    return _small_cases(options).map(allowed)


def _small_cases(options: GateOptions) -> Any:
    """The small tier: ``spec.strategies``' trees, as the gate drew them before the tiers."""
    from hypothesis import strategies as st  # noqa: PLC0415

    from gametree.spec.strategies import scalar_trees, vector_trees  # noqa: PLC0415

    s = SEMANTICS[options.semantics]
    d, b = options.max_depth, options.max_branching

    @st.composite
    def draw_case(draw: st.DrawFn) -> Case:
        ties = draw(st.booleans())
        by_depth = options.by_depth or draw(st.booleans())
        if s.kind == "scalar":
            t = draw(scalar_trees(max_depth=d, max_branching=b, min_value=-9, max_value=9,
                                  ties=ties, by_depth=by_depth))  # fmt: skip
            if not s.window:
                return Case(s.name, t)
            ends = st.none() if options.full_window else st.none() | st.integers(-10, 10)
            alpha, beta = draw(ends), draw(ends)
            if alpha is not None and beta is not None and alpha >= beta:
                alpha, beta = beta - 1 if alpha == beta else beta, alpha
            guess = draw(st.integers(-10, 10)) if s.guess else 0
            return Case(s.name, t, alpha=alpha, beta=beta, first_guess=guess)
        players = draw(st.sampled_from([p for p in (3, 2, 4) if p >= s.players]))
        if s.domain:
            bounds = draw(st.sampled_from(OPTIMAL_BOUNDS))
        else:
            bounds = Bounds(-1, 6) if draw(st.integers(0, 3)) == 3 else Bounds(0, 9)
        t = draw(vector_trees(players=players, max_depth=d if s.domain else min(d, 3),
                              max_branching=b, bounds=bounds, exact_total=draw(st.booleans()),
                              ties=ties, by_depth=by_depth))  # fmt: skip
        player = draw(st.integers(0, players - 1)) if s.player else None
        case = Case(s.name, t, bounds if s.bounds else None, player=player)
        return in_integers(case) if s.domain and draw(st.integers(0, 1)) else case

    return draw_case()


OPTIMAL_BOUNDS = (Bounds(0, 9), Bounds(0, 3), Bounds(-1, 6), Bounds(0, 2))
"""The small tier's bounds for ``optimal``: tight ones too, under which many leaves shallow
pruning reads are not necessary (more so over the integers)."""


def in_integers(case: Case) -> Case:
    """``case`` over the integers if its leaves are integers, else as it is (over the reals)."""
    integers = attrs.evolve(case, domain="integers")
    return case if domain_problem(integers) is not None else integers


def _game_cases(semantics: str, *, alternating: bool) -> Any:
    """Hypothesis's strategy for cases of a ``game-`` semantics.

    Three in four built around a state met again (``gametree.conform.steer_games.table_game``,
    aimed at an entry and a place drawn, from a drawn seed: Hypothesis shrinks the seed, the
    gate's shrinker the game); of the others, half games whose horizon states share their
    moves' labels, where a killer move found noisy at one is quiet at the next
    (``gametree.conform.steer_games.killer_game``), or for table reuse games whose deeper
    bound lies inside a later window it does not settle
    (``gametree.conform.steer_games.narrowed_game``), and half game graphs of up to 7 states
    (``gametree.conform.games.game_graphs``), depths 1..3, quiescence 0..2 (1..2 for stand
    pat), deepening to depth 1..4 with a budget of 1..60 nodes; for table reuse
    (``game-negamax-witness``) graphs of up to 15 states, all quiet, depths 1..6 and a window
    from -10..10 or open, as Wesselink et al.'s counterexample needs. With ``alternating``
    (``--alternating``) no player moves twice.
    """
    from hypothesis import strategies as st  # noqa: PLC0415

    from gametree.conform.behaviours import TABLE, all_pairs, infeasible  # noqa: PLC0415
    from gametree.conform.codec import game_case  # noqa: PLC0415
    from gametree.conform.games import game_graphs  # noqa: PLC0415
    from gametree.conform.steer_games import NARROWED, killer_game, propose_game  # noqa: PLC0415

    if SEMANTICS[semantics].chance:  # game-expectimax: graphs with chance states
        graphs = game_graphs(max_states=9, chance=True, alternating=alternating)
        return st.builds(partial(game_case, semantics), graphs, st.integers(1, 4))
    met = [p for p in all_pairs(semantics) if p[0] in TABLE and p[1] in TABLE
           and p not in infeasible(semantics)]  # fmt: skip
    extension = [p for p in met if p[0].endswith("-quiescence")] * (
        semantics == "game-negamax-stand-pat"
    )  # stand pat acts only in an extension: half its table games hold an entry of one
    deepening = semantics == "game-deepening"

    @st.composite
    def draw_case(draw: st.DrawFn) -> Case:
        if draw(st.integers(0, 3)):  # a game built around a state met again (steer_games)
            seed = draw(st.integers(0, 2**32 - 1))
            rng = random.Random(seed)  # noqa: S311 - test games, not secrets
            pool = extension if extension and rng.random() < 0.5 else met
            aim = set(rng.choice(pool)) if pool else {"transposition"}
            return propose_game(rng, semantics, aim, alternating=alternating)[0]
        if semantics == "game-negamax-witness" and draw(st.booleans()):  # Marsland's narrowing
            rng = random.Random(draw(st.integers(0, 2**32 - 1)))  # noqa: S311 - test games
            return propose_game(rng, semantics, set(NARROWED), alternating=alternating)[0]
        if semantics != "game-negamax-witness" and draw(st.booleans()):  # killers (steer_games)
            rng = random.Random(draw(st.integers(0, 2**32 - 1)))  # noqa: S311 - test games
            g, depth, q = killer_game(rng, semantics, set(), alternating=alternating)
            return game_case(semantics, g, depth, quiescence=q,
                             max_nodes=rng.randint(1, 60) if deepening else None)  # fmt: skip
        if semantics == "game-negamax-witness":
            g = draw(game_graphs(max_states=15, alternating=alternating, all_quiet=True))
            ends = st.none() | st.integers(-10, 10)
            alpha, beta = draw(ends), draw(ends)
            if alpha is not None and beta is not None and alpha >= beta:
                alpha, beta = beta - 1 if alpha == beta else beta, alpha
            return game_case(semantics, g, draw(st.integers(1, 6)), alpha=alpha, beta=beta)
        g = draw(game_graphs(alternating=alternating))
        if semantics == "game-deepening":
            return game_case(semantics, g, draw(st.integers(1, 4)),
                             quiescence=draw(st.integers(0, 1)),
                             max_nodes=draw(st.integers(1, 60)))  # fmt: skip
        low = 1 if semantics == "game-negamax-stand-pat" else 0
        return game_case(semantics, g, draw(st.integers(1, 3)),
                         quiescence=draw(st.integers(low, 2)))  # fmt: skip

    return draw_case()
