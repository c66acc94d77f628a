"""Anti-fighter fire test set-up (test_antifighter.py, test_longrange.py): Blue's B-FLAG with one
weapon in anti-fighter mode, Red's flights of Move 99 on the board (no carrier: they begin ahead of
R-FLAG) flown in pulse 1 to 2729 and in pulse 2 where the test says."""
from __future__ import annotations

import json

from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import ARRAY, b5, flight
from tests.rules.systems.b5.test_firing import SET_UP
from tests.rules.systems.v13.helpers import AT, duel


def campaign(af: int = 2, count: int = 3, gun: dict | None = None, sizes: dict | None = None,
             stealth: tuple[str, ...] = (), second: dict | None = None):
    """B-FLAG (``gun``, else the twin array of AF ``af``) and B-F2 (``second``, else unarmed); R-FLAG,
    R-F2 and ``count`` flights R-FL1... (``sizes``: fighters by flight)."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[gun or dict(ARRAY, anti_fighter=af)]),
            b5("b-f2", "bflag", weapons=[second] if second else [])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag")]
    for i in range(1, count + 1):
        fl = flight(f"r-fl{i}", (sizes or {}).get(f"r-fl{i}", 6))
        fl["b5"]["flight"]["move"] = 99
        fl["b5"]["flight"]["stealth"] = f"r-fl{i}" in stealth
        red.append(fl)
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def fight(c, orders: str, to: dict[str, str], faces: list[int] | None = None, stay: tuple[str, ...] = ()):
    """The battle on scripted ``faces`` (else its seeded dice) to pulse 2's fire: Red's ``orders``,
    its flights to 2729 in pulse 1 (the GM's fire: done), then each to its hex of ``to``; those that
    ``stay`` (escorts) do not fly and are put in their charge's hex after (as if they had flown with
    it since the turn before: an escort may not fly ahead of its charge in a pulse)."""
    from rules.systems import start
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice(list(faces))) if faces is not None else start(c, AT)
    for a in [*SET_UP, orders, "; ".join(f"{f} 2729" for f in to if f not in stay), "done",
              "; ".join(f"{f} {h}" for f, h in to.items() if f not in stay)]:
        run.answer(a)
    for f in stay:
        run.engine.air.at[f] = run.engine.air.at[run.engine.air.mission[f].target]
    return run


def texts(run) -> list[str]:
    return [e.text for e in run.log.events]
