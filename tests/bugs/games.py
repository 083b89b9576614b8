"""Game-engine bugs seen in real code, each gated by the game mode (docs/bugs.md, "Game engines").

Each bug is an engine of ``examples/`` built with one flag, or a Python target below, that
makes one mistake of a real program (cited by its issue or pull request). ``python -m
tests.bugs.games`` gates each with the game mode's defaults (positions drawn from playouts, no
vector aimed at it) and writes the table of docs/bugs.md's "Game engines" section: the phase
that caught it, its minimal question and move sequence, and the seconds to the failure (on the
machine it ran on). ``tests/test_conform_games.py`` gates each again and checks the table.
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import attrs

from gametree.conform.positions.engine import answer_with
from gametree.games.othello import PASS, Othello, OthelloMove, OthelloState

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "bugs.md"
BEGIN = "<!-- the game-engine table below is written by: python -m tests.bugs.games -->"
END = "<!-- end of the game-engine table -->"
CLI = "import sys; from gametree.cli import main; sys.exit(main(sys.argv[1:]))"


@attrs.frozen
class GameBug:
    """One broken engine: how to build or name it, how to gate it, where it is seen."""

    name: str
    game: tuple[str, ...]
    """The game mode's options (``--game`` and what the engine's answers need)."""
    source: str | None
    """The C engine of ``examples/`` built with ``-D{flag}``; ``None``: ``target`` is Python."""
    flag: str
    mistake: str
    seen: str
    """Where it is seen: an issue or a pull request (owner/repo#N), or the commits that hold the
    mistake (owner/repo@commit), and what happened there."""

    def target(self, where: Path, cc: str) -> str:
        """The ``--target`` that runs the broken engine (a C one is built into ``where``)."""
        if self.source is None:
            return self.flag
        return build(cc, self.source, where, f"-D{self.flag}")


def build(cc: str, source: str, where: Path, *flags: str) -> str:
    """``examples/{source}`` built with ``flags`` into ``where``; the program's path."""
    out = where / (Path(source).stem + "".join(f.replace("-D", "_") for f in flags))
    subprocess.run([cc, "-O2", "-Wall", "-Werror", *flags, "-o", str(out),
                    str(ROOT / "examples" / source)], check=True)  # fmt: skip
    return str(out)


CONNECT4 = ("--game", "connect4", "--line", "--evaluation", "outcome", "--solve-evaluation",
            "pons", "--any-best-move")  # fmt: skip
KALAH = ("--game", "kalah", "--line", "--any-best-move")
OTHELLO = ("--game", "othello", "--variant", "size=4", "--any-best-move")
OTHELLO_BRS = ("--game", "othello", "--variant", "players=3", "--variant", "size=6",
               "--semantics", "brs", "--any-best-move")  # fmt: skip

GAME_BUGS = (
    GameBug("kalah_sows_opponent_store", KALAH, "kalah_engine.c", "BUG_SOWS_OPPONENT_STORE",
            "a seed sown into the opponent's store",
            "realmofra/mancala#215 (seeds kept out of the opponent's store)"),
    GameBug("kalah_capture_same_index", KALAH, "kalah_engine.c", "BUG_CAPTURE_SAME_INDEX",
            "the capture taken from the pit with the same index on the other side, not the one "
            "opposite", "realmofra/mancala#173 (its captures fixed)"),
    GameBug("kalah_no_extra_turn", KALAH, "kalah_engine.c", "BUG_NO_EXTRA_TURN",
            "no extra turn when the last seed lands in the store",
            "litan/kojo#71 (the turn that comes back to the mover not seen, in Othello)"),
    GameBug("kalah_extra_turn_negated", KALAH, "kalah_engine.c", "BUG_EXTRA_TURN_NEGATED",
            "the value below an extra turn negated, as if the other player moved",
            "suragnair/alpha-zero-general#18 (the sign when the same player moves again)"),
    GameBug("kalah_table_without_mover", KALAH, "kalah_engine.c", "BUG_TABLE_WITHOUT_MOVER",
            "a table of solved positions keyed on the board without the mover",
            "jj1guj/dekunobou#58 (a table keyed on less than the position)"),
    GameBug("connect4_full_column", CONNECT4, "connect4_engine.c", "BUG_FULL_COLUMN",
            "a full column still playable",
            "ichabod801/t_games#105 (the columns that may be played off by one)"),
    GameBug("connect4_top_row", CONNECT4, "connect4_engine.c", "BUG_TOP_ROW",
            "a four through the top row not seen",
            "IASIAI/gym-connect-four#11 (fours in a column near the top not checked)"),
    GameBug("othello_no_pass", OTHELLO, None, "tests.bugs.games:othello_no_pass",
            "no pass generated: a player who cannot place ends the game",
            "schrum2/MM-NEATv2#408 (a position with a pass taken for the end)"),
    GameBug("brs_own_moves_as_replies", OTHELLO_BRS, None,
            "tests.bugs.best_reply:brs_own_moves_as_replies",
            "best-reply search: the opponents' layer holds the root player's own moves",
            "seanie5011/battlesnakes-group08@3789835 to @6de1265, brs.py on branch zwe (the "
            "opponents' moves generated for the player searched for; fixed in 0f89fa9)"),
    GameBug("brs_replier_moves_again", OTHELLO_BRS, None,
            "tests.bugs.best_reply:brs_replier_moves_again",
            "best-reply search: the opponent who replied moves next, not the root player",
            "seanie5011/battlesnakes-group08@d8b7932 to @ffda5f8, brs.py on main (the "
            "recursion searches the next layer for the replier)"),
)  # fmt: skip


@attrs.frozen
class _NoPass(Othello):
    """Othello whose move generator never yields a pass."""

    def moves(self, state: OthelloState) -> tuple[OthelloMove, ...]:
        """The placements only."""
        return tuple(m for m in super().moves(state) if m is not PASS)


def othello_no_pass(request: dict[str, Any]) -> dict[str, object]:
    """gametree's engine on Othello without passes (the bug ``othello_no_pass``)."""
    variant = request.get("variant", {})
    return answer_with(_NoPass(variant.get("players", 2), variant.get("size", 8)), request)


def gate(bug: GameBug, where: Path, cc: str) -> dict[str, Any]:
    """The game mode's JSON report on ``bug`` with its defaults."""
    argv = [sys.executable, "-c", CLI, "conform", "--target", bug.target(where, cc), *bug.game,
            "--json"]  # fmt: skip
    done = subprocess.run(argv, capture_output=True, text=True, check=False, cwd=ROOT)
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def row(bug: GameBug, report: dict[str, Any]) -> str:
    """The bug's line of the table."""
    failure = report["failures"][0]
    found, minimal = failure["found"], failure["minimal"]
    asked = minimal["request"]
    depth = f" {asked['depth']}" if "depth" in asked else ""
    moves = " ".join(minimal["line"]) or "(the start)"
    if failure["replayed_alone"].startswith("passes"):
        moves += ", only after the question asked before it"
    return (f"| `{bug.name}` | {bug.mistake} | {bug.seen} | {found['request']['ask']} | "
            f"{asked['ask']}{depth} after {moves} | {report['seconds']:.1f} |")  # fmt: skip


def main() -> int:
    """Gate every bug; write the table (``--check``: exit 1 if one is not caught)."""
    parser = argparse.ArgumentParser(prog="python -m tests.bugs.games")
    parser.add_argument("--check", action="store_true", help="write nothing")
    args = parser.parse_args()
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        print("no C compiler (cc or gcc)", file=sys.stderr)  # noqa: T201 - the script's voice
        return 2
    rows, missed = [], []
    with tempfile.TemporaryDirectory() as where:
        for bug in GAME_BUGS:
            report = gate(bug, Path(where), cc)
            if report["passed"]:
                missed.append(bug.name)
                continue
            rows.append(row(bug, report))
            print(rows[-1])  # noqa: T201 - progress
    if missed:
        print("not caught: " + ", ".join(missed), file=sys.stderr)  # noqa: T201
        return 1
    if not args.check:
        head = ("| bug | the mistake | seen in | caught by | minimal question | seconds |\n"
                "|---|---|---|---|---|---|\n")  # fmt: skip
        text = DOC.read_text()
        start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
        DOC.write_text(text[:start] + "\n" + head + "\n".join(rows) + "\n" + text[end:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
