"""The generated phases: small cases from Hypothesis, the tail's from seeds, steered, at scale.

Each phase takes the :class:`gametree.conform.run.Run` and its own share of the budget
(:func:`gametree.conform.draws.schedule`), and returns the failures it found for the gate to
shrink: the first, or with ``--keep-going`` the first of each
:func:`gametree.conform.report.signature`.
"""

import random
from collections.abc import Callable

import attrs

from gametree.conform.chance_cases import with_chance
from gametree.conform.codec import Case, request_line
from gametree.conform.draws import cases, in_integers, schedule
from gametree.conform.numbers import outside
from gametree.conform.options import GateError, GateOptions
from gametree.conform.report import Outcome, signature
from gametree.conform.run import Run
from gametree.conform.scale import scale_cases, scale_count
from gametree.conform.scope import SCOPES
from gametree.conform.semantics import SEMANTICS
from gametree.conform.tiers import BUILDERS, Ask
from gametree.conform.vectors import is_by_depth
from gametree.spec import Scalar, Tree, iter_leaves

__all__ = ["generated_phase"]


def generated_phase(run: Run) -> list[Outcome]:
    """The generated cases: from Hypothesis, from seeds, steered, then at scale.

    The budget is split by the scope's weights (:func:`schedule`), less the scale cases
    (:func:`gametree.conform.scale.scale_count`). Hypothesis draws the small cases until one
    fails, and shrinks it; if none does, the tail's cases are built from seeds in the order of
    the schedule until one fails, which the gate's shrinker then shrinks (Hypothesis could only
    shrink a seed, which says nothing about the tree); then the steered cases
    (:func:`_steered_phase`) and the scale cases, the costliest, last. Hypothesis does not draw
    the tail itself: it draws its first examples near the low end of an integer's range and
    mutates the ones it has, so the mix it gave would follow the order of the tiers and the
    number of choices each makes, not their weights. With ``--keep-going`` all go on after a
    failure, and return each failure whose :func:`signature` is not in ``run.known`` yet (the
    first of each); else the first failure.
    """
    report, options = run.report, run.options
    small, tail, steered = schedule(options)
    scale = scale_count(SCOPES[options.scope], options.budget, options.skip_flags)
    found = _small_phase(run, small - scale)
    if (found and not options.keep_going) or run.gave_up:
        return found
    s = SEMANTICS[options.semantics]
    ask_tier = Ask(s.kind == "vector", s.window and not options.full_window,
                   SCOPES[options.scope], options.skip_flags, options.by_depth,
                   options.numbers)  # fmt: skip
    seeds = random.Random(options.seed)  # noqa: S311 - test trees, not secrets
    asked = {o.case for o in report.outcomes}  # a case asked already is drawn again
    for tier in tail:
        for _ in range(20):  # a case with a skipped flag is drawn again, a few times
            drawn = BUILDERS[tier](random.Random(seeds.getrandbits(64)), ask_tier)  # noqa: S311
            player = seeds.randrange(drawn.tree.players) if s.player else None
            case = Case(s.name, drawn.tree, drawn.bounds if s.bounds else None, drawn.alpha,
                        drawn.beta, player)  # fmt: skip
            if s.domain and seeds.random() < 0.5:
                case = in_integers(case)
            if s.chance:
                case = with_chance(case)
            if s.guess and seeds.random() < 0.5:  # MTD(f) from a leaf's value, at any magnitude
                guess = _first_scalar(case.tree) if drawn.first_guess is None else drawn.first_guess
                case = attrs.evolve(case, first_guess=guess)
            fits = (not options.by_depth or is_by_depth(case.tree)) and (
                case.tree.players >= s.players
            )
            if not run.skipped(case) and fits and case not in asked:
                break
            report.outside["generated"] += outside(options.numbers, case) is not None
        else:
            continue
        asked.add(case)
        if run.ask_generated(case, tier, found):
            break
    if (found and not options.keep_going) or run.gave_up:
        return found
    found += _steered_phase(run, steered)
    if (found and not options.keep_going) or run.gave_up:
        return found
    return found + _scale_phase(run, scale)


def _steered_phase(run: Run, budget: int) -> list[Outcome]:
    """Cases chosen for the behaviour pairs the run has shown least (:mod:`.steer`).

    Up to ``budget`` cases, each the candidate (of many run on the reference alone) that
    shows the most of the feasible pairs shown least so far: every pair once, then again with
    the budget left, until no candidate adds one; a failure among them is shrunk by the
    gate's shrinker (with ``--keep-going`` the steering goes on, as the tail does).
    """
    from gametree.conform.steer import Steering  # noqa: PLC0415 - the gate's only steering

    report, options = run.report, run.options
    coverage = report.behaviours
    steering = Steering(options.semantics, coverage.feasible, coverage.excluded)
    so_far = coverage.all()
    steering.counts.update(so_far.counts)
    for b, case in so_far.examples.items():
        steering.keep(case, None, [b])
    rng = random.Random(options.seed)  # noqa: S311 - test trees, not secrets
    found: list[Outcome] = []
    asked = {o.case for o in report.outcomes}

    def allowed(case: Case) -> bool:
        fits = not options.by_depth or case.game is not None or is_by_depth(case.tree)
        return case not in asked and not run.skipped(case) and fits

    for _ in range(budget):
        chosen = steering.next_case(rng, allowed, by_depth=options.by_depth,
                                    skip=options.skip_flags, windowless=options.full_window,
                                    max_nodes=SCOPES[options.scope].max_nodes)  # fmt: skip
        if chosen is None or run.gave_up:
            break
        case, shown = chosen
        asked.add(case)
        stop = run.ask_generated(case, "steered", found, shown=shown, progress=" (steered)")
        steering.record(shown)
        if stop:
            break
    return found


