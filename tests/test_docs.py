"""The docs: every figure is made by a command the same page names, and the commands work.

The ``>>>`` examples of the pages run as doctests (``docs`` is in pytest's testpaths). Here:
each picture a page shows exists and is written by a ``gametree draw`` or ``gametree
experiment`` command in that page; each such ``draw`` command, run again, makes a picture of
the same size as the one in the docs (so a changed tree or layout cannot leave a stale
picture behind); each ``experiment`` command runs (at its quick size); and the tree files of
``docs/trees`` are ``gametree.figures``'s trees.

And what a user reads: no date, load average or run time that no named script produced, in the
README, CONTRIBUTING.md, the docs and the proofs' README; a guide whose index links every page;
a README of at most 150 lines; every author cited listed in ``docs/references.md``, and no
source cited by the number of its file among the project's seeds.
"""

import re
import shlex
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from gametree import cli, experiments
from gametree.figures import FIGURES

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
IMAGE = re.compile(r"!\[[^\]]*\]\((?:docs/)?(figures/[^)]+\.png)\)")
COMMAND = re.compile(r"^gametree (draw|experiment) .*docs/figures.*$", re.MULTILINE)
"""A command in a page that writes a figure of the docs (synopses such as OUT.svg are not)."""
SCREENSHOTS = {
    f"figures/{prefix}-{name}.png"
    for prefix, tests in [("explore", "test_explore_page.py"), ("serve", "test_serve_browser.py")]
    for name in re.findall(r'screenshot\(page, "([\w-]+)"', (ROOT / "tests" / tests).read_text())
}
"""The explore and serve pages' screenshots, which their browser tests take
(GAMETREE_SCREENSHOTS=1)."""


OUTPUT = {"-o", "--output", "--out"}
"""The output option of ``gametree experiment`` (``--out`` its old spelling)."""


def commands(page: Path) -> list[list[str]]:
    return [shlex.split(m.group(0), comments=True)[1:] for m in COMMAND.finditer(page.read_text())]


def written_by(argv: list[str]) -> list[str]:
    """The figures (paths relative to docs/) a command writes."""
    if argv[0] == "draw":
        out = argv[argv.index("-o") + 1]
        return [out.removeprefix("docs/")]
    out = next((argv[k + 1] for k, a in enumerate(argv) if a in OUTPUT), ".")
    parts = getattr(experiments.EXPERIMENTS[argv[1]], "PLOTS", ())
    return [f"{out.removeprefix('docs/')}/{name}.png" for name in
            [argv[1], *[f"{argv[1]}-{part}" for part in parts]]]  # fmt: skip


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_each_figure_is_made_by_a_command_on_its_page(page: Path) -> None:
    shown = set(IMAGE.findall(page.read_text()))
    made = {f for argv in commands(page) for f in written_by(argv)} | SCREENSHOTS
    assert shown <= made, f"{page.name}: no command for {sorted(shown - made)}"
    for figure in shown:
        assert (DOCS / figure).is_file(), figure


def test_every_figure_in_the_docs_is_shown_somewhere() -> None:
    shown = {f for page in PAGES for f in IMAGE.findall(page.read_text())}
    present = {f"figures/{p.name}" for p in (DOCS / "figures").glob("*.png")}
    assert present == shown


def test_the_tree_files_are_the_figures_module_s() -> None:
    files = {p.stem: p.read_text() for p in (DOCS / "trees").glob("*.json")}
    assert set(files) == set(FIGURES)
    for name, f in FIGURES.items():
        assert files[name] == f.document(), name


DRAWS = [(page, argv) for page in PAGES for argv in commands(page) if argv[0] == "draw"]
EXPERIMENTS = sorted({tuple(argv) for page in PAGES for argv in commands(page)
                      if argv[0] == "experiment"})  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("page", "argv"), DRAWS, ids=lambda x: getattr(x, "name", None))
