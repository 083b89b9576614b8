"""The mutation run's own configuration: its Hypothesis profile, its equivalent list, its hang
guard, the copy of the package it tests, its module names and the staleness test that resuming
relies on."""

import os
import re
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import Phase, settings

from mutation import hang_guard, module_name, module_names, source_of
from mutation.hypothesis_profile import MUTATION_PHASES
from mutation.regenerate import stale
from mutation.report import equivalent_mutants, module_of

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
SETTINGS = [
    "max_examples", "derandomize", "database", "verbosity", "stateful_step_count",
    "report_multiple_bugs", "suppress_health_check", "deadline", "print_blob", "backend",
]  # fmt: skip
"""Every setting of a Hypothesis profile but ``phases``."""


def test_the_setting_names_are_all_of_hypothesis_s_but_phases() -> None:
    public = {name for name in dir(settings) if not name.startswith("_")}
    methods = {"get_profile", "get_current_profile_name", "load_profile", "register_profile"}
    assert public - methods - {"show_changed", "phases"} == set(SETTINGS)


@pytest.mark.parametrize("name", SETTINGS)
def test_the_mutation_profile_is_ci_s_in_every_setting_but_the_phases(name: str) -> None:
    ci, mutation = settings.get_profile("ci"), settings.get_profile("mutation")
    assert getattr(mutation, name) == getattr(ci, name)


def test_the_mutation_profile_runs_every_phase_of_ci_s_but_shrinking() -> None:
    ci, mutation = settings.get_profile("ci"), settings.get_profile("mutation")
    assert Phase.shrink in ci.phases
    assert set(mutation.phases) == set(ci.phases) - {Phase.shrink} == set(MUTATION_PHASES)


def test_the_selected_test_files_exist_and_the_excluded_modules_too() -> None:
    selection = CONFIG["pytest_add_cli_args_test_selection"]
    files = [a for a in selection if not a.startswith("-")]
    deselected = [a.removeprefix("--deselect=") for a in selection if a.startswith("--deselect=")]
    assert files
    assert all((ROOT / f).is_file() for f in files)
    for test_id in deselected:
        path, name = test_id.split("::")
        assert f"def {name}(" in (ROOT / path).read_text()
    assert all((ROOT / f).is_file() for f in CONFIG["do_not_mutate"])


def equivalent_list() -> dict[str, str]:
    return equivalent_mutants((ROOT / "mutation" / "equivalent.md").read_text())


def test_the_mutants_dir_holds_the_whole_package_the_tests_import() -> None:
    """mutants/ is first on the tests' sys.path: a partial gametree there shadows the rest.

    mutmut copies the source_paths and also_copy; together they must be all of gametree/, or
    the copy is a namespace package without gametree/__init__.py and the modules it lacks are
    found elsewhere (the checkout, through an editable install) or not at all.
    """
    copied = {Path(p) for p in [*CONFIG["source_paths"], *CONFIG["also_copy"]]}
    assert all(Path(p).parts[0] == "gametree" for p in CONFIG["source_paths"])
    assert all((ROOT / p).exists() for p in copied)
    entries = {
        p.relative_to(ROOT) for p in (ROOT / "gametree").iterdir() if p.name != "__pycache__"
    }
    assert entries - copied == set(), "add them to [tool.mutmut] also_copy"
    assert Path("gametree/__init__.py") in copied
    assert {p for p in copied if p.parts[0] == "gametree"} <= entries  # none twice, none nested


def test_a_mutant_is_named_by_its_source_s_path_as_mutmut_names_it() -> None:
    format_utils = pytest.importorskip("mutmut.utils.format_utils")
    name = format_utils.get_mutant_name(Path("gametree/spec/tree.py"), "xǁNodeǁf__mutmut_3")
    assert name == "gametree.spec.tree.xǁNodeǁf__mutmut_3"
    assert module_of(name) == "gametree.spec.tree"
    assert source_of(module_of(name)) == Path("gametree/spec/tree.py")


