"""An STCS battle for the tests: the Federation defends 0304 with two Constitution cruisers; the
Klingons attack with a D-7 and a cloaked Romulan Bird of Prey. The ship numbers are the tests'
own, inside the bounds (the seed gives the rules, not the ships' control panels)."""
from __future__ import annotations

import json
from typing import Any

from tests.rules.systems.stcs.test_data import SHIP

FED = {**SHIP}
D7 = {**SHIP, "nation": "klingon", "class_size": 8, "warp_engines": [10, 10], "cruising_warp": 6,
      "emergency_warp": 8, "superstructure": 36, "crew": 430, "crew_efficiency": 61, "captain": 62,
      "name_of_engines": "Klingon"}
BOP = {**SHIP, "nation": "romulan", "class_size": 5, "warp_engines": [6, 6], "cruising_warp": 4,
       "emergency_warp": 6, "impulse_power": 8, "superstructure": 20, "crew": 120, "crew_efficiency": 52,
       "captain": 58, "cloak": True, "shields": [10] * 6,
       "weapons": [{"name": "RP-1 plasma", "kind": "missile", "reach": 12}]}


def ship(uid: str, data: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"id": uid, "name": kw.pop("name", uid), "stcs": data, **kw}


def stcs_campaign():
    from rules.model import io
    from rules.strategic import build_graph
    from rules.strategic.turn import end_movement
    from tests.rules.systems.v13.helpers import duel

    blue = [ship("enterprise", FED, name="Enterprise"), ship("lexington", FED, name="Lexington")]
    red = [ship("d7", D7, name="Klothos"), ship("bop", BOP, name="Bird of Prey", cloak_capable=True, is_cloaked=True)]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "stcs"
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def legal(q: Any, option: str) -> bool:
    """Whether ``option`` is accepted: a cloaked ship's acts are listed whatever its hidden state, and refused
    when it bars them (issue 25), so a random player picks among the accepted ones."""
    from rules.battlehex.log import IllegalAnswer

    try:
        q.check(option)
    except IllegalAnswer:
        return False
    return True


def lay(run: Any, x: str, where: str) -> None:
    """``x`` deploys a mine into ``where`` ("q,r") as seed 002 has it (rules.systems.stcs.laying): its side first
    lowers the shield toward the hex in Shield Control (in secret) unless one on the line is down, then the GM's act."""
    from hexmap.hexes import Hex
    from rules.systems.stcs import laying, shields

    e = run.engine
    q, r = (int(v) for v in where.split(","))
    if laying.through(e, x, Hex(q, r)) is None:
        run.answer(f"shields:{x}")
        run.answer(f"lower:{shields.shields_toward(e, x, Hex(q, r))[0]}")
    run.answer(f"mine:{x}")
    run.answer(where)


def place_mine(run: Any, h: Any, team: str) -> None:
    """A mine of ``team`` at ``h``, laid before the tests' play (off the tests' answers: what a test of a mine
    going off needs is the mine, not its deployment, which drops the shield the mine would strike)."""
    from rules.systems.stcs import mines

    run.engine.mines.append(mines.Mine(h, team))
