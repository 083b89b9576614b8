"""What one case came to: the kind of its outcome, the problems found, the reply.

The run records an :class:`Outcome` for every case; locating and shrinking a failure
(:mod:`gametree.conform.faults`) and the report (:mod:`gametree.conform.report`) both read it,
so it sits below both.
"""

import json
from typing import Literal

import attrs

from gametree.conform.codec import Case, request, tree_text
from gametree.conform.semantics import Expected
from gametree.treefile import document_json

__all__ = ["FAILURES", "Kind", "Outcome", "plain"]

Kind = Literal["pass", "mismatch", "error", "crash", "timeout", "garbage", "memory", "skipped"]
FAILURES: tuple[Kind, ...] = ("mismatch", "error", "crash", "timeout", "garbage", "memory")


@attrs.define
class Outcome:
    """What one case came to."""

    name: str
    phase: str
    case: Case
    kind: Kind
    problems: list[str]
    expected: Expected | None
    response: object = None
    seconds: float = 0.0
    comment: str = ""
    flags: tuple[str, ...] = ()
    before: Case | None = None
    """For a failure: the case asked before it in the same process (``None``: none)."""

    @property
    def failed(self) -> bool:
        """Whether the target failed this case."""
        return self.kind in FAILURES

    def json(self, *, trace: bool) -> dict[str, object]:
        """The outcome as the JSON report shows it; ``trace``: what the request said."""
        req: dict[str, object] | None = None
        if self.failed and self.case.game is not None:
            req = request(self.case, trace=False)
        elif self.failed:
            req = request(self.case, trace=trace, tree=False)
            # json.dumps recurses: a tree hundreds of levels deep goes in as text.
            shallow = self.case.tree.height < 200
            req["tree" if shallow else "tree_text"] = (
                document_json(self.case.tree, self.case.bounds)
                if shallow
                else tree_text(self.case.tree, self.case.bounds)
            )
        return {
            "name": self.name,
            "phase": self.phase,
            "kind": self.kind,
            "flags": list(self.flags),
            "problems": self.problems,
            "request": req,
            "expected": self.expected.json() if self.expected and self.failed else None,
            "actual": plain(self.response) if self.failed else None,
        }


def plain(x: object) -> object:
    """A reply as plain JSON values (a marker such as NaN's becomes a string saying what it was)."""
    return json.loads(json.dumps(x, default=repr))
