"""Two fleets at war in 0202 of a 3 x 3 map, ``n`` units a side with AF/EF and F&E values: the
battle the seam's checkpoint tests and ``bench/systems.py`` measure (one definition for both)."""
from __future__ import annotations

from typing import Any

from hexmap.labels import Label
from rules.model import Campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.battlehex.headless_systems import with_system

AT = Label.parse("0202")


def battle(n: int, system: str) -> tuple[Campaign, Any]:
    """``n`` v ``n`` units with AF/EF and F&E values, at war in 0202, fought by ``system``."""
    def units(p: str) -> list[dict[str, Any]]:
        return [{"id": f"{p}{i}", "name": f"{p.upper()} {i}", "afef": {"af": 3 + i % 4, "ef": 6 + i % 5},
                 "fe": {"attack": 4 + i % 5, "defense": 6 + i % 4}} for i in range(n)]
    c = Campaign.model_validate({
        "format": "battlehex-campaign", "version": 1, "name": "duel",
        "powers": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
        "teams": [{"id": "ta", "name": "TA", "powers": ["a"], "strategic_initiative": True},
                  {"id": "tb", "name": "TB", "powers": ["b"]}],
        "diplomacy": [{"powers": ["a", "b"], "state": "war"}],
        "map": {"cols": 3, "rows": 3, "sectors": [{"at": f"{c:02d}{r:02d}"} for c in range(1, 4) for r in range(1, 4)]},
        "fleets": [{"id": "fa", "name": "FA", "power": "a", "sector": "0202", "units": units("a")},
                   {"id": "fb", "name": "FB", "power": "b", "sector": "0202", "units": units("b")}]})
    g = build_graph(c)
    return with_system(end_movement(c, g).campaign, AT, system, 5), g
