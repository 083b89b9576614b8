"""A catalogue of deliberately broken searches: how strong is the conformance gate?

Each bug is the correct algorithm with one classic mistake, a conformance target that
``gametree conform`` must catch. The modules hold the code (``alphabeta``, ``negamax``,
``multi``, ``best_reply`` for BRS+, ``engine``, ``optimal``, ``scout`` for PVS and MTD(f),
``sturtevant`` for last-branch, speculative and deep pruning; ``edges`` and
``edges_numbers`` hold the mistakes that show only past small trees: wide nodes, tall
trees, many players, repeated subtrees, large magnitudes, tiny fractions; ``combinations``
those that show only when two such things meet in one case; ``number_types`` those of
engines that declare the number type they hold, ``--values``, and break at its edges;
``scale`` those that show only on searches of 10^5 nodes, games of thousands of states and
trees hundreds of plies high; ``chance`` those of expectimax, Star1 and Star2 at chance
nodes); :data:`BUGS` says, for each, what it claims (the semantics,
what the gate compares, the number type) and what mistake it makes; its function's
docstring says where the mistake is seen in practice. :data:`CORRECT` lists the correct
versions, which pass the same gate.

``python -m tests.bugs.catalogue`` runs the gate on every bug without the vectors the
catalogue itself added (so the gate has to find the mistake on its own), keeps each minimal
case in ``gametree/conform/catalogue.json`` (which ``gametree vectors generate`` turns into
vectors flagged ``BugCatalogue``) and writes the table of ``docs/bugs.md``.
``tests/test_bug_catalogue.py`` checks that the gate catches every bug, that the case it
reports is kept as a vector, and that the table says what the catalogue says.
"""

import importlib
import inspect
import re
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["BUGS", "CORRECT", "Bug", "bug"]


@attrs.frozen
class Bug:
    """One broken search: its target, the claim it is gated on, and what the gate compares."""

    name: str
    target: str
    semantics: str
    strict_order: bool = False
    best_move: bool = False
    principal_variation: bool = False
    skip: tuple[str, ...] = ("Deep",)
    """Vector flags skipped: the recursive searches here are not gated on recursion depth."""
    shrink_seconds: float = 600.0
    """How long the catalogue shrinks its failure (each try of a case of 10^5 nodes costs
    seconds)."""
    values: str = "exact"
    """The number type the engine declares (``--values``)."""
    infinity: int | None = None
    """The infinity the engine declares (``--infinity``): it takes scores strictly inside."""

    @property
    def function(self) -> Callable[[dict[str, Any]], object]:
        """The target function itself."""
        module, _, name = self.target.partition(":")
        f: Callable[[dict[str, Any]], object] = getattr(importlib.import_module(module), name)
        return f

    def _doc(self) -> str:
        f = self.function
        doc = inspect.getdoc(f) or ""
        if doc.startswith("The engine with :class:`"):  # the mistake is the class's
            cls = re.match(r"The engine with :class:`(\w+)`", doc)
            assert cls is not None
            doc = inspect.getdoc(getattr(inspect.getmodule(f), cls.group(1))) or ""
        return " ".join(doc.split())

    @property
    def mistake(self) -> str:
        """The first sentence of its docstring: the mistake."""
        doc = self._doc()
        return doc.split(". ", 1)[0].rstrip(".").replace("``", "`")

    @property
    def where_seen(self) -> str:
        """Where the mistake is seen in practice, from its docstring."""
        doc = self._doc()
        m = re.search(r"Seen in practice: (.*?\.)(?: |$)", doc)
        assert m is not None, self.name
        return m.group(1).replace("``", "`")

    @property
    def edge(self) -> bool:
        """Whether the mistake shows only outside the small scope (``edges``, ``edges_numbers``,
        ``combinations``, ``number_types``, ``scale``): such a bug must be caught by the
        generated phase alone, without any vector."""
        module = self.target.split(":")[0].rsplit(".", 1)[1]
        return module in {"edges", "edges_numbers", "combinations", "number_types", "scale"}

    @property
    def scale(self) -> bool:
        """Whether the mistake shows only at scale (``scale``): its cases hold up to 10^5 nodes."""
        return self.target.split(":")[0].endswith(".scale")

    @property
    def argv(self) -> list[str]:
        """The ``gametree conform`` options that catch it (besides the budget)."""
        out = ["--target", self.target, "--semantics", self.semantics]
        out += ["--strict-order"] * self.strict_order + ["--best-move"] * self.best_move
        out += ["--principal-variation"] * self.principal_variation
        for flag in self.skip:
            out += ["--skip-flag", flag]
        out += ["--values", self.values] * (self.values != "exact")
        return out + ["--infinity", str(self.infinity)] * (self.infinity is not None)


