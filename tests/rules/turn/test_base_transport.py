"""Seed 004 bases outside the building planet's orbit (issue 23): "Building bases elsewhere in the
system requires the use of Transport Fleets, with one fleet needed for every 10 economic points
spent on base construction" and "In case Transport Fleets are not in place during the
Construction Completion Phase, the points spent and carried by those fleets are lost" - refused
with the rule when ordered without them, built in the sector named when they are there, lost
(logged) when they are not."""
from __future__ import annotations

from fractions import Fraction

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.builds import BuildClass
from rules.model.campaign import Campaign, Fleet
from rules.model.records import Phase
from rules.model.turn_model import FleetKind
from rules.turn import purchases
from rules.turn.run import play
from tests.rules.turn.test_empire import EXAMPLE, economy, power
from tests.rules.turn.test_purchases import TO_ORDERS, with_list

RULE = "004 Turn Orders Phase (bases outside the planet's orbit)"
LOST = "004 Construction Completion Phase (bases outside the planet's orbit)"


def with_transports(n: int = 3, pool: int = 40, costs: tuple[int, ...] = (9, 10, 11)) -> Campaign:
    """The purchases scenario, the Federation with ``n`` Transport Fleets at Vanguard II (0207), a
    pool of ``pool`` and DEFSAT-like bases costing ``costs`` on its list (BASE9, BASE10, ...)."""
    c = with_list()
    fed = power(c, "fed")
    defsat = next(b.unit for b in fed.unit_list if b.unit.class_designation == "DEFSAT")
    fed.unit_list += [BuildClass(unit=defsat.model_copy(update={"class_designation": f"BASE{k}"}), cost=k)
                      for k in costs]
    trade = next(f for f in c.fleets if f.id == "fed-trade-vanguard")
    for k in range(1, n + 1):
        c.fleets.append(Fleet(id=f"fed-tf-{k}", name=f"Transport Fleet {k}", power="fed", sector=trade.sector,
                              kind=FleetKind.TRANSPORT,
                              units=[u.model_copy(update={"id": f"{u.id}-tf{k}"}) for u in trade.units]))
    c = parse_campaign(dumps(c))
    run = play(c, TO_ORDERS)
    economy(run.campaign, "fed", point_pool=pool)
    return run.campaign


def buy(cls: str, at: str = "0207", fleets: tuple[str, ...] = ("fed-tf-1",), where: str = "0207") -> dict:
    return {"power": "fed", "class": cls, "at": "0207", "planet": "Vanguard II",
            "elsewhere": {"at": where, "transports": list(fleets)}}


@pytest.mark.parametrize(("cost", "fleets"), [(9, 1), (10, 1), (11, 2)])
def test_one_transport_fleet_per_ten_points_boundaries(cost, fleets):
    c = with_transports()
    names = tuple(f"fed-tf-{k}" for k in range(1, 4))
    new = purchases.order(c, buy(f"BASE{cost}", fleets=names[:fleets]))
    j = power(new, "fed").economy.projects[-1]
    assert (j.elsewhere, j.transports, j.cost) == (Label.parse("0207"), list(names[:fleets]), cost)
    assert power(new, "fed").economy.point_pool == 40 - cost
    assert f"built at 0207, carried by {', '.join(names[:fleets])}" in new.log[-1].text
    for wrong in (fleets - 1, fleets + 1):  # one fewer or one more than the rule's number: refused
        with pytest.raises(RuleError) as e:
            purchases.order(c, buy(f"BASE{cost}", fleets=names[:wrong]))
        assert e.value.rule == RULE
        assert f"costs {cost} EP: building it outside the planet's orbit needs {fleets} Transport Fleet" \
            in str(e.value)


def test_in_orbit_needs_no_fleet_and_a_ship_is_never_built_elsewhere():
    c = with_transports()
    new = purchases.order(c, {"power": "fed", "class": "BASE11", "at": "0207", "planet": "Vanguard II"})
    j = power(new, "fed").economy.projects[-1]
    assert (j.elsewhere, j.transports) == (None, [])
    with pytest.raises(RuleError) as e:
        purchases.order(c, buy("FF"))
    assert e.value.rule == RULE and "a FF is not a base, DEFSAT or mine" in str(e.value)


