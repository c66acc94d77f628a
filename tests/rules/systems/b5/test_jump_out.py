"""A withdrawing squadron jumps out through a vortex one of its own ships opens (seed 003 Jump-In
Scenarios: "ships arrive on the map (and later leave it) using their jump drives"; one squadron a
vortex a turn, the opener last, the gate closing behind it; our reading in rules/systems/b5/jumpout.py
and docs/b5.md "Jumping out"): refused to a squadron not withdrawing, to one with no jump engine and
to one whose ship is beyond 2 hexes of the vortex; the squadron holds its place the turn and goes
through at its end, retreated ("jumped out" in the results written back), undone and replayed."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from rules.dice import ScriptedDice
from rules.systems.b5 import jumpout
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.flag_duel import against_red_flag
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import CANNON, LASER
from tests.rules.systems.b5.test_pulses import ruled
from tests.rules.systems.v13.helpers import AT


def campaign(engines: tuple[str, ...] = ("b-f2",)):
    """test_pulses.fight's forces, ``engines`` the Blue ships with a jump engine."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON],
               jump_engine="b-flag" in engines),
            b5("b-f2", "bflag", weapons=[LASER], jump_engine="b-f2" in engines),
            b5("b-c2", "b2", command=True, weapons=[LASER])]
    return against_red_flag(blue)


def answered(answers, c=None):
    run = B5Battle(c or campaign(), AT, dice=lambda _seed: ScriptedDice([12] * 80))
    for a in answers:
        run.answer(a)
    return run


def set_up(f2: str = "0431", table: bool = True):
    """B-FLAG at 0430 and B-F2 at ``f2``, both facing A (north), speed 5; Red at 3530/3531; turn 1 at
    the table, where the GM marks bflag's four grey boxes: its morale fails (d12 12 + 1 against 11+)."""
    return ["meeting engagement", "skirmish", "none", 5, 8, ruled("0430", "A"), ruled(f2, "A"), ruled("3530", "F"),
            ruled("3531", "F"), ruled("1040", "C")] + (["at the table", ["b-flag"], 4, "plot and move"] if table else
                                                       ["plot and move"])


def jumped(run):
    """Turn 2: bflag jumps, b2 and Red move; each pulse's fire passed."""
    run.answer("jump")
    run.answer("FF F FF")
    run.answer("FFF FF FFF")
    while run.pending.key.startswith("b5/2/fire/"):
        run.answer("done")


def at_pulse_3_fire():
    """Turn 2 as jumped() plays it, stopped at pulse 3's fire (before the squadron goes through)."""
    run = answered(set_up())
    run.answer("jump")
    run.answer("FF F FF")
    run.answer("FFF FF FFF")
    while not (run.pending.key.startswith("b5/2/fire/") and run.engine.pulse == 3):
        run.answer("done")
    return run


def test_the_plot_question_offers_the_jump():
    run = answered(set_up())
    assert run.engine.withdrawing == {"bflag"} and run.pending.key == "b5/2/plot/b-flag"
    assert "\"jump\" to jump out, B-F2 opening a jump point ahead of it" in run.pending.text


def test_the_squadron_holds_the_turn_and_jumps_out_at_its_end_the_opener_last():
    run = answered(set_up())
    jumped(run)
    e = run.engine
    texts = [x.text for x in run.log.events]
    assert "B-F2 opens a jump point at 0430: squadron bflag jumps out through it at the turn's end (our reading: " \
           "a withdrawing squadron's own vortex, the whole turn to go through, the opener last)" in texts
    assert "turn 2: B-FLAG, B-F2 jump out through the vortex at 0430, B-F2 last: out of the battle, retreated; " \
           "the vortex closes" in texts
    assert str(e.at["b-flag"]) == "0430" and str(e.at["b-f2"]) == "0431"  # held their places the whole turn
    assert "turn 2 pulse 2: squadron bflag's command ship holds at 0430, facing A" in texts  # not "moves to"
    assert e.units["b-flag"].status is Status.RETREATED and e.units["b-f2"].status is Status.RETREATED
    assert e.exits.gone == {"b-flag", "b-f2"} and e.exits.open == {}
    assert run.pending.key == "b5/2/morale" and "b-flag" not in run.pending.options
    run.answer([])
    run.answer("results")
    assert "b-flag" not in run.pending.options and "b-f2" not in run.pending.options
    run.answer([])
    run.answer([])
    assert run.status().resolution.endswith("destroyed: none; captured: none; jumped out: B-FLAG and B-F2")
    c = run.saved()
    kept = {u.id: u for f in c.fleets for u in f.units}
    assert not kept["b-flag"].destroyed and not kept["b-f2"].destroyed
    again = B5Battle(campaign(), AT, dice=lambda _seed: ScriptedDice([12] * 80))
    for a in run.answers:
        again.answer(a)
    assert again.events_json() == run.events_json()


