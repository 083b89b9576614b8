"""A pytest plugin: the conformance gate as a fixture, and the tree strategies.

Installed with gametree (entry point ``pytest11``), so that in a project that depends on
``gametree[testing]``::

    def test_my_engine_is_alpha_beta(gametree_conform):
        gametree_conform("myengine.adapter:solve", "alphabeta-fail-hard", strict_order=True)

runs the same gate as ``gametree conform`` and fails the test with its report (the minimal
tree, expected and actual) unless every case passes. The target is a ``package.module:function``
string or a command line (run in a child process, with a timeout and a memory limit) or the
function itself (run in this process: a timeout by ``SIGALRM`` in the main thread, no memory
limit). ``gametree_strategies`` is ``spec.strategies``, the Hypothesis strategies for trees.

Nothing is imported from gametree until a fixture is used, so the plugin costs nothing in
test runs that do not use it.
"""

from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

import pytest

__all__ = ["gametree_conform", "gametree_strategies"]


@pytest.fixture
def gametree_conform() -> Callable[..., Any]:
    """``conform(target, semantics, **options)``: run the gate; fail the test unless it passes.

    Options, each the keyword of a ``gametree conform`` option (``docs/conformance.md``
    lists them): ``strict_order``, ``best_move``, ``principal_variation``, ``any_best_move``
    (what to compare),
    ``move_only``, ``full_window`` (an engine that reports only its move, or takes no window),
    ``budget`` (generated trees, default 200), ``keep_going``, ``shrink_budget``, ``scope``
    (``small``, ``default`` or ``large``: what they are drawn from), ``vectors`` (False: the
    generated trees only), ``seed``, ``alternating``, ``values`` (the number type the engine
    holds: ``exact``, ``int64``, ``int32``, ``int16`` or ``double``), ``infinity`` (the
    engine's own: it takes only scores strictly inside), ``skip_flags`` (a list
    of flags), ``timeout`` and ``memory_mb``. An unknown semantics, flag or number type, or
    ``skip_flags`` given as one string, is a ``ValueError``. Returns the ``Report``. Each
    minimal failing case is written to a file the message names, with the command that prints
    what the gate expects of it.
    """

    def conform(
        target: str | Callable[[dict[str, Any]], object],
        semantics: str,
        *,
        strict_order: bool = False,
        best_move: bool = False,
        principal_variation: bool = False,
        any_best_move: bool = False,
        move_only: bool = False,
        full_window: bool = False,
        budget: int = 200,
        keep_going: bool = False,
        shrink_budget: int = 500,
        scope: str = "default",
        vectors: bool = True,
        seed: int = 0,
        alternating: bool = False,
        values: str = "exact",
        infinity: float | None = None,
        skip_flags: Iterable[str] = (),
        timeout: float = 10.0,
        memory_mb: int = 2048,
    ) -> Any:
        from gametree.conform import (  # noqa: PLC0415
            CallableTarget,
            Checks,
            GateOptions,
            ProcessTarget,
            run_gate,
        )

        _check_arguments(semantics, skip_flags)
        options = GateOptions(
            semantics=semantics,
            checks=Checks(best_move, principal_variation, strict_order, move_only, any_best_move),
            budget=budget,
            seed=seed,
            by_depth=alternating,
            skip_flags=frozenset(skip_flags),
            scope=scope,
            vectors=vectors,
            full_window=full_window,
            keep_going=keep_going,
            shrink_budget=shrink_budget,
            values=values,
            infinity=infinity,
        )
        if isinstance(target, str):
            runner: Any = ProcessTarget.from_spec(target, timeout=timeout, memory_mb=memory_mb)
            name = target
        else:
            runner = CallableTarget(target, timeout=timeout)
            name = getattr(target, "__qualname__", repr(target))
        try:
            report = run_gate(runner, name, options)
        finally:
            runner.close()
        if not report.passed:
            report.save_cases(None)
            pytest.fail(report.text(), pytrace=False)
        return report

    return conform


def _check_arguments(semantics: str, skip_flags: Iterable[str]) -> None:
    """A ``ValueError`` naming what the command line would refuse.

    A semantics or a flag that does not exist, or ``skip_flags`` given as one string (whose
    letters are not flags).
    """
    from gametree.conform import NOTES, SEMANTICS  # noqa: PLC0415

    if semantics not in SEMANTICS:
        raise ValueError(f"no semantics {semantics!r}: the semantics are {', '.join(SEMANTICS)}")
    if isinstance(skip_flags, str):
        raise ValueError(f"skip_flags is a collection of flags, such as [{skip_flags!r}] "
                         f"(got the string {skip_flags!r})")  # fmt: skip
    unknown = sorted(set(skip_flags) - set(NOTES))
    if unknown:
        raise ValueError(f"no flag {unknown[0]!r} (skip_flags): the flags are "
                         f"{', '.join(sorted(NOTES))}")  # fmt: skip


@pytest.fixture
def gametree_strategies() -> ModuleType:
    """``spec.strategies``: Hypothesis strategies for trees (``scalar_trees``, ``vector_trees``)."""
    from gametree.spec import strategies  # noqa: PLC0415

    return strategies
