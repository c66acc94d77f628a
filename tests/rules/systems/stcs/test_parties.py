"""Seed 002 Boarding Operations' bookkeeping and the Transporter Power Table (issue 25): boarding parties of crew
assigned in the Power Allocation Phase leave their stations at once (the Percent Casualties Track); those taken out
of a party, or back from a melee, are at their stations again in the Power Allocation Phase of the turn after; a
ship's transporters are counted against the power allocated to them (a 6-9 person transporter: 1 power, 6 persons
a use, once a phase), refused naming the rule just outside."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_firing import ARRIVAL, next_segment
from tests.rules.systems.stcs.test_shieldcontrol import lower
from tests.rules.systems.v13.helpers import AT

POWER = "warp 2, movement 4, shields 1/1/1/1/1/1, weapons 4, transporters {t}, boarding {b}"
"""The Lexington's allocation: Warp 2 (8) to warp in, 23 of its 28."""


def arrived(transporters: int = 1, boarding: int = 20, faces: list[int] | None = None) -> STCSBattle:
    """The Lexington allocates (boarding parties among it), warps in 4 hexes from the Klothos; the shields along the
    line are lowered on both."""
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(ARRIVAL + (faces or [])))
    for a in ("sublight", ["lexington"], "power:lexington", POWER.format(t=transporters, b=boarding),
              "warpin:lexington", "4,0", "2"):
        run.answer(a)
    lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    return run


def test_crew_assigned_to_boarding_parties_leave_their_stations_in_the_power_allocation_phase() -> None:
    run = arrived()
    e = run.engine
    assert e.casualties["lexington"] == 5  # 20 of 430 off their stations: 4.65%, rounded up
    assert e.contact.parties.waiting == {"lexington": 20}
    blue, red = run.events_json("blue"), run.events_json("red")
    assert "Lexington's boarding parties: 20 of its crew (20 more of its crew leave their stations" in blue
    assert "boarding parties" not in red  # its side's secret (the allocation)
    run.answer("beam:lexington")
    run.answer("board:d7")
    assert run.pending.high == 6  # one 6-9 person transporter powered: 6 persons this segment
    with pytest.raises(IllegalAnswer, match="at most 6 persons") as why:
        run.answer(7)  # just outside
    assert why.value.rule == "STCS Transporters (Transporter Power Table)"
    run.answer(6)  # just inside
    assert e.contact.melees["d7"].attackers == 6 and e.contact.parties.waiting == {"lexington": 14}
    assert e.casualties["lexington"] == 5  # they left their stations in the Power Allocation Phase, not now


def test_a_transporter_is_used_once_a_phase() -> None:
    run = arrived()
    for a in ("beam:lexington", "board:d7", 3):
        run.answer(a)
    with pytest.raises(IllegalAnswer, match="its 1 powered transporter .* used this segment") as why:
        run.answer("beam:lexington")  # 3 persons used the one transporter
    assert why.value.rule == "STCS Transporters (Transporter Power Table)"
    next_segment(run)
    run.answer("beam:lexington")  # a new phase: the transporter again
    run.answer("board:d7")
    assert run.pending.high == 6


def test_two_transporters_carry_twelve_and_none_is_refused() -> None:
    run = arrived(transporters=2)
    run.answer("beam:lexington")
    run.answer("board:d7")
    with pytest.raises(IllegalAnswer, match="at most 12"):
        run.answer(13)
    run.answer(12)
    off = arrived(transporters=0)
    with pytest.raises(IllegalAnswer, match="no power allocated to transporters"):
        off.answer("beam:lexington")


def test_no_boarding_party_of_crew_without_one_assigned() -> None:
    run = arrived(boarding=0)
    assert run.engine.casualties.get("lexington", 0) == 0
    from rules.systems.stcs import transporters
    assert transporters.options(run.engine, "lexington").keys() == {"board:d7"}
    with pytest.raises(IllegalAnswer, match="no boarding party of its crew: they are assigned in the Power "
                       "Allocation Phase") as why:
        run.answer("beam:lexington")  # its only transport refused: the act too (no question with no answer left)
    assert why.value.rule == "STCS Boarding Operations"


def test_at_most_the_crew_beyond_the_ten_percent_kept_aboard() -> None:
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(ARRIVAL))
    for a in ("sublight", ["lexington"], "power:lexington"):
        run.answer(a)
    with pytest.raises(IllegalAnswer, match="at most 387 of its crew in boarding parties") as why:
        run.answer(POWER.format(t=1, b=388))  # 430 less the 43 it keeps aboard
    assert why.value.rule == "STCS Boarding Operations"
    run.answer(POWER.format(t=1, b=387))
    assert run.engine.casualties["lexington"] == 90


def test_a_party_not_used_is_back_at_its_stations_the_turn_after() -> None:
    run = arrived()
    e = run.engine
    while e.turn_segment() != (2, 1):
        next_segment(run)
    assert e.casualties["lexington"] == 5
    run.answer("power:lexington")
    assert "boarding 20" in run.pending.default  # the party still waiting
    run.answer("movement 4, shields 1/1/1/1/1/1, weapons 4, transporters 1, boarding 6")
    assert e.casualties["lexington"] == 5  # 14 out of the parties: back in turn 3's Power Allocation Phase
    assert "14 of its crew leave the boarding parties (back at their stations in turn 3)" in run.events_json("blue")
    while e.turn_segment() != (3, 1):
        assert e.casualties["lexington"] == 5
        next_segment(run)
    assert e.casualties["lexington"] == 2  # 6 of 430 away: 1.4%, rounded up
    assert "14 of Lexington's crew are back at their stations: 98% of its crew" in run.events_json("blue")


def test_boarders_who_withdraw_are_back_at_their_stations_the_turn_after() -> None:
    run = arrived(transporters=4)
    e = run.engine
    for a in ("beam:lexington", "board:d7", 20):
        run.answer(a)
    assert e.contact.parties.waiting == {"lexington": 0} and e.casualties["lexington"] == 5
    next_segment(run)
    for a in ("melee:d7", 86, "no", "withdraw", "stay"):
        run.answer(a)
    assert e.contact.melees == {}
    assert "19 boarders are back aboard Lexington (at their stations in turn 2)" in run.events_json("blue")
    while e.turn_segment() != (2, 1):
        assert e.casualties["lexington"] == 5
        next_segment(run)
    assert e.casualties["lexington"] == 1  # the one lost on the way: 1 of 430, rounded up


def test_undo_after_every_answer_gives_a_full_replays_bytes() -> None:
    c = stcs_campaign()

    def fresh() -> STCSBattle:
        return STCSBattle(c, AT, dice=lambda _seed: ScriptedDice(ARRIVAL + [9] * 10))
    answers = ["sublight", ["lexington"], "power:lexington", POWER.format(t=4, b=20), "warpin:lexington", "4,0", "2",
               "shields:lexington", "toward:d7", "shields:d7", "toward:lexington", "beam:lexington", "board:d7", 20,
               "next", "none", "melee:d7", 86, "no", "withdraw", "stay", "next", "none", "next", "none",
               "power:lexington", "movement 4, transporters 1"]
    run = fresh()
    for a in answers:
        run.answer(a)
        run.undo(1)
        run.answer(a)
        ref = fresh()
        ref.restart(list(run.answers))
        assert run.events_json("blue") == ref.events_json("blue") and run.events_json() == ref.events_json()
        assert run.saved() == ref.saved()
    assert "boarders are back aboard Lexington" in run.events_json("blue")
    assert run.engine.casualties["lexington"] == 1


