"""Korf's figures and the sources' worked examples as trees to draw, each with its bounds.

The figures of Korf's "Generalized Game Trees" (IJCAI-89) are missing from the text we have,
so each tree here is rebuilt from the prose. Where the prose fixes a number or a structure,
the tree keeps it; everything else is chosen, and each docstring says which. The sources'
worked examples and Korf's Figures 2 and 5 are ``spec.examples``'s trees; Figures 1, 3 and 4
are here. ``docs/trees/`` holds every tree of :data:`FIGURES` as a tree file
(``tests/test_docs.py`` checks that they are the same).

Glossary: t is a tree, N the number of players; Korf numbers players from 1, this project
from 0, so Korf's "player one" is player 0 here.

>>> from gametree.spec import maxn, minimax
>>> minimax(korf_figure1()).value, maxn(korf_figure3()).value
(10, (3, 1, 5))
>>> sorted(FIGURES)[:3]
['csce315-cut', 'korf-figure1', 'korf-figure2']
"""

import attrs

from gametree.draw.names import document_with_names
from gametree.spec import Bounds, Interval, Node, Path, Tree
from gametree.spec.examples import (
    WIKI_ALPHA_BETA_NODES,
    csce315_cut,
    korf_figure2,
    korf_figure5,
    wiki_alpha_beta,
)
from gametree.treefile import dumps

__all__ = [
    "FIGURES",
    "Figure",
    "korf_figure1",
    "korf_figure3",
    "korf_figure4",
    "last_branch_example",
    "star_example",
]


def korf_figure1() -> Node:
    """Korf's Figure 1: alpha-beta on a two-player tree, root value 10, bounds and prunings.

    From the text (1 and 2.1): squares are Max nodes, circles Min nodes; alpha-beta prunes in
    the left subtree as shallow pruning does in Figure 4 ("This is similar to the pruning in
    the left subtree of Figure 1"); "nodes b and c are pruned based on bounds inherited from
    their great-great-grandparent, the root", so they are leaves at depth 4 and the tree is
    four levels deep; and the two-level tree in its lower left corner is Figure 2's with
    Max's values alone, where "using either Max or Min's function exclusively would cause the
    last node to be pruned": a Max node over Min nodes holding 10, 14 and 9, 12, whose 12 is
    cut off (``spec.examples.korf_figure2`` has the same numbers as Max's components).

    Chosen: a binary tree; the root's left Min child holds that Max node and a Max node whose
    first Min child (14, 15) makes it worth at least 14 > 10, so its second child is cut off
    (shallow: the bound is its parent's). On the right, the Min node's first Max child has
    Min children (7, b) and (8, c): with the root sure of 10, 7 and 8 cut off b and c (deep:
    the bound is the root's), and then the right Min node is worth at most 8, so its second
    child is cut off too. Pruned leaves hold 12, b = 5, c = 4 and the rest are chosen freely.
    Alpha-beta reads 7 of the 16 leaves.
    """
    lower_left = [[10, 14], [9, 12]]
    left = [lower_left, [[14, 15], [16, 18]]]
    right = [[[7, 5], [8, 4]], [[11, 3], [13, 2]]]
    return Node.by_depth([left, right])


def korf_figure3() -> Node:
    """Korf's Figure 3: a three-player maxn tree, with the maxn value of every node.

    From the text (3.1 and 4): three players moving in turn, N-tuples at the leaves, and
    three levels (at the frontier "player 1's model of player 2's model of player 3's
    evaluation", then player 2's level, then player 1's at the root). Chosen: a binary tree
    whose tuples sum to 9 and in which no player is ever indifferent, so every choice is
    visible: player 2 (here 2) takes (3, 1, 5), (6, 0, 3), (2, 5, 2), (4, 1, 4); player 1
    takes (3, 1, 5) and (2, 5, 2); player 0 takes (3, 1, 5), although leaves offering it 6
    and 7 exist.
    """
    return Node.by_depth(
        [
            [[(3, 1, 5), (1, 4, 4)], [(6, 0, 3), (1, 6, 2)]],
            [[(5, 3, 1), (2, 5, 2)], [(7, 2, 0), (4, 1, 4)]],
        ]
    )


def korf_figure4() -> Node:
    """Korf's Figure 4: shallow pruning with three players, every tuple summing to 9.

    From the text (3.2.2): node a gives the root (player one) a lower bound of 3; node e's
    first child f gives its player two a lower bound of 7, so e's first component is at most
    9 − 7 = 2 ≤ 3 and e's remaining children are pruned; "similarly, evaluating node h causes
    its remaining brothers to be pruned". Chosen: a = (3, 3, 3) is a leaf, e and h's parent
    each have two children, f = (2, 7, 0), h = (0, 6, 3), and the pruned leaves are (4, 1, 4)
    and (0, 8, 1). The same tree is ``FIGURE4`` in ``tests/test_impl_multi_maxn.py``.
    """
    return Node.by_depth([(3, 3, 3), [(2, 7, 0), (4, 1, 4)], [(0, 6, 3), (0, 8, 1)]])


def last_branch_example() -> Node:
    """The tree on which last-branch pruning reads a leaf fewer than shallow pruning.

    The example of ``docs/many-players.md`` (after Sturtevant, "Last-Branch and Speculative
    Pruning Algorithms for Maxn", IJCAI 2003), every tuple summing to 9 at most: the root has
    (1, 0, 8) first; below its second child, player 1 has (0, 0, 9) and then player 2's node
    (0, 1, 8), (0, 0, 9). Player 2's node, on its parent's last branch, is worth at least 8 to
    player 2, so at most 1 to player 0: the root keeps (1, 0, 8), and no directional search
    needs the last leaf, which shallow pruning reads.
    """
    return Node.by_depth([(1, 0, 8), [(0, 0, 9), [(0, 1, 8), (0, 0, 9)]]])


def star_example() -> Node:
    """A tree with chance nodes on which Star1 and Star2 each cut off, leaves in [0, 10].

    Chosen for ``docs/drawing.md`` (after Ballard 1983 and Hauk, Buro and Schaeffer 2004): Max
    chooses between two chance nodes over Min's nodes. The first, with probabilities 1/3 and
    2/3 (no double holds them), is worth 1/3 · 6 + 2/3 · 5 = 16/3. Below the second, Min's
    first leaf 0 is at most Star1's A_0 = (16/3 − 1/2 · 10) / (1/2) = 2/3, so Star1 cuts off
    the other two children; Star2's probe of that Min node gives the upper bound 0, and with
    the others at U the sum 1/2 · 0 + 1/4 · 10 + 1/4 · 10 = 5 is at most alpha = 16/3.
    """
    return Node(0, [
        Node.chance([Node(1, [6, 8]), Node(1, [5, 9])], ["1/3", "2/3"]),
        Node.chance([Node(1, [0, 7]), Node(1, [9, 4]), Node(1, [8, 9])], ["1/2", "1/4", "1/4"]),
    ])  # fmt: skip


@attrs.frozen
class Figure:
    """A tree to draw: its name, the source it comes from, its bounds, and the search it shows."""

    name: str
    source: str
    tree: Tree
    bounds: Bounds | Interval | None
    """Korf's bounds, or bounds [L, U] on the leaf values (a tree with chance nodes)."""
    algorithm: str
    """The search the source walks through on it (``gametree draw -a``)."""
    names: dict[Path, str] = attrs.field(factory=dict)
    """The source's names of nodes, by path (written as comments in ``docs/trees``)."""

    def document(self) -> str:
        """The tree file of ``docs/trees``: the canonical document, names as comments."""
        return document_with_names(dumps(self.tree, self.bounds), self.names) + "\n"


KORF_SUM = Bounds(0, 9)
"""The bounds of Korf's Figures 3, 4 and 5: components at least 0, summing to at most 9."""

FIGURE5_NAMES = {(): "a", (0,): "b", (1,): "c", (1, 0): "d", (1, 0, 0): "e", (1, 0, 1): "f",
                 (1, 1): "g"}  # fmt: skip
"""Korf's names in Figure 5 (3.2.3)."""

FIGURES: dict[str, Figure] = {
    f.name: f
    for f in [
        Figure("korf-figure1", "Korf 1989, Figure 1 (section 1), rebuilt from the text",
               korf_figure1(), None, "alphabeta-fail-hard", {(1, 0, 0, 1): "b", (1, 0, 1, 1): "c"}),
        Figure("korf-figure2", "Korf 1989, Figure 2's situation (section 2.1)",
               korf_figure2(), None, "alphabeta-one-function"),
        Figure("korf-figure3", "Korf 1989, Figure 3 (section 3.1), rebuilt from the text",
               korf_figure3(), KORF_SUM, "maxn"),
        Figure("korf-figure4", "Korf 1989, Figure 4 (section 3.2.2), rebuilt from the text",
               korf_figure4(), KORF_SUM, "shallow",
               {(0,): "a", (1,): "e", (1, 0): "f", (2, 0): "h"}),
        Figure("korf-figure5-a", "Korf 1989, Figure 5 (section 3.2.3), f = (2, 3, 4)",
               korf_figure5((2, 3, 4)), KORF_SUM, "deep-pruning-unsound", FIGURE5_NAMES),
        Figure("korf-figure5-b", "Korf 1989, Figure 5 (section 3.2.3), f = (3, 0, 6)",
               korf_figure5((3, 0, 6)), KORF_SUM, "deep-pruning-unsound", FIGURE5_NAMES),
        Figure("last-branch", "the last-branch example (docs/many-players.md, after Sturtevant "
               "2003)", last_branch_example(), KORF_SUM, "last-branch"),
        Figure("wiki-alpha-beta", "the Alpha-Beta Pruning article, the alpha-beta walk (root "
               "value 3)", wiki_alpha_beta(), None, "alphabeta-fail-hard",
               {path: name for name, (path, _) in WIKI_ALPHA_BETA_NODES.items()}
               | {(0, 1, 1): "G"}),
        Figure("csce315-cut", "the CSCE 315 slides, the 'Cut example' (root value -3)",
               csce315_cut(), None, "alphabeta-fail-hard"),
        Figure("star-example", "a tree with chance nodes on which Star1 and Star2 cut off "
               "(root value 16/3)", star_example(), Interval(0, 10), "star1"),
    ]
}  # fmt: skip
"""Every tree the docs draw, by name (the name of its file in ``docs/trees/``)."""
