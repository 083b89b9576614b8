"""Verified claims, what ties them to the code users run, and the flaws they must catch.

A theorem module (:mod:`gametree.proofs.theorems`) lists, beside its statement and its checks,
its **claims** proved for every tree by a verifier (Nagini over the integers, Why3 over the
rationals or the reals): each names the verified file and what in it the claim rests on, says
exactly what is proved, over which values and windows, and what is added by hand, and is
**pinned** to the ``impl`` (or ``spec``) function the verified code restates, as a reference to
that function, with the test that ties the two by behaviour. Its **flaws** are copies of a
verified file with a bug seeded, which the verifier must reject, naming the condition broken;
a flaw that deletes a cut-off is also one the pin tests must catch (a search that prunes less
is still correct, so only a comparison with what ``impl`` reads can tell).

The same three records serve every verifier: :mod:`gametree.proofs.machinery.verified` keys,
stores and reports their verdicts.

>>> from gametree.impl import shallow
>>> Pin(shallow, "value", "tests/test_verified_pinned.py").name
'impl.shallow'
"""

import importlib
from collections.abc import Callable
from typing import Literal

import attrs

from gametree.spec import Tree

__all__ = ["Claim", "Flaw", "Instance", "Pin", "VerifierName", "public_name"]

VerifierName = Literal["nagini", "why3"]
"""The verifiers whose stored verdicts prove claims for every tree."""


def public_name(function: Callable[..., object]) -> str:
    """``function`` as a reader finds it: ``impl.shallow``, ``impl.necessity.chain``.

    The package's own name where the package exports it (``gametree.impl.shallow.shallow`` is
    ``impl.shallow``), else its module's.

    >>> from gametree.impl.necessity import chain
    >>> public_name(chain)
    'impl.necessity.chain'
    """
    module, name = function.__module__, function.__qualname__
    package = ".".join(module.split(".")[:2])
    if getattr(importlib.import_module(package), name, None) is function:
        module = package
    return f"{module.removeprefix('gametree.')}.{name}"


@attrs.frozen
class Pin:
    """The code a verified search or definition restates, and the test that ties them.

    ``function`` is the ``impl`` (or ``spec``) function, itself; ``options`` how it is called
    (``fail_soft=True``), if not as it is; ``by`` what the test compares (the value, the leaves
    read in order, the cut-offs, ...); ``test`` the test file that compares them.
    """

    function: Callable[..., object]
    by: str
    test: str
    options: str = ""

    @property
    def name(self) -> str:
        """The function as a reader finds it, and how called: ``impl.alphabeta(fail_soft=True)``."""
        called = public_name(self.function)
        return f"{called}({self.options})" if self.options else called

    def text(self) -> str:
        """The pin in words, as the reports print it."""
        return f"{self.name}: {self.by} ({self.test})"


@attrs.frozen
class Instance:
    """Concrete calls of a claim's verified code whose preconditions hold: it is not vacuous.

    A proof of "precondition implies postcondition" is true of nothing when nothing meets the
    precondition. ``calls`` are calls of the claim's functions that meet theirs, in the
    verifier's language: for Nagini, Python calls on ``t``, the kernel's form of ``tree`` (its
    values as the kernel takes them: Korf's lower bound shifted to 0), run with every contract
    checked (:mod:`gametree.proofs.nagini.checked`); for Why3, WhyML calls on terms written out,
    each the body of a ghost function whose verification condition is the called function's
    precondition there, which the provers must prove (``tree`` is ``None``). ``holds`` are
    conditions that must be true there as well: the antecedent of an implication the claim
    states, which would otherwise be vacuous too.
    """

    calls: tuple[str, ...]
    holds: tuple[str, ...] = ()
    tree: Tree | None = None

    def text(self) -> str:
        """The instance in words, as the reports print it."""
        on = "" if self.tree is None else f" with t = {self.tree!r}"
        holding = f", where {'; '.join(self.holds)} hold" if self.holds else ""
        return f"{'; '.join(self.calls)}{on}{holding}"


@attrs.frozen(kw_only=True)
class Claim:
    """What a verifier proves of a theorem, for every tree, exactly.

    ``file`` is the verified file (a kernel ``NAME.py`` of :mod:`gametree.proofs.nagini`, a
    transcription ``NAME.mlw`` of :mod:`gametree.proofs.why3`), without its suffix; ``rests_on``
    what of it makes the claim: Nagini's functions (the claim is verified when Nagini reports no
    error in them nor in any function they rely on), Why3's goals (``NAME'vc``: verified when
    they and every other goal of the file are proved). ``statement`` is what is proved, as the
    contracts say it; ``domain`` the values it is proved for; ``window`` the windows or bounds
    the searches are proved over; ``composed`` what the claim, or its theorem, adds by hand
    (empty: nothing); ``other_domains`` whether, and why, the argument carries over to other
    ordered domains (argued by hand); ``lifts`` the claims of another verifier this one proves
    over a larger domain (Why3's over the rationals, of Nagini's over the integers); ``pins``
    what the tests tie the verified code to; ``instance`` a concrete call that meets the
    claim's preconditions (neither is part of a stored verdict's key: the tests check them on
    every run).
    """

    name: str
    verifier: VerifierName
    file: str
    rests_on: tuple[str, ...]
    statement: str
    domain: str
    window: str = "none (no window or bound)"
    composed: str = ""
    other_domains: str = ""
    lifts: tuple[str, ...] = ()
    pins: tuple[Pin, ...] = ()
    instance: Instance | None = None

    def keyed(self) -> dict[str, object]:
        """The fields a stored verdict is keyed by: every one but the pins and the instance."""
        return attrs.asdict(self, filter=lambda a, _: a.name not in {"pins", "instance"})


@attrs.frozen(kw_only=True)
class Flaw:
    """A bug seeded in a copy of a verified file: ``original`` (once in it) becomes ``seeded``.

    ``expected`` is what the verifier must then report: Nagini's error (a substring of it),
    Why3's goal left unproved; empty when the flaw is not one for the verifier (a deleted
    cut-off whose search is still correct, a vacuous precondition). ``unprunes``: the flaw
    deletes a cut-off, or weakens one, so that the search reads more than the pruning it claims
    to be; the tests that compare what the verified code reads with ``impl`` must catch it.
    """

    name: str
    verifier: VerifierName
    file: str
    original: str
    seeded: str
    expected: str
    unprunes: bool = False
    vacuous: bool = False
    """The flaw makes a precondition that nothing meets: the verifier proves the claim anyway
    (it is true of nothing), and the claim's instance must fail (the tests)."""

    def keyed(self) -> dict[str, object]:
        """The fields a stored verdict is keyed by (what the verifier is given and must say)."""
        return {"name": self.name, "original": self.original, "seeded": self.seeded,
                "expected": self.expected}  # fmt: skip
