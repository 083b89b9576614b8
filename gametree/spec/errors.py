"""The one error the spec raises for malformed input, with the path of the fault."""

from collections.abc import Sequence

__all__ = ["Path", "TreeError"]

Path = tuple[int, ...]
"""A node's address: the child indices taken from the root, ``()`` for the root itself."""


class TreeError(ValueError):
    """A tree, value or game that breaks the spec's rules, and where.

    ``problem`` says what is wrong and what was given; ``path`` is the list of child indices
    from the root of the tree being built or searched to the offending node (``None`` when the
    fault is in a lone value, outside any tree).

    >>> str(TreeError("'to_move' must be in 0..1 (got 2)", (1, 0)))
    "'to_move' must be in 0..1 (got 2) at path [1, 0]"
    """

    def __init__(self, problem: str, path: Sequence[int] | None = None) -> None:
        self.problem = problem
        self.path: Path | None = None if path is None else tuple(path)
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.path is None:
            return self.problem
        return f"{self.problem} at path {list(self.path)}"

    def below(self, prefix: Sequence[int]) -> "TreeError":
        """The same fault, seen from ``prefix`` levels higher up (its path extended)."""
        return TreeError(self.problem, (*prefix, *(self.path or ())))
