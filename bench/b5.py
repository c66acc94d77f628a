"""Babylon 5 Fleet Action bench (issue 24): validating one plotted turn of 60 ships (12
squadrons of 5, each squadron's plot checked against every ship's maneuvering data), the
deployment zone of the next ship with 60 enemy ships on the board (naive baseline: every board
hex measured in Python), and the command radius of 60 ships. Never asserts times;
``bench/run.py`` checks the goals.

    python bench/b5.py [--smoke] [--json]
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from common import Row, SMOKE, main, median_ms  # noqa: E402

from hexmap import Label  # noqa: E402
from rules.model.b5 import B5Data  # noqa: E402
from rules.systems.b5.command import out_of_command  # noqa: E402
from rules.systems.b5.deploy import APART, Board, FLAG_RADIUS, Place, distance, zone  # noqa: E402
from rules.systems.b5.movement import Plot, check_plot  # noqa: E402

SHIPS = 60
REPEAT = 5 if SMOKE else 40


def _ship(category: str) -> B5Data:
    armor = {"capital": [5, 4, 3], "heavy": [5, 4]}.get(category, [4])
    return B5Data.model_validate({"category": category, "armor": armor, "squadron": "s", "speed": 12, "accel": 6,
                                  "decel": 6, "turn": 14, "hard_turn": 12, "come_about": 8, "course_correct": 12})


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
            Row(f"command radius of {SHIPS} ships (who is out of command)", ms_cmd, "< 10 ms")]


if __name__ == "__main__":
    main(rows)
