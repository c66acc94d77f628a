"""Seed 004: flights must land (issue 23, rules/turn/flights.py) - "a system can base a certain
number of squadrons based on its utilized Productivity statistic squared. Flights that cannot find
a place to land are removed from play"; "Crippled units ... cannot base flights". Played through
the engine on the default campaign to the Update Asset Phase (docs/turn_answers.md's answers)."""
from __future__ import annotations

import pytest

from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign, Fleet, Planet
from rules.model.records import Phase
from rules.turn.run import TurnRun
from tests.rules.turn.test_empire import EXAMPLE, scenario

TO_UPDATE = EXAMPLE[:EXAMPLE.index("roll")]
RULE = "004 Movement Phase"


def _fighter(c: Campaign, n: int, **changes):
    template = next(u for f in c.fleets for u in f.units if u.id == "kz-fs-1")
    return template.model_copy(update={"id": f"kz-wing-{n}", "name": f"Wing {n}", "carrier_id": None, **changes})


def with_wing(flights: int, at: str = "0402", **sector) -> Campaign:
    """The default campaign with a Kzinti fleet of ``flights`` fighter flights, no carrier, at
    ``at`` (Rrawl, 0402: Productivity 3, Census 4, Morale 5: utilized Productivity 3)."""
    c = scenario()
    c.fleets.append(Fleet(id="kz-wing", name="Kzinti Wing", power="kzinti", sector=at,
                          units=[_fighter(c, n) for n in range(1, flights + 1)]))
    s = c.sector_at(at)
    for k, v in sector.items():
        setattr(s, k, v)
    return parse_campaign(dumps(c))


def to_update(c: Campaign, land: list[str] | None = None, asked: list[str] | None = None) -> Campaign:
    """``c`` played to the Update Asset Phase; a power asked which flights land first at a system answers
    ``land`` (absent: none ticked, the list's order), the questions' keys noted in ``asked``."""
    run = TurnRun(c)
    for a in TO_UPDATE:
        while run.pending is not None and run.pending.key.startswith("construction/land/"):
            if asked is not None:
                asked.append(run.pending.key)
            run.answer(land or [])
        run.answer(a)
    assert run.campaign.phase is Phase.UPDATE
    return run.campaign


def wing(c: Campaign) -> list[str]:
    f = next((f for f in c.fleets if f.id == "kz-wing"), None)
    return [u.name for u in f.units] if f is not None else []


def lines(c: Campaign) -> list[str]:
    return [e.text for e in c.log if e.rule == RULE and e.turn == 1]


@pytest.mark.parametrize("flights", [8, 9])
def test_utilized_productivity_3_bases_9_flights_just_inside(flights):
    c = to_update(with_wing(flights))
    assert wing(c) == [f"Wing {n}" for n in range(1, flights + 1)]
    assert (f"Kzinti Hegemony at 0402: {flights} flights not based on a carrier must land; utilized Productivity 3 "
            f"(Rrawl), squared: bases 9; {flights} land") in lines(c)


def test_the_tenth_flight_finds_no_place_and_is_removed_from_play():
    c = to_update(with_wing(10))
    assert wing(c) == [f"Wing {n}" for n in range(1, 10)]
    assert ("Kzinti Hegemony at 0402: 10 flights not based on a carrier must land; utilized Productivity 3 "
            "(Rrawl), squared: bases 9; 9 land, removed from play (no place to land; the file's order, garrison "
            "first): Wing 10 (Kzinti Wing)") in lines(c)
    assert dumps(parse_campaign(dumps(c))) == dumps(c)


def test_suppressed_productivity_bases_fewer():
    """Morale 1 below half of Census 4: utilized Productivity halved to 1, one flight based."""
    c = with_wing(2)
    c.sector_at("0402").star_system.planets[0].morale = 1
    c = to_update(c)
    assert wing(c) == ["Wing 1"]
    assert any("utilized Productivity 1 (Rrawl), squared: bases 1; 1 land, removed from play" in t for t in lines(c))


def test_a_system_s_utilized_productivity_is_its_planets_summed_then_squared():
    """Rrawl 3 and a second Kzinti planet 1 at 0402: (3 + 1)^2 = 16 squadrons, not 3^2 + 1^2 = 10."""
    c = with_wing(16)
    c.sector_at("0402").star_system.planets.append(Planet(name="Rrawl Moon", owner="kzinti", census=1,
                                                          productivity=1, raw=1, morale=5))
    c = to_update(parse_campaign(dumps(c)))
    assert len(wing(c)) == 16
    assert any("utilized Productivity (3 (Rrawl) + 1 (Rrawl Moon)) = 4, squared: bases 16; 16 land" in t
               for t in lines(c))


def test_flights_where_the_power_has_no_planet_are_removed_and_the_empty_fleet_leaves():
    c = to_update(with_wing(2, at="0203"))  # Kzin Prime is the Kzinti's: they land
    assert len(wing(c)) == 2
    c = to_update(with_wing(2, at="0207"))  # Vanguard II is the Federation's: no place for Kzinti flights
    assert wing(c) == []
    texts = lines(c)
    assert any(t.startswith("Kzinti Hegemony at 0207: 2 flights not based on a carrier must land; no planet of its "
                            "own here: it bases none; 0 land, removed from play") for t in texts)
    assert "Kzinti Wing has no unit left and leaves the campaign" in texts


def test_the_garrison_s_flights_land_first():
    c = with_wing(9)
    c.sector_at("0402").garrison.append(_fighter(c, 99, name="Rrawl Ground Wing"))
    c = to_update(parse_campaign(dumps(c)))
    assert [u.name for u in c.sector_at("0402").garrison if u.id == "kz-wing-99"] == ["Rrawl Ground Wing"]
    assert wing(c) == [f"Wing {n}" for n in range(1, 9)]


def test_a_carrier_bases_its_flights_until_it_is_crippled():
    """kz-fs-1 rides KCV Claw, whose group moves to 0604, a sector with no Kzinti planet."""
    c = to_update(scenario())
    claw = next(f for f in c.fleets if f.id == "kz-claw-cvg")
    assert "kz-fs-1" in [u.id for u in claw.units]
    assert [e.text for e in c.log if e.rule == "004 Unit Abilities (Carrier)"] == [
        "KHS Claw of Rrit bases 12 of its 12 LF spaces (an MF fighter takes two): Claw Fighter Squadron 1 (12 AAS) "
        "(12 spaces)"]
    c = scenario()
    next(u for f in c.fleets for u in f.units if u.id == "kz-cv-claw").crippled = True
    c = to_update(parse_campaign(dumps(c)))
    claw = next(f for f in c.fleets if f.id == "kz-claw-cvg")
    assert "kz-fs-1" not in [u.id for u in claw.units]
    assert any(t.startswith("Kzinti Hegemony at 0604: 1 flight not based on a carrier must land; no planet of its "
                            "own here: it bases none; 0 land, removed from play") and
               t.endswith("Claw Fighter Squadron 1 (12 AAS) (Claw Carrier Group)") for t in lines(c))
