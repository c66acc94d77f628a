"""Seed 002's Transporters, pinned where the mutation run of rules/systems/stcs/transporters.py (mutmut, 887
mutants, 215 survived test_transporters, test_transport_tells, test_contact, test_parties and test_melee) found the
numbers unpinned: persons and percents exact (whole persons, rounded down; a percent up or down), the 10% of the
original crew a sending ship keeps aboard, the Transporter Power Table's 18-22 person transporter (2 power, 18
persons) before the 6-9 person ones (1 power, 6) and one more 18-22 person one for what the 6-9 person ones left
cannot carry, no power for a ship never allocated, the persons question's bounds and rule, and the refusal's words
once every powered transporter was used ("a transporter may be used only once per phase")."""
from __future__ import annotations

import re

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs import transporters as tr
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_casualty_track import campaign
from tests.rules.systems.stcs.test_transporters import large
from tests.rules.systems.v13.helpers import AT


def test_persons_are_whole_and_percents_round_as_asked() -> None:
    n = tr.persons(430, 55)  # 236.5 persons: 236 aboard
    assert n == 236 and isinstance(n, int)
    assert tr.pct_of(43, 430, True) == 10 and tr.pct_of(44, 430, True) == 11  # 10.2% marks 11 on the sender
    assert tr.pct_of(430, 430, False) == 100 and tr.pct_of(44, 430, False) == 10


@pytest.mark.parametrize(("crew", "lost", "spare"), [(430, 0, 387), (430, 90, 0), (430, 95, 0), (435, 0, 391)])
def test_a_sending_ship_keeps_10_percent_of_its_original_crew_aboard(crew: int, lost: int, spare: int) -> None:
    run = STCSBattle(campaign(crew=crew), AT)
    run.engine.casualties["lexington"] = lost
    got = tr.spare(run.engine, "lexington")  # 435: 44 kept (43.5 rounded up), 391 to send
    assert got == spare and isinstance(got, int)


def test_a_ship_never_allocated_has_no_powered_transporter() -> None:
    run = STCSBattle(stcs_campaign(), AT)
    assert tr.powered(run.engine, "enterprise") == (0, 0) and tr.capacity(run.engine, "enterprise") is None


@pytest.mark.parametrize(("power", "n", "used"), [(3, 4, (0, 1)), (3, 10, (1, 1)), (3, 20, (1, 1)), (4, 20, (1, 1)),
                                                  (4, 30, (1, 2)), (2, 18, (1, 0)), (2, 5, (1, 0))])
def test_the_18_22_person_transporter_first_then_the_6_9_person_ones(power: int, n: int, used: tuple[int, int]) -> None:
    """(The Lexington has one 18-22 person transporter; power 3: it and one 6-9 person one, 4: two 6-9 person ones.)
    10 of 24 with power 3: under 18, so the 6-9 person one takes 6 and the 18-22 person one the other 4."""
    run = large(power)
    assert tr.uses(run.engine, "lexington", n) == used


def test_the_persons_question_takes_1_to_its_most_and_names_its_rule() -> None:
    run = large(3)
    for bad in (True, 0, 25):
        with pytest.raises(IllegalAnswer) as why:
            run.answer(bad)
        assert why.value.rule == (tr.TABLE if bad == 25 else tr.BOARD), (bad, why.value.rule)
    assert "a number of persons 1-100" in str(pytest.raises(IllegalAnswer, run.answer, 0).value)
    run.answer(1)
    assert run.engine.contact.melees["d7"].attackers == 1


@pytest.mark.parametrize(("power", "said"), [(1, "its 1 powered transporter (1 power) was used this segment"),
                                             (4, "its 3 powered transporters (4 power) were used this segment")])
def test_every_powered_transporter_used_is_refused_in_words(power: int, said: str) -> None:
    run = large(power)
    run.answer(run.pending.high)
    with pytest.raises(IllegalAnswer, match=re.escape(said)):
        run.answer("beam:lexington")


