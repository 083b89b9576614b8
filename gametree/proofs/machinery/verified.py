"""Every verifier's claims: their stored verdicts, whether those are current, and the report.

One core for Nagini (:mod:`gametree.proofs.nagini`) and Why3 (:mod:`gametree.proofs.why3`).
A verifier is a :class:`Verifier`: its files, its tool, the digest of the code that runs it
(``logic``), and its two rules: which claims a run's verdict on a file proves
(``verdicts``), and which of its flaws test a claim (``tests``). The claims and flaws are the
theorems' (:class:`gametree.proofs.machinery.claims.Claim`, filed in
:mod:`gametree.proofs.theorems`); everything else is here, once:

- the **store**: ``results.json`` beside the verifier's files, one :class:`Record` per file (the
  verdict on the file, on each of its flaws, and the key it was made under)::

      {"records": [{"file": "two_player",
                    "key": {"source": SHA, "claims": SHA, "flaws": SHA, "logic": SHA,
                            "tool": "Nagini 1.2.0 (...)"},
                    "verified": true, "errors": [], "seconds": 135.2,
                    "goals": [{"goal": "shallow'vc", "proved": true, "provers": ["cvc4"],
                               "seconds": 3.1, "subgoals": 12, "unproved": []}, ...],
                    "flaws": [{"flaw": "min-raises-beta", "caught": true,
                               "errors": ["Postcondition of ..."], "seconds": 61.0}, ...]},
                   ...]}

  (``goals``: Why3's, one per verification condition; Nagini reports errors only);
- **staleness**: a record whose key is not the one computed now (:func:`key`, the parts of
  :mod:`gametree.proofs.machinery.stored`) proves nothing (:func:`stale`);
- the **report**: each claim with its stored verdict (:func:`proved`), as ``gametree prove``
  prints it (:func:`text`) and gives it as JSON (:func:`record`).
"""

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from gametree.proofs.machinery import stored as cache
from gametree.proofs.machinery.claims import Claim, Flaw, VerifierName
from gametree.proofs.machinery.result import Theorem
from gametree.spec._package_data import package_text

__all__ = [
    "FlawRecord",
    "Goal",
    "Proved",
    "Record",
    "Results",
    "Verdict",
    "Verifier",
    "claims_of",
    "flaws_of",
    "key",
    "proved",
    "record",
    "results_json",
    "seeded",
    "stale",
    "store",
    "stored",
    "text",
]

Verdict = Literal["verified", "failed"]


@attrs.frozen
class Goal:
    """One verification condition (Why3's, split into sub-goals by ``split_vc``)."""

    goal: str
    proved: bool
    provers: tuple[str, ...]
    """The provers that proved its sub-goals (the first tried, then the next on the rest)."""
    seconds: float
    subgoals: int
    unproved: tuple[str, ...]
    """Each sub-goal no prover proved: where it is, what it is, and the last answer."""


@attrs.frozen
class FlawRecord:
    """What the verifier found on a file with a flaw seeded: ``caught`` if it failed as it must."""

    flaw: str
    caught: bool
    errors: tuple[str, ...]
    """What it reported: Nagini's errors, Why3's goals left unproved."""
    seconds: float


@attrs.frozen
class Record:
    """What the verifier found on one file and its seeded flaws, under the key it was made with."""

    file: str
    key: cache.Key
    verified: bool
    """Whether the whole file verified (no error, every goal proved)."""
    errors: tuple[str, ...]
    seconds: float
    flaws: tuple[FlawRecord, ...]
    goals: tuple[Goal, ...] = ()

    def goal(self, name: str) -> Goal | None:
        """The result for goal ``name``, if any."""
        return next((g for g in self.goals if g.goal == name), None)


@attrs.frozen
class Results:
    """A verifier's stored results: one record per file."""

    records: tuple[Record, ...]

    def record(self, file: str) -> Record | None:
        """The record stored for ``file``, if any."""
        return next((r for r in self.records if r.file == file), None)


@attrs.frozen
class Verifier:
    """A verifier whose stored verdicts prove claims for every tree.

    ``files`` are its verified files (``NAME`` + ``suffix`` in ``folder``); ``logic`` the
    digest of the code that runs it and reads its verdict; ``verdicts(text, record, claims)``
    each claim's verdict given the record of the file (its ``text``) they are made from;
    ``tests(text, flaw, claim)`` whether ``flaw`` tests ``claim`` (reports name, per claim, the
    flaws that do and which were caught); ``command`` the arguments of ``python3 dev.py``
    that verify its files; ``title`` the report's heading.
    """

    name: VerifierName
    tool: str
    suffix: str
    folder: Path
    files: tuple[str, ...]
    logic: str
    verdicts: Callable[[str, Record, Sequence[Claim]], dict[str, Verdict]]
    tests: Callable[[str, Flaw, Claim], bool]
    command: tuple[str, ...]
    title: str

    @property
    def results(self) -> Path:
        """The stored results, beside the files."""
        return self.folder / "results.json"

    def source(self, file: str) -> str:
        """The text of ``file`` (a name of :attr:`files`)."""
        if file not in self.files:
            raise ValueError(f"{self.name} verifies no file called {file!r}; its files are "
                             f"{', '.join(self.files)}")  # fmt: skip
        return package_text(self.folder / f"{file}{self.suffix}")

    def reverify(self, files: Sequence[str]) -> str:
        """The command that verifies ``files`` again and stores the verdicts.

        >>> import gametree.proofs.why3 as w
        >>> w.WHY3.reverify(["shallow"])
        'python3 dev.py verify why3 shallow'
        """
        return " ".join(["python3 dev.py", *self.command, *files])


def claims_of(
    theorems: Sequence[Theorem], verifier: Verifier, file: str | None = None
) -> list[tuple[Theorem, Claim]]:
    """The claims of ``theorems`` that ``verifier`` proves (of ``file``, or of all), in order."""
    return [
        (th, c)
        for th in theorems
        for c in th.claims
        if c.verifier == verifier.name and (file is None or c.file == file)
    ]


def flaws_of(theorems: Sequence[Theorem], verifier: Verifier, file: str) -> tuple[Flaw, ...]:
    """The flaws seeded in ``file`` that ``verifier`` must catch (``expected`` said), in order."""
    return tuple(
        f
        for th in theorems
        for f in th.flaws
        if f.verifier == verifier.name and f.file == file and f.expected
    )


def seeded(verifier: Verifier, flaw: Flaw) -> str:
    """The text of ``flaw.file`` with the flaw seeded (``ValueError`` if it cannot be)."""
    text = verifier.source(flaw.file)
    if text.count(flaw.original) != 1:
        raise ValueError(
            f"flaw {flaw.name!r}: {flaw.original.strip()!r} occurs "
            f"{text.count(flaw.original)} times in {flaw.file}{verifier.suffix} (it must occur "
            "once)"
        )
    return text.replace(flaw.original, flaw.seeded)


def key(theorems: Sequence[Theorem], verifier: Verifier, file: str) -> cache.Key:
    """The key a verdict on ``file`` must be stored with to be current."""
    claims = [{"theorem": th.name, **c.keyed()} for th, c in claims_of(theorems, verifier, file)]
    flaws = [f.keyed() for f in flaws_of(theorems, verifier, file)]
    return cache.key(verifier.source(file), claims, flaws, verifier.logic, verifier.tool)


def _strings(value: object) -> tuple[str, ...]:
    assert isinstance(value, list)
    return tuple(str(x) for x in value)


def _goal(g: dict[str, Any]) -> Goal:
    return Goal(
        goal=str(g["goal"]),
        proved=bool(g["proved"]),
        provers=_strings(g["provers"]),
        seconds=float(g["seconds"]),
        subgoals=int(g["subgoals"]),
        unproved=_strings(g["unproved"]),
    )


def stored(verifier: Verifier) -> Results:
    """The results stored by ``python3 dev.py verify`` (in the verifier's ``results.json``)."""
    data = json.loads(package_text(verifier.results))
    return Results(
        tuple(
            Record(
                file=str(r["file"]),
                key={str(k): str(v) for k, v in r["key"].items()},
                verified=bool(r["verified"]),
                errors=_strings(r["errors"]),
                seconds=float(r["seconds"]),
                flaws=tuple(
                    FlawRecord(
                        str(f["flaw"]),
                        bool(f["caught"]),
                        _strings(f["errors"]),
                        float(f["seconds"]),
                    )
                    for f in r["flaws"]
                ),
                goals=tuple(_goal(g) for g in r["goals"]),
            )
            for r in data["records"]
        )
    )


def results_json(results: Results) -> dict[str, object]:
    """``results`` as ``results.json`` holds them (the module docstring shows the layout)."""
    return {"records": [attrs.asdict(r) for r in results.records]}


def store(verifier: Verifier, records: Sequence[Record]) -> Results:
    """Store ``records``, keeping the stored records of the verifier's other files.

    The store is read only now: another run, on other files, may have stored its records
    meanwhile.
    """
    done = {r.file for r in records}
    old = stored(verifier).records if verifier.results.exists() else ()
    kept = [r for r in old if r.file in verifier.files and r.file not in done]
    order = {name: i for i, name in enumerate(verifier.files)}
    results = Results(tuple(sorted([*kept, *records], key=lambda r: order[r.file])))
    text = json.dumps(results_json(results), indent=1) + "\n"
    verifier.results.write_text(text, encoding="utf-8")
    return results


def stale(
    theorems: Sequence[Theorem], verifier: Verifier, results: Results
) -> dict[str, tuple[str, ...]]:
    """The files whose stored record is not current, each with what changed.

    What changed is :func:`gametree.proofs.machinery.stored.changed`'s; empty when every
    record is current.
    """
    return cache.stale(
        verifier.files,
        lambda f: None if (r := results.record(f)) is None else r.key,
        lambda f: key(theorems, verifier, f),
    )