def test_defenders_in_melee_are_off_their_stations_and_back_when_it_ends() -> None:
    """Shipboard Melee Combat: "The Percent Casualties ... Tracks must be modified for the number of crew removed
    from their normal stations on any ship which puts personnel into melee combat": the Klothos' 86 defenders are
    off its track while they fight (20%); the 17 lost never come back, the 69 left go back at once when the boarders
    withdraw; the Lexington's boarders who withdraw are back at their stations in the next turn's phase."""
    from tests.rules.systems.stcs.test_transporters import boarded

    run = boarded(100, [10, 1, 1])  # the melee's D10 0 at 2/3: boarders 5%, defenders 20%; both morale 1
    e = run.engine
    assert e.casualties["lexington"] == 24  # never allocated: its 100 boarders off their stations when they beam
    next_segment(run)
    run.answer("melee:d7")
    run.answer(86)  # 20% of its crew join the melee
    assert e.casualties["d7"] == 20
    for a in ("no", "stay", "stay", "no"):
        run.answer(a)
    assert e.contact.melees["d7"].defenders == 69 and e.casualties["d7"] == 20  # the 17 lost: never back
    assert "boarders lose 5% (5), defenders 20% (17)" in run.events_json()
    next_segment(run)
    for a in ("melee:d7", 0, "no", "withdraw", "stay"):
        run.answer(a)
    assert e.contact.melees == {} and e.casualties["d7"] == 4  # 17 of 430 lost: 3.95%, rounded up
    assert "69 of Klothos' crew go back to their stations: 96% of its crew" in run.events_json("red")
    assert "crew go back to their stations" not in run.events_json("blue")
    assert e.casualties["lexington"] == 24  # 91 of its 95 boarders back aboard: at their stations next turn
    next_segment(run)
    assert e.turn_segment() == (2, 1) and e.casualties["lexington"] == 3  # 9 of 430 lost: 2.1%, rounded up


def test_emergency_transporters_run_on_stored_power_the_first_turn_then_need_their_power() -> None:
    """The Transporter Power Table's "Emergency 0/1": "Emergency Transporters require no power to operate for the
    first turn in which they are used ... They must be powered normally in any following turns"."""
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([99] * 20))
    run.answer("warp")
    e = run.engine
    run.answer("power:lexington")
    run.answer("movement 4, shields 1/1/1/1/1/1")  # no power to transporters
    lower(run, "lexington", "enterprise")
    lower(run, "enterprise", "lexington")
    run.answer("beam:lexington")  # its Emergency Transporters may run on stored power
    with pytest.raises(IllegalAnswer, match="no power allocated to transporters") as why:
        run.answer("crew:enterprise")  # its personnel transporters have none
    assert why.value.rule == "STCS Transporters (Transporter Power Table)"
    for a in ("abandon:enterprise", 10):
        run.answer(a)
    assert "Lexington abandons ship by its Emergency Transporters (stored power, the first turn used)" in \
        run.events_json("blue")
    while e.turn_segment() != (2, 1):
        run.answer("next")
        while not run.pending.key.endswith("/act"):
            run.answer("none")
    with pytest.raises(IllegalAnswer, match="no power allocated to transporters"):
        run.answer("beam:lexington")  # the next turn: powered normally, and it has none
    run.answer("power:lexington")
    run.answer("movement 4, shields 1/1/1/1/1/1, transporters 1")
    run.answer("beam:lexington")
    run.answer("abandon:enterprise")
    assert run.pending.key.endswith("/persons")


def test_an_allocation_stands_by_the_party_still_waiting_not_the_number_written() -> None:
    """The Lexington wrote 'boarding 20' and 6 beamed over; crew hits then leave it no one beyond the 10% it keeps.
    Its allocation still stands next turn (14 waiting, all it has): read by the number written it was refused and
    every part lost its power."""
    run = arrived(faces=[99] * 10)  # every crew hit's efficiency roll fails
    e = run.engine
    for a in ("beam:lexington", "board:d7", 6):
        run.answer(a)
    for points, per in ((5, 4), (5, 4), (5, 4), (5, 4), (5, 1)):  # 20% four times, then 5%: 90% on its track
        for a in ("crew:lexington", "other", points, per):
            run.answer(a)
    assert e.casualties["lexington"] == 90 and e.contact.parties.waiting == {"lexington": 14}
    while e.turn_segment() != (2, 1):
        next_segment(run)
    assert e.power.of["lexington"].movement == 4 and "no longer stands" not in run.events_json("blue")


