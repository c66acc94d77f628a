"""b5 random play with the seed's specials aboard (tests/play/battle_player): Blue's ships carry
Guardian Arrays (B-FLAG 2 levels, every other Blue ship 1), Red's a Plasma Accelerator beside their
other weapons and a tractor beam; each battle ends, without a wall (no question left unanswerable,
nothing raised), with Guardian Arrays asked (seed 9 also fires an Accelerator a pulse after its
last shot)."""
from __future__ import annotations

import json
import random

import pytest

from rules.model import io
from rules.strategic import build_graph
from tests.play.battle_player import fight
from tests.rules.systems.b5.helpers import ARRAY, PULSE, b5_campaign
from tests.rules.systems.b5.test_specials import ACCELERATOR
from tests.rules.systems.v13.helpers import AT


def specials_campaign(declared: bool):
    c = b5_campaign(3, armed=True, shot_by_shot=not declared)
    data = json.loads(io.dumps(c))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"].startswith("b-"):
                u["b5"]["guardian"] = 2 if u["id"] == "b-flag" else 1
            else:
                u["b5"]["weapons"] = [ARRAY, PULSE, dict(ACCELERATOR, ranges=[10, 20, 30, 40])]
                u["b5"]["tractor"] = True
    return type(c).model_validate(data)


@pytest.mark.parametrize("seed", [4, 17, 14, 12])  # 9 and 10 until a failed morale withdrew (none fired the Array)
def test_random_battles_with_the_specials_end(seed):
    c = specials_campaign(declared=seed % 2 == 1)
    done = fight(c, AT, build_graph(c), random.Random(seed), bound=1500)
    assert done.ended and not done.error and not done.stuck, (done.error, done.stuck, len(done.answers))
    assert any("Guardian Array" in t for t in done.texts)
    assert seed != 17 or any(", damage of " in t and "(it fired " in t for t in done.texts)


@pytest.mark.parametrize("seed", [1, 5])
def test_random_battles_from_a_tractor_hold_end(seed):
    """From B-F2 held by R-FLAG's tractor beam (tests/rules/systems/b5/test_tractor.py's set-up, the Laser
    powered down), random play: the ships drawn along, let go and engaged again, each battle ends."""
    from rules.systems import start
    from tests.rules.systems.b5.test_tractor import set_up, specials_campaign

    run = start(specials_campaign(), AT)
    for a in [*set_up(), "tractor", "r-flag>b-f2", True, "Laser"]:
        run.answer(a)
    c = run.saved()
    done = fight(c, AT, build_graph(c), random.Random(seed), bound=1500)
    assert done.ended and not done.error and not done.stuck, (done.error, done.stuck, len(done.answers))
    assert sum("R-FLAG engages its tractor beam on B-F2" in t for t in done.texts) >= 2
    assert any("R-FLAG's tractor beam lets B-F2 go" in t for t in done.texts)