@attrs.frozen
class Proved:
    """One claim as ``gametree prove`` reports it: its stored verdict, and whether it is current."""

    theorem: str
    claim: Claim
    verifier: Verifier
    verdict: Verdict | None
    """``None`` when no record is stored for the claim's file."""
    stale: tuple[str, ...]
    """What changed since the verdict was stored (empty: it is current)."""
    seconds: float
    caught: tuple[str, ...]
    """The seeded flaws that test the claim and that the verifier caught."""
    flaws: tuple[str, ...]
    """The seeded flaws that test the claim (the verifier's ``tests``)."""
    lifted: tuple[str, ...] = ()
    """The claims of other verifiers that prove this one over a larger domain."""


def proved(
    theorems: Sequence[Theorem],
    verifier: Verifier,
    results: Results,
    names: "set[str] | None" = None,
    others: Sequence[Verifier] = (),
) -> list[Proved]:
    """Each claim ``verifier`` proves (of the theorems called ``names``, or all), with its record.

    The verdict is the verifier's rule applied to the record of the claim's file as the file
    is now, so it means something only while the record is current (``stale`` empty).
    ``others``: the verifiers whose claims may lift this one's to a larger domain.
    """
    gone = stale(theorems, verifier, results)
    out = []
    for th, claim in claims_of(theorems, verifier):
        if names is not None and th.name not in names:
            continue
        text = verifier.source(claim.file)
        mine = [c for _, c in claims_of(theorems, verifier, claim.file)]
        r = results.record(claim.file)
        tested = tuple(
            f.name for f in flaws_of(theorems, verifier, claim.file)
            if verifier.tests(text, f, claim)
        )  # fmt: skip
        found = {} if r is None else {f.flaw: f for f in r.flaws}
        lifted = tuple(
            c.name for v in others for _, c in claims_of(theorems, v) if claim.name in c.lifts
        )
        out.append(
            Proved(
                theorem=th.name,
                claim=claim,
                verifier=verifier,
                verdict=None if r is None else verifier.verdicts(text, r, mine)[claim.name],
                stale=gone.get(claim.file, ()),
                seconds=0.0 if r is None else r.seconds,
                caught=tuple(f for f in tested if f in found and found[f].caught),
                flaws=tested,
                lifted=lifted,
            )
        )
    return out


def record(p: Proved) -> dict[str, Any]:
    """``p`` as ``gametree prove --json`` gives it (in ``verified``)."""
    c, v = p.claim, p.verifier
    return {
        "theorem": p.theorem,
        "name": c.name,
        "verifier": v.tool,
        "file": f"{c.file}{v.suffix}",
        "rests_on": list(c.rests_on),
        "claim": c.statement,
        "domain": c.domain,
        "window": c.window,
        "composed": c.composed,
        "pinned": "; ".join(pin.text() for pin in c.pins),
        "pins": [{"function": pin.name, "by": pin.by, "test": pin.test} for pin in c.pins],
        "instance": None
        if c.instance is None
        else {
            "calls": list(c.instance.calls),
            "holds": list(c.instance.holds),
            "tree": None if c.instance.tree is None else repr(c.instance.tree),
        },
        "other_domains": c.other_domains,
        "lifted_by": list(p.lifted),
        "verdict": p.verdict,
        "current": not p.stale,
        "stale": list(p.stale),
        "reverify": v.reverify([c.file]),
        "seconds": p.seconds,
        "flaws": list(p.flaws),
        "flaws_caught": list(p.caught),
    }


def text(verifier: Verifier, rows: Sequence[Proved]) -> str:
    """What ``gametree prove`` prints about ``verifier``'s claims.

    Each with its statement, domain, window, what is composed by hand, its pins and its stored
    verdict: current, or stale and how to verify it again.
    """
    lines = [verifier.title]
    for p in rows:
        r, c = record(p), p.claim
        lines.append(f"  {r['theorem']}: {r['name']} ({r['file']}): {r['claim']}")
        lines.append(f"    domain: {r['domain']}; window: {r['window']}")
        if p.lifted:
            lines.append(f"    over the rationals: Why3's {', '.join(p.lifted)}; other ordered "
                         f"domains, argued by hand: {r['other_domains']}")  # fmt: skip
        elif r["other_domains"]:
            lines.append("    over the rationals and other ordered domains: argued by hand, "
                         f"not verified: {r['other_domains']}")  # fmt: skip
        lines.append(f"    composed by hand: {r['composed'] or 'nothing'}")
        lines.append(f"    pinned to the code users run by: {r['pinned'] or 'nothing'}")
        shown = "none given" if c.instance is None else c.instance.text()
        lines.append(f"    not vacuous: its preconditions are met by {shown}")
        if p.verdict is None or p.stale == ("missing",):
            state = f"NO STORED VERDICT: verify it with {r['reverify']}"
        elif p.stale:
            why = cache.staleness(r["file"], p.stale)
            state = f"{why}: verify it again with {r['reverify']}"
        else:
            caught = ", ".join(p.caught) or "none"
            state = (
                f"{p.verdict} in {p.seconds:.0f} s; seeded flaws caught: {caught} "
                f"({len(p.caught)} of {len(p.flaws)})"
            )
            if p.verdict != "verified":
                state = f"FAILED: {state}"
        lines.append(f"    {state}")
    return "\n".join(lines)
