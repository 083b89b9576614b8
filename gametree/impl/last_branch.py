"""Last-branch pruning for maxn (Sturtevant 2003), exact under Korf's bounds and the tie rule.

The source is N. R. Sturtevant, "Last-Branch and Speculative Pruning Algorithms for Maxn",
IJCAI 2003.

Korf's deep pruning fails (Korf 3.2.3) because the value of a node that cannot become the
value of an ancestor a can still change the choice of a node between them, and so a's value.
Sturtevant's observation is that this needs the node between them to have another branch to
choose instead. Take a path a_1, a_2, ..., a_k = n from an ancestor a_1 down to the node n
being searched, and let x be the lower bound a_1's best so far gives its player p_1, y_j the
bound a_j's best gives its player p_j (0 if a_j has none yet), and z the bound n's best gives
its player. If the players p_1 .. p_k are distinct and x + y_2 + ... + y_(k-1) + z >= Sum,
then no value from n's remaining children that travels up to a_2 can be strictly better
for p_1 than x: it beat every y_j and is at least z, and the components sum to at most Sum.
(With k = 2 this is Korf's shallow pruning; with k = 1, z >= Sum, immediate pruning.) So
n's remaining children can be pruned, *provided* nothing they do can make an a_j choose a
different branch that a_1 would take. Last-branch pruning makes sure of that with two
conditions on every a_j strictly between a_1 and n:

1. a_j is on its last branch: the child being searched is its last, so a_j's value is its
   best so far or a value from n's direction, with no later sibling to switch to;
2. a_j's best so far is not strictly better for p_1 than x (Sturtevant: the intermediate
   player's previously searched children cannot beat the top player's bound).

Then a_2's value, whatever n's pruned children hold, is not strictly better for p_1 than
x, so a_1 keeps its best. That is all exactness needs, beyond Korf's bounds: ``>= Sum``
(not ``>``) is enough because a later child replaces the best only if strictly better, and
the principal variation is the spec's because every node the root's line passes through is
searched exactly. Both conditions are needed: ``tests/test_impl_multi_sturtevant.py`` shows,
for each, a tree whose maxn value changes with a leaf that only that condition protects.

The walk that finds a_1 (:func:`pruning_path`) is the one speculative pruning
(``impl.speculative``) takes too, through other intermediates.

Glossary: n is a node, p the player to move, a *frame* the state of a node being searched
(its player, depth, best so far, whether its current child is its last), ``above`` the frame
of the parent, ``total`` Korf's ``Sum``.
"""

from collections.abc import Callable
from functools import partial

import attrs

from gametree.impl.events import Sturtevant
from gametree.impl.maxn_stack import Backed, Search, call, korf_bounds, run
from gametree.impl.result import SearchResult
from gametree.spec import Bounds, Node, Scalar, Tree, Value, Vector

__all__ = [
    "Frame",
    "is_last_branch_cutoff",
    "last_branch",
    "last_branch_search",
    "on_last_branch",
    "pruning_path",
]


@attrs.define
class Frame:
    """A node being searched: its player, depth, best so far, and two flags.

    ``last``: its current child is its last; ``resolving``: it is re-searching (speculative
    pruning).
    """

    player: int
    above: "Frame | None" = attrs.field(repr=False)
    best: Backed[Vector] | None = None
    last: bool = False
    resolving: bool = False
    depth: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.depth = 0 if self.above is None else self.above.depth + 1


def pruning_path(
    me: Frame, total: Scalar, through: Callable[[Frame], bool]
) -> tuple[Frame, list[Frame]] | None:
    """The a_1 that lets the node of frame ``me`` stop, and the frames a_2 .. a_(k-1) between.

    ``me`` itself when its best has the whole sum (immediate pruning); else the frames above
    are walked up, at most N - 1 of them: each is first tried as a_1, then, if ``through``
    lets it, taken as an a_j and the walk goes on. It stops at a repeated player, or at a
    frame ``through`` refuses (``None``: no a_1).
    """
    assert me.best is not None
    z = me.best[me.player]
    if z >= total:
        return me, []
    players = {me.player}
    need = total - z
    between: list[Frame] = []
    a = me.above
    while a is not None and a.player not in players:
        if a.best is not None:
            x = a.best[a.player]
            if x >= need and all(b.best is None or b.best[a.player] <= x for b in between):
                return a, between
            need -= x
        if not through(a):
            return None
        between.append(a)
        players.add(a.player)
        a = a.above
    return None


def on_last_branch(a: Frame) -> bool:
    """Condition 1: an intermediate a_j must be on its last branch."""
    return a.last


def is_last_branch_cutoff(me: Frame, total: Scalar) -> bool:
    """Whether the node of frame ``me`` can stop: a path up to some a_1 meets the conditions.

    The walk goes through intermediates on their last branch only (:func:`pruning_path`).
    """
    return pruning_path(me, total, on_last_branch) is not None


def last_branch_search(
    node: Node, player: int, above: Frame | None, *, total: Scalar
) -> Search[Backed[Vector]]:
    """Korf's ``Shallow`` with its cut-off test replaced by :func:`is_last_branch_cutoff`."""
    me = Frame(player, above, last=len(node.children) == 1)
    me.best = yield call(0, me)
    for i in range(1, len(node.children)):
        if is_last_branch_cutoff(me, total):
            return me.best
        me.last = i == len(node.children) - 1
        next_ = yield call(i, me)
        if next_[player] > me.best[player]:
            me.best = next_
    return me.best


def last_branch(
    t: Tree, bounds: Bounds, *, trace: bool = False, events: bool = False
) -> SearchResult[Value]:
    """The maxn value of ``t`` with immediate, shallow and last-branch pruning (Sturtevant 2003).

    Exactly ``spec.maxn``'s value and principal variation, under Korf's bounds, which every
    leaf read is checked against (a ``TreeError`` names the first that breaks them); the
    conditions that make it exact are in the module docstring, and are all checked as the
    search goes, including distinct players on the path for trees whose players do not move
    in turn. Directional: leaves are read left to right, each at most once, and every leaf
    it reads, shallow pruning reads too. A value it returns below the root may be only a bound
    that the ancestor which pruned will reject, as with shallow pruning.

    O(b^d) leaves at worst, never more than shallow pruning; each cut-off test walks at most
    N − 1 frames up, O(N) per child; O(d) frames for a tree of height d.
    """
    total, evaluate = korf_bounds(t, bounds, "last-branch pruning")
    watch = None
    if events:
        watch = Sturtevant(total, bounds.lower, partial(pruning_path, through=on_last_branch),
                           "last-branch")  # fmt: skip
    return run(t, partial(last_branch_search, total=total), (None,), evaluate, trace=trace,
               watch=watch)  # fmt: skip
