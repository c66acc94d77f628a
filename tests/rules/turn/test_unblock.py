"""The GM's way out of a Combat Phase step the engine cannot ask (issue 19): the stuck step is
named with the engine's words, and a ruling settles it, logged, so the phase goes on."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model.records import Phase
from rules.model.turn_model import EncounterState, GroundCombat
from rules.strategic.turn import PhaseError
from rules.turn import combat_phase as cp
from rules.turn import encounter_step, repairs, unblock
from tests.rules.strategic.builder import L
from tests.rules.turn.test_combat_phase import entered, to_encounters


def vanished(monkeypatch, at="0304"):
    """The engine cannot find the meeting at ``at`` again (issue 19's wall at 0703)."""
    real = encounter_step.pending_question

    def fail(c, state, i):
        if str(c.battle_hexes[i].at) == at:
            raise IllegalAnswer("004 Encounters Phase",
                                f"the meeting at {at} is no longer on the map (its fleets left)")
        return real(c, state, i)
    monkeypatch.setattr(encounter_step, "pending_question", fail)


def test_nothing_is_stuck_while_the_question_can_be_asked():
    c, g = to_encounters()
    assert cp.pending(c, g) is not None and unblock.stuck(c, g) is None
    with pytest.raises(PhaseError, match="no step of the Combat Phase is stuck"):
        unblock.settle(c, g, "by hand")


def test_a_meeting_the_engine_cannot_ask_is_settled_by_a_logged_ruling(monkeypatch):
    c, g = to_encounters()
    vanished(monkeypatch)
    with pytest.raises(IllegalAnswer):
        cp.pending(c, g)
    with pytest.raises(IllegalAnswer):
        cp.advance(c, g)  # the wall: End Phase was refused for ever
    s = unblock.stuck(c, g)
    assert (s.kind, s.index) == ("encounter", 0) and "0304" in s.where and "no longer on the map" in s.error
    new = unblock.settle(c, g, "the Klingons withdrew at the table")
    r = new.battle_hexes[0]
    assert r.encounter is EncounterState.NONE and r.resolved and "withdrew at the table" in r.resolution
    assert c.battle_hexes[0].encounter is EncounterState.PENDING  # the old campaign is untouched
    assert new.log[-1].rule == unblock.RULE and "withdrew at the table" in new.log[-1].text
    assert "no longer on the map" in new.log[-1].text and "no scenario" in new.log[-1].text
    assert cp.pending(new, g) is None and unblock.stuck(new, g) is None
    assert cp.advance(new, g).phase is Phase.BATTLES
    assert [f.sector for f in new.fleets] == [f.sector for f in c.fleets]  # every fleet stays where it stands


def test_a_failure_of_the_whole_phase_waives_its_questions(monkeypatch):
    c, g = entered()

    def broken(c, state):
        raise KeyError("supply path")
    monkeypatch.setattr(repairs, "repairable", broken)
    s = unblock.stuck(c, g)
    assert s.kind == "phase" and s.error == "supply path" and "End Phase goes on" in s.ruling
    new = unblock.settle(c, g, "")
    assert unblock.is_waived(new) and "GM's note: no note" in new.log[-1].text
    assert cp.pending(new, g) is None and cp.advance(new, g).phase is Phase.ENCOUNTERS


def test_a_ground_combat_the_engine_cannot_ask_is_settled_at_the_table(monkeypatch):
    c, g = entered()
    planet = "Vor I"
    c = c.model_copy(update={"phase": Phase.TROOPS, "ground_combats": [GroundCombat(at=L("0304"), planet=planet)]})

    def broken(c, at, planet):
        raise ValueError("no ground unit list")
    monkeypatch.setattr(cp, "ground_losses_question", broken)
    monkeypatch.setattr(unblock, "ground_losses_question", broken)
    s = unblock.stuck(c, g)
    assert (s.kind, s.index) == ("ground", 0) and planet in s.where
    new = unblock.settle(c, g, "fought by hand")
    assert new.ground_combats[0].done and not c.ground_combats[0].done and cp.pending(new, g) is None


def test_past_an_end_phase_the_engine_cannot_do_the_next_sub_phase_begins(monkeypatch):
    c, g = entered()  # the Supply Phase

    def broken(c, state):
        raise KeyError("lane 0303-0304")
    monkeypatch.setattr(encounter_step, "open_meetings", broken)
    with pytest.raises(KeyError):
        cp.advance(c, g)
    s = unblock.end_phase_stuck(c, "lane 0303-0304")
    assert s.kind == "end_phase" and "Encounters begins with no meeting opened by BattleHex" in s.ruling
    new = unblock.end_phase(c, "met at the table", "lane 0303-0304")
    assert new.phase is Phase.ENCOUNTERS and c.phase is Phase.SUPPLY
    assert new.log[-1].rule == unblock.RULE and "met at the table" in new.log[-1].text
    assert cp.pending(new, g) is None  # the Battle Hex formed at the end of movement is fought in Space Combat
    monkeypatch.undo()
    battles = cp.advance(new, g)
    assert battles.phase is Phase.BATTLES and cp.fightable(battles) == [0]


def test_no_ruling_goes_past_troop_combat():
    c, g = entered()
    c = c.model_copy(update={"phase": Phase.TROOPS})
    with pytest.raises(PhaseError, match="cannot be ruled past"):
        unblock.end_phase(c, "", "next turn failed")
