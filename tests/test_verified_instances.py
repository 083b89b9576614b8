"""Nothing verified is vacuous: every claim's preconditions are met by a concrete instance.

A verifier proves "precondition implies postcondition"; a precondition nothing meets makes the
proof true of nothing, and the verifier, the stored verdict and the seeded flaws would not say
so (``Requires(a < b and b < a + 1)`` verifies). So each claim carries an instance
(:class:`gametree.proofs.machinery.claims.Instance`), checked here:

- **Nagini**: the kernel runs with its contracts read as Python
  (:mod:`gametree.proofs.nagini.checked`) on the instance's calls: no contract fails, the
  conditions the instance names hold, and every function of the claim that has a precondition
  is entered with it met;
- **Why3**: each call of the instance becomes a ghost function in a module beside the
  transcription, whose verification condition is the called function's precondition on those
  terms, and the conditions it names become goals: the provers prove every one; and every
  function of a transcription that has a precondition and that no other function of it calls
  (a claim's statement, not a helper) is called by some instance.

A seeded vacuous precondition (a flaw that is ``vacuous``: the verifier would prove it) makes
the instance fail, in Nagini and in Why3. ``tests/test_verified_pinned.py`` runs the kernels
with their contracts checked on its Hypothesis trees too.
"""

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gametree.proofs import THEOREMS, Claim, Flaw, claims
from gametree.proofs.machinery import verified
from gametree.proofs.nagini import NAGINI
from gametree.proofs.nagini.checked import ENTERED, ContractError, checking, requirements
from gametree.proofs.nagini.convert import deep_tree, multi_player_tree, two_player_tree
from gametree.proofs.why3 import FILES, WHY3
from gametree.proofs.why3.run import prove, unproved
from gametree.spec import Tree

KERNEL_TREE: dict[str, Callable[[Tree], Any]] = {
    "two_player": two_player_tree,
    "fail_soft": two_player_tree,
    "multi_player": multi_player_tree,
    "deep": lambda t: deep_tree(t, lower=0),
}
"""Each kernel's form of a ``spec`` tree (its values as the kernel takes them)."""


def nagini_claims() -> list[Claim]:
    return [c for _, c in claims() if c.verifier == "nagini"]


def why3_claims() -> list[Claim]:
    return [c for _, c in claims() if c.verifier == "why3"]


def entered(claim: Claim, text: str) -> dict[str, int]:
    """Run ``claim``'s instance on the kernel ``text`` with its contracts checked: how often each
    of the claim's functions that has a precondition was entered with it met."""
    assert claim.instance is not None, f"{claim.name} has no instance"
    assert claim.instance.tree is not None
    kernel = checking(text, f"{claim.file}_checked")
    scope = {**kernel.__dict__, "t": KERNEL_TREE[claim.file](claim.instance.tree)}
    for call in claim.instance.calls:
        eval(call, scope)
    for condition in claim.instance.holds:
        assert eval(condition, scope), f"{claim.name}: {condition} does not hold"
    counts: dict[str, int] = getattr(kernel, ENTERED)
    return {f: counts[f] for f in claim.rests_on if f in requirements(text)}


@pytest.mark.parametrize("claim", nagini_claims(), ids=lambda c: c.name)
def test_each_nagini_claim_is_met_by_its_instance_with_its_contracts_checked(claim: Claim) -> None:
    found = entered(claim, NAGINI.source(claim.file))
    assert found, f"{claim.name}: none of its functions has a precondition"
    assert all(found.values()), f"{claim.name}: never entered with its precondition met: {found}"


def instances(file: str, text: str, module: str) -> tuple[str, list[str]]:
    """The transcription ``text`` with a module of the instances of ``file``'s claims after it,
    and that module's goals: one a call of a function with a precondition, one a
    condition."""
    lines = ["module Instances", "  use int.Int", "  use real.RealInfix", f"  use {module}"]
    goals = []
    required = preconditioned(text)
    for claim in why3_claims():
        if claim.file != file or claim.instance is None:
            continue
        for i, call in enumerate(claim.instance.calls):
            name = f"{claim.name.replace('-', '_')}_{i}"
            lines.append(f"  let ghost {name} () = {call}")
            if re.match(r"\w+", call)[0] in required:  # type: ignore[index]
                goals.append(f"{name}'vc")
        for i, condition in enumerate(claim.instance.holds):
            name = f"{claim.name.replace('-', '_')}_holds_{i}"
            lines.append(f"  goal {name}: {condition}")
            goals.append(name)
    return text + "\n" + "\n".join([*lines, "end", ""]), goals


def typed(text: str, tmp_path: Path) -> str:
    """What Why3 says of ``text`` read and typed, and nothing proved (empty: it is well typed)."""
    path = tmp_path / "instances.mlw"
    path.write_text(text)
    done = subprocess.run(["why3", "prove", "--type-only", path.name], cwd=tmp_path,
                          capture_output=True, text=True, check=False)  # fmt: skip
    return (done.stdout + done.stderr).strip() if done.returncode else ""


