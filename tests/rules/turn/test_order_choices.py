"""The Turn Orders a power may give now (rules/turn/order_choices.py): each candidate judged by the
engine's own order function, the legal ones in the words of the log line they would write, the
refused ones with their rule; giving an offer's order is accepted as offered."""
from __future__ import annotations

from fractions import Fraction

from rules.model import dumps, parse_campaign
from rules.turn.order_choices import KINDS, offers
from rules.turn.orders import KINDS as ORDER_KINDS
from rules.turn.run import play
from tests.rules.turn.test_colonize import with_colony_fleet
from tests.rules.turn.test_empire import power
from tests.rules.turn.test_purchases import TO_ORDERS, crippled


def at_orders():
    c = play(crippled(with_colony_fleet(), ("fed-sb-11", 41)), TO_ORDERS).campaign
    power(c, "fed").economy.reserve = ["fed-dd-1"]
    power(c, "fed").economy.maintenance = {"DD": Fraction(2)}
    return parse_campaign(dumps(c))


def test_every_listed_kind_is_an_order_the_engine_takes():
    assert set(KINDS) <= set(ORDER_KINDS)


def test_offers_are_the_engines_words_and_refusals_keep_their_rule():
    c = at_orders()
    scrap = offers(c, "fed", "scrap")
    legal = [o for o in scrap if not o.refused]
    assert [o.order() for o in legal] == [{"scrap": {"unit": "fed-sb-11", "planet": "Vanguard II"}}]
    assert legal[0].text.endswith("50% of 41 = 20 1/2 back; Point Pool 11 4/5 to 32 3/10")
    assert any(o.refused.startswith("004 Construction Completion Phase (scrapping): Vanguard Trade Fleet 1 has no "
                                    "cost") for o in scrap)
    colonize = offers(c, "fed", "colonize")
    assert [o.order() for o in colonize if not o.refused] == [{"colonize": {"fleet": "fed-colony",
                                                                           "planet": "Vanguard II"}}]
    assert [o.order() for o in offers(c, "fed", "reactivate")] == [{"reactivate": {"unit": "fed-dd-1"}}]
    assert "fed-dd-1" not in [dict(o.body)["unit"] for o in offers(c, "fed", "reserve") if not o.refused]
    assert offers(c, "fed", "ground") == [] and offers(c, "fed", "repair") != []
    assert c == at_orders()  # asking changes nothing


def test_an_offer_given_is_accepted_as_offered():
    c = at_orders()
    for kind in KINDS:
        for o in offers(c, "fed", kind):
            if not o.refused:
                after = ORDER_KINDS[kind](c, {**dict(o.body), "power": "fed"})
                assert after.log[-1].text == o.text


def test_the_mission_lists_are_those_the_engine_accepts() -> None:
    from rules.turn.order_choices import missions
    from rules.turn.run import play as play_to
    from tests.rules.turn.test_intel_missions import mission, spies
    from tests.rules.turn.test_purchases import TO_ORDERS as TO

    run = play_to(spies(), TO)
    got = missions(run.campaign, "klingon")
    assert got.pool == 12 and ("1208", 9) in got.staging and got.refused == ""
    assert ("0207", "United Federation of Planets") in got.targets
    assert all(whose != "Klingon Empire" for _, whose in got.targets)
    run.answer(mission(9))  # 1208's Census used up this turn: no longer a staging system
    assert "1208" not in dict(missions(run.campaign, "klingon").staging)
    from rules.model.campaign import Relation
    from rules.model.types import DiplomaticState

    c = play_to(spies(), TO).campaign
    c = c.model_copy(update={"diplomacy": [r for r in c.diplomacy if set(r.powers) != {"klingon", "fed"}] + [
        Relation(powers=("klingon", "fed"), state=DiplomaticState.NO_CONTACT)]})
    none = missions(c, "klingon")  # no contact: the Federation's systems are not offered, the rule said
    assert not any(whose == "United Federation of Planets" for _, whose in none.targets)
    if not none.targets:
        assert "has no contact with United Federation of Planets" in none.refused
