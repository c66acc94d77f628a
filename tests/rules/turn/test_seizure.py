"""Seed 004: cargo seized under a Declaration of Hostilities (issue 23) - "Ships can cross borders,
seize cargo, and engage in hostile activities short of conquering systems"; War "includes all the
effects of a declaration of hostilities". Refused with the rule under any other state, from a guarded
carrier, troops, or without room."""
from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.turn_model import CargoKind
from rules.turn.seizure import RULE, seize
from tests.rules.strategic.builder import campaign, fleet, unit
from tests.rules.turn.test_cargo import fl, transport


def loaded(state: str = "hostilities", extra: list[dict[str, Any]] | None = None, room: int = 10,
           kind: str = "supply", **kw: Any) -> Campaign:
    cargo = [{"id": "c1", "kind": kind, "amount": 5 if kind == "supply" else 1, **({"size": 5} if kind == "supply" else {}), **(
        {"ground_unit": {"id": "g1", "name": "G1", "power": "fed"}} if kind == "ground_unit" else {})}]
    raider = fleet("k", "klingon", "0202", units=[unit("k-d7", supply_rating=room)])
    return campaign(fleets=[transport(cargo=cargo), raider, *(extra or [])],
                    relations={("fed", "klingon"): state}, **kw)


@pytest.mark.parametrize("state", ["hostilities", "war"])
def test_cargo_is_seized_under_hostilities_or_war_and_rides_as_embarked_this_turn(state: str) -> None:
    new = seize(loaded(state), "k", "c1", 3)
    assert fl(new, "tr").cargo == [] and [(x.id, x.kind, x.amount, x.embarked_turn) for x in fl(new, "k").cargo] == [
        ("c1", CargoKind.SUPPLY, 5, 3)]
    line = new.log[-1]
    assert (line.rule, line.text) == (RULE, "k (Klingon) seizes 5 supply from tr (Fed) in 0202")


@pytest.mark.parametrize("state", ["normal", "non_aggression", "trade", "peace", "alliance"])
def test_no_other_state_lets_ships_seize_cargo(state: str) -> None:
    with pytest.raises(RuleError, match="only a Declaration of Hostilities") as e:
        seize(loaded(state), "k", "c1", 3)
    assert e.value.rule == RULE


@pytest.mark.parametrize("extra, words", [
    ([fleet("f", "fed", "0202")], "f still guards tr in 0202"),
    ([fleet("z", "kzinti", "0202")], "z still guards tr"),  # an ally of the carrier guards it too
])
def test_a_guarded_carrier_keeps_its_cargo(extra: list[dict[str, Any]], words: str) -> None:
    with pytest.raises(RuleError, match=words) as e:
        seize(loaded(extra=extra), "k", "c1", 3)
    assert e.value.rule == RULE
    assert fl(seize(loaded(extra=[fleet("f", "fed", "0203")]), "k", "c1", 3), "k").cargo  # next door: unguarded


def test_troops_no_room_another_sector_and_reserve_are_refused() -> None:
    for c, words in ((loaded(kind="ground_unit"), "troops aboard tr, not cargo to seize"),
                     (loaded(room=4), "has no room for it"),
                     (loaded(room=5), None),  # just inside: 5 supply in a Supply rating of 5
                     (campaign(fleets=[transport(cargo=[{"id": "c1", "kind": "supply", "amount": 5}]),
                                       fleet("k", "klingon", "0203", units=[unit("k-d7", supply_rating=10)])]),
                      "do not stand in one sector")):
        if words is None:
            assert fl(seize(c, "k", "c1", 3), "k").cargo
            continue
        with pytest.raises(RuleError, match=words):
            seize(c, "k", "c1", 3)
    c = loaded()
    k = fl(c, "k")
    k.reserve = True
    with pytest.raises(RuleError, match="k is kept in reserve"):
        seize(c, "k", "c1", 3)


def refused(c: Campaign, fleet_id: str = "k", cargo_id: str = "c1") -> str:
    with pytest.raises(RuleError) as e:
        seize(c, fleet_id, cargo_id, 3)
    return str(e.value)


def test_each_refusal_says_its_rule_and_words_and_changes_nothing() -> None:
    c = loaded("non_aggression")
    before = c.model_dump_json()
    assert refused(c) == (f"{RULE}: Klingon and Fed are at non aggression: only a Declaration of Hostilities (or of "
                          "War) lets ships seize cargo")
    assert c.model_dump_json() == before
    assert refused(loaded(), "x") == "004 Invasion Phase: there is no fleet 'x'"
    assert refused(loaded(), cargo_id="c9") == "004 Invasion Phase: no fleet carries a cargo 'c9'"
    own = loaded(extra=[fleet("f2", "fed", "0205")])
    assert refused(own, "f2") == f"{RULE}: tr is Fed's own: cargo is seized from another power"
    assert refused(loaded(kind="ground_unit")) == (f"{RULE}: c1 is troops aboard tr, not cargo to seize (a boarding "
                                                   "is the GM's)")
    assert refused(loaded(room=4)).startswith(f"{RULE}: k has no room for it: ")
    c = loaded()
    fl(c, "k").reserve = True
    assert refused(c) == f"{RULE}: k cannot seize cargo: k is kept in reserve"


def test_a_fleet_in_transit_or_unarmed_seizes_nothing() -> None:
    c = loaded()
    fl(c, "k").in_transit_to = fl(c, "k").sector.__class__.parse("0203")  # leaving the carrier's sector
    assert refused(c) == f"{RULE}: k and tr do not stand in one sector: cargo is seized in a sector"
    unarmed = campaign(fleets=[transport(cargo=[{"id": "c1", "kind": "supply", "amount": 5, "size": 5}]),
                               fleet("k", "klingon", "0202", units=[unit("k-fr", supply_rating=10, is_civilian=True)])],
                       relations={("fed", "klingon"): "war"})
    assert refused(unarmed) == f"{RULE}: k has no active military unit to seize cargo with"


def test_a_unit_carried_as_cargo_is_seized_by_its_name_and_the_given_campaign_kept() -> None:
    c = loaded(kind="other")
    fl(c, "tr").cargo[0].unit = fl(c, "k").units[0].model_copy(update={"id": "ds1", "name": "DefSat 1"})
    before = c.model_dump_json()
    new = seize(c, "k", "c1", 3)
    assert new.log[-1].text == "k (Klingon) seizes DefSat 1 from tr (Fed) in 0202"
    assert c.model_dump_json() == before


def test_the_guards_refusal_words() -> None:
    assert refused(loaded(extra=[fleet("f", "fed", "0202")])) == (f"{RULE}: f still guards tr in 0202: cargo is seized "
                                                                  "from unguarded carriers")
