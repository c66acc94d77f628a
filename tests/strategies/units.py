"""Unit templates for generated campaigns: the ship classes, bases, freighters and monsters of
the default campaign (scenarios/default_campaign.json), as JSON data a campaign file holds.

Every unit carries what each battle system reads: F&E factors (SIDCORS), AF/EF values (seed 001)
and the fleet-composition fields (BPV, command rating, hull type), so any Battle Hex of a
generated campaign can be fought with v13, sidcors, afef or table.
"""
from __future__ import annotations

from typing import Any

Unit = dict[str, Any]

# class: hull, size class, crew, boxes, BPV, F&E CR, attack, defense, AF, EF
SHIPS: dict[str, tuple[str, int, int, int, int, int, int, int, int, int]] = {
    "DN": ("DN", 2, 50, 200, 180, 10, 11, 6, 6, 12),
    "CA": ("CA", 3, 30, 120, 122, 8, 8, 4, 4, 8),
    "CL": ("CL", 3, 30, 120, 105, 6, 6, 3, 3, 6),
    "DD": ("DD", 4, 14, 60, 75, 5, 4, 3, 2, 6),
    "FF": ("FF", 4, 12, 55, 65, 5, 4, 2, 2, 4),
}
BASES: dict[str, tuple[str, int, int, int, int, int, int, int]] = {
    # kind: class, crew, boxes, BPV, CR, attack, AF, EF
    "starbase": ("SB", 90, 420, 550, 10, 24, 12, 48),
    "battle_station": ("BATS", 45, 210, 220, 8, 10, 5, 20),
    "base_station": ("BS", 30, 120, 140, 6, 6, 3, 12),
}
MONSTERS: dict[str, tuple[int, int, int, int, int]] = {
    # name: boxes, combat BPV, AF, EF, damaged AF
    "Space Amoeba": (300, 180, 3, 20, 1),
    "Moray Eel of Space": (120, 90, 4, 10, 2),
    "Planet Crusher": (400, 260, 8, 30, 4),
}
FREIGHTERS = {"trade": (("FT", 4),), "transport": (("FT", 7),), "colony": (("F-LS", 3), ("F-AL", 3))}
"""Seed 004's civilian fleets (rules/turn/civilian.py MAKE_UP)."""
CREW_QUALITY = ("normal", "normal", "normal", "poor", "outstanding")


