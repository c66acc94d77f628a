"""b5 special command abilities and command styles (seed 003 Special Command Orders, Squadron
Commander Styles): bought in the campaign's unit data, checked there (25% of the command rating,
at least 1; the admiral's on the flagship only; rapid net change once and never the flagship's);
Stubborn re-rolls a failed morale roll, the second result standing; Rapid Net Change spares the
squadron the 50% after its commander's loss; Superior Strategic Planner brings reinforcements
without a roll; styles rolled on a d10 (1-2 defensive: Def +1, sensor -1; 9-10 offensive)."""
from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from rules.dice import ScriptedDice
from rules.model import io
from rules.model.b5 import B5Data
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.systems.b5 import abilities
from rules.systems.b5.battle import B5Battle
from rules.systems.b5.losses import x_rating
from tests.rules.systems.b5.helpers import b5, ship
from tests.rules.systems.b5.test_firing import CANNON, LASER, SET_UP
from tests.rules.systems.b5.test_pulses import ruled
from tests.rules.systems.v13.helpers import AT, duel


def battle(blue, red, answers, faces, b5_settings=None):
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    if b5_settings:
        data["settings"]["b5"] = b5_settings
    data["settings"].setdefault("b5", {}).setdefault("declared_fire", False)  # written for shot-by-shot fire
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in answers:
        run.answer(a)
    return run


def test_the_abilities_bought_are_checked_in_the_campaign_format():
    ship(command=True, abilities=["stubborn"])  # command rating 3: one ability
    with pytest.raises(ValidationError, match="buys at most 1 ability"):
        ship(command=True, abilities=["stubborn", "stubborn"])
    ship(command=True, command_rating=8, abilities=["stubborn", "stubborn"])  # 25% of 8: two
    with pytest.raises(ValidationError, match="belong to a command ship"):
        ship(abilities=["stubborn"])
    with pytest.raises(ValidationError, match="the fleet admiral's: only on the flagship"):
        ship(command=True, abilities=["superior strategic planner"])
    with pytest.raises(ValidationError, match="never|may not be bought for the fleet flagship"):
        ship("f", "capital", command=True, flagship=True, abilities=["rapid net change"])
    with pytest.raises(ValidationError, match="may be bought once"):
        ship(command=True, command_rating=8, abilities=["rapid net change", "rapid net change"])
    with pytest.raises(ValidationError):
        ship(command=True, abilities=["cloak"])
    assert B5Data.model_validate(ship(command=True, style="offensive").model_dump()).style == "offensive"


