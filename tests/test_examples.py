"""The sources' worked examples: every number the texts state, checked against the spec."""

from collections.abc import Callable
from typing import Any

import pytest

from gametree.spec import (
    Node,
    Solution,
    Tree,
    iter_leaves,
    leaf_values,
    maxn,
    minimax,
    separate_evaluations,
    subtree,
)
from gametree.spec.examples import (
    EXAMPLES,
    WIKI_ALPHA_BETA_NODES,
    Example,
    csce315_cut,
    korf_figure2,
    korf_figure5,
    wiki_alpha_beta,
)


@pytest.mark.parametrize("ex", EXAMPLES, ids=lambda ex: ex.name)
def test_each_example_has_the_value_its_source_states(ex: Example) -> None:
    solve: dict[str, Callable[[Tree], Solution[Any]]] = {
        "minimax": minimax,
        "maxn": maxn,
        "separate_evaluations": separate_evaluations,
    }
    assert solve[ex.definition](ex.tree).value == ex.stated_value


@pytest.mark.parametrize(
    ("name", "path", "score"), [(n, p, s) for n, (p, s) in WIKI_ALPHA_BETA_NODES.items()]
)
def test_wiki_every_named_node_has_the_score_the_walk_gives(
    name: str, path: tuple[int, ...], score: int
) -> None:
    assert minimax(subtree(wiki_alpha_beta(), path)).value == score, name


def test_wiki_players_alternate_from_max_at_h() -> None:
    t = wiki_alpha_beta()
    for path, player in [((), 0), ((0,), 1), ((0, 0), 0), ((0, 0, 0), 1), ((1, 0, 1), 1)]:
        node = subtree(t, path)
        assert isinstance(node, Node)
        assert node.to_move == player


def test_csce315_cut_min_values_and_the_variant_with_70() -> None:
    t = csce315_cut()
    assert [minimax(c).value for c in t.children] == [-3, -70, -73]
    with_70 = Node.by_depth([[21, -3], [12, 70, -4, 100], [-73, -14]])
    assert [minimax(c).value for c in with_70.children] == [-3, -4, -73]
    assert minimax(with_70).value == -3


def test_korf_figure5_text() -> None:
    """Korf 3.2.3: with f = (2,3,4), e goes to d, d to c and b to a; with f = (3,0,6), f goes
    to d, g to c and c to a."""
    a = korf_figure5((2, 3, 4))
    assert maxn(subtree(a, [1, 0])).value == (2, 2, 5)  # e propagated to d
    assert maxn(subtree(a, [1])).value == (2, 2, 5)  # d propagated to c
    assert maxn(a).principal_variation == (0,)  # b propagated to a
    b = korf_figure5((3, 0, 6))
    assert maxn(subtree(b, [1, 0])).value == (3, 0, 6)  # f propagated to d
    assert maxn(subtree(b, [1])).principal_variation == (1,)  # g propagated to c
    assert maxn(b).principal_variation == (1, 1)  # c propagated to a
    for t in (a, b):
        assert all(sum(v) == 9 for v in leaf_values(t))  # type: ignore[arg-type]


def test_korf_figure2_pruned_leaf_is_the_root_value() -> None:
    """Korf 2.1: with either function alone the last leaf cannot matter (alpha-beta prunes
    it), yet with both it is the root's value."""
    t = korf_figure2()
    assert separate_evaluations(t).principal_variation == (1, 1)
    pairs = [[leaf.value for _, leaf in iter_leaves(c)] for c in t.children]
    for component in (0, 1):
        one = [[v[component] for v in child] for child in pairs]  # type: ignore[index]
        root = minimax(Node.by_depth(one)).value
        for x in range(-20, 30):
            one[1][1] = x
            assert minimax(Node.by_depth(one)).value == root
