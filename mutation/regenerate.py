"""Bring ``mutants/`` up to date with edited sources, so that a resumed run lists every mutant.

    python -m mutation.regenerate [MODULE...]   # e.g. gametree.impl.engine; every module if none

``mutmut run`` regenerates the mutants of a source file edited since they were made (the file
is not older than its copy in ``mutants/``) and forgets the results of the functions that
changed, but only once it has started: a list of unchecked mutants made before the run (as
``dev.py mutate MODULE...`` makes one to resume) misses the changed functions' new mutants.
This runs mutmut's own step for each such file first, so the list is whole.
"""

import os
import sys
from pathlib import Path

from mutation import ROOT, module_names, source_of, source_paths


def stale(modules: list[str], root: Path = ROOT) -> list[Path]:
    """The sources of ``modules`` (relative to ``root``) that mutmut would mutate again.

    ``modules`` are named as ``gametree.impl.engine`` or ``impl.engine``; none means every
    source in ``[tool.mutmut]``'s ``source_paths``. mutmut keeps a file's mutants only while the
    copy in ``mutants/`` is strictly newer than the source (``create_mutants_for_file``); a
    source without a copy is stale too.
    """
    if modules:
        sources = [source_of(module) for module in module_names(modules, root)]
    else:
        sources = sorted(
            p.relative_to(root)
            for folder in source_paths(root)
            for p in (root / folder).rglob("*.py")
        )
    found = []
    for source in sources:
        copy = root / "mutants" / source
        if not copy.exists() or (root / source).stat().st_mtime >= copy.stat().st_mtime:
            found.append(source)
    return found


def main(argv: list[str]) -> int:
    """Regenerate the mutants of each stale source among ``argv``'s modules; print their paths."""
    from mutmut.__main__ import create_file_mutants  # type: ignore[import-not-found,unused-ignore]  # noqa: PLC0415

    os.chdir(ROOT)  # mutmut reads its [tool.mutmut] settings and writes mutants/ from here
    for source in stale(argv):
        outcome = create_file_mutants(source)
        if outcome.error is not None:
            raise outcome.error
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
