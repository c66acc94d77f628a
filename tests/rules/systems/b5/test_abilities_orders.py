"""Special Command Orders and Squadron Commander Styles as the engine applies them (seed 003;
rules/systems/b5/abilities.py): the abilities named to their side at the start (an ability played
at the table said so), a style named in the command ship's data taken without a roll, a flight (in
no squadron) never styled; Command Reorganization's opening (the commander's rating less the ships
it still commands), nearest first, a ship at exactly the command radius taken, none with no opening,
the ships moved out of their old squadron, one commander without the ability not stopping the next;
the Superior Tactical Planner's question, its 10 hexes in all (exactly 10 allowed, two squadrons'
hexes added), its refusals with their rule and words, and its use made before turn 1 (the admiral
may use another ability in turn 1); the Superior Strategic Planner's no-roll only for a side whose
admiral bought it. Written against the mutants of abilities.py that survived test_abilities.py,
test_fighter_ops.py and test_abilities_use.py (docs/ARCHITECTURE.md)."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind
from rules.systems.b5 import abilities
from rules.systems.b5.deploy import distance
from tests.rules.systems.b5.helpers import b5, flight
from tests.rules.systems.b5.test_abilities import battle
from tests.rules.systems.b5.test_firing import CANNON, LASER
from tests.rules.systems.b5.test_pulses import ruled

CR = "command reorganization"


def lines(run, rule=abilities.RULE):
    return [(e.kind, e.rule, e.text, e.data, e.visible_to) for e in run.log.events if e.rule == rule
            and e.kind != "roll"]


# -- the start: abilities named, styles ---------------------------------------------------------------

def test_the_abilities_are_named_to_their_side_those_played_at_the_table_said_so():
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, command_rating=8,
               abilities=["stubborn", "clout"]), b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag")]
    run = battle(blue, red, ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "C"}, "1031",
                             {"at": "6030", "facing": "F"}, "6031"], [1] * 10)
    assert lines(run) == [("info", abilities.RULE, "squadron bflag's commander (B-FLAG): stubborn (100 points), clout "
                           "(75 points): at the table", {"unit": "b-flag"}, ("blue", GM))]


def styled(blue_style="offensive"):
    """Command styles on: squadron bflag's style named in B-FLAG's data (``blue_style``), rflag's
    rolled (d10 10: offensive); Red's flight R-FL (no carrier) begins launched."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, style=blue_style), b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag"), flight("r-fl")]
    return battle(blue, red, ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "C"}, "1031",
                              {"at": "6030", "facing": "F"}, "6031"], [10] + [1] * 10, {"command_styles": True})


def test_a_style_named_in_the_data_is_taken_without_a_roll_the_others_rolled():
    run = styled()
    assert run.engine.styles == {"bflag": "offensive", "rflag": "offensive"}
    assert lines(run, abilities.STYLE_RULE)[-2:] == [
        ("ruling", abilities.STYLE_RULE, "squadron bflag (Blue): from its data: offensive", {"unit": "b-flag"}, None),
        ("ruling", abilities.STYLE_RULE, "squadron rflag (Red): d10 10: offensive", {"unit": "r-flag"}, None)]
    rolls = [e for e in run.log.events if e.kind == "roll" and e.rule == abilities.STYLE_RULE]
    assert [e.text for e in rolls] == ["command style of squadron rflag (Red): 1d10 rolled 10"]  # bflag's not rolled
    assert abilities.defence(run.engine, "b-f2") == -1 and abilities.sensor(run.engine, "b-f2") == 1


def test_a_flight_is_in_no_squadron_and_takes_no_style():
    """R-FL flies with offensive squadron rflag's ships; the style changes "the squadron's ships" only."""
    run = styled("defensive")
    e = run.engine
    assert e.forces["red"].squadron_of("r-fl") is None
    assert (abilities.defence(e, "r-f2"), abilities.sensor(e, "r-f2")) == (-1, 1)
    assert (abilities.defence(e, "r-fl"), abilities.sensor(e, "r-fl")) == (0, 0)
    assert (abilities.defence(e, "b-flag"), abilities.sensor(e, "b-flag")) == (1, -1)


# -- Command Reorganization --------------------------------------------------------------------------