def test_each_draw_command_makes_the_figure_in_the_docs(
    page: Path, argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    k = argv.index("-o")
    committed = ROOT / argv[k + 1]
    fresh = tmp_path / committed.name
    assert cli.main([*argv[:k], "-o", str(fresh), *argv[k + 2 :]]) == 0
    with Image.open(committed) as a, Image.open(fresh) as b:
        assert a.size == b.size, f"{committed.name} is stale: run the command in {page.name}"


@pytest.mark.slow
@pytest.mark.parametrize("argv", EXPERIMENTS, ids=lambda a: a[1])
def test_each_experiment_command_runs(
    argv: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = [a for a in argv if a != "--full"]
    if OUTPUT & set(args):
        k = next(k for k, a in enumerate(args) if a in OUTPUT)
        assert (ROOT / args[k + 1] / f"{args[1]}.csv").is_file()
        del args[k : k + 2]
    code = cli.main([*args, "--quick", "--jobs", "1", "--no-progress", "-o", str(tmp_path)])
    assert code == 0
    assert (tmp_path / f"{args[1]}.png").is_file()


# -- What a user reads: no dated measurement, every page linked, a README that fits ----------

USER_DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(DOCS.glob("*.md")),
             ROOT / "gametree" / "proofs" / "README.md"]  # fmt: skip
NUMBER = (
    r"(?i:\d(?:[\d,]*\d)?(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty"
    r"|forty|fifty|sixty|a few|several|a couple of)"
)
DURATION = re.compile(
    rf"\b{NUMBER}(?:\s*(?:to|-|–|or)\s*{NUMBER})?(?:\s+|(?<=\d))"
    r"(?:ms|s|secs?|seconds?|mins?|minutes?|hours?|h|days?)\b(?!-)"
)
"""A run time: a number (or a range) and a unit of time."""
DATE = re.compile(
    r"\b(?:19|20)\d\d-\d\d-\d\d\b|\b(?:January|February|March|April|May|June|July|August"
    r"|September|October|November|December)\s+(?:\d{1,2},\s*)?(?:19|20)\d\d\b"
)
LOAD = re.compile(
    r"\bload(?:\s+average)?s?(?:\s+of)?\s+(?:\d|from)|\bloaded\s+at\s+\d|\bat\s+load\b"
    r"|\bload\s+average\b",
    re.IGNORECASE,
)
SETTING = re.compile(r"default|time-?out|deadline|limit|budget|guard|--[a-z]", re.IGNORECASE)
"""A sentence with one of these states a setting (a timeout, a budget), not a measurement."""
SCRIPT = re.compile(r"bench/[\w/]+\.py")
"""A benchmark script: a paragraph that names one may state the figures it prints."""
GENERATED = (re.compile(r"<!--.*written by:.*-->"), re.compile(r"<!-- end of .*-->"))
"""A region a named script writes (its figures are that script's)."""


def paragraphs(text: str) -> list[tuple[int, str]]:
    """The text's paragraphs, list items and table rows, each with its first line's number,
    leaving out the regions a named script writes."""
    found: list[tuple[int, str]] = []
    lines: list[str] = []
    start, generated = 0, False
    for n, line in enumerate([*text.splitlines(), ""], 1):
        generated = (generated or bool(GENERATED[0].search(line))) and not GENERATED[1].search(line)
        item = re.match(r"\s*(?:[-*]|\d+\.) |\|", line) is not None
        if lines and (generated or not line.strip() or item or lines[-1].startswith("|")):
            found.append((start, " ".join(lines)))
            lines = []
        if not generated and line.strip():
            start = start if lines else n
            lines.append(line)
    return found


def unattributed_figures(text: str) -> list[str]:
    """Each date, load average, and run time that is neither a setting nor a named script's."""
    found = []
    for n, para in paragraphs(text):
        found += [f"line {n}: date {m.group(0)!r}" for m in DATE.finditer(para)]
        found += [f"line {n}: load {m.group(0)!r}" for m in LOAD.finditer(para)]
        if SCRIPT.search(para):
            continue
        for sentence in re.split(r"(?<=[.;:])\s", para):
            if not SETTING.search(sentence):
                found += [f"line {n}: run time {m.group(0)!r} in {sentence.strip()[:80]!r}"
                          for m in DURATION.finditer(sentence)]  # fmt: skip
    return found


def test_the_figure_check_finds_measurements_and_spares_settings_and_scripts() -> None:
    assert unattributed_figures("A clean clone takes about 14 minutes on 2 cores.") != []
    assert unattributed_figures("Measured (2026-12-01): fast.") != []
    assert unattributed_figures("It ran at load 3 to 7.") != []
    assert unattributed_figures("The pure kernel is 2 to 3 times slower.") == []
    assert unattributed_figures("Each request has a deadline (`--timeout`, 10 s).") == []
    assert unattributed_figures("`bench/spec_bench.py` prints it: about 5 s.") == []
    assert unattributed_figures("- `bench/x.py` measures it\n- it takes 2 min\n") != []
    table = "<!-- the table below is written by: python -m x -->\n| a | 3.2 s |\n<!-- end of it -->"
    assert unattributed_figures(table) == []
    assert unattributed_figures(table + "\nthen 4 s more\n") != []
    assert unattributed_figures("a second implementation; three Min nodes; a Min node") == []
    assert unattributed_figures("pairs (y, s - y), y in [0, s], s > 0") == []
    assert unattributed_figures("it took 1,200 s") != []


@pytest.mark.parametrize(
    "page",
    USER_DOCS,
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_user_docs_hold_no_date_load_or_run_time_that_no_named_script_produced(page: Path) -> None:
    assert unattributed_figures(page.read_text()) == [], page.name


def test_the_guide_links_every_page() -> None:
    index = (DOCS / "index.md").read_text()
    linked = {(DOCS / link).resolve() for link in re.findall(r"\]\(([^)#]+\.md)\)", index)}
    pages = {p.resolve() for p in DOCS.glob("*.md") if p.name != "index.md"}
    assert pages | {(ROOT / "gametree" / "proofs" / "README.md").resolve()} <= linked


def test_the_readme_fits_a_reader() -> None:
    """At most 150 lines, none over 100 characters outside code blocks."""
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 150
    prose = re.sub(r"^```.*?^```$", "", text, flags=re.MULTILINE | re.DOTALL)
    assert [line for line in prose.splitlines() if len(line) > 100] == []


# -- Citations: the works by name, every one in the bibliography -------------------------------

REFERENCES = (DOCS / "references.md").read_text()
CITATION = re.compile(
    r"\b([A-Z][a-zü]+)(?:,? [A-Z][a-zü]+)*(?: and (?:[A-Z]\. )*[A-Z][a-zü]+| et al\.(?:'s)?)?,?"
    r" \(?((?:1[89]|20)\d\d)\b(?!-)"
)
"""An author-year citation ("Korf 1989", "Plaat et al. 1996", "Sturtevant and Korf 2000"):
the first author's surname and the year."""
SEED = re.compile(r"\bseeds? ?0{1,2}\d\b|\bseed0\d", re.IGNORECASE)
"""A citation of a source by the number of its file among the project's seeds: meaningless to a
reader, who has no such files."""


def tracked_text() -> dict[str, str]:
    """The repository's tracked source and documentation files, by path."""
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=False).stdout.split()  # fmt: skip
    if not listed:
        pytest.skip("not a git checkout: the tracked files are unknown")
    kinds = (".py", ".md", ".js", ".mlw", ".c", ".json", ".toml", ".html")
    return {f: (ROOT / f).read_text(errors="replace") for f in listed
            if f.endswith(kinds) and (ROOT / f).is_file()}  # fmt: skip


def test_every_author_cited_is_in_the_references() -> None:
    cited = {(m.group(1), m.group(2), path) for path, text in tracked_text().items()
             for m in CITATION.finditer(text)}  # fmt: skip
    assert len({name for name, _, _ in cited}) >= 10  # the check reads real citations
    missing = sorted({f"{name} {year} ({path})" for name, year, path in cited
                      if name not in REFERENCES})  # fmt: skip
    assert missing == [], "docs/references.md lists no work of: " + "; ".join(missing)


def test_no_source_is_cited_by_its_seed_number() -> None:
    assert SEED.search("as seed 002 does")
    assert SEED.search("seed" + "004_cut")  # split, so that a sweep of the names leaves it
    assert not SEED.search("--seed 1989")
    assert not SEED.search("seed 20260501")
    found = sorted(f"{path}: {m.group(0)!r}" for path, text in tracked_text().items()
                   if path != "tests/test_docs.py"
                   for m in SEED.finditer(text))  # fmt: skip
    assert found == []


@pytest.mark.parametrize("page", USER_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_names_a_file_that_exists(page: Path) -> None:
    links = [m.group(1) for m in re.finditer(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text())
             if not m.group(1).startswith(("http://", "https://", "mailto:"))]  # fmt: skip
    assert [link for link in links if not (page.parent / link).exists()] == []
