"""Stored verdicts as a cache: keyed by everything they depend on, stale when any part changed.

A verifier (Nagini, :mod:`gametree.proofs.nagini`; Why3, :mod:`gametree.proofs.why3`) runs
outside the test environment, in ``python3 dev.py verify``, and stores what it found in a
``results.json`` beside its sources (:mod:`gametree.proofs.machinery.verified` reads and writes
it): one **record** per verified file (a kernel ``NAME.py``, a
transcription ``NAME.mlw``), holding the verifier's verdicts on the file and on each of its
seeded flaws, and the file's **key**, a JSON object of five strings:

- ``source``: the SHA-256 of the file's text, as verified;
- ``claims``: the SHA-256 of the claims made from the file (the theorem each is of, and
  every field of each but its pins: its statement, domain, window, what is composed by hand,
  the functions or goals it rests on; :meth:`gametree.proofs.machinery.claims.Claim.keyed`),
  as canonical JSON (:func:`digest`); the pins are the tests' to check, on every run;
- ``flaws``: the same of the file's seeded flaws (the text each replaces, and with what, and
  what the verifier must then report);
- ``logic``: the SHA-256 of the source of the functions that run the verifier and read its
  verdict (:func:`code_digest`), so that a change to how a verdict is reached re-verifies;
- ``tool``: the verifier's and the provers' versions the project pins (each verifier refuses
  to store a verdict made with other versions).

A record is **current** when its stored key equals the key computed now from the package
(:func:`changed` is empty); otherwise it is **stale**, and :func:`changed` names the parts that
differ (:data:`PARTS` says each in words), or ``missing`` when the file has no record. A stale
verdict proves nothing about the sources as they are: ``gametree prove`` reports it as stale,
names the command that verifies it again (:func:`reverify`), and exits with 1; the tests fail
on it; CI verifies it again, then fails (``dev.py``).
"""

import hashlib
import inspect
import json
from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs

__all__ = [
    "PARTS",
    "Key",
    "Request",
    "changed",
    "code_digest",
    "digest",
    "key",
    "request",
    "reverify",
    "stale",
    "staleness",
]

Key = dict[str, str]
"""A record's key: one string per name of :data:`PARTS`."""

PARTS = {
    "source": "the file",
    "claims": "its claims' wording or what they rest on",
    "flaws": "its seeded flaws",
    "logic": "the verify logic",
    "tool": "the verifier's or provers' versions",
}
"""The parts of a key, and what a change to each is, in words."""


def digest(value: object) -> str:
    """The SHA-256 of ``value`` as canonical JSON (keys sorted, no spaces).

    >>> digest({"b": [1, 2], "a": "x"}) == digest({"a": "x", "b": [1, 2]})
    True
    """
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def code_digest(*functions: Callable[..., object]) -> str:
    """The SHA-256 of the source of ``functions``, in order (the ``logic`` part of a key)."""
    return digest([inspect.getsource(f) for f in functions])


def key(text: str, claims: Sequence[object], flaws: Sequence[object], logic: str, tool: str) -> Key:
    """The key of a file whose text is ``text``.

    ``claims`` are made from it and ``flaws`` seeded in it (each as JSON: the fields it is
    keyed by); ``logic`` and ``tool`` as the verifier's :data:`PARTS` say.
    """
    return {
        "source": hashlib.sha256(text.encode()).hexdigest(),
        "claims": digest(list(claims)),
        "flaws": digest(list(flaws)),
        "logic": logic,
        "tool": tool,
    }


def stale(
    names: Iterable[str], stored: Callable[[str], Key | None], current: Callable[[str], Key]
) -> dict[str, tuple[str, ...]]:
    """The files of ``names`` whose ``stored`` key is not the ``current`` one.

    Each with what changed (:func:`changed`); empty when every record is current.
    """
    out = {}
    for name in names:
        parts = changed(stored(name), current(name))
        if parts:
            out[name] = parts
    return out


def changed(stored: Mapping[str, str] | None, current: Mapping[str, str]) -> tuple[str, ...]:
    """The parts of :data:`PARTS` in which ``stored`` differs from ``current``.

    ``missing`` when nothing is stored; empty when the record is current.

    >>> changed({"source": "a", "claims": "b"}, {"source": "a", "claims": "c"})
    ('claims',)
    >>> changed(None, {"source": "a"})
    ('missing',)
    """
    if stored is None:
        return ("missing",)
    return tuple(p for p in PARTS if stored.get(p) != current.get(p))


def staleness(file: str, parts: tuple[str, ...]) -> str:
    """Why the record of ``file`` is stale, in words (``parts`` from :func:`changed`).

    >>> staleness("deep.py", ("source", "tool"))
    "deep.py's stored verdict is STALE: the file and the verifier's or provers' versions changed since"
    >>> staleness("x.mlw", ("missing",))
    'x.mlw has no stored verdict'
    """  # noqa: E501 - a doctest's output is one line
    if parts == ("missing",):
        return f"{file} has no stored verdict"
    said = [PARTS[p] for p in PARTS if p in parts]
    words = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    return f"{file}'s stored verdict is STALE: {words} changed since"


def reverify(verifier: str, names: list[str]) -> str:
    """The command that verifies ``names`` again with ``verifier`` and stores the verdicts.

    >>> reverify("why3", ["shallow"])
    'python3 dev.py verify why3 shallow'
    """
    return " ".join(["python3 dev.py verify", *(["why3"] if verifier == "why3" else []), *names])


@attrs.frozen
class Request:
    """What a verifier's command line asks, Nagini's or Why3's (``... verify [OPTIONS] ...``).

    ``--check``: its claims without the flaws, nothing stored; ``--stale``: only the files
    whose record is stale; ``--jobs N``: N runs at once; ``rest``: the arguments after the
    options, in order.
    """

    rest: tuple[str, ...]
    check: bool = False
    stale_only: bool = False
    jobs: int = 1


def request(argv: Sequence[str]) -> Request | None:
    """The options leading ``argv``, and what follows them.

    ``None`` for an option not known, or ``--jobs`` without a count of at least 1.

    >>> request(["--stale", "--jobs", "2", "shallow"])
    Request(rest=('shallow',), check=False, stale_only=True, jobs=2)
    >>> request(["--jobs", "0"]) is None
    True
    """
    args, check, stale_only, jobs = list(argv), False, False, 1
    while args and args[0].startswith("--"):
        flag = args.pop(0)
        if flag == "--check":
            check = True
        elif flag == "--stale":
            stale_only = True
        elif flag == "--jobs" and args and args[0].isdigit() and int(args[0]) >= 1:
            jobs = int(args.pop(0))
        else:
            return None
    return Request(tuple(args), check, stale_only, jobs)
