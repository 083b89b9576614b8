"""Searches whose mistakes show only when two things happen in one case.

Each function is a conformance target and the whole algorithm, correct on every tree that
shows only one of the two (the gate's tiers each look along one axis: the magnitude tier's
trees are even, the wide tier's values are distinct) and wrong when both meet: large values
on an uneven tree, a tie among the children of a wide node. The behaviour-pair coverage of
``gametree.conform.behaviours`` names the pair, and the steered cases
(``gametree.conform.steer``) draw it. The one mistake of each is marked ``# BUG``.

Glossary: n is a node, p the player to move at it, ``best`` the node's result so far (the
mover's view, negamax), ``line`` its principal variation, ``ply`` a node's depth.
"""

from typing import Any

from gametree.spec import Leaf, Node, Scalar
from tests.bugs._common import document, reply

Result = tuple[Scalar, list[int]]

MATE = 1 << 20
"""The mate score of the engine below, about a million."""
MAX_PLY = 128
"""A score within ``MAX_PLY`` of ``MATE`` is a mate found at some ply (``MATE - ply``)."""


def _worth(c: Leaf, p: int) -> Scalar:
    assert not isinstance(c.value, tuple)
    return c.value if p == 0 else -c.value


def mate_distance(request: dict[str, Any]) -> dict[str, object]:
    """Every score past the mate band taken as a mate, shortened by its ply and restored by
    the principal variation's length at the root.

    Engines prefer the quicker of two wins by scoring a mate at ply k as ``MATE - k`` (a loss
    as ``-MATE + k``) and restore the score at the root. This one takes every score of
    ``MATE - MAX_PLY`` or more as a mate, evaluations beyond it included, so two large values
    at different plies are compared after unequal shortening. On a tree whose leaves are all
    at one depth every large value is shortened alike and restored exactly, and below the
    band nothing changes; on an uneven tree with values past the band, a shallower one wins a
    comparison it should lose and the root reports the value of a worse move. Seen in
    practice: chess programs' mate-distance scores (``VALUE_MATE - ply``, ``MATE_IN_MAX_PLY``)
    in engines whose evaluation is not capped below the band (a material-only evaluation in
    centipawns times a large factor, or scores in millipawns); easyAI's ``Negamax`` scales
    every terminal score by ``1 + 0.001 * depth`` for the same preference, and so plays a
    strictly worse move on ``[1000, [[1001, 1000], [1003, 1001]]]`` (found with this gate,
    issue 26).
    """
    t = document(request).tree
    band = MATE - MAX_PLY

    def shortened(v: Scalar, ply: int) -> Scalar:
        if v >= band:  # BUG: a large evaluation is not a mate
            return v - ply
        if v <= -band:
            return v + ply
        return v

    def search(n: Node, ply: int) -> Result:
        best: Scalar | None = None
        line: list[int] = []
        rest: list[int]
        for i, c in enumerate(n.children):
            if isinstance(c, Leaf):
                v, rest = shortened(_worth(c, n.to_move), ply + 1), []
            else:
                r, rest = search(c, ply + 1)
                v = r if c.to_move == n.to_move else -r
            if best is None or v > best:
                best, line = v, [i, *rest]
        assert best is not None
        return best, line

    if isinstance(t, Leaf):
        return reply(_worth(t, 0), [])
    score, line = search(t, 0)
    if score >= band - len(line):
        score += len(line)
    elif score <= -(band - len(line)):
        score -= len(line)
    return reply(score, line)


CHUNK = 16
"""How many root moves one thread of the engine below searches."""


def root_split_ties(request: dict[str, Any]) -> dict[str, object]:
    """Root moves split into chunks of 16 searched apart, the chunks' best merged with ``>=``.

    A node with more than 16 children is searched in chunks (one a thread), each chunk's best
    kept with the tie rule, and the chunks merged in order keeping a later chunk's best when
    it is as good: on a tie between children in different chunks the move is not the
    leftmost. With 16 children or fewer there is one chunk, and with no tie the merge is
    right. Seen in practice: root splitting and Lazy SMP merging the threads' results with
    ``if (score >= bestScore)`` (or taking the last thread to finish), so that a program's
    move among equal ones depends on the thread count; Stockfish's and others' "best thread"
    selection had to add a deterministic tie-break for the same reason.
    """
    t = document(request).tree

    def search(n: Node) -> Result:
        chunks: list[Result] = []
        for start in range(0, len(n.children), CHUNK):
            best: Scalar | None = None
            line: list[int] = []
            rest: list[int]
            for i in range(start, min(start + CHUNK, len(n.children))):
                c = n.children[i]
                if isinstance(c, Leaf):
                    v, rest = _worth(c, n.to_move), []
                else:
                    r, rest = search(c)
                    v = r if c.to_move == n.to_move else -r
                if best is None or v > best:
                    best, line = v, [i, *rest]
            assert best is not None
            chunks.append((best, line))
        value, line = chunks[0]
        for v, rest in chunks[1:]:
            if v >= value:  # BUG: a later chunk's equal best replaces the earlier one
                value, line = v, rest
        return value, line

    if isinstance(t, Leaf):
        return reply(_worth(t, 0), [])
    return reply(*search(t))
