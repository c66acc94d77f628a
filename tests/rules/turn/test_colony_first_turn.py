"""Seed 004 colonization (issue 23): "On the next "Update Assets Phase," the Census from the fleet is
moved to the planet, establishing the colony. During this turn, the colony cannot build or perform
any actions as they are focused on establishing their presence." Settled at turn 1's Update Asset,
Vanguard III is refused every order at it in turn 2 (read as its first turn, docs/economy.md), with
the rule, and acts again in turn 3."""
from __future__ import annotations

import pytest

from hexmap import Label

from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.model.records import Phase
from rules.turn import colonize as col
from rules.turn import orders, purchases
from rules.turn.run import TurnRun, play
from tests.rules.turn.test_colonize import colonize, with_colony_fleet
from tests.rules.turn.test_purchases import TO_ORDERS
from tests.rules.turn.test_empire import EXAMPLE, economy, power

RULE = "004 Update Asset Phase (colonization)"
TURN_2_ORDERS = ["end_phase", 0, 0, 0, 0, 0, "end_phase"]


def second_turn() -> TurnRun:
    run = play(with_colony_fleet(), [*EXAMPLE[:8], colonize(), *EXAMPLE[8:], *TURN_2_ORDERS])
    assert (run.campaign.turn, run.campaign.phase) == (2, Phase.ORDERS)
    assert power(run.campaign, "fed").economy.founded == {"0207/Vanguard III": 1}
    economy(run.campaign, "fed", point_pool=50)
    return run


AT_THE_COLONY = {"at": "0207", "planet": "Vanguard III"}


@pytest.mark.parametrize(("kind", "body"), [
    ("purchase", {"class": "CL", **AT_THE_COLONY}),
    ("productivity", AT_THE_COLONY),
    ("repair", {"unit": "fed-trade-vanguard-1", "planet": "Vanguard III"}),
    ("scrap", {"unit": "fed-colony-1", "planet": "Vanguard III"}),
    ("mothball", {"unit": "fed-colony-1", "planet": "Vanguard III"}),
])
def test_a_new_colony_acts_in_no_order_in_its_first_turn(kind, body):
    run = second_turn()
    c = run.campaign
    with pytest.raises(RuleError) as e:
        orders.KINDS[kind](c, {**body, "power": "fed"})
    assert e.value.rule == RULE
    assert str(e.value).endswith("Vanguard III (0207) became a colony at turn 1's Update Asset: \"During this turn, "
                                 "the colony cannot build or perform any actions as they are focused on establishing "
                                 "their presence\" - it builds nothing and acts in no order until turn 2 ends")
    with pytest.raises(RuleError) as e:
        run.answer({kind: {**body, "power": "fed"}})  # the GM's answer in the turn: the same refusal
    assert e.value.rule == RULE and run.campaign is c


def test_the_gm_s_buy_a_unit_is_refused_too_and_the_older_planet_still_builds():
    c = second_turn().campaign
    with pytest.raises(RuleError) as e:
        purchases.order(c, {"power": "fed", "class": "CL", **AT_THE_COLONY})  # Turn > Buy a Unit... calls it
    assert e.value.rule == RULE
    new = orders.KINDS["purchase"](c, {"power": "fed", "class": "CL", "at": "0207", "planet": "Vanguard II"})
    assert power(new, "fed").economy.projects[-1].planet == "Vanguard II"


@pytest.mark.parametrize(("turn", "refused"), [(1, True), (2, True), (3, False)])
def test_the_first_turn_ends_with_turn_two(turn, refused):
    c = second_turn().campaign.model_copy(update={"turn": turn})
    order = {"power": "fed", "class": "CL", **AT_THE_COLONY}
    if refused:
        with pytest.raises(RuleError, match="became a colony at turn 1"):
            orders.KINDS["purchase"](c, order)
    else:
        assert power(orders.KINDS["purchase"](c, order), "fed").economy.projects[-1].planet == "Vanguard III"


def test_the_next_update_asset_forgets_the_colony_s_first_turn():
    c = second_turn().campaign
    later = c.model_copy(deep=True, update={"turn": 2})
    col.settle(later)
    assert power(later, "fed").economy.founded == {}
    same = c.model_copy(deep=True, update={"turn": 1})
    col.settle(same)
    assert power(same, "fed").economy.founded == {"0207/Vanguard III": 1}


