"""The b5 system fought through the seam (rules.systems.start): deployment questions with the
engine's zones, secret speeds, the vortex scatter with its dice, results written back; replay
gives the same bytes, undo and reopen go on."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.battlehex.log import GM, IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems import start, system_for
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5_campaign
from tests.rules.systems.v13.helpers import AT

BLUE, RED = "blue", "red"
MEETING = ["meeting engagement", "skirmish", "none", 5, 8,
           {"at": "1030", "facing": "B"}, {"at": "1031", "facing": "B"}, {"at": "1033", "facing": "B"},  # b-flag, e1, f2
           {"at": "6030", "facing": "E"}, {"at": "6130", "facing": "E"},  # r-flag, r-f2
           {"at": "1040", "facing": "B"},  # b-c2, 10 from the flagship
           {"at": "6040", "facing": "E"}, "6042"]  # r-c2, r-m2


def meeting(answers=MEETING):
    run = start(b5_campaign(), AT)
    for a in answers:
        run.answer(a)
    return run


def test_the_system_is_registered_and_fights_through_the_seam():
    c = b5_campaign()
    assert system_for(c, AT).title == "Babylon 5 Fleet Action"
    run = start(c, AT)
    assert isinstance(run, B5Battle) and run.pending.key == "b5/scenario"


def test_meeting_engagement_order_and_zones():
    run = meeting(MEETING[:5])
    assert run.pending.key == "b5/place/b-flag" and run.pending.to == BLUE
    keys = []
    for a in MEETING[5:]:
        keys.append(run.pending.key)
        run.answer(a)
    assert keys == ["b5/place/b-flag", "b5/place/b-e1", "b5/place/b-f2", "b5/place/r-flag", "b5/place/r-f2",
                    "b5/place/b-c2", "b5/place/r-c2", "b5/place/r-m2"]
    assert run.pending.key == "b5/1/turn" and run.engine.at["r-m2"] == Label(60, 42)
    assert run.engine.speed["b-f2"] == 5 and run.engine.speed["r-m2"] == 8


def test_a_ship_4_from_its_command_ship_refused_3_accepted():
    run = meeting(MEETING[:6])  # b-flag at 1030
    run.answer("1033")  # the escort: 3 from the flagship
    with pytest.raises(IllegalAnswer, match="B-F2 must be within 3 hexes of its command ship, not 4"):
        run.answer("1034")
    assert run.pending.key == "b5/place/b-f2" and len(run.answers) == 7  # nothing half-applied
    run.answer("1033")
    assert run.engine.at["b-f2"] == Label(10, 33)


def test_a_squadron_commander_16_from_the_flagship_refused():
    run = meeting(MEETING[:10])
    assert run.pending.key == "b5/place/b-c2"
    with pytest.raises(IllegalAnswer, match="within 15 hexes of the group flagship, not 16"):
        run.answer("1046")
    run.answer("1045")


def test_fleets_begin_45_apart():
    run = meeting(MEETING[:8])
    with pytest.raises(IllegalAnswer, match="45 or more hexes apart: R-FLAG at 5430 is 44 from an enemy ship"):
        run.answer("5430")
    assert Label(55, 30) in run.legal() and Label(54, 30) not in run.legal()


def test_speeds_are_secret_until_every_squadron_is_placed():
    run = meeting(MEETING[:5])
    for viewer, hidden in ((RED, "5"), (BLUE, "8")):
        answers = [e for e in run.log.for_viewer(viewer) if e.kind == "answer" and e.data.get("key", "").startswith("b5/speed")]
        assert all(str(e.data["answer"]) != hidden for e in answers) and len(answers) == 1
    assert run.secret_answers() == {"3": BLUE, "4": RED}
    run2 = start(b5_campaign(), AT)
    run2.answer("meeting engagement")
    run2.answer("skirmish")
    run2.answer("none")
    with pytest.raises(IllegalAnswer, match="outside 0-10"):
        run2.answer(11)
    done = meeting()
    said = [e.text for e in done.log.for_viewer(RED) if "announces its fleet speed" in e.text]
    assert said == ["Blue announces its fleet speed: 5", "Red announces its fleet speed: 8"]


def test_results_written_back_and_replay_is_the_same_bytes():
    run = meeting()
    run.answer("at the table")
    run.answer([])  # no grey box lost
    run.answer("results")
    run.answer(["r-m2"])
    run.answer([])
    assert run.state.resolved and "1 turn fought: destroyed: R-M2; captured: none" in run.status().resolution
    ends = [e for e in run.log.events if "destroyed" in e.text or "resolved" in e.text]
    assert ends and {e.rule for e in ends} == {"B5 Check for Victory"}  # seed 003's own rule, not V13.01
    c = run.saved()
    assert "r-m2" not in {u.id for f in c.fleets for u in f.units}
    again = meeting()
    for a in ("at the table", [], "results", ["r-m2"], []):
        again.answer(a)
    assert again.events_json() == run.events_json() and again.events_json(RED) == run.events_json(RED)


def test_undo_and_reopen_go_on_from_the_saved_file():
    run = meeting(MEETING[:8])
    run.undo()
    assert run.pending.key == "b5/place/b-f2" and "b-f2" not in run.engine.at
    run.answer(MEETING[7])
    kept = run.saved()
    reopened = start(kept, AT)
    assert reopened.pending.key == run.pending.key and reopened.events_json() == run.events_json()


JUMP = ["jump-in", "skirmish", "none", "none", ["r-flag", "r-c2"], {"at": "4530", "facing": "A"}, "none", 3, ["b-c4"], 9,
        "1030", "1031", "1032",  # Blue's flag squadron: b-flag, its escort, b-f2
        "1040", "1020", "3530"]  # b-c2, b-c3 within 15; b-c4 on patrol, 25 from the flagship


def jumped(faces):
    return B5Battle(b5_campaign(4), AT, dice=lambda _seed: ScriptedDice(list(faces)))


def test_jump_in_the_vortex_scatter_with_its_dice():
    run = jumped([1, 5, 2, 4])  # flagship: d6 1 (direction A), d6 5 (Minbari: d6 hexes); r-c2: d4 2 -> 1 hex, d6 4
    keys = []
    for a in JUMP:
        keys.append(run.pending.key)
        run.answer(a)
    assert keys[3:11] == ["b5/jump/gate", "b5/jump/openers", "b5/jump/aim", "b5/jump/secondary", "b5/speed/blue",
                          "b5/jump/patrols", "b5/speed/blue/patrol", "b5/place/b-flag"]
    assert run.engine.vortices == {"r-flag": Label(45, 25)}  # 5 hexes up from 4530
    assert run.pending.key == "b5/vortex/r-c2"
    with pytest.raises(IllegalAnswer, match="within 10 hexes of the flagship's .4525., not 11"):
        run.answer("4536")
    run.answer("4533")  # 8 from 4525
    assert run.engine.vortices["r-c2"] == Label(45, 34)  # d4 2 - 1 = 1 hex, d6 4: down
    rolls = [e.data["faces"] for e in run.log.events if e.kind == "roll"]
    assert rolls == [[1], [5], [2], [4]]
    assert "the flagship's vortex forms at 4525: 5 hexes in direction 1 (A) from 4530" in [e.text for e in run.log.events]
    arrived = []
    assert run.pending.key == "b5/arrive/r-f2"  # the opener, the flagship, comes through last
    with pytest.raises(IllegalAnswer, match="within 2 hexes of its command ship at the vortex 4525, not 3"):
        run.answer("4528")
    for a in ("4527", "4525", "4535", "4534"):
        arrived.append(run.pending.key)
        if a == "4525":
            with pytest.raises(IllegalAnswer, match="it enters at its vortex, 4525"):
                run.answer("4526")
        run.answer(a)
    assert arrived == ["b5/arrive/r-f2", "b5/arrive/r-flag", "b5/arrive/r-m2", "b5/arrive/r-c2"]
    assert run.engine.at["r-c2"] == Label(45, 34) and run.legal() == []
    assert run.pending.key == "b5/1/turn"


def test_jump_in_patrols_and_secrets():
    run = jumped([1, 5, 2, 4])
    for a in JUMP[:9]:
        run.answer(a)
    assert run.engine.patrols == {"b4"}
    blue_sees = " ".join(e.text + str(e.data.get("answer", "")) for e in run.log.for_viewer(BLUE))
    assert "4530" not in blue_sees and "r-c2" not in blue_sees  # the aim and the openers are Red's secret
    for a in JUMP[9:15]:
        run.answer(a)
    assert run.pending.key == "b5/place/b-c4"
    with pytest.raises(IllegalAnswer, match="on patrol: at least 20 hexes from the group flagship, not 19"):
        run.answer("2930")
    run.answer("3530")
    assert run.engine.speed["b-c4"] == 9 and run.engine.speed["b-c2"] == 3
    assert any("the flagship aimed at 4530" in e.text for e in run.log.for_viewer(BLUE))  # revealed


def test_jump_in_every_squadron_needs_an_opener_and_patrols_count():
    run = jumped([])
    run.answer("jump-in")
    run.answer("skirmish")
    run.answer("none")  # no reinforcements
    run.answer("none")
    with pytest.raises(IllegalAnswer, match="squadron r2 enters only through a vortex opened by one of its own ships"):
        run.answer(["r-flag"])
    run.answer(["r-flag", "r-c2"])
    run.answer("4530")
    run.answer("none")  # no secondary jump point
    with pytest.raises(IllegalAnswer, match="outside 0-4"):
        run.answer(5)
    run.answer(3)
    with pytest.raises(IllegalAnswer, match="25% of 4 squadrons: 1 on patrol, not 2"):
        run.answer(["b-c3", "b-c4"])
    run.answer(["b-c4"])
    with pytest.raises(IllegalAnswer, match="outside 0-10"):
        run.answer(11)


def test_the_gm_may_overrule_the_45_hex_rule():
    run = meeting(MEETING[:8])
    run.answer({"gm_ruling": "a small table", "answer": "4030"})
    assert run.engine.at["r-flag"] == Label(40, 30)
    assert any(e.kind == "ruling" and "a small table" in str(e.data) for e in run.log.events)


def test_the_readings_are_campaign_settings():
    c = b5_campaign()
    run = start(c, AT)
    assert ("this campaign reads the seed so: the dogfight chart past 6 kills as its words say (7 or more: 6); a "
            "dogfight's target number the target's dogfight die, its largest face; the top morale circle half the "
            "starting level rounded down; command radius 5") in [e.text for e in run.log.events]
    assert run.engine.ring("r-flag") == 5  # a Minbari flagship: 5 unless the optional rule is on
    by_race = c.model_copy(update={"settings": c.settings.model_copy(update={"b5": c.settings.b5.model_copy(
        update={"command_by_race": True, "dogfight": "pattern", "morale_rounding": "up"})})})
    run = start(by_race, AT)
    assert run.engine.ring("r-flag") == 6 and run.engine.ring("b-flag") == 5
    assert any("the dogfight chart past 6 kills by its pattern (one more per two points);" in e.text
               and "rounded up; command radius by race (4, 5 or 6)" in e.text for e in run.log.events)
    assert not any("settings.b5" in e.text for e in run.log.events)  # words, not the file's keys



def test_a_plotted_turn_secret_checked_revealed_and_run():
    run = meeting()
    run.answer("plot and move")
    assert run.pending.key == "b5/1/plot/b-flag" and run.pending.to == BLUE and "speed 5: 2/1/2 hexes" in run.pending.text
    with pytest.raises(IllegalAnswer, match="pulse 3: at speed 5 a ship moves 2 hexes, not 1"):
        run.answer("FF F F")
    run.answer("FF F FF")  # b-flag, its escort and b-f2: 5 hexes in direction B
    run.answer("FF F FF +2@3")  # b-c2, accelerating in pulse 3 (decel/accel 6 - 4 = 2)
    red_sees = [e for e in run.log.for_viewer(RED) if e.kind == "answer" and "/plot/" in e.data.get("key", "")]
    assert red_sees == []  # Blue's plots are its secret until every squadron has plotted
    with pytest.raises(IllegalAnswer, match="cannot make a come about at speed 8"):
        run.answer("LFLFLF FF FFF")
    run.answer("FFF FF FFF")  # r-flag and r-f2, facing E (down-left)
    run.answer("FRFF FF FFF")  # r-c2 and r-m2, facing E, turning to F in pulse 1
    e = run.engine
    assert e.at["b-flag"] == Label(15, 28) and e.at["b-e1"] == Label(15, 29) and e.facing["b-flag"].name == "B"
    assert e.at["r-c2"] == Label(52, 37) and e.facing["r-c2"].name == "F"  # one hex E, turned to F, seven more
    assert e.facing["r-m2"].name == "B"  # placed facing A: its formation place turned with its command ship
    assert e.speed["b-c2"] == 7 and e.speed["r-flag"] == 8
    assert "squadron b2 (Blue) plotted FF F FF +2@3" in [x.text for x in run.log.for_viewer(RED)]
    assert run.pending.key == "b5/1/morale"


def test_out_of_command_at_the_end_of_a_plotted_turn():
    answers = MEETING[:12] + [{"gm_ruling": "a straggler", "answer": "6046"}]  # r-m2 6 hexes from r-c2
    run = meeting(answers)
    for a in ("plot and move", "FF F FF", "FF F FF", "FFF FF FFF", "FFF FF FFF"):
        run.answer(a)
    assert "out of command next turn (beyond 5 hexes of their command ship): R-M2" in [x.text for x in run.log.events]
    assert run.engine.out_of_command == {"r-m2"}


def test_a_plot_leaving_the_board_is_refused():
    answers = ["meeting engagement", "skirmish", "none", 5, 8, {"at": "0330", "facing": "E"}, "0331", "0333"]
    run = meeting(answers + [{"at": "6030", "facing": "E"}, "6130", "1040", {"at": "6040", "facing": "E"}, "6042"])
    run.answer("plot and move")
    with pytest.raises(IllegalAnswer, match="B-FLAG would leave the board in pulse 2"):
        run.answer("FF F FF")
    run.answer({"gm_ruling": "off the edge", "answer": "FF F FF"})  # the GM overrules: it stops at the edge
    for a in ("FF F FF", "FFF FF FFF", "FFF FF FFF"):
        run.answer(a)
    assert "B-FLAG stops at the board's edge" in [e.text for e in run.log.events]
    assert run.engine.at["b-flag"].col == 1 and run.engine.speed["b-flag"] == 5


def test_a_jump_gate_anchors_the_vortices_exactly_in_its_direction():
    run = jumped([])  # no die is rolled
    run.answer("jump-in")
    run.answer("skirmish")
    run.answer("none")  # no reinforcements
    run.answer({"at": "4520", "facing": "C"})  # the GM places the gate
    assert run.pending.key == "b5/jump/use_gate" and run.pending.to == RED
    run.answer(True)
    blue = [e for e in run.log.for_viewer(BLUE) if e.kind == "answer" and e.data.get("key") == "b5/jump/use_gate"]
    assert blue == []  # the decision is Red's secret
    for a in (["r-flag", "r-c2"], {"at": "4530", "facing": "A"}, "none", 3, ["b-c4"], 9, "1030", "1031", "1032", "1040",
              "1020", "3530"):
        run.answer(a)
    assert run.engine.vortices == {"r-flag": Label(45, 30)}  # exactly the hex chosen
    run.answer("7050")  # 25 hexes away: no 10-hex limit with a gate
    assert run.engine.vortices["r-c2"] == Label(70, 50) and run.engine.jump_facing.name == "C"
    with pytest.raises(IllegalAnswer, match="facing the vortices' direction, C, not A"):
        run.answer({"at": "4531", "facing": "A"})
    run.answer({"at": "4531", "facing": "C"})
    assert not [e for e in run.log.events if e.kind == "roll"]


def test_morale_checks_once_per_level_on_the_seeded_d12():
    run = B5Battle(b5_campaign(), AT, dice=lambda _seed: ScriptedDice([10, 12]))
    for a in MEETING:
        run.answer(a)
    run.answer("at the table")
    assert run.pending.key == "b5/1/morale"
    run.answer(["r-c2"])  # squadron r2: R-C2 and R-M2, 2 grey boxes each: starting level 4 -> levels 2, 1
    assert "(0 of 4 before)" in run.pending.text
    with pytest.raises(IllegalAnswer, match="outside 1-4"):
        run.answer(5)
    run.answer(2)  # morale 2 of 4: the first level, 11+ (skirmish +1)
    assert "squadron r2: morale 2 of 4, level 1 needs 11+: d12 10 +1 = 11: begins withdrawal operations" in \
        [e.text for e in run.log.events]
    assert run.engine.withdrawing == {"r2"}
    run.answer("at the table")
    run.answer(["b-flag"])  # squadron bflag: 2 + 2 grey boxes (the escort is in no squadron)
    run.answer(2)
    assert "squadron bflag: morale 2 of 4, level 1 needs 11+: d12 12 +1 = 13: begins withdrawal operations" in \
        [e.text for e in run.log.events]
    assert run.pending.options == ("at the table", "results", "plot and move")


def test_reinforcements_scheduled_in_secret_and_checked_the_turn_before():
    run = B5Battle(b5_campaign(), AT, dice=lambda _seed: ScriptedDice([6, 6, 4, 4]))
    answers = ["meeting engagement", "skirmish", "both", 4, [], 5, []] + MEETING[3:]  # []: from outside the battle
    for a in answers[:5]:
        run.answer(a)
    with pytest.raises(IllegalAnswer, match="outside 4-30: not before turn 4"):
        run.answer(3)
    for a in answers[5:]:
        run.answer(a)
    assert not [e for e in run.log.for_viewer(RED) if e.data.get("key") == "b5/reinforcements/blue"
                and e.kind == "answer"]  # Blue's schedule is its secret
    for _turn in range(3):
        run.answer("at the table")
        run.answer([])
    said = [e.text for e in run.log.events if e.rule == "B5 Reinforcements" and e.kind == "ruling"]
    assert said == ["Blue's reinforcements, scheduled for turn 4 (a 10% discount), check 1: a 6, then a 6 again: they "
                    "never arrive"]
    run.answer("at the table")
    run.answer([])  # end of turn 4: Red's (turn 5) first check, a 4: delayed
    run.answer("at the table")
    run.answer([])  # end of turn 5: the second check, a 4 or less: a 4
    said = [e.text for e in run.log.events if e.rule == "B5 Reinforcements" and e.kind == "ruling"][1:]
    assert said == ["Red's reinforcements, scheduled for turn 5 (a 15% discount), check 1: delayed; rolled again at "
                    "the end of the next turn",
                    "Red's reinforcements, scheduled for turn 5 (a 15% discount), check 2: they arrive on turn 6: place "
                    "jump markers or name the board edge now"]


ARRIVED = ["4533", "4527", "4525", "4535", "4534"]
"""After :data:`JUMP`: r-c2's vortex chosen, then r-f2, r-flag, r-m2 and r-c2 jump in."""


