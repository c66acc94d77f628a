"""Seed 004 basing beyond planets (issue 23, rules/turn/flights.py, atmospheric.py, landing.py): a carrier's
basing number ("The basing number given for them are a number of "LF" units they can carry ... "MF" fighter
units ... take twice as many spaces of Basing"), flights that "cannot base on planets", atmospheric ships ("Systems
can base a number of squadrons of atmospheric ships equal to their Productivity statistic") and the owning power's
choice of the flights that land. Each rule at its boundary: just inside, just outside."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign, Fleet
from rules.turn.flights import CARRIER, RULE, land
from tests.rules.turn.test_empire import scenario
from tests.rules.turn.test_flights import _fighter, to_update, wing, with_wing


def texts(c: Campaign, rule: str = RULE) -> list[str]:
    return [e.text for e in c.log if e.rule == rule]


def with_claw_flights(*crafts: int, mf: bool = False, basing: int | None = 12) -> Campaign:
    """The default campaign's Claw Carrier Group (0504, no Kzinti planet) with its squadron of 12 and flights of
    ``crafts`` craft more aboard KHS Claw of Rrit, whose basing number is ``basing``."""
    c = scenario()
    claw = next(f for f in c.fleets if f.id == "kz-claw-cvg")
    carrier = next(u for u in claw.units if u.id == "kz-cv-claw")
    carrier.basing = basing
    claw.units += [_fighter(c, n, carrier_id="kz-cv-claw", craft=k, medium_fighters=mf)
                   for n, k in enumerate(crafts, 1)]
    return parse_campaign(dumps(c))


def claw(c: Campaign) -> list[str]:
    return [u.name for f in c.fleets if f.id == "kz-claw-cvg" for u in f.units if u.kind.value == "fighter"]


def test_the_default_campaigns_carrier_has_its_squadrons_basing_number():
    """KHS Claw of Rrit carries "Claw Fighter Squadron 1 (12 AAS)", craft 12: its basing number is 12."""
    c = scenario()
    assert next(u for f in c.fleets for u in f.units if u.id == "kz-cv-claw").basing == 12
    new = land(c)
    assert texts(new, CARRIER) == ["KHS Claw of Rrit bases 12 of its 12 LF spaces (an MF fighter takes two): Claw "
                                   "Fighter Squadron 1 (12 AAS) (12 spaces)"]


def test_a_carrier_bases_up_to_its_basing_number_just_inside():
    c = land(with_claw_flights(0, basing=13))  # 12 + a flight of no count (one craft): 13 of 13
    assert claw(c) == ["Claw Fighter Squadron 1 (12 AAS)", "Wing 1"]
    assert texts(c, CARRIER) == ["KHS Claw of Rrit bases 13 of its 13 LF spaces (an MF fighter takes two): Claw "
                                 "Fighter Squadron 1 (12 AAS) (12 spaces), Wing 1 (1 space)"]


def test_a_flight_over_the_basing_number_must_land_elsewhere_just_outside():
    c = land(with_claw_flights(1))  # 12 + 1 = 13 spaces on a carrier of 12: Wing 1 is over; 0504 bases none
    assert claw(c) == ["Claw Fighter Squadron 1 (12 AAS)"]
    assert texts(c, CARRIER) == ["KHS Claw of Rrit bases 12 of its 12 LF spaces (an MF fighter takes two): Claw "
                                 "Fighter Squadron 1 (12 AAS) (12 spaces); over its basing number, not based on it "
                                 "(they must land elsewhere): Wing 1 (1 space)"]
    assert ("Kzinti Hegemony at 0504: 1 flight not based on a carrier must land; no planet of its own here: it bases "
            "none; 0 land, removed from play (no place to land; the file's order, garrison first): Wing 1 (Claw "
            "Carrier Group)") in texts(c)


@pytest.mark.parametrize("craft, based", [(6, True), (7, False)])
def test_mf_fighters_take_two_spaces(craft, based):
    """A carrier of 24 with its 12 LF: an MF flight of 6 takes the other 12 (inside); of 7, 14 (outside)."""
    c = land(with_claw_flights(craft, mf=True, basing=24))
    assert ("Wing 1" in claw(c)) is based
    line = texts(c, CARRIER)[0]
    assert line.startswith(f"KHS Claw of Rrit bases {24 if based else 12} of its 24 LF spaces")
    assert line.endswith(f"Wing 1 ({2 * craft} spaces)")


def test_a_carrier_without_a_basing_number_bases_every_flight_gm_ruling():
    c = land(with_claw_flights(12, 12, basing=None))
    assert len(claw(c)) == 3
    assert texts(c) == ["Kzinti Hegemony: flights based on their carriers (the record holds no carrier's basing "
                        "number: each bases the flights the file puts on it - GM ruling): KHS Claw of Rrit (3 flights)"]


def test_a_flight_that_cannot_base_on_planets_is_removed_where_planets_would_base_it():
    """Rrawl (0402) bases 9; a flight that bases on no planet finds no place there, another lands."""
    c = with_wing(2)
    next(f for f in c.fleets if f.id == "kz-wing").units[0].no_planet_basing = True
    c = land(parse_campaign(dumps(c)))
    assert wing(c) == ["Wing 2"]
    assert ("Kzinti Hegemony at 0402: Wing 1 (Kzinti Wing) cannot base on planets (only on other units) and no "
            "carrier bases it here: removed from play") in texts(c)
    assert any(t.startswith("Kzinti Hegemony at 0402: 1 flight not based on a carrier must land") for t in texts(c))


def test_a_flight_that_cannot_base_on_planets_stays_on_its_carrier():
    c = with_claw_flights(basing=12)
    next(u for f in c.fleets for u in f.units if u.id == "kz-fs-1").no_planet_basing = True
    assert claw(land(c)) == ["Claw Fighter Squadron 1 (12 AAS)"]


def _atmospheric(n: int, at: str = "0402") -> Campaign:
    c = scenario()
    ship = next(u for f in c.fleets for u in f.units if u.id == "kz-ff-2")
    c.fleets.append(Fleet(id="kz-air", name="Kzinti Air Wing", power="kzinti", sector=at, units=[
        ship.model_copy(update={"id": f"kz-air-{k}", "name": f"Lander {k}", "atmospheric": True})
        for k in range(1, n + 1)]))
    return parse_campaign(dumps(c))


def test_a_system_bases_atmospheric_squadrons_up_to_its_productivity_just_inside():
    c = land(_atmospheric(3))
    assert texts(c) == ["Kzinti Hegemony at 0402: 3 squadrons of atmospheric ships; Productivity 3 (Rrawl): bases 3; "
                        "3 based"]


def test_the_squadron_over_the_productivity_is_not_based_and_stays_in_space_just_outside():
    c = land(_atmospheric(4))
    assert texts(c) == ["Kzinti Hegemony at 0402: 4 squadrons of atmospheric ships; Productivity 3 (Rrawl): bases 3; "
                        "3 based, not based here (over the limit; the seed is silent - GM ruling: the file's order, "
                        "garrison first; they stay in space where they stand): Lander 4 (Kzinti Air Wing)"]
    assert [u.name for f in c.fleets if f.id == "kz-air" for u in f.units] == [f"Lander {k}" for k in range(1, 5)]


def test_atmospheric_basing_counts_the_productivity_statistic_not_the_utilized():
    """Morale 1 below half of Census 4 halves Rrawl's utilized Productivity to 1; its Productivity stays 3."""
    c = _atmospheric(3)
    c.sector_at("0402").star_system.planets[0].morale = 1
    assert texts(land(c))[-1].endswith("bases 3; 3 based")


