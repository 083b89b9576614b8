"""What a run showed: per phase, the behaviours and pairs its cases showed.

Counted against what the semantics allows (:mod:`gametree.conform.behaviours`), as the text
and JSON reports give them; :mod:`gametree.conform.steer` draws from what is missing.
"""

from collections import Counter
from collections.abc import Iterable

import attrs

from gametree.conform.behaviours import (
    Pair,
    all_pairs,
    behaviour_names,
    catalogue,
    infeasible,
    pairs_of,
)
from gametree.conform.codec import Case
from gametree.conform.observe import observe, observe_shape
from gametree.conform.semantics import Expected

__all__ = ["BehaviourCoverage", "Shown"]

SHOWN = 12
"""The most missing pairs the text report names (``--json`` names them all)."""

READ_LIMIT = 20_000
"""The largest tree (in nodes) whose search the gate reads event by event; a larger case is
counted for its shape and magnitude only (its event trace would cost more than asking it)."""


@attrs.define
class Shown:
    """The behaviours and pairs one phase of a run showed."""

    behaviours: set[str] = attrs.field(factory=set)
    counts: Counter[Pair] = attrs.field(factory=Counter)
    """How many cases showed each pair."""
    unread: int = 0
    """Cases too large to read the search of (:data:`READ_LIMIT`): their shape counted only."""
    examples: dict[str, Case] = attrs.field(factory=dict)
    """The smallest case that showed each behaviour (what steering starts from)."""

    def add(
        self,
        semantics: str,
        case: Case,
        shown: Iterable[str] | None = None,
        reference: Expected | None = None,
    ) -> frozenset[str]:
        """Count ``case`` (its behaviours read here unless ``shown`` has them); return them.

        ``reference``: the case's answers, when the caller has them (:func:`observe` reuses them).
        """
        if shown is None:
            if case.game is None and case.tree.size > READ_LIMIT:
                self.unread += 1
                shown = observe_shape(case)
            else:
                shown = observe(case, reference=reference)
        found = frozenset(shown)
        self.behaviours |= found
        self.counts.update(pairs_of(semantics, found))
        for b in found:
            kept = self.examples.get(b)
            if kept is None or case.tree.size < kept.tree.size:
                self.examples[b] = case
        return found

    @property
    def pairs(self) -> set[Pair]:
        """The pairs shown at least once."""
        return set(self.counts)


@attrs.define
class BehaviourCoverage:
    """Which behaviours and pairs a run showed, per phase, against what the semantics allows.

    ``excluded`` are the behaviours the run may not show (their flags are skipped, or players
    must alternate); the pairs of those are neither feasible nor missing, and are listed apart.
    """

    semantics: str
    by_depth: bool = False
    skip: frozenset[str] = frozenset()
    unasked: frozenset[str] = frozenset()
    """Behaviours no case asked of the target shows (``--full-window``, ``--move-only``)."""
    phases: dict[str, Shown] = attrs.field(factory=lambda: {"vectors": Shown(),
                                                            "generated": Shown()})  # fmt: skip

    @property
    def excluded(self) -> frozenset[str]:
        """Behaviours no case of the run may show: flags skipped, players alternating, unasked.

        A behaviour whose every case carries a skipped flag, a player moving twice with
        ``--alternating``, or what no case asked of the target shows (:attr:`unasked`).
        """
        out = {b.name for b in catalogue(self.semantics) if set(b.flags) & self.skip}
        if self.by_depth:
            out.add("moves-twice")
        return frozenset(out | (self.unasked & set(behaviour_names(self.semantics))))

    @property
    def infeasible(self) -> dict[Pair, str]:
        """The infeasible pairs with their reasons (:func:`infeasible`)."""
        integers = "fractions" in self.excluded
        return infeasible(self.semantics, by_depth=self.by_depth, integers=integers)

    @property
    def feasible(self) -> set[Pair]:
        """The pairs a run could show: not infeasible, no behaviour excluded."""
        ruled, out = self.infeasible, self.excluded
        return {p for p in all_pairs(self.semantics) if p not in ruled and not set(p) & out}

    def all(self) -> Shown:
        """Both phases together."""
        out = Shown()
        for s in self.phases.values():
            out.behaviours |= s.behaviours
            out.counts.update(s.counts)
            out.unread += s.unread
            for b, case in s.examples.items():
                if b not in out.examples or case.tree.size < out.examples[b].tree.size:
                    out.examples[b] = case
        return out

    def missing(self) -> list[Pair]:
        """The feasible pairs no phase showed."""
        return sorted(self.feasible - self.all().pairs)

    def json(self) -> dict[str, object]:
        """As ``--json`` reports it: every list in full, the infeasible pairs with reasons."""
        names = behaviour_names(self.semantics)
        feasible = self.feasible
        out: dict[str, object] = {
            "behaviours": list(names),
            "excluded": sorted(self.excluded),
            "feasible_pairs": len(feasible),
            "infeasible_pairs": [
                {"pair": list(p), "reason": why} for p, why in sorted(self.infeasible.items())
            ],
        }
        for phase, s in {**self.phases, "all": self.all()}.items():
            out[phase] = {
                "behaviours": [n for n in names if n in s.behaviours],
                "pairs": [list(p) for p in sorted(s.pairs & feasible)],
                "pairs_shown": len(s.pairs & feasible),
                "unread": s.unread,
            }
        out["least_shown"] = min((self.all().counts[p] for p in feasible), default=0)
        out["missing_behaviours"] = [
            n for n in names if n not in self.all().behaviours and n not in self.excluded
        ]
        out["missing_pairs"] = [list(p) for p in self.missing()]
        return out

    def text(self) -> list[str]:
        """The lines of the text report: counts per phase, what is missing, why pairs are not."""
        feasible = self.feasible
        names = {n for n in behaviour_names(self.semantics) if n not in self.excluded}
        every = self.all()
        phases = self.phases.items()
        behaviours = ", ".join(f"{p} {len(s.behaviours & names)}" for p, s in phases)
        pairs = ", ".join(f"{p} {len(s.pairs & feasible)}" for p, s in phases)
        least = min((every.counts[p] for p in feasible), default=0)
        times = f", each {least} times or more" if least > 1 else ""
        head = (
            f"behaviours shown: {len(every.behaviours & names)} of {len(names)} ({behaviours}); "
            f"pairs shown: {len(every.pairs & feasible)} of {len(feasible)} feasible ({pairs})"
            f"{times}"
        )
        lines = [head]
        unseen = [n for n in behaviour_names(self.semantics) if n in names - every.behaviours]
        if unseen:
            lines.append(f"  behaviours not shown: {', '.join(unseen)}")
        missing = self.missing()
        if missing:
            listed = "; ".join(f"{a} + {b}" for a, b in missing[:SHOWN])
            more = len(missing) - SHOWN
            tail = f" ... and {more} more (--json lists them)" if more > 0 else ""
            lines.append(f"  pairs not shown: {listed}{tail}")
        if self.excluded:
            why = "flags skipped, outside the declared --values, or not asked of this target"
            lines.append(f"  not asked ({why}): {', '.join(sorted(self.excluded))}")
        reasons = Counter(self.infeasible.values())
        because = "; ".join(f"{why} ({n})" for why, n in reasons.most_common())
        lines.append(f"  infeasible pairs: {len(self.infeasible)} (--json lists each): {because}")
        if every.unread:
            lines.append(
                f"  {every.unread} cases larger than {READ_LIMIT} nodes counted for their shape"
            )
        return lines