def test_an_intel_mission_is_not_staged_from_a_system_of_new_colonies_alone():
    c = second_turn().campaign
    body = {"power": "fed", "mission": "espionage", "staging": "0207", "target": "0203", "intel": 1}
    col.not_yet(c, "fed", body)  # Vanguard II and the Outpost are older: 0207 stages missions
    economy(c, "fed", founded={"0207/Vanguard III": 1, "0207/Vanguard II": 1, "0207/Vanguard Outpost": 1})
    with pytest.raises(RuleError) as e:
        orders.KINDS["mission"](c, body)
    assert e.value.rule == RULE and "became a colony at turn 1's Update Asset" in str(e.value)


def _planet(c, at: str, name: str):
    return next(pl for pl in c.sector_at(at).star_system.planets if pl.name == name)


def test_only_the_colony_named_is_refused():
    c = second_turn().campaign
    col.not_yet(c, "fed", {"power": "fed", "at": "0509", "planet": "Vanguard III"})  # no such planet at 0509
    col.not_yet(c, "fed", "not an order")
    col.not_yet(c, "nobody", {"at": "0207", "planet": "Vanguard III"})
    col.not_yet(c, "kzinti", {"at": "0207", "planet": "Vanguard III"})  # not the Kzinti's colony
    assert col.founded(c, "nobody", c.sector_at("0207"), _planet(c, "0207", "Vanguard III")) is None
    economy(c, "fed", founded={"0207/Vanguard III": 1, "0207/Vanguard II": 1, "0207/Vanguard Outpost": 1})
    mission = {"power": "fed", "mission": "espionage", "target": "0203", "intel": 1}
    col.not_yet(c, "fed", {**mission, "staging": "0509"})  # staged elsewhere: 0207's new colonies do not matter
    economy(c, "kzinti", founded={"0203/Kzin Prime": 1})
    with pytest.raises(RuleError, match=r"Kzin Prime \(0203\) became a colony at turn 1"):
        col.not_yet(c, "kzinti", {**mission, "power": "kzinti", "staging": "0203"})  # the system's one planet, new
    power(c, "fed").economy = None
    col.not_yet(c, "fed", {"at": "0207", "planet": "Vanguard III"})  # no record: nothing founded
    assert col.founded(c, "fed", c.sector_at("0207"), _planet(c, "0207", "Vanguard III")) is None


def test_settling_keeps_the_new_colony_and_forgets_the_older_one():
    from rules.model.campaign import Planet
    from rules.model.turn_model import Cargo, CargoKind

    c = second_turn().campaign.model_copy(deep=True)
    c.sector_at("0207").star_system.planets.append(Planet(name="Vanguard IV"))
    fleet = next(f for f in c.fleets if f.id == "fed-colony")
    fleet.cargo = [Cargo(id="census", kind=CargoKind.CENSUS, amount=1, embarked_turn=2)]
    power(c, "kzinti").economy = None  # a power without a record is passed over
    col.settle(c)
    assert power(c, "fed").economy.founded == {"0207/Vanguard IV": 2}
    assert _planet(c, "0207", "Vanguard IV").owner == "fed"


def test_census_two_loads_one_and_keeps_one():
    run = play(with_colony_fleet(), TO_ORDERS)
    _planet(run.campaign, "0207", "Vanguard II").census = 2
    new = col.load(run.campaign, colonize()["colonize"])
    assert _planet(new, "0207", "Vanguard II").census == 1


def _loaded(c, at: str, transit: str | None = None):
    from rules.model.turn_model import Cargo, CargoKind

    fleet = next(f for f in c.fleets if f.id == "fed-colony")
    fleet.cargo = [Cargo(id="census", kind=CargoKind.CENSUS, amount=1, embarked_turn=2)]
    fleet.sector = Label.parse(at)
    fleet.in_transit_to = Label.parse(transit) if transit else None
    return fleet