def test_atmospheric_ships_where_the_power_has_no_planet_are_not_based():
    assert texts(land(_atmospheric(1, at="0504"))) == [
        "Kzinti Hegemony at 0504: 1 squadron of atmospheric ships; no planet of its own here: it bases none; 0 based, "
        "not based here (over the limit; the seed is silent - GM ruling: the file's order, garrison first; they stay "
        "in space where they stand): Lander 1 (Kzinti Air Wing)"]


def test_the_power_chooses_which_flights_land_when_too_many():
    """Ten flights at Rrawl, which bases 9: the Kzinti's Team is asked (secret) and names Wing 10 first: Wing 9 is
    the one removed."""
    asked: list[str] = []
    c = to_update(with_wing(10), land=["kz-wing-10"], asked=asked)
    assert asked == ["construction/land/kzinti/0402"]
    assert wing(c) == [f"Wing {n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 10)]
    assert any(t.endswith("9 land, removed from play (no place to land; its choice first, then the file's order): "
                          "Wing 9 (Kzinti Wing)") for t in texts(c))
    line = next(e for e in c.log if e.text == "Kzinti Hegemony lands first at 0402: Wing 10 (Kzinti Wing)")
    assert line.secret_of == ["alliance"]


def test_the_choice_is_asked_only_when_some_but_not_all_land():
    for flights in (9, 2):  # all land at 9 (just inside); none at 0207 (the Federation's Vanguard II): no choice
        asked: list[str] = []
        to_update(with_wing(flights, at="0402" if flights == 9 else "0207"), asked=asked)
        assert asked == []


def test_the_landing_question_refuses_a_flight_not_there_and_changes_nothing():
    from rules.turn.landing import question

    base = with_wing(10)
    flights = [("Kzinti Wing", u) for f in base.fleets if f.id == "kz-wing" for u in f.units]
    lq = question(base, "0402", "kzinti", 9, flights)
    assert lq.to == "alliance" and lq.data["secret"] is True
    with pytest.raises(IllegalAnswer):
        lq.check(["kz-fs-1"])
    with pytest.raises(IllegalAnswer):
        lq.check(["kz-wing-1", "kz-wing-1"])


def test_the_basing_fields_are_validated_and_a_file_without_them_writes_back_byte_for_byte():
    from pydantic import ValidationError

    from rules.model.units import Unit
    from tests.conftest import DEFAULT

    text = DEFAULT.read_text(encoding="utf-8")
    assert dumps(parse_campaign(text)) == text  # the shipped file (one carrier with a basing number)
    old = text.replace('     "basing": 12,\n', "")  # as written before the field
    assert old != text and dumps(parse_campaign(old)) == old
    for bad in ({"basing": -1}, {"basing": "12"}, {"atmospheric": 1}, {"medium_fighters": "yes"}):
        with pytest.raises(ValidationError):
            Unit.model_validate({"id": "u", "name": "U", **bad})


def test_a_systems_atmospheric_basing_is_its_planets_productivity_summed():
    """Rrawl 3 and a second Kzinti planet 1 at 0402 base 3 + 1 = 4 squadrons: the fourth is based, a fifth not."""
    from rules.model.campaign import Planet

    for n, based in ((4, "4 based"), (5, "4 based, not based here")):
        c = _atmospheric(n)
        c.sector_at("0402").star_system.planets.append(Planet(name="Rrawl Moon", owner="kzinti", census=1,
                                                              productivity=1, raw=1, morale=5))
        assert texts(land(parse_campaign(dumps(c))))[0].startswith(
            f"Kzinti Hegemony at 0402: {n} squadrons of atmospheric ships; Productivity 3 (Rrawl) + 1 (Rrawl Moon) "
            f"= 4: bases 4; {based}")


def test_a_carrier_too_small_for_its_first_flight_bases_none_and_each_flight_over_is_named():
    c = land(with_claw_flights(1, 1, basing=6))  # the squadron of 12 over 6 spaces; the two flights of 1 fit
    assert texts(c, CARRIER) == ["KHS Claw of Rrit bases 2 of its 6 LF spaces (an MF fighter takes two): Wing 1 "
                                 "(1 space), Wing 2 (1 space); over its basing number, not based on it (they must land "
                                 "elsewhere): Claw Fighter Squadron 1 (12 AAS) (12 spaces)"]
    c = land(with_claw_flights(1, 1, basing=0))
    assert texts(c, CARRIER) == ["KHS Claw of Rrit bases 0 of its 0 LF spaces (an MF fighter takes two): none; over "
                                 "its basing number, not based on it (they must land elsewhere): Claw Fighter Squadron "
                                 "1 (12 AAS) (12 spaces), Wing 1 (1 space), Wing 2 (1 space)"]


def _two_carriers(first: int | None, second: int | None) -> Campaign:
    """The Claw (basing ``first``) with its squadron, and a second carrier (basing ``second``) with a flight of 2."""
    c = with_claw_flights(basing=first)
    claw_group = next(f for f in c.fleets if f.id == "kz-claw-cvg")
    carrier = next(u for u in claw_group.units if u.id == "kz-cv-claw")
    claw_group.units += [carrier.model_copy(update={"id": "kz-cv-2", "name": "KHS Second Claw", "basing": second}),
                         _fighter(c, 7, carrier_id="kz-cv-2", craft=2)]
    return parse_campaign(dumps(c))


def test_every_carrier_is_judged_with_or_without_a_basing_number():
    c = land(_two_carriers(None, 1))  # the first has no number: the second's is still checked
    assert texts(c, CARRIER) == ["KHS Second Claw bases 0 of its 1 LF spaces (an MF fighter takes two): none; over "
                                 "its basing number, not based on it (they must land elsewhere): Wing 7 (2 spaces)"]
    c = land(_two_carriers(None, None))
    assert ("Kzinti Hegemony: flights based on their carriers (the record holds no carrier's basing number: each bases "
            "the flights the file puts on it - GM ruling): KHS Claw of Rrit (1 flight), KHS Second Claw (1 flight)"
            ) in texts(c)


def test_atmospheric_squadrons_of_the_garrison_are_based_first():
    """Two in Rrawl's garrison and two in a fleet at 0402 (Productivity 3): the fleet's second is the one over."""
    c = _atmospheric(2)
    ship = next(u for f in c.fleets for u in f.units if u.id == "kz-air-1")
    c.sector_at("0402").garrison += [ship.model_copy(update={"id": f"kz-ground-{k}", "name": f"Ground {k}"})
                                     for k in (1, 2)]
    c = _atmospheric_more(parse_campaign(dumps(c)))
    assert texts(land(c)) == ["Kzinti Hegemony at 0402: 5 squadrons of atmospheric ships; Productivity 3 (Rrawl): "
                              "bases 3; 3 based, not based here (over the limit; the seed is silent - GM ruling: the "
                              "file's order, garrison first; they stay in space where they stand): Lander 2 (Kzinti "
                              "Air Wing), Lander 3 (Kzinti Air Wing)"]


def _atmospheric_more(c: Campaign) -> Campaign:
    """``c`` with a third Lander in the Kzinti Air Wing."""
    fleet = next(f for f in c.fleets if f.id == "kz-air")
    fleet.units.append(fleet.units[0].model_copy(update={"id": "kz-air-3", "name": "Lander 3"}))
    return parse_campaign(dumps(c))


def test_a_garrisons_atmospheric_squadron_over_the_limit_is_named():
    c = scenario()
    ship = next(u for f in c.fleets for u in f.units if u.id == "kz-ff-2")
    c.sector_at("0402").garrison += [ship.model_copy(update={"id": f"kz-g-{k}", "name": f"Ground {k}",
                                                             "atmospheric": True}) for k in range(1, 5)]
    assert texts(land(parse_campaign(dumps(c))))[0].endswith(
        "3 based, not based here (over the limit; the seed is silent - GM ruling: the file's order, garrison first; "
        "they stay in space where they stand): Ground 4 (the garrison at 0402)")


@pytest.mark.parametrize("picked, words", [
    ([], "none before the list's order"), (["kz-wing-10", "kz-wing-9"], "Wing 10 (Kzinti Wing), Wing 9 (Kzinti Wing)")])
def test_the_powers_answer_is_logged_in_words(picked, words):
    c = to_update(with_wing(11), land=picked)  # Rrawl bases 9 of 11
    line = next(e for e in c.log if e.text == f"Kzinti Hegemony lands first at 0402: {words}")
    assert (line.rule, line.secret_of) == ("004 Construction Completion Phase", ["alliance"])
    assert wing(c) == ([f"Wing {n}" for n in range(1, 10)] if not picked else
                       [f"Wing {n}" for n in (1, 2, 3, 4, 5, 6, 7, 9, 10)])


def test_the_choices_are_read_from_the_landing_keys_alone():
    from rules.turn.landing import chosen

    c = scenario(turn_asked=["mission/fed/m1/effect/1=morale", "construction/land/kzinti/0402=[\"kz-wing-2\"]",
                             "construction/land/lyran/1203=[]"])
    assert chosen(c) == {("0402", "kzinti"): ["kz-wing-2"], ("1203", "lyran"): []}


@pytest.mark.parametrize("flights, left", [(10, "the 1 left is"), (11, "the 2 left are")])
def test_the_landing_question_in_full(flights, left):
    from rules.battlehex.questions import QKind
    from rules.turn.landing import question

    c = with_wing(flights)
    wing_units = [("Kzinti Wing", u) for f in c.fleets if f.id == "kz-wing" for u in f.units]
    q = question(c, "0402", "kzinti", 9, wing_units)
    ids = tuple(f"kz-wing-{n}" for n in range(1, flights + 1))
    assert (q.key, q.kind, q.to, q.rule, q.options) == ("construction/land/kzinti/0402", QKind.CHOOSE_UNITS, "alliance",
                                                        "004 Construction Completion Phase", ids)
    assert q.data == {"names": {i: f"Wing {n} (Kzinti Wing)" for n, i in enumerate(ids, 1)}, "secret": True}
    assert q.text == (f"Kzinti Hegemony: {flights} flights need a place to land at 0402 and the system bases 9 (its "
                      f"utilized Productivity squared); {left} removed from play. Tick the flights to land first (in "
                      "the list's order); the others follow in the list's order while there is room. None ticked: the "
                      "list's order")
    with pytest.raises(IllegalAnswer) as e:
        q.check(["kz-fs-1"])
    assert (e.value.rule, str(e.value)) == ("004 Construction Completion Phase", "004 Construction Completion Phase: "
                                            "name flights standing there, each once: " + ", ".join(ids))
