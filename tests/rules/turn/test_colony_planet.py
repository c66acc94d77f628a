"""Seed 004 colonization: which planet a loaded Colony Fleet settles. "On the next Update Assets
Phase, the Census from the fleet is moved to the planet, establishing the colony" names no one to
choose among several free planets, so the fleet's power chooses, in its Turn Orders
(``{"settle": {power, fleet, at, planet}}``, rules/turn/colonize.py ``choose``); without a choice the
first free planet is settled and the log says so."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign, Planet
from rules.turn.order_choices import offers
from rules.turn.run import play
from tests.rules.turn.test_colonize import colonize, planet, with_colony_fleet
from tests.rules.turn.test_empire import EXAMPLE

SETTLE = "004 Update Asset Phase (colonization)"


def two_free() -> Campaign:
    """Vanguard (0207) with two free planets, Vanguard III and Vanguard IV, and Fed's Colony Fleet there."""
    c = with_colony_fleet()
    c.sector_at("0207").star_system.planets.append(Planet(name="Vanguard IV"))
    return parse_campaign(dumps(c))


def settle(planet_name: str, at: str = "0207") -> dict:
    return {"settle": {"power": "fed", "fleet": "fed-colony", "at": at, "planet": planet_name}}


def turn(c: Campaign, *orders: dict):
    run = play(c, [*EXAMPLE[:8], colonize(), *orders])
    for a in EXAMPLE[8:]:
        run.answer(a)
    return run.campaign


def test_the_power_chooses_the_planet_its_colony_fleet_settles():
    done = turn(two_free(), settle("Vanguard IV"))
    assert (planet(done, "Vanguard IV").owner, planet(done, "Vanguard IV").census) == ("fed", 1)
    assert planet(done, "Vanguard III").owner is None
    line = next(e for e in done.log if e.rule == SETTLE and "settles" in e.text)
    assert line.text.endswith("settles Vanguard IV (0207) from Colony Fleet Mayflower: Census 1, Morale 1, "
                              "Productivity 0 (the planet its power chose)")
    chose = next(e for e in done.log if e.rule == SETTLE and "is to settle" in e.text)
    assert chose.text == ("Colony Fleet Mayflower is to settle Vanguard IV (0207) on the next Update Asset Phase "
                          "where it stands there")
    assert chose.secret_of == [done.team_of_power("fed").id]  # the power's Team alone reads its orders


def test_without_a_choice_the_first_free_planet_is_settled_and_the_log_says_so():
    done = turn(two_free())
    assert planet(done, "Vanguard III").owner == "fed" and planet(done, "Vanguard IV").owner is None
    line = next(e for e in done.log if e.rule == SETTLE and "settles" in e.text)
    assert line.text.endswith("(the first of 2 free planets: no planet was chosen)")


def test_a_fleet_bound_elsewhere_waits_with_its_census():
    """Chosen: Tau Ceti V (0509); the fleet stands in Vanguard at Update Asset, beside two free planets:
    it settles none of them and keeps its Census, logged; a later order replaces the choice."""
    c = two_free()
    c.sector_at("0509").star_system.planets.append(Planet(name="Tau Ceti V"))
    c = parse_campaign(dumps(c))
    done = turn(c, settle("Tau Ceti V", "0509"))
    assert [planet(done, n).owner for n in ("Vanguard III", "Vanguard IV", "Tau Ceti V")] == [None, None, None]
    assert [x.amount for x in next(f for f in done.fleets if f.id == "fed-colony").cargo] == [1]
    line = next(e for e in done.log if e.rule == SETTLE and "keeps its Census" in e.text)
    assert line.text == ("Colony Fleet Mayflower (United Federation of Planets) keeps its Census at 0207: bound for "
                         "Tau Ceti V (0509), the planet United Federation of Planets chose")
    again = turn(c, settle("Tau Ceti V", "0509"), settle("Vanguard IV"))
    assert planet(again, "Vanguard IV").owner == "fed" and planet(again, "Tau Ceti V").owner is None


@pytest.mark.parametrize(("answer", "words"), [
    (settle("Vanguard Outpost"), "settles only an unowned planet without Census in a system no other power owns: "
                                 "Vanguard Outpost is United Federation of Planets'"),
    (settle("Vanguard II"), "Vanguard II is United Federation of Planets'"),
    (settle("Nowhere"), r"the system at 0207 has no planet Nowhere"),
    ({"settle": {"power": "fed", "fleet": "fed-trade-vanguard", "at": "0207", "planet": "Vanguard IV"}},
     "is not a Colony Fleet of United Federation of Planets"),
])
def test_a_planet_not_free_is_refused_with_the_rule(answer, words):
    run = play(two_free(), [*EXAMPLE[:8], colonize()])
    before = run.campaign
    with pytest.raises(RuleError, match=words) as e:
        run.answer(answer)
    assert e.value.rule == SETTLE and run.campaign is before


def test_no_choice_before_the_fleet_is_loaded_and_the_offers_follow_the_engine():
    run = play(two_free(), EXAMPLE[:8])
    assert offers(run.campaign, "fed", "settle") == []
    with pytest.raises(RuleError, match="carries no Census: it loads Census first"):
        run.answer(settle("Vanguard IV"))
    run.answer(colonize())
    listed = offers(run.campaign, "fed", "settle")
    assert [(dict(o.body)["planet"], o.refused) for o in listed] == [("Vanguard III", ""), ("Vanguard IV", "")]
    assert listed[1].text == ("Colony Fleet Mayflower is to settle Vanguard IV (0207) on the next Update Asset Phase "
                              "where it stands there")