def stubborn_fight(faces, stubborn=True):
    """R-FLAG's cannon (12 points, location 3: structure) at B-FLAG (17 structure, 2 grey boxes:
    6 and 12): 12 lost marks both; squadron bflag (4 grey) then checks its morale."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER], structure=17,
               abilities=["stubborn"] if stubborn else []), b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]),
           b5("r-f2", "rflag")]
    run = battle(blue, red, SET_UP, faces)
    for a in ("fire", "r-flag", "Matter cannon", "b-flag"):
        run.answer(a)
    while run.pending.key.startswith("b5/1/fire"):
        run.answer("done")
    return run


def test_stubborn_rolls_a_failed_morale_roll_again_and_the_second_result_stands():
    texts = [e.text for e in stubborn_fight([10, 3, 10, 2]).log.events]
    assert "squadron bflag: morale 2 of 4, level 1 needs 11+: d12 10 +1 = 11, failed; Stubborn: rolled again, " \
           "d12 2 +1 = 3: holds" in texts, [t for t in texts if "morale" in t]
    plain = [e.text for e in stubborn_fight([10, 3, 10, 2], stubborn=False).log.events]
    assert "squadron bflag: morale 2 of 4, level 1 needs 11+: d12 10 +1 = 11: begins withdrawal operations" in plain
    assert any("squadron bflag's commander (B-FLAG): stubborn (100 points)" in t for t in texts)


def test_rapid_net_change_spares_the_squadron_the_50_percent_after_its_commanders_loss():
    """Squadron b2's command ship B-C2 is destroyed by R-FLAG's cannon; B-M2 takes command. With
    Rapid Net Change, B-M2 fires at full rating the next turn; without, at 50%."""
    def fight(rapid: bool):
        blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True),
                b5("b-c2", "b2", "capital", command=True, abilities=["rapid net change"] if rapid else []), b5("b-m2", "b2")]
        red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON])]
        run = battle(blue, red, ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "C"},
                                 ruled("3530", "F"), ruled("1232", "C"), ruled("1233", "C"), "plot and move",
                                 "FF F FF", "FF F FF", "FFF FF FFF"], [10, 3] + [1] * 20)
        for a in ("fire", "r-flag", "Matter cannon", "b-c2"):
            run.answer(a)
        while run.pending.key != "b5/2/turn":
            run.answer("done" if "/fire/" in run.pending.key else [])
        assert "B-M2 takes command of squadron b2" in [e.text for e in run.log.events]
        return run
    spared, hurt = fight(True), fight(False)
    assert x_rating(spared.engine, "b-m2", 4) == 4 and x_rating(hurt.engine, "b-m2", 4) == 2
    assert "Rapid Net Change: B-C2's squadron suffers no out-of-command penalties for its loss" in [
        e.text for e in spared.log.events]


def test_superior_strategic_planner_brings_reinforcements_without_a_roll():
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, command_rating=4,
               abilities=["superior strategic planner"]), b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag")]
    run = battle(blue, red, ["meeting engagement", "skirmish", "defender", 4, 5, 8, {"at": "1030", "facing": "C"},
                             "1031", {"at": "6030", "facing": "F"}, "6031"], [6] * 20)
    for _ in range(3):
        run.answer("at the table")
        run.answer([])
    texts = [e.text for e in run.log.events]
    assert "Blue's reinforcements arrive on turn 4 as scheduled (Superior Strategic Planner: no roll): place jump " \
           "markers or name the board edge now" in texts, [t for t in texts if "reinforce" in t]
    assert not any(e.kind == "roll" and "reinforcement" in e.text for e in run.log.events)


def test_command_styles_rolled_on_a_d10_change_def_and_sensor_in_fire():
    """d10 1: squadron bflag defensive (Def +1, sensor -1); d10 5: rflag standard. R-FLAG's laser
    then needs one more at B-FLAG than without the rule."""
    def odds(settings):
        blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER]), b5("b-f2", "bflag")]
        red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER]), b5("r-f2", "rflag")]
        run = battle(blue, red, SET_UP, [1, 5] + [1] * 10 if settings else [1] * 10, settings)
        for a in ("fire", "r-flag", "Laser"):
            run.answer(a)
        return run, run.question_odds()["B-FLAG"]
    styled, with_styles = odds({"command_styles": True})
    _, plain = odds(None)
    need = lambda t: int(t.split(" needs ")[1].split("+")[0])  # noqa: E731
    assert need(with_styles) == need(plain) + 1, (plain, with_styles)
    texts = [e.text for e in styled.log.events]
    assert "squadron bflag (Blue): d10 1: defensive" in texts and "squadron rflag (Red): d10 5: standard" in texts
    assert abilities.defence(styled.engine, "b-f2") == 1 and abilities.sensor(styled.engine, "b-flag") == -1


def planner(moves):
    """Blue's admiral is a Superior Tactical Planner: after the deployment (B-FLAG 1030, B-F2 1031),
    before turn 1, Blue moves squadrons."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, abilities=["superior tactical planner"]),
            b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag")]
    run = battle(blue, red, SET_UP[:9], [1] * 10)
    q = run.pending
    assert q.key == "b5/planner/blue" and q.to == "blue" and q.default == "none"
    run.answer(moves)
    return run


def test_superior_tactical_planner_moves_squadrons_before_the_game_keeping_formations():
    run = planner("bflag 1530")  # 5 hexes
    assert run.engine.at["b-flag"] == Label(15, 30) and run.engine.at["b-f2"] == Label(15, 31)  # formation kept
    assert "Superior Tactical Planner: squadron bflag moves to 1530, its formation kept" in [
        e.text for e in run.log.events]
    assert run.pending.key == "b5/1/turn"
    with pytest.raises(IllegalAnswer) as e:
        planner("bflag 2130")  # 11 hexes
    assert e.value.rule == abilities.RULE and "10 hexes in all, not 11" in str(e.value)
    with pytest.raises(IllegalAnswer):
        planner("rflag 6530")  # not Blue's


def test_undo_at_the_planners_question_resumes_it(monkeypatch):
    import random

    from rules.systems import start
    from rules.systems.b5.movement import pulse_moves
    from tests.rules.systems.b5.test_random_b5 import answer_for
    from tests.rules.systems.b5.helpers import b5_campaign
    from tests.rules.systems.b5.test_marking import undo_everywhere
    import json as json_

    c = b5_campaign(4, armed=True)
    data = json_.loads(io.dumps(c))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["b5"].get("flagship"):
                u["b5"]["abilities"] = ["superior tactical planner"]
    c = type(c).model_validate(data)
    c = start(c, AT).saved()
    run = start(c, AT)
    answers = []
    while run.pending is not None and len(answers) < 60:
        q = run.pending
        a = ("none" if "tactical" in q.data else "plot and move" if q.key.endswith("/turn") and run.engine.round < 2
             else "results" if q.key.endswith("/turn") else "done" if "/fire/" in q.key else None)
        if a is None:
            a = answer_for(run, q, random.Random(len(answers)))
        try:
            run.answer(a)
        except IllegalAnswer:
            a = {"gm_ruling": "edge", "answer": " ".join("F" * n or "-" for n in pulse_moves(q.data["speed"]))}
            run.answer(a)
        answers.append(a)
    keys = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert any(k.startswith("b5/planner/") for k in keys)
    undo_everywhere(c, list(run.answers), monkeypatch)  # the planner's question resumed, none replayed


