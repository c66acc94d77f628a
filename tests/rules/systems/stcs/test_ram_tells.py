"""Issue 25: the ram and self-destruct acts were offered only to a ship with 20% or less of its crew left (40%
Klingon: seed 002 Ramming, Self-Destructing A Starship), read from the crew track, which counts the crew away in
secret boarding parties (:mod:`rules.systems.stcs.parties`): whether the act list offered them told Red that a party
was away. Both are now listed for every ship that could (its crew aside) and refused to the GM with the rule when its
crew bars them (asked again, nothing logged), as a transport through a raised shield is. Played as the tells tests
do: two battles differing only in Blue's secret boarding party read the same to Red. The crew bar reads the crew
"remaining onboard", the party waiting in the transporter rooms included (test_crew_away.py): a declaration accepted
with the party away and refused without it told Red the party."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_parties import arrived
from tests.rules.systems.stcs.test_transport_tells import red

HITS = ((5, 4), (5, 4), (5, 4), (5, 3))
"""Four crew hits on the Lexington: 20%, 20%, 20%, 15% (the efficiency rolls 99 fail)."""


def hurt(boarding: int) -> STCSBattle:
    """The Lexington, boarding parties of ``boarding`` of its 430 crew assigned (its side's secret), takes 75% crew
    casualties (public): 20% at its stations with the party (5% away), 25% without."""
    run = arrived(boarding=boarding, faces=[99] * (len(HITS) + 1))
    for points, rate in HITS:
        for a in ("crew:lexington", "other", points, rate):
            run.answer(a)
    return run


def test_red_reads_the_act_list_the_same_whatever_blues_secret_boarding_party() -> None:
    party, none = hurt(20), hurt(0)
    assert party.engine.casualties["lexington"] == 80 and none.engine.casualties["lexington"] == 75
    assert red(party) == red(none)
    for act in ("declare:lexington", "selfdestruct:lexington"):
        assert act in party.pending.options and act in none.pending.options
    with pytest.raises(IllegalAnswer, match="more than 20% of its crew") as why:
        none.answer("declare:lexington")  # 25% at its stations: the GM is refused, asked again
    assert why.value.rule == "STCS Ramming"
    with pytest.raises(IllegalAnswer, match="more than 20% of its crew") as why:
        none.answer("selfdestruct:lexington")
    assert why.value.rule == "STCS Self-Destructing A Starship"
    assert none.pending.key == "stcs/1/act" and none.pending.to == "gm"
    with pytest.raises(IllegalAnswer, match="more than 20% of its crew remain onboard \\(25%\\)"):
        party.answer("declare:lexington")  # 20% at its stations, its party aboard: 25% remain onboard
    with pytest.raises(IllegalAnswer, match="more than 20% of its crew remain onboard \\(25%\\)") as why:
        party.answer("selfdestruct:lexington")
    assert why.value.rule == "STCS Self-Destructing A Starship"
    assert red(party) == red(none)
    for run in (party, none):  # 5% more lost: 20% remain onboard, party or none
        for a in ("crew:lexington", "other", 5, 1):
            run.answer(a)
    assert red(party) == red(none)
    none.answer("declare:lexington")
    party.answer("declare:lexington")  # 20%: the ram is declared
    assert party.pending.key == "stcs/1/declare/lexington"
    assert "% of its crew" not in party.pending.text  # how many are left is its side's and the GM's
    party.answer("d7")
    assert party.engine.contact.ramming == {"lexington": "d7"}
    assert "declare:lexington" not in party.pending.options  # already trying to ram


def test_the_gms_refused_ram_leaves_nothing_to_replay() -> None:
    none = hurt(0)
    before = (none.events_json(), none.answers[:])
    with pytest.raises(IllegalAnswer):
        none.answer("declare:lexington")
    assert (none.events_json(), none.answers) == before
