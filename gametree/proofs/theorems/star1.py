"""star1: Ballard's Star1 returns the expectimax value inside its window, a bound beyond it.

**Statement.** On a two-player tree with chance nodes whose leaf values lie in [L, U] (L < U),
Star1 over a window (a, b), a < b, returns r with Knuth and Moore's cases against the
expectimax value v: v <= a => r <= a; a < v < b => r = v; v >= b => r >= b. With a window
around [L, U] it is the expectimax value. (Ballard, "The *-minimax search procedure for trees
containing chance nodes", AIJ 21 (1983); Hauk, Buro and Schaeffer, "Rediscovering *-minimax
search", CG 2004, section 2.)

**Methods.** Star1 and Star2 alike (the claim is Star1's; Star2 is checked beside it):
Hypothesis on random trees with chance nodes (probabilities that are not powers of
two, ties, players moving twice) and windows below, across and above [L, U]; constructed trees
(a chance node with one child, leaves at L and U exactly, nested chance nodes, chance under
Min) under every window over a grid around [L, U] (bounded-exhaustive); and Why3 for every tree
over the rationals (``gametree/proofs/why3/star1.mlw``), pinned to ``impl.star1`` by the leaves
its search reads (``tests/test_verified_why3_star1.py``).
"""

from collections.abc import Iterator
from fractions import Fraction

from hypothesis import strategies as st

from gametree.impl.star import star1, star2
from gametree.proofs.machinery.checks import Exhaustive, Property
from gametree.proofs.machinery.claims import Claim, Flaw, Instance, Pin
from gametree.proofs.machinery.result import Scope, Theorem
from gametree.proofs.theorems._wording import RATIONALS
from gametree.proofs.why3 import terms
from gametree.spec import Interval, Leaf, Node, Scalar, Tree, expectimax
from gametree.spec.strategies import chance_trees

__all__ = ["CHECKS", "CLAIMS", "FLAWS", "THEOREM", "problem"]

Case = tuple[Tree, Interval, Scalar, Scalar]
"""A tree, its leaf bounds [L, U], and a window (a, b)."""


SEARCHES = (("Star1", star1), ("Star2", star2))
"""impl's searches with chance nodes and a window: Star1 (the claim's), and Star2 (sampled)."""


def problem(t: Tree, bounds: Interval, a: Scalar, b: Scalar) -> str | None:
    """``None`` if each search over (a, b) meets Knuth and Moore's cases against expectimax."""
    v = expectimax(t).value
    assert not isinstance(v, tuple)
    for name, search in SEARCHES:
        r = search(t, bounds, a, b).value
        if (v <= a and r > a) or (a < v < b and r != v) or (v >= b and r < b):
            return f"{name} over ({a}, {b}) returns {r}; the expectimax value is {v}"
    return None


def _half(x: Scalar) -> Fraction:
    return Fraction(x) / 2


GRID = [_half(n) for n in range(-2, 11)]
"""Window ends from L - 1 to U + 1 in halves, for leaves within [L, U] = [0, 4]."""

CONSTRUCTED: tuple[Tree, ...] = (
    Node(0, [Node.chance([2, 4], ["1/2", "1/2"]), Node.chance([1, 4], ["1/2", "1/2"])]),
    Node.chance([Node(1, [Leaf(0), Leaf(4)])], ["1"]),
    Node.chance([0, 4, Node(0, [Leaf(1), Leaf(3)])], ["1/3", "1/6", "1/2"]),
    Node(1, [Node.chance([4, Node.chance([0, 4], ["2/3", "1/3"])], ["3/5", "2/5"]), Leaf(2)]),
    Node(0, [Node(0, [Node.chance([3, 1], ["1/7", "6/7"])]), Node.chance([4, 4], ["1/2", "1/2"])]),
)
"""Trees over [0, 4]: Ballard's kind with a Max root, a chance node with one child, thirds and
sixths, nested chance nodes under Min, Max moving twice, leaves at L and U exactly."""

BOUNDS = Interval(0, 4)


def _constructed(_: Scope) -> Iterator[Case]:
    for t in CONSTRUCTED:
        for a in GRID:
            for b in GRID:
                if a < b:
                    yield t, BOUNDS, a, b


@st.composite
def _cases(draw: st.DrawFn) -> Case:
    t = draw(chance_trees(min_value=-6, max_value=6, grid=3, ties=True, max_depth=4))
    ends = draw(st.lists(st.integers(-24, 24).map(lambda n: Fraction(n, 3)), min_size=2,
                         max_size=2, unique=True))  # fmt: skip
    return t, Interval(-6, 6), min(ends), max(ends)


CLAIM = (
    "Star1 over a window returns the expectimax value inside it and a bound beyond it "
    "(Knuth and Moore's cases)"
)

