"""Trees: validation at construction (with paths), equality, hashing, repr, and helpers."""

import pickle
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gametree.spec import (
    Leaf,
    Node,
    Tree,
    TreeError,
    check_well_formed,
    exact_value,
    iter_leaves,
    leaf_values,
    subtree,
)
from gametree.spec.strategies import (
    chance_trees,
    scalar_trees,
    shapes,
    trees_of_shape,
    uniform_shape,
    vector_trees,
)


def raises_at(path: list[int], match: str) -> "pytest.RaisesExc[TreeError]":
    return pytest.raises(TreeError, match=rf"{match}.* at path \[{', '.join(map(str, path))}\]$")


@pytest.mark.parametrize(
    ("nested", "path", "problem"),
    [
        ([[1], []], [1], "needs at least one child"),
        ([[[1, 2], [3, float("nan")]]], [0, 1, 1], "must be finite"),
        ([[1, float("inf")]], [0, 1], "must be finite"),
        ([[1, "3"]], [0, 1], "must be an int, a Fraction or a finite float"),
        ([[1, True]], [0, 1], "must be an int"),
        ([[3, 12], [2, (1, 2)]], [1, 1], "a vector leaf among scalar leaves"),
        ([[(1, 2, 3)], [4]], [1, 0], "a scalar leaf among vector leaves"),
        ([[(1, 2, 3)], [(1, 2)]], [1, 0], "a vector of length 2 where the first leaf's is 3"),
        ([[(1, 2, 3)], [[(1, 2)]]], [1, 0, 0], "a vector of length 2"),
        ([[(1,)]], [0, 0], "at least 2"),
    ],
)
def test_by_depth_names_the_path_of_each_fault(
    nested: list[object], path: list[int], problem: str
) -> None:
    with raises_at(path, problem):
        Node.by_depth(nested)


def test_player_out_of_range_names_the_node() -> None:
    inner = Node(2, [(1, 2, 3), (3, 2, 1)])
    with raises_at([], r"'to_move' must be in 0..2 \(got 3\)"):
        Node(3, [inner])
    with raises_at([], r"'to_move' must be in 0..1 \(got 2\)"):
        Node(2, [1, 2])
    with raises_at([], r"'to_move' must be in 0..1 \(got -1\)"):
        Node(-1, [1, 2])
    with raises_at([], "'to_move' must be an int"):
        Node("0", [1])  # type: ignore[arg-type]


def test_constructor_errors_are_relative_to_the_node_being_built() -> None:
    with raises_at([1], "needs at least one child"):
        Node.by_depth([[1], []])
    with raises_at([0], "nested lists are read by Node.by_depth"):
        Node(0, [[1, 2]])
    with raises_at([], "'children' must be a sequence"):
        Node(0, 5)
    with raises_at([], "needs at least one child"):
        Node(0, [])
    with raises_at([], "must be finite"):
        Leaf(float("-inf"))


def test_by_depth_rejects_a_non_list_root() -> None:
    with raises_at([], "reads a node as a list"):
        Node.by_depth((1, 2))


def test_values_are_stored_exactly() -> None:
    t = Node.by_depth([0.5, Fraction(6, 3), (0.25, 1, 2)][:2])
    assert leaf_values(t) == [Fraction(1, 2), 2]
    assert type(leaf_values(t)[1]) is int
    assert exact_value((0.25, 1)) == (Fraction(1, 4), 1)


def test_players_by_depth_wrap_around_modulo_n() -> None:
    t = Node.by_depth([[[[(1, 2, 3)]]]])
    movers = []
    x: Tree = t
    while isinstance(x, Node):
        movers.append(x.to_move)
        x = x.children[0]
    assert movers == [0, 1, 2, 0]


def test_summaries() -> None:
    t = Node.by_depth([[3, 12, 8], [2, [4, 6]]])
    assert (t.size, t.leaf_count, t.height, t.players, t.vector) == (10, 6, 3, 2, False)
    v = Node.by_depth([(1, 2, 3, 4)])
    assert (v.players, v.vector) == (4, True)


