"""The docs: every figure is made by a command the same page names, and the commands work.

The ``>>>`` examples of the pages run as doctests (``docs`` is in pytest's testpaths). Here:
each picture a page shows exists and is written by a ``gametree draw`` or ``gametree
experiment`` command in that page; each such ``draw`` command, run again, makes a picture of
the same size as the one in the docs (so a changed tree or layout cannot leave a stale
picture behind); each ``experiment`` command runs (at its quick size); and the tree files of
``docs/trees`` are ``gametree.figures``'s trees.
"""

import re
import shlex
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


def commands(page: Path) -> list[list[str]]:
    return [shlex.split(m.group(0), comments=True)[1:] for m in COMMAND.finditer(page.read_text())]


def written_by(argv: list[str]) -> list[str]:
    """The figures (paths relative to docs/) a command writes."""
    if argv[0] == "draw":
        out = argv[argv.index("-o") + 1]
        return [out.removeprefix("docs/")]
    out = argv[argv.index("--out") + 1] if "--out" in argv else "."
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


@pytest.mark.parametrize("argv", EXPERIMENTS, ids=lambda a: a[1])
def test_each_experiment_command_runs(
    argv: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = [a for a in argv if a != "--full"]
    if "--out" in args:
        k = args.index("--out")
        assert (ROOT / args[k + 1] / f"{args[1]}.csv").is_file()
        del args[k : k + 2]
    code = cli.main([*args, "--quick", "--jobs", "1", "--no-progress", "--out", str(tmp_path)])
    assert code == 0
    assert (tmp_path / f"{args[1]}.png").is_file()