def test_crew_beamed_to_a_ship_of_the_exact_same_type_are_its_crew_at_once() -> None:
    """Seed 002 Transporters: "If a crew comes to a ship from a ship of the exact same type, then the transferred crew
    may be used immediately as crew for the receiving ship". The Enterprise, 20% lost, takes 44 of the Lexington's crew: 44 of 430 marks 11% on the
    Lexington (rounded up) and takes 10% off the Enterprise's track (rounded down); the line is Blue's and the GM's."""
    from rules.dice import ScriptedDice
    from tests.rules.systems.stcs.test_shieldcontrol import lower

    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([99]))
    run.answer("warp")
    for a in ("crew:enterprise", "other", 5, 4):  # 20% of the Enterprise's crew lost
        run.answer(a)
    lower(run, "enterprise", "lexington")
    lower(run, "lexington", "enterprise")
    e = run.engine
    assert "lexington" not in e.casualties  # never hit: no entry on its track
    for a in ("beam:lexington", "crew:enterprise", 44):
        run.answer(a)
    assert e.casualties == {"enterprise": 10, "lexington": 11} and e.contact.passengers == {}
    said = ("44 persons beam from Lexington to Enterprise: its own crew at once (a ship of the exact same type); "
            "Lexington has 89% of its crew, Enterprise 90%")
    line = next(ev for ev in run.log.events if ev.text == said)
    assert line.kind == "ruling" and line.rule == tr.RULE and line.seen_by("blue") and not line.seen_by("red")


def test_a_ship_of_the_exact_same_type_never_goes_below_no_losses() -> None:
    from rules.dice import ScriptedDice
    from tests.rules.systems.stcs.test_shieldcontrol import lower

    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([99]))
    run.answer("warp")
    for a in ("crew:enterprise", "other", 1, 4):  # 4% of the Enterprise's crew lost
        run.answer(a)
    lower(run, "enterprise", "lexington")
    lower(run, "lexington", "enterprise")
    for a in ("beam:lexington", "crew:enterprise", 43):  # 10% over: the track stops at 0
        run.answer(a)
    assert run.engine.casualties == {"enterprise": 0, "lexington": 10}


def _near(lowered: bool = True, allocate: str | None = None) -> STCSBattle:
    """The Enterprise and the Lexington 2 hexes apart (warp-speed combat); their shields toward each other lowered;
    the Lexington's power allocated as ``allocate`` (None: never allocated, the table's)."""
    from rules.dice import ScriptedDice
    from tests.rules.systems.stcs.test_shieldcontrol import lower

    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([99]))
    run.answer("warp")
    if allocate is not None:
        run.answer("power:lexington")
        run.answer(allocate)
    if lowered:
        lower(run, "enterprise", "lexington")
        lower(run, "lexington", "enterprise")
    return run


def _refused(run: STCSBattle, answer: str) -> IllegalAnswer:
    with pytest.raises(IllegalAnswer) as why:
        run.answer(answer)
    return why.value


def test_a_ship_keeping_only_its_10_percent_has_no_crew_to_send() -> None:
    run = _near()
    run.engine.casualties["lexington"] = 90  # 43 of 430 left: the 10% it keeps
    run.answer("beam:lexington")
    why = _refused(run, "crew:enterprise")
    assert why.rule == tr.RULE
    assert str(why) == "STCS Transporters: Lexington has no crew to send: it keeps 10% of its original crew aboard to " \
                       "operate"
    run.answer("rescue:enterprise")  # taking personnel off the Enterprise needs none of its own
    assert run.pending.key.endswith("/beam/lexington/persons")


def test_no_power_allocated_to_transporters_is_refused_under_the_power_table() -> None:
    run = _near(allocate="movement 11, shields 1/1/1/1/1/1, weapons 11")
    run.answer("beam:lexington")
    for option in ("crew:enterprise", "rescue:enterprise"):
        why = _refused(run, option)
        assert why.rule == tr.TABLE and str(why).endswith("Lexington: no power allocated to transporters")
    run.answer("abandon:enterprise")  # its Emergency Transporters run on stored power the first turn
    assert run.pending.key.endswith("/beam/lexington/persons")


def test_personnel_taken_off_a_friend_leave_its_track_and_join_the_rescuer() -> None:
    """A rescue: the Lexington beams 50 off the Enterprise (at most all 430 aboard it, the transporters' capacity
    the table's): 50 of 430 mark 12% on the Enterprise (rounded up); the Lexington, of the exact same type and
    unhurt, stays at 0 (11% off a track at 0)."""
    run = _near()
    run.engine.casualties["enterprise"] = 0
    run.answer("beam:lexington")
    run.answer("rescue:enterprise")
    q = run.pending
    assert (q.low, q.high) == (1, 430) and q.to == "gm" and q.rule == tr.RULE
    assert "how many persons beam from Enterprise to Lexington (the transporters' capacity is the table's)?" in q.text
    run.answer(50)
    assert run.engine.casualties == {"enterprise": 12, "lexington": 0}
    assert run.engine.contact.transports[-1] == (run.engine.round, "lexington", "enterprise")