@given(scalar_trees(ties=True) | vector_trees(players=4) | chance_trees(players=3))
def test_strategy_trees_are_well_formed_and_consistent(t: Tree) -> None:
    check_well_formed(t)
    assert t.leaf_count == len(leaf_values(t)) >= 1
    for path, leaf in iter_leaves(t):
        assert subtree(t, path) is leaf
        assert len(path) <= t.height


@given(scalar_trees(grid=3) | vector_trees(players=3, grid=2, by_depth=False) | chance_trees())
def test_repr_round_trips_and_equality_matches_hash(t: Tree) -> None:
    again = eval(repr(t), {"Leaf": Leaf, "Node": Node, "Fraction": Fraction})
    assert again == t
    assert hash(again) == hash(t)
    assert again is not t


@given(scalar_trees(), scalar_trees())
def test_equality_is_structural(a: Tree, b: Tree) -> None:
    assert (a == b) == (repr(a) == repr(b))
    if a == b:
        assert hash(a) == hash(b)


def test_trees_differing_in_one_place_are_unequal() -> None:
    base = Node.by_depth([[3, 12], [2, 4]])
    assert base != Node.by_depth([[3, 12], [2, 5]])
    assert base != Node.by_depth([[3, 12], [2, 4, 4]])
    assert base != Node(0, [Node(0, [3, 12]), Node(1, [2, 4])])
    assert base != Node.by_depth([[3, 12], [2, [4]]])
    assert Leaf(3) == Leaf(Fraction(3))
    assert Leaf(3) != Leaf((3, -3))
    assert base != "Node"


def test_subtree_reports_bad_paths() -> None:
    t = Node.by_depth([[3, 12], 2])
    assert subtree(t, [0, 1]) == Leaf(12)
    with raises_at([], "child index 2 is out of range 0..1"):
        subtree(t, [2])
    with raises_at([1], "a path goes below a leaf"):
        subtree(t, [1, 0])


def test_check_well_formed_catches_a_tampered_tree() -> None:
    t = Node.by_depth([[3, 12], [2, 4]])
    leaf = subtree(t, [1, 0])
    object.__setattr__(leaf, "value", float("nan"))
    with raises_at([1, 0], "not an exact scalar or vector"):
        check_well_formed(t)
    inner = subtree(t, [0])
    object.__setattr__(inner, "to_move", 5)
    with raises_at([0], r"'to_move' must be in 0..1 \(got 5\)"):
        check_well_formed(t)


@given(st.data(), shapes(max_depth=3))
def test_trees_of_shape_have_that_shape(data: st.DataObject, shape: object) -> None:
    t = data.draw(trees_of_shape(shape, st.integers(-3, 3)))  # type: ignore[arg-type]

    def shape_of(x: Tree) -> object:
        return None if isinstance(x, Leaf) else [shape_of(c) for c in x.children]

    assert shape_of(t) == shape


def test_uniform_shape_sizes() -> None:
    def leaves_and_height(shape: object) -> tuple[int, int]:
        if shape is None:
            return 1, 0
        assert isinstance(shape, list)
        parts = [leaves_and_height(s) for s in shape]
        return sum(n for n, _ in parts), 1 + max(h for _, h in parts)

    for b in range(1, 4):
        for d in range(4):
            assert leaves_and_height(uniform_shape(b, d)) == (b**d, d)


def test_a_tree_pickled_in_another_process_equals_the_same_tree_built_here() -> None:
    """A node keeps its hash, and equality compares hashes first: the hash must not depend on
    the process (hash(None) does in Python 3.11). A chance node, a vector tree and a scalar one."""
    trees = [Node.by_depth([1, [2, 3]]), Node.by_depth([[(1, 2, 3)], [(3, 2, 1)]]),
             Node.chance([1, Node(0, [2, 3])], ["1/4", "3/4"])]  # fmt: skip
    made = (
        "import pickle, sys\n"
        "from fractions import Fraction\n"
        "from gametree.spec import Leaf, Node\n"
        f"sys.stdout.buffer.write(pickle.dumps({trees!r}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", made], capture_output=True, check=True, timeout=600
    )
    assert pickle.loads(done.stdout) == trees