def reorg(flag_rating=3, flag=(CR,), c3=(), b_m5="1133"):
    """Squadron bflag: B-FLAG (``flag_rating``, ``flag`` abilities) at 1030 and B-F2 at 1031. Squadron b2:
    B-C2 (rating 3) at 1232, B-M2 (rating 1) 1233, B-M3 1231, B-M4 1132, B-M5 ``b_m5`` (rating 0). With
    ``c3``: squadron b3, B-C3 (rating 3, ``c3`` abilities) at 1034. R-FLAG's matter cannon destroys B-C2
    in turn 1; at its end B-M2 takes command of one ship (B-M3), B-M4 and B-M5 out of command; then
    the commanders with Command Reorganization take them in. The battle at turn 2's question."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, command_rating=flag_rating,
               abilities=list(flag)), b5("b-f2", "bflag"),
            b5("b-c2", "b2", "capital", command=True), b5("b-m2", "b2", command_rating=1),
            b5("b-m3", "b2", command_rating=0), b5("b-m4", "b2", command_rating=0), b5("b-m5", "b2", command_rating=0)]
    if c3:
        blue.append(b5("b-c3", "b3", "capital", command=True, abilities=list(c3)))
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON])]
    run = battle(blue, red, ["meeting engagement", "skirmish", "none", 5, 8], [10, 3] + [1] * 20)
    places = {"b-flag": {"at": "1030", "facing": "C"}, "b-f2": "1031", "r-flag": ruled("3530", "F"),
              "b-c2": ruled("1232", "C"), "b-m2": ruled("1233", "C"), "b-m3": ruled("1231", "C"),
              "b-m4": ruled("1132", "C"), "b-m5": ruled(b_m5, "C"), "b-c3": ruled("1034", "C")}
    while run.pending.key.startswith("b5/place/"):
        run.answer(places[run.pending.key.split("/")[-1]])
    run.answer("plot and move")
    while run.pending.key.startswith("b5/1/plot/"):
        run.answer("FFF FF FFF" if run.pending.key.endswith("r-flag") else "FF F FF")
    for a in ("fire", "r-flag", "Matter cannon", "b-c2"):
        run.answer(a)
    while run.pending.key != "b5/2/turn":
        run.answer("done" if "/fire/" in run.pending.key else [])
    assert "B-M2 takes command of squadron b2 (command rating 1): B-M4, B-M5 out of command for the rest of the " \
           "battle" in [e.text for e in run.log.events]
    return run


def squadrons(run):
    return {s.name: (s.command, s.members) for s in run.engine.forces["blue"].squadrons}


def test_an_opening_of_two_takes_both_the_one_at_the_command_radius_too():
    """B-FLAG (rating 3) commands B-F2: an opening of 2. B-M4 is 2 hexes off, B-M5 exactly 5 (the
    command radius): both taken, nearest first, out of squadron b2, the ability used in turn 1."""
    run = reorg(b_m5="1136")
    e = run.engine
    assert e.ring("b-flag") == 5
    assert (distance(e.at["b-flag"], e.at["b-m4"]), distance(e.at["b-flag"], e.at["b-m5"])) == (2, 5)
    assert lines(run)[-1] == ("ruling", abilities.RULE, "Command Reorganization: B-FLAG takes B-M4, B-M5 into squadron "
                              "bflag's command network (an opening of 2)", {"unit": "b-flag"}, None)
    assert squadrons(run) == {"bflag": ("b-flag", ("b-f2", "b-m4", "b-m5")), "b2": ("b-m2", ("b-m3",))}
    assert not {"b-m4", "b-m5"} & (e.cut_off | e.out_of_command)
    assert e.used == {"b-flag": [(1, CR)]}


def test_an_opening_of_one_takes_the_nearest_and_none_no_ship():
    run = reorg(flag_rating=2, b_m5="1136")  # rating 2 less B-F2: one
    assert lines(run)[-1][2] == ("Command Reorganization: B-FLAG takes B-M4 into squadron bflag's command network "
                                 "(an opening of 1)")
    assert squadrons(run) == {"bflag": ("b-flag", ("b-f2", "b-m4")), "b2": ("b-m2", ("b-m3", "b-m5"))}
    assert run.engine.out_of_command >= {"b-m5"}
    run = reorg(flag_rating=1)  # rating 1, B-F2 commanded: no opening
    assert not any("Command Reorganization" in t for _k, _r, t, _d, _v in lines(run))
    assert squadrons(run) == {"bflag": ("b-flag", ("b-f2",)), "b2": ("b-m2", ("b-m3", "b-m4", "b-m5"))}
    assert run.engine.used.get("b-flag", []) == []  # not used: nothing to take


def test_a_commander_with_nothing_to_take_or_without_the_ability_leaves_the_next_to_reorganize():
    """Squadron b3's B-C3 (rating 3, alone; at turn 1's end 4 hexes from B-M5, 5 from B-M4) has the
    ability; bflag's commander, listed first, has no opening (rating 1) or no ability: b3 takes both,
    the nearest first."""
    for flag in ((CR,), ()):
        run = reorg(flag_rating=1, flag=flag, c3=(CR,))
        assert [s.name for s in run.engine.forces["blue"].squadrons][0] == "bflag"
        assert squadrons(run)["b3"] == ("b-c3", ("b-m5", "b-m4")), flag
        assert squadrons(run)["bflag"] == ("b-flag", ("b-f2",)) and squadrons(run)["b2"] == ("b-m2", ("b-m3",))


def test_a_commander_off_the_board_takes_no_one():
    """B-FLAG's commander has the ability and an opening but is not on the board (yet to arrive):
    B-M4 and B-M5 stay out of command."""
    run = reorg(flag=())
    e = run.engine
    u = e.units["b-flag"].unit
    u.b5 = u.b5.model_copy(update={"abilities": [CR]})
    del e.at["b-flag"]
    abilities.reorganize(e)
    assert squadrons(run)["bflag"] == ("b-flag", ("b-f2",)) and e.out_of_command >= {"b-m4", "b-m5"}


# -- the Superior Tactical Planner ------------------------------------------------------------------

def planner(flag_at="1030", members=("1031",), c2=False, flag=("superior tactical planner",), rating=3):
    """Blue's admiral (B-FLAG at ``flag_at``, B-F2 (B-F3 ...) at ``members``; with ``c2`` squadron b2's
    B-C2 at 1040) has ``flag``; the battle at the planner's question."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, abilities=list(flag), command_rating=rating)]
    blue += [b5(f"b-f{i}", "bflag") for i in range(2, len(members) + 2)]
    blue += [b5("b-c2", "b2", "capital", command=True)] if c2 else []
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag")]
    run = battle(blue, red, ["meeting engagement", "skirmish", "none", 5, 8, {"at": flag_at, "facing": "C"}, *members,
                             {"at": "6030", "facing": "F"}, "6031"] + ([ruled("1040", "C")] if c2 else []), [1] * 10)
    assert run.pending.key == "b5/planner/blue"
    return run


