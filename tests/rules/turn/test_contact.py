"""Seed 004 Intel Phase: contact by tracing a path (issue 23) - "To establish contact with another
power, the player must trace a path of systems that includes systems explored and claimed by their
own empire or systems controlled by powers they already have relations with. [...] Normal Relations
are established once contact is made." Traced when the Turn Orders begin, logged with the path."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.errors import RuleError
from rules.model.campaign import Campaign, Relation
from rules.model.records import LogEntry
from rules.model.types import DiplomaticState as D
from rules.strategic import build_graph
from rules.strategic.state import StrategicState
from rules.turn import contact
from rules.turn.run import play
from tests.rules.turn.test_empire import scenario
from tests.rules.turn.test_purchases import TO_ORDERS

LYRAN_ALONE = [("lyran", x) for x in ("fed", "kzinti", "klingon", "romulan", "orion")]
FED_ALONE = [("fed", x) for x in ("klingon", "romulan", "orion")]


def apart(pairs: list[tuple[str, str]]) -> Campaign:
    c = scenario()
    keys = {frozenset(p) for p in pairs}
    c.diplomacy = [r for r in c.diplomacy if frozenset(r.powers) not in keys] + [
        Relation(powers=p, state=D.NO_CONTACT) for p in pairs]
    return c


def state(c: Campaign) -> D:
    return StrategicState.compute(c, build_graph(c)).dip.state("fed", "lyran")


def test_a_path_through_a_known_powers_systems_makes_contact_at_turn_orders() -> None:
    c = apart(LYRAN_ALONE + FED_ALONE)  # the Federation still knows the Kzinti, whose systems touch the Lyrans'
    assert state(c) is D.NO_CONTACT
    run = play(c, TO_ORDERS)
    assert state(run.campaign) is D.NORMAL
    line = next(e for e in run.campaign.log if e.rule == contact.RULE and "Lyran" in e.text)
    assert line.text == ("United Federation of Planets and Lyran Star Empire make contact: a path is traced through "
                         "0506, 0505, 0604, 0704; Normal Relations")
    assert state(play(c, TO_ORDERS[:-1]).campaign) is D.NO_CONTACT  # not before the Turn Orders begin


def test_no_path_without_a_known_power_between_them_no_contact() -> None:
    c = apart(LYRAN_ALONE + FED_ALONE + [("fed", "kzinti")])  # just outside: the Kzinti unknown too
    st = StrategicState.compute(c, build_graph(c))
    assert contact.path(st, "fed", "lyran") is None and contact.path(st, "lyran", "fed") is None
    run = play(c, TO_ORDERS)
    assert state(run.campaign) is D.NO_CONTACT
    assert not any(e.rule == contact.RULE and "Planets and Lyran" in e.text for e in run.campaign.log)
    with pytest.raises(RuleError, match="no contact"):
        run.answer({"propose": {"power": "fed", "to": "lyran", "treaty": "non_aggression"}})


def test_contact_made_now_opens_no_path_for_another_pair_until_the_next_turn() -> None:
    c = apart(LYRAN_ALONE + FED_ALONE + [("fed", "kzinti")])
    st = StrategicState.compute(c, build_graph(c))
    assert contact.path(st, "fed", "kzinti") == [Label.parse("0106"), Label.parse("0105")]  # the first, in label order
    new = contact.trace(c, build_graph(c))
    assert {frozenset(r.powers) for r in new.diplomacy if r.state is D.NORMAL} >= {frozenset(("fed", "kzinti"))}
    assert state(new) is D.NO_CONTACT  # "already have relations": the Kzinti were not known when traced
    assert state(contact.trace(new, build_graph(new))) is D.NORMAL


ALL = ("fed", "kzinti", "klingon", "lyran", "romulan", "orion")


def test_powers_starting_with_no_contact_at_all_meet_their_neighbours() -> None:
    # "Diplomatic Relations start from a state of no contact between powers": every pair apart
    c = apart([(a, b) for i, a in enumerate(ALL) for b in ALL[i + 1:]])
    c.log.append(LogEntry(turn=c.turn, rule="004 Movement Phase", text="an earlier line"))
    new = contact.trace(c, build_graph(c))
    met = {frozenset(r.powers) for r in new.diplomacy if r.state is D.NORMAL}
    assert met == {frozenset(p) for p in [("fed", "kzinti"), ("fed", "klingon"), ("fed", "romulan"),
                                          ("kzinti", "lyran"), ("kzinti", "orion"), ("klingon", "lyran"),
                                          ("klingon", "romulan"), ("lyran", "orion")]}
    assert new.log[:len(c.log)] == c.log and len(new.log) == len(c.log) + 8  # the earlier log kept


def test_a_path_only_the_other_power_can_trace_makes_contact_too() -> None:
    # the Lyrans know the Kzinti, the Federation does not: only the Lyrans trace a path, logged from fed's end
    c = apart([("lyran", x) for x in ("fed", "klingon", "romulan", "orion")] + FED_ALONE + [("fed", "kzinti")])
    st = StrategicState.compute(c, build_graph(c))
    assert contact.path(st, "fed", "lyran") is None
    new = contact.trace(c, build_graph(c))
    assert state(new) is D.NORMAL
    assert ("United Federation of Planets and Lyran Star Empire make contact: a path is traced through "
            "0506, 0505, 0604, 0704; Normal Relations") in [e.text for e in new.log if e.rule == contact.RULE]


def test_of_two_paths_as_short_the_first_powers_own_is_logged() -> None:
    pairs = [("fed", "klingon"), ("kzinti", "romulan"), ("kzinti", "orion"), ("klingon", "lyran"),
             ("klingon", "romulan"), ("lyran", "romulan"), ("lyran", "orion"), ("romulan", "orion")]
    c = apart(pairs)
    st = StrategicState.compute(c, build_graph(c))
    back = contact.path(st, "romulan", "kzinti")
    assert back is not None and [str(x) for x in reversed(back)] == ["0405", "0406", "0407", "0508", "0608"]
    text = next(e.text for e in contact.trace(c, build_graph(c)).log
                if e.rule == contact.RULE and e.text.startswith("Kzinti Hegemony and Romulan"))
    assert "through 0405, 0506, 0507, 0607, 0608;" in text  # the Kzinti's path (Kzinti before Romulans)


def test_a_planet_held_in_another_powers_system_is_claimed_by_its_holder() -> None:
    c = scenario()
    kzin = Label.parse("0203")
    sec = next(s for s in c.map.sectors if s.at == kzin)
    sec.star_system.planets[0].owner = "romulan"  # Kzin Prime taken; the sector's record still the Kzinti's
    claimed = contact.claims(StrategicState.compute(c, build_graph(c)))
    assert set(claimed) == set(ALL)  # no unowned planet (Ardana, 0606) claimed by "no one"
    assert kzin in claimed["romulan"] and kzin in claimed["kzinti"]