def test_a_module_is_named_in_full_or_without_the_package() -> None:
    assert module_name("impl.alphabeta") == module_name("gametree.impl.alphabeta")
    assert module_names(["spec.tree", "gametree.impl.alphabeta"]) == [
        "gametree.spec.tree",
        "gametree.impl.alphabeta",
    ]
    for wrong in ("spec.nothing", "gametree.cli", "spec.strategies", "tree"):
        with pytest.raises(SystemExit, match="not a module mutmut mutates"):
            module_names([wrong])


@pytest.mark.parametrize("name", sorted(equivalent_list()) or ["(none)"])
def test_each_equivalent_mutant_names_a_mutated_function_and_says_why(name: str) -> None:
    if name == "(none)":
        pytest.skip("the equivalent list is empty")
    module = module_of(name)
    assert module_names([module]) == [module], f"{name}: no mutated module {module}"
    path = ROOT / source_of(module)
    function = re.sub(r"__mutmut_\d+$", "", name[len(module) + 1 :])
    *classes, function = function.removeprefix("x_").removeprefix("xǁ").split("ǁ")
    source = path.read_text()
    assert all(f"class {c}" in source for c in classes), f"{name}: no class {classes}"
    assert f"def {function}(" in source, f"{name}: no function {function} in {module}"
    mutation, reason = equivalent_list()[name].split("|")
    assert mutation.strip()
    assert len(reason.split()) >= 5, f"{name}: say why it is equivalent"


def test_the_equivalent_list_parser_refuses_a_mutant_listed_twice() -> None:
    row = "| `gametree.spec.a.x_f__mutmut_1` | a | b |"
    with pytest.raises(ValueError, match="listed twice"):
        equivalent_mutants(f"{row}\n{row}\n")


HANG_TESTS = """
import time

def test_quick():
    pass

def test_not_timed():
    time.sleep(1)

def test_hangs():
    while True:
        pass
"""

RUN_GUARDED = """
import sys
import pytest
import mutation.hang_guard as guard
guard.GRACE = 0.5
guard.DURATIONS = {"test_hang.py::test_quick": 0.0, "test_hang.py::test_hangs": 0.0}
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "-p", "mutation.hang_guard", *sys.argv[1:]]))
"""


@pytest.mark.parametrize(
    ("selected", "code"),
    [("-k not hangs", 0), ("-k hangs", -signal.SIGXCPU)],
)
def test_a_hung_test_ends_the_run_as_mutmut_s_timer_would(
    tmp_path: Path, selected: str, code: int
) -> None:
    """The alarm covers only timed tests and is cleared after each; a hang ends in SIGXCPU."""
    (tmp_path / "test_hang.py").write_text(HANG_TESTS)
    done = subprocess.run(
        [sys.executable, "-c", RUN_GUARDED, "test_hang.py", selected],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == code, done.stdout + done.stderr


def test_the_guard_is_off_outside_mutmut_s_copy() -> None:
    assert not (ROOT / "mutmut-stats.json").exists()
    assert hang_guard.DURATIONS == {}
    assert hang_guard.limit(2.0) == hang_guard.SLOWDOWN * 2.0 + hang_guard.GRACE


def test_a_source_is_stale_unless_its_mutants_are_strictly_newer(tmp_path: Path) -> None:
    """mutmut keeps a file's mutants only while their copy is newer than the source."""
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mutmut]\nsource_paths = ["gametree/impl"]\ndo_not_mutate = []\n'
    )
    impl = Path("gametree", "impl")
    (tmp_path / impl).mkdir(parents=True)
    (tmp_path / "mutants" / impl).mkdir(parents=True)
    for name in ("older.py", "same.py", "newer.py", "uncopied.py"):
        (tmp_path / impl / name).write_text("")
    for name, copied_at in (("older.py", 50), ("same.py", 100), ("newer.py", 150)):
        (tmp_path / "mutants" / impl / name).write_text("")
        os.utime(tmp_path / "mutants" / impl / name, (copied_at, copied_at))
    for name in ("older.py", "same.py", "newer.py", "uncopied.py"):
        os.utime(tmp_path / impl / name, (100, 100))
    assert stale([], tmp_path) == [impl / "older.py", impl / "same.py", impl / "uncopied.py"]
    assert stale(["impl.newer", "gametree.impl.same"], tmp_path) == [impl / "same.py"]
