"""Seed 004: atmospheric ships' basing (issue 23), judged with the flights at the end of Construction
Completion (rules/turn/flights.py).

The seed (Movement Phase): "Systems can base a number of squadrons of atmospheric ships equal to
their Productivity statistic." "Atmospheric ships can take off, travel between systems, and land.
The number of squadrons of atmospheric ships a system can base is determined by its Productivity
statistic."

Readings (docs/economy.md, "Atmospheric ships"):

* An atmospheric ship is a unit marked ``atmospheric`` that is no flight, in play, standing in a
  sector (one in a fleet between sectors is under way); one counter is one squadron.
* A power's system bases as many of its atmospheric squadrons as the Productivity statistic of
  its planets there, summed (the statistic itself: the seed does not say utilized here, as it
  does for flights); a sector without a planet of the power bases none.
* Over the limit the seed is silent. GM ruling (logged): the squadrons in the file's order
  (the garrison's first, then the fleets in order) are based while they fit; the others are not
  based there and stay in space where they stand - they are ships, which "travel between
  systems", and the seed removes from play only flights that find no place to land.
"""
from __future__ import annotations

from rules.model.campaign import Campaign, Sector
from rules.model.units import Unit, UnitKind
from rules.turn.cargo_room import active

RULE = "004 Movement Phase"
FLIGHT_KINDS = frozenset({UnitKind.FIGHTER, UnitKind.SHUTTLE})


def is_atmospheric(u: Unit) -> bool:
    """An atmospheric ship in play (a flight marked atmospheric is judged as a flight)."""
    return u.atmospheric and u.kind not in FLIGHT_KINDS and active(u)


def room(s: Sector, power: str) -> tuple[tuple[str, int], ...]:
    """``power``'s planets in ``s`` with their Productivity: the squadrons the system bases is their sum."""
    if s.star_system is None:
        return ()
    return tuple((pl.name, pl.productivity) for pl in s.star_system.planets if pl.owner == power)


def _words(parts: tuple[tuple[str, int], ...]) -> str:
    if not parts:
        return "no planet of its own here: it bases none"
    total = sum(p for _, p in parts)
    shown = " + ".join(f"{p} ({name})" for name, p in parts)
    return f"Productivity {shown}{f' = {total}' if len(parts) > 1 else ''}: bases {total}"


def judge(c: Campaign) -> list[tuple[str, str, str]]:
    """Each power's atmospheric squadrons at each sector within its planets' Productivity there, as
    lines (power, rule, text); those over the limit named as not based (GM ruling)."""
    at: dict[tuple[str, str], list[tuple[str, Unit]]] = {}
    for s in c.map.sectors:
        if s.owner is not None:
            for u in s.garrison:
                if is_atmospheric(u):
                    at.setdefault((str(s.at), str(s.owner)), []).append((f"the garrison at {s.at}", u))
    for f in c.fleets:
        if f.in_transit_to is None:
            for u in f.units:
                if is_atmospheric(u):
                    at.setdefault((str(f.sector), f.power), []).append((f.name, u))
    if not at:
        return []
    sectors = {str(s.at): s for s in c.map.sectors}
    names = {p.id: p.name for p in c.powers}
    out = []
    for (label, power), ships in at.items():
        parts = room(sectors[label], power)
        limit = sum(p for _, p in parts)
        based, over = ships[:limit], ships[limit:]
        n = len(ships)
        text = (f"{names.get(power, power)} at {label}: {n} squadron{'' if n == 1 else 's'} of atmospheric ships; "
                f"{_words(parts)}; {len(based)} based")
        if over:
            text += (", not based here (over the limit; the seed is silent - GM ruling: the file's order, garrison "
                     "first; they stay in space where they stand): "
                     + ", ".join(f"{u.name} ({where})" for where, u in over))
        out.append((power, RULE, text))
    return out