def ship(uid: str, name: str, cls: str, captain: int, crew_quality: str, *, crippled: bool = False,
         orion: bool = False, **extra: Any) -> Unit:
    """A warship of class ``cls`` (a key of :data:`SHIPS`)."""
    hull, size, crew, boxes, bpv, cr, att, dfn, af, ef = SHIPS[cls]
    u: Unit = {"id": uid, "name": name, "class_designation": cls, "hull_type": hull, "size_class": size,
               "crew_quality": crew_quality, "officers": {"captain": captain}, "crew_units_normal": crew,
               "crew_units_current": crew, "boxes_total": boxes, "economic_bpv": bpv, "combat_bpv": bpv,
               "fe_command_rating": cr, "fe": {"attack": att, "defense": dfn, "c_attack": att // 2,
                                               "c_defense": dfn // 2},
               "afef": {"af": af, "ef": ef, "damaged_af": af // 2}}
    if crippled:
        u["crippled"] = True
        u["internal_hits"] = boxes // 2
    if orion:
        u["race_flags"] = ["orion"]
        u["orion_status"] = "independent"
        u["cloak_capable"] = True
    u.update(extra)
    return u


def scout(uid: str, name: str) -> Unit:
    return ship(uid, name, "DD", 1, "normal", class_designation="SC", has_special_sensors=True, is_scout=True, ew=1)


def monitor(uid: str, name: str) -> Unit:
    """A sub-light border monitor (V13.18: a Team may choose to ignore it)."""
    return ship(uid, name, "CA", 1, "normal", class_designation="MON", hull_type="MON",
                strategic_movement_capable=False, native_sublight=True, slow=True)


def carrier_group(uid: str, name: str, craft: int) -> list[Unit]:
    """A carrier and its fighter squadron (``carrier_id``)."""
    cv = ship(uid, name, "CA", 2, "normal", class_designation="CV", is_carrier=True)
    fs = {"id": f"{uid}-fs", "name": f"{name} Fighter Squadron ({craft} fighters)", "kind": "fighter",
          "class_designation": "F-15", "size_class": 6, "strategic_movement_capable": False, "carrier_id": uid,
          "economic_bpv": 6 * craft, "combat_bpv": 6 * craft, "fe": {"fighters": craft // 2,
                                                                   "c_fighters": craft // 4},
          "afef": {"af": 0, "ef": craft}, "craft": craft}
    return [cv, fs]


def supply_ship(uid: str, name: str, rating: int) -> Unit:
    """A military supply ship: field repairs at 1 Economic Point per point of ``rating``."""
    return {"id": uid, "name": name, "kind": "supply_ship", "class_designation": "FT-supply", "hull_type": "FT",
            "size_class": 4, "crew_units_normal": 8, "crew_units_current": 8, "boxes_total": 30,
            "is_auxiliary": True, "supply_rating": rating, "economic_bpv": 30, "combat_bpv": 30,
            "fe": {"defense": 2, "c_defense": 1}, "afef": {"af": 0, "ef": 4}, "fcp_row": "F-L"}


def assault_ship(uid: str, name: str) -> Unit:
    """A military assault transport (seed 004 Assault): carries one ground unit."""
    return ship(uid, name, "CL", 1, "normal", class_designation="LTT", assault=True, supply_rating=10)


def freighters(fleet_id: str, name: str, kind: str) -> list[Unit]:
    """The freighters of a civilian fleet of ``kind``; a Transport Fleet's rating of 10 rides on
    its first FT (rules/turn/civilian.py)."""
    out: list[Unit] = []
    for cls, count in FREIGHTERS[kind]:
        for _ in range(count):
            n = len(out) + 1
            u: Unit = {"id": f"{fleet_id}-{n}", "name": f"{name} {n}", "kind": "freighter", "class_designation": cls,
                       "hull_type": cls, "size_class": 4, "crew_units_normal": 4, "crew_units_current": 4,
                       "boxes_total": 20, "is_civilian": True, "economic_bpv": 16, "combat_bpv": 16,
                       "fe": {"defense": 1}, "afef": {"af": 0, "ef": 1}}
            if kind == "transport" and n == 1:
                u["supply_rating"] = 10
            out.append(u)
    return out


def monster(uid: str, name: str) -> Unit:
    boxes, bpv, af, ef, daf = MONSTERS[name]
    return {"id": uid, "name": name, "kind": "monster", "class_designation": name.split()[-1], "size_class": 2,
            "boxes_total": boxes, "strategic_movement_capable": False, "native_sublight": True, "slow": True,
            "combat_bpv": bpv, "afef": {"af": af, "ef": ef, "damaged_af": daf}, "fcp_row": "NONE"}


def base(uid: str, name: str, kind: str, captain: int) -> Unit:
    cls, crew, boxes, bpv, cr, att, af, ef = BASES[kind]
    return {"id": uid, "name": name, "kind": kind, "class_designation": cls, "hull_type": cls, "size_class": 2,
            "officers": {"captain": captain}, "crew_units_normal": crew, "crew_units_current": crew,
            "boxes_total": boxes, "strategic_movement_capable": False, "economic_bpv": bpv, "combat_bpv": bpv,
            "fe_command_rating": cr, "fe": {"attack": att, "defense": att, "c_attack": att // 2,
                                            "c_defense": att // 2},
            "afef": {"af": af, "ef": ef, "damaged_af": af // 2}}


def planet_defense(uid: str, name: str) -> Unit:
    """An incidental planetary defense (V13.03: the defender's secret)."""
    return {"id": uid, "name": name, "kind": "planet_defense", "class_designation": "PLANET_DEFENSE", "hull_type": "-",
            "size_class": 2, "crew_units_normal": 12, "crew_units_current": 12, "boxes_total": 40,
            "strategic_movement_capable": False, "is_incidental": True, "economic_bpv": 60, "combat_bpv": 60,
            "fe": {"attack": 3, "defense": 3, "c_attack": 1, "c_defense": 1},
            "afef": {"af": 2, "ef": 6, "damaged_af": 1}, "fcp_row": "GROUND_BASE"}
