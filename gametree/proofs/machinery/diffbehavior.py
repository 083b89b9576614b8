"""CrossHair ``diffbehavior`` between an ``impl`` search and its ``spec`` counterpart, per shape.

For a *pair* of searches (names in :data:`proofs._diff_targets.SEARCHES`) and one tree shape,
``crosshair diffbehavior`` calls both on the tree of that shape, players in turn, with a fresh
symbolic ``int`` in every leaf component (the creators of ``proofs._crosshair_plugin``), and
looks for leaf values on which the two return different ``(value, principal variation)``. It
runs in a subprocess with ``--per_condition_timeout`` (CPU seconds, split between the two
orders of the pair) and a wall-clock timeout of its own. A run says one of:

- ``same on every path``: CrossHair explored every path of both functions ("All paths
  exhausted", which it words "likely the same"): no integer leaf values on that shape make
  them differ. Reported as *proved* on the shapes, like a symbolic confirmation;
- ``no difference``: none found before the limit; paths were left unexplored (*held*);
- ``different``: CrossHair's concrete tree, which :func:`replay` evaluates again here with both
  searches and ``spec``: a bug in ``impl`` (or a false claim) unless the pair is one expected
  to differ (*failed*);
- ``did not run``: the tool failed, timed out, or the budget was spent; the reason is kept.

Where it applies, and where not: every theorem comparing an ``impl`` function with a ``spec``
one has pairs here (:data:`PAIRS`). Korf's Theorem 1 (optimality) compares no two functions (it is a
decision about leaves, made by z3); best-case counts leaves, which ``spec`` does not
define; the engine techniques of sturtevant (ordering, iterative deepening, transposition
tables, quiescence) search games, and ``proofs`` has no game (``tests/test_engine_spec.py``).

Measured on 2 shared cores (load 4.5, 60 CPU seconds per pair): every pair expected to agree
was the same on every path of its default shape, the scalar ones on ``[[*, *], [*, *]]`` in 2
to 5 s (``impl.mtdf``, 300 paths, in 31 s), the three-player ones on ``[*, [*, *]]`` in 1 to 2 s
for ``impl.maxn`` and ``impl.paranoid`` and 55 to 66 s for the pruning searches (1,100 paths:
each bounds check branches on every component); deep pruning's difference on ``[*, [*, [*,
*]]]`` took 69 s, alpha-beta with one evaluation function's 2 s. The default run gives a
three-player pruning pair 6 CPU seconds, so it reports "no difference", not "same".
"""

import ast
import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import attrs

from gametree.proofs.machinery._diff_targets import BOUNDED, answer
from gametree.proofs.machinery._methods import result
from gametree.proofs.machinery.result import Counterexample, Expected, Result, Scope
from gametree.proofs.machinery.shapes import Shape, parse, text
from gametree.proofs.machinery.symbolic import MIN_SECONDS, PLUGIN, Kind, cpu_seconds
from gametree.spec import Bounds, Leaf, Node, Tree

__all__ = [
    "PAIRS",
    "DiffVerdict",
    "Pair",
    "crosshair_diffbehavior",
    "diffbehavior_result",
    "parse_tree",
    "replay",
]

ROOT = Path(__file__).resolve().parents[3]


@attrs.frozen
class Pair:
    """Two searches CrossHair compares, the kind of tree they take, and what is expected."""

    first: str
    second: str
    kind: Kind = "scalar"
    players: int = 2
    total: int = 9
    """Korf's bound on the sum (lower bound 0), for the searches that rely on it."""
    expected: Expected = "holds"
    """``holds`` if the two should agree on every tree; ``fails`` if they are known to differ."""
    fast: bool = True
    """Whether the default run compares it (else only ``--full``: it needs minutes)."""

    def __str__(self) -> str:
        return f"{self.first} vs {self.second}"


Status = Literal["same on every path", "no difference", "different", "did not run"]


@attrs.frozen
class DiffVerdict:
    """What one ``crosshair diffbehavior`` run said about one pair on one shape."""

    pair: Pair
    shape: Shape
    status: Status
    message: str
    """CrossHair's words: the iterations attempted, the difference, or why it did not run."""
    seconds: float
    tree: Tree | None = None
    """The tree on which the two differ (``different`` only), parsed from CrossHair's output."""


_GIVEN = re.compile(r"^Given: \(t=(?P<tree>.*)\),$")
_ATTEMPTED = re.compile(r"No differences found\. \(attempted (?P<n>\d+) iterations\)")