def _scale_phase(run: Run, count: int) -> list[Outcome]:
    """The scope's scale cases (:mod:`gametree.conform.scale`), last, as they cost the most."""
    options = run.options
    found: list[Outcome] = []
    for shape, drawn in scale_cases(options.semantics, SCOPES[options.scope], count=count,
                                    seed=options.seed, skip=options.skip_flags,
                                    windowless=options.full_window):  # fmt: skip
        case = with_chance(drawn) if SEMANTICS[options.semantics].chance else drawn
        if run.skipped(case) or (options.by_depth and not is_by_depth(case.tree)):
            continue
        if run.ask_generated(case, f"scale, {shape}", found, progress=" (scale)"):
            break
    return found


def _first_scalar(t: Tree) -> Scalar:
    """The value of the first leaf of a two-player tree."""
    v = next(iter_leaves(t))[1].value
    assert not isinstance(v, tuple)
    return v


def _small_phase(run: Run, budget: int) -> list[Outcome]:
    """Hypothesis draws small cases until one fails (then shrinks it) or ``budget`` is spent.

    With ``--keep-going``, it draws again after each failure (the cases already asked are not
    asked again) until the budget is spent, shrinking each failure of a new :func:`signature`.
    """
    report, options = run.report, run.options
    search = _searcher(options, budget)
    if budget <= 0:
        return []
    seen: dict[str, Outcome] = {}
    first: list[Outcome] = []
    asked = 0

    def new(o: Outcome) -> bool:  # a failure not found yet, or while shrinking it, the same one
        if first:
            return o.failed and signature(o) == signature(first[0])
        return o.failed and signature(o) not in run.known

    def fails(case: Case) -> bool:
        nonlocal asked
        if run.skipped(case):  # a shrunk case can earn a flag its original did not have
            return False
        key = request_line(case, 0, trace=False)
        if key in seen:
            return new(seen[key])
        if not first and asked >= budget and not run.gave_up:
            raise _Enough  # budget distinct cases asked (Hypothesis draws some twice)
        if run.gave_up:
            return False
        if first and len(seen) > asked + options.shrink_budget:
            return False  # shrinking's budget is spent: nothing new is asked
        if first and first[0].kind == "timeout":
            return False  # a hang is shrunk by faults.locate, each attempt under a short limit
        o = run.ask(case, f"generated #{report.generated + 1}", "generated")
        seen[key] = o
        if not first:
            asked += 1
            report.generated += 1
            run.tick(f"generated {report.generated}")
            if o.failed:
                run.record(o)
            else:
                report.outcomes.append(o)
            if new(o):
                first.append(o)
        return new(o)

    found: list[Outcome] = []
    while not run.gave_up:
        first.clear()
        ended, minimal = search(fails)
        if ended or not first:
            break
        best = None if minimal is None else seen.get(request_line(minimal, 0, trace=False))
        if best is not None and best.failed and signature(best) == signature(first[0]):
            found.append(attrs.evolve(best, name=f"{first[0].name} as Hypothesis shrank it"))
        else:
            found.append(first[0])
        run.known.add(signature(first[0]))
        if not options.keep_going:
            break
    return found


def _searcher(
    options: GateOptions, budget: int
) -> Callable[[Callable[[Case], bool]], tuple[bool, Case | None]]:
    """Hypothesis's ``find`` over the small tier: (whether nothing failed, the minimal case).

    The minimal case is ``None`` when Hypothesis could not say (Unsatisfiable, Flaky): the
    failure found first then stands.
    """
    try:
        from hypothesis import HealthCheck, Phase, find, settings  # noqa: PLC0415
        from hypothesis.errors import HypothesisException, NoSuchExample  # noqa: PLC0415

        from gametree.spec.strategies import seed_alone  # noqa: PLC0415
    except ImportError:  # pragma: no cover - hypothesis is in the testing extra
        raise GateError(
            "generated trees need Hypothesis: pip install 'gametree[testing]' (or --budget 0 "
            "to run the vectors only)"
        ) from None
    quiet = settings(max_examples=2 * budget,  # enough for ``budget`` distinct cases: _Enough
                     database=None, deadline=None, derandomize=False,
                     phases=[Phase.generate, Phase.shrink],
                     suppress_health_check=list(HealthCheck),
                     report_multiple_bugs=False)  # fmt: skip

    def search(fails: Callable[[Case], bool]) -> tuple[bool, Case | None]:
        try:
            with seed_alone():
                return False, find(cases(options), fails, settings=quiet,
                                   random=random.Random(options.seed))  # noqa: S311  # fmt: skip
        except (NoSuchExample, _Enough):
            return True, None
        except HypothesisException:
            return False, None

    return search


class _Enough(BaseException):
    """Stops Hypothesis once the small tier's budget is asked.

    A ``BaseException``, which Hypothesis passes on at once rather than shrinking as a failure.
    """