def refused(run, answer):
    with pytest.raises(IllegalAnswer) as e:
        run.answer(answer)
    return e.value.rule, e.value.message


def test_the_planners_question_and_its_move_ruled_in_public():
    run = planner()
    q = run.pending
    assert (q.kind, q.to, q.rule, q.data, q.default) == (QKind.LABEL, "blue", abilities.RULE, {"tactical": "blue"},
                                                         "none")
    assert q.text == ("Blue: Superior Tactical Planner: move squadrons before the game begins (10 hexes in all; "
                      "formations kept): SQUADRON HEX, separated by ';' (none: no move)")
    run.answer("; bflag 1530")  # an empty part first: skipped, the move still made
    assert run.engine.at["b-flag"] == Label(15, 30)
    assert lines(run)[-1] == ("ruling", abilities.RULE, "Superior Tactical Planner: squadron bflag moves to 1530, its "
                              "formation kept", {"unit": "b-flag", "at": "1530"}, None)


def test_the_planners_use_is_before_the_game_the_admiral_may_use_another_in_turn_1():
    run = planner(flag=("superior tactical planner", "stubborn"), rating=8)
    run.answer("none")
    e = run.engine
    assert e.round == 1 and e.used["b-flag"] == [(0, "superior tactical planner")]
    assert abilities.use(e, "b-flag", "stubborn") is True


def test_ten_hexes_in_all_exactly_ten_allowed_two_squadrons_added():
    run = planner(c2=True)
    assert refused(run, "bflag 1630; b2 1540") == (abilities.RULE, "the squadrons may be moved 10 hexes in all, "
                                                                   "not 11")  # 6 + 5
    run.answer("bflag 1530; b2 1540")  # 5 + 5
    assert (run.engine.at["b-flag"], run.engine.at["b-c2"]) == (Label(15, 30), Label(15, 40))


def test_the_planners_refusals_name_the_rule_and_what_is_wrong():
    run = planner()
    assert refused(run, 5) == (abilities.RULE, "squadrons and hexes such as \"Claw 1234; Fang 1240\", not 5")
    assert refused(run, "bflag") == (abilities.RULE, "'bflag' names no hex: a squadron and its command ship's new "
                                                     "hex, such as \"Claw 1234\"")
    assert refused(run, "nosuch 1130") == (abilities.RULE, "'nosuch' is no squadron of Blue on the board (or named "
                                                           "twice)")
    assert refused(run, "bflag 1130; bflag 1230") == (abilities.RULE, "'bflag' is no squadron of Blue on the board "
                                                                      "(or named twice)")
    rule, words = refused(run, "bflag 10x30")
    assert rule == abilities.RULE and "10x30" in words
    assert run.pending.key == "b5/planner/blue" and run.engine.at["b-flag"] == Label(10, 30)


def test_a_move_that_takes_ships_off_the_board_is_refused_naming_them():
    """B-FLAG at 1057, B-F2 and B-F3 below it at 1058 and 1059 (the board's rows end at 60): bflag to
    1058 would put B-F3 at 1060, to 1059 B-F3 at 1061, to 1060 B-F2 at 1061 too."""
    run = planner("1057", ("1058", "1059"))
    assert refused(run, "bflag 1059") == (abilities.RULE, "B-F3 would leave the board")
    assert refused(run, "bflag 1060") == (abilities.RULE, "B-F2, B-F3 would leave the board")
    run.answer("bflag 1058")
    assert [run.engine.at[x] for x in ("b-flag", "b-f2", "b-f3")] == [Label(10, 58), Label(10, 59), Label(10, 60)]


# -- the Superior Strategic Planner -------------------------------------------------------------------

def test_the_strategic_planner_is_only_the_side_whose_admiral_bought_it():
    run = planner(flag=("superior tactical planner", "superior strategic planner"), rating=8)
    e = run.engine
    assert abilities.planner(e, "blue") is True and abilities.planner(e, "red") is False
    assert abilities.planner(e, "nobody") is False
