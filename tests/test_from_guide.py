"""The engines of examples/from_guide/, written from docs/games-gate.md alone, pass its gate.

Issue 36 asks for a Connect Four engine and a Kalah engine written by a reader of the guide
only (not beside it, as examples/kalah_engine.c and examples/connect4_engine.c were). Each C
engine is built with the C compiler and gated with the command docs/games-gate.md gives for it
(the line protocol, the variant read from a `{variant}` template); the JavaScript Kalah engine
speaks the default protocol, JSON lines, which carries the variant. Each seeded bug (a -D flag
of a C engine, `--bug NAME` of the JavaScript one) must fail the gate in the phase and the way
the bug shows: a move generator's bug at perft, shrunk to the move that differs; an
evaluation's, a capture's or a window's at the value phase; a solver's score at the solve phase.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from gametree import cli

pytestmark = pytest.mark.slow

FROM_GUIDE = Path(__file__).resolve().parent.parent / "examples" / "from_guide"
HANG_GUARD = 900  # seconds, for the compiler

KALAH_LINE = ("--game", "kalah", "--line", "--any-best-move")
CONNECT4_LINE = (
    *("--game", "connect4", "--line", "--any-best-move"),
    *("--evaluation", "outcome", "--solve-evaluation", "pons"),
)
KALAH_JSON = ("--game", "kalah", "--any-best-move")
CONNECT4_WINDOW = (
    *CONNECT4_LINE,
    *("--semantics", "negamax-alphabeta-fail-soft"),
    *("--line-request", "{ask} {depth} {alpha} {beta} {position}"),
)
# An engine that ignored the variant fails it at perft 5 (4690 sequences where the rules give 4685).
EMPTY_CAPTURE = ("--variant", "empty_capture=true")
KALAH_VARIANT = (*EMPTY_CAPTURE, "--line-request", "{variant} {ask} {depth} {position}")

ENGINES = [
    pytest.param("kalah.c", KALAH_LINE, id="kalah.c"),
    pytest.param("kalah.c", (*KALAH_LINE, *KALAH_VARIANT), id="kalah.c-empty"),
    pytest.param("connect4.c", CONNECT4_LINE, id="connect4.c"),
    pytest.param("connect4.c", CONNECT4_WINDOW, id="connect4.c-window"),
    pytest.param("kalah.js", KALAH_JSON, id="kalah.js"),
    pytest.param("kalah.js", (*KALAH_JSON, *EMPTY_CAPTURE), id="kalah.js-empty"),
]


def target(source: str, tmp_path: Path, bug: str | None = None) -> str:
    """The command that runs examples/from_guide/SOURCE (a C file built first), with BUG seeded.

    A C engine is compiled with the guide's flags, warnings as errors, and BUG as -DBUG; a
    JavaScript one runs under node with `--bug BUG`. The test skips without cc/gcc or node.
    """
    path = FROM_GUIDE / source
    if path.suffix == ".js":
        node = shutil.which("node")
        if node is None:
            pytest.skip(f"no node on PATH to run examples/from_guide/{source}")
        return shlex.join([node, str(path), *(["--bug", bug] if bug else [])])
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip(f"no C compiler (cc or gcc) on PATH to build examples/from_guide/{source}")
    binary = tmp_path / f"{path.stem}-{bug or 'correct'}"
    flags = [f"-D{bug}"] if bug else []
    command = [cc, "-O2", "-Wall", "-Wextra", "-Werror", *flags, "-o", str(binary), str(path)]
    subprocess.run(command, check=True, timeout=HANG_GUARD)
    return str(binary)


def gate(
    options: tuple[str, ...], command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> subprocess.CompletedProcess[str]:
    """`gametree conform` with the guide's OPTIONS for the engine COMMAND: its exit status and
    what it prints. Run in this process, as the command line runs it, so that the runs of one
    game's options work out its questions and their answers once (the reference's memos in
    gametree.conform.positions); the engine runs in its own process, as ever."""
    argv = ["conform", *options, "--target", command, "--cases-dir", str(tmp_path / "cases")]
    code = cli.main(argv)
    printed = capsys.readouterr()
    return subprocess.CompletedProcess(argv, code, printed.out, printed.err)


@pytest.mark.parametrize(("source", "options"), ENGINES)
def test_engine_passes_every_phase(
    source: str, options: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = gate(options, target(source, tmp_path), tmp_path, capsys)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("result: PASSED"), result.stdout
    for phase in ("perft", "value", "solve"):
        counted = re.search(rf"^{phase}: (\d+) pass$", result.stdout, re.MULTILINE)
        assert counted is not None, f"no {phase} phase, or one with failures:\n{result.stdout}"
        assert int(counted[1]) > 0, result.stdout


SEEDED = [
    pytest.param(
        "kalah.c",
        KALAH_LINE,
        "BUG_NO_EXTRA_TURN",
        [r"^FAILED perft: ", r"after 3: expected 5, got 6", r"the engine plays 3 wrongly"],
        id="kalah-no-extra-turn",
    ),
    pytest.param(
        "kalah.c",
        KALAH_LINE,
        "BUG_NO_SWEEP",
        [r"^FAILED value: value at depth \d+", r"^perft: \d+ pass$", r"replayed alone: fails"],
        id="kalah-no-sweep",
    ),
    pytest.param(
        "connect4.c",
        CONNECT4_LINE,
        "BUG_FULL_COLUMN",
        [r"^FAILED perft: ", r"divide 1 of '(\d)\1{5}'", r"moves: (\d) not legal here"],
        id="connect4-full-column",
    ),
    pytest.param(
        "connect4.c",
        CONNECT4_LINE,
        "BUG_NO_DIAGONAL",
        [r"^FAILED perft: ", r"not legal here \(the game is over\)"],
        id="connect4-no-diagonal",
    ),
    pytest.param(
        "connect4.c",
        CONNECT4_LINE,
        "BUG_PONS_COUNTS_BEFORE",
        [r"^FAILED solve: solve \(pons\) of ", r"^value: \d+ pass$", r"value: expected \d+, got"],
        id="connect4-pons-counts-before",
    ),
    # Under `outcome` the values at the horizon are mostly 0: the window slip shows where the
    # mover wins by force with its second move (the value phase's forced-win positions, asked
    # last), at the default seed, under both semantics.
    pytest.param(
        "connect4.c",
        (*CONNECT4_WINDOW, "--ask", "value"),
        "BUG_WINDOW_NOT_SWAPPED",
        [
            r"^FAILED value: value at depth \d+ \(negamax-alphabeta-fail-soft, outcome\)",
            r"^positions: .*, forced-win \d+$",
        ],
        id="connect4-window-not-swapped",
    ),
    pytest.param(
        "connect4.c",
        (*CONNECT4_LINE, "--ask", "value"),
        "BUG_WINDOW_NOT_SWAPPED",
        [r"^FAILED value: value at depth \d+ \(negamax, outcome\)", r"forced-win \d+$"],
        id="connect4-window-not-swapped-negamax",
    ),
    pytest.param(
        "kalah.js",
        KALAH_JSON,
        "capture-their-store",
        [r"^FAILED value: value at depth \d+", r"best_move: expected \d+ \(any best move\)"],
        id="kalah.js-capture-their-store",
    ),
]


@pytest.mark.parametrize(("source", "options", "bug", "report"), SEEDED)
def test_seeded_bug_fails_the_gate(  # noqa: PLR0917 - parametrized
    source: str,
    options: tuple[str, ...],
    bug: str,
    report: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = gate(options, target(source, tmp_path, bug), tmp_path, capsys)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.startswith("result: FAILED (1 failures)"), result.stdout
    for line in report:
        assert re.search(line, result.stdout, re.MULTILINE), f"{line!r} not in\n{result.stdout}"