def test_the_jumped_upon_defender_does_not_plot_its_first_turn():
    """Jump-In Scenarios: "during this turn the defending player does not need to plot the movement
    of his squadron commanders" (he "has a chance to respond as the vortices form"): in turn 1 the
    attacker plots in secret first, its plots are revealed, then the defender gives each
    squadron's move openly, still checked; from turn 2 on the defender plots first, in secret."""
    run = jumped([1, 5, 2, 4])
    for a in JUMP + ARRIVED:
        run.answer(a)
    run.answer("plot and move")
    keys = []
    for a in ("FFF FF FFF", "FFF FF FFF"):  # Red's two squadrons, in secret
        keys.append(run.pending.key)
        assert run.pending.to == RED and run.pending.data.get("secret")
        run.answer(a)
    assert keys == ["b5/1/plot/r-flag", "b5/1/plot/r-c2"]
    blue_sees = [e.text for e in run.log.for_viewer(BLUE)]
    assert "squadron rflag (Red) plotted FFF FF FFF" in blue_sees  # revealed before Blue answers
    q = run.pending
    assert q.key == "b5/1/plot/b-flag" and q.to == BLUE and not q.data.get("secret")
    assert "not plotted in advance" in q.text
    with pytest.raises(IllegalAnswer, match="at speed 3 a ship moves 1 hex"):
        run.answer("FF F F")  # still the chart's hexes and the ships' ratings
    for a in ("F F F", "F F F", "F F F", "FFF FFF FFF"):  # b4 on patrol at speed 9
        assert run.pending.to == BLUE
        run.answer(a)
    assert run.pending.key == "b5/1/morale"
    run.answer([])
    run.answer("plot and move")
    assert run.pending.key == "b5/2/plot/b-flag" and run.pending.data.get("secret")


