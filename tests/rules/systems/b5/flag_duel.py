"""The B5 tests' meeting of Blue's forces with Red's flag squadron (R-FLAG laser and cannon, R-F2 laser), fought
with the b5 system, fire resolved shot by shot, at the end of movement (test_jump_out, test_jump_out_escorts,
test_edge_speed)."""
from __future__ import annotations

import json
from typing import Any

from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import CANNON, LASER
from tests.rules.systems.v13.helpers import duel


def against_red_flag(blue: list[dict[str, Any]]):
    """``blue`` against Red's flag squadron, settings.b5 declared_fire false, movement ended."""
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]),
           b5("r-f2", "rflag", weapons=[LASER])]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"].setdefault("b5", {})["declared_fire"] = False
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign
