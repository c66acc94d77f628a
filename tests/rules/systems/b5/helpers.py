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