def bug(name: str, module: str, semantics: str, **checks: Any) -> Bug:
    """A catalogue entry: ``tests.bugs.MODULE:NAME`` gated as ``semantics``."""
    return Bug(name, f"tests.bugs.{module}:{name}", semantics, **checks)


BUGS: tuple[Bug, ...] = (
    bug("cutoff_strict", "alphabeta", "alphabeta-fail-hard", strict_order=True),
    bug("soft_as_hard", "alphabeta", "alphabeta-fail-hard"),
    bug("min_best_from_max", "alphabeta", "alphabeta-fail-soft"),
    bug("alpha_in_min", "alphabeta", "alphabeta-fail-soft"),
    bug("ties_rightmost", "alphabeta", "alphabeta-fail-soft", best_move=True),
    bug("parity_max_min", "alphabeta", "alphabeta-fail-soft"),
    bug("stale_principal_variation", "alphabeta", "alphabeta-fail-soft",
        principal_variation=True),
    bug("float_values", "alphabeta", "minimax"),
    bug("recursion_limit", "alphabeta", "minimax", skip=()),
    bug("window_not_swapped", "negamax", "negamax-alphabeta-fail-hard"),
    bug("window_not_negated", "negamax", "negamax-alphabeta-fail-hard"),
    bug("leaf_sign", "negamax", "negamax-alphabeta-fail-hard"),
    bug("color_by_parity", "negamax", "negamax-alphabeta-fail-hard"),
    bug("negate_same_player", "negamax", "negamax-alphabeta-fail-hard"),
    bug("pvs_no_research", "negamax", "negamax"),
    bug("shallow_first_child_bound", "multi", "shallow"),
    bug("shallow_strict_prune", "multi", "shallow", strict_order=True),
    bug("shallow_wrong_component", "multi", "shallow"),
    bug("deep_pruning", "multi", "shallow"),
    bug("maxn_non_strict", "multi", "maxn"),
    bug("immediate_unshifted", "multi", "immediate", strict_order=True),
    bug("paranoid_coalition_max", "multi", "paranoid"),
    bug("paranoid_leaf_component_0", "multi", "paranoid"),
    bug("tt_no_flag", "engine", "game-negamax"),
    bug("tt_any_depth", "engine", "game-negamax"),
    bug("tt_marsland", "engine", "game-negamax-witness"),
    bug("tt_kept_across_games", "engine", "game-negamax"),
    bug("killers_unchecked", "engine", "game-negamax"),
    bug("deepening_partial_move", "engine", "game-deepening", best_move=True),
    bug("stand_pat_in_check", "engine", "game-negamax-stand-pat"),
    bug("move_list_256", "edges", "negamax-alphabeta-fail-soft", strict_order=True,
        best_move=True, principal_variation=True),
    bug("shallow_move_list_32", "edges", "shallow", strict_order=True, best_move=True,
        principal_variation=True),
    bug("maxn_player_2_bits", "edges", "maxn", strict_order=True, best_move=True,
        principal_variation=True),
    bug("same_player_cutoff", "edges", "shallow", best_move=True, principal_variation=True),
    bug("window_ring_6", "edges", "alphabeta-fail-soft", strict_order=True, best_move=True,
        principal_variation=True),
    bug("memo_by_subtree", "edges", "negamax-alphabeta-fail-soft", best_move=True,
        principal_variation=True),
    bug("infinity_999", "edges_numbers", "alphabeta-fail-hard", strict_order=True,
        best_move=True, principal_variation=True),
    bug("packed_score_int16", "edges_numbers", "alphabeta-fail-soft", strict_order=True,
        best_move=True, principal_variation=True, skip=("Deep", "Fraction")),
    bug("int32_as_int", "edges_numbers", "minimax", strict_order=True, best_move=True,
        principal_variation=True, skip=("Deep", "Fraction")),
    bug("json_doubles", "edges_numbers", "alphabeta-fail-hard", strict_order=True,
        best_move=True, principal_variation=True),
    bug("int64_negamax", "edges_numbers", "negamax-alphabeta-fail-hard", strict_order=True,
        best_move=True, principal_variation=True, skip=("Deep", "Fraction")),
    bug("epsilon_compare", "edges_numbers", "alphabeta-fail-soft", strict_order=True,
        best_move=True, principal_variation=True),
    bug("decimal_28", "edges_numbers", "negamax", strict_order=True, best_move=True,
        principal_variation=True, skip=("Deep", "Fraction")),
    bug("optimal_over_integers", "optimal", "optimal", strict_order=True, best_move=True,
        principal_variation=True),
    bug("pvs_research_ties", "scout", "pvs", best_move=True),
    bug("mtdf_guess_ignored", "scout", "mtdf", strict_order=True),
    bug("last_branch_any_branch", "sturtevant", "last-branch"),
    bug("speculative_no_research", "sturtevant", "speculative"),
    bug("deep_strict_bound", "sturtevant", "deep-pruning-unsound", strict_order=True),
    bug("mate_distance", "combinations", "negamax", best_move=True),
    bug("root_split_ties", "combinations", "negamax", best_move=True, principal_variation=True),
    bug("int64_sentinel", "number_types", "negamax-alphabeta-fail-soft", best_move=True,
        principal_variation=True, values="int64"),
    bug("int64_korf_shift", "number_types", "shallow", strict_order=True, best_move=True,
        principal_variation=True, values="int64"),
    bug("int32_mtdf_null_window", "number_types", "mtdf", values="int32"),
    bug("int16_pvs_null_window", "number_types", "pvs", strict_order=True, best_move=True,
        principal_variation=True, values="int16"),
    bug("double_mtdf_epsilon", "number_types", "mtdf", values="double"),
    bug("double_fraction_division", "number_types", "alphabeta-fail-hard", strict_order=True,
        best_move=True, principal_variation=True, values="double"),
    bug("node_index_int16", "scale", "alphabeta-fail-hard", strict_order=True, best_move=True,
        principal_variation=True, shrink_seconds=60.0),
    bug("node_budget_polled", "scale", "negamax-alphabeta-fail-soft", strict_order=True,
        best_move=True, principal_variation=True, shrink_seconds=60.0),
    bug("tt_refuses_when_full", "scale", "game-negamax", best_move=True, shrink_seconds=60.0),
    bug("max_ply_128", "scale", "alphabeta-fail-soft", strict_order=True, best_move=True,
        principal_variation=True),
    bug("shallow_recursive", "scale", "shallow", strict_order=True, best_move=True,
        principal_variation=True, skip=()),
    bug("cut_as_exact", "tables", "game-negamax"),
    bug("stand_pat_exact", "tables", "game-negamax-stand-pat"),
    bug("quiescence_depth_zero", "tables", "game-negamax"),
    bug("principal_depth_boost", "tables", "game-deepening", best_move=True),
    bug("capture_only_in_check", "tables", "game-negamax"),
    bug("table_index_as_key", "tables", "game-negamax"),
    bug("aspiration_keeps_bound", "tables", "game-deepening", best_move=True),
    bug("win_score_as_infinity", "number_types", "alphabeta-fail-soft", strict_order=True,
        best_move=True, principal_variation=True, infinity=101),
    bug("brs_plus_opponent_moves_twice", "best_reply", "brs-plus"),
    bug("brs_plus_last_move", "best_reply", "brs-plus"),
    bug("probabilities_two_decimals", "chance", "expectimax"),
    bug("every_branch_same_outcome", "chance", "expectimax"),
    bug("probabilities_float32", "chance", "expectimax", values="double"),
    bug("star1_uniform_mass", "chance", "star1"),
    bug("star2_probe_as_exact", "chance", "star2"),
    bug("star2_table_ignores_window", "chance", "star2"),
)  # fmt: skip
"""Every bug, in the order of ``docs/bugs.md``."""