CHECKS = (
    Exhaustive(
        claim=CLAIM,
        cases=_constructed,
        predicate=lambda case: problem(*case),
        domain="five constructed trees over [0, 4] (a chance node with one child, thirds and "
        "sixths, nested chance nodes under Min, Max moving twice, leaves at L and U), every "
        "window over -1, -1/2, ..., 5",
        share=0.3,
    ),
    Property(
        claim=CLAIM,
        strategy=_cases,
        predicate=lambda case: problem(*case),
        domain="random trees with chance nodes (depth <= 4, thirds, ties, probabilities of "
        "any weights) over [-6, 6], windows of thirds from -8 to 8",
        max_examples=300,
        max_examples_full=1500,
        share=0.7,
    ),
)
"""The checks: see the module docstring, "Methods"."""

INSTANCE_TREE = CONSTRUCTED[3]
"""A chance node under Min with a nested chance node, for the claim's instance."""

_TREE_TERM = terms.tree(INSTANCE_TREE, labelled=True)

CLAIMS = (
    Claim(
        name="star1-rationals",
        verifier="why3",
        file="star1",
        rests_on=(
            "mass_positive'vc",
            "expectimax_within'vc",
            "choice_within'vc",
            "expected_within'vc",
            "star1'vc",
            "star1_kids'vc",
            "star1_chance'vc",
            "star1_full_window'vc",
        ),
        statement="for every two-player tree t with chance nodes and rational values, any "
        "player at any node (players moving twice included; 0 is Max, any other Min), each "
        "chance node's probabilities positive and summing to 1, every leaf within [L, U] "
        "(L < U), and every window a < b: Star1 (fail-hard alpha-beta at the players' nodes; "
        "at a chance node each child over (max(A_i, L), min(B_i, U)), a result at most A_i "
        "returning a, at least B_i returning b; a window beyond [L, U] returning at once), as "
        "impl.star1 runs it, meets Knuth and Moore's cases against the expectimax value, and "
        "over a window around [L, U] returns it; it terminates",
        domain=RATIONALS,
        window="any rational window a < b (both finite: impl's default (BOTTOM, TOP) is not "
        "one the transcription takes) and leaf bounds L < U",
        pins=(
            Pin(
                star1,
                "why3 execute over exact rationals (pairs of integers): value and leaves read "
                "in order, on Hypothesis trees with chance nodes and windows below, across and "
                "above [L, U]",
                "tests/test_verified_why3_star1.py",
            ),
        ),
        instance=Instance(
            (
                f"star1 {_TREE_TERM} 1.0 3.0 0.0 4.0",
                f"star1_full_window {_TREE_TERM} (-. 1.0) 5.0 0.0 4.0",
            ),
            holds=(f"1.0 <. expectimax {_TREE_TERM} <. 3.0",),
        ),
    ),
)
"""What Why3 proves of it for every tree."""

FLAWS = (
    Flaw(
        name="star1-mass-left-includes-the-child",
        verifier="why3",
        file="star1",
        original="      let left = mass rest in\n",
        seeded="      let left = mass c in\n",
        expected="star1_chance'vc",
    ),
    Flaw(
        name="star1-probability-left-out-of-the-total",
        verifier="why3",
        file="star1",
        original="        let s = star1_chance rest a b (total +. p *. r.value) l u in\n",
        seeded="        let s = star1_chance rest a b (total +. r.value) l u in\n",
        expected="star1_chance'vc",
    ),
    Flaw(
        name="star1-fail-high-returns-alpha",
        verifier="why3",
        file="star1",
        original="        worth r b\n      end else begin\n        assert { r.value = v };\n"
        "        equal_times r.value v p;\n        times_lt p lo r.value;\n"
        "        times_lt p r.value hi;\n        assert { total +. p *. r.value +. expected rest",
        seeded="        worth r a\n      end else begin\n        assert { r.value = v };\n"
        "        equal_times r.value v p;\n        times_lt p lo r.value;\n"
        "        times_lt p r.value hi;\n        assert { total +. p *. r.value +. expected rest",
        expected="star1_chance'vc",
    ),
)
"""The flaws seeded in star1.mlw: each must fail as it says."""

THEOREM = Theorem(
    name="star1",
    title="Star1 returns the expectimax value inside its window, a bound beyond it",
    statement="On trees with chance nodes and leaf values within [L, U], Ballard's Star1 over "
    "a window (a, b) returns the expectimax value when it lies strictly inside, at most a when "
    "the value is at most a, at least b when it is at least b.",
    source="Ballard, AIJ 21 (1983), Star1; Hauk, Buro and Schaeffer, CG 2004, section 2",
    status=(
        "For every tree (Why3), over the rationals: Star1 as impl.star1 runs it meets Knuth and "
        "Moore's cases against the expectimax value, and over a window around [L, U] returns "
        "it. Checked within a bound and on samples, not proved for every tree: the same of "
        "Star2, and impl's default window (BOTTOM, TOP)."
    ),
    module="gametree.proofs.theorems.star1",
    checks=CHECKS,
    claims=CLAIMS,
    flaws=FLAWS,
    open=("impl's default window (BOTTOM, TOP)", "Star2 (its probing phase)"),
    weight=0.5,
)
check = THEOREM.check