def test_a_chosen_planet_taken_meanwhile_is_not_swapped_for_another():
    """The choice stands: when Vanguard IV was settled by another power before this fleet's Update Asset,
    the fleet keeps its Census (logged) rather than settling Vanguard III unasked."""
    from rules.model.turn_model import Cargo, CargoKind
    from rules.turn.colonize import settle as settle_now

    c = two_free()
    next(f for f in c.fleets if f.id == "fed-colony").cargo = [Cargo(
        id="load", kind=CargoKind.CENSUS, settle_at="0207", settle_planet="Vanguard IV")]
    planet(c, "Vanguard IV").owner = "kzinti"
    planet(c, "Vanguard IV").census = 1
    settle_now(c)
    assert planet(c, "Vanguard III").owner is None
    assert c.log[-1].text == ("Colony Fleet Mayflower (United Federation of Planets) keeps its Census at 0207: "
                              "Vanguard IV, the planet United Federation of Planets chose, is no longer free")


def test_another_teams_copy_does_not_hold_the_chosen_planet():
    """The choice is the power's Turn Order: the Coalition's own copy of the campaign (play by e-mail)
    keeps the Federation's loaded Colony Fleet but not the planet it is to settle; the Alliance's does."""
    from rules.model.seals import unlock
    from rules.model.team_copy import make_copy
    from rules.model.turn_model import Cargo, CargoKind, FleetKind
    from tests.app.shell.test_sealed_orders_gui import PASSES, keyed
    from tests.rules.model.test_team_copy import _open

    c = keyed()
    f = next(x for x in c.fleets if x.power == "fed")
    ship = f.units[0].model_copy(update={"id": "fed-colony-1"})
    c.fleets.append(f.model_copy(update={"id": "fed-colony", "name": "Colony Fleet Mayflower", "kind": FleetKind.COLONY,
                                         "units": [ship], "escort_of": None, "orders": [],
                                         "cargo": [Cargo(id="load", kind=CargoKind.CENSUS, settle_at=str(f.sector),
                                                         settle_planet="Nova")]}))
    gm = unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys)

    def load(team: str):
        copy = _open(make_copy(c, team, gm), team)
        return next(x for x in copy.fleets if x.id == "fed-colony").cargo[0]

    assert load("alliance").settle_planet == "Nova"
    theirs = load("coalition")
    assert (theirs.kind, theirs.settle_at, theirs.settle_planet) == (CargoKind.CENSUS, None, None)


def _loaded() -> Campaign:
    return play(two_free(), [*EXAMPLE[:8], colonize()]).campaign


@pytest.mark.parametrize(("change", "rule", "words"), [
    ({"planet": None}, "004 Turn Orders Phase", r"a planet to settle is \{\"settle\": \{\"power\": id, \"fleet\": id, "
                                                r"\"at\": sector, \"planet\": name\}\}, not"),
    ({"planet": 3}, "004 Turn Orders Phase", "a planet to settle is"),
    ({"extra": "x"}, "004 Turn Orders Phase", "a planet to settle is"),
    ({"power": "nobody"}, "004 Turn Orders Phase", "there is no power 'nobody'"),
    ({"fleet": "nope"}, SETTLE, "nope is not a Colony Fleet of United Federation of Planets"),
    ({"power": "kzinti"}, SETTLE, "fed-colony is not a Colony Fleet of Kzinti Hegemony"),
    ({"at": "0101"}, SETTLE, "there is no star system at 0101"),
    ({"at": "9999"}, SETTLE, "there is no star system at 9999"),
    ({"at": "0606", "planet": "Ardana"}, SETTLE, "Ardana's Census is 5"),  # unowned, but peopled
])
def test_a_malformed_settle_order_is_refused_naming_the_field(change, rule, words):
    from rules.battlehex.log import IllegalAnswer
    from rules.turn.colonize import choose

    c = _loaded()
    body = {"power": "fed", "fleet": "fed-colony", "at": "0207", "planet": "Vanguard IV", **change}
    body = {k: v for k, v in body.items() if v is not None}
    with pytest.raises((RuleError, IllegalAnswer), match=words) as e:
        choose(c, body)
    assert e.value.rule == rule


def test_a_free_planet_in_another_powers_system_is_refused_naming_the_system():
    from rules.turn.colonize import choose

    c = _loaded()
    c.sector_at("0402").star_system.planets.append(Planet(name="Rrawl II"))  # unowned, Census 0, in Kzinti's 0402
    with pytest.raises(RuleError, match="in a system no other power owns: the system is Kzinti Hegemony's$") as e:
        choose(c, {"power": "fed", "fleet": "fed-colony", "at": "0402", "planet": "Rrawl II"})
    assert e.value.rule == SETTLE
    c.sector_at("0207").star_system.planets.append(Planet(name="Kzin Outpost", owner="kzinti", census=1, morale=1))
    with pytest.raises(RuleError, match="Kzin Outpost is Kzinti Hegemony's$"):  # in Fed's own system: the planet's owner
        choose(c, {"power": "fed", "fleet": "fed-colony", "at": "0207", "planet": "Kzin Outpost"})


def test_settling_is_kept_by_hand_without_the_seed_004_economy_and_needs_census():
    from rules.turn.colonize import choose

    c = _loaded()
    body = {"power": "fed", "fleet": "fed-colony", "at": "0207", "planet": "Vanguard IV"}
    by_hand = c.model_copy(deep=True)
    by_hand.settings.empire_turn = "by_hand"
    with pytest.raises(RuleError, match="colonization is kept by hand in this campaign") as e:
        choose(by_hand, body)
    assert e.value.rule == "004 Turn Orders Phase"
    empty = c.model_copy(deep=True)
    next(f for f in empty.fleets if f.id == "fed-colony").cargo = []
    with pytest.raises(RuleError, match="Colony Fleet Mayflower carries no Census") as e:
        choose(empty, body)
    assert e.value.rule == SETTLE