CORRECT: tuple[Bug, ...] = (
    Bug("alphabeta", "tests.bugs.alphabeta:correct", "alphabeta-fail-hard", True, True, True),
    Bug("alphabeta_soft", "tests.bugs.alphabeta:correct_soft", "alphabeta-fail-soft", True,
        True, True),
    Bug("negamax", "tests.bugs.negamax:correct", "negamax-alphabeta-fail-hard", True, True, True),
    Bug("pvs", "tests.bugs.negamax:pvs", "negamax", best_move=True),
    Bug("shallow", "tests.bugs.multi:shallow", "shallow", True, True, True),
    Bug("maxn", "tests.bugs.multi:maxn", "maxn", True, True, True),
    Bug("paranoid", "tests.bugs.multi:paranoid", "paranoid", True, True, True),
    Bug("brs_plus", "tests.bugs.best_reply:brs_plus", "brs-plus", True, True, True),
    Bug("engine", "tests.bugs.engine:correct", "game-negamax", best_move=True),
    Bug("engine_stand_pat", "tests.bugs.engine:correct", "game-negamax-stand-pat",
        best_move=True),
    Bug("engine_deepening", "tests.bugs.engine:correct", "game-deepening", best_move=True),
    Bug("engine_witness", "tests.bugs.engine:correct", "game-negamax-witness"),
    Bug("engine_deeper_entries", "tests.bugs.engine:tt_deeper", "game-negamax-witness"),
    Bug("impl_engine", "tests.bugs.engine:impl_engine", "game-negamax", best_move=True),
    Bug("impl_engine_deepening", "tests.bugs.engine:impl_engine", "game-deepening",
        best_move=True),
    Bug("impl_engine_witness", "tests.bugs.engine:impl_engine", "game-negamax-witness"),
    Bug("engine_aspiration", "tests.bugs.tables:aspiration", "game-deepening", best_move=True),
    Bug("optimal", "tests.bugs.optimal:correct", "optimal", True, True, True),
    Bug("scout_pvs", "tests.bugs.scout:pvs", "pvs", True, True, True),
    Bug("scout_mtdf", "tests.bugs.scout:mtdf", "mtdf", True, True, True),
    Bug("last_branch", "tests.bugs.sturtevant:last_branch", "last-branch", True, True, True),
    Bug("speculative", "tests.bugs.sturtevant:speculative", "speculative", True, True, True),
    Bug("deep_pruning_unsound", "tests.bugs.sturtevant:deep_pruning_unsound",
        "deep-pruning-unsound", True, True, True),
    Bug("expectimax", "tests.bugs.chance:expectimax", "expectimax", True, True, True),
    Bug("star1", "tests.bugs.chance:star1", "star1", strict_order=True),
    Bug("star2", "tests.bugs.chance:star2", "star2", strict_order=True),
)  # fmt: skip
"""The correct versions, each passing the gate the bugs fail (with every comparison on)."""
