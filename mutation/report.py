"""The mutation score of ``gametree.spec`` and ``gametree.impl``, per module, from ``mutants/``.

    python -m mutation.report [MODULE...]   # e.g. gametree.spec.tree impl.alphabeta; all if none
    python -m mutation.report --survivors [MODULE...]   # the unexplained survivors, one a line
    python -m mutation.report --unchecked [MODULE...]   # the mutants not yet run, one a line

A mutant is *detected* if the tests failed on it (killed) or ran past their time (timeout: the
mutant loops). It is *equivalent* if ``mutation/equivalent.md`` lists it with the reason no test
can tell it from the original. The score is detected / (checked − equivalent). Exit code 1 if a
checked mutant is neither detected nor listed (survived, no test reached it, or mutmut could
not tell), or if the list names a mutant that the run detected (the reason must be wrong).

Glossary: a mutant's name is mutmut's, ``gametree.spec.tree.x_check_well_formed__mutmut_3``
(``ǁClassǁ`` marks a method); its module is the part before the function. A module is named in
full or without ``gametree.`` (``spec.tree``), and mutmut keeps its results in
``mutants/gametree/spec/tree.py.meta``.
"""

import json
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

from mutation import ROOT, module_names, source_of, source_paths

MUTANTS = ROOT / "mutants"
EQUIVALENT = Path(__file__).resolve().parent / "equivalent.md"

DETECTED = ("killed", "timeout")
"""The statuses that count as the tests noticing the mutant."""

ENTRY = re.compile(r"^\|\s*`(?P<name>[\w.ǁ]+__mutmut_\d+)`\s*\|(?P<rest>.*)\|\s*$")
"""A row of the equivalent list: | `mutant name` | the mutation | why it is equivalent |."""


def equivalent_mutants(text: str) -> dict[str, str]:
    """The mutants an equivalent list names, each with the rest of its row (mutation, reason).

    >>> equivalent_mutants("| `gametree.spec.a.x_f__mutmut_1` | `<` → `<=` | ties never |")
    {'gametree.spec.a.x_f__mutmut_1': '`<` → `<=` | ties never'}
    """
    found: dict[str, str] = {}
    for line in text.splitlines():
        match = ENTRY.match(line)
        if match:
            name = match["name"]
            if name in found:
                raise ValueError(f"mutant {name!r} is listed twice in the equivalent list")
            found[name] = match["rest"].strip()
    return found


def module_of(mutant: str) -> str:
    """The dotted module a mutant's name belongs to.

    >>> module_of("gametree.spec.tree.xǁNodeǁby_depth__mutmut_2")
    'gametree.spec.tree'
    """
    return re.split(r"\.x[_ǁ]", mutant, maxsplit=1)[0]


def statuses(meta_files: Iterable[Path]) -> dict[str, str]:
    """Each mutant's status, read from mutmut's ``.meta`` files."""
    # Imported here so that the tests of the equivalent list run without the mutation extra.
    from mutmut.stats import status_by_exit_code  # type: ignore[import-not-found,unused-ignore]  # noqa: PLC0415

    found: dict[str, str] = {}
    for meta in meta_files:
        codes: Mapping[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
        found.update((name, status_by_exit_code[code]) for name, code in codes.items())
    return found


def meta_files(modules: list[str]) -> list[Path]:
    """The ``.meta`` files of ``modules`` (of every module mutmut mutates if empty)."""
    if not modules:
        return sorted(p for folder in source_paths() for p in (MUTANTS / folder).rglob("*.py.meta"))
    files = [MUTANTS / f"{source_of(module)}.meta" for module in module_names(modules)]
    missing = [str(f.relative_to(ROOT)) for f in files if not f.exists()]
    if missing:
        raise SystemExit(f"no mutmut results for {', '.join(missing)}: run dev.py mutate first")
    return files


def main(argv: list[str]) -> int:
    """Print the score per module and in total; 1 if a survivor is unexplained.

    With ``--survivors`` or ``--unchecked``, print only the names of the unexplained survivors,
    or of the mutants not yet checked, one a line.
    """
    listing = argv[0] if argv[:1] in (["--survivors"], ["--unchecked"]) else None
    found = statuses(meta_files(argv[1:] if listing else argv))
    equivalent = equivalent_mutants(EQUIVALENT.read_text())
    if listing:
        print("\n".join(listed(found, equivalent, unchecked=listing == "--unchecked")))
        return 0
    rows: dict[str, Counter[str]] = {}
    unexplained: list[str] = []
    wrongly_listed: list[str] = []
    for name, status in sorted(found.items()):
        count = rows.setdefault(module_of(name), Counter())
        count["mutants"] += 1
        if status in DETECTED:
            count[status] += 1
            if name in equivalent:
                wrongly_listed.append(name)
        elif status == "not checked":
            count["not checked"] += 1
        elif name in equivalent:
            count["equivalent"] += 1
        else:
            count["survived" if status == "survived" else "other"] += 1
            unexplained.append(f"{name}: {status}")
    columns = ["mutants", "killed", "timeout", "equivalent", "survived", "other", "not checked"]
    width = max(map(len, ["module", *rows])) + 2
    print(f"{'module':<{width}}" + "".join(f"{c:>12}" for c in columns) + f"{'score':>9}")
    total: Counter[str] = Counter()
    for module, count in sorted(rows.items()):
        total.update(count)
        print(line(module, count, columns, width))
    print(line("total", total, columns, width))
    print("other: no test reached the mutant, or mutmut found it suspicious; score: detected /")
    print("(checked - equivalent), where detected = killed + timeout (mutation/report.py)")
    for message in unexplained:
        print(f"unexplained survivor {message}")
    for name in wrongly_listed:
        print(f"{name} is in mutation/equivalent.md but the tests detect it")
    return 1 if unexplained or wrongly_listed else 0


def listed(found: dict[str, str], equivalent: Mapping[str, str], *, unchecked: bool) -> list[str]:
    """The mutants not yet checked, or else the checked ones neither detected nor explained."""
    if unchecked:
        return [name for name, status in sorted(found.items()) if status == "not checked"]
    return [
        name
        for name, status in sorted(found.items())
        if status not in (*DETECTED, "not checked") and name not in equivalent
    ]


def line(module: str, count: Counter[str], columns: list[str], width: int) -> str:
    """One row of the table: the counts, and the score if any mutant was checked."""
    checked = count["mutants"] - count["not checked"] - count["equivalent"]
    detected = sum(count[s] for s in DETECTED)
    score = f"{100 * detected / checked:8.1f}%" if checked else f"{'-':>9}"
    return f"{module:<{width}}" + "".join(f"{count[c]:>12}" for c in columns) + score


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
