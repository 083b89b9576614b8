"""Set up the checkout's ``.venv`` if needed, then run the main job or every check.

    python3 dev.py main   # solve the bundled example trees with the spec
    python3 dev.py test   # ruff, mypy --strict, and pytest (doctests, Hypothesis, CrossHair,
                          # the explore page in Debian's headless Chromium, installed if missing)
    python3 dev.py test --fast  # the same, less the tests marked slow, for the loop while working
    python3 dev.py mutate [MODULE...]  # mutmut over gametree.spec and gametree.impl, or MODULEs
    python3 dev.py build  # compile impl's two kernels with mypyc (test does it too)
    python3 dev.py verify [--check | --stale] [--jobs N] [KERNEL...]  # Nagini (and flaws)
    python3 dev.py verify why3 [--check] [--stale] [--jobs N] [FILE...]  # Why3 (and flaws)

Needs only Python 3.11+ with venv and pip. The ``.venv`` is created on first use and
reinstalled only when pyproject.toml changes. Extra arguments after ``test`` go to pytest.

``test --fast`` is the loop to run while working: ruff, mypy and pytest as ``test`` runs
them, but without the tests marked ``slow`` (``-m "not slow"``) and without Nagini. Slow
are whole files that run a verifier or a tool (every Why3 proof and flaw, CrossHair, the
wheel built and installed, the browser, the catalogue replayed in fresh processes, the
experiments' Dask cluster), listed with why in ``tests/conftest.py`` (``SLOW``), and the
single tests marked ``@pytest.mark.slow``, chosen from a measured run of the loop as the
costliest in CPU (a module keeping at least one test in the loop): the largest Hypothesis
properties and game searches, the gate run on engines in worker processes (hostile, faulty,
move-only, chance), the z3 decision chains, the catalogue's kept cases replayed, the
experiments and Why3 transcriptions run. What it leaves out, the full ``test`` (and CI) runs.
``mutate`` takes modules by dotted name (``gametree.spec.tree``, or ``spec.tree`` for short),
runs mutmut with ``MUTATE_JOBS`` workers (2 unless set), keeps results in ``mutants/`` so that a
second run of the same modules (or of all, without modules) resumes with the mutants not yet
checked, and prints the score per module (``mutation/report.py``); it exits with 1 if a mutant
survives that ``mutation/equivalent.md`` does not explain. ``mutate --survivors`` runs again the
last run's unexplained survivors, after tests were added to kill them, and any mutant not yet
checked. Either way a source edited since its mutants were made gets new ones first, so that the
mutants of its changed functions are run too.

``build`` compiles ``impl/_kernel.py`` (alpha-beta's) and ``impl/_optimal_kernel.py`` (the
optimal search's) with mypyc into ``impl._kernel_mypyc`` and ``impl._optimal_kernel_mypyc`` (C
extensions beside them, ignored by git), each tagged with its source's SHA-256 so that impl
never runs a build of another source (``impl/_compiled.py``). It runs the wheel's own build in
place (``setup.py build_ext --inplace``: one recipe for the checkout and for every wheel), and
stamps each source it built in ``build/<name>.sha256``. It needs a C compiler; without one it
says so and the pure-Python kernels run. ``test`` builds first (once per source), so the tests
check each compiled kernel against its pure-Python one and the spec.

``verify [KERNEL...]`` runs Nagini on the kernels of ``gametree/proofs/nagini/`` (all, or
those named) and on each of their seeded flaws, and stores the results
(``gametree/proofs/nagini/results.json``, one record per kernel, keyed by everything the
verdict depends on: ``gametree/proofs/machinery/verified.py``; a kernel not named keeps its
record).
Nagini's pinned tools (mypy 0.900, z3 4.8.7, pytest 7.0) conflict with the project's, so it
gets a venv of its own, ``.venv-nagini`` (nagini 1.2.0, the last release for Python 3.11,
which bundles Viper's backends; building its typed-ast needs a C compiler; the version is
``gametree.proofs.nagini.VERSIONS``'s, which a test checks against ``NAGINI``); it needs Java 11
or newer, which ``verify`` installs from Debian's packages (openjdk-17-jre-headless) when there
is none and apt-get can. One run of Nagini takes 1 to 3 minutes on the shared 2 cores (a kernel
about 100 to 135 s, each flaw, which verifies only the function it breaks, 1 to 3 minutes;
each stored record holds its run's ``seconds``), the whole of ``verify`` about 40 minutes in one
process; ``--jobs N`` runs N at once. ``verify --stale`` verifies only what is stale (Nagini's
and Why3's), ``verify --check [KERNEL...]`` the kernels named (by default the fast subset,
``gametree.proofs.nagini.verify.FAST``) again without their flaws, storing nothing.

``verify why3 [FILE...]`` proves the WhyML transcriptions of ``gametree/proofs/why3/`` (over
the rationals) and their seeded flaws with Why3 and stores the results there; plain ``verify``
(with no kernel named) runs it after Nagini.

In CI (``CI`` set, as ``.ci/run`` sets it) ``test`` first asks which stored verdicts are stale
(``python -m gametree.proofs --stale``). Normally none is: then it verifies
Nagini's fast subset with ``verify --check`` beside the build, ruff, mypy and pytest (Nagini is
mostly Java and z3, which take the core the build and the static checks leave idle, then share
pytest's; ``GAMETREE_NAGINI=fast`` does this outside CI too) and prints Nagini's output after
pytest's, about 4 minutes on a fresh machine, venv included. When some are
stale, it checks them again first, each file's own claims without its flaws and storing
nothing (:func:`check_stale`: ``verify --check`` for Nagini, ``verify why3 --check`` for Why3),
so that the run says whether the changed sources still verify; then runs pytest (whose tests
of the stored verdicts fail, naming what is stale); then fails anyway: a change must land with
its verdicts, verified with their flaws (``python3 dev.py verify --stale``). Checking without
the flaws bounds what a stale verdict costs CI: the flaws are four fifths of a full run
(CONTRIBUTING.md, CI). Outside CI a stale verdict fails the
tests, which name the command that verifies it again.

``test`` installs, with one apt-get, the system tools the tests use and the machine lacks
(``SYSTEM_TOOLS``: Chromium for the browser tests, Node.js for the explore engine's gate, Why3
with cvc4 and z3 for the transcriptions run against ``spec`` and ``impl``); where apt-get or
root is missing those tests skip, saying why, except in CI, which stops instead.
"""

import contextlib
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import venv
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
NAGINI_VENV = ROOT / ".venv-nagini"
NAGINI_BIN = NAGINI_VENV / ("Scripts" if os.name == "nt" else "bin")
NAGINI = "nagini==1.2.0"
NEXT = """
Next, after `. .venv/bin/activate`, README.md's three things to try: gametree solve (a tree),
gametree conform (an engine: docs/conformance.md) and gametree explore (a page to step through)."""
"""What ``main`` prints last: the commands README.md's "Three things to try" shows."""


def ensure_venv(extra: str | None) -> None:
    """Create ``.venv`` and install the project (with ``extra``) unless already up to date."""
    if sys.version_info < (3, 11):  # noqa: UP036 - the one check that must run on old Pythons
        sys.exit(f"gametree needs Python 3.11 or newer (this is {sys.version.split()[0]})")
    if not PYTHON.exists():
        print(f"creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    target = f".[{extra}]" if extra else "."
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{(extra or 'main').replace(',', '+')}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    print(f"installing gametree{target[1:]} into {VENV}", flush=True)
    run_quietly([str(PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    run_quietly([str(PYTHON), "-m", "pip", "install", "--quiet", "--editable", target])
    stamp.write_text(digest)


def run_quietly(command: list[str]) -> None:
    """Run ``command`` in the checkout, showing its output only if it fails (then exit).

    pip prints setuptools' warnings (the editable install's box) even with ``--quiet``: the
    first screen of a fresh clone's ``dev.py main`` should be its results.
    """
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr)
        sys.exit(done.returncode)


def run(command: list[str], env: dict[str, str] | None = None) -> None:
    """Run ``command`` in the checkout (with ``env`` added); exit with its code if it fails."""
    code = subprocess.call(command, cwd=ROOT, env={**os.environ, **(env or {})})
    if code != 0:
        sys.exit(code)


def mutate(modules: list[str]) -> None:
    """Run mutmut over ``modules`` (all of spec and impl if none), then print the score."""
    ensure_venv("dev,mutation")
    from mutation import module_names, source_of  # noqa: PLC0415 - after ensure_venv's version check

    survivors = modules == ["--survivors"]
    modules = [] if survivors else module_names(modules)  # gametree.spec.tree, from spec.tree too
    jobs = os.environ.get("MUTATE_JOBS", "2")
    # CI's derandomized Hypothesis examples, without shrinking (mutation/hypothesis_profile.py).
    # The pure-Python kernel: mutmut mutates impl/_kernel.py, which a compiled build would shadow.
    env = {"CI": "true", "HYPOTHESIS_PROFILE": "mutation", "GAMETREE_PURE_PYTHON": "1"}
    if survivors or (
        modules and all((ROOT / "mutants" / f"{source_of(m)}.meta").exists() for m in modules)
    ):
        # Resume: only the named modules' mutants not yet checked, or (--survivors) the last
        # run's unexplained survivors, once tests were added to kill them, and any mutant not
        # yet checked. Sources edited since their mutants were made get new mutants first, as
        # mutmut would make them only once started, after this list (mutation/regenerate.py).
        run([str(PYTHON), "-m", "mutation.regenerate", *modules], env)
        names = listed("--unchecked", modules)
        if survivors:
            names = listed("--survivors", modules) + names
        if names:
            run([str(BIN / "mutmut"), "run", "--max-children", jobs, *names], env)
    else:
        patterns = [f"{module}.*" for module in modules]
        run([str(BIN / "mutmut"), "run", "--max-children", jobs, *patterns], env)
    run([str(PYTHON), "-m", "mutation.report", *modules])


def listed(which: str, modules: list[str]) -> list[str]:
    """The names ``mutation.report`` lists with ``which`` (--survivors or --unchecked)."""
    done = subprocess.run(
        [str(PYTHON), "-m", "mutation.report", which, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.split()


KERNELS = ("_kernel", "_optimal_kernel")
"""The kernels ``build`` compiles, in gametree/impl (``gametree.impl._compiled.SOURCES``)."""


def build() -> None:
    """Compile impl's kernels with mypyc into impl.<name>_mypyc, unless already built from them."""
    impl = ROOT / "gametree" / "impl"
    # This interpreter's two extensions a kernel (the .venv's Python is the one running this
    # script): the module and mypyc's shared library, which it loads.
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    built = {
        name: [impl / f"{name}_mypyc{suffix}", impl / f"{name}_mypyc__mypyc{suffix}"]
        for name in KERNELS
    }
    digests = {
        name: hashlib.sha256((impl / f"{name}.py").read_bytes()).hexdigest() for name in KERNELS
    }
    stamps = {name: ROOT / "build" / f"{name}.sha256" for name in KERNELS}
    if all(
        all(p.exists() for p in built[name])
        and stamps[name].exists()
        and stamps[name].read_text() == digests[name]
        for name in KERNELS
    ):
        return
    for name in KERNELS:
        stamps[name].unlink(missing_ok=True)
        for old in impl.glob(f"{name}_mypyc*"):
            old.unlink()  # a build of another source; if this one fails, the reference runs
    # The wheel's build, in place: it says why on standard error when it compiles nothing (no C
    # compiler, mypyc or the compiler failed), and the pure-Python kernels run.
    run([str(PYTHON), "setup.py", "--quiet", "build_ext", "--inplace"])
    for name in KERNELS:
        if all(p.exists() for p in built[name]):
            stamps[name].parent.mkdir(exist_ok=True)
            stamps[name].write_text(digests[name])


WORKERS = ["-n", "3", "--dist", "loadfile"]
"""pytest in three workers on CI's two cores: part of the tests' time is spent waiting (on a
timeout, an engine's process, the browser, a package index), which a third worker fills. Each
test file goes whole to one worker (its module fixtures built once:
the wheel, the browser), except the files of ``tests/conftest.py``'s ``SPREAD``, whose tests go
one at a time (the gate runs of one semantics together) to whichever worker is free (minutes of
independent gate runs that would keep one core busy alone); ``python3 dev.py test -n 0`` runs in
one process."""

SYSTEM_TOOLS = (
    ("chromium", ("chromium", "fonts-dejavu-core"), "the browser tests"),
    ("node", ("nodejs",), "the explore engine's gate"),
    ("why3", ("why3",), "the Why3 proofs"),
    ("cvc4", ("cvc4",), "the Why3 proofs"),
    ("z3", ("z3",), "the Why3 proofs"),
)
"""(command, Debian packages, what needs it): the system tools the test command uses. DejaVu:
the fonts the explore page names, so that its screenshots look the same on every machine."""


def apt_install(packages: list[str], needed_by: str) -> bool:
    """Install Debian's ``packages`` (one apt-get update), or say why not and return False.

    Without apt-get or root nothing is installed and the tests that need them skip, saying
    why; in CI (``CI`` set) nothing may skip, so there this stops the run instead.
    """
    if not packages:
        return True
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        message = f"{needed_by} need(s) {', '.join(packages)} (Debian: apt-get install ...)"
        if os.environ.get("CI"):
            sys.exit(message)
        print(f"{message}: they will skip", flush=True)
        return False
    print(f"installing {' '.join(packages)} from Debian's packages for {needed_by}", flush=True)
    wait = ["-o", "DPkg::Lock::Timeout=600"]  # another install may hold the lock for a while
    run(["apt-get", *wait, "update", "--quiet"])
    run(["apt-get", *wait, "install", "--quiet", "--yes", "--no-install-recommends", *packages])
    return True


def ensure_system_tools(*commands: str) -> None:
    """Install what the tests need from Debian (``SYSTEM_TOOLS``, or those ``commands`` name)."""
    missing = [t for t in SYSTEM_TOOLS
               if shutil.which(t[0]) is None and (not commands or t[0] in commands)]  # fmt: skip
    packages = list(dict.fromkeys(p for _, ps, _ in missing for p in ps))
    needed_by = " and ".join(dict.fromkeys(why for _, _, why in missing))
    if apt_install(packages, needed_by) and not (Path.home() / ".why3.conf").exists():
        run(["why3", "config", "detect"])


def ensure_java() -> None:
    """Make sure Java 11 or newer runs (apt-get installs it when it is missing and can)."""
    if shutil.which("java") is None and not apt_install(["openjdk-17-jre-headless"], "Nagini"):
        sys.exit("Nagini needs Java 11 or newer: install it (Debian: openjdk-17-jre-headless)")
    shown = subprocess.run(["java", "-version"], capture_output=True, text=True, check=False)
    found = re.search(r'version "(\d+)(?:\.(\d+))?', shown.stderr + shown.stdout)
    major = int(found.group(1)) if found else 0
    if major == 1 and found and found.group(2):
        major = int(found.group(2))  # "1.8.0": Java 8
    if major < 11:
        sys.exit(f"Nagini needs Java 11 or newer (java -version says: {shown.stderr.strip()!r})")


def ensure_nagini() -> None:
    """Create ``.venv-nagini`` with Nagini, unless it is there already."""
    stamp = NAGINI_VENV / ".installed"
    if stamp.exists() and stamp.read_text() == NAGINI:
        return
    if not (NAGINI_BIN / "python").exists():
        print(f"creating {NAGINI_VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(NAGINI_VENV)
    print(f"installing {NAGINI} into {NAGINI_VENV}", flush=True)
    run([str(NAGINI_BIN / "python"), "-m", "pip", "install", "--quiet", NAGINI])
    stamp.write_text(NAGINI)


def verify(arguments: list[str]) -> None:
    """Run Nagini on the verified kernels (or those named) and their flaws; store the results.

    ``--check`` first: verify the kernels named (the fast subset by default) again, no flaws,
    storing nothing (the test command does this in CI). ``--stale``: only what is stale.
    ``--jobs N``: N runs at once. ``why3 [FILE...]``: Why3 on the WhyML transcriptions
    instead. No kernel named (and no ``--check``): both, everything (or everything stale).
    """
    ensure_venv("dev")
    if arguments[:1] == ["why3"]:
        ensure_system_tools("why3", "cvc4", "z3")
        run([str(PYTHON), "-m", "gametree.proofs.why3.verify", *arguments[1:]])
        return
    flags: list[str] = []
    names: list[str] = []
    for i, a in enumerate(arguments):
        (flags if a.startswith("--") or arguments[i - 1 : i] == ["--jobs"] else names).append(a)
    ensure_java()
    ensure_nagini()
    nagini = str(NAGINI_BIN / "nagini")
    code = subprocess.call(
        [str(PYTHON), "-m", "gametree.proofs.nagini.verify", *flags, nagini, *names], cwd=ROOT
    )
    if not names and "--check" not in flags:
        ensure_system_tools("why3", "cvc4", "z3")
        why3 = [str(PYTHON), "-m", "gametree.proofs.why3.verify", *flags]
        code = subprocess.call(why3, cwd=ROOT) or code
    if code:
        sys.exit(code)


def start_nagini(log: IO[str]) -> "subprocess.Popen[str]":
    """``verify --check`` (Nagini's fast subset) started beside the rest of ``test``.

    Its output goes to ``log``. It is mostly Java and z3, which take the core that the build,
    ruff and mypy leave idle, then the one pytest's workers share with it.

    Java is installed first, here, so that only this process runs apt-get. The verifying
    process uses the pure-Python kernels (``GAMETREE_PURE_PYTHON``), which Nagini's results
    do not depend on: it never imports a compiled kernel while the build is writing it. It
    runs in a process group of its own, which ``test`` kills if it stops early.
    """
    ensure_java()
    print("Nagini's fast subset: verifying beside the tests (verify --check)", flush=True)
    return subprocess.Popen(
        [sys.executable, __file__, "verify", "--check"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "GAMETREE_PURE_PYTHON": "1"}, start_new_session=True,
    )  # fmt: skip


def stale_verdicts() -> list[str]:
    """The stored verdicts that are stale, as ``VERIFIER NAME`` (``python -m gametree.proofs``)."""
    done = subprocess.run(
        [str(PYTHON), "-m", "gametree.proofs", "--stale"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout.splitlines()


def check_stale(stale: list[str]) -> int:
    """Verify the claims of the ``stale`` files (``VERIFIER NAME`` each) without their flaws.

    Nothing is stored: CI's bounded check that a changed source still verifies (Nagini's
    kernels one after another beside Why3's files, one core each). The exit code: 0 if all
    verify.
    """
    named = [line.split() for line in stale]
    kernels = [name for verifier, name in named if verifier == "nagini"]
    files = [name for verifier, name in named if verifier == "why3"]
    runs = [[sys.executable, __file__, "verify", "--check", *kernels]] * bool(kernels)
    runs += [[sys.executable, __file__, "verify", "why3", "--check", *files]] * bool(files)
    started = [subprocess.Popen(command) for command in runs]
    return max((p.wait() for p in started), default=0)


def main(argv: list[str]) -> None:
    """Dispatch ``main``, ``test``, ``mutate``, ``build`` or ``verify``."""
    if not argv or argv[0] not in {"main", "test", "mutate", "build", "verify"}:
        sys.exit(__doc__)
    if argv[0] == "mutate":
        mutate(argv[1:])
        return
    if argv[0] == "verify":
        verify(argv[1:])
        return
    if argv[0] == "main":
        ensure_venv("testing")  # what README.md's next steps need: the gate draws with Hypothesis
        run([str(BIN / "gametree"), "examples"])
        print(NEXT, flush=True)
        return
    ensure_venv("dev")
    if argv[0] == "build":
        build()
        return
    fast = argv[1:2] == ["--fast"]
    ensure_system_tools()
    stale = stale_verdicts() if os.environ.get("CI") and not fast else []
    check_nagini = (
        not fast
        and not stale
        and (bool(os.environ.get("CI")) or os.environ.get("GAMETREE_NAGINI") == "fast")
    )
    with tempfile.TemporaryFile("w+") as log:
        nagini = start_nagini(log) if check_nagini else None
        try:
            build()
            run([str(PYTHON), "-m", "ruff", "check", "."])
            run([str(PYTHON), "-m", "ruff", "format", "--check", "."])
            run([str(PYTHON), "-m", "mypy"])
            # Compiled once here, read by every Python the tests start (workers, commands,
            # pytest's own): PYTHONDONTWRITEBYTECODE, as CI and many machines set it, has each
            # compile them again (bench/tree_build_bench.py --part startup); compileall writes
            # them regardless.
            run([str(PYTHON), "-m", "compileall", "-q", "gametree", "tests", "examples"])
            if fast:
                run([str(PYTHON), "-m", "pytest", *WORKERS, "-m", "not slow", *argv[2:]])
                return
            if stale:
                print(f"stale stored verdicts: {', '.join(stale)}; checking them again",
                      flush=True)  # fmt: skip
                reverified = check_stale(stale)
            code = subprocess.call([str(PYTHON), "-m", "pytest", *WORKERS, *argv[1:]], cwd=ROOT)
        except BaseException:  # a check failed, or ^C: Nagini, Java and z3 stop too
            if nagini is not None:
                with contextlib.suppress(ProcessLookupError):  # it may have ended already
                    os.killpg(nagini.pid, signal.SIGKILL)
            raise
        if nagini is not None:
            verified = nagini.wait()
            log.seek(0)
            print(f"--- Nagini's fast subset (exit code {verified}) ---\n{log.read()}", flush=True)
            code = code or verified
    if stale:
        print(
            f"FAILED: the stored verdicts of {', '.join(stale)} are stale; their claims were "
            f"checked again above without their flaws (exit code {reverified}), and nothing was "
            "stored: verify them with their flaws and commit the results "
            "(python3 dev.py verify --stale)",
            flush=True,
        )
        code = code or 1
    sys.exit(code)


if __name__ == "__main__":
    main(sys.argv[1:])