@pytest.mark.parametrize(("at", "transit", "words"), [
    ("0207", None, "Colony Fleet Mayflower (United Federation of Planets) keeps its Census at 0207: no unowned planet "
                   "without Census in the system"),
    ("1009", None, "Colony Fleet Mayflower (United Federation of Planets) keeps its Census at 1009: the system is "
                   "Klingon Empire's"),
    ("0207", "0307", None),
])
def test_a_loaded_fleet_that_cannot_settle_keeps_its_census(at, transit, words):
    c = second_turn().campaign.model_copy(deep=True)
    c.sector_at("1009").star_system.planets[0].census = 0  # Tagh II: Census 0 but the Klingons' system
    c.sector_at("1009").star_system.planets[0].owner = None
    before = len(c.log)
    fleet = _loaded(c, at, transit)
    power(c, "fed").economy = None  # no record: settling records no first turn
    col.settle(c)
    assert [x.kind.value for x in next(f for f in c.fleets if f.id == fleet.id).cargo] == ["census"]
    said = c.log[before:]
    assert [(e.turn, e.rule, e.text) for e in said] == ([(2, RULE, words)] if words else [])
    assert all(pl.owner != "fed" or pl.name != "Tagh II" for pl in c.sector_at("1009").star_system.planets)


def test_a_settled_system_without_owner_becomes_the_power_s():
    from rules.model.campaign import Planet

    c = second_turn().campaign.model_copy(deep=True)
    c.sector_at("0606").star_system.planets.append(Planet(name="Ardana II", owner="kzinti", census=2))
    c.sector_at("0606").star_system.planets.append(Planet(name="Ardana III"))
    _loaded(c, "0606")
    power(c, "fed").economy = None
    col.settle(c)
    assert c.sector_at("0606").owner == "fed" and _planet(c, "0606", "Ardana III").owner == "fed"
    assert c.log[-1].text == "United Federation of Planets settles Ardana III (0606) from Colony Fleet Mayflower: " \
                             "Census 1, Morale 1, Productivity 0"


LOAD = "004 Turn Orders Phase (colonization)"


@pytest.mark.parametrize(("change", "body", "error", "words"), [
    (None, {"power": "fed", "fleet": "fed-colony"}, IllegalAnswer, "004 Turn Orders Phase: a colonization is "
     "{\"colonize\": {\"power\": id, \"fleet\": id, \"planet\": name}}, not {'power': 'fed', 'fleet': 'fed-colony'}"),
    ("by hand", None, RuleError, "004 Turn Orders Phase: colonization is kept by hand in this campaign "
                                 "(settings.empire_turn by_hand)"),
    (None, {"power": "nobody", "fleet": "fed-colony", "planet": "Vanguard II"}, IllegalAnswer,
     "004 Turn Orders Phase: there is no power 'nobody'"),
    (None, {"power": "fed", "fleet": "fed-nothing", "planet": "Vanguard II"}, RuleError,
     f"{LOAD}: fed-nothing is not a Colony Fleet of United Federation of Planets: only a Colony Fleet loads Census "
     "to colonize"),
    ("under way", None, RuleError, f"{LOAD}: Colony Fleet Mayflower is in transit: it loads Census only where it "
                                   "stands"),
    ("loaded", None, RuleError, f"{LOAD}: Colony Fleet Mayflower is already loaded: a Colony Fleet moves one Census"),
    (None, {"power": "fed", "fleet": "fed-colony", "planet": "Vanguard Outpost"}, RuleError,
     f"{LOAD}: Vanguard Outpost's Census is 1: it keeps at least 1 (a colony is not emptied)"),
])
def test_loading_refusals_in_full(change, body, error, words):
    c = play(with_colony_fleet(), TO_ORDERS).campaign
    if change == "by hand":
        c.settings.empire_turn = "by_hand"
    if change == "under way":
        next(f for f in c.fleets if f.id == "fed-colony").in_transit_to = Label.parse("0307")
    if change == "loaded":
        c = col.load(c, colonize()["colonize"])
    with pytest.raises(error) as e:
        col.load(c, body or colonize()["colonize"])
    assert str(e.value) == words


def test_a_load_in_full():
    c = play(with_colony_fleet(), TO_ORDERS).campaign
    new = col.load(c, colonize()["colonize"])
    fleet = next(f for f in new.fleets if f.id == "fed-colony")
    assert [(x.id, x.kind.value, x.amount, x.embarked_turn) for x in fleet.cargo] == [
        ("fed-colony-census-t1", "census", 1, 1)]
    line = new.log[-1]
    assert (line.turn, line.rule, line.secret_of) == (1, LOAD, ["alliance"])
    assert line.text == "Colony Fleet Mayflower loads 1 Census from Vanguard II (0207): Census 8 to 7; the Census is " \
                        "moved to the planet, establishing the colony, on the next Update Asset Phase where it " \
                        "stands at its destination"