def crosshair_diffbehavior(
    pair: Pair, shape: Shape, *, per_condition: float, limit: float | None = None
) -> DiffVerdict:
    """Run ``crosshair diffbehavior`` on ``pair`` for one shape.

    ``per_condition`` is CrossHair's ``--per_condition_timeout`` (CPU seconds for both orders
    of the pair together); ``limit`` the subprocess's wall-clock timeout (default: twice that
    plus 30 s).
    """
    command = [
        sys.executable,
        "-m",
        "crosshair",
        "diffbehavior",
        "--extra_plugin",
        PLUGIN,
        f"--per_condition_timeout={per_condition}",
        "gametree.proofs.machinery._diff_targets.first",
        "gametree.proofs.machinery._diff_targets.second",
    ]
    env = {
        **os.environ,
        "GAMETREE_PROOF_SHAPE": text(shape),
        "GAMETREE_PROOF_KIND": pair.kind,
        "GAMETREE_PROOF_PLAYERS": str(pair.players),
        "GAMETREE_PROOF_SUM": str(pair.total),
        "GAMETREE_DIFF_FIRST": pair.first,
        "GAMETREE_DIFF_SECOND": pair.second,
    }
    timeout = limit if limit is not None else 2 * per_condition + 30
    start = time.monotonic()
    try:
        done = subprocess.run(  # noqa: S603 - our own interpreter, our own arguments
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        seconds = time.monotonic() - start
        return DiffVerdict(pair, shape, "did not run", f"killed after {timeout:.0f} s", seconds)
    seconds = time.monotonic() - start
    out = done.stdout
    if done.returncode == 1:
        given = [m for m in map(_GIVEN.match, out.splitlines()) if m]
        tree = _parsed(given[0]["tree"]) if given else None
        return DiffVerdict(pair, shape, "different", " ".join(out.split()), seconds, tree)
    attempted = _ATTEMPTED.search(out)
    if done.returncode == 0 and attempted:
        status: Status = "same on every path" if "All paths exhausted" in out else "no difference"
        return DiffVerdict(pair, shape, status, attempted[0], seconds)
    why = (done.stderr.strip() or out.strip() or f"exit code {done.returncode}")[-400:]
    return DiffVerdict(pair, shape, "did not run", why, seconds)


def _parsed(s: str) -> Tree | None:
    try:
        return parse_tree(s)
    except ValueError:
        return None


def parse_tree(s: str) -> Tree:
    """The tree a ``repr`` such as ``Node(0, (Leaf((1, 0, 8)), Leaf((0, 0, 9))))`` shows.

    Only ``Node(int, (children...))`` and ``Leaf(literal)`` are read (no ``eval``).

    >>> parse_tree("Node(0, (Leaf(3), Node(1, (Leaf(-1), Leaf(2)))))")
    Node(0, (Leaf(3), Node(1, (Leaf(-1), Leaf(2)))))
    """
    try:
        body = ast.parse(s.strip(), mode="eval").body
    except SyntaxError as e:
        raise ValueError(f"not a tree: {s!r}") from e

    def literal(x: ast.expr) -> object:
        try:
            return ast.literal_eval(x)
        except ValueError as e:
            raise ValueError(f"not a tree: {ast.unparse(x)!r} in {s!r}") from e

    def build(x: ast.expr) -> Tree:
        if isinstance(x, ast.Call) and isinstance(x.func, ast.Name) and not x.keywords:
            if x.func.id == "Leaf" and len(x.args) == 1:
                return Leaf(literal(x.args[0]))
            if x.func.id == "Node" and len(x.args) == 2 and isinstance(x.args[1], ast.Tuple):
                p = literal(x.args[0])
                if isinstance(p, int):
                    return Node(p, [build(c) for c in x.args[1].elts])
        raise ValueError(f"not a tree: {ast.unparse(x)!r} in {s!r}")

    return build(body)


def replay(pair: Pair, t: Tree) -> str | None:
    """How the two searches of ``pair`` differ on ``t``, evaluated here; ``None`` if they agree."""
    bounds = Bounds(0, pair.total)
    one, other = answer(pair.first, t, bounds), answer(pair.second, t, bounds)
    if one == other:
        return None
    return f"{pair.first} gives {one}, {pair.second} gives {other} (value, principal variation)"


PAIRS: dict[str, list[Pair]] = {
    "alphabeta": [
        Pair("impl.alphabeta", "spec.minimax"),
        Pair("impl.negamax_alphabeta", "spec.negamax"),
        Pair("impl.alphabeta fail-soft", "spec.minimax"),
        Pair("impl.pvs", "spec.negamax"),
        Pair("impl.mtdf", "spec.minimax"),
        Pair("impl.negamax_alphabeta fail-soft", "spec.negamax", fast=False),
    ],
    "negamax": [Pair("spec.negamax", "spec.minimax")],
    "maxn-pairs": [Pair("spec.maxn of pairs", "spec.minimax")],
    "shallow": [
        Pair("impl.maxn", "spec.maxn", "vectors", 3),
        Pair("impl.shallow", "spec.maxn", "vectors", 3),
        Pair("impl.immediate", "spec.maxn", "vectors", 3),
    ],
    "deep": [
        Pair("impl.deep_pruning_unsound", "spec.maxn", "vectors", 3, 2, "fails", fast=False),
    ],
    "evaluations": [
        Pair("impl.separate_evaluations", "spec.separate_evaluations", "vectors", 2),
    ],
    "evaluations, one function": [
        Pair("impl.alphabeta_one_function", "spec.separate_evaluations", "vectors", 2, 9, "fails"),
    ],
    "paranoid": [
        Pair("impl.paranoid", "spec.paranoid"),
        Pair("impl.paranoid", "spec.paranoid", "vectors", 3),
    ],
    "sturtevant": [
        Pair("impl.last_branch", "spec.maxn", "vectors", 3),
        Pair("impl.speculative", "spec.maxn", "vectors", 3),
    ],
}
"""The pairs each theorem compares (by the theorem's name), in the order a budget reaches them."""

SHAPES: dict[Kind, tuple[list[str], list[str]]] = {
    "scalar": (["[[*, *], [*, *]]"], ["[[*, *], [*, *]]", "[[*, *, *], [*, *]]"]),
    "vectors": (["[*, [*, *]]"], ["[*, [*, *]]", "[[*, *], *]", "[*, [*, [*, *]]]"]),
}
"""The shapes a pair is compared on, by kind of leaf: (the default set, the ``--full`` set)."""

PER_CONDITION: dict[Kind, tuple[float, float]] = {"scalar": (10, 60), "vectors": (6, 150)}
"""CrossHair's CPU seconds per pair and shape, by kind of leaf: (default, ``--full``). Scalar
pairs exhaust their paths within 10 s; three-player pruning pairs need about 45 s on
``[*, [*, *]]``, so the default run reports them as "no difference" within its 6 s."""


def diffbehavior_result(
    *,
    theorem: str,
    claim: str,
    pairs: Sequence[Pair],
    scope: Scope,
    shapes: Sequence[Shape] | None = None,
    per_condition: float | None = None,
) -> Result:
    """Compare every pair on every shape of its kind (in ``scope``'s shard, within its budget).

    The default run takes the pairs marked ``fast``, ``--full`` all of them, each on the shapes
    of :data:`SHAPES` (or ``shapes``) with the time of :data:`PER_CONDITION` (or
    ``per_condition``). "proved" when every run found the two the same on every path; "held"
    when some found no difference within their limit; "failed" on a difference (its tree
    replayed here by :func:`replay`); "unknown" when nothing ran. The pairs must all be
    expected to agree, or all to differ.
    """
    started = time.monotonic()
    (expected,) = {p.expected for p in pairs}
    level = 1 if scope.full else 0
    chosen = [p for p in pairs if p.fast or scope.full]
    runs = [
        (p, s)
        for p in chosen
        for s in (shapes if shapes is not None else [parse(x) for x in SHAPES[p.kind][level]])
    ]
    verdicts: list[DiffVerdict] = []
    skipped = 0
    for position, (pair, shape) in enumerate(runs):
        if not scope.shard.takes(position):
            continue
        left = scope.budget.remaining()
        if left < MIN_SECONDS:
            skipped += 1
            continue
        pc = min(per_condition or PER_CONDITION[pair.kind][level], cpu_seconds(left))
        v = crosshair_diffbehavior(pair, shape, per_condition=pc, limit=min(left, 3 * pc + 30))
        verdicts.append(v)
        if v.status == "different":
            break
    decided = [v for v in verdicts if v.status != "did not run"]
    counterexample = None
    differ = [v for v in verdicts if v.status == "different"]
    if differ:
        v = differ[0]
        why = replay(v.pair, v.tree) if v.tree is not None else None
        note = f"{v.pair} on {text(v.shape)}: " + (
            why or f"{v.message} (CrossHair's tree does not replay here)"
        )
        bounded = {v.pair.first, v.pair.second} & BOUNDED
        counterexample = Counterexample(
            v.tree if why else None, note, Bounds(0, v.pair.total) if bounded else None
        )
    shown = [
        f"{v.pair} on {text(v.shape)}: {v.status} ({v.message})"
        for v in verdicts
        if v.status in ("no difference", "did not run")
    ]
    if skipped:
        shown.append(f"{skipped} run(s) not started: the budget was spent")
    if runs and not any(scope.shard.takes(p) for p in range(len(runs))):
        shown.append(f"none of the {len(runs)} run(s) is in shard {scope.shard}")
    if len(chosen) < len(pairs):
        left_out = ", ".join(str(p) for p in pairs if p not in chosen)
        shown.append(f"only with --full: {left_out}")
    shown_shapes = (
        shapes
        if shapes is not None
        else [parse(x) for k in sorted({p.kind for p in chosen}) for x in SHAPES[k][level]]
    )
    domain = (
        "; ".join(str(p) for p in chosen)
        + " on "
        + ", ".join(text(s) for s in shown_shapes)
        + " (players in turn, symbolic integer leaves"
        + (", within Korf's bounds" if any({p.first, p.second} & BOUNDED for p in chosen) else "")
        + ")"
    )
    finished = (
        not skipped
        and len(verdicts) == len([p for p in range(len(runs)) if scope.shard.takes(p)])
        and all(v.status == "same on every path" for v in verdicts)
    )
    r = result(
        theorem=theorem,
        claim=claim,
        method="diffbehavior (CrossHair)",
        expected=expected,
        cases=len(decided),
        domain=domain,
        counterexample=counterexample,
        finished=finished,
        scope=scope,
        started=started,
        detail="; ".join(shown),
        sampled=not finished,
    )
    if not decided:
        return attrs.evolve(r, outcome="unknown", counterexample=None)
    return r
