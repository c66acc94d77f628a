"""Seed 004 Setup as data (issue 23): the allowed empires, and a new campaign built from the
GM's choices (map size, empires, year, sectors owned, the homeworld's figures).

Readings (docs/economy.md, "New Campaign"):

* The allowed empires are the seed's list, each with its rule number and module.
* "Each player may start with a certain number of spaces owned": the GM gives the number; each
  empire owns that many sectors nearest its homeworld (by hex distance, ties in map order), no
  sector owned twice. Homeworlds stand spread over the map in a grid, one per empire.
* The seed gives no starting planet figures: the GM gives the homeworld's Census, Productivity,
  RAW and Morale, logged as the GM's setup.
* "Diplomatic Relations start from a state of no contact between powers": every pair is written
  ``no_contact``.
* Each empire is its own Team (a player takes on the role of an entire empire); the campaign
  starts in turn 1's Income Phase with the empire turn and the Combat Phase run by BattleHex.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from hexmap import Label
from hexmap.labels import offset_to_axial
from rules.battlehex.words import plural

SETUP = "004 Setup"


@dataclass(frozen=True)
class Empire:
    """An allowed empire: its id in the file, the seed's name, rule and module, a map colour."""

    id: str
    name: str
    rule: str
    module: str
    color: str


EMPIRES: tuple[Empire, ...] = (
    Empire("fed", "The Federation", "R2.0", "", "#3060d0"),
    Empire("klingon", "The Klingon Empire", "R3.0", "", "#c03030"),
    Empire("romulan", "The Romulan Empire", "R4.0", "", "#30a050"),
    Empire("kzinti", "The Kzinti Hegemony", "R5.0", "", "#d08020"),
    Empire("gorn", "The Gorn Confederation", "R6.0", "", "#808020"),
    Empire("tholian", "The Tholian Holdfast", "R7.0", "", "#a040a0"),
    Empire("hydran", "The Hydran Kingdom", "R9.0", "Module C1", "#20a0a0"),
    Empire("andromedan", "The Andromedan Invasion", "R10.0", "Module C2", "#606060"),
    Empire("lyran", "The Lyran Empire", "R11.0", "Module C1", "#e0c020"),
    Empire("isc", "The Interstellar Concordium", "R13.0", "Module C2", "#e06090"),
    Empire("vudar", "The Vudar Enclave", "R17.0", "Module F2", "#8060c0"),
    Empire("paravian", "The Paravian Mauraders", "R18.0", "Module C6", "#a06040"),
    Empire("carnivon", "The Carnivon Hordes", "R19.0", "Module C6", "#602020"),
    Empire("frax", "The Frax Battle Line", "R51.0", "Module C4", "#4080a0"),
    Empire("quari", "The Quari", "R52.0", "Module C4", "#70b070"),
)
"""Seed 004 Setup, Allowed Empires, in the seed's order."""
BY_ID = {e.id: e for e in EMPIRES}


@dataclass(frozen=True)
class Homeworld:
    """The GM's figures for every empire's homeworld (the seed gives none)."""

    census: int
    productivity: int
    raw: int
    morale: int


def _distance(a: Label, b: Label) -> int:
    return offset_to_axial(a.col, a.row).distance(offset_to_axial(b.col, b.row))


def _homes(cols: int, rows: int, n: int) -> list[Label]:
    """``n`` homeworld sectors spread over the map: a grid of cells, one centre each."""
    across = math.ceil(math.sqrt(n * cols / rows))
    down = math.ceil(n / across)
    out = []
    for i in range(n):
        cx, cy = i % across, i // across
        out.append(Label(1 + (2 * cx + 1) * cols // (2 * across), 1 + (2 * cy + 1) * rows // (2 * down)))
    return out


def why_not(cols: int, rows: int, empires: list[str], year: int, owned: int) -> str | None:
    """Why these choices make no campaign (``None``: they do)."""
    unknown = [e for e in empires if e not in BY_ID]
    if unknown:
        return f"not an allowed empire of seed 004 Setup: {', '.join(unknown)}"
    if len(empires) < 2 or len(set(empires)) != len(empires):
        return "choose two or more different empires"
    if not (5 <= cols <= 500 and 5 <= rows <= 500):
        return f"the map is 5-500 sectors each way, not {cols} x {rows}"
    if owned < 1 or owned * len(empires) > cols * rows:
        return f"{len(empires)} empires cannot each own {owned} of {cols * rows} sectors"
    if not 1 <= year <= 999:
        return f"the year is 1-999 (Y171 is 171), not {year}"
    return None


def campaign_data(name: str, cols: int, rows: int, empires: list[str], year: int, owned: int,
                  home: Homeworld, random_events: bool = False) -> dict[str, Any]:
    """The new campaign's JSON (refused with ``ValueError`` naming :func:`why_not`'s reason);
    ``random_events``: the seed's optional Random Events rule (the GM's events at End of Turn)."""
    why = why_not(cols, rows, empires, year, owned)
    if why is not None:
        raise ValueError(why)
    homes = _homes(cols, rows, len(empires))
    labels = [Label(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)]
    owner: dict[Label, str] = {}
    for e, h in zip(empires, homes):
        near = sorted((x for x in labels if x not in owner), key=lambda x: (_distance(h, x), x))
        owner.update({x: e for x in near[:owned]})
        owner[h] = e
    sectors: list[dict[str, Any]] = []
    for x in labels:
        s: dict[str, Any] = {"at": str(x)}
        if x in owner:
            s["owner"] = s["original_owner"] = owner[x]
        if x in homes:
            emp = BY_ID[empires[homes.index(x)]]
            s["name"] = f"{emp.name} home"
            s["star_system"] = {"name": f"{emp.name} home", "planets": [{
                "name": f"{emp.name} Prime", "owner": emp.id, "census": home.census, "productivity": home.productivity,
                "raw": home.raw, "morale": home.morale}]}
        sectors.append(s)
    pairs = [{"powers": [a, b], "state": "no_contact"} for i, a in enumerate(empires) for b in empires[i + 1:]]
    text = (f"{len(empires)} empires of the allowed list, {cols} x {rows} sectors, Y{year}; each owns "
            f"{plural(owned, 'sector')} around its homeworld. The seed gives no starting planet figures: the GM set each "
            f"homeworld's Census {home.census}, Productivity {home.productivity}, RAW {home.raw}, Morale "
            f"{home.morale}. Every pair starts with no contact (004 Intel Phase).")
    return {
        "format": "battlehex-campaign", "version": 2, "name": name,
        "description": f"A new campaign (File > New Campaign): {', '.join(BY_ID[e].name for e in empires)}.",
        "phase": "income",
        "settings": {"empire_turn": "seed004", "combat_phase": "seed004", "year": year,
                     **({"random_events": True} if random_events else {})},
        "powers": [{"id": e, "name": BY_ID[e].name, "color": BY_ID[e].color,
                    "economy": {"tech_year": year, "homeworld": str(h)}} for e, h in zip(empires, homes)],
        "teams": [{"id": e, "name": BY_ID[e].name, "color": BY_ID[e].color, "powers": [e]} for e in empires],
        "diplomacy": pairs, "map": {"cols": cols, "rows": rows, "sectors": sectors},
        "log": [{"turn": 1, "rule": SETUP, "text": text}]}
