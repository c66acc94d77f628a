"""b5 energy mines (seed 003 Energy Mine Launch, Energy Mines, the Energy Mine Affected Area chart;
rules/systems/b5/emines.py): the launch question's words and data, the launch and arrival rulings
whole (kind, rule, words, unit or hex, who sees them), the arrival ruled once and every unit in the
area rolled in the same pulse, before its moves (a miss does not stop the others, nor does a salvo
done stop the next one due), each squadron of a side asked and launching on its own, a launcher
shot to x0 launching nothing, and a salvo of more than 33 launchers at the chart's last radius (6).
Written against the mutants of emines.py that survived test_emines.py and test_emines_launchers.py
(docs/ARCHITECTURE.md)."""
from __future__ import annotations

import json

from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5 import emines
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_emines import MINES, fight, flight_fight
from tests.rules.systems.b5.test_emines_launchers import launchers
from tests.rules.systems.b5.test_pulses import ruled
from tests.rules.systems.v13.helpers import AT, duel

TURN_2 = ("plot and move", "FF F FF", "- - -", "none")
"""Turn 2 played to its first pulse: Blue's plot, Red's, no second salvo."""


def lines(run, rule=emines.RULE):
    return [(e.kind, e.rule, e.text, e.data, e.visible_to) for e in run.log.events if e.rule == rule]


def test_the_launch_question_names_the_side_the_squadron_its_launchers_and_reach():
    q = fight().pending
    assert q.key == "b5/1/mines/b-flag" and q.rule == emines.RULE
    assert q.text == ("Blue: squadron bflag's energy mines (2 launcher systems, reach 30): the hex they centre on, "
                      "in secret, or none")
    assert q.data == {"unit": "b-flag", "role": "mines", "secret": True}


def test_no_hex_is_offered_once_the_launch_is_answered():
    """The launch's placement ends with its answer: the morale question that follows offers no hex
    (a placement left behind would be read as the mines' again)."""
    run = fight()
    assert run.legal()
    run.answer({"at": "3530", "facing": "A"})
    assert run.pending.key == "b5/1/morale" and run.legal() == []


def test_the_launch_and_the_arrival_are_ruled_in_public_once_before_the_rolls():
    """R-FLAG (capital, -1) rolls 6: hit; R-F2 (medium, -3) rolls 7: 4, missed."""
    run = fight([6, 9, 3, 7] + [1] * 10)
    run.answer({"at": "3530", "facing": "A"})
    assert lines(run)[-1] == ("ruling", emines.RULE, "squadron bflag (Blue) launches 4 energy mines, radius 2: they "
                              "arrive in turn 2 pulse 1 (their hex is revealed then)", {"unit": "b-flag"}, None)
    run.answer([])
    for a in TURN_2:
        run.answer(a)
    events = list(run.log.events)
    arrive = [i for i, e in enumerate(events) if "arrive centred on" in e.text]
    assert len(arrive) == 1
    e = events[arrive[0]]
    assert (e.kind, e.rule, e.text, e.data, e.visible_to) == (
        "ruling", emines.RULE, "squadron bflag's energy mines arrive centred on 3530, radius 2", {"at": "3530"}, None)
    roll = events[arrive[0] + 1]  # the first unit's die, after the arrival
    assert (roll.kind, roll.rule, roll.text) == ("roll", emines.RULE, "energy mine hit (Blue): 1d12 rolled 6")
    assert roll.data["purpose"] == "energy mine hit" and roll.data["who"] == "blue"
    assert lines(run)[-1] == ("ruling", emines.RULE, "squadron bflag's energy mines at R-F2: d12 7 -3 needs 5: missed",
                              {"unit": "r-f2"}, None)


def test_a_miss_does_not_stop_the_next_unit_rolling_in_the_same_pulse():
    """R-F2 misses (7 -3); the flight R-FL, the last in the area, still rolls before turn 2's first
    moves, not a pulse later."""
    run = flight_fight([6, 9, 3, 7, 9, 3] + [1] * 10)
    texts = [e.text for e in run.log.events]
    missed = texts.index("squadron bflag's energy mines at R-F2: d12 7 -3 needs 5: missed")
    flight = next(i for i, t in enumerate(texts) if "mines at R-FL:" in t)
    moves = next(i for i, t in enumerate(texts) if t.startswith("turn 2 pulse 1: "))
    assert missed < flight < moves


def test_a_launcher_shot_to_x0_launches_nothing():
    """B-F2's one launcher box marked (x1 -> x0): B-FLAG's 3 alone; both marked: none, no reach."""
    run = fight()
    e = run.engine
    e.hits["b-f2"] = {"w0": 1}
    assert e.data("b-f2").weapons[0].x == 0
    assert launchers(run) == [("b-flag", "Energy mine")]
    e.hits["b-flag"] = {"w0": 3}
    assert launchers(run) == [] and emines.reach(e, "b-flag") == 0


