"""How the gate runs (:class:`GateOptions`), and what of its semantics a target is not asked.

A target may declare limits: the flags it skips (``--skip-flag``; ``LeafRoot``: it searches
only roots that have moves), no window (``--full-window``), no value (``--move-only``), a
number type (``--values``). A case or a behaviour beyond them is never asked of it, in any
phase, nor made by the shrinker (:func:`unasked`, :func:`unasked_behaviours`).
"""

import functools

import attrs

from gametree.conform.codec import Case
from gametree.conform.numbers import NUMBER_TYPES, NumberType, number_text, outside
from gametree.conform.scope import SCOPES
from gametree.conform.semantics import Checks
from gametree.spec import Node, Scalar, exact_scalar

__all__ = ["GateError", "GateOptions", "unasked", "unasked_behaviours"]


class GateError(RuntimeError):
    """The gate cannot run as asked (Hypothesis missing for generated trees)."""


@attrs.frozen
class GateOptions:
    """How the gate runs: the claim, what it compares, how many trees, what it skips."""

    semantics: str
    checks: Checks = attrs.field(factory=Checks)
    budget: int = 200
    seed: int = 0
    by_depth: bool = False
    skip_flags: frozenset[str] = frozenset()
    shrink_budget: int = 500
    """Attempts at most while shrinking one failure (``--shrink-budget``)."""
    shrink_seconds: float = 600.0
    """A guard on one failure's shrinking, far above what its budget takes: a limit of time
    would make the minimal case depend on the target's speed, so the budget decides."""
    max_failures_in_a_row: int = 5
    max_depth: int = 4
    max_branching: int = 3
    scope: str = attrs.field(default="default", validator=attrs.validators.in_(SCOPES))
    """The mix the generated phase draws from (:data:`gametree.conform.scope.SCOPES`)."""
    vectors: bool = True
    """Whether to ask the vectors first (off: the generated phase alone finds what it finds)."""
    full_window: bool = False
    """Ask the alpha-beta semantics with the full window only (``--full-window``), for an
    engine that takes none: the vectors with a window are skipped and none is drawn."""
    keep_going: bool = False
    """Go on after a failure (``--keep-going``): every distinct failure
    (:func:`gametree.conform.report.signature`)
    is shrunk and reported, not only the first of each phase."""
    values: str = attrs.field(default="exact", validator=attrs.validators.in_(NUMBER_TYPES))
    """The number type the engine holds (:mod:`gametree.conform.numbers`): no case outside it
    is asked, and the magnitude tier draws its edges."""
    infinity: Scalar | None = attrs.field(
        default=None, converter=attrs.converters.optional(exact_scalar)
    )
    """The engine's own infinity (``--infinity``): it takes only scores strictly between
    -infinity and infinity, and reads an open side of the window as one of them; so no case
    with a number outside is asked, and the magnitude tier draws the edges inside."""

    def __attrs_post_init__(self) -> None:
        _ = self.numbers  # an infinity the type cannot hold fails here (NumbersError)

    @functools.cached_property
    def numbers(self) -> NumberType:
        """The numbers the engine takes: its type (``values``), inside its ``infinity`` if any."""
        t = NUMBER_TYPES[self.values]
        return t if self.infinity is None else t.within(self.infinity)


def unasked_behaviours(options: GateOptions) -> frozenset[str]:
    """The behaviours no case asked of this target can show (see :func:`unasked`)."""
    out: set[str] = set()
    if options.full_window:  # the window open on both sides: v inside it
        out |= {"fail-low", "fail-high", "cut-window"}
        out |= {f"{e}{p}" for e in ("alpha", "beta") for p in ("=v-1", "=v", "=v+1", "<v", ">v")}
    if options.checks.move_only or "LeafRoot" in options.skip_flags:
        out.add("lone-leaf")
    return frozenset(out)


def unasked(case: Case, options: GateOptions) -> str:
    """Why ``case`` is not asked of this target (``""``: it is).

    A window, of an engine that takes none (``--full-window``); a terminal root (a lone leaf,
    or a game whose first state has no move), of an engine that searches only roots with
    moves (``--skip-flag LeafRoot``); a lone leaf, where there is no move to report
    (``--move-only``); a number outside the number type the engine declares (``--values``).
    """
    if options.full_window and (case.alpha is not None or case.beta is not None):
        return "a window (--full-window)"
    if "LeafRoot" in options.skip_flags and not isinstance(case.tree, Node):
        return "a terminal root (--skip-flag LeafRoot)"
    if options.checks.move_only and case.game is None and not isinstance(case.tree, Node):
        return "a lone leaf: no move to report (--move-only)"
    x = outside(options.numbers, case)
    return "" if x is None else f"{number_text(x)} is outside {options.numbers.text()}"