def network(b2_abilities=(), flag_abilities=(), at_table=1):
    """Squadron b2 (B-C2, command rating 3; B-M2 rating 1, B-M3 and B-M4 rating 0) loses B-C2 to
    R-FLAG's matter cannon in turn 1; B-M2, the highest rating left, takes command of one ship.
    B-FLAG (rating 4) leads a squadron of its own. Then ``at_table`` turns at the table."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, command_rating=4,
               abilities=list(flag_abilities)),
            b5("b-c2", "b2", "capital", command=True, abilities=list(b2_abilities)),
            b5("b-m2", "b2", command_rating=1), b5("b-m3", "b2", command_rating=0),
            b5("b-m4", "b2", command_rating=0)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON])]
    run = battle(blue, red, ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "C"},
                             ruled("3530", "F"), ruled("1232", "C"), ruled("1233", "C"), ruled("1231", "C"),
                             ruled("1132", "C"), "plot and move", "FF F FF", "FF F FF", "FFF FF FFF"],
                 [10, 3] + [1] * 20)
    for a in ("fire", "r-flag", "Matter cannon", "b-c2"):
        run.answer(a)
    while run.pending.key != "b5/2/turn":
        run.answer("done" if "/fire/" in run.pending.key else [])
    for _ in range(at_table - 1):
        run.answer("at the table")
        run.answer([])
    return run


def test_a_new_squadron_commander_commands_only_its_command_rating_the_rest_out_of_command():
    """Squadron Commander is Destroyed: the new commander "must be a ship with the ability to
    command all the ships remaining ... If no such ship exists, then the ship that can command the
    most units ... Any extra ships will be considered out of command for the remainder of the
    game". B-M2 (rating 1) keeps B-M3; B-M4 is out of command from turn 2 on, at half its rating."""
    run = network(at_table=2)
    e = run.engine
    assert ("B-M2 takes command of squadron b2 (command rating 1): B-M4 out of command for the rest of the battle"
            in [x.text for x in run.log.events])
    assert e.forces["blue"].squadron_of("b-m4").name == "b2" and e.cut_off == {"b-m4"}  # it keeps its formation place
    assert "b-m4" in e.out_of_command and "b-m3" not in e.out_of_command
    assert x_rating(e, "b-m4", 4) == 2 and x_rating(e, "b-m3", 4) == 4  # turn 3: b2's 50% is over


def test_improved_command_network_the_excess_a_squadron_of_its_own_at_75_percent():
    """Improved Command Network: the rating 25% more, round up (3 -> 4); "should the command ship be
    destroyed and the new command ship not have the CR ability to absorb the entire squadron
    network, then any excess ships become a squadron of their own ... but will always suffer a 25%
    reduction (round up) in firepower"."""
    from rules.systems.b5.command import improved_network

    assert improved_network(3) == 4 and improved_network(4) == 5 and improved_network(1) == 2
    run = network(b2_abilities=["improved command network"], at_table=2)
    e = run.engine
    s = e.forces["blue"].squadron_of("b-m4")
    assert s is not None and s.name == "b2 (detached)" and s.command == "b-m4"
    assert "b-m4" not in e.out_of_command
    assert x_rating(e, "b-m4", 4) == 3 and x_rating(e, "b-m3", 4) == 4  # 75% (x4 -> x3), always


def test_command_reorganization_takes_a_ship_out_of_command_into_an_opening_in_range():
    """Command Reorganization: "the commander may integrate them into his command network if they are
    within command at the start of a turn and the commander has the opening in his command net".
    B-FLAG (rating 4, no other ship) takes B-M4 (2 hexes off) at turn 1's end; it fires at full
    rating in turn 3 (turn 2: the 50% of its old squadron's loss)."""
    run = network(flag_abilities=["command reorganization"], at_table=2)
    e = run.engine
    assert e.forces["blue"].squadron_of("b-m4").name == "bflag" and "b-m4" not in e.out_of_command
    assert "Command Reorganization: B-FLAG takes B-M4 into squadron bflag's command network (an opening of 4)" in [
        x.text for x in run.log.events]
    assert x_rating(e, "b-m4", 4) == 4


def test_a_planner_move_without_its_hex_is_refused_naming_what_is_missing():
    """'bflag' alone was refused as "'' is no squadron of Blue on the board": the squadron named,
    its hex missing."""
    with pytest.raises(IllegalAnswer) as e:
        planner("bflag")
    assert "'bflag' names no hex" in str(e.value) and "such as \"Claw 1234\"" in str(e.value), str(e.value)


@pytest.mark.parametrize("blank", ["", "  ", "none"])
def test_a_blank_planner_answer_is_logged_as_none(blank):
    """No move typed (the field left empty): the log said "Blue: " with nothing after it."""
    run = planner(blank)
    answers = [e.text for e in run.log.events if e.kind == "answer"]
    assert answers[-1] == "Blue: none", answers
    assert run.engine.at["b-flag"] == Label(10, 30) and run.pending.key == "b5/1/turn"  # nobody moved