@pytest.mark.parametrize(("change", "body", "words"), [
    (None, buy("BASE9", fleets=("fed-trade-vanguard",)), "fed-trade-vanguard is not a Transport Fleet of"),
    (None, buy("BASE9", fleets=("kli-transport-7",)), "kli-transport-7 is not a Transport Fleet of"),
    (None, buy("BASE9", where="0203"), "builds bases only in its own systems: 0203 is not one"),
    (None, buy("BASE9", where="0307"), "builds bases only in its own systems: 0307 is not one"),
    ("away", buy("BASE9"), "Transport Fleet 1 is not standing at 0207"),
    ("taken", buy("BASE9"), "already carries the points of another base"),
    (None, buy("BASE11", fleets=("fed-tf-1", "fed-tf-1")), "needs 2 Transport Fleets"),
])
def test_a_placement_without_its_fleets_is_refused_with_the_rule(change, body, words):
    c = with_transports()
    if change == "away":
        next(f for f in c.fleets if f.id == "fed-tf-1").sector = Label.parse("0307")
    if change == "taken":
        c = purchases.order(c, buy("BASE10"))
    with pytest.raises(RuleError) as e:
        purchases.order(c, body)
    assert e.value.rule == RULE and words in str(e.value)


def test_a_malformed_placement_is_an_illegal_answer():
    with pytest.raises(IllegalAnswer, match="a base built elsewhere is \"elsewhere\": {\"at\": \"0207\", "):
        purchases.order(with_transports(), {**buy("BASE9"), "elsewhere": {"at": "0207"}})


def test_the_base_is_built_where_ordered_when_its_fleets_are_there():
    c = purchases.order(with_transports(), buy("BASE11", fleets=("fed-tf-1", "fed-tf-2"), where="0509"))
    for f in c.fleets:
        if f.id in ("fed-tf-1", "fed-tf-2"):
            f.sector = Label.parse("0509")  # they carried the points to Tau Ceti in the Movement Phase
    done = purchases.complete(c)
    assert [u.class_designation for u in done.sector_at("0509").garrison][-1] == "BASE11"
    assert "BASE11" not in [u.class_designation for u in done.sector_at("0207").garrison]
    assert power(done, "fed").economy.projects == []
    assert done.log[-1].text == "United Federation of Planets at Vanguard II (0207): BASE11 built at 0509 (base, " \
                                "DEFSAT or mine) completed: 11 of capacity; New BASE11 1 (turn 1) joins the " \
                                "garrison at 0509"


@pytest.mark.parametrize(("moved", "lost"), [
    ({"fed-tf-1"}, "fed-tf-2 (at 0207; it carried 1 EP)"),
    ({"fed-tf-2"}, "fed-tf-1 (at 0207; it carried 10 EP)"),
    (set(), "fed-tf-1 (at 0207; it carried 10 EP), fed-tf-2 (at 0207; it carried 1 EP)"),
])
def test_the_points_are_lost_when_a_fleet_is_not_in_place(moved, lost):
    c = purchases.order(with_transports(), buy("BASE11", fleets=("fed-tf-1", "fed-tf-2"), where="0509"))
    for f in c.fleets:
        if f.id in moved:
            f.sector = Label.parse("0509")
    done = purchases.complete(c)
    assert "BASE11" not in [u.class_designation for s in done.map.sectors for u in s.garrison]
    assert power(done, "fed").economy.projects == []  # lost, not waiting
    assert power(done, "fed").economy.point_pool == 40 - 11  # nothing given back
    line = done.log[-1]
    assert line.rule == LOST and line.secret_of == ["alliance"]
    assert f"the BASE11 ordered at Vanguard II (0207) to be built at 0509 is lost with the 11 EP spent: " \
           f"Transport Fleet{'s' if not moved else ''} not in place at 0509: {lost}" in line.text


def test_a_base_elsewhere_in_the_system_through_the_whole_turn():
    """Elsewhere in Vanguard's own system: the fleet stays at 0207, the base joins 0207's garrison
    at Construction Completion, the file round-trips and the run replays."""
    answers = [*EXAMPLE[:8], {"purchase": buy("BASE10")}, *EXAMPLE[8:]]
    run = play(with_transports(), [])
    assert run.campaign.phase is Phase.ORDERS
    for a in answers[8:answers.index("roll")]:
        run.answer(a)
    done = run.campaign
    assert done.phase is Phase.UPDATE
    assert [u.class_designation for u in done.sector_at("0207").garrison] == ["SB", "BASE10"]
    assert any("BASE10 built at 0207 (base, DEFSAT or mine) completed" in e.text for e in done.log)
    assert dumps(parse_campaign(dumps(done))) == dumps(done)
    assert power(done, "fed").economy.point_pool == Fraction(40 - 10)


