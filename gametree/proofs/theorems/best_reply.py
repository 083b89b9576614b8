"""best-reply: BRS+ searched ply by ply is the minimax value of its transform.

**Statement** (Esser, Gras, Winands, Schadd and Lanctot, "Improving Best-Reply Search", CG
2013, section 3, after Schadd and Winands, IEEE TCIAIG 2011, section III; the issue's wording:
"BRS's value is the minimax value of its transform"). Between two of the root player r's moves
(an *opponents' layer*), one opponent searches all its moves and the others play their first
move in the ordering. Searched in the tree itself, a layer's plies may leave their first child
at one ply at most; ``spec.best_reply`` defines BRS+ instead as the paranoid (two-player
minimax) value of a tree, the *transform* (``spec.brs_plus_transform``): r's nodes as they are,
and at each layer one node whose children are the layer's replies. The two agree on every
tree; and ``impl.brs_plus``, paranoid's alpha-beta over the transform, returns that value.

**Proof** (by induction on the tree, in ``why3/brs.mlw``): a layer's replies from a node are
its first child's (the layer still free) followed by each later child's (the layer closed), so
the min over them of the transforms' values is the min of the mins (a list appended), which
is the ply-by-ply min by induction; where r moves both take the max over the children.

BRS itself (Schadd and Winands, section III) lets an opponent move out of turn, so it is
defined on games, never on trees: ``impl.brs_game`` is ``impl.paranoid`` over
``spec.brs_tree``, a tree, so that its value is the minimax value of its transform is
``paranoid-alphabeta-rationals`` (the theorem ``paranoid``) applied to that tree.

**Methods.** Why3 for every tree over the rationals, pinned to ``impl.brs_plus`` by the value
and the leaves its search reads, in order (``tests/test_verified_why3_brs.py``); every small
tree and random trees, for every root player, ``impl.brs_plus`` against ``spec.brs_plus``.
"""

from collections.abc import Iterator

from hypothesis import strategies as st

from gametree.impl.best_reply import brs_plus as impl_brs_plus
from gametree.proofs.machinery._methods import vector_trees_of, vectors_within
from gametree.proofs.machinery.checks import Exhaustive, Property
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.result import Scope, Theorem
from gametree.proofs.machinery.shapes import all_shapes
from gametree.proofs.theorems._wording import RATIONALS, TRACED
from gametree.proofs.why3 import terms
from gametree.spec import Bounds, Leaf, Node, Tree, brs_plus
from gametree.spec.strategies import vector_trees

__all__ = ["CHECKS", "CLAIMS", "FLAWS", "THEOREM", "check", "problem"]


def problem(t: Tree) -> str | None:
    """``None`` if for every root player r, impl.brs_plus gives spec's value and line."""
    for r in range(t.players):
        s = brs_plus(t, r)
        i = impl_brs_plus(t, r)
        if (i.value, i.principal_variation) != (s.value, s.principal_variation):
            return f"player {r}: impl.brs_plus {i.value} by {i.principal_variation}, spec {s}"
    return None


def _every_small_tree(scope: Scope) -> Iterator[Tree]:  # noqa: ARG001 - the same in every scope
    for players, b in ((3, Bounds(0, 2)), (4, Bounds(0, 1))):
        shapes = all_shapes(5, max_height=3, unary=True)
        yield from vector_trees_of(shapes, vectors_within(players, b), players)


def _random_trees() -> st.SearchStrategy[Tree]:
    return st.integers(3, 5).flatmap(
        lambda n: vector_trees(players=n, max_depth=4, ties=True, by_depth=False)
    )


CLAIM = "impl.brs_plus = spec.brs_plus (the transform's paranoid value) for every root player"

CHECKS = (
    Exhaustive(
        claim=CLAIM,
        cases=_every_small_tree,
        predicate=problem,
        domain="every tree of the shapes with 1..5 leaves (height <= 3, unary nodes, players in "
        "turn), N = 3 with integer vectors of sum <= 2, N = 4 with sum <= 1",
        share=0.5,
    ),
    Property(
        claim=CLAIM,
        strategy=_random_trees,
        predicate=problem,
        domain="random trees, N = 3..5, players not in turn (moving twice in a layer), ties, "
        "depth <= 4",
        max_examples=300,
        share=0.5,
    ),
)
"""The checks: see the module docstring, "Methods"."""

INSTANCE_TREE = Node(0, [
    Node(1, [Node(2, [Leaf((9, 0, 0)), Leaf((2, 7, 0))]), Node(2, [Leaf((5, 4, 0))])]),
    Node(1, [Node(1, [Leaf((8, 1, 0)), Leaf((3, 0, 6))])]),
])  # fmt: skip
"""Three players: a layer of two plies (its first ply's later child closing it), and one where
player 1 moves twice."""

