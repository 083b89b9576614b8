"""Speculative pruning for maxn (Sturtevant 2003), exact under Korf's bounds, with re-search.

The source is N. R. Sturtevant, "Last-Branch and Speculative Pruning Algorithms for Maxn",
IJCAI 2003.

Read ``impl.last_branch`` first: it proves that a node n may stop when, on the path a_1, ...,
a_k = n from an ancestor a_1, the players are distinct and the bounds their bests give sum
to at least Sum, *provided* no node a_j between a_1 and n can switch to another branch that
a_1 would take. Last-branch pruning makes sure of that by asking each a_j to be on its last
branch. Speculative pruning does not wait: it prunes on any branch, and checks afterwards.

A node pruned that way returns Sturtevant's NIL, here :class:`Speculated`, naming a_1 (its
*top*), instead of a value. Its parent ignores it and goes on; the pruned child is recorded.
When a node a_j has searched all its children and holds such records, let a_t be the highest
top among them and F its best over the children that returned values (or none):

- if F is not strictly better for a_t's player than a_t's best, then whatever the pruned
  children hold, a_j's true value is either F or a value from them, and neither can become
  a_t's value: a_j passes the NIL up, naming a_t;
- otherwise a_j *re-searches* its pruned children, left to right, with a_j's best so far
  taken only from the children to their left (so that a later child still replaces the best
  only if strictly better, as the tie rule requires), and with no pruning path allowed
  through a_j; its value is then exact.

The conditions for exactness are those of last-branch pruning except the last-branch one:
Korf's bounds; distinct players on the path (checked, so players need not alternate); an
intermediate's best so far not strictly better for a_1's player than a_1's (as in
Sturtevant; it only avoids pruning that is sure to be re-searched); NIL, never a partial
value, from a pruning that relies on an intermediate (a partial value could make an
intermediate choose wrongly between its own branches); and the re-search above, with
left-only bests for ties. The value and principal variation are then ``spec.maxn``'s.

Re-searched leaves are read again and counted again: the search is not directional, and
on some trees it reads more leaves than shallow pruning does.

Glossary: n is a node, p the player to move, a *frame* the state of a node being searched
(player, depth, best so far over children that returned values, whether it is re-searching),
``above`` the frame of the parent, a *top* the ancestor a_1 a pruning relied on,
``total`` Korf's ``Sum``.
"""

from functools import partial

import attrs

from gametree.impl.events import Sturtevant
from gametree.impl.last_branch import Frame, pruning_path
from gametree.impl.maxn_stack import Backed, Search, call, kept, korf_bounds, run
from gametree.impl.result import SearchResult
from gametree.spec import Bounds, Node, Scalar, Tree, Value, Vector

__all__ = ["Speculated", "not_resolving", "speculative", "speculative_cutoff", "speculative_search"]


@attrs.frozen(eq=False)
class Speculated:
    """Sturtevant's NIL: a node pruned on the strength of ``top``'s bound, with no value."""

    top: Frame

    def via(self, _i: int, /) -> "Speculated":
        """The same marker one level up: it names its top, not a line."""
        return self


Reply = Backed[Vector] | Speculated


def not_resolving(a: Frame) -> bool:
    """A pruning path may go through any intermediate but one that is re-searching."""
    return not a.resolving


def speculative_cutoff(me: Frame, total: Scalar) -> Frame | None:
    """The nearest a_1 that lets the node of ``me`` stop, or ``None``.

    ``me`` itself when its best has the whole sum (immediate pruning), its parent for
    Korf's shallow pruning, a higher ancestor for a speculative pruning. The walk
    (``impl.last_branch.pruning_path``) goes up through intermediates whatever their branch,
    but not through one that is re-searching, nor past a repeated player.
    """
    found = pruning_path(me, total, not_resolving)
    return None if found is None else found[0]


def speculative_search(
    node: Node, player: int, above: Frame | None, *, total: Scalar
) -> Search[Reply]:
    """Sturtevant's ``specmaxn`` at one node: prune speculatively, re-search when needed."""
    me = Frame(player, above)
    replies: list[Reply] = []
    last = len(node.children) - 1
    for i in range(last + 1):
        next_ = yield call(i, me)
        replies.append(next_)
        if isinstance(next_, Speculated):
            continue
        if me.best is None or next_[player] > me.best[player]:
            me.best = next_
            top = speculative_cutoff(me, total) if i < last else None
            if top is me or (top is not None and top is above):
                return me.best
            if top is not None:
                return Speculated(top)
    pending = {i for i, r in enumerate(replies) if isinstance(r, Speculated) and r.top is not me}
    if not pending:
        assert me.best is not None
        return me.best
    top = min((_top(replies[i]) for i in pending), key=lambda f: f.depth)
    assert top.best is not None
    if me.best is None or me.best[top.player] <= top.best[top.player]:
        return Speculated(top)
    me.resolving = True
    yield kept(None)  # a step of its own: the best found so far shows before it is dropped
    me.best = None
    for i, r in enumerate(replies):
        reply = yield call(i, me) if i in pending else kept(r)
        if isinstance(reply, Speculated):
            assert reply.top is me
            continue
        if me.best is None or reply[player] > me.best[player]:
            me.best = reply
    assert me.best is not None
    return me.best


def _top(r: Reply) -> Frame:
    assert isinstance(r, Speculated)
    return r.top


def speculative(
    t: Tree, bounds: Bounds, *, trace: bool = False, events: bool = False
) -> SearchResult[Value]:
    """The maxn value of ``t`` with immediate, shallow and speculative pruning (Sturtevant 2003).

    Exactly ``spec.maxn``'s value and principal variation under the conditions in the module
    docstring, all of which the search itself ensures; every leaf read is checked against the
    caller's ``bounds`` (a ``TreeError`` names the first that breaks them). Not directional:
    a re-searched subtree's leaves are read, counted and traced again.

    O(b^d) leaves when nothing is re-searched. A node re-searches its pruned children at most
    once each time it is searched, so a leaf k levels down is read at most 2^k times: O((2b)^d)
    at worst. Each cut-off test walks at most N − 1 frames up; O(d) frames.
    """
    total, evaluate = korf_bounds(t, bounds, "speculative pruning")
    watch = None
    if events:
        watch = Sturtevant(total, bounds.lower, partial(pruning_path, through=not_resolving),
                           "speculative")  # fmt: skip
    return run(t, partial(speculative_search, total=total), (None,), evaluate, trace=trace,
               watch=watch)  # fmt: skip