@pytest.mark.parametrize(("body", "words"), [
    ({"elsewhere": {"at": "0207"}}, "a base built elsewhere is \"elsewhere\": {\"at\": \"0207\", \"transports\": "
                                    "[fleet ids]}, not {'at': '0207'}"),
    ({"elsewhere": {"at": "zz", "transports": ["fed-tf-1"]}}, "'zz' is not a sector label: "),
])
def test_malformed_placements_name_the_turn_orders_rule(body, words):
    with pytest.raises(IllegalAnswer) as e:
        purchases.order(with_transports(), {**buy("BASE9"), **body})
    assert e.value.rule == "004 Turn Orders Phase" and words in str(e.value)


@pytest.mark.parametrize(("body", "words"), [
    (buy("FF"), "a FF is not a base, DEFSAT or mine: only bases are built outside the planet's orbit (ships and "
                "flights leave the yard on their own)"),
    (buy("BASE9", fleets=()), "the BASE9 costs 9 EP: building it outside the planet's orbit needs 1 Transport Fleet "
                              "(one Transport Fleet per 10 EP of a base built outside the planet's orbit), not 0 named"),
    (buy("BASE9", fleets=("fed-tf-9",)), "fed-tf-9 is not a Transport Fleet of United Federation of Planets (one "
                                         "Transport Fleet per 10 EP"),
])
def test_refusals_in_full(body, words):
    with pytest.raises(RuleError) as e:
        purchases.order(with_transports(), body)
    assert str(e.value) == f"{RULE}: {words}" or str(e.value).startswith(f"{RULE}: {words}")


def test_a_fleet_away_or_loaded_is_refused_in_full():
    c = with_transports()
    power(c, "kzinti").economy = None  # a power without an economy record holds no project
    tf = next(f for f in c.fleets if f.id == "fed-tf-1")
    tf.sector = Label.parse("0307")
    with pytest.raises(RuleError) as e:
        purchases.order(c, buy("BASE9"))
    assert str(e.value) == f"{RULE}: Transport Fleet 1 is not standing at 0207, where the building planet is: it loads " \
                           "the points there"
    tf.sector = Label.parse("0207")
    tf.cargo = next(f for f in c.fleets if f.id == "kli-transport-7").cargo
    with pytest.raises(RuleError) as e:
        purchases.order(c, buy("BASE9"))
    assert str(e.value) == f"{RULE}: Transport Fleet 1 already carries cargo: a Transport Fleet carries 10 " \
                           "EP (Supply rating 10)"
    tf.cargo = []
    c = purchases.order(c, buy("BASE9"))
    with pytest.raises(RuleError) as e:
        purchases.order(c, buy("BASE10"))
    assert "Transport Fleet 1 already carries the points of another base" in str(e.value)


@pytest.mark.parametrize(("change", "lost"), [
    ("captured", "fed-tf-1 (lost; it carried 10 EP)"),
    ("gone", "fed-tf-1 (lost; it carried 10 EP)"),
    ("under way", "fed-tf-1 (at 0509, bound for 0409; it carried 10 EP)"),
    ("system lost", None),
])
def test_what_the_loss_says(change, lost):
    c = purchases.order(with_transports(), buy("BASE10", where="0509"))
    c = purchases.order(c, {"power": "fed", "class": "DEFSAT", "at": "0207", "planet": "Vanguard II"})  # in orbit
    tf = next(f for f in c.fleets if f.id == "fed-tf-1")
    tf.sector = Label.parse("0509")
    if change == "captured":
        tf.power = "klingon"
    if change == "gone":
        c.fleets.remove(tf)
    if change == "under way":
        tf.in_transit_to = Label.parse("0409")
    if change == "system lost":
        c.sector_at("0509").owner = "klingon"
    done = purchases.complete(c)
    line = next(e for e in done.log if e.rule == LOST)
    why = lost and f"Transport Fleet not in place at 0509: {lost}" or "0509 is no longer the power's"
    assert f"to be built at 0509 is lost with the 10 EP spent: {why} (the points" in line.text
    assert [u.class_designation for u in done.sector_at("0207").garrison][-1] == "DEFSAT"  # the orbit's is built
    assert power(done, "fed").economy.projects == []