def test_red_reads_a_crew_hit_on_the_lexington_the_same_whatever_its_secret_boarding_parties() -> None:
    """The boarding parties are the allocation's, its side's secret: the public line of a crew hit gave the percent
    left ("loses 20% of its crew: 75% left"), which told Red that 5% were away in boarding parties. The percent left
    is now its side's and the GM's line; Red reads the hit alone, the same with a party or none."""
    views = []
    for b in (20, 0):
        run = arrived(boarding=b, faces=[99])
        for a in ("crew:lexington", "other", 5, 4):
            run.answer(a)
        views.append(run.events_json("red"))
        assert "Lexington loses 20% of its crew" in views[-1]
        assert f"Lexington: {75 if b else 80}% of its crew at their stations" in run.events_json("blue")
    assert views[0] == views[1]


def test_the_party_lines_are_blues_rulings_on_the_lexington_kept_from_red() -> None:
    """The allocation, the boarders back aboard and their return to their stations are Blue's secret (its party):
    rulings of Boarding Operations about the Lexington for Blue and the GM, word for word."""
    run = arrived(transporters=4)
    e = run.engine
    for a in ("beam:lexington", "board:d7", 20):
        run.answer(a)
    next_segment(run)
    for a in ("melee:d7", 86, "no", "withdraw", "stay"):
        run.answer(a)
    while e.turn_segment() != (2, 1):
        next_segment(run)
    said = [(v.kind, v.rule, v.visible_to, v.text) for v in run.log.events if v.data == {"unit": "lexington"}
            and v.rule == "STCS Boarding Operations"]
    assert said == [("ruling", "STCS Boarding Operations", ("blue", "gm"), text) for text in (
        "Lexington's boarding parties: 20 of its crew (20 more of its crew leave their stations for the transporter "
        "rooms); 95% of its crew at their stations",
        "19 boarders are back aboard Lexington (at their stations in turn 2)",
        "19 of Lexington's crew are back at their stations: 99% of its crew")]


def test_more_crew_put_in_the_parties_leave_their_stations_at_once() -> None:
    """Turn 2's allocation raises the waiting party from 20 to 26: 6 more leave their stations in that Power
    Allocation Phase ("immediately"), 26 of 430 off the track: 6.05%, rounded up to 7."""
    run = arrived()
    e = run.engine
    while e.turn_segment() != (2, 1):
        next_segment(run)
    run.answer("power:lexington")
    run.answer("movement 4, shields 1/1/1/1/1/1, weapons 4, transporters 1, boarding 26")
    assert e.casualties["lexington"] == 7 and e.contact.parties.waiting == {"lexington": 26}
    assert ("Lexington's boarding parties: 26 of its crew (6 more of its crew leave their stations for the transporter "
            "rooms); 93% of its crew at their stations") in run.events_json("blue")


def test_a_whole_party_taken_out_leaves_nobody_off_the_track() -> None:
    """20 assigned in turn 1 (5%), none in turn 2: all 20 back at their stations in turn 3's phase, 0% charged."""
    run = arrived()
    e = run.engine
    while e.turn_segment() != (2, 1):
        next_segment(run)
    run.answer("power:lexington")
    run.answer("movement 4, shields 1/1/1/1/1/1, weapons 4, transporters 1, boarding 0")
    while e.turn_segment() != (3, 1):
        next_segment(run)
    assert e.casualties["lexington"] == 0
    assert "20 of Lexington's crew are back at their stations: 100% of its crew" in run.events_json("blue")


def test_the_parties_most_counts_those_waiting_and_the_crew_left_at_their_stations_beyond_the_ten_percent() -> None:
    """387 of 430 in the parties in turn 1 (90% off the track): in turn 2 the 387 waiting and none of the 43 kept
    aboard may be in them; 388 refused saying the 10% kept."""
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(ARRIVAL))
    for a in ("sublight", ["lexington"], "power:lexington", POWER.format(t=1, b=387), "warpin:lexington", "4,0",
              "2"):
        run.answer(a)
    e = run.engine
    while e.turn_segment() != (2, 1):
        next_segment(run)
    run.answer("power:lexington")
    with pytest.raises(IllegalAnswer) as why:
        run.answer("movement 4, transporters 1, boarding 388")
    assert str(why.value) == ("STCS Boarding Operations: Lexington may have at most 387 of its crew in boarding "
                              "parties (it keeps 10% of its original crew, 43, aboard), not 388")
    run.answer("movement 4, transporters 1, boarding 387")
    assert e.casualties["lexington"] == 90