_TERM = terms.tree(INSTANCE_TREE, labelled=True)

_TRANSFORM_GOALS = (
    "replies'vc",
    "replies_closed'vc",
    "size_append'vc",
    "replies_size'vc",
    "replies_closed_size'vc",
    "transform'vc",
    "transform_kids'vc",
    "tmin_append'vc",
    "opponent_min'vc",
    "transform_is_brs'vc",
    "max_kids'vc",
    "closed_kids'vc",
)

CLAIMS = (
    Claim(
        name="brs-plus-transform-rationals",
        verifier="why3",
        file="brs",
        rests_on=(*_TRANSFORM_GOALS, "brs_plus_is_its_transform'vc"),
        statement="for every N-player tree t with rational components (any number of players, "
        "any player at any node, players moving twice, the root player r not necessarily the "
        "root's mover) and every r: BRS+ searched ply by ply in t (r's max over its children; "
        "in a layer still free, an opponent's min over its children, the first keeping the "
        "layer free, the later ones closing it; in a closed layer, the first child) equals the "
        "paranoid value for r of the transform (spec.brs_plus_transform: r's nodes as they "
        "are, one node a layer over its replies); they terminate",
        domain=RATIONALS,
        window="none: no bounds on the values",
        pins=(
            Pin(
                impl_brs_plus,
                "why3 execute: the ply-by-ply value and the transform's paranoid value, for "
                "every root player, on Hypothesis trees with Fraction values",
                "tests/test_verified_why3_brs.py",
            ),
        ),
        instance=Instance((f"brs_plus_is_its_transform {_TERM} 0",)),
    ),
    Claim(
        name="brs-plus-alphabeta-rationals",
        verifier="why3",
        file="brs",
        rests_on=(
            *_TRANSFORM_GOALS,
            "search'vc",
            "search_from'vc",
            "brs_plus_search_is_brs'vc",
        ),
        statement="impl.brs_plus, impl.paranoid's alpha-beta (fail-soft, its cut-offs "
        "included) over the transform from the root with no bounds, returns BRS+'s value ply "
        "by ply, for every N-player tree with rational components and every root player r, "
        "as above; it terminates",
        domain=RATIONALS,
        window="the root's (None, None), impl's unbounded window, itself",
        pins=(
            Pin(
                impl_brs_plus,
                f"for every root player r, {TRACED}",
                "tests/test_verified_why3_brs.py",
            ),
        ),
        instance=Instance((f"brs_plus_search_is_brs {_TERM} 0",)),
    ),
)
"""What Why3 proves of it for every tree."""

FLAWS = (
    Flaw(
        name="brs-plus-transform-lets-an-opponent-move-twice",
        verifier="why3",
        file="brs",
        original="    | One c -> replies c r False\n"
        "    | More c rest -> replies c r False ++ replies_closed rest r\n",
        seeded="    | One c -> replies c r True\n"
        "    | More c rest -> replies c r True ++ replies_closed rest r\n",
        expected="closed_kids'vc",
    ),
    Flaw(
        name="brs-plus-transform-drops-the-later-replies",
        verifier="why3",
        file="brs",
        original="if free then replies c r True ++ replies_closed rest r\n",
        seeded="if free then replies c r True ++ replies c r False\n",
        expected="transform_is_brs'vc",
    ),
    Flaw(
        name="brs-plus-search-never-fails-high",
        verifier="why3",
        file="brs",
        original="      if high beta best.value then best\n",
        seeded="      if false then best\n",
        expected="search_from'vc",
    ),
)
"""The flaws seeded in brs.mlw: each must fail as it says."""

THEOREM = Theorem(
    name="best-reply",
    title="BRS+ searched ply by ply is the minimax value of its transform",
    statement="BRS+ (one opponent of a layer searching all its moves, the others playing their "
    "first) searched ply by ply in an N-player tree is the paranoid (two-player minimax) value "
    "of its transform, whose layers are one node over their replies; impl.brs_plus's alpha-beta "
    "over the transform returns it.",
    source="Esser, Gras, Winands, Schadd and Lanctot, CG 2013, section 3; Schadd and Winands, "
    "IEEE TCIAIG 2011, section III",
    status=(
        "For every tree (Why3), over the rationals: BRS+ ply by ply equals the paranoid value "
        "of spec's transform, and impl.brs_plus's alpha-beta over the transform returns it. "
        "BRS on games is impl.paranoid over spec.brs_tree, covered by paranoid-alphabeta-"
        "rationals. Checked within a bound and on samples, not proved for every tree: "
        "impl.brs_plus's principal variation mapped back into the tree (spec.reply_path)."
    ),
    module="gametree.proofs.theorems.best_reply",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    open=("the principal variation as a path in the tree (spec.reply_path)",),
    weight=0.4,
)
check = THEOREM.check