def test_undo_takes_the_squadron_back_before_its_vortex():
    run = answered(set_up())
    jumped(run)
    run.undo(len(run.answers) - len(set_up()))
    e = run.engine
    assert run.pending.key == "b5/2/plot/b-flag" and e.exits.open == {} and not e.exits.gone
    assert e.units["b-flag"].status is Status.PRESENT and e.units["b-f2"].status is Status.PRESENT
    jumped(run)
    assert run.engine.exits.gone == {"b-flag", "b-f2"}


@pytest.mark.parametrize("f2, far", [("0432", ""), ("0434", "B-FLAG is 3 hexes from the vortex B-F2 would open at 0433")])
def test_each_ship_within_two_hexes_of_the_vortex(f2, far):
    """B-F2 at 0432 opens at 0431, B-FLAG 1 away; at 0434 it opens at 0433, B-FLAG 3 away: refused."""
    run = answered(set_up(f2))
    if far:
        with pytest.raises(IllegalAnswer, match=f"B5 Jump-In Scenarios: {far}: a squadron jumps out whole, each ship "
                                                "within 2 hexes of its vortex"):
            run.answer("jump")
        assert run.pending.key == "b5/2/plot/b-flag" and run.engine.exits.open == {}
    else:
        run.answer("jump")
        assert run.pending.key == "b5/2/plot/b-c2"


def test_refused_to_a_squadron_not_withdrawing_and_to_one_with_no_jump_engine():
    run = answered(set_up(table=False))
    with pytest.raises(IllegalAnswer, match="B5 Jump-In Scenarios: squadron bflag is not withdrawing: only a "
                                            "withdrawing squadron leaves"):
        run.answer("jump")
    run = answered(set_up(), campaign(engines=()))
    assert "\"jump\"" not in run.pending.text
    with pytest.raises(IllegalAnswer, match="B5 Jump-In Scenarios: no ship of squadron bflag has a jump engine: it "
                                            "cannot open a jump point \\(\"Ships from a single squadron can only enter "
                                            "through a gate opened by a ship in their squadron\"\\); it leaves off the "
                                            "board"):
        run.answer("jump")


def test_the_command_ship_opens_when_it_has_a_jump_engine():
    run = answered(set_up(), campaign(engines=("b-flag", "b-f2")))
    jumped(run)
    assert "turn 2: B-F2, B-FLAG jump out through the vortex at 0429, B-FLAG last: out of the battle, retreated; " \
           "the vortex closes" in [x.text for x in run.log.events]


def test_a_vortex_ahead_off_the_board_is_refused():
    """B-F2 at 0401 facing A (north): the hex ahead of it is off the board."""
    run = answered(set_up("0401"))
    with pytest.raises(IllegalAnswer, match="B5 Jump-In Scenarios: B-F2 would open its vortex off the board, ahead "
                                            "of it: turn it first"):
        run.answer("jump")
    assert run.pending.key == "b5/2/plot/b-flag" and run.engine.exits.open == {}


def test_the_vortex_and_the_jump_are_logged_as_rulings_with_their_ship_and_hex():
    run = answered(set_up())
    jumped(run)
    opened = next(x for x in run.log.events if " opens a jump point at " in x.text)
    gone = next(x for x in run.log.events if " jump out through the vortex at " in x.text)
    assert (opened.kind, opened.rule, opened.data) == ("ruling", "B5 Jump-In Scenarios", {"unit": "b-f2", "at": "0430"})
    assert (gone.kind, gone.rule, gone.data) == ("ruling", "B5 Jump-In Scenarios", {"at": "0430"})
    assert not run.engine.out_of_command & {"b-flag", "b-f2"}


def test_the_vortex_collapses_when_its_opener_is_lost_before_the_turns_end():
    """The opener destroyed before the squadron goes through (the engine's state set so, at pulse 3's fire):
    the vortex collapses, logged; the others stay on the board, withdrawing."""
    run = at_pulse_3_fire()
    e = run.engine
    e.units["b-f2"].status = Status.DESTROYED
    jumpout.leave(e)
    last = run.log.events[-1]
    assert (last.kind, last.rule, last.text, last.data) == (
        "ruling", "B5 Jump-In Scenarios", "turn 2: the vortex at 0430 collapses, B-F2 lost: no ship jumps out",
        {"at": "0430"})
    assert e.units["b-flag"].status is Status.PRESENT and not e.exits.gone and e.exits.open == {}


def test_a_ship_lost_before_the_turns_end_does_not_jump_out():
    """B-FLAG destroyed before its squadron goes through (the engine's state set so, at pulse 3's fire): only
    B-F2, the opener, jumps out; B-FLAG stays destroyed, not retreated."""
    run = at_pulse_3_fire()
    e = run.engine
    e.units["b-flag"].status = Status.DESTROYED
    jumpout.leave(e)
    assert run.log.events[-1].text == "turn 2: B-F2 jump out through the vortex at 0430, B-F2 last: out of the " \
                                      "battle, retreated; the vortex closes"
    assert e.units["b-flag"].status is Status.DESTROYED and e.exits.gone == {"b-f2"}