def test_more_than_33_launchers_fill_the_charts_last_radius():
    """The chart stops at 25-33 launchers: radius 6. B-FLAG's two launchers x12 and B-F2's x12 are
    36 mines, at radius 6 when launched and when they arrive."""
    run = fight()
    for uid, weapons in (("b-flag", [dict(MINES, x=12), dict(MINES, name="Energy mine 2", x=12)]),
                         ("b-f2", [dict(MINES, x=12)])):
        u = run.engine.units[uid].unit
        u.b5 = u.b5.model_validate(dict(u.b5.model_dump(), weapons=weapons))
    run.answer({"at": "3530", "facing": "A"})
    assert "squadron bflag (Blue) launches 36 energy mines, radius 6: they arrive in turn 2 pulse 1 (their hex is " \
           "revealed then)" in [e.text for e in run.log.events]
    run.answer([])
    for a in TURN_2:
        run.answer(a)
    assert "squadron bflag's energy mines arrive centred on 3530, radius 6" in [e.text for e in run.log.events]


def two_squadrons():
    """Blue's squadrons bflag (B-FLAG at 1030) and b2 (B-C2 at 1040), each one launcher x3, reach
    30; Red's R-FLAG and R-F2 at 3530 / 3531, at speed 0. At bflag's launch question of turn 1."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[MINES]),
            b5("b-c2", "b2", "capital", command=True, weapons=[MINES])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice([1] * 30))
    for a in ["meeting engagement", "skirmish", "none", 5, 0, {"at": "1030", "facing": "C"}, ruled("3530", "A"),
              ruled("3531", "A"), ruled("1040", "C"), "plot and move", "FF F FF", "FF F FF", "- - -"]:
        run.answer(a)
    assert run.pending.key == "b5/1/mines/b-flag"
    return run


def test_a_squadron_launching_none_leaves_the_next_squadron_of_its_side_to_launch():
    run = two_squadrons()
    run.answer("none")
    assert run.pending.key == "b5/1/mines/b-c2"
    run.answer({"at": "3530", "facing": "A"})
    texts = [t for _k, _r, t, _d, _v in lines(run)]
    assert "squadron b2 (Blue) launches 3 energy mines, radius 1: they arrive in turn 2 pulse 1 (their hex is " \
           "revealed then)" in texts
    assert not any(t.startswith("squadron bflag (Blue) launches") for t in texts)
    assert [m.squadron for m in run.engine.mines] == ["b2"]


def test_two_salvoes_due_in_one_pulse_both_arrive_before_its_moves():
    """Both squadrons' mines centre on 3530 (25 hexes off each: turn 2 pulse 1); every roll 1
    misses. The first salvo done, the second still arrives before the pulse's moves."""
    run = two_squadrons()
    run.answer({"at": "3530", "facing": "A"})
    run.answer({"at": "3530", "facing": "A"})
    assert [(m.squadron, m.turn, m.pulse) for m in run.engine.mines] == [("bflag", 2, 1), ("b2", 2, 1)]
    run.answer([])
    for a in ("plot and move", "FF F FF", "FF F FF", "- - -", "none", "none"):
        run.answer(a)
    texts = [e.text for e in run.log.events]
    moves = next(i for i, t in enumerate(texts) if t.startswith("turn 2 pulse 1: "))
    assert texts.index("squadron bflag's energy mines arrive centred on 3530, radius 1") < moves
    assert texts.index("squadron b2's energy mines arrive centred on 3530, radius 1") < moves
    assert texts.index("squadron b2's energy mines at R-F2: d12 1 -3 needs 5: missed") < moves
    assert not run.engine.mines


def test_a_flight_hit_does_not_stop_the_next_flight_rolling_in_the_same_pulse():
    """Red's flights R-FL and R-FL2 both begin launched at 3529, in the area: R-FL hit (9 -4, damage 3
    on armor 3: one destroyed), R-FL2 then rolls too (9, damage 3) before turn 2's first moves, and the
    salvo is done."""
    from tests.rules.systems.b5.helpers import flight

    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[MINES]),
            b5("b-f2", "bflag", weapons=[dict(MINES, x=1)])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag"),
           flight("r-fl"), flight("r-fl2")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = end_movement(type(c).model_validate(data), build_graph(type(c).model_validate(data))).campaign
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice([6, 9, 3, 7, 9, 3, 9, 3] + [1] * 10))
    for a in ["meeting engagement", "skirmish", "none", 5, 0, {"at": "1030", "facing": "C"}, "1031",
              ruled("3530", "A"), ruled("3531", "A"), "plot and move", "FF F FF", "- - -", "none",
              {"at": "3530", "facing": "A"}, "none", "none", "none", [], *TURN_2]:
        run.answer(a)
    assert run.engine.air.at["r-fl"] == run.engine.air.at["r-fl2"] and str(run.engine.air.at["r-fl"]) == "3529"
    texts = [e.text for e in run.log.events]
    moves = next(i for i, t in enumerate(texts) if t.startswith("turn 2 pulse 1: "))
    assert texts.index("squadron bflag's energy mines at R-FL: d12 9 -4 needs 5: hit, d12 damage 3 on armor 3: "
                       "1 fighter destroyed, 5 left") < moves
    assert texts.index("squadron bflag's energy mines at R-FL2: d12 9 -4 needs 5: hit, d12 damage 3 on armor 3: "
                       "1 fighter destroyed, 5 left") < moves
    assert run.engine.pulse == 1 and not run.engine.mines
    assert run.engine.fighters == {"r-fl": 5, "r-fl2": 5}
