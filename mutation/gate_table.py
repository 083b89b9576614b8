"""``mutation/gate.md``: the gate's mutation score per semantics, before and after; its survivors.

Read from the results :mod:`mutation.gate` stored (``gate-before.json``, measured before the
generators were improved, and ``gate-results.json``) and from ``gate_equivalent.md``, whose
rows name a mutant (``module:function:OPk``), its change and the reason it survives: in the
section *Equivalent* no request can tell it from the search; in *Explained* a request can,
and the gate does not ask one. The score of a semantics is the mutants killed over those
asked less the equivalent ones, with the gate's defaults and with ``--no-vectors``.
"""

import re
from collections import Counter
from pathlib import Path
from typing import Any

from mutation.gate import BEFORE, EQUIVALENT, PHASES, RESULTS, SUBJECTS, TABLE, load
from mutation.operators import mutants

__all__ = ["listed", "write"]

ROW = re.compile(
    r"^\|\s*`(?P<name>[\w.]+:[\w.]+:[A-Z]+\d+@[\w-]+)`\s*\|(?P<change>[^|]*)\|(?P<why>.*)\|\s*$"
)
"""A row of the lists: | `module:function:OPk@semantics` | the change | why it survives |."""


def listed(text: str) -> dict[str, tuple[str, str, str]]:
    r"""The mutants ``gate_equivalent.md`` lists: {name: (section, change, reason)}.

    >>> listed("## Equivalent\n| `gametree.impl.a:f:ROR0@maxn` | line 3: `<` → `<=` | never |")
    {'gametree.impl.a:f:ROR0@maxn': ('Equivalent', 'line 3: `<` → `<=`', 'never')}
    """
    found: dict[str, tuple[str, str, str]] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        m = ROW.match(line)
        if m:
            if m["name"] in found:
                raise ValueError(f"{m['name']} is listed twice in {EQUIVALENT.name}")
            found[m["name"]] = (section, m["change"].strip(), m["why"].strip())
    return found


def _scores(results: dict[str, dict[str, Any]], lists: dict[str, tuple[str, str, str]]) -> dict[
    str, dict[str, int]
]:  # fmt: skip
    """Per semantics: mutants made, asked, equivalent, killed in each phase."""
    out: dict[str, Counter[str]] = {}
    made: dict[str, set[str]] = {}
    for s in SUBJECTS:  # a mutant of two subjects of one semantics is made once
        made.setdefault(s.semantics, set()).update(m.name for m in mutants(s.module, s.functions))
    for key, entry in results.items():
        if key.startswith("control@"):
            continue
        semantics = key.rsplit("@", 1)[1]
        c = out.setdefault(semantics, Counter())
        c["asked"] += 1
        equivalent = lists.get(key, ("",))[0] == "Equivalent"
        c["equivalent"] += equivalent
        for phase in PHASES:
            c[phase] += bool(entry.get(phase, {}).get("killed"))
    return {s: {"made": len(made[s]), **out.get(s, Counter())} for s in dict.fromkeys(
        x.semantics for x in SUBJECTS)}  # fmt: skip


def _pair(before: dict[str, int], after: dict[str, int], key: str) -> str:
    return f"{before.get(key, 0)}, {after.get(key, 0)}"


def _score(c: dict[str, int], phase: str) -> str:
    if not c.get("asked"):
        return "-"
    base = c["asked"] - c.get("equivalent", 0)
    return f"{c.get(phase, 0)}/{base} ({100 * c.get(phase, 0) / base:.0f}%)" if base else "-"


def table(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]],
          lists: dict[str, tuple[str, str, str]]) -> str:  # fmt: skip
    """The markdown of ``mutation/gate.md``'s tables."""
    b, a = _scores(before, lists), _scores(after, lists)
    rows = [
        (
            "| semantics | mutants | asked: before, after | equivalent: before, after "
            "| killed, defaults: before | after "
            "| killed, --no-vectors: before | after |"
        ),
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for s, c in a.items():
        before_ = b.get(s, {})
        rows.append(f"| `{s}` | {c['made']} | {_pair(before_, c, 'asked')} "
                    f"| {_pair(before_, c, 'equivalent')} "
                    f"| {_score(before_, 'defaults')} | {_score(c, 'defaults')} "
                    f"| {_score(before_, 'no-vectors')} | {_score(c, 'no-vectors')} |")  # fmt: skip
    rows += ["", "| mutant | change | defaults | --no-vectors | why it survives |",
             "| --- | --- | --- | --- | --- |"]  # fmt: skip
    for key, entry in sorted(after.items()):
        if key.startswith("control@"):
            continue
        phases = [entry.get(p, {}) for p in PHASES]
        if all(x.get("killed") for x in phases):
            continue
        cells = ["killed" if x.get("killed") else "survived" for x in phases]
        section, _, why = lists.get(key, ("", "", ""))
        reason = f"{section.lower()}: {why}" if section else "**not explained**"
        rows.append(f"| `{key}` | {entry['change']} | {cells[0]} | {cells[1]} | {reason} |")
    return "\n".join(rows) + "\n"


BEGIN = "<!-- the tables below are written by: python -m mutation.gate table -->"


def write(table_path: Path = TABLE) -> int:
    """Rewrite the tables of ``mutation/gate.md``; 1 if a survivor is not explained."""
    lists = listed(EQUIVALENT.read_text(encoding="utf-8")) if EQUIVALENT.exists() else {}
    after = load(RESULTS)
    text = table(load(BEFORE), after, lists)
    head = table_path.read_text(encoding="utf-8").split(BEGIN, 1)[0] if table_path.exists() else ""
    table_path.write_text(f"{head}{BEGIN}\n\n{text}", encoding="utf-8")
    return 1 if "**not explained**" in text else 0
