"""Babylon 5 Fleet Action bench (issue 24): validating one plotted turn of 60 ships (12
squadrons of 5, each squadron's plot checked against every ship's maneuvering data), the
deployment zone of the next ship with 60 enemy ships on the board (naive baseline: every board
hex measured in Python), and the command radius of 60 ships; undo, reopen and cold reopen of a
battle of 3 plotted turns and one of 12 (played at random, each answer stored as the battle window
stores it) against a full replay, and the long one over the short one (flat). Never asserts times;
``bench/run.py`` checks the goals.

    python bench/b5.py [--smoke] [--json]
"""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
TMP = Path(tempfile.mkdtemp(prefix="bench-b5-"))
atexit.register(shutil.rmtree, TMP, True)
os.environ.setdefault("BATTLEHEX_DATA", str(TMP / "data"))  # never the user's folder

from common import Row, SMOKE, interleaved, main, median_ms  # noqa: E402
from systems import fresh  # noqa: E402

from hexmap import Label  # noqa: E402
from rules.model.b5 import B5Data  # noqa: E402
from rules.systems.b5.command import out_of_command  # noqa: E402
from rules.systems.b5.deploy import APART, Board, FLAG_RADIUS, Place, distance, zone  # noqa: E402
from rules.systems.b5.movement import Plot, check_plot  # noqa: E402
from rules.dice import DiceRoller  # noqa: E402
from rules.model.io import load_campaign, save_campaign  # noqa: E402
from rules.systems import start  # noqa: E402
from tests.rules.systems.b5.test_b5_checkpoints import play  # noqa: E402
from tests.rules.systems.v13.helpers import AT  # noqa: E402

SHIPS = 60
REPEAT = 5 if SMOKE else 40


def _ship(category: str) -> B5Data:
    armor = {"capital": [5, 4, 3], "heavy": [5, 4]}.get(category, [4])
    return B5Data.model_validate({"category": category, "armor": armor, "squadron": "s", "speed": 12, "accel": 6,
                                  "decel": 6, "turn": 14, "hard_turn": 12, "come_about": 8, "course_correct": 12})


TURNS = (3, 12)


class Fought:
    """A b5 battle of ``turns`` plotted turns played at random, open at its last question."""

    def __init__(self, turns: int) -> None:
        c, played = play(3, turns)
        # Both lengths play the same set-up: told apart (a word the battle never reads), they are
        # two battles, as in use; else they share one shelf of checkpoints (and one on disk) and
        # each run's checkpoints drop the other's, so a figure read whichever battle kept them last.
        c = c.model_copy(update={"description": f"b5 bench, {turns} plotted turns"})
        self.answers = list(played.answers)
        self.file = TMP / f"b5-{turns}.json"
        save_campaign(c, self.file)
        run = start(load_campaign(self.file), AT)
        for a in self.answers[:-1]:
            run.answer(a)
            run.adopt(run.saved())  # as the battle window's controller stores every answer
        self.run: Any = run
        self.saved = run.saved()
        save_campaign(self.saved, self.file)
        self.what = f"b5, {turns} plotted turns ({len(self.answers) - 1} answers)"

    def undo(self) -> None:
        self.run.undo(1)

    def again(self) -> None:
        if len(self.run.answers) < len(self.answers) - 1:
            self.run.answer(self.answers[-2])

    def reopen(self) -> None:
        start(self.saved, AT)

    def cold(self) -> None:
        start(load_campaign(self.file), AT)

    def naive(self) -> None:
        """A full replay from the first answer (a run whose dice are not the seeded roller keeps
        no checkpoints)."""
        type(self.run)(self.saved, AT, None, dice=lambda seed: DiceRoller(seed))

    def naive_cold(self) -> None:
        """The same from the file."""
        type(self.run)(load_campaign(self.file), AT, None, dice=lambda seed: DiceRoller(seed))


def battles() -> list[Row]:
    """Undo and reopen of a short and a long battle, beside a full replay."""
    fought = {n: Fought(n) for n in TURNS}
    undo = interleaved({n: f.undo for n, f in fought.items()}, 5 if SMOKE else 31,
                       before={n: f.again for n, f in fought.items()})
    reopen = interleaved({n: f.reopen for n, f in fought.items()}, 5 if SMOKE else 31)
    cold = interleaved({n: f.cold for n, f in fought.items()}, 3 if SMOKE else 11, before={n: fresh for n in TURNS})
    naive = interleaved({n: f.naive for n, f in fought.items()}, 3)
    naive_cold = interleaved({n: f.naive_cold for n, f in fought.items()}, 3)
    out: list[Row] = []
    for n, f in fought.items():
        out += [Row(f"{f.what}: undo the last answer", undo[n], "< 100 ms", naive[n]),
                Row(f"{f.what}: reopen in the running app", reopen[n], "< 100 ms", naive[n]),
                Row(f"{f.what}: cold reopen from the saved file (a new process)", cold[n], "< 100 ms",
                    naive_cold[n])]
    short, long = TURNS
    for what, figures in (("undo", undo), ("reopen", reopen), ("cold reopen", cold)):
        out.append(Row(f"b5: {what} {long} turns over {short} (flat)", figures[long] / figures[short], "< 2 x",
                       unit="x"))
    return out


def rows() -> list[Row]:
    squadrons = [[(f"ship {s}-{i}", _ship(("capital", "heavy", "medium")[i % 3])) for i in range(5)]
                 for s in range(SHIPS // 5)]
    plot = Plot(("FFFF", "FFLFF", "FRFFF"))  # speed 12: 4 hexes a pulse, a hard turn (course correction)

    def plotted() -> None:
        for sq in squadrons:
            check_plot(plot, 12, sq)  # every squadron's plot is legal: the whole check runs

    board = Board()
    enemies = tuple(Label(80 + i % 6, 5 + i // 6 * 5) for i in range(SHIPS))
    flag = Label(15, 30)
    place = Place("command", flag, enemies)

    def naive_zone() -> list[Label]:
        return [x for x in board.labels if distance(flag, x) <= FLAG_RADIUS
                and min(distance(e, x) for e in enemies) >= APART]

    ships = {f"s{i}": Label(10 + i % 8, 20 + i // 8) for i in range(SHIPS)}
    ms_plot = median_ms(plotted, REPEAT)
    ms_zone = median_ms(lambda: zone(board, place), REPEAT)
    ms_naive = median_ms(naive_zone, 3 if SMOKE else 5)
    ms_cmd = median_ms(lambda: out_of_command(Label(13, 23), ships, 5), REPEAT)
    return [Row(f"validate one plotted turn of {SHIPS} ships ({SHIPS // 5} squadrons)", ms_plot, "< 10 ms"),
            Row(f"deployment zone of the next ship, {SHIPS} enemy ships placed (90 x 60 board)", ms_zone, "< 10 ms",
                naive_ms=ms_naive),
            Row(f"command radius of {SHIPS} ships (who is out of command)", ms_cmd, "< 10 ms"), *battles()]


if __name__ == "__main__":
    main(rows)