needs_why3 = pytest.mark.skipif(
    shutil.which("why3") is None or shutil.which("cvc4") is None,
    reason="Why3 or CVC4 is not installed (Debian: apt-get install why3 cvc4 z3)",
)


@pytest.mark.slow
@needs_why3
@pytest.mark.parametrize("file", list(FILES))
def test_each_why3_claim_is_met_by_its_instance(file: str, tmp_path: Path) -> None:
    text, goals = instances(file, WHY3.source(file), FILES[file])
    if not goals:  # no call of a function with a precondition: the module is only typed
        assert typed(text, tmp_path) == ""
        return
    proof = prove(file, "Instances", text, goals)
    assert proof.error is None, proof.error  # Why3 types the whole text before it proves a goal
    assert set(proof.goals) == set(goals)
    assert unproved(proof) == []


_DECLARED = re.compile(
    r"^  (let|with|function|predicate|type|lemma|goal|constant|use|clone)\b"
    r"(?:\s+(?:rec|ghost|lemma|function|predicate|constant))*\s+([\w.]+)",
    re.M,
)
"""A declaration of a module's top level (indented by two spaces in the transcriptions): a
``with`` continues the group the one before it starts."""


def groups(text: str) -> list[list[tuple[str, str]]]:
    """The top-level declarations of a transcription, with their text (comments left out), in
    recursive groups (a ``let`` and its ``with``; every other declaration a group of its own)."""
    text = re.sub(r"\(\*.*?\*\)", "", text, flags=re.S)
    found = list(_DECLARED.finditer(text))
    out: list[list[tuple[str, str]]] = []
    for m, n in zip(found, [*found[1:], None], strict=True):
        if m[1] != "with":
            out.append([])
        out[-1].append((m[2], text[m.start() : n.start() if n else len(text)]))
    return out


def preconditioned(text: str) -> set[str]:
    """The functions of a transcription that have a precondition."""
    return {
        name
        for group in groups(text)
        for name, body in group
        if re.search(r"^\s*requires\b", body, re.M)
    }


def roots(text: str) -> set[str]:
    """The statements of a transcription: the first function of each recursive group (a ``let``
    and its ``with``) that no function outside the group calls, where one of the group has a
    precondition."""
    found = groups(text)
    out = set()
    for group in found:
        names = {name for name, _ in group}
        called = any(
            re.search(rf"\b{name}\b", body)
            for other in found
            if other is not group
            for _, body in other
            for name in names
        )
        required = any(re.search(r"^\s*requires\b", body, re.M) for _, body in group)
        if required and not called:
            out.add(group[0][0])
    return out


def test_every_statement_of_a_transcription_with_a_precondition_has_an_instance() -> None:
    """A claim's statement is a function no other function calls; if it has a precondition,
    some instance calls it (a helper's precondition is its callers' to meet: the proof of each
    caller shows it is met wherever the caller's is)."""
    for file in FILES:
        called = {
            re.match(r"\w+", call)[0]  # type: ignore[index]
            for c in why3_claims()
            if c.file == file and c.instance is not None
            for call in c.instance.calls
        }
        missing = roots(WHY3.source(file)) - called
        assert not missing, f"{file}.mlw: no instance calls {sorted(missing)}"


def vacuous(verifier_name: str) -> list[Flaw]:
    return [f for th in THEOREMS for f in th.flaws if f.vacuous and f.verifier == verifier_name]


@pytest.mark.parametrize("flaw", vacuous("nagini"), ids=lambda f: f.name)
def test_a_vacuous_nagini_precondition_fails_its_claims_instance(flaw: Flaw) -> None:
    seeded = verified.seeded(NAGINI, flaw)
    hit = [c for c in nagini_claims() if c.file == flaw.file
           and NAGINI.tests(NAGINI.source(c.file), flaw, c)]  # fmt: skip
    assert hit
    for claim in hit:
        with pytest.raises(ContractError, match="precondition"):
            entered(claim, seeded)


@needs_why3
@pytest.mark.parametrize("flaw", vacuous("why3"), ids=lambda f: f.name)
def test_a_vacuous_why3_precondition_fails_its_claims_instance(flaw: Flaw) -> None:
    text, goals = instances(flaw.file, verified.seeded(WHY3, flaw), FILES[flaw.file])
    proof = prove(flaw.file, "Instances", text, goals)
    assert proof.error is None
    assert unproved(proof), "the seeded precondition was met: it is not vacuous"


def test_each_verifier_has_a_vacuous_flaw_and_every_claim_an_instance() -> None:
    assert vacuous("nagini")
    assert vacuous("why3")
    assert all(c.instance is not None for _, c in claims())
