"""Seed 003 ship data for the b5 tests: the seed names the ships (G'Quan, Thentus, Hyperion,
Artemis...), not all their numbers; those given here are the tests' own, inside the bounds."""
from __future__ import annotations

from typing import Any

from rules.model.b5 import B5Data


def ship(squadron: str = "s1", category: str = "medium", **kw: Any) -> B5Data:
    armor = {"capital": [5, 4, 3], "enormous": [6, 5, 4], "heavy": [5, 4]}.get(category, [4])
    data: dict[str, Any] = {"category": category, "armor": armor, "squadron": squadron, "speed": 8, "accel": 6,
                            "decel": 6, "turn": 12, "hard_turn": 10, "come_about": 6, "course_correct": 10,
                            "defence": 10, "sensor": 5, "structure": 12, "grey_boxes": 2, "command_rating": 3}
    data.update(kw)
    if data.get("escort"):
        data["squadron"] = ""
    return B5Data.model_validate(data)


def thentus(**kw: Any) -> B5Data:
    """The seed's Thentus frigate: accel 6 (its one stated number)."""
    return ship(accel=6, decel=6, **kw)


def b5(uid: str, squadron: str = "", category: str = "medium", **kw: Any) -> dict[str, Any]:
    """A campaign unit (tests/rules/strategic/builder.py's form) with seed 003 data."""
    return {"id": uid, "name": uid.upper(), "b5": ship(squadron, category, **kw).model_dump(mode="json")}


ARRAY = {"name": "Twin array", "cls": "particle", "shots": 3, "ranges": [6, 12, 18, 24],
         "fire_control": ["d8", "d8", "d10"], "damage": ["d8"], "x": 3, "anti_fighter": 2}
PULSE = {"name": "Heavy pulse cannon", "cls": "pulse", "shots": 2, "ranges": [10, 20, 30, 40],
         "fire_control": ["d10", "d8", "d6"], "damage": ["d10"], "x": 2}


FLIGHT = {"move": 10, "defence": 8, "offence": "d10", "dogfight": "d6", "armor": 3, "damage": "d6", "fighters": 6,
          "anti_ship": 1}
"""A fighter flight's statistics (the tests' own numbers)."""


def flight(uid: str, fighters: int = 6) -> dict[str, Any]:
    """A campaign unit: a fighter flight of ``fighters``."""
    return {"id": uid, "name": uid.upper(), "b5": {"category": "fighter", "armor": [3], "defence": 8,
                                                   "flight": dict(FLIGHT, fighters=fighters)}}


def b5_campaign(blue_squadrons: int = 2, jumpers: bool = True, armed: bool = False, weapons: list | None = None,
                elint: int = 0, flights: int = 0, shot_by_shot: bool = True):
    """Blue (defending) and Red (attacking) at 0304, fought with the b5 system: each side's flag
    squadron (flagship and one more), Blue's flagship escort, and further one-ship squadrons.
    ``shot_by_shot``: settings.b5 declared_fire false (the tests written for fire resolved shot by
    shot); else the campaign's default (the seed's declared fire)."""
    import json

    from rules.model import io
    from rules.strategic import build_graph
    from rules.strategic.turn import end_movement
    from tests.rules.systems.v13.helpers import duel

    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True), b5("b-f2", "bflag"),
            b5("b-e1", escort=True)] + [b5(f"b-c{i}", f"b{i}", command=True) for i in range(2, blue_squadrons + 1)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, jump_engine=jumpers, race="minbari"),
           b5("r-f2", "rflag"), b5("r-c2", "r2", command=True, jump_engine=jumpers), b5("r-m2", "r2", speed=10)]
    if armed:
        for u in blue + red:
            u["b5"]["weapons"] = weapons or [ARRAY, PULSE]
    for u in blue + red:
        u["b5"]["elint"] = elint
    blue += [flight(f"b-fl{i}") for i in range(flights)]
    red += [flight(f"r-fl{i}") for i in range(flights)]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    if shot_by_shot:
        data["settings"]["b5"] = {"declared_fire": False}
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign
