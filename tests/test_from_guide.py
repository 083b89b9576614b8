"""The engines of examples/from_guide/, written from docs/games-gate.md alone, pass its gate.

Issue 36 asks for a Connect Four engine and a Kalah engine written by a reader of the guide
only (not beside it, as examples/kalah_engine.c and examples/connect4_engine.c were). Each is
built with the C compiler and gated with the command docs/games-gate.md gives for it; each
seeded bug (a -D flag of the engine's source) must fail the gate in the phase and the way the
bug shows: a move generator's bug at perft, shrunk to the move that differs; an evaluation's
bug at the value phase.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

FROM_GUIDE = Path(__file__).resolve().parent.parent / "examples" / "from_guide"
GAMETREE = Path(sys.executable).with_name("gametree")
HANG_GUARD = 900  # seconds; a whole gate takes about 5 (Kalah) and 20 (Connect Four) unloaded

GATE = {
    "kalah": ["--game", "kalah", "--line", "--any-best-move"],
    "connect4": [
        "--game",
        "connect4",
        "--line",
        "--evaluation",
        "outcome",
        "--solve-evaluation",
        "pons",
        "--any-best-move",
    ],
}


def compiler() -> str:
    """The C compiler the guide builds with (`cc`), or gcc; the test skips without one."""
    found = shutil.which("cc") or shutil.which("gcc")
    if found is None:
        pytest.skip("no C compiler (cc or gcc) on PATH to build examples/from_guide/")
    return found


def build(game: str, tmp_path: Path, *defines: str) -> Path:
    """Compile examples/from_guide/GAME.c with the guide's flags, warnings as errors."""
    binary = tmp_path / (game + "".join(f"-{d}" for d in defines))
    source = FROM_GUIDE / f"{game}.c"
    flags = [f"-D{d}" for d in defines]
    command = [compiler(), "-O2", "-Wall", "-Wextra", "-Werror", *flags, "-o", str(binary)]
    subprocess.run([*command, str(source)], check=True, timeout=HANG_GUARD)
    return binary


def gate(game: str, binary: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`gametree conform` as docs/games-gate.md runs it on GAME's engine."""
    command = [str(GAMETREE), "conform", *GATE[game], "--target", str(binary)]
    return subprocess.run(
        [*command, "--cases-dir", str(tmp_path / "cases")],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
    )


@pytest.mark.parametrize("game", sorted(GATE))
def test_engine_passes_every_phase(game: str, tmp_path: Path) -> None:
    result = gate(game, build(game, tmp_path), tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("result: PASSED"), result.stdout
    for phase in ("perft", "value", "solve"):
        counted = re.search(rf"^{phase}: (\d+) pass$", result.stdout, re.MULTILINE)
        assert counted is not None, f"no {phase} phase, or one with failures:\n{result.stdout}"
        assert int(counted[1]) > 0, result.stdout


SEEDED = [
    pytest.param(
        "kalah",
        "BUG_NO_EXTRA_TURN",
        [r"^FAILED perft: ", r"after 3: expected 5, got 6", r"the engine plays 3 wrongly"],
        id="kalah-no-extra-turn",
    ),
    pytest.param(
        "kalah",
        "BUG_NO_SWEEP",
        [r"^FAILED value: value at depth \d+", r"^perft: \d+ pass$", r"replayed alone: fails"],
        id="kalah-no-sweep",
    ),
    pytest.param(
        "connect4",
        "BUG_FULL_COLUMN",
        [r"^FAILED perft: ", r"divide 1 of '(\d)\1{5}'", r"moves: (\d) not legal here"],
        id="connect4-full-column",
    ),
    pytest.param(
        "connect4",
        "BUG_NO_DIAGONAL",
        [r"^FAILED perft: ", r"not legal here \(the game is over\)"],
        id="connect4-no-diagonal",
    ),
]


@pytest.mark.parametrize(("game", "bug", "report"), SEEDED)
def test_seeded_bug_fails_the_gate(game: str, bug: str, report: list[str], tmp_path: Path) -> None:
    result = gate(game, build(game, tmp_path, bug), tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout.startswith("result: FAILED (1 failures)"), result.stdout
    for line in report:
        assert re.search(line, result.stdout, re.MULTILINE), f"{line!r} not in\n{result.stdout}"
