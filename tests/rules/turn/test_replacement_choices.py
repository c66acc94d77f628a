"""The replacement flights the orders dialog offers (rules/turn/replacement.py ``candidates``, judged by
rules/turn/order_choices.py ``offers``): each newly built flight to each of the power's fleets and
system garrisons where a flight was lost, kept when the engine accepts it, in its log line's words."""
from __future__ import annotations

from rules.turn.order_choices import offers
from rules.turn.replacement import candidates
from tests.rules.strategic.builder import fleet, unit
from tests.rules.turn.test_replacement_flights import EARTH, carrier_group, fighter, world

ROSS = {"0305": {"owner": "fed", "garrison": [fighter("g1", destroyed=True)], "star_system": {
    "name": "Ross", "planets": [{"name": "Ross I", "owner": "fed", "census": 2, "productivity": 1, "morale": 1}]}}}


def test_each_new_flight_to_each_place_that_lost_a_flight():
    """Fleet cg and Ross's garrison lost one; fleet whole lost none; Klingon's k is not Fed's."""
    c = world(carrier_group(), fleet("whole", "fed", "0304", units=[unit("w1")]),
              fleet("k", "klingon", "0304", units=[fighter("k1", destroyed=True)]), sectors={**EARTH, **ROSS})
    assert list(candidates(c, "fed")) == [{"flight": "n1", "to": "cg"}, {"flight": "n1", "to": "0305"}]
    assert list(candidates(c, "klingon")) == []  # no flight of its own newly built
    got = offers(c, "fed", "replace")
    assert [(o.order(), o.refused) for o in got] == [({"replace": {"flight": "n1", "to": "cg"}}, ""),
                                                     ({"replace": {"flight": "n1", "to": "0305"}}, "")]
    assert got[1].text == ("Fed: N1 taken through its logistical network to the garrison at 0305 (in supply), "
                           "replacing G1 lost in combat; fed-built-t1-0303 has no unit left and leaves")


def test_a_place_the_engine_refuses_is_kept_with_its_rule():
    rebel = {"0305": {**ROSS["0305"], "star_system": {"name": "Ross", "planets": [
        {"name": "Ross I", "owner": "fed", "census": 2, "productivity": 1, "morale": 0}]}}}
    got = offers(world(sectors={**EARTH, **rebel}), "fed", "replace")
    assert [(o.text, o.refused) for o in got] == [("", "004 Construction Completion Phase (replacement flights): N1 "
                                                   "cannot reach the garrison at 0305: every planet of its own at 0305 "
                                                   "is in rebellion (Morale 0): out of supply (flights replace losses "
                                                   "only in supply)")]
