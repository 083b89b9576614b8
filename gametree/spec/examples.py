"""The worked examples of the sources, as trees, with the values the texts give for them.

The figures of the sources are missing from the text we have, so each tree is reconstructed
from the prose. Where the prose fixes a number, the tree uses it; where it only constrains a
number (a pruned leaf, say), the tree uses a value chosen within the constraint, and the
docstring says which numbers were chosen. ``tests/test_examples.py`` checks every number the
text states against the spec, node by node.
"""

from typing import Literal

import attrs

from gametree.spec.tree import Node, Tree
from gametree.spec.values import Value

__all__ = [
    "EXAMPLES",
    "Example",
    "csce315_cut",
    "korf_figure2",
    "korf_figure5",
    "wiki_alpha_beta",
]

Definition = Literal["minimax", "maxn", "separate_evaluations"]


@attrs.frozen
class Example:
    """A tree from a source, the definition the source applies, and the root value it states."""

    name: str
    source: str
    definition: Definition
    tree: Tree
    stated_value: Value
    note: str


def wiki_alpha_beta() -> Node:
    """The Alpha-Beta Pruning article's walk (root value 3), rebuilt from its narration.

    The article narrates alpha-beta node by node; its figure is lost.

    Node names are the text's. H (Max) has children D and I; D (Min): B and E; B (Max): A and
    C; A (Min): leaves 3, 17; C (Min): 2 and a pruned leaf; E (Max): F and G; F (Min): 15;
    G (Min) is pruned; I (Min): J and a right child worth 2; J (Max): K and L; K (Min): 2 and
    a pruned leaf; L (Min): 3.

    Chosen within the text's constraints: C's pruned leaf is 8 (C's score is 2, so >= 2); G is
    a Min node with the one leaf 10 (E's score is 15, so G <= 15); K's pruned leaf is 7 (K's
    score is 2, so >= 2); I's right child is the leaf 2 (its score is 2).
    """
    a = [3, 17]
    c = [2, 8]
    b = [a, c]
    e = [[15], [10]]
    d = [b, e]
    j = [[2, 7], [3]]
    i = [j, 2]
    return Node.by_depth([d, i])


WIKI_ALPHA_BETA_NODES: dict[str, tuple[tuple[int, ...], int]] = {
    "H": ((), 3),
    "D": ((0,), 3),
    "B": ((0, 0), 3),
    "A": ((0, 0, 0), 3),
    "C": ((0, 0, 1), 2),
    "E": ((0, 1), 15),
    "F": ((0, 1, 0), 15),
    "I": ((1,), 2),
    "J": ((1, 0), 3),
    "K": ((1, 0, 0), 2),
    "L": ((1, 0, 1), 3),
}
"""The Alpha-Beta Pruning article's named nodes: (path, the score the text gives the node)."""


def csce315_cut() -> Node:
    """The CSCE 315 slides' "Cut example": a Max root over three Min nodes, root value -3.

    Read off the slides: the Min nodes hold (21, -3), (12, -70, -4, 100) and (-73, -14). The
    narration evaluates 21, -3, 12, -70 and -73 and leaves -4, 100 and -14 unexamined, which
    fixes the grouping. (The slide before the walk prints 70 for -70; with 70 the Min values
    are -3, -4, -73, as that slide says; the walk itself uses -70.)
    """
    return Node.by_depth([[21, -3], [12, -70, -4, 100], [-73, -14]])


def korf_figure5(f: tuple[int, int, int]) -> Node:
    """Korf's Figure 5 (section 3.2.3), three players, every tuple summing to 9.

    From the text: a (player 1, here 0) has children b = (5, 2, 2) and c; c (player 2, here
    1) has children d and g; d (player 3, here 2) has children e and f. e gives "a lower
    bound of 5 on the third component of d"; with f = (2, 3, 4) the root is (5, 2, 2), with
    f = (3, 0, 6) it is (6, 1, 2), which is g. Chosen within those constraints: e = (2, 2, 5)
    (its second component must beat g's 1, and its first must not beat b's 5).
    """
    e = (2, 2, 5)
    g = (6, 1, 2)
    b = (5, 2, 2)
    return Node.by_depth([b, [[e, f], g]])


def korf_figure2() -> Node:
    """A tree with Korf's Figure 2 situation (section 2.1): (12, 8) beats (9, 9) for both.

    Pairs are (Max's value, Min's value). Max's root has two Min children: (10, 10), (14, 14)
    and then (9, 9), (12, 8). Using either function alone, the right Min node's first leaf
    (9 <= 10) would prune (12, 8); with both, Min prefers (12, 8) (8 < 9) and Max then
    prefers it to (10, 10), so the pruned leaf is the root's value. The figure's other
    numbers are not in the text; these are chosen to show exactly that.
    """
    return Node.by_depth([[(10, 10), (14, 14)], [(9, 9), (12, 8)]])


EXAMPLES: tuple[Example, ...] = (
    Example(
        "wiki-alpha-beta",
        "Alpha-Beta Pruning (wiki article), worked example",
        "minimax",
        wiki_alpha_beta(),
        3,
        "rebuilt from the node walk; C's, G's and K's pruned values chosen within the text",
    ),
    Example(
        "csce315-cut",
        "Minimax Trees (CSCE 315 slides), 'Cut example'",
        "minimax",
        csce315_cut(),
        -3,
        "read off the slides; grouping fixed by the narration",
    ),
    Example(
        "korf-figure5-a",
        "Korf 1989, section 3.2.3, Figure 5 with f = (2, 3, 4)",
        "maxn",
        korf_figure5((2, 3, 4)),
        (5, 2, 2),
        "e = (2, 2, 5) chosen within the text's constraints",
    ),
    Example(
        "korf-figure5-b",
        "Korf 1989, section 3.2.3, Figure 5 with f = (3, 0, 6)",
        "maxn",
        korf_figure5((3, 0, 6)),
        (6, 1, 2),
        "the same tree; f alone changed, and with it the root",
    ),
    Example(
        "korf-figure2",
        "Korf 1989, section 2.1, Figure 2's situation",
        "separate_evaluations",
        korf_figure2(),
        (12, 8),
        "the figure's numbers other than (12, 8) and (9, 9) are chosen",
    ),
)
"""Every bundled example, in the order the main job prints them."""
