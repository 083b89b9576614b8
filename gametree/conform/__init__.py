"""The conformance gate: semantics, scope, test vectors, targets, shrinking, and the gate itself.

``gametree conform`` is the command; :func:`gametree.conform.gate.run_gate` the function; the
pytest plugin (``gametree.pytest_plugin``) gives the same gate to a project's own tests.
:mod:`gametree.conform.scope` says where the gate looks (flags, scopes, coverage),
:mod:`gametree.conform.tiers` builds the generated trees past the small ones, and
:mod:`gametree.conform.edge_trees` and :mod:`gametree.conform.traps` the vectors' trees at those
edges.

``__all__`` is the public surface, what the documentation and the examples import; each name
loads its module when first read, so that importing this package loads nothing of the gate
(the worker process that hosts a user's callable imports the protocol only).

The gate flows one way, through the layers of :data:`LAYERS`: a module imports from its own
layer and the layers before it, never from a later one (``tests/test_import_graph.py`` checks
it, and that no modules of gametree import one another in a cycle).
"""

from typing import TYPE_CHECKING

from gametree.spec._lazy import export_lazily

if TYPE_CHECKING:  # the exports, each imported when first read (gametree.spec._lazy)
    from gametree.conform.codec import Case
    from gametree.conform.games import GameGraph, read_game_json
    from gametree.conform.gate import run_gate
    from gametree.conform.options import GateOptions
    from gametree.conform.outcome import Outcome
    from gametree.conform.report import Report
    from gametree.conform.semantics import SEMANTICS, Checks, expected
    from gametree.conform.targets import CallableTarget, ProcessTarget
    from gametree.conform.vectors import NOTES, reuse_games

__all__ = [
    "NOTES",
    "SEMANTICS",
    "CallableTarget",
    "Case",
    "Checks",
    "GameGraph",
    "GateOptions",
    "Outcome",
    "ProcessTarget",
    "Report",
    "expected",
    "read_game_json",
    "reuse_games",
    "run_gate",
]

LAYERS: dict[str, tuple[str, ...]] = {
    "protocol": ("protocol", "games", "kept", "codec", "builtin", "worker"),
    "semantics": ("semantics", "expect"),
    "cases": (
        "scope", "numbers", "options", "behaviours", "observe", "game_behaviours",
        "behaviour_coverage", "tiers", "edge_trees", "traps", "optimal_trees", "vectors",
        "steer", "steer_games", "draws", "scale", "shrink", "chance_cases", "best_reply_cases",
    ),
    "run": (
        "targets", "window_leaves", "outcome", "faults", "report", "run", "generated", "gate",
        "junit", "positions",
    ),
}  # fmt: skip
"""The gate's modules by layer, in the order the gate flows: the protocol (the request and
reply codec, and the worker process that speaks it), the semantics (the answers a request
admits), the cases (flags and scopes, the vectors, the generated tiers, steering, what a case
shows, shrinking), and the run and its report. A subpackage takes one place as a whole."""

export_lazily(__name__)