SECONDARY = JUMP[:6] + ["r2 at 4050 F turn 2"] + JUMP[7:]
"""Red sends squadron r2 (r-c2, r-m2) to a secondary jump point at 4050, arriving on turn 2."""


def test_a_secondary_jump_point_arrives_on_its_turn():
    """Jump-In Scenarios: the attacker "may ... allocate some of his group to jump in at a secondary
    jump point", maybe "on a future turn"; they "arrive when scheduled" (no roll, no discount).
    Secret until it forms; it scatters as the flagship's (here Minbari: d6 hexes), its squadrons
    come through within 2 hexes of their command ship, the opener last."""
    run = jumped([1, 5, 1, 3])  # the flagship's vortex: direction 1, 5 hexes; the secondary's: direction 1, 3
    keys = []
    for a in SECONDARY:
        keys.append(run.pending.key)
        if keys[-1] == "b5/jump/secondary":  # one typed answer, so the questions asked tell Blue nothing
            assert run.pending.to == RED and run.pending.data.get("secret") and run.pending.default == "none"
            for wrong, why in (("rflag at 4050 F turn 2", "the flagship's squadron rflag comes through"),
                               ("r2 at 4050 F turn 31", "1 to 30, not 31"), ("r9 at 4050 F turn 2", "once each: r2"),
                               ("r2 at 9999 F turn 2", "off the board"), ("r2 4050", "such as")):
                with pytest.raises(IllegalAnswer, match=why):
                    run.answer(wrong)
        run.answer(a)
    assert keys[5:8] == ["b5/jump/aim", "b5/jump/secondary", "b5/speed/blue"]
    assert run.pending.key == "b5/arrive/r-f2"  # no vortex chosen for r2: it comes later
    run.answer("4527")
    run.answer("4525")
    assert run.pending.key == "b5/1/turn" and "r-c2" not in run.engine.at and "r-m2" not in run.engine.at
    blue_sees = " ".join(e.text + str(e.data.get("answer", "")) for e in run.log.for_viewer(BLUE)
                         if e.kind != "question")  # (the question is asked whatever the answer)
    assert "4050" not in blue_sees and "secondary" not in blue_sees
    for a in ("plot and move", "FFF FF FFF", "F F F", "F F F", "F F F", "FFF FFF FFF", []):
        run.answer(a)  # turn 1: Red's flag squadron alone plots; Blue responds
    assert run.pending.key == "b5/2/vortex/r-c2" or run.pending.key == "b5/2/arrive/r-m2"
    assert run.engine.vortices["r-c2"] == Label(40, 47)  # 3 hexes up from 4050
    assert "the secondary jump point's vortex forms at 4047: 3 hexes in direction 1 (A) from 4050" in \
        [e.text for e in run.log.for_viewer(BLUE)]
    assert run.pending.key == "b5/2/arrive/r-m2" and run.pending.to == RED
    assert run.status().stage == "turn 2 (a secondary jump point)"  # not turn 1's last pulse
    with pytest.raises(IllegalAnswer, match="within 2 hexes of its command ship at the vortex 4047, not 3"):
        run.answer({"at": "4050", "facing": "F"})
    run.answer({"at": "4049", "facing": "F"})
    before = run.events_json()
    run.undo(1)
    assert run.pending.key == "b5/2/arrive/r-m2"
    run.answer({"at": "4049", "facing": "F"})
    assert run.events_json() == before
    assert run.pending.key == "b5/2/arrive/r-c2"
    run.answer({"at": "4047", "facing": "F"})
    assert run.engine.at["r-c2"] == Label(40, 47) and run.engine.facing["r-c2"].name == "F"
    assert run.pending.key == "b5/2/turn"
