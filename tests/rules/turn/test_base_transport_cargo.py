"""Seed 004: a Transport Fleet named to carry a base's points outside the building planet's orbit
(issue 23) is given no other cargo until Construction Completion - "Transport Fleets have a Supply
rating of 10", "one fleet needed for every 10 economic points spent on base construction". An
embarkation or a seizure onto it is refused when it is given, with the rule and words naming the
fleet and the base (before, it was taken, and the fleet carried both), engine and headless."""
from __future__ import annotations

from fractions import Fraction

import pytest

from hexmap import Label
from rules.errors import RuleError
from rules.model.economy_model import PowerEconomy, Project
from rules.model.records import Phase
from rules.turn import purchases
from rules.turn.base_transport import CARRYING, carrying
from rules.turn.cargo import GroundItem, embark
from rules.turn.run import TurnRun
from rules.turn.seizure import seize
from tests.rules.turn.test_base_transport import buy, with_transports
from tests.rules.turn.test_empire import power
from tests.rules.turn.test_seizure import loaded

WORDS = ("Transport Fleet 1 carries 10 EP of the BASE11 ordered at Vanguard II (0207) to be built at 0509 until "
         "Construction Completion: a Transport Fleet carries 10 EP (Supply rating 10) and takes no other cargo")


def ordered():
    """The Federation's three Transport Fleets at Vanguard II (0207), each with a Supply rating of 10
    (room for one ground unit); a BASE11 ordered at 0509, carried by fed-tf-1 and fed-tf-2."""
    c = with_transports()
    for f in c.fleets:
        if f.id.startswith("fed-tf-"):
            f.units[0].supply_rating = 10
    return purchases.order(c, buy("BASE11", fleets=("fed-tf-1", "fed-tf-2"), where="0509"))


def test_the_fleets_named_are_refused_other_cargo_with_the_rule():
    c = ordered()
    for fleet, load in (("fed-tf-1", "10"), ("fed-tf-2", "1")):
        with pytest.raises(RuleError) as e:
            embark(c, fleet, "Vanguard II", GroundItem("fed-gd-vanguard"), c.turn)
        assert e.value.rule == CARRYING == "004 Construction Completion Phase (bases outside the planet's orbit)"
        name = f"Transport Fleet {fleet[-1]}"
        assert str(e.value) == f"{CARRYING}: " + WORDS.replace("Transport Fleet 1", name).replace(
            "carries 10 EP of", f"carries {load} EP of")
    free = embark(c, "fed-tf-3", "Vanguard II", GroundItem("fed-gd-vanguard"), c.turn)  # not named: it loads
    assert [k.id for f in free.fleets if f.id == "fed-tf-3" for k in f.cargo] == ["fed-gd-vanguard"]


def test_the_fleets_are_free_again_once_the_base_is_built_or_lost():
    c = ordered()
    assert carrying(c, "fed-tf-1") == WORDS and carrying(c, "fed-tf-3") is None
    for f in c.fleets:
        if f.id in ("fed-tf-1", "fed-tf-2"):
            f.sector = Label.parse("0509")
    done = purchases.complete(c)
    assert power(done, "fed").economy.projects == [] and carrying(done, "fed-tf-1") is None


def test_the_refusal_names_the_fleet_id_when_the_fleet_is_gone():
    c = ordered()
    c.fleets = [f for f in c.fleets if f.id != "fed-tf-2"]
    assert carrying(c, "fed-tf-2").startswith("fed-tf-2 carries 1 EP of the BASE11")


def test_a_fleet_carrying_a_base_seizes_no_cargo():
    c = loaded()  # Klingon fleet k (Supply rating 10) beside the Federation's carrier tr, under Hostilities
    assert seize(c, "k", "c1", 3).fleets  # free: it seizes
    c.powers[[p.id for p in c.powers].index("klingon")].economy = PowerEconomy(projects=[Project(
        id="kb", unit_class="BASE10", at=Label.parse("0202"), planet="K I", cost=Fraction(10), turn=3,
        elsewhere=Label.parse("0203"), transports=["k"])])
    with pytest.raises(RuleError) as e:
        seize(c, "k", "c1", 3)
    assert e.value.rule == CARRYING
    assert str(e.value).endswith("k carries 10 EP of the BASE10 ordered at K I (0202) to be built at 0203 until "
                                 "Construction Completion: a Transport Fleet carries 10 EP (Supply rating 10) and "
                                 "takes no other cargo")


def test_headless_the_cargo_order_is_refused_and_changes_nothing():
    """The whole turn headless: the base ordered in Turn Orders, the answers to the Troop Combat step,
    where the cargo order onto fed-tf-1 is refused with the rule and the campaign is unchanged."""
    from tests.play.turn_player import default_answer

    run = TurnRun(ordered())
    while run.campaign.phase is not Phase.TROOPS:
        run.answer(default_answer(run.pending))
    assert run.campaign.turn == 1 and power(run.campaign, "fed").economy.projects[-1].transports == [
        "fed-tf-1", "fed-tf-2"]
    before = run.campaign.model_dump_json()
    with pytest.raises(RuleError) as e:
        run.answer({"cargo": {"fleet": "fed-tf-1", "verb": "embark", "cargo": "fed-gd-vanguard",
                              "planet": "Vanguard II"}})
    assert e.value.rule == CARRYING and str(e.value).endswith(WORDS)
    assert run.campaign.model_dump_json() == before
    run.answer({"cargo": {"fleet": "fed-tf-3", "verb": "embark", "cargo": "fed-gd-vanguard", "planet": "Vanguard II"}})
    assert [k.id for f in run.campaign.fleets if f.id == "fed-tf-3" for k in f.cargo] == ["fed-gd-vanguard"]
